/*
** render_term.h -- the terminal map: a hex grid drawn in text (Unicode box drawing and
** arrows, or plain ASCII), each hex with its terrain glyph and label, unit marks by short
** code with their facing and stack count, shaded hexes (a reach), hexside features, and a
** legend; ANSI colours on request. Fits a width by panning around a hex. What it draws and
** the legend's words: docs/shell.md "The terminal map".
*/
#ifndef VOLLEY_RENDER_TERM_H
#define VOLLEY_RENDER_TERM_H

#include <stdio.h>

#include "picture.h"
#include "view.h"
#include "volley/map.h"

typedef struct term_options {
  int unicode;            /* 1: box drawing, arrows and the types' glyphs; 0: ASCII only */
  int colour;             /* 1: ANSI colours (xterm 256-colour palette) and bold */
  int width;              /* the terminal's columns; 0: no limit */
  int height;             /* lines the map itself may take (header and legend apart); 0: no
                          ** limit */
  picture_region region;  /* the whole map or a hex and radius; a centre to pan around */
  const char *pan_hint;   /* how to see other columns, after "columns a-b of c-d shown; "
                          ** when the map is cut to the width; NULL: volley render's
                          ** "--hex H draws the columns around H" (not owned) */
  int overview;           /* 1: the whole map at two characters a hex (the prompt's map all) */
  vl_hex *shown;          /* when not NULL, set to the hex at the middle of the window drawn
                          ** (where the prompt's `map left` ... pans from) */
  const char *map_name;   /* the map as the header names it (from the scenario:
                          ** volley.setup_view.map_name); NULL: the map's path (not owned) */
} term_options;

/* Writes the picture of m with v's marks and shading (v may be NULL) to out. Returns 0, or
** -1 when out of memory. */
int render_term(FILE *out, const vl_map *m, const view *v, const term_options *o);

#endif
