-- docs/rulings/rough_and_ready.md against the digest's section 9 (A1-A46) and the tree: every
-- item has one row; a decided row names files that exist and tests whose titles its spec
-- holds (a title may be cut short with "..."); an undecided row names what it comes with.
local PAGE = "docs/rulings/rough_and_ready.md"
local DIRS = { "", "scripts/systems/rough_and_ready/", "scenarios/rough-and-ready/",
               "charts/rough_and_ready/" }
local SPECS = { "tests/spec/systems/rough_and_ready/", "tests/spec/scenarios/" }

local function read(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local t = f:read("*a")
  f:close()
  return t
end

local function cells(line)
  local out = {}
  for c in line:gmatch("|([^|]*)") do out[#out + 1] = c:match("^%s*(.-)%s*$") end
  out[#out] = nil                                  -- after the closing bar
  return out
end

-- The rows of the page keyed A<n>: id -> list of rows (cells).
local function rows()
  local out = {}
  for line in (assert(read(PAGE)) .. "\n"):gmatch("([^\n]*)\n") do
    local id = line:match("^| (A%d+) |")
    if id then
      out[id] = out[id] or {}
      table.insert(out[id], cells(line))
    end
  end
  return out
end

-- A spec's text with its string concatenations joined, so a title split over lines reads
-- whole.
local function spec_text(name)
  local all = {}
  for _, d in ipairs(SPECS) do
    local t = read(d .. name)
    if t then all[#all + 1] = (t:gsub('"%s*%.%.%s*"', "")) end
  end
  return #all > 0 and table.concat(all, "\n") or nil
end

describe("the rulings page", function()
  local by = rows()

  it("has one row for each of the digest's items A1-A46", function()
    for n = 1, 46 do
      local id = "A" .. n
      assert.is_truthy(by[id], id)
      assert.are.equal(1, #by[id], id)
    end
  end)

  it("names, for a decided item, files that exist and tests that exist", function()
    for n = 1, 46 do
      local c = by["A" .. n][1]
      if #c >= 5 then
        assert.is_true(#c[3] > 0, "A" .. n .. " ruling")
        for file in c[4]:gmatch("`([^`]+%.[li][un][ai])`") do
          local found = false
          for _, d in ipairs(DIRS) do
            if read(d .. file) then found = true end
          end
          assert.is_true(found, "A" .. n .. ": " .. file)
        end
        local spec, pos = nil, 1
        while true do
          local s1, e1, name = c[5]:find("`([%w_]+_spec%.lua)`", pos)
          local s2, e2, title = c[5]:find('"([^"]+)"', pos)
          if not s1 and not s2 then break end
          if s1 and (not s2 or s1 < s2) then
            spec, pos = name, e1 + 1
          else
            pos = e2 + 1
            local text = assert(spec and spec_text(spec), "A" .. n .. ": no spec for " .. title)
            for piece in (title .. "..."):gmatch("(.-)%.%.%.") do
              piece = piece:match("^%s*(.-)%s*$")
              if piece ~= "" then
                assert.is_truthy(text:find(piece, 1, true), "A" .. n .. ": " .. spec .. " " .. piece)
              end
            end
          end
        end
      else
        assert.are.equal(3, #c, "A" .. n)
        assert.is_true(#c[3] > 0, "A" .. n .. " comes with")
      end
    end
  end)
end)
