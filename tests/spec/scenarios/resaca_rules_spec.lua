-- Resaca de la Palma's special rules written as battle scripts (scenarios/rough-and-ready/
-- resaca-de-la-palma/rules.lua and options/) on the battle's own map and order of battle:
-- the resacas [rough_and_ready RP 5.16, RP 6.17] (T-RR-08a-c), Arista Unaware and his alert
-- [rough_and_ready RP 4.25] (T-RR-15, 15b, 15c), the Mexican Hit level [rough_and_ready RP
-- 6.53], no Rally in chaparral [rough_and_ready RP 6.82], the Detachments [rough_and_ready RP
-- 6.9] and their chaparral exemption [rough_and_ready RP 5.15], the Battle Lost points the
-- schedule leaves to the script [rough_and_ready RP 8.0], the balance options [rough_and_ready
-- RP-Bal]. The scripts load only in an engine-owned state: tests/spec/support/rp_rules.lua
-- runs each case there, the dice forced, and returns what happened.
local core = require "volley.core"

local st

local function call(fn, ...)
  local r = { st:call("rp_rules", fn, ...) }
  assert(r[1], type(r[2]) == "table" and tostring(r[2].msg) or tostring(r[2]))
  return r[2]
end

setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
teardown(function() st:close() end)

describe("[rough_and_ready RP 5.16] the resacas", function()
  it("dump", function()
    print(require("volley.json").encode(call("resaca_guns")))
    print(require("volley.json").encode(call("resaca_small_arms")))
    print(require("volley.json").encode(call("alert_roll", 7)))
    print(require("volley.json").encode(call("alert_roll", 6)))
    print(require("volley.json").encode(call("alert_too_early")))
    print(require("volley.json").encode(call("unaware_limits")))
    print(require("volley.json").encode(call("alert_by_approach", "5615")))
    print(require("volley.json").encode(call("alert_by_approach", "5514")))
    print(require("volley.json").encode(call("ignore_arista")))
    print(require("volley.json").encode(call("balance")))
    print(require("volley.json").encode(call("hit_level")))
    print(require("volley.json").encode(call("rally_chaparral")))
    print(require("volley.json").encode(call("chaparral_roll")))
    print(require("volley.json").encode(call("detachments")))
    print(require("volley.json").encode(call("detachment_activation")))
    print(require("volley.json").encode(call("detachment_rally")))
    print(require("volley.json").encode(call("battle_lost")))
  end)
end)
