-- volley.sandbox: escape and denial-of-service attempts by a mod, each failing cleanly on
-- this VM (DESIGN.md principles 8 and 9; docs/modding.md). Every attempt runs as the mod
-- mods/evil.lua inside an engine-owned state, in a transaction on a state store, with its
-- hooks fired under `ask`; then a benign mod must still work, and the store must be exactly
-- as it was before the attempt.
local host = require("support.sandbox_host").new("sandbox_harness", 2000000)

local INSTR_MSG, MEM_MSG = host.INSTR_MSG,
  require("support.sandbox_host").MEM_MSG
local new_state, call = host.new_state, host.call

-- The outcome every refused attempt shares; returns the error object.
local function refused(st, code, point)
  local r = call(st, "attempt", code)
  assert.is_false(r.ok, "the attempt succeeded")
  assert.are.equal("mods/evil.lua", r.err.source)
  assert.are.equal(point or "load", r.err.point)
  assert.is_truthy(r.err.file and r.err.file:find("^mods/evil%.lua"), r.err.file)
  assert.is_number(r.err.line)
  assert.are.same(r.before, r.after)              -- the transaction restored the store
  assert.are.same({ 7, "OK", "rolled" }, r.benign) -- and the next mod works
  assert.is_false(r.armed)
  return r.err
end

local function hook(point, body, kind)
  return ("volley.on(%q, function(ctx, arg) %s end, {kind = %q})"):format(point, body,
    kind or "observe")
end

