/*
** map.c -- queries on a loaded map: bounds, terrain, elevation, hexsides, names. Reading
** map.ini is map_load.c; the struct is in map_internal.h.
*/
#include "volley/map.h"

#include <stdlib.h>
#include <string.h>

#include "map_internal.h"

long vl_map_cell(const vl_map *m, vl_hex h) {
  int col, row;
  vl_hex_to_offset(&m->grid, h, &col, &row);
  if (col < m->col_min || col > m->col_max || row < m->row_min || row > m->row_max) return -1;
  return (long)((size_t)(col - m->col_min) * (size_t)m->nrows + (size_t)(row - m->row_min));
}

void vl_map_free(vl_map *m) {
  if (m == NULL) return;
  vl_terrain_free(m->terrain);
  vl_arena_free(&m->arena);
  free(m);
}

const char *vl_map_path(const vl_map *m) { return m->path; }
const char *vl_map_system(const vl_map *m) { return m->system; }
const char *vl_map_provenance(const vl_map *m) { return m->provenance; }
const vl_grid *vl_map_grid(const vl_map *m) { return &m->grid; }
const vl_terrain *vl_map_terrain_table(const vl_map *m) { return m->terrain; }
vl_map_north vl_map_north_edge(const vl_map *m) { return m->north; }
int vl_map_text_row(const vl_map *m) { return m->text_row; }

void vl_map_bounds(const vl_map *m, int *col_min, int *col_max, int *row_min, int *row_max) {
  if (col_min) *col_min = m->col_min;
  if (col_max) *col_max = m->col_max;
  if (row_min) *row_min = m->row_min;
  if (row_max) *row_max = m->row_max;
}

int vl_map_contains(const vl_map *m, vl_hex h) { return vl_map_cell(m, h) >= 0; }

size_t vl_map_hex_count(const vl_map *m) { return m->ncells; }

vl_hex vl_map_hex_at(const vl_map *m, size_t i) {
  int col = m->col_min + (int)(i / (size_t)m->nrows);
  int row = m->row_min + (int)(i % (size_t)m->nrows);
  return vl_hex_from_offset(&m->grid, col, row);
}

int vl_map_terrain_index(const vl_map *m, vl_hex h) {
  long c = vl_map_cell(m, h);
  return c < 0 ? -1 : (int)m->hex_type[c];
}

const vl_terrain_type *vl_map_terrain(const vl_map *m, vl_hex h) {
  int t = vl_map_terrain_index(m, h);
  return t < 0 ? NULL : vl_terrain_type_at(m->terrain, VL_TERRAIN_HEX, (size_t)t);
}

int vl_map_elevation(const vl_map *m, vl_hex h, int *halves) {
  long c = vl_map_cell(m, h);
  if (c < 0) return VL_EINVAL;
  *halves = m->elev[c];
  return VL_OK;
}

int vl_map_hexside(const vl_map *m, vl_hex a, vl_hex b, uint32_t *features, uint32_t *roads) {
  vl_hexside s;
  long ca = vl_map_cell(m, a), cb = vl_map_cell(m, b), c;
  if (features) *features = 0;
  if (roads) *roads = 0;
  if (vl_hexside_between(&m->grid, a, b, &s) != VL_OK) return VL_EINVAL;
  if (ca < 0 || cb < 0) return VL_OK;
  c = vl_map_cell(m, s.hex);
  if (features) *features = m->side_feat[3 * c + s.dir];
  if (roads) *roads = m->side_road[3 * c + s.dir];
  return VL_OK;
}

/* Binary search by name in a sorted array of named lists. */
static const vl_map_hexes *find_named(const vl_map_hexes *v, size_t n, const char *name) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(v[mid].name, name);
    if (c == 0) return &v[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

size_t vl_map_place_count(const vl_map *m) { return m->nplaces; }
const vl_map_hexes *vl_map_place_at(const vl_map *m, size_t i) {
  return i < m->nplaces ? &m->places[i] : NULL;
}
const vl_map_hexes *vl_map_place(const vl_map *m, const char *name) {
  return find_named(m->places, m->nplaces, name);
}

size_t vl_map_edge_count(const vl_map *m) { return m->nedges; }
const vl_map_hexes *vl_map_edge_at(const vl_map *m, size_t i) {
  return i < m->nedges ? &m->edges[i] : NULL;
}
const vl_map_hexes *vl_map_edge(const vl_map *m, const char *name) {
  return find_named(m->edges, m->nedges, name);
}

size_t vl_map_road_count(const vl_map *m) { return m->nroads; }
const vl_map_hexes *vl_map_road_at(const vl_map *m, size_t i) {
  return i < m->nroads ? &m->roads[i] : NULL;
}

size_t vl_map_track_count(const vl_map *m) { return m->ntracks; }
const vl_track *vl_map_track_at(const vl_map *m, size_t i) {
  return i < m->ntracks ? &m->tracks[i] : NULL;
}
const vl_track *vl_map_track(const vl_map *m, const char *name) {
  size_t i;
  for (i = 0; i < m->ntracks; i++)
    if (strcmp(m->tracks[i].name, name) == 0) return &m->tracks[i];
  return NULL;
}

int vl_map_track_space(const vl_track *t, const char *name) {
  size_t i;
  for (i = 0; i < t->nspaces; i++)
    if (strcmp(t->spaces[i], name) == 0) return (int)i;
  return -1;
}

size_t vl_map_box_count(const vl_map *m) { return m->nboxes; }
const char *vl_map_box_id(const vl_map *m, size_t i) {
  return i < m->nboxes ? m->box_ids[i] : NULL;
}
const char *vl_map_box(const vl_map *m, const char *id) {
  size_t i;
  for (i = 0; i < m->nboxes; i++)
    if (strcmp(m->box_ids[i], id) == 0) return m->box_names[i];
  return NULL;
}
