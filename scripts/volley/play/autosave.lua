--- The autosave of `volley play` and `--resume` (DESIGN.md "The save file"; docs/save.md
-- "Replay, undo and resume"): where autosaves go, a new one for a game's journal, the
-- newest one replayed to go on with, and the writer that appends each answer as it is given.
-- @module volley.play.autosave

local core = require "volley.core"
local replay = require "volley.replay"

local M = {}

--- The folder of the autosaves: `$XDG_STATE_HOME/volley`, else `~/.local/state/volley` (a
-- relative XDG_STATE_HOME is ignored, as the XDG Base Directory specification asks).
-- @treturn string
function M.dir()
  local base = os.getenv("XDG_STATE_HOME")
  if not base or base:sub(1, 1) ~= "/" then base = (os.getenv("HOME") or ".") .. "/.local/state" end
  return base .. "/volley"
end

-- What went wrong, from a `volley.core.save` error (its message names the file already).
local function why_of(err)
  return type(err) == "table" and err.msg or tostring(err)
end

--- How many autosaves the folder keeps at most (`VOLLEY_AUTOSAVE_KEEP`, a whole number from 1,
-- else 100): past it, the oldest games that are over or were played by bots alone are
-- removed when a new autosave is made (`prune`); an unfinished game of a person never is.
-- @treturn integer
function M.keep()
  local n = tonumber(os.getenv("VOLLEY_AUTOSAVE_KEEP") or "")
  if n and n >= 1 and n == math.floor(n) and n <= 1e6 then return math.floor(n) end
  return 100
end

-- The name of an autosave: `<UTC time>-<nn>` then its tags: `-bots` for a game every side of
-- which a bot played, `-over` for a game that ended (docs/save.md "The autosave folder").
local function name_of(stamp, k, bots_only, over)
  return string.format("%s-%02d%s%s.save", stamp, k, bots_only and "-bots" or "",
    over and "-over" or "")
end

