--- Records the demo games that tests/shell/replay.sh replays in every configuration: each
-- `<name>.save` with `<name>.hash`, the state hash its game ended with on the VM that
-- recorded it (DESIGN.md "Testing": recorded games with expected state hashes, on both VMs).
-- A change to the demo scenario, system or charts changes the files the saves' headers hash
-- (and perhaps the games): record them again, from the source tree, with
--
--     VOLLEY_PATH=$PWD lua5.4 tests/replay/record.lua build
--
-- and check with `git diff` that only what was meant to change did.

local build = arg[1] or "build"
package.cpath = build .. "/?.so;" .. package.cpath
package.path = "scripts/?.lua;scripts/?/init.lua;tests/spec/?.lua;" .. package.path

local demo = require "support.demo_games"

local GAMES = {
  { name = "demo-charge-1", seed = 1, bots = { A = "charge", B = "charge" }, dice = { 6, 1, 5 } },
  { name = "demo-charge-random-3", seed = 3, bots = { A = "charge", B = "random" } },
  { name = "demo-random-11", seed = 11 },
}

for _, g in ipairs(GAMES) do
  local game = demo.play(g)
  assert(game.journal:write("tests/replay/" .. g.name .. ".save"))
  local f = assert(io.open("tests/replay/" .. g.name .. ".hash", "w"))
  f:write(game:state_hash(), "\n")
  f:close()
  print(g.name, game.answers .. " answers", game:state_hash())
  game:close()
end
