/*
** facing.c -- the arcs of a unit's hexsides and adjacent hexes under a facing model.
** Everything here is arithmetic on hex.h's directions; the models are data (units.ini).
*/
#include "volley/facing.h"

#include <string.h>

static const char *const arc_words[] = {NULL, "front", "flank", "rear"};

const char *vl_arc_word(int arc) {
  return (arc >= VL_ARC_FRONT && arc <= VL_ARC_REAR) ? arc_words[arc] : NULL;
}

int vl_arc_parse(const char *word) {
  int a;
  for (a = VL_ARC_FRONT; a <= VL_ARC_REAR; a++)
    if (strcmp(word, arc_words[a]) == 0) return a;
  return VL_ARC_NONE;
}

static int is_arc(int a) { return a >= VL_ARC_FRONT && a <= VL_ARC_REAR; }

int vl_facing_model_check(const vl_facing_model *m, vl_error *err) {
  int o;
  if (m->kind != VL_FACING_HEXSIDE && m->kind != VL_FACING_VERTEX && m->kind != VL_FACING_NONE)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "kind must be hexside, vertex or none");
  for (o = 0; o < 6; o++)
    if (!is_arc(m->arc[o]))
      return vl_error_set(err, VL_EINVAL, NULL, 0,
                          "hexside offset %d has no arc (front, flank and rear must cover 0-5)",
                          o);
  if (m->kind == VL_FACING_NONE)
    for (o = 1; o < 6; o++)
      if (m->arc[o] != m->arc[0])
        return vl_error_set(err, VL_EINVAL, NULL, 0,
                            "a model of kind none does not turn: all six hexsides need one arc");
  if (m->chain) {
    if (m->kind != VL_FACING_HEXSIDE)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a chain model faces a hexside");
    if (!is_arc(m->sides))
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a chain model needs a sides arc");
  } else if (m->sides != VL_ARC_NONE) {
    return vl_error_set(err, VL_EINVAL, NULL, 0, "sides is for chain models only");
  }
  if (m->incoming != VL_ARC_NONE && !is_arc(m->incoming))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "incoming must be front, flank or rear");
  return VL_OK;
}

int vl_facing_chain_check(const vl_grid *g, const vl_hex *hexes, int n, vl_error *err) {
  int i, j;
  char a[16], b[16];
  if (n < 1 || n > VL_FACING_PARTS)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "a unit occupies 1 to %d hexes, not %d",
                        VL_FACING_PARTS, n);
  for (i = 1; i < n; i++) {
    for (j = 0; j < i; j++)
      if (vl_hex_eq(hexes[i], hexes[j])) {
        if (vl_hex_format(g, hexes[i], a, sizeof a) < 0) strcpy(a, "?");
        return vl_error_set(err, VL_EINVAL, NULL, 0, "hex %s is given twice", a);
      }
    if (vl_hex_direction(g, hexes[i - 1], hexes[i]) < 0) {
      if (vl_hex_format(g, hexes[i - 1], a, sizeof a) < 0) strcpy(a, "?");
      if (vl_hex_format(g, hexes[i], b, sizeof b) < 0) strcpy(b, "?");
      return vl_error_set(err, VL_EINVAL, NULL, 0,
                          "hexes %s and %s are not adjacent (a unit's hexes form a chain)", a, b);
    }
  }
  return VL_OK;
}

/* Offset (0..5) of hexside d from facing index f. */
static int offset(int d, int f) { return ((d - f) % 6 + 6) % 6; }

/* 1 when hexside d of hexes[i] leads to another part. */
static int internal(const vl_grid *g, const vl_hex *hexes, int n, int i, int d) {
  vl_hex nb = vl_hex_neighbor(g, hexes[i], d);
  int j;
  for (j = 0; j < n; j++)
    if (j != i && vl_hex_eq(nb, hexes[j])) return 1;
  return 0;
}

static const char *kind_word(int kind) {
  return kind == VL_FACING_HEXSIDE ? "hexside" : kind == VL_FACING_VERTEX ? "vertex" : "none";
}

