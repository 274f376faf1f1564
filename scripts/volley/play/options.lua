--- The flags of `volley play`: its usage, its help, and the parser that reads them into the
-- options the driver plays by (docs/shell.md "volley play").
-- @module volley.play.options

local compat = require "volley.compat"

local M = {}

--- The usage lines, printed after a usage error.
M.USAGE = "usage: volley play <id|path> [--seed N] [--mod FILE]... [--option NAME]...\n"
  .. "                   [--bot SIDE=NAME]... [--as SIDE] [--undo strict|solo]\n"
  .. "                   [--script FILE|-] [--strict] [--json] [--save FILE]\n"
  .. "                   [--max-decisions N] [--dice V,V,...] [--no-autosave]\n"
  .. "       volley play --resume [--bot SIDE=NAME]... [--as SIDE] [--script FILE|-]\n"
  .. "                        [--max-decisions N] [--json]\n"

--- The text of `volley play --help`.
M.HELP = M.USAGE .. [[

Plays a scenario (an id on the data path, or a scenario folder or file). A side with a bot
plays itself; every other side is answered by the commands of --script, or, without
--script, at the prompt (docs/shell.md).

  --seed N             the game's seed, 0 to 2^53 - 1 (default: drawn, printed on stderr)
  --mod FILE           a house rule (Lua hooks), loaded after the battle's scripts; repeatable
  --option NAME        one of the scenario's options (volley options <id>); repeatable
  --bot SIDE=NAME      a bot plays SIDE: random, first; repeatable
  --as SIDE            whose view is shown: a side or referee (default: the one side without
                       a bot, else referee); a side's view carries view_hash, no seed
  --undo strict|solo   the undo policy recorded in the save (default strict)
  --script FILE|-      the commands of the sides without a bot, a line each (- reads stdin)
  --strict             stop at the first refused command (exit 1)
  --json               JSON lines on stdout and nothing else (docs/json.md)
  --save FILE          write the save file when the game stops (end, cap, quit, script end)
  --max-decisions N    the cap; default: the scenario's [scenario] max_decisions, else 10000
  --dice V,V,...       test mode: the next rolls come out as given (recorded as forced)
  --no-autosave        no autosave of this game (--resume will not find it)
  --resume             go on with the game last played ($XDG_STATE_HOME/volley/): the newest
                       unfinished game with a side of yours, else the newest of bots alone,
                       with the bots, cap, view and undo policy it recorded (flags override)

Every game is autosaved, a line per answer, under $XDG_STATE_HOME/volley/ (default
~/.local/state/volley/); the folder keeps at most 100 autosaves (VOLLEY_AUTOSAVE_KEEP),
removing the oldest games that are over or that bots alone played, never an unfinished game
of yours. Undo in a script takes back the last answer of a side without a bot (docs/save.md
"Replay, undo and resume").

Exit status: 0 the game ended, was capped, or stopped where the script ended, with no
refused command; 1 a refused command, a scenario that does not load, a game stopped by an
error, a save or autosave that cannot be written; 2 usage.
]]

--- A usage error: the message and the usage lines on stderr.
-- @tparam string msg what is wrong
-- @treturn nil
-- @treturn integer 2, the exit status
function M.usage(msg)
  io.stderr:write("volley play: ", msg, "\n", M.USAGE)
  return nil, 2
end

local usage = M.usage

local function parse_int(text, max)
  local n = text and text:match("^%d+$") and tonumber(text)
  if not n or n > max then return nil end
  return compat.tointeger(n)
end

-- Flags that take a value and say so when it is missing or empty: name -> the message.
local VALUE_FLAGS = {
  ["--option"] = "--option takes an option's name",
  ["--mod"] = "--mod takes a Lua file",
  ["--as"] = "--as takes a side or referee",
  ["--script"] = "--script takes a file, or - for standard input",
  ["--save"] = "--save takes a file",
  ["--undo"] = "--undo takes strict or solo",
}

-- Flags given at most once.
local ONCE = {
  ["--as"] = true, ["--script"] = true, ["--save"] = true, ["--undo"] = true,
  ["--seed"] = true, ["--max-decisions"] = true, ["--dice"] = true, ["--json"] = true,
  ["--strict"] = true, ["--resume"] = true, ["--no-autosave"] = true,
}

-- Flags without a value: name -> the option they set to true.
local SWITCHES = { ["--json"] = "json", ["--strict"] = "strict", ["--resume"] = "resume",
                   ["--no-autosave"] = "no_autosave" }

