--- A request's lazy form (volley.ask: `count`, `at`, `has` for a rule system's request with
-- many answers, docs/runtime.md "Requests"): the answers counted, taken by index and checked
-- directly without forming the list, the list formed only when something shows them all;
-- a host handed the count (`volley.host.listing("count")`, as `volley sim` is) fetches the
-- answer its bot picks, and the random bot picks the same answer as from the list.

local ask = require "volley.ask"
local replay = require "volley.replay"
local bots = require "volley.bots"
local demo = require "support.demo_games"

-- A lazy request over `list`, counting the calls of `at` and whether `has` was used.
local function lazy(list, extra)
  local calls = { at = 0, has = 0 }
  local set = {}
  for _, v in ipairs(list) do set[v] = true end
  local r = { kind = "move", prompt = "move", rule = "[test 1.1]",
              count = function() return #list end,
              at = function(i) calls.at = calls.at + 1 return list[i] end,
              has = function(a) calls.has = calls.has + 1 return set[a] == true end }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r, calls
end

local MOVES = { "A 0101", "A 0102", "B+C 0203", "B 0301", "done" }

describe("a request's lazy form (#38)", function()
  it("counts, gives by index and checks an answer without forming the list", function()
    local r, calls = lazy(MOVES)
    ask.check_request(r)
    assert.equal(5, ask.count(r))
    assert.equal("B 0301", ask.at(r, 4))
    assert.is_nil(ask.at(r, 6))
    assert.equal(1, calls.at)
    assert.same({ true, "A 0102" }, { ask.check(r, "A 0102") })
    assert.equal(1, calls.at)                 -- the direct check formed nothing
    assert.is_true(calls.has > 0)
    assert.is_true(ask.has(r, "done"))
    assert.is_false(ask.has(r, "A 0303"))
    -- units joined in another order: the list is formed to find the one it means
    assert.same({ true, "B+C 0203" }, { ask.check(r, "C+B 0203") })
    -- a refusal names the legal answers when they are few
    local ok, why = ask.check(r, "A 0909")
    assert.is_false(ok)
    assert.equal("'A 0909' is not a legal answer to move (legal: A 0101, A 0102, B+C 0203, "
      .. "B 0301, done) [test 1.1]", why)
    assert.same(MOVES, ask.legal(r))
  end)

  it("gives the default, the only answer and a canonical answer as the listed form does", function()
    local r = lazy(MOVES, { default = "done",
                            canonical = function(a) return a == "a 0101" and "A 0101" or nil end })
    assert.equal("done", ask.default_answer(r))
    assert.is_nil(ask.only(r))
    assert.same({ true, "A 0101" }, { ask.check(r, "a 0101") })
    assert.equal("A 0101", ask.default_answer(lazy(MOVES, { default = "Z 9999" })))
    assert.equal("done", ask.only(lazy({ "done" })))
  end)

  it("refuses a lazy request given by halves or beside a list", function()
    local r = lazy(MOVES)
    r.has = nil
    assert.has_error(function() ask.check_request(r) end,
      "request 'move': a lazy request gives count, at and has, each a function (has is a nil)")
    r = lazy(MOVES, { options = MOVES })
    assert.has_error(function() ask.check_request(r) end,
      "request 'move': count, at and has stand for options or enumerate, not beside them")
  end)

  it("makes the random bot draw the same answer from a count as from the list", function()
    local bot = bots.load("random")
    for n = 1, 40 do
      local ctx = { side = "A", name = "random", seed = 24, decision = n }
      local listed = bot.answer(nil, { kind = "move", options = MOVES }, ctx)
      local counted = bot.answer(nil, { kind = "move", count = #MOVES,
                                        at = function(i) return MOVES[i] end }, ctx)
      assert.equal(listed, counted)
    end
  end)

  it("hands a counting host the number of answers; it fetches the one it picks", function()
    local g = demo.play{ seed = 1, bots = { A = "charge", B = "charge" } }
    local save = g.journal:save()
    g:close()
    local listed = assert(replay.start{ target = save.scenario, seed = save.seed })
    local _, _, want = listed:resume()
    listed:close()
    local game = assert(replay.start{ target = save.scenario, seed = save.seed })
    assert.is_true((game.st:call("volley.host", "listing", "count")))
    local kind, _, req = game:resume()
    assert.equal("request", kind)
    assert.is_nil(req.options)
    assert.equal(#want.options, req.count)
    assert.equal(want.default, req.default)
    for i, v in ipairs(want.options) do
      assert.same({ true, v }, { game.st:call("volley.host", "at", i) })
    end
    local ok, err = game.st:call("volley.host", "at", #want.options + 1)
    assert.is_false(ok)
    assert.matches("no answer #" .. (#want.options + 1), tostring(err))
    game:close()
  end)
end)

describe("a script's request in the lazy form (#38)", function()
  it("is refused where the script asks, naming it", function()
    local game = assert(replay.start{ target = demo.TARGET, seed = 3,
                                      mods = { "tests/data/mods/evil_lazy.lua" } })
    local kind, err = game:resume()
    game:close()
    assert.equal("error", kind)
    assert.equal("tests/data/mods/evil_lazy.lua:6: volley.ask: request key 'count' is a rule "
      .. "system's (a script gives options or enumerate) (turn.start)", replay.describe(err))
  end)
end)
