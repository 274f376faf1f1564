-- volley.ask.warnings (issue 37 point 2): a request's `warn` says what a legal answer brings
-- that the player may not have meant; an answer that is not legal is not warned, a text is
-- cleaned and cut, and `warn` must be a function.
local ask = require "volley.ask"

local function request(extra)
  local r = { kind = "move", prompt = "move a unit or done", options = { "A1 0102", "done" },
              rule = "[demo 4.2]" }
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

describe("volley.ask.warnings", function()
  it("gives the warn's texts for a legal answer, one or a list", function()
    local r = request{ warn = function(a) return a ~= "done" and "stops next to B1" or nil end }
    assert.are.same({ "stops next to B1" }, ask.warnings(r, "A1 0102"))
    assert.are.same({}, ask.warnings(r, "done"))
    r = request{ warn = function() return { "one", "", "two" } end }
    assert.are.same({ "one", "two" }, ask.warnings(r, "A1 0102"))
  end)

  it("never warns an answer that is not legal, and a request without warn gives none", function()
    local called = false
    local r = request{ warn = function() called = true return "x" end }
    assert.are.same({}, ask.warnings(r, "A1 0909"))
    assert.is_false(called)
    -- a typed answer its validate accepts is legal
    r = request{ validate = function(a) return a == "A1 0102 0103" end,
                 warn = function(a) return "path " .. a end }
    assert.are.same({ "path A1 0102 0103" }, ask.warnings(r, "A1 0102 0103"))
    assert.are.same({}, ask.warnings(request(), "A1 0102"))
  end)

  it("cleans control bytes and cuts a long text", function()
    local r = request{ warn = function() return "\27[2Jred " .. string.rep("x", 300) end }
    local w = ask.warnings(r, "A1 0102")[1]
    assert.is_nil(w:find("\27", 1, true))
    assert.are.equal(ask.WARNING_AT_MOST, #w)
    assert.are.equal("...", w:sub(-3))
  end)

  it("refuses a warn that is not a function", function()
    assert.has_error(function() ask.check_request(request{ warn = "x" }) end,
      "request 'move': warn must be a function")
  end)
end)
