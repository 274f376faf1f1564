--- What one `volley play` has shown of each game it played, so that `--undo strict` holds
-- across `load` (docs/save.md "Undo strict across load"). Under strict an answer followed by
-- a roll stands: `undo` refuses to take it back, and so must a `load` of an earlier save of
-- the same game (its seed, scenario, files, options and mods), which would take it back as
-- surely. The process keeps every journal it has played under strict -- the game before each
-- load, and the game now -- and refuses a load that goes back before a roll one of them
-- showed. Another process is not bound (it has seen nothing): the save and the seed replay
-- the same dice anywhere, which is what a replay is for.
-- @module volley.play.seen

local M = {}

-- A journal line as a key: two lines are the same step of the same game when their keys
-- are equal (the kind, what was answered or forced, and the state hash after it).
local function key(e)
  if e.kind == "answer" then
    return "answer " .. e.side .. " " .. e.request .. " " .. type(e.value) .. " "
      .. tostring(e.value) .. " " .. e.state
  end
  return "forced " .. e.die .. " " .. tostring(e.sides) .. " " .. table.concat(e.faces, " ")
    .. " " .. e.state
end

--- The identity of a save's game: the scenario, the seed, and the content hashes of its
-- files, options and mods (not how it is played: undo policy, bots, cap, view).
-- @tparam table h a save table (`volley.core.save.read`) or a journal's header (`jrnl.h`)
-- @treturn string
function M.identity(h)
  local parts = { h.scenario, string.format("%.0f", h.seed) }
  for _, f in ipairs(h.files) do parts[#parts + 1] = f.path .. "=" .. f.sha256 end
  for _, o in ipairs(h.options) do parts[#parts + 1] = "option " .. o.name .. "=" .. o.sha256 end
  for _, m in ipairs(h.mods) do parts[#parts + 1] = "mod " .. m.path .. "=" .. m.sha256 end
  return table.concat(parts, "\n")
end

--- A game as played so far, kept: its identity, whether it was played under strict, the roll
-- count when it first asked (`start`), and its journal's lines as keys with their roll counts.
-- @tparam table jrnl the game's journal (`volley.journal`)
-- @tparam integer start the roll count at the game's first request
-- @treturn table
function M.branch(jrnl, start)
  local h = jrnl.h
  local lines = {}
  for i, e in ipairs(h.journal) do lines[i] = { key = key(e), rolls = e.rolls, entry = e } end
  return { id = M.identity(h), strict = h.undo == "strict", start = start or 0, lines = lines }
end

-- A quoted answer for the message.
local function quoted(v)
  if type(v) == "string" then return '"' .. v .. '"' end
  return tostring(v)
end

--- Why loading `save` would break strict's promise for one of the games kept, or nil: a game
-- of the same identity played under strict showed a roll after the last line it shares with
-- the save (loading it takes back the answer that roll followed).
-- @tparam {table,...} branches `M.branch` records (the game now among them)
-- @tparam table save the save to load
-- @tparam string name its file name, for the message
-- @treturn ?string
function M.refusal(branches, save, name)
  local id = M.identity(save)
  for _, b in ipairs(branches) do
    if b.strict and b.id == id then
      local p = 0
      while b.lines[p + 1] and save.journal[p + 1]
          and b.lines[p + 1].key == key(save.journal[p + 1]) do
        p = p + 1
      end
      local at = p == 0 and b.start or b.lines[p].rolls
      local last = #b.lines > 0 and b.lines[#b.lines].rolls or b.start
      if last > at then
        -- the first answer of the game kept past the lines it shares with the save
        local n, e = 0, nil
        for k, l in ipairs(b.lines) do
          if l.entry.kind == "answer" then
            n = n + 1
            if k > p then
              e = l.entry
              break
            end
          end
        end
        local what = e and (e.side .. "'s answer " .. quoted(e.value) .. " to " .. e.request
          .. " (answer " .. n .. ")") or "what this game did before its first answer"
        return "load: " .. name .. " would take back " .. what .. ", and a die was rolled "
          .. "since (roll " .. last .. " was shown); with --undo strict an answer followed by a "
          .. "roll stands, across load too (--undo solo takes it back; docs/save.md)"
      end
    end
  end
  return nil
end

return M
