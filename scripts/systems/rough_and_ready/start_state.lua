--- What a scenario's start state may set of Rough & Ready (docs/rough_and_ready.md "Start
-- states"; the format is docs/formats.md "The start state"): the markers a unit may start
-- with, and the system's own values of the activation chain, each declared with its type,
-- its meaning, its rule and its check. `volley.start_state` reads the file and calls these.
--
-- A start state begins between two activations: `last` says which one ended, and play goes
-- on as after it (its side nominates and rolls [rough_and_ready 3.11]) unless `play` and
-- `mode` say where else it stands (a side that received play after a failed roll, or after a
-- pass [rough_and_ready 4.1]).
-- @module systems.rough_and_ready.start_state

local command = require "systems.rough_and_ready.command"
local contains = require("volley.list").contains

local M = {}

local MODES = { "open", "roll", "free", "after_pass" }

local function is_side(game, s)
  return type(s) == "string" and contains(game:sides(), s)
end

local function sides_of(game)
  return table.concat(game:sides(), ", ")
end

local function unit_of_side(game, id, side)
  if type(id) ~= "string" then return nil, tostring(id) .. " is not a unit id (a string)" end
  local ok, info = pcall(game.unit_info, game, id)
  if not ok then return nil, "unknown unit '" .. id .. "'" end
  if info.side ~= side then
    return nil, id .. " is side " .. info.side .. "'s, not " .. side .. "'s"
  end
  return info
end

-- A map whose keys are sides, each value checked by `each(side, value)`.
local function by_side(each)
  return function(game, v)
    if type(v) ~= "table" then return nil, "a map of sides expected (" .. sides_of(game) .. ")" end
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    for _, k in ipairs(keys) do
      if not is_side(game, k) then
        return nil, "'" .. k .. "' is not a side (" .. sides_of(game) .. ")"
      end
      local ok, why = each(game, k, v[k])
      if not ok then return nil, k .. ": " .. why end
    end
    return true
  end
end

local function count_of(v, what)
  if type(v) ~= "number" or v ~= math.floor(v) or v < 0 or v > 1000000000 then
    return nil, tostring(v) .. " is not " .. what .. " (an integer, 0 or more)"
  end
  return true
end

-- A list of units of `side`, each passing `ok_unit(game, id, info)`.
local function unit_list(ok_unit)
  return function(game, side, list)
    if type(list) ~= "table" then return nil, "a list of unit ids expected" end
    for i, id in ipairs(list) do
      local info, why = unit_of_side(game, id, side)
      if not info then return nil, "[" .. i .. "] " .. why end
      local fine, no = ok_unit(game, id, info)
      if not fine then return nil, "[" .. i .. "] " .. no end
    end
    return true
  end
end

-- The candidate a `last` names: its kind, and the units of the command or of the hex.
local function target_of(game, side, target)
  for _, c in ipairs(game.store:commands{ side = side }) do
    if c == target then
      local info = game.store:command(c)
      if info.parent == nil then
        return nil, c .. " is " .. side .. "'s army, led by its Overall Commander: never "
          .. "activated [rough_and_ready E10]"
      end
      return { kind = "command", leader = command.leader_of(game, c),
               units = command.units_of(game, c) }
    end
  end
  for _, h in ipairs(command.independent_hexes(game, side)) do
    if h.hex == target then return { kind = "independent", units = h.units } end
  end
  return nil, "'" .. target .. "' is neither a command of " .. side .. " nor a hex of its "
    .. "independents [rough_and_ready 3.11, 3.22]"
end

local function check_last(game, v)
  if type(v) ~= "table" then
    return nil, "a map expected: last.side and last.target (the command, or the hex of "
      .. "independents, that went)"
  end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  local allowed = { side = true, target = true, kind = true, leader = true, units = true }
  for _, k in ipairs(keys) do
    if not allowed[k] then
      return nil, "unknown key '" .. k .. "' (last holds side, target, kind, leader, units)"
    end
  end
  if v.side == nil then return nil, "last.side is missing (the side that went)" end
  if not is_side(game, v.side) then
    return nil, "last.side " .. tostring(v.side) .. " is not a side (" .. sides_of(game) .. ")"
  end
  if type(v.target) ~= "string" then return nil, "last.target is missing (the command or hex)" end
  local t, why = target_of(game, v.side, v.target)
  if not t then return nil, why end
  if v.kind ~= nil and v.kind ~= t.kind then
    return nil, "last.kind " .. tostring(v.kind) .. ": " .. v.target .. " is a " .. t.kind
  end
  if v.leader ~= nil and v.leader ~= t.leader then
    return nil, "last.leader " .. tostring(v.leader) .. ": " .. v.target .. " is led by "
      .. tostring(t.leader)
  end
  if v.units ~= nil then
    local ok, no = unit_list(function() return true end)(game, v.side, v.units)
    if not ok then return nil, "last.units" .. no end
  end
  return true
