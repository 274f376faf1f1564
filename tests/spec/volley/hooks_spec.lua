-- volley.hooks: the registry of DESIGN.md Part B "Hooks, requests and modifiers".
local hooks = require "volley.hooks"

local catalogue = {
  { name = "fire.drm", kinds = { "modify", "observe" }, when = "before a fire roll is totalled",
    fields = { "firer", "target" } },
  { name = "activation.roll", kinds = { "observe", "replace" },
    when = "a command's activation roll" },
  { name = "turn.start", when = "at the start of each turn" },
}

describe("volley.hooks", function()
  local reg
  before_each(function() reg = hooks.new(catalogue) end)

  describe("on()", function()
    it("refuses an unknown point and lists the known ones", function()
      assert.has_error(function() reg:on("fire.drn", function() end) end,
        "unknown hook point 'fire.drn' (known: activation.roll, fire.drm, turn.start)")
    end)

    it("refuses a kind the point does not accept", function()
      assert.has_error(function() reg:on("turn.start", function() end, { kind = "replace" }) end,
        "hook point 'turn.start' does not accept replace handlers")
    end)

    it("refuses unknown option keys by name", function()
      assert.has_error(function() reg:on("turn.start", function() end, { source = "me" }) end,
        "unknown option 'source' to 'on' (known: kind, priority)")
    end)

    it("refuses a non-integer priority", function()
      assert.has_error(function() reg:on("turn.start", function() end, { priority = 0.5 }) end,
        "bad priority 0.5 for 'turn.start' (integer expected)")
    end)

    it("refuses a priority beyond +-1000000, an infinity or a table, never showing an address",
      function()
      for _, c in ipairs({ { 1e308, "1e+308" }, { -1 / 0, "-inf" }, { 1000001, "1000001" } }) do
        assert.has_error(function() reg:on("turn.start", function() end, { priority = c[1] }) end,
          "bad priority " .. c[2] .. " for 'turn.start' (an integer from -1000000 to 1000000 expected)")
      end
      assert.has_error(function() reg:on("turn.start", function() end, { priority = {} }) end,
        "bad priority (a table) for 'turn.start' (integer expected)")
      reg:on("turn.start", function() end, { priority = -1000000 })
      assert.are.equal(-1000000, reg:handlers_of("turn.start", "observe")[1].priority)
    end)

    it("remembers the last handler a script gave that ran, until forgotten", function()
      reg:on("turn.start", function() end)
      reg:set_source("mods/house.lua")
      reg:on("turn.start", function() end, { priority = -1 })
      reg:fire("turn.start", {})
      -- the system's handler ran after the mod's: the mod's is still the last script's
      assert.are.same({ source = "mods/house.lua", point = "turn.start", kind = "observe" },
        reg:last_script())
      reg:forget_script()
      assert.is_nil(reg:last_script())
      reg:fire("turn.start", {})
      assert.are.equal("mods/house.lua", reg:last_script().source)
    end)

    it("credits each handler to the source the loader set", function()
      reg:on("turn.start", function() end)
      reg:set_source("battle")
      reg:on("turn.start", function() end)
      reg:set_source("mods/house.lua")
      reg:on("turn.start", function() end)
      assert.are.same({ { source = "system", priority = 0 }, { source = "battle", priority = 0 },
                        { source = "mods/house.lua", priority = 0 } },
        reg:handlers_of("turn.start", "observe"))
    end)
  end)

  describe("order", function()
    it("runs lower priorities first, ties in registration order", function()
      local seen = {}
      reg:on("turn.start", function() seen[#seen + 1] = "system 0" end)
      reg:set_source("battle")
      reg:on("turn.start", function() seen[#seen + 1] = "battle -1" end, { priority = -1 })
      reg:on("turn.start", function() seen[#seen + 1] = "battle 0" end)
      reg:set_source("mod")
      reg:on("turn.start", function() seen[#seen + 1] = "mod 5" end, { priority = 5 })
      reg:on("turn.start", function() seen[#seen + 1] = "mod 0" end)
      reg:fire("turn.start", {})
      assert.are.same({ "battle -1", "system 0", "battle 0", "mod 0", "mod 5" }, seen)
    end)

    it("gives modify handlers the context and the modifier list", function()
      local mods = {}
      reg:on("fire.drm", function(ctx, m) m[#m + 1] = { -1, "range " .. ctx.range } end,
        { kind = "modify" })
      reg:on("fire.drm", function() error("an observe handler must not run in modify") end)
      reg:modify("fire.drm", { range = 2 }, mods)
      assert.are.same({ { -1, "range 2" } }, mods)
    end)

    it("fires a snapshot: a handler registered while a point fires waits for the next firing",
      function()
        local seen = {}
        local function again() seen[#seen + 1] = "again" end
        reg:on("turn.start", function()
          seen[#seen + 1] = "first"
          reg:on("turn.start", again)
        end)
        reg:fire("turn.start", {})
        assert.same({ "first" }, seen)
        reg:fire("turn.start", {})
        assert.same({ "first", "first", "again" }, seen)
      end)
  end)

  describe("replace", function()
    local function default() return "rule" end

    it("runs the rule's own procedure when no handler replaces it", function()
      assert.are.equal("rule", reg:replace("activation.roll", {}, default))
    end)

    it("lets the highest priority win", function()
      reg:on("activation.roll", function() return "high" end, { kind = "replace", priority = 2 })
      reg:set_source("mod")
      reg:on("activation.roll", function() return "low" end, { kind = "replace", priority = 1 })
      assert.are.equal("high", reg:replace("activation.roll", {}, default))
    end)

    it("gives a tie to the last registered", function()
      reg:on("activation.roll", function() return "first" end, { kind = "replace" })
      reg:set_source("mod")
      reg:on("activation.roll", function() return "last" end, { kind = "replace" })
      assert.are.equal("last", reg:replace("activation.roll", {}, default))
    end)

    it("passes the rule's procedure to the winner", function()
      reg:on("activation.roll", function(ctx, rule) return rule(ctx) .. "+house" end,
        { kind = "replace" })
      assert.are.equal("rule+house", reg:replace("activation.roll", {}, default))
    end)
  end)

  it("prints the catalogue one point a line, sorted", function()
    assert.are.equal(
      "activation.roll observe,replace a command's activation roll\n"
      .. "fire.drm observe,modify before a fire roll is totalled\n"
      .. "turn.start observe at the start of each turn\n",
      reg:catalogue())
  end)

  it("refuses a malformed catalogue", function()
    assert.has_error(function() hooks.new{ { name = "Fire" } } end,
      "bad hook point name 'Fire' (expected '<noun>.<event>')")
    assert.has_error(function() hooks.new{ { name = "a.b" }, { name = "a.b" } } end,
      "hook point 'a.b' declared twice")
  end)

  it("lets a handler yield (an ask) and resume where it was", function()
    local log = {}
    reg:on("turn.start", function() log[#log + 1] = coroutine.yield("ask") end)
    reg:on("turn.start", function() log[#log + 1] = "after" end)
    local co = coroutine.create(function() reg:fire("turn.start", {}) return "done" end)
    local _, req = coroutine.resume(co)
    assert.are.equal("ask", req)
    local _, fin = coroutine.resume(co, "answer")
    assert.are.equal("done", fin)
    assert.are.same({ "answer", "after" }, log)
  end)
end)
