--- Vertex facing in Rough & Ready [rough_and_ready 5.31-5.34]: what a unit's facing makes
-- front, flank and rear, the enemy front hexes movement stops in, the common facing of a
-- stack, and turning in place.
--
-- The arcs are the facing models of charts/rough_and_ready/units.ini read by the store
-- (docs/state.md "Facing models"): `vertex` (front 0 1, flank 2 5, rear 3 4: two of each,
-- [rough_and_ready 5.31-5.32]) and `artillery` (the same two front, the four others rear,
-- [rough_and_ready 5.32]); leaders and wagons do not face (`none`). Facing words are
-- DESIGN.md's: the six vertices `N/NE NE/SE SE/S S/SW SW/NW NW/N` on the flat-top maps of
-- the battles, with the aliases `E` (NE/SE) and `W` (SW/NW).
-- @module systems.rough_and_ready.facing

local M = {}

M.R531 = "[rough_and_ready 5.31]"
M.R532 = "[rough_and_ready 5.32]"
M.R534 = "[rough_and_ready 5.34]"
M.R527 = "[rough_and_ready 5.27]"

--- The grid of the game's map (cached on the game table: not state).
function M.grid(game)
  if not game.rr_grid then
    game.rr_grid = require("volley.placement_setup").grid(game.map)
  end
  return game.rr_grid
end

--- Whether a unit faces a vertex (combat units) or not at all (leaders, wagons, and units in
-- Square, whose six hexes are all front [rough_and_ready 5.43]: the vertex they faced is kept
-- for the day they leave it) [rough_and_ready 5.31].
-- @treturn boolean
function M.faces(game, unit)
  if game:unit_info(unit).kind ~= "leader" and game.store:marker(unit, "square") > 0 then
    return false
  end
  local f = game.store:facing(unit)
  if f == nil or f == "none" then
    local info = game:unit_info(unit)
    return info.kind ~= "leader" and info.classes.combat == true
  end
  for _, w in ipairs(M.grid(game):vertex_words()) do
    if w == f then return true end
  end
  return false
end

--- The vertex words in canonical order (`N/NE` first, clockwise).
function M.words(game)
  return M.grid(game):vertex_words()
end

--- A typed facing word made canonical: a vertex word, or the aliases `E` and `W` on a
-- flat-top map (`N` and `S` on a pointy-top one). nil when the word names no vertex.
-- @tparam string word
-- @treturn ?string
function M.canonical(game, word)
  local words = M.words(game)
  for _, w in ipairs(words) do
    if w == word then return w end
  end
  local layout = game.map:info().layout
  local alias = layout == "flat-top" and { E = "NE/SE", W = "SW/NW" }
    or { N = "NW/NE", S = "SE/SW" }
  return alias[word]
end

--- A unit's arcs `{front = {hex...}, flank = {...}, rear = {...}}` (adjacent map hexes, label
-- order) [rough_and_ready 5.32]; artillery has an empty flank; a unit in Square has its six
-- hexes front and no flank or rear (its `square` model, [rough_and_ready 5.43]). A combat
-- unit not yet faced (placed by hand in a test, before any set-up facing) has no arcs.
function M.arcs(game, unit)
  local out = {}
  if game.store:facing(unit) == nil and M.faces(game, unit) then
    return { front = {}, flank = {}, rear = {} }
  end
  local a = game.store:arcs(unit)
  for _, k in ipairs({ "front", "flank", "rear" }) do
    local list = {}
    for _, h in ipairs(a[k] or {}) do
      if game.map:contains(h) then list[#list + 1] = h end
    end
    out[k] = list
  end
  return out
end

--- The hexes a unit may Fire or Shock into: its front hexes [rough_and_ready 5.33] (a
-- square's six [rough_and_ready 5.43] and a leader's are all front by their models).
function M.front(game, unit)
  return M.arcs(game, unit).front
end

--- A unit's front hexes (`M.front`), kept on the game object (not state) while the unit's
-- own generation is the same (docs/state.md "The generation"): the arcs depend on the
-- unit's hexes, facing, model and markers alone. Callers read the list, never change it.
function M.kept_front(game, unit)
  local kept = game.rr_fronts
  if not kept then
    kept = {}
    game.rr_fronts = kept
  end
  local gen = game.store:generation(unit)
  local k = kept[unit]
  if k and k.gen == gen then return k.front end
  local front = M.front(game, unit)
  kept[unit] = { gen = gen, front = front }
  return front
end

--- The enemy front hexes for a side's movers [rough_and_ready 5.14]: every map hex in the
-- front of an enemy combat unit on the map, label order, each `{at = hex, by = unit}` (the
-- first enemy in id order whose front it is).
-- @tparam string side the moving side
-- @treturn {{at=, by=},...}
function M.enemy_fronts(game, side)
  local by, hexes, tops = {}, {}, {}
  local enemy = game:enemy(side)
  local top_of = {}      -- each hex's top unit, asked once
  for _, e in ipairs(game.store:units{ side = enemy, class = "combat" }) do
    local kind, at = game.store:where(e)
    if kind == "hex" then
      if top_of[at] == nil then
        top_of[at] = require("systems.rough_and_ready.sight").top(game, at) or false
      end
      local top = top_of[at] == e
      for _, h in ipairs(M.kept_front(game, e)) do
        if not by[h] then
          by[h] = e
          hexes[#hexes + 1] = h
        elseif top and not tops[h] then
          by[h] = e          -- the top unit, who fires [rough_and_ready 5.24], names it
        end
        if top then tops[h] = true end
      end
    end
  end
  table.sort(hexes)   -- each hex once: label order is a total order
  local out = {}
  for i, h in ipairs(hexes) do out[i] = { at = h, by = by[h] } end
  return out
end

--- The enemy combat units next to `hex` (id order).
-- @tparam string side the side whose enemies are looked for
function M.adjacent_enemies(game, side, hex)
  local near = {}
  for _, n in ipairs(M.grid(game):neighbors(hex)) do
    if type(n) == "string" and game.map:contains(n) then near[n] = true end
  end
  local out = {}
  for _, e in ipairs(game.store:units{ side = game:enemy(side), class = "combat" }) do
    local kind, at = game.store:where(e)
    if kind == "hex" and near[at] then out[#out + 1] = e end
  end
  return out
end

--- The facing of the other facing units already in `hex` (all alike, [rough_and_ready 5.27]),
-- or nil when none faces there.
function M.stack_facing(game, unit, hex)
  for _, other in ipairs(game.store:stack(hex)) do
    if other ~= unit and M.faces(game, other) then
      local f = game.store:facing(other)
      if f and f ~= "none" then return f end
    end
  end
  return nil
end

--- Faces a unit and every other facing unit of its hex alike [rough_and_ready 5.27, 5.31].
-- @treturn {string,...} the units turned, the unit first
function M.turn(game, unit, word)
  local _, hex = game.store:where(unit)
  assert(game.store:face(unit, word))
  local turned = { unit }
  for _, other in ipairs(game.store:stack(hex)) do
    if other ~= unit and M.faces(game, other) then
      assert(game.store:face(other, word))
      turned[#turned + 1] = other
    end
  end
  return turned
end

--- Places a unit in a hex, facing as the facing units already there [rough_and_ready 5.27];
-- else it keeps its facing. For the moves the rules make (retreats, falling back, riding
-- through), not for the player's moves, whose facing is asked.
function M.settle(game, unit, hex)
  assert(game.store:place(unit, hex))
  if M.faces(game, unit) then
    local f = M.stack_facing(game, unit, hex)
    if f then assert(game.store:face(unit, f)) end
  end
end

return M
