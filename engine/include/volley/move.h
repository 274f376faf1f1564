/*
** move.h -- movement: what each step costs a movement class, from the system's movement table
** (charts/<system-id>/movement.ini) and the scenario folder's; the places a unit can reach
** with its movement points (Dijkstra); the cheapest path to a place; the check of a path a
** player typed, naming the illegal step, why, and the rule. Command range ("a path of at most
** N hexes avoiding these") is the same search with every step costing 1.
**
** What is Lua's: who moves, with which class, mode and movement allowance, and everything that
** depends on units. Before a query the rules compute the overlays -- extra costs per hex or
** hexside, prohibited hexes and hexsides, must-stop hexes (an enemy's front hexes, a zone of
** control), hexes where road rates do not apply -- and pass them in. A search never calls
** back into Lua (DESIGN.md principle 4). Format of the tables: docs/formats.md "movement.ini";
** the cost model, the tie-breaking and the messages: docs/move.md.
**
** Units. Costs and budgets are integers in the table's units: movement points times the
** table's scale (1, unless a system's chart uses half MPs: scale 2 and "0.5" is 1). Levels of
** elevation are the map's half-levels (map.h); an elevation cost is paid per whole level
** crossed.
**
** Places. A location is a map hex or a space of one of the map's off-map tracks (map.h).
** Locations are ordered hexes first, in label order (column, then row), then track spaces,
** by track (in vl_map_track_at order) and by space index: "location order" below.
*/
#ifndef VOLLEY_MOVE_H
#define VOLLEY_MOVE_H

#include <stddef.h>
#include <stdint.h>

#include "volley/error.h"
#include "volley/hex.h"
#include "volley/map.h"
#include "volley/path.h"
#include "volley/terrain.h"

typedef struct vl_move_table vl_move_table;

#define VL_MOVE_MAX_COST 9999        /* the largest cost a cell or an overlay mark may give */
#define VL_MOVE_MAX_BUDGET 1000000   /* the largest budget a query may give */
#define VL_MOVE_MAX_SCALE 100        /* the largest scale a table may declare */
#define VL_MOVE_MAX_COLUMNS 64       /* classes plus modes in one table */
#define VL_MOVE_WHY_MAX 320          /* room for a refusal's text and its NUL */
#define VL_MOVE_UNIFORM (-2)         /* a query column: every step costs 1, terrain ignored */

/* ---- the movement table ----------------------------------------------------------------- */

/* Loads a movement table for terrain table t (terrain.h): system_file (the system layer,
** whose [movement] system must be t's system), then scenario_file (may be NULL: the scenario
** layer, which adds rows and overrides single values). Every hex type, hexside feature and
** road kind of t must have its row, giving a cell for every class. The table is only valid
** for searches on maps whose terrain table is t (or one loaded from the same files). Returns
** a table the caller frees with vl_move_table_free, or NULL with err (may be NULL) set to
** file, line and message: VL_EIO, VL_EPARSE or VL_ENOMEM. */
vl_move_table *vl_move_table_load(const vl_terrain *t, const char *system_file,
                                  const char *scenario_file, vl_error *err);

/* The movement table of a map: charts/<system>/movement.ini found through data, then a
** movement.ini beside the map file if there is one. As vl_move_table_load; VL_ENOTFOUND when
** the system has no movement.ini on the data path. */
vl_move_table *vl_move_table_for_map(const vl_map *m, const vl_path *data, vl_error *err);

/* Frees a table; accepts NULL. */
void vl_move_table_free(vl_move_table *t);

/* The system id, and the scale: table units per movement point (1 or more). */
const char *vl_move_table_system(const vl_move_table *t);
int vl_move_table_scale(const vl_move_table *t);

/* Movement classes (the chart's columns, "inf" "cav" "art" "ldr"), in declared order; the
** modes of class i ("line", "column"), in declared order. Borrowed strings. */
size_t vl_move_class_count(const vl_move_table *t);
const char *vl_move_class_at(const vl_move_table *t, size_t i);
size_t vl_move_mode_count(const vl_move_table *t, size_t class_index);
const char *vl_move_mode_at(const vl_move_table *t, size_t class_index, size_t i);

