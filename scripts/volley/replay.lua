--- Replay, undo, load and resume, from the host (DESIGN.md Part B "The save file", "The
-- command line"; docs/save.md "Replay, undo and resume").
--
-- A game runs in an engine-owned state (`volley.session`); this module drives it from the
-- host state the program runs:
--
-- * `M.start(opts)` opens a game and gives a `Game`: `game:resume(answer)` answers the pending
--   request and runs to the next one, `game:undo()` takes back the last answer;
-- * `M.replay(save)` recomputes a saved game from its seed and journal, checking the state
--   hash and the roll count after every answer and forced roll, and gives the live game at
--   the end of the journal (so `load` and `--resume` go on from there);
-- * `M.main` and `M.dump_main` are `volley replay FILE` and `volley dump FILE`.
--
-- A replay never trusts a hash the save holds: each one is compared with the hash of the
-- state the replay computed, and the result is the replay's own.
-- @module volley.replay

local core = require "volley.core"
local journal = require "volley.journal"
local bots = require "volley.bots"
local scenario = require "volley.scenario"

local M = {}

local function pack(...)
  return { n = select("#", ...), ... }
end

--- One line for an error from the engine state: an error object `{msg, file, line, point,
-- source}` as "file:line: msg (point, source)", or a message as it is.
-- @param e
-- @treturn string
M.describe = require("volley.driving").describe

local function quoted(v)
  if type(v) == "string" then return '"' .. v .. '"' end
  return tostring(v)
end

-- ---------------------------------------------------------------------------------------------
-- A game driven from the host
-- ---------------------------------------------------------------------------------------------

local Game = {}
Game.__index = Game

--- Opens a game in a fresh engine state (not started: the first `resume` starts it).
-- @tparam table opts `{target = id or path, seed = n, options = {name, ...},
--   mods = {path, ...}, dice = {face, ...}, undo = "strict"|"solo", state = {...}}`
--   (`state`: the options of `volley.core.new_state`)
-- @treturn[1] Game with `st` (the engine state), `info` (`volley.session.open`'s answer),
--   `task`, and after each resume `pending` (`{kind, side, request, refusal}`) and `drained`
--   (the last `volley.session.drain`)
-- @treturn[2] nil
-- @treturn[2] string why the game does not open
-- @treturn[2] ?boolean true when it is that the files differ from `opts.expect` (a save's
--   header: `volley.session.open`'s `expect`), checked before any script of the game ran
function M.start(opts)
  local st = core.new_state(opts.state or {})
  local ok, err = st:require("volley.session")
  if not ok then
    st:close()
    return nil, M.describe(err)
  end
  local info
  ok, info = st:call("volley.session", "open", opts.target, {
    seed = opts.seed, options = opts.options, mods = opts.mods, dice = opts.dice,
    undo = opts.undo, expect = opts.expect })
  if not ok then
    st:close()
    return nil, M.describe(info)
  end
  if info.mismatch then
    st:close()
    return nil, info.mismatch, true
  end
  return setmetatable({ st = st, info = info, task = st:spawn("volley.session", "run") }, Game)
end

--- Runs the game to its next request or its end: the first call starts it, each later one
-- answers the pending request. Drains what happened into `self.drained`.
-- @param answer the answer (nil for the first call)
-- @treturn string "request", "done" or "error"
-- @return the side asked (or the error)
-- @treturn table the request (plain data, options listed)
-- @treturn ?string why the answer was refused (the same request is pending again)
function Game:resume(answer)
  local res = pack(self.task:resume(answer))
  local ok, d = self.st:call("volley.session", "drain")
  self.drained = ok and d or { rolls = {}, narrative = {} }
  self.pending = { kind = res[1], side = res[2], request = res[3], refusal = res[4] }
  return res[1], res[2], res[3], res[4]
end

--- Takes back the last answer (`volley.session.undo`): restores the snapshot of its step,
-- replays the step's earlier answers and leaves the game at the request the last answer
-- answered. Under the policy `strict` an answer followed by a roll or revealed hidden
-- information is refused.
-- @treturn[1] string "request"
-- @treturn[1] string the side asked
-- @treturn[1] table the request
-- @treturn[1] table the answer taken back `{side =, request =, value =}`
-- @treturn[2] nil
-- @treturn[2] string why not ("cannot undo A's move \"A1 0204\": a die was rolled after it
--   (undo strict: ...)")
function Game:undo()
  local ok, r = self.st:call("volley.session", "undo")
  if not ok then return nil, M.describe(r) end
  if r.refused then return nil, r.refused end
  self.task:close()
  self.task = self.st:spawn("volley.session", "run_resume")
  local kind, side, req = self:resume()
  if self.journal then self.journal:drop_last() end
  if kind == "error" then return nil, "undo: the game stopped: " .. M.describe(side) end
  return kind, side, req, r.undone
end

--- The state hash now, computed (never read from a save).
-- @treturn string 16 hex digits
function Game:state_hash()
  local _, r = self.st:call("volley.session", "result")
  return r.state_hash
end

--- The canonical text of the state now (what `volley dump` prints).
-- @treturn string
function Game:serialize()
  local ok, text = self.st:call("volley.session", "serialize")
  assert(ok, text)
  return text
end

--- How the game ended (`volley.session.result`).
function Game:result()
  local _, r = self.st:call("volley.session", "result")
  return r
end

--- Frees the engine state.
function Game:close()
  if self.task then self.task:close() end
  self.st:close()
end

-- ---------------------------------------------------------------------------------------------
-- Replay
-- ---------------------------------------------------------------------------------------------

--- The line of the save file that holds `save.journal[i]`.
-- @tparam table save
-- @tparam integer i
-- @treturn integer
function M.line_of(save, i)
  return 7 + #save.files + #save.options + #save.mods + #save.bots + i
end

--- The journal a game replayed from `save` goes on with: the same header, the files hashed
-- as they are now, and the save's lines.
-- @tparam table save
-- @tparam table info `volley.session.open`'s answer for the game
-- @treturn Journal
function M.journal_of(save, info)
  local mods = {}
  for i, m in ipairs(save.mods) do mods[i] = m.path end
  local j = journal.new{ scenario = info.scenario, files = info.files, options = info.options,
                         mods = mods, seed = save.seed, undo = save.undo, bots = save.bots,
                         cap = save.cap, view = save.view }
  for _, e in ipairs(save.journal) do
    if e.kind == "answer" then j:answer(e) else j:forced(e) end
  end
  return j
end

-- Queues the forced lines from journal[i] on (up to the next answer); returns the index of
-- the line after them.
local function queue_forced(game, save, i)
  local faces = {}
  local k = i
  while save.journal[k] and save.journal[k].kind == "forced" do
    for _, f in ipairs(save.journal[k].faces) do faces[#faces + 1] = f end
    k = k + 1
  end
  if #faces > 0 then
    local ok, err = game.st:call("volley.session", "force", faces)
    if not ok then return nil, M.describe(err) end
  end
  return k
end

-- Checks the state after a resume against the forced lines journal[i .. k-1]: each forced
-- roll the game made is the line's (die, faces, roll number), every line's roll was made,
-- and the state hash is the line's. Returns nil or why not.
local function check_forced(game, save, i, k)
  local d = game.drained
  local made = {}
  for _, r in ipairs(d.rolls) do
    if r.forced then made[#made + 1] = r end
  end
  for idx = i, k - 1 do
    local e = save.journal[idx]
    local r = made[idx - i + 1]
    local line = " (line " .. M.line_of(save, idx) .. ")"
    local die = e.die == "dn" and ("dn" .. tostring(e.sides)) or e.die
    if not r then
      return "the save forces " .. die .. " " .. table.concat(e.faces, " ")
        .. " but the game rolled no forced die then" .. line
    end
    local faces = r.faces or { r.natural }
    if r.die ~= e.die or table.concat(faces, " ") ~= table.concat(e.faces, " ")
        or r.n ~= e.rolls then
      return "the game's forced roll #" .. r.n .. " is " .. r.die .. " " .. table.concat(faces, " ")
        .. ", the save says roll #" .. e.rolls .. " " .. die .. " " .. table.concat(e.faces, " ")
        .. line
    end
    if d.state_hash ~= e.state then
      return "state " .. d.state_hash .. " after it, the save says " .. e.state .. line
    end
  end
  if #made > k - i then
    return "the game made a forced roll (#" .. made[k - i + 1].n .. ") the save does not have"
  end
end

--- Checks what a save's header says of how the game is played against the scenario's sides
-- (docs/save.md "Replay, undo and resume"): the view is `referee` or a side, each bot plays
-- a side (one bot a side; with `bots_play`, a bot volley has), the undo policy is strict or
-- solo and the cap from 1 to 10^9 (as `--max-decisions`). A header that fails would otherwise reach
-- `volley play --resume` as flags the user never typed.
-- @tparam table save a save table (`volley.core.save.read`)
-- @tparam {string,...} sides the scenario's sides
-- @tparam[opt="save"] string name the file's name for the message
-- @tparam[opt] boolean bots_play the header's bots will play (`--resume`): each must be one
--   volley has (a replay does not run them: a save recorded with a test's bot replays)
-- @treturn ?string nil, or "<name>:<line>: <why>"
function M.check_header(save, sides, name, bots_play)
  name = name or "save"
  local base = 3 + #save.files + #save.options + #save.mods   -- the line before `seed`
  local is_side, list = {}, table.concat(sides, " ")
  for _, side in ipairs(sides) do is_side[side] = true end
  local function at(line, why) return name .. ":" .. line .. ": " .. why end
  if save.undo ~= "strict" and save.undo ~= "solo" then
    return at(base + 2, "undo policy '" .. tostring(save.undo) .. "' is neither strict nor solo")
  end
  local seen = {}
  for k, b in ipairs(save.bots) do
    if not is_side[b.side] then
      return at(base + 2 + k, "bot for side '" .. b.side .. "': no such side (sides: " .. list
        .. ")")
    end
    if seen[b.side] then return at(base + 2 + k, "two bots for side " .. b.side) end
    seen[b.side] = true
    local known = not bots_play   -- a replay takes the answers from the journal, not the bots
    for _, n in ipairs(bots.NAMES) do known = known or n == b.name end
    if not known then
      return at(base + 2 + k, "unknown bot '" .. b.name .. "' (known: "
        .. table.concat(bots.NAMES, ", ") .. ")")
    end
  end
  if type(save.cap) ~= "number" or save.cap < 1 or save.cap > 1e9 then
    return at(base + 3 + #save.bots, "cap " .. string.format("%.0f", save.cap)
      .. " is out of range (1 to 1000000000, as --max-decisions)")
  end
  if save.view ~= "referee" and not is_side[save.view] then
    return at(base + 4 + #save.bots, "view '" .. tostring(save.view) .. "': no such side (sides: "
      .. list .. "; or referee)")
  end
end

-- The scenario's own .ini file that opening `what` reads first, found as
-- `volley.scenario.resolve` finds it but without opening anything (resolve reads a file to
-- tell a scenario).
local function scenario_ini(what)
  if scenario.is_id(what) then
    local file = scenario.find(what)
    if file then return file end
  end
  if core.scenario.kind(what) == "dir" then return (what:gsub("/+$", "")) .. "/scenario.ini" end
  return what
end

-- What a save names, checked before any of it is opened or run (docs/save.md "Replay"): its
-- scenario's own .ini and each mod a regular file whose content is the one the save
-- recorded. A save from someone else cannot make volley wait on a FIFO, nor read a file of
-- this machine (/etc/passwd, /proc/self/environ) as a scenario or a mod and show a piece of
-- it in a syntax error. Returns nil or why (cleaned: the names are the save's).
local function check_named(save)
  local clean = core.text.clean
  local first
  for _, f in ipairs(save.files) do
    if f.role == "scenario" then
      first = f
      break
    end
  end
  local ini = scenario_ini(save.scenario)
  local h, err = core.save.hash_file(ini)
  if not h then return clean(err.msg) end
  if not first then return "the save records no file of its scenario" end
  if h ~= first.sha256 then
    return clean(first.path) .. " has changed since the game was saved"
  end
  for _, m in ipairs(save.mods) do
    h, err = core.save.hash_file(m.path)
    if not h then return clean(err.msg) end
    if h ~= m.sha256 then
      return clean(m.path) .. " (a mod) has changed since the game was saved"
    end
  end
end

-- The header of a save without its journal (what `volley.session.open`'s `expect` takes).
local function header_of(save)
  local h = {}
  for k, v in pairs(save) do
    if k ~= "journal" then h[k] = v end
  end
  h.journal = {}
  return h
end

--- Replays a save: checks that its scenario's .ini and its mods are the files it was played
-- with before anything is opened, opens its scenario with its seed, options, mods and undo
-- policy, checks the header against the files now before any script of the game runs
-- (`volley.core.save.check`), then answers every journal answer
-- in order (forced rolls queued at their place), checking after each the side and kind of
-- the request, that the answer is legal, the state hash and the roll count.
-- @tparam table save a save table (`volley.core.save.read`)
-- @tparam[opt] table opts `{state = {...}}` (options of `volley.core.new_state`),
--   `check = false` to skip the header check against the files, `name =` the file's name for
--   a header refused and `bots_play = true` (`check_header`)
-- @treturn[1] Game the game at the end of the journal (its `pending` the request then, its
--   `journal` the save's, going on), with `answers` (how many were replayed),
--   `start_rolls` (the roll count at its first request) and `secret_answers` (the journal's
--   lines that answered a secret request, each the secret's name; nil when none did); with
--   `opts.hidden_for = SIDE`, `hidden_at` (the journal's lines of another side answered while
--   units were hidden from SIDE, each their ids, or true when the request named one)
-- @treturn[2] nil
-- @treturn[2] string why: "diverged at answer N: <why>", or "the save does not match the
--   files now: <why>", or "cannot open the game: <why>", or "<name>:<line>: <why>" for a
--   header refused by `check_header`
-- @treturn[2] integer the answer it diverged at (0 before the first), or nil
function M.replay(save, opts)
  opts = opts or {}
  local names = {}
  for i, o in ipairs(save.options) do names[i] = o.name end
  local mods = {}
  for i, m in ipairs(save.mods) do mods[i] = m.path end
  local named = opts.check ~= false and check_named(save)
  if named then return nil, "the save does not match the files now: " .. named end
  local game, err, differs = M.start{ target = save.scenario, seed = save.seed,
    options = names, mods = mods, undo = save.undo, state = opts.state,
    expect = opts.check ~= false and header_of(save) or nil }
  if differs then return nil, "the save does not match the files now: " .. err end
  if not game then return nil, "cannot open the game: " .. err end
  local bad = M.check_header(save, game.info.sides, opts.name, opts.bots_play)
  if bad then
    game:close()
    return nil, bad
  end
  local j = M.journal_of(save, game.info)
  if opts.check ~= false then
    local ok, why = core.save.check(save, j:save())
    if not ok then
      game:close()
      return nil, "the save does not match the files now: " .. why
    end
  end
  local n = 0
  local function diverged(why)
    game:close()
    return nil, "diverged at answer " .. n .. ": " .. why, n
  end
  -- the recorded answers go back unlisted (volley.host.listing): the rules check each as a
  -- typed answer; the request pending at the end of the journal comes listed
  local listing = not save.journal[1]
  if not listing then game.st:call("volley.host", "listing", false) end
  if opts.hidden_for then game.st:require("volley.queries") end
  local i = 1
  local k
  k, err = queue_forced(game, save, i)
  if not k then return diverged(err) end
  local kind, side, req = game:resume()
  if kind == "error" then return diverged("the game stopped: " .. M.describe(side)) end
  game.start_rolls = game.drained.rolls_count   -- the rolls before the first request
  local why = check_forced(game, save, i, k)
  if why then return diverged(why) end
  i = k
  while save.journal[i] do
    local e = save.journal[i]
    n = n + 1
    local line = " (line " .. M.line_of(save, i) .. ")"
    if kind == "done" then
      return diverged("the game is over, the save has " .. e.side .. "'s " .. e.request .. " "
        .. quoted(e.value) .. line)
    end
    if side ~= e.side or req.kind ~= e.request then
      return diverged("the game asks " .. side .. " for " .. req.kind .. ", the save has "
        .. e.side .. "'s " .. e.request .. " " .. quoted(e.value) .. line)
    end
    k, err = queue_forced(game, save, i + 1)
    if not k then return diverged(err) end
    -- a secret request's answer (volley.secret): its journal line noted, for `volley export`
    if req.secret then
      game.secret_answers = game.secret_answers or {}
      game.secret_answers[i] = req.secret
    end
    if not save.journal[k] and not listing then   -- the last answer: the next request listed
      listing = true
      game.st:call("volley.host", "listing", true)
    end
    -- for `volley export --as SIDE` (`opts.hidden_for`): the units hidden from that side
    -- when the answer was given, which the answer may not show even once revealed
    if opts.hidden_for and e.side ~= opts.hidden_for then
      local ok, ids = game.st:call("volley.queries", "hidden_ids", opts.hidden_for)
      if ok and type(ids) == "table" and #ids > 0 then
        game.hidden_at = game.hidden_at or {}
        -- a request whose prompt names one (a hidden unit's set-up or reaction): all of it
        local view = require "volley.view"
        game.hidden_at[i] = view.names_any(tostring(req.prompt or ""), ids) and true or ids
      end
    end
    local refusal
    kind, side, req, refusal = game:resume(e.value)
    if kind == "error" then return diverged("the game stopped: " .. M.describe(side)) end
    if refusal then return diverged(refusal .. line) end
    local d = game.drained
    if d.state_hash ~= e.state then
      return diverged("state " .. d.state_hash .. " after it, the save says " .. e.state .. line)
    end
    if d.rolls_count ~= e.rolls then
      return diverged(d.rolls_count .. " rolls after it, the save says " .. e.rolls .. line)
    end
    why = check_forced(game, save, i + 1, k)
    if why then return diverged(why) end
    i = k
  end
  game.journal = j
  game.answers = n
  return game
end

--- Reads a save file and replays it (`load FILE` at the prompt).
-- @tparam string path
-- @tparam[opt] table opts as `replay`'s, and `unfinished = true` to take an autosave that was
--   not closed (up to its last whole line)
-- @treturn[1] Game
-- @treturn[2] nil
-- @treturn[2] string why: "file:line: why" for a file refused, or `replay`'s why
function M.load(path, opts)
  opts = opts or {}
  local save, err = core.save.read(path, opts.unfinished and { unfinished = true } or nil)
  if not save then return nil, tostring(err) end
  opts.name = opts.name or path
  local game, why = M.replay(save, opts)
  if not game then return nil, why end
  game.save = save
  return game
end

-- The names play gives its autosaves (`<UTC time>-<nn>[-bots][-over].save`): any other file
-- in the folder (a save copied there, `notes.save`) is not taken for a game.
local AUTOSAVE_NAME = "^(%d%d%d%d%d%d%d%dT%d%d%d%d%d%dZ%-%d+)(.-)%.save$"
local AUTOSAVE_TAGS = { [""] = {}, ["-bots"] = { bots_only = true }, ["-over"] = { over = true },
                        ["-bots-over"] = { bots_only = true, over = true } }

--- The autosaves of a folder (`$XDG_STATE_HOME/volley/`), oldest first: the files named as
-- `volley play` names them (`20261130T040209Z-01.save`), in bytewise order of the time and
-- number, which makes them sort by the time the game was started or last resumed
-- (DESIGN.md "The save file"); other files are ignored. Each says what its name tells:
-- `bots_only` (every side was a bot's: `-bots`), `over` (the game ended: `-over`).
-- @tparam string dir
-- @treturn {table,...} `{name =, base =, bots_only = ?true, over = ?true}`
function M.autosaves(dir)
  local list = {}
  for _, e in ipairs(core.scenario.list_dir(dir) or {}) do
    local base, tags = e.name:match(AUTOSAVE_NAME)
    local t = base and AUTOSAVE_TAGS[tags]
    if e.kind == "file" and t then
      list[#list + 1] = { name = e.name, base = base, bots_only = t.bots_only, over = t.over }
    end
  end
  table.sort(list, function(a, b)
    if a.base ~= b.base then return a.base < b.base end
    return a.name < b.name
  end)
  return list
end

--- The autosave `volley play --resume` goes on with: the newest game of a person (a side
-- without a bot) that is not over; else the newest game that is not over (bots alone); else
-- the newest (`autosaves` orders them).
-- @tparam string dir
-- @treturn ?string its path, or nil when there is none
-- @treturn ?table its entry (as `autosaves` gives it)
function M.newest_autosave(dir)
  local list = M.autosaves(dir)
  local person, open_game = nil, nil
  for _, e in ipairs(list) do
    if not e.over then
      open_game = e
      if not e.bots_only then person = e end
    end
  end
  local best = person or open_game or list[#list]
  if not best then return nil end
  return dir .. "/" .. best.name, best
end

--- Resumes an autosave (`volley play --resume`): reopens it to append to
-- (`volley.core.save.resume`), replays it, and gives the game with `autosave` (the handle,
-- whose `append` takes the next lines) and `save` (its header: bots, cap, view).
-- @tparam string path
-- @tparam[opt] table opts as `replay`'s
-- @treturn[1] Game
-- @treturn[2] nil
-- @treturn[2] string why
function M.resume(path, opts)
  local a, save = core.save.resume(path)
  if not a then return nil, tostring(save) end
  opts = opts or {}
  opts.name = opts.name or path
  opts.bots_play = true
  local game, why = M.replay(save, opts)
  if not game then
    a:abandon()
    return nil, why
  end
  game.autosave = a
  game.save = save
  return game
end

-- ---------------------------------------------------------------------------------------------
-- The commands
-- ---------------------------------------------------------------------------------------------

-- The one save of `volley replay` or `volley dump` (name): the path, or nil and the exit
-- status after the help or the usage error.
local function one_file(args, name)
  local f, status = require("volley.cli").parse(name, args)
  if not f then return nil, status end
  local msg
  if #f.args == 0 then
    msg = "which save? give a file"
  elseif #f.args > 1 then
    msg = "one save at a time"
  elseif f.args[1]:sub(1, 1) == "-" then
    msg = "unknown option '" .. f.args[1] .. "'"
  end
  if msg then return require("volley.cli").usage(name, msg) end
  return f.args[1]
end

-- Reads and replays the save named in args; returns the game, or nil and the exit status
-- after the message.
local function replayed(args, name)
  local path, status = one_file(args, name)
  if not path then return nil, status end
  local save, err = core.save.read(path)
  if not save then
    io.stderr:write("volley ", name, ": ", tostring(err), "\n")
    return nil, 1
  end
  local game, why, n = M.replay(save, { name = path })
  if not game then
    if n then
      io.stdout:write(why, "\n")
    else
      io.stderr:write("volley ", name, ": ", why, "\n")
    end
    return nil, 1
  end
  return game
end

--- `volley replay FILE`: prints `state_hash <hex>` of the state the replay computed, exit 0;
-- `diverged at answer N: <why>` and exit 1 on any disagreement; a file refused or a header
-- that does not match the files now: the reason on stderr, exit 1; usage: exit 2.
-- @tparam {string,...} args the arguments after `replay`
-- @treturn integer the exit status
function M.main(args)
  local game, status = replayed(args, "replay")
  if not game then return status end
  io.stdout:write("state_hash ", game:state_hash(), "\n")
  game:close()
  return 0
end

--- `volley dump FILE`: replays the save as `volley replay` does and prints the canonical
-- serialisation of the final state: exactly the bytes its state hash is taken of.
-- @tparam {string,...} args the arguments after `dump`
-- @treturn integer the exit status
function M.dump_main(args)
  local game, status = replayed(args, "dump")
  if not game then return status end
  io.stdout:write(game:serialize())
  game:close()
  return 0
end

return M
