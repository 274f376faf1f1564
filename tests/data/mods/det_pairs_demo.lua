-- tests/data/mods/det_pairs_demo.lua -- decides in pairs order: a modifier whose label lists a
-- table's keys as pairs visits them and whose value depends on which comes first (the same game in
-- every process and on both VMs only if pairs has one order).
volley.on("fire.drm", function(_, mods)
  local t = { echo = 1, alpha = 2, delta = 3, bravo = 4, charlie = 5, [3] = 6, [1] = 7,
              [2.5] = 8, [true] = 9 }
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  local first = next(t)
  mods:add(first == 1 and 1 or -1, "order " .. table.concat(keys, " "), "[det 1]")
end, { kind = "modify" })
