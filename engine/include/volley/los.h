/*
** los.h -- line of sight from heights, with the rule system's policy as data
** (charts/<system-id>/los.ini, format: docs/formats.md "los.ini"; the algorithm: docs/los.md).
**
** A line of sight runs from the centre of the observer's hex to the centre of the target's
** hex through every hex it enters (vl_hex_trace): a step is a hex, or a hexside the line runs
** exactly along ("grazed": both of its hexes). What can block, each as the policy says:
**   the endpoints: an observer in a sunken hex who sees nothing, a target in a sunken hex
**     seen only from near by, a hexside between adjacent hexes that blocks them;
**   terrain that can be seen into but not through (the `blocks-los` flag of terrain.ini),
**     outright or as an obstacle of its height;
**   the ground of the hexes between, judged by height tests (the sightline of
**     [spi_gbacw 9.73], "higher than both", "as high as the higher end and nearer the lower",
**     "higher than the target"), at each hex's centre or at its crest hexsides;
**   hexside features (a crest, a spur) crossed or run along;
**   units, which the caller passes as obstacles (hex, height, side) -- C never looks at the
**     stacks itself; the rules in Lua compute the list (DESIGN.md principle 4).
** A grazed hexside blocks when either hex blocks, only when both do, or as the defender
** chooses.
**
** Heights. Every height here is in the policy's height steps: half-levels for a policy whose
** unit is "level" (as vl_map_elevation answers), else the policy's unit (feet for SPI) with
** `level` steps to a map level. A hex's ground is its elevation converted to steps; the
** terrain's obstacle height is terrain.ini's `height`, converted likewise; an observer or
** target stands `eye` steps above its ground. Distances are in hexes (vl_hex_distance).
**
** Answers. Every answer says why: the kind of block, where (a hex, or a hexside "a/b"), the
** heights compared, the rule case (borrowed from the policy) and, composed on demand by
** vl_los_reason, a sentence. A clear answer carries the policy's general rule. The path of an
** answer is vl_hex_trace's (vl_los_path).
**
** The cache. A vl_los context keeps, per ordered pair of hexes, the traced path with its
** terrain read off the map and the terrain-only answer for the policy's eye heights, within a
** memory budget fixed at creation. A query with units checks them along the cached path; a
** query with other eye heights re-judges the cached path. The cache changes speed only, never
** an answer.
*/
#ifndef VOLLEY_LOS_H
#define VOLLEY_LOS_H

#include <limits.h>
#include <stddef.h>

#include "volley/error.h"
#include "volley/hex.h"
#include "volley/map.h"
#include "volley/path.h"

/* ---- the policy ---------------------------------------------------------------------------- */

typedef struct vl_los_policy vl_los_policy;

/* How terrain with the blocks-los flag blocks (a hex's, or a hexside feature's). */
enum {
  VL_LOS_BLOCKS_ABSOLUTE = 0,  /* fire into, never through: an intervening hex blocks */
  VL_LOS_BLOCKS_HEIGHT = 1     /* an obstacle of its height, judged by the height tests */
};

/* Which ground is an obstacle. */
enum {
  VL_LOS_GROUND_NONE = 0,    /* elevation never blocks */
  VL_LOS_GROUND_HEXES = 1,   /* every intervening hex, ground + terrain height, at its centre */
  VL_LOS_GROUND_CRESTS = 2   /* the ground of an intervening hex at the hexsides the line
                             ** crosses into and out of it (its crests); a blocks-los hex's
                             ** terrain at its centre */
};

/* Height tests (bits), judged in this order. */
#define VL_LOS_TEST_SIGHTLINE 1u          /* above the straight line between the two positions,
                                          ** by more than the tolerance [spi_gbacw 9.73] */
#define VL_LOS_TEST_HIGHER_THAN_BOTH 2u   /* higher than both positions */
#define VL_LOS_TEST_NEAR_LOWER 4u         /* positions differ; the obstacle reaches the
                                          ** threshold and is nearer the lower (or midway) */
#define VL_LOS_TEST_HIGHER_THAN_TARGET 8u /* higher than the target's position */

enum { VL_LOS_NEAR_HIGHER = 0, VL_LOS_NEAR_AVERAGE = 1 };  /* near-lower threshold: as high as
                                                          ** the higher position, or higher
                                                          ** than the average of the two */

enum { VL_LOS_GRAZE_EITHER = 0, VL_LOS_GRAZE_BOTH = 1, VL_LOS_GRAZE_DEFENDER = 2 };

