-- volley.results: every result code of the four rule systems' tables, as the digests list
-- them, parsed into its documented shape (docs/charts.md); anything else refused.
local results = require "volley.results"

-- Pins each code of one grammar to its shape (one `it` a grammar: the failure output shows
-- the code beside its shape).
local function pins(system, grammar, cases)
  it(string.format("reads every %s %s code", system, grammar), function()
    for _, case in ipairs(cases) do
      local shape, err = results.parse(system, grammar, case[1])
      assert.are.same({ case[1], case[2], nil }, { case[1], shape, err })
    end
  end)
end

-- Pins each refusal of one grammar to its message's text.
local function refuses(system, grammar, texts)
  it(string.format("refuses what is no %s %s code", system, grammar), function()
    local expect = results.describe(system, grammar).expect
    for _, text in ipairs(texts) do
      assert.are.same({ nil, string.format("bad result '%s' for %s %s (expected %s)", text,
        system, grammar, expect) }, { results.parse(system, grammar, text) })
    end
  end)
end

local morale_retreat = function(n)
  return { check = { kind = "morale", fail = { retreat = n } } }
end

describe("[rough_and_ready 6.16] [rough_and_ready 6.24] fire results", function()
  local arty_roll = { all_units = true, artillery_exempt = true,
                      check = { kind = "morale", fail = { disorder = true } } }
  pins("rough_and_ready", "fire", {
    { "Nothing", { none = true } },
    { "1 Hit", { hits = 1 } },
    { "2 Hits", { hits = 2 } },
    { "All units in hex Disordered", { all_units = true, disorder = true } },
    { "All units in hex Disordered, plus 1 Hit.", { all_units = true, disorder = true, hits = 1 } },
    { "a. DR; if > Adj Morale = Disorder. b. No Effect on Arty.", arty_roll },
    { "a. DR; if > Adj Morale = Disorder. b. No Effect on Artillery.", arty_roll },
  })
  refuses("rough_and_ready", "fire", { "1 Hits", "2 Hit", "0 Hits", "nothing", "Nothing.",
    "01 Hit", "All units in hex Disordered, plus 1 Hit", "a. DR; if > Adj Morale = Disorder.",
    "" })
end)

describe("[rough_and_ready 6.37] Shock Result Table", function()
  pins("rough_and_ready", "shock", {
    { "0", { hits = 0 } }, { "1", { hits = 1 } }, { "2", { hits = 2 } }, { "3", { hits = 3 } },
  })
  refuses("rough_and_ready", "shock", { "-1", "1 Hit", "x", " 1" })
end)

describe("[rough_and_ready 6.21] Artillery Range DRM bands", function()
  pins("rough_and_ready", "drm", {
    { "+2", { drm = 2 } }, { "0", { drm = 0 } }, { "-2", { drm = -2 } }, { "-0", { drm = 0 } },
  })
  refuses("rough_and_ready", "drm", { "NA", "+", "2-", "+-2" })
end)

describe("[battle_of_buena_vista 9.6] Fire Combat Table results", function()
  pins("battle_of_buena_vista", "fire", {
    { "-", { none = true } },
    { "1", { loss = 1 } },
    { "2", { loss = 2 } },
    { "r", morale_retreat(1) },
    { "R", { retreat = 1 } },
    { "1r", { loss = 1, check = { kind = "morale", fail = { retreat = 1 } } } },
    { "1R", { loss = 1, retreat = 1 } },
  })
  refuses("battle_of_buena_vista", "fire", { "0", "r1", "rr", "1 r", "\194\183", "D" })
end)

describe("[battle_of_buena_vista 8.4] Shock Combat Table results", function()
  pins("battle_of_buena_vista", "shock", {
    { "\194\183/\194\183", { attacker = { none = true }, defender = { none = true } } },
    { "-/-", { attacker = { none = true }, defender = { none = true } } },
    { "\194\183/r", { attacker = { none = true }, defender = morale_retreat(3) } },
    { "r/R", { attacker = morale_retreat(3), defender = { retreat = 3 } } },
    { "R/\194\183", { attacker = { retreat = 3 }, defender = { none = true } } },
  })
  refuses("battle_of_buena_vista", "shock", { "r", "R", "r / R", "1/r", "r/R/r", "." })
end)

