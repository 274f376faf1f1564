-- SPI GBACW's Terrain Effects on Movement Chart (charts/spi_gbacw/movement.ini) on the game's
-- map: the printed Line infantry row through real steps (volley.core.move), the golden
-- T-5.19, the crest of T-22.1 in movement, the bridge and the ford. Costs are in half MPs
-- (the table's scale 2).
local core = require "volley.core"

local MAP = "scenarios/jackson-at-the-crossroads/map.ini"
local m = assert(core.map.load(MAP))
local mv = assert(core.move.load(m))
local grid = core.hex.grid{ layout = "flat-top", parity = "even-columns-down" }

local function level(h) return (m:elevation(h)) end
local function has(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-- a pair of neighbours across a hexside with `feature` (or none), the second of terrain `t`,
-- both at one level
local function find(feature, t)
  for _, h in ipairs(m:hexes()) do
    for _, n in ipairs(grid:neighbors(h)) do
      if m:terrain(n) == t and level(n) == level(h) then
        local f, roads = m:hexside(h, n)
        if #roads == 0 and ((feature and has(f, feature) and #f == 1) or (not feature and #f == 0)) then
          return h, n
        end
      end
    end
  end
end

describe("the Terrain Effects on Movement Chart [spi_gbacw 5.19]", function()
  it("has Line infantry's printed row: clear 1, woods 2, stream +1, river prohibited", function()
    local c = mv:costs("inf")
    assert.are.equal(2, mv:info().scale)
    assert.are.equal(2, c.hex.c.cost)
    assert.are.equal(4, c.hex.w.cost)
    assert.are.equal(2, c.hexside.stream.cost)
    assert.is_true(c.hexside.river.na)
    assert.are.equal(2, c.up.cost)                 -- up crest +1
    assert.are.equal(0, c.down.cost)               -- down crest: nothing
    assert.are.equal(2, c.hexside.steep.cost)      -- steep: up +2, down +1 with the crest's
  end)

  it("T-5.19: Line infantry into woods across a stream pays 2 + 1 = 3 MP", function()
    local from, to = find("stream", "w")
    assert.truthy(from, "a stream hexside into woods on the map")
    assert.are.equal(6, (mv:step(from, to, { class = "inf" })))
    local a, b = find(nil, "w")
    assert.are.equal(4, (mv:step(a, b, { class = "inf" })))
  end)

  it("T-22.1: from 1813 Line infantry pays the crest to 1812, nothing to 1713 (JC 22.1)",
    function()
    local up = mv:step("1813", "1812", { class = "inf" })
    local level_move = mv:step("1813", "1713", { class = "inf" })
    local plain = mv:costs("inf").hex[m:terrain("1812")].cost
    assert.are.equal(plain + 2, up)
    assert.are.equal(mv:costs("inf").hex[m:terrain("1713")].cost, level_move)
  end)

  it("lets only a column of infantry over the North River Bridge, at no extra cost "
    .. "(JC 22.6)", function()
    assert.is_false((mv:step("0941", "1040", { class = "inf" })))
    local col = mv:step("0941", "1040", { class = "inf", mode = "column", roads = {} })
    assert.are.equal(mv:costs("inf", "column").hex[m:terrain("1040")].cost, col)
    -- a column on the road pays the road's half MP
    local road = mv:step("0941", "1040", { class = "inf", mode = "column" })
    assert.are.equal(1, road)
    assert.is_false((mv:step("0940", "0941", { class = "inf" })))   -- the North River
  end)

  it("charges a leader 5 MP at a ford (JC 22.51)", function()
    local cost = mv:step("0942", "1042", { class = "ldr", roads = {} })
    assert.are.equal(10 + mv:costs("ldr").hex[m:terrain("1042")].cost, cost)
  end)
end)
