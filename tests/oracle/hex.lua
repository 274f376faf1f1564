--- A plain-Lua reference for volley.core.hex, kept as an oracle for tests and benchmarks.
-- Written independently of engine/src/hex.c, the straightforward way (redblobgames' "Hexagonal
-- Grids" guide): neighbours from per-parity offset tables, cube coordinates from the offset
-- formulas, distance as the largest cube difference, the line by float lerp with the guide's
-- epsilon nudge applied both ways (two roundings that differ mean the point is on a hexside),
-- the trace by listing every parameter where the segment crosses a perpendicular bisector
-- and looking up the cell between each two. Slow on purpose: clarity over speed.
--
-- Hexes are labels in and out, as in volley.core.hex; a hex without a label comes out as its
-- axial value {q=, r=}. The trace is exact for distances up to 40 (doubles hold its integers).
-- @module oracle.hex

local M = {}

local floor, abs, max = math.floor, math.abs, math.max
local format = string.format

local Grid = {}
Grid.__index = Grid

local SIDES = {
  ["flat-top"] = {"N", "NE", "SE", "S", "SW", "NW"},
  ["pointy-top"] = {"NE", "E", "SE", "SW", "W", "NW"},
}

-- Offset steps {dcol, drow} by hexside word, for a column (or row) that is shoved (shifted
-- down, or right) and for one that is not: read off a drawing of the grid.
local STEPS = {
  ["flat-top"] = {
    shoved = {N = {0, -1}, NE = {1, 0}, SE = {1, 1}, S = {0, 1}, SW = {-1, 1}, NW = {-1, 0}},
    plain = {N = {0, -1}, NE = {1, -1}, SE = {1, 0}, S = {0, 1}, SW = {-1, 0}, NW = {-1, -1}},
  },
  ["pointy-top"] = {
    shoved = {NE = {1, -1}, E = {1, 0}, SE = {1, 1}, SW = {0, 1}, W = {-1, 0}, NW = {0, -1}},
    plain = {NE = {0, -1}, E = {1, 0}, SE = {0, 1}, SW = {-1, 1}, W = {-1, 0}, NW = {-1, -1}},
  },
}

--- A grid.
-- @tparam table o {layout=, parity=, digits=} as volley.core.hex.grid takes them
-- @return the grid
function M.grid(o)
  o = o or {}
  local g = setmetatable({}, Grid)
  g.layout = o.layout or "flat-top"
  g.parity = o.parity or (g.layout == "flat-top" and "odd-columns-down" or "odd-rows-right")
  g.digits = o.digits or 2
  g.sides = SIDES[g.layout]
  return g
end

-- ---- offsets, cubes, labels --------------------------------------------------------------

--- Label -> column, row; nil and a message for a bad label.
function Grid:to_offset(label)
  if type(label) == "table" then
    return self:cube_to_offset(label.q, label.r)
  end
  local n = 2 * self.digits
  if #label ~= n or not label:match("^%d+$") then
    return nil, format("invalid hex label '%s': expected %d digits", label, n)
  end
  return tonumber(label:sub(1, self.digits)), tonumber(label:sub(self.digits + 1))
end

--- Column, row -> axial q, r (redblobgames' offset-to-cube formulas; % is a floor modulo).
function Grid:offset_to_cube(col, row)
  local p = self.parity
  if p == "odd-columns-down" then return col, row - (col - col % 2) / 2 end
  if p == "even-columns-down" then return col, row - (col + col % 2) / 2 end
  if p == "odd-rows-right" then return col - (row - row % 2) / 2, row end
  return col - (row + row % 2) / 2, row
end

--- Axial q, r -> column, row.
function Grid:cube_to_offset(q, r)
  local p = self.parity
  if p == "odd-columns-down" then return q, r + (q - q % 2) / 2 end
  if p == "even-columns-down" then return q, r + (q + q % 2) / 2 end
  if p == "odd-rows-right" then return q + (r - r % 2) / 2, r end
  return q + (r + r % 2) / 2, r
end

--- Column, row -> label, or the axial value when it has none.
function Grid:from_offset(col, row)
  local limit = self.digits == 3 and 1000 or 100
  if col < 0 or row < 0 or col >= limit or row >= limit then
    local q, r = self:offset_to_cube(col, row)
    return {q = q, r = r}
  end
  return format("%0" .. self.digits .. "d%0" .. self.digits .. "d", col, row)
end

--- Label -> the axial value {q=, r=}.
function Grid:parse(label)
  local col, row = self:to_offset(label)
  if not col then return nil, row end
  local q, r = self:offset_to_cube(col, row)
  return {q = q, r = r}
end

--- Axial value -> label (or the value back when it has none).
function Grid:format(h)
  local col, row = self:cube_to_offset(h.q, h.r)
  return self:from_offset(col, row)
end

local function cube(g, label)
  local col, row = g:to_offset(label)
  local q, r = g:offset_to_cube(col, row)
  return q, r, -q - r
end

local function label_order(g, a, b)
  local ac, ar = g:to_offset(a)
  local bc, br = g:to_offset(b)
  if ac ~= bc then return ac < bc end
  return ar < br
end

-- ---- distance and neighbours -------------------------------------------------------------

--- Hex distance: the largest of the three cube differences.
function Grid:distance(a, b)
  local aq, ar, as = cube(self, a)
  local bq, br, bs = cube(self, b)
  return max(abs(aq - bq), abs(ar - br), abs(as - bs))
end

--- The neighbour across the hexside word.
function Grid:neighbor(h, word)
  local col, row = self:to_offset(h)
  local shoved
  if self.layout == "flat-top" then
    shoved = (col % 2 == 1) == (self.parity == "odd-columns-down")
  else
    shoved = (row % 2 == 1) == (self.parity == "odd-rows-right")
  end
  local d = STEPS[self.layout][shoved and "shoved" or "plain"][word]
  return self:from_offset(col + d[1], row + d[2])
end

--- The six neighbours in word order.
function Grid:neighbors(h)
  local out = {}
  for i, w in ipairs(self.sides) do out[i] = self:neighbor(h, w) end
  return out
end

local function same(a, b)
  if type(a) == "string" or type(b) == "string" then return a == b end
  return a.q == b.q and a.r == b.r
end

--- The word from a toward its neighbour b, or nil.
function Grid:direction(a, b)
  for _, w in ipairs(self.sides) do
    if same(self:neighbor(a, w), b) then return w end
  end
  return nil
end

--- A hexside id: the two labels in label order.
function Grid:hexside(a, b)
  if label_order(self, b, a) then a, b = b, a end
  return a .. "/" .. b
end

--- The three hexes of vertex i (1..6: between the i-th and next hexside word) in label order.
function Grid:vertex_hexes(h, i)
  local t = {h, self:neighbor(h, self.sides[i]), self:neighbor(h, self.sides[i % 6 + 1])}
  table.sort(t, function(x, y) return label_order(self, x, y) end)
  return t
end

-- ---- rings and ranges --------------------------------------------------------------------

--- The ring at radius: from the hex radius steps across the first side, clockwise. Hexes
-- without a label are left out.
function Grid:ring(c, radius)
  if radius == 0 then return {c} end
  local out, h = {}, c
  for _ = 1, radius do h = self:neighbor(h, self.sides[1]) end
  for side = 1, 6 do
    for _ = 1, radius do
      if type(h) == "string" then out[#out + 1] = h end
      h = self:neighbor(h, self.sides[(side + 1) % 6 + 1])
    end
  end
  return out
end

--- Every labelled hex within radius, sorted by label (a brute-force search of a box).
function Grid:range_set(c, radius)
  local col, row = self:to_offset(c)
  local out = {}
  for x = col - radius - 1, col + radius + 1 do
    for y = row - radius - 1, row + radius + 1 do
      local h = self:from_offset(x, y)
      if type(h) == "string" and self:distance(c, h) <= radius then out[#out + 1] = h end
    end
  end
  table.sort(out)
  return out
end

-- ---- the line and the trace --------------------------------------------------------------

-- redblobgames' cube_round.
local function cube_round(x, y, z)
  local rx, ry, rz = floor(x + 0.5), floor(y + 0.5), floor(z + 0.5)
  local dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
  if dx > dy and dx > dz then
    rx = -ry - rz
  elseif dy > dz then
    ry = -rx - rz
  end
  return rx, ry
end

local function vertex_direction(dq, dr, ds)
  return (dq ~= 0 or dr ~= 0) and (dq == dr or dr == ds or ds == dq)
end

local function pair(g, x, y, kind)
  if type(x) == "string" and type(y) == "string" and label_order(g, y, x) then x, y = y, x end
  return {x, y, kind = kind}
end

--- The hex line: lerp to N + 1 points, each rounded with the nudge +e and -e.
function Grid:line(a, b)
  local aq, ar = cube(self, a)
  local bq, br = cube(self, b)
  local n = self:distance(a, b)
  if n == 0 then return {a} end
  local along = vertex_direction(bq - aq, br - ar, (aq + ar) - (bq + br))
  local out = {}
  for i = 0, n do
    local t = i / n
    local x = aq + (bq - aq) * t
    local y = ar + (br - ar) * t
    local z = -x - y
    local q1, r1 = cube_round(x + 1e-6, y + 2e-6, z - 3e-6)
    local q2, r2 = cube_round(x - 1e-6, y - 2e-6, z + 3e-6)
    local h1 = self:format({q = q1, r = r1})
    if q1 == q2 and r1 == r2 then
      out[#out + 1] = h1
    else
      out[#out + 1] = pair(self, h1, self:format({q = q2, r = r2}), along and "graze" or "both")
    end
  end
  return out
end

-- Squared cube distance from the point p / den (p = {q, r}) to the centre (q, r).
local function d2(pq, pr, den, q, r)
  local dq, dr = pq - q * den, pr - r * den
  return dq * dq + dr * dr + (dq + dr) * (dq + dr)
end

-- The centres nearest the point (pq, pr) / den: a list of one or two {q, r}.
local function nearest(pq, pr, den)
  local q0, r0 = floor(pq / den + 0.5), floor(pr / den + 0.5)
  local best, out = nil, {}
  for q = q0 - 2, q0 + 2 do
    for r = r0 - 2, r0 + 2 do
      local d = d2(pq, pr, den, q, r)
      if best == nil or d < best then
        best, out = d, {{q, r}}
      elseif d == best then
        out[#out + 1] = {q, r}
      end
    end
  end
  return out
end

--- The trace: every hex the segment between the centres passes through.
function Grid:trace(a, b)
  local aq, ar = cube(self, a)
  local bq, br = cube(self, b)
  local nq, nr = bq - aq, br - ar
  if nq == 0 and nr == 0 then return {a} end
  -- the parameters t = num / den in (0, 1) where p(t) = t (nq, nr) (relative to a) is as near
  -- one centre c as the next c + d, for every c of a box around the segment
  local ts = {{0, 1}, {1, 1}}
  local steps = {{1, 0}, {0, 1}, {1, -1}}
  local function sq(q, r) return q * q + r * r + (q + r) * (q + r) end
  for q = math.min(0, nq) - 2, math.max(0, nq) + 2 do
    for r = math.min(0, nr) - 2, math.max(0, nr) + 2 do
      for _, d in ipairs(steps) do
        local f0 = sq(q, r) - sq(q + d[1], r + d[2])                        -- at t = 0
        local f1 = sq(nq - q, nr - r) - sq(nq - q - d[1], nr - r - d[2])    -- at t = 1
        if f0 ~= f1 then
          local num, den = f0, f0 - f1
          if den < 0 then num, den = -num, -den end
          if num > 0 and num < den then ts[#ts + 1] = {num, den} end
        end
      end
    end
  end
  table.sort(ts, function(x, y) return x[1] * y[2] < y[1] * x[2] end)
  local out, last = {}, nil
  for i = 1, #ts - 1 do
    local t1, t2 = ts[i], ts[i + 1]
    if t1[1] * t2[2] ~= t2[1] * t1[2] then
      -- the middle of the interval: (n1 d2 + n2 d1) / (2 d1 d2)
      local num, den = t1[1] * t2[2] + t2[1] * t1[2], 2 * t1[2] * t2[2]
      local near = nearest(nq * num, nr * num, den)
      local step
      if #near == 1 then
        step = self:format({q = aq + near[1][1], r = ar + near[1][2]})
      else
        step = pair(self, self:format({q = aq + near[1][1], r = ar + near[1][2]}),
                    self:format({q = aq + near[2][1], r = ar + near[2][2]}), "graze")
      end
      local key = type(step) == "table" and (tostring(step[1]) .. "/" .. tostring(step[2]))
                  or step
      if key ~= last then out[#out + 1] = step end
      last = key
    end
  end
  return out
end

return M
