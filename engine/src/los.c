/*
** los.c -- line of sight on a map under a policy (los.h; the algorithm: docs/los.md).
**
** A path is the trace from observer to target (vl_hex_trace) with what the map says about
** each step read off once: cells, ground and terrain heights in the policy's steps, blocking
** flags, the hexside features crossed or run along, and each place's distance from both ends
** in quarter-hexes (a hex at distance d is 4d; a grazed hexside and a boundary between two
** steps lie half-way). Judging a path walks its items in order from the observer -- item 2i
** is step i, item 2i + 1 the hexside crossed after it -- and the first that blocks is the
** answer. The cache keeps paths per ordered pair with the terrain-only verdict for the
** policy's eyes: the first item terrain blocks, the first a defender may choose, and which
** hexes of each step block by terrain, so a query with units only walks the units up to
** there. C here never calls Lua: units arrive as a list in the query. The sentences that
** explain an answer are los_reason.c's; the types shared with it are in los_internal.h.
*/
#include "volley/los.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "los_internal.h"
#include "map_internal.h"

/* ---- paths -------------------------------------------------------------------------------- */

/* ---- the context -------------------------------------------------------------------------- */

static int clamp16(long x) {
  return x > INT16_MAX ? INT16_MAX : x < INT16_MIN ? INT16_MIN : (int)x;
}

/* Whether the blank-separated list holds the word w (NULL holds nothing). */
static int has_word(const char *list, const char *w) {
  size_t n = strlen(w);
  const char *s = list;
  if (s == NULL) return 0;
  while (*s) {
    size_t k;
    while (*s == ' ' || *s == '\t') s++;
    for (k = 0; s[k] && s[k] != ' ' && s[k] != '\t'; k++) continue;
    if (k == n && k > 0 && memcmp(s, w, n) == 0) return 1;
    s += k;
  }
  return 0;
}

/* Reports a word of list that is no hexside feature of t ([slopes] key name); 1 if one is. */
static int unknown_feature(const vl_terrain *t, const char *list, vl_error *err,
                           const char *key) {
  const char *s = list;
  if (s == NULL) return 0;
  while (*s) {
    size_t k, i, found = 0;
    while (*s == ' ' || *s == '\t') s++;
    for (k = 0; s[k] && s[k] != ' ' && s[k] != '\t'; k++) continue;
    if (k == 0) break;
    for (i = 0; i < vl_terrain_count(t, VL_TERRAIN_HEXSIDE); i++) {
      const char *id = vl_terrain_type_at(t, VL_TERRAIN_HEXSIDE, i)->id;
      if (strlen(id) == k && memcmp(id, s, k) == 0) found = 1;
    }
    if (!found) {
      vl_error_set(err, VL_EINVAL, NULL, 0, "los.ini [slopes] %s: '%.*s' is not a hexside "
                   "feature of the terrain tables", key, (int)k, s);
      return 1;
    }
    s += k;
  }
  return 0;
}

vl_los *vl_los_new(const vl_map *m, const vl_los_policy *p, size_t cache_bytes, vl_error *err) {
  const vl_los_config *c = vl_los_policy_config(p);
  const vl_terrain *t = vl_map_terrain_table(m);
  int own = strcmp(c->system, vl_map_system(m)) == 0;
  int fblocks = vl_terrain_flag(t, "blocks-los"), fsunken = -1, fadj = -1, fcanopy = -1;
  int col_min, col_max, row_min, row_max;
  size_t i;
  vl_los *l;
  if (c->sunken_flag != NULL && (fsunken = vl_terrain_flag(t, c->sunken_flag)) < 0 && own) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "los.ini [sunken] flag '%s' is not a flag of the "
                 "terrain tables of %s", c->sunken_flag, vl_map_system(m));
    return NULL;
  }
  if (c->adjacent_flag != NULL && (fadj = vl_terrain_flag(t, c->adjacent_flag)) < 0 && own) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "los.ini [hexsides] adjacent '%s' is not a flag of "
                 "the terrain tables of %s", c->adjacent_flag, vl_map_system(m));
    return NULL;
  }
  if (c->canopy_flag != NULL && (fcanopy = vl_terrain_flag(t, c->canopy_flag)) < 0 && own) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "los.ini [slopes] canopy '%s' is not a flag of the "
                 "terrain tables of %s", c->canopy_flag, vl_map_system(m));
    return NULL;
  }
  l = calloc(1, sizeof *l);
  if (l == NULL) goto oom;
  l->m = m;
  l->p = p;
  l->c = c;
  l->g = vl_map_grid(m);
  l->ncells = vl_map_hex_count(m);
  l->scale = strcmp(c->unit, "level") == 0 ? 1 : c->level / 2;
  vl_map_bounds(m, &col_min, &col_max, &row_min, &row_max);
  l->col_min = col_min;
  l->row_min = row_min;
  l->nrows = row_max - row_min + 1;
  l->max_steps = 4 * ((col_max - col_min + 1) + (row_max - row_min + 1)) + 8;
  l->ground = malloc(l->ncells * sizeof *l->ground);
  l->theight = malloc(l->ncells * sizeof *l->theight);
  l->cflags = calloc(l->ncells, 1);
  l->unit_top = malloc(l->ncells * sizeof *l->unit_top);
  l->trace = malloc((size_t)l->max_steps * sizeof *l->trace);
  l->scratch_steps = malloc((size_t)l->max_steps * sizeof *l->scratch_steps);
  l->scratch_sides = malloc((size_t)l->max_steps * sizeof *l->scratch_sides);
  if (!l->ground || !l->theight || !l->cflags || !l->unit_top || !l->trace ||
      !l->scratch_steps || !l->scratch_sides)
    goto oom;
  for (i = 0; i < l->ncells; i++) {
    vl_hex h = vl_map_hex_at(m, i);
    const vl_terrain_type *ty = vl_map_terrain(m, h);
    int halves = 0;
    vl_map_elevation(m, h, &halves);
    l->ground[i] = (int16_t)clamp16((long)halves * l->scale);
    l->theight[i] = (int16_t)clamp16((long)ty->height * l->scale);
    if (fblocks >= 0 && (ty->flags & ((uint32_t)1 << fblocks))) l->cflags[i] |= C_BLOCKS;
    if (fsunken >= 0 && (ty->flags & ((uint32_t)1 << fsunken))) l->cflags[i] |= C_SUNKEN;
    if (fcanopy >= 0 && (ty->flags & ((uint32_t)1 << fcanopy))) l->cflags[i] |= C_CANOPY;
    l->unit_top[i] = -1;
  }
  for (i = 0; i < vl_terrain_count(t, VL_TERRAIN_HEXSIDE) && i < VL_TERRAIN_MAX_FEATURES; i++) {
    const vl_terrain_type *ty = vl_terrain_type_at(t, VL_TERRAIN_HEXSIDE, i);
    uint32_t bit = (uint32_t)1 << i;
    if (fblocks >= 0 && (ty->flags & ((uint32_t)1 << fblocks))) l->feat_blocks |= bit;
    if (fadj >= 0 && (ty->flags & ((uint32_t)1 << fadj))) l->feat_adjacent |= bit;
    l->feat_height[i] = (int16_t)clamp16((long)ty->height * l->scale);
    if (ty->height > 0) l->feat_high |= bit;
    if (has_word(c->non_gradual, ty->id)) l->feat_non_gradual |= bit;
    if (has_word(c->steep, ty->id)) l->feat_steep |= bit;
  }
  if (own && (unknown_feature(t, c->non_gradual, err, "non-gradual") ||
              unknown_feature(t, c->steep, err, "steep"))) {
    vl_los_free(l);
    return NULL;
  }
  if (cache_bytes > 0) {
    size_t cap = 16;
    if (cache_bytes > ((size_t)1 << 31)) cache_bytes = (size_t)1 << 31;
    if (cache_bytes < ((size_t)16 << 10)) cache_bytes = (size_t)16 << 10;
    while (cap * 2 * 256 <= cache_bytes) cap *= 2;    /* a slot per 256 bytes of budget */
    l->table_cap = cap;
    for (l->table_bits = 0; ((size_t)1 << l->table_bits) < cap; l->table_bits++) continue;
    l->store_cap = cache_bytes - cap * sizeof(los_slot);
    l->table = calloc(cap, sizeof(los_slot));
    l->store = malloc(l->store_cap);
    if (l->table == NULL || l->store == NULL) goto oom;
    l->budget = cache_bytes;
  }
  return l;
