-- Palo Alto's special rules that touch the activation chain, as a battle's scripts in the
-- sandbox: the fixture's rules.lua (Canales by roll only [rough_and_ready PA 3.0]) and its
-- option `balance` [rough_and_ready PA Balance]. The game runs as `volley play` runs it: in
-- an engine-owned state, through volley.session (rules and options loaded by the sandbox).
-- These stand in for scenarios/rough-and-ready/palo-alto/rules.lua until the palo branch is
-- merged.
local core = require "volley.core"

local AUTO = { leadership = "no", artillery = "done", actions = "done" }

local function play(opts, answers)
  local st = core.new_state{}
  assert(st:require("volley.session"))
  local ok, info = st:call("volley.session", "open", "tests/data/rr", opts)
  assert(ok, info)
  local task = st:spawn("volley.session", "run")
  local rec = { requests = {}, refusals = {} }
  local kind, side, req, refusal = task:resume()
  while kind == "request" do
    if refusal then rec.refusals[#rec.refusals + 1] = refusal end
    local a = (not refusal and AUTO[req.kind]) or table.remove(answers, 1)
    if a == nil then
      rec.pending = { side = side, kind = req.kind, options = req.options, rule = req.rule }
      break
    end
    rec.requests[#rec.requests + 1] = { side = side, kind = req.kind, options = req.options }
    kind, side, req, refusal = task:resume(a)
  end
  assert(kind == "request", tostring(side))
  local dok, d = st:call("volley.session", "drain")
  assert(dok, d)
  rec.rolls, rec.narrative = d.rolls, d.narrative
  task:close()
  st:close()
  return rec
end

local function lines(rec, text)
  local out = {}
  for _, l in ipairs(rec.narrative) do
    if l:find(text, 1, true) then out[#out + 1] = l end
  end
  return out
end

describe("[rough_and_ready PA 3.0] Canales activates only by die roll", function()
  it("is not offered a free activation, and the refusal says why", function()
    local rec = play({ seed = 1, dice = { 8 } }, { "garland", "belknap", "canales", "vega" })
    local free
    for _, r in ipairs(rec.requests) do
      if r.kind == "free_activation" then free = free or r end
    end
    assert.are.same({ "garcia", "vega", "pass" }, free.options)
    assert.are.same({ "Canales activates only by die roll [rough_and_ready PA 3.0] "
      .. "[rough_and_ready 3.11, 3.23, 4.1]" }, rec.refusals)
    -- after Vega's free activation, the Mexican roll may nominate him
    assert.are.same({ side = "MEX", kind = "activate", options = { "canales", "garcia", "0210" },
                      rule = "[rough_and_ready 3.11, 3.22, 4.1]" }, rec.pending)
  end)
end)

describe("[rough_and_ready PA Balance] the balance option (T-RR-10)", function()
  it("adds 0, +1, +2 to the 1st, 2nd and 3rd US roll of a streak", function()
    local rec = play({ seed = 1, dice = { 0, 0, 0 }, options = { "balance" } },
      { "garland", "belknap", "garland", "belknap" })
    local drm = {}
    for _, r in ipairs(rec.rolls) do
      local t = {}
      for _, m in ipairs(r.modifiers) do
        t[#t + 1] = string.format("%+d %s %s %s", m.value, m.label, m.rule, m.source)
      end
      drm[#drm + 1] = table.concat(t, "; ")
    end
    assert.are.same({ "",
      "+1 balance: US roll 2 in a row [rough_and_ready PA Balance] battle",
      "+2 balance: US roll 3 in a row [rough_and_ready PA Balance] battle" }, drm)
    assert.are.same({
      "US rolls for belknap: d10 0 = 0 against rating 5 = 5: activates [rough_and_ready 3.11]",
      "US rolls for garland: d10 0 +1 (balance: US roll 2 in a row) = 1 against rating 5 = 5: "
        .. "activates [rough_and_ready 3.11]",
      "US rolls for belknap: d10 0 +2 (balance: US roll 3 in a row) = 2 against rating 5 = 5: "
        .. "activates [rough_and_ready 3.11]" }, lines(rec, "rolls for"))
  end)

  it("starts again after the streak ends, and adds nothing without the option", function()
    local rec = play({ seed = 1, dice = { 9, 9, 0 }, options = { "balance" } },
      { "garland", "belknap", "vega", "garcia", "belknap", "garland" })
    -- belknap fails (1st roll), vega free, garcia fails, the US takes belknap free, then
    -- garland is the 1st roll of a new streak
    assert.are.same({ "US rolls for garland: d10 0 = 0 against rating 5 = 5: activates "
      .. "[rough_and_ready 3.11]" }, lines(rec, "rolls for garland"))
    rec = play({ seed = 1, dice = { 0, 0 } }, { "garland", "belknap", "garland" })
    assert.are.same({}, lines(rec, "balance"))
  end)
end)
