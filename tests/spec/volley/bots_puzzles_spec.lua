-- The bots' tactical puzzles (docs/bots.md "The puzzle suite"): start states of the Rough &
-- Ready fixture battle where the best answer is known, driven through the engine-owned
-- state as `volley sim` drives a game; the smart and search bots must find the answer, the
-- first bot (the first legal answer) must not.
local core = require "volley.core"
local bots = require "volley.bots"
local look = require "volley.bots.look"

local function pack(...) return { n = select("#", ...), ... } end

-- Opens `target` and answers its requests -- `script` (kind -> answers, taken in turn), else
-- the default -- until a request of `side` and `kind` comes with its script spent. Returns
-- the game: `{st =, task =, req =, side =, n =, seed =, target =}`.
local function reach(target, seed, side, kind, script, dice)
  local st = core.new_state{}
  assert(st:require("volley.session"))
  local ok, info = st:call("volley.session", "open", target, { seed = seed, undo = "solo",
                                                               dice = dice })
  assert(ok, tostring(info and (info.msg or info)))
  st:call("volley.host", "listing", "count")
  local task = st:spawn("volley.session", "run")
  local g = { st = st, task = task, seed = seed, target = target, n = 0 }
  local used = {}
  local answer
  while true do
    local res = pack(task:resume(answer))
    st:call("volley.session", "drain")
    assert(res[1] == "request", "the game ended or failed: " .. tostring(res[2]))
    assert(not res[4], tostring(res[4]))
    local s, req = res[2], res[3]
    local list = script[req.kind]
    used[req.kind] = used[req.kind] or 0
    local scripted = list and list[used[req.kind] + 1]
    if s == side and req.kind == kind and scripted == nil then
      req.at = function(i)
        local aok, v = st:call("volley.host", "at", i)
        assert(aok, tostring(v))
        return v
      end
      g.req, g.side = req, s
      return g
    end
    g.n = g.n + 1
    if scripted ~= nil then used[req.kind] = used[req.kind] + 1 end
    answer = scripted ~= nil and scripted or (req.only and req.options[1]) or req.default
  end
end

-- The bot's answer and reason at the game's request.
local function ask_bot(name, g)
  local l = look.new(g.st, { target = g.target, seed = g.seed })
  local a, why = bots.load(name).answer(nil, g.req, { side = g.side, name = name, seed = g.seed,
                                                      decision = g.n + 1, look = l })
  l:close()
  return a, why
end

-- Gives the answer; returns the game at the side's next request of `kind`.
local function give(g, value, kind)
  local res = pack(g.task:resume(value))
  g.st:call("volley.session", "drain")
  assert(res[1] == "request" and not res[4], tostring(res[4] or res[2]))
  g.n = g.n + 1
  assert.are.equal(kind, res[3].kind)
  g.req, g.side = res[3], res[2]
  g.req.at = function(i) return select(2, g.st:call("volley.host", "at", i)) end
  return g
end

describe("the bots' puzzles", function()
  it("fires at a unit one Hit from elimination, and at it", function()
    local g = reach("tests/data/rr/puzzle_fire.ini", 3, "US", "move",
                    { activate = { "garland" }, artillery = { "done" } })
    assert.are_not.equal("fire", (ask_bot("first", g)))
    local a, why = ask_bot("smart", g)
    assert.are.equal("fire", a, why)
    assert.truthy(why:find("then 4US-1 0303", 1, true), why)
    local s, swhy = ask_bot("search", g)
    assert.truthy(s == "fire" or s == "shock", tostring(s) .. ": " .. swhy)
    give(g, a, "fire")
    a, why = ask_bot("smart", g)
    assert.are.equal("4US-1 0303", a, why)
    a, why = ask_bot("search", g)
    assert.are.equal("4US-1 0303", a, why)
    g.st:close()
  end)

  it("retreats where no enemy front costs a Hit", function()
    -- 4US-1 commits (1), rolls 9 to the defender's 0: 4L-1 takes 3 Hits and retreats
    local g = reach("tests/data/rr/puzzle_retreat.ini", 3, "MEX", "retreat",
                    { activate = { "garland" }, artillery = { "done" }, move = { "shock" },
                      shock = { "4US-1 0303" } }, { 1, 9, 0 })
    assert.are.equal("0203", (ask_bot("first", g)))   -- the Hit: the first legal answer
    local a, why = ask_bot("smart", g)
    assert.are.equal("0403", a, why)
    a, why = ask_bot("search", g)
    assert.are.equal("0403", a, why)
    g.st:close()
  end)

  it("turns a unit to face the enemy on its flank", function()
    local g = reach("tests/data/rr/puzzle_face.ini", 3, "US", "move",
                    { activate = { "garland" }, artillery = { "done" } })
    for _, bot in ipairs({ "smart", "search" }) do
      local a, why = ask_bot(bot, g)
      assert.truthy(a == "face 4US-1 SE/S" or a == "face 4US-1 S/SW",
        bot .. ": " .. tostring(a) .. ": " .. why)
    end
    g.st:close()
  end)
end)
