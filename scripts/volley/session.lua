--- A game session inside an engine-owned state: what `volley play` drives from the host
-- (docs/build.md "Engine-owned Lua states"; docs/modding.md). The host calls `open` with
-- `state:call`, runs the game with `state:spawn("volley.session", "run")` and
-- `task:resume(answer)`, and between resumes collects what happened with `state:call`
-- (`drain`) and the end with `result`. Everything crossing to the host is plain data.
--
-- The session holds the one game of its state (`current`): a reference to the game, not game
-- state (that lives in the store).
-- @module volley.session

local core = require "volley.core"
local compat = require "volley.compat"
local ask = require "volley.ask"
local control = require "volley.control"
local game_mod = require "volley.game"
local sandbox = require "volley.sandbox"
local script_api = require "volley.script_api"
local secret = require "volley.secret"
local shared = require "volley.shared"

local M = {}

local current   -- the game of this state, once opened
local track     -- what undo needs of it (not game state): the steps' snapshots and answers
local world     -- how its scripts' worlds are made again (not game state): `scripts` (each
                -- `{path =, source =, text =}`, in load order), `mark` (the registry before
                -- them), `calls` (`sandbox.calls()` when the world was last made), `made`

--- How many step records undo keeps (each a snapshot of the store and the step's answers):
-- an undo can go back this many steps that had answers.
M.UNDO_HISTORY = 64

--- The most legal answers a script's request may list (`volley.ask`): far above what a rule
-- asks, and well below what may cross to the host in one request.
M.MAX_ASK_OPTIONS = 10000

local function pack(...)
  return { n = select("#", ...), ... }
end

local function is_answer(v)
  local t = type(v)
  return t == "string" or t == "boolean" or (t == "number" and v == math.floor(v)
    and v > -2 ^ 53 and v < 2 ^ 53)
end

-- How many items a script's list holds, counted raw from 1 (its `__len` and `__index` are
-- never run: what is counted is what is copied), stopping past `max`.
local function raw_count(list, max)
  local n = 0
  while n <= max and rawget(list, n + 1) ~= nil do n = n + 1 end
  return n
end

-- Why a script's list of legal answers cannot be asked, or nil: a list of at most
-- M.MAX_ASK_OPTIONS strings (each at most `volley.ask.ANSWER_MAX` bytes, what a save holds),
-- integers and booleans.
local function bad_options(kind, list)
  if type(list) ~= "table" then
    return "request '" .. kind .. "': enumerate returned a " .. type(list) .. " (a list expected)"
  end
  local n = raw_count(list, M.MAX_ASK_OPTIONS)
  if n > M.MAX_ASK_OPTIONS then
    return "request '" .. kind .. "' has more than " .. M.MAX_ASK_OPTIONS .. " options"
  end
  if n == 0 then
    -- nobody could answer it: a person would wait for ever and a bot has nothing to draw
    return "request '" .. kind .. "' lists no answer (a request offers one legal answer at "
      .. "least; ask nothing when there is no choice)"
  end
  for i = 1, n do
    local v = rawget(list, i)
    if not is_answer(v) then
      return "request '" .. kind .. "': option #" .. i .. " is a " .. type(v)
        .. (type(v) == "number" and " that is not an integer" or "")
        .. " (string, integer or boolean expected)"
    end
    local long = ask.bad_option(kind, i, v)
    if long then return long end
  end
  return nil
end

-- A script's list of answers as the host and the save get them: a copy, each string cleaned
-- as its request's options are (docs/modding.md "Text from a script"): no line end, escape
-- or NUL of a script's reaches a transcript, `?` or a save's answer.
local function cleaned(list)
  local out = {}
  for i = 1, raw_count(list, M.MAX_ASK_OPTIONS) do
    local v = rawget(list, i)
    out[i] = type(v) == "string" and core.text.clean(v) or v
  end
  return out
end