/* The column of a class and mode (mode NULL or "" for the class itself): an index >= 0 for
** vl_move_query.column, or -1 when the table declares no such class or mode. A mode's cell
** falls back to its class's cell where a row gives none for the mode. */
int vl_move_column(const vl_move_table *t, const char *class_id, const char *mode);

/* The rows of a table. */
typedef enum vl_move_row {
  VL_MOVE_ROW_HEX = 0,      /* the cost to enter a hex of terrain type i */
  VL_MOVE_ROW_HEXSIDE = 1,  /* the extra cost to cross a hexside with feature i */
  VL_MOVE_ROW_ROAD = 2,     /* the cost to enter a hex along a hexside linked by road kind i */
  VL_MOVE_ROW_UP = 3,       /* the extra cost per level climbed (i is 0) */
  VL_MOVE_ROW_DOWN = 4,     /* the extra cost per level descended (i is 0) */
  VL_MOVE_ROW_TRACK = 5     /* the cost of a step along a track or across a link (i from
                            ** vl_move_track_row) */
} vl_move_row;

/* One cell, resolved for a column. */
typedef struct vl_move_cell {
  int set;           /* 0 when the row gives nothing: no road rate, no elevation cost, ... */
  int na;            /* "NA": not allowed */
  int disorder;      /* "D": the step disorders the unit */
  int cost;          /* table units: a cost (hex, road, track) or an extra (hexside, up, down) */
  const char *rule;  /* the citation a refusal names (borrowed; may be NULL) */
} vl_move_cell;

/* The cell of row kind, index i, for column (a vl_move_column answer). VL_OK, or VL_EINVAL
** when i or column is out of range. */
int vl_move_cell_at(const vl_move_table *t, vl_move_row kind, size_t i, int column,
                    vl_move_cell *out);

/* The track row used for the track named name: its own [track.<name>] row, else the table's
** [track] row; -1 when there is neither (no movement on that track). */
int vl_move_track_row(const vl_move_table *t, const char *name);

/* Row attributes: the hexside features a hexside feature cancels on the same hexside (bit i:
** feature i); what a road kind's rate ignores (VL_MOVE_IGNORES_*); whether a hex type's NA
** cells hold along roads too (1) or a road rate opens the hex (0). 0 when out of range. */
#define VL_MOVE_IGNORES_ELEVATION 1u
#define VL_MOVE_IGNORES_HEXSIDES 2u
uint32_t vl_move_hexside_cancels(const vl_move_table *t, size_t feature);
unsigned vl_move_road_ignores(const vl_move_table *t, size_t road);
int vl_move_hex_na_on_roads(const vl_move_table *t, size_t hex_type);

/* The citations a refusal names when no row gives one: entry costs and movement points
** ([movement] rule), adjacency (rule.adjacent), must-stop hexes (rule.stop). Borrowed; may
** be NULL. */
const char *vl_move_rule(const vl_move_table *t);
const char *vl_move_rule_adjacent(const vl_move_table *t);
const char *vl_move_rule_stop(const vl_move_table *t);

/* Every value of the table as a file gave it, sorted by section then key: for `volley
** sources` and the docs. Strings borrowed from the table. */
typedef struct vl_move_value {
  const char *section;      /* "hex.c", "movement" */
  const char *key;          /* "inf", "rule", "cancels" */
  const char *text;         /* as written */
  vl_layer layer;
  const char *file;
  int line;
  const char *source;       /* the citation it was transcribed from, or NULL */
  const char *provisional;  /* why it is an estimate, or NULL */
} vl_move_value;

size_t vl_move_value_count(const vl_move_table *t);
const vl_move_value *vl_move_value_at(const vl_move_table *t, size_t i);

/* ---- locations and overlays ------------------------------------------------------------- */

/* A location: a map hex, or space `space` of track `track` (vl_map_track_at's index). */
typedef struct vl_move_loc {
  int track;   /* -1: the hex `hex`; else a track index */
  int space;   /* the space's index in the track, when track >= 0 */
  vl_hex hex;  /* when track < 0 */
} vl_move_loc;

vl_move_loc vl_move_at_hex(vl_hex h);
vl_move_loc vl_move_at_space(int track, int space);

