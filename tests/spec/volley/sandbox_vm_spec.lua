-- volley.sandbox at the edges of the VM (issue 31, findings 3-6 and 14; docs/modding.md
-- "Limits"): yields from a handler into a script's coroutine that an outer handler resumed,
-- table functions a script's metatables would steer, comparisons and conversions of long
-- strings inside C, message handlers run after a budget error, and garbage on LuaJIT. Every
-- attempt runs under small per-call limits, so a regression fails at a budget instead of
-- hanging.
local host = require("support.sandbox_host").new("sandbox_vm_harness", 200000)

local INSTR, INSTR_MSG, MEM_MSG = host.INSTR, host.INSTR_MSG,
  require("support.sandbox_host").MEM_MSG
local new_state, call = host.new_state, host.call

-- Runs code as mods/evil.lua (one call); returns the outcome and the named globals it set.
local function run(st, code, names)
  return call(st, "run_globals", code, names)
end

local function refused(st, code, msg, names)
  local r = run(st, code, names)
  assert.is_false(r.ok, "the attempt succeeded")
  assert.are.equal(msg, r.err.msg)
  assert.is_false(r.armed)
  return r
end

local function passed(st, code, names)
  local r = run(st, code, names)
  assert(r.ok, r.err and (tostring(r.err.file) .. ":" .. tostring(r.err.line) .. ": "
    .. tostring(r.err.msg)))
  assert.is_false(r.armed)
  return r
end

-- A loop of 60% of a call's instructions: two of them in one call would pass its budget.
local BENIGN = math.floor(INSTR * 0.6 / 4)

