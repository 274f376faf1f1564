/*
** terrain.h -- terrain types as data: the hex terrain codes, hexside features and road kinds
** of a rule system (charts/<system-id>/terrain.ini), which a scenario folder may extend or
** override with its own terrain.ini. Each value remembers its layer, file and line, and the
** source it was transcribed from or the reason it is provisional (DESIGN.md principle 10).
** This module owns the table; what a type costs or does to a roll is left to later issues'
** keys and to the rules in Lua. Format: docs/formats.md "terrain.ini".
*/
#ifndef VOLLEY_TERRAIN_H
#define VOLLEY_TERRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "volley/error.h"

/* What a type describes. */
typedef enum vl_terrain_kind {
  VL_TERRAIN_HEX = 0,      /* a hex's terrain, named by its code in map.ini's grid */
  VL_TERRAIN_HEXSIDE = 1,  /* a hexside feature: stream, wall, crest, ... */
  VL_TERRAIN_ROAD = 2      /* a road kind, linking two hexes across a hexside */
} vl_terrain_kind;

#define VL_TERRAIN_KINDS 3

/* Which file a value came from. */
typedef enum vl_layer {
  VL_LAYER_SYSTEM = 0,   /* charts/<system-id>/terrain.ini */
  VL_LAYER_SCENARIO = 1  /* the scenario folder's terrain.ini */
} vl_layer;

/* Limits: types of each kind that one table may hold, and flag words. */
#define VL_TERRAIN_MAX_HEX 4096
#define VL_TERRAIN_MAX_FEATURES 32  /* hexside features; road kinds likewise */
#define VL_TERRAIN_MAX_FLAGS 32
#define VL_TERRAIN_MAX_CODE 8       /* bytes in a hex code */
#define VL_TERRAIN_MAX_ID 32        /* bytes in a hexside feature or road kind id */

/* One value as a file gave it. Exactly one of source and provisional is non-NULL. */
typedef struct vl_terrain_value {
  const char *key;          /* "name", "height" or "flags" */
  const char *text;         /* the value as written */
  vl_layer layer;
  const char *file;         /* the file's path as the loader was given it */
  int line;
  const char *source;       /* the citation it was transcribed from */
  const char *provisional;  /* why it is an estimate */
} vl_terrain_value;

/* How pictures draw a type: terrain.ini's display keys (docs/formats.md "Display keys").
** Presentation, not game data, so they need no source. Each is NULL when no layer gives it
** (the renderer then picks its default). A scenario layer overrides them one by one. */
typedef struct vl_terrain_display {
  const char *glyph;   /* one narrow character (UTF-8), or "" for none: the terminal map's */
  const char *ascii;   /* one printable ASCII character, or "": the ASCII map's symbol */
  const char *colour;  /* "#rrggbb", lower case: the glyph's colour; a hexside's or road's line */
  const char *fill;    /* "#rrggbb", lower case: a hex's fill in the SVG picture */
} vl_terrain_display;

/* A type. Strings and arrays are borrowed from the table and live as long as it. */
typedef struct vl_terrain_type {
  vl_terrain_kind kind;
  const char *id;           /* the code (hex) or id (hexside, road) */
  const char *name;         /* display name, "Light Woods" */
  int height;               /* obstacle height above the ground for line of sight, in
                            ** half-levels (2 = one level); 0 for roads */
  uint32_t flags;           /* bit i set when the type carries flag word i of the table */
  size_t nvalues;
  const vl_terrain_value *values;  /* in key order: flags, height, name (those given) */
  vl_terrain_display display;
} vl_terrain_type;

typedef struct vl_terrain vl_terrain;

/* Loads a table: system_file (the system layer, whose [terrain] system must be system_id),
** then scenario_file (may be NULL: the scenario layer, which adds types and overrides single
** values). Returns a table the caller frees with vl_terrain_free, or NULL with err (may be
** NULL) set to file, line and message: VL_EIO, VL_EPARSE or VL_ENOMEM. */
vl_terrain *vl_terrain_load(const char *system_id, const char *system_file,
                            const char *scenario_file, vl_error *err);

/* Frees a table; accepts NULL. */
void vl_terrain_free(vl_terrain *t);

/* The system id the table was loaded for (borrowed). */
const char *vl_terrain_system(const vl_terrain *t);

/* Number of types of a kind, and type i of that kind (0-based, in byte order of ids; NULL
** when out of range). */
size_t vl_terrain_count(const vl_terrain *t, vl_terrain_kind kind);
const vl_terrain_type *vl_terrain_type_at(const vl_terrain *t, vl_terrain_kind kind, size_t i);

/* The index of the type of that kind whose id is the first len bytes of id, or -1. */
int vl_terrain_find(const vl_terrain *t, vl_terrain_kind kind, const char *id, size_t len);

/* Flag words: their number, word i (in byte order), and the bit of a word or -1. */
size_t vl_terrain_flag_count(const vl_terrain *t);
const char *vl_terrain_flag_name(const vl_terrain *t, size_t i);
int vl_terrain_flag(const vl_terrain *t, const char *word);

/* "hex", "hexside" or "road". */
const char *vl_terrain_kind_name(vl_terrain_kind kind);

/* Parses a level written "N" or "N.5" (N a decimal integer, optional '-', |level| <= 99)
** into half-levels: "2" -> 4, "2.5" -> 5, "-0.5" -> -1. VL_OK or VL_EINVAL. No floats. */
int vl_terrain_parse_level(const char *text, size_t len, int *halves);

/* 1 when text (len bytes) is written as a level ("-100", "123.5") that vl_terrain_parse_level
** refuses only for lying past -99..99, so that a message can say "out of range (-99..99)"
** rather than "not a level"; else 0. */
int vl_terrain_level_out_of_range(const char *text, size_t len);

#endif
