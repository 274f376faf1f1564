--- Victory [rough_and_ready 8.0]: after every activation each side totals its Battle Lost
-- (BL) points and rolls a d10, adding them; the side with fewer BL subtracts one (every
-- scenario's [8.0] says so). A total that exceeds the side's Withdrawal Level means it
-- withdraws and the other side wins; if both exceed at once the players may agree to a
-- draw, or play on.
--
-- The schedule is the scenario's `[victory]` (docs/rough_and_ready.md "Victory keys"; the
-- names those of scenarios/rough-and-ready/palo-alto), by side: `withdrawal` (the Withdrawal
-- Level); `bl_<group>_eliminated`, points per eliminated unit of a group -- a group listed by
-- the side's key `<group>s` (`irregulars = Villas-1 Presid ...`), else a unit type
-- (`infantry`, `cavalry`, `artillery`, `wagon`), else `inf_cav` (infantry or cavalry), `gun`
-- (artillery) or `combat` (any combat unit), a unit scoring once, for the first group that
-- has it in that order; `bl_disordered` per Disordered unit on the map at the moment of
-- rolling; `bl_road_hex` per hex of `road_hexes` (a placement spec) the enemy controls
-- (volley.control: Rough & Ready keeps no passage, so a hex its combat units occupy; no hex is
-- contested at a victory check, shock having ended with one side out [rough_and_ready 5.28]).
-- Battles add other sources through `victory.bl`.
-- @module systems.rough_and_ready.victory

local control = require "volley.control"
local modifiers = require "volley.modifiers"
local placement = require "volley.placement"

local M = {}

local R80 = "[rough_and_ready 8.0]"

local function schedule(game, side)
  return (game.victory or {})[side] or {}
end

local words = require("volley.list").words

-- The hexes of a side's `road_hexes` spec, compiled once per game (derived from the map and
-- the scenario, not game state).
local function road_hexes(game, side)
  game.rr_areas = game.rr_areas or {}
  if game.rr_areas[side] == nil then
    local spec = schedule(game, side).road_hexes
    local hexes = {}
    if spec then
      local set, why = placement.compile(tostring(spec), game.map, {})
      if not set then error("[victory] " .. side .. ".road_hexes: " .. why, 0) end
      hexes = set.hexes or {}
    end
    game.rr_areas[side] = hexes
  end
  return game.rr_areas[side]
end

--- Checks the scenario's schedule against its map when the game opens (`sys.check_scenario`):
-- each side's `road_hexes` must be a placement spec of this map. A scenario laid over another
-- (`extends`) with a map of its own inherits the other's [victory]; a spec naming rows or places
-- its map does not have is reported at its key, by `volley check` too, rather than stopping
-- the game at its first victory check [rough_and_ready 8.0].
-- @treturn ?true
-- @treturn ?string "<file>:<line>: [victory] <SIDE>.road_hexes: <why>"
function M.check_schedule(game)
  for _, v in ipairs(game.scenario and game.scenario.victory or {}) do
    if v.name == "road_hexes" then
      local ok, err = pcall(road_hexes, game, v.side)
      if not ok then
        return nil, v.file .. ":" .. v.line .. ": " .. tostring(err) .. " (the map: "
          .. tostring(game.scenario.paths.map) .. ")"
      end
    end
  end
  return true
end

local ALIASES = {
  infantry = { "inf_cav", "combat" }, cavalry = { "inf_cav", "combat" },
  artillery = { "gun", "combat" },
}
local LABELS = { inf_cav = "infantry or cavalry", gun = "gun" }

