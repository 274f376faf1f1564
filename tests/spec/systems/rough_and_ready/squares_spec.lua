-- Rough & Ready's Squares [rough_and_ready 5.4, 5.41-5.45, E3] on the fixture (tests/data/rr:
-- rows 01-03 clear, tall grass 2 MP in rows 04-06 but for the road column 06, chaparral 3 MP
-- at 0204-0205 with a trail) and on Palo Alto's order of battle, units placed and faced by
-- hand (US SE/S, Mexicans NW/N), dice forced. Garland's 4US-1 and 4US-2 (one regiment, the
-- 4US; Morale 6, MA 5) form the square in 0302, whose neighbours are 0301 (N), 0402 (NE),
-- 0403 (SE), 0303 (S), 0203 (SW) and 0202 (NW).
local f = require "support.rr_fire"
local rr = require "support.rr"
local squares = require "systems.rough_and_ready.squares"
local movement = require "systems.rough_and_ready.movement"
local facing = require "systems.rough_and_ready.facing"
local shock = require "systems.rough_and_ready.shock"
local fire = require "systems.rough_and_ready.fire"
local hits = require "systems.rough_and_ready.hits"
local actions = require "systems.rough_and_ready.actions"

local US = { side = "US", units = { "4US-1", "4US-2" }, artillery = {}, target = "garland" }

local function copy(t)
  local out = {}
  for k, v in pairs(t) do out[k] = v end
  return out
end

-- The fixture with `at` placed; the activation `act` (default: Garland's 4US-1 and 4US-2).
local function open(at, act, facings)
  local g = f.fixture(at, facings)
  g.vars.activation = copy(act or US)
  g.vars.moved, g.vars.rallied = {}, {}
  return g
end

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

local where = f.where

local labels = f.labels

-- 4US-1 and 4US-2 in Square in 0302 (formed in an earlier activation), then `at` placed
-- (enemies may come next to a square), and the activation `act` under way.
local function square_0302(at, act)
  local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" })
  squares.form(g, "0302")
  g.vars.activation = copy(act or US)
  g.vars.moved = {}
  f.put(g, at or {})
  return g
end

local function dests(g, u)
  local out = {}
  for _, e in ipairs(movement.destinations(g, u)) do out[#out + 1] = e.hex end
  table.sort(out)
  return out
end

-- The fixture from a copy of its order of battle with `lines` = `{unit = "key = value"}`
-- added to the units' sections, every unit off the map, then `at` placed.
local function fixture_with(lines, at)
  local src = assert(io.open("tests/data/rr/oob.ini", "r"))
  local text = src:read("*a")
  src:close()
  for u, line in pairs(lines) do
    text = text:gsub("(%[unit%." .. u:gsub("%-", "%%-") .. "%]\n)", "%1" .. line .. "\n")
  end
  local path = os.tmpname()
  local out = assert(io.open(path, "w"))
  out:write(text)
  out:close()
  local sc = assert(require("volley.scenario").read("tests/data/rr"))
  local g = require("volley.game").new{ system = "rough_and_ready", map = sc.paths.map,
                                        oob = path, seed = 1 }
  os.remove(path)
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at)
  g.vars.activation = copy(US)
  g.vars.moved, g.vars.rallied = {}, {}
  return g
end

local function palo_alto(at)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at)
  return g
end

