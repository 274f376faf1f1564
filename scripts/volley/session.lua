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
local game_mod = require "volley.game"
local sandbox = require "volley.sandbox"

local M = {}

local current   -- the game of this state, once opened

-- The API a mod's script sees as `volley`: registering hooks, under the mod's own name.
local function mod_api(g, path)
  local api = {}
  --- volley.on(point, fn, {kind, priority}) [docs/modding.md]
  function api.on(point, fn, opts)
    if type(fn) ~= "function" then
      error("bad argument #2 to 'on' (function expected, got " .. type(fn) .. ")", 2)
    end
    local guarded = sandbox.guard({ point = point, source = path }, fn)
    local handler = function(ctx, mods, ...)
      if type(mods) == "table" and mods.add then
        -- a script gets a facade of the list (it cannot reach its fields or its source),
        -- as its second argument and as ctx.mods of a copy of the context
        local facade = sandbox.facade(mods, { "add", "total", "list" })
        local view = {}
        if type(ctx) == "table" then
          for k, v in pairs(ctx) do view[k] = v end
          view.mods = facade
        end
        return guarded(type(ctx) == "table" and view or ctx, facade, ...)
      end
      return guarded(ctx, mods, ...)
    end
    g.hooks:set_source(path)
    local ok, err = pcall(g.hooks.on, g.hooks, point, handler, opts)
    g.hooks:set_source("system")
    if not ok then error(err, 2) end
  end
  return api
end

