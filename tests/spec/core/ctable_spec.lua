-- The C core reads the tables Lua gives it raw and once (issue 31, findings 1 and 2): no
-- metamethod runs while C reads (so no script code, and nothing read can change under C), a
-- list is filled from the same table it was sized from, and every string C keeps is anchored.
-- A movement query, or a list or a mark in it, that has a metatable is refused: a
-- movement.cost handler gets the query itself (docs/move.md "Lua"). Under ASan the two
-- reproductions here are a heap-buffer-overflow and a heap-use-after-free on today's main.
local core = require "volley.core"

local SAMPLE = "tests/data/maps/sample.ini"
local PLAIN = "query has a metatable (a query is plain data)"

local function movement()
  local m = assert(core.map.load(SAMPLE))
  return m, assert(core.move.load(m))
end

-- A table whose __index answers from `fields` (the table itself holds nothing).
local function through_index(fields)
  return setmetatable({}, { __index = fields })
end

describe("a movement query read by C", function()
  local mv
  before_each(function() local _ _, mv = movement() end)

  it("is refused when its __index answers must_stop with lists of different lengths "
     .. "(the heap buffer overflow)", function()
    local calls, many = 0, {}
    for i = 1, 5000 do many[i] = "0808" end
    local q = setmetatable({ class = "inf", ma = 3 }, { __index = function(_, k)
      if k ~= "must_stop" then return nil end
      calls = calls + 1
      return calls % 2 == 1 and {} or many
    end })
    assert.has_error(function() mv:reach("0808", q) end, PLAIN)
    assert.has_error(function() mv:reach_places("0808", q) end, PLAIN)
    assert.has_error(function() mv:path("0808", "0708", q) end, PLAIN)
    assert.has_error(function() mv:validate("0808", { "0708" }, q) end, PLAIN)
    assert.has_error(function() mv:step("0808", "0708", q) end, PLAIN)
    assert.are.equal(0, calls)                      -- C never ran the script's __index
  end)

  it("is refused when its __index answers max_step_why with a string no table holds "
     .. "(the use after free)", function()
    local n = 0
    local q = setmetatable({ class = "art", max_step = 1 }, { __index = function(_, k)
      n = n + 1
      if k == "max_step_why" then return ("in square " .. n):rep(10) end
      collectgarbage("collect")                     -- what the string was freed by
      return nil
    end })
    assert.has_error(function() mv:validate("0808", { "0908", "0909" }, q) end, PLAIN)
    assert.are.equal(0, n)
  end)

  it("refuses a list or a mark that has a metatable, naming it", function()
    local cases = {
      { { prohibited = setmetatable({ { at = "0908" } }, { __mode = "v" }) },
        "query: prohibited has a metatable (a query is plain data)" },
      { { extra = setmetatable({}, { __len = function() return 2 ^ 31 end,
                                     __index = function() return { at = "0908", cost = 1 } end }) },
        "query: extra has a metatable (a query is plain data)" },
      { { must_stop = { "0608", setmetatable({ at = "0608" }, { __index = { why = "x" } }) } },
        "must_stop[2]: the mark has a metatable (a query is plain data)" },
      { { no_road = { { at = through_index({ q = 8, r = 4 }) } } },
        "no_road[1]: at has a metatable (a query is plain data)" },
      { { roads = setmetatable({}, { __index = { "trail" } }) },
        "query: roads has a metatable (a query is plain data)" },
    }
    for _, c in ipairs(cases) do
      c[1].class = "inf"
      assert.has_error(function() mv:reach("0808", c[1]) end, c[2])
    end
  end)

  it("reads the same query without metatables as before (the positive control)", function()
    local q = { class = "inf", ma = 3,
                must_stop = { { at = "0608", why = ("enemy front hex "):rep(3) } },
                prohibited = { { at = "0907", why = "enemy unit", rule = "[rr 5.28]" } } }
    assert.are.same({ "0708", "0609", "0508" }, mv:reach("0808", q):path_to("0508"))
    assert.are.same({ false, "0808 -> 0907: prohibited (enemy unit) [rr 5.28]", 1 },
                    { mv:validate("0808", { "0907" }, q) })
  end)
end)

describe("the C core reads a table's fields raw", function()
  it("takes no hex value's q and r from __index", function()
    local _, mv = movement()
    assert.has_error(function() core.hex.distance(through_index({ q = 0, r = 0 }), "0101") end,
      "bad argument #1 to 'distance' (hex value {q=, r=} needs integer q and r)")
    assert.has_error(function() mv:reach(through_index({ q = 8, r = 4 }), { class = "inf" }) end,
      "bad argument #1 to 'reach' (hex value {q=, r=} needs integer q and r)")
  end)

  it("takes no location of the store from __index", function()
    local m = assert(core.map.load(SAMPLE))
    local st = assert(core.state.new{ schema = "charts/rough_and_ready/units.ini",
                                      oob = "tests/data/oob/rough_and_ready.ini", map = m })
    local ok, msg = pcall(st.place, st, "5US-1", through_index({ space = "saltillo/G" }))
    assert.is_false(ok)
    assert.matches("a list of 1 to 3 hexes expected", msg, 1, true)
    assert.are.same({ "none" }, { st:where("5US-1") })
  end)

  it("takes no option of hex.grid from __index", function()
    assert.are.equal("volley.grid(flat-top, odd-columns-down, 2 digits)",
                     tostring(core.hex.grid(through_index({ layout = "pointy-top" }))))
  end)

  it("takes no field of a chart pick from __index", function()
    local set = core.chart.new()
    assert(set:load_string("[t]\ntitle = t\nsource = [x 1]\ndie = d6\nresults = r\n"
      .. "1-6 = a\n", "mem.ini", "battle"))
    assert.is_not_nil(set:lookup("t", { roll = 3 }))
    assert.is_nil(set:lookup("t", through_index({ roll = 3 })))
  end)
end)

describe("game.vars copying a table in", function()
  -- The collector as busy as it gets: a cycle after each cycle, much work per step.
  local function busy_collector()
    if _VERSION == "Lua 5.4" then
      collectgarbage("incremental", 0, 1000, 0)
      return function() collectgarbage("incremental", 200, 100, 13) end
    end
    local pause, mul = collectgarbage("setpause", 0), collectgarbage("setstepmul", 1000)
    return function() collectgarbage("setpause", pause) collectgarbage("setstepmul", mul) end
  end

  it("reads a weak table as it is when it is written, whenever the collector runs", function()
    -- the values are garbage: which entries the copy gets depends on when the collector
    -- runs (docs/modding.md: weak tables break determinism), but C reads the table as it is
    -- at that moment, never an entry half gone ("the state cannot hold a nil")
    local st = assert(core.state.new{ schema = "charts/rough_and_ready/units.ini",
                                      oob = "tests/data/oob/rough_and_ready.ini" })
    local vars = st:vars()
    local restore = busy_collector()
    local ok, err = pcall(function()
      for _ = 1, 20 do
        local t = setmetatable({}, { __mode = "v" })
        for i = 1, 200 do t[("k"):rep(50) .. i] = { i } end   -- long keys: reads allocate
        vars.x = t
        assert.is_true(#vars:keys("x") <= 200)
      end
    end)
    restore()
    assert(ok, err)
  end)
end)
