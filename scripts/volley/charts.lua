--- A rule system's chart tables, loaded and checked: the system's `charts/<system-id>/`
-- layered with a scenario's `charts/`, every cell run through the system's result grammar
-- (`volley.results`) at load, so a bad code is refused with its file and line before play.
--
-- A lookup returns what the C engine found (`volley.core.chart`: the cell, the row and column
-- used after shifts and clamping, the table's source and provisional reason) plus `result`,
-- the cell's parsed shape. That is everything DESIGN's JSON `roll` event needs from the chart:
-- `chart`, `row` (`row_label`), `column` (`column_label`) and `result` (docs/charts.md).
-- @module volley.charts

local core = require "volley.core"
local results = require "volley.results"

local M = {}

local load_system

local Charts = {}
Charts.__index = Charts

--- Loads a system's tables and, over them, a scenario's.
-- @tparam string system the system id, e.g. "rough_and_ready": its tables are
--   `charts/<system>/*.ini` on the data path (layer "system")
-- @tparam[opt] string scenario_dir a scenario folder whose `charts/` (if any) holds tables
--   that replace the system's of the same names (layer "scenario")
-- @tparam[opt] string charts_dir the scenario's chart folder when it is not
--   `<scenario_dir>/charts` (a layer inherited, or "game:charts"): kept inside scenario_dir
-- @treturn ?Charts
-- @treturn ?string when nil: "charts/x not found on the data path", a malformed file
--   ("<path>/fire.ini:12: row '3-7' has 2 cells; the table has 3 columns") or a bad result
--   ("<path>/fire.ini:9: table 'small_arms_fire': bad result '1 Hits' for rough_and_ready
--   fire (expected ...)")
-- @raise when system is not a string
-- The schemas that share charts/<system-id>/ with the tables (VL_CHART_SCHEMA_FILES).
local SCHEMAS = { ["los.ini"] = true, ["movement.ini"] = true, ["terrain.ini"] = true,
                  ["units.ini"] = true }

-- Loads the system layer: every chart file of charts/<system>/ on the data path, each file
-- name taken from the first root that has it (so a data root that adds or replaces one
-- file does not hide the others), in byte order of the names. true, or nil and a message.
function load_system(set, system)
  local rel = "charts/" .. system
  local files, names = {}, {}
  for _, root in ipairs(core.data_path()) do
    local list = core.scenario.list_dir(root .. "/" .. rel)
    for _, e in ipairs(list or {}) do
      if e.kind == "file" and e.name:match("%.ini$") and not SCHEMAS[e.name]
          and not files[e.name] then
        files[e.name] = root .. "/" .. rel .. "/" .. e.name
        names[#names + 1] = e.name
      end
    end
  end
  if #names == 0 then
    if core.find(rel) then return true end    -- a system without chart tables
    return nil, rel .. " not found on the data path"
  end
  table.sort(names)
  for _, name in ipairs(names) do
    local ok, err = set:load_file(files[name], "system")
    if not ok then return nil, err end
  end
  return true
end

function M.load(system, scenario_dir, charts_dir)
  if type(system) ~= "string" then
    error("bad system (string expected, got " .. type(system) .. ")", 2)
  end
  local set = core.chart.new()
  local ok, err = load_system(set, system)
  if not ok then return nil, err end
  if scenario_dir then
    local dir = charts_dir or (scenario_dir .. "/charts")
    if core.scenario.inside(scenario_dir, dir) == false then  -- a link leading out: unread
      return nil, dir .. ": leads out of the scenario's folder (" .. scenario_dir .. "): a "
        .. "scenario's files stay inside its folder, symbolic links included"
    end
    ok, err = set:load_dir(dir, "scenario", true)
    if not ok then return nil, err end
  end
  ok, err = results.check(system, set)
  if not ok then return nil, err end
  return setmetatable({ set = set, system = system }, Charts)
end

--- The table names, sorted.
-- @treturn {string,...}
function Charts:names()
  return self.set:names()
end

--- Everything about one table (`volley.core.chart`'s `info`).
-- @tparam string name
-- @treturn ?table
-- @treturn ?string "no table 'x'"
function Charts:info(name)
  return self.set:info(name)
end

--- Looks a cell up and parses it.
-- @tparam string name the table, e.g. "small_arms_fire"
-- @tparam table pick `roll`, `shift` and what the columns need (`value`, `against`, `name`,
--   `header`, or `column`), as `volley.core.chart`'s `lookup`
-- @treturn ?table the lookup (`chart`, `cell`, `row`, `row_label`, `column`, `column_label`,
--   `shift_applied`, `clamped`, `die`, `source`, `provisional`, `layer`, `file`, `line`, ...)
--   with `result`, the cell's shape
-- @treturn ?string "table 'shock_result' has no row for 12", ...
function Charts:lookup(name, pick)
  local found, err = self.set:lookup(name, pick)
  if not found then return nil, err end
  found.result = assert(results.parse(self.system, found.results, found.cell))
  return found
end

return M
