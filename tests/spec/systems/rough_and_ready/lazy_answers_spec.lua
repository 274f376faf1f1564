-- The move request in its lazy form (volley.ask's `count`, `at`, `has`;
-- systems.rough_and_ready.actions.move_answers): for random Palo Alto games, capped, every
-- move request's count, each index's answer, the direct check of every listed answer and
-- the refusal of answers that are not listed agree with the full list the actions step
-- offers (`actions.options`). The games run in an engine-owned state
-- (tests/spec/support/lazy_answers.lua), the battle's scripts loaded as `volley play` does.
local core = require "volley.core"

describe("the move request's lazy answers (#38)", function()
  it("agree with the full list: count, each answer by index, each checked, illegal refused",
    function()
      local st = core.new_state{ modules = { "tests/spec/support" } }
      local ok, r = st:call("lazy_answers", "check", 38, 3, 150)
      st:close()
      assert(ok, type(r) == "table" and tostring(r.msg) or tostring(r))
      assert.are.same({}, r.problems)
      assert.is_true(r.requests > 30)
      assert.is_true(r.moves > 3000)
      assert.is_true(r.illegal > 1000)
    end)
end)
