--- The host's side of a bot's look-ahead (docs/bots.md "Look-ahead"): a handle the driver
-- (`volley sim`, `volley play`) hands its bots as `ctx.look`. It asks the live game's state
-- for the side's position (`volley.bots.position`: read-only) and keeps a second
-- engine-owned state, opened lazily with the same scenario, seed, options and mods, where
-- `volley.bots.shadow` branches from that position. The live game is never touched.
-- @module volley.bots.look

local core = require "volley.core"
local driving = require "volley.driving"

local Look = {}
Look.__index = Look

local M = {}

--- A handle for one game.
-- @param live the game's engine-owned state
-- @tparam table how `{target=, seed=, mods=, options=}`: what the game was opened with
function M.new(live, how)
  return setmetatable({ live = live, how = how }, Look)
end

-- The shadow state, opened at the first use; nil and why when it cannot be.
function Look:shadow()
  if self.failed then return nil, self.failed end
  if self.st then return self.st end
  local st = core.new_state{}
  local ok, err = st:require("volley.session")
  if ok then
    ok, err = st:call("volley.session", "open", self.how.target,
      { seed = self.how.seed, mods = self.how.mods, options = self.how.options, undo = "solo" })
  end
  if ok then ok, err = st:require("volley.bots.shadow") end
  if not ok then
    st:close()
    self.failed = "look-ahead unavailable: " .. driving.describe(err)
    return nil, self.failed
  end
  self.st = st
  return st
end

-- Calls the shadow at `side`'s position now: fn's answer, or nil and why.
function Look:at(side, fn, spec)
  local st, why = self:shadow()
  if not st then return nil, why end
  local ok, have = st:call("volley.bots.shadow", "held")
  if not ok then return nil, driving.describe(have) end
  local pos
  ok, pos = self.live:call("volley.bots.position", "of", side, have)
  if not ok then return nil, driving.describe(pos) end
  if pos.refused then return nil, pos.refused end
  local has_eval
  ok, has_eval = st:call("volley.bots.shadow", "set", pos)
  if not ok then return nil, driving.describe(has_eval) end
  local r
  ok, r = st:call("volley.bots.shadow", fn, spec)
  if not ok then return nil, driving.describe(r) end
  if r.refused then return nil, r.refused end
  return r
end

--- A decision's look-ahead (volley.bots.shadow `decide`): the answers worth trying and each
-- one's result, or nil and why.
function Look:decide(side, kind, k, seed, seeds, opts)
  opts = opts or {}
  return self:at(side, "decide", { side = side, kind = kind, k = k, seed = seed, seeds = seeds,
                                   depth = opts.depth, list = opts.list })
end

--- Scores paths of answers (volley.bots.shadow `try`): a list parallel to `paths`, or nil
-- and why.
function Look:try(side, kind, paths, seeds, opts)
  opts = opts or {}
  return self:at(side, "try", { side = side, kind = kind, paths = paths, seeds = seeds,
                                depth = opts.depth, list = opts.list })
end

--- Frees the shadow state.
function Look:close()
  if self.st then self.st:close() end
  self.st = nil
end

return M