describe("[battle_of_buena_vista 10.3] Saltillo Combat Table results", function()
  pins("battle_of_buena_vista", "saltillo", {
    { "-/1", { attacker = { none = true }, defender = { loss = 1 } } },
    { "2/-", { attacker = { loss = 2 }, defender = { none = true } } },
    { "1/1", { attacker = { loss = 1 }, defender = { loss = 1 } } },
  })
  refuses("battle_of_buena_vista", "saltillo", { "1", "0/1", "r/1" })
end)

describe("[battle_of_buena_vista 9.8] Rout Table results", function()
  pins("battle_of_buena_vista", "rout", {
    { "Eliminated", { eliminated = true } },
    { "Reserve Box", { place = "reserve_box" } },
    { "Saltillo", { place = "saltillo" } },
    { "Supply Train A", { place = "train_a" } },
    { "Buena Vista", { place = "buena_vista" } },
  })
  refuses("battle_of_buena_vista", "rout", { "eliminated", "Supply Train B", "Reserve" })
end)

describe("[battle_of_buena_vista 4.3] victory levels", function()
  pins("battle_of_buena_vista", "victory", {
    { "Decisive Mexican victory", { level = "decisive", winner = "MEX" } },
    { "Substantial Mexican victory", { level = "substantial", winner = "MEX" } },
    { "Marginal Mexican victory", { level = "marginal", winner = "MEX" } },
    { "Marginal American victory", { level = "marginal", winner = "US" } },
    { "Substantial American victory", { level = "substantial", winner = "US" } },
    { "Decisive American victory", { level = "decisive", winner = "US" } },
  })
  refuses("battle_of_buena_vista", "victory", { "Draw", "Decisive Mexican Victory" })
end)

describe("[gbacw 12.32] Fire Table results", function()
  pins("gbacw", "fire", {
    { "No Effect", { none = true } },
    { "d", { check = { kind = "udd" } } },
    { "d+2", { check = { kind = "udd", drm = 2 } } },
    { "D", { disorder = true } },
    { "1", { loss = 1 } },
    { "1d+2", { loss = 1, check = { kind = "udd", drm = 2 } } },
    { "1D", { loss = 1, disorder = true } },
    { "2d", { loss = 2, check = { kind = "udd" } } },
    { "1d*", { loss = 1, check = { kind = "udd" }, spencer_ammo = true } },
    { "2*", { loss = 2, spencer_ammo = true } },
  })
  refuses("gbacw", "fire", { "*", "d+", "d+0", "dD", "-", "No effect", "1 d" })
end)

describe("[gbacw 5.34] Brigade Coordination Table", function()
  pins("gbacw", "coordination", {
    { "Confusion", { confusion = true } },
    { "Fail", { fail = true } },
    { "May Coordinate 2 Brigades", { coordinate = 2 } },
    { "May Coordinate 3 Brigades", { coordinate = 3 } },
    { "All", { coordinate_all = true } },
  })
  refuses("gbacw", "coordination", { "May Coordinate 1 Brigades", "May Coordinate 2" })
end)

describe("[gbacw 6.23] Orders Change Table", function()
  pins("gbacw", "orders_change", {
    { "Retain and Stand", { orders = "retain", stand = true } },
    { "Retain", { orders = "retain" } },
    { "Loose Cannon", { loose_cannon = true } },
    { "Change and Stand", { orders = "change", stand = true } },
    { "Change", { orders = "change" } },
  })
  refuses("gbacw", "orders_change", { "Stand", "Retain and", "Loose cannon" })
end)

describe("[gbacw 6.24] Loose Cannon", function()
  pins("gbacw", "loose_cannon", {
    { "Aggressive", { brigadier = "aggressive" } },
    { "Normal", { brigadier = "normal" } },
    { "Cautious", { brigadier = "cautious" } },
  })
  refuses("gbacw", "loose_cannon", { "Bold" })
end)

