-- The request rules wired into the hosts (issue 35 point 5): a request with one legal answer
-- handed over marked `only` and answered by the host (volley sim's bots never see it, and keep
-- their decision numbers); every request has a legal default (the played games of both
-- systems, each request of them); `tell` and `?` (volley.ask.notes, volley.commands
-- option_lines); an old save's answers to one-answer requests replay as they are.
local ask = require "volley.ask"
local host = require "volley.host"
local driving = require "volley.driving"
local commands = require "volley.commands"
local core = require "volley.core"
local replay = require "volley.replay"
local sim = require "volley.sim"
local bots = require "volley.bots"

local function request(extra)
  local r = { kind = "move", prompt = "move a unit", rule = "[demo 4.2]", options = { "done" } }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

describe("a request handed to the host (volley.host.request)", function()
  it("is marked only when it has one legal answer and no validate", function()
    local r = host.request(request())
    assert.is_true(r.only)
    assert.are.equal("done", driving.only(r))
    assert.is_nil(host.request(request{ options = { "A1 0102", "done" } }).only)
    assert.is_nil(host.request(request{ validate = function() return true end }).only)
    assert.is_nil(driving.only(host.request(request{ options = { "A1 0102", "done" } })))
  end)

  it("carries the runtime's default: the request's own, else its first legal answer", function()
    assert.are.equal("done", host.request(request{ options = { "A1 0102", "done" },
                                                  default = "done" }).default)
    assert.are.equal("A1 0102", host.request(request{ options = { "A1 0102", "done" } }).default)
  end)

  it("is told in one line naming the request, its answer and its rule", function()
    assert.are.equal("5. A move: done (the only legal answer) [demo 4.2]",
      driving.only_line(5, "A", host.request(request()), "done"))
  end)
end)