oom:
  vl_los_free(l);
  vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory");
  return NULL;
}

void vl_los_free(vl_los *l) {
  if (l == NULL) return;
  free(l->ground);
  free(l->theight);
  free(l->cflags);
  free(l->unit_top);
  free(l->trace);
  free(l->scratch_steps);
  free(l->scratch_sides);
  free(l->table);
  free(l->store);
  free(l);
}

void vl_los_flush(vl_los *l) {
  if (l->table_cap == 0) return;
  memset(l->table, 0, l->table_cap * sizeof(los_slot));
  l->store_used = 0;
  l->entries = 0;
  l->flushes++;
}

void vl_los_stats_get(const vl_los *l, vl_los_stats *out) {
  out->entries = l->entries;
  out->bytes_used = l->store_used;
  out->bytes_budget = l->budget;
  out->hits = l->hits;
  out->misses = l->misses;
  out->flushes = l->flushes;
}

/* ---- building a path ------------------------------------------------------------------------ */

static int is_end(vl_hex x, vl_hex a, vl_hex b) { return vl_hex_eq(x, a) || vl_hex_eq(x, b); }

static int adjacent(vl_hex x, vl_hex y) { return vl_hex_distance(x, y) == 1; }

/* Whether a blocking boundary made of the n hexes h (2: a hexside; 3: a vertex) is exempt:
** it belongs to an end hex, or (adjacent) it is a hexside touching a corner of one. */
static int exempt(const vl_los *l, const vl_hex *h, int n, vl_hex a, vl_hex b) {
  int i;
  if (l->c->exempt == VL_LOS_EXEMPT_NONE) return 0;
  for (i = 0; i < n; i++)
    if (is_end(h[i], a, b)) return 1;
  if (l->c->exempt == VL_LOS_EXEMPT_ADJACENT && n == 2)
    return (adjacent(h[0], a) && adjacent(h[1], a)) || (adjacent(h[0], b) && adjacent(h[1], b));
  return 0;
}

/* The features of the hexside between x and y (0 off the map). */
uint32_t vl_los_side_features(const vl_los *l, vl_hex x, vl_hex y) {
  uint32_t f = 0;
  vl_map_hexside(l->m, x, y, &f, NULL);
  return f;
}

static int feature_height(const vl_los *l, uint32_t f) {
  int i, h = 0;
  for (i = 0; i < VL_TERRAIN_MAX_FEATURES; i++)
    if ((f & ((uint32_t)1 << i)) && l->feat_height[i] > h) h = l->feat_height[i];
  return h;
}

/* A hex off the map keeps a negative code instead of a cell: -2 - its place in the map's
** rectangle widened by OFF_MARGIN on every side (a line between two hexes of the map leaves
** it by at most one hex). -1 is no hex at all. */
#define OFF_MARGIN 2

static int32_t off_code(const vl_los *l, vl_hex x) {
  int col, row;
  vl_hex_to_offset(l->g, x, &col, &row);
  return -2 - (int32_t)((col - l->col_min + OFF_MARGIN) * (l->nrows + 2 * OFF_MARGIN) +
                        (row - l->row_min + OFF_MARGIN));
}

/* The hex of a cell or of an off-map code. */
static vl_hex cell_hex(const vl_los *l, int32_t cell) {
  int32_t k, w = l->nrows + 2 * OFF_MARGIN;
  if (cell >= 0) return vl_map_hex_at(l->m, (size_t)cell);
  k = -2 - cell;
  return vl_hex_from_offset(l->g, (int)(k / w) - OFF_MARGIN + l->col_min,
                            (int)(k % w) - OFF_MARGIN + l->row_min);
}

static void fill_hex(const vl_los *l, vl_hex x, int32_t *cell, int16_t *g, int16_t *h,
                     uint16_t *flags, uint16_t block_bit) {
  long c = vl_map_cell(l->m, x);
  if (c < 0) {
    *cell = off_code(l, x);
    *g = 0;
    *h = 0;
    return;
  }
  *cell = (int32_t)c;
  *g = l->ground[c];
  *h = l->theight[c];
  if (l->cflags[c] & C_BLOCKS) *flags |= block_bit;
}