end

local function artillery_or_wagon(game, id, info)
  if command.is_artillery(game, id) or info.type == "wagon" then return true end
  return nil, id .. " is neither a gun nor a wagon [rough_and_ready 4.28, 7.0]"
end

local function shared(game, id)
  if command.also_command(game, id) then return true end
  return nil, id .. " has no second command [rough_and_ready PA note d]"
end

-- Whether t is a table whose keys are exactly 1..#t.
local function is_list(t)
  if type(t) ~= "table" then return false end
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n == #t
end

-- The withdrawals of an activation that went (n, at most count: the activation to come reads
-- only its own [rough_and_ready 6.47]), each pair a cavalry unit and the enemy unit it withdrew
-- from, as the rules record them.
local function check_withdrawals(game, v, values)
  if type(v) ~= "table" or type(v.n) ~= "number" or type(v.pairs) ~= "table" then
    return nil, "withdrawals.n (an activation) and withdrawals.pairs expected"
  end
  for k in pairs(v) do
    if k ~= "n" and k ~= "pairs" then
      return nil, "unknown key '" .. tostring(k) .. "' (withdrawals holds n and pairs)"
    end
  end
  local count = values.count or (values.last and 1 or 0)
  if type(count) ~= "number" or v.n < 1 or v.n > count then
    return nil, "withdrawals.n " .. tostring(v.n) .. " is not an activation that went (1 to "
      .. tostring(count) .. "): a start state begins between activations [rough_and_ready 3.11]"
  end
  if not is_list(v.pairs) then return nil, "withdrawals.pairs: a list of pairs expected" end
  for i, p in ipairs(v.pairs) do
    local where = "withdrawals.pairs[" .. i .. "]"
    if not is_list(p) or #p ~= 2 then
      return nil, where .. ": a pair of unit ids expected (the cavalry, then the unit it "
        .. "withdrew from)"
    end
    for j = 1, 2 do
      if type(p[j]) ~= "string" or not pcall(game.unit_info, game, p[j]) then
        return nil, where .. "[" .. j .. "]: " .. tostring(p[j]) .. " is not a unit id"
      end
    end
    if game:unit_info(p[1]).type ~= "cavalry" then
      return nil, where .. "[1]: " .. p[1] .. " is not cavalry [rough_and_ready 6.47]"
    end
    if game:unit_info(p[1]).side == game:unit_info(p[2]).side then
      return nil, where .. ": " .. p[1] .. " and " .. p[2] .. " are of one side [rough_and_ready "
        .. "6.47]"
    end
  end
  return true
end

--- The values a start state may set (`var <name>...` lines), in the order documented.
M.values = {
  { name = "last", type = "map: side, target (and kind, leader, units as a dump writes them)",
    meaning = "the activation that went last: its side nominates and rolls next, and none of "
      .. "its command, leader or units goes again in the side's next activation",
    rule = "[rough_and_ready 3.11, 4.1]", check = check_last },
  { name = "play", type = "a side", meaning = "the side to act next (default: last's side, or "
      .. "the scenario's first side)", rule = "[rough_and_ready 3.11]",
    check = function(game, v)
      if is_side(game, v) then return true end
      return nil, tostring(v) .. " is not a side (" .. sides_of(game) .. ")"
    end },
  { name = "mode", type = "open, roll, free or after_pass", meaning = "what that side may do: "
      .. "open (any command, no roll), roll (nominate and roll), free (after the opponent's "
      .. "failed roll: a free activation or pass), after_pass (after the opponent passed)",
    rule = "[rough_and_ready 3.11, 4.1]",
    check = function(_, v)
      if contains(MODES, v) then return true end
      return nil, "'" .. tostring(v) .. "' is not a mode (" .. table.concat(MODES, ", ") .. ")"
    end },
  { name = "count", type = "an integer, 0 or more", meaning = "the activations so far (default "
      .. "1 after a last activation, else 0)", rule = "[rough_and_ready 3.11]",
    check = function(_, v) return count_of(v, "a number of activations") end },
  { name = "artillery_used", type = "map: side -> list of gun and wagon ids",
    meaning = "the guns and wagons of the side's last activation: none goes in its next",
    rule = "[rough_and_ready 4.28, 7.0]",
    check = by_side(unit_list(artillery_or_wagon)) },
  { name = "oc_moved", type = "map: side -> an activation number",
    meaning = "the activation in which the side's Overall Commander moved (he carries the "
      .. "oc_moved marker; default: the last activation)", rule = "[rough_and_ready 4.26]",
    check = by_side(function(_, _, n) return count_of(n, "an activation number") end) },
  { name = "streak", type = "map: side -> an integer, 0 or more",
    meaning = "the activation rolls of the side's current run (the balance option)",
    rule = "[rough_and_ready PA Balance]",
    check = by_side(function(_, _, n) return count_of(n, "a number of rolls") end) },
  { name = "units_used", type = "map: side -> list of unit ids",
    meaning = "the units two commands share that went in the side's last activation",
    rule = "[rough_and_ready PA note d]", check = by_side(unit_list(shared)) },
  { name = "battle", type = "map: name -> a string, an integer or true/false",
    meaning = "the battle script's own flags (ctx.game.flag in its hooks)",
    rule = "(the battle's rules.lua)", check = function(_, v)
      if type(v) ~= "table" then return nil, "a map of flags expected" end
      for k, x in pairs(v) do
        local t = type(x)
        if type(k) ~= "string" or (t ~= "string" and t ~= "number" and t ~= "boolean") then
          return nil, "a flag holds a string, a number or a boolean"
        end
      end
      return true
    end },
  { name = "withdrawals", type = "map: n, pairs (as a dump writes it)",
    meaning = "the pre-shock withdrawals of activation n: kept as given, the rules read it only "
      .. "during that activation", rule = "[rough_and_ready 6.47]", check = check_withdrawals },
}

