--- The host's view of a game running in an engine-owned state (docs/build.md "Engine-owned
-- Lua states"). A host drives a coroutine of the state with `state:spawn(module, fn, ...)`
-- and `task:resume(answer)`; whenever the coroutine yields, the C side calls `yielded` here
-- with the yielded values and hands the host what it returns, as plain data.
-- @module volley.host

local ask = require "volley.ask"

local M = {}

--- A request as plain data: `{kind, prompt, rule, default, options, secret}` with the legal
-- answers listed (an `enumerate` is called; a `validate` stays in the state, which checks
-- the answer when it comes back); `secret` the name the answer is kept under when the
-- request is secret (volley.secret: other views see only that the side answered), else nil.
-- @tparam table request
-- @treturn table
function M.request(request)
  return { kind = request.kind, prompt = request.prompt, rule = request.rule,
           default = request.default, options = ask.legal(request),
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