/* Builds the path a -> b into pt, whose arrays hold l->max_steps. */
static void build(const vl_los *l, vl_hex a, vl_hex b, los_path *pt) {
  int n = vl_hex_trace(l->g, a, b, l->trace, l->max_steps), i, ns = 0;
  const vl_line_step *s = l->trace;
  pt->h->nsteps = n;
  for (i = 0; i < n; i++) {
    los_rec *r = &pt->steps[i];
    memset(r, 0, sizeof *r);
    r->side = -1;
    r->kind = (uint8_t)(i == 0 || i == n - 1 ? R_END : s[i].grazing ? R_PAIR : R_HEX);
    fill_hex(l, s[i].hex, &r->a, &r->ga, &r->ha, &r->flags, F_BLOCK_A);
    if (s[i].grazing) {
      uint32_t f;
      fill_hex(l, s[i].alt, &r->b, &r->gb, &r->hb, &r->flags, F_BLOCK_B);
      r->pa = 2 * (vl_hex_distance(s[i].hex, a) + vl_hex_distance(s[i].alt, a));
      r->pb = 2 * (vl_hex_distance(s[i].hex, b) + vl_hex_distance(s[i].alt, b));
      f = vl_los_side_features(l, s[i].hex, s[i].alt);
      if (f & l->feat_blocks) r->flags |= F_SIDE_BLOCKS;
      if (f & (l->feat_blocks | l->feat_high)) {
        vl_hex two[2];
        two[0] = s[i].hex;
        two[1] = s[i].alt;
        r->flags |= F_SIDE_HAS;
        r->sh = (int16_t)feature_height(l, f);
        if (exempt(l, two, 2, a, b)) r->flags |= F_SIDE_EXEMPT;
      }
    } else {
      r->b = -1;
      r->pa = 4 * vl_hex_distance(s[i].hex, a);
      r->pb = 4 * vl_hex_distance(s[i].hex, b);
    }
    if (i > 0) {                             /* the boundary between steps i - 1 and i */
      vl_hex h[4];
      int nh = 0;
      h[nh++] = s[i - 1].hex;
      if (s[i - 1].grazing) h[nh++] = s[i - 1].alt;
      h[nh++] = s[i].hex;
      if (s[i].grazing) h[nh++] = s[i].alt;
      if (exempt(l, h, nh > 3 ? 3 : nh, a, b)) {
        r->flags |= F_ENTRY_EXEMPT;
        pt->steps[i - 1].flags |= F_EXIT_EXEMPT;
      }
      if (nh == 2) {                         /* a hexside crossed: its features */
        uint32_t f = vl_los_side_features(l, h[0], h[1]);
        if (f & (l->feat_blocks | l->feat_high)) {
          los_srec *x = &pt->sides[ns];
          int gx = pt->steps[i - 1].ga, gy = r->ga;
          x->a = pt->steps[i - 1].a;
          x->b = r->a;
          x->pa = (pt->steps[i - 1].pa + r->pa) / 2;
          x->pb = (pt->steps[i - 1].pb + r->pb) / 2;
          x->top = (int16_t)clamp16((long)(gx > gy ? gx : gy) + feature_height(l, f));
          x->flags = (uint16_t)((f & l->feat_blocks) ? S_BLOCKS : 0);
          if (exempt(l, h, 2, a, b)) x->flags |= S_EXEMPT;
          pt->steps[i - 1].side = (int16_t)ns++;
        }
      }
    }
  }
  pt->h->nsides = ns;
}

/* ---- judging ---------------------------------------------------------------------------- */

/* What blocked, and where. */
typedef struct hit {
  vl_los_kind kind;
  int key;                   /* the policy key whose rule decides */
  int what;                  /* W_*: what the obstacle is, for the sentence */
  int top;                   /* the obstacle's top */
  int32_t cell, cell2;       /* a hex (cell2 -1), or a hexside */
  int32_t tcell;             /* the cell whose terrain names the obstacle, or -1 */
  int pair;                  /* 0; 1 along a hexside, one hex blocking; 2 both blocking */
} hit;

typedef struct judge {
  const vl_los *l;
  const vl_los_query *q;
  vl_hex a, b;
  int ga, gb, pa, pb, lo, hi, lo_is_a, d4;
  int units;                 /* 1 when some unit obstacle counts */
} judge;

/* The first height test the obstacle top at (da, db) fails, or VL_LOS_CLEAR. */
static vl_los_kind height_test(const judge *j, int top, int da, int db) {
  const vl_los_config *c = j->l->c;
  unsigned t = c->tests;
  int dlo = j->lo_is_a ? da : db, dhi = j->lo_is_a ? db : da;
  if (t & VL_LOS_TEST_SIGHTLINE) {
    long long lhs = (long long)(top - c->tolerance - j->lo) * j->d4;
    long long rhs = (long long)(j->hi - j->lo) * dlo;
    if (lhs > rhs) return VL_LOS_SIGHTLINE;
  }
  if ((t & VL_LOS_TEST_HIGHER_THAN_BOTH) && top > j->hi) return VL_LOS_HIGHER_THAN_BOTH;
  if ((t & VL_LOS_TEST_NEAR_LOWER) && j->pa != j->pb) {
    int nearer = dlo < dhi || (dlo == dhi && c->midpoint_blocks);
    int reach = c->near_lower == VL_LOS_NEAR_HIGHER ? top >= j->hi : 2 * top > j->hi + j->lo;
    if (nearer && reach) return VL_LOS_NEAR_LOWER;
  }
  if ((t & VL_LOS_TEST_HIGHER_THAN_TARGET) && top > j->pb) return VL_LOS_HIGHER_THAN_TARGET;
  return VL_LOS_CLEAR;
}

static void set_hit(hit *h, vl_los_kind kind, int key, int what, int top, int32_t cell,
                    int32_t cell2, int32_t tcell) {
  if (h == NULL) return;
  h->kind = kind;
  h->key = key;
  h->what = what;
  h->top = top;
  h->cell = cell;
  h->cell2 = cell2;
  h->tcell = tcell;
  h->pair = 0;
}

/* ---- GBACW's slopes ([slopes] rules = v2023) [gbacw 10.23] [gbacw 10.24] ------------------ */

/* One level in steps. */
static int gb_level(const vl_los *l) { return 2 * l->scale; }

/* Whether step k is one hex on the map (not a grazed pair, not off the map). */
static int gb_single(const los_path *pt, int k) {
  return k >= 0 && k < pt->h->nsteps && pt->steps[k].kind != R_PAIR && pt->steps[k].a >= 0;
}

/* The features of the hexside between the single hexes of steps k and k2 (0 otherwise). */
static uint32_t gb_side(const vl_los *l, const los_path *pt, int k, int k2) {
  if (!gb_single(pt, k) || !gb_single(pt, k2)) return 0;
  return vl_los_side_features(l, cell_hex(l, pt->steps[k].a), cell_hex(l, pt->steps[k2].a));
}

/* A step's lowest and highest ground (a pair has two hexes; off the map counts as none). */
static void gb_grounds(const los_rec *r, int *lo, int *hi) {
  int ga = r->a >= 0 ? r->ga : INT16_MAX, gb = r->b >= 0 ? r->gb : INT16_MAX;
  *lo = ga < gb ? ga : gb;
  ga = r->a >= 0 ? r->ga : INT16_MIN;
  gb = r->b >= 0 ? r->gb : INT16_MIN;
  *hi = ga > gb ? ga : gb;
}