--- Opens a game and loads its scripts: the battle's rules.lua, the options chosen (both
-- credited to "battle"), then the mods in command-line order (each credited to its path).
-- @tparam string target a scenario id or path
-- @tparam table opts `{seed = n, options = {name, ...}, mods = {path, ...}, dice = {face, ...}}`
-- @treturn table `{sides = {...}, max_decisions = n or nil, seed = n, scenario = id or path,
--   files = {{role =, path =, file =}, ...}, options = {{name =, path =, file =}, ...}}`:
--   `scenario`, `files` and `options` are what a save's header records (`volley.journal`;
--   `path` the header's name of a file, `file` the path to read it by; see `files`)
-- @raise with "<file>:<line>: <message>" for a scenario that does not load, or a mod's error
--   object formatted (file, line, point, source)
-- Loads one script into its own sandbox environment and runs its top level; its hooks are
-- credited to `source` (DESIGN.md Part B: system, battle, or the mod's path).
local function load_script(g, path, source)
  local fn, env = sandbox.loadfile(path, { api = mod_api(g, source), source = source })
  if not fn then error(sandbox.format(env), 0) end
  local ok, err = sandbox.call({ point = "load", source = source }, fn)
  if not ok then error(sandbox.format(err), 0) end
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
-- relative paths.
local function root_files(rel, pattern, out)
  local found, names = {}, {}
  local function walk(root, sub)
    for _, e in ipairs(core.scenario.list_dir(root .. "/" .. sub) or {}) do
      local child = sub .. "/" .. e.name
      if e.kind == "dir" then
        walk(root, child)
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

--- The files a game is played with, as a save's header records them (docs/save.md
-- "Replay, undo and resume"; docs/formats.md "The save file"): role "scenario" for the
-- scenario's own files (its .ini, its base, map, order of battle, rules.lua, its charts/),
-- role "system" for the system's scripts (`scripts/systems/<id>/**.lua`) and charts
-- (`charts/<id>/*.ini`). Options and mods are recorded apart.
-- @tparam table g the game (`volley.game.open`)
-- @treturn {table,...} `{role =, path = <the header's name>, file = <the path to read>}`,
--   scenario files first, each group in a fixed order
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
  if sc.base and sc.base ~= "" then add("scenario", sc.base) end
  add("scenario", sc.paths.map)
  add("scenario", sc.paths.oob)
  add("scenario", sc.paths.rules)
  local own = {}
  for _, e in ipairs(core.scenario.list_dir((sc.dir or ".") .. "/charts") or {}) do
    if e.kind == "file" and e.name:match("%.ini$") then own[#own + 1] = e.name end
  end
  for _, name in ipairs(own) do add("scenario", (sc.dir or ".") .. "/charts/" .. name) end
  local sys = {}
  root_files("scripts/systems/" .. g.system.id, "%.lua$", sys)
  root_files("charts/" .. g.system.id, "%.ini$", sys)
  for _, e in ipairs(sys) do add("system", e.file) end
  return out
end

function M.open(target, opts)
  opts = opts or {}
  local g = game_mod.open(target, { seed = opts.seed, options = opts.options })
  g:charts()   -- every chart table checked now, not at the first roll that needs it
  -- the battle's special rules, then the options chosen, then the mods in command-line order
  if g.scenario.paths.rules then load_script(g, g.scenario.paths.rules, "battle") end
  for _, o in ipairs(g.options or {}) do load_script(g, o.path, "battle") end
  for _, path in ipairs(opts.mods or {}) do load_script(g, path, path) end
  if opts.dice and #opts.dice > 0 then g.dice:force(opts.dice) end
  current = g
  local options = {}
  for _, o in ipairs(g.options or {}) do
    options[#options + 1] = { name = o.name, path = header_name(o.path), file = o.path }
  end
  return { sides = g:sides(), max_decisions = g.max_decisions, seed = opts.seed,
           scenario = g.scenario.id or (target:gsub("^%./", ""):gsub("/+$", "")),
           files = M.files(g), options = options }
end

--- The task the host spawns: plays the game to its end (its asks reach the host).
function M.run()
  current:run()
  return "done"
end

--- What happened since the last drain: the rolls (each the dice's record with what a chart
-- roll adds), the narrative lines, the state hash and the roll count.
-- @treturn table `{rolls = {...}, narrative = {...}, state_hash = hex, rolls_count = n}`
function M.drain()
  local g = current
  local rolls = {}
  for _, r in ipairs(g.dice:drain()) do
    local c = g.roll_records[r.n] or {}
    g.roll_records[r.n] = nil
    rolls[#rolls + 1] = { n = r.n, die = r.kind, sides = r.sides, natural = r.value,
                          faces = r.faces, forced = r.forced, reason = r.reason, rule = r.rule,
                          modifiers = c.modifiers or {}, total = c.total or r.value,
                          chart = c.chart, row = c.row, column = c.column, result = c.result,
                          provisional = c.provisional }
  end
  local lines = {}
  for k = (g.narrative_told or 0) + 1, #g.narrative do lines[#lines + 1] = g.narrative[k] end
  g.narrative_told = #g.narrative
  return { rolls = rolls, narrative = lines, state_hash = g.store:hash(),
           rolls_count = g.dice:count() }
end

--- How the game ended: `{winner = side or "draw" or nil, reason = text, state_hash = hex}`.
function M.result()
  local g = current
  return { winner = g.vars.winner, reason = g.vars.reason, state_hash = g.store:hash() }
end

--- The names a player may type for the host's command language (`volley.commands`; DESIGN.md
-- Part B "Ids and names"): every unit and leader with its side and location, and the map's
-- track spaces qualified `track/space`; with `{hexes = true}` also the map's hex labels.
-- @tparam[opt] table opts `{hexes = true}`
-- @treturn table `{units = {{id =, side =, where =, at =}, ...}, spaces = {...}, hexes = {...}}`
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
  return { units = units, spaces = spaces, hexes = opts and opts.hexes and g.map:hexes() or nil }
end

--- Queues forced dice (test mode, `dice force V...`): the next rolls come out as given.
-- @tparam {integer,...} faces
-- @raise with the dice's message for a value out of range when it is rolled
function M.force(faces)
  current.dice:force(faces)
end

--- A side's view hash (DESIGN.md Part B "Locations, views and hidden information"): until
-- the view filter exists, the SHA-256 (first 16 hex digits) of the state's canonical text
-- without the dice line and without the lines of units hidden from the side.
-- @tparam string side
-- @treturn string 16 lower-case hex digits
function M.view_hash(side)
  local g = current
  local hidden = {}
  for _, u in ipairs(g.store:units{}) do
    local info = g.store:unit(u)
    if info.hidden and info.side ~= side then hidden[u] = true end
  end
  local keep = {}
  for line in g.store:serialize():gmatch("[^\n]*\n") do
    local unit = line:match("^unit (%S+) ")
    if not line:match("^dice ") and not (unit and hidden[unit]) then keep[#keep + 1] = line end
  end
  return core.save.sha256(table.concat(keep)):sub(1, 16)
end

--- Loads one script (a battle's rules.lua, an option, a mod) into its own sandbox for game
-- `g`, its hooks credited to `source`, as `open` does (`volley check` uses it).
-- @raise the script's error, formatted "file:line: message (point, source)"
M.load_script = load_script

return M
