-- volley.core.dice: the same numbers on Lua 5.4 and LuaJIT, forcing, the log, snapshots and
-- the argument errors. The seed-1 values are docs/dice.md's and test_dice.c's.
local core = require "volley.core"
local dice = core.dice

-- Rolls n of one kind and returns the values as a list.
local function roll_n(d, n, method, ...)
  local out = {}
  for i = 1, n do out[i] = d[method](d, ...) end
  return out
end

describe("volley.core.dice seeded with 1", function()
  it("rolls the documented first ten d10, read 0-9 [rough_and_ready 2.3]", function()
    assert.are.same({2, 6, 5, 7, 0, 7, 8, 3, 5, 7},
      roll_n(dice.new(1), 10, "d10", "seed 1", "[rough_and_ready 2.3]"))
  end)

  it("rolls the documented first ten d6", function()
    assert.are.same({3, 5, 6, 6, 3, 4, 3, 2, 6, 6}, roll_n(dice.new(1), 10, "d6", "seed 1", "-"))
  end)

  it("rolls the same 2d6 and dN on both VMs", function()
    local d = dice.new(1)
    assert.are.same({8, 3, 5}, {d:two_d6("r", "-")})
    assert.are.same({12, 6, 6}, {d:two_d6("r", "-")})
    assert.are.same({7, 3, 4}, {d:two_d6("r", "-")})
    assert.are.same({3, 8, 12}, roll_n(d, 3, "dn", 12, "r", "-"))
    assert.are.same({98, 16, 86}, roll_n(d, 3, "dn", 100, "r", "-"))
    assert.are.equal(9, d:count())
  end)

  it("starts from the documented generator state", function()
    assert.are.same({state = "738ba4467c29b31f", inc = "7dd71b42cb1dd8cf", count = 0, forced = 0},
      dice.new(1):state())
  end)
end)

describe("volley.core.dice.new", function()
  it("gives the same sequence for the same seed and another for another", function()
    local a, b, c = dice.new(42), dice.new(42), dice.new(43)
    local ra, rb, rc = roll_n(a, 50, "d10", "r", "-"), roll_n(b, 50, "d10", "r", "-"),
      roll_n(c, 50, "d10", "r", "-")
    assert.are.same(ra, rb)
    assert.are_not.same(ra, rc)
  end)

  it("takes seeds up to 2^53 - 1, as integers or integral floats", function()
    assert.are.same({7, 0, 0, 3, 8}, roll_n(dice.new(9007199254740991), 5, "d10", "r", "-"))
    assert.are.same({2, 2, 6, 1, 6}, roll_n(dice.new(0), 5, "d6", "r", "-"))
    assert.are.same(dice.new(5):state(), dice.new(5.0):state())
  end)

  it("refuses negative, fractional and too large seeds", function()
    local msg = "bad argument #1 to 'new' (seed must be an integer from 0 to 2^53 - 1)"
    assert.has_error(function() dice.new(-1) end, msg)
    assert.has_error(function() dice.new(1.5) end, msg)
    assert.has_error(function() dice.new(2 ^ 53) end, msg)
    assert.has_error(function() dice.new(9007199254740992) end, msg)
    assert.has_error(function() dice.new(1 / 0) end, msg)
    assert.has_error(function() dice.new(0 / 0) end, msg)
    assert.has_error(function() dice.new("1") end, msg:sub(1, -2) .. ", got string)")
    assert.has_error(function() dice.new() end, msg:sub(1, -2) .. ", got no value)")
  end)
end)

