--- `volley play`: a game played out by bots, with JSON lines (DESIGN.md Part B "The command
-- line", "Decisions", "JSON"; docs/json.md).
--
-- This is the first `play`: every side is a bot (the prompt that lets a person play comes
-- with the shell issues). The program calls `main(args)` with its arguments after `play`
-- and exits with what it returns: 0 a game played to its end (or capped), 1 a game that
-- stopped on an error (a script error, a bot's illegal answer), 2 usage.
-- @module volley.play

local core = require "volley.core"
local bots = require "volley.bots"
local compat = require "volley.compat"
local json = require "volley.json"

local M = {}

local describe, emit

--- The engine's default cap on decisions, when neither --max-decisions nor the scenario's
-- `[scenario] max_decisions` gives one.
M.DEFAULT_MAX_DECISIONS = 10000

M.USAGE = "usage: volley play <id|path> [--seed N] [--bot SIDE=NAME]... [--option NAME]...\n"
  .. "                   [--mod FILE]... [--json] [--max-decisions N] [--dice V,V,...]\n"

local function pack(...)
  return { n = select("#", ...), ... }
end

local function usage(msg)
  io.stderr:write("volley play: ", msg, "\n", M.USAGE)
  return nil, 2
end

-- The same, for main: the exit status alone.
local function usage_status(msg)
  usage(msg)
  return 2
end

local function parse_int(text, max)
  local n = text and text:match("^%d+$") and tonumber(text)
  if not n or n > max then return nil end
  return compat.tointeger(n)
end

--- Reads play's arguments. Returns the options, or nil and the exit status 2 after a
-- message on stderr.
function M.parse(args)
  local o = { bots = {}, bot_order = {}, dice = {}, mods = {}, options = {} }
  local i = 1
  while i <= #args do
    local a = args[i]
    local v = args[i + 1]
    if a == "--json" then
      o.json = true
      i = i + 1
    elseif a == "--seed" then
      o.seed = parse_int(v, 2 ^ 53 - 1)
      if not o.seed then return usage("--seed takes an integer from 0 to 2^53 - 1") end
      i = i + 2
    elseif a == "--max-decisions" then
      o.max_decisions = parse_int(v, 1e9)
      if not o.max_decisions or o.max_decisions < 1 then
        return usage("--max-decisions takes a positive integer")
      end
      i = i + 2
    elseif a == "--bot" then
      local side, name = (v or ""):match("^([A-Za-z0-9_]+)=([a-z][a-z0-9_]*)$")
      if not side then return usage("--bot takes SIDE=NAME, e.g. --bot US=random") end
      if o.bots[side] then return usage("two bots for side " .. side) end
      o.bots[side] = name
      o.bot_order[#o.bot_order + 1] = side
      i = i + 2
    elseif a == "--dice" then
      if not v or not v:match("^%d[%d,]*$") or v:find(",,", 1, true) or v:sub(-1) == "," then
        return usage("--dice takes die faces, e.g. --dice 3,0,6")
      end
      for f in v:gmatch("%d+") do o.dice[#o.dice + 1] = compat.tointeger(tonumber(f)) end
      i = i + 2
    elseif a == "--option" then
      if not v or v == "" then return usage("--option takes an option's name") end
      o.options[#o.options + 1] = v
      i = i + 2
    elseif a == "--mod" then
      if not v or v == "" then return usage("--mod takes a Lua file") end
      o.mods[#o.mods + 1] = v
      i = i + 2
    elseif a == "--help" or a == "-h" then
      io.stdout:write(M.USAGE)
      return nil, 0
    elseif a:sub(1, 1) == "-" then
      return usage("unknown option '" .. a .. "'")
    elseif a == "" then
      return usage("an empty scenario name")
    elseif o.target then
      return usage("one scenario at a time ('" .. o.target .. "' and '" .. a .. "')")
    else
      o.target = a
      i = i + 1
    end
  end
  if not o.target then return usage("which scenario? give an id or a path") end
  return o
end

-- The seed when none is given: from the system's random source (recorded and printed, so
-- the game can be played again with --seed).
local function fresh_seed()
  local f = io.open("/dev/urandom", "rb")
  local bytes = f and f:read(6) or "\0\0\0\0\0\1"
  if f then f:close() end
  local n = 0
  for k = 1, 6 do n = n * 256 + bytes:byte(k) end
  return n
end

local Out = {}
Out.__index = Out

function Out:event(t)
  if self.json then
    io.stdout:write(json.encode(t), "\n")
    io.stdout:flush()
  end
end

function Out:text(line)
  if not self.json then
    io.stdout:write(line, "\n")
    io.stdout:flush()
  end
end

-- One line for an error from the engine state: an error object `{msg, file, line, point,
-- source}` (docs/modding.md) as "file:line: msg (point, source)", or a message as it is.
function describe(e)
  if type(e) ~= "table" then return tostring(e) end
  local text = e.msg or "?"
  if e.file then text = e.file .. ":" .. (e.line and (e.line .. ": ") or " ") .. text end
  local ctx = {}
  if e.point then ctx[#ctx + 1] = e.point end
  if e.source and e.source ~= e.file then ctx[#ctx + 1] = e.source end
  if #ctx > 0 then text = text .. " (" .. table.concat(ctx, ", ") .. ")" end
  return text
end

-- What happened since the last resume (volley.session.drain): the roll events, each with
-- what a chart roll adds (modifiers, total, chart, row, column, result), and the narrative.
function emit(out, d)
  for _, r in ipairs(d.rolls) do
    out:event{ event = "roll", v = json.V, n = r.n, die = r.die, natural = r.natural,
               faces = r.faces, forced = r.forced, reason = r.reason, rule = r.rule,
               modifiers = r.modifiers, total = r.total, chart = r.chart, row = r.row,
               column = r.column, result = r.result, provisional = r.provisional }
    local mods = {}
    for _, m in ipairs(r.modifiers or {}) do
      mods[#mods + 1] = string.format("%+d %s %s (%s)", m.value, m.label, m.rule, m.source)
    end
    out:text(string.format("roll %s: %d%s (%s) %s%s%s", r.die, r.natural,
      r.forced and " forced" or "", r.reason, r.rule,
      #mods > 0 and ("; " .. table.concat(mods, "; ")) or "",
      r.chart and string.format("; total %d on %s row %s: %s", r.total, r.chart,
        tostring(r.row), tostring(r.result)) or ""))
  end
  for _, line in ipairs(d.narrative) do out:text(line) end
end

--- Plays a game out. Returns the exit status.
-- @tparam {string,...} args the arguments after `play`
function M.main(args)
  local o, status = M.parse(args)
  if not o then return status end
  local seed = o.seed or fresh_seed()
  -- The game runs in an engine-owned state (DESIGN.md principle 9): the runtime there, the
  -- scenario's and the mods' scripts in its sandbox; this host state only drives it.
  local st = core.new_state{}
  local ok, err = st:require("volley.session")
  if not ok then
    io.stderr:write("volley play: ", describe(err), "\n")
    return 1
  end
  local info
  ok, info = st:call("volley.session", "open", o.target, { seed = seed, mods = o.mods,
                                                            options = o.options, dice = o.dice })
  if not ok then
    io.stderr:write("volley play: ", describe(info), "\n")
    return 1
  end
  local sides = info.sides
  for _, side in ipairs(o.bot_order) do
    local known = false
    for _, s in ipairs(sides) do known = known or s == side end
    if not known then
      return usage_status("no side '" .. side .. "' in this scenario (sides: "
        .. table.concat(sides, " ") .. ")")
    end
  end
  local players = {}
  for _, side in ipairs(sides) do
    if not o.bots[side] then
      return usage_status("side " .. side .. " has no bot: until the prompt can play, give "
        .. "every side one (--bot " .. side .. "=random)")
    end
    local lok, bot = pcall(bots.load, o.bots[side])
    if not lok then return usage_status((tostring(bot):gsub("^[^%s:]+:%d+: ", ""))) end
    players[side] = bot
  end
  local cap = o.max_decisions or info.max_decisions or M.DEFAULT_MAX_DECISIONS
  if o.seed == nil then io.stderr:write("volley play: seed ", seed, "\n") end

  local out = setmetatable({ json = o.json }, Out)
  local task = st:spawn("volley.session", "run")
  local decisions, answer = 0, nil
  local capped = false
  while true do
    local res = pack(task:resume(answer))
    local dok, d = st:call("volley.session", "drain")
    if dok then
      emit(out, d)
      if decisions > 0 then
        out:event{ event = "checkpoint", v = json.V, state_hash = d.state_hash,
                   rolls = d.rolls_count }
      end
    end
    local kind = res[1]
    if kind == "error" then
      io.stderr:write("volley play: the game stopped: ", describe(res[2]), "\n")
      return 1
    end
    if kind == "done" then break end
    local side, req, refusal = res[2], res[3], res[4]
    if refusal then
      io.stderr:write("volley play: bot ", o.bots[side], " for ", side,
        " gave an illegal answer: ", tostring(refusal), "\n")
      return 1
    end
    if decisions >= cap then
      capped = true
      break
    end
    decisions = decisions + 1
    out:event{ event = "request", v = json.V, decision = decisions, side = side,
               kind = req.kind, prompt = req.prompt, rule = req.rule, options = req.options }
    answer = players[side].answer(nil, req, { side = side, name = o.bots[side], seed = seed,
                                              decision = decisions })
    out:event{ event = "answer", v = json.V, decision = decisions, side = side,
               kind = req.kind, answer = answer, by = o.bots[side] }
    out:text(string.format("%d. %s %s: %s", decisions, side, req.kind, tostring(answer)))
  end
  task:close()
  local _, r = st:call("volley.session", "result")
  st:close()
  local winner, reason = r.winner, r.reason
  if capped then winner, reason = nil, "capped" end
  if winner == "draw" then winner = nil end
  out:event{ event = "game_over", v = json.V, winner = winner or json.null, reason = reason or "",
             draw = (not capped and r.winner == "draw") or nil, decisions = decisions,
             max_decisions = cap, seed = seed, state_hash = r.state_hash }
  out:text(string.format("game over: %s (%s) after %d decisions; seed %d; state %s",
    winner or (capped and "no winner" or "draw"), reason or "", decisions, seed, r.state_hash))
  return 0
end

return M
