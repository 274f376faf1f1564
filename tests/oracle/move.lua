--- A plain-Lua reference for volley.core.move, kept as an oracle for tests and benchmarks.
-- Written apart from engine/src/move.c, and on purpose another way: the costs come from the
-- movement object's `costs()` and the map's own queries, turned into Lua tables once; the
-- best arrival of every place is found by label correcting (a FIFO queue, re-relaxing a place
-- whenever its arrival improves, until nothing changes) rather than by a heap; and the path
-- to each place is chosen afterwards from the final arrivals alone: among the places from
-- which a legal step gives exactly the place's arrival, the first in location order. Slow on
-- purpose: clarity over speed.
--
-- Places are labels or "track/space" strings, in and out. Arrivals compare as (cost,
-- disorders, steps); docs/move.md states the rules this file re-implements.
-- @module oracle.move

local hexo = dofile("tests/oracle/hex.lua")

local M = {}

local format, sort = string.format, table.sort

local Board = {}
Board.__index = Board

-- ---- the board: places, edges, costs --------------------------------------------------------

--- Snapshots a map and its movement object into plain tables.
-- @param m a volley.core.map map
-- @param mv its volley.core.move movement object
-- @return the board
function M.board(m, mv)
  local info = m:info()
  local hexes = m:hexes()
  local b = setmetatable({m = m, mv = mv, places = {}, index = {}, edges = {}}, Board)
  b.grid = hexo.grid({layout = info.layout, parity = info.parity,
                     digits = #hexes[1] == 6 and 3 or 2})
  b.info = mv:info()
  sort(hexes)                         -- label order: fixed-width labels sort as strings
  for _, h in ipairs(hexes) do
    local _, halves = m:elevation(h)
    b.places[#b.places + 1] = {name = h, hex = true, terrain = m:terrain(h), halves = halves}
    b.index[h] = #b.places
  end
  b.tracks = {}
  for _, name in ipairs(m:tracks()) do
    local tr = m:track(name)
    b.tracks[#b.tracks + 1] = tr
    for _, sp in ipairs(tr.spaces) do
      b.places[#b.places + 1] = {name = name .. "/" .. sp, track = name}
      b.index[name .. "/" .. sp] = #b.places
    end
  end
  b.road_kinds = m:terrain_types("road")   -- the road kinds in index order
  b.side_kinds = m:terrain_types("hexside")
  for i, p in ipairs(b.places) do
    local list = {}
    if p.hex then
      for _, n in ipairs(b.grid:neighbors(p.name)) do
        local j = type(n) == "string" and b.index[n]
        if j then
          local features, roads = m:hexside(p.name, n)
          list[#list + 1] = {to = j, side = b.grid:hexside(p.name, n), features = features,
                             roads = roads}
        end
      end
    end
    b.edges[i] = list
  end
  for _, tr in ipairs(b.tracks) do
    local function join(x, y)
      local i, j = b.index[x], b.index[y]
      local ei, ej = b.edges[i], b.edges[j]
      ei[#ei + 1] = {to = j, track = tr.name}
      ej[#ej + 1] = {to = i, track = tr.name}
    end
    for k = 1, #tr.spaces - 1 do
      join(tr.name .. "/" .. tr.spaces[k], tr.name .. "/" .. tr.spaces[k + 1])
    end
    for _, pair in ipairs(tr.adjacent) do
      join(tr.name .. "/" .. pair[1], tr.name .. "/" .. pair[2])
    end
    for _, l in ipairs(tr.links) do join(tr.name .. "/" .. l.space, l.hex) end
  end
  b.costs = {}
  return b
end

-- The costs of a query's class and mode (cached).
local function costs_of(b, q)
  local key = (q.class or "") .. "." .. (q.mode or "")
  if not b.costs[key] then b.costs[key] = b.mv:costs(q.class, q.mode) end
  return b.costs[key]
end

-- ---- overlays -------------------------------------------------------------------------------

local LISTS = {"prohibited", "must_stop", "extra", "no_road"}

-- A mark's place: a hexside id (sorted labels) or a place index.
local function mark_place(b, at)
  local x, y = at:match("^(%d+)/(%d+)$")
  if x then return b.grid:hexside(x, y), nil end
  return nil, b.index[at]
end

-- Spreads the query's marks over places and hexsides, as the engine does: lists in the order
-- above, items in list order; extras add up, the first prohibit or stop mark names a refusal.
local function overlay(b, q)
  local o = {prohibit = {}, stop = {}, extra = {}, noroad = {},
             sprohibit = {}, sextra = {}, snoroad = {}}
  for _, list in ipairs(LISTS) do
    for _, item in ipairs(q[list] or {}) do
      local mark = type(item) == "table" and item or {at = item}
      local side, place = mark_place(b, mark.at)
      if list == "prohibited" then
        if side then o.sprohibit[side] = o.sprohibit[side] or mark
        elseif place then o.prohibit[place] = o.prohibit[place] or mark end
      elseif list == "must_stop" then
        if place then o.stop[place] = o.stop[place] or mark end
      elseif list == "extra" then
        if side then o.sextra[side] = (o.sextra[side] or 0) + mark.cost
        elseif place then o.extra[place] = (o.extra[place] or 0) + mark.cost end
      else
        if side then o.snoroad[side] = true elseif place then o.noroad[place] = true end
      end
    end
  end
  return o
end

-- ---- the cost of a step -----------------------------------------------------------------------

local function levels(from, to)
  local floor = math.floor
  if to > from then return floor(to / 2) - floor(from / 2), "up" end
  return -floor(-from / 2) + floor(-to / 2), "down"
end

-- The terrain option (kind nil) or road kind's option of a step: cost, disorders; or nil and
-- the refusal {what=, arg=, rule=}.
local function option(c, from, to, features, kind)
  local hc = c.hex[to.terrain]
  local cost, dis, ign
  if hc.na and (not kind or hc.na_on_roads) then
    return nil, {what = "hex", arg = to.terrain, rule = hc.rule}
  end
  if kind then
    cost, dis, ign = c.road[kind].cost, false, c.road[kind].ignores
  else
    cost, dis, ign = hc.cost, hc.disorder, {}
  end
  if not ign.hexsides then
    for _, f in ipairs(features) do
      local sc = c.hexside[f]
      if sc.na then return nil, {what = "hexside", arg = f, rule = sc.rule} end
      cost, dis = cost + sc.cost, dis or sc.disorder
    end
  end
  if not ign.elevation and from.halves ~= to.halves then
    local n, way = levels(from.halves, to.halves)
    local ec = c[way]
    if n > 0 and (ec.cost or ec.na) then
      if ec.na then return nil, {what = way, arg = n, rule = ec.rule} end
      cost, dis = cost + n * ec.cost, dis or ec.disorder
    end
  end
  return cost, dis
end

-- Whether a road's option (rc, rd) beats the best so far (cost, dis, road): cheaper, or as
-- cheap without a disorder, or as good as the terrain's (roads are tried in kind order, so an
-- earlier road keeps a tie).
local function better(rc, rd, cost, dis, road)
  if not cost then return true end
  if rc ~= cost then return rc < cost end
  if (rd and true or false) ~= (dis and true or false) then return not rd end
  return road == nil
end

-- The step from place i across edge e: cost, disorder, road; or nil and the refusal.
local function step(b, q, o, i, e)
  local to, c = b.places[e.to], nil
  local cost, dis, road = nil, false, nil
  if o.prohibit[e.to] then return nil, {what = "mark", mark = o.prohibit[e.to]} end
  if e.side and o.sprohibit[e.side] then return nil, {what = "mark", mark = o.sprohibit[e.side]} end
  if not q.uniform then c = costs_of(b, q) end
  if e.track then
    if q.uniform then cost = 1 else
      local tc = c.track[e.track]
      if not tc then return nil, {what = "no track", arg = e.track} end
      if tc.na then return nil, {what = "track", arg = e.track, rule = tc.rule} end
      cost = tc.cost
    end
    cost = cost + (o.extra[e.to] or 0)
  else
    if q.uniform then cost = 1 else
      local cancelled, features = {}, {}
      for _, f in ipairs(e.features) do
        for _, x in ipairs(c.hexside[f].cancels) do cancelled[x] = true end
      end
      for _, f in ipairs(b.side_kinds) do       -- feature index order
        for _, g in ipairs(e.features) do
          if g == f and not cancelled[f] then features[#features + 1] = f end
        end
      end
      local why
      local tc, td = option(c, b.places[i], to, features, nil)
      if tc then cost, dis = tc, td else why = td end
      local usable = {}
      if not (o.noroad[e.to] or o.snoroad[e.side]) then
        for _, k in ipairs(e.roads) do usable[k] = true end
      end
      for _, k in ipairs(b.road_kinds) do        -- road kind index order
        local allowed = not q.roads
        for _, r in ipairs(q.roads or {}) do allowed = allowed or r == k end
        if usable[k] and allowed and c.road[k].cost then
          local rc, rd = option(c, b.places[i], to, features, k)
          if rc and better(rc, rd, cost, dis, road) then
            cost, dis, road = rc, rd, k
          end
        end
      end
      if not cost then return nil, why end
    end
    cost = cost + (o.extra[e.to] or 0) + (o.sextra[e.side] or 0)
  end
  if q.max_step and q.max_step > 0 and cost > q.max_step then
    return nil, {what = "max", cost = cost}
  end
  return cost, dis, road
end

-- ---- reach ----------------------------------------------------------------------------------

-- (cost, disorders, steps) of a is below b's.
local function below(a, b)
  if a[1] ~= b[1] then return a[1] < b[1] end
  if a[2] ~= b[2] then return a[2] < b[2] end
  return a[3] < b[3]
end

local function passable(start, o, i) return i == start or not o.stop[i] end

--- Every place reachable within q.ma: the entries volley.core.move's reach gives, in the same
-- order, with the same paths.
-- @param start a label or "track/space"
-- @param q a query as volley.core.move takes it
function Board:reach(start, q)
  local o = overlay(self, q)
  local ma = q.ma or 1000000
  local s = self.index[start]
  local best = {[s] = {0, 0, 0}}
  local queue, head, queued = {s}, 1, {[s] = true}
  while head <= #queue do                      -- label correcting
    local u = queue[head]
    head = head + 1
    queued[u] = nil
    if passable(s, o, u) then
      for _, e in ipairs(self.edges[u]) do
        local cost, dis = step(self, q, o, u, e)
        if cost then
          local w = {best[u][1] + cost, best[u][2] + (dis and 1 or 0), best[u][3] + 1}
          if w[1] <= ma and (not best[e.to] or below(w, best[e.to])) then
            best[e.to] = w
            if not queued[e.to] then
              queue[#queue + 1] = e.to
              queued[e.to] = true
            end
          end
        end
      end
    end
  end
  -- parents: the first place in location order whose legal step gives the arrival exactly
  local parent = {}
  for u = 1, #self.places do
    if best[u] and passable(s, o, u) then
      for _, e in ipairs(self.edges[u]) do
        local v = e.to
        local cost, dis = step(self, q, o, u, e)
        if cost and best[v] and v ~= s and not parent[v] and
           best[v][1] == best[u][1] + cost and best[v][2] == best[u][2] + (dis and 1 or 0) and
           best[v][3] == best[u][3] + 1 then
          parent[v] = u
        end
      end
    end
  end
  local out = {}
  for i = 1, #self.places do
    if best[i] then
      local path, k = {}, i
      while k ~= s do
        table.insert(path, 1, self.places[k].name)
        k = parent[k]
      end
      out[#out + 1] = {hex = self.places[i].name, cost = best[i][1], left = ma - best[i][1],
                       steps = best[i][3], disorder = best[i][2] > 0,
                       stop = o.stop[i] ~= nil, path = path, order = i}
    end
  end
  sort(out, function(x, y)
    if x.cost ~= y.cost then return x.cost < y.cost end
    return x.order < y.order
  end)
  for _, e in ipairs(out) do e.order = nil end
  return out
end

-- ---- checking a typed path ------------------------------------------------------------------

local function mp(units, scale)
  local whole = (units - units % scale) / scale
  if units % scale == 0 then return format("%d", whole) end
  return format("%d.%d", whole, units % scale * 10 / scale)   -- halves: scale 2
end

local function with_rule(text, rule)
  if rule and rule ~= "" then return text .. " " .. rule end
  return text
end

-- The refusal's text.
local function explain(b, q, why, a, z, left)
  local w, scale = why.what, b.info.scale
  local text, rule
  if w == "adjacent" then text, rule = "not adjacent", b.info.rule_adjacent
  elseif w == "off" then text = "off the map"
  elseif w == "mark" then
    local k = why.mark
    text = (k.why and k.why ~= "") and format("prohibited (%s)", k.why) or "prohibited"
    rule = k.rule
  elseif w == "hex" then
    text, rule = format("prohibited (%s)", b.m:terrain_type(why.arg).name), why.rule
  elseif w == "hexside" then
    text, rule = format("prohibited (crossing %s)", b.m:terrain_type(why.arg, "hexside").name),
                 why.rule
  elseif w == "up" or w == "down" then
    text = format("prohibited (%s %d level%s)", w == "up" and "climbing" or "descending",
                  why.arg, why.arg == 1 and "" or "s")
    rule = why.rule
  elseif w == "no track" then text = "no movement on track " .. why.arg
  elseif w == "track" then text, rule = "prohibited (track " .. why.arg .. ")", why.rule
  elseif w == "max" then
    text = format("costs %s, more than %s", mp(why.cost, scale), mp(q.max_step, scale))
    if q.max_step_why and q.max_step_why ~= "" then
      text = text .. " (" .. q.max_step_why .. ")"
    end
    rule = q.max_step_rule
  elseif w == "budget" then
    text = format("costs %s, only %s MP left", mp(why.cost, scale), mp(left, scale))
    rule = b.info.rule
  else
    local k = why.mark
    text = (k.why and k.why ~= "") and format("must stop in %s (%s)", a, k.why)
           or format("must stop in %s", a)
    rule = k.rule or b.info.rule_stop
  end
  return with_rule(format("%s -> %s: %s", a, z, text), rule)
end

--- Checks a typed path as volley.core.move's validate does.
-- @return the info table, or false, why and the index of the refused step
function Board:validate(start, path, q)
  local o = overlay(self, q)
  local ma = q.ma or 1000000
  local u, total, steps, names = self.index[start], 0, {}, {}
  local dis_any = false
  for i, name in ipairs(path) do
    local v = self.index[name]
    local cost, dis, road, why
    if i > 1 and o.stop[u] then why = {what = "stopped", mark = o.stop[u]}
    elseif not v then why = {what = "off"}
    else
      why = {what = "adjacent"}
      for _, e in ipairs(self.edges[u]) do
        if e.to == v then
          why = nil
          cost, dis, road = step(self, q, o, u, e)
          if not cost then why = dis end
          break
        end
      end
    end
    if not why and cost > ma - total then why = {what = "budget", cost = cost} end
    if why then
      local from = i == 1 and start or path[i - 1]
      return false, explain(self, q, why, from, name, ma - total), i
    end
    total = total + cost
    dis_any = dis_any or dis
    names[i] = name
    steps[i] = {hex = name, cost = cost, total = total, disorder = dis and true or false,
                road = road, stop = o.stop[v] ~= nil}
    u = v
  end
  return {path = names, steps = steps, cost = total, left = ma - total, disorder = dis_any}
end

--- The cheapest path, as volley.core.move's path gives it (from reach's answer).
function Board:path(start, goal, q)
  for _, e in ipairs(self:reach(start, q)) do
    if e.hex == goal then return self:validate(start, e.path, q) end
  end
  return false, format("%s cannot be reached from %s with %s MP", goal, start,
                       mp(q.ma or 1000000, self.info.scale))
end

return M