describe("[rough_and_ready 5.4] [rough_and_ready 5.41] who may form square", function()
  it("regular infantry only: all Palo Alto infantry is; cavalry, artillery and `regular = no` "
    .. "are not", function()
      local g = palo_alto({})
      assert.is_true(squares.regular(g, "5US-1"))
      assert.is_true(squares.regular(g, "4L-1"))             -- the Mexican line too
      assert.is_true(squares.regular(g, "ArtRegt-1"))        -- gunners serving as infantry
      assert.is_false(squares.regular(g, "May"))             -- dragoons
      assert.is_false(squares.regular(g, "C3US-1"))
      assert.is_false(squares.regular(g, "Taylor"))
      local at = { ["4US-1"] = "0302", ["4US-2"] = "0302" }
      assert.is_true(has(movement.options(open(at)), "square 0302"))
      local h = fixture_with({ ["4US-2"] = "regular = no" }, at)  -- as Rio Sacramento's US
      assert.are.equal("no", h.store:get("4US-2", "regular"))
      assert.is_false(squares.regular(h, "4US-2"))
      assert.is_false(has(movement.options(h), "square 0302"))
      assert.are.same({ nil, "4US-2 is not regular infantry: it may not form square "
        .. "[rough_and_ready 5.41]" }, { squares.check_form(h, "0302", movement.movers(h)) })
      local v = open({ ["VN-1"] = "0210", ["VN-2"] = "0210" },
        { side = "MEX", units = { "VN-1", "VN-2" }, artillery = {}, target = "0210" })
      assert.are.same({ nil, "VN-1 is not regular infantry: it may not form square "
        .. "[rough_and_ready 5.41]" }, { squares.check_form(v, "0210", movement.movers(v)) })
    end)

  it("no unit begins in Square: none at Palo Alto's start, and no script may set the marker",
    function()
      local g = require("volley.game").open("rough-and-ready/palo-alto")
      for _, u in ipairs(g.store:units{ class = "combat" }) do
        assert.are.equal(0, g.store:marker(u, "square"))
      end
      local api = require("systems.rough_and_ready.script_api").ctx(g, {}).game
      local ok, err = pcall(api.set_marker, "5US-1", "square", 1)
      assert.is_false(ok)
      assert.is_truthy(tostring(err):find("square", 1, true))
      assert.are.equal(0, g.store:marker("5US-1", "square"))
    end)
end)

