--- A scenario's default set-up as marks for the map pictures: what `volley render <scenario>`
-- draws (docs/shell.md "volley render", docs/placement.md "The default").
--
-- `marks(target)` runs in the program's host state: it opens an engine-owned state
-- (`volley.core.new_state`, DESIGN.md Part B "Build and run") and calls `collect` there, which
-- loads the scenario (through `volley.game.open` when the system's scripts are on the data
-- path, else its data alone: map, order of battle and set-up lines), places the default
-- set-up (`game:setup_defaults`: choices at their defaults, facings at theirs, within the
-- system's stacking limits) and returns plain data.
-- @module volley.setup_view

local core = require "volley.core"

local M = {}

local CODE_MAX = 12   -- bytes of a mark's code (shell/view.h VIEW_MAX_CODE)

-- The scenario opened, set up at its defaults: a game, or a stand-in with store, map,
-- params, setup and stacking.
local function set_up(target)
  local scenario = require "volley.scenario"
  local setup_rules = require "volley.placement_setup"
  local sc, err = scenario.read(target)
  if not sc then error(err, 0) end
  if core.find("scripts/systems/" .. sc.system .. "/init.lua") then
    local g = require("volley.game").open(target)
    g:setup_defaults()
    return g, sc
  end
  local parts
  parts, err = scenario.load_data(sc)
  if not parts then error(err, 0) end
  local params
  params, err = scenario.params(sc)
  if not params then error(err, 0) end
  local g = { store = parts.store, map = parts.map, params = params, scenario = sc,
              stacking = setup_rules.stacking(sc.system),
              common_facing = setup_rules.common_facing(sc.system) }
  local plan
  plan, err = scenario.setup(sc, parts.map, parts.store, {
    check = function(unit, loc, kind) return setup_rules.check(g, unit, loc, kind) end,
  })
  if not plan then error(err, 0) end
  g.setup = plan
  setup_rules.run(g, function(_, request) return request.default end)
  return g, sc
end

local function code_of(id)
  return id:sub(1, CODE_MAX)
end

-- The ratings a counter prints, for the terminal map's counter line: the morale and reverse
-- morale of a Rough & Ready counter ("6/3" [rough_and_ready 2.21]), or the morale alone (a
-- gun: no reverse); nil when the schema has no morale or the unit none (a wagon: 0).
local function rating_of(store, unit, fields)
  if not fields.morale then return nil end
  local ok, front = pcall(store.get, store, unit, "morale")
  if not ok or type(front) ~= "number" or front <= 0 then return nil end
  local rok, back = true, nil
  if fields.morale_reverse then rok, back = pcall(store.get, store, unit, "morale_reverse") end
  if rok and type(back) == "number" and back > 0 then return ("%d/%d"):format(front, back) end
  return ("%d"):format(front)
end

--- The default set-up of a scenario as plain data (run inside an engine-owned state).
-- @tparam string target a scenario id or path
-- @treturn table `{map = path, sides = {...}, marks = {{where =, code =, kind =
--   "unit"|"stack"|"leader", side =, facing =, count =, hits =, disordered =, square =,
--   rating =}, ...}, off = {{side =, unit =,
--   where =}, ...}}`: on each hex (label order) a side's units as one unit mark or one
--   stack mark (its top unit's code and facing, the count), then each leader; on track
--   spaces and in boxes a mark a unit; `off` the units on no map location (not placed,
--   set aside, eliminated, ...), in id order, `where` the store's word ("set_aside",
--   "eliminated", ...), "arrives turn <n> at <spec>" (a reinforcement) or "not set up";
--   `track` the turn track on one line (`volley.schedule.track_text`), or nil; `title` the
--   scenario's id (its `[scenario] title` when it was opened by a path); `map_name` the map
--   as the terminal picture's header names it (`M.map_name`)
-- @raise "file:line: message" for a scenario that does not load or set up
function M.collect(target)
  local g, sc = set_up(target)
  local out = M.marks_of(g.store, sc.paths.map, sc)
  -- the schedule (volley.schedule): the turn track, and where each unit still to arrive comes
  local schedule = require "volley.schedule"
  local sch = g.schedule or schedule.read(sc)
  if sch then
    out.track = schedule.track_text(sch, g.params and g.params.turns)
    for _, o in ipairs(out.off) do
      local due = o.where == "not set up" and schedule.arrival_of(sch, o.unit)
      if due then o.where = "arrives " .. due end
    end
  end
  return out
end

-- A path with its `.` and `dir/..` steps taken out (`a/b/../c` is `a/c`).
local function tidy(path)
  local out = {}
  for part in path:gmatch("[^/]+") do
    if part == ".." and #out > 0 and out[#out] ~= ".." then
      out[#out] = nil
    elseif part ~= "." then
      out[#out + 1] = part
    end
  end
  return (path:sub(1, 1) == "/" and "/" or "") .. table.concat(out, "/")
end

--- The map's file as the picture's header names it: from the scenario, never the machine's
-- folders. A scenario with an id names its map under the id (`rough-and-ready/palo-alto/
-- map.ini`); one opened by a path, under that path as given (`tests/data/demo/map.ini`), or,
-- given whole from `/`, under the scenario's folder's own name (`rr/map.ini`). A map outside
-- the scenario's folder (a base scenario's) keeps its way there (`a/b/../c` made `a/c`).
-- @tparam table sc the scenario (`volley.scenario.read`)
-- @tparam string map_path the map file
-- @treturn string
function M.map_name(sc, map_path)
  local file = tidy(tostring(sc.file or ""))
  local dir = file:match("^(.*)/[^/]*$") or "."
  local path = tidy(map_path)
  local rel
  if dir == "." and path:sub(1, 1) ~= "/" then
    rel = path
  elseif path:sub(1, #dir + 1) == dir .. "/" then
    rel = path:sub(#dir + 2)
  else
    -- up from the scenario's folder to the first folder both share
    local a, b = {}, {}
    for x in dir:gmatch("[^/]+") do a[#a + 1] = x end
    for x in path:gmatch("[^/]+") do b[#b + 1] = x end
    local k = 1
    while a[k] and b[k] and a[k] == b[k] and k < #b do k = k + 1 end
    local parts = {}
    for _ = k, #a do parts[#parts + 1] = ".." end
    for j = k, #b do parts[#parts + 1] = b[j] end
    rel = table.concat(parts, "/")
  end
  local base = sc.id
  if not base then
    base = dir
    if base:sub(1, 1) == "/" then base = base:match("([^/]+)$") or "." end
  end
  if base == "." then return tidy(rel) end
  return tidy(base .. "/" .. rel)
end

--- The marks of the units a store holds now (as `collect` returns them): what the prompt's
-- `map` and `svg` draw of a game in play, from the store of a viewer's view
-- (`volley.view`).
-- @param store a `volley.core.state` store
-- @tparam string map_path the map file
-- @tparam[opt] table sc the scenario (`volley.scenario.read`): its terrain layer goes with the
--   map (`terrain_given`, `terrain`, `terrain_root`), for a layer inherited from the
--   scenario it extends rather than beside the map
-- @treturn table as `collect`
function M.marks_of(store, map_path, sc)
  -- the picture's title names the scenario (its id, else its title), never a path: the same
  -- bytes on every machine
  local out = { map = map_path, sides = store:sides(), marks = {}, off = {},
                title = sc and (sc.id or sc.title) or nil,
                map_name = sc and sc.file and M.map_name(sc, map_path) or nil }
  if sc and sc.paths and sc.paths.terrain ~= nil then
    -- the scenario's terrain layer, which may be inherited rather than beside the map
    out.terrain_given = true
    out.terrain = sc.paths.terrain or nil
    out.terrain_root = sc.paths.roots.terrain
  end
  local hexes, seen = {}, {}
  for _, u in ipairs(store:units{}) do
    local kind, loc = store:where(u)
    if kind == "hex" then
      for _, h in ipairs(store:hexes(u)) do
        if not seen[h] then seen[h], hexes[#hexes + 1] = true, h end
      end
    elseif kind == "space" or kind == "box" then
      local info = store:unit(u)
      out.marks[#out.marks + 1] = { where = loc, code = code_of(u), side = info.side,
                                    kind = info.kind == "leader" and "leader" or "unit",
                                    count = 1 }
    else
      out.off[#out.off + 1] = { side = store:unit(u).side, unit = u,
                                where = kind == "none" and "not set up" or kind }
    end
  end
  table.sort(hexes)
  local fields = {}
  for _, f in ipairs(store:fields("unit")) do fields[f] = true end
  local on_hexes = {}
  for _, h in ipairs(hexes) do
    local groups, order, leaders = {}, {}, {}
    for _, u in ipairs(store:stack(h)) do
      local info = store:unit(u)
      if info.kind == "leader" then
        leaders[#leaders + 1] = u
      else
        if not groups[info.side] then groups[info.side], order[#order + 1] = {}, info.side end
        local list = groups[info.side]
        list[#list + 1] = u
      end
    end
    for _, side in ipairs(order) do
      local list = groups[side]
      -- the top unit's Hits and disorder, when the system has those markers
      local okm, m = pcall(store.markers, store, list[1])
      m = okm and type(m) == "table" and m or {}
      local hits = type(m.hits) == "number" and m.hits or 0
      local dis, sq = m.disordered, m.square
      on_hexes[#on_hexes + 1] = { where = h, code = code_of(list[1]), side = side,
                                  kind = #list > 1 and "stack" or "unit",
                                  facing = store:facing(list[1]), count = #list,
                                  hits = hits, disordered = dis ~= nil and dis ~= false
                                    and dis ~= 0,
                                  square = sq ~= nil and sq ~= false and sq ~= 0,
                                  rating = rating_of(store, list[1], fields) }
    end
    for _, u in ipairs(leaders) do
      on_hexes[#on_hexes + 1] = { where = h, code = code_of(u), side = store:unit(u).side,
                                  kind = "leader", count = 1 }
    end
  end
  for _, m in ipairs(out.marks) do on_hexes[#on_hexes + 1] = m end
  out.marks = on_hexes
  return out
end

--- The same from the host: opens an engine-owned state, collects there, closes it.
-- @tparam string target
-- @treturn ?table from `collect`
-- @treturn ?string why not ("file:line: message")
function M.marks(target)
  local st = core.new_state{}
  local ok, err = st:require("volley.setup_view")
  if not ok then
    st:close()
    return nil, tostring(err)
  end
  local res
  ok, res = st:call("volley.setup_view", "collect", target)
  st:close()
  if not ok then
    if type(res) == "table" then
      local text = res.msg or "?"
      if res.file then
        text = res.file .. ":" .. (res.line and (res.line .. ": ") or " ") .. text
      end
      return nil, text
    end
    return nil, tostring(res)
  end
  return res
end

return M