--- Values a start state may not set, and why.
M.refused = {
  activation = "an activation under way is no start state: a game starts between two "
    .. "activations (give last, the one that ended) [rough_and_ready 3.11]",
  winner = "a game starts undecided [rough_and_ready 8.0]",
  reason = "a game starts undecided [rough_and_ready 8.0]",
}

-- The marker rules: what may carry each marker at the start, or why not.
local function marker_ok(game, id, name, info)
  local combat = info.kind ~= "leader" and command.is_combat(game, id)
  if name == "out_of_command" then
    return nil, "out_of_command is set as a command activates and cleared when it ends: a "
      .. "start state begins between activations [rough_and_ready 4.23]"
  elseif name == "oc_moved" then
    if info.kind == "leader" and command.is_oc(game, id) then return true end
    return nil, id .. " is not an Overall Commander: only he carries OC Moved "
      .. "[rough_and_ready 4.26]"
  elseif info.kind == "leader" then
    return nil, "a leader carries no " .. name .. " marker [rough_and_ready 2.23]"
  elseif name == "hits" then
    if not combat then
      return nil, id .. " is not a combat unit: it takes no Hits [rough_and_ready 6.51]"
    end
    local n, morale = game.store:marker(id, "hits"), game.store:get(id, "morale")
    if n > morale then
      return nil, id .. ": " .. n .. " Hits exceed its Morale " .. morale .. ": it would be "
        .. "eliminated (give it the location 'eliminated') [rough_and_ready 6.54]"
    end
  elseif name == "disordered" then
    if not combat then
      return nil, id .. " is not a combat unit: it is never Disordered [rough_and_ready 6.61]"
    end
  elseif name == "square" then
    if not require("systems.rough_and_ready.squares").regular(game, id) then
      return nil, id .. " is not regular infantry: it forms no square [rough_and_ready 5.41]"
    end
  elseif name == "out_of_ammo" then
    if not command.is_artillery(game, id) then
      return nil, id .. " is not a gun: only guns run out of ammunition [rough_and_ready PA "
        .. "Mexican Ammunition]"
    end
  elseif not combat then
    return nil, id .. " is not a combat unit: it carries no " .. name .. " marker"
  end
  return true
end

-- A square at the start [rough_and_ready 5.42, E3]: every combat unit of the hex in it, 2 or
-- 3 units of one regiment, each under the `square` facing model.
local function square_ok(game, id, given)
  local squares = require "systems.rough_and_ready.squares"
  local in_square = game.store:marker(id, "square") > 0
  if not in_square then
    if game.store:model(id) == "square" then
      return nil, id .. " has the model square without the square marker: give markers "
        .. "square=1 [rough_and_ready 5.42]"
    end
    return true
  end
  if given.model and game.store:model(id) ~= "square" then
    return nil, id .. " is in Square: its model is square, not " .. game.store:model(id)
      .. " [rough_and_ready 5.43]"
  end
  if game.store:model(id) ~= "square" then assert(game.store:set_model(id, "square")) end
  local _, hex = game.store:where(id)
  local all = require("systems.rough_and_ready.stacking").combat_units(game, hex)
  local reg = squares.regiment(game, id)
  for _, u in ipairs(all) do
    if not squares.in_square(game, u) then
      return nil, u .. " in " .. hex .. " is not in the square: a square is every combat unit "
        .. "of its hex [rough_and_ready 5.42]"
    end
    if squares.regiment(game, u) ~= reg then
      return nil, id .. " is of the " .. reg .. ", " .. u .. " of the " .. squares.regiment(game, u)
        .. ": a square's units are all of one regiment [rough_and_ready E3]"
    end
  end
  if #all < 2 or #all > squares.MOST then
    return nil, "a square is 2 or 3 units of one regiment stacked together, not " .. #all
      .. " [rough_and_ready 5.42]"
  end
  return true