-- The --dice faces into o.dice; nil, or the usage message.
local function read_dice(o, v)
  if not v or not v:match("^%d[%d,]*$") or v:find(",,", 1, true) or v:sub(-1) == "," then
    return "--dice takes die faces, e.g. --dice 3,0,6"
  end
  for f in v:gmatch("%d+") do
    local face = #f <= 10 and compat.tointeger(tonumber(f))
    if not face or face > 2147483647 then
      return "--dice takes die faces, e.g. --dice 3,0,6 (" .. f .. " is no face)"
    end
    o.dice[#o.dice + 1] = face
  end
end

-- Flags with a value: name -> function(o, value) that records it; nil, or the usage message.
local READ = {
  ["--seed"] = function(o, v)
    o.seed = parse_int(v, 2 ^ 53 - 1)
    if not o.seed then return "--seed takes an integer from 0 to 2^53 - 1" end
  end,
  ["--max-decisions"] = function(o, v)
    o.max_decisions = parse_int(v, 1e9)
    if not o.max_decisions or o.max_decisions < 1 then
      return "--max-decisions takes a positive integer"
    end
  end,
  ["--bot"] = function(o, v)
    local side, name = (v or ""):match("^([A-Za-z0-9_]+)=([a-z][a-z0-9_]*)$")
    if not side then return "--bot takes SIDE=NAME, e.g. --bot US=random" end
    if o.bots[side] then return "two bots for side " .. side end
    o.bots[side] = name
    o.bot_order[#o.bot_order + 1] = side
  end,
  ["--dice"] = read_dice,
  ["--option"] = function(o, v) o.options[#o.options + 1] = v end,
  ["--mod"] = function(o, v) o.mods[#o.mods + 1] = v end,
  ["--as"] = function(o, v)
    if not v:match("^[A-Za-z0-9_]+$") then return "--as takes a side or referee" end
    o.as = v
  end,
  ["--undo"] = function(o, v)
    if v ~= "strict" and v ~= "solo" then
      return "--undo takes strict or solo, not '" .. v .. "'"
    end
    o.undo = v
  end,
  ["--script"] = function(o, v) o.script = v end,
  ["--save"] = function(o, v) o.save = v end,
}

-- An argument that is no flag: the scenario; nil, or the usage message.
local function read_target(o, a)
  if a:sub(1, 1) == "-" then return "unknown option '" .. a .. "'" end
  if a == "" then return "an empty scenario name" end
  if o.target then return "one scenario at a time ('" .. o.target .. "' and '" .. a .. "')" end
  o.target = a
end

-- What the flags given together must agree on (`seen`: the flags given); nil, or the usage
-- message. --resume takes the undo policy from the autosave unless --undo is given.
local function check_together(o, seen)
  if o.resume then
    for _, f in ipairs({ "--seed", "--mod", "--option", "--dice" }) do
      if seen[f] then return "--resume takes the game's " .. f:sub(3) .. " from the autosave" end
    end
    if o.target then return "--resume goes on with the autosave, not " .. o.target end
    if o.no_autosave then
      return "--no-autosave is for a new game (--resume goes on in its autosave)"
    end
    o.undo = seen["--undo"] and o.undo or nil
  elseif not o.target then
    return "which scenario? give an id or a path"
  end
  if o.strict and not o.script then return "--strict is for --script" end
end

--- Reads play's arguments. Returns the options, or nil and the exit status (2 after a
-- message on stderr; 0 after --help).
-- @tparam {string,...} args the arguments after `play`
-- @treturn[1] table the options: `target`, `seed`, `bots` (side -> name), `bot_order`,
--   `dice`, `mods`, `options`, `as`, `undo`, `script`, `save`, `strict`, `json`, `resume`,
--   `no_autosave`, `max_decisions`
-- @treturn[2] nil
-- @treturn[2] integer the exit status
function M.parse(args)
  local o = { bots = {}, bot_order = {}, dice = {}, mods = {}, options = {}, undo = "strict" }
  local seen = {}
  local i = 1
  while i <= #args do
    local a = args[i]
    local v = args[i + 1]
    if VALUE_FLAGS[a] and (v == nil or v == "") then return usage(VALUE_FLAGS[a]) end
    if ONCE[a] and seen[a] then return usage(a .. " given twice") end
    seen[a] = true
    local why
    if a == "--help" or a == "-h" then
      io.stdout:write(M.HELP)
      return nil, 0
    elseif SWITCHES[a] then
      o[SWITCHES[a]] = true
    elseif READ[a] then
      why = READ[a](o, v)
      i = i + 1
    else
      why = read_target(o, a)
    end
    if why then return usage(why) end
    i = i + 1
  end
  local why = check_together(o, seen)
  if why then return usage(why) end
  return o
end

return M
