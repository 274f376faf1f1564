--- Set-up rules that span units: stacking and facing at set-up (docs/placement.md
-- "Stacking at set-up", "Facing at set-up").
--
-- `volley.placement` says where a line's units may go; this module says where they may go
-- given the units already placed, and which way they face:
--
-- * **Stacking.** Each rule system states its limits in `scripts/systems/<id>/stacking.lua`,
--   a module with `legal(game, unit, hex) -> true | false, why` (why cites the rule): may
--   `unit`, not yet there, stand in `hex` with what the store holds there now. A system
--   without that module gets `default_legal`: no hex holding another side's unit.
-- * **Choices** are asked with only the locations still legal (`request`), a validator that
--   says why a location of the line is not, and a default that spreads the units.
-- * **Facing.** A unit whose facing model faces (a hexside or a vertex model) gets the facing
--   its set-up line gives (`facing <word>` after the spec), else it is asked of its side,
--   the default facing toward the nearest enemy unit (`default_facing`).
--
-- `game` here is anything with `store`, `map` and `params` (a `volley.game` game, or the
-- data-only stand-in of `volley.setup_view`), plus `stacking` (from `M.stacking`) and
-- `common_facing` (from `M.common_facing`).
-- @module volley.placement_setup

local core = require "volley.core"

local M = {}

--- The rule a system without a stacking module falls back on.
M.DEFAULT_RULE = "[volley placement]"

--- The default test: a hex holding a unit of another side is refused; any number of a
-- side's own units may share a hex.
-- @param game
-- @tparam string unit
-- @tparam string hex
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string "0105 holds a unit of side B (B1) [volley placement]"
function M.default_legal(game, unit, hex)
  local side = game.store:unit(unit).side
  for _, other in ipairs(game.store:stack(hex)) do
    local s = game.store:unit(other).side
    if s ~= side then
      return false, hex .. " holds a unit of side " .. s .. " (" .. other .. ") " .. M.DEFAULT_RULE
    end
  end
  return true
end

--- The stacking test of a system: its `stacking.legal` when `scripts/systems/<id>/stacking.lua`
-- exists, else `default_legal`.
-- @tparam string system_id
-- @treturn function `legal(game, unit, hex)`
-- @raise if the module exists but has no `legal` function
function M.stacking(system_id)
  if not core.find("scripts/systems/" .. system_id .. "/stacking.lua") then
    return M.default_legal
  end
  local mod = require("systems." .. system_id .. ".stacking")
  if type(mod) ~= "table" or type(mod.legal) ~= "function" then
    error("system '" .. system_id .. "': scripts/systems/" .. system_id
      .. "/stacking.lua must return a table with a function legal(game, unit, hex)", 0)
  end
  return mod.legal
end

