-- tests/data/mods/one_answer.lua -- a house rule asking a request with one legal answer at
-- each activation's start (issue 35 point 5, tests/shell/reqwire.sh): the runtime answers it
-- itself, asking neither the person, the script nor the bot, and journals the answer.
volley.on("activation.start", function(ctx)
  volley.ask(ctx.side, { kind = "orders", prompt = "orders for activation " .. ctx.n,
                         rule = "[house 1]", options = { "advance" } })
end)
