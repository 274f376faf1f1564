-- volley.placement_setup: stacking and facing at set-up (docs/placement.md "Stacking at
-- set-up", "Facing at set-up"): fixed placements refused at load with file:line, choices that
-- offer only legal locations, defaults and bots that never overstack, facings given or asked,
-- and the marks `volley render` draws.
local core = require "volley.core"
local ask = require "volley.ask"
local game = require "volley.game"
local scenario = require "volley.scenario"
local placement = require "volley.placement"
local setup_rules = require "volley.placement_setup"
local bots = require "volley.bots"

local CROWD = "tests/data/setup/crowd.ini"

-- Plays a game's set-up step answering with `answer(side, request, refusal)`; returns the
-- requests asked, in order.
local function drive_setup(g, answer)
  local asked = {}
  local co = coroutine.create(function() g:ask_setup() end)
  ask.drive(co, function(side, request, refusal)
    asked[#asked + 1] = { side = side, options = ask.legal(request), default = request.default,
                          kind = request.kind, prompt = request.prompt, refusal = refusal }
    return answer(side, request, refusal)
  end)
  return asked
end

local function where_all(g)
  local out = {}
  for _, u in ipairs(g.store:units{}) do out[u] = select(2, g.store:where(u)) end
  return out
end

-- No hex holds two sides, or more than two combat units of a side [demo 3.3, 3.4].
local function assert_demo_legal(g)
  local by_hex = {}
  for _, u in ipairs(g.store:units{}) do
    local kind, at = g.store:where(u)
    if kind == "hex" then
      local info = g.store:unit(u)
      by_hex[at] = by_hex[at] or { sides = {}, n = {} }
      by_hex[at].sides[info.side] = true
      by_hex[at].n[info.side] = (by_hex[at].n[info.side] or 0) + 1
    end
  end
  for hex, h in pairs(by_hex) do
    assert.is_false(h.sides.A and h.sides.B or false, hex .. " holds both sides")
    for side, n in pairs(h.n) do
      assert.is_true(n <= 2, hex .. " holds " .. n .. " units of " .. side)
    end
  end
end

describe("[demo 3.3, 3.4] stacking at set-up", function()
  it("refuses a fixed set-up that overstacks a hex, with the line and the rule", function()
    assert.are.same({ false, "tests/data/setup/overstack.ini:15: cannot place A3 at 0102: 0102 already holds 2 units "
      .. "of side A (stack_limit 2) [demo 3.4]" },
      { pcall(game.open, "tests/data/setup/overstack.ini") })
  end)

  it("refuses a fixed set-up in an enemy-occupied hex", function()
    assert.are.same({ false, "tests/data/setup/enemy.ini:18: cannot place B1 at 0102: 0102 "
      .. "holds an enemy unit (A1) [demo 3.3]" }, { pcall(game.open, "tests/data/setup/enemy.ini") })
  end)

  it("offers a choice only the hexes that still have room", function()
    local g = game.open(CROWD)
    local asked = drive_setup(g, function(_, request) return ask.legal(request)[1] end)
    assert.are.same({ "0102", "0103" }, asked[1].options)
    assert.are.same({ "0102", "0103" }, asked[2].options)
    assert.are.same({ "0103" }, asked[3].options)   -- A1 and A2 fill 0102
    assert.are.equal("set up A3: 0103", asked[3].prompt)
    assert.are.same({ "0103" }, asked[4].options)
    -- side B's ring around 0202 leaves out the hexes side A holds
    assert.are.same({ "0101", "0201", "0203", "0301", "0302" }, asked[5].options)
    assert.are.same({ A1 = "0102", A2 = "0102", A3 = "0103", A4 = "0103", B1 = "0202",
                      B2 = "0101", B3 = "0101", B4 = "0201" }, where_all(g))
  end)

  it("tests a choice's locations without changing the state (its hash)", function()
    local g = game.open(CROWD)
    assert(g.store:place("A1", "0102"))
    assert(g.store:place("A2", "0102"))
    local before = g.store:hash()
    local legal, why = setup_rules.legal(g, g.setup.choices[3])
    assert.are.same({ "0103" }, legal)
    assert.are.same({ ["0102"] = "0102 already holds 2 units of side A (stack_limit 2) "
      .. "[demo 3.4]" }, why)
    assert.are.equal(before, g.store:hash())
    assert.are.equal("none", g.store:where("A3"))
    assert.are.same({ "A2", "A1" }, g.store:stack("0102"))
  end)

  it("refuses a full hex typed at the prompt, saying why", function()
    local g = game.open(CROWD)
    local tried = false
    local asked = drive_setup(g, function(side, request)
      if side == "A" and request.prompt:find("A4", 1, true) and not tried then
        tried = true
        return "0102"
      end
      return request.default
    end)
    -- A1 0102, A2 0103 and A3 0102 by default: A4 typed 0102, refused, asked again
    assert.is_nil(asked[4].refusal)
    assert.are.equal("0102 already holds 2 units of side A (stack_limit 2) [demo 3.4]", asked[5].refusal)
    assert.are.equal("0103", select(2, g.store:where("A4")))
  end)

  it("spreads the defaults legally: the spread default, else the next hex with room", function()
    local g = game.open(CROWD)
    g:setup_defaults()
    -- B3's spread default 0102 is side A's: the next option with room is 0201
    assert.are.same({ A1 = "0102", A2 = "0103", A3 = "0102", A4 = "0103", B1 = "0202",
                      B2 = "0101", B3 = "0201", B4 = "0201" }, where_all(g))
  end)

  it("lets the first and random bots set up only legally", function()
    for _, name in ipairs({ "first", "random" }) do
      for seed = 1, 8 do
        local g = game.open(CROWD, { seed = seed })
        local bot, n = bots.load(name), 0
        drive_setup(g, function(side, request, refusal)
          assert.is_nil(refusal)
          n = n + 1
          return bot.answer(g, request, { side = side, name = name, seed = seed, decision = n })
        end)
        assert_demo_legal(g)
      end
    end
  end)

  it("stops the set-up when a line has no location left, naming the line", function()
    local map = assert(core.map.load("tests/data/setup/map.ini"))
    local store = assert(core.state.new{ schema = "charts/demo/units.ini",
                                         oob = "tests/data/setup/oob.ini", map = map })
    local g = { store = store, map = map, params = { stack_limit = 1 },
                stacking = setup_rules.stacking("demo") }
    local sc = { oob = "oob.ini", setup_rule = "[demo 2.2]", setup = {
      { side = "A", key = "k", text = "0102, 0103 | A1 A2 A3", file = "s.ini", line = 7 } } }
    g.setup = assert(scenario.setup(sc, map, store, {
      check = function(u, loc, kind) return setup_rules.check(g, u, loc, kind) end }))
    assert.are.same({ false, "s.ini:7: no location of this line can take A3 now: 0103 already "
      .. "holds 1 unit of side A (stack_limit 1) [demo 3.4]" },
      { pcall(setup_rules.run, g, function(_, request) return request.default end) })
  end)
end)

describe("[rough_and_ready 5.21-5.28, 7.0] stacking", function()
  local store, g, legal
  before_each(function()
    local map = assert(core.map.load("tests/data/root/scenarios/test-game/rr/map.ini"))
    store = assert(core.state.new{ schema = core.find("charts/rough_and_ready/units.ini"),
                                   oob = "tests/data/setup/rr_oob.ini", map = map })
    g = { store = store }
    legal = setup_rules.stacking("rough_and_ready")
  end)

  -- Places `units` in 0101 one by one; returns the first refusal, or nil.
  local function stack(units)
    for _, u in ipairs(units) do
      local ok, why = legal(g, u, "0101")
      if not ok then return why end
      assert(store:place(u, "0101"))
    end
    return nil
  end

  it("takes three infantry or cavalry of one command, not four (Exception #1)", function()
    assert.is_nil(stack({ "8US-1", "8US-2", "8US-3" }))
    assert.are.equal("0101 would hold 4 infantry or cavalry units (at most 3, of one command) "
      .. "[rough_and_ready 5.21]", stack({ "8US-4" }))
  end)

  it("takes one unit of another command, alone", function()
    assert.are.equal("0101 would hold infantry or cavalry of 2 commands (up to 3 stack only "
      .. "when of one command) [rough_and_ready 5.21]", stack({ "8US-1", "5US-1" }))
  end)

  it("takes two batteries of any command, a battery being every counter of one name "
    .. "(Exception #2, 5.22)", function()
    assert.is_nil(stack({ "C3US-1", "C3US-2", "A2US" }))
    assert.are.equal("0101 would hold 3 artillery batteries (at most 2) "
      .. "[rough_and_ready 5.21, 5.22]", stack({ "Duncan" }))
  end)

  it("counts Mexican guns without a command as one battery a gun type (5.22)", function()
    assert.is_nil(stack({ "g4a", "g4b", "g8" }))
  end)

  it("takes one battery with one infantry or cavalry unit, no more (Exception #3)", function()
    assert.is_nil(stack({ "A2US", "2D" }))
    assert.are.equal("0101 would hold 1 battery and 2 infantry or cavalry (a battery stacks "
      .. "with one unit) [rough_and_ready 5.21]", stack({ "5US-1" }))
  end)

  it("refuses two batteries with a unit", function()
    assert.are.equal("0101 would hold 2 batteries and 1 infantry or cavalry (a battery stacks "
      .. "with one unit) [rough_and_ready 5.21]", stack({ "A2US", "Duncan", "8US-1" }))
  end)

  it("lets leaders stack freely (5.21, 5.26)", function()
    assert.is_nil(stack({ "8US-1", "8US-2", "8US-3", "Taylor", "Belknap" }))
  end)

  it("takes one wagon a hex, with one combat unit (7.0)", function()
    assert.is_nil(stack({ "W1", "8US-1" }))
    assert.are.equal("0101 would hold a wagon and 2 combat units (a wagon stacks with one) "
      .. "[rough_and_ready 7.0]", stack({ "8US-2" }))
    store:place("8US-1", "none")
    assert.are.equal("0101 would hold 2 wagons (one a hex) [rough_and_ready 7.0]", stack({ "W2" }))
  end)

  it("refuses a hex an enemy unit holds (5.28)", function()
    assert.are.equal("0101 holds an enemy unit (8US-1) [rough_and_ready 5.28]",
      stack({ "8US-1", "tampico" }))
  end)
end)

describe("facing at set-up", function()
  local map, store, g
  before_each(function()
    map = assert(core.map.load("tests/data/root/scenarios/test-game/rr/map.ini"))
    store = assert(core.state.new{ schema = core.find("charts/rough_and_ready/units.ini"),
                                   oob = "tests/data/setup/rr_oob.ini", map = map })
    g = { store = store, map = map, params = {}, stacking = setup_rules.stacking("rough_and_ready") }
  end)

  local function plan(rule, ...)
    local sc = { oob = "rr_oob.ini", setup_rule = rule, setup = {} }
    for i, l in ipairs({ ... }) do
      sc.setup[i] = { side = l[1], key = "k" .. i, text = l[2], file = "s.ini", line = 10 + i }
    end
    return scenario.setup(sc, map, store, {
      check = function(u, loc, kind) return setup_rules.check(g, u, loc, kind) end })
  end

  it("learns what a unit faces without changing its facing", function()
    local grid = setup_rules.grid(map)
    assert(store:place("8US-1", "0102"))
    assert(store:face("8US-1", "SE/S"))
    local before = store:hash()
    assert.are.equal("vertex", setup_rules.facing_kind(store, grid, "8US-1"))
    assert.is_nil(setup_rules.facing_kind(store, grid, "Taylor"))
    assert.is_nil(setup_rules.facing_kind(store, grid, "W1"))
    assert.are.equal(before, store:hash())
    assert.are.equal("SE/S", store:facing("8US-1"))
  end)

  it("splits 'facing <word>' off a spec", function()
    assert.are.same({ "3014-5", "N/NE" }, { placement.split_facing("3014-5 facing N/NE") })
    assert.are.same({ "0102", "toward 0202" }, { placement.split_facing("0102 Facing toward 0202") })
    assert.are.same({ "any hex", nil }, { placement.split_facing("any hex") })
    assert.are.same({ nil, "no facing after 'facing'" }, { placement.split_facing("0102 facing ") })
    assert.are.same({ nil, "no placement spec before 'facing'" },
      { placement.split_facing("facing N") })
  end)

  it("faces the units of a line that gives a facing, leaders not", function()
    g.setup = assert(plan(nil, { "US", "0102 facing N/NE | 8US-1 Taylor" }))
    assert.are.equal("N/NE", store:facing("8US-1"))
    assert.is_nil(store:facing("Taylor"))
    setup_rules.run(g, function() error("nothing to ask") end)
    assert.are.equal("N/NE", store:facing("8US-1"))
  end)

  it("asks the facing of the owning side, defaulting toward the nearest enemy", function()
    g.setup = assert(plan("[rough_and_ready 5.34]", { "US", "0102 facing N/NE | 8US-1" },
      { "MEX", "0602 | tampico" }))
    local asked = {}
    setup_rules.run(g, function(side, request)
      asked[#asked + 1] = { side, request.kind, request.prompt, request.rule, request.default,
                            table.concat(request.options, " ") }
      return request.default
    end)
    -- 8US-1 in 0102 is due west of 0602: the vertex between SW and NW faces it
    assert.are.same({ { "MEX", "face", "face tampico in 0602", "[rough_and_ready 5.34]", "SW/NW",
                        "N/NE NE/SE SE/S S/SW SW/NW NW/N" } }, asked)
    assert.are.equal("SW/NW", store:facing("tampico"))
  end)

  it("defaults to the facing of a unit already facing in the hex (5.27)", function()
    g.setup = assert(plan("[rough_and_ready 5.34]", { "US", "0102 facing SE/S | 8US-1" },
      { "US", "0102 | 8US-2" }, { "MEX", "0602 | tampico" }))
    setup_rules.run(g, function(_, request) return request.default end)
    assert.are.equal("SE/S", store:facing("8US-2"))
  end)

  it("gives a stack mate's facing unasked where stacked units face alike (5.27)", function()
    g.common_facing = setup_rules.common_facing("rough_and_ready")
    assert.are.equal("[rough_and_ready 5.27]", g.common_facing)
    g.setup = assert(plan("[rough_and_ready 5.34]", { "US", "0102 | 8US-1 8US-2" },
      { "MEX", "0602 | tampico" }))
    local asked = {}
    setup_rules.run(g, function(_, request)
      asked[#asked + 1] = request.prompt
      return request.kind == "face" and "SE/S" or request.default
    end)
    assert.are.same({ "face 8US-1 in 0102", "face tampico in 0602" }, asked)
    assert.are.equal("SE/S", store:facing("8US-2"))
  end)

  it("faces toward the first word when no enemy is on the map", function()
    g.setup = assert(plan("[rough_and_ready 5.34]", { "US", "0303 | 8US-1" }))
    setup_rules.run(g, function(_, request) return request.default end)
    assert.are.equal("N/NE", store:facing("8US-1"))
  end)

  it("refuses what is wrong with a facing, citing the line", function()
    local cases = {
      { { nil, { "US", "0102 | 8US-1" } }, "s.ini:11: placing 8US-1 leaves its facing to "
        .. "choose: give it ('facing <word>' after the spec) or the rule that lets the player "
        .. "choose ('[<system> <case>]' after the unit ids, or [scenario] setup_rule)" },
      { { nil, { "US", "0102 facing up | 8US-1" } }, "s.ini:11: unknown facing 'up': expected "
        .. "a hexside (N NE SE S SW NW), a vertex (N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or "
        .. "toward <hex>[/<hex>]" },
      { { nil, { "US", "0102 facing N | 8US-1" } }, "s.ini:11: cannot face 8US-1 N: 8US-1 "
        .. "faces a vertex under model 'vertex', not a hexside [rough_and_ready 5.31-5.32]" },
      { { nil, { "US", "0102 facing N/NE | Taylor" } },
        "s.ini:11: 'facing N/NE': no unit of this line faces" },
    }
    for _, c in ipairs(cases) do
      store = assert(core.state.new{ schema = core.find("charts/rough_and_ready/units.ini"),
                                     oob = "tests/data/setup/rr_oob.ini", map = map })
      g.store = store
      local p, why = plan(c[1][1], c[1][2])
      assert.is_nil(p)
      assert.are.equal(c[2], why)
    end
  end)
end)

describe("the set-up volley render draws", function()
  it("marks each side's units on a hex as a unit or a stack, then its leaders", function()
    local view = require("volley.setup_view").collect(CROWD)
    assert.are.equal("tests/data/setup/map.ini", view.map)
    assert.are.same({ "A", "B" }, view.sides)
    local marks = {}
    for _, m in ipairs(view.marks) do
      marks[#marks + 1] = table.concat({ m.where, m.code, m.kind, m.side, tostring(m.count) }, " ")
    end
    assert.are.same({ "0101 B2 unit B 1", "0102 A3 stack A 2", "0103 A4 stack A 2",
                      "0201 B4 stack B 2", "0202 B1 unit B 1" }, marks)
    assert.are.same({}, view.off)
  end)
end)
