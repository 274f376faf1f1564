--- `volley new <game>/<battle> [--system ID] [--from SCENARIO] [--dir DIR]`: a new scenario
-- folder (docs/shell.md "volley new"). Without --from, a skeleton of the system's (map.ini,
-- oob.ini, scenario.ini and a commented rules.lua) that `volley check` accepts and `volley
-- play` opens at once; with --from, a scenario.ini that extends the scenario named
-- (`extends = <id>`), nothing copied. The folder goes under the first data root whose
-- scenarios/ can be written (or under --dir), and is never written over.
--
-- Runs in the program's host state.
-- @module volley.new

local cli = require "volley.cli"
local core = require "volley.core"
local scenario = require "volley.scenario"

local M = {}

--- The longest part of a new scenario's id (an `extends` id's limit, engine/src/scenario.c).
M.PART_MAX = 63

local function usage(msg)
  local _, status = cli.usage("new", msg)
  return status
end

local function refuse(msg)
  io.stderr:write("volley new: ", msg, "\n")
  return 1
end

local function quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

-- Makes a folder (and its parents); true when it exists afterwards as a folder.
local function mkdirs(dir)
  os.execute("mkdir -p -- " .. quote(dir) .. " 2>/dev/null")
  return core.scenario.kind(dir) == "dir"
end

-- {====================================================================================
-- the skeletons: file name -> text, with {title}, {id} and {battle} filled in
-- =====================================================================================

local SKELETONS = {}

SKELETONS.demo = {
  { "scenario.ini", [[
; scenario.ini of {id} (docs/formats.md "scenario.ini"; docs/scenarios.md): made by
; volley new from the demo system's skeleton. Change the title, the map, the forces and the
; set-up; volley check {id} says what is wrong, volley play {id} plays it.

[scenario]
title = {title}
system = demo
map = map.ini
oob = oob.ini
rules = rules.lua
provenance = a new scenario made by volley new; not a published battle
max_decisions = 400

[sides]
order = A B
first = A

[params]
turns = 4                 ; [demo 4.1] the last turn

[setup.A]
west = 0102, 0104 | A1 A2

[setup.B]
east = 0802, 0804 | B1 B2
]] },
  { "map.ini", [[
; map.ini of {id} (docs/formats.md "map.ini"): 8 x 5 hexes of the demo system's terrain
; (charts/demo/terrain.ini): clear ground, woods in the middle, a stream between columns
; 04 and 05 (a hexside line: the hexes on its two sides), a bridge where the road crosses it.

[map]
system = demo
layout = flat-top
parity = odd-columns-down
columns = 01-08
rows = 01-05
provenance = a new map made by volley new; not a published map

[terrain]
;    01 02 03 04 05 06 07 08
01 = c  c  c  c  c  c  c  c
02 = c  c  w  c  c  w  c  c
03 = c  c  c  c  c  c  c  c
04 = c  c  w  c  c  w  c  c
05 = c  c  c  c  c  c  c  c

[hexsides]
stream = line 0401 0402 0403 0404 0405 | 0501 0502 0503 0504 0505
bridge = 0403/0503

[roads]
road = 0103 0203 0303 0403 0503 0603 0703 0803
]] },
  { "oob.ini", [[
; oob.ini of {id} (docs/formats.md "oob.ini"): two infantry units a side, each side
; under its army command.

[oob]
system = demo
sides = A B
provenance = a new order of battle made by volley new; not a published one

[command.A]
name = Army A
side = A
level = army
provisional = made by volley new: replace with the battle's own

[command.B]
name = Army B
side = B
level = army
provisional = made by volley new: replace with the battle's own

[unit.A1]
name = A infantry 1
side = A
type = infantry
command = A
strength = 3
ma = 4
provisional = made by volley new: replace with the battle's own

[unit.A2]
name = A infantry 2
side = A
type = infantry
command = A
strength = 3
ma = 4
provisional = made by volley new: replace with the battle's own

[unit.B1]
name = B infantry 1
side = B
type = infantry
command = B
strength = 3
ma = 4
provisional = made by volley new: replace with the battle's own

[unit.B2]
name = B infantry 2
side = B
type = infantry
command = B
strength = 3
ma = 4
provisional = made by volley new: replace with the battle's own
]] },
  { "rules.lua", [[
-- {id}: the battle's special rules (docs/modding.md). This file runs in the sandbox when
-- the game opens; it registers handlers on the system's hook points (volley hooks demo lists
-- them, with what each handler may do). It has none yet: remove the two dashes before each
-- line of the example to try it.
--
-- A modifier of +1 on every fire roll, cited to the battle's own rule:
-- volley.on("fire.drm", function(_, mods)
--   mods:add(1, "veterans", "[{battle} 1]")
-- end, { kind = "modify" })
]] },
}

-- }====================================================================================