describe("volley.sandbox: a yield from a handler never leaves its call", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  local YIELDING = "volley.on('turn.start', function() yieldable = coroutine.isyieldable() "
    .. "coroutine.yield('parked') seen = 'resumed after the yield' end)"

  local function outer(run_default)
    return "volley.on('sequence.step', function(ctx, default) " .. run_default
      .. " return 'replaced' end, {kind = 'replace'})"
  end

  local CREATE = "local co = coroutine.create(function() return default(ctx) end) "
    .. "local ok, r = coroutine.resume(co) "
    .. "resumed = tostring(ok) .. ' ' .. (type(r) == 'table' and r.msg or tostring(r)) "
    .. "status = coroutine.status(co)"

  local REFUSAL = "attempt to yield out of a handler into a coroutine resumed outside it"

  -- The refusal is the nested handler's error: its call failed, so the outer handler's call
  -- fails too, whatever it catches (issue 32: a nested failure is sticky), naming the handler.
  local function check(r, path)
    assert.is_false(r.armed)                       -- no call left open
    assert.are.equal("ok", r.benign)               -- and the next script has its whole budget
    for turn = 1, 2 do
      assert.are.same({ ok = false, result = path .. ":1: " .. REFUSAL .. " (turn.start, "
        .. path .. ")", status = "dead" }, r.turns[turn])
    end
    assert.is_nil(r.globals[path].seen)            -- the handler never went on
  end

  it("refuses the yield of finding 3: the same script's turn.start handler", function()
    local r = call(st, "steps", { { path = "mods/evil.lua", code = outer(CREATE) .. YIELDING } },
      BENIGN)
    check(r, "mods/evil.lua")
    assert.are.same({ yieldable = "false" }, r.globals["mods/evil.lua"])   -- (never resumed =)
  end)

  it("refuses it when the handler is another script's", function()
    local r = call(st, "steps", { { path = "mods/a.lua", code = outer(CREATE) },
                                  { path = "mods/b.lua", code = YIELDING } }, BENIGN)
    check(r, "mods/b.lua")
    assert.are.same({}, r.globals["mods/a.lua"])
    assert.are.same({ yieldable = "false" }, r.globals["mods/b.lua"])
  end)

  it("refuses it through coroutine.wrap", function()
    local r = call(st, "steps", { { path = "mods/evil.lua", code = outer(
      "local ok, e = pcall(coroutine.wrap(function() return default(ctx) end)) "
      .. "resumed = tostring(ok) .. ' ' .. (type(e) == 'table' and e.msg or tostring(e)) "
      .. "status = 'dead'") .. YIELDING } }, BENIGN)
    check(r, "mods/evil.lua")
    assert.is_nil(r.globals["mods/evil.lua"].resumed)
  end)

  it("leaves nothing parked for a later call to resume", function()
    local r = call(st, "steps", { { path = "mods/evil.lua", code = "local parked " .. outer(
      "if parked then local ok, e = coroutine.resume(parked) later = tostring(ok) .. ' ' .. "
      .. "tostring(e) else parked = coroutine.create(function() return default(ctx) end) "
      .. "coroutine.resume(parked) end status = coroutine.status(parked)") .. YIELDING } },
      BENIGN)
    assert.is_false(r.armed)
    assert.are.equal("ok", r.benign)
    assert.are.same({ later = "false cannot resume dead coroutine", status = "dead",
                      yieldable = "false" }, r.globals["mods/evil.lua"])
  end)

  it("still lets a handler yield inside a coroutine it resumed itself", function()
    local r = call(st, "steps", { { path = "mods/evil.lua", code = outer("do return default(ctx) end")
      .. "volley.on('turn.start', function() local co = coroutine.wrap(function() "
      .. "coroutine.yield(coroutine.isyieldable()) end) yieldable = co() end)" } }, BENIGN)
    assert.is_false(r.armed)
    assert.are.equal("ok", r.benign)
    assert.are.same({ ok = true, result = "default ran", status = "dead" }, r.turns[1])
    assert.are.same({ yieldable = "true" }, r.globals["mods/evil.lua"])
  end)

  it("runs another script's coroutine under the budget of the call that resumes it", function()
    local r = call(st, "steps", {
      { path = "mods/a.lua", code = "volley.on('turn.start', function() volley.shared.co = "
        .. "coroutine.create(function() while true do end end) end)" },
      { path = "mods/b.lua", code = "volley.on('fire.drm', function() "
        .. "coroutine.resume(volley.shared.co) end, {kind = 'modify'})" } }, BENIGN)
    assert.is_false(r.armed)
    assert.are.equal("ok", r.benign)
    assert.is_false(r.turns[1].ok)                 -- (placed in a's code or b's, by VM)
    assert.matches("^mods/[ab]%.lua:1: instruction budget exceeded %(200000 instructions%) "
      .. "%(fire%.drm, mods/b%.lua%)$", r.turns[1].result)
  end)

  it("does not let trusted code resume a script's coroutine outside its call", function()
    local r = call(st, "trusted_resume", "return coroutine.create(function() while true do end end)")
    assert.is_false(r.ok)
    assert.are.equal("suspended", r.status)
    assert.matches("^bad argument #1 to '.-' %(a coroutine a script created%)$", r.msg)
  end)
end)

