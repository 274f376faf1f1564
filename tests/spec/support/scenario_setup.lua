--- What the scenario specs (tests/spec/scenarios) share: a battle read through the loaders of
-- `volley.scenario` as `game.open` reads it, and every unit's hex after its default set-up.
local scenario = require "volley.scenario"

local M = {}

--- The scenario `id` read, its data loaded and its set-up planned.
-- @tparam string id e.g. "rough-and-ready/palo-alto"
-- @treturn table the scenario (`scenario.read`)
-- @treturn table its data (`scenario.load_data`: map, store, ...)
-- @treturn table the set-up plan (`scenario.setup`)
function M.open(id)
  local sc = assert(scenario.read(id))
  local data = assert(scenario.load_data(sc))
  local plan = assert(scenario.setup(sc, data.map, data.store))
  return sc, data, plan
end

--- Every unit's hex after the default set-up (each choice answered with its default).
-- @tparam string id
-- @treturn table hex -> sorted unit ids
-- @treturn table the scenario
-- @treturn table its data
function M.default_setup(id)
  local sc, data, plan = M.open(id)
  for _, c in ipairs(plan.choices) do assert(scenario.place_choice(data.store, c, c.default)) end
  local at = {}
  for _, u in ipairs(data.store:units{}) do
    local kind, hex = data.store:where(u)
    assert(kind == "hex", u .. " is not on the map after the set-up (" .. tostring(kind) .. ")")
    at[hex] = at[hex] or {}
    table.insert(at[hex], u)
  end
  for _, list in pairs(at) do table.sort(list) end
  return at, sc, data
end

return M
