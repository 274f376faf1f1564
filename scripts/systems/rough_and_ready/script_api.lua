--- What a battle's or a mod's script may do to a Rough & Ready game from a hook handler: the
-- narrow `ctx.game` the system's contexts carry (docs/modding.md "The game in a context",
-- docs/rough_and_ready.md "Battle scripts"). A script's sandbox holds no game; the handler
-- of a point that carries `ctx.game` may roll through the engine's dice (recorded with a
-- reason and a rule, so replays and forced dice hold), read a unit's values and markers,
-- set the markers a battle keeps (never Hits or Disorder: those go through `hit`, which is
-- hits.lua's [rough_and_ready 6.53-6.54]), keep a few scalar flags of its own in the state,
-- and ask for the system's Intermission.
--
-- The table is made once per game and read-only (a script cannot replace a function another
-- script calls); its functions check their arguments and raise with the function's name.
-- @module systems.rough_and_ready.script_api

local hits = require "systems.rough_and_ready.hits"
local sandbox = require "volley.sandbox"
local command = require "systems.rough_and_ready.command"

local M = {}

--- The markers the system keeps itself: a script reads them, never sets them.
M.SYSTEM_MARKERS = { hits = true, disordered = true, square = true, oc_moved = true,
                     out_of_command = true }

local contains = require("volley.list").contains

local function check_unit(game, name, unit)
  if type(unit) ~= "string" or not pcall(game.store.unit, game.store, unit) then
    error("game." .. name .. ": no unit '" .. tostring(unit) .. "'", 3)
  end
end

local function check_text(name, what, s)
  if type(s) ~= "string" or s == "" then
    error("game." .. name .. ": " .. what .. " must be a non-empty string", 3)
  end
end

-- The functions, each `f(...)` (called with a dot: `ctx.game.roll(...)`).
local function build(game)
  local api = {}

  -- a query (`reach` runs movement.cost) never rolls nor writes (volley.game not_in_query)
  local function writes(name)
    game:not_in_query("change the game (game." .. name .. ")")
  end

  --- roll(reason, rule) -> natural d10 (0-9), through the engine's dice and recorded; never
  -- in a query ("a query cannot roll dice").
  function api.roll(reason, rule)
    check_text("roll", "the reason", reason)
    check_text("roll", "the rule", rule)
    return game:roll("d10", reason, rule)
  end

  --- side(unit), kind(unit) ("combat"/"leader"), type(unit) ("infantry", "artillery", ...).
  function api.side(unit)
    check_unit(game, "side", unit)
    return game:unit_info(unit).side
  end
  function api.type(unit)
    check_unit(game, "type", unit)
    local info = game:unit_info(unit)
    return info.type or info.kind
  end

  --- value(unit, field): a unit's value from the order of battle (`morale`, `ma`, `gun`...).
  function api.value(unit, field)
    check_unit(game, "value", unit)
    check_text("value", "the field", field)
    return game.store:get(unit, field)
  end

  --- marker(unit, name): a marker's count (0 when absent).
  function api.marker(unit, name)
    check_unit(game, "marker", unit)
    check_text("marker", "the marker", name)
    return game.store:marker(unit, name)
  end

  --- set_marker(unit, name, n): sets a battle's marker (declared in the units chart; not one
  -- of `SYSTEM_MARKERS`).
  function api.set_marker(unit, name, n)
    writes("set_marker")
    check_unit(game, "set_marker", unit)
    check_text("set_marker", "the marker", name)
    if M.SYSTEM_MARKERS[name] then
      error("game.set_marker: '" .. name .. "' is the system's marker (Hits go through "
        .. "game.hit)", 2)
    end
    if type(n) ~= "number" or n < 0 or math.floor(n) ~= n then
      error("game.set_marker: the count must be a whole number 0 or more", 2)
    end
    game.store:set_marker(unit, name, n)
  end

  --- hex(unit): where a unit stands on the map, or nil.
  function api.hex(unit)
    check_unit(game, "hex", unit)
    return command.on_map(game, unit)
  end

  --- adjusted_morale(unit): printed Morale less Hits [rough_and_ready 6.54].
  function api.adjusted_morale(unit)
    check_unit(game, "adjusted_morale", unit)
    return hits.adjusted_morale(game, unit)
  end

  --- hit(unit, why): one Hit through hits.lua (flip, elimination) [rough_and_ready 6.53,
  -- 6.54]; returns whether the unit was eliminated.
  function api.hit(unit, why)
    writes("hit")
    check_unit(game, "hit", unit)
    check_text("hit", "the reason", why)
    -- a procedure: a failure in it (a handler of hit.applied or unit.eliminated) fails the
    -- calling script's whole call, whatever it catches (docs/modding.md "When a script fails")
    return sandbox.atomic(hits.hit, game, unit, why)
  end

  --- moved(unit), fired(unit): whether the unit has moved / made its activated fire in the
  -- activation under way.
  function api.moved(unit)
    check_unit(game, "moved", unit)
    return contains(game.vars.moved, unit)
  end
  function api.fired(unit)
    check_unit(game, "fired", unit)
    return contains(game.vars:get("fire", "fired"), unit)
  end

  --- flag(name), set_flag(name, value): the battle's own scalars (a string, number or
  -- boolean; nil clears), kept in the state (saved, hashed, undone with the rest).
  function api.flag(name)
    check_text("flag", "the name", name)
    return game.vars:get("battle", name)
  end
  function api.set_flag(name, value)
    writes("set_flag")
    check_text("set_flag", "the name", name)
    local t = type(value)
    if value ~= nil and t ~= "string" and t ~= "number" and t ~= "boolean" then
      error("game.set_flag: a flag holds a string, a number or a boolean", 2)
    end
    local b = game.vars.battle or {}
    b[name] = value
    game.vars.battle = b
  end

  --- log(text): a line of the game's narrative.
  function api.log(text)
    writes("log")
    check_text("log", "the text", text)
    game:log(text)
  end

  --- intermission(why): play stops for an Intermission once the current fire is resolved
  -- (the activation under way ends; systems.rough_and_ready.intermission).
  function api.intermission(why)
    writes("intermission")
    check_text("intermission", "the reason", why)
    game.vars.intermission = why
  end

  return api
end

--- The read-only `ctx.game` of a game (made on first use; not state).
function M.of(game)
  local p = game.rr_script_api
  if p then return p end
  local api = build(game)
  p = setmetatable({}, {
    __index = api,
    __newindex = function(_, k) error("ctx.game is read-only ('" .. tostring(k) .. "')", 2) end,
    __metatable = false,
  })
  game.rr_script_api = p
  return p
end

--- Returns `ctx` with `ctx.game` set (the helper the fire sites use).
function M.ctx(game, ctx)
  ctx.game = M.of(game)
  return ctx
end

return M
