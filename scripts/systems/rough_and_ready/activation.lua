--- The Activation Sequence of Play [rough_and_ready 3.0-3.23, 4.1, 4.25-4.28]: no turns, a
-- chain of activations until a side withdraws.
--
-- The US opens with any one command, without a roll [rough_and_ready 3.11]. After each
-- activation the side that went nominates another command, or a hex of independents, and
-- rolls a d10: at or under the rating it goes; over it, play passes to the opponent, who
-- may activate any one command free (never independents, [rough_and_ready 3.23]) or pass,
-- after which the other side activates any command free, even the one that just went
-- [rough_and_ready 4.1]. Where things stand lives in `game.vars`:
--
-- * `play`: the side to act; `mode`: what it may do, `open` (the first activation),
--   `roll` (nominate and roll), `free` (after the opponent's failed roll: a free activation
--   or pass), `after_pass` (after the opponent passed: any command, free);
-- * `last`: the last activation `{side, kind, target, leader, units}` (no command, unit or
--   leader twice in a row: [rough_and_ready 4.1]); `streak`: per side, the activation rolls
--   of its current run (the balance option); `artillery_used`: per side, the guns of its
--   last activation [rough_and_ready 4.28]; `oc_moved`: per side, the activation in which
--   its OC moved [rough_and_ready 4.26];
-- * `activation`: the activation under way `{n, side, kind, target, leader, units,
--   artillery, free, after_failure}`; `count`: activations so far.
-- @module systems.rough_and_ready.activation

local modifiers = require "volley.modifiers"
local command = require "systems.rough_and_ready.command"
local say, plain
do
  local refusal = require "systems.rough_and_ready.refusal"
  say, plain = refusal.say, refusal.plain
end

local M = {}

local R311 = "[rough_and_ready 3.11]"

local contains = require("volley.list").contains

local function vget(game, key, side)
  return game.vars:get(key, side)
end

