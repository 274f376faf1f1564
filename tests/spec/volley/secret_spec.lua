-- Side secrets (issue 35 point 4; docs/runtime.md "Secrets"): tests/data/secret has B choose
-- its posture and its reinforcement's entry hex by secret requests before play (rules.lua),
-- A keep a face-down marker (a secret value), the posture revealed at turn 2's start and the
-- entry when B4 arrives. Each is driven through `volley play` (scripts, bots, --as, --json,
-- --save) and `volley export`, and read in both sides' views before and after the reveal.
-- tests/data/hidden (B4 set up hidden) shows control in a view.
local game = require "volley.game"
local secret = require "volley.secret"
local view = require "volley.view"

local DIR = "tests/data/secret"

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

-- Runs the volley program with `args`, B's (or the people's) commands `lines` as the script;
-- returns stdout and stderr (joined).
local function play(args, lines)
  local script = os.tmpname()
  write(script, table.concat(lines, "\n") .. "\n")
  local p = assert(io.popen("build/volley play " .. DIR .. " --seed 3 --script " .. script
    .. " " .. args .. " 2>&1"))
  local out = p:read("a")
  p:close()
  os.remove(script)
  return out
end

local function run(cmd)
  local p = assert(io.popen("build/volley " .. cmd .. " 2>&1"))
  local out = p:read("a")
  p:close()
  return out
end

