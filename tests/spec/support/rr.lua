--- Helpers for the Rough & Ready specs: the fixture battle (tests/data/rr) opened in the
-- host state, played with scripted answers and forced dice until the answers run out.
local game = require "volley.game"
local ask = require "volley.ask"

local M = {}

local STOP = setmetatable({}, { __tostring = function() return "out of answers" end })

--- Where the fixture's units stand: tests/data/rr/scenario.ini's set-up, placed here by hand
-- so the specs do not depend on the set-up machinery (facings, stacking; docs/placement.md).
M.SETUP = {
  Taylor = "0502", Garland = "0302", ["4US-1"] = "0302", ["4US-2"] = "0402",
  Belknap = "0702", ["8US-1"] = "0702", ["8US-2"] = "0802", C3US = "0602",
  Arista = "0609", Vega = "0408", ["4L-1"] = "0408", ["4L-2"] = "0508",
  Garcia = "0708", ["6L-1"] = "0708", ["6L-2"] = "0808",
  Canales = "1008", ["RANCH-1"] = "1008", ["VN-1"] = "0210", ["VN-2"] = "0210", M8 = "0608",
}

--- Opens the fixture with a seed: its map, order of battle and [victory] (read from its
-- scenario.ini), the units placed as `M.SETUP` says, in id order.
function M.open(seed)
  local scenario = require "volley.scenario"
  local sc = assert(scenario.read("tests/data/rr"))
  local g = game.new{ system = "rough_and_ready", map = sc.paths.map, oob = sc.paths.oob,
                      seed = seed or 1 }
  g.scenario = sc
  g.victory = scenario.victory(sc)
  for _, u in ipairs(g.store:units{}) do
    if M.SETUP[u] then assert(g.store:place(u, M.SETUP[u])) end
  end
  return g
end

--- The answers given automatically unless a spec scripts them (`auto` option).
M.AUTO = { leadership = "no", artillery = "done", move = "done", also_activate = "done" }

--- Plays `g` from its start (or its cursor with `opts.resume`), answering each request with
-- the next of `answers` (kinds in `opts.auto`, default `M.AUTO`, are answered by it), until
-- the answers run out or the game ends. Returns a record: `log` (each request `{side, kind,
-- answer, options, rule}` and each refusal `{refusal = text}`), `pending` (the request left
-- unanswered, as `{side, kind, options, rule}`), `done` (the game ended).
function M.play(g, answers, opts)
  opts = opts or {}
  local auto = opts.auto or M.AUTO
  local rec = { log = {} }
  local queue = {}
  for i, a in ipairs(answers or {}) do queue[i] = a end
  local co = coroutine.create(function() g:run{ resume = opts.resume } end)
  local ok, err = pcall(ask.drive, co, function(side, req, refusal)
    if refusal then rec.log[#rec.log + 1] = { refusal = refusal } end
    local legal = ask.legal(req)
    local a
    if auto[req.kind] ~= nil and not refusal then a = auto[req.kind] end
    if a == nil then a = table.remove(queue, 1) end
    if a == nil then
      rec.pending = { side = side, kind = req.kind, options = legal, rule = req.rule }
      error(STOP, 0)
    end
    rec.log[#rec.log + 1] = { side = side, kind = req.kind, answer = a, options = legal,
                              rule = req.rule }
    return a
  end)
  if not ok and err ~= STOP then error(err, 0) end
  rec.done = ok
  return rec
end

--- Plays a scenario as `volley play` does: in an engine-owned state through volley.session
-- (the battle's rules.lua and the options chosen loaded by the sandbox), answering each
-- request with the next of `answers`; set-up requests (`place`, `face` before the first activation)
-- get their default and the kinds of
-- `M.AUTO` their answer. Returns `{requests = {{side, kind, options, answer}}, refusals,
-- pending = {side, kind, options, rule}, narrative, rolls}` (the drain's, see
-- volley.session) once the answers run out.
-- @tparam string target a scenario id or path
-- @tparam table opts volley.session.open's: `{seed =, options =, dice =}`
-- @tparam[opt] table auto the kinds answered automatically (default `M.AUTO`)
function M.session(target, opts, answers, auto)
  auto = auto or M.AUTO
  local core = require "volley.core"
  local st = core.new_state{}
  assert(st:require("volley.session"))
  local ok, info = st:call("volley.session", "open", target, opts)
  assert(ok, info)
  local task = st:spawn("volley.session", "run")
  local rec = { requests = {}, refusals = {} }
  local queue = {}
  for i, a in ipairs(answers or {}) do queue[i] = a end
  local kind, side, req, refusal = task:resume()
  local setup = true                       -- set-up until the first activation request
  while kind == "request" do
    if refusal then rec.refusals[#rec.refusals + 1] = refusal end
    if req.kind == "activate" or req.kind == "free_activation" then setup = false end
    local a
    if not refusal and setup and (req.kind == "place" or req.kind == "face") then
      a = req.default or req.options[1]                          -- the set-up's default
    end
    if a == nil and not refusal then a = auto[req.kind] end
    if a == nil then a = table.remove(queue, 1) end
    if a == nil then
      rec.pending = { side = side, kind = req.kind, options = req.options, rule = req.rule }
      break
    end
    rec.requests[#rec.requests + 1] = { side = side, kind = req.kind, options = req.options,
                                        answer = a }
    kind, side, req, refusal = task:resume(a)
  end
  rec.ended = kind
  local dok, d = st:call("volley.session", "drain")
  assert(dok, d)
  rec.rolls, rec.narrative = d.rolls, d.narrative
  task:close()
  st:close()
  return rec
end

--- The narrative lines of a session record that contain `text`.
function M.told(rec, text)
  local out = {}
  for _, l in ipairs(rec.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

--- The requests of a record of one kind, in order.
function M.requests(rec, kind)
  local out = {}
  for _, e in ipairs(rec.log) do
    if e.kind == kind then out[#out + 1] = e end
  end
  return out
end

--- The narrative lines of a game that contain `text` (plain find).
function M.lines(g, text)
  local out = {}
  for _, l in ipairs(g.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

--- The refusals of a record, in order.
function M.refusals(rec)
  local out = {}
  for _, e in ipairs(rec.log) do
    if e.refusal then out[#out + 1] = e.refusal end
  end
  return out
end

return M
