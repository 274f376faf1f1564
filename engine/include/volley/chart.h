/*
** chart.h -- combat and procedure tables: a set of named tables read from INI files, layered
** (a scenario's table replaces the system's of the same name), and their lookup. A table is
** 1-D (die result -> result) or 2-D (columns by strength, odds, differential, range or firer
** type; rows by die result); a row or column header is an integer or a range ("4", "1-2",
** "6+", "2 or less", "-1 to -10"); a 2-D table may instead give, per firer or gun type, the
** range that leads to each column ("ranges in cells": Jackson's Fire Combat Results Table
** [spi_gbacw 9.16], Rough & Ready's Artillery Range DRM [rough_and_ready 6.21]). Column
** shifts are clamped at the table's edges ([battle_of_buena_vista 8.2] [battle_of_buena_vista
** 9.2]: "the limits of the table may not be exceeded").
**
** What a cell means is not this module's business: cells are text, and the Lua runtime parses
** them with the result grammar each table names (scripts/volley/results.lua). The die is
** rolled elsewhere (dice.h); modifiers are Lua's. The file format is docs/formats.md
** "Charts"; the guide is docs/charts.md.
**
** Provenance. Every table carries `source` (the rule it transcribes) and, when its values are
** not the rulebook's (a table printed only on a map the text lacks), `provisional` with a
** one-line reason; each table remembers its layer ("system", "scenario", ...) and the file
** and line of its section.
**
** Core module: no Lua, no printing, no globals. Indices are 0-based here (the Lua binding
** counts from 1).
*/
#ifndef VOLLEY_CHART_H
#define VOLLEY_CHART_H

#include <stddef.h>

#include "volley/error.h"

typedef struct vl_chart vl_chart;           /* one table, owned by its set */
typedef struct vl_chart_set vl_chart_set;   /* the tables of a system and its layers */

/* What picks a 2-D table's column (the `columns` key). */
typedef enum vl_chart_axis {
  VL_CHART_NONE = 0,          /* a 1-D table: rows only */
  VL_CHART_STRENGTH = 1,      /* an integer total: "3 or less", "4-8", "63+" */
  VL_CHART_ODDS = 2,          /* attacker : defender, written "1-2", "3-1" (inih splits keys
                              ** on ':'); the column is the highest the odds reach */
  VL_CHART_DIFFERENTIAL = 3,  /* attacker - defender: "-3 or less", "0", "+4 or more" */
  VL_CHART_RANGE = 4,         /* hexes to the target */
  VL_CHART_TYPE = 5           /* a name: the firer's type, the side */
} vl_chart_axis;

/* ---- building sets ------------------------------------------------------------------------ */

/* An empty set, or NULL when out of memory. Free with vl_chart_set_free. */
vl_chart_set *vl_chart_set_new(void);

/* Frees s and every table in it; accepts NULL. */
void vl_chart_set_free(vl_chart_set *s);

/* Reads one chart file (an INI file of [table] sections, docs/formats.md "Charts") into s as
** layer `layer` (copied). A table of the same name from another layer is replaced; the same
** name twice in one layer is an error. All or nothing: on error s is unchanged. Returns VL_OK,
** or VL_EPARSE / VL_EIO / VL_ENOMEM with err (may be NULL) naming file and line:
** "fire.ini:12: row '3-7' has 2 cells; the table has 3 columns". */
int vl_chart_set_load_file(vl_chart_set *s, const char *path, const char *layer, vl_error *err);

/* The same from len bytes of text named `name` in messages (tests, the Lua binding). */
int vl_chart_set_load_buffer(vl_chart_set *s, const char *name, const char *data, size_t len,
                             const char *layer, vl_error *err);

