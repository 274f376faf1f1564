--- Rough & Ready's part of the script API (docs/modding.md "The script API", volley.script_api;
-- docs/rough_and_ready.md "Battle scripts and ctx.game"): what the runtime's `ctx.game`
-- needs of this system. The die a script rolls (a d10, 0-9), the activation under way, the
-- markers the system keeps itself (a script reads them, never sets them: Hits and Disorder go
-- through `hit`, which is hits.lua's [rough_and_ready 6.53-6.54]), the system's Hits,
-- elimination [rough_and_ready 4.27] and displacement, and its own functions: Adjusted
-- Morale, what a unit did in the activation under way, and the Intermission a battle asks for.
--
-- `of(game)` and `ctx(game, ctx)` are kept for the system's own fire sites and the specs: the
-- `ctx.game` of trusted code, every action allowed. A script's handler gets the runtime's,
-- bound to its point (the actions points.lua allows there).
-- @module systems.rough_and_ready.script_api

local hits = require "systems.rough_and_ready.hits"
local command = require "systems.rough_and_ready.command"
local api = require "volley.script_api"

local M = {}

--- The markers the system keeps itself: a script reads them, never sets them.
M.SYSTEM_MARKERS = { hits = true, disordered = true, square = true, oc_moved = true,
                     out_of_command = true }
M.system_markers = M.SYSTEM_MARKERS

--- A script's roll is a d10 (0-9) [rough_and_ready 2.5].
M.die = "d10"
M.dice = { "d10" }

local contains = require("volley.list").contains

--- The activation under way (or the last one, between activations): `activation` (its
-- number, 0 before the first), `side`, `kind` ("command" or "independent"), `target`,
-- `leader`, `free`, and `play`/`mode` (who has play and how it passes: game.vars), `step`
-- (the sequence's step: "activation 3/actions").
function M.now(game)
  local v = game.vars
  local out = { activation = v.count or 0, play = v.play, mode = v.mode,
                step = game.store:cursor().path }
  local act = v.activation
  if act then
    out.side, out.kind, out.target, out.leader = act.side, act.kind, act.target, act.leader
    out.free = act.free
    out.units = act.units
    out.artillery = act.artillery
  end
  return out
end

--- One Hit through hits.lua (flip, elimination) [rough_and_ready 6.53, 6.54]; whether the
-- unit was eliminated.
function M.hit(game, unit, why)
  return hits.hit(game, unit, why)
end

--- The system's elimination: the unit removed, its leaders relocated [rough_and_ready 4.27].
function M.eliminate(game, unit, why)
  command.eliminate(game, unit, why)
end

--- The system's reads: `adjusted_morale(u)` (printed Morale less Hits [rough_and_ready
-- 6.54]); `moved(u)`, `fired(u)`: whether the unit has moved / made its activated fire in the
-- activation under way; `within_range(leader, u)`: the Command Range test of 4.22.
M.reads = {
  adjusted_morale = function(game, unit)
    api.check_unit(game, "adjusted_morale", unit)
    return hits.adjusted_morale(game, unit)
  end,
  moved = function(game, unit)
    api.check_unit(game, "moved", unit)
    return contains(game.vars.moved, unit)
  end,
  -- `within_range(leader, u)`: whether u is within the leader's Command Range, a path
  -- clear of enemy combat units [rough_and_ready 4.22], and the path's length or why not
  within_range = function(game, leader, unit)
    api.check_unit(game, "within_range", leader)
    api.check_unit(game, "within_range", unit)
    return command.within_range(game, leader, unit)
  end,
  -- `battle_lost(side)`: the side's Battle Lost points now [rough_and_ready 8.0] (the
  -- schedule's and the battle's `victory.bl`: not from a `victory.bl` handler)
  battle_lost = function(game, side)
    api.check_text("battle_lost", "the side", side)
    return (require("systems.rough_and_ready.victory").battle_lost(game, side))
  end,
  fired = function(game, unit)
    api.check_unit(game, "fired", unit)
    return contains(game.vars:get("fire", "fired"), unit)
  end,
  -- `los(from, to)`: the fire rules' line of sight between two hexes, the combat units on
  -- the map in the way (the two end hexes never block) [rough_and_ready 6.18]: true, or
  -- false and why (RP's spotting of hidden units)
  los = function(game, from, to)
    -- each end checked on its own (a nil end must not end the check), a string only (no
    -- script's __tostring runs), its text cut as the other reads cut theirs
    for _, h in ipairs({ { from, "the first hex" }, { to, "the second hex" } }) do
      api.check_text("los", h[2], h[1])
      local ok, on = pcall(game.map.contains, game.map, h[1])
      if not ok or not on then
        error("game.los: no hex " .. require("volley.core").text.clean(h[1]:sub(1, 40))
          .. " on the map", 0)
      end
    end
    return require("systems.rough_and_ready.sight").clear(game, from, to)
  end,
}

--- The system's actions: `intermission(why)`: play stops for an Intermission once the
-- current fire is resolved (the activation under way ends; systems.rough_and_ready
-- .intermission).
M.actions = {
  intermission = function(game, why)
    api.check_text("intermission", "the reason", why)
    game.vars.intermission = require("volley.core").text.clean(why)
  end,
  -- `remove_hit(u, why)`: one Hit taken off a unit that has one (the counter flips back as
  -- Rally's does [rough_and_ready 6.83]); a battle's own recovery (RP's Detachments
  -- [rough_and_ready RP 6.9]).
  remove_hit = function(game, unit, why)
    api.check_unit(game, "remove_hit", unit)
    api.check_text("remove_hit", "the reason", why)
    if hits.hits(game, unit) < 1 then
      error("game.remove_hit: " .. unit .. " has no Hit to remove", 0)
    end
    hits.remove_hit(game, unit)
    game:log(string.format("%s: one Hit removed (%s), %d left", unit,
      require("volley.core").text.clean(why), hits.hits(game, unit)))
  end,
  -- `swap(u, other, why)`: one counter of a unit replaced by its other counter (RS's 1st
  -- Missouri, mounted and dismounted [rough_and_ready RS 6.9]): `other`, a counter of the
  -- same side and command off the map (neither eliminated nor on it), is placed in u's hex
  -- with u's facing, Hits and Disorder, and takes u's place in the activation under way; u is
  -- set aside (no Battle Lost points, no leader relocated).
  swap = function(game, unit, other, why)
    api.check_unit(game, "swap", unit)
    api.check_unit(game, "swap", other)
    api.check_text("swap", "the reason", why)
    local store = game.store
    local where, at = store:where(unit)
    if where ~= "hex" then error("game.swap: " .. unit .. " is not on the map", 0) end
    local owhere = store:where(other)
    if owhere == "hex" or owhere == "eliminated" then
      error("game.swap: " .. other .. " is " .. (owhere == "hex" and "on the map" or
        "eliminated") .. " already", 0)
    end
    local a, b = game:unit_info(unit), game:unit_info(other)
    if a.side ~= b.side or a.command ~= b.command or a.kind ~= b.kind then
      error("game.swap: " .. other .. " is not another counter of " .. unit
        .. " (side, command or kind differ)", 0)
    end
    local facing = store:facing(unit)
    local n_hits, disordered = store:marker(unit, "hits"), store:marker(unit, "disordered")
    assert(store:place(unit, "set_aside"))
    assert(store:place(other, at))
    if facing then assert(store:face(other, facing)) end
    store:set_marker(other, "hits", n_hits)
    store:set_marker(other, "disordered", disordered)
    store:set_marker(unit, "hits", 0)
    store:set_marker(unit, "disordered", 0)
    local act = game.vars.activation
    if act then
      for _, key in ipairs({ "units", "moves_only" }) do
        local list = act[key]
        if list then
          local changed = false
          for i, u in ipairs(list) do
            if u == unit then list[i], changed = other, true end
          end
          if changed then game.vars:set("activation", key, list) end
        end
      end
    end
    game:log(unit .. " is replaced by its other counter " .. other .. " in " .. at .. " ("
      .. require("volley.core").text.clean(why) .. ")")
  end,
  -- `withdraw(u, why)`: a unit taken off the map for good without being eliminated (set
  -- aside: no Battle Lost points for it, no leader relocated); RP's Detachment that gives
  -- itself up to a Rally [rough_and_ready RP 6.9].
  withdraw = function(game, unit, why)
    api.check_unit(game, "withdraw", unit)
    api.check_text("withdraw", "the reason", why)
    if game.store:where(unit) ~= "hex" then
      error("game.withdraw: " .. unit .. " is not on the map", 0)
    end
    assert(game.store:place(unit, "set_aside"))
    game:log(unit .. " is removed from the game (" .. require("volley.core").text.clean(why)
      .. ")")
  end,
}

--- The `ctx.game` of trusted code (made on first use; not state): every action allowed.
function M.of(game)
  return api.of(game)
end

--- Returns `ctx` with `ctx.game` set (the helper the fire sites use).
function M.ctx(game, ctx)
  ctx.game = M.of(game)
  return ctx
end

return M
