--- What a replace handler of the system's hook points must leave behind (docs/modding.md
-- "What a mod may and may not change", docs/rough_and_ready.md "Hook points"): after a
-- replace handler ran, the rule checks that the step it took over was done as the point's
-- catalogue entry (points.lua) says; when it was not, the game stops, naming the handler's
-- script and the point, as a mod that fails does (docs/shell.md `--mod`).
-- @module systems.rough_and_ready.contract

local M = {}

--- The source (a mod's path, "battle" or "system") of the replace handler that wins at a
-- point, or nil when none is registered (the rule's own procedure runs).
function M.replacer(game, point)
  local list = game.hooks:handlers_of(point, "replace")
  local last = list[#list]
  return last and last.source or nil
end

--- Stops the game: the point's replace handler broke its contract.
-- @tparam string point the hook point
-- @tparam string why what it left wrong, with what was expected
function M.broken(game, point, why)
  error((M.replacer(game, point) or "?") .. ": " .. point .. ": the replace handler " .. why, 0)
end

return M
