/*
** hex.h -- hex grids: labels <-> offset <-> cube coordinates for the four offset layouts;
** neighbours, hexsides, vertices, distance, rings, ranges, and the line between two hex
** centres with the hexsides it runs exactly along. Pure arithmetic: no allocation, no I/O.
** What a rule does with a grazed hexside, a vertex or a range is Lua's business.
**
** Coordinates. A vl_hex holds axial coordinates (q, r); the cube's third is s = -q - r.
** Offset coordinates are the label's own numbers: in "3123" the column is 31 and the row is
** 23 (first part the column, second the row, in every layout). Parity follows the label's
** numbers, so "odd columns" are columns 1, 3, ..., 31 as printed.
**
** Layouts (DESIGN.md Part B; the digests' notes on hex numbering):
**   flat-top   odd-columns-down   Rough & Ready, Battle of Buena Vista (redblobgames "odd-q")
**   flat-top   even-columns-down  Jackson at the Crossroads ("even-q")
**   pointy-top odd-rows-right     ("odd-r")
**   pointy-top even-rows-right    ("even-r")
** The module-level default is flat-top, odd-columns-down.
**
** Directions. A hexside direction is 0..5, clockwise from the layout's first word:
** flat-top N NE SE S SW NW, pointy-top NE E SE SW W NW. Vertex v (0..5) is the corner where
** hexside v meets hexside v+1 (mod 6): flat-top N/NE, NE/SE, SE/S, S/SW, SW/NW, NW/N.
*/
#ifndef VOLLEY_HEX_H
#define VOLLEY_HEX_H

#include <stddef.h>

#include "volley/error.h"

/* The domain of coordinates: every function here is exact for hexes whose q, r (and offset
** column, row) lie within +-VL_HEX_COORD_MAX; beyond it, results are unspecified. */
#define VL_HEX_COORD_MAX (1 << 24)

/* Room for a label and its NUL (digits 2 or 3), a hexside id "a/b" and a vertex id "a/b/c". */
#define VL_HEX_LABEL_MAX 8
#define VL_HEXSIDE_ID_MAX 16
#define VL_VERTEX_ID_MAX 24

/* A hex in axial coordinates. A small value; compare with vl_hex_eq. */
typedef struct vl_hex {
  int q, r;
} vl_hex;

typedef enum vl_layout { VL_FLAT_TOP = 0, VL_POINTY_TOP = 1 } vl_layout;

typedef enum vl_parity {
  VL_ODD_COLUMNS_DOWN = 0,   /* flat-top only */
  VL_EVEN_COLUMNS_DOWN = 1,  /* flat-top only */
  VL_ODD_ROWS_RIGHT = 2,     /* pointy-top only */
  VL_EVEN_ROWS_RIGHT = 3     /* pointy-top only */
} vl_parity;

/* A grid: how labels map to hexes. digits is the width of each label part: 2 for XXYY
** labels, 3 for XXXYYY. A plain value; no resources. */
typedef struct vl_grid {
  vl_layout layout;
  vl_parity parity;
  int digits;
} vl_grid;

/* A hexside, canonical: the hex and a direction in 0..2 (the other hex is its neighbour in
** that direction), so both hexes name the same hexside. */
typedef struct vl_hexside {
  vl_hex hex;
  int dir;
} vl_hexside;

/* A vertex, canonical: the hex and a corner in 0..1, so all three hexes meeting there name
** the same vertex. */
typedef struct vl_vertex {
  vl_hex hex;
  int corner;
} vl_vertex;

/* One step of a line or trace: a hex, or a hexside given as both of its hexes with hex < alt
** in vl_hex_cmp order, so a step reads the same in either direction. At most one of grazing
** and both is set; alt is meaningful when one is. */
typedef struct vl_line_step {
  vl_hex hex;
  vl_hex alt;     /* meaningful when grazing or both */
  int grazing;    /* 1 when the line runs along the hexside between hex and alt: a rule chooses
                  ** which of the two counts (either, both, the defender's) */
  int both;       /* vl_hex_line only: 1 when the line crosses the hexside between hex and alt
                  ** exactly at this step's point, so it passes through both hexes */
} vl_line_step;

/* The facing words (DESIGN.md Part B "Ids and names"). */
typedef enum vl_facing_kind { VL_FACING_HEXSIDE = 0, VL_FACING_VERTEX = 1 } vl_facing_kind;

/* ---- grids --------------------------------------------------------------------------------- */

/* The default grid: flat-top, odd-columns-down, XXYY labels. */
vl_grid vl_grid_default(void);

