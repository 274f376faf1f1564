-- The demo system played through the runtime: the sequence of play, requests answered and
-- refused, both sides asked within one step, and a game resumed at any step boundary from
-- its saved state reaching the uninterrupted game's hash (DESIGN.md principle 5).
local game = require "volley.game"
local ask = require "volley.ask"

local SETUP = { A1 = "0103", A2 = "0105", A3 = "0107", A4 = "0205",
                B1 = "1203", B2 = "1205", B3 = "1207", B4 = "1105" }

local function new_game(seed, placements)
  local g = game.new{ system = "demo", map = "tests/data/demo/map.ini",
                      oob = "tests/data/demo/oob.ini", seed = seed or 3, params = { turns = 4 } }
  for _, u in ipairs(g.store:units{}) do
    if (placements or SETUP)[u] then assert(g.store:place(u, (placements or SETUP)[u])) end
  end
  return g
end

-- Answers from the state alone (its hash picks a legal answer; every fifth move request of a
-- phase is "done"), so a game resumed from a saved state answers exactly as the whole one.
local function state_answerer(g, log)
  return function(side, req, refusal)
    assert(refusal == nil, refusal)
    local legal = ask.legal(req)
    local h = g.store:hash()
    local pick = legal[tonumber(h:sub(1, 7), 16) % #legal + 1]
    if req.kind == "move" and tonumber(h:sub(8, 9), 16) % 5 == 0 then pick = "done" end
    if log then log[#log + 1] = { side = side, kind = req.kind, answer = pick,
                                  path = g.store:cursor().path } end
    return pick
  end
end

local function play(g, opts, answerer)
  ask.drive(coroutine.create(function() g:run(opts) end), answerer)
  return g
end

describe("the demo system [demo 4-6]", function()
  it("plays a whole game to its end, the same on Lua 5.4 and LuaJIT", function()
    local g = new_game()
    local log = {}
    play(g, nil, state_answerer(g, log))
    assert.are.equal("draw", g.vars.winner)
    assert.are.equal("last turn", g.vars.reason)
    assert.are.equal(4, g.vars.turn)
    assert.are.same({ done = true }, g.store:cursor())
    -- pinned on both VMs: the state after the whole game
    -- pinned on both VMs: the state after the whole game, and its 29 decisions
    assert.are.equal("f685d8999580120b", g.store:hash())
    assert.are.equal(29, #log)
  end)

  it("asks both sides within one step: a move, then the enemy's reaction", function()
    local g = new_game(3, { A1 = "0505", B1 = "0705" })
    local seen = {}
    local answers = { "A1 0605", "hold", "done" }
    play(g, nil, function(side, req)
      seen[#seen + 1] = side .. " " .. req.kind .. " at " .. g.store:cursor().path
      return table.remove(answers, 1) or "done"
    end)
    assert.are.same({ "A move at turn 1/phase 1/movement", "B react at turn 1/phase 1/movement",
                      "A move at turn 1/phase 1/movement" }, { seen[1], seen[2], seen[3] })
  end)

  it("refuses an illegal move with its rule and asks again", function()
    local g = new_game(3, { A1 = "0505", B1 = "0705" })
    local refusals = {}
    local answers = { "A1 1212", "B1 0605", "A1 0605", "hold", "done" }
    play(g, nil, function(_, _, refusal)
      if refusal then refusals[#refusals + 1] = refusal end
      return table.remove(answers, 1) or "done"
    end)
    assert.are.same({ "'A1 1212' is not a legal answer to move [demo 4.2]",
                      "'B1 0605' is not a legal answer to move [demo 4.2]" }, refusals)
    assert.are.same({ "hex", "0605" }, { g.store:where("A1") })
  end)

  it("stops a move in an enemy zone of control [demo 3.3]", function()
    local g = new_game(3, { A1 = "0505", B1 = "0705" })
    local legal
    play(g, nil, function(_, req)
      legal = legal or ask.legal(req)
      return "done"
    end)
    local to = {}
    for _, a in ipairs(legal) do to[a] = true end
    assert.is_true(to["A1 0605"])        -- next to B1: reachable
    assert.is_nil(to["A1 0705"])         -- B1's hex: prohibited
    assert.is_nil(to["A1 0806"])         -- beyond B1's zone: would pass through it
  end)

  it("resolves reaction fire with forced dice and a battle's modifier [demo 5.2-5.3]", function()
    local g = new_game(3, { A1 = "0505", B1 = "0705" })
    g.hooks:set_source("battle")
    g.hooks:on("fire.drm", function(_, mods) mods:add(1, "surprise", "[demo BT 1]") end,
      { kind = "modify" })
    g.dice:force(4)                        -- 4 + 1 (surprise) = 5: a hit [demo 5.2]
    local answers = { "A1 0605", "fire", "done" }
    play(g, nil, function() return table.remove(answers, 1) or "done" end)
    assert.are.equal(1, g.store:marker("A1", "hits"))
    local line
    for _, l in ipairs(g.narrative) do if l:find("fires") then line = l end end
    assert.are.equal("B1 fires at A1: d6 4+1 = 5: 1 Hit, hit [demo 5.2]", line)
  end)

  it("continues from any step boundary to the uninterrupted game's state", function()
    local whole = new_game()
    local saved = {}
    play(whole, { on_boundary = function(_, path)
      saved[#saved + 1] = { path = path, text = whole.store:serialize() }
    end }, state_answerer(whole))
    local final = whole.store:hash()
    assert.is_true(#saved >= 12)
    for k, b in ipairs(saved) do
      local g = new_game(99, {})          -- another seed, nobody placed: all comes from the save
      g.store:deserialize(b.text)
      play(g, { resume = true }, state_answerer(g))
      assert.are.equal(final, g.store:hash(), "resumed at boundary " .. k .. " (" .. b.path .. ")")
    end
  end)
end)
