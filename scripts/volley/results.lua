--- Chart results: what the cells of the four rule systems' tables say, parsed with lpeg into
-- plain tables a rule procedure can act on (docs/charts.md lists every code and its shape).
--
-- A cell means something only within its system and its kind of table: "R" is a retreat
-- on Battle of Buena Vista's fire table [battle_of_buena_vista 9.6] and a possible rout on
-- Jackson at the Crossroads' [spi_gbacw 9.87]; "1" is one Hit on Rough & Ready's Shock Result
-- Table [rough_and_ready 6.37] and one lost step on Buena Vista's [battle_of_buena_vista 9.6].
-- So each chart table names its grammar (`results = fire` in its INI section) and the
-- grammars are kept per system: `parse(system, grammar, text)`.
--
-- Shapes share one vocabulary (docs/charts.md "Result shapes"): `none`, `hits`, `loss`,
-- `captured`, `retreat`, `disorder`, `check = {kind =, drm =, pass =, fail =}`, `attacker` /
-- `defender`, `choice`, and a few fields that belong to one table. Every parse builds fresh
-- tables: a caller may change what it gets.
--
-- Two error channels, as everywhere in volley: a bad argument raises; a text that is no
-- result of the grammar returns `nil, message`.
-- @module volley.results

local lpeg = require "lpeg"

local P, R, S, C, Cc, Cg, Ct, Cmt = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Cc, lpeg.Cg,
  lpeg.Ct, lpeg.Cmt

local M = {}

-- ---- building blocks ------------------------------------------------------------------------

local MIDDLE_DOT = "\194\183"          -- "·", U+00B7, Buena Vista's shock "no effect"

