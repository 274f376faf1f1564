-- Rio Sacramento (scenarios/rough-and-ready/rio-sacramento): the battle's data read through the
-- loaders of `volley.scenario` as `game.open` reads it: the Mexican set-up zones through the
-- real placement grammar, the US entry as a reinforcement line of the four entry hexes, the
-- Battle Lost schedules, the map consistent with every hex the battle's text names (entries,
-- exits, haciendas, the elevation examples, the ravine and the spur), its four levels,
-- movement (roads cancel elevation, trails do not; the arroyo), line of sight (the spur, the
-- plateau's edge), the chart tables of the cut-off Terrain Chart cells, and the order of
-- battle (docs/scenarios/rio-sacramento.md).
-- The rules whose data these are but whose play is the battle's rules.lua (RS 3.1, 4.0, 5.15,
-- 5.16, 5.17, 6.12, 6.14, 6.38, 6.9, 8.0 and the deployment) are named here without the
-- citation brackets, so that the rule-case checker (docs/cases.md) does not count this data's
-- test as theirs.
local scenario = require "volley.scenario"
local placement = require "volley.placement"
local charts = require "volley.charts"
local core = require "volley.core"

local ID = "rough-and-ready/rio-sacramento"
local CAVALRY_ZONE = "any Level 2 hex within one of 3246"
local FOOT_ZONE = "any hacienda or Redoubt hex, any hex with a wall hexside, or any level 4 hex "
  .. "east of the Road"

local battle = require "support.scenario_setup"

local function open() return battle.open(ID) end

local grid = core.hex.grid{ layout = "flat-top", parity = "odd-columns-down" }

