-- What a save may hold (docs/formats.md "The save file", "Limits"), issue 31 items 7-10: the
-- writer and the reader agree on every limit, so whatever is written is read back; a value
-- past a limit is refused by both with a clear message, and where it enters (volley.ask); a
-- save larger than a game can make is refused before it is read; a message quoting a token
-- of a save never carries a control byte of it.
local core = require "volley.core"
local ask = require "volley.ask"
local save = core.save
local limits = save.limits

local SHA = string.rep("1", 64)
local STATE = "0123456789abcdef"

-- The message of an error raised by f, without the "file:line: " Lua puts before it (and
-- with the function's name, which a pcall hides on Lua 5.4, as 'f').
local function raised(f, ...)
  local ok, msg = pcall(f, ...)
  assert.is_false(ok)
  return (tostring(msg):gsub("^[^:]*:%d+: ", ""):gsub("^bad argument #(%d) to '[^']*'",
    "bad argument #%1 to 'f'"))
end

-- A save table with one answer; `t` overrides its fields.
local function a_save(t)
  local s = { scenario = "demo/test", files = {}, options = {}, mods = {}, seed = 1,
              undo = "strict", bots = {}, cap = 10, view = "referee",
              journal = { { kind = "answer", side = "A", request = "move", value = "A1 0505",
                            state = STATE, rolls = 0 } } }
  for k, v in pairs(t or {}) do s[k] = v end
  return s
end

-- Written, then read back: the same save.
local function round_trip(s)
  local text = save.text(s)
  local back, err = save.parse(text, "x.save")
  assert.is_truthy(back, tostring(err))
  return back, text
end

-- A hand-made save's text with its checksum line: `lines` after the header's first lines.
local function text_of(head, body)
  local t = table.concat(head, "\n") .. "\n" .. table.concat(body or {}, "\n")
    .. ((body and #body > 0) and "\n" or "")
  return t .. "checksum sha256 " .. save.sha256(t) .. "\n"
end

local HEAD = { "volley-save 1", "volley 0.1.0", "scenario demo/test", "seed 1", "undo strict",
               "cap 10", "view referee" }

describe("save limits", function()
  it("are exported, as save.h has them", function()
    assert.are.same({ word = 255, path = 4095, answer = 4096, list = 4096, lines = 262144,
                      line = limits.line, size = 64 * 1024 * 1024 }, limits)
    assert.is_true(limits.line >= 4 * limits.answer + 2 * limits.word)
    assert.are.equal(limits.word, ask.KIND_MAX)
    assert.are.equal(limits.answer, ask.ANSWER_MAX)
  end)

  describe("words (a request kind, a side, a bot or option name, the view)", function()
    local w255, w256 = string.rep("k", 255), string.rep("k", 256)

    it("round-trip at the longest", function()
      local s = a_save{ view = w255, bots = { { side = w255, name = w255 } },
                        options = { { name = w255, path = "o.lua", sha256 = SHA } } }
      s.journal[1].side, s.journal[1].request = w255, w255
      local back = round_trip(s)
      assert.are.equal(w255, back.journal[1].request)
      assert.are.equal(w255, back.journal[1].side)
      assert.are.equal(w255, back.bots[1].name)
      assert.are.equal(w255, back.options[1].name)
      assert.are.equal(w255, back.view)
    end)

    it("are refused one byte longer by the writer", function()
      local s = a_save()
      s.journal[1].request = w256
      assert.are.equal("bad argument #1 to 'f' (journal[1]: request kind '"
        .. string.rep("k", 57) .. "...' is not a word (letters, digits and _ . / -, at most "
        .. "255 bytes))", raised(save.text, s))
      assert.has_error(function() save.text(a_save{ view = w256 }) end)
    end)

    it("are refused one byte longer by the reader, which once was all that refused them",
      function()
        local _, err = save.parse(text_of(HEAD, { "answer A " .. w256 .. " 1 state " .. STATE
          .. " rolls 0" }), "x.save")
        assert.are.equal("x.save:8: a request kind is longer than 255 bytes", tostring(err))
      end)
  end)

  describe("paths (the scenario, a file, an option's, a mod)", function()
    it("round-trip bare up to 255 bytes, quoted beyond, up to 4095", function()
      for _, n in ipairs({ 255, 256, 4095 }) do
        local p = string.rep("m", n - 4) .. ".lua"
        local s = a_save{ mods = { { path = p, sha256 = SHA } },
                          files = { { role = "scenario", path = p, sha256 = SHA } },
                          options = { { name = "o", path = p, sha256 = SHA } } }
        local back, text = round_trip(s)
        assert.are.equal(p, back.mods[1].path)
        assert.are.equal(p, back.files[1].path)
        assert.are.equal(p, back.options[1].path)
        assert.are.equal(n <= 255, text:find("\nmod " .. p .. " ", 1, true) ~= nil)
      end
    end)

    it("an id-shaped scenario longer than a word is written as a path and read back", function()
      local id = string.rep("a", 200) .. "/" .. string.rep("b", 100)
      local back, text = round_trip(a_save{ scenario = id })
      assert.are.equal(id, back.scenario)
      assert.is_truthy(text:find('\nscenario "' .. id .. '"\n', 1, true))
      assert.are.equal(string.rep("c", 255), round_trip(a_save{ scenario = string.rep("c", 255) })
        .scenario)
    end)

    it("are refused past 4095 bytes by the writer and the reader", function()
      local p = string.rep("m", 4096)
      assert.has_error(function() save.text(a_save{ mods = { { path = p, sha256 = SHA } } }) end)
      assert.has_error(function() save.text(a_save{ scenario = "/" .. p }) end)
      local head = { HEAD[1], HEAD[2], HEAD[3] }
      head[#head + 1] = 'mod "' .. p .. '" sha256 ' .. SHA
      for i = 4, #HEAD do head[#head + 1] = HEAD[i] end
      local _, err = save.parse(text_of(head), "x.save")
      assert.are.equal("x.save:4: a mod path of 4096 bytes (at most 4095)", tostring(err))
    end)
  end)

  describe("string answers", function()
    it("round-trip at 4096 bytes, every byte escaped", function()
      local s = a_save()
      s.journal[1].value = string.rep("\1", 4096)
      local back, text = round_trip(s)
      assert.are.equal(s.journal[1].value, back.journal[1].value)
      assert.is_true(#text < limits.line + 2000)
    end)

    it("are refused past 4096 bytes by the writer and the reader", function()
      local s = a_save()
      s.journal[1].value = string.rep("x", 4097)
      assert.are.equal("bad argument #1 to 'f' (journal[1]: a string answer of 4097 bytes "
        .. "(at most 4096))", raised(save.text, s))
      local _, err = save.parse(text_of(HEAD, { 'answer A move "' .. string.rep("x", 4097)
        .. '" state ' .. STATE .. " rolls 0" }), "x.save")
      assert.are.equal("x.save:8: a string answer of 4097 bytes (at most 4096)", tostring(err))
    end)

    it("a line longer than any a save holds is refused before it is decoded", function()
      local _, err = save.parse(text_of(HEAD, { 'answer A move "' .. string.rep("\\x01", 5000)
        .. '" state ' .. STATE .. " rolls 0" }), "x.save")
      assert.are.equal("x.save:8: line too long (20047 bytes; at most " .. limits.line .. ")",
        tostring(err))
    end)
  end)

  describe("how much a save holds", function()
    local LINE = "answer A m 1 state " .. STATE .. " rolls 0"

    it("reads the most journal lines, and refuses one more", function()
      local body = {}
      for i = 1, limits.lines do body[i] = LINE end
      local s = assert(save.parse(text_of(HEAD, body), "x.save"))
      assert.are.equal(limits.lines, #s.journal)
      body[#body + 1] = LINE
      local _, err = save.parse(text_of(HEAD, body), "x.save")
      assert.are.equal("x.save:" .. (#HEAD + limits.lines + 1) .. ": more than 262144 journal "
        .. "lines (the most a save holds)", tostring(err))
    end)

    it("refuses more than 4096 lines of a header list", function()
      local head = { "volley-save 1", "volley 0.1.0", "scenario demo/test" }
      for i = 1, limits.list + 1 do head[#head + 1] = "mod m" .. i .. ".lua sha256 " .. SHA end
      for i = 4, #HEAD do head[#head + 1] = HEAD[i] end
      local _, err = save.parse(text_of(head), "x.save")
      assert.are.equal("x.save:" .. (3 + limits.list + 1) .. ": more than 4096 'mod' lines",
        tostring(err))
    end)

    it("refuses a text larger than 64 MiB before reading a line of it", function()
      local _, err = save.parse("volley-save 1\n" .. string.rep("x", limits.size), "big.save")
      assert.are.equal("big.save: larger than 64 MiB, the most a save holds", tostring(err))
    end)
  end)

  it("a message quoting a token of a save carries none of its control bytes", function()
    local _, err = save.parse(text_of(HEAD, { "\27[2J\7" }), "x.save")
    assert.are.equal("x.save:8: unknown line '\239\191\189[2J\239\191\189'", tostring(err))
    _, err = save.parse(text_of({ "volley-save 1", "volley 0.1.0", "scenario Bad\27/x" }), "x.save")
    assert.is_nil(tostring(err):find("[%c\127]"))
  end)
end)

describe("volley.ask refuses what a save cannot record, where it is given", function()
  local function request(t)
    local r = { kind = "move", prompt = "p", rule = "[demo 1]", options = { "a" } }
    for k, v in pairs(t) do r[k] = v end
    return r
  end

  it("a kind that is not a word, or longer than 255 bytes", function()
    for _, kind in ipairs({ "house rule", "", "a\nb", string.rep("k", 256) }) do
      assert.has_error(function() ask.check_request(request{ kind = kind }) end)
    end
    assert.are.equal("request kind 'house rule' is not a word (letters, digits and _ . / -, at "
      .. "most 255 bytes; a save records it)",
      raised(ask.check_request, request{ kind = "house rule" }))
    ask.check_request(request{ kind = string.rep("k", 255) })
  end)

  it("an option or an answer longer than a save's string answer", function()
    local long = string.rep("x", ask.ANSWER_MAX + 1)
    assert.are.equal("request 'move': option #2 is 4097 bytes long (at most 4096, as a save "
      .. "holds)", raised(ask.legal, request{ options = { "a", long } }))
    assert.are.same({ false, "an answer of 4097 bytes (at most 4096) [demo 1]" },
      { ask.check(request{ validate = function() return true end }, long) })
    assert.are.same({ "a", string.rep("x", ask.ANSWER_MAX) },
      ask.legal(request{ options = { "a", string.rep("x", ask.ANSWER_MAX) } }))
  end)
end)

describe("volley.journal", function()
  local journal = require "volley.journal"

  it("is full one answer before a save's most journal lines", function()
    local j = journal.new{ scenario = "demo/test", seed = 1 }
    for _ = 1, limits.lines - 2 do
      j:answer{ side = "A", request = "m", value = 1, state = STATE, rolls = 0 }
    end
    assert.is_false(j:full())
    j:answer{ side = "A", request = "m", value = 1, state = STATE, rolls = 0 }
    assert.is_true(j:full())
  end)

  it("a journal the save module refuses is said when written, not raised", function()
    local j = journal.new{ scenario = "demo/test", seed = 1 }
    j:answer{ side = "A", request = "house rule", value = 1, state = STATE, rolls = 0 }
    local path = os.tmpname()
    local ok, why = j:write(path)
    os.remove(path)
    assert.is_nil(ok)
    assert.are.equal("journal[1]: request kind 'house rule' is not a word (letters, digits and "
      .. "_ . / -, at most 255 bytes)", why)
  end)
end)
