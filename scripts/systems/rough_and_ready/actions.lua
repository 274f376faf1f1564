--- The actions step [rough_and_ready 3.13]: the activated units move (movement.lua), fire
-- before or after moving (fire.lua [rough_and_ready 6.12]) or rally (rally.lua
-- [rough_and_ready 6.82]), in any order, one request at a time, until `done`.
--
-- The request is movement's `move` request (`<unit> <hex> [path]`, `face <unit> <vertex>`,
-- `done`) with two more answers when they have something to offer: `fire`, which asks the
-- `fire` request (`<unit> <hex>`, or `<gun>+<gun> <hex>` for guns combining, or `done` to
-- fire nothing), `rally`, which asks the `rally_unit` request, and `shock`, which asks the
-- `shock` request (`<unit>[+<unit>...] <hex>`, shock.lua). A gun that fired does not
-- move, one that moved does not fire [rough_and_ready 6.25]; a unit that rallied does
-- nothing else [rough_and_ready 6.82]. A unit that moved into an enemy's front hex draws
-- that enemy's movement reaction fire [rough_and_ready 6.14] once its move is over.
-- @module systems.rough_and_ready.actions

local movement = require "systems.rough_and_ready.movement"
local fire = require "systems.rough_and_ready.fire"
local rally = require "systems.rough_and_ready.rally"
local command = require "systems.rough_and_ready.command"
local shock = require "systems.rough_and_ready.shock"
local refusal = require "systems.rough_and_ready.refusal"
local fire_refusal = require "systems.rough_and_ready.fire_refusal"

local M = {}

local contains = require("volley.list").contains

local words = require("volley.list").words

-- The first word of a canonical answer (words joined by one blank), and the second or nil.
-- Cheaper than `words`: the move request has hundreds of answers, read at every decision.
local function first_two(answer)
  local sp = answer:find(" ", 1, true)
  if not sp then return answer, nil end
  local sp2 = answer:find(" ", sp + 1, true)
  return answer:sub(1, sp - 1), answer:sub(sp + 1, sp2 and sp2 - 1 or nil), sp2 ~= nil
end

-- The unit an answer of the move request moves or turns.
local function unit_of(answer)
  local verb, second = first_two(answer)
  if verb == "face" or verb == "charge" or verb == "unsquare" then return second end
  if verb == "square" then return nil end      -- a hex: squares.check_form checks its units
  return verb
end

-- Whether the move request offers `word` (`fire`, `rally`, `shock`): `opts` its answers, as
-- a list or as `M.move_answers` gives them.
local function offers(opts, word)
  if opts.has then return opts:has(word) end
  return contains(opts, word)
end

-- Why a unit may not move now for fire's or rally's sake, or nil. `rallied`: the units that
-- rallied (`game.vars.rallied`), when the caller has read them already.
local function blocked(game, unit, rallied)
  if unit == nil then return nil end
  if rallied == nil then rallied = game.vars.rallied end
  if contains(rallied, unit) then
    return refusal.say("6.82", unit .. " rallied this activation: it does nothing else")
  end
  if command.is_artillery(game, unit) and fire.used(game, "fired", unit)
      and not require("systems.rough_and_ready.artillery").may_move_and_fire(game, unit) then
    return refusal.say("6.25", unit .. " has fired this activation: artillery moves or fires")
  end
  return nil
end

