-- volley.scenario and volley.game.open: ids and paths resolved through the scenario roots,
-- every scenario and variant listed in id order, set-up lines turned into placements and
-- choices, and every refusal with its file:line (docs/scenarios.md).
local scenario = require "volley.scenario"
local game = require "volley.game"
local ask = require "volley.ask"
local core = require "volley.core"

local ROOT = "tests/data/root"
local ROOTS = { ROOT }
local BATTLE = ROOT .. "/scenarios/test-game/battle/"

local function where_all(g)
  local out = {}
  for _, u in ipairs(g.store:units{}) do
    local kind, at = g.store:where(u)
    out[u] = at or kind
  end
  return out
end

describe("scenario ids", function()
  it("are two or three segments of [a-z0-9-]", function()
    assert.is_true(scenario.is_id("rough-and-ready/palo-alto"))
    assert.is_true(scenario.is_id("rough-and-ready/resaca-de-la-palma/variable"))
    assert.is_false(scenario.is_id("rough-and-ready"))
    assert.is_false(scenario.is_id("a/b/c/d"))
    assert.is_false(scenario.is_id("Rough/palo-alto"))
    assert.is_false(scenario.is_id("a//b"))
    assert.is_false(scenario.is_id("tests/data/demo/"))
  end)

  it("find scenario.ini and variants on the roots", function()
    assert.are.equal(BATTLE .. "scenario.ini", scenario.find("test-game/battle", { roots = ROOTS }))
    assert.are.equal(BATTLE .. "variant.ini",
      scenario.find("test-game/battle/variant", { roots = ROOTS }))
  end)

  it("name no file without a [scenario] section, nor scenario.ini as a variant", function()
    local f, why = scenario.find("test-game/battle/notes", { roots = ROOTS })
    assert.is_nil(f)
    assert.are.equal("no scenario 'test-game/battle/notes' on the data path (scenarios/ of "
      .. "tests/data/root)", why)
    f, why = scenario.find("test-game/battle/scenario", { roots = ROOTS })
    assert.is_nil(f)
    assert.are.equal("'test-game/battle/scenario' is not a scenario id: the variant 'scenario' "
      .. "is the battle's own scenario.ini (test-game/battle)", why)
  end)

  it("are found under the first root that holds them", function()
    local roots = { "tests/data/root2", ROOT }
    assert.are.equal("tests/data/root2/scenarios/test-game/battle/scenario.ini",
      scenario.find("test-game/battle", { roots = roots }))
    assert.are.equal(BATTLE .. "variant.ini",
      scenario.find("test-game/battle/variant", { roots = roots }))
  end)
end)

describe("scenario.resolve", function()
  it("takes an id first, then a folder or a file", function()
    assert.are.same({ id = "test-game/battle", file = BATTLE .. "scenario.ini" },
      scenario.resolve("test-game/battle", { roots = ROOTS }))
    assert.are.same({ file = "tests/data/demo/scenario.ini" },
      scenario.resolve("tests/data/demo", { roots = ROOTS }))
    assert.are.same({ file = "tests/data/demo/scenario.ini" },
      scenario.resolve("tests/data/demo/", { roots = ROOTS }))
    assert.are.same({ file = BATTLE .. "variant.ini" },
      scenario.resolve(BATTLE .. "variant.ini", { roots = ROOTS }))
  end)

  it("says why nothing was found", function()
    local r, why = scenario.resolve("no-game/no-battle", { roots = ROOTS })
    assert.is_nil(r)
    assert.are.equal("no scenario 'no-game/no-battle' on the data path (scenarios/ of "
      .. "tests/data/root)", why)
    r, why = scenario.resolve("tests/data/charts", { roots = ROOTS })
    assert.is_nil(r)
    assert.are.equal("tests/data/charts: no scenario.ini in this folder", why)
    r, why = scenario.resolve(BATTLE .. "map.ini", { roots = ROOTS })
    assert.is_nil(r)
    assert.are.equal(BATTLE .. "map.ini: not a scenario (no [scenario] section)", why)
    r, why = scenario.resolve("No Such Thing", { roots = ROOTS })
    assert.is_nil(r)
    assert.are.equal("no scenario 'No Such Thing' (neither an id on the data path nor a file "
      .. "or folder)", why)
  end)
end)

