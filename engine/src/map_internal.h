/*
** map_internal.h -- the vl_map struct, shared by map.c (queries) and map_load.c (reading
** map.ini). Not part of the public API.
*/
#ifndef VOLLEY_MAP_INTERNAL_H
#define VOLLEY_MAP_INTERNAL_H

#include "arena.h"
#include "volley/map.h"

/* Hexes are stored in label order (column-major): cell (col, row) is
** (col - col_min) * nrows + (row - row_min); a hexside by its canonical hex's cell * 3 + its
** direction 0..2. Everything hangs off the arena, freed with the map. */
struct vl_map {
  vl_arena arena;
  const char *path, *system, *provenance;
  vl_grid grid;
  int col_min, col_max, row_min, row_max, ncols, nrows;
  vl_map_north north;
  int text_row;
  vl_terrain *terrain;
  size_t ncells;
  uint16_t *hex_type;    /* per cell: terrain index */
  int16_t *elev;         /* per cell: half-levels */
  uint32_t *side_feat;   /* per cell * 3 + dir: hexside feature bits */
  uint32_t *side_road;   /* likewise: road kind bits */
  vl_map_hexes *places, *edges, *roads;
  size_t nplaces, nedges, nroads;
  vl_track *tracks;
  size_t ntracks;
  const char **box_ids, **box_names;
  size_t nboxes;
};

/* The cell of h, or -1 when h is off the map. */
long vl_map_cell(const vl_map *m, vl_hex h);

#endif
