--- `volley check` on a copy of the scheduled test scenario (tests/data/schedule) with one
-- piece of its scenario.ini replaced: the errors, each `scenario.ini:<line>: ...` (the copy's
-- folder left out), or "" when it passes. Shared by schedule_spec and schedule_play_spec.
local core = require "volley.core"

local DIR = "tests/data/schedule"

local function sh(cmd)
  assert(os.execute(cmd), cmd)
end

local function read(path)
  local f = assert(io.open(path, "r"))
  local s = f:read("a")
  f:close()
  return s
end

local function write(path, text)
  local f = assert(io.open(path, "w"))
  f:write(text)
  f:close()
end

--- The errors of the scenario with the first `from` in its scenario.ini replaced by `to`.
-- @tparam string from
-- @tparam string to
-- @treturn string
return function(from, to)
  local tmp = os.tmpname()
  os.remove(tmp)
  sh("mkdir -p " .. tmp .. " && cp " .. DIR .. "/*.ini " .. tmp)
  local text = read(tmp .. "/scenario.ini")
  local a, b = text:find(from, 1, true)
  assert(a, "no '" .. from .. "' in the scenario")
  write(tmp .. "/scenario.ini", text:sub(1, a - 1) .. to .. text:sub(b + 1))
  local st = core.new_state{ modules = { "tests/spec/support" } }
  assert(st:require("volley.inspect"))
  local ok, r = st:call("volley.inspect", "check_in_state", tmp)
  st:close()
  sh("rm -rf " .. tmp)
  assert(ok, r)
  return (table.concat(r.errors, "\n"):gsub("[^\n]*/scenario%.ini:", "scenario.ini:"))
end
