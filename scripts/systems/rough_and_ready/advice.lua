--- What a player needs to decide, in Rough & Ready's words (issue 37 point 2): the system's
-- `show` of a unit (what it did in the activation under way, the MP it has left, whether it
-- is in command and why, its ratings), the move request's warnings (a move that takes a unit
-- out of its leader's Command Range, into an enemy front, or that makes or fails a declared
-- charge) and what each answer of the fire and shock requests costs or causes (their `tell`).
-- All of it is read only: nothing here rolls, asks or writes (docs/runtime.md "Queries").
-- @module systems.rough_and_ready.advice

local command = require "systems.rough_and_ready.command"

local contains = require("volley.list").contains

local M = {}

local function words(s)
  local w = {}
  for x in s:gmatch("%S+") do w[#w + 1] = x end
  return w
end

local in_ten

local function is_unit(game, id)
  return type(id) == "string" and pcall(game.store.unit, game.store, id)
end

-- {====================================================================================
-- show UNIT
-- =====================================================================================

-- What the unit has done in the activation under way, and what it may still do.
local function doings(game, unit)
  local movement = require "systems.rough_and_ready.movement"
  local fire = require "systems.rough_and_ready.fire"
  local charge = require "systems.rough_and_ready.charge"
  local act = game.vars.activation
  if not act then return nil end
  local mover = contains(movement.movers(game), unit)
  local did = {}
  if contains(game.vars.moved, unit) then did[#did + 1] = "moved" end
  if fire.used(game, "fired", unit) then did[#did + 1] = "fired" end
  if fire.used(game, "returned", unit) then did[#did + 1] = "fired back" end
  if fire.used(game, "reacted", unit) then did[#did + 1] = "fired in reaction" end
  if contains(game.vars.rallied, unit) then did[#did + 1] = "rallied" end
  if contains(game.vars.shocked, unit) then did[#did + 1] = "shocked" end
  if charge.declared(game, unit) then did[#did + 1] = "declared a charge" end
  if charge.charging(game, unit) then did[#did + 1] = "is Charging" end
  if charge.failed(game, unit) then did[#did + 1] = "failed its charge Commitment" end
  if contains(game.vars.counter_charged, unit) then did[#did + 1] = "counter-charged" end
  local head = "this activation (" .. tostring(act.side) .. ", " .. tostring(act.target)
    .. "): " .. (mover and "activated" or "not activated")
  if #did > 0 then
    head = head .. ", " .. table.concat(did, ", ")
  elseif mover then
    head = head .. ", has done nothing yet"
  end
  if mover then
    local reach, why = movement.reach(game, unit)
    if reach then
      local left = movement.ma(game, unit)
      if game:unit_info(unit).kind ~= "leader" then
        left = require("systems.rough_and_ready.squares").left(game, unit)
      end
      head = head .. "; " .. left .. " MP left of " .. movement.ma(game, unit)
    elseif why then
      head = head .. "; no move left: " .. why
    end
  end
  return head
end

-- Whether the unit is in command, and why (its leader, the range, the case).
local function command_line(game, unit)
  local info = game:unit_info(unit)
  if info.kind == "leader" then
    local range = game.store:get(unit, "command_range")
    if command.is_oc(game, unit) then
      return "Overall Commander: command range " .. tostring(range) .. " (his Leadership "
        .. "helps a leader within it activate) [rough_and_ready 4.25]"
    end
    local n, out = 0, 0
    for _, u in ipairs(command.units_of(game, info.command)) do
      if command.on_map(game, u) and not command.is_artillery(game, u) then
        n = n + 1
        if not command.in_command(game, u) then out = out + 1 end
      end
    end
    return "leads " .. tostring(info.command) .. ": command range " .. tostring(range) .. ", "
      .. (n - out) .. " of " .. n .. " units within it [rough_and_ready 4.22]"
  end
  if not command.is_combat(game, unit) then return nil end
  local now, why = command.in_command(game, unit)
  local text
  if now then
    text = "in command: " .. why .. " [rough_and_ready 4.22]"
  else
    text = "out of command: " .. why .. " [rough_and_ready 4.22]: MA halved, no shock "
      .. "[rough_and_ready 4.23]"
  end
  local act = game.vars.activation
  if act and contains(game.vars:get("activation", "units") or {}, unit) then
    local marked = game.store:marker(unit, "out_of_command") > 0
    if marked and now then
      text = "out of command this activation (marked when it was activated) [rough_and_ready "
        .. "4.23]; now " .. text
    elseif not marked and not now then
      text = "in command this activation (it was in range when activated) [rough_and_ready "
        .. "4.23]; now " .. text
    end
  end
  return text
end

-- The unit's ratings in the rules' words.
local function ratings_line(game, unit)
  local info = game:unit_info(unit)
  local get = function(f)
    local ok, v = pcall(game.store.get, game.store, unit, f)
    if ok and v ~= nil and v ~= -1 then return v end
    return nil
  end
  local parts = {}
  if info.kind == "leader" then
    local fields = { { "ma", "MA" }, { "activation", "activation" },
                     { "command_range", "command range" }, { "leadership", "Leadership" } }
    for _, f in ipairs(fields) do
      local v = get(f[1])
      if v and not (f[1] == "leadership" and v == 0) then
        parts[#parts + 1] = f[2] .. " " .. tostring(v)
      end
    end
  else
    local hits = require "systems.rough_and_ready.hits"
    local m = get("morale")
    if m then
      local okam, am = pcall(hits.adjusted_morale, game, unit)
      parts[#parts + 1] = "Morale " .. tostring(m)
        .. ((okam and am ~= m) and (" (Adjusted " .. tostring(am) .. ")") or "")
    end
    local ma = get("ma")
    if ma then parts[#parts + 1] = "MA " .. tostring(ma) end
  end
  if #parts == 0 then return nil end
  return "ratings: " .. table.concat(parts, ", ")
end

--- The lines the prompt's `show UNIT` adds after the runtime's (volley.queries): what the
-- unit did in the activation under way and the MP it has left [rough_and_ready 5.12], whether
-- it is in command and why [rough_and_ready 4.22-4.23], its ratings. Read only.
-- @treturn {string,...}
function M.show(game, unit)
  local out = {}
  if not command.on_map(game, unit) then return out end
  local d = doings(game, unit)
  if d then out[#out + 1] = d end
  local c = command_line(game, unit)
  if c then out[#out + 1] = c end
  local r = ratings_line(game, unit)
  if r then out[#out + 1] = r end
  return out
end

-- }====================================================================================

-- {====================================================================================
-- The move request's warnings
-- =====================================================================================

-- Whether a unit would be within a leader's Command Range at `at` (the leader at `lat`).
local function within(game, leader, lat, at)
  local range = game.store:get(leader, "command_range")
  return command.path_length(game, game:unit_info(leader).side, lat, at, range) ~= nil
end

-- The warnings of a unit's move ending at `to` (the hex it stops in: the first enemy front
-- hex of its path [rough_and_ready 5.14]).
local function move_warnings(game, unit, r, from, to, front_by)
  local out = {}
  local info = game:unit_info(unit)
  if front_by then
    out[#out + 1] = unit .. " enters the front of " .. front_by .. " in " .. to
      .. ": it stops there [rough_and_ready 5.14] and may draw reaction fire "
      .. "[rough_and_ready 6.14]"
  end
  if info.kind == "leader" then
    if info.command and not command.is_oc(game, unit) then
      local left = {}
      for _, u in ipairs(command.units_of(game, info.command)) do
        local at = command.on_map(game, u)
        if at and not command.is_artillery(game, u) and command.in_command(game, u)
            and not within(game, unit, to, at) then
          left[#left + 1] = u
        end
      end
      if #left > 0 then
        out[#out + 1] = "from " .. to .. " " .. unit .. " leaves " .. table.concat(left, ", ")
          .. " out of his command range " .. tostring(game.store:get(unit, "command_range"))
          .. " [rough_and_ready 4.22]: out of command when next activated [rough_and_ready 4.23]"
      end
    end
  elseif command.is_combat(game, unit) and info.command and not command.is_artillery(game, unit)
      and info.type ~= "wagon" then
    local leader = command.leader_of(game, info.command)
    local lat = leader and command.on_map(game, leader)
    if lat and command.in_command(game, unit) and not within(game, leader, lat, to) then
      out[#out + 1] = unit .. " in " .. to .. " is out of " .. leader .. "'s command range "
        .. tostring(game.store:get(leader, "command_range")) .. " [rough_and_ready 4.22]: "
        .. "out of command when next activated, MA halved, no shock [rough_and_ready 4.23]"
    end
  end
  local charge = require "systems.rough_and_ready.charge"
  if charge.declared(game, unit) and r.steps then
    local taken = { path = {}, steps = r.steps }
    for _, h in ipairs(r.path) do
      taken.path[#taken.path + 1] = h
      if h == to then break end
    end
    local ok, why = charge.qualifies(game, unit, taken, from)
    if ok then
      out[#out + 1] = unit .. "'s charge path ends in " .. to .. ": it is Charging, +2 in its "
        .. "shock [rough_and_ready 6.41]"
    else
      out[#out + 1] = unit .. " was declared to charge, but this move is no charge: "
        .. tostring(why):gsub("%s*%[rough_and_ready [^%]]*%]$", "") .. " [rough_and_ready 6.41]"
    end
  end
  return out
end

--- The move request's `warn` (volley.ask; the prompt prints it as the answer is given): a
-- `<unit> <hex> [path]` that takes the unit out of its leader's Command Range (or a leader
-- away from units of his command) [rough_and_ready 4.22-4.23], that enters an enemy front
-- hex, where it stops [rough_and_ready 5.14, 6.14], or that ends a declared charger's path,
-- Charging or not [rough_and_ready 6.41]. Nil for any other answer. Read only.
-- @treturn function `warn(answer) -> {text,...} | nil`
function M.move_warn(game)
  local movement = require "systems.rough_and_ready.movement"
  local charge = require "systems.rough_and_ready.charge"
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local w = words(answer)
    if #w < 2 or not is_unit(game, w[1]) then return nil end
    local unit = w[1]
    local _, from = game.store:where(unit)
    local board = movement.board(game, game:unit_info(unit).side)
    -- a destination alone: its cheapest path stops at the first enemy front it enters
    -- [rough_and_ready 5.14], so that is the destination itself, and nothing more is needed
    -- (the movement query runs a battle's `movement.cost` handlers: only a typed path or a
    -- declared charger's steps need it)
    local r = { path = { w[2] } }
    if #w > 2 or charge.declared(game, unit) then
      local places = {}
      for k = 2, #w do places[#places + 1] = w[k] end
      r = movement.check(game, unit, places)
      if not r or not r.path or #r.path == 0 then return nil end
    end
    local to, by = r.path[#r.path], nil
    if command.is_combat(game, unit) then
      for _, h in ipairs(r.path) do
        if board.front_by[h] then
          to, by = h, board.front_by[h]
          break
        end
      end
    end
    return move_warnings(game, unit, r, from, to, by)
  end
end

-- }====================================================================================

-- {====================================================================================
-- What a fire or a shock answer costs or causes (their `tell`)
-- =====================================================================================

-- The chance of a d10 (0-9) at or under `k`: `6 in 10`.
in_ten = function(k)
  return tostring(math.max(0, math.min(10, k + 1))) .. " in 10"
end

local function signed(n)
  return (n > 0 and "+" or "") .. tostring(n)
end

--- The fire request's `tell`: a `<unit> <hex>` or `<gun>+<gun> <hex>` answer's range and
-- the total of its modifiers on its chart (small arms [rough_and_ready 6.15], artillery
-- [rough_and_ready 6.2]), `range 2, DRM -3 on small_arms_fire`. Read only.
-- @treturn function `tell(answer) -> text | nil`
function M.fire_teller(game)
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local w = words(answer)
    if #w ~= 2 then return nil end
    local units = {}
    for x in w[1]:gmatch("[^+]+") do
      if not is_unit(game, x) then return nil end
      units[#units + 1] = x
    end
    local mods, range, chart
    if command.is_artillery(game, units[1]) then
      mods, range = require("systems.rough_and_ready.artillery").drm(game, units, w[2])
      chart = "artillery"
    else
      mods, range = require("systems.rough_and_ready.fire").drm(game, units[1], w[2])
      chart = "small arms"
    end
    return "range " .. tostring(range) .. ", DRM " .. signed(mods:total()) .. " (" .. chart
      .. ")"
  end
end

--- The shock request's `tell`: an `<attackers> <hex>` answer's defenders and what the
-- defender may do: counter-charge with his mounted cavalry not Disordered that has not fired,
-- each passing on a d10 at or under its Adjusted Morale [rough_and_ready 6.44, 6.46];
-- `charging, +2` when one of the attackers is Charging [rough_and_ready 6.41]. Read only.
-- @treturn function `tell(answer) -> text | nil`
function M.shock_teller(game)
  local stacking = require "systems.rough_and_ready.stacking"
  local hits = require "systems.rough_and_ready.hits"
  local fire = require "systems.rough_and_ready.fire"
  local charge = require "systems.rough_and_ready.charge"
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local w = words(answer)
    if #w ~= 2 then return nil end
    local attackers = {}
    for x in w[1]:gmatch("[^+]+") do
      if not is_unit(game, x) then return nil end
      attackers[#attackers + 1] = x
    end
    local side = game:unit_info(attackers[1]).side
    local defenders, counter = {}, {}
    for _, u in ipairs(stacking.combat_units(game, w[2])) do
      local info = game:unit_info(u)
      if info.side ~= side then
        defenders[#defenders + 1] = u
        if info.type == "cavalry" and not hits.disordered(game, u)
            and not fire.used(game, "returned", u) and not fire.used(game, "reacted", u) then
          counter[#counter + 1] = u .. " " .. in_ten(hits.adjusted_morale(game, u))
        end
      end
    end
    local parts = { "against " .. (#defenders > 0 and table.concat(defenders, ", ") or "none") }
    for _, u in ipairs(attackers) do
      if charge.charging(game, u) then
        parts[#parts + 1] = "charging +2"
        break
      end
    end
    if #counter > 0 then
      parts[#parts + 1] = "counter-charge: " .. table.concat(counter, ", ")
    end
    return table.concat(parts, "; ")
  end
end

-- A fire's range and modifiers on its table, as fire_teller tells them (`range 1, DRM -1
-- (small arms)`), or nil.
local function fire_text(game, units, hex)
  return M.fire_teller(game)(table.concat(units, "+") .. " " .. hex)
end

--- The return_fire request's `tell` [rough_and_ready 6.14]: `yes` fires back at the firers'
-- hex (its range and modifiers, as the fire request tells them); a cavalry unit that fires
-- may not counter-charge in this activation [rough_and_ready 6.46]. Read only.
-- @tparam string unit the unit fired on
-- @tparam string from the firers' hex
-- @treturn function `tell(answer) -> text | nil`
function M.return_teller(game, unit, from)
  return function(answer)
    if answer ~= "yes" then return nil end
    local text = fire_text(game, { unit }, from)
    if not text then return nil end
    text = "back at " .. from .. ": " .. text
    if game:unit_info(unit).type == "cavalry" then text = text .. "; then no counter-charge" end
    return text
  end
end

--- The reaction_fire request's `tell` [rough_and_ready 6.14]: `yes` fires at the mover in
-- `hex` (range and modifiers), the unit's one movement reaction fire of the activation.
-- Read only.
-- @treturn function `tell(answer) -> text | nil`
function M.reaction_teller(game, unit, mover, hex)
  return function(answer)
    if answer ~= "yes" then return nil end
    local text = fire_text(game, { unit }, hex)
    if not text then return nil end
    return "at " .. mover .. " in " .. hex .. ": " .. text .. "; once an activation"
  end
end

--- The combine request's `tell` [rough_and_ready 6.22]: a set of guns (`<g1>+<g2>`) tells
-- the combined fire's range and modifiers at `hex` (+1 a gun after the first); `alone` the
-- asking gun's fire alone (`alone: range 1, DRM +2 (artillery)`), `each` each gun's
-- modifiers alone (`each alone, range 1, DRM C3US-1 +2, C3US-2 +2`). Read only.
-- @tparam {string,...} guns the guns that fire alone with `each` or `alone`
-- @treturn function `tell(answer) -> text | nil`
function M.combine_teller(game, guns, hex)
  local artillery = require "systems.rough_and_ready.artillery"
  return function(answer)
    if type(answer) ~= "string" then return nil end
    if answer == "alone" then return "alone: " .. fire_text(game, { guns[1] }, hex) end
    if answer == "each" then
      local parts, range = {}, nil
      for _, g in ipairs(guns) do
        local mods
        mods, range = artillery.drm(game, { g }, hex)
        parts[#parts + 1] = g .. " " .. signed(mods:total())
      end
      return "each alone, range " .. tostring(range) .. ", DRM " .. table.concat(parts, ", ")
    end
    local units = {}
    for x in answer:gmatch("[^+]+") do units[#units + 1] = x end
    return fire_text(game, units, hex)
  end
end

--- The counter_charge request's `tell` [rough_and_ready 6.44, 6.46]: `yes` rolls each unit
-- against its Adjusted Morale (`VN-1 5 in 10`); passed, the charge loses its +2 (against a
-- charge) or the defender gets +1; failed, the unit falls back 3 hexes (2 against another
-- attack), Disordered; either way it fires no more this activation. Read only.
-- @tparam {string,...} units the cavalry that may counter-charge
-- @tparam boolean charging whether the attack has a charger
-- @treturn function `tell(answer) -> text | nil`
function M.counter_teller(game, units, charging)
  local hits = require "systems.rough_and_ready.hits"
  local charge = require "systems.rough_and_ready.charge"
  return function(answer)
    if answer ~= "yes" then return nil end
    local parts = {}
    for _, u in ipairs(units) do
      parts[#parts + 1] = u .. " " .. in_ten(hits.adjusted_morale(game, u))
    end
    local back = charging and charge.COUNTER_RETREAT.charge or charge.COUNTER_RETREAT.other
    return table.concat(parts, ", ") .. (charging and "; pass: no +2 for the charge"
      or "; pass: defender +1") .. "; fail: back " .. back .. ", Disordered"
  end
end

--- The move request's `tell` for `charge <unit>` (movement.teller tells the moves): what the
-- declaration brings, the Commitment roll made at once, a d10 at or under its Adjusted Morale
-- with its leader's -1 [rough_and_ready 4.24, 6.33, 6.43], and +2 in the shock if its move
-- makes it Charging [rough_and_ready 6.41] (`Commitment now: 6 in 10; +2 if Charging`).
-- @tparam function move_tell the move request's own `tell`
-- @treturn function `tell(answer) -> text | nil`
function M.move_teller(game, move_tell)
  local hits = require "systems.rough_and_ready.hits"
  return function(answer)
    local unit = type(answer) == "string" and answer:match("^charge (%S+)$")
    if unit and is_unit(game, unit) then
      local d = command.commitment_drm(game, unit)
      return "Commitment now: " .. in_ten(hits.adjusted_morale(game, unit) - d)
        .. "; +2 if Charging"
    end
    return move_tell(answer)
  end
end

-- }====================================================================================

return M
