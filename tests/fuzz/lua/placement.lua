--- The fuzz driver of placement specs (tests/fuzz/fuzz_placement.c): each input is a spec as a
-- scenario's set-up line gives it, compiled (`volley.placement.compile`) on Palo Alto's map and
-- on the placement fixture maps, in both contexts (hexes, hexside), with the context of
-- tests/spec/volley/placement_spec.lua's random test (`above`, `with`, a predicate). It may not
-- raise; a set is a table, a refusal a message naming the spec (with no control byte, for a
-- text the INI reader lets through).
local core = require "volley.core"
local placement = require "volley.placement"
local check = require "fuzz_check"

local src = ...
local MAPS = {}
for _, name in ipairs({ "palo-alto", "resaca", "rio-sacramento", "buena-vista",
                        "gringo-buena-vista" }) do
  MAPS[#MAPS + 1] = assert(core.map.load(src .. "/tests/data/maps/placement/" .. name .. ".ini"))
end
local CTX = { above = { "5915" }, locate = function() return { "3509" } end,
              predicates = { p = function() return true end } }

return function(text)
  local map = MAPS[#text % #MAPS + 1]            -- the input decides (replays alike)
  for _, context in ipairs({ "hexes", "hexside" }) do
    local set, why = placement.compile(text, map, CTX, { context = context })
    if set then
      assert(type(set) == "table" and set.context == context, "a set of another context")
    else
      check.refusal(why, "placement", text)
      assert(why:find("^placement spec '"), "a refusal that does not name the spec: " .. why)
    end
  end
end
