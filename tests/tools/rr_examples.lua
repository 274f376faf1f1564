--- Lists the digest's worked examples (T-RR-xx, /work/shared/notes/rough_and_ready.md section
-- 8) that a test names and those none names. An example counts as covered when its id is in
-- the name of a test: the title of a `describe` or `it` of a spec of
-- tests/spec/systems/rough_and_ready/ or tests/spec/scenarios/ (a battle's goldens; a title
-- written as several strings joined by `..` reads whole; a comment does not count), or
-- anywhere in a program test of tests/shell/;
-- `T-RR-01a` does not cover `T-RR-01` nor the reverse.
--
-- Run from the top of the tree: `lua5.4 tests/tools/rr_examples.lua [digest]` prints one line
-- per example, `T-RR-05a covered` or `T-RR-09 not covered (Resaca de la Palma's hidden
-- deployment, ...)`, then the counts; it exits 1 only when the digest yields no id (a broken
-- parse).
-- tests/spec/tools/rr_examples_spec.lua runs it through `check()`.

local M = {}

M.DIGEST = os.getenv("VOLLEY_RR_DIGEST") or "/work/shared/notes/rough_and_ready.md"
M.DIRS = { "tests/spec/systems/rough_and_ready", "tests/spec/scenarios", "tests/shell" }

--- The examples of a digest text, in its order: a list of `{ id =, row = }` (the table row).
function M.examples(text)
  local out, seen = {}, {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local id = line:match("^|%s*(T%-RR%-%d+%a?)%s*|")
    if id and not seen[id] then
      seen[id] = true
      out[#out + 1] = { id = id, row = line }
    end
  end
  return out
end

--- Examples #24 moves to Palo Alto or leaves to a later point, whatever the digest's row says.
M.LATER = {
  ["T-RR-09"] = "Resaca de la Palma's hidden deployment, Rough & Ready VII (issue #40)",
  ["T-RR-09b"] = "Resaca de la Palma's hidden deployment, Rough & Ready VII (issue #40)",
}

--- Why an example no test names is uncovered: the point or battle it comes with.
function M.why(row, id)
  if id and M.LATER[id] then return M.LATER[id] end
  local ref = row:match("|%s*([^|]*)|%s*$") or ""
  local case = row:match("^|[^|]*|%s*([^|]*)|") or ""
  if ref:match("RS") or case:match("^RS") then return "Rio Sacramento: no test names it yet" end
  if ref:match("RP") or case:match("^RP") then return "Resaca de la Palma: no test names it yet" end
  return "no test names it yet"
end

-- Whether a text names an id on its own (not as the prefix of a longer id).
local function names(text, id)
  local pat = id:gsub("%-", "%%-")
  local from = 1
  while true do
    local s, e = text:find(pat, from)
    if not s then return false end
    local nxt = text:sub(e + 1, e + 1)
    if not nxt:match("[%w]") then return true end
    from = e + 1
  end
end

local function read(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local t = f:read("*a")
  f:close()
  return t
end

--- The test names of a spec's text, one a line: the titles of its `describe` and `it` calls,
-- each the string literals joined by `..` that open the call.
function M.titles(text)
  local out = {}
  local pos = 1
  while true do
    local s, e = text:find("%f[%w_]describe%s*%(%s*", pos)
    local s2, e2 = text:find("%f[%w_]it%s*%(%s*", pos)
    if s2 and (not s or s2 < s) then s, e = s2, e2 end
    if not s then break end
    local parts, at = {}, e + 1
    while true do
      local lit, after = text:match('^"([^"\n]*)"()', at)
      if not lit then break end
      parts[#parts + 1] = lit
      local nxt = text:match("^%s*%.%.%s*()", after)
      if not nxt then break end
      at = nxt
    end
    out[#out + 1] = table.concat(parts)
    pos = e + 1
  end
  return table.concat(out, "\n")
end

--- The texts of the tests under `root` (a prefix ending in "/" or "") in `dirs` (default
-- `M.DIRS`): each shell test whole, each spec's titles (`M.titles`), in directory and name
-- order. Shared with the other systems' example checkers (tests/tools/spi_examples.lua).
-- @treturn {string,...}
function M.texts(root, dirs)
  local out = {}
  for _, dir in ipairs(dirs or M.DIRS) do
    local p = assert(io.popen("ls " .. root .. dir .. " 2>/dev/null"))
    local list = {}
    for name in p:lines() do
      if name:match("_spec%.lua$") or name:match("%.sh$") then list[#list + 1] = name end
    end
    p:close()
    table.sort(list)
    for _, name in ipairs(list) do
      local t = read(root .. dir .. "/" .. name) or ""
      out[#out + 1] = name:match("%.sh$") and t or M.titles(t)
    end
  end
  return out
end

--- The examples' coverage: `covered` (ids, digest order), `uncovered` (a list of
-- `{ id =, why = }`) and `total`; errors when the digest cannot be read or yields no id.
function M.check(root, digest)
  root = root and (root .. "/") or ""
  local text = read(digest or M.DIGEST)
  if not text then error("rr_examples: cannot read the digest " .. (digest or M.DIGEST), 0) end
  local ex = M.examples(text)
  if #ex == 0 then error("rr_examples: no T-RR id found in the digest", 0) end
  local bodies = M.texts(root)
  local res = { covered = {}, uncovered = {}, total = #ex }
  for _, e in ipairs(ex) do
    local hit = false
    for _, b in ipairs(bodies) do
      if names(b, e.id) then hit = true break end
    end
    if hit then
      res.covered[#res.covered + 1] = e.id
    else
      res.uncovered[#res.uncovered + 1] = { id = e.id, why = M.why(e.row, e.id) }
    end
  end
  return res
end

if arg and arg[0] and arg[0]:match("rr_examples%.lua$") then
  local ok, res = pcall(M.check, nil, arg[1])
  if not ok then
    io.stderr:write(res, "\n")
    os.exit(1)
  end
  local uncov = {}
  for _, u in ipairs(res.uncovered) do uncov[u.id] = u.why end
  local text = read(arg[1] or M.DIGEST)
  for _, e in ipairs(M.examples(text)) do
    if uncov[e.id] then
      print(e.id .. " not covered (" .. uncov[e.id] .. ")")
    else
      print(e.id .. " covered")
    end
  end
  print(string.format("%d covered, %d not covered, of %d", #res.covered, #res.uncovered,
                      res.total))
  os.exit(0)
end

return M
