-- volley.core.state: stores made from the charts' schemas and the test orders of battle;
-- units, hierarchy, locations, stacks, queries, facing models against the rulebooks, game.vars.
local core = require "volley.core"
local state = core.state

local function new(system, extra)
  local opts = {schema = "charts/" .. system .. "/units.ini",
                oob = "tests/data/oob/" .. system .. ".ini"}
  for k, v in pairs(extra or {}) do opts[k] = v end
  local st, err = state.new(opts)
  assert(st, err and tostring(err))
  return st
end

-- The message of an error raised by f, without the "file:line: " Lua puts before it.
local function raised(f, ...)
  local ok, msg = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(msg):gsub("^[^:]*:%d+: ", ""))
end

describe("volley.core.state.new", function()
  it("makes a store from a schema and an order of battle", function()
    local st = new("rough_and_ready")
    assert.are.equal("volley.store (rough_and_ready, 10 units)", tostring(st))
    assert.are.equal("rough_and_ready", st:system())
    assert.are.same({"US", "MEX"}, st:sides())
  end)

  it("refuses an oob.ini with an unknown field, a duplicate id or a bad type at its line",
     function()
    local cases = {
      {"unknown_field", 9, "unit 5US-1: unknown field 'moral' (known: also_command, also_only, "
        .. "battery, gun, guns, independent, lancer, ma, morale, morale_reverse, regiment, "
        .. "regular)"},
      {"duplicate_id", 12, "leader id 'Twiggs' is already taken"},
      {"bad_int", 9, "unit 5US-1: morale: 'six' is not an integer"},
      {"bad_bool", 11, "unit tampico: lancer: 'maybe' is not yes or no"},
    }
    for _, c in ipairs(cases) do
      local file = "tests/data/broken/oob/" .. c[1] .. ".ini"
      local st, err = state.new{schema = "charts/rough_and_ready/units.ini", oob = file}
      assert.is_nil(st)
      assert.are.same({file = file, line = c[2], msg = c[3]},
                      {file = err.file, line = err.line, msg = err.msg})
      assert.are.equal(file .. ":" .. c[2] .. ": " .. c[3], tostring(err))
    end
  end)

  it("refuses a broken schema the same way", function()
    local st, err = state.new{schema = "tests/data/broken/units/overlap.ini",
                              oob = "tests/data/oob/rough_and_ready.ini"}
    assert.is_nil(st)
    assert.are.equal("tests/data/broken/units/overlap.ini:8: facing vertex: offset 1 has two arcs",
                     tostring(err))
  end)

  it("rejects unknown options by name", function()
    assert.are.equal("bad option 'maps' to 'new' (known: schema, oob, map, grid, spaces, boxes)",
                     raised(state.new, {maps = 1}))
  end)

  it("takes the grid, track spaces and boxes from a map", function()
    local m = assert(core.map.load("tests/data/maps/sample.ini"))
    local st = new("rough_and_ready", {map = m})
    assert.is_true(st:place("5US-1", {space = "saltillo/G"}))
    assert.are.same({"space", "saltillo/G"}, {st:where("5US-1")})
    assert.is_true(st:place("8US", {box = "reserve"}))
    assert.are.same({"8US"}, st:stack{box = "reserve"})
  end)
end)

