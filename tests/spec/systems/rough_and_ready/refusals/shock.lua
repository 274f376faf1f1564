-- Refusals of shock, squares and stacking (shock.lua, squares.lua, stacking.lua), each
-- produced by a situation and pinned word for word (issue 33 point 5). Run by
-- refusal_cases_spec.lua in its environment (busted's describe and it), under its recorder.
-- The fixture (tests/data/rr): clear rows 01-03 and 07-10, tall grass (2 MP) in rows 04-06;
-- US units face SE/S, Mexican NW/N unless a situation says.
local R = require "support.rr_refusal"
local f = require "support.rr_fire"
local shock = require "systems.rough_and_ready.shock"
local squares = require "systems.rough_and_ready.squares"
local facing = require "systems.rough_and_ready.facing"
local open, stop = R.open, R.stop

-- The refusal of `answer` at a request of `kind`, as volley.ask words it.
local refused = R.refused

-- Whether the recorder holds, after its first `from` entries, a refusal said with `case`
-- and `text` (a refusal whose words another one carries: stacking's, in a move's).
local function said(from, case, text)
  for i = from + 1, #R.produced do
    local p = R.produced[i]
    if p.kind == "say" and p.case == case and p.text == text then return true end
  end
  return false
end

-- Palo Alto with every unit off the map, then `at` placed (facing `facings`, else the side's
-- default) and an activation of `side` under way: `units`, `guns`.
local function palo_alto(at, side, units, guns, facings, order)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facings, order)
  g.vars.activation = { n = 1, side = side, units = units, artillery = guns or {},
                        target = side == "US" and "twiggs" or "vega",
                        leader = side == "US" and "Twiggs" or "Vega" }
  return g
end

-- The two front hexes of `unit`, in label order.
local function fronts(g, unit)
  local out = {}
  for _, h in ipairs(facing.front(g, unit)) do out[#out + 1] = h end
  table.sort(out)
  return out
end

describe("[rough_and_ready 6.31-6.39] who may shock: each unit's own case", function()
  it("an activated gun does not attack [6.39] (it was told it is not activated)", function()
    -- C3US, activated by Garland's artillery request, next to 4L-1 in its front
    local g = open({ C3US = "0302", ["4L-1"] = "0303", ["4US-1"] = "0102" }, "US",
      { "4US-1" }, { "C3US" })
    assert.are.equal("4US-1 has no enemy unit next to it [rough_and_ready 6.32]; C3US is "
      .. "artillery: it defends in shock, it does not attack [rough_and_ready 6.39]",
      stop(g, { "shock" }))
  end)

  it("a unit in Square defends [5.43, 5.44]", function()
    -- 4US-1 and 4US-2 formed their square in an earlier activation; 4L-1 came next to it
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, "US", { "4US-1", "4US-2" })
    squares.form(g, "0302")
    -- the next activation: Garland's again
    g.vars.activation = { n = 2, side = "US", units = { "4US-1", "4US-2" }, artillery = {},
                          target = "garland", leader = "Garland" }
    g.vars.moved = nil
    f.put(g, { ["4L-1"] = "0303" })
    assert.are.equal("4US-1 is in a square: it defends, it does not shock attack "
      .. "[rough_and_ready 5.43, 5.44]; 4US-2 is in a square: it defends, it does not shock "
      .. "attack [rough_and_ready 5.43, 5.44]", stop(g, { "shock" }))
  end)
end)

