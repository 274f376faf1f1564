/*
** dice.c -- PCG32 (written from O'Neill's published description of XSH-RR 64/32 and checked
** against the reference's published outputs), SplitMix64 for seeding, the dice, their log
** and the forced queue. See dice.h for the contracts and docs/dice.md for the decisions.
*/
#include "volley/dice.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <stdio.h>

#include <xxhash.h>

#define PCG32_MULT UINT64_C(6364136223846793005)  /* the reference's 64-bit LCG multiplier */

_Static_assert(VL_DICE_N_MAX <= INT_MAX, "a dN's faces must fit an int");

struct vl_dice {
  vl_dice_state st;
  vl_dice_record *log;     /* log_n records, room for log_cap */
  size_t log_n, log_cap;
  int *queue;            /* forced values: queue[q_head .. q_head + q_n - 1] */
  size_t q_head, q_n, q_cap;
};

/* ---- the generator ------------------------------------------------------------------------ */

/* Rotates x right by r bits, r in 0..31. */
static uint32_t rotr32(uint32_t x, unsigned r) {
  return (x >> r) | (x << ((32u - r) & 31u));
}

uint32_t vl_dice_gen_next(vl_dice_gen *g) {
  uint64_t old = g->state;
  g->state = old * PCG32_MULT + g->inc;
  /* XSH-RR on the old state: xorshift the high bits down, keep 32, rotate by the top 5 bits. */
  return rotr32((uint32_t)(((old >> 18) ^ old) >> 27), (unsigned)(old >> 59));
}

void vl_dice_gen_seed(vl_dice_gen *g, uint64_t initstate, uint64_t initseq) {
  g->state = 0;
  g->inc = (initseq << 1) | 1u;
  (void)vl_dice_gen_next(g);
  g->state += initstate;
  (void)vl_dice_gen_next(g);
}

uint32_t vl_dice_gen_below(vl_dice_gen *g, uint32_t bound) {
  uint32_t threshold, r;
  if (bound <= 1) return 0;
  threshold = (uint32_t)(0u - bound) % bound;  /* == 2^32 mod bound, in 32-bit arithmetic */
  do {
    r = vl_dice_gen_next(g);
  } while (r < threshold);                     /* [threshold, 2^32) is a multiple of bound */
  return r % bound;
}

uint64_t vl_dice_splitmix64(uint64_t *state) {
  uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

uint64_t vl_dice_sim_seed(uint64_t seed, uint64_t i) {
  uint64_t sm = seed + i;                 /* unsigned: wraps mod 2^64 */
  return vl_dice_splitmix64(&sm) >> 11;
}

void vl_dice_seed_split(uint64_t seed, uint64_t *initstate, uint64_t *initseq) {
  uint64_t sm = seed;
  *initstate = vl_dice_splitmix64(&sm);
  *initseq = vl_dice_splitmix64(&sm);
}

/* ---- life cycle ----------------------------------------------------------------------------- */

vl_dice *vl_dice_new(uint64_t seed, vl_error *err) {
  vl_dice *d;
  uint64_t initstate, initseq;
  if (seed >= VL_DICE_SEED_LIMIT)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "seed %llu is out of range (0 to 2^53 - 1)", (unsigned long long)seed),
           NULL;
  d = calloc(1, sizeof *d);
  if (d == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
  vl_dice_seed_split(seed, &initstate, &initseq);
  vl_dice_gen_seed(&d->st.gen, initstate, initseq);
  return d;
}

vl_dice *vl_dice_copy(const vl_dice *d) {
  vl_dice *c = calloc(1, sizeof *c);
  if (c == NULL) return NULL;
  c->st = d->st;
  if (d->log_n > 0) {
    c->log = malloc(d->log_n * sizeof *c->log);
    if (c->log == NULL) goto fail;
    memcpy(c->log, d->log, d->log_n * sizeof *c->log);
    c->log_n = c->log_cap = d->log_n;
  }
  if (d->q_n > 0) {
    c->queue = malloc(d->q_n * sizeof *c->queue);
    if (c->queue == NULL) goto fail;
    memcpy(c->queue, d->queue + d->q_head, d->q_n * sizeof *c->queue);
    c->q_n = c->q_cap = d->q_n;
  }
  return c;
fail:
  vl_dice_free(c);
  return NULL;
}

void vl_dice_free(vl_dice *d) {
  if (d == NULL) return;
  free(d->log);
  free(d->queue);
  free(d);
}

vl_dice_state vl_dice_get_state(const vl_dice *d) {
  return d->st;
}

int vl_dice_set_state(vl_dice *d, const vl_dice_state *s, vl_error *err) {
  if ((s->gen.inc & 1u) == 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "dice state has an even increment");
  if (s->forced > s->count)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "dice state counts more forced rolls than rolls");
  d->st = *s;
  return VL_OK;
}

