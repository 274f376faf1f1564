--- Rough & Ready's words in the prompt's command language (volley.commands; docs/shell.md
-- "The command language"): the answer words that are not commands, its requests' kinds, the
-- word that answers a request of another kind, and the first words of its move request's
-- answers that are not units, each with its help line. Plain data: the host reads it when
-- the game is loaded (volley.queries.words) and adds it with `commands.extend`, so `help`,
-- completion and the grammar know these words only in a Rough & Ready game.
-- @module systems.rough_and_ready.words

return {
  --- `help <word>`: the answer words that are not commands (`{word, usage, help}`)
  answers = {
    { "charge", "charge <unit>", "at a move request: declare a cavalry charge by the unit, "
        .. "which then moves to contact (Rough & Ready: rules 6.43)" },
    { "rally", "rally", "at a move request: one of the activated units tries to rally (a "
        .. "rally_unit request asks which; Rough & Ready: rules 6.82)" },
    { "square", "square <hex>", "at a move request: the infantry in the hex form a square "
        .. "(Rough & Ready: rules 5.42)" },
    { "unsquare", "unsquare <unit>", "at a move request: the unit leaves its square (Rough & "
        .. "Ready: rules 5.44)" },
    { "all", "all", "at an artillery request with two or more to choose from: every gun and "
        .. "wagon the leader may activate (Rough & Ready: rules 4.28)" },
  },
  --- `help <kind>`, pending or not: the kinds of request it asks and what answers them
  -- (docs/rough_and_ready.md "The requests" has them all)
  kinds = {
    { "activate", "activate <command|hex>", "nominate a command (or a hex of independents) "
        .. "and roll to activate it; after the opponent passed, any command without a roll "
        .. "(Rough & Ready: rules 3.11, 3.22, 4.1)" },
    { "free_activation", "activate <command> | pass", "the opponent's roll failed: activate "
        .. "any command without a roll, or pass (Rough & Ready: rules 3.11, 3.23, 4.1)" },
    { "leadership", "yes | no", "add the Overall Commander's Leadership to the roll (Rough & "
        .. "Ready: rules 4.25)" },
    { "artillery", "<gun> | all | done", "the guns and wagons the activated leader brings "
        .. "along, one at a time (Rough & Ready: rules 4.28)" },
    { "withdraw", "<hex> | stay", "mounted cavalry an enemy came next to may withdraw a hex "
        .. "(Rough & Ready: rules 6.47)" },
    { "draw", "draw | play on", "both sides are over their Withdrawal Levels: agree to a draw "
        .. "or play on (Rough & Ready: rules 8.0)" },
    { "return_fire", "yes | no", "a unit fired on may fire back at the firers' hex (Rough & "
        .. "Ready: rules 6.14)" },
    { "reaction_fire", "yes | no", "units with a mover (or a charger) entering their front "
        .. "may fire at it (Rough & Ready: rules 6.14)" },
    { "hit", "<unit>", "which unit takes a leftover Hit (Rough & Ready: rules 6.51)" },
    { "rally_unit", "<unit> | done", "after rally: which unit tries to rally (Rough & Ready: "
        .. "rules 6.82)" },
    { "retreat", "<hex>", "where a unit retreating with a choice of hexes goes (Rough & Ready: "
        .. "rules 6.75; 6.74 cavalry going on, 6.44 a counter-charger)" },
    { "counter_charge", "yes | no", "mounted cavalry in the hex a charge comes at may "
        .. "counter-charge: a roll against its Adjusted Morale; passed, the charge loses its "
        .. "bonus; failed, the counter-chargers fall back Disordered (Rough & Ready: rules "
        .. "6.44)" },
    { "face_charge", "<vertex> | stay", "a unit charged from outside its front may turn to "
        .. "face the charger (Rough & Ready: rules 6.45)" },
    { "charge_move", "<hex>", "chargers riding on after a failed counter-charge: their second "
        .. "hex (Rough & Ready: rules 6.44)" },
    { "combine", "<gun>+<gun>... | each | alone", "guns of one hex returning fire (or a gun's "
        .. "movement reaction fire): which of them fire together (Rough & Ready: rules 6.22)" },
    { "allocate", "<unit>[+<unit>] <hex> | none", "a stack's first shock: which of its other "
        .. "units shock another hex, declared before the roll (Rough & Ready: rules 6.35)" },
    { "also_activate", "<unit> | done", "the units of another command the activated leader "
        .. "may take along (Rough & Ready: Palo Alto note d)" },
  },
  --- `activate X` answers the free_activation request as it does activate
  kind_words = { activate = { activate = true, free_activation = true } },
  --- the first words of the move request's answers that are not units (turn in place,
  -- charge, squares, the actions step's fire, rally and shock)
  move_verbs = { face = true, charge = true, square = true, unsquare = true, fire = true,
                 rally = true, shock = true },
}
