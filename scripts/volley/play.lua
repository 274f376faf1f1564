--- `volley play`: a game played out by bots and by a script's commands, as a transcript or
-- as JSON lines (DESIGN.md Part B "The command line", "Decisions", "JSON"; docs/shell.md,
-- docs/json.md).
--
-- Each side is a bot (`--bot SIDE=NAME`) or a person, whose commands come from `--script
-- FILE` (or `-`, standard input) in the command language of `volley.commands`. The program
-- calls `main(args)` with its arguments after `play` and exits with what it returns:
-- 0 a game played to its end, to its cap, or as far as the script went, without a refused
-- command; 1 a refused command (the script went on past it, or `--strict` stopped there), a
-- scenario that does not load, or a game stopped by an error (a script error, a bot's
-- illegal answer); 2 usage.
--
-- The flags are read by `volley.play.options`; the output is `volley.play.output`, the
-- script's lines `volley.play.script`, the autosave and --resume `volley.play.autosave`.
-- @module volley.play

local core = require "volley.core"
local bots = require "volley.bots"
local commands = require "volley.commands"
local journal = require "volley.journal"
local json = require "volley.json"
local replay = require "volley.replay"
local autosaves = require "volley.play.autosave"
local options = require "volley.play.options"
local output = require "volley.play.output"
local script_lines = require "volley.play.script"

local driving = require "volley.driving"

local M = {}

local describe, fresh_seed = driving.describe, driving.fresh_seed
local emit = output.emit


--- The engine's default cap on decisions, when neither --max-decisions nor the scenario's
-- `[scenario] max_decisions` gives one.
M.DEFAULT_MAX_DECISIONS = 10000

--- The scenario `volley` opens at the prompt (DESIGN.md Part B "Ids and names"), and the one
-- it opens instead while the default's rule system has no scripts yet.
M.DEFAULT_SCENARIO = "rough-and-ready/palo-alto"
M.DEMO_SCENARIO = "tests/data/demo"

--- The usage lines and the text of `--help` (`volley.play.options`).
M.USAGE, M.HELP = options.USAGE, options.HELP
--- The longest line a script or the prompt takes, and how far a longer one is read
-- (`volley.play.script`).
M.LINE_MAX, M.LINE_CEILING = script_lines.LINE_MAX, script_lines.LINE_CEILING

--- Reads play's arguments (`volley.play.options.parse`). Returns the options, or nil and the
-- exit status (2 after a message on stderr; 0 after --help).
-- @function parse
M.parse = options.parse

--- The transcript line of a roll (`volley.play.output.roll_line`).
-- @function roll_line
M.roll_line = output.roll_line

--- The prompt's first lines: the program, the scenario, how to get help
-- (`volley.play.output.banner`).
-- @function banner
M.banner = output.banner

--- The folder of the autosaves (`volley.play.autosave.dir`).
-- @function autosave_dir
M.autosave_dir = autosaves.dir

--- Creates a new autosave for a journal (`volley.play.autosave.create`).
-- @function autosave_create
M.autosave_create = autosaves.create

--- Finds the newest autosave and replays it, filling in the flags it recorded
-- (`volley.play.autosave.resume`).
-- @function resume_game
M.resume_game = autosaves.resume


local function pack(...)
  return { n = select("#", ...), ... }
end

-- A usage error, for main: the exit status alone.
local function usage_status(msg)
  options.usage(msg)
  return 2
end


