-- volley.control, which side controls a hex or a place (issue 35 point 3; docs/runtime.md
-- "Control"): by occupation, contested, by last passage when the game keeps it; kept in the
-- state (save, replay, undo and the hash carry it); initial control from a start state,
-- checked; read by scripts through ctx.game.controller. Games are driven through their
-- requests (tests/data/demo/passage.ini keeps passage; tests/data/demo keeps none).
local control = require "volley.control"
local game = require "volley.game"
local journal = require "volley.journal"
local replay = require "volley.replay"

-- A stand-in game: units by place, each `{side =, combat =}`.
local function stand_in(units, where, vars, sys)
  return {
    vars = vars or {}, system = sys,
    sides = function() return { "A", "B" } end,
    unit_info = function(_, u)
      return { side = units[u].side, classes = { combat = units[u].combat or nil } }
    end,
    store = {
      stack = function(_, place)
        local key = control.key(place)
        return where[key] or {}
      end,
    },
  }
end

-- Plays `answers` in order from the start of `target` (seed 1), journalled; returns the
-- live game (its `journal` kept).
local function play(target, answers)
  local g = assert(replay.start{ target = target, seed = 1 })
  local j = journal.new{ scenario = g.info.scenario, files = g.info.files,
                         options = g.info.options, seed = 1, undo = "strict", cap = 400 }
  g.journal = j
  local kind, side, req = g:resume()
  j:record(nil, g.drained)
  for _, a in ipairs(answers) do
    assert.are.equal("request", kind)
    local answered = { side = side, request = req.kind, value = a }
    local refusal
    kind, side, req, refusal = g:resume(a)
    assert.is_nil(refusal, a)
    j:record(answered, g.drained)
  end
  return g, req
end

local function controls(text)
  local out = {}
  for key, side in text:gmatch('\nvar control%.(%S+) "(%a+)"') do out[key] = side end
  return out
end

local PASSAGE = "tests/data/demo/passage.ini"

describe("volley.control", function()
  it("occupation: one side's combat units; two sides contested; a leader alone does not "
    .. "occupy; an empty hex is nobody's without passage", function()
      local units = { a = { side = "A", combat = true }, b = { side = "B", combat = true },
                      l = { side = "B" } }
      local g = stand_in(units, { ["0101"] = { "a" }, ["0102"] = { "a", "b" },
                                  ["0103"] = { "l" }, ["space:t/1"] = { "b" } })
      assert.are.same({ "A", "contested", nil, "B" },
        { control.of(g, "0101"), control.of(g, "0102"), control.of(g, "0103"),
          control.of(g, { space = "t/1" }) })
      assert.is_false(control.keeps(g))
      control.pass(g, "0104", "A")                     -- nothing kept without passage
      assert.is_nil(g.vars.control)
    end)

  it("a system's policy: passage kept, and who occupies (here leaders too); an occupant "
    .. "outranks the record", function()
    local units = { l = { side = "B" } }
    local g = stand_in(units, { ["0103"] = { "l" } }, {},
      { control = { passage = true, occupies = function() return true end } })
    assert.is_true(control.keeps(g))
    control.pass(g, "0103", "A")
    assert.are.equal("B", control.of(g, "0103"))
    control.pass(g, "0104", "A")
    assert.are.equal("A", control.of(g, "0104"))
    assert.are.same({ "0104" }, control.held(g, "A", { "0103", "0104" }))
  end)

  it("a game keeping passage records every hex a move enters and the hex it left; the last "
    .. "side through an empty hex controls it", function()
      local g = play(PASSAGE, { "A4 0505" })
      local c = controls(g:serialize())
      -- A4 from 0205 to 0505: the hex it left and each hex it entered are A's
      assert.are.same({ "A", "A", "A", "A" }, { c["0205"], c["0304"], c["0405"], c["0505"] })
      assert.are.same({ "B", "B" }, { c["0605"], c["0606"] })   -- the start state's
      assert.is_nil(c["0808"])
      g:resume("done")                                  -- A's phase; B moves nothing
      g:resume("done")
      g:resume("A4 0705")                               -- turn 2: through 0605, B's
      local text = g:serialize()
      c = controls(text)
      assert.is_nil(text:find("\nunit %S+ hex 0605 "))  -- nobody stands in 0605
      assert.are.same({ "A", "B", "A" }, { c["0605"], c["0606"], c["0705"] })
      g:close()
    end)

  it("save, replay and undo carry control: an undone move takes its passage back", function()
    local g = play(PASSAGE, { "A4 0505" })
    local before = g:serialize()
    g:resume("A1 0303")
    assert.are.same({ "A", "A" }, { controls(g:serialize())["0203"],
                                    controls(g:serialize())["0303"] })
    assert(g:undo())
    assert.are.equal(before, g:serialize())
    g:close()
    g = play(PASSAGE, { "A4 0505", "done", "done", "A4 0705" })
    local save = g.journal:save()
    local r = assert(replay.replay(save))           -- every answer's state hash checked
    assert.are.equal(g:serialize(), r:serialize())
    assert.are.equal("A", controls(r:serialize())["0605"])
    r:close()
    g:close()
  end)

  it("a game keeping no passage writes no control to its state (the demo)", function()
    local g = play("tests/data/demo", { "A4 0505", "A1 0303" })
    assert.is_nil(g:serialize():find("var control", 1, true))
    g:close()
  end)

  it("initial control from a start state is checked at open, at its line", function()
    local function open(state)
      local dir = os.tmpname()
      os.remove(dir)
      assert(os.execute("mkdir -p " .. dir .. " && cp tests/data/demo/*.ini " .. dir))
      local f = assert(io.open(dir .. "/passage.state", "w"))
      f:write(state)
      f:close()
      local ok, err = pcall(game.open, dir .. "/passage.ini")
      os.execute("rm -rf " .. dir)
      return ok, not ok and tostring(err):gsub("^.*/passage%.state:", "passage.state:") or err
    end
    assert.are.same({ false, "passage.state:2: var control: '9999' is no hex of the map nor "
      .. "a place (space:<id>, box:<id>)" },
      { open('var control.0605 "B"\nvar control.9999 "A"\n') })
    assert.are.same({ false, "passage.state:1: var control: 0605: 'C' is not a side (A, B)" },
      { open('var control.0605 "C"\n') })
    local ok, g = open("var control {}\n")
    assert.is_true(ok)
    assert.is_true(control.keeps(g))
  end)

  it("ctx.game.controller reads it in a script; a bad hex is refused by name", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write([[
volley.on("turn.start", function(ctx)
  local g = ctx.game
  local ok, err = pcall(g.controller, "zz")
  volley.log("[ctl] " .. tostring(g.controller("0605")) .. " " .. tostring(g.controller("0205"))
    .. " " .. tostring(g.controller("0808")) .. " " .. tostring(ok) .. " " .. tostring(err))
end)
]])
    f:close()
    local g = assert(replay.start{ target = PASSAGE, seed = 1, mods = { path } })
    g:resume()
    os.remove(path)
    local got
    for _, e in ipairs(g.drained.narrative) do
      local text = type(e) == "table" and e.text or e
      if type(text) == "string" and text:find("[ctl]", 1, true) then got = text end
    end
    assert.are.equal("[ctl] B A nil false game.controller: no hex 'zz' on the map", got)
    g:close()
  end)
end)
