--- The property test of issue 32 (DESIGN.md principle 12, "the live game is its journal";
-- docs/build.md "The journal property test"): random sequences of what a person does at the
-- prompt -- legal answers, refused answers, undos, saves, loads of an earlier save, reloads,
-- forced dice, every query (`?`, `help`, `show`, `los`, `reach`, `map`, `log`, `lua`, `rules`,
-- `hash`, Tab completion) and a side's view -- on the demo and on Palo Alto, with the battery
-- of hostile but legal mods (tests/data/mods/journal_*.lua) loaded, all of them or a subset.
--
-- A sequence is played through `volley.play.main` at its prompt (what `volley` runs: the
-- decision loop, undo, load, the rollback after a script's error), in JSON mode, its output
-- read as it comes. The live state hash after each answer (the `checkpoint` events) makes the
-- live trail; an undo takes its answers off, a load puts back the trail of the save it loads.
-- At the end ONE linear replay of the final journal (the `--save` file) gives its own trail,
-- which must be the live one. Where the prompt has `hash` (issue 32, deliverable 3), each
-- step is checked on the spot too: a query, a refused command or a save leaves the hash as
-- it was, an undo gives back the hash before the answer it took back, a load the hash the
-- save was made at.
--
-- The choices come from a Park-Miller generator of the sequence's seed (never the engine's
-- dice), the same on both VMs; the game's own seed is the sequence's. A failure names the
-- property, the seed and the actions that led to it; `VOLLEY_JOURNAL_SEED=<seed>` runs that
-- sequence alone (docs/build.md).
-- @module support.journal_property

local core = require "volley.core"
local json = require "volley.json"
local commands = require "volley.commands"
local replay = require "volley.replay"

local M = {}

