--- JSON's direct path for flat events (volley.json `encode`, issue #38 point 4): an event of
-- plain keys and values is written without dkjson, and must be the very bytes the general path
-- (`encode_general`: the exact copy, then dkjson with the sorted key order) writes. Checked on
-- chosen edge cases, on random events, and on every line of a `volley play --json` game of
-- Palo Alto with two random bots (docs/performance.md).

local json = require "volley.json"

local function same(t)
  assert.equal(json.encode_general(t), json.encode(t))
end

describe("volley.json: flat events written directly", function()
  it("writes what dkjson writes, edge cases", function()
    same{ event = "answer", v = 1, decision = 12, side = "US", kind = "move",
          value = "4US-1 0303", by = "bot" }
    same{ event = "checkpoint", v = 1, state_hash = "e4ec18977158266a", rolls = 0 }
    same{ event = "x", v = 1, yes = true, no = false, neg = -3, zero = 0, float = 2.5 }
    same{ event = "x", v = 1, big = 123456789012345, huge = 1e300, nan = 0 / 0,
          inf = math.huge, minus = -math.huge, neg_big = -99999999999999 }
    same{ event = "x", v = 1, quote = 'say "hi"', back = "a\\b", ctl = "a\nb\tc\1",
          del = "a\127", utf = "caf\195\169", bad = "a\255b", sep = "\226\128\168" }
    same{ event = "request", v = 1, options = { "4US-1 0303", "done" } }
    same{ event = "request", v = 1, options = {} }
    same{ event = "request", v = 1, options = { true, false } }
    same{ event = "request", v = 1, options = { 'a"b', "c" } }
    same{ event = "request", v = 1, options = { "a", 2 } }
    same{ event = "x", v = 1, nested = { a = 1, b = { "c" } } }
    same{ event = "x", v = 1, null = json.null }
    same{ ["odd key"] = 1, ['q"k'] = 2, ["\1"] = 3, [1] = "first" }
    same{}
    same{ 1, 2, 3 }
    same{ v = 1 }
    same{ event = "only" }
    same(setmetatable({ event = "x" }, { __jsontype = "object" }))
  end)

  it("writes what dkjson writes, random events", function()
    local pieces = { "a", "US", "4US-1 0303", "", " ", "~", 'q"', "b\\", "\n", "\195\169",
                     "\255", "N/NE", "[x 5.11]" }
    local seed = 38
    local function rnd(n)                 -- a small LCG: the same events every run
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed % n + 1
    end
    local function value()
      local k = rnd(9)
      if k == 1 then return pieces[rnd(#pieces)] .. pieces[rnd(#pieces)] end
      if k == 2 then return rnd(1000) - 500 end
      if k == 3 then return rnd(2) == 1 end
      if k == 4 then return (rnd(1000) - 500) / 8 end
      if k == 5 then
        local list = {}
        for i = 1, rnd(5) - 1 do list[i] = pieces[rnd(#pieces)] end
        return list
      end
      if k == 6 then return { turn = rnd(9), text = pieces[rnd(#pieces)] } end
      if k == 7 then return 1e14 + rnd(100) end
      return pieces[rnd(3)]
    end
    for _ = 1, 2000 do
      local t = { event = "e" .. rnd(4), v = 1 }
      for _ = 1, rnd(6) do t[pieces[rnd(#pieces)] .. rnd(3)] = value() end
      same(t)
    end
  end)

  it("writes every line of a volley play --json game as the general path does", function()
    local general, n = json.encode_general, 0
    local encode = json.encode
    json.encode = function(t)                    -- luacheck: ignore (the check, then restored)
      local a = encode(t)
      assert.equal(general(t), a)
      n = n + 1
      return a
    end
    local real = io.stdout
    local sink = assert(io.open("/dev/null", "w"))
    io.output(sink)
    io.stdout = sink                            -- luacheck: ignore (the events thrown away)
    local ok, status = pcall(require("volley.play").main, { "rough-and-ready/palo-alto",
      "--seed", "5", "--bot", "US=random", "--bot", "MEX=random", "--max-decisions", "150",
      "--json", "--no-autosave" }, {})
    io.stdout = real                            -- luacheck: ignore
    io.output(real)
    sink:close()
    json.encode = encode                        -- luacheck: ignore
    assert(ok, status)
    assert.equal(0, status)
    assert.is_true(n > 300)
  end)
end)
