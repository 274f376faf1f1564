-- Rough & Ready's components and terms [rough_and_ready 2.1-2.5] as the system reads them:
-- the hex grid of a battle's map, the three kinds of counter, what a combat counter and a
-- leader carry, the markers, Adjusted Morale; and two errata that only name things: the
-- howitzer's "H" [rough_and_ready E13]. Palo Alto's order of battle and the fixture
-- (tests/data/rr), dice forced where a roll is made.
local game = require "volley.game"
local f = require "support.rr_fire"
local rr = require "support.rr"
local hits = require "systems.rough_and_ready.hits"
local facing = require "systems.rough_and_ready.facing"
local artillery = require "systems.rough_and_ready.artillery"

local function palo_alto()
  local g = game.open("rough-and-ready/palo-alto")
  g:setup_defaults()
  return g
end

describe("[rough_and_ready 2.1] the map", function()
  it("is a hex grid: Palo Alto's 40 columns by 28 rows, six neighbours a hex inside it",
    function()
    local g = palo_alto()
    assert.are.equal(40 * 28, #g.map:hexes())
    local grid = facing.grid(g)
    local n = grid:neighbors("3016")
    table.sort(n)
    assert.are.same({ "2915", "2916", "3015", "3017", "3115", "3116" }, n)
    for _, h in ipairs(n) do assert.are.equal(1, grid:distance("3016", h)) end
    assert.are.equal(16, grid:distance("3016", "1416"))
  end)
end)

describe("[rough_and_ready 2.2] the counters", function()
  it("are combat units, leaders (and the wagons of 7.0); status is kept by markers", function()
    local g = palo_alto()
    local kinds = {}
    for _, u in ipairs(g.store:units{}) do
      local t = g.store:unit(u).type
      kinds[t] = (kinds[t] or 0) + 1
    end
    assert.are.same({ infantry = 24, cavalry = 12, artillery = 12, leader = 9, wagon = 3 },
      kinds)
  end)
end)

describe("[rough_and_ready 2.21] a combat counter", function()
  it("carries its command, type, Morale, MA and maybe a Lancer L or an independent rating; "
    .. "infantry and cavalry have a lower reverse Morale, artillery none", function()
    local g = palo_alto()
    local u = g.store:unit("5US-1")
    assert.are.same({ "twiggs", "infantry", 6, 3, 5, false, -1 },
      { u.command, u.type, g.store:get("5US-1", "morale"), g.store:get("5US-1", "morale_reverse"),
        g.store:get("5US-1", "ma"), g.store:get("5US-1", "lancer"),
        g.store:get("5US-1", "independent") })
    -- the Villas del Norte: independent, no command (PA set-up note b)
    assert.is_nil(g.store:unit("Villas-1").command)
    assert.are.equal(2, g.store:get("Villas-1", "independent"))
    -- a gun has no reverse side
    assert.are.equal(0, g.store:get("C3US-1", "morale_reverse"))
    for _, id in ipairs(g.store:units{}) do
      local t = g.store:unit(id).type
      if t == "infantry" or t == "cavalry" then
        assert.is_true(g.store:get(id, "morale_reverse") < g.store:get(id, "morale"), id)
      end
    end
  end)
end)

describe("[rough_and_ready 2.22] a leader", function()
  it("carries his MA, Activation Rating and Command Range: Garland 5 as printed", function()
    local g = palo_alto()
    assert.are.same({ 8, 5, 4 }, { g.store:get("Garland", "ma"),
      g.store:get("Garland", "activation"), g.store:get("Garland", "command_range") })
  end)
end)

describe("[rough_and_ready 2.23] [rough_and_ready 2.5] markers and Adjusted Morale", function()
  it("a Hit is a marker under the unit, Disorder one on top; Adjusted Morale is Morale less "
    .. "Hits", function()
    local g = f.fixture({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
    assert.are.same({ 0, 6 }, { g.store:marker("4US-1", "hits"), hits.adjusted_morale(g, "4US-1") })
    hits.hit(g, "4US-1", "test")
    hits.hit(g, "4US-1", "test")
    assert.are.same({ 2, 4 }, { g.store:marker("4US-1", "hits"), hits.adjusted_morale(g, "4US-1") })
    assert.is_false(hits.disordered(g, "4US-1"))
    hits.disorder(g, "4US-1", "test")
    assert.are.same({ 1, true }, { g.store:marker("4US-1", "disordered"),
                                   hits.disordered(g, "4US-1") })
  end)
end)

describe("[rough_and_ready E13] a gun marked H", function()
  it("is the 12 lb Howitzer: +2 at 1-3, 0 at 4-7, -2 at 8-11, out of range at 12", function()
    -- no battle built yet fields a howitzer, and a gun's type is read-only in play: the
    -- fixture's C3US is read through a store that shows it as an H
    local real = rr.open()
    local store = { get = function(_, u, k)
      if k == "gun" then return "H" end
      return real.store:get(u, k)
    end }
    local g = setmetatable({ store = store }, { __index = real })
    assert.are.equal("12_lb_howitzer", artillery.header(g, "C3US"))
    local got = {}
    for _, r in ipairs({ 1, 3, 4, 7, 8, 11 }) do got[#got + 1] = artillery.gun_range_drm(g, "C3US", r) end
    assert.are.same({ 2, 2, 0, 0, -2, -2 }, got)
    assert.is_nil(artillery.gun_range_drm(g, "C3US", 12))
    assert.are.equal(11, artillery.max_range(g, "C3US"))
  end)
end)
