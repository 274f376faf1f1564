--- The command line in one table: every subcommand of the volley program, its usage, its
-- options and its exit statuses, and the one parser that reads them (Debian's lua-argparse).
-- `volley <command> --help`, `volley --help`, the manual page volley(1) and the bash
-- completion are all made from this table (docs/shell.md "The command line").
--
-- To add a flag to a subcommand: add one row to that command's `options` below, then read
-- its value where the command runs (`o.<name>`, the flag without its dashes, `-` as `_`).
-- A row is `{ "--flag", METAVAR, "help text", many = true, need = "message",
-- complete = "kind", alias = "--other" }`: without METAVAR the flag is a switch (true when
-- given); with one it takes a value, as `--flag value` or `--flag=value`; `many` lets it be
-- given again (its value is then a list); `need` is the usage error for a missing or empty
-- value (default "--flag takes METAVAR"); `complete` says what bash completes for the
-- value (`file`, `dir`, `scenario`, `bot` for SIDE=NAME, `bots` for A,B, `option`, `system`,
-- or a list of the words). The help, the manual page and the completion pick the row up.
--
-- The parser gives `--flag value` and `--flag=value`, a "did you mean" for a mistyped flag,
-- `--` to end the flags, and the usage error (exit 2) for a flag given twice, a value
-- missing, or an unknown flag; what a value must be is the command's own check.
-- This module needs no engine: the program's command-line state loads it alone.
-- @module volley.cli

local M = {}

--- The scenario `volley` opens at the prompt (DESIGN.md Part B "Ids and names"; the bash
-- completion completes the prompt's --option from it).
M.DEFAULT_SCENARIO = "rough-and-ready/palo-alto"

--- The program's usage lines and what `volley --help` says before the commands.
M.PROGRAM = {
  usage = "usage: volley [--version] [--help]\n"
    .. "       volley             open the prompt\n"
    .. "       volley <command> ...\n"
    .. "\n"
    .. "       volley --seed N --bot SIDE=NAME --as SIDE ...   the prompt with play's flags\n",
  text = "The prompt plays the default scenario (Palo Alto; volley play <id> for another),\n"
    .. "hot seat or against a bot; type help there (docs/shell.md \"The prompt\").\n"
    .. "\n"
    .. "Data (scripts/, scenarios/, charts/) is found through $VOLLEY_PATH (colon-separated),\n"
    .. "then ../share/volley beside the program, then the source tree it was built from.\n",
  exit = "0 success, 1 a refused command or a failed check, 2 usage; `volley <command> --help` "
    .. "says each command's.",
}

-- The flags of play that the prompt takes too, and of play --resume.
local PLAY_OPTIONS = {
  { "--seed", "N", "the game's seed, 0 to 2^53 - 1 (default: drawn, printed on stderr)" },
  { "--mod", "FILE", "a house rule (Lua hooks), loaded after the battle's scripts; repeatable",
    many = true, need = "--mod takes a Lua file", complete = "file" },
  { "--option", "NAME", "one of the scenario's options (volley options <id>); repeatable",
    many = true, need = "--option takes an option's name", complete = "option" },
  { "--bot", "SIDE=NAME", "a bot plays SIDE: random, first, smart, search; repeatable", many = true,
    complete = "bot" },
  { "--as", "SIDE", "whose view is shown: a side or referee (default: the one side without a "
    .. "bot, else referee); a side's view carries view_hash, no seed",
    need = "--as takes a side or referee" },
  { "--undo", "strict|solo", "the undo policy recorded in the save (default strict)",
    need = "--undo takes strict or solo", complete = { "strict", "solo" } },
  { "--script", "FILE|-", "the commands of the sides without a bot, a line each (- reads "
    .. "stdin)", need = "--script takes a file, or - for standard input", complete = "file" },
  { "--strict", nil, "stop at the first refused command (exit 1)" },
  { "--ask-free", nil, "ask a person the questions whose default cannot hurt (a bonus with no "
    .. "cost, as Rough & Ready's Leadership); without it they are answered so and log lists "
    .. "them" },
  { "--json", nil, "JSON lines on stdout and nothing else (docs/json.md)" },
  { "--save", "FILE", "write the save file when the game stops (end, cap, quit, script end)",
    need = "--save takes a file", complete = "file" },
  { "--max-decisions", "N", "the cap; default: the scenario's [scenario] max_decisions, else "
    .. "10000" },
  { "--dice", "V,V,...", "test mode: the next rolls come out as given (recorded as forced)" },
  { "--no-autosave", nil, "no autosave of this game (--resume will not find it)" },
  { "--resume", nil, "go on with the game last played ($XDG_STATE_HOME/volley/): the newest "
    .. "unfinished game with a side of yours, else the newest of bots alone, with the bots, "
    .. "cap, view and undo policy it recorded (flags override them)" },
}

--- The subcommands, in the order `volley --help` lists them. Each: `name`; `usage` (what
-- follows `usage: volley `, its continuation lines as printed); `summary` (one line for
-- `volley --help`); `text` (the help's description); `options` (the rows above); `need`
-- (what a missing value's message says after the flag, when its row has no `need`); `notes`
-- (help after the options); `exit` (the exit statuses); `operand` (what bash completes for
-- the arguments that are not flags: `scenario`, `map`, `file`, `system`, or nil).
M.COMMANDS = {
  { name = "hooks", usage = "hooks <system-id> [--json]",
    summary = "a rule system's hook points: kinds, when, context fields typed, what a handler "
      .. "may do",
    text = "A rule system's hook catalogue: one point a line (<noun>.<event> <kinds> <when>),\n"
      .. "then the context fields of each point, typed and described with what a script's\n"
      .. "handler may do there (docs/runtime.md).",
    options = {
      { "--json", nil, "all of it as one JSON object" },
    },
    exit = "0, 1 an unknown system or one whose scripts do not load, 2 usage.",
    operand = "system" },
  { name = "play",
    usage = "play <id|path> [--seed N] [--mod FILE]... [--option NAME]...\n"
      .. "                   [--bot SIDE=NAME]... [--as SIDE] [--undo strict|solo]\n"
      .. "                   [--script FILE|-] [--strict] [--json] [--save FILE]\n"
      .. "                   [--max-decisions N] [--dice V,V,...] [--no-autosave]\n"
      .. "                   [--ask-free]\n"
      .. "       volley play --resume [--bot SIDE=NAME]... [--as SIDE] [--script FILE|-]\n"
      .. "                        [--max-decisions N] [--json]",
    summary = "play a game: bots and a script's commands (volley play --help; docs/shell.md)",
    text = "Plays a scenario (an id on the data path, or a scenario folder or file). A side with\n"
      .. "a bot plays itself; every other side is answered by the commands of --script, or,\n"
      .. "without --script, at the prompt (docs/shell.md).",
    options = PLAY_OPTIONS,
    notes = "Every game is autosaved, a line per answer, under $XDG_STATE_HOME/volley/ (default\n"
      .. "~/.local/state/volley/); the folder keeps at most 100 autosaves (VOLLEY_AUTOSAVE_KEEP),\n"
      .. "removing the oldest games that are over or that bots alone played, never an unfinished\n"
      .. "game of yours. Undo in a script takes back the last answer of a side without a bot\n"
      .. "(docs/save.md \"Replay, undo and resume\").",
    exit = "0 the game ended, was capped, or stopped where the script ended, with no\n"
      .. "refused command; 1 a refused command, a scenario that does not load, a game stopped\n"
      .. "by an error, a save or autosave that cannot be written; 2 usage.",
    operand = "scenario" },
  { name = "sim",
    usage = "sim <id|path> --games N [--bots A,B | --bot SIDE=NAME...] [--seed S]\n"
      .. "                 [--shard k/n] [--option NAME]... [--mod FILE]... [--max-decisions N]\n"
      .. "                 [--json]\n"
      .. "       volley sim --merge FILE... [--json]",
    summary = "play many games out with bots and summarise them; sim --merge F... (docs/sim.md)",
    text = "Plays --games games of a scenario out with bots and prints what they came to: each\n"
      .. "outcome's rate with its 95% interval, and the decisions a game took (docs/sim.md).\n"
      .. "With --merge, reads the --json outputs of the shards of a run (- for stdin) and\n"
      .. "prints what the unsharded run prints.",
    options = {
      { "--games", "N", "the run's games, 1 to 10^9 (required)" },
      { "--bots", "A,B", "one bot per side, in the scenario's side order", complete = "bots" },
      { "--bot", "SIDE=NAME", "a bot for one side (repeatable; not with --bots); a side given "
        .. "no bot plays random", many = true, complete = "bot" },
      { "--seed", "S", "the run's seed, 0 to 2^53 - 1 (default: drawn, printed on stderr)" },
      { "--shard", "k/n", "play only the games i with i % n == k - 1; needs --seed" },
      { "--option", "NAME", "one of the scenario's options, in every game; repeatable",
        many = true, need = "--option takes an option's name", complete = "option" },
      { "--mod", "FILE", "a house rule, in every game; repeatable", many = true,
        need = "--mod takes a Lua file", complete = "file" },
      { "--max-decisions", "N", "each game's cap (default: the scenario's [scenario] "
        .. "max_decisions, else 10000)" },
      { "--json", nil, "JSON lines on stdout: the run's game_start, one game_over per game, "
        .. "then sim_summary" },
      { "--merge", nil, "the operands are shard outputs to merge; a file may hold several, one "
        .. "after another; - reads them from stdin" },
    },
    exit = "0, 1 a game or a merge input that failed, 2 usage, 130 or 143 stopped by SIGINT\n"
      .. "or SIGTERM (the summary of the games finished is printed, marked interrupted).",
    operand = "scenario" },
  { name = "render", usage = "render <id|path|map.ini> (--svg F | --text) [--hex H [--radius R]]\n"
      .. "       volley render SAVE (--svg F | --text) [--at N] [--hex H [--radius R]]",
    summary = "draw a map, a scenario's default set-up or a save's board (SAVE [--at N]), in "
      .. "the terminal or as SVG (docs/shell.md)",
    text = "Draws a map in the terminal (--text) or as an SVG file (--svg F; - for stdout):\n"
      .. "a map.ini bare, a scenario (an id, a folder or its .ini) with its default set-up,\n"
      .. "a save file with the board at the game's end.",
    options = {
      { "--text", nil, "draw in the terminal" },
      { "--svg", "F", "draw as SVG into the file F (- for stdout)", complete = "file" },
      { "--hex", "H", "with --radius, only the hexes within R of H; (--text) a map wider than "
        .. "the terminal shows the columns around H" },
      { "--radius", "R", "the hexes within R of --hex's, 0 to 999" },
      { "--ascii", nil, "(--text) plain ASCII, also when the locale is not UTF-8" },
      { "--colour", "WHEN", "(--text) always, never or auto (a terminal, NO_COLOR unset)",
        alias = "--color", complete = { "always", "never", "auto" } },
      { "--units", "FILE", "unit marks and a reach from a test fixture", complete = "file" },
      { "--at", "N", "(a save) the board after its Nth answer (0: before the first)" },
      { "--width", "N", "(--text) the columns to fit, 20 to 9999, in place of $COLUMNS or "
        .. "the terminal's" },
    },
    need = "needs a value",
    notes = "How to read the pictures: docs/shell.md.",
    exit = "0 drawn; 1 a map, scenario, fixture or output file that cannot be read or\n"
      .. "written (file:line: message on stderr); 2 usage.",
    operand = "map" },
  { name = "los", usage = "los <id|path|map.ini> A B",
    summary = "line of sight from hex A to hex B, and why",
    text = "Line of sight from hex A to hex B on the map's terrain, under its system's policy:\n"
      .. "  LOS A -> B: clear\n"
      .. "  LOS A -> B: blocked at X (<reason>) [rule]\n"
      .. "The scenario's units are not obstacles here: the terrain's line only.",
    options = {},
    exit = "0 clear or blocked, 1 a map or policy that does not load or a hex off the map,\n"
      .. "2 usage.",
    operand = "map" },
  { name = "list", usage = "list [--json]",
    summary = "every scenario and variant: id, title, system, sides, provisional",
    text = "One line per scenario and variant under the scenarios/ folder of each data root\n"
      .. "($VOLLEY_PATH, then the installed or source tree), sorted by id:\n"
      .. "  <id>  <title>  <system>  <sides>  <n> provisional\n"
      .. "fields separated by two spaces; n counts the values the scenario's data marks\n"
      .. "provisional (docs/shell.md).",
    options = {
      { "--json", nil, "all of it as one line of JSON, {\"event\":\"list\",\"v\":1,"
        .. "\"scenarios\":[...],\"problems\":[...]} (problems there, not on stderr)" },
    },
    exit = "0; 1 when a scenario cannot be read, or a scenario.ini lies at another depth than\n"
      .. "scenarios/<game>/<battle>/ (each reported on stderr); 2 usage." },
  { name = "replay", usage = "replay FILE",
    summary = "recompute a saved game, verify it, print its state hash",
    text = "Recomputes a saved game from its seed and journal, checking every checkpoint, and\n"
      .. "prints state_hash <hex>, or diverged at answer N: <why> (docs/save.md).",
    options = {},
    exit = "0 verified; 1 diverged, a save refused, or a header that does not match the\n"
      .. "files now; 2 usage.",
    operand = "file" },
  { name = "dump", usage = "dump FILE",
    summary = "a saved game's final state, the bytes its state hash is taken of",
    text = "Replays a save as volley replay does and prints the canonical serialisation of its\n"
      .. "final state: exactly the bytes its state hash is taken of (docs/formats.md).",
    options = {},
    exit = "0; 1 as for replay; 2 usage.",
    operand = "file" },
  { name = "check", usage = "check <id|path> [--mod FILE]... [--other-vm PATH] [--json]",
    summary = "validate a scenario's data and scripts; with --mod, the mods and their game on "
      .. "both VMs",
    text = "Validates a scenario's data and scripts as `volley play` loads them: scenario.ini,\n"
      .. "the map, the order of battle, the movement and chart tables, the parameters, the\n"
      .. "set-up, the battle's rules.lua and every option's script (in the sandbox). Prints\n"
      .. "each error as `file:line: message` and each warning as `file:line: warning: message`,\n"
      .. "then the summary\n"
      .. "  N errors, M warnings, P provisional values",
    options = {
      { "--mod", "FILE", "a mod loaded after them, as volley play --mod loads it (an unknown "
        .. "hook point named with the nearest known ones); repeatable. When the mods load, the "
        .. "determinism check: a game of at most 300 decisions with random bots (seed 1) played "
        .. "with the mods, replayed from its journal here and by the other VM's program, every "
        .. "answer's state hash compared (diverged at answer N: ... is an error)",
        many = true, need = "--mod needs a file", complete = "file" },
      { "--other-vm", "PATH", "the other VM's program (default: build-luajit/volley or "
        .. "build/volley beside this program's folder); with --mod",
        need = "--other-vm needs a file", complete = "file" },
      { "--json", nil, "the same as one line of JSON, {\"event\":\"check\",\"v\":1,...} "
        .. "(docs/shell.md)" },
    },
    exit = "0 no errors, 1 errors, 2 usage (docs/shell.md).",
    operand = "scenario" },
  { name = "new", usage = "new <game>/<battle> [--system ID] [--from SCENARIO] [--dir DIR]",
    summary = "make a new scenario folder: a skeleton that check accepts and play opens",
    text = "Makes the folder of a new scenario, scenarios/<game>/<battle>/, under the first data\n"
      .. "root whose scenarios/ folder can be written (or DIR/<game>/<battle> with --dir), and\n"
      .. "prints it. An existing folder is never written over. Ids are [a-z0-9-]+ words:\n"
      .. "<game>/<battle>.",
    options = {
      { "--system", "ID", "a skeleton for that rule system (default demo; the skeletons: "
        .. "demo): scenario.ini, map.ini, oob.ini and a commented rules.lua, which volley "
        .. "check accepts and volley play opens at once", need = "--system needs a value",
        complete = "system" },
      { "--from", "SCENARIO", "instead, a scenario.ini that extends the scenario of that id "
        .. "(extends = SCENARIO): its rules, options, terrain, charts, map and forces are "
        .. "inherited until the new folder gives its own", need = "--from needs a value",
        complete = "scenario" },
      { "--dir", "DIR", "make it under DIR instead of a data root's scenarios/",
        need = "--dir needs a value", complete = "dir" },
    },
    exit = "0 made, 1 refused, 2 usage (docs/shell.md)." },
  { name = "sources", usage = "sources <id|path>",
    summary = "every provisional value and why",
    text = "One line per value the scenario's data marks provisional (estimated or designed,\n"
      .. "not given by the rulebooks), sorted by file, line and key:\n"
      .. "  provisional <layer> <file>:<line> <key> = <value> -- <reason>\n"
      .. "layer is system or scenario (docs/shell.md).",
    options = {},
    exit = "0, 1 when the scenario's data does not load, 2 usage.",
    operand = "scenario" },
  { name = "export", usage = "export SAVE --as SIDE",
    summary = "one side's view of a save: no seed, no full hashes, nothing hidden from it "
      .. "(docs/shell.md)",
    text = "Replays a save and prints what one side has seen of it: its answers and the others'\n"
      .. "as that side saw them, its view hash and its view; no seed, nothing hidden from it.",
    options = {
      { "--as", "SIDE", "the side whose view is printed (required)", need = "--as takes a side" },
    },
    exit = "0; 1 a save that does not replay; 2 usage (a side the save does not have too).",
    operand = "file" },
  { name = "options", usage = "options <id|path>",
    summary = "the scenario's options: name, file, description",
    text = "The scenario's options (its [options] section), one a line in the order given there:\n"
      .. "  <name> <file> -- <description>\n"
      .. "the description being the first paragraph of the comment opening the option's Lua file\n"
      .. "(without one, the line ends after the file). Play with one: volley play <id> --option "
      .. "NAME.",
    options = {},
    exit = "0, 1 when the scenario does not load, 2 usage (docs/shell.md).",
    operand = "scenario" },
  { name = "serve",
    usage = "serve [<id|path>|SAVE] [--seed N] [--option NAME]... [--mod FILE]...\n"
      .. "                    [--bot SIDE=NAME]... [--undo strict|solo] [--max-decisions N]\n"
      .. "                    [--no-autosave] [--port N] [--listen ADDR] [--web DIR]\n"
      .. "       volley serve --resume [--bot SIDE=NAME]... [--port N] [--listen ADDR] [--web DIR]",
    summary = "play a game in the browser: an HTTP server, one URL per side (docs/serve.md)",
    text = "Plays a scenario (the default one without an id) as volley play does, the sides\n"
      .. "without a bot answered from web pages: it prints one URL per side and opens nothing;\n"
      .. "a save file goes on with its game (loaded as the prompt's load does).\n"
      .. "It listens on 127.0.0.1 unless --listen names another address (docs/serve.md).",
    options = {
      { "--seed", "N", "the game's seed, 0 to 2^53 - 1 (default: drawn)" },
      { "--mod", "FILE", "a house rule (Lua hooks); repeatable", many = true,
        need = "--mod takes a Lua file", complete = "file" },
      { "--option", "NAME", "one of the scenario's options; repeatable", many = true,
        need = "--option takes an option's name", complete = "option" },
      { "--bot", "SIDE=NAME", "a bot plays SIDE: random, first; repeatable", many = true,
        complete = "bot" },
      { "--undo", "strict|solo", "the undo policy recorded in the save (default strict)",
        need = "--undo takes strict or solo", complete = { "strict", "solo" } },
      { "--max-decisions", "N", "the cap; default: the scenario's, else 10000" },
      { "--no-autosave", nil, "no autosave of this game" },
      { "--resume", nil, "go on with the game last played (volley play --resume's)" },
      { "--port", "N", "the port, 0 to 65535 (default 0: one the system chooses)" },
      { "--listen", "ADDR", "the address to listen on (default 127.0.0.1; another one is "
        .. "reachable from other machines: a warning says so)" },
      { "--web", "DIR", "the page's files (default: share/volley/web on the data path)",
        complete = "dir" },
    },
    notes = "SIGINT or SIGTERM stops the server; the game is autosaved as volley play's, and\n"
      .. "volley play --resume goes on with it at the prompt.",
    exit = "0 the server was stopped or the game ended, 1 a scenario that does not load, a\n"
      .. "port that cannot be listened on, 2 usage.",
    operand = "scenario" },
}

--- The flag every command takes, last in its help.
M.HELP_ROW = { "--help", nil, "print this help and exit", alias = "-h" }

--- The command named `name`, or nil.
-- @tparam string name
-- @treturn ?table
function M.command(name)
  for _, c in ipairs(M.COMMANDS) do
    if c.name == name then return c end
  end
end

--- The key of a flag in the parsed options: `--max-decisions` gives `max_decisions`.
-- @tparam string flag
-- @treturn string
function M.key(flag)
  return (flag:gsub("^%-%-?", ""):gsub("%-", "_"))
end

--- Every row of a command, the help row last.
-- @tparam table c a row of `COMMANDS`
-- @treturn {table,...}
function M.rows(c)
  local out = {}
  for _, r in ipairs(c.options) do out[#out + 1] = r end
  out[#out + 1] = M.HELP_ROW
  return out
end

-- {====================================================================================
-- The text: --help
-- =====================================================================================

-- The lines of text, words wrapped at width (not counting the indent), every line after the
-- first indented by indent.
local function wrap(text, width, indent)
  local lines, line, pad = {}, "", 0
  for word in text:gmatch("%S+") do
    if line ~= "" and #line - pad + 1 + #word > width then
      lines[#lines + 1] = line
      line, pad = indent .. word, #indent
    else
      line = line == "" and word or (line .. " " .. word)
    end
  end
  lines[#lines + 1] = line
  return lines
end

--- A flag's label in the help: `--seed N`, `-h, --help`, `--colour, --color WHEN`.
-- @tparam table r a row
-- @treturn string
function M.label(r)
  local name = r[1]
  if r.alias and r.alias:match("^%-%a$") then
    name = r.alias .. ", " .. name
  elseif r.alias then
    name = name .. ", " .. r.alias
  end
  return name .. (r[2] and (" " .. r[2]) or "")
end

local COLUMN = 23   -- where an option's help text starts

--- The lines of the options of a command, as its --help prints them.
-- @tparam table c a row of `COMMANDS`
-- @treturn string
function M.options_text(c)
  local out = {}
  for _, r in ipairs(M.rows(c)) do
    local label = "  " .. M.label(r)
    local lines = wrap(r[3], 92 - COLUMN, string.rep(" ", COLUMN))
    if #label + 1 >= COLUMN then
      out[#out + 1] = label
      out[#out + 1] = string.rep(" ", COLUMN) .. table.concat(lines, "\n")
    else
      out[#out + 1] = label .. string.rep(" ", COLUMN - #label) .. table.concat(lines, "\n")
    end
  end
  return table.concat(out, "\n") .. "\n"
end

--- The usage lines of a command: `usage: volley <usage>`.
-- @tparam table c a row of `COMMANDS`
-- @treturn string
function M.usage_text(c)
  return "usage: volley " .. c.usage .. "\n"
end

--- The text of `volley <command> --help`: the usage, what it does, every option, the exit
-- statuses.
-- @tparam string name the command
-- @treturn string
function M.help(name)
  local c = assert(M.command(name), name)
  local parts = { M.usage_text(c), "\n", c.text, "\n\n", M.options_text(c) }
  if c.notes then parts[#parts + 1] = "\n" .. c.notes .. "\n" end
  parts[#parts + 1] = "\nExit status: " .. c.exit .. "\n"
  return table.concat(parts)
end

--- The text of `volley --help`: the program's usage and every command's usage and summary.
-- @treturn string
function M.main_help()
  local out = { M.PROGRAM.usage, "\n", M.PROGRAM.text, "\nCommands:\n" }
  for _, c in ipairs(M.COMMANDS) do
    local first = c.usage:match("^[^\n]*")
    if #first <= 28 then   -- the summary beside it, else below it
      out[#out + 1] = string.format("  volley %-28s ", first)
        .. table.concat(wrap(c.summary, 92 - 38, string.rep(" ", 38)), "\n") .. "\n"
    else
      out[#out + 1] = "  volley " .. first .. "\n" .. string.rep(" ", 38)
        .. table.concat(wrap(c.summary, 92 - 38, string.rep(" ", 38)), "\n") .. "\n"
    end
  end
  out[#out + 1] = "\n`volley <command> --help` gives every option of a command.\n"
  out[#out + 1] = table.concat(wrap("Exit status: " .. M.PROGRAM.exit, 92, ""), "\n") .. "\n"
  return table.concat(out)
end

-- }====================================================================================

-- {====================================================================================
-- The parser
-- =====================================================================================

--- A usage error of a command: `volley <name>: <msg>` and its usage lines on stderr.
-- @tparam string name the command
-- @tparam string msg what is wrong
-- @treturn nil
-- @treturn integer 2, the exit status
function M.usage(name, msg)
  local c = M.command(name)
  io.stderr:write("volley ", name, ": ", msg, "\n", c and M.usage_text(c) or "")
  return nil, 2
end

-- A word of the command line as a message may show it: control bytes as `?`.
local function clean(s)
  return (s:gsub("[%c\127]", "?"))
end

-- Levenshtein distance of a and b, stopping early past 2 (enough for a suggestion).
local function distance(a, b)
  if math.abs(#a - #b) > 2 then return 3 end
  local prev = {}
  for j = 0, #b do prev[j] = j end
  for i = 1, #a do
    local cur = { [0] = i }
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      cur[j] = math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
    end
    prev = cur
  end
  return prev[#b]
end

--- The known words nearest to a mistyped one (edit distance 2 at most, or a prefix of one),
-- in the order known gives them; empty when none is near.
-- @tparam string word
-- @tparam {string,...} known
-- @treturn {string,...}
function M.nearest(word, known)
  local best, out = 3, {}
  for _, k in ipairs(known) do
    local d = distance(word, k)
    if d == 0 then d = 3 end
    if #word >= 3 and k:sub(1, #word) == word and d > 1 then d = 1 end   -- --ma: --max-...
    if d < best then
      best, out = d, { k }
    elseif d == best and d <= 2 then
      out[#out + 1] = k
    end
  end
  return best <= 2 and out or {}
end

-- " (did you mean --seed?)" or "", for a word and the words that could have been meant.
local function tip(word, known)
  local near = M.nearest(word, known)
  if #near == 0 then return "" end
  return " (did you mean " .. table.concat(near, " or ") .. "?)"
end

-- The flags a command knows, its aliases too, in table order.
local function flags_of(c)
  local out = {}
  for _, r in ipairs(M.rows(c)) do
    out[#out + 1] = r[1]
    if r.alias then out[#out + 1] = r.alias end
  end
  return out
end

--- The lua-argparse parser of a command, built from its rows; each flag's action writes into
-- `o` (when given). For the tests, which read the flags the parser knows.
-- @tparam table c a row of `COMMANDS`
-- @tparam[opt] table o what the actions fill: see `parse`
-- @return the argparse Parser
function M.parser(c, o)
  local argparse = require "argparse"
  o = o or { args = {}, given = {} }
  local p = argparse("volley " .. c.name):add_help(false)
  for _, r in ipairs(M.rows(c)) do
    local flag, key = r[1], M.key(r[1])
    local names = flag .. (r.alias and (" " .. r.alias) or "")
    local function note()
      o.given[#o.given + 1] = flag
      o.count[flag] = (o.count[flag] or 0) + 1
    end
    if r[2] then
      p:option(names):args(1):count("*"):action(function(_, _, value)
        note()
        if r.many then
          o[key] = o[key] or {}
          table.insert(o[key], value)
        else
          o[key] = value
        end
      end)
    else
      p:flag(names):count("*"):action(function()
        note()
        o[key] = true
      end)
    end
  end
  p:argument("operands"):args("*"):action(function(_, _, values)
    for _, v in ipairs(values) do o.args[#o.args + 1] = v end
  end)
  return p
end

-- The value flags (and their aliases) of a command: name -> row.
local function value_rows(c)
  local out = {}
  for _, r in ipairs(c.options) do
    if r[2] then
      out[r[1]] = r
      if r.alias then out[r.alias] = r end
    end
  end
  return out
end

-- The message of a value missing or empty: the row's, else the command's word for it
-- (`--svg needs a value`), else `--flag takes METAVAR`.
local function need(c, r)
  return r.need or (r[1] .. " " .. (c.need or ("takes " .. r[2])))
end

--- Reads a command's arguments. `--flag value` takes the next word whatever it is (`--seed
-- -1`, `--script -`), `--flag=value` the rest of the word; `--` ends the flags.
-- @tparam string name the command
-- @tparam {string,...} args the arguments after the command's name
-- @treturn[1] table the options: for each flag given, `o.<key>` (true for a switch, the value,
--   or the list of values of a `many` flag, which is `{}` when not given); `o.args` the
--   operands in order; `o.given` the flags in the order given; `o.count` flag -> times
-- @treturn[2] nil
-- @treturn[2] integer the exit status: 0 after --help (printed on stdout), 2 after a usage
--   error (on stderr)
function M.parse(name, args)
  local c = assert(M.command(name), name)
  local o = { args = {}, given = {}, count = {} }
  local values = value_rows(c)
  local words, i = {}, 1
  while i <= #args do   -- `--flag value` as `--flag=value`: the value may begin with -
    local a = args[i]
    if a == "--" then
      for k = i, #args do words[#words + 1] = args[k] end
      break
    end
    if values[a] and args[i + 1] ~= nil then
      words[#words + 1] = a .. "=" .. args[i + 1]
      i = i + 2
    else
      words[#words + 1] = a
      i = i + 1
    end
  end
  for _, r in ipairs(c.options) do
    if r.many then o[M.key(r[1])] = {} end
  end
  local ok, err = M.parser(c, o):pparse(words)
  if not ok then
    local bad = err:match("^unknown option '(.-)'")
    if bad then
      return M.usage(name, "unknown option '" .. clean(bad) .. "'" .. tip(bad, flags_of(c)))
    end
    local flag = err:match("^option '(.-)' requires an argument")
    if flag and values[flag] then return M.usage(name, need(c, values[flag])) end
    flag = err:match("^option '(.-)' does not take arguments")
    if flag then return M.usage(name, flag .. " takes no value") end
    return M.usage(name, err)
  end
  if o.help then
    io.stdout:write(M.help(name))
    return nil, 0
  end
  for _, r in ipairs(c.options) do
    local n = o.count[r[1]] or 0
    if n > 1 and not r.many then return M.usage(name, r[1] .. " given twice") end
    if r[2] and n > 0 then
      local v = o[M.key(r[1])]
      for _, x in ipairs(type(v) == "table" and v or { v }) do
        if x == "" then return M.usage(name, need(c, r)) end
      end
    end
  end
  return o
end

--- The words a mistyped command may have meant, as " (did you mean play?)", or "".
-- @tparam string word
-- @treturn string
function M.command_tip(word)
  local names = {}
  for _, c in ipairs(M.COMMANDS) do names[#names + 1] = c.name end
  return tip(word, names)
end

--- `volley <word>` for a word that is no command: the message, the commands it may have
-- meant, and the program's usage, on stderr.
-- @tparam string word
function M.unknown(word)
  io.stderr:write("volley: unknown command or option '", clean(word), "'",
    M.command_tip(word), "\n", M.PROGRAM.usage)
end

-- }====================================================================================

return M
