-- Rough & Ready's movement keeps what its move requests derive from the units (the board:
-- occupied hexes, enemy front hexes, stacking verdicts) and brings it up to date from the
-- units changed since (issue 38 point 1; movement.board, movement.update_board). Random
-- Palo Alto games, played as `volley play` plays them (an engine-owned state, the battle's
-- rules.lua), with movement's debug switch on: at every move request the options are
-- computed with what is kept and afresh, and the kept board compared with one made afresh
-- (movement.check_kept). Any stale cache stops the game with what differs.
local core = require "volley.core"
local rng = require("support.journal_property").rng

local MOVEMENT = "systems.rough_and_ready.movement"

-- Plays Palo Alto from `seed`, each answer a random option (a generator of the seed's own,
-- never the game's dice), up to `cap` answers; returns the answers given and the move
-- requests checked.
local function play(seed, cap)
  local st = core.new_state{}
  assert(st:require("volley.session"))
  assert(st:require(MOVEMENT))
  local ok, info = st:call("volley.session", "open", "rough-and-ready/palo-alto", { seed = seed })
  assert(ok, info)
  assert(st:call(MOVEMENT, "check_kept", true))
  local task = st:spawn("volley.session", "run")
  local r = rng(seed)
  local n = 0
  local kind, side, req = task:resume()
  while kind == "request" and n < cap do
    local opts = req.options or {}
    local a = #opts > 0 and opts[r:int(#opts)] or req.default
    n = n + 1
    kind, side, req = task:resume(a)
  end
  assert(kind == "request" or kind == "done" or kind == "ended",
    "the game stopped after " .. n .. " answers: " .. tostring(kind) .. " " .. tostring(side)
    .. " " .. tostring(req))
  local _, checked = st:call(MOVEMENT, "check_kept")
  task:close()
  st:close()
  return n, checked
end

describe("movement's kept board", function()
  for _, seed in ipairs({ 3, 38, 2026 }) do
    it("[rough_and_ready 5.14] [rough_and_ready 5.23] gives every move request of a random "
      .. "Palo Alto game (seed " .. seed .. ") the options a board made afresh gives", function()
        local n, checked = play(seed, 400)
        assert.are.equal(400, n)
        assert.is_true(checked > 50, "move requests checked: " .. tostring(checked))
      end)
  end
end)
