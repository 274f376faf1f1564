-- volley.points: the hook vocabulary every system shares (issue 35 point 6; docs/runtime.md
-- "Hook points"): the same names and context fields in Rough & Ready and the demo, a shared
-- point a system does not fire refused by name, a system's catalogue that gives a shared
-- point another context refused, and the demo's movement points fired once a hex.
local points = require "volley.points"
local systems = require "volley.systems"
local game = require "volley.game"
local ask = require "volley.ask"
local modcheck = require "volley.modcheck"

local function by_name(d)
  local out = {}
  for _, p in ipairs(d.points) do out[p.name] = p end
  return out
end

describe("the shared hook points (volley.points)", function()
  it("are listed by both systems under the same names, with the shared fields typed alike",
    function()
      local rr, demo = systems.describe("rough_and_ready"), systems.describe("demo")
      local fired = {}
      for _, d in ipairs({ rr, demo }) do
        local pts, not_fired = by_name(d), {}
        for _, n in ipairs(d.not_fired) do not_fired[n] = true end
        for _, sp in ipairs(points.SHARED) do
          local p = pts[sp.name]
          -- each shared point is either fired (declared, marked shared) or said not fired
          assert.is_true((p ~= nil) ~= (not_fired[sp.name] == true), d.system .. " " .. sp.name)
          if p then
            assert.is_true(p.shared)
            fired[sp.name] = (fired[sp.name] or 0) + 1
            local types = {}
            for _, f in ipairs(p.fields) do types[f.name] = f.type end
            for _, f in ipairs(sp.fields) do
              assert.are.equal(f[2], types[f[1]], d.system .. " " .. sp.name .. "." .. f[1])
            end
          end
        end
      end
      -- the points both systems fire: the same names in each
      local both = {}
      for _, sp in ipairs(points.SHARED) do
        if fired[sp.name] == 2 then both[#both + 1] = sp.name end
      end
      assert.are.same({ "setup.start", "game.start", "game.end", "movement.enter", "movement.leave",
        "movement.stop", "fire.drm", "fire.resolved", "victory.check", "reinforcement.due",
        "reinforcement.arrive" }, both)
      assert.are.same({ "schedule.event", "turn.end", "turn.start" }, rr.not_fired)
      assert.are.same({ "activation.end", "activation.start", "rally.attempt", "retreat.apply",
        "shock.drm", "shock.resolved" }, demo.not_fired)
    end)

  it("are documented once, in docs/runtime.md's table, as points.lua declares them", function()
    local f = assert(io.open("docs/runtime.md", "r"))
    local doc = f:read("a")
    f:close()
    for _, sp in ipairs(points.SHARED) do
      local fields = {}
      for _, fd in ipairs(sp.fields) do fields[#fields + 1] = "`" .. fd[1] .. "` " .. fd[2] end
      local row = "| `" .. sp.name .. "` | " .. table.concat(sp.kinds, ", ") .. " | " .. sp.when
        .. " | " .. (#fields > 0 and table.concat(fields, ", ") or "--") .. " |"
      assert.is_truthy(doc:find(row, 1, true), "no row: " .. row)
    end
  end)

  it("are shown in volley hooks, each fired or not fired by this system", function()
    local text = systems.catalogue_text("rough_and_ready")
    assert.is_truthy(text:find("\n  turn%.start           not fired by this system\n"))
    assert.is_truthy(text:find("\n  game%.start           fired\n"))
    assert.is_truthy(text:find("\n  schedule%.event       not fired by this system\n"))
    assert.is_truthy(text:find("\n  reinforcement%.arrive fired\n"))
    text = systems.catalogue_text("demo")
    assert.is_truthy(text:find("\n  turn%.start           fired\n"))
    assert.is_truthy(text:find("\n  schedule%.event       fired\n"))
    assert.is_truthy(text:find("\n  shock%.drm            not fired by this system\n"))
  end)

  it("refuse a handler on a shared point the system does not fire, saying so", function()
    local reg = systems.registry(systems.load("rough_and_ready"))
    assert.has_error(function() reg:on("turn.start", function() end) end,
      "hook point 'turn.start' is a shared point rough_and_ready does not fire (volley hooks "
        .. "rough_and_ready lists it as not fired)")
    -- an unknown point keeps the registry's message, and modcheck's nearest names
    local ok, err = pcall(reg.on, reg, "fire.drn", function() end)
    assert.is_false(ok)
    assert.is_truthy(modcheck.explain(err, "rough_and_ready")
      :find("unknown hook point 'fire.drn' (nearest: fire.drm", 1, true))
  end)

  it("refuse a system whose catalogue gives a shared point another context", function()
    local function sys(decl)
      return { id = "x", points = { decl }, sequence = function() end }
    end
    assert.has_error(function()
      systems.registry(sys({ name = "turn.start", fields = { { "turn", "string", "t" } },
                             actions = "all" }))
    end, "system 'x': shared hook point 'turn.start' types 'turn' string, not integer "
      .. "(docs/runtime.md \"Hook points\")")
    assert.has_error(function()
      systems.registry(sys({ name = "fire.drm", kinds = { "modify" },
                             fields = { { "mods", "modifiers", "m" } }, actions = "all" }))
    end, "system 'x': shared hook point 'fire.drm' lacks the shared field 'firers' "
      .. "(docs/runtime.md \"Hook points\")")
    assert.has_error(function()
      systems.registry(sys({ name = "victory.check", actions = "all" }))
    end, "system 'x': shared hook point 'victory.check' does not take replace handlers "
      .. "(docs/runtime.md \"Hook points\")")
    assert.has_error(function()
      systems.registry(sys({ name = "rally.attempt", fields = { { "unit", "unit", "u" } },
                             actions = { "roll" } }))
    end, "system 'x': shared hook point 'rally.attempt' must allow every action (\"all\") "
      .. "(docs/runtime.md \"Hook points\")")
  end)
end)

describe("the demo on the shared points", function()
  it("fires movement.leave and movement.enter each hex, movement.stop once a move; "
    .. "game.start, turn.end and game.end", function()
    local g = game.new{ system = "demo", map = "tests/data/demo/map.ini",
                        oob = "tests/data/demo/oob.ini", seed = 3, params = { turns = 1 } }
    assert(g.store:place("A1", "0103"))
    assert(g.store:place("B1", "1203"))
    local seen = {}
    for _, pt in ipairs({ "game.start", "turn.start", "turn.end", "victory.check", "game.end",
                          "movement.leave", "movement.enter", "movement.stop" }) do
      g.hooks:on(pt, function(ctx)
        local s = pt
        if pt == "movement.enter" then s = s .. " " .. ctx.from .. ">" .. ctx.to .. " " .. ctx.cost
        elseif pt == "movement.leave" then s = s .. " " .. ctx.from .. ">" .. ctx.to
        elseif pt == "movement.stop" then
          s = s .. " " .. ctx.from .. ">" .. ctx.hex .. " " .. ctx.cost .. " "
            .. table.concat(ctx.entered, ",") .. " " .. ctx.why
        elseif pt == "game.start" then s = s .. " " .. ctx.first
        elseif pt == "game.end" then s = s .. " " .. ctx.winner .. " " .. ctx.reason end
        seen[#seen + 1] = s
      end)
    end
    local answers = { A = { "A1 0303", "done" }, B = { "done" } }
    ask.drive(coroutine.create(function() g:run() end), function(side, req)
      if req.kind ~= "move" then return "hold" end
      return table.remove(answers[side], 1) or "done"
    end)
    assert.are.same({
      "game.start A", "turn.start",
      "movement.leave 0103>0203", "movement.enter 0103>0203 1",
      "movement.leave 0203>0303", "movement.enter 0203>0303 2",
      "movement.stop 0103>0303 3 0203,0303 arrived",
      "turn.end", "victory.check", "game.end draw last turn",
    }, seen)
  end)
end)
