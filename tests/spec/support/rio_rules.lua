--- A trusted module the Rio Sacramento rules spec loads inside an engine-owned state (the
-- sandbox loads battle scripts only there): each function opens Rio Sacramento with units
-- placed by hand on the battle's own map, loads the battle's scripts as `volley play` does
-- (volley.session.load_script), runs one case with forced dice through the system's
-- procedures and requests, and returns what happened as plain data.
local battle_case = require "battle_case"
local ask = require "volley.ask"
local fire = require "systems.rough_and_ready.fire"
local artillery = require "systems.rough_and_ready.artillery"
local hits = require "systems.rough_and_ready.hits"
local movement = require "systems.rough_and_ready.movement"
local activation = require "systems.rough_and_ready.activation"
local command = require "systems.rough_and_ready.command"
local victory = require "systems.rough_and_ready.victory"
local secret = require "volley.secret"

local H = {}

local ID = "rough-and-ready/rio-sacramento"

-- Rio Sacramento with `at` placed (`facing` by unit), every other counter off the map; the
-- scripts of `scripts` loaded (default: rules.lua alone).
local function open(at, scripts, facing)
  return (battle_case.open(ID, { at = at, facing = facing,
                                 scripts = scripts or { "rules.lua" }, rr_vars = true }))
end

local lines = battle_case.lines

-- Runs `fn` as the game's coroutine, answering its requests from `answers` in order
-- (`battle_case.drive`).
local drive = battle_case.drive

local function rule_mods(mods, rule)
  local out = {}
  for _, m in ipairs(mods:list()) do
    if m.rule == rule then out[#out + 1] = { m.value, m.label } end
  end
  return out
end

-- A test's own Battle Lost points (a `victory.bl` handler of the test, not the battle's):
-- the scores T-RR-16 gives, whatever made them.
local function fixed_bl(g, bl)
  g.hooks:on("victory.bl", function(ctx, mods)
    if bl[ctx.side] then mods:add(bl[ctx.side], "the test's points", "[test]") end
  end, { kind = "modify" })
end

