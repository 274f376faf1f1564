--- A game as `volley play` plays it, seen from the host: the engine-owned state it runs in
-- and its task, the view it is shown in, the output, the journal and its autosave, the
-- answers counted; what one resume told, undo, the rollback after a script's error, and a
-- game loaded in its place. The driver (`volley.play`) builds one, `volley.play.loop` plays
-- it and `volley.play.finish` ends it.
--
-- The fields: `o` (the flags, `volley.play.options`), `env` (what the program gives, as for
-- `volley.play.main`), `st`, `task`, `res` (what the task's last resume returned), `seed`,
-- `info` (`volley.session.open`'s answer), `sides`, `players` (side -> bot), `humans` (the
-- sides without a bot), `script` (`volley.play.script`, or nil), `view`, `cap`, `out`
-- (`volley.play.output`), `jrnl` (or nil), `autosave` (`volley.play.autosave` writer),
-- `decisions` and `refused` (the counts), `saved_answers` (the journal's answers when a save
-- file was last named at the prompt), `asking` (the request the prompt answers),
-- `start_rolls` (the roll count at the game's first request) and `kept` (the games played
-- under strict before each load, `volley.play.seen`).
-- @module volley.play.game

local json = require "volley.json"
local autosave = require "volley.play.autosave"
local output = require "volley.play.output"
local seen = require "volley.play.seen"

local driving = require "volley.driving"

local M = {}

local describe = driving.describe

local function pack(...)
  return { n = select("#", ...), ... }
end

local Play = {}
Play.__index = Play

--- Resumes the game's task (with an answer, or to start it) and keeps what it returned in
-- `res`: `"request", side, request, refusal`, `"done"` or `"error", e`.
-- @param[opt] answer
-- @treturn table res
function Play:resume(...)
  self.res = pack(self.task:resume(...))
  return self.res
end

--- Goes on from the request a replayed game (`volley.replay`) has pending, with its answers.
-- @tparam Game game
function Play:go_on(game)
  local p = game.pending
  self.res = { n = 4, p.kind, p.side, p.request, p.refusal }
  self.decisions = game.answers
  self.start_rolls = game.start_rolls
end

--- Loads the view filter (`volley.queries`, in the engine state) that every output goes
-- through, and the rule system's words into the command language (`volley.queries.words`,
-- `volley.commands.extend`, in place of an earlier game's); a failure says so on stderr.
-- @param state an engine-owned state
function Play:load_queries(state)
  local qok, qerr = state:require("volley.queries")
  if not qok then self.out:err("volley play: " .. describe(qerr)) end
  local commands = require "volley.commands"
  commands.reset()
  local wok, words = state:call("volley.queries", "words")
  if wok then wok, words = pcall(commands.extend, words) end
  if not wok then self.out:err("volley play: " .. describe(words)) end
end

--- A text as the view sees it (nil: it names a unit hidden from the view).
-- @tparam string text
function Play:seen(text)
  if self.view == "referee" then return text end
  local sok, v = self.st:call("volley.queries", "line", self.view, text)
  if not sok then return text end
  return v
end

--- The units hidden from the view now: the answer about to be given is judged by what was
-- hidden when it was asked (the rules may reveal a unit as they take it: RP's hidden unit
-- that moves two hexes).
-- @treturn ?{string,...} the ids hidden now (nil for the referee or when none is)
function Play:hidden_now()
  if self.view == "referee" then return nil end
  local ok, ids = self.st:call("volley.queries", "hidden_ids", self.view)
  if not ok or type(ids) ~= "table" or #ids == 0 then return nil end
  return ids
end

--- Whether `text` names one of `ids` as a word (the view filter's test, volley.view).
Play.names_any = require("volley.view").names_any

--- Whether a request of `side` is hidden from the view: a bot's request, of another side,
-- whose prompt names a unit hidden from the view (a hidden unit's reaction): the view sees
-- neither the request nor its answer (DESIGN.md Part B "Locations, views and hidden
-- information"; only the gap in the decision numbers is left). A person's request is always
-- shown: he has to read it to answer.
-- @tparam string side whose request
-- @tparam table req
-- @treturn boolean
function Play:hides(side, req)
  if self.view == "referee" or side == self.view or not self.players[side] then return false end
  return self:seen(tostring(req.prompt or "")) == nil
end

--- A request's options as the view sees them: another side's request shows only what the
-- view sees.
-- @tparam string side whose request
-- @tparam[opt] table options
function Play:shown(side, options)
  if self.view == "referee" or side == self.view then return options end
  local shown = {}
  for _, v in ipairs(options or {}) do
    if self:seen(tostring(v)) then shown[#shown + 1] = v end
  end
  return shown
end

--- The names the view sees (`volley.queries.names`), for the command language: the map's
-- hex labels (fetched once), and `facing`, which reads `toward <hex>[/<hex>]` for a unit
-- where the view sees it (`volley.queries.facing`).
-- @treturn table
function Play:names()
  local nok, n = self.st:call("volley.queries", "names", self.view,
    { hexes = self.names_cache == nil })
  if not nok then return {} end
  self.names_cache = self.names_cache or n.hexes
  n.hexes = self.names_cache
  n.facing = function(unit, text)
    local fok, word, what = self.st:call("volley.queries", "facing", self.view, unit, text)
    if not fok then return nil, tostring(word) end
    return word, what
  end
  return n
end

--- What one resume did: its rolls and narrative printed, the checkpoint after an answer,
-- the journal line and the autosave.
-- @tparam[opt] table answered `{side, request, value}`; nil for the game's start
function Play:after(answered)
  local dok, d = self.st:call("volley.queries", "drain", self.view)
  if not dok then return end
  if not answered then self.start_rolls = d.rolls_count end   -- the game's start
  output.emit(self.out, d)
  if answered then
    if self.view == "referee" then
      self.out:event{ event = "checkpoint", v = json.V, state_hash = d.state_hash,
                      rolls = d.rolls_count }
    else
      self.out:event{ event = "checkpoint", v = json.V, view_hash = d.view_hash }
    end
  end
  -- the journal keeps the answer as the request took it: the legal answer a typed one means
  -- (a request's `canonical`, volley.ask), not the words typed
  local typed = self.typed_line   -- the person's line this answer came from, if any
  self.typed_line = nil
  if answered and d.taken ~= nil then
    -- a compound answer: the answers it carries wait for the side's next requests
    -- (volley.play.loop), in front of what an earlier line still carries
    if d.taken.rest and not self.players[answered.side] then
      local q = self.queue[answered.side]
      local items = {}
      for _, it in ipairs(d.taken.rest) do items[#items + 1] = it end
      for _, it in ipairs(q and q.items or {}) do items[#items + 1] = it end
      self.queue[answered.side] = { items = items,
        text = self:seen(typed or tostring(answered.value)) or "?",
        line = self.script and self.script.n }
    end
    answered.value = d.taken.value
  end
  if self.jrnl then
    self.jrnl:record(answered, d)
    self.autosave:sync(self.jrnl, self.out)
  end
end

--- The error the game stopped with, for a person (`volley.driving.failure`).
-- @param e
-- @treturn string
-- @treturn boolean whether a script is named
function Play:failure(e)
  return driving.failure(self.st, e)
end

-- After the engine state has been put back (undo, rollback): a new task replays the step's
-- earlier answers, unseen (the replayed part is not shown again).
local function respawn(self)
  self.task:close()
  self.task = self.st:spawn("volley.session", "run_resume")
  self:resume()
  self.st:call("volley.session", "drain")
end

--- Puts the step back when a query or a refused answer ran script code
-- (`volley.session.settle`; docs/runtime.md "Queries"): the step's snapshot restored, the
-- scripts' worlds made anew and its answers replayed unseen, the same request pending. Called
-- after each query and refused answer, and before each answer is given, so an answer always
-- meets the world a replay of the journal has. Nothing to do costs one call into the state.
function Play:settle()
  local sok, r = self.st:call("volley.session", "settle")
  if sok and r.put_back then respawn(self) end
end

--- undo: takes back the last answer of a side without a bot that was asked (and the bots'
-- answers after it, which they give again alike, and those the host gave itself, a request
-- with one legal answer); the autosave, append-only, is made anew. Returns the
-- answers taken back, or nil and why not (the game untouched).
-- @treturn[1] table the answers taken back
-- @treturn[2] nil
-- @treturn[2] string why not
function Play:undo_last()
  local undone, asked, stop = {}, false, nil
  while true do
    local uok, r = self.st:call("volley.session", "undo", self.humans)
    if not uok then return nil, describe(r) end
    if r.refused then
      if #undone == 0 then return nil, r.refused end
      stop = r.refused
      break
    end
    -- the view reads back what it read when the answer was given (loop.lua's record)
    r.undone.told = self.told and self.told[self.decisions]
    undone[#undone + 1] = r.undone
    self.decisions = self.decisions - 1
    if self.jrnl then self.jrnl:drop_last() end
    respawn(self)
    -- on back over the bots' answers and those the host gave (one legal answer, a default
    -- that cannot hurt, an answer a person's line carried): undo takes back the last answer
    -- a person was asked for, the whole of a compound line
    local auto = self.auto[self.decisions + 1]
    self.auto[self.decisions + 1] = nil
    if self.res[1] ~= "request"
        or not (self.players[r.undone.side] or self.res[3].only or auto) then
      asked = true
      break
    end
  end
  self.queue = {}
  for _, u in ipairs(undone) do
    -- another side's answer is not the view's to read (a secret, a hidden unit's hex): the
    -- view learns only that it went back (docs/shell.md "Views")
    local mine = self.view == "referee" or u.side == self.view
    local shown = (mine or (not u.secret and u.told ~= false)) and tostring(u.value) or "?"
    self.out:note(string.format("undo: %s %s %s taken back", u.side, u.request, shown))
  end
  if not asked then
    -- only bots' and host's answers went back before undo stopped (the game's start, or an
    -- answer --undo strict keeps): they are given again at once, alike
    self.out:note("undo: nothing of yours was taken back (" .. tostring(stop)
      .. "); the answers above are given again")
  end
  self.autosave:renew(self.jrnl)
  self.autosave:tell(self.out)
  return undone
end

--- After a script's error on a player's answer (docs/modding.md "When a script fails"): the
-- game put back as it was before the answer (volley.session.rollback), the step's earlier
-- answers replayed unseen, the same request pending again. Nothing reached the journal or
-- the autosave (they record an answer once its consequences are done).
-- @tparam string asked the side whose request it was
-- @treturn boolean false when the game cannot be put back (undo off, or the replay does not
--   reach the same request)
function Play:rollback(asked)
  local rok, r = self.st:call("volley.session", "rollback")
  if not rok or r.refused then return false end
  respawn(self)
  return self.res[1] == "request" and self.res[2] == asked
end

--- load and reload: the game replayed from a save goes on in place of this one (its own
-- engine state, task, journal and pending request), autosaved in a new file. After a `load`
-- the old autosave is closed, complete, and kept (its path returned: the game before the
-- load); after a reload (`same`: the same game, the scripts re-read) it is removed.
-- @tparam Game game a game of `volley.replay.load`
-- @tparam[opt] boolean same
-- @treturn string|nil the old autosave kept
function Play:replace(game, same)
  if self.jrnl and self.jrnl.h.undo == "strict" then
    self.kept = self.kept or {}
    self.kept[#self.kept + 1] = seen.branch(self.jrnl, self.start_rolls)
  end
  self.task:close()
  self.st:close()
  self.queue, self.auto = {}, {}
  self.st, self.task, self.jrnl = game.st, game.task, game.journal
  self.seed = game.save and game.save.seed or self.seed   -- the loaded game's (bots draw from it)
  self:load_queries(self.st)
  self:go_on(game)
  self.names_cache = nil
  local kept = self.autosave:renew(self.jrnl, not same)
  self.autosave:tell(self.out)
  return kept
end

--- Why loading `save` would take back an answer followed by a roll this process showed
-- under `--undo strict`, in the game now or in one played before a load (`volley.play.seen`;
-- docs/save.md "Undo strict across load"), or nil.
-- @tparam table save the save to load (`volley.core.save.read`)
-- @tparam string name its file name
-- @treturn ?string
function Play:strict_refusal(save, name)
  local branches = {}
  for i, b in ipairs(self.kept or {}) do branches[i] = b end
  if self.jrnl then branches[#branches + 1] = seen.branch(self.jrnl, self.start_rolls) end
  return seen.refusal(branches, save, name)
end

--- When the game stops: the autosave closed, the --save file written. False when that
-- cannot be written (said on stderr).
-- @treturn boolean
function Play:save()
  self.autosave:close()
  if not self.o.save then return true end
  local wok, werr = self.jrnl:write(self.o.save)
  if not wok then
    self.out:err("volley play: --save: " .. tostring(werr))
    return false
  end
  return true
end

--- The game the driver opened (`g`: `o`, `env`, `st`, `info`, `seed`, `sides`, `players`,
-- `humans`, `script`, `view`, `cap`, `out`, `jrnl`, and `resumed`, the game of `--resume`)
-- made ready to play: its counts, its autosave, its task (not started yet), the view filter.
-- @tparam table g
-- @treturn Play g
function M.start(g)
  setmetatable(g, Play)
  local resumed = g.resumed
  g.decisions, g.refused, g.saved_answers = 0, 0, 0
  local bots_only = #g.humans == 0
  g.queue, g.auto = {}, {}   -- a compound answer's answers still to give, by side; the
                             -- decisions the host gave from a line or by default
  if resumed then
    g.autosave = autosave.writer(resumed.autosave, resumed.autosave_path, g.jrnl, bots_only)
  elseif g.jrnl and not g.o.no_autosave then
    g.autosave = autosave.pending(bots_only)
  else
    g.autosave = autosave.writer()
  end
  -- bots only, no person at a prompt: the autosave synced in batches (volley.play.autosave)
  g.autosave.batch = #g.humans == 0 and not g.o.prompt
  g.task = resumed and resumed.task or g.st:spawn("volley.session", "run")
  g:load_queries(g.st)
  return g
end

return M
