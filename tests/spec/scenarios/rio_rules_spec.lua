-- Rio Sacramento's special rules written as battle scripts (scenarios/rough-and-ready/
-- rio-sacramento/rules.lua and options/) on the battle's own map and order of battle: the
-- opening [rough_and_ready RS 3.1], Owens and the wagons [rough_and_ready RS 4.0], the wagons'
-- exit and the draw [rough_and_ready RS 8.0] (T-RR-18), the Rancheros [rough_and_ready RS
-- 6.12], the rifles [rough_and_ready RS 6.14], Mexican gunnery [rough_and_ready RS 6.22], the
-- Melt-Down [rough_and_ready RS 6.54], Heredia's Bug-Out [rough_and_ready RS 6.55] (T-RR-16),
-- mounting and dismounting and Anton Adams' variant [rough_and_ready RS 6.9], the balance
-- options [rough_and_ready RS-Bal]. The scripts load only in an engine-owned state:
-- tests/spec/support/rio_rules.lua runs each case there, the dice forced, and returns what
-- happened.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("rio_rules", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("[rough_and_ready RS Doniphan Expedition] [rough_and_ready RS 3.1] the entry and "
  .. "the opening", function()
  it("the US chooses its entry in secret before the Mexicans set up; the army placed there "
    .. "at the opening moves, every unit, movement only; then MEX has a free activation",
    function()
    local r = call("opening", "3736")
    -- the entry first, in secret, then the Mexican set-up, then the US again at the opening
    assert.are.same({ "US", "MEX", "US" }, r.order)
    assert.are.equal(54, r.mex)
    assert.are.same({ "US entry: 1637 2536 3736 3937 secret entry_army",
                      "US mount: 1MO-1m 1MO-2m 1MO-3m 1MO-4m 1MO-5m 1MO-6m none" }, r.requests)
    assert.are.same({ "3736", false }, r.secret)          -- kept until the army came
    assert.are.equal("none", r.before)
    -- the first activation: all 25 US counters on the map (the six dismounted ones wait off
    -- it), at the hex chosen, no leader's command
    assert.are.same({ ["3736"] = true }, r.at)
    assert.are.equal("all", r.kind)
    assert.is_true(r.free)
    assert.are.equal(25, r.units)
    assert.are.equal(25, r.movers)
    assert.are.same({ "activation 1: US moves all its units, movement only "
      .. "[rough_and_ready RS 3.1]" }, r.lines)
    assert.are.equal("1MO-1m moves only in this activation: it may not fire "
      .. "[rough_and_ready RS 3.1]", r.fire)
    assert.are.equal("Civ-1 moves only in this activation: it may not charge nor shock "
      .. "[rough_and_ready RS 3.1]", r.shock)
    -- then play passes to MEX, who activates any command free (or passes)
    assert.are.equal("MEX", r.play)
    assert.are.equal("free", r.mode)
    assert.are.same({ "MEX free_activation: conde trias ugarte pass" }, r.next)
  end)
end)

describe("[rough_and_ready RS 4.0] Owens and the wagon train", function()
  it("the wagons are In Command while Owens is stacked with one and they form one chain "
    .. "(ruling A37)", function()
    local r = call("owens")
    assert.are.same({ true, "Owens is with the wagons, all adjacent [rough_and_ready RS 4.0]" },
      r.chain)
    assert.are.same({ false, "the wagons are not all adjacent, one chain "
      .. "[rough_and_ready RS 4.0]" }, r.broken)
    assert.are.same({ false, "Owens is not stacked with a wagon [rough_and_ready RS 4.0]" },
      r.apart)
  end)
end)

describe("[rough_and_ready RS 8.0] the wagons' exit and the draw", function()
  it("T-RR-18: all six wagons leave and no Mexican unit is eliminated: a draw", function()
    local r = call("exits", 6, "1552")
    assert.are.equal(6, #r.requests)
    assert.are.equal("US wagon_exit: yes no", r.requests[1])
    assert.are.same({ "set_aside", "set_aside", "set_aside", "set_aside", "set_aside",
                      "set_aside" }, r.gone)
    assert.are.equal("draw", r.winner)
    assert.are.equal("all 6 US wagons have left the map and no Mexican unit is eliminated "
      .. "[rough_and_ready RS 8.0]", r.reason)
    -- a wagon gone by 1552: 1 Battle Lost point to MEX; none to the US
    assert.are.same({ { 6, "6 US wagons gone by 1552" } }, r.items)
    assert.are.equal(6, r.mex_bl)
    assert.are.equal(0, r.us_bl)
  end)

  it("T-RR-18: with a Mexican unit eliminated, no draw", function()
    local r = call("exits", 6, "1552", "NG-1")
    assert.is_nil(r.winner)
    assert.are.equal(7, r.mex_bl)
  end)

  it("a wagon gone by 3253 scores 2; a wagon may stay on the map", function()
    local r = call("exits", 2, "3253")
    assert.are.same({ "US wagon_exit: yes no", "US wagon_exit: yes no",
                      "US wagon_exit: yes no" }, r.requests)
    assert.are.same({ "set_aside", "set_aside", "hex", "none", "none", "none" }, r.gone)
    assert.are.same({ { 4, "2 US wagons gone by 3253" } }, r.items)
    assert.is_nil(r.winner)
  end)
end)

describe("[rough_and_ready RS 6.12] the Rancheros", function()
  it("mounted Rancheros never fire; other Mexican cavalry does", function()
    local r = call("rancheros")
    assert.are.equal("Ranch-1 is mounted Rancheros, armed with machetes: they never fire "
      .. "[rough_and_ready RS 6.12]", r.ranch)
    assert.are.same({}, r.targets)
    assert.are.equal("legal", r.conde)
  end)
end)

describe("[rough_and_ready RS 6.14] the 1st Missouri's rifles", function()
  it("dismounted: no -2 at two hexes, three hexes at -2; mounted: the chart's two hexes",
    function()
    local r = call("rifles")
    assert.are.equal(3, r.range_foot)
    assert.are.same({ "2136", "2238" }, r.targets_foot)
    assert.are.same({ { { 2, "rifles: no -2 at two hexes" } }, 0 }, r.at2)
    assert.are.same({ {}, -2 }, r.at3)
    assert.are.same({ "1MO-1d fires at NG-2 in 2238 (range 3): d10 9 -2 (firing at 3 hexes "
      .. "range) = 7: 1 Hit [rough_and_ready 6.15]" }, r.fired)
    assert.are.equal(2, r.range_horse)
    assert.are.same({ "2136" }, r.targets_horse)
    assert.are.same({ {}, -3 }, r.horse)     -- range 2 -2, mounted US cavalry -1
    assert.are.equal("2238 is 3 hexes from 1937 (small arms reach 2) [rough_and_ready 6.11]",
      r.horse_at3)
  end)
end)

describe("[rough_and_ready RS 6.22] Mexican gunnery", function()
  it("Mexican guns fire at -2 in all, the chart's -1 and one more (ruling A8); US guns "
    .. "at neither", function()
    local r = call("gunnery")
    assert.are.same({ { -1, "Mexican artillery firing", "[rough_and_ready 6.2]" },
                      { -1, "Mexican gunnery: -2 in all with the chart's -1",
                        "[rough_and_ready RS 6.22]" } }, r.mex)
    assert.are.same({}, r.us)
  end)
end)

describe("[rough_and_ready RS 6.54] the Mexican Melt-Down", function()
  it("a d10 over the printed Morale is one more Hit, which rolls no Melt-Down (ruling A15)",
    function()
    local r = call("meltdown", "NG-1", { 9, 9 })
    assert.are.equal(2, r.hits)
    assert.are.same({ "Melt-Down: d10 9 > NG-1's printed Morale 3: one more Hit "
      .. "[rough_and_ready RS 6.54]", "NG-1 takes a Hit (Melt-Down [rough_and_ready RS "
      .. "6.54]): 2 Hits, Adjusted Morale 1 [rough_and_ready 6.54]" }, r.lines)
  end)

  it("a d10 equal to it: no effect", function()
    local r = call("meltdown", "NG-1", { 3 })
    assert.are.equal(1, r.hits)
    assert.are.same({ "Melt-Down: d10 3, not over NG-1's printed Morale 3: no effect "
      .. "[rough_and_ready RS 6.54]" }, r.lines)
  end)

  it("never for the 7th Line nor a Presidiales unit", function()
    assert.are.same({ hits = 1, where = "hex", lines = {} }, call("meltdown", "7L", { 9 }))
    assert.are.same({ hits = 1, where = "hex", lines = {} },
      call("meltdown", "Presid-1", { 9 }))
  end)

  it("never with the option ignore-meltdown [rough_and_ready RS-Bal]", function()
    local r = call("meltdown", "NG-1", { 9 }, { "rules.lua", "options/ignore-meltdown.lua" })
    assert.are.equal(1, r.hits)
    assert.are.same({ "option ignore-meltdown: no Mexican Melt-Down, no Heredia Bug-Out "
      .. "[rough_and_ready RS-Bal]" }, r.lines)
  end)
end)

describe("[rough_and_ready RS 6.55] Heredia's Bug-Out", function()
  it("T-RR-16: BL 12 against 12, a Mexican Hit in a Mexican activation, d10 9: he leaves",
    function()
    local r = call("bug_out", { MEX = 12, US = 12 }, 9)
    assert.are.equal("set_aside", r.heredia)
    assert.are.same({ "Heredia is removed from the game (d10 9: he rides away, BL 12 to 12 "
      .. "[rough_and_ready RS 6.55])" }, r.lines)
    assert.are.equal(12, r.mex)             -- his leaving scores nothing (ruling A16)
  end)

  it("T-RR-16: BL 13 against 14 (13 + 9 - 1 = 21): a roll; 8 and he stays", function()
    local r = call("bug_out", { MEX = 13, US = 14 }, 8)
    assert.are.equal("hex", r.heredia)
    assert.are.same({ "Heredia's Bug-Out: d10 8, he stays [rough_and_ready RS 6.55]" }, r.lines)
  end)

  it("T-RR-16: not eligible with BL 11 (20 is not over 20), 12 against 20 or 12 against 14 "
    .. "(12 + 9 - 1 = 20): no roll", function()
    for _, bl in ipairs{ { MEX = 11, US = 11 }, { MEX = 12, US = 20 }, { MEX = 12, US = 14 } } do
      local r = call("bug_out", bl, 9)
      assert.are.equal("hex", r.heredia)
      assert.are.same({}, r.lines)
    end
  end)

  it("no Mexican Hit in the activation, or the option ignore-meltdown: no roll", function()
    local r = call("bug_out", { MEX = 12, US = 11 }, 9, false)
    assert.are.same({ "hex", {} }, { r.heredia, r.lines })
    r = call("bug_out", { MEX = 12, US = 11 }, 9, true,
      { "rules.lua", "options/ignore-meltdown.lua" })
    assert.are.same({ "hex", { "option ignore-meltdown: no Mexican Melt-Down, no Heredia "
      .. "Bug-Out [rough_and_ready RS-Bal]" } }, { r.heredia, r.lines })
  end)
end)

describe("[rough_and_ready RS 6.9] mounting and dismounting", function()
  it("before moving, a company next to no enemy changes counters for 2 MP of its new MA",
    function()
    local r = call("mount", { "mitchell", "1MO-1m", "none" })
    -- 1MO-2m, next to NG-1, is not offered; 1MO-1m, once changed, is not offered again
    assert.are.same({ "US activate: mitchell", "US mount: 1MO-1m 1MO-3m none",
                      "US mount: 1MO-3m none" }, r.requests)
    assert.are.same({ "1MO-1m is replaced by its other counter 1MO-1d in 1937 (dismounts "
      .. "[rough_and_ready RS 6.9])" }, r.lines)
    assert.are.equal("1937", r.where["1MO-1d"])
    assert.are.equal("set_aside", r.where["1MO-1m"])
    assert.are.equal("NE/SE", r.facing)
    assert.are.equal(3, r.ma)                       -- MA 5 on foot, less 2
    assert.are.same({ "1MO-1d", "1MO-2m", "1MO-3m" }, r.units)
  end)

  it("Anton Adams (option adams): only the two lowest-numbered companies have horses; the "
    .. "others start on foot", function()
    local r = call("mount", { "mitchell", "none" }, { "rules.lua", "options/adams.lua" })
    assert.are.same({ "US activate: mitchell", "US mount: 1MO-1m none" }, r.requests)
    assert.are.equal("1737", r.where["1MO-3d"])
    assert.are.equal("set_aside", r.where["1MO-3m"])
    assert.are.equal("2036", r.where["1MO-2m"])
  end)
end)

describe("[rough_and_ready RS-Bal] the balance option", function()
  it("T-RR-10 at Rio Sacramento: the third US roll in a row takes +2", function()
    assert.are.same({ "US rolls for mitchell: d10 3 +2 (balance: US roll 3 in a row) = 5 "
      .. "against rating 5 = 5: activates [rough_and_ready 3.11]" }, call("balance"))
  end)
end)
