--- What the host-side drivers of games (volley.play, volley.sim, volley.replay) share:
-- describing an error that comes back from an engine-owned state (and the script handler
-- that ran before it), and drawing a seed when none is given. Host side only: a game's
-- scripts never see this module.
-- @module volley.driving

local M = {}

--- One line for an error from the engine state: an error object `{msg, file, line, point,
-- source}` (docs/modding.md) as "file:line: msg (point, source)", or a message as it is.
-- @param e an error object or a message
-- @treturn string
function M.describe(e)
  if type(e) ~= "table" then return tostring(e) end
  local text = e.msg or "?"
  if e.file then text = e.file .. ":" .. (e.line and (e.line .. ": ") or " ") .. text end
  local ctx = {}
  if e.point then ctx[#ctx + 1] = e.point end
  if e.source and e.source ~= e.file then ctx[#ctx + 1] = e.source end
  if #ctx > 0 then text = text .. " (" .. table.concat(ctx, ", ") .. ")" end
  return text
end

--- The answer a host gives a request itself, or nil: the request (as `volley.host.request`
-- hands it over) has one legal answer and no validate (`only`), so no one is asked
-- (docs/runtime.md "Requests"); the answer is journalled and counted as any other.
-- @tparam table req the request as plain data
-- @return the answer, or nil when someone must be asked
function M.only(req)
  if req.only and req.options and #req.options == 1 then return req.options[1] end
  return nil
end

--- The line that tells a request the host answered itself: `12. US face: NE/SE (the only
-- legal answer) [rough_and_ready 6.1]` (`shown` the answer as the view may see it).
-- @tparam integer n the decision's number
-- @tparam string side
-- @tparam table req the request
-- @tparam string shown
-- @treturn string
function M.only_line(n, side, req, shown)
  return string.format("%d. %s %s: %s (the only legal answer) %s", n, side, req.kind, shown,
    tostring(req.rule))
end

--- A game seed when none is given: 48 bits from the system's random source, below 2^53 as
-- DESIGN.md requires (the caller prints or records it, so the game can be played again).
-- @treturn integer
function M.fresh_seed()
  local f = io.open("/dev/urandom", "rb")
  local bytes = f and f:read(6) or "\0\0\0\0\0\1"
  if f then f:close() end
  local n = 0
  for k = 1, 6 do n = n * 256 + bytes:byte(k) end
  return n
end

--- The error a game stopped with, for a person: `describe(e)`; when it failed in system code
-- after a script's handler ran in the same step (a runaway sequence, a context a handler
-- corrupted), that handler is named, since the script may be the cause (docs/modding.md
-- "When a script fails"). An error object with a point is the script's own and names it.
-- @param st the engine-owned state the game runs in (`st:call`)
-- @param e the error, as `describe` takes it
-- @treturn string
-- @treturn boolean whether a script is named (its own error, or the last handler)
function M.failure(st, e)
  local text = M.describe(e)
  if type(e) == "table" then return text, e.point ~= nil end
  local ok, b = st:call("volley.session", "last_script")
  if not ok or type(b) ~= "table" then return text, false end
  return text .. " (after " .. b.source .. "'s " .. b.kind .. " handler of " .. b.point
    .. ", the last script handler to run)", true
end

return M
