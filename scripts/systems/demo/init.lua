--- The demo system: the smallest complete rule system, for tests and as a model for
-- designers (docs/runtime.md). Two sides, A and B, on a small map: turns of movement by each
-- side, an enemy's reaction when a unit ends its move next to it, and a victory check. Its
-- rules are volley's own, not a published game's; they are cited as [demo <case>].
-- @module systems.demo

local shared = require "volley.points"

local M = {}

M.id = "demo"
M.title = "volley demo system (two sides, turns, movement, a reaction)"

--- The scenario parameters the demo reads (game.params): a scenario's `[params]` may set
-- these and no others (volley.game.open refuses the rest).
M.params = {
  { name = "turns", min = 1, max = 99, default = 4, rule = "[demo 4.1]",
    help = "the last turn" },
  { name = "stack_limit", min = 1, max = 9, default = 2, rule = "[demo 3.4]",
    help = "units of a side a hex may hold at the end of a move" },
}

--- What a scenario's start state may set (docs/demo.md "Start states").
M.start_state = require "systems.demo.start_state"

--- The system's part of the script API (volley.script_api; docs/modding.md).
M.script_api = "systems.demo.script_api"

-- A context field: its name, type and meaning (docs/runtime.md "Hook points").
local function f(name, type, meaning)
  return { name, type, meaning }
end