-- {====================================================================================
-- The opening [rough_and_ready RS 3.1].
-- =====================================================================================

-- The game opened as `volley play` opens it: the set-up (`Game:ask_setup`: `setup.start`,
-- where the US chooses its entry in secret, then the Mexican lines at their defaults), the US
-- army placed at the opening by the schedule at the hex chosen: the first activation is every
-- US unit's, movement only; then MEX has a free activation.
function H.opening(entry)
  local g = open({})
  local r = { requests = {} }
  local co = coroutine.create(function()
    g:ask_setup()
    r.secret = { secret.get(g, "US", "entry_army") }
    r.before = g.store:where("Doniphan")
    activation.open(g)
    activation.select(g)
  end)
  local ok, e = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    r.order = r.order or {}
    if r.order[#r.order] ~= side then r.order[#r.order + 1] = side end
    if side == "US" then
      r.requests[#r.requests + 1] = side .. " " .. req.kind .. ": "
        .. table.concat(ask.legal(req), " ") .. (req.secret and (" secret " .. req.secret) or "")
      return req.kind == "entry" and entry or "none"
    end
    r.mex = (r.mex or 0) + 1
    return req.default
  end)
  r.stopped = not ok and e or "ran on"
  local act = g.vars.activation
  if not act then return r end
  r.kind, r.target, r.free = act.kind, act.target, act.free
  r.units = #act.units
  r.all_us = #g.store:units{ side = "US" }
  r.at = {}
  for _, u in ipairs(act.units) do
    local _, hex = g.store:where(u)
    r.at[hex] = true
  end
  r.lines = lines(g, "movement only")
  -- a unit may move and may not fire
  r.movers = #movement.movers(g)
  r.fire = command.moves_only_why(g, "1MO-1m", "fire")
  r.shock = command.moves_only_why(g, "Civ-1", "charge nor shock")
  -- the activation over: MEX receives play, free
  activation.finish(g)
  r.play, r.mode = g.vars.play, g.vars.mode
  local r2 = drive(function() activation.select(g) end, {}, true)
  r.next = r2.requests
  return r
end

-- }====================================================================================

-- {====================================================================================
-- Owens and the wagons [rough_and_ready RS 4.0].
-- =====================================================================================

function H.owens()
  local out = {}
  local function case(name, at)
    local g = open(at)
    local ok, why = command.in_command(g, "Wagon-1")
    out[name] = { ok, why }
  end
  -- Owens with Wagon-1, Wagon-2 next to it, Wagon-3 next to Wagon-2: one chain
  case("chain", { Owens = "1450", ["Wagon-1"] = "1450", ["Wagon-2"] = "1451",
                  ["Wagon-3"] = "1452" })
  -- Wagon-3 two hexes off: not all adjacent
  case("broken", { Owens = "1450", ["Wagon-1"] = "1450", ["Wagon-2"] = "1451",
                   ["Wagon-3"] = "1453" })
  -- Owens beside the wagons, stacked with none
  case("apart", { Owens = "1449", ["Wagon-1"] = "1450", ["Wagon-2"] = "1451" })
  return out
end

-- }====================================================================================

-- {====================================================================================
-- The wagons' exit and the draw [rough_and_ready RS 8.0]: T-RR-18.
-- =====================================================================================

-- Each US wagon in turn moves from 1451 (3152) with Owens there to 1552 (3253) and is asked
-- whether it leaves, the first `n_exit` saying yes; `eliminated`
-- a Mexican unit eliminated before. Then the victory step.
function H.exits(n_exit, by, eliminated)
  local from = by == "3253" and "3152" or "1451"
  local g = open({ Owens = from })           -- the wagon in command, with Owens [RS 4.0]
  if eliminated then assert(g.store:place(eliminated, "eliminated")) end
  local r = { requests = {} }
  for i = 1, 6 do
    local w = "Wagon-" .. i
    assert(g.store:place(w, from))
    g.vars.activation = { n = 2, side = "US", kind = "command", target = "owens",
                          units = {}, artillery = { w } }
    g.vars.moved = {}
    local answer = i <= n_exit and "yes" or "no"
    local rr = drive(function()
      movement.apply(g, w, assert(movement.check(g, w, { by })))
    end, { answer }, true)
    for _, q in ipairs(rr.requests) do r.requests[#r.requests + 1] = q end
    r.stopped = rr.stopped
    if i > n_exit then break end
  end
  r.gone = {}
  for i = 1, 6 do r.gone[#r.gone + 1] = g.store:where("Wagon-" .. i) end
  local total, mods = victory.battle_lost(g, "MEX")
  r.mex_bl = total
  r.items = rule_mods(mods, "[rough_and_ready RS 8.0]")
  r.us_bl = victory.battle_lost(g, "US")
  g.dice:force{ 0, 0 }
  victory.step(g)
  r.winner, r.reason = g.vars.winner, g.vars.reason
  return r
end

-- }====================================================================================

-- {====================================================================================
-- Fire: the Rancheros, the rifles, the Mexican guns [rough_and_ready RS 6.12, 6.14, 6.22].
-- =====================================================================================

function H.rancheros()
  local g = open({ ["Ranch-1"] = "2037", ["1MO-1d"] = "2137", ["Conde-1"] = "2036",
                   ["1MO-2d"] = "2136" },
    nil, { ["Ranch-1"] = "NE/SE", ["Conde-1"] = "NE/SE", ["1MO-1d"] = "SW/NW",
           ["1MO-2d"] = "SW/NW" })
  return { ranch = fire.check(g, { "Ranch-1" }, "2137") or "legal",
           targets = fire.targets(g, "Ranch-1"),
           conde = fire.check(g, { "Conde-1" }, "2136") or "legal" }
end

-- A dismounted company at 1937 fires at 2136 (2 hexes) and 2238 (3); its mounted counter,
-- in its place, reaches 2 hexes only, at the chart's -2.
function H.rifles()
  local function board(company)
    return open({ [company] = "1937", ["NG-1"] = "2136", ["NG-2"] = "2238" }, nil,
      { [company] = "NE/SE", ["NG-1"] = "SW/NW", ["NG-2"] = "SW/NW" })
  end
  local function total(mods)
    local t = 0
    for _, m in ipairs(mods:list()) do t = t + m.value end
    return t
  end
  local g = board("1MO-1d")
  local r = {}
  r.range_foot = fire.range(g, "1MO-1d")
  r.targets_foot = fire.targets(g, "1MO-1d")
  local m2 = fire.drm(g, "1MO-1d", "2136")
  local m3 = fire.drm(g, "1MO-1d", "2238")
  r.at2 = { rule_mods(m2, "[rough_and_ready RS 6.14]"), total(m2) }
  r.at3 = { rule_mods(m3, "[rough_and_ready RS 6.14]"), total(m3) }
  -- the rifle's shot at 3 hexes made, d10 forced
  g.vars.activation = { n = 2, side = "US", kind = "command", target = "mitchell",
                        units = { "1MO-1d" }, artillery = {} }
  g.dice:force{ 9 }
  fire.fire(g, { "1MO-1d" }, "2238", { activated = true })
  r.fired = lines(g, "1MO-1d fires at")
  local h = board("1MO-1m")
  r.range_horse = fire.range(h, "1MO-1m")
  r.targets_horse = fire.targets(h, "1MO-1m")
  local mh = fire.drm(h, "1MO-1m", "2136")
  r.horse = { rule_mods(mh, "[rough_and_ready RS 6.14]"), total(mh) }
  r.horse_at3 = fire.check(h, { "1MO-1m" }, "2238") or "legal"
  return r
end

function H.gunnery()
  local g = open({ ["6pdr"] = "2037", ["Clark-1"] = "2337", ["1MO-1d"] = "2337",
                   ["NG-1"] = "2037" },
    nil, { ["6pdr"] = "NE/SE", ["Clark-1"] = "SW/NW", ["1MO-1d"] = "SW/NW",
           ["NG-1"] = "NE/SE" })
  local mex = artillery.drm(g, { "6pdr" }, "2337")
  local us = artillery.drm(g, { "Clark-1" }, "2037")
  local function pick(mods)
    local out = {}
    for _, m in ipairs(mods:list()) do
      if m.label:find("Mexican", 1, true) then out[#out + 1] = { m.value, m.label, m.rule } end
    end
    return out
  end
  return { mex = pick(mex), us = pick(us) }
end

-- }====================================================================================

-- {====================================================================================
-- The Melt-Down [rough_and_ready RS 6.54] and Heredia's Bug-Out [RS 6.55]: T-RR-16.
-- =====================================================================================

-- One Hit on `unit`, the dice `dice`; `scripts` the scripts loaded.
function H.meltdown(unit, dice, scripts)
  local g = open({ [unit] = "2342" }, scripts)
  if scripts then g.hooks:fire("game.start", { first = "US" }) end
  g.vars.activation = { n = 2, side = "US", kind = "command", target = "mitchell",
                        units = {}, artillery = {} }
  g.dice:force(dice)
  hits.hit(g, unit, "a test")
  return { hits = hits.hits(g, unit), where = g.store:where(unit),
           lines = lines(g, "Melt-Down") }
end

-- The end of a Mexican activation in which the 7th Line (no Melt-Down) took a Hit, the
-- Battle Lost points `bl`, the die `die` (or none when `die` is nil: no roll expected).
function H.bug_out(bl, die, hit, scripts)
  local g = open({ Heredia = "2342", ["7L"] = "2342", Ugarte = "2342" }, scripts)
  if scripts then g.hooks:fire("game.start", { first = "US" }) end
  fixed_bl(g, bl)
  g.vars.count = 4
  g.vars.activation = { n = 4, side = "MEX", kind = "command", target = "ugarte",
                        units = { "7L" }, artillery = {} }
  g.vars.moved = {}
  if die then g.dice:force{ die } end
  if hit ~= false then hits.hit(g, "7L", "a test") end
  activation.finish(g)
  return { heredia = g.store:where("Heredia"), lines = lines(g, "Heredia"),
           mex = victory.battle_lost(g, "MEX"),
           us = victory.battle_lost(g, "US") }
end

-- }====================================================================================

-- {====================================================================================
-- Mounting and dismounting [rough_and_ready RS 6.9].
-- =====================================================================================

-- A Mitchell activation begins with 1MO-1m at 1937 (no enemy near) and 1MO-2m at 2036 beside
-- NG-1 at 2136; 1MO-3m off in 1737; answers `answers` to the `mount` requests.
function H.mount(answers, scripts)
  local g = open({ ["1MO-1m"] = "1937", ["1MO-2m"] = "2036", ["NG-1"] = "2136",
                   ["1MO-3m"] = "1737", Mitchell = "1937" }, scripts,
    { ["1MO-1m"] = "NE/SE", ["1MO-2m"] = "NE/SE", ["1MO-3m"] = "NE/SE" })
  if scripts then
    drive(function()
      g.hooks:fire("game.start", { first = "US" })
      g.hooks:replace("game.start", { first = "US" }, function() return nil end)
    end, {})
  end
  local r = { before = {} }
  for _, u in ipairs({ "1MO-1m", "1MO-2m", "1MO-3m" }) do
    r.before[#r.before + 1] = u .. " " .. tostring(g.store:where(u))
  end
  g.vars.play, g.vars.mode = "US", "after_pass"
  local rr = drive(function() activation.select(g) end, answers, true)
  r.requests = rr.requests
  r.where = {}
  for _, u in ipairs({ "1MO-1m", "1MO-1d", "1MO-2m", "1MO-2d", "1MO-3m", "1MO-3d" }) do
    local k, hex = g.store:where(u)
    r.where[u] = hex or k
  end
  r.units = g.vars:get("activation", "units")
  r.facing = g.store:facing("1MO-1d")
  if g.store:where("1MO-1d") == "hex" then r.ma = movement.query(g, "1MO-1d").ma end
  r.lines = lines(g, "other counter")
  return r
end

-- }====================================================================================

-- {====================================================================================
-- The options [rough_and_ready RS-Bal].
-- =====================================================================================

function H.balance()
  local g = open({ Mitchell = "1937", ["1MO-1m"] = "1937" },
    { "rules.lua", "options/balance.lua" })
  g.vars.streak = { US = 2 }
  g.dice:force{ 3 }
  local cand = activation.candidate(g, "US", "mitchell")
  drive(function() activation.roll(g, "US", cand) end, { "no" })
  return lines(g, "US rolls for mitchell")
end

-- }====================================================================================

return H