end

--- Checks what a unit line set against the rules: the markers it gives (on the map only),
-- a square's shape. Called once every unit line is in the store.
-- @treturn ?true
-- @treturn ?string why not, with the rule
function M.unit(game, id, given)
  local info = game:unit_info(id)
  local names = {}
  for name in pairs(given.markers) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    if given.markers[name] > 0 then
      if game.store:where(id) ~= "hex" then
        return nil, id .. " is not on the map: it carries no markers"
      end
      local ok, why = marker_ok(game, id, name, info)
      if not ok then return nil, why end
    end
  end
  if info.kind ~= "leader" then
    local ok, why = square_ok(game, id, given)
    if not ok then return nil, why end
  end
  return true
end

--- The values of the chain that go into `game.vars`, from those given (checked one by one
-- already): what `activation.open` would set, then `last`, where play stands, OC Moved.
-- @treturn ?table name -> value
-- @treturn ?string why not
-- @treturn ?string the name the refusal is about
function M.complete(game, given)
  local out = {}
  local first = game:first_side()
  out.streak = given.streak or {}
  out.artillery_used = given.artillery_used or {}
  out.units_used = given.units_used
  out.battle, out.withdrawals = given.battle, given.withdrawals
  local last = given.last
  out.count = given.count or (last and 1 or 0)
  if last then
    if out.count < 1 then
      return nil, "count is " .. out.count .. " but an activation went last", "count"
    end
    local t = target_of(game, last.side, last.target)
    local units = last.units
    if units == nil then
      units = {}
      for _, u in ipairs(t.units) do units[#units + 1] = u end
      for _, g in ipairs(out.artillery_used[last.side] or {}) do units[#units + 1] = g end
    end
    out.last = { side = last.side, kind = t.kind, target = last.target, leader = t.leader,
                 units = units }
  end
  if given.play then
    out.play, out.mode = given.play, given.mode or "roll"
  else
    out.play = last and last.side or first
    out.mode = given.mode or (last and "roll" or "open")
  end
  if out.mode == "open" and last then
    return nil, "mode open is the game's first activation, not one after " .. last.target, "mode"
  end
  local moved = {}
  for _, side in ipairs(game:sides()) do
    local marked
    for _, oc in ipairs(command.overall_commanders(game, side)) do
      if game.store:marker(oc, "oc_moved") > 0 then marked = oc end
    end
    local at = given.oc_moved and given.oc_moved[side]
    if at ~= nil and not marked then
      return nil, "oc_moved." .. side .. ": no Overall Commander of " .. side .. " carries the "
        .. "oc_moved marker (give it on his unit line: markers oc_moved=1) [rough_and_ready 4.26]",
        "oc_moved"
    end
    if at ~= nil and at > out.count then
      return nil, "oc_moved." .. side .. " is activation " .. at .. ", after the last one ("
        .. out.count .. ")", "oc_moved"
    end
    if marked then moved[side] = at or out.count end
  end
  out.oc_moved = moved
  -- the chain must be able to go on: the side to open has a command to open with, and some
  -- side has a command or a hex of independents to activate (the system's facts, before any
  -- battle rule narrows them) [rough_and_ready 3.11, 3.22]
  local function can(side, independents)
    if #command.activatable(game, side) > 0 then return true end
    return independents and #command.independent_hexes(game, side) > 0
  end
  if out.mode == "open" and not can(out.play, false) then
    return nil, out.play .. " opens the chain (mode open) but has no command to activate: "
      .. "the game could not begin [rough_and_ready 3.11]", given.mode and "mode" or nil
  end
  local any = false
  for _, side in ipairs(game:sides()) do any = any or can(side, true) end
  if not any then
    return nil, "no side has a command or a hex of independents to activate: the game could "
      .. "not go on [rough_and_ready 3.11, 3.22]", given.last and "last" or nil
  end
  return out
end

return M