/* Builds a grid from the words of map.ini: layout "flat-top" | "pointy-top", parity
** "odd-columns-down" | "even-columns-down" | "odd-rows-right" | "even-rows-right", digits 2
** or 3. A parity that does not fit the layout is an error. VL_OK or VL_EINVAL with err. */
int vl_grid_init(vl_grid *g, const char *layout, const char *parity, int digits, vl_error *err);

/* The map.ini words of a grid's layout ("flat-top") and parity ("odd-columns-down"). Static
** strings. */
const char *vl_grid_layout_word(const vl_grid *g);
const char *vl_grid_parity_word(const vl_grid *g);

/* ---- coordinates and labels ---------------------------------------------------------------- */

int vl_hex_eq(vl_hex a, vl_hex b);

/* A total order (q, then r): for sorting and canonical forms. <0, 0, >0. */
int vl_hex_cmp(vl_hex a, vl_hex b);

/* Offset (label numbers) -> hex, and back. Cannot fail. */
vl_hex vl_hex_from_offset(const vl_grid *g, int col, int row);
void vl_hex_to_offset(const vl_grid *g, vl_hex h, int *col, int *row);

/* Parses a label of exactly 2 * g->digits decimal digits ("3123", "0941" with g->digits 2).
** VL_OK, or VL_EPARSE with err->msg naming the label. */
int vl_hex_parse(const vl_grid *g, const char *label, vl_hex *out, vl_error *err);

/* Writes h's label with leading zeros into buf (size n). Returns the label's length, or
** VL_EINVAL when a part is negative or wider than g->digits, or buf is too small. */
int vl_hex_format(const vl_grid *g, vl_hex h, char *buf, size_t n);

/* The order of labels: column, then row (for labels of one width, the order of the strings).
** Defined for every hex, labelled or not. <0, 0, >0. */
int vl_hex_label_cmp(const vl_grid *g, vl_hex a, vl_hex b);

/* ---- neighbours, hexsides, vertices -------------------------------------------------------- */

/* The neighbour of h across hexside direction dir (0..5, the layout's words; any other value
** is taken mod 6, so dir + 3 is the opposite side). */
vl_hex vl_hex_neighbor(const vl_grid *g, vl_hex h, int dir);

/* The direction (0..5) from a to its neighbour b, or -1 when they are not adjacent. */
int vl_hex_direction(const vl_grid *g, vl_hex a, vl_hex b);

/* The canonical hexside of h in direction dir (taken mod 6). */
vl_hexside vl_hexside_of(const vl_grid *g, vl_hex h, int dir);

/* The canonical hexside between a and b; VL_OK, or VL_EINVAL when not adjacent. */
int vl_hexside_between(const vl_grid *g, vl_hex a, vl_hex b, vl_hexside *out);

/* The two hexes of a hexside (a is s.hex). */
void vl_hexside_hexes(const vl_grid *g, vl_hexside s, vl_hex *a, vl_hex *b);

/* A hexside's id: its two labels in label order joined by '/' ("3123/3224"), written into buf
** (size n, VL_HEXSIDE_ID_MAX is enough). Returns the length, or VL_EINVAL when a hex has no
** label or buf is too small. */
int vl_hexside_format(const vl_grid *g, vl_hexside s, char *buf, size_t n);

/* Parses "<label>/<label>" (either order) naming two adjacent hexes. VL_OK, or VL_EPARSE with
** err->msg naming the text (a bad label, a missing '/', hexes not adjacent). */
int vl_hexside_parse(const vl_grid *g, const char *text, vl_hexside *out, vl_error *err);

/* The canonical vertex of h at corner v (0..5, taken mod 6), and the three hexes that meet
** there (out[0] is the vertex's canonical hex, then clockwise around the vertex). */
vl_vertex vl_vertex_of(const vl_grid *g, vl_hex h, int v);
void vl_vertex_hexes(const vl_grid *g, vl_vertex x, vl_hex out[3]);

/* The corner index (0..5) of vertex x as seen from h, or -1 when h does not touch it. */
int vl_vertex_corner(const vl_grid *g, vl_vertex x, vl_hex h);

/* A vertex's id: its three labels in label order joined by '/' ("3123/3124/3224"), written
** into buf (size n, VL_VERTEX_ID_MAX is enough). Returns the length, or VL_EINVAL when a hex
** has no label or buf is too small. */
int vl_vertex_format(const vl_grid *g, vl_vertex x, char *buf, size_t n);

