-- Battle of Buena Vista's victory levels [battle_of_buena_vista 4.3a] [battle_of_buena_vista
-- 4.3b], judged at the end of the real game from the Loss Track's counts (vars.losses, which
-- issue 46's step losses advance) and the captures (vars.captures, issues 46 and 48), set here
-- by hand during turn 12. Golden test by the digest's id: T-BV-24.
local bv = require "support.bv_seq"
local victory = require "systems.battle_of_buena_vista.victory"

-- plays a whole game without rain, the losses and captures set in turn 12
local function game_with(losses, captures)
  local g = bv.open(1)
  g.hooks:on("turn.start", function(ctx)
    if ctx.turn >= 10 then g.dice:force({ 6 }) end        -- no rain
    if ctx.turn == 12 then
      g.vars.losses = losses
      g.vars.captures = captures
    end
  end)
  local rec = bv.play(g, {})
  assert.is_true(rec.done)
  return g
end

describe("Battle of Buena Vista's victory levels", function()
  it("T-BV-24: Mexican VP 14, American VP 20 (-6), Saltillo taken once: Marginal American "
    .. "moved one level to Marginal Mexican [4.3a] [4.3b]", function()
    -- Mexican VP are the steps the Americans lost, American VP the Mexicans' (A3)
    local g = game_with({ US = 14, MEX = 20 }, { saltillo = 1, us_train = 0, mex_train = 0 })
    assert.are.equal("Marginal Mexican victory", g.vars.level)
    assert.are.equal("MEX", g.vars.winner)
    assert.are.equal(1, #bv.lines(g, "the end of turn 12: Mexican VP 14 - American VP 20 = -6: "
      .. "Marginal American victory, moved 1 toward Mexico"))
  end)

  it("reads each band of 4.3 at its edges; a tie is a marginal Mexican victory [4.3a]",
    function()
    local g = bv.open(1)
    g.vars.captures = {}
    local want = { [30] = "Decisive Mexican victory", [29] = "Substantial Mexican victory",
      [11] = "Substantial Mexican victory", [10] = "Marginal Mexican victory",
      [0] = "Marginal Mexican victory", [-1] = "Marginal American victory",
      [-10] = "Marginal American victory", [-11] = "Substantial American victory",
      [-20] = "Substantial American victory", [-21] = "Decisive American victory",
      [-60] = "Decisive American victory", [80] = "Decisive Mexican victory" }
    for d, level in pairs(want) do
      g.vars.losses = { US = math.max(d, 0), MEX = math.max(-d, 0) }
      assert.are.equal(level, victory.level(g).level, d)
    end
  end)

  it("moves the level at most three toward Mexico for Saltillo and the American train, and "
    .. "one toward the Americans for each capture of the Mexican train [4.3b]", function()
    local g = bv.open(1)
    local function judged(losses, captures)
      g.vars.losses, g.vars.captures = losses, captures
      return victory.judge(g, "the end of turn 12")
    end
    -- Decisive American (-25), three levels: Marginal Mexican, not Substantial
    assert.are.equal("Marginal Mexican victory",
      judged({ US = 0, MEX = 25 }, { saltillo = 3, us_train = 2, mex_train = 0 }).level)
    local r = judged({ US = 5, MEX = 0 }, { saltillo = 0, us_train = 0, mex_train = 1 })
    assert.are.equal("Marginal American victory", r.level)
    assert.are.equal("US", g.vars.winner)
    assert.are.equal("Decisive Mexican victory",                 -- no level past the best
      judged({ US = 40, MEX = 0 }, { saltillo = 2, us_train = 0, mex_train = 0 }).level)
  end)

  it("counts a supply train's capture toward the other side [4.3b] [8.6a]", function()
    local g = bv.open(1)
    g.vars.captures = {}
    victory.train_captured(g, "TrainA", "1Lig")
    victory.train_captured(g, "MexTrain", "2KY-1")
    assert.are.same({ us_train = 1, mex_train = 1 }, g.vars.captures)
    assert.are.equal("eliminated", (g.store:where("TrainA")))
    assert.are.equal(1, #bv.lines(g, "1Lig captures TrainA: the victory level moves one toward "
      .. "Mexico"))
  end)
end)