describe("[rough_and_ready 5.42] [rough_and_ready E3] forming a square", function()
  it("two units of one regiment stacked: the marker on each, 2 MP, movement over", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" })
    assert.are.same({ "square 0302" }, squares.options(g, movement.movers(g)))
    squares.form(g, "0302")
    assert.are.same({ 1, 1 }, { g.store:marker("4US-1", "square"), g.store:marker("4US-2", "square") })
    assert.are.same({ "square", "square" }, { g.store:model("4US-1"), g.store:model("4US-2") })
    assert.are.same({ 2, 2 }, { squares.spent(g, "4US-1"), squares.spent(g, "4US-2") })
    assert.are.same({ "4US-1", "4US-2" }, g.vars.moved)
    assert.are.same({ "4US-1, 4US-2 form a square in 0302 (2 MP each; their movement ends) "
      .. "[rough_and_ready 5.42]" }, rr.lines(g, "form a square"))
    -- movement is over: no move, turn or square answer is left for them
    assert.are.same({ "done" }, movement.options(g))
  end)

  it("the regiment is the id before its last '-' unless the order of battle names one", function()
    local g = palo_alto({})
    assert.are.same({ "5US", "5US", "ArtRegt", "7LC", "TampVet" },
      { squares.regiment(g, "5US-1"), squares.regiment(g, "5US-3"),
        squares.regiment(g, "ArtRegt-2"), squares.regiment(g, "7LC-1"),
        squares.regiment(g, "TampVet") })
    -- an order of battle may name it: 4US-2 of another regiment does not square with 4US-1
    local h = fixture_with({ ["4US-2"] = "regiment = 4US-b" },
                           { ["4US-1"] = "0302", ["4US-2"] = "0302" })
    assert.are.equal("4US-b", squares.regiment(h, "4US-2"))
    assert.are.same({ nil, "4US-1 is of the 4US, 4US-2 of the 4US-b: a square's units are all of "
      .. "one regiment [rough_and_ready E3]" }, { squares.check_form(h, "0302", movement.movers(h)) })
  end)

  it("E3: Garland's 3US-1 and 4US-1, one command, two regiments, may not", function()
    local g = palo_alto({ ["3US-1"] = "3010", ["4US-1"] = "3010" })
    g.vars.activation = { side = "US", units = { "3US-1", "4US-1" }, artillery = {},
                          target = "garland" }
    g.vars.moved = {}
    assert.are.same({ nil, "3US-1 is of the 3US, 4US-1 of the 4US: a square's units are all of "
      .. "one regiment [rough_and_ready E3]" },
      { squares.check_form(g, "3010", movement.movers(g)) })
  end)

  it("not next to an enemy combat unit; a lone unit is no square; every unit of the hex "
    .. "goes in", function()
      local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["4L-1"] = "0303" })
      assert.are.same({ nil, "0302 is next to 4L-1: no square is formed, joined or left next to "
        .. "an enemy combat unit [rough_and_ready 5.42]" },
        { squares.check_form(g, "0302", movement.movers(g)) })
      local lone = open({ ["4US-1"] = "0302", ["4US-2"] = "0402" })
      assert.are.same({ nil, "a square is 2 or 3 units of one regiment stacked together, not 1 "
        .. "[rough_and_ready 5.42]" },
        { squares.check_form(lone, "0302", movement.movers(lone)) })
      local mixed = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" },
        { side = "US", units = { "4US-1" }, artillery = {}, target = "4US-1" })
      assert.are.same({ nil, "4US-2 in 0302 is not activated: a square takes every combat unit "
        .. "of its hex [rough_and_ready 5.42]" },
        { squares.check_form(mixed, "0302", movement.movers(mixed)) })
    end)

  it("after a move with 2 MP left; not with less (whole moves: MA 5, 2 MP to form)", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402" })
    movement.apply(g, "4US-2", assert(movement.check(g, "4US-2", { "0302" })))  -- 1 MP
    assert.are.same({ 1, 4 }, { squares.spent(g, "4US-2"), squares.left(g, "4US-2") })
    assert.is_true(has(movement.options(g), "square 0302"))
    local h = open({ ["4US-1"] = "0302", ["4US-2"] = "0702" })
    local r = assert(movement.check(h, "4US-2", { "0302" }))
    assert.are.equal(4, r.cost)
    movement.apply(h, "4US-2", r)
    assert.is_false(has(movement.options(h), "square 0302"))
    assert.are.same({ false, "4US-2 has 1 MP left: forming a square costs 2 "
      .. "[rough_and_ready 5.4]" }, { movement.validate(h, "square 0302") })
  end)

  it("is typed as `square <hex>` in the move request of a played activation", function()
    local g = rr.open()
    assert(g.store:face("4US-1", "SE/S"))
    local rec = rr.play(g, { "garland", "4US-2 0302", "square 0302", "done" },
      { auto = { leadership = "no", artillery = "done" } })
    assert.is_true(has(rr.requests(rec, "move")[2].options, "square 0302"))
    assert.are.same({ 1, 1 }, { g.store:marker("4US-1", "square"), g.store:marker("4US-2", "square") })
    assert.are.equal(0, #rr.refusals(rec))
  end)
end)

