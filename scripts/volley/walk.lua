--- A move walked hex by hex (issue 35 point 1; docs/runtime.md "Moves walked hex by hex"):
-- the runtime's loop that takes a unit along a planned path one step at a time, through
-- named points where the rules may interrupt it, and lets the mover go on with what it has
-- left.
--
-- A move is still answered by one decision (a destination, or a typed path): that answer is
-- the walk's plan. The walk then takes it step by step:
--
-- 1. `movement.leave` (the unit is about to leave its hex for the next one);
-- 2. the unit is placed in the next hex, its cost spent, and its passage recorded (the hex
--    it left and the hex it entered, volley.control, when the game keeps passage);
-- 3. `movement.enter` (it has entered: `from`, `to`, the step's `cost`);
-- 4. the rules' own procedure for the entry (`entered`): here they may give the other side
--    a request (reaction fire, a withdrawal, a counter-charge), and call `w:interrupt(why)`
--    when what it did changed the board, `w:stop(why)` to end the move in this hex, or
--    `w:divert(path, steps)` to replace the rest of the plan;
-- 5. at the end, `movement.stop` (`hex`, the hexes `entered`, `cost` spent, `why` it ended).
--
-- Until something interrupts it the plan, checked whole before it started, is walked as it
-- was checked (no step is checked again: a move nobody interrupts costs what it cost
-- before). A plan the rules accepted on a hope (`tentative`: a typed path through a hex
-- that only an interruption can open) and every plan after an interruption are checked a
-- step at a time, as each step is taken (`check`): the first step that is illegal then ends
-- the walk there -- it is *cut*. A cut mover that has MP left is offered to go on (`go_on`:
-- the system's request, the same move request for that unit only, within what it has
-- left); a new plan answered there is walked the same way. Every request is an ordinary
-- `game:ask`, journalled, replayed and undone like any other: the walk keeps nothing the
-- journal cannot rebuild. Its plan lives in the coroutine; what queries made while a request
-- inside it waits need (which unit is under way, what it has spent) is in the state, as
-- `game.vars.walk` (`{unit =, spent =}`), set while the walk runs and gone when it ends: so
-- an undo, which restores the store at a step boundary, never leaves a walk behind, and the
-- state hash differs only at requests asked inside a walk.
-- @module volley.walk

local control = require "volley.control"

local M = {}

local Walk = {}
Walk.__index = Walk

local function need(opts, key, kind)
  if type(opts[key]) ~= kind then
    error("walk: " .. key .. " must be a " .. kind, 3)
  end
end

--- A walk. `opts`:
--
-- * `unit` (the mover), `path` (the places it plans to enter, in order), `steps` (each
--   planned step's `{cost=, disorder=}`, as volley.core.move's `path`/`validate` give),
--   `ma` (what the unit may spend, table units), `tentative` (the plan needs checking as it
--   goes);
-- * `check(w, to)`: the step from `w.at` into `to` checked now, `{cost=, disorder=}` or
--   `nil, why` (required: a tentative plan, or any plan after an interruption, needs it);
-- * `place(w, to)`: moves the unit (default `game.store:place`);
-- * `fire(w, point, ctx)`: fires the system's point (`movement.leave`, `movement.enter`,
--   `movement.stop`) with the context the walk built (default: none fired);
-- * `entered(w, i, to)`: the rules' procedure after the i-th entry;
-- * `go_on(w, why)`: after a cut with MP left, a new plan `{path=, steps=}` for the rest of
--   the move, or nil (the move ends).
function M.new(game, opts)
  need(opts, "unit", "string")
  need(opts, "path", "table")
  need(opts, "ma", "number")
  local kind, at = game.store:where(opts.unit)
  if kind ~= "hex" then error("walk: " .. opts.unit .. " is not on the map", 2) end
  local w = setmetatable({
    game = game, unit = opts.unit, start = at, at = at, ma = opts.ma, spent = 0,
    plan = {}, plan_steps = {}, i = 0, entered = {}, taken = {}, disorder = false,
    tentative = opts.tentative == true, interruptions = {},
    check = opts.check, place = opts.place, fire_point = opts.fire,
    on_entered = opts.entered, go_on = opts.go_on,
  }, Walk)
  w:divert(opts.path, opts.steps)
  return w
end

--- The MP it has left (table units).
function Walk:left()
  return self.ma - self.spent
