--- The `search` bot (docs/bots.md "search"): rollouts from each answer worth trying, under a
-- budget of rollouts (not time: a game replays), spent by successive halving. Each rollout
-- plays a branch of the position (volley.bots.shadow `search`) with dice drawn from the bot's
-- stream (determinised), the other requests settled by the system's `reply` or answered by a
-- policy among the system's best few answers, for both sides, cut after `HORIZON`
-- activations and scored by the system's evaluation. Hidden information refuses the
-- look-ahead as for `smart` (sampling it is not done yet): it answers the default then.
-- @module volley.bots.search

local core = require "volley.core"
local ask = require "volley.ask"

local M = {}

--- It looks ahead (a driver hands it `ctx.look`).
M.looks = true

--- The answers tried at one request, at most.
M.K = 8
--- Rollouts a decision, in all (provisional: about a second a decision on the development
-- machine).
M.BUDGET = 48
--- Activations begun before a rollout is cut (provisional: the rest of this one and the next).
M.HORIZON = 1
--- Requests before a rollout is cut whatever happens.
M.DEPTH = 80
--- The policy's choice: among the ordering's best this many.
M.WIDTH = 3

--- Answers a request.
-- @treturn the answer, and why
function M.answer(_, request, ctx)
  local n = ask.count(request)
  if n == 1 then return ask.at(request, 1), "the only answer" end
  local default = request.default
  if default == nil then default = ask.at(request, 1) end
  local look = ctx.look
  if not look then return default, "no look-ahead here: the default" end
  local r, why = look:at(ctx.side, "search", { side = ctx.side, kind = request.kind, k = M.K,
    seed = core.dice.bot_seed(ctx.seed, ctx.side, ctx.name, ctx.decision), budget = M.BUDGET,
    horizon = M.HORIZON, depth = M.DEPTH, width = M.WIDTH })
  if not r then return default, "no look-ahead (" .. tostring(why) .. "): the default" end
  if r.setup then return default, "the scenario's set-up" end
  if not r.best then return default, "every rollout failed: the default" end
  local st = r.stats[r.best]
  local mean = st.n > 0 and math.floor(st.sum / st.n - r.base) or 0
  return r.answers[r.best], string.format("%+d over standing on average in %d rollouts; %d "
    .. "of %d tried, %d rollouts in all", mean, st.n, #r.answers, r.count, M.BUDGET)
end

return M
