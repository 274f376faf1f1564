/*
** view.h -- what a map picture draws on top of the map: unit marks (a unit, a stack or a
** leader, by short code, with its side and facing) and a set of shaded hexes (a movement
** reach). The renderers (render_term.h, render_svg.h) take a map and a view; the view is
** plain data, so the units store and the reach of later issues fill it through
** view_add_mark and view_add_shade, and `volley render --units FILE` fills it from a test
** fixture (view_load; format: docs/shell.md "The --units fixture").
**
** A mark stands on a map hex (its label), on a track space ("<track>/<space>") or in a box
** (the box id). Facing words are the map's (DESIGN.md Part B "Ids and names"; hex.h
** vl_facing_parse), read in the drawn orientation. Sides are coloured in the view's side
** order: the order given by view_add_side, then the order in which marks name new sides.
*/
#ifndef VOLLEY_VIEW_H
#define VOLLEY_VIEW_H

#include <stddef.h>

#include "volley/error.h"
#include "volley/hex.h"
#include "volley/map.h"

typedef enum view_kind { VIEW_UNIT = 0, VIEW_STACK = 1, VIEW_LEADER = 2 } view_kind;

/* Where a mark stands. */
typedef enum view_place { VIEW_ON_HEX = 0, VIEW_ON_TRACK = 1, VIEW_IN_BOX = 2 } view_place;

#define VIEW_MAX_CODE 12  /* bytes in a short code */
#define VIEW_MAX_SIDE 16  /* bytes in a side id */
#define VIEW_MAX_SIDES 8  /* sides one view may name */
#define VIEW_MAX_COUNT 99 /* units in one stack */
#define VIEW_MAX_RATING 5 /* bytes of a mark's ratings ("6/3", "10/5") */

/* One mark, as resolved against the map. Strings are owned by the view. */
typedef struct view_mark {
  char *code;          /* "5US": letters, digits and _ . / - */
  view_kind kind;
  int side;            /* index into the view's sides */
  int count;           /* units in a stack (2..99); 1 for a unit or a leader */
  view_place place;
  vl_hex hex;          /* VIEW_ON_HEX: the hex */
  char *where;         /* as given: "0405", "saltillo/G", "reserve" */
  const char *track;   /* VIEW_ON_TRACK: the track's name (borrowed from the map) */
  int space;           /* VIEW_ON_TRACK: the space's index in its track */
  const char *box;     /* VIEW_IN_BOX: the box id (borrowed from the map) */
  char *facing;        /* the facing word as given, or NULL */
  int clock;           /* the facing as a clock position: 0..11, 30 degrees a step clockwise
                       ** from the top of the drawn map (hexside N of a flat-top map is 0,
                       ** vertex N/NE is 1); -1 when the mark has no facing */
  int hits;            /* the marked unit's Hits (0: none) */
  int disordered;      /* 1: the marked unit is Disordered */
  int square;          /* 1: the marked unit is in Square */
  char rating[VIEW_MAX_RATING + 1]; /* its ratings as the counter prints them ("6/3"), or "" */
} view_mark;

typedef struct view view;

/* A new empty view; NULL when out of memory. Free with view_free. */
view *view_new(void);

/* Sets the status of mark i (view_mark_at's index): its unit's Hits and whether it is
** Disordered, for the pictures to show. VL_OK; VL_EINVAL for no such mark or a negative
** count. */
int view_set_status(view *v, size_t i, int hits, int disordered);

/* Sets the rest of mark i's counter: in Square or not, and its ratings as the counter prints
** them (digits and / + -, at most VIEW_MAX_RATING bytes; NULL or "" for none). VL_OK;
** VL_EINVAL for no such mark or a rating of other characters or too long. */
int view_set_counter(view *v, size_t i, int square, const char *rating);

/* Frees a view; accepts NULL. */
void view_free(view *v);

/* Adds a side to the side order. VL_OK; VL_EINVAL with err when the id is malformed, given
** twice or one too many; VL_ENOMEM. */
int view_add_side(view *v, const char *side, vl_error *err);

/* Adds a mark, checked against m: where on the map (a hex of it, a space of one of its
** tracks, one of its boxes), the code, the side, facing (NULL for none; a facing word read at
** the mark's hex: only marks on a hex may face) and count (1 for a unit or a leader, 2..99
** for a stack). VL_OK; VL_EINVAL with err->msg saying what is wrong (err->file and line
** are left for the caller); VL_ENOMEM. */
int view_add_mark(view *v, const vl_map *m, const char *where, const char *code,
                  view_kind kind, const char *side, const char *facing, int count,
                  vl_error *err);

/* Shades hex h (a map hex): VL_OK, VL_EINVAL when off the map, VL_ENOMEM. Shading a hex
** twice is harmless. */
int view_add_shade(view *v, const vl_map *m, vl_hex h, vl_error *err);

/* Reads a view fixture (docs/shell.md) checked against m. VL_OK, or an error code with err
** holding file, line and message (VL_EIO, VL_EPARSE, VL_ENOMEM). */
int view_load(view *v, const vl_map *m, const char *path, vl_error *err);

/* The marks, in the order added; the sides; the shaded hexes. Borrowed until view_free. */
size_t view_mark_count(const view *v);
const view_mark *view_mark_at(const view *v, size_t i);
size_t view_side_count(const view *v);
const char *view_side(const view *v, size_t i);

/* 1 when h is shaded. */
int view_shaded(const view *v, vl_hex h);
size_t view_shade_count(const view *v);

/* "unit", "stack", "leader". */
const char *view_kind_name(view_kind k);

/* The clock position (0..11, see view_mark.clock) of a facing of kind and index (hex.h) on
** grid g. */
int view_facing_clock(const vl_grid *g, vl_facing_kind kind, int index);

#endif
