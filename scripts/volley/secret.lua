--- Side secrets (issue 35 point 4; docs/runtime.md "Secrets"): values and answers that only
-- one side (and the referee) may see until they are revealed -- a secret posture, a
-- face-down marker, an entry hex chosen in advance.
--
-- A secret is kept in the store, so saves, undo, replay and the state hash carry it:
-- `game.vars.secrets.<side>.<name>` while it is secret, moved to
-- `game.vars.revealed.<side>.<name>` when it is revealed (`var secrets.B.posture "hold"`
-- lines of the state's canonical text). A game that keeps no secret writes neither map, so
-- its state text and hashes are what they were before secrets existed. The view filter
-- (`volley.view`) drops another side's `var secrets.<side>.` lines from a side's view, so
-- `view_hash`, `volley export`, `lua` and the JSON lines never carry them.
--
-- A request marked `secret` (`secret = true`, or a name) keeps its answer as the side's
-- secret of that name (the request's kind for `true`): the journal keeps the answer (the save
-- is the referee's record), every other side's transcript, JSON and export show only that
-- the side answered, until the secret is revealed.
--
-- Revealing is an event: a narrative line for every view, the JSON `reveal` event that the
-- line's `result` is followed by, and, under `--undo strict`, the answers before it stand
-- (as after a hidden unit revealed: `game:reveal`).
-- @module volley.secret

local core = require "volley.core"

local M = {}

--- The longest name of a secret.
M.MAX_NAME = 64

--- The longest string a secret holds.
M.MAX_TEXT = 4096

-- A name's shape: a word of letters, digits, `_` and `-` (a request's kind, `entry_r1`).
local function bad_name(name)
  if type(name) ~= "string" or name == "" or #name > M.MAX_NAME
      or not name:match("^[%w_-]+$") then
    return "a secret's name is a word of letters, digits, _ and - (at most " .. M.MAX_NAME
      .. " bytes)"
  end
end

local function bad_value(v)
  local t = type(v)
  if t == "boolean" then return nil end
  if t == "string" then
    if #v > M.MAX_TEXT then return "a secret's text is at most " .. M.MAX_TEXT .. " bytes" end
    return nil
  end
  if t == "number" and v == math.floor(v) and v > -2 ^ 53 and v < 2 ^ 53 then return nil end
  return "a secret holds a string, a whole number or a boolean, not " .. (t == "number"
    and "a fraction" or ("a " .. t))
end

local function is_side(game, side)
  for _, s in ipairs(game:sides()) do
    if s == side then return true end
  end
  return false
end

--- Why `side`, `name` and `value` cannot make a secret of `game`, or nil.
function M.why_not(game, side, name, value)
  if not is_side(game, side) then
    return "no side " .. core.text.clean(tostring(side)) .. " (sides: "
      .. table.concat(game:sides(), " ") .. ")"
  end
  return bad_name(name) or (value ~= nil and bad_value(value)) or nil
end

--- Keeps `value` as `side`'s secret `name` (replacing a secret of that name; nil forgets
-- it). A name already revealed is secret again from here (a face-down marker turned over
-- again): its revealed value is forgotten.
-- @raise "secret: <why>" for a bad side, name or value
function M.set(game, side, name, value)
  local why = M.why_not(game, side, name, value)
  if why then error("secret: " .. why, 2) end
  local vars = game.vars
  if vars:get("revealed", side, name) ~= nil then vars:set("revealed", side, name, nil) end
  if vars.secrets == nil then
    if value == nil then return end
    vars.secrets = {}
  end
  if vars:get("secrets", side) == nil then
    if value == nil then return end
    vars:set("secrets", side, {})
  end
  vars:set("secrets", side, name, value)
end

--- `side`'s secret `name`: its value and whether it has been revealed (`value, false` while
-- secret, `value, true` once revealed, nil when there is none). The rules read it whole:
-- what a side may see of it is the view filter's business.
function M.get(game, side, name)
  local v = game.vars:get("secrets", side, name)
  if v ~= nil then return v, false end
  v = game.vars:get("revealed", side, name)
  if v ~= nil then return v, true end
  return nil
end

--- The names of `side`'s secrets not yet revealed, sorted.
function M.names(game, side)
  if game.vars.secrets == nil or game.vars:get("secrets", side) == nil then return {} end
  return game.vars:keys("secrets", side)
end

--- Reveals `side`'s secret `name` to every side: it moves from `secrets` to `revealed`, a
-- narrative line for every view tells it (`<side> reveals <name>: <value>`, with `why` when
-- given), the line is marked for the JSON `reveal` event, and the game's `reveal` (undo
-- strict: the answers before it stand) is called.
-- @treturn the value revealed
-- @raise "secret: <side> has no secret '<name>'" (none, or revealed already)
function M.reveal(game, side, name, why)
  local bad = M.why_not(game, side, name)
  if bad then error("secret: " .. bad, 2) end
  local v = game.vars:get("secrets", side, name)
  if v == nil then
    error("secret: " .. side .. " has no secret '" .. name .. "'"
      .. (game.vars:get("revealed", side, name) ~= nil and " (revealed already)" or ""), 2)
  end
  game.vars:set("secrets", side, name, nil)
  if #game.vars:keys("secrets", side) == 0 then game.vars:set("secrets", side, nil) end
  if #game.vars:keys("secrets") == 0 then game.vars.secrets = nil end
  if game.vars.revealed == nil then game.vars.revealed = {} end
  if game.vars:get("revealed", side) == nil then game.vars:set("revealed", side, {}) end
  game.vars:set("revealed", side, name, v)
  game:log(side .. " reveals " .. name .. ": " .. tostring(v)
    .. (why and (" (" .. core.text.clean(tostring(why)) .. ")") or ""))
  game.narrative_reveal = game.narrative_reveal or {}
  game.narrative_reveal[#game.narrative] = { side = side, name = name, value = v }
  if game.reveal then game:reveal(side .. " " .. name) end
  return v
end

--- The secret name a request keeps its answer under: its `secret` when that is a name, its
-- kind for `true`, nil when the request is not secret.
function M.request_name(request)
  local s = request.secret
  if s == nil or s == false then return nil end
  if s == true then return request.kind end
  return s
end

--- Checks a request's `secret` key: nil, a boolean, or a secret's name.
-- @treturn ?string why not
function M.bad_request(request)
  local s = request.secret
  if s == nil or s == false then return nil end
  if s == true then
    local why = bad_name(request.kind)
    if why then
      return "request '" .. tostring(request.kind) .. "': secret = true keeps the answer under "
        .. "the request's kind, and " .. why .. " (give secret = \"<name>\")"
    end
    return nil
  end
  local why = bad_name(s)
  if why then return "request '" .. tostring(request.kind) .. "': secret is true or " .. why end
end

--- After a request was answered: a secret request's answer kept as the side's secret.
function M.answered(game, side, request, value)
  local name = M.request_name(request)
  if name then M.set(game, side, name, value) end
end

--- Whether the text line of the state (`var secrets.<S>.`...) is another side's secret for
-- `viewer` (a side; the referee sees everything).
function M.hides_line(viewer, line)
  if viewer == "referee" then return false end
  local s = line:match("^var secrets%.([^.%s%[]+)")
  return s ~= nil and s ~= viewer
end

return M
