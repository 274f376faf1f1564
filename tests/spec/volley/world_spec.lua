-- Issue 32, the live game is its journal (DESIGN.md principle 12; docs/runtime.md "Disposable
-- script worlds", "Queries"): a request enumerates once; the scripts' worlds are made anew at a
-- step boundary after a script call, their handlers in the same places; queries run in query
-- mode, where nothing rolls or writes and what they did to the scripts is put back.
local ask = require "volley.ask"
local core = require "volley.core"
local hooks = require "volley.hooks"

local MODS = "tests/data/mods/"

local function state(target, opts)
  local st = core.new_state{ modules = { "tests/spec/support" } }
  assert(st:require("volley.session"))
  assert(st:require("volley.queries"))
  local ok, info = st:call("volley.session", "open", target, opts)
  assert(ok, info)
  return st
end

-- Resumes until the game asks `side` a request of `kind` (answering the others with
-- `answer(side, request)`); returns the task and the request.
local function until_asked(task, kind, answer)
  local what, side, req = task:resume()
  while what == "request" and req.kind ~= kind do
    what, side, req = task:resume(answer(side, req))
  end
  assert.equal("request", what, tostring(side))
  return side, req
end

describe("a request's legal answers", function()
  it("are enumerated once however often they are shown, checked and refused", function()
    local calls = 0
    local r = { kind = "pick", prompt = "?", rule = "[t 1]",
                enumerate = function() calls = calls + 1; return { "a", "b" } end }
    local co = coroutine.create(function() return ask.ask("A", r) end)
    local answers = { "c", "d", "b" }
    local got = ask.drive(co, function(_, req)
      assert.same({ "a", "b" }, ask.legal(req))   -- the host shows them each time
      assert.same({ "a", "b" }, ask.legal(req))
      return table.remove(answers, 1)
    end)
    assert.equal("b", got)
    assert.equal(1, calls)
  end)

  it("are listed before the request is yielded, with a watcher told of each ask and refusal",
    function()
      local events = {}
      local r = { kind = "pick", prompt = "?", rule = "[t 1]", options = { "a" } }
      local co = coroutine.create(function()
        return ask.ask("A", r, function(e) events[#events + 1] = e end)
      end)
      local answers = { "x", "a" }
      ask.drive(co, function() return table.remove(answers, 1) end)
      assert.same({ "asking", "refused", "asking" }, events)
    end)
end)

describe("volley.hooks drop_after()", function()
  it("takes back what was registered after the mark and numbers the next ones from it", function()
    local reg = hooks.new{ { name = "a.b", kinds = { "observe", "modify" } } }
    local function f() end
    reg:on("a.b", f)
    local mark = reg:mark()
    reg:set_source("mods/x.lua")
    reg:on("a.b", f, { priority = -1 })
    reg:on("a.b", f, { kind = "modify" })
    local before = reg:handlers_of("a.b", "observe")
    reg:drop_after(mark)
    assert.same({ { source = "system", priority = 0 } }, reg:handlers_of("a.b", "observe"))
    reg:on("a.b", f, { priority = -1 })
    assert.same(before, reg:handlers_of("a.b", "observe"))
    assert.equal(mark + 1, reg.handlers["a.b"][1].serial)
  end)

  it("refuses to lose a handler of the system's own registered after the mark", function()
    local reg = hooks.new{ { name = "a.b" } }
    local mark = reg:mark()
    reg:on("a.b", function() end)
    assert.has_error(function() reg:drop_after(mark) end,
      "hooks: a system handler of 'a.b' was registered after the scripts")
  end)
end)

describe("volley.session's script worlds", function()
  it("are made anew at a step boundary after a script call, each handler in its place with "
    .. "its source", function()
      local st = state("tests/data/demo", { seed = 3, mods = { MODS .. "world_local.lua",
                                                                 MODS .. "world_global.lua" } })
      local _, at_open = st:call("world_probe", "handlers")
      local task = st:spawn("volley.session", "run")
      -- side A's first move phase, then B's: a boundary after A's requests ran movement.cost
      until_asked(task, "move", function() end)
      local _, w = st:call("volley.session", "world")
      assert.equal(0, w.made)
      assert.is_true(w.dirty)              -- the move request's options ran movement.cost
      local side = "A"
      while side == "A" do
        local what, s = task:resume("done")
        assert.equal("request", what)
        side = s
      end
      _, w = st:call("volley.session", "world")
      assert.is_true(w.made >= 1)
      local _, now = st:call("world_probe", "handlers")
      assert.same(at_open, now)
      assert.matches("^fire.drm modify tests/data/mods/world_local.lua 0 #%d+$", now[1])
      task:close()
      st:close()
    end)

  it("are left be while no script runs (a game without scripts makes none anew)", function()
    local st = state("tests/data/demo", { seed = 3 })
    local task = st:spawn("volley.session", "run")
    for _ = 1, 6 do
      local what = task:resume("done")
      assert.equal("request", what)
    end
    local _, w = st:call("volley.session", "world")
    assert.same({ made = 0, dirty = false, stale = false }, w)
    task:close()
    st:close()
  end)
end)

describe("volley.session queries", function()
  it("refuse a roll, the dice untouched", function()
    local st = state("tests/data/demo", { seed = 3 })
    local ok, qok, msg, before, after = st:call("world_probe", "roll_in_query")
    assert.is_true(ok)
    assert.is_false(qok)
    assert.equal("probe: cannot be shown: a query cannot roll dice; a query never rolls nor "
      .. "changes the game (the dice are untouched)", msg)
    assert.equal(before, after)
    st:close()
  end)

  it("refuse reach when a rule rolls in it, naming the script; the step is put back before "
    .. "the next answer", function()
      local st = state("rough-and-ready/palo-alto", { seed = 5, mods = { MODS .. "world_roll.lua" },
                                                     undo = "solo" })
      local task = st:spawn("volley.session", "run")
      until_asked(task, "move", function(_, req) return req.default or req.options[1] end)
      local _, d = st:call("volley.session", "drain")
      local ok, err = st:call("volley.queries", "reach", "referee", "5US-1")
      assert.is_false(ok)
      assert.equal("reach: cannot be shown: " .. MODS .. "world_roll.lua:6: a query cannot roll "
        .. "dice (movement.cost); a query never rolls nor changes the game (the dice are "
        .. "untouched)", err.msg)
      local _, d2 = st:call("volley.session", "drain")
      assert.equal(d.rolls_count, d2.rolls_count)
      assert.equal(d.state_hash, d2.state_hash)
      local _, w = st:call("volley.session", "world")
      assert.is_true(w.stale)
      local _, r = st:call("volley.session", "settle")
      assert.is_true(r.put_back)
      _, r = st:call("volley.session", "settle")
      assert.same({}, r)
      task:close()
      st:close()
    end)

  it("refuse a script's write through ctx.game", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write('volley.on("movement.cost", function(ctx) ctx.game.set_flag("x", 1) end, '
      .. '{ kind = "modify" })\n')
    f:close()
    local st = state("rough-and-ready/palo-alto", { seed = 5, mods = { path } })
    os.remove(path)
    local task = st:spawn("volley.session", "run")
    until_asked(task, "move", function(_, req) return req.default or req.options[1] end)
    local ok, err = st:call("volley.queries", "reach", "referee", "5US-1")
    task:close()
    assert.is_false(ok)
    assert.matches("^reach: cannot be shown: .-:1: a query cannot change the game "
      .. "%(game.set_flag%) %(movement.cost%); ", err.msg)
    st:close()
  end)

  it("leave nothing to put back when no script ran", function()
    local st = state("tests/data/demo", { seed = 3 })
    local task = st:spawn("volley.session", "run")
    task:resume()
    assert(st:call("volley.queries", "reach", "referee", "A1"))
    assert(st:call("volley.queries", "show", "referee", "A1"))
    local _, r = st:call("volley.session", "settle")
    assert.same({}, r)
    task:close()
    st:close()
  end)
end)