/* Blocking hexsides that do not count: none, those of the two end hexes, and also those
** touching a corner of an end hex [spi_gbacw 9.7]. */
enum { VL_LOS_EXEMPT_NONE = 0, VL_LOS_EXEMPT_COMMON = 1, VL_LOS_EXEMPT_ADJACENT = 2 };

/* Which units are obstacles, relative to the observer's side. */
enum {
  VL_LOS_UNITS_NONE = 0,
  VL_LOS_UNITS_ALL = 1,
  VL_LOS_UNITS_ENEMY = 2,
  VL_LOS_UNITS_FRIENDLY = 3
};

enum { VL_LOS_UNITS_ABSOLUTE = 0, VL_LOS_UNITS_HEIGHT = 1 };

/* When an observer sees past a unit obstacle (bits). */
#define VL_LOS_SEE_OVER_HIGHER 1u           /* the observer's ground is higher than the unit's */
#define VL_LOS_SEE_OVER_LOWER_THAN_BOTH 2u  /* the unit's ground is lower than both ends' */

enum { VL_LOS_SUNKEN_SEES = 0, VL_LOS_SUNKEN_BLIND = 1 };  /* an observer in a sunken hex */
enum {
  VL_LOS_SUNKEN_ANY = 0,       /* a target in a sunken hex is seen as any other */
  VL_LOS_SUNKEN_ADJACENT = 1,  /* only from an adjacent hex that is not sunken */
  VL_LOS_SUNKEN_NEAR = 2       /* only from a hex that is sunken or next to a sunken hex */
};

/* A policy's values, resolved (heights in steps). Borrowed from the policy. */
typedef struct vl_los_config {
  const char *system;
  const char *unit;          /* "level", or the word heights are written in ("ft") */
  int level;                 /* height steps per map level (2 when unit is "level") */
  int eye;                   /* default height of observer and target above their ground */
  int reciprocal;            /* 1: the policy says the terrain-only answer is symmetric */
  int terrain_blocks;        /* VL_LOS_BLOCKS_*: hexes whose terrain carries blocks-los */
  int hexside_blocks;        /* VL_LOS_BLOCKS_*: hexside features carrying blocks-los */
  int ground;                /* VL_LOS_GROUND_* */
  unsigned tests;            /* VL_LOS_TEST_* bits */
  int tolerance;             /* steps an obstacle may rise above the sightline */
  int near_lower;            /* VL_LOS_NEAR_* */
  int midpoint_blocks;       /* 1: a midway obstacle counts as nearer the lower position */
  int graze;                 /* VL_LOS_GRAZE_* */
  int exempt;                /* VL_LOS_EXEMPT_* */
  const char *adjacent_flag; /* a hexside flag blocking adjacent hexes, or NULL */
  int units_block;           /* VL_LOS_UNITS_NONE .. FRIENDLY */
  int units_as;              /* VL_LOS_UNITS_ABSOLUTE | HEIGHT */
  int unit_height;           /* default height of a unit obstacle */
  unsigned see_over;         /* VL_LOS_SEE_OVER_* bits */
  const char *sunken_flag;   /* the terrain flag of sunken hexes, or NULL */
  int sunken_observer;       /* VL_LOS_SUNKEN_SEES | BLIND */
  int sunken_target;         /* VL_LOS_SUNKEN_ANY | ADJACENT | NEAR */
  /* [slopes]: the GBACW v2023 rules of 10.23-10.24 (docs/los.md "GBACW's slopes") */
  int slopes;                /* 1: the v2023 rules judge the ground and the tall terrain */
  const char *non_gradual;   /* hexside feature ids making a change of level non-gradual */
  const char *steep;         /* hexside feature ids that are steep or sheer */
  const char *canopy_flag;   /* the terrain flag of woods for the Canopy rule, or NULL */
  int crests;                /* 1: the optional Crests rule */
} vl_los_config;

/* One value of a policy as its file gave it (for `volley sources` and introspection). */
typedef struct vl_los_value {
  const char *section;       /* "ground" */
  const char *key;           /* "tests" */
  const char *text;          /* "sightline" */
  const char *file;
  int line;
  const char *rule;          /* the case it cites ("[spi_gbacw 9.73]"); never NULL */
  const char *provisional;   /* why it is an estimate, or NULL */
} vl_los_value;

/* Loads a policy: system_file (the system layer, whose [los] system must be system_id), then
** layer_file (may be NULL: a scenario layer overriding single values). Returns a policy the
** caller frees with vl_los_policy_free, or NULL with err (may be NULL) set to file, line and
** message: VL_EIO, VL_EPARSE, VL_ENOMEM. */
vl_los_policy *vl_los_policy_load(const char *system_id, const char *system_file,
                                  const char *layer_file, vl_error *err);

