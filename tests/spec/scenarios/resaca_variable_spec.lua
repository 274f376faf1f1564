-- Resaca de la Palma's variable deployment (scenarios/rough-and-ready/resaca-de-la-palma/
-- variable.ini and variable.lua) [rough_and_ready RP Variable Deployment]: the US writes down
-- its entry hex in secret before the Mexicans set up (a secret request at `setup.start`),
-- the whole army enters at the opening by that hex, 4126 or 4408 (ruling A34), and the
-- road-control Battle Lost points follow the entry [rough_and_ready RP 8.0]: from 5814 by
-- 4126, from 5806 by 4408. The scripts load only in an engine-owned state:
-- tests/spec/support/rp_variable.lua runs each case there. The Mexican set-up at the
-- prompt is tests/shell/resaca_variable.sh's, the Mexican view
-- resaca_variable_view_spec.lua's.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("rp_variable", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("[rough_and_ready RP Variable Deployment] the US entry", function()
  -- [rough_and_ready RP-Var1] [rough_and_ready RP-Var2]
  it("is written down in secret before the Mexicans set up", function()
    local r = call("entry", "4408", "5808")
    assert.are.same({ "US", "MEX" }, r.order)       -- the US once, first; then every MEX line
    assert.are.same({ "US entry: 4126 4408 secret entry_army" }, r.requests)
    assert.are.same({ "4408", false }, r.before)    -- kept secret through the Mexican set-up
    assert.are.equal("none", r.before_hex)          -- the army not on the map yet
    assert.are.same({ "4408", true }, r.after)      -- revealed by the arrival
    assert.are.equal("ran on", r.stopped)
  end)

  it("by 4408: the whole army there, and a US unit on 5808 (the east road) scores 2 BL",
    function()
    local r = call("entry", "4408", "5808")
    assert.are.same({ "hex 4408", "hex 4408", "hex 4408", "hex 4408" }, r.at)
    assert.are.equal("4408", r.flag)
    assert.are.equal(2, r.road)
  end)

  it("by 4126: the army there, and 5808 is not the road that counts (5814 is)", function()
    local r = call("entry", "4126", "5808")
    assert.are.same({ "hex 4126", "hex 4126", "hex 4126", "hex 4126" }, r.at)
    assert.are.equal("4126", r.flag)
    assert.are.equal(0, r.road)
    assert.are.equal(2, call("entry", "4126", "5814").road)
  end)
end)
