/*
** render_text.c -- a map's terrain as text: each hex's code in a column of equal width, a
** map row per line (the label's second part), columns labelled on top.
*/
#include "render_text.h"

#include <stdlib.h>
#include <string.h>

static const char *const north_words[4] = {"top", "right", "bottom", "left"};

int render_text(FILE *out, const vl_map *m) {
  const vl_grid *g = vl_map_grid(m);
  const vl_terrain *t = vl_map_terrain_table(m);
  size_t ntypes = vl_terrain_count(t, VL_TERRAIN_HEX), i;
  int c0, c1, r0, r1, col, row, width = g->digits, d = g->digits, first = 1;
  unsigned char *used = calloc(ntypes ? ntypes : 1, 1);
  if (used == NULL) return -1;
  for (i = 0; i < vl_map_hex_count(m); i++) {
    int k = vl_map_terrain_index(m, vl_map_hex_at(m, i));
    int len = (int)strlen(vl_terrain_type_at(t, VL_TERRAIN_HEX, (size_t)k)->id);
    used[k] = 1;
    if (len > width) width = len;
  }
  vl_map_bounds(m, &c0, &c1, &r0, &r1);
  fprintf(out, "%s: %s; %s, %s; columns %0*d-%0*d, rows %0*d-%0*d; north at the %s\n",
          vl_map_path(m), vl_map_system(m), vl_grid_layout_word(g), vl_grid_parity_word(g),
          d, c0, d, c1, d, r0, d, r1, north_words[(int)vl_map_north_edge(m) & 3]);
  fprintf(out, "%*s", d, "");
  for (col = c0; col <= c1; col++) fprintf(out, " %-*.*d", col == c1 ? 0 : width, d, col);
  fputc('\n', out);
  for (row = r0; row <= r1; row++) {
    int last = c1;
    fprintf(out, "%0*d", d, row);
    for (col = c0; col <= c1; col++) {
      vl_hex h = vl_hex_from_offset(g, col, row);
      const char *code = vl_map_terrain(m, h)->id;
      fprintf(out, " %-*s", col == last ? 0 : width, code);
    }
    fputc('\n', out);
  }
  fputs("legend:", out);
  for (i = 0; i < ntypes; i++)
    if (used[i]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t, VL_TERRAIN_HEX, i);
      fprintf(out, "%s %s %s", first ? "" : ",", ty->id, ty->name);
      first = 0;
    }
  fputc('\n', out);
  free(used);
  return 0;
}
