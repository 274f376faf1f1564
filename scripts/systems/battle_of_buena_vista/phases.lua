--- Battle of Buena Vista's turn [battle_of_buena_vista 5.1] [battle_of_buena_vista 5.2]
-- with the errata [battle_of_buena_vista E-5.2], step by step: the activation phase's rolls
-- (the ford [battle_of_buena_vista 5.3], the reserve [battle_of_buena_vista 5.4], the rain
-- [battle_of_buena_vista 5.5]) and the Moving markers [battle_of_buena_vista 5.2-A4]; the
-- Saltillo Track phase [battle_of_buena_vista 5.2-B] (a named step: the Track is issue 48's);
-- the six impulses [battle_of_buena_vista 5.2-C], each movement, shock and fire (shock and
-- fire named steps: issue 45's); the administration phase [battle_of_buena_vista 5.2-D1]
-- [battle_of_buena_vista 5.2-D2] [battle_of_buena_vista 5.2-D3]. init.lua strings them
-- together.
-- @module systems.battle_of_buena_vista.phases

local activation = require "systems.battle_of_buena_vista.activation"
local admin = require "systems.battle_of_buena_vista.admin"

local M = {}

local function cite(case) return "[battle_of_buena_vista " .. case .. "]" end

--- The game is over: rain has come [battle_of_buena_vista 5.5] (or a random event brought it,
-- issue 46), or a script declared a result. Every step after it does nothing, so the rest of
-- the turn is not played.
function M.over(game)
  return game.vars.over ~= nil
end

--- A turn's arc on the Turn Track (charts/battle_of_buena_vista/tracks.ini): `lo, hi`, or
-- nil when the turn has none.
function M.arc(game, chart, turn)
  local found = game:charts():lookup(chart, { roll = turn })
  if not found or type(found.result) ~= "table" or found.result.none then return nil end
  return found.result.lo, found.result.hi
end

-- {==== A. the activation phase =================================================================

--- The ford's hexes, once found: the map's place `ford-<site>`, else {}. The movement reads
-- it [battle_of_buena_vista 5.3].
-- @treturn {string,...}
function M.ford_hexes(game)
  local site = game.vars.ford
  if not site then return {} end
  local ok, hexes = pcall(game.map.place, game.map, "ford-" .. site)
  return ok and hexes or {}
end

--- A.1: in turns 1-3, until a ford is found, the Mexican player rolls a die; a 1 finds one,
-- and a second die says which of the six sites [battle_of_buena_vista 5.3]
-- [battle_of_buena_vista 5.2-A1]. Once found, or after turn 3, no more rolls: a ford in
-- 91 games of 216, the errata's 42% [battle_of_buena_vista E-5.3b].
function M.ford(game, turn)
  if turn > 3 or game.vars.ford then return end
  local die = game:roll("d6", "ford discovery, turn " .. turn, cite("5.3"))
  local ctx = { turn = turn, roll = die, found = die == 1 }
  if die == 1 then
    local site = game:roll("d6", "the ford's site", cite("5.3"))
    game.vars.ford = site
    ctx.site = site
    game:log(string.format("turn %d: the Mexicans find a ford (d6 1) at site %d: %s %s",
      turn, site, table.concat(M.ford_hexes(game), " "), cite("5.3")))
  else
    game:log(string.format("turn %d: no ford found (d6 %d; a 1 finds one)%s %s", turn, die,
      turn == 3 and ": no more attempts" or "", cite("5.3")))
  end
  game.hooks:fire("ford.check", ctx)
end

--- The hexes of the reserve deployment area a Mexican counter may be placed in: strictly
-- inside it (the place `mrda`, not its boundary) [battle_of_buena_vista E-5.4a], within
-- the stacking limit, Mexican units only counted: American units there do not hinder it
-- [battle_of_buena_vista E-5.4b]. A leader goes anywhere inside.
function M.reserve_hexes(game, unit)
  local ok, area = pcall(game.map.place, game.map, "mrda")
  if not ok then return {} end
  local info = game:unit_info(unit)
  local out = {}
  for _, h in ipairs(area) do
    local fits = true
    if info.kind ~= "leader" then
      local n, double = 0, false
      for _, u in ipairs(game.store:stack(h)) do
        local ui = game:unit_info(u)
        if ui.side == "MEX" and activation.combat(game, u) and ui.type ~= "artillery" then
          n = n + 1
          if ui.type == "brigade" then double = true end
        end
      end
      fits = not double and n < 2                          -- [battle_of_buena_vista 7.3]
      if info.type == "brigade" then fits = n == 0 end
    end
    if fits then out[#out + 1] = h end
  end
  table.sort(out)
  return out
end

local function place_reserve(game)
  local placed, left = {}, {}
  for _, u in ipairs(game.store:units{ side = "MEX" }) do
    local kind, at = game.store:where(u)
    if kind == "box" and at == "reserve" then
      local hexes = M.reserve_hexes(game, u)
      if game:unit_info(u).type == "brigade" then
        hexes = {}   -- a brigade needs two hexes inside: head, then tail
        for _, h in ipairs(M.reserve_hexes(game, u)) do
          for _, t in ipairs(activation.neighbors(game, h)) do
            if require("volley.list").contains(M.reserve_hexes(game, u), t) then
              hexes[#hexes + 1] = h .. " " .. t
            end
          end
        end
      end
      if #hexes == 0 then
        left[#left + 1] = u
      else
        local to = hexes[1]
        if #hexes > 1 then
          to = game:ask("MEX", {
            kind = "reserve_place",
            prompt = "The reserve: place " .. u .. " inside the deployment area",
            options = hexes,
            rule = cite("5.4") .. " " .. cite("E-5.4a"),
          })
        end
        local head, tail = to:match("^(%S+) (%S+)$")
        if head then   -- a brigade faces from its tail toward its head [battle_of_buena_vista 7.5a]
          local movement = require "systems.battle_of_buena_vista.movement"
          require("systems.battle_of_buena_vista.double").place(game, movement.grid(game), u,
            head, tail)
        else
          assert(game.store:place(u, to))
        end
        placed[#placed + 1] = u
      end
    end
  end
  game.vars.reserve_units = placed
  game:log("the reserve is placed in its deployment area: " .. (#placed > 0
    and table.concat(placed, " ") or "nothing") .. (#left > 0 and ("; no room for "
    .. table.concat(left, " ") .. ", which stay in the box") or "") .. " " .. cite("5.4")
    .. " " .. cite("E-5.4a"))
end

--- A.2: from turn 5, until the reserve has been organized, the Mexican player may roll a die;
-- one in the turn's arc organizes it, and everything in the Mexican Reserve Box, Pérez
-- included, is placed inside the reserve deployment area [battle_of_buena_vista 5.4]
-- [battle_of_buena_vista 5.2-A2]. One reserve attack a game; a failed roll may be tried
-- again in a later turn (docs/rulings/battle_of_buena_vista.md).
function M.reserve(game, turn)
  if turn < 5 or game.vars.reserve_done then return end
  local lo, hi = M.arc(game, "reserve_arc", turn)
  if not lo then return end
  local answer = game:ask("MEX", {
    kind = "reserve",
    prompt = string.format("Turn %d: roll for the reserve attack (it is organized on %d-%d)?",
      turn, lo, hi),
    options = { "yes", "no" },
    default = "yes",
    rule = cite("5.4"),
  })
  local ctx = { turn = turn, rolled = answer == "yes", organized = false }
  if answer == "yes" then
    local die = game:roll("d6", "the reserve attack, turn " .. turn, cite("5.4"))
    ctx.roll = die
    if die >= lo and die <= hi then
      ctx.organized = true
      game.vars.reserve_done = true
      game:log(string.format("turn %d: the reserve is organized (d6 %d in %d-%d) %s", turn,
        die, lo, hi, cite("5.4")))
      place_reserve(game)
    else
      game:log(string.format("turn %d: the reserve is not organized (d6 %d, not in %d-%d) %s",
        turn, die, lo, hi, cite("5.4")))
    end
  end
  game.hooks:fire("reserve.check", ctx)
end

--- A.3: in turns 10-12 the American player rolls a die; one in the turn's arc starts the
-- rain, which ends the game at once [battle_of_buena_vista 5.5] [battle_of_buena_vista
-- 5.2-A3]: the rest of the turn is not played and victory is judged [battle_of_buena_vista
-- 4.3a].
function M.rain(game, turn)
  local lo, hi = M.arc(game, "rain_arc", turn)
  if not lo then return end
  local die = game:roll("d6", "rain, turn " .. turn, cite("5.5"))
  local rain = die >= lo and die <= hi
  if rain then
    game.vars.over = "rain"
    game:log(string.format("turn %d: it rains (d6 %d in %d-%d): the battle ends %s", turn, die,
      lo, hi, cite("5.5")))
  else
    game:log(string.format("turn %d: no rain (d6 %d, not in %d-%d) %s", turn, die, lo, hi,
      cite("5.5")))
  end
  game.hooks:fire("rain.check", { turn = turn, roll = die, rain = rain })
end

--- A.4: the Mexican player puts Moving markers on the batteries he wants to move this turn
-- [battle_of_buena_vista 5.2-A4] [battle_of_buena_vista E-5.2] [battle_of_buena_vista 7.2],
-- one at a time until done.
function M.moving(game)
  local marked = {}
  while true do
    local options = {}
    for _, u in ipairs(game.store:units{ side = "MEX", type = "artillery" }) do
      if game.store:where(u) == "hex" and game.store:marker(u, "moving") == 0 then
        options[#options + 1] = u
      end
    end
    if #options == 0 then break end
    options[#options + 1] = "done"
    local answer = game:ask("MEX", {
      kind = "moving",
      prompt = "Put a Moving marker on a battery (it may move, not fire, this turn) or done",
      options = options,
      default = "done",
      rule = cite("5.2-A4") .. " " .. cite("E-5.2"),
    })
    if answer == "done" then break end
    game.store:set_marker(answer, "moving", 1)
    marked[#marked + 1] = answer
    game:log(answer .. " is under a Moving marker " .. cite("7.2"))
  end
  game.hooks:fire("artillery.moving", { units = marked })
end

-- }====

-- {==== C. the impulses =========================================================================

--- The side whose impulse `n` (1-6) is: American first, then alternate
-- [battle_of_buena_vista 5.2-C].
function M.impulse_side(n)
  return n % 2 == 1 and "US" or "MEX"
end

--- The start of an impulse: the markers set, `impulse.start` fired.
function M.impulse_start(game, turn, n)
  local side = M.impulse_side(n)
  game.vars.impulse = math.floor((n + 1) / 2)
  game.vars.side = side
  game.hooks:fire("impulse.start", { turn = turn, side = side, n = game.vars.impulse })
end

--- The end of an impulse: the side's unit leaders re-homed [battle_of_buena_vista 7.6b]
-- (the digest's A41), and after an American impulse its empty parapet hexes lose their
-- markers [battle_of_buena_vista 2.3f].
function M.impulse_end(game, turn, n)
  local side = M.impulse_side(n)
  admin.rehome(game, { side }, cite("7.6b"))
  if side == "US" then admin.parapets_after_us(game) end
  game.hooks:fire("impulse.end", { turn = turn, side = side, n = game.vars.impulse })
  game.vars.side = nil
end

-- }====

-- {==== D. administration =======================================================================

--- The administration phase [battle_of_buena_vista 5.2-D1] [battle_of_buena_vista 5.2-D2]
-- [battle_of_buena_vista 5.2-D3]: leaders flipped to their initiative side, Moving markers
-- removed, unit leaders re-homed [battle_of_buena_vista E-7.5c], the Turn marker advanced
-- and the Impulse marker back to box 1.
function M.administration(game, turn)
  activation.reset(game)
  admin.clear_moving(game)
  admin.rehome(game, game:sides(), cite("E-7.5c"))
  game.hooks:fire("administration.start", { turn = turn })
  game.vars.impulse = 1
  if turn < 12 then
    game:log("the Turn marker moves to turn " .. (turn + 1) .. ", the Impulse marker to box 1 "
      .. cite("5.2-D3"))
  end
end

-- }====

return M