-- The view a game is shown in (DESIGN.md "Locations, views and hidden information"): --as,
-- else the one side without a bot, else the referee.
local function view_of(o, sides)
  if o.as then return o.as end
  local humans = {}
  for _, s in ipairs(sides) do
    if not o.bots[s] then humans[#humans + 1] = s end
  end
  if #humans == 1 then return humans[1] end
  return "referee"
end


--- Plays a game. Returns the exit status.
-- @tparam {string,...} args the arguments after `play`
-- @tparam[opt] table env what the program gives the driver: `render(marks, opts)` draws the
--   map (`map`, `svg`: shell/cmd_render.c); for the prompt (`M.prompt`) also `reader(prompt)`
--   (the next line, or nil at the end) and `tty` (lines come from a terminal)
function M.main(args, env)
  env = env or {}
  local o, status = M.parse(args)
  if not o then return status end
  -- a folder given as a script or a mod opens, and would read as nothing
  local readers = { o.script ~= "-" and o.script or nil }
  for _, m in ipairs(o.mods) do readers[#readers + 1] = m end
  for _, path in ipairs(readers) do
    if core.scenario.kind(path) == "dir" then
      io.stderr:write("volley play: ", path, ": cannot read (Is a directory)\n")
      return 1
    end
  end
  -- what --save needs is checked before the game, not found missing when it is over
  if o.save then
    local cok, cerr = core.save.check_target(o.save)
    if not cok then
      io.stderr:write("volley play: --save: ", o.save, ": ", tostring(cerr), "\n")
      return 1
    end
  end
  -- the prompt: `volley` (M.prompt), or `volley play` with a side nobody else answers
  o.prompt = env.reader ~= nil and env.prompt == true
  local resumed, err
  if o.resume then
    resumed, err = M.resume_game(o)
    if not resumed then
      io.stderr:write("volley play: --resume: ", err, "\n")
      return 1
    end
    if o.undo ~= resumed.save.undo then
      return usage_status("--undo: the game was played with undo " .. resumed.save.undo)
    end
  end
  local seed = resumed and resumed.save.seed or o.seed or fresh_seed()
  -- The game runs in an engine-owned state (DESIGN.md principle 9): the runtime there, the
  -- scenario's and the mods' scripts in its sandbox; this host state only drives it.
  local st, ok, info
  if resumed then
    st, info = resumed.st, resumed.info
  else
    st = core.new_state{}
    ok, err = st:require("volley.session")
    if not ok then
      io.stderr:write("volley play: ", describe(err), "\n")
      return 1
    end
    ok, info = st:call("volley.session", "open", o.target, { seed = seed, mods = o.mods,
                                                              options = o.options, dice = o.dice,
                                                              undo = o.undo })
    if not ok then
      io.stderr:write("volley play: ", describe(info), "\n")
      return 1
    end
  end
  -- a save must not overwrite what the game reads (device and inode, links followed)
  if o.save then
    local inputs = {}
    if o.script and o.script ~= "-" then inputs[#inputs + 1] = { "the --script file", o.script } end
    for _, m in ipairs(o.mods) do inputs[#inputs + 1] = { "the --mod file", m } end
    for _, f in ipairs(info.files or {}) do
      inputs[#inputs + 1] = { "the game's " .. f.role .. " file", f.file }
    end
    for _, f in ipairs(info.options or {}) do
      inputs[#inputs + 1] = { "option " .. f.name .. "'s file", f.file }
    end
    for _, f in ipairs(inputs) do
      if f[2] and core.save.same_file(o.save, f[2]) then
        return usage_status("--save " .. o.save .. " would overwrite " .. f[1] .. " " .. f[2])
      end
    end
  end
  local sides = info.sides
  local is_side = {}
  for _, s in ipairs(sides) do is_side[s] = true end
  for _, side in ipairs(o.bot_order) do
    if not is_side[side] then
      return usage_status("no side '" .. side .. "' in this scenario (sides: "
        .. table.concat(sides, " ") .. ")")
    end
  end
  if o.as and o.as ~= "referee" and not is_side[o.as] then
    return usage_status("--as " .. o.as .. ": no such side (sides: " .. table.concat(sides, " ")
      .. "; or referee)")
  end
  local players, humans = {}, {}
  for _, side in ipairs(sides) do
    if o.bots[side] then
      local lok, bot = pcall(bots.load, o.bots[side])
      if not lok then return usage_status((tostring(bot):gsub("^[^%s:]+:%d+: ", ""))) end
      players[side] = bot
    else
      humans[#humans + 1] = side
    end
  end
  if #humans > 0 and not o.script and not o.prompt and env.reader then
    o.prompt = true
  end
  if #humans > 0 and not o.script and not o.prompt then
    return usage_status("side " .. humans[1] .. " has no bot: give it one (--bot " .. humans[1]
      .. "=random) or answer for it with --script FILE")
  end
  if #humans == 0 and o.script then
    return usage_status("--script: every side has a bot, so there is nothing to answer")
  end
  if o.prompt then M.banner(o.target) end
  local script
  if o.prompt then
    script = script_lines.prompt(env.reader)
  elseif o.script then
    script, err = script_lines.open(o.script)
    if not script then
      io.stderr:write("volley play: cannot read the script: ", tostring(err), "\n")
      return 1
    end
  end
  local view = view_of(o, sides)
  local cap = o.max_decisions or info.max_decisions or M.DEFAULT_MAX_DECISIONS
  if o.seed == nil and not resumed and view == "referee" and not o.prompt then
    io.stderr:write(string.format("volley play: seed %d\n", seed))
  end

  local out = output.new(o.json)
  local bot_list = {}
  for _, side in ipairs(sides) do
    if o.bots[side] then bot_list[#bot_list + 1] = { side = side, name = o.bots[side] } end
  end
  -- The journal: for --save and for the autosave (every play has one, when it can be
  -- written: a scenario path that a save cannot name, an unwritable folder go without).
  local jrnl
  if resumed then
    jrnl = resumed.journal
  else
    local jok
    jok, jrnl = pcall(journal.new, { scenario = info.scenario, files = info.files,
      options = info.options, mods = o.mods, seed = seed, undo = o.undo, bots = bot_list,
      cap = cap, view = view })
    if not jok then
      if o.save then
        out:err("volley play: --save: " .. (tostring(jrnl):gsub("^[^%s:]+:%d+: ", "")))
        return 1
      end
      jrnl = nil
    end
  end
  local auto, auto_path, auto_lines
  if resumed then
    auto, auto_path = resumed.autosave, resumed.autosave_path
  elseif jrnl then
    auto, auto_path = M.autosave_create(jrnl)
  end
  auto_lines = jrnl and #jrnl.h.journal or 0
  -- The journal's new lines to the autosave, one fdatasync each. VOLLEY_TEST_CRASH_AFTER=N
  -- (DESIGN.md "Testing") kills the program (SIGKILL) once the Nth answer is written.
  local crash_after = tonumber(os.getenv("VOLLEY_TEST_CRASH_AFTER") or "")
  local function autosave()
    if not auto then return end
    for k = auto_lines + 1, #jrnl.h.journal do
      local aok, aerr = auto:append(jrnl.h.journal[k])
      if not aok then
        out:err("volley play: autosave " .. auto_path .. ": " .. tostring(aerr))
        auto:abandon()
        auto = nil
        return
      end
    end
    auto_lines = #jrnl.h.journal
    if crash_after and jrnl:answers() >= crash_after then
      io.stdout:flush()
      os.execute("kill -KILL $PPID")
    end
  end

  local task = resumed and resumed.task or st:spawn("volley.session", "run")
  local seen
  -- every output below goes through the view filter (volley.view, in the engine state)
  local function with_queries(state)
    local qok, qerr = state:require("volley.queries")
    if not qok then out:err("volley play: " .. describe(qerr)) end
  end
  with_queries(st)
  -- a text as the view sees it (nil: it names a unit hidden from the view)
  function seen(text)
    if view == "referee" then return text end
    local sok, v = st:call("volley.queries", "line", view, text)
    if not sok then return text end
    return v
  end
  local names_cache   -- the map's hex labels, fetched once
  local function names()
    local nok, n = st:call("volley.queries", "names", view, { hexes = names_cache == nil })
    if not nok then return {} end
    names_cache = names_cache or n.hexes
    n.hexes = names_cache
    -- `toward <hex>[/<hex>]` read for a unit where the view sees it (volley.queries.facing)
    n.facing = function(unit, text)
      local fok, word, what = st:call("volley.queries", "facing", view, unit, text)
      if not fok then return nil, tostring(word) end
      return word, what
    end
    return n
  end
  -- The prompt at a terminal: Tab asks env.complete (shell/prompt.c) for the words that may
  -- replace the word being typed (volley.complete), against the request being answered
  -- (`asking`, its options as the view sees them) and the names the view sees.
  local asking
  if o.prompt then
    env.complete = function(before)
      local p = asking
      if p and view ~= "referee" and p.side ~= view then
        local shown = {}
        for _, v in ipairs(p.options or {}) do
          if seen(tostring(v)) then shown[#shown + 1] = v end
        end
        p = { side = p.side, kind = p.kind, options = shown, default = p.default }
      end
      return require("volley.complete").candidates(before, { pending = p, names = names() })
    end
  end

  -- What one resume did: its rolls and narrative printed, the checkpoint after an answer,
  -- the journal line.
  local decisions, refused = 0, 0
  local function after(answered)
    local dok, d = st:call("volley.queries", "drain", view)
    if not dok then return end
    emit(out, d)
    if answered then
      if view == "referee" then
        out:event{ event = "checkpoint", v = json.V, state_hash = d.state_hash,
                   rolls = d.rolls_count }
      else
        out:event{ event = "checkpoint", v = json.V, view_hash = d.view_hash }
      end
    end
    if jrnl then
      jrnl:record(answered, d)
      autosave()
    end
  end

  -- A refused command, as the view sees it: `FILE:LINE: why [rule]` on stderr; at the
  -- prompt `refused: why [rule]` on stdout (it goes on; the exit status stays 0).
  local function refuse(line, why, from_rules)
    if from_rules then
      local fok, filtered = st:call("volley.queries", "refusal", view, why)
      if fok then why = filtered end
    end
    if o.prompt then
      out:note("refused: " .. why)
      return
    end
    refused = refused + 1
    out:err(script.name .. ":" .. line .. ": " .. why)
  end

  -- The commands that answer nothing (volley.commands QUERIES): their lines, or nil and
  -- why not; `load` and `reload` replace the game (returns "replaced").
  local replace_game
  local saved_answers = 0   -- the journal's answers when a save file was last named here
  local function query(c)
    local a = c.args
    local function call(fn, ...)
      local qok, r, why = st:call("volley.queries", fn, view, ...)
      if not qok then return nil, describe(r) end
      return r, why
    end
    if c.verb == "show" then
      return call("show", a[1])
    elseif c.verb == "los" then
      local line, why = call("los", a[1], a[2])
      if not line then return nil, why end
      return { line }
    elseif c.verb == "reach" then
      return call("reach", a[1])
    elseif c.verb == "log" then
      local n, rolls
      for _, w in ipairs(a) do
        if w == "rolls" then
          rolls = true
        elseif w:match("^%d+$") and #w < 7 then
          n = tonumber(w)
        else
          return nil, "log [<n>] [rolls]: '" .. w .. "' is neither a number nor rolls"
        end
      end
      local entries, why = call("log", n, rolls)
      if not entries then return nil, why end
      local lines = {}
      for _, e in ipairs(entries) do
        lines[#lines + 1] = e.text or M.roll_line(e.roll)
      end
      if #lines == 0 then lines[1] = "nothing told yet" end
      return lines
    elseif c.verb == "lua" then
      local v, why = call("lua", c.rest)
      if not v then return nil, why end
      return { v }
    elseif c.verb == "map" or c.verb == "svg" then
      if not env.render then return nil, c.verb .. ": no pictures here" end
      local marks, why = call("marks")
      if not marks then return nil, why end
      local opts = { svg = c.verb == "svg" and a[1] or nil, hex = c.verb == "map" and a[1] or nil,
                     radius = c.verb == "map" and a[2] or nil }
      if opts.radius and not opts.radius:match("^%d+$") then
        return nil, "map: bad radius '" .. opts.radius .. "' (a number of hexes)"
      end
      io.stdout:flush()
      local rok, rwhy = env.render(marks, opts)
      if not rok then return nil, rwhy end
      return c.verb == "svg" and { "wrote " .. a[1] } or {}
    elseif c.verb == "rules" then
      local _, system = st:call("volley.queries", "system")
      return require("volley.rules_index").lookup(system, a)
    elseif c.verb == "sources" then
      local inspect = require "volley.inspect"
      io.stdout:flush()
      local code = inspect.sources_main({ o.target })
      if code ~= 0 then return nil, "sources: the scenario's data does not load" end
      return {}
    elseif c.verb == "save" then
      if not jrnl then return nil, "save: this game cannot be named in a save" end
      local wok, werr = jrnl:write(a[1])
      if not wok then return nil, "save: " .. tostring(werr) end
      saved_answers = jrnl:answers()
      return { "saved " .. jrnl:answers() .. " answers to " .. a[1] }
    elseif c.verb == "load" or c.verb == "reload" then
      local path = a[1]
      if c.verb == "reload" then
        if not jrnl then return nil, "reload: this game cannot be named in a save" end
        path = os.tmpname()
        local wok, werr = jrnl:write(path)
        if not wok then return nil, "reload: " .. tostring(werr) end
      end
      -- reload re-reads the scripts as they are now (a fixed mod): the answers replayed and
      -- their state hashes checked, not the files' hashes of the game so far
      local game, why = replay.load(path, c.verb == "reload" and { check = false } or nil)
      if c.verb == "reload" then os.remove(path) end
      if not game then return nil, c.verb .. ": " .. why end
      if table.concat(game.info.sides, " ") ~= table.concat(sides, " ") then
        game:close()
        return nil, "load: the save's sides are not this game's (" .. table.concat(sides, " ")
          .. "): play it with volley play --resume or at a new prompt"
      end
      replace_game(game)
      if c.verb == "load" then saved_answers = game.answers end
      return { (c.verb == "load" and ("loaded " .. path) or "reloaded the scenario's scripts")
        .. ": " .. game.answers .. " answers replayed" }, nil, "replaced"
    end
    return nil, "unknown command " .. c.verb
  end

  -- Leaving the prompt at a terminal (Ctrl-D, quit) with answers not yet in a save file named
  -- here (`save FILE`, `load FILE`; never with --save, which saves anyway): the player is
  -- asked for a file name; Enter or Ctrl-D leaves without one, a save that fails asks again.
  local function offer_save()
    if not (env.tty and o.prompt and jrnl and not o.save) then return end
    if jrnl:answers() == saved_answers then return end
    while true do
      local name = env.reader("save the game? (a file name, or Enter to leave without "
        .. "saving) ", false)
      name = name and name:match("^%s*(.-)%s*$") or ""
      if name == "" then return end
      local wok, werr = jrnl:write(name)
      if wok then
        saved_answers = jrnl:answers()
        out:note("saved " .. jrnl:answers() .. " answers to " .. name)
        return
      end
      out:note("refused: save: " .. tostring(werr))
    end
  end

  -- The next answer from the script for `side`: informational commands are printed, refused
  -- ones reported; returns the value, or nil and why the script stops ("end", "quit",
  -- "strict"). At a terminal the end of input (Ctrl-D) quits, after offer_save.
  local defaulting = false   -- `default all`: the set-up's requests take their defaults
  local function in_setup()
    local iok, yes = st:call("volley.queries", "in_setup")
    return iok and yes == true
  end
  local function script_answer(side, req)
    local pending = { side = side, kind = req.kind, prompt = req.prompt, rule = req.rule,
                      options = req.options, default = req.default }
    script.prompt_text = side .. "> "
    asking = pending
    if defaulting then
      if req.default ~= nil and in_setup() then
        out:note("(default all) " .. tostring(req.default))
        return req.default, script.n
      end
      defaulting = false
    end
    while true do
      local line, n, bad = script:next()
      if line == nil and env.tty and o.prompt then
        offer_save()
        return nil, "quit"
      end
      if line == nil then return nil, "end" end
      local c = line and commands.interpret(line, pending, names())
          or { kind = "refused", why = bad }
      if c.kind ~= "skip" then
        if not env.tty and line then out:text(side .. "> " .. line:match("^%s*(.-)%s*$")) end
        if c.kind == "answer" then return c.value, n end
        if c.kind == "default_all" then
          if not in_setup() then
            c = { kind = "refused", why = "default all answers the set-up's requests, and the "
              .. "set-up is over (" .. (c.value ~= nil and "default answers this one"
                or "this request has no default") .. ") " .. tostring(req.rule) }
          elseif c.value == nil then
            c = { kind = "refused", why = "this request has no default " .. tostring(req.rule) }
          else
            defaulting = true
            return c.value, n
          end
        end
        if c.kind == "print" then
          for _, l in ipairs(c.lines) do out:note(l) end
        elseif c.kind == "quit" then
          offer_save()
          return nil, "quit"
        elseif c.kind == "undo" then
          return nil, "undo", n
        elseif c.kind == "query" then
          local lines, qwhy, replaced = query(c)
          if lines then
            for _, l in ipairs(lines) do out:note(l) end
            if replaced then return nil, "replaced" end
          else
            refuse(n, qwhy)
            if o.strict then return nil, "strict" end
          end
        elseif c.kind == "dice" then
          local fok, ferr = st:call("volley.session", "force", c.faces,
            script.name .. ":" .. n .. ": dice force")
          if not fok then
            refuse(n, "dice force: " .. describe(ferr))
            if o.strict then return nil, "strict" end
          end
        else
          refuse(n, c.why)
          if o.strict then return nil, "strict" end
        end
      end
    end
  end

  local res
  if resumed then
    local p = resumed.pending
    res = { n = 4, p.kind, p.side, p.request, p.refusal }
    decisions = resumed.answers
  else
    res = pack(task:resume())
    after(nil)
  end

  -- undo: takes back the last answer of a side without a bot (and the bots' answers after
  -- it, which they give again alike); the autosave, append-only, is made anew. Returns the
  -- answers taken back, or nil and why not (the game untouched).
  local function undo_last()
    local undone = {}
    while true do
      local uok, r = st:call("volley.session", "undo", humans)
      if not uok then return nil, describe(r) end
      if r.refused then
        if #undone == 0 then return nil, r.refused end
        break
      end
      undone[#undone + 1] = r.undone
      decisions = decisions - 1
      if jrnl then jrnl:drop_last() end
      task:close()
      task = st:spawn("volley.session", "run_resume")
      res = pack(task:resume())
      st:call("volley.session", "drain")    -- the replayed part is not shown again
      if res[1] ~= "request" or not players[r.undone.side] then break end
    end
    for _, u in ipairs(undone) do
      out:note(string.format("undo: %s %s %s taken back", u.side, u.request, tostring(u.value)))
    end
    if auto then
      local old = auto_path
      auto:abandon()
      auto, auto_path = M.autosave_create(jrnl)
      auto_lines = #jrnl.h.journal
      if auto then os.remove(old) end
    end
    return undone
  end
  local function failure_of(e) return driving.failure(st, e) end
  -- After a script's error on a player's answer (docs/modding.md "When a script fails"): the
  -- game put back as it was before the answer (volley.session.rollback), the step's earlier
  -- answers replayed unseen, the same request pending again. Nothing reached the journal or
  -- the autosave (they record an answer once its consequences are done). False when the game
  -- cannot be put back (undo off, or the replay does not reach the same request).
  local function rollback(asked)
    local rok, r = st:call("volley.session", "rollback")
    if not rok or r.refused then return false end
    task:close()
    task = st:spawn("volley.session", "run_resume")
    res = pack(task:resume())
    st:call("volley.session", "drain")    -- the replayed part is not shown again
    return res[1] == "request" and res[2] == asked
  end
  -- load and reload: the game replayed from a save goes on in place of this one (its own
  -- engine state, task, journal and pending request; no autosave from here on)
  function replace_game(game)
    task:close()
    st:close()
    st, task, jrnl = game.st, game.task, game.journal
    seed = game.save and game.save.seed or seed   -- the loaded game's (bots draw from it)
    with_queries(st)
    local p = game.pending
    res = { n = 4, p.kind, p.side, p.request, p.refusal }
    decisions = game.answers
    names_cache = nil
    if auto then
      auto:abandon()
      auto = nil
    end
  end
  local capped, stopped, failed = false, nil, false
  while true do
    local kind = res[1]
    if kind == "error" then
      out:err("volley play: the game stopped: " .. (failure_of(res[2])))
      failed = true
      break
    end
    if kind == "done" then break end
    local side, req = res[2], res[3]
    if decisions >= cap then
      capped = true
      break
    end
    local n = decisions + 1
    local shown = req.options
    if view ~= "referee" and side ~= view then
      -- another side's request: its options as the view sees them
      shown = {}
      for _, v in ipairs(req.options or {}) do
        if seen(tostring(v)) then shown[#shown + 1] = v end
      end
    end
    out:event{ event = "request", v = json.V, decision = n, side = side, kind = req.kind,
               prompt = req.prompt, rule = req.rule, options = shown }
    local bot = players[side]
    if not bot then
      out:text(string.format("%d. %s %s: %s %s", n, side, req.kind, req.prompt, req.rule))
    end
    local answer, why
    local redo = false   -- an undo: the outer loop goes on with the request now pending
    while true do
      local given = true
      if bot then
        answer = bot.answer(nil, req, { side = side, name = o.bots[side], seed = seed,
                                        decision = n })
      else
        local line, uline
        answer, line, uline = script_answer(side, req)
        if answer == nil and line == "replaced" then
          redo = true
          break
        elseif answer == nil and line == "undo" then
          given = false
          local undone, uwhy = undo_last()
          if undone then
            redo = true
            break
          end
          refuse(uline, uwhy, true)
          if o.strict then
            stopped = "strict"
            break
          end
        elseif answer == nil then
          stopped = line
          break
        else
          why = line
        end
      end
      if given then
        res = pack(task:resume(answer))
        local failure, by_script
        if res[1] == "error" then failure, by_script = failure_of(res[2]) end
        if res[1] == "error" and not bot and by_script then
          -- a script failed on a player's answer: refused, the game as it was before it
          if rollback(side) then
            side, req = res[2], res[3]
            refuse(why, "the answer failed: " .. failure)
            if o.strict then
              stopped = "strict"
              break
            end
          else
            res = { n = 2, "error", failure }
            break
          end
        elseif res[1] == "error" then
          res = { n = 2, "error", failure }
          break
        elseif res[1] == "request" and res[4] then  -- refused by the rules: the same request
          if bot then
            out:err("volley play: bot " .. o.bots[side] .. " for " .. side
              .. " gave an illegal answer: " .. tostring(res[4]))
            failed = true
            break
          end
          refuse(why, tostring(res[4]), true)
          if o.strict then
            stopped = "strict"
            break
          end
        else
          break
        end
      end
    end
    if stopped or failed then break end
    if res[1] == "error" then
      -- the answer's consequences failed (a script error): not counted, not recorded
      out:err("volley play: the game stopped: " .. describe(res[2]))
      failed = true
      break
    end
    if not redo then
      decisions = n
      local told = seen(tostring(answer))
      out:event{ event = "answer", v = json.V, decision = n, side = side, kind = req.kind,
                 answer = told and answer or "?", by = bot and o.bots[side] or "script" }
      if bot and not told then
        out:text(string.format("%d. %s %s: ? (hidden from %s)", n, side, req.kind, view))
      elseif bot then
        out:text(string.format("%d. %s %s: %s", n, side, req.kind, tostring(answer)))
      end
      after({ side = side, request = req.kind, value = answer })
    end
  end
  task:close()
  if script then script:close() end

  local function save()
    if auto then
      auto:close()
      auto = nil
    end
    if not o.save then return true end
    local wok, werr = jrnl:write(o.save)
    if not wok then
      out:err("volley play: --save: " .. tostring(werr))
      return false
    end
    return true
  end

  if failed then
    save()
    st:close()
    return 1
  end
  if stopped then
    local side, req = res[2], res[3]
    local how = stopped == "quit" and "quit" or (stopped == "strict"
      and "stopped at the first refused command (--strict)"
      or (o.prompt and "the input ended" or "the script ended"))
    out:note(string.format("stopped at decision %d (%s to answer %s %s): %s", decisions + 1,
      side, req.kind, req.rule, how))
    local saved = save()
    st:close()
    return (refused > 0 or not saved) and 1 or 0
  end
  local _, r = st:call("volley.session", "result")
  local vh
  if view ~= "referee" then
    local _
    _, vh = st:call("volley.queries", "view_hash", view)
  end
  local winner, reason = r.winner, r.reason
  if capped then winner, reason = nil, "capped" end
  if winner == "draw" then winner = nil end
  local over = { event = "game_over", v = json.V, winner = winner or json.null,
                 reason = reason or "", draw = (not capped and r.winner == "draw") or nil,
                 decisions = decisions, max_decisions = cap }
  if view == "referee" then
    over.seed, over.state_hash = seed, r.state_hash
  else
    over.view_hash = vh
  end
  out:event(over)
  local tail = view == "referee" and string.format("; seed %d; state %s", seed, r.state_hash)
    or string.format("; view %s %s", view, vh)
  out:text(string.format("game over: %s (%s) after %d decisions%s",
    winner or (capped and "no winner" or "draw"), reason or "", decisions, tail))
  local saved = save()
  if o.prompt then
    -- the game is over: the prompt still answers what answers nothing, until quit
    script.prompt_text = "volley> "
    asking = nil
    while true do
      local line, _, bad = script:next()
      if line == nil then
        offer_save()
        break
      end
      local c = line and commands.interpret(line, nil, names()) or { kind = "refused", why = bad }
      if c.kind ~= "skip" and not env.tty and line then
        out:text("> " .. line:match("^%s*(.-)%s*$"))
      end
      if c.kind == "quit" then
        offer_save()
        break
      end
      if c.kind == "print" then
        for _, l in ipairs(c.lines) do out:note(l) end
      elseif c.kind == "query" and c.verb ~= "load" and c.verb ~= "reload" then
        local lines, qwhy = query(c)
        for _, l in ipairs(lines or { "refused: " .. tostring(qwhy) }) do out:note(l) end
      elseif c.kind ~= "skip" then
        out:note("refused: the game is over (" .. (c.why or c.kind) .. ")")
      end
    end
  end
  st:close()
  return (refused > 0 or not saved) and 1 or 0
end


--- The prompt (`volley` with no arguments): the default scenario, hot seat (every side
-- answered at the prompt, the referee's view), its lines from `env.reader`, through the same
-- driver as `--script` (`main`). Returns the exit status.
-- @tparam {string,...} args more flags for `play` (`volley --seed 3 --bot B=random`)
-- @tparam table env as for `main`, with `reader` and `tty`
function M.prompt(args, env)
  local target = M.DEFAULT_SCENARIO
  local core_ok = core.find("scenarios/" .. target .. "/scenario.ini") ~= nil
  local sc = core_ok and require("volley.scenario").read(target)
  if not sc or not core.find("scripts/systems/" .. sc.system .. "/init.lua") then
    io.stdout:write("(", target, " cannot be played yet: its rule system's scripts are not "
      .. "written; opening the demo)\n")
    target = M.DEMO_SCENARIO
    local here = io.open(target .. "/scenario.ini", "r")
    if here then
      here:close()
    else
      local found = core.find(target .. "/scenario.ini")
      target = found and found:gsub("/scenario%.ini$", "") or target
    end
  end
  local full = { target, "--script", "-" }
  for _, a in ipairs(args or {}) do full[#full + 1] = a end
  env.prompt = true   -- main prints the banner once the flags and sides are checked
  return M.main(full, env)
end

return M