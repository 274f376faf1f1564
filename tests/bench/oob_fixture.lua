-- oob_fixture: what the store's Lua benchmarks share (state_bench, save_bench): a fixed
-- sequence of cases and a generated order of battle of 600 entries on GBACW's schema (per
-- side 3 divisions of 5 brigades of 9 units, their leaders, then reserve guns).
local M = {}

-- A fixed sequence (Park-Miller; no math.random).
local seed = 1
function M.pick(lo, hi)
  seed = (seed * 16807) % 2147483647
  return lo + seed % (hi - lo + 1)
end

function M.label(col, row) return string.format("%02d%02d", col, row) end

--- Writes the order of battle to a temporary file: returns its path, the unit ids and the
-- number of entries (units and leaders).
function M.oob()
  local lines = {"[oob]", "system = gbacw", "sides = USA CSA", ""}
  local ids, n = {}, 0
  local function add(s) lines[#lines + 1] = s end
  for _, side in ipairs{"USA", "CSA"} do
    add("[command." .. side .. "]") add("side = " .. side) add("level = army") add("")
    for d = 1, 3 do
      local div = side .. "-" .. d
      add("[command." .. div .. "]") add("side = " .. side) add("level = division")
      add("parent = " .. side) add("")
      for b = 1, 5 do
        local bde = div .. "." .. b
        add("[command." .. bde .. "]") add("side = " .. side) add("level = brigade")
        add("parent = " .. div) add("")
        add("[leader." .. bde .. "-L]") add("side = " .. side) add("type = leader")
        add("command = " .. bde) add("stars = 1") add("ma = 10") add("command_range = 4") add("")
        n = n + 1
        for k = 1, 9 do
          local id = bde .. "/" .. k
          add("[unit." .. id .. "]") add("side = " .. side)
          add("type = " .. (k <= 6 and "infantry" or k <= 8 and "cavalry" or "artillery"))
          add("command = " .. bde) add("strength = " .. M.pick(1, 12)) add("cohesion = 6")
          add("cohesion_disordered = 4") add("ma = 6") add("")
          ids[#ids + 1] = id
          n = n + 1
        end
      end
    end
  end
  while n < 600 do
    local id = "reserve/" .. n
    add("[unit." .. id .. "]") add("side = " .. (n % 2 == 0 and "USA" or "CSA"))
    add("type = artillery") add("strength = 4") add("cohesion = 6")
    add("cohesion_disordered = 6") add("ma = 8") add("")
    ids[#ids + 1] = id
    n = n + 1
  end
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  return path, ids, n
end

return M