local function fill(text, vars)
  return (text:gsub("{(%a+)}", function(k) return vars[k] end))
end

local function write(path, text)
  local f, err = io.open(path, "w")
  if not f then return nil, err end
  local ok, werr = f:write(text)
  local cok, cerr = f:close()
  if not ok then return nil, werr end
  if not cok then return nil, cerr end
  return true
end

-- The words of a battle's id as a title: `fords-ford` gives `Fords Ford`.
local function title_of(battle)
  return (battle:gsub("%-", " "):gsub("(%a)(%w*)", function(a, b) return a:upper() .. b end))
end

-- The arguments: id, {system =, from =, dir =}, or nil and the exit status.
local function parse(args)
  local f, status = cli.parse("new", args)
  if not f then return nil, status end
  local o, id = { system = f.system, from = f.from, dir = f.dir }, nil
  for _, a in ipairs(f.args) do
    if a:sub(1, 1) == "-" then
      return nil, usage("unknown option '" .. a .. "'")
    elseif id then
      return nil, usage("give one <game>/<battle>")
    end
    id = a
  end
  if not id then return nil, usage("give the new scenario's <game>/<battle>") end
  if o.system and o.from then
    return nil, usage("--system and --from: the scenario extended gives the system")
  end
  return id, o
end

--- `volley new ...`. Returns the exit status.
-- @tparam {string,...} args
function M.main(args)
  local id, o = parse(args)
  if not id then return o end
  local game, battle = id:match("^([a-z0-9-]+)/([a-z0-9-]+)$")
  -- each part at most 63 bytes, as an `extends` id's (scenario.c): a longer one could be
  -- made but never extended, and one past a file name's limit left its game folder behind
  if game and (#game > M.PART_MAX or #battle > M.PART_MAX) then
    return refuse("'" .. id:sub(1, 80) .. (#id > 80 and "..." or "") .. "': an id's parts are "
      .. "at most " .. M.PART_MAX .. " characters")
  end
  if not game then
    return refuse("'" .. core.text.clean(id):sub(1, 80) .. "' is not a new scenario's id "
      .. "(<game>/<battle>, each [a-z0-9-]+)")
  end
  local files
  if o.from then
    local from, why = scenario.find(o.from)
    if not from then return refuse("--from: " .. why) end
    files = { { "scenario.ini", "; scenario.ini of {id}: made by volley new from\n; " .. o.from
      .. ", which it extends (docs/scenarios.md): its rules, options, terrain,\n; charts, map, "
      .. "forces and set-up, until this folder gives its own (map = map.ini,\n; oob = oob.ini, "
      .. "a [setup.<side>] ...).\n\n[scenario]\ntitle = {title}\nextends = " .. o.from
      .. "\nprovenance = a scenario made by volley new on " .. o.from .. "\n" } }
  else
    local system = o.system or "demo"
    files = SKELETONS[system]
    if not files then
      local known = {}
      for k in pairs(SKELETONS) do known[#known + 1] = k end
      table.sort(known)
      return refuse("no skeleton for the system '" .. core.text.clean(system):sub(1, 40)
        .. "' (skeletons: " .. table.concat(known, ", ") .. "); start from one of its battles "
        .. "with --from <id>")
    end
  end
  -- where: --dir, else the first data root whose scenarios/ can be made and written
  local places = {}
  if o.dir then
    places[1] = o.dir:gsub("/+$", "")
  else
    local existing = scenario.find(id)
    if existing then return refuse("the scenario " .. id .. " exists already: " .. existing) end
    for _, root in ipairs(core.data_path()) do places[#places + 1] = root .. "/scenarios" end
  end
  local dir
  for _, place in ipairs(places) do
    local candidate = place .. "/" .. game .. "/" .. battle
    if core.scenario.kind(candidate) ~= nil then
      return refuse(candidate .. " exists already: volley new never writes over a folder")
    end
    if mkdirs(place .. "/" .. game) then
      os.execute("mkdir -- " .. quote(candidate) .. " 2>/dev/null")
      if core.scenario.kind(candidate) == "dir" then
        dir = candidate
        break
      end
    end
  end
  if not dir then
    return refuse("cannot make the folder " .. game .. "/" .. battle .. " under "
      .. table.concat(places, " or ") .. " (give --dir DIR)")
  end
  local vars = { id = id, battle = battle, title = title_of(battle) }
  for _, f in ipairs(files) do
    local ok, err = write(dir .. "/" .. f[1], fill(f[2], vars))
    if not ok then return refuse("cannot write " .. dir .. "/" .. f[1] .. ": " .. tostring(err)) end
  end
  io.stdout:write("made ", dir, "/ (", #files, #files == 1 and " file" or " files",
    o.from and (": extends " .. o.from) or "", "); volley check ",
    o.dir and dir or id, " checks it\n")
  return 0
end

return M
