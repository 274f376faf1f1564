-- The checker of tests/tools/spi_examples.lua: which of the SPI GBACW digest's worked examples
-- (T-0.1 ... T-35.2) a test names. The covered list is pinned, so a new golden test or a
-- removed one changes it; uncovered examples do not fail, a digest parse that finds no id does.
local examples = dofile("tests/tools/spi_examples.lua")

describe("the SPI GBACW digest's worked examples", function()
  local res = examples.check()

  it("are parsed from the digest: 41 ids, T-0.1 first", function()
    assert.are.equal(41, res.total)
    assert.are.equal("T-0.1", res.list[1].id)
    assert.are.equal(res.total, #res.covered + #res.uncovered)
  end)

  it("are covered exactly where a test names them", function()
    assert.are.same({ "T-0.1", "T-5.19", "T-9.25", "T-22.1" }, res.covered)
  end)

  it("say which issue of the series owns an uncovered one", function()
    local why = {}
    for _, u in ipairs(res.uncovered) do why[u.id] = u.why end
    assert.are.equal("SPI GBACW VI: no test names it yet", why["T-30.7"])
    assert.are.equal("SPI GBACW VII: no test names it yet", why["T-35.2"])
    assert.are.equal("SPI GBACW III: no test names it yet", why["T-21.4"])
  end)

  it("never read a longer id as a shorter one", function()
    assert.is_true(examples.names("T-30.27a: x", "T-30.27a"))
    assert.is_false(examples.names("T-30.27a: x", "T-30.27"))
    assert.is_false(examples.names("T-9.251", "T-9.25"))
    assert.is_true(examples.names("(T-9.25).", "T-9.25"))
  end)

  it("fail when the digest yields no id", function()
    local f = os.tmpname()
    local h = assert(io.open(f, "w"))
    h:write("# nothing here\n")
    h:close()
    assert.has_error(function() examples.check(nil, f) end,
      "spi_examples: no T-<case> id found in the digest")
    os.remove(f)
  end)
end)
