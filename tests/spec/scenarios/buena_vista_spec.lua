-- Buena Vista (scenarios/battle-of-buena-vista/buena-vista), Battle of Buena Vista's one battle:
-- the scenario opened as `volley check` and `volley render` open it (the system has no rules
-- yet): the order of battle of 3.1 with its counts, the brigades' double-size counters on two
-- hexes and their replacements set aside, the set-up's hexes and Track letters, the Reserve
-- Box, and the map consistent with every hex the text and the 2023 errata name
-- (docs/scenarios/buena-vista.md). The rules these hexes serve (movement costs, line of
-- sight, the Track's play) are named without citation brackets: their issues test them.
local game = require "volley.game"
local scenario = require "volley.scenario"
local core = require "volley.core"

local ID = "battle-of-buena-vista/buena-vista"

local function open()
  local g = game.open(ID)
  g:setup_defaults()
  return g
end

local grid = core.hex.grid{ layout = "flat-top", parity = "odd-columns-down" }

local function level(m, h)
  local _, halves = m:elevation(h)
  return halves / 2
end

local function sorted(t)
  table.sort(t)
  return t
end

describe("Buena Vista", function()
  it("is listed by id with its title, system and sides, US first", function()
    local sc = assert(scenario.read(ID))
    assert.are.equal("Buena Vista, 23 February 1847", sc.title)
    assert.are.equal("battle_of_buena_vista", sc.system)
    assert.are.same({ "US", "MEX" }, sc.sides)
    assert.are.equal("US", sc.first)
    local found
    for _, e in ipairs(scenario.list()) do
      if e.id == ID then found = e end
    end
    assert.is_truthy(found)
    assert.is_truthy((scenario.list_line(found)):find(
      "^battle%-of%-buena%-vista/buena%-vista  Buena Vista, 23 February 1847  "
      .. "battle_of_buena_vista  US MEX  %d+ provisional$"))
  end)

  it("has the order of battle of 3.1: a line marked (2) is two counters", function()
    local g = open()
    local s = g.store
    local function count(side, typ) return #s:units{ side = side, type = typ } end
    assert.are.equal(12, count("US", "infantry") - 2)    -- six regiments (2) and the SG (2)
    assert.are.equal(8, count("US", "cavalry"))          -- 1D, 2D (2), 1AR (2), 1KY (2), TxR
    assert.are.equal(6, count("US", "artillery"))        -- three batteries (2)
    assert.are.equal(13, count("US", "leader"))
    assert.are.equal(17, count("MEX", "brigade"))        -- 2.1: 17 double-size counters
    assert.are.equal(8, count("MEX", "leader"))
    local ids = {}
    for _, u in ipairs(s:units{}) do ids[u] = true end
    for _, id in ipairs{ "1IL", "2IL", "2IN", "3IN", "2KY", "1MS", "2D", "1AR", "1KY", "SG",
                         "2Eng", "SRM" } do
      assert.is_truthy(ids[id .. "-1"] and ids[id .. "-2"], id)
      assert.is_falsy(ids[id .. "-3"], id)
    end
    for _, id in ipairs{ "1D", "TxR", "TCG", "HG", "Pr", "SPat", "3/T" } do
      assert.is_truthy(ids[id], id)
    end
    assert.are.equal(61 + 21, #s:units{})
  end)

  it("keeps the values the text gives: Santa Anna's 2, the SPat and SG reverses", function()
    local s = open().store
    assert.are.equal(2, s:get("SantaAnna", "activation"))
    assert.are.equal(4, s:get("SPat", "morale_reverse"))
    assert.are.equal(4, s:get("SPat", "shock_reverse"))
    assert.are.equal(3, s:get("SG-1", "morale_reverse"))
    assert.are.equal(4, s:get("SG-1", "shock_reverse"))
    assert.is_true(s:get("Taylor", "exempt"))
    assert.is_true(s:get("May", "exempt"))               -- a "D" leader
    assert.is_false(s:get("Perez", "exempt"))
  end)

  it("puts each brigade's first counter on two hexes and sets its replacement aside",
    function()
    local s = open().store
    for _, b in ipairs{ "1/L", "2/L", "3/L", "1/P", "2/P", "3/P", "1/O", "2/O" } do
      local hexes = s:hexes(b .. "-1")
      assert.are.equal(2, #hexes, b)
      assert.are.equal(1, grid:distance(hexes[1], hexes[2]), b)
      assert.are.equal("set_aside", (s:where(b .. "-2")), b)
    end
    assert.are.equal(2, #s:hexes("3/T"))                 -- the 17th: no replacement
  end)

  it("sets up every other counter on a hex, a Track space or the Reserve Box", function()
    local s = open().store
    local where = {}
    for _, u in ipairs(s:units{}) do
      local kind, at = s:where(u)
      where[u] = kind == "hex" and table.concat(s:hexes(u), " ") or (kind .. " " .. tostring(at))
    end
    assert.are.equal("4308", where["1KY-1"])             -- E-3.0a
    assert.are.equal("4308", where["1KY-2"])
    assert.are.equal("4307", where["1AR-1"])             -- the AR split (E-3.0c)
    assert.are.equal("space saltillo/D", where["1AR-2"])
    assert.are.equal("space saltillo/C", where["SG-1"])  -- the Saltillo Garrison in Saltillo
    assert.are.equal("space saltillo/C", where["Warren"])
    assert.are.equal("space saltillo/E", where["Taylor"])
    assert.are.equal("box reserve", where["Perez"])
    assert.are.equal("3220", where["Washington"])
    assert.are.equal("1214", where["TrainA"])
    for u, w in pairs(where) do
      assert.is_truthy(w:match("^%d%d%d%d") or w:match("^space ") or w:match("^box ")
        or w == "set_aside nil", u .. " at " .. w)
    end
  end)

  it("has the Saltillo Track A-G, Saltillo at C, exits A B D, G linked to 1012-1014",
    function()
    local g = open()
    local t = g.map:track("saltillo")
    assert.are.same({ "A", "B", "C", "D", "E", "F", "G" }, t.spaces)
    local links = {}
    for _, l in ipairs(t.links) do links[#links + 1] = l.space .. ":" .. l.hex end
    assert.are.same({ "G:1012", "G:1013", "G:1014" }, sorted(links))
    assert.are.same({ "reserve" }, g.map:boxes())
    local v = scenario.victory(g.scenario)
    assert.are.equal("C", v.MEX.saltillo)
    assert.are.equal("A B D", v.US.track_exits)
    assert.are.equal("A B D", v.MEX.track_exits)
  end)

  it("holds every hex the text and the errata name, at the levels they need", function()
    local m = open().map
    for _, h in ipairs{ "1012", "1013", "1014", "2210", "2211", "2212", "2808", "2908", "3010",
                        "3120", "3214", "3217", "3218", "3219", "3313", "3320", "3420",
                        "3421", "3508", "3519", "3919", "4010", "4109", "4110", "4308",
                        "4417", "4515", "4516", "4616", "5209", "5210", "5211" } do
      assert.is_truthy(m:terrain(h), h)
    end
    assert.are.same({ "1013" }, m:place("buena-vista"))
    assert.are.equal("b", m:terrain("1013"))
    -- the hill: 5209-5211 and no other hex (E-2.3a)
    local hill = {}
    for _, h in ipairs(m:hexes()) do
      if level(m, h) == 3 then hill[#hill + 1] = h end
    end
    assert.are.same({ "5209", "5210", "5211" }, hill)
    -- ravines at mesa level (E-2.3b); 3508 with three ravine neighbours (E-2.3d)
    for _, h in ipairs{ "2212", "3010", "4515", "4516", "3508" } do
      assert.are.equal("rv", m:terrain(h), h)
      assert.are.equal(2, level(m, h), h)
    end
    local n = 0
    for _, h in ipairs(grid:neighbors("3508")) do
      if m:terrain(h) == "rv" then n = n + 1 end
    end
    assert.are.equal(3, n)
    assert.are.equal("c", m:terrain("4616"))
    assert.are.equal("c", m:terrain("4417"))
    -- the gully 2808/2908, at mesa level on both sides
    assert.are.same({ "gully" }, (m:hexside("2808", "2908")))
    assert.are.equal(2, level(m, "2808"))
    assert.are.equal(2, level(m, "2908"))
    -- 2211 blocks 2210-2212 (9.3): 2211 as high as the higher end, midway
    assert.is_true(level(m, "2210") < level(m, "2212"))
    assert.are.equal(level(m, "2212"), level(m, "2211"))
    -- the road's slopes 3320 3420 3519 (E-2.3a), 3120 clear on the road (E-7.1c)
    for _, pair in ipairs{ { "3120", "3220" }, { "3220", "3320" }, { "3320", "3420" },
                           { "3420", "3519" } } do
      local _, roads = m:hexside(pair[1], pair[2])
      assert.are.same({ "road" }, roads)
    end
    for _, h in ipairs{ "3320", "3420", "3519" } do assert.are.equal("s", m:terrain(h), h) end
    assert.are.equal("c", m:terrain("3120"))
    -- 3421: mesa, every neighbour a slope (H3)
    assert.are.equal(2, level(m, "3421"))
    for _, h in ipairs(grid:neighbors("3421")) do assert.are.equal("s", m:terrain(h), h) end
    -- the trails through the impassable slope hexsides of 3919 and 4110 (E-7.1d)
    for _, pair in ipairs{ { "3919", "4019" }, { "4110", "4111" } } do
      local features, roads = m:hexside(pair[1], pair[2])
      assert.are.same({ "impassable", "pass" }, features)
      assert.are.same({ "trail" }, roads)
      assert.are.equal("s", m:terrain(pair[1]))
    end
    -- the cavalry example (E-7.1e): 4109 to 3313, eight clear hexes, then the slope 3214
    local path = { "4109", "4010", "3910", "3811", "3711", "3612", "3512", "3413", "3313" }
    for i = 2, #path do
      assert.are.equal(1, grid:distance(path[i - 1], path[i]), path[i])
      assert.are.equal("c", m:terrain(path[i]), path[i])
      assert.are.same({}, (m:hexside(path[i - 1], path[i])), path[i])
    end
    assert.are.equal("s", m:terrain("3214"))
    assert.are.equal(1, grid:distance("3313", "3214"))
  end)

  it("has six ford sites on the stream, the MRDA inside its boundary, the trains", function()
    local m = open().map
    for k = 1, 6 do
      local site = m:place("ford-" .. k)
      assert.is_true(#site >= 2, "ford-" .. k)
      for _, h in ipairs(site) do assert.are.equal("fs", m:terrain(h), h) end
    end
    local inside, boundary = {}, {}
    for _, h in ipairs(m:place("mrda")) do inside[h] = true end
    for _, h in ipairs(m:place("mrda-boundary")) do
      assert.is_falsy(inside[h], h)
      boundary[h] = true
    end
    for h in pairs(inside) do
      for _, n in ipairs(grid:neighbors(h)) do
        assert.is_truthy(inside[n] or boundary[n], n .. " beside the MRDA's " .. h)
      end
    end
    assert.are.same({ "1214" }, m:place("train-a"))
    assert.are.same({ "5521" }, m:place("mexican-train"))
    assert.are.same({ "3220" }, m:place("parapets"))
    local sides = {}
    for _, h in ipairs{ "3319", "3320", "3221" } do
      sides[#sides + 1] = (m:hexside("3220", h))[1]
    end
    assert.are.same({ "parapet", "parapet", "parapet" }, sides)
  end)
end)
