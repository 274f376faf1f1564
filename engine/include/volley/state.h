/*
** state.h -- the state store: everything about the units that changes during a game (where
** each one is, its place in its stacks, its facing and facing models, its current values and
** markers, its artillery attachment, whether it is hidden) and the scripts' value tree
** `game.vars` (value.h), over a frozen roster (units.h) and a grid (hex.h).
**
** Shape, for the serialisation and snapshots built on it (DESIGN.md Part B "The save file"):
** the roster and schema are shared read-only by reference count; everything else is plain
** owned data in a few flat arrays -- per unit a fixed record, a row of values and a row of
** markers (both int, schema order), the stacks (stacks.h: three arrays, no pointers) -- plus
** the vars tree. vl_state_copy is therefore a handful of memcpy and one deep copy of the
** vars; vl_state_restore writes a copy back into an existing state (so handles to it stay
** valid) and leaves it untouched if memory runs out. Units are indexed in id order (the
** roster's), so walking them by index is walking them in canonical order.
**
** The store answers questions and records changes; it decides no rule. A change that the
** data forbids (a value out of its range, a vertex facing for a unit whose model faces
** hexsides, a double-size counter given one hex) is refused with VL_EINVAL and err->msg; the
** store is then unchanged.
**
** The game state is this store and nothing else (DESIGN.md principles 2 and 5): besides the
** units and the vars it owns the game's dice (their generator state, vl_dice_state) and the
** cursor (where the game stands in its sequence of play), so that a snapshot, a restore, the
** canonical serialisation and the state hash all carry them with the rest.
**
** Units and parts. A unit stands on 1 to VL_FACING_PARTS hexes (part 0 is the counter's own
** hex: the head of a double-size counter or column, the parent of an extended line), or on
** one track space, in one box, or off the board. Each part is in its hex's stack; a unit off
** the hexes has one part. Positions count from the top (0).
*/
#ifndef VOLLEY_STATE_H
#define VOLLEY_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "volley/dice.h"
#include "volley/error.h"
#include "volley/facing.h"
#include "volley/hex.h"
#include "volley/stacks.h"
#include "volley/units.h"
#include "volley/value.h"

typedef struct vl_state vl_state;

/* A store for finished roster r (retained) on grid g (copied): every unit unplaced (VL_LOC_NONE)
** and unfaced, its values those of the roster, no markers, every part on its type's model, not
** attached, not hidden; the vars an empty map. NULL when out of memory or r is not finished. */
vl_state *vl_state_new(vl_roster *r, const vl_grid *g);

/* A store of st's roster and grid as vl_state_new makes it (nothing placed, the vars and the
** cursor empty, the dice seeded with 0); NULL when out of memory. */
vl_state *vl_state_new_like(const vl_state *st);

/* A deep copy sharing only the read-only roster; NULL when out of memory. The copy's dice
** have the same generator state and counters, an empty roll log and no forced values (those
** are not game state: dice.h). */
vl_state *vl_state_copy(const vl_state *st);

/* Makes dst equal to src (a copy of the same roster, e.g. a snapshot): units, stacks, vars,
** cursor, and the dice's generator state and counters (dst's dice keep their own log and
** forced queue, as vl_dice_set_state does). VL_OK; VL_EINVAL for another roster; VL_ENOMEM
** (dst unchanged). */
int vl_state_restore(vl_state *dst, const vl_state *src);

void vl_state_free(vl_state *st);

const vl_roster *vl_state_roster(const vl_state *st);
const vl_schema *vl_state_schema(const vl_state *st);
const vl_grid *vl_state_grid(const vl_state *st);

/* The store's generation: a count that every successful change of the units bumps (a place,
** restack, reorder, facing, model, value, marker, hidden flag or attachment) and every
** vl_state_restore (hence deserialise) bumps too; reads and refused changes leave it. It
** does not count changes of the vars, the cursor or the dice. Equal generations of one store
** mean its units are as they were, so what is derived from them alone (the enemy front hexes
** of a side, say) may be kept until the count moves; a copy starts at its source's count.
** Not game state: never serialised nor hashed. */
uint64_t vl_state_generation(const vl_state *st);

