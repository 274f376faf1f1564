--- Battle of Buena Vista's hook points: the shared ones it fires (volley.points: the game,
-- turns, activations, victory; the movement's are declared by movement.lua, whose
-- `movement.points` init.lua adds after these), then its own, the digest's proposed points
-- (buena_vista.md section 2.2) named `<noun>.<event>`.
-- `volley hooks battle_of_buena_vista` prints them. Shock, fire, retreats, rallies, random
-- events and the Saltillo Track's points come with their issues (45, 46, 48).
-- @module systems.battle_of_buena_vista.points

local shared = require "volley.points"

local function f(name, type, meaning) return { name, type, meaning } end

local function p(name, kinds, when, cases, fields, actions)
  return { name = name, kinds = kinds, when = when .. " [battle_of_buena_vista " .. cases .. "]",
           fields = fields, actions = actions or "all" }
end

local O = "observe"

return {
  shared.declare("game.start", "once, before turn 1's activation phase, after the "
    .. "start-of-game administration [battle_of_buena_vista 3.0c]"),
  shared.declare("game.end", "once: after turn 12's administration, or when the rain comes "
    .. "[battle_of_buena_vista 5.1] [battle_of_buena_vista 5.5]"),
  shared.declare("turn.start", "at the start of each turn, before its activation phase "
    .. "[battle_of_buena_vista 5.2]"),
  shared.declare("turn.end", "at the end of each turn, after its administration phase "
    .. "[battle_of_buena_vista 5.2-D3]"),
  shared.declare("activation.start", "a side's leader activation begins (the Mexican's, then "
    .. "the American's) [battle_of_buena_vista 5.2-A5] [battle_of_buena_vista 5.2-A6]"),
  shared.declare("activation.end", "a side's leader activation is over "
    .. "[battle_of_buena_vista 6.2] [battle_of_buena_vista 6.3]"),
  shared.declare("victory.check", "when the game ends (rain, or the end of turn 12), before "
    .. "the level is judged; replace to judge otherwise [battle_of_buena_vista 4.3a]"),

  p("ford.check", { O }, "A.1, turns 1-3 until a ford is found: the Mexican roll made", "5.3",
    { f("turn", "integer", "the turn"), f("roll", "integer", "the die"),
      f("found", "boolean", "a ford is found"), f("site", "integer", "its site, 1-6, or nil") }),
  p("reserve.check", { O }, "A.2, from turn 5 until the reserve is organized: the Mexican "
    .. "player has chosen, and rolled if he chose to", "5.4",
    { f("turn", "integer", "the turn"), f("rolled", "boolean", "he rolled"),
      f("roll", "integer", "the die, or nil"),
      f("organized", "boolean", "the reserve is organized and placed") }),
  p("rain.check", { O }, "A.3, turns 10-12: the American rain roll made", "5.5",
    { f("turn", "integer", "the turn"), f("roll", "integer", "the die"),
      f("rain", "boolean", "it rains: the game ends") }),
  p("artillery.moving", { O }, "A.4: the Mexican batteries put under Moving markers",
    "5.2-A4, 7.2", { f("units", "units", "the batteries marked") }),
  p("leader.activated", { O }, "a leader is flipped to his active side", "6.1b",
    { f("leader", "unit", "the leader"), f("side", "side", "his side") }),
  p("activation.chain", { O }, "the end of the activation phase: the units active this turn "
    .. "worked out", "6.1b", { f("units", "units", "every active counter, id order") }),
  p("saltillo.phase", { O }, "B: the Saltillo Track phase (its moves and combats are issue "
    .. "48's)", "5.2-B", { f("turn", "integer", "the turn") }),
  p("impulse.start", { O }, "C: an impulse begins, before its movement", "5.2-C",
    { f("turn", "integer", "the turn"), f("side", "side", "the side whose impulse it is"),
      f("n", "integer", "the side's impulse, 1-3") }),
  p("impulse.end", { O }, "C: an impulse is over (after its fire, the leaders re-homed, the "
    .. "parapets checked)", "5.2-C, 2.3f",
    { f("turn", "integer", "the turn"), f("side", "side", "the side whose impulse it was"),
      f("n", "integer", "the side's impulse, 1-3") }),
  p("parapet.removed", { O }, "a parapet marker is removed", "2.3f",
    { f("hex", "hex", "its hex"), f("why", "string", "why") }),
  p("leader.removed", { O }, "a unit leader is removed, every unit of his gone", "2.6a",
    { f("leader", "unit", "the leader"), f("side", "side", "his side") }),
  p("brigade.replaced", { O }, "a brigade's replacement counter takes the place of its first",
    "2.5d", { f("unit", "unit", "the spent counter"), f("by", "unit", "its replacement") }),
  p("administration.start", { O }, "D: the administration phase, leaders flipped and Moving "
    .. "markers removed", "5.2-D1, 5.2-D2", { f("turn", "integer", "the turn") }),
}
