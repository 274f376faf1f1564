--- Scenarios: ids, the data path's scenarios/ folders, and a scenario's set-up (DESIGN.md
-- Part B "Ids and names", "Data files"; docs/scenarios.md is the reference).
--
-- A scenario is a folder holding `scenario.ini`; under a data root's `scenarios/` the folder
-- `<game>/<battle>` has the id `<game>/<battle>`, and every other `<variant>.ini` of it with
-- a `[scenario]` section the id `<game>/<battle>/<variant>`. Anywhere else a scenario is
-- addressed by its path (a folder, or an .ini file). The C reader (`volley.core.scenario`)
-- checks the file; this module finds it, reads it, and turns its set-up lines into
-- placements (applied to the store) and choices (requests the runtime asks), every error
-- carrying its file:line. `volley.game.open` builds a game from it.
-- @module volley.scenario

local core = require "volley.core"
local placement = require "volley.placement"
local charts = require "volley.charts"

local M = {}

local SEGMENT = "^[a-z0-9-]+$"

--- Whether a string is a scenario id: two or three segments of `[a-z0-9-]+` joined by '/'.
-- @tparam string s
-- @treturn boolean
function M.is_id(s)
  if type(s) ~= "string" then return false end
  local n = 0
  for seg in (s .. "/"):gmatch("([^/]*)/") do
    if not seg:match(SEGMENT) then return false end
    n = n + 1
  end
  return n == 2 or n == 3
end

local function roots_of(opts)
  return (opts and opts.roots) or core.data_path()
end

local function join(dir, rel)
  if dir == "." then return rel end
  return dir .. "/" .. rel
end

--- Finds an id on the data path: `<root>/scenarios/<game>/<battle>/scenario.ini`, or for
-- `<game>/<battle>/<variant>` the file `<variant>.ini` there when it has a [scenario]
-- section. The first root holding it wins.
-- @tparam string id
-- @tparam[opt] table opts `{roots = {dir, ...}}` (default: `volley.core.data_path()`)
-- @treturn ?string the file's path
-- @treturn ?string why not
function M.find(id, opts)
  if not M.is_id(id) then
    return nil, "'" .. tostring(id) .. "' is not a scenario id (<game>/<battle>[/<variant>], "
      .. "each [a-z0-9-]+)"
  end
  local game, battle, variant = id:match("^([^/]+)/([^/]+)/?(.*)$")
  if variant == "scenario" then
    return nil, "'" .. id .. "' is not a scenario id: the variant 'scenario' is the battle's "
      .. "own scenario.ini (" .. game .. "/" .. battle .. ")"
  end
  local file = variant == "" and "scenario.ini" or (variant .. ".ini")
  for _, root in ipairs(roots_of(opts)) do
    local dir = root .. "/scenarios/" .. game .. "/" .. battle
    local path = dir .. "/" .. file
    if core.scenario.kind(dir .. "/scenario.ini") == "file"
        and core.scenario.kind(path) == "file" then
      if variant == "" then return path end
      local yes, err = core.scenario.probe(path)
      if yes == nil then return nil, tostring(err) end
      if yes then return path end
    end
  end
  return nil, "no scenario '" .. id .. "' on the data path (scenarios/ of "
    .. table.concat(roots_of(opts), ", ") .. ")"
end

