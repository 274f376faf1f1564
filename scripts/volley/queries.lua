--- What the prompt asks of a game in play, inside its engine-owned state, each answer
-- through the view filter (`volley.view`): the marks of `map`/`svg`, `show`, `los`, `reach`,
-- `log`, `lua`, `rules`, the names commands resolve against, and the drained events of a
-- resume (docs/shell.md "The prompt", "Views"). The host calls them with `state:call`;
-- everything crossing back is plain data.
-- @module volley.queries

local core = require "volley.core"
local session = require "volley.session"
local view_mod = require "volley.view"

local M = {}

local rolls_told = {}   -- the rolls drained so far: {roll = r, before = k}, k the narrative
                        -- line the roll came before

local function game()
  return session.game()
end

--- The view of the current game for `viewer`.
function M.view(viewer)
  return view_mod.new(game(), viewer or "referee")
end

-- The store a viewer sees: the game's own (referee, nothing hidden), or a copy with the
-- units hidden from the viewer taken off the board.
local function view_store(v)
  local g = game()
  if v:whole() then return g.store end
  local copy = g.store:copy()
  for _, u in ipairs(v.hidden_list) do copy:place(u, "none") end
  return copy
end

--- The events of the last resume (`volley.session.drain`), recorded for `log`, and what
-- `viewer` sees of them.
-- @treturn table the drain (for the journal), with `seen = {rolls =, narrative =, events =}`
--   (`events`: the rolls and lines in the order they happened, each `{roll = r}` or `{text =
--   line}`) and `view_hash` for a side
function M.drain(viewer)
  local told = game().narrative_told or 0
  local d = session.drain()
  -- the rolls an undo took back (numbered past the count before these) are forgotten
  local before = d.rolls_count - #d.rolls
  while #rolls_told > 0 and rolls_told[#rolls_told].roll.n > before do
    rolls_told[#rolls_told] = nil
  end
  for _, r in ipairs(d.rolls) do
    rolls_told[#rolls_told + 1] = { roll = r, before = told + (r.at or 0) + 1 }
  end
  local v = M.view(viewer)
  local rolls, events = {}, {}
  local k = 1
  local function rolls_before(i)   -- the rolls made before the drain's narrative line i
    while d.rolls[k] and (d.rolls[k].at or 0) < i do
      if v:roll_at(d.rolls[k], told + (d.rolls[k].at or 0) + 1) then
        rolls[#rolls + 1] = d.rolls[k]
        events[#events + 1] = { roll = d.rolls[k] }
      end
      k = k + 1
    end
  end
  local seen_lines = {}
  for i, line in ipairs(d.narrative) do
    rolls_before(i)
    local shown = v:line_at(line, told + i, d.narrative_to and d.narrative_to[i])
    if shown then
      events[#events + 1] = { text = shown, reveal = d.reveals and d.reveals[i] or nil }
      seen_lines[#seen_lines + 1] = shown
    end
  end
  rolls_before(math.huge)
  d.seen = { rolls = rolls, narrative = seen_lines, events = events }
  if viewer and viewer ~= "referee" then d.view_hash = v:hash() end
  return d
end

--- Whether the game is asking its set-up (`game:ask_setup`): the requests `default all`
-- answers.
function M.in_setup()
  return session.game().in_setup == true
end

--- The rule system's words for the prompt's command language (its optional `words`, plain
-- data: `answers`, `kinds`, `kind_words`, `actions`, `move_verbs`), which the host adds with
-- `volley.commands.extend` when the game is loaded; an empty table when it has none.
-- @treturn table
function M.words()
  local w = game().system.words
  if type(w) ~= "table" then return {} end
  return w
end

--- The game's rule system id.
function M.system()
  return game().system.id
end

--- The turn track now, as `viewer` sees it (docs/runtime.md "Schedules"), or nil when the
-- scenario has no schedule: the turn under way (0 during the set-up; the number of the
-- sequence's `turn` loop), its time, light, events and track line, and the arrivals still
-- to come (`volley.schedule.track`; units hidden from the viewer left out), with `next_text`
-- the line the prompt prints.
-- @treturn ?table
function M.track(viewer)
  local g = game()
  local schedule = require "volley.schedule"
  local path = g.store:cursor().path or ""
  local turn = tonumber(path:match("^turn (%d+)") or path:match("/turn (%d+)")) or 0
  local t = schedule.track(g, turn)
  if not t then return nil end
  local v = M.view(viewer)
  local keep = {}
  for _, n in ipairs(t.next) do
    local units = {}
    for _, u in ipairs(n.units) do if v:sees(u) then units[#units + 1] = u end end
    if #units > 0 then
      n.units = units
      keep[#keep + 1] = n
    end
  end
  t.next = keep
  t.next_text = schedule.next_text(t)
  return t
end

--- What each option of the request the game waits on costs or causes (its `tell`,
-- `volley.ask.notes`): a list parallel to its options, each a short text or "" (one naming a
-- unit hidden from `viewer` is ""); nil when nothing is pending, the request has no `tell`, or
-- it is another side's and `viewer` is neither that side nor the referee. A query: what
-- `tell` runs never rolls nor stays (`?` shows them).
-- @treturn ?{string,...}
function M.notes(viewer)
  local p = session.pending()
  if p == nil or not p.request.tell then return nil end
  viewer = viewer or "referee"
  if viewer ~= "referee" and viewer ~= p.side then return nil end
  local v = M.view(viewer)
  local out = {}
  for i, text in ipairs(require("volley.ask").notes(p.request)) do
    out[i] = text ~= "" and v:line(text) or ""
  end
  return out
end

--- Whether the pending request takes `text` as a compound answer (its `compound`, docs/runtime.md
-- "Requests": an answer carrying those of the requests that follow), for `viewer` (the side
-- asked or the referee); a query, deciding nothing: the answer is then given as any other.
-- @tparam string viewer
-- @tparam string text
-- @treturn boolean
-- @treturn ?string why not, when the request reads the text as a compound answer it refuses
--   (the refusal as `viewer` sees it)
function M.compound(viewer, text)
  local p = session.pending()
  if p == nil or not p.request.compound or type(text) ~= "string" then return false end
  viewer = viewer or "referee"
  if viewer ~= "referee" and viewer ~= p.side then return false end
  local ask = require "volley.ask"
  local first, why = p.request.compound(text)
  if first == nil and (type(why) ~= "string" or why == "") then return false end
  local ok, v, rest = ask.check(p.request, text)
  if ok then return rest ~= nil end
  return false, M.view(viewer):refusal(tostring(v))
end

--- What an answer to the request the game waits on brings that the player may not have
-- meant (its `warn`, `volley.ask.warnings`), as `viewer` sees it: a list of lines, empty when
-- nothing is pending, the request has no `warn`, the answer is not legal, or the request is
-- another side's and `viewer` is neither that side nor the referee (a line naming a unit
-- hidden from `viewer` is left out). A query: what `warn` runs never rolls nor stays.
-- @treturn {string,...}
function M.warnings(viewer, answer)
  local p = session.pending()
  if p == nil or not p.request.warn then return {} end
  viewer = viewer or "referee"
  if viewer ~= "referee" and viewer ~= p.side then return {} end
  local v = M.view(viewer)
  local out = {}
  for _, text in ipairs(require("volley.ask").warnings(p.request, answer)) do
    local seen = v:line(text)
    if seen then out[#out + 1] = seen end
  end
  return out
end

--- A refusal as `viewer` sees it.
function M.refusal(viewer, text)
  return M.view(viewer):refusal(text)
end

--- The units hidden from `viewer` now, id order (a copy): what an answer given now may
-- not show once the rules have revealed one of them (volley.play.loop).
function M.hidden_ids(viewer)
  local out = {}
  for i, u in ipairs(M.view(viewer).hidden_list) do out[i] = u end
  return out
end

--- A line of text as `viewer` sees it (nil: it names a hidden unit).
function M.line(viewer, text)
  return M.view(viewer):line(text)
end

--- `controller(hex)` asked in `viewer`'s view (volley.control; docs/runtime.md "Secrets"):
-- a unit hidden from the viewer does not occupy; the rules' control is `control.of` alone.
-- @param place a hex label, `{space = ID}` or `{box = ID}`
-- @treturn ?string a side, "contested", or nil
function M.controller(viewer, place)
  local v = M.view(viewer)
  return require("volley.control").of(game(), place, function(u) return v:sees(u) end)
end

--- Whether `viewer` sees `side`'s secret `name` (volley.secret): its own, the referee, or
-- a secret revealed.
function M.sees_secret(viewer, side, name)
  if viewer == "referee" or viewer == side then return true end
  local _, revealed = require("volley.secret").get(game(), side, name)
  return revealed == true
end

--- The view hash of `viewer` now.
function M.view_hash(viewer)
  return M.view(viewer):hash()
end

--- The view's canonical text (what `view_hash` hashes).
function M.view_text(viewer)
  return M.view(viewer):text()
end

--- The names commands resolve against (`volley.session.names`), without the units hidden
-- from `viewer`; with the commands and their leaders (`commands = {{id =, side =, leaders =
-- {...}}, ...}`, id order), so that a leader may name the command he leads.
function M.names(viewer, opts)
  local n = session.names(opts)
  local v = M.view(viewer)
  local units = {}
  for _, u in ipairs(n.units) do
    if v:sees(u.id) then units[#units + 1] = u end
  end
  n.units = units
  local store = game().store
  local commands = {}
  for _, c in ipairs(store:commands{}) do
    local info = store:command(c)
    commands[#commands + 1] = { id = c, side = info.side, leaders = info.leaders or {} }
  end
  n.commands = commands
  n.north = game().map:info().north   -- `help face` says where north is (volley.commands)
  return n
end

--- The marks of `map` and `svg` (`volley.setup_view.marks_of`) of the units `viewer` sees.
function M.marks(viewer)
  local g = game()
  local v = M.view(viewer)
  local marks = require("volley.setup_view").marks_of(view_store(v), g.scenario.paths.map,
    g.scenario)
  local off = {}
  for _, e in ipairs(marks.off) do
    if v:sees(e.unit) then off[#off + 1] = e end
  end
  marks.off = off
  marks.focus = M.focus(viewer, v)
  return marks
end

-- How far back `map` looks in the game's story for the last event (lines).
local EVENT_LOOKBACK = 200

-- The hexes of the last event `v` sees, added with `add`: the last line of the game's story
-- (`log`) shown in the view that names a hex of the map or a unit standing on one (`unit_hex`
-- sees it), those hexes in the line's order. Read from the story as told: nothing is kept
-- for it in the game's state (its hash is untouched). True when one was found.
local function last_event(g, v, add, unit_hex)
  local story, to = g.narrative, g.narrative_to
  local on_map
  for i = #story, math.max(1, #story - EVENT_LOOKBACK), -1 do
    local text = story[i]
    if v:line(text, to and to[i]) then
      if not on_map then
        on_map = {}
        for _, h in ipairs(g.map:hexes()) do on_map[h] = true end
      end
      local found = false
      for word in text:gmatch("[%w][%w%-%._]*") do
        word = word:gsub("%.+$", "")
        local h = on_map[word] and word or unit_hex(word)
        if h then
          add(h)
          found = true
        end
      end
      if found then return true end
    end
  end
  return false
end

--- Where the action is, for `map` with no hex (docs/shell.md "map"): the hexes of the units
-- the pending request is about (the first word of each of its answers, `+`-joined units
-- split, a unit's hex or a hex label as given), when `viewer` is the side asked or the
-- referee; else, or when none, the hexes of the last event the view sees (the last line of
-- the game's story naming a hex or a unit on the map: `4US-2 moves 0402 -> 0502 0603`); else
-- the hexes of the asked side's units `viewer` sees. Nothing is asked of the rules beyond
-- the answer list `?` shows, and no hidden unit is named.
-- @treturn {string,...} hex labels (at most 64), or an empty list
function M.focus(viewer, v)
  v = v or M.view(viewer)
  local g, p = game(), session.pending()
  local out, seen = {}, {}
  local function add(h)
    if h and not seen[h] and #out < 64 then seen[h], out[#out + 1] = true, h end
  end
  local function unit_hex(u)
    local ok, kind, loc = pcall(g.store.where, g.store, u)   -- not a unit: nil
    if not ok or kind ~= "hex" then return nil end
    local sok, sees = pcall(v.sees, v, u)
    return sok and sees and loc or nil
  end
  if p == nil then
    last_event(g, v, add, unit_hex)
    return out
  end
  if viewer == "referee" or viewer == nil or viewer == p.side then
    local lok, list = pcall(require("volley.ask").list, p.request)
    if lok and type(list) == "table" then
      for _, o in ipairs(list) do
        local first = type(o) == "string" and o:match("^(%S+)") or nil
        if first then
          for word in first:gmatch("[^+]+") do
            if word:match("^%d+$") then add(word) else add(unit_hex(word)) end
          end
        end
        if #out >= 64 then break end
      end
    end
  end
  if #out == 0 then last_event(g, v, add, unit_hex) end
  if #out == 0 then
    for _, u in ipairs(g.store:units{ side = p.side }) do add(unit_hex(u)) end
  end
  return out
end

-- {====================================================================================
-- show
-- =====================================================================================

-- A field's value worth showing: not empty, not false, not -1 (the schemas' "none"), not 0
-- unless the field is one a 0 means something for (a morale, an MA, a strength).
local ZERO_MEANS = { morale = true, ma = true, strength = true }
local function meaningful(field, value)
  if value == nil or value == "" or value == false or value == -1 then return false end
  if value == 0 and not ZERO_MEANS[field] then return false end
  return true
end

-- A marker's name as the rules print it: `oc_moved` -> `OC Moved`, `hits` -> `Hits`.
local MARKER_NAMES = { oc_moved = "OC Moved", out_of_command = "Out of Command",
                       out_of_ammo = "Out of Ammo" }
local function marker_name(m)
  if MARKER_NAMES[m] then return MARKER_NAMES[m] end
  local words = {}
  for w in m:gmatch("[^_]+") do words[#words + 1] = w:sub(1, 1):upper() .. w:sub(2) end
  return table.concat(words, " ")
end

local function unit_line(store, u)
  local info = store:unit(u)
  local kind, at = store:where(u)
  local where = (kind == "hex" or kind == "space" or kind == "box") and (kind .. " " .. at)
    or kind
  if kind == "none" then
    -- on no location: before its set-up places it, or never placed
    where = game().in_setup and "not placed yet (the set-up asks where)" or "not placed"
  end
  local what = info.kind == info.type and info.type
    or (info.kind == "unit" and info.type or (info.kind .. " " .. info.type))
  local parts = { u .. " (" .. (info.name or u) .. "): side " .. info.side .. ", " .. what
    .. ", " .. where }
  if kind == "hex" then
    local f = store:facing(u)
    if f then parts[#parts + 1] = "facing " .. f end
  end
  if info.command then parts[#parts + 1] = "command " .. info.command end
  local values = store:values(u)
  for _, f in ipairs(store:fields(info.kind)) do
    local x = values[f]
    if meaningful(f, x) then parts[#parts + 1] = x == true and f or (f .. " " .. tostring(x)) end
  end
  local ok, markers = pcall(store.markers, store, u)
  if ok and type(markers) == "table" then
    local names = {}
    for m, n in pairs(markers) do
      if n ~= 0 and n ~= false then names[#names + 1] = m end
    end
    table.sort(names)
    local shown = {}
    for _, m in ipairs(names) do
      local n = markers[m]
      shown[#shown + 1] = marker_name(m) .. ((n == true or n == 1 and m ~= "hits") and ""
        or (" " .. tostring(n)))
    end
    if #shown > 0 then
      parts[#parts + 1] = "markers: " .. table.concat(shown, ", ")
    elseif info.kind ~= "leader" then   -- a leader's markers are rare (OC Moved): no line
      parts[#parts + 1] = "no markers"
    end
  end
  if info.hidden then parts[#parts + 1] = "hidden" end
  return table.concat(parts, ", ")
end

-- A unit's lines: the runtime's line, then what the system says of it (its `show(game,
-- unit) -> {line,...}`: what it did this activation or turn, what it has left, its command,
-- its ratings in the rules' words; docs/runtime.md "Queries"), on the store the viewer sees,
-- each line cleaned and filtered through the view.
local function unit_lines(store, u, v)
  local lines = { unit_line(store, u) }
  local g = game()
  if type(g.system.show) == "function" then
    local seen = setmetatable({ store = store }, { __index = g })
    local said = g.system.show(seen, u)
    for _, text in ipairs(type(said) == "table" and said or {}) do
      if type(text) == "string" and text ~= "" then
        local line = v:line(core.text.clean(text))
        if line then lines[#lines + 1] = line end
      end
    end
  end
  return lines
end

local function stack_line(store, at, v)
  local list = {}
  for _, u in ipairs(store:stack(at)) do
    if v:sees(u) then list[#list + 1] = u .. " (" .. store:unit(u).side .. ")" end
  end
  return #list > 0 and ("units: " .. table.concat(list, ", ")) or "no units"
end

--- `show <name>`: a unit or leader, a command, a hex, a track space, resolved in DESIGN.md's
-- order (an exact id, a hex label, a track space, a unique prefix of an id).
-- @treturn ?{string,...} the lines
-- @treturn ?string why not
function M.show(viewer, name)
  local g = game()
  local v = M.view(viewer)
  local store = view_store(v)
  for _, u in ipairs(store:units{}) do
    if u == name and v:sees(u) then return unit_lines(store, u, v) end
  end
  for _, c in ipairs(store:commands()) do
    if c == name then
      local members = {}
      for _, u in ipairs(store:units_of(c, { subcommands = true, leaders = true })) do
        if v:sees(u) then members[#members + 1] = u end
      end
      return { "command " .. c .. ": " .. (#members > 0 and table.concat(members, " ")
        or "no units") }
    end
  end
  local okh, is_hex = pcall(g.map.contains, g.map, name)
  if okh and is_hex then
    local t = g.map:terrain(name)
    local tt = t and g.map:terrain_type(t)
    return { "hex " .. name .. ": " .. (tt and tt.name or tostring(t)) .. ", elevation "
      .. tostring(g.map:elevation(name)) .. "; " .. stack_line(store, name, v) }
  end
  for _, tr in ipairs(g.map:tracks()) do
    for _, s in ipairs(g.map:track(tr).spaces) do
      if tr .. "/" .. s == name or s == name then
        return { "space " .. tr .. "/" .. s .. ": " .. stack_line(store, tr .. "/" .. s, v) }
      end
    end
  end
  local found = {}
  for _, u in ipairs(store:units{}) do
    if v:sees(u) and u:sub(1, #name) == name then found[#found + 1] = u end
  end
  if #found == 1 then return unit_lines(store, found[1], v) end
  if #found > 1 then
    return nil, "'" .. name .. "' is ambiguous (" .. table.concat(found, ", ") .. ")"
  end
  return nil, "nothing named '" .. name .. "' (a unit, leader, command, hex or track space)"
end

-- }====================================================================================

--- `los A B`: line of sight between two hexes as the game's rules see it: the system's `los`
-- query (volley.systems) on the store the viewer sees (a hidden unit neither blocks nor is
-- named), else the terrain's line under the system's policy (`volley los <map>`'s).
-- @treturn ?string `LOS A -> B: clear` or `LOS A -> B: blocked at X (reason) [rule]`
-- @treturn ?string why not
function M.los(viewer, a, b)
  local g = game()
  for _, h in ipairs({ a, b }) do
    local okh, is_hex = pcall(g.map.contains, g.map, h)
    if not (okh and is_hex) then return nil, "'" .. h .. "' is not a hex of the map" end
  end
  local ok, why
  if type(g.system.los) == "function" then
    local seen = setmetatable({ store = view_store(M.view(viewer)) }, { __index = g })
    ok, why = g.system.los(seen, a, b)
  else
    local los, err = core.los.new(g.map, { system = g.system.id,
      layer = g.scenario and g.scenario.paths and g.scenario.paths.los })
    if not los then return nil, err end
    ok, why = los:check(a, b)
  end
  if ok then return "LOS " .. a .. " -> " .. b .. ": clear" end
  local at = why.blocked_by
  if type(at) == "table" then at = table.concat(at, "/") end
  return "LOS " .. a .. " -> " .. b .. ": blocked at " .. tostring(at) .. " ("
    .. tostring(why.reason) .. ") " .. tostring(why.rule or "")
end

--- A facing typed as `toward <hex>` or `toward <hex>/<hex>` (DESIGN.md Part B "Ids and
-- names"; docs/hex.md) read for a unit in the hex the viewer sees it in: the hexside or
-- vertex word it names there.
-- @tparam string name a unit id
-- @tparam string text `toward ...`, as typed
-- @treturn ?string the canonical word (`N`, `N/NE`, ...)
-- @treturn string "hexside" or "vertex"; or why not (`invalid facing 'toward 3325': 3325 is
--   not adjacent to 3123`)
function M.facing(viewer, name, text)
  local g = game()
  local v = M.view(viewer)
  local store = view_store(v)
  local seen = false
  for _, u in ipairs(store:units{}) do
    if u == name and v:sees(u) then seen = true end
  end
  if not seen then return nil, "no unit or leader '" .. tostring(name) .. "'" end
  local kind, at = store:where(name)
  if kind ~= "hex" then return nil, name .. " is not on a hex" end
  local grid = require("volley.placement_setup").grid(g.map)
  local ok, what, word = pcall(grid.facing, grid, at, text)
  if not ok then return nil, tostring(what) end
  if not what then return nil, word end
  return word, what
end

--- `reach <unit>`: the hexes a unit can reach now, by the system's `movement.reach` when it
-- has one (what its move request would allow: `nil, why` when nothing), else its movement
-- query (`systems.<id>.movement.query`), computed on the store the viewer sees (a hidden
-- enemy neither blocks nor stops it there).
-- @treturn ?{string,...}
-- @treturn ?string why not
function M.reach(viewer, name)
  local g = game()
  local v = M.view(viewer)
  local store = view_store(v)
  local unit
  for _, u in ipairs(store:units{}) do
    if u == name and v:sees(u) then unit = u end
  end
  if not unit then return nil, "no unit or leader '" .. name .. "'" end
  local kind, at = store:where(unit)
  if kind ~= "hex" then return nil, unit .. " is not on a hex" end
  local okm, movement = pcall(require, "systems." .. g.system.id .. ".movement")
  if not okm or type(movement) ~= "table" or type(movement.query) ~= "function" then
    return nil, "reach: the " .. g.system.id .. " system has no movement query"
  end
  local seen = setmetatable({ store = store }, { __index = g })
  local reach, none
  if type(movement.reach) == "function" then
    -- the system's own: what its move request would allow now (or why nothing)
    reach, none = movement.reach(seen, unit)
    if not reach then
      return { "reach of " .. unit .. " from " .. at .. ": none now: " .. tostring(none) }
    end
  else
    reach = g.move:reach(at, movement.query(seen, unit))
  end
  local hexes = {}
  for _, p in ipairs(reach) do
    if p.hex ~= at then hexes[#hexes + 1] = p.hex .. "(" .. p.cost .. ")" end
  end
  return { "reach of " .. unit .. " from " .. at .. " (hex(MP)): "
    .. (#hexes > 0 and table.concat(hexes, " ") or "nowhere") }
end

--- `log [n] [rolls]`: the last n lines of the game's narrative (all with n absent), the
-- rolls before the lines they led to with `rolls`, as `viewer` sees them; what an undo took
-- back is gone (the narrative is the game's, the rolls those not past the dice's count).
-- Rolls come back as records for the host to format.
-- @treturn {table,...} `{text = line}` or `{roll = r}`
function M.log(viewer, n, rolls)
  local g = game()
  local v = M.view(viewer)
  local out = {}
  local count = g.dice:count()
  local k = 1
  local function rolls_before(line)
    while rolls_told[k] and rolls_told[k].before <= line do
      local r = rolls_told[k].roll
      if rolls and r.n <= count and v:roll_at(r, rolls_told[k].before) then
        out[#out + 1] = { roll = r }
      end
      k = k + 1
    end
  end
  for i, text in ipairs(g.narrative) do
    rolls_before(i)
    if v:line_at(text, i, g.narrative_to and g.narrative_to[i]) then
      out[#out + 1] = { text = text }
    end
  end
  rolls_before(math.huge)
  if n and #out > n then
    local tail = {}
    for j = #out - n + 1, #out do tail[#tail + 1] = out[j] end
    out = tail
  end
  return out
end

-- {====================================================================================
-- lua <expr>
-- =====================================================================================

local function plain(value, v)
  local t = type(value)
  if t == "string" or t == "number" or t == "boolean" then return value end
  if t == "table" then
    local out = {}
    for k, x in pairs(value) do out[k] = plain(x, v) end
    return out
  end
  local s = tostring(value)
  return v:line(s) and s or nil
end

-- The read-only picture of the game a `lua` expression sees: plain tables (changing them
-- changes nothing), built from the viewer's store.
local function game_table(v)
  local g = game()
  local store = view_store(v)
  local units = {}
  for _, u in ipairs(store:units{}) do
    local kind, at = store:where(u)
    local info = store:unit(u)
    if v:sees(u) then
      units[u] = { id = u, side = info.side, kind = info.kind, type = info.type,
                   command = info.command, where = kind, at = at,
                   facing = kind == "hex" and store:facing(u) or nil,
                   values = plain(store:values(u), v),
                   markers = info.kind ~= "leader" and plain(store:markers(u), v) or nil }
    end
  end
  local vars = {}
  for _, k in ipairs(g.vars:keys()) do
    local x = plain(g.vars[k], v)
    if k == "secrets" then   -- the viewer's own secrets only (volley.secret)
      for _, side in ipairs(g.vars:keys("secrets")) do
        if not v:sees_secrets_of(side) then x[side] = nil end
      end
      if next(x) == nil then x = nil end
    end
    if type(x) ~= "string" or v:line(x) then vars[k] = x end
  end
  local control = require "volley.control"
  local function controller(place)   -- as the viewer sees it: hidden units do not occupy
    if type(place) ~= "string" or not pcall(g.map.contains, g.map, place)
        or not g.map:contains(place) then
      error("controller: no hex " .. core.text.clean(tostring(place)) .. " on the map", 2)
    end
    return control.of(g, place, function(u) return v:sees(u) end)
  end
  return { units = units, vars = vars, sides = g:sides(), system = g.system.id,
           scenario = g.scenario.id or g.scenario.title, viewer = v.viewer,
           controller = controller }
end

-- A string as the prompt prints it: quoted, every control character escaped (`\n`, `\027`:
-- a value cannot start a transcript line or send a terminal escape) and every byte that is
-- not UTF-8 (and each C1 control) shown as U+FFFD; the same text on both VMs (`%q` differs).
local ESCAPES = { ['"'] = '\\"', ["\\"] = "\\\\", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
local function quote(x)
  local q = x:gsub('[%c"\\]', function(c)
    return ESCAPES[c] or string.format("\\%03d", c:byte())
  end)
  return '"' .. core.text.clean(q) .. '"'
end

-- Keys in a total order that never compares two values Lua cannot compare: numbers, then
-- strings, then false and true, then anything else by its type's name.
local KEY_RANK = { number = 1, string = 2, boolean = 3 }
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  local ra, rb = KEY_RANK[ta] or 4, KEY_RANK[tb] or 4
  if ra ~= rb then return ra < rb end
  if ra == 3 then return a == false and b == true end
  if ra == 4 then return ta < tb end
  return a < b
end

-- A value as the prompt prints it. Trusted code walking a script's value: raw access only
-- (next, rawget), and no tostring of a table, so no metamethod of the script's runs here.
local function dump(x, depth)
  local t = type(x)
  if t == "string" then return quote(x) end
  if t == "number" then return require("volley.sandbox").number_text(x) end  -- as scripts
  if t == "boolean" or t == "nil" then return tostring(x) end
  if t ~= "table" then return t end   -- a function, a coroutine: its type, as scripts' tostring
  if depth > 3 then return "{...}" end
  local keys = {}
  for k in next, x do keys[#keys + 1] = k end
  table.sort(keys, key_before)
  local parts = {}
  for _, k in ipairs(keys) do
    local tk = type(k)
    local key = tk == "number" and "" or tk == "string" and (k .. " = ")
      or ((tk == "boolean" and tostring(k) or tk) .. " = ")
    parts[#parts + 1] = key .. dump(rawget(x, k), depth + 1)
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end

--- `lua <expr>`: evaluates an expression in the sandbox (the allow-list, budgets), with
-- `game` a read-only picture of what `viewer` sees (`units`, `vars`, `sides`, `system`,
-- `scenario`, `viewer`, and `controller(hex)` as the viewer sees it).
-- @treturn ?string the value, printed
-- @treturn ?string why not
function M.lua(viewer, expr)
  local sandbox = require "volley.sandbox"
  local v = M.view(viewer)
  local env = sandbox.env{ path = "(lua)", source = "prompt" }
  env.game = game_table(v)
  local fn = sandbox.load("return " .. expr, "(lua)", { env = env })
  local err
  if not fn then
    fn, err = sandbox.load(expr, "(lua)", { env = env })
    if not fn then return nil, sandbox.format(err) end
  end
  local res = { sandbox.call({ point = "lua", source = "prompt" }, fn) }
  if not res[1] then return nil, sandbox.format(res[2]) end
  local out = {}
  for k = 2, #res do out[#out + 1] = dump(res[k], 0) end
  local text = #out > 0 and table.concat(out, "\t") or "nil"
  return v:refusal(text)
end

-- }====================================================================================

-- Every query runs in the session's query mode (`volley.session.query`; DESIGN.md principle
-- 12): it never rolls nor writes, and when the rules it runs called a script (a `movement.cost`
-- handler under `reach`), the session puts the step back before the next answer, so the
-- scripts never keep what a query did to them (docs/runtime.md "Queries").
do
  local names = {}
  for name, f in pairs(M) do
    if type(f) == "function" then names[#names + 1] = name end
  end
  table.sort(names)
  for _, name in ipairs(names) do
    local f = M[name]
    M[name] = function(...) return session.query(name, f, ...) end
  end
end

return M
