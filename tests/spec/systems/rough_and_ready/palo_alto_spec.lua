-- Rough & Ready's activation chain on the Palo Alto board (scenarios/rough-and-ready/
-- palo-alto, its default set-up), played as `volley play` plays it: in an engine-owned state
-- through volley.session, with the battle's rules.lua and the options chosen loaded by the
-- sandbox. The rulebook's activation example [rough_and_ready 3.23 example] (T-RR-01a-e,
-- with Garland, Belknap and Garcia, whose ratings the example gives), Canales by roll only
-- [rough_and_ready PA 3.0] and the balance option (T-RR-10).
local rr = require "support.rr"

local ID = "rough-and-ready/palo-alto"

describe("[rough_and_ready 3.23 example] the activation chain on the Palo Alto board "
  .. "(T-RR-01a-e)", function()
  local rec
  setup(function()
    rec = rr.session(ID, { seed = 1, dice = { 3, 7, 5 } },
      { "garland", "belknap", "belknap", "garland", "vega", "garcia" })
  end)

  it("T-RR-01a: Belknap (rating 5) activates on a 3", function()
    assert.are.same({ "US rolls for belknap: d10 3 = 3 against rating 5 = 5: activates "
      .. "[rough_and_ready 3.11]" }, rr.told(rec, "rolls for belknap"))
    assert.are.equal(1, #rr.told(rec, "activation 2: US activates belknap [rough_and_ready 3.11]"))
  end)

  it("T-RR-01b: Garland (rating 5) fails on a 7 and play passes to the Mexicans", function()
    assert.are.same({ "US rolls for garland: d10 7 = 7 against rating 5 = 5: fails, play "
      .. "passes to MEX [rough_and_ready 3.11]" }, rr.told(rec, "rolls for garland"))
    local free
    for _, r in ipairs(rec.requests) do
      if r.kind == "free_activation" then free = r end
    end
    assert.are.equal("MEX", free.side)
    -- Canales is not offered: by roll only [rough_and_ready PA 3.0]
    assert.are.same({ "garcia", "torrejon", "vega", "pass" }, free.options)
  end)

  it("T-RR-01c: the Mexicans activate Vega free, then roll for Garcia's command", function()
    assert.are.equal(1, #rr.told(rec, "activation 3: MEX activates vega (free)"))
    local last
    for _, r in ipairs(rec.requests) do
      if r.kind == "activate" then last = r end
    end
    assert.are.same({ "MEX", "activate", "garcia" }, { last.side, last.kind, last.answer })
    assert.are.same({ "canales", "garcia", "torrejon", "1115", "1116" }, last.options)
  end)

  it("T-RR-01d: Garcia (rating 3) fails on a 5 and play passes back to the US", function()
    assert.are.same({ "MEX rolls for garcia: d10 5 = 5 against rating 3 = 3: fails, play "
      .. "passes to US [rough_and_ready 3.11]" }, rr.told(rec, "rolls for garcia"))
    assert.are.same({ side = "US", kind = "free_activation",
                      options = { "belknap", "garland", "twiggs", "pass" },
                      rule = "[rough_and_ready 3.11, 3.23, 4.1]" }, rec.pending)
  end)

  it("T-RR-01e: Belknap, who went last, is refused; Garland is legal [rough_and_ready 4.1]",
    function()
      assert.are.same({ "belknap went last: no command or leader twice in a row "
        .. "[rough_and_ready 4.1]" }, rec.refusals)
      local asked = {}
      for _, r in ipairs(rec.requests) do
        if r.kind == "activate" and r.side == "US" then asked[#asked + 1] = r end
      end
      assert.are.same({ "garland", "twiggs" }, asked[3].options)
      assert.are.same({ "belknap", "garland" }, { asked[3].answer, asked[4].answer })
    end)
end)

describe("[rough_and_ready PA 3.0] Canales activates only by die roll", function()
  it("is refused a free activation with the battle's reason, and may be rolled for", function()
    local rec = rr.session(ID, { seed = 1, dice = { 8, 0 } },
      { "garland", "belknap", "canales", "vega", "canales" })
    assert.are.same({ "Canales activates only by die roll [rough_and_ready PA 3.0]" }, rec.refusals)
    assert.are.same({ "MEX rolls for canales: d10 0 = 0 against rating 2 = 2: activates "
      .. "[rough_and_ready 3.11]" }, rr.told(rec, "rolls for canales"))
  end)

  it("is not offered after a US pass either (no roll)", function()
    local rec = rr.session(ID, { seed = 1, dice = { 9, 9 } },
      { "garland", "belknap", "garcia", "torrejon", "pass" })
    assert.are.same({ side = "MEX", kind = "activate", options = { "garcia", "torrejon", "vega" },
                      rule = "[rough_and_ready 4.1]" }, rec.pending)
  end)
end)

describe("[rough_and_ready PA Balance] the balance option (T-RR-10)", function()
  it("adds 0, +1, +2 to the 1st, 2nd and 3rd US roll of a streak", function()
    local rec = rr.session(ID, { seed = 1, dice = { 0, 0, 0 }, options = { "balance" } },
      { "garland", "belknap", "garland", "belknap" })
    local drm = {}
    for _, r in ipairs(rec.rolls) do
      local t = {}
      for _, m in ipairs(r.modifiers) do
        t[#t + 1] = string.format("%+d %s %s %s", m.value, m.label, m.rule, m.source)
      end
      drm[#drm + 1] = table.concat(t, "; ")
    end
    assert.are.same({ "",
      "+1 balance: US roll 2 in a row [rough_and_ready PA Balance] battle",
      "+2 balance: US roll 3 in a row [rough_and_ready PA Balance] battle" }, drm)
    assert.are.same({
      "US rolls for belknap: d10 0 = 0 against rating 5 = 5: activates [rough_and_ready 3.11]",
      "US rolls for garland: d10 0 +1 (balance: US roll 2 in a row) = 1 against rating 5 = 5: "
        .. "activates [rough_and_ready 3.11]",
      "US rolls for belknap: d10 0 +2 (balance: US roll 3 in a row) = 2 against rating 5 = 5: "
        .. "activates [rough_and_ready 3.11]" }, rr.told(rec, "rolls for"))
  end)

  it("starts again after the streak ends, and adds nothing without the option", function()
    -- belknap fails (the 1st roll), Vega goes free, Garcia fails, the US takes Belknap free:
    -- Garland's is the 1st roll of a new streak
    local rec = rr.session(ID, { seed = 1, dice = { 9, 9, 0 }, options = { "balance" } },
      { "garland", "belknap", "vega", "garcia", "belknap", "garland" })
    assert.are.same({ "US rolls for garland: d10 0 = 0 against rating 5 = 5: activates "
      .. "[rough_and_ready 3.11]" }, rr.told(rec, "rolls for garland"))
    rec = rr.session(ID, { seed = 1, dice = { 0, 0 } }, { "garland", "belknap", "garland" })
    assert.are.same({}, rr.told(rec, "balance"))
  end)
end)

describe("[rough_and_ready 4.28] artillery on the Palo Alto board", function()
  it("offers an activated leader every gun within his range, one at a time or all", function()
    local auto = rr.AUTO.artillery
    rr.AUTO.artillery = nil
    local rec = rr.session(ID, { seed = 1 }, { "garland", "C3US-1", "all" })
    rr.AUTO.artillery = auto
    local asked = {}
    for _, r in ipairs(rec.requests) do
      if r.kind == "artillery" then asked[#asked + 1] = table.concat(r.options, " ") end
    end
    assert.are.same({
      "A2US-1 A2US-2 A2US-3 A2US-4 C3US-1 C3US-2 C3US-3 C3US-4 Churchill-1 Churchill-2 all done",
      "A2US-1 A2US-2 A2US-3 A2US-4 C3US-2 C3US-3 C3US-4 Churchill-1 Churchill-2 all done" },
      asked)
    assert.are.same({ "Garland activates C3US-1 [rough_and_ready 4.28]",
      "Garland activates A2US-1, A2US-2, A2US-3, A2US-4, C3US-2, C3US-3, C3US-4, Churchill-1, "
        .. "Churchill-2 [rough_and_ready 4.28]" }, rr.told(rec, "Garland activates"))
  end)
end)

describe("[rough_and_ready 8.0] Palo Alto's Battle Lost points (its [victory] keys)", function()
  local victory = require "systems.rough_and_ready.victory"
  local game = require "volley.game"

  local function labels(mods)
    local out = {}
    for _, m in ipairs(mods:list()) do out[#out + 1] = m.value .. " " .. m.label end
    return out
  end

  it("scores each side's schedule [rough_and_ready PA 8.0]", function()
    local g = game.open(ID, { seed = 1 })
    g:setup_defaults()
    for _, u in ipairs{ "5US-1", "C3US-1", "Wagon-1",                 -- US: 2, 1, 3
                        "Villas-1", "Presid", "4L-1", "8pdr" } do     -- MEX: 1, 1, 2, 1
      assert(g.store:place(u, "eliminated"))
    end
    g.store:set_marker("8US-1", "disordered", 1)                       -- US: 1
    assert(g.store:place("5US-2", "1416"))                            -- a road hex, 1400 row
    local us, us_mods = victory.battle_lost(g, "US")
    assert.are.equal(7, us)
    assert.are.same({ "1 1 gun eliminated x 1", "2 1 infantry or cavalry eliminated x 2",
                      "3 1 wagon eliminated x 3", "1 1 Disordered on the map x 1" },
      labels(us_mods))
    local mex, mex_mods = victory.battle_lost(g, "MEX")
    assert.are.equal(6, mex)
    assert.are.same({ "1 1 gun eliminated x 1", "2 1 infantry or cavalry eliminated x 2",
                      "2 2 irregular eliminated x 1", "1 1 road hexes held by the enemy x 1" },
      labels(mex_mods))
  end)
end)

describe("[rough_and_ready 5.23] T-RR-11 on the Palo Alto board", function()
  local rec
  setup(function()
    -- Twiggs' May rides to 3122, next to Belknap's 8US-1 (3023); then Belknap's command
    -- activates (a 0) and 8US-1 tries through May's hex, then through 8US-2's (3123)
    rec = rr.session(ID, { seed = 1, dice = { 0 } },
      { "twiggs", "May 3122", "N/NE", "done", "belknap", "8US-1 3122 3222", "8US-1 3123 3223",
        "N/NE" }, { artillery = "done", leadership = "no" })
  end)

  it("refuses infantry through a dragoon of another command", function()
    assert.are.same({ "3023 -> 3122: prohibited (3122 would hold infantry or cavalry of 2 "
      .. "commands (up to 3 stack only when of one command)) [rough_and_ready 5.23]" }, rec.refusals)
  end)

  it("moves a unit through one of its own command at no cost", function()
    -- 3123 and 3223 clear: 1 MP each, the stack passed through adding nothing
    assert.are.same({ "8US-1 moves 3023 -> 3123 3223 (2 MP of 5) [rough_and_ready 5.11]" },
      rr.told(rec, "8US-1 moves"))
  end)
end)

describe("[rough_and_ready PA 5.16, PA 5.18] Palo Alto's ground", function()
  local game = require "volley.game"
  local movement = require "systems.rough_and_ready.movement"

  local function open()
    local g = game.open(ID, { seed = 1 })
    g:setup_defaults()
    return g
  end

  it("lets only infantry and leaders into chaparral [rough_and_ready E11]", function()
    local g = open()
    -- the chaparral tongue 1001-1101 in front of the Mexican line; 1002 is clear
    for _, u in ipairs{ "7LC-1", "8pdr", "4L-1", "Torrejon" } do
      assert(g.store:place(u, "1002"))
      local r, why = g.move:validate("1002", { "1001" }, movement.query(g, u))
      if u == "7LC-1" or u == "8pdr" then
        assert.are.equal("1002 -> 1001: prohibited (Chaparral) [rough_and_ready PA 5.16] "
          .. "[rough_and_ready RP 5.15]", why)
      else
        assert.are.equal(3, r.cost)
      end
      assert(g.store:place(u, "eliminated"))
    end
  end)

  it("has one elevation: no step pays for climbing", function()
    local g = open()
    for _, h in ipairs(g.map:hexes()) do
      assert.are.equal(0, (g.map:elevation(h)))
    end
    -- clear to clear, tall grass: the chart's hex costs and nothing more
    assert.are.equal(2, g.move:path("3014", "3214", movement.query(g, "5US-1")).cost)
  end)
end)
