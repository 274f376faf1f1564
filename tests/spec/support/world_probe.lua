--- A trusted module the world specs load into an engine state (`modules =
-- {"tests/spec/support"}`) to look at a session's game from inside: its hook registry, and
-- what a roll or a write does in query mode (docs/runtime.md "Disposable script worlds").
-- @module world_probe

local session = require "volley.session"

local M = {}

--- Every handler of the game's registry, one string each in run order within each point
-- (points in name order): "<point> <kind> <source> <priority> #<serial>".
function M.handlers()
  local reg = session.game().hooks
  local out = {}
  for _, name in ipairs(reg:point_names()) do
    for _, h in ipairs(reg.handlers[name]) do
      out[#out + 1] = name .. " " .. h.kind .. " " .. h.source .. " " .. h.priority .. " #"
        .. h.serial
    end
  end
  return out
end

--- A d6 rolled by the game in query mode: `false, message` (and the roll count before and
-- after).
function M.roll_in_query()
  local g = session.game()
  local before = g.dice:count()
  local ok, err = pcall(session.query, "probe", function() return g:roll("d6", "x", "[t 1]") end)
  return ok, tostring(type(err) == "table" and err.msg or err), before, g.dice:count()
end

return M
