--- Artillery fire [rough_and_ready 6.2-6.25]: gun types and their range bands, the guns of a
-- hex combining, the artillery DRM list, and the results on the whole target hex.
--
-- A gun counter's `gun` field names its type (charts/rough_and_ready/units.ini): the shot
-- weight in pounds, `H` the 12 lb Howitzer [rough_and_ready E13], `M` a Musketoon; its row
-- of the Artillery Range DRM (charts/rough_and_ready/fire.ini, the 18-pounder from
-- [rough_and_ready E4]) gives the DRM at each range and, by its last band, the maximum range
-- [rough_and_ready 6.21].
-- @module systems.rough_and_ready.artillery

local modifiers = require "volley.modifiers"
local sight = require "systems.rough_and_ready.sight"
local hits = require "systems.rough_and_ready.hits"
local command = require "systems.rough_and_ready.command"
local script_api = require "systems.rough_and_ready.script_api"

local M = {}

M.R621 = "[rough_and_ready 6.21]"
M.R622 = "[rough_and_ready 6.22]"
M.R623 = "[rough_and_ready 6.23]"
M.R624 = "[rough_and_ready 6.24]"
M.R625 = "[rough_and_ready 6.25]"

--- The side whose fire takes the Mexican DRMs.
M.MEXICAN = "MEX"

-- The row of the Artillery Range DRM for each `gun` value [rough_and_ready 6.21, E4, E13].
local HEADERS = {
  ["2"] = "2_pounder", ["4"] = "4_pounder", ["6"] = "6_pounder", ["8"] = "8_pounder",
  ["12"] = "12_lb_howitzer", H = "12_lb_howitzer", M = "musketoon", musketoon = "musketoon",
  ["18"] = "18_pounder",
}

--- A gun's row of the Artillery Range DRM, or nil and why.
function M.header(game, gun)
  local t = game.store:get(gun, "gun")
  local h = HEADERS[t]
  if not h then
    return nil, gun .. " has no gun type the Artillery Range DRM knows ('" .. t .. "')"
  end
  return h
end

--- A gun's maximum range [rough_and_ready 6.21]: the top of its last band.
-- @treturn integer hexes
function M.max_range(game, gun)
  local h = assert(M.header(game, gun))
  game.rr_max_range = game.rr_max_range or {}           -- derived from the chart: no state
  local n = game.rr_max_range[h]
  if n then return n end
  n = 0
  while game:charts():lookup("artillery_range_drm", { header = h, value = n + 1 }) do
    n = n + 1
  end
  game.rr_max_range[h] = n
  return n
end

--- The range DRM of one gun at a range [rough_and_ready 6.21]: +2, 0 or -2; nil and why
-- beyond its maximum range.
function M.gun_range_drm(game, gun, range)
  local h, err = M.header(game, gun)
  if not h then return nil, err end
  local r = game:charts():lookup("artillery_range_drm", { header = h, value = range })
  if not r then
    local name = h:gsub("_", " ")
    return nil, require("systems.rough_and_ready.refusal").say("6.21", gun .. " (" .. name
      .. ") cannot reach " .. range .. " hexes (maximum " .. M.max_range(game, gun) .. ")")
  end
  return tonumber(r.cell)
end

--- The range DRM of guns firing together: the worst of theirs [rough_and_ready 6.23]; nil and
-- why when one of them cannot reach.
function M.range_drm(game, guns, range)
  local worst
  for _, g in ipairs(guns) do
    local d, why = M.gun_range_drm(game, g, range)
    if not d then return nil, why end
    if worst == nil or d < worst then worst = d end
  end
  return worst
end

