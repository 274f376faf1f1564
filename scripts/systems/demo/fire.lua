--- The demo system's reaction fire [demo 5]: when a unit ends its move next to enemy units,
-- each of them (id order) may fire at it; a d6 plus modifiers on the Demo Fire Table
-- (charts/demo/fire.ini) scores no, one or two hits [demo 5.2]; a unit with as many hits as
-- its strength is eliminated [demo 5.3].
-- @module systems.demo.fire

local modifiers = require "volley.modifiers"

local M = {}

--- Resolves one unit's fire at a target [demo 5.2-5.3]: a d6 plus the modifiers on the Demo
-- Fire Table. Returns "miss", "hit" or "eliminated".
function M.resolve(game, firer, target)
  local store = game.store
  local mods = modifiers.new()
  local _, at = store:where(target)
  if game.map:terrain(at) == "w" then
    mods:add(-1, "target in woods", "[demo 5.2]")
  end
  if store:get(firer, "strength") >= 4 then
    mods:add(1, "strong firer", "[demo 5.2]")
  end
  game.hooks:modify("fire.drm", { firers = { firer }, firer = firer, target = target }, mods)
  local res, roll = game:chart_roll("fire", mods, firer .. " fires at " .. target, "[demo 5.2]")
  local result = "miss"
  if res.hits then
    local hits = store:marker(target, "hits") + res.hits
    if hits >= store:get(target, "strength") then
      assert(store:place(target, "eliminated"))
      store:set_marker(target, "hits", 0)
      result = "eliminated"                                      -- [demo 5.3]
    else
      store:set_marker(target, "hits", hits)
      result = "hit"
    end
  end
  game:log(string.format("%s fires at %s: d6 %d%+d = %d: %s, %s [demo 5.2]", firer, target,
    roll.natural, mods:total(), roll.total, roll.result, result))
  game.hooks:fire("fire.resolved", { firers = { firer }, firer = firer, target = target,
                                      result = result })
  return result
end

--- Offers each enemy unit next to `unit` a reaction [demo 5.1]; asks the enemy side once per
-- reacting unit, in id order, while the target still stands.
function M.reactions(game, unit)
  local side = game.store:unit(unit).side
  local enemy = game:enemy(side)
  local _, at = game.store:where(unit)
  for _, reactor in ipairs(game.store:within(at, 1, { side = enemy, class = "combat" })) do
    if game.store:where(unit) ~= "hex" then break end
    local ctx = { unit = unit, reactor = reactor }
    game.hooks:fire("reaction.offer", ctx)
    game.hooks:replace("reaction.offer", ctx, function()
      local answer = game:ask(enemy, {
        kind = "react",
        prompt = reactor .. " may fire at " .. unit .. " (fire or hold)",
        options = { "fire", "hold" },
        default = "fire",
        rule = "[demo 5.1]",
      })
      if answer == "fire" then M.resolve(game, reactor, unit) end
    end)
  end
end

return M