/* The generation of unit u's last change: the store's generation just after the last place,
** restack, reorder, facing, model, value, marker, hidden flag or attachment of u, or after
** the last vl_state_restore (which counts every unit as changed); 0 for a unit never changed
** and for a bad index. While it is the same, what is derived from u's own state alone (its
** arcs, say) may be kept. */
uint64_t vl_state_unit_generation(const vl_state *st, int u);

/* The units changed since generation `since` (a count vl_state_generation gave): those whose
** own generation (vl_state_unit_generation) is past it, in index order (roster order), the
** first `max` of them written to out (out may be NULL when max is 0). Returns how many there
** are, which may be more than max. What is kept from the units may be brought up to date from
** these alone, the others being as they were at `since`; after a vl_state_restore every unit
** counts. */
int vl_state_changed_since(const vl_state *st, uint64_t since, int *out, int max);

/* Bytes held by the store, the shared roster not counted (for the benchmarks). */
size_t vl_state_bytes(const vl_state *st);

/* ---- values and markers -------------------------------------------------------------------- */

/* The current held value of field f of unit u (vl_field: int, bool 0/1, enum index; 0 for a
** string field, whose text is vl_roster_text, and for a field the unit does not have). */
int vl_state_value(const vl_state *st, int u, int f);

/* Sets it. VL_EINVAL with err->msg for a field the unit does not have, a string field (read
** only in play), or a value outside the field's range. */
int vl_state_set_value(vl_state *st, int u, int f, int v, vl_error *err);

/* Marker m of unit u (0: none), and setting it within the marker's range (0 removes it). */
int vl_state_marker(const vl_state *st, int u, int m);
int vl_state_set_marker(vl_state *st, int u, int m, int v, vl_error *err);

/* Whether u is hidden from the other sides (the view filter's business; any location). */
int vl_state_hidden(const vl_state *st, int u);
void vl_state_set_hidden(vl_state *st, int u, int hidden);

/* ---- the hierarchy in play ----------------------------------------------------------------- */

/* The command unit u is attached to besides its own, or -1: a division's battery attached to
** a brigade [gbacw 4.32], Zapadores attached to a brigade [gbacw BV Zapadores]. The rules say
** who may attach where; the store needs a non-leader unit and a command of its side. c = -1
** detaches. */
int vl_state_attached(const vl_state *st, int u);
int vl_state_attach(vl_state *st, int u, int c, vl_error *err);

/* Flags for vl_state_units_of. */
enum {
  VL_UNITS_SUBCOMMANDS = 1,  /* also the units of the commands under c */
  VL_UNITS_ATTACHED = 2,     /* also units attached to c (or under it) */
  VL_UNITS_LEADERS = 4       /* also the leaders of those commands */
};

/* The units of command c (non-leaders whose command is c, plus what flags add), in id order,
** into out (capacity max); returns the count (which may exceed max). */
int vl_state_units_of(const vl_state *st, int c, int flags, int *out, int max);

/* The units of the sides in mask `sides` with any of the class bits (classes 0: any unit),
** in id order. Same convention. The leaders of a side: classes VL_CLASS_LEADER. */
int vl_state_units(const vl_state *st, unsigned sides, unsigned classes, int *out, int max);

/* ---- locations and stacks ------------------------------------------------------------------ */

/* Puts unit u at loc, on top of each stack (pos 0) or at the bottom (pos -1) or below the pos
** topmost units. For loc.kind VL_LOC_HEX, hexes[0..n-1] are its hexes (a chain: part 0 first;
** loc.hex is ignored); a type with a fixed length (double-size counters: 2) needs exactly
** that many; a part it did not have before takes part 0's facing model (an extension faces
** like its unit). Other kinds take n = 0. VL_LOC_NONE takes it off everything. VL_EINVAL
** with err->msg when the hexes are no chain, the length is wrong, or the place is unknown;
** VL_ENOMEM. The store is unchanged on any error. */
int vl_state_place(vl_state *st, int u, vl_loc loc, const vl_hex *hexes, int n, int pos,
                   vl_error *err);

