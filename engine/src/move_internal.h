/*
** move_internal.h -- the vl_move_table struct, shared by move_load.c (reading movement.ini)
** and move.c (costs and searches). Not part of the public API.
*/
#ifndef VOLLEY_MOVE_INTERNAL_H
#define VOLLEY_MOVE_INTERNAL_H

#include "arena.h"
#include "volley/move.h"

/* Columns are the classes in declared order, then the modes in declared order. Cells are
** resolved at load time (a mode's missing cell is its class's), so a lookup is one index:
** row * ncols + column. Names are copied, so the table does not borrow from the terrain
** table it was loaded for; the counts of its types are kept to check a map against it. */
struct vl_move_table {
  vl_arena arena;
  const char *system;
  int scale;
  size_t nclasses, ncols;
  const char **col_id;         /* "inf", "inf.column" */
  int *col_class;              /* the class column of each column (a class: itself) */
  const char *rule, *rule_adjacent, *rule_stop;
  size_t nhex, nside, nroad;   /* the terrain table's counts */
  const char **hex_name, **side_name, **road_name;  /* display names, by type index */
  vl_move_cell *hex;           /* nhex * ncols */
  vl_move_cell *side;          /* nside * ncols */
  vl_move_cell *road;          /* nroad * ncols */
  vl_move_cell *up, *down;     /* ncols each */
  unsigned char *hex_na_roads; /* nhex */
  uint32_t *side_cancels;      /* nside */
  unsigned *road_ignores;      /* nroad */
  size_t ntracks;              /* track rows: [track] (name NULL) first if given, then by name */
  const char **track_name;
  vl_move_cell *track;         /* ntracks * ncols */
  size_t nvalues;
  vl_move_value *values;       /* sorted by section, then key */
  size_t *mode_first, *mode_n; /* per class: its modes are columns mode_first .. + mode_n */
};

#endif