--- The hook points: each context field typed and described, and the actions a script's
-- handler may take there (volley.script_api; `volley hooks demo` prints them). Where the rules
-- are in the middle of a calculation (a reach, a roll's modifiers) a handler only reads.
M.points = {
  { name = "game.start", kinds = { "observe" },
    when = "once, at the start of the first turn, before its turn.start",
    fields = { f("first", "side", "the side that moves first ([sides] first)") },
    actions = "all" },
  { name = "game.end", kinds = { "observe" },
    when = "once, when the victory check (or a declared result) has decided the game",
    fields = { f("winner", "string", "the side that won, or \"draw\""),
               f("reason", "string", "why: annihilation, last turn, or a declared result's") },
    actions = {} },
  { name = "turn.start", kinds = { "observe" }, when = "at the start of each turn",
    fields = { f("turn", "integer", "the turn beginning, from 1") },
    actions = "all" },
  -- the scenario's schedule, after turn.start (volley.schedule.start)
  shared.declare("schedule.event", "at the start of a turn, after turn.start: an event of "
    .. "the turn's [turns] line, in the order listed (volley.schedule)"),
  shared.declare("reinforcement.due", "at the start of a turn, after its events: a "
    .. "reinforcement of the schedule is due, before it is placed; modify to delay it, "
    .. "divert it or keep it out (volley.schedule)"),
  shared.declare("reinforcement.arrive", "at the start of a turn: a reinforcement of the "
    .. "schedule has been placed (volley.schedule)"),
  { name = "turn.end", kinds = { "observe" },
    when = "at the end of each turn, after both movement phases, before its victory check",
    fields = { f("turn", "integer", "the turn ending") },
    actions = "all" },
  { name = "movement.cost", kinds = { "modify" },
    when = "before a unit's reach is computed: add extra costs or prohibit hexes",
    fields = { f("unit", "unit", "the unit whose reach is computed"),
               f("overlay", "query", "its movement query (docs/move.md): ma, prohibited, "
                 .. "must_stop, costs; change it") },
    actions = {} },
  { name = "movement.leave", kinds = { "observe" },
    when = "a moving unit is about to leave a hex for the next (each hex of a move)",
    fields = { f("unit", "unit", "the unit moving"), f("from", "hex", "the hex it leaves"),
               f("to", "hex", "the hex it enters next") },
    actions = { "roll", "ask", "set_marker", "set_flag", "declare_result" } },
  { name = "movement.enter", kinds = { "observe" },
    when = "a moving unit has entered a hex (each hex of a move)",
    fields = { f("unit", "unit", "the unit moving"), f("from", "hex", "the hex it left"),
               f("to", "hex", "the hex it entered"),
               f("cost", "integer", "the MP this step cost") },
    actions = { "roll", "ask", "set_marker", "set_flag", "declare_result" } },
  { name = "movement.stop", kinds = { "observe" },
    when = "a move has ended, after it is logged and before the enemy's reactions",
    fields = { f("unit", "unit", "the unit that moved"), f("hex", "hex", "where it stopped"),
               f("entered", "hexes", "the hexes it entered, in order"),
               f("cost", "integer", "the MP it spent"),
               f("why", "string", "arrived (a demo move always arrives)"),
               f("from", "hex", "where the move began") },
    actions = { "roll", "ask", "set_marker", "set_flag", "declare_result" } },
  { name = "reaction.offer", kinds = { "observe", "replace" },
    when = "an enemy unit next to a unit that has just moved may react",
    fields = { f("unit", "unit", "the unit that moved"),
               f("reactor", "unit", "the enemy unit that may fire at it") },
    actions = { "roll", "ask", "hit", "set_marker", "set_flag", "eliminate",
                "declare_result" } },
  { name = "fire.drm", kinds = { "modify" }, when = "before a fire roll is totalled",
    fields = { f("firers", "units", "the units firing (the demo's: one)"),
               f("firer", "unit", "the unit firing"), f("target", "unit", "the unit fired at"),
               f("mods", "modifiers", "the roll's modifiers: mods:add(value, label, rule)") },
    actions = { "roll", "set_marker", "set_flag" } },
  { name = "fire.resolved", kinds = { "observe" }, when = "after a fire roll's result is applied",
    fields = { f("firers", "units", "the units that fired (the demo's: one)"),
               f("firer", "unit", "the unit that fired"), f("target", "unit", "the unit fired at"),
               f("result", "string", "miss, hit or eliminated") },
    actions = "all" },
  { name = "victory.check", kinds = { "observe", "replace" }, when = "at the end of each turn",
    fields = { f("turn", "integer", "the turn ending") },
    actions = "all" },
}

--- What the prompt's `show UNIT` adds (volley.queries.show, on the store the viewer sees):
-- in a movement phase, whether the unit has moved in it and the MP it has [demo 4.2] (a demo
-- unit moves once a phase, its whole MA, and never fires but in reaction [demo 5.1]); its
-- hits against its strength [demo 5.3]. Read only.
-- @treturn {string,...}
function M.show(game, unit)
  local store = game.store
  if store:where(unit) ~= "hex" then return {} end
  local info = store:unit(unit)
  local out = {}
  local now = require("systems.demo.script_api").now(game)
  if now.side then
    local moved = require("volley.list").contains(game.vars.moved, unit)
    if info.side ~= now.side then
      out[#out + 1] = "turn " .. now.turn .. ", side " .. now.side .. "'s movement: " .. unit
        .. " does not move in it; it may react to a move that ends next to it [demo 5.1]"
    elseif moved then
      out[#out + 1] = "turn " .. now.turn .. ", side " .. now.side .. "'s movement: " .. unit
        .. " has moved (0 MP left) [demo 4.2]"
    else
      out[#out + 1] = "turn " .. now.turn .. ", side " .. now.side .. "'s movement: " .. unit
        .. " has not moved (" .. tostring(store:get(unit, "ma")) .. " MP) [demo 4.2]"
    end
  end
  local okh, h = pcall(store.marker, store, unit, "hits")
  local oks, n = pcall(store.get, store, unit, "strength")
  if okh and oks and n then
    out[#out + 1] = "ratings: MA " .. tostring(store:get(unit, "ma")) .. ", strength "
      .. tostring(n) .. " (" .. tostring(h) .. (h == 1 and " hit" or " hits")
      .. ": eliminated at " .. tostring(n)
      .. " [demo 5.3])"
  end
  return out
end

--- The sequence of play [demo 4.1]: turns until a side wins or the last turn
-- (`params.turns`, default 4) has been played; each turn a start, the movement phase of the
-- scenario's first side (`[sides] first`), then the other's, the turn's end and the victory
-- check. `game.start` fires at the first turn's start, `game.end` when the game is decided
-- (the shared points, volley.points).
function M.sequence(_)
  local runner = require "volley.runner"
  local movement = require "systems.demo.movement"
  local victory = require "systems.demo.victory"
  return runner.loop("turn", {
    while_ = function(game, turn)
      return game.vars.winner == nil and turn <= game.params.turns
    end,
  }, {
    runner.step("start", function(game, ctx)
      game.vars.turn = ctx.iter.turn
      if ctx.iter.turn == 1 then
        game.hooks:fire("game.start", { first = game:first_side() })
      end
      game.hooks:fire("turn.start", { turn = ctx.iter.turn })
      -- the scenario's schedule: the turn's events, then its reinforcements
      -- (docs/runtime.md "Schedules")
      require("volley.schedule").start(game, ctx.iter.turn, game.hooks)
    end),
    runner.loop("phase", { count = 2 }, {
      runner.step("movement", function(game, ctx)
        local first = game:first_side()                          -- [demo 4.1]
        movement.phase(game, ctx.iter.phase == 1 and first or game:enemy(first))
      end),
    }),
    runner.step("victory", function(game, ctx)
      game.hooks:fire("turn.end", { turn = ctx.iter.turn })
      local c = { turn = ctx.iter.turn }
      game.hooks:fire("victory.check", c)
      -- a result a script declared ends the game here, before the rule's own check
      if not victory.declared(game) then
        game.hooks:replace("victory.check", c, function() victory.check(game, ctx.iter.turn) end)
      end
      if game.vars.winner ~= nil then
        game.hooks:fire("game.end", { winner = game.vars.winner, reason = game.vars.reason })
      end
    end),
  })
end

return M
