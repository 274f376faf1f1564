-- What a script can reach that would differ between two processes or between Lua 5.4 and
-- LuaJIT, made one or refused (issue 32; docs/modding.md "Determinism"), and a failure one
-- script's pcall would swallow (docs/runtime.md "A failure cannot be caught and carried on").
-- Every expected value below is the same on both VMs: this spec runs under each, so passing
-- on both is the cross-VM check.
local core = require "volley.core"
local unpack = require("volley.compat").unpack

local INSTR = 200000
local INSTR_MSG = "instruction budget exceeded (200000 instructions)"
local ALIKE = " (scripts run on Lua 5.4 and on LuaJIT alike)"

local function new_state()
  return core.new_state{ instr = INSTR, call_mem = 8 * 1024 * 1024, time = 20000,
                         modules = { "tests/spec/support" } }
end

local function call(st, fn, ...)
  local r = { st:call("det_harness", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return unpack(r, 2)
end

-- Runs code as mods/evil.lua; returns its globals (as text) once it passed.
local function passed(st, code, names)
  local r = call(st, "run", code, names)
  assert(r.ok, r.err)
  assert.is_false(r.armed)
  return r.globals
end

local function refused(st, code, msg)
  local r = call(st, "run", code)
  assert.is_false(r.ok, "the attempt succeeded")
  assert.are.equal(msg, r.err)
  assert.is_false(r.armed)
end

describe("scripts' pairs and next", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  local MIXED = "local t = {'a1', 'a2', 'a3', zulu = 1, alpha = 2, Bravo = 3, ['a b'] = 4, "
    .. "[10] = 5, [-3] = 6, [0] = 7, [2.5] = 8, [1/0] = 9, [-1/0] = 10, [true] = 11, "
    .. "[false] = 12, ['10'] = 13, [''] = 14} "

  local ORDER = "-inf -3 0 1 2 2.5 3 10 inf  10 Bravo a b alpha zulu false true"

  it("visit numbers by value, then strings bytewise, then false and true", function()
    local g = passed(st, MIXED .. "local o = {} for k in pairs(t) do o[#o + 1] = tostring(k) end "
      .. "order = table.concat(o, ' ')", { "order" })
    assert.are.equal(ORDER, g.order)
  end)

  it("give next the same order, one key after another", function()
    local g = passed(st, MIXED .. "local o = {} local k = next(t) while k ~= nil do "
      .. "o[#o + 1] = tostring(k) k = next(t, k) end order = table.concat(o, ' ') "
      .. "empty = tostring(next({}))", { "order", "empty" })
    assert.are.same({ order = ORDER, empty = "nil" }, g)
  end)

  it("give the same order in every state (each seeds its string hashes on Lua 5.4)", function()
    local code = "local t = {} for i = 1, 200 do t['k' .. (i * 7919 % 1000)] = i end "
      .. "local o = {} for k in pairs(t) do o[#o + 1] = k end return table.concat(o, ',')"
    local first = call(st, "value", code)
    for _ = 1, 4 do
      local other = new_state()
      assert.are.equal(first, call(other, "value", code))
      other:close()
    end
    assert.are.equal("k109,k112,k115", first:sub(1, 14))   -- bytewise
  end)

  it("pass over a key cleared during the loop and not visit one added", function()
    local g = passed(st, "local t = {a = 1, b = 2, c = 3} local o = {} for k, v in pairs(t) do "
      .. "if k == 'a' then t.b = nil t.d = 4 end o[#o + 1] = k .. v end "
      .. "seen = table.concat(o, ' ')", { "seen" })
    assert.are.equal("a1 c3", g.seen)
  end)

  it("ignore __pairs on both VMs (Lua 5.4 would call it)", function()
    local g = passed(st, "local t = setmetatable({x = 1}, {__pairs = function() "
      .. "return function() end end}) local n = 0 for _ in pairs(t) do n = n + 1 end "
      .. "count = tostring(n)", { "count" })
    assert.are.equal("1", g.count)
  end)

  it("refuse a key nothing but its address orders", function()
    local msg = "mods/evil.lua:1: pairs: a key is a table: scripts' pairs visits numbers, "
      .. "strings and booleans in order, and nothing orders a table but its address, which "
      .. "differs from run to run (keep such keys in a list) (load, mods/evil.lua)"
    refused(st, "local t = {[{}] = 1} for k in pairs(t) do end", msg)
    refused(st, "local t = {[next] = 1} local k = next(t)", (msg:gsub("pairs", "next")
      :gsub("a table", "a function")))
  end)

  it("charge the sort of its snapshot, so pairs in a loop is paid for", function()
    refused(st, "local t = {} for i = 1, 20000 do t['k' .. i] = i end "
      .. "while true do for _ in pairs(t) do end end", "mods/evil.lua:1: " .. INSTR_MSG
      .. " (load, mods/evil.lua)")
  end)

  it("walk ipairs raw on both VMs (Lua 5.4's would call __index)", function()
    local g = passed(st, "local t = setmetatable({'a'}, {__index = function(_, i) "
      .. "if i < 5 then return 'z' end end}) local o = '' for _, v in ipairs(t) do o = o .. v end "
      .. "seen = o", { "seen" })
    assert.are.equal("a", g.seen)
  end)
end)

describe("scripts' table.sort", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("is stable: equal elements keep their order", function()
    local g = passed(st, "local t = {} for i = 1, 300 do t[i] = {k = i % 4, id = i} end "
      .. "table.sort(t, function(a, b) return a.k < b.k end) local ok = true "
      .. "for i = 2, 300 do local a, b = t[i - 1], t[i] "
      .. "if a.k > b.k or (a.k == b.k and a.id > b.id) then ok = false end end "
      .. "stable = tostring(ok) first = t[1].id .. ' ' .. t[76].id .. ' ' .. t[300].id",
      { "stable", "first" })
    assert.are.same({ stable = "true", first = "4 1 299" }, g)
  end)

  it("gives one order for a comparison function that is no order, on both VMs", function()
    local g = passed(st, "local t = {} for i = 1, 40 do t[i] = i end "
      .. "table.sort(t, function(a, b) return (a * 7) % 5 < (b * 3) % 4 end) "
      .. "order = table.concat(t, ' ') local u = {5, 1, 4, 2, 3} "
      .. "table.sort(u, function() return true end) always = table.concat(u, ' ')",
      { "order", "always" })
    assert.are.same({ order = "20 3 18 1 2 4 6 5 7 8 10 11 9 12 15 16 13 14 17 19 23 21 22 24 "
      .. "26 25 27 28 30 31 29 32 40 35 36 38 33 34 37 39", always = "3 2 4 1 5" }, g)
  end)

  it("takes n - 1 comparisons when the table is in order already", function()
    local g = passed(st, "local t = {} for i = 1, 1000 do t[i] = i end local n = 0 "
      .. "table.sort(t, function(a, b) n = n + 1 return a < b end) count = tostring(n)",
      { "count" })
    assert.are.equal("999", g.count)
  end)
end)

describe("the length the sandbox's table functions take", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("is one border on both VMs, whatever the layout (#t may differ)", function()
    -- borders by doubling from 1, then halving: {1, nil, 3} has 1 (Lua 5.4's # says 3),
    -- {'a', 'b', nil, 'd'} 4, {'p', 'q', 'r', nil x 4, 's'} 3 (Lua 5.4's # says 8)
    local g = passed(st, "local t = {1, nil, 3} table.insert(t, 'x') "
      .. "local u = {} u[1] = 'a' u[2] = 'b' u[4] = 'd' table.insert(u, 'e') "
      .. "local v = {'p', 'q', 'r', nil, nil, nil, nil, 's'} "
      .. "seen = tostring(t[2]) .. ' ' .. tostring(u[3]) .. u[5] .. ' ' .. table.concat(v) "
      .. ".. ' ' .. select('#', table.unpack(v))", { "seen" })
    assert.are.equal("x nile pqr 3", g.seen)
  end)
end)

describe("the text of values", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("writes numbers alike on both VMs (10/2 is 5, never 5.0)", function()
    local g = passed(st, "local o = {} for _, x in ipairs({10/2, 7, 2^53, 2^63, 1e15, 1/3, -0.0, "
      .. "0/0, -(0/0), 1/0, -1/0, 0.1, -2.5e-7, 123456.789}) do o[#o + 1] = tostring(x) end "
      .. "text = table.concat(o, ' ')", { "text" })
    assert.are.equal("5 7 9007199254740992 9.2233720368548e+18 1000000000000000 "
      .. "0.33333333333333 0 nan nan inf -inf 0.1 -2.5e-07 123456.789", g.text)
  end)

  it("writes a table, a function or a coroutine by its type, never an address", function()
    local g = passed(st, "text = tostring({}) .. ' ' .. tostring(tostring) .. ' ' .. "
      .. "tostring(coroutine.create(function() end)) .. ' ' .. "
      .. "tostring(setmetatable({}, {__name = 'X'})) .. ' ' .. "
      .. "tostring(setmetatable({}, {__tostring = function() return 'mine' end})) .. ' ' .. "
      .. "string.format('%s', {})", { "text" })
    assert.are.equal("table function thread table mine table", g.text)
  end)

  it("formats alike on both VMs: %s of numbers, %d of whole floats, %q, NaN", function()
    local g = passed(st, "text = string.format('%s|%d|%5.1f|%x|%q|%q|%q|%q|%g|%-4s|%c', "
      .. "10/2, 3.0, 1/3, 255, 'a\\n\"\\0001', 7.0, 0.5, 1/0, 0/0, 'ab', 65)", { "text" })
    assert.are.equal('5|3|  0.3|ff|"a\\\n\\"\\0001"|7|0x1p-1|1e9999|nan|ab  |A', g.text)
  end)

  it("refuses what would differ: a non-integral %d, %p", function()
    refused(st, "local s = string.format('%d', 3.5)", "mods/evil.lua:1: bad argument #2 to "
      .. "'format' (number has no integer representation) (load, mods/evil.lua)")
    refused(st, "local s = string.format('%p', {})",
      "mods/evil.lua:1: invalid conversion '%p' to 'format' (load, mods/evil.lua)")
  end)
end)

describe("numbers scripts read and give", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("tonumber reads as Lua 5.4 does on both VMs", function()
    local g = passed(st, "local o = {} for _, x in ipairs({tonumber('inf') or 'nil', "
      .. "tonumber('nan') or 'nil', tonumber('1.5', 10) or 'nil', tonumber('ff', 16), "
      .. "tonumber(' 0x10 '), tonumber('1e2'), tonumber('9007199254740993'), "
      .. "tonumber('0x7fffffffffffffff'), tonumber('z', 36)}) do o[#o + 1] = tostring(x) end "
      .. "text = table.concat(o, ' ')", { "text" })
    assert.are.equal("nil nil nil 255 16 100 9007199254740992 9.2233720368548e+18 35", g.text)
  end)

  it("positions must be whole numbers on both VMs (LuaJIT would truncate)", function()
    for _, c in ipairs({ { "('hello'):sub(1, 2.5)", "#2 to 'sub'" },
                         { "('hello'):byte(1.5)", "#1 to 'byte'" },
                         { "('ab'):rep(2.5)", "#1 to 'rep'" },
                         { "select(1.5, 'a')", "#1 to 'select'" },
                         { "table.insert({}, 1.5, 'x')", "#2 to 'insert'" } }) do
      refused(st, "local v = " .. c[1], "mods/evil.lua:1: bad argument " .. c[2]
        .. " (number has no integer representation) (load, mods/evil.lua)")
    end
  end)

  it("floor and ceil never give -0, fmod refuses a zero divisor", function()
    local g = passed(st, "text = tostring(1 / math.floor(-0.0)) .. ' ' .. "
      .. "tostring(1 / math.ceil(-0.5)) .. ' ' .. tostring(1 / math.fmod(-6, 2)) .. ' ' .. "
      .. "tostring(select(2, pcall(math.fmod, 1, 0)))", { "text" })
    assert.are.equal("inf inf inf bad argument #2 to '?' (zero)", g.text)
  end)

  it("has no collectgarbage and no _VERSION to tell runs or VMs apart", function()
    refused(st, "local n = collectgarbage('count')",
      "mods/evil.lua:1: 'collectgarbage' is not available to scripts (load, mods/evil.lua)")
    refused(st, "local v = _VERSION",
      "mods/evil.lua:1: '_VERSION' is not available to scripts (load, mods/evil.lua)")
  end)
end)

describe("scripts' text is checked before it is parsed", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  local function load_refused(code, line, msg)
    refused(st, code, "mods/evil.lua:" .. line .. ": " .. msg .. ALIKE .. " (load, mods/evil.lua)")
  end

  it("refuses what only Lua 5.4 reads, with its line", function()
    load_refused("local a = 7\nreturn a // 2", 2,
      "'//' (floor division) is Lua 5.4 only: write math.floor(a / b)")
    for op, word in pairs({ ["&"] = "'&'", ["|"] = "'|'", ["~"] = "'~'", ["<<"] = "'<<'",
                            [">>"] = "'>>'" }) do
      load_refused("\n\nreturn 1 " .. op .. " 2", 3, "the bitwise operator " .. word
        .. " is Lua 5.4 only")
    end
    load_refused("return ~1", 1, "the bitwise operator '~' is Lua 5.4 only")
    for _, attr in ipairs({ "const", "close" }) do
      load_refused("local a, b <" .. attr .. "> = 1, 2", 1,
        "an attribute of a local ('<const>', '<close>') is Lua 5.4 only")
    end
  end)

  it("refuses what only LuaJIT reads", function()
    load_refused("return 1LL", 1, "malformed number near '1LL'")
    load_refused("return 0x10ULL", 1, "malformed number near '0x10ULL'")
    load_refused("local caf\195\169 = 1", 1,
      "a byte beyond ASCII in a name (LuaJIT takes it, Lua 5.4 does not)")
  end)

  it("refuses an integer beyond 2^53, which LuaJIT cannot hold", function()
    load_refused("return 9007199254740993", 1,
      "integer 9007199254740993 is beyond 2^53, which LuaJIT cannot hold exactly")
    load_refused("return 0x20000000000001", 1,
      "integer 0x20000000000001 is beyond 2^53, which LuaJIT cannot hold exactly")
  end)

  it("reads past strings, comments and what both VMs take", function()
    local g = passed(st, "local a = 'x // y & z' --[==[ a // b ]==] -- c << d\n"
      .. "local b = [[ ~ | ]] .. \"\\z\n  >>\" local c = 9007199254740992 - 0x1p4 + .5 "
      .. "if a ~= b and 1 < 2 and 2 > 1 then text = a .. b .. tostring(c) end", { "text" })
    assert.are.equal("x // y & z ~ | >>9007199254740976", g.text)   -- (.5 lost past 2^52)
  end)

  it("checks the text a script loads itself", function()
    local g = passed(st, "local f, e = load('return 1 // 2') text = tostring(f) .. ' ' .. e",
      { "text" })
    assert.are.equal("nil mods/evil.lua (load):1: '//' (floor division) is Lua 5.4 only: "
      .. "write math.floor(a / b)" .. ALIKE, g.text)
  end)
end)

describe("a failure one script's pcall would swallow", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  local function steps(scripts)
    return call(st, "steps", scripts, 2)
  end

  local RAISES = "volley.on('turn.start', function() error('boom') end)"

  it("fails the replace handler that ran its default under pcall", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('sequence.step', function(ctx, "
                        .. "default) caught = tostring(pcall(default, ctx)) after = 'went on' "
                        .. "return 'replaced' end, {kind = 'replace'})" },
                      { path = "mods/b.lua", code = RAISES } })
    for turn = 1, 2 do
      assert.are.equal("failed mods/b.lua:1: boom (turn.start, mods/b.lua)", r.turns[turn])
    end
    assert.are.same({}, r.globals["mods/a.lua"])         -- never went on after its pcall
    assert.are.equal("", r.log)
    assert.is_false(r.armed)
  end)

  it("fails a handler that caught another script's failure inside a procedure", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('turn.start', function() "
                        .. "caught = select(2, pcall(volley.proc, 'x')) after = 'went on' end)" },
                      { path = "mods/b.lua", code = "volley.on('unit.hit', function() "
                        .. "error({code = 1}) end)" } })
    assert.are.equal("failed mods/b.lua:1: (error object is a table value) (unit.hit, "
      .. "mods/b.lua)", r.turns[1])
    assert.are.same({}, r.globals["mods/a.lua"])
    assert.are.equal("", r.log)
  end)

  it("fails it when the procedure itself breaks, naming the script that called it", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('turn.start', function() "
                        .. "caught = select(2, pcall(volley.proc, 'bug')) after = 'went on' end)" } })
    assert.are.equal("failed systems/x.lua:7: the procedure broke (turn.start, mods/a.lua)",
      r.turns[1])
    assert.are.same({}, r.globals["mods/a.lua"])
  end)

  it("lets a script catch a refused argument and go on", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('turn.start', function() "
                        .. "local ok, e = pcall(volley.proc, 42) caught = e "
                        .. "after = volley.proc('y') end)" } })
    assert.are.equal("ok default ran", r.turns[1])
    assert.are.same({ caught = "proc: x must be a string", after = "done y" },
      r.globals["mods/a.lua"])
    assert.are.equal("proc y; step done; proc y; step done", r.log)
  end)

  it("reports the first failure, whatever the handler raised after it", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('sequence.step', function(ctx, "
                        .. "default) pcall(default, ctx) error('second') end, {kind = 'replace'})" },
                      { path = "mods/b.lua", code = RAISES } })
    assert.are.equal("failed mods/b.lua:1: boom (turn.start, mods/b.lua)", r.turns[1])
  end)

  it("stops the handler through coroutine.resume and xpcall too", function()
    for _, catch in ipairs({ "coroutine.resume(coroutine.create(default), ctx)",
                             "xpcall(default, function(e) caught = e return e end, ctx)" }) do
      local r = steps({ { path = "mods/a.lua", code = "volley.on('sequence.step', "
                          .. "function(ctx, default) " .. catch .. " after = 'went on' end, "
                          .. "{kind = 'replace'})" },
                        { path = "mods/b.lua", code = RAISES } })
      assert.are.equal("failed mods/b.lua:1: boom (turn.start, mods/b.lua)", r.turns[1])
      assert.is_nil(r.globals["mods/a.lua"].after)
    end
  end)

  it("leaves a script's own errors catchable", function()
    local r = steps({ { path = "mods/a.lua", code = "volley.on('turn.start', function() "
                        .. "local ok, e = pcall(error, 'mine', 0) caught = e after = 'went on' end)" } })
    assert.are.equal("ok default ran", r.turns[1])
    assert.are.same({ caught = "mine", after = "went on" }, r.globals["mods/a.lua"])
  end)

  it("gives an error object a text, never an address", function()
    assert.are.same({ tostring = "mods/b.lua:3: boom (unit.eliminated, mods/b.lua)",
                      format = "mods/b.lua:3: boom (unit.eliminated, mods/b.lua)",
                      bare = "bare" }, call(st, "error_text"))
  end)
end)
