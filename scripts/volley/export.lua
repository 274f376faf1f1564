--- `volley export SAVE --as SIDE`: what one side may see of a saved game (DESIGN.md Part B
-- "Locations, views and hidden information"; docs/shell.md "Views"). The save is replayed
-- (refused as `volley replay` refuses it) and printed through the view filter
-- (`volley.view`, in the game's engine state):
--
--     volley-view 1
--     scenario <id or path>
--     view <SIDE>
--     answer <side> <kind> "<value>"        every answer the side sees, in order (`?`
--                                           for another side's secret answer not revealed)
--     view_hash <16 hex>                    the hash of the text that follows
--     <the view's canonical text>
--
-- Never the seed, a state hash, a roll count or the dice: an answer of another side that
-- names a unit hidden from the side when it was given (or at the end of the game), or that
-- answered a request naming one (a hidden unit's set-up, its reaction), is left out.
-- @module volley.export

local cli = require "volley.cli"
local replay = require "volley.replay"
local names_any = require("volley.view").names_any

local M = {}

local function usage(msg)
  local _, status = cli.usage("export", msg)
  return status
end

--- The export's text for `side` of a game replayed from `save`.
-- @return the game (`volley.replay.Game`)
-- @tparam table save
-- @tparam string side
-- @treturn string
function M.text(game, save, side)
  local out = { "volley-view 1", "scenario " .. save.scenario, "view " .. side }
  for i, e in ipairs(save.journal) do
    if e.side then
      local value = string.format("%q", tostring(e.value))
      -- a secret request's answer: `?` for another side until the secret is revealed
      local name = game.secret_answers and game.secret_answers[i]
      if name then
        local ok, seen = game.st:call("volley.queries", "sees_secret", side, e.side, name)
        if not (ok and seen) then value = "?" end
      end
      local line = "answer " .. e.side .. " " .. e.request .. " " .. value
      local ok, seen = game.st:call("volley.queries", "line", side, line)
      -- a unit hidden then and revealed since: the answer stays unseen
      local was = game.hidden_at and game.hidden_at[i]
      if ok and seen and not (was == true or (was and names_any(tostring(e.value), was))) then
        out[#out + 1] = seen
      end
    end
  end
  local _, hash = game.st:call("volley.queries", "view_hash", side)
  local _, text = game.st:call("volley.queries", "view_text", side)
  out[#out + 1] = "view_hash " .. hash
  return table.concat(out, "\n") .. "\n" .. text
end

--- The command. Returns the exit status.
function M.main(args)
  local f, status = cli.parse("export", args)
  if not f then return status end
  local path, side = nil, f.as
  for _, a in ipairs(f.args) do
    if a:sub(1, 1) == "-" then
      return usage("unknown option '" .. a .. "'")
    elseif path then
      return usage("one save at a time")
    end
    path = a
  end
  if not path then return usage("which save?") end
  if not side then return usage("whose view? give --as SIDE") end
  local game, why = replay.load(path, { hidden_for = side })
  if not game then
    io.stderr:write("volley export: ", why, "\n")
    return 1
  end
  local ok, err = game.st:require("volley.queries")
  if not ok then
    io.stderr:write("volley export: ", replay.describe(err), "\n")
    game:close()
    return 1
  end
  local is_side = false
  for _, s in ipairs(game.info.sides) do is_side = is_side or s == side end
  if not is_side then
    game:close()
    return usage("--as " .. side .. ": no such side (sides: " .. table.concat(game.info.sides, " ")
      .. ")")
  end
  io.stdout:write(M.text(game, game.save, side))
  game:close()
  return 0
end

return M
