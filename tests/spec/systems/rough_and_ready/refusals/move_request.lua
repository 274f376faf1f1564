-- The refusals of a fire answer typed at the move request (actions.lua) and of a move to a
-- hex beyond the mover's reach that something else closes too (movement.lua), each produced
-- by a situation on Palo Alto (the guns where its set-up puts them: Churchill-1 in 3018,
-- A2US-1..4 in 3022, facing SW/NW; 4L-1 in 1313 facing NE/SE, TampVet in 1423) or on the
-- fixture (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows 04-06),
-- answered at the move request (actions.run) the way a player types it (issue 33 point 5,
-- a new player's notes: `Churchill-1 1314` was refused by 6.25, the combined
-- `A2US-1+A2US-2+A2US-3+A2US-4 1423` by 3.13). Run from refusal_cases_spec.lua
-- (support/rr_refusal.lua), where describe and it are busted's.
local R = require "support.rr_refusal"
local f = require "support.rr_fire"
local open, stop = R.open, R.stop

local GUNS = { "A2US-1", "A2US-2", "A2US-3", "A2US-4", "Churchill-1" }

-- Palo Alto with every unit off the map, then its guns and two Mexican units where its
-- set-up puts them, and Garland's activation with the guns (5US-1, far off, a unit of it).
local function palo_alto()
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  local at, facing = { ["4L-1"] = "1313", ["4L-2"] = "1314", TampVet = "1423",
                       ["5US-1"] = "3512" },
    { ["4L-1"] = "NE/SE", ["4L-2"] = "NE/SE", TampVet = "N/NE", ["5US-1"] = "SW/NW" }
  for _, u in ipairs(GUNS) do
    at[u] = u == "Churchill-1" and "3018" or "3022"
    facing[u] = "SW/NW"
  end
  f.put(g, at, facing)
  g.vars.activation = { n = 1, side = "US", units = { "5US-1" }, artillery = GUNS,
                        target = "garland", leader = "Garland" }
  return g
end

describe("[rough_and_ready 5.11, 6.12, 6.22] a fire answer typed at the move request", function()
  it("a gun's target 17 hexes off: out of its reach first [5.11], then how to fire [6.12]",
    function()
      -- 1314, next to 4L-1, is closed to a gun [6.25]; today's main said only that
      assert.are.equal("1314 is out of Churchill-1's reach: it is 17 hexes off, Churchill-1 "
        .. "has 2 [rough_and_ready 5.11]; to fire at 1314 instead: fire Churchill-1 1314 "
        .. "[rough_and_ready 6.12]", stop(palo_alto(), { "Churchill-1 1314" }))
      -- a hex the gun cannot fire at: the reach alone (with its cost)
      assert.are.equal("2618 is out of Churchill-1's reach: it costs 4 MP, Churchill-1 has 2 "
        .. "[rough_and_ready 5.11]", stop(palo_alto(), { "Churchill-1 2618" }))
    end)

  it("a gun that fired: 6.25 (no fire left to hint at)", function()
    local g = palo_alto()
    g.dice:force{ 0 }
    assert.are.equal("Churchill-1 has fired this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]", stop(g, { "fire", "Churchill-1 1423", "Churchill-1 1314" }))
  end)

  it("a combined fire is no move: fire first [6.22], not 'not activated' [3.13]", function()
    assert.are.equal("A2US-1+A2US-2+A2US-3+A2US-4 1423 is a combined fire, not a move: fire "
      .. "A2US-1+A2US-2+A2US-3+A2US-4 1423 [rough_and_ready 6.22]",
      stop(palo_alto(), { "A2US-1+A2US-2+A2US-3+A2US-4 1423" }))
    -- typed in another order: read as the set it names
    assert.are.equal("A2US-2+A2US-1 1423 is a combined fire, not a move: fire A2US-2+A2US-1 "
      .. "1423 [rough_and_ready 6.22]", stop(palo_alto(), { "A2US-2+A2US-1 1423" }))
  end)

  it("a set the fire request would not take: no move either [5.11]", function()
    -- guns of two hexes never combine [6.22]: the fire request refuses it for that
    local no_move = "' is no move: units joined by + move together only as an unmoved stack "
      .. "of activated units (the units of one hex: <unit>+<unit> <hex>); they fire together "
      .. "(fire <set> <hex>) or shock together (shock <set> <hex>) [rough_and_ready 5.11]"
    assert.are.equal("'A2US-1+Churchill-1 1423" .. no_move,
      stop(palo_alto(), { "A2US-1+Churchill-1 1423" }))
    -- infantry of two hexes joined by + (a shock's form, no stack) where no fire is offered
    -- (a stack's units joined so move together: compound_spec)
    local g = open({ ["4US-1"] = "0302", ["4US-2"] = "0402" }, "US", { "4US-1", "4US-2" })
    assert.are.equal("'4US-1+4US-2 0303" .. no_move, stop(g, { "4US-1+4US-2 0303" }))
  end)

  it("several shots in one line: at most 8 (a compound answer carries 16 answers)", function()
    local shots = {}
    for i = 1, 9 do shots[i] = "Churchill-1 1314" end
    assert.are.equal("one line fires at most 8 shots [rough_and_ready 5.11]",
      stop(palo_alto(), { "fire " .. table.concat(shots, ", ") }))
  end)
end)

describe("[rough_and_ready 5.11, 5.28, 6.25] a closed hex: the reach before the hex's rule",
  function()
    it("an enemy's hex beyond the MA: the reach; within it: the hex's rule", function()
      -- 4L-1 in 0310, 8 hexes off 4US-1 (MA 5); 4L-2 in 0305, 2 hexes off (4 MP of grass)
      local g = open({ ["4US-1"] = "0303", ["4L-1"] = "0310", ["4L-2"] = "0305" }, "US",
        { "4US-1" })
      assert.are.equal("0310 is out of 4US-1's reach: it costs 11 MP, 4US-1 has 5 "
        .. "[rough_and_ready 5.11]", stop(g, { "4US-1 0310" }))
      assert.are.equal("4US-1 may not enter 0305: 0305 holds an enemy unit (4L-2) "
        .. "[rough_and_ready 5.28]", stop(g, { "4US-1 0305" }))
    end)
  end)
