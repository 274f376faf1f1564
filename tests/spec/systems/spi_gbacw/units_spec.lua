-- SPI GBACW's unit schema (charts/spi_gbacw/units.ini) and line of sight heights
-- (charts/spi_gbacw/los.ini): the counter fields, the markers, the facing models and the
-- heights, read through the game's store as the rules will read them.
local game = require "volley.game"

local g = game.open("jackson-at-the-crossroads/cross-keys")
g:setup_defaults()
local s = g.store

describe("the counters of Jackson at the Crossroads", function()
  it("carry the fields of the sample units [spi_gbacw 3.3] [spi_gbacw 3.31]", function()
    local fields = {}
    for _, f in ipairs(s:fields("unit")) do fields[type(f) == "table" and f.name or f] = true end
    for _, f in ipairs{ "morale", "morale_dismounted", "strength", "weapon", "ma", "ma_column",
                        "ma_dismounted", "independent", "divisional", "battery", "section",
                        "small_arms_boxes", "artillery_boxes" } do
      assert.is_true(fields[f], f)
    end
    local lf = {}
    for _, f in ipairs(s:fields("leader")) do lf[type(f) == "table" and f.name or f] = true end
    for _, f in ipairs{ "effectiveness_radius", "rally", "integrity_radius", "command_points",
                        "rank", "replacement", "succession", "bce_limit", "bce_boxes",
                        "momentum_points", "vp_morale" } do
      assert.is_true(lf[f], f)
    end
  end)

  it("carry a weapon type the Range Effects Chart knows [spi_gbacw 3.34]", function()
    local charts = require "volley.charts"
    local c = assert(charts.load("spi_gbacw"))
    for _, u in ipairs(s:units{}) do
      local w = s:unit(u).kind ~= "leader" and s:get(u, "weapon") or ""
      if w ~= "" then
        assert.truthy(c:lookup("range_effects", { header = w, value = 1 }), u .. " " .. w)
      end
    end
  end)

  it("have the exclusive markers [spi_gbacw JC 20.1] [spi_gbacw JC 20.4]", function()
    local function mark(u, m, n)
      s:set_marker(u, m, n)
      assert.are.equal(n, tonumber(s:marker(u, m)) or (s:marker(u, m) and 1 or 0), u .. " " .. m)
    end
    mark("Milroy", "orders", 1)                                   -- Under Orders
    mark("Milroy", "orders", 2)                                   -- Withdrawn
    mark("Schenck", "initiative", 1)                              -- Independent Attack
    mark("Schenck", "initiative", 2)                              -- Recalled
    mark("Fremont", "momentum", -3)
    mark("Lusk-A", "crew", 1)                                     -- lettered: A
    for _, m in ipairs{ "column", "limbered", "dismounted", "pinned", "routed", "engaged",
                        "ammo_depleted", "abandoned" } do
      mark("Lusk-B", m, 1)
    end
    assert.is_falsy((pcall(s.set_marker, s, "Fremont", "momentum", 11)))
  end)

  it("stand 5 ft high on foot, 20 ft a map level [spi_gbacw 9.72]", function()
    local core = require "volley.core"
    local p = assert(core.los.new(g.map)):policy()
    assert.are.equal(5, p.eye)
    assert.are.equal(20, p.level)
    assert.are.equal(5, p.units.height)
  end)
end)

describe("the summaries at the prompt (scripts/systems/spi_gbacw/rules.ini)", function()
  local index = require "volley.rules_index"
  it("answer a Standard Rules case, an exclusive case and an addendum", function()
    for _, case in ipairs{ { "9.73" }, { "JC", "30.42" }, { "ADD", "11.23" } } do
      local lines = assert(index.lookup("spi_gbacw", case))
      assert.truthy(lines[1]:find("[spi_gbacw " .. table.concat(case, " ") .. "]", 1, true),
        lines[1])
    end
    local lines = assert(index.lookup("spi_gbacw", { "JC", "33.21" }))
    assert.truthy(table.concat(lines, "\n"):find("cross%-keys/scenario%.ini"))
  end)
end)
