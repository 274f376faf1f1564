--- Helpers for the Battle of Buena Vista specs: the battle opened with every unit set aside
-- (each spec places what it needs), a procedure played inside the coroutine that answers its
-- requests, with scripted answers and forced dice.
local game = require "volley.game"
local ask = require "volley.ask"

local M = {}

M.ID = "battle-of-buena-vista/buena-vista"

local STOP = setmetatable({}, { __tostring = function() return "out of answers" end })

--- Opens Buena Vista (its set-up at its defaults), then sets every unit aside and places
-- `where` (`{[unit] = hex | {head, tail}}`, id order); `active` the units active this turn
-- (`game.vars.active`, what activation's set reads), default: every unit placed.
function M.open(where, opts)
  opts = opts or {}
  local sys = require "systems.battle_of_buena_vista"
  local movement = require "systems.battle_of_buena_vista.movement"
  if #sys.points == 0 then sys.points = movement.points end   -- before init.lua lists them
  if not sys.params then sys.params = movement.params end
  local g = game.open(M.ID, { seed = opts.seed or 1 })
  for k, v in pairs(opts.params or {}) do g.params[k] = v end   -- the rule flags (M.params)
  g:setup_defaults()
  for _, u in ipairs(g.store:units{}) do assert(g.store:place(u, "set_aside")) end
  local ids = {}
  for u in pairs(where or {}) do ids[#ids + 1] = u end
  table.sort(ids)
  for _, u in ipairs(ids) do
    assert(g.store:place(u, where[u]))
    if type(where[u]) == "table" then
      local grid = movement.grid(g)
      assert(g.store:face(u, grid:direction(where[u][2], where[u][1])))
    end
  end
  g.vars.active = opts.active or ids
  return g
end

--- Runs `fn(g)` answering each request with the next of `answers` until they run out or
-- `fn` returns. Returns `{log = {{side, kind, answer, options}|{refusal}}, pending =
-- {side, kind, options, rule, prompt} | nil, done = boolean}`.
function M.play(g, fn, answers)
  local rec = { log = {} }
  local queue = {}
  for i, a in ipairs(answers or {}) do queue[i] = a end
  local co = coroutine.create(function() fn(g) end)
  local ok, err = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then rec.log[#rec.log + 1] = { refusal = refusal } end
    local legal = ask.legal(req)
    local a = table.remove(queue, 1)
    if a == nil then
      rec.pending = { side = side, kind = req.kind, options = legal, rule = req.rule,
                      prompt = req.prompt }
      error(STOP, 0)
    end
    rec.log[#rec.log + 1] = { side = side, kind = req.kind, answer = a, options = legal }
    return a
  end)
  if not ok and err ~= STOP then error(err, 0) end
  rec.done = ok
  return rec
end

--- The refusals of a record, in order.
function M.refusals(rec)
  local out = {}
  for _, e in ipairs(rec.log) do
    if e.refusal then out[#out + 1] = e.refusal end
  end
  return out
end

--- The narrative lines of `g` that contain `text`.
function M.lines(g, text)
  local out = {}
  for _, l in ipairs(g.narrative) do
    local s = type(l) == "table" and (l.text or l[1]) or l
    if tostring(s):find(text, 1, true) then out[#out + 1] = tostring(s) end
  end
  return out
end

--- Whether list `t` holds `x`.
function M.has(t, x)
  for _, v in ipairs(t or {}) do
    if v == x then return true end
  end
  return false
end

--- Where a unit stands: its hexes joined by "/" (head first).
function M.at(g, unit)
  local kind = g.store:where(unit)
  if kind ~= "hex" then return kind end
  return table.concat(g.store:hexes(unit), "/")
end

return M
