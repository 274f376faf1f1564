--- volley.replay and the session's undo: a saved game replays to the same state, a changed
-- save diverges at the right answer, undo gives back the exact prior state (docs/save.md
-- "Replay, undo and resume").

local replay = require "volley.replay"
local demo = require "support.demo_games"

local CHARGE = { A = "charge", B = "charge" }

local function tmpname()
  local p = os.tmpname()
  os.remove(p)
  return p .. ".save"
end

-- The hashes after each answer of a journal, in order, and after the game's start.
local function answer_hashes(j)
  local out = {}
  for _, e in ipairs(j.h.journal) do
    if e.kind == "answer" then out[#out + 1] = e.state end
  end
  return out
end

local function entries(j)
  return j.h.journal
end

describe("volley.replay", function()
  local path
  before_each(function() path = tmpname() end)
  after_each(function() os.remove(path) end)

  it("replays a saved game to the state hash the game ended with", function()
    for _, c in ipairs({ { seed = 1, bots = CHARGE, dice = { 6, 1, 5 } }, { seed = 5 },
                         { seed = 3, bots = { A = "charge", B = "random" } } }) do
      local g = demo.play(c)
      assert(g.journal:write(path))
      local want = g:state_hash()
      g:close()
      local r = assert(replay.load(path))
      assert.equal(want, r:state_hash())
      assert.equal("done", r.pending.kind)
      r:close()
    end
  end)

  it("gives the live game at the end of an unfinished journal, which plays on alike", function()
    local whole = demo.play{ seed = 2, bots = CHARGE }
    local part = demo.play{ seed = 2, bots = CHARGE, stop = 20 }
    assert(part.journal:write(path))
    part:close()
    local r = assert(replay.load(path))
    assert.equal(20, r.answers)
    assert.equal(answer_hashes(whole.journal)[20], r:state_hash())
    assert.equal("request", r.pending.kind)
    whole:close()
    r:close()
  end)

  it("queues forced rolls at their place, and a changed face changes the state", function()
    local g = demo.play{ seed = 1, bots = CHARGE, dice = { 6, 1, 5 } }
    local save = g.journal:save()
    g:close()
    assert.same({ "forced", "d6", { 6 }, 1 }, { save.journal[8].kind, save.journal[8].die,
                                                save.journal[8].faces, save.journal[8].rolls })
    local r = assert(replay.replay(save))
    r:close()
    save.journal[8].faces = { 4 }
    local why, n
    r, why, n = replay.replay(save)
    assert.is_nil(r)
    assert.equal(7, n)
    assert.matches("^diverged at answer 7: state %x+ after it, the save says "
      .. save.journal[7].state .. " %(line " .. replay.line_of(save, 7) .. "%)$", why)
    -- a forced line the game has no roll for
    save.journal[8].faces = { 6 }
    table.insert(save.journal, 3, { kind = "forced", die = "d10", sides = 10, faces = { 3 },
                                    state = save.journal[2].state, rolls = 1 })
    r, why, n = replay.replay(save)
    assert.is_nil(r)
    assert.equal(2, n)
    assert.equal("diverged at answer 2: the save forces d10 3 but the game rolled no forced die "
      .. "then (line " .. replay.line_of(save, 3) .. ")", why)
  end)

  it("reports the answer where a save diverges: an illegal answer", function()
    local g = demo.play{ seed = 1, bots = CHARGE }
    local save = g.journal:save()
    g:close()
    save.journal[3].value = "A2 1212"
    local r, why, n = replay.replay(save)
    assert.is_nil(r)
    assert.equal(3, n)
    assert.equal("diverged at answer 3: 'A2 1212' is not a legal answer to move [demo 4.2] (line "
      .. replay.line_of(save, 3) .. ")", why)
  end)

  it("reports the answer where a save diverges: another request than the game's", function()
    local g = demo.play{ seed = 1, bots = CHARGE }
    local save = g.journal:save()
    g:close()
    save.journal[6], save.journal[7] = save.journal[7], save.journal[6]
    local _, why, n = replay.replay(save)
    assert.equal(6, n)
    assert.equal("diverged at answer 6: the game asks B for move, the save has A's react \"fire\" "
      .. "(line " .. replay.line_of(save, 6) .. ")", why)
  end)

  it("reports the answer where a save diverges: another state hash or roll count", function()
    local g = demo.play{ seed = 1, bots = CHARGE }
    local save = g.journal:save()
    local real = save.journal[12].state
    g:close()
    save.journal[12].state = "0000000000000000"
    local _, why, n = replay.replay(save)
    assert.equal(12, n)
    assert.equal("diverged at answer 12: state " .. real .. " after it, the save says "
      .. "0000000000000000 (line " .. replay.line_of(save, 12) .. ")", why)
    save.journal[12].state = real
    save.journal[12].rolls = 7
    _, why = replay.replay(save)
    assert.equal("diverged at answer 12: 1 rolls after it, the save says 7 (line "
      .. replay.line_of(save, 12) .. ")", why)
  end)

  it("refuses a save whose files have changed", function()
    local g = demo.play{ seed = 1, stop = 3 }
    local save = g.journal:save()
    g:close()
    save.files[2].sha256 = string.rep("0", 64)
    local r, why, n = replay.replay(save)
    assert.is_nil(r)
    assert.is_nil(n)
    assert.equal("the save does not match the files now: tests/data/demo/map.ini has changed "
      .. "since the game was saved", why)
  end)

  it("replays a game with a mod, and refuses it when the mod has changed", function()
    local mod = os.tmpname()
    local src = assert(io.open("tests/data/mods/veterans.lua")):read("*a")
    local f = assert(io.open(mod, "w"))
    f:write(src)
    f:close()
    local g = demo.play{ seed = 1, bots = CHARGE, mods = { mod } }
    local with_mod = g:state_hash()
    local save = g.journal:save()
    g:close()
    local plain = demo.play{ seed = 1, bots = CHARGE }
    assert.not_equal(plain:state_hash(), with_mod)   -- +1 on every fire roll
    plain:close()
    assert.same({ mod }, { save.mods[1].path })
    local r = assert(replay.replay(save))
    assert.equal(with_mod, r:state_hash())
    r:close()
    f = assert(io.open(mod, "w"))
    f:write(src, "-- changed\n")
    f:close()
    local _, why = replay.replay(save)
    os.remove(mod)
    assert.equal("the save does not match the files now: " .. mod .. " (a mod) has changed "
      .. "since the game was saved", why)
  end)

  it("reports a journal that goes on after the game is over", function()
    local g = demo.play{ seed = 1, bots = CHARGE }
    local save = g.journal:save()
    g:close()
    local last = save.journal[#save.journal]
    save.journal[#save.journal + 1] = { kind = "answer", side = "A", request = "move",
                                        value = "done", state = last.state, rolls = last.rolls }
    local _, why, n = replay.replay(save)
    local answers = #answer_hashes({ h = save })
    assert.equal(answers, n)
    assert.equal("diverged at answer " .. answers .. ": the game is over, the save has A's move "
      .. "\"done\" (line " .. replay.line_of(save, #save.journal) .. ")", why)
  end)
end)

describe("undo", function()
  it("returns the exact state hash before each answer, back to the game's start", function()
    local g = demo.play{ seed = 4, undo = "solo", stop = 14, bots = CHARGE }
    local hashes = answer_hashes(g.journal)
    local start = demo.play{ seed = 4, undo = "solo", stop = 0, bots = CHARGE }
    table.insert(hashes, 1, start:state_hash())
    start:close()
    for k = 14, 1, -1 do
      local kind, _, _, undone = g:undo()
      assert.equal("request", kind)
      assert.equal(hashes[k], g:state_hash())
      assert.is_table(undone)
      assert.equal(k - 1, g.journal:answers())
    end
    local kind, why = g:undo()
    assert.is_nil(kind)
    assert.equal("nothing to undo: no answer since the game began (or within the last 64 steps "
      .. "that had answers)", why)
    g:close()
  end)

  it("under strict, refuses to take back an answer after which a die was rolled", function()
    local g = demo.play{ seed = 1, stop = 7, bots = CHARGE }
    assert.same({ "A", "react", "fire" }, { entries(g.journal)[7].side,
                                            entries(g.journal)[7].request,
                                            entries(g.journal)[7].value })
    local want = g:state_hash()
    local kind, why = g:undo()
    assert.is_nil(kind)
    assert.equal("cannot undo A's answer \"fire\" to react: a die was rolled since; with "
      .. "--undo strict an answer followed by a roll or by hidden information stands (--undo "
      .. "solo takes it back; docs/save.md)", why)
    assert.equal(want, g:state_hash())
    g:close()
  end)

  it("under strict, refuses to take back an answer after which hidden information was revealed",
    function()
      local probe = { state = { modules = { "tests/spec/support" } } }
      -- a hidden unit shown
      probe.before = function(game) assert(game.st:call("session_probe", "hide", "B1", true)) end
      local g = demo.play{ seed = 1, stop = 2, bots = CHARGE, state = probe.state,
                           before = probe.before }
      assert(g.st:call("session_probe", "hide", "B1", false))
      local kind, why = g:undo()
      assert.is_nil(kind)
      assert.equal("cannot undo A's answer \"A1 0503\" to move: hidden information was "
        .. "revealed since (B1 is no longer hidden); with --undo strict an answer followed by a "
        .. "roll or by hidden information stands (--undo solo takes it back; docs/save.md)", why)
      -- still hidden: the answer can be taken back
      assert(g.st:call("session_probe", "hide", "B1", true))
      assert.equal("request", (g:undo()))
      g:close()
      -- game:reveal
      g = demo.play{ seed = 1, stop = 2, bots = CHARGE, state = probe.state }
      assert(g.st:call("session_probe", "reveal", "a chit"))
      kind, why = g:undo()
      assert.is_nil(kind)
      assert.matches("^cannot undo A's answer \"A1 0503\" to move: hidden information was "
        .. "revealed since; with %-%-undo strict", why)
      g:close()
      -- solo takes it back
      g = demo.play{ seed = 1, stop = 2, bots = CHARGE, state = probe.state, undo = "solo" }
      assert(g.st:call("session_probe", "reveal", "a chit"))
      assert.equal("request", (g:undo()))
      g:close()
    end)

  it("takes back the last answer of a game that is over", function()
    local g, kind = demo.play{ seed = 1, bots = CHARGE, undo = "solo" }
    assert.equal("done", kind)
    local hashes = answer_hashes(g.journal)
    local last = entries(g.journal)[#entries(g.journal)]
    assert.same({ "answer", "B", "move", "done" }, { last.kind, last.side, last.request,
                                                     last.value })
    local k, side, req, undone = g:undo()
    assert.same({ "request", "B", "move" }, { k, side, req.kind })
    assert.same({ side = "B", request = "move", value = "done" }, undone)
    assert.equal(hashes[#hashes - 1], g:state_hash())
    assert.equal("done", (g:resume("done")))
    assert.equal(hashes[#hashes], g:state_hash())
    g:close()
  end)

  it("is off, with no snapshots kept, when the game is opened with undo off", function()
    local g = demo.play{ seed = 1, stop = 6, bots = CHARGE, undo = "off" }
    local want = g:state_hash()
    local kind, why = g:undo()
    assert.is_nil(kind)
    assert.equal("undo is off in this game", why)
    assert.equal(want, g:state_hash())
    g:close()
  end)

  it("under strict, takes back an answer no die followed", function()
    local g = demo.play{ seed = 1, stop = 6, bots = CHARGE }
    local hashes = answer_hashes(g.journal)
    local kind, side, req, undone = g:undo()
    assert.same({ "request", "B", "move" }, { kind, side, req.kind })
    assert.same({ side = "B", request = "move", value = "B4 0703" }, undone)
    assert.equal(hashes[5], g:state_hash())
    g:close()
  end)

  it("under solo, takes back a roll, and the same dice come again", function()
    for _, dice in ipairs({ {}, { 6 } }) do
      local g = demo.play{ seed = 1, stop = 7, bots = CHARGE, undo = "solo", dice = dice }
      local after = g:state_hash()
      local hashes = answer_hashes(g.journal)
      local kind, side, req = g:undo()
      assert.same({ "request", "A", "react" }, { kind, side, req.kind })
      assert.equal(hashes[6], g:state_hash())
      local k2 = g:resume("fire")
      assert.equal("request", k2)
      assert.equal(after, g:state_hash())
      g:close()
    end
  end)

  it("under solo, puts a die forced before the answer taken back where it was used", function()
    -- the step's earlier answers rolled naturally; the die forced before the last answer is
    -- used by that answer's rolls, not by the replayed answers' (it once came first)
    for _, stop in ipairs({ 7, 8, 9 }) do
      local g = demo.play{ seed = 1, stop = stop, bots = CHARGE, undo = "solo" }
      local p = g.pending
      local value = demo.charge(p.side, p.request)
      assert(g.st:call("volley.session", "force", { 6 }))
      assert.equal("request", (g:resume(value)))
      local after = g:state_hash()
      assert.equal("request", (g:undo()))
      g:resume(value)
      assert.equal(after, g:state_hash(), "stop " .. stop)
      g:close()
    end
  end)

  it("leaves a journal that replays, after an answer taken back and another given", function()
    local g = demo.play{ seed = 1, stop = 6, bots = CHARGE }
    assert(g:undo())
    local value = "B1 0801"
    local kind = g:resume(value)
    assert.equal("request", kind)
    g.journal:record({ side = "B", request = "move", value = value }, g.drained)
    local want = g:state_hash()
    local save = g.journal:save()
    g:close()
    assert.equal(6, #save.journal)
    local r = assert(replay.replay(save))
    assert.equal(want, r:state_hash())
    r:close()
  end)
end)

describe("volley dump", function()
  it("is the canonical text of the state, which hashes to the game's state hash", function()
    local g = demo.play{ seed = 1, bots = CHARGE }
    local text = g:serialize()
    assert.equal("volley-state 1\n", text:sub(1, 15))
    local game = require("volley.game").open(demo.TARGET, { seed = 99 })
    assert.not_equal(g:state_hash(), game.store:hash())
    assert(game.store:deserialize(text))
    assert.equal(g:state_hash(), game.store:hash())
    assert.equal(text, game.store:serialize())
    g:close()
  end)
end)
