-- Pre-shock withdrawal [rough_and_ready 6.47] on the fixture (tests/data/rr), units placed and
-- faced by hand. Garland's 4US-1 (infantry, MA 5) moves east along row 08, 0408 0508 0608
-- 0708 0808, all clear; the Villas del Norte cavalry VN-1 and VN-2 wait beside its way.
local f = require "support.rr_fire"
local movement = require "systems.rough_and_ready.movement"
local withdrawal = require "systems.rough_and_ready.withdrawal"
local fire = require "systems.rough_and_ready.fire"

local PATH = { "0408", "0508", "0608", "0708", "0808" }

local function open(at, facings)
  local g = f.fixture(at, facings)
  g.vars.activation = { n = 1, side = "US", units = { "4US-1", "4US-2" }, artillery = { "C3US" } }
  return g
end

local where = f.where

-- Moves `unit` along `places` with scripted answers; returns the request log.
local function move(g, unit, places, answers)
  local r = assert(movement.check(g, unit, places))
  local _, log = f.run(g, answers, function() movement.apply(g, unit, r) end)
  return log
end

local function kinds(log)
  local out = {}
  for _, l in ipairs(log) do out[#out + 1] = l.side .. " " .. l.kind .. " " .. l.answer end
  return out
end

describe("[rough_and_ready 6.47] pre-shock withdrawal", function()
  it("foot coming next to mounted cavalry: the cavalry's owner is asked, and withdraws 2 hexes",
    function()
      -- VN-1 in 0709 faces away (SE/S): 4US-1 enters 0708, its rear, and goes on
      local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      local log = move(g, "4US-1", PATH, { "0910", "S/SW", "SE/S" })
      assert.are.same({ "MEX withdraw 0910", "MEX face S/SW", "US face SE/S" }, kinds(log))
      -- asked when 4US-1 entered 0708 (0608 is not next to 0709): hexes 1 or 2 away, none
      -- next to 0708, label order, then stay
      assert.are.same({ "0508", "0509", "0510", "0610", "0710", "0810", "0909", "0910", "stay" },
        log[1].options)
      assert.are.equal("0910", where(g, "VN-1"))
      assert.are.equal("S/SW", g.store:facing("VN-1"))
      assert.are.equal("0808", where(g, "4US-1"))              -- the mover goes on
      assert.are.equal("VN-1 withdraws from 0709 to 0910 (4US-1 came next to it in 0708) "
        .. "[rough_and_ready 6.47]", g.narrative[1])
    end)

  it("a hex not offered is refused saying why", function()
    local function refused(answer)
      local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      local r = assert(movement.check(g, "4US-1", PATH))
      return f.stop(g, { answer }, function() movement.apply(g, "4US-1", r) end)
    end
    local head = "refused: '%s' is not a legal answer to withdraw: "
    assert.are.equal(head:format("0808") .. "0808 is next to 4US-1 in 0708 "
      .. "[rough_and_ready 6.47]", refused("0808"))
    assert.are.equal(head:format("0708") .. "4US-1 stands in 0708 [rough_and_ready 6.47]",
      refused("0708"))
    assert.are.equal(head:format("0705") .. "0705 is 4 hexes from 0709: one or two "
      .. "[rough_and_ready 6.47]", refused("0705"))
    assert.are.equal(head:format("0709") .. "VN-1 stands in 0709 (the answer is stay) "
      .. "[rough_and_ready 6.47]", refused("0709"))
    assert.are.equal(head:format("x1") .. "'x1' is not a hex of the map [rough_and_ready 6.47]",
      refused("x1"))
  end)

  it("a hex not offered because a hidden enemy holds it: refused without saying so", function()
    -- C3US, hidden from the Mexicans, stands in 0910 (two hexes from 0709, not next to 0708)
    local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709", C3US = "0910" },
                   { ["VN-1"] = "SE/S" })
    g.store:set_hidden("C3US", true)
    local r = assert(movement.check(g, "4US-1", PATH))
    local err = f.stop(g, { "0910" }, function() movement.apply(g, "4US-1", r) end)
    assert.are.equal("refused: '0910' is not a legal answer to withdraw (legal: 0508, 0509, "
      .. "0510, 0610, 0710, 0810, 0909, stay) [rough_and_ready 6.47]", err)
    g.store:set_hidden("C3US", false)     -- seen, it is named
    assert.are.equal("0910 holds an enemy unit (C3US) [rough_and_ready 5.28]",
      withdrawal.why_not(g, "VN-1", "4US-1", "0708", "0910"))
  end)

  it("stay is the default and leaves the cavalry where it is", function()
    local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
    local log = move(g, "4US-1", PATH, { "stay", "SE/S" })
    assert.are.same({ "MEX withdraw stay", "US face SE/S" }, kinds(log))
    assert.are.equal("0709", where(g, "VN-1"))
    assert.are.equal("0808", where(g, "4US-1"))
  end)

  it("not for Disordered cavalry [rough_and_ready 6.62], nor cavalry in Square, nor "
    .. "infantry", function()
      local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709", ["4L-1"] = "0907" },
                     { ["VN-1"] = "SE/S", ["4L-1"] = "SE/S" })
      g.store:set_marker("VN-1", "disordered", 1)
      assert.are.same({ "US face SE/S" }, kinds(move(g, "4US-1", PATH, { "SE/S" })))
      assert.is_false(withdrawal.may_withdraw(g, "VN-1"))
      g.store:set_marker("VN-1", "disordered", 0)
      assert.is_true(withdrawal.may_withdraw(g, "VN-1"))
      g.store:set_marker("VN-1", "square", 1)
      assert.is_false(withdrawal.may_withdraw(g, "VN-1"))
      assert.is_false(withdrawal.may_withdraw(g, "4L-1"))
    end)

  it("only an activated foot unit coming next to it: not a gun, not a unit that was next to "
    .. "it already, not a unit outside the activation", function()
      -- a gun never comes next to an enemy combat unit at all [rough_and_ready 6.25]
      local g = open({ ["C3US"] = "0608", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      local ok, why = movement.check(g, "C3US", { "0708" })
      assert.is_false(ok)
      assert.are.equal("0608 -> 0708: prohibited (next to VN-1: artillery never moves next to "
        .. "an enemy combat unit) [rough_and_ready 6.25]", why)
      g = open({ ["4US-1"] = "0708", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      assert.are.same({ "US face SE/S" }, kinds(move(g, "4US-1", { "0609" }, { "SE/S" })))
      -- 8US-1 is not one of the activation's units (placed in 0708 as if it had moved there)
      g = open({ ["8US-1"] = "0708", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      local gone, log = f.run(g, {}, function()
        return withdrawal.entered(g, "8US-1", "0608", { path = { "0708" } }, 1)
      end)
      assert.are.same({ {}, {} }, { gone, log })
    end)

  it("several times in one move: VN-1 at 0708, then VN-2 at 0808", function()
    local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709", ["VN-2"] = "0907" },
                   { ["VN-1"] = "SE/S", ["VN-2"] = "N/NE" })
    local log = move(g, "4US-1", PATH, { "0910", "S/SW", "1006", "N/NE", "SE/S" })
    assert.are.same({ "MEX withdraw 0910", "MEX face S/SW", "MEX withdraw 1006",
                      "MEX face N/NE", "US face SE/S" }, kinds(log))
    assert.are.same({ "0910", "1006", "0808" },
      { where(g, "VN-1"), where(g, "VN-2"), where(g, "4US-1") })
  end)

  it("neither fires at the other for the rest of the activation", function()
    local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709", ["VN-2"] = "0907" },
                   { ["VN-1"] = "SE/S", ["VN-2"] = "N/NE" })
    move(g, "4US-1", PATH, { "0810", "N/NE", "stay", "SE/S" })
    -- VN-2 stayed in 0907, next to 4US-1 in 0808; VN-1 withdrew to 0810, in 4US-1's front
    -- at range 2
    assert.is_true(withdrawal.bars(g, "VN-1", "4US-1"))
    assert.is_false(withdrawal.bars(g, "VN-2", "4US-1"))
    assert.are.equal("VN-1 may not fire at 4US-1: one withdrew from the other this activation "
      .. "(neither fires) [rough_and_ready 6.47]", fire.check(g, { "VN-1" }, "0808"))
    assert.are.equal("4US-1 may not fire at VN-1: one withdrew from the other this activation "
      .. "(neither fires) [rough_and_ready 6.47]", fire.check(g, { "4US-1" }, "0810"))
    assert.are.same({}, fire.targets(g, "4US-1"))
    local record = g.vars.withdrawals
    g.vars.withdrawals = nil
    assert.are.same({ "0810" }, fire.targets(g, "4US-1"))
    g.vars.withdrawals = record
    -- a new activation forgets it
    g.vars.activation = { n = 2, side = "MEX", units = { "VN-1" }, artillery = {} }
    assert.is_false(withdrawal.bars(g, "VN-1", "4US-1"))
  end)

  it("the mover's way is cut where the withdrawal closed it", function()
    -- VN-1 in 0707 (facing N/NE: 0608, 0708 and 0808 are not its front) is asked when
    -- 4US-1 enters 0608; it withdraws to 0808, on the mover's way: the move ends in 0708,
    -- where its side may send it on another way with the MP it has left (#35: `stop` here)
    local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0707" }, { ["VN-1"] = "N/NE" })
    local log = move(g, "4US-1", PATH, { "0808", "SE/S", "stay", "stop", "SE/S" })
    -- entering 0708, 4US-1 comes next to VN-1 again: asked again
    assert.are.same({ "MEX withdraw 0808", "MEX face SE/S", "MEX withdraw stay",
                      "US move stop", "US face SE/S" }, kinds(log))
    assert.are.equal("0708", where(g, "4US-1"))
    -- withdrawing to 0809 and facing SW/NW makes 0708 its front: the mover stops there
    -- [rough_and_ready 5.14], and, next to VN-1 again, VN-1 is asked again
    g = open({ ["4US-1"] = "0308", ["VN-1"] = "0707" }, { ["VN-1"] = "N/NE" })
    log = move(g, "4US-1", PATH, { "0809", "SW/NW", "stay", "SE/S" })
    assert.are.same({ "MEX withdraw 0809", "MEX face SW/NW", "MEX withdraw stay",
                      "US face SE/S" }, kinds(log))
    assert.are.equal("0708", where(g, "4US-1"))
    -- 4US-1 stopped in VN-1's front, but VN-1 withdrew from it: no movement reaction fire
    -- is offered [rough_and_ready 6.14]
    local shots, asked = f.run(g, {}, function() return fire.movement_reaction(g, "4US-1", "0708") end)
    assert.are.same({ {}, {} }, { shots, asked })
  end)

  it("the point cavalry.withdrawal: a replace handler decides, observers see where it went",
    function()
      local g = open({ ["4US-1"] = "0308", ["VN-1"] = "0709" }, { ["VN-1"] = "SE/S" })
      local seen = {}
      g.hooks:on("cavalry.withdrawal", function(ctx)
        seen[#seen + 1] = ctx.unit .. " " .. ctx.cavalry .. " " .. ctx.hex .. " "
          .. tostring(ctx.to)
      end)
      g.hooks:on("cavalry.withdrawal", function(ctx)
        assert(g.store:place(ctx.cavalry, ctx.options[1].hex))
        return ctx.options[1].hex
      end, { kind = "replace" })
      local log = move(g, "4US-1", PATH, { "SE/S" })
      assert.are.same({ "US face SE/S" }, kinds(log))
      assert.are.same({ "4US-1 VN-1 0708 0508" }, seen)
      assert.are.equal("0508", where(g, "VN-1"))
    end)
end)
