--- The host's view of a game running in an engine-owned state (docs/build.md "Engine-owned
-- Lua states"). A host drives a coroutine of the state with `state:spawn(module, fn, ...)`
-- and `task:resume(answer)`; whenever the coroutine yields, the C side calls `yielded` here
-- with the yielded values and hands the host what it returns, as plain data.
-- @module volley.host

local ask = require "volley.ask"

local M = {}

-- Whether a request crosses with its legal answers listed (`M.listing`): not state, a
-- setting of the host's driving of the game.
local listing = true

-- The request last handed to the host (`M.request`): the one the game waits on, whose
-- answers `M.at` gives one by one. Not state.
local last = nil

--- Whether the requests the host is handed list their legal answers (true, the default); or,
-- false, only `{kind, prompt, rule, secret}`: a replay (`volley.replay`) gives each recorded
-- answer straight back, where the rules check it as they check a typed one
-- (`volley.ask.check`: a lazy request's `has`, else its list searched in place, its
-- `validate`), so it needs no copy of every option, nor the default nor `only` (docs/save.md
-- "Replay, undo and resume"); or "count": the request crosses with `count`, the number of its
-- legal answers, instead of their list, and the host fetches the one it picks with `M.at`
-- (`volley sim`'s bots: docs/runtime.md "Requests"). A request with one legal answer lists
-- it in every mode but false (`only`).
-- @tparam boolean|string on
function M.listing(on)
  if on == "count" then listing = "count" else listing = on and true or false end
end

--- The i-th legal answer (canonical order) of the request last handed to the host
-- (`volley.ask.at`): a host that was handed a count picks from it so.
-- @tparam integer i
-- @return the answer
-- @raise when no request was handed over, or i is out of range
function M.at(i)
  if last == nil then error("volley.host.at: no request is pending", 2) end
  if type(i) ~= "number" or i ~= math.floor(i) or i < 1 or i > ask.count(last) then
    error("volley.host.at: no answer #" .. tostring(i) .. " (" .. ask.count(last)
      .. " legal)", 2)
  end
  return ask.at(last, i)
end

--- A request as plain data: `{kind, prompt, rule, default, options, only, free, secret}` with the
-- legal answers listed (an `enumerate` is called; a `validate` stays in the state, which
-- checks the answer when it comes back). `default` is the runtime's (`ask.default_answer`:
-- the request's own when legal, else its first legal answer); `only` is true when the request
-- has one legal answer and no `validate` (`ask.only`): the host answers it with `options[1]`
-- itself, asking no one (docs/runtime.md "Requests"); `free` is why its default cannot hurt the
-- asker (the request's `free`), and a person's host answers it so unless told to ask. What its
-- options cost or cause (`tell`)
-- is a query (`volley.queries.notes`), asked only when `?` shows them. `secret` is the name
-- the answer is kept under when the request is secret (volley.secret: other views see only
-- that the side answered), else nil.
-- @tparam table request
-- @treturn table
function M.request(request)
  last = request
  if not listing then
    return { kind = request.kind, prompt = request.prompt, rule = request.rule,
             secret = require("volley.secret").request_name(request) }
  end
  if listing == "count" then
    local only = ask.only(request)
    return { kind = request.kind, prompt = request.prompt, rule = request.rule,
             count = ask.count(request), default = ask.default_answer(request),
             options = only ~= nil and { only } or nil, only = only ~= nil or nil,
             free = type(request.free) == "string"
               and require("volley.core").text.clean(request.free) or nil,
             secret = require("volley.secret").request_name(request) }
  end
  local options = ask.legal(request)
  return { kind = request.kind, prompt = request.prompt, rule = request.rule,
           default = ask.default_answer(request), options = options,
           only = ask.only(request) ~= nil or nil,
           free = type(request.free) == "string" and require("volley.core").text.clean(request.free)
             or nil,
           secret = require("volley.secret").request_name(request) }
end

--- What a task hands its host when its coroutine yields: `"request", side, request,
-- refusal` for an `ask`.
-- @raise "a script yielded outside ask" for any other yield
function M.yielded(token, side, request, refusal, ...)
  if token ~= ask.TOKEN or type(request) ~= "table" or select("#", ...) > 0 then
    error("a script yielded outside ask", 0)
  end
  return "request", side, M.request(request), refusal
end

return M
