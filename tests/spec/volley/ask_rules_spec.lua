-- volley.ask's request rules kept by the runtime (issue 35 point 5): the one answer a request
-- allows, and the default of every request.
local ask = require "volley.ask"

local function request(extra)
  local r = { kind = "activate", prompt = "Which command activates?",
              options = { "Arista", "Torrejon" }, rule = "[rough_and_ready 3.11]" }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

describe("volley.ask request rules", function()
  describe("only()", function()
    it("gives the one legal answer of a one-option request", function()
      assert.are.equal("Arista", ask.only(request{ options = { "Arista" } }))
      assert.are.equal(false, ask.only(request{ options = { false } }))
    end)
    it("gives nil when there is a choice", function()
      assert.is_nil(ask.only(request()))
    end)
    it("gives nil when validate may accept a typed answer beyond the list", function()
      assert.is_nil(ask.only(request{ options = { "Arista" },
                                      validate = function() return true end }))
    end)
    it("lists an enumerated request to count its answers", function()
      local r = request{ enumerate = function() return { 3015 } end }
      r.options = nil
      assert.are.equal(3015, ask.only(r))
    end)
  end)

  describe("default_answer()", function()
    it("gives the request's default when it is legal", function()
      assert.are.equal("Torrejon", ask.default_answer(request{ default = "Torrejon" }))
    end)
    it("gives the first legal answer when the request names no default", function()
      assert.are.equal("Arista", ask.default_answer(request()))
    end)
    it("gives the first legal answer when the named default is not legal", function()
      assert.are.equal("Arista", ask.default_answer(request{ default = "Ampudia" }))
    end)
    it("gives nil for a request with no legal answer", function()
      assert.is_nil(ask.default_answer(request{ options = {} }))
    end)
  end)
end)

describe("volley.ask joined answers", function()
  local function fire(extra)
    local r = { kind = "shock", prompt = "Which units shock?", rule = "[mod 1]",
                options = { "B1+A1 0402", "B1 0402", "A1+C1 0503" } }
    for k, v in pairs(extra or {}) do r[k] = v end
    return r
  end
  it("reads units joined by + in any order as the listed answer", function()
    assert.are.same({ true, "B1+A1 0402" }, { ask.check(fire(), "A1+B1 0402") })
    assert.are.same({ true, "A1+C1 0503" }, { ask.check(fire(), "C1+A1   0503") })
  end)
  it("refuses a unit named twice, a different set or a different hex", function()
    assert.is_false((ask.check(fire(), "A1+A1+B1 0402")))
    assert.is_false((ask.check(fire(), "A1+C1 0402")))
    assert.is_false((ask.check(fire(), "A1+B1 0503")))
  end)
  it("tries the request's own canonical first", function()
    local r = fire{ canonical = function() return "B1 0402" end }
    assert.are.same({ true, "B1 0402" }, { ask.check(r, "A1+B1 0402") })
  end)
end)
