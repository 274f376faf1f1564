--- Lists the cases of Rough & Ready's activation, command, movement, stacking, facing and
-- victory rules (the digest's inventory, rough_and_ready.md section 3.1: 3.x, 4.x,
-- 5.1-5.3, 8.0, with the errata that change them, section 3.6) that no procedure of
-- scripts/systems/rough_and_ready/ (the hook catalogue points.lua left out) or no spec of
-- tests/spec/systems/rough_and_ready/ cites. A case counts as cited only where it is named
-- on its own in a citation (`[rough_and_ready 4.23]`, `[rough_and_ready 3.22, E15]`), not
-- inside a range (`3.11-3.23`).
--
-- Run from the top of the tree: `lua5.4 tests/tools/rr_cases.lua` prints one line per
-- uncited case (`4.24 procedure`, `3.0 test`) and exits 1 if there is any;
-- tests/spec/systems/rough_and_ready/cases_spec.lua runs it through `check()`.

local M = {}

--- The cases, in the rulebook's order. Section headings (3.1, 3.2, 4.2), the historical note
-- 4.0 and the example after 3.23 (covered as T-RR-01) are not cases of their own, nor are
-- the headings 5.1, 5.2, 5.3; the digest's 4.1a-c and 8.0a-d are paragraphs of 4.1 and 8.0.
M.CASES = { "3.0", "3.11", "3.12", "3.13", "3.21", "3.22", "3.23", "4.1", "4.21", "4.22",
            "4.23", "4.24", "4.25", "4.26", "4.27", "4.28",
            "5.11", "5.12", "5.13", "5.14", "5.15",
            "5.21", "5.22", "5.23", "5.24", "5.25", "5.26", "5.27", "5.28",
            "5.31", "5.32", "5.33", "5.34",
            "8.0", "E6", "E10", "E11", "E12", "E15" }

M.PROCEDURES = "scripts/systems/rough_and_ready"
M.TESTS = "tests/spec/systems/rough_and_ready"

--- Fire, Hits, Disorder and Rally (#23): 6.11-6.18, 6.21-6.25, 6.51-6.54, 6.61-6.64,
-- 6.81-6.84 and the 18-pounder's errata E4 (the headings 6.1, 6.5, 6.6, 6.8 are no cases;
-- 6.2's paragraph is, the artillery tables' rule).
M.FIRE = { "6.11", "6.12", "6.13", "6.14", "6.15", "6.16", "6.17", "6.18",
           "6.2", "6.21", "6.22", "6.23", "6.24", "6.25",
           "6.51", "6.52", "6.53", "6.54", "6.61", "6.62", "6.63", "6.64",
           "6.81", "6.82", "6.83", "6.84", "E4" }
for _, c in ipairs(M.FIRE) do M.CASES[#M.CASES + 1] = c end

--- Shock and Retreat (#24): 6.31-6.39 and 6.71-6.76 (the headings 6.3 and 6.7 are no cases).
M.SHOCK = { "6.31", "6.32", "6.33", "6.34", "6.35", "6.36", "6.37", "6.38", "6.39",
            "6.71", "6.72", "6.73", "6.74", "6.75", "6.76" }
for _, c in ipairs(M.SHOCK) do M.CASES[#M.CASES + 1] = c end

--- Cavalry charges (#24 point 2), as far as they are built: 6.41-6.43, 6.46.
M.CHARGE = { "6.41", "6.42", "6.43", "6.46" }
for _, c in ipairs(M.CHARGE) do M.CASES[#M.CASES + 1] = c end

--- Wagons and pre-shock withdrawal (#24 points 2-3): 7.0 (the digest's 7.0a-e), 6.47.
M.WAGONS = { "7.0", "6.47" }
for _, c in ipairs(M.WAGONS) do M.CASES[#M.CASES + 1] = c end

--- Palo Alto's cases written so far (#21, #23): Canales [PA 3.0], the chaparral Hit roll
-- [PA 5.16], Ringgold [PA 6.25], the options PA-Opt1 (ammunition) and PA-Opt2 (grass fire)
-- with its errata E9. Their procedures may be the system's or the battle's own scripts
-- (`M.BATTLE`).
M.PA = { "PA 3.0", "PA 5.16", "PA 6.25", "PA-Opt1", "PA-Opt2", "E9" }
for _, c in ipairs(M.PA) do M.CASES[#M.CASES + 1] = c end

M.BATTLE = { "scenarios/rough-and-ready/palo-alto", "scenarios/rough-and-ready/palo-alto/options" }

-- The cases a text cites, as a set.
function M.cited(text, into)
  into = into or {}
  for body in text:gmatch("%[rough_and_ready ([^%]]*)%]") do
    for token in (body .. ","):gmatch("([^,]*),") do
      token = token:match("^%s*(.-)%s*$")
      local case = token:match("^(%d+%.%d+)$") or token:match("^(E%d+)$")
        or token:match("^(%d+%.%d+) example$") or token:match("^(PA %d+%.%d+)$")
        or token:match("^(PA%-Opt%d+)$")
      if case then into[case] = true end
    end
  end
  return into
end

local function files(dir, suffix)
  local p = assert(io.popen("ls " .. dir))
  local out = {}
  for name in p:lines() do
    -- the hook catalogue names the cases a point belongs to: it is no procedure
    if name:sub(-#suffix) == suffix and name ~= "points.lua" then
      out[#out + 1] = dir .. "/" .. name
    end
  end
  p:close()
  table.sort(out)
  return out
end

local function cited_in(list)
  local set = {}
  for _, path in ipairs(list) do
    local f = assert(io.open(path, "r"))
    M.cited(f:read("*a"), set)
    f:close()
  end
  return set
end

--- The uncited cases: a list of `"<case> procedure"` and `"<case> test"`, in case order.
function M.check(root)
  root = root and (root .. "/") or ""
  local list = files(root .. M.PROCEDURES, ".lua")
  for _, dir in ipairs(M.BATTLE) do
    for _, f in ipairs(files(root .. dir, ".lua")) do list[#list + 1] = f end
  end
  local procs = cited_in(list)
  local tests = cited_in(files(root .. M.TESTS, "_spec.lua"))
  local out = {}
  for _, c in ipairs(M.CASES) do
    if not procs[c] then out[#out + 1] = c .. " procedure" end
    if not tests[c] then out[#out + 1] = c .. " test" end
  end
  return out
end

if arg and arg[0] and arg[0]:match("rr_cases%.lua$") then
  local missing = M.check()
  for _, m in ipairs(missing) do print(m) end
  os.exit(#missing == 0 and 0 or 1)
end

return M
