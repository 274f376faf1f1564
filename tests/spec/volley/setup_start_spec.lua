-- `setup.start`, the shared point before the set-up (issue 40 point 1; docs/runtime.md "A
-- choice before the set-up"): the runtime fires it in every system, once, at the start of the
-- game's set-up step, before the first set-up request; a handler may ask a side there (a
-- secret request among others), and the answer is one of the set-up's. The demo's
-- tests/data/setup/crowd.ini asks where A's crowd and B's ring set up; Resaca's variable
-- deployment (tests/spec/scenarios/resaca_variable_spec.lua) is the real user.
local game = require "volley.game"
local ask = require "volley.ask"
local secret = require "volley.secret"
local systems = require "volley.systems"

-- Runs the set-up of tests/data/setup/crowd.ini with `handler` on setup.start; returns the requests asked
-- (`<side> <kind>`, in order) and the game.
local function set_up(handler)
  local g = game.open("tests/data/setup/crowd.ini", { seed = 1 })
  local fired = 0
  g.hooks:on("setup.start", function(ctx)
    fired = fired + 1
    if handler then handler(g, ctx) end
  end)
  local asked = {}
  local co = coroutine.create(function() g:ask_setup() end)
  ask.drive(co, function(side, req)
    asked[#asked + 1] = side .. " " .. req.kind
    return req.default ~= nil and req.default or ask.legal(req)[1]
  end)
  return asked, g, fired
end

describe("setup.start (the shared point before the set-up)", function()
  it("is in every system's catalogue, fired by the runtime", function()
    for _, id in ipairs({ "demo", "rough_and_ready" }) do
      local d = systems.describe(id)
      local found
      for _, p in ipairs(d.points) do
        if p.name == "setup.start" then found = p end
      end
      assert.truthy(found, id)
      assert.is_true(found.shared)
      assert.are.same({ "observe" }, found.kinds)
      -- set_secret and reveal go with set_flag (docs/runtime.md "Secrets")
      assert.are.same({ "ask", "roll", "set_flag", "set_marker" }, found.actions)
    end
  end)

  it("fires once, before the first set-up request, even with a request of its own", function()
    local asked, g, fired = set_up(function(game_, _)
      assert.are.equal("none", (game_.store:where("A1")))      -- nothing set up yet
      game_:ask("B", { kind = "entry", prompt = "where B4 will come in, in secret",
                       options = { "1204", "1206" }, rule = "[secret 3]",
                       secret = "entry_road" })
    end)
    assert.are.equal(1, fired)
    assert.are.equal("B entry", asked[1])
    assert.are.equal("A place", asked[2])
    assert.are.same({ "1204", false }, { secret.get(g, "B", "entry_road") })
  end)

  it("changes nothing when no handler asks (the set-up's requests as before)", function()
    local plain = set_up()
    local with_observer, _, fired = set_up(function() end)
    assert.are.equal(1, fired)
    assert.are.same(plain, with_observer)
    assert.are.equal("A place", plain[1])
  end)
end)
