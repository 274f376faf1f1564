-- tests/data/mods/evil_mem.lua -- a hostile mod: eats memory in a fire hook.
volley.on("fire.drm", function()
  local t = {}
  for i = 1, 1e9 do t[i] = ("x"):rep(1000) .. i end
  return #t
end, { kind = "modify" })
