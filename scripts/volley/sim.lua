--- `volley sim`: many games played out by bots, sharded, merged and summarised (DESIGN.md
-- Part B "The command line" and "JSON"; docs/sim.md).
--
-- Game i (0-based) of a run with seed S plays with the seed SplitMix64(S + i) >> 11
-- (`volley.core.dice.sim_seed`), each in a fresh engine-owned state, exactly as `volley play`
-- plays one game: so `volley play <id> --seed <that seed> --bot ...` replays it alone, with the
-- same `state_hash`. `--shard k/n` plays the games i with i % n == k - 1; `--merge` joins the
-- shards' `--json` outputs into what the unsharded run prints. The program calls
-- `main(args, host)` with the arguments after `sim` and exits with what it returns: 0 done,
-- 1 a game or a merge input that failed, 2 usage, 130 or 143 stopped by SIGINT or SIGTERM.
-- @module volley.sim

local core = require "volley.core"
local cli = require "volley.cli"
local bots = require "volley.bots"
local compat = require "volley.compat"
local json = require "volley.json"
local game_start = require "volley.game_start"
local play = require "volley.play"
local driving = require "volley.driving"
local describe, fresh_seed = driving.describe, driving.fresh_seed
local dkjson = require "dkjson"

local M = {}

--- z of the Wilson score intervals: 1.96, a 95% interval.
M.Z = 1.96

M.USAGE = cli.usage_text(cli.command("sim"))

local function pack(...)
  return { n = select("#", ...), ... }
end

local function usage(msg)
  return cli.usage("sim", msg)
end

local function parse_int(text, max)
  local n = text and text:match("^%d+$") and tonumber(text)
  if not n or n > max then return nil end
  return compat.tointeger(n)
end

local BOT_NAME = "^[a-z][a-z0-9_]*$"

