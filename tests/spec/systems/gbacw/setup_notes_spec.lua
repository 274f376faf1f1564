-- The battle books' set-up notes (issue 57 point 4; docs/formats.md "Set-up notes") read by
-- the scenario loader for GBACW: orders [gbacw 6.11], (Mounted) / (Dismounted) [gbacw 14.21],
-- In Reserve [gbacw 6.3], losses [gbacw 12.21] and fatigue [gbacw 17.24] at the start, on the
-- test battle and on lines written for the refusals.

local scenario = require "volley.scenario"

local function open(extra)
  local sc = assert(scenario.read("tests/data/gbacw"))
  if extra then
    for _, l in ipairs(extra) do
      sc.setup[#sc.setup + 1] = { side = l[1], key = "x", text = l[2], file = "scenario.ini",
                                  line = 99 }
    end
  end
  local data = assert(scenario.load_data(sc))
  return sc, data, scenario.setup(sc, data.map, data.store)
end

describe("GBACW set-up notes", function()
  it("mark orders, reserve, losses and fatigue, and set up the counter a note names", function()
    local _, data, plan = open()
    assert.truthy(plan)
    local st = data.store
    for _, u in ipairs({ "155PA", "2NY-a", "2NY-b" }) do
      assert.are.equal(1, st:marker(u, "orders"), u)            -- [March]
    end
    assert.are.equal(2, st:marker("3AL", "orders"))              -- [Attack]
    assert.are.equal(1, st:marker("3AL", "steps"))               -- losses 1
    assert.are.equal(1, st:marker("9LA", "fatigue"))             -- fatigue OK
    assert.are.equal(1, st:marker("Rich", "reserve"))            -- In Reserve
    assert.are.equal(0, st:marker("19ME", "orders"))             -- no note: Advance
    -- the line names 6PA-d and says (Mounted): its mounted counter is set up [gbacw 14.21]
    assert.are.same({ "hex", "1605" }, { st:where("6PA-m") })
    assert.are_not.equal("hex", (st:where("6PA-d")))
  end)

  it("refuses notes it does not know, twice given, or impossible", function()
    local function err(line)
      local _, _, plan, why = open({ { "CSA", line } })
      assert.is_nil(plan)
      return why
    end
    assert.truthy(err("1005 | 4TX [Charge]"):find("unknown set-up note '[Charge]'", 1, true))
    assert.truthy(err("1005 | 4TX (Afloat)"):find("unknown set-up note '(Afloat)'", 1, true))
    assert.truthy(err("1005 | 4TX [March] [Attack]"):find("two orders notes", 1, true))
    assert.truthy(err("1005 | 4TX losses 9"):find("9 losses leave no strength", 1, true))
    assert.truthy(err("1005 | 4TX fatigue 7"):find("a level, OK or 0-4", 1, true))
  end)

  it("are refused in a system that reads none", function()
    local sc = assert(scenario.read("tests/data/demo"))
    sc.setup[1].text = sc.setup[1].text .. " [March]"
    local data = assert(scenario.load_data(sc))
    local plan, why = scenario.setup(sc, data.map, data.store)
    assert.is_nil(plan)
    assert.truthy(why:find("system demo reads no set-up notes", 1, true), why)
  end)
end)