/* Where u is: the location (for hexes: kind VL_LOC_HEX and hex = part 0's hex), and its
** hexes into hexes (may be NULL; room for VL_FACING_PARTS). Returns the number of hexes (0
** off the hexes). */
int vl_state_location(const vl_state *st, int u, vl_loc *loc, vl_hex *hexes);

/* Position (from the top, 0-based) of part `part` of u in its stack; -1 when unplaced. */
int vl_state_position(const vl_state *st, int u, int part);

/* Moves part `part` of u (-1: every part) to position pos of its stack (0 top, -1 bottom). */
int vl_state_restack(vl_state *st, int u, int part, int pos, vl_error *err);

/* Reorders the stack at loc to units[0..n-1], top first: a permutation of the units there.
** VL_EINVAL otherwise (the stack unchanged). */
int vl_state_reorder(vl_state *st, vl_loc loc, const int *units, int n, vl_error *err);

/* The units at loc, top to bottom, into out (capacity max); returns the count (may exceed
** max). An extended unit is listed in each of its hexes. */
int vl_state_stack(const vl_state *st, vl_loc loc, int *out, int max);

/* The top unit at loc, or -1. */
int vl_state_top(const vl_state *st, vl_loc loc);

/* Sum of field f over the units in hex h of type `type` (-1: any) with any of the class bits
** (0: any): the strength by unit type in a hex. An extended unit counts whole in each of its
** hexes (the rules split it where they must [gbacw 8.44]). */
long vl_state_total(const vl_state *st, vl_hex h, int f, int type, unsigned classes);

/* Number of units in hex h of the sides in `sides` having any of the class bits (0: any):
** e.g. artillery present = vl_state_count(st, h, VL_ALL_SIDES, VL_CLASS_ARTILLERY) > 0. */
int vl_state_count(const vl_state *st, vl_hex h, unsigned sides, unsigned classes);

/* The units of the sides in `sides` with any of the class bits (0: any) that have a hex
** within distance n of h (hex.h's range count), in id order. Same return convention. */
int vl_state_within(const vl_state *st, vl_hex h, int n, unsigned sides, unsigned classes,
                    int *out, int max);

/* The hexes holding combat units (VL_CLASS_COMBAT) of the sides in `sides`, sorted by
** vl_hex_cmp: the blockers for movement and LOS. A count above max means out holds no answer
** (ask again with room). */
int vl_state_combat_hexes(const vl_state *st, unsigned sides, vl_hex *out, int max);

/* ---- facing -------------------------------------------------------------------------------- */

vl_facing vl_state_facing(const vl_state *st, int u);

/* Sets u's facing, and the model of every part when model >= 0, in one step: refused
** (VL_EINVAL, nothing changed) when a part's model needs another kind of facing, with the
** model's name and source in err->msg. A facing of kind VL_FACING_NONE clears it. */
int vl_state_set_facing(vl_state *st, int u, vl_facing f, int model, vl_error *err);

/* The model (schema index) of part `part` of u; setting it for one part or all (part -1).
** Refused like vl_state_set_facing when the unit's facing is of another kind. */
int vl_state_model(const vl_state *st, int u, int part);
int vl_state_set_model(vl_state *st, int u, int part, int model, vl_error *err);

/* u's arcs (facing.h): its adjacent hexes with their arcs, sorted, as vl_facing_hexes; the
** arc toward one hex, as vl_facing_arc_of; its hexsides per part, as vl_facing_sides (but
** returning the number of parts). incoming = 1 for the arc an attack comes through.
** VL_EINVAL when u is not on the hexes or its facing does not fit its models (a unit not
** yet faced whose model needs a facing). */
int vl_state_arcs(const vl_state *st, int u, int incoming, vl_hex *hex_out,
                  unsigned char *arc_out, int max, vl_error *err);