int vl_facing_sides(const vl_grid *g, const vl_hex *hexes, int n,
                    const vl_facing_model *const *models, vl_facing f, int incoming,
                    unsigned char out[6 * VL_FACING_PARTS], vl_error *err) {
  int i, d;
  if (n < 1 || n > VL_FACING_PARTS)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "a unit occupies 1 to %d hexes, not %d",
                        VL_FACING_PARTS, n);
  memset(out, VL_ARC_NONE, 6 * VL_FACING_PARTS);
  for (i = 0; i < n; i++) {
    const vl_facing_model *m = models[i];
    int role = n == 1 || !m->chain ? -1 : i == 0 ? 0 : i == n - 1 ? 2 : 1;  /* chain role */
    int fi = f.index;
    if (m->kind != VL_FACING_NONE && m->kind != f.kind) {
      if (f.kind == VL_FACING_NONE)
        return vl_error_set(err, VL_EINVAL, NULL, 0, "the unit has no facing (its model faces a %s)",
                            kind_word(m->kind));
      return vl_error_set(err, VL_EINVAL, NULL, 0, "the model faces a %s, the unit a %s",
                          kind_word(m->kind), kind_word(f.kind));
    }
    if (role == 2) fi = vl_hex_direction(g, hexes[i], hexes[i - 1]);  /* tail: from the part before */
    for (d = 0; d < 6; d++) {
      int a;
      if (internal(g, hexes, n, i, d)) continue;
      a = m->kind == VL_FACING_NONE ? m->arc[0] : m->arc[offset(d, fi)];
      if (role == 0 && a != VL_ARC_FRONT) a = m->sides;
      else if (role == 1) a = m->sides;
      else if (role == 2 && a != VL_ARC_REAR) a = m->sides;
      if (incoming && m->incoming != VL_ARC_NONE) a = m->incoming;
      out[6 * i + d] = (unsigned char)a;
    }
  }
  return VL_OK;
}

/* Inserts h with arc a into the sorted arrays (keeping the best arc for a hex seen twice). */
static int add_hex(vl_hex *hx, unsigned char *ar, int n, vl_hex h, unsigned char a) {
  int i, j;
  for (i = 0; i < n; i++) {
    int c = vl_hex_cmp(h, hx[i]);
    if (c == 0) {
      if (a < ar[i]) ar[i] = a;
      return n;
    }
    if (c < 0) break;
  }
  for (j = n; j > i; j--) {
    hx[j] = hx[j - 1];
    ar[j] = ar[j - 1];
  }
  hx[i] = h;
  ar[i] = a;
  return n + 1;
}

#define ADJ_MAX (6 * VL_FACING_PARTS)

int vl_facing_hexes(const vl_grid *g, const vl_hex *hexes, int n,
                    const vl_facing_model *const *models, vl_facing f, int incoming,
                    vl_hex *hex_out, unsigned char *arc_out, int max, vl_error *err) {
  unsigned char sides[6 * VL_FACING_PARTS];
  vl_hex hx[ADJ_MAX];
  unsigned char ar[ADJ_MAX];
  int i, d, count = 0;
  int rc = vl_facing_sides(g, hexes, n, models, f, incoming, sides, err);
  if (rc != VL_OK) return rc;
  for (i = 0; i < n; i++)
    for (d = 0; d < 6; d++)
      if (sides[6 * i + d] != VL_ARC_NONE)
        count = add_hex(hx, ar, count, vl_hex_neighbor(g, hexes[i], d), sides[6 * i + d]);
  for (i = 0; i < count && i < max; i++) {
    hex_out[i] = hx[i];
    arc_out[i] = ar[i];
  }
  return count;
}

int vl_facing_arc_of(const vl_grid *g, const vl_hex *hexes, int n,
                     const vl_facing_model *const *models, vl_facing f, int incoming,
                     vl_hex other, vl_error *err) {
  unsigned char sides[6 * VL_FACING_PARTS];
  int i, d, best = VL_ARC_NONE;
  int rc = vl_facing_sides(g, hexes, n, models, f, incoming, sides, err);
  if (rc != VL_OK) return rc;
  for (i = 0; i < n; i++)
    for (d = 0; d < 6; d++) {
      int a = sides[6 * i + d];
      if (a == VL_ARC_NONE || !vl_hex_eq(vl_hex_neighbor(g, hexes[i], d), other)) continue;
      if (best == VL_ARC_NONE || a < best) best = a;
    }
  return best;
}