/* The policy of a system: charts/<system_id>/los.ini on the data path, then layer_file (may be
** NULL). VL_ENOTFOUND with "no charts/<id>/los.ini on the data path" when there is none. */
vl_los_policy *vl_los_policy_find(const vl_path *data, const char *system_id,
                                  const char *layer_file, vl_error *err);

/* Frees a policy; accepts NULL. */
void vl_los_policy_free(vl_los_policy *p);

/* The resolved values (borrowed until vl_los_policy_free). */
const vl_los_config *vl_los_policy_config(const vl_los_policy *p);

/* The values as written: their number, and value i in (section, key) order of the format's
** tables; NULL out of range. */
size_t vl_los_policy_count(const vl_los_policy *p);
const vl_los_value *vl_los_policy_value(const vl_los_policy *p, size_t i);

/* The value of section.key ("ground", "tests"), or NULL when the policy does not give it. */
const vl_los_value *vl_los_policy_get(const vl_los_policy *p, const char *section,
                                      const char *key);

/* The rule the policy cites for [los] as a whole: the clear answer's citation. */
const char *vl_los_policy_rule(const vl_los_policy *p);

/* ---- a context: a map, a policy, a cache ---------------------------------------------------- */

typedef struct vl_los vl_los;

/* The default cache budget of vl_los_new, in bytes. */
#define VL_LOS_CACHE_DEFAULT ((size_t)2 << 20)

/* A context for LOS on map m under policy p, both borrowed: they must outlive it. The cache
** holds at most cache_bytes (0: no cache; at least 16 KiB otherwise, or it is raised to that).
** When the policy is the map's system's, every flag word it names must be a flag of the
** map's terrain table; for another system's policy a missing flag is carried by no terrain.
** Returns NULL with err (may be NULL): VL_ENOMEM, VL_EINVAL (an unknown flag, with the
** message naming it). */
vl_los *vl_los_new(const vl_map *m, const vl_los_policy *p, size_t cache_bytes, vl_error *err);

/* Frees a context; accepts NULL. */
void vl_los_free(vl_los *l);

/* Empties the cache (never needed for correctness: the map and policy cannot change). */
void vl_los_flush(vl_los *l);

typedef struct vl_los_stats {
  size_t entries;        /* paths held now */
  size_t bytes_used;     /* bytes of paths held now */
  size_t bytes_budget;   /* the budget: table plus path store, allocated once */
  unsigned long hits, misses, flushes;
} vl_los_stats;

void vl_los_stats_get(const vl_los *l, vl_los_stats *out);

/* ---- a query ----------------------------------------------------------------------------- */

#define VL_LOS_DEFAULT INT_MIN   /* an eye or unit height: the policy's; a side: none */
#define VL_LOS_MAX_HEIGHT 1000000 /* the largest eye or unit height a query may give */

/* A unit obstacle: a hex with something standing in it. Several in one hex count as the
** tallest. Units in the observer's or the target's hex never block. */
typedef struct vl_los_unit {
  vl_hex hex;
  int height;   /* steps above the hex's ground; VL_LOS_DEFAULT: the policy's unit height */
  int side;     /* any integer the caller chooses; compared with the query's side */
} vl_los_unit;

/* The defender's choice on a grazed hexside one of whose hexes blocks (graze = defender). */
enum {
  VL_LOS_DEFENDER_ASK = 0,    /* unresolved: the answer is blocked, marked as a choice */
  VL_LOS_DEFENDER_BLOCK = 1,  /* the line passes through the blocking hex */
  VL_LOS_DEFENDER_CLEAR = 2   /* the line passes through the other */
};

typedef struct vl_los_query {
  vl_hex from, to;            /* observer, target: both on the map */
  int from_eye, to_eye;       /* steps above the ground, or VL_LOS_DEFAULT */
  int side;                   /* the observer's side, or VL_LOS_DEFAULT (every unit is then
                              ** an enemy) */
  const vl_los_unit *units;   /* may be NULL when nunits is 0 */
  size_t nunits;
  int defender;               /* VL_LOS_DEFENDER_* */
} vl_los_query;

/* Sets q to a query from -> to with every other field at its default. */
void vl_los_query_init(vl_los_query *q, vl_hex from, vl_hex to);