uint64_t vl_dice_count(const vl_dice *d) {
  return d->st.count;
}

/* ---- rolling -------------------------------------------------------------------------------- */

const char *vl_dice_kind_name(vl_dice_kind kind) {
  switch (kind) {
  case VL_DICE_D6: return "d6";
  case VL_DICE_D10: return "d10";
  case VL_DICE_2D6: return "2d6";
  case VL_DICE_DN: return "dn";
  }
  return "?";
}

/* Copies src (NULL = "") into dst of size n: at most n - 1 bytes, cut back to the start of a
** UTF-8 character so no character is split (at most 3 bytes back: a character has at most 3
** continuation bytes, and ill-formed text is not searched further); always NUL-terminated. */
static void copy_text(char *dst, size_t n, const char *src) {
  size_t len = src ? strlen(src) : 0;
  if (len > n - 1) {
    size_t cut = n - 1;
    len = cut;
    while (len > 0 && cut - len < 3 && ((unsigned char)src[len] & 0xC0u) == 0x80u) len--;
    if (((unsigned char)src[len] & 0xC0u) == 0x80u) len = cut;  /* not UTF-8: cut plainly */
  }
  if (len > 0) memcpy(dst, src, len);
  dst[len] = '\0';
}

/* Makes room for one more log record. VL_OK or VL_ENOMEM (log unchanged). */
static int log_reserve(vl_dice *d, vl_error *err) {
  vl_dice_record *grown;
  size_t cap;
  if (d->log_n < d->log_cap) return VL_OK;
  cap = d->log_cap ? d->log_cap * 2 : 16;
  if (cap > SIZE_MAX / sizeof *grown) grown = NULL;
  else grown = realloc(d->log, cap * sizeof *grown);
  if (grown == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  d->log = grown;
  d->log_cap = cap;
  return VL_OK;
}

/* Checks the forced value v against one die of the kind (faces 1..sides, a d10's 0-9); VL_OK or
** VL_EINVAL with the die and the value named. */
static int check_forced(int v, vl_dice_kind kind, int sides, vl_error *err) {
  int lo = kind == VL_DICE_D10 ? 0 : 1;
  int hi = lo + sides - 1;
  if (v >= lo && v <= hi) return VL_OK;
  if (kind == VL_DICE_2D6)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "forced value %d is out of range for 2d6 (each die 1-6)", v);
  return vl_error_set(err, VL_EINVAL, NULL, 0, "forced value %d is out of range for d%d (%d-%d)",
                      v, sides, lo, hi);
}

int vl_dice_roll(vl_dice *d, vl_dice_kind kind, int sides, const char *reason,
                 const char *rule, vl_dice_record *out, vl_error *err) {
  vl_dice_record *rec;
  int ndice, i, rc, forced = 0, face[2] = {0, 0};
  int lo = kind == VL_DICE_D10 ? 0 : 1;
  switch (kind) {
  case VL_DICE_D6: sides = 6; ndice = 1; break;
  case VL_DICE_D10: sides = 10; ndice = 1; break;
  case VL_DICE_2D6: sides = 6; ndice = 2; break;
  case VL_DICE_DN:
    if (sides < 2)                                 /* an int cannot pass VL_DICE_N_MAX */
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a dN needs N from 2 to %d (got %d)",
                          VL_DICE_N_MAX, sides);
    ndice = 1;
    break;
  default:
    return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown die kind %d", (int)kind);
  }
  rc = log_reserve(d, err);
  if (rc != VL_OK) return rc;
  if (d->q_n > 0) {
    /* Forced: check every value this roll takes before taking any; the generator stays. */
    if (d->q_n < (size_t)ndice)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "2d6 needs two forced values; %d is queued",
                          (int)d->q_n);
    for (i = 0; i < ndice; i++) {
      face[i] = d->queue[d->q_head + (size_t)i];
      rc = check_forced(face[i], kind, sides, err);
      if (rc != VL_OK) return rc;
    }
    forced = 1;
    d->q_head += (size_t)ndice;
    d->q_n -= (size_t)ndice;
    if (d->q_n == 0) d->q_head = 0;
  } else {
    for (i = 0; i < ndice; i++)
      face[i] = lo + (int)vl_dice_gen_below(&d->st.gen, (uint32_t)sides);
  }
  rec = &d->log[d->log_n++];
  memset(rec, 0, sizeof *rec);
  rec->n = ++d->st.count;
  rec->kind = kind;
  rec->sides = sides;
  rec->ndice = ndice;
  rec->face[0] = face[0];
  rec->face[1] = face[1];
  rec->value = face[0] + face[1];
  rec->forced = forced;
  if (forced) d->st.forced++;
  copy_text(rec->reason, sizeof rec->reason, reason);
  copy_text(rec->rule, sizeof rec->rule, rule);
  if (out != NULL) *out = *rec;
  return VL_OK;
}

