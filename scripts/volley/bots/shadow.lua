--- A bot's look-ahead, in an engine-owned state of its own (docs/bots.md "Look-ahead"): the
-- game opened again from the same scenario, options and mods, set to the live game's
-- position (`volley.bots.position`: the step's boundary state and its answers so far, replayed
-- here by the session's own undo machinery), then branched: each branch replays to the
-- pending request, seeds the dice from the bot's stream (so the live game's dice are never
-- read ahead: the branch's dice are the bot's guesses), gives a path of answers and lets the
-- rules run on, the requests in between answered by the system's `reply`, until the next
-- decision the system leaves to a player; there the system's evaluation scores the position.
-- Nothing here reaches the live game: it is another Lua state.
--
-- A system's evaluation is `systems.<id>.bots.eval` (docs/bots.md "Writing an evaluation"):
-- `score(game, side) -> integer, terms`, optionally `reply(game, side, request) -> answer`
-- (a request settled inside a look-ahead, nil to stop there), `order(game, side, request,
-- k) -> {answer, ...}` (at most k answers worth trying, best first), `expand` and
-- `activation` (sets of request kinds: the side's own stops tried further; the requests that
-- begin an activation, which cut a rollout).
-- @module volley.bots.shadow

local ask = require "volley.ask"
local session = require "volley.session"
local core = require "volley.core"

local M = {}

-- Not game state: the base's id (the boundary state held), the system's evaluation.
local held, eval

--- The evaluation module of the game's system, or nil when it has none.
local function evaluation()
  if eval == nil then
    local g = session.game()
    local ok, mod = pcall(require, "systems." .. g.system.id .. ".bots.eval")
    eval = ok and type(mod) == "table" and type(mod.score) == "function" and mod or false
  end
  return eval or nil
end

--- Sets the base every branch starts from.
-- @tparam table pos `volley.bots.position.of`'s answer
-- @treturn boolean whether this state has a system evaluation
function M.set(pos)
  if pos.text then
    session.base(pos.text, pos.answers)
    held = pos.id
  elseif pos.id ~= held then
    error("volley.bots.shadow: the base state " .. tostring(pos.id) .. " was never given", 0)
  else
    session.base(nil, pos.answers)
  end
  return evaluation() ~= nil
end

--- The id of the base state held (the host sends the text again only when it changes).
function M.held()
  return held
end

-- A branch to the pending request: the coroutine and what it yielded, or nil and why.
local function to_pending(spec)
  session.branch()
  local co = coroutine.create(session.run_resume)
  local ok, token, side, request = coroutine.resume(co)
  if not ok then return nil, tostring(token) end
  if token ~= ask.TOKEN then return nil, "the game ended while it replayed" end
  if side ~= spec.side or request.kind ~= spec.kind then
    return nil, "the replay waits on " .. tostring(side) .. " " .. tostring(request.kind)
      .. ", not " .. spec.side .. " " .. spec.kind
  end
  return co, request
end

-- Gives `value` and runs on, settling requests by `reply`, until a request nobody settles
-- (returned with its side), the game's end, or `depth` requests. Returns the stop:
-- `{side=, request=}` or `{done = true}` or `{error = why}`.
local function run_on(co, value, me, path, depth, e)
  local k, given = 2, 0
  while true do
    local ok, token, side, request, refusal = coroutine.resume(co, value)
    if not ok then return { error = tostring(token) } end
    if coroutine.status(co) == "dead" then return { done = true } end
    if token ~= ask.TOKEN then return { error = "a yield outside ask" } end
    if refusal then return { error = "refused: " .. tostring(refusal) } end
    given = given + 1
    value = nil
    if given <= depth then
      value = ask.only(request)
      if value == nil and e.reply then value = e.reply(session.game(), side, request) end
    end
    if value == nil and side == me and path[k] ~= nil then   -- the path's next answer
      value = path[k]
      k = k + 1
    end
    if value == nil then return { side = side, request = request } end
  end
end