describe("[rough_and_ready 5.43] what being in Square changes", function()
  it("all six hexes are Front: no flank, no rear, no vertex faced; enemies stop next to it",
    function()
      local g = square_0302()
      assert.are.same({ front = { "0202", "0203", "0301", "0303", "0402", "0403" }, flank = {},
                        rear = {} }, facing.arcs(g, "4US-1"))
      assert.is_false(facing.faces(g, "4US-1"))
      local fronts = {}
      for _, x in ipairs(facing.enemy_fronts(g, "MEX")) do fronts[#fronts + 1] = x.at end
      assert.are.same({ "0202", "0203", "0301", "0303", "0402", "0403" }, fronts)
    end)

  it("MA 1, no hex costing 2 MP, none next to an enemy; the square moves whole", function()
    -- 4L-1 in 0304 is next to 0303; 4US-1 alone would go 5 MP
    local g = square_0302({ ["4L-1"] = "0304" })
    assert.are.same({ "0202", "0203", "0301", "0402", "0403" }, dests(g, "4US-1"))
    assert.are.same({ false, "0302 -> 0303: prohibited (in square, next to 4L-1) "
      .. "[rough_and_ready 5.43]" }, { movement.validate(g, "4US-1 0303") })
    assert.are.same({ false, "0402 -> 0403: costs 1, only 0 MP left [rough_and_ready 5.11]" },
      { movement.validate(g, "4US-1 0402 0403") })
    local opts = movement.options(g)
    assert.is_true(has(opts, "4US-1 0402"))
    assert.is_false(has(opts, "4US-2 0402"))                 -- listed under the top unit
    f.run(g, {}, function()
      movement.apply(g, "4US-1", assert(movement.check(g, "4US-1", { "0402" })))
    end)
    assert.are.same({ "0402", "0402" }, { where(g, "4US-1"), where(g, "4US-2") })
    assert.are.same({ 1, 1 }, { g.store:marker("4US-1", "square"), g.store:marker("4US-2", "square") })
    assert.are.same({ "4US-2 moves with 4US-1: the square moves whole to 0402 [rough_and_ready 5.43]" },
      rr.lines(g, "moves whole"))
    assert.are.same({ false, "4US-2 has moved this activation (MPs are not saved) "
      .. "[rough_and_ready 5.12]" }, { movement.validate(g, "4US-2 0302") })
  end)

  it("no tall grass (2 MP), no trail rate into chaparral", function()
    local g = open({ ["4US-1"] = "0203", ["4US-2"] = "0203" })
    assert.are.equal(1, assert(movement.check(g, "4US-1", { "0204" })).cost)  -- the trail
    squares.form(g, "0203")
    g.vars.moved = {}
    g.vars.activation = copy(US)
    assert.are.same({ false, "0203 -> 0204: costs 3, more than 1 (in square) "
      .. "[rough_and_ready 5.43]" }, { movement.validate(g, "4US-1 0204") })
    assert.are.same({ false, "0302 -> 0303: costs 1, only 0 MP left [rough_and_ready 5.11]" },
      { movement.validate(g, "4US-1 0302 0303") })
    local h = square_0302()
    h.store:place("4US-1", "0303") h.store:place("4US-2", "0303", "bottom")
    assert.are.same({ false, "0303 -> 0304: costs 2, more than 1 (in square) "
      .. "[rough_and_ready 5.43]" }, { movement.validate(h, "4US-1 0304") })
  end)

  it("stays when an enemy comes next to it, and moves only away from it", function()
    local g = square_0302({ ["4L-1"] = "0303" })     -- came next to it (S)
    assert.are.equal(1, g.store:marker("4US-1", "square"))
    assert.are.same({ "0202", "0301", "0402" }, dests(g, "4US-1"))  -- 0203 and 0403 touch 0303
  end)

  it("every unit of it fires, each on its own; the stack's top unit alone does not", function()
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["4L-1"] = "0304" })
    -- not in square: 4US-1 on top fires, through its front (SE/S) only
    assert.are.same({ "4US-1 0304" }, actions.fire_options(g))
    squares.form(g, "0302")
    g.vars.moved = {}
    f.put(g, { ["4L-2"] = "0301" })                       -- in the old rear
    assert.are.same({ "4US-1 0301", "4US-1 0304", "4US-2 0301", "4US-2 0304" },
      actions.fire_options(g))
    assert.are.same({ "4US-1", "4US-2" }, require("systems.rough_and_ready.stacking").firers(g, "0302"))
    -- fired at with small arms, each unit of the square may return fire; the top takes Hits
    assert.are.same({ "4US-1", "4US-2" }, fire.returners(g, { "4L-1" }, "0302"))
  end)

  it("each of its units may use movement reaction fire at an enemy coming next to it",
    function()
      local g = square_0302({ ["4L-1"] = "0303" },
        { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
      local _, log = f.run(g, { "no", "no" }, function() fire.movement_reaction(g, "4L-1", "0303") end)
      assert.are.same({ "reaction_fire", "reaction_fire" }, { log[1].kind, log[2].kind })
      -- not in square, 4US-2 under 4US-1 would not fire [rough_and_ready 5.24]
      local h = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["4L-1"] = "0303" },
        { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
      local _, hlog = f.run(h, { "no" }, function() fire.movement_reaction(h, "4L-1", "0303") end)
      assert.are.equal(1, #hlog)
    end)

  it("cavalry adds +1 to its Commitment roll against it: RANCH-1 (Morale 4) rolls 4", function()
    local mex = { side = "MEX", units = { "RANCH-1" }, artillery = {}, target = "canales" }
    local g = square_0302({ ["RANCH-1"] = "0303" }, mex)
    g.dice:force{ 4 }
    assert.is_false(shock.commitment(g, "RANCH-1", "0302"))
    assert.are.same({ "RANCH-1 rolls for Commitment against 0302: d10 4 +1 (cavalry against "
      .. "the square of 4US-1) = 5 against Adjusted Morale 4: does not commit "
      .. "[rough_and_ready 6.33]" }, rr.lines(g, "rolls for Commitment"))
    local h = open({ ["4US-1"] = "0302", ["4US-2"] = "0302", ["RANCH-1"] = "0303" }, mex)
    h.dice:force{ 4 }
    assert.is_true(shock.commitment(h, "RANCH-1", "0302"))       -- no square: 4 commits
    -- infantry adds nothing
    local i = square_0302({ ["4L-1"] = "0303" },
      { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
    i.dice:force{ 5 }
    assert.is_true(shock.commitment(i, "4L-1", "0302"))
  end)

  it("a charge's Commitment, rolled before moving, takes the +1 when it shocks a square",
    function()
      local mex = { side = "MEX", units = { "RANCH-1" }, artillery = {}, target = "canales" }
      local g = square_0302({ ["RANCH-1"] = "0303" }, mex)
      g.dice:force{ 4 }
      assert.is_true(shock.commitment(g, "RANCH-1", "its charge"))   -- 4 against 4
      g.vars.charge_declared = { "RANCH-1" }
      local rec = shock.shock(g, { "RANCH-1" }, "0302")
      assert.are.same({}, rec.committed)
      assert.are.equal("0303", where(g, "RANCH-1"))
      assert.are.same({ "RANCH-1 charges the square of 4US-1: its Commitment roll 4 +1 (cavalry "
        .. "against a square) = 5 against Adjusted Morale 4: does not commit "
        .. "[rough_and_ready 5.43, 6.43]" }, rr.lines(g, "charges the square"))
      local h = square_0302({ ["RANCH-1"] = "0303" }, mex)
      h.dice:force{ 3 }
      assert.is_true(shock.commitment(h, "RANCH-1", "its charge"))
      h.vars.charge_declared = { "RANCH-1" }
      assert.is_true(squares.kept(h, "RANCH-1", "0302"))               -- 3 +1 = 4: commits
    end)

  it("no fire bonus against it: the same modifiers as against the stack not in Square",
    function()
      local at = { ["4US-1"] = "0302", ["4US-2"] = "0302", ["4L-1"] = "0304", M8 = "0305" }
      local g = open(at)
      local artillery = require "systems.rough_and_ready.artillery"
      local before = { labels((fire.drm(g, "4L-1", "0302"))),
                       labels((artillery.drm(g, { "M8" }, "0302"))) }
      squares.form(g, "0302")
      local after = { labels((fire.drm(g, "4L-1", "0302"))),
                      labels((artillery.drm(g, { "M8" }, "0302"))) }
      assert.are.same(before, after)
      assert.are.same({ "-1 Mexican infantry firing", "-2 firing at 2 hexes range" }, after[1])
    end)

  it("no flank or rear against it in shock: 4L-1 from 0301 (the stack's rear) gets nothing",
    function()
      local mex = { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" }
      local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" }, mex)
      local function pos()
        local out = {}
        for _, l in ipairs(labels(shock.drm(g, "attacker", { "4L-1" }, { "4US-1", "4US-2" },
            "0302", { ["4L-1"] = "0301" }))) do
          if l:find("through the") then out[#out + 1] = l end
        end
        return out
      end
      f.put(g, { ["4L-1"] = "0301" })
      assert.are.same({ "+1 attack through the Rear" }, pos())
      assert(g.store:place("4L-1", "set_aside"))
      g.vars.activation = copy(US)
      squares.form(g, "0302")
      g.vars.activation = copy(mex)
      f.put(g, { ["4L-1"] = "0301" })
      assert.are.same({}, pos())
    end)

  it("its units defend; they do not shock attack", function()
    local g = square_0302({ ["4L-1"] = "0303" })
    assert.are.same({ false, "4US-1 is in a square: it defends, it does not shock attack "
      .. "[rough_and_ready 5.43, 5.44]" }, { shock.eligible(g, "4US-1") })
    assert.are.same({}, shock.options(g))
  end)
end)

describe("[rough_and_ready 5.44] leaving and joining", function()
  it("a unit leaves for 2 MP and may move on with the rest; the square left with one "
    .. "dissolves", function()
      local g = square_0302()
      assert.are.same({ "unsquare 4US-1", "unsquare 4US-2" }, squares.options(g, movement.movers(g)))
      squares.leave(g, "4US-1")
      assert.are.same({ 0, "vertex", "SE/S" },
        { g.store:marker("4US-1", "square"), g.store:model("4US-1"), g.store:facing("4US-1") })
      assert.are.same({ 2, 3 }, { squares.spent(g, "4US-1"), squares.left(g, "4US-1") })
      -- 4US-2 is alone: no square, and it paid nothing [5.45]
      assert.are.same({ 0, "vertex", 0 },
        { g.store:marker("4US-2", "square"), g.store:model("4US-2"), squares.spent(g, "4US-2") })
      assert.are.same({ "4US-1 leaves the square in 0302 (2 MP) [rough_and_ready 5.44]",
        "the square in 0302 is down to 4US-2: it dissolves at no cost [rough_and_ready 5.45]" },
        { rr.lines(g, "leaves the square")[1], rr.lines(g, "dissolves")[1] })
      -- 4US-1 moves with its 3 MP left: 0305 (4 MP) is out of reach
      assert.is_truthy(movement.check(g, "4US-1", { "0303", "0304" }))
      assert.are.same({ false, "0304 -> 0305: costs 2, only 0 MP left [rough_and_ready 5.11]" },
        { movement.validate(g, "4US-1 0303 0304 0305") })
    end)

  it("never next to an enemy; not after the square moved", function()
    local g = square_0302({ ["4L-1"] = "0303" })
    assert.are.same({ false, "0302 is next to 4L-1: no square is formed, joined or left next to "
      .. "an enemy combat unit [rough_and_ready 5.44]" },
      { squares.check_leave(g, "4US-1", movement.movers(g)) })
    local h = square_0302()
    movement.apply(h, "4US-1", assert(movement.check(h, "4US-1", { "0301" })))
    assert.are.same({ false, "4US-1 has moved this activation (with its square, or forming or "
      .. "joining it): it may leave it in a later one [rough_and_ready 5.12, 5.42]" },
      { movement.validate(h, "unsquare 4US-1") })
  end)

  it("a unit that rallied this activation neither leaves nor forms one [6.82]", function()
    local g = square_0302()
    g.vars.rallied = { "4US-1" }
    assert.are.same({ false, "4US-1 rallied this activation: it does nothing else "
      .. "[rough_and_ready 6.82]" }, { squares.check_leave(g, "4US-1", movement.movers(g)) })
    assert.is_true(squares.check_leave(g, "4US-2", movement.movers(g)))
    local h = open({ ["4US-1"] = "0302", ["4US-2"] = "0302" })
    h.vars.rallied = { "4US-2" }
    assert.are.same({ nil, "4US-2 rallied this activation: it does nothing else "
      .. "[rough_and_ready 6.82]" }, { squares.check_form(h, "0302", movement.movers(h)) })
  end)

  it("5US-3 moves into the square of 5US-1 and 5US-2 and joins it for 2 MP", function()
    local g = palo_alto({ ["5US-1"] = "3010", ["5US-2"] = "3010", ["5US-3"] = "3012" })
    g.vars.activation = { side = "US", units = { "5US-1", "5US-2", "5US-3" }, artillery = {},
                          target = "twiggs" }
    g.vars.moved, g.vars.rallied = {}, {}
    assert.are.same({ nil, "a square is 2 or 3 units of one regiment stacked together, not 1 "
      .. "[rough_and_ready 5.42]" }, { squares.check_form(g, "3012", movement.movers(g)) })
    squares.form(g, "3010")
    local r = assert(movement.check(g, "5US-3", { "3011", "3010" }))
    f.run(g, { "SE/S" }, function() movement.apply(g, "5US-3", r) end)  -- a square faces not
    assert.is_true(has(movement.options(g), "square 3010"))
    squares.form(g, "3010")
    assert.are.same({ 1, 1, 1 }, { g.store:marker("5US-1", "square"),
      g.store:marker("5US-2", "square"), g.store:marker("5US-3", "square") })
    assert.are.equal(r.cost + 2, squares.spent(g, "5US-3"))
    assert.are.same({ "5US-3 joins the square of 5US-1, 5US-2 in 3010 (2 MP each; movement "
      .. "ends) [rough_and_ready 5.44]" }, rr.lines(g, "joins the square"))
    -- one of three leaves (next activation): two stay in Square
    g.vars.activation = { side = "US", units = { "5US-1", "5US-2", "5US-3" }, artillery = {},
                          target = "twiggs" }
    g.vars.moved = {}
    squares.leave(g, "5US-3")
    assert.are.same({ 1, 1, 0 }, { g.store:marker("5US-1", "square"),
      g.store:marker("5US-2", "square"), g.store:marker("5US-3", "square") })
  end)
end)

describe("[rough_and_ready 5.45] a square reduced to one unit", function()
  it("T-RR-12: a square of 2 loses one unit to combat and dissolves at no cost", function()
    -- 4L-1 fires at 4US-1 (on top, 6 Hits: Adjusted Morale 0) from 0303: d10 5 -1 = 4: 1 Hit
    local g = square_0302({ ["4L-1"] = "0303" },
      { side = "MEX", units = { "4L-1" }, artillery = {}, target = "vega" })
    g.store:set_marker("4US-1", "hits", 6)
    g.dice:force{ 5 }
    f.run(g, { "no", "no" }, function() fire.fire(g, { "4L-1" }, "0302", { activated = true }) end)
    assert.are.equal("eliminated", where(g, "4US-1"))
    assert.are.same({ "0302", 0, "vertex", "SE/S", 0 }, { where(g, "4US-2"),
      g.store:marker("4US-2", "square"), g.store:model("4US-2"), g.store:facing("4US-2"),
      squares.spent(g, "4US-2") })
    assert.are.equal(0, g.store:marker("4US-1", "square"))
    assert.are.same({ "the square in 0302 is down to 4US-2: it dissolves at no cost "
      .. "[rough_and_ready 5.45]" }, rr.lines(g, "dissolves"))
    -- 4US-2 faces again: 0303 is in its front, 0301 in its rear
    assert.are.equal("rear", g.store:arc("4US-2", "0301"))
  end)

  it("a square that loses a shock retreats out of Square, each unit on its own", function()
    -- 4L-1 and 4L-2 from 0303 (Morale 5) against the square (Morale 6): strength equal, the
    -- defender +1 (Morale); Commitment 0; attacker 9 = 3 Hits; defender 0 +1 = 0 Hits
    local g = square_0302({ ["4L-1"] = "0303", ["4L-2"] = "0303" },
      { side = "MEX", units = { "4L-1", "4L-2" }, artillery = {}, target = "vega" })
    g.dice:force{ 0, 9, 0 }
    local rec = f.run(g, { "4US-1", "0402", "0402" }, function()
      return shock.shock(g, { "4L-1", "4L-2" }, "0302")
    end)
    assert.are.equal("defender", rec.loser)
    assert.are.same({ "0402", "0402" }, { where(g, "4US-1"), where(g, "4US-2") })
    assert.are.same({ 0, 0, "vertex", "vertex" }, { g.store:marker("4US-1", "square"),
      g.store:marker("4US-2", "square"), g.store:model("4US-1"), g.store:model("4US-2") })
    assert.are.same({ "4US-1 retreats out of its square [rough_and_ready 5.43]",
      "4US-2 retreats out of its square [rough_and_ready 5.43]" }, rr.lines(g, "out of its square"))
    assert.are.same({ 2, 1 }, { hits.hits(g, "4US-1"), hits.hits(g, "4US-2") })
  end)
end)
