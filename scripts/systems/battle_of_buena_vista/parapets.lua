--- The parapets [battle_of_buena_vista 2.3f], as the movement asks for them: `entered` when a
-- unit enters a hex, `parapet` whether a hex still has its marker (admin.lua keeps them).
-- @module systems.battle_of_buena_vista.parapets

local admin = require "systems.battle_of_buena_vista.admin"

return {
  entered = admin.entered,
  parapet = admin.parapet,
}
