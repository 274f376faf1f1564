-- tests/data/mods/check_border_demo.lua -- loads and plays on both VMs but plays otherwise on
-- each: a fire modifier from the length of a table with a hole, which is 3 on Lua 5.4 and 1 on
-- LuaJIT (docs/modding.md "Determinism", what remains). volley check --mod finds it by
-- replaying its game on the other VM (tests/shell/check_mods.sh).
volley.on("fire.drm", function(_, mods)
  local t = { 1, nil, 3 }
  mods:add(#t - 1, "border", "[house 3]")
end, { kind = "modify" })
