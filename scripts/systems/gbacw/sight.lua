--- Line of sight as the GBACW rules use it [gbacw 10.21]: for fire, traced from the centre of
-- the firer's hex through its Front to the target's centre; for anything else, from the
-- centre of the sighting unit's hex through any of its hexsides (all round). The terrain's
-- answer is the C engine's under charts/gbacw/los.ini (the v2023 rules of 10.23-10.27:
-- docs/los.md "GBACW's slopes"); the units in the way are the caller's list (which of them
-- block a given fire, 10.26, arrives with the fire procedure, GBACW VII).
--
-- Through the Front (a decision, docs/rulings/gbacw.md): the line leaves the firer's hex
-- into one of its Front hexes, or along the hexside between two hexes one of which is Front.
-- @module systems.gbacw.sight

local core = require "volley.core"

local M = {}

--- The map's hex grid (kept on the game object: derived, not state).
function M.grid(game)
  if not game.gb_grid then
    local info = game.map:info()
    game.gb_grid = core.hex.grid{ layout = info.layout, parity = info.parity }
  end
  return game.gb_grid
end

--- The system's line-of-sight context for the map (kept on the game object), with the
-- scenario's los.ini as its layer (a battle's Crests option).
function M.los(game)
  if not game.gb_los then
    game.gb_los = assert(core.los.new(game.map, { system = "gbacw",
      layer = game.scenario and game.scenario.paths and game.scenario.paths.los }))
  end
  return game.gb_los
end

--- Whether the line from `unit`'s hex to `hex` leaves through the unit's Front [gbacw 10.21].
-- @treturn boolean
function M.through_front(game, unit, hex)
  local kind, at = game.store:where(unit)
  if kind ~= "hex" or at == hex or game.store:facing(unit) == nil then return false end
  local step = M.grid(game):line(at, hex)[2]
  local cands = type(step) == "table" and { step[1], step[2] } or { step }
  for _, h in ipairs(cands) do
    if game.store:arc(unit, h) == "front" then return true end
  end
  return false
end

--- Line of sight [gbacw 10.21]: from `from` to `to` with `opts.units` in the way (volley.core.los
-- unit obstacles); with `opts.fire` (a unit in `from`), only through that unit's Front.
-- @treturn boolean clear
-- @treturn table volley.core.los's why (kind "front" when the line leaves through no Front
--   hexside, with the reason and rule)
function M.check(game, from, to, opts)
  opts = opts or {}
  if opts.fire and not M.through_front(game, opts.fire, to) then
    return false, { kind = "front", blocked_by = from, rule = "[gbacw 10.21]",
      reason = opts.fire .. " fires only through its Front: the line to " .. to
        .. " leaves through another hexside" }
  end
  return M.los(game):check(from, to, { units = opts.units })
end

return M
