-- Movement, stacking and facing on the fixture (tests/data/rr): the activated units' move
-- requests [rough_and_ready 5.11-5.15, 5.21-5.28, 5.31-5.34, E11, E12] (docs/
-- rough_and_ready.md "Movement").
local rr = require "support.rr"
local movement = require "systems.rough_and_ready.movement"
local stacking = require "systems.rough_and_ready.stacking"
local facing = require "systems.rough_and_ready.facing"

local function place(g, where)
  local ids = {}
  for u in pairs(where) do ids[#ids + 1] = u end
  table.sort(ids)
  for _, u in ipairs(ids) do assert(g.store:place(u, where[u])) end
end

-- The options of the pending request that begin with `prefix`.
local function options_of(rec, prefix)
  local out = {}
  for _, o in ipairs(rec.pending and rec.pending.options or {}) do
    if o:sub(1, #prefix) == prefix then out[#out + 1] = o end
  end
  return out
end

local function has(list, x)
  for _, v in ipairs(list) do
    if v == x then return true end
  end
  return false
end

local NO = { leadership = "no", artillery = "done" }

describe("[rough_and_ready 5.11, 5.12] moving: the chart's costs, one move a unit", function()
  it("pays the Terrain Effects Chart's cost of each hex entered, within the MA", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland", "4US-2 0405", "S/SW" }, { auto = NO })
    -- 0403 clear 1, 0404 and 0405 tall grass 2 each [rough_and_ready TEC]
    assert.are.same({ "4US-2 moves 0402 -> 0403 0404 0405 (5 MP of 5) [rough_and_ready 5.11]" },
      rr.lines(g, "4US-2 moves"))
    assert.are.equal("0405", select(2, g.store:where("4US-2")))
    assert.are.equal("move", rec.pending.kind)
    -- moved: its MPs are not saved, it is offered no second move
    assert.are.same({}, options_of(rec, "4US-2 "))
    assert.are.same({}, options_of(rec, "face 4US-2 "))
  end)

  it("refuses a hex it has not the MPs for, naming the step, and a second move", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland", "4US-2 0403 0404 0405 0406", "4US-2 0406", "4US-2 0405",
      "S/SW", "4US-2 0404" }, { auto = NO })
    assert.are.same({
      "0405 -> 0406: costs 2, only 0 MP left [rough_and_ready 5.11]",
      -- a destination out of reach says so, with its cost (the 5.12 step check is for paths)
      "0406 is out of 4US-2's reach: it costs 7 MP, 4US-2 has 5 [rough_and_ready 5.11]",
      "4US-2 has moved this activation (MPs are not saved) [rough_and_ready 5.12]",
    }, rr.refusals(rec))
  end)

  it("lists each unit's destinations, cheapest path implied, then turns, then done", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland" }, { auto = NO })
    local o = rec.pending.options
    assert.are.equal("4US-1 0202", o[1])                   -- 4US-1 first, reach order
    assert.are.equal("done", o[#o])
    assert.is_true(has(o, "Garland 0502"))                  -- the leader moves with them
    assert.is_false(has(o, "4US-2 0406"))                   -- 7 MP away
    assert.is_false(has(o, "4US-1 0302"))                   -- where it stands
    assert.are.equal("done", rec.pending.options[#rec.pending.options])
    assert.are.equal("[rough_and_ready 5.11]", rec.pending.rule)
  end)

  it("halves the MA of a unit out of command [rough_and_ready 4.23]", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0310" })
    rr.play(g, { "garland", "4US-2 0309 0308 0307", "N/NE" }, { auto = NO })
    assert.are.same({ "4US-2 moves 0310 -> 0309 0308 0307 (3 MP of 3, out of command "
      .. "[rough_and_ready 4.23]) [rough_and_ready 5.11]" }, rr.lines(g, "4US-2 moves"))
  end)
end)

describe("[rough_and_ready 5.13] the trail in chaparral", function()
  it("gives its rate only to a mover that would not be stacked there", function()
    local g = rr.open()
    local q = movement.query(g, "4US-1")
    -- 0203 clear 1, then along the trail 0204 and 0205 (chaparral) 1 each
    assert.are.equal(3, g.move:path("0302", "0205", q).cost)
    place(g, { ["4US-2"] = "0204" })
    q = movement.query(g, "4US-1")
    assert.are.same({ "0204" }, q.no_road)
    local p = g.move:path("0302", "0205", q)
    assert.are.equal(5, p.cost)                              -- 0204 at the chaparral's 3
    assert.are.same({ "0203", "0204", "0205" }, p.path)
  end)

  it("is no way in for cavalry, nor artillery: only infantry and leaders [rough_and_ready E11]",
    function()
      local g = rr.open()
      place(g, { ["RANCH-1"] = "0203", M8 = "0303" })
      assert.are.same({ false, "0203 -> 0204: prohibited (Chaparral) [rough_and_ready PA 5.16] "
        .. "[rough_and_ready RP 5.15]", 1 },
        { g.move:validate("0203", { "0204" }, movement.query(g, "RANCH-1")) })
      assert.is_false((g.move:validate("0303", { "0204" }, movement.query(g, "M8"))))
      g = rr.open()                              -- a leader: the trail 1, the chaparral 3
      assert.are.equal(5, g.move:validate("0302", { "0203", "0204", "0104" },
        movement.query(g, "Garland")).cost)
    end)
end)

describe("[rough_and_ready 5.14] entering an enemy front hex", function()
  it("ends the move there; a flank hex does not", function()
    local g = rr.open()
    assert(g.store:face("4L-1", "N/NE"))                   -- front 0407 0507
    place(g, { ["4US-2"] = "0405" })
    local reach = g.move:reach("0405", movement.query(g, "4US-2"))
    assert.is_true(reach:entry("0407").stop)
    assert.is_false(reach:entry("0306").stop)
    local rec = rr.play(g, { "garland", "4US-2 0406 0407 0307", "4US-2 0407", "SE/S" },
      { auto = NO })
    assert.are.same({ "0407 -> 0307: must stop in 0407 (front hex of 4L-1) [rough_and_ready "
      .. "5.14]" }, rr.refusals(rec))
    assert.are.same({ "4US-2 entered the front of 4L-1 in 0407: it stops [rough_and_ready 5.14]" },
      rr.lines(g, "entered the front"))
  end)
end)

describe("[rough_and_ready 5.15] leaving an enemy front hex", function()
  it("is one hex away, never next to an enemy unit", function()
    local g = rr.open()
    assert(g.store:face("4L-1", "N/NE"))
    place(g, { ["4US-2"] = "0407", Garland = "0305" })     -- in command: MA 5
    local rec = rr.play(g, { "garland", "4US-2 0406 0306", "4US-2 0307" }, { auto = NO })
    assert.are.same({ "4US-2 0306", "4US-2 0406", "4US-2 0506" }, options_of(rec, "4US-2 "))
    assert.are.same({
      "4US-2 starts in the front of 4L-1: it may move one hex away, no more [rough_and_ready "
        .. "5.15]",
      "4US-2 starts in the front of 4L-1: it may not move next to 4L-1 in 0307 "
        .. "[rough_and_ready 5.15]",
    }, rr.refusals(rec))
    -- and it faces anew once moved [rough_and_ready 5.15, 5.34]
    g = rr.open()
    assert(g.store:face("4L-1", "N/NE"))
    place(g, { ["4US-2"] = "0407" })
    rec = rr.play(g, { "garland", "4US-2 0406" }, { auto = NO })
    assert.are.equal("face", rec.pending.kind)
  end)
end)

describe("[rough_and_ready 5.21, 5.22, 5.23, 5.25, 5.26, 5.28] stacking while moving", function()
  it("passes through a unit of its own command at no cost (T-RR-11's rule)", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0303" })
    local p = g.move:path("0302", "0304", movement.query(g, "4US-1"))
    assert.are.same({ "0303", "0304" }, p.path)
    assert.are.equal(3, p.cost)                               -- 1 + tall grass 2: nothing more
  end)

  it("never through, nor into, infantry of another command", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0703" })
    local q = movement.query(g, "8US-1")
    assert.are.same({ false, "0702 -> 0703: prohibited (0703 would hold infantry or cavalry "
      .. "of 2 commands (up to 3 stack only when of one command)) [rough_and_ready 5.23]", 1 },
      { g.move:validate("0702", { "0703" }, q) })
    local p = g.move:path("0702", "0704", q)
    assert.is_false(has(p.path, "0703"))
  end)

  it("holds the limits at the end: one battery and one unit; leaders free", function()
    local g = rr.open()
    place(g, { ["8US-1"] = "0602" })                           -- with C3US: full
    assert.are.same({ false, "0602 would hold 1 battery and 2 infantry or cavalry (a battery "
      .. "stacks with one unit) [rough_and_ready 5.21]" }, { stacking.legal(g, "8US-2", "0602") })
    local q = movement.query(g, "8US-2")
    assert.is_false((g.move:validate("0802", { "0702", "0602" }, q)))
    assert.is_true((stacking.legal(g, "Belknap", "0602")))     -- [rough_and_ready 5.26]
    assert.are.equal(1, g.move:validate("0702", { "0602" }, movement.query(g, "Belknap")).cost)
  end)

  it("does not count markers [rough_and_ready 5.25]", function()
    local g = rr.open()
    g.store:set_marker("4US-1", "hits", 2)
    g.store:set_marker("4US-1", "disordered", 1)
    place(g, { ["4US-2"] = "0302" })
    assert.are.same({ "4US-1", "4US-2", "Garland" }, (function()
      local s = g.store:stack("0302")
      table.sort(s)
      return s
    end)())
    assert.is_true((stacking.legal(g, "4US-2", "0302")))
  end)

  it("never enters an enemy hex: only Shock does [rough_and_ready 5.28]", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0407" })
    local ok, why = g.move:validate("0407", { "0408" }, movement.query(g, "4US-2"))
    assert.is_false(ok)
    assert.are.equal("0407 -> 0408: prohibited (0408 holds an enemy unit (Vega)) "
      .. "[rough_and_ready 5.28]", why)
  end)

  it("puts the mover on top; the top unit fires, artillery from anywhere [rough_and_ready 5.24]",
    function()
      local g = rr.open()
      rr.play(g, { "belknap", "8US-2 0602", "N/NE" }, { auto = NO })
      assert.are.equal("8US-2", stacking.top(g, "0602"))
      assert.are.same({ "8US-2", "C3US" }, stacking.firers(g, "0602"))
      assert.are.equal("8US-1", stacking.top(g, "0702"))      -- Belknap is no combat unit
    end)
end)

describe("[rough_and_ready 5.31, 5.32, 5.33] vertex facing", function()
  it("gives two front, two flank and two rear hexsides", function()
    local g = rr.open()
    assert(g.store:face("4L-1", "N/NE"))
    assert.are.same({ front = { "0407", "0507" }, flank = { "0307", "0508" },
                      rear = { "0308", "0409" } }, facing.arcs(g, "4L-1"))
    assert.are.same({ "0407", "0507" }, facing.front(g, "4L-1"))
  end)

  it("gives artillery two front and four rear", function()
    local g = rr.open()
    assert(g.store:face("M8", "N/NE"))
    assert.are.same({ front = { "0607", "0707" }, flank = {},
                      rear = { "0507", "0508", "0609", "0708" } }, facing.arcs(g, "M8"))
  end)

  it("stops movement in an artillery unit's front only", function()
    local g = rr.open()
    assert(g.store:face("M8", "N/NE"))
    local stops = {}
    for _, f in ipairs(facing.enemy_fronts(g, "US")) do stops[#stops + 1] = f.at .. " " .. f.by end
    assert.are.same({ "0607 M8", "0707 M8" }, stops)
  end)
end)

describe("[rough_and_ready 5.27, 5.34] facing: chosen at the end of a move, fixed, free to turn",
  function()
    it("asks the facing after a move, one of the six vertices", function()
      local g = rr.open()
      local rec = rr.play(g, { "garland", "4US-2 0403" }, { auto = NO })
      assert.are.same({ side = "US", kind = "face", options = { "N/NE", "NE/SE", "SE/S", "S/SW",
                        "SW/NW", "NW/N" }, rule = "[rough_and_ready 5.34]" }, rec.pending)
    end)

    it("gives a unit joining a stack the stack's facing, unasked", function()
      local g = rr.open()
      assert(g.store:face("4US-1", "SE/S"))
      rr.play(g, { "garland", "4US-2 0302" }, { auto = NO })
      assert.are.equal("SE/S", g.store:facing("4US-2"))
      assert.are.same({ "4US-2 faces SE/S as its stack does [rough_and_ready 5.27]" },
        rr.lines(g, "as its stack does"))
    end)

    it("turns in place for no MP, with the unmoved units of its stack, and ends its movement",
      function()
        local g = rr.open()
        assert(g.store:face("4US-1", "N/NE"))
        place(g, { ["4US-2"] = "0302" })
        assert(g.store:face("4US-2", "N/NE"))
        local rec = rr.play(g, { "garland", "face 4US-1 E" }, { auto = NO })
        assert.are.equal("NE/SE", g.store:facing("4US-1"))
        assert.are.equal("NE/SE", g.store:facing("4US-2"))
        assert.are.same({ "4US-1, 4US-2 turn to face NE/SE (no MP) [rough_and_ready 5.34]" },
          rr.lines(g, "turn to face"))
        assert.are.same({}, options_of(rec, "4US-1 "))
        -- 4US-2 may still move, but no longer turn: its stack mate's facing is fixed
        assert.is_true(#options_of(rec, "4US-2 ") > 0)
        assert.are.same({}, options_of(rec, "face 4US-2"))
      end)

    it("is fixed once the unit has moved, until it moves again", function()
      local g = rr.open()
      local rec = rr.play(g, { "garland", "4US-2 0403", "S/SW", "face 4US-2 N/NE" },
        { auto = NO })
      assert.are.same({ "4US-2 has moved this activation: its facing is fixed "
        .. "[rough_and_ready 5.34]" }, rr.refusals(rec))
      assert.are.equal("S/SW", g.store:facing("4US-2"))
    end)

    it("takes the prompt's face <unit> <vertex> and the aliases after a move", function()
      local g = rr.open()
      local rec = rr.play(g, { "garland", "4US-2 0403", "face 4US-1 W", "face 4US-2 W",
        "4US-1 0303", "E" }, { auto = NO })
      assert.are.same({ "'face 4US-1 W' is not a facing of 4US-2 (N/NE NE/SE SE/S S/SW SW/NW "
        .. "NW/N, E, W) [rough_and_ready 5.31]" }, rr.refusals(rec))
      assert.are.equal("SW/NW", g.store:facing("4US-2"))
      assert.are.equal("NE/SE", g.store:facing("4US-1"))
    end)

    it("refuses a word that names no vertex", function()
      local g = rr.open()
      local rec = rr.play(g, { "garland", "face 4US-1 N" }, { auto = NO })
      assert.are.same({ "'N' is not a vertex (N/NE NE/SE SE/S S/SW SW/NW NW/N, E, W) "
        .. "[rough_and_ready 5.31]" }, rr.refusals(rec))
    end)
  end)

describe("[rough_and_ready E12] a D entry of the chart", function()
  it("disorders the unit that crosses it", function()
    local g = rr.open()
    rr.play(g, { "belknap", "8US-2 0803 0804", "S/SW" }, { auto = NO })
    assert.are.same({ "8US-2 moves 0802 -> 0803 0804 (5 MP of 5) [rough_and_ready 5.11]" },
      rr.lines(g, "8US-2 moves"))
    assert.are.equal(1, g.store:marker("8US-2", "disordered"))
    assert.are.same({ "8US-2 crossed a D entry of the Terrain Effects Chart: Disordered "
      .. "[rough_and_ready E12, 6.61]" }, rr.lines(g, "Disordered"))
  end)

  it("is avoided by the cheapest path when another costs less", function()
    local g = rr.open()
    rr.play(g, { "belknap", "8US-2 0804", "S/SW" }, { auto = NO })
    assert.are.equal(0, g.store:marker("8US-2", "disordered"))
  end)
end)

describe("[rough_and_ready 3.13] the activation's movement", function()
  it("fires movement.start, movement.enter per hex, movement.front and movement.end",
    function()
      local g = rr.open()
      assert(g.store:face("4L-1", "N/NE"))
      place(g, { ["4US-2"] = "0405" })
      local seen = {}
      for _, p in ipairs{ "movement.start", "movement.enter", "movement.front",
                          "movement.end" } do
        g.hooks:on(p, function(ctx)
          seen[#seen + 1] = p .. " " .. ctx.unit .. " " .. tostring(ctx.hex or ctx.to)
            .. (ctx.enemies and (" " .. table.concat(ctx.enemies, ",")) or "")
        end)
      end
      rr.play(g, { "garland", "4US-2 0407", "N/NE" }, { auto = NO })
      assert.are.same({ "movement.start 4US-2 0405", "movement.enter 4US-2 0406",
        "movement.enter 4US-2 0407", "movement.front 4US-2 0407 4L-1",
        "movement.end 4US-2 0407" }, seen)
    end)

  it("ends a move where a movement.enter handler took the unit off its path", function()
    local g = rr.open()
    g.hooks:on("movement.enter", function(ctx)
      if ctx.to == "0404" then assert(g.store:place(ctx.unit, "eliminated")) end
    end)
    local rec = rr.play(g, { "garland", "4US-2 0405" }, { auto = NO })
    assert.are.same({ "4US-2 moves 0402 -> 0403 0404 (3 MP of 5) [rough_and_ready 5.11]",
      "4US-2's move ends in 0404 [rough_and_ready 5.11]" }, rr.lines(g, "4US-2"))
    assert.are.equal("move", rec.pending.kind)               -- no facing asked
    assert.are.same({}, options_of(rec, "4US-2 "))
  end)

  it("lets movement.cost handlers change the query", function()
    local g = rr.open()
    g.hooks:on("movement.cost", function(ctx)
      ctx.query.prohibited[#ctx.query.prohibited + 1] = { at = "0403", why = "a test mark",
                                                          rule = "[test]" }
    end, { kind = "modify" })
    local rec = rr.play(g, { "garland" }, { auto = NO })
    assert.is_false(has(rec.pending.options, "4US-2 0403"))
    assert.is_true(has(rec.pending.options, "4US-2 0502"))
  end)


  it("ends with done, or once every unit has moved", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland", "done" }, { auto = NO })
    assert.are.equal("activate", rec.pending.kind)
    g = rr.open()
    rec = rr.play(g, { "garland", "4US-1 0303", "S/SW", "4US-2 0403", "S/SW", "Garland 0402" },
      { auto = NO })
    assert.are.equal("activate", rec.pending.kind)
    assert.are.equal(3, #rr.requests(rec, "move"))
  end)

  it("lets the Overall Commander move in a free activation after a failed roll, marking him "
    .. "[rough_and_ready 4.26]", function()
    local g = rr.open()
    g.dice:force{ 8 }
    local rec = rr.play(g, { "garland", "done", "belknap", "vega", "Arista 0610" },
      { auto = NO })
    assert.are.equal(1, g.store:marker("Arista", "oc_moved"))
    assert.are.same({ "Arista moved: OC Moved [rough_and_ready 4.26]" }, rr.lines(g, "OC Moved"))
    assert.are.equal("move", rec.pending.kind)
  end)
end)
