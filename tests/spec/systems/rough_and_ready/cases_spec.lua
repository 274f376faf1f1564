-- The checker of tests/tools/rr_cases.lua: every case of Rough & Ready's standard rules and
-- of Palo Alto in the digest's inventory (sections 3.1, 3.2, 3.6) is cited by a procedure
-- and by a spec and has a rules.ini summary, or is pending, left out or later, each with why.
local cases = dofile("tests/tools/rr_cases.lua")

local function have(list)
  local s = {}
  for _, c in ipairs(list) do s[type(c) == "table" and c[1] or c] = true end
  return s
end

describe("the rules' cases of the standard rules and Palo Alto", function()
  it("are each cited by a procedure and by a test, with a summary", function()
    assert.are.same({}, cases.check())
  end)

  it("account for every row of the digest's inventory", function()
    local f = assert(io.open(cases.DIGEST, "r"))
    local text = f:read("*a")
    f:close()
    assert.are.equal(191, #cases.inventory(text))
    assert.are.same({}, cases.unaccounted(text))
  end)

  it("check 2.x, fire, shock, charges, Palo Alto and their errata; leave out headings and "
    .. "[INFO] rows with a reason", function()
    local all = have(cases.ALL)
    for _, c in ipairs({ "2.1", "2.3", "2.5", "3.0", "4.28", "5.34", "6.2", "6.25", "6.46",
                         "6.84", "8.0", "E1", "E4", "E5", "E8", "E13", "E18", "E19",
                         "PA-Setup", "PA-Reinf", "PA 5.18", "PA 8.0", "PA-Bal", "PA-TEC" }) do
      assert.is_true(all[c], c)
    end
    local out = have(cases.LEFT_OUT)
    for _, c in ipairs({ "1.0", "2.4", "3.23-Ex", "6.0", "6.5" }) do assert.is_true(out[c], c) end
    for _, e in ipairs(cases.LEFT_OUT) do assert.is_true(#e[2] > 0, e[1]) end
    assert.is_true(have(cases.LATER).E17)
  end)

  it("print the pending cases of the helpers at work, never failing on them", function()
    local p = cases.pending()
    assert.are.equal(#cases.PENDING, #p)
    for i, c in ipairs(cases.PENDING) do
      local head = c[1] .. " pending (" .. c[2] .. "): "
      assert.are.equal(head, p[i]:sub(1, #head))
      assert.is_true(#p[i] > #head, p[i])
      assert.is_nil(have(cases.ALL)[c[1]], c[1])
    end
  end)

  it("count a case cited on its own, never inside a range; a battle's case as the battle's",
    function()
    local set = cases.cited("[rough_and_ready 3.11-3.23] [rough_and_ready PA 3.0] "
      .. "[rough_and_ready 3.22, E15] [rough_and_ready 3.23 example] [rough_and_ready PA-Opt1] "
      .. "[rough_and_ready RS 5.15, 5.17] [rough_and_ready 5.x] [gbacw 2.5]")
    assert.are.same({ ["3.22"] = true, E15 = true, ["3.23"] = true, ["PA 3.0"] = true,
                      ["PA-Opt1"] = true, ["RS 5.15"] = true, ["RS 5.17"] = true }, set)
  end)

  it("read a citation broken over comment lines as one", function()
    assert.are.same({ ["5.34"] = true, E12 = true },
      cases.cited("-- [rough_and_ready 5.11-5.15,\n-- 5.34, E12]"))
  end)

  it("normalise the digest's refs: PA [3.0], 4.1a, RS (3.1)", function()
    assert.are.same({ "PA 3.0", "4.1", "RS 3.1", "3.23-Ex" },
      { cases.normal("PA [3.0]"), cases.normal("4.1a"), cases.normal("RS (3.1)"),
        cases.normal("3.23-Ex") })
  end)
end)
