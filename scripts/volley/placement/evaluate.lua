--- The evaluation of placement specs on a map, and the refusal machinery parsing shares
-- (an internal part of `volley.placement`: docs/placement.md is the reference).
--
-- `run(spec, map, ctx)` turns a parsed spec into a set; every refusal raises a `Fail`
-- `{pos =, why =}`, which `volley.placement` turns into `nil, "[file:line: ]placement spec
-- '<text>', column <c>: <why>"`. Nothing depends on pairs() order: sets are sorted before
-- anyone sees them.
-- @module volley.placement.evaluate

local M = {}

-- {====================================================================================
-- Shared with parsing: refusals and small helpers.
-- =====================================================================================

-- The keys of t, sorted.
local function sorted_keys(t)
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  table.sort(out)
  return out
end

-- "a, b or c"
local function either(list)
  if #list == 1 then return list[1] end
  return table.concat(list, ", ", 1, #list - 1) .. " or " .. list[#list]
end

-- Raised inside evaluation and validation, caught by the public functions.
local Fail = {}
Fail.__index = Fail
local function fail(pos, why)
  error(setmetatable({ pos = pos, why = why }, Fail), 0)
end

-- Half a label's length: the width of one part.
local function half(s)
  return math.floor(#s / 2)
end

-- }====================================================================================

-- {====================================================================================
-- Names, sets and the map.
-- =====================================================================================

-- A name for comparing: lower case, runs of blanks, '_' and '-' as one '-'.
local function norm(s)
  return (s:lower():gsub("[%s_%-]+", "-"))
end

local function words_text(words)
  return table.concat(words, " ")
end

local DRAWN = { top = 0, right = 1, bottom = 2, left = 3 }
local COMPASS = { north = 0, east = 1, south = 2, west = 3 }
local OPPOSITE = { north = "south", south = "north", east = "west", west = "east" }

-- The environment of one evaluation: the map, its grid, its hexes, the caller's context.
local function new_env(map, ctx)
  local info = map:info()
  local hexes = map:hexes()
  if #hexes == 0 then error("placement: the map has no hexes", 3) end
  local digits = info.digits or half(hexes[1])
  local grid = require("volley.core").hex.grid{ layout = info.layout, parity = info.parity,
                                                digits = digits }
  local on = {}
  for _, h in ipairs(hexes) do on[h] = true end
  return { map = map, info = info, hexes = hexes, on = on, grid = grid, digits = digits,
           ctx = ctx or {}, cache = {} }
end

local function bounds_text(env)
  local c, r = env.info.columns, env.info.rows
  local w = env.digits
  local f = "%0" .. w .. "d"
  return "columns " .. f:format(c[1]) .. "-" .. f:format(c[2]) .. ", rows " .. f:format(r[1])
    .. "-" .. f:format(r[2])
end

local function on_map(env, pos, label)
  if #label ~= 2 * env.digits then
    fail(pos, "'" .. label .. "' is not a hex label of this map (" .. 2 * env.digits
      .. " digits)")
  end
  if not env.on[label] then
    fail(pos, "hex " .. label .. " is not on the map (" .. bounds_text(env) .. ")")
  end
  return label
end

-- A location set: hexes, track spaces ("track/space"), boxes, each a lookup table; `order`
-- lists the locations an explicit spec names, as written.
local function new_set()
  return { hex = {}, space = {}, box = {} }
end

local function hexes_of(list)
  local s = new_set()
  for _, h in ipairs(list) do s.hex[h] = true end
  return s
end

local function label_of(env, col, row)
  local f = "%0" .. env.digits .. "d"
  return f:format(col) .. f:format(row)
end

local function part(env, label, which)
  if which == "first" then return tonumber(label:sub(1, env.digits)) end
  return tonumber(label:sub(env.digits + 1))
end

-- Explicit hexes, in written order.
local function explicit_hexes(env, n)
  local out = {}
  if n.op == "hex" then
    out[1] = on_map(env, n.pos, n.label)
  elseif n.op == "range" then
    local h = half(n.label)
    local col = n.label:sub(1, h)
    for row = tonumber(n.label:sub(h + 1)), tonumber(n.last:sub(h + 1)) do
      out[#out + 1] = on_map(env, n.pos, col .. ("%0" .. h .. "d"):format(row))
    end
  elseif n.op == "pair" then
    out[1] = on_map(env, n.pos, n.label)
    out[2] = on_map(env, n.pos, n.second)
    if not env.grid:adjacent(out[1], out[2]) then
      fail(n.pos, "pair " .. n.label .. "/" .. n.tail .. ": " .. n.label .. " and " .. n.second
        .. " are not adjacent")
    end
  elseif n.op == "block" then
    explicit_hexes(env, n.from)
    explicit_hexes(env, n.to)
    for col = tonumber(n.columns[1]), tonumber(n.columns[2]) do
      for row = tonumber(n.rows[1]), tonumber(n.rows[2]) do
        out[#out + 1] = on_map(env, n.pos, label_of(env, col, row))
      end
    end
  end
  return out
end

-- Names of the map, normalized, each with what it is.
local function name_index(env)
  if env.cache.names then return env.cache.names end
  local map, idx = env.map, {}
  local function add(key, what, value)
    local k = norm(key)
    idx[k] = idx[k] or {}
    local list = idx[k]
    list[#list + 1] = { what = what, value = value }
  end
  for _, p in ipairs(map:places()) do add(p, "place", p) end
  for _, e in ipairs(map:edges()) do add(e, "edge", e) end
  for _, b in ipairs(map:boxes()) do add(b, "box", b) end
  for _, t in ipairs(map:tracks()) do
    for _, s in ipairs(map:track(t).spaces) do add(s, "space", t .. "/" .. s) end
  end
  env.cache.names = idx
  return idx
end

local function set_of_named(env, what, value)
  local s = new_set()
  if what == "place" then
    for _, h in ipairs(env.map:place(value)) do s.hex[h] = true end
  elseif what == "edge" then
    for _, h in ipairs(env.map:edge(value)) do s.hex[h] = true end
  elseif what == "box" then
    s.box[value] = true
  elseif what == "space" then
    s.space[value] = true
  end
  return s
end

local function resolve_name(env, pos, text, only)
  local found_ = name_index(env)[norm(text)] or {}
  local hits = {}
  for _, f in ipairs(found_) do
    if not only or f.what == only then hits[#hits + 1] = f end
  end
  if #hits == 0 then
    if only then fail(pos, "no " .. only .. " '" .. text .. "' on this map") end
    fail(pos, "no place, edge, box or track space '" .. text .. "' on this map")
  end
  if #hits > 1 then
    local list = {}
    for i, f in ipairs(hits) do list[i] = f.what .. " " .. f.value end
    fail(pos, "'" .. text .. "' is ambiguous: " .. either(list))
  end
  return set_of_named(env, hits[1].what, hits[1].value), hits[1]
end

local function space_set(env, pos, track, space)
  for _, t in ipairs(env.map:tracks()) do
    if norm(t) == norm(track) then
      for _, s in ipairs(env.map:track(t).spaces) do
        if norm(s) == norm(space) then
          local set = new_set()
          set.space[t .. "/" .. s] = true
          return set, t .. "/" .. s
        end
      end
      fail(pos, "track " .. t .. " has no space '" .. space .. "'")
    end
  end
  fail(pos, "no track '" .. track .. "' on this map")
end

local function terrain_ids(env, kind)
  local key = "terrain." .. kind
  if env.cache[key] then return env.cache[key] end
  local list = {}
  for _, tid in ipairs(env.map:terrain_types(kind)) do
    local t = env.map:terrain_type(tid, kind)
    list[#list + 1] = { id = tid, name = t and t.name or tid }
  end
  env.cache[key] = list
  return list
end

local function find_type(env, kind, text)
  local k = norm(text)
  for _, t in ipairs(terrain_ids(env, kind)) do
    if norm(t.id) == k or norm(t.name) == k then return t.id end
  end
  return nil
end

-- The roads a phrase names: "Road" (every road of kind road), "Chihuahua Road" (road.chihuahua).
local function roads_named(env, pos, words)
  local keys = env.map:roads()
  local kind = norm(words[#words])
  local rest = {}
  for i = 1, #words - 1 do rest[i] = words[i] end
  local want = #rest > 0 and (kind .. "." .. norm(words_text(rest))) or nil
  local out = {}
  for _, key in ipairs(keys) do
    local k = norm(key)
    local kkind = k:match("^[^.]*")
    if (want and k == want) or (not want and kkind == kind) or k == norm(words_text(words)) then
      out[#out + 1] = key
    end
  end
  if #out == 0 then
    fail(pos, "no road '" .. words_text(words) .. "' on this map (roads: "
      .. (#keys > 0 and table.concat(keys, ", ") or "none") .. ")")
  end
  return out
end

local function road_hexes(env, keys)
  local s = {}
  for _, key in ipairs(keys) do
    for _, h in ipairs(env.map:road(key).hexes) do s[h] = true end
  end
  return s
end

-- `any <name> hex`: a hex terrain type (its id or name), a place, or a road kind.
local function class_hexes(env, pos, words)
  local text = words_text(words)
  local tid = find_type(env, "hex", text)
  local out = {}
  if tid then
    for _, h in ipairs(env.hexes) do
      if env.map:terrain(h) == tid then out[h] = true end
    end
    return out
  end
  for _, p in ipairs(env.map:places()) do
    if norm(p) == norm(text) then
      for _, h in ipairs(env.map:place(p)) do out[h] = true end
      return out
    end
  end
  for _, rk in ipairs(terrain_ids(env, "road")) do
    if norm(rk.id) == norm(text) or norm(rk.name) == norm(text) then
      local keys = {}
      for _, key in ipairs(env.map:roads()) do
        if norm(key):match("^[^.]*") == norm(rk.id) then keys[#keys + 1] = key end
      end
      return road_hexes(env, keys)
    end
  end
  local hint = ""
  if find_type(env, "hexside", text) then
    hint = " (" .. text .. " is a hexside feature: write 'any hex with a " .. text
      .. " hexside')"
  end
  fail(pos, "no terrain, place or road kind '" .. text .. "' on this map" .. hint)
end

local function hexside_feature(env, pos, words)
  local text = words_text(words)
  local fid = find_type(env, "hexside", text)
  if not fid then
    fail(pos, "no hexside feature '" .. text .. "' on this map")
  end
  return fid
end

local function has(list, v)
  for _, x in ipairs(list) do if x == v then return true end end
  return false
end

-- Each hexside of the map (both hexes on it) once, as a, b in label order, with f(a, b).
local function each_hexside(env, f)
  for _, a in ipairs(env.hexes) do
    for _, b in ipairs(env.grid:neighbors(a)) do
      if type(b) == "string" and env.on[b] and a < b then f(a, b) end
    end
  end
end

-- Which hexes of `env` compare how to row `n` going `dir`: returns a test on labels.
local function row_test(env, pos, row_text, dir, including)
  local which = env.info.text_row or "second"
  local d = env.digits
  local n
  if #row_text == d then
    n = tonumber(row_text)
  elseif #row_text == 2 * d then
    local a, b = row_text:sub(1, d), row_text:sub(d + 1)
    local zeros = ("0"):rep(d)
    if which == "first" and b == zeros then n = tonumber(a)
    elseif which == "second" and a == zeros then n = tonumber(b) end
  end
  if not n then
    local x = ((which == "first") and "X" or "Y"):rep(d)
    fail(pos, "'" .. row_text .. "' is not a row of this map (its rows are the " .. which
      .. " label part: " .. x .. " or " .. (which == "first" and x .. ("0"):rep(d)
      or ("0"):rep(d) .. x) .. ")")
  end
  local lo, hi
  if which == "first" then lo, hi = env.info.columns[1], env.info.columns[2]
  else lo, hi = env.info.rows[1], env.info.rows[2] end
  if n < lo or n > hi then
    fail(pos, "row " .. row_text .. " is not on this map (rows, the " .. which
      .. " label part, " .. lo .. "-" .. hi .. ")")
  end
  if not dir then
    return function(h) return part(env, h, which) == n end
  end
  -- The row part grows toward the drawn right edge (first) or bottom edge (second).
  local grows = which == "first" and DRAWN.right or DRAWN.bottom
  local edge = (DRAWN[env.info.north or "top"] + COMPASS[dir]) % 4
  local sign
  if edge == grows then sign = 1
  elseif edge == (grows + 2) % 4 then sign = -1
  else
    fail(pos, "on this map the rows (the " .. which .. " label part) run from "
      .. ((dir == "north" or dir == "south") and "north to south" or "east to west")
      .. ", so nothing is " .. dir .. " of one")
  end
  return function(h)
    local v = (part(env, h, which) - n) * sign
    return v > 0 or (including and v == 0)
  end
end

-- The hexes on the `dir` side of the roads `keys`: those reached from the map's `dir` edge
-- without crossing a road hex. Refused when that reaches the opposite edge too.
local function side_of_road(env, pos, dir, words)
  local keys = roads_named(env, pos, words)
  local road = road_hexes(env, keys)
  local start = env.map:edge(dir) or {}
  local seen, queue, head = {}, {}, 1
  for _, h in ipairs(start) do
    if not road[h] and not seen[h] then seen[h] = true; queue[#queue + 1] = h end
  end
  while head <= #queue do
    local h = queue[head]
    head = head + 1
    for _, n in ipairs(env.grid:neighbors(h)) do
      if type(n) == "string" and env.on[n] and not road[n] and not seen[n] then
        seen[n] = true
        queue[#queue + 1] = n
      end
    end
  end
  for _, h in ipairs(env.map:edge(OPPOSITE[dir]) or {}) do
    if seen[h] then
      fail(pos, "the " .. words_text(words) .. " does not divide the map: its " .. dir
        .. " and " .. OPPOSITE[dir] .. " sides meet (at " .. h .. ")")
    end
  end
  return seen
end

-- The hexes of the shortest route along the map's roads from a to b (every road kind; each
-- step a road link of [roads]), ties going to the neighbour first in label order.
local function road_route(env, n)
  local a, b = on_map(env, n.pos, n.from), on_map(env, n.pos, n.to)
  local links = {}
  for _, key in ipairs(env.map:roads()) do
    local path = env.map:road(key).hexes
    for i = 2, #path do
      local x, y = path[i - 1], path[i]
      links[x] = links[x] or {}
      links[y] = links[y] or {}
      links[x][#links[x] + 1] = y
      links[y][#links[y] + 1] = x
    end
  end
  local from, queue, head = { [a] = a }, { a }, 1
  while head <= #queue and not from[b] do
    local h = queue[head]
    head = head + 1
    local next_ = links[h] or {}
    table.sort(next_)
    for _, y in ipairs(next_) do
      if not from[y] then from[y] = h; queue[#queue + 1] = y end
    end
  end
  if not from[b] then
    fail(n.pos, "no road runs from " .. a .. " to " .. b)
  end
  local s = new_set()
  local h = b
  while h ~= a do s.hex[h] = true; h = from[h] end
  s.hex[a] = true
  return s
end

local ev

local function target_hexes(env, t)
  local s = ev(env, t)
  local list = sorted_keys(s.hex)
  if #list == 0 then fail(t.pos, "names no hex of this map") end
  return list
end

-- A qualifier as a test on hex labels.
local function qual_test(env, q)
  local op = q.op
  if op == "within" or op == "adjacent" then
    local ts = target_hexes(env, q.target)
    local near, inner = {}, {}
    for _, t in ipairs(ts) do
      inner[t] = true
      for _, h in ipairs(env.grid:range(t, op == "within" and q.n or 1)) do near[h] = true end
    end
    if op == "adjacent" then
      return function(h) return near[h] and not inner[h] end
    end
    return function(h) return near[h] == true end
  elseif op == "with_side" then
    local fid = hexside_feature(env, q.pos, q.words)
    local hit = {}
    each_hexside(env, function(a, b)
      if has(env.map:hexside(a, b), fid) then hit[a] = true; hit[b] = true end
    end)
    return function(h) return hit[h] == true end
  elseif op == "dir_row" then
    return row_test(env, q.pos, q.row, q.dir, q.including)
  elseif op == "row" then
    return row_test(env, q.pos, q.row, q.dir, true)
  elseif op == "dir_road" then
    local side = side_of_road(env, q.pos, q.dir, q.words)
    return function(h) return side[h] == true end
  elseif op == "inside" then
    local s = ev(env, q.target).hex
    return function(h) return s[h] == true end
  elseif op == "where" then
    local preds = env.ctx.predicates or {}
    local f = preds[q.name]
    if type(f) ~= "function" then
      fail(q.pos, "no predicate '" .. q.name .. "' (the scenario registers its predicates)")
    end
    return function(h)
      local ok, res = pcall(f, h, env.map)
      if not ok then fail(q.pos, "predicate '" .. q.name .. "' failed: " .. tostring(res)) end
      return res and true or false
    end
  end
  error("placement: unknown qualifier " .. tostring(op))
end

local function above_set(env, pos)
  local above = env.ctx.above
  if type(above) ~= "table" then
    fail(pos, "'above' needs the locations of the lines above (none given)")
  end
  local s = {}
  for _, h in ipairs(above) do
    if env.on[h] then s[h] = true end
  end
  return s
end

local function class_set(env, c)
  if c.op == "above" then return above_set(env, c.pos) end
  if c.op == "level" then
    local out = {}
    local extra = c.words and class_hexes(env, c.pos, c.words)
    for _, h in ipairs(env.hexes) do
      local _, halves = env.map:elevation(h)
      if halves == 2 * c.level and (not extra or extra[h]) then out[h] = true end
    end
    return out
  end
  return class_hexes(env, c.pos, c.words)
end

local function merge(into, s)
  for k in pairs(s.hex) do into.hex[k] = true end
  for k in pairs(s.space) do into.space[k] = true end
  for k in pairs(s.box) do into.box[k] = true end
end

ev = function(env, n)
  local op = n.op
  if op == "hex" or op == "range" or op == "pair" or op == "block" then
    local list = explicit_hexes(env, n)
    local s = hexes_of(list)
    s.order, s.explicit = list, true
    return s
  elseif op == "select" then
    local base
    if #n.classes == 0 then
      base = env.on
    else
      base = {}
      for _, c in ipairs(n.classes) do
        for h in pairs(class_set(env, c)) do base[h] = true end
      end
    end
    local tests = {}
    for i, q in ipairs(n.quals) do tests[i] = qual_test(env, q) end
    local s = new_set()
    for _, h in ipairs(env.hexes) do
      if base[h] then
        local ok = true
        for _, t in ipairs(tests) do
          if not t(h) then ok = false; break end
        end
        if ok then s.hex[h] = true end
      end
    end
    return s
  elseif op == "name" then
    local s, hit = resolve_name(env, n.pos, words_text(n.words))
    if hit.what == "space" then s.order, s.explicit = { hit.value }, true end
    return s
  elseif op == "typed" then
    if n.kind == "space" then
      local t, sp_ = n.name:match("^([^/]+)/(.+)$")
      local s, v
      if t then s, v = space_set(env, n.pos, t, sp_)
      else
        local hit
        s, hit = resolve_name(env, n.pos, n.name, "space")
        v = hit.value
      end
      s.order, s.explicit = { v }, true
      return s
    end
    return (resolve_name(env, n.pos, n.name, n.kind))
  elseif op == "edge" then
    return (resolve_name(env, n.pos, words_text(n.words), "edge"))
  elseif op == "space" then
    local s, v = space_set(env, n.pos, n.track, n.space)
    s.order, s.explicit = { v }, true
    return s
  elseif op == "with" then
    local locate = env.ctx.locate
    if type(locate) ~= "function" then
      fail(n.pos, "'with " .. n.id .. "' needs the units' locations (none given)")
    end
    local list = locate(n.id)
    if type(list) ~= "table" or #list == 0 then
      fail(n.pos, "no unit '" .. n.id .. "' is placed yet")
    end
    local s = new_set()
    for _, loc in ipairs(list) do
      if env.on[loc] then s.hex[loc] = true
      elseif loc:find("/", 1, true) then s.space[loc] = true
      else s.box[loc] = true end
    end
    return s
  elseif op == "route" then
    return road_route(env, n)
  elseif op == "predicate" then
    local t = qual_test(env, { op = "where", pos = n.pos, name = n.name })
    local s = new_set()
    for _, h in ipairs(env.hexes) do
      if t(h) then s.hex[h] = true end
    end
    return s
  end
  error("placement: unknown node " .. tostring(op))
end

-- Track spaces in track order (tracks by name, spaces as declared).
local function space_rank(env)
  local rank, i = {}, 0
  local tracks = env.map:tracks()
  table.sort(tracks)
  for _, t in ipairs(tracks) do
    for _, s in ipairs(env.map:track(t).spaces) do
      i = i + 1
      rank[t .. "/" .. s] = i
    end
  end
  return rank
end

local function eval_hexes(spec, env)
  local all = new_set()
  local order, explicit, seen = {}, true, {}
  for _, n in ipairs(spec.items) do
    local s = ev(env, n)
    merge(all, s)
    if s.explicit then
      for _, loc in ipairs(s.order) do
        if seen[loc] then fail(n.pos, loc .. " is named twice") end
        seen[loc] = true
        order[#order + 1] = loc
      end
    else
      explicit = false
    end
  end
  local rank = space_rank(env)
  local spaces = sorted_keys(all.space)
  table.sort(spaces, function(a, b) return rank[a] < rank[b] end)
  local set = { context = "hexes", hexes = sorted_keys(all.hex), spaces = spaces,
                boxes = sorted_keys(all.box), explicit = explicit }
  if explicit then set.order = order end
  if #set.hexes + #set.spaces + #set.boxes == 0 then
    fail(spec.items[1].pos, "names no location on this map")
  end
  return set
end

local function eval_hexside(spec, env)
  local found_ = {}
  for _, n in ipairs(spec.items) do
    if n.op == "side" then
      local a, b = on_map(env, n.pos, n.label), on_map(env, n.pos, n.second)
      if not env.grid:adjacent(a, b) then
        fail(n.pos, "hexside " .. n.label .. "/" .. n.tail .. ": " .. a .. " and " .. b
          .. " are not adjacent")
      end
      found_[env.grid:hexside(a, b)] = true
    else
      local fid = hexside_feature(env, n.pos, n.words)
      local any = false
      each_hexside(env, function(a, b)
        if has(env.map:hexside(a, b), fid) then
          found_[env.grid:hexside(a, b)] = true
          any = true
        end
      end)
      if not any then fail(n.pos, "no " .. fid .. " hexside on this map") end
    end
  end
  return { context = "hexside", hexsides = sorted_keys(found_) }
end


-- }====================================================================================

--- Evaluates a parsed spec.
-- @tparam table spec from `volley.placement.parse`
-- @param map a `volley.core.map` or any object with its methods (docs/placement.md)
-- @tparam[opt] table ctx `{above =, locate =, predicates =}`
-- @treturn table the set
-- @raise a `Fail` for a refusal (the caller guards it)
function M.run(spec, map, ctx)
  local env = new_env(map, ctx)
  if spec.context == "hexside" then return eval_hexside(spec, env) end
  return eval_hexes(spec, env)
end

M.Fail, M.fail, M.sorted_keys, M.either, M.half = Fail, fail, sorted_keys, either, half

return M
