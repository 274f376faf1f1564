--- Control of hexes and places (issue 35 point 3; docs/runtime.md "Control"): which side
-- controls a hex or a place (a track space, a box), asked by victory rules and special rules
-- alike.
--
-- A place is controlled by the side that **occupies** it: the only side with a unit there
-- that counts (by default a combat unit; leaders alone do not occupy; a system's policy
-- says otherwise). Two sides there (a shock under way) make it `"contested"`. An empty place
-- is controlled by the side that **last passed through** it, when the game keeps passage,
-- else by nobody (nil).
--
-- Passage is kept in the store, in `game.vars.control` (a map: the hex's label, or
-- `space:<id>` / `box:<id>` for a place, to the side), so save, replay, undo and the state
-- hash carry it. A game keeps passage when its system's policy says `passage = true`, or
-- when its state already holds the map (a start state's `var control {}`, or its initial
-- control, `var control.0305 "A"`; a script's `game.vars.control = {}`): a game that keeps
-- none writes nothing, so its state text is what it was before control existed. Passage is
-- recorded as it happens: the walk of a move (volley.walk) records the hex a mover leaves
-- and every hex it enters, as it enters it; and `settle` records every occupied place,
-- which the runtime calls before every request (so a unit set up, retreated or advanced by
-- the rules without a walk has its hex recorded by the next request; the hexes it crossed
-- on the way are recorded only by a system that calls `pass` for them).
-- @module volley.control

local M = {}

-- The system's policy (`system.control`): `passage` (boolean), `occupies(game, unit, info)`.
local function policy(game)
  local p = game.system and game.system.control
  return type(p) == "table" and p or {}
end

--- Whether the game keeps passage (see the module).
-- @treturn boolean
function M.keeps(game)
  return policy(game).passage == true or type(game.vars.control) == "table"
end

--- The key a place is recorded under: a hex's label; `space:<id>`, `box:<id>`.
-- @param place a hex label, `{space = ID}` or `{box = ID}`
-- @treturn string
function M.key(place)
  if type(place) == "table" then
    if type(place.space) == "string" then return "space:" .. place.space end
    if type(place.box) == "string" then return "box:" .. place.box end
    error("control: a place is a hex, {space = ID} or {box = ID}", 3)
  end
  if type(place) ~= "string" then
    error("control: a place is a hex, {space = ID} or {box = ID}", 3)
  end
  return place
end

--- Whether `unit` occupies the place it stands in (the policy's `occupies`; by default a
-- unit of the `combat` class: a leader alone does not occupy).
function M.occupies(game, unit)
  local info = game:unit_info(unit)
  local f = policy(game).occupies
  if f then return f(game, unit, info) == true end
  return info.classes ~= nil and info.classes.combat == true
end

--- The side occupying a place: a side, `"contested"` when two sides occupy it, or nil.
-- @param place a hex label, `{space = ID}` or `{box = ID}`
-- @tparam[opt] function sees `sees(unit)`: in a side's view (volley.view), the units it
--   sees; a unit hidden from it does not occupy (nil: every unit, the rules' control)
function M.occupant(game, place, sees)
  M.key(place)
  local ok, units = pcall(game.store.stack, game.store, place)
  if not ok then return nil end
  local side
  for _, u in ipairs(units) do
    if (not sees or sees(u)) and M.occupies(game, u) then
      local s = game:unit_info(u).side
      if side and s ~= side then return "contested" end
      side = s
    end
  end
  return side
end

--- The side controlling a place (see the module): its occupant, `"contested"`, the side
-- that last passed through it (when the game keeps passage), or nil.
-- @param place a hex label, `{space = ID}` or `{box = ID}`
-- @tparam[opt] function sees as `occupant`'s: control as a side's view has it
-- @treturn ?string
function M.of(game, place, sees)
  local key = M.key(place)
  local side = M.occupant(game, place, sees)
  if side then return side end
  local kept = game.vars.control
  if type(kept) == "table" and type(kept[key]) == "string" then return kept[key] end
  return nil
end

--- Records that `side` passed through `place` (nothing when the game keeps no passage).
function M.pass(game, place, side)
  if not M.keeps(game) or type(side) ~= "string" then return end
  local key = M.key(place)
  local kept = game.vars.control                -- a copy (the vars are copied in and out)
  if type(kept) ~= "table" then kept = {} end
  if kept[key] ~= side or game.vars.control == nil then
    kept[key] = side
    game.vars.control = kept
  end
end

--- Records a unit's passage through `place` when it occupies (the walk's leave and enter).
function M.passed(game, unit, place)
  if not M.keeps(game) or not M.occupies(game, unit) then return end
  M.pass(game, place, game:unit_info(unit).side)
end

--- Records every place occupied by one side now (the runtime, before each request).
function M.settle(game)
  if not M.keeps(game) then return end
  local kept = game.vars.control
  if type(kept) ~= "table" then kept = {} end
  local seen, changed = {}, game.vars.control == nil
  for _, u in ipairs(game.store:units()) do
    local kind, at = game.store:where(u)
    local place = kind == "hex" and at or ((kind == "space" or kind == "box") and { [kind] = at })
    local key = place and M.key(place)
    if key and not seen[key] then
      seen[key] = true
      local side = M.occupant(game, place)
      if side and side ~= "contested" and kept[key] ~= side then
        kept[key], changed = side, true
      end
    end
  end
  if changed then game.vars.control = kept end
end

--- Checks initial control a start state gives (`var control.<place> "<side>"`, or `var
-- control {}` for none yet but passage kept): a map of places (a hex of the map,
-- `space:<id>`, `box:<id>`) to sides. The first wrong key in key order decides.
-- @treturn ?true
-- @treturn ?string why not
-- @treturn ?string the key at fault
function M.check(game, given)
  if type(given) ~= "table" or getmetatable(given) ~= nil then
    return nil, "control is a map of places to sides (var control.0305 \"A\")"
  end
  local keys = {}
  for k in pairs(given) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  local sides = {}
  for _, s in ipairs(game:sides()) do sides[s] = true end
  for _, k in ipairs(keys) do
    if type(k) ~= "string" then return nil, "control is a map of places, not a list", k end
    local v = given[k]
    local kind, id = k:match("^(%a+):(.+)$")
    local place = (kind == "space" or kind == "box") and { [kind] = id } or k
    local ok
    if type(place) == "table" then
      ok = pcall(game.store.stack, game.store, place)
    else
      local fine, on = pcall(game.map.contains, game.map, k)
      ok = fine and on
    end
    local shown = #k > 40 and (k:sub(1, 40):gsub("[\128-\255]+$", "") .. "...") or k
    if not ok then
      return nil, "'" .. shown .. "' is no hex of the map nor a place (space:<id>, box:<id>)", k
    end
    if type(v) ~= "string" or not sides[v] then
      local vs = type(v) == "string" and #v > 40 and (v:sub(1, 40):gsub("[\128-\255]+$", "")
        .. "...") or v
      return nil, shown .. ": " .. (type(v) == "string" and ("'" .. vs .. "'") or "the value")
        .. " is not a side (" .. table.concat(game:sides(), ", ") .. ")", k
    end
  end
  return true
end

--- The places a side controls by passage or occupation among `places` (a list), in order.
function M.held(game, side, places)
  local out = {}
  for _, p in ipairs(places) do
    if M.of(game, p) == side then out[#out + 1] = p end
  end
  return out
end

return M
