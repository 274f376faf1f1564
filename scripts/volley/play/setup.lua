--- Opening a game for `volley play`, step by step: the inputs checked, the game opened (or
-- the newest autosave resumed), what --save would overwrite, who answers each side, where a
-- person's lines come from, the view and the output, the journal. Each step fills the table
-- `g` that becomes the game (`volley.play.game`) and returns nothing, or the exit status
-- after a message on stderr (1, or 2 for usage).
-- @module volley.play.setup

local core = require "volley.core"
local bots = require "volley.bots"
local journal = require "volley.journal"
local driving = require "volley.driving"
local autosave = require "volley.play.autosave"
local options = require "volley.play.options"
local output = require "volley.play.output"
local script = require "volley.play.script"

local M = {}

--- The engine's default cap on decisions, when neither --max-decisions nor the scenario's
-- `[scenario] max_decisions` gives one.
M.DEFAULT_MAX_DECISIONS = 10000

local describe, fresh_seed = driving.describe, driving.fresh_seed

-- A usage error after the flags were read: the exit status alone.
local function usage(msg)
  options.usage(msg)
  return 2
end

-- A failure before the game starts: the message on stderr, exit status 1.
local function fail(...)
  io.stderr:write("volley play: ", table.concat({ ... }), "\n")
  return 1
end

