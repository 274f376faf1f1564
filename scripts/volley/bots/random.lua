--- The `random` bot: draws uniformly from the legal answers (DESIGN.md Part B "Bots"), with a
-- generator seeded for each decision from (game seed, side, bot name, decision number)
-- through `volley.core.dice.bot_seed`, never from the game's own dice.
-- @module volley.bots.random

local core = require "volley.core"
local ask = require "volley.ask"

local M = {}

--- Answers a request.
-- @param game unused: the legal answers say everything this bot weighs
-- @tparam table request
-- @tparam table ctx `{side=, name=, seed=, decision=}`
-- @return one of the legal answers (the same for a listed request and a counted one)
function M.answer(_, request, ctx)
  -- the number of legal answers and the one drawn (volley.ask.count, volley.ask.at): a lazy
  -- request forms no other
  local n = ask.count(request)
  if n == 1 then return ask.at(request, 1) end
  local dice = core.dice.new(core.dice.bot_seed(ctx.seed, ctx.side, ctx.name, ctx.decision))
  return ask.at(request, dice:dn(n, "bot " .. ctx.name .. " for " .. ctx.side, "[volley bots]"))
end

return M
