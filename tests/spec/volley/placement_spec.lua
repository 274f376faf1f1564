-- volley.placement: every set-up and placement line of the Rough & Ready and Battle of Buena
-- Vista digests with its hex set on a fixture map, the forms of Gringo!'s set-up lines,
-- hexsides, refusals word for word, and the fixed-or-choice rule of set-up.
--
-- The fixture maps are tests/data/maps/placement/*.ini; each file's opening comment says
-- what is where and why (a level 2 hex just outside "within one of 3246", a level 4 hex on
-- the wrong side of the road, resaca light woods that are not Light Woods, ...).
local core = require "volley.core"
local placement = require "volley.placement"
local ask = require "volley.ask"

local MAPS = {}
local function map(name)
  if not MAPS[name] then
    MAPS[name] = assert(core.map.load("tests/data/maps/placement/" .. name .. ".ini"))
  end
  return MAPS[name]
end

-- The locations a spec names on a fixture map, or the refusal as the error.
local function where(mapname, text, ctx, opts)
  local set, why = placement.compile(text, map(mapname), ctx, opts)
  if not set then error(why, 2) end
  return set.hexsides or placement.locations(set), set
end

local function refusal(mapname, text, ctx, opts)
  local set, why = placement.compile(text, map(mapname), ctx, opts)
  assert.is_nil(set)
  return why
end

-- The hexes of columns c1..c2 and rows r1..r2, in label order.
local function block(c1, c2, r1, r2)
  local out = {}
  for c = c1, c2 do
    for r = r1, r2 do out[#out + 1] = ("%02d%02d"):format(c, r) end
  end
  return out
end

local function contains(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

-- Each set-up table: { spec as printed, units as printed, expected locations }.
local PALO_ALTO_US = {  -- [rough_and_ready PA Initial Deployment] The USA Army of Observation
  { "3014-5", "Twiggs, 5US", { "3014", "3015" } },
  { "3016", "C/3US", { "3016" } },
  { "3017-8", "3US", { "3017", "3018" } },
  { "3018", "Churchill 18-pdrs", { "3018" } },
  { "3019-20", "Garland, 4US", { "3019", "3020" } },
  { "3021", "Arty Rgt", { "3021" } },
  { "3022", "A/2US", { "3022" } },
  { "3023, 3123, 3224", "Belknap, 8US", { "3023", "3123", "3224" } },
  { "3217", "Taylor", { "3217" } },
  { "3416", "May, 2D", { "3416" } },
  { "3618", "Ker, 2D", { "3618" } },
  { "3519-21", "(blank)", { "3519", "3520", "3521" } },
}

local PALO_ALTO_MEX = {  -- [rough_and_ready PA Initial Deployment] The Mexican Army of the North
  { "1004-5", "Canales, Ranch x2", { "1004", "1005" } },
  { "1209", "Pres", { "1209" } },
  { "1210", "Torrejon, 7LC", { "1210" } },
  { "1211", "8LC x2", { "1211" } },
  { "1212", "LigC, 4-pdr", { "1212" } },
  { "1115-6", "Arista, VdN x2", { "1115", "1116" } },
  { "1313-5", "4L", { "1313", "1314", "1315" } },
  { "1315", "8-pdr", { "1315" } },
  { "1316-7", "10L", { "1316", "1317" } },
  { "1318-9", "Garcia, 6L", { "1318", "1319" } },
  { "1320-1", "1L", { "1320", "1321" } },
  { "1423", "(blank)", { "1423" } },
}

local RESACA_MEX = {  -- [rough_and_ready RP Initial Historical Deployments] Mexican Army
  { "5915", "Arista", { "5915" } },
  { "6017", "guns x3", { "6017" } },
  { "5015, 5218, 5921, 5623, 5205", "Det x5",
    { "5015", "5205", "5218", "5623", "5921" } },
  { "5416", "4-pdr", { "5416" } },
  { "5818-20", "4L", { "5818", "5819", "5820" } },
  { "5816", "TampV", { "5816" } },
  { "5815", "GdT", { "5815" } },
  -- the hexes of the seven lines above, as the loader gives them in ctx.above
  { "Any above hex", "Vega",
    { "5015", "5205", "5218", "5416", "5623", "5815", "5816", "5818", "5819", "5820", "5915",
      "5921", "6017" } },
  { "5215, 5315", "2Lig", { "5215", "5315" } },
  { "5513", "6L", { "5513" } },
  { "5511-12", "10L", { "5511", "5512" } },
}

local RESACA_US = {  -- [rough_and_ready RP Initial Historical Deployments] USA Army
  { "4522", "Garland, 3rd x3", { "4522" } },
  { "4423", "4th x3", { "4423" } },
  { "4424", "C/3US", { "4424" } },
  { "4324", "Belknap, 5th x3", { "4324" } },
  { "4225", "8th x3", { "4225" } },
  { "4226", "A/2US", { "4226" } },
  { "4126", "May, 2D", { "4126" } },
  { "Any hex", "Taylor", block(41, 70, 5, 26) },
}

-- Runs a set-up table on a map; "above" is every location of the lines before.
local function check_table(mapname, lines)
  local above = {}
  for _, line in ipairs(lines) do
    local spec, units, expected = line[1], line[2], line[3]
    local before = {}
    for i, h in ipairs(above) do before[i] = h end
    it("places " .. units .. " at '" .. spec .. "'", function()
      assert.are.same(expected, (where(mapname, spec, { above = before })))
    end)
    for _, h in ipairs(expected) do
      if spec ~= "Any above hex" and spec ~= "Any hex" then above[#above + 1] = h end
    end
  end
end

describe("volley.placement", function()
  describe("[rough_and_ready PA Initial Deployment] Palo Alto", function()
    describe("the USA Army of Observation", function() check_table("palo-alto", PALO_ALTO_US) end)
    describe("the Mexican Army of the North", function()
      check_table("palo-alto", PALO_ALTO_MEX)
    end)
    it("reads the north map edge of errata E1 as the drawn right edge of the upside-down map",
      function()
        assert.are.same(block(36, 36, 4, 24), (where("palo-alto", "the north map edge")))
        assert.are.same(block(36, 36, 4, 24), (where("palo-alto", "north edge")))
      end)
    it("reads 'Road hex in the 1400 row and south' (PA Victory) as the road's hexes at 14xx "
      .. "and below", function()
        assert.are.same({ "1012", "1112", "1212", "1312", "1412" },
          (where("palo-alto", "any road hex in the 1400 row and south")))
      end)
  end)

  describe("[rough_and_ready RP Initial Historical Deployments] Resaca de la Palma", function()
    describe("the Mexican Army of the North", function() check_table("resaca", RESACA_MEX) end)
    describe("the USA Army of Observation", function() check_table("resaca", RESACA_US) end)
  end)

  describe("[rough_and_ready RP Variable Deployment Scenario]", function()
    it("offers the US entry hexes 4126 or 4408", function()
      assert.are.same({ "4126", "4408" }, (where("resaca", "4126 or 4408")))
    end)
    it("sets the Mexicans up south of (and including) the 5100 row: columns 51 to 70",
      function()
        local hexes = where("resaca", "any hex(es) south of (and including) the 5100 row")
        assert.are.same(block(51, 70, 5, 26), hexes)
        assert.are.equal(440, #hexes)
        assert.is_false(contains(hexes, "5026"))
      end)
    it("reads the digest's wording the same way", function()
      assert.are.same(block(51, 70, 5, 26),
        (where("resaca", "anywhere south of and including the 5100 row")))
      assert.are.same(block(51, 70, 5, 26),
        (where("resaca", "south of and including the 5100 row")))
    end)
    it("leaves the 5100 row out without 'and including'", function()
      assert.are.same(block(52, 70, 5, 26), (where("resaca", "south of the 5100 row")))
    end)
    it("lets a hidden unit start in chaparral or light woods there (Hidden Mexican Deployment)",
      function()
        local expected = block(52, 55, 20, 26)
        for _, h in ipairs(block(57, 58, 5, 9)) do expected[#expected + 1] = h end
        table.sort(expected)
        assert.are.same(expected, (where("resaca",
          "any chaparral or light woods hex south of (and including) the 5100 row")))
      end)
    it("reads the road hexes 'from 5814-7020' and 'from 5806-7020' of the victory "
      .. "conditions as the road between them [rough_and_ready RP Victory]", function()
        local stretch = { "5814", "5914", "6015", "6115", "6216", "6316", "6417", "6517", "6618",
                          "6718", "6819", "6919", "7020" }
        assert.are.same(stretch, (where("resaca", "any road hex from 5814-7020")))
        local longer = (where("resaca", "any road hex from 5806-7020"))
        assert.are.same({ "5806", "5807", "5808", "5809", "5810", "5811", "5812", "5813" },
          { require("volley.compat").unpack(longer, 1, 8) })
        assert.are.equal(8 + #stretch, #longer)
      end)
    it("does not count resaca light woods as Light Woods", function()
      assert.is_false(contains(where("resaca", "any light woods hex"), "5614"))
    end)
  end)

  describe("[rough_and_ready RS Mexican Deployment] Rio Sacramento", function()
    it("puts the cavalry in any Level 2 hex within one of 3246", function()
      assert.are.same({ "3146", "3245", "3246", "3346" },
        (where("rio-sacramento", "any Level 2 hex within one of 3246")))
    end)
    it("puts the infantry and artillery in any hacienda or Redoubt hex, any hex with a wall "
      .. "hexside, or any level 4 hex east of the Road", function()
        assert.are.same({ "1350", "2644", "2739", "2744", "2845", "2948", "3048", "3049", "3052",
                          "3053", "3440", "3441", "3540" },
          (where("rio-sacramento", "any hacienda or Redoubt hex, any hex with a wall hexside, "
            .. "or any level 4 hex east of the Road")))
      end)
    it("takes the rulebook's three lines as one list", function()
      assert.are.same(
        (where("rio-sacramento", "any hacienda or Redoubt hex, any hex with a wall hexside, "
          .. "or any level 4 hex east of the Road")),
        (where("rio-sacramento", "Any hacienda or Redoubt Hex; Any hex with a wall hexside; "
          .. "Any level 4 hex east of the Road.")))
    end)
    it("reads 'hex side' as 'hexside'", function()
      assert.are.same({ "2948", "3048", "3049" },
        (where("rio-sacramento", "Any hex with a wall hex side")))
    end)
    it("finds the level 4 hexes west of the Road on the other side", function()
      assert.are.same({ "1840", "1841" },
        (where("rio-sacramento", "any level 4 hex west of the Road")))
    end)
    it("names one road by its name", function()
      assert.are.same({ "2739", "3440", "3441", "3540" },
        (where("rio-sacramento", "any level 4 hex east of the Chihuahua Road")))
    end)
    it("offers the US entrance hexes 1637, 2536, 3736, or 3937 (Doniphan Expedition)",
      function()
        assert.are.same({ "1637", "2536", "3736", "3937" },
          (where("rio-sacramento", "1637, 2536, 3736, or 3937")))
      end)
  end)

  describe("[battle_of_buena_vista 3.0] Buena Vista placements", function()
    it("places a counter with a four-digit placement in that hex (1KY, errata E-3.0a)",
      function()
        assert.are.same({ "4308" }, (where("buena-vista", "4308")))
      end)
    it("places a counter with a letter in that Saltillo Track hex", function()
      local locs, set = where("buena-vista", "G")
      assert.are.same({ "saltillo/G" }, locs)
      assert.are.same({ "saltillo/G" }, set.spaces)
      assert.are.same({ "saltillo/A" }, (where("buena-vista", "A")))
      assert.are.same({ "saltillo/G" }, (where("buena-vista", "saltillo/G")))
      assert.are.same({ "saltillo/G" }, (where("buena-vista", "space G")))
    end)
    it("puts a leader without a placement with any unit he commands", function()
      local units = { ["1/L"] = { "3509", "3510" }, ["2/L"] = { "saltillo/C" } }
      local ctx = { locate = function(id) return units[id] end }
      assert.are.same({ "3509", "3510", "saltillo/C" },
        (where("buena-vista", "with 1/L, with 2/L", ctx)))
    end)
    it("places the reserve strictly inside the MRDA [battle_of_buena_vista 5.4, E-5.4a]",
      function()
        assert.are.same({ "3509", "3510", "3511", "3609", "3610", "3611", "3612", "3709", "3710",
                          "3711" }, (where("buena-vista", "any hex within the MRDA")))
        assert.are.same((where("buena-vista", "mrda")), (where("buena-vista", "place mrda")))
      end)
    it("names the Reserve Box [battle_of_buena_vista 5.4, 9.8]", function()
      local locs, set = where("buena-vista", "reserve")
      assert.are.same({ "reserve" }, locs)
      assert.are.same({ "reserve" }, set.boxes)
      assert.are.same({ "reserve" }, (where("buena-vista", "box reserve")))
    end)
    it("names Buena Vista and supply train A, and the hexes next to them [battle_of_buena_vista "
      .. "9.8]", function()
        assert.are.same({ "1013" }, (where("buena-vista", "Buena Vista")))
        assert.are.same({ "1510" }, (where("buena-vista", "train A")))
        assert.are.same({ "1012", "1014", "1112", "1113" },
          (where("buena-vista", "adjacent to Buena Vista")))
      end)
    it("names a river ford site [battle_of_buena_vista 5.3]", function()
      assert.are.same({ "2606" }, (where("buena-vista", "ford-3")))
    end)
    it("names the map hexes linked to G [battle_of_buena_vista 10.2]", function()
      assert.are.same({ "1012", "1013", "1014" }, (where("buena-vista", "1012-4")))
    end)
  end)

  describe("[gbacw BV Initial Deployment] Gringo!'s forms", function()
    it("reads 'W/i 1 hex 1729', with or without 'of'", function()
      local expected = { "1629", "1630", "1728", "1729", "1730", "1829", "1830" }
      assert.are.same(expected, (where("gringo-buena-vista", "W/i 1 hex 1729")))
      assert.are.same(expected, (where("gringo-buena-vista", "W/i 1 hex of 1729")))
      assert.are.same(expected, (where("gringo-buena-vista", "W/i hex of 1729")))
      assert.are.same(expected, (where("gringo-buena-vista", "W/i one hex of 1729")))
    end)
    it("reads 'W/i 2 hexes of 1915' [gbacw MO Initial Deployment]", function()
      assert.are.equal(19, #where("gringo-buena-vista", "W/i 2 hexes of 1915"))
    end)
    it("reads 'In any Level 1 hex from 2243/4 - 2743/4' as the level 1 hexes of that block",
      function()
        assert.are.same({ "2243", "2244", "2343", "2344", "2544", "2643", "2644", "2743", "2744" },
          (where("gringo-buena-vista", "In any Level 1 hex from 2243/4 \226\128\147 2743/4")))
        assert.are.same(block(22, 27, 43, 44),
          (where("gringo-buena-vista", "2243/4 - 2743/4")))
      end)
    it("reads lists without a blank, and two-digit range ends", function()
      assert.are.same({ "1524", "1625" }, (where("gringo-buena-vista", "1524,1625")))
      assert.are.same({ "1809", "1810" }, (where("gringo-buena-vista", "1809-10")))
      assert.are.same({ "1810", "1910" }, (where("gringo-buena-vista", "1810, 1910")))
    end)
    it("reads 'Anywhere' as every hex of the map", function()
      assert.are.same(block(14, 28, 8, 47), (where("gringo-buena-vista", "Anywhere")))
    end)
    it("takes the map's word for which label part is a row", function()
      assert.are.same(block(14, 28, 44, 47),
        (where("gringo-buena-vista", "south of and including the 0044 row")))
      assert.are.same(block(14, 28, 44, 47),
        (where("gringo-buena-vista", "in the 44 row and south")))
    end)
    it("parses every Gringo! set-up form the digest lists", function()
      for _, text in ipairs({ "W/i 1 hex 1729", "W/i hex of 3936", "W/i 1 hex of 1943",
                              "In any Level 1 hex from 2243/4 \226\128\147 2743/4", "4246-9",
                              "W/i one hex of 2814", "W/i 2 hexes of 1915", "Anywhere",
                              "3642, 3742, 3843", "1524,1625" }) do
        local spec, why = placement.parse(text)
        assert.is_nil(why)
        assert.is_table(spec)
      end
    end)
  end)

  describe("hexsides (context 'hexside')", function()
    it("reads the hexsides of [rough_and_ready RS 5.15, 5.17] in their printed forms",
      function()
        assert.are.same({ "2438/2439", "2643/2644", "2738/2739", "2944/3045", "3741/3842" },
          (where("rio-sacramento", "2438-9, 3741-3842, 2738-9, 2643-4, 2944-3045", nil,
            { context = "hexside" })))
      end)
    it("reads a/b hexsides [gbacw MO 7.14]", function()
      assert.are.same({ "2944/3045" },
        (where("rio-sacramento", "3045/2944", nil, { context = "hexside" })))
      assert.are.same({ "2643/2644" },
        (where("rio-sacramento", "2643/4", nil, { context = "hexside" })))
    end)
    it("lists the hexsides with a feature", function()
      assert.are.same({ "2948/3048", "2948/3049" },
        (where("rio-sacramento", "any wall hexside", nil, { context = "hexside" })))
    end)
    it("reads '2438-9' as two hexes in a hex context and one hexside in a hexside context",
      function()
        assert.are.same({ "2438", "2439" }, (where("rio-sacramento", "2438-9")))
      end)
  end)

  describe("refusals", function()
    it("gives the column of a spec that does not parse", function()
      assert.are.same({ nil, "placement spec '3014-', column 6: expected the end of the range "
        .. "(digits), found the end of the text" }, { placement.parse("3014-") })
    end)
    it("gives file:line when the spec came from a file", function()
      assert.are.same({ nil, "scenarios/rough-and-ready/palo-alto/scenario.ini:14: placement "
        .. "spec '3014-5 3016', column 8: expected ',', '.', ';', 'or' or the end of the text, "
        .. "found '3016'" },
        { placement.parse("3014-5 3016", { origin = {
          file = "scenarios/rough-and-ready/palo-alto/scenario.ini", line = 14 } }) })
    end)
    it("counts columns in characters", function()
      assert.are.same({ nil, "placement spec '2243/4 \226\128\147 27', column 12: expected "
        .. "'/', found the end of the text" }, { placement.parse("2243/4 \226\128\147 27") })
    end)
    it("says what may start a spec", function()
      assert.are.same({ nil, "placement spec '#3014', column 1: expected a hex label, a name or "
        .. "a phrase such as 'any hex' (docs/placement.md), found '#'" },
        { placement.parse("#3014") })
    end)
    it("says what may follow 'any hex'", function()
      assert.are.same({ nil, "placement spec 'any hex nearby', column 9: expected ',', '.', ';', "
        .. "'or', a qualifier (within, w/i, adjacent to, with, from, in, inside, where, "
        .. "<direction> of, the <n> row) or the end of the text, found 'nearby'" },
        { placement.parse("any hex nearby") })
    end)
    it("refuses an empty spec", function()
      assert.are.same({ nil, "placement spec ' ', column 1: the spec is empty" },
        { placement.parse(" ") })
    end)
    it("refuses a range that runs backwards or leaves its column", function()
      assert.are.same({ nil, "placement spec '3015-4', column 1: range 3015-4 does not run "
        .. "forwards (3015 to 3014)" }, { placement.parse("3015-4") })
      assert.are.same({ nil, "placement spec '3016, 3741-3842', column 7: range 3741-3842 "
        .. "leaves column 37 (a range is XXYY-ZZ: rows YY to ZZ of column XX)" },
        { placement.parse("3016, 3741-3842") })
    end)
    it("refuses a label of the wrong width", function()
      assert.are.same({ nil, "placement spec '301', column 1: '301' is not a hex label (4 or 6 "
        .. "digits, XXYY or XXXYYY)" }, { placement.parse("301") })
    end)
    it("refuses a block whose ends cover other rows", function()
      assert.are.same({ nil, "placement spec '2243/4 - 2744/5', column 1: block 2243/4 - 2744/5: "
        .. "both ends must be pairs of one column over the same rows" },
        { placement.parse("2243/4 - 2744/5") })
    end)
    it("refuses a hex off the map, with the map's bounds", function()
      assert.are.equal("placement spec '5915, 7105', column 7: hex 7105 is not on the map "
        .. "(columns 41-70, rows 05-26)", refusal("resaca", "5915, 7105"))
    end)
    it("refuses a hex named twice", function()
      assert.are.equal("placement spec '3014-5, 3015', column 9: 3015 is named twice",
        refusal("palo-alto", "3014-5, 3015"))
    end)
    it("refuses a pair or a hexside of hexes that are not adjacent", function()
      assert.are.equal("placement spec '2243/5', column 1: pair 2243/5: 2243 and 2245 are not "
        .. "adjacent", refusal("gringo-buena-vista", "2243/5"))
      assert.are.equal("placement spec '2438/2440', column 1: hexside 2438/2440: 2438 and 2440 "
        .. "are not adjacent", refusal("rio-sacramento", "2438/2440", nil,
          { context = "hexside" }))
    end)
    it("refuses a name the map does not have", function()
      assert.are.equal("placement spec 'Saltillo', column 1: no place, edge, box or track "
        .. "space 'Saltillo' on this map", refusal("buena-vista", "Saltillo"))
      assert.are.equal("placement spec 'any marsh or stone hex', column 14: no terrain, place or "
        .. "road kind 'stone' on this map", refusal("buena-vista", "any marsh or stone hex"))
    end)
    it("points at the hexside feature when a hex class names one", function()
      assert.are.equal("placement spec 'any Redoubt hex', column 5: no terrain, place or road "
        .. "kind 'Redoubt' on this map (Redoubt is a hexside feature: write 'any hex with a "
        .. "Redoubt hexside')", refusal("buena-vista", "any Redoubt hex"))
    end)
    it("refuses 'south of' a row that runs north to south", function()
      assert.are.equal("placement spec 'south of the 3000 row', column 14: on this map the rows "
        .. "(the first label part) run from north to south, so nothing is south of one",
        refusal("rio-sacramento", "south of the 3000 row"))
    end)
    it("refuses a row that is not a row of the map", function()
      assert.are.equal("placement spec 'south of the 5150 row', column 14: '5150' is not a row "
        .. "of this map (its rows are the first label part: XX or XX00)",
        refusal("resaca", "south of the 5150 row"))
      assert.are.equal("placement spec 'the 3900 row', column 5: row 3900 is not on this map "
        .. "(rows, the first label part, 41-70)", refusal("resaca", "the 3900 row"))
    end)
    it("refuses 'east of' a road that does not divide the map", function()
      assert.are.equal("placement spec 'any hex east of the Torrejon Road', column 21: the "
        .. "Torrejon Road does not divide the map: its east and west sides meet (at 1336)",
        refusal("rio-sacramento", "any hex east of the Torrejon Road"))
    end)
    it("refuses a stretch of road that no road runs along", function()
      assert.are.equal("placement spec 'any hex from 5815-7020', column 14: no road runs from "
        .. "5815 to 7020", refusal("resaca", "any hex from 5815-7020"))
    end)
    it("refuses 'above' and 'with' without the context they need", function()
      assert.are.equal("placement spec 'Any above hex', column 5: 'above' needs the locations "
        .. "of the lines above (none given)", refusal("resaca", "Any above hex"))
      assert.are.equal("placement spec 'with 1/L', column 6: 'with 1/L' needs the units' "
        .. "locations (none given)", refusal("buena-vista", "with 1/L"))
    end)
    it("refuses a spec that names nothing", function()
      assert.are.equal("placement spec 'any level 3 hex', column 1: names no location on this "
        .. "map", refusal("resaca", "any level 3 hex"))
    end)
  end)

  describe("robustness", function()
    -- Token soups from a Park-Miller generator (seeded, no math.random): parse and compile
    -- answer a set or nil and a message, and never raise.
    local TOKENS = { "any", "hex", "hexes", "hex(es)", "anywhere", "3014", "3014-5", "5015",
      "2243/4", "-", "\226\128\147", ",", ", or", "or", ";", ".", "within", "one", "99", "of",
      "w/i", "level", "2", "south", "east", "of", "and including", "(and including)", "the",
      "5100", "row", "Road", "with", "a", "wall", "hexside", "hex side", "above", "G",
      "saltillo/G", "place", "box", "space", "edge", "map", "north", "from", "in", "where",
      "predicate", "adjacent", "to", "mrda", "reserve", "chaparral", "light woods", "#", "(",
      "/", "0", "000000", "99999999999999999999", "ü", "" }
    it("never raises, whatever the text", function()
      local x = 20240601
      local function rand(n)
        x = (x * 16807) % 2147483647
        return x % n + 1
      end
      local names = { "resaca", "rio-sacramento", "buena-vista", "gringo-buena-vista" }
      local ctx = { above = { "5915" }, locate = function() return { "3509" } end,
                    predicates = { p = function() return true end } }
      local sets, refusals = 0, 0
      local VALID = { "3014-5", "Any above hex", "any hex(es) south of (and including) the "
        .. "5100 row", "any Level 2 hex within one of 3246", "any hacienda or Redoubt hex, any "
        .. "hex with a wall hexside, or any level 4 hex east of the Road", "G", "W/i 1 hex 1729",
        "In any Level 1 hex from 2243/4 - 2743/4", "5015, 5218, 5921", "2438-9, 3741-3842",
        "reserve", "with 1/L", "predicate p", "any hex within the mrda" }
      for _ = 1, 3000 do
        local words = {}
        if rand(2) == 1 then
          for i = 1, rand(7) do words[i] = TOKENS[rand(#TOKENS)] end
        else                                  -- a valid spec, kept or with one token changed
          for w in VALID[rand(#VALID)]:gmatch("%S+") do words[#words + 1] = w end
          local i, op = rand(#words), rand(4)
          if op == 1 then words[i] = TOKENS[rand(#TOKENS)]
          elseif op == 2 then table.insert(words, i, TOKENS[rand(#TOKENS)])
          elseif op == 3 then table.remove(words, i) end
        end
        local text = table.concat(words, rand(5) == 1 and "" or " ")
        for _, context in ipairs({ "hexes", "hexside" }) do
          local set, why = placement.compile(text, map(names[rand(#names)]), ctx,
            { context = context })
          if set then sets = sets + 1 else
            assert.is_string(why)
            assert.is_truthy(why:find("^placement spec '"))
            refusals = refusals + 1
          end
        end
      end
      assert.is_true(sets > 100 and refusals > 1000)
    end)
  end)

  describe("predicates", function()
    local ctx = { predicates = {
      even_row = function(label) return tonumber(label:sub(3)) % 2 == 0 end,
      broken = function() error("no such thing", 0) end,
    } }
    it("keeps the hexes a predicate accepts, alone or as a qualifier", function()
      assert.are.same({ "2946", "3046", "3146" }, (where("rio-sacramento",
        "any hex within one of 3046 where even_row", ctx)))
      assert.are.equal(27 * 9, #where("rio-sacramento", "predicate even_row", ctx))
    end)
    it("refuses an unknown predicate and reports one that fails", function()
      assert.are.equal("placement spec 'predicate odd', column 11: no predicate 'odd' (the "
        .. "scenario registers its predicates)", refusal("resaca", "predicate odd", ctx))
      assert.are.equal("placement spec 'predicate broken', column 11: predicate 'broken' "
        .. "failed: no such thing", refusal("resaca", "predicate broken", ctx))
    end)
  end)

  describe("the map interface", function()
    -- A map written in Lua: a 3 x 2 grid with a place "A" that is also a track space.
    local lua_map = {
      info = function() return { layout = "flat-top", parity = "odd-columns-down",
                                 columns = { 1, 3 }, rows = { 1, 2 }, north = "top",
                                 text_row = "second" } end,
      hexes = function() return { "0101", "0102", "0201", "0202", "0301", "0302" } end,
      terrain = function(_, h) return h == "0202" and "w" or "c" end,
      elevation = function() return 0, 0 end,
      hexside = function() return {}, {} end,
      places = function() return { "A" } end,
      place = function(_, n) return n == "A" and { "0201" } or nil end,
      edges = function() return { "top" } end,
      edge = function(_, n) return n == "top" and { "0101", "0201", "0301" } or nil end,
      roads = function() return {} end,
      road = function() return nil end,
      tracks = function() return { "t" } end,
      track = function() return { name = "t", spaces = { "A", "B" } } end,
      boxes = function() return {} end,
      terrain_types = function(_, kind)
        return kind == "hex" and { "c", "w" } or {}
      end,
      terrain_type = function(_, id) return { id = id, name = id == "w" and "Woods" or "Clear" } end,
    }
    it("evaluates on any object with the map's methods", function()
      assert.are.same({ "0202" }, placement.locations(assert(placement.compile("any woods hex",
        lua_map))))
      assert.are.same({ "0102", "0202", "0302" }, placement.locations(assert(placement.compile(
        "south of and including the 0002 row", lua_map))))
      assert.are.same({ "t/B" }, placement.locations(assert(placement.compile("B", lua_map))))
    end)
    it("refuses a name that is a place and a track space", function()
      assert.are.same({ nil, "placement spec 'A', column 1: 'A' is ambiguous: place A or space "
        .. "t/A" }, { placement.compile("A", lua_map) })
      assert.are.same({ "0201" }, placement.locations(assert(placement.compile("place A",
        lua_map))))
      assert.are.same({ "t/A" }, placement.locations(assert(placement.compile("space A",
        lua_map))))
    end)
  end)

  describe("set-up: fixed or a choice", function()
    local RULE = "[rough_and_ready PA Initial Deployment]"
    local function setup(mapname, text, units, opts, ctx)
      return placement.setup(assert(placement.compile(text, map(mapname), ctx)), units, opts)
    end
    local function defaults(plan)
      local out = {}
      for i, c in ipairs(plan.choices) do out[i] = c.default end
      return out
    end

    it("puts every unit in the one hex of a single-hex spec", function()
      assert.are.same({ fixed = true, choices = {},
                        placements = { { unit = "8LC-a", at = "1211" },
                                       { unit = "8LC-b", at = "1211" } } },
        setup("palo-alto", "1211", { "8LC-a", "8LC-b" }))
    end)
    it("spreads a range holding as many counters as hexes one per hex, in order", function()
      assert.are.same({ fixed = true, choices = {}, placements = {
        { unit = "4L-a", at = "1313" }, { unit = "4L-b", at = "1314" },
        { unit = "4L-c", at = "1315" } } },
        setup("palo-alto", "1313-5", { "4L-a", "4L-b", "4L-c" }))
    end)
    it("follows a list in its written order, not label order", function()
      local plan = setup("resaca", "5015, 5218, 5921, 5623, 5205",
        { "D1", "D2", "D3", "D4", "D5" })
      assert.is_true(plan.fixed)
      assert.are.same({ "5015", "5218", "5921", "5623", "5205" },
        { plan.placements[1].at, plan.placements[2].at, plan.placements[3].at,
          plan.placements[4].at, plan.placements[5].at })
    end)
    it("lets the leader of a spread command choose among its hexes", function()
      assert.are.same({ fixed = false,
        placements = { { unit = "5US-1", at = "3014" }, { unit = "5US-2", at = "3015" } },
        choices = { { units = { "Twiggs" }, options = { "3014", "3015" }, default = "3014",
          request = { kind = "place", prompt = "set up Twiggs: 3014 or 3015",
                      options = { "3014", "3015" }, default = "3014", rule = RULE } } } },
        setup("palo-alto", "3014-5", { "5US-1", "5US-2", "Twiggs" },
          { leaders = { "Twiggs" }, rule = RULE }))
    end)
    it("knows leaders by a set or a function too", function()
      local a = setup("palo-alto", "3023, 3123, 3224", { "Belknap", "8US-a", "8US-b", "8US-c" },
        { leaders = { Belknap = true }, rule = RULE })
      local b = setup("palo-alto", "3023, 3123, 3224", { "Belknap", "8US-a", "8US-b", "8US-c" },
        { leaders = function(u) return u == "Belknap" end, rule = RULE })
      assert.are.same(a, b)
      assert.are.same({ "3023", "3123", "3224" },
        { a.placements[1].at, a.placements[2].at, a.placements[3].at })
      assert.are.same({ "3023", "3123", "3224" }, a.choices[1].options)
    end)
    it("leaves every unit a choice when counters and hexes differ", function()
      local plan = setup("palo-alto", "3519-21", { "W1", "W2" }, { rule = RULE })
      assert.is_false(plan.fixed)
      assert.are.same({}, plan.placements)
      assert.are.same({ { "W1" }, { "W2" } }, { plan.choices[1].units, plan.choices[2].units })
      assert.are.same({ "3519", "3520", "3521" }, plan.choices[2].options)
      assert.are.same({ "3519", "3520" }, defaults(plan))
    end)
    it("leaves a selection a choice even with as many hexes as units", function()
      local plan = setup("buena-vista", "any hex adjacent to 4308", { "a", "b", "c", "d", "e",
        "f" }, { rule = "[battle_of_buena_vista 3.0]" })
      assert.is_false(plan.fixed)
      assert.are.equal(6, #plan.choices)
      assert.are.same({ "4208", "4209", "4307", "4309", "4408", "4409" }, defaults(plan))
    end)
    it("spreads the defaults over the options in turn, wrapping around", function()
      local plan = setup("resaca", "any hex(es) south of (and including) the 5100 row",
        { "2L-a", "2L-b", "6L" }, { rule = "[rough_and_ready RP Variable Deployment Scenario]" })
      assert.are.same({ "5105", "5106", "5107" }, defaults(plan))
      assert.are.equal(440, #plan.choices[3].options)
      assert.are.equal("set up 6L: one of 440 locations", plan.choices[3].request.prompt)
      assert.are.same({ "4126", "4408", "4126" },
        defaults(setup("resaca", "4126 or 4408", { "x", "y", "z" }, { rule = RULE })))
    end)
    it("asks once for units that set up together [rough_and_ready RS Mexican Deployment]",
      function()
        local rule = "[rough_and_ready RS Mexican Deployment]"
        assert.are.same({ fixed = false, placements = {}, choices = {
          { units = { "Ranch-1", "Ranch-2", "Ranch-3" },
            options = { "3146", "3245", "3246", "3346" }, default = "3146",
            request = { kind = "place", prompt = "set up Ranch-1 and 2 more: 3146, 3245, 3246 "
              .. "or 3346", options = { "3146", "3245", "3246", "3346" }, default = "3146",
              rule = rule } } } },
          setup("rio-sacramento", "any Level 2 hex within one of 3246",
            { "Ranch-1", "Ranch-2", "Ranch-3" }, { together = true, rule = rule }))
      end)
    it("places a counter on a Saltillo Track space", function()
      assert.are.same({ fixed = true, choices = {},
                        placements = { { unit = "AR-b", at = "saltillo/G" } } },
        setup("buena-vista", "G", { "AR-b" }))
    end)
    it("builds requests that ask takes as they are", function()
      local plan = setup("rio-sacramento", "any Level 2 hex within one of 3246",
        { "Conde-cav", "Garcia Conde" }, { rule = "[rough_and_ready RS Mexican Deployment]" })
      local placed = {}
      local co = coroutine.create(function()
        for _, c in ipairs(plan.choices) do
          local at = ask.ask("MEX", c.request)
          for _, u in ipairs(c.units) do placed[u] = at end
        end
      end)
      local asked = {}
      ask.drive(co, function(side, request, refusal_)
        asked[#asked + 1] = side .. " " .. request.prompt .. " " .. tostring(refusal_)
        if #asked == 1 then return "3247" end             -- level 1: refused, asked again
        return request.default
      end)
      assert.are.same({ ["Conde-cav"] = "3146", ["Garcia Conde"] = "3245" }, placed)
      assert.are.same({ "MEX set up Conde-cav: 3146, 3245, 3246 or 3346 nil",
        "MEX set up Conde-cav: 3146, 3245, 3246 or 3346 '3247' is not a legal answer to place "
          .. "(legal: 3146, 3245, 3246, 3346) [rough_and_ready RS Mexican Deployment]",
        "MEX set up Garcia Conde: 3146, 3245, 3246 or 3346 nil" }, asked)
    end)
    it("needs the rule when a choice arises", function()
      assert.has_error(function() setup("resaca", "Any hex", { "Taylor" }) end,
        "setup: placing Taylor is a choice and needs opts.rule (the case that lets the player "
        .. "choose)")
    end)
  end)

  describe("split_line()", function()
    it("splits a [setup.<side>] value into the spec and the unit ids", function()
      assert.are.same({ "3014-5", { "5US-1", "5US-2", "Twiggs" } },
        { placement.split_line(" 3014-5 | 5US-1 5US-2 Twiggs") })
    end)
    it("refuses a value without both halves", function()
      assert.are.same({ nil, "expected '<placement spec> | <unit ids>'" },
        { placement.split_line("3014-5") })
      assert.are.same({ nil, "no unit ids after '|'" }, { placement.split_line("3014-5 |") })
      assert.are.same({ nil, "no placement spec before '|'" }, { placement.split_line(" | a") })
    end)
  end)
end)
