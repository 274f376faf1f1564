-- volley.sim: game seeds, shards, the Wilson intervals, the summary and its JSON line.
-- (tests/shell/sim.sh drives whole runs, merges and replays through the program.)
local core = require "volley.core"
local sim = require "volley.sim"

describe("volley.sim", function()
  describe("game seeds", function()
    it("are SplitMix64(S + i) >> 11, the same on both VMs", function()
      -- SplitMix64's published first outputs from 0 and from 1 (docs/dice.md), shifted by 11
      assert.are.equal(7956156453446585, core.dice.sim_seed(0, 0))     -- 0xe220a8397b1dcdaf
      assert.are.equal(5103132997656651, core.dice.sim_seed(1, 0))     -- 0x910a2dec89025cc1
      assert.are.equal(5103132997656651, core.dice.sim_seed(0, 1))
      assert.are.equal(3511274219185729, sim.seed_of(7, 0))
      assert.are.equal(6146177117965836, sim.seed_of(7, 2))
    end)

    it("stay below 2^53 for the largest run seed", function()
      local s = core.dice.sim_seed(2 ^ 53 - 1, 2 ^ 53 - 1)
      assert.is_true(s >= 0 and s < 2 ^ 53)
    end)

    it("refuse a seed or a game number out of range", function()
      assert.has_error(function() core.dice.sim_seed(-1, 0) end,
        "bad argument #1 to 'sim_seed' (seed must be an integer from 0 to 2^53 - 1)")
      assert.has_error(function() core.dice.sim_seed(0, -1) end,
        "bad argument #2 to 'sim_seed' (game numbers run from 0 to 2^53 - 1)")
    end)
  end)

  describe("shards", function()
    it("take the games i with i % n == k - 1", function()
      assert.are.same({ 0, 3, 6, 9 }, sim.games_of(10, 1, 3))
      assert.are.same({ 1, 4, 7 }, sim.games_of(10, 2, 3))
      assert.are.same({ 2, 5, 8 }, sim.games_of(10, 3, 3))
      assert.are.same({}, sim.games_of(1, 2, 2))
      assert.are.same({ 0, 1, 2 }, sim.games_of(3, 1, 1))
    end)
  end)

  describe("Wilson intervals", function()
    local function rounded(lo, hi)
      return { math.floor(lo * 1e6 + 0.5) / 1e6, math.floor(hi * 1e6 + 0.5) / 1e6 }
    end

    it("match the textbook values at z = 1.96", function()
      assert.are.same({ 0.008881, 0.236136 }, rounded(sim.wilson(1, 20)))
      assert.are.same({ 0.23659, 0.76341 }, rounded(sim.wilson(5, 10)))
      assert.are.same({ 0.348942, 0.484262 }, rounded(sim.wilson(83, 200)))
    end)

    it("stay within [0, 1] at the ends", function()
      assert.are.same({ 0, 0.27754 }, rounded(sim.wilson(0, 10)))
      assert.are.same({ 0.72246, 1 }, rounded(sim.wilson(10, 10)))
    end)

    it("are [0, 1] for no games", function()
      assert.are.same({ 0, 1 }, { sim.wilson(0, 0) })
    end)
  end)

  describe("summary", function()
    local run = { seed = 9, shard = "1/1", sides = { "US", "MEX" }, max_decisions = 50,
                  seconds = 2 }
    local games = {
      { winner = "MEX", reason = "rout", decisions = 38 },
      { winner = nil, reason = "capped", decisions = 50 },
      { winner = nil, reason = "last turn", draw = true, decisions = 40 },
      { winner = "MEX", reason = "rout", decisions = 32 },
    }

    it("counts wins, draws and capped games that add up to the games", function()
      local s = sim.summary(run, games)
      assert.are.equal(4, s.games)
      assert.are.equal(3, s.finished)
      assert.are.equal(1, s.capped)
      assert.are.equal(1, s.draws)
      assert.are.same({ "US", "MEX" }, { s.sides[1].id, s.sides[2].id })
      assert.are.same({ 0, 2 }, { s.sides[1].wins, s.sides[2].wins })
      assert.are.equal(0.5, s.sides[2].rate)
    end)

    it("gives the decisions' mean, sample sd and rate", function()
      local s = sim.summary(run, { { reason = "x", decisions = 38 }, { reason = "x", decisions = 40 },
                                   { reason = "x", decisions = 42 } })
      assert.are.same({ mean = 40, sd = 2 }, s.decisions)
      assert.are.equal(60, s.decisions_per_s)
    end)

    it("lists every side with zeros when there are no games", function()
      local s = sim.summary(run, {})
      assert.are.equal('{"event":"sim_summary","v":1,"seed":9,"shard":"1/1","games":0,'
        .. '"finished":0,"capped":0,"max_decisions":50,"sides":{"US":{"wins":0,"rate":0,'
        .. '"ci95":[0,1]},"MEX":{"wins":0,"rate":0,"ci95":[0,1]}},"draws":0,'
        .. '"decisions":{"mean":0,"sd":0},"decisions_per_s":0}', sim.encode_summary(s))
    end)

    it("writes the line in DESIGN's key order with the sides in side order", function()
      assert.are.equal('{"event":"sim_summary","v":1,"seed":9,"shard":"1/1","games":4,'
        .. '"finished":3,"capped":1,"max_decisions":50,"sides":{"US":{"wins":0,"rate":0,'
        .. '"ci95":[0,0.4899]},"MEX":{"wins":2,"rate":0.5,"ci95":[0.150036,0.849964]}},'
        .. '"draws":1,"decisions":{"mean":40,"sd":7.483315},"decisions_per_s":80}',
        sim.encode_summary(sim.summary(run, games)))
    end)

    it("refuses a winner that is no side", function()
      local s, err = sim.summary(run, { { winner = "UN", reason = "x", decisions = 1 } })
      assert.is_nil(s)
      assert.are.equal("the winner 'UN' is no side", err)
    end)

    it("writes seeds up to 2^53 - 1 in full", function()
      local s = sim.summary({ seed = 2 ^ 53 - 1, shard = "2/3", sides = { "A" },
                              max_decisions = 1 }, {})
      assert.truthy(sim.encode_summary(s):find('"seed":9007199254740991,"shard":"2/3"', 1, true))
    end)
  end)

  describe("parse", function()
    local function status(args)
      local real = io.stderr
      io.stderr = { write = function() end }   -- luacheck: ignore
      local o, st = sim.parse(args)
      io.stderr = real                          -- luacheck: ignore
      return o, st
    end

    it("reads a run's options, shard 1/1 by default", function()
      local o = status{ "tests/data/demo", "--games", "5", "--bots", "random,first", "--json" }
      assert.are.equal("tests/data/demo", o.target)
      assert.are.equal(5, o.games)
      assert.are.same({ "random", "first" }, o.bot_list)
      assert.are.same({ 1, 1 }, o.shard)
      assert.is_true(o.json)
    end)

    it("reads a merge", function()
      local o = status{ "--merge", "a.jsonl", "b.jsonl" }
      assert.is_true(o.merge)
      assert.are.same({ "a.jsonl", "b.jsonl" }, o.files)
    end)

    it("gives usage (2) for what it cannot take", function()
      local bad = {
        { "tests/data/demo" },
        { "--games", "3" },
        { "tests/data/demo", "--games", "0" },
        { "tests/data/demo", "--games", "3", "--shard", "1/2" },
        { "tests/data/demo", "--games", "3", "--seed", "1", "--shard", "3/2" },
        { "tests/data/demo", "--games", "3", "--bots", "random", "--bot", "A=first" },
        { "tests/data/demo", "--games", "3", "--bots", "random,,first" },
        { "--merge", "a.jsonl", "--games", "3" },
        { "--merge" },
        { "tests/data/demo", "--games", "3", "--frobnicate" },
      }
      for _, args in ipairs(bad) do
        local o, st = status(args)
        assert.is_nil(o, table.concat(args, " "))
        assert.are.equal(2, st, table.concat(args, " "))
      end
    end)
  end)
end)
