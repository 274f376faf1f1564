-- Issue 34's surfaces tried as an attacker and as a careless designer would (docs/robustness.md
-- "Issue 34's surfaces"): start states that break Rough & Ready's chain values or leave the
-- chain nothing to activate, and a victory key inherited through `extends` that names hexes
-- the board's own map does not have. Each was accepted by `volley check` (the game opened) and
-- stopped play later; each is now refused when the game opens, at its file and line. The
-- scenarios are in tests/data/broken/hostile_34, laid over tests/data/extends' test boards.
local game = require "volley.game"

local roots = { "tests/data/broken/hostile_34", "tests/data/extends", "." }
local dir = "tests/data/broken/hostile_34/scenarios/h34/"

-- The error game.open raises for the scenario id (nil when it opens).
local function refusal(id)
  local ok, g = pcall(game.open, id, { roots = roots })
  if ok then return nil end
  return tostring(g)
end

describe("issue 34's start states, hostile", function()
  it("refuses withdrawals of the activation to come (its pair a number)", function()
    assert.equal(dir .. "withdrawals/start.state:5: var withdrawals: withdrawals.n 2 is not an "
      .. "activation that went (1 to 1): a start state begins between activations "
      .. "[rough_and_ready 3.11]", refusal("h34/withdrawals"))
  end)

  it("refuses a withdrawal pair that is not a cavalry unit and an enemy", function()
    assert.equal(dir .. "withdrawals/pairs.state:3: var withdrawals: withdrawals.pairs[1][1]: "
      .. "4US-1 is not cavalry [rough_and_ready 6.47]", refusal("h34/withdrawals/pairs"))
  end)

  it("refuses a start where the side to open has no command", function()
    assert.equal(dir .. "no-chain/scenario.ini:8: US opens the chain (mode open) but has no "
      .. "command to activate: the game could not begin [rough_and_ready 3.11]",
      refusal("h34/no-chain"))
  end)

  it("refuses a start where no side has anything to activate", function()
    assert.equal(dir .. "nobody/start.state:7: no side has a command or a hex of independents "
      .. "to activate: the game could not go on [rough_and_ready 3.11, 3.22]",
      refusal("h34/nobody"))
  end)

  it("still opens the acceptance boards", function()
    assert.is_nil(refusal("test-game/mid-chain"))
    assert.is_nil(refusal("test-game/hold"))
  end)
end)

describe("issue 34's extends, careless", function()
  it("reports a victory spec off the board's map at its key when the game opens", function()
    local why = refusal("h34/off-victory")
    assert.equal(dir .. "off-victory/scenario.ini:12: [victory] MEX.road_hexes: placement spec "
      .. "'any road hex in the 1400 row and south', column 21: '1400' is not a row of this map "
      .. "(its rows are the second label part: YY or 00YY) (the map: "
      .. "tests/data/extends/scenarios/test-game/map.ini)", why)
  end)
end)