--- Reads sim's arguments. Returns the options, or nil and the exit status (2 after a message
-- on stderr; 0 after --help).
-- @tparam {string,...} args the arguments after `sim`
-- @treturn table `{target=, games=, bots=, bot_order=, bot_list=, seed=, shard={k, n},
--   options=, mods=, max_decisions=, json=, merge=, files=}`
function M.parse(args)
  local f, status = cli.parse("sim", args)
  if not f then return nil, status end
  local o = { bots = {}, bot_order = {}, mods = f.mod, options = f.option, files = {},
              json = f.json, merge = f.merge }
  local given = {}   -- the play options given, which --merge refuses
  for _, g in ipairs(f.given) do
    if g ~= "--json" and g ~= "--merge" then given[#given + 1] = g end
  end
  if f.games then
    o.games = parse_int(f.games, 1e9)
    if not o.games or o.games < 1 then
      return usage("--games takes a number of games from 1 to 1000000000")
    end
  end
  if f.seed then
    o.seed = parse_int(f.seed, 2 ^ 53 - 1)
    if not o.seed then return usage("--seed takes an integer from 0 to 2^53 - 1") end
  end
  if f.shard then
    local k, n = f.shard:match("^(%d+)/(%d+)$")
    k, n = parse_int(k, 1e9), parse_int(n, 1e9)
    if not k or not n or k < 1 or k > n then
      return usage("--shard takes k/n with 1 <= k <= n, e.g. --shard 2/4")
    end
    o.shard = { k, n }
  end
  if f.max_decisions then
    o.max_decisions = parse_int(f.max_decisions, 1e9)
    if not o.max_decisions or o.max_decisions < 1 then
      return usage("--max-decisions takes a positive integer")
    end
  end
  if f.bots then
    local v = f.bots
    if v:find(",,", 1, true) or v:sub(1, 1) == "," or v:sub(-1) == "," then
      return usage("--bots takes bot names in side order, e.g. --bots random,first")
    end
    o.bot_list = {}
    for name in v:gmatch("[^,]+") do
      if not name:match(BOT_NAME) then
        return usage("--bots takes bot names in side order, e.g. --bots random,first")
      end
      o.bot_list[#o.bot_list + 1] = name
    end
  end
  for _, v in ipairs(f.bot) do
    local side, name = v:match("^([A-Za-z0-9_]+)=([a-z][a-z0-9_]*)$")
    if not side then return usage("--bot takes SIDE=NAME, e.g. --bot US=random") end
    if o.bots[side] then return usage("two bots for side " .. side) end
    o.bots[side] = name
    o.bot_order[#o.bot_order + 1] = side
  end
  for _, a in ipairs(f.args) do
    if a:sub(1, 1) == "-" and a ~= "-" then
      return usage("unknown option '" .. a .. "'")
    elseif a == "" then
      return usage(o.merge and "an empty file name" or "an empty scenario name")
    end
    o.files[#o.files + 1] = a
  end
  if o.merge then
    if #given > 0 then
      return usage("--merge takes shard outputs and --json only, not " .. given[1])
    end
    if #o.files == 0 then return usage("--merge needs the shards' --json outputs") end
    return o
  end
  if #o.files == 0 then return usage("which scenario? give an id or a path") end
  if #o.files > 1 then
    return usage("one scenario at a time ('" .. o.files[1] .. "' and '" .. o.files[2] .. "')")
  end
  o.target = o.files[1]
  if not o.games then return usage("how many games? give --games N") end
  if o.bot_list and #o.bot_order > 0 then return usage("give --bots or --bot, not both") end
  if o.shard and not o.seed then
    return usage("--shard needs --seed: every shard must play the same run")
  end
  o.shard = o.shard or { 1, 1 }
  return o
end

--- The games of shard k of n, of a run of `games` games: every i from 0 to games - 1 with
-- i % n == k - 1, in order.
-- @treturn {integer,...}
function M.games_of(games, k, n)
  local list = {}
  for i = k - 1, games - 1, n do list[#list + 1] = i end
  return list
end

--- The seed of game i of a run with seed s: SplitMix64(s + i) >> 11.
M.seed_of = core.dice.sim_seed

-- A number rounded to `places` decimal places; integral results come back as integers, so
-- they print the same on both VMs (5.4 would print a float 1 as "1.0").
local function round(x, places)
  local f = 10 ^ places
  local r = math.floor(x * f + 0.5) / f
  return compat.tointeger(r) or r
end

--- The Wilson score interval of w successes in n trials, with z = `M.Z` (1.96: 95%).
-- [0, 1] when n is 0.
-- @treturn number lo
-- @treturn number hi
function M.wilson(w, n)
  if n == 0 then return 0, 1 end
  local z2 = M.Z * M.Z
  local p = w / n
  local denom = 1 + z2 / n
  local centre = (p + z2 / (2 * n)) / denom
  local half = M.Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
  return math.max(0, centre - half), math.min(1, centre + half)
end

--- How a game ended, from its game_over fields: "win" (its winner a side), "capped" (reason
-- "capped", no winner) or "draw" (no winner otherwise: a draw, or an end without a winner).
-- @tparam table g `{winner = side or nil, reason = text}`
-- @tparam table known the sides as a set
-- @treturn string, or nil and a message for a winner that is no side
function M.outcome(g, known)
  if g.winner ~= nil then
    if not known[g.winner] then
      return nil, "the winner '" .. tostring(g.winner) .. "' is no side"
    end
    return "win"
  end
  if g.reason == "capped" then return "capped" end
  return "draw"
end

--- The summary of a set of games (the fields of DESIGN.md's sim_summary).
-- @tparam table run `{seed=, shard = "k/n", sides = {id, ...}, max_decisions=, seconds=}`;
--   seconds the wall time the games took (for decisions_per_s)
-- @tparam table games the games, each `{winner = side or nil, reason=, decisions=}`
-- @treturn table the summary, with `sides` a list of `{id=, wins=, rate=, ci95 = {lo, hi}}`
--   in the run's side order; or nil and a message
function M.summary(run, games)
  local known, wins = {}, {}
  for _, s in ipairs(run.sides) do known[s], wins[s] = true, 0 end
  local draws, capped, sum, sumsq = 0, 0, 0, 0
  for _, g in ipairs(games) do
    local how, err = M.outcome(g, known)
    if not how then return nil, err end
    if how == "win" then
      wins[g.winner] = wins[g.winner] + 1
    elseif how == "capped" then
      capped = capped + 1
    else
      draws = draws + 1
    end
    sum, sumsq = sum + g.decisions, sumsq + g.decisions * g.decisions
  end
  local n = #games
  local sides = {}
  for _, s in ipairs(run.sides) do
    local lo, hi = M.wilson(wins[s], n)
    sides[#sides + 1] = { id = s, wins = wins[s], rate = round(n > 0 and wins[s] / n or 0, 6),
                          ci95 = { round(lo, 6), round(hi, 6) } }
  end
  -- mean and sample standard deviation from the integer sums: the same whatever the order
  -- of the games, so a merge gives the unsharded run's figures to the last digit
  local mean = n > 0 and sum / n or 0
  local var = n > 1 and (sumsq - sum * mean) / (n - 1) or 0
  local rate = run.seconds and run.seconds > 0 and sum / run.seconds or 0
  return { seed = run.seed, shard = run.shard, games = n, finished = n - capped,
           capped = capped, max_decisions = run.max_decisions, sides = sides, draws = draws,
           decisions = { mean = round(mean, 6), sd = round(math.sqrt(math.max(0, var)), 6) },
           decisions_per_s = round(rate, 1), total_decisions = sum }
end

-- A JSON number: integers in full (seeds reach 2^53), others as dkjson writes them.
local function jnum(x)
  if x == math.floor(x) then return string.format("%.0f", x) end
  return string.format("%.14g", x)
end

--- The sim_summary line (no newline), its keys in DESIGN.md's order and `sides` in the
-- scenario's side order (volley.json would sort them); a run a signal stopped adds
-- `interrupted` (the signal's name) and `planned` (the games it was to play).
-- @tparam table s a summary from `M.summary`
-- @treturn string
function M.encode_summary(s)
  local sides = {}
  for _, e in ipairs(s.sides) do
    sides[#sides + 1] = string.format('%s:{"wins":%s,"rate":%s,"ci95":[%s,%s]}',
      dkjson.quotestring(e.id), jnum(e.wins), jnum(e.rate), jnum(e.ci95[1]), jnum(e.ci95[2]))
  end
  local stopped = s.interrupted and string.format(',"interrupted":%s,"planned":%s',
    dkjson.quotestring(s.interrupted), jnum(s.planned)) or ""
  return string.format('{"event":"sim_summary","v":%d,"seed":%s,"shard":%s,"games":%s,'
    .. '"finished":%s,"capped":%s,"max_decisions":%s,"sides":{%s},"draws":%s,'
    .. '"decisions":{"mean":%s,"sd":%s},"decisions_per_s":%s%s}',
    json.V, jnum(s.seed), dkjson.quotestring(s.shard), jnum(s.games), jnum(s.finished),
    jnum(s.capped), jnum(s.max_decisions), table.concat(sides, ","), jnum(s.draws),
    jnum(s.decisions.mean), jnum(s.decisions.sd), jnum(s.decisions_per_s), stopped)
end

local function percent(x)
  return string.format("%.1f%%", 100 * x)
end

--- The text summary: a few lines (no trailing newline).
-- @tparam table s a summary from `M.summary`
-- @tparam ?string target the scenario, when known
-- @treturn string
function M.text_summary(s, target)
  local lines = {
    string.format("%s%d games (seed %s, shard %s): %d finished, %d capped at %d decisions",
      target and (target .. ": ") or "", s.games, jnum(s.seed), s.shard, s.finished, s.capped,
      s.max_decisions),
  }
  if s.interrupted then
    lines[1] = string.format("interrupted by %s after %d of %d games: the summary of those",
      s.interrupted, s.games, s.planned) .. "\n" .. lines[1]
  end
  local width = 4
  for _, e in ipairs(s.sides) do width = math.max(width, #e.id) end
  lines[#lines + 1] = string.format("%-" .. width .. "s %7s %7s  %s", "side", "wins", "rate",
    "95% interval")
  for _, e in ipairs(s.sides) do
    lines[#lines + 1] = string.format("%-" .. width .. "s %7d %7s  %s - %s", e.id, e.wins,
      percent(e.rate), percent(e.ci95[1]), percent(e.ci95[2]))
  end
  lines[#lines + 1] = string.format("%-" .. width .. "s %7d %7s", "draw", s.draws,
    percent(s.games > 0 and s.draws / s.games or 0))
  lines[#lines + 1] = string.format("decisions per game: mean %s, sd %s; %s decisions/s",
    jnum(s.decisions.mean), jnum(s.decisions.sd), jnum(s.decisions_per_s))
  return table.concat(lines, "\n")
end

-- {====== playing ==========================================================================

-- Opens the scenario in a fresh engine-owned state. Returns the state and what open says,
-- or nil and a message.
local function open(o, seed, undo)
  local st = core.new_state{}
  local ok, err = st:require("volley.session")
  if not ok then
    st:close()
    return nil, describe(err)
  end
  local info
  -- undo "off": a sim never undoes, so no step keeps a snapshot (outcomes are the same)
  ok, info = st:call("volley.session", "open", o.target,
                     { seed = seed, mods = o.mods, options = o.options, undo = undo or "off" })
  if not ok then
    st:close()
    return nil, describe(info)
  end
  return st, info
end

--- Plays one game out with bots in a fresh engine-owned state, as `volley play` does (the
-- same requests, answers, bot seeds and cap), and never saves it.
-- @tparam table o the options (`target`, `mods`, `options`)
-- @tparam table players side -> `{name=, bot=}`
-- @tparam integer cap the decision cap
-- @tparam integer seed the game's seed
-- @tparam[opt] function stop asked between decisions: when it returns true the game is
--   abandoned (a signal asked the run to stop)
-- @treturn table `{winner = side or nil, reason=, draw = true or nil, decisions=,
--   state_hash=}`; false when `stop` stopped it; or nil and a message
function M.play_game(o, players, cap, seed, stop)
  -- a bot that looks ahead reads the step's boundary state (volley.bots.position): the game
  -- keeps its steps then, as `volley play` does (outcomes are the same)
  local looks = false
  for _, p in pairs(players) do looks = looks or p.bot.looks == true end
  local st, err = open(o, seed, looks and "solo" or nil)
  if not st then return nil, err end
  local look = looks and require("volley.bots.look").new(st, { target = o.target, seed = seed,
    mods = o.mods, options = o.options }) or nil
  local function close()
    if look then look:close() end
    st:close()
  end
  -- each request crosses with the number of its legal answers, not their list: a bot picks an
  -- index and the one answer is fetched (volley.host.at; docs/runtime.md "Requests")
  st:call("volley.host", "listing", "count")
  local function at(i)
    local ok, v = st:call("volley.host", "at", i)
    if not ok then error(describe(v), 0) end
    return v
  end
  local task = st:spawn("volley.session", "run")
  local decisions, answer, capped = 0, nil, false
  while true do
    if stop and stop() then
      task:close()
      close()
      return false
    end
    local res = pack(task:resume(answer))
    st:call("volley.session", "drain")   -- as play does: the roll log and narrative emptied
    local kind = res[1]
    if kind == "error" then
      local why = driving.failure(st, res[2])   -- names the last script handler, if any
      task:close()
      close()
      return nil, "the game stopped: " .. why
    end
    if kind == "done" then break end
    local side, req, refusal = res[2], res[3], res[4]
    if refusal then
      task:close()
      close()
      return nil, "bot " .. players[side].name .. " for " .. side .. " gave an illegal answer: "
        .. tostring(refusal)
    end
    if decisions >= cap then
      capped = true
      break
    end
    decisions = decisions + 1
    -- one legal answer: given, the bot not asked (its later decisions keep their numbers)
    answer = driving.only(req)
    if answer == nil then
      req.at = at
      answer = players[side].bot.answer(nil, req, { side = side, name = players[side].name,
                                                    seed = seed, decision = decisions,
                                                    look = look })
    end
  end
  task:close()
  local _, r = st:call("volley.session", "result")
  close()
  local winner, reason = r.winner, r.reason
  if capped then winner, reason = nil, "capped" end
  if winner == "draw" then winner = nil end
  return { winner = winner, reason = reason or "",
           draw = (not capped and r.winner == "draw") or nil, decisions = decisions,
           state_hash = r.state_hash }
end

-- The exit status of a run a signal stopped: 128 + the signal's number, as a shell reports
-- a program the signal killed (docs/sim.md "Interrupted").
local SIGNAL_STATUS = { SIGINT = 130, SIGTERM = 143 }

-- The progress bar on stderr: games done of total, the rate and the time left.
local function progress(now, state, done, total, final)
  local t = now()
  if not final and t - state.shown < 0.1 then return end
  state.shown = t
  local elapsed = t - state.start
  local rate = elapsed > 0 and done / elapsed or 0
  local eta = rate > 0 and (total - done) / rate or 0
  local width = 30
  local filled = total > 0 and math.floor(width * done / total) or width
  local line = string.format("\r[%s%s] %d/%d games  %.1f games/s  ETA %ds",
    string.rep("#", filled), string.rep(".", width - filled), done, total, rate,
    math.floor(eta + 0.5))
  if final then line = "\r" .. string.rep(" ", #line) .. "\r" end
  io.stderr:write(line)
  io.stderr:flush()
end

local function emit(line)
  io.stdout:write(line, "\n")
  io.stdout:flush()
end

-- Plays the games of o's shard. Returns the exit status.
local function run(o, host)
  local seed = o.seed or fresh_seed()
  -- the scenario's sides and cap, and its scripts and the mods checked once before any game
  local st, info = open(o, seed)
  if not st then
    -- an --option the scenario does not have is a usage error (docs/sim.md "Exit status")
    if info:match("^unknown option '") or info:match("^option '[^']*' asked twice$") then
      local _, status = usage(info)
      return status
    end
    io.stderr:write("volley sim: ", info, "\n")
    return 1
  end
  st:close()
  local sides = info.sides
  local known = {}
  for _, s in ipairs(sides) do known[s] = true end
  local names = {}
  if o.bot_list then
    if #o.bot_list ~= #sides then
      local _, status = usage(string.format("--bots names %d bot%s for %d sides (sides: %s)",
        #o.bot_list, #o.bot_list == 1 and "" or "s", #sides, table.concat(sides, " ")))
      return status
    end
    for k, s in ipairs(sides) do names[s] = o.bot_list[k] end
  end
  for _, side in ipairs(o.bot_order) do
    if not known[side] then
      local _, status = usage("no side '" .. side .. "' in this scenario (sides: "
        .. table.concat(sides, " ") .. ")")
      return status
    end
    names[side] = o.bots[side]
  end
  local players = {}
  for _, side in ipairs(sides) do
    local name = names[side] or "random"
    local ok, bot = pcall(bots.load, name)
    if not ok then
      local _, status = usage((tostring(bot):gsub("^[^%s:]+:%d+: ", "")))
      return status
    end
    players[side] = { name = name, bot = bot }
  end
  local cap = o.max_decisions or info.max_decisions or play.DEFAULT_MAX_DECISIONS
  if o.seed == nil then io.stderr:write("volley sim: seed ", jnum(seed), "\n") end
  if o.json then
    local bot_list = {}
    for _, side in ipairs(sides) do
      bot_list[#bot_list + 1] = { side = side, name = players[side].name }
    end
    emit(json.encode(game_start.event(game_start.header_of(info, o.mods), { seed = seed,
      sides = sides, bots = bot_list, cap = cap, shard = o.shard[1] .. "/" .. o.shard[2],
      games = o.games })))
  end

  local list = M.games_of(o.games, o.shard[1], o.shard[2])
  local now = host.now or os.clock
  local stop = host.interrupted or function() return nil end
  local bar = host.stderr_tty and { start = now(), shown = -1 } or nil
  local start = now()
  local games = {}
  for k, i in ipairs(list) do
    local gseed = M.seed_of(seed, i)
    local g, err = false, nil
    if not stop() then g, err = M.play_game(o, players, cap, gseed, stop) end
    if g == false then   -- a signal: the summary of the games finished, marked so
      if bar then progress(now, bar, k - 1, #list, true) end
      break
    end
    if not g then
      if bar then progress(now, bar, k - 1, #list, true) end
      io.stderr:write("volley sim: game ", i, " (seed ", jnum(gseed), "): ", err, "\n")
      return 1
    end
    games[#games + 1] = g
    if o.json then
      emit(json.encode{ event = "game_over", v = json.V, game = i, winner = g.winner or json.null,
                        reason = g.reason, draw = g.draw, decisions = g.decisions,
                        max_decisions = cap, seed = gseed, state_hash = g.state_hash })
    end
    if bar then progress(now, bar, k, #list, k == #list) end
  end
  local s, err = M.summary({ seed = seed, shard = o.shard[1] .. "/" .. o.shard[2], sides = sides,
                             max_decisions = cap, seconds = now() - start }, games)
  if not s then
    io.stderr:write("volley sim: ", err, "\n")
    return 1
  end
  local signal = stop()
  if signal then s.interrupted, s.planned = signal, #list end
  emit(o.json and M.encode_summary(s) or M.text_summary(s, o.target))
  return signal and SIGNAL_STATUS[signal] or 0
end

-- }==========================================================================================

-- {====== merging ==========================================================================

-- The side ids of a sim_summary line, in the order they are written (a decoded object has
-- lost it).
local function side_order(line)
  local body = line:match('"sides":(%b{})')
  local ids = {}
  if body then
    for id in body:gmatch('"([^"]*)":{"wins":') do ids[#ids + 1] = id end
  end
  return ids
end

-- An integer from lo to hi (a JSON number decodes as a float under Lua 5.4: 1e400, 1.5, -5
-- are none).
local function int_in(v, lo, hi)
  return type(v) == "number" and v == math.floor(v) and v >= lo and v <= hi
end

local function describe_value(v)
  if type(v) == "string" then return "'" .. (#v > 40 and v:sub(1, 40) .. "..." or v) .. "'" end
  if type(v) == "number" then
    return (v == v and math.abs(v) < 2 ^ 53) and jnum(v) or string.format("%.14g", v)
  end
  if v == nil or v == json.null then return "none" end
  return "a " .. type(v)
end

-- The fields of a game_over line a merge uses, checked: nil when they are sound, else why.
local function bad_game(t)
  if not int_in(t.game, 0, 1e9 - 1) then
    return "game " .. describe_value(t.game) .. " is not a game number (0 to 999999999)"
  elseif not int_in(t.seed, 0, 2 ^ 53 - 1) then
    return "seed " .. describe_value(t.seed) .. " is not a game seed (0 to 2^53 - 1)"
  elseif not int_in(t.decisions, 0, 1e9) then
    return "decisions " .. describe_value(t.decisions) .. " is not a count (0 to 1000000000)"
  elseif t.winner ~= json.null and type(t.winner) ~= "string" then
    return "winner " .. describe_value(t.winner) .. " is neither a side nor null"
  elseif type(t.reason) ~= "string" then
    return "reason " .. describe_value(t.reason) .. " is not a string"
  elseif t.reason == "capped" and t.winner ~= json.null then
    return "a capped game with a winner"
  end
  return nil
end

-- The fields of a sim_summary line a merge uses, checked: nil when they are sound, else why.
local function bad_summary(t, sides)
  if not int_in(t.seed, 0, 2 ^ 53 - 1) then
    return "seed " .. describe_value(t.seed) .. " is not a run's seed (0 to 2^53 - 1)"
  elseif not int_in(t.games, 0, 1e9) then
    return "games " .. describe_value(t.games) .. " is not a count (0 to 1000000000)"
  elseif not int_in(t.max_decisions, 1, 1e9) then
    return "max_decisions " .. describe_value(t.max_decisions)
      .. " is not a cap (1 to 1000000000)"
  elseif type(t.decisions_per_s) ~= "number" or t.decisions_per_s ~= t.decisions_per_s
      or t.decisions_per_s < 0 or t.decisions_per_s == math.huge then
    return "decisions_per_s " .. describe_value(t.decisions_per_s)
      .. " is not a rate (a number, 0 or more)"
  elseif #sides == 0 then
    return "no side"
  end
  local k, n = tostring(t.shard):match("^(%d+)/(%d+)$")
  k, n = tonumber(k), tonumber(n)
  if not (k and n and int_in(k, 1, 1e9) and int_in(n, 1, 1e9) and k <= n) then
    return "shard " .. describe_value(t.shard) .. " is not k/n with 1 <= k <= n <= 1000000000"
  end
  return nil
end

-- The checks of a shard read whole (`read_shards`): its summary there and sound, a
-- game_over line for each of its games, each within the run's cap. Returns the shard, or nil
-- and a message.
local function finish_shard(shard, path)
  if not shard.summary then return nil, path .. ": no sim_summary line (an unfinished shard?)" end
  local s = shard.summary
  if s.interrupted ~= nil then
    return nil, string.format("%s: an interrupted shard (%s after %s games): play it again",
      path, SIGNAL_STATUS[s.interrupted] and s.interrupted or "a signal", jnum(s.games))
  end
  if s.games ~= #shard.games then
    return nil, string.format("%s: %d game_over lines for a summary of %s games", path,
      #shard.games, jnum(s.games))
  end
  -- every game within the run's cap, a capped one at it
  for _, g in ipairs(shard.games) do
    local capped = g.reason == "capped"
    if g.decisions > s.max_decisions or (capped and g.decisions ~= s.max_decisions) then
      return nil, string.format("%s:%d: game %s has %s decisions, %s the run's cap %s", path,
        g.lineno, jnum(g.game), jnum(g.decisions), capped and "capped but not at"
        or "more than", jnum(s.max_decisions))
    end
  end
  if shard.start and shard.start.shard ~= s.shard then
    return nil, string.format("%s:%d: game_start of shard %s, sim_summary of shard %s", path,
      shard.start.lineno, describe_value(shard.start.shard), describe_value(s.shard))
  end
  local k, total = tostring(s.shard):match("^(%d+)/(%d+)$")
  shard.k, shard.n = compat.tointeger(tonumber(k)), compat.tointeger(tonumber(total))
  return shard
end

-- A run's game_start line with its shard set to `shard` (its keys are sorted, and no
-- nested key is "shard", so the first `"shard":"` is its own): the same line for every
-- shard of one run with the same `shard`.
local function start_as(line, shard)
  return (line:gsub('"shard":"[^"]*"', '"shard":"' .. shard .. '"', 1))
end

-- Reads the shard outputs of one file (or of standard input, `-`): one shard, or several
-- one after another (`cat s1 s2 | volley sim --merge -`, `parallel ... | volley sim --merge
-- -`), each its game_start line (from 2026-12 on), its game_over lines and its summary, a new
-- shard beginning after each summary; every field the merge uses checked (a shard output
-- is input like any other: a number out of range, a string for a number or a nesting too
-- deep for the decoder is refused with its file and line, never a runtime error).
-- Returns `{{games = {...}, summary = table, sides = {...}, start = ?table}, ...}`, or nil
-- and a message.
local function read_shards(path)
  local f, err
  if path == "-" then
    f = io.stdin
  else
    if core.scenario.kind(path) == "dir" then
      return nil, path .. ": cannot read (Is a directory)"
    end
    f, err = io.open(path, "r")
    if not f then return nil, err end
  end
  local shards = {}
  local shard = { games = {} }
  local n = 0
  local function fail(msg)
    if path ~= "-" then f:close() end
    return nil, msg
  end
  while true do
    local line, rerr = f:read("*l")
    if line == nil then
      if rerr then return fail(path .. ": cannot read (" .. tostring(rerr) .. ")") end
      break
    end
    n = n + 1
    local where = path .. ":" .. n .. ": "
    if shard.summary then   -- the next shard of a stream
      local done, why = finish_shard(shard, path)
      if not done then return fail(why) end
      shards[#shards + 1] = done
      shard = { games = {} }
    end
    local dok, t = pcall(json.decode, line)
    if not dok or type(t) ~= "table" then
      return fail(where .. "not a JSON line (merge takes the shards' --json outputs)")
    end
    if t.event == "game_over" then
      local why = bad_game(t)
      if why then return fail(where .. "a game_over line: " .. why) end
      if t.winner == json.null then t.winner = nil end
      t.text = line
      t.lineno = n
      shard.games[#shard.games + 1] = t
    elseif t.event == "game_start" then
      if shard.start or #shard.games > 0 then
        return fail(where .. "a game_start line in the middle of a shard (a shard cut short?)")
      end
      if type(t.shard) ~= "string" then
        return fail(where .. "a game_start line without its shard (not a sim --json output)")
      end
      shard.start = { line = line, shard = t.shard, lineno = n }
    elseif t.event == "sim_summary" then
      local sides = side_order(line)
      local why = bad_summary(t, sides)
      if why then return fail(where .. "a sim_summary line: " .. why) end
      shard.summary = t
      shard.sides = sides
    else
      return fail(where .. "unexpected event '" .. tostring(t.event) .. "' (a sim --json "
        .. "output has game_start, game_over and sim_summary lines)")
    end
  end
  if path ~= "-" then f:close() end
  if n == 0 or #shard.games > 0 or shard.summary or shard.start then
    local done, why = finish_shard(shard, path)
    if not done then return nil, why end
    shards[#shards + 1] = done
  end
  return shards
end

-- Merges the shard outputs of o.files. Returns the exit status.
local function merge(o)
  local shards = {}
  for _, path in ipairs(o.files) do
    local read, err = read_shards(path)
    if not read then
      io.stderr:write("volley sim: ", err, "\n")
      return 1
    end
    for _, shard in ipairs(read) do
      shard.path = path
      shards[#shards + 1] = shard
    end
  end
  local function fail(msg)
    io.stderr:write("volley sim: ", msg, "\n")
    return 1
  end
  local first = shards[1]
  local fs = first.summary
  local by_k = {}
  for _, sh in ipairs(shards) do
    local s = sh.summary
    local what
    if s.seed ~= fs.seed then what = "seed"
    elseif s.max_decisions ~= fs.max_decisions then what = "max_decisions"
    elseif table.concat(sh.sides, " ") ~= table.concat(first.sides, " ") then what = "sides"
    elseif sh.n ~= first.n then what = "shard count"
    elseif (sh.start and start_as(sh.start.line, "")) ~= (first.start
        and start_as(first.start.line, "")) then
      what = "game_start: scenario, files, bots, options or mods"
    end
    if what then
      return fail(sh.path .. " and " .. first.path .. " are not shards of one run (another "
        .. what .. ")")
    end
    if by_k[sh.k] then
      return fail("shard " .. sh.k .. "/" .. sh.n .. " given twice (" .. by_k[sh.k].path .. ", "
        .. sh.path .. ")")
    end
    by_k[sh.k] = sh
  end
  for k = 1, first.n do
    if not by_k[k] then return fail("shard " .. k .. "/" .. first.n .. " is missing") end
  end
  -- every game once, in the shard its number says, with the seed the run gives it
  local games, seen = {}, {}
  local seconds = 0
  for _, sh in ipairs(shards) do
    local d = 0
    for _, g in ipairs(sh.games) do
      if g.game % sh.n ~= sh.k - 1 or seen[g.game] then
        return fail(sh.path .. ": game " .. g.game .. " does not belong to shard " .. sh.k .. "/"
          .. sh.n .. (seen[g.game] and " (given twice)" or ""))
      end
      if g.seed ~= M.seed_of(fs.seed, g.game) then
        return fail(sh.path .. ": game " .. g.game .. " has seed " .. jnum(g.seed)
          .. ", not the run's " .. jnum(M.seed_of(fs.seed, g.game)))
      end
      seen[g.game] = true
      games[#games + 1] = g
      d = d + g.decisions
    end
    -- the shard's playing time, from its decisions and its rate
    local r = tonumber(sh.summary.decisions_per_s) or 0
    if r > 0 then seconds = seconds + d / r end
  end
  for i = 0, #games - 1 do
    if not seen[i] then return fail("game " .. i .. " is in no shard") end
  end
  table.sort(games, function(a, b) return a.game < b.game end)
  local s, err = M.summary({ seed = fs.seed, shard = "1/1", sides = first.sides,
                             max_decisions = fs.max_decisions, seconds = seconds }, games)
  if not s then return fail(err) end
  if o.json then
    if first.start then emit(start_as(first.start.line, "1/1")) end
    for _, g in ipairs(games) do emit(g.text) end
    emit(M.encode_summary(s))
  else
    emit(M.text_summary(s))
  end
  return 0
end

-- }==========================================================================================

--- Runs `volley sim`. Returns the exit status.
-- @tparam {string,...} args the arguments after `sim`
-- @tparam ?table host `{stderr_tty = bool, now = fn, interrupted = fn}` from the program
--   (cmd_sim.c): whether stderr is a terminal (the progress bar), a monotonic clock in seconds
--   (os.clock when absent), and the signal that asked the run to stop ("SIGINT", "SIGTERM"
--   or nil; checked before each game and each decision)
function M.main(args, host)
  host = host or {}
  local o, status = M.parse(args)
  if not o then return status end
  if o.merge then return merge(o) end
  for _, path in ipairs(o.mods or {}) do   -- a folder opens, and would read as nothing
    if core.scenario.kind(path) == "dir" then
      io.stderr:write("volley sim: ", path, ": cannot read (Is a directory)\n")
      return 1
    end
  end
  return run(o, host)
end

return M
