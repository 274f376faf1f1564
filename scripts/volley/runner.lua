--- The sequence-of-play runner (DESIGN.md principles 4 and 5).
--
-- A system declares its sequence of play as a tree of nodes:
--
-- * `step(name, fn)`: a procedure `fn(game, ctx)` of the rulebook; it may `ask`;
-- * `phase(name, children)`: its children once, in order;
-- * `loop(name, opts, children)`: its children again and again, while `opts.while_(game,
--   iteration)` is true, or `opts.count` times; a chain with no turns at all (Rough &
--   Ready's activations) is a loop whose condition is "no side has withdrawn".
--
-- The runner keeps its position, the cursor, as plain data (a list of frames
-- `{iter = n, child = k}`, one per nesting level) that the game stores with the rest of its
-- state. Before every step it reaches a step boundary: the cursor then names the step about
-- to run, and the game is told (`on_boundary`) so it can keep a snapshot. A fresh runner
-- given a cursor restored at a boundary continues from there without running earlier
-- steps again.
--
-- Each step goes through the hook point `sequence.step` (kind replace), so a battle script
-- can replace a step, skip it (not call the rule's procedure), or add work before or after.
-- @module volley.runner

local M = {}

--- A step of the sequence.
-- @tparam string name the rulebook's name for it ("activation", "rally")
-- @tparam function fn `fn(game, ctx)`; ctx = `{step = name, path = "turn 3/impulse 2/fire",
--   iter = {turn = 3, impulse = 2}}` (each enclosing loop's iteration, by loop name)
function M.step(name, fn)
  assert(type(name) == "string" and type(fn) == "function", "step(name, fn) expected")
  return { kind = "step", name = name, fn = fn }
end

--- A phase: children run once, in order.
-- @tparam string name ("" for a phase that only groups: it leaves no mark in step paths)
-- @tparam table children nodes
function M.phase(name, children)
  assert(type(name) == "string" and type(children) == "table", "phase(name, children) expected")
  return { kind = "phase", name = name, children = children }
end

--- A loop: children run while `opts.while_(game, iteration)` holds, or `opts.count` times.
-- The condition is checked before each iteration and must depend on the game state only.
-- @tparam string name
-- @tparam table opts `{count = n}` or `{while_ = function(game, iteration) -> boolean}`
-- @tparam table children nodes
function M.loop(name, opts, children)
  assert(type(name) == "string" and type(opts) == "table" and type(children) == "table",
    "loop(name, opts, children) expected")
  assert((opts.count ~= nil) ~= (opts.while_ ~= nil), "loop needs exactly one of count, while_")
  return { kind = "loop", name = name, count = opts.count, while_ = opts.while_,
           children = children }
end

local Runner = {}
Runner.__index = Runner

--- Makes a runner.
-- @tparam table root the sequence's root node (a phase or a loop)
-- @tparam table opts
--   `cursor` (a cursor to resume from, or nil to start at the beginning),
--   `hooks` (a `volley.hooks` registry declaring `sequence.step`, optional),
--   `on_boundary` (`function(cursor_copy, path)` called at each step boundary, optional),
--   `max_steps` (the most steps run without a boundary being asked for; default 100000:
--   a runaway sequence raises instead of spinning)
function M.new(root, opts)
  opts = opts or {}
  return setmetatable({
    root = root,
    cursor = opts.cursor and M.copy_cursor(opts.cursor) or {},
    hooks = opts.hooks,
    on_boundary = opts.on_boundary,
    max_steps = opts.max_steps or 100000,
    steps_run = 0,
    iters = {},     -- loop name -> its current iteration (derived from the cursor as it runs)
  }, Runner)
end

--- A deep copy of a cursor (plain data: a list of `{iter=, child=}`).
-- @tparam table cursor
-- @treturn table
function M.copy_cursor(cursor)
  local out = {}
  for i, f in ipairs(cursor) do out[i] = { iter = f.iter, child = f.child } end
  return out
end

--- The runner's current cursor (a copy).
function Runner:position()
  return M.copy_cursor(self.cursor)
end

local function path_of(names)
  return table.concat(names, "/")
end

local function continues(node, game, iter)
  if node.kind == "phase" then return iter == 1 end
  if node.count then return iter <= node.count end
  return node.while_(game, iter) and true or false
end

function Runner:run_step(node, game, names)
  self.steps_run = self.steps_run + 1
  if self.steps_run > self.max_steps then
    error("runaway sequence: " .. self.max_steps .. " steps run (last: " .. path_of(names)
      .. ")", 0)
  end
  local path = path_of(names)
  if self.on_boundary then self.on_boundary(M.copy_cursor(self.cursor), path) end
  local iter = {}
  for k, v in pairs(self.iters) do iter[k] = v end
  local ctx = { step = node.name, path = path, iter = iter }
  if self.hooks then
    -- the point takes observe handlers too (volley.systems): they see each step begin
    self.hooks:fire("sequence.step", ctx)
    self.hooks:replace("sequence.step", ctx, function(c) return node.fn(game, c) end)
  else
    node.fn(game, ctx)
  end
end

function Runner:run_node(node, game, depth, names)
  local frame = self.cursor[depth]
  if frame == nil then
    frame = { iter = 1, child = 1 }
    self.cursor[depth] = frame
  end
  while frame.child > 1 or continues(node, game, frame.iter) do
    local label = node.kind == "loop" and (node.name .. " " .. frame.iter) or node.name
    local named = label ~= ""           -- a phase named "" leaves no mark in the path
    if named then names[#names + 1] = label end
    if node.kind == "loop" then self.iters[node.name] = frame.iter end
    while frame.child <= #node.children do
      local c = node.children[frame.child]
      if c.kind == "step" then
        names[#names + 1] = c.name
        self:run_step(c, game, names)
        names[#names] = nil
      else
        self:run_node(c, game, depth + 1, names)
      end
      frame.child = frame.child + 1
    end
    if named then names[#names] = nil end
    frame.iter = frame.iter + 1
    frame.child = 1
  end
  if node.kind == "loop" then self.iters[node.name] = nil end
  self.cursor[depth] = nil
end

--- Runs the sequence from the cursor to its end. Call inside the coroutine that
-- `volley.ask.drive` (or the shell) resumes, since steps may ask.
-- @param game whatever the steps take as their first argument
function Runner:run(game)
  self:run_node(self.root, game, 1, {})
end

return M
