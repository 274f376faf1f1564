--- A plain-Lua reference for volley.core.los, kept as an oracle for tests and benchmarks.
-- Written from docs/los.md "The algorithm", the straightforward way: the trace from
-- tests/oracle/hex.lua (itself independent of engine/src/hex.c), the map's facts read through
-- volley.core.map on every query, the policy as volley.core.los's `policy()` resolves it, and
-- one walk from the observer to the target judging terrain and units together at every step.
-- No cache, no precomputation: clarity over speed.
--
-- Hexes are labels. `check` answers as the binding does: clear, and why =
-- {kind=, blocked_by=, rule=, choice=, heights={observer=, target=, obstacle=}}.
-- @module oracle.los

local hexo = require "oracle.hex"

local M = {}

local Los = {}
Los.__index = Los

local function has(list, word)
  for _, w in ipairs(list or {}) do
    if w == word then return true end
  end
  return false
end

--- An oracle for map m under policy p (a table from volley.core.los's ctx:policy()).
-- @param m a volley.map
-- @tparam table p the resolved policy
function M.new(m, p)
  local info = m:info()
  local o = setmetatable({m = m, p = p}, Los)
  local digits = math.floor(#m:hexes()[1] / 2)
  o.g = hexo.grid({layout = info.layout, parity = info.parity, digits = digits})
  o.scale = p.unit == "level" and 1 or math.floor(p.level / 2)
  o.rules = {}
  for _, v in ipairs(p.values) do o.rules[v.section .. "." .. v.key] = v end
  return o
end

function Los:rule(key)
  local v = self.rules[key]
  return v and v.rule or self.p.rule
end

-- Facts of a hex: ground and terrain height in steps, whether it blocks, whether it is sunken.
function Los:hex(label)
  local code = self.m:terrain(label)
  if code == nil then return nil end
  local t = self.m:terrain_type(code, "hex")
  local _, halves = self.m:elevation(label)
  return {
    label = label,
    ground = halves * self.scale,
    height = t.halves * self.scale,
    blocks = has(t.flags, "blocks-los"),
    sunken = self.p.sunken.flag ~= nil and has(t.flags, self.p.sunken.flag),
    canopy = self.p.slopes.canopy ~= nil and has(t.flags, self.p.slopes.canopy),
    name = t.name,
  }
end

-- Where a result names the hexside between x and y: "a/b" in label order, or, on the map's
-- edge (one of the two hexes off the map), the hex on the map (docs/los.md: a player has no
-- hex `0300` to look at).
function Los:side_name(x, y)
  local inx, iny = self:hex(x) ~= nil, self:hex(y) ~= nil
  if inx ~= iny then return inx and x or y end
  return self.g:hexside(x, y)
end

-- The hexside between x and y: does a feature block, their tallest height, the adjacent flag.
function Los:side(x, y)
  if self.m:terrain(x) == nil or self.m:terrain(y) == nil then return {} end
  local out = {blocks = false, height = 0, adjacent = false, any = false}
  for _, f in ipairs(self.m:hexside(x, y)) do
    local t = self.m:terrain_type(f, "hexside")
    local h = t.halves * self.scale
    if has(t.flags, "blocks-los") then out.blocks = true; out.any = true end
    if h > 0 then out.any = true end
    if h > out.height then out.height = h end
    if self.p.hexsides.adjacent and has(t.flags, self.p.hexsides.adjacent) then
      out.adjacent = true
    end
  end
  return out
end

-- The hexes of a trace step (a label, a pair, or an axial value off the labels).
local function hexes_of_step(step)
  if type(step) == "table" and step.q == nil then return {step[1], step[2]} end
  return {step}
end

-- Whether the blank-separated list (or nil) holds word w.
local function listed(list, w)
  for x in (list or ""):gmatch("%S+") do
    if x == w then return true end
  end
  return false
end

-- [slopes]: does the hexside between x and y carry a feature of the list (non_gradual, steep)?
function Los:slope(x, y, which)
  if type(x) ~= "string" or type(y) ~= "string" then return false end
  if self.m:terrain(x) == nil or self.m:terrain(y) == nil then return false end
  for _, f in ipairs(self.m:hexside(x, y)) do
    if listed(self.p.slopes[which], f) then return true end
  end
  return false
end

-- The judge of one query.
local J = {}
J.__index = J

-- ---- GBACW's slopes ([slopes] rules = v2023), docs/los.md "GBACW's slopes" ---------------

local function single(step) return type(step) == "string" end

-- The facts of a step's hex (nil off the map or for a pair).
function J:fact(step)
  if not single(step) then return nil end
  return self.o:hex(step)
end

-- A step's lowest and highest ground (hexes off the map count as none).
function J:grounds(step)
  local lo, hi = math.huge, -math.huge
  for _, x in ipairs(hexes_of_step(step)) do
    local h = type(x) == "string" and self.o:hex(x)
    if h then lo = math.min(lo, h.ground); hi = math.max(hi, h.ground) end
  end
  return lo, hi
end

function J:proviso(gh, tall)
  return not tall and gh - self.lo <= 2 * self.o.scale
end

-- Hex x of step i under the v2023 rules: nil, or the kind and the policy key.
function J:gb_hex(i, x)
  local o, g = self.o, self.o.g
  local h = o:hex(x)
  local adj, tall = h.ground + h.height, h.height > 0
  local n = #self.steps
  local lo_a = self.pa <= self.pb
  local higher = lo_a and n or 1
  local step = self.steps[i]
  local da, db = self:pos(step, self.a), self:pos(step, self.b)
  local dlo, dhi = lo_a and da or db, lo_a and db or da
  local A, B = o:hex(self.a), o:hex(self.b)
  if adj > self.hi then return "higher-than-both", "slopes.rules" end
  if h.canopy then
    for _, e in ipairs({A, B}) do
      if e.canopy and g:distance(x, e.label) == 1 and h.ground < e.ground then
        local under = h.ground < A.ground and h.ground < B.ground
        if not (under and o:slope(x, e.label, "non_gradual")) then
          return "canopy", "slopes.canopy"
        end
      end
    end
  end
  if self.lo == self.hi then return nil end
  if tall then
    for _, e in ipairs({A, B}) do
      if g:distance(x, e.label) == 1 and adj > e.ground then return "shadow", "slopes.rules" end
    end
  end
  if 2 * adj > self.hi + self.lo then
    if dlo < dhi then return "near-lower", "slopes.rules" end
    if dlo == dhi and single(step) then
      local toward = self.steps[lo_a and i - 1 or i + 1]
      local closer = tall
      if not closer and single(toward) and o:slope(x, toward, "non_gradual") then
        local t = o:hex(toward)
        local hg = math.max(h.ground, t.ground)
        local ht
        if h.ground >= t.ground then ht = tall else ht = t.height > 0 end
        closer = not self:proviso(hg, ht)
      end
      if closer then return "midway", "slopes.rules" end
    end
  end
  if h.ground == self.hi then
    local d = higher > i and 1 or -1
    for k = i + d, higher - d, d do
      local slo = self:grounds(self.steps[k])
      if slo < self.hi then return "intervening-hill", "slopes.rules" end
    end
  end
  if adj > self.lo and single(step) then
    local d = lo_a and 1 or -1
    local toward = self.steps[i - d]
    if single(toward) and o:slope(x, toward, "steep") then
      for k = i, higher - d, d do
        local s0, s1 = self.steps[k], self.steps[k + d]
        local lo0, hi0 = self:grounds(s0)
        local lo1, hi1 = self:grounds(s1)
        if not (lo0 == lo1 and hi0 == hi1) then
          if not (single(s0) and single(s1) and o:slope(s0, s1, "steep")) then
            return "shadow-slope", "slopes.rules"
          end
        end
      end
    end
  end
  return nil
end

-- The hexside crossed between steps i and i + 1, midway: nil, or the kind and its top.
function J:gb_midside(i)
  local o = self.o
  local s0, s1 = self.steps[i], self.steps[i + 1]
  if self.lo == self.hi or i == 1 or i + 1 == #self.steps then return nil end
  local x, y = self:fact(s0), self:fact(s1)
  if not x or not y then return nil end
  if self:pos(s0, self.a) + self:pos(s1, self.a) ~= self:pos(s0, self.b) + self:pos(s1, self.b)
  then return nil end
  local ax, ay = x.ground + x.height, y.ground + y.height
  if ax == ay or ax + ay <= self.hi + self.lo then return nil end
  if not o:slope(s0, s1, "non_gradual") and x.height == 0 and y.height == 0 then return nil end
  local hg = math.max(x.ground, y.ground)
  local ht
  if x.ground > y.ground then ht = x.height > 0
  elseif x.ground < y.ground then ht = y.height > 0
  else ht = x.height > 0 or y.height > 0 end
  if self:proviso(hg, ht) then return nil end
  return "midway", math.floor((ax + ay) / 2)
end

-- The optional Crests rule at the higher end.
function J:gb_crest()
  local o, g = self.o, self.o.g
  if self.lo == self.hi then return false end
  local lo_a = self.pa <= self.pb
  local h, l = lo_a and self.b or self.a, lo_a and self.a or self.b
  local gh = o:hex(h).ground
  local front = 0
  local t = g:trace(h, l)
  for k = 2, #t do
    local lo, hi = self:grounds(t[k])
    if lo ~= gh or hi ~= gh then break end
    front = front + 1
  end
  local H, L = g:parse(h), g:parse(l)
  local far = {q = H.q + (H.q - L.q), r = H.r + (H.r - L.r)}
  t = g:trace(h, far)
  for k = 2, #t do
    local offmap = false
    for _, x in ipairs(hexes_of_step(t[k])) do
      if type(x) ~= "string" or o:hex(x) == nil then offmap = true end
    end
    if offmap then return false end
    local lo, hi = self:grounds(t[k])
    if hi > gh then return false end
    if lo < gh then return k - 2 < front end
  end
  return false
end

function J:test(top, da, db)
  local p = self.p.ground
  local lo_a = self.pa <= self.pb
  local lo, hi = math.min(self.pa, self.pb), math.max(self.pa, self.pb)
  local dlo, dhi = lo_a and da or db, lo_a and db or da
  if has(p.tests, "sightline") then
    if (top - p.tolerance - lo) * 4 * self.d > (hi - lo) * dlo then return "sightline" end
  end
  if has(p.tests, "higher-than-both") and top > hi then return "higher-than-both" end
  if has(p.tests, "near-lower") and self.pa ~= self.pb then
    local nearer = dlo < dhi or (dlo == dhi and p.midpoint == "blocks")
    local reach
    if p.near_lower == "higher" then reach = top >= hi else reach = 2 * top > hi + lo end
    if nearer and reach then return "near-lower" end
  end
  if has(p.tests, "higher-than-target") and top > self.pb then return "higher-than-target" end
  return nil
end

function J:exempt(hexes)
  local e = self.p.hexsides.exempt
  if e == "none" then return false end
  for _, x in ipairs(hexes) do
    if x == self.a or x == self.b then return true end
  end
  if e == "adjacent" and #hexes == 2 then
    local g = self.o.g
    for _, z in ipairs({self.a, self.b}) do
      if g:distance(hexes[1], z) == 1 and g:distance(hexes[2], z) == 1 then return true end
    end
  end
  return false
end

-- The hexes of a step (a label, or a grazed pair).
local function hexes_of(step)
  if type(step) == "table" then return {step[1], step[2]} end
  return {step}
end

function J:pos(step, z)
  local g = self.o.g
  if type(step) == "table" then return 2 * (g:distance(step[1], z) + g:distance(step[2], z)) end
  return 4 * g:distance(step, z)
end

-- The boundary between steps i - 1 and i: its positions, exemption and where it is reported.
function J:boundary(i, own)
  local s0, s1 = self.steps[i - 1], self.steps[i]
  local hs = {}
  for _, x in ipairs(hexes_of(s0)) do hs[#hs + 1] = x end
  for _, x in ipairs(hexes_of(s1)) do hs[#hs + 1] = x end
  local where = own
  if #hs == 2 and self.o:hex(hs[1]) and self.o:hex(hs[2]) then
    where = self.o.g:hexside(hs[1], hs[2])
  end
  return (self:pos(s0, self.a) + self:pos(s1, self.a)) / 2,
         (self:pos(s0, self.b) + self:pos(s1, self.b)) / 2,
         self:exempt(hs), where
end

-- Does hex x of step i block? nil, or {kind=, key=, top=, where=}.
function J:hex_blocks(i, x)
  local p, o = self.p, self.o
  local h = o:hex(x)
  if h == nil then return nil end
  local step = self.steps[i]
  local own = type(step) == "table" and o:side_name(step[1], step[2]) or x
  local crests = p.ground.obstacles == "crests"
  local v2023 = p.slopes.rules == "v2023"
  if v2023 then
    local k, key = self:gb_hex(i, x)
    if k then return {kind = k, key = key, top = h.ground + h.height, where = own} end
    crests = false
  end
  if crests then
    local da, db, ex, where = self:boundary(i, own)
    local k = not ex and self:test(h.ground, da, db)
    if k then return {kind = k, key = "ground.obstacles", top = h.ground, where = where} end
  end
  if not v2023 and h.blocks and p.terrain.blocks == "absolute" then
    return {kind = "terrain", key = "terrain.blocks", top = h.ground + h.height, where = own}
  end
  if not v2023 and (p.ground.obstacles == "hexes" or (h.blocks and p.terrain.blocks == "height"))
  then
    local k = self:test(h.ground + h.height, self:pos(step, self.a), self:pos(step, self.b))
    if k then
      local key = "ground.tests"
      if h.blocks and p.terrain.blocks == "height" and p.ground.obstacles ~= "hexes" then
        key = "terrain.blocks"
      end
      return {kind = k, key = key, top = h.ground + h.height, where = own}
    end
  end
  local u = self.units[x]
  if u then
    local ga, gb = o:hex(self.a).ground, o:hex(self.b).ground
    local over = (has(p.units.see_over, "higher") and ga > h.ground)
              or (has(p.units.see_over, "lower-than-both") and h.ground < ga and h.ground < gb)
    if not over then
      if p.units.as == "absolute" then
        return {kind = "unit", key = "units.block", top = h.ground + u, where = own}
      end
      local k = self:test(h.ground + u, self:pos(step, self.a), self:pos(step, self.b))
      if k then return {kind = k, key = "units.as", top = h.ground + u, where = own} end
    end
  end
  if crests then
    local da, db, ex, where = self:boundary(i + 1, own)
    local k = not ex and self:test(h.ground, da, db)
    if k then return {kind = k, key = "ground.obstacles", top = h.ground, where = where} end
  end
  return nil
end

-- A hexside's features as an obstacle (crossed, or run along): nil or a hit.
function J:side_blocks(x, y, da, db)
  local s = self.o:side(x, y)
  if not s.any or self:exempt({x, y}) then return nil end
  local ga, gb = self.o:hex(x).ground, self.o:hex(y).ground
  local top = math.max(ga, gb) + s.height
  local where = self.o.g:hexside(x, y)
  if s.blocks and self.p.terrain.hexsides == "absolute" then
    return {kind = "hexside", key = "terrain.hexsides", top = top, where = where}
  end
  local k = self:test(top, da, db)
  if k then
    return {kind = k, key = s.blocks and "terrain.hexsides" or "ground.tests", top = top,
            where = where}
  end
  return nil
end

-- Step i: "blocked" or "choice" with a hit, or nil.
function J:step(i)
  local step = self.steps[i]
  if type(step) ~= "table" then
    local h = self:hex_blocks(i, step)
    return h and "blocked", h
  end
  local ha, hb = self:hex_blocks(i, step[1]), self:hex_blocks(i, step[2])
  local graze = self.p.hexsides.graze
  if ha or hb then
    local h = ha or hb
    local v
    if ha and hb then v = "blocked"
    elseif graze == "either" then v = "blocked"
    elseif graze == "defender" then
      if self.defender == "block" then v = "blocked"
      elseif self.defender == nil then v = "choice" end
    end
    if v then
      return v, {kind = h.kind, key = "hexsides.graze", top = h.top,
                 where = self.o:side_name(step[1], step[2])}
    end
  end
  local h = self:side_blocks(step[1], step[2], self:pos(step, self.a), self:pos(step, self.b))
  return h and "blocked", h
end

--- Line of sight from a to b.
-- @tparam string a observer
-- @tparam string b target
-- @tparam[opt] table opts as volley.core.los's check takes them
-- @treturn boolean clear
-- @treturn table why
function Los:check(a, b, opts)
  opts = opts or {}
  local p, g = self.p, self.g
  local A, B = self:hex(a), self:hex(b)
  local j = setmetatable({o = self, p = p, a = a, b = b, d = g:distance(a, b),
                          defender = opts.defender}, J)
  j.pa = A.ground + (opts.eye or p.eye)
  j.pb = B.ground + (opts.target_eye or p.eye)
  j.lo, j.hi = math.min(j.pa, j.pb), math.max(j.pa, j.pb)
  local why = {kind = "clear", rule = p.rule, choice = false,
               heights = {observer = j.pa, target = j.pb}}
  local function blocked(kind, where, key, top, choice)
    why.kind, why.blocked_by, why.rule, why.choice = kind, where, self:rule(key), choice or false
    why.heights.obstacle = top
    return false, why
  end
  if a == b then return true, why end
  -- the ends
  if p.sunken.flag then
    if A.sunken and p.sunken.observer == "blind" then
      return blocked("observer-sunken", a, "sunken.observer")
    end
    if B.sunken and p.sunken.target ~= "any" then
      local seen
      if p.sunken.target == "adjacent" then
        seen = j.d == 1 and not A.sunken
      else
        seen = A.sunken
        for _, n in ipairs(g:neighbors(a)) do
          local h = type(n) == "string" and self:hex(n)
          if h and h.sunken then seen = true end
        end
      end
      if not seen then return blocked("target-sunken", b, "sunken.target") end
    end
  end
  if p.hexsides.adjacent and j.d == 1 and self:side(a, b).adjacent then
    return blocked("adjacent-hexside", g:hexside(a, b), "hexsides.adjacent")
  end
  -- the units that count
  j.units = {}
  for _, u in ipairs(opts.units or {}) do
    local friendly = opts.side ~= nil and u.side == opts.side
    local counts = p.units.block == "all" or (p.units.block == "enemy" and not friendly)
                   or (p.units.block == "friendly" and friendly)
    if counts and u.hex ~= a and u.hex ~= b then
      local h = u.height or p.units.height
      if j.units[u.hex] == nil or h > j.units[u.hex] then j.units[u.hex] = h end
    end
  end
  -- the walk
  j.steps = g:trace(a, b)
  local choice
  for i = 1, #j.steps do
    if i > 1 and i < #j.steps then
      local v, h = j:step(i)
      if v == "blocked" then return blocked(h.kind, h.where, h.key, h.top) end
      if v == "choice" and not choice then choice = h end
    end
    local s0, s1 = j.steps[i], j.steps[i + 1]
    if s1 and p.slopes.rules == "v2023" then
      local k, top = j:gb_midside(i)
      if k then return blocked(k, g:hexside(s0, s1), "slopes.rules", top) end
    end
    if s1 and type(s0) ~= "table" and type(s1) ~= "table" and self:hex(s0) and self:hex(s1) then
      local h = j:side_blocks(s0, s1, (j:pos(s0, a) + j:pos(s1, a)) / 2,
                              (j:pos(s0, b) + j:pos(s1, b)) / 2)
      if h then return blocked(h.kind, h.where, h.key, h.top) end
    end
  end
  if choice then return blocked(choice.kind, choice.where, choice.key, choice.top, true) end
  if p.slopes.rules == "v2023" and p.slopes.crests and j:gb_crest() then
    local h = j.pa <= j.pb and b or a
    return blocked("crest", h, "slopes.crests", self:hex(h).ground)
  end
  return true, why
end

return M
