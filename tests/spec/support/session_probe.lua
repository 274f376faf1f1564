--- A trusted module the replay specs load into an engine state (`modules =
-- {"tests/spec/support"}`) to do to a session's game what the demo's rules never do: hide
-- and show units, reveal something, set a marker.
-- @module session_probe

local session = require "volley.session"

local M = {}

--- Sets a unit's hidden flag.
function M.hide(unit, hidden)
  session.game().store:set_hidden(unit, hidden)
  return true
end

--- Places a unit on a hex (or any location the store takes), as a rule moving it does.
function M.place(unit, where)
  assert(session.game().store:place(unit, where))
  return true
end

--- Sets a unit's marker (e.g. a leader's `oc_moved`), as a rule does.
function M.mark(unit, marker, n)
  session.game().store:set_marker(unit, marker, n)
  return true
end

--- Calls `game:reveal(what)`, as a rule showing a side something hidden does.
function M.reveal(what)
  session.game():reveal(what)
  return true
end

return M
