--- The decision loop of `volley play`: each pending request shown, answered by the side's
-- bot or by its person (`volley.play.answer`), given to the game until the rules take it,
-- and recorded; undo, a load in place of the game, and a script's error on an answer
-- (rolled back) handled on the way. It ends when the game is over, capped, stopped (the
-- script's end, quit, --strict) or failed, and says which in the game's fields `capped`,
-- `stopped` (why) and `failed`.
-- @module volley.play.loop

local json = require "volley.json"
local driving = require "volley.driving"
local answer = require "volley.play.answer"

local M = {}

local describe = driving.describe

-- A refused command: under --strict the game stops there ("stop"), else the same request is
-- asked again ("again").
local function strict_or_again(g)
  if g.o.strict then
    g.stopped = "strict"
    return "stop"
  end
  return "again"
end

-- The turn track (a scenario with a schedule, docs/runtime.md "Schedules"): for the JSON
-- request event, and the arrivals still to come printed once a turn, when it begins.
local function track(g)
  local ok, t = g.st:call("volley.queries", "track", g.view)
  if not ok or type(t) ~= "table" then return nil end
  if t.turn ~= g.track_turn then
    g.track_turn = t.turn
    if t.next_text and t.turn > 0 then g.out:text(t.next_text) end
  end
  return { turn = t.turn, last = t.last, time = t.time, light = t.light, events = t.events,
           next = t.next }
end

-- The request as the view sees it: its event, and the line that asks a person (none for a
-- request with one legal answer: record tells the answer the host gave).
local function show_request(g, n, side, req)
  if g:hides(side, req) then return end
  g.out:event{ event = "request", v = json.V, decision = n, side = side, kind = req.kind,
               prompt = req.prompt, rule = req.rule, options = g:shown(side, req.options),
               secret = req.secret and true or nil, track = track(g) }
  if not g.players[side] and not req.only then
    g.out:text(string.format("%d. %s %s: %s %s", n, side, req.kind, req.prompt, req.rule))
  end
end

-- A person's answer (volley.play.answer.next): "answer", the value and its line; "redo" (an
-- undo or a load: the loop goes on with the request now pending); "again" (an undo refused);
-- "stop" (`g.stopped` says why).
local function from_person(g, side, req)
  local value, line, uline = answer.next(g, side, req)
  if value ~= nil then return "answer", value, line end
  if line == "replaced" then return "redo" end
  if line == "undo" then
    local undone, uwhy = g:undo_last()
    if undone then return "redo" end
    answer.refuse(g, uline, uwhy, true)
    return strict_or_again(g)
  end
  g.stopped = line
  return "stop"
end

-- The answer given to the game: "taken" (the rules took it; or the game stopped by an error,
-- `g.res` says so); "again" (refused, or rolled back after a script failed on it: the same
-- request is pending); "stop". Returns too the request now pending.
local function give(g, side, req, bot, value, line)
  g:settle()   -- a query or a refused answer that ran script code: the step put back first
  local res = g:resume(value)
  if res[1] == "error" then
    local failure, by_script = g:failure(res[2])
    -- a script failed on a player's answer: refused, the game as it was before it (not on
    -- the only legal answer, which the host would give again)
    if not bot and not req.only and by_script and g:rollback(side) then
      answer.refuse(g, line, "the answer failed: " .. failure)
      return strict_or_again(g), g.res[3]
    end
    g.res = { n = 2, "error", failure }
    return "taken", req
  end
  if res[1] == "request" and res[4] then   -- refused by the rules: the same request
    if bot or req.only then
      g.out:err("volley play: " .. (bot and ("bot " .. g.o.bots[side]) or "the only answer")
        .. " for " .. side .. " gave an illegal answer: " .. tostring(res[4]))
      g.failed = true
      return "stop", req
    end
    answer.refuse(g, line, tostring(res[4]), true)
    g:settle()
    return strict_or_again(g), req
  end
  return "taken", req
end

-- The request pending for `side` answered by its bot or its person until the rules take an
-- answer: "taken", the answer and the request it answers; or "redo", or "stop". A request
-- with one legal answer is answered with it, neither bot nor person asked (docs/runtime.md
-- "Requests"); the bot's later decisions keep their numbers (bots are seeded by them).
local function answer_request(g, n, side, req)
  local bot = g.players[side]
  while true do
    local what, value, line
    local only = driving.only(req)
    if only ~= nil then
      what, value, line = "answer", only, g.script and g.script.n
    elseif bot then
      what = "answer"
      value = bot.answer(nil, req, { side = side, name = g.o.bots[side], seed = g.seed,
                                     decision = n })
    else
      what, value, line = from_person(g, side, req)
    end
    if what == "answer" then what, req = give(g, side, req, bot, value, line) end
    if what == "taken" then return what, value, req end
    if what ~= "again" then return what end
  end
end

-- An answer taken: counted, its event (as the view sees it), a bot's transcript line, and
-- what the game did with it.
local function record(g, n, side, req, value)
  local bot = g.players[side]
  g.decisions = n
  if g:hides(side, req) then
    g:after({ side = side, request = req.kind, value = value })
    return
  end
  local told = g:seen(tostring(value))
  -- a secret request's answer (volley.secret): only that the side answered, until revealed
  local secret = req.secret and g.view ~= "referee" and g.view ~= side
  if secret then told = nil end
  g.out:event{ event = "answer", v = json.V, decision = n, side = side, kind = req.kind,
               answer = told and value or "?",
               by = req.only and "only" or bot and g.o.bots[side] or "script",
               secret = req.secret and true or nil }
  if req.only then
    -- the host gave it: one line naming the request, its answer and its rule
    g.out:text(driving.only_line(n, side, req, told and tostring(value) or "?"))
  elseif bot and secret then
    g.out:text(string.format("%d. %s %s: ? (secret from %s)", n, side, req.kind, g.view))
  elseif bot and not told then
    g.out:text(string.format("%d. %s %s: ? (hidden from %s)", n, side, req.kind, g.view))
  elseif bot then
    g.out:text(string.format("%d. %s %s: %s", n, side, req.kind, tostring(value)))
  end
  g:after({ side = side, request = req.kind, value = value })
end

--- Plays the game from its start (or, resumed, from the request it has pending) until it is
-- over, capped, stopped or failed.
-- @tparam Play g the game (`volley.play.game`)
function M.run(g)
  if g.resumed then
    g:go_on(g.resumed)
  else
    g:resume()
    g:after(nil)
  end
  while true do
    local res = g.res
    if res[1] == "error" then
      g.out:err("volley play: the game stopped: " .. (g:failure(res[2])))
      g.failed = true
      return
    end
    if res[1] == "done" then return end
    if g.decisions >= g.cap then
      g.capped = true
      return
    end
    if g.jrnl and g.jrnl:full() then   -- a save holds no more: stopped as a capped game is
      g.out:err("volley play: the journal is full (" .. #g.jrnl.h.journal .. " lines, the most a "
        .. "save holds): the game stops as at its cap")
      g.capped = true
      return
    end
    local n, side = g.decisions + 1, res[2]
    show_request(g, n, side, res[3])
    local what, value, req = answer_request(g, n, side, res[3])
    if what == "stop" then return end
    if g.res[1] == "error" then
      -- the answer's consequences failed (a script error): not counted, not recorded
      g.out:err("volley play: the game stopped: " .. describe(g.res[2]))
      g.failed = true
      return
    end
    if what == "taken" then record(g, n, side, req, value) end
  end
end

return M
