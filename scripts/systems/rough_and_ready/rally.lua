--- Rally [rough_and_ready 6.81]: an activated unit that has done nothing else removes
-- its Disorder or one Hit, never its first.
-- @module systems.rough_and_ready.rally

local command = require "systems.rough_and_ready.command"
local hits = require "systems.rough_and_ready.hits"
local sight = require "systems.rough_and_ready.sight"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

M.R682 = "[rough_and_ready 6.82]"
M.R683 = "[rough_and_ready 6.83]"
M.R684 = "[rough_and_ready 6.84]"

local contains = require("volley.list").contains

--- What a unit may rally off now [rough_and_ready 6.83-6.84]: `disorder` when Disordered,
-- `hit` when it has more than one Hit (the first is permanent [6.84]); in that order.
-- @treturn {string,...}
function M.choices(game, unit)
  local out = {}
  if hits.disordered(game, unit) then out[#out + 1] = "disorder" end
  if hits.hits(game, unit) > 1 then out[#out + 1] = "hit" end
  return out
end

--- Whether a unit may rally, and why not [rough_and_ready 6.82]: In Command, at least two
-- hexes from the nearest enemy combat unit (line of sight does not matter), and it has not
-- moved, fired or shocked this activation (`game.vars.moved`, `fired`, `shocked`); and it has
-- something to rally off [rough_and_ready 6.83-6.84].
-- @treturn boolean
-- @treturn ?string why not
function M.eligible(game, unit)
  local at = command.on_map(game, unit)
  if not at then return false, refusal.plain(unit .. " is not on the map") end
  local only = command.moves_only_why(game, unit, "rally")         -- [rough_and_ready PA note d]
  if only then return false, only end
  if #M.choices(game, unit) == 0 then
    if hits.hits(game, unit) == 1 then
      return false, refusal.say("6.84", unit .. " has nothing to rally off: its first Hit is "
        .. "permanent")
    end
    return false, refusal.say("6.83", unit .. " is neither Disordered nor Hit")
  end
  local ok, why = command.in_command(game, unit)
  if not ok or command.out_of_command(game, unit) then
    return false, refusal.say("6.82", unit .. " is not In Command (" .. why .. ")")
  end
  local side = game:unit_info(unit).side
  for _, h in ipairs(game.store:combat_hexes{ enemy_of = side }) do
    if sight.distance(game, at, h) < 2 then
      return false, refusal.say("6.82", unit .. " is adjacent to an enemy combat unit in " .. h)
    end
  end
  if contains(game.vars.moved, unit) then
    return false, refusal.say("6.82", unit .. " has moved this activation")
  end
  if contains(game.vars:get("fire", "fired"), unit) then
    return false, refusal.say("6.82", unit .. " has fired this activation")
  end
  if contains(game.vars.shocked, unit) then
    return false, refusal.say("6.82", unit .. " has shock attacked this activation")
  end
  local hs = game.hooks.handlers and game.hooks.handlers["rally.eligible"]
  if hs ~= nil and #hs > 0 then                 -- a battle's own limit (RP 6.82: chaparral)
    local ctx = require("systems.rough_and_ready.script_api").ctx(game,
      { unit = unit, allowed = true })
    game.hooks:modify("rally.eligible", ctx, nil)
    if ctx.allowed == false then
      return false, type(ctx.why) == "string" and ctx.why
        or (unit .. " may not rally now (a battle rule)")
    end
  end
  return true
end

--- Rallies a unit [rough_and_ready 6.83]: removes its Disorder or one Hit, as its owner
-- chooses when both are possible (request `rally`, `disorder` or `hit`); the point
-- `rally.attempt` may do it instead (RP's detachments).
-- @treturn string what was removed
-- @raise when the unit may not rally (the caller offers only eligible units)
function M.rally(game, unit)
  local ok, why = M.eligible(game, unit)
  if not ok then error("illegal rally: " .. why, 0) end
  local side = game:unit_info(unit).side
  local choices = M.choices(game, unit)
  local ctx = { unit = unit, choice = choices[1] }
  local done = game.hooks:replace("rally.attempt", ctx, function()
    local choice = choices[1]
    if #choices > 1 then
      choice = game:ask(side, {
        kind = "rally",
        prompt = unit .. " rallies: remove its Disorder or one Hit",
        options = choices,
        rule = M.R683,
      })
    end
    if choice == "disorder" then
      game.store:set_marker(unit, "disordered", 0)
      game:log(unit .. " rallies: its Disorder is removed " .. M.R683)
    else
      hits.remove_hit(game, unit)
      game:log(string.format("%s rallies: one Hit removed, %d left %s", unit,
        hits.hits(game, unit), M.R683))
    end
    return choice
  end)
  return done
end

return M
