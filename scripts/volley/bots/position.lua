--- What a bot's look-ahead may know of the live game: the current step's boundary state and
-- the step's answers so far, from which a state of the bot's own (`volley.bots.shadow`)
-- replays the position the game waits in (docs/bots.md "Look-ahead"). Runs in the game's
-- engine-owned state, called by the host (`volley.bots.look`); it reads, runs no script and
-- changes nothing, so the live game is untouched.
--
-- A side's look-ahead sees only its side's view: while a unit is hidden from the side, or
-- another side keeps a secret (volley.secret), or the step holds another side's secret
-- answer, the position is refused (the state would carry what the side may not know), and
-- the bot decides without looking ahead.
-- @module volley.bots.position

local session = require "volley.session"

local M = {}

-- The step records already handed over, each with its number (not game state: a cache of
-- the host's, so an unchanged boundary state crosses once).
local seen = setmetatable({}, { __mode = "k" })
local serial = 0

-- Why the side may not look ahead now, or nil.
local function hidden_from(g, side)
  for _, u in ipairs(g.store:units{}) do
    local info = g.store:unit(u)
    if info.hidden and info.side ~= side then return "a unit is hidden from " .. side end
  end
  local secrets = g.vars.secrets
  if type(secrets) == "table" then
    for s in pairs(secrets) do
      if s ~= side then return s .. " keeps a secret" end
    end
  end
  return nil
end

--- The position for `side`'s look-ahead.
-- @tparam string side
-- @tparam ?integer have the number of the boundary state the host holds already
-- @treturn table `{id = n, text = boundary state or nil (when it is `have`), answers =
--   {{side=, request=, value=}, ...}}`, or `{refused = why}`
function M.of(side, have)
  local g = session.game()
  local step = g and session.step_now()
  if not step then return { refused = "no step is kept (undo off)" } end
  local why = hidden_from(g, side)
  if why then return { refused = why } end
  local answers = {}
  for i, a in ipairs(step.answers) do
    if a.secret and a.side ~= side then
      return { refused = "the step holds a secret answer of " .. a.side }
    end
    answers[i] = { side = a.side, request = a.request, value = a.value }
  end
  local id = seen[step]
  if not id then
    serial = serial + 1
    id = serial
    seen[step] = id
  end
  return { id = id, text = id ~= have and step.snap:serialize() or nil, answers = answers }
end

return M
