--- A game's shared Lua modules: `scenarios/<game>/lib/<name>.lua`, which the battles of one
-- game load with `volley.require "<name>"` so that a rule two battles play is written once
-- (docs/scenarios.md "Files of the game's folder"; docs/modding.md "volley.require").
--
-- The modules a game may load are those of the `lib/` folder of the game folder of each
-- script it runs (a battle's rules.lua, an option: the folder above the scenario file that
-- names it, so an inherited script looks in its own game's `lib/`). They are listed and read
-- once, when the game opens, like every other script (the header of a save hashes each); a
-- module is run, sandboxed, the first time a script of the world requires it, under the
-- budget of the call that requires it, and its result is kept for the world: a world made
-- again runs it again. A module name is `[a-z][a-z0-9_]*`: no path, no dot.
-- @module volley.shared

local core = require "volley.core"
local sandbox = require "volley.sandbox"

local M = {}

--- What a module name looks like: no path characters, so a name never leaves `lib/`.
M.NAME = "^[a-z][a-z0-9_]*$"

--- The longest module name.
M.NAME_MAX = 64

-- The game folders the game's scripts are named from, each once, in a fixed order: the
-- rules.lua files' (the chain's, bottom first), then the options' (by name).
local function game_dirs(g)
  local sc = g.scenario
  local out, seen = {}, {}
  local function add(dir)
    if dir and not seen[dir] then
      seen[dir] = true
      out[#out + 1] = dir
    end
  end
  if not sc or not sc.paths or not sc.paths.game then return out end
  for _, r in ipairs(sc.paths.rules_list or { sc.paths.rules }) do
    add((sc.paths.game.rules_of or {})[r] or sc.paths.game.rules)
  end
  for _, o in ipairs(g.options or {}) do add(sc.paths.game.options[o.name]) end
  return out
end

--- The module files of a game: every `lib/<name>.lua` of the game folders of its scripts,
-- by folder, then name. A file that is not regular, or whose path leads out of its game
-- folder through a symbolic link (lib/ itself a link included), is refused.
-- @tparam table g the game
-- @treturn ?{table,...} `{dir =, name =, file =}`
-- @treturn ?string why not ("<file>: leads out of the game's folder (<dir>) ...")
function M.files(g)
  local out = {}
  for _, dir in ipairs(game_dirs(g)) do
    local lib = dir .. "/lib"
    if core.scenario.kind(lib) == "dir" then
      if core.scenario.inside(dir, lib) ~= true then
        return nil, lib .. ": leads out of the game's folder (" .. dir .. "): a game's shared "
          .. "files stay inside it, symbolic links included"
      end
      for _, e in ipairs(core.scenario.list_dir(lib) or {}) do
        local name = e.name:match("^(.*)%.lua$")
        if name and name:match(M.NAME) and #name <= M.NAME_MAX then
          local file = lib .. "/" .. e.name
          if e.kind ~= "file" or not e.regular then
            return nil, file .. ": not a regular file (a shared module is a .lua file)"
          end
          if core.scenario.inside(dir, file) ~= true then
            return nil, file .. ": leads out of the game's folder (" .. dir .. "): a game's "
              .. "shared files stay inside it, symbolic links included"
          end
          out[#out + 1] = { dir = dir, name = name, file = file }
        end
      end
    end
  end
  return out
end

--- Reads the game's modules (once: at open, before any script runs) and keeps their text on
-- the game (`g.shared`, not game state).
-- @tparam table g
-- @raise "<file>: ..." when a module cannot be listed or read
function M.read(g)
  local files, why = M.files(g)
  if not files then error(why, 0) end
  local texts = {}
  for _, f in ipairs(files) do
    local text, err = sandbox.read(f.file, "battle")
    if not text then error(sandbox.format(err), 0) end
    texts[f.dir .. "\0" .. f.name] = { file = f.file, text = text }
  end
  g.shared = { texts = texts, loaded = {} }
end

--- Forgets the modules run in the world (a world made again runs each again when required).
-- @tparam table g
function M.reset(g)
  if g.shared then g.shared.loaded = {} end
end

--- The game folder a script's `volley.require` looks in: that of the scenario file naming
-- the script (rules.lua, an option), or nil (a mod).
-- @tparam table g
-- @tparam string path the script's path
-- @treturn ?string
function M.dir_of(g, path)
  local sc = g.scenario
  if not sc or not sc.paths or not sc.paths.game then return nil end
  if sc.paths.game.rules_of and sc.paths.game.rules_of[path] then
    return sc.paths.game.rules_of[path]
  end
  if path == sc.paths.rules then return sc.paths.game.rules end
  for name, p in pairs(sc.paths.options) do
    if p == path then return sc.paths.game.options[name] end
  end
  return nil
end

--- The `volley.require` of a script whose modules are in the game folder `dir` (nil: a script
-- without one, a mod). `api(path)` gives the `volley` table of a module loaded from path.
-- @tparam table g
-- @tparam ?string dir
-- @tparam function api
-- @treturn function `require(name)`: the module's value (what its chunk returned, or true)
function M.require_fn(g, dir, api)
  local function require_module(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
    end
    if not name:match(M.NAME) or #name > M.NAME_MAX then
      error("volley.require: bad module name '" .. core.text.clean(name:sub(1, 80)) .. "' (a "
        .. "name of [a-z0-9_] starting with a letter: the game's lib/<name>.lua, no path)", 2)
    end
    if not g.loading then
      error("volley.require: modules are loaded when the script loads, not from a handler", 2)
    end
    if not dir then
      error("volley.require: this script has no game folder (a mod's scripts load no shared "
        .. "module)", 2)
    end
    if not g.shared then M.read(g) end
    local key = dir .. "\0" .. name
    local loaded = g.shared.loaded
    local state = loaded[key]
    if state and state.loading then
      error("volley.require: module '" .. name .. "' requires itself (through the modules it "
        .. "requires)", 2)
    end
    if state then return state.value end
    local m = g.shared.texts[key]
    if not m then
      error("volley.require: no module '" .. name .. "' (no " .. dir .. "/lib/" .. name
        .. ".lua)", 2)
    end
    loaded[key] = { loading = true }
    local fn, env = sandbox.load(m.text, m.file, { api = api(m.file, dir), source = "battle" })
    if not fn then error(env, 0) end
    local ok, value = sandbox.call({ point = "load", source = "battle" }, fn)
    if not ok then
      loaded[key] = nil
      error(value, 0)
    end
    if value == nil then value = true end
    loaded[key] = { value = value }
    return value
  end
  return require_module
end

return M
