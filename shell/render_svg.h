/*
** render_svg.h -- the map as an SVG picture: one <polygon> per hex carrying data-hex (its
** label), filled by terrain and shaded by elevation, with contour lines, hexside features as
** lines on their hexsides, roads as lines between hex centres, hex numbers, shaded hexes (a
** reach), the off-map tracks and boxes beside the map, unit marks (class "unit", "stack" or
** "leader", data-hex, the code as text, a facing arrow, a stack's count) and a legend.
** What it draws: docs/shell.md "The SVG picture".
*/
#ifndef VOLLEY_RENDER_SVG_H
#define VOLLEY_RENDER_SVG_H

#include <stdio.h>

#include "picture.h"
#include "view.h"
#include "volley/map.h"

typedef struct svg_options {
  picture_region region;  /* the whole map, or a hex and radius */
  const char *title;      /* the picture's title (a scenario's id), or NULL: the map's path */
} svg_options;

/* Writes the SVG document of m with v's marks and shading (v may be NULL) to out, titled
** o->title (borrowed for the call), else with the map's path. Returns 0, or -1 when out of
** memory. Integer coordinates only: the same bytes on every machine. */
int render_svg(FILE *out, const vl_map *m, const view *v, const svg_options *o);

#endif
