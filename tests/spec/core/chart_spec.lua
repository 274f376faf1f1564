-- volley.core.chart: chart sets from Lua -- loading text, files and layered directories,
-- reading a table back, lookups with clamped shifts, and the two error channels.
local core = require "volley.core"
local chart = core.chart

local SHOCK = table.concat({
  "[shock]",
  "title = A test table",
  "source = [demo 8.4]",
  "provisional = designed for the test",
  "die = d6",
  "results = shock",
  "columns = differential",
  "header = -1 or less | 0 | +1 or more",
  "1-3 = a | b | c",
  "4-6 = d | e",
  "  f",
}, "\n") .. "\n"

describe("volley.core.chart", function()
  local set
  before_each(function()
    set = chart.new()
    assert.are.same({ true }, { set:load_string(SHOCK, "mem.ini", "battle") })
  end)

  it("reads a table back with its provenance and lines", function()
    assert.are.same({ "shock" }, set:names())
    assert.are.same({
      name = "shock", title = "A test table", source = "[demo 8.4]",
      provisional = "designed for the test", provisional_line = 4, layer = "battle",
      file = "mem.ini", line = 1, die = "d6", results = "shock", results_line = 6,
      columns = "differential", ncols = 3,
      headers = { { cells = { "-1 or less", "0", "+1 or more" } } },
      rows = {
        { label = "1-3", line = 9, cells = { "a", "b", "c" }, lines = { 9, 9, 9 } },
        { label = "4-6", line = 10, cells = { "d", "e", "f" }, lines = { 10, 10, 11 } },
      },
    }, set:info("shock"))
  end)

  it("looks a cell up and reports the row and column used", function()
    assert.are.same({
      chart = "shock", cell = "e", row = 2, row_label = "4-6", column = 2, column_label = "0",
      base_column = 2, shift = 0, shift_applied = 0, clamped = false, die = "d6",
      results = "shock", source = "[demo 8.4]", provisional = "designed for the test",
      layer = "battle", file = "mem.ini", line = 1,
    }, set:lookup("shock", { value = 0, roll = 5 }))
  end)

  it("clamps shifts at both edges of the table", function()
    local r = set:lookup("shock", { value = 0, shift = 5, roll = 1 })
    assert.are.same({ "c", 3, 1, true }, { r.cell, r.column, r.shift_applied, r.clamped })
    r = set:lookup("shock", { value = -7, shift = -2, roll = 6 })
    assert.are.same({ "d", 1, 0, true }, { r.cell, r.column, r.shift_applied, r.clamped })
    r = set:lookup("shock", { column = 3, shift = -1, roll = 6 })
    assert.are.same({ "e", 2, -1, false }, { r.cell, r.column, r.shift_applied, r.clamped })
  end)

  it("returns nil and the message for what it cannot find", function()
    assert.are.same({ nil, "table 'shock' has no row for 7" },
      { set:lookup("shock", { value = 0, roll = 7 }) })
    assert.are.same({ nil, "table 'shock' needs a column pick" },
      { set:lookup("shock", { roll = 1 }) })
    assert.are.same({ nil, "no table 'fire'" }, { set:lookup("fire", { roll = 1 }) })
    assert.are.same({ nil, "no table 'fire'" }, { set:info("fire") })
    assert.are.same({ nil, "table 'shock' has no column 4 (it has 3)" },
      { set:lookup("shock", { column = 4, roll = 1 }) })
  end)

  it("refuses malformed text with its line and keeps the set as it was", function()
    assert.are.same({ nil, "bad.ini:7: row '2' has 1 cell; the table has 3 columns" },
      { set:load_string("[t]\nsource = [x 1]\ndie = d6\nresults = r\ncolumns = range\n"
        .. "header = 1 | 2 | 3\n2 = x\n", "bad.ini", "x") })
    assert.are.same({ nil, "bad.ini:23: duplicate section [shock] (first at line 1)" },
      { set:load_string(SHOCK .. SHOCK:gsub("%[shock%]", "[other]") .. SHOCK, "bad.ini",
        "x") })
    assert.are.same({ "shock" }, set:names())
  end)

  it("raises on a misused pick", function()
    assert.has_error(function() set:lookup("shock", { rol = 1 }) end,
      "bad argument #2 to 'lookup' (unknown key 'rol' (known: against, column, header, name, "
      .. "roll, shift, value))")
    assert.has_error(function() set:lookup("shock", { roll = 1.5 }) end,
      "bad argument #2 to 'lookup' (field 'roll' must be an integer)")
    assert.has_error(function() set:lookup("shock", { name = 3 }) end,
      "bad argument #2 to 'lookup' (field 'name' must be a string)")
    assert.has_error(function() set:lookup("shock") end)
  end)

  it("raises once closed", function()
    set:close()
    assert.has_error(function() set:names() end,
      "calling 'names' on bad self (chart set is closed)")
  end)
end)

describe("volley.core.chart directories", function()
  it("loads a system's charts and a scenario layer over them", function()
    local set = chart.new()
    assert.is_true(set:load_dir(assert(core.find("charts/rough_and_ready")), "system"))
    assert.are.same({ "artillery_fire", "artillery_range_drm", "shock",
                      "small_arms_fire" }, set:names())
    assert.is_true(set:load_dir("tests/data/charts/layer/charts", "scenario"))
    local info = set:info("small_arms_fire")
    assert.are.same({ "scenario", "tests/data/charts/layer/charts/fire.ini", 2 },
      { info.layer, info.file, info.line })
    assert.are.equal("system", set:info("shock").layer)
  end)

  it("takes a missing directory as empty only when told it is optional", function()
    local set = chart.new()
    assert.are.same({ nil, "tests/data/charts/none: cannot open directory (No such file or "
      .. "directory)" }, { set:load_dir("tests/data/charts/none", "scenario") })
    assert.is_true(set:load_dir("tests/data/charts/none", "scenario", true))
  end)

  it("reads a per-gun header to find a range band [rough_and_ready 6.21]", function()
    local set = chart.new()
    assert.is_true(set:load_file(assert(core.find("charts/rough_and_ready/fire.ini")), "system"))
    local r = set:lookup("artillery_range_drm", { header = "6_pounder", value = 10 })
    assert.are.same({ "-2", 3, "-2" }, { r.cell, r.column, r.column_label })
    assert.is_nil(r.row)
    assert.are.same({ 2 }, { set:column("artillery_range_drm", { header = "6_pounder",
                                                                 value = 9 }) })
    assert.are.same({ nil, "table 'artillery_range_drm' has no column for range 17 under "
      .. "'6_pounder'" }, { set:column("artillery_range_drm", { header = "6_pounder",
                                                                value = 17 }) })
  end)
end)
