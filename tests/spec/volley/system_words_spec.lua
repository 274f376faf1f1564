-- A rule system's words in the command language (issue 37, rest37): Rough & Ready declares
-- them (systems.rough_and_ready.words, its system table's `words`), the host adds them with
-- `commands.extend` when the game is loaded, and help's footer names the words registered,
-- not a fixed list. On the main of 7 Dec 2026 these fail: its words were built into
-- volley.commands (`help charge` answered with no system loaded) and `reset` did not exist.
local commands = require "volley.commands"

local function footer()
  local lines = commands.help_lines(nil, nil)
  for _, l in ipairs(lines) do
    if l:find("^answer words") then return l end
  end
end

local names = { units = { { id = "Twiggs", side = "US", at = "3015" } }, hexes = { "3015" } }
local free = { side = "US", kind = "free_activation", prompt = "activate any command",
               rule = "[rough_and_ready 3.23]", options = { "belknap", "garland", "pass" } }

describe("a rule system's words", function()
  after_each(function() commands.reset() end)

  it("are not built into the command language", function()
    commands.reset()
    assert.are.equal("answer words (help <word>): yes, no; help <kind> explains the pending "
      .. "request", footer())
    assert.are.same({ kind = "refused", why = "no command 'charge' (help lists them)" },
      commands.interpret("help charge", nil, names))
    assert.is_nil(commands.KIND_WORDS.activate)
    assert.is_nil(commands.MOVE_VERBS.charge)
    -- `activate garland` at a free_activation: not a word of that request without the system
    assert.are.same({ kind = "answer", value = "activate garland" },
      commands.interpret("activate garland", free, names))
  end)

  it("come from the system's table, and extend adds them", function()
    local rr = require "systems.rough_and_ready"
    assert.are.equal(require("systems.rough_and_ready.words"), rr.words)
    commands.extend(rr.words)
    assert.are.equal("answer words (help <word>): charge, rally, square, unsquare, all, yes, "
      .. "no; help <kind> explains the pending request", footer())
    assert.matches("declare a cavalry charge", commands.interpret("help charge", nil, names)
      .lines[1])
    assert.matches("the counter_charge request", commands.interpret("help counter_charge", nil,
      names).lines[1])
    assert.are.same({ kind = "answer", value = "garland" },
      commands.interpret("ACTIVATE garland", free, names))
    -- extended twice (a game loaded again): each word once
    commands.extend(rr.words)
    assert.are.equal(1, select(2, footer():gsub("charge", "")))
  end)

  it("name another system's words in help's footer, before yes and no", function()
    commands.extend({ answers = { { "rout", "rout <unit>", "a test word" } } })
    assert.are.equal("answer words (help <word>): rout, yes, no; help <kind> explains the "
      .. "pending request", footer())
    assert.are.same({ "answer", "rout", "A1" }, (function()
      local c = commands.parse("ROUT A1")
      return { c.cmd, c.args[1], c.args[2] }
    end)())
    commands.reset()
    assert.are.equal("answer words (help <word>): yes, no; help <kind> explains the pending "
      .. "request", footer())
  end)

  it("are refused with a clear message when they are not words", function()
    assert.has_error(function() commands.extend({ answers = { { "two words", "x", "y" } } }) end,
      "system words: answers[1] must be {word, usage, help}, the word letters and _")
    assert.has_error(function() commands.extend({ kind_words = { activate = "x" } }) end,
      "system words: kind_words.activate must be a set of kinds")
    assert.has_error(function() commands.extend("charge") end,
      "system words: a table of answers, kinds, kind_words, actions, move_verbs")
  end)
end)
