/*
** los_internal.h -- what the LOS files share and the public API hides: the policy struct
** (los_policy.c reads los.ini into it), and the engine's context with its paths (los.c judges
** with them; los_reason.c words the answers). Not part of the public API.
*/
#ifndef VOLLEY_LOS_INTERNAL_H
#define VOLLEY_LOS_INTERNAL_H

#include <stdint.h>

#include "arena.h"
#include "volley/los.h"

/* The keys of los.ini, in the order of the format's tables (docs/formats.md "los.ini"). */
enum {
  K_SYSTEM, K_UNIT, K_LEVEL, K_EYE, K_RECIPROCAL,
  K_TERRAIN_BLOCKS, K_TERRAIN_HEXSIDES,
  K_GROUND_OBSTACLES, K_GROUND_TESTS, K_GROUND_TOLERANCE, K_GROUND_NEAR, K_GROUND_MIDPOINT,
  K_SIDE_GRAZE, K_SIDE_EXEMPT, K_SIDE_ADJACENT,
  K_UNITS_BLOCK, K_UNITS_AS, K_UNITS_HEIGHT, K_UNITS_SEE_OVER,
  K_SUNKEN_FLAG, K_SUNKEN_OBSERVER, K_SUNKEN_TARGET,
  K_SLOPES_RULES, K_SLOPES_NON_GRADUAL, K_SLOPES_STEEP, K_SLOPES_CANOPY, K_SLOPES_CRESTS,
  K_COUNT
};

struct vl_los_policy {
  vl_arena arena;
  vl_los_config config;
  const char *rule;              /* [los] rule */
  vl_los_value values[K_COUNT];  /* text NULL: not given */
  size_t nvalues;
  const vl_los_value *given[K_COUNT];  /* the given ones, in key order */
};

/* The rule of key k's value, or the policy's own when the value is not given. */
const char *vl_los_policy_key_rule(const vl_los_policy *p, int k);

/* The provisional reason of key k's value, or NULL. */
const char *vl_los_policy_key_provisional(const vl_los_policy *p, int k);

/* ---- the engine's context (los.c; los_reason.c reads it) -------------------------------- */

enum { R_END = 0, R_HEX = 1, R_PAIR = 2 };

/* los_rec.flags */
#define F_BLOCK_A 0x001u       /* a's terrain carries blocks-los */
#define F_BLOCK_B 0x002u
#define F_SIDE_BLOCKS 0x004u   /* a pair: the grazed hexside has a blocks-los feature */
#define F_SIDE_HAS 0x008u      /* a pair: the grazed hexside has a feature that may block */
#define F_SIDE_EXEMPT 0x010u   /* a pair: that hexside touches an end, and the policy exempts it */
#define F_ENTRY_EXEMPT 0x020u  /* the boundary into the step is exempt */
#define F_EXIT_EXEMPT 0x040u   /* the boundary out of it */

/* A step of a path: a hex (b = -1), a grazed hexside (a < b in vl_hex_cmp order), or an end. */
typedef struct los_rec {
  int32_t a, b;              /* cells; -1 for none, below -1 a hex off the map (off_code) */
  int32_t pa, pb;            /* quarter-hexes from observer, from target */
  int16_t ga, gb;            /* ground, steps */
  int16_t ha, hb;            /* terrain obstacle height above the ground, steps */
  int16_t sh;                /* a pair: its hexside features' height, steps */
  int16_t side;              /* index of the hexside crossed after this step, or -1 */
  uint16_t flags;
  uint8_t kind;
  uint8_t tbits;             /* with the policy's eyes: bit 0 a blocks by terrain, bit 1 b */
} los_rec;

/* los_srec.flags */
#define S_BLOCKS 1u            /* a blocks-los feature */
#define S_EXEMPT 2u            /* touches an end, and the policy exempts it */

/* A hexside crossed between two single-hex steps that has a feature that may block. */
typedef struct los_srec {
  int32_t a, b;              /* cells of its two hexes, in path order */
  int32_t pa, pb;
  int16_t top;               /* the higher ground of the two + the features' height */
  uint16_t flags;
} los_srec;

/* A path's head, followed in the cache's store by its recs and srecs. */
typedef struct los_head {
  int32_t nsteps, nsides;
  int32_t tfirst;            /* the first item terrain blocks outright, or -1 */
  int32_t tchoice;           /* the first a defender may choose before it, or -1 */
} los_head;

typedef struct los_path {
  los_head *h;
  los_rec *steps;
  los_srec *sides;
} los_path;

#define C_BLOCKS 1u
#define C_SUNKEN 2u
#define C_CANOPY 4u            /* [slopes] canopy: woods */

#define PROBES 8

typedef struct los_slot {
  uint64_t key;              /* (from * ncells + to) + 1; 0 empty */
  uint32_t off, size;        /* the entry's bytes in the store */
} los_slot;

struct vl_los {
  const vl_map *m;
  const vl_los_policy *p;
  const vl_los_config *c;
  const vl_grid *g;
  size_t ncells;
  int col_min, row_min, nrows;
  int scale;                 /* steps per map half-level: 1 for unit level, level / 2 else */
  int16_t *ground;           /* per cell */
  int16_t *theight;          /* per cell */
  uint8_t *cflags;           /* per cell: C_* */
  uint32_t feat_blocks;      /* hexside types with blocks-los */
  uint32_t feat_adjacent;    /* hexside types with the policy's adjacent flag */
  int16_t feat_height[VL_TERRAIN_MAX_FEATURES];
  uint32_t feat_high;        /* hexside types with a height above 0 */
  uint32_t feat_non_gradual; /* [slopes] hexside types making a change of level non-gradual */
  uint32_t feat_steep;       /* [slopes] steep and sheer hexside types */
  int32_t *unit_top;         /* per cell: the tallest counted unit's height, or -1 */
  int max_steps;             /* room in the scratch buffers */
  vl_line_step *trace;
  los_head scratch_head;
  los_rec *scratch_steps;
  los_srec *scratch_sides;
  /* the cache */
  los_slot *table;
  size_t table_cap;          /* a power of two, or 0 without a cache */
  unsigned table_bits;
  unsigned char *store;
  size_t store_cap, store_used, entries;
  size_t budget;
  unsigned long hits, misses, flushes;
};

/* What an obstacle is, for the sentences (vl_los_result.detail_what). */
enum { W_GROUND, W_TERRAIN, W_CREST, W_FEATURE, W_UNIT };

/* The features of the hexside between x and y: bits of the terrain table's hexside types;
** 0 when it touches a hex off the map (los.c). */
uint32_t vl_los_side_features(const vl_los *l, vl_hex x, vl_hex y);

/* h's label into buf, or "(q,r)" for a hex without one (los_reason.c). */
void vl_los_hex_text(const vl_los *l, vl_hex h, char *buf, size_t n);

#endif