--- Removes the oldest autosaves of the folder past the bound (`keep`): only those of games
-- that are over or that bots alone played (`volley.replay.autosaves` says which), never
-- `spare` (the game's own file), never an unfinished game of a person. What cannot be
-- removed stays.
-- @tparam string dir
-- @tparam[opt] string spare a path not to remove
-- @treturn integer how many were removed
function M.prune(dir, spare)
  local all = replay.autosaves(dir)
  local extra, removed = #all - M.keep(), 0
  for _, e in ipairs(all) do   -- oldest first
    if extra <= 0 then break end
    local path = dir .. "/" .. e.name
    if (e.over or e.bots_only) and path ~= spare then
      if os.remove(path) then
        extra, removed = extra - 1, removed + 1
      end
    end
  end
  return removed
end

-- The highest number of the autosaves of that time in dir (0 when none): a new one takes a
-- higher number, never one freed by `prune`, so that the names keep sorting by age.
local function highest(dir, stamp)
  local n = 0
  for _, e in ipairs(replay.autosaves(dir)) do
    local k = tonumber(e.base:match("^" .. stamp .. "%-(%d+)$") or "")
    if k and k > n then n = k end
  end
  return n
end

-- A free name in dir for a new autosave of now (made by `make(path)`, which says whether
-- the name was free): the path and what make returned, or nil and the last error.
local function fresh(dir, bots_only, over, make)
  local stamp = os.date("!%Y%m%dT%H%M%SZ")
  local err = "exists"
  for k = highest(dir, stamp) + 1, 99 do
    local path = dir .. "/" .. name_of(stamp, k, bots_only, over)
    local a
    a, err = make(path)
    if a then return path, a end
    if not tostring(err):find("exists", 1, true) then return nil, err end
  end
  return nil, "no free autosave name in " .. dir .. " (" .. why_of(err) .. ")"
end

--- Creates a new autosave for a journal: `<dir>/<UTC time>-<nn>[-bots].save`, named so that
-- the newest sorts last (`volley.replay.newest_autosave`), then prunes the folder (`prune`).
-- Returns the handle and its path, or nil and why (no autosave: the folder cannot be made
-- or written).
-- @tparam Journal jrnl
-- @tparam[opt] boolean bots_only every side of the game is a bot's
-- @treturn[1] userdata the autosave
-- @treturn[1] string its path
-- @treturn[2] nil
-- @treturn[2] string why: "cannot create the autosave '/x/y.save': Not a directory"
function M.create(jrnl, bots_only)
  local dir = M.dir()
  os.execute("mkdir -p -- '" .. dir:gsub("'", "'\\''") .. "' 2>/dev/null")
  local path, a = fresh(dir, bots_only, false,
    function(p) return core.save.autosave(p, jrnl:save()) end)
  if not path then return nil, why_of(a) end
  M.prune(dir, path)
  return a, path
end

-- The autosave moved to a new name of now with the given tags (a resumed game sorts as the
-- newest; a game that ended is marked over); its new path, or the old one when it cannot be
-- renamed (the game goes on in it). The new name's number is above every number of that
-- time in the folder (`fresh`), so no file has it; nothing is probed that is not there (a
-- failed open would set errno, which the program reads to say why stdout failed: main.c).
local function rename(path, bots_only, over)
  local dir = path:match("^(.*)/[^/]*$") or "."
  local to = fresh(dir, bots_only, over, function(p) return os.rename(path, p) end)
  return to or path
end

--- Finds the autosave to go on with and replays it (`volley.replay.resume`): the newest game
-- of a person that is not over, else the newest game that is not over
-- (`volley.replay.newest_autosave`); renamed to sort as the newest (the game last played).
-- Fills in what the flags leave open from its header: the bots (a side's --bot overrides),
-- the cap, the view.
-- @tparam table o the parsed flags (changed in place)
-- @treturn[1] Game the game replayed to the end of its journal, its autosave reopened
-- @treturn[2] nil
-- @treturn[2] string why
function M.resume(o)
  local dir = M.dir()
  local path, entry = replay.newest_autosave(dir)
  if not path then return nil, "no autosave in " .. dir end
  local game, why = replay.resume(path)
  if not game then
    if why:sub(1, #path + 1) == path .. ":" then return nil, why end   -- file:line: why
    return nil, path .. ": " .. why
  end
  path = rename(path, entry.bots_only, entry.over)   -- open already: its lines go on in it
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

-- {====================================================================================
-- The writer: a game's journal appended to its autosave as it grows.
-- =====================================================================================

local Writer = {}
Writer.__index = Writer

-- VOLLEY_TEST_CRASH_AFTER=N (DESIGN.md "Testing") kills the program (SIGKILL) once the Nth
-- answer is written
local function crash_after()
  return tonumber(os.getenv("VOLLEY_TEST_CRASH_AFTER") or "")
end

--- The writer of a game's autosave that exists already (`--resume`), or of none.
-- @tparam[opt] userdata handle the autosave (`volley.core.save.autosave`); nil: none
-- @tparam[opt] string path its file
-- @tparam[opt] Journal jrnl the game's journal, its lines so far already in the autosave
-- @tparam[opt] boolean bots_only every side is a bot's (the file's name says so)
-- @treturn Writer
function M.writer(handle, path, jrnl, bots_only)
  return setmetatable({ handle = handle, path = path, wanted = handle ~= nil,
    lines = jrnl and #jrnl.h.journal or 0, crash_after = crash_after(),
    bots_only = bots_only }, Writer)
end

--- The writer of a new game's autosave, made at the game's first answer: a game left before
-- any answer leaves no autosave behind, so `--resume` still finds the last game played.
-- @tparam[opt] boolean bots_only every side is a bot's (the file's name says so)
-- @treturn Writer
function M.pending(bots_only)
  return setmetatable({ wanted = true, lines = 0, crash_after = crash_after(),
    bots_only = bots_only }, Writer)
end

-- The autosave failed (the first failure only is kept): no autosave from here on. Said on
-- stderr at once when `out` is given, else at the next sync (`Writer:tell`), and again when
-- the game ends (`Writer:trouble`, docs/shell.md "Exit status").
local function failed(self, why, out, path, answers)
  if not self.failure then
    self.failure = { why = why, path = path, answers = answers }
  end
  self.wanted = false
  if out then self:tell(out) end
end

-- The autosave made for `jrnl` now (its header and lines so far); false when it cannot be
-- (the game goes on without one, and says so).
local function open(self, jrnl, out)
  local why
  self.handle, why = M.create(jrnl, self.bots_only)
  self.lines = #jrnl.h.journal
  if not self.handle then
    failed(self, why, out)
    return false
  end
  self.path = why
  return true
end

--- The autosave's failure said on stderr, once: what failed, and that the game goes on.
-- @tparam Out out
function Writer:tell(out)
  local f = self.failure
  if not f or f.told then return end
  f.told = true
  out:err("volley play: autosave: " .. f.why .. "; the game goes on without "
    .. (f.path and string.format("it (it holds the first %d answers)", f.answers) or "one"))
end

--- Why the game is not (wholly) autosaved, for the end of the game, or nil when it is.
-- @treturn ?string "the game has no autosave (cannot create ...): --resume will not find
--   it", "the game's autosave holds only its first N answers (cannot append ...): --resume
--   goes on from there"
function Writer:trouble()
  local f = self.failure
  if not f then return nil end
  if not f.path then
    return "the game has no autosave (" .. f.why .. "): --resume will not find it"
  end
  return string.format("the game's autosave holds only its first %d answers (%s): --resume "
    .. "goes on from there", f.answers, f.why)
end

--- The journal's new lines to the autosave, one fdatasync each (the file made at the first
-- answer). An autosave that cannot be made, or a line that cannot be written, is said on
-- stderr, and the game goes on without it (said again at the end: `Writer:trouble`).
-- @tparam Journal jrnl
-- @tparam Out out
function Writer:sync(jrnl, out)
  self:tell(out)
  if not self.handle then
    if not self.wanted or jrnl:answers() == 0 or not open(self, jrnl, out) then return end
  end
  for k = self.lines + 1, #jrnl.h.journal do
    local aok, aerr = self.handle:append(jrnl.h.journal[k])
    if not aok then
      local path, answers = self.path, 0
      for i = 1, k - 1 do   -- the answers the file holds
        if jrnl.h.journal[i].kind == "answer" then answers = answers + 1 end
      end
      self:abandon()
      failed(self, why_of(aerr), out, path, answers)
      return
    end
  end
  self.lines = #jrnl.h.journal
  if self.crash_after and jrnl:answers() >= self.crash_after then
    io.stdout:flush()
    os.execute("kill -KILL $PPID")
  end
end

--- The autosave, append-only, made anew from a journal: after an undo or a reload (the same
-- game: the old file removed once the new one is made), or for the game a `load` put in
-- place of this one (`keep`: the old file closed, complete, and kept; its path returned).
-- A journal without answers gets its file at its first answer.
-- @tparam Journal jrnl
-- @tparam[opt] boolean keep
-- @treturn string|nil the kept file's path
function Writer:renew(jrnl, keep)
  if not self.wanted then return nil end
  local old, handle = self.path, self.handle
  self.handle, self.path = nil, nil
  if handle then
    if keep then handle:close() else handle:abandon() end
  end
  local made = jrnl:answers() == 0 or open(self, jrnl)
  if keep then return old end
  if old and made then os.remove(old) end
  return nil
end

-- The autosave let go of, by its handle's method `how` (close or abandon); none from here on.
local function release(self, how)
  local handle = self.handle
  self.handle, self.wanted = nil, false
  if handle then handle[how](handle) end
end

--- No autosave from here on (the file is left as it is).
function Writer:abandon()
  release(self, "abandon")
end

--- The autosave closed, complete.
function Writer:close()
  release(self, "close")
end

--- The game ended (a winner or a draw, not a cap): its closed autosave renamed `...-over.save`,
-- so that `--resume` passes it by and the folder's bound may remove it (`prune`).
function Writer:over()
  if self.path and not self.handle and not self.failure then
    self.path = rename(self.path, self.bots_only, true)
  end
end

-- }====================================================================================

return M
