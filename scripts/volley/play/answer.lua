--- A person's answers in `volley play`: the commands of the sides without a bot, read from
-- the script or the prompt (`volley.play.script`) in the command language
-- (`volley.commands`) until one answers the pending request; refusals, `default all`, undo,
-- the queries, forced dice, quit and the save offered when the prompt is left; Tab
-- completion at a terminal (docs/shell.md "The prompt", "The command language").
-- @module volley.play.answer

local commands = require "volley.commands"
local driving = require "volley.driving"
local query = require "volley.play.query"

local M = {}

local describe = driving.describe

--- A refused command, as the view sees it: `FILE:LINE: why [rule]` on stderr, counted (the
-- exit status is 1); at the prompt `refused: why [rule]` on stdout (it goes on; the exit
-- status stays 0).
-- @tparam Play g the game (`volley.play.game`)
-- @tparam integer line the script's line
-- @tparam string why
-- @tparam[opt] boolean from_rules a refusal of the rules (filtered through the view)
function M.refuse(g, line, why, from_rules)
  if from_rules then
    local fok, filtered = g.st:call("volley.queries", "refusal", g.view, why)
    if fok then why = filtered end
  end
  if g.o.prompt then
    g.out:note("refused: " .. why)
    return
  end
  g.refused = g.refused + 1
  g.out:err(g.script.name .. ":" .. line .. ": " .. why)
end

--- Leaving the prompt at a terminal (Ctrl-D, quit) with answers not yet in a save file named
-- here (`save FILE`, `load FILE`; never with --save, which saves anyway): the player is
-- asked for a file name; Enter or Ctrl-D leaves without one, a save that fails asks again.
-- @tparam Play g
function M.offer_save(g)
  local env, jrnl = g.env, g.jrnl
  if not (env.tty and g.o.prompt and jrnl and not g.o.save) then return end
  if jrnl:answers() == g.saved_answers then return end
  while true do
    local name = env.reader("save the game? (a file name, or Enter to leave without "
      .. "saving) ", false)
    name = name and name:match("^%s*(.-)%s*$") or ""
    if name == "" then return end
    local wok, werr = jrnl:write(name)
    if wok then
      g.saved_answers = jrnl:answers()
      g.out:note("saved " .. jrnl:answers() .. " answers to " .. name)
      return
    end
    g.out:note("refused: save: " .. tostring(werr))
  end
end

--- `clear` (Ctrl-L at a terminal does the same in the line editor): the screen cleared at a
-- terminal; elsewhere (a script, a pipe) nothing, no control bytes in a transcript.
-- @tparam Play g
function M.clear(g)
  if g.env.tty and g.o.prompt then
    io.stdout:write("\27[H\27[2J")
    io.stdout:flush()
  end
end

local function in_setup(g)
  local iok, yes = g.st:call("volley.queries", "in_setup")
  return iok and yes == true
end

local function print_lines(g, lines)
  for _, l in ipairs(lines) do g.out:note(l) end
end

-- What a command does with the pending request: each kind's handler returns true and what
-- M.next returns when the reading stops there, or nothing to read on.
local function refused(g, n, why)
  M.refuse(g, n, why)
  if g.o.strict then return true, nil, "strict" end
end

-- `default all`: this request's default answers it, and the set-up's later requests take
-- theirs (M.next) until one has none.
local function default_all(g, c, n, req)
  if not in_setup(g) then
    return refused(g, n, "default all answers the set-up's requests, and the set-up is over ("
      .. (c.value ~= nil and "default answers this one" or "this request has no default") .. ") "
      .. tostring(req.rule))
  elseif c.value == nil then
    return refused(g, n, "this request has no default " .. tostring(req.rule))
  end
  -- at the prompt, the set-up's every request (hot seat: both sides'); from a side's page
  -- (volley serve: `env.own_side`), only that side's
  g.defaulting = g.env.own_side and g.asking and g.asking.side or true
  return true, c.value, n
end

