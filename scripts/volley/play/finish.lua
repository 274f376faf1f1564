--- The end of a game of `volley play`: the line that says where it stopped, or the game
-- over (its event and line); the autosave closed and the --save file written; at the prompt,
-- the commands that still answer something until quit; the exit status.
-- @module volley.play.finish

local commands = require "volley.commands"
local json = require "volley.json"
local answer = require "volley.play.answer"
local query = require "volley.play.query"

local M = {}

-- Stopped before its end (the script's or the input's end, quit, --strict): where, and why.
local function report_stop(g)
  local side, req = g.res[2], g.res[3]
  local stopped = g.stopped
  local how = stopped == "quit" and "quit" or (stopped == "strict"
    and "stopped at the first refused command (--strict)"
    or (g.o.prompt and "the input ended" or "the script ended"))
  g.out:note(string.format("stopped at decision %d (%s to answer %s %s): %s", g.decisions + 1,
    side, req.kind, req.rule, how))
end

-- Over or capped: the game_over event and line, the winner and reason (capped: none), with
-- the referee's seed and state hash, or the view's hash.
local function report_over(g)
  local view, capped = g.view, g.capped
  local _, r = g.st:call("volley.session", "result")
  local vh
  if view ~= "referee" then
    local _
    _, vh = g.st:call("volley.queries", "view_hash", view)
  end
  local winner, reason = r.winner, r.reason
  if capped then winner, reason = nil, "capped" end
  if winner == "draw" then winner = nil end
  local over = { event = "game_over", v = json.V, winner = winner or json.null,
                 reason = reason or "", draw = (not capped and r.winner == "draw") or nil,
                 level = (not capped and r.level) or nil,
                 decisions = g.decisions, max_decisions = g.cap }
  if view == "referee" then
    over.seed, over.state_hash = g.seed, r.state_hash
  else
    over.view_hash = vh
  end
  g.out:event(over)
  local tail = view == "referee" and string.format("; seed %d; state %s", g.seed, r.state_hash)
    or string.format("; view %s %s", view, vh)
  g.out:text(string.format("game over: %s%s (%s) after %d decisions%s",
    winner or (capped and "no winner" or "draw"), over.level and (" " .. over.level) or "",
    reason or "", g.decisions, tail))
end

-- The game is over: the prompt still answers what answers nothing, until quit.
local function prompt_after(g)
  local script, out = g.script, g.out
  script.prompt_text = "volley> "
  g.asking = nil
  while true do
    local line, _, bad = script:next()
    if line == nil then
      answer.offer_save(g)
      break
    end
    local c = line and commands.interpret(line, nil, g:names()) or { kind = "refused", why = bad }
    if c.kind ~= "skip" and not g.env.tty and line then
      out:text("> " .. line:match("^%s*(.-)%s*$"))
    end
    if c.kind == "quit" then
      answer.offer_save(g)
      break
    end
    if c.kind == "print" then
      for _, l in ipairs(c.lines) do out:note(l) end
    elseif c.kind == "clear" then
      answer.clear(g)
    elseif c.kind == "query" and c.verb ~= "load" and c.verb ~= "reload" then
      local lines, qwhy = query.run(g, c)
      for _, l in ipairs(lines or { "refused: " .. tostring(qwhy) }) do out:note(l) end
    elseif c.kind ~= "skip" then
      out:note("refused: the game is over (" .. (c.why or c.kind) .. ")")
    end
  end
end

-- An autosave that could not be made or written, said again as the last line, and the exit
-- status it makes (docs/shell.md "Exit status": a game not wholly autosaved is not a
-- success, though it was played).
local function autosave_status(g, status)
  local trouble = g.autosave and g.autosave:trouble()
  if not trouble then return status end
  g.out:err("volley play: " .. trouble .. "; exit status 1")
  return 1
end

--- Ends the game the decision loop (`volley.play.loop`) left, and closes its state.
-- @tparam Play g the game (`volley.play.game`)
-- @treturn integer the exit status: 1 after a failure, a refused command, a --save that
--   cannot be written or an autosave that could not be made or written, else 0
function M.run(g)
  g.task:close()
  if g.script then g.script:close() end
  if g.failed then
    g:save()
    g.st:close()
    return autosave_status(g, 1)
  end
  if g.stopped then
    report_stop(g)
  else
    report_over(g)
  end
  local saved = g:save()
  if not g.stopped and not g.capped and g.autosave then g.autosave:over() end
  if g.o.prompt and not g.stopped then prompt_after(g) end
  g.st:close()
  return autosave_status(g, (g.refused > 0 or not saved) and 1 or 0)
end

return M