/* Whether a non-gradual hexside whose higher hex has ground gh (tall: woods or town) counts
** as gradual: only one level above the lower end, and not woods or town [gbacw 10.24]. */
static int gb_proviso(const judge *j, int gh, int tall) {
  return !tall && gh - j->lo <= gb_level(j->l);
}

/* Hex `which` of step i under the v2023 rules: VL_LOS_CLEAR, or the kind that blocks with
** *key the policy key whose rule decides. */
static vl_los_kind gb_hex(const judge *j, const los_path *pt, int i, int which, int *key) {
  const vl_los *l = j->l;
  const los_rec *r = &pt->steps[i];
  int32_t cell = which ? r->b : r->a;
  int g = which ? r->gb : r->ga, th = which ? r->hb : r->ha, adj = g + th, tall = th > 0;
  int n = pt->h->nsteps, lower = j->lo_is_a ? 0 : n - 1, higher = n - 1 - lower;
  int dlo = j->lo_is_a ? r->pa : r->pb, dhi = j->lo_is_a ? r->pb : r->pa, e, k;
  vl_hex x = cell_hex(l, cell);
  *key = K_SLOPES_RULES;
  if (adj > j->hi) return VL_LOS_HIGHER_THAN_BOTH;           /* Higher Elevations */
  if (l->cflags[cell] & C_CANOPY) {                           /* Canopy of Trees */
    for (e = 0; e < 2; e++) {
      const los_rec *end = &pt->steps[e ? n - 1 : 0];
      vl_hex eh = cell_hex(l, end->a);
      if ((l->cflags[end->a] & C_CANOPY) && vl_hex_distance(x, eh) == 1 && g < end->ga) {
        int under = g < j->ga && g < j->gb;
        int steep = (vl_los_side_features(l, x, eh) & l->feat_non_gradual) != 0;
        if (!(under && steep)) {
          *key = K_SLOPES_CANOPY;
          return VL_LOS_CANOPY;
        }
      }
    }
  }
  if (j->lo == j->hi) return VL_LOS_CLEAR;                   /* the rest: different levels */
  if (tall)                                                  /* Shadow a */
    for (e = 0; e < 2; e++) {
      const los_rec *end = &pt->steps[e ? n - 1 : 0];
      if (vl_hex_distance(x, cell_hex(l, end->a)) == 1 && adj > end->ga) return VL_LOS_SHADOW;
    }
  if (2 * adj > j->hi + j->lo) {                             /* Slopes */
    if (dlo < dhi) return VL_LOS_NEAR_LOWER;
    if (dlo == dhi && r->kind != R_PAIR) {
      int toward = j->lo_is_a ? i - 1 : i + 1;
      int closer = tall;
      if (!closer && (gb_side(l, pt, i, toward) & l->feat_non_gradual)) {
        const los_rec *o = &pt->steps[toward];
        int hi_g = g > o->ga ? g : o->ga, hi_tall = g >= o->ga ? tall : o->ha > 0;
        closer = !gb_proviso(j, hi_g, hi_tall);
      }
      if (closer) return VL_LOS_MIDWAY;
    }
  }
  if (g == j->hi) {                                          /* Intervening Hill */
    int step = higher > i ? 1 : -1;
    for (k = i + step; k != higher; k += step) {
      int slo, shi;
      gb_grounds(&pt->steps[k], &slo, &shi);
      if (slo < j->hi) return VL_LOS_INTERVENING_HILL;
    }
  }
  if (adj > j->lo && r->kind != R_PAIR) {                    /* Shadow b */
    int toward = j->lo_is_a ? i - 1 : i + 1, step = j->lo_is_a ? 1 : -1;
    if (gb_side(l, pt, i, toward) & l->feat_steep) {
      for (k = i; k != higher; k += step) {
        const los_rec *p0 = &pt->steps[k], *p1 = &pt->steps[k + step];
        int lo0, hi0, lo1, hi1;
        gb_grounds(p0, &lo0, &hi0);
        gb_grounds(p1, &lo1, &hi1);
        if (lo0 == lo1 && hi0 == hi1) continue;
        if (!(gb_side(l, pt, k, k + step) & l->feat_steep)) return VL_LOS_SHADOW_SLOPE;
      }
    }
  }
  (void)lower;
  return VL_LOS_CLEAR;
}

/* The hexside crossed between the single hexes of steps i and i + 1 under the v2023 rules:
** a potential blocking hexside only midway between the ends, where the adjusted heights of
** its hexes differ; its height their average [gbacw 10.24]. */
static vl_los_kind gb_midside(const judge *j, const los_path *pt, int i, int *top2) {
  const vl_los *l = j->l;
  const los_rec *x = &pt->steps[i], *y = &pt->steps[i + 1];
  int ax, ay, hi_g, hi_tall;
  uint32_t f;
  if (j->lo == j->hi || x->kind != R_HEX || y->kind != R_HEX) return VL_LOS_CLEAR;
  if (x->a < 0 || y->a < 0 || x->pa + y->pa != x->pb + y->pb) return VL_LOS_CLEAR;
  ax = x->ga + x->ha;
  ay = y->ga + y->ha;
  *top2 = ax + ay;
  if (ax == ay || ax + ay <= j->hi + j->lo) return VL_LOS_CLEAR;
  f = gb_side(l, pt, i, i + 1);
  if (!(f & l->feat_non_gradual) && x->ha == 0 && y->ha == 0) return VL_LOS_CLEAR;
  hi_g = x->ga > y->ga ? x->ga : y->ga;
  hi_tall = x->ga > y->ga ? x->ha > 0 : x->ga < y->ga ? y->ha > 0 : (x->ha > 0 || y->ha > 0);
  if (gb_proviso(j, hi_g, hi_tall)) return VL_LOS_CLEAR;
  return VL_LOS_MIDWAY;
}