describe("volley.sandbox: the table functions of scripts", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("never call __len, __index or __newindex (raw, as LuaJIT's)", function()
    local r = passed(st, "calls = 0 "
      .. "local t = setmetatable({}, {__len = function() calls = calls + 1 return 2^20 end, "
      .. "__index = function() calls = calls + 1 end, "
      .. "__newindex = function(t, k, v) calls = calls + 1 rawset(t, k, v) end}) "
      .. "table.insert(t, 'a') table.insert(t, 1, 'b') table.insert(t, 'c') "
      .. "table.sort(t) all = table.concat(t, ',') .. ' ' .. select('#', table.unpack(t)) "
      .. "table.remove(t, 1) table.remove(t) all = all .. ' ' .. table.concat(t, ',')",
      { "calls", "all" })
    assert.are.same({ calls = "0", all = "a,b,c 3 b" }, r.globals)
  end)

  it("ignore a huge __len with C functions as __index and __newindex (finding 5)", function()
    local r = passed(st, "local t = setmetatable({}, {__len = function() return 2^20 end, "
      .. "__index = rawget, __newindex = rawequal}) "
      .. "table.insert(t, 1, 'x') first = rawget(t, 1) table.insert(t, 2, 'y') "
      .. "removed = table.remove(t, 1) table.sort(t) left = table.concat(t)",
      { "first", "removed", "left" })
    assert.are.same({ first = "x", removed = "x", left = "y" }, r.globals)
  end)

  it("ignore a __len of 2^63 - 1", function()
    local r = passed(st, "local t = setmetatable({}, {__len = function() "
      .. "return 0x7fffffff * 0x100000000 + 0xffffffff end, "   -- (2^63 - 1 on Lua 5.4)
      .. "__index = rawget, __newindex = rawequal}) "
      .. "table.insert(t, 1, 'x') table.sort(t) first = rawget(t, 1)", { "first" })
    assert.are.same({ first = "x" }, r.globals)
  end)

  it("read what the table holds, not what __len and __index say", function()
    local r = passed(st, "local t = setmetatable({'a', 'b', 'c', 'd', 'e'}, "
      .. "{__len = function() return 3 end, __index = function() return 'z' end}) "
      .. "all = table.concat(t) .. select('#', table.unpack(t))", { "all" })
    assert.are.same({ all = "abcde5" }, r.globals)
  end)

  it("take positions and ranges at the integer limits without overflow", function()
    local r = passed(st, "local ok, e = pcall(table.unpack, {}, -2^63, 2^53) "
      .. "unpacked = e local ok2, e2 = pcall(table.concat, {}, '', -2^63, 2^53) "
      .. "concat = e2:match('invalid value %(at index %-%d+%) in table for .concat.') and 'refused' "
      .. "local ok3, e3 = pcall(table.insert, {}, -2^63, 1) inserted = e3:match('position out of bounds') "
      .. "local ok4, e4 = pcall(table.remove, {}, 2^53) removed = e4:match('position out of bounds')",
      { "unpacked", "concat", "inserted", "removed" })
    assert.are.same({ unpacked = "too many results to unpack", concat = "refused",
                      inserted = "position out of bounds", removed = "position out of bounds" },
      r.globals)
  end)

  it("charge every element they shift", function()
    refused(st, "local t = {} for i = 1, 20000 do t[i] = i end "
      .. "for _ = 1, 100 do table.insert(t, 1, 0) table.remove(t, 1) end", INSTR_MSG)
  end)

  it("sort in the same order on both VMs, ties kept in order (stable)", function()
    local r = passed(st, "local t = {} for i = 1, 12 do t[i] = {k = i % 3, id = i} end "
      .. "table.sort(t, function(a, b) return a.k < b.k end) "
      .. "local ids = {} for i, x in ipairs(t) do ids[i] = x.id end order = table.concat(ids, ' ')",
      { "order" })
    assert.are.same({ order = "3 6 9 12 1 4 7 10 2 5 8 11" }, r.globals)
  end)
end)

