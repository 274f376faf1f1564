-- tests/data/mods/det_tostring_demo.lua -- writes numbers and a table into a modifier's label with
-- tostring, string.format and table.concat (Lua 5.4 wrote 10/2 as "5.0", LuaJIT "5"; a table's text
-- was its address).
volley.on("fire.drm", function(_, mods)
  local half = 10 / 2
  mods:add(0, "half " .. tostring(half) .. " " .. string.format("%s %d %q", half, half, half)
    .. " " .. table.concat({ half, 0.5 }, ",") .. " " .. tostring({}) .. " " .. tostring(0 / 0),
    "[det 2]")
end, { kind = "modify" })
