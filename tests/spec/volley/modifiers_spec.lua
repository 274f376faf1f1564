-- volley.modifiers: labelled, cited modifiers credited to whoever added them.
local modifiers = require "volley.modifiers"
local hooks = require "volley.hooks"

describe("volley.modifiers", function()
  it("totals the values and keeps label, rule and source", function()
    local mods = modifiers.new()
    mods:add(-1, "range 2", "[rough_and_ready 6.16]")
    mods:add(2, "disordered firer", "[rough_and_ready 6.16]")
    assert.are.equal(1, mods:total())
    assert.are.same({ value = -1, label = "range 2", rule = "[rough_and_ready 6.16]",
                      source = "system" }, mods:list()[1])
  end)

  it("refuses a fractional value, a missing label or rule", function()
    local mods = modifiers.new()
    assert.has_error(function() mods:add(0.5, "half", "[x 1]") end,
      "bad modifier value 0.5 (integer expected)")
    assert.has_error(function() mods:add(1, nil, "[x 1]") end, "modifier without a label")
    assert.has_error(function() mods:add(1, "woods") end, "modifier 'woods' without a rule")
  end)

  it("refuses a value beyond +-1000, an infinity and a non-number, never showing an address",
    function()
    local mods = modifiers.new()
    local cases = { { math.huge, "inf" }, { -math.huge, "-inf" }, { 2 ^ 60, "1.1529215046068e+18" },
                    { -1e300, "-1e+300" }, { 1001, "1001" }, { -1001, "-1001" } }
    for _, c in ipairs(cases) do
      assert.has_error(function() mods:add(c[1], "big", "[x 1]") end,
        "bad modifier value " .. c[2] .. " (an integer from -1000 to 1000 expected)")
    end
    assert.has_error(function() mods:add({}, "t", "[x 1]") end,
      "bad modifier value (a table) (integer expected)")
    assert.has_error(function() mods:add("1", "s", "[x 1]") end,
      "bad modifier value '1' (integer expected)")
    mods:add(1000, "most", "[x 1]")
    mods:add(-1000, "least", "[x 1]")
    assert.are.equal(0, mods:total())
  end)

  it("credits a modify handler's additions to its source", function()
    local reg = hooks.new{ { name = "fire.drm", kinds = { "modify" }, when = "fire DRMs" } }
    reg:set_source("battle")
    reg:on("fire.drm", function(_, m) m:add(1, "smoke", "[demo PA 1.1]") end, { kind = "modify" })
    reg:set_source("mods/house.lua")
    reg:on("fire.drm", function(_, m) m:add(-1, "veterans", "[house 1]") end, { kind = "modify" })
    local mods = modifiers.new()
    mods:add(-1, "range 2", "[demo 6.16]")
    reg:modify("fire.drm", {}, mods)
    mods:add(1, "after the hooks", "[demo 6.17]")
    local sources = {}
    for i, m in ipairs(mods:list()) do sources[i] = m.source end
    assert.are.same({ "system", "battle", "mods/house.lua", "system" }, sources)
    assert.are.equal(0, mods:total())
  end)
end)
