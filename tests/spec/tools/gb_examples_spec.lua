-- tests/tools/gb_examples.lua (issue 57 point 8): the digest's 62 worked examples of the
-- GBACW series and the Gringo! battle book, each covered by a test that names it or not
-- covered with why (the issue its rule waits for).
package.path = "tests/tools/?.lua;" .. package.path
local examples = require "gb_examples"

describe("gb_examples", function()
  it("lists the 62 examples, each covered or not with its reason", function()
    local lines, status = examples.run()
    assert.are.equal(0, status)
    assert.are.equal(63, #lines)
    local by = {}
    for i = 1, 62 do
      local id, rest = lines[i]:match("^(T%-[%w%.%-]+) (.*)$")
      assert.truthy(id, lines[i])
      assert.truthy(rest == "covered" or rest:match("^not covered %(.+%)$"), lines[i])
      by[id] = rest
    end
    assert.are.equal("T-2.43", lines[1]:match("^%S+"))
    assert.are.equal("T-MO5", lines[62]:match("^%S+"))
    for _, id in ipairs({ "T-5.34", "T-6.23", "T-8.35", "T-9.44", "T-10.16", "T-11.43" }) do
      assert.are.equal("covered", by[id], id)
    end
    assert.are.equal("not covered (pending GBACW II)", by["T-5.23"])
    assert.are.equal("not covered (pending Gringo! I)", by["T-BV2"])
    assert.truthy(lines[63]:match("^gbacw: 62 examples, 6 covered, 56 not covered$"), lines[63])
  end)
end)
