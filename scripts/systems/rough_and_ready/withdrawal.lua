--- Pre-shock withdrawal [rough_and_ready 6.47]: mounted cavalry that an enemy foot unit comes
-- next to may fall back one or two hexes at once, and then neither of the two fires.
--
-- movement.apply calls `entered` after each hex a unit enters. When the mover is one of the
-- activation's infantry (foot: [rough_and_ready 6.47]; leaders, cavalry, guns and wagons do
-- not call for it) and the hex it entered is next to an enemy mounted cavalry unit it was
-- not next to before (it "moves adjacent"; starting there or staying next to it does not
-- count), that cavalry -- when it is not Disordered [rough_and_ready 6.62] nor in Square --
-- is asked, unit by unit in id order, the request `withdraw`: `<hex>` for each hex it may
-- fall back to, label order, then `stay` (the default). The point `cavalry.withdrawal`
-- carries it (replace: decide otherwise; observe: after it, `ctx.to` the hex or nil).
--
-- * **Where** (our ruling, the rule names only the distance): a hex one or two hexes away
--   reached by a path of one or two steps it could take as a move of its own (the Terrain
--   Effects Chart's prohibitions and its MA, stacking [rough_and_ready 5.21, 5.23], never
--   an enemy hex [rough_and_ready 5.28], stopping in the first enemy front hex
--   [rough_and_ready 5.14]) -- the cheapest path to each hex; and not next to the mover: a
--   withdrawal breaks the contact. It is not a move of an activation: 5.15 does not bind it.
-- * **Facing**: it then faces as after a move (the `face` request, default its old facing),
--   or as the stack it joins [rough_and_ready 5.27, 5.34].
-- * **No fire** [rough_and_ready 6.47]: for the rest of the activation the withdrawn unit
--   and the mover do not fire at each other's hex: no movement reaction or return fire by
--   the cavalry, no activated fire by the mover (`fire_refusal`, from fire.check).
-- * **The mover goes on** with its move, hex by hex (volley.walk, [rough_and_ready 5.12]):
--   into the hex the cavalry left, and next to the same cavalry again, which may withdraw
--   again; the rest of its path is cut where the withdrawal made it illegal: before a hex
--   it may no longer enter (its side may then send it on another way with the MP it has
--   left), or at the first hex that is now an enemy front hex [rough_and_ready 5.14, 5.23,
--   5.28].
-- It may happen several times in one activation, and to several cavalry units at one hex.
-- @module systems.rough_and_ready.withdrawal

local command = require "systems.rough_and_ready.command"
local facing = require "systems.rough_and_ready.facing"
local hits = require "systems.rough_and_ready.hits"
local wagons = require "systems.rough_and_ready.wagons"
local refusal = require "systems.rough_and_ready.refusal"

local M = {}

M.R647 = "[rough_and_ready 6.47]"

local contains = require("volley.list").contains

local function adjacent(game, a, b)
  return facing.grid(game):distance(a, b) == 1
end

-- The withdrawals of the activation under way: `{n = activation count, pairs = {{cavalry,
-- mover}, ...}}`; a record of an earlier activation counts for nothing.
local function record(game)
  local act = game.vars.activation
  local w = game.vars.withdrawals
  if not act or not w or w.n ~= act.n then return nil end
  return w
end

--- Whether `a` and `b` are a withdrawn cavalry unit and the mover it withdrew from (either
-- way round) in the activation under way [rough_and_ready 6.47].
function M.bars(game, a, b)
  local w = record(game)
  for _, p in ipairs(w and w.pairs or {}) do
    if (p[1] == a and p[2] == b) or (p[1] == b and p[2] == a) then return true end
  end
  return false
end

--- Why fire from `firers` at `hex` is barred by a withdrawal [rough_and_ready 6.47], or nil:
-- a firer and a unit of the hex are a withdrawn cavalry unit and its mover.
function M.fire_refusal(game, firers, hex)
  if not record(game) then return nil end
  for _, f in ipairs(firers) do
    for _, u in ipairs(game.store:stack(hex)) do
      if M.bars(game, f, u) then
        return refusal.say("6.47", f .. " may not fire at " .. u .. ": one withdrew from the "
          .. "other this activation (neither fires)")
      end
    end
  end
  return nil
end

