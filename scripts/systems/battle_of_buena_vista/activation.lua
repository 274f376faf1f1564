--- Battle of Buena Vista's activation [battle_of_buena_vista 6.1, 6.2, 6.3] with the errata
-- [battle_of_buena_vista E-6.1a] [battle_of_buena_vista E-6.1b] [battle_of_buena_vista
-- E-6.23a-f]: the Mexican die plus Santa Anna's rating [battle_of_buena_vista 6.2], Wool's
-- and Taylor's rolls leader by leader [battle_of_buena_vista 6.3b] [battle_of_buena_vista
-- 6.3c], the army commanders' own stacks [battle_of_buena_vista E-6.23a], and the chain of
-- units from each activated unit leader [battle_of_buena_vista 6.1b]. The set of active
-- units is worked out at the end of the activation phase and holds for the turn
-- [battle_of_buena_vista 6.1a] (docs/rulings/battle_of_buena_vista.md, A10).
--
-- What the other procedures ask: `may_move(game, unit)` (the movement step) and
-- `is_active(game, unit)` (shock, the Saltillo Track).
-- @module systems.battle_of_buena_vista.activation

local core = require "volley.core"
local list = require "volley.list"

local M = {}

local R = "[battle_of_buena_vista "
local function cite(case) return R .. case .. "]" end

--- Success thresholds of the American commanders' rolls and how many each activates
-- [battle_of_buena_vista 6.3b] [battle_of_buena_vista 6.3c].
M.US_COMMANDERS = {
  { id = "Wool", at_most = 4, successes = 1, rule = cite("6.3b") },
  { id = "Taylor", at_most = 5, successes = 3, rule = cite("6.3c") },
}

--- Santa Anna's counter id (his rating is his `activation` field [battle_of_buena_vista 6.2]).
M.SANTA_ANNA = "SantaAnna"