-- What a `modify` handler kept of the options it was handed (a copy of ours, so it cannot
-- change our list): ours that are still in `given`, in our order.
local function kept_of(ours, given)
  local kept = {}
  if type(given) == "table" then
    for _, o in ipairs(given) do kept[o] = true end
  end
  local final = {}
  for _, o in ipairs(ours) do
    if kept[o] then final[#final + 1] = o end
  end
  return final, kept
end

local function copy(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = v end
  return out
end

-- {====================================================================================
-- Candidates [rough_and_ready 3.11, 3.22-3.23, 4.1].
-- =====================================================================================

--- What a side's candidate names: `{kind = "command"|"independent", target, leader,
-- rating, units}`; nil when the name is neither an activatable command nor a hex of its
-- independents.
function M.candidate(game, side, name)
  for _, c in ipairs(command.activatable(game, side)) do
    if c == name then
      local leader = command.leader_of(game, c)
      -- a unit a second command may activate too goes with neither in two consecutive
      -- activations of its side [rough_and_ready PA note d]: left out of its own now
      local units, held = {}, {}
      for _, u in ipairs(command.units_of(game, c)) do
        if M.shared_used(game, side, u) then held[#held + 1] = u else units[#units + 1] = u end
      end
      return { kind = "command", target = c, leader = leader,
               rating = game.store:get(leader, "activation"),     -- [rough_and_ready 4.22]
               units = units, held = held }
    end
  end
  for _, h in ipairs(command.independent_hexes(game, side)) do
    if h.hex == name then                                        -- [rough_and_ready 3.22]
      return { kind = "independent", target = h.hex, rating = h.rating, units = h.units }
    end
  end
  return nil
end

--- Whether `unit` may be activated by two commands and went in its side's last activation
-- [rough_and_ready PA note d]: it may not go in two consecutive activations of its side
-- (counted as the guns' are, digest A18), whichever of its two leaders activates it.
function M.shared_used(game, side, unit)
  if not command.also_command(game, unit) then return false end
  return contains(game.vars:get("units_used", side) or {}, unit)
end

-- Why a candidate cannot go now: the last activation was the same side's and shares its
-- command, leader or a unit [rough_and_ready 4.1]; nil when it may.
local function repeat_of(game, side, cand)
  local last = game.vars.last
  if not last or last.side ~= side then return nil end          -- enemy activity breaks it
  if cand.kind == "command" and (last.target == cand.target or last.leader == cand.leader) then
    return say("4.1", cand.target .. " went last: no command or leader twice in a row")
  end
  for _, u in ipairs(cand.units) do
    if contains(last.units, u) then
      return say("4.1", u .. " went last: no unit twice in a row")
    end
  end
  return nil
end

--- The candidates of a side in a mode, as answers: commands (id order), then independent
-- hexes (label order) where independents may go, each filtered by the no-repeat rule in
-- `roll` mode, then through the battle's `activation.select` handlers.
-- @tparam string mode "open", "roll", "free" or "after_pass"
-- @treturn {string,...}
-- @treturn table why each candidate the battle took away may not go, by answer
function M.candidates(game, side, mode)
  local out = {}
  for _, c in ipairs(command.activatable(game, side)) do
    if mode ~= "roll" or not repeat_of(game, side, M.candidate(game, side, c)) then
      out[#out + 1] = c
    end
  end
  if mode == "roll" then                         -- independents only by roll [3.23]
    for _, h in ipairs(command.independent_hexes(game, side)) do
      if not repeat_of(game, side, { kind = "independent", target = h.hex, units = h.units }) then
        out[#out + 1] = h.hex
      end
    end
  end
  local ctx = { side = side, mode = mode, options = copy(out), reasons = {} }
  game.hooks:modify("activation.select", ctx, nil)
  -- a handler may only take candidates away: keep ours that it kept, in our order
  local final, kept = kept_of(out, ctx.options)
  local reasons = {}
  for _, o in ipairs(out) do
    if not kept[o] then
      local why = type(ctx.reasons) == "table" and ctx.reasons[o]
      reasons[o] = type(why) == "string" and why or plain("'" .. o .. "' may not be activated "
        .. "now (a battle rule)")
    end
  end
  return final, reasons
end

-- The reason an answer that is not a candidate is refused (the validator of the requests:
-- it only explains, it never accepts). `reasons` are the battle's, by answer.
local function refusal(game, side, mode, reasons)
  return function(answer)
    if type(answer) ~= "string" then return false, plain("not a command or hex") end
    if reasons and reasons[answer] then return false, reasons[answer] end
    local cand = M.candidate(game, side, answer)
    if not cand then
      if contains(game.store:commands{ side = side }, answer) then
        local info = game.store:command(answer)
        local leader = info.leaders[1]
        if info.parent == nil or (leader and command.is_oc(game, leader)) then
          -- `activate Taylor` at the prompt names Taylor's army
          return false, say("E10", answer .. " is led by " .. tostring(leader)
            .. ", the Overall Commander, who never activates a command (his Leadership may "
            .. "help a leader's roll)")
        end
        return false, say("4.27", answer .. " has no leader or no unit on the map: "
          .. "a command whose units are gone is out of the game")
      end
      return false, plain("'" .. answer .. "' is not a command of " .. side
        .. " or a hex of its independents")
    end
    if mode == "roll" then
      local why = repeat_of(game, side, cand)
      if why then return false, why end
    elseif cand.kind == "independent" then
      return false, say("3.23", "independents are activated only by die roll")
    end
    -- every other candidate is one of the options (those a battle handler took away have
    -- their reason above), which volley.ask never validates: no reason of ours is reached
    return false
  end
end

-- }====================================================================================

-- {====================================================================================
-- The roll [rough_and_ready 3.11, 4.25].
-- =====================================================================================

--- Whether the side's OC may add his Leadership DRM to a leader's roll now
-- [rough_and_ready 4.25-4.26]: an OC on the map with a Leadership rating, not marked OC
-- Moved, the leader within the OC's range (digest A38: his Command Range), and no battle
-- rule against it (`activation.leadership`).
-- @treturn ?string the OC, or nil
-- @treturn string why not
function M.leadership_usable(game, side, cand)
  if cand.kind ~= "command" then
    return nil, "independents have no leader [rough_and_ready 4.25]"
  end
  local oc = command.oc(game, side)
  local ctx = { side = side, target = cand.target, leader = cand.leader, oc = oc,
                usable = true, why = nil }
  if not oc then
    ctx.usable, ctx.why = false, "no Overall Commander on the map"
  elseif game.store:get(oc, "leadership") <= 0 then
    ctx.usable, ctx.why = false, oc .. " has no Leadership rating"
  elseif game.store:marker(oc, "oc_moved") > 0 then
    ctx.usable, ctx.why = false, oc .. " is marked OC Moved (he moved in a free "
      .. "activation) [rough_and_ready 4.26]"
  else
    local ok, why = command.within_range(game, oc, cand.leader)
    if not ok then
      ctx.usable, ctx.why = false, cand.leader .. " is out of " .. oc .. "'s range (" .. why
        .. ") [rough_and_ready 4.25]"
    end
  end
  game.hooks:modify("activation.leadership", ctx, nil)
  if ctx.usable then return oc end
  return nil, type(ctx.why) == "string" and ctx.why or "not usable (a battle rule)"
end

--- Rolls for a candidate [rough_and_ready 3.11, 3.22]: the rating (the leader's, or the hex's
-- lowest independent rating, digest A19), plus the OC's Leadership if the player adds it
-- [rough_and_ready 4.25]; the d10 (0 the lowest, never 10: [rough_and_ready 2.3]) plus its
-- DRM (the balance option) at or under the rating activates.
-- @treturn boolean success
function M.roll(game, side, cand)
  local rmods = modifiers.new()
  local oc, no_lead = M.leadership_usable(game, side, cand)
  if not oc and cand.kind == "command" and command.oc(game, side) then
    -- the player is not asked: say why, so he is not left wondering [rough_and_ready 4.25]
    game:log(string.format("no Leadership for %s's roll: %s", cand.leader, no_lead))
  end
  if oc then
    local lead = game.store:get(oc, "leadership")
    local answer = game:ask(side, {
      kind = "leadership",
      prompt = string.format("Add %s's Leadership (+%d) to %s's activation rating %d? (yes/no)",
        oc, lead, cand.leader, cand.rating),
      options = { "yes", "no" },
      default = "yes",
      -- it costs nothing: no marker, no limit, only a likelier activation (4.26 bars an OC
      -- who moved, which is why he is not offered then) [rough_and_ready 4.25, 4.26]
      free = "the Leadership bonus costs nothing",
      rule = "[rough_and_ready 4.25]",
    })
    if answer == "yes" then
      rmods:add(lead, oc .. "'s Leadership", "[rough_and_ready 4.25]")
    end
  end
  local rctx = { side = side, target = cand.target, leader = cand.leader, rating = cand.rating }
  game.hooks:modify("activation.rating", rctx, rmods)
  local rating = cand.rating + rmods:total()
  local streak = vget(game, "streak", side) or 0
  local ctx = { side = side, target = cand.target, kind = cand.kind, rating = rating,
                streak = streak }
  local mods = modifiers.new()
  game.hooks:modify("activation.roll", ctx, mods)
  ctx.mods = nil
  local rule = cand.kind == "independent" and "[rough_and_ready 3.22, E15]" or R311
  local natural = game:roll("d10", side .. " activation of " .. cand.target, rule)
  local total = natural + mods:total()
  local success = total <= rating                                -- [rough_and_ready 3.11]
  game.roll_records[game.dice:count()] = {
    modifiers = mods:list(), total = total,
    result = (success and "activates" or "fails") .. " (rating " .. rating .. ")" }
  game.vars:set("streak", side, streak + 1)
  local parts = {}
  for _, m in ipairs(mods:list()) do
    parts[#parts + 1] = string.format(" %+d (%s)", m.value, m.label)
  end
  local rparts = {}
  for _, m in ipairs(rmods:list()) do
    rparts[#rparts + 1] = string.format(" %+d (%s)", m.value, m.label)
  end
  game:log(string.format("%s rolls for %s: d10 %d%s = %d against rating %d%s = %d: %s %s",
    side, cand.target, natural, table.concat(parts), total, cand.rating, table.concat(rparts),
    rating, success and "activates" or "fails, play passes to " .. game:enemy(side), rule))
  ctx.natural, ctx.total, ctx.success = natural, total, success
  game.hooks:fire("activation.roll", ctx)
  if not success then M.oc_moved_spent(game, side) end
  return success
end

-- }====================================================================================

-- {====================================================================================
-- The chain [rough_and_ready 3.11, 4.1].
-- =====================================================================================

-- Starts an activation: records it in game.vars.activation, asks for artillery, marks the
-- out-of-command units [rough_and_ready 4.23].
local function begin(game, side, cand, free, after_failure)
  local n = (game.vars.count or 0) + 1
  game.vars.count = n
  local act = { n = n, side = side, kind = cand.kind, target = cand.target,
                leader = cand.leader, units = cand.units, artillery = {},
                free = free and true or false, after_failure = after_failure and true or false }
  game.vars.activation = act
  game.vars.play = side
  game:log(string.format("activation %d: %s activates %s%s [%s]", n, side,
    cand.kind == "independent" and ("the independents in " .. cand.target) or cand.target,
    free and " (free)" or "", cand.kind == "independent" and "rough_and_ready 3.22, E15"
      or "rough_and_ready 3.11"))
  if cand.kind == "command" then
    for _, u in ipairs(cand.held or {}) do
      game:log(u .. " went in " .. side .. "'s last activation: not in two consecutive "
        .. "activations, it stays [rough_and_ready PA note d]")
    end
    -- the units' command status is set as the command is activated, before its leader
    -- activates guns (what `reach` shows at the artillery request is the move they have);
    -- set again, and told, once the units of another command he takes along are known
    command.mark(game, cand.units)
    act.artillery = M.artillery(game, side, cand.leader)
    game.vars:set("activation", "artillery", act.artillery)
    -- the units of another command this leader may activate too [rough_and_ready PA note d]
    local extra, leaders, only = M.also(game, side, cand)
    for _, u in ipairs(extra) do cand.units[#cand.units + 1] = u end
    game.vars:set("activation", "units", cand.units)
    if #only > 0 then game.vars:set("activation", "moves_only", only) end
    local out = command.mark(game, cand.units, leaders)
    for _, u in ipairs(out) do
      game:log(u .. " is out of command: MA halved, no shock [rough_and_ready 4.23]")
    end
  end
  -- the other side's streak ends with this activation; so does its chain (by `last`)
  game.vars:set("streak", game:enemy(side), 0)
  game.hooks:fire("activation.start", { side = side, kind = cand.kind, target = cand.target,
    leader = cand.leader, units = cand.units, artillery = act.artillery, free = act.free, n = n })
end

--- The units other than guns and wagons a battle has activated as the guns are, by any
-- leader within range and never in two of their side's activations running: those the
-- `activation.pool` handlers add to `ctx.units` (RP's Detachments [rough_and_ready RP 6.9]),
-- kept when they are the side's combat units (not guns, already offered); id order. The
-- handlers' `ctx.name` is what the guns request calls them ("Detachments"; "other units"
-- when none is given).
-- @treturn {string,...}
-- @treturn string their name
function M.pool(game, side, leader)
  local hs = game.hooks.handlers and game.hooks.handlers["activation.pool"]
  if hs == nil or #hs == 0 then return {}, "other units" end
  local ctx = { side = side, leader = leader, units = {} }
  game.hooks:modify("activation.pool", ctx, nil)
  local name = type(ctx.name) == "string" and ctx.name:match("^[%w][%w %-]*$")
    and #ctx.name <= 40 and ctx.name or "other units"
  local out, seen = {}, {}
  for _, u in ipairs(type(ctx.units) == "table" and ctx.units or {}) do
    local ok, info = pcall(game.unit_info, game, u)
    if ok and info and info.side == side and info.classes.combat and not info.classes.artillery
        and not seen[u] then
      seen[u], out[#out + 1] = true, u
    end
  end
  table.sort(out)
  return out, name
end

-- What the guns request offers, in words: "the guns and wagons" (the system's words for the
-- guns and the wagons that move as they do [rough_and_ready 4.28, 7.0]) unless a battle's
-- units are among the offers (RP's Detachments): then the kinds offered, named ("the guns
-- and Detachments", "the Detachments").
local function offered_words(guns, pooled, pool_name, wagons)
  local any_pool = false
  for _, u in ipairs(guns) do any_pool = any_pool or contains(pooled, u) end
  if not any_pool then return "the guns and wagons" end
  local has = {}
  for _, u in ipairs(guns) do
    has[contains(pooled, u) and "pool" or contains(wagons, u) and "wagons" or "guns"] = true
  end
  local words = {}
  if has.guns then words[#words + 1] = "guns" end
  if has.wagons then words[#words + 1] = "wagons" end
  words[#words + 1] = pool_name
  if #words == 1 then return "the " .. words[1] end
  return "the " .. table.concat(words, ", ", 1, #words - 1) .. " and " .. words[#words]
end

--- The guns an activated leader activates [rough_and_ready 4.28]: any of his side's
-- artillery within his Command Range, except guns used in that side's previous activation
-- (digest A18: consecutive activations of its own side); then, the same way, its wagons,
-- which move as artillery [rough_and_ready 7.0]. Asked until `done`: a gun or wagon id, or
-- `all` (every one offered, when there are two or more).
-- @treturn {string,...} the guns, in the order chosen
function M.artillery(game, side, leader)
  local used = game.vars:get("artillery_used", side) or {}
  local chosen = {}
  while true do
    local options = {}
    local pool = game.store:units{ side = side, class = "artillery" }
    -- wagons move as artillery: activated like guns [rough_and_ready 7.0]
    local wagons = require("systems.rough_and_ready.wagons").on_map(game, side)
    for _, w in ipairs(wagons) do
      pool[#pool + 1] = w
    end
    -- units a battle has activated as the guns are (`activation.pool`: RP's Detachments, by
    -- any leader they are within range of, never in its side's two activations in a row
    -- [rough_and_ready RP 6.9])
    local pooled, pool_name = M.pool(game, side, leader)
    for _, d in ipairs(pooled) do
      if not contains(pool, d) then pool[#pool + 1] = d end
    end
    for _, u in ipairs(pool) do
      if command.on_map(game, u) and not contains(used, u) and not contains(chosen, u)
          and command.within_range(game, leader, u) then
        options[#options + 1] = u
      end
    end
    local ctx = { side = side, leader = leader, options = copy(options) }
    game.hooks:modify("activation.artillery", ctx, nil)
    local final = kept_of(options, ctx.options)
    if #final == 0 then break end
    local guns = {}
    for i, o in ipairs(final) do guns[i] = o end
    if #guns > 1 then final[#final + 1] = "all" end
    final[#final + 1] = "done"
    local answer = game:ask(side, {
      kind = "artillery",
      -- `all` only when it is an answer: two or more to choose from
      prompt = leader .. " may activate " .. offered_words(guns, pooled, pool_name, wagons)
        .. " within his range ("
        .. (#guns > 1 and "one, all, or done" or ("one: " .. guns[1] .. ", or done")) .. ")",
      options = final,
      default = "done",
      rule = "[rough_and_ready 4.28]",
      validate = function(a)
        if a == "all" then
          return false, say("4.28", "all is no answer here: " .. guns[1] .. " is the "
            .. "only gun or wagon left within " .. leader .. "'s range (answer " .. guns[1]
            .. ")")
        end
        if contains(used, a) then
          return false, say("4.28", a .. " was used in the side's last "
            .. "activation: not in consecutive activations")
        end
        return false, say("4.28", "'" .. tostring(a) .. "' is not a gun within "
          .. leader .. "'s range")
      end,
    })
    if answer == "done" then break end
    local picked = answer == "all" and guns or { answer }
    for _, u in ipairs(picked) do chosen[#chosen + 1] = u end
    game:log(leader .. " activates " .. table.concat(picked, ", ") .. " [rough_and_ready 4.28]")
  end
  return chosen
end

--- The units of another command that an activated leader may activate too
-- [rough_and_ready PA note d]: those whose second command (`also_command`) is his, on the map,
-- and not in their side's last activation (never two in a row, `shared_used`). Asked until
-- `done`: request `also_activate`, a unit id or `done` (default `done`). A unit whose
-- `also_only` is `movement` moves only under him (`command.moves_only`). Its In Command status
-- is read from his range.
-- @treturn {string,...} the units chosen, in the order chosen
-- @treturn {[string]=string} the leader whose range counts for each
-- @treturn {string,...} those activated for movement only
function M.also(game, side, cand)
  local chosen, leaders, only = {}, {}, {}
  local pool = {}
  for _, u in ipairs(command.also_units(game, cand.target)) do
    if M.shared_used(game, side, u) then
      game:log(u .. " went in " .. side .. "'s last activation: " .. cand.leader .. " may not "
        .. "activate it now (not in two consecutive activations) [rough_and_ready PA note d]")
    else
      pool[#pool + 1] = u
    end
  end
  while #pool > 0 do
    local options = {}
    for _, u in ipairs(pool) do options[#options + 1] = u end
    options[#options + 1] = "done"
    local moves = game.store:get(pool[1], "also_only") == "movement"
    local answer = game:ask(side, {
      kind = "also_activate",
      prompt = cand.leader .. " may also activate " .. table.concat(pool, ", ")
        .. (moves and " (for movement only)" or "") .. ": a unit, or done",
      options = options, default = "done", rule = "[rough_and_ready PA note d]" })
    if answer == "done" then break end
    chosen[#chosen + 1], leaders[answer] = answer, cand.leader
    local only_it = game.store:get(answer, "also_only") == "movement"
    if only_it then only[#only + 1] = answer end
    game:log(cand.leader .. " activates " .. answer .. (only_it and " for movement only: no "
      .. "fire, charge, shock or rally" or "") .. " [rough_and_ready PA note d]")
    local rest = {}
    for _, u in ipairs(pool) do
      if u ~= answer then rest[#rest + 1] = u end
    end
    pool = rest
  end
  return chosen, leaders, only
end

-- A compound answer of an activation request (docs/runtime.md "Requests"; docs/shell.md "One
-- line per decision"): `<command> <gun>...`, `<command> all` or `<command> done`: the
-- command, then the guns and wagons its leader takes along [rough_and_ready 4.28], each
-- checked when the artillery request asks it, `done` after them unless the line ends with
-- `all` or `done` (not asked once every gun in range is taken: then dropped unasked). The
-- Leadership request of a roll [rough_and_ready 4.25] comes first: a hole (the host answers
-- it, or asks it with --ask-free). Nil: the answer is no such line (words that are not this
-- side's guns or wagons, `all` or `done`), or nil and why when the first word is one of
-- `options` (a command this request takes) and a later one is none of those.
local function with_guns(game, side, options)
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local w = require("volley.list").words(answer)
    if #w < 2 then return nil end
    -- a command by its leader's name, in any letter case (`Belknap A2US-1`)
    if not contains(options, w[1]) and contains(options, w[1]:lower()) then w[1] = w[1]:lower() end
    local pool = game.store:units{ side = side, class = "artillery" }
    for _, u in ipairs(require("systems.rough_and_ready.wagons").on_map(game, side)) do
      pool[#pool + 1] = u
    end
    local rest = { { kind = "leadership", optional = true } }
    for i = 2, #w do
      local g = w[i]:gsub(",$", "")
      local last = g == "all" or g == "done"
      if not (contains(pool, g) or (last and i == #w)) then
        if not contains(options, w[1]) or w[1] == "pass" then return nil end
        return nil, say("4.28", "'" .. w[i] .. "' is no gun or wagon of " .. side .. ": after "
          .. "the command, a line names the guns and wagons its leader takes along (" .. w[1]
          .. " <gun>..., " .. w[1] .. " all or " .. w[1] .. " done)")
      end
      rest[#rest + 1] = { kind = "artillery", value = g }
    end
    local final = rest[#rest].value
    if final ~= "all" and final ~= "done" then
      rest[#rest + 1] = { kind = "artillery", value = "done", optional = true }
    end
    return w[1], rest
  end
end

local function ask_activate(game, side, mode, options, reasons)
  local prompts = {
    open = side .. " opens: activate any one command (no roll)",
    roll = side .. ": nominate another command or a hex of independents, and roll",
    after_pass = side .. ": the opponent passed; activate any command (no roll)",
    intermission = side .. ": after the Intermission, activate any one command (no roll)",
  }
  local rules = { open = R311, roll = "[rough_and_ready 3.11, 3.22, 4.1]",
                  after_pass = "[rough_and_ready 4.1]", intermission = "[rough_and_ready PA-Opt2]" }
  return game:ask(side, {
    kind = "activate",
    prompt = prompts[mode],
    options = options,
    validate = refusal(game, side, mode, reasons),
    compound = with_guns(game, side, options),
    rule = rules[mode],
  })
end

-- The answers a `play.received` or `game.start` replace handler may return to say where play
-- goes when it does not leave that to the rule's own procedure: the side to act next takes
-- the mode named.
local NEXT = { open = true, roll = true, free = true, after_pass = true, moves = true }

-- Where play goes after a replace handler (a battle script cannot write game.vars): `roll`
-- (this side nominates and rolls: RP's Arista alert), `pass`, or `{play = side, mode = m}`.
local function follow(game, side, r, point)
  if r == nil then return end
  if r == "roll" then
    game.vars.play, game.vars.mode = side, "roll"
  elseif r == "pass" then
    game.vars.play, game.vars.mode = game:enemy(side), "after_pass"
  elseif type(r) == "table" and NEXT[r.mode] and (r.play == side or r.play == game:enemy(side))
      and (r.mode ~= "moves" or (type(r.rule) == "string" and type(r.next) == "table"
        and NEXT[r.next.mode] and r.next.mode ~= "moves"
        and (r.next.play == side or r.next.play == game:enemy(side)))) then
    game.vars.play, game.vars.mode = r.play, r.mode
    if r.mode == "moves" then
      game.vars.moves = { rule = require("volley.core").text.clean(r.rule),
                          play = r.next.play, mode = r.next.mode }
    end
  else
    error(point .. ": a replace handler returned " .. tostring(r) .. " (expected nil, 'roll', "
      .. "'pass', {play = side, mode = open|roll|free|after_pass}, or {play = side, mode = "
      .. "moves, rule = case, next = {play = side, mode = ...}})", 0)
  end
end

-- A movement-only activation of all the side's units on the map (RS's opening
-- [rough_and_ready RS 3.1], asked by a `game.start` replace handler returning `{play = side,
-- mode = "moves", rule = ..., next = {play =, mode =}}`): every unit, leader, gun and wagon
-- of the side moves (in command: it is no command's activation), none fires, charges,
-- shocks or rallies (`moves_only`, refused citing `rule`); play then goes where `next` says.
local function begin_moves(game, side)
  local m = game.vars.moves
  local units = {}
  for _, u in ipairs(game.store:units{ side = side }) do
    if command.on_map(game, u) then units[#units + 1] = u end
  end
  local n = (game.vars.count or 0) + 1
  game.vars.count = n
  game.vars.activation = { n = n, side = side, kind = "all", target = "all", units = units,
    artillery = {}, free = true, after_failure = false, moves_only = units,
    moves_rule = m.rule, next = { play = m.play, mode = m.mode } }
  game.vars.moves = nil
  game.vars.play = side
  game:log(string.format("activation %d: %s moves all its units, movement only %s", n, side,
    m.rule))
  game.vars:set("streak", game:enemy(side), 0)
  game.hooks:fire("activation.start", { side = side, kind = "all", target = "all",
    units = units, artillery = {}, free = true, n = n })
end

-- A side receives play after its opponent's failed roll [rough_and_ready 3.11, 4.1]: a free
-- activation of any one command (never independents [rough_and_ready 3.23]), or pass.
-- Returns true when an activation has begun.
local function receive(game, side)
  game.vars.play = side
  game.vars.mode = "free"
  local began = false
  local r = game.hooks:replace("play.received", { side = side, from = game:enemy(side) },
    function()
      local options, reasons = M.candidates(game, side, "free")
      options[#options + 1] = "pass"
      local answer = game:ask(side, {
        kind = "free_activation",
        prompt = side .. " receives play: activate any one command free, or pass",
        options = options,
        validate = refusal(game, side, "free", reasons),
        compound = with_guns(game, side, options),
        default = "pass",   -- a bare Enter begins no activation the player did not name
        rule = "[rough_and_ready 3.11, 3.23, 4.1]",
      })
      if answer == "pass" then
        game:log(side .. " passes [rough_and_ready 4.1]")
        game.hooks:fire("play.pass", { side = side })
        game.vars:set("streak", side, 0)
        game.vars.play = game:enemy(side)
        game.vars.mode = "after_pass"
        return nil
      end
      begin(game, side, M.candidate(game, side, answer), true, true)
      began = true
      return nil
    end)
  if not began then follow(game, side, r, "play.received") end
  return began
end

--- The select step of the loop: from where play stands to the next activation
-- [rough_and_ready 3.11, 3.22-3.23, 4.1]. Ends with `game.vars.activation` set.
function M.select(game)
  game.vars.activation = nil
  -- a battle's Intermission (PA grass fire) comes first [rough_and_ready PA-Opt2]
  if game.vars.intermission then require("systems.rough_and_ready.intermission").run(game) end
  for _ = 1, 8 do                 -- open/after_pass: 1 ask; roll -> free -> after_pass: 3
    local side, mode = game.vars.play, game.vars.mode
    if mode == "moves" then
      begin_moves(game, side)
      return
    elseif mode == "open" or mode == "after_pass" or mode == "intermission" then
      local options, reasons = M.candidates(game, side, mode)
      if #options == 0 and mode == "after_pass" then
        game.vars.mode = "roll"   -- no command to activate free: nominate independents
      elseif #options == 0 then
        error("side " .. side .. " has no command to open with " .. R311, 0)
      else
        local answer = ask_activate(game, side, mode, options, reasons)
        begin(game, side, M.candidate(game, side, answer), true, false)
        return
      end
    elseif mode == "roll" then
      local options, reasons = M.candidates(game, side, "roll")
      if #options == 0 then
        game:log(side .. " has nothing else to nominate: play passes to " .. game:enemy(side)
          .. " [rough_and_ready 3.11, 4.1]")
      else
        local cand = M.candidate(game, side, ask_activate(game, side, "roll", options,
          reasons))
        if M.roll(game, side, cand) then
          begin(game, side, cand, false, false)
          return
        end
      end
      game.vars:set("streak", side, 0)
      if receive(game, game:enemy(side)) then return end
    else
      if receive(game, side) then return end
    end
  end
  error("the activation chain found no activation " .. R311, 0)
end

--- The actions step [rough_and_ready 3.13]: what the activated units do. Their movement,
-- fire, charges, squares, rally and then shock (systems.rough_and_ready.actions: `move`
-- requests until `done`). The point `activation.actions` may observe it or do it instead.
function M.actions(game)
  local act = game.vars.activation
  local ctx = { side = act.side, kind = act.kind, target = act.target, leader = act.leader,
                units = act.units, artillery = act.artillery, n = act.n }
  game.hooks:fire("activation.actions", ctx)
  game.hooks:replace("activation.actions", ctx, function()
    require("systems.rough_and_ready.actions").run(game)
  end)
end

--- The end of an activation: the out-of-command markers cleared, the guns remembered
-- [rough_and_ready 4.28], the last activation recorded for the no-repeat rule
-- [rough_and_ready 4.1], leaders without a command removed [rough_and_ready 4.27], the OC
-- Moved marker cleared once its side's next activation is over [rough_and_ready 4.26].
function M.finish(game)
  local act = game.vars.activation
  command.unmark(game, act.units)
  local guns = act.artillery or {}
  game.vars:set("artillery_used", act.side, guns)
  -- the side's units of this activation that two commands share: they go with neither in
  -- the side's next one [rough_and_ready PA note d] (nothing kept when there are none)
  local shared = {}
  for _, u in ipairs(act.units) do
    if command.also_command(game, u) then shared[#shared + 1] = u end
  end
  local used = game.vars.units_used
  if #shared > 0 or used then
    used = used or {}
    used[act.side] = #shared > 0 and shared or nil
    game.vars.units_used = next(used) ~= nil and used or nil
  end
  local units = {}
  for _, u in ipairs(act.units) do units[#units + 1] = u end
  for _, u in ipairs(guns) do units[#units + 1] = u end
  game.vars.last = { side = act.side, kind = act.kind, target = act.target,
                     leader = act.leader, units = units }
  game.vars.play = act.side
  game.vars.mode = "roll"
  if act.next then                  -- after a movement-only activation (RS 3.1): as it said
    game.vars.play, game.vars.mode = act.next.play, act.next.mode
  end
  M.oc_moved_spent(game, act.side, act.n)
  command.sweep(game)
  game.hooks:fire("activation.end", { side = act.side, kind = act.kind, target = act.target,
                                      n = act.n })
end

-- }====================================================================================

-- {====================================================================================
-- The Overall Commander's movement [rough_and_ready 4.26].
-- =====================================================================================

--- Whether the side's OC may move in the activation under way [rough_and_ready 4.26]: a free
-- activation that follows the opponent's failed roll. For #22's movement.
-- @treturn ?string the OC, or nil
function M.oc_may_move(game, side)
  local vars = game.vars      -- values read one by one: the record is copied at each read
  if vars:get("activation", "side") == side and vars:get("activation", "free")
      and vars:get("activation", "after_failure") then
    return command.oc(game, side)
  end
  return nil
end

--- Records that an OC moved [rough_and_ready 4.26]: the OC Moved marker, which denies his
-- ratings in his side's next activation. Refused unless `oc_may_move`.
-- @treturn boolean
-- @treturn ?string why not
function M.oc_moved(game, oc)
  local side = game:unit_info(oc).side
  if M.oc_may_move(game, side) ~= oc then
    return false, say("4.26", oc .. " may move only in a free activation after the opponent's "
      .. "failed roll")
  end
  game.store:set_marker(oc, "oc_moved", 1)
  game.vars:set("oc_moved", side, game.vars.activation.n)
  game:log(oc .. " moved: OC Moved [rough_and_ready 4.26]")
  return true
end

--- Clears the OC Moved marker once its side's next activation after the one where its OC
-- moved is over, or the roll for it failed (digest A39) [rough_and_ready 4.26].
-- @tparam[opt] integer n the activation just ended (nil: the side's roll just failed)
function M.oc_moved_spent(game, side, n)
  local at = game.vars:get("oc_moved", side)
  if at == nil or (n ~= nil and n <= at) then return end
  for _, l in ipairs(command.overall_commanders(game, side)) do
    if game.store:marker(l, "oc_moved") > 0 then
      game.store:set_marker(l, "oc_moved", 0)
      game:log(l .. "'s OC Moved marker is removed [rough_and_ready 4.26]")
    end
  end
  game.vars:set("oc_moved", side, nil)
end

-- }====================================================================================

--- The opening [rough_and_ready 3.11]: the scenario's first side (`[sides] first`, the US)
-- activates any one command without a roll; or, after a start state (docs/rough_and_ready.md
-- "Start states"), the chain goes on from where it says. A `game.start` replace handler may open
-- otherwise and say where play goes by returning `{play = side, mode = m}` (RS: after the US
-- movement-only activation, the Mexicans' free activation: `{play = "MEX", mode = "free"}`).
function M.open(game)
  local first = game:first_side()
  -- a scenario's start state has set where the chain stands already (start_state.lua)
  if game.vars.play == nil then
    game.vars.streak = {}
    game.vars.artillery_used = {}
    game.vars.oc_moved = {}
    game.vars.count = 0
    game.vars.play = first
    game.vars.mode = "open"
  end
  -- the scenario's reinforcements come at the opening, Rough & Ready having no turns (RS's
  -- US army, entering by the hex chosen: docs/runtime.md "Schedules")
  require("volley.schedule").arrive(game, 1, game.hooks)
  game.hooks:fire("game.start", { first = first })
  local r = game.hooks:replace("game.start", { first = first }, function() return nil end)
  follow(game, first, r, "game.start")
end

return M
