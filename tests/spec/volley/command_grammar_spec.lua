-- volley.commands' grammar (issue #37): every command form read through `commands.parse`,
-- bad ones refused with the messages `interpret` gives; command words in any letter case;
-- `clear`, `answers`/`?` and `options` (the optional rules, a query); an answer's text handed
-- through as typed; a rule system's words added with `commands.extend`.
local commands = require "volley.commands"

local function world()
  return {
    units = { { id = "A1", side = "A", where = "hex", at = "0103" },
              { id = "B1", side = "B", where = "hex", at = "1203" } },
    hexes = { "0103", "0203", "0505", "1203" },
    spaces = {},
  }
end

local move = { side = "A", kind = "move", prompt = "move", rule = "[demo 4.2]",
               options = { "A1 0203", "A1 0505", "done" }, default = "done" }

-- cmd, then args, as parse reads a line; or "refused: why"
local function read(line)
  local c, why = commands.parse(line)
  if not c then return "refused: " .. why end
  if c.cmd == "query" then return c.word .. " " .. table.concat(c.args, ",") end
  return c.cmd .. (c.args and #c.args > 0 and (" " .. table.concat(c.args, ",")) or "")
end

describe("volley.commands grammar", function()
  it("reads every command form", function()
    local forms = {
      { "", "skip" }, { "   ", "skip" }, { "# a comment", "skip" },
      { "?", "answers" }, { "answers", "answers" }, { "options", "options " },
      { "help", "help" }, { "help move", "help move" },
      { "quit", "quit" }, { "undo", "undo" }, { "clear", "clear" },
      { "dice force 5", "dice force,5" }, { "dice force 1 6 0", "dice force,1,6,0" },
      { "move A1 0505", "move A1,0505" }, { "move A1 0203 0505", "move A1,0203,0505" },
      { "default", "default" }, { "default all", "default_all all" },
      { "pass", "pass" }, { "done", "done" },
      { "map", "map " }, { "map 0505 2", "map 0505,2" }, { "map all", "map all" },
      { "svg f.svg", "svg f.svg" }, { "show A1", "show A1" }, { "los 0103 1203", "los 0103,1203" },
      { "reach A1", "reach A1" }, { "log", "log " }, { "log 5 rolls", "log 5,rolls" },
      { "rules demo 4.2", "rules demo,4.2" }, { "sources", "sources " }, { "hash", "hash " },
      { "reload", "reload " }, { "lua 1 + 1", "lua 1,+,1" }, { "save f", "save f" },
      { "load f", "load f" },
      { "A1 0505", "answer A1,0505" }, { "fire A1 1203", "answer fire,A1,1203" },
      { "face A1 N/NE", "answer face,A1,N/NE" }, { "activate garland", "answer activate,garland" },
      { "charge A2", "answer charge,A2" }, { "yes", "answer yes" },
      { "default foo", "answer default,foo" }, { "dicey 1", "answer dicey,1" },
    }
    for _, f in ipairs(forms) do assert.are.equal(f[2], read(f[1]), f[1]) end
    -- lua keeps its expression as typed
    assert.are.equal("game.units.A1 ~= nil", commands.parse("lua  game.units.A1 ~= nil ").rest)
  end)

  it("refuses bad forms with interpret's messages", function()
    local bad = {
      { "? x", "? takes no arguments" }, { "answers x", "answers takes no arguments" },
      { "options balance", "options takes no arguments" },
      { "help move fire", "help takes at most one command" },
      { "quit now", "quit takes no arguments" }, { "undo 2", "undo takes no arguments" },
      { "clear all", "clear takes no arguments" },
      { "dice", "dice force <face>... (test mode)" }, { "dice force", "dice force <face>... (test mode)" },
      { "dice roll 5", "dice force <face>... (test mode)" },
      { "dice force 5 x", "dice force: 'x' is not a die face" },
      { "dice force 1234", "dice force: '1234' is not a die face" },
      { "move A1", "move <unit> <hex> [<hex>...]: give a unit and a hex" },
      { "pass 2", "pass takes no arguments" }, { "done now", "done takes no arguments" },
      { "los 0103", "los <hex> <hex>" }, { "map 1 2 3 4 5",
        "map [<hex> [<radius>] | all | <way> [<n>]] [--width <n>]" },
      { "hash x", "hash takes no arguments" }, { "svg", "svg <file>" },
      { "rules", "rules <case> (rules 4.2, rules demo 4.2, rules PA Initial Deployment)" },
    }
    for _, b in ipairs(bad) do
      assert.are.equal("refused: " .. b[2], read(b[1]), b[1])
      -- interpret says the same (with the request's rule where it answers one)
      local why = commands.interpret(b[1], move, world()).why
      assert.are.equal(b[2], (why:gsub(" %[demo 4%.2%]$", "")), b[1])
    end
  end)

  it("reads command and answer words in any letter case, names as typed", function()
    assert.are.equal("move A1,0505", read("MOVE A1 0505"))
    assert.are.equal("move A1,0505", read("Move A1 0505"))
    assert.are.equal("help", read("HELP"))
    assert.are.equal("answer fire,A1,1203", read("FIRE A1 1203"))
    local c = commands.interpret("DEFAULT", move, world())
    assert.are.same({ kind = "answer", value = "done" }, c)
    assert.are.same({ kind = "answer", value = "A1 0505" },
      commands.interpret("Move A1 0505", move, world()))
    assert.are.same({ kind = "answer", value = "done" }, commands.interpret("DONE", move, world()))
    assert.are.equal("print", commands.interpret("HELP MOVE", move, world()).kind)
    assert.are.same(commands.interpret("help move", move, world()),
      commands.interpret("HELP MOVE", move, world()))
    assert.are.same({ kind = "default_all", value = "done" },
      commands.interpret("Default ALL", move, world()))
    -- a unit's id keeps its own matching: a1 is no unit
    assert.are.equal("refused: no unit or leader 'a1' [demo 4.2]",
      "refused: " .. commands.interpret("move a1 0505", move, world()).why)
    assert.are.equal("move", commands.canonical("MOVE"))
    assert.are.equal("A1", commands.canonical("A1"))
  end)

  it("clear answers nothing; ? and answers list the answers; options is a query", function()
    assert.are.same({ kind = "clear" }, commands.interpret("clear", move, world()))
    assert.are.same({ kind = "clear" }, commands.interpret("CLEAR", nil, world()))
    local q = commands.interpret("?", move, world())
    assert.are.equal("print", q.kind)
    assert.are.same(q, commands.interpret("answers", move, world()))
    assert.are.same(q, commands.interpret("Answers", move, world()))
    assert.are.same({ kind = "query", verb = "options", args = {}, rest = "" },
      commands.interpret("options", move, world()))
    assert.are.same({ kind = "query", verb = "options", args = {}, rest = "" },
      commands.interpret("OPTIONS", nil, world()))
  end)

  it("hands an answer's words to the request as typed", function()
    -- a move's facing after its hex goes to the rules (they take or refuse it)
    assert.are.same({ kind = "answer", value = "A1 0505 NE" },
      commands.interpret("move A1 0505 NE", move, world()))
    assert.are.same({ kind = "answer", value = "A1 0203 0505 N/NE" },
      commands.interpret("move 0103 0203 0505 N/NE", move, world()))
    -- words no legal answer matches: as typed
    assert.are.same({ kind = "answer", value = "A1 0505 something else" },
      commands.interpret("A1 0505 something else", move, world()))
  end)

  it("takes a rule system's words (extend): help and the grammar know them", function()
    commands.extend({ answers = { { "volley_test_word", "volley_test_word", "a test word" } },
                      kinds = { { "volley_test_kind", "<x>", "a test kind" } } })
    assert.are.equal("answer volley_test_word,X", read("VOLLEY_TEST_WORD X"))
    assert.matches("a test word", commands.interpret("help volley_test_word", nil, world())
      .lines[1])
    assert.matches("the volley_test_kind request: a test kind",
      commands.interpret("help volley_test_kind", nil, world()).lines[1])
    commands.reset()
    assert.are.equal("answer VOLLEY_TEST_WORD,X", read("VOLLEY_TEST_WORD X"))
  end)
end)
