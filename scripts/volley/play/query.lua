--- The commands that answer nothing (`volley.commands` QUERIES), as `volley play` and the
-- prompt carry them out: show, los, reach, log, hash, lua, map, svg, rules, sources, options,
-- save, load, reload (docs/shell.md "The prompt"). Each gives the lines to print, or nil and
-- why not; `load` and `reload` put the game they replay in place of this one.
-- @module volley.play.query

local replay = require "volley.replay"
local driving = require "volley.driving"
local output = require "volley.play.output"

local M = {}

local describe = driving.describe

-- A query of the game's view filter (volley.queries): its answer, or nil and why not.
local function call(g, fn, ...)
  local qok, r, why = g.st:call("volley.queries", fn, g.view, ...)
  if not qok then return nil, describe(r) end
  return r, why
end

-- The answer as lines: a one-line answer in a list, nil and why as they are.
local function one_line(v, why)
  if not v then return nil, why end
  return { v }
end

local function log(g, a)
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
  local entries, why = call(g, "log", n, rolls)
  if not entries then return nil, why end
  local lines = {}
  for _, e in ipairs(entries) do
    lines[#lines + 1] = e.text or output.roll_line(e.roll)
  end
  if #lines == 0 then lines[1] = "nothing told yet" end
  return lines
end

-- map's pan words: the screen's directions, a column or a row a step
local PAN = { left = { -1, 0 }, right = { 1, 0 }, up = { 0, -1 }, down = { 0, 1 } }

-- The options of `map [<hex> [<radius>] | all | left|right|up|down [<n>]] [--width <n>]`
-- (docs/shell.md "map"): nil and why for words it does not take.
local function map_options(g, a)
  local words, opts = {}, {}
  local i = 1
  while i <= #a do
    if a[i] == "--width" then
      if not a[i + 1] then return nil, "map: --width needs a number of columns" end
      opts.width, i = a[i + 1], i + 2
    else
      words[#words + 1], i = a[i], i + 1
    end
  end
  local pan = words[1] and PAN[words[1]:lower()]
  if pan then
    local n = words[2] or "4"
    if not n:match("^%d%d?$") or #words > 2 then
      return nil, "map " .. words[1] .. ": pans by a number of hexes, 1 to 99 (map "
        .. words[1] .. " 4)"
    end
    opts.hex = g.map_centre
    opts.dcol, opts.drow = pan[1] * tonumber(n), pan[2] * tonumber(n)
    return opts
  end
  if #words > 2 then return nil, "map [<hex> [<radius>] | all | left|right|up|down [<n>]]" end
  opts.hex, opts.radius = words[1], words[2]
  if opts.radius and not opts.radius:match("^%d+$") then
    return nil, "map: bad radius '" .. opts.radius .. "' (a number of hexes)"
  end
  return opts
end

-- map and svg: the picture drawn by the program (env.render).
local function picture(g, a, verb)
  if not g.env.render then return nil, verb .. ": no pictures here" end
  local marks, why = call(g, "marks")
  if not marks then return nil, why end
  local opts = { svg = a[1] }
  if verb == "map" then
    opts, why = map_options(g, a)
    if not opts then return nil, why end
  end
  io.stdout:flush()
  local rok, rwhy = g.env.render(marks, opts)
  if not rok then return nil, rwhy end
  if verb == "map" then g.map_centre = rwhy end  -- where `map left` ... pans from
  return verb == "svg" and { "wrote " .. a[1] } or {}
end

local function save(g, a)
  if not g.jrnl then return nil, "save: this game cannot be named in a save" end
  local wok, werr = g.jrnl:write(a[1])
  if not wok then return nil, "save: " .. tostring(werr) end
  g.saved_answers = g.jrnl:answers()
  return { "saved " .. g.jrnl:answers() .. " answers to " .. a[1] }
end

-- The files of a game's journal (its scenario's and system's files, options, mods) whose
-- contents are not what they were when the journal was made (the game opened, or its last
-- load or reload): their names as the save's header gives them, in its order; a file gone is
-- named "<name> (gone)".
local function changed_files(jrnl)
  local core = require "volley.core"
  local h, out, k = jrnl.h, {}, 0
  for _, list in ipairs({ h.files, h.options, h.mods }) do
    for _, e in ipairs(list) do
      k = k + 1
      local file = jrnl.inputs[k] and jrnl.inputs[k][2] or e.path
      local now = core.save.hash_file(file)
      if not now then
        out[#out + 1] = e.path .. " (gone)"
      elseif now ~= e.sha256 then
        out[#out + 1] = e.path
      end
    end
  end
  return out
end

-- load FILE, and reload (the game so far saved to a temporary file and loaded again).
local function load(g, a, verb)
  local path = a[1]
  local changed
  if verb == "reload" then
    if not g.jrnl then return nil, "reload: this game cannot be named in a save" end
    changed = changed_files(g.jrnl)
    path = os.tmpname()
    local wok, werr = g.jrnl:write(path)
    if not wok then return nil, "reload: " .. tostring(werr) end
  end
  -- reload re-reads the files and scripts as they are now (a fixed mod, a changed map): the
  -- answers replayed and their state hashes checked, not the files' hashes of the game so far
  local game, why = replay.load(path, verb == "reload" and { check = false } or nil)
  if verb == "reload" then os.remove(path) end
  local said = changed and #changed > 0 and ("changed: " .. table.concat(changed, ", "))
  if not game then
    return nil, verb .. ": " .. (said and (said .. "; ") or "") .. why
  end
  local sides = table.concat(g.sides, " ")
  if table.concat(game.info.sides, " ") ~= sides then
    game:close()
    return nil, "load: the save's sides are not this game's (" .. sides
      .. "): play it with volley play --resume or at a new prompt"
  end
  if verb == "load" then
    -- --undo strict: an answer followed by a roll this process showed stands, across load too
    local refusal = g:strict_refusal(game.save, path)
    if refusal then
      game:close()
      return nil, refusal
    end
  end
  local kept = g:replace(game, verb == "reload")
  if verb == "load" then g.saved_answers = game.answers end
  local lines = { (verb == "load" and ("loaded " .. path)
    or said and ("reloaded the scenario's files (" .. said .. ")")
    or "reloaded the scenario's scripts") .. ": " .. game.answers .. " answers replayed" }
  if kept then lines[2] = "the game before the load stays in its autosave " .. kept end
  return lines, nil, "replaced"
end

-- hash: the live state hash (`volley.session.result`'s, the one `volley replay` prints of the
-- save of the game so far), or in a side's view its view hash (as the JSON checkpoints).
local function hash(g)
  if g.view ~= "referee" then
    return one_line((function(v, why) return v and ("view_hash " .. v), why end)(
      call(g, "view_hash")))
  end
  local rok, r = g.st:call("volley.session", "result")
  if not rok then return nil, describe(r) end
  return { "state_hash " .. r.state_hash }
end

-- options: the scenario's optional rules, each on or off in this game, and how one is turned
-- on (when a game starts: `volley play <id> --option NAME`, as `volley options <id>` lists).
-- The width the option descriptions of `options` are wrapped to.
local OPTIONS_WIDTH = 100

-- `text` after `first` in lines of at most `width` bytes broken at blanks (a longer word
-- stands alone), the lines after the first indented 6.
local function wrap(first, text, width)
  local out, line = {}, first
  for word in text:gmatch("%S+") do
    if #line + 1 + #word > width and line:match("%S$") then
      out[#out + 1] = line
      line = "      " .. word
    else
      line = line .. (line:match("%S$") and " " or "") .. word
    end
  end
  out[#out + 1] = line
  return out
end

local function optional_rules(g)
  local inspect = require "volley.inspect"
  local target = g.o.target or (g.info and g.info.scenario)
  if not target then return nil, "options: no scenario" end
  local sc, err = require("volley.scenario").read(target)
  if not sc then return nil, "options: " .. tostring(err) end
  local id = sc.id or target
  if #sc.options == 0 then
    return { "this scenario has no optional rules (volley options " .. id .. ")" }
  end
  local on = {}
  for _, o in ipairs(g.info and g.info.options or {}) do on[o.name] = true end
  local lines = { "optional rules of " .. id .. " (chosen as a game starts: volley play " .. id
    .. " --option NAME, once for each; volley options " .. id .. " lists them):" }
  for _, o in ipairs(sc.options) do
    -- the description whole (its file's first comment paragraph), wrapped
    local d = inspect.description(sc.paths.options[o.name], true)
    local first = string.format("  %-3s %s", on[o.name] and "on" or "off", o.name)
    local text = d and ("-- " .. require("volley.core").text.clean(d)) or ""
    for _, l in ipairs(wrap(first, text, OPTIONS_WIDTH)) do lines[#lines + 1] = l end
  end
  return lines
end

-- verb -> function(g, args, verb, command): lines, or nil and why, and "replaced"
local VERBS = {
  show = function(g, a) return call(g, "show", a[1]) end,
  los = function(g, a) return one_line(call(g, "los", a[1], a[2])) end,
  reach = function(g, a) return call(g, "reach", a[1]) end,
  log = log,
  hash = hash,
  lua = function(g, _, _, c) return one_line(call(g, "lua", c.rest)) end,
  map = picture,
  svg = picture,
  rules = function(g, a)
    local _, system = g.st:call("volley.queries", "system")
    return require("volley.rules_index").lookup(system, a)
  end,
  sources = function(g)
    local inspect = require "volley.inspect"
    io.stdout:flush()
    local code = inspect.sources_main({ g.o.target })
    if code ~= 0 then return nil, "sources: the scenario's data does not load" end
    return {}
  end,
  options = optional_rules,
  save = save,
  load = load,
  reload = load,
}

--- Carries out a command that answers nothing.
-- @tparam Play g the game (`volley.play.game`)
-- @tparam table c the command (`volley.commands.interpret`: `verb`, `args`, `rest`)
-- @treturn[1] {string,...} the lines to print
-- @treturn[1] nil
-- @treturn[1] ?string `"replaced"` after load and reload
-- @treturn[2] nil
-- @treturn[2] string why not
function M.run(g, c)
  local verb = VERBS[c.verb]
  if not verb then return nil, "unknown command " .. c.verb end
  return verb(g, c.args, c.verb, c)
end

return M
