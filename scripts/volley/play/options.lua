--- The flags of `volley play`: its usage, its help, and the parser that reads them into the
-- options the driver plays by (docs/shell.md "volley play").
-- @module volley.play.options

local cli = require "volley.cli"
local compat = require "volley.compat"

local M = {}

--- The usage lines, printed after a usage error (from volley.cli's table, as is the help).
M.USAGE = cli.usage_text(cli.command("play"))

--- The text of `volley play --help`: every flag of volley.cli's table for play.
M.HELP = cli.help("play")

--- A usage error: the message and the usage lines on stderr.
-- @tparam string msg what is wrong
-- @treturn nil
-- @treturn integer 2, the exit status
function M.usage(msg)
  return cli.usage("play", msg)
end

local usage = M.usage

local function parse_int(text, max)
  local n = text and text:match("^%d+$") and tonumber(text)
  if not n or n > max then return nil end
  return compat.tointeger(n)
end

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

-- Flags whose value is checked: name -> function(o, value) that records it; nil, or the
-- usage message.
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
  local f, status = cli.parse("play", args)
  if not f then return nil, status end
  local o = { bots = {}, bot_order = {}, dice = {}, mods = f.mod, options = f.option,
              undo = "strict", script = f.script, save = f.save, json = f.json,
              strict = f.strict, resume = f.resume, no_autosave = f.no_autosave }
  -- the values volley.cli read, checked flag by flag in the table's order
  for _, flag in ipairs({ "--seed", "--max-decisions", "--bot", "--dice", "--as", "--undo" }) do
    local v = f[cli.key(flag)]
    for _, x in ipairs(type(v) == "table" and v or { v }) do
      local why = READ[flag](o, x)
      if why then return usage(why) end
    end
  end
  for _, a in ipairs(f.args) do
    local why = read_target(o, a)
    if why then return usage(why) end
  end
  local why = check_together(o, f.count)
  if why then return usage(why) end
  return o
end

return M