local function lines_of(text)
  local out = {}
  for l in text:gmatch("[^\n]+") do out[#out + 1] = l end
  return out
end

-- The JSON lines before the first that contains `mark`.
local function before(list, mark)
  local out = {}
  for _, l in ipairs(list) do
    if l:find(mark, 1, true) then return out end
    out[#out + 1] = l
  end
  return out
end

describe("side secrets (volley.secret)", function()
  describe("in the store", function()
    local g
    before_each(function() g = game.open(DIR, { seed = 3 }) end)

    it("keeps a secret in game.vars, so the state text and hash carry it", function()
      local h = g.store:hash()
      secret.set(g, "B", "posture", "hold")
      assert.truthy(g.store:serialize():find('\nvar secrets.B.posture "hold"\n', 1, true))
      assert.are_not.equal(h, g.store:hash())
      assert.are.same({ "hold", false }, { secret.get(g, "B", "posture") })
      assert.are.same({ "posture" }, secret.names(g, "B"))
    end)

    it("moves a revealed secret to game.vars.revealed, told for every view", function()
      secret.set(g, "B", "posture", "hold")
      assert.are.equal("hold", secret.reveal(g, "B", "posture", "turn 2"))
      assert.are.same({ "hold", true }, { secret.get(g, "B", "posture") })
      local text = g.store:serialize()
      assert.is_nil(text:find("secrets.B", 1, true))
      assert.truthy(text:find('\nvar revealed.B.posture "hold"\n', 1, true))
      assert.are.equal("B reveals posture: hold (turn 2)", g.narrative[#g.narrative])
      assert.are.same({ side = "B", name = "posture", value = "hold" },
        g.narrative_reveal[#g.narrative])
      assert.has_error(function() secret.reveal(g, "B", "posture") end,
        "secret: B has no secret 'posture' (revealed already)")
    end)

    it("refuses a bad side, name or value", function()
      assert.has_error(function() secret.set(g, "C", "x", 1) end,
        "secret: no side C (sides: A B)")
      assert.has_error(function() secret.set(g, "A", "a b", 1) end,
        "secret: a secret's name is a word of letters, digits, _ and - (at most 64 bytes)")
      assert.has_error(function() secret.set(g, "A", "x", 1.5) end,
        "secret: a secret holds a string, a whole number or a boolean, not a fraction")
    end)

    it("leaves another side's secrets out of a view's text and view_hash", function()
      local a0, b0 = view.new(g, "A"):hash(), view.new(g, "B"):hash()
      secret.set(g, "B", "posture", "hold")
      assert.are.equal(a0, view.new(g, "A"):hash())
      assert.are_not.equal(b0, view.new(g, "B"):hash())
      assert.is_nil(view.new(g, "A"):text():find("secrets.B", 1, true))
      assert.truthy(view.new(g, "B"):text():find('var secrets.B.posture "hold"', 1, true))
      assert.truthy(view.new(g, "referee"):text():find("secrets.B", 1, true))
    end)

    it("refuses a request whose secret is no name", function()
      local ask = require "volley.ask"
      assert.has_error(function()
        ask.check_request{ kind = "k", prompt = "p", rule = "[r]", options = { 1 },
                           secret = "a b" }
      end, "request 'k': secret is true or a secret's name is a word of letters, digits, _ "
        .. "and - (at most 64 bytes)")
      assert.has_error(function()
        ask.check_request{ kind = "k.x", prompt = "p", rule = "[r]", options = { 1 },
                           secret = true }
      end, "request 'k.x': secret = true keeps the answer under the request's kind, and a "
        .. "secret's name is a word of letters, digits, _ and - (at most 64 bytes) (give "
        .. "secret = \"<name>\")")
    end)
  end)

  describe("secret answers in volley play", function()
    -- B a person (the script), A the random bot, shown in A's view
    local function as_a(posture, entry)
      return lines_of(play("--bot A=random --as A --json", { posture, entry, "done" }))
    end

    it("shows A only that B answered, with A's view_hash and requests the same whatever B chose",
      function()
        local hold, advance = as_a("hold", "1204"), as_a("advance", "1206")
        assert.are.equal('{"event":"answer","v":1,"answer":"?","by":"script","decision":1,'
          .. '"kind":"posture","secret":true,"side":"B"}', hold[3])  -- game_start first
        local h, a = before(hold, "reveals posture"), before(advance, "reveals posture")
        assert.is_true(#h > 20)
        assert.are.same(h, a)           -- every request, bot answer and view_hash alike
        for _, l in ipairs(h) do
          if not l:find('"event":"request"', 1, true) then   -- the options name them all
            assert.is_nil(l:find("hold", 1, true))
            assert.is_nil(l:find("1204", 1, true))
          end
          assert.is_nil(l:find("state_hash", 1, true))
        end
      end)

    it("reveals the posture at turn 2 as a line and a reveal event for A", function()
      local out = table.concat(as_a("advance", "1206"), "\n")
      assert.truthy(out:find('{"event":"result","v":1,"text":"B reveals posture: advance '
        .. '(turn 2 [secret 1])"}\n{"event":"reveal","v":1,"name":"posture","side":"B",'
        .. '"value":"advance"}', 1, true))
      assert.truthy(out:find('{"event":"reveal","v":1,"name":"entry_road","side":"B",'
        .. '"value":"1206"}', 1, true))
    end)

    it("shows B its own answers, and A's transcript a bot's secret answer as ?", function()
      local b = play("--bot A=random --as B", { "hold", "1204" })
      assert.truthy(b:find("B> hold\nB's posture is hold [secret 1]\n", 1, true))
      local a = run("play " .. DIR .. " --seed 3 --bot A=first --bot B=random --as A"
        .. " --max-decisions 3")
      assert.truthy(a:find("1. B posture: ? (secret from A)\n2. B entry: ? (secret from A)\n",
        1, true))
      assert.is_nil(a:find("posture is", 1, true))
      assert.truthy(a:find("A's face-down marker is a feint [secret 2]", 1, true))
    end)

    it("keeps the other side's secrets out of lua game.vars", function()
      local b = play("--bot A=random --as B", { "hold", "1204", "lua game.vars" })
      assert.truthy(b:find('secrets = {B = {entry_road = "1204", posture = "hold"}}', 1, true))
      assert.is_nil(b:find("marker", 1, true))
      local a = play("--bot B=random --as A", { "lua game.vars" })
      assert.truthy(a:find('secrets = {A = {marker = "feint"}}', 1, true))
      assert.is_nil(a:find("posture =", 1, true))
      assert.is_nil(a:find("secrets = {B", 1, true))
    end)
  end)

  describe("volley export", function()
    local save = os.tmpname()
    after_each(function() os.remove(save) end)

    it("writes ? for B's secret answers in A's view until they are revealed", function()
      play("--bot A=random --as A --max-decisions 5 --save " .. save, { "advance", "1206" })
      local a = run("export " .. save .. " --as A")
      assert.truthy(a:find("\nanswer B posture ?\nanswer B entry ?\n", 1, true))
      assert.is_nil(a:find("advance", 1, true))
      assert.is_nil(a:find("1206", 1, true))
      assert.truthy(a:find('\nvar secrets.A.marker "feint"\n', 1, true))
      local b = run("export " .. save .. " --as B")
      assert.truthy(b:find('\nanswer B posture "advance"\nanswer B entry "1206"\n', 1, true))
      assert.truthy(b:find('\nvar secrets.B.posture "advance"\n', 1, true))
      assert.is_nil(b:find("marker", 1, true))
    end)

    it("shows the answers once revealed", function()
      play("--bot A=random --as A --save " .. save, { "advance", "1206", "done" })
      local a = run("export " .. save .. " --as A")
      assert.truthy(a:find('\nanswer B posture "advance"\nanswer B entry "1206"\n', 1, true))
      assert.truthy(a:find('\nvar revealed.B.posture "advance"\n', 1, true))
      assert.truthy(a:find("\nunit B4 hex 1206 ", 1, true))
      assert.truthy(run("replay " .. save):find("state_hash", 1, true))
    end)
  end)

  describe("undo strict", function()
    it("takes back a secret answer, but not an answer before a reveal", function()
      local before_reveal = play("--bot A=first --as B", { "hold", "1204", "undo", "1206" })
      assert.truthy(before_reveal:find("undo: B entry 1204 taken back", 1, true))
      -- hot seat: B's last answer of turn 1, then the posture revealed at turn 2's start
      local out = play("", { "hold", "1204", "done", "done", "undo" })
      assert.truthy(out:find("cannot undo B's answer \"done\" to move: hidden information was "
        .. "revealed since;", 1, true))
    end)
  end)

  describe("the bots", function()
    it("answer from the request alone: A's random bot plays the same whatever B's secrets",
      function()
        local function a_answers(posture)
          local out = {}
          for _, l in ipairs(lines_of(play("--bot A=random --as referee --json",
              { posture, "1204", "done" }))) do
            if l:find('"event":"answer"', 1, true) and l:find('"side":"A"', 1, true) then
              out[#out + 1] = l
            end
          end
          return out
        end
        local hold, advance = a_answers("hold"), a_answers("advance")
        assert.is_true(#hold >= 8)      -- turn 1 and turn 2, after the reveal too
        assert.are.same(hold, advance)
      end)
  end)
end)

describe("control in a view (volley.queries.controller)", function()
  it("does not count a unit hidden from the side; the referee's control is the rules'",
    function()
      local function controller(as)
        local p = assert(io.popen("build/volley play tests/data/hidden --seed 3 --bot B=first"
          .. " --as " .. as .. " --script /dev/stdin 2>&1 <<'EOF'\n"
          .. "lua game.controller(\"1105\")\nEOF"))
        local out = p:read("a")
        p:close()
        return out:match('lua game.controller%("1105"%)\n([^\n]*)')
      end
      assert.are.equal('"B"', controller("referee"))   -- B4, hidden, stands in 1105
      assert.are.equal("nil", controller("A"))
    end)
end)
