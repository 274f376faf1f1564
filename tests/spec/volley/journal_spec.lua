--- volley.journal: the save's header and lines kept by the host (docs/save.md "Replay, undo
-- and resume").

local core = require "volley.core"
local journal = require "volley.journal"

local function open_demo(seed)
  local st = core.new_state{}
  assert(st:require("volley.session"))
  local ok, info = st:call("volley.session", "open", "tests/data/demo", { seed = seed })
  assert(ok, info)
  return st, info
end

describe("volley.journal", function()
  it("records the scenario's files, with their roles, as session.open gives them", function()
    local st, info = open_demo(3)
    st:close()
    assert.equal("tests/data/demo", info.scenario)
    local names = {}
    for _, f in ipairs(info.files) do names[#names + 1] = f.role .. " " .. f.path end
    assert.same({
      "scenario tests/data/demo/scenario.ini", "scenario tests/data/demo/map.ini",
      "scenario tests/data/demo/oob.ini",
      "system scripts/systems/demo/fire.lua", "system scripts/systems/demo/init.lua",
      "system scripts/systems/demo/movement.lua", "system scripts/systems/demo/script_api.lua",
      "system scripts/systems/demo/stacking.lua", "system scripts/systems/demo/start_state.lua",
      "system scripts/systems/demo/victory.lua",
      "system charts/demo/fire.ini", "system charts/demo/los.ini",
      "system charts/demo/movement.ini", "system charts/demo/terrain.ini",
      "system charts/demo/units.ini",
    }, names)
  end)

  it("makes a save that reads back line for line, files hashed", function()
    local st, info = open_demo(3)
    st:close()
    local j = journal.new{ scenario = info.scenario, files = info.files, options = info.options,
                           seed = 3, undo = "solo", bots = { { side = "B", name = "first" } },
                           cap = 50, view = "A" }
    j:answer{ side = "A", request = "move", value = "A1 0204", state = "0123456789abcdef",
              rolls = 0 }
    j:forced{ die = "d6", faces = { 5 }, state = "0123456789abcdef", rolls = 1 }
    j:answer{ side = "B", request = "react", value = "fire", state = "fedcba9876543210",
              rolls = 1 }
    local s = assert(core.save.parse(j:text()))
    assert.equal("tests/data/demo", s.scenario)
    assert.equal(core.save.hash_file("tests/data/demo/map.ini"), s.files[2].sha256)
    assert.equal("scripts/systems/demo/fire.lua", s.files[4].path)
    assert.same({ 3, "solo", 50, "A" }, { s.seed, s.undo, s.cap, s.view })
    assert.same({ { side = "B", name = "first" } }, s.bots)
    assert.equal(3, #s.journal)
    assert.same({ "move", "A1 0204" }, { s.journal[1].request, s.journal[1].value })
    assert.same({ "forced", "d6", { 5 }, 1 },
      { s.journal[2].kind, s.journal[2].die, s.journal[2].faces, s.journal[2].rolls })
    assert.equal(2, j:answers())
    j:drop_last()
    assert.equal(1, j:answers())
    assert.equal(2, #j:save().journal)   -- the first answer and the roll it made stay
    assert.is_true(core.save.check(s, j:save()))
  end)

  it("refuses an unknown key and a file it cannot read", function()
    assert.has.error(function() journal.new{ scenario = "a/b", seed = 1, bot = {} } end,
      "bad argument #1 to 'new' (unknown key 'bot'; known: bots, cap, files, mods, options, "
      .. "scenario, seed, undo, view)")
    local ok, err = pcall(journal.new, { scenario = "a/b", seed = 1,
                                          files = { { role = "scenario", path = "no/such.ini" } } })
    assert.is_false(ok)
    assert.matches("cannot record no/such.ini: no/such.ini: ", err, 1, true)
  end)
end)
