-- volley.core.los: the worked cases of docs/los.md through the binding, the plain-Lua oracle
-- (tests/oracle/los.lua) agreeing with the binding on every one of them and on a sweep of
-- queries with units and eye heights, the shape of `why`, and the refusals.
local core = require "volley.core"
package.path = "tests/?.lua;" .. package.path   -- the oracles (run from the top of the tree)
local oracle = require "oracle.los"

local SAMPLE = "tests/data/maps/sample.ini"
local SPI = "tests/data/maps/spi/vectors.ini"
local BV = "tests/data/maps/bv/bv.ini"
local GBMAP = "tests/data/maps/gbacw/sight.ini"
local CRESTS = "tests/data/los/gbacw-crests.ini"

local maps = {}
local function map(path)
  if not maps[path] then maps[path] = assert(core.map.load(path)) end
  return maps[path]
end

-- {map, system, layer, from, to, opts, blocked_by (false: clear), kind, rule, reason}
local RR, BVS, SPIS, GB = "rough_and_ready", "battle_of_buena_vista", "spi_gbacw", "gbacw"
local BOTH, DEF = "tests/data/los/graze-both.ini", "tests/data/los/graze-defender.ini"
local function unit(hex, height) return {units = {{hex = hex, height = height, side = "MEX"}}} end
local cases = {
  {SAMPLE, RR, nil, "0606", "0101", nil, "0505", "terrain",
   "[rough_and_ready PA 6.17] [rough_and_ready RP 6.17]", "Light Woods: fire into, not through"},
  {SAMPLE, RR, nil, "1001", "1005", nil, false, "clear", "[rough_and_ready 6.18]"},
  {SAMPLE, RR, nil, "0806", "0810", unit("0808"), "0808", "unit",
   "[rough_and_ready PA 6.17] [rough_and_ready RP 6.17] [rough_and_ready RS 6.17]",
   "a unit stands in the way"},
  {SAMPLE, RR, nil, "0614", "0914", unit("0814"), false, "clear", "[rough_and_ready 6.18]"},
  {SAMPLE, RR, nil, "0613", "0914", nil, "0914", "target-sunken", "[rough_and_ready RP 6.17]"},
  {SAMPLE, RR, nil, "1805", "1807", nil, "1805/1806", "hexside", "[rough_and_ready TEC] note g",
   "no line through the Spur hexside"},
  {SAMPLE, RR, nil, "0105", "0305", nil, "0205/0206", "terrain", "[rough_and_ready 6.18]",
   "along the hexside, Light Woods: fire into, not through"},
  {SAMPLE, RR, nil, "1604", "1608", nil, "1605", "higher-than-target", "[rough_and_ready RS 6.17]",
   "Clear ground at level 2.5 is higher than the target (level 1)"},
  {SAMPLE, RR, nil, "1608", "1604", nil, false, "clear", "[rough_and_ready 6.18]"},
  {SAMPLE, RR, BOTH, "0105", "0305", nil, false, "clear", "[rough_and_ready 6.18]"},
  {SAMPLE, RR, BOTH, "0104", "0304", nil, "0204/0205", "terrain", "[volley test] graze both"},
  {SAMPLE, RR, DEF, "0105", "0305", nil, "0205/0206", "terrain", "[volley test] graze defender",
   "the defender may choose: along the hexside, Light Woods: fire into, not through"},
  {SAMPLE, RR, DEF, "0105", "0305", {defender = "clear"}, false, "clear", "[rough_and_ready 6.18]"},
  {SAMPLE, BVS, nil, "0606", "0101", nil, false, "clear", "[battle_of_buena_vista 9.3]"},
  {SAMPLE, BVS, nil, "1204", "2004", nil, "1303/1304", "higher-than-both",
   "[battle_of_buena_vista 9.3]"},
  {SAMPLE, BVS, nil, "0612", "1314", nil, "1013", "near-lower", "[battle_of_buena_vista 9.3]",
   "Clear ground at level 1 is as high as the higher end and nearer the lower end (level 1, "
   .. "level 0)"},
  {SAMPLE, SPIS, nil, "1204", "2004", nil, "1404", "sightline", "[spi_gbacw JC 22.1] [spi_gbacw 9.56]",
   "a crest at 40 ft rises above the line from 25 ft to 25 ft"},
  {SAMPLE, SPIS, nil, "1604", "1608", nil, false, "clear", "[spi_gbacw 9.7]"},
  {SAMPLE, SPIS, nil, "1604", "1608", unit("1607", 10), false, "clear", "[spi_gbacw 9.7]"},
  {SAMPLE, SPIS, nil, "1604", "1608", unit("1607", 15), "1607", "sightline",
   "[spi_gbacw 9.71] [spi_gbacw 9.72]", "a unit at 45 ft rises above the line from 65 ft to 25 ft"},
  {SAMPLE, GB, nil, "1204", "2004", nil, "1303/1304", "higher-than-both", "[gbacw 10.27]"},
  {SAMPLE, GB, nil, "0612", "1314", nil, "1013", "near-lower", "[gbacw 10.24]"},
  {SAMPLE, GB, nil, "0806", "0810", unit("0808"), "0808", "unit", "[gbacw 10.26]"},
  {SAMPLE, GB, nil, "0713", "0715", unit("0714"), false, "clear", "[gbacw 10.2]"},
  -- SPI's test vectors L1-L8 [spi_gbacw 9.73]
  {SPI, SPIS, nil, "0301", "0304", unit("0302", 5), false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0301", "0304", unit("0302", 10), false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0501", "0504", nil, "0502", "sightline",
   "[spi_gbacw 9.71] [spi_gbacw JC 22.7] [spi_gbacw JC 22.8]"},
  {SPI, SPIS, nil, "0101", "0106", nil, false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0101", "0107", nil, "0106", "sightline",
   "[spi_gbacw 9.71] [spi_gbacw JC 22.7] [spi_gbacw JC 22.8]",
   "Woods at 30 ft rises above the line from 105 ft to 5 ft"},
  {SPI, SPIS, nil, "0701", "0706", nil, false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0901", "0905", nil, false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0206", "0406", nil, false, "clear", "[spi_gbacw 9.7]"},
  -- a 20 ft wall on the hexside 1004/1005; the hexsides the ends exempt [spi_gbacw 9.7]
  {SPI, SPIS, nil, "1001", "1008", nil, "1004/1005", "sightline", "[spi_gbacw 9.73]",
   "the Stone wall hexside at 20 ft rises above the line from 5 ft to 5 ft"},
  {SPI, SPIS, nil, "1001", "1005", nil, false, "clear", "[spi_gbacw 9.7]"},
  {SPI, SPIS, nil, "0905", "1105", nil, false, "clear", "[spi_gbacw 9.7]"},
  -- Battle of Buena Vista's own cases [battle_of_buena_vista 9.3]
  {BV, BVS, nil, "2210", "2212", nil, "2211", "near-lower", "[battle_of_buena_vista 9.3]"},
  {BV, BVS, nil, "2010", "2012", nil, false, "clear", "[battle_of_buena_vista 9.3]"},
  {BV, BVS, nil, "2410", "2411", nil, "2410", "observer-sunken", "[battle_of_buena_vista 9.3]",
   "the observer is in a Stream hex"},
  {BV, BVS, nil, "2411", "2410", nil, false, "clear", "[battle_of_buena_vista 9.3]"},
  {BV, BVS, nil, "2412", "2410", nil, "2410", "target-sunken", "[battle_of_buena_vista 9.3]"},
  {BV, BVS, nil, "2311", "2411", nil, "2311/2411", "adjacent-hexside",
   "[battle_of_buena_vista E-9.3d]", "the Impassable hexside between adjacent hexes"},
  {BV, BVS, nil, "2212", "2411", nil, false, "clear", "[battle_of_buena_vista 9.3]"},
  -- GBACW's v2023 rules on their fixture, one line per rule and exception [gbacw 10.24]
  {GBMAP, GB, nil, "0102", "0106", nil, "0104", "higher-than-both", "[gbacw 10.24]",
   "Woods at level 1 is higher than both ends (level 0, level 0)"},
  {GBMAP, GB, nil, "0306", "0302", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "0506", "0502", nil, "0504", "higher-than-both", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "0706", "0702", nil, "0704", "higher-than-both", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "0908", "0902", nil, "0904", "near-lower", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "1108", "1102", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "1307", "1302", nil, "1303", "canopy", "[gbacw 10.24]",
   "canopy: a lower Woods hex beside a wooded end"},
  {GBMAP, GB, nil, "1507", "1502", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "1706", "1702", nil, "1704", "midway", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "1906", "1902", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "2102", "2107", nil, "2104/2105", "midway", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "2307", "2302", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "2508", "2502", nil, "2506", "intervening-hill", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "2708", "2702", nil, "2703", "shadow", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "2908", "2902", nil, "2905", "shadow-slope", "[gbacw 10.24]"},
  {GBMAP, GB, nil, "3108", "3102", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, nil, "0309", "0109", nil, "0209/0210", "higher-than-both", "[gbacw 10.27]"},
  {GBMAP, GB, nil, "3305", "3311", nil, false, "clear", "[gbacw 10.2]"},
  {GBMAP, GB, CRESTS, "3305", "3311", nil, "3305", "crest", "[gbacw 10.24]"},
  {GBMAP, GB, CRESTS, "3311", "3305", nil, "3305", "crest", "[gbacw 10.24]"},
}

