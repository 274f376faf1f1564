-- The rule-case checker (tests/tools/cases.lua, docs/cases.md) on Battle of Buena Vista once
-- its sequence of play, activation and victory levels are written (issue 44): every row of
-- 5.x, 6.x and 4.3 in the digest's inventory, and the other rows the issue names (parapets,
-- leaders, replacements, the start), checked -- cited on its own by a procedure of
-- scripts/systems/battle_of_buena_vista/ and by a test, with a summary in its rules.ini --
-- and no row lacking anything.
local cases = dofile("tests/tools/cases.lua")

local function report()
  local conf = assert(cases.config(cases.DATA .. "/battle_of_buena_vista.ini"))
  local f = assert(io.open(cases.NOTES .. "/" .. conf.digest, "r"))
  local text = f:read("*a")
  f:close()
  return cases.report(conf, text)
end

describe("the rule-case checker on Battle of Buena Vista (issue 44)", function()
  local rep, counts, problems = report()
  local st = {}
  for _, r in ipairs(rep) do st[r.row.id] = cases.line(r):sub(#r.row.id + 2) end

  it("finds no row lacking a procedure, a test or a summary", function()
    assert.are.same({}, problems)
    assert.are.equal(186, counts.rows)
    assert.are.equal(0, counts.missing)
  end)

  it("checks every row of the sequence of play, activation and victory levels, and the "
    .. "errata they follow", function()
    for _, c in ipairs({ "4.3a", "4.3b", "5.1", "5.2-A1", "5.2-A2", "5.2-A3", "5.2-A4",
                         "5.2-A5", "5.2-A6", "5.2-B", "5.2-C", "5.2-D1", "5.2-D2", "5.2-D3",
                         "5.3", "5.4", "5.5", "6.1a", "6.1b", "6.1c", "6.1d", "6.2", "6.3a",
                         "6.3b", "6.3c", "6.3d", "2.3f", "2.5d", "2.6a", "3.0c", "E-2.6",
                         "E-5.2", "E-5.3b", "E-5.4a", "E-5.4b", "E-5.4c", "E-6.1a", "E-6.1b",
                         "E-6.23a", "E-6.23b", "E-6.23c", "E-6.23d", "E-6.23e", "E-6.23f",
                         "E-7.5b", "E-7.5c" }) do
      assert.are.equal("checked", st[c], c)
    end
  end)

  it("leaves no row of issue 44 pending: the movement's rows are checked too", function()
    for _, r in ipairs(rep) do
      assert.are_not.equal("pending Battle of Buena Vista II", st[r.row.id], r.row.id)
    end
    assert.are.equal("checked", st["7.4a"])
    assert.are.equal("checked", st["E-7.1e"])
  end)

  it("exits 0 when run as the command", function()
    local _, status = cases.run("battle_of_buena_vista")
    assert.are.equal(0, status)
  end)
end)
