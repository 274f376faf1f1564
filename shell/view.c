/*
** view.c -- unit marks and shaded hexes for the map pictures, checked against the map, and
** the --units fixture that fills them for tests. See view.h.
*/
#include "view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "volley/ini.h"

struct view {
  view_mark *marks;
  size_t nmarks, capmarks;
  char *sides[VIEW_MAX_SIDES];
  size_t nsides;
  vl_hex *shade;        /* sorted by vl_hex_cmp, no repeats */
  size_t nshade, capshade;
};

static const char *const kind_names[3] = {"unit", "stack", "leader"};

const char *view_kind_name(view_kind k) {
  return (unsigned)k < 3 ? kind_names[k] : "?";
}

view *view_new(void) { return calloc(1, sizeof(view)); }

int view_set_status(view *v, size_t i, int hits, int disordered) {
  if (v == NULL || i >= v->nmarks || hits < 0) return VL_EINVAL;
  v->marks[i].hits = hits;
  v->marks[i].disordered = disordered != 0;
  return VL_OK;
}

int view_set_counter(view *v, size_t i, int square, const char *rating) {
  size_t n = rating != NULL ? strlen(rating) : 0, k;
  if (v == NULL || i >= v->nmarks || n > VIEW_MAX_RATING) return VL_EINVAL;
  for (k = 0; k < n; k++)
    if (!((rating[k] >= '0' && rating[k] <= '9') || rating[k] == '/' || rating[k] == '+' ||
          rating[k] == '-'))
      return VL_EINVAL;
  v->marks[i].square = square != 0;
  memcpy(v->marks[i].rating, n > 0 ? rating : "", n + 1);
  return VL_OK;
}

void view_free(view *v) {
  size_t i;
  if (v == NULL) return;
  for (i = 0; i < v->nmarks; i++) {
    free(v->marks[i].code);
    free(v->marks[i].where);
    free(v->marks[i].facing);
  }
  for (i = 0; i < v->nsides; i++) free(v->sides[i]);
  free(v->marks);
  free(v->shade);
  free(v);
}

static char *dup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d != NULL) memcpy(d, s, n);
  return d;
}

static int nomem(vl_error *err) { return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory"); }

/* [A-Za-z0-9] and the characters of extra, 1..max bytes. */
static int valid_word(const char *s, size_t max, const char *extra) {
  size_t n = strlen(s), i;
  if (n == 0 || n > max) return 0;
  for (i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          strchr(extra, c) != NULL))
      return 0;
  }
  return 1;
}

static int find_side(const view *v, const char *side) {
  size_t i;
  for (i = 0; i < v->nsides; i++)
    if (strcmp(v->sides[i], side) == 0) return (int)i;
  return -1;
}

int view_add_side(view *v, const char *side, vl_error *err) {
  if (!valid_word(side, VIEW_MAX_SIDE, "_-"))
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "bad side '%s' (letters, digits, '_' and '-'; at most %d bytes)", side,
                        VIEW_MAX_SIDE);
  if (find_side(v, side) >= 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "side %s given twice", side);
  if (v->nsides == VIEW_MAX_SIDES)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "too many sides (at most %d)", VIEW_MAX_SIDES);
  v->sides[v->nsides] = dup(side);
  if (v->sides[v->nsides] == NULL) return nomem(err);
  v->nsides++;
  return VL_OK;
}

int view_facing_clock(const vl_grid *g, vl_facing_kind kind, int index) {
  /* flat-top: hexside d points at 60d degrees, vertex v at 60v + 30; pointy-top: hexside d
  ** (NE first) at 60d + 30, vertex v (NE/E first) at 60v + 60. */
  int base = g->layout == VL_FLAT_TOP ? 0 : 1;
  return (2 * index + base + (kind == VL_FACING_VERTEX ? 1 : 0)) % 12;
}