describe("scenario.list", function()
  it("lists every scenario and variant of the roots, sorted by id", function()
    local found, problems = scenario.list{ roots = ROOTS }
    local ids = {}
    for _, e in ipairs(found) do ids[#ids + 1] = e.id end
    assert.are.same({ "test-game/battle", "test-game/battle/variant", "test-game/battle/whole",
                      "test-game/rr" }, ids)
    assert.are.equal(BATTLE .. "whole.ini", found[3].file)
    assert.are.same({}, problems)
  end)

  it("lets an earlier root hide an id and reports names that are no ids", function()
    local found, problems = scenario.list{ roots = { ROOT, "tests/data/root2" } }
    local ids = {}
    for _, e in ipairs(found) do ids[#ids + 1] = e.id .. "@" .. e.root end
    assert.are.same({ "other/x@tests/data/root2", "test-game/battle@tests/data/root",
                      "test-game/battle/variant@tests/data/root",
                      "test-game/battle/whole@tests/data/root", "test-game/rr@tests/data/root" },
      ids)
    assert.are.same({
      "tests/data/root2/scenarios/Other/y: 'Other' is not an id segment ([a-z0-9-]+)",
      "tests/data/root2/scenarios/other/x/Odd_Variant.ini: 'Odd_Variant' is not an id segment "
        .. "([a-z0-9-]+)",
    }, problems)
  end)

  it("reports a scenario.ini at a depth that gives no id", function()
    local found, problems = scenario.list{ roots = { "tests/data/depth" } }
    local place = " (a scenario is scenarios/<game>/<battle>/scenario.ini)"
    assert.are.same({}, found)
    assert.are.same({
      "tests/data/depth/scenarios/scenario.ini: too shallow for an id" .. place,
      "tests/data/depth/scenarios/game/battle/sub/scenario.ini: too deep for an id" .. place,
      "tests/data/depth/scenarios/game/battle/sub/deeper/scenario.ini: too deep for an id"
        .. place,
      "tests/data/depth/scenarios/shallow/scenario.ini: too shallow for an id" .. place,
    }, problems)
  end)

  it("gives a line per scenario: id, title, system, sides, provisional count", function()
    local found = scenario.list{ roots = ROOTS }
    local lines = {}
    for _, e in ipairs(found) do lines[#lines + 1] = assert(scenario.list_line(e)) end
    assert.are.same({
      "test-game/battle  Test battle  demo  A B  3 provisional",
      "test-game/battle/variant  Test battle, variant deployment  demo  A B  3 provisional",
      "test-game/battle/whole  Test battle, empty board  demo  A B  3 provisional",
      "test-game/rr  Test on Rough & Ready's tables  rough_and_ready  US MEX  37 provisional",
    }, lines)
  end)

  it("says why a scenario cannot be listed", function()
    local line, why = scenario.list_line{ id = "other/x",
      file = "tests/data/root2/scenarios/other/x/scenario.ini" }
    assert.is_nil(line)
    assert.are.equal("tests/data/root2/scenarios/other/x/scenario.ini:7: map: no file 'map.ini' "
      .. "in the scenario's folder (tests/data/root2/scenarios/other/x)", why)
  end)
end)

describe("scenario.provisional", function()
  it("counts the system's tables, the scenario layer and the order of battle", function()
    local sc = assert(scenario.read("test-game/rr", { roots = ROOTS }))
    local parts = assert(scenario.load_data(sc))
    local by = {}
    for _, r in ipairs(scenario.provisional(parts)) do
      local file = r.file:match("[^/]+/[^/]+$")
      by[file] = (by[file] or 0) + 1
    end
    -- rough_and_ready's tables: 27 movement values, 4 terrain values, 2 of the LOS policy;
    -- the scenario's terrain layer 1; its order of battle 3 (a command, two values)
    assert.are.same({ ["rough_and_ready/movement.ini"] = 27, ["rough_and_ready/terrain.ini"] = 4,
                      ["rough_and_ready/los.ini"] = 2, ["rr/terrain.ini"] = 1, ["rr/oob.ini"] = 3 },
      by)
  end)

  it("gives each value's layer, file, line, key, value and reason", function()
    local sc = assert(scenario.read("test-game/rr", { roots = ROOTS }))
    local list = scenario.provisional(assert(scenario.load_data(sc)))
    local last = list[#list]
    assert.are.same({ layer = "scenario", file = ROOT .. "/scenarios/test-game/rr/terrain.ini",
                      line = 10, key = "hex.g.height", value = "0.5",
                      reason = "a test value: tall grass half a level high shows the scenario "
                        .. "layer" }, last)
  end)
end)

describe("game.open", function()
  it("places what the set-up fixes and keeps the choices with their defaults", function()
    local g = game.open("test-game/battle", { roots = ROOTS, seed = 5 })
    assert.are.same({ A1 = "0102", A2 = "0103", B1 = "none", B2 = "0603", LA = "none",
                      LB = "0603" }, where_all(g))
    local c = g.setup.choices
    assert.are.equal(2, #c)
    assert.are.same({ "LA" }, c[1].units)
    assert.are.same({ kind = "place", prompt = "set up LA: 0102 or 0103", options = { "0102", "0103" },
                      default = "0102", rule = "[demo 2.2]" }, c[1].request)
    assert.are.equal("A", c[1].side)
    assert.are.same({ "B1" }, c[2].units)
    assert.are.same({ "0502", "0503", "0602", "0604" }, c[2].options)
    assert.are.equal("[demo 2.3]", c[2].request.rule)
    assert.are.equal(BATTLE .. "scenario.ini", c[2].file)
    assert.are.equal(27, c[2].line)
  end)

  it("places the choices at their defaults", function()
    local g = game.open("test-game/battle", { roots = ROOTS })
    g:setup_defaults()
    assert.are.same({ A1 = "0102", A2 = "0103", B1 = "0502", B2 = "0603", LA = "0102",
                      LB = "0603" }, where_all(g))
  end)

  it("asks the choices of their sides and places the answers", function()
    local g = game.open("test-game/battle", { roots = ROOTS })
    local asked = {}
    ask.drive(coroutine.create(function() g:ask_setup() end), function(side, req)
      asked[#asked + 1] = side .. ": " .. req.prompt
      return req.options[#req.options]
    end)
    assert.are.same({ "A: set up LA: 0102 or 0103", "B: set up B1: 0502, 0503, 0602 or 0604" },
      asked)
    assert.are.equal("0103", select(2, g.store:where("LA")))
    assert.are.equal("0604", select(2, g.store:where("B1")))
  end)

  it("refuses to place a choice anywhere but at one of its options", function()
    local g = game.open("test-game/battle", { roots = ROOTS })
    local ok, why = scenario.place_choice(g.store, g.setup.choices[1], "0104")
    assert.is_nil(ok)
    assert.are.equal("'0104' is not an option of 'set up LA: 0102 or 0103'", why)
    assert.are.equal("none", g.store:where("LA"))
  end)

  it("opens a variant: 'above' takes the lines above in its section", function()
    local g = game.open("test-game/battle/variant", { roots = ROOTS })
    assert.are.equal(4, g.params.turns)
    assert.are.equal(3, g.params.stack_limit)
    assert.are.equal(20, g.victory.B.bonus)
    assert.are.equal("Test battle, variant deployment", g.scenario.title)
    assert.are.equal("test-game/battle/variant", g.scenario.id)
    local c = g.setup.choices
    assert.are.same({ "LB" }, c[2].units)
    assert.are.same({ "0503", "0504" }, c[2].options)
    assert.are.equal("[demo 2.2]", c[2].request.rule)
    assert.are.equal(BATTLE .. "variant.ini", c[2].file)
  end)

  it("gives the scenario's parameters, victory values, options and paths", function()
    local g = game.open("test-game/battle", { roots = ROOTS, params = { turns = 7 },
                                              options = { "fog" } })
    assert.are.same({ turns = 7, stack_limit = 3 }, g.params)
    assert.are.same({ A = { hold = "0502", min_units = 1 },
                      B = { min_units = 1, bonus = 12, note = "hold the  road" } }, g.victory)
    assert.are.same({ { name = "fog", path = BATTLE .. "options/fog.lua" } }, g.options)
    assert.are.equal(BATTLE .. "rules.lua", g.scenario.paths.rules)
    assert.are.equal("B", g.scenario.first)
    assert.are.same({}, game.open("test-game/battle", { roots = ROOTS }).options)
  end)

  it("refuses unknown parameters, options and open options", function()
    assert.has_error(function()
      game.open("test-game/battle", { roots = ROOTS, params = { turn = 3 } })
    end, "unknown parameter 'turn' (the scenario's: stack_limit, turns)")
    assert.has_error(function()
      game.open("test-game/battle", { roots = ROOTS, params = { turns = "3" } })
    end, "parameter turns: 3 is not an integer")
    assert.has_error(function()
      game.open("test-game/battle", { roots = ROOTS, options = { "rain" } })
    end, "unknown option 'rain' (the scenario's: fog)")
    assert.has_error(function()
      game.open("test-game/battle", { roots = ROOTS, options = { "fog", "fog" } })
    end, "option 'fog' asked twice")
    assert.has_error(function()
      game.open("test-game/battle", { roots = ROOTS, sead = 3 })
    end, "bad option 'sead' to 'open' (known: options, params, predicates, roots, seed)")
  end)

  it("raises the reader's file:line", function()
    -- pcall, not assert.has_error: luassert strips a leading "file:line: " from string errors
    local ok, err = pcall(game.open, "tests/data/broken/scenario/bad_param.ini")
    assert.is_false(ok)
    assert.are.equal("tests/data/broken/scenario/bad_param.ini:13: parameter turns: 'four' is "
      .. "not an integer", err)
    assert.has_error(function() game.open("no-game/none", { roots = ROOTS }) end,
      "no scenario 'no-game/none' on the data path (scenarios/ of tests/data/root)")
  end)
end)

-- Set-up lines evaluated on the demo's map and forces, each refusal with its file:line.
describe("scenario.setup", function()
  local map, store
  before_each(function()
    map = assert(core.map.load("tests/data/demo/map.ini"))
    store = assert(core.state.new{ schema = "charts/demo/units.ini",
                                   oob = "tests/data/demo/oob.ini", map = map })
  end)

  local function lines(...)
    local sc = { oob = "oob.ini", setup = {} }
    for i, l in ipairs({ ... }) do
      sc.setup[i] = { side = l[1], key = "k" .. i, text = l[2], file = "s.ini", line = 10 + i }
    end
    return sc
  end

  it("places an explicit list in the order written", function()
    local plan = assert(scenario.setup(lines({ "A", "0107, 0103 | A1 A2" }), map, store))
    assert.are.same({ { side = "A", unit = "A1", at = "0107", file = "s.ini", line = 11 },
                      { side = "A", unit = "A2", at = "0103", file = "s.ini", line = 11 } },
      plan.placements)
    assert.are.same({}, plan.choices)
    assert.are.equal("0107", select(2, store:where("A1")))
  end)

  it("finds a command's units with 'with'", function()
    local plan = assert(scenario.setup(lines({ "A", "0103 | A1" }, { "A", "with A | A2" }), map,
      store))
    assert.are.equal("0103", plan.placements[2].at)
  end)

  it("takes the predicates the caller gives", function()
    local sc = lines({ "B", "any hex where far_east | B1 [demo 2.2]" })
    local plan = assert(scenario.setup(sc, map, store, { predicates = {
      far_east = function(label) return label:sub(1, 2) == "12" and label:sub(3) <= "02" end } }))
    assert.are.same({ "1201", "1202" }, plan.choices[1].options)
  end)

  it("refuses what is wrong with a line, citing it", function()
    local cases = {
      { { "A", "0103 A1" }, "s.ini:11: set-up line k1: expected '<placement spec> | <unit ids>'" },
      { { "A", "0103 | A9" }, "s.ini:11: unit 'A9' is not in the order of battle (oob.ini)" },
      { { "A", "0103 | B1" }, "s.ini:11: unit B1 is side B's, not A's" },
      { { "A", "0103 | A1" }, "s.ini:12: unit A1 is set up twice (first at line 11)",
        { "A", "0104 | A1" } },
      { { "A", "0103, 0104 | A1" },
        "s.ini:11: placing A1 is a choice among 2 locations: give the rule that lets the "
        .. "player choose ('[<system> <case>]' after the unit ids, or [scenario] setup_rule)" },
      { { "A", "1313 | A1" }, "s.ini:11: placement spec '1313', column 1: hex 1313 is not on "
        .. "the map (columns 01-12, rows 01-10)" },
      { { "A", "with B1 | A1" }, "s.ini:11: placement spec 'with B1', column 6: no unit 'B1' "
        .. "is placed yet" },
      { { "A", "any hex where odd | A1 [demo 2.2]" }, "s.ini:11: placement spec 'any hex where "
        .. "odd', column 15: no predicate 'odd' (the scenario registers its predicates)" },
    }
    for _, c in ipairs(cases) do
      local s = assert(core.state.new{ schema = "charts/demo/units.ini",
                                       oob = "tests/data/demo/oob.ini", map = map })
      local plan, why = scenario.setup(lines(c[1], c[3]), map, s)
      assert.is_nil(plan)
      assert.are.equal(c[2], why)
    end
  end)

  it("checks the order of battle's sides against [sides] order", function()
    local sc = { sides = { "B", "A" }, oob = "oob.ini", at = { order = { file = "s.ini", line = 9 } } }
    local ok, why = scenario.check_sides(sc, store)
    assert.is_nil(ok)
    assert.are.equal("s.ini:9: [sides] order is 'B A'; the order of battle's sides (oob.ini) "
      .. "are 'A B'", why)
  end)
end)