/* Reads every chart file of directory dir into s as one layer: every "*.ini" file except the
** schemas that share charts/<system-id>/ with the tables (VL_CHART_SCHEMA_FILES), in byte
** order of their names; files are named "<dir>/<name>" in messages. Each must be a regular
** file that stays inside dir once symbolic links are followed (vl_path_inside, path.h): a
** link leading out is refused (VL_EPARSE, "leads out of its folder ...") before it is read.
** All or nothing, as load_file. VL_ENOTFOUND with "cannot open directory (<why>)" when dir
** does not exist. */
int vl_chart_set_load_dir(vl_chart_set *s, const char *dir, const char *layer, vl_error *err);

/* The files of a chart directory that are not tables (the terrain, movement, line-of-sight
** and unit schemas of the map, move, los and units modules), space-separated. */
#define VL_CHART_SCHEMA_FILES "los.ini movement.ini terrain.ini units.ini"

/* The small building API the loaders are made of: the calls an INI parse makes, one per
** section header, value line and continuation line, then vl_chart_reader_end. Tables reach
** the set only when end succeeds (all or nothing). A reader is for one layer.
** Each call returns VL_OK or VL_EPARSE / VL_ENOMEM with err filled (file:line); after an
** error only vl_chart_reader_free is meaningful. */
typedef struct vl_chart_reader vl_chart_reader;

/* A reader adding to s as layer `layer` (copied). NULL when out of memory. */
vl_chart_reader *vl_chart_reader_new(vl_chart_set *s, const char *layer);
/* Frees r (and any table not committed); accepts NULL. */
void vl_chart_reader_free(vl_chart_reader *r);
/* Starts table `name` (a section header at file:line). */
int vl_chart_reader_section(vl_chart_reader *r, const char *file, const char *name, int line,
                            vl_error *err);
/* One `key = value` line of the current table; continuation is 1 for an indented line
** continuing key (its value extends the key's text or cell list). */
int vl_chart_reader_value(vl_chart_reader *r, const char *file, const char *key,
                          const char *value, int line, int continuation, vl_error *err);
/* Ends the current file: checks the last table. Call it once per file. */
int vl_chart_reader_file_end(vl_chart_reader *r, vl_error *err);
/* Commits every table read into the set (replacing earlier layers' tables of the same names).
** VL_ENOMEM leaves the set unchanged. */
int vl_chart_reader_commit(vl_chart_reader *r, vl_error *err);

/* ---- reading sets --------------------------------------------------------------------------- */

/* Tables in the set, and table i in byte order of names (i < count). Borrowed until s changes
** or is freed. */
size_t vl_chart_set_count(const vl_chart_set *s);
const vl_chart *vl_chart_set_at(const vl_chart_set *s, size_t i);
/* The table named name, or NULL. Borrowed as above. */
const vl_chart *vl_chart_set_find(const vl_chart_set *s, const char *name);

/* ---- reading a table (every string borrowed from the table) --------------------------------- */

const char *vl_chart_name(const vl_chart *t);         /* the section name: "small_arms_fire" */
const char *vl_chart_title(const vl_chart *t);        /* as printed, or NULL */
const char *vl_chart_source(const vl_chart *t);       /* "[rough_and_ready 6.15]" */
const char *vl_chart_provisional(const vl_chart *t);  /* the reason, or NULL when transcribed */
int vl_chart_provisional_line(const vl_chart *t);     /* its line, 0 when not provisional */
const char *vl_chart_layer(const vl_chart *t);        /* "system", "scenario", ... */
const char *vl_chart_file(const vl_chart *t);         /* the file it was read from */
int vl_chart_line(const vl_chart *t);                 /* the line of its [section] */
const char *vl_chart_die(const vl_chart *t);          /* "d6", "d10", "2d6", "d<N>"; NULL
                                                      ** when its rows are not die results */
const char *vl_chart_rows_by(const vl_chart *t);      /* what else the rows are read by
                                                      ** ("Mexican VP - American VP"), or NULL */
const char *vl_chart_results(const vl_chart *t);      /* the result grammar: "fire" */
int vl_chart_results_line(const vl_chart *t);
vl_chart_axis vl_chart_axis_of(const vl_chart *t);
/* "strength", "odds", "differential", "range", "type"; NULL for VL_CHART_NONE. */
const char *vl_chart_axis_name(vl_chart_axis axis);