--- Scores paths of answers from the pending request (docs/bots.md "Look-ahead").
-- @tparam table spec `{side=, kind=, paths = {{answer, ...}, ...}, seeds = {seed, ...},
--   depth = n, list = k}`: each path's first answer answers the pending request, each next
--   one the side's next request the system does not settle; every path is played once for
--   each seed (the branch's dice seeded so, the same seeds for every path); `depth` bounds
--   the requests settled after the path; `list`, when given, asks for the stop's best k
--   answers when the stop is the side's own request (what a bot may try next). A branch that
--   rolled no die is played once and counted for every seed
-- @treturn table `{{score = sum over seeds, terms = the first seed's, stop = {side=, kind=,
--   answers = {...} or nil, done=}}, ...}` (a path whose branch failed: `{error = why}`),
--   or `{refused = why}`
function M.try(spec)
  local e = evaluation()
  if not e then return { refused = "no evaluation for this system" } end
  local out = {}
  for p, path in ipairs(spec.paths) do
    local r = { score = 0 }
    for s, seed in ipairs(spec.seeds) do
      local co, request = to_pending(spec)
      if not co then return { refused = request } end
      local g = session.game()
      g.store:seed(seed)
      local stop
      if path[1] == nil then
        stop = { side = spec.side, request = request }
      else
        stop = run_on(co, path[1], spec.side, path, spec.depth or 8, e)
      end
      if stop.error then
        r = { error = stop.error }
        break
      end
      local score, terms = e.score(g, spec.side)
      r.score = r.score + score
      -- no die rolled in the branch: every seed would score the same
      if s == 1 and g.dice:count() == 0 then r.score = score * #spec.seeds end
      if s == 1 then
        r.terms = terms
        r.stop = { side = stop.side, kind = stop.request and stop.request.kind, done = stop.done }
        if spec.list and stop.request and stop.side == spec.side and e.expand
            and e.expand[stop.request.kind] then
          r.stop.answers = M.order(g, spec.side, stop.request, spec.list, seed)
        end
        if g.dice:count() == 0 then break end
      end
    end
    out[p] = r
  end
  return out
end

-- A rollout from a branch that has just been given its answer: every request settled by
-- `reply` when it does, else answered by the policy -- one of the ordering's best `width`
-- drawn from `dice` -- until `horizon` activations have begun, `depth` requests, or the end.
local function rollout(co, value, e, dice, opts)
  local g = session.game()
  local activations, n = 0, 0
  while true do
    local ok, token, side, request, refusal = coroutine.resume(co, value)
    if not ok then return { error = tostring(token) } end
    if coroutine.status(co) == "dead" then return {} end
    if token ~= ask.TOKEN then return { error = "a yield outside ask" } end
    if refusal then return { error = "refused: " .. tostring(refusal) } end
    n = n + 1
    if n > opts.depth then return {} end
    if e.activation and e.activation[request.kind] then
      activations = activations + 1
      if activations > opts.horizon then return {} end
    end
    value = ask.only(request)
    if value == nil and e.reply then value = e.reply(g, side, request) end
    if value == nil then
      local list = M.order(g, side, request, opts.width, dice:dn(1073741824, "rollout", "-"))
      if #list > 1 then value = list[dice:dn(#list, "rollout", "-")] else value = list[1] end
      if value == nil then value = ask.default_answer(request) end
    end
  end
end

-- Whether candidate a's mean beats b's (integers: sums cross-multiplied by counts).
local function better(a, b)
  if a.n == 0 or b.n == 0 then return a.n > b.n end
  local x, y = a.sum * b.n, b.sum * a.n
  if x ~= y then return x > y end
  return a.i < b.i
end

--- The search bot's look-ahead (docs/bots.md "search"): the answers worth trying at the
-- pending request (at most `k`), each played out by rollouts -- the branch's dice and the
-- rollout's choices from the bot's seeds, the requests settled by `reply` or answered by a
-- policy among the ordering's best `width`, cut after `horizon` activations or `depth`
-- requests and scored by the evaluation -- under a budget of `budget` rollouts in all, spent
-- by successive halving: each round gives the answers still in play as many rollouts each,
-- then keeps the better half, until one is left.
-- @tparam table spec `{side=, kind=, k=, seed=, budget=, horizon=, depth=, width=}`
-- @treturn table `{answers = {...}, count =, setup =, default =, best = i, stats = {{n =,
--   sum =}, ...}, base = score now}` or `{refused = why}`
function M.search(spec)
  local e = evaluation()
  if not e then return { refused = "no evaluation for this system" } end
  local co, request = to_pending(spec)
  if not co then return { refused = request } end
  local g = session.game()
  local out = { count = ask.count(request), default = ask.default_answer(request) }
  if g.store:cursor().path == "setup" then
    out.setup = true
    return out
  end
  out.base = e.score(g, spec.side)
  out.answers = M.order(g, spec.side, request, spec.k, spec.seed)
  local stats, alive = {}, {}
  for i = 1, #out.answers do
    stats[i] = { n = 0, sum = 0, i = i }
    alive[i] = stats[i]
  end
  -- the j-th rollout of every answer plays on the same dice and the same policy draws
  -- (common random numbers: the answers are compared on the same luck)
  local seeds = {}
  local draw = core.dice.new(spec.seed)
  local function seed_of(j)
    while #seeds < j do seeds[#seeds + 1] = draw:dn(1073741824, "rollout seed", "-") end
    return seeds[j]
  end
  local left = spec.budget
  local rounds = 0
  local m = #alive
  while m > 1 do
    rounds = rounds + 1
    m = math.floor((m + 1) / 2)
  end
  rounds = math.max(1, rounds)
  while #alive > 1 and left > 0 do
    local each = math.max(1, math.floor(spec.budget / (rounds * #alive)))
    for _, c in ipairs(alive) do
      for _ = 1, each do
        if left <= 0 then break end
        left = left - 1
        local bco = to_pending(spec)
        if not bco then return { refused = "the replay failed" } end
        local rs = seed_of(c.n + 1)
        g.store:seed(rs)
        local r = rollout(bco, out.answers[c.i], e, core.dice.new(rs), spec)
        if r.error then
          c.failed = true
        else
          c.n, c.sum = c.n + 1, c.sum + e.score(g, spec.side)
        end
      end
    end
    local keep = {}
    for _, c in ipairs(alive) do if not c.failed then keep[#keep + 1] = c end end
    table.sort(keep, better)
    alive = {}
    for j = 1, math.max(1, math.floor((#keep + 1) / 2)) do alive[j] = keep[j] end
    if #keep == 0 then break end
  end
  out.best = alive[1] and alive[1].i or nil
  out.stats = {}
  for i, c in ipairs(stats) do out.stats[i] = { n = c.n, sum = c.sum } end
  return out
end

--- At most k answers of a request worth trying, best first: the system's `order`, else the
-- default answer then answers drawn from `seed` (deterministic).
function M.order(g, side, request, k, seed)
  local e = evaluation()
  local n = ask.count(request)
  if e and e.order then
    local list = e.order(g, side, request, k)
    if list and #list > 0 then return list end
  end
  local out, have = {}, {}
  local function add(v)
    if v ~= nil and not have[tostring(v)] and #out < k then
      have[tostring(v)] = true
      out[#out + 1] = v
    end
  end
  add(ask.default_answer(request))
  if n <= k then
    for i = 1, n do add(ask.at(request, i)) end
  else
    local dice = core.dice.new(seed)
    for _ = 1, 4 * k do add(ask.at(request, dice:dn(n, "bot sample", "[volley bots]"))) end
  end
  return out
end

--- A decision's look-ahead in one call: the answers worth trying at the pending request
-- (`M.order` there, at most `k`; `setup` when the game is still being set up, where a bot
-- takes the scenario's defaults), then each tried as `M.try` tries a path, after the
-- position as it stands (the first result: the empty path).
-- @tparam table spec `M.try`'s, with `k` and `seed` (the ordering's draws) and no paths
-- @treturn table `{answers = {...}, count = n, setup = true or nil, default =, expand =,
--   results = {...}}` (`results[1]` the position now, `results[i + 1]` answer i's), or
--   `{refused = why}`
function M.decide(spec)
  local co, request = to_pending(spec)
  if not co then return { refused = request } end
  local g = session.game()
  local out = { count = ask.count(request), default = ask.default_answer(request) }
  if g.store:cursor().path == "setup" then
    out.setup = true
    return out
  end
  local e = evaluation()
  out.expand = e and e.expand and e.expand[request.kind] or nil
  out.answers = M.order(g, spec.side, request, spec.k, spec.seed)
  local paths = { {} }
  for i, v in ipairs(out.answers) do paths[i + 1] = { v } end
  spec.paths = paths
  local r = M.try(spec)
  if r.refused then return r end
  out.results = r
  return out
end

return M