local function sorted(list)
  local out = {}
  for _, v in ipairs(list) do out[#out + 1] = v end
  table.sort(out)
  return out
end

-- Every unit's hex after the default set-up of the Mexicans (the US is not set up).
local function default_setup()
  local sc, data, plan = open()
  for _, c in ipairs(plan.choices) do assert(scenario.place_choice(data.store, c, c.default)) end
  local at, off = {}, {}
  for _, u in ipairs(data.store:units{}) do
    local kind, hex = data.store:where(u)
    if kind == "hex" then
      at[hex] = at[hex] or {}
      table.insert(at[hex], u)
    else
      off[#off + 1] = u
    end
  end
  for _, list in pairs(at) do table.sort(list) end
  return at, off, sc, data
end

local function hexes(spec, map)
  return placement.locations(assert(placement.compile(spec, map)))
end

describe("Rio Sacramento", function()
  it("is listed by id with its title, system, sides and cap", function()
    local sc = assert(scenario.read(ID))
    assert.are.equal(ID, sc.id)
    assert.are.equal("Rio Sacramento, 28 February 1847", sc.title)
    assert.are.equal("rough_and_ready", sc.system)
    assert.are.same({ "US", "MEX" }, sc.sides)
    assert.are.equal("US", sc.first)                       -- [rough_and_ready 3.11]
    assert.are.equal(40000, sc.max_decisions)
    local found
    for _, e in ipairs(scenario.list()) do
      if e.id == ID then found = e end
    end
    assert.is_truthy(found)
    assert.is_truthy((scenario.list_line(found)):find(
      "^rough%-and%-ready/rio%-sacramento  Rio Sacramento, 28 February 1847  "
      .. "rough_and_ready  US MEX  %d+ provisional$"))
  end)

  it("sets up every Mexican unit on the map and no US unit", function()
    local at, off, _, data = default_setup()
    local placed = 0
    for hex, list in pairs(at) do
      placed = placed + #list
      for _, u in ipairs(list) do
        assert.are.equal("MEX", data.store:unit(u).side, u .. " in " .. hex)
      end
    end
    assert.are.equal(40, placed)          -- 18 cavalry, 11 infantry, 7 guns, 4 leaders
    for _, u in ipairs(off) do assert.are.equal("US", data.store:unit(u).side, u) end
    assert.are.equal(31, #off)            -- the US: 25 that enter and 6 dismounted counters
  end)

  it("asks each Mexican cavalry unit among the Level 2 hexes within one of 3246", function()
    local _, data, plan = open()
    local zone = hexes(CAVALRY_ZONE, data.map)
    assert.are.same({ "3145", "3146", "3245", "3246", "3247", "3346" }, zone)
    -- 3345, beside 3246, is level 3: not in the zone
    assert.are.equal(3, (data.map:elevation("3345")))
    local asked = {}
    for _, c in ipairs(plan.choices) do
      for _, u in ipairs(c.units) do
        if data.store:unit(u).type == "cavalry" or u == "GarciaConde" then
          asked[#asked + 1] = u
          assert.are.same(zone, sorted(c.options), u)
          assert.are.equal("[rough_and_ready RS Mexican Deployment]", c.request.rule)
        end
      end
    end
    assert.are.equal(19, #asked)          -- 5 Conde's, 3 Presidiales, 2 Durango, 8 Rancheros
  end)

  it("puts each cavalry type's default in one hex of the zone, spread only by stacking",
    function()
    local at = default_setup()
    local where = {}
    for hex, list in pairs(at) do
      for _, u in ipairs(list) do where[u] = hex end
    end
    for _, u in ipairs{ "Conde-1", "Conde-2", "Conde-3", "GarciaConde" } do
      assert.are.equal("3246", where[u], u)
    end
    for _, u in ipairs{ "Presid-1", "Presid-2", "Presid-3" } do assert.are.equal("3145", where[u]) end
    for _, u in ipairs{ "Durango-1", "Durango-2" } do assert.are.equal("3346", where[u]) end
    local zone = { ["3145"] = true, ["3146"] = true, ["3245"] = true, ["3246"] = true,
                   ["3247"] = true, ["3346"] = true }
    for i = 1, 8 do assert.is_true(zone[where["Ranch-" .. i]], "Ranch-" .. i) end
  end)

  it("asks infantry, artillery, Heredia, Ugarte and Trias among the haciendas, redoubts, "
    .. "wall hexes and level 4 hexes east of the Road", function()
    local _, data, plan = open()
    local map = data.map
    local zone = hexes(FOOT_ZONE, map)
    assert.are.same({ "1350", "2039", "2239", "2241", "2242", "2339", "2342", "2441", "2442",
      "2642", "2643", "2739", "2740", "2839", "2840", "2940", "2942", "2943", "3039", "3042",
      "3043", "3052", "3142", "3239", "3439", "3449", "3450", "3549", "3550", "3842", "3843",
      "3844", "3942", "3943", "4042", "4043" }, zone)
    -- each part through the grammar: the two haciendas, the redoubt place, the wall hexes
    assert.are.same({ "1350", "3052" }, hexes("any hacienda hex", map))
    assert.are.same({ "2039", "2239", "2339", "2342", "3039", "3142", "3239", "3439" },
                    hexes("any Redoubt hex", map))
    assert.are.same({ "2241", "2242", "2441", "2442", "2642", "2643", "2942", "2943", "3042",
                      "3043" }, hexes("any hex with a wall hexside", map))
    -- the knoll 1943 is level 4 but west of the Road: not in the zone
    assert.are.same({ "1943" }, hexes("any level 4 hex west of the Road", map))
    local asked = {}
    for _, c in ipairs(plan.choices) do
      for _, u in ipairs(c.units) do
        local t = data.store:unit(u).type
        if (t ~= "cavalry" and u ~= "GarciaConde") then
          asked[#asked + 1] = u
          assert.are.same(zone, sorted(c.options), u)
        end
      end
    end
    assert.are.same({ "4pdr-1", "4pdr-2", "6pdr", "7L", "8pdr", "Heredia", "Musk-1", "Musk-2",
      "Musk-3", "NG-1", "NG-10", "NG-2", "NG-3", "NG-4", "NG-5", "NG-6", "NG-7", "NG-8",
      "NG-9", "Trias", "Ugarte" }, sorted(asked))
  end)

  it("puts the foot and the guns' defaults in the works and on Hill A, within the stacking "
    .. "limits", function()
    local at = default_setup()
    local foot = {}
    for hex, list in pairs(at) do
      if not hex:match("^3[12]4[5-7]$") and hex ~= "3346" then foot[hex] = list end
    end
    assert.are.same({
      ["2339"] = { "4pdr-1", "4pdr-2", "7L", "Ugarte" },   -- the redoubt beside the road
      ["2739"] = { "8pdr" },                              -- Hill A
      ["3039"] = { "6pdr" }, ["3239"] = { "Musk-1", "Musk-2", "Musk-3" },
      ["2242"] = { "NG-1", "NG-2", "NG-3" }, ["2342"] = { "Heredia", "NG-4", "NG-5" },
      ["3142"] = { "NG-6", "NG-7", "NG-8", "Trias" }, ["3043"] = { "NG-10", "NG-9" },
    }, foot)
  end)

  it("brings the whole US force in by one of the four entry hexes, the mounted 1st Missouri "
    .. "counters, and keeps the dismounted ones off the board", function()
    local sc, data = open()
    local sch = assert(require("volley.schedule").read(sc))
    local arrivals = {}
    for _, a in ipairs(sch.arrivals) do
      if a.side == "US" then arrivals[#arrivals + 1] = a end
    end
    assert.are.equal(1, #arrivals)
    local army = arrivals[1]
    assert.are.equal("army", army.key)   -- its secret, chosen in advance: entry_army
    assert.are.equal(1, army.turn)          -- the opening
    assert.are.equal("2536", army.default)  -- bots come by the road
    assert.are.same({ "1637", "2536", "3736", "3937" }, hexes(army.where, data.map))
    assert.are.same({ "1637", "2536", "3736", "3937" }, data.map:place("us-entry"))
    local units = sorted(army.units)
    local expect = { "ChRangers", "Civ-1", "Civ-2", "Doniphan", "Mitchell", "Owens", "Reid" }
    for i = 1, 6 do
      expect[#expect + 1] = "1MO-" .. i .. "m"
      expect[#expect + 1] = "Clark-" .. i
      expect[#expect + 1] = "Wagon-" .. i
    end
    assert.are.same(sorted(expect), units)
  end)

  it("has the keys of the Battle Lost schedules and Withdrawal Levels of RS 8.0", function()
    local sc = assert(scenario.read(ID))
    assert.are.same({
      US = { withdrawal = 15, bl_wagon_eliminated = 2, bl_missourian_eliminated = 2,
             missourians = "1MO-1m 1MO-1d 1MO-2m 1MO-2d 1MO-3m 1MO-3d 1MO-4m 1MO-4d 1MO-5m "
               .. "1MO-5d 1MO-6m 1MO-6d ChRangers",
             bl_civilian_eliminated = 1, civilians = "Civ-1 Civ-2", bl_gun_eliminated = 1,
             bl_disordered = 1 },
      MEX = { withdrawal = 20, bl_combat_eliminated = 1, bl_wagon_exit_torrejon = 1,
              exit_torrejon = 1552, bl_wagon_exit_chihuahua = 2, exit_chihuahua = 3253 },
    }, scenario.victory(sc))
  end)
end)

describe("the Rio Sacramento map", function()
  local data, map
  setup(function()
    local _
    _, data = open()
    map = data.map
  end)

  it("has north at the top, the US entries at its north and the exits at its south", function()
    local info = map:info()
    assert.are.equal("top", info.north)
    assert.are.equal("first", info.text_row)
    for _, h in ipairs{ "1637", "2536", "3736", "3937" } do
      assert.is_true(tonumber(h:sub(3)) <= 37, h)
      assert.are.equal(1, (map:elevation(h)), h)
    end
    local chihuahua = map:road("road.chihuahua").hexes
    assert.are.equal("2536", chihuahua[1])                 -- the road's entry
    assert.are.equal("3253", chihuahua[#chihuahua])        -- its exit
    local torrejon = map:road("road.torrejon").hexes
    assert.are.equal("1552", torrejon[#torrejon])
    local passes = false
    for _, h in ipairs(torrejon) do passes = passes or h == "1350" end
    assert.is_true(passes)                                  -- named for the hacienda at 1350
    assert.are.same({ "1552" }, map:place("exit-torrejon"))
    assert.are.same({ "3253" }, map:place("exit-chihuahua"))
  end)

  it("has the haciendas at 1350 and 3052, the Chihuahua Road alongside 3052", function()
    assert.are.equal("h", map:terrain("1350"))
    assert.are.equal("h", map:terrain("3052"))
    local beside = false
    for _, h in ipairs(map:road("road.chihuahua").hexes) do
      if grid:distance(h, "3052") == 1 then beside = true end
    end
    assert.is_true(beside)
    local n = 0
    for _, h in ipairs(map:hexes()) do
      if map:terrain(h) == "h" then n = n + 1 end
    end
    assert.are.equal(2, n)
  end)

  it("has four levels and the one-, two- and three-level hexsides of RS 5.15", function()
    local seen = {}
    for _, h in ipairs(map:hexes()) do seen[map:elevation(h)] = true end
    assert.are.same({ [1] = true, [2] = true, [3] = true, [4] = true }, seen)
    local sides = assert(placement.compile("2438-9, 3741-3842, 2738-9", map, nil,
      { context = "hexside" })).hexsides
    assert.are.same({ "2438/2439", "2738/2739", "3741/3842" }, sides)
    local function change(side)
      local a, b = side:match("(%d+)/(%d+)")
      return math.abs(map:elevation(a) - map:elevation(b))
    end
    assert.are.equal(1, change("2438/2439"))
    assert.are.equal(3, change("2738/2739"))
    assert.are.equal(2, change("3741/3842"))
    -- the examples are bare slopes: no arroyo or works on them
    for _, s in ipairs(sides) do
      local a, b = s:match("(%d+)/(%d+)")
      assert.are.same({}, map:hexside(a, b), s)
    end
  end)

  it("has the ravine 2643-4 and the spur 2944-3045 of RS 5.17 on their hexsides", function()
    assert.are.same({ "ravine" }, map:hexside("2643", "2644"))
    assert.are.same({ "spur" }, map:hexside("2944", "3045"))
    assert.are.same({ "2944/3045" }, assert(placement.compile("any spur hexside", map, nil,
      { context = "hexside" })).hexsides)
    -- the spur runs from the level 3 ridge (3044) between two level 2 hexes
    assert.are.equal(2, (map:elevation("2944")))
    assert.are.equal(2, (map:elevation("3045")))
    assert.are.equal(3, (map:elevation("3044")))
  end)

  it("puts the arroyo along the plateau's foot, open at the road and the western crossing",
    function()
    assert.are.same({ "arroyo" }, map:hexside("1438", "1439"))
    assert.are.same({ "arroyo" }, map:hexside("3338", "3339"))
    assert.are.same({}, map:hexside("2538", "2539"))        -- the road climbs
    assert.are.same({}, map:hexside("1638", "1639"))        -- the western crossing
    -- every redoubt hex owns redoubt hexsides; the redoubts on the edge face the arroyo
    for _, h in ipairs(map:place("redoubt")) do
      local n = 0
      for _, nb in ipairs(grid:neighbors(h)) do
        for _, f in ipairs(map:hexside(h, nb)) do
          if f == "redoubt" then n = n + 1 end
        end
      end
      assert.is_true(n >= 2, h)
    end
  end)

  it("prices the elevation: roads cancel it, trails do not, the arroyo is +2D and no "
    .. "horse crosses it", function()
    local mv = data.move
    -- the road climbs 2538 -> 2539 at the road's 1 MP, the artillery too
    local cost, step = mv:step("2538", "2539", { class = "art" })
    assert.are.equal(1, cost)
    assert.are.equal("road", step.road)
    -- beside it, off the road, artillery pays clear 2 + 1 a level
    assert.are.equal(3, (mv:step("2438", "2439", { class = "art" })))
    -- the trail climbs 1638 -> 1639: its 1 MP and the level's +1
    cost, step = mv:step("1638", "1639", { class = "inf" })
    assert.are.equal(2, cost)
    assert.are.equal("trail", step.road)
    -- three levels up the cliff: 1 + 3; two levels: 1 + 2
    assert.are.equal(4, (mv:step("2738", "2739", { class = "inf" })))
    assert.are.equal(3, (mv:step("3741", "3842", { class = "inf" })))
    -- the arroyo: infantry +2 and Disordered, cavalry and guns not at all
    cost, step = mv:step("1438", "1439", { class = "inf" })
    assert.are.equal(1 + 2 + 1, cost)
    assert.is_true(step.disorder)
    assert.is_false((mv:step("1438", "1439", { class = "cav" })))
    assert.is_false((mv:step("1438", "1439", { class = "art" })))
  end)

  it("blocks fire across the spur and past the plateau's edge (RS 6.17)", function()
    local los = assert(core.los.new(map))
    local clear, why = los:check("2944", "3045")
    assert.is_false(clear)
    assert.are.equal("2944/3045", why.blocked_by)
    assert.are.equal("[rough_and_ready TEC] note g", why.rule)
    clear = los:check("2844", "3145")                 -- a line along the spur
    assert.is_false(clear)
    -- a redoubt on the edge sees down to the approach; from one hex back the edge blocks
    assert.is_true((los:check("2039", "2037")))
    clear, why = los:check("2040", "2037")
    assert.is_false(clear)
    assert.are.equal("2039", why.blocked_by)
    assert.are.equal("[rough_and_ready RS 6.17]", why.rule)
    los:close()
  end)

  it("flags the works and prints the cut-off chart cells as provisional tables", function()
    local function flags(id)
      local t = map:terrain_type(id, "hexside")
      return sorted(t.flags)
    end
    assert.are.same({ "works" }, flags("wall"))
    assert.are.same({ "works" }, flags("redoubt"))
    assert.are.same({ "blocks-los" }, flags("spur"))
    assert.are.same({ "disorders" }, flags("arroyo"))
    local sc = assert(scenario.read(ID))
    local t = assert(charts.load(sc.system, sc.paths.roots.charts, sc.paths.charts or nil))
    local function drm(table_name, name)
      return t:lookup(table_name, { name = name }).result.drm
    end
    assert.are.equal(-1, drm("rs_fire_terrain", "hacienda"))       -- printed
    assert.are.equal(-1, drm("rs_fire_terrain", "wall"))
    assert.are.equal(-2, drm("rs_fire_terrain", "redoubt"))
    assert.are.equal(-3, drm("rs_shock_terrain", "river"))         -- printed
    assert.are.equal(-2, drm("rs_shock_terrain", "arroyo"))
    assert.are.equal(-1, drm("rs_shock_terrain", "uphill"))
    assert.is_truthy(t:info("rs_fire_terrain").provisional)
    assert.is_truthy(t:info("rs_shock_terrain").provisional)
  end)
end)

describe("the Rio Sacramento order of battle", function()
  local data
  setup(function()
    local _
    _, data = open()
  end)

  local function of(pattern)
    local out = {}
    for _, u in ipairs(data.store:units{}) do
      if u:match(pattern) then out[#out + 1] = u end
    end
    return out
  end

  it("holds every unit of the deployment lists, as many as printed", function()
    assert.are.equal(10, #of("^NG%-"))
    assert.are.equal(5, #of("^Conde%-"))
    assert.are.equal(3, #of("^Presid%-"))
    assert.are.equal(2, #of("^Durango%-"))
    assert.are.equal(8, #of("^Ranch%-"))
    assert.are.equal(2, #of("^4pdr%-"))
    assert.are.equal(3, #of("^Musk%-"))
    assert.are.equal(6, #of("^Wagon%-"))
    assert.are.equal(2, #of("^Civ%-"))
    for _, id in ipairs{ "7L", "6pdr", "8pdr", "Heredia", "GarciaConde", "Ugarte", "Trias",
                         "Doniphan", "Mitchell", "Reid", "Owens", "ChRangers" } do
      assert.is_truthy(data.store:unit(id), id)
    end
    assert.are.equal(71, #data.store:units{})
  end)

  it("gives each 1st Missouri company a mounted and a dismounted counter", function()
    for i = 1, 6 do
      local m, d = data.store:unit("1MO-" .. i .. "m"), data.store:unit("1MO-" .. i .. "d")
      assert.are.equal("cavalry", m.type)
      assert.are.equal("infantry", d.type)
      assert.are.equal(m.command, d.command)
      assert.are.equal(i <= 3 and "mitchell" or "reid", m.command)
    end
    assert.are.equal("cavalry", data.store:unit("ChRangers").type)   -- mounted only
    assert.is_true(data.store:get("ChRangers", "independent") >= 0)
  end)

  it("lets no infantry form square: none is regular", function()
    for _, u in ipairs(data.store:units{}) do
      if data.store:unit(u).type == "infantry" then
        assert.are.equal("no", data.store:get(u, "regular"), u)
      end
    end
  end)

  it("puts the wagons and the civilians under Owens and every gun's type in the chart",
    function()
    for _, u in ipairs(of("^Wagon%-")) do assert.are.equal("owens", data.store:unit(u).command) end
    for _, u in ipairs(of("^Civ%-")) do assert.are.equal("owens", data.store:unit(u).command) end
    local guns = {}
    for _, u in ipairs(data.store:units{}) do
      if data.store:unit(u).type == "artillery" then
        guns[#guns + 1] = u .. "=" .. data.store:get(u, "gun")
      end
    end
    assert.are.same({ "4pdr-1=4", "4pdr-2=4", "6pdr=6", "8pdr=8", "Clark-1=6", "Clark-2=6",
      "Clark-3=6", "Clark-4=6", "Clark-5=H", "Clark-6=H", "Musk-1=M", "Musk-2=M", "Musk-3=M" },
      sorted(guns))
  end)

  it("marks every value provisional with a reason: the rulebook prints none", function()
    local by = {}
    for _, r in ipairs(core.scenario.provisional(data.store)) do
      assert.is_truthy(r.reason and #r.reason > 10, r.key)
      by[r.key] = r
    end
    for _, u in ipairs(data.store:units{}) do assert.is_truthy(by[u], u) end
  end)
end)
