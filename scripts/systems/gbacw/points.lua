--- The GBACW series' hook points: every point of the digest's proposed list (gringo.md
-- section 2.4) named `<noun>.<event>` as issue 57 fixes them, which later issues and the five
-- Gringo! battles rely on; the shared names of volley.points (docs/runtime.md "The shared
-- points") where the series has them, with at least their shared fields. Each point says
-- when it fires, the case it fires at, its context fields and the kinds of handler it takes.
-- `volley hooks gbacw` prints them. Only game.setup and game.end fire today (GBACW I opens
-- the game and ends it); the others are declared so battles and mods can rely on their names
-- and fields, and fire as the procedures that own them arrive (GBACW II-IX).
-- @module systems.gbacw.points

local shared = require "volley.points"

local function f(name, type, meaning) return { name, type, meaning } end

local O, M, R = "observe", "modify", "replace"

local function p(name, kinds, when, cases, fields, actions)
  return { name = name, kinds = kinds, when = when .. " [gbacw " .. cases .. "]",
           fields = fields, actions = actions or "all" }
end

local DRM = { "roll", "set_flag", "set_marker" }
local TURN = f("turn", "integer", "the turn, from 1")
local SIDE = f("side", "side", "the side acting")
local BRIGADE = f("brigade", "string", "the brigade's command id")
local DIVISION = f("division", "string", "the division's command id")
local UNIT = f("unit", "unit", "the unit")
local MODS = f("mods", "modifiers", "the roll's modifiers: mods:add(value, label, rule)")
local ATT = f("attackers", "units", "the attacking units")
local DEF = f("defenders", "units", "the defending units")

return {
  -- the game --------------------------------------------------------------------------------
  p("game.setup", { O, R }, "once, after the set-up and the start state, before turn 1: "
    .. "deployments, hidden set-ups, a bombardment before the game (CH), Monterey's posture",
    "3.0, 1.0", { f("first", "side", "the side with the first Initiative, or nil") }),
  shared.declare("game.end", "once, when the game is decided [gbacw 3.0]"),
  p("period.start", { O }, "Monterey only: an Assault Period begins (posture, Twiggs, "
    .. "barricades)", "MO Assault Periods", { f("period", "integer", "the period, 1-4") }),
  p("period.end", { O }, "Monterey only: an Assault Period ends (the Interphase, the "
    .. "surrender roll)", "MO Interphase", { f("period", "integer", "the period ending") }),
  shared.declare("turn.start", "at the start of each turn, before the Initiative Segment "
    .. "[gbacw 3.0]"),
  -- I: Initiative ---------------------------------------------------------------------------
  p("initiative.roll", { O, M, R }, "Segment I: each side's Initiative roll; modify: its DRMs "
    .. "(held it last turn, the OC's rating, posture); replace: a battle's fixed Initiative",
    "5.11, 5.12", { TURN, f("rolls", "table", "side -> {natural, mods, total}"),
                    f("winner", "side", "the side with the Initiative, or nil on a tie") }),
  -- II: Command and Orders ------------------------------------------------------------------
  p("command.chain", { O, M }, "II/A: the chain of command and each brigade's command "
    .. "status are fixed for the turn", "4.2, 4.23",
    { TURN, f("status", "table", "command id -> true (in command) or false") }),
  p("efficiency.compute", { O, M, R }, "II/B: an Efficiency Marker drawn for a corps and "
    .. "its divisions' AMs computed; replace: a battle's own efficiency", "5.2, 5.21-5.24",
    { TURN, SIDE, f("corps", "string", "the corps's command id"),
      f("marker", "integer", "the Efficiency Marker drawn, 1-4"),
      f("ams", "table", "division id -> its AMs, 0-4") }),
  p("efficiency.transfer", { O, M }, "II/B: a side's one Efficiency Transfer between "
    .. "divisions", "5.4, 5.43-5.44", { TURN, SIDE, f("from", "string", "the division giving"),
      f("to", "string", "the division receiving") }),
  p("orders.division", { O, M }, "II/C: Division Orders: free changes down an intact chain, "
    .. "March orders, artillery attached", "6.14, 4.32, 5.36",
    { TURN, SIDE, BRIGADE, f("orders", "string", "march, advance or attack") }),
  p("orders.reinforcement", { O, M }, "II/D: the orders of this turn's arrivals", "9.71, 6.17",
    { TURN, SIDE, BRIGADE, f("orders", "string", "march, advance or attack") }),
  p("reserve.place", { O, M }, "II/E: a command qualifying under 6.31 goes In Reserve",
    "6.3, 6.31", { TURN, SIDE, f("command", "string", "the command id") }),
  p("engineering.start", { O }, "II/F: Construction markers placed (breastworks; banned in "
    .. "every Gringo! battle)", "15.13", { TURN, SIDE, f("units", "units", "the builders") }),
  p("orders.end", { O }, "after II/F, the end of the Command and Orders segment (BV's "
    .. "Thunderstorm roll)", "3.0", { TURN }),
  -- III: Activation -------------------------------------------------------------------------
  p("am.initiative", { O, M }, "III/A: the Initiative player sets one of his AMs aside to "
    .. "draw first", "5.13", { TURN, SIDE, f("am", "string", "the AM set aside") }),
  p("am.pool", { O, M }, "III/B: every other AM (March AMs, a battle's own) into the Pool",
    "5.31", { TURN, f("pool", "table", "the AMs placed, in order") }),
  p("am.drawn", { O, M }, "III/C: an AM is drawn, before anything it activates acts "
    .. "(Canales, mines, Smith, off-map guns, Courage's recovery)", "5.3, 5.5",
    { TURN, SIDE, f("am", "string", "the AM drawn"),
      f("commands", "table", "the command ids it activates") }),
  p("orders.change", { O, M, R }, "III/C/1: a brigade rolls on the Orders Change Table; "
    .. "modify its DRMs", "6.21-6.25",
    { TURN, SIDE, BRIGADE, f("from", "string", "its orders"), MODS,
      f("result", "string", "the table's result, after the roll") }, DRM),
  p("orders.loose_cannon", { O, M }, "III/C/1: a Loose Cannon result's brigadier temper "
    .. "read and applied", "6.24, 6.25", { TURN, SIDE, BRIGADE,
      f("temper", "string", "aggressive, normal or cautious") }),
  p("coordination.roll", { O, M }, "III/C/2: a division leader rolls on the Brigade "
    .. "Coordination Table", "5.34", { TURN, SIDE, DIVISION, MODS,
      f("result", "string", "the table's result") }, DRM),
  p("brigade.start", { O }, "III/C/3: a brigade's Action Phase begins", "5.32, 5.33",
    { TURN, SIDE, BRIGADE, f("am", "string", "the AM that activated it") }),
  p("brigade.end", { O }, "III/C/3: a brigade's Action Phase ends (Fatigue placed, March to "
    .. "Advance, extended lines undone, Blown removed)", "17.21, 6.26, 8.42, 11.58",
    { TURN, SIDE, BRIGADE }),
  p("unit.action", { O, M }, "a unit's action is chosen: move and/or fire, or resupply and "
    .. "rally, mounting, a Square (battle book)", "5.33, 14.22, 11.84",
    { TURN, SIDE, UNIT, f("action", "string", "the action chosen") }),
  p("facing.model", { M }, "a unit's facing model is chosen (vertex, March column, refused, "
    .. "Square, a battle's hexside facing)", "7.11-7.15, 7.34", { UNIT,
      f("model", "string", "the facing model; set it") }, {}),
  p("stacking.limits", { M }, "the stacking limits of a hex are computed (orders, a city's "
    .. "streets)", "8.11-8.13", { f("hex", "hex", "the hex"),
      f("limits", "table", "infantry, cavalry SPs and guns; change them") }, {}),
  p("movement.cost", { M }, "before a unit's reach is computed: extra costs, prohibited hexes "
    .. "(trails, a battle's terrain)", "9.41-9.47", { UNIT,
      f("overlay", "query", "its movement query (docs/move.md); change it") }, {}),
  shared.declare("movement.enter", "a moving unit has entered a hex: terrain d and D, the "
    .. "4-hex March check, a battle's ambush [gbacw 9.47]"),
  p("reaction.window", { O }, "a phasing move has triggered the enemy's reactions (facing, "
    .. "refusal, reaction movement, withdrawal and approach fire, Square)",
    "9.61-9.63, 10.44, 10.45", { UNIT, f("to", "hex", "the hex it entered"),
      f("reactors", "units", "the enemy units that may react") }),
  -- fire ------------------------------------------------------------------------------------
  p("fire.declared", { O, M }, "a fire is declared, before any roll (phasing or not)",
    "10.13-10.17, 10.4", { f("firers", "units", "the units firing"),
      f("target", "hex", "the target hex"), f("kind", "string",
        "phasing, return, pre-shock, withdrawal or approach") }),
  shared.declare("fire.drm", "a fire roll's DRMs are assembled (10.81; Mexican -1, "
    .. "thunderstorm, Black Fort, night) [gbacw 10.81]"),
  shared.declare("fire.resolved", "a fire's result has been applied [gbacw 10.17] "
    .. "[gbacw 12.0]"),
  -- shock -----------------------------------------------------------------------------------
  p("shock.designate", { O, M }, "step 1: the shocks designated", "11.31, 11.32",
    { ATT, DEF }),
  p("shock.retreat_before", { O }, "step 2: a defender retreats before shock", "11.33",
    { DEF, f("units", "units", "the units retreating") }),
  p("shock.commitment", { O, M, R }, "step 3: a Green attacker's commitment (Monterey's "
    .. "posture roll replaces it)", "11.36", { ATT, UNIT, MODS }, DRM),
  p("shock.pre_check", { O, M }, "step 4: the defender's pre-shock cohesion check; modify "
    .. "its DRMs", "11.37", { ATT, DEF, UNIT, MODS }, DRM),
  p("shock.pre_fire", { O }, "step 5: pre-shock reaction fire", "11.38", { ATT, DEF }),
  shared.declare("shock.drm", "step 6a: the shock resolution DRMs are assembled [gbacw 11.42]"),
  shared.declare("shock.resolved", "step 6b: the Shock Resolution Table read and applied "
    .. "[gbacw 11.45]"),
  p("shock.advance", { O }, "step 6c: the winners advance", "11.46", { ATT, DEF,
    f("units", "units", "the units advancing") }),
  p("shock.continued", { O, M }, "step 6d: a Continued Shock may follow", "11.47",
    { ATT, DEF, f("n", "integer", "continued shocks so far") }),
  p("shock.post_disorder", { O }, "step 6e: the post-shock automatic Disorder", "11.48",
    { ATT, DEF }),
  shared.declare("retreat.apply", "the loser retreats: one or two hexes, through friends "
    .. "[gbacw 12.41-12.48]"),
  p("rout.apply", { O, M }, "a unit routs (to its Division Command Box, a battle's MSA or "
    .. "Routed box)", "12.5, 12.53", { UNIT, f("to", "string", "where it goes; set it") }),
  p("udd.roll", { O, M }, "any UDD: leader stars, fatigue, Square", "2.6, 11.73, 17.31",
    { UNIT, f("why", "string", "the cause"), MODS }, DRM),
  p("leader.casualty", { O }, "a leader's casualty roll after step losses in his hex",
    "12.7, 12.71-12.74", { f("leader", "unit", "the leader"), f("killed", "boolean",
      "an unadjusted 0") }),
  shared.declare("rally.attempt", "a unit tries to rally [gbacw 13.41]"),
  p("ammo.depletion", { O, M }, "a firer's unadjusted 5 (or 0 under Rapid Fire) depletes "
    .. "its ammunition", "10.69, 10.91, 14.33", { UNIT, f("level", "integer",
      "0 normal, 1 Low, 2 Out") }),
  p("ammo.resupply", { O, M }, "a unit resupplies (optional 10.92)", "10.92, 10.93", { UNIT }),
  p("am.empty", { O }, "III: the Pool is empty", "5.5", { TURN }),
  -- IV: the end of the turn ------------------------------------------------------------------
  p("commander.move", { O, M }, "IV/A: a corps commander or OC moves", "9.32",
    { TURN, SIDE, f("leader", "unit", "the commander"), f("mp", "integer", "the MP used") }),
  p("recovery.step", { O, M }, "IV/B: a step of the Replacement/Recovery Phase, in order "
    .. "(replacements, Reserve, leaving Reserve, Abandoned 2, Abandoned 1, breastworks)",
    "12.74, 6.35, 6.34, 12.8, 15.13", { TURN, SIDE, f("step", "integer", "the step, 1-6") }),
  p("straggler.recovery", { O, M }, "at the end of a Dusk or Night turn: a Reserve brigade "
    .. "recovers stragglers", "16.21, 6.35", { TURN, SIDE, BRIGADE }),
  p("effectiveness.check", { O, M }, "IV/C: Combat Ineffective markers placed or removed",
    "13.2, 13.3", { TURN, SIDE, f("command", "string", "the brigade or division"),
      f("ineffective", "boolean", "it is Combat Ineffective") }),
  shared.declare("turn.end", "IV/D: the Turn Record Phase [gbacw 3.0]"),
  shared.declare("victory.check", "at the end of each turn: a battle's victory conditions "
    .. "[gbacw 3.0]"),
}