-- The groups of the schedule a unit may score in, in order: listed groups (by name), its
-- type, the type's aliases.
local function groups_of(v, unit, info)
  local out = {}
  local names = {}
  for k in pairs(v) do
    local g = type(k) == "string" and k:match("^bl_(.+)_eliminated$")
    if g and v[g .. "s"] ~= nil then names[#names + 1] = g end
  end
  table.sort(names)
  for _, g in ipairs(names) do
    for _, u in ipairs(words(v[g .. "s"])) do
      if u == unit then out[#out + 1] = g end
    end
  end
  out[#out + 1] = info.type
  for _, a in ipairs(ALIASES[info.type] or {}) do out[#out + 1] = a end
  if info.classes.combat and not ALIASES[info.type] then out[#out + 1] = "combat" end
  return out
end

--- A side's Battle Lost points now [rough_and_ready 8.0], as a modifier list: one item per
-- source of the schedule that scores (eliminations by group, Disordered units, road hexes),
-- then the battle's (`victory.bl`).
-- @treturn integer the total
-- @treturn volley.modifiers the items
function M.battle_lost(game, side)
  local v = schedule(game, side)
  local mods = modifiers.new()
  local store = game.store
  local counts, order = {}, {}
  local disordered = 0
  for _, u in ipairs(store:units{ side = side }) do
    local info = game:unit_info(u)
    local kind = store:where(u)
    if info.kind ~= "leader" and kind == "eliminated" then
      for _, g in ipairs(groups_of(v, u, info)) do
        local points = v["bl_" .. g .. "_eliminated"]
        if type(points) == "number" then
          if not counts[g] then
            counts[g] = 0
            order[#order + 1] = g
          end
          counts[g] = counts[g] + 1
          break
        end
      end
    elseif info.kind ~= "leader" and kind == "hex" and store:marker(u, "disordered") > 0 then
      disordered = disordered + 1
    end
  end
  table.sort(order)
  for _, g in ipairs(order) do
    local points = v["bl_" .. g .. "_eliminated"]
    mods:add(counts[g] * points, string.format("%d %s eliminated x %d", counts[g],
      LABELS[g] or g, points), R80)
  end
  if disordered > 0 and type(v.bl_disordered) == "number" then
    mods:add(disordered * v.bl_disordered, string.format("%d Disordered on the map x %d",
      disordered, v.bl_disordered), R80)
  end
  if type(v.bl_road_hex) == "number" then
    local n = 0
    local enemy = game:enemy(side)
    for _, h in ipairs(road_hexes(game, side)) do    -- held: occupied (volley.control)
      if control.of(game, h) == enemy then n = n + 1 end
    end
    if n > 0 then
      mods:add(n * v.bl_road_hex, string.format("%d road hexes held by the enemy x %d", n,
        v.bl_road_hex), R80)
    end
  end
  game.hooks:modify("victory.bl", { side = side }, mods)
  return mods:total(), mods
end

--- One side's withdrawal roll [rough_and_ready 8.0]: d10 + BL, -1 when it has fewer BL than
-- the other side; nil when the side has no Withdrawal Level or even a 9 could not exceed it
-- (no roll is made: "not necessary in the early stages", digest 8.0b).
-- @treturn ?boolean whether it exceeds its Withdrawal Level
function M.roll(game, side, bl, other_bl, mods)
  local wl = schedule(game, side).withdrawal
  if type(wl) ~= "number" then return nil end
  local adj = bl < other_bl and -1 or 0
  if 9 + bl + adj <= wl then
    game:log(string.format("%s: BL %d%s cannot exceed Withdrawal Level %d: no roll %s", side,
      bl, adj ~= 0 and " (-1 for fewer BL)" or "", wl, R80))
    return nil
  end
  local natural = game:roll("d10", side .. " withdrawal roll", R80)
  local total = natural + bl + adj
  local exceeds = total > wl                                     -- [rough_and_ready 8.0]
  local list = {}
  for _, m in ipairs(mods:list()) do list[#list + 1] = m end
  if adj ~= 0 then
    list[#list + 1] = { value = -1, label = "fewer BL than the enemy", rule = R80,
                        source = "system" }
  end
  game.roll_records[game.dice:count()] = { modifiers = list, total = total,
    result = (exceeds and "withdraws" or "holds") .. " (Withdrawal Level " .. wl .. ")" }
  game:log(string.format("%s withdrawal roll: d10 %d + BL %d%s = %d against Withdrawal Level "
    .. "%d: %s %s", side, natural, bl, adj ~= 0 and " -1 (fewer BL)" or "", total, wl,
    exceeds and "exceeds it" or "holds", R80))
  return exceeds
end

--- The victory check after an activation [rough_and_ready 8.0]: both sides' BL, each
-- side's roll in `[sides] order`, then the outcome. Sets `game.vars.winner` (a side, or
-- "draw") and `game.vars.reason` when the game ends.
function M.check(game)
  local sides = game:sides()
  local bl, mods = {}, {}
  for _, s in ipairs(sides) do bl[s], mods[s] = M.battle_lost(game, s) end
  local out = {}
  for _, s in ipairs(sides) do
    local other = game:enemy(s)
    if M.roll(game, s, bl[s], bl[other], mods[s]) then out[#out + 1] = s end
  end
  if #out == 1 then
    game.vars.winner = game:enemy(out[1])
    game.vars.reason = out[1] .. " withdraws"
    game:log(out[1] .. " withdraws: " .. game.vars.winner .. " wins " .. R80)
  elseif #out >= 2 then
    -- both exceed: a draw only if both agree; otherwise play goes on [rough_and_ready 8.0]
    local agreed = true
    for _, s in ipairs(sides) do
      local answer = game:ask(s, {
        kind = "draw",
        prompt = "Both armies exceed their Withdrawal Levels: agree to a draw, or play on",
        options = { "draw", "play on" },
        default = "play on",   -- a bare Enter never ends the game
        rule = R80,
      })
      if answer ~= "draw" then
        agreed = false
        game:log(s .. " plays on " .. R80)
        break
      end
    end
    if agreed then
      game.vars.winner = "draw"
      game.vars.reason = "both withdraw: a draw by agreement"
      game:log("both armies withdraw: a draw by agreement " .. R80)
    end
  end
  if game.vars.winner ~= nil then
    game.hooks:fire("game.end", { winner = game.vars.winner, reason = game.vars.reason })
  end
end

--- The victory step: `victory.check` (observe, then replace) around `check`. A result a
-- battle's or a mod's script declared (`ctx.game.declare_result`, volley.script_api) ends the
-- game here, after the activation, in place of the withdrawal rolls: the battle's own victory
-- conditions (a hex held, a unit exited) stand beside 8.0's [rough_and_ready 8.0].
function M.step(game)
  local ctx = { n = game.vars.count }
  game.hooks:fire("victory.check", ctx)
  if require("volley.script_api").apply_declared(game) then
    game.hooks:fire("game.end", { winner = game.vars.winner, reason = game.vars.reason })
    return
  end
  game.hooks:replace("victory.check", ctx, function() M.check(game) end)
end

return M
