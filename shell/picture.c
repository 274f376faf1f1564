/*
** picture.c -- regions, display defaults and side colours for the map pictures. See
** picture.h.
*/
#include "picture.h"

#include <stddef.h>
#include <string.h>

int picture_in_region(const vl_map *m, const picture_region *r, vl_hex h) {
  if (!vl_map_contains(m, h)) return 0;
  return r->radius < 0 || vl_hex_distance(r->centre, h) <= r->radius;
}

const char *picture_glyph(const vl_terrain_type *t, int unicode) {
  static const char *const first[128] = {
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    " ", "!", "\"", "#", "$", "%", "&", "'", "(", ")", "*", "+", ",", "-", ".", "/",
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", ";", "<", "=", ">", "?",
    "@", "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O",
    "P", "Q", "R", "S", "T", "U", "V", "W", "X", "Y", "Z", "[", "\\", "]", "^", "_",
    "`", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o",
    "p", "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "{", "|", "}", "~", ""};
  unsigned char c;
  if (unicode && t->display.glyph != NULL) return t->display.glyph;
  if (t->display.ascii != NULL) return t->display.ascii;
  c = (unsigned char)t->id[0];
  return c < 128 && first[c][0] != '\0' ? first[c] : "?";
}

const char *picture_colour(const vl_terrain_type *t) {
  if (t->display.colour != NULL) return t->display.colour;
  if (t->kind == VL_TERRAIN_HEXSIDE) return "#333333";
  if (t->kind == VL_TERRAIN_ROAD) return "#8a5a2b";
  return NULL;
}

const char *picture_fill(const vl_terrain_type *t) {
  return t->display.fill != NULL ? t->display.fill : "#eeeadf";
}

long picture_rgb(const char *colour) {
  long v = 0;
  int i;
  if (colour == NULL || strlen(colour) != 7 || colour[0] != '#') return -1;
  for (i = 1; i < 7; i++) {
    char c = colour[i];
    int d = c >= '0' && c <= '9' ? c - '0'
          : c >= 'a' && c <= 'f' ? c - 'a' + 10
          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/* Blue, red, green, magenta, brown, teal, purple, olive: told apart on a light or a dark
** terminal and in print. */
static const int side_term[8] = {33, 160, 28, 127, 130, 30, 92, 100};
static const char *const side_fill[8] = {"#cfe0ff", "#ffd6cc", "#d4f0cf", "#f6d3f2",
                                         "#f8e2c4", "#cdeeee", "#e1d6f5", "#ececc4"};
static const char *const side_ink[8] = {"#1c4aa8", "#a8281a", "#2b6e2b", "#862a86",
                                        "#8a4e10", "#1a6e6e", "#5a3aa0", "#5e5e1c"};

int picture_side_term(int i) { return side_term[(i % 8 + 8) % 8]; }
const char *picture_side_fill(int i) { return side_fill[(i % 8 + 8) % 8]; }
const char *picture_side_ink(int i) { return side_ink[(i % 8 + 8) % 8]; }

/* The distance of two colours by the "redmean" weighting, closer to the eye than plain
** RGB distance (which sends dark greens and browns to the grey ramp). */
static long distance(int r1, int g1, int b1, int r2, int g2, int b2) {
  long rm = (r1 + r2) / 2, dr = r1 - r2, dg = g1 - g2, db = b1 - b2;
  return (512 + rm) * dr * dr / 256 + 4 * dg * dg + (767 - rm) * db * db / 256;
}

int picture_xterm256(long rgb) {
  static const int level[6] = {0, 95, 135, 175, 215, 255};
  int r = (int)((rgb >> 16) & 255), g = (int)((rgb >> 8) & 255), b = (int)(rgb & 255);
  int best = 16, i, k, hi = r > g ? (r > b ? r : b) : (g > b ? g : b);
  int lo = r < g ? (r < b ? r : b) : (g < b ? g : b);
  long bestd = -1;
  for (i = 0; i < 216; i++) {  /* the 6x6x6 cube */
    long d = distance(level[i / 36], level[(i / 6) % 6], level[i % 6], r, g, b);
    if (bestd < 0 || d < bestd) bestd = d, best = 16 + i;
  }
  if (hi - lo < 24)  /* a grey: the grey ramp may be nearer */
    for (k = 0; k < 24; k++) {
      int v = 8 + 10 * k;
      long d = distance(v, v, v, r, g, b);
      if (d < bestd) bestd = d, best = 232 + k;
    }
  return best;
}
