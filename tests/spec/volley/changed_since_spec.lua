-- store:changed_since (vl_state_changed_since): the units changed since a generation, what
-- a rule system's kept data is brought up to date from (docs/state.md "The generation";
-- Rough & Ready's movement.board). On the Rough & Ready fixture (tests/data/rr).
local rr = require "support.rr"

describe("store:changed_since", function()
  it("gives the units changed since a generation, in id order, and every unit after a "
    .. "restore", function()
      local g = rr.open(1)
      local store = g.store
      local g0 = store:generation()
      assert.are.same({}, store:changed_since(g0))
      assert(store:place("8US-1", "0703"))
      local g1 = store:generation()
      assert(store:face("4US-1", "S/SW"))
      assert.are.same({ "4US-1", "8US-1" }, store:changed_since(g0))
      assert.are.same({ "4US-1" }, store:changed_since(g1))
      -- reads and refused changes are no change
      store:where("C3US")
      assert.is_false(pcall(store.set_marker, store, "C3US", "nonesuch", 1))
      assert.are.same({}, store:changed_since(store:generation()))
      local snap = store:copy()
      local g2 = store:generation()
      store:restore(snap)
      assert.are.equal(#store:units{}, #store:changed_since(g2))
      assert.are.same(store:units{}, store:changed_since(g2))
    end)
end)
