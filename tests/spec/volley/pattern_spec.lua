-- The pattern functions of engine-owned states (engine/src/lua_pattern.c): the same results
-- as the stock string library where Lua 5.1 (LuaJIT) and 5.4 agree, Lua 5.4's where they
-- do not, on both VMs; errors where the stock functions raise; steps counted.
local core = require "volley.core"

-- Runs every case with the string functions of the state it runs in; plain results.
local BATCH = [[
local cases = ...
local repls = { __upper = function(x) return x:upper() end,
                __false = function() return false end,
                __table = { name = "Bob", age = 42 } }
local out = {}
for i, c in ipairs(cases) do
  local f, s, p, a, b = c[1], c[2], c[3], c[4], c[5]
  local r
  if f == "gmatch" then
    r = { pcall(function()
      local list = {}
      for x, y in string.gmatch(s, p) do list[#list + 1] = { x, y } end
      return list
    end) }
  elseif f == "gsub" then
    r = { pcall(string.gsub, s, p, repls[a] or a, b) }
  else
    r = { pcall(string[f], s, p, a, b) }
  end
  if not r[1] then r = { false } end
  out[i] = r
end
return out
]]

local AGREED = {
  { "find", "hello world", "o w" },
  { "find", "hello", "l+" },
  { "find", "hello", "(l)(l)" },
  { "find", "hello", "()ll()" },
  { "find", "hello", "^h" },
  { "find", "hello", "^e" },
  { "find", "hello", "o$" },
  { "find", "hello$", "o$" },
  { "find", "hello", "x*" },
  { "find", "hello", ".-l" },
  { "find", "hello", "l", 4 },
  { "find", "hello", "l", -2 },
  { "find", "hello", "", 3 },
  { "find", "a.b", ".", 1, true },
  { "find", "a+b", "+", 1, true },
  { "find", "a.b", "%." },
  { "find", "[x]", "[%[]" },
  { "find", "f(a(b)c)", "%b()" },
  { "find", "f(a(b)c", "%b()" },
  { "find", "THE (quick) fox", "%f[%a]%a+" },
  { "find", "THE (quick) fox", "%f[%l]%a+" },
  { "find", "x = 12 + 3", "%d+" },
  { "find", "abc", "[^a]+" },
  { "find", "a]b", "[]]" },
  { "find", "a^b", "[]^]" },
  { "find", "a-b", "[a-]+" },
  { "find", "a-b", "[-a]+" },
  { "find", "abcabc", "(abc)%1" },
  { "find", "aaa", "a-b" },
  { "find", "aaab", "a-b" },
  { "find", "aaab", "a?a?b" },
  { "find", "", "" },
  { "find", "a\0b", "\0" },
  { "find", "tab\there", "%s" },
  { "find", "UPPER lower", "%u+" },
  { "find", "UPPER lower", "%L+" },
  { "find", "0x1F!", "%x+" },
  { "find", "a,b;c", "%p" },
  { "find", "ab12", "%w+$" },
  { "find", "\1\2a", "%c+" },
  { "match", "  trim me  ", "^%s*(.-)%s*$" },
  { "match", "key = value", "(%w+)%s*=%s*(%w+)" },
  { "match", "2014-5", "^(%d%d)(%d%d)%-(%d+)$" },
  { "match", "hello", "l+", 4 },
  { "match", "hello", "()" },
  { "match", "hello", "h()e()" },
  { "match", "[[x]]", "%[(%b[])%]" },
  { "gmatch", "one two  three", "%a+" },
  { "gmatch", "k=v, a=b", "(%w+)=(%w+)" },
  { "gmatch", "hello", "()l" },
  { "gmatch", "^a^a", "^a" },
  { "gsub", "hello world", "o", "0" },
  { "gsub", "hello world", "(%w+)", "<%1>" },
  { "gsub", "hello world", "%w+", "%0 %0", 1 },
  { "gsub", "abc", "%w", "%%" },
  { "gsub", "abc", "", "-" },
  { "gsub", "abc", "b", "__upper" },
  { "gsub", "abc", "%w", "__false" },
  { "gsub", "$name is $age", "%$(%w+)", "__table" },
  { "gsub", "hello", "l", 7 },
  { "gsub", "abc", "()b", "%1" },
  { "gsub", "abc", "^a", "x" },
  { "gsub", "aaa", "^a", "x" },
  { "find", "abc", "%" },
  { "find", "abc", "[a" },
  { "find", "abc", "(a" },
  { "find", "abc", "a)" },
  { "find", "abc", "%f" },
  { "find", "abc", "%b" },
  { "find", "abc", "(a)%2" },
  { "gsub", "abc", "b", "%2" },
  { "gsub", "abc", "b", "__table" },
}

-- Lua 5.4's results where Lua 5.1 gives others.
local V54 = {
  { { "find", "abc", "", 10 }, { true } },              -- start past the end: no match
  { { "gsub", "abc", "%w*", "x" }, { true, "x", 1 } },  -- no empty match right after a match
  { { "gsub", "a b", "%w*", "-" }, { true, "- -", 2 } },
  { { "find", "hello world", "%g+" }, { true, 1, 5 } }, -- %g: printable but not space
  { { "gsub", "abc", "b", "%x" }, { false } },            -- '%' before a letter is refused
}

describe("the pattern functions of an engine-owned state", function()
  local st
  setup(function() st = core.new_state{ modules = { "tests/spec/support" } } end)
  teardown(function() st:close() end)

  local function engine(cases)
    local ok, done, out = st:call("sandbox_harness", "eval", BATCH, cases)
    assert(ok and done, tostring(out))
    return out
  end

  it("give the stock results where Lua 5.1 and 5.4 agree", function()
    local stock = assert(load(BATCH))(AGREED)
    local ours = engine(AGREED)
    for i, case in ipairs(AGREED) do
      assert.are.same(stock[i], ours[i], "case " .. i .. ": " .. table.concat(case, " | ", 1, 3))
    end
  end)

  it("give Lua 5.4's results on both VMs", function()
    local cases, expected = {}, {}
    for i, v in ipairs(V54) do
      cases[i], expected[i] = v[1], v[2]
    end
    assert.are.same(expected, engine(cases))
  end)

  if not rawget(_G, "jit") then                  -- the stock library here is Lua 5.4's
    it("agree with Lua 5.4 on 3000 generated patterns, but refuse malformed ones", function()
      local seed = 7
      local function pick(list)             -- a fixed linear congruential sequence
        seed = (seed * 1103515245 + 12345) % 2147483648
        return list[seed % #list + 1]
      end
      local atoms = { "a", "b", ".", "%a", "%d", "%s", "[ab]", "[^a]", "[a-c]", "%%", "%.", "x",
                      "(", ")", "()", "%b()", "%f[%a]", "%1", "$", "^", "[%a_]", "]", "-" }
      local quants = { "", "", "", "*", "+", "-", "?" }
      local subjects = { "aab", "ab ba", "(a(b)c)", "abc123", "  x y  ", "aaaa", "", "ba_b",
                         "a.b%c", "xyz(", "()" }
      local cases = {}
      for i = 1, 3000 do
        local p = {}
        for _ = 1, pick{ 1, 2, 3, 4, 5 } do
          local a = pick(atoms)
          p[#p + 1] = a
          if a ~= "(" and a ~= ")" and a ~= "()" and a:sub(1, 2) ~= "%b" and a:sub(1, 2) ~= "%f"
             and a ~= "%1" then
            p[#p + 1] = pick(quants)
          end
        end
        local f = pick{ "find", "match", "gmatch", "gsub" }
        cases[i] = { f, pick(subjects), table.concat(p),
                     f == "gsub" and pick{ "<%0>", "%1", "x", "%%" } or pick{ -1, 1, 2, 3 } }
      end
      local stock = assert(load(BATCH))(cases)
      local ours = engine(cases)
      local malformed = { ["unfinished capture"] = true, ["invalid capture index %1"] = true,
                          ["invalid pattern capture"] = true }
      for i, case in ipairs(cases) do
        if not (ours[i][1] == false and stock[i][1] ~= false) then
          assert.are.same(stock[i], ours[i], table.concat(case, " | ", 1, 3))
        end
      end
      -- where only ours refuses, the pattern is malformed
      local ok, done, msgs = st:call("sandbox_harness", "eval", [[
        local cases, ours, stock_ok = ...
        local out = {}
        for i, c in ipairs(cases) do
          if ours[i][1] == false and stock_ok[i] then
            local _, e = pcall(string.match, "", c[3])
            out[#out + 1] = (tostring(e):gsub("^[^:]*:%d+: ", ""))
          end
        end
        return out]], cases, ours, (function()
          local t = {}
          for i = 1, #cases do t[i] = stock[i][1] ~= false end
          return t
        end)())
      assert.is_true(ok and done)
      assert.is_true(#msgs > 0)
      for _, m in ipairs(msgs) do assert.is_true(malformed[m], m) end
    end)
  end

  it("start gmatch at init, as Lua 5.4 does", function()
    local ok, done, list = st:call("sandbox_harness", "eval",
      "local out = {} for a in ('abab'):gmatch('a', 2) do out[#out + 1] = a end return out")
    assert.is_true(ok and done)
    assert.are.same({ "a" }, list)
  end)

  it("word their errors like Lua", function()
    local cases = {
      { "('abc'):find('%')", "malformed pattern (ends with '%')" },
      { "('abc'):find('[a')", "malformed pattern (missing ']')" },
      { "('abc'):match('a)')", "invalid pattern capture" },
      { "('abc'):find('(a')", "unfinished capture" },
      { "('abc'):find('%f')", "missing '[' after '%f' in pattern" },
      { "('abc'):find('%bx')", "malformed pattern (missing arguments to '%b')" },
      { "('abc'):find('(a)%2')", "invalid capture index %2" },
      { "('abc'):gsub('b', '%2')", "invalid capture index %2 in replacement string" },
      { "('abc'):gsub('b', '%x')", "invalid use of '%' in replacement string" },
      { "('abc'):gsub('b', {b = {}})", "invalid replacement value (a table)" },
      { "('abc'):find(('(a)'):rep(33))", "too many captures" },
      { "('a'):rep(300):find(('a?'):rep(201) .. 'b')", "pattern too complex" },
    }
    for _, c in ipairs(cases) do
      local ok, done, err = st:call("sandbox_harness", "eval", "local r = " .. c[1] .. " return r")
      assert.is_true(ok)
      assert.is_false(done)
      assert.are.equal(c[2], err.msg)
    end
  end)

  it("stop trusted code's runaway pattern after a fixed number of steps", function()
    local ok, done, err = st:call("sandbox_harness", "trusted_find", ("a"):rep(30),
      ("a*"):rep(30) .. "b")
    assert.is_true(ok)
    assert.is_false(done)
    assert.matches("pattern too complex %(more than 100000000 steps%)$", err)
  end)
end)
