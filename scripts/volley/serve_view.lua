--- What `volley serve`'s pages read of a game in play that the prompt's queries
-- (`volley.queries`) give only as text: each unit a side's view sees, as data. Runs inside
-- the game's engine-owned state (the host calls it with `state:call`); everything crossing
-- back is plain data, through the same view filter (`volley.view`) as the prompt's `show`.
-- @module volley.serve_view

local queries = require "volley.queries"
local session = require "volley.session"

local M = {}

local function flag(x)
  return x ~= nil and x ~= false and x ~= 0
end

--- Every unit and leader `viewer` sees, in the store's order: `{id, name, side, kind (unit
-- or leader), where (a hex label, a track space, a box, or "not set up"), hex (absent off
-- the map), hexes (a unit on more than one), facing, hits, disordered, square, markers (the
-- unit's markers, plain values)}`. A hidden unit is absent.
-- @tparam string viewer a side or "referee"
-- @treturn {table,...}
function M.units(viewer)
  local g = session.game()
  local v = queries.view(viewer)
  local store = g.store
  local out = {}
  for _, u in ipairs(store:units{}) do
    if v:sees(u) then
      local info = store:unit(u)
      local kind, loc = store:where(u)
      local e = { id = u, name = info.name, side = info.side,
                  kind = info.kind == "leader" and "leader" or "unit" }
      if kind == "hex" then
        e.hex, e.where = loc, loc
        local hexes = store:hexes(u)
        if #hexes > 1 then e.hexes = hexes end
        local fok, facing = pcall(store.facing, store, u)
        if fok and type(facing) == "string" then e.facing = facing end
      elseif kind == "none" then
        e.where = "not set up"
      else
        e.where = tostring(loc)
      end
      local mok, m = pcall(store.markers, store, u)
      if mok and type(m) == "table" then
        local plain = {}
        for k, x in pairs(m) do   -- copied whole; the page reads them by name (no order)
          local t = type(x)
          if type(k) == "string" and (t == "number" or t == "boolean"
              or (t == "string" and v:line(x))) then   -- a text naming a hidden unit: left out
            plain[k] = x
          end
        end
        if next(plain) ~= nil then e.markers = plain end
        e.hits = type(m.hits) == "number" and m.hits or 0
        e.disordered = flag(m.disordered)
        e.square = flag(m.square)
      end
      out[#out + 1] = e
    end
  end
  return out
end

return M