-- The integer a numeral spells: "+2" -> 2, "-0" -> 0 (never LuaJIT's -0).
local function int_of(s)
  return tonumber(s) + 0
end

local numeral = P"0" + R"19" * R"09"^0            -- no leading zeros
local signed = (S"+-"^-1 * numeral) / int_of

-- A natural number from lo to hi (hi may be nil: no upper bound).
local function count(lo, hi)
  return Cmt(C(numeral), function(_, pos, s)
    local n = int_of(s)
    if n >= lo and (hi == nil or n <= hi) then return pos, n end
    return false
  end)
end

-- "1 Hit", "2 Hits": the number and the word agree [rough_and_ready 6.16].
local hits = Cmt(C(numeral) * P" " * C(P"Hits" + P"Hit"), function(_, pos, s, word)
  local n = int_of(s)
  if n >= 1 and (n == 1) == (word == "Hit") then return pos, n end
  return false
end)

-- An optional capture's value: lpeg hands a function capture the whole match when the
-- pattern captured nothing, so anything but a number means "absent".
local function opt(v)
  if type(v) == "number" then return v end
  return nil
end

-- A pattern that matches text exactly and returns what make(...) builds from its captures.
local function whole(patt, make)
  return (patt * P(-1)) / make
end

local function none() return { none = true } end

-- Ordered choice of whole-text alternatives (each anchored, so no prefix can win).
local function any_of(...)
  local alts = { ... }
  local p = alts[1]
  for i = 2, #alts do p = p + alts[i] end
  return p
end

-- ---- the grammars, per system ---------------------------------------------------------------

local grammars = {}

-- Registers grammar `name` of `system`: the pattern, the forms it accepts (for messages)
-- and the rule that defines its codes.
local function grammar(system, name, patt, expect, rule)
  grammars[system] = grammars[system] or {}
  grammars[system][name] = { patt = patt, expect = expect, rule = rule }
end

-- Rough & Ready ------------------------------------------------------------------------------

-- The Small-Arms Fire Table and the Artillery Fire Resolution table (both printings).
grammar("rough_and_ready", "fire", any_of(
  -- [rough_and_ready 6.16]: no effect
  whole(P"Nothing", none),
  -- [rough_and_ready 6.16, 6.5]: that many Hits
  whole(hits, function(n) return { hits = n } end),
  -- Artillery Fire Resolution 5-7 [rough_and_ready 6.2, 6.24, 6.61]: every unit in the hex
  -- rolls; above its Adjusted Morale it is Disordered; artillery there is not affected
  whole(P"a. DR; if > Adj Morale = Disorder. b. No Effect on " * (P"Artillery" + P"Arty")
        * P".",
    function()
      return { all_units = true, artillery_exempt = true,
               check = { kind = "morale", fail = { disorder = true } } }
    end),
  -- Artillery Fire Resolution 8-10 and 11+ [rough_and_ready 6.24, 6.61, 6.64]
  whole(P"All units in hex Disordered" * (P", plus " * hits * P".")^-1,
    function(n) return { all_units = true, disorder = true, hits = opt(n) } end)),
  "Nothing, <n> Hit(s), 'All units in hex Disordered[, plus <n> Hit(s).]', "
    .. "'a. DR; if > Adj Morale = Disorder. b. No Effect on Arty.'",
  "[rough_and_ready 6.16] [rough_and_ready 6.24]")

-- The Shock Result Table: "# of Hits on Enemy" [rough_and_ready 6.37].
grammar("rough_and_ready", "shock",
  whole(count(0), function(n) return { hits = n } end),
  "<n> (Hits on the enemy)", "[rough_and_ready 6.37]")

-- The Artillery Range DRM's bands: the DRM a range band gives [rough_and_ready 6.21].
grammar("rough_and_ready", "drm",
  whole(signed, function(n) return { drm = n } end),
  "a signed DRM such as +2, 0, -2", "[rough_and_ready 6.21]")

-- The demo system (docs/demo.md) ---------------------------------------------------------------

-- Its fire table: no effect, or that many hits [demo 5.2].
grammar("demo", "fire", any_of(
  whole(P"Nothing", none),
  whole(hits, function(n) return { hits = n } end)),
  "Nothing, <n> Hit(s)", "[demo 5.2]")

-- Battle of Buena Vista ----------------------------------------------------------------------

-- A morale check whose failure retreats the unit `hexes` hexes; the leader's morale bonus
-- counts [battle_of_buena_vista E-8.4a].
local function bv_check(hexes)
  return function() return { check = { kind = "morale", fail = { retreat = hexes } } } end
end

-- The Fire Combat Table [battle_of_buena_vista 9.6]: "-"; step losses "1", "2"; "r", "R";
-- "1r" (the step first, then the check [battle_of_buena_vista E-8.4b]). Retreats after
-- fire are one hex [battle_of_buena_vista 9.7].
grammar("battle_of_buena_vista", "fire", any_of(
  whole(P"-", none),
  whole(count(1) * C(S"rR")^-1, function(n, code)
    local r = { loss = n }
    if code == "r" then r.check = bv_check(1)().check end
    if code == "R" then r.retreat = 1 end
    return r
  end),
  whole(P"r", bv_check(1)),
  whole(P"R", function() return { retreat = 1 } end)),
  "-, <n>, r, R, <n>r, <n>R", "[battle_of_buena_vista 9.6]")

-- The Shock Combat Table [battle_of_buena_vista 8.4]: attacker/defender, each "·" (or the
-- corrected sheet's "-" [battle_of_buena_vista E-QR]), "r" or "R"; retreats after shock
-- are three hexes [battle_of_buena_vista 8.5].
local bv_shock_side = (P(MIDDLE_DOT) + P"-") / none
  + P"r" / bv_check(3)
  + P"R" / function() return { retreat = 3 } end
grammar("battle_of_buena_vista", "shock",
  whole(bv_shock_side * P"/" * bv_shock_side,
    function(a, d) return { attacker = a, defender = d } end),
  "attacker/defender, each " .. MIDDLE_DOT .. " (or -), r or R",
  "[battle_of_buena_vista 8.4]")

-- The Saltillo Combat Table [battle_of_buena_vista 10.3]: step losses only, for the two
-- units involved: attacker/defender, each "-" or a number of steps.
local bv_steps = P"-" / none + count(1) / function(n) return { loss = n } end
grammar("battle_of_buena_vista", "saltillo",
  whole(bv_steps * P"/" * bv_steps,
    function(a, d) return { attacker = a, defender = d } end),
  "attacker/defender, each - or <n> (steps)", "[battle_of_buena_vista 10.3]")

-- The Rout Table [battle_of_buena_vista 9.8]: eliminated, or placed in the Mexican Reserve
-- Box [battle_of_buena_vista 5.4], on the Saltillo, with supply train A, or in Buena Vista.
local function place(where) return function() return { place = where } end end
grammar("battle_of_buena_vista", "rout", any_of(
  whole(P"Eliminated", function() return { eliminated = true } end),
  whole(P"Reserve Box", place("reserve_box")),
  whole(P"Saltillo", place("saltillo")),
  whole(P"Supply Train A", place("train_a")),
  whole(P"Buena Vista", place("buena_vista"))),
  "Eliminated, Reserve Box, Saltillo, Supply Train A, Buena Vista",
  "[battle_of_buena_vista 9.8]")

-- The victory levels [battle_of_buena_vista 4.3].
grammar("battle_of_buena_vista", "victory",
  whole(C(P"Decisive" + P"Substantial" + P"Marginal") * P" "
        * C(P"Mexican" + P"American") * P" victory",
    function(level, side)
      return { level = level:lower(), winner = side == "Mexican" and "MEX" or "US" }
    end),
  "<Decisive|Substantial|Marginal> <Mexican|American> victory",
  "[battle_of_buena_vista 4.3]")

-- The column shifts of 8.3 and 9.5 (and the errata's corrected sheet): "<n> left" moves
-- the column n to the left (-n), "<n> right" to the right [battle_of_buena_vista 8.2]
-- [battle_of_buena_vista 9.2].
grammar("battle_of_buena_vista", "shift",
  whole(count(1) * P" " * C(P"left" + P"right"),
    function(n, way) return { shift = way == "left" and -n or n } end),
  "<n> left, <n> right", "[battle_of_buena_vista 8.3] [battle_of_buena_vista 9.5]")

-- The fire die's modifiers [battle_of_buena_vista 9.2]: plus or minus the fire combat rating
-- of one leader.
grammar("battle_of_buena_vista", "drm",
  whole(C(S"+-") * P" leader's fire rating",
    function(sign) return { leader = sign == "+" and 1 or -1 } end),
  "+ leader's fire rating, - leader's fire rating", "[battle_of_buena_vista 9.2]")

-- The Fire Combat Table's top row: a firer type's maximum range in hexes
-- [battle_of_buena_vista 9.4].
grammar("battle_of_buena_vista", "range",
  whole(count(1), function(n) return { max_range = n } end),
  "<n> (hexes)", "[battle_of_buena_vista 9.4]")

-- The Loss Track's boxes [battle_of_buena_vista 4.1] [battle_of_buena_vista 4.2]: "-", or
-- "Random event" where reaching or passing the box calls for one.
grammar("battle_of_buena_vista", "loss", any_of(
  whole(P"-", none),
  whole(P"Random event", function() return { random_event = true } end)),
  "-, Random event", "[battle_of_buena_vista 4.2]")

-- The Turn Track's arcs [battle_of_buena_vista 5.4] [battle_of_buena_vista 5.5]: the die
-- results that succeed that turn, "<a>" or "<a>-<b>", or "-" for none.
grammar("battle_of_buena_vista", "arc", any_of(
  whole(P"-", none),
  Cmt(count(1, 6) * (P"-" * count(1, 6))^-1 * P(-1), function(_, pos, lo, hi)
    hi = opt(hi) or lo
    if hi < lo then return false end
    return pos, { lo = lo, hi = hi }
  end)),
  "-, <a>, <a>-<b> (die results 1-6, a <= b)",
  "[battle_of_buena_vista 5.4] [battle_of_buena_vista 5.5]")

-- The Random Events Table [battle_of_buena_vista 4.2]: the events the rules name (rain
-- [battle_of_buena_vista 5.5], Santa Anna wounded [battle_of_buena_vista 6.2], a leader
-- killed or wounded [battle_of_buena_vista 2.6], an enemy counter moved
-- [battle_of_buena_vista E-4.2a], the Saltillo garrison's rout [battle_of_buena_vista
-- E-4.2b]) and "No event". `side` is the side whose leader falls or whose counter is moved
-- (its enemy moves it).
local function bv_event(event, side)
  return function() return { event = event, side = side } end
end
grammar("battle_of_buena_vista", "event", any_of(
  whole(P"No event", none),
  whole(P"Rain", bv_event("rain")),
  whole(P"Santa Anna wounded", bv_event("santa_anna_wounded")),
  whole(P"American leader killed or wounded", bv_event("leader_lost", "US")),
  whole(P"Mexican leader killed or wounded", bv_event("leader_lost", "MEX")),
  whole(P"Move an American counter", bv_event("move_counter", "US")),
  whole(P"Move a Mexican counter", bv_event("move_counter", "MEX")),
  whole(P"Saltillo garrison routs", bv_event("garrison_routs"))),
  "No event, Rain, Santa Anna wounded, <American|Mexican> leader killed or wounded, "
    .. "Move an American counter, Move a Mexican counter, Saltillo garrison routs",
  "[battle_of_buena_vista 4.2]")

-- GBACW (Gringo!) ----------------------------------------------------------------------------

-- The Fire Table [gbacw 12.21, 12.32, 14.33]: "No Effect"; step losses "<n>"; "d" (a UDD,
-- with the DRM of "d+2"), "D" (automatic Disorder), combined as "1d+2", "1D"; a trailing
-- "*" (a Spencer's unadjusted 5 in a second round runs out of ammo).
local gb_udd = (P"d" * (P"+" * count(1))^-1)
  / function(m) return { kind = "udd", drm = opt(m) } end
grammar("gbacw", "fire", any_of(
  whole(P"No Effect", none),
  whole(Cmt(Ct(Cg(count(1), "loss")^-1
                * (Cg(gb_udd, "check") + Cg(P"D" * Cc(true), "disorder"))^-1
                * Cg(P"*" * Cc(true), "spencer_ammo")^-1),
            function(_, pos, t)
              if t.loss or t.check or t.disorder then return pos, t end
              return false
            end),
        function(t) return t end)),
  "No Effect, <n>, d, d+<n>, D, <n>d+<m>, <n>D, each with an optional *",
  "[gbacw 12.32]")

-- The Artillery Fire Table [gbacw 10.67]: the Fire Table's codes (no Spencer "*"), each
-- falling on every unit of the target hex for itself [gbacw 8.35].
local gb_fire_code = Cmt(Ct(Cg(count(1), "loss")^-1
                           * (Cg(gb_udd, "check") + Cg(P"D" * Cc(true), "disorder"))^-1),
                         function(_, pos, t)
                           if t.loss or t.check or t.disorder then return pos, t end
                           return false
                         end)
grammar("gbacw", "artillery_fire", any_of(
  whole(P"No Effect", function() return { none = true, all_units = true } end),
  whole(gb_fire_code, function(t) t.all_units = true; return t end)),
  "No Effect, <n>, d, d+<n>, D, <n>d+<m>, <n>D (each unit of the hex)", "[gbacw 10.67]")

-- The Shock Resolution Table [gbacw 11.45]: "attacker / defender", each "-" or words
-- separated by blanks: a Fire Table code (steps, d, d+n, D [gbacw 12.32]), R1 or R2 (an
-- involuntary retreat [gbacw 12.42]), CS (may Continue Shock [gbacw 11.47]), Rout? (a UDD,
-- routing on a failure [gbacw 12.51], ambiguity 51), Ab (the side's artillery Abandoned in
-- place [gbacw 11.64]); "BS: " before it, a Bloody Standoff [gbacw 8.36].
local gb_shock_word = Cg(gb_fire_code, "code")
  + Cg(P"R" * count(1, 2), "retreat")
  + Cg(P"CS" * Cc(true), "continued_shock")
  + Cg(P"Rout?" * Cc(true), "rout_check")
  + Cg(P"Ab" * Cc(true), "abandoned")
local gb_shock_side = P"-" / none
  + Cmt(Ct(Ct(gb_shock_word) * (P" " * Ct(gb_shock_word))^0), function(_, pos, words)
    local t, seen = {}, {}
    for _, w in ipairs(words) do
      local k, v = next(w)
      if seen[k] then return false end
      seen[k] = true
      if k == "code" then
        for ck, cv in pairs(v) do t[ck] = cv end
      else
        t[k] = v
      end
    end
    return pos, t
  end)
grammar("gbacw", "shock",
  whole(C(P"BS: ")^-1 * gb_shock_side * P" / " * gb_shock_side, function(bs, a, d)
    if type(bs) ~= "string" then bs, a, d = nil, bs, a end
    return { bloody_standoff = bs and true or nil, attacker = a, defender = d }
  end),
  "[BS: ]<attacker> / <defender>, each - or words: <n>, d, d+<n>, D, R1, R2, CS, Rout?, Ab",
  "[gbacw 11.45]")

-- A DRM [gbacw 10.16] [gbacw 11.42] [gbacw 11.43]: a signed number, the stars of a stacked
-- leader subtracted [gbacw 11.73], or half the fatigue level added or subtracted [gbacw 17.31].
grammar("gbacw", "drm", any_of(
  whole(signed, function(n) return { drm = n } end),
  whole(P"- stars", function() return { stars = -1 } end),
  whole(C(S"+-") * P" half fatigue",
    function(sign) return { half_fatigue = sign == "+" and 1 or -1 } end)),
  "a signed DRM such as +2, 0, -1; - stars; + half fatigue, - half fatigue",
  "[gbacw 11.42]")

-- The 2nd Disorder Table [gbacw 12.35] [gbacw 12.36]: "1 R1-2" (a step, then a retreat of one
-- or two hexes, the owner's choice); "UDD: Rout or 1 R1-2" (a UDD: a failure routs, a pass
-- is the former); "1 halt" (a step, and the move or retreat ends); "1" (a step or gun);
-- "Ab" (the artillery Abandoned); "each unit" (each unit of the stack for itself); "done"
-- (no further phasing actions this activation).
local function gb_step_retreat()
  return { choice = { { loss = 1, retreat = 1 }, { loss = 1, retreat = 2 } } }
end
grammar("gbacw", "second_disorder", any_of(
  whole(P"1 R1-2", gb_step_retreat),
  whole(P"UDD: Rout or 1 R1-2", function()
    return { check = { kind = "udd", fail = { rout = true }, pass = gb_step_retreat() } }
  end),
  whole(P"1 halt", function() return { loss = 1, halt = true } end),
  whole(P"1", function() return { loss = 1 } end),
  whole(P"Ab", function() return { abandoned = true } end),
  whole(P"each unit", function() return { each_unit = true } end),
  whole(P"done", function() return { done = true } end)),
  "1 R1-2, UDD: Rout or 1 R1-2, 1 halt, 1, Ab, each unit, done", "[gbacw 12.35]")

-- The Prepared Fire range of a small-arms type [gbacw 10.51]: hexes, or "-" for none.
grammar("gbacw", "prepared", any_of(
  whole(P"-", none),
  whole(count(1), function(n) return { prepared_range = n } end)),
  "<n> (hexes), -", "[gbacw 10.51]")

-- Whether a gun type may Rapid Fire [gbacw 10.68]: "RF" or "-".
grammar("gbacw", "rapid_fire", any_of(
  whole(P"RF", function() return { rapid_fire = true } end),
  whole(P"-", none)),
  "RF, -", "[gbacw 10.68]")

-- A movement cost in MPs (the trail's rate [gbacw 9.44]).
grammar("gbacw", "cost",
  whole(count(0), function(n) return { cost = n } end),
  "<n> (MPs)", "[gbacw 9.44]")

-- The Brigade Coordination Table [gbacw 5.34].
grammar("gbacw", "coordination", any_of(
  whole(P"Confusion", function() return { confusion = true } end),
  whole(P"Fail", function() return { fail = true } end),
  whole(P"May Coordinate " * count(2) * P" Brigades", function(n) return { coordinate = n } end),
  whole(P"All", function() return { coordinate_all = true } end)),
  "Confusion, Fail, May Coordinate <n> Brigades, All", "[gbacw 5.34]")

-- The Orders Change Table [gbacw 6.23].
grammar("gbacw", "orders_change", any_of(
  whole(C(P"Retain" + P"Change") * (P" and " * C(P"Stand"))^-1, function(what, stand)
    return { orders = what:lower(), stand = stand and true or nil }
  end),
  whole(P"Loose Cannon", function() return { loose_cannon = true } end)),
  "Retain, Retain and Stand, Change, Change and Stand, Loose Cannon", "[gbacw 6.23]")

-- The unreliable brigadier's temper [gbacw 6.24].
grammar("gbacw", "loose_cannon",
  whole(C(P"Aggressive" + P"Normal" + P"Cautious"),
    function(t) return { brigadier = t:lower() } end),
  "Aggressive, Normal, Cautious", "[gbacw 6.24]")

-- The Ampudia Surrender Table [gbacw MO Ampudia Surrender Table]: NO, Auto, or the die
-- rolls that surrender ("8-9", "9"); "**" marks the historical result.
grammar("gbacw", "surrender", any_of(
  whole(P"NO", function() return { surrender = false } end),
  whole(P"Auto", function() return { surrender = true } end),
  whole(count(0, 9) * (P"-" * count(0, 9))^-1 * C(P"**")^-1, function(lo, hi, mark)
    if type(hi) == "string" then hi, mark = nil, hi end
    return { surrender_on = { lo = lo, hi = hi or lo }, historical = mark and true or nil }
  end)),
  "NO, Auto, <d>, <d>-<d>, each with an optional **", "[gbacw MO Ampudia Surrender Table]")

-- SPI GBACW (Jackson at the Crossroads) -------------------------------------------------------

local function spi_check(fail) return { kind = "morale", fail = fail } end
local function pin() return { check = spi_check({ pinned = true }) } end
local function rout() return { check = spi_check({ routed = true }) } end

-- The Fire Combat Results Table legend [spi_gbacw 9.16, 9.8]: "-"; "<n>" (lose n SP or guns,
-- then a morale check [spi_gbacw 9.81]); "<n>*" (then, if the unit did not rout, a second
-- roll pins it when above its morale [spi_gbacw 9.88]); "P/R" (pinned at or under the
-- morale, routed above it [spi_gbacw 9.83]); "P", "R" (pinned, routed when above the morale;
-- otherwise nothing [spi_gbacw 9.87]); the legend's "P or R", the two read together.
grammar("spi_gbacw", "fire", any_of(
  whole(P"-", none),
  whole(P"P/R", function()
    return { check = { kind = "morale", pass = { pinned = true }, fail = { routed = true } } }
  end),
  whole(P"P or R", function() return { choice = { pin(), rout() } } end),
  whole(P"P", pin),
  whole(P"R", rout),
  whole(count(1) * C(P"*")^-1, function(n, star)
    local r = { loss = n, check = { kind = "morale" } }
    if star then r.check.pass = pin() end
    return r
  end)),
  "-, <n>, <n>*, P, R, P/R, P or R", "[spi_gbacw 9.16]")

-- The Melee Combat Results Table legend [spi_gbacw 12.98]: "-"; "K" (one SP a casualty
-- [spi_gbacw 12.91]); "C1".."C3" (captured [spi_gbacw 12.93]); "R2", "R3" (retreat, then a
-- morale check [spi_gbacw 12.92]), after a loss as in "C2R2"; "Eng" [spi_gbacw 12.94];
-- "Rpls" [spi_gbacw 12.95].
-- A cell of the table holds both sides' results, attacker left of the bar ("K/C1R2"); one
-- side alone ("C2R2") is read as before.
local spi_melee_side = P"-" / none
  + P"Eng" / function() return { engaged = true } end
  + P"Rpls" / function() return { repulsed = true } end
  + Cmt(Ct((Cg(P"K" * Cc(1), "loss") + P"C" * Cg(count(1, 3), "captured"))^-1
           * (P"R" * Cg(count(2, 3), "retreat"))^-1),
        function(_, pos, t)
          if t.loss or t.captured or t.retreat then return pos, t end
          return false
        end) / function(t)
          if t.retreat then t.check = { kind = "morale" } end
          return t
        end
grammar("spi_gbacw", "melee", any_of(
  whole(spi_melee_side * P"/" * spi_melee_side,
    function(a, d) return { attacker = a, defender = d } end),
  whole(spi_melee_side, function(t) return t end)),
  "attacker/defender (K/C1R2) or one side, each -, K, C1-C3, R2, R3, a loss and a retreat "
    .. "(C2R2), Eng, Rpls", "[spi_gbacw 12.98]")

-- The Seeing the Elephant Table: a green unit's morale rating [spi_gbacw 13.15].
grammar("spi_gbacw", "elephant",
  whole(count(1, 9), function(n) return { morale = n } end),
  "a morale rating 1-9", "[spi_gbacw 13.15]")

-- The Leader Casualty Table's outcomes [spi_gbacw 17.76].
grammar("spi_gbacw", "leader_casualty", any_of(
  whole(P"-", none),
  whole(C(P"Wounded" + P"Killed" + P"Captured"),
    function(t) return { leader = t:lower() } end)),
  "-, Wounded, Killed, Captured", "[spi_gbacw 17.76]")

-- The Victory Point Schedule [spi_gbacw JC 28.11] and the exit awards [spi_gbacw JC 28.2]:
-- points per strength point, gun, leader or wagon, "<n> x MR" (times the unit's morale
-- rating), "<n> x ER" or "<n> x DIR" (times the leader's radius), or a plain number.
grammar("spi_gbacw", "vp", any_of(
  whole(count(1) * P" x " * C(P"MR" + P"ER" + P"DIR"),
    function(n, per) return { vp = n, per = per:lower() } end),
  whole(count(0), function(n) return { vp = n } end)),
  "<n> x MR, <n> x ER, <n> x DIR, <n>", "[spi_gbacw JC 28.11]")

-- The Stacking Restrictions Chart's limits [spi_gbacw 8.18]: a count (units, SP, sections,
-- the fire strength through a hexside, the melee strength a hex may use).
grammar("spi_gbacw", "limit",
  whole(count(0), function(n) return { limit = n } end),
  "a limit such as 12", "[spi_gbacw 8.18]")

-- The Terrain Effects on Combat Chart's cells [spi_gbacw 9.56]: "Yes", "No", "-" (no effect),
-- "O/T" (the other terrain of the hex decides), "P" (prohibited), "<n> Left" (fire columns
-- shifted left), "Subtract <n> SP" (from each stack's melee strength), "... when crossed"
-- (across the hexside), "... up" (attacking up across it).
grammar("spi_gbacw", "tec", any_of(
  whole(P"Yes", function() return { allowed = true } end),
  whole(P"No", function() return { allowed = false } end),
  whole(P"-", none),
  whole(P"O/T", function() return { other_terrain = true } end),
  whole(P"P", function() return { prohibited = true } end),
  whole(count(1) * P" Left", function(n) return { shift = -n } end),
  whole(P"Subtract " * count(1) * P" SP" * C(P" when crossed" + P" up")^-1,
    function(n, when)
      local r = { melee = -n }
      if when == " when crossed" then r.crossed = true elseif when == " up" then r.up = true end
      return r
    end)),
  "Yes, No, -, O/T, P, <n> Left, Subtract <n> SP [when crossed|up]", "[spi_gbacw 9.56]")

-- Fremont's Momentum Track: the Initiative Level a Momentum reads [spi_gbacw JC 30.2].
grammar("spi_gbacw", "initiative",
  whole(count(0, 9), function(n) return { initiative = n } end),
  "an Initiative Level 0-9", "[spi_gbacw JC 30.2]")

-- The Ammunition Loss Table [spi_gbacw 11.34]: small-arms/artillery boxes lost, "E" all the
-- wagon's artillery ammunition, "WE" the wagon eliminated.
grammar("spi_gbacw", "ammo_loss", any_of(
  whole(count(0) * P"/" * (count(0) + P"E" * Cc("all")),
    function(sa, art) return { small_arms = sa, artillery = art } end),
  whole(P"WE", function() return { wagon_eliminated = true } end)),
  "<n>/<n>, <n>/E, WE", "[spi_gbacw 11.34]")

-- The Density Adjustment Chart: column shifts, - left and + right [spi_gbacw 8.35].
grammar("spi_gbacw", "density",
  whole(signed, function(n) return { shift = n } end),
  "a signed column shift such as -1, 0, +2", "[spi_gbacw 8.35]")

-- The Range Effects Chart: the strength multiplier, "-" where the weapon cannot fire
-- [spi_gbacw 9.25].
grammar("spi_gbacw", "range_effects", any_of(
  whole(P"-", function() return { no_fire = true } end),
  whole(count(1) * (P"/" * count(1))^-1,
    function(num, den) return { num = num, den = den or 1 } end)),
  "-, <n>, <n>/<n>", "[spi_gbacw 9.25]")

-- ---- the API --------------------------------------------------------------------------------

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

local function check_name(value, what, level)
  if type(value) ~= "string" then
    error(string.format("bad %s (string expected, got %s)", what, type(value)), level + 1)
  end
end

--- The systems that have result grammars, sorted.
-- @treturn {string,...}
function M.systems()
  return sorted_keys(grammars)
end

--- The grammars of a system, sorted.
-- @tparam string system a system id, e.g. "rough_and_ready"
-- @treturn ?{string,...} nil for a system without grammars
function M.grammars(system)
  check_name(system, "system", 2)
  if not grammars[system] then return nil end
  return sorted_keys(grammars[system])
end

--- What a grammar accepts and the rule defining its codes.
-- @tparam string system
-- @tparam string name
-- @treturn ?table `{expect = "...", rule = "[system case]"}`, nil when unknown
function M.describe(system, name)
  check_name(system, "system", 2)
  check_name(name, "grammar", 2)
  local g = grammars[system] and grammars[system][name]
  if not g then return nil end
  return { expect = g.expect, rule = g.rule }
end

-- The grammar or nil and the message naming what is known.
local function find(system, name)
  local sys = grammars[system]
  if not sys then
    return nil, string.format("unknown result system '%s' (known: %s)", system,
      table.concat(M.systems(), ", "))
  end
  local g = sys[name]
  if not g then
    return nil, string.format("unknown result grammar '%s' for %s (known: %s)", name, system,
      table.concat(sorted_keys(sys), ", "))
  end
  return g
end

--- Parses one cell.
-- @tparam string system the rule system, e.g. "battle_of_buena_vista"
-- @tparam string name the grammar the table names (`results = fire`)
-- @tparam string text the cell as printed, e.g. "1r"
-- @treturn ?table the result's shape (docs/charts.md), a fresh table
-- @treturn ?string when nil: "bad result '1x' for battle_of_buena_vista fire (expected -,
--   <n>, r, R, <n>r, <n>R)", or an unknown system or grammar
-- @raise when an argument is not a string
function M.parse(system, name, text)
  check_name(system, "system", 2)
  check_name(name, "grammar", 2)
  check_name(text, "result text", 2)
  local g, err = find(system, name)
  if not g then return nil, err end
  local shape = g.patt:match(text)
  if shape == nil then
    return nil, string.format("bad result '%s' for %s %s (expected %s)", text, system, name,
      g.expect)
  end
  return shape
end

--- Runs every result of every table of a chart set through its grammar: the cells, and for
-- a table without rows its column labels (which are then its results).
-- @tparam string system the system whose grammars apply
-- @param set a chart set (`volley.core.chart.new()`), or anything with `names()` and
--   `info(name)` returning the shape `volley.core.chart` gives
-- @treturn ?true
-- @treturn ?string when nil: the first refusal as "file:line: table 'name': <why>", tables
--   in name order, cells in reading order
function M.check(system, set)
  check_name(system, "system", 2)
  for _, tname in ipairs(set:names()) do
    local t = set:info(tname)
    local g, err = find(system, t.results)
    if not g then
      return nil, string.format("%s:%d: table '%s': %s", t.file, t.results_line, tname, err)
    end
    local function try(text, line)
      local shape, why = M.parse(system, t.results, text)
      if shape == nil then
        return string.format("%s:%d: table '%s': %s", t.file, line, tname, why)
      end
    end
    for _, row in ipairs(t.rows) do
      for i, cell in ipairs(row.cells) do
        local bad = try(cell, row.lines[i])
        if bad then return nil, bad end
      end
    end
    if #t.rows == 0 and t.labels then
      for _, label in ipairs(t.labels) do
        local bad = try(label, t.labels_line)
        if bad then return nil, bad end
      end
    end
  end
  return true
end

return M