-- {==== where things are ========================================================================

local function grid_of(game)
  if not game.bv_grid then  -- not state: the grid is the map's shape
    local info, first = game.map:info(), game.map:hexes()[1]
    game.bv_grid = core.hex.grid{ layout = info.layout, parity = info.parity, digits = #first / 2 }
  end
  return game.bv_grid
end

--- The map hexes next to `hex`.
-- @treturn {string,...}
function M.neighbors(game, hex)
  local out = {}
  for _, h in ipairs(grid_of(game):neighbors(hex)) do
    if type(h) == "string" and game.map:contains(h) then out[#out + 1] = h end
  end
  return out
end

--- Where a counter is, as keys: `hex:<label>` for each map hex it covers (a double-size
-- counter two), `space:<track>/<space>` on the Saltillo Track; empty when it is out of play.
-- @treturn {string,...}
function M.places(game, id)
  local kind, at = game.store:where(id)
  if kind == "hex" then
    local out = {}
    for _, h in ipairs(game.store:hexes(id)) do out[#out + 1] = "hex:" .. h end
    return out
  elseif kind == "space" then
    return { "space:" .. at }
  end
  return {}
end

--- The zone of a counter for 6.3's limit: "map", "track" or nil (out of play)
-- [battle_of_buena_vista 6.3a].
function M.zone(game, id)
  local kind = game.store:where(id)
  if kind == "hex" then return "map" end
  if kind == "space" then return "track" end
  return nil
end

-- the keys next to a place key (the same key excluded)
local function around(game, key)
  local kind, at = key:match("^(%a+):(.+)$")
  local out = {}
  if kind == "hex" then
    for _, h in ipairs(M.neighbors(game, at)) do out[#out + 1] = "hex:" .. h end
  else
    local track, space = at:match("^(.-)/(.+)$")
    local ok, tr = pcall(game.map.track, game.map, track)
    if ok and tr then
      for _, pair in ipairs(tr.adjacent or {}) do
        if pair[1] == space then out[#out + 1] = "space:" .. track .. "/" .. pair[2] end
        if pair[2] == space then out[#out + 1] = "space:" .. track .. "/" .. pair[1] end
      end
    end
  end
  return out
end

--- Whether two counters are stacked (share a hex or Track space).
function M.stacked(game, a, b)
  local pa = M.places(game, a)
  for _, k in ipairs(M.places(game, b)) do
    if list.contains(pa, k) then return true end
  end
  return false
end

--- Whether two counters are stacked or adjacent (any hex of one next to any of the other).
function M.near(game, a, b)
  if M.stacked(game, a, b) then return true end
  local pb = M.places(game, b)
  for _, k in ipairs(M.places(game, a)) do
    for _, n in ipairs(around(game, k)) do
      if list.contains(pb, n) then return true end
    end
  end
  return false
end

-- }====

-- {==== who is who ==============================================================================

--- Whether a counter is a leader.
function M.is_leader(game, id)
  return game:unit_info(id).kind == "leader"
end

--- Whether a leader is one of the army commanders (Taylor, Wool, Santa Anna, Pérez), who
-- may command any unit of their army [battle_of_buena_vista 6.1d]: his command is the army.
function M.army_commander(game, id)
  local info = game:unit_info(id)
  return info.kind == "leader" and game.store:command(info.command).level == "army"
end

--- Whether a leader is a unit leader (any other leader [battle_of_buena_vista E-2.6]).
function M.unit_leader(game, id)
  return M.is_leader(game, id) and not M.army_commander(game, id)
end

--- Whether a counter is a combat unit (not a leader, not a supply train).
function M.combat(game, id)
  local info = game:unit_info(id)
  return info.kind ~= "leader" and info.type ~= "train"
end

--- Whether a counter is exempt from activation, always active [battle_of_buena_vista 6.1c]:
-- a leader with a blank reverse (Taylor, Wool, Santa Anna, the "D" leaders
-- [battle_of_buena_vista E-6.1b]: the `exempt` field); all artillery; a unit of a command
-- with no leader of its own (the presidential cavalry, the TxR [battle_of_buena_vista
-- E-6.1a]: the order of battle gives them the artillery's leaderless commands) or whose
-- leaders are all exempt (the dragoons, 1D and 2D).
function M.exempt(game, id)
  local info = game:unit_info(id)
  if info.kind == "leader" then return game.store:get(id, "exempt") == true end
  if info.type == "train" then return false end
  if info.type == "artillery" then return true end
  local cmd = game.store:command(info.command)
  if cmd.level == "army" then return false end
  local leaders = cmd.leaders or {}
  if #leaders == 0 then return true end
  for _, l in ipairs(leaders) do
    if game.store:get(l, "exempt") ~= true then return false end
  end
  return true
end

--- The combat units a unit leader commands [battle_of_buena_vista 6.1a]: his command's (a
-- leader may command only the units that belong to him).
-- @treturn {string,...} id order
function M.subordinates(game, leader)
  local out = {}
  for _, u in ipairs(game.store:units_of(game:unit_info(leader).command)) do
    if M.combat(game, u) then out[#out + 1] = u end
  end
  return out
end

--- Whether a leader is on his active side now: exempt, or flipped this turn
-- [battle_of_buena_vista 6.1b] [battle_of_buena_vista 6.1c].
function M.leader_active(game, id)
  return M.exempt(game, id) or game.store:marker(id, "active") > 0
end

local function in_play(game, id)
  return M.zone(game, id) ~= nil
end

-- }====

-- {==== the chain ===============================================================================

--- Works out the units active this turn [battle_of_buena_vista 6.1b] and keeps them in
-- `game.vars.active` (id order): every exempt counter in play [battle_of_buena_vista 6.1c];
-- every leader on his active side; the infantry and cavalry stacked with an active army
-- commander, his own stack only, never the next hexes [battle_of_buena_vista E-6.23a]
-- [battle_of_buena_vista E-6.23b] (Santa Anna those of the reserve only with the option
-- `santa_anna_reserve`, [battle_of_buena_vista E-5.4c]); and each active unit leader's
-- units stacked with or next to him, then any of his units next to one of his units
-- activated so, a chain of any length [battle_of_buena_vista 6.1b]
-- [battle_of_buena_vista E-6.23d]: the errata's two examples, an army commander's stack
-- active and his unit's next counters not [battle_of_buena_vista E-6.23e], a unit leader in
-- it chaining to his own [battle_of_buena_vista E-6.23f]. The chain runs through the
-- leader's own units only (docs/rulings/battle_of_buena_vista.md, A11).
-- @treturn {string,...} the active counters
function M.chain(game)
  local store = game.store
  local active = {}
  local reserve = game.vars.reserve_units or {}
  local cp_reserve = (game.params.santa_anna_reserve or 1) == 1
  for _, side in ipairs(game:sides()) do
    for _, id in ipairs(store:units{ side = side }) do
      if in_play(game, id) and M.exempt(game, id) then active[id] = true end
    end
    for _, l in ipairs(store:leaders(side)) do
      if in_play(game, l) and M.leader_active(game, l) then
        active[l] = true
        if M.army_commander(game, l) then
          for _, u in ipairs(store:units{ side = side }) do
            local t = game:unit_info(u).type
            if (t == "infantry" or t == "cavalry" or t == "brigade") and in_play(game, u)
              and M.stacked(game, l, u)
              and not (l == M.SANTA_ANNA and not cp_reserve and list.contains(reserve, u)) then
              active[u] = true
            end
          end
        else
          local own = {}
          for _, u in ipairs(M.subordinates(game, l)) do
            if in_play(game, u) then own[#own + 1] = u end
          end
          local reached, frontier = {}, {}
          for _, u in ipairs(own) do
            if M.near(game, l, u) then
              reached[u] = true
              frontier[#frontier + 1] = u
            end
          end
          while #frontier > 0 do
            local nxt = {}
            for _, a in ipairs(frontier) do
              for _, u in ipairs(own) do
                if not reached[u] and M.near(game, a, u) then
                  reached[u] = true
                  nxt[#nxt + 1] = u
                end
              end
            end
            frontier = nxt
          end
          for u in pairs(reached) do active[u] = true end
        end
      end
    end
  end
  local out = {}
  for id in pairs(active) do out[#out + 1] = id end
  table.sort(out)
  game.vars.active = out
  return out
end

--- Whether a counter is active this turn (the set `chain` worked out; an exempt counter
-- always) [battle_of_buena_vista 6.1a].
function M.is_active(game, id)
  if M.exempt(game, id) then return true end
  return list.contains(game.vars.active or {}, id)
end

--- Whether a counter may move in its side's impulse, and why not: only active units move
-- [battle_of_buena_vista 6.1a]; Mexican artillery only under a Moving marker
-- [battle_of_buena_vista 7.2]; a supply train never [battle_of_buena_vista 7.1c]. A leader
-- moves when he is active, or when a unit of his command is, to go with it
-- (docs/rulings/battle_of_buena_vista.md, "Who moves").
-- @treturn boolean
-- @treturn ?string why not, with its case
function M.may_move(game, unit)
  local info = game:unit_info(unit)
  if not in_play(game, unit) then return false, unit .. " is not in play" end
  if info.type == "train" then
    return false, unit .. " is a supply train: it never moves " .. cite("7.1c")
  end
  if info.type == "artillery" and info.side == "MEX" and game.store:marker(unit, "moving") == 0 then
    return false, unit .. " is not under a Moving marker " .. cite("7.2")
  end
  if M.is_active(game, unit) then return true end
  if info.kind == "leader" and not M.army_commander(game, unit) then
    for _, u in ipairs(M.subordinates(game, unit)) do
      if M.is_active(game, u) then return true end
    end
  end
  return false, unit .. " is not activated this turn " .. cite("6.1a")
end

-- }====

-- {==== the activation phase ====================================================================

local function flip(game, leader, why)
  game.store:set_marker(leader, "active", 1)
  game:log(leader .. " is activated" .. why)
  game.hooks:fire("leader.activated", { leader = leader, side = game:unit_info(leader).side })
end

local function count_activation(game, side)
  local n = (game.vars.activations or 0) + 1
  game.vars.activations = n
  game.hooks:fire("activation.start", { side = side, n = n })
  return n
end

--- The leaders a side may still flip: its unit leaders and Pérez in play, not exempt, not
-- active (id order) [battle_of_buena_vista 6.2] [battle_of_buena_vista 6.3a].
function M.candidates(game, side, zone)
  local out = {}
  for _, l in ipairs(game.store:leaders(side)) do
    local z = M.zone(game, l)
    if z and (zone == nil or z == zone) and not M.exempt(game, l)
      and game.store:marker(l, "active") == 0 then
      out[#out + 1] = l
    end
  end
  return out
end

-- Why `answer` may not be named to an activate request of `side` (a refusal's reason with
-- its case), or nil: not a leader of the side in play, exempt, already active; for Wool or
-- Taylor (`c`, in `zone`), a leader of the other zone or one he has tried.
local function why_not(game, side, answer, c, zone, tried)
  local ok, info = pcall(game.unit_info, game, answer)
  if not ok or info.kind ~= "leader" or info.side ~= side then
    return answer .. " is not a leader of " .. side .. " " .. cite(c and "6.3" or "6.2")
  end
  local z = M.zone(game, answer)
  if not z then return answer .. " is not in play " .. cite(c and "6.3a" or "6.2") end
  if M.exempt(game, answer) then
    return answer .. " is exempt: always active " .. cite("6.1c")
  end
  if game.store:marker(answer, "active") > 0 then
    return answer .. " is already active this turn " .. cite("6.1a")
  end
  if c and z ~= zone then
    local where = { map = "the main map", track = "the Saltillo Track" }
    return string.format("%s is on %s: %s, on %s, activates leaders there only %s", answer,
      where[z], c.id, where[zone], cite("6.3a"))
  end
  if c and tried[answer] then
    return c.id .. " has already tried " .. answer .. ": one try a leader " .. c.rule
  end
  return nil
end

--- The number of leaders the Mexican player may activate: a die plus Santa Anna's rating,
-- unless a random event has wounded him (or he is gone) [battle_of_buena_vista 6.2].
-- @treturn integer
-- @treturn integer the die
function M.mexican_allowance(game)
  local die = game:roll("d6", "Mexican activation", cite("6.2"))
  local bonus = 0
  if not game.vars.santa_anna_wounded and in_play(game, M.SANTA_ANNA) then
    bonus = game.store:get(M.SANTA_ANNA, "activation")
  end
  return die + bonus, die
end

--- Mexican activation [battle_of_buena_vista 5.2-A5] [battle_of_buena_vista 6.2]: the
-- allowance rolled, then the Mexican player names the leaders to flip one by one, on the map
-- or the Track, until the allowance is spent or he says done. A unit leader stacked with
-- Santa Anna or Pérez counts like any other [battle_of_buena_vista E-6.23c]; Pérez himself
-- is not exempt and takes one of them (docs/rulings/battle_of_buena_vista.md, A22).
function M.mexican(game)
  local side = "MEX"
  local n = count_activation(game, side)
  local allowance, die = M.mexican_allowance(game)
  game.vars.mex_allowance = allowance
  game:log(string.format("Mexican activation: d6 %d%s = %d leaders %s", die,
    allowance > die and (" + " .. (allowance - die) .. " (Santa Anna)")
      or (game.vars.santa_anna_wounded and " (Santa Anna wounded: no bonus)" or ""),
    allowance, cite("6.2")))
  local used = 0
  while used < allowance do
    local options = M.candidates(game, side)
    if #options == 0 then break end
    options[#options + 1] = "done"
    local answer = game:ask(side, {
      kind = "activate",
      prompt = string.format("Mexican activation: name a leader to activate (%d of %d left) "
        .. "or done", allowance - used, allowance),
      options = options,
      default = "done",
      rule = cite("6.2"),
      explain = function(a) return why_not(game, side, a) end,
    })
    if answer == "done" then break end
    used = used + 1
    flip(game, answer, " (" .. used .. " of " .. allowance .. ") " .. cite("6.2"))
  end
  game.hooks:fire("activation.end", { side = side, n = n })
end

-- one commander's tries [battle_of_buena_vista 6.3b] [battle_of_buena_vista 6.3c]
local function commander_tries(game, c)
  local side = "US"
  local zone = M.zone(game, c.id)
  if not zone then
    game:log(c.id .. " is not in play: he activates no leader " .. c.rule)
    return
  end
  local tried, successes = {}, 0
  while successes < c.successes do
    local options = {}
    for _, l in ipairs(M.candidates(game, side, zone)) do
      if not tried[l] then options[#options + 1] = l end
    end
    if #options == 0 then break end
    options[#options + 1] = "done"
    local where = zone == "map" and "the main map" or "the Saltillo Track"
    local answer = game:ask(side, {
      kind = "activate",
      prompt = string.format("%s (on %s) names a leader there to roll for (1-%d activates him; "
        .. "%d of %d left) or done", c.id, where, c.at_most, c.successes - successes,
        c.successes),
      options = options,
      default = "done",
      rule = c.rule .. " " .. cite("6.3a"),
      explain = function(a) return why_not(game, side, a, c, zone, tried) end,
    })
    if answer == "done" then break end
    tried[answer] = true
    local die = game:roll("d6", c.id .. " activates " .. answer, c.rule)
    if die <= c.at_most then
      successes = successes + 1
      flip(game, answer, string.format(" by %s: d6 %d <= %d %s", c.id, die, c.at_most, c.rule))
    else
      game:log(string.format("%s fails to activate %s: d6 %d > %d; %s may not try him again %s",
        c.id, answer, die, c.at_most, c.id, c.rule))
    end
  end
end

--- American activation [battle_of_buena_vista 5.2-A6] [battle_of_buena_vista 6.3]:
-- the unit leaders stacked with Wool or Taylor are activated free [battle_of_buena_vista
-- E-6.23c] (their units come with the stack [battle_of_buena_vista 6.3d]); then Wool and
-- Taylor, in the order the American player names, each name leaders in their own zone (the
-- main map or the Saltillo Track [battle_of_buena_vista 6.3a]) and roll for them one by one:
-- Wool until one succeeds on 1-4 [battle_of_buena_vista 6.3b], Taylor until three succeed on
-- 1-5 [battle_of_buena_vista 6.3c], one try each per leader, and no leader already active.
function M.american(game)
  local side = "US"
  local n = count_activation(game, side)
  for _, c in ipairs(M.US_COMMANDERS) do
    if in_play(game, c.id) then
      for _, l in ipairs(M.candidates(game, side)) do
        if M.unit_leader(game, l) and M.stacked(game, c.id, l) then
          flip(game, l, " free, stacked with " .. c.id .. " " .. cite("E-6.23c"))
        end
      end
    end
  end
  local order = { M.US_COMMANDERS[1], M.US_COMMANDERS[2] }
  if in_play(game, "Wool") and in_play(game, "Taylor") then
    local first = game:ask(side, {
      kind = "first_commander",
      prompt = "American activation: which commander rolls first, Wool or Taylor?",
      options = { "Wool", "Taylor" },
      default = "Wool",
      rule = cite("6.3"),
    })
    if first == "Taylor" then order = { M.US_COMMANDERS[2], M.US_COMMANDERS[1] } end
  end
  for _, c in ipairs(order) do commander_tries(game, c) end
  game.hooks:fire("activation.end", { side = side, n = n })
end

--- The end of the activation phase: the active units worked out and held for the turn
-- [battle_of_buena_vista 6.1a] [battle_of_buena_vista 6.1b].
function M.settle(game)
  local act = M.chain(game)
  local by = { US = 0, MEX = 0 }
  for _, id in ipairs(act) do
    local s = game:unit_info(id).side
    by[s] = (by[s] or 0) + 1
  end
  game:log(string.format("active this turn: %d American, %d Mexican counters %s", by.US,
    by.MEX, cite("6.1b")))
  game.hooks:fire("activation.chain", { units = act })
end

--- Administration: every leader back on his initiative side [battle_of_buena_vista 5.2-D1].
function M.reset(game)
  for _, side in ipairs(game:sides()) do
    for _, l in ipairs(game.store:leaders(side)) do
      if game.store:marker(l, "active") > 0 then game.store:set_marker(l, "active", 0) end
    end
  end
  game.vars.active = {}
  game:log("every leader is flipped to his initiative side " .. cite("5.2-D1"))
end

-- }====

return M
