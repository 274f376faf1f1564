--- The view filter: what one viewer (a side, or the referee) may see of a game (DESIGN.md
-- Part B "Locations, views and hidden information"; docs/shell.md "Views").
--
-- Every output of the prompt and of `volley play` goes through one `View`: the map's marks,
-- `show`, `log`, `los`, `reach`, refusals, `lua`, JSON events and `volley export`. It runs
-- inside the game's engine-owned state, next to the store. A unit is hidden from a viewer
-- when the store marks it hidden and the viewer is neither its side nor the referee. For a
-- side:
--
-- * units: a hidden unit is not listed, not resolved by name (it is "no unit or leader"),
--   not drawn;
-- * text (narrative, rolls, log, answers): a line that names a hidden unit (its id as a
--   word) is dropped whole: a side does not see what it cannot see happen; so is a narrative
--   line a script gave to other sides only (`volley.log(text, {"B"})`);
-- * refusals: the rules' words are kept, each hidden id replaced by "a hidden unit";
-- * hashes: the view carries `view_hash`, the SHA-256 (first 16 hex digits) of the view's
--   canonical text, never `state_hash`, the seed or the dice generator;
-- * the view's canonical text: the state's canonical text (`store:serialize()`) without the
--   `dice` line, without every line that names a hidden unit, and without the lines of
--   another side's secrets (`var secrets.<side>.`: volley.secret).
--
-- The referee sees everything: every function is then the identity.
-- @module volley.view

local core = require "volley.core"
local secret = require "volley.secret"

local M = {}

local View = {}
View.__index = View

--- A view of game `g` for `viewer`.
-- @param g the game (`volley.game`)
-- @tparam string viewer a side id or "referee"
-- @treturn View
function M.new(g, viewer)
  local hidden, list = {}, {}
  if viewer ~= "referee" then
    for _, u in ipairs(g.store:units{}) do
      local info = g.store:unit(u)
      if info.hidden and info.side ~= viewer then
        hidden[u] = true
        list[#list + 1] = u
      end
    end
  end
  -- the units revealed since, each with the narrative line that revealed it
  -- (`g.narrative_unhidden`, kept by `reveal_unit`): a line or roll before that one which
  -- names it was about a hidden unit, and stays unseen
  local was
  if viewer ~= "referee" and g.narrative_unhidden then
    for _, u in ipairs(g.store:units{}) do
      local at = g.narrative_unhidden[u]
      if at and not hidden[u] and g.store:unit(u).side ~= viewer then
        was = was or {}
        was[#was + 1] = { unit = u, at = at }
      end
    end
  end
  return setmetatable({ g = g, viewer = viewer, hidden = hidden, hidden_list = list,
                        was = was }, View)
end

--- Whether the viewer sees unit `u`.
function View:sees(u)
  return not self.hidden[u]
end

--- Whether the view hides nothing (the referee's, or a side's when nothing is hidden).
function View:whole()
  return #self.hidden_list == 0
end

-- Whether `text` names a hidden unit: its id as a word (bounded by the start, the end, or a
-- character that is not one of an id's [A-Za-z0-9_./-]).
local function names_hidden(self, text)
  for _, u in ipairs(self.hidden_list) do
    local from = 1
    while true do
      local s, e = text:find(u, from, true)
      if not s then break end
      local before = s > 1 and text:sub(s - 1, s - 1) or ""
      local after = text:sub(e + 1, e + 1)
      if not before:match("[%w_./-]") and not after:match("[%w_./-]") then return true end
      from = e + 1
    end
  end
  return false
end

--- A line of text as the viewer sees it: the line, or nil when it names a hidden unit, or
-- when it is a narrative line a script gave to some sides only (`to`, its list: `volley.log`'s
-- visibility) and the viewer is neither one of them nor the referee.
-- @tparam string text
-- @tparam[opt] {string,...} to the sides the line is for (nil: every viewer)
-- @treturn ?string
function View:line(text, to)
  if to and self.viewer ~= "referee" then
    local mine = false
    for _, s in ipairs(to) do mine = mine or s == self.viewer end
    if not mine then return nil end
  end
  if type(text) ~= "string" or self:whole() then return text end
  if names_hidden(self, text) then return nil end
  return text
end

-- Whether `text`, the narrative's line `i` (or a roll made before it), names a unit that
-- was still hidden from the viewer then (revealed at a later line).
local function named_before_reveal(self, text, i)
  if not self.was or type(text) ~= "string" then return false end
  for _, w in ipairs(self.was) do
    if i < w.at and names_hidden({ hidden_list = { w.unit } }, text) then return true end
  end
  return false
end

--- Whether `text` names one of `ids` as a word, as the filter reads a line (the host's
-- check of an answer given while those units were hidden: volley.play.loop, volley.export).
-- @tparam string text
-- @tparam ?{string,...} ids
-- @treturn boolean
function M.names_any(text, ids)
  return ids ~= nil and names_hidden({ hidden_list = ids }, text)
end

--- The narrative's line `i` as the viewer sees it: as `line`, and nil too when it names a
-- unit that was hidden from the viewer when it was written (revealed since: RP's hidden
-- units); the log and the drained events read the narrative so.
-- @tparam string text
-- @tparam integer i its index in the game's narrative
-- @tparam[opt] {string,...} to
-- @treturn ?string
function View:line_at(text, i, to)
  local shown = self:line(text, to)
  if shown and named_before_reveal(self, text, i) then return nil end
  return shown
end

--- A roll made before the narrative's line `i`, as the viewer sees it: as `roll`, and nil
-- too when it names a unit hidden from the viewer then.
function View:roll_at(r, i)
  local shown = self:roll(r)
  if shown and (named_before_reveal(self, r.reason, i)
      or named_before_reveal(self, tostring(r.result or ""), i)) then
    return nil
  end
  return shown
end

--- The lines the viewer sees, in order.
function View:lines(list)
  local out = {}
  for _, l in ipairs(list) do
    local v = self:line(l)
    if v then out[#out + 1] = v end
  end
  return out
end

--- A refusal as the viewer sees it: each hidden id replaced by "a hidden unit".
function View:refusal(text)
  if type(text) ~= "string" or self:whole() then return text end
  local out = text
  for _, u in ipairs(self.hidden_list) do
    local pat = u:gsub("[%^%$%(%)%%%.%[%]%*%+%-%?]", "%%%0")
    out = (" " .. out .. " "):gsub("([^%w_./-])" .. pat .. "([^%w_./-])", "%1a hidden unit%2")
    out = out:sub(2, -2)
  end
  return out
end

--- A roll as the viewer sees it: the roll, or nil when its reason or result names a hidden
-- unit (a roll the side did not see).
function View:roll(r)
  if self:whole() then return r end
  if not self:line(r.reason or "") or not self:line(tostring(r.result or "")) then return nil end
  return r
end

--- The view's canonical text (module doc): the bytes `view_hash` is taken of.
-- @treturn string
function View:text()
  local keep = {}
  for line in self.g.store:serialize():gmatch("[^\n]*\n") do
    if not line:match("^dice ") and not secret.hides_line(self.viewer, line)
        and self:line(line) then
      keep[#keep + 1] = line
    end
  end
  return table.concat(keep)
end

--- Whether the viewer sees `side`'s secrets (volley.secret): its own, or the referee.
function View:sees_secrets_of(side)
  return self.viewer == "referee" or self.viewer == side
end

--- The view hash: the first 16 hex digits of the SHA-256 of `text()`.
-- @treturn string
function View:hash()
  return core.save.sha256(self:text()):sub(1, 16)
end

return M