describe("[gbacw MO Ampudia Surrender Table]", function()
  pins("gbacw", "surrender", {
    { "NO", { surrender = false } },
    { "Auto", { surrender = true } },
    { "9", { surrender_on = { lo = 9, hi = 9 } } },
    { "8-9", { surrender_on = { lo = 8, hi = 9 } } },
    { "4-9**", { surrender_on = { lo = 4, hi = 9 }, historical = true } },
  })
  refuses("gbacw", "surrender", { "No", "10", "4-", "*" })
end)

describe("[spi_gbacw 9.16] Fire Combat Results Table legend", function()
  local pin = { check = { kind = "morale", fail = { pinned = true } } }
  local rout = { check = { kind = "morale", fail = { routed = true } } }
  pins("spi_gbacw", "fire", {
    { "-", { none = true } },
    { "P", pin },
    { "R", rout },
    { "P/R", { check = { kind = "morale", pass = { pinned = true }, fail = { routed = true } } } },
    { "P or R", { choice = { pin, rout } } },
    { "1", { loss = 1, check = { kind = "morale" } } },
    { "1*", { loss = 1, check = { kind = "morale", pass = pin } } },
    { "2*", { loss = 2, check = { kind = "morale", pass = pin } } },
  })
  refuses("spi_gbacw", "fire", { "R/P", "P or", "*", "0", "r", "1 (Ammo Deplete?)" })
end)

describe("[spi_gbacw 12.98] Melee Combat Results Table legend", function()
  pins("spi_gbacw", "melee", {
    { "-", { none = true } },
    { "K", { loss = 1 } },
    { "C1", { captured = 1 } },
    { "C3", { captured = 3 } },
    { "R2", { retreat = 2, check = { kind = "morale" } } },
    { "R3", { retreat = 3, check = { kind = "morale" } } },
    { "C1R2", { captured = 1, retreat = 2, check = { kind = "morale" } } },
    { "C2R2", { captured = 2, retreat = 2, check = { kind = "morale" } } },
    { "Eng", { engaged = true } },
    { "Rpls", { repulsed = true } },
  })
  refuses("spi_gbacw", "melee", { "C4", "R1", "R2C1", "KK", "eng", "C" })
end)

describe("[spi_gbacw 13.15] [spi_gbacw 17.76] [spi_gbacw 11.34] the small tables", function()
  pins("spi_gbacw", "elephant", { { "4", { morale = 4 } }, { "1", { morale = 1 } } })
  refuses("spi_gbacw", "elephant", { "0", "10" })
  pins("spi_gbacw", "leader_casualty", {
    { "Wounded", { leader = "wounded" } },
    { "Killed", { leader = "killed" } },
    { "Captured", { leader = "captured" } },
  })
  pins("spi_gbacw", "ammo_loss", {
    { "0/1", { small_arms = 0, artillery = 1 } },
    { "3/8", { small_arms = 3, artillery = 8 } },
    { "4/E", { small_arms = 4, artillery = "all" } },
    { "WE", { wagon_eliminated = true } },
  })
  refuses("spi_gbacw", "ammo_loss", { "E/4", "W", "1/" })
end)

describe("[spi_gbacw 8.35] [spi_gbacw 9.25] shifts and multipliers", function()
  pins("spi_gbacw", "density", {
    { "-1", { shift = -1 } }, { "0", { shift = 0 } }, { "+1", { shift = 1 } },
    { "+2", { shift = 2 } },
  })
  pins("spi_gbacw", "range_effects", {
    { "4", { num = 4, den = 1 } }, { "1/2", { num = 1, den = 2 } }, { "-", { no_fire = true } },
  })
  refuses("spi_gbacw", "range_effects", { "0", "1/0", "½" })
end)

