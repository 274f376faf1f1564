-- tests/data/rr/rules.lua -- the fixture battle's special rules: Palo Alto's that touch the
-- activation chain (scenarios/rough-and-ready/palo-alto is not merged yet: these stand in
-- for its rules.lua, docs/systems/rough_and_ready.md).

-- Canales and his Rancheros activate only by die roll, never by a freebie [rough_and_ready
-- PA 3.0]: the free activation (after the opponent's failed roll) and the one after a pass
-- both come without a roll.
-- luacheck: read globals volley
volley.on("activation.select", function(ctx)
  if ctx.mode == "free" or ctx.mode == "after_pass" then
    local kept = {}
    for _, c in ipairs(ctx.options) do
      if c == "canales" then
        ctx.reasons[c] = "Canales activates only by die roll [rough_and_ready PA 3.0]"
      else
        kept[#kept + 1] = c
      end
    end
    ctx.options = kept
  end
end, { kind = "modify" })
