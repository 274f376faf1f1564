-- Pre-shock withdrawal and the move that goes on hex by hex [rough_and_ready 6.47, 5.12]
-- (issue 33 point 4). 6.47 lets mounted cavalry withdraw more than once in an activation,
-- and the foot unit that came next to it moves on, one hex into the next (5.12), so it may
-- enter the hex the cavalry left and come next to it again. Before #35 a move was one path
-- checked before it started: a path through the cavalry's hex was refused (an enemy hex,
-- 5.28) before anyone withdrew. The interruptible move (volley.walk, #35 point 1) walks the
-- path hex by hex, so both happen; these were `pending` until it landed.
--
-- On the fixture (tests/data/rr, row 08 clear): Garland's 4US-1 walks east along row 08;
-- VN-1 (Villas del Norte cavalry) in 0709 faces SE/S, so 0708 is its rear, no front hex is
-- on the way.
--
-- What "moves adjacent" means is ruled in docs/rulings/rough_and_ready.md (6.47, "Who calls
-- for a withdrawal"): a foot unit that enters a hex next to the cavalry from a hex that was
-- not next to it; stepping from one hex beside it to another does not call again
-- (withdrawal_spec.lua "only an activated foot unit coming next to it ..." pins it).
local f = require "support.rr_fire"
local actions = require "systems.rough_and_ready.actions"

local function open(at, facings)
  local g = f.fixture(at, facings)
  g.vars.activation = { n = 1, side = "US", units = { "4US-1", "4US-2" }, artillery = {},
                        target = "garland" }
  return g
end

-- The requests asked, `side kind answer`.
local function kinds(log)
  local out = {}
  for _, l in ipairs(log) do out[#out + 1] = l.side .. " " .. l.kind .. " " .. l.answer end
  return out
end

describe("[rough_and_ready 6.47, 5.12] the mover goes on after a withdrawal", function()
  it("a path through the hex of a unit that cannot withdraw is refused before the move",
    function()
      -- Disordered cavalry does not withdraw [rough_and_ready 6.62]: its hex stays closed
      local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709" },
        { ["VN-1"] = "SE/S" })
      g.store:set_marker("VN-1", "disordered", 1)
      local err = f.stop(g, { "4US-1 0408 0508 0608 0708 0709" }, actions.run)
      assert.are.equal("refused: 0708 -> 0709: prohibited (0709 holds an enemy unit (VN-1)) "
        .. "[rough_and_ready 5.28]", err)
    end)

  it("a path through the cavalry's hex is walked on that hope: when it stays, the move "
    .. "ends before the hex, and the mover may go on another way with what it has left",
    function()
      local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709" },
        { ["VN-1"] = "SE/S" })
      local _, log = f.run(g, { "4US-1 0408 0508 0608 0708 0709", "stay", "4US-1 0808",
                                "SE/S", "done" }, actions.run)
      assert.are.same({ "US move 4US-1 0408 0508 0608 0708 0709", "MEX withdraw stay",
                        "US move 4US-1 0808", "US face SE/S", "US move done" }, kinds(log))
      assert.are.equal("0808", f.where(g, "4US-1"))
      -- the same move request, for that unit only, within the 1 MP it has left; stop default
      local opts = log[3].options
      assert.are.equal("stop", opts[#opts])
      for i = 1, #opts - 1 do assert.are.equal("4US-1 ", opts[i]:sub(1, 6)) end
      assert.is_true(#opts > 1)
    end)

  it("enters the hex the cavalry left (needs the interruptible move, #35)", function()
    local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709" },
      { ["VN-1"] = "SE/S" })
    -- 4US-1 enters 0708, next to VN-1: VN-1 withdraws to 0910; 4US-1 goes on into 0709
    local _, log = f.run(g, { "4US-1 0408 0508 0608 0708 0709", "0910", "S/SW", "SE/S",
                              "done" }, actions.run)
    assert.are.same({ "US move 4US-1 0408 0508 0608 0708 0709", "MEX withdraw 0910",
                      "MEX face S/SW", "US face SE/S", "US move done" }, kinds(log))
    assert.are.equal("0709", f.where(g, "4US-1"))
    assert.are.equal("0910", f.where(g, "VN-1"))
  end)

  it("the same cavalry withdraws a second time from the mover that comes on (#35)",
    function()
      -- 4US-1 (MA 5) starts in 0408: five steps to 0809
      local g = open({ ["4US-1"] = "0408", ["4US-2"] = "0102", ["VN-1"] = "0709" },
        { ["VN-1"] = "SE/S" })
      -- VN-1 withdraws to 0810 when 4US-1 enters 0708; 4US-1 goes on into 0709, the hex
      -- left, next to 0810 again (not its front: VN-1 faces S/SW), where VN-1 is asked
      -- again and withdraws to 1010; 4US-1 ends its move in 0809
      local _, log = f.run(g, { "4US-1 0508 0608 0708 0709 0809", "0810", "S/SW",
                                "1010", "S/SW", "SE/S", "done" }, actions.run)
      assert.are.same({ "US move 4US-1 0508 0608 0708 0709 0809", "MEX withdraw 0810",
                        "MEX face S/SW", "MEX withdraw 1010", "MEX face S/SW", "US face SE/S",
                        "US move done" }, kinds(log))
      assert.are.same({ "0809", "1010" }, { f.where(g, "4US-1"), f.where(g, "VN-1") })
      -- neither fires at the other for the rest of the activation, after both
      assert.is_true(require("systems.rough_and_ready.withdrawal").bars(g, "VN-1", "4US-1"))
    end)
end)