describe("units, leaders and the hierarchy", function()
  local st
  before_each(function() st = new("rough_and_ready") end)

  it("lists ids in id order", function()
    assert.are.same({"5US-1", "5US-2", "8US", "Belknap", "Garcia", "Garland", "Taylor",
                     "ringgold", "tampico", "wagons"}, st:units())
    assert.are.same({"Garcia", "tampico"}, st:units{side = "MEX"})
    assert.are.same({"Belknap", "Garland", "Taylor"}, st:leaders("US"))
    assert.are.same({"ringgold"}, st:units{class = "artillery"})
    assert.are.same({"5US-1", "5US-2", "8US"}, st:units{type = "infantry"})
  end)

  it("describes a unit", function()
    local u = st:unit("Garland")
    assert.are.equal("leader", u.kind)
    assert.are.equal("garland", u.command)
    assert.are.equal("[rough_and_ready 3.23]", u.source)
    assert.are.same({leader = true}, u.classes)
    assert.are.same({combat = true, artillery = true}, st:unit("ringgold").classes)
  end)

  it("reads and writes values in their types and ranges", function()
    assert.are.equal(5, st:get("Garland", "activation"))   -- [rough_and_ready 3.23]
    assert.are.equal(3, st:get("Garcia", "activation"))
    assert.is_true(st:get("tampico", "lancer"))
    assert.are.equal("6", st:get("ringgold", "gun"))
    st:set("5US-1", "morale", 4)
    assert.are.equal(4, st:get("5US-1", "morale"))
    assert.are.equal("bad argument #3 to 'set' (5US-1: morale 10 is outside 0-9)",
                     raised(function() st:set("5US-1", "morale", 10) end))
    assert.are.equal("bad argument #2 to 'get' (5US-1 has no field 'activation')",
                     raised(function() st:get("5US-1", "activation") end))
    assert.are.equal("bad argument #1 to 'get' (unknown unit 'nobody')",
                     raised(function() st:get("nobody", "morale") end))
    assert.are.same({"morale", "morale_reverse", "ma", "lancer", "independent", "gun", "guns",
                     "battery", "regular", "regiment", "also_command", "also_only"}, st:fields())
    assert.are.same({ma = 12, activation = 5, command_range = 4, leadership = 0},
                    st:values("Garland"))
  end)

  it("keeps markers within their ranges", function()
    st:set_marker("5US-1", "hits", 2)
    st:set_marker("5US-1", "disordered", true)
    assert.are.same({hits = 2, disordered = 1}, st:markers("5US-1"))
    st:set_marker("5US-1", "disordered", 0)
    assert.are.same({hits = 2}, st:markers("5US-1"))
    assert.are.equal("bad argument #3 to 'set_marker' (5US-1: marker square 2 is outside 0-1)",
                     raised(function() st:set_marker("5US-1", "square", 2) end))
  end)

  it("answers the hierarchy", function()
    assert.are.same({"Taylor"}, st:superiors("Garland"))
    assert.are.same({}, st:superiors("Taylor"))
    local c = st:command("US")
    assert.are.same({"belknap", "garland"}, c.subcommands)
    assert.are.same({"Taylor"}, c.leaders)
    assert.are.equal("army", c.level)
    assert.are.same({"5US-1", "5US-2"}, st:units_of("garland"))
    assert.are.same({"5US-1", "5US-2", "8US", "ringgold"}, st:units_of("US", {subcommands = true}))
    assert.is_true(st:attach("ringgold", "garland"))
    assert.are.same({"5US-1", "5US-2", "Garland", "ringgold"},
                    st:units_of("garland", {attached = true, leaders = true}))
    assert.are.same({false, "ringgold cannot be attached to garcia, a command of MEX"},
                    {st:attach("ringgold", "garcia")})
    assert.are.same({"MEX", "US"}, st:commands{top = true})
  end)
end)

describe("locations and stacks", function()
  local st
  before_each(function() st = new("rough_and_ready") end)

  it("keeps each stack in order, top first", function()
    assert.is_true(st:place("5US-1", "3123"))
    assert.is_true(st:place("5US-2", "3123"))
    assert.is_true(st:place("ringgold", "3123", "bottom"))
    assert.are.same({"5US-2", "5US-1", "ringgold"}, st:stack("3123"))
    assert.are.equal("5US-2", st:top("3123"))
    assert.are.equal(3, st:position("ringgold"))
    st:restack("ringgold", "top")
    assert.are.same({"ringgold", "5US-2", "5US-1"}, st:stack("3123"))
    st:restack("ringgold", 2)
    assert.are.same({"5US-2", "ringgold", "5US-1"}, st:stack("3123"))
    st:reorder("3123", {"5US-1", "ringgold", "5US-2"})
    assert.are.same({"5US-1", "ringgold", "5US-2"}, st:stack("3123"))
    assert.are.equal("the stack holds 3 units, not 1", raised(st.reorder, st, "3123", {"5US-1"}))
    assert.are.same({"hex", "3123"}, {st:where("5US-1")})
    assert.is_nil(st:top("3124"))
  end)

  it("takes units off the board and back", function()
    assert.is_true(st:place("8US", "eliminated"))
    assert.are.same({"eliminated"}, {st:where("8US")})
    assert.are.same({"8US"}, st:stack("eliminated"))
    assert.is_true(st:place("8US", "none"))
    assert.are.same({"none"}, {st:where("8US")})
    assert.are.same({}, st:hexes("8US"))
    assert.are.equal("bad argument #2 to 'place' (unknown track space 'saltillo/Z')",
                     raised(function() st:place("8US", {space = "saltillo/Z"}) end))
  end)

  it("refuses hexes that are no chain, as a reason", function()
    assert.are.same({false, "8US: hexes 3123 and 3125 are not adjacent (a unit's hexes form a "
                            .. "chain)"},
                    {st:place("8US", {"3123", "3125"})})
    assert.are.same({"none"}, {st:where("8US")})
    assert.is_true(st:place("8US", {"3123", "3124"}))
    assert.are.same({"3123", "3124"}, st:hexes("8US"))
    assert.are.same({"8US"}, st:stack("3124"))
  end)

  it("answers the fast queries", function()
    st:place("5US-1", "3123")
    st:place("5US-2", "3123")
    st:place("ringgold", "3123")
    st:place("Garland", "3123")
    st:place("wagons", "2920")
    st:place("tampico", "3522")
    assert.are.equal(12, st:total("3123", "morale", {type = "infantry"}))
    assert.are.equal(19, st:total("3123", "morale", {class = "combat"}))
    assert.is_true(st:has_artillery("3123"))
    assert.is_false(st:has_artillery("3123", {side = "MEX"}))
    assert.are.equal(4, st:count("3123"))
    assert.are.equal(3, st:count("3123", {class = "combat"}))
    assert.are.same({"tampico"}, st:within("3123", 4, {enemy_of = "US"}))
    assert.are.same({}, st:within("3123", 3, {enemy_of = "US"}))
    assert.are.same({"3123", "3522"}, st:combat_hexes())
    assert.are.same({"3522"}, st:combat_hexes{enemy_of = "US"})
    assert.are.equal("bad argument #1 to 'combat_hexes' (unknown filter 'sides' (side, enemy_of, "
                     .. "class, type))", raised(function() st:combat_hexes{sides = "US"} end))
  end)
end)

