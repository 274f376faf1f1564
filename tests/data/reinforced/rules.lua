-- tests/data/reinforced/rules.lua, the rules of the reinforced demo game (docs/runtime.md
-- "Schedules"): the schedule's points as a battle's rules use them.
-- luacheck: read globals volley

-- [reinforced 1] A blocked entry, as SPI's [spi_gbacw 32.2]: an arrival whose entry holds
-- an enemy unit is delayed one turn and comes in then on the nearest free hexes of the edge.
local DIVERT = { A = "0102 or 0103", B = "1204 or 1206" }

volley.on("reinforcement.due", function(ctx)
  if ctx.blocked and ctx.delay == 0 then
    ctx.delay = 1
    ctx.where = DIVERT[ctx.side]
  end
end, { kind = "modify" })

-- [reinforced 2] What the schedule names reaches the rules: the column's formation, the
-- march orders (the demo has neither: told, not applied).
volley.on("reinforcement.arrive", function(ctx)
  if ctx.formation or ctx.orders then
    ctx.game.log(table.concat(ctx.units, " ") .. " came in " .. (ctx.formation and
      (ctx.formation .. " formation") or ("under " .. ctx.orders .. " orders"))
      .. " [reinforced 2]")
  end
end)

-- [reinforced 3] The turn track's events.
volley.on("schedule.event", function(ctx)
  ctx.game.log("event " .. ctx.event .. " at " .. (ctx.time or "?") .. " (" .. ctx.light
    .. ") [reinforced 3]")
end)