describe("volley.sandbox: escape attempts", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  describe("libraries a script does not get", function()
    local absent = {
      { "string.dump", "return string.dump(function() end)", "'string.dump'" },
      { "io", "return io.open('/etc/passwd')", "'io'" },
      { "os", "return os.execute('true')", "'os'" },
      { "debug", "debug.sethook()", "'debug'" },
      { "package.loadlib", "return package.loadlib('libc.so.6', 'system')", "'package'" },
      { "require", "return require('os')", "'require'" },
      { "dofile", "return dofile('/etc/passwd')", "'dofile'" },
      { "loadfile", "return loadfile('/etc/passwd')", "'loadfile'" },
      { "loadstring", "return loadstring('return 1')()", "'loadstring'" },
      { "getfenv", "return getfenv(1)", "'getfenv'" },
      { "setfenv", "return setfenv(1, {})", "'setfenv'" },
      { "newproxy (a finalizer on a userdata)", "local u = newproxy(true)", "'newproxy'" },
      { "math.random", "return math.random(6)", "'math.random'" },
      { "jit.on", "jit.on()", "'jit'" },
      { "print", "print('hello')", "'print'" },
    }
    for _, case in ipairs(absent) do
      it("refuses " .. case[1] .. ", naming it", function()
        local err = refused(st, case[2])
        assert.are.equal(case[3] .. " is not available to scripts", err.msg)
      end)
    end

    it("refuses ('').dump through the string metatable", function()
      local err = refused(st, "local f = (''):dump(); return f")
      assert.matches("attempt to call", err.msg)
      assert.matches("dump", err.msg)
    end)

    it("names a global that is not there", function()
      local err = refused(st, "return volly.set('x', 1)")
      assert.are.equal("undefined global 'volly'", err.msg)
    end)

    it("keeps the environment's guard on", function()
      local err = refused(st, "setmetatable(_G, nil)")
      assert.are.equal("cannot change a protected metatable", err.msg)
    end)

    it("refuses collectgarbage, whose counts differ between runs and VMs (issue 32)", function()
      local err = refused(st, "return collectgarbage('count')")
      assert.are.equal("'collectgarbage' is not available to scripts", err.msg)
    end)
  end)

  describe("the string metatable", function()
    it("cannot be written through getmetatable('')", function()
      local err = refused(st, "getmetatable('').__index = {upper = function() return 'pwned' end}")
      assert.matches("attempt to index a boolean value", err.msg)
    end)

    it("cannot be reached with rawset", function()
      local err = refused(st, "rawset(getmetatable(''), '__index', {})")
      assert.matches("bad argument #1 to 'rawset' %(table expected, got boolean%)", err.msg)
    end)

    it("cannot be replaced with setmetatable", function()
      local err = refused(st, "setmetatable('', {})")
      assert.matches("bad argument #1 to 'setmetatable' %(table expected, got string%)", err.msg)
    end)
  end)

  describe("pattern functions that backtrack in C", function()
    local bombs = {
      { "a method call s:find(p)", "return ('a'):rep(40):find(('a*'):rep(40) .. 'b')" },
      { "string.find", "return string.find(('a'):rep(40), ('a*'):rep(40) .. 'b')" },
      { "s:match(p)", "return ('a'):rep(40):match(('a*'):rep(40) .. 'b')" },
      { "s:gmatch(p)", "for _ in ('a'):rep(40):gmatch(('a*'):rep(40) .. 'b') do end" },
      { "s:gsub(p)", "return ('a'):rep(40):gsub(('a-'):rep(40) .. 'b', 'x')" },
      { "a pcall loop around a pattern bomb",
        "local s, p = ('a'):rep(40), ('a*'):rep(40) .. 'b' "
        .. "while true do pcall(string.find, s, p) end" },
      { "a quadratic %b()", "return ('('):rep(200000):find('%b()')" },
      { "a quadratic plain find",
        "local s = ('a'):rep(200000) return s:find(('a'):rep(100000) .. 'b', 1, true)" },
    }
    for _, case in ipairs(bombs) do
      it("stops " .. case[1] .. " at the instruction budget", function()
        local err = refused(st, case[2])
        assert.are.equal(INSTR_MSG, err.msg)
        assert.are.equal("instructions", err.budget)
      end)
    end
  end)

  describe("metatables", function()
    it("strips __gc, so a finalizer never runs script code with hooks off", function()
      local err = refused(st, "local t = setmetatable({}, {__gc = function() while true do end end}) "
        .. "assert(getmetatable(t).__gc == nil, 'kept') t = nil error('stripped', 0)")
      assert.are.equal("stripped", err.msg)
      assert.is_number(st:gc())                  -- a full collection returns
    end)

    it("protects the runtime's objects from setmetatable", function()
      local err = refused(st, "setmetatable(volley.list, {})")
      assert.are.equal("cannot change a protected metatable", err.msg)
    end)

    it("hides the runtime's metatables from getmetatable", function()
      local err = refused(st, "getmetatable(volley.list).add = function() end")
      assert.matches("attempt to index a boolean value", err.msg)
    end)

    it("hides a userdata's metatable", function()
      local err = refused(st, "getmetatable(volley.vars).__index = nil")
      assert.matches("attempt to index a string value", err.msg) -- its __metatable field
    end)
  end)

  describe("coroutines", function()
    it("refuses a bare yield in a hook that would forge an ask", function()
      local err = refused(st, hook("turn.start",
        "coroutine.yield('volley.ask', 'US', {kind = 'yes-no', options = {true}})"), "turn.start")
      assert.are.equal("attempt to yield from outside a coroutine the script created", err.msg)
    end)

    it("refuses a bare yield at the top level", function()
      local err = refused(st, "coroutine.yield()")
      assert.are.equal("attempt to yield from outside a coroutine the script created", err.msg)
    end)

    it("refuses an ask made inside a coroutine the script created", function()
      local err = refused(st, hook("turn.start", "coroutine.wrap(function() "
        .. "volley.ask('US', {kind = 'yes-no', prompt = '?', options = {true}, rule = '[x]'}) "
        .. "end)()"), "turn.start")
      assert.matches("cannot ask from inside a coroutine a script created", err.msg)
    end)

    it("caps recursive coroutine.wrap", function()
      local err = refused(st, "local function f() return coroutine.wrap(f)() end f()")
      assert.are.equal("coroutines nested too deeply (limit 64)", err.msg)
    end)

    it("caps recursive coroutine.resume", function()
      local err = refused(st, "local function f() local ok, e = coroutine.resume(coroutine.create(f)) "
        .. "if not ok then error(e, 0) end end f()")
      assert.are.equal("coroutines nested too deeply (limit 64)", err.msg)
    end)

    it("does not hand out the runner's coroutine to resume", function()
      local err = refused(st, hook("turn.start", "coroutine.resume(coroutine.running())"),
        "turn.start")
      assert.matches("bad argument #1 to 'resume' %(coroutine expected%)", err.msg)
    end)

    it("counts the instructions of a script's own coroutine", function()
      local err = refused(st, "coroutine.wrap(function() while true do end end)()")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("keeps the budget spent when a coroutine's error is caught by resume", function()
      local err = refused(st, "while true do "
        .. "coroutine.resume(coroutine.create(function() while true do end end)) end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)
  end)

  describe("instruction budget", function()
    it("stops an endless loop", function()
      local err = refused(st, "while true do end")
      assert.are.equal(INSTR_MSG, err.msg)
      assert.are.equal(1, err.line)
    end)

    it("keeps raising when pcall catches it", function()
      local err = refused(st, "while true do pcall(function() while true do end end) end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("keeps raising when an xpcall handler loops", function()
      local err = refused(st, "xpcall(function() error('x') end, function() while true do end end) "
        .. "while true do end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("runs every chunk load returns with the JIT off and under the budget", function()
      local err = refused(st, "local f = load('local n = 0 for i = 1, 1e12 do n = n + i end')\nf()")
      assert.are.equal(INSTR_MSG, err.msg)
      assert.are.equal("mods/evil.lua (load)", err.file)
    end)

    it("stops a hook that loops, naming the hook", function()
      local err = refused(st, hook("turn.start", "while true do end"), "turn.start")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("stops a replace handler that loops", function()
      local err = refused(st, hook("activation.roll", "while true do end", "replace"),
        "activation.roll")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("never runs a __close: to-be-closed variables are refused at load (issue 32)", function()
      local err = refused(st, "do local x <close> = setmetatable({}, "
        .. "{__close = function() while true do end end}) end")
      assert.are.equal("an attribute of a local ('<const>', '<close>') is Lua 5.4 only "
        .. "(scripts run on Lua 5.4 and on LuaJIT alike)", err.msg)
    end)

    it("charges the text of every load, so parsing in a loop is paid for", function()
      local err = refused(st, "local s = ('local x = 1\\n'):rep(10000) "
        .. "for _ = 1, 1e6 do load(s) end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("charges table.sort its comparisons, so sorting in a loop is paid for", function()
      local err = refused(st, "local t = {} for i = 1, 100000 do t[i] = i end "
        .. "while true do table.sort(t) end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("charges table.insert and table.remove the elements they shift", function()
      local err = refused(st, "local t = {} for i = 1, 200000 do t[i] = i end "
        .. "while true do table.insert(t, 1, 0) table.remove(t, 1) end")
      assert.are.equal(INSTR_MSG, err.msg)
    end)

    it("stops a __tostring that loops when tostring calls it", function()
      local err = refused(st, "return tostring(setmetatable({}, "
        .. "{__tostring = function() while true do end end}))")
      assert.are.equal(INSTR_MSG, err.msg)
    end)
  end)

  describe("recursion", function()
    it("stops deep Lua recursion", function()
      local err = refused(st, "local function f(n) return f(n + 1) + 1 end return f(1)")
      assert.is_truthy(err.msg:find("stack overflow") or err.budget == "memory", err.msg)
    end)

    it("stops recursion through __index", function()
      local err = refused(st, "local t t = setmetatable({}, {__index = function(s, k) "
        .. "return s[k] end}) return t.x")
      assert.is_truthy(err.msg:find("stack overflow") or err.budget, err.msg)
    end)

    it("stops recursion through table.sort's comparator", function()
      local err = refused(st, "local function f() table.sort({3, 2, 1}, function(a, b) f() "
        .. "return a < b end) end f()")
      assert.is_truthy(err.msg:find("stack overflow") or err.budget, err.msg)
    end)

    it("caps gsub callbacks calling gsub", function()
      local err = refused(st, "local function f() return (('a'):gsub('a', f)) end return f()")
      assert.matches("string.gsub: replacement functions nested too deeply %(limit 64%)", err.msg)
    end)

    it("refuses deeply nested syntax in a loaded chunk", function()
      local err = refused(st, "local f, e = load(('('):rep(10000) .. '1' .. (')'):rep(10000)) "
        .. "error(e, 0)")
      assert.is_truthy(err.msg:find("too many") or err.msg:find("C stack overflow"), err.msg)
    end)
  end)

  describe("memory budget", function()
    it("refuses a huge string.rep, naming the script", function()
      local err = refused(st, "local s = string.rep('x', 1e9)")
      assert.are.equal(MEM_MSG, err.msg)
      assert.are.equal("memory", err.budget)
      assert.are.equal(1, err.line)
    end)

    it("returns an empty string.rep at once (Lua 5.4's loops n times)", function()
      local err = refused(st, "local s = (''):rep(1e15) error('returned ' .. #s, 0)")
      assert.are.equal("returned 0", err.msg)
    end)

    it("refuses a huge table.concat", function()
      local err = refused(st, "local s = ('x'):rep(1e6) local t = {} "
        .. "for i = 1, 100 do t[i] = s end return #table.concat(t)")
      assert.are.equal(MEM_MSG, err.msg)
    end)

    it("refuses a string doubled until it no longer fits", function()
      local err = refused(st, "local s = 'x' while true do s = s .. s end")
      assert.are.equal(MEM_MSG, err.msg)
    end)

    it("refuses a table that grows without end", function()
      local err = refused(st, "local t = {} for i = 1, 1e9 do t[i] = {} end")
      assert.are.equal(MEM_MSG, err.msg)
    end)

    it("keeps refusing when pcall catches the memory error", function()
      local err = refused(st, "while true do pcall(string.rep, 'x', 1e9) end")
      assert.are.equal(MEM_MSG, err.msg)
    end)

    it("refuses a memory hog inside a modify hook, naming the hook", function()
      local err = refused(st, hook("fire.drm", "local t = {} for i = 1, 1e9 do t[i] = i end",
        "modify"), "fire.drm")
      assert.are.equal(MEM_MSG, err.msg)
    end)
  end)

  describe("loading", function()
    it("refuses binary chunks", function()
      local err = refused(st, "local f, e = load('\\27LuaT\\0') error(e, 0)")
      assert.are.equal("binary chunks are not allowed", err.msg)
    end)

    it("refuses mode 'b'", function()
      local err = refused(st, "load('return 1', 'x', 'b')")
      assert.are.equal('load: mode must be "t" (binary chunks are not allowed)', err.msg)
    end)

    it("refuses a reader function", function()
      local err = refused(st, "load(function() return nil end)")
      assert.are.equal("load: only text chunks (strings) can be loaded", err.msg)
    end)

    it("does not let a script choose a chunk name", function()
      local err = refused(st, "load('error(\"x\")', '@scripts/volley/hooks.lua')()")
      assert.are.equal("mods/evil.lua (load)", err.file)
      assert.are.equal("x", err.msg)
    end)
  end)

  describe("errors", function()
    it("does not let a script forge an error object", function()
      local err = refused(st, "error({msg = 'forged', source = 'system', point = 'turn.start', "
        .. "file = 'other.lua', line = 1})")
      assert.are.equal("(error object is a table value)", err.msg)
    end)

    it("refuses too many results", function()
      local err = refused(st, "return select('#', (table.unpack or unpack)({}, 1, 1e8))")
      assert.matches("too many results", err.msg)
    end)
  end)
end)

describe("volley.sandbox: budgets", function()
  local st
  after_each(function() st:close() end)

  it("stops a comparison of long strings with the time guard", function()
    st = new_state{ time = 300, call_mem = 64 * 1024 * 1024 }
    local err = refused(st, "local a = ('x'):rep(1e6) local b = ('x'):rep(1e6 - 1) .. 'y' "
      .. "while true do local _ = a < b end")
    assert.are.equal("time guard exceeded (300 ms)", err.msg)
    assert.are.equal("time", err.budget)
  end)

  it("gives each call its own budget", function()
    st = new_state()
    local code = "local n = 0 for i = 1, 600000 do n = n + i end return n"
    for _ = 1, 3 do
      assert.are.same({ true, true, 180000300000 }, { st:call("sandbox_harness", "run", code) })
    end
  end)

  it("counts a script function that trusted code calls without a guard", function()
    st = new_state()
    local r = call(st, "unguarded", "return function() while true do end end")
    assert.are.same({ false, INSTR_MSG }, r)
  end)

  it("counts a call's instructions to within one hook step", function()
    st = new_state()
    local last = call(st, "run_last", "local n = 0 for i = 1, 100000 do n = n + i end")
    assert.is_true(last.instr >= 199000 and last.instr <= 202000, tostring(last.instr))
  end)
end)

describe("volley.sandbox: mods apart", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  it("keeps each mod's globals and libraries its own", function()
    local r = call(st, "two_mods",
      "x = 41 function check() return x + 1, ('a'):upper(), string.upper('b'), volley.n, volley.t.x end",
      "x = nil string.upper = nil _G.check = nil volley.n = nil volley.t.x = nil "
      .. "getmetatable = nil table = nil")
    assert.is_true(r.b_ok)
    assert.are.same({ 42, "A", "B", 1, 1 }, { r.a[1], r.a[2], r.a[3], r.a[4], r.a[5] })
  end)

  it("credits a modifier to the mod that added it (the positive control)", function()
    local r = call(st, "attempt", hook("fire.drm",
      "arg.source = 'system' arg:add(1, 'house rule', '[mod 1]')", "modify"),
      "mods/plus_one.lua")
    assert.is_true(r.ok)
    assert.are.same({ { value = 1, label = "house rule", rule = "[mod 1]",
                        source = "mods/plus_one.lua" } }, r.result.mods)
  end)
end)

describe("volley.sandbox: what scripts can still do", function()
  local st
  setup(function() st = new_state() end)
  teardown(function() st:close() end)

  local function run(code)
    return { st:call("sandbox_harness", "run", code) }
  end

  it("runs their own coroutines", function()
    assert.are.same({ true, true, { 1, 2, 3 }, "dead", false, "cannot resume dead coroutine",
                      true, false },
      run("local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) "
        .. "local out = {gen(), gen(), gen()} "
        .. "local co = coroutine.create(function() return coroutine.running() ~= nil, "
        .. "coroutine.isyieldable() end) "
        .. "local _, inside, yieldable = coroutine.resume(co) "
        .. "local ok, msg = coroutine.resume(co) "
        .. "return out, coroutine.status(co), ok, msg, inside and yieldable, "
        .. "coroutine.running() ~= nil"))
  end)

  it("loads text into their own environment, or into one they give", function()
    assert.are.same({ true, true, 5, 3, 2 },
      run("x = 5 local a = load('return x')() local b = load('return y', 'n', 't', {y = 3})() "
        .. "local f = load('return 1 + 1') return a, b, f()"))
  end)

  it("have a chunk their load returned run under a budget of its own later", function()
    local ok, done, err = st:call("sandbox_harness", "call_later",
      "return load('while true do end')")
    assert.is_true(ok)
    assert.is_false(done)
    assert.are.same({ msg = INSTR_MSG, budget = "instructions", file = "mods/later.lua (load)",
                      line = 1, point = "load", source = "mods/later.lua" }, err)
  end)

  it("set metatables on their own tables and read them back", function()
    assert.are.same({ true, true, 9, true, "locked" },
      run("local mt = {__index = function() return 9 end} local t = setmetatable({}, mt) "
        .. "local u = setmetatable({}, {__metatable = 'locked'}) "
        .. "return t.z, getmetatable(t) == mt, getmetatable(u)"))
  end)

  it("catch their own errors with pcall and xpcall", function()
    assert.are.same({ true, true, false, "x", false, "handled boom" },
      run("local a, b = pcall(error, 'x', 0) "
        .. "local c, d = xpcall(function() error('boom', 0) end, function(e) return 'handled ' .. e end) "
        .. "return a, b, c, d"))
  end)

  it("sort, insert and remove", function()
    assert.are.same({ true, true, "0 1 2", 3 },
      run("local t = {3, 1, 2} table.sort(t, function(a, b) return a < b end) "
        .. "table.insert(t, 1, 0) table.remove(t) return table.concat(t, ' '), #t"))
  end)

  it("use the string, table and math functions they are given", function()
    assert.are.same({ true, true, "A-B-C", 3, 2, "x=1", 4 },
      run("return table.concat({('a'):upper(), string.upper('b'), ('c'):upper()}, '-'), "
        .. "select('#', table.unpack({1, 2, 3})), math.max(1, 2), ('%s=%d'):format('x', 1), "
        .. "math.floor(math.sqrt(16))"))
  end)
end)
