--- Records the games that tests/shell/replay.sh replays in every configuration: each
-- `<name>.save` with `<name>.hash`, the state hash its game ended with on the VM that
-- recorded it (DESIGN.md "Testing": recorded games with expected state hashes, on both VMs):
-- three demo games, and a Palo Alto game and a demo game with a schedule (random bot
-- against random bot, played by the program `<build>/volley play ... --save`). A change to
-- a scenario, system or charts changes the files the saves' headers hash (and perhaps the
-- games; any change to the Rough & Ready rules or Palo Alto changes the Palo Alto game):
-- record them again, from the source tree, with
--
--     VOLLEY_PATH=$PWD lua5.4 tests/replay/record.lua build
--
-- and check with `git diff` that only what was meant to change did.

local build = arg[1] or "build"
package.cpath = build .. "/lua/" .. _VERSION:match("%d+%.%d+") .. "/?.so;" .. package.cpath
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

-- Games `volley play` saves, bots on every side, replayed: the hash is what `volley replay`
-- recomputes, checked against the hash the playing itself ended with.
--
-- Palo Alto: the first PALO.cap decisions of a random game (the cap keeps the replay short
-- under ASan; the game is past its first activations, moves, facings and fire by then).
-- The reinforced demo game (tests/data/reinforced, docs/runtime.md "Schedules"): played to
-- its last turn, its turn track's events fired and both reinforcements in, the seed one
-- where A's flank column finds its entry held and is delayed and diverted [reinforced 1].
local PLAYED = {
  { name = "palo-alto-random-24", target = "rough-and-ready/palo-alto", seed = 24, cap = 1000,
    sides = { "US", "MEX" } },
  { name = "reinforced-random-7", target = "tests/data/reinforced", seed = 7,
    sides = { "A", "B" } },
}
for _, g in ipairs(PLAYED) do
  local save = "tests/replay/" .. g.name .. ".save"
  local state = os.tmpname()
  os.remove(state)
  local bots = {}
  for _, side in ipairs(g.sides) do bots[#bots + 1] = "--bot " .. side .. "=random" end
  local play = string.format("XDG_STATE_HOME=%s %s/volley play %s --seed %d %s%s --save %s "
    .. "--json", state, build, g.target, g.seed, table.concat(bots, " "),
    g.cap and (" --max-decisions " .. g.cap) or "", save)
  local p = assert(io.popen(play))
  local last
  for line in p:lines() do last = line end
  p:close()
  os.execute("rm -rf " .. state)
  local played = assert(last and last:match('"state_hash":"(%x+)"'), "no game_over from " .. play)
  local r = assert(io.popen(build .. "/volley replay " .. save))
  local out = r:read("*l")
  r:close()
  local hash = assert(out and out:match("^state_hash (%x+)$"), "replay: " .. tostring(out))
  assert(hash == played, "the replay ends in " .. hash .. ", the game in " .. played)
  local f = assert(io.open("tests/replay/" .. g.name .. ".hash", "w"))
  f:write(hash, "\n")
  f:close()
  print(g.name, (g.cap and (g.cap .. " answers") or "to its end"), hash)
end
