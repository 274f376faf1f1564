-- A bot game of Palo Alto from stock Lua 5.4 or LuaJIT, volley installed (docs/api-map.md
-- "A bot game from stock Lua"). Usage: lua5.4 bot_game.lua [decisions], luajit likewise.
local volley = require "volley"
local random = require "volley.bots.random"

local seed, cap = 1, tonumber(arg and arg[1]) or 40000
local st = volley.new_state{}
assert(st:call("volley.session", "open", "rough-and-ready/palo-alto", { seed = seed }))
local task = st:spawn("volley.session", "run")
local kind, side, request = task:resume()
local n = 0
while kind == "request" and n < cap do
  n = n + 1
  local ctx = { side = side, name = "random", seed = seed, decision = n }
  kind, side, request = task:resume(random.answer(nil, request, ctx))
  st:call("volley.session", "drain")  -- the roll log and the narrative, not kept here
end
assert(kind ~= "error", kind == "error" and tostring(side.msg or side))
local _, result = st:call("volley.session", "result")
print(n .. " decisions", result.winner or "not over", result.state_hash)