/* Writes a location's name into buf (size n): a hex label ("1013") or "<track>/<space>"
** ("saltillo/G"). Returns the length, or VL_EINVAL (a hex without a label, an unknown track
** or space, buf too small). */
int vl_move_loc_format(const vl_map *m, vl_move_loc loc, char *buf, size_t n);

/* What an overlay mark does. */
typedef enum vl_move_mark_kind {
  VL_MOVE_PROHIBIT = 0,  /* entering the location, or crossing the hexside, is not allowed */
  VL_MOVE_STOP = 1,      /* entering the location ends the move: reachable, never passed
                         ** through (locations only; the start is never stopped) */
  VL_MOVE_EXTRA = 2,     /* entering the location, or crossing the hexside, costs more */
  VL_MOVE_NO_ROAD = 3    /* entering the hex, or crossing the hexside, gets no road rate */
} vl_move_mark_kind;

/* One mark of an overlay. Strings are borrowed for the duration of the call. */
typedef struct vl_move_mark {
  vl_move_mark_kind kind;
  int on_hexside;     /* 1: the mark is on the hexside `side`; 0: on the location `at` */
  vl_move_loc at;
  vl_hexside side;
  int cost;           /* VL_MOVE_EXTRA: 0..VL_MOVE_MAX_COST table units; marks add up */
  const char *why;    /* NULL, or what a refusal says ("enemy front hex") */
  const char *rule;   /* NULL, or the citation ("[rough_and_ready 5.14]") */
} vl_move_mark;

/* A query: who moves and what the rules add. */
typedef struct vl_move_query {
  int column;               /* vl_move_column's answer, or VL_MOVE_UNIFORM */
  int budget;               /* movement points, table units: 0..VL_MOVE_MAX_BUDGET */
  uint32_t roads;           /* the road kinds whose rates may be used (bit i: kind i) */
  int max_step;             /* 0: no limit; else a step costing more is not allowed */
  const char *max_step_why; /* NULL, or what a refusal says about max_step */
  const char *max_step_rule;
  size_t nmarks;
  const vl_move_mark *marks;  /* borrowed for the call; in any order (extras add up; the
                              ** first prohibit or stop mark of a place names the refusal) */
} vl_move_query;

/* A query with column 0, the largest budget, every road kind, no step limit, no marks. */
void vl_move_query_init(vl_move_query *q);

/* ---- the movement graph ------------------------------------------------------------------- */

/* A map made ready for searches with a table: every hex's terrain, elevation, neighbours and
** hexsides, and the tracks' spaces with their adjacencies and links, laid out for the search.
** It borrows m and t, which must outlive it. */
typedef struct vl_move_graph vl_move_graph;

/* Builds the graph of map m priced by table t (which must have been loaded for m's terrain
** tables). VL_OK and *out, which the caller frees with vl_move_graph_free; VL_EINVAL with err
** when t was loaded for other terrain tables; VL_ENOMEM. */
int vl_move_graph_new(const vl_map *m, const vl_move_table *t, vl_move_graph **out,
                      vl_error *err);

/* Frees a graph; accepts NULL. */
void vl_move_graph_free(vl_move_graph *g);

/* The map and table a graph was built from (borrowed). */
const vl_map *vl_move_graph_map(const vl_move_graph *g);
const vl_move_table *vl_move_graph_table(const vl_move_graph *g);

/* ---- steps, reach, paths, checks ---------------------------------------------------------- */

#define VL_MOVE_DISORDER 1u  /* the step crossed or entered a "D" entry: it disorders */
#define VL_MOVE_ROAD 2u      /* the step was made at a road rate */
#define VL_MOVE_STOPS 4u     /* the location is must-stop: the move ends there */

/* One step of a path: the location entered, what the step cost and the total on arrival. The
** start is the first step, with cost and total 0. */
typedef struct vl_move_step {
  vl_move_loc loc;
  int cost;         /* of this step, table units */
  int total;        /* spent on arrival */
  unsigned flags;   /* VL_MOVE_DISORDER | VL_MOVE_ROAD | VL_MOVE_STOPS */
  int road;         /* the road kind whose rate was paid (VL_MOVE_ROAD), else -1 */
} vl_move_step;