describe("[rough_and_ready 6.35] the attacks a stack declared, and one shock a unit", function()
  -- Twiggs' 5US-1..3 stacked in 3014 (top first), facing SE/S: 3015 and 3114 are its front,
  -- 4L-1 and 4L-2 there; 5US-1 shocks 3015 first and fails its Commitment (9)
  local function stack_of_three(allocation)
    local g = palo_alto({ ["5US-1"] = "3014", ["5US-2"] = "3014", ["5US-3"] = "3014",
                          ["4L-1"] = "3015", ["4L-2"] = "3114" }, "US",
      { "5US-1", "5US-2", "5US-3" }, {}, nil, { "5US-1", "5US-2", "5US-3", "4L-1", "4L-2" })
    assert.are.same({ "3015", "3114" }, fronts(g, "5US-1"))
    g.dice:force{ 9 }
    return g, { "shock", "5US-1 3015", allocation, "shock" }
  end

  it("declared against another hex, or with another unit: they shock it as declared", function()
    local g, answers = stack_of_three("5US-2+5US-3 3114")
    answers[#answers + 1] = "5US-2 3114"
    assert.are.equal(refused("5US-2 3114", "shock", "5US-2 was declared against 3114 with "
      .. "5US-3: they shock it together [rough_and_ready 6.35]", "5US-2+5US-3 3114"),
      stop(g, answers))
    g, answers = stack_of_three("5US-2+5US-3 3114")
    answers[#answers + 1] = "5US-2 3015"
    assert.are.equal(refused("5US-2 3015", "shock", "5US-2 was declared against 3114 before "
      .. "its stack's first Commitment roll: it shocks 3114 [rough_and_ready 6.35]",
      "5US-2+5US-3 3114"), stop(g, answers))
  end)

  it("left out of its stack's attacks; a unit that has shocked once [6.35]", function()
    local g, answers = stack_of_three("5US-2 3114")
    answers[#answers + 1] = "5US-3 3114"
    assert.are.equal(refused("5US-3 3114", "shock", "5US-3 was left out of the attacks its "
      .. "stack declared: it may not shock this activation [rough_and_ready 6.35]",
      "5US-2 3114"), stop(g, answers))
    g, answers = stack_of_three("5US-2 3114")
    answers[#answers + 1] = "5US-1 3015"
    assert.are.equal(refused("5US-1 3015", "shock", "5US-1 has shock attacked already this "
      .. "activation [rough_and_ready 6.35]", "5US-2 3114"), stop(g, answers))
  end)

  it("shock.check, the guard of shock.shock: no attacker", function()
    -- the shock request parses `<unit>[+<unit>...] <hex>` before anything is checked, so no
    -- answer reaches shock.shock with no attacker: a caller's (a battle script's) own slip
    local g = open({ ["4US-1"] = "0302", ["4L-1"] = "0303" }, "US", { "4US-1" })
    assert.are.same({ false, "no attacker named" }, { shock.check(g, {}, "0303") })
    -- an attack the request would refuse gets the request's reason
    assert.are.same({ false, "0304 holds no enemy combat unit [rough_and_ready 6.32]" },
      { shock.check(g, { "4US-1" }, "0304") })
  end)

  it("a unit gone from the map: its declared attack is released (pending)", function()
    -- the requests name a unit off the map before asking shock.eligible; `pending` asks it
    -- of the units declared against a hex, one of which an enemy's fire may have eliminated
    local g = open({ ["4US-1"] = "0302" }, "US", { "4US-1" })
    assert(g.store:place("4US-1", "eliminated"))
    assert.are.same({ false, "4US-1 is not on the map" }, { shock.eligible(g, "4US-1") })
  end)
end)

describe("[rough_and_ready 5.4-5.44, E3] square and unsquare at the move request", function()
  -- Garland's 4US-1 (0302) and 4US-2 (0402) are one regiment's, regular infantry
  local function garland(at, more)
    local units = { ["4US-1"] = "0302", ["4US-2"] = "0402" }
    for u, h in pairs(at or {}) do units[u] = h end
    return open(units, "US", { "4US-1", "4US-2" }, more)
  end

  it("the answer's form, a hex off the map, a name that is no unit", function()
    -- no case forbids these: the move request's own rule [5.11] follows
    local g = garland()
    assert.are.equal("square <hex> [rough_and_ready 5.11]", stop(g, { "square" }))
    assert.are.equal("unsquare <unit> [rough_and_ready 5.11]", stop(g, { "unsquare" }))
    assert.are.equal("'zz' is not a hex of the map [rough_and_ready 5.11]",
      stop(g, { "square zz" }))
    assert.are.equal("'Nobody' is not a unit [rough_and_ready 5.11]",
      stop(g, { "unsquare Nobody" }))
  end)

  it("forming: nobody there, one unit, a gun not activated, a gun, another regiment", function()
    local g = garland()
    assert.are.equal("0505 holds no unit that could form or join a square "
      .. "[rough_and_ready 5.42]", stop(g, { "square 0505" }))
    assert.are.equal("a square is 2 or 3 units of one regiment stacked together, not 1 "
      .. "[rough_and_ready 5.42]", stop(g, { "square 0402" }))
    -- C3US stacks with 4US-2 (a battery with one unit [5.21]); the square would take it
    g = garland({ C3US = "0402" })
    assert.are.equal("C3US in 0402 is not activated: a square takes every combat unit of its "
      .. "hex [rough_and_ready 5.42]", stop(g, { "square 0402" }))
    g = garland({ C3US = "0402" }, { "C3US" })
    assert.are.equal("C3US is not regular infantry: it may not form square "
      .. "[rough_and_ready 5.41]", stop(g, { "square 0402" }))
    -- Palo Alto: Garland's 3US-1 and 4US-1, one command, two regiments [E3]
    g = palo_alto({ ["3US-1"] = "3019", ["4US-1"] = "3019" }, "US", { "3US-1", "4US-1" }, {},
      nil, { "4US-1", "3US-1" })
    assert.are.equal("4US-1 is of the 4US, 3US-1 of the 3US: a square's units are all of one "
      .. "regiment [rough_and_ready E3]", stop(g, { "square 3019" }))
  end)

  it("forming: rallied [6.82], short of 2 MP [5.4], next to an enemy [5.42]", function()
    local g = garland({ ["4US-2"] = "0302", Garland = "0302" })
    g.store:set_marker("4US-1", "disordered", 1)
    assert.are.equal("4US-1 rallied this activation: it does nothing else "
      .. "[rough_and_ready 6.82]", stop(g, { "rally", "4US-1", "square 0302" }))
    -- into the tall grass (2 MP a hex): 0303, 0304 and 0305 spend 5 of 4US-1's MP
    -- (8US-1, far off, keeps the move request open once the two have moved)
    g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["8US-1"] = "1001" }, "US",
      { "4US-1", "4US-2", "8US-1" })
    local ma = require("systems.rough_and_ready.movement").ma(g, "4US-1")
    assert.are.equal(5, ma)
    -- 4US-2 came in last: it is on top, the first asked
    assert.are.equal("4US-2 has 0 MP left: forming a square costs 2 [rough_and_ready 5.4]",
      stop(g, { "4US-1 0303 0304 0305", "SE/S", "4US-2 0303 0304 0305", "square 0305" }))
    g = garland({ ["4US-2"] = "0302", ["4L-1"] = "0203" })
    assert.are.equal("0302 is next to 4L-1: no square is formed, joined or left next to an "
      .. "enemy combat unit [rough_and_ready 5.42]", stop(g, { "square 0302" }))
  end)
end)

describe("[rough_and_ready 5.43, 5.44] leaving a square, moving one", function()
  -- 4US-1 and 4US-2 in Square in 0302, formed in Garland's activation 1; `act` the units of
  -- the activation now under way (default: both), `at` placed after
  local function in_square(units, at, keep)
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, "US", { "4US-1", "4US-2" })
    squares.form(g, "0302")
    g.vars.moved = nil
    f.put(g, at or {})
    g.vars.activation = { n = 2, side = "US", units = units or { "4US-1", "4US-2" },
                          artillery = {}, target = "garland", leader = "Garland" }
    if keep then
      local act = g.vars.activation
      act.units[#act.units + 1] = keep
      g.vars.activation = act
    end
    return g
  end

  it("not in a square [5.44], not activated [3.13], moved [5.12, 5.42], next to an enemy "
    .. "[5.44]", function()
      local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402" }, "US", { "4US-1", "4US-2" })
      assert.are.equal("4US-1 is not in a square [rough_and_ready 5.44]",
        stop(g, { "unsquare 4US-1" }))
      -- Belknap's 8US-1 and 8US-2 in Square in 0802 while Garland's command is activated
      g = open({ ["8US-1"] = "0802", ["8US-2"] = "0802", ["4US-1"] = "0302" }, "US",
        { "8US-1", "8US-2" })
      squares.form(g, "0802")
      g.vars.moved = nil
      g.vars.activation = { n = 2, side = "US", units = { "4US-1" }, artillery = {},
                            target = "garland", leader = "Garland" }
      assert.are.equal("8US-1 is not one of the activated units [rough_and_ready 3.13]",
        stop(g, { "unsquare 8US-1" }))
      -- formed in this activation: its movement has ceased (5.42), no MP to leave with
      -- (8US-1, far off, keeps the move request open)
      g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["8US-1"] = "1001" }, "US",
        { "4US-1", "4US-2", "8US-1" })
      assert.are.equal("4US-1 has moved this activation (with its square, or forming or "
        .. "joining it): it may leave it in a later one [rough_and_ready 5.12, 5.42]",
        stop(g, { "square 0302", "unsquare 4US-1" }))
      g = in_square(nil, { ["4L-1"] = "0203" })
      assert.are.equal("0302 is next to 4L-1: no square is formed, joined or left next to an "
        .. "enemy combat unit [rough_and_ready 5.44]", stop(g, { "unsquare 4US-1" }))
    end)

  it("a square moves whole: every unit of it activated and not moved [5.43]", function()
    -- only a unit that a second command may also activate can be left out of its command's
    -- activation (PA note d: held in the side's next activation); Palo Alto gives that to a
    -- cavalry regiment, which forms no square, so the activation here leaves 4US-2 out by hand
    -- (8US-1, far off, keeps the move request open)
    local g = in_square({ "4US-1" }, { ["8US-1"] = "1001" }, "8US-1")
    local top = squares.members(g, "0302")[1]
    assert.are.equal("4US-1", top)
    assert.are.equal("4US-2 is not activated: a square moves whole [rough_and_ready 5.43]",
      stop(g, { "4US-1 0301" }))
    -- Palo Alto: Twiggs' 5US-1 and 5US-2 in Square in 3014, 5US-3 came in later (outside
    -- it, under them) and joins it in this activation
    g = palo_alto({ ["5US-1"] = "3014", ["5US-2"] = "3014" }, "US", { "5US-1", "5US-2" }, {},
      nil, { "5US-1", "5US-2" })
    squares.form(g, "3014")
    g.vars.moved = nil
    f.put(g, { ["5US-3"] = "3014" })
    g.vars.activation = { n = 2, side = "US", units = { "5US-1", "5US-2", "5US-3" },
                          artillery = {}, target = "twiggs", leader = "Twiggs" }
    assert.are.equal("5US-3 has moved this activation: a square moves whole "
      .. "[rough_and_ready 5.43]", stop(g, { "square 3014", "5US-1 3013" }))
  end)
