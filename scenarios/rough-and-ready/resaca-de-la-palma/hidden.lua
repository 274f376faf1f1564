-- scenarios/rough-and-ready/resaca-de-la-palma/hidden.lua: the hidden Mexican deployment
-- [rough_and_ready RP Hidden Mexican Deployment], played after the battle's rules.lua and the
-- variable deployment's variable.lua (docs/scenarios.md "Battle scripts add up").
--
-- Every Mexican set-up line of hidden.ini is marked `hidden`, so the Mexican units are hidden
-- from the US from the moment they are asked for (docs/shell.md "Views"). At the opening each
-- one that may not stay hidden is put on the map: a leader (only units hide), or a unit not in
-- chaparral or light woods (a resaca hex with light woods counts). A hidden unit plays by the
-- rules all the same; the rules reveal it for good [rough_and_ready RP Revealing Hidden
-- Units] when
--   - it fires (`fire.declared`, return and reaction fire too), or shocks (ruled: an attack
--     is never made on paper), or a US fire or shock goes into its hex with a unit the US
--     sees (ruled: it takes its part of the results);
--   - it enters a second hex in one activation (`movement.enter`, counted in the flag
--     `hid_<unit>`: the activation's number and the hexes entered);
--   - it is spotted [rough_and_ready RP Spotting Hidden Units]: a US unit (not a leader)
--     ends a move (`movement.end`) within 2 hexes of it with a clear line of sight (the
--     fire rules' line: units between block it, the two end hexes never do, so chaparral
--     around it does not).
-- A US fire or shock at a hex where the US sees no enemy is no target at all (`fire.target`
-- here, shock.lua for shock). Rulings: docs/rulings/rough_and_ready.md "Hidden units".
-- luacheck: read globals volley

local RULE = "[rough_and_ready RP Hidden Mexican Deployment]"
local R_REVEAL = "[rough_and_ready RP Revealing Hidden Units]"
local R_SPOT = "[rough_and_ready RP Spotting Hidden Units]"
local COVER = { w = true, ch = true, rw = true }   -- light woods, chaparral, resaca in woods
local SPOT_RANGE = 2

local function hidden(g, u)
  return g.unit(u).hidden
end

-- The Mexican units still hidden, id order.
local function hidden_units(g)
  local out = {}
  for _, u in ipairs(g.units{ side = "MEX" }) do
    if hidden(g, u) then out[#out + 1] = u end
  end
  return out
end

-- Whether `hex` holds a Mexican unit the US sees (not hidden).
local function seen_there(g, hex)
  for _, u in ipairs(g.stack(hex)) do
    if g.side(u) == "MEX" and not hidden(g, u) then return true end
  end
  return false
end

-- The units hidden in `hex` revealed, `why` said.
local function reveal_in(g, hex, why)
  for _, u in ipairs(g.stack(hex)) do
    if hidden(g, u) then g.reveal_unit(u, why) end
  end
end

-- At the opening: leaders and units out of cover are put on the map.
volley.on("game.start", function(ctx)
  local g = ctx.game
  for _, u in ipairs(hidden_units(g)) do
    local at = g.hex(u)
    if g.kind(u) == "leader" then
      g.reveal_unit(u, "a leader: only units set up hidden " .. RULE)
    elseif not at or not COVER[g.terrain(at)] then
      g.reveal_unit(u, "set up out of chaparral and light woods " .. RULE)
    end
  end
end)

-- It fires (its return and reaction fire too); or a US fire goes into its hex.
volley.on("fire.declared", function(ctx)
  local g = ctx.game
  for _, f in ipairs(ctx.firers) do
    if hidden(g, f) then g.reveal_unit(f, "it fires at " .. ctx.target .. " " .. R_REVEAL) end
  end
  reveal_in(g, ctx.target, "in the hex fired at " .. RULE)
end, { kind = "modify" })

-- A shock: the hidden attackers, and the hidden units of the hex attacked.
volley.on("shock.commitment", function(ctx)
  local g = ctx.game
  for _, u in ipairs(ctx.units) do
    if hidden(g, u) then g.reveal_unit(u, "it shocks " .. ctx.target .. " " .. RULE) end
  end
  reveal_in(g, ctx.target, "in the hex attacked " .. RULE)
end, { kind = "modify" })

-- The US fires only at a hex where it sees an enemy.
volley.on("fire.target", function(ctx)
  local g = ctx.game
  if g.side(ctx.firers[1]) == "US" and not seen_there(g, ctx.target) then
    ctx.allowed = false
  end
end, { kind = "modify" })

-- A second hex entered in one activation.
volley.on("movement.enter", function(ctx)
  local g = ctx.game
  local u = ctx.unit
  if not hidden(g, u) then return end
  local n = g.now().activation
  local name = "hid_" .. u
  local kept = g.flag(name)
  local count = 1
  if type(kept) == "string" then
    local act, c = kept:match("^(%d+):(%d+)$")
    if tonumber(act) == n then count = tonumber(c) + 1 end
  end
  g.set_flag(name, n .. ":" .. count)
  if count > 1 then
    g.reveal_unit(u, "it moved more than one hex in the activation " .. R_REVEAL)
  end
end)

-- Spotting: a US unit that ends a move within 2 hexes with a clear line of sight.
volley.on("movement.end", function(ctx)
  local g = ctx.game
  if g.side(ctx.unit) ~= "US" or g.kind(ctx.unit) == "leader" then return end
  for _, u in ipairs(hidden_units(g)) do
    local at = g.hex(u)
    if at and g.distance(ctx.hex, at) <= SPOT_RANGE and g.los(ctx.hex, at) then
      g.reveal_unit(u, "spotted by " .. ctx.unit .. " in " .. ctx.hex .. " " .. R_SPOT)
    end
  end
end)
