/*
** facing.h -- facing models as data: which hexsides of a unit (and so which adjacent hexes)
** are Front, Flank and Rear for a facing. Pure geometry over hex.h: no allocation, no state.
** The models themselves come from charts/<system>/units.ini ([facing.<name>] sections, see
** docs/formats.md); which model a unit uses at a given moment (artillery, square, refused,
** March orders, ...) is the rules' business, in Lua.
**
** A facing is a hexside (0..5) or a vertex (0..5) in hex.h's numbering: hexside directions
** clockwise from the layout's first word (flat-top N NE SE S SW NW); vertex v is where
** hexsides v and v+1 meet. A model gives the arc of each hexside by its clockwise offset o
** (0..5) from the facing: hexside (facing + o) mod 6. So a vertex model with Front {0, 1}
** makes the two hexsides meeting at the faced vertex the Front [rough_and_ready 5.31-5.32];
** a hexside model with Front {5, 0, 1} makes the faced hexside and its two neighbours the
** Front [spi_gbacw 7.0].
**
** A unit may occupy up to VL_FACING_PARTS hexes in a chain (each adjacent to the one
** before): GBACW extended lines and columns [gbacw 8.4, 8.5], Battle of Buena Vista's
** double-size counters [battle_of_buena_vista 7.5]. It has one facing; each part has a model
** (usually the same one). A hexside of a part that leads to another part is internal and has
** no arc. The other hexsides get:
**   - a plain model: the arc of its offset, in every part alike (an extended line: every part
**     has its own Front hexes, and together they make the line's front);
**   - a chain model (a column, a double-size counter): the head (part 0) keeps only its Front
**     hexsides, the tail (the last part) only its Rear ones -- offsets counted from the
**     hexside that leads back to the part before it, so a column bent along a road still
**     has its rear behind its last hex -- and every other outer hexside gets the model's
**     `sides` arc [gbacw 8.5x: one Front and one Rear hex, all others Flank]. A chain of
**     one hex is a plain model.
** An adjacent hex touched by several outer hexsides takes the best of their arcs (Front
** before Flank before Rear), as a line of fire along a front/rear border counts as Front
** [spi_gbacw 7.23]. A model's `incoming` arc, when set, is the arc every attack comes through
** whatever its direction: SPI's columns, mounted cavalry and limbered guns are always
** enfiladed [spi_gbacw 7.0].
*/
#ifndef VOLLEY_FACING_H
#define VOLLEY_FACING_H

#include "volley/error.h"
#include "volley/hex.h"

#define VL_FACING_PARTS 3   /* most hexes one unit may occupy */

/* A third kind beside hex.h's VL_FACING_HEXSIDE and VL_FACING_VERTEX: a model that needs no
** facing (its arcs do not turn), or a unit that has not been faced. */
enum { VL_FACING_NONE = 2 };

typedef enum vl_arc {
  VL_ARC_NONE = 0,   /* internal hexside, or no arc asked for */
  VL_ARC_FRONT = 1,
  VL_ARC_FLANK = 2,
  VL_ARC_REAR = 3
} vl_arc;

/* A unit's facing: kind VL_FACING_HEXSIDE or VL_FACING_VERTEX with index 0..5, or
** VL_FACING_NONE (index 0) for a unit not faced. A plain value. */
typedef struct vl_facing {
  int kind;
  int index;
} vl_facing;

/* A facing model. A plain value: copy it freely. */
typedef struct vl_facing_model {
  int kind;                 /* the facing it needs: HEXSIDE, VERTEX, or NONE (any or none) */
  unsigned char arc[6];     /* vl_arc of the hexside at clockwise offset o from the facing */
  int chain;                /* 1: a unit in several hexes is a column (see above) */
  unsigned char sides;      /* chain models: the arc of the outer hexsides between the ends */
  unsigned char incoming;   /* VL_ARC_NONE, or the arc every attack on the unit comes through */
} vl_facing_model;

/* Checks a model: every offset has an arc; a NONE model has one arc for all six (it does not
** turn); a chain model faces hexsides and has a `sides` arc; incoming is an arc or NONE.
** VL_OK, or VL_EINVAL with err->msg saying what is wrong. */
int vl_facing_model_check(const vl_facing_model *m, vl_error *err);

/* The word of an arc: "front", "flank", "rear" (NULL for VL_ARC_NONE and anything else), and
** back: VL_ARC_* or VL_ARC_NONE for an unknown word. */
const char *vl_arc_word(int arc);
int vl_arc_parse(const char *word);

/* Checks that hexes[0..n-1] (n 1..VL_FACING_PARTS) form a chain: distinct, each adjacent to
** the one before. VL_OK, or VL_EINVAL with err->msg naming the offending hexes (labels
** formatted with g). */
int vl_facing_chain_check(const vl_grid *g, const vl_hex *hexes, int n, vl_error *err);

/* The arc of every hexside of every part: out[6 * i + d] for part i (0..n-1) and hexside
** direction d, VL_ARC_NONE for a hexside leading to another part. incoming = 1 applies the
** models' `incoming` arcs (the arc an attack comes through); 0 gives the arcs the unit uses
** itself (where it may move, fire, shock). models[i] is part i's model. The hexes must form a
** chain (vl_facing_chain_check). VL_OK, or VL_EINVAL when a part's model needs a facing of
** another kind than f (err->msg says which). */
int vl_facing_sides(const vl_grid *g, const vl_hex *hexes, int n,
                    const vl_facing_model *const *models, vl_facing f, int incoming,
                    unsigned char out[6 * VL_FACING_PARTS], vl_error *err);

/* The hexes adjacent to the unit (not its own), each with the best arc of the outer
** hexsides touching it, sorted by vl_hex_cmp; at most 6 + 4 * (VL_FACING_PARTS - 1) = 14 of
** them. Writes up to max into hex_out and arc_out; returns the count, or a negative VL_E*
** code as vl_facing_sides does. */
int vl_facing_hexes(const vl_grid *g, const vl_hex *hexes, int n,
                    const vl_facing_model *const *models, vl_facing f, int incoming,
                    vl_hex *hex_out, unsigned char *arc_out, int max, vl_error *err);

/* The arc through which the unit touches the adjacent hex `other`: the best arc of its outer
** hexsides that lead there, or VL_ARC_NONE when `other` is not adjacent (or is one of its
** own hexes). A negative VL_E* code as vl_facing_sides does. */
int vl_facing_arc_of(const vl_grid *g, const vl_hex *hexes, int n,
                     const vl_facing_model *const *models, vl_facing f, int incoming,
                     vl_hex other, vl_error *err);

#endif
