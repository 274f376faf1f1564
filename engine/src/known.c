/*
** known.c -- "(known: ...)" lists for refusals: see known.h. The choices are few (types,
** terrain codes, fields), so the sort is a selection that needs no memory: each round takes
** the smallest name above the last one written.
*/
#include "known.h"

#include <stdio.h>
#include <string.h>

/* The smallest choice above last (any choice when last is NULL), or NULL. */
static const char *next_name(const void *ctx, size_t count, vl_known_name name,
                             const char *last) {
  const char *best = NULL;
  size_t i;
  for (i = 0; i < count; i++) {
    const char *s = name(ctx, i);
    if (s == NULL || (last != NULL && strcmp(s, last) <= 0)) continue;
    if (best == NULL || strcmp(s, best) < 0) best = s;
  }
  return best;
}

/* Appends text to buf (size n, used bytes so far in *used), cutting it if need be. */
static void append(char *buf, size_t n, size_t *used, const char *text) {
  int w;
  if (*used + 1 >= n) return;
  w = snprintf(buf + *used, n - *used, "%s", text);
  if (w < 0) return;
  *used += (size_t)w < n - *used ? (size_t)w : n - *used - 1;
}

void vl_known_list(char *buf, size_t n, const void *ctx, size_t count, vl_known_name name) {
  const char *s = NULL;
  size_t used = 0, listed = 0, text = 0, more = 0;
  if (n == 0) return;
  buf[0] = '\0';
  while ((s = next_name(ctx, count, name, s)) != NULL) {
    if (more > 0 || listed == VL_KNOWN_MAX_NAMES || text + strlen(s) > VL_KNOWN_MAX_TEXT) {
      more++;
      continue;
    }
    if (listed++ > 0) append(buf, n, &used, ", ");
    append(buf, n, &used, s);
    text += strlen(s) + 2;
  }
  if (listed == 0) {
    append(buf, n, &used, "none");
  } else if (more > 0) {
    char tail[40];
    snprintf(tail, sizeof tail, " and %zu more", more);
    append(buf, n, &used, tail);
  }
}

static const char *array_name(const void *ctx, size_t i) {
  return ((const char *const *)ctx)[i];
}

void vl_known_list_of(char *buf, size_t n, const char *const *names, size_t count) {
  vl_known_list(buf, n, names, count, array_name);
}

/* A terrain table and a kind of its types. */
typedef struct types_ctx {
  const vl_terrain *t;
  vl_terrain_kind kind;
} types_ctx;

static const char *type_id(const void *ctx, size_t i) {
  const types_ctx *c = ctx;
  return vl_terrain_type_at(c->t, c->kind, i)->id;
}

void vl_known_terrain(const vl_terrain *t, vl_terrain_kind kind, char *buf, size_t n) {
  types_ctx c;
  c.t = t;
  c.kind = kind;
  vl_known_list(buf, n, &c, vl_terrain_count(t, kind), type_id);
}
