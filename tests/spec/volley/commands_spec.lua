-- volley.commands: the command language a script (and later the prompt) types to answer the
-- pending request (DESIGN.md Part B "The command line", "Decisions", "Ids and names").
local commands = require "volley.commands"
-- Rough & Ready's words (charge, activate for free_activation ...), as the host adds them when
-- its game is loaded (volley.play.game load_queries)
commands.extend(require "systems.rough_and_ready.words")

-- A world like the demo's after set-up, plus a track for the space names.
local function world()
  return {
    units = {
      { id = "A1", side = "A", where = "hex", at = "0103" },
      { id = "A2", side = "A", where = "hex", at = "0105" },
      { id = "A20", side = "A", where = "hex", at = "0105" },
      { id = "B1", side = "B", where = "hex", at = "1203" },
      { id = "Twiggs", side = "A", where = "space", at = "pike/G" },
    },
    hexes = { "0103", "0105", "0203", "0505", "1203" },
    spaces = { "pike/F", "pike/G", "road/H", "trail/H" },
  }
end

local move = { side = "A", kind = "move", prompt = "move", rule = "[demo 4.2]",
               options = { "A1 0203", "A1 0505", "A2 0203", "done" } }
local react = { side = "A", kind = "react", prompt = "fire or hold", rule = "[demo 5.1]",
                options = { "fire", "hold" } }

local function answer(line, pending)
  local c = commands.interpret(line, pending, world())
  if c.kind == "answer" then return c.value end
  return c.kind .. ": " .. tostring(c.why)
end

