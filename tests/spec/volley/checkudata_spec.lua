-- The C side checks a method's userdata by a light tag its type's metatable keeps
-- (lua_compat.h vl_checkudata; docs/performance.md, session 11) instead of looking the type up
-- by name at every call: a value of another type is refused as luaL_checkudata refused it,
-- before and after the tag is set, and a value of the type is taken.
local game = require "volley.game"

local function refuses(fn, ...)
  local ok, err = pcall(fn, ...)
  assert.is_false(ok)
  return tostring(err)
end

describe("a userdata's type check (vl_checkudata)", function()
  local g = game.open("rough-and-ready/palo-alto")
  local store, map, move = g.store, g.map, g.move

  it("takes the store, the map and the move graph as themselves", function()
    assert.are.equal("hex", (store:where(store:units{}[1])))
    assert.is_true(map:contains("3016"))
    assert.is_table(move:reach_places("3016", { class = "inf", ma = 2, prohibited = {},
                                                 must_stop = {}, no_road = {} }))
  end)

  it("refuses another type's userdata, a table, a file and nil, after the tag is set", function()
    local where, contains = store.where, map.contains
    for _ = 1, 2 do
      assert.matches("volley.store expected", refuses(where, map, "x"), 1, true)
      assert.matches("volley.store expected", refuses(where, move, "x"), 1, true)
      assert.matches("volley.store expected", refuses(where, setmetatable({}, getmetatable(map)),
        "x"), 1, true)
      assert.matches("volley.store expected", refuses(where, io.stdout, "x"), 1, true)
      assert.matches("volley.store expected", refuses(where, nil, "x"), 1, true)
      assert.matches("volley.map expected", refuses(contains, store, "3016"), 1, true)
      assert.is_true(contains(map, "3016"))
    end
  end)
end)
