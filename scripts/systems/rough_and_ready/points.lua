--- Rough & Ready's hook points: the digest's proposed points (rough_and_ready.md section 2.4)
-- renamed to `<noun>.<event>` (DESIGN.md principle 6), each with its context fields and the
-- kinds of handler it takes. `volley hooks rough_and_ready` prints them.
--
-- The points marked "now" in docs/rough_and_ready.md are fired by the procedures written
-- (activation, command, movement, fire, victory); the others are declared so battles and
-- mods can rely on their names and fields, and are fired by the shock procedures as they
-- come (#24). A `modify` point without a modifier list passes its
-- context itself: the handler changes the fields the point documents (`options`, `usable`,
-- `in_command`); with a list (`mods`) it adds labelled, cited modifiers.
--
-- The shared points (volley.points; docs/runtime.md "The shared points") it fires are those
-- declared here under their names -- game.start/end, activation.start/end, movement.enter/
-- leave/stop, fire.drm/resolved, shock.drm/resolved, retreat.apply, rally.attempt,
-- victory.check -- each with at least the shared fields; it has no turns, so no turn.start
-- nor turn.end (`volley hooks` lists them as not fired).
-- @module systems.rough_and_ready.points

local function p(name, kinds, when, cases, fields)
  return { name = name, kinds = kinds, when = when .. " [rough_and_ready " .. cases .. "]",
           fields = fields }
end

local O, M, R = "observe", "modify", "replace"

local points = {
  -- the game -------------------------------------------------------------------------------------
  p("game.start", { O, R },
    "before the first activation; replace to open otherwise (RS's movement-only activation)",
    "3.11", { "first" }),
  p("game.end", { O },
    "a side has withdrawn or both agreed to a draw",
    "8.0", { "winner", "reason" }),
  -- the activation chain [rough_and_ready 3.11-3.23, 4.1, 4.25-4.28] -----------------------------
  p("activation.select", { M },
    "a side's candidates are listed: remove some from ctx.options, saying why in ctx.reasons "
      .. "(PA Canales by roll only)",
    "3.11, 3.23, 4.1", { "side", "mode", "options", "reasons" }),
  p("activation.leadership", { M },
    "before the OC's Leadership DRM is offered: set ctx.usable = false (and ctx.why) to forbid "
      .. "it",
    "4.25, 4.26", { "side", "target", "leader", "oc", "usable", "why" }),
  p("activation.rating", { M },
    "the rating a roll must not exceed is totalled: add modifiers to it",
    "4.25", { "side", "target", "leader", "rating", "mods" }),
  p("activation.roll", { O, M },
    "modify: the activation die's DRM before the roll (balance option); observe: after it",
    "3.11, 3.22",
    { "side", "target", "kind", "rating", "streak", "mods", "natural", "total", "success" }),
  p("play.received", { O, R },
    "play passes to a side after the opponent's failed roll; replace to offer something else "
      .. "(RP's Arista alert)",
    "3.11, 4.1", { "side", "from" }),
  p("play.pass", { O }, "a side receiving play passes", "4.1", { "side" }),
  p("activation.artillery", { M },
    "the guns an activated leader may activate are listed: remove some from ctx.options",
    "4.28", { "side", "leader", "options" }),
  p("activation.pool", { M },
    "an activated leader's guns are listed: add to ctx.units the side's other units he "
      .. "activates as guns (any leader within range, never in two of the side's activations "
      .. "running: RP's Detachments); ctx.name: what the guns request calls them; ctx.game",
    "4.28", { "side", "leader", "units", "name", "game" }),
  p("activation.start", { O },
    "a command or an independent hex is activated, its units known and marked out of command "
      .. "where they are",
    "3.13, 3.22, 4.23", { "side", "kind", "target", "leader", "units", "artillery", "free", "n" }),
  p("activation.actions", { O, R },
    "the activated units' actions (movement, fire, shock: #22-#24); replace to do them",
    "3.13", { "side", "kind", "target", "leader", "units", "artillery", "n" }),
  p("activation.end", { O },
    "an activation is over, before the victory check (RP road BL, RS Heredia)",
    "3.11", { "side", "kind", "target", "n" }),
  -- command [rough_and_ready 4.22-4.27] ----------------------------------------------------------
  p("command.status", { M },
    "whether a unit is in command is decided: set ctx.in_command and ctx.why (RP detachment "
      .. "leader, RS Owens)",
    "4.22", { "unit", "leader", "in_command", "why" }),
  p("unit.eliminated", { O },
    "a unit has been removed; its leaders relocate next",
    "4.27", { "unit", "hex", "why" }),
  p("leader.relocated", { O },
    "a leader whose stack was destroyed is placed with his command, or removed",
    "4.27", { "leader", "from", "to" }),
  -- movement [rough_and_ready 5.x] (#22) ---------------------------------------------------------
  p("mount.change", { O, R },
    "RS: a 1st MO unit mounts or dismounts",
    "RS 6.9", { "unit", "mounted" }),
  p("movement.start", { O }, "a unit begins to move", "5.11", { "unit", "hex", "ma" }),
  p("movement.cost", { M },
    "a unit's movement query is built: add costs, prohibit hexes, change query.ma; ctx.game",
    "5.11-5.15", { "unit", "query", "game" }),
  p("movement.leave", { O }, "a moving unit is about to leave a hex for the next (volley.walk)",
    "5.12", { "unit", "from", "to" }),
  p("movement.enter", { O }, "a unit has entered a hex", "5.12", { "unit", "from", "to", "cost" }),
  p("movement.stop", { O },
    "a move ends (volley.walk), before the front, Disorder and facing: ctx.why arrived, cut "
      .. "(a step became illegal), or what stopped it; ctx.game",
    "5.12", { "unit", "hex", "entered", "cost", "why", "game" }),
  p("movement.front", { O, R },
    "a mover enters an enemy Front hex: the movement reaction fire window",
    "5.14, 6.14", { "unit", "hex", "enemies" }),
  p("cavalry.withdrawal", { O, R },
    "an activated foot unit (ctx.unit) came next to enemy mounted cavalry (ctx.cavalry) by "
      .. "entering ctx.hex: pre-shock withdrawal; ctx.options the hexes it may withdraw to "
      .. "({hex, path}); replace: move it yourself and return the hex (one of ctx.options, "
      .. "checked), or nil to stay; "
      .. "observe: after it, ctx.to the hex or nil; ctx.game",
    "6.47", { "unit", "cavalry", "hex", "options", "to", "game" }),
  p("movement.hit_roll", { M },
    "an infantry unit that entered a hex of `hit-roll` terrain is to roll for a Hit at the end "
      .. "of its move: set ctx.roll = false (and ctx.why) to spare it (RP's detachments); "
      .. "ctx.game",
    "PA 5.16", { "unit", "hex", "roll", "why", "game" }),
  p("movement.end", { O },
    "a unit stops, after the chaparral Hit roll (hits.lua); ctx.game",
    "5.34, PA 5.16", { "unit", "hex", "entered", "game" }),
  -- fire [rough_and_ready 6.1-6.2] (#23) ---------------------------------------------------------
  p("fire.declared", { O, M, R },
    "a unit or hex of guns declares fire (combining, PA ammo, RP hidden units); modify: "
      .. "take firers out of ctx.firers (ctx.why says why), none left and the fire is not "
      .. "made; ctx.game (script_api.lua); ctx.reaction is `return` for return fire",
    "6.12, 6.22", { "firers", "target", "kind", "reaction", "why", "game" }),
  p("fire.target", { M },
    "whether the firers in ctx.from may fire at ctx.target (in their front, in range, in "
      .. "sight) is decided, for the fire offered and the fire made: set ctx.allowed = false "
      .. "and ctx.why to forbid it (RP's resacas); ctx.game",
    "6.11, 6.18", { "firers", "from", "target", "kind", "range", "allowed", "why", "game" }),
  p("fire.range", { M },
    "a unit's small-arms range is read (for the targets offered and the fire checked): "
      .. "change ctx.range (RS's rifles: 3); ctx.game",
    "6.11, RS 6.14", { "unit", "range", "game" }),
  p("artillery.move_and_fire", { M },
    "whether a gun may both move and fire in one activation: set ctx.allowed (PA "
      .. "Ringgold); ctx.game",
    "6.25, PA 6.25", { "unit", "allowed", "game" }),
  p("fire.drm", { M },
    "a fire roll's modifiers are assembled; ctx.game",
    "6.15, 6.2", { "firers", "target", "kind", "range", "range_drm", "mods", "game" }),
  p("fire.return", { O, R }, "a unit fired on may return fire", "6.14", { "unit", "firer" }),
  p("fire.resolved", { O },
    "after a fire result is applied (PA grass fire); ctx.game",
    "6.16, 6.24",
    { "firers", "target", "kind", "natural", "total", "result", "range", "game" }),
  p("hit.level", { M },
    "the Hits at which a unit is eliminated are set (its Morale plus one): change ctx.level "
      .. "(RP's Mexican units go on reaching their Morale); ctx.game",
    "6.54", { "unit", "level", "why", "game" }),
  p("disorder.applied", { O },
    "a unit is Disordered (a second Disorder: a Hit)",
    "6.61-6.64", { "unit", "second" }),
  p("hit.applied", { O },
    "a unit takes a Hit (flip, elimination, RS melt-down)",
    "6.5", { "unit", "hits" }),
  -- shock [rough_and_ready 6.3-6.4, 6.7-6.8] (#24) -----------------------------------------------
  p("charge.declared", { O }, "cavalry declared to charge, before moving", "6.43", { "unit" }),
  p("shock.start", { O },
    "all movement and fire are done: the shock step",
    "3.13, 6.31", { "side", "n" }),
  p("shock.eligible", { M },
    "whether an activated unit may shock attack at all is decided: set ctx.allowed = false "
      .. "and ctx.why to forbid it (RP's detachments); ctx.game",
    "6.31", { "unit", "allowed", "why", "game" }),
  p("shock.commitment", { M },
    "a Commitment roll's modifiers (leader -1, square +1)",
    "6.33, 4.24, 5.43", { "units", "target", "mods" }),
  p("charge.counter", { O, R },
    "the charged hex's cavalry may counter-charge: replace to make the attempt (set "
      .. "ctx.result `passed` or `failed` for all, or `mixed` with ctx.results[unit] `passed` "
      .. "or `failed` for each; left unset, none is made; anything else stops the "
      .. "game); observe: after it and its "
      .. "outcome",
    "6.44", { "units", "chargers", "attackers", "hex", "result", "results" }),
  p("shock.drm", { M },
    "a shock roll's modifiers, attacker's or defender's",
    "6.38", { "attackers", "defenders", "role", "hex", "origin", "mods" }),
  p("shock.resolved", { O },
    "both shock rolls are read and Hits applied",
    "6.37", { "attackers", "defenders", "hits", "loser" }),
  p("retreat.apply", { O, R },
    "the loser of a shock retreats (replace: move ctx.units out of ctx.from, checked)", "6.7",
    { "units", "from" }),
  p("shock.stacking", { O, R },
    "after a shock, the winner backs out excess units",
    "6.36", { "hex", "units" }),
  p("rally.attempt", { O, R },
    "an eligible unit rallies (RP detachment absorption)",
    "6.8", { "unit", "choice" }),
  -- victory [rough_and_ready 8.0] and the battles' own moments -----------------------------------
  p("stacking.free", { M },
    "whether a unit stacks freely (counts against no limit, none against it) is asked: set "
      .. "ctx.free = true (RP's Detachments); not at set-up",
    "5.21", { "unit", "free" }),
  p("rally.eligible", { M },
    "whether a unit may rally is decided, the system's conditions met: set ctx.allowed = "
      .. "false and ctx.why to forbid it (RP: none in chaparral); ctx.game",
    "6.82", { "unit", "allowed", "why", "game" }),
  p("victory.bl", { M },
    "a side's Battle Lost points are totalled: add the scenario's other sources",
    "8.0", { "side", "mods" }),
  p("victory.check", { O, R }, "after every activation: the withdrawal rolls", "8.0", { "n" }),
  p("wagon.exit", { O }, "RS: a wagon leaves the map", "RS 8.0", { "unit", "hex" }),
  p("intermission.start", { O, R },
    "play stops for an Intermission (PA grass fire, asked by ctx.game.intermission): "
      .. "ctx.first moves first; replace to play it otherwise",
    "PA Grass Fire", { "why", "first", "game" }),
}

-- The context fields' types and meanings (docs/runtime.md "Hook points"): a field's name
-- means the same at every point that has it, unless the point says otherwise below.
local FIELDS = {
  first = { "side", "the side that moves first" },
  winner = { "string", "the side that won, or \"draw\"" },
  reason = { "string", "why the game ended" },
  side = { "side", "the side whose activation or play it is" },
  mode = { "string", "how the side came to choose: open, roll, free, after_pass, intermission" },
  options = { "list", "the choices offered (remove some)" },
  reasons = { "table", "why a candidate was removed, by candidate (set it)" },
  target = { "string", "the command (or the independents' hex) activated" },
  leader = { "unit", "the leader concerned" },
  oc = { "unit", "the side's Overall Commander" },
  usable = { "boolean", "whether the OC's Leadership DRM may be used (set it)" },
  why = { "string", "why (set it with the change)" },
  rating = { "integer", "the leader's rating a roll must not exceed" },
  mods = { "modifiers", "the modifiers: mods:add(value, label, rule)" },
  kind = { "string", "command or independent" },
  streak = { "integer", "the side's rolls already made in a row" },
  natural = { "integer", "the natural die" },
  total = { "integer", "the die with its modifiers" },
  success = { "boolean", "whether the roll succeeded" },
  from = { "hex", "the hex left" },
  to = { "hex", "the hex entered (nil: none)" },
  units = { "units", "the units concerned" },
  artillery = { "units", "the guns the leader activated" },
  free = { "boolean", "whether the activation is free (no roll)" },
  n = { "integer", "the activation's number" },
  unit = { "unit", "the unit concerned" },
  in_command = { "boolean", "whether the unit is in command (set it)" },
  hex = { "hex", "the hex concerned" },
  mounted = { "boolean", "whether the unit is mounted" },
  ma = { "integer", "its Movement Allowance" },
  query = { "query", "the movement query (docs/move.md): ma, prohibited, costs; change it" },
  game = { "game", "the read-only game (ctx.game, volley.script_api)" },
  cost = { "integer", "the MP spent" },
  enemies = { "units", "the enemy units whose Front it is" },
  cavalry = { "units", "the enemy mounted cavalry" },
  entered = { "hexes", "the hexes entered in the move" },
  firers = { "units", "the units (or guns) firing" },
  reaction = { "string", "\"return\" for return fire, else nil" },
  allowed = { "boolean", "whether the gun may move and fire (set it)" },
  range = { "integer", "the range in hexes" },
  firer = { "unit", "the unit that fired" },
  result = { "string", "the chart's result" },
  second = { "boolean", "whether it is the unit's second Disorder" },
  hits = { "integer", "the unit's Hits now" },
  chargers = { "units", "the charging cavalry" },
  attackers = { "units", "the attacking units" },
  defenders = { "units", "the defending units" },
  results = { "table", "each unit's outcome (set it)" },
  role = { "string", "attacker or defender" },
  loser = { "string", "the side that lost the shock, or nil" },
  choice = { "string", "what the unit does" },
  level = { "integer", "the Hits at which the unit is eliminated (set it)" },
  roll = { "boolean", "whether the unit rolls (set it)" },
}

-- Where a field means something else at one point.
local OVERRIDE = {
  ["game.start"] = {},
  ["play.received"] = { from = { "side", "the side whose roll failed" } },
  ["play.pass"] = { side = { "side", "the side that passes" } },
  ["activation.artillery"] = { options = { "units", "the guns offered (remove some)" } },
  ["activation.pool"] = { units = { "units", "the units he may activate as guns (add some)" },
    name = { "string", "what the guns request calls them (set it: \"Detachments\")" } },
  ["activation.select"] = { options = { "list", "the candidates, commands or hexes (remove "
    .. "some)" } },
  ["leader.relocated"] = { from = { "hex", "the leader's hex (nil: none)" },
    to = { "hex", "where he went (nil: removed)" } },
  ["unit.eliminated"] = { hex = { "hex", "where it was (nil: off the map)" },
    why = { "string", "what eliminated it" } },
  ["movement.start"] = { hex = { "hex", "where it starts" } },
  ["movement.front"] = { hex = { "hex", "the Front hex entered" } },
  ["cavalry.withdrawal"] = { hex = { "hex", "the hex the foot unit entered" },
    options = { "list", "the hexes it may withdraw to, {hex, path}" },
    to = { "hex", "where it withdrew (observe), nil to stay" } },
  ["movement.end"] = { hex = { "hex", "where it stops" } },
  ["movement.leave"] = { to = { "hex", "the hex it enters next" } },
  ["movement.stop"] = { hex = { "hex", "where it stops" },
    why = { "string", "arrived, cut, or why it stopped" } },
  ["fire.declared"] = { target = { "hex", "the hex fired at" },
    kind = { "string", "small_arms or artillery" },
    why = { "string", "why firers were taken out (set it)" } },
  ["fire.drm"] = { target = { "hex", "the hex fired at" },
    kind = { "string", "small_arms or artillery" },
    range_drm = { "integer", "artillery: the guns' range DRM (+2, 0, -2); nil for small arms" } },
  ["fire.resolved"] = { target = { "hex", "the hex fired at" },
    kind = { "string", "small_arms or artillery" } },
  ["fire.return"] = { unit = { "unit", "the unit fired on" } },
  ["fire.range"] = { range = { "integer", "the unit's small-arms range in hexes (set it)" } },
  ["fire.target"] = { from = { "hex", "the firers' hex" }, target = { "hex", "the hex fired at" },
    kind = { "string", "small_arms or artillery" },
    allowed = { "boolean", "whether the fire is allowed (set it)" } },
  ["stacking.free"] = { free = { "boolean", "whether the unit stacks freely (set it)" } },
  ["shock.eligible"] = { allowed = { "boolean", "whether the unit may shock (set it)" } },
  ["rally.eligible"] = { allowed = { "boolean", "whether the unit may rally (set it)" } },
  ["movement.hit_roll"] = { hex = { "hex", "the first hit-roll hex it entered" } },
  ["shock.commitment"] = { target = { "hex", "the hex attacked" } },
  ["shock.drm"] = { hex = { "hex", "the hex attacked" },
    origin = { "table", "each attacker's hex of origin, by unit" } },
  ["charge.counter"] = { hex = { "hex", "the charged hex" },
    units = { "units", "the cavalry that may counter-charge" },
    result = { "string", "passed, failed or mixed (set it)" } },
  ["retreat.apply"] = { from = { "hex", "the hex the units retreat from" } },
  ["shock.stacking"] = { hex = { "hex", "the hex won" }, units = { "units", "the units backed "
    .. "out" } },
  ["shock.start"] = { n = { "integer", "the activation's number" } },
  ["victory.bl"] = { side = { "side", "the side whose BL are totalled" } },
  ["victory.check"] = { n = { "integer", "the activation just played" } },
  ["wagon.exit"] = { hex = { "hex", "the hex it left from" } },
  ["intermission.start"] = { why = { "string", "why play stops" } },
}

-- What a script's handler may do at each point (volley.script_api): "all" at the moments
-- between procedures; reading only where the rules are in the middle of a calculation a
-- query may run too (`reach` runs command status) or a total; at the seven points that
-- carried ctx.game before issue 34, what they allowed then (roll, hit, set_marker, set_flag,
-- intermission), and more.
local TODAY = { "roll", "hit", "set_marker", "set_flag", "intermission", "declare_result" }
local SOME = { "roll", "ask", "set_marker", "set_flag", "declare_result" }
local ACTIONS = {
  ["game.start"] = "all", ["game.end"] = {},
  ["activation.select"] = { "set_flag", "declare_result" },
  ["activation.leadership"] = {}, ["activation.rating"] = {},
  ["activation.roll"] = { "roll", "set_marker", "set_flag", "declare_result" },
  ["play.received"] = "all", ["play.pass"] = "all",
  ["activation.artillery"] = {},
  ["activation.start"] = "all", ["activation.actions"] = "all", ["activation.end"] = "all",
  ["command.status"] = {},
  ["unit.eliminated"] = "all", ["leader.relocated"] = "all",
  ["mount.change"] = "all", ["movement.start"] = SOME,
  ["movement.cost"] = TODAY,
  ["movement.enter"] = SOME, ["movement.front"] = SOME,
  ["movement.leave"] = SOME, ["movement.stop"] = SOME,
  ["cavalry.withdrawal"] = "all", ["movement.end"] = "all",
  ["fire.declared"] = TODAY, ["artillery.move_and_fire"] = TODAY, ["fire.drm"] = TODAY,
  ["fire.return"] = SOME, ["fire.resolved"] = "all",
  ["fire.target"] = {}, ["fire.range"] = {}, ["hit.level"] = {}, ["movement.hit_roll"] = {},
  ["shock.eligible"] = {}, ["rally.eligible"] = {}, ["stacking.free"] = {},
  ["activation.pool"] = {},
  ["disorder.applied"] = "all", ["hit.applied"] = "all",
  ["charge.declared"] = SOME, ["shock.start"] = "all",
  ["shock.commitment"] = { "roll", "set_marker", "set_flag" },
  ["charge.counter"] = "all",
  ["shock.drm"] = { "roll", "set_marker", "set_flag" },
  ["shock.resolved"] = "all", ["retreat.apply"] = "all", ["shock.stacking"] = "all",
  ["rally.attempt"] = "all", ["victory.bl"] = {}, ["victory.check"] = "all",
  ["wagon.exit"] = "all", ["intermission.start"] = "all",
}

for _, pt in ipairs(points) do
  local over = OVERRIDE[pt.name] or {}
  local typed = {}
  for _, name in ipairs(pt.fields) do
    local d = over[name] or FIELDS[name]
    if not d then error("points.lua: no type for field '" .. name .. "' of " .. pt.name) end
    typed[#typed + 1] = { name, d[1], d[2] }
  end
  pt.fields = typed
  pt.actions = ACTIONS[pt.name]
  if pt.actions == nil then error("points.lua: no actions for " .. pt.name) end
end

-- the scenario's reinforcements, at the opening (no turns: all come at turn 1), as the
-- shared points have them (volley.schedule)
local shared = require "volley.points"
points[#points + 1] = shared.declare("reinforcement.due", "at the opening, before game.start: "
  .. "a reinforcement of the scenario's schedule is due, before it is placed; modify to delay "
  .. "it (a delay keeps it out: there is no turn 2), divert it or keep it out "
  .. "[rough_and_ready 3.11]")
points[#points + 1] = shared.declare("reinforcement.arrive", "at the opening, before "
  .. "game.start: a reinforcement of the scenario's schedule has been placed "
  .. "[rough_and_ready 3.11]")

return points