describe("facing models against the rulebooks", function()
  local even_q = core.hex.grid{layout = "flat-top", parity = "even-columns-down"}

  it("[rough_and_ready 5.31-5.32] faces a vertex: 2 front, 2 flank, 2 rear", function()
    local st = new("rough_and_ready")
    st:place("5US-1", "3123")
    assert.is_true(st:face("5US-1", "N/NE"))
    assert.are.equal("N/NE", st:facing("5US-1"))
    assert.are.same({front = {"3122", "3223"}, flank = {"3023", "3224"}, rear = {"3024", "3124"}},
                    st:arcs("5US-1"))
    assert.are.equal("flank", st:arc("5US-1", "3224"))
    assert.is_nil(st:arc("5US-1", "3125"))
    assert.are.same({front = {"3122/3123", "3123/3223"}, flank = {"3023/3123", "3123/3224"},
                     rear = {"3024/3123", "3123/3124"}}, st:hexside_arcs("5US-1"))
    assert.are.same({false, "5US-1 faces a vertex under model 'vertex', not a hexside "
                     .. "[rough_and_ready 5.31-5.32]"}, {st:face("5US-1", "N")})
    assert.are.equal("N/NE", st:facing("5US-1"))
    assert.is_true(st:face("5US-1", "toward 3223/3224"))
    assert.are.equal("NE/SE", st:facing("5US-1"))
  end)

  it("[rough_and_ready 5.32] gives artillery 2 front and 4 rear", function()
    local st = new("rough_and_ready")
    st:place("ringgold", "3123")
    st:face("ringgold", "N/NE")
    assert.are.same({front = {"3122", "3223"}, flank = {}, rear = {"3023", "3024", "3124", "3224"}},
                    st:arcs("ringgold"))
  end)

  it("[rough_and_ready 5.43] makes all six hexes of a square frontal", function()
    local st = new("rough_and_ready")
    st:place("5US-1", "3123")
    st:face("5US-1", "S/SW")
    assert.is_true(st:set_model("5US-1", "square"))
    assert.are.same({"3023", "3024", "3122", "3124", "3223", "3224"}, st:arcs("5US-1").front)
    assert.are.equal("square", st:model("5US-1"))
  end)

  it("[gbacw 8.48] puts the wrap-around example's defender in the extended line's front", function()
    local st = new("gbacw", {grid = even_q})
    assert.is_true(st:place("4US", {"3311", "3312"}))
    assert.is_true(st:face("4US", "E"))
    assert.are.same({front = {"3410", "3411", "3412"}, flank = {"3310", "3313"},
                     rear = {"3210", "3211", "3212"}}, st:arcs("4US"))
    -- the 3311 half pivots into 3411; the line now faces SE/S
    assert.is_true(st:place("4US", {"3312", "3411"}))
    assert.is_true(st:face("4US", "SE/S"))
    assert.are.equal("front", st:arc("4US", "3412"))
    -- the defender in 3412 faces west: the attack comes through its front and its flank
    st:place("4L", "3412")
    st:face("4L", "W")
    assert.are.equal("front", st:arc("4L", "3312", true))
    assert.are.equal("flank", st:arc("4L", "3411", true))
  end)

  it("[gbacw 7.34] gives a refused unit a third front hex", function()
    local st = new("gbacw")
    st:place("3US", "3123")
    assert.is_true(st:face("3US", "N/NE", "refused_right"))
    assert.are.same({front = {"3122", "3223", "3224"}, flank = {"3023", "3124"}, rear = {"3024"}},
                    st:arcs("3US"))
    assert.is_true(st:set_model("3US", "refused_left"))
    assert.are.same({front = {"3023", "3122", "3223"}, flank = {"3024", "3224"}, rear = {"3124"}},
                    st:arcs("3US"))
  end)

  it("[gbacw 8.5] gives a March column one front hex and one rear hex", function()
    local st = new("gbacw")
    assert.are.same({false, "3US faces a vertex under model 'vertex', not a hexside "
                     .. "[gbacw 7.11-7.12, 7.31, 8.48 example]"},
                    {st:face("3US", "N")})
    st:place("3US", {"3122", "3123"})
    assert.is_true(st:face("3US", "N", "march"))
    assert.are.same({front = {"3121"}, flank = {"3022", "3023", "3024", "3222", "3223", "3224"},
                     rear = {"3124"}}, st:arcs("3US"))
  end)

  it("[gbacw BV Special Facing] faces La Angostura's hexside, 1532, 1633 and 1732 in front",
     function()
    local st = new("gbacw")
    st:place("4US", "1632")
    assert.is_true(st:face("4US", "S", "angostura"))
    assert.are.same({front = {"1532", "1633", "1732"}, flank = {}, rear = {"1531", "1631", "1731"}},
                    st:arcs("4US"))
  end)

  it("[spi_gbacw 7.0] gives line three frontal and three enfilade hexsides", function()
    local st = new("spi_gbacw", {grid = even_q})
    st:place("10VA", "1040")
    assert.is_true(st:face("10VA", "N"))
    assert.are.same({front = {"0940", "1039", "1140"}, flank = {}, rear = {"0941", "1041", "1141"}},
                    st:arcs("10VA"))
    assert.are.same({false, "10VA faces a hexside under model 'line', not a vertex [spi_gbacw 7.0, "
                     .. "7.22-7.23]"}, {st:face("10VA", "N/NE")})
  end)

  it("[spi_gbacw 7.0] lets mounted cavalry fire through one hexside, always enfiladed", function()
    local st = new("spi_gbacw", {grid = even_q})
    st:place("2VACav", "1040")
    st:face("2VACav", "N")
    assert.are.same({"1039"}, st:arcs("2VACav").front)
    assert.are.equal("front", st:arc("2VACav", "1039"))
    assert.are.equal("rear", st:arc("2VACav", "1039", true))
    assert.are.same({front = {}, flank = {},
                     rear = {"0940", "0941", "1039", "1041", "1140", "1141"}},
                    st:arcs("2VACav", true))
  end)

  it("[battle_of_buena_vista 7.5] gives a double-size counter three front hexsides", function()
    local st = new("battle_of_buena_vista")
    assert.are.same({false, "1/L-a is a brigade and occupies 2 hexes, not 1"},
                    {st:place("1/L-a", "3123")})
    assert.is_true(st:place("1/L-a", {"3123", "3124"}))
    assert.is_true(st:face("1/L-a", "N"))
    assert.are.same({front = {"3023", "3122", "3223"}, flank = {},
                     rear = {"3024", "3025", "3125", "3224", "3225"}}, st:arcs("1/L-a"))
  end)

  it("raises for the arcs of a unit that is not faced", function()
    local st = new("rough_and_ready")
    st:place("5US-1", "3123")
    assert.are.equal("5US-1: the unit has no facing (its model faces a vertex)",
                     raised(st.arcs, st, "5US-1"))
  end)
end)

