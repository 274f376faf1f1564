--- The demo system's movement phase [demo 4.2]: the phasing side moves its units one at a
-- time, each move one decision ("<unit> <hex>", the cheapest path implied), until it answers
-- "done" or has no unit left to move. A unit that ends its move next to enemy units offers
-- them a reaction [demo 5.1].
-- @module systems.demo.movement

local core = require "volley.core"
local fire = require "systems.demo.fire"
local walk = require "volley.walk"

local M = {}

local function grid_of(game)
  if not game.grid then  -- as wide as the map's labels: 2 or 3 digits a part
    local info, first = game.map:info(), game.map:hexes()[1]
    game.grid = core.hex.grid{ layout = info.layout, parity = info.parity, digits = #first / 2 }
  end
  return game.grid
end

--- The map hexes next to `hex`, in label order.
function M.neighbors(game, hex)
  local out = {}
  for _, h in ipairs(grid_of(game):neighbors(hex)) do
    if type(h) == "string" and game.map:contains(h) then out[#out + 1] = h end
  end
  table.sort(out)
  return out
end

--- The movement query of a unit: its MA, enemy hexes prohibited [demo 3.3], hexes next to
-- an enemy unit must-stop (zones of control, [demo 3.3]).
function M.query(game, unit)
  local side = game.store:unit(unit).side
  local enemy = game:enemy(side)
  local prohibited, must_stop, seen = {}, {}, {}
  for _, h in ipairs(game.store:combat_hexes{ side = enemy }) do
    prohibited[#prohibited + 1] = { at = h, why = "enemy unit", rule = "[demo 3.3]" }
    for _, n in ipairs(M.neighbors(game, h)) do
      if not seen[n] then
        seen[n] = true
        must_stop[#must_stop + 1] = { at = n, why = "enemy zone of control", rule = "[demo 3.3]" }
      end
    end
  end
  table.sort(must_stop, function(a, b) return a.at < b.at end)
  local q = { class = "inf", ma = game.store:get(unit, "ma"), prohibited = prohibited,
              must_stop = must_stop }
  game.hooks:modify("movement.cost", { unit = unit, overlay = q }, nil)
  return q
end

--- The legal answers to the phasing side's move request, in canonical order: every unmoved
-- unit (id order) to every hex it can reach (reach order: cost, then label) that does not
-- overfill a stack (`params.stack_limit`, default 2: [demo 3.4]); then "done".
function M.options(game, side)
  local moved = {}
  for _, u in ipairs(game.vars.moved or {}) do moved[u] = true end
  local out = {}
  for _, u in ipairs(game.store:units{ side = side, class = "combat" }) do
    local kind, at = game.store:where(u)
    if kind == "hex" and not moved[u] then
      local reach = game.move:reach(at, M.query(game, u))
      for _, p in ipairs(reach) do
        if p.hex ~= at and game.store:count(p.hex, { side = side }) < game.params.stack_limit then
          out[#out + 1] = u .. " " .. p.hex
        end
      end
    end
  end
  out[#out + 1] = "done"
  return out
end

--- Moves a unit to a hex along its cheapest path, walked hex by hex (volley.walk,
-- docs/runtime.md "Moves walked hex by hex"), and marks it moved: the shared `movement.leave`
-- and `movement.enter` fire at each hex (volley.points); where the walk stops the move is
-- logged, `movement.stop` fires (with `from`) and the enemy units next to it are offered their
-- reaction [demo 5.1]. Nothing interrupts a demo move on the way: a zone of control ends it
-- [demo 3.3], so the reaction at the stop is the reaction at the end.
function M.apply(game, unit, hex)
  local _, from = game.store:where(unit)
  local r = assert(game.move:path(from, hex, M.query(game, unit)))
  local moved = game.vars.moved or {}
  moved[#moved + 1] = unit
  game.vars.moved = moved
  walk.new(game, {
    unit = unit, path = r.path, steps = r.steps, ma = game.store:get(unit, "ma"),
    fire = function(_, point, ctx)
      if point ~= "movement.stop" then return game.hooks:fire(point, ctx) end   -- each hex
      game:log(unit .. " moves " .. from .. " -> " .. ctx.hex .. " (" .. ctx.cost
        .. " MP) [demo 4.2]")
      ctx.from = from
      game.hooks:fire(point, ctx)
      fire.reactions(game, unit)
    end,
  }):run()
end

--- The move request's `warn` (volley.ask; the prompt prints it as the answer is given): a
-- move that ends next to enemy units, each of which may then fire at the mover [demo 3.3,
-- 5.1]. Read only.
-- @treturn ?string
function M.warn(game, answer)
  local unit, hex = tostring(answer):match("^(%S+) (%S+)$")
  if not unit then return nil end
  local side = game.store:unit(unit).side
  local near = game.store:within(hex, 1, { side = game:enemy(side), class = "combat" })
  if #near == 0 then return nil end
  return unit .. " stops in " .. hex .. " next to " .. table.concat(near, ", ") .. " [demo 3.3]"
    .. ", which may fire at it [demo 5.1]"
end

--- The movement phase of `side` [demo 4.2].
function M.phase(game, side)
  game.vars.moved = {}
  while true do
    local answer = game:ask(side, {
      kind = "move",
      prompt = "Side " .. side .. ": move a unit (<unit> <hex>) or done",
      enumerate = function() return M.options(game, side) end,
      warn = function(a) return M.warn(game, a) end,
      default = "done",
      rule = "[demo 4.2]",
    })
    if answer == "done" then break end
    local unit, hex = answer:match("^(%S+) (%S+)$")
    M.apply(game, unit, hex)
  end
  game.vars.moved = nil
end

return M