-- The API a mod's script sees as `volley` (docs/modding.md "The script API"): registering
-- hooks, under the mod's own name, asking, logging, the API's version and the system's points.
-- `volley.on` works only while a script's top level runs (`load_script` sets g.loading): a
-- handler that registered another would grow the list being fired, without end. Every
-- handler finds the runtime's read-only `ctx.game` (volley.script_api) in its context, bound
-- to its point: what the point's catalogue entry allows it to do.
-- The hook points whose handlers run now, innermost last (`g.hook_stack`, not state; "ask"
-- for a request's own functions): a script's ctx.game acts only while a handler of its own
-- point is the innermost running (volley.script_api), so one kept from an earlier point
-- cannot act at a later one that allows less.
local function finish(stack, n, ok, ...)
  for i = #stack, n, -1 do stack[i] = nil end
  if ok then return ... end
  error((...), 0)
end

local function running(g, point, where, fn, ...)
  local stack = g.hook_stack
  if not stack then
    stack = {}
    g.hook_stack = stack
  end
  local n = #stack + 1
  stack[n] = point
  return finish(stack, n, sandbox.call(where, fn, ...))
end

local function mod_api(g, path)
  local api = {}
  --- volley.api_version: the script API's version (volley.script_api.VERSION).
  api.api_version = script_api.VERSION
  --- volley.system: the id of the game's rule system ("demo", "rough_and_ready").
  api.system = g.system.id
  --- volley.points(): the hook points of the game's system, sorted.
  function api.points()
    return g.hooks:point_names()
  end
  --- volley.has_point(name): whether the game's system has the point (a mod for several
  -- systems registers only the points the game has).
  function api.has_point(name)
    return type(name) == "string" and g.hooks.points[name] ~= nil
  end
  --- volley.on(point, fn, {kind, priority}) [docs/modding.md]
  function api.on(point, fn, opts)
    if not g.loading then
      error("volley.on: hooks are registered when the script loads, not from a handler", 2)
    end
    if type(fn) ~= "function" then
      error("bad argument #2 to 'on' (function expected, got " .. type(fn) .. ")", 2)
    end
    local where = { point = point, source = path }
    local function guarded(...) return running(g, point, where, fn, ...) end
    local handler = function(ctx, mods, ...)
      local game_api = script_api.for_point(g, point, path, api.ask)
      if type(mods) == "table" and mods.add then
        -- a script gets a facade of the list (it cannot reach its fields or its source),
        -- as its second argument and as ctx.mods of a copy of the context
        local facade = sandbox.facade(mods, { "add", "total", "list" })
        local view = {}
        if type(ctx) == "table" then
          for k, v in pairs(ctx) do view[k] = v end
          view.mods = facade
          view.game = game_api
        end
        return guarded(type(ctx) == "table" and view or ctx, facade, ...)
      end
      if type(ctx) == "table" then ctx.game = game_api end
      return guarded(ctx, mods, ...)
    end
    g.hooks:set_source(path)
    local ok, err = pcall(g.hooks.on, g.hooks, point, handler, opts)
    g.hooks:set_source("system")
    if not ok then error(err, 2) end
  end
  --- volley.ask(side, request) [docs/modding.md]: asks a player from a handler, as a rule
  -- does (`game:ask`): the request is a copy (its text cleaned, its functions guarded), the
  -- answer is checked against its legal answers and recorded in the journal.
  function api.ask(side, request)
    if ask.checking() then        -- not from a request's validate or explain
      error("volley.ask: a request's validate or explain only checks an answer; it may not "
        .. "ask", 2)
    end
    if g.loading then
      error("volley.ask: a script asks from a handler, not while it loads", 2)
    end
    local sides = g:sides()
    local known = false
    for _, s in ipairs(sides) do known = known or s == side end
    if not known then
      error("volley.ask: no side '" .. core.text.clean(tostring(side)) .. "' (sides: "
        .. table.concat(sides, " ") .. ")", 2)
    end
    if type(request) ~= "table" then
      error("bad argument #2 to 'ask' (table expected, got " .. type(request) .. ")", 2)
    end
    local r = {}
    for k, v in next, request do r[k] = v end   -- raw: no __pairs of the script's runs here
    for _, k in ipairs({ "kind", "prompt", "rule", "default", "free" }) do
      if type(r[k]) == "string" then r[k] = core.text.clean(r[k]) end
    end
    if type(r.options) == "table" then
      r.options = cleaned(r.options)   -- raw, as enumerate's lists
    end
    for _, k in ipairs({ "enumerate", "validate", "explain", "canonical", "tell", "compound",
                       "warn" }) do
      if type(r[k]) == "function" then
        local f, where = r[k], { point = "ask", source = path }
        r[k] = function(...) return running(g, "ask", where, f, ...) end
      end
    end
    -- a script's reasons are text from a script: cleaned like its request's (docs/modding.md)
    for _, k in ipairs({ "validate", "explain" }) do
      local f = r[k]
      if f then
        r[k] = function(answer)
          local a, b = f(answer)
          if type(a) == "string" then a = core.text.clean(a) end
          if type(b) == "string" then b = core.text.clean(b) end
          return a, b
        end
      end
    end
    -- the lazy form (count, at, has) is the rule systems': a script lists its answers
    for _, k in ipairs({ "count", "at", "has" }) do
      if r[k] ~= nil then
        error("volley.ask: request key '" .. k .. "' is a rule system's (a script gives options "
          .. "or enumerate)", 2)
      end
    end
    local ok, err = pcall(ask.check_request, r)
    if not ok then error("volley.ask: " .. tostring(err):gsub("^[^\n]-:%d+: ", ""), 2) end
    -- what crosses to the host is checked here, where the script can be named: the answers
    -- listed (or enumerated, checked when they are) and the default
    local why = r.options and bad_options(r.kind, r.options)
    if why then error("volley.ask: " .. why, 2) end
    if r.default ~= nil and not is_answer(r.default) then
      error("volley.ask: request '" .. r.kind .. "': default is a " .. type(r.default)
        .. " (string, integer or boolean expected)", 2)
    end
    if type(r.default) == "string" and #r.default > ask.ANSWER_MAX then
      error("volley.ask: request '" .. r.kind .. "': default is " .. #r.default
        .. " bytes long (at most " .. ask.ANSWER_MAX .. ", as a save holds)", 2)
    end
    if r.enumerate then
      local enumerate = r.enumerate
      r.enumerate = function()
        local list = enumerate()
        local bad = bad_options(r.kind, list)
        if bad then
          error(sandbox.error_object{ msg = "volley.ask: " .. bad, file = path, point = "ask",
                                      source = path }, 0)
        end
        return cleaned(list)
      end
    end
    return g:ask(side, r)
  end
  --- volley.log(text [, visibility]): a line of the game's narrative, seen by every view
  -- ("all", the default) or only by the sides listed (and the referee): ctx.game.log.
  function api.log(text, visibility)
    if g.loading then
      error("volley.log: a script logs from a handler, not while it loads", 2)
    end
    return script_api.of(g).log(text, visibility)
  end
  return api
end