describe("tell: what each option costs or causes (volley.ask.notes)", function()
  it("is checked, and gives a short cleaned note per legal answer", function()
    assert.has_error(function() ask.check_request(request{ tell = "2 MP" }) end,
      "request 'move': tell must be a function")
    local r = request{ options = { "A1 0102", "A1 0104", "done" },
      tell = function(a)
        if a == "done" then return nil end
        if a == "A1 0104" then return "\27[2J" .. string.rep("x", 100) end
        return " 1 MP "
      end }
    local notes = ask.notes(r)
    assert.are.equal(3, #notes)
    assert.are.same({ "1 MP", "" }, { notes[1], notes[3] })
    assert.are.equal(ask.NOTE_AT_MOST, #notes[2])
    assert.is_nil(notes[2]:find("\27", 1, true))
    assert.is_nil(ask.notes(request()))
  end)
end)

describe("? (volley.commands.option_lines)", function()
  local names = { units = { { id = "A1" }, { id = "G-1" }, { id = "G-2" }, { id = "G-3" } } }

  it("groups units joined by + per the units that join, not a line per combination",
    function()
      local opts = { "G-1 1423", "G-2 1423", "G-3 1423", "G-1+G-2 1423", "G-1+G-3 1423",
                     "G-2+G-3 1423", "G-1+G-2+G-3 1423", "A1 1209", "A1 1210", "done" }
      local lines = commands.option_lines({ kind = "fire", rule = "[r 1]", options = opts,
                                            default = "done" }, names)
      assert.are.same({
        "legal answers to fire [r 1]:",
        "  G-1 G-2 G-3 (alone or joined by +, 7 answers): 1423",
        "  A1: 1209 1210",
        "  done",
        "  (units that fire together join with + in one answer: G-1+G-2 1423)",
        "default: done",
      }, lines)
    end)

  it("shows a move's notes once a run, and at most GROUP_AT_MOST hexes a unit", function()
    local opts, notes = {}, {}
    for k = 1, 20 do
      opts[k] = string.format("A1 %04d", 100 + k)
      notes[k] = (k <= 2 and "1" or "2") .. " MP"
    end
    opts[21], notes[21] = "done", ""
    local lines = commands.option_lines({ kind = "move", rule = "[r 1]", options = opts,
                                          notes = function() return notes end }, names)
    assert.are.equal("  move A1 0101 0102 (1 MP) 0103 0104 0105 0106 0107 0108 0109 0110 0111 "
      .. "0112 (2 MP) ... (+8 more: reach A1)", lines[2])
    assert.are.equal("  done", lines[3])
  end)
end)

-- A bot that refuses to be asked a request the host answers itself (the demo's have no
-- validate: one option is one legal answer).
local function strict_random()
  local random = bots.load("random")
  return { answer = function(state, req, ctx)
    -- volley sim hands the bot the number of legal answers (volley.host.listing "count")
    assert(require("volley.ask").count(req) > 1, "the bot was asked a request with one legal "
      .. "answer")
    return random.answer(state, req, ctx)
  end }
end

describe("volley sim: the bots are not asked a one-answer request", function()
  it("plays the demo game as before, with the same decisions and hash", function()
    local o = { target = "tests/data/demo", mods = {}, options = {} }
    local strict = sim.play_game(o, { A = { name = "random", bot = strict_random() },
                                      B = { name = "random", bot = strict_random() } }, 400, 11)
    local plain = sim.play_game(o, { A = { name = "random", bot = bots.load("random") },
                                     B = { name = "random", bot = bots.load("random") } }, 400, 11)
    assert.are.same(plain, strict)
    -- the recorded game of the same seed (tests/replay/demo-random-11.save) ends alike
    local f = assert(io.open("tests/replay/demo-random-11.hash"))
    local hash = f:read("*l")
    f:close()
    assert.are.equal(hash, strict.state_hash)
  end)
end)

-- Every request of a game replayed from its save: the kinds asked, each request's default
-- legal, and the answers the save gives to one-answer requests (recorded before the host
-- answered them itself: the same lines).
local function walk(path, check, upto)
  local save = assert(core.save.read(path))
  local game = assert(replay.start{ target = save.scenario, seed = save.seed, undo = "off" })
  local kind, side, req = game:resume()
  local kinds, only = {}, 0
  for i, e in ipairs(save.journal) do
    if upto and i > upto then break end
    assert.are.equal("request", kind)
    assert.are.same({ e.side, e.request }, { side, req.kind })
    local legal = false
    for _, o in ipairs(req.options) do legal = legal or o == req.default end
    assert(legal, req.kind .. ": default " .. tostring(req.default) .. " is not legal")
    if req.only then
      only = only + 1
      assert.are.equal(req.options[1], e.value)
    end
    if check then check(req) end
    kinds[req.kind] = true
    kind, side, req = game:resume(e.value)
  end
  local hash = game:state_hash()
  game:close()
  local list = {}
  for k in pairs(kinds) do list[#list + 1] = k end
  table.sort(list)
  return list, only, hash
end

describe("every request has a legal default; old saves replay as they are", function()
  it("the demo's move and react: done when done is legal", function()
    local kinds, only, hash = walk("tests/replay/demo-charge-random-3.save", function(req)
      local has_done = false
      for _, o in ipairs(req.options) do has_done = has_done or o == "done" end
      if req.kind == "move" and has_done then assert.are.equal("done", req.default) end
      if req.kind == "react" then assert.are.equal("fire", req.default) end
    end)
    assert.are.same({ "move", "react" }, kinds)
    assert.is_true(only > 0)
    local f = assert(io.open("tests/replay/demo-charge-random-3.hash"))
    assert.are.equal(f:read("*l"), hash)
    f:close()
  end)

  it("Rough & Ready's, over Palo Alto's recorded game (its first 280 answers)", function()
    local kinds = walk("tests/replay/palo-alto-random-24.save", function(req)
      if req.kind == "free_activation" then assert.are.equal("pass", req.default) end
      if req.kind == "move" then
        local stop = false
        for _, o in ipairs(req.options) do stop = stop or o == "done" or o == "stop" end
        if stop then assert.is_truthy(req.default == "done" or req.default == "stop") end
      end
    end, 280)
    for _, k in ipairs({ "activate", "artillery", "face", "fire", "free_activation",
                         "leadership", "move", "place" }) do
      local seen = false
      for _, s in ipairs(kinds) do seen = seen or s == k end
      assert(seen, k .. " not asked in the game")
    end
  end)

  it("Rough & Ready's, over a fixture game played for battle (tests/data/rr)", function()
    -- a player that takes shock, fire, rally, yes and charges when offered (else the random
    -- pick of its own): the fixture's armies meet within a few hundred decisions
    local prefer = { "shock", "fire", "rally", "yes" }
    local game = assert(replay.start{ target = "tests/data/rr", seed = 1, undo = "off" })
    local kind, side, req = game:resume()
    local kinds, n = {}, 0
    local wants = { counter_charge = "no", free_activation = "pass", withdraw = "stay",
                    artillery = "done", rally_unit = "done", shock = "done", fire = "done",
                    move = "done" }
    while kind == "request" and n < 450 do
      n = n + 1
      local legal, has = false, {}
      for _, o in ipairs(req.options) do
        legal = legal or o == req.default
        has[o] = true
      end
      assert(legal, req.kind .. ": default " .. tostring(req.default) .. " is not legal")
      if wants[req.kind] and has[wants[req.kind]] then
        assert.are.equal(wants[req.kind], req.default, req.kind)
      end
      kinds[req.kind] = true
      local a = driving.only(req)
      for _, p in ipairs(prefer) do
        if a == nil and has[p] then a = p end
      end
      for _, o in ipairs(req.options) do
        if a == nil and type(o) == "string" and o:match("^charge ") then a = o end
      end
      if a == nil and #req.options == 1 then a = req.options[1] end
      if a == nil then   -- else a pick of its own, seeded by the decision
        local dice = core.dice.new(core.dice.bot_seed(1, side, "aggr", n))
        a = req.options[dice:dn(#req.options, "aggr", "[test]")]
      end
      kind, side, req = game:resume(a)
    end
    game:close()
    for _, k in ipairs({ "activate", "artillery", "counter_charge", "face", "fire",
                         "free_activation", "leadership", "move", "rally_unit",
                         "reaction_fire", "retreat", "return_fire", "shock", "withdraw" }) do
      assert(kinds[k], k .. " not asked in the game")
    end
  end)
end)
