--- What the battle rules' support modules share (pa_rules, rp_rules, rp_hidden, rio_rules,
-- rio_terrain: trusted modules a spec runs inside an engine-owned state, where the sandbox
-- loads battle scripts): a battle opened with units placed by hand, the narrative's lines
-- read back, and a procedure run as the game's coroutine with its requests answered in order.
-- @module battle_case

local game = require "volley.game"
local session = require "volley.session"
local ask = require "volley.ask"

local M = {}

--- A scenario opened with units placed by hand.
-- @tparam string id e.g. "rough-and-ready/palo-alto"
-- @tparam table o the case:
--   `at` {unit = hex} placed at the bottom of their stacks, in unit order;
--   `set_aside` true: every unit set aside first (and shown, when `hidden` is given);
--   `facing` {unit = vertex};
--   `hidden` {unit,...} hidden once placed;
--   `scripts` {file,...} of the scenario's folder loaded as battle scripts, in order;
--   `dir` that folder when it is not `scenarios/<id>/` (a variant's scripts are its battle's);
--   `rr_vars` true: Rough & Ready's activation counters reset (count 1, empty streak,
--   artillery used and out-of-command moves), as an activation's start has them.
-- @treturn table the game
function M.open(id, o)
  local g = game.open(id)
  if o.set_aside then
    for _, u in ipairs(g.store:units{}) do
      assert(g.store:place(u, "set_aside"))
      if o.hidden then g.store:set_hidden(u, false) end
    end
  end
  local ids = {}
  for u in pairs(o.at or {}) do ids[#ids + 1] = u end
  table.sort(ids)
  for _, u in ipairs(ids) do assert(g.store:place(u, o.at[u], "bottom")) end
  local faced = {}
  for u in pairs(o.facing or {}) do faced[#faced + 1] = u end
  table.sort(faced)
  for _, u in ipairs(faced) do assert(g.store:face(u, o.facing[u])) end
  for _, u in ipairs(o.hidden or {}) do g.store:set_hidden(u, true) end
  for _, s in ipairs(o.scripts or {}) do
    session.load_script(g, (o.dir or "scenarios/" .. id .. "/") .. s, "battle")
  end
  if o.rr_vars then
    g.vars.count, g.vars.streak, g.vars.artillery_used, g.vars.oc_moved = 1, {}, {}, {}
  end
  return g, ids
end

--- The narrative's lines holding `text` (a plain find), in order.
-- @treturn {string,...}
function M.lines(g, text)
  local out = {}
  for _, l in ipairs(g.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

--- Runs `fn` as the game's coroutine, answering its requests from `answers` in order (taken
-- from the list); when the list runs out the run stops. A refusal raises.
-- @tparam function fn
-- @tparam table answers consumed
-- @tparam[opt] boolean with_options each request seen with its legal answers
-- @treturn table `{requests = {"side kind[: options]",...}, stopped = "stop" | error | "ran on"}`
function M.drive(fn, answers, with_options)
  local r = { requests = {} }
  local co = coroutine.create(fn)
  local ok, e = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    local seen = side .. " " .. req.kind
    if with_options then seen = seen .. ": " .. table.concat(ask.legal(req), " ") end
    r.requests[#r.requests + 1] = seen
    local a = table.remove(answers, 1)
    if a == nil then error("stop", 0) end
    return a
  end)
  r.stopped = not ok and e or "ran on"
  return r
end

return M
