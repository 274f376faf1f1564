-- The checker of tests/tools/rr_cases.lua: every case of Rough & Ready's 3.x, 4.x, 5.1-5.3
-- and 8.0 (and errata E6, E10, E11, E12, E15) is cited by a procedure and by a spec.
local cases = dofile("tests/tools/rr_cases.lua")

describe("the rules' cases of the activation chain, command, movement and victory", function()
  it("are each cited by a procedure and by a test", function()
    assert.are.same({}, cases.check())
  end)

  it("include fire, Hits, Disorder and Rally: 6.11-6.18, 6.2-6.25, 6.51-6.64, 6.81-6.84, E4",
    function()
    local have = {}
    for _, c in ipairs(cases.CASES) do have[c] = true end
    for _, c in ipairs({ "6.11", "6.18", "6.2", "6.25", "6.51", "6.54", "6.61", "6.64", "6.81",
                         "6.84", "E4" }) do
      assert.is_true(have[c], c)
    end
  end)

  it("counts a case cited on its own, never inside a range; a battle's case as the battle's",
    function()
    local set = cases.cited("[rough_and_ready 3.11-3.23] [rough_and_ready PA 3.0] "
      .. "[rough_and_ready 3.22, E15] [rough_and_ready 3.23 example] [rough_and_ready PA-Opt1]")
    assert.are.same({ ["3.22"] = true, E15 = true, ["3.23"] = true, ["PA 3.0"] = true,
                      ["PA-Opt1"] = true }, set)
    assert.is_nil(set["3.0"])
  end)

  it("include Palo Alto's cases written so far (#21, #23): PA 3.0, PA 5.16, PA 6.25, "
    .. "PA-Opt1, PA-Opt2, E9", function()
    local have = {}
    for _, c in ipairs(cases.CASES) do have[c] = true end
    for _, c in ipairs({ "PA 3.0", "PA 5.16", "PA 6.25", "PA-Opt1", "PA-Opt2", "E9" }) do
      assert.is_true(have[c], c)
    end
  end)
end)
