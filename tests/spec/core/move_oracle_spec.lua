-- volley.core.move agrees with the plain-Lua reference (tests/oracle/move.lua) on every case:
-- reach with MA 4, 10 and 40 for every class on a generated 60 x 50 map (the benchmark's,
-- tests/bench/move_map.lua), with and without overlays, command range, track starts; typed
-- paths (legal ones and ones with an illegal step); cheapest paths; and the same on the sample
-- map. The cases come from a fixed Park-Miller sequence.
local core = require "volley.core"
local oracle = dofile("tests/oracle/move.lua")
local gen = dofile("tests/bench/move_map.lua")
local hexo = dofile("tests/oracle/hex.lua")

local CLASSES = {"inf", "cav", "art", "ldr"}

-- The first difference between two answers, as a path of keys, or nil.
local function differ(a, b, at)
  if type(a) ~= type(b) then return at end
  if type(a) ~= "table" then return a ~= b and at or nil end
  local keys = {}
  for k in pairs(a) do keys[#keys + 1] = tostring(k) end
  for k in pairs(b) do if a[k] == nil then keys[#keys + 1] = tostring(k) end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local key = tonumber(k) or k
    local d = differ(a[key], b[key], at .. "." .. k)
    if d then return d end
  end
  return nil
end

local function agree(what, a, b)
  local d = differ(a, b, "")
  if d then error(what .. ": the engine and the reference differ at " .. d, 2) end
end

-- Overlays drawn from pick over labels; some queries get none.
local function overlays(pick, labels, grid, q, k)
  local function hex() return labels[pick(#labels) + 1] end
  local function side()
    local h = hex()
    local n = grid:neighbors(h)[pick(6) + 1]
    if type(n) ~= "string" then return h .. "/" .. h end   -- rejected below
    return h .. "/" .. n
  end
  local function valid(s)
    local a, b = s:match("^(%d+)/(%d+)$")
    return a ~= b and grid:direction(a, b) ~= nil
  end
  q.prohibited, q.must_stop, q.extra, q.no_road = {}, {}, {}, {}
  for _ = 1, k do
    q.prohibited[#q.prohibited + 1] = {at = hex(), why = "enemy unit",
                                       rule = "[rough_and_ready 5.28]"}
    q.must_stop[#q.must_stop + 1] = pick(2) == 0 and hex() or {at = hex(), why = "front"}
    q.extra[#q.extra + 1] = {at = hex(), cost = pick(3)}
    local s = side()
    if valid(s) then
      q.extra[#q.extra + 1] = {at = s, cost = 1 + pick(2)}
    end
    s = side()
    if valid(s) then q.prohibited[#q.prohibited + 1] = s end
    q.no_road[#q.no_road + 1] = hex()
  end
  return q
end

describe("volley.core.move and the plain-Lua reference", function()
  local path, m, mv, board, labels, grid

  setup(function()
    path = os.tmpname()
    labels = gen.write(path).labels
    m = assert(core.map.load(path))
    mv = assert(core.move.load(m))
    board = oracle.board(m, mv)
    grid = hexo.grid()
  end)

  teardown(function()
    mv:close()
    m:close()
    os.remove(path)
  end)

  it("agree on reach for MA 4, 10 and 40, every class, on a 60 x 50 map", function()
    local pick = gen.picker(11)
    local n = 0
    for _, ma in ipairs({4, 10, 40}) do
      for _, cls in ipairs(CLASSES) do
        for _ = 1, 2 do
          local start = labels[pick(#labels) + 1]
          local q = {class = cls, ma = ma}
          agree(cls .. " from " .. start .. " MA " .. ma, mv:reach(start, q), board:reach(start, q))
          n = n + 1
        end
      end
    end
    assert.are.equal(24, n)
  end)

  it("agree on reach with overlays, limits and road choices", function()
    local pick = gen.picker(12)
    for i = 1, 18 do
      local cls = CLASSES[i % 4 + 1]
      local q = overlays(pick, labels, grid, {class = cls, ma = ({4, 10, 40})[i % 3 + 1]}, 25)
      if i % 5 == 0 then q.max_step = 2 end
      if i % 4 == 0 then q.roads = {"trail"} end
      local start = labels[pick(#labels) + 1]
      agree(cls .. " from " .. start .. " (overlays " .. i .. ")", mv:reach(start, q),
            board:reach(start, q))
    end
  end)

  it("agree on command range and on starts on the track", function()
    local pick = gen.picker(13)
    for i = 1, 4 do
      local q = overlays(pick, labels, grid, {uniform = true, ma = 4 + i}, 10)
      local start = labels[pick(#labels) + 1]
      agree("range from " .. start, mv:reach(start, q), board:reach(start, q))
    end
    for _, cls in ipairs(CLASSES) do
      local q = {class = cls, ma = 10}
      agree(cls .. " from rear/B", mv:reach("rear/B", q), board:reach("rear/B", q))
    end
  end)

  it("agree on typed paths, legal and not, with every kind of refusal", function()
    local pick = gen.picker(14)
    local kinds = {}
    for i = 1, 200 do
      local start = labels[pick(#labels) + 1]
      local here, walk = start, {}
      for _ = 1, 1 + pick(10) do
        local r = pick(40)
        if r == 0 then walk[#walk + 1] = labels[pick(#labels) + 1]      -- most likely a jump
        elseif r == 1 then walk[#walk + 1] = here                        -- standing still
        else
          local n = grid:neighbors(here)[pick(6) + 1]
          walk[#walk + 1] = type(n) == "string" and n or "0000"         -- off the map
        end
        here = walk[#walk]
      end
      local q = {class = CLASSES[i % 4 + 1], ma = 4 + pick(20)}
      local at = pick(#walk) + 1                 -- a place of the walk, and the step into it
      local from = at == 1 and start or walk[at - 1]
      local kind = i % 6
      if kind == 1 then overlays(pick, labels, grid, q, 30)
      elseif kind == 2 then q.must_stop = {{at = walk[at], why = "front",
                                            rule = "[rough_and_ready 5.14]"}}
      elseif kind == 3 then q.prohibited = {{at = walk[at], why = "enemy unit"}}
      elseif kind == 4 and grid:direction(from, walk[at]) then
        q.prohibited = {from .. "/" .. walk[at]}
        q.extra = {{at = walk[at] .. "/" .. from, cost = 1}}
      elseif kind == 5 then
        q.max_step, q.max_step_why = 2, "square"
        q.extra = {{at = walk[at], cost = 1}}
      end
      local a = {mv:validate(start, walk, q)}
      agree("walk " .. i .. " from " .. start .. ": " .. table.concat(walk, " "), a,
            {board:validate(start, walk, q)})
      local why = a[1] and "legal" or a[2]:match("^[^:]*: (.*)$")
      kinds[why:match("^must stop") or why:match("^costs %d+, only") and "MP" or
            why:match("^costs %d+, more") and "max_step" or why:match("^prohibited %(crossing") or
            why:match("^prohibited %(enemy") or why:match("^prohibited$") or
            why:match("^prohibited") or why:match("^not adjacent") or why:match("^off the map") or
            why] = true
    end
    for _, k in ipairs({"legal", "must stop", "MP", "max_step", "prohibited (crossing",
                        "prohibited (enemy", "prohibited", "not adjacent", "off the map"}) do
      assert(kinds[k], "no walk was " .. k)      -- every verdict is exercised
    end
  end)

  it("agree on cheapest paths, and on why there is none", function()
    local pick = gen.picker(15)
    for i = 1, 12 do
      local start, goal = labels[pick(#labels) + 1], labels[pick(#labels) + 1]
      local q = {class = CLASSES[i % 4 + 1], ma = ({8, 15, 60})[i % 3 + 1]}
      if i % 2 == 0 then overlays(pick, labels, grid, q, 20) end
      agree("path " .. start .. " -> " .. goal, {mv:path(start, goal, q)},
            {board:path(start, goal, q)})
    end
  end)
end)

describe("on the sample map, volley.core.move and the reference", function()
  it("agree on reach from every kind of ground, tracks and overlays included", function()
    local m = assert(core.map.load("tests/data/maps/sample.ini"))
    local mv = assert(core.move.load(m))
    local board = oracle.board(m, mv)
    local starts = {"1005", "0108", "1604", "0607", "1112", "0914", "saltillo/A", "2008"}
    for _, start in ipairs(starts) do
      for _, cls in ipairs(CLASSES) do
        for _, ma in ipairs({1, 4, 12}) do
          local q = {class = cls, ma = ma, must_stop = {"1205", {at = "1307", why = "front"}},
                     prohibited = {"1103", "1007/1107"}, extra = {{at = "0808/0908", cost = 2}},
                     no_road = {"1308"}}
          agree(cls .. " from " .. start, mv:reach(start, q), board:reach(start, q))
        end
      end
      local q = {class = "inf", mode = "column", ma = 6}
      agree("column from " .. start, mv:reach(start, q), board:reach(start, q))
    end
  end)
end)
