--- The battle books' set-up notes as GBACW reads them (volley.scenario's set-up lines;
-- docs/formats.md "Set-up notes"): orders `[March]` `[Advance]` `[Attack]` [gbacw 6.11] (the
-- player's choice, `[Orders Player's Choice]`, is Advance until the Division Orders of GBACW
-- II ask it), `(Mounted)` / `(Dismounted)` [gbacw 14.21] [gbacw 14.23] (the other counter of
-- the pair is set up in its stead), `In Reserve` [gbacw 6.3], losses at the start [gbacw
-- 12.21] and fatigue [gbacw 17.24]. Leaders carry no notes: a line's notes fall on its combat
-- units.
-- @module systems.gbacw.setup_notes

local M = {}

local ORDERS = { advance = 0, march = 1, attack = 2, choice = 0 }
local FATIGUE = { OK = 1, ["0"] = 2, ["1"] = 3, ["2"] = 4, ["3"] = 5, ["4"] = 6 }

--- Applies a set-up line's notes to one of its units.
-- @param store the game's store
-- @tparam string unit the id the line names
-- @tparam table notes `{orders =, mount =, reserve =, losses =, fatigue =}`
-- @treturn[1] string the id to set up (the pair's other counter when the note asks for it)
-- @treturn[2] nil
-- @treturn[2] string why
function M.apply(store, unit, notes)
  local info = store:unit(unit)
  if info.kind == "leader" then return unit end
  local id = unit
  if notes.mount == "mounted" or notes.mount == "dismounted" then
    local want = notes.mount == "mounted" and "cavalry" or "dismounted"
    if (info.type == "cavalry" or info.type == "dismounted") and info.type ~= want then
      local pair = store:get(unit, "pair")
      if pair == nil or pair == "" then
        return nil, unit .. " has no " .. notes.mount .. " counter (its field pair) "
          .. "[gbacw 14.21]"
      end
      if not pcall(store.unit, store, pair) then
        return nil, unit .. "'s pair " .. pair .. " is not in the order of battle [gbacw 14.21]"
      end
      id = pair
    end
  end
  if notes.orders then store:set_marker(id, "orders", ORDERS[notes.orders]) end
  if notes.reserve then store:set_marker(id, "reserve", 1) end
  if notes.losses then
    if notes.losses >= store:get(id, "strength") then
      return nil, id .. ": " .. notes.losses .. " losses leave no strength [gbacw 12.21]"
    end
    store:set_marker(id, "steps", notes.losses)
  end
  if notes.fatigue then store:set_marker(id, "fatigue", FATIGUE[notes.fatigue]) end
  return id
end

return M
