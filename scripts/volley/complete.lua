--- Tab completion at the prompt: the words that may replace the word being typed (DESIGN.md
-- Part B "The command line"; docs/shell.md "At a terminal").
--
-- The program (shell/lineread.c) inserts the candidates' common part and lists them on a
-- second Tab; this module only says what they are, from what the view sees: the command
-- language's words (`volley.commands`: its grammar's command words, read in any case), the
-- pending request's legal answers, and the names of `volley.queries.names` (a unit hidden
-- from the view is never offered). Units and leaders are offered by id, never by display
-- name (a name with a blank or a quote is reached through its id).
--
-- By the first word typed:
--
-- * the first word: the commands, the pending request's kind, its one-word answers;
-- * the request's kind (`move`, `face`, `place`, ...): the next word of the legal answers
--   that agree with the words typed (`move A1 <Tab>`: the hexes A1 may move to now; a unit
--   named by a prefix or a hex counts as its id); with none, a unit of the side to act for
--   `move`, `face`, `fire`, `shock`; `face <unit> <Tab>`: the facing words asked, and
--   `toward`;
-- * `show`: units, leaders, track spaces, hexes; `reach`: units and leaders; `los`, `map`:
--   hexes (`map`: `all` too); `help`: the commands; `log`: rolls; `dice`: force;
-- * another first word (an answer typed whole, `A1 0102`, or an action another request
--   offers, `face 3US-1` at a move request): the next word of the legal answers that begin
--   with the words typed (after `face <unit>`, `toward` too).
-- @module volley.complete

local commands = require "volley.commands"

local M = {}

local words = require("volley.list").words

--- The candidates for the word being typed.
-- @tparam string before the line up to the cursor
-- @tparam table ctx `{pending = ?{side =, kind =, options =, default =}, names =
--   {units = {{id =, side =}, ...}, hexes = {...}, spaces = {...}}}`: the request the prompt
--   answers now (nil when none, e.g. after the game), its options as the view sees them, and
--   the names the view sees
-- @treturn {string,...} sorted, each beginning with the word being typed (the text after
--   the last blank of `before`, empty after a blank)
function M.candidates(before, ctx)
  local typed = words(before)
  local partial = ""
  if before:match("%S$") then partial = table.remove(typed) end
  local k = #typed + 1                 -- the position of the word being completed
  local pending = ctx.pending
  local names = ctx.names or {}
  local out, have = {}, {}
  local function add(x)
    x = tostring(x)
    if x ~= "" and not x:find("%s") and x:sub(1, #partial) == partial and not have[x] then
      have[x] = true
      out[#out + 1] = x
    end
  end
  local function add_all(list)
    for _, x in ipairs(list or {}) do add(x) end
  end
  local function units(side)
    for _, u in ipairs(names.units or {}) do
      if side == nil or u.side == side then add(u.id) end
    end
  end
  -- the legal answers as word lists
  local options = {}
  for _, v in ipairs(pending and pending.options or {}) do
    options[#options + 1] = words(tostring(v))
  end
  -- a typed word as an answer has it: a unit's id for a name that resolves to one
  local function canonical(w)
    local id = commands.unit(names, w, pending and pending.side)
    return id or w
  end
  -- the (n+1)th word of each legal answer of at least `least` words whose first n words are
  -- `given`
  local function next_words(given, least)
    local found = false
    for _, o in ipairs(options) do
      local agree = #o > #given and #o >= (least or 0)
      for i = 1, #given do
        if not agree then break end
        agree = o[i] == given[i] or o[i] == canonical(given[i])
      end
      if agree then
        add(o[#given + 1])
        found = true
      end
    end
    return found
  end

  if k == 1 then
    for _, w in ipairs(commands.command_words()) do add(w) end
    if pending then
      add(pending.kind)
      for _, o in ipairs(options) do
        if #o == 1 then add(o[1]) end
      end
    end
  else
    local verb = commands.canonical(typed[1])    -- `MOVE A1 <Tab>` as `move A1 <Tab>`
    if pending and verb == pending.kind then
      local given = {}
      for i = 2, k - 1 do given[#given + 1] = typed[i] end
      if verb == "move" and #given >= 2 then given = { given[1] } end   -- a path's hexes
      -- `move` takes a unit and a hex: not the one-word answers (done)
      local found = next_words(given, verb == "move" and 2 or 0)
      if k == 2 and verb == "face" then
        units(pending.side)
      elseif k == 2 and not found and (verb == "move" or commands.ACTIONS[verb]) then
        units(pending.side)
      elseif k == 3 and verb == "face" then
        for _, o in ipairs(options) do
          if #o == 1 then add(o[1]) end
        end
        add("toward")
      end
    elseif verb == "help" and k == 2 then
      for _, w in ipairs(commands.command_words()) do add(w) end
    elseif verb == "show" and k == 2 then
      units(nil)
      add_all(names.spaces)
      add_all(names.hexes)
    elseif verb == "reach" and k == 2 then
      units(nil)
    elseif (verb == "los" and k <= 3) or (verb == "map" and k == 2) then
      if verb == "map" then
        for _, w in ipairs({ "all", "left", "right", "up", "down", "--width" }) do add(w) end
      end
      add_all(names.hexes)
    elseif verb == "log" and k <= 3 then
      add("rolls")
    elseif verb == "dice" and k == 2 then
      add("force")
    elseif pending and not commands.QUERIES[verb] then
      -- an answer typed whole, or an action that begins some of the request's answers
      -- (`face 3US-1 <Tab>` at a move request that offers turning)
      local given = {}
      for i = 1, k - 1 do given[#given + 1] = typed[i] end
      if next_words(given) and verb == "face" and k == 3 then add("toward") end
    end
  end
  table.sort(out)
  return out
end

return M
