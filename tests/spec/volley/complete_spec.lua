-- volley.complete: what Tab offers at the prompt (docs/shell.md "At a terminal").
local complete = require "volley.complete"

-- Names as the view sees them (volley.queries.names): a hidden unit is not among them.
local names = {
  units = {
    { id = "A1", side = "A", where = "hex", at = "0103" },
    { id = "A2", side = "A", where = "hex", at = "0105" },
    { id = "Lee", side = "A", where = "hex", at = "0105" },
    { id = "B1", side = "B", where = "hex", at = "1203" },
  },
  hexes = { "0103", "0105", "0203", "0505", "1203" },
  spaces = { "pike/G" },
}
local move = { side = "A", kind = "move",
               options = { "A1 0203", "A1 0505", "A2 0203", "done" } }
local face = { side = "A", kind = "face", options = { "N", "NE", "SE", "S", "SW", "NW" } }
local place = { side = "A", kind = "place", options = { "3014", "3015" } }

local function c(line, pending)
  return complete.candidates(line, { pending = pending, names = names })
end

describe("volley.complete", function()
  it("completes the commands, the request's kind and its one-word answers first", function()
    assert.same({ "move" }, c("mo", move))
    assert.same({ "default", "dice", "done" }, c("d", move))
    assert.same({ "3014", "3015" }, c("30", place))
    assert.same({ "load", "log", "los", "lua" }, c("l", nil))
  end)

  it("offers a move's units, then the hexes that unit may reach now", function()
    assert.same({ "A1", "A2" }, c("move ", move))        -- not done, not Lee (no move)
    assert.same({ "0203", "0505" }, c("move A1 ", move))
    assert.same({ "0505" }, c("move A1 05", move))
    assert.same({ "0203" }, c("move A2 ", move))
    assert.same({ "0203", "0505" }, c("move 0103 ", move))  -- a unit named by its hex
    assert.same({ "0203", "0505" }, c("move A1 0203 ", move))  -- a path's later hexes
    assert.same({ "0203", "0505" }, c("A1 ", move))          -- the answer typed whole
  end)

  it("offers the side's units and the facing words to face", function()
    assert.same({ "A1", "A2", "Lee", "N", "NE", "NW", "S", "SE", "SW" }, c("face ", face))
    assert.same({ "N", "NE", "NW" }, c("face A1 N", face))
    assert.same({ "S", "SE", "SW" }, c("face A1 S", face))
    assert.same({}, c("face A1 ", move))                    -- nobody is asked to face
    assert.same({ "toward" }, c("face A1 t", face))
  end)

  it("offers a move request's turns after face (its answers face <unit> <vertex>)", function()
    local rr = { side = "A", kind = "move",
                 options = { "A1 0203", "face A1 N/NE", "face A1 NE/SE", "face A2 SE/S", "done" } }
    assert.same({ "A1", "A2" }, c("face ", rr))
    assert.same({ "N/NE", "NE/SE", "toward" }, c("face A1 ", rr))
    assert.same({ "NE/SE" }, c("face A1 NE", rr))
  end)

  it("offers what the queries take", function()
    assert.same({ "A1", "A2", "B1", "Lee" }, c("reach ", move))
    assert.same({ "0103", "0105" }, c("los 01", move))
    assert.same({ "0203" }, c("los 0103 02", move))
    assert.same({ "pike/G" }, c("show p", move))
    assert.same({ "rolls" }, c("log 5 ", move))
    assert.same({ "force" }, c("dice ", move))
    assert.same({ "quit" }, c("help q", move))
    assert.same({}, c("save ", move))
  end)

  it("offers nothing after the game, but the commands", function()
    assert.same({}, c("move ", nil))
    assert.same({ "map", "move" }, c("m", nil))
  end)
end)