describe("volley.commands", function()
  describe("lines that answer nothing", function()
    it("skips blank lines and comments", function()
      assert.are.same({ kind = "skip" }, commands.interpret("   ", move, world()))
      assert.are.same({ kind = "skip" }, commands.interpret("# move A1 0505", move, world()))
    end)

    it("lists the legal answers of a move request by unit", function()
      local c = commands.interpret("?", move, world())
      assert.are.same({ "legal answers to move [demo 4.2]:", "  move A1 0203 0505",
                        "  move A2 0203", "  done",
                        "  (a line is one answer for each hex or facing after its unit: "
                          .. "move A1 0203)" }, c.lines)
      assert.are.same(c, commands.interpret("answers", move, world()))
    end)

    it("lists a move request's other answers as they are typed (face, charge, square)", function()
      local rr = { side = "A", kind = "move", prompt = "move", rule = "[rough_and_ready 5.11]",
                   options = { "A1 0203", "charge A2", "square 0105", "face A1 N/NE",
                               "face A1 NE/SE", "face A20 SE/S", "fire", "done" } }
      local c = commands.interpret("?", rr, world())
      assert.are.same({ "legal answers to move [rough_and_ready 5.11]:", "  move A1 0203",
                        "  charge A2", "  square 0105", "  face A1 N/NE NE/SE",
                        "  face A20 SE/S", "  fire", "  done",
                        "  (a line is one answer for each hex or facing after its unit: "
                          .. "face A1 N/NE)" }, c.lines)
      -- every line's first answer, typed as printed, is taken
      assert.are.equal("charge A2", answer("charge A2", rr))
      assert.are.equal("square 0105", answer("square 0105", rr))
      assert.are.equal("face A1 N/NE", answer("face A1 N/NE", rr))
      -- E/W and any letter case wherever the vertex itself is taken
      assert.are.equal("face A1 NE/SE", answer("face A1 E", rr))
      assert.are.equal("face A1 N/NE", answer("face A1 n/ne", rr))
      assert.are.equal("refused: 'face A1 W' is not a legal answer now (W is SW/NW): face A1 "
        .. "takes N/NE, NE/SE [rough_and_ready 5.11]", answer("face A1 W", rr))
      assert.are.equal("refused: 'face A2 N/NE' is not a legal answer now: face takes A1, A20 "
        .. "[rough_and_ready 5.11]", answer("face A2 N/NE", rr))
      -- an action whose bare word is an answer here: first the word, then the rest
      local fr = { side = "A", kind = "move", prompt = "move", rule = "[rough_and_ready 5.11]",
                   options = { "A1 0203", "fire", "shock", "done" } }
      assert.are.equal("refused: shock first (an answer of this move request), then A1 0505 at "
        .. "the shock request that follows [rough_and_ready 5.11]", answer("shock A1 0505", fr))
      assert.are.equal("shock", answer("shock", fr))
      -- on a flat-top map N is a hexside, no alias of a vertex
      local flat = world()
      flat.layout = "flat-top"
      local c2 = commands.interpret("face A1 N", rr, flat)
      assert.are.equal("'face A1 N' is not a legal answer now: face A1 takes N/NE, NE/SE "
        .. "[rough_and_ready 5.11]", c2.why)
      assert.are.equal("face A1 NE/SE", commands.interpret("face A1 E", rr, flat).value)
    end)

    it("explains the answer words and the pending request's kind with help", function()
      local rr = { side = "A", kind = "artillery", prompt = "guns?",
                   rule = "[rough_and_ready 4.28]", options = { "A1", "all", "done" } }
      for _, word in ipairs({ "charge", "rally", "square", "unsquare", "all", "yes", "no",
                              "fire", "shock" }) do
        local c = commands.interpret("help " .. word, nil, world())
        assert.are.equal("print", c.kind, word)
      end
      assert.are.same({ "  artillery <answer>             answer the pending artillery request "
        .. "(guns?); ? lists its answers; the rule: rules 4.28" },
        commands.interpret("help artillery", rr, world()).lines)
      -- a kind of request not pending: what answers it and its case (KIND_HELP)
      assert.are.same({ "  yes | no                       the counter_charge request: "
        .. "mounted cavalry in the hex a charge comes at may counter-charge: a roll against its "
        .. "Adjusted Morale; passed, the charge loses its bonus; failed, the counter-chargers "
        .. "fall back Disordered (Rough & Ready: rules 6.44)" },
        commands.interpret("help counter_charge", rr, world()).lines)
      assert.matches("^  <gun> | all | done +the artillery request: ",
        commands.interpret("help artillery", nil, world()).lines[1])
      assert.are.equal("no command 'artilery' (help lists them)",
        commands.interpret("help artilery", nil, world()).why)
    end)

    it("prints help for every command, or one", function()
      local c = commands.interpret("help", move, world())
      assert.are.equal("print", c.kind)
      assert.is_true(#c.lines > #commands.HELP)
      assert.are.same({ string.format("  %-30s %s", "quit", "stop here (with --save the game "
        .. "is saved); leave volley") }, commands.interpret("help quit", move, world()).lines)
      assert.are.equal("no command 'frob' (help lists them)",
        commands.interpret("help frob", move, world()).why)
    end)

    it("hands the prompt's queries to the driver, with their words", function()
      assert.are.same({ kind = "query", verb = "los", args = { "0101", "0203" },
                        rest = "0101 0203" }, commands.interpret("los 0101 0203", move, world()))
      assert.are.same({ kind = "query", verb = "lua", args = { "game.units.A1", "~=", "nil" },
                        rest = "game.units.A1 ~= nil" },
                      commands.interpret("lua game.units.A1 ~= nil", nil, world()))
      assert.are.equal("los <hex> <hex>", commands.interpret("los 0101", move, world()).why)
      -- a rule case may be several words (rules_index_spec has the lookups)
      assert.are.same({ kind = "query", verb = "rules",
                        args = { "rough_and_ready", "PA", "Initial", "Deployment" },
                        rest = "rough_and_ready PA Initial Deployment" },
                      commands.interpret("rules rough_and_ready PA Initial Deployment", nil,
                        world()))
      assert.are.equal("rules <case> (rules 4.2, rules demo 4.2, rules PA Initial Deployment)",
        commands.interpret("rules", nil, world()).why)
      assert.are.equal("map [<hex> [<radius>] | all | <way> [<n>]] [--width <n>]",
        commands.interpret("map 0101 2 3 4 5", nil, world()).why)
    end)

    it("explains every prompt command DESIGN.md lists with help <cmd>", function()
      for _, word in ipairs({ "help", "options", "?", "map", "svg", "show", "los", "reach",
                              "move", "face", "fire", "shock", "pass", "done", "undo", "save",
                              "load", "log", "dice", "rules", "sources", "reload", "lua",
                              "quit" }) do
        local c = commands.interpret("help " .. word, move, world())
        assert.are.equal("print", c.kind, word)
        assert.are.equal(1, #c.lines, word)
      end
    end)

    it("refuses an action word for another kind of request, citing its rule", function()
      assert.are.equal("fire answers a fire request; A is asked move [demo 4.2]",
        commands.interpret("fire A1 B1", move, world()).why)
    end)

    it("recognises quit, undo and dice force for the driver", function()
      assert.are.same({ kind = "quit" }, commands.interpret("quit", move, world()))
      assert.are.same({ kind = "undo" }, commands.interpret("undo", move, world()))
      assert.are.same({ kind = "dice", faces = { 6, 1 } },
        commands.interpret("dice force 6 1", move, world()))
      assert.are.equal("dice force: 'x' is not a die face",
        commands.interpret("dice force x", move, world()).why)
    end)
  end)

  describe("move [DESIGN 'Decisions']", function()
    it("answers with the canonical '<unit> <hex>'", function()
      assert.are.equal("A1 0505", answer("move A1 0505", move))
    end)

    it("takes the hex where the one unit of the side to act stands", function()
      assert.are.equal("A1 0505", answer("move 0103 0505", move))
    end)

    it("refuses a hex holding two of the side's units, naming them", function()
      assert.are.equal("refused: 2 units of A at 0105 (A2, A20): name one [demo 4.2]",
        answer("move 0105 0203", move))
    end)

    it("refuses a hex holding none of the side's units", function()
      assert.are.equal("refused: no unit of A at 1203 [demo 4.2]", answer("move 1203 0203", move))
    end)

    it("takes a unique prefix and refuses an ambiguous one", function()
      assert.are.equal("Twiggs 0203", answer("move Tw 0203", move))
      assert.are.equal("refused: 'A' is ambiguous (A1, A2, A20) [demo 4.2]", answer("move A 0203", move))
    end)

    it("prefers an exact id to a prefix", function()
      assert.are.equal("A2 0203", answer("move A2 0203", move))
    end)

    it("takes a unit on a track space, qualified or not when one track has it", function()
      assert.are.equal("Twiggs 0505", answer("move pike/G 0505", move))
      assert.are.equal("Twiggs 0505", answer("move G 0505", move))
      assert.are.equal("refused: H is a space of 2 tracks (road/H, trail/H): qualify it [demo 4.2]",
        answer("move A1 H", move))
    end)

    it("passes an explicit path on for the rules to judge", function()
      assert.are.equal("A1 0203 0505", answer("move A1 0203 0505", move))
    end)

    it("refuses a hex off the map and a missing destination", function()
      assert.are.equal("refused: '9999' is not a hex of the map or a track space [demo 4.2]",
        answer("move A1 9999", move))
      assert.are.equal("refused: move <unit> <hex> [<hex>...]: give a unit and a hex [demo 4.2]",
        answer("move A1", move))
      assert.are.equal("refused: no unit or leader 'Z9' [demo 4.2]", answer("move Z9 0505", move))
    end)

    it("is refused for another kind of request", function()
      assert.are.equal("refused: move answers a move request; A is asked react [demo 5.1]",
        answer("move A1 0505", react))
    end)
  end)

  describe("other answers", function()
    it("takes an answer as listed, and done and pass as words", function()
      assert.are.equal("A1 0505", answer("A1 0505", move))
      assert.are.equal("done", answer("done", move))
      assert.are.equal("pass", answer("pass", react))
      assert.are.equal("refused: done takes no arguments [demo 4.2]", answer("done now", move))
    end)

    it("takes a unique prefix of a legal answer", function()
      assert.are.equal("fire", answer("f", react))
      assert.are.equal("hold", answer("ho", react))
    end)

    it("never lets a prefix add a word: `charge` alone is not `charge May`", function()
      local r = { side = "A", kind = "move", prompt = "?", rule = "[x 1]",
                  options = { "charge May", "done", "stay put" } }
      assert.are.equal("refused: 'charge' leaves out a word: the answer is 'charge May' (type "
        .. "it whole) [x 1]", answer("charge", r))
      assert.are.equal("refused: 'ch' leaves out a word: the answer is 'charge May' (type "
        .. "it whole) [x 1]", answer("ch", r))
      assert.are.equal("charge May", answer("charge Ma", r))     -- the last word completed
      assert.are.equal("stay put", answer("stay p", r))
    end)

    it("refuses a prefix of several answers", function()
      local r = { side = "A", kind = "order", prompt = "?", rule = "[x 1]",
                  options = { "attack", "advance" } }
      assert.are.equal("refused: 'a' is ambiguous (attack, advance) [x 1]", answer("a", r))
    end)

    it("reads yes and no for a yes-or-no request, and integers", function()
      local yn = { side = "A", kind = "yes-no", prompt = "?", rule = "[x 2]",
                   options = { true, false } }
      assert.are.equal(true, answer("yes", yn))
      assert.are.equal(false, answer("No", yn))
      local n = { side = "A", kind = "retreat", prompt = "?", rule = "[x 3]", options = { 1, 2, 3 } }
      assert.are.equal(2, answer("2", n))
    end)

    it("resolves a name to the legal answer it means", function()
      local act = { side = "A", kind = "activate", prompt = "?", rule = "[x 4]",
                    options = { "A1", "Twiggs" } }
      assert.are.equal("A1", answer("0103", act))
      local place = { side = "A", kind = "setup", prompt = "?", rule = "[x 5]",
                      options = { "0105", "pike/F" } }
      assert.are.equal("pike/F", answer("F", place))
    end)

    it("sends what matches nothing as typed, for the rules to take or refuse", function()
      assert.are.equal("charge", answer("charge", react))
    end)

    it("refuses an answer when nothing is asked", function()
      assert.are.equal("refused: nothing is asked now", answer("fire", nil))
    end)

    it("answers default with the request's default, and refuses it when there is none", function()
      local placed = { side = "A", kind = "place", prompt = "set up A1: 0103 or 0105",
                       rule = "[demo 3.1]", options = { "0103", "0105" }, default = "0105" }
      assert.are.equal("0105", answer("default", placed))
      assert.are.equal("refused: this request has no default [demo 4.2]", answer("default", move))
    end)
  end)

  describe("facing", function()
    local face = { side = "A", kind = "face", prompt = "face A1 in 0103", rule = "[demo 3.1]",
                   options = { "N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N" } }

    it("takes the unit the request is about before the facing word", function()
      assert.are.equal("SW/NW", answer("face A1 SW/NW", face))
      assert.are.equal("SW/NW", answer("face SW/NW", face))
    end)

    it("refuses another unit, saying whose facing is asked", function()
      assert.are.equal("refused: this face request is not A2's: face A1 in 0103 [demo 3.1]",
        answer("face A2 SW/NW", face))
    end)

    it("reads E and W as the vertices of a flat-top map (DESIGN.md Ids and names)", function()
      assert.are.equal("NE/SE", answer("face A1 E", face))
      assert.are.equal("SW/NW", answer("W", face))
    end)

    describe("toward <hex>[/<hex>] (DESIGN.md Ids and names), read by the host", function()
      -- the host's reading for A1 in 0103 (volley.queries.facing), faked: 0102 is its N
      -- neighbour, 0202 its NE one
      local function towards()
        local n = world()
        n.facing = function(unit, text)
          local t = ({ ["toward 0102/0202"] = { "N/NE", "vertex" },
                       ["toward 0102"] = { "N", "hexside" } })[text]
          if unit == "A1" and t then return t[1], t[2] end
          return nil, "invalid facing '" .. text .. "': the two hexes do not meet at a vertex "
            .. "of 0103"
        end
        return n
      end
      local function say(line, pending)
        local c = commands.interpret(line, pending, towards())
        if c.kind == "answer" then return c.value end
        return c.kind .. ": " .. tostring(c.why)
      end
      local rr = { side = "A", kind = "move", prompt = "move", rule = "[rough_and_ready 5.11]",
                   options = { "A1 0203", "face A1 N/NE", "face A1 NE/SE", "done" } }

      it("as the vertex it names, at a face request and as a move request's turn", function()
        assert.are.equal("N/NE", say("toward 0102/0202", face))
        assert.are.equal("N/NE", say("face A1 toward 0102/0202", face))
        assert.are.equal("face A1 N/NE", say("face A1 toward 0102/0202", rr))
        assert.are.equal("face A1 N/NE", say("face A1 TOWARD 0102/0202", rr))
      end)

      it("refuses what names nothing, and a hexside where the unit faces a vertex", function()
        assert.are.equal("refused: invalid facing 'toward 0105/0203': the two hexes do not "
          .. "meet at a vertex of 0103 [demo 3.1]", say("toward 0105/0203", face))
        assert.are.equal("refused: toward 0102 names the hexside N of A1's hex, and A1 faces "
          .. "a vertex: toward <hex>/<hex> names the vertex between two of its neighbours "
          .. "[rough_and_ready 5.11]", say("face A1 toward 0102", rr))
        assert.are.equal("refused: toward <hex> or toward <hex>/<hex>: one word after toward "
          .. "[demo 3.1]", say("toward 0102 0202", face))
        assert.are.equal("refused: toward 0103/0102: 0103 is A1's own hex; toward names a "
          .. "neighbour (or the vertex between two) [demo 3.1]", say("toward 0103/0102", face))
        -- the unit named at its own face request: the same reason
        assert.are.equal("refused: toward 0102 names the hexside N of A1's hex, and A1 faces "
          .. "a vertex: toward <hex>/<hex> names the vertex between two of its neighbours "
          .. "[demo 3.1]", say("face A1 toward 0102", face))
        assert.are.equal("refused: toward names a facing; A is asked move [demo 4.2]",
          say("toward 0102", move))
        assert.are.equal("refused: toward <hex>: type face <unit> toward <hex> to turn a unit "
          .. "[rough_and_ready 5.11]", say("toward 0102/0202", rr))
        assert.are.equal("refused: toward names a facing; A is asked react [demo 5.1]",
          say("toward 0102/0202", react))
        -- another unit's facing at A1's face request, whatever its geometry
        assert.are.equal("refused: this face request is not A2's: face A1 in 0103 [demo 3.1]",
          say("face A2 toward 0102/0202", face))
        -- a unit name that resolves to none
        assert.are.equal("refused: 'A' is ambiguous (A1, A2, A20) [rough_and_ready 5.11]",
          say("face A toward 0102/0202", rr))
        -- a hexside word is not the start of a vertex
        assert.are.equal("refused: 'NE' names a hexside, and the answers are vertices: type "
          .. "the vertex whole (NE/SE) [demo 3.1]", say("NE", face))
        assert.are.equal("N/NE", say("face toward 0102/0202", face))
      end)

      it("a hexside where hexsides are the answers (SPI faces hexsides)", function()
        local spi = { side = "A", kind = "face", prompt = "face A1 in 0103", rule = "[spi 6.1]",
                      options = { "N", "NE", "SE", "S", "SW", "NW" } }
        assert.are.equal("N", say("toward 0102", spi))
      end)
    end)
  end)

  describe("a request's word, a mistyped word, a battery's guns", function()
    local free = { side = "A", kind = "free_activation", prompt = "?", rule = "[x 4.1]",
                   options = { "belknap", "twiggs", "pass" } }
    local act = { side = "B", kind = "activate", prompt = "?", rule = "[x 3.11]",
                  options = { "garcia", "1203" } }

    it("activate X answers an activate or free activation request as X does", function()
      assert.are.equal("belknap", answer("activate belknap", free))
      assert.are.equal("twiggs", answer("activate tw", free))
      assert.are.equal("belknap", answer("belknap", free))
      -- a hex stays a hex: 1203 is B1's hex and a hex of independents asked for
      assert.are.equal("1203", answer("activate 1203", act))
      assert.are.equal("1203", answer("1203", act))
      assert.are.equal("refused: activate answers the activate and the free_activation "
        .. "requests; A is asked move [demo 4.2]", answer("activate belknap", move))
    end)

    it("a first word that means nothing here, one edit from a command or answer word: did "
      .. "you mean", function()
      assert.are.equal("refused: 'mvoe' is not a command or a unit here; did you mean 'move'? "
        .. "[demo 4.2]", answer("mvoe A1 0505", move))
      assert.are.equal("refused: 'dnoe' is not a command or a unit here; did you mean 'done'? "
        .. "[demo 4.2]", answer("dnoe", move))
      assert.are.equal("refused: 'twigs' is not an answer or a unit here; did you mean "
        .. "'twiggs'? [x 4.1]", answer("activate twigs", free))
      -- two words as near (log, load), nothing near, a unit, a hex: as typed, to the rules
      assert.are.equal("lod", answer("lod", react))
      assert.are.equal("xyzzy 0505", answer("xyzzy 0505", move))
      assert.are.equal("A2 0505", answer("A2 0505", move))
      assert.are.equal("0506", answer("0506", react))
    end)

    it("a battery's prefix names the guns of one answer combining (docs/shell.md)", function()
      local n = world()
      for k = 1, 3 do
        n.units[#n.units + 1] = { id = "C3US-" .. k, side = "A", where = "hex", at = "0203" }
      end
      local fire = { side = "A", kind = "fire", prompt = "?", rule = "[x 6.22]",
                     options = { "C3US-1 1203", "C3US-2 1203", "C3US-3 1203",
                                 "C3US-1+C3US-2+C3US-3 1203", "done" } }
      local function say(line, pending)
        local c = commands.interpret(line, pending, n)
        return c.kind == "answer" and c.value or (c.kind .. ": " .. tostring(c.why))
      end
      assert.are.equal("C3US-1+C3US-2+C3US-3 1203", say("C3US 1203", fire))
      assert.are.equal("C3US-1+C3US-2+C3US-3 1203", say("fire C3US 1203", fire))
      -- not every gun the prefix names in one answer, or no separator after it: as typed
      fire.options = { "C3US-1+C3US-2 1203", "done" }
      assert.are.equal("C3US 1203", say("C3US 1203", fire))
      fire.options = { "C3US-1+C3US-2+C3US-3 1203", "done" }
      assert.are.equal("C3U 1203", say("C3U 1203", fire))
      assert.are.equal("C3US 0505", say("C3US 0505", fire))
    end)
  end)
end)
