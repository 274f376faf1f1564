-- The activation chain of Rough & Ready [rough_and_ready 3.0-3.23, 4.1], played on the
-- fixture battle (tests/data/rr: Garland and Belknap 5, Garcia 3 as in the rulebook's
-- example, Vega 4, Canales 4, the independents of 0210 rated 3 and 2) with forced dice.
-- The rulebook's example (T-RR-01a-e) runs on the Palo Alto board: palo_alto_spec.lua.
local rr = require "support.rr"

describe("[rough_and_ready 3.11] the opening", function()
  it("lets the US open with any one command, without a roll", function()
    local g = rr.open()
    local rec = rr.play(g, {})
    assert.are.same({ side = "US", kind = "activate", options = { "belknap", "garland" },
                      rule = "[rough_and_ready 3.11]" }, rec.pending)
    local g2 = rr.open()
    rec = rr.play(g2, { "garland" })
    assert.are.equal(0, g2.dice:count())
    assert.are.same({ "activation 1: US activates garland (free) [rough_and_ready 3.11]" },
      rr.lines(g2, "activation 1"))
    -- next, the US nominates another command and rolls
    assert.are.same({ side = "US", kind = "activate", options = { "belknap" },
                      rule = "[rough_and_ready 3.11, 3.22, 4.1]" }, rec.pending)
  end)
end)

