-- tests/data/mods/journal_pairs_demo.lua -- hostile but legal (issue 32): walks a table with
-- `pairs` and decides per key, the first two hazards it meets going into a fire roll, so the
-- roll depends on the order `pairs` gives (another process or VM, another order). The demo
-- system (docs/demo.md): "at most two hazards a roll", whichever `pairs` yields first.
local hazards = { smoke = -1, dust = -1, sun = 1, wind = 1, rain = -1, glare = 1 }

volley.on("fire.drm", function(_, mods)
  local n = 0
  for name, drm in pairs(hazards) do
    if n < 2 then
      mods:add(drm, name, "[house pairs]")
      n = n + 1
    end
  end
end, { kind = "modify" })
