-- A Rough & Ready game from a start state (docs/rough_and_ready.md "Start states"):
-- tests/data/rr/start.ini, the fixture battle after three activations, Garland's last, with
-- Hits, a Disordered unit, an eliminated one and the US OC marked OC Moved. Played through
-- volley.session as `volley play` plays it, with forced dice; and every value Rough & Ready
-- lets a start state set, refused where its rules say no.
local game = require "volley.game"
local rr = require "support.rr"

local START = "tests/data/rr/start.ini"

-- A copy of the fixture folder with its own start.state (the lines given), for the cases.
local function with_start(lines)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir .. " && cp tests/data/rr/*.ini " .. dir))
  local f = assert(io.open(dir .. "/start.state", "w"))
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  return dir .. "/start.ini", dir
end

local function remove(dir)
  os.execute("rm -rf " .. dir)
end

-- The error game.open raises for a start state of these lines, without the folder.
local function refusal(lines)
  local file, dir = with_start(lines)
  local ok, err = pcall(game.open, file)
  remove(dir)
  assert.is_false(ok, "accepted: " .. table.concat(lines, " / "))
  return (tostring(err):gsub("^.*/start%.state:", "start.state:"))
end

describe("Rough & Ready: a start state", function()
  it("starts the game as stated: Hits, Disorder, an eliminated unit, a unit moved", function()
    local g = game.open(START)
    assert.are.equal(1, g.store:marker("4US-1", "hits"))
    assert.are.equal(1, g.store:marker("4US-1", "disordered"))
    assert.are.equal("eliminated", (g.store:where("8US-2")))
    assert.are.same({ "8US-1" }, require("systems.rough_and_ready.command").units_of(g, "belknap"))
    local kind, hex = g.store:where("4L-2")
    assert.are.equal("hex", kind)
    assert.are.equal("0507", hex)
    assert.are.equal("N/NE", g.store:facing("4L-2"))
    assert.are.equal(2, g.store:marker("4L-2", "hits"))
    -- the set-up no longer asks 4L-2's facing: the start state gave it
    for _, f in ipairs(g.setup.facings) do assert.are_not.equal("4L-2", f.unit) end
    -- the chain's values, completed
    assert.are.equal("US", g.vars.play)
    assert.are.equal("roll", g.vars.mode)
    assert.are.equal(3, g.vars.count)
    assert.are.same({ side = "US", kind = "command", target = "garland", leader = "Garland",
                      units = { "4US-1", "4US-2" } }, g.vars.last)
    assert.are.equal(3, g.vars:get("oc_moved", "US"))
    g.store:close()
  end)

  it("goes on with the chain: the US rolls for another command, no Leadership (OC Moved), then MEX",
    function()
      -- on a game without the start state the US opens (any command, no roll): here Garland's
      -- went last, so only Belknap's may go [rough_and_ready 4.1], and Taylor, OC Moved, adds
      -- no Leadership [rough_and_ready 4.26]; the roll (9 against 5) fails and play passes
      local rec = rr.session(START, { seed = 1, dice = { 9 } }, { "belknap" })
      local first = rec.requests[1]
      for _, r in ipairs(rec.requests) do
        if r.kind ~= "face" then
          first = r
          break
        end
      end
      assert.are.same({ side = "US", kind = "activate", options = { "belknap" },
                        answer = "belknap" }, first)
      for _, r in ipairs(rec.requests) do assert.are_not.equal("leadership", r.kind) end
      assert.are.equal(1, #rr.told(rec, "no Leadership for Belknap's roll: Taylor is marked OC Moved"))
      assert.are.equal(1, #rr.told(rec, "Taylor's OC Moved marker is removed"))
      assert.are.same({ side = "MEX", kind = "free_activation", options = { "canales", "garcia",
        "vega", "pass" }, rule = "[rough_and_ready 3.11, 3.23, 4.1]" },
        { side = rec.pending.side, kind = rec.pending.kind, options = rec.pending.options,
          rule = rec.pending.rule })
    end)

  it("starts where play and mode say: MEX receiving play after a failed roll", function()
    local file, dir = with_start({
      "var last.side \"US\"", "var last.target \"garland\"",
      "var play \"MEX\"", "var mode \"free\"" })
    local rec = rr.session(file, { seed = 1 }, {})
    remove(dir)
    assert.are.equal("MEX", rec.pending.side)
    assert.are.equal("free_activation", rec.pending.kind)
  end)

  it("is the state a dump of it writes: the dump read back gives the same state", function()
    local g = game.open(START)
    g:setup_defaults()
    local dump = g.store:serialize()
    g.store:close()
    local lines = {}
    for l in dump:gmatch("[^\n]+") do lines[#lines + 1] = l end
    local file, dir = with_start(lines)
    local again = game.open(file)
    again:setup_defaults()
    assert.are.equal(dump, again.store:serialize())
    again.store:close()
    remove(dir)
  end)

  it("reads back a dump of a game between two activations", function()
    -- the fixture set up at its defaults, then Garland's opening activation played out: the
    -- dump at the next select is the start state of a game in the same state (its cursor and
    -- dice lines skipped)
    local g = game.open("tests/data/rr")
    g:setup_defaults()
    g.setup = { choices = {}, facings = {} }
    local rec = rr.play(g, { "garland" })
    assert.are.equal("activate", rec.pending.kind)
    local dump = g.store:serialize()
    g.store:close()
    assert.truthy(dump:find("\nvar last.target \"garland\"\n"))
    local lines = {}
    for l in dump:gmatch("[^\n]+") do lines[#lines + 1] = l end
    local file, dir = with_start(lines)
    local again = game.open(file)
    remove(dir)
    local function state(text)
      return (text:gsub("cursor [^\n]*\n", ""):gsub("dice [^\n]*\n", ""))
    end
    assert.are.equal(state(dump), state(again.store:serialize()))
    again.store:close()
  end)

  it("refuses what the rules forbid, at its line", function()
    local cases = {
      { { "unit 4US-1 markers hits=7" }, "start.state:1: 4US-1: 7 Hits exceed its Morale 6: it "
        .. "would be eliminated (give it the location 'eliminated') [rough_and_ready 6.54]" },
      { { "unit Garland markers hits=1" }, "start.state:1: a leader carries no hits marker "
        .. "[rough_and_ready 2.23]" },
      { { "unit Garland markers oc_moved=1" }, "start.state:1: Garland is not an Overall "
        .. "Commander: only he carries OC Moved [rough_and_ready 4.26]" },
      { { "unit 4US-1 markers out_of_command=1" }, "start.state:1: out_of_command is set as a "
        .. "command activates and cleared when it ends: a start state begins between "
        .. "activations [rough_and_ready 4.23]" },
      { { "unit 4US-1 markers square=1" }, "start.state:1: a square is 2 or 3 units of one "
        .. "regiment stacked together, not 1 [rough_and_ready 5.42]" },
      { { "unit RANCH-1 markers square=1" }, "start.state:1: RANCH-1 is not regular infantry: "
        .. "it forms no square [rough_and_ready 5.41]" },
      { { "unit 4US-1 model square" }, "start.state:1: 4US-1 has the model square without the "
        .. "square marker: give markers square=1 [rough_and_ready 5.42]" },
      { { "unit 8US-2 eliminated markers disordered=1" }, "start.state:1: 8US-2 is not on the "
        .. "map: it carries no markers" },
      { { "unit 4US-1 markers out_of_ammo=1" }, "start.state:1: 4US-1 is not a gun: only guns "
        .. "run out of ammunition [rough_and_ready PA Mexican Ammunition]" },
      { { "; a comment", "unit 4US-2 hex 0302 facing N/NE", "unit 4US-1 facing S/SW" },
        "start.state:3: 4US-1 faces S/SW but 4US-2 in 0302 faces N/NE: stacked units face "
        .. "alike [rough_and_ready 5.27]" },
      { { "unit 8US-1 hex 0802 facing N/NE", "unit 4US-1 hex 0802 facing N/NE" },
        "start.state:2: cannot stand 4US-1 in 0802: 0802 would hold infantry or cavalry of 2 "
        .. "commands (up to 3 stack only when of one command) [rough_and_ready 5.21]" },
      { { "var last.target \"garland\"" }, "start.state:1: var last: last.side is missing (the "
        .. "side that went)" },
      { { "var last.side \"US\"", "var last.target \"US\"" }, "start.state:1: var last: US is "
        .. "US's army, led by its Overall Commander: never activated [rough_and_ready E10]" },
      { { "var last.side \"US\"", "var last.target \"vega\"" }, "start.state:1: var last: "
        .. "'vega' is neither a command of US nor a hex of its independents [rough_and_ready "
        .. "3.11, 3.22]" },
      { { "var last.side \"US\"", "var last.target \"garland\"", "var last.leader \"Taylor\"" },
        "start.state:1: var last: last.leader Taylor: garland is led by Garland" },
      { { "var play \"XX\"" }, "start.state:1: var play: XX is not a side (US, MEX)" },
      { { "var mode \"fly\"" }, "start.state:1: var mode: 'fly' is not a mode (open, roll, free, "
        .. "after_pass)" },
      { { "var count -1" }, "start.state:1: var count: -1 is not a number of activations (an "
        .. "integer, 0 or more)" },
      { { "var artillery_used.US[1] \"4US-1\"" }, "start.state:1: var artillery_used: US: [1] "
        .. "4US-1 is neither a gun nor a wagon [rough_and_ready 4.28, 7.0]" },
      { { "var artillery_used.US[1] \"M8\"" }, "start.state:1: var artillery_used: US: [1] M8 "
        .. "is side MEX's, not US's" },
      { { "var units_used.US[1] \"4US-1\"" }, "start.state:1: var units_used: US: [1] 4US-1 has "
        .. "no second command [rough_and_ready PA note d]" },
      { { "var oc_moved.MEX 1" }, "start.state:1: oc_moved.MEX: no Overall Commander of MEX "
        .. "carries the oc_moved marker (give it on his unit line: markers oc_moved=1) "
        .. "[rough_and_ready 4.26]" },
      { { "var last.side \"US\"", "var last.target \"garland\"", "var count 0" },
        "start.state:3: count is 0 but an activation went last" },
      { { "var last.side \"US\"", "var last.target \"garland\"", "var mode \"open\"" },
        "start.state:3: mode open is the game's first activation, not one after garland" },
      { { "var activation.n 3" }, "start.state:1: var activation: an activation under way is no "
        .. "start state: a game starts between two activations (give last, the one that "
        .. "ended) [rough_and_ready 3.11]" },
      { { "var winner \"US\"" }, "start.state:1: var winner: a game starts undecided "
        .. "[rough_and_ready 8.0]" },
      { { "var moved[1] \"4US-1\"" }, "start.state:1: unknown value 'moved' of system "
        .. "rough_and_ready (a start state may set: last, play, mode, count, artillery_used, "
        .. "oc_moved, streak, units_used, battle, withdrawals)" },
    }
    for _, c in ipairs(cases) do assert.are.equal(c[2], refusal(c[1])) end
  end)

  it("accepts a square, and gives its units the square model", function()
    -- the fixture's Garland and Belknap infantry are of the 4US and 8US regiments: 4US-2
    -- joins 4US-1 in 0302, and both form the square
    local file, dir = with_start({ "unit 4US-2 hex 0302 markers square=1",
                                   "unit 4US-1 markers square=1" })
    local g = game.open(file)
    remove(dir)
    assert.are.equal("square", g.store:model("4US-1"))
    assert.are.equal("square", g.store:model("4US-2"))
    g.store:close()
  end)
end)
