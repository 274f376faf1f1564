--- Helpers for the Rough & Ready specs: the fixture battle (tests/data/rr) opened in the
-- host state, played with scripted answers and forced dice until the answers run out.
local game = require "volley.game"
local ask = require "volley.ask"

local M = {}

local STOP = setmetatable({}, { __tostring = function() return "out of answers" end })

--- Opens the fixture with a seed (its set-up is all fixed: nothing to ask).
function M.open(seed)
  return game.open("tests/data/rr", { seed = seed or 1 })
end

--- The answers given automatically unless a spec scripts them (`auto` option).
M.AUTO = { leadership = "no", artillery = "done", actions = "done" }

--- Plays `g` from its start (or its cursor with `opts.resume`), answering each request with
-- the next of `answers` (kinds in `opts.auto`, default `M.AUTO`, are answered by it), until
-- the answers run out or the game ends. Returns a record: `log` (each request `{side, kind,
-- answer, options, rule}` and each refusal `{refusal = text}`), `pending` (the request left
-- unanswered, as `{side, kind, options, rule}`), `done` (the game ended).
function M.play(g, answers, opts)
  opts = opts or {}
  local auto = opts.auto or M.AUTO
  local rec = { log = {} }
  local queue = {}
  for i, a in ipairs(answers or {}) do queue[i] = a end
  local co = coroutine.create(function() g:run{ resume = opts.resume } end)
  local ok, err = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then rec.log[#rec.log + 1] = { refusal = refusal } end
    local legal = ask.legal(req)
    local a
    if auto[req.kind] ~= nil and not refusal then a = auto[req.kind] end
    if a == nil then a = table.remove(queue, 1) end
    if a == nil then
      rec.pending = { side = side, kind = req.kind, options = legal, rule = req.rule }
      error(STOP, 0)
    end
    rec.log[#rec.log + 1] = { side = side, kind = req.kind, answer = a, options = legal,
                              rule = req.rule }
    return a
  end)
  if not ok and err ~= STOP then error(err, 0) end
  rec.done = ok
  return rec
end

--- The requests of a record of one kind, in order.
function M.requests(rec, kind)
  local out = {}
  for _, e in ipairs(rec.log) do
    if e.kind == kind then out[#out + 1] = e end
  end
  return out
end

--- The narrative lines of a game that contain `text` (plain find).
function M.lines(g, text)
  local out = {}
  for _, l in ipairs(g.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

--- The refusals of a record, in order.
function M.refusals(rec)
  local out = {}
  for _, e in ipairs(rec.log) do
    if e.refusal then out[#out + 1] = e.refusal end
  end
  return out
end

return M
