/*
** map.h -- a battle's map as loaded from map.ini: the grid and its bounds, terrain per hex,
** elevation, features per hexside, roads as links across hexsides, named places, map edges
** and entry hexes, off-map tracks (spaces, their adjacency, links to map hexes) and boxes
** (named holding areas). Terrain types come from the system's terrain.ini and the scenario
** folder's (terrain.h). The module loads and answers questions; what a hex or hexside does
** in a game is for the LOS and movement modules and for the rules in Lua.
** Format: docs/formats.md "map.ini".
**
** Units: elevation and heights are in half-levels (2 per level), so a slope hex half-way
** between levels 1 and 2 is 3 and no value is ever a float. Hexes are vl_hex (hex.h) in the
** map's grid. "Sorted order" for hexes is label order (column, then row: vl_hex_label_cmp);
** for names it is byte order.
*/
#ifndef VOLLEY_MAP_H
#define VOLLEY_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "volley/error.h"
#include "volley/hex.h"
#include "volley/path.h"
#include "volley/terrain.h"

typedef struct vl_map vl_map;

/* Which drawn edge of the map is north (map.ini `north`). */
typedef enum vl_map_north {
  VL_NORTH_TOP = 0,
  VL_NORTH_RIGHT = 1,
  VL_NORTH_BOTTOM = 2,
  VL_NORTH_LEFT = 3
} vl_map_north;

/* A named list of hexes (a place, an edge, an entry, a road). Borrowed from the map. */
typedef struct vl_map_hexes {
  const char *name;
  int kind;               /* roads: the road kind (index into the terrain table); else -1 */
  size_t n;
  const vl_hex *hexes;    /* places and edges: sorted, no repeats; roads: in path order */
} vl_map_hexes;

/* A link between a track space and a map hex. */
typedef struct vl_track_link {
  size_t space;           /* index into spaces */
  vl_hex hex;
} vl_track_link;

/* An off-map track: spaces in their declared order (consecutive spaces are adjacent), more
** adjacencies, links to map hexes. Borrowed from the map. */
typedef struct vl_track {
  const char *name;
  size_t nspaces;
  const char *const *spaces;
  size_t nadjacent;
  const size_t (*adjacent)[2];  /* pairs of space indices, i < j, sorted by (i, j) */
  size_t nlinks;
  const vl_track_link *links;   /* sorted by space index, then hex */
} vl_track;

/* Reads a map (format: docs/formats.md "map.ini"). The system's terrain table is
** charts/<system>/terrain.ini, found through data; a terrain.ini beside the map file adds the
** scenario layer. Returns a map the caller frees with vl_map_free, or NULL with err (may be
** NULL) set to file, line and message; nothing is half-loaded. VL_EIO (unreadable file),
** VL_EPARSE (malformed input, in the map or a terrain.ini), VL_ENOMEM. */
vl_map *vl_map_load(const char *path, const vl_path *data, vl_error *err);

/* The same with the scenario's terrain layer given rather than found beside the map (a
** scenario laid over another plays with the layer it inherits, docs/scenarios.md): layer
** is that terrain.ini, or NULL for none; it must stay inside the folder layer_root (NULL:
** "."), symbolic links included. */
vl_map *vl_map_load_layer(const char *path, const vl_path *data, const char *layer,
                          const char *layer_root, vl_error *err);

/* Frees a map; accepts NULL. */
void vl_map_free(vl_map *m);

/* ---- the header: borrowed strings, valid until vl_map_free ---------------------------------- */

const char *vl_map_path(const vl_map *m);        /* the path it was loaded from */
const char *vl_map_system(const vl_map *m);      /* "rough_and_ready" */
const char *vl_map_provenance(const vl_map *m);
const vl_grid *vl_map_grid(const vl_map *m);
const vl_terrain *vl_map_terrain_table(const vl_map *m);
vl_map_north vl_map_north_edge(const vl_map *m);

/* The label-number bounds: first and last column, first and last row, inclusive. */
void vl_map_bounds(const vl_map *m, int *col_min, int *col_max, int *row_min, int *row_max);

/* Which label part the map's rulebook calls a "row": 1 (the first, XX of XXYY) or 2. */
int vl_map_text_row(const vl_map *m);

/* ---- hexes ---------------------------------------------------------------------------------- */

/* 1 when h is on the map, else 0. */
int vl_map_contains(const vl_map *m, vl_hex h);

/* The number of hexes, and hex i in sorted order (i < count). */
size_t vl_map_hex_count(const vl_map *m);
vl_hex vl_map_hex_at(const vl_map *m, size_t i);

/* The terrain type of h (kind VL_TERRAIN_HEX), or NULL when h is off the map. */
const vl_terrain_type *vl_map_terrain(const vl_map *m, vl_hex h);

/* The index of h's terrain type in the table, or -1 off the map. */
int vl_map_terrain_index(const vl_map *m, vl_hex h);

/* Writes h's elevation in half-levels to *halves. VL_OK, or VL_EINVAL when h is off the map. */
int vl_map_elevation(const vl_map *m, vl_hex h, int *halves);

/* ---- hexsides ------------------------------------------------------------------------------- */

/* The hexside between a and b: *features gets bit i set for hexside type i of the terrain
** table, *roads bit i for road kind i (either pointer may be NULL). Both 0 when a hexside
** has nothing or touches a hex off the map. VL_OK, or VL_EINVAL when a and b are not
** adjacent. */
int vl_map_hexside(const vl_map *m, vl_hex a, vl_hex b, uint32_t *features, uint32_t *roads);

/* ---- names: places, edges, roads, tracks, boxes ------------------------------------------- */

/* Places (map.ini [places]), by index in sorted order or by name (NULL when unknown). */
size_t vl_map_place_count(const vl_map *m);
const vl_map_hexes *vl_map_place_at(const vl_map *m, size_t i);
const vl_map_hexes *vl_map_place(const vl_map *m, const char *name);

/* Edges: the drawn edges top, right, bottom, left (first or last row or column), the compass
** edges north, east, south, west (drawn edges turned by `north`), and the entries of [edges]
** (named groups of edge hexes). Sorted by name. */
size_t vl_map_edge_count(const vl_map *m);
const vl_map_hexes *vl_map_edge_at(const vl_map *m, size_t i);
const vl_map_hexes *vl_map_edge(const vl_map *m, const char *name);

/* Roads: each key of [roads] is one path ("road", "trail.north"), sorted by key. */
size_t vl_map_road_count(const vl_map *m);
const vl_map_hexes *vl_map_road_at(const vl_map *m, size_t i);

/* Tracks, sorted by name. */
size_t vl_map_track_count(const vl_map *m);
const vl_track *vl_map_track_at(const vl_map *m, size_t i);
const vl_track *vl_map_track(const vl_map *m, const char *name);

/* The index of space name in track t, or -1. */
int vl_map_track_space(const vl_track *t, const char *name);

/* Boxes: ids sorted, each with its display name. */
size_t vl_map_box_count(const vl_map *m);
const char *vl_map_box_id(const vl_map *m, size_t i);
const char *vl_map_box(const vl_map *m, const char *id);  /* display name, NULL if unknown */

#endif
