--- The `first` bot: always gives the first legal answer (the canonical order's first), a
-- predictable opponent for tests and tutorials.
-- @module volley.bots.first

local ask = require "volley.ask"

local M = {}

--- Answers a request with its first legal answer.
function M.answer(_, request)
  return ask.at(request, 1)
end

return M