/* Parses "<label>/<label>/<label>" (any order) naming the three hexes of one vertex. VL_OK, or
** VL_EPARSE with err->msg naming the text. */
int vl_vertex_parse(const vl_grid *g, const char *text, vl_vertex *out, vl_error *err);

/* ---- distance, rings, ranges, lines -------------------------------------------------------- */

/* Hex distance from a to b: counts the target hex but not the starting one, the range count
** of [spi_gbacw 9.23] and [battle_of_buena_vista 9.4]. Cannot fail. */
int vl_hex_distance(vl_hex a, vl_hex b);

/* The hexes at exactly distance radius from c (6 * radius of them; c itself for 0), starting
** at the first direction's corner and going clockwise, written to out (capacity max).
** Returns the count, which may exceed max (then only max were written); -1 if radius < 0. */
int vl_hex_ring(const vl_grid *g, vl_hex c, int radius, vl_hex *out, int max);

/* The hexes within distance radius of c (1 + 3r(r+1)), ring by ring from c outwards.
** Same return convention as vl_hex_ring. */
int vl_hex_range(const vl_grid *g, vl_hex c, int radius, vl_hex *out, int max);

/* The hex line from a to b: distance(a, b) + 1 steps from a to b inclusive, step i being the
** hex whose centre is nearest the point i/N of the way along the segment between the centres
** (N the distance), so consecutive steps are adjacent. Where that point lies exactly on a
** hexside the step gives both of its hexes: `grazing` when the segment runs along that
** hexside (its direction is one of the six vertex directions), `both` when it crosses the
** hexside there and so passes through both hexes. Exact integer arithmetic, so the answer is
** the same on every machine and symmetric: the line from b to a holds the same steps in
** reverse order. Returns the step count, which may exceed max (then only max were written);
** -1 never.
** The hex line is the usual shortest chain of hexes along the segment, not every hex the
** segment passes through: a segment close to a row of hexes zigzags across the row's edge
** and touches hexes the line leaves out. For "does the line pass through X" (line of sight
** traced with a thread from centre to centre) use vl_hex_trace. */
int vl_hex_line(const vl_grid *g, vl_hex a, vl_hex b, vl_line_step *out, int max);

/* Every hex the segment between the centres of a and b passes through, in order from a to b:
** each step a hex, or a grazed hexside (`grazing`: the segment runs exactly along the hexside
** between hex and alt, from one end of it to the other; a rule decides which blocks). A hex
** the segment only touches at one point (a vertex it passes through) is not a step. At least
** distance(a, b) + 1 and at most 2 * distance(a, b) + 1 steps; consecutive steps are adjacent
** (both hexes of a grazing step are adjacent to the hex before it and to the hex after it).
** Exact integer arithmetic and symmetric like vl_hex_line. Returns the step count, which may
** exceed max (then only max were written). */
int vl_hex_trace(const vl_grid *g, vl_hex a, vl_hex b, vl_line_step *out, int max);

/* ---- facing words -------------------------------------------------------------------------- */

/* The word of hexside direction dir ("N", "NE", ... on flat-top; "NE", "E", ... on
** pointy-top) or of vertex v ("N/NE", ...). Static strings; NULL when out of range. */
const char *vl_hexside_word(const vl_grid *g, int dir);
const char *vl_vertex_word(const vl_grid *g, int v);

/* The direction (0..5) a hexside word names ("SE"; letters in either case), or -1. */
int vl_hexside_dir(const vl_grid *g, const char *word);

/* The vertex (0..5) a vertex word names: "N/NE" written clockwise or an alias ("E"), letters
** in either case; -1 for anything else. */
int vl_vertex_index(const vl_grid *g, const char *word);

/* Parses a facing for a unit in hex `at`: a hexside word, a vertex word written clockwise
** ("N/NE"; "NE/N" is refused with a hint), the aliases
** E = NE/SE and W = SW/NW on flat-top (N = NW/NE and S = SE/SW on pointy-top), "toward <hex>"
** (the hexside facing that neighbour) and "toward <hex>/<hex>" (the vertex between two
** adjacent neighbours of `at`, in either order). Words match in either case; spaces around
** the text and after "toward" are allowed. Writes the kind and the index (0..5: a direction
** or a vertex). VL_OK, or VL_EPARSE with err->msg saying what was wrong (unknown word, not
** adjacent, ...). */
int vl_facing_parse(const vl_grid *g, vl_hex at, const char *text, vl_facing_kind *kind,
                    int *index, vl_error *err);

#endif
