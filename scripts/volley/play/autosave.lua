--- The autosave of `volley play` and `--resume` (DESIGN.md "The save file"; docs/save.md
-- "Replay, undo and resume"): where autosaves go, a new one for a game's journal, the
-- newest one replayed to go on with.
-- @module volley.play.autosave

local core = require "volley.core"
local replay = require "volley.replay"

local M = {}

--- The folder of the autosaves: `$XDG_STATE_HOME/volley`, else `~/.local/state/volley`.
-- @treturn string
function M.dir()
  local base = os.getenv("XDG_STATE_HOME")
  if not base or base == "" then base = (os.getenv("HOME") or ".") .. "/.local/state" end
  return base .. "/volley"
end

--- Creates a new autosave for a journal: `<dir>/<UTC time>-<nn>.save`, named so that the
-- newest sorts last (`volley.replay.newest_autosave`). Returns the handle and its path, or
-- nil (no autosave: the folder cannot be made or written; the game goes on without one).
-- @tparam Journal jrnl
function M.create(jrnl)
  local dir = M.dir()
  os.execute("mkdir -p '" .. dir:gsub("'", "'\\''") .. "' 2>/dev/null")
  local stamp = os.date("!%Y%m%dT%H%M%SZ")
  for k = 1, 99 do
    local path = string.format("%s/%s-%02d.save", dir, stamp, k)
    local a, err = core.save.autosave(path, jrnl:save())
    if a then return a, path end
    if not tostring(err):find("exists", 1, true) then return nil end
  end
  return nil
end

--- Finds the newest autosave and replays it (`volley.replay.resume`); fills in what the
-- flags leave open from its header: the bots (a side's --bot overrides), the cap, the view.
-- @tparam table o the parsed flags (changed in place)
-- @treturn[1] Game the game replayed to the end of its journal, its autosave reopened
-- @treturn[2] nil
-- @treturn[2] string why
function M.resume(o)
  local dir = M.dir()
  local path = replay.newest_autosave(dir)
  if not path then return nil, "no autosave in " .. dir end
  local game, why = replay.resume(path)
  if not game then
    if why:sub(1, #path + 1) == path .. ":" then return nil, why end   -- file:line: why
    return nil, path .. ": " .. why
  end
  local save = game.save
  for _, b in ipairs(save.bots) do
    if not o.bots[b.side] then
      o.bots[b.side] = b.name
      o.bot_order[#o.bot_order + 1] = b.side
    end
  end
  o.max_decisions = o.max_decisions or save.cap
  o.as = o.as or save.view
  o.undo = o.undo or save.undo
  o.target = save.scenario
  game.autosave_path = path
  return game
end

return M
