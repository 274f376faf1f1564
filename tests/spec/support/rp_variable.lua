--- A trusted module the Resaca de la Palma variable deployment spec loads inside an
-- engine-owned state (the sandbox loads battle scripts only there): it opens the variant
-- `rough-and-ready/resaca-de-la-palma/variable`, loads its scripts as `volley play` does
-- (the battle's rules.lua, then the variant's variable.lua), asks the set-up (the US entry
-- first, in secret), brings the US army in at the opening through the schedule, and returns
-- what happened as plain data.
local game = require "volley.game"
local session = require "volley.session"
local ask = require "volley.ask"
local schedule = require "volley.schedule"
local secret = require "volley.secret"
local victory = require "systems.rough_and_ready.victory"

local H = {}

local ID = "rough-and-ready/resaca-de-la-palma/variable"
local DIR = "scenarios/rough-and-ready/resaca-de-la-palma/"

--- The set-up as `volley play` asks it (`Game:ask_setup`: `setup.start`, then the Mexican
-- lines at their defaults), the US answering `entry` when asked its entry, then the army
-- brought in at the opening through the schedule; then `3US-1` is put on `road` and an
-- activation ends: the Mexicans' road Battle Lost points, the requests in the order asked
-- (the US's in full), the US secret before and after the arrival, where the army is.
function H.entry(entry, road)
  local g = game.open(ID)
  for _, s in ipairs({ "rules.lua", "variable.lua" }) do
    session.load_script(g, DIR .. s, "battle")
  end
  local r = { requests = {}, order = {} }
  local co = coroutine.create(function()
    g:ask_setup()
    r.before = { secret.get(g, "US", "entry_army") }
    r.before_hex = select(2, g.store:where("3US-1")) or "none"
    schedule.arrive(g, 1, g.hooks)
  end)
  local ok, e = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    if r.order[#r.order] ~= side then r.order[#r.order + 1] = side end
    if side == "US" then
      r.requests[#r.requests + 1] = side .. " " .. req.kind .. ": "
        .. table.concat(ask.legal(req), " ") .. " secret " .. tostring(req.secret)
      return entry
    end
    return req.default
  end)
  r.stopped = not ok and e or "ran on"
  r.after = { secret.get(g, "US", "entry_army") }
  local at = {}
  for _, u in ipairs({ "3US-1", "Taylor", "USDet", "May" }) do
    local where, hex = g.store:where(u)
    at[#at + 1] = where .. " " .. tostring(hex)
  end
  r.at = at
  r.flag = (g.vars.battle or {}).us_entry
  g.vars.count, g.vars.streak, g.vars.artillery_used, g.vars.oc_moved = 1, {}, {}, {}
  assert(g.store:place("3US-1", road))
  g.hooks:fire("activation.end", { side = "US", kind = "command", target = "garland", n = 1 })
  local _, mods = victory.battle_lost(g, "MEX")
  r.road = 0
  for _, m in ipairs(mods:list()) do
    if m.label:find("on the road", 1, true) then r.road = m.value end
  end
  return r
end

return H
