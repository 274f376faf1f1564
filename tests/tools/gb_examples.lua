--- The GBACW worked examples (issue 57 point 8): lists the digest's examples (gringo.md section
-- 10: T-2.43 to T-17.22b, T-8.29a-c, T-11.87, T-BV1-3, T-MO1-5), one a line, `T-6.23 covered`
-- when the name of a spec's test (an `it` or `describe` under tests/spec/) holds the id, else
-- `T-5.23 not covered (<why>)`: the status the rule-case checker (tests/tools/cases.lua) gives
-- the example's case (`pending GBACW II`), or `no test names it`. Prints the counts last and
-- exits 0 (an example waits for the issue that brings its rule; nothing here is a failure).
--
-- Run from the top of the tree: `lua5.4 tests/tools/gb_examples.lua`.
-- @module gb_examples

package.path = "tests/tools/?.lua;" .. package.path
local cases = require "cases"

local M = {}

--- The examples of the digest's section 10: `{{id =, rule =}, ...}` in the digest's order.
function M.examples(text)
  local out, inside = {}, false
  for line in text:gmatch("[^\n]*") do
    if line:match("^## 10%.") then inside = true
    elseif line:match("^## ") then inside = false end
    if inside then
      local id, rule = line:match("^| (T%-[%w%.%-]+) | ([^|]*) |")
      if id then out[#out + 1] = { id = id, rule = rule:gsub("%s+$", "") } end
    end
  end
  return out
end

-- Every spec file under dir (sorted).
local function specs(dir)
  local p = io.popen("find " .. dir .. " -name '*_spec.lua' | LC_ALL=C sort")
  local out = {}
  for f in p:lines() do out[#out + 1] = f end
  p:close()
  return out
end

--- The names of every test under tests/spec: the strings an `it(` or `describe(` opens with
-- (a name continued with `..` counts its first string only).
function M.test_names(root)
  local names = {}
  for _, file in ipairs(specs((root or ".") .. "/tests/spec")) do
    local f = io.open(file, "r")
    local text = f:read("*a")
    f:close()
    for name in text:gmatch("[%s%(]it%(%s*\"([^\"]*)\"") do names[#names + 1] = name end
    for name in text:gmatch("describe%(%s*\"([^\"]*)\"") do names[#names + 1] = name end
  end
  return names
end

--- The report: one line per example and the counts.
function M.run(root)
  local conf, path = cases.find("gbacw")
  local f = assert(io.open(path, "r"))
  local text = f:read("*a")
  f:close()
  local status = {}
  for _, r in ipairs((cases.report(conf, text, root))) do status[r.row.id] = r end
  local names = M.test_names(root)
  local lines, covered, ex = {}, 0, M.examples(text)
  for _, e in ipairs(ex) do
    local hit = false
    for _, n in ipairs(names) do
      -- the id stands whole: T-8.33a is not T-8.33's, nor T-5.3 T-5.34's
      local s, fin = n:find(e.id, 1, true)
      if s and not n:sub(fin + 1, fin + 1):match("[%w%.]") then hit = true break end
    end
    if hit then
      covered = covered + 1
      lines[#lines + 1] = e.id .. " covered"
    else
      local why = "no test names it"
      local case = e.rule:match("(%d+%.%d+)")
      local family = e.id:match("^T%-(%a%a)%d")
      local r = case and status[case]
      if family then
        local ids = {}
        for id in pairs(status) do ids[#ids + 1] = id end
        table.sort(ids)
        for _, id in ipairs(ids) do
          local x = status[id]
          if id:sub(1, #family) == family and x.status == "pending" then
            why = "pending " .. x.text
            break
          end
        end
      elseif r and r.status == "pending" then
        why = "pending " .. r.text
      elseif r and r.status == "left out" then
        why = "left out: " .. r.text
      end
      lines[#lines + 1] = e.id .. " not covered (" .. why .. ")"
    end
  end
  lines[#lines + 1] = string.format("gbacw: %d examples, %d covered, %d not covered", #ex,
    covered, #ex - covered)
  return lines, 0
end

if arg and arg[0] and arg[0]:match("gb_examples%.lua$") then
  local lines, st = M.run()
  for _, l in ipairs(lines) do print(l) end
  os.exit(st)
end

return M
