#!/bin/sh
# The GBACW test battle (tests/data/gbacw; docs/gbacw.md): `volley check` finds no error;
# `volley sources` lists the designed tables as provisional with their reasons and never the
# three the rulebook prints; `volley hooks gbacw` lists the catalogue of issue 57; 20 random
# games open and end (GBACW I's sequence only opens the game) [gbacw 3.0].
set -u
volley=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
battle=tests/data/gbacw

out=$("$volley" check "$battle" 2>&1) || fail "check exited $?: $out"
case $out in *"0 errors"*) ;; *) fail "check: $out" ;; esac

src=$("$volley" sources "$battle" 2>&1) || fail "sources exited $?"
for t in fire artillery_fire range_effects shock shock_ratio shock_drm pre_shock_drm; do
  echo "$src" | grep -q "^provisional system charts/gbacw/[a-z_]*\.ini:[0-9]* table\.$t =  -- designed: " \
    || fail "sources: table.$t is not listed as provisional with its reason"
done
for t in orders_change coordination loose_cannon; do
  if echo "$src" | grep -q "table\.$t"; then fail "sources lists table.$t, the rulebook's"; fi
done

hooks=$("$volley" hooks gbacw 2>&1) || fail "hooks exited $?"
for p in game.setup period.start period.end turn.start initiative.roll command.chain \
  efficiency.compute efficiency.transfer orders.division orders.reinforcement reserve.place \
  engineering.start orders.end am.initiative am.pool am.drawn orders.change \
  orders.loose_cannon coordination.roll brigade.start brigade.end unit.action facing.model \
  stacking.limits movement.cost movement.enter reaction.window fire.declared fire.drm \
  fire.resolved shock.designate shock.retreat_before shock.commitment shock.pre_check \
  shock.pre_fire shock.drm shock.resolved shock.advance shock.continued shock.post_disorder \
  retreat.apply rout.apply udd.roll leader.casualty rally.attempt ammo.depletion \
  ammo.resupply am.empty commander.move recovery.step straggler.recovery \
  effectiveness.check turn.end victory.check; do
  echo "$hooks" | grep -q "^$p " || fail "hooks gbacw: no $p"
done

sim=$("$volley" sim "$battle" --games 20 --seed 57 2>&1) || fail "sim exited $?: $sim"
case $sim in *"20 games (seed 57, shard 1/1): 20 finished, 0 capped"*) ;;
  *) fail "sim: $sim" ;; esac
exit 0
