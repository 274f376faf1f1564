-- What the answers of Rough & Ready's return fire, movement reaction fire, combine and
-- counter-charge requests cost or cause (their `tell`, which `?` shows after each answer;
-- issue 37 point 2, rest37): driven through the real requests (fire.fire,
-- fire.movement_reaction, charge.counter), each request's notes read as the host reads them
-- (volley.ask.notes). On the main of 7 Dec 2026 these requests had no `tell` (no notes).
local ask = require "volley.ask"
local f = require "support.rr_fire"
local game = require "volley.game"
local fire = require "systems.rough_and_ready.fire"
local charge = require "systems.rough_and_ready.charge"

-- Runs `fn(g)` answering each request with the next of `answers`; returns each request's
-- kind and its notes by answer (`{kind =, notes = {answer = note}}`).
local function told(g, answers, fn)
  local seen, queue = {}, {}
  for i, a in ipairs(answers) do queue[i] = a end
  local co = coroutine.create(function() fn(g) end)
  ask.drive(co, function(_, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    local notes, by = ask.notes(req), {}
    for i, v in ipairs(ask.legal(req)) do by[tostring(v)] = notes and notes[i] or nil end
    seen[#seen + 1] = { kind = req.kind, notes = by }
    return assert(table.remove(queue, 1), "out of answers at " .. req.kind)
  end)
  return seen
end

describe("the tell of", function()
  it("return_fire: yes fires back at the firers' hex, its range and DRM [rough_and_ready 6.14]",
    function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0704" })
    g.dice:force{ 0, 0 }
    local seen = told(g, { "yes" }, function() fire.fire(g, { "4US-1" }, "0704") end)
    assert.are.equal("return_fire", seen[1].kind)
    assert.are.same({ yes = "back at 0703: range 1, DRM -1 (small arms)", no = "" },
      seen[1].notes)
  end)

  it("return_fire by cavalry: then no counter-charge [rough_and_ready 6.46]", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["VN-1"] = "0704" })
    g.dice:force{ 0, 0 }
    local seen = told(g, { "no" }, function() fire.fire(g, { "4US-1" }, "0704") end)
    assert.are.same({ yes = "back at 0703: range 1, DRM -2 (small arms); then no counter-charge",
                      no = "" }, seen[1].notes)
  end)

  it("reaction_fire: yes fires at the mover, once an activation [rough_and_ready 6.14]",
    function()
    local g = f.fixture({ ["4US-1"] = "0703", ["4L-1"] = "0704" })
    g.dice:force{ 0 }
    local seen = told(g, { "yes" }, function() fire.movement_reaction(g, "4US-1", "0703") end)
    assert.are.equal("reaction_fire", seen[1].kind)
    assert.are.same({ yes = "at 4US-1 in 0703: range 1, DRM -1 (small arms); once an "
      .. "activation", no = "" }, seen[1].notes)
  end)

  it("combine: each set's fire, and each gun alone [rough_and_ready 6.22]", function()
    -- Ringgold's four guns in 3016, facing SW/NW: a Mexican unit moves into 2916, their front
    local g = game.open("rough-and-ready/palo-alto")
    g:setup_defaults()
    local mex = g.store:units{ side = "MEX", class = "combat" }[1]
    f.put(g, { [mex] = "2916" })
    g.dice:force{ 0 }
    local seen = told(g, { "no", "yes", "C3US-1+C3US-2", "no", "no" }, function()
      fire.movement_reaction(g, mex, "2916")
    end)
    assert.are.same({ "reaction_fire", "reaction_fire", "combine" },
      { seen[1].kind, seen[2].kind, seen[3].kind })
    assert.are.equal("at " .. mex .. " in 2916: range 1, DRM +2 (artillery); once an activation",
      seen[2].notes.yes)
    assert.are.equal("range 1, DRM +3 (artillery)", seen[3].notes["C3US-1+C3US-2"])
    assert.are.equal("range 1, DRM +5 (artillery)", seen[3].notes["C3US-1+C3US-2+C3US-3+C3US-4"])
    assert.are.equal("alone: range 1, DRM +2 (artillery)", seen[3].notes.alone)
  end)

  it("counter_charge: each unit's chance, what passing and failing bring "
    .. "[rough_and_ready 6.44]", function()
    local g = f.fixture({ ["4US-1"] = "0703", ["VN-1"] = "0704", ["VN-2"] = "0704" })
    g.dice:force{ 0, 0 }
    local seen = told(g, { "yes" }, function()
      charge.counter(g, { "4US-1" }, "0704", { ["4US-1"] = "0703" }, {})
    end)
    assert.are.equal("counter_charge", seen[1].kind)
    assert.are.same({ yes = "VN-1 5 in 10, VN-2 5 in 10; pass: defender +1; fail: back 2, "
      .. "Disordered", no = "" }, seen[1].notes)
    -- against a charger (4US-1 counted Charging here): the charge's +2, 3 hexes back
    g = f.fixture({ ["4US-1"] = "0703", ["VN-1"] = "0704" })
    g.vars.charging = { "4US-1" }
    g.dice:force{ 0 }
    seen = told(g, { "yes" }, function()
      charge.counter(g, { "4US-1" }, "0704", { ["4US-1"] = "0703" }, {})
    end)
    assert.are.equal("VN-1 5 in 10; pass: no +2 for the charge; fail: back 3, Disordered",
      seen[1].notes.yes)
  end)
end)
