--- Runs a literate guide (docs/designer-guide.md) as a test: every file the guide shows is
-- written, every command it shows is run, in the guide's order, in a fresh folder, and each
-- command's output is compared with what the guide prints.
--
--     lua5.4 tests/tools/guide_run.lua <volley program> <guide.md> [<examples folder>]
--
-- The guide marks what the runner does with an HTML comment on the line before a fenced
-- block (a reader of the rendered page does not see it):
--
-- * `<!-- file: PATH -->`: the block is the whole text of PATH (relative to the working
--   folder); a later block may give the same file again (the next step's version).
-- * `<!-- run -->` (or `<!-- run: fails -->` for a command that must exit non-zero): the block
--   is a console session; each line `$ COMMAND` is run by `sh -c` in the working folder, with
--   `volley` on the PATH meaning the program given and `VOLLEY_PATH` the working folder; the
--   lines after it, up to the next `$` line, are its output (stdout then stderr), compared
--   line by line; a line `...` matches any run of lines (none included). The working folder
--   is the guide's `~/battles`: its path in the output reads `~/battles`. The program finds
--   the system's scripts and charts after VOLLEY_PATH (docs/build.md "The data path").
--
-- With an examples folder, the files the guide wrote under `scenarios/` and `mods/`, and its
-- `.luacheckrc`, at the end must equal that folder's (the examples installed with the program
-- are the guide's result).
-- Exit status 0 when every step held, 1 with each failure named by the guide's line.

local program, guide_path, examples = arg[1], arg[2], arg[3]
if not program or not guide_path then
  io.stderr:write("usage: guide_run.lua <volley> <guide.md> [<examples folder>]\n")
  os.exit(2)
end

local function sh_quote(s)
  return "'" .. s:gsub("'", "'\\''") .. "'"
end

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function abs(path)
  if path:sub(1, 1) == "/" then return path end
  local p = io.popen("pwd")
  local cwd = p:read("l")
  p:close()
  return cwd .. "/" .. path
end

program = abs(program)
local text = assert(slurp(guide_path), "cannot read " .. guide_path)

-- The steps: {kind = "file"|"run", line =, path =, body =, fails =}
local steps = {}
do
  local lines = {}
  for l in (text .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = l end
  local i = 1
  while i <= #lines do
    local mark = lines[i]:match("^<!%-%- (.-) %-%->$")
    local kind, arg_
    if mark then
      local p = mark:match("^file: (%S+)$")
      if p then kind, arg_ = "file", p
      elseif mark == "run" then kind = "run"
      elseif mark == "run: fails" then kind, arg_ = "run", "fails" end
    end
    if kind then
      local fence = lines[i + 1] and lines[i + 1]:match("^(```+)")
      if not fence then
        io.stderr:write(guide_path .. ":" .. i .. ": a marker without a fenced block after it\n")
        os.exit(1)
      end
      local body, j = {}, i + 2
      while j <= #lines and lines[j] ~= fence do
        body[#body + 1] = lines[j]
        j = j + 1
      end
      steps[#steps + 1] = { kind = kind, line = i, path = kind == "file" and arg_ or nil,
                            fails = arg_ == "fails", body = body }
      i = j + 1
    else
      i = i + 1
    end
  end
end

local p = io.popen("mktemp -d")
local work = p:read("l")
p:close()
local bin = work .. "/.bin"
os.execute("mkdir -p " .. sh_quote(bin))
do
  local f = assert(io.open(bin .. "/volley", "w"))
  f:write("#!/bin/sh\nexec " .. sh_quote(program) .. ' "$@"\n')
  f:close()
  os.execute("chmod +x " .. sh_quote(bin .. "/volley"))
end

local failures = {}
local function fail(step, msg)
  failures[#failures + 1] = guide_path .. ":" .. step.line .. ": " .. msg
end

-- `s` with every `from` (plain text, not a pattern) replaced by `to`.
local function plain_replace(s, from, to)
  local out, i = {}, 1
  while true do
    local a, b = s:find(from, i, true)
    if not a then break end
    out[#out + 1] = s:sub(i, a - 1) .. to
    i = b + 1
  end
  out[#out + 1] = s:sub(i)
  return table.concat(out)
end

-- Whether `got` (lines) matches `want` (lines, `...` any run of lines).
local function matches(got, gi, want, wi)
  while wi <= #want do
    if want[wi] == "..." then
      for k = gi, #got + 1 do
        if matches(got, k, want, wi + 1) then return true end
      end
      return false
    end
    if got[gi] ~= want[wi] then return false end
    gi, wi = gi + 1, wi + 1
  end
  return gi == #got + 1
end

for _, step in ipairs(steps) do
  if step.kind == "file" then
    local path = work .. "/" .. step.path
    os.execute("mkdir -p " .. sh_quote(path:match("^(.*)/")))
    local f = assert(io.open(path, "wb"))
    f:write(table.concat(step.body, "\n"), "\n")
    f:close()
  else
    local cmds, cur = {}, nil
    for _, l in ipairs(step.body) do
      local c = l:match("^%$ (.*)$")
      if c then
        cur = { cmd = c, out = {} }
        cmds[#cmds + 1] = cur
      elseif cur then
        cur.out[#cur.out + 1] = l
      end
    end
    for k, c in ipairs(cmds) do
      local line = "cd " .. sh_quote(work) .. " && PATH=" .. sh_quote(bin) .. ":$PATH VOLLEY_PATH="
        .. sh_quote(work) .. " sh -c " .. sh_quote(c.cmd) .. " >.out 2>.err; echo $?"
      local ph = io.popen(line)
      local status = tonumber(ph:read("l"))
      ph:close()
      local got = {}
      for _, name in ipairs{ ".out", ".err" } do
        for l in (slurp(work .. "/" .. name) or ""):gmatch("(.-)\n") do
          got[#got + 1] = plain_replace(l, work, "~/battles")
        end
      end
      local last = k == #cmds
      if step.fails and last then
        if status == 0 then fail(step, "'" .. c.cmd .. "' should have failed, and exited 0") end
      elseif status ~= 0 then
        fail(step, "'" .. c.cmd .. "' exited " .. tostring(status) .. ":\n  "
          .. table.concat(got, "\n  "))
      end
      if not matches(got, 1, c.out, 1) then
        fail(step, "'" .. c.cmd .. "' printed:\n  " .. table.concat(got, "\n  ")
          .. "\nthe guide says:\n  " .. table.concat(c.out, "\n  "))
      end
    end
  end
end

if examples then
  for _, top in ipairs{ "scenarios", "mods", ".luacheckrc" } do
    local w, e = sh_quote(work .. "/" .. top), sh_quote(examples .. "/" .. top)
    local ok = os.execute("(test ! -e " .. w .. " && test ! -e " .. e .. ") || diff -r " .. w
      .. " " .. e .. " >/dev/null")
    if not ok then
      failures[#failures + 1] = guide_path .. ": the guide's " .. top .. " differs from "
        .. examples .. "/" .. top .. " (diff -r " .. work .. "/" .. top .. " ...)"
    end
  end
end

if #failures > 0 then
  for _, f in ipairs(failures) do io.stderr:write(f, "\n") end
  io.stderr:write(#failures .. " step(s) of the guide failed; its folder: " .. work .. "\n")
  os.exit(1)
end
os.execute("rm -rf " .. sh_quote(work))
print(#steps .. " steps of " .. guide_path .. " held")