describe("volley.sandbox: long strings compared or converted in C", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  -- (400 elements: LuaJIT's own sort takes n^2 comparisons of two values many times over)
  local TWO = "local a = ('x'):rep(2^15) local b = a:sub(2) .. 'y' "
    .. "local t = {} for i = 1, 400 do t[i] = i % 2 == 0 and a or b end "

  it("charges table.sort's default comparison of two strings by their length (finding 4)",
    function()
      refused(st, TWO .. "table.sort(t)", INSTR_MSG)
    end)

  it("charges a comparison function by the strings it is handed", function()
    refused(st, TWO .. "table.sort(t, function(x, y) return x < y end)", INSTR_MSG)
  end)

  it("charges a C function used as the comparison", function()
    refused(st, "local s = ('0'):rep(2^15) .. '1' local t = {} for i = 1, 1000 do t[i] = s end "
      .. "table.sort(t, math.max)", INSTR_MSG)
  end)

  it("sorts references to one long string without reading it", function()
    passed(st, "local s = ('x'):rep(2^16) local t = {} for i = 1, 2000 do t[i] = s end "
      .. "table.sort(t)")
  end)

  local NUMERIC = "local s = ('0'):rep(2^16) .. '%s' local t = {} for i = 1, 2000 do t[i] = s end "
  local converting = {
    { "math.max", NUMERIC:format("1") .. "return math.max(table.unpack(t))" },
    { "math.min", NUMERIC:format("1") .. "return math.min(table.unpack(t))" },
    { "string.char", NUMERIC:format("65") .. "return string.char(table.unpack(t))" },
    { "string.format", NUMERIC:format("1") .. "return string.format(('%d'):rep(#t), table.unpack(t))" },
  }
  for _, case in ipairs(converting) do
    it("charges " .. case[1] .. " by the length of the strings it converts", function()
      refused(st, case[2], INSTR_MSG)
    end)
  end

  it("keeps the names in the errors of the functions it charges", function()
    local r = passed(st, "local _, a = pcall(function() local v = string.format('%d', 'x') end) "
      .. "local _, b = pcall(function() local v = math.max() end) "
      .. "local _, c = pcall(function() local v = string.char(256) end) "
      .. "errs = a .. ' | ' .. b .. ' | ' .. c", { "errs" })
    assert.matches("bad argument #2 to 'format'", r.globals.errs)
    assert.matches("bad argument #1 to 'max'", r.globals.errs)
    assert.matches("bad argument #1 to 'char'", r.globals.errs)
  end)
end)

describe("volley.sandbox: handlers after a budget error", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("stops an xpcall message handler that loops (finding 6)", function()
    local r = refused(st, "xpcall(function() while true do end end, function(e) "
      .. "for i = 1, 1e6 do end done = true return e end)", INSTR_MSG, { "done" })
    assert.are.same({}, r.globals)
  end)

  it("stops a message handler run through pcall(xpcall, ...)", function()
    local r = refused(st, "pcall(xpcall, function() while true do end end, function() "
      .. "for i = 1, 1e6 do end done = true end)", INSTR_MSG, { "done" })
    assert.are.same({}, r.globals)
  end)

  it("stops a message handler that catches its own budget error with pcall", function()
    local r = refused(st, "xpcall(function() while true do end end, function(e) "
      .. "pcall(function() for i = 1, 1e6 do end end) done = true end)", INSTR_MSG, { "done" })
    assert.are.same({}, r.globals)
  end)

  it("refuses what a message handler allocates after a memory error", function()
    local r = refused(st, "xpcall(function() local s = ('x'):rep(2^23) end, "
      .. "function(e) local u = {} for i = 1, 1e5 do u[i] = {} end done = true end)", MEM_MSG,
      { "done" })
    assert.are.same({}, r.globals)
  end)

  it("runs the message handler with the same error value", function()
    local r = passed(st, "local ok, v = xpcall(function() error({code = 7}) end, "
      .. "function(e) return e.code * 6 end) got = tostring(ok) .. ' ' .. v "
      .. "local _, w = xpcall(error, function(e) return 'handled ' .. e end, 'x', 0) "
      .. "got = got .. ' ' .. w", { "got" })
    assert.are.same({ got = "false 42 handled x" }, r.globals)
  end)

  it("never gets to a __close: to-be-closed variables are refused at load (issue 32)", function()
    local r = call(st, "run_globals", "do local x <close> = setmetatable({}, {__close = "
      .. "function() pcall(function() for i = 1, 1e6 do end end) done = true end}) "
      .. "while true do end end", { "done" })
    assert.is_false(r.ok)
    assert.are.equal("mods/evil.lua:1: an attribute of a local ('<const>', '<close>') is Lua "
      .. "5.4 only (scripts run on Lua 5.4 and on LuaJIT alike) (load, mods/evil.lua)", r.err)
  end)
end)

describe("volley.sandbox: the memory of a call is what it keeps", function()
  local st                                       -- (allocation costs instructions: room for it)
  before_each(function() st = new_state{ instr = 10000000 } end)
  after_each(function() st:close() end)

  it("does not count forty temporary 1 MiB strings against a 4 MiB call", function()
    passed(st, "local big = ('x'):rep(2^20) for i = 1, 40 do local s = big .. i end")
  end)

  it("does not count twenty temporary strings from string.rep", function()
    passed(st, "for i = 1, 20 do local s = ('x'):rep(2^20) .. i end")
  end)

  it("keeps 2 MiB alive while garbage churns", function()
    local r = passed(st, "local big = ('x'):rep(2^20) keep = big .. 0 "
      .. "for i = 1, 30 do local s = big .. i end n = #keep", { "n" })
    assert.are.same({ n = tostring(2^20 + 1):gsub("%.0$", "") }, r.globals)
  end)

  it("refuses what the call keeps past its budget", function()
    refused(st, "local big = ('x'):rep(2^20) local t = {} for i = 1, 8 do t[i] = big .. i end",
      MEM_MSG)
  end)
end)