end

--- The places of the plan still to enter.
function Walk:rest()
  local out = {}
  for k = self.i + 1, #self.plan do out[#out + 1] = self.plan[k] end
  return out
end

--- Something changed the board under the mover (a withdrawal, a reaction's result): the
-- rest of the plan is checked a step at a time from now on.
function Walk:interrupt(why)
  self.tentative = true
  self.interruptions[#self.interruptions + 1] = why or "interrupted"
end

--- Ends the move in the hex the unit stands in, after the point under way.
function Walk:stop(why)
  self.ended = why or "stopped"
end

--- Replaces the rest of the plan with `path` (the places to enter from where the unit stands),
-- `steps` their planned costs (nil: each step is checked as it is taken).
function Walk:divert(path, steps)
  local plan, ps = {}, {}
  for k = 1, self.i do
    plan[k], ps[k] = self.plan[k], self.plan_steps[k]
  end
  for k, p in ipairs(path) do
    plan[self.i + k] = p
    ps[self.i + k] = steps and steps[k] or nil
  end
  self.plan, self.plan_steps = plan, ps
  if steps == nil and #path > 0 then self.tentative = true end
end

function Walk:fire(point, ctx)
  if self.fire_point then self.fire_point(self, point, ctx) end
end

-- What the state keeps of the walk under way (see the module).
function Walk:note()
  self.game.vars.walk = { unit = self.unit, spent = self.spent }
end

-- Whether the unit still stands in `hex` (a handler may have taken it off).
function Walk:stands(hex)
  local kind, now = self.game.store:where(self.unit)
  return kind == "hex" and now == hex
end

-- One step into the plan's next place, or the reason the walk ends before it.
function Walk:step()
  local to = self.plan[self.i + 1]
  local step = self.plan_steps[self.i + 1]
  if self.tentative or step == nil then
    local why
    step, why = self.check(self, to)
    if not step then return "cut", why end
  end
  local from = self.at
  self:fire("movement.leave", { unit = self.unit, from = from, to = to })
  if not self:stands(from) then return "gone" end
  control.passed(self.game, self.unit, from)
  if self.place then self.place(self, to) else assert(self.game.store:place(self.unit, to)) end
  self.i = self.i + 1
  self.at = to
  self.spent = self.spent + step.cost
  self.disorder = self.disorder or step.disorder == true
  self.entered[#self.entered + 1] = to
  control.passed(self.game, self.unit, to)
  self:note()
  self.taken[#self.taken + 1] = { cost = step.cost, total = self.spent, disorder = step.disorder,
                                  road = step.road, stop = step.stop }
  self:fire("movement.enter", { unit = self.unit, from = from, to = to, cost = step.cost })
  if not self:stands(to) then return "gone" end
  if self.on_entered then self.on_entered(self, #self.entered, to) end
  if not self:stands(to) then return "gone" end
  return nil
end

--- Walks the plan (see the module). Returns the walk: `at` where the unit stands, `entered`
-- the hexes entered, `taken` each step's `{cost, total, disorder, road, stop}`, `spent`,
-- `disorder`, and `ended`: nil when it arrived, `"gone"` when the unit left the map, `"cut"`
-- (and `cut_why`) when a step became illegal, or what `w:stop` said.
function Walk:run()
  local game = self.game
  local was = game.vars.walk
  self:note()
  while not self.ended do
    if self.i >= #self.plan then break end
    local ended, why = self:step()
    if ended == "cut" then
      self.cut_why = why
      local more = self.go_on and self:left() > 0 and self.go_on(self, why) or nil
      if more and #more.path > 0 then
        self.tentative = false
        self:divert(more.path, more.steps)
      else
        self.ended = "cut"
      end
    elseif ended then
      self.ended = ended
    end
  end
  game.vars.walk = was
  if self.ended ~= "gone" then
    self:fire("movement.stop", { unit = self.unit, hex = self.at, entered = self.entered,
                                 cost = self.spent, why = self.ended or "arrived" })
  end
  return self
end

--- The walk under way for `unit`, `{unit =, spent =}` (state: `game.vars.walk`), or nil:
-- what `reach` and the move request read while a request inside a move waits.
function M.of(game, unit)
  local w = game.vars.walk
  if type(w) == "table" and w.unit == unit then return w end
  return nil
end

return M
