-- The refusals of the move walked hex by hex (movement.lua `check_step`, `go_on`; #35
-- point 1), each produced by a situation on the fixture (tests/data/rr: row 08 clear).
-- Run from refusal_cases_spec.lua (support/rr_refusal.lua), where describe and it are
-- busted's.
local R = require "support.rr_refusal"
local rr = require "support.rr"
local open, stop = R.open, R.stop

describe("[rough_and_ready 5.12, 5.14, 6.47] a move walked hex by hex", function()
  it("the walk stops in a front hex the withdrawal made [5.14]", function()
    -- VN-1 in 0707 (N/NE) withdraws to 0809 when 4US-1 enters 0608 and faces SW/NW: 0708,
    -- entered next, is its front, so the walk stops there (the reason logged)
    local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0707" }, "US",
      { "4US-1", "4US-2" }, {}, { ["VN-1"] = "N/NE" })
    require("support.rr_fire").run(g, { "4US-1 0408 0508 0608 0708 0808", "0809", "SW/NW",
      "stay", "SE/S", "done" }, require("systems.rough_and_ready.actions").run)
    assert.are.equal(1, #rr.lines(g, "4US-1's way on from 0708 is closed: 4US-1 is in the "
      .. "front of VN-1 in 0708: it stops [rough_and_ready 5.14]"))
  end)

  it("going on after a cut: only the unit cut goes on [5.12]", function()
    -- VN-1 in 0709 stays when 4US-1 comes to 0708: the path through its hex is cut there,
    -- and 4US-1 alone is asked to go on
    local g = open({ ["4US-1"] = "0308", ["4US-2"] = "0102", ["VN-1"] = "0709" }, "US",
      { "4US-1", "4US-2" }, {}, { ["VN-1"] = "SE/S" })
    assert.are.equal("only 4US-1 goes on now: 4US-1 <hex> [path], or stop "
      .. "[rough_and_ready 5.12]", stop(g, { "4US-1 0408 0508 0608 0708 0709", "stay",
        "4US-2 0202" }))
  end)
end)
