--- A saved game as marks for the map pictures: what `volley render SAVE [--at N]` draws
-- (docs/shell.md "volley render"). The save is replayed (`volley.replay.replay`, every state
-- hash checked) to its end, or to just after its Nth answer, and the board then is given as
-- `volley.setup_view.collect` gives a scenario's set-up, in the referee's view.
-- @module volley.save_view

local core = require "volley.core"
local replay = require "volley.replay"

local M = {}

-- The first line of a save file (docs/formats.md "The save file").
local MAGIC = "volley-save "

--- Whether a file is a save: its first bytes are `volley-save ` (what `volley render` asks
-- before taking a file for a save rather than a scenario).
-- @tparam string path
-- @treturn boolean
function M.is_save(path)
  local f = io.open(path, "rb")
  if not f then return false end
  local head = f:read(#MAGIC)
  f:close()
  return head == MAGIC
end

-- How many answers the journal holds, and the index of its line after the Nth answer's
-- lines (the forced rolls its consequences made included): the journal cut there.
local function cut(save, at)
  local n = 0
  for i, e in ipairs(save.journal) do
    if e.kind == "answer" then
      if n == at then
        for k = #save.journal, i, -1 do save.journal[k] = nil end
        return
      end
      n = n + 1
    end
  end
end

local function answers(save)
  local n = 0
  for _, e in ipairs(save.journal) do
    if e.kind == "answer" then n = n + 1 end
  end
  return n
end

--- The marks of a saved game's board (run in the program's host state).
-- @tparam string path the save (an autosave not closed is taken up to its last whole line)
-- @tparam[opt] integer at after this many answers (0: before the first; default: all)
-- @treturn[1] table as `volley.setup_view.collect`, with `title` (the scenario) and `at`
--   ("after answer N of M")
-- @treturn[2] nil
-- @treturn[2] string why: "game.save:3: ...", "game.save: --at 50: the save holds 41
--   answers", "game.save: diverged at answer 3: ..."
function M.marks(path, at)
  local save, err = core.save.read(path, { unfinished = true })
  if not save then return nil, tostring(err) end
  local total = answers(save)
  if at and at > total then
    return nil, string.format("%s: --at %d: the save holds %d answer%s", path, at, total,
      total == 1 and "" or "s")
  end
  if at then cut(save, at) end
  local game, why = replay.replay(save, { name = path })
  if not game then
    if why:sub(1, #path + 1) == path .. ":" then return nil, why end
    return nil, path .. ": " .. why
  end
  local ok, qerr = game.st:require("volley.queries")
  local marks
  if ok then ok, marks = game.st:call("volley.queries", "marks", "referee") end
  game:close()
  if not ok then return nil, path .. ": " .. replay.describe(marks or qerr) end
  marks.at = string.format("after answer %d of %d", at or total, total)
  marks.title = (marks.title or save.scenario) .. ", " .. marks.at
  return marks
end

return M
