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
-- The driver is cut by idea under `volley.play.*` (scripts/volley/play/): `options` (the
-- flags), `setup` (the steps that open a game), `game` (the game as the host drives it),
-- `loop` (the decisions), `answer` (a person's commands), `query` (the commands that answer
-- nothing), `finish` (the end), `output`, `script` (the lines read) and `autosave`.
-- @module volley.play

local core = require "volley.core"
local answer = require "volley.play.answer"
local autosave = require "volley.play.autosave"
local finish = require "volley.play.finish"
local game = require "volley.play.game"
local game_start = require "volley.game_start"
local loop = require "volley.play.loop"
local options = require "volley.play.options"
local output = require "volley.play.output"
local script = require "volley.play.script"
local setup = require "volley.play.setup"

local M = {}

--- The engine's default cap on decisions, when neither --max-decisions nor the scenario's
-- `[scenario] max_decisions` gives one.
M.DEFAULT_MAX_DECISIONS = setup.DEFAULT_MAX_DECISIONS

--- The scenario `volley` opens at the prompt (DESIGN.md Part B "Ids and names"), and the one
-- it opens instead while the default's rule system has no scripts yet.
M.DEFAULT_SCENARIO = require("volley.cli").DEFAULT_SCENARIO
M.DEMO_SCENARIO = "tests/data/demo"

--- The usage lines and the text of `--help` (`volley.play.options`).
-- @field USAGE and HELP
M.USAGE, M.HELP = options.USAGE, options.HELP
--- The longest line a script or the prompt takes, and how far a longer one is read
-- (`volley.play.script`).
-- @field LINE_MAX and LINE_CEILING
M.LINE_MAX, M.LINE_CEILING = script.LINE_MAX, script.LINE_CEILING

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
M.autosave_dir = autosave.dir

--- Creates a new autosave for a journal (`volley.play.autosave.create`).
-- @function autosave_create
M.autosave_create = autosave.create

--- Finds the newest autosave and replays it, filling in the flags it recorded
-- (`volley.play.autosave.resume`).
-- @function resume_game
M.resume_game = autosave.resume

--- The `game_start` event of a game the driver opened (`volley.game_start`): the first line
-- of `--json`.
-- @tparam table g the game (`o`, `info`, `seed`, `sides`, `cap`, `view`, `jrnl`, `resumed`)
-- @treturn table
function M.start_event(g)
  local o = g.o
  local h = g.jrnl and g.jrnl.h or game_start.header_of(g.info, o.mods)
  local bots = {}
  for _, side in ipairs(g.sides) do
    if o.bots[side] then bots[#bots + 1] = { side = side, name = o.bots[side] } end
  end
  return game_start.event(h, { seed = g.seed, sides = g.sides, bots = bots, cap = g.cap,
    view = g.view, undo = g.jrnl and g.jrnl.h.undo or o.undo,
    resumed = g.resumed and g.resumed.answers or nil })
end

--- Plays a game. Returns the exit status.
-- @tparam {string,...} args the arguments after `play`
-- @tparam[opt] table env what the program gives the driver: `render(marks, opts)` draws the
--   map (`map`, `svg`: shell/cmd_render.c); for the prompt (`M.prompt`) also `reader(prompt)`
--   (the next line, or nil at the end) and `tty` (lines come from a terminal); the driver
--   sets `complete(before)` there for Tab at the prompt (docs/shell.md); `opened(g)`, when
--   given, is called with the game once it is ready to play (volley.serve)
function M.main(args, env)
  env = env or {}
  local o, status = M.parse(args)
  if not o then return status end
  local g = { o = o, env = env }
  status = setup.check_inputs(o)
    or setup.open_game(g)
    or setup.check_overwrite(g)
    or setup.choose_players(g)
    or setup.open_reader(g)
    or setup.open_view(g)
    or setup.open_journal(g)
  if status then return status end
  if o.json then g.out:event(M.start_event(g)) end
  game.start(g)
  if env.opened then env.opened(g) end   -- volley serve: the game, to answer from pages
  if o.prompt then env.complete = answer.completion(g) end
  -- whatever stops the game, it ends through finish: the autosave closed, --save written
  -- (docs/shell.md), the exit status 1 after a failure
  local lok, lerr = pcall(loop.run, g)
  if not lok then
    g.out:err("volley play: the game stopped: " .. core.text.clean(tostring(lerr)))
    g.failed = true
  end
  return finish.run(g)
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
