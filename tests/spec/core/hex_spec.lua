-- volley.core.hex: grids from Lua on this VM, the rulebooks' adjacency facts, the shapes of
-- every answer, the exact error messages, and agreement with the plain-Lua oracle
-- (tests/oracle/hex.lua) on every layout.
local core = require "volley.core"
local hex = core.hex
local oracle = dofile("tests/oracle/hex.lua")

local LAYOUTS = {
  {layout = "flat-top", parity = "odd-columns-down"},
  {layout = "flat-top", parity = "even-columns-down"},
  {layout = "pointy-top", parity = "odd-rows-right"},
  {layout = "pointy-top", parity = "even-rows-right"},
}

-- A step of a line as text: "3123", or "3123|3224 graze".
local function show(step)
  if type(step) == "string" then return step end
  if step.q then return "(" .. step.q .. "," .. step.r .. ")" end
  return show(step[1]) .. "|" .. show(step[2]) .. " " .. step.kind
end

local function show_all(steps)
  local out = {}
  for i, s in ipairs(steps) do out[i] = show(s) end
  return table.concat(out, " ")
end

-- Park-Miller: the same sequence on both VMs, no math.random.
local function sequence(seed)
  local s = seed
  return function(lo, hi)
    s = (s * 16807) % 2147483647
    return lo + s % (hi - lo + 1)
  end
end