--- Whether a gun may move and fire in the same activation: artillery moves or fires
-- [rough_and_ready 6.25] unless a battle's `artillery.move_and_fire` handler sets
-- ctx.allowed (Palo Alto's Ringgold [rough_and_ready PA 6.25]).
-- @treturn boolean
function M.may_move_and_fire(game, gun)
  local ctx = script_api.ctx(game, { unit = gun, allowed = false })
  game.hooks:modify("artillery.move_and_fire", ctx, nil)
  return ctx.allowed == true
end

--- Whether the fire is artillery fire: every firer a gun.
function M.is_guns(game, firers)
  for _, f in ipairs(firers) do
    if not game:unit_info(f).classes.artillery then return false end
  end
  return #firers > 0
end

--- The hexes a group of guns (all in one hex, facing alike [rough_and_ready 5.27]) may fire
-- at: enemy hexes in the front of each [rough_and_ready 5.33] within every gun's maximum
-- range [rough_and_ready 6.21] with a line of sight [rough_and_ready 6.18], label order.
function M.targets(game, guns)
  local range = 999
  for _, g in ipairs(guns) do range = math.min(range, M.max_range(game, g)) end
  local out
  for _, g in ipairs(guns) do
    local list = sight.targets(game, g, range)
    if out == nil then
      out = list
    else
      local mine, keep = {}, {}
      for _, h in ipairs(list) do mine[h] = true end
      for _, h in ipairs(out) do
        if mine[h] then keep[#keep + 1] = h end
      end
      out = keep
    end
  end
  return out or {}
end

--- The artillery DRM list [rough_and_ready 6.21-6.23, 6.63]: combining counters beyond the
-- first (+1 each) [6.22], the worst range DRM [6.21, 6.23], a non-phasing mounted cavalry
-- target (+1, the chart), Mexican artillery (-1, the chart; digest A8), a Disordered gun among
-- the firers (-1) [6.63], the target hex's terrain (TEC note a); then the battle's
-- `fire.drm` handlers.
-- @tparam {string,...} guns
-- @tparam string hex the target hex
-- @tparam table opts `{phasing = side}` (default: the activated side)
-- @treturn volley.modifiers
-- @treturn integer the range
function M.drm(game, guns, hex, opts)
  opts = opts or {}
  local fire = require "systems.rough_and_ready.fire"
  local mods = modifiers.new()
  local from = command.on_map(game, guns[1])
  local range = sight.distance(game, from, hex)
  if #guns > 1 then
    mods:add(#guns - 1, #guns .. " guns combining", M.R622)
  end
  local rd = assert(M.range_drm(game, guns, range))
  if rd ~= 0 then
    mods:add(rd, "range " .. range .. (#guns > 1 and " (the worst of the guns)" or ""),
      #guns > 1 and "[rough_and_ready 6.21, 6.23]" or M.R621)
  end
  local side = game:unit_info(guns[1]).side
  local act = game.vars.activation
  local phasing = opts.phasing or (act and act.side) or side
  for _, u in ipairs(sight.combat_units(game, hex)) do
    local info = game:unit_info(u)
    if info.type == "cavalry" and info.side ~= phasing then
      mods:add(1, "target is non-phasing mounted cavalry (" .. u .. ")", "[rough_and_ready 6.2]")
      break
    end
  end
  if side == M.MEXICAN then
    mods:add(-1, "Mexican artillery firing", "[rough_and_ready 6.2]")
  end
  for _, g in ipairs(guns) do
    if hits.disordered(game, g) then
      mods:add(-1, "Disordered unit firing (" .. g .. ")", "[rough_and_ready 6.63]")
      break
    end
  end
  fire.terrain_drm(game, hex, mods)
  game.hooks:modify("fire.drm", script_api.ctx(game, { firers = guns, target = hex,
                                  kind = "artillery", range = range, range_drm = rd }), mods)
  return mods, range
end

--- Rolls artillery fire (the roll only: `apply` applies it, so that return fire is
-- simultaneous [rough_and_ready 6.14]).
-- @treturn table `{kind = "artillery", firers, target, result, record, range, from}` (`from`:
--   the guns' hex at the roll; return fire is simultaneous, a gun gone since still applies)
function M.roll(game, guns, hex, opts)
  local mods, range = M.drm(game, guns, hex, opts)
  local result, record = game:chart_roll("artillery_fire", mods,
    table.concat(guns, "+") .. " fire at " .. hex, "[rough_and_ready 6.2]")
  game:log(string.format("%s fire%s at %s (range %d): d10 %d%s = %d: %s %s",
    table.concat(guns, " and "), #guns == 1 and "s" or "", hex, range, record.natural,
    require("systems.rough_and_ready.fire").mods_text(record.modifiers), record.total,
    (tostring(record.result):gsub("%.$", "")), "[rough_and_ready 6.2]"))
  return { kind = "artillery", firers = guns, target = hex, result = result, record = record,
           range = range, from = command.on_map(game, guns[1]) }
end

--- Applies an artillery result to every unit of the target hex [rough_and_ready 6.24]:
-- `5-7` each unit other than artillery rolls a d10 and is Disordered when it rolls over its
-- Adjusted Morale (digest A11); `8-10` every unit is Disordered; `11+` every unit is
-- Disordered and the hex takes 1 Hit, divided under [rough_and_ready 6.51] (digest A12). A
-- second Disorder is a Hit, or eliminates a gun [rough_and_ready 6.64].
-- @tparam table shot what `roll` returned
function M.apply(game, shot)
  local r = shot.result
  local units = sight.combat_units(game, shot.target)
  -- where the guns fired from: a returning gun may be gone by now (the fires are
  -- simultaneous [rough_and_ready 6.14])
  local why = "artillery fire from " .. (shot.from or command.on_map(game, shot.firers[1]))
  if r.check then
    for _, u in ipairs(units) do
      if game:unit_info(u).classes.artillery then
        game:log(u .. ": no effect on artillery (5-7) [rough_and_ready 6.2]")
      else
        local am = hits.adjusted_morale(game, u)
        local dr = game:roll("d10", u .. " morale check against artillery fire",
          "[rough_and_ready 6.2]")
        game.roll_records[game.dice:count()] = { modifiers = {}, total = dr,
          result = dr > am and "Disordered" or "no effect" }
        game:log(string.format("%s rolls %d against Adjusted Morale %d: %s [rough_and_ready 6.2]",
          u, dr, am, dr > am and "Disordered" or "no effect"))
        if dr > am then hits.disorder(game, u, why .. " (5-7)") end
      end
    end
  elseif r.disorder then
    for _, u in ipairs(units) do hits.disorder(game, u, why) end
    if r.hits and r.hits > 0 then
      local left = {}
      for _, u in ipairs(units) do
        if command.on_map(game, u) == shot.target then left[#left + 1] = u end
      end
      hits.spread(game, left, r.hits, why .. " (11+) " .. hits.R651)
    end
  end
end

--- The map hexes next to an enemy combat unit of `side`, label order (`hexes`), each with
-- the first enemy (in `store:units` order) next to it (`by`). Derived from where the enemy
-- combat units stand alone, it is kept on the game object (not state) while their own
-- generations stay (docs/state.md "The generation"): a move of the side's own units keeps
-- it, and every gun's and wagon's query reads the same one.
-- @treturn table `{hexes = {hex,...}, by = {[hex] = unit}, why = {}}` (`why`: the reasons
--   `M.prohibit` made, kept with it); callers never change it
function M.next_to_enemy(game, side)
  local store = game.store
  local gen = store:generation()
  local kept = game.rr_next_to
  if kept and kept.store == store and kept.side == side then
    if kept.gen == gen then return kept.near end
    local same = true
    for _, id in ipairs(store:changed_since(kept.gen)) do
      if kept.enemy[id] then
        same = false
        break
      end
    end
    if same then
      kept.gen = gen
      return kept.near
    end
  end
  local grid = require("systems.rough_and_ready.facing").grid(game)
  local seen, hexes, enemy = {}, {}, {}
  for _, e in ipairs(store:units{ side = game:enemy(side), class = "combat" }) do
    enemy[e] = true
    local at = command.on_map(game, e)
    if at then
      for _, n in ipairs(grid:neighbors(at)) do
        if type(n) == "string" and game.map:contains(n) and not seen[n] then
          seen[n] = e
          hexes[#hexes + 1] = n
        end
      end
    end
  end
  table.sort(hexes)
  local near = { hexes = hexes, by = seen, why = {} }
  game.rr_next_to = { store = store, side = side, gen = gen, enemy = enemy, near = near }
  return near
end

--- Adds to the movement query of a gun or a wagon (movement.query) the hexes next to an
-- enemy combat unit: artillery never moves next to one [rough_and_ready 6.25], and a wagon
-- moves as artillery [rough_and_ready 7.0]. Nothing for other units. A retreat is no move:
-- guns retreat with their stack [rough_and_ready 6.39].
-- @tparam table prohibited the query's list, added to (`{at, why, rule}`)
function M.prohibit(game, unit, prohibited)
  local info = game:unit_info(unit)
  local what, rule
  if info.type == "artillery" then
    what, rule = "artillery never moves next to an enemy combat unit", M.R625
  elseif info.type == "wagon" then
    what = "a wagon moves as artillery, never next to an enemy combat unit"
    rule = "[rough_and_ready 6.25, 7.0]"
  else
    return
  end
  local near = M.next_to_enemy(game, info.side)
  local hexes, seen = near.hexes, near.by
  local whys = near.why[info.type]
  if not whys then
    whys = {}
    near.why[info.type] = whys
  end
  for _, h in ipairs(hexes) do
    local why = whys[h]
    if not why then
      why = "next to " .. seen[h] .. ": " .. what
      whys[h] = why
    end
    prohibited[#prohibited + 1] = { at = h, why = why, rule = rule }
  end
end

return M
