--- A trusted module the Resaca de la Palma hidden deployment spec loads inside an
-- engine-owned state (the sandbox loads battle scripts only there): it opens the battle with
-- units placed by hand, a Mexican unit hidden, loads the hidden variant's scripts as `volley
-- play` does (rules.lua, variable.lua, hidden.lua), runs a US activation's movement through
-- its `move` request, and returns what happened as plain data.
local battle_case = require "battle_case"
local movement = require "systems.rough_and_ready.movement"

local H = {}

local ID = "rough-and-ready/resaca-de-la-palma/hidden"
local DIR = "scenarios/rough-and-ready/resaca-de-la-palma/"

-- The hidden variant with every unit set aside, then `at` placed (`facing` by unit), the
-- units of `hidden` hidden; its three scripts loaded.
local function open(at, facing, hidden)
  return (battle_case.open(ID, { at = at, set_aside = true, facing = facing,
                                 hidden = hidden or {}, rr_vars = true, dir = DIR,
                                 scripts = { "rules.lua", "variable.lua", "hidden.lua" } }))
end

-- Runs `fn` as the game's coroutine, answering its requests from `answers` in order; the
-- requests seen, `side kind: options` (`battle_case.drive`).
local function drive(fn, answers)
  return battle_case.drive(fn, answers, true)
end

local lines = battle_case.lines

--- T-RR-09 and 09b [rough_and_ready RP Spotting Hidden Units]: 6L-1 hidden in 4916; 3US-1
-- (from `from`) answers the US activation's move request with `3US-1 <to>`, faces `face`
-- and is done. Whether 6L-1 is hidden after, the distance, the line of sight, the reveal
-- lines, and what the US's move request offered.
function H.spotting(from, to, face)
  local g = open({ ["3US-1"] = from, Garland = from, ["6L-1"] = "4916" },
    { ["3US-1"] = "NE/SE", ["6L-1"] = "SW/NW" }, { "6L-1" })
  g.vars.activation = { n = 1, side = "US", kind = "command", target = "garland",
                        units = { "3US-1", "Garland" }, artillery = {} }
  local r = drive(function() movement.activation(g) end, { "3US-1 " .. to, face, "done" })
  r.hidden = g.store:unit("6L-1").hidden or false
  r.at = select(2, g.store:where("3US-1"))
  r.distance = require("systems.rough_and_ready.sight").distance(g, to, "4916")
  r.los = require("systems.rough_and_ready.sight").clear(g, to, "4916")
  r.terrain = g.map:terrain("4916")
  r.lines = lines(g, "is revealed")
  return r
end

--- RP Revealing Hidden Units: 6L-1 hidden in 5513 (chaparral) moves one hex, then (a second
-- move of the same activation) a second: hidden after the first, revealed at the second.
function H.two_hexes()
  local g = open({ ["6L-1"] = "5513", ["6L-2"] = "5511", Garcia = "5513" },
    { ["6L-1"] = "SW/NW" }, { "6L-1" })
  g.vars.activation = { n = 1, side = "MEX", kind = "command", target = "garcia",
                        units = { "6L-1", "6L-2", "Garcia" }, artillery = {} }
  local r = {}
  g.vars.moved = {}
  drive(function()
    movement.apply(g, "6L-1", assert(movement.check(g, "6L-1", { "5413" })))
  end, { "SW/NW" })
  r.after_one = g.store:unit("6L-1").hidden or false
  g.vars.moved = {}
  drive(function()
    movement.apply(g, "6L-1", assert(movement.check(g, "6L-1", { "5313" })))
  end, { "SW/NW" })
  r.after_two = g.store:unit("6L-1").hidden or false
  r.lines = lines(g, "is revealed")
  return r
end

--- RP Hidden Mexican Deployment at the opening (`game.start`): every Mexican counter set up
-- hidden; a unit in chaparral (4916) or light woods stays hidden, one in the open and a
-- leader are put on the map.
function H.opening()
  local g = open({ ["6L-1"] = "4916", ["4L-1"] = "5818", Garcia = "4916" }, nil,
    { "6L-1", "4L-1", "Garcia" })
  g.hooks:fire("game.start", { first = "US" })
  local r = { terrain = {}, hidden = {} }
  for _, u in ipairs({ "6L-1", "4L-1", "Garcia" }) do
    local _, at = g.store:where(u)
    r.terrain[u] = g.map:terrain(at)
    r.hidden[u] = g.store:unit(u).hidden or false
  end
  r.lines = lines(g, "is revealed")
  return r
end

return H
