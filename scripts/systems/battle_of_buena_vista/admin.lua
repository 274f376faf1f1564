--- Battle of Buena Vista's bookkeeping between the moves and fights: the start-of-game
-- administration [battle_of_buena_vista 3.0c], the parapets [battle_of_buena_vista 2.3f],
-- leaders whose units are all gone [battle_of_buena_vista 2.6a], the unit leaders re-homed
-- [battle_of_buena_vista E-7.5c] [battle_of_buena_vista 7.6b], the Moving markers taken off
-- [battle_of_buena_vista 5.2-D2] [battle_of_buena_vista E-5.2] and a brigade's replacement
-- counter [battle_of_buena_vista 2.5d].
-- @module systems.battle_of_buena_vista.admin

local activation = require "systems.battle_of_buena_vista.activation"
local list = require "volley.list"

local M = {}

local function cite(case) return "[battle_of_buena_vista " .. case .. "]" end

-- {==== the start ===============================================================================

--- The start-of-game administration [battle_of_buena_vista 3.0c]: the brigades' replacement
-- counters are set aside (the scenario's start state does it; any still on the map is an
-- error of the scenario, said here), the Turn marker on 1 and the Impulse marker on box 1
-- (`vars.turn`, `vars.impulse`), each side's loss markers on box 0 (`vars.losses`, the Loss
-- Track's count, which issue 46's procedures advance), the parapet markers on their hexes
-- (the map's place `parapets`), no ford found, the reserve in its box.
function M.start(game)
  local v = game.vars
  v.turn, v.impulse = 1, 1
  v.losses = { US = 0, MEX = 0 }
  v.captures = { saltillo = 0, us_train = 0, mex_train = 0 }
  local ok, hexes = pcall(game.map.place, game.map, "parapets")
  v.parapets = ok and hexes or {}
  local spare = {}
  for _, u in ipairs(game.store:units{ side = "MEX" }) do
    if M.replacement_of(game, u) and game.store:where(u) == "set_aside" then
      spare[#spare + 1] = u
    end
  end
  game:log(string.format("start of the game: turn 1, impulse box 1 (American flag), loss "
    .. "markers on 0, %d brigade replacement counters set aside, parapets in %s %s",
    #spare, #v.parapets > 0 and table.concat(v.parapets, " ") or "no hex", cite("3.0c")))
end

-- }====

-- {==== parapets ================================================================================

local function remove_parapet(game, hex, why)
  local ps = game.vars.parapets or {}
  local out = {}
  for _, h in ipairs(ps) do if h ~= hex then out[#out + 1] = h end end
  game.vars.parapets = out
  game:log("the parapet in " .. hex .. " is removed, never to be rebuilt: " .. why .. " "
    .. cite("2.3f"))
  game.hooks:fire("parapet.removed", { hex = hex, why = why })
end

--- Whether `hex` still has its parapet marker [battle_of_buena_vista 2.3f].
function M.parapet(game, hex)
  return list.contains(game.vars.parapets or {}, hex)
end

--- A unit has entered `hex`: a Mexican unit entering a parapet's hex removes it
-- [battle_of_buena_vista 2.3f]. The movement (and advances after combat) call it.
function M.entered(game, unit, hex)
  if M.parapet(game, hex) and game:unit_info(unit).side == "MEX"
    and activation.combat(game, unit) then
    remove_parapet(game, hex, unit .. " entered it")
  end
end

--- The end of an American impulse: a parapet whose hex is empty is removed
-- [battle_of_buena_vista 2.3f].
function M.parapets_after_us(game)
  for _, h in ipairs(game.vars.parapets or {}) do
    if #game.store:stack(h) == 0 then remove_parapet(game, h, "its hex is empty after an "
      .. "American impulse") end
  end
end

-- }====

-- {==== leaders =================================================================================

-- a subordinate still in the game: on the map or the Track (in the Reserve Box it is gone
-- for its leader [battle_of_buena_vista 7.6b])
local function present(game, u)
  return activation.zone(game, u) ~= nil
end

--- Unit leaders whose subordinate units are all gone are removed [battle_of_buena_vista
-- 2.6a] [battle_of_buena_vista 7.6b], even one stacked with artillery (the errata's compiler
-- [battle_of_buena_vista E-7.5b]; the option `leader_with_guns` = 0 keeps such a leader
-- while he stands with guns). Army commanders are never removed so [battle_of_buena_vista
-- 2.6a].
function M.remove_lost_leaders(game)
  local keep_with_guns = (game.params.leader_with_guns or 1) == 0
  for _, side in ipairs(game:sides()) do
    for _, l in ipairs(game.store:leaders(side)) do
      if activation.unit_leader(game, l) and activation.zone(game, l) then
        local any = false
        for _, u in ipairs(activation.subordinates(game, l)) do
          if present(game, u) then any = true end
        end
        local guns = false
        if keep_with_guns then
          for _, u in ipairs(game.store:units{ side = side, type = "artillery" }) do
            if activation.stacked(game, l, u) then guns = true end
          end
        end
        if not any and not guns then
          assert(game.store:place(l, "eliminated"))
          game:log(l .. " is removed: every unit of his command is gone " .. cite("2.6a"))
          game.hooks:fire("leader.removed", { leader = l, side = side })
        end
      end
    end
  end
end

--- Whether a leader must end each of his side's impulses stacked with a unit he commands:
-- every leader but Santa Anna, Taylor and Wool, who move freely [battle_of_buena_vista 7.6a]
-- [battle_of_buena_vista 7.6b] (the army commanders exempt from activation); so Pérez too,
-- an army commander who is not exempt, with any unit of his army.
function M.must_stack(game, leader)
  if activation.unit_leader(game, leader) then return true end
  return activation.army_commander(game, leader) and not activation.exempt(game, leader)
end

-- the units a leader may be stacked with at his impulse's end: a unit leader's own units
-- [battle_of_buena_vista 7.6b]; an army commander's, every combat unit of his army
-- [battle_of_buena_vista 6.1d]
local function own_units(game, leader)
  if not activation.army_commander(game, leader) then
    return activation.subordinates(game, leader)
  end
  local out = {}
  for _, u in ipairs(game.store:units{ side = game:unit_info(leader).side }) do
    if activation.combat(game, u) then out[#out + 1] = u end
  end
  return out
end

--- The hexes (or Track spaces) where a leader may be re-homed: those of his own units (an
-- army commander's: his army's), and of his side's artillery [battle_of_buena_vista E-7.5b]
-- [battle_of_buena_vista E-7.5c], label order.
function M.homes(game, leader)
  local out, seen = {}, {}
  local side = game:unit_info(leader).side
  local function add(u)
    local kind, at = game.store:where(u)
    if (kind == "hex" or kind == "space") and not seen[at] then
      seen[at] = true
      out[#out + 1] = kind == "space" and ("space:" .. at) or at
    end
  end
  for _, u in ipairs(own_units(game, leader)) do add(u) end
  for _, u in ipairs(game.store:units{ side = side, type = "artillery" }) do add(u) end
  table.sort(out)
  return out
end

--- Whether a leader is where he must be: stacked with one of his units or with artillery
-- [battle_of_buena_vista E-7.5b].
function M.at_home(game, leader)
  local side = game:unit_info(leader).side
  for _, u in ipairs(own_units(game, leader)) do
    if activation.stacked(game, leader, u) then return true end
  end
  for _, u in ipairs(game.store:units{ side = side, type = "artillery" }) do
    if activation.stacked(game, leader, u) then return true end
  end
  return false
end

--- Each leader of `sides` who must be stacked (a unit leader, or Pérez: `must_stack`) and is
-- not with one of his units or artillery is placed with one, where his player says
-- [battle_of_buena_vista E-7.5c] [battle_of_buena_vista 7.6b]: at the end of each of his
-- side's impulses and in the administration phase (the digest's A41). A leader with no unit
-- left is removed first [battle_of_buena_vista 2.6a].
function M.rehome(game, sides, rule)
  M.remove_lost_leaders(game)
  for _, side in ipairs(sides) do
    for _, l in ipairs(game.store:leaders(side)) do
      if M.must_stack(game, l) and activation.zone(game, l)
        and not M.at_home(game, l) then
        local homes = M.homes(game, l)
        if #homes > 0 then
          local to = homes[1]
          if #homes > 1 then
            to = game:ask(side, {
              kind = "rehome",
              prompt = l .. " must join one of his units or a battery: where?",
              options = homes,
              rule = rule,
            })
          end
          local where = to:match("^space:(.+)$")
          assert(game.store:place(l, where and { space = where } or to))
          game:log(l .. " rejoins his command in " .. (where or to) .. " " .. rule)
        end
      end
    end
  end
end

--- The Moving markers come off every Mexican battery [battle_of_buena_vista 5.2-D2]
-- [battle_of_buena_vista E-5.2].
function M.clear_moving(game)
  local n = 0
  for _, u in ipairs(game.store:units{ side = "MEX", type = "artillery" }) do
    if game.store:marker(u, "moving") > 0 then
      game.store:set_marker(u, "moving", 0)
      n = n + 1
    end
  end
  if n > 0 then
    game:log(n .. " Moving marker" .. (n == 1 and " is" or "s are") .. " removed "
      .. cite("5.2-D2") .. " " .. cite("E-5.2"))
  end
end

-- }====

-- {==== brigade replacements ====================================================================

--- A brigade's replacement counter, for its first counter (`1/L-1` -> `1/L-2`), or nil: two
-- double-size counters a brigade, one in play [battle_of_buena_vista 2.5d].
function M.replacement_for(game, unit)
  local base = unit:match("^(.+)%-1$")
  if not base or game:unit_info(unit).type ~= "brigade" then return nil end
  local other = base .. "-2"
  local ok, info = pcall(game.unit_info, game, other)
  if ok and info.type == "brigade" then return other end
  return nil
end

--- Whether `unit` is a replacement counter (a brigade's `-2`), and for which first counter.
function M.replacement_of(game, unit)
  local base = unit:match("^(.+)%-2$")
  if not base or game:unit_info(unit).type ~= "brigade" then return nil end
  local ok, info = pcall(game.unit_info, game, base .. "-1")
  if ok and info.type == "brigade" then return base .. "-1" end
  return nil
end

--- A brigade's first counter has lost its two steps: its replacement takes its hexes and
-- facing at full strength, steps 3 and 4, and the spent counter leaves the map, with no rout
-- roll [battle_of_buena_vista 2.5d] (the digest's A23). Called by the step losses of fire
-- and shock (issues 45-46). Returns the replacement's id, or nil when there is none (the
-- brigade has no second counter, or it is already in play: it routs instead [9.8]).
-- @treturn ?string
function M.replace_brigade(game, unit)
  local spare = M.replacement_for(game, unit)
  if not spare or game.store:where(spare) ~= "set_aside" then return nil end
  local hexes = game.store:hexes(unit)
  local facing = game.store:facing(unit)
  assert(game.store:place(unit, "eliminated"))
  assert(game.store:place(spare, hexes))
  if facing then game.store:face(spare, facing) end
  game:log(string.format("%s has lost its two steps: %s replaces it in %s %s", unit, spare,
    table.concat(hexes, " "), cite("2.5d")))
  game.hooks:fire("brigade.replaced", { unit = unit, by = spare })
  return spare
end

-- }====

return M