-- {====================================================================================
-- The choices: a generator of our own (never the engine's dice)
-- =====================================================================================

local Rng = {}
Rng.__index = Rng

--- A Park-Miller generator (x * 16807 mod 2^31 - 1): exact in LuaJIT's doubles and Lua 5.4's
-- integers alike, so a seed makes the same choices on both VMs.
-- @tparam integer seed
function M.rng(seed)
  local r = setmetatable({ x = seed % 2147483646 + 1 }, Rng)
  for _ = 1, 3 do r:next() end
  return r
end

function Rng:next()
  self.x = self.x * 16807 % 2147483647
  return self.x
end

--- An integer from 1 to n.
function Rng:int(n)
  return self:next() % n + 1
end

--- True `pct` times in a hundred.
function Rng:chance(pct)
  return self:int(100) <= pct
end

--- An element of a list (nil for an empty one).
function Rng:pick(list)
  if #list == 0 then return nil end
  return list[self:int(#list)]
end

--- A choice among `{weight, value}` pairs.
function Rng:weighted(pairs_)
  local total = 0
  for _, p in ipairs(pairs_) do total = total + p[1] end
  local x = self:int(total)
  for _, p in ipairs(pairs_) do
    x = x - p[1]
    if x <= 0 then return p[2] end
  end
end

-- }====================================================================================

local MODS = "tests/data/mods/"

--- The scenarios, each with its battery (every mod tries one hole of issue 32; the first
-- line of each file says which), the error mod's trigger as its narrative shows it, and how
-- a player of the sequence leans (toward the enemy, toward fire) so that fights happen.
M.SCENARIOS = {
  demo = {
    target = "tests/data/demo", sides = { "A", "B" }, actions = 50,
    battery = { "journal_local_demo.lua", "journal_global_demo.lua", "journal_pairs_demo.lua",
                "journal_tostring_demo.lua", "journal_pcall_demo.lua", "journal_error_demo.lua" },
    error_mod = "journal_error_demo.lua",
    -- journal_error_demo.lua raises in fire.resolved when a fire scores a hit, just after
    -- the fire's line is told
    error_seen = function(text) return text:find(", hit %[demo 5%.2%]$") ~= nil end,
    units = { "A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4" },
    hexes = { "0101", "0105", "0204", "0505", "0606", "0707", "1010", "1205", "1212" },
    east = { A = true },   -- the side that charges east (the other west)
  },
  palo = {
    target = "rough-and-ready/palo-alto", sides = { "US", "MEX" }, actions = 40,
    battery = { "journal_local_rr.lua", "journal_global_rr.lua", "journal_pairs_rr.lua",
                "journal_tostring_rr.lua", "journal_pcall_rr.lua", "journal_error_rr.lua",
                "journal_roll_rr.lua" },
    error_mod = "journal_error_rr.lua",
    -- journal_error_rr.lua raises in hit.applied at a unit's first Hit and from its fourth
    -- on, just after the Hit's line is told
    error_seen = function(text)
      local n = tonumber(text:match(" takes a Hit %(.*%): (%d+) Hits?, Adjusted Morale") or "")
      return n ~= nil and (n == 1 or n >= 4)
    end,
    units = { "3US-1", "8US-1", "C3US-1", "5US-1", "A2US-1", "Wagon-3", "taylor", "twiggs" },
    hexes = { "1004", "1115", "1313", "1318", "2916", "3014", "3017", "3019", "3223" },
    east = { MEX = true },
  },
}

--- The properties, in the order they are reported, with what each says.
M.PROPERTIES = {
  { name = "journal", says = "the live hash trail equals the trail of one linear replay of "
      .. "the final journal" },
  { name = "unchanged", says = "a query, a refused command, a refused undo, a save or Tab "
      .. "completion leaves the live state hash as it was" },
  { name = "restored", says = "an undo gives back the hash before the answer it took back, a "
      .. "load the hash its save was made at, a reload the hash before it" },
  { name = "hash", says = "the prompt prints the live state hash (hash), equal to the "
      .. "checkpoint after an answer" },
  { name = "strict", says = "under --undo strict an answer followed by a roll stands: no undo "
      .. "and no load of an earlier save takes it back" },
  { name = "errors", says = "no answer stands when a script's handler raised during it, "
      .. "whatever another script's pcall caught" },
  { name = "addresses", says = "nothing the prompt prints holds an address (table: 0x...)" },
  { name = "stops", says = "the game never stops on a person's answer, nor in system code "
      .. "without naming a script" },
}

--- The expressions whose `lua` answers must print alike on both VMs (docs/shell.md).
M.LUA_PRINTS = { "10/2", "tostring(10/2)", "string.format('%s', 7/1)", "{1.5, 3.0, 2^53}",
                 "1e15", "2^63", "-7/2", "tostring(1/3)" }

-- {====================================================================================
-- A sequence's plan
-- =====================================================================================

--- What a sequence plays, from its seed alone: the scenario (one in three Palo Alto), the
-- mods (the whole battery, or a subset), the undo policy, the view, a bot for a side
-- sometimes, and how many actions.
-- @tparam integer seed
-- @tparam[opt] table opts `{scenario = "demo"|"palo"}` to force one, `mods = {...}` to
--   load these instead, `battery = true` to load the whole battery
-- @treturn table `{seed, scenario, sc, mods, undo, view, bot, actions}`
function M.plan(seed, opts)
  opts = opts or {}
  local rng = M.rng(seed * 7 + 1)
  local name = opts.scenario or (seed % 3 == 0 and "palo" or "demo")
  local sc = M.SCENARIOS[name]
  local mods = {}
  local all = rng:chance(50)
  for _, m in ipairs(sc.battery) do
    if all or rng:chance(50) then mods[#mods + 1] = MODS .. m end
  end
  if opts.mods then mods = opts.mods end
  if opts.battery then
    mods = {}
    for i, m in ipairs(sc.battery) do mods[i] = MODS .. m end
  end
  local view, bot = "referee", nil
  local v = rng:int(10)
  if v == 1 then
    view = sc.sides[1]
  elseif v == 2 then
    view = sc.sides[2]
  end
  if rng:chance(15) then bot = sc.sides[2] end
  return { seed = seed, scenario = name, sc = sc, mods = mods, view = view, bot = bot,
           undo = rng:chance(50) and "solo" or "strict", actions = sc.actions,
           dice = opts.dice ~= false }
end

--- The plan in one line, for a failure's report.
function M.describe_plan(p)
  local mods = {}
  for i, m in ipairs(p.mods) do mods[i] = m:match("journal_(%w+)_") end
  return string.format("%s, mods {%s}, undo %s, view %s%s", p.scenario, table.concat(mods, " "),
    p.undo, p.view, p.bot and (", bot " .. p.bot .. "=random") or "")
end

-- }====================================================================================

-- {====================================================================================
-- The output of `volley play`, read as it comes
-- =====================================================================================

-- A file-like sink that hands each whole line to `on_line`.
local function sink(on_line)
  local buf = ""
  local f = {}
  function f.write(self, ...)
    for i = 1, select("#", ...) do buf = buf .. tostring((select(i, ...))) end
    while true do
      local nl = buf:find("\n", 1, true)
      if not nl then break end
      local line = buf:sub(1, nl - 1)
      buf = buf:sub(nl + 1)
      on_line(line)
    end
    return self
  end
  function f.flush(self) return self end
  function f.close() return true end
  function f.setvbuf() return true end
  function f.lines() return function() return nil end end
  return f
end

local function copy(list)
  local out = {}
  for i, x in ipairs(list) do out[i] = x end
  return out
end

local ADDRESS = "%f[%w](%a+): 0x%x+"   -- what Lua's tostring makes of a table, a function...

-- }====================================================================================

-- {====================================================================================
-- One sequence
-- =====================================================================================

local Seq = {}
Seq.__index = Seq

function Seq:fail(property, detail)
  local f = self.failures
  for _, x in ipairs(f) do
    if x.property == property then return end   -- the first failure of a property is enough
  end
  f[#f + 1] = { property = property, detail = detail, action = self.n_action,
                recent = self:recent() }
end

-- The last actions, for a failure's report.
function Seq:recent(upto)
  local from = math.max(1, (upto or #self.log) - 7)
  local out = {}
  for i = from, upto or #self.log do out[#out + 1] = "#" .. i .. " " .. self.log[i] end
  return table.concat(out, "; ")
end

function Seq:text_seen(line, where)
  local kind = line:match(ADDRESS)
  if kind and (kind == "table" or kind == "function" or kind == "thread" or kind == "userdata"
      or kind == "builtin") then
    self:fail("addresses", where .. " printed an address: " .. line:sub(1, 200))
  end
end

function Seq:on_stdout(line)
  if self.trace then self.trace:write("OUT ", line:sub(1, 160), "\n") end
  local e = line:sub(1, 1) == "{" and json.decode(line)
  if type(e) ~= "table" then
    self:text_seen(line, "stdout")
    return
  end
  local ev = e.event
  if ev == "request" then
    self.pending = e
  elseif ev == "answer" then
    self.told = {}
    self.rolled = false
  elseif ev == "roll" then
    self.rolled = true
  elseif ev == "result" then
    self:text_seen(e.text or "", "the narrative")
    if self.told then self.told[#self.told + 1] = e.text end
  elseif ev == "checkpoint" then
    local h = e.state_hash or e.view_hash
    self.trail[#self.trail + 1] = { hash = h, action = self.n_action }
    self.known = h
    self.checkpoints = self.checkpoints + 1
    if self.rolled and self.plan.undo == "strict" then
      -- a roll shown: under strict every answer so far stands, as they are now
      self.stands = {}
      for i, t in ipairs(self.trail) do self.stands[i] = t.hash end
    end
    self.rolled = false
    if self.error_loaded then
      for _, t in ipairs(self.told or {}) do
        if self.plan.sc.error_seen(t) then
          self:fail("errors", "answer " .. #self.trail .. " stands though "
            .. self.plan.sc.error_mod .. " raised during it (its narrative: " .. t .. ")")
        end
      end
    end
    self.told = nil
  elseif ev == "game_over" then
    self.over = true
  end
end

function Seq:on_stderr(line)
  if self.trace then self.trace:write("ERR ", line:sub(1, 160), "\n") end
  self:text_seen(line, "the prompt")
  self.notes[#self.notes + 1] = line
  local h = line:match("^state_hash (%x+)$") or line:match("^view_hash (%x+)$")
  if h then self.printed = h end
  if line:match("^undo: .* taken back$") then
    self.trail[#self.trail] = nil
    self.undone = self.undone + 1
  end
  local stopped = line:match("^volley play: the game stopped: (.*)$")
  if stopped then self.stopped = stopped end
end

-- The notes since the action began that start with `prefix`.
function Seq:note(prefix)
  for i = self.notes_from, #self.notes do
    local n = self.notes[i]
    if n:sub(1, #prefix) == prefix then return n end
  end
end

-- The hash the live game must have after the action just done (nil: not known), from what
-- the action did (its notes, the checkpoints); keeps the trail and the saves up to date.
function Seq:settle()
  local a = self.last
  self.last = nil
  local before = a.before
  local refused = self:note("refused:")
  if a.kind == "answer" then
    if self.checkpoints > a.checkpoints then return self.trail[#self.trail].hash end
    return before
  elseif a.kind == "undo" then
    if self.undone == a.undone then return before end
    local t = self.trail[#self.trail]
    return t and t.hash or self.start
  elseif a.kind == "save" then
    if not refused and self:note("saved ") then
      self.saves[#self.saves + 1] = { path = a.path, trail = copy(self.trail), hash = before,
                                      start = self.start, action = self.n_action }
    end
    return before
  elseif a.kind == "load" then
    local loaded = self:note("loaded ")
    if not loaded then return before end
    local s = a.save
    self.trail = copy(s.trail)
    self.start = s.start
    local n = tonumber(loaded:match(": (%d+) answers replayed"))
    if n ~= #self.trail then
      self:fail("restored", "load " .. s.path .. " replayed " .. tostring(n) .. " answers, the save "
        .. "was made after " .. #self.trail)
    end
    return s.hash
  elseif a.kind == "reload" then
    local loaded = self:note("reloaded ")
    if loaded then
      local n = tonumber(loaded:match(": (%d+) answers replayed"))
      if n ~= #self.trail then
        self:fail("restored", "reload replayed " .. tostring(n) .. " answers, the game had "
          .. #self.trail)
      end
    end
    return before
  end
  return before   -- a query, Tab completion, forced dice, a refused command
end

-- Under strict: the answers a roll was shown after are still the trail's first ones.
function Seq:check_stands()
  local stands = self.stands
  if not stands then return end
  for i, h in ipairs(stands) do
    local t = self.trail[i]
    if not t or t.hash ~= h then
      self:fail("strict", "after #" .. #self.log .. " " .. self.log[#self.log] .. ", answer " .. i
        .. " (followed by a roll) is " .. (t and ("now " .. t.hash .. ", it was " .. h)
        or "taken back") .. " (" .. #self.trail .. " answers stand)")
      self.stands = nil
      return
    end
  end
end

-- The property a check of the hash after an action is about.
local CHECKED = { answer = "hash", undo = "restored", load = "restored", reload = "restored" }

-- {====================================================================================
-- The actions
-- =====================================================================================

local function str(v)
  return tostring(v)
end

-- The words of the pending request's options that look like hexes and units: the names a
-- query or an illegal answer can use, beside the scenario's own.
function Seq:harvest()
  local p = self.pending
  if not p or p == self.harvested then return end
  self.harvested = p
  for _, o in ipairs(p.options or {}) do
    for w in str(o):gmatch("%S+") do
      if w:match("^%d%d%d%d$") then
        if not self.hex_seen[w] then
          self.hex_seen[w] = true
          self.hexes[#self.hexes + 1] = w
        end
      elseif w:match("%d") and w:match("%a") and not self.unit_seen[w] then
        self.unit_seen[w] = true
        self.units[#self.units + 1] = w
      end
    end
  end
end

-- A legal answer, leaning as the scenario says: toward the enemy, toward fire.
function Seq:legal_answer()
  local rng, p = self.rng, self.pending
  local options = p.options or {}
  if #options == 0 then return nil end
  local has = {}
  for _, o in ipairs(options) do has[str(o)] = true end
  if p.kind == "react" and rng:chance(80) then return "fire" end
  if has.fire and rng:chance(60) then return "fire" end
  if (has.done or has.pass) and rng:chance(8) then return has.done and "done" or "pass" end
  if p.kind == "move" and rng:chance(50) then
    -- a charge: the move that ends furthest toward the enemy
    local east = self.plan.sc.east[p.side]
    local best, col
    for _, o in ipairs(options) do
      local c = tonumber(str(o):match("^%S+ (%d%d)%d%d$") or "")
      if c and (not col or (east and c > col) or (not east and c < col)) then best, col = o, c end
    end
    if best then return str(best) end
  end
  return str(rng:pick(options))
end

-- An answer the rules (or the command language) refuse.
function Seq:illegal_answer()
  local rng, p = self.rng, self.pending
  local legal = {}
  for _, o in ipairs(p.options or {}) do legal[str(o)] = true end
  if p.kind == "move" and rng:chance(70) then
    local unit = rng:pick(self.units)
    for _ = 1, 5 do
      local hex = rng:pick(self.hexes)
      if unit and hex and not legal[unit .. " " .. hex] then return "move " .. unit .. " " .. hex end
    end
  end
  return rng:pick({ p.kind .. " nowhere", "maybe", "fire at will", "A9 9999",
                    tostring(p.kind) .. " " .. tostring(rng:pick(self.units)) .. " 9999" })
end

-- A query at the prompt.
function Seq:query()
  local rng = self.rng
  local unit, hex, hex2 = rng:pick(self.units), rng:pick(self.hexes), rng:pick(self.hexes)
  return rng:weighted({
    { 6, "?" }, { 1, "help" }, { 1, "help move" }, { 3, "log 5 rolls" }, { 1, "log" },
    { 3, "map" }, { 2, "map " .. hex .. " 2" }, { 4, "show " .. unit }, { 2, "show " .. hex },
    { 12, "reach " .. unit }, { 4, "los " .. hex .. " " .. hex2 }, { 1, "rules 4.2" },
    { 2, "lua game.vars" }, { 1, "lua #game.sides" }, { 1, "lua game.units" },
    { 2, "lua " .. rng:pick(M.LUA_PRINTS) }, { 1, "lua tostring({})" },
    { 1, "lua tostring(tostring)" }, { 1, "lua error({ code = 1 })" }, { 1, "lua pairs" },
    { 1, "lua (function() local n = 0 for _ in pairs(game.units) do n = n + 1 end return n "
        .. "end)()" },
    { 2, "hash" },
  })
end

-- Tab at the prompt: the candidates for a line typed so far (what shell/lineread.c asks).
function Seq:complete()
  local rng, p = self.rng, self.pending
  local before = rng:pick({ "", "re", "reach ", "show ", "los " .. tostring(rng:pick(self.hexes))
    .. " ", (p and p.kind or "move") .. " ", (p and p.kind or "move") .. " "
    .. tostring(rng:pick(self.units)) .. " ", "map ", "lua ga" })
  local ok, list = pcall(self.env.complete, before)
  if not ok then
    self:fail("stops", "Tab completion of '" .. before .. "' raised: " .. tostring(list))
  elseif type(list) == "table" then
    for _, c in ipairs(list) do self:text_seen(str(c), "Tab completion") end
  end
  return "complete '" .. before .. "'"
end

-- The next action: its kind and the line typed (nil for Tab completion, done here).
function Seq:choose()
  local rng = self.rng
  if self.over then return "query", self:query() end   -- what still answers after the game
  self:harvest()
  local p = self.pending
  if p and p.decision == 1 and self.plan.scenario == "palo" and #self.trail == 0
      and rng:chance(75) then
    return "answer", "default all"
  end
  local kind = rng:weighted({
    { 46, "answer" }, { 8, "illegal" }, { 8, "undo" }, { 4, "save" },
    { #self.saves > 0 and 4 or 0, "load" }, { 22, "query" }, { 4, "complete" },
    { self.plan.dice and 2 or 0, "dice" }, { 1, "reload" },
  })
  if kind == "answer" then return "answer", self:legal_answer() or "?" end
  if kind == "illegal" then return "answer", self:illegal_answer() end
  if kind == "undo" then return "undo", "undo" end
  if kind == "save" then
    self.n_saves = self.n_saves + 1
    return "save", self.base .. "-" .. self.n_saves .. ".save"
  end
  if kind == "load" then return "load", rng:pick(self.saves) end
  if kind == "complete" then return "complete", nil end
  if kind == "dice" then return "dice", "dice force " .. rng:int(6) end
  if kind == "reload" then return "reload", "reload" end
  return "query", self:query()
end

-- The reader the prompt calls for each line (`env.reader`).
function Seq:read()
  -- the action just done: what the hash must be now, checked by `hash`
  if self.last then
    local want = self:settle()
    self:check_stands()
    self.want = want
    if self.has_hash then
      self.checking = true
      self.printed = nil
      return "hash"
    end
  end
  if self.checking then
    self.checking = false
    local a = self.prev_action
    if self.want then self.checks = self.checks + 1 end
    if not self.printed then
      self:fail("hash", "hash printed no state hash after " .. a.line)
    elseif self.want and self.printed ~= self.want then
      local property = CHECKED[a.kind] or "unchanged"
      self:fail(property, "after #" .. #self.log .. " " .. a.line .. " the live hash is "
        .. self.printed .. ", " .. (property == "unchanged" and "before it " or "it should be ")
        .. self.want)
    end
    self.known = self.printed or self.known
    if self.start == nil and #self.trail == 0 then self.start = self.known end
  end
  if self.first then
    -- the hash before the first answer, for undo back to it
    self.first = false
    if self.has_hash then
      self.checking = true
      self.prev_action = { kind = "query", line = "hash" }
      self.want = nil
      return "hash"
    end
  end
  if self.over then
    -- the game is over: a few queries still answer, then the input ends
    self.after_over = (self.after_over or 0) + 1
    if self.after_over > 3 then return nil end
  elseif #self.log >= self.plan.actions then
    return nil
  end
  local kind, what = self:choose()
  local line = what
  local a = { kind = kind, before = self.known, checkpoints = self.checkpoints,
              undone = self.undone }
  if kind == "save" then
    a.path = what
    line = "save " .. what
    self.files[#self.files + 1] = what
  elseif kind == "load" then
    a.save = what
    line = "load " .. what.path
  elseif kind == "complete" then
    line = self:complete()
  end
  a.line = line
  self.log[#self.log + 1] = line
  self.n_action = #self.log
  self.notes_from = #self.notes + 1
  self.last = a
  self.prev_action = a
  if self.trace then self.trace:write("ACTION #", #self.log, " ", line, "\n") end
  if kind == "complete" then return "# " .. line end   -- Tab typed nothing: a comment line
  return line
end

-- }====================================================================================

-- {====================================================================================
-- The replay
-- =====================================================================================

--- Replays a save once, linearly (its forced dice queued at their place), and gives its
-- trail: the state hash after each answer (and a side's view hash, with `view`), and the
-- `lua` prints of `M.LUA_PRINTS` on the final game.
-- @tparam table save a save table (`volley.core.save.read`)
-- @tparam[opt] string view a side
-- @treturn[1] table `{states = {...}, views = {...}, prints = {...}}`
-- @treturn[2] nil
-- @treturn[2] string why the replay stopped, "at answer N: ..."
function M.replay_trail(save, view)
  local names, mods = {}, {}
  for i, o in ipairs(save.options) do names[i] = o.name end
  for i, m in ipairs(save.mods) do mods[i] = m.path end
  local game, err = replay.start{ target = save.scenario, seed = save.seed, options = names,
                                  mods = mods, undo = save.undo }
  if not game then return nil, "the game does not open: " .. tostring(err) end
  local out = { states = {}, views = {}, prints = {} }
  local j, i = save.journal, 1
  local function queue()
    local faces = {}
    while j[i] and j[i].kind == "forced" do
      for _, f in ipairs(j[i].faces) do faces[#faces + 1] = f end
      i = i + 1
    end
    if #faces > 0 then game.st:call("volley.session", "force", faces) end
  end
  local function stop(why)
    game:close()
    return nil, "at answer " .. (#out.states + 1) .. ": " .. why
  end
  queue()
  local kind, side, req = game:resume()
  local refusal
  while j[i] do
    local e = j[i]
    i = i + 1
    if kind ~= "request" then
      return stop("the game " .. (kind == "error" and ("stopped: " .. replay.describe(side))
        or "is over") .. ", the journal has " .. e.side .. "'s " .. e.request .. " " .. str(e.value))
    end
    if side ~= e.side or req.kind ~= e.request then
      return stop("the game asks " .. side .. " for " .. req.kind .. ", the journal has "
        .. e.side .. "'s " .. e.request .. " " .. str(e.value))
    end
    queue()
    kind, side, req, refusal = game:resume(e.value)
    if kind == "error" then return stop("the game stopped: " .. replay.describe(side)) end
    if refusal then return stop("'" .. str(e.value) .. "' refused: " .. refusal) end
    out.states[#out.states + 1] = game.drained.state_hash
    if view and view ~= "referee" then
      local _, vh = game.st:call("volley.session", "view_hash", view)
      out.views[#out.views + 1] = vh
    end
  end
  if game.st:require("volley.queries") then
    for _, expr in ipairs(M.LUA_PRINTS) do
      local ok, v, why = game.st:call("volley.queries", "lua", "referee", expr)
      out.prints[#out.prints + 1] = ok and (v or ("refused: " .. tostring(why)))
        or ("error: " .. replay.describe(v))
    end
  end
  game:close()
  return out
end

--- Compares two trails; nil when equal, else the first answer where they differ.
-- @treturn ?integer
local function first_difference(a, b)
  for k = 1, math.max(#a, #b) do
    if a[k] ~= b[k] then return k end
  end
end
M.first_difference = first_difference

-- }====================================================================================

-- What `volley play` writes goes to o and e (io.stdout and io.stderr are fields it reads
-- at each write).
local function redirect(o, e)
  rawset(io, "stdout", o)
  rawset(io, "stderr", e)
end

local function remove_new(dir, before)
  for _, e in ipairs(core.scenario.list_dir(dir) or {}) do
    if e.kind == "file" and not before[e.name] then os.remove(dir .. "/" .. e.name) end
  end
end

--- Plays one sequence and checks it: the failures found, each `{property, detail, action,
-- recent}`, and what a cross-VM check needs.
-- @tparam integer seed
-- @tparam[opt] table opts as `plan`'s, and `keep = DIR` to keep the final save as
--   `DIR/seq-<seed>.save` and its trail as `DIR/seq-<seed>.trail`, `trace = true` to print
--   each action and each line the prompt printed
-- @treturn table `{seed, plan, failures = {...}, answers = n, actions = n, checks = n}`
--   (`checks`: the steps whose hash `hash` checked)
function M.run(seed, opts)
  opts = opts or {}
  local plan = M.plan(seed, opts)
  local base = os.tmpname()
  local self = setmetatable({
    plan = plan, rng = M.rng(seed), failures = {}, log = {}, notes = {}, notes_from = 1,
    trail = {}, saves = {}, files = { base, base .. "-final.save" }, base = base, n_saves = 0,
    checkpoints = 0, undone = 0, n_action = 0, first = true, checks = 0,
    units = copy(plan.sc.units), hexes = copy(plan.sc.hexes), unit_seen = {}, hex_seen = {},
    has_hash = commands.QUERIES.hash ~= nil,
  }, Seq)
  for _, u in ipairs(self.units) do self.unit_seen[u] = true end
  for _, h in ipairs(self.hexes) do self.hex_seen[h] = true end
  for _, m in ipairs(plan.mods) do
    if m == MODS .. plan.sc.error_mod then self.error_loaded = true end
  end
  if not self.has_hash then
    self:fail("hash", "the prompt has no hash (issue 32): the steps between answers go unchecked")
  end
  local final = base .. "-final.save"
  local args = { plan.sc.target, "--seed", tostring(seed), "--json", "--save", final,
                 "--undo", plan.undo, "--max-decisions", "2000", "--as", plan.view }
  if plan.bot then
    args[#args + 1] = "--bot"
    args[#args + 1] = plan.bot .. "=random"
  end
  for _, m in ipairs(plan.mods) do
    args[#args + 1] = "--mod"
    args[#args + 1] = m
  end
  if opts.trace then self.trace = io.stdout end
  self.env = { prompt = true, tty = false, reader = function() return self:read() end,
               render = function() return true end }
  local autosaves = require("volley.play.autosave").dir()
  local before = {}
  for _, e in ipairs(core.scenario.list_dir(autosaves) or {}) do before[e.name] = true end
  local out, err = io.stdout, io.stderr
  redirect(sink(function(l) self:on_stdout(l) end), sink(function(l) self:on_stderr(l) end))
  local ok, status = pcall(require("volley.play").main, args, self.env)
  redirect(out, err)
  remove_new(autosaves, before)
  if not ok then self:fail("stops", "volley play raised: " .. tostring(status)) end
  if self.stopped then
    -- a person's answer that fails is refused; a bot's stops the game, naming a script
    local bots_answer = plan.bot and self.stopped:find("tests/data/mods/journal_", 1, true)
    if not bots_answer then self:fail("stops", "the game stopped: " .. self.stopped) end
  end

  -- the one linear replay of the final journal
  local save, rerr = core.save.read(final)
  if not save then
    self:fail("journal", "no final save: " .. tostring(rerr))
  else
    local live, states = {}, {}
    for _, t in ipairs(self.trail) do live[#live + 1] = t.hash end
    for _, e in ipairs(save.journal) do
      if e.kind == "answer" then states[#states + 1] = e.state end
    end
    local r, why = M.replay_trail(save, plan.view)
    local referee = plan.view == "referee"
    if not r then
      self:fail("journal", "the replay of the final journal stopped " .. why)
    else
      local replayed = referee and r.states or r.views
      local k = first_difference(live, replayed)
      if k then
        local t = self.trail[k]
        self:fail("journal", string.format("answer %d: live %s, replay %s (%d live answers, %d "
          .. "replayed); the answer was given by action #%s, after: %s", k, tostring(live[k]),
          tostring(replayed[k]), #live, #replayed, t and t.action or "?",
          t and self:recent(t.action) or "-"))
      end
      k = first_difference(states, r.states)
      if k and not self:failed("journal") then
        self:fail("journal", string.format("answer %d: the journal says %s, the replay %s", k,
          tostring(states[k]), tostring(r.states[k])))
      end
    end
    if opts.keep then
      -- the save and its own trail (the hashes it records, the live ones), with the `lua`
      -- prints of its replay here, for another VM to replay (`check_kept`)
      local name = opts.keep .. "/seq-" .. seed
      os.rename(final, name .. ".save")
      local f = assert(io.open(name .. ".trail", "w"))
      for _, h in ipairs(states) do f:write("state ", h, "\n") end
      for n, p in ipairs(r and r.prints or {}) do
        f:write("lua ", M.LUA_PRINTS[n], "\t", p, "\n")
      end
      f:close()
    end
    self.answers = #states
  end
  for _, f in ipairs(self.files) do os.remove(f) end
  return { seed = seed, plan = plan, failures = self.failures, answers = self.answers or 0,
           actions = #self.log, checks = self.checks }
end

function Seq:failed(property)
  for _, f in ipairs(self.failures) do
    if f.property == property then return true end
  end
  return false
end

--- Replays a save kept by another VM's run (`run{keep =}`) on this VM: nil when its trail and
-- its `lua` prints are the kept ones, else why not.
-- @tparam string name the kept files' path without `.save`/`.trail`
-- @treturn ?string
function M.check_kept(name)
  local save, err = core.save.read(name .. ".save")
  if not save then return "cannot read " .. name .. ".save: " .. tostring(err) end
  local states, prints = {}, {}
  for line in io.lines(name .. ".trail") do
    local h = line:match("^state (%x+)$")
    if h then states[#states + 1] = h end
    local expr, p = line:match("^lua (.-)\t(.*)$")
    if expr then prints[#prints + 1] = { expr, p } end
  end
  local r, why = M.replay_trail(save)
  if not r then return "the replay stopped " .. why end
  local k = first_difference(states, r.states)
  if k then
    return string.format("answer %d: %s on the VM that played it, %s here (%d answers, %d "
      .. "replayed)", k, tostring(states[k]), tostring(r.states[k]), #states, #r.states)
  end
  for n, p in ipairs(prints) do
    if r.prints[n] ~= p[2] then
      return "lua " .. p[1] .. " prints " .. p[2] .. " on the VM that played it, "
        .. tostring(r.prints[n]) .. " here"
    end
  end
end

--- Runs sequences and sorts their failures by property.
-- @tparam table opts `{seeds = {...}}` or `{first =, count =}`, `keep =`, `progress =
--   function(result)`
-- @treturn table `{results = {...}, by_property = {name = {{seed, plan, failure}, ...}}}`
function M.run_many(opts)
  local seeds = opts.seeds
  if not seeds then
    seeds = {}
    for s = opts.first or 1, (opts.first or 1) + (opts.count or 30) - 1 do seeds[#seeds + 1] = s end
  end
  local all = { results = {}, by_property = {} }
  for _, p in ipairs(M.PROPERTIES) do all.by_property[p.name] = {} end
  for _, s in ipairs(seeds) do
    local r = M.run(s, opts)
    all.results[#all.results + 1] = r
    for _, f in ipairs(r.failures) do
      local list = all.by_property[f.property]
      list[#list + 1] = { seed = s, plan = r.plan, failure = f }
    end
    if opts.progress then opts.progress(r) end
  end
  return all
end

--- A property's failures as text: each seed with its plan and what broke, and how to run
-- one again.
-- @tparam string name the property
-- @tparam table list its failures (`run_many`'s `by_property[name]`)
-- @treturn string
function M.report(name, list)
  local says
  for _, p in ipairs(M.PROPERTIES) do
    if p.name == name then says = p.says end
  end
  local lines = { string.format("property '%s' (%s) broke in %d sequence(s):", name, says or name,
    #list) }
  for n, x in ipairs(list) do
    if n > 5 then
      lines[#lines + 1] = "  ... and " .. (#list - 5) .. " more (seeds "
      local more = {}
      for k = 6, #list do more[#more + 1] = list[k].seed end
      lines[#lines] = lines[#lines] .. table.concat(more, " ") .. ")"
      break
    end
    lines[#lines + 1] = string.format("  seed %d (%s): %s [at action #%d; last actions: %s]",
      x.seed, M.describe_plan(x.plan), x.failure.detail, x.failure.action, x.failure.recent)
  end
  lines[#lines + 1] = "  run one again: VOLLEY_JOURNAL_SEED=" .. list[1].seed
    .. " (docs/build.md \"The journal property test\")"
  return table.concat(lines, "\n")
end

return M