describe("volley.core.dice rolls", function()
  local d
  before_each(function() d = dice.new(1) end)

  it("log each roll with its number, kind, faces, reason and rule", function()
    d:d10("activation of Arista", "[rough_and_ready 3.11]")
    d:two_d6("random event", "[battle_of_buena_vista 4.2]")
    d:dn(12, "bot choice", "-")
    assert.are.same({
      {n = 1, kind = "d10", sides = 10, faces = {2}, value = 2, forced = false,
       reason = "activation of Arista", rule = "[rough_and_ready 3.11]"},
      {n = 2, kind = "2d6", sides = 6, faces = {5, 6}, value = 11, forced = false,
       reason = "random event", rule = "[battle_of_buena_vista 4.2]"},
      {n = 3, kind = "dn", sides = 12, faces = {12}, value = 12, forced = false,
       reason = "bot choice", rule = "-"},
    }, d:log())
  end)

  it("drain the log and keep numbering", function()
    d:d6("a", "-")
    d:d6("b", "-")
    local drained = d:drain()
    assert.are.equal(2, #drained)
    assert.are.equal("b", drained[2].reason)
    assert.are.same({}, d:log())
    d:d6("c", "-")
    assert.are.equal(3, d:log()[1].n)
    assert.are.equal(3, d:count())
  end)

  it("keep at most 127 bytes of a reason, never cutting a character", function()
    d:d6(("x"):rep(126) .. "\195\169 tail", ("r"):rep(70))
    local rec = d:log()[1]
    assert.are.equal(("x"):rep(126), rec.reason)
    assert.are.equal(("r"):rep(63), rec.rule)
  end)

  it("need a reason and a rule", function()
    assert.has_error(function() d:d6() end,
      "bad argument #1 to 'd6' (string expected, got no value)")
    assert.has_error(function() d:d10("why") end,
      "bad argument #2 to 'd10' (string expected, got no value)")
    assert.has_error(function() d:two_d6({}, "-") end,
      "bad argument #1 to 'two_d6' (string expected, got table)")
    assert.are.equal(0, d:count())
  end)

  it("refuse a die of fewer than 2 faces or a fractional size", function()
    local msg = "bad argument #1 to 'dn' (die size must be an integer from 2 to 2147483647)"
    assert.has_error(function() d:dn(1, "r", "-") end, msg)
    assert.has_error(function() d:dn(2.5, "r", "-") end, msg)
    assert.has_error(function() d:dn(2147483648, "r", "-") end, msg)
    assert.has_error(function() d:dn(nil, "r", "-") end, msg:sub(1, -2) .. ", got nil)")
    assert.are.equal(1, d:dn(2.0, "an integral float is an integer", "-"))
  end)

  it("refuse to be called on anything but dice", function()
    assert.has_error(function() d.d6({}, "r", "-") end)
  end)
end)

describe("volley.core.dice forced rolls", function()
  local d
  before_each(function() d = dice.new(1) end)

  it("are taken in order, logged as forced, and leave the generator alone", function()
    local before = d:state()
    d:force(0, 9)
    d:force{6, 5, 12}
    assert.are.same({0, 9, 6, 5, 12}, d:pending())
    assert.are.equal(0, d:d10("a", "-"))
    assert.are.equal(9, d:d10("b", "-"))
    assert.are.same({11, 6, 5}, {d:two_d6("c", "-")})
    assert.are.equal(12, d:dn(12, "d", "-"))
    assert.are.same({}, d:pending())
    local after = d:state()
    assert.are.same({before.state, before.inc}, {after.state, after.inc})
    assert.are.same({4, 4}, {after.count, after.forced})
    assert.are.same({n = 3, kind = "2d6", sides = 6, faces = {6, 5}, value = 11, forced = true,
      reason = "c", rule = "-"}, d:log()[3])
    -- The next drawn roll is seed 1's first d10.
    assert.are.equal(2, d:d10("drawn", "-"))
    assert.is_false(d:log()[5].forced)
  end)

  it("refuse a value out of the die's range without consuming anything", function()
    d:force(7)
    local before = d:state()
    assert.has_error(function() d:d6("r", "-") end, "forced value 7 is out of range for d6 (1-6)")
    assert.are.same(before, d:state())
    assert.are.same({7}, d:pending())
    assert.are.same({}, d:log())
    assert.are.equal(7, d:d10("a d10 takes 7", "-"))
    d:force(10)
    assert.has_error(function() d:d10("r", "-") end,
      "forced value 10 is out of range for d10 (0-9)")
    d:clear_forced()
    d:force{13}
    assert.has_error(function() d:dn(12, "r", "-") end,
      "forced value 13 is out of range for d12 (1-12)")
    d:clear_forced()
    d:force(3)
    assert.has_error(function() d:two_d6("r", "-") end, "2d6 needs two forced values; 1 is queued")
    d:force(0)
    assert.has_error(function() d:two_d6("r", "-") end,
      "forced value 0 is out of range for 2d6 (each die 1-6)")
    assert.are.same({3, 0}, d:pending())
    d:clear_forced()
    assert.are.same({count = 1, forced = 1}, {count = d:count(), forced = d:state().forced})
    assert.are.equal(2, d:d10("drawn", "-"))
  end)

  it("must be integers", function()
    assert.has_error(function() d:force() end,
      "bad argument #1 to 'force' (integer or list of integers expected, got no value)")
    assert.has_error(function() d:force(1, "2") end,
      "bad argument #2 to 'force' (integer expected, got string)")
    assert.has_error(function() d:force(1.5) end, "bad argument #1 to 'force' (integer expected)")
    assert.has_error(function() d:force{1, 2.5} end,
      "bad argument #1 to 'force' (item 2 of the list must be an integer)")
    assert.has_error(function() d:force{} end,
      "bad argument #1 to 'force' (list of forced values is empty)")
    assert.are.same({}, d:pending())
  end)
end)

describe("volley.core.dice copy", function()
  it("rolls on exactly as the original, and independently of it", function()
    local d = dice.new(2024)
    roll_n(d, 17, "d6", "warm up", "-")
    d:force(4, 2)
    local c = d:copy()
    assert.are.same(d:state(), c:state())
    assert.are.same(d:log(), c:log())
    assert.are.same({4, 2}, c:pending())
    for _ = 1, 200 do
      assert.are.same({d:two_d6("r", "-")}, {c:two_d6("r", "-")})
      assert.are.equal(d:dn(7, "r", "-"), c:dn(7, "r", "-"))
    end
    assert.are.same(d:state(), c:state())
    c:d10("only the copy", "-")
    assert.are.equal(d:count() + 1, c:count())
    assert.are.equal("volley.dice (418 rolls)", tostring(c))
  end)
end)
