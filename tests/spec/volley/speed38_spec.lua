--- Issue #38's speed work, seen through what it changes: a replay hands the host its requests
-- unlisted (the recorded answers checked by the rules as typed ones) and the last one listed;
-- an autosave line written but not yet synced is in the file; JSON writes a list of options
-- as dkjson does (docs/performance.md).

local core = require "volley.core"
local dkjson = require "dkjson"
local json = require "volley.json"
local replay = require "volley.replay"
local demo = require "support.demo_games"

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

describe("speed (#38)", function()
  it("replays with the requests unlisted, checking each answer as a typed one", function()
    local g = demo.play{ seed = 1, bots = { A = "charge", B = "charge" } }
    local save = g.journal:save()
    g:close()
    local game = assert(replay.start{ target = save.scenario, seed = save.seed })
    assert.is_true((game.st:call("volley.host", "listing", false)))
    local kind, side, req = game:resume()
    assert.equal("request", kind)
    assert.equal(save.journal[1].side, side)
    assert.equal(save.journal[1].request, req.kind)
    assert.is_nil(req.options)          -- nothing listed, nor the default
    assert.is_nil(req.default)
    assert.is_string(req.prompt)
    -- an illegal answer is refused by the rules as a typed one is
    local _, _, again, refusal = game:resume("A2 1212")
    assert.matches("is not a legal answer", refusal)
    assert.is_nil(again.options)
    -- the recorded answer is taken; with listing on again the next request comes listed
    assert.is_true((game.st:call("volley.host", "listing", true)))
    kind, _, req = game:resume(save.journal[1].value)
    assert.equal("request", kind)
    assert.is_true(#req.options > 0)
    game:close()
  end)

  it("gives the request pending at the end of a replayed journal listed", function()
    local g = demo.play{ seed = 1, bots = { A = "charge", B = "charge" }, stop = 9 }
    local save = g.journal:save()
    local want = g.pending.request
    g:close()
    local game = assert(replay.replay(save))
    local req = game.pending.request
    assert.equal(want.kind, req.kind)
    assert.same(want.options, req.options)
    assert.equal(want.default, req.default)
    game:close()
  end)

  it("writes an autosave line at once and syncs it later when asked", function()
    local path = os.tmpname()
    os.remove(path)
    local g = demo.play{ seed = 1, bots = { A = "charge", B = "charge" }, stop = 4 }
    local s = g.journal:save()
    g:close()
    local lines = s.journal
    s.journal = {}
    local a = assert(core.save.autosave(path, s))
    for i = 1, #lines do assert.is_true(a:append(lines[i], true)) end
    -- unsynced, yet in the file: a process killed now leaves them there
    local read = assert(core.save.read(path, { unfinished = true }))
    assert.equal(#lines, #read.journal)
    assert.is_true(a:sync())
    assert.is_true(a:close())
    s.journal = lines
    assert.equal(core.save.text(s), slurp(path))
    os.remove(path)
  end)

  it("writes a list of options as dkjson writes it", function()
    local printable = {}
    for b = 32, 126 do printable[#printable + 1] = "x" .. string.char(b) .. " 0203" end
    for _, list in ipairs({ { "A1 0203", "face A1 N/NE", "done" }, printable, { "a\"b", "c" },
                            { "a\\b" }, { "caf\195\169" }, { 1, "two", true }, {} }) do
      local t = { event = "request", v = 1, decision = 3, options = list }
      assert.equal(dkjson.encode(t, { keyorder = { "event", "v", "decision", "options" } }),
                   json.encode(t))
    end
  end)
end)
