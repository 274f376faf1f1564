-- Command [rough_and_ready 4.21-4.27] on the fixture battle (tests/data/rr): command range
-- as a path, out of command, the OC, leaders who lose their stack.
local rr = require "support.rr"
local command = require "systems.rough_and_ready.command"

local function place(g, t)
  for u, h in pairs(t) do assert(g.store:place(u, h)) end
end

describe("[rough_and_ready 4.21] commanders", function()
  it("knows each side's Overall Commander and the commands it may activate", function()
    local g = rr.open()
    assert.are.same({ "Taylor" }, command.overall_commanders(g, "US"))
    assert.are.equal("Arista", command.oc(g, "MEX"))
    assert.is_true(command.is_oc(g, "Arista"))
    assert.is_false(command.is_oc(g, "Garcia"))
    -- [rough_and_ready E10]: the army command of the OC is never activated
    assert.are.same({ "belknap", "garland" }, command.activatable(g, "US"))
    assert.are.same({ "canales", "garcia", "vega" }, command.activatable(g, "MEX"))
  end)
end)

describe("[rough_and_ready 4.22] command range", function()
  it("counts the unit's hex but not the leader's", function()
    local g = rr.open()                         -- Garland at 0302, range 3
    place(g, { ["4US-2"] = "0305" })
    assert.are.same({ true, "4US-2 is 3 hexes from Garland (range 3)" },
      { command.within_range(g, "Garland", "4US-2") })
    place(g, { ["4US-2"] = "0306" })
    assert.are.same({ false, "no path of 3 hexes from Garland to 4US-2 clear of enemy combat "
      .. "units" }, { command.within_range(g, "Garland", "4US-2") })
    place(g, { ["4US-2"] = "0302" })            -- stacked with him: 0 hexes
    assert.are.same({ true, "4US-2 is 0 hexes from Garland (range 3)" },
      { command.within_range(g, "Garland", "4US-2") })
  end)

  it("is traced around enemy combat units, not through them", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0304" })            -- 2 hexes straight south
    assert.is_true(command.in_command(g, "4US-2"))
    -- enemy combat units in 0303 and on both sides of it: the way round is 5 hexes
    place(g, { ["4L-1"] = "0303", ["4L-2"] = "0203", ["6L-1"] = "0403" })
    assert.are.same({ false, "no path of 3 hexes from Garland to 4US-2 clear of enemy combat "
      .. "units" }, { command.in_command(g, "4US-2") })
    assert.are.equal(5, command.path_length(g, "US", "0302", "0304", 9))
    -- an enemy leader does not block
    place(g, { ["4L-1"] = "0710", Vega = "0303" })
    assert.is_true(command.in_command(g, "4US-2"))
  end)

  it("leaves independents and artillery in command", function()
    local g = rr.open()
    assert.is_true(command.in_command(g, "VN-1"))
    assert.is_true(command.in_command(g, "C3US"))
  end)

  it("lets a battle decide otherwise through command.status", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0310" })
    g.hooks:on("command.status", function(ctx)
      if ctx.unit == "4US-2" then ctx.in_command, ctx.why = true, "detachment leader" end
    end, { kind = "modify" })
    assert.are.same({ true, "detachment leader" }, { command.in_command(g, "4US-2") })
  end)
end)

describe("[rough_and_ready 4.23] out of command (T-RR-20)", function()
  it("halves an out-of-command unit's MA, rounding up, and forbids it to shock", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0310" })            -- MA 5, far from Garland
    local rec = rr.play(g, { "garland" }, { auto = { artillery = "done", leadership = "no" } })
    assert.are.equal("move", rec.pending.kind)
    assert.are.equal(1, g.store:marker("4US-2", "out_of_command"))
    assert.are.same({ "4US-2 is out of command: MA halved, no shock [rough_and_ready 4.23]" },
      rr.lines(g, "out of command"))
    assert.are.equal(3, command.ma(g, "4US-2"))
    assert.are.same({ false, "4US-2 is out of command: no shock [rough_and_ready 4.23]" },
      { command.may_shock(g, "4US-2") })
    assert.are.equal(5, command.ma(g, "4US-1"))
    assert.is_true(command.may_shock(g, "4US-1"))
  end)

  it("holds for the whole activation, and is cleared at its end", function()
    local g = rr.open()
    place(g, { ["4US-2"] = "0310" })
    local rec = rr.play(g, { "garland" }, { auto = { artillery = "done", leadership = "no" } })
    assert.are.equal("move", rec.pending.kind)
    place(g, { ["4US-2"] = "0303" })            -- moved into range mid-activation
    assert.are.equal(3, command.ma(g, "4US-2"))
    g = rr.open()
    place(g, { ["4US-2"] = "0310" })
    rr.play(g, { "garland" })
    assert.are.equal(0, g.store:marker("4US-2", "out_of_command"))
  end)
end)

describe("[rough_and_ready 4.24] a leader stacked with a unit making Commitment", function()
  it("gives -1", function()
    local g = rr.open()
    assert.are.same({ -1, "Garland" }, { command.commitment_drm(g, "4US-1") })
    assert.are.same({ 0 }, { command.commitment_drm(g, "4US-2") })
  end)
end)

describe("[rough_and_ready 4.27] leaders do not get killed", function()
  it("joins the nearest unit of his command when his stack is destroyed", function()
    local g = rr.open()
    local moved = {}
    g.hooks:on("leader.relocated", function(ctx) moved[#moved + 1] = ctx.leader .. " " .. ctx.to end)
    command.eliminate(g, "4US-1", "test [rough_and_ready 6.54]")
    assert.are.same({ "hex", "0402" }, { g.store:where("Garland") })
    assert.are.same({ "Garland 0402" }, moved)
    assert.are.same({ "4US-1 is eliminated: test [rough_and_ready 6.54]",
                      "Garland joins his command at 0402 [rough_and_ready 4.27]" }, g.narrative)
  end)

  it("stays while a unit of his side is still in the hex", function()
    local g = rr.open()
    place(g, { ["8US-1"] = "0302" })
    command.eliminate(g, "4US-1", "test")
    assert.are.same({ "hex", "0302" }, { g.store:where("Garland") })
  end)

  it("is removed when his command is gone, and his command no longer activates", function()
    local g = rr.open()
    command.eliminate(g, "4US-2", "test")
    command.eliminate(g, "4US-1", "test")
    assert.are.equal("eliminated", g.store:where("Garland"))
    assert.are.equal(1, #rr.lines(g, "Garland is removed: no unit of his command is left "
      .. "[rough_and_ready 4.27]"))
    assert.are.same({ "belknap" }, command.activatable(g, "US"))
  end)

  it("moves the OC to the nearest unit of his side", function()
    local g = rr.open()
    place(g, { Taylor = "0302" })
    command.eliminate(g, "4US-1", "test")
    command.relocate(g, "Taylor")
    assert.are.same({ "hex", "0402" }, { g.store:where("Taylor") })
  end)
end)
