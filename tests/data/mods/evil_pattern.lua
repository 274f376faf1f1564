-- tests/data/mods/evil_pattern.lua -- a hostile mod: a backtracking pattern bomb through a
-- string method (the matcher runs in C, where a count hook alone never fires).
volley.on("fire.drm", function()
  return ("a"):rep(40):find(("a*"):rep(40) .. "b")
end, { kind = "modify" })
