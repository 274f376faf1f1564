--- The Intermission a battle asks for (`ctx.game.intermission`, Palo Alto's grass fire
-- [rough_and_ready PA-Opt2]): play stops once the fire under way is resolved and the
-- activation ends; then both sides roll a d10 (a tie rolls again) and the high die redeploys
-- first: any or all of its units move up to their full MA (no out-of-command halving), none
-- into a hex within 4 hexes of an enemy unit unless no nearer to the nearest enemy than where
-- it started ([rough_and_ready E8]: units may move away from the fire), each unit once;
-- then the other side; then the first side takes a free activation of any one command (mode
-- `intermission`, which a battle's `activation.select` may narrow). The point
-- `intermission.start` may replace the redeployment.
-- @module systems.rough_and_ready.intermission

local command = require "systems.rough_and_ready.command"
local script_api = require "systems.rough_and_ready.script_api"

local M = {}

M.RULE = "[rough_and_ready PA-Opt2]"
M.DISTANCE = 4

--- The distance from a hex to the nearest enemy unit of `side` on the map (nil: none).
function M.nearest(game, side, hex)
  local grid = require("systems.rough_and_ready.facing").grid(game)
  local best
  for _, u in ipairs(game.store:units{ side = game:enemy(side) }) do
    local at = command.on_map(game, u)
    if at then
      local d = grid:distance(hex, at)
      if best == nil or d < best then best = d end
    end
  end
  return best
end

--- The hexes within `ma` of a unit it may not enter in the redeployment (for
-- movement.query), label order: those within 4 hexes of an enemy, unless no nearer to the
-- nearest enemy than the unit's own hex, so a unit may move away [rough_and_ready E8].
function M.prohibited(game, unit, ma)
  local side = game:unit_info(unit).side
  local from = command.on_map(game, unit)
  local grid = require("systems.rough_and_ready.facing").grid(game)
  local start = M.nearest(game, side, from) or 999
  local out = {}
  local all = game.map:hexes()
  table.sort(all)
  for _, h in ipairs(all) do
    local d = h ~= from and grid:distance(from, h) <= ma and M.nearest(game, side, h)
    if d and d <= M.DISTANCE and d < start then
      out[#out + 1] = { at = h, why = "within " .. M.DISTANCE .. " hexes of an enemy unit in "
        .. "the Intermission", rule = M.RULE }
    end
  end
  return out
end

-- One side's redeployment: movement's `move` requests with every unit of the side a mover.
local function redeploy(game, side)
  local units = {}
  for _, u in ipairs(game.store:units{ side = side }) do
    if command.on_map(game, u) then units[#units + 1] = u end
  end
  game.vars.activation = { n = game.vars.count or 0, side = side, kind = "intermission",
                           target = "intermission", units = units, artillery = {},
                           free = false, after_failure = false }
  game.vars.redeploying = side
  game:log(side .. " redeploys in the Intermission " .. M.RULE)
  require("systems.rough_and_ready.movement").activation(game)
  game.vars.redeploying = nil
  game.vars.activation = nil
end

--- Runs the Intermission asked for (game.vars.intermission) and sets where play resumes.
function M.run(game)
  local why = game.vars.intermission
  game.vars.intermission = nil
  local sides = game:sides()
  local first
  while first == nil do
    local a = game:roll("d10", sides[1] .. " Intermission roll", M.RULE)
    local b = game:roll("d10", sides[2] .. " Intermission roll", M.RULE)
    game:log(string.format("Intermission (%s): %s rolls %d, %s rolls %d %s", why, sides[1], a,
      sides[2], b, M.RULE))
    if a > b then first = sides[1] elseif b > a then first = sides[2] end
  end
  game:log(first .. " moves first and then takes a free activation " .. M.RULE)
  local ctx = script_api.ctx(game, { why = why, first = first })
  game.hooks:fire("intermission.start", ctx)
  game.hooks:replace("intermission.start", ctx, function()
    redeploy(game, first)
    redeploy(game, game:enemy(first))
  end)
  game.vars.play = first
  game.vars.mode = "intermission"
end

return M
