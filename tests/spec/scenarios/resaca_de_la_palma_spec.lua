-- Resaca de la Palma (scenarios/rough-and-ready/resaca-de-la-palma): the scenario read through
-- the loaders of `volley.scenario` as `game.open` reads it: the historical set-up as printed,
-- Vega's "any above hex" and Taylor's "any hex" asked, the leaders the set-up omits placed,
-- the Battle Lost schedules, the map consistent with every hex the battle's text names (the
-- resaca example's 5317, 5417, 5717; the spotting example's 4819, 4916, 4918; Arista's 5915;
-- the entry hexes; the victory road; the 5100 row), its two levels and line of sight, and the
-- order of battle's given and estimated values (docs/scenarios/resaca-de-la-palma.md).
-- The rules whose data these are but whose play is the battle's rules.lua (RP 4.25, 5.16,
-- 8.0) are named here without the citation brackets, so that the rule-case checker
-- (docs/cases.md) does not count this data's test as theirs.
local scenario = require "volley.scenario"
local placement = require "volley.placement"
local core = require "volley.core"

local ID = "rough-and-ready/resaca-de-la-palma"
local RULE = "[rough_and_ready RP Initial Historical Deployments]"

local battle = require "support.scenario_setup"

local function open() return battle.open(ID) end
local function default_setup() return battle.default_setup(ID) end

local grid = core.hex.grid{ layout = "flat-top", parity = "odd-columns-down" }

