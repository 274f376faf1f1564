--- The `game_start` event: the first line of every `--json` stream (`volley play`, `volley
-- sim`), what the game or run was played with, as a save's header records it (docs/json.md
-- "game_start"; docs/formats.md "The save file").
-- @module volley.game_start

local core = require "volley.core"
local json = require "volley.json"

local M = {}

-- The SHA-256 of a file, or nil when it cannot be read (the event then leaves it out; the
-- game itself says why the file does not load).
local function hash(path)
  local h = core.save.hash_file(path)
  return type(h) == "string" and h or nil
end

--- The header a game was opened with, as `volley.journal.new` records it, for a game that
-- has no journal (a scenario path a save cannot name; a run of `volley sim`): every file
-- hashed now.
-- @tparam table info `volley.session.open`'s answer (`scenario`, `files`, `options`)
-- @tparam {string,...} mods the mods' paths, in command-line order
-- @treturn table `{scenario=, files=, options=, mods=}` as a save's header has them
function M.header_of(info, mods)
  local h = { scenario = info.scenario, files = {}, options = {}, mods = {} }
  for i, f in ipairs(info.files or {}) do
    h.files[i] = { role = f.role, path = f.path, sha256 = hash(f.file or f.path) }
  end
  for i, o in ipairs(info.options or {}) do
    h.options[i] = { name = o.name, path = o.path, sha256 = hash(o.file or o.path) }
  end
  for i, m in ipairs(mods or {}) do h.mods[i] = { path = m, sha256 = hash(m) } end
  return h
end

--- The event.
-- @tparam table h the header (`volley.journal`'s `h`, or `header_of`): `scenario`, `files`,
--   `options`, `mods`
-- @tparam table run `{seed =, sides = {id, ...}, bots = {{side =, name =}, ...}, cap =,
--   view = "referee"|side, undo =, resumed = answers replayed (--resume), shard = "k/n",
--   games = n (sim)}`; a side's view carries no seed
-- @treturn table the event for `volley.json.encode`
function M.event(h, run)
  local files, options, mods, bots = {}, {}, {}, {}
  for i, f in ipairs(h.files or {}) do
    files[i] = { role = f.role, path = f.path, sha256 = f.sha256 }
  end
  for i, o in ipairs(h.options or {}) do
    options[i] = { name = o.name, path = o.path, sha256 = o.sha256 }
  end
  for i, m in ipairs(h.mods or {}) do mods[i] = { path = m.path, sha256 = m.sha256 } end
  for i, b in ipairs(run.bots or {}) do bots[i] = { side = b.side, name = b.name } end
  local view = run.view or "referee"
  return { event = "game_start", v = json.V, volley = core.version,
           save_format = core.save.format, scenario = h.scenario,
           seed = view == "referee" and run.seed or nil, files = files, options = options,
           mods = mods, bots = bots, sides = run.sides, max_decisions = run.cap, view = view,
           undo = run.undo, resumed = run.resumed, shard = run.shard, games = run.games }
end

return M
