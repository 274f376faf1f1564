-- volley.queries, the prompt's questions, in an engine-owned state as the program asks them
-- (docs/shell.md "The prompt"): `show` of a unit and of a leader.
local core = require "volley.core"

local function palo_alto()
  local st = core.new_state{ modules = { "tests/spec/support" } }
  assert(st:require("volley.session"))
  assert(st:call("volley.session", "open", "rough-and-ready/palo-alto", { seed = 1 }))
  return st
end

describe("volley.queries show", function()
  it("a leader's markers when it has some (OC Moved [rough_and_ready 4.26]), no line when none",
    function()
      local st = palo_alto()
      local ok, lines = st:call("volley.queries", "show", "referee", "Taylor")
      assert.is_true(ok)
      assert.is_nil(lines[1]:find("markers", 1, true))
      assert(st:call("session_probe", "mark", "Taylor", "oc_moved", 1))
      ok, lines = st:call("volley.queries", "show", "referee", "Taylor")
      assert.is_true(ok)
      assert.matches(", markers: OC Moved$", lines[1])
      st:close()
    end)

  it("a unit's markers, or that it has none", function()
    local st = palo_alto()
    local _, lines = st:call("volley.queries", "show", "referee", "3US-1")
    assert.matches(", no markers$", lines[1])
    assert(st:call("session_probe", "mark", "3US-1", "hits", 1))
    _, lines = st:call("volley.queries", "show", "referee", "3US-1")
    assert.matches(", markers: Hits 1$", lines[1])
    st:close()
  end)
end)