--- The rule by which a system's stacked units all face alike, or nil: the `common_facing`
-- of its stacking module (Rough & Ready's "[rough_and_ready 5.27]"). At set-up a unit that
-- would be asked its facing takes a stack mate's instead, unasked.
-- @tparam string system_id
-- @treturn ?string
function M.common_facing(system_id)
  if not core.find("scripts/systems/" .. system_id .. "/stacking.lua") then return nil end
  local rule = require("systems." .. system_id .. ".stacking").common_facing
  return type(rule) == "string" and rule or nil
end

--- Whether a unit may be placed at a location of a set-up line now: a hex through the
-- system's test, a track space or a box always.
-- @param game (with `stacking`, the function of `M.stacking`)
-- @tparam string unit
-- @tparam string loc
-- @tparam string kind "hex", "space" or "box"
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why, with the rule
function M.check(game, unit, loc, kind)
  if kind ~= "hex" then return true end
  return game.stacking(game, unit, loc)
end

local function place_arg(loc, kind)
  if kind == "space" then return { space = loc } end
  if kind == "box" then return { box = loc } end
  return loc
end

--- Whether all the units of a choice may go to one location, each in turn (placed there
-- for the test and taken off again: the store ends as it was).
-- @treturn[1] true
-- @treturn[2] false
-- @treturn[2] string why the first that may not
local function fits(game, choice, loc)
  local kind = choice.kinds[loc]
  local placed, ok, why = {}, true, nil
  for _, u in ipairs(choice.units) do
    ok, why = M.check(game, u, loc, kind)
    if not ok then break end
    local done, refusal = game.store:place(u, place_arg(loc, kind))
    if not done then
      ok, why = false, refusal
      break
    end
    placed[#placed + 1] = u
  end
  for i = #placed, 1, -1 do assert(game.store:place(placed[i], "none")) end
  return ok, why
end

--- The locations of a choice its units may still take, in the choice's option order.
-- @param game
-- @tparam table choice from `volley.scenario.setup`
-- @treturn {string,...}
-- @treturn table `{loc = why}` for the others
function M.legal(game, choice)
  local out, why = {}, {}
  for _, loc in ipairs(choice.options) do
    local ok, reason = fits(game, choice, loc)
    if ok then out[#out + 1] = loc else why[loc] = reason end
  end
  return out, why
end

--- The default of a choice among its legal locations: its spread default
-- (docs/placement.md "The default") when legal, else the next legal option after it in
-- option order, wrapping around.
-- @tparam table choice
-- @tparam {string,...} legal from `M.legal`
-- @treturn ?string nil when nothing is legal
function M.default(choice, legal)
  if #legal == 0 then return nil end
  local ok = {}
  for _, l in ipairs(legal) do ok[l] = true end
  local n, start = #choice.options, 1
  for i, o in ipairs(choice.options) do
    if o == choice.default then start = i end
  end
  for k = 0, n - 1 do
    local o = choice.options[(start - 1 + k) % n + 1]
    if ok[o] then return o end
  end
  return nil
end

-- Several answers of one kind in one line (`3014 3014 3015`, `N/NE, SW/NW`; docs/shell.md
-- "One line per decision"): the first answers this request, each later one is carried to the
-- side's next request of the kind and checked there (a compound answer, docs/runtime.md
-- "Requests"). Nil for a single word.
local function several(kind)
  return function(answer)
    if type(answer) ~= "string" then return nil end
    local w = {}
    for x in answer:gmatch("[^%s,]+") do w[#w + 1] = x end
    if #w < 2 then return nil end
    local most = require("volley.ask").COMPOUND_AT_MOST
    if #w - 1 > most then
      return nil, "one line answers at most " .. (most + 1) .. " " .. kind .. " requests"
    end
    local rest = {}
    for k = 2, #w do rest[#rest + 1] = { kind = kind, value = w[k] } end
    return w[1], rest
  end
end

--- The request that asks a choice now: only the legal locations, the default among them, and
-- a validator that says why a location of the line is refused.
-- @param game
-- @tparam table choice
-- @treturn table a request for `ask`
-- @raise "<file>:<line>: no location of this line can take <units> now: <why>" when
--   nothing is legal
function M.request(game, choice)
  local legal, why = M.legal(game, choice)
  if #legal == 0 then
    local last = choice.options[#choice.options]
    error(choice.file .. ":" .. choice.line .. ": no location of this line can take "
      .. table.concat(choice.units, " ") .. " now: " .. tostring(why[last]), 0)
  end
  local base = choice.request
  return {
    kind = base.kind, prompt = require("volley.placement").prompt(choice.units, legal),
    rule = base.rule, options = legal,
    default = M.default(choice, legal),
    compound = several(base.kind),
    validate = function(answer)
      if type(answer) == "string" and why[answer] then return false, why[answer] end
      return false, "'" .. tostring(answer) .. "' is not one of this line's locations ("
        .. table.concat(choice.options, " ") .. ")"
    end,
  }
end

-- {====================================================================================
-- Facing
-- =====================================================================================

--- The grid of a map (`volley.core.hex.grid`), for facing words and distances.
-- @param map
function M.grid(map)
  local info = map:info()
  local first = map:hexes()[1]
  return core.hex.grid{ layout = info.layout, parity = info.parity,
                        digits = first and math.floor(#first / 2) or 2 }
end

--- What a unit faces under its current model: "hexside", "vertex", or nil for a model that
-- does not face (leaders, wagons, squares). Learnt by trying a word of each kind; the
-- unit's facing is left as it was.
-- @param store
-- @param grid
-- @tparam string unit
-- @treturn ?string
function M.facing_kind(store, grid, unit)
  local old = store:facing(unit)
  local hs = store:face(unit, grid:hexside_words()[1])
  local vx = store:face(unit, grid:vertex_words()[1])
  assert(store:face(unit, old))
  if hs and vx then return nil end
  if hs then return "hexside" end
  if vx then return "vertex" end
  return nil
end

--- The facing words a kind offers, in the grid's word order.
-- @param grid
-- @tparam string kind "hexside" or "vertex"
-- @treturn {string,...}
function M.words(grid, kind)
  return kind == "vertex" and grid:vertex_words() or grid:hexside_words()
end

-- The nearest enemy unit's hex to `hex` (distance, then label); nil when none is on the map.
local function nearest_enemy(game, grid, unit, hex)
  local best, bd
  for _, e in ipairs(game.store:units{ enemy_of = game.store:unit(unit).side }) do
    local kind, at = game.store:where(e)
    if kind == "hex" then
      local d = grid:distance(hex, at)
      if not bd or d < bd or (d == bd and at < best) then best, bd = at, d end
    end
  end
  return best
end

-- The facing of another unit in the unit's hex, when it is a word of `words`; else nil.
local function mate_facing(game, unit, hex, words)
  for _, other in ipairs(game.store:stack(hex)) do
    local f = other ~= unit and game.store:facing(other)
    if f then
      for _, w in ipairs(words) do
        if w == f then return f end
      end
    end
  end
  return nil
end

--- The default facing of a unit at set-up: the facing of a unit already facing in its hex
-- (stacked units face alike in the rules that face vertices, e.g. [rough_and_ready 5.27]);
-- else toward the nearest enemy unit on the map: the hexside (or vertex) whose neighbour
-- (or two neighbours, summed) lies nearest it, ties to the first in word order; else the
-- first word (N, or N/NE).
-- @param game
-- @param grid
-- @tparam string unit on a hex
-- @tparam string kind "hexside" or "vertex"
-- @treturn string a facing word
function M.default_facing(game, grid, unit, kind)
  local _, hex = game.store:where(unit)
  local words = M.words(grid, kind)
  local mate = mate_facing(game, unit, hex, words)
  if mate then return mate end
  local enemy = nearest_enemy(game, grid, unit, hex)
  if not enemy then return words[1] end
  local sides = grid:hexside_words()
  local function d(i) return grid:distance(grid:neighbor(hex, sides[(i - 1) % 6 + 1]), enemy) end
  local best, bs
  for i, w in ipairs(words) do
    local s = kind == "vertex" and (d(i) + d(i + 1)) or d(i)
    if not bs or s < bs then best, bs = w, s end
  end
  return best
end

--- Faces every unit of the set-up that faces and stands on a hex: the line's word when it
-- gives one; else, when the system's stacked units face alike (`game.common_facing`), a
-- stack mate's facing; else the answer of `answer(side, request)` (an `ask`, or the default).
-- @param game
-- @tparam {table,...} entries `plan.facings` of `volley.scenario.setup`
-- @tparam function answer `answer(side, request) -> word`
-- @raise "<file>:<line>: cannot face <unit> <word>: <why>"
function M.face_all(game, entries, answer)
  local grid = M.grid(game.map)
  for _, e in ipairs(entries) do
    local where, hex = game.store:where(e.unit)
    local kind = where == "hex" and M.facing_kind(game.store, grid, e.unit)
    if kind then
      local word = e.word
      if not word and game.common_facing then
        word = mate_facing(game, e.unit, hex, M.words(grid, kind))
      end
      local asked = not word
      if not word then
        word = answer(e.side, {
          kind = "face", prompt = "face " .. e.unit .. " in " .. hex, rule = e.rule,
          options = M.words(grid, kind), default = M.default_facing(game, grid, e.unit, kind),
          compound = several("face"),
        })
      end
      local ok, why = game.store:face(e.unit, word)
      if not ok then
        error(e.file .. ":" .. e.line .. ": cannot face " .. e.unit .. " " .. word .. ": "
          .. tostring(why), 0)
      end
      -- a facing asked is told, as a turn after a move is
      if asked and game.log then
        game:log(e.unit .. " faces " .. word .. " " .. tostring(e.rule))
      end
    end
  end
end

-- }====================================================================================

--- Hides the units of every set-up line of choices marked `hidden` from the other sides,
-- before anything of the set-up is asked (a request at `setup.start` included), so that no
-- request, answer or view of another side shows them until a rule reveals them
-- (docs/shell.md "Views"). Hiding one already hidden changes nothing.
-- @param game with `setup` (the plan)
function M.hide(game)
  for _, c in ipairs((game.setup or {}).choices or {}) do
    if c.hidden then
      for _, u in ipairs(c.units) do game.store:set_hidden(u, true) end
    end
  end
end

--- Places every choice and faces every unit: each choice by `answer(side, request)`, then
-- each facing the same way (docs/placement.md).
-- @param game with `setup` (the plan) and `stacking`
-- @tparam function answer
function M.run(game, answer)
  local scenario = require "volley.scenario"
  local plan = game.setup or {}
  M.hide(game)
  for _, c in ipairs(plan.choices or {}) do
    local where = answer(c.side, M.request(game, c))
    assert(scenario.place_choice(game.store, c, where))
  end
  M.face_all(game, plan.facings or {}, answer)
end

return M