describe("game.vars", function()
  local st, vars
  before_each(function()
    st = new("rough_and_ready")
    vars = st:vars()
  end)

  it("is one object per store", function()
    assert.are.equal(vars, st:vars())
  end)

  it("holds integers, storing 5.0 as 5 and refusing 5.5", function()
    vars.bl = 5.0
    assert.are.equal(5, vars.bl)
    assert.are.equal("5", tostring(vars.bl))
    assert.are.equal("game.vars.bl: 5.5 is not an integer (the state holds integers only)",
                     raised(function() vars.bl = 5.5 end))
    assert.are.equal(5, vars.bl)
    assert.are.equal("game.vars.big: 9.007199254741e+15 is beyond 2^53 (integers the state holds "
                     .. "on every VM)", raised(function() vars.big = 2^53 + 2 end))
    vars.top = 2^53
    assert.are.equal(2^53, vars.top)
  end)

  it("holds booleans, strings, lists and maps, copied in and out", function()
    local orders = {twiggs = "attack", garland = {"advance", 2}}
    vars.orders = orders
    orders.twiggs = "march"
    assert.are.equal("attack", vars.orders.twiggs)
    local copy = vars.orders
    copy.twiggs = "retreat"
    assert.are.equal("attack", vars.orders.twiggs)
    assert.are.same({twiggs = "attack", garland = {"advance", 2}}, vars.orders)
    assert.are.equal(2, vars:get("orders", "garland", 2))
    vars:set("orders", "garland", 2, 3)
    vars:set("orders", "belknap", false)
    assert.are.same({twiggs = "attack", garland = {"advance", 3}, belknap = false}, vars.orders)
    vars.empty = {}
    assert.are.same({}, vars.empty)
  end)

  it("iterates in sorted key order through keys()", function()
    vars.withdrawal = 15
    vars.BL = 3
    vars.alert = true
    vars.orders = {z = 1, a = 2}
    assert.are.same({"BL", "alert", "orders", "withdrawal"}, vars:keys())
    assert.are.same({"a", "z"}, vars:keys("orders"))
    vars.alert = nil
    assert.are.same({"BL", "orders", "withdrawal"}, vars:keys())
    assert.are.equal("game.vars.BL is not a map", raised(vars.keys, vars, "BL"))
  end)

  it("offers no pairs and no length", function()
    vars.a = 1
    assert.has_error(function() for _ in pairs(vars) do end end)
    assert.has_error(function() return #vars end)
  end)

  it("keeps ids of hexes, units and places", function()
    vars.last = state.id("unit", "5US-1")
    vars.path = {state.id("hex", "3123"), state.id("hex", "3224")}
    assert.are.equal(state.id("unit", "5US-1"), vars.last)
    assert.are.equal("unit", vars.last.kind)
    assert.are.equal("5US-1", tostring(vars.last))
    assert.are.equal("3224", vars.path[2].id)
    assert.are_not.equal("5US-1", vars.last)   -- an id is not a string
    assert.are.equal("game.vars.who: no unit 'nobody'",
                     raised(function() vars.who = state.id("unit", "nobody") end))
    assert.are.equal("game.vars.where: no track space 'saltillo/G'",
                     raised(function() vars.where = state.id("space", "saltillo/G") end))
  end)

  it("refuses what the state cannot hold, with the path, in key order", function()
    assert.are.equal("game.vars.f: the state cannot hold a function",
                     raised(function() vars.f = print end))
    assert.are.equal("game.vars.t: a table mixes list items and map keys",
                     raised(function() vars.t = {1, 2, x = 3} end))
    assert.are.equal("game.vars.t: a list must have keys 1..n, with no holes",
                     raised(function() vars.t = {[1] = 1, [3] = 3} end))
    assert.are.equal("game.vars.t.b: 0.5 is not an integer (the state holds integers only)",
                     raised(function() vars.t = {c = 0.25, b = 0.5, a = 1} end))
    assert.are.equal("game.vars.t[2].x: the state cannot hold a function",
                     raised(function() vars.t = {1, {x = print}} end))
    assert.are.equal("game.vars: 'keys' is a method name, not a variable",
                     raised(function() vars.keys = 1 end))
    local loop = {}
    loop.self = loop
    assert.are.equal("tables nest too deep (more than 32 levels)",
                     raised(function() vars.loop = loop end):gsub("^game%.vars[%.%w]*: ", ""))
    assert.is_nil(vars.t)
  end)
end)

describe("snapshots", function()
  it("copies a store and restores it, keeping its vars object", function()
    local st = new("rough_and_ready")
    local vars = st:vars()
    st:place("5US-1", "3123")
    st:place("5US-2", "3123")
    vars.bl = 3
    local snap = st:copy()
    st:place("5US-1", "3224")
    st:set("5US-1", "morale", 1)
    vars.bl = 4
    assert.are.same({"5US-2", "5US-1"}, snap:stack("3123"))
    assert.are.equal(3, snap:vars().bl)
    st:restore(snap)
    assert.are.same({"5US-2", "5US-1"}, st:stack("3123"))
    assert.are.equal(6, st:get("5US-1", "morale"))
    assert.are.equal(3, vars.bl)
    assert.is_true(st:memory() > 0)
    local other = new("rough_and_ready")
    assert.are.equal("bad argument #1 to 'restore' (a store of another order of battle)",
                     raised(function() st:restore(other) end))
    st:close()
    assert.are.equal("volley.store (closed)", tostring(st))
    assert.has_error(function() st:units() end)
  end)
end)
