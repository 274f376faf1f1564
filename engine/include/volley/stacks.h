/*
** stacks.h -- locations and ordered stacks: which items (a unit's parts, state.h) stand where,
** top to bottom, with counts kept per location so that the questions movement, LOS and
** combat ask (top unit, how many combat units of a side, which hexes hold any) cost no scan
** of the whole army.
**
** A location is a hex, a track space, a box, or off the board (eliminated, exited, set
** aside, hidden) -- DESIGN.md Part B "Locations, views and hidden information". Each
** location holds an ordered stack (doubly linked through the items, so moving to the top or
** the bottom is O(1)); an item is in at most one stack.
**
** Plain owned data, no pointers between parts: three flat arrays (items, locations, a hash
** index of the locations), so vl_stacks_copy and vl_stacks_assign are a few memcpy. The hash
** index only speeds up lookups: nothing anyone sees depends on its layout (every listing is
** sorted, every stack is in its own order).
*/
#ifndef VOLLEY_STACKS_H
#define VOLLEY_STACKS_H

#include <stddef.h>

#include "volley/error.h"
#include "volley/hex.h"

typedef enum vl_loc_kind {
  VL_LOC_NONE = 0,        /* not placed (before set-up): in no stack */
  VL_LOC_HEX = 1,
  VL_LOC_SPACE = 2,       /* a track space: `place` is the roster's place index */
  VL_LOC_BOX = 3,         /* a box: `place` likewise */
  VL_LOC_ELIMINATED = 4,
  VL_LOC_EXITED = 5,
  VL_LOC_SET_ASIDE = 6,
  VL_LOC_HIDDEN = 7       /* off the board, out of the opponent's sight */
} vl_loc_kind;

#define VL_LOC_KINDS 8

/* A location: kind, with hex (VL_LOC_HEX) or place (SPACE, BOX); the other members are 0. */
typedef struct vl_loc {
  int kind;
  vl_hex hex;
  int place;
} vl_loc;

vl_loc vl_loc_hex(vl_hex h);
vl_loc vl_loc_place(int kind, int place);   /* VL_LOC_SPACE or VL_LOC_BOX */
vl_loc vl_loc_off(int kind);                /* ELIMINATED, EXITED, SET_ASIDE, HIDDEN, NONE */
int vl_loc_eq(vl_loc a, vl_loc b);
/* A total order: kind, then hex (vl_hex_cmp), then place. <0, 0, >0. */
int vl_loc_cmp(vl_loc a, vl_loc b);

/* The word of a kind: "none", "hex", "space", "box", "eliminated", "exited", "set_aside",
** "hidden"; and back (-1 for an unknown word). */
const char *vl_loc_kind_word(int kind);
int vl_loc_kind_parse(const char *word);

typedef struct vl_stacks vl_stacks;

/* Stacks for items 0..n_items-1 of up to n_sides sides (1..8), all unplaced. NULL when out of
** memory. */
vl_stacks *vl_stacks_new(int n_items, int n_sides);
vl_stacks *vl_stacks_copy(const vl_stacks *s);
/* Makes dst an exact copy of src (same n_items and n_sides). VL_OK, VL_EINVAL when the sizes
** differ, VL_ENOMEM (dst then unchanged). */
int vl_stacks_assign(vl_stacks *dst, const vl_stacks *src);
void vl_stacks_free(vl_stacks *s);

/* Puts item (removed first from wherever it was) into the stack at loc, at position pos:
** 0 the top, -1 the bottom, k > 0 below the k topmost items (past the bottom = the bottom).
** side is the item's side index; counted says it counts for combat_count (a combat unit).
** VL_OK, VL_EINVAL (bad item, side, or loc NONE), VL_ENOMEM (the item is then unplaced). */
int vl_stacks_put(vl_stacks *s, int item, vl_loc loc, int pos, int side, int counted);

/* Takes item out of its stack (it becomes unplaced). Harmless for an unplaced item. */
void vl_stacks_remove(vl_stacks *s, int item);

/* Where item is (VL_LOC_NONE when unplaced) and its position from the top (0-based). */
vl_loc vl_stacks_where(const vl_stacks *s, int item);
int vl_stacks_position(const vl_stacks *s, int item);

/* The top item at loc, or -1; the item below item, or -1. */
int vl_stacks_top(const vl_stacks *s, vl_loc loc);
int vl_stacks_below(const vl_stacks *s, int item);

/* Sides as a bit mask: bit k for side k. */
#define VL_SIDE_BIT(k) (1u << (unsigned)(k))
#define VL_ALL_SIDES 0xFFu

/* Items at loc, and combat items there of the sides in mask `sides`. */
int vl_stacks_count(const vl_stacks *s, vl_loc loc);
int vl_stacks_combat_count(const vl_stacks *s, vl_loc loc, unsigned sides);

/* The items at loc top to bottom into out (capacity max); returns the count (may exceed max). */
int vl_stacks_list(const vl_stacks *s, vl_loc loc, int *out, int max);

/* The hexes holding at least one combat item of the sides in mask `sides` (the enemy's, for
** movement: VL_ALL_SIDES & ~VL_SIDE_BIT(own)), sorted by vl_hex_cmp, into out (capacity
** max); returns the count. A count above max means out holds no answer: ask again with
** room (vl_stacks_locations likewise). */
int vl_stacks_combat_hexes(const vl_stacks *s, unsigned sides, vl_hex *out, int max);

/* Every occupied location, sorted by vl_loc_cmp, into out; same convention. */
int vl_stacks_locations(const vl_stacks *s, vl_loc *out, int max);

/* Bytes held (for the benchmarks). */
size_t vl_stacks_bytes(const vl_stacks *s);

#endif
