--- What a scenario's start state may set of the demo (docs/demo.md "Start states"): no
-- values of its own (its turn is the sequence's loop, never set), and a unit's `hits` below
-- its strength [demo 5.3] (a unit with as many hits as strength is eliminated: give it the
-- location `eliminated`). `volley.start_state` reads the file and calls this.
-- @module systems.demo.start_state

local M = {}

--- The values a start state may set (`var` lines): none.
M.values = {}

--- A unit line's markers, after it is applied [demo 5.3].
-- @treturn ?true
-- @treturn ?string why not
function M.unit(game, id, given)
  local hits = given.markers.hits
  if hits and hits > 0 then
    local strength = game.store:get(id, "strength")
    if hits >= strength then
      return nil, id .. ": " .. hits .. " hits reach its strength " .. strength .. ": it would "
        .. "be eliminated (give it the location 'eliminated') [demo 5.3]"
    end
    if game.store:where(id) ~= "hex" then
      return nil, id .. " is not on the map: it carries no hits"
    end
  end
  return true
end

return M
