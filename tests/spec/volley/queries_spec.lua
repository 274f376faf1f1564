-- volley.queries, the prompt's questions, in an engine-owned state as the program asks them
-- (docs/shell.md "The prompt"): `show` of a unit and of a leader, `los` in a game.
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

describe("volley.queries los", function()
  it("in a game, the line the rules see: the combat unit in the way named "
    .. "[rough_and_ready PA 6.17], a unit hidden from the viewer neither blocking nor named",
    function()
      local st = palo_alto()
      local function los(viewer)
        local ok, line = st:call("volley.queries", "los", viewer, "2216", "1618")
        assert.is_true(ok)
        return line
      end
      local blocked = "LOS 2216 -> 1618: blocked at 1817 (3US-1, a combat unit) "
        .. "[rough_and_ready PA 6.17]"       -- Palo Alto's own case (its los.ini; issue 33)
      assert.are.equal("LOS 2216 -> 1618: clear", los("referee"))     -- tall grass
      assert(st:call("session_probe", "place", "Taylor", "1817"))   -- a leader is no obstacle
      assert.are.equal("LOS 2216 -> 1618: clear", los("referee"))
      assert(st:call("session_probe", "place", "3US-1", "1817"))
      assert.are.equal(blocked, los("referee"))
      assert.are.equal(blocked, los("MEX"))
      assert(st:call("session_probe", "hide", "3US-1", true))
      assert.are.equal(blocked, los("US"))                        -- its owner sees it
      assert.are.equal(blocked, los("referee"))
      assert.are.equal("LOS 2216 -> 1618: clear", los("MEX"))
      -- the ends' own units never block; a hex off the map is refused
      assert.are.equal("LOS 1817 -> 1618: clear", select(2, st:call("volley.queries", "los",
        "referee", "1817", "1618")))
      assert.are.same({ true, nil, "'9999' is not a hex of the map" },
        { st:call("volley.queries", "los", "referee", "2216", "9999") })
      st:close()
    end)
end)

describe("volley.queries focus (where `map` centres: docs/shell.md \"map\")", function()
  local function demo()
    local st = core.new_state{ modules = { "tests/spec/support" } }
    assert(st:require("volley.session"))
    assert(st:call("volley.session", "open", "tests/data/demo", { seed = 3 }))
    local task = st:spawn("volley.session", "run")
    assert.are.equal("request", (task:resume()))   -- A's first move request, pending
    return st, task
  end

  it("the hexes of the units the pending request is about, for the side asked", function()
    local st = demo()
    local ok, hexes = st:call("volley.queries", "focus", "A")
    assert.is_true(ok)
    table.sort(hexes)
    assert.are.same({ "0103", "0105", "0107", "0205" }, hexes)   -- A's move request: A1-A4
    ok, hexes = st:call("volley.queries", "focus", "referee")
    assert.is_true(ok)
    table.sort(hexes)
    assert.are.same({ "0103", "0105", "0107", "0205" }, hexes)
    st:close()
  end)

  it("for another side, the asked side's units it sees, never a hidden one's hex", function()
    local st = demo()
    assert(st:call("session_probe", "hide", "A1", true))
    local ok, hexes = st:call("volley.queries", "focus", "B")
    assert.is_true(ok)
    table.sort(hexes)
    assert.are.same({ "0105", "0107", "0205" }, hexes)            -- A1 (0103) hidden from B
    st:close()
  end)
end)