typedef enum vl_los_kind {
  VL_LOS_CLEAR = 0,
  VL_LOS_TERRAIN,             /* blocks-los terrain, outright: fire into, not through */
  VL_LOS_HEXSIDE,             /* a blocks-los hexside feature, outright */
  VL_LOS_UNIT,                /* a unit obstacle, outright */
  VL_LOS_SIGHTLINE,           /* the height tests, in the order of VL_LOS_TEST_* */
  VL_LOS_HIGHER_THAN_BOTH,
  VL_LOS_NEAR_LOWER,
  VL_LOS_HIGHER_THAN_TARGET,
  VL_LOS_OBSERVER_SUNKEN,     /* the observer is in a sunken hex and sees nothing */
  VL_LOS_TARGET_SUNKEN,       /* the target is in a sunken hex, out of view from here */
  VL_LOS_ADJACENT_HEXSIDE,    /* a hexside that blocks between adjacent hexes */
  VL_LOS_MIDWAY,              /* [slopes] above the ends' average, half-way, with a
                              ** non-gradual slope toward the lower end [gbacw 10.24] */
  VL_LOS_CANOPY,              /* [slopes] a lower woods hex beside a wooded end */
  VL_LOS_SHADOW,              /* [slopes] a woods or town hex higher than an end beside it */
  VL_LOS_SHADOW_SLOPE,        /* [slopes] a steep slope toward the lower end, gentler ones
                              ** toward the higher */
  VL_LOS_INTERVENING_HILL,    /* [slopes] as high as the higher end, a dip between them */
  VL_LOS_CREST                /* [slopes] the optional Crests rule, at the higher end */
} vl_los_kind;

/* "clear", "terrain", "hexside", "unit", "sightline", "higher-than-both", "near-lower",
** "higher-than-target", "observer-sunken", "target-sunken", "adjacent-hexside", "midway",
** "canopy", "shadow", "shadow-slope", "intervening-hill", "crest"; NULL for anything else. */
const char *vl_los_kind_name(vl_los_kind k);

enum { VL_LOS_AT_NONE = 0, VL_LOS_AT_HEX = 1, VL_LOS_AT_HEXSIDE = 2 };

#define VL_LOS_REASON_MAX 192

typedef struct vl_los_result {
  int clear;                  /* 1 clear, 0 blocked */
  int choice;                 /* 1: blocked only if the defender so chooses (graze = defender,
                              ** query defender VL_LOS_DEFENDER_ASK) */
  vl_los_kind kind;
  int at;                     /* VL_LOS_AT_*: where it is blocked */
  vl_hex hex, hex2;           /* the hex; or the hexside's two hexes, in label order (never
                              ** a hexside with a hex off the map: its hex on the map then) */
  const char *rule;           /* the case, borrowed from the policy */
  const char *provisional;    /* the deciding value's reason if it is provisional, or NULL */
  int distance;               /* hexes from observer to target */
  int observer, target;       /* heights of the two positions (ground + eye), steps */
  int has_obstacle;           /* 1 when obstacle (and ground) are meaningful */
  int obstacle;               /* the blocking obstacle's top, steps */
  int detail_what;            /* for vl_los_reason: what the obstacle is */
  int detail_pair;            /* for vl_los_reason: 1 along a hexside, 2 both hexes blocking,
                              ** 3 along a hexside of the map's edge (hex: its hex on the map) */
  vl_hex detail_hex;          /* for vl_los_reason: the hex whose terrain names the obstacle */
} vl_los_result;

/* Judges q. VL_OK with *r filled, or VL_EINVAL with err (may be NULL) and *r untouched: a hex
** or a unit off the map, an eye or unit height outside 0..VL_LOS_MAX_HEIGHT, a bad defender
** value. Never allocates. */
int vl_los_check(vl_los *l, const vl_los_query *q, vl_los_result *r, vl_error *err);

/* Writes the sentence that explains r ("Light Woods: fire into, not through", "nothing
** blocks the line") into buf of size n (VL_LOS_REASON_MAX is enough), composed on demand so
** that a query that needs only the verdict does not pay for it. r must come from l. Returns
** its length, or VL_EINVAL when n is 0. */
int vl_los_reason(const vl_los *l, const vl_los_result *r, char *buf, size_t n);

/* Writes "0303" or "0102/0202" (the result's place) into buf of size n; "" for a clear answer.
** Returns the length, or VL_EINVAL when buf is too small. */
int vl_los_where(const vl_los *l, const vl_los_result *r, char *buf, size_t n);

/* The path from -> to (vl_hex_trace's steps, from the cache when it holds them): the step
** count, which may exceed max (then only max were written), or VL_EINVAL with err (may be NULL)
** when a hex is off the map. */
int vl_los_path(vl_los *l, vl_hex from, vl_hex to, vl_line_step *out, int max, vl_error *err);

/* The terrain-only answer from -> to with the policy's eyes and no units (cached).
** Same returns as vl_los_check. */
int vl_los_terrain(vl_los *l, vl_hex from, vl_hex to, vl_los_result *r, vl_error *err);

#endif