/* The optional Crests rule [gbacw 10.24]: looking from the lower end, the ground behind the
** higher end falls away sooner than it does in front of it (same-level hexes counted from
** the higher end's hex, exclusive), with nothing higher behind it first. */
static int gb_crest(vl_los *l, const judge *j) {
  vl_hex h = j->lo_is_a ? j->b : j->a, lo = j->lo_is_a ? j->a : j->b, far;
  long ch = vl_map_cell(l->m, h);
  int gh = l->ground[ch], front = 0, behind = -1, n, i;
  if (j->lo == j->hi) return 0;
  n = vl_hex_trace(l->g, h, lo, l->trace, l->max_steps);
  for (i = 1; i < n; i++) {
    const vl_line_step *s = &l->trace[i];
    long c1 = vl_map_cell(l->m, s->hex), c2 = s->grazing ? vl_map_cell(l->m, s->alt) : c1;
    if (c1 < 0 || c2 < 0 || l->ground[c1] != gh || l->ground[c2] != gh) break;
    front++;
  }
  far.q = h.q + (h.q - lo.q);
  far.r = h.r + (h.r - lo.r);
  n = vl_hex_trace(l->g, h, far, l->trace, l->max_steps);
  for (i = 1; i < n; i++) {
    const vl_line_step *s = &l->trace[i];
    long c1 = vl_map_cell(l->m, s->hex), c2 = s->grazing ? vl_map_cell(l->m, s->alt) : c1;
    int g1, g2;
    if (c1 < 0 || c2 < 0) return 0;                          /* off the map: no descent */
    g1 = l->ground[c1];
    g2 = l->ground[c2];
    if (g1 > gh || g2 > gh) return 0;                        /* higher ground first */
    if (g1 < gh || g2 < gh) {
      behind = i - 1;
      break;
    }
  }
  return behind >= 0 && behind < front;
}

/* The cells where a boundary between steps x and y is reported: the hexside when both are
** single hexes on the map, else the step st (reported as a whole). */
static void boundary_place(const los_rec *x, const los_rec *y, const los_rec *st, int32_t *c1, int32_t *c2) {
  if (x->kind != R_PAIR && y->kind != R_PAIR && x->a >= 0 && y->a >= 0) {
    *c1 = x->a;
    *c2 = y->a;
  } else {
    *c1 = st->a;
    *c2 = st->b;
  }
}

/* Whether hex `which` (0 a, 1 b) of step i blocks: its crest boundaries (crest ground), its
** terrain, its ground, the units in it. With terrain 0, its terrain verdict is the cached
** tbits. Fills *h (may be NULL) when it blocks. */
static int hex_blocks(const judge *j, const los_path *pt, int i, int which, int terrain, hit *h) {
  const vl_los *l = j->l;
  const vl_los_config *c = l->c;
  const los_rec *r = &pt->steps[i];
  int32_t cell = which ? r->b : r->a;
  int g = which ? r->gb : r->ga, th = which ? r->hb : r->ha;
  int blocks = (r->flags & (which ? F_BLOCK_B : F_BLOCK_A)) != 0;
  int crests = terrain && c->ground == VL_LOS_GROUND_CRESTS;
  vl_los_kind k;
  if (cell < 0) return 0;
  if (!terrain && (r->tbits & (1u << which))) return 1;
  if (terrain && c->slopes) {
    int key;
    if ((k = gb_hex(j, pt, i, which, &key)) != VL_LOS_CLEAR) {
      set_hit(h, k, key, th > 0 ? W_TERRAIN : W_GROUND, g + th, r->a, r->b, cell);
      return 1;
    }
    terrain = 0;                             /* the v2023 rules replace the generic tests */
    crests = 0;
    blocks = 0;
  }
  if (crests && !(r->flags & F_ENTRY_EXEMPT)) {
    const los_rec *x = &pt->steps[i - 1];
    if ((k = height_test(j, g, (x->pa + r->pa) / 2, (x->pb + r->pb) / 2)) != VL_LOS_CLEAR) {
      int32_t c1 = -1, c2 = -1;
      boundary_place(x, r, r, &c1, &c2);
      set_hit(h, k, K_GROUND_OBSTACLES, W_CREST, g, c1, c2, cell);
      return 1;
    }
  }
  if (terrain && blocks && c->terrain_blocks == VL_LOS_BLOCKS_ABSOLUTE) {
    set_hit(h, VL_LOS_TERRAIN, K_TERRAIN_BLOCKS, W_TERRAIN, g + th, r->a, r->b, cell);
    return 1;
  }
  if (terrain && (c->ground == VL_LOS_GROUND_HEXES ||
                  (blocks && c->terrain_blocks == VL_LOS_BLOCKS_HEIGHT))) {
    if ((k = height_test(j, g + th, r->pa, r->pb)) != VL_LOS_CLEAR) {
      int key = blocks && c->terrain_blocks == VL_LOS_BLOCKS_HEIGHT && c->ground !=
                VL_LOS_GROUND_HEXES ? K_TERRAIN_BLOCKS : K_GROUND_TESTS;
      set_hit(h, k, key, th > 0 || blocks ? W_TERRAIN : W_GROUND, g + th, r->a, r->b, cell);
      return 1;
    }
  }
  if (j->units && l->unit_top[cell] >= 0) {
    int uh = l->unit_top[cell];
    int over = ((c->see_over & VL_LOS_SEE_OVER_HIGHER) && j->ga > g) ||
               ((c->see_over & VL_LOS_SEE_OVER_LOWER_THAN_BOTH) && g < j->ga && g < j->gb);
    if (!over) {
      if (c->units_as == VL_LOS_UNITS_ABSOLUTE) {
        set_hit(h, VL_LOS_UNIT, K_UNITS_BLOCK, W_UNIT, g + uh, r->a, r->b, cell);
        return 1;
      }
      if ((k = height_test(j, g + uh, r->pa, r->pb)) != VL_LOS_CLEAR) {
        set_hit(h, k, K_UNITS_AS, W_UNIT, g + uh, r->a, r->b, cell);
        return 1;
      }
    }
  }
  if (crests && !(r->flags & F_EXIT_EXEMPT)) {
    const los_rec *y = &pt->steps[i + 1];
    if ((k = height_test(j, g, (r->pa + y->pa) / 2, (r->pb + y->pb) / 2)) != VL_LOS_CLEAR) {
      int32_t c1 = -1, c2 = -1;
      boundary_place(r, y, r, &c1, &c2);
      set_hit(h, k, K_GROUND_OBSTACLES, W_CREST, g, c1, c2, cell);
      return 1;
    }
  }
  return 0;
}

enum { V_CLEAR = 0, V_BLOCKED = 1, V_CHOICE = 2 };

