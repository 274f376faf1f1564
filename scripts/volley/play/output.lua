--- What `volley play` prints: the transcript (text) or JSON lines on stdout, messages on
-- stderr (docs/shell.md, docs/json.md); a roll's transcript line; what one resume of the
-- game told; the prompt's first lines.
-- @module volley.play.output

local core = require "volley.core"
local json = require "volley.json"

local M = {}

local Out = {}
Out.__index = Out

--- A new output.
-- @tparam boolean json_mode JSON lines (`--json`) rather than the transcript
-- @treturn Out
function M.new(json_mode)
  return setmetatable({ json = json_mode }, Out)
end

--- An event: a JSON line in JSON mode, nothing in text mode.
-- @tparam table t the event
function Out:event(t)
  if self.json then
    io.stdout:write(json.encode(t), "\n")
    io.stdout:flush()
  end
end

--- A line of the transcript: nothing in JSON mode.
-- @tparam string line
function Out:text(line)
  if not self.json then
    io.stdout:write(line, "\n")
    io.stdout:flush()
  end
end

--- A line of the transcript that in JSON mode goes to stderr instead (stdout is JSON only).
-- @tparam string line
function Out:note(line)
  if self.json then
    io.stderr:write(line, "\n")
  else
    io.stdout:write(line, "\n")
    io.stdout:flush()
  end
end

--- A message on stderr, after the transcript so far (so `2>&1` keeps the order).
-- @tparam string line
function Out.err(_, line)
  io.stdout:flush()
  io.stderr:write(line, "\n")
  io.stderr:flush()
end

--- The transcript line of a roll: the die, its natural result (and `forced`), the reason
-- and rule, each modifier with its label, rule and source, the total, the chart, row
-- (and column) and result.
-- @tparam table r a roll of `volley.session.drain`
-- @treturn string
function M.roll_line(r)
  local mods = {}
  for _, m in ipairs(r.modifiers or {}) do
    mods[#mods + 1] = string.format("%+d %s %s (%s)", m.value, m.label, m.rule, m.source)
  end
  local faces = ""
  if r.faces and #r.faces > 1 then faces = " [" .. table.concat(r.faces, "+") .. "]" end
  local listed = ""
  if #mods > 0 then
    listed = "; " .. table.concat(mods, "; ")
  elseif r.chart then
    listed = "; no modifiers"
  end
  return string.format("roll %s: %d%s%s (%s) %s%s%s", r.die, r.natural, faces,
    r.forced and " forced" or "", r.reason, r.rule, listed,
    r.chart and string.format("; total %d on %s row %s%s: %s", r.total, r.chart,
      tostring(r.row), r.column and (" column " .. tostring(r.column)) or "",
      tostring(r.result)) or "")
end

--- What happened since the last resume (`volley.session.drain`): the roll events, each with
-- what a chart roll adds (modifiers, total, chart, row, column, result), and the narrative
-- (text lines; `result` events in JSON, a line that reveals a secret followed by its
-- `reveal` event), in the order they happened.
-- @tparam Out out
-- @tparam table d what the drain gave (`d.seen`, or the drain itself: `events`, else
--   `rolls` and `narrative`)
function M.emit(out, d)
  local seen = d.seen or d
  local events = seen.events
  if not events then
    events = {}
    for _, r in ipairs(seen.rolls) do events[#events + 1] = { roll = r } end
    for _, line in ipairs(seen.narrative) do events[#events + 1] = { text = line } end
  end
  for _, e in ipairs(events) do
    local r = e.roll
    if r then
      out:event{ event = "roll", v = json.V, n = r.n, die = r.die, natural = r.natural,
                 faces = r.faces, forced = r.forced, reason = r.reason, rule = r.rule,
                 modifiers = r.modifiers, total = r.total, chart = r.chart, row = r.row,
                 column = r.column, result = r.result, provisional = r.provisional }
      out:text(M.roll_line(r))
    else
      out:event{ event = "result", v = json.V, text = e.text }
      out:text(e.text)
      local rv = e.reveal   -- a secret revealed (volley.secret): its own event after the line
      if rv then
        out:event{ event = "reveal", v = json.V, side = rv.side, name = rv.name,
                   value = rv.value }
      end
    end
  end
end

--- The prompt's first lines: the program, the scenario (id, title, system, sides), and how
-- to get help.
-- @tparam string target the scenario's id or path
function M.banner(target)
  local sc = require("volley.scenario").read(target)
  io.stdout:write(string.format("volley %s -- %s: %s (%s); sides %s\n", core.version or "",
    target, sc and sc.title or "?", sc and sc.system or "?",
    sc and table.concat(sc.sides or {}, " ") or "?"))
  io.stdout:write("type help for the commands, ? (or answers) for the legal answers, options "
    .. "for the optional rules, quit to leave\n")
end

return M