--- Resolves what a player names: an id on the data path first, else a path (a folder
-- holding scenario.ini, or a scenario's .ini file).
-- @tparam string what an id (`rough-and-ready/palo-alto`, `.../variable`) or a path
-- @tparam[opt] table opts `{roots = {...}}`
-- @treturn ?table `{id = id or nil, file = path}`
-- @treturn ?string why not
function M.resolve(what, opts)
  if type(what) ~= "string" or what == "" then
    return nil, "no scenario named (an id or a path expected)"
  end
  local why
  if M.is_id(what) then
    local file
    file, why = M.find(what, opts)
    if file then return { id = what, file = file } end
  end
  local kind = core.scenario.kind(what)
  if kind == "dir" then
    local file = join(what:gsub("/+$", ""), "scenario.ini")
    if core.scenario.kind(file) ~= "file" then
      return nil, what .. ": no scenario.ini in this folder"
    end
    return { file = file }
  elseif kind == "file" then
    local yes, err = core.scenario.probe(what)
    if yes == nil then return nil, tostring(err) end
    if not yes then return nil, what .. ": not a scenario (no [scenario] section)" end
    return { file = what }
  end
  return nil, why or ("no scenario '" .. what .. "' (neither an id on the data path nor a "
    .. "file or folder)")
end

local PLACE = " (a scenario is scenarios/<game>/<battle>/scenario.ini)"
local STRAY_DEPTH = 6  -- folders below a battle's searched for a misplaced scenario.ini

-- Reports each scenario.ini in the folders below dir, down to `left` levels: there it has
-- no id. Folders in byte order, each before the folders inside it; a symbolic link to a
-- folder is not followed (links to "." would make the search exponential, and report the
-- same file under many names).
local function strays(dir, left, problems)
  for _, f in ipairs(core.scenario.list_dir(dir) or {}) do
    if f.kind == "dir" and not f.link and left > 0 then
      local sub = dir .. "/" .. f.name
      if core.scenario.kind(sub .. "/scenario.ini") == "file" then
        problems[#problems + 1] = sub .. "/scenario.ini: too deep for an id" .. PLACE
      end
      strays(sub, left - 1, problems)
    end
  end
end

--- Every scenario and variant on the data path, sorted by id. A battle folder is
-- `scenarios/<game>/<battle>/` holding scenario.ini; its other .ini files with a [scenario]
-- section are its variants. An id found under an earlier root hides the same id under a
-- later one. What cannot be listed (a name that is not an id segment, a file the INI layer
-- refuses, a scenario.ini at a depth that gives no id: `scenarios/`, `scenarios/<game>/`,
-- or a folder below a battle's) is reported, not listed.
-- @tparam[opt] table opts `{roots = {...}}`
-- @treturn {table,...} `{id =, file =, root =}`, sorted by id
-- @treturn {string,...} problems, in the order met
function M.list(opts)
  local found, seen, problems = {}, {}, {}
  local function add(id, file, root)
    if seen[id] then return end
    seen[id] = true
    found[#found + 1] = { id = id, file = file, root = root }
  end
  local function shallow(dir)
    if core.scenario.kind(dir .. "/scenario.ini") == "file" then
      problems[#problems + 1] = dir .. "/scenario.ini: too shallow for an id" .. PLACE
    end
  end
  for _, root in ipairs(roots_of(opts)) do
    local games = core.scenario.list_dir(root .. "/scenarios") or {}
    shallow(root .. "/scenarios")
    for _, g in ipairs(games) do
      local battles = g.kind == "dir" and core.scenario.list_dir(root .. "/scenarios/" .. g.name)
        or {}
      if g.kind == "dir" then shallow(root .. "/scenarios/" .. g.name) end
      for _, b in ipairs(battles) do
        local dir = root .. "/scenarios/" .. g.name .. "/" .. b.name
        if b.kind == "dir" and core.scenario.kind(dir .. "/scenario.ini") == "file" then
          local bad = not g.name:match(SEGMENT) and g.name or not b.name:match(SEGMENT) and b.name
          if bad then
            problems[#problems + 1] = dir .. ": '" .. bad .. "' is not an id segment ([a-z0-9-]+)"
          else
            local id = g.name .. "/" .. b.name
            add(id, dir .. "/scenario.ini", root)
            for _, f in ipairs(core.scenario.list_dir(dir) or {}) do
              local v = f.name:match("^(.*)%.ini$")
              if f.kind == "file" and v and v ~= "scenario" then
                local path = dir .. "/" .. f.name
                local yes, err = core.scenario.probe(path)
                if yes == nil then
                  problems[#problems + 1] = tostring(err)
                elseif yes and not v:match(SEGMENT) then
                  problems[#problems + 1] = path .. ": '" .. v
                    .. "' is not an id segment ([a-z0-9-]+)"
                elseif yes then
                  add(id .. "/" .. v, path, root)
                end
              end
            end
          end
        end
        if b.kind == "dir" then
          strays(root .. "/scenarios/" .. g.name .. "/" .. b.name, STRAY_DEPTH, problems)
        end
      end
    end
  end
  table.sort(found, function(a, b) return a.id < b.id end)
  return found, problems
end

--- The game's folder of a scenario file: the folder above the file's own
-- (`scenarios/<game>/` for a scenario with an id), where "game:" paths and shared modules
-- (`lib/<name>.lua`) are found.
-- @tparam string file a scenario file's path
-- @treturn string
function M.game_dir(file)
  local dir = file:match("^(.*)/[^/]*$")
  if dir == nil then return ".." end
  if dir == "" then return "/" end
  local up = dir:match("^(.*)/[^/]*$")
  local last = dir:match("([^/]*)$")
  if last == "." or last == ".." then return dir .. "/.." end
  if up == nil then return "." end
  return up == "" and "/" or up
end

--- Reads a scenario: resolves it and reads its file (and the files it is laid over: its base
-- or the scenario it extends, up their chain) with the C reader.
-- @tparam string what an id or a path
-- @tparam[opt] table opts `{roots = {...}}`
-- @treturn ?table the description of `volley.core.scenario.load` with `id` (nil for a
--   scenario addressed by path) and `paths = {map =, oob =, rules =, start =, options =
--   {name = path}, terrain =, los =, charts = (each a path, or false for none), roots =
--   {terrain =, los =, charts =} (the folder each stays inside), game = {rules = dir,
--   options = {name = dir}} (the game folder of the file that named each script: where its
--   `volley.require` looks)}`, every path read in the folder of the file that gave it
-- @treturn ?string why not: "no scenario ...", or "file:line: message"
function M.read(what, opts)
  local where, why = M.resolve(what, opts)
  if not where then return nil, why end
  local sc, err = core.scenario.load(where.file, { roots = roots_of(opts) })
  if not sc then return nil, tostring(err) end
  sc.id = where.id
  local function path(key) return sc.at[key] and sc.at[key].path or nil end
  sc.paths = { map = path("map"), oob = path("oob"), rules = path("rules"),
               start = path("start"), options = {},
               roots = {}, game = { options = {} } }
  if sc.rules then sc.paths.game.rules = M.game_dir(sc.at.rules.file) end
  -- the battle scripts of the chain, the bottom scenario's first: a scenario laid over another
  -- that gives a rules.lua of its own plays it after the ones it inherits (docs/scenarios.md
  -- "A scenario laid over another"); each with the game folder of the file that named it
  sc.paths.rules_list, sc.paths.game.rules_of = {}, {}
  local levels = {}
  for i = #(sc.chain or {}), 1, -1 do levels[#levels + 1] = sc.chain[i].rules end
  levels[#levels + 1] = sc.at.rules
  for _, at in ipairs(levels) do
    local list = sc.paths.rules_list
    if at and at.path and list[#list] ~= at.path then
      list[#list + 1] = at.path
      sc.paths.game.rules_of[at.path] = M.game_dir(at.file)
    end
  end
  for _, o in ipairs(sc.options) do
    sc.paths.options[o.name] = o.full
    sc.paths.game.options[o.name] = M.game_dir(o.file)
  end
  for _, k in ipairs({ "terrain", "los", "charts" }) do
    local l = sc.layers[k]
    sc.paths[k] = l and l.path or false
    sc.paths.roots[k] = l and l.root or nil
  end
  return sc
end

local function at(sc, key)
  local a = sc.at[key]
  return a.file .. ":" .. a.line .. ": "
end

local function names_of(list, field)
  local out = {}
  for _, x in ipairs(list) do out[#out + 1] = x[field] end
  return table.concat(out, ", ")
end

--- The scenario's parameters, with the caller's overrides (`game.params`).
-- @tparam table sc from `read`
-- @tparam[opt] table overrides `{name = integer}`: only names the scenario declares
-- @treturn ?table `{name = integer}`
-- @treturn ?string "unknown parameter 'x' (the scenario's: turns)", "parameter turns: ..."
function M.params(sc, overrides)
  local out = {}
  for _, p in ipairs(sc.params) do out[p.name] = p.value end
  local keys = {}
  for k in pairs(overrides or {}) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  for _, k in ipairs(keys) do
    if out[k] == nil then
      return nil, "unknown parameter '" .. k .. "' (the scenario's: "
        .. (#sc.params > 0 and names_of(sc.params, "name") or "none") .. ")"
    end
    local v = overrides[k]
    if type(v) ~= "number" or v ~= math.floor(v) then
      return nil, "parameter " .. k .. ": " .. tostring(v) .. " is not an integer"
    end
    out[k] = v
  end
  return out
end

--- The options a game plays with, checked against the scenario's `[options]`.
-- @tparam table sc from `read`
-- @tparam[opt] {string,...} names the options asked for (`--option NAME`)
-- @treturn ?{table,...} `{name =, path =}` (path joined to the folder), sorted by name
-- @treturn ?string "unknown option 'x' (the scenario's: ...)", "option 'x' asked twice"
function M.options(sc, names)
  local chosen, out = {}, {}
  for _, n in ipairs(names or {}) do
    if sc.paths.options[n] == nil then
      return nil, "unknown option '" .. tostring(n) .. "' (the scenario's: "
        .. (#sc.options > 0 and names_of(sc.options, "name") or "none") .. ")"
    end
    if chosen[n] then return nil, "option '" .. n .. "' asked twice" end
    chosen[n] = true
  end
  for _, o in ipairs(sc.options) do
    if chosen[o.name] then out[#out + 1] = { name = o.name, path = sc.paths.options[o.name] } end
  end
  return out
end

--- The victory parameters by side: `{[side] = {name = integer or text}}`, every side of
-- `[sides] order` present (an empty table when it has none).
-- @tparam table sc
-- @treturn table
function M.victory(sc)
  local out = {}
  for _, s in ipairs(sc.sides) do out[s] = {} end
  for _, v in ipairs(sc.victory) do out[v.side][v.name] = v.value end
  return out
end

--- Checks the order of battle against `[sides] order`: the same sides, in the same order.
-- @tparam table sc
-- @param store a `volley.core.state` store made from the scenario's oob.ini
-- @treturn ?true
-- @treturn ?string "scenario.ini:17: [sides] order is 'B A'; the order of battle's sides
--   (oob.ini) are 'A B'"
function M.check_sides(sc, store)
  local mine, theirs = table.concat(sc.sides, " "), table.concat(store:sides(), " ")
  if mine ~= theirs then
    return nil, at(sc, "order") .. "[sides] order is '" .. mine .. "'; the order of battle's "
      .. "sides (" .. sc.oob .. ") are '" .. theirs .. "'"
  end
  return true
end

-- A value's rule: a set-up line may end in `[<system> <case>]` after its unit ids (a
-- bracket opening with a system id: the battle books' `[March]` is a set-up note).
local function split_rule(text)
  local body, rule = text:match("^(.-)%s*(%[[^%[%]]*%])%s*$")
  if body and body:find("|", 1, true) and rule:match("^%[[a-z][a-z0-9_]* ") then
    return body, rule
  end
  return text, nil
end

-- The battle books' set-up notes among a line's unit ids (docs/formats.md "Set-up notes"):
-- `[March]`, `[Advance]`, `[Attack]`, `[Orders Player's Choice]`; `(Mounted)`,
-- `(Dismounted)`, `(Mounted or Dismounted)`; `In Reserve`; `losses <n>`; `fatigue <level>`
-- (OK, 0-4). Returns the text without them and `{orders =, mount =, reserve =, losses =,
-- fatigue =}` (nil when the line has none), or nil and why.
local ORDERS = { March = "march", Advance = "advance", Attack = "attack",
                 ["Orders Player's Choice"] = "choice" }
local MOUNT = { Mounted = "mounted", Dismounted = "dismounted",
                ["Mounted or Dismounted"] = "either" }
local function split_notes(text)
  local head, tail = text:match("^([^|]*|)(.*)$")
  if not head then return text, nil end
  local notes, bad, any = {}, nil, false
  local function set(k, v, what)
    if notes[k] ~= nil then bad = bad or ("two " .. what .. " notes") end
    notes[k], any = v, true
  end
  tail = tail:gsub("%[([^%]]*)%]", function(w)
    if not ORDERS[w] then bad = bad or ("unknown set-up note '[" .. w .. "]' ([March], "
      .. "[Advance], [Attack], [Orders Player's Choice])") end
    set("orders", ORDERS[w], "orders")
    return " "
  end)
  tail = tail:gsub("%(([^%)]*)%)", function(w)
    if not MOUNT[w] then bad = bad or ("unknown set-up note '(" .. w .. ")' ((Mounted), "
      .. "(Dismounted), (Mounted or Dismounted))") end
    set("mount", MOUNT[w], "mounted")
    return " "
  end)
  tail = tail:gsub("%f[%w]In Reserve%f[^%w]", function()
    set("reserve", true, "reserve")
    return " "
  end)
  tail = tail:gsub("%f[%w]losses%s+(%S+)", function(n)
    local v = tonumber(n)
    if not v or v < 0 or v ~= math.floor(v) or v > 99 then
      bad = bad or ("losses " .. n .. ": a number of steps, 0-99")
    end
    set("losses", v and math.floor(v), "losses")
    return " "
  end)
  tail = tail:gsub("%f[%w]fatigue%s+(%S+)", function(l)
    if not (l == "OK" or l:match("^[0-4]$")) then
      bad = bad or ("fatigue " .. l .. ": a level, OK or 0-4")
    end
    set("fatigue", l, "fatigue")
    return " "
  end)
  if bad then return nil, bad end
  return head .. tail, any and notes or nil
end

local function where_of(set)
  local kind = {}
  for _, h in ipairs(set.hexes or {}) do kind[h] = "hex" end
  for _, s in ipairs(set.spaces or {}) do kind[s] = "space" end
  for _, b in ipairs(set.boxes or {}) do kind[b] = "box" end
  return kind
end

--- Where a location string goes in `store:place`: a label, `{space =}` or `{box =}`.
-- @tparam string loc a location of a placement set ("0105", "saltillo/G", "reserve")
-- @tparam string kind "hex", "space" or "box"
local function place_arg(loc, kind)
  if kind == "space" then return { space = loc } end
  if kind == "box" then return { box = loc } end
  return loc
end

--- Evaluates the set-up lines: fixed placements are applied to the store, choices are
-- returned for the runtime to ask (docs/scenarios.md "Set-up").
--
-- Lines are taken side by side in `[sides] order`, each side's lines in file order. Each
-- line is `<placement spec> | <unit ids> [<rule>]`: the spec is read by `volley.placement`
-- on the map with `ctx.above` (the locations of the lines above it in its section),
-- `ctx.locate` (where a unit, or a command's units, stand so far) and `ctx.predicates`;
-- `placement.setup` then fixes or offers each unit's location, leaders (units whose type is
-- a leader type) always a choice among an explicit spec's locations. A choice cites the
-- line's own rule, else `[scenario] setup_rule`.
--
-- Stacking: a fixed placement goes through `opts.check(unit, loc, kind)` first (the system's
-- stacking test, `volley.placement_setup`); a refusal is the line's error. Facing: a spec may
-- end in `facing <word>` (DESIGN.md facing words), given to every unit of the line that
-- faces; a line whose units face without one needs a rule (the facing is then asked).
-- @tparam table sc from `read`
-- @param map the game's `volley.core.map`
-- @param store the game's store (units placed here)
-- @tparam[opt] table opts `{predicates = {name = function(label, map) -> boolean},
--   check = function(unit, loc, kind) -> true | false, why}`
-- @treturn ?table `{placements = {{side =, unit =, at =, file =, line =}, ...},
--   choices = {{side =, units = {...}, options = {...}, kinds = {loc = kind}, default =,
--   request =, file =, line =}, ...}, facings = {{side =, unit =, word =, rule =, file =,
--   line =}, ...}}`, all in line order
-- @treturn ?string "scenario.ini:24: ..." (a bad line, spec, unit, facing, a stacking or
--   store refusal)
function M.setup(sc, map, store, opts)
  opts = opts or {}
  local units, side_of, leader = {}, {}, {}
  for _, u in ipairs(store:units{}) do
    local info = store:unit(u)
    units[u], side_of[u], leader[u] = true, info.side, info.kind == "leader"
  end
  local commands = {}
  for _, c in ipairs(store:commands()) do commands[c] = true end
  local function locate(id)
    local list = {}
    local ids = units[id] and { id } or commands[id] and store:units_of(id,
      { subcommands = true, leaders = true }) or {}
    for _, u in ipairs(ids) do
      local kind, loc = store:where(u)
      if loc and (kind == "hex" or kind == "space" or kind == "box") then list[#list + 1] = loc end
    end
    return list
  end
  local setup_rules = require "volley.placement_setup"
  local grid = setup_rules.grid(map)
  local check = opts.check or function() return true end
  local plan = { placements = {}, choices = {}, facings = {} }
  local first_line = {}
  local above, section = {}, nil
  for _, line in ipairs(sc.setup) do
    local where = line.file .. ":" .. line.line .. ": "
    if line.side ~= section then above, section = {}, line.side end
    local text, rule = split_rule(line.text)
    local notes
    text, notes = split_notes(text)
    if not text then return nil, where .. "set-up line " .. line.key .. ": " .. notes end
    local spec_text, ids = placement.split_line(text)
    if not spec_text then return nil, where .. "set-up line " .. line.key .. ": " .. ids end
    -- the notes: the system reads them (scripts/systems/<id>/setup_notes.lua), marking each
    -- unit and naming the counter it sets up (a cavalry regiment's other side)
    if notes then
      local reader = sc.system and core.find("scripts/systems/" .. sc.system .. "/setup_notes.lua")
        and require("systems." .. sc.system .. ".setup_notes")
      if not reader then
        return nil, where .. "set-up line " .. line.key .. ": system " .. tostring(sc.system)
          .. " reads no set-up notes ([March], (Mounted), In Reserve, losses, fatigue)"
      end
      for i, u in ipairs(ids) do
        if units[u] then
          local id, why = reader.apply(store, u, notes)
          if not id then return nil, where .. "set-up line " .. line.key .. ": " .. why end
          ids[i] = id
        end
      end
    end
    -- `hidden` at the end of the spec: the line's units start hidden from the other sides
    -- (DESIGN.md "Locations, views and hidden information"; docs/formats.md)
    local n_hidden
    spec_text, n_hidden = spec_text:gsub("%s+hidden%s*$", "")
    local facing
    spec_text, facing = placement.split_facing(spec_text)
    if not spec_text then return nil, where .. "set-up line " .. line.key .. ": " .. facing end
    -- `default <location>`: the designer's default of the line's choices
    local default
    spec_text, default = placement.split_default(spec_text)
    if not spec_text then return nil, where .. "set-up line " .. line.key .. ": " .. default end
    for _, u in ipairs(ids) do
      if not units[u] then
        return nil, where .. "unit '" .. u .. "' is not in the order of battle (" .. sc.oob .. ")"
      end
      if side_of[u] ~= line.side then
        return nil, where .. "unit " .. u .. " is side " .. side_of[u] .. "'s, not " .. line.side
          .. "'s"
      end
      if first_line[u] then
        return nil, where .. "unit " .. u .. " is set up twice (first at line " .. first_line[u]
          .. ")"
      end
      first_line[u] = line.line
    end
    local set, why = placement.compile(spec_text, map,
      { above = above, locate = locate, predicates = opts.predicates },
      { origin = { file = line.file, line = line.line } })
    if not set then return nil, why end
    rule = rule or sc.setup_rule
    -- a stand-in rule, to learn whether the line leaves a choice; one without a rule is refused
    local p = placement.setup(set, ids, { leaders = function(u) return leader[u] end,
                                          rule = rule or "?" })
    if not rule and #p.choices > 0 then
      return nil, where .. "placing " .. p.choices[1].units[1] .. " is a choice among "
        .. #p.choices[1].options .. " locations: give the rule that lets the player choose "
        .. "('[<system> <case>]' after the unit ids, or [scenario] setup_rule)"
    end
    if default then
      local used = false
      for _, c in ipairs(p.choices) do
        for _, o in ipairs(c.options) do
          if o == default then
            used = true
            c.default, c.request.default = default, default
          end
        end
      end
      if not used then
        return nil, where .. "set-up line " .. line.key .. ": default " .. default .. " is not "
          .. "a location this line leaves to a choice"
      end
    end
    local faces = {}
    for _, u in ipairs(ids) do faces[u] = setup_rules.facing_kind(store, grid, u) end
    for _, u in ipairs(ids) do
      if faces[u] and not facing and not rule then
        return nil, where .. "placing " .. u .. " leaves its facing to choose: give it "
          .. "('facing <word>' after the spec) or the rule that lets the player choose "
          .. "('[<system> <case>]' after the unit ids, or [scenario] setup_rule)"
      end
    end
    if facing then
      local any = false
      for _, u in ipairs(ids) do any = any or faces[u] ~= nil end
      if not any then
        return nil, where .. "'facing " .. facing .. "': no unit of this line faces"
      end
      local probe = (set.hexes or {})[1]
      local ok, bad = true, nil
      if probe and not facing:lower():find("^toward") then ok, bad = grid:facing(probe, facing) end
      if not ok then return nil, where .. bad end
    end
    local kinds = where_of(set)
    for _, pl in ipairs(p.placements) do
      local legal, refusal = check(pl.unit, pl.at, kinds[pl.at])
      if not legal then
        return nil, where .. "cannot place " .. pl.unit .. " at " .. pl.at .. ": " .. refusal
      end
      local done
      done, refusal = store:place(pl.unit, place_arg(pl.at, kinds[pl.at]))
      if not done then
        return nil, where .. "cannot place " .. pl.unit .. " at " .. pl.at .. ": " .. refusal
      end
      if facing and faces[pl.unit] and kinds[pl.at] == "hex" then
        done, refusal = store:face(pl.unit, facing)
        if not done then
          return nil, where .. "cannot face " .. pl.unit .. " " .. facing .. ": " .. refusal
        end
      end
      if n_hidden > 0 then store:set_hidden(pl.unit, true) end
      plan.placements[#plan.placements + 1] = { side = line.side, unit = pl.unit, at = pl.at,
                                                file = line.file, line = line.line }
    end
    for _, c in ipairs(p.choices) do
      plan.choices[#plan.choices + 1] = { side = line.side, units = c.units, options = c.options,
        kinds = kinds, default = c.default, request = c.request, file = line.file,
        line = line.line, hidden = n_hidden > 0 or nil }
    end
    for _, u in ipairs(ids) do
      if faces[u] then
        plan.facings[#plan.facings + 1] = { side = line.side, unit = u, word = facing,
                                            rule = rule, file = line.file, line = line.line }
      end
    end
    for _, loc in ipairs(placement.locations(set)) do above[#above + 1] = loc end
  end
  return plan
end

--- Places the units of one choice where the answer says.
-- @param store
-- @tparam table choice from `setup`
-- @tparam string answer one of `choice.options`
-- @treturn ?true
-- @treturn ?string why not (not an option, the store's refusal)
function M.place_choice(store, choice, answer)
  if choice.kinds[answer] == nil then
    return nil, "'" .. tostring(answer) .. "' is not an option of '" .. choice.request.prompt
      .. "'"
  end
  for _, u in ipairs(choice.units) do
    local done, refusal = store:place(u, place_arg(answer, choice.kinds[answer]))
    if not done then return nil, "cannot place " .. u .. " at " .. answer .. ": " .. refusal end
  end
  return true
end

-- {====================================================================================
-- Provisional values and the `volley list` line.
-- =====================================================================================

local TERRAIN_KINDS = { "hex", "hexside", "road" }

--- Every value the scenario's data marks provisional (DESIGN.md principle 10): the terrain
-- tables' values (system and scenario layers), the movement tables', the units schema's
-- fields and the order of battle's entries and values, the chart tables (a provisional table
-- once for its layout, then each row of its cells, or its labels when it has no rows), and
-- the line of sight policy's values when the system has one. `volley sources` prints these.
-- @tparam table parts `{sc =, map =, store =, move =}` (`move` and `los` optional)
-- @treturn {table,...} `{layer =, file =, line =, key =, value =, reason =}`, sorted by
--   file, line and key
function M.provisional(parts)
  local sc, map, store = parts.sc, parts.map, parts.store
  local out = {}
  local function add(layer, file, line, key, value, reason)
    out[#out + 1] = { layer = layer, file = file, line = line, key = key,
                      value = value == nil and "" or tostring(value), reason = reason }
  end
  for _, kind in ipairs(TERRAIN_KINDS) do
    for _, id in ipairs(map:terrain_types(kind)) do
      for _, v in ipairs(map:terrain_type(id, kind).values) do
        if v.provisional then
          add(v.layer, v.file, v.line, kind .. "." .. id .. "." .. v.key, v.value, v.provisional)
        end
      end
    end
  end
  if parts.move then
    for _, v in ipairs(parts.move:values()) do
      if v.provisional then
        add(v.layer, v.file, v.line, v.section .. "." .. v.key, v.value, v.provisional)
      end
    end
  end
  local schema = core.find("charts/" .. sc.system .. "/units.ini")
  for _, r in ipairs(core.scenario.provisional(store)) do
    add(r.layer, r.file or schema, r.line, r.key, r.value, r.reason)
  end
  local tables = charts.load(sc.system, sc.paths.roots.charts, sc.paths.charts or nil)
  if tables then
    for _, name in ipairs(tables:names()) do
      local info = tables:info(name)
      if info.provisional then
        -- the table (its axes and headers), then each of its cells, a row a line
        add(info.layer, info.file, info.provisional_line or info.line, "table." .. name, "",
          info.provisional)
        for _, row in ipairs(info.rows) do
          add(info.layer, info.file, row.line, "table." .. name .. "." .. row.label,
            table.concat(row.cells, " | "), info.provisional)
        end
        if #info.rows == 0 and info.labels then
          add(info.layer, info.file, info.labels_line, "table." .. name .. ".labels",
            table.concat(info.labels, " | "), info.provisional)
        end
      end
    end
  end
  if core.find("charts/" .. sc.system .. "/los.ini") then
    local los = core.los.new(map, { system = sc.system, layer = sc.paths.los })
    if los then
      for _, v in ipairs(los:policy().values) do
        if v.provisional then
          add("system", v.file, v.line, v.section .. "." .. v.key, v.text, v.provisional)
        end
      end
      los:close()
    end
  end
  table.sort(out, function(a, b)
    if a.file ~= b.file then return a.file < b.file end
    if a.line ~= b.line then return a.line < b.line end
    return a.key < b.key
  end)
  return out
end

--- Loads what a scenario's data is (map, order of battle, movement tables) without a rule
-- system's scripts, to check it and count its provisional values.
-- @tparam table sc from `read`
-- @treturn ?table `{sc =, map =, store =, move =}`
-- @treturn ?string "file:line: message"
function M.load_data(sc)
  local map, err = core.map.load(sc.paths.map, { terrain = sc.paths.terrain,
                                                 root = sc.paths.roots.terrain })
  if not map then return nil, tostring(err) end
  local schema = core.find("charts/" .. sc.system .. "/units.ini")
  if not schema then
    return nil, at(sc, "system") .. "unknown system '" .. sc.system .. "' (no charts/"
      .. sc.system .. "/units.ini on the data path)"
  end
  local store
  store, err = core.state.new{ schema = schema, oob = sc.paths.oob, map = map }
  if not store then return nil, tostring(err) end
  local ok, why = M.check_sides(sc, store)
  if not ok then return nil, why end
  local mv
  mv, err = core.move.load(map)
  if not mv then return nil, tostring(err) end
  return { sc = sc, map = map, store = store, move = mv }
end

--- The line `volley list` prints for a scenario (docs/shell.md): its id, title, system,
-- sides and provisional count, separated by two spaces. No field holds two spaces in a row:
-- runs of blanks in the title become one space, the sides are joined by one.
-- @tparam table entry from `list`
-- @treturn ?string `<id>  <title>  <system>  <sides>  <n> provisional`
-- @treturn ?string why it cannot be listed ("file:line: message")
function M.list_line(entry)
  local e, why = M.list_entry(entry)
  if not e then return nil, why end
  return table.concat({ e.id, e.title, e.system, table.concat(e.sides, " "),
                        e.provisional .. " provisional" }, "  ")
end

--- What `volley list` says of a scenario, as data (`volley list --json`).
-- @tparam table entry from `list`
-- @treturn ?table `{id =, title =, system =, sides = {...}, provisional = n}` (the title's
--   runs of blanks one space)
-- @treturn ?string why it cannot be listed ("file:line: message")
function M.list_entry(entry)
  local sc, why = M.read(entry.file)
  if not sc then return nil, why end
  local parts
  parts, why = M.load_data(sc)
  if not parts then return nil, why end
  local n = #M.provisional(parts)
  parts.move:close()
  parts.store:close()
  parts.map:close()
  local sides = {}
  for i, side in ipairs(sc.sides) do sides[i] = side end
  return { id = entry.id, title = (sc.title:gsub("%s+", " ")), system = sc.system,
           sides = sides, provisional = n }
end

--- `volley list --json`: one line of JSON, `{"event":"list","v":1,"scenarios":[...],
-- "problems":[...]}` (docs/shell.md "volley list"), each scenario as `list_entry` gives it,
-- sorted by id, and each problem once, in the order met. Returns the exit status: 1 when
-- there is a problem, else 0.
-- @treturn integer
function M.list_json()
  local json = require "volley.json"
  local found, problems = M.list()
  local scenarios, said, out = {}, {}, {}
  local function problem(msg)
    msg = tostring(msg)
    if not said[msg] then
      said[msg] = true
      out[#out + 1] = msg
    end
  end
  for _, entry in ipairs(found) do
    local ok, e, why = pcall(M.list_entry, entry)
    if ok and e then
      scenarios[#scenarios + 1] = e
    else
      problem(ok and why or e)
    end
  end
  for _, p in ipairs(problems) do problem(p) end
  io.stdout:write(json.encode{ event = "list", v = json.V, scenarios = scenarios,
                               problems = out }, "\n")
  return #out > 0 and 1 or 0
end

-- }====================================================================================

return M
