-- The checker of tests/tools/rr_examples.lua: which of the digest's worked examples (T-RR-xx)
-- a test names. The covered list is pinned, so a new golden test or a removed one changes it;
-- uncovered examples do not fail, a digest parse that finds no id does.
local examples = dofile("tests/tools/rr_examples.lua")

describe("the digest's worked examples (T-RR-xx)", function()
  local res = examples.check()

  it("are parsed from the digest: 35 ids, T-RR-01a first, T-RR-25 last", function()
    assert.are.equal(35, res.total)
    assert.are.equal(res.total, #res.covered + #res.uncovered)
  end)

  it("are covered exactly where a test names them", function()
    assert.are.same({ "T-RR-01a", "T-RR-01b", "T-RR-01c", "T-RR-01d", "T-RR-01e", "T-RR-02",
                      "T-RR-03", "T-RR-04", "T-RR-05a", "T-RR-05b", "T-RR-06", "T-RR-07",
                      "T-RR-08a", "T-RR-08b", "T-RR-08c", "T-RR-09", "T-RR-09b",
                      "T-RR-10", "T-RR-11", "T-RR-12",
                      "T-RR-13", "T-RR-14", "T-RR-15", "T-RR-15b", "T-RR-15c", "T-RR-16",
                      "T-RR-17", "T-RR-18", "T-RR-19", "T-RR-20", "T-RR-21", "T-RR-22",
                      "T-RR-23", "T-RR-24", "T-RR-25" }, res.covered)
  end)

  it("say why an uncovered one is: its battle (RP, RS) or the point it comes with", function()
    local why = {}
    for _, u in ipairs(res.uncovered) do why[u.id] = u.why end
    assert.is_nil(why["T-RR-09"])                   -- covered with issue #40
    -- Rio Sacramento's T-RR-16 and T-RR-18 are its rules spec's (issue 41)
    assert.is_nil(why["T-RR-16"])
    assert.are.equal("Rio Sacramento: no test names it yet",
      examples.why("| T-RR-99 | RS x | y |", "T-RR-99"))
  end)

  it("parse table rows only, an id once, never a longer id as a shorter one", function()
    local ex = examples.examples("see T-RR-01.\n| T-RR-01a | a | b | c | 3.23 |\n"
      .. "| T-RR-01a | again |\n| T-RR-08a | RP. x | y | z | RP 5.16 example |\n")
    assert.are.equal(2, #ex)
    assert.are.equal("T-RR-01a", ex[1].id)
    assert.are.equal("Resaca de la Palma: no test names it yet", examples.why(ex[2].row, ex[2].id))
  end)

  it("count an id in a test's name only: titles joined by `..` read whole, comments do not",
    function()
    local t = examples.titles('-- T-RR-06 comes later\ndescribe("a " .. "T-RR-05a case",\n'
      .. '  function()\n  it("T-RR-07: one Hit" ..\n    " more", function() end) end)')
    assert.are.equal("a T-RR-05a case\nT-RR-07: one Hit more", t)
    assert.is_nil(t:find("T-RR-06", 1, true))
  end)

  it("fail when the digest yields no id", function()
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write("# no examples here\n")
    f:close()
    local ok, err = pcall(examples.check, nil, path)
    os.remove(path)
    assert.is_false(ok)
    assert.are.equal("rr_examples: no T-RR id found in the digest", err)
  end)
end)
