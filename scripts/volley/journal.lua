--- The journal of a game being played: the save file's header and its lines, kept by the
-- host as the game goes (DESIGN.md Part B "The save file"; docs/save.md "Replay, undo and
-- resume"; the format in docs/formats.md "The save file").
--
-- A host (`volley play`, `volley replay`, a test) makes one with what the game was opened
-- with, adds a line per answer and per forced roll as they happen, and writes the save:
--
--     local journal = require "volley.journal"
--     local ok, info = st:call("volley.session", "open", target, {seed = seed, ...})
--     local j = journal.new{ scenario = info.scenario, files = info.files,
--                            options = info.options, mods = mods, seed = seed,
--                            undo = "strict", bots = {{side = "A", name = "random"}},
--                            cap = 400, view = "referee" }
--     j:answer{ side = "A", request = "move", value = "A1 0204", state = d.state_hash,
--               rolls = d.rolls_count }
--     assert(j:write("game.save"))
--
-- Where the lines go: an answer's line carries the state hash and the roll count once the
-- game has gone on to its next request (or its end); a forced roll's line comes after the
-- answer whose consequences rolled it (before the first answer for rolls made before any),
-- with the state hash of that same checkpoint and its own roll number (`journal.record`
-- does both from a drain). Every file is hashed here, with `volley.core.save.hash_file`,
-- when the journal is made.
-- @module volley.journal

local core = require "volley.core"

local M = {}

local Journal = {}
Journal.__index = Journal

local KEYS = { scenario = true, files = true, options = true, mods = true, seed = true,
               undo = true, bots = true, cap = true, view = true }

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  return keys
end

local function hash(path)
  local h, err = core.save.hash_file(path)
  if not h then error("cannot record " .. path .. ": " .. tostring(err), 3) end
  return h
end

local function copy_list(list)
  local out = {}
  for i, v in ipairs(list or {}) do out[i] = v end
  return out
end

--- Makes a journal: the header of the save, every file hashed now.
-- @tparam table h
--   `scenario` (the id, or the path the scenario was opened by: `volley.session.open`'s
--   `scenario`),
--   `files` (`{{role = "scenario"|"system", path =, file =}, ...}`: `path` is what the header
--   records, `file`, if given, where to read it; `volley.session.open`'s `files`),
--   `options` (`{{name =, path =, file =}, ...}`, the options chosen, in order),
--   `mods` (`{path, ...}` in command-line order, or `{{path =, file =}, ...}`),
--   `seed` (integer below 2^53), `undo` ("strict" or "solo", default "strict"),
--   `bots` (`{{side =, name =}, ...}`), `cap` (the most decisions), `view` ("referee" or a
--   side, default "referee")
-- @treturn Journal
-- @raise for an unknown key, a missing scenario or seed, or a file that cannot be read
function M.new(h)
  if type(h) ~= "table" then
    error("bad argument #1 to 'new' (table expected, got " .. type(h) .. ")", 2)
  end
  for _, k in ipairs(sorted_keys(h)) do
    if not KEYS[k] then
      error("bad argument #1 to 'new' (unknown key '" .. k .. "'; known: bots, cap, files, mods, "
        .. "options, scenario, seed, undo, view)", 2)
    end
  end
  if type(h.scenario) ~= "string" then
    error("bad argument #1 to 'new' (field 'scenario' must be a string)", 2)
  end
  if type(h.seed) ~= "number" then
    error("bad argument #1 to 'new' (field 'seed' must be an integer)", 2)
  end
  local files, options, mods, bots = {}, {}, {}, {}
  local inputs = {}   -- what the game reads, which a save must never overwrite
  for i, f in ipairs(h.files or {}) do
    files[i] = { role = f.role, path = f.path, sha256 = hash(f.file or f.path) }
    inputs[#inputs + 1] = { "the game's " .. tostring(f.role) .. " file", f.file or f.path }
  end
  for i, o in ipairs(h.options or {}) do
    options[i] = { name = o.name, path = o.path, sha256 = hash(o.file or o.path) }
    inputs[#inputs + 1] = { "option " .. tostring(o.name) .. "'s file", o.file or o.path }
  end
  for i, m in ipairs(h.mods or {}) do
    local path = type(m) == "table" and m.path or m
    local file = type(m) == "table" and (m.file or m.path) or m
    mods[i] = { path = path, sha256 = hash(file) }
    inputs[#inputs + 1] = { "the --mod file", file }
  end
  for i, b in ipairs(h.bots or {}) do bots[i] = { side = b.side, name = b.name } end
  local save = {
    scenario = h.scenario, files = files, options = options, mods = mods, seed = h.seed,
    undo = h.undo or "strict", bots = bots, cap = h.cap or 10000, view = h.view or "referee",
    journal = {},
  }
  -- a header the save module refuses is refused now, not when the game is over
  core.save.text(save)
  return setmetatable({ h = save, inputs = inputs }, Journal)
end

--- Adds an answer's line.
-- @tparam table a `{side =, request = <the request's kind>, value = <the canonical answer:
--   string, integer or boolean>, state = <state hash, 16 hex digits>, rolls = <roll count>}`
-- @treturn Journal self
function Journal:answer(a)
  local list = self.h.journal
  list[#list + 1] = { kind = "answer", side = a.side, request = a.request, value = a.value,
                      state = a.state, rolls = a.rolls }
  return self
end

--- Adds a forced roll's line.
-- @tparam table f `{die = "d6"|"d10"|"2d6"|"dn", sides = n (for dn), faces = {face, ...},
--   state = <state hash>, rolls = <the roll's number>}`
-- @treturn Journal self
function Journal:forced(f)
  local list = self.h.journal
  list[#list + 1] = { kind = "forced", die = f.die, sides = f.sides, faces = copy_list(f.faces),
                      state = f.state, rolls = f.rolls }
  return self
end

--- Records what one resume of the game did: the answer that was given (if any) and the
-- forced rolls the game made on the way to its next request, as `volley.session.drain`
-- reports them.
-- @tparam ?table answered `{side =, request =, value =}` or nil (the first resume)
-- @tparam table d the drain: `{rolls = {...}, state_hash =, rolls_count =}`
-- @treturn Journal self
function Journal:record(answered, d)
  if answered then
    self:answer{ side = answered.side, request = answered.request, value = answered.value,
                 state = d.state_hash, rolls = d.rolls_count }
  end
  for _, r in ipairs(d.rolls or {}) do
    if r.forced then
      self:forced{ die = r.die, sides = r.sides, faces = r.faces or { r.natural },
                   state = d.state_hash, rolls = r.n }
    end
  end
  return self
end

--- Drops the journal's last answer and every line after it (an undo).
-- @treturn Journal self
function Journal:drop_last()
  local list = self.h.journal
  local k = #list
  while k > 0 and list[k].kind ~= "answer" do k = k - 1 end
  if k == 0 then return self end
  for i = #list, k, -1 do list[i] = nil end
  return self
end

--- How many answers the journal holds.
-- @treturn integer
function Journal:answers()
  local n = 0
  for _, e in ipairs(self.h.journal) do
    if e.kind == "answer" then n = n + 1 end
  end
  return n
end

--- The save as `volley.core.save.text`, `write` and `autosave` take it (a copy of the
-- header's lists; the journal lines shared).
-- @treturn table
function Journal:save()
  local h = self.h
  local out = {}
  for k, v in pairs(h) do out[k] = v end
  out.journal = copy_list(h.journal)
  return out
end

--- Writes the save atomically (`volley.core.save.write`), never over a file the game reads
-- (its scenario's and system's files, an option's, a mod: compared by device and inode, so a
-- link to one is caught too; the prompt's `save FILE` once replaced a mod or map.ini so).
-- @tparam string path
-- @treturn[1] true
-- @treturn[2] nil
-- @treturn[2] string "file:line: why", or "<path> would overwrite the --mod file <file>"
function Journal:write(path)
  for _, f in ipairs(self.inputs or {}) do
    if core.save.same_file(path, f[2]) then
      return nil, path .. " would overwrite " .. f[1] .. " " .. f[2]
    end
  end
  -- a journal the save module refuses (a line no check upstream caught) is said, not raised:
  -- the game that stopped still ends with its message and its exit status
  local wok, ok, err = pcall(core.save.write, path, self:save())
  if not wok then return nil, (tostring(ok):gsub("^bad argument #2 to '[^']*' %((.*)%)$", "%1")) end
  if not ok then
    -- an error of the disk names its file in its message already ("cannot write '/x/.g.save.tmp':
    -- File too large"): said once, not after the same name again; when it is the temporary
    -- file (docs/save.md "Atomic write"), that the save there before is whole
    if type(err) == "table" and type(err.msg) == "string" and type(err.file) == "string"
        and (err.line or 0) == 0 and err.msg:find("'" .. err.file .. "'", 1, true) then
      local dir, base = path:match("^(.*/)([^/]*)$")
      if err.file == (dir or "") .. "." .. (base or path) .. ".tmp" then
        return nil, err.msg .. " (" .. path .. " was not touched)"
      end
      return nil, err.msg
    end
    return nil, tostring(err)
  end
  return true
end

--- Whether the journal is full: one more answer would leave no room in a save
-- (`volley.core.save.limits.lines` journal lines). `volley play` stops a game whose journal
-- is full as it stops a capped one, so that the game can still be saved and read back.
-- @treturn boolean
function Journal:full()
  return #self.h.journal >= core.save.limits.lines - 1
end

--- The save's text, its checksum line included.
-- @treturn string
function Journal:text()
  return core.save.text(self:save())
end

return M