describe("volley.core.hex", function()
  describe("grids", function()
    it("answers the acceptance question on both parities", function()
      assert.are.equal(1, require("volley.core").hex.grid{layout = "flat-top",
        parity = "odd-columns-down"}:distance("3123", "3224"))
      assert.are.equal(2, require("volley.core").hex.grid{layout = "flat-top",
        parity = "even-columns-down"}:distance("3123", "3224"))
    end)

    it("defaults to flat-top, odd columns down, XXYY", function()
      assert.are.same({layout = "flat-top", parity = "odd-columns-down", digits = 2},
        hex.grid():describe())
      assert.are.same({layout = "flat-top", parity = "odd-columns-down", digits = 2},
        hex.grid{}:describe())
      assert.are.same({layout = "pointy-top", parity = "odd-rows-right", digits = 2},
        hex.grid{layout = "pointy-top"}:describe())
      assert.are.same({layout = "flat-top", parity = "odd-columns-down", digits = 2},
        hex.default:describe())
      assert.is_true(hex.grid() == hex.default)
      assert.is_false(hex.grid{parity = "even-columns-down"} == hex.default)
      assert.are.equal("volley.grid(pointy-top, even-rows-right, 3 digits)",
        tostring(hex.grid{layout = "pointy-top", parity = "even-rows-right", digits = 3}))
    end)

    it("gives the module's functions the default grid", function()
      assert.are.equal(1, hex.distance("3123", "3224"))
      assert.are.equal(1, hex.distance("2944", "3045"))
      assert.are.equal(3, hex.distance("4916", "4819"))  -- T-RR-09: too far to spot
      assert.are.equal("SE", hex.direction("3123", "3224"))
      assert.are.equal("3123/3224", hex.hexside("3224", "3123"))
    end)
  end)

  describe("the rulebooks' adjacency facts", function()
    local odd = hex.grid{layout = "flat-top", parity = "odd-columns-down"}
    local even = hex.grid{layout = "flat-top", parity = "even-columns-down"}

    it("makes Rough & Ready's and Buena Vista's pairs adjacent with odd columns down", function()
      for _, p in ipairs{{"3123", "3224"}, {"3023", "3123"}, {"2944", "3045"}, {"3741", "3842"},
                         {"4109", "4010"}, {"3313", "3214"}, {"4516", "4417"}, {"4516", "4616"},
                         {"3320", "3420"}, {"3420", "3519"}} do
        assert.are.equal(1, odd:distance(p[1], p[2]), p[1] .. "-" .. p[2])
        assert.is_true(odd:adjacent(p[1], p[2]))
      end
    end)

    it("makes Jackson's bridges adjacent with even columns down", function()
      assert.are.equal(1, even:distance("1040", "0941"))
      assert.are.equal(1, even:distance("1042", "0942"))
      assert.are.equal(1, even:distance("1813", "1812"))
      assert.are.equal(1, even:distance("1813", "1713"))
    end)

    it("puts each pair two apart on the other parity", function()
      assert.are.equal(2, even:distance("3123", "3224"))
      assert.are.equal(2, even:distance("2944", "3045"))
      assert.are.equal(2, odd:distance("1040", "0941"))
      assert.is_false(even:adjacent("3123", "3224"))
    end)
  end)

  describe("answers", function()
    local g = hex.grid{layout = "flat-top", parity = "odd-columns-down"}

    it("names neighbours by hexside words, clockwise from N", function()
      assert.are.same({"N", "NE", "SE", "S", "SW", "NW"}, g:hexside_words())
      assert.are.same({"N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"}, g:vertex_words())
      assert.are.same({"3122", "3223", "3224", "3124", "3024", "3023"}, g:neighbors("3123"))
      assert.are.equal("3224", g:neighbor("3123", "SE"))
      assert.are.equal("3223", g:neighbor("3224", "N"))
      assert.are.equal("NW", g:direction("3224", "3123"))
      assert.is_nil(g:direction("3123", "3325"))
      local p = hex.grid{layout = "pointy-top", parity = "odd-rows-right"}
      assert.are.same({"NE", "E", "SE", "SW", "W", "NW"}, p:hexside_words())
      assert.are.same({"0604", "0605", "0606", "0506", "0405", "0504"}, p:neighbors("0505"))
    end)

    it("gives hexside and vertex ids in label order, the same from every side", function()
      assert.are.equal("3123/3224", g:hexside("3123", "3224"))
      assert.are.equal("3123/3224", g:hexside("3224", "NW"))
      assert.are.equal("3123/3224", g:hexside("3123", "se"))
      assert.are.same({"3123", "3224"}, {g:hexside_hexes("3224/3123")})
      assert.are.equal("3122/3123/3223", g:vertex("3123", "N/NE"))
      assert.are.equal("3122/3123/3223", g:vertex("3122", "SE/S"))
      assert.are.equal("3122/3123/3223", g:vertex("3223", "SW/NW"))
      assert.are.equal("3123/3223/3224", g:vertex("3123", "E"))  -- NE/SE
      assert.are.same({"3123", "3223", "3224"}, g:vertex_hexes("3224/3123/3223"))
      assert.are.same({"3123", "3223", "3224"}, g:vertex_hexes("3123", "NE/SE"))
    end)

    it("lists rings clockwise from N and ranges ring by ring", function()
      assert.are.same({"0504", "0605", "0606", "0506", "0406", "0405"}, g:ring("0505", 1))
      assert.are.same({"0505"}, g:ring("0505", 0))
      assert.are.equal(12, #g:ring("1010", 2))
      assert.are.equal(37, #g:range("1010", 3))
      assert.are.equal("1010", g:range("1010", 3)[1])
    end)

    it("leaves hexes without a label out of rings and ranges", function()
      -- 0101's ring 2: four of its twelve hexes are in column -1 or row -1
      assert.are.same({"0200", "0300", "0301", "0302", "0203", "0103", "0003", "0000"},
        g:ring("0101", 2))
      -- within 2 of 0000: 0000-0002, 0100-0101, 0200-0201; twelve more have no label
      assert.are.same({"0000", "0001", "0002", "0100", "0101", "0200", "0201"},
        (function() local t = g:range("0000", 2) table.sort(t) return t end)())
    end)

    it("walks a line along hexsides with grazing pairs", function()
      assert.are.equal("0101 0201|0202 graze 0301 0401|0402 graze 0501",
        show_all(g:line("0101", "0501")))
      assert.are.equal("0501 0401|0402 graze 0301 0201|0202 graze 0101",
        show_all(g:line("0501", "0101")))
      assert.are.same({"0101", "0102", "0103", "0104"}, g:line("0101", "0104"))
      assert.are.same({"2020"}, g:line("2020", "2020"))
    end)

    it("gives both hexes where a line crosses a hexside at a step", function()
      -- axial (10,10) to (3,5): the middle point is the midpoint of the hexside 0611/0710,
      -- which the segment crosses there (obliquely)
      local steps = g:line({q = 10, r = 10}, {q = 3, r = 5})
      assert.are.equal(13, #steps)
      assert.are.equal("0611|0710 both", show(steps[7]))
    end)

    it("traces every hex the segment crosses, more than the line where it zigzags", function()
      -- axial (20,20) to (13,21): the line takes 8 steps, the segment crosses 10 hexes
      local a, b = g:format({q = 20, r = 20}), g:format({q = 13, r = 21})
      assert.are.equal("2030", a)
      assert.are.equal("1327", b)
      assert.are.equal("2030 1929 1829 1729 1728 1629 1628 1528 1428 1327",
        show_all(g:trace(a, b)))
      assert.are.equal("2030 1929 1829 1728 1629 1528 1428 1327", show_all(g:line(a, b)))
      assert.are.equal("0101 0201|0202 graze 0301 0401|0402 graze 0501",
        show_all(g:trace("0101", "0501")))
    end)

    it("converts labels, offsets and hex values", function()
      assert.are.same({q = 31, r = 8}, g:parse("3123"))
      assert.are.equal("3123", g:format({q = 31, r = 8}))
      assert.are.equal("3123", g:format("3123"))
      assert.are.same({31, 23}, {g:to_offset("3123")})
      assert.are.same({31, 23}, {g:to_offset({q = 31, r = 8})})
      assert.are.equal("0941", g:from_offset(9, 41))
      assert.are.same({q = -1, r = 5}, g:from_offset(-1, 4))
      assert.are.equal(1, g:distance({q = 31, r = 8}, "3224"))
      local g3 = hex.grid{digits = 3}
      assert.are.equal("031023", g3:from_offset(31, 23))
      assert.are.equal(1, g3:distance("031023", "032024"))
      assert.are.same({nil, "invalid hex label '3123': expected 6 digits"}, {g3:parse("3123")})
      assert.are.same({nil, "hex (q=-1, r=5) has no label on this grid"},
        {g:format({q = -1, r = 5})})
      -- a line along row 00 passes row -1, which has no label: its hex value stands in
      assert.are.equal("0200 (3,-2)|0300 graze 0400", show_all(g:line("0200", "0400")))
    end)

    it("reads facings in the words of DESIGN.md", function()
      assert.are.same({"hexside", "SE"}, {g:facing("3123", "SE")})
      assert.are.same({"vertex", "N/NE"}, {g:facing("3123", "n/ne")})
      assert.are.same({"vertex", "NE/SE"}, {g:facing("3123", "E")})
      assert.are.same({"vertex", "SW/NW"}, {g:facing("3123", "W")})
      assert.are.same({"hexside", "SE"}, {g:facing("3123", "toward 3224")})
      assert.are.same({"vertex", "N/NE"}, {g:facing("3123", "toward 3223/3122")})
      local p = hex.grid{layout = "pointy-top"}
      assert.are.same({"vertex", "NW/NE"}, {p:facing("3123", "N")})
      assert.are.same({"vertex", "SE/SW"}, {p:facing("3123", "S")})
      assert.are.same({nil, "invalid facing 'NE/N': a vertex is written clockwise, N/NE"},
        {g:facing("3123", "NE/N")})
      assert.are.same({nil, "invalid facing 'toward 3325': 3325 is not adjacent to 3123"},
        {g:facing("3123", "toward 3325")})
      assert.are.same({nil, "unknown facing 'up': expected a hexside (N NE SE S SW NW), a vertex"
        .. " (N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or toward <hex>[/<hex>]"},
        {g:facing("3123", "up")})
    end)
  end)

  describe("errors", function()
    local g = hex.grid()

    it("names the bad argument in Lua's own words", function()
      assert.has_error(function() local _ = g:distance(nil, "3224") end,
        "bad argument #1 to 'distance' (hex label expected, got nil)")
      assert.has_error(function() local _ = hex.distance("3123") end,
        "bad argument #2 to 'distance' (hex label expected, got no value)")
      assert.has_error(function() local _ = g:distance("3123", 3224) end,
        "bad argument #2 to 'distance' (hex label expected, got number)")
      assert.has_error(function() local _ = g:distance("3123", {q = 1}) end,
        "bad argument #2 to 'distance' (hex value {q=, r=} needs integer q and r)")
      assert.has_error(function() local _ = g:distance("3123", {q = 1, r = 0.5}) end,
        "bad argument #2 to 'distance' (hex value {q=, r=} needs integer q and r)")
      assert.has_error(function() local _ = g.distance(nil, "3123", "3224") end,
        "bad argument #1 to 'distance' (volley.grid expected, got nil)")
    end)

    it("names an unparseable label", function()
      assert.has_error(function() local _ = g:distance("31x3", "3224") end,
        "bad argument #1 to 'distance' (invalid hex label '31x3': expected 4 digits)")
      assert.has_error(function() local _ = hex.neighbors("031023") end,
        "bad argument #1 to 'neighbors' (invalid hex label '031023': expected 4 digits)")
    end)

    it("refuses unknown words, strangers and out-of-range radii", function()
      assert.has_error(function() local _ = g:neighbor("3123", "E") end,
        "bad argument #2 to 'neighbor' (unknown hexside 'E': expected N NE SE S SW NW)")
      assert.has_error(function() local _ = g:vertex("3123", "NE/N") end,
        "bad argument #2 to 'vertex' (unknown vertex 'NE/N': expected N/NE NE/SE SE/S S/SW"
        .. " SW/NW NW/N, E or W)")
      assert.has_error(function() local _ = g:hexside("3123", "3325") end,
        "bad argument #2 to 'hexside' (3325 is not adjacent to 3123)")
      assert.has_error(function() local _ = g:hexside_hexes("3123-3224") end,
        "bad argument #1 to 'hexside_hexes' (invalid hexside '3123-3224': expected <hex>/<hex>,"
        .. " invalid hex label '3123-3224': expected 4 digits)")
      assert.has_error(function() local _ = g:vertex_hexes("3123/3224/3325") end,
        "bad argument #1 to 'vertex_hexes' (invalid vertex '3123/3224/3325': the three hexes"
        .. " do not meet at a vertex)")
      assert.has_error(function() local _ = g:ring("3123", -1) end,
        "bad argument #2 to 'ring' (radius must be an integer from 0 to 1000)")
      assert.has_error(function() local _ = g:range("3123", 1.5) end,
        "bad argument #2 to 'range' (radius must be an integer from 0 to 1000)")
      assert.has_error(function() local _ = g:line("0101", {q = 10002, r = 0}) end,
        "bad argument #2 to 'line' (more than 10000 hexes away)")
      assert.are.equal(10001, #g:trace({q = 0, r = 0}, {q = 10000, r = -5000}))
      assert.has_error(function() local _ = g:parse(3123) end,
        "bad argument #1 to 'parse' (hex label expected, got number)")
    end)

    it("refuses grids that do not fit together", function()
      assert.has_error(function() local _ = hex.grid{layout = "hexy"} end,
        "bad argument #1 to 'grid' (unknown layout 'hexy': expected flat-top or pointy-top)")
      assert.has_error(function() local _ = hex.grid{layout = "pointy-top",
                                                     parity = "odd-columns-down"} end,
        "bad argument #1 to 'grid' (parity odd-columns-down does not fit layout pointy-top:"
        .. " expected odd-rows-right or even-rows-right)")
      assert.has_error(function() local _ = hex.grid{digits = 4} end,
        "bad option 'digits' to 'grid' (2 or 3 expected)")
      assert.has_error(function() local _ = hex.grid{layout = 1} end,
        "bad option 'layout' to 'grid' (string expected, got number)")
      assert.has_error(function() local _ = hex.grid{colour = "red"} end,
        "bad option 'colour' to 'grid' (known: layout, parity, digits)")
    end)
  end)

  describe("agrees with the plain-Lua oracle", function()
    for _, words in ipairs(LAYOUTS) do
      local name = words.layout .. ", " .. words.parity
      local g, o = hex.grid(words), oracle.grid(words)

      it("on labels, offsets, neighbours and directions (" .. name .. ")", function()
        for col = 0, 40 do
          for row = 0, 40 do
            local label = o:from_offset(col, row)
            assert.are.equal(label, g:from_offset(col, row))
            assert.are.same(o:parse(label), g:parse(label))
            assert.are.same({col, row}, {g:to_offset(label)})
            assert.are.same(o:neighbors(label), g:neighbors(label))
            for _, w in ipairs(o.sides) do
              local n = o:neighbor(label, w)
              if type(n) == "string" then
                assert.are.equal(w, g:direction(label, n))
                assert.are.equal(o:hexside(label, n), g:hexside(label, n))
              end
            end
            if col > 0 and row > 0 then
              for i = 1, 6 do
                assert.are.same(o:vertex_hexes(label, i), g:vertex_hexes(label, o.sides[i] ..
                  "/" .. o.sides[i % 6 + 1]))
              end
            end
          end
        end
      end)

      it("on distances and lines (" .. name .. ")", function()
        local pick = sequence(12345)
        for _ = 1, 3000 do
          local a = o:from_offset(pick(1, 60), pick(1, 60))
          local b = o:from_offset(pick(1, 60), pick(1, 60))
          assert.are.equal(o:distance(a, b), g:distance(a, b))
          assert.are.equal(show_all(o:line(a, b)), show_all(g:line(a, b)))
        end
        -- every line from one hex to all hexes within 8: the grazing and crossing cases
        local c = o:from_offset(20, 20)
        for _, b in ipairs(o:range_set(c, 8)) do
          assert.are.equal(show_all(o:line(c, b)), show_all(g:line(c, b)))
        end
      end)

      it("on traces (" .. name .. ")", function()
        local pick = sequence(777)
        for _ = 1, 150 do
          local a = o:from_offset(pick(5, 35), pick(5, 35))
          local b = o:from_offset(pick(5, 35), pick(5, 35))
          assert.are.equal(show_all(o:trace(a, b)), show_all(g:trace(a, b)))
        end
        local c = o:from_offset(20, 20)
        for _, b in ipairs(o:range_set(c, 6)) do
          assert.are.equal(show_all(o:trace(c, b)), show_all(g:trace(c, b)))
        end
      end)

      it("on rings and ranges (" .. name .. ")", function()
        for _, c in ipairs{"0101", "0505", "1010", "2017", "0000"} do
          for radius = 0, 5 do
            assert.are.same(o:ring(c, radius), g:ring(c, radius))
            local got = g:range(c, radius)
            table.sort(got)
            assert.are.same(o:range_set(c, radius), got)
          end
        end
      end)
    end
  end)
end)
