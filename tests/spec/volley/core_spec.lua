-- volley.core: the module loads on this VM, and engine-owned states keep their budgets.
local core = require "volley.core"

describe("volley.core", function()
  it("is a table naming volley's version and its Lua", function()
    assert.are.equal("table", type(core))
    assert.is_truthy(core.version:match("^%d+%.%d+%.%d+$"))
    if rawget(_G, "jit") then
      assert.is_truthy(core.lua:match("^LuaJIT 2%.1"))
    else
      assert.is_truthy(core.lua:match("^Lua 5%.4"))
    end
  end)

  it("finds the runtime's scripts on the data path", function()
    local path = core.find("scripts/volley/init.lua")
    assert.is_truthy(path and path:match("/scripts/volley/init%.lua$"))
    local missing, msg = core.find("scripts/no-such-file.lua")
    assert.is_nil(missing)
    assert.are.equal("scripts/no-such-file.lua not found on the data path", msg)
  end)

  it("puts $VOLLEY_PATH first on the data path", function()
    local roots = core.data_path()
    assert.is_true(#roots >= 1)
    local env = os.getenv("VOLLEY_PATH")
    if env and env ~= "" then
      assert.are.equal(env:match("^[^:]+"):gsub("/+$", ""), roots[1])
    end
  end)
end)

describe("volley.core.new_state", function()
  it("runs a chunk and returns its first result", function()
    local st = core.new_state{mem = 4 * 1024 * 1024, instr = 1000000}
    assert.are.same({true, 42}, {st:run("return 6 * 7")})
    assert.are.same({true, "abc"}, {st:run("return ('cba'):reverse()")})
    st:close()
  end)

  it("stops an endless loop at the instruction budget", function()
    local st = core.new_state{instr = 100000}
    local ok, msg = st:run("while true do end")
    assert.is_false(ok)
    assert.are.equal("instruction budget exceeded (100000 instructions)", msg)
  end)

  it("keeps raising when a script catches the budget error with pcall", function()
    local st = core.new_state{instr = 100000}
    local ok, msg = st:run("while true do pcall(function() while true do end end) end")
    assert.is_false(ok)
    assert.are.equal("instruction budget exceeded (100000 instructions)", msg)
  end)

  it("refuses memory past the budget and stays usable", function()
    local st = core.new_state{mem = 2 * 1024 * 1024}
    local ok, msg = st:run("local t = {} for i = 1, 1e7 do t[i] = ('x'):rep(64) .. i end")
    assert.is_false(ok)
    assert.are.equal("memory budget exceeded (2097152 bytes)", msg)
    assert.are.same({true, 3}, {st:run("return 1 + 2")})
    local used, peak = st:memory()
    assert.is_true(used <= 2 * 1024 * 1024 and peak <= 2 * 1024 * 1024)
  end)

  it("offers only the allow-listed globals", function()
    local st = core.new_state()
    assert.are.same({true, "nil nil nil nil nil nil"},
      {st:run("return tostring(rawget(_G, 'io')) .. ' ' .. tostring(rawget(_G, 'os')) .. ' '"
        .. " .. tostring(rawget(_G, 'require')) .. ' ' .. tostring(rawget(_G, 'load')) .. ' '"
        .. " .. tostring(rawget(string, 'dump')) .. ' ' .. tostring(rawget(math, 'random'))")})
    assert.are.same({false, "(run):1: 'io' is not available to scripts"}, {st:run("return io")})
    assert.are.same({true, false}, {st:run("return getmetatable('')")})
    assert.are.same({true, "nil"}, {st:run("return tostring(('').dump)")})
  end)

  it("refuses table.insert past the end on both VMs (LuaJIT would stay in C for seconds)",
    function()
      local st = core.new_state{ instr = 1000000 }
      assert.are.same({ false, "(run):1: bad argument #2 to 'insert' (position out of bounds)" },
        { st:run("for i = 1, 100 do table.insert({}, 2 ^ 34, 1) end") })
      assert.are.same({ true, 4 }, { st:run("local t = {1, 2} table.insert(t, 3, 9) "
        .. "table.insert(t, 1, 0) return #t") })
    end)

  it("refuses binary chunks", function()
    local st = core.new_state()
    assert.are.same({false, "binary chunks are not allowed"}, {st:run("\27Lua")})
  end)

  it("skips a leading UTF-8 byte-order mark on both VMs", function()
    local st = core.new_state()
    assert.are.same({true, 3}, {st:run("\239\187\191return 1 + 2")})
    assert.are.same({false, "binary chunks are not allowed"}, {st:run("\239\187\191\27Lua")})
  end)

  it("rejects unknown options by name", function()
    assert.has_error(function() core.new_state{memory = 10} end,
      "bad option 'memory' to 'new_state' (known: mem, instr, call_mem, time, modules, cpath)")
  end)

  it("raises on use after close", function()
    local st = core.new_state()
    st:close()
    assert.has_error(function() st:run("return 1") end)
    st:close() -- closing twice is harmless
  end)
end)
