--- Lists the worked examples of SPI GBACW's digest (T-0.1 ... T-35.2,
-- /work/shared/notes/jackson.md section 10) that a test names and those none names. An example
-- counts as covered when its id is in the name of a test: the title of a `describe` or `it` of
-- a spec of tests/spec/systems/spi_gbacw/ or tests/spec/scenarios/ (a title written as several
-- strings joined by `..` reads whole; a comment does not count), or anywhere in a program test
-- of tests/shell/; `T-30.27a` does not cover `T-30.27` nor the reverse (as
-- tests/tools/rr_examples.lua reads Rough & Ready's).
--
-- Run from the top of the tree: `lua5.4 tests/tools/spi_examples.lua [digest]` prints one line
-- per example, `T-0.1 covered` or `T-9.25 not covered (<why>)`, then the counts; it exits 1
-- only when the digest yields no id (a broken parse). The reason of an uncovered example is
-- the issue of the series that owns its case, as tests/tools/cases/spi_gbacw.ini assigns it.
-- tests/spec/tools/spi_examples_spec.lua runs it through `check()`.

local rr = dofile("tests/tools/rr_examples.lua")
local cases = dofile("tests/tools/cases.lua")

local M = {}

M.DIGEST = os.getenv("VOLLEY_SPI_DIGEST") or (cases.NOTES .. "/jackson.md")
M.DIRS = { "tests/spec/systems/spi_gbacw", "tests/spec/scenarios", "tests/shell" }

--- The examples of a digest text, in its order: a list of `{ id =, row = }` (the table row).
function M.examples(text)
  local out, seen = {}, {}
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    local id = line:match("^|%s*(T%-%d+%.%d+%a?)[%s*|]")
    if id and not seen[id] then
      seen[id] = true
      out[#out + 1] = { id = id, row = line }
    end
  end
  return out
end

local function read(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local t = f:read("*a")
  f:close()
  return t
end

-- The status of every case of the inventory ("pending SPI GBACW III", ...), by case id.
local function statuses(root)
  local conf = assert(cases.config(cases.DATA .. "/spi_gbacw.ini"))
  local text = read(cases.NOTES .. "/" .. conf.digest)
  if not text then return {} end
  local out = {}
  local rep = cases.report(conf, text, root)
  for _, r in ipairs(rep) do out[r.row.id] = cases.line(r):sub(#r.row.id + 2) end
  return out
end

--- Why an example no test names is uncovered: the issue that owns its first case.
function M.why(row, st)
  local ref = row:match("^|[^|]*|%s*([^|]*)|") or ""
  for num in ref:gmatch("%[(%d+%.%d+)") do
    local major = tonumber(num:match("^(%d+)"))
    local id = (major >= 19 and major <= 36) and ("JC " .. num) or num
    local s = st[id]
    if s and s:match("^pending ") then return s:sub(9) .. ": no test names it yet" end
  end
  return "no test names it yet"
end

local function names(text, id)
  local pat = id:gsub("[%-%.]", "%%%0")
  local from = 1
  while true do
    local s, e = text:find(pat, from)
    if not s then return false end
    local nxt = text:sub(e + 1, e + 1)
    if not nxt:match("[%w%.]") or (nxt == "." and not text:sub(e + 2, e + 2):match("%d")) then
      return true
    end
    from = e + 1
  end
end
M.names = names

--- The examples' coverage: `covered` (ids, digest order), `uncovered` (a list of
-- `{ id =, why = }`) and `total`; errors when the digest cannot be read or yields no id.
function M.check(root, digest)
  root = root and (root .. "/") or ""
  local text = read(digest or M.DIGEST)
  if not text then error("spi_examples: cannot read the digest " .. (digest or M.DIGEST), 0) end
  local ex = M.examples(text)
  if #ex == 0 then error("spi_examples: no T-<case> id found in the digest", 0) end
  local bodies = rr.texts(root, M.DIRS)
  local st = statuses(root ~= "" and root:sub(1, -2) or nil)
  local res = { covered = {}, uncovered = {}, total = #ex, list = ex }
  for _, e in ipairs(ex) do
    local hit = false
    for _, b in ipairs(bodies) do
      if names(b, e.id) then hit = true break end
    end
    if hit then
      res.covered[#res.covered + 1] = e.id
    else
      res.uncovered[#res.uncovered + 1] = { id = e.id, why = M.why(e.row, st) }
    end
  end
  return res
end

if arg and arg[0] and arg[0]:match("spi_examples%.lua$") then
  local ok, res = pcall(M.check, nil, arg[1])
  if not ok then
    io.stderr:write(res, "\n")
    os.exit(1)
  end
  local uncov = {}
  for _, u in ipairs(res.uncovered) do uncov[u.id] = u.why end
  for _, e in ipairs(res.list) do
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
