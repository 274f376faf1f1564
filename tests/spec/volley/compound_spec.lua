-- volley.ask: compound answers (a request's `compound`: an answer carrying those of the
-- requests that follow) and free requests (a default that cannot hurt the asker), issue 37
-- point 1 (docs/runtime.md "Requests"). Through `volley play`: tests/shell/compound.sh.
local ask = require "volley.ask"

local function move_request(extra)
  local r = { kind = "move", prompt = "move a unit", options = { "A1 0202", "A2 0202", "done" },
              rule = "[demo 4.2]" }
  -- `A1 0202 NE`: the move, then its facing; `A1+A2 0202`: both units, one after the other
  r.compound = function(a)
    local unit, hex, face = a:match("^(%S+) (%d+) (%u+)$")
    if unit then return unit .. " " .. hex, { { kind = "face", value = face, optional = true } } end
    local first, second, to = a:match("^(%S+)%+(%S+) (%d+)$")
    if first == "A9" then return nil, "A9 is no unit of yours [demo 4.2]" end
    if first then return first .. " " .. to, { { kind = "move", value = second .. " " .. to } } end
    return nil
  end
  for k, v in pairs(extra or {}) do r[k] = v end
  return r
end

describe("volley.ask compound answers", function()
  it("returns the first answer and the rest for the requests that follow", function()
    local ok, v, rest = ask.check(move_request(), "A1 0202 NE")
    assert.is_true(ok)
    assert.are.equal("A1 0202", v)
    assert.are.same({ { kind = "face", value = "NE", optional = true } }, rest)
    ok, v, rest = ask.check(move_request(), "A1+A2 0202")
    assert.are.same({ true, "A1 0202", { { kind = "move", value = "A2 0202" } } },
      { ok, v, rest })
  end)

  it("gives no rest for a listed answer, and checks the first as any answer", function()
    assert.are.same({ true, "done" }, { ask.check(move_request(), "done") })
    local ok, why = ask.check(move_request(), "A3 0202 NE")
    assert.is_false(ok)
    assert.are.equal("'A3 0202' is not a legal answer to move (legal: A1 0202, A2 0202, done) "
      .. "[demo 4.2]", why)
  end)

  it("refuses with the compound's reason, its own citation kept alone", function()
    assert.are.same({ false, "A9 is no unit of yours [demo 4.2]" },
      { ask.check(move_request(), "A9+A1 0202") })
  end)

  it("refuses a rest that is no list of answers", function()
    local r = move_request{ compound = function() return "done", { { kind = 3 } } end }
    assert.has_error(function() ask.check(r, "zz") end,
      "request 'move': compound's answer #1 is not {kind =, value =, optional =}")
  end)

  it("ask returns the rest after the answer", function()
    local co = coroutine.create(function() return ask.ask("A", move_request()) end)
    local got = { ask.drive(co, function() return "A1 0202 NE" end) }
    assert.are.same({ "A1 0202", { { kind = "face", value = "NE", optional = true } } }, got)
  end)
end)

describe("volley.ask free requests", function()
  it("takes a string saying why the default cannot hurt", function()
    assert.has_no.errors(function()
      ask.check_request(move_request{ free = "it costs nothing" })
    end)
    assert.has_error(function() ask.check_request(move_request{ free = true }) end,
      "request 'move': free must be a string (why its default cannot hurt the asker)")
  end)

  it("is handed to the host with its reason", function()
    local req = require("volley.host").request(move_request{ free = "it costs nothing",
                                                             default = "done" })
    assert.are.equal("it costs nothing", req.free)
    assert.are.equal("done", req.default)
  end)
end)
