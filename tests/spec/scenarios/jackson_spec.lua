-- Jackson at the Crossroads (scenarios/jackson-at-the-crossroads/): the one map of both battles,
-- the one roster (each battle's oob.ini; a unit in both has the same values), the brigades'
-- totals, BCE limits and Momentum Points as the roster prints them, the set-ups where the text
-- puts them, Cross Keys' Union schedule as [reinforcements.USA], the scenario parameters and
-- victory values, the Momentum Track (docs/scenarios/jackson-at-the-crossroads.md). The rules
-- these data serve are the issues that follow (SPI GBACW II-VII).
local game = require "volley.game"
local scenario = require "volley.scenario"
local charts = require "volley.charts"
local core = require "volley.core"

local CK, FP, PR = "jackson-at-the-crossroads/cross-keys",
  "jackson-at-the-crossroads/cross-keys/free-play", "jackson-at-the-crossroads/port-republic"

local function open(id)
  local g = game.open(id)
  g:setup_defaults()
  return g
end

local grid = core.hex.grid{ layout = "flat-top", parity = "even-columns-down" }

local function level(m, h)
  local _, halves = m:elevation(h)
  return halves / 2
end

local function has(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

local function set(list)
  local t = {}
  for _, v in ipairs(list) do t[v] = true end
  return t
end

describe("Jackson at the Crossroads", function()
  it("lists its three battles, system spi_gbacw, sides USA CSA [spi_gbacw JC 20.5]", function()
    local ids = {}
    for _, e in ipairs(scenario.list()) do
      if e.id:match("^jackson%-at%-the%-crossroads/") then
        ids[#ids + 1] = e.id
        local sc = assert(scenario.read(e.id))
        assert.are.equal("spi_gbacw", sc.system)
        assert.are.same({ "USA", "CSA" }, sc.sides)
      end
    end
    assert.are.same({ CK, FP, PR }, ids)
    assert.are.equal("USA", assert(scenario.read(CK)).first)      -- (JC 31.0)
    assert.are.equal("CSA", assert(scenario.read(PR)).first)      -- (JC 29.0)
  end)

  describe("the map, shared by both battles", function()
    local m = open(CK).map

    it("is one file of the game's scales: both battles read the game folder's map.ini "
      .. "[spi_gbacw 3.1] [spi_gbacw JC 19.0]", function()
      local a, b = assert(scenario.read(CK)), assert(scenario.read(PR))
      assert.are.equal("game:map.ini", a.map)
      assert.are.equal(a.paths.map, b.paths.map)
      assert.truthy(a.paths.map:match("jackson%-at%-the%-crossroads/map%.ini$"))
    end)

    it("has the entry and retreat hexes on its edges [spi_gbacw JC 24.11, JC 24.12, JC 24.13]",
      function()
      assert.are.same({ "3944" }, m:edge("entry-a"))
      assert.are.same({ "2201" }, m:edge("entry-b"))
      assert.are.same({ "1501" }, m:edge("entry-c"))
      assert.are.same({ "0139" }, m:edge("entry-d"))
      assert.are.same({ "0129" }, m:edge("retreat-0129"))
    end)

    it("has the North River Bridge on 1040/0941 and the fords [spi_gbacw JC 29.13] (JC 22.6)",
      function()
      assert.are.same({ "bridge", "river" }, (m:hexside("1040", "0941")))
      assert.are.same({ "ford", "river" }, (m:hexside("1042", "0942")))
      for _, f in ipairs{ "upper-ford", "lower-ford", "pirkeys-ford" } do
        local p = m:place(f)
        assert.are.equal(2, #p, f)
        assert.are.same({ "ford", "river" }, (m:hexside(p[1], p[2])), f)
      end
      assert.are.same({ "0942", "1042" }, m:place("lower-ford"))
      -- flat-top, even columns down: 1040/0941 a hexside (digest 5.3)
      assert.are.equal(1, grid:distance("1040", "0941"))
    end)

    it("T-22.1: 1813 at level 3, 1812 higher across a crest, 1713 level (JC 22.1)",
      function()
      assert.are.equal(3, level(m, "1813"))
      assert.is_true(level(m, "1812") > level(m, "1813"))
      assert.are.equal(3, level(m, "1713"))
      assert.are.equal(1, grid:distance("1813", "1812"))
      assert.are.equal(1, grid:distance("1813", "1713"))
      -- no hexside climbs more than a level: a crest is a level (the chart's costs)
      for _, h in ipairs(m:hexes()) do
        for _, n in ipairs(grid:neighbors(h)) do
          if m:terrain(n) then
            assert.is_true(math.abs(level(m, h) - level(m, n)) <= 1, h .. "/" .. n)
          end
        end
      end
    end)

    it("names the historical sites and the areas the rules read [spi_gbacw JC 22.9]", function()
      assert.are.same({ "1617" }, m:place("mill-creek-church"))
      assert.are.same({ "1425" }, m:place("mill-creek-schoolhouse"))
      assert.are.same({ "1239", "1240", "1339", "1439", "1539", "1639", "1739", "1839" },
                      m:place("military-ridge"))
      assert.are.same({ "1233", "1333" }, m:place("artillery-reserve"))
      assert.are.same({ "0138", "0139", "0140", "0238", "0239" }, m:place("train-park"))
      -- Port Republic: town hexes at level 1 on the peninsula (JC 22.8)
      local pen = set(m:place("peninsula"))
      for _, h in ipairs(m:place("port-republic")) do
        assert.are.equal("t", m:terrain(h), h)
        assert.are.equal(1, level(m, h), h)
        assert.is_true(pen[h], h)
      end
      -- the Cross Keys set-up: west of Mill Creek, north of the North River, the reserves in it
      local ck = set(m:place("cross-keys-setup"))
      for _, h in ipairs{ "1426", "1427", "1526", "1527", "1528", "1330", "1331", "1430",
                          "1617", "1425" } do
        assert.is_true(ck[h], h)
      end
      assert.is_nil(ck["2201"])
      assert.is_nil(ck["1501"])
      assert.is_nil(ck["0942"])
      assert.is_true(#m:place("restraint-line") > 0)
      for _, h in ipairs{ "3947", "1948" } do assert.truthy(m:terrain(h), h) end
    end)

    it("runs Mill Creek between the Union entries and the Confederate set-up", function()
      local ck = set(m:place("cross-keys-setup"))
      local crossings = 0
      for _, h in ipairs(m:hexes()) do
        for _, n in ipairs(grid:neighbors(h)) do
          if ck[h] and not ck[n] and h < n and has((m:hexside(h, n)), "stream") then
            crossings = crossings + 1
          end
        end
      end
      assert.is_true(crossings > 20)
    end)
  end)

  describe("the roster", function()
    local ck, pr = open(CK).store, open(PR).store
    local TOTAL = { Schenck = 21, Milroy = 20, Cluseret = 8, Bayard = 11, Stahel = 25,
                    Bohlen = 16, Koltes = 15, Carroll = 14, Tyler = 16, Winder = 14,
                    Taliaferro = 12, Patton = 8, Taylor = 23, Trimble = 17, Elzey = 14,
                    Steuart = 11 }
    local BCE = { Schenck = 11, Milroy = 11, Cluseret = 4, Bayard = 5, Stahel = 9, Bohlen = 6,
                  Koltes = 6, Carroll = 8, Tyler = 9, Winder = 9, Taliaferro = 7, Patton = 5,
                  Taylor = 13, Trimble = 11, Elzey = 8, Steuart = 7 }
    local MP = { Schenck = 3, Milroy = 3, Cluseret = 1, Bayard = 1, Stahel = 3, Bohlen = 2,
                 Koltes = 2, Carroll = 0, Tyler = 0, Winder = 3, Taliaferro = 2, Patton = 1,
                 Taylor = 4, Trimble = 3, Elzey = 2, Steuart = 2 }
    local MR = { Schenck = 4, Milroy = 4, Cluseret = 3, Bayard = 4, Stahel = 2, Bohlen = 2,
                 Koltes = 2, Carroll = 4, Tyler = 4, Winder = 5, Taliaferro = 4, Patton = 4,
                 Taylor = 4, Trimble = 5, Elzey = 4, Steuart = 4 }

    local function exists(s, id) return (pcall(s.unit, s, id)) and s:unit(id) ~= nil end
    local function store_of(leader)
      if exists(ck, leader) then return ck end
      return pr
    end
    local function cmd(s, id) return s:unit(id).command end

    it("adds each brigade's regiments up to the roster's total, the y of its BCE limit "
      .. "(18.0)", function()
      for b, total in pairs(TOTAL) do
        local s = store_of(b)
        local sum, n = 0, 0
        for _, u in ipairs(s:units_of(b:lower())) do
          if s:unit(u).kind ~= "leader" then
            sum = sum + s:get(u, "strength")
            n = n + 1
          end
        end
        assert.are.equal(total, sum, b)
        assert.are.equal(total, s:get(b, "bce_boxes"), b)
        assert.are.equal(BCE[b], s:get(b, "bce_limit"), b)
        assert.are.equal(MP[b], s:get(b, "momentum_points"), b)     -- (JC 30.22)
        assert.are.equal(MR[b], s:get(b, "vp_morale"), b)           -- (JC 28.15)
        if b == "Winder" or b == "Taliaferro" or b == "Patton" or b == "Taylor" then
          assert.are.equal(({ Winder = 5, Taliaferro = 3, Patton = 3, Taylor = 5 })[b], n, b)
        end
      end
      -- Winder's regiments printed 3, their brigade's VP morale 5 (JC 26.0)
      assert.are.equal(3, pr:get("2Va", "morale"))
    end)

    it("holds the regiments the text names by their designations [spi_gbacw 3.33], the "
      .. "cavalry with its dismounted MR [spi_gbacw JC 20.3]", function()
      for _, id in ipairs{ "52Va", "58Va" } do assert.are.equal("steuart", cmd(ck, id)) end
      assert.are.equal("elzey", cmd(ck, "31Va"))
      assert.are.equal("trimble", cmd(ck, "15Al"))
      assert.are.equal("trimble", cmd(ck, "21NC"))
      assert.are.equal("bayard", cmd(ck, "1NJC"))
      assert.are.equal("bayard", cmd(ck, "1PaC"))
      for _, c in ipairs{ { "6OhC", 3, 4 }, { "3WVC", 3, 4 }, { "4NYC", 3, 4 } } do
        assert.are.equal(c[2], ck:get(c[1], "morale"), c[1])
        assert.are.equal(c[2] - 1, ck:get(c[1], "morale_dismounted"), c[1])
        assert.are.equal(c[3], ck:get(c[1], "strength"), c[1])
        assert.is_true(ck:get(c[1], "divisional"), c[1])               -- (JC 25.5)
      end
    end)

    it("has every section of the roster with its weapon and guns (JC 21.2)", function()
      local want = { ["Rigby-B"] = { "HA", 3 }, ["K1Oh-C"] = { "L", 2 }, ["GWVa-A"] = { "HA", 2 },
                     ["2NYL-B"] = { "PA", 2 }, ["13NY-B"] = { "PA", 3 }, ["2Me-A"] = { "PB", 2 },
                     ["CWVa-C"] = { "N", 2 }, ["Lusk-A"] = { "TB", 1 }, ["Raines-A"] = { "L", 3 } }
      for id, v in pairs(want) do
        assert.are.equal(v[1], ck:get(id, "weapon"), id)
        assert.are.equal(v[2], ck:get(id, "strength"), id)
      end
      assert.are.equal("E4US", pr:get("E4US-C", "battery"))
      assert.are.equal("C", pr:get("E4US-C", "section"))
      assert.are.equal(5, pr:get("Poague-A", "morale"))
      assert.are.equal(2, pr:get("Carrington-A", "morale"))
      local n = 0
      for _, u in ipairs(ck:units{ side = "USA", type = "artillery" }) do
        n = n + 1
        assert.are.equal(4, ck:get(u, "morale"), u)                     -- Union artillery MR 4
      end
      assert.are.equal(26, n)                                           -- Fremont's 16, Blenker's 10
      assert.are.equal(12, #ck:units{ side = "CSA", type = "artillery" })
    end)

    it("has the wagons' ammunition boxes and their crews (11.0, 12.14)", function()
      assert.are.same({ 5, 8 }, { ck:get("Wagon-Fremont", "small_arms_boxes"),
                                  ck:get("Wagon-Fremont", "artillery_boxes") })
      assert.are.same({ 6, 6 }, { ck:get("Wagon-Blenker", "small_arms_boxes"),
                                  ck:get("Wagon-Blenker", "artillery_boxes") })
      assert.are.same({ 3, 4 }, { pr:get("Wagon-Shields", "small_arms_boxes"),
                                  pr:get("Wagon-Shields", "artillery_boxes") })
      assert.are.equal(1, pr:get("Wagon-Shields", "strength"))
    end)

    it("has the command hierarchy and the successions [spi_gbacw JC 25.1] [spi_gbacw JC 25.2]",
      function()
      assert.are.equal("jackson", cmd(pr, "Jackson"))
      assert.are.equal("Winder Taliaferro Patton Taylor", pr:get("Jackson", "succession"))
      assert.are.equal("Trimble Elzey Steuart", ck:get("Ewell", "succession"))
      assert.are.equal("Blenker Milroy Schenck Bayard Cluseret", ck:get("Fremont", "succession"))
      assert.are.equal("Bohlen Stahel Koltes", ck:get("Blenker", "succession"))
      assert.is_true(pr:get("Carroll", "independent"))
      assert.is_true(pr:get("Steuart-Rep", "replacement"))
    end)

    it("gives a unit in both battles the same values in both files", function()
      local shared = 0
      for _, u in ipairs(ck:units{}) do
        if exists(pr, u) then
          shared = shared + 1
          local a, b = ck:unit(u), pr:unit(u)
          for _, k in ipairs{ "name", "side", "type", "kind", "command", "source", "provisional" } do
            assert.are.same(a[k], b[k], u .. " " .. k)
          end
          assert.are.same(ck:values(u), pr:values(u), u)
        end
      end
      assert.is_true(shared >= 10)
    end)
  end)

  describe("Cross Keys", function()
    it("sets up only Confederates, the reserves on their printed hexes [spi_gbacw JC 33.1]",
      function()
      local g = open(CK)
      local s = g.store
      local where = {}
      for _, u in ipairs(s:units{}) do
        local kind = s:where(u)
        if kind == "hex" then where[u] = s:hexes(u)[1] end
      end
      for u in pairs(where) do assert.are.equal("CSA", s:unit(u).side, u) end
      local taylor = {}
      for _, r in ipairs{ "6La", "7La", "8La", "9La", "1LaBn" } do taylor[#taylor + 1] = where[r] end
      table.sort(taylor)
      assert.are.same({ "1426", "1427", "1526", "1527", "1528" }, taylor)
      local patton = {}
      for _, r in ipairs{ "42Va", "48Va", "1VaBn" } do patton[#patton + 1] = where[r] end
      table.sort(patton)
      assert.are.same({ "1330", "1331", "1430" }, patton)
      local ck = set(g.map:place("cross-keys-setup"))
      for u, h in pairs(where) do assert.is_true(ck[h], u .. " at " .. h) end
    end)

    it("brings the Union by the schedule of 33.21, a group a key [spi_gbacw JC 33.21, JC 33.23]",
      function()
      local g = open(CK)
      local by = {}
      for _, a in ipairs(g.schedule.arrivals) do
        assert.are.equal("USA", a.side)                                 -- no CSA reinforcement
        by[a.key] = a
      end
      assert.are.equal(2, by.blenker.turn)
      assert.are.equal(2, by.fremont.turn)
      assert.are.equal(6, by.bayard.turn)
      assert.is_true(has(by.blenker.units, "Blenker") and has(by.blenker.units, "Wagon-Blenker"))
      assert.is_true(has(by.fremont.units, "6OhC") and has(by.fremont.units, "12Oh-C"))
      assert.are.same({ "Bayard", "1NJC", "1PaC" }, by.bayard.units)
      assert.are.equal(15, g.schedule.last)
      assert.are.equal(2, g.params.first_turn)
    end)

    it("keeps its parameters and victory values as data [spi_gbacw JC 33.51, JC 33.52, "
      .. "JC 33.61]", function()
      local g = open(CK)
      assert.are.same({ 1, 2, 1, 2 }, { g.params.usa_small_arms_depletion,
        g.params.usa_artillery_depletion, g.params.csa_small_arms_depletion,
        g.params.csa_artillery_depletion })
      assert.are.equal(9, g.params.taylor_release)
      assert.are.equal(60, g.victory.USA.schoolhouse_vp)
      assert.are.equal(1040, g.victory.USA.automatic)
      local f = open(FP)
      assert.are.equal(6, f.params.taylor_release)                      -- (JC 33.7)
      assert.are.equal(7, f.params.patton_release)
      assert.are.equal(100, f.victory.CSA.church_vp)
    end)

    it("reads Fremont's Momentum Track: the printed boxes and the examples' (JC 30.2)",
      function()
      local c = assert(charts.load("spi_gbacw", "scenarios/jackson-at-the-crossroads/cross-keys"))
      local want = { [-10] = 0, [-4] = 0, [-3] = 1, [-2] = 1, [0] = 1, [2] = 2, [3] = 3, [5] = 4 }
      for mom, fil in pairs(want) do
        local r = assert(c:lookup("momentum", { roll = mom }))
        assert.are.same({ initiative = fil }, r.result, tostring(mom))
      end
      local prev = -1
      for mom = -10, 10 do
        local fil = assert(c:lookup("momentum", { roll = mom })).result.initiative
        assert.is_true(fil >= prev, tostring(mom))
        prev = fil
      end
    end)
  end)

  describe("Port Republic", function()
    it("sets up the Union within 8 of 3947 [spi_gbacw JC 29.11] and Jackson's van within 5 of "
      .. "1042, the rest on the peninsula [spi_gbacw JC 29.12]", function()
      local g = open(PR)
      local s, m = g.store, g.map
      local pen = set(m:place("peninsula"))
      local van = set{ "Jackson", "Winder", "2Va", "4Va", "5Va", "27Va", "33Va", "Poague-A",
                       "Poague-B", "Carpenter-A", "Carpenter-B" }
      local n = 0
      for _, u in ipairs(s:units{}) do
        local kind = s:where(u)
        assert.are.equal("hex", kind, u)
        local h = s:hexes(u)[1]
        n = n + 1
        if s:unit(u).side == "USA" then
          assert.is_true(grid:distance(h, "3947") <= 8, u .. " at " .. h)
        elseif van[u] then
          assert.is_true(grid:distance(h, "1042") <= 5, u .. " at " .. h)
        elseif u:match("^WagonBridge") then
          assert.is_true(h == "1042" or h == "0942", u)
        else
          assert.is_true(pen[h], u .. " at " .. h)
        end
      end
      assert.are.equal(18 + 55, n)
      for _, u in ipairs{ "Lusk-A", "Rice-A", "Raines-A", "Trimble", "Patton" } do
        assert.is_false((pcall(function() return assert(s:unit(u)) end)), u)
      end
      assert.are.equal("52Va 58Va 31Va", g.victory.CSA.removed)         -- (JC 29.14)
    end)

    it("keeps its parameters as data (JC 29.41, JC 29.42)", function()
      local g = open(PR)
      assert.are.same({ 1, 2, 3, 4 }, { g.params.usa_small_arms_depletion,
        g.params.usa_artillery_depletion, g.params.csa_small_arms_depletion,
        g.params.csa_artillery_depletion })
      assert.are.equal(18, g.params.first_turn)
      assert.are.equal(25, g.schedule.last)
      assert.are.equal("3944", tostring(g.victory.USA.path_to))
    end)
  end)
end)