/* A place reached: the chosen (cheapest) path's figures. */
typedef struct vl_move_dest {
  vl_move_loc loc;
  int cost;         /* spent to get there */
  int left;         /* the budget minus cost: movement points left over */
  int steps;        /* locations entered (0 for the start) */
  int disorders;    /* steps of the path that disorder */
  int stop;         /* 1 when the location is must-stop */
} vl_move_dest;

/* A search's answer. It borrows the graph, which must outlive it. */
typedef struct vl_move_reach vl_move_reach;

/* Every location reachable from start within q->budget: Dijkstra over hexes and track spaces.
** A step is legal when the query's column may make it (no NA, no prohibit mark, no more than
** max_step) and it leaves from the start or from a location that is not must-stop. The path
** chosen to each location is, among the cheapest, the one with the fewest disordering steps,
** then the fewest steps; among those, the one whose previous location comes first in
** location order, and so on back to the start (docs/move.md "Tie-breaking"). Returns VL_OK
** and *out, which the caller frees with vl_move_reach_free; VL_EINVAL with err when the
** query or start is bad (an unknown column, a budget or cost out of range, a stop mark on a
** hexside, a start off the map); VL_ENOMEM. */
int vl_move_reach_new(const vl_move_graph *g, vl_move_loc start, const vl_move_query *q,
                      vl_move_reach **out, vl_error *err);

/* The cheapest path from start to goal, the same search stopped once goal is settled:
** VL_OK with *out holding goal (and the places settled before it); VL_ENOTFOUND with err
** "<goal> cannot be reached from <start> with <budget> MP" when there is none within the
** budget; otherwise as vl_move_reach_new. */
int vl_move_cheapest(const vl_move_graph *g, vl_move_loc start, vl_move_loc goal,
                     const vl_move_query *q, vl_move_reach **out, vl_error *err);

/* Frees a reach; accepts NULL. */
void vl_move_reach_free(vl_move_reach *r);

/* The places reached, sorted by cost, then location order; the start is first (cost 0). */
size_t vl_move_reach_count(const vl_move_reach *r);
const vl_move_dest *vl_move_reach_at(const vl_move_reach *r, size_t i);

/* The place loc if reached, else NULL. */
const vl_move_dest *vl_move_reach_find(const vl_move_reach *r, vl_move_loc loc);

/* cost_to: the cost to reach loc, or -1 when it was not reached. */
int vl_move_reach_cost(const vl_move_reach *r, vl_move_loc loc);

/* The chosen path to loc, from the start to loc inclusive, written to out (capacity max).
** Returns the number of steps (the dest's steps + 1), which may exceed max (then only max were
** written); 0 when loc was not reached. */
size_t vl_move_reach_path(const vl_move_reach *r, vl_move_loc loc, vl_move_step *out,
                          size_t max);

/* The chosen path to answer i (vl_move_reach_at's index) as answer indices, from the start
** (index 0) to i inclusive, written to out (capacity max): every place on a chosen path is an
** answer. Returns the number of places, which may exceed max (then only max were written);
** 0 when i is out of range. */
size_t vl_move_reach_path_at(const vl_move_reach *r, size_t i, size_t *out, size_t max);

/* The verdict on a typed path. */
typedef struct vl_move_check {
  int ok;           /* 1: every step is legal */
  size_t bad;       /* when !ok: the index in the path of the location the refused step enters */
  int cost;         /* the cost of the legal steps */
  int left;         /* the budget minus cost */
  int disorders;    /* legal steps that disorder */
  char why[VL_MOVE_WHY_MAX];  /* when !ok: "3014 -> 3015: prohibited (Lagoon) [rule]" */
} vl_move_check;

/* Checks a path: path[0] is the start, each later location is entered from the one before.
** Fills steps (capacity n, may be NULL) with the legal steps and out with the verdict: the
** first illegal step (not adjacent or linked, off the map, NA, a prohibit mark, more than
** max_step, more than the MP left, leaving a must-stop location) is named with the reason
** and its rule. Returns VL_OK (whatever the verdict), or VL_EINVAL for a bad query or an
** empty path (err says which). */
int vl_move_validate(const vl_move_graph *g, const vl_move_loc *path, size_t n,
                     const vl_move_query *q, vl_move_step *steps, vl_move_check *out,
                     vl_error *err);

#endif