end)

describe("[rough_and_ready 5.21-5.28, 7.0] stacking", function()
  it("at the set-up request: its own case, as said [5.21]", function()
    -- Palo Alto's 5US (three counters for 3014-5) and 3US (three for 3017-8) are placed by
    -- choice; Churchill's two 18-pounders stand in 3018, where one infantry unit may join them
    local g = require("volley.game").open("rough-and-ready/palo-alto")
    assert.are.equal("refused: 3018 would hold 1 battery and 2 infantry or cavalry (a battery "
      .. "stacks with one unit) [rough_and_ready 5.21]",
      f.stop(g, { "3014", "3014", "3014", "3014", "3018", "3018" },
        function() g:ask_setup() end))
  end)

  -- A move into `hex` at the move request: the refusal, which carries stacking's words (the
  -- move request's case for them is movement.lua's); stacking said them with `case`.
  local function move_into(g, answer, case, text)
    local from = #R.produced
    local why = stop(g, { answer })
    assert.is_truthy(why:find(text, 1, true), why)
    assert.is_true(said(from, case, text), text)
  end

  it("in a move: the limits [5.21, 5.22], wagons [7.0], an enemy's hex [5.28]", function()
    move_into(open({ ["4US-1"] = "0302", ["8US-1"] = "0303" }, "US", { "4US-1" }),
      "4US-1 0303", "5.21", "0303 would hold infantry or cavalry of 2 commands (up to 3 stack "
      .. "only when of one command)")
    move_into(open({ ["4US-1"] = "0302", ["4L-1"] = "0303" }, "US", { "4US-1" }),
      "4US-1 0303", "5.28", "0303 holds an enemy unit (4L-1)")
    -- Palo Alto: Twiggs' three 5US units in 3216, Garland's 3US-1 next to them
    move_into(palo_alto({ ["5US-1"] = "3216", ["5US-2"] = "3216", ["5US-3"] = "3216",
                          ["3US-1"] = "3215" }, "US", { "3US-1" }),
      "3US-1 3216", "5.21", "3216 would hold 4 infantry or cavalry units (at most 3, of one "
      .. "command)")
    move_into(palo_alto({ ["C3US-1"] = "3216", ["A2US-1"] = "3216", ["Churchill-1"] = "3215" },
      "US", {}, { "Churchill-1" }),
      "Churchill-1 3216", "5.21, 5.22", "3216 would hold 3 artillery batteries (at most 2)")
    move_into(palo_alto({ ["Wagon-1"] = "3216", ["Wagon-2"] = "3215" }, "US", {}, { "Wagon-2" }),
      "Wagon-2 3216", "7.0", "3216 would hold 2 wagons (one a hex)")
    move_into(palo_alto({ ["Wagon-1"] = "3216", ["5US-1"] = "3216", ["5US-2"] = "3215" }, "US",
      { "5US-2" }),
      "5US-2 3216", "7.0", "3216 would hold a wagon and 2 combat units (a wagon stacks with one)")
  end)
end)
