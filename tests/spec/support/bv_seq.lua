--- Helpers for the Battle of Buena Vista sequence specs: the battle
-- (scenarios/battle-of-buena-vista/buena-vista) opened with a seed, counters moved by hand
-- before the game runs, played with scripted answers by kind and forced dice until a
-- condition holds or the game ends.
local game = require "volley.game"
local ask = require "volley.ask"

local M = {}

local STOP = setmetatable({}, { __tostring = function() return "stopped" end })

--- The answers given unless a spec scripts them: no Moving markers, no leader named, Wool
-- first, no reserve roll, no move, no reaction fire; the first home or hex offered.
M.AUTO = { moving = "done", activate = "done", first_commander = "Wool", reserve = "no",
           move = "done", reaction_fire = "pass" }

--- Opens the battle with `seed`, its set-up placed, then `moves` (`{id = hex | {space=} |
-- "eliminated"}`) applied in id order.
function M.open(seed, moves)
  local g = game.open("battle-of-buena-vista/buena-vista", { seed = seed or 1 })
  g:setup_defaults()
  local ids = {}
  for id in pairs(moves or {}) do ids[#ids + 1] = id end
  table.sort(ids)
  for _, id in ipairs(ids) do assert(g.store:place(id, moves[id])) end
  return g
end

--- Plays `g` from its start. `answers` is `{kind = {answer, ...}}` (or `["SIDE kind"]` for
-- one side's requests, tried first): each request of a kind takes the next of its list,
-- else `M.AUTO`'s, else its first legal answer. `opts.dice`:
-- faces forced before the run; `opts.stop(g, side, request)`: stops the run when true
-- (before answering). Returns `{log = {{side, kind, answer, options, prompt} or {refusal}},
-- done = the game ended}`.
function M.play(g, answers, opts)
  opts = opts or {}
  local rec = { log = {} }
  local queues = {}
  for k, v in pairs(answers or {}) do
    queues[k] = {}
    for i, a in ipairs(v) do queues[k][i] = a end
  end
  if opts.dice then g.dice:force(opts.dice) end
  local co = coroutine.create(function() g:run() end)
  local ok, err = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then rec.log[#rec.log + 1] = { refusal = refusal } end
    if opts.stop and opts.stop(g, side, req) then error(STOP, 0) end
    local legal = ask.list(req)
    local a
    local own = queues[side .. " " .. req.kind]
    if own and #own > 0 then a = table.remove(own, 1)
    elseif queues[req.kind] and #queues[req.kind] > 0 then a = table.remove(queues[req.kind], 1)
    elseif M.AUTO[req.kind] ~= nil and not refusal then a = M.AUTO[req.kind]
    else a = legal[1] end
    rec.log[#rec.log + 1] = { side = side, kind = req.kind, answer = a, options = legal,
                              prompt = req.prompt, rule = req.rule }
    return a
  end)
  if not ok and err ~= STOP then error(err, 0) end
  rec.done = ok
  return rec
end

--- Stops the game `M.play` runs when `point` fires and `when(ctx)` holds (default: the
-- first time): the state is the state of that moment.
function M.stop_at(g, point, when)
  g.hooks:on(point, function(ctx)
    if when == nil or when(ctx) then error(STOP, 0) end
  end)
end

--- The narrative lines that contain `text` (plain).
function M.lines(g, text)
  local out = {}
  for _, l in ipairs(g.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

--- The requests of `kind` in a record.
function M.requests(rec, kind)
  local out = {}
  for _, r in ipairs(rec.log) do
    if r.kind == kind then out[#out + 1] = r end
  end
  return out
end

return M