/* Judges item it of the path (see the top of the file). terrain: judge terrain (else take
** the cached tbits); the units are judged when j->units. V_CLEAR, V_BLOCKED or V_CHOICE, with
** *h filled (h may be NULL). */
static int judge_item(const judge *j, const los_path *pt, int it, int terrain, hit *h) {
  const vl_los *l = j->l;
  const vl_los_config *c = l->c;
  int i = it / 2;
  const los_rec *r = &pt->steps[i];
  if (it % 2 == 1) {                         /* the hexside crossed after step i */
    const los_srec *x;
    vl_los_kind k;
    if (terrain && c->slopes && i + 1 < pt->h->nsteps) {
      int top2 = 0;
      if ((k = gb_midside(j, pt, i, &top2)) != VL_LOS_CLEAR) {
        const los_rec *y = &pt->steps[i + 1];
        set_hit(h, k, K_SLOPES_RULES, W_FEATURE, top2 / 2, r->a, y->a, -1);
        return V_BLOCKED;
      }
    }
    if (!terrain || r->side < 0) return V_CLEAR;
    x = &pt->sides[r->side];
    if (x->flags & S_EXEMPT) return V_CLEAR;
    if ((x->flags & S_BLOCKS) && c->hexside_blocks == VL_LOS_BLOCKS_ABSOLUTE) {
      set_hit(h, VL_LOS_HEXSIDE, K_TERRAIN_HEXSIDES, W_FEATURE, x->top, x->a, x->b, -1);
      return V_BLOCKED;
    }
    if ((k = height_test(j, x->top, x->pa, x->pb)) != VL_LOS_CLEAR) {
      set_hit(h, k, (x->flags & S_BLOCKS) ? K_TERRAIN_HEXSIDES : K_GROUND_TESTS, W_FEATURE,
              x->top, x->a, x->b, -1);
      return V_BLOCKED;
    }
    return V_CLEAR;
  }
  if (r->kind == R_END) return V_CLEAR;
  if (r->kind == R_HEX) return hex_blocks(j, pt, i, 0, terrain, h) ? V_BLOCKED : V_CLEAR;
  {                                          /* a grazed hexside */
    hit ha, hb;
    int ba = hex_blocks(j, pt, i, 0, terrain, &ha);
    int bb = hex_blocks(j, pt, i, 1, terrain, &hb);
    int v = V_CLEAR;
    const hit *first = ba ? &ha : &hb;
    if (ba && bb) v = V_BLOCKED;
    else if (ba || bb) {
      if (c->graze == VL_LOS_GRAZE_EITHER) v = V_BLOCKED;
      else if (c->graze == VL_LOS_GRAZE_DEFENDER)
        v = j->q->defender == VL_LOS_DEFENDER_BLOCK ? V_BLOCKED
          : j->q->defender == VL_LOS_DEFENDER_CLEAR ? V_CLEAR : V_CHOICE;
    }
    if (v != V_CLEAR) {
      if (h != NULL) {
        *h = *first;
        h->cell = r->a;                      /* reported as the hexside run along */
        h->cell2 = r->b;
        h->pair = ba && bb ? 2 : 1;
      }
      return v;
    }
    if (terrain && (r->flags & F_SIDE_HAS) && !(r->flags & F_SIDE_EXEMPT)) {
      vl_los_kind k;
      int top = (r->ga > r->gb ? r->ga : r->gb) + r->sh;
      if ((r->flags & F_SIDE_BLOCKS) && c->hexside_blocks == VL_LOS_BLOCKS_ABSOLUTE) {
        set_hit(h, VL_LOS_HEXSIDE, K_TERRAIN_HEXSIDES, W_FEATURE, top, r->a, r->b, -1);
        return V_BLOCKED;
      }
      if ((k = height_test(j, top, r->pa, r->pb)) != VL_LOS_CLEAR) {
        set_hit(h, k, (r->flags & F_SIDE_BLOCKS) ? K_TERRAIN_HEXSIDES : K_GROUND_TESTS,
                W_FEATURE, top, r->a, r->b, -1);
        return V_BLOCKED;
      }
    }
    return V_CLEAR;
  }
}

/* Walks items [from, to): the first blocked item (*at) and the first choice (*choice), each -1
** when none. Stops at the first blocked item. With tbits set, writes each step's terrain bits
** (the cache's fill). */
static void walk(const judge *j, los_path *pt, int from, int to, int terrain, int tbits, int *at,
                 int *choice) {
  int it;
  *at = -1;
  *choice = -1;
  for (it = from; it < to; it++) {
    int v;
    if (tbits && it % 2 == 0) {
      los_rec *r = &pt->steps[it / 2];
      if (r->kind == R_PAIR)
        r->tbits = (uint8_t)(hex_blocks(j, pt, it / 2, 0, 1, NULL) |
                             (hex_blocks(j, pt, it / 2, 1, 1, NULL) << 1));
      else if (r->kind == R_HEX)
        r->tbits = (uint8_t)hex_blocks(j, pt, it / 2, 0, 1, NULL);
    }
    v = judge_item(j, pt, it, terrain, NULL);
    if (v == V_BLOCKED) {
      *at = it;
      return;
    }
    if (v == V_CHOICE && *choice < 0) *choice = it;
  }
}

static void judge_init(judge *j, const vl_los *l, const vl_los_query *q, long ca, long cb,
                       int eye_a, int eye_b, int units) {
  j->l = l;
  j->q = q;
  j->a = q->from;
  j->b = q->to;
  j->ga = l->ground[ca];
  j->gb = l->ground[cb];
  j->pa = j->ga + eye_a;
  j->pb = j->gb + eye_b;
  j->lo_is_a = j->pa <= j->pb;
  j->lo = j->lo_is_a ? j->pa : j->pb;
  j->hi = j->lo_is_a ? j->pb : j->pa;
  j->d4 = 4 * vl_hex_distance(q->from, q->to);
  j->units = units;
}

/* ---- the cache -------------------------------------------------------------------------- */

static size_t entry_size(int nsteps, int nsides) {
  size_t n = sizeof(los_head) + (size_t)nsteps * sizeof(los_rec) + (size_t)nsides * sizeof(los_srec);
  return (n + 7) & ~(size_t)7;
}

static void path_at(los_path *pt, unsigned char *base) {
  pt->h = (los_head *)(void *)base;
  pt->steps = (los_rec *)(void *)(base + sizeof(los_head));
  pt->sides = (los_srec *)(void *)(base + sizeof(los_head) + (size_t)pt->h->nsteps * sizeof(los_rec));
}

static size_t home(const vl_los *l, uint64_t key) {
  return (size_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - l->table_bits)) & (l->table_cap - 1);
}

