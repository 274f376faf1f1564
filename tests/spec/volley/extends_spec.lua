-- Issue 34 points 3 and 4 (docs/scenarios.md "A scenario laid over another", "Files of the
-- game's folder"): a scenario that extends another plays with the layers it inherits; a
-- battle takes files from its game's folder ("game:<path>") and loads the game's shared
-- modules with `volley.require`, once a world, each hashed in the save's header; hostile
-- names, paths and links are refused by name.
local core = require "volley.core"
local game = require "volley.game"

local function sh(cmd)
  assert(os.execute(cmd), cmd)
end

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

-- A game folder in a fresh temporary folder: <tmp>/g/map.ini (the demo's, shared), the battle
-- <tmp>/g/b (scenario.ini naming game:map.ini, the demo's order of battle, rules.lua) and
-- lib/ modules. Returns the battle's folder and the game's.
local function game_folder(rules, modules, extra)
  local tmp = os.tmpname()
  os.remove(tmp)
  local g, b = tmp .. "/g", tmp .. "/g/b"
  sh("mkdir -p " .. b .. " " .. g .. "/lib && cp tests/data/demo/map.ini " .. g .. "/map.ini"
    .. " && cp tests/data/demo/oob.ini " .. b .. "/oob.ini")
  write(b .. "/scenario.ini", table.concat({
    "[scenario]", "title = Shared", "system = demo", "map = game:map.ini", "oob = oob.ini",
    "rules = rules.lua", "provenance = test", "[sides]", "order = A B",
    "[params]", "turns = 4",
    "[setup.A]", "west = 0103, 0105, 0107 | A1 A2 A3", "road = 0205 | A4",
    "[setup.B]", "east = 1203, 1205, 1207 | B1 B2 B3", "road = 1105 | B4",
    extra or "" }, "\n") .. "\n")
  write(b .. "/rules.lua", rules)
  for name, text in pairs(modules or {}) do write(g .. "/lib/" .. name .. ".lua", text) end
  return b, g, tmp
end

local function open(target, opts)
  local st = core.new_state{ modules = { "tests/spec/support" } }
  assert(st:require("volley.session"))
  local ok, info = st:call("volley.session", "open", target, opts)
  return st, ok, info
end

local MOMENTUM = [[
local tally = volley.require "tally"
local M = { loads = tally.bump() }
volley.on("turn.start", function() end)
return M
]]
local TALLY = [[
local n = 0
return { bump = function() n = n + 1; return n end }
]]

describe("volley.require", function()
  it("loads a module of the game's lib/ once a world, for rules.lua and an option alike", function()
    local b, g, tmp = game_folder([[
local m = volley.require "momentum"
assert(m.loads == 1 and volley.require("momentum") == m, "loaded twice")
]], { momentum = MOMENTUM, tally = TALLY, unused = "return 1" }, "[options]\nhouse = house.lua")
    write(b .. "/house.lua", [[
local m = volley.require "momentum"
assert(m.loads == 1, "the option's momentum is another")
]])
    local st, ok, info = open(b, { options = { "house" } })
    assert(ok, info)
    local names = {}
    for _, f in ipairs(info.files) do
      if f.role == "scenario" then names[#names + 1] = f.file:sub(#g + 2) end
    end
    -- every shared file of the game is in the header: the map and each module of lib/
    assert.same({ "b/scenario.ini", "map.ini", "b/oob.ini", "b/rules.lua", "lib/momentum.lua",
                  "lib/tally.lua", "lib/unused.lua" }, names)
    local _, handlers = st:call("world_probe", "handlers")
    local starts = {}
    for _, h in ipairs(handlers) do
      if h:match("^turn%.start") then starts[#starts + 1] = h end
    end
    assert.equal(1, #starts, table.concat(handlers, "\n"))
    st:close()
    sh("rm -rf " .. tmp)
  end)

  it("refuses a module name with path characters, and a module that is not there", function()
    local b, g, tmp = game_folder("", { momentum = "return {}" })
    for _, bad in ipairs({ "../x", "lib/momentum", "momentum.lua", "/etc/passwd", "" }) do
      write(b .. "/rules.lua", "volley.require(" .. string.format("%q", bad) .. ")")
      local st, ok, err = open(b)
      assert.is_false(ok)
      assert.truthy(tostring(err):find("rules.lua:1: volley.require: bad module name", 1, true),
        err)
      st:close()
    end
    write(b .. "/rules.lua", 'volley.require "none"')
    local st, ok, err = open(b)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("volley.require: no module 'none' (no " .. g
      .. "/lib/none.lua)", 1, true), err)
    st:close()
    sh("rm -rf " .. tmp)
  end)

  it("refuses a module that requires itself, and a mod's require", function()
    local b, _, tmp = game_folder('volley.require "a"',
      { a = 'volley.require "b"', b = 'volley.require "a"' })
    local st, ok, err = open(b)
    assert.is_false(ok)
    assert.truthy(tostring(err):find("module 'a' requires itself", 1, true), err)
    st:close()
    write(b .. "/rules.lua", "")
    write(tmp .. "/mod.lua", 'volley.require "a"')
    st, ok, err = open(b, { mods = { tmp .. "/mod.lua" } })
    assert.is_false(ok)
    assert.truthy(tostring(err):find("has no game folder", 1, true), err)
    st:close()
    sh("rm -rf " .. tmp)
  end)

  it("refuses a module or a lib/ folder leading out of the game's folder", function()
    local b, g, tmp = game_folder('volley.require "m"', { m = "return 1" })
    sh("mkdir -p " .. tmp .. "/out && echo 'return 2' > " .. tmp .. "/out/evil.lua && ln -s "
      .. tmp .. "/out/evil.lua " .. g .. "/lib/evil.lua")
    local st, ok, err = open(b)
    assert.is_false(ok)
    assert.equal(g .. "/lib/evil.lua: leads out of the game's folder (" .. g .. "): a game's "
      .. "shared files stay inside it, symbolic links included", err)
    st:close()
    sh("rm -rf " .. g .. "/lib && ln -s " .. tmp .. "/out " .. g .. "/lib")
    st, ok, err = open(b)
    assert.is_false(ok)
    assert.truthy(tostring(err):find(g .. "/lib: leads out of the game's folder", 1, true), err)
    st:close()
    sh("rm -rf " .. tmp)
  end)
end)

describe("game: paths", function()
  it("refuse a file of the game's folder that leads out of it", function()
    local b, g, tmp = game_folder("")
    sh("mv " .. g .. "/map.ini " .. tmp .. "/map.ini && ln -s " .. tmp .. "/map.ini " .. g
      .. "/map.ini")
    local ok, err = pcall(game.open, b)
    assert.is_false(ok)
    assert.equal(b .. "/scenario.ini:4: map: 'game:map.ini' leads out of the game's folder ("
      .. g .. "): a scenario's files stay inside its folder or its game's, symbolic links "
      .. "included", err)
    sh("rm -rf " .. tmp)
  end)
end)

describe("a scenario that extends another", function()
  local roots = { "tests/data/extends", "." }

  it("plays on its own map with the layers of the scenario it extends", function()
    local g = game.open("test-game/board", { roots = roots })
    local sc = g.scenario
    assert.equal("rough-and-ready/palo-alto", sc.extends)
    assert.same({ { file = "./scenarios/rough-and-ready/palo-alto/scenario.ini",
                    rules = { file = "./scenarios/rough-and-ready/palo-alto/scenario.ini",
                              line = 23,
                              path = "./scenarios/rough-and-ready/palo-alto/rules.lua" } } },
      sc.chain)
    -- the battle scripts it plays: Palo Alto's alone (it gives none of its own)
    assert.same({ "./scenarios/rough-and-ready/palo-alto/rules.lua" }, sc.paths.rules_list)
    assert.equal("tests/data/extends/scenarios/test-game/map.ini", sc.paths.map)
    assert.equal("./scenarios/rough-and-ready/palo-alto/rules.lua", sc.paths.rules)
    assert.equal("./scenarios/rough-and-ready/palo-alto/terrain.ini", sc.paths.terrain)
    assert.equal("./scenarios/rough-and-ready/palo-alto/los.ini", sc.paths.los)
    assert.is_false(sc.paths.charts)
    -- Palo Alto's terrain layer gives tall grass its charge-into flag: the board has it too
    local grass = g.map:terrain_type("g", "hex")
    local layer
    for _, v in ipairs(grass.values) do
      if v.key == "flags" then layer = v.layer .. " " .. v.value .. " " .. v.file end
    end
    assert.equal("scenario charge-into ./scenarios/rough-and-ready/palo-alto/terrain.ini", layer)
    assert.equal("[rough_and_ready PA Initial Deployment]", sc.setup_rule)
    assert.equal(300, g.max_decisions)
    assert.equal("0402", g.victory.MEX.road_hexes)
    assert.equal(20, g.victory.MEX.withdrawal)
  end)

  it("names the chain when it cycles or is too deep", function()
    local broken = { "tests/data/broken/scenario/root" }
    local ok, err = pcall(game.open, "loop/a", { roots = broken })
    assert.is_false(ok)
    assert.truthy(err:find("extends: 'loop/a' makes a cycle: loop/a/scenario.ini -> "
      .. "loop/b/scenario.ini -> loop/a/scenario.ini", 1, true), err)
    ok, err = pcall(game.open, "deep/d0", { roots = broken })
    assert.is_false(ok)
    assert.truthy(err:find("makes a chain too deep (a scenario is laid over at most 4 others)",
      1, true), err)
  end)
end)

describe("volley check of a game's shared modules", function()
  it("compiles every module of lib/, required or not, and names a broken one's line", function()
    local b, g, tmp = game_folder('local m = volley.require "good"', {
      good = "return 1", broken = "local x = \nreturn (" })
    local st = core.new_state{ modules = { "tests/spec/support" } }
    assert(st:require("volley.inspect"))
    local ok, r = st:call("volley.inspect", "check_in_state", b)
    assert(ok, r)
    assert.equal(1, #r.errors, table.concat(r.errors, "\n"))
    local prefix = g .. "/lib/broken.lua:2: unexpected symbol near "
    assert.equal(prefix, r.errors[1]:sub(1, #prefix))
    assert.equal(" (load, battle)", r.errors[1]:sub(-15))
    st:close()
    write(b .. "/rules.lua", 'volley.require "../good"')
    st = core.new_state{ modules = { "tests/spec/support" } }
    assert(st:require("volley.inspect"))
    ok, r = st:call("volley.inspect", "check_in_state", b)
    assert(ok, r)
    assert.equal(2, #r.errors)
    assert.truthy(r.errors[2]:find("rules.lua:1: volley.require: bad module name '../good'", 1,
      true), r.errors[2])
    st:close()
    sh("rm -rf " .. tmp)
  end)
end)
