--- Stacking in the demo system [demo 3.3, 3.4]: what a hex may hold. Set-up asks it through
-- `volley.placement_setup` (docs/placement.md "Stacking at set-up").
-- @module systems.demo.stacking

local M = {}

--- May `unit` (not yet there) stand in `hex` with what the store holds there now? Not in a
-- hex holding an enemy unit [demo 3.3]; at most `params.stack_limit` (default 2) combat
-- units of a side in a hex [demo 3.4]; leaders are not counted.
-- @param game `store`, `params`
-- @tparam string unit
-- @tparam string hex
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string "0105 holds an enemy unit (B1) [demo 3.3]", "0105 already holds 2
--   units of side A (stack_limit 2) [demo 3.4]" ("1 unit" for one)
function M.legal(game, unit, hex)
  local store = game.store
  local info = store:unit(unit)
  local mine = 0
  for _, other in ipairs(store:stack(hex)) do
    local o = store:unit(other)
    if o.side ~= info.side then
      return false, hex .. " holds an enemy unit (" .. other .. ") [demo 3.3]"
    end
    if o.classes.combat then mine = mine + 1 end
  end
  local limit = game.params and game.params.stack_limit or 2
  if info.classes.combat and mine >= limit then
    return false, hex .. " already holds " .. mine .. (mine == 1 and " unit" or " units")
      .. " of side " .. info.side
      .. " (stack_limit " .. limit .. ") [demo 3.4]"
  end
  return true
end

return M
