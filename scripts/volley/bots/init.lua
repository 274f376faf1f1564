--- Bots: players that answer requests by themselves (DESIGN.md Part B "Bots").
--
-- A bot is a module `volley.bots.<name>` returning `{answer = function(game, request, ctx)}`,
-- where ctx is `{side = id, name = bot name, seed = game seed, decision = n}` (n counts the
-- game's answers from 1) and the result is one of the request's legal answers
-- (`volley.ask.count` and `volley.ask.at`: a host may hand a bot their number and fetch the one
-- it picks). A bot keeps no state of its own between decisions: whatever it needs comes from
-- the game and ctx, so a resumed game's bots answer exactly as the uninterrupted game's would.
-- @module volley.bots

local M = {}

--- The bots volley ships, in name order.
M.NAMES = { "first", "random", "search", "smart" }

--- Loads a bot by name.
-- @tparam string name
-- @treturn table the bot module
-- @raise on an unknown name, listing the known ones
function M.load(name)
  if type(name) ~= "string" or not name:match("^[a-z][a-z0-9_]*$") then
    error("bad bot name " .. tostring(name), 2)
  end
  local ok, bot = pcall(require, "volley.bots." .. name)
  if not ok or type(bot) ~= "table" or type(bot.answer) ~= "function" then
    error("unknown bot '" .. name .. "' (known: " .. table.concat(M.NAMES, ", ") .. ")", 2)
  end
  return bot
end

return M
