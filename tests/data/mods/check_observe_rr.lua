-- tests/data/mods/check_observe_rr.lua -- a harmless Rough & Ready mod: observes every
-- activation and does nothing, so volley check --mod plays and replays Palo Alto with it
-- (tests/shell/check_mods.sh).
volley.on("activation.start", function(_) end)
