--- The fuzz driver of the chart-result grammars (tests/fuzz/fuzz_chart_codes.c): each input
-- is a chart cell's text, read by `volley.results.parse` with every grammar of every system.
-- It may not raise; a cell is a result (a table) or a refusal: a message (with no control
-- byte, for a cell the INI reader lets through).
local results = require "volley.results"
local check = require "fuzz_check"

local GRAMMARS = {}
for _, system in ipairs(results.systems()) do
  for _, name in ipairs(results.grammars(system)) do
    GRAMMARS[#GRAMMARS + 1] = { system, name }
  end
end
assert(#GRAMMARS > 0, "no chart-result grammar")

return function(text)
  for _, g in ipairs(GRAMMARS) do
    local r, why = results.parse(g[1], g[2], text)
    if r == nil then
      check.refusal(why, g[1] .. "/" .. g[2], text)
    else
      assert(type(r) == "table", g[1] .. "/" .. g[2] .. ": a result that is not a table")
    end
  end
end