/* Resolves where on m: a hex label, a "<track>/<space>", a box id. */
static int resolve_place(view_mark *mk, const vl_map *m, const char *where, vl_error *err) {
  const vl_grid *g = vl_map_grid(m);
  const char *slash = strchr(where, '/');
  vl_error e;
  size_t i;
  if (slash != NULL) {
    char name[64];
    size_t n = (size_t)(slash - where);
    const vl_track *t;
    if (n < sizeof name) {
      memcpy(name, where, n);
      name[n] = '\0';
      t = vl_map_track(m, name);
      if (t != NULL) {
        int s = vl_map_track_space(t, slash + 1);
        if (s < 0)
          return vl_error_set(err, VL_EINVAL, NULL, 0, "track %s has no space '%s'", t->name,
                              slash + 1);
        mk->place = VIEW_ON_TRACK;
        mk->track = t->name;
        mk->space = s;
        return VL_OK;
      }
    }
    return vl_error_set(err, VL_EINVAL, NULL, 0, "no track '%.*s' on the map", (int)n, where);
  }
  for (i = 0; i < vl_map_box_count(m); i++)
    if (strcmp(vl_map_box_id(m, i), where) == 0) {
      mk->place = VIEW_IN_BOX;
      mk->box = vl_map_box_id(m, i);
      return VL_OK;
    }
  if (vl_hex_parse(g, where, &mk->hex, &e) != VL_OK)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "'%s' is neither a hex, a <track>/<space> nor a box of the map", where);
  if (!vl_map_contains(m, mk->hex))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "hex %s is not on the map", where);
  mk->place = VIEW_ON_HEX;
  return VL_OK;
}

int view_add_mark(view *v, const vl_map *m, const char *where, const char *code,
                  view_kind kind, const char *side, const char *facing, int count,
                  vl_error *err) {
  view_mark mk;
  int rc, s;
  memset(&mk, 0, sizeof mk);
  mk.clock = -1;
  mk.kind = kind;
  if ((unsigned)kind > VIEW_LEADER) return vl_error_set(err, VL_EINVAL, NULL, 0, "bad kind");
  if (!valid_word(code, VIEW_MAX_CODE, "_./-"))
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "bad code '%s' (letters, digits, '_', '.', '/' and '-'; at most %d bytes)",
                        code, VIEW_MAX_CODE);
  if (kind == VIEW_STACK && (count < 2 || count > VIEW_MAX_COUNT))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: a stack holds 2 to %d units, not %d", code,
                        VIEW_MAX_COUNT, count);
  if (kind != VIEW_STACK && count != 1)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: a %s is one unit, not %d", code,
                        kind_names[kind], count);
  mk.count = count;
  if ((rc = resolve_place(&mk, m, where, err)) != VL_OK) return rc;
  s = find_side(v, side);
  if (s < 0) {
    if ((rc = view_add_side(v, side, err)) != VL_OK) return rc;
    s = (int)v->nsides - 1;
  }
  mk.side = s;
  if (facing != NULL) {
    vl_facing_kind fk;
    int idx;
    vl_error e;
    if (mk.place != VIEW_ON_HEX)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: only a mark on a hex faces", code);
    if (vl_facing_parse(vl_map_grid(m), mk.hex, facing, &fk, &idx, &e) != VL_OK)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: %s", code, e.msg);
    mk.clock = view_facing_clock(vl_map_grid(m), fk, idx);
  }
  if (v->nmarks == v->capmarks) {
    size_t cap = v->capmarks ? 2 * v->capmarks : 16;
    view_mark *p = realloc(v->marks, cap * sizeof *p);
    if (p == NULL) return nomem(err);
    v->marks = p;
    v->capmarks = cap;
  }
  mk.code = dup(code);
  mk.where = dup(where);
  mk.facing = facing ? dup(facing) : NULL;
  if (mk.code == NULL || mk.where == NULL || (facing && mk.facing == NULL)) {
    free(mk.code);
    free(mk.where);
    free(mk.facing);
    return nomem(err);
  }
  v->marks[v->nmarks++] = mk;
  return VL_OK;
}