int vl_state_arc_of(const vl_state *st, int u, vl_hex other, int incoming, vl_error *err);
int vl_state_sides(const vl_state *st, int u, int incoming,
                   unsigned char out[6 * VL_FACING_PARTS], vl_error *err);

/* ---- game.vars ----------------------------------------------------------------------------- */

/* The root of the vars: a map owned by the state, borrowed (valid until the state is freed
** or restored). Change it through value.h. Unit, space and box ids in it are roster indices. */
vl_value *vl_state_vars(vl_state *st);
const vl_value *vl_state_vars_const(const vl_state *st);

/* ---- the dice and the cursor --------------------------------------------------------------- */

/* The game's dice (dice.h), owned by the store and borrowed until it is freed: every roll of
** the game is made with them, so their generator state and counters are game state (copied,
** restored, serialised and hashed with the rest). A new store's dice are seeded with 0. */
vl_dice *vl_state_dice(vl_state *st);
const vl_dice *vl_state_dice_const(const vl_state *st);

/* Seeds the store's dice for game seed `seed` (0 <= seed < 2^53) exactly as vl_dice_new
** does: no rolls made. Their log and forced queue are left alone. VL_OK, or VL_EINVAL with
** err->msg for a seed out of range (the dice unchanged). */
int vl_state_seed(vl_state *st, uint64_t seed, vl_error *err);

/* The cursor: where the game stands in its sequence of play (DESIGN.md principle 5: turn,
** phase, step, active side, pending request ...), a map (value.h) that the runtime writes at
** each step boundary. The store keeps it, copies, restores and serialises it, and gives it no
** meaning. A new store's cursor is an empty map. Borrowed until the next set_cursor, restore
** or free. */
const vl_value *vl_state_cursor(const vl_state *st);

/* Replaces the cursor with `cursor`, which the store then owns. VL_OK, or VL_EINVAL with
** err->msg when it is not a map (it is freed all the same, and the old cursor stays). */
int vl_state_set_cursor(vl_state *st, vl_value *cursor, vl_error *err);

/* ---- the canonical serialisation and the state hash (state_text.c) -------------------------- */

/* The version of the serialisation, its first line "volley-state 1". */
#define VL_STATE_FORMAT 1

/* Room for a state hash: 16 lower-case hex digits and the NUL. */
#define VL_STATE_HASH_MAX 17

/* The canonical serialisation of the game state (docs/formats.md "The state serialisation"):
** UTF-8 text, one fact a line, hexes named by label and units by id, in a fixed order -- the
** cursor, the dice, every unit (id order), the stacks of two units or more, the vars -- so
** that two stores print the same bytes exactly when their game states are equal. This is
** what `volley dump` prints and what the state hash hashes. Returns a NUL-terminated string
** the caller frees (free()), its length in *len (len may be NULL); NULL when out of memory. */
char *vl_state_serialize(const vl_state *st, size_t *len);

/* The state hash: XXH3-64 (seed 0) of exactly the bytes vl_state_serialize gives, written as
** 16 lower-case hex digits and a NUL into out (and as a number into *h when h is not NULL).
** VL_OK, or VL_ENOMEM. Never the scenario, the options or the mods: the save's header
** records those (save.h). */
int vl_state_hash(const vl_state *st, char out[VL_STATE_HASH_MAX], uint64_t *h);

/* The inverse: makes st hold the state that `text` (len bytes) serialises, text having been
** written by vl_state_serialize for a store of the same roster and grid. Only the canonical
** text of some state is accepted, so serialise -> deserialise -> serialise gives the same
** bytes. VL_OK; VL_EPARSE with err->file = name (may be NULL), err->line (1-based) and
** err->msg saying what is wrong; VL_ENOMEM. On any error st is untouched. The dice keep their
** own log and forced queue. */
int vl_state_deserialize(vl_state *st, const char *text, size_t len, const char *name,
                         vl_error *err);

#endif
