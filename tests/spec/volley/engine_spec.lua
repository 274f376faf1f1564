-- Engine-owned states from the host's side (docs/build.md "Engine-owned Lua states"): the
-- privileged require, calls and their plain-data crossing, and tasks a host drives with
-- spawn/resume through `ask` -- with a call's budget kept across the ask.
local core = require "volley.core"

local PLAIN = "(only nil, booleans, integers, strings and tables of those cross between Lua "
  .. "states)"

local function new_state(extra)
  local opts = { modules = { "tests/spec/support" } }
  for k, v in pairs(extra or {}) do opts[k] = v end
  return core.new_state(opts)
end

-- A mod that asks in turn.start and adds a modifier to fire rolls if the answer was yes.
local function asking_mod(before, after)
  return "volley.on('turn.start', function() " .. (before or "")
    .. " local yes = volley.ask('US', {kind = 'yes-no', prompt = 'Add one?', "
    .. "options = {true, false}, rule = '[mod 1]'}) " .. (after or "")
    .. " if yes then volley.set('added', 1) end end) "
    .. "volley.on('fire.drm', function(ctx, mods) if volley.get('added') then "
    .. "mods:add(1, 'added', '[mod 1]') end end, {kind = 'modify'})"
end

-- (default: the runtime's, the first legal answer when the request names none)
local REQUEST = { kind = "yes-no", prompt = "Add one?", rule = "[mod 1]", options = { true, false },
                  default = true }

describe("an engine-owned state", function()
  local st
  before_each(function() st = new_state() end)
  after_each(function() st:close() end)

  describe("the privileged require", function()
    it("loads the runtime from scripts/ of the data path", function()
      assert.are.same({ true }, { st:require("volley") })
      assert.are.same({ true }, { st:require("volley.sandbox") })
    end)

    it("says where it looked for a module that is not there", function()
      assert.are.same({ false, "module 'nope.x' not found: no scripts/nope/x.lua or "
        .. "scripts/nope/x/init.lua on the data path" }, { st:require("nope.x") })
    end)

    it("refuses a name that is not a module name", function()
      assert.are.same({ false, "bad module name '../etc/passwd'" },
        { st:require("../etc/passwd") })
    end)

    it("loads lpeg into the state", function()
      assert.are.same({ true, "2014" }, { st:call("sandbox_harness", "lpeg_digits", "2014-5") })
    end)

    it("gives trusted code no io, os, debug, package or load", function()
      local ok, names, no_dump, no_random = st:call("sandbox_harness", "globals")
      assert.is_true(ok)
      local expected = { "collectgarbage", "coroutine", "math", "require", "setmetatable",
                         "string", "table" }
      if rawget(_G, "jit") then table.insert(expected, 3, "jit") end
      assert.are.same(expected, names)
      assert.is_true(no_dump)
      assert.is_true(no_random)
    end)
  end)

  describe("call", function()
    it("passes plain data both ways", function()
      local t = { 1, 2, { a = "x", b = { true, false } }, n = -7 }
      assert.are.same({ true, t, "s", 3 }, { st:call("sandbox_harness", "echo", t, "s", 3) })
    end)

    it("refuses a function argument", function()
      assert.are.same({ false, "argument #1: a function " .. PLAIN },
        { st:call("sandbox_harness", "echo", print) })
    end)

    it("refuses a table that holds itself", function()
      local t = {}
      t.self = t
      assert.are.same({ false, "argument #2: a table that holds itself " .. PLAIN },
        { st:call("sandbox_harness", "echo", 1, t) })
    end)

    it("refuses tables nested more than 32 deep", function()
      local t = {}
      for _ = 1, 40 do t = { t } end
      assert.are.same({ false, "argument #1: tables nested too deeply " .. PLAIN },
        { st:call("sandbox_harness", "echo", t) })
    end)

    it("refuses a number that is not an integer", function()
      assert.are.same({ false, "argument #1: a number that is not an integer " .. PLAIN },
        { st:call("sandbox_harness", "echo", 1.5) })
    end)

    it("refuses more than 100000 values at once", function()
      local t = {}
      for i = 1, 100001 do t[i] = i end
      assert.are.same({ false, "argument #1: too many values " .. PLAIN },
        { st:call("sandbox_harness", "echo", t) })
    end)

    it("raises when a result is not plain data", function()
      assert.has_error(function() st:call("sandbox_harness", "give_function") end,
        "result #1 of sandbox_harness.give_function: a function " .. PLAIN)
    end)

    it("reports a function that is not there", function()
      local ok, msg = st:call("sandbox_harness", "nothing")
      assert.is_false(ok)
      assert.are.equal("sandbox_harness.nothing is not a function", msg)
    end)
  end)

  describe("tasks", function()
    it("hand out each request as plain data and take the answer", function()
      local task = st:spawn("sandbox_harness", "game", asking_mod())
      assert.are.equal("new", task:status())
      assert.are.same({ "request", "US", REQUEST }, { task:resume() })
      assert.are.equal("asking", task:status())
      assert.are.same({ "request", "US", REQUEST,
                        "'maybe' is not a legal answer to yes-no (legal: true, false) [mod 1]" },
        { task:resume("maybe") })
      local kind, mods = task:resume(true)
      assert.are.equal("done", kind)
      assert.are.same({ { value = 1, label = "added", rule = "[mod 1]",
                          source = "mods/evil.lua" } }, mods)
      assert.are.equal("ended", task:status())
      assert.has_error(function() task:resume() end, "the task has ended")
    end)

    it("let a hook ask through its own pcall and xpcall", function()
      local code = "volley.on('turn.start', function() "
        .. "local ok, yes = pcall(volley.ask, 'US', {kind = 'yes-no', prompt = 'One?', "
        .. "options = {true, false}, rule = '[mod 1]'}) "
        .. "local ok2, yes2 = xpcall(function() return volley.ask('US', {kind = 'yes-no', "
        .. "prompt = 'Two?', options = {true, false}, rule = '[mod 1]'}) end, "
        .. "function(e) return e end) "
        .. "if ok and yes and ok2 and yes2 then volley.set('added', 1) end end) "
        .. "volley.on('fire.drm', function(ctx, mods) if volley.get('added') then "
        .. "mods:add(2, 'both', '[mod 1]') end end, {kind = 'modify'})"
      local task = st:spawn("sandbox_harness", "game", code)
      local _, _, first = task:resume()
      assert.are.equal("One?", first.prompt)
      local _, _, second = task:resume(true)
      assert.are.equal("Two?", second.prompt)
      local kind, mods = task:resume(true)
      assert.are.equal("done", kind)
      assert.are.equal(2, mods[1].value)
    end)

    it("report a script error with its place, hook point and source", function()
      local task = st:spawn("sandbox_harness", "game", asking_mod(nil, "error('no ammunition')"))
      task:resume()
      local kind, err = task:resume(false)
      assert.are.equal("error", kind)
      assert.are.same({ msg = "no ammunition", file = "mods/evil.lua", line = 1,
                        point = "turn.start", source = "mods/evil.lua" }, err)
    end)

    it("report a syntax error at load", function()
      local task = st:spawn("sandbox_harness", "game", "volley.on(\n'turn.start' function")
      local kind, err = task:resume()
      assert.are.equal("error", kind)
      assert.are.equal("mods/evil.lua", err.file)
      assert.are.equal(2, err.line)
      assert.are.equal("load", err.point)
    end)

    it("refuse a yield that is not an ask", function()
      local task = st:spawn("sandbox_harness", "bad_yield")
      assert.are.same({ "error", "a script yielded outside ask" }, { task:resume() })
    end)

    it("refuse a result that is not plain data", function()
      local task = st:spawn("sandbox_harness", "give_function")
      assert.are.same({ "error", "result #1: a function " .. PLAIN }, { task:resume() })
    end)

    it("cannot go on once the state is closed", function()
      local task = st:spawn("sandbox_harness", "game", asking_mod())
      task:resume()
      st:close()
      assert.has_error(function() task:resume(true) end, "engine state is closed")
    end)
  end)
end)

describe("a call's budget across an ask", function()
  local st
  after_each(function() st:close() end)

  local LOOP = "local n = 0 for i = 1, 20000 do n = n + i end"  -- about 40000 instructions

  it("counts the instructions before and after the ask together", function()
    st = new_state{ instr = 100000 }
    local task = st:spawn("sandbox_harness", "game", asking_mod(LOOP, LOOP .. " " .. LOOP))
    assert.are.equal("request", (task:resume()))
    local kind, err = task:resume(true)
    assert.are.equal("error", kind)
    assert.are.equal("instruction budget exceeded (100000 instructions)", err.msg)
    assert.are.equal("instructions", err.budget)
    assert.are.equal("turn.start", err.point)
  end)

  it("lets a hook within its budget go on after the ask", function()
    st = new_state{ instr = 100000 }
    local task = st:spawn("sandbox_harness", "game", asking_mod(LOOP, LOOP))
    assert.are.equal("request", (task:resume()))
    local kind, mods, last = task:resume(true)
    assert.are.equal("done", kind)
    assert.are.equal(1, #mods)
    assert.is_true(last.instr < 100000)
  end)

  it("does not count the time the host takes to answer", function()
    st = new_state{ time = 200 }
    local task = st:spawn("sandbox_harness", "game", asking_mod())
    assert.are.equal("request", (task:resume()))
    local t0 = os.clock()
    while os.clock() - t0 < 0.3 do end    -- a slow player
    assert.are.equal("done", (task:resume(true)))
  end)
end)
