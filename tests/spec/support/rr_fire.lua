--- Helpers for the Rough & Ready fire specs: the fixture (tests/data/rr) or Palo Alto opened
-- with units placed and faced by hand, and a procedure run with scripted answers.
local ask = require "volley.ask"
local rr = require "support.rr"

local M = {}

--- Opens the fixture with every unit off the map, then places `at` = `{unit = "hex"}` and
-- faces `facing` = `{unit = "vertex"}` (units in `at` without a facing face as their hex
-- mates, else the side's default: US `SE/S`, MEX `NW/N`, toward each other on the fixture).
function M.fixture(at, facing, seed)
  local g = rr.open(seed)
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  M.put(g, at, facing)
  return g
end

--- Places and faces units of an open game (`at` in unit id order, so stacks are in that order
-- top first unless `order` gives the ids to place in turn).
function M.put(g, at, facing, order)
  local ids = order
  if not ids then
    ids = {}
    for u in pairs(at) do ids[#ids + 1] = u end
    table.sort(ids)
  end
  for _, u in ipairs(ids) do
    assert(g.store:place(u, at[u], "bottom"))
  end
  for _, u in ipairs(ids) do
    local info = g.store:unit(u)
    if info.kind ~= "leader" and info.type ~= "wagon" then
      local w = (facing or {})[u] or (info.side == "US" and "SE/S" or "NW/N")
      assert(g.store:face(u, w))
    end
  end
end

--- Runs `fn(g)` in a coroutine, answering each request with the next of `answers`. Returns
-- what `fn` returned, and the log of requests `{side, kind, options, answer}`.
-- @raise when the answers run out, or `fn` raises
function M.run(g, answers, fn)
  local queue = {}
  for i, a in ipairs(answers or {}) do queue[i] = a end
  local log = {}
  local out
  local co = coroutine.create(function() out = { fn(g) } end)
  ask.drive(co, function(side, req, refusal)
    if refusal then error("refused: " .. tostring(refusal), 0) end
    local a = table.remove(queue, 1)
    if a == nil then error("out of answers at a " .. req.kind .. " request of " .. side, 0) end
    log[#log + 1] = { side = side, kind = req.kind, options = ask.legal(req), answer = a }
    return a
  end)
  assert(#queue == 0, "answers left over: " .. #queue)
  return out and out[1], log
end

--- The error `M.run` stops with on these answers (a refusal reads `refused: <why>`), failing
-- the test when it runs through.
function M.stop(g, answers, fn)
  local ok, err = pcall(M.run, g, answers, fn)
  assert(not ok, "the answers ran through without a refusal")
  return err
end

--- Where a unit is: its hex, else its location kind (`set_aside`, `eliminated`, ...).
function M.where(g, u)
  local kind, at = g.store:where(u)
  return at or kind
end

--- A modifier list as `"%+d label"` strings, in order (e.g. `"+2 cavalry charge"`).
function M.labels(mods)
  local out = {}
  for _, m in ipairs(mods:list()) do out[#out + 1] = string.format("%+d %s", m.value, m.label) end
  return out
end

return M