--- The activated units that may still fire, in the activation's order (units, then guns);
-- not a unit declared to charge [rough_and_ready 6.46].
local function shooters(game)
  local vars = game.vars      -- each list read once (a read copies it: docs/performance.md)
  local out = {}
  for _, u in ipairs(vars:get("activation", "units") or {}) do out[#out + 1] = u end
  for _, u in ipairs(vars:get("activation", "artillery") or {}) do out[#out + 1] = u end
  local fired, rallied = vars:get("fire", "fired"), vars.rallied
  -- (fire.used, charge.declared and charge.failed, read here once for every unit)
  local declared, failed = vars.charge_declared, vars.charge_failed
  local moves_only = vars:get("activation", "moves_only")
  local keep = {}
  for _, u in ipairs(out) do
    if command.on_map(game, u) and not contains(fired, u)
        and not contains(rallied, u) and game.store:marker(u, "out_of_ammo") == 0
        -- declared chargers may not fire [rough_and_ready 6.46]
        and not contains(declared, u)
        -- a failed charge Commitment: it does nothing [rough_and_ready 6.43]
        and not contains(failed, u)
        -- activated for movement only [rough_and_ready PA note d] (command.moves_only)
        and not (moves_only and contains(moves_only, u) and command.moves_only(game, u)) then
      keep[#keep + 1] = u
    end
  end
  return keep
end

--- The legal answers of the `fire` request, canonical order: each unit's small-arms targets
-- (`<unit> <hex>`), then for each hex of activated guns that have neither moved nor fired,
-- every non-empty set of them (each gun alone, then the sets of two, three ..., combining:
-- `<g1>+<g2> <hex>`, the guns in the activation's order) with its targets: the hexes in the
-- front of every gun of the set, within the shortest maximum range among them, in sight
-- [rough_and_ready 6.21-6.23]; targets in label order; then `done`. Any of the guns of a hex
-- may combine, any number of them [rough_and_ready 6.22] (docs/rulings, 6.22).
function M.fire_options(game)
  local artillery = require "systems.rough_and_ready.artillery"
  local out = {}
  local guns_at, hexes = {}, {}
  local moved = game.vars.moved
  for _, u in ipairs(shooters(game)) do
    if command.is_artillery(game, u) then
      if not contains(moved, u) or artillery.may_move_and_fire(game, u) then
        local at = command.on_map(game, u)
        if not guns_at[at] then guns_at[at], hexes[#hexes + 1] = {}, at end
        local list = guns_at[at]
        list[#list + 1] = u
      end
    else
      for _, h in ipairs(fire.targets(game, u)) do out[#out + 1] = u .. " " .. h end
    end
  end
  table.sort(hexes)
  local grid = require("systems.rough_and_ready.facing").grid(game)
  for _, at in ipairs(hexes) do
    -- each gun's targets at its own maximum range, once: a set's are those of all its guns
    -- within the set's shortest range (the fronts and the lines of sight are the hex's)
    local reach, list, range = {}, {}, {}
    for _, g in ipairs(guns_at[at]) do
      range[g] = artillery.max_range(game, g)
      list[g] = artillery.targets(game, { g })              -- label order
      local set = {}
      for _, h in ipairs(list[g]) do set[h] = true end
      reach[g] = set
    end
    for _, set in ipairs(fire.subsets(guns_at[at])) do
      local r = range[set[1]]
      for _, g in ipairs(set) do r = math.min(r, range[g]) end
      local name = table.concat(set, "+")
      for _, h in ipairs(list[set[1]]) do
        local ok = grid:distance(at, h) <= r
        for _, g in ipairs(set) do ok = ok and reach[g][h] == true end
        if ok then out[#out + 1] = name .. " " .. h end
      end
    end
  end
  return out
end

--- Whether the fire request has an answer other than `done` (`#M.fire_options(game) > 0`),
-- found without listing them: the first unit with a small-arms target answers it, else the
-- first gun with a target within its own range (a set of guns fires only at the targets of
-- its first gun within the set's shortest range, so a set has a target only when its first
-- gun alone has one). The move request asks only this (its `fire` answer); it makes the
-- same reads as `fire_options` up to the first target, and none after it.
function M.fire_any(game)
  local artillery = require "systems.rough_and_ready.artillery"
  local guns = {}
  local moved = game.vars.moved
  for _, u in ipairs(shooters(game)) do
    if command.is_artillery(game, u) then
      if not contains(moved, u) or artillery.may_move_and_fire(game, u) then
        guns[#guns + 1] = u
      end
    elseif #fire.targets(game, u) > 0 then
      return true
    end
  end
  local grid = require("systems.rough_and_ready.facing").grid(game)
  for _, g in ipairs(guns) do
    local at, r = command.on_map(game, g), artillery.max_range(game, g)
    for _, h in ipairs(artillery.targets(game, { g })) do
      if grid:distance(at, h) <= r then return true end
    end
  end
  return false
end

--- The legal fire answer a typed one means when it names the guns of a combined fire in
-- another order (`Churchill-1+A2US-1 3015` for `A2US-1+Churchill-1 3015`): a combined fire is
-- a set of guns [rough_and_ready 6.22], written in the activation's order; nil when the
-- answer is not such a set (a gun named twice included).
function M.fire_canonical(game, answer)
  if type(answer) ~= "string" then return nil end
  local w = words(answer)
  if #w ~= 2 or not w[1]:find("+", 1, true) then return nil end
  local named, seen = {}, {}
  for x in w[1]:gmatch("[^+]+") do
    if seen[x] then return nil end
    seen[x], named[#named + 1] = true, x
  end
  local act = game.vars.activation or {}
  local order = {}
  for _, u in ipairs(act.artillery or {}) do
    if seen[u] then order[#order + 1] = u end
  end
  if #order ~= #named then return nil end
  return table.concat(order, "+") .. " " .. w[2]
end

-- Why a fire answer typed at the move request is no answer of it, or nil when `answer` is
-- none: a `+`-joined set (`A2US-1+A2US-2 1423`) that is no stack's move (M.compound) names
-- the guns of a combined fire (or the units of a shock) [rough_and_ready 5.11, 6.22]; the move
-- request takes the shot as `fire <set> <hex>` (M.compound: `fire`, then the fire request).
-- `opts`: the move request's options.
local function as_fire(game, opts, answer)
  if type(answer) ~= "string" then return nil end
  local w = words(answer)
  if #w ~= 2 or not w[1]:find("+", 1, true) then return nil end
  if offers(opts, "fire") then
    local typed = M.fire_canonical(game, answer) or answer
    if contains(M.fire_options(game), typed) then
      return refusal.say("6.22", answer .. " is a combined fire, not a move: fire " .. answer)
    end
  end
  return refusal.plain("'" .. answer .. "' is no move: units joined by + move together only as "
    .. "an unmoved stack of activated units (the units of one hex: <unit>+<unit> <hex>); they "
    .. "fire together (fire <set> <hex>) or shock together (shock <set> <hex>)")
end

-- A hint after the refusal `why` of a gun's move answer that the fire request would take
-- (`Churchill-1 1314`, its target typed without `fire`): how to fire it. `why` alone when
-- the answer is no gun's fire answer or fire is not offered. (Only a gun's: a foot or
-- mounted unit typed with an enemy's hex may mean a shock as well.)
local function fire_hint(game, opts, answer, why)
  if type(answer) ~= "string" or not offers(opts, "fire")
      or not contains(M.fire_options(game), answer)
      or not command.is_artillery(game, (first_two(answer))) then
    return why
  end
  local _, hex = first_two(answer)
  return why .. "; " .. refusal.say("6.12", "to fire at " .. hex .. " instead: fire " .. answer)
end

-- {====================================================================================
-- Compound answers: a line that carries the answers of the requests that follow
-- =====================================================================================

-- The facing a word names (`NE/SE`, `E`), or nil; never a hex label.
local function facing_word(game, word)
  if word == nil or word:match("^%d") then return nil end
  return require("systems.rough_and_ready.facing").canonical(game, word:upper())
end

-- The unmoved movers of a stack named by a hex label (`3014`: the activated units standing
-- there that have not moved, bottom first so the top unit ends on top again [rough_and_ready
-- 5.24], then its leaders, who move with their units [rough_and_ready 4.22]) or by `+`
-- (`4US-1+4US-2`, in the order typed), or nil: the name is neither, or names units that are
-- no stack of unmoved movers out of a square (the answer is then read as any other, and
-- refused as one: `as_fire`).
local function stack_of(game, name)
  local movers = movement.movers(game)
  local done = game.vars.moved or {}
  local units = {}
  if name:find("+", 1, true) then
    for u in name:gmatch("[^+]+") do units[#units + 1] = u end
  elseif name:match("^%d+$") and game.map:contains(name) then
    local stack, leaders = game.store:stack(name), {}
    for i = #stack, 1, -1 do
      local u = stack[i]
      if contains(movers, u) and not contains(done, u) then
        local list = game:unit_info(u).kind == "leader" and leaders or units
        list[#list + 1] = u
      end
    end
    for _, u in ipairs(leaders) do units[#units + 1] = u end      -- with their units [4.22]
    if #units < 2 then return nil end            -- one unit: the command language's hex
  else
    return nil
  end
  local at
  for i, u in ipairs(units) do
    for j = 1, i - 1 do
      if units[j] == u then return nil end
    end
    if not contains(movers, u) or contains(done, u) or game.store:marker(u, "square") > 0 then
      return nil
    end
    local _, hex = game.store:where(u)
    if at and hex ~= at then return nil end
    at = hex
  end
  return units
end

--- A compound answer of the move request (the request's `compound`, docs/runtime.md
-- "Requests"): the first answer and those it carries for the requests the rules ask next, or
-- nil (no compound answer) or nil and why (one that cannot be given now). The forms, each
-- with or without a leading `move`:
--
-- * `<unit> <hex> [path] <facing>`: the move, then its `face` request [rough_and_ready 5.34]
--   (not asked when it joins a stack, which it then faces as [rough_and_ready 5.27]);
-- * `<unit>+<unit>... <hex> [path] [<facing>]`, or `<hex of the stack> <hex> ...`: each unit
--   of a stack moved in turn to the same hex along the same path (a Rough & Ready unit moves
--   on its own, paying its own costs [rough_and_ready 5.11, 5.12]; a square is the stack that
--   moves whole [rough_and_ready 5.43]); the first faces as given (asked when not given), the
--   others join it and face as it does [rough_and_ready 5.27];
-- * `fire <unit>[+<gun>...] <hex>`, `shock <unit>[+<unit>...] <hex>`: `fire` or `shock`, then
--   that answer at the request it opens [rough_and_ready 6.12, 6.31]; several shots,
--   separated by commas (`fire 4US-2 0303, 4US-1 0303`): the first checked now, each later
--   one (`fire` again, then the shot) when its request comes, after the one before is resolved;
-- * `charge <unit> <hex> [path] [<facing>]`: the declaration, its move once Commitment is
--   passed, and its facing [rough_and_ready 6.43].
-- @tparam table game
-- @tparam {string,...}|table opts the move request's options (a list, or `M.move_answers`)
-- @param answer the typed answer
function M.compound(game, opts, answer)
  if type(answer) ~= "string" then return nil end
  local w = words(answer)
  if w[1] == "move" then table.remove(w, 1) end
  local verb = w[1]
  if verb == nil or #w < 2 then return nil end
  local side = game.vars.activation.side
  if verb == "fire" or verb == "shock" then
    -- (in the shock step `fire` is no answer: the move request's own refusal says why)
    if game.vars.shock_step and verb == "fire" then return nil end
    -- several shots, separated by commas (`fire A 1916, B 1917`): each after the one before
    local shots = {}
    for part in (table.concat(w, " ", 2) .. ","):gmatch("([^,]*),") do
      local p = words(part)
      if #p ~= 2 then return nil end
      shots[#shots + 1] = p[1] .. " " .. p[2]
    end
    if #shots > 1 and verb == "fire" then
      local most = require("volley.ask").COMPOUND_AT_MOST
      if 2 * #shots - 1 > most then
        return nil, refusal.plain("one line fires at most " .. math.floor((most + 1) / 2)
          .. " shots")
      end
      local first, carried = M.compound(game, opts, "fire " .. shots[1])
      if not first then return nil, carried end
      for i = 2, #shots do
        carried[#carried + 1] = { kind = "move", value = "fire" }
        carried[#carried + 1] = { kind = "fire",
                                  value = M.fire_canonical(game, shots[i]) or shots[i] }
      end
      return first, carried
    end
    if #w ~= 3 then return nil end
    local rest = w[2] .. " " .. w[3]
    if not offers(opts, verb) then
      return nil, verb == "fire" and fire_refusal.no_fire(game, side)
        or fire_refusal.no_shock(game, side)
    end
    local list = verb == "fire" and M.fire_options(game) or shock.options(game)
    local value = verb == "fire" and M.fire_canonical(game, rest) or rest
    if not contains(list, value) then value = require("volley.ask").joined(list, rest) end
    if value == nil or not contains(list, value) then
      -- the reason the fire or shock request would give (fire_refusal.lua)
      return nil, (verb == "fire" and fire_refusal.fire or fire_refusal.shock)(game, side, rest)
    end
    return verb, { { kind = verb, value = value } }
  end
  if game.vars.shock_step then return nil end
  local face = #w >= 3 and facing_word(game, w[#w]) or nil
  local last = face and #w - 1 or #w
  if verb == "charge" then
    if #w < 3 then return nil end
    local path = table.concat(w, " ", 3, last)
    if path == "" then return nil end
    return "charge " .. w[2], { { kind = "move", value = w[2] .. " " .. path },
                               { kind = "face", value = face, optional = true } }
  end
  if verb == "face" or verb == "square" or verb == "unsquare" then return nil end
  local path = table.concat(w, " ", 2, last)
  if path == "" then return nil end
  if verb:find("+", 1, true) and #w == 2 and offers(opts, "fire") then
    -- guns of a hex and a target: a combined fire typed without `fire` (as_fire says so)
    local typed = M.fire_canonical(game, verb .. " " .. w[2]) or (verb .. " " .. w[2])
    if contains(M.fire_options(game), typed) then return nil end
  end
  local units = stack_of(game, verb)
  if not units then
    if not face then return nil end
    return verb .. " " .. path, { { kind = "face", value = face, optional = true } }
  end
  local rest = { { kind = "face", value = face, optional = true } }
  for i = 2, #units do
    rest[#rest + 1] = { kind = "move", value = units[i] .. " " .. path }
    rest[#rest + 1] = { kind = "face", value = face, optional = true }
  end
  return units[1] .. " " .. path, rest
end

-- }====================================================================================

--- The units that may rally now [rough_and_ready 6.82], in the activation's order (its
-- units, then its guns).
function M.rally_options(game)
  local act = game.vars.activation
  local out = {}
  local all = {}
  for _, u in ipairs(act.units or {}) do all[#all + 1] = u end
  for _, u in ipairs(act.artillery or {}) do all[#all + 1] = u end
  local rallied = game.vars.rallied
  for _, u in ipairs(all) do
    -- (a unit with nothing to rally off is not asked: rally.eligible refuses it before any
    -- handler runs, its reason formatted to be dropped)
    if not contains(rallied, u) and #rally.choices(game, u) > 0 and rally.eligible(game, u)
        and not require("systems.rough_and_ready.charge").failed(game, u) then   -- [6.43]
      out[#out + 1] = u
    end
  end
  return out
end

--- The legal answers of the actions request: movement's (less the moves of guns that fired
-- and of units that rallied), then `fire` and `rally` when they offer something, then
-- `shock` when some shock is possible, `done` last. Once a shock is made, movement and fire
-- are over for every activated unit [rough_and_ready 6.31]: only `shock` and `done` remain.
function M.options(game)
  local out = {}
  if game.vars.shock_step then
    local any = #shock.options(game) > 0
    if any then out[#out + 1] = "shock" end
    -- an attack a stack declared before its first Commitment roll is made before the step
    -- ends [rough_and_ready 6.35] (shock.pending)
    if not (any and #shock.pending(game) > 0) then out[#out + 1] = "done" end
    return out
  end
  -- the movers blocked for fire's or rally's sake, asked once a mover: when none is, every
  -- option but `done` stays (no answer needs taking apart)
  local any = false
  local stopped = {}
  for _, u in ipairs(movement.movers(game)) do
    if blocked(game, u) then stopped[u], any = true, true end
  end
  for _, o in ipairs(movement.options(game)) do
    if o ~= "done" and not (any and stopped[unit_of(o)]) then out[#out + 1] = o end
  end
  if #M.fire_options(game) > 0 then out[#out + 1] = "fire" end
  if #M.rally_options(game) > 0 then out[#out + 1] = "rally" end
  if #shock.options(game) > 0 then out[#out + 1] = "shock" end
  out[#out + 1] = "done"
  return out
end

-- The move request's answers as `M.move_answers` keeps them (volley.ask's lazy form).
local Answers = {}
Answers.__index = Answers

--- How many legal answers.
function Answers:count()
  return self.n
end

--- The i-th legal answer in `M.options`' order: `<unit> <hex>` formed only now.
function Answers:at(i)
  if i < 1 or i > self.n then return nil end
  for k, hexes in ipairs(self.hexes) do
    if i <= #hexes then return self.units[k] .. " " .. hexes[i] end
    i = i - #hexes
  end
  return self.tail[i]
end

--- Whether an answer is one of them: the tail's set, or the named unit's destinations (each
-- unit's hexes made a set the first time one of its moves is checked).
function Answers:has(answer)
  if type(answer) ~= "string" then return false end
  if self.tail_set[answer] then return true end
  local unit, hex, more = first_two(answer)
  if not hex or more then return false end
  local k = self.index[unit]
  if not k then return false end
  local set = self.sets[k]
  if not set then
    set = {}
    for _, h in ipairs(self.hexes[k]) do set[h] = true end
    self.sets[k] = set
  end
  return set[hex] == true
end

--- Them all as a list (`M.options`' list).
function Answers:list()
  local out = {}
  for i = 1, self.n do out[i] = self:at(i) end
  return out
end

--- The legal answers of the actions request (`M.options`) without forming each `<unit>
-- <hex>`: the same calls into movement and the same order, the moves kept as each unit's
-- destination hexes (movement.destination_hexes), formed one at a time (`:at(i)`) or checked
-- directly (`:has(answer)`), the rest (`charge`, `square`, `face`, `fire`, `rally`, `shock`,
-- `done`) as a list. A request's answers are all worked out here, before it is asked (the
-- movement queries run the battle's `movement.cost` handlers: play and replay make the same
-- calls, docs/runtime.md "Disposable script worlds"); only the strings are left lazy.
-- @treturn table `{n =, units =, hexes =, tail =}` with `:count()`, `:at(i)`, `:has(a)`,
--   `:list()`
function M.move_answers(game)
  local self = setmetatable({ units = {}, hexes = {}, tail = {}, index = {}, sets = {},
                              tail_set = {} }, Answers)
  local tail = self.tail
  -- movement's debug switch (movement.check_kept): its kept board and reach checked against
  -- ones made afresh at this request too, as its own options would be
  if movement.checking then movement.options(game) end
  if game.vars.shock_step then
    for i, o in ipairs(M.options(game)) do tail[i] = o end
  else
    -- as M.options: the movers blocked for fire's or rally's sake first, then movement's
    -- answers (movement.options, in its order), less theirs and its `done`
    local any = false
    local stopped = {}
    local movers = movement.movers(game)
    local rallied = game.vars.rallied
    for _, u in ipairs(movers) do
      if blocked(game, u, rallied) then stopped[u], any = true, true end
    end
    local squares = require "systems.rough_and_ready.squares"
    local facing = require "systems.rough_and_ready.facing"
    local done = game.vars.moved or {}
    local board = movement.board(game, game.vars:get("activation", "side"))
    for _, u in ipairs(movers) do
      if not contains(done, u) and squares.offers_moves(game, u, movers) then
        local hexes = movement.destination_hexes(game, u, board)
        if #hexes > 0 and not (any and stopped[u]) then
          local k = #self.units + 1
          self.units[k], self.hexes[k], self.index[u] = u, hexes, k
        end
      end
    end
    local function add(o)
      if not (any and stopped[unit_of(o)]) then tail[#tail + 1] = o end
    end
    local redeploying = game.vars.redeploying
    -- (only mounted cavalry may charge, only a facing unit that has not moved may turn: the
    -- others are not asked, whose refusals would be formatted to be dropped)
    for _, u in ipairs(movers) do
      if not redeploying and game:unit_info(u).type == "cavalry"
          and movement.may_declare(game, u, movers, done) then
        add("charge " .. u)
      end
    end
    for _, o in ipairs(squares.options(game, movers)) do
      -- the Intermission moves units, no square is formed [rough_and_ready PA-Opt2]
      if not (redeploying and o:sub(1, 7) == "square ") then add(o) end
    end
    for _, u in ipairs(movers) do
      if not contains(done, u) and facing.faces(game, u)
          and movement.may_turn(game, u, movers, done) then
        local now = game.store:facing(u)
        for _, w in ipairs(facing.words(game)) do
          if w ~= now then add("face " .. u .. " " .. w) end
        end
      end
    end
    local fires = M.fire_any(game)
    if movement.checking and fires ~= (#M.fire_options(game) > 0) then
      error("actions: fire_any says " .. tostring(fires) .. ", the fire options disagree", 0)
    end
    if fires then tail[#tail + 1] = "fire" end
    if #M.rally_options(game) > 0 then tail[#tail + 1] = "rally" end
    if #shock.options(game) > 0 then tail[#tail + 1] = "shock" end
    tail[#tail + 1] = "done"
  end
  local n = #tail
  for _, hexes in ipairs(self.hexes) do n = n + #hexes end
  self.n = n
  for _, o in ipairs(tail) do self.tail_set[o] = true end
  return self
end

-- Asks a request whose answers are `<unit>[+<unit>...] <hex>` or `done` (fire and shock):
-- returns the units and the hex, or nil for `done`. `explain(game, side, answer)` says why
-- an answer is refused (fire_refusal.lua).
local function ask_units_at(game, side, kind, opts, prompt, rule, explain, canonical, no_done)
  if not no_done then opts[#opts + 1] = "done" end
  local advice = require "systems.rough_and_ready.advice"
  local answer = game:ask(side, {
    kind = kind,
    prompt = prompt,
    enumerate = function() return opts end,
    explain = function(a) return explain(game, side, a) end,
    canonical = canonical and function(a) return canonical(game, a) end or nil,
    tell = kind == "fire" and advice.fire_teller(game) or advice.shock_teller(game),
    default = not no_done and "done" or nil,
    rule = rule,
  })
  if answer == "done" then return nil end
  local w = words(answer)
  local units = {}
  for x in w[1]:gmatch("[^+]+") do units[#units + 1] = x end
  return units, w[2], #opts - 1
end

-- Asks the shock request (`<attackers> <hex>`, `+`-joined, or `done`) and resolves the shock
-- [rough_and_ready 6.31-6.39]; the first one opens the shock step (point `shock.start`).
local function shock_request(game, side)
  local opts = shock.options(game)
  -- a declared attack still to make: no `done` [rough_and_ready 6.35]
  local pending = #opts > 0 and #shock.pending(game) > 0
  local attackers, hex, n = ask_units_at(game, side, "shock", opts,
    "shock: <unit>[+<unit>...] <hex> (units of one hex commit together)"
      .. (pending and " (the attacks declared are still to make)" or ", or done"),
    "[rough_and_ready 6.31, 6.35]", fire_refusal.shock, nil, pending)
  if not attackers then return end
  if not game.vars.shock_step then
    game.vars.shock_step = true
    game.hooks:fire("shock.start", { side = side, n = n })
  end
  shock.shock(game, attackers, hex)
end

-- Asks the fire request and fires; nothing when the answer is `done`.
local function fire_request(game, side)
  local firers, hex = ask_units_at(game, side, "fire", M.fire_options(game),
    "fire: <unit> <hex> (guns of one hex combine: <gun>+<gun> <hex>), or done",
    "[rough_and_ready 6.12, 6.22]", fire_refusal.fire, M.fire_canonical)
  if firers then fire.fire(game, firers, hex, { activated = true }) end
end

-- Asks which unit rallies and rallies it.
local function rally_request(game, side)
  local opts = M.rally_options(game)
  opts[#opts + 1] = "done"
  local answer = game:ask(side, {
    kind = "rally_unit",
    prompt = "rally: which unit (or done)",
    options = opts,
    default = "done",
    rule = "[rough_and_ready 6.82]",
    explain = function(a) return fire_refusal.rally(game, side, a) end,
  })
  if answer == "done" then return end
  rally.rally(game, answer)
  local list = game.vars.rallied or {}
  list[#list + 1] = answer
  game.vars.rallied = list
end

--- The move request's prompt, from what it offers: `move a unit (<unit> <hex> [path]), turn
-- one (face <unit> <vertex>), ..., fire, rally or done`, naming only the answers in `opts`.
-- @tparam {string,...} opts the request's options in its canonical order, the moves
--   (`<unit> <hex>`) first, then `charge <unit>`, `square <hex>`, `unsquare <unit>`,
--   `face <unit> <vertex>`, `fire`, `rally`, `shock`, `done` (actions.options)
-- @treturn string
function M.move_prompt(opts)
  local has = {}
  -- from the end: in the request's canonical order the moves come first, so the first move
  -- met tells that there are moves, and the hundreds before it need no look
  for i = #opts, 1, -1 do
    local verb, second, more = first_two(opts[i])
    if second and not more and verb ~= "charge" and verb ~= "square" and verb ~= "unsquare" then
      has["<move>"] = true
      break
    end
    has[verb] = true
  end
  local parts = {}
  local phrases = {
    { "<move>", "move a unit (<unit> <hex> [path])" },
    { "face", "turn one (face <unit> <vertex>)" },
    { "charge", "declare a charge (charge <unit>)" },
    { "square", "form a square (square <hex>)" },
    { "unsquare", "leave one (unsquare <unit>)" },
    { "fire", "fire" }, { "rally", "rally" }, { "shock", "shock" },
  }
  for _, p in ipairs(phrases) do
    if has[p[1]] then parts[#parts + 1] = p[2] end
  end
  parts[#parts + 1] = "done"
  if #parts == 1 then return "done" end
  return table.concat(parts, ", ", 1, #parts - 1) .. " or done"
end

--- Runs the actions step of the activation under way (game.vars.activation).
function M.run(game)
  local act = game.vars.activation
  local advice = require "systems.rough_and_ready.advice"
  game.vars.moved = {}
  game.vars.rallied = {}
  shock.reset(game)
  fire.reset(game)
  while true do
    -- the state does not change while the request waits: its answers are worked out once,
    -- each `<unit> <hex>` formed only when asked for (volley.ask's lazy form: a bot draws an
    -- index, a replay checks its answer directly)
    local opts = M.move_answers(game)
    if opts.n == 1 and opts:at(1) == "done" then break end
    -- the prompt reads the kinds of answer offered: the first move stands for them all
    local kinds = {}
    if #opts.units > 0 then kinds[1] = opts:at(1) end
    for _, o in ipairs(opts.tail) do kinds[#kinds + 1] = o end
    local answer = game:ask(act.side, {
      kind = "move",
      prompt = act.target .. ": " .. M.move_prompt(kinds),
      count = function() return opts.n end,
      at = function(i) return opts:at(i) end,
      has = function(a) return opts:has(a) end,
      validate = function(a)
        -- not offered: why not, unit by unit, each with the case that forbids it
        if game.vars.shock_step and a ~= "done" and a ~= "shock" then
          return false, refusal.say("6.31", "the shock step has begun: no more movement or "
            .. "fire")
        end
        if a == "fire" then
          return false, fire_refusal.no_fire(game, act.side)
        elseif a == "rally" then
          return false, fire_refusal.no_rally(game, act.side)
        elseif a == "shock" then
          return false, fire_refusal.no_shock(game, act.side)
        end
        local combined = as_fire(game, opts, a)
        if combined then return false, combined end
        if type(a) == "string" and pcall(game.store.unit, game.store, unit_of(a)) then
          local why = blocked(game, unit_of(a))
          if why then return false, fire_hint(game, opts, a, why) end
        end
        local ok, why = movement.validate(game, a)
        if not ok then return false, fire_hint(game, opts, a, why) end
        return ok
      end,
      compound = function(a) return M.compound(game, opts, a) end,
      tell = advice.move_teller(game, movement.teller(game)),
      warn = advice.move_warn(game),
      default = "done",
      rule = "[rough_and_ready 5.11]",
    })
    if answer == "done" then break end
    if answer == "fire" then
      fire_request(game, act.side)
    elseif answer == "rally" then
      rally_request(game, act.side)
    elseif answer == "shock" then
      shock_request(game, act.side)
    else
      local w = words(answer)
      if w[1] == "face" then
        movement.turn(game, w[2], w[3])
      elseif w[1] == "charge" then
        movement.declare(game, w[2])
      elseif w[1] == "square" or w[1] == "unsquare" then
        require("systems.rough_and_ready.squares").apply(game, w)
      else
        local unit = w[1]
        local _, from = game.store:where(unit)
        local places = {}
        for k = 2, #w do places[#places + 1] = w[k] end
        movement.apply(game, unit, assert(movement.check(game, unit, places)))
        local kind, at = game.store:where(unit)
        -- it entered an enemy front hex (not where it started): movement reaction fire
        if kind == "hex" and at ~= from and command.is_combat(game, unit)
            and movement.pinned_by(game, unit) then
          fire.movement_reaction(game, unit, at)
        end
      end
    end
    -- a battle asked for an Intermission (PA grass fire): the activation stops here
    if game.vars.intermission then break end
  end
  game.vars.moved = nil
  game.vars.rallied = nil
  game.vars.shock_step = nil
  shock.reset(game)
  fire.reset(game)
end

return M
