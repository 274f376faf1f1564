-- What a player at the prompt sees and may type in a Rough & Ready game (issue 33 point 12),
-- on the fixture (tests/data/rr: clear rows 01-03 and 07-10, tall grass 2 MP in rows 04-06)
-- and on Palo Alto, units placed by hand, dice forced: a path typed from the unit's own hex,
-- a leader naming his command, Palo Alto's line of sight citing its own rules, a retreat's
-- request saying which hexes cost a Hit, `reach` showing what the move request allows, `all`
-- offered only when it is an answer, and a charge's Commitment asked only when the charge
-- can reach an enemy.
local ask = require "volley.ask"
local f = require "support.rr_fire"
local rr = require "support.rr"
local movement = require "systems.rough_and_ready.movement"
local shock = require "systems.rough_and_ready.shock"
local commands = require "volley.commands"

local function open(at, side, units, guns, facing)
  local g = f.fixture(at, facing)
  g.vars.activation = { n = 1, side = side, units = units, artillery = guns or {},
                        target = side == "US" and "garland" or "canales" }
  g.vars.moved = {}
  return g
end

local function pa(at, facing)
  local g = require("volley.game").open("rough-and-ready/palo-alto")
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  f.put(g, at, facing)
  return g
end

-- Runs `fn(g)` answering each request with the next of `answers`; the requests asked, each
-- `{kind =, prompt =, options =}`.
local function asked(g, answers, fn)
  local queue, out = {}, {}
  for i, a in ipairs(answers) do queue[i] = a end
  ask.drive(coroutine.create(function() fn(g) end), function(_, req, refusal)
    assert(refusal == nil, refusal)
    out[#out + 1] = { kind = req.kind, prompt = req.prompt, options = ask.legal(req) }
    return assert(table.remove(queue, 1), "out of answers at " .. req.kind)
  end)
  return out
end

local function has(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

describe("[rough_and_ready 5.12] a path typed from the unit's own hex", function()
  it("is the path from there, each step as given", function()
    local g = open({ ["4US-1"] = "0302" }, "US", { "4US-1" })
    -- today's main refused it: "0302 -> 0302: not adjacent"
    assert.is_true(movement.validate(g, "4US-1 0302 0303"))
    assert.are.same({ "0303" }, assert(movement.check(g, "4US-1", { "0302", "0303" })).path)
    assert.are.same({ "0303", "0304" },
      assert(movement.check(g, "4US-1", { "0302", "0303", "0304" })).path)
    -- its own hex alone is still no move
    assert.are.same({ false, "4US-1 is already in 0302 (turning in place: face 4US-1 "
      .. "<vertex>) [rough_and_ready 5.34]" }, { movement.validate(g, "4US-1 0302") })
    -- and the answer moves it
    f.run(g, { "4US-1 0302 0303", "SE/S" }, require("systems.rough_and_ready.actions").run)
    assert.are.equal("0303", f.where(g, "4US-1"))
  end)
end)

describe("[rough_and_ready E10] a leader names his command at the prompt", function()
  local names = {
    units = { { id = "Taylor", side = "US", at = "3019" }, { id = "Twiggs", side = "US",
              at = "3121" }, { id = "Garland", side = "US", at = "3018" } },
    commands = { { id = "US", side = "US", leaders = { "Taylor" } },
                 { id = "twiggs", side = "US", leaders = { "Twiggs" } },
                 { id = "garland", side = "US", leaders = { "Garland" } } },
  }
  local pending = { side = "US", kind = "activate", options = { "twiggs", "garland" },
                    rule = "[rough_and_ready 3.11]" }

  it("activate Twiggs and a bare Garland are their commands", function()
    assert.are.same({ kind = "answer", value = "twiggs" },
      commands.interpret("activate Twiggs", pending, names))
    assert.are.same({ kind = "answer", value = "garland" },
      commands.interpret("Garland", pending, names))
  end)

  it("activate Taylor is his army, which the rules refuse citing E10", function()
    assert.are.same({ kind = "answer", value = "US" },
      commands.interpret("activate Taylor", pending, names))
    local rec = rr.play(rr.open(), { "US", "garland" })
    assert.are.same({ "US is led by Taylor, the Overall Commander, who never activates a "
      .. "command (his Leadership may help a leader's roll) [rough_and_ready E10]" },
      rr.refusals(rec))
  end)
end)

describe("[rough_and_ready PA 6.17] line of sight in a Palo Alto game", function()
  it("cites Palo Alto's rules, not Resaca's and Rio Sacramento's", function()
    local g = pa({ ["3US-1"] = "3017", ["5US-1"] = "3016", ["4L-1"] = "3018" })
    local clear, why = require("systems.rough_and_ready.sight").line(g, "3016", "3018")
    assert.is_false(clear)
    assert.are.equal("[rough_and_ready PA 6.17]", why.rule)
  end)
end)

describe("[rough_and_ready 6.44, 6.74, 6.75] a retreat request says which hexes cost a Hit",
  function()
    it("the defender's: a hex in an enemy front costs one, and says whose", function()
      -- 4L-1 (in 0303 until the shock is over, facing NW/N) has 0203 and 0302 in its front
      local g = f.fixture({ ["4US-1"] = "0303", ["4L-1"] = "0304" })
      g.vars.activation = { side = "MEX", units = { "4L-1" }, artillery = {} }
      g.dice:force{ 0, 9, 0 }
      local reqs = asked(g, { "0403" }, function() shock.shock(g, { "4L-1" }, "0303") end)
      assert.are.equal("4US-1 retreats from 0303: into which hex, 0203 (a Hit: the front of "
        .. "4L-1), 0302 (a Hit: the front of 4L-1), 0403 (no Hit)", reqs[1].prompt)
    end)

    it("attacking cavalry's further hexes: none costs a Hit", function()
      local g = f.fixture({ ["4US-1"] = "0303", ["RANCH-1"] = "0304" })
      g.vars.activation = { side = "MEX", units = { "RANCH-1" }, artillery = {} }
      g.dice:force{ 0, 0, 9 }
      local reqs = asked(g, { "stop" }, function() shock.shock(g, { "RANCH-1" }, "0303") end)
      assert.are.equal("retreat", reqs[1].kind)
      local head = "RANCH-1 may retreat a hex further (2 of 3): <hex> or stop; "
      assert.are.equal(head, reqs[1].prompt:sub(1, #head))
      for _, h in ipairs(reqs[1].options) do
        if h ~= "stop" then
          assert.is_truthy(reqs[1].prompt:find(h .. " (no Hit", 1, true), h)
        end
      end
      assert.is_nil(reqs[1].prompt:find("a Hit", 1, true))
    end)
end)

describe("[rough_and_ready 4.23, 5.12] reach shows what the move request allows", function()
  it("nothing for a unit that has moved; a halved MA out of command at the artillery request",
    function()
      local g = open({ ["4US-1"] = "0302" }, "US", { "4US-1" })
      g.vars.moved = { "4US-1" }
      assert.are.same({ nil, "4US-1 has moved this activation: its move is over (MPs are not "
        .. "saved) [rough_and_ready 5.12]" }, { movement.reach(g, "4US-1") })
      -- Garland's 4US-2 far out of his range: at the artillery request it is marked Out of
      -- Command already, and its reach is that of 3 MP (5 halved, rounded up)
      local seen
      g = rr.open()
      assert(g.store:place("4US-2", "1010"))
      local co = coroutine.create(function() g:run() end)
      pcall(ask.drive, co, function(_, req)
        if req.kind == "artillery" then
          seen = { g.store:marker("4US-2", "out_of_command"), movement.ma(g, "4US-2") }
          local far = 0
          for _, e in ipairs(assert(movement.reach(g, "4US-2"))) do
            if e.cost > far then far = e.cost end
          end
          seen[3] = far
          error("stop", 0)
        end
        return req.kind == "activate" and "garland" or "no"
      end)
      assert.are.same({ 1, 3, 3 }, seen)
    end)
end)

describe("[rough_and_ready 4.28] all at the artillery request", function()
  it("is named and offered only when two or more are offered", function()
    local g = rr.open()
    local rec = rr.play(g, { "garland" }, { auto = { leadership = "no" } })
    assert.are.equal("artillery", rec.pending.kind)
    assert.are.same({ "C3US", "done" }, rec.pending.options)
    local prompt
    pcall(ask.drive, coroutine.create(function() rr.open():run() end), function(_, req)
      if req.kind == "artillery" then prompt = req.prompt error("stop", 0) end
      return req.kind == "activate" and "garland" or "no"
    end)
    assert.are.equal("Garland may activate the guns and wagons within his range (one: C3US, "
      .. "or done)", prompt)
  end)
end)

describe("[rough_and_ready 6.41-6.43] a charge's Commitment", function()
  it("is asked only when an enemy can be reached along a charge's move", function()
    -- 4US-1 behind the tall grass (rows 04-06, 2 MP a hex): no charge reaches it
    local g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0303" }, "MEX", { "RANCH-1" })
    assert.is_false(has(movement.options(g), "charge RANCH-1"))
    -- in row 07, two clear hexes away: 0309, 0308 end next to it
    g = open({ ["RANCH-1"] = "0310", ["4US-1"] = "0307" }, "MEX", { "RANCH-1" })
    assert.is_true(has(movement.options(g), "charge RANCH-1"))
    assert.are.equal("0307", (require("systems.rough_and_ready.charge").target(g, "RANCH-1")))
    -- starting in its front: one hex away at most [rough_and_ready 5.15], so no charge
    g = open({ ["RANCH-1"] = "0308", ["4US-1"] = "0307" }, "MEX", { "RANCH-1" })
    assert.is_false(has(movement.options(g), "charge RANCH-1"))
  end)
end)
