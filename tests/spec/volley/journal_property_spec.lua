--- The live game is its journal (DESIGN.md principle 12; issue 32): random sequences of
-- answers, refused answers, undos, saves, loads, reloads and every prompt query, played at
-- the prompt on the demo and on Palo Alto with the battery of hostile but legal mods
-- (tests/data/mods/journal_*.lua), each checked against one linear replay of its final
-- journal; and, in the LuaJIT configuration, saves made on Lua 5.4 replayed here to the same
-- hash trail (support/journal_property.lua; docs/build.md "The journal property test").
--
-- VOLLEY_JOURNAL_SEQUENCES sets how many sequences (30; fewer under ASan, tests.cmake),
-- VOLLEY_JOURNAL_FIRST the first seed (1), VOLLEY_JOURNAL_SEED runs one sequence alone.

local prop = require "support.journal_property"

local function number(name)
  return tonumber(os.getenv(name) or "")
end

local COUNT = number("VOLLEY_JOURNAL_SEQUENCES") or 30
local FIRST = number("VOLLEY_JOURNAL_FIRST") or 1
local ONE = number("VOLLEY_JOURNAL_SEED")

-- The saves made on Lua 5.4 for the LuaJIT check, each sequence with the whole battery: a
-- sixth of the sequences, at least 3.
local CROSS = math.max(3, math.floor(COUNT / 6))

describe("the live game is its journal (issue 32)", function()
  local all
  local function results()
    if not all then
      all = prop.run_many{ seeds = ONE and { ONE } or nil, first = FIRST, count = COUNT }
    end
    return all
  end

  for _, p in ipairs(prop.PROPERTIES) do
    it(p.says, function()
      local list = results().by_property[p.name]
      if #list > 0 then error(prop.report(p.name, list), 0) end
    end)
  end

  it("a Lua 5.4 save replays to the same hash trail on LuaJIT, and lua prints alike", function()
    if not rawget(_G, "jit") then
      pending("runs in the LuaJIT configuration, on saves the Lua 5.4 build makes")
      return
    end
    local f = io.open("build/lua/5.4/volley/core.so", "rb")
    if not f then
      pending("no Lua 5.4 build (./build/lua/5.4/volley/core.so) to make the saves: make build")
      return
    end
    f:close()
    local dir = os.tmpname()
    os.remove(dir)
    assert(os.execute("mkdir " .. dir))
    -- the sequences played on Lua 5.4, their final saves and replay trails kept; what
    -- broke there is the Lua 5.4 configuration's to report
    local cmd = string.format("lua5.4 tests/soak/journal_property.lua build --battery --keep %s %s "
      .. ">/dev/null 2>&1", dir, ONE and ("--seed " .. ONE) or (CROSS .. " " .. FIRST))
    os.execute(cmd)
    local bad, n = {}, 0
    for name in io.popen("ls " .. dir):lines() do
      local seq = name:match("^(seq%-%d+)%.save$")
      if seq then
        n = n + 1
        local why = prop.check_kept(dir .. "/" .. seq)
        if why then bad[#bad + 1] = seq:gsub("seq%-", "seed ") .. ": " .. why end
      end
    end
    os.execute("rm -rf " .. dir)
    assert(n > 0, "Lua 5.4 kept no save (" .. cmd .. ")")
    if #bad > 0 then
      error("a Lua 5.4 save replays otherwise on LuaJIT in " .. #bad .. " of " .. n
        .. " sequence(s):\n  " .. table.concat(bad, "\n  ") .. "\n  run one again: "
        .. "VOLLEY_JOURNAL_SEED=<seed> (docs/build.md \"The journal property test\")", 0)
    end
  end)
end)
