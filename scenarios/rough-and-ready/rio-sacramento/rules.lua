--- Rio Sacramento's special rules (scenarios/rough-and-ready/rio-sacramento/rules.lua), written
-- through the system's hook points and `ctx.game` (docs/rough_and_ready.md "Battle scripts
-- and ctx.game"; docs/designer-guide.md "The special rule, as a hook").
--
-- Written here, each below with its case:
--
-- * [rough_and_ready RS Doniphan Expedition] the US entry hex, chosen in secret before the
--   Mexicans set up (`setup.start`);
-- * [rough_and_ready RS 3.1] the opening: one movement-only activation of every US unit (the
--   army placed at its entry hex by the schedule), then the Mexicans' free activation;
-- * [rough_and_ready RS 4.0] Owens and the wagon train: the wagons are In Command while
--   Owens is stacked with one of them and they form one connected chain (ruling A37);
-- * [rough_and_ready RS 8.0] a US wagon that ends a move in 1552 or 3253 may leave the map
--   there: 1 or 2 Battle Lost points to the Mexicans; the draw when all six have left and no
--   Mexican unit is eliminated;
-- * [rough_and_ready RS 6.12] mounted Rancheros never fire;
-- * [rough_and_ready RS 6.14] the 1st Missouri's rifles, dismounted only: no -2 at two hexes,
--   three hexes' reach at -2 (the system's -2 from two hexes on);
-- * [rough_and_ready RS 6.22] Mexican gunnery: -2 in all (ruling A8: the chart's -1 and one
--   more, not -3);
-- * [rough_and_ready RS 6.54] the Mexican Melt-Down (ruling A15: no chaining);
-- * [rough_and_ready RS 6.55] Heredia's Bug-Out (ruling A16: he leaves the game, no BL);
-- * [rough_and_ready RS 6.9] the 1st Missouri mounting and dismounting between its two
--   counters, and Anton Adams' variant (the option `adams`: only two of its units may).
-- * [rough_and_ready RS 6.14, 6.38] the Redoubt and Wall benefit of a defender when the fire
--   or the shock crosses such a hexside (not against artillery at its 0 or -2 range), and
--   [rough_and_ready RS 5.16, 5.17] the chart's hexside cells (Arroyo, Ravine, Spur) and
--   shock uphill, each value read from the battle's chart tables (charts/terrain_drm.ini).
--
-- The balance options are the files of options/: balance (the US streak), ignore-meltdown
-- (no Melt-Down, no Bug-Out) [rough_and_ready RS-Bal]; adams [rough_and_ready RS 6.9].
-- luacheck: read globals volley

local R31 = "[rough_and_ready RS 3.1]"
local R40 = "[rough_and_ready RS 4.0]"
local R612 = "[rough_and_ready RS 6.12]"
local R614 = "[rough_and_ready RS 6.14]"
local R622 = "[rough_and_ready RS 6.22]"
local R654 = "[rough_and_ready RS 6.54]"
local R655 = "[rough_and_ready RS 6.55]"
local R69 = "[rough_and_ready RS 6.9]"
local R80 = "[rough_and_ready RS 8.0]"
local R614_638 = "[rough_and_ready RS 6.14, 6.38]"
local R515 = "[rough_and_ready RS 5.15, 6.38]"
local R517 = "[rough_and_ready RS 5.16, 5.17, 6.38]"

local OWENS = "Owens"
local HEREDIA = "Heredia"
-- the wagons' exits and the Mexican Battle Lost points of each [rough_and_ready RS 8.0]
local EXITS = { ["1552"] = 1, ["3253"] = 2 }
local EXIT_ORDER = { "1552", "3253" }
-- the Mexican units the Melt-Down spares [rough_and_ready RS 6.54]
local STEADY = { ["7L"] = true, ["Presid"] = true }
local RANCHEROS = "Ranch"
local MISSOURI = "1MO"          -- the 1st Missouri's regiment (1MO-<n>m and 1MO-<n>d)
local ADAMS_MOUNTS = 2          -- Anton Adams: two of its units keep horses [RS 6.9]

-- The regiment of a counter: its `regiment` field, or its id before the last '-'.
local function regiment(g, unit)
  local r = g.value(unit, "regiment")
  if r == nil or r == "" then r = unit:match("^(.*)%-[^-]*$") or unit end
  return r
end

local function combat(g, unit)
  return g.kind(unit) ~= "leader" and g.type(unit) ~= "wagon"
end