describe("Resaca de la Palma", function()
  it("is listed by id with its title, system, sides and cap", function()
    local sc = assert(scenario.read(ID))
    assert.are.equal(ID, sc.id)
    assert.are.equal("Resaca de la Palma, 9 May 1846", sc.title)
    assert.are.equal("rough_and_ready", sc.system)
    assert.are.same({ "US", "MEX" }, sc.sides)
    assert.are.equal("US", sc.first)                       -- [rough_and_ready 3.11]
    assert.are.equal(40000, sc.max_decisions)
    assert.are.equal(RULE, sc.setup_rule)
    local found
    for _, e in ipairs(scenario.list()) do
      if e.id == ID then found = e end
    end
    assert.is_truthy(found)
    assert.is_truthy((scenario.list_line(found)):find(
      "^rough%-and%-ready/resaca%-de%-la%-palma  Resaca de la Palma, 9 May 1846  "
      .. "rough_and_ready  US MEX  %d+ provisional$"))
  end)

  it("sets up every counter of the order of battle: no reinforcements", function()
    local at, _, data = default_setup()
    local placed = 0
    for _, list in pairs(at) do placed = placed + #list end
    assert.are.equal(#data.store:units{}, placed)
    assert.are.equal(57, placed)             -- with the US Detachment leader [RP 4.29]
  end)

  it("sets up every unit where the historical set-up prints it, and the omitted leaders "
    .. "where the docs say", function()
    local at = default_setup()
    assert.are.same({
      -- the Mexican table, as printed
      ["5915"] = { "Arista" },
      ["6017"] = { "4pdr-1", "4pdr-2", "8pdr" },
      ["5015"] = { "Det-1" }, ["5218"] = { "Det-2" }, ["5921"] = { "Det-3" },
      ["5623"] = { "Det-4" }, ["5205"] = { "Det-5" },
      ["5416"] = { "4pdr-3" },
      ["5818"] = { "4L-1" }, ["5819"] = { "4L-2" }, ["5820"] = { "4L-3" },
      ["5816"] = { "TampVet", "Vega" },          -- Vega: any above hex, by default 5816
      ["5815"] = { "Guardacosta" },
      ["5215"] = { "2Lig-1" }, ["5315"] = { "2Lig-2" },
      ["5513"] = { "6L-1", "6L-2", "Garcia" },    -- Garcia: not printed [3.23]
      ["5511"] = { "10L-1" }, ["5512"] = { "10L-2" },
      -- not printed: Torrejon's and Canales's commands (named by Arista's rule, RP 4.25)
      ["6019"] = { "7LC-1", "8LC-2" }, ["6020"] = { "7LC-2", "Presid" },
      ["6021"] = { "8LC-1", "Torrejon" },
      ["6107"] = { "Canales", "Ranch-1" }, ["6108"] = { "Ranch-2" },
      -- the US table, as printed
      ["4522"] = { "3US-1", "3US-2", "3US-3", "Garland", "USDet" },
      ["4423"] = { "4US-1", "4US-2", "4US-3", "Taylor" },   -- Taylor: any hex, by default 4423
      ["4424"] = { "C3US-1", "C3US-2", "C3US-3", "C3US-4" },
      ["4324"] = { "5US-1", "5US-2", "5US-3", "Belknap" },
      ["4225"] = { "8US-1", "8US-2", "8US-3" },
      ["4226"] = { "A2US-1", "A2US-2", "A2US-3", "A2US-4" },
      ["4126"] = { "May" },
    }, at)
  end)

  it("asks Vega among the hexes above his line and Taylor among every hex", function()
    local _, data, plan = open()
    local by = {}
    for _, c in ipairs(plan.choices) do
      assert.are.equal(RULE, c.request.rule)
      by[table.concat(c.units, " ")] = c
    end
    local above = { "5015", "5205", "5218", "5416", "5623", "5815", "5816", "5818", "5819",
                    "5820", "5915", "5921", "6017" }
    local vega = assert(by.Vega)
    local got = {}
    for _, o in ipairs(vega.options) do got[#got + 1] = o end
    table.sort(got)
    assert.are.same(above, got)
    local taylor = assert(by.Taylor)
    assert.are.equal(#data.map:hexes(), #taylor.options)
    -- the rest asked are the ranges of more counters than hexes (Torrejon's, Canales's)
    local names = {}
    for k in pairs(by) do names[#names + 1] = k end
    table.sort(names)
    assert.are.same({ "7LC-1", "7LC-2", "8LC-1", "8LC-2", "Canales", "Presid", "Taylor",
                      "Torrejon", "Vega" }, names)
  end)

  it("has the keys of the Battle Lost schedules and Withdrawal Levels of RP 8.0", function()
    local sc = assert(scenario.read(ID))
    assert.are.same({
      US = { withdrawal = 15, bl_inf_cav_eliminated = 2, bl_gun_eliminated = 1,
             bl_disordered = 1 },
      MEX = { withdrawal = 20, bl_inf_cav_eliminated = 2, bl_irregular_eliminated = 1,
              irregulars = "Presid Ranch-1 Ranch-2", bl_detachment_eliminated = 0,
              detachments = "Det-1 Det-2 Det-3 Det-4 Det-5", bl_gun_eliminated = 1,
              bl_disordered = 1 },
    }, scenario.victory(sc))
  end)
end)

describe("the Resaca de la Palma map", function()
  local data, map
  setup(function()
    local _
    _, data = open()
    map = data.map
  end)

  it("is turned as [rough_and_ready E2] says: north where the US arrives, the 5100 row and "
    .. "south Mexican", function()
    local info = map:info()
    assert.are.equal("left", info.north)
    assert.are.equal("first", info.text_row)
    local at = default_setup()
    local south = {}
    for _, h in ipairs(placement.locations(assert(placement.compile(
        "any hex(es) south of (and including) the 5100 row", map)))) do
      south[h] = true
    end
    assert.are.equal(20 * 22, (function() local n = 0 for _ in pairs(south) do n = n + 1 end
      return n end)())
    for hex, units in pairs(at) do
      local side = data.store:unit(units[1]).side
      if side == "MEX" and hex ~= "5015" then assert.is_true(south[hex], hex) end
      if side == "US" then assert.is_nil(south[hex], hex) end
    end
  end)

  it("holds the hexes of the resaca example (RP 5.16)", function()
    local low = {}
    for _, h in ipairs(map:hexes()) do
      local t = map:terrain(h)
      local resaca = t == "rc" or t == "rw"
      assert.are.equal(resaca and 0 or 1, (map:elevation(h)), h)   -- two levels [RP 6.17]
      if resaca then low[h] = true end
    end
    local function beside_resaca(h)
      for _, n in ipairs(grid:neighbors(h)) do
        if low[n] then return true end
      end
      return false
    end
    -- 5417: a bank hex beside a resaca hex (5516, 5517); 5717: a resaca hex at 3
    assert.is_nil(low["5417"])
    assert.is_true(beside_resaca("5417"))
    assert.is_true(low["5516"] and low["5517"])
    assert.is_true(low["5717"])
    assert.are.equal(3, grid:distance("5417", "5717"))
    -- 5317 touches no resaca hex
    assert.is_nil(low["5317"])
    assert.is_false(beside_resaca("5317"))
    local los = assert(core.los.new(map))
    assert.is_true((los:check("5417", "5717")))
    assert.is_true((los:check("5417", "5516")))
    local clear, why = los:check("5317", "5717")
    assert.is_false(clear)
    assert.are.equal("[rough_and_ready RP 6.17]", why.rule)
    -- a bank sees into the ditch only along it: the bank between blocks
    clear, why = los:check("5815", "5717")
    assert.is_false(clear)
    assert.are.equal("5816", why.blocked_by)
    assert.are.equal("[rough_and_ready RP 6.17]", why.rule)
    los:close()
  end)

  it("holds the spotting example's hexes [rough_and_ready RP Spotting Hidden Units]", function()
    assert.are.equal(3, grid:distance("4819", "4916"))
    assert.are.equal(2, grid:distance("4918", "4916"))
    assert.are.equal("ch", map:terrain("4916"))    -- "even if it is in chaparral"
    local los = assert(core.los.new(map))
    assert.is_true((los:check("4918", "4916")))    -- clear LOS at 2: spotted
    los:close()
  end)

  it("holds Arista's tent, the entry hexes and the victory road (RP 8.0)", function()
    assert.are.same({ "5915" }, map:place("tent"))
    local main = map:road("road.matamoros").hexes
    assert.are.equal("4126", main[1])
    assert.are.equal("7020", main[#main])
    local east = map:road("road.east").hexes
    assert.are.equal("4408", east[1])
    assert.are.equal("5814", east[#east])
    for _, spec in ipairs{ "any road hex from 5814-7020", "any road hex from 5806-7020" } do
      local hexes = placement.locations(assert(placement.compile(spec, map)))
      local has = {}
      for _, h in ipairs(hexes) do
        has[h] = true
        assert.is_true(map:terrain(h) == "c" or map:terrain(h) == "rc", h)
      end
      assert.is_true(has["5814"] and has["7020"] and has["6618"], spec)
      assert.are.equal(spec:find("5806") and true or nil, has["5806"])
    end
    -- the historical US set-up stands on the 4126 road's approach
    local on = {}
    for _, h in ipairs(main) do on[h] = true end
    assert.is_true(on["4126"] and on["4226"] and on["4324"] and on["4424"])
  end)

  it("sets cavalry and guns where they may stand: no chaparral [rough_and_ready RP 5.15]", function()
    local at = default_setup()
    for hex, units in pairs(at) do
      for _, u in ipairs(units) do
        local t = data.store:unit(u).type
        if t == "cavalry" or t == "artillery" then
          assert.are_not.equal("ch", map:terrain(hex), u .. " in " .. hex)
        end
      end
    end
  end)

  it("has every terrain type of the Resaca chart, the resaca both ways", function()
    local seen = {}
    for _, h in ipairs(map:hexes()) do seen[map:terrain(h)] = true end
    for _, code in ipairs{ "c", "ch", "w", "l", "rc", "rw" } do assert.is_true(seen[code], code) end
    assert.is_nil(seen.g)
    assert.is_nil(seen.m)
    local function flags(id)
      local t = map:terrain_type(id, "hex")
      table.sort(t.flags)
      return t.flags
    end
    assert.are.same({ "blocks-los", "hit-roll" }, flags("ch"))
    assert.are.same({ "blocks-los" }, flags("w"))
    assert.are.same({ "resaca" }, flags("rc"))
    assert.are.same({ "blocks-los", "resaca" }, flags("rw"))
  end)
end)

describe("the Resaca de la Palma order of battle", function()
  local data
  setup(function()
    local _
    _, data = open()
  end)

  it("keeps the three activation ratings the rulebook gives [rough_and_ready 3.23]", function()
    for _, id in ipairs{ "Garland", "Belknap", "Garcia" } do
      local rating = id == "Garcia" and 3 or 5
      assert.are.equal(rating, data.store:get(id, "activation"))
      assert.is_nil(data.store:unit(id).provisional)
    end
  end)

  it("marks every other value provisional with a reason", function()
    local given = { Garland = true, Belknap = true, Garcia = true }
    local by = {}
    for _, r in ipairs(core.scenario.provisional(data.store)) do
      assert.is_truthy(r.reason and #r.reason > 10, r.key)
      by[r.key] = r
    end
    for _, u in ipairs(data.store:units{}) do
      if not given[u] then assert.is_truthy(by[u], u) end
    end
  end)

  it("gives Vega the units printed above him and Garcia those below", function()
    local of = {}
    for _, u in ipairs(data.store:units{}) do
      local c = data.store:unit(u).command
      if c then
        of[c] = of[c] or {}
        table.insert(of[c], u)
      end
    end
    for _, l in pairs(of) do table.sort(l) end
    -- the Detachments are the army's: any leader activates them [rough_and_ready RP 6.9]
    assert.are.same({ "4L-1", "4L-2", "4L-3", "Guardacosta", "TampVet", "Vega" }, of.vega)
    assert.are.same({ "10L-1", "10L-2", "2Lig-1", "2Lig-2", "6L-1", "6L-2", "Garcia" }, of.garcia)
    assert.are.same({ "3US-1", "3US-2", "3US-3", "4US-1", "4US-2", "4US-3", "Garland" },
                    of.garland)
    assert.are.same({ "5US-1", "5US-2", "5US-3", "8US-1", "8US-2", "8US-3", "Belknap", "May" },
                    of.belknap)
  end)
end)