describe("volley.results", function()
  it("lists its systems and their grammars in sorted order", function()
    assert.are.same({ "battle_of_buena_vista", "demo", "gbacw", "rough_and_ready", "spi_gbacw" },
      results.systems())
    assert.are.same({ "drm", "fire", "shock" }, results.grammars("rough_and_ready"))
    assert.are.same({ "fire" }, results.grammars("demo"))
    assert.is_nil(results.grammars("no_such_system"))
  end)

  it("names the rule that defines a grammar's codes", function()
    assert.are.same({ expect = "<n> (Hits on the enemy)", rule = "[rough_and_ready 6.37]" },
      results.describe("rough_and_ready", "shock"))
    assert.is_nil(results.describe("rough_and_ready", "melee"))
  end)

  it("builds a fresh table on every parse", function()
    local a = results.parse("battle_of_buena_vista", "fire", "1r")
    a.check.fail.retreat = 9
    assert.are.same({ loss = 1, check = { kind = "morale", fail = { retreat = 1 } } },
      results.parse("battle_of_buena_vista", "fire", "1r"))
  end)

  it("refuses an unknown system or grammar, naming the known ones", function()
    assert.are.same({ nil, "unknown result system 'no_such_system' (known: "
      .. "battle_of_buena_vista, demo, gbacw, rough_and_ready, spi_gbacw)" },
      { results.parse("no_such_system", "fire", "1") })
    assert.are.same({ nil, "bad result '1' for demo fire (expected Nothing, <n> Hit(s))" },
      { results.parse("demo", "fire", "1") })
    assert.are.same({ nil, "unknown result grammar 'melee' for rough_and_ready (known: drm, "
      .. "fire, shock)" }, { results.parse("rough_and_ready", "melee", "1") })
  end)

  it("raises on an argument that is not a string", function()
    assert.has_error(function() results.parse("gbacw", "fire", 1) end,
      "bad result text (string expected, got number)")
    assert.has_error(function() results.parse(nil, "fire", "1") end,
      "bad system (string expected, got nil)")
  end)
end)

describe("volley.results.check", function()
  -- A stand-in for a chart set: the two calls check makes.
  local function fake(tables)
    local names = {}
    for name in pairs(tables) do names[#names + 1] = name end
    table.sort(names)
    return {
      names = function() return names end,
      info = function(_, name) return tables[name] end,
    }
  end

  it("accepts a set whose every cell parses", function()
    local set = fake{
      shock = { file = "s.ini", line = 1, results = "shock", results_line = 3,
                rows = { { cells = { "0" }, lines = { 4 } }, { cells = { "3" }, lines = { 5 } } } },
    }
    assert.are.same({ true }, { results.check("rough_and_ready", set) })
  end)

  it("refuses the first bad cell with its file and line", function()
    local set = fake{
      a = { file = "a.ini", line = 1, results = "shock", results_line = 2,
            rows = { { cells = { "1" }, lines = { 5 } } } },
      b = { file = "b.ini", line = 1, results = "fire", results_line = 2,
            rows = { { cells = { "1 Hit", "3 Hit" }, lines = { 6, 7 } } } },
    }
    assert.are.same({ nil, "b.ini:7: table 'b': bad result '3 Hit' for rough_and_ready fire "
      .. "(expected " .. results.describe("rough_and_ready", "fire").expect .. ")" },
      { results.check("rough_and_ready", set) })
  end)

  it("checks the labels of a table without rows", function()
    local set = fake{
      range = { file = "r.ini", line = 1, results = "drm", results_line = 2, rows = {},
                labels = { "+2", "O", "-2" }, labels_line = 9 },
    }
    assert.are.same({ nil, "r.ini:9: table 'range': bad result 'O' for rough_and_ready drm "
      .. "(expected a signed DRM such as +2, 0, -2)" }, { results.check("rough_and_ready", set) })
  end)

  it("refuses a table naming an unknown grammar at its results line", function()
    local set = fake{
      t = { file = "t.ini", line = 1, results = "melee", results_line = 4, rows = {} },
    }
    assert.are.same({ nil, "t.ini:4: table 't': unknown result grammar 'melee' for "
      .. "rough_and_ready (known: drm, fire, shock)" }, { results.check("rough_and_ready", set) })
  end)
end)