/* Columns (0 for a 1-D table) and rows (0 for a table whose results are its labels). */
size_t vl_chart_columns(const vl_chart *t);
size_t vl_chart_rows(const vl_chart *t);
/* Row r's header as written ("3-7") and its line. */
const char *vl_chart_row_label(const vl_chart *t, size_t r);
int vl_chart_row_line(const vl_chart *t, size_t r);
/* The cell at row r, column c (c = 0 in a 1-D table), and the line it is on. */
const char *vl_chart_cell(const vl_chart *t, size_t r, size_t c);
int vl_chart_cell_line(const vl_chart *t, size_t r, size_t c);
/* Header lines: the plain `header` (name NULL) or the `header.<name>` lines, in file order. */
size_t vl_chart_headers(const vl_chart *t);
const char *vl_chart_header_name(const vl_chart *t, size_t h);
const char *vl_chart_header_cell(const vl_chart *t, size_t h, size_t c);
/* Column c's label (the `labels` line), or NULL when the table has none; and that line. */
const char *vl_chart_label(const vl_chart *t, size_t c);
int vl_chart_labels_line(const vl_chart *t);

/* ---- lookup --------------------------------------------------------------------------------- */

/* How to pick a 2-D table's column. Zero it, then set what the table's axis needs. */
typedef struct vl_chart_pick {
  const char *header;  /* the `header.<name>` line to read value under; NULL for the plain
                       ** header (a table with header.<name> lines needs one) */
  const char *name;    /* VL_CHART_TYPE: the column's name as written */
  int value;           /* strength, differential, range; odds: the attacker's total */
  int against;         /* odds: the defender's total, > 0 */
} vl_chart_pick;

/* What a lookup found. Strings are borrowed from the table. */
typedef struct vl_chart_result {
  const vl_chart *chart;
  const char *cell;          /* the result as printed ("1 Hit", "r/R") */
  int row;                   /* 0-based row used; -1 for a table without rows */
  const char *row_label;     /* its header ("3-7"), NULL without rows */
  int column;                /* 0-based column used after shift and clamp; -1 for 1-D */
  const char *column_label;  /* the column's label, else its cell on the header used */
  int base_column;           /* the column before the shift; -1 for 1-D */
  int shift;                 /* the shift asked: + right, - left */
  int shift_applied;         /* the shift made after clamping at the edges */
} vl_chart_result;

/* The column pick leads to in table t (before any shift), into *column (0-based). Returns
** VL_OK; VL_EINVAL for a pick that does not fit the table ("table 'x' has no columns",
** "table 'x' picks its columns by name", "odds need a defender's total above 0, got 0",
** "table 'x' has no header 'foo'"); VL_ENOTFOUND when no column holds the value ("table
** 'x' has no column for range 17 under 'six_pounder'", "table 'x' has no column for odds
** 1-5"). err may be NULL; it names no file. */
int vl_chart_column(const vl_chart *t, const vl_chart_pick *pick, int *column, vl_error *err);

/* Looks up roll in table t: the row holding roll, the column pick leads to moved by shift
** columns (+ right) and clamped to the table's edges. A 1-D table takes pick NULL and shift
** 0; a table without rows ignores roll. Returns VL_OK with *out filled; VL_ENOTFOUND when no
** row holds roll ("table 'x' has no row for 12"); the errors of vl_chart_column; VL_EINVAL
** for a shift on a 1-D table. On error *out is untouched. */
int vl_chart_lookup(const vl_chart *t, const vl_chart_pick *pick, int shift, int roll,
                    vl_chart_result *out, vl_error *err);

/* The same at column `column` (0-based, before the shift), for rules that pick the column
** themselves. VL_EINVAL when the column is out of the table or t is 1-D. */
int vl_chart_lookup_at(const vl_chart *t, int column, int shift, int roll,
                       vl_chart_result *out, vl_error *err);

#endif