-- {====================================================================================
-- The 1st Missouri's two counters [rough_and_ready RS 6.9]: each company is a mounted counter
-- (cavalry, 1MO-<n>m) and a dismounted one (infantry, 1MO-<n>d) of the regiment 1MO, paired
-- by their ids less the last letter.
-- =====================================================================================

local function missouri(g, unit)
  return g.kind(unit) ~= "leader" and regiment(g, unit) == MISSOURI
end

local function mounted(g, unit) return g.type(unit) == "cavalry" end

local function company(unit) return (unit:gsub("[md]$", "")) end

-- The other counter of a 1st Missouri unit, or nil.
local function other_counter(g, unit)
  local key, want = company(unit), not mounted(g, unit)
  for _, u in ipairs(g.units{ side = g.side(unit) }) do
    if u ~= unit and missouri(g, u) and company(u) == key and mounted(g, u) == want then
      return u
    end
  end
  return nil
end

-- Whether a company may change counters: all; under Anton Adams the two with the lowest
-- numbers.
local function may_switch(g, unit)
  if g.flag("adams") ~= true then return true end
  local numbers, seen = {}, {}
  for _, u in ipairs(g.units{ side = g.side(unit) }) do
    local n = missouri(g, u) and tonumber(company(u):match("(%d+)$"))
    if n and not seen[n] then seen[n], numbers[#numbers + 1] = true, n end
  end
  table.sort(numbers)
  local mine = tonumber(company(unit):match("(%d+)$"))
  for i = 1, math.min(ADAMS_MOUNTS, #numbers) do
    if numbers[i] == mine then return true end
  end
  return false
end

local function next_to_enemy(g, unit)
  local at = g.hex(unit)
  local enemy = g.enemy(g.side(unit))
  for _, h in ipairs(g.neighbors(at)) do
    for _, u in ipairs(g.stack(h)) do
      if g.side(u) == enemy and g.kind(u) ~= "leader" then return true end
    end
  end
  return false
end

-- The switched units of the activation under way: "n:unit unit".
local function switched(g)
  local s = tostring(g.flag("switched") or "")
  local n, list = s:match("^(%d+):(.*)$")
  if tonumber(n) ~= g.now().activation then return {} end
  local out = {}
  for u in list:gmatch("%S+") do out[u] = true end
  return out
end

-- At an activation's start, before anything moves: the US may change the counters of its
-- activated 1st Missouri units that stand next to no enemy, one at a time.
volley.on("activation.start", function(ctx)
  local g = ctx.game
  if ctx.side ~= "US" then return end
  local done = {}
  for _ = 1, #ctx.units do
    local options = {}
    for _, u in ipairs(g.now().units or ctx.units) do
      if not done[u] and g.hex(u) and missouri(g, u) and other_counter(g, u)
          and may_switch(g, u) and not next_to_enemy(g, u) then
        options[#options + 1] = u
      end
    end
    if #options == 0 then return end
    options[#options + 1] = "none"
    local answer = g.ask("US", {
      kind = "mount",
      prompt = "before moving: mount or dismount a 1st Missouri unit (2 MP of its new "
        .. "Movement Allowance), or none",
      options = options,
      default = "none",
      rule = R69,
    })
    if answer == "none" then return end
    local other = other_counter(g, answer)
    g.swap(answer, other, (mounted(g, answer) and "dismounts" or "mounts") .. " " .. R69)
    done[other] = true
    local list = {}
    for u in pairs(switched(g)) do list[#list + 1] = u end
    list[#list + 1] = other
    table.sort(list)
    g.set_flag("switched", ctx.n .. ":" .. table.concat(list, " "))
  end
end)

-- The change costs 2 MP of the new counter's Movement Allowance.
volley.on("movement.cost", function(ctx)
  local g = ctx.game
  if switched(g)[ctx.unit] then
    ctx.query.ma = math.max(0, ctx.query.ma - 2)
  end
end, { kind = "modify" })

-- Dismounted, they have rifles: three hexes' reach.
volley.on("fire.range", function(ctx)
  local g = ctx.game
  if missouri(g, ctx.unit) and not mounted(g, ctx.unit) then ctx.range = 3 end
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- Fire: Rifles, Rancheros and the Mexican guns [rough_and_ready RS 6.12, 6.14, 6.22].
-- =====================================================================================

volley.on("fire.target", function(ctx)
  local g = ctx.game
  local f = ctx.firers[1]
  if ctx.kind == "small_arms" and regiment(g, f) == RANCHEROS and mounted(g, f) then
    ctx.allowed = false
    ctx.why = f .. " is mounted Rancheros, armed with machetes: they never fire " .. R612
  end
end, { kind = "modify" })

volley.on("fire.drm", function(ctx, mods)
  local g = ctx.game
  local f = ctx.firers[1]
  if ctx.kind == "small_arms" and ctx.range == 2 and missouri(g, f) and not mounted(g, f) then
    mods:add(2, "rifles: no -2 at two hexes", R614)
  elseif ctx.kind == "artillery" and g.side(f) == "MEX" then
    mods:add(-1, "Mexican gunnery: -2 in all with the chart's -1", R622)
  end
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- The Mexican Melt-Down [rough_and_ready RS 6.54] and Heredia's Bug-Out [RS 6.55]. The flag
-- `no_meltdown` (the option ignore-meltdown) turns both off.
-- =====================================================================================

-- Each Hit on a Mexican unit other than the 7th Line or a Presidiales: a d10 over its printed
-- Morale (the side it shows: ruling A15) is one more Hit, which rolls no Melt-Down itself.
volley.on("hit.applied", function(ctx)
  local g = ctx.game
  local unit = ctx.unit
  if g.side(unit) ~= "MEX" then return end
  local n = g.now()
  if n.side == "MEX" then g.set_flag("mex_hit", n.activation) end
  if g.flag("no_meltdown") == true or g.flag("melting") == true or not combat(g, unit)
      or STEADY[regiment(g, unit)] or not g.hex(unit) then
    return
  end
  -- the printed Morale of the side the counter shows after the Hit [rough_and_ready 6.53]
  local morale = g.value(unit, "morale")
  local reverse = g.value(unit, "morale_reverse")
  if reverse and g.adjusted_morale(unit) <= reverse then morale = reverse end
  local dr = g.roll("Melt-Down of " .. unit, R654)
  if dr > morale then
    g.log("Melt-Down: d10 " .. dr .. " > " .. unit .. "'s printed Morale " .. morale
      .. ": one more Hit " .. R654)
    g.set_flag("melting", true)
    g.hit(unit, "Melt-Down " .. R654)
    g.set_flag("melting", nil)
  else
    g.log("Melt-Down: d10 " .. dr .. ", not over " .. unit .. "'s printed Morale " .. morale
      .. ": no effect " .. R654)
  end
end)

--- Whether the Mexicans' Battle Lost points make a Withdrawal possible on some roll: a 9
-- with the -1 when they have fewer than the US would exceed 20 [rough_and_ready RS 6.55, 8.0].
local function withdrawal_possible(g)
  local mex, us = g.battle_lost("MEX"), g.battle_lost("US")
  return mex + 9 - (mex < us and 1 or 0) > 20, mex, us
end

volley.on("activation.end", function(ctx)
  local g = ctx.game
  if ctx.side ~= "MEX" or g.flag("mex_hit") ~= ctx.n or g.flag("no_meltdown") == true
      or not g.hex(HEREDIA) then
    return
  end
  local possible, mex, us = withdrawal_possible(g)
  if not possible then return end
  local dr = g.roll("Heredia's Bug-Out", R655)
  if dr == 9 then
    g.withdraw(HEREDIA, "d10 9: he rides away, BL " .. mex .. " to " .. us .. " " .. R655)
  else
    g.log("Heredia's Bug-Out: d10 " .. dr .. ", he stays " .. R655)
  end
end)

-- }====================================================================================

-- {====================================================================================
-- Owens and the wagon train [rough_and_ready RS 4.0].
-- =====================================================================================

-- Whether the wagons on the map are one chain, each next to another (ruling A37), with
-- Owens stacked with one of them; and why.
local function train_in_command(g)
  local hexes, set = {}, {}
  for _, w in ipairs(g.units{ side = "US", type = "wagon", where = "hex" }) do
    local h = g.hex(w)
    if not set[h] then set[h], hexes[#hexes + 1] = true, h end
  end
  local owens = g.hex(OWENS)
  if not owens or not set[owens] then
    return false, OWENS .. " is not stacked with a wagon " .. R40
  end
  local seen, queue, count = { [owens] = true }, { owens }, 1
  while #queue > 0 do
    local h = table.remove(queue)
    for _, nb in ipairs(g.neighbors(h)) do
      if set[nb] and not seen[nb] then
        seen[nb], count = true, count + 1
        queue[#queue + 1] = nb
      end
    end
  end
  if count < #hexes then return false, "the wagons are not all adjacent, one chain " .. R40 end
  return true, OWENS .. " is with the wagons, all adjacent " .. R40
end

volley.on("command.status", function(ctx)
  local g = ctx.game
  if g.type(ctx.unit) ~= "wagon" or g.side(ctx.unit) ~= "US" then return end
  ctx.in_command, ctx.why = train_in_command(g)
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- The wagons' exit, the Mexican Battle Lost points and the draw [rough_and_ready RS 8.0].
-- The flags `wagons_1552`, `wagons_3253` count the wagons gone by each.
-- =====================================================================================

volley.on("movement.end", function(ctx)
  local g = ctx.game
  local w, hex = ctx.unit, ctx.hex
  if not EXITS[hex] or g.type(w) ~= "wagon" or g.side(w) ~= "US" or g.result() then return end
  local answer = g.ask("US", {
    kind = "wagon_exit",
    prompt = w .. " is in " .. hex .. ": leave the map there (" .. EXITS[hex]
      .. " Battle Lost to the Mexicans)? (yes/no)",
    options = { "yes", "no" },
    default = "yes",
    rule = R80,
  })
  if answer ~= "yes" then return end
  g.withdraw(w, "leaves the map by " .. hex .. " " .. R80)
  local key = "wagons_" .. hex
  g.set_flag(key, (g.flag(key) or 0) + 1)
  -- the draw: every wagon gone, no Mexican unit eliminated
  local gone, wagons = 0, #g.units{ side = "US", type = "wagon" }
  for _, h in ipairs(EXIT_ORDER) do gone = gone + (g.flag("wagons_" .. h) or 0) end
  if gone < wagons then return end
  for _, u in ipairs(g.units{ side = "MEX" }) do
    if g.kind(u) ~= "leader" and g.where(u) == "eliminated" then return end
  end
  g.declare_result{ winner = "draw", why = "all " .. wagons .. " US wagons have left the map "
    .. "and no Mexican unit is eliminated " .. R80 }
end)

volley.on("victory.bl", function(ctx, mods)
  if ctx.side ~= "MEX" then return end
  local g = ctx.game
  for _, h in ipairs(EXIT_ORDER) do
    local n = g.flag("wagons_" .. h) or 0
    if n > 0 then
      mods:add(n * EXITS[h], n .. " US wagon" .. (n == 1 and "" or "s") .. " gone by " .. h, R80)
    end
  end
end, { kind = "modify" })

-- }====================================================================================

-- {====================================================================================
-- The US entry [rough_and_ready RS Doniphan Expedition]: before any Mexican unit is set up
-- (`setup.start`), the US chooses the one hex its whole force enters by, in secret (the US
-- side's secret `entry_army`); the schedule's `[reinforcements.US]` line `army` brings the
-- force in by it at the opening and reveals it (volley.schedule, as Resaca's variable entry:
-- ruling A34). The Mexicans deploy without knowing it [rough_and_ready RS Mexican Deployment].
-- =====================================================================================

local ENTRIES = { "1637", "2536", "3736", "3937" }

volley.on("setup.start", function(ctx)
  ctx.game.ask("US", { kind = "entry",
    prompt = "the hex the whole US force will enter by, chosen before the Mexicans deploy: "
      .. table.concat(ENTRIES, ", "),
    options = ENTRIES, default = "2536",
    rule = "[rough_and_ready RS Doniphan Expedition]", secret = "entry_army" })
end)

-- }====================================================================================

-- {====================================================================================
-- The opening [rough_and_ready RS 3.1]: every US unit, movement only; then the Mexicans'
-- free activation. Under Anton Adams the 1st Missouri's units that keep no horses show
-- their foot counters first [rough_and_ready RS 6.9].
-- =====================================================================================

volley.on("game.start", function(ctx)
  local g = ctx.game
  if g.flag("adams") == true then
    for _, u in ipairs(g.units{ side = "US", where = "hex" }) do
      if missouri(g, u) and mounted(g, u) and not may_switch(g, u) and other_counter(g, u) then
        g.swap(u, other_counter(g, u), "Anton Adams: on foot " .. R69)
      end
    end
  end
  if g.now().activation > 0 then return nil end       -- a start state past the opening
  return { play = "US", mode = "moves", rule = R31, next = { play = "MEX", mode = "free" } }
end, { kind = "replace" })

-- }====================================================================================

-- {====================================================================================
-- The Rio Sacramento terrain [rough_and_ready RS 5.15-5.17, 6.14, 6.38]: what the system's
-- chart does not know, every value from the battle's chart tables (charts/terrain_drm.ini:
-- rs_fire_terrain, rs_shock_terrain). The system already gives the Hacienda (fire and
-- shock), the River and the Ford (shock) their printed cells, which are those tables' too.
-- =====================================================================================

local FIRE_TABLE, SHOCK_TABLE = "rs_fire_terrain", "rs_shock_terrain"
-- the hexside rows the system's chart lacks, in the order their modifiers are listed
local SIDES = { "arroyo", "ravine", "spur", "wall", "redoubt" }
local WORKS = { wall = true, redoubt = true }
local NAMES = { arroyo = "the Arroyo", ravine = "a ravine", spur = "the spur", wall = "a wall",
                redoubt = "a redoubt" }

local function cell(g, tbl, name)
  local found, why = g.chart(tbl, { name = name })
  if not found then error(tbl .. ": " .. tostring(why), 0) end
  return found.drm
end

-- Whether hex owns the works hexside `id` it shares with a neighbour: a wall bounds either
-- hex, a redoubt hexside only the hex of the place `redoubt`.
local function behind(g, id, hex)
  if id == "wall" then return true end
  for _, h in ipairs(g.place("redoubt")) do
    if h == hex then return true end
  end
  return false
end

-- The hexsides of `to` an attack from `from` crosses into it: those shared with the
-- neighbours of `to` one hex nearer `from` (two where the line runs between them; the
-- defender has the better of them), as {id = true}.
local function crossed(g, from, to)
  local out, d = {}, g.distance(from, to)
  for _, n in ipairs(g.neighbors(to)) do
    if d == 1 and n == from or d > 1 and g.distance(from, n) == d - 1 then
      for _, id in ipairs(g.hexside(n, to).features) do out[id] = true end
    end
  end
  return out
end

-- Fire: the works the target is behind, unless artillery fires at its 0 or -2 range
-- [rough_and_ready RS 6.14]; the other hexside cells the fire crosses (0 on the printed
-- chart's side of things: listed only when a table gives one).
volley.on("fire.drm", function(ctx, mods)
  local g = ctx.game
  local from, to = g.hex(ctx.firers[1]), ctx.target
  if not from or from == to then return end
  local sides = crossed(g, from, to)
  local artillery_far = ctx.kind == "artillery" and ctx.range_drm ~= nil and ctx.range_drm <= 0
  local best
  for _, id in ipairs(SIDES) do
    if sides[id] then
      if WORKS[id] then
        if behind(g, id, to) then
          if not artillery_far then
            local v = cell(g, FIRE_TABLE, id)
            if best == nil or v < best[1] then best = { v, id } end
          end
        end
      else
        local v = cell(g, FIRE_TABLE, id)
        if v ~= 0 then mods:add(v, "fire across " .. NAMES[id], R517) end
      end
    end
  end
  if best and best[1] ~= 0 then
    mods:add(best[1], "target behind " .. NAMES[best[2]], R614_638)
  end
end, { kind = "modify" })

-- Shock: each attacker's hexside into the defender's hex (a row once a shock, the works only
-- for the defender behind them, the better of wall and redoubt), and uphill: the chart's
-- cell for each level the defender's hex is above the lowest attacker's hex of origin.
volley.on("shock.drm", function(ctx, mods)
  if ctx.role ~= "attacker" then return end
  local g = ctx.game
  local to = ctx.hex
  local sides, climb = {}, 0
  for _, a in ipairs(ctx.attackers) do
    local o = ctx.origin and ctx.origin[a]
    if o and o ~= to and g.distance(o, to) == 1 then
      for id in pairs(crossed(g, o, to)) do sides[id] = true end
      climb = math.max(climb, g.elevation(to) - g.elevation(o))
    end
  end
  local best
  for _, id in ipairs(SIDES) do
    if sides[id] then
      if WORKS[id] then
        if behind(g, id, to) then
          local v = cell(g, SHOCK_TABLE, id)
          if best == nil or v < best[1] then best = { v, id } end
        end
      else
        local v = cell(g, SHOCK_TABLE, id)
        if v ~= 0 then mods:add(v, "attack across " .. NAMES[id], R517) end
      end
    end
  end
  if best and best[1] ~= 0 then
    mods:add(best[1], "defender behind " .. NAMES[best[2]], R614_638)
  end
  if climb > 0 then
    local v = cell(g, SHOCK_TABLE, "uphill") * climb
    if v ~= 0 then
      mods:add(v, "attack uphill, " .. climb .. " level" .. (climb == 1 and "" or "s"), R515)
    end
  end
end, { kind = "modify" })

-- }====================================================================================