/* The index where h is or would go in the sorted shade list. */
static size_t shade_pos(const view *v, vl_hex h, int *found) {
  size_t lo = 0, hi = v->nshade;
  *found = 0;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = vl_hex_cmp(v->shade[mid], h);
    if (c == 0) {
      *found = 1;
      return mid;
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int view_add_shade(view *v, const vl_map *m, vl_hex h, vl_error *err) {
  int found;
  size_t at;
  if (!vl_map_contains(m, h)) {
    char label[VL_HEX_LABEL_MAX];
    if (vl_hex_format(vl_map_grid(m), h, label, sizeof label) < 0) strcpy(label, "?");
    return vl_error_set(err, VL_EINVAL, NULL, 0, "hex %s is not on the map", label);
  }
  at = shade_pos(v, h, &found);
  if (found) return VL_OK;
  if (v->nshade == v->capshade) {
    size_t cap = v->capshade ? 2 * v->capshade : 64;
    vl_hex *p = realloc(v->shade, cap * sizeof *p);
    if (p == NULL) return nomem(err);
    v->shade = p;
    v->capshade = cap;
  }
  memmove(v->shade + at + 1, v->shade + at, (v->nshade - at) * sizeof *v->shade);
  v->shade[at] = h;
  v->nshade++;
  return VL_OK;
}

int view_shaded(const view *v, vl_hex h) {
  int found;
  shade_pos(v, h, &found);
  return found;
}

size_t view_shade_count(const view *v) { return v->nshade; }
size_t view_mark_count(const view *v) { return v->nmarks; }
const view_mark *view_mark_at(const view *v, size_t i) {
  return i < v->nmarks ? &v->marks[i] : NULL;
}
size_t view_side_count(const view *v) { return v->nsides; }
const char *view_side(const view *v, size_t i) { return i < v->nsides ? v->sides[i] : NULL; }

/* ---- the fixture ----------------------------------------------------------------------- */

typedef struct fparse {
  view *v;
  const vl_map *m;
  int section;         /* 1 [view], 2 [marks] */
} fparse;

/* The next word of *cur into buf (size n), or 0 when none is left; -1 when too long. */
static int next_word(const char **cur, char *buf, size_t n) {
  size_t len;
  const char *w = vl_ini_word(cur, &len);
  if (w == NULL) return 0;
  if (len >= n) return -1;
  memcpy(buf, w, len);
  buf[len] = '\0';
  return 1;
}

/* A line of [marks]: <code> = <where> <kind> <side> [<facing> | -] [<count>] [disordered]
** [hits=N] [square] [rating=R]. */
static int mark_line(fparse *p, const vl_ini_item *it, vl_error *err) {
  char where[64], kind[16], side[32], facing[64], word[64];
  const char *cur = it->value;
  int k, count = -1, rc, have_facing = 0, hits = 0, disordered = 0, square = 0;
  char rating[VIEW_MAX_RATING + 1] = "";
  vl_error e;
  if (it->continuation) return vl_ini_error(err, it, "a mark takes one line");
  if (next_word(&cur, where, sizeof where) != 1 || next_word(&cur, kind, sizeof kind) != 1 ||
      next_word(&cur, side, sizeof side) != 1)
    return vl_ini_error(err, it, "%s: expected <where> <kind> <side> [<facing>] [<count>]",
                        it->key);
  for (k = 0; k < 3; k++)
    if (strcmp(kind, kind_names[k]) == 0) break;
  if (k == 3)
    return vl_ini_error(err, it, "%s: unknown kind '%s' (unit, stack or leader)", it->key, kind);
  while ((rc = next_word(&cur, word, sizeof word)) == 1) {
    if (strcmp(word, "disordered") == 0) {
      disordered = 1;
    } else if (strcmp(word, "square") == 0) {
      square = 1;
    } else if (strncmp(word, "rating=", 7) == 0) {
      size_t n = strlen(word + 7), j;
      int bad = n == 0 || n > VIEW_MAX_RATING;
      for (j = 0; j < n && !bad; j++)
        bad = !((word[7 + j] >= '0' && word[7 + j] <= '9') || word[7 + j] == '/' ||
                word[7 + j] == '+' || word[7 + j] == '-');
      if (bad)
        return vl_ini_error(err, it, "%s: bad rating '%s' (rating= and up to %d of 0-9 / + -)",
                            it->key, word, VIEW_MAX_RATING);
      memcpy(rating, word + 7, n + 1);
    } else if (strncmp(word, "hits=", 5) == 0) {
      char *end;
      long n = strtol(word + 5, &end, 10);
      if (word[5] < '0' || word[5] > '9' || *end != '\0' || n > 99)
        return vl_ini_error(err, it, "%s: bad hits '%s' (hits=0 to hits=99)", it->key, word);
      hits = (int)n;
    } else if (word[0] >= '0' && word[0] <= '9' && count < 0) {
      char *end;
      long n = strtol(word, &end, 10);
      if (*end != '\0' || n > VIEW_MAX_COUNT)
        return vl_ini_error(err, it, "%s: bad count '%s'", it->key, word);
      count = (int)n;
    } else if (!have_facing && count < 0) {
      have_facing = 1;
      if (strcmp(word, "toward") == 0) {
        char hex[32];
        if (next_word(&cur, hex, sizeof hex) != 1)
          return vl_ini_error(err, it, "%s: toward what?", it->key);
        snprintf(facing, sizeof facing, "toward %s", hex);
      } else if (strcmp(word, "-") == 0) {
        facing[0] = '\0';
      } else {
        snprintf(facing, sizeof facing, "%s", word);
      }
    } else {
      return vl_ini_error(err, it, "%s: unexpected '%s'", it->key, word);
    }
  }
  if (rc < 0) return vl_ini_error(err, it, "%s: a word is too long", it->key);
  if (count < 0) count = k == VIEW_STACK ? 0 : 1;
  memset(&e, 0, sizeof e);
  rc = view_add_mark(p->v, p->m, where, it->key, (view_kind)k, side,
                     have_facing && facing[0] ? facing : NULL, count, &e);
  if (rc == VL_ENOMEM) return vl_error_set(err, rc, it->file, it->line, "out of memory");
  if (rc != VL_OK) return vl_ini_error(err, it, "%s", e.msg);
  rc = view_set_status(p->v, p->v->nmarks - 1, hits, disordered);
  return rc != VL_OK ? rc : view_set_counter(p->v, p->v->nmarks - 1, square, rating);
}

/* A line of [view]: sides = ..., reach = ... */
static int view_line(fparse *p, const vl_ini_item *it, vl_error *err) {
  const vl_grid *g = vl_map_grid(p->m);
  const char *cur = it->value;
  char word[64];
  int rc;
  vl_error e;
  if (strcmp(it->key, "sides") == 0) {
    if (!it->continuation && p->v->nmarks > 0)
      return vl_ini_error(err, it, "sides must come before the marks");
    while ((rc = next_word(&cur, word, sizeof word)) == 1) {
      memset(&e, 0, sizeof e);
      rc = view_add_side(p->v, word, &e);
      if (rc != VL_OK) return vl_ini_error(err, it, "%s", e.msg);
    }
    return rc < 0 ? vl_ini_error(err, it, "a side is too long") : VL_OK;
  }
  if (strcmp(it->key, "reach") == 0) {
    while ((rc = next_word(&cur, word, sizeof word)) == 1) {
      vl_hex h;
      memset(&e, 0, sizeof e);
      if (vl_hex_parse(g, word, &h, &e) != VL_OK) return vl_ini_error(err, it, "%s", e.msg);
      rc = view_add_shade(p->v, p->m, h, &e);
      if (rc != VL_OK) return vl_ini_error(err, it, "reach: %s", e.msg);
    }
    return rc < 0 ? vl_ini_error(err, it, "reach: a hex is too long") : VL_OK;
  }
  return vl_ini_error(err, it, "unknown key '%s' in [view] (known: reach, sides)", it->key);
}

static int fixture_item(void *user, const vl_ini_item *it, vl_error *err) {
  fparse *p = user;
  switch (it->event) {
  case VL_INI_SECTION:
    if (strcmp(it->section, "view") == 0) p->section = 1;
    else if (strcmp(it->section, "marks") == 0) p->section = 2;
    else return vl_ini_error(err, it, "unknown section [%s] (known: [view], [marks])", it->section);
    return VL_OK;
  case VL_INI_VALUE:
    return p->section == 1 ? view_line(p, it, err) : mark_line(p, it, err);
  case VL_INI_END:
    return VL_OK;
  }
  return VL_OK;
}

int view_load(view *v, const vl_map *m, const char *path, vl_error *err) {
  fparse p;
  memset(&p, 0, sizeof p);
  p.v = v;
  p.m = m;
  return vl_ini_parse_file(path, fixture_item, &p, err);
}