int vl_dice_d6(vl_dice *d, const char *reason, const char *rule, vl_error *err) {
  vl_dice_record r;
  int rc = vl_dice_roll(d, VL_DICE_D6, 6, reason, rule, &r, err);
  return rc != VL_OK ? rc : r.value;
}

int vl_dice_d10(vl_dice *d, const char *reason, const char *rule, vl_error *err) {
  vl_dice_record r;
  int rc = vl_dice_roll(d, VL_DICE_D10, 10, reason, rule, &r, err);
  return rc != VL_OK ? rc : r.value;
}

int vl_dice_dn(vl_dice *d, int sides, const char *reason, const char *rule, vl_error *err) {
  vl_dice_record r;
  int rc = vl_dice_roll(d, VL_DICE_DN, sides, reason, rule, &r, err);
  return rc != VL_OK ? rc : r.value;
}

int vl_dice_2d6(vl_dice *d, const char *reason, const char *rule, int face[2], vl_error *err) {
  vl_dice_record r;
  int rc = vl_dice_roll(d, VL_DICE_2D6, 6, reason, rule, &r, err);
  if (rc != VL_OK) return rc;
  if (face != NULL) {
    face[0] = r.face[0];
    face[1] = r.face[1];
  }
  return r.value;
}

/* ---- forcing -------------------------------------------------------------------------------- */

int vl_dice_force(vl_dice *d, const int *values, size_t n, vl_error *err) {
  if (n == 0) return VL_OK;
  if (d->q_head > 0 && d->q_n > 0) {    /* slide the pending values to the front */
    memmove(d->queue, d->queue + d->q_head, d->q_n * sizeof *d->queue);
  }
  d->q_head = 0;
  if (n > SIZE_MAX / sizeof *d->queue - d->q_n)
    return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  if (d->q_n + n > d->q_cap) {
    size_t need = d->q_n + n, cap = d->q_cap ? d->q_cap : 8;
    int *grown;
    while (cap < need) cap *= 2;
    if (cap > SIZE_MAX / sizeof *grown) cap = need;
    grown = realloc(d->queue, cap * sizeof *grown);
    if (grown == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
    d->queue = grown;
    d->q_cap = cap;
  }
  memcpy(d->queue + d->q_n, values, n * sizeof *values);
  d->q_n += n;
  return VL_OK;
}

size_t vl_dice_forced_pending(const vl_dice *d) {
  return d->q_n;
}

int vl_dice_forced_at(const vl_dice *d, size_t i) {
  return d->queue[d->q_head + i];
}

void vl_dice_force_clear(vl_dice *d) {
  d->q_head = d->q_n = 0;
}

/* ---- the log -------------------------------------------------------------------------------- */

size_t vl_dice_log_count(const vl_dice *d) {
  return d->log_n;
}

const vl_dice_record *vl_dice_log_at(const vl_dice *d, size_t i) {
  return &d->log[i];
}

void vl_dice_log_drain(vl_dice *d) {
  d->log_n = 0;
}

int vl_dice_bot_seed(uint64_t seed, const char *side, const char *name, uint64_t n,
                     uint64_t *out) {
  char buf[256];
  int k = snprintf(buf, sizeof buf, "%" PRIu64 "\n%s\n%s\n%" PRIu64, seed, side, name, n);
  *out = 0;
  if (k < 0 || (size_t)k >= sizeof buf || strlen(side) + strlen(name) > 200) return VL_EINVAL;
  *out = (uint64_t)XXH3_64bits(buf, (size_t)k) >> 11;
  return VL_OK;
}
