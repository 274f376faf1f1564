-- The actions step with fire and rally [rough_and_ready 3.13, 6.12, 6.14, 6.25, 6.82] on the
-- fixture (tests/data/rr), played through the runtime: Garland's 4US-1 in 0302 and 4US-2 in
-- 0402, the battery C3US in 0602, the Mexicans placed near them by each spec.
local rr = require "support.rr"
local hits = require "systems.rough_and_ready.hits"

local NO = { leadership = "no", artillery = "done" }

local function has(list, x)
  for _, v in ipairs(list or {}) do
    if v == x then return true end
  end
  return false
end

local function opened(faces, places)
  local g = rr.open()
  for u, h in pairs(places or {}) do assert(g.store:place(u, h)) end
  for u, w in pairs(faces) do assert(g.store:face(u, w)) end
  return g
end

describe("[rough_and_ready 6.12] activated fire in the actions step", function()
  it("offers fire, asks the fire request with its targets, and fires once", function()
    local g = opened({ ["4US-1"] = "SE/S", ["4L-1"] = "NW/N" }, { ["4L-1"] = "0304" })
    g.dice:force{ 9 }
    local rec = rr.play(g, { "garland", "fire", "4US-1 0304", "no" }, { auto = NO })
    local reqs = rr.requests(rec, "move")
    assert.is_true(has(reqs[1].options, "fire"))
    local f = rr.requests(rec, "fire")[1]
    assert.are.same({ "4US-1 0304", "done" }, f.options)
    assert.are.equal("MEX", rr.requests(rec, "return_fire")[1].side)
    assert.are.equal(1, hits.hits(g, "4L-1"))            -- 9 - 2 (range 2) = 7: 1 Hit
    -- 4US-1 has fired: nothing left to fire, so no `fire` answer
    assert.are.equal("move", rec.pending.kind)
    assert.is_false(has(rec.pending.options, "fire"))
    assert.is_true(has(rec.pending.options, "4US-1 0303"))  -- it may still move [6.12]
  end)

  it("a gun that fired does not move [rough_and_ready 6.25]", function()
    local g = opened({ C3US = "SE/S", M8 = "NW/N" }, { M8 = "0605" })
    g.dice:force{ 0 }
    local rec = rr.play(g, { "garland", "C3US", "fire", "C3US 0605", "no", "C3US 0603",
                             "done" }, { auto = { leadership = "no" } })
    assert.are.same({ "C3US has fired this activation: artillery moves or fires "
      .. "[rough_and_ready 6.25]" }, rr.refusals(rec))
    local last = rr.requests(rec, "move")
    for _, o in ipairs(last[#last].options) do
      assert.is_nil(o:match("^C3US "), o)
    end
  end)
end)

describe("[rough_and_ready 6.11] fire with nothing to fire at", function()
  it("is refused, and so is rally with nobody to rally", function()
    local g = opened({ ["4US-1"] = "SE/S" })
    local rec = rr.play(g, { "garland", "fire", "rally" }, { auto = NO })
    -- each unit's own reason, with the case that forbids it (4US-2 was placed with no facing)
    assert.are.same({ "4US-1 has no enemy combat unit within 2 hexes (its range) "
      .. "[rough_and_ready 6.11]; 4US-2 has no facing: it fires only through its front "
      .. "[rough_and_ready 5.33]", "4US-1 is neither Disordered nor Hit [rough_and_ready 6.83]; "
      .. "4US-2 is neither Disordered nor Hit [rough_and_ready 6.83]" }, rr.refusals(rec))
    assert.is_false(has(rec.pending.options, "fire"))
  end)
end)

describe("[rough_and_ready 6.14] movement reaction fire in the actions step", function()
  it("a unit stopping in an enemy front hex draws its fire", function()
    local g = opened({ ["4L-1"] = "NW/N" }, { ["4L-1"] = "0405" })
    g.dice:force{ 4 }
    local rec = rr.play(g, { "garland", "4US-2 0404", "SE/S", "yes" }, { auto = NO })
    local r = rr.requests(rec, "reaction_fire")[1]
    assert.are.equal("MEX", r.side)
    assert.are.equal(1, hits.hits(g, "4US-2"))          -- 4 - 1 (Mexican infantry) = 3: 1 Hit
    assert.are.same({ "4L-1 fires at 4US-2 in 0404 (range 1): d10 4 -1 (Mexican infantry "
      .. "firing) = 3: 1 Hit [rough_and_ready 6.15]" }, rr.lines(g, "4L-1 fires"))
  end)
end)

describe("[rough_and_ready 6.82] rally in the actions step", function()
  it("a unit that rallies does nothing else", function()
    local g = opened({})
    g.store:set_marker("4US-1", "hits", 2)
    local rec = rr.play(g, { "garland", "rally", "4US-1" }, { auto = NO })
    assert.are.same({ "4US-1", "done" }, rr.requests(rec, "rally_unit")[1].options)
    assert.are.equal(1, hits.hits(g, "4US-1"))
    for _, o in ipairs(rec.pending.options) do
      assert.is_nil(o:match("^4US%-1 "), o)
    end
    assert.is_false(has(rec.pending.options, "rally"))   -- its first Hit is permanent
  end)

  it("an activated gun rallies its Disorder, and then does not move", function()
    local g = opened({})
    g.store:set_marker("C3US", "disordered", 1)
    local rec = rr.play(g, { "garland", "C3US", "rally", "C3US" }, { auto = { leadership = "no" } })
    assert.are.same({ "C3US", "done" }, rr.requests(rec, "rally_unit")[1].options)
    assert.are.equal(0, g.store:marker("C3US", "disordered"))
    for _, o in ipairs(rec.pending.options) do
      assert.is_nil(o:match("^C3US "), o)
    end
  end)
end)
