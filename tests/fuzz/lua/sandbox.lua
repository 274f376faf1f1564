--- The fuzz driver of the sandbox (tests/fuzz/fuzz_sandbox.c): each input is a mod's text,
-- run as `--mod` against the demo (tests/data/demo) in a fresh engine-owned state with small
-- budgets, then the game played by the random bot for up to 30 decisions. The mod may fail
-- (a refusal: a message with no control byte); it may not crash (ASan, UBSan), hang (the
-- budgets and libFuzzer's -timeout), or leave the state's next call unbudgeted: after the game,
-- a script that loops for ever, run by the trusted spec harness, must stop at the instruction
-- budget.
local volley = require "volley"
local random = require "volley.bots.random"
local check = require "fuzz_check"

local src = ...
local DEMO = src .. "/tests/data/demo"
local INSTR = 2000000
local BUDGETS = { instr = INSTR, call_mem = 8 * 1024 * 1024, time = 5000,
                  modules = { src .. "/tests/spec/support" } }

local function message(e)
  if type(e) == "table" then return e.msg or e.message end
  return e
end

return function(modpath)
  local st = volley.new_state(BUDGETS)
  local ok, opened = st:call("volley.session", "open", DEMO, { seed = 1, mods = { modpath } })
  if ok and type(opened) == "table" and not opened.mismatch then
    local task = st:spawn("volley.session", "run")
    local kind, side, request = task:resume()
    local n = 0
    while kind == "request" and n < 30 do
      n = n + 1
      local ctx = { side = side, name = "random", seed = 1, decision = n }
      kind, side, request = task:resume(random.answer(nil, request, ctx))
      st:call("volley.session", "drain")
    end
    if kind == "error" then check.refusal(message(side), "the game") end
  else
    check.refusal(message(opened), "open")
  end
  local r = { st:call("sandbox_harness", "run", "while true do end", "mods/next.lua") }
  assert(r[1], "the next call failed: " .. tostring(message(r[2])))
  assert(r[2] == false and tostring(message(r[3])):find("instruction budget exceeded", 1, true),
    "after the mod, a script looping for ever was not stopped by the instruction budget: "
    .. tostring(message(r[3])))
  st:close()
end
