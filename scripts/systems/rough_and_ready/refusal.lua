--- Refusals of Rough & Ready's requests: every one says why and names the case that forbids
-- the answer (DESIGN.md principle 7), built here so that the case travels with the text.
--
--     local refusal = require "systems.rough_and_ready.refusal"
--     return refusal.say("6.13", unit .. " is Lancer cavalry: it may not fire")
--     --> "4L-1 is Lancer cavalry: it may not fire [rough_and_ready 6.13]"
--
-- The case is the one whose words forbid the answer, not the request's own rule: a Lancer's
-- fire is refused by 6.13, a rally off a first Hit by 6.84, fire between a withdrawn cavalry
-- unit and its mover by 6.47. Several cases that forbid together are one citation
-- (`{"5.28", "6.32"}` gives `[rough_and_ready 5.28, 6.32]`); a battle's case carries its code
-- (`"PA 6.42"`). `refusal.plain` is for the refusals no case forbids (an answer that is not
-- a word of the request, a hex off the map): volley.ask then adds the request's own rule.
--
-- Each call of `say` and `plain` in the system's files is a refusal the specs must produce
-- from a situation: tests/spec/systems/rough_and_ready/refusal_cases_spec.lua reads the files
-- for the calls (the case a string literal, or a list of them, the text's literal words) and
-- checks that each was produced (`M.record` is its recorder).
-- @module systems.rough_and_ready.refusal

local M = {}

--- The system id every citation opens with.
M.SYSTEM = "rough_and_ready"

-- The recorder of the calls made (nil: none). Set by `M.record`; never part of a game.
local recorder

--- The citation of one or more cases: `[rough_and_ready 6.13]`,
-- `[rough_and_ready 5.28, 6.32]`.
-- @tparam string|{string,...} case a case (`"6.13"`, `"PA 6.42"`, `"E10"`) or a list of them
-- @treturn string
-- @raise when no case is given (a refusal without one is `plain`)
function M.cite(case)
  if type(case) == "table" then case = table.concat(case, ", ") end
  if type(case) ~= "string" or case == "" then
    error("refusal: a case is needed (refusal.plain for a refusal no case forbids)", 3)
  end
  return "[" .. M.SYSTEM .. " " .. case .. "]"
end

--- The cases of a citation of the system, for `say`: `[rough_and_ready 6.25, 7.0]` gives
-- `{"6.25, 7.0"}`, `[rough_and_ready PA 6.17] [rough_and_ready RP 6.17]` gives
-- `{"PA 6.17", "RP 6.17"}`, `[rough_and_ready TEC] note g` gives `{"TEC note g"}` (the case
-- a movement query's mark or a line of sight's reason carries as data); `fallback` when it
-- names none.
-- @tparam ?string citation
-- @tparam string fallback the case when the citation names none
-- @treturn {string,...}
function M.cases_of(citation, fallback)
  local out = {}
  local text = tostring(citation)
  for c, after in text:gmatch("%[" .. M.SYSTEM:gsub("%p", "%%%0") .. " ([^%]]+)%]([^%[]*)") do
    after = after:match("^%s*(.-)%s*$")
    out[#out + 1] = after ~= "" and (c .. " " .. after) or c
  end
  if #out == 0 then out[1] = fallback end
  return out
end


--- A refusal: `text` and the citation of `case`.
-- @tparam string|{string,...} case the case (or cases) that forbid the answer
-- @tparam string text why, in the game's words (no citation of its own)
-- @treturn string
function M.say(case, text)
  local cite = M.cite(case)
  if recorder then recorder("say", case, text) end
  return text .. " " .. cite
end

--- A refusal no case forbids (the answer's form, a name that is no unit, a hex off the
-- map): the text alone, to which volley.ask adds the request's rule.
-- @tparam string text
-- @treturn string
function M.plain(text)
  if recorder then recorder("plain", nil, text) end
  return text
end

--- Records the calls of `say` and `plain` (for the specs): `fn(kind, case, text)` for each
-- ("say" or "plain", the case as given, the text); nil stops.
-- @tparam ?function fn
function M.record(fn)
  recorder = fn
end

return M