describe("[rough_and_ready 2.3] the d10 reads 0-9 (T-RR-02)", function()
  it("activates a command rated 0 on a 0, and not on a 1", function()
    local g = rr.open()
    g.store:set("Garcia", "activation", 0)
    g.dice:force{ 9, 0 }
    rr.play(g, { "garland", "belknap", "vega", "garcia" })
    assert.are.same({ "MEX rolls for garcia: d10 0 = 0 against rating 0 = 0: activates "
      .. "[rough_and_ready 3.11]" }, rr.lines(g, "rolls for garcia"))
    g = rr.open()
    g.store:set("Garcia", "activation", 0)
    g.dice:force{ 9, 1 }
    rr.play(g, { "garland", "belknap", "vega", "garcia" })
    assert.are.equal(1, #rr.lines(g, "d10 1 = 1 against rating 0 = 0: fails"))
  end)
end)

describe("[rough_and_ready 4.1] pass", function()
  it("after a pass the other side activates any command free, even the one that went",
    function()
      local g = rr.open()
      g.dice:force{ 8 }
      local rec = rr.play(g, { "garland", "belknap", "pass" })
      assert.are.same({ "MEX passes [rough_and_ready 4.1]" }, rr.lines(g, "passes ["))
      assert.are.same({ side = "US", kind = "activate", options = { "belknap", "garland" },
                        rule = "[rough_and_ready 4.1]" }, rec.pending)
      g = rr.open()
      g.dice:force{ 8 }
      rr.play(g, { "garland", "belknap", "pass", "garland" })
      assert.are.equal(1, #rr.lines(g, "activation 2: US activates garland (free)"))
      assert.are.equal(1, g.dice:count())               -- no roll after a pass
    end)

  it("ends the chain with any enemy activity: a command may go again after it", function()
    local g = rr.open()
    g.dice:force{ 8, 9 }
    local rec = rr.play(g, { "garland", "belknap", "vega", "garcia" })
    -- the US took Garland first, then the Mexicans went: Garland may be taken free again
    assert.are.same({ "belknap", "garland", "pass" }, rec.pending.options)
  end)
end)

describe("[rough_and_ready 3.21, 3.22, 3.23, E15] independents", function()
  it("activates all the independents of a hex on one roll against the lowest rating",
    function()
      local g = rr.open()
      g.dice:force{ 8, 2 }
      local rec = rr.play(g, { "garland", "belknap", "vega", "0210" })
      local act = rr.requests(rec, "activate")
      assert.are.same({ "canales", "garcia", "0210" }, act[#act].options)
      assert.are.same({ "MEX rolls for 0210: d10 2 = 2 against rating 2 = 2: activates "
        .. "[rough_and_ready 3.22, E15]" }, rr.lines(g, "rolls for 0210"))
      assert.are.equal(1, #rr.lines(g, "activation 3: MEX activates the independents in 0210 "
        .. "[rough_and_ready 3.22, E15]"))
      assert.are.same({ "VN-1", "VN-2" }, g.vars.last.units)
      assert.are.equal(2, g.dice:count())                 -- one roll for the hex
    end)

  it("never offers independents a free activation, and says why", function()
    local g = rr.open()
    g.dice:force{ 8 }
    local rec = rr.play(g, { "garland", "belknap", "0210", "pass" })
    assert.are.same({ "independents are activated only by die roll "
      .. "[rough_and_ready 3.23]" }, rr.refusals(rec))
  end)

  it("never lets the US open with independents or with its army", function()
    local rec = rr.play(rr.open(), { "US", "belknap" })
    assert.are.same({ "US is led by Taylor, the Overall Commander, who never activates a "
      .. "command (his Leadership may help a leader's roll) [rough_and_ready E10]" },
      rr.refusals(rec))
  end)
end)

describe("[rough_and_ready 4.25] the Overall Commander's Leadership DRM", function()
  it("is offered when the leader is within the OC's range and raises the rating", function()
    local g = rr.open()
    g.dice:force{ 6 }
    local auto = { artillery = "done", move = "done" }
    local rec = rr.play(g, { "garland", "belknap", "yes" }, { auto = auto })
    local lead = rr.requests(rec, "leadership")[1]
    assert.are.same({ "yes", "no" }, lead.options)
    assert.are.equal("[rough_and_ready 4.25]", lead.rule)
    assert.are.same({ "US rolls for belknap: d10 6 = 6 against rating 5 +1 (Taylor's "
      .. "Leadership) = 6: activates [rough_and_ready 3.11]" }, rr.lines(g, "rolls for"))
  end)

  it("is not offered when the leader is out of the OC's range", function()
    local g = rr.open()
    assert(g.store:place("Taylor", "1201"))             -- 5 hexes and more from Garland
    g.store:set("Taylor", "command_range", 2)
    g.dice:force{ 6 }
    local rec = rr.play(g, { "garland", "belknap" })
    assert.are.same({}, rr.requests(rec, "leadership"))
    -- not asked, the log says why (a new player looked for the question)
    assert.are.same({ "no Leadership for Belknap's roll: Belknap is out of Taylor's range "
      .. "(no path of 2 hexes from Taylor to Belknap clear of enemy combat units) "
      .. "[rough_and_ready 4.25]" }, rr.lines(g, "no Leadership"))
    assert.are.equal(1, #rr.lines(g, "d10 6 = 6 against rating 5 = 5: fails"))
  end)

  it("is not offered for independents, which have no leader", function()
    local g = rr.open()
    g.dice:force{ 8, 0 }
    local rec = rr.play(g, { "garland", "belknap", "vega", "0210" })
    for _, r in ipairs(rr.requests(rec, "leadership")) do
      assert.are.equal("US", r.side)                   -- never for the MEX hex of 0210
    end
    assert.are.equal(1, #rr.lines(g, "MEX rolls for 0210: d10 0 = 0 against rating 2 = 2"))
  end)
end)

describe("[rough_and_ready 4.26] the OC moves in a free activation after a failed roll",
  function()
    local activation = require "systems.rough_and_ready.activation"

    it("is refused outside such an activation", function()
      local g = rr.open()
      rr.play(g, { "garland" }, { auto = { artillery = "done", leadership = "no" } })
      assert.is_nil(activation.oc_may_move(g, "US"))
      assert.are.same({ false, "Taylor may move only in a free activation after the "
        .. "opponent's failed roll [rough_and_ready 4.26]" },
        { activation.oc_moved(g, "Taylor") })
    end)

    it("marks OC Moved, which denies his Leadership in his side's next activation",
      function()
        local g = rr.open()
        g.dice:force{ 8, 0 }
        -- MEX free activation (vega) after the US failure: Arista may move
        local moved
        g.hooks:on("activation.actions", function(ctx)
          if ctx.side == "MEX" and ctx.n == 2 then
            moved = { activation.oc_may_move(g, "MEX"), activation.oc_moved(g, "Arista") }
          end
        end)
        local auto = { artillery = "done", move = "done" }
        local rec = rr.play(g, { "garland", "belknap", "no", "vega", "garcia" },
          { auto = auto })
        assert.are.same({ "Arista", true }, moved)
        assert.are.equal(1, #rr.lines(g, "Arista moved: OC Moved [rough_and_ready 4.26]"))
        assert.are.same({ "no Leadership for Garcia's roll: Arista is marked OC Moved (he "
          .. "moved in a free activation) [rough_and_ready 4.26]" },
          rr.lines(g, "no Leadership"))
        -- the next Mexican roll: no Leadership offered (Garcia is in Arista's range)
        assert.are.same({ "US" }, (function()
          local out = {}
          for _, r in ipairs(rr.requests(rec, "leadership")) do out[#out + 1] = r.side end
          return out
        end)())
        -- Garcia activated (0 <= 3); at the end of that activation the marker goes
        assert.are.equal(0, g.store:marker("Arista", "oc_moved"))
        assert.are.equal(1, #rr.lines(g, "Arista's OC Moved marker is removed"))
      end)
  end)

describe("[rough_and_ready 4.28, E6] artillery", function()
  it("is activated by any leader within range, never in consecutive activations", function()
    local g = rr.open()
    g.dice:force{ 0, 0 }
    local rec = rr.play(g, { "garland", "C3US", "belknap", "garland" },
      { auto = { leadership = "no", move = "done" } })
    local art = rr.requests(rec, "artillery")
    assert.are.same({ "C3US", "done" }, art[1].options)      -- Garland, range 3 to 0602
    assert.are.equal("[rough_and_ready 4.28]", art[1].rule)
    assert.are.same({ "Garland activates C3US [rough_and_ready 4.28]" },
      rr.lines(g, "activates C3US"))
    -- Belknap's activation came next: C3US, used in the last one, was not offered
    assert.are.equal(1, #art)
    -- then Garland's again: offered
    assert.are.same({ side = "US", kind = "artillery", options = { "C3US", "done" },
                      rule = "[rough_and_ready 4.28]" }, rec.pending)
    assert.are.equal(3, g.vars.count)
  end)

  it("is not part of its command's activation (errata E6)", function()
    local g = rr.open()
    rr.play(g, { "garland" }, { auto = { artillery = "done", leadership = "no" } })
    assert.are.same({ "4US-1", "4US-2" }, g.vars.activation.units)
    assert.are.same({}, g.vars.activation.artillery)
  end)
end)

describe("[rough_and_ready 3.13] the activated units' actions", function()
  it("is the units' movement: move requests, answered done to end it", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland" }, { auto = { artillery = "done" } })
    assert.are.equal("move", rec.pending.kind)
    assert.are.equal("[rough_and_ready 5.11]", rec.pending.rule)
    assert.are.equal("done", rec.pending.options[#rec.pending.options])
  end)

  it("is the point activation.actions, which a replace handler may do instead", function()
    local g = rr.open()
    local seen = {}
    g.hooks:on("activation.actions", function(ctx)
      seen[#seen + 1] = ctx.side .. " " .. ctx.target .. " " .. table.concat(ctx.units, ",")
    end, { kind = "replace" })
    local rec = rr.play(g, { "garland" }, { auto = { artillery = "done" } })
    assert.are.same({ "US garland 4US-1,4US-2" }, seen)
    assert.are.same({}, rr.requests(rec, "move"))
    assert.are.equal("activate", rec.pending.kind)
  end)
end)

describe("[rough_and_ready 3.11] battles may open otherwise and replace a free activation",
  function()
    it("lets game.start say who plays first and how (RS: the Mexicans' free activation)",
      function()
        local g = rr.open()
        g.hooks:on("game.start", function() return { play = "MEX", mode = "free" } end,
          { kind = "replace" })
        local rec = rr.play(g, {})
        assert.are.same({ side = "MEX", kind = "free_activation",
                          options = { "canales", "garcia", "vega", "pass" },
                          rule = "[rough_and_ready 3.11, 3.23, 4.1]" }, rec.pending)
      end)

    it("lets play.received send the receiving side to its own roll (RP's Arista alert)",
      function()
        local g = rr.open()
        local seen = {}
        g.hooks:on("play.received", function(ctx)
          seen[#seen + 1] = ctx.side .. " from " .. ctx.from
          return "roll"
        end, { kind = "replace" })
        g.dice:force{ 9 }
        local rec = rr.play(g, { "garland", "belknap" })
        assert.are.same({ "MEX from US" }, seen)
        assert.are.same({ side = "MEX", kind = "activate",
                          options = { "canales", "garcia", "vega", "0210" },
                          rule = "[rough_and_ready 3.11, 3.22, 4.1]" }, rec.pending)
      end)

    it("refuses a replace handler's answer it cannot follow", function()
      local g = rr.open()
      g.hooks:on("game.start", function() return "later" end, { kind = "replace" })
      assert.has_error(function() rr.play(g, {}) end, "game.start: a replace handler returned "
        .. "later (expected nil, 'roll', 'pass', {play = side, mode = open|roll|free|"
        .. "after_pass}, or {play = side, mode = moves, rule = case, next = {play = side, "
        .. "mode = ...}})")
    end)
  end)

describe("[rough_and_ready 3.11, 4.28] the candidates a battle's handler sees", function()
  it("are a copy: a handler can take candidates away, never add one", function()
    local g = rr.open()
    g.hooks:on("activation.select", function(ctx)
      ctx.options[#ctx.options + 1] = "US"                  -- the OC's army: never offered
      table.remove(ctx.options, 1)                          -- belknap
    end, { kind = "modify" })
    g.hooks:on("activation.artillery", function(ctx) ctx.options = { "M8", "C3US" } end,
      { kind = "modify" })
    local rec = rr.play(g, { "garland" }, { auto = { move = "done" } })
    assert.are.same({ "garland" }, rr.requests(rec, "activate")[1].options)
    assert.are.same({ "C3US", "done" }, rec.pending.options)
  end)
end)