-- Loads one script into its own sandbox environment and runs its top level; its hooks are
-- credited to `source` (DESIGN.md Part B: system, battle, or the mod's path). `text` is the
-- script's text (read from `path` when nil).
-- The script API with `volley.require` (volley.shared): modules of the game folder `dir`,
-- each given the same API.
local function with_require(g, api, dir, source)
  api.require = shared.require_fn(g, dir, function(_, d)
    return with_require(g, mod_api(g, source), d, source)
  end)
  return api
end

local function load_script(g, path, source, text)
  local opts = { api = with_require(g, mod_api(g, source), shared.dir_of(g, path), source),
                 source = source }
  local fn, env
  if text then
    fn, env = sandbox.load(text, path, opts)
  else
    fn, env = sandbox.loadfile(path, opts)
  end
  if not fn then error(sandbox.format(env), 0) end
  g.loading = true
  local ok, err = sandbox.call({ point = "load", source = source }, fn)
  g.loading = nil
  if not ok then error(sandbox.format(err), 0) end
end

-- Makes the scripts' worlds anew (docs/runtime.md "Disposable script worlds"): every handler
-- a script registered is taken back and each script is loaded from the text read at open and
-- its top level run again, in the order of open, so its locals, upvalues and globals start
-- again as a replay's do and the handlers take the same places and sources. A script's top
-- level has no game to read (no `ctx`, `volley.ask` refused), so every world made so is the
-- same.
local function rebuild(g)
  g.hooks:drop_after(world.mark)
  shared.reset(g)
  for _, s in ipairs(world.scripts) do load_script(g, s.path, s.source, s.text) end
  world.calls = sandbox.calls()
  world.made = world.made + 1
end

-- Whether a script call ran since the scripts' worlds were last made.
local function dirty()
  return sandbox.calls() ~= world.calls
end

-- The header's name of a file: its path under the data root that holds it
-- ("charts/demo/fire.ini"), so a save does not depend on where volley is installed; a file
-- outside every root (a scenario addressed by path) keeps the path it was read by.
local function header_name(path)
  for _, root in ipairs(core.data_path()) do
    local prefix = root:gsub("/+$", "") .. "/"
    if path:sub(1, #prefix) == prefix then return path:sub(#prefix + 1) end
  end
  return (path:gsub("^%./", ""))
end

-- Every file under `rel` (a folder relative to the data roots) whose name matches `pattern`,
-- each name taken from the first root that has it (as the privileged require and the chart
-- loader find them), recursing into sub-folders; appended to `out` in bytewise order of the
-- relative paths. A folder of `rel` named `skip` is left out.
local function root_files(rel, pattern, out, skip)
  local found, names = {}, {}
  local function walk(root, sub)
    for _, e in ipairs(core.scenario.list_dir(root .. "/" .. sub) or {}) do
      local child = sub .. "/" .. e.name
      if e.kind == "dir" and not e.link then   -- a linked folder could loop
        if not (sub == rel and e.name == skip) then walk(root, child) end
      elseif e.name:match(pattern) and not found[child] then
        found[child] = root .. "/" .. child
        names[#names + 1] = child
      end
    end
  end
  for _, root in ipairs(core.data_path()) do walk(root, rel) end
  table.sort(names)
  for _, n in ipairs(names) do out[#out + 1] = { name = n, file = found[n] } end
end

--- The files a game is played with, as a save's header records them (docs/save.md "Replay,
-- undo and resume"; docs/formats.md "The save file"): role "scenario" for the scenario's files
-- (its .ini and every file it is laid over, nearest first -- its base, the scenario it extends
-- and theirs --, map, order of battle, rules.lua, its start state, its terrain and line of
-- sight layers, the charts of its charts layer, the shared modules of its game folders),
-- wherever they are (its folder, an extended scenario's, a game folder); role "system" for
-- the system's scripts (`scripts/systems/<id>/**.lua`, but for its bots' folder `bots/`) and
-- charts (`charts/<id>/*.ini`).
-- Options and mods are recorded apart.
-- @tparam table g the game (`volley.game.open`)
-- @treturn {table,...} `{role =, path = <the header's name>, file = <the path to read>}`,
--   scenario files first, each group in a fixed order
-- @raise when the game's shared modules cannot be listed (volley.shared.files)
function M.files(g)
  local sc = g.scenario
  local out, seen = {}, {}
  local function add(role, file)
    if file and not seen[file] then
      seen[file] = true
      out[#out + 1] = { role = role, path = header_name(file), file = file }
    end
  end
  add("scenario", sc.file)
  for _, c in ipairs(sc.chain or {}) do add("scenario", c.file) end
  add("scenario", sc.paths.map)
  add("scenario", sc.paths.oob)
  for _, r in ipairs(sc.paths.rules_list or { sc.paths.rules }) do add("scenario", r) end
  add("scenario", sc.paths.start)
  add("scenario", sc.paths.terrain or nil)
  add("scenario", sc.paths.los or nil)
  local own = {}
  local charts = sc.paths.charts
  for _, e in ipairs(charts and core.scenario.list_dir(charts) or {}) do
    if e.kind == "file" and e.name:match("%.ini$") then own[#own + 1] = e.name end
  end
  for _, name in ipairs(own) do add("scenario", charts .. "/" .. name) end
  local modules, why = shared.files(g)
  if not modules then error(why, 0) end
  for _, m in ipairs(modules) do add("scenario", m.file) end
  local sys = {}
  -- the system's bots' evaluation (`bots/`: docs/bots.md) decides no outcome: a save is
  -- not tied to it, so tuning a bot leaves every save loadable
  root_files("scripts/systems/" .. g.system.id, "%.lua$", sys, "bots")
  root_files("charts/" .. g.system.id, "%.ini$", sys)
  for _, e in ipairs(sys) do add("system", e.file) end
  return out
end

-- The header's options of a game: `{name =, path = <the header's name>, file =}`.
local function header_options(g)
  local options = {}
  for _, o in ipairs(g.options or {}) do
    options[#options + 1] = { name = o.name, path = header_name(o.path), file = o.path }
  end
  return options
end

-- Why the game's files (as `files` lists them), its options' and its mods differ from what a
-- save recorded (`expect`: a save's header), or nil: `volley.core.save.check`'s difference,
-- or why a file cannot be hashed. Checked before any of the game's scripts runs.
local function mismatch(g, target, expect, mods)
  local function hashed(list)
    local out = {}
    for i, f in ipairs(list) do
      local h, err = core.save.hash_file(f.file or f.path)
      if not h then return nil, tostring(err) end
      out[i] = { role = f.role, name = f.name, path = f.path, sha256 = h }
    end
    return out
  end
  local mod_list = {}
  for i, m in ipairs(mods or {}) do mod_list[i] = { path = m } end
  local now, why = {}
  now.files, why = hashed(M.files(g))
  if not now.files then return why end
  now.options, why = hashed(header_options(g))
  if not now.options then return why end
  now.mods, why = hashed(mod_list)
  if not now.mods then return why end
  now.scenario = g.scenario.id or (target:gsub("^%./", ""):gsub("/+$", ""))
  now.seed, now.undo, now.cap, now.view = expect.seed, expect.undo, expect.cap, expect.view
  local ok, diff = core.save.check(expect, now)
  if not ok then return diff end
end

--- Opens a game and loads its scripts: the battle's rules.lua, the options chosen (both
-- credited to "battle"), then the mods in command-line order (each credited to its path).
-- @tparam string target a scenario id or path
-- @tparam table opts `{seed = n, options = {name, ...}, mods = {path, ...}, dice = {face, ...},
--   undo = "strict"|"solo" (default strict) or "off" (no snapshots: bot games that never
--   undo, `volley sim`), expect = <a save's header>}`: with `expect`, the game's files,
--   options and mods are checked against the save's before any script runs, and a
--   difference gives `{mismatch = why}` (the game not usable; close the state)
-- @treturn table `{sides = {...}, max_decisions = n or nil, seed = n, scenario = id or path,
--   files = {{role =, path =, file =}, ...}, options = {{name =, path =, file =}, ...}}`:
--   `scenario`, `files` and `options` are what a save's header records (`volley.journal`;
--   `path` the header's name of a file, `file` the path to read it by; see `files`)
-- @raise with "<file>:<line>: <message>" for a scenario that does not load, or a mod's error
--   object formatted (file, line, point, source)
function M.open(target, opts)
  opts = opts or {}
  local g = game_mod.open(target, { seed = opts.seed, options = opts.options })
  g:charts()   -- every chart table checked now, not at the first roll that needs it
  -- a replayed save: its files checked before a script of the game runs (docs/save.md)
  if opts.expect then
    local why = mismatch(g, target, opts.expect, opts.mods)
    if why then return { mismatch = why } end
  end
  -- the battle's special rules (those of the scenarios it is laid over first), then the
  -- options chosen, then the mods in command-line order;
  -- each read once (the text its worlds are made from again), then loaded and run
  local scripts = {}
  for _, r in ipairs(g.scenario.paths.rules_list or { g.scenario.paths.rules }) do
    scripts[#scripts + 1] = { path = r, source = "battle" }
  end
  for _, o in ipairs(g.options or {}) do
    scripts[#scripts + 1] = { path = o.path, source = "battle" }
  end
  for _, path in ipairs(opts.mods or {}) do
    scripts[#scripts + 1] = { path = path, source = path }
  end
  world = { scripts = scripts, mark = g.hooks:mark(), made = 0 }
  shared.read(g)   -- the game's shared modules, read once now like its scripts
  for _, sc in ipairs(scripts) do
    local text, err = sandbox.read(sc.path, sc.source)
    if not text then error(sandbox.format(err), 0) end
    sc.text = text
    load_script(g, sc.path, sc.source, text)
  end
  world.calls = sandbox.calls()
  if opts.dice and #opts.dice > 0 then
    g.dice:force(opts.dice)
    g.force_origin = "--dice"
  end
  local policy = opts.undo
  if policy ~= nil and policy ~= "strict" and policy ~= "solo" and policy ~= "off" then
    error("undo policy '" .. tostring(policy) .. "' is neither strict nor solo (nor off)", 0)
  end
  current = g
  track = { policy = policy or "strict", steps = {}, feed = nil, revealed = 0, seen = 0 }
  g.ask = M.tracked_ask
  g.reveal = M.reveal
  local options = header_options(g)
  return { sides = g:sides(), max_decisions = g.max_decisions, seed = opts.seed,
           scenario = g.scenario.id or (target:gsub("^%./", ""):gsub("/+$", "")),
           files = M.files(g), options = options }
end

-- Notes the forced rolls made since the last look (from the dice's log, before anything
-- drains it) in the current step's record: the values an undo to that step queues again,
-- each with `after`, how many of the step's answers had been given when it was rolled (a
-- forced face is used by the first rolls after the answer it was queued before, so a replay
-- of the step queues it again when that answer is replayed, not before the step's earlier
-- rolls).
local function note_rolls(g)
  local t = track
  local step = t.steps[#t.steps]
  for _, r in ipairs(g.dice:log()) do
    if r.n > t.seen then
      t.seen = r.n
      if r.forced and step then
        for _, f in ipairs(r.faces) do
          step.forced[#step.forced + 1] = { face = f, after = #step.answers }
        end
      end
    end
  end
end

-- Queues the forced faces of a list, if any.
local function force(g, faces)
  if faces and #faces > 0 then g.dice:force(faces) end
end

-- The units whose hidden flag is set, in id order, or nil when there is none.
local function hidden_units(g)
  local out
  for _, u in ipairs(g.store:units{}) do
    if g.store:unit(u).hidden then
      out = out or {}
      out[#out + 1] = u
    end
  end
  return out
end

-- At each step boundary (the store's cursor just written): a step record, the snapshot
-- undo restores. A step nobody answered in keeps no record once the next one starts.
-- The scripts' worlds are made anew there when a script call ran since they last were
-- (docs/runtime.md "Disposable script worlds"): a script's own Lua state lasts one step at
-- most, in play, replay and sim alike, whatever the undo policy.
local function boundary(_, path)
  local g, t = current, track
  g.hooks:forget_script()   -- a failure names a script handler of its own step only
  if dirty() then rebuild(g) end
  if t.policy == "off" then return end
  note_rolls(g)
  local last = t.steps[#t.steps]
  if last and #last.answers == 0 and #last.forced == 0 then t.steps[#t.steps] = nil end
  t.steps[#t.steps + 1] = { snap = g.store:copy(), answers = {}, path = path, forced = {},
                            narrative = #g.narrative,
                            any_hidden = t.policy == "strict" and hidden_units(g) ~= nil }
  if #t.steps > M.UNDO_HISTORY then table.remove(t.steps, 1) end
end

--- The task the host spawns: plays the game to its end (its asks reach the host).
function M.run()
  current:run{ on_boundary = boundary }
  return "done"
end

--- The task the host spawns after `undo`: continues the game from the cursor the store holds
-- (the step boundary undo restored), answers the step's requests with the answers undo kept
-- but the last, and asks the host from there.
function M.run_resume()
  current:run{ resume = true, on_boundary = boundary }
  return "done"
end

--- `game:ask` of a session's game: asks as `volley.ask.ask` does and records the answer in
-- the current step's record (with the roll count just after it, for undo strict), after
-- recording the places occupied now as passed through (as `Game:ask`); while an
-- undo replays a step, answers from the step's record instead of asking.
-- @raise when a replayed answer no longer fits its request (a rule that is not a function of
--   the game state)
function M.tracked_ask(g, side, request)
  ask.not_checking(2)
  control.settle(g)                  -- the places occupied now, passed through (volley.control)
  local t = track
  local feed = t.feed
  local value, by_default, because
  note_rolls(g)
  if feed and feed.i <= #feed then
    local e = feed[feed.i]
    feed.i = feed.i + 1
    ask.check_request(request)
    local ok, v = ask.check(request, e.value)
    if not ok or side ~= e.side or request.kind ~= e.request then
      t.feed = nil
      error("undo: answer " .. (feed.i - 1) .. " of the step (" .. e.side .. " " .. e.request
        .. " " .. tostring(e.value) .. ") does not replay: " .. (ok and (side .. " is asked "
        .. request.kind) or v), 0)
    end
    value, by_default = v, e.by_default
    force(g, feed.forced[feed.i - 1])   -- the faces this answer's consequences used
  else
    if feed then
      -- the step is replayed: the host is shown nothing of it again; the faces the part
      -- taken back used come again, then those still queued (docs/save.md "Undo")
      force(g, feed.tail)
      t.feed = nil
      g.dice:drain()
      g.roll_records = {}
      g.roll_at = {}
      g.narrative_told = #g.narrative
    end
    -- the request's legal answers listed before its answers are checked: a script's error
    -- there is the previous answer's consequence (rollback takes that answer back)
    ask.check_request(request)
    ask.prepare(request)
    t.asking = true
    t.pending = { side = side, request = request }
    local mark, rest
    value, rest = ask.ask(side, request, function(event)
      if event == "asking" then
        mark = sandbox.calls()
      elseif sandbox.calls() ~= mark then
        t.stale = true   -- a refused answer's checking ran script code: put back (settle)
      end
    end)
    t.asking, t.pending = nil, nil
    -- the answer as the request took it (its canonical form: a request's `canonical` may
    -- read a typed answer as a legal one written otherwise): the host journals this one
    t.taken = { value = value, rest = rest and #rest > 0 and rest or nil }
    by_default = t.by_default
    t.by_default = nil
    because = t.because
  end
  t.because = nil
  if because then
    -- a bot's reason for its answer (`M.because`): the story says it, for its side's view
    -- and the referee's, so `log` shows it; a replay does not know it (as `free` above)
    g:log(string.format("bot %s for %s, %s %s: %s", because.name, side, request.kind,
      tostring(value), because.why))
    g.narrative_to = g.narrative_to or {}
    g.narrative_to[#g.narrative] = { side }
  end
  if by_default and request.free then
    -- a request whose default cannot hurt the asker, answered so by the host: the story says
    -- it, so `log` lists it (docs/runtime.md "Requests")
    g:log(string.format("%s %s: %s (answered for %s: %s; volley play --ask-free asks it) %s",
      side, request.kind, tostring(value), side, core.text.clean(request.free), request.rule))
  end
  secret.answered(g, side, request, value)   -- a secret request's answer kept as its secret
  local step = t.steps[#t.steps]
  t.last_answer = nil
  if step then
    local entry = { side = side, request = request.kind, value = value,
                    secret = request.secret and true or nil,
                    rolls = g.dice:count(), revealed = t.revealed, by_default = by_default,
                    hidden = step.any_hidden and hidden_units(g) or nil }
    step.answers[#step.answers + 1] = entry
    t.last_answer = entry
  end
  return value
end

--- The request the game waits on, `{side =, request =}` (the request as the rules gave it,
-- its functions with it), or nil: what `volley.queries.notes` reads.
-- @treturn ?table
function M.pending()
  return track and track.pending or nil
end

--- The host answers the pending request with its default, unasked, because the request says
-- its default cannot hurt the asker (a request's `free`; `volley play` without --ask-free):
-- the answer about to come back is that one, and the narrative will say so.
function M.by_default()
  if track then track.by_default = true end
end

--- The host's bot explains the answer about to come back (`volley.play`'s bots): the
-- narrative says it after the answer is taken, for the bot's side and the referee, so `log`
-- shows it. Not game state: a replay of the save does not log it.
-- @tparam string name the bot's name
-- @tparam string why its reason, cleaned and cut to 200 bytes
function M.because(name, why)
  if not track then return end
  local text = core.text.clean(tostring(why))
  if #text > 200 then text = text:sub(1, 197) .. "..." end
  track.because = { name = core.text.clean(tostring(name)), why = text }
end

--- `game:reveal(what)` of a session's game: rules call it when they show a side something
-- hidden (a hidden unit's identity, a chit drawn), so that undo strict will not take back an
-- answer given before it (DESIGN.md principle 5; docs/save.md "Replay, undo and resume").
function M.reveal()
  track.revealed = track.revealed + 1
end

-- A quoted answer for messages.
local function quoted(v)
  if type(v) == "string" then return '"' .. v .. '"' end
  return tostring(v)
end

-- Restores step k's snapshot and queues the first `keep` of its answers to replay (the rest,
-- and every step after it, dropped): what `undo` and `rollback` share.
local function back_to(g, t, k, keep)
  local step = t.steps[k]
  -- the forced values used since the snapshot come again, each where it was used: those
  -- rolled before the step's first answer now, those after a kept answer when it is
  -- replayed (tracked_ask), those of the part taken back and those still queued once the
  -- replay is over and the game asks again
  local at, tail = {}, {}
  for i = k, #t.steps do
    for _, f in ipairs(t.steps[i].forced) do
      local list = tail
      if i == k and f.after <= keep then
        at[f.after] = at[f.after] or {}
        list = at[f.after]
      end
      list[#list + 1] = f.face
    end
  end
  for _, v in ipairs(g.dice:pending()) do tail[#tail + 1] = v end
  g.store:restore(step.snap)
  -- the scripts' worlds as a replay has them at that boundary: made anew there
  if dirty() then rebuild(g) end
  t.stale = nil
  g.dice:drain()
  g.roll_records = {}
  g.roll_at = {}
  t.seen = g.dice:count()
  g.dice:clear_forced()
  force(g, at[0])
  for i = #g.narrative, step.narrative + 1, -1 do
    g.narrative[i] = nil
    if g.narrative_to then g.narrative_to[i] = nil end
    if g.narrative_reveal then g.narrative_reveal[i] = nil end
  end
  -- a unit's reveal taken back with its line (the store restored hides it again)
  for u, line in pairs(g.narrative_unhidden or {}) do
    if line > #g.narrative then g.narrative_unhidden[u] = nil end
  end
  g.narrative_told = math.min(g.narrative_told or 0, step.narrative)
  local feed = { i = 1, forced = at, tail = tail }
  for i = 1, keep do feed[i] = step.answers[i] end
  for i = #t.steps, k, -1 do t.steps[i] = nil end
  t.feed = feed
  t.asking, t.last_answer, t.pending = nil, nil, nil
  return feed
end

--- After the game's task stopped with a script's error (docs/modding.md "When a script
-- fails"): puts the game back as it was before the answer whose consequences failed (or, when
-- the error came while an answer was being checked, before that answer was given), whatever
-- the undo policy says -- the answer never stood. The host then spawns `run_resume`, whose
-- first resume replays the step's earlier answers and returns the same request again.
-- @treturn table `{rolled_back = true, replayed = n}` or `{refused = why}` (undo off, or the
--   answer's step is no longer kept: the game cannot go on)
function M.rollback()
  local g, t = current, track
  if t.policy == "off" then return { refused = "undo is off in this game" } end
  local k = #t.steps
  if k == 0 then return { refused = "no step to go back to" } end
  if t.asking then
    -- the answer was being checked: nothing of it stands; the step's answers all replay
    local feed = back_to(g, t, k, #t.steps[k].answers)
    return { rolled_back = true, replayed = #feed }
  end
  while k > 0 and #t.steps[k].answers == 0 do k = k - 1 end
  local step = t.steps[k]
  if k == 0 or t.last_answer == nil or step.answers[#step.answers] ~= t.last_answer then
    return { refused = "the answer's step is no longer kept" }
  end
  local feed = back_to(g, t, k, #step.answers - 1)
  return { rolled_back = true, replayed = #feed }
end

--- Takes back the last answer (DESIGN.md principle 5): restores the snapshot of the step it
-- was given in and keeps that step's earlier answers to replay. The host then closes its task
-- and spawns `run_resume`, whose first resume replays them and returns the request the last
-- answer answered (`volley.replay.undo` does all of it).
--
-- Policy `strict` refuses an answer after which a die was rolled or hidden information was
-- revealed; `solo` takes anything back, and the same dice come again (they come from the
-- restored generator; forced values the undone part used are queued again).
-- @treturn table `{undone = {side =, request =, value =, secret =}, replayed = n}` or
--   `{refused = why}`
function M.undo(own)
  local g, t = current, track
  if t.policy == "off" then return { refused = "undo is off in this game" } end
  local k = #t.steps
  while k > 0 and #t.steps[k].answers == 0 do k = k - 1 end
  if k == 0 then
    return { refused = "nothing to undo: no answer since the game began (or within the last "
      .. M.UNDO_HISTORY .. " steps that had answers)" }
  end
  note_rolls(g)
  local step = t.steps[k]
  local last = step.answers[#step.answers]
  if t.policy == "strict" then
    local why
    if g.dice:count() > last.rolls then
      why = "a die was rolled after it"
    elseif t.revealed > last.revealed then
      why = "hidden information was revealed after it"
    else
      for _, u in ipairs(last.hidden or {}) do
        if not why and not g.store:unit(u).hidden then
          why = "hidden information was revealed after it (" .. u .. " is no longer hidden)"
        end
      end
    end
    if why then
      -- the answer a player takes back is their own: name it when a bot's came after it
      local mine = last
      if own and #own > 0 then
        local is_own = {}
        for _, side in ipairs(own) do is_own[side] = true end
        local found
        for j = k, 1, -1 do
          for i = #t.steps[j].answers, 1, -1 do
            local a = t.steps[j].answers[i]
            if not found and is_own[a.side] then found = a end
          end
        end
        mine = found or last
      end
      local after = ""
      if mine ~= last then
        after = " (" .. last.side .. "'s answer " .. quoted(last.value) .. " to "
          .. last.request .. " came after it)"
      end
      return { refused = "cannot undo " .. mine.side .. "'s answer " .. quoted(mine.value)
        .. " to " .. mine.request .. ": " .. why:gsub(" after it", " since") .. after
        .. "; with --undo strict an answer followed by a roll or by hidden information "
        .. "stands (--undo solo takes it back; docs/save.md)" }
    end
  end
  local feed = back_to(g, t, k, #step.answers - 1)
  return { undone = { side = last.side, request = last.request, value = last.value,
                      secret = last.secret },
           replayed = #feed }
end

--- Runs `fn(...)` in query mode (DESIGN.md principle 12; docs/runtime.md "Queries"): what
-- the host asks of the game between answers -- `volley.queries` (reach, los, show, map, lua,
-- views, names) -- is read-only. In query mode a roll raises "a query cannot roll dice"
-- (`game:roll`, hence `ctx.game.roll`) and a script's writes through `ctx.game` raise
-- (`volley.game` `not_in_query`); and
-- when any script call ran during the query (a hook the query's rules fire), the world the
-- scripts have is one no replay has: the session notes it, and `settle` puts the step back
-- before the next answer. Nested queries run in the outer one's mode.
-- @tparam string name the query's name, for a refusal ("reach")
-- @tparam function fn
-- @return what fn returns
-- @raise what fn raises; a roll or a write refused becomes "<name>: cannot be shown: <why>"
function M.query(name, fn, ...)
  local g = current
  if g == nil or g.querying then return fn(...) end
  local before = sandbox.calls()
  local q = {}             -- `game:not_in_query` marks it `refused` when it refuses
  g.querying = q
  local res = pack(pcall(fn, ...))
  g.querying = nil
  if sandbox.calls() ~= before and track then track.stale = true end
  if not res[1] then
    if q.refused then
      -- "reach: cannot be shown: mods/x.lua:6: a query cannot roll dice (movement.cost); ..."
      local e = sandbox.error_of(res[2])
      local where = e.file and (e.file .. ":" .. (e.line and (e.line .. ": ") or " ")) or ""
      local ctx = {}
      if e.point then ctx[#ctx + 1] = e.point end
      if e.source and e.source ~= e.file then ctx[#ctx + 1] = e.source end
      error(sandbox.error_object{ msg = name .. ": cannot be shown: " .. where .. tostring(e.msg)
        .. (#ctx > 0 and (" (" .. table.concat(ctx, ", ") .. ")") or "")
        .. "; a query never rolls nor changes the game (the dice are untouched)" }, 0)
    end
    error(res[2], 0)
  end
  return compat.unpack(res, 2, res.n)
end

--- After a query or a refused answer that ran script code (`query`, `tracked_ask`): puts the
-- step back as a replay has it -- the step's snapshot restored, the scripts' worlds made anew,
-- every answer of the step kept to replay (as `rollback` does) -- so the scripts see exactly
-- the world a replay of the journal gives them. The host then spawns `run_resume`, whose first
-- resume replays the step's answers unseen and returns the same request. Otherwise nothing.
-- @treturn table `{}` (nothing to do), `{put_back = true, replayed = n}`, or `{refused = why}`
--   (undo off: no step kept; a game nobody queries)
function M.settle()
  local t = track
  if not (t and t.stale) then return {} end
  t.stale = nil
  local k = #t.steps
  if t.policy == "off" or k == 0 then
    return { refused = "a query or a refused answer ran script code, and no step is kept" }
  end
  local feed = back_to(current, t, k, #t.steps[k].answers)
  return { put_back = true, replayed = #feed }
end

--- The current step's record for a bot's look-ahead (`volley.bots.position`; trusted code
-- in the game's state only): `{snap = store, answers = {{side=, request=, value=}, ...}}`,
-- the store as it was at the step's boundary and the answers given in the step since; nil
-- when no step is kept (undo off) or while an undo's replay is pending.
-- @treturn ?table
function M.step_now()
  local t = track
  if not t or t.policy == "off" or t.feed then return nil end
  return t.steps[#t.steps]
end

--- Makes the game's state `text` (a step boundary's canonical text, `store:serialize()`) the
-- one step this session keeps, with `answers` its answers so far: the base a bot's
-- look-ahead branches from (`volley.bots.shadow`, in a state of its own, never the live
-- game's). Its undo policy must keep steps.
-- @tparam ?string text the boundary's text; nil keeps the base's store and takes new answers
-- @tparam table answers `{{side=, request=, value=}, ...}`
-- @raise for a text that does not read back, or undo off
function M.base(text, answers)
  local g, t = current, track
  if t.policy == "off" then error("volley.session.base: undo is off", 0) end
  local snap = t.base_snap
  if text then
    local ok, err = g.store:deserialize(text)
    if not ok then error("volley.session.base: " .. tostring(err), 0) end
    snap = g.store:copy()
    t.base_snap = snap
  end
  if not snap then error("volley.session.base: no state given", 0) end
  t.base_answers = answers
end

--- Puts the game back at the base (`M.base`) with its answers queued to replay: the host
-- then runs `run_resume`, whose first resume replays them and returns the request pending
-- there. The branch a look-ahead tries next starts from it.
-- @treturn integer how many answers replay
function M.branch()
  local g, t = current, track
  t.steps = { { snap = t.base_snap, answers = t.base_answers, path = nil, forced = {},
                narrative = #g.narrative } }
  g.hook_stack = nil
  g.querying = nil
  t.by_default, t.taken, t.stale = nil, nil, nil
  local feed = back_to(g, t, 1, #t.base_answers)
  return #feed
end

--- How the scripts' worlds stand (tests, `volley play`'s figures): `made` (how many times
-- they were made anew since open), `dirty` (a script call ran since), `stale` (a query or a
-- refused answer ran script code: `settle` will put the step back).
-- @treturn table `{made = n, dirty = boolean, stale = boolean}`
function M.world()
  return { made = world and world.made or 0, dirty = world ~= nil and dirty(),
           stale = track ~= nil and track.stale == true }
end

--- The last handler a script gave that ran in the current step (`volley.hooks`
-- `last_script`), or nil: the host names it when the game fails in system code after it.
-- @treturn ?table `{source =, point =, kind =}`
function M.last_script()
  return current and current.hooks:last_script() or nil
end

--- The game of this state (for trusted modules and tests that work inside the engine state;
-- never handed to the host, which gets plain data only).
function M.game()
  return current
end

--- The undo policy of the game: "strict" or "solo".
function M.policy()
  return track.policy
end

--- The canonical text of the game state (`store:serialize()`): what `volley dump` prints,
-- exactly the bytes the state hash is taken of.
-- @treturn string
function M.serialize()
  return current.store:serialize()
end

--- What happened since the last drain: the rolls (each the dice's record with what a chart
-- roll adds, and `at`: how many of the drain's narrative lines were told before it), the
-- narrative lines, the state hash and the roll count; and `taken`, `{value = v}` with the
-- last answer a request took since the last drain, as it took it (the legal answer a typed
-- one means: `volley.ask`'s canonical) and, for a compound answer, `rest`, the answers it
-- carries for the requests that follow (`volley.ask.check`), or nil.
-- @treturn table `{rolls = {...}, narrative = {...}, narrative_to = {[i] = {side, ...}},
--   reveals = {[i] = {side =, name =, value =}} or nil (the lines that reveal a secret:
--   volley.secret), state_hash = hex, rolls_count = n,
--   taken = {value = v, rest = {...} or nil} or nil}`
function M.drain()
  local g = current
  local taken = track and track.taken
  if track then track.taken = nil end
  local rolls = {}
  local told = g.narrative_told or 0
  note_rolls(g)
  g.roll_at = g.roll_at or {}
  for _, r in ipairs(g.dice:drain()) do
    local c = g.roll_records[r.n] or {}
    g.roll_records[r.n] = nil
    local at = g.roll_at[r.n]
    g.roll_at[r.n] = nil
    rolls[#rolls + 1] = { n = r.n, die = r.kind, sides = r.sides, natural = r.value,
                          faces = r.faces, forced = r.forced, reason = r.reason, rule = r.rule,
                          modifiers = c.modifiers or {}, total = c.total or r.value,
                          chart = c.chart, row = c.row, column = c.column, result = c.result,
                          provisional = c.provisional,
                          at = at and math.max(0, at - told) or 0 }
  end
  local lines, to, reveals = {}, {}, nil
  for k = (g.narrative_told or 0) + 1, #g.narrative do
    lines[#lines + 1] = g.narrative[k]
    -- the sides a line is for, when a script's log said (volley.script_api.log)
    to[#lines] = g.narrative_to and g.narrative_to[k] or nil
    -- a secret revealed (volley.secret): the line's JSON `reveal` event
    if g.narrative_reveal and g.narrative_reveal[k] then
      reveals = reveals or {}
      reveals[#lines] = g.narrative_reveal[k]
    end
  end
  g.narrative_told = #g.narrative
  return { rolls = rolls, narrative = lines, narrative_to = to, reveals = reveals,
           state_hash = g.store:hash(), rolls_count = g.dice:count(), taken = taken }
end

--- How the game ended: `{winner = side or "draw" or nil, reason = text, level = word or nil,
-- state_hash = hex}` (`level`: the victory level a declared result named, volley.script_api).
function M.result()
  local g = current
  return { winner = g.vars.winner, reason = g.vars.reason, level = g.vars.level,
           state_hash = g.store:hash() }
end

--- The names a player may type for the host's command language (`volley.commands`; DESIGN.md
-- Part B "Ids and names"): every unit and leader with its side and location, and the map's
-- track spaces qualified `track/space`, the map's layout (`flat-top` or `pointy-top`: which
-- vertex aliases apply); with `{hexes = true}` also the map's hex labels.
-- @tparam[opt] table opts `{hexes = true}`
-- @treturn table `{units = {{id =, side =, where =, at =}, ...}, spaces = {...}, hexes = {...},
--   layout =}`
function M.names(opts)
  local g = current
  local units, spaces = {}, {}
  for _, u in ipairs(g.store:units{}) do
    local kind, at = g.store:where(u)
    units[#units + 1] = { id = u, side = g.store:unit(u).side, where = kind, at = at }
  end
  for _, t in ipairs(g.map:tracks()) do
    for _, s in ipairs(g.map:track(t).spaces) do spaces[#spaces + 1] = t .. "/" .. s end
  end
  return { units = units, spaces = spaces, hexes = opts and opts.hexes and g.map:hexes() or nil,
           layout = g.map:info().layout }
end

--- Queues forced dice (test mode, `dice force V...`): the next rolls come out as given.
-- @tparam {integer,...} faces
-- @raise with the dice's message for a value out of range when it is rolled
-- @tparam[opt] string origin where they were forced, for a face the die cannot show
--   ("tests/x.script:3: dice force")
function M.force(faces, origin)
  current.dice:force(faces)
  current.force_origin = origin or "dice force"
end

--- A side's view hash (DESIGN.md Part B "Locations, views and hidden information"): the
-- view filter's (`volley.view`: the first 16 hex digits of the SHA-256 of the view's
-- canonical text, the state's without the dice line and the lines naming units hidden from
-- the side).
-- @tparam string side
-- @treturn string 16 lower-case hex digits
function M.view_hash(side)
  return require("volley.view").new(current, side):hash()
end

--- Loads one script (a battle's rules.lua, an option, a mod) into its own sandbox for game
-- `g`, its hooks credited to `source`, as `open` does (`volley check` uses it).
-- @raise the script's error, formatted "file:line: message (point, source)"
M.load_script = load_script

return M