/* The path a -> b: from the cache, or built (and cached when it fits), with the terrain-only
** verdict for the policy's eyes filled in. */
static void get_path(vl_los *l, const vl_los_query *q, long ca, long cb, los_path *pt) {
  uint64_t key = (uint64_t)ca * (uint64_t)l->ncells + (uint64_t)cb + 1;
  size_t s = 0, k, size;
  judge j;
  vl_los_query tq;
  los_path scratch;
  if (l->table_cap > 0) {
    s = home(l, key);
    for (k = 0; k < PROBES; k++) {
      los_slot *x = &l->table[(s + k) & (l->table_cap - 1)];
      if (x->key == key) {
        l->hits++;
        path_at(pt, l->store + x->off);
        return;
      }
      if (x->key == 0) break;
    }
    l->misses++;
  }
  scratch.h = &l->scratch_head;
  scratch.steps = l->scratch_steps;
  scratch.sides = l->scratch_sides;
  build(l, q->from, q->to, &scratch);
  vl_los_query_init(&tq, q->from, q->to);
  judge_init(&j, l, &tq, ca, cb, l->c->eye, l->c->eye, 0);
  walk(&j, &scratch, 0, 2 * scratch.h->nsteps, 1, 1, &scratch.h->tfirst, &scratch.h->tchoice);
  *pt = scratch;
  if (l->table_cap == 0) return;
  size = entry_size(scratch.h->nsteps, scratch.h->nsides);
  if (size > l->store_cap) return;
  for (k = 0; k < PROBES; k++)
    if (l->table[(s + k) & (l->table_cap - 1)].key == 0) break;
  if (k == PROBES || l->store_used + size > l->store_cap) {
    vl_los_flush(l);
    k = 0;
  }
  {
    los_slot *x = &l->table[(s + k) & (l->table_cap - 1)];
    unsigned char *base = l->store + l->store_used;
    memcpy(base, scratch.h, sizeof(los_head));
    memcpy(base + sizeof(los_head), scratch.steps, (size_t)scratch.h->nsteps * sizeof(los_rec));
    memcpy(base + sizeof(los_head) + (size_t)scratch.h->nsteps * sizeof(los_rec), scratch.sides,
           (size_t)scratch.h->nsides * sizeof(los_srec));
    x->key = key;
    x->off = (uint32_t)l->store_used;
    x->size = (uint32_t)size;
    l->store_used += size;
    l->entries++;
    path_at(pt, base);
  }
}

/* ---- answers ------------------------------------------------------------------------------ */

void vl_los_query_init(vl_los_query *q, vl_hex from, vl_hex to) {
  memset(q, 0, sizeof *q);
  q->from = from;
  q->to = to;
  q->from_eye = VL_LOS_DEFAULT;
  q->to_eye = VL_LOS_DEFAULT;
  q->side = VL_LOS_DEFAULT;
  q->units = NULL;
  q->nunits = 0;
  q->defender = VL_LOS_DEFENDER_ASK;
}

static void result_init(const vl_los *l, const judge *j, vl_los_result *r) {
  memset(r, 0, sizeof *r);
  r->clear = 1;
  r->kind = VL_LOS_CLEAR;
  r->at = VL_LOS_AT_NONE;
  r->rule = vl_los_policy_rule(l->p);
  r->distance = j->d4 / 4;
  r->observer = j->pa;
  r->target = j->pb;
}

/* Sets where the result is blocked: a hex, or the hexside between two (in label order).
** A hexside on the map's edge (one of its hexes off the map, which holds nothing) is named
** by its hex on the map: a player knows "0301", not "0300/0301" (docs/los.md). Returns 1
** when it did so. */
static int result_place(const vl_los *l, vl_los_result *r, int32_t c1, int32_t c2) {
  if (c2 != -1 && (c1 < -1) != (c2 < -1)) {
    r->hex = cell_hex(l, c1 < -1 ? c2 : c1);
    r->at = VL_LOS_AT_HEX;
    return 1;
  }
  r->hex = cell_hex(l, c1);
  r->at = VL_LOS_AT_HEX;
  if (c2 != -1) {
    vl_hex x = cell_hex(l, c2);
    r->at = VL_LOS_AT_HEXSIDE;
    if (vl_hex_label_cmp(l->g, x, r->hex) < 0) {
      r->hex2 = r->hex;
      r->hex = x;
    } else {
      r->hex2 = x;
    }
  }
  return 0;
}

static void result_hit(const vl_los *l, const hit *h, int choice, vl_los_result *r) {
  int key = h->pair ? K_SIDE_GRAZE : h->key;
  r->clear = 0;
  r->choice = choice;
  r->kind = h->kind;
  r->rule = vl_los_policy_key_rule(l->p, key);
  r->provisional = vl_los_policy_key_provisional(l->p, key);
  if (r->provisional == NULL && key != h->key)
    r->provisional = vl_los_policy_key_provisional(l->p, h->key);
  r->has_obstacle = 1;
  r->obstacle = h->top;
  r->detail_what = h->what;
  r->detail_pair = h->pair;
  if (result_place(l, r, h->cell, h->cell2) && h->pair == 1) r->detail_pair = 3;
  if (h->tcell >= 0) r->detail_hex = cell_hex(l, h->tcell);
}

/* The rules about the two ends. Returns 1 and fills r when they block. */
static int ends_block(const vl_los *l, const judge *j, long ca, long cb, vl_los_result *r) {
  const vl_los_config *c = l->c;
  int d = j->d4 / 4, key = -1;
  vl_los_kind kind = VL_LOS_CLEAR;
  int32_t c1 = -1, c2 = -1;
  if (c->sunken_flag != NULL) {
    int sa = (l->cflags[ca] & C_SUNKEN) != 0, sb = (l->cflags[cb] & C_SUNKEN) != 0;
    if (sa && c->sunken_observer == VL_LOS_SUNKEN_BLIND) {
      kind = VL_LOS_OBSERVER_SUNKEN;
      key = K_SUNKEN_OBSERVER;
      c1 = (int32_t)ca;
    } else if (sb && c->sunken_target != VL_LOS_SUNKEN_ANY) {
      int seen;
      if (c->sunken_target == VL_LOS_SUNKEN_ADJACENT) {
        seen = d == 1 && !sa;
      } else {
        int dir;
        seen = sa;
        for (dir = 0; dir < 6 && !seen; dir++) {
          long cn = vl_map_cell(l->m, vl_hex_neighbor(l->g, j->a, dir));
          if (cn >= 0 && (l->cflags[cn] & C_SUNKEN)) seen = 1;
        }
      }
      if (!seen) {
        kind = VL_LOS_TARGET_SUNKEN;
        key = K_SUNKEN_TARGET;
        c1 = (int32_t)cb;
      }
    }
  }
  if (kind == VL_LOS_CLEAR && c->adjacent_flag != NULL && d == 1 &&
      (vl_los_side_features(l, j->a, j->b) & l->feat_adjacent)) {
    kind = VL_LOS_ADJACENT_HEXSIDE;
    key = K_SIDE_ADJACENT;
    c1 = (int32_t)ca;
    c2 = (int32_t)cb;
  }
  if (kind == VL_LOS_CLEAR) return 0;
  r->clear = 0;
  r->kind = kind;
  r->rule = vl_los_policy_key_rule(l->p, key);
  r->provisional = vl_los_policy_key_provisional(l->p, key);
  result_place(l, r, c1, c2);
  return 1;
}