local contexts = {}
local function context(path, system, layer)
  local key = path .. "|" .. system .. "|" .. tostring(layer)
  if not contexts[key] then
    local ctx = assert(core.los.new(map(path), {system = system, layer = layer}))
    contexts[key] = {ctx = ctx, oracle = oracle.new(map(path), ctx:policy())}
  end
  return contexts[key]
end

local function same_answer(c1, w1, c2, w2)
  assert.are.equal(c1, c2)
  assert.are.same({w1.kind, w1.blocked_by, w1.rule, w1.choice, w1.heights.obstacle},
                  {w2.kind, w2.blocked_by, w2.rule, w2.choice, w2.heights.obstacle})
end

describe("volley.core.los", function()
  describe("the worked cases of docs/los.md", function()
    for _, c in ipairs(cases) do
      local name = string.format("%s %s: %s -> %s %s", c[1]:match("[^/]+$"), c[2], c[4], c[5],
                                 c[7] and ("blocked at " .. c[7]) or "clear")
      it(name, function()
        local x = context(c[1], c[2], c[3])
        local clear, why = x.ctx:check(c[4], c[5], c[6])
        assert.are.equal(not c[7], clear)
        assert.are.equal(c[7] or nil, why.blocked_by)
        assert.are.equal(c[8], why.kind)
        assert.are.equal(c[9], why.rule)
        if c[10] then assert.are.equal(c[10], why.reason) end
        -- the oracle agrees
        local oc, ow = x.oracle:check(c[4], c[5], c[6])
        same_answer(clear, why, oc, ow)
      end)
    end
  end)

  describe("GBACW's v2023 fixture", function()
    for _, layer in ipairs({false, CRESTS}) do
      it("the oracle agrees on every pair within 7 hexes of every 17th hex, both ways alike"
         .. (layer and " (crests on)" or ""), function()
        local x = context(GBMAP, GB, layer or nil)
        local hexes, blocked, pairs = map(GBMAP):hexes(), 0, 0
        local g = x.oracle.g
        for i = 1, #hexes, 17 do
          for j = 1, #hexes do
            local a, b = hexes[i], hexes[j]
            if a ~= b and g:distance(a, b) <= 7 then
              local c1, w1 = x.ctx:check(a, b)
              local oc, ow = x.oracle:check(a, b)
              same_answer(c1, w1, oc, ow)
              assert.are.equal(c1, (x.ctx:check(b, a)))        -- [gbacw 10.25]
              pairs = pairs + 1
              if not c1 then blocked = blocked + 1 end
            end
          end
        end
        assert.is_true(pairs > 600 and blocked > 60 and blocked < pairs - 60)
      end)
    end
  end)

  describe("the oracle", function()
    -- A fixed sequence (Park-Miller; no math.random).
    local seed = 11
    local function pick(lo, hi)
      seed = (seed * 16807) % 2147483647
      return lo + seed % (hi - lo + 1)
    end
    for _, sys in ipairs({RR, BVS, SPIS, GB}) do
      it("agrees with the binding on 600 queries under " .. sys, function()
        local x = context(SAMPLE, sys, nil)
        local hexes = map(SAMPLE):hexes()
        local blocked = 0
        for k = 1, 600 do
          local a, b = hexes[pick(1, #hexes)], hexes[pick(1, #hexes)]
          local opts
          if k % 2 == 0 then
            opts = {side = "US", units = {}}
            for u = 1, pick(0, 10) do
              opts.units[u] = {hex = hexes[pick(1, #hexes)], side = pick(0, 1) == 0 and "US" or "MEX",
                               height = pick(0, 2) > 0 and pick(0, 15) or nil}
            end
            if k % 4 == 0 then opts.eye, opts.target_eye = pick(0, 12), pick(0, 12) end
          end
          local c1, w1 = x.ctx:check(a, b, opts)
          local c2, w2 = x.oracle:check(a, b, opts)
          same_answer(c1, w1, c2, w2)
          if not c1 then blocked = blocked + 1 end
        end
        assert.is_true(blocked > 50 and blocked < 550)   -- both answers are exercised
      end)
    end
  end)

  describe("an answer", function()
    it("explains a block: where, why, the heights and the rule", function()
      local x = context(SAMPLE, BVS, nil)
      local clear, why = x.ctx:check("1204", "2004")
      assert.is_false(clear)
      assert.are.same({
        kind = "higher-than-both", blocked_by = "1303/1304", choice = false, distance = 8,
        reason = "along the hexside, both hexes block: Clear ground at level 1.5 is higher than "
          .. "both ends (level 1, level 1)",
        rule = "[battle_of_buena_vista 9.3]",
        heights = {observer = 2, target = 2, obstacle = 3, unit = "half-level"},
      }, why)
      assert.are.same({"1204", "1303/1304", "1404", "1503/1504", "1604", "1703/1704", "1804",
                       "1903/1904", "2004"}, x.ctx:path("1204", "2004"))
      assert.is_false(x.ctx:clear("1204", "2004"))
      -- standing two levels up at both ends, the hilltop (level 3) is no longer higher
      assert.is_true(x.ctx:clear("1204", "2004", {eye = 4, target_eye = 4}))
      assert.is_false(x.ctx:clear("1204", "2004", {eye = 3, target_eye = 3}))
    end)

    it("lists the hexes crossed when clear", function()
      local x = context(SPI, SPIS, nil)
      local clear, why = x.ctx:check("0101", "0106")
      assert.is_true(clear)
      assert.are.same({"0101", "0102", "0103", "0104", "0105", "0106"}, why.path)
      assert.are.equal("nothing blocks the line", why.reason)
      assert.are.same({observer = 105, target = 5, unit = "ft"}, why.heights)
      assert.is_nil(why.blocked_by)
    end)

    it("names a provisional value that decided it", function()
      local x = context(SAMPLE, RR, nil)
      local _, why = x.ctx:check("1604", "1608")
      assert.are.equal("RS 6.17's rule is applied to Resaca de la Palma's two levels too (its own "
        .. "6.17 names no elevation rule but the resaca one); Palo Alto has one level",
        why.provisional)
    end)

    it("counts friendly units only where the policy says enemies block", function()
      local x = context(SAMPLE, RR, nil)
      local opts = {side = "US", units = {{hex = "0808", side = "US"}}}
      assert.is_false((x.ctx:check("0806", "0810", opts)))      -- all units block in R&R
      local layer = os.tmpname()
      local f = assert(io.open(layer, "w"))
      f:write("[los]\nsystem = rough_and_ready\n[units]\nblock = enemy\nrule = [volley test]\n")
      f:close()
      local ctx = assert(core.los.new(map(SAMPLE), {layer = layer}))
      os.remove(layer)
      assert.is_true((ctx:check("0806", "0810", opts)))
      opts.units[1].side = "MEX"
      assert.is_false((ctx:check("0806", "0810", opts)))
      opts.side = nil                                             -- no side: every unit an enemy
      assert.is_false((ctx:check("0806", "0810", opts)))
    end)
  end)

  describe("a context", function()
    it("gives its policy resolved, each value with its case", function()
      local p = context(SAMPLE, SPIS, nil).ctx:policy()
      assert.are.equal("spi_gbacw", p.system)
      assert.are.equal("ft", p.unit)
      assert.are.same({20, 5, true}, {p.level, p.eye, p.reciprocal})
      assert.are.same({obstacles = "crests", tests = {"sightline"}, tolerance = 5,
                       near_lower = "higher", midpoint = "blocks"}, p.ground)
      assert.are.same({block = "all", as = "height", height = 5, see_over = {}}, p.units)
      local level
      for _, v in ipairs(p.values) do
        if v.section == "los" and v.key == "level" then level = v end
      end
      assert.are.equal("20", level.text)
      assert.are.equal("[spi_gbacw 9.72]", level.rule)
      assert.are.equal("charts/spi_gbacw/los.ini", level.file:match("charts/.*$"))
    end)

    it("keeps paths in a bounded cache", function()
      local ctx = assert(core.los.new(map(SAMPLE), {cache = 20000}))
      ctx:check("0101", "2015")
      ctx:check("0101", "2015")
      local s = ctx:stats()
      assert.are.same({1, 1, 1, 0}, {s.entries, s.hits, s.misses, s.flushes})
      assert.are.equal(20000, s.bytes_budget)
      assert.is_true(s.bytes_used > 0 and s.bytes_used < s.bytes_budget)
      ctx:flush()
      assert.are.equal(0, ctx:stats().entries)
      local none = assert(core.los.new(map(SAMPLE), {cache = 0}))
      none:check("0101", "2015")
      assert.are.same({0, 0}, {none:stats().entries, none:stats().bytes_budget})
    end)

    it("keeps its map alive, and refuses once the map is closed", function()
      local m = assert(core.map.load(SAMPLE))
      local ctx = assert(core.los.new(m))
      m = nil                                                        -- luacheck: ignore m
      collectgarbage()
      collectgarbage()
      assert.is_true((ctx:check("1001", "1005")))
      local m2 = assert(core.map.load(SAMPLE))
      local ctx2 = assert(core.los.new(m2))
      m2:close()
      assert.has_error(function() ctx2:check("1001", "1005") end,
                       "the map of this los context is closed")
      ctx:close()
      assert.has_error(function() ctx:check("1001", "1005") end)
      assert.are.equal("volley.los (closed)", tostring(ctx))
    end)
  end)

  describe("refusals", function()
    it("returns nil and a message for a system without a policy", function()
      local ctx, err = core.los.new(map(SAMPLE), {system = "kriegsspiel"})
      assert.is_nil(ctx)
      assert.are.equal("no charts/kriegsspiel/los.ini on the data path", err)
    end)

    it("returns nil and file:line: message for a broken policy", function()
      local path = os.tmpname()
      local f = assert(io.open(path, "w"))
      f:write("[los]\nsystem = rough_and_ready\nrule = [x]\n[ground]\ntests = upward\n")
      f:close()
      local ctx, err = core.los.new(map(SAMPLE), {policy = path})
      os.remove(path)
      assert.is_nil(ctx)
      assert.are.equal(path .. ":5: no rule for tests in [ground] (give rule = or rule.tests =, "
        .. "or provisional.tests =)", err)
    end)

    it("raises on a hex off the map or a malformed option", function()
      local ctx = context(SAMPLE, RR, nil).ctx
      assert.has_error(function() ctx:check("0101", "2101") end, "hex 2101 is not on the map")
      assert.has_error(function() ctx:check("0101", "0202", {defender = "maybe"}) end,
                       "bad option 'defender' (\"block\" or \"clear\" expected)")
      assert.has_error(function() ctx:check("0101", "0202", {eye = 1.5}) end,
                       "bad option 'eye' (an integer expected)")
      assert.has_error(function() ctx:check("0101", "0202", {units = {{hex = "2101"}}}) end,
                       "unit obstacle at 2101 is off the map")
      assert.has_error(function() ctx:check("01", "0202") end)
      assert.has_error(function() core.los.new() end)
    end)
  end)
end)
