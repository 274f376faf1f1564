--- What the Lua drivers of tests/fuzz share: the checks a refusal passes.
-- @module fuzz_check

local M = {}

--- Whether text could reach a grammar at all: the prompt and the INI reader refuse a line with a
-- control character other than a tab before any grammar reads it (docs/shell.md "Scripts",
-- docs/formats.md), so a refusal may only be held to echo no control byte for such text.
-- @tparam string text
-- @treturn boolean
function M.plain(text)
  return not text:find("[%z\1-\8\10-\31\127]")
end

--- Raises (a finding) unless why is a message without a control byte (held only when the
-- input, if given, could reach the grammar: `M.plain`).
-- @param why the refusal
-- @tparam string what who refused (for the report)
-- @tparam[opt] string input the text refused
function M.refusal(why, what, input)
  if type(why) ~= "string" or why == "" then
    error(what .. ": a refusal without a message: " .. tostring(why), 0)
  end
  if (input == nil or M.plain(input)) and why:find("[%z\1-\8\10-\31\127]") then
    error(what .. ": a control byte in the refusal " .. ("%q"):format(why), 0)
  end
end


return M