--- Checks what can be checked before the game opens: a folder given as a script or a mod
-- (it opens, and would read as nothing), and what --save needs (not found missing when the
-- game is over).
-- @tparam table o the flags (`volley.play.options`)
-- @treturn ?integer the exit status
function M.check_inputs(o)
  local readers = { o.script ~= "-" and o.script or nil }
  for _, m in ipairs(o.mods) do readers[#readers + 1] = m end
  for _, path in ipairs(readers) do
    if core.scenario.kind(path) == "dir" then
      return fail(path, ": cannot read (Is a directory)")
    end
  end
  if o.save then
    local cok, cerr = core.save.check_target(o.save)
    if not cok then return fail("--save: ", o.save, ": ", tostring(cerr)) end
  end
end

-- A new game: the runtime in a fresh engine-owned state (DESIGN.md principle 9), the
-- scenario's and the mods' scripts in its sandbox; this host state only drives it.
local function open_new(g)
  local o = g.o
  g.st = core.new_state{}
  local ok, err = g.st:require("volley.session")
  if not ok then return fail(describe(err)) end
  local info
  ok, info = g.st:call("volley.session", "open", o.target, { seed = g.seed, mods = o.mods,
                                                               options = o.options, dice = o.dice,
                                                               undo = o.undo })
  if not ok then return fail(describe(info)) end
  g.info = info
end

--- Opens the game, or with --resume replays the newest autosave (which fills in the flags
-- it recorded): `g.st`, `g.info`, `g.seed`, and `g.resumed` (the resumed game, if any).
-- @tparam table g
-- @treturn ?integer the exit status
function M.open_game(g)
  local o = g.o
  if o.resume then
    local resumed, err = autosave.resume(o)
    if not resumed then return fail("--resume: ", err) end
    if o.undo ~= resumed.save.undo then
      return usage("--undo: the game was played with undo " .. resumed.save.undo)
    end
    g.resumed = resumed
  end
  g.seed = g.resumed and g.resumed.save.seed or o.seed or fresh_seed()
  if not g.resumed then return open_new(g) end
  g.st, g.info = g.resumed.st, g.resumed.info
end

--- A save must not overwrite what the game reads (device and inode, links followed): the
-- script, the mods, the scenario's files and its options' files.
-- @tparam table g
-- @treturn ?integer the exit status
function M.check_overwrite(g)
  local o, info = g.o, g.info
  if not o.save then return end
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
      return usage("--save " .. o.save .. " would overwrite " .. f[1] .. " " .. f[2])
    end
  end
end

-- The sides --bot and --as name are the scenario's.
local function check_sides(o, sides)
  local is_side = {}
  for _, s in ipairs(sides) do is_side[s] = true end
  for _, side in ipairs(o.bot_order) do
    if not is_side[side] then
      return usage("no side '" .. side .. "' in this scenario (sides: "
        .. table.concat(sides, " ") .. ")")
    end
  end
  if o.as and o.as ~= "referee" and not is_side[o.as] then
    return usage("--as " .. o.as .. ": no such side (sides: " .. table.concat(sides, " ")
      .. "; or referee)")
  end
end

--- Who answers each side: `g.players` (side -> its bot, loaded), `g.humans` (the sides
-- without one, in the scenario's order), `g.sides`; and whether the prompt answers them
-- (`o.prompt`): at `volley` (`volley.play.prompt`), and at `volley play` when the program
-- gives a reader and a side has nobody else (no bot, no --script).
-- @tparam table g
-- @treturn ?integer the exit status
function M.choose_players(g)
  local o, env, sides = g.o, g.env, g.info.sides
  g.sides = sides
  local status = check_sides(o, sides)
  if status then return status end
  local players, humans = {}, {}
  for _, side in ipairs(sides) do
    if o.bots[side] then
      local lok, bot = pcall(bots.load, o.bots[side])
      if not lok then return usage((tostring(bot):gsub("^[^%s:]+:%d+: ", ""))) end
      players[side] = bot
    else
      humans[#humans + 1] = side
    end
  end
  g.players, g.humans = players, humans
  o.prompt = env.reader ~= nil and env.prompt == true
  if #humans > 0 and not o.script and not o.prompt and env.reader then o.prompt = true end
  if #humans > 0 and not o.script and not o.prompt then
    return usage("side " .. humans[1] .. " has no bot: give it one (--bot " .. humans[1]
      .. "=random) or answer for it with --script FILE")
  end
  if #humans == 0 and o.script then
    return usage("--script: every side has a bot, so there is nothing to answer")
  end
end

--- Where a person's lines come from (`g.script`): the prompt (its banner printed first),
-- the --script file or standard input, or nowhere (bots only).
-- @tparam table g
-- @treturn ?integer the exit status
function M.open_reader(g)
  local o = g.o
  if o.prompt then
    output.banner(o.target)
    g.script = script.prompt(g.env.reader)
  elseif o.script then
    local err
    g.script, err = script.open(o.script)
    if not g.script then return fail("cannot read the script: ", tostring(err)) end
  end
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

--- How the game is shown and how long it may go: `g.view`, `g.cap` and `g.out`
-- (`volley.play.output`); a seed drawn for a game in the referee's view is printed on
-- stderr (so the game can be played again with --seed).
-- @tparam table g
function M.open_view(g)
  local o = g.o
  g.view = view_of(o, g.sides)
  g.cap = o.max_decisions or g.info.max_decisions or M.DEFAULT_MAX_DECISIONS
  if o.seed == nil and not g.resumed and g.view == "referee" and not o.prompt then
    io.stderr:write(string.format("volley play: seed %d\n", g.seed))
  end
  g.out = output.new(o.json)
end

--- The journal (`g.jrnl`), for --save and for the autosave: every game has one when it can
-- be written (a scenario path that a save cannot name goes without, unless --save needs it).
-- @tparam table g
-- @treturn ?integer the exit status
function M.open_journal(g)
  local o, info = g.o, g.info
  if g.resumed then
    g.jrnl = g.resumed.journal
    return
  end
  local bot_list = {}
  for _, side in ipairs(g.sides) do
    if o.bots[side] then bot_list[#bot_list + 1] = { side = side, name = o.bots[side] } end
  end
  local jok, jrnl = pcall(journal.new, { scenario = info.scenario, files = info.files,
    options = info.options, mods = o.mods, seed = g.seed, undo = o.undo, bots = bot_list,
    cap = g.cap, view = g.view })
  if jok then
    g.jrnl = jrnl
  elseif o.save then
    g.out:err("volley play: --save: " .. (tostring(jrnl):gsub("^[^%s:]+:%d+: ", "")))
    return 1
  end
end

return M
