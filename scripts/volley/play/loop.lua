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

-- The line that asks a person a request.
local function ask_line(g, n, side, req)
  g.out:text(string.format("%d. %s %s: %s %s", n, side, req.kind, req.prompt, req.rule))
end

-- The request as the view sees it: its event, and the line that asks a person (none for a
-- request with one legal answer, or one the host answers from the person's own line or with
-- a default that cannot hurt: record tells the answer the host gave).
local function show_request(g, n, side, req, by_host)
  if g:hides(side, req) then return end
  g.out:event{ event = "request", v = json.V, decision = n, side = side, kind = req.kind,
               prompt = req.prompt, rule = req.rule, options = g:shown(side, req.options),
               secret = req.secret and true or nil, track = track(g) }
  if not g.players[side] and not req.only and not by_host then ask_line(g, n, side, req) end
end

-- {====================================================================================
-- Answers a person gave ahead (a compound answer) and defaults that cannot hurt
-- =====================================================================================

-- The answers a person's compound answer carried for the side's next requests
-- (`volley.ask.check`'s rest: `{kind =, value =, optional =}`), kept by side in `g.queue`
-- with the line that gave them: `{items = {...}, text =, line =}`.

-- Drops the side's queue, telling why (nil: silently).
local function drop(g, side, why)
  local q = g.queue[side]
  if not q then return end
  g.queue[side] = nil
  if why then
    local left = {}
    for _, it in ipairs(q.items) do
      if it.value ~= nil then left[#left + 1] = tostring(it.value) end
    end
    if #left > 0 then
      g.out:note("(not used from \"" .. q.text .. "\": " .. table.concat(left, ", ") .. ": "
        .. why .. ")")
    end
  end
end

-- What the host does with a person's request before asking: "free" (its default, which
-- cannot hurt), "carried" and the item (an answer the person's last line carried), "hole"
-- and the item (the line left this request to the person), or nil (ask as ever). Leading
-- items the rules did not ask (optional, of another kind) are dropped; a request the line
-- did not foresee drops the rest of it.
local function plan(g, side, req)
  if g.players[side] or req.only then return nil end
  if req.free and not g.o.ask_free and req.default ~= nil then return "free" end
  local q = g.queue[side]
  if not q then return nil end
  while q.items[1] and q.items[1].kind ~= req.kind and q.items[1].optional do
    table.remove(q.items, 1)
  end
  local it = q.items[1]
  if not it then
    g.queue[side] = nil
    return nil
  end
  if it.kind ~= req.kind then
    drop(g, side, "the rules asked " .. req.kind .. ", not " .. it.kind)
    return nil
  end
  if it.value == nil then return "hole", it end
  return "carried", it
end

-- The answer taken for the request `plan` named: its item leaves the queue.
local function used(g, side)
  local q = g.queue[side]
  if not q then return end
  table.remove(q.items, 1)
  if #q.items == 0 then g.queue[side] = nil end
end

-- }====================================================================================

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

-- The look-ahead of a bot that looks ahead (volley.bots.look), for the game's state now (a
-- `load` replaces the state: a new handle then).
local function look_of(g, bot)
  if not bot.looks then return nil end
  if g.look and g.look.live ~= g.st then
    g.look:close()
    g.look = nil
  end
  if not g.look then
    g.look = require("volley.bots.look").new(g.st, { target = g.o.target, seed = g.seed,
      mods = g.o.mods, options = g.o.options })
  end
  return g.look
end

-- The request pending for `side` answered by its bot or its person until the rules take an
-- answer: "taken", the answer and the request it answers; or "redo", or "stop". A request
-- with one legal answer is answered with it, neither bot nor person asked (docs/runtime.md
-- "Requests"); the bot's later decisions keep their numbers (bots are seeded by them).
local function answer_request(g, n, side, req, how, item)
  local bot = g.players[side]
  while true do
    local what, value, line
    local only = driving.only(req)
    if only ~= nil then
      what, value, line = "answer", only, g.script and g.script.n
    elseif how == "free" then
      g.st:call("volley.session", "by_default")
      what, value, line = "answer", req.default, g.script and g.script.n
    elseif how == "carried" then
      what, value, line = "answer", item.value, g.queue[side] and g.queue[side].line
      -- warned as a typed answer is, printed after its transcript line (record)
      g.carried_warnings = answer.warnings(g, value)
    elseif bot then
      what = "answer"
      local why
      value, why = bot.answer(nil, req, { side = side, name = g.o.bots[side], seed = g.seed,
                                          decision = n, look = look_of(g, bot) })
      g.why = why ~= nil and tostring(why) or nil
      -- the bot's reason: the story says it after the answer (`log`), for its side's view
      if g.why then g.st:call("volley.session", "because", g.o.bots[side], g.why) end
    else
      what, value, line = from_person(g, side, req)
    end
    if what == "answer" then what, req = give(g, side, req, bot, value, line) end
    if what == "taken" then
      if how == "carried" or how == "hole" then used(g, side) end
      return what, value, req, how
    end
    if what ~= "again" then return what end
    if how == "carried" then
      -- refused where the line put it: the rest of the line is dropped, the person asked
      drop(g, side, "the line stops at the refused answer")
      ask_line(g, n, side, req)
    elseif how == "hole" and not g.queue[side] then
      how = nil
    end
    if how ~= "hole" then how = nil end
  end
end

-- An answer taken: counted, its event (as the view sees it), a bot's transcript line, and
-- what the game did with it.
-- `before`: what was hidden from the view when it was asked (`g:hidden_now`), `hid`
-- whether the request was hidden then: an answer that named a unit hidden then stays
-- hidden even when the rules revealed the unit as they took it.
local function record(g, n, side, req, value, how, before, hid)
  local bot = g.players[side]
  g.decisions = n
  g.auto[n] = (how == "carried" or how == "free") or nil
  g.told = g.told or {}   -- whether the view read each answer (undo names it only then)
  if hid or g:hides(side, req) then
    g.told[n] = false
    g:after({ side = side, request = req.kind, value = value })
    return
  end
  local told = g:seen(tostring(value))
  if told and side ~= g.view and g.names_any(tostring(value), before) then told = nil end
  -- a secret request's answer (volley.secret): only that the side answered, until revealed
  local secret = req.secret and g.view ~= "referee" and g.view ~= side
  if secret then told = nil end
  g.told[n] = told ~= nil
  g.out:event{ event = "answer", v = json.V, decision = n, side = side, kind = req.kind,
               answer = told and value or "?",
               by = req.only and "only" or bot and g.o.bots[side]
                 or (how == "free" and "default") or (how == "carried" and "carried")
                 or "script",
               reason = bot and not req.only and (g.view == "referee" or side == g.view) and g.why
                 or nil,
               secret = req.secret and true or nil }
  if how == "carried" then
    -- the host gave it from the person's line
    g.out:text(string.format("%d. %s %s: %s (from \"%s\") %s", n, side, req.kind,
      told and tostring(value) or "?", tostring(g.carried_text), tostring(req.rule)))
    for _, l in ipairs(g.carried_warnings or {}) do g.out:note(l) end
  end
  g.carried_warnings = nil
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
    local how, item = plan(g, side, res[3])
    g.carried_text = how == "carried" and g.queue[side].text or nil
    show_request(g, n, side, res[3], how == "carried" or how == "free")
    local before = side ~= g.view and g:hidden_now() or nil
    local hid = before ~= nil and g:hides(side, res[3])
    local what, value, req
    what, value, req, how = answer_request(g, n, side, res[3], how, item)
    if what == "stop" then return end
    if g.res[1] == "error" then
      -- the answer's consequences failed (a script error): not counted, not recorded
      g.out:err("volley play: the game stopped: " .. describe(g.res[2]))
      g.failed = true
      return
    end
    if what == "taken" then record(g, n, side, req, value, how, before, hid) end
  end
end

return M
