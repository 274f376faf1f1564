/*
** picture.h -- what the two map pictures (render_term.h, render_svg.h) share: which hexes a
** picture draws (the whole map, or a hex and a radius), the display defaults of terrain
** types that give no display keys (docs/formats.md "Display keys"), and side colours.
*/
#ifndef VOLLEY_PICTURE_H
#define VOLLEY_PICTURE_H

#include "volley/hex.h"
#include "volley/map.h"
#include "volley/terrain.h"

/* The part of the map a picture draws: the whole map (radius < 0), or the hexes within
** radius of centre (centre on the map). With the whole map, has_centre asks a terminal map
** that does not fit to pan around centre. */
typedef struct picture_region {
  int has_centre;
  vl_hex centre;
  int radius;          /* -1: no limit */
} picture_region;

/* 1 when h is a map hex the region draws. */
int picture_in_region(const vl_map *m, const picture_region *r, vl_hex h);

/* A type's terminal symbol: its glyph (unicode) or ascii key, else the first character of
** its id. Never NULL. */
const char *picture_glyph(const vl_terrain_type *t, int unicode);

/* A type's "#rrggbb" colour and fill, or the defaults: colour "#333333" for a hexside
** feature, "#8a5a2b" for a road, NULL for a hex (the terminal's own colour); fill
** "#eeeadf" (paper). */
const char *picture_colour(const vl_terrain_type *t);
const char *picture_fill(const vl_terrain_type *t);

/* Parses "#rrggbb" into 0xrrggbb; -1 when malformed. */
long picture_rgb(const char *colour);

/* Side i's colours (cycling over 8): the xterm 256-colour index of its text, the SVG
** counter's fill and its ink (outline and text). */
int picture_side_term(int i);
const char *picture_side_fill(int i);
const char *picture_side_ink(int i);

/* The nearest colour of the xterm 256-colour palette (16..255) to rgb 0xrrggbb. */
int picture_xterm256(long rgb);

#endif
