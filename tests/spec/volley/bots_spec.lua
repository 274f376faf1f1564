-- volley.bots: loading bots, and the random bot's per-decision generator.
local bots = require "volley.bots"
local core = require "volley.core"

local request = { kind = "move", prompt = "?", rule = "[demo 4.2]",
                  options = { "a", "b", "c", "d", "e", "f", "g" } }

describe("volley.bots", function()
  it("refuses an unknown bot, listing the known ones", function()
    assert.has_error(function() bots.load("clever") end, "unknown bot 'clever' (known: first, random, search, smart)")
  end)

  it("gives the first legal answer with the first bot", function()
    assert.are.equal("a", bots.load("first").answer(nil, request, {}))
  end)

  describe("random", function()
    local random = bots.load("random")
    local function pick(seed, side, n)
      return random.answer(nil, request, { seed = seed, side = side, name = "random", decision = n })
    end

    it("answers the same for the same seed, side, name and decision, on both VMs", function()
      local got = {}
      for n = 1, 12 do got[n] = pick(3, "A", n) end
      -- pinned: the same picks under Lua 5.4 and LuaJIT
      assert.are.equal("aedaccdgfcgd", table.concat(got))
      assert.are.equal(pick(3, "A", 5), pick(3, "A", 5))
    end)

    it("draws other answers for another side or seed", function()
      local a, b, c = {}, {}, {}
      for n = 1, 12 do a[n], b[n], c[n] = pick(3, "A", n), pick(3, "B", n), pick(4, "A", n) end
      assert.are_not.equal(table.concat(a), table.concat(b))
      assert.are_not.equal(table.concat(a), table.concat(c))
    end)

    it("draws every legal answer about equally often", function()
      local count = {}
      for n = 1, 7000 do
        local p = pick(11, "B", n)
        count[p] = (count[p] or 0) + 1
      end
      for _, o in ipairs(request.options) do
        assert.is_true(count[o] > 850 and count[o] < 1150, o .. ": " .. tostring(count[o]))
      end
    end)

    it("derives seeds below 2^53", function()
      local s = core.dice.bot_seed(2 ^ 53 - 1, "MEX", "random", 1000000)
      assert.is_true(s >= 0 and s < 2 ^ 53)
    end)
  end)
end)