--- Whether a cavalry unit may withdraw now [rough_and_ready 6.47, 6.62]: mounted, on the
-- map, not Disordered, not in Square.
function M.may_withdraw(game, unit)
  return game:unit_info(unit).type == "cavalry" and command.on_map(game, unit) ~= nil
    and not hits.disordered(game, unit) and game.store:marker(unit, "square") == 0
end

--- The hexes a cavalry unit may withdraw to from a mover in `hex` (see the module's
-- "Where"), label order, each `{hex, path}`.
function M.hexes(game, cavalry, hex)
  local movement = require "systems.rough_and_ready.movement"
  local from = command.on_map(game, cavalry)
  local q = movement.query(game, cavalry)
  local out = {}
  for _, e in ipairs(game.move:reach(from, q)) do
    if e.hex ~= from and e.path and #e.path <= 2 and not adjacent(game, e.hex, hex) then
      out[#out + 1] = { hex = e.hex, path = e.path }
    end
  end
  table.sort(out, function(a, b) return a.hex < b.hex end)
  return out
end

--- Why `to` is not a hex `cavalry` may withdraw to from `mover` in `hex` (the `withdraw`
-- request's `explain`, see `hexes`), or nil.
-- @treturn ?string
function M.why_not(game, cavalry, mover, hex, to)
  if not require("systems.rough_and_ready.movement").is_hex(game, to) then
    return refusal.plain("'" .. tostring(to) .. "' is not a hex of the map")
  end
  local from = command.on_map(game, cavalry)
  local d = facing.grid(game):distance(from, to)
  if d == 0 then
    return refusal.say("6.47", cavalry .. " stands in " .. to .. " (the answer is stay)")
  end
  if d > 2 then
    return refusal.say("6.47", to .. " is " .. d .. " hexes from " .. from .. ": one or two")
  end
  if to == hex then return refusal.say("6.47", mover .. " stands in " .. to) end
  if adjacent(game, to, hex) then
    return refusal.say("6.47", to .. " is next to " .. mover .. " in " .. hex)
  end
  local ok, why = require("systems.rough_and_ready.stacking").legal(game, cavalry, to)
  if not ok then
    -- a hidden enemy there stays unseen: no reason rather than its presence
    if require("systems.rough_and_ready.retreat_refusal").hides_enemy(game, cavalry, to) then
      return nil
    end
    return why
  end
  return refusal.say({ "6.47", "5.1" }, cavalry .. " could not move there by one or two steps "
    .. "of a move (the Terrain Effects Chart, stacking, an enemy unit or its front on the way)")
end

-- The facing after a withdrawal [rough_and_ready 5.27, 5.34].
local function face_after(game, unit, side)
  local at = command.on_map(game, unit)
  local mate = facing.stack_facing(game, unit, at)
  if mate then
    assert(game.store:face(unit, mate))
    return
  end
  local now = game.store:facing(unit)
  local words = facing.words(game)
  local answer = game:ask(side, {
    kind = "face",
    prompt = unit .. " withdrew to " .. at .. ": its facing (a vertex)",
    options = words,
    validate = function(a)
      if facing.canonical(game, a) then return true end
      -- a unit faces a vertex, never a hexside: 5.31, not the request's 5.34
      return false, refusal.say("5.31", "'" .. tostring(a) .. "' is not a facing ("
        .. table.concat(words, " ") .. ", E, W)")
    end,
    default = (now ~= nil and now ~= "none") and now or nil,
    rule = facing.R534,
  })
  assert(game.store:face(unit, facing.canonical(game, answer)))
  game:log(unit .. " faces " .. facing.canonical(game, answer) .. " " .. facing.R534)
end

-- The rule's own procedure: ask, and move the cavalry when it withdraws.
local function ask(game, ctx)
  local cav = ctx.cavalry
  local side = game:unit_info(cav).side
  local names = {}
  for _, o in ipairs(ctx.options) do names[#names + 1] = o.hex end
  names[#names + 1] = "stay"
  local answer = game:ask(side, {
    kind = "withdraw",
    prompt = ctx.unit .. " came next to " .. cav .. " in " .. ctx.hex .. ": withdraw "
      .. cav .. " 1 or 2 hexes (<hex>) or stay",
    options = names,
    default = "stay",
    rule = M.R647,
    explain = function(to) return M.why_not(game, cav, ctx.unit, ctx.hex, to) end,
  })
  for _, o in ipairs(ctx.options) do
    if o.hex == answer then
      local from = command.on_map(game, cav)
      assert(game.store:place(cav, o.hex))
      game:log(string.format("%s withdraws from %s to %s (%s came next to it in %s) %s", cav,
        from, o.hex, ctx.unit, ctx.hex, M.R647))
      face_after(game, cav, side)
      return o.hex
    end
  end
  return nil
end

-- After a `cavalry.withdrawal` replace handler: the hex it returned is one of ctx.options
-- and the cavalry stands there; nil, and the cavalry has not moved.
local function checked(game, ctx, from)
  local contract = require "systems.rough_and_ready.contract"
  if not contract.replacer(game, "cavalry.withdrawal") then return end
  local at = command.on_map(game, ctx.cavalry)
  if ctx.to == nil then
    if at ~= from then
      contract.broken(game, "cavalry.withdrawal", "returned nil but moved " .. ctx.cavalry
        .. " from " .. tostring(from) .. " to " .. tostring(at) .. " " .. M.R647)
    end
    return
  end
  local named = false
  for _, o in ipairs(ctx.options) do
    if o.hex == ctx.to then named = true end
  end
  if not named then
    contract.broken(game, "cavalry.withdrawal", "returned " .. tostring(ctx.to)
      .. " (expected nil or one of ctx.options' hexes) " .. M.R647)
  end
  if at ~= ctx.to then
    contract.broken(game, "cavalry.withdrawal", "returned " .. ctx.to .. " but left "
      .. ctx.cavalry .. " in " .. tostring(at) .. " " .. M.R647)
  end
end

-- A wagon that was stacked with the withdrawing cavalry stays in its hex, alone: the
-- withdrawal is the cavalry's own move, not a retreat, and 7.0 captures a wagon only when
-- its unit retreats or is eliminated [rough_and_ready 6.47, 7.0] (our ruling, 6.47/7.0 in
-- docs/rulings/rough_and_ready.md). Alone it may be shocked (wagons.lone).
local function left_behind(game, cav, from)
  local side = game:unit_info(cav).side
  local w = wagons.of_side(game, side, from)
  if w and game.store:count(from, { side = side, class = "combat" }) == 0 then
    game:log(w .. " stays in " .. from .. ", alone: a wagon does not withdraw with its unit "
      .. "[rough_and_ready 6.47, 7.0]")
  end
end

--- After `mover` entered `r.path[i]` (movement.apply, at the walk's entry; `start` its hex
-- before the move): each enemy cavalry unit it came next to may withdraw (see the module).
-- A withdrawal interrupts the move (volley.walk): movement.apply then checks the rest of the
-- path a step at a time, so it ends before a hex it may no longer enter, or in the first hex
-- that is now an enemy front hex [rough_and_ready 5.14, 5.23, 5.28].
-- @treturn {string,...} the units that withdrew
function M.entered(game, mover, start, r, i)
  local act = game.vars.activation
  local info = game:unit_info(mover)
  if info.type ~= "infantry" or not act or not contains(act.units, mover)
      or game.vars.redeploying then
    return {}
  end
  local hex, prev = r.path[i], r.path[i - 1] or start
  local gone = {}
  for _, cav in ipairs(game.store:units{ side = game:enemy(info.side) }) do
    local at = command.on_map(game, cav)
    if at and adjacent(game, at, hex) and not adjacent(game, at, prev)
        and M.may_withdraw(game, cav) and command.on_map(game, mover) == hex then
      local ctx = require("systems.rough_and_ready.script_api").ctx(game, { unit = mover,
        cavalry = cav, hex = hex, options = M.hexes(game, cav, hex) })
      local was = command.on_map(game, cav)
      ctx.to = game.hooks:replace("cavalry.withdrawal", ctx, function(c) return ask(game, c) end)
      checked(game, ctx, was)
      if ctx.to then
        local list = {}
        for _, p in ipairs((record(game) or {}).pairs or {}) do list[#list + 1] = { p[1], p[2] } end
        list[#list + 1] = { cav, mover }
        game.vars.withdrawals = { n = act.n, pairs = list }
        gone[#gone + 1] = cav
        left_behind(game, cav, was)
      end
      game.hooks:fire("cavalry.withdrawal", ctx)
    end
  end
  return gone
end

return M
