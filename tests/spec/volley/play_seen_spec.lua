-- volley.play.seen: --undo strict across load (docs/save.md "Undo strict across load"): a load
-- that takes back an answer followed by a roll the process showed is refused.
local seen = require "volley.play.seen"

local function answer(side, value, state, rolls)
  return { kind = "answer", side = side, request = "move", value = value, state = state,
           rolls = rolls }
end

local function header(journal, extra)
  local h = { scenario = "tests/data/demo", seed = 3, undo = "strict",
              files = { { role = "scenario", path = "tests/data/demo/scenario.ini",
                          sha256 = ("a"):rep(64) } },
              options = {}, mods = {}, journal = journal }
  for k, v in pairs(extra or {}) do h[k] = v end
  return h
end

local A1 = answer("A", "A4 0605", "1111111111111111", 0)
local A2 = answer("A", "done", "2222222222222222", 0)
local A3 = answer("B", "B4 0705", "3333333333333333", 0)
local A4 = answer("A", "fire", "4444444444444444", 1)       -- a roll after answer 3

describe("volley.play.seen", function()
  local played
  before_each(function() played = { seen.branch({ h = header{ A1, A2, A3, A4 } }, 0) } end)

  it("refuses a save of the game that goes back before a roll shown, naming the answer", function()
    assert.equal("load: early.save would take back B's answer \"B4 0705\" to move (answer 3), "
      .. "and a die was rolled since (roll 1 was shown); with --undo strict an answer followed "
      .. "by a roll stands, across load too (--undo solo takes it back; docs/save.md)",
      seen.refusal(played, header{ A1, A2 }, "early.save"))
  end)

  it("refuses a save that went another way after the common part", function()
    local other = answer("B", "B4 0704", "5555555555555555", 0)
    assert.matches("would take back B's answer \"B4 0705\" to move %(answer 3%)",
      seen.refusal(played, header{ A1, A2, other }, "x.save"))
  end)

  it("lets be a save that takes back no answer followed by a roll", function()
    assert.is_nil(seen.refusal(played, header{ A1, A2, A3, A4 }, "same.save"))
    assert.is_nil(seen.refusal(played, header{ A1, A2, A3, A4, A2 }, "ahead.save"))
    local calm = { seen.branch({ h = header{ A1, A2 } }, 0) }
    assert.is_nil(seen.refusal(calm, header{ A1 }, "back.save"))
  end)

  it("binds only games played under strict, and only saves of the same game", function()
    local solo = { seen.branch({ h = header({ A1, A2, A3, A4 }, { undo = "solo" }) }, 0) }
    assert.is_nil(seen.refusal(solo, header{ A1 }, "x.save"))
    assert.is_nil(seen.refusal(played, header({ A1 }, { seed = 4 }), "x.save"))
    local mod = { { path = "m.lua", sha256 = ("b"):rep(64) } }
    assert.is_nil(seen.refusal(played, header({ A1 }, { mods = mod }), "x.save"))
  end)

  it("counts the rolls the game made before its first request", function()
    local started = { seen.branch({ h = header{ answer("A", "x", "6666666666666666", 2) } }, 2) }
    assert.is_nil(seen.refusal(started, header{}, "start.save"))
    local rolled = { seen.branch({ h = header{ answer("A", "x", "6666666666666666", 3) } }, 2) }
    assert.matches("would take back A's answer \"x\" to move %(answer 1%)",
      seen.refusal(rolled, header{}, "start.save"))
  end)
end)
