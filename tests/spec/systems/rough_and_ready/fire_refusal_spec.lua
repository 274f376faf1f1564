-- Why a fire or shock answer is refused (fire_refusal.lua, the requests' `explain`), on the
-- fixture (tests/data/rr) played through the runtime: Garland's 4US-1 in 0302 and 4US-2 in
-- 0402, the battery C3US in 0602 (facing SE/S: down the road of column 06), the Mexicans
-- placed by each spec. Each refusal is pinned whole: the reason, then its case.
local rr = require "support.rr"

local NO = { leadership = "no", artillery = "done" }
local GUN = { leadership = "no" }

local function opened(faces, places)
  local g = rr.open()
  for u, h in pairs(places or {}) do assert(g.store:place(u, h)) end
  for u, w in pairs(faces) do assert(g.store:face(u, w)) end
  return g
end

-- The refusals of a fire request answered with `tries` (each refused), then `done`.
local function fire_refusals(g, tries, first, auto)
  local answers = {}
  for _, a in ipairs(first) do answers[#answers + 1] = a end
  answers[#answers + 1] = "fire"
  for _, a in ipairs(tries) do answers[#answers + 1] = a end
  answers[#answers + 1] = "done"
  return rr.refusals(rr.play(g, answers, { auto = auto }))
end

-- The refusal of `answer` with the reason `why` (ending in its case, which the refusal puts
-- last, after the legal answers `legal`; the request's own rule when it has none).
local function refused(answer, why, legal, kind)
  local text, cite = why:match("^(.-)%s*(%[rough_and_ready [^%]]*%][%[%]%w%s%._]*)$")
  if not text then text, cite = why, "[rough_and_ready 6.12, 6.22]" end
  return "'" .. answer .. "' is not a legal answer to " .. (kind or "fire") .. ": " .. text
    .. " (legal: " .. legal .. ") " .. cite
end

describe("fire refusals say why [rough_and_ready 6.11, 6.12, 6.18, 6.21, 6.22, 5.33]", function()
  it("a unit in the way: the line of sight names it [rough_and_ready PA 6.17]", function()
    local g = opened({ C3US = "SE/S", ["4L-1"] = "NW/N", M8 = "NW/N" },
      { ["4L-1"] = "0604", M8 = "0606" })
    assert.are.same({
      refused("C3US 0606", "no line of sight from 0602 to 0606: blocked at 0604 (4L-1, a "
        .. "combat unit) [rough_and_ready PA 6.17, RP 6.17, RS 6.17]", "C3US 0210, C3US 0604, C3US 0808, done"),
    }, fire_refusals(g, { "C3US 0606" }, { "garland", "C3US" }, GUN))
  end)

  it("no enemy there, a friendly hex, a hex off the map, a unit not activated", function()
    local g = opened({ ["4US-1"] = "SE/S", ["4L-1"] = "NW/N" }, { ["4L-1"] = "0304" })
    local legal = "4US-1 0304, done"
    assert.are.same({
      refused("4US-1 0303", "0303 holds no enemy combat unit [rough_and_ready 6.11]", legal),
      refused("4US-1 0402", "0402 holds US units, not an enemy [rough_and_ready 6.11]", legal),
      refused("4US-1 1299", "'1299' is not a hex of the map", legal),
      refused("8US-1 0304", "8US-1 is not activated: garland activated 4US-1, 4US-2 "
        .. "[rough_and_ready 6.12]", legal),
      refused("4L-1 0402", "4L-1 is MEX's: only US's activated units fire "
        .. "[rough_and_ready 6.12]", legal),
      refused("Nobody 0304", "no unit or leader 'Nobody'", legal),
    }, fire_refusals(g, { "4US-1 0303", "4US-1 0402", "4US-1 1299", "8US-1 0304",
                          "4L-1 0402", "Nobody 0304" }, { "garland" }, NO))
  end)

  it("out of range: the range and the distance [rough_and_ready 6.11, 6.21]", function()
    local g = opened({ ["4US-1"] = "SE/S", ["4L-1"] = "NW/N", ["4L-2"] = "NW/N" },
      { ["4L-1"] = "0305", ["4L-2"] = "0304" })
    assert.are.same({
      refused("4US-1 0305", "0305 is 3 hexes from 0302 (small arms reach 2) "
        .. "[rough_and_ready 6.11]", "4US-1 0304, done"),
    }, fire_refusals(g, { "4US-1 0305" }, { "garland" }, NO))
  end)

  it("not in the firer's front [rough_and_ready 5.33]", function()
    local g = opened({ ["4US-1"] = "NW/N", ["4US-2"] = "SE/S", ["4L-1"] = "NW/N" },
      { ["4L-1"] = "0403" })
    assert.are.same({
      refused("4US-1 0403", "0403 is not in 4US-1's front [rough_and_ready 5.33]",
        "4US-2 0403, done"),
    }, fire_refusals(g, { "4US-1 0403" }, { "garland" }, NO))
  end)

  it("a gun that moved may not fire [rough_and_ready 6.25]", function()
    local g = opened({ C3US = "SE/S", ["4US-1"] = "SE/S", ["4L-1"] = "NW/N", M8 = "NW/N" },
      { ["4L-1"] = "0304", M8 = "0606" })
    local rec = rr.play(g, { "garland", "C3US", "C3US 0603", "SE/S", "fire", "C3US 0606",
                             "done", "done" }, { auto = GUN })
    assert.are.same({
      refused("C3US 0606", "C3US has moved this activation: artillery moves or fires "
        .. "[rough_and_ready 6.25]", "4US-1 0304, done"),
    }, rr.refusals(rec))
  end)

  it("never betrays a hidden enemy: no reason where one would tell of it", function()
    -- 6L-1, hidden from the US, stands between C3US and M8, and 6L-2 hides behind C3US
    local places = { M8 = "0606", ["6L-1"] = "0604", ["6L-2"] = "0601" }
    local faces = { C3US = "SE/S", M8 = "NW/N", ["6L-1"] = "NW/N", ["6L-2"] = "NW/N" }
    local g = opened(faces, places)
    g.store:set_hidden("6L-1", true)
    g.store:set_hidden("6L-2", true)
    local why = fire_refusals(g, { "C3US 0606", "C3US 0601", "6L-1 0602" },
      { "garland", "C3US" }, GUN)
    -- the rules decide with everything (6L-1 is a legal target), the reasons do not tell:
    -- the line 6L-1 blocks, the hex of 6L-2, 6L-1's id get the bare refusal
    local legal = "(legal: C3US 0210, C3US 0408, C3US 0604, done) [rough_and_ready 6.12, 6.22]"
    assert.are.same({
      "'C3US 0606' is not a legal answer to fire " .. legal,
      "'C3US 0601' is not a legal answer to fire " .. legal,
      refused("6L-1 0602", "no unit or leader '6L-1'", "C3US 0210, C3US 0408, C3US 0604, done"),
    }, why)
    -- seen, the same answers get their reasons
    g = opened(faces, places)
    assert.are.same({
      refused("C3US 0606", "no line of sight from 0602 to 0606: blocked at 0604 (6L-1, a "
        .. "combat unit) [rough_and_ready PA 6.17, RP 6.17, RS 6.17]", "C3US 0210, C3US 0408, C3US 0604, done"),
      refused("C3US 0601", "0601 is not in C3US's front [rough_and_ready 5.33]",
        "C3US 0210, C3US 0408, C3US 0604, done"),
    }, fire_refusals(g, { "C3US 0606", "C3US 0601" }, { "garland", "C3US" }, GUN))
  end)
end)

describe("shock refusals say why [rough_and_ready 6.31, 6.32, 6.33, 5.33]", function()
  -- Vega's 4L-1 (0304) and 4L-2 (0404) facing NW/N, Garland's 4US-1 in 0303 before them
  local f = require "support.rr_fire"
  local refusal = require "systems.rough_and_ready.fire_refusal"
  local function open(at)
    local g = f.fixture(at)
    g.vars.activation = { side = "MEX", target = "vega", units = { "4L-1", "4L-2" },
                          artillery = {} }
    return g
  end

  it("the attackers, then the hex: enemy, next to it, in its front", function()
    local g = open({ ["4US-1"] = "0303", ["4US-2"] = "0305", ["4L-1"] = "0304",
                     ["4L-2"] = "0404", ["6L-1"] = "0405" })
    local function why(a) return refusal.shock(g, "MEX", a) end
    assert.are.equal("6L-1 is not activated: vega activated 4L-1, 4L-2 [rough_and_ready 6.31]",
      why("4L-1+6L-1 0303"))
    assert.are.equal("0404 holds MEX units, not an enemy [rough_and_ready 6.32]",
      why("4L-1 0404"))
    assert.are.equal("0204 holds no enemy combat unit [rough_and_ready 6.32]", why("4L-1 0204"))
    assert.are.equal("0305 is not in 4L-1's front [rough_and_ready 5.33, 6.32]",
      why("4L-1 0305"))
    assert.are.equal("0305 is not next to 4L-2 (in 0404): shock is against an adjacent hex "
      .. "[rough_and_ready 6.32]", why("4L-2 0305"))
    assert.is_nil(why("4L-1 0303"))                    -- legal: nothing to explain
    g.store:set_marker("4L-2", "disordered", 1)
    assert.are.equal("4L-2 is Disordered: it may not shock attack [rough_and_ready 6.32]",
      why("4L-1+4L-2 0303"))
    -- 4US-2 hidden from Mexico: its hex gets no reason at all
    g.store:set_hidden("4US-2", true)
    assert.is_nil(why("4L-1 0305"))
  end)
end)
