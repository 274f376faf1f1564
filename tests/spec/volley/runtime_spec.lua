-- require "volley": the runtime loads on this VM on top of volley.core.
describe("require 'volley'", function()
  it("loads the runtime and exposes volley.core", function()
    local volley = require "volley"
    assert.are.equal(require "volley.core", volley.core)
    assert.are.equal(volley.core.version, volley.version)
  end)

  it("knows which VM it runs on", function()
    local compat = require "volley.compat"
    assert.are.equal(rawget(_G, "jit") ~= nil, compat.jit)
    assert.are.equal(3, compat.tointeger(3.0))
    assert.is_nil(compat.tointeger(2.5))
    assert.are.same({1, 2}, {compat.unpack({1, 2})})
  end)
end)
