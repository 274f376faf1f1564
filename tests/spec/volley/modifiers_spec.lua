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