/* Counts the query's units into l->unit_top; returns how many count, or -1 (a bad unit). */
static int units_in(vl_los *l, const vl_los_query *q, long ca, long cb, vl_error *err) {
  const vl_los_config *c = l->c;
  size_t i;
  int n = 0;
  for (i = 0; i < q->nunits; i++) {
    const vl_los_unit *u = &q->units[i];
    long cu = vl_map_cell(l->m, u->hex);
    int h = u->height == VL_LOS_DEFAULT ? c->unit_height : u->height;
    char lab[VL_HEX_LABEL_MAX];
    if (cu < 0 || h < 0 || h > VL_LOS_MAX_HEIGHT) {
      size_t k;
      for (k = 0; k < i; k++) {
        long ck = vl_map_cell(l->m, q->units[k].hex);
        if (ck >= 0) l->unit_top[ck] = -1;
      }
      if (vl_hex_format(l->g, u->hex, lab, sizeof lab) < 0) snprintf(lab, sizeof lab, "?");
      vl_error_set(err, VL_EINVAL, NULL, 0, cu < 0 ? "unit obstacle at %s is off the map"
                   : "unit obstacle at %s has a height out of range (0 to 1000000)", lab);
      return -1;
    }
    if (cu == ca || cu == cb) continue;
    if (c->units_block == VL_LOS_UNITS_NONE) continue;
    if (c->units_block == VL_LOS_UNITS_ENEMY && q->side != VL_LOS_DEFAULT && u->side == q->side)
      continue;
    if (c->units_block == VL_LOS_UNITS_FRIENDLY &&
        (q->side == VL_LOS_DEFAULT || u->side != q->side))
      continue;
    if (h > l->unit_top[cu]) l->unit_top[cu] = h;
    n++;
  }
  return n;
}

static void units_out(vl_los *l, const vl_los_query *q) {
  size_t i;
  for (i = 0; i < q->nunits; i++) {
    long cu = vl_map_cell(l->m, q->units[i].hex);
    if (cu >= 0) l->unit_top[cu] = -1;
  }
}

int vl_los_check(vl_los *l, const vl_los_query *q, vl_los_result *r, vl_error *err) {
  const vl_los_config *c = l->c;
  long ca = vl_map_cell(l->m, q->from), cb = vl_map_cell(l->m, q->to);
  int eye_a = q->from_eye == VL_LOS_DEFAULT ? c->eye : q->from_eye;
  int eye_b = q->to_eye == VL_LOS_DEFAULT ? c->eye : q->to_eye;
  int nunits, at = -1, choice = -1, terrain_cached;
  judge j;
  los_path pt;
  hit h;
  if (ca < 0 || cb < 0) {
    char lab[VL_HEX_LABEL_MAX + 16];
    vl_los_hex_text(l, ca < 0 ? q->from : q->to, lab, sizeof lab);
    return vl_error_set(err, VL_EINVAL, NULL, 0, "hex %s is not on the map", lab);
  }
  if (q->defender < VL_LOS_DEFENDER_ASK || q->defender > VL_LOS_DEFENDER_CLEAR)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "bad defender choice %d", q->defender);
  if (eye_a < 0 || eye_b < 0 || eye_a > VL_LOS_MAX_HEIGHT || eye_b > VL_LOS_MAX_HEIGHT)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "an eye height is out of range (0 to 1000000)");
  nunits = units_in(l, q, ca, cb, err);
  if (nunits < 0) return VL_EINVAL;
  judge_init(&j, l, q, ca, cb, eye_a, eye_b, nunits > 0);
  result_init(l, &j, r);
  if (ca == cb || ends_block(l, &j, ca, cb, r)) {
    units_out(l, q);
    return VL_OK;
  }
  get_path(l, q, ca, cb, &pt);
  terrain_cached = eye_a == c->eye && eye_b == c->eye &&
                   (c->graze != VL_LOS_GRAZE_DEFENDER || q->defender == VL_LOS_DEFENDER_ASK);
  if (terrain_cached) {
    int limit = pt.h->tfirst >= 0 ? pt.h->tfirst : 2 * pt.h->nsteps;
    if (nunits > 0) walk(&j, &pt, 0, limit, 0, 0, &at, &choice);
    if (at < 0) at = pt.h->tfirst;
    if (pt.h->tchoice >= 0 && (choice < 0 || pt.h->tchoice < choice)) choice = pt.h->tchoice;
  } else {
    walk(&j, &pt, 0, 2 * pt.h->nsteps, 1, 0, &at, &choice);
  }
  if (at >= 0) {
    judge_item(&j, &pt, at, 1, &h);
    result_hit(l, &h, 0, r);
  } else if (choice >= 0) {
    judge_item(&j, &pt, choice, 1, &h);
    result_hit(l, &h, 1, r);
  } else if (c->slopes && c->crests && gb_crest(l, &j)) {
    long chi = j.lo_is_a ? cb : ca;
    set_hit(&h, VL_LOS_CREST, K_SLOPES_CRESTS, W_CREST, l->ground[chi], (int32_t)chi, -1,
            (int32_t)chi);
    result_hit(l, &h, 0, r);
  }
  units_out(l, q);
  return VL_OK;
}

int vl_los_path(vl_los *l, vl_hex from, vl_hex to, vl_line_step *out, int max, vl_error *err) {
  long ca = vl_map_cell(l->m, from), cb = vl_map_cell(l->m, to);
  vl_los_query q;
  los_path pt;
  int i;
  if (ca < 0 || cb < 0) {
    char lab[32];
    vl_los_hex_text(l, ca < 0 ? from : to, lab, sizeof lab);
    return vl_error_set(err, VL_EINVAL, NULL, 0, "hex %s is not on the map", lab);
  }
  if (ca == cb) {
    if (max > 0) {
      memset(out, 0, sizeof *out);
      out[0].hex = from;
    }
    return 1;
  }
  vl_los_query_init(&q, from, to);
  get_path(l, &q, ca, cb, &pt);
  for (i = 0; i < pt.h->nsteps && i < max; i++) {
    const los_rec *r = &pt.steps[i];
    memset(&out[i], 0, sizeof out[i]);
    out[i].hex = cell_hex(l, r->a);
    if (r->kind == R_PAIR) {
      out[i].alt = cell_hex(l, r->b);
      out[i].grazing = 1;
    }
  }
  return pt.h->nsteps;
}

int vl_los_terrain(vl_los *l, vl_hex from, vl_hex to, vl_los_result *r, vl_error *err) {
  vl_los_query q;
  vl_los_query_init(&q, from, to);
  return vl_los_check(l, &q, r, err);
}