--- What an answer about to be given brings that the player may not have meant (the pending
-- request's `warn`, `volley.queries.warnings`): the lines `warning: ...` to print before the
-- game takes it; a warning, never a refusal (a query: the step is put back after it if it
-- ran script code). A person's typed answer is warned so, and an answer his line carried
-- (volley.play.loop) as it is given.
-- @tparam Play g
-- @param value the answer
-- @treturn {string,...}
function M.warnings(g, value)
  local wok, lines = g.st:call("volley.queries", "warnings", g.view, value)
  g:settle()
  local out = {}
  if not wok then
    -- a script's `warn` failed: said, never in the way of the answer
    out[1] = "warning: cannot be told: " .. describe(lines)
  elseif type(lines) == "table" then
    for _, l in ipairs(lines) do out[#out + 1] = "warning: " .. l end
  end
  return out
end

-- An answer given: its warnings printed before the game takes it.
local function answer(g, c, n)
  for _, l in ipairs(M.warnings(g, c.value)) do g.out:note(l) end
  return true, c.value, n
end

local KINDS = {
  answer = answer,
  default_all = default_all,
  print = function(g, c)
    if g.noted then   -- `?` asked the game what its options cost or cause: a query
      g.noted = nil
      g:settle()
    end
    print_lines(g, c.lines)
  end,
  quit = function(g)
    M.offer_save(g)
    return true, nil, "quit"
  end,
  undo = function(_, _, n) return true, nil, "undo", n end,
  clear = function(g) M.clear(g) end,
  query = function(g, c, n)
    local lines, qwhy, replaced = query.run(g, c)
    if not replaced then g:settle() end   -- what the query did to the scripts is put back
    if not lines then return refused(g, n, qwhy) end
    print_lines(g, lines)
    if replaced then return true, nil, "replaced" end
  end,
  dice = function(g, c, n)
    local fok, ferr = g.st:call("volley.session", "force", c.faces,
      g.script.name .. ":" .. n .. ": dice force")
    if not fok then return refused(g, n, "dice force: " .. describe(ferr)) end
  end,
  refused = function(g, c, n) return refused(g, n, c.why) end,
}

--- A line the command language refuses that the pending request takes whole, as a compound
-- answer (a move with its facing, `fire <unit> <hex>` at a move request, a stack's move:
-- the request's `compound`, docs/runtime.md "Requests"): `{kind = "answer", value = text}`,
-- the words as typed, one blank between them; `{kind = "refused", why =}` when the rules read
-- it so and refuse it; else nil. The rules split it; the host gives
-- the answers it carries to the requests that follow (volley.play.loop).
-- @tparam Play g
-- @tparam string line
-- @tparam string side the side asked
-- @treturn ?table
function M.compound(g, line, side)
  if g.view ~= "referee" and g.view ~= side then return nil end
  local w = {}
  for x in line:gmatch("%S+") do w[#w + 1] = x end
  if #w < 2 or w[1]:sub(1, 1) == "#" then return nil end
  -- the units named (the word after a leading move, fire, shock or charge, else the first;
  -- each of a `+` set) as the command language names them: an id, a unique prefix
  local k = (w[1] == "move" or w[1] == "fire" or w[1] == "shock" or w[1] == "charge") and 2 or 1
  if w[k] and not w[k]:match("^%d") then
    local names, parts = g:names(), {}
    for part in w[k]:gmatch("[^+]+") do
      parts[#parts + 1] = commands.unit(names, part, side) or part
    end
    w[k] = table.concat(parts, "+")
  end
  local text = table.concat(w, " ")
  local ok, yes, why = g.st:call("volley.queries", "compound", g.view, text)
  g:settle()
  if ok and yes == true then return { kind = "answer", value = text } end
  -- the rules read the line as a compound answer and refuse it: their reason, not the
  -- command language's
  if ok and type(why) == "string" then return { kind = "refused", why = why } end
  return nil
end

--- The next answer from the script for `side`: informational commands are printed, refused
-- ones reported. At a terminal the end of input (Ctrl-D) quits, after offer_save.
-- @tparam Play g
-- @tparam string side
-- @tparam table req the pending request
-- @return[1] the answer
-- @treturn[1] integer its line
-- @treturn[2] nil
-- @treturn[2] string why the script stops (`end`, `quit`, `strict`), or `undo` (asked at
--   the line that follows), or `replaced` (a game loaded in place of this one)
-- @treturn[2] ?integer the line of `undo`
function M.next(g, side, req)
  local pending = { side = side, kind = req.kind, prompt = req.prompt, rule = req.rule,
                    options = req.options, default = req.default }
  -- what the options cost or cause, asked of the game when `?` shows them (a query: the
  -- step is put back after it if it ran script code, as after any query)
  pending.notes = function()
    local nok, notes = g.st:call("volley.queries", "notes", g.view)
    g.noted = true
    if nok and type(notes) == "table" and #notes == #req.options then return notes end
    return nil
  end
  local script = g.script
  script.prompt_text = side .. "> "
  g.asking = pending
  if g.defaulting then
    local mine = g.defaulting == true or g.defaulting == side
    if mine and req.default ~= nil and in_setup(g) then
      g.out:note("(default all) " .. tostring(req.default))
      return req.default, script.n
    end
    if mine then g.defaulting = false end   -- another side's request: its own to answer
  end
  while true do
    local line, n, bad = script:next()
    if line == nil and g.env.tty and g.o.prompt then
      M.offer_save(g)
      return nil, "quit"
    end
    if line == nil then return nil, "end" end
    local c = line and commands.interpret(line, pending, g:names())
        or { kind = "refused", why = bad }
    if c.kind == "refused" and line then c = M.compound(g, line, side) or c end
    if c.kind == "skip" and g.o.prompt and line:match("^%s*$") and req.default ~= nil then
      -- a bare Enter at the prompt answers the request's default (a script's blank line
      -- stays a blank line: it says `default`)
      if not g.env.tty then g.out:text(side .. ">") end
      g.out:note("(default) " .. tostring(req.default))
      return req.default, n
    end
    if c.kind ~= "skip" then
      if not g.env.tty and line then
        -- a secret request of another side than the view's (volley.secret): its lines unread
        local secret = req.secret and g.view ~= "referee" and g.view ~= side
        g.out:text(side .. "> " .. (secret and "?" or line:match("^%s*(.-)%s*$")))
      end
      -- the line as typed, for the transcript of the answers it carries (volley.play.game)
      g.typed_line = line and line:match("^%s*(.-)%s*$") or nil
      local stop, value, why, at = (KINDS[c.kind] or KINDS.refused)(g, c, n, req)
      if stop then return value, why, at end
    end
  end
end

--- Tab at a terminal (`env.complete`, called by shell/prompt.c): the words that may replace
-- the word being typed (`volley.complete`), against the request being answered (its options
-- as the view sees them) and the names the view sees.
-- @tparam Play g
-- @treturn function `complete(before)`, `before` the line up to the cursor
function M.completion(g)
  return function(before)
    local p = g.asking
    if p and g.view ~= "referee" and p.side ~= g.view then
      p = { side = p.side, kind = p.kind, options = g:shown(p.side, p.options),
            default = p.default }
    end
    return require("volley.complete").candidates(before, { pending = p, names = g:names() })
  end
end

return M
