--- `volley check <scenario> --mod FILE...`: what the check adds for mods (docs/shell.md
-- "volley check", docs/modding.md "Determinism"): the hook point a mod names that the system
-- does not declare, with the nearest names it does; and the determinism check, a short game
-- with random bots played with the mods, replayed from its journal on this VM and, when the
-- other VM's program is found, on that one, the state hash of every answer compared.
--
-- Runs in the program's host state (it opens engine-owned states, writes a temporary save and
-- runs the other program).
-- @module volley.modcheck

local replay = require "volley.replay"
local journal = require "volley.journal"
local bots = require "volley.bots"

local M = {}

--- The determinism game: its seed and the most decisions it plays (a few hundred: enough for
-- fire, moves and rolls in both systems, a second or two).
M.SEED = 1
M.DECISIONS = 300

-- {====================================================================================
-- unknown hook points
-- =====================================================================================

-- The edit distance of two short strings (a swap of two letters counts 1).
local function distance(a, b)
  local d = {}
  for i = 0, #a do
    d[i] = { [0] = i }
  end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local v = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        v = math.min(v, d[i - 2][j - 2] + 1)
      end
      d[i][j] = v
    end
  end
  return d[#a][#b]
end

--- The known names nearest to a name: those within a quarter of its length in edits (2 or
-- 3), nearest first (then by name), at most three; else those that share its noun (the part
-- before the first dot), at most three.
-- @tparam string name
-- @tparam {string,...} known
-- @treturn {string,...}
function M.nearest(name, known)
  local limit = math.min(3, math.max(2, math.floor(#name / 4)))
  local near = {}
  for _, k in ipairs(known) do
    if #k < 64 and #name < 64 then
      local dist = distance(name, k)
      if dist <= limit then near[#near + 1] = { k = k, d = dist } end
    end
  end
  table.sort(near, function(x, y)
    if x.d ~= y.d then return x.d < y.d end
    return x.k < y.k
  end)
  local out = {}
  for i = 1, math.min(3, #near) do out[i] = near[i].k end
  if #out == 0 then
    local noun = name:match("^([^.]+)%.")
    for _, k in ipairs(known) do
      if noun and #out < 3 and k:sub(1, #noun + 1) == noun .. "." then out[#out + 1] = k end
    end
  end
  return out
end

--- A load error naming an unknown hook point, with the nearest known names instead of the
-- whole catalogue: `mods/x.lua:3: unknown hook point 'fire.drn' (nearest: fire.drm; volley
-- hooks rough_and_ready lists them all) (load, mods/x.lua)`. Other messages as they are.
-- @tparam string msg
-- @tparam string system the scenario's system id
-- @treturn string
function M.explain(msg, system)
  local head, name, list, tail =
    msg:match("^(.-unknown hook point )'([^']*)' %(known: ([^)]*)%)(.*)$")
  if not head then return msg end
  local known = {}
  for k in list:gmatch("[^,%s]+") do known[#known + 1] = k end
  local near = M.nearest(name, known)
  local says = #near > 0 and ("nearest: " .. table.concat(near, ", ")) or "none is near it"
  return head .. "'" .. name .. "' (" .. says .. "; volley hooks " .. system
    .. " lists them all)" .. tail
end

-- }====================================================================================

-- {====================================================================================
-- the determinism check
-- =====================================================================================

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function file_exists(path)
  local f = io.open(path, "r")
  if not f then return false end
  f:close()
  return true
end

--- This program's VM: "LuaJIT" or "Lua 5.4".
function M.vm()
  return rawget(_G, "jit") and "LuaJIT" or "Lua 5.4"
end

--- The other VM's program: `--other-vm PATH` when given; else the program of the other
-- configuration beside this one in a build tree, `<dir>/../build-luajit/volley` from a
-- Lua 5.4 build (build/, build-asan/) and `<dir>/../build/volley` from LuaJIT's; nil when
-- there is none.
-- @tparam ?string given --other-vm's value
-- @tparam ?string program this program's path
-- @treturn ?string
function M.other_program(given, program)
  if given then return given end
  if not program then return nil end
  local dir = program:match("^(.*)/[^/]+$")
  local parent = dir and dir:match("^(.*)/[^/]+$")
  if not parent then return nil end
  local other = parent .. (M.vm() == "LuaJIT" and "/build/volley" or "/build-luajit/volley")
  if other ~= program and file_exists(other) then return other end
  return nil
end

-- The answer N of a journal, for a person: `US's move "3US-2 3118"`.
local function answer_text(list, n)
  local k = 0
  for _, e in ipairs(list) do
    if e.kind == "answer" then
      k = k + 1
      if k == n then
        return e.side .. "'s " .. e.request .. ' "' .. tostring(e.value) .. '"'
      end
    end
  end
end

-- The save of a journal cut after its answer n, that answer's state hash replaced by `state`
-- (what the other VM computed), written to path: the other program's `dump` of it then
-- prints its state after answer n.
local function write_cut(j, n, state, path)
  local core = require "volley.core"
  local save = j:save()
  local list, k = {}, 0
  for _, e in ipairs(save.journal) do
    if e.kind == "answer" then
      k = k + 1
      if k > n then break end
    end
    if k == n and e.kind == "answer" then
      local copy = {}
      for key, v in pairs(e) do copy[key] = v end
      copy.state = state
      e = copy
    end
    list[#list + 1] = e
  end
  save.journal = list
  local ok, wok, err = pcall(core.save.write, path, save)
  return ok and wok, err
end

-- The first line where two state texts differ: `line K: "<a>" here, "<b>" there`.
local function first_difference(a, b)
  local la, lb = {}, {}
  for l in (a .. "\n"):gmatch("([^\n]*)\n") do la[#la + 1] = l end
  for l in (b .. "\n"):gmatch("([^\n]*)\n") do lb[#lb + 1] = l end
  for i = 1, math.max(#la, #lb) do
    if la[i] ~= lb[i] then
      local function q(x)
        return x and ('"' .. x:sub(1, 120):gsub("%c", "?") .. '"') or "nothing"
      end
      return "line " .. i .. ": " .. q(la[i]) .. " here, " .. q(lb[i]) .. " there"
    end
  end
end

-- What differs in the state after answer n between this VM and the other program, which
-- computed the state hash `theirs` there: the first line of the state texts (docs/formats.md
-- "The state serialisation") that differs, or nil when it cannot be shown.
local function state_difference(j, n, theirs, other)
  local path = os.tmpname()
  local here, there
  -- this VM's state after answer n: a replay of the journal cut there, its own hash kept
  local mine
  local k = 0
  for _, e in ipairs(j:save().journal) do
    if e.kind == "answer" then
      k = k + 1
      if k == n then mine = e.state end
    end
  end
  if mine and write_cut(j, n, mine, path) then
    local game = replay.load(path)
    if game then
      here = game:serialize()
      game:close()
    end
  end
  if here and write_cut(j, n, theirs, path) then
    local p = io.popen(quote(other) .. " dump " .. quote(path) .. " 2>/dev/null")
    if p then
      there = p:read("*a")
      p:close()
    end
  end
  os.remove(path)
  if not (here and there and there ~= "") then return nil end
  return first_difference(here, there)
end

--- Plays the determinism game: random bots for every side, seed `M.SEED`, at most
-- `M.DECISIONS` decisions, with the mods, as `volley play` would (its journal kept as
-- play keeps it).
-- @tparam string target
-- @tparam {string,...} mods
-- @treturn[1] table `{journal =, decisions =, state_hash =, over = bool}`
-- @treturn[2] nil
-- @treturn[2] string why the game could not be played (a mod's error when it ran)
function M.play(target, mods)
  local game, err = replay.start{ target = target, seed = M.SEED, mods = mods, undo = "strict" }
  if not game then return nil, "the game does not open: " .. err end
  local sides = game.info.sides
  local players, bot_list = {}, {}
  for i, side in ipairs(sides) do
    players[side] = bots.load("random")
    bot_list[i] = { side = side, name = "random" }
  end
  local ok, j = pcall(journal.new, { scenario = game.info.scenario, files = game.info.files,
    options = game.info.options, mods = mods, seed = M.SEED, undo = "strict", bots = bot_list,
    cap = M.DECISIONS, view = "referee" })
  if not ok then
    game:close()
    return nil, "the game cannot be saved: " .. tostring(j)
  end
  local kind, side, req, refusal = game:resume()
  j:record(nil, game.drained)
  local decisions = 0
  while kind == "request" and decisions < M.DECISIONS do
    if refusal then
      game:close()
      return nil, "a random bot's answer was refused at decision " .. decisions .. ": "
        .. tostring(refusal)
    end
    decisions = decisions + 1
    -- one legal answer: given, the bot not asked (as volley play and volley sim do)
    local answer = require("volley.driving").only(req)
    if answer == nil then
      answer = players[side].answer(nil, req, { side = side, name = "random", seed = M.SEED,
                                                decision = decisions })
    end
    local answered = { side = side, request = req.kind, value = answer }
    kind, side, req, refusal = game:resume(answer)
    if kind == "error" then
      local why = require("volley.driving").failure(game.st, side)
      game:close()
      return nil, "the game stopped at decision " .. decisions .. ": " .. why
    end
    local d = game.drained
    if d.taken ~= nil then answered.value = d.taken.value end
    j:record(answered, d)
  end
  if kind == "error" then
    local why = require("volley.driving").failure(game.st, side)
    game:close()
    return nil, "the game stopped before its first request: " .. why
  end
  local result = { journal = j, decisions = decisions, state_hash = game:state_hash(),
                   over = kind == "done" }
  game:close()
  return result
end

--- The determinism check of a scenario's mods (after they loaded): the game played, saved to
-- a temporary file, replayed here and by the other program.
-- @tparam string target
-- @tparam {string,...} mods
-- @tparam table opts `{other = ?path, program = ?path}`
-- @treturn table `{errors = {...}, warnings = {...}, lines = {...}}`: lines, in order, what
--   was done and each error (the errors are also in `errors`, for the count)
function M.determinism(target, mods, opts)
  local r = { errors = {}, warnings = {}, lines = {} }
  local function fail(text)
    r.errors[#r.errors + 1] = text
    r.lines[#r.lines + 1] = text
  end
  local played, why = M.play(target, mods)
  if not played then
    fail("determinism: " .. why)
    return r
  end
  local path = os.tmpname()
  local wok, werr = played.journal:write(path)
  if not wok then
    os.remove(path)
    fail("determinism: cannot write the game's save: " .. tostring(werr))
    return r
  end
  local list = played.journal:save().journal
  local n = played.decisions
  r.lines[1] = "determinism: played " .. n .. " decisions with random bots (seed " .. M.SEED
    .. (played.over and ", to the game's end" or "") .. "), state " .. played.state_hash
  local game, rwhy = replay.load(path)
  if game then
    local h = game:state_hash()
    game:close()
    if h ~= played.state_hash then
      fail("determinism: the replay on " .. M.vm() .. " ends in state " .. h .. ", the game in "
        .. played.state_hash)
    else
      r.lines[#r.lines + 1] = "determinism: replayed from its journal on " .. M.vm()
        .. ": the same " .. n .. " state hashes"
    end
  else
    local at = tonumber(tostring(rwhy):match("^diverged at answer (%d+)"))
    local a = at and answer_text(list, at)
    fail("determinism: the replay on " .. M.vm() .. " " .. rwhy
      .. (a and (" (answer " .. at .. " was " .. a .. ")") or ""))
  end
  local other = M.other_program(opts.other, opts.program)
  if not other then
    r.lines[#r.lines + 1] = "determinism: the other VM's program was not found beside this one "
      .. "(give --other-vm PATH): not compared"
  else
    local p = io.popen(quote(other) .. " --version 2>/dev/null")
    local version = p and p:read("*l") or nil
    if p then p:close() end
    local vm = version and version:match("%((.-)%)") or "?"
    p = io.popen(quote(other) .. " replay " .. quote(path) .. " 2>&1")
    local out = p and p:read("*a") or ""
    if p then p:close() end
    local hash = out:match("^state_hash (%x+)")
    local div, dwhy = out:match("^diverged at answer (%d+): ([^\n]*)")
    if hash == played.state_hash then
      r.lines[#r.lines + 1] = "determinism: replayed on " .. vm .. " (" .. other .. "): the same "
        .. n .. " state hashes"
    elseif div then
      local a = answer_text(list, tonumber(div))
      fail("determinism: " .. vm .. " (" .. other .. ") diverged at answer " .. div .. ": "
        .. dwhy .. (a and (" (answer " .. div .. " was " .. a .. ")") or ""))
      local theirs = dwhy:match("^state (%x+) after it")
      local diff = theirs and state_difference(played.journal, tonumber(div), theirs, other)
      if diff then
        r.lines[#r.lines + 1] = "determinism: the state after answer " .. div
          .. " differs first at " .. diff
      end
    elseif hash then
      fail("determinism: " .. vm .. " (" .. other .. ") ends in state " .. hash .. ", the game in "
        .. played.state_hash)
    else
      r.warnings[#r.warnings + 1] = "determinism: " .. other .. " could not replay the game: "
        .. ((out:match("^[^\n]*") or ""):gsub("[%c]", "?"))
    end
  end
  os.remove(path)
  return r
end

-- }====================================================================================

return M
