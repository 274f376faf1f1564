-- tests/data/mods/evil_yield.lua -- a hostile mod: a bare coroutine.yield in a hook, trying
-- to forge an answer to the game's pending request.
volley.on("fire.drm", function()
  return coroutine.yield("fire")
end, { kind = "modify" })
