-- Issue 34 point 1, the script API every system shares (volley.script_api; docs/modding.md
-- "The script API"): ctx.game in every hook of the demo and of Rough & Ready, the actions a
-- point allows and the error naming the function and the point where it does not, volley.log
-- with a visibility, a declared result ending the game through the system's victory
-- procedure, volley.api_version, volley.has_point. Played as `volley play` plays: the game in
-- an engine-owned state (volley.session), the mods from files.
local core = require "volley.core"

local MODS = "tests/data/mods/"

local function state(target, opts)
  local st = core.new_state{ modules = { "tests/spec/support" } }
  assert(st:require("volley.session"))
  assert(st:require("volley.queries"))
  local ok, info = st:call("volley.session", "open", target, opts)
  assert(ok, info)
  return st
end

-- A mod written to a temporary file.
local function mod(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
  return path
end

-- Plays `target` with `mods` from seed `seed`: each request answered by `answers` (a list,
-- used in order while it lasts) then the request's default (or first option), at most `n`
-- answers. Returns the state, the task's last kind and value (the error for "error").
local function play(target, mods, n, answers, seed)
  local st = state(target, { seed = seed or 3, mods = mods })
  local task = st:spawn("volley.session", "run")
  local what, side, req = task:resume()
  local k = 0
  answers = answers or {}
  while what == "request" and k < n do
    k = k + 1
    local a = table.remove(answers, 1)
    if a == nil and answers.spread then
      a = req.options[(k * 7) % #req.options + 1]   -- answers spread over the options
    elseif a == nil then
      a = req.default ~= nil and req.default or req.options[1]
    end
    what, side, req = task:resume(a)
  end
  task:close()
  return st, what, side
end

-- The narrative as `viewer` reads it (`log` at the prompt).
local function lines(st, viewer)
  local ok, out = st:call("volley.queries", "log", viewer or "referee")
  assert(ok, out)
  local t = {}
  for _, e in ipairs(out) do
    if e.text then t[#t + 1] = e.text end
  end
  return t
end

local function grep(list, pattern)
  local out = {}
  for _, l in ipairs(list) do
    if l:find(pattern) then out[#out + 1] = l end
  end
  return out
end

describe("one mod on both systems", function()
  it("logs each turn.start of the demo and each activation.start of Palo Alto", function()
    local st = play("tests/data/demo", { MODS .. "api_log.lua" }, 200)
    assert.same({ "[api_log] turn.start: turn 1", "[api_log] turn.start: turn 2",
                  "[api_log] turn.start: turn 3", "[api_log] turn.start: turn 4" },
                grep(lines(st), "^%[api_log%]"))
    st:close()
    st = play("rough-and-ready/palo-alto", { MODS .. "api_log.lua" }, 260)
    local got = grep(lines(st), "^%[api_log%]")
    assert.is_true(#got >= 2, table.concat(got, "\n"))
    assert.equal("[api_log] activation.start: activation 1 by US", got[1])
    assert.matches("^%[api_log%] activation.start: activation 2 by %u+$", got[2])
    st:close()
  end)

  it("ends the game when a side holds a hex, through each system's victory check", function()
    -- the demo: A2 moves to 0305, and the turn's victory check ends the game [demo 6]
    local st, what = play("tests/data/demo", { MODS .. "api_hold.lua" }, 100,
      { "A2 0305", "done" })
    assert.equal("done", what)
    local _, r = st:call("volley.session", "result")
    assert.same({ "A", "A holds 0305", "decisive" }, { r.winner, r.reason, r.level })
    assert.same({ "the game ends as declared: A wins (decisive): A holds 0305" },
      grep(lines(st), "^the game ends"))
    st:close()
    -- Palo Alto: Ringgold's battery holds 3016 from the start, so the first activation's
    -- victory check ends it, in place of the withdrawal rolls [rough_and_ready 8.0]
    st, what = play("rough-and-ready/palo-alto", { MODS .. "api_hold.lua" }, 2000)
    assert.equal("done", what)
    _, r = st:call("volley.session", "result")
    assert.same({ "US", "US holds 3016", "decisive" }, { r.winner, r.reason, r.level })
    assert.same({}, grep(lines(st), "withdrawal roll"))
    st:close()
  end)
end)

describe("ctx.game", function()
  -- a handler on every point the system has, of a kind the point takes, logging once a step
  -- what it found as ctx.game
  local EVERY = [[
local seen = {}
for _, point in ipairs(volley.points()) do
  local function note(ctx)
    if not seen[point] then
      seen[point] = true
      volley.log("ctx.game at " .. point .. ": " .. type(ctx.game) .. " "
        .. tostring(ctx.game and #ctx.game.sides()))
    end
  end
  local ok = pcall(volley.on, point, note)
  if not ok then ok = pcall(volley.on, point, note, { kind = "modify" }) end
  if not ok then
    volley.on(point, function(ctx, default, ...)
      note(ctx)
      return default(ctx, ...)
    end, { kind = "replace" })
  end
end
]]

  it("is in the context of every point of the demo and of Rough & Ready", function()
    local path = mod(EVERY)
    for _, case in ipairs({ { "tests/data/demo", 200,
                              { "turn.start", "movement.cost", "movement.enter", "victory.check",
                                "sequence.step", "reaction.offer", "fire.drm",
                                "fire.resolved" } },
                            { "rough-and-ready/palo-alto", 320,
                              { "game.start", "activation.select", "activation.start",
                                "activation.actions", "activation.end", "movement.cost",
                                "movement.start", "movement.end", "victory.check",
                                "victory.bl", "sequence.step", "command.status" } } }) do
      local st = play(case[1], { path }, case[2], { spread = true }, 5)
      local got = lines(st)
      local points = {}
      for _, l in ipairs(grep(got, "^ctx.game at ")) do
        local p, rest = l:match("^ctx.game at ([%w._]+): (.*)$")
        assert.equal("table 2", rest, l)
        points[p] = true
      end
      for _, p in ipairs(case[3]) do assert.is_true(points[p], case[1] .. ": " .. p) end
      st:close()
    end
    os.remove(path)
  end)

  it("refuses an action its point does not allow, naming the function and the point", function()
    local path = mod('volley.on("movement.enter", function(ctx)\n'
      .. '  ctx.game.hit(ctx.unit, "a house rule")\nend)\n')
    local st, what, err = play("tests/data/demo", { path }, 5, { "A2 0305" })
    assert.equal("error", what)
    assert.equal("game.hit: not allowed at movement.enter (it allows: ask, declare_result, "
      .. "roll, set_flag, set_marker)", err.msg)
    assert.same({ path, 2, "movement.enter" }, { err.file, err.line, err.point })
    st:close()
    os.remove(path)
  end)

  it("reads the game and acts where the point allows it", function()
    local path = mod([[
volley.on("turn.start", function(ctx)
  local g = ctx.game
  if ctx.turn ~= 1 then return end
  local u = g.unit("A1")
  volley.log(string.format("%s %s %s %s %d %s %s", u.id, u.side, u.type, u.hex, u.values.ma,
    table.concat(u.classes, ","), tostring(u.hidden)))
  volley.log("now " .. g.now().turn .. " sides " .. table.concat(g.sides(), " ")
    .. " enemy " .. g.enemy("A"))
  volley.log("units A " .. table.concat(g.units{ side = "A", class = "combat" }, " ")
    .. " in 0103: " .. table.concat(g.units{ hex = "0103" }, " "))
  volley.log("terrain " .. g.terrain("0103") .. " stack " .. table.concat(g.stack("0103"), " ")
    .. " neighbours " .. table.concat(g.neighbors("0103"), " ") .. " distance "
    .. g.distance("0103", "0107"))
  volley.log("commands " .. table.concat(g.commands("A"), " ") .. " leaders "
    .. #g.leaders("A") .. " command A: " .. table.concat(g.command("A").units, " "))
  g.set_flag("seen", 1)
  volley.log("flag " .. g.flag("seen") .. " lines " .. #g.lines(2) .. " api " .. volley.api_version
    .. " " .. volley.system .. " " .. tostring(volley.has_point("activation.start")))
  local eliminated = g.hit("A1", "a test")
  volley.log("hit " .. tostring(eliminated) .. " hits " .. g.marker("A1", "hits"))
  g.move("A3", "0207", "a test")
  volley.log("A3 at " .. g.hex("A3") .. " moved " .. tostring(g.moved("A3")))
  g.eliminate("B4", "a test")
  volley.log("B4 " .. g.where("B4"))
end)
]])
    local st = play("tests/data/demo", { path }, 1)
    local got = lines(st)
    local function has(l)
      assert.is_true(#grep(got, "^" .. l:gsub("[%(%)%.%-%+%[%]]", "%%%0") .. "$") == 1,
        l .. " in\n" .. table.concat(got, "\n"))
    end
    has("A1 A infantry 0103 4 combat false")
    has("now 1 sides A B enemy B")
    has("units A A1 A2 A3 A4 in 0103: A1")
    has("commands A leaders 0 command A: A1 A2 A3 A4")
    has("flag 1 lines 2 api 1 demo false")
    has("A1 takes a hit (a test): 1 [demo 5.2]")
    has("hit false hits 1")
    has("A3 is moved 0107 -> 0207: a test")
    has("A3 at 0207 moved false")
    has("B4 is eliminated: a test")
    has("B4 eliminated")
    st:close()
    os.remove(path)
  end)

  it("asks where the point allows it, and not in a movement query", function()
    local path = mod([[
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  local a = ctx.game.ask("B", { kind = "house", prompt = "scouts?", rule = "[mod 1]",
                                options = { "yes", "no" } })
  volley.log("B answered " .. a)
end)
volley.on("movement.cost", function(ctx)
  local ok, e = pcall(ctx.game.ask, "A", { kind = "x", prompt = "?", rule = "[m]",
                                           options = { "y" } })
  assert(not ok and e == "game.ask: not allowed at movement.cost (it allows: reading and "
    .. "log only)", e)
end, { kind = "modify" })
]])
    local st, what, side = play("tests/data/demo", { path }, 3, { "no" })
    assert.equal("request", what)
    assert.equal("A", side)
    assert.same({ "B answered no" }, grep(lines(st), "^B answered"))
    st:close()
    os.remove(path)
  end)

  it("gives every hostile argument a clean error", function()
    local path = mod([[
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  local g = ctx.game
  local mt = setmetatable({}, { __index = function() error("ran") end })
  local tries = {
    function() g.log(123) end,
    function() g.log(string.rep("x", 5000)) end,
    function() g.log("x", { "Z" }) end,
    function() g.log("x", mt) end,
    function() g.log("x", { "A", "B", "A" }) end,
    function() g.log("x", 7) end,
    function() g.value("nobody", "ma") end,
    function() g.value("A1", "nothing") end,
    function() g.value({}, "ma") end,
    function() g.unit(string.rep("u", 100000)) end,
    function() g.declare_result("A") end,
    function() g.declare_result(setmetatable({ winner = "A", why = "x" }, {})) end,
    function() g.declare_result{ winner = "Z", why = "x" } end,
    function() g.declare_result{ winner = "A", why = "x", extra = 1 } end,
    function() g.declare_result{ winner = "A", level = "not a word", why = "x" } end,
    function() g.declare_result{ winner = "A" } end,
    function() g.roll("r", "[x]", "d20") end,
    function() g.units{ side = {} } end,
    function() g.units(mt) end,
    function() g.units{ nation = "A" } end,
    function() g.move("A1", "9999", "x") end,
    function() g.move("A1", "1203", "x") end,
    function() g.set_marker("A1", "hits", 1) end,
    function() g.set_marker("A1", "gold", 1) end,
    function() g.set_flag("x", 0.5) end,
    function() g.set_flag("x", {}) end,
    function() g.stack(nil) end,
    function() g.hexside("0103", "0909") end,
    function() g.eliminate("nobody", "x") end,
    function() g.command("Z") end,
    function() g.lines(-1) end,
    function() g.roll = nil end,
  }
  for i, f in ipairs(tries) do
    local ok, e = pcall(f)
    volley.log(i .. " " .. tostring(ok) .. " " .. tostring(e))
  end
end)
]])
    local st, what = play("tests/data/demo", { path }, 1)
    assert.equal("request", what)
    local got = grep(lines(st), "^%d+ ")
    assert.same({
      "1 false game.log: the text must be a non-empty string",
      "2 false game.log: the text is 5000 bytes long (at most 4096)",
      "3 false game.log: no side 'Z' (sides: A B)",
      "4 false game.log: the visibility must be a plain list (it has a metatable)",
      "5 false game.log: the visibility must be a list of at most 2 sides",
      "6 false game.log: the visibility must be \"all\", a side or a list of sides, not 7",
      "7 false game.value: no unit 'nobody'",
      "8 false game.value: no field 'nothing' of A1",
      "9 false game.value: no unit a table",
      "10 false game.unit: no unit 'uuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuuu...'",
      "11 false game.declare_result: the result must be a table, not 'A'",
      "12 false game.declare_result: the result must be a plain table (it has a metatable)",
      "13 false game.declare_result: no side 'Z' (sides: A B)",
      "14 false game.declare_result: unknown key 'extra' in the result (known: level, why, "
        .. "winner)",
      "15 false game.declare_result: level must be a word of letters, digits and _ (at most 64 "
        .. "bytes), not 'not a word'",
      "16 false game.declare_result: why must be a non-empty string",
      "17 false game.roll: no die 'd20' in demo (dice: d6)",
      "18 false game.units: filter.side must be a word, not a table",
      "19 false game.units: the filter must be a plain table (it has a metatable)",
      "20 false game.units: unknown key 'nation' in the filter (known: class, hex, side, type, "
        .. "where)",
      "21 false game.move: no hex '9999' on the map",
      "22 false game.move: A1 cannot stand in 1203: 1203 holds an enemy unit (B1) [demo 3.3]",
      "23 false game.set_marker: 'hits' is the system's marker (Hits go through game.hit)",
      "24 false game.set_marker: no marker 'gold' in the units chart",
      "25 false game.set_flag: a number a flag holds is whole (the state holds integers only)",
      "26 false game.set_flag: a flag holds a string, a number or a boolean",
      "27 false game.stack: no hex a nil",
      "28 false game.hexside: 0103 and 0909 are not adjacent",
      "29 false game.eliminate: no unit 'nobody'",
      "30 false game.command: no command 'Z'",
      "31 false game.lines: n must be a whole number 0 or more, not -1",
      "32 false " .. path .. ":37: ctx.game is read-only ('roll')",
    }, got)
    st:close()
    os.remove(path)
  end)
end)

describe("volley.log", function()
  it("reaches only the views its visibility names (and the referee)", function()
    local path = mod([[
volley.on("turn.start", function(ctx)
  if ctx.turn ~= 1 then return end
  volley.log("for everyone")
  volley.log("B4 waits in the woods", { "B" })
  ctx.game.log("A's scouts report", "A")
  volley.log("both", { "A", "B" })
end)
]])
    local st = play("tests/data/demo", { path }, 1)
    local function mine(viewer)
      local out = {}
      for _, l in ipairs(lines(st, viewer)) do
        if l == "for everyone" or l == "both" or l:find("B4 waits") or l:find("scouts") then
          out[#out + 1] = l
        end
      end
      return out
    end
    assert.same({ "for everyone", "A's scouts report", "both" }, mine("A"))
    assert.same({ "for everyone", "B4 waits in the woods", "both" }, mine("B"))
    assert.same({ "for everyone", "B4 waits in the woods", "A's scouts report", "both" },
      mine("referee"))
    st:close()
    os.remove(path)
  end)

  it("is refused at load, naming the script", function()
    local path = mod('volley.log("hello")\n')
    local st = core.new_state{ modules = { "tests/spec/support" } }
    assert(st:require("volley.session"))
    local ok, err = st:call("volley.session", "open", "tests/data/demo", { mods = { path } })
    assert.is_false(ok)
    assert.equal(path .. ":1: volley.log: a script logs from a handler, not while it loads "
      .. "(load, " .. path .. ")", type(err) == "table" and err.msg or tostring(err))
    st:close()
    os.remove(path)
  end)
end)
