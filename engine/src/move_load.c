/*
** move_load.c -- reading movement.ini through the INI layer into a vl_move_table (move.h):
** the system layer, then a scenario layer that adds rows and overrides single values. Each
** file's [movement] section comes first, so the columns (classes and modes) are known before
** any row. A section's values are checked when the section ends, each with its own line, and
** get their source or provisional reason then; once both layers are read, every terrain type
** must have its row and every row a cell per class. Nothing is ever half-loaded. Format:
** docs/formats.md "movement.ini".
*/
#include "volley/move.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "known.h"
#include "move_internal.h"
#include "vec.h"
#include "volley/ini.h"

#define ID_MAX 32
#define NROWKINDS 6


/* ---- the parse ------------------------------------------------------------------------------ */

/* A row as the layers give it, before it is resolved into the table's arrays. */
typedef struct lrow {
  vl_move_row kind;
  size_t index;                 /* the terrain type (hex, hexside, road) */
  const char *track;            /* VL_MOVE_ROW_TRACK: the name, NULL for [track] */
  const char *section;          /* "hex.c" */
  const char *file;             /* where it was first declared */
  int line;
  unsigned char given[VL_MOVE_MAX_COLUMNS];
  vl_move_cell cell[VL_MOVE_MAX_COLUMNS];
  const char *col_rule[VL_MOVE_MAX_COLUMNS];
  const char *rule;
  int na_roads;
  uint32_t cancels;
  unsigned ignores;
} lrow;

/* A value line of the section being read (continuations joined). */
typedef struct pending {
  const char *key;
  const char *text;
  int line;
} pending;

typedef struct lparse {
  vl_move_table *t;
  const vl_terrain *terrain;
  vl_layer layer;
  const char *file;             /* arena copy of the file being read */
  int nsections;
  const char *file_source;      /* [movement] source of this file */
  /* the section being read */
  int in_section, is_header;
  const char *sec_name;
  int sec_line;
  size_t row;                   /* into rows, when !is_header */
  const char *sec_source, *sec_prov;
  vec vals, kprov;              /* pending */
  /* across both layers */
  int have_system, have_classes;
  int header_line;              /* of the system layer's [movement] */
  vec rows;                     /* lrow */
  vec values;                   /* vl_move_value */
} lparse;

static int oom(vl_error *err, const char *file, int line) {
  return vl_error_set(err, VL_ENOMEM, file, line, "out of memory");
}

static char *adup(lparse *p, const char *s, size_t n) {
  return vl_arena_strndup(&p->t->arena, s, n);
}

/* old + " " + add, in the arena (add alone when old is NULL). */
static const char *join(lparse *p, const char *old, const char *add) {
  size_t n1, n2;
  char *s;
  if (old == NULL) return adup(p, add, strlen(add));
  if (add[0] == '\0') return old;
  if (old[0] == '\0') return adup(p, add, strlen(add));
  n1 = strlen(old);
  n2 = strlen(add);
  s = vl_arena_alloc(&p->t->arena, n1 + n2 + 2);
  if (s == NULL) return NULL;
  memcpy(s, old, n1);
  s[n1] = ' ';
  memcpy(s + n1 + 1, add, n2 + 1);
  return s;
}

/* Ids: [A-Za-z0-9_-]+ of at most ID_MAX bytes. */
static int valid_id(const char *s, size_t n) {
  size_t i;
  if (n == 0 || n > ID_MAX) return 0;
  for (i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-'))
      return 0;
  }
  return 1;
}

/* The column whose id is the n bytes at s, or -1. */
static int find_col(const vl_move_table *t, const char *s, size_t n) {
  size_t i;
  for (i = 0; i < t->ncols; i++)
    if (strlen(t->col_id[i]) == n && memcmp(t->col_id[i], s, n) == 0) return (int)i;
  return -1;
}

/* Adds a column; VL_OK, or an error message's code. */
static int add_col(lparse *p, const char *id, size_t n, int cls, vl_error *err, int line) {
  vl_move_table *t = p->t;
  if (t->ncols == VL_MOVE_MAX_COLUMNS)
    return vl_error_set(err, VL_EPARSE, p->file, line, "too many classes and modes (at most %d)",
                        VL_MOVE_MAX_COLUMNS);
  if (t->col_id == NULL) {
    t->col_id = vl_arena_alloc(&t->arena, VL_MOVE_MAX_COLUMNS * sizeof *t->col_id);
    t->col_class = vl_arena_alloc(&t->arena, VL_MOVE_MAX_COLUMNS * sizeof *t->col_class);
    if (t->col_id == NULL || t->col_class == NULL) return oom(err, p->file, line);
  }
  t->col_id[t->ncols] = adup(p, id, n);
  if (t->col_id[t->ncols] == NULL) return oom(err, p->file, line);
  t->col_class[t->ncols] = cls < 0 ? (int)t->ncols : cls;
  t->ncols++;
  return VL_OK;
}

/* Records a value for `volley sources`, replacing the earlier layer's value of the same
** section and key. */
static int record(lparse *p, const pending *v, const char *source, const char *prov,
                  vl_error *err) {
  vl_move_value *vals = p->values.p, *out = NULL;
  size_t i;
  for (i = 0; i < p->values.n; i++)
    if (strcmp(vals[i].section, p->sec_name) == 0 && strcmp(vals[i].key, v->key) == 0)
      out = &vals[i];
  if (out == NULL) {
    out = vl_vec_push(&p->values, sizeof *out);
    if (out == NULL) return oom(err, p->file, v->line);
    out->section = p->sec_name;
  }
  out->key = v->key;
  out->text = v->text;
  out->layer = p->layer;
  out->file = p->file;
  out->line = v->line;
  out->source = source;
  out->provisional = prov;
  return VL_OK;
}

/* ---- cells ---------------------------------------------------------------------------------- */

/* Reads a cost written "N" or "N.F" (at most 4 + 3 digits) in table units: VL_OK, or
** VL_EINVAL with *why saying what was wrong. */
static int read_cost(const char *s, size_t n, int scale, int *out, const char **why) {
  size_t i = 0, k = 0;
  long whole = 0, frac = 0, pow = 1, v;
  while (i < n && s[i] >= '0' && s[i] <= '9') {
    if (i >= 4) return *why = "too large", VL_EINVAL;
    whole = whole * 10 + (s[i] - '0');
    i++;
  }
  if (i == 0) return *why = NULL, VL_EINVAL;
  if (i < n && s[i] == '.') {
    i++;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
      if (k == 3) return *why = NULL, VL_EINVAL;
      frac = frac * 10 + (s[i] - '0');
      pow *= 10;
      i++, k++;
    }
    if (k == 0) return *why = NULL, VL_EINVAL;
  }
  if (i != n) return *why = NULL, VL_EINVAL;
  if ((frac * scale) % pow != 0) return *why = "finer than the table's scale", VL_EINVAL;
  v = whole * scale + frac * scale / pow;
  if (v > VL_MOVE_MAX_COST) return *why = "too large", VL_EINVAL;
  *out = (int)v;
  return VL_OK;
}

/* What a cell of each row kind may be, for messages. */
static const char *const cell_forms[NROWKINDS] = {
  "a cost such as 2 or 2D, or NA",
  "an extra cost such as +1 or +2D, or NA",
  "a cost such as 1, or - for no road rate",
  "an extra cost per level such as +1 or +1D, or NA",
  "an extra cost per level such as +1 or +1D, or NA",
  "a cost such as 1, or NA"
};

/* Parses a cell of a row of kind into c. */
static int parse_cell(lparse *p, vl_move_row kind, const pending *v, vl_move_cell *c,
                      vl_error *err) {
  const char *s = v->text, *why = NULL;
  size_t n = strlen(s);
  int extra = kind == VL_MOVE_ROW_HEXSIDE || kind == VL_MOVE_ROW_UP || kind == VL_MOVE_ROW_DOWN;
  int may_d = kind != VL_MOVE_ROW_ROAD && kind != VL_MOVE_ROW_TRACK;
  memset(c, 0, sizeof *c);
  if (strcmp(s, "NA") == 0 && kind != VL_MOVE_ROW_ROAD) {
    c->set = c->na = 1;
    return VL_OK;
  }
  if (strcmp(s, "-") == 0 && kind == VL_MOVE_ROW_ROAD) return VL_OK;
  if (extra) {
    if (n == 0 || s[0] != '+') goto bad;
    s++, n--;
  }
  if (may_d && n > 0 && s[n - 1] == 'D') c->disorder = 1, n--;
  if (read_cost(s, n, p->t->scale, &c->cost, &why) != VL_OK) goto bad;
  c->set = 1;
  return VL_OK;
bad:
  if (why != NULL)
    return vl_error_set(err, VL_EPARSE, p->file, v->line, "cost '%s' for %s is %s (at most %d "
                        "table units; scale %d)", v->text, v->key, why, VL_MOVE_MAX_COST,
                        p->t->scale);
  return vl_error_set(err, VL_EPARSE, p->file, v->line, "bad cost '%s' for %s (%s)", v->text,
                      v->key, cell_forms[kind]);
}

/* ---- [movement] ----------------------------------------------------------------------------- */

/* One value of [movement]; VL_OK or an error at v's line. */
static int header_value(lparse *p, const pending *v, vl_error *err) {
  vl_move_table *t = p->t;
  const char *cur = v->text, *w;
  size_t n;
  int rc;
  if (strcmp(v->key, "system") == 0) {
    if (strcmp(v->text, t->system) != 0)
      return vl_error_set(err, VL_EPARSE, p->file, v->line,
                          "this movement.ini is for system '%s', not '%s'", v->text, t->system);
    p->have_system = 1;
    return VL_OK;
  }
  if (strcmp(v->key, "source") == 0) {
    p->file_source = v->text;
    return VL_OK;
  }
  if (strcmp(v->key, "rule") == 0) return t->rule = v->text, VL_OK;
  if (strcmp(v->key, "rule.adjacent") == 0) return t->rule_adjacent = v->text, VL_OK;
  if (strcmp(v->key, "rule.stop") == 0) return t->rule_stop = v->text, VL_OK;
  if (strcmp(v->key, "classes") == 0 || strcmp(v->key, "scale") == 0) {
    if (p->layer != VL_LAYER_SYSTEM)
      return vl_error_set(err, VL_EPARSE, p->file, v->line, "%s belongs to the system's "
                          "movement.ini, not a scenario's", v->key);
    if (v->key[0] == 's') {
      char *end;
      long s = strtol(v->text, &end, 10);
      if (v->text[0] < '1' || v->text[0] > '9' || *end != '\0' || s > VL_MOVE_MAX_SCALE)
        return vl_error_set(err, VL_EPARSE, p->file, v->line,
                            "bad scale '%s' (table units per MP: 1 to %d)", v->text,
                            VL_MOVE_MAX_SCALE);
      t->scale = (int)s;
      return VL_OK;
    }
    while ((w = vl_ini_word(&cur, &n)) != NULL) {
      if (!valid_id(w, n) || memchr(w, '.', n) != NULL)
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "bad class id '%.*s' (letters, "
                            "digits, '_' and '-'; at most %d bytes)", (int)n, w, ID_MAX);
      if (find_col(t, w, n) >= 0)
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "class '%.*s' declared twice",
                            (int)n, w);
      if ((rc = add_col(p, w, n, -1, err, v->line)) != VL_OK) return rc;
      t->nclasses++;
    }
    if (t->nclasses == 0)
      return vl_error_set(err, VL_EPARSE, p->file, v->line, "classes lists no class");
    p->have_classes = 1;
    return VL_OK;
  }
  if (strcmp(v->key, "modes") == 0) {
    while ((w = vl_ini_word(&cur, &n)) != NULL) {
      const char *dot = memchr(w, '.', n);
      int cls = dot ? find_col(t, w, (size_t)(dot - w)) : -1;
      if (dot == NULL || cls < 0 || (size_t)cls >= t->nclasses ||
          !valid_id(dot + 1, n - (size_t)(dot - w) - 1))
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "bad mode '%.*s' (<class>.<mode>, "
                            "the class one of classes)", (int)n, w);
      if (find_col(t, w, n) >= 0)
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "mode '%.*s' declared twice",
                            (int)n, w);
      if ((rc = add_col(p, w, n, cls, err, v->line)) != VL_OK) return rc;
    }
    return VL_OK;
  }
  return vl_error_set(err, VL_EPARSE, p->file, v->line, "unknown key '%s' in [movement] (known: "
                      "system, source, classes, modes, scale, rule, rule.adjacent, rule.stop)",
                      v->key);
}

/* ---- rows ----------------------------------------------------------------------------------- */

/* Keys that are citations themselves and need no source. */
static int is_rule_key(const char *k) {
  return strcmp(k, "rule") == 0 || strncmp(k, "rule.", 5) == 0;
}

/* One value of a row section. */
static int row_value(lparse *p, lrow *r, const pending *v, vl_error *err) {
  vl_move_table *t = p->t;
  const char *k = v->key, *cur = v->text, *w;
  size_t n;
  int col = find_col(t, k, strlen(k));
  if (col >= 0) {
    int rc = parse_cell(p, r->kind, v, &r->cell[col], err);
    if (rc != VL_OK) return rc;
    r->given[col] = 1;
    return VL_OK;
  }
  if (strcmp(k, "rule") == 0) return r->rule = v->text, VL_OK;
  if (strncmp(k, "rule.", 5) == 0) {
    col = find_col(t, k + 5, strlen(k + 5));
    if (col < 0)
      return vl_error_set(err, VL_EPARSE, p->file, v->line, "%s: no class or mode '%s'", k, k + 5);
    r->col_rule[col] = v->text;
    return VL_OK;
  }
  if (strcmp(k, "na_on_roads") == 0 && r->kind == VL_MOVE_ROW_HEX) {
    if (strcmp(v->text, "yes") != 0 && strcmp(v->text, "no") != 0)
      return vl_error_set(err, VL_EPARSE, p->file, v->line, "bad na_on_roads '%s' (yes or no)",
                          v->text);
    r->na_roads = v->text[0] == 'y';
    return VL_OK;
  }
  if (strcmp(k, "cancels") == 0 && r->kind == VL_MOVE_ROW_HEXSIDE) {
    r->cancels = 0;
    while ((w = vl_ini_word(&cur, &n)) != NULL) {
      int f = vl_terrain_find(p->terrain, VL_TERRAIN_HEXSIDE, w, n);
      if (f < 0 || (size_t)f == r->index)
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "cancels: '%.*s' is not another "
                            "hexside feature of the terrain tables", (int)n, w);
      r->cancels |= (uint32_t)1 << f;
    }
    return VL_OK;
  }
  if (strcmp(k, "ignores") == 0 && r->kind == VL_MOVE_ROW_ROAD) {
    r->ignores = 0;
    while ((w = vl_ini_word(&cur, &n)) != NULL) {
      if (n == 9 && memcmp(w, "elevation", 9) == 0) r->ignores |= VL_MOVE_IGNORES_ELEVATION;
      else if (n == 8 && memcmp(w, "hexsides", 8) == 0) r->ignores |= VL_MOVE_IGNORES_HEXSIDES;
      else
        return vl_error_set(err, VL_EPARSE, p->file, v->line, "ignores: unknown word '%.*s' "
                            "(elevation, hexsides)", (int)n, w);
    }
    return VL_OK;
  }
  return vl_error_set(err, VL_EPARSE, p->file, v->line, "unknown key '%s' in [%s] (known: a "
                      "class or mode, rule, rule.<column>%s, source, provisional, "
                      "provisional.<key>)", k, r->section,
                      r->kind == VL_MOVE_ROW_HEX ? ", na_on_roads"
                      : r->kind == VL_MOVE_ROW_HEXSIDE ? ", cancels"
                      : r->kind == VL_MOVE_ROW_ROAD ? ", ignores" : "");
}


/* Opens a row section, finding or making its row. */
static int open_row(lparse *p, const vl_ini_item *it, vl_error *err) {
  const char *s = it->section, *dot = strchr(s, '.'), *id = NULL;
  lrow *rows = p->rows.p, *r;
  int kind = -1, type = -1;
  size_t i, klen = dot ? (size_t)(dot - s) : strlen(s);
  if (strcmp(s, "elevation.up") == 0) kind = VL_MOVE_ROW_UP;
  else if (strcmp(s, "elevation.down") == 0) kind = VL_MOVE_ROW_DOWN;
  else if (strcmp(s, "track") == 0) kind = VL_MOVE_ROW_TRACK;
  else if (dot != NULL) {
    id = dot + 1;
    if (klen == 3 && memcmp(s, "hex", 3) == 0) kind = VL_MOVE_ROW_HEX;
    else if (klen == 7 && memcmp(s, "hexside", 7) == 0) kind = VL_MOVE_ROW_HEXSIDE;
    else if (klen == 4 && memcmp(s, "road", 4) == 0) kind = VL_MOVE_ROW_ROAD;
    else if (klen == 5 && memcmp(s, "track", 5) == 0) kind = VL_MOVE_ROW_TRACK;
  }
  if (kind < 0)
    return vl_ini_error(err, it, "unknown section [%s] (expected [movement], [hex.<code>], "
                                 "[hexside.<id>], [road.<id>], [elevation.up], [elevation.down], "
                                 "[track] or [track.<name>])", s);
  if (kind == VL_MOVE_ROW_TRACK && id != NULL && !valid_id(id, strlen(id)))
    return vl_ini_error(err, it, "bad track name '%s'", id);
  if (kind <= VL_MOVE_ROW_ROAD) {
    static const vl_terrain_kind tk[3] = {VL_TERRAIN_HEX, VL_TERRAIN_HEXSIDE, VL_TERRAIN_ROAD};
    static const char *const what[3] = {"hex type", "hexside feature", "road kind"};
    type = vl_terrain_find(p->terrain, tk[kind], id, strlen(id));
    if (type < 0) {
      char known[160];
      vl_known_terrain(p->terrain, tk[kind], known, sizeof known);
      return vl_ini_error(err, it, "no %s '%s' in the terrain tables of %s (known: %s)",
                          what[kind], id, p->t->system, known);
    }
  }
  p->sec_name = NULL;
  for (i = 0; i < p->rows.n; i++)
    if (strcmp(rows[i].section, s) == 0) {
      p->row = i;
      p->sec_name = rows[i].section;
      return VL_OK;
    }
  r = vl_vec_push(&p->rows, sizeof *r);
  if (r == NULL) return oom(err, p->file, it->line);
  r->kind = (vl_move_row)kind;
  r->index = type < 0 ? 0 : (size_t)type;
  r->section = adup(p, s, strlen(s));
  r->file = p->file;
  r->line = it->line;
  if (r->section == NULL) return oom(err, p->file, it->line);
  if (kind == VL_MOVE_ROW_TRACK && id != NULL) {
    r->track = adup(p, id, strlen(id));
    if (r->track == NULL) return oom(err, p->file, it->line);
  }
  p->row = p->rows.n - 1;
  p->sec_name = r->section;
  return VL_OK;
}

/* Ends the section being read: gives each value its source or provisional reason and applies
** it to the header or the row. */
static int close_section(lparse *p, vl_error *err) {
  pending *vals = p->vals.p, *kp = p->kprov.p;
  size_t i, j;
  int rc = VL_OK;
  if (!p->in_section) return VL_OK;
  p->in_section = 0;
  if (p->is_header) {
    int pass;  /* classes first: modes name them */
    for (pass = 0; pass < 2; pass++)
      for (i = 0; i < p->vals.n && rc == VL_OK; i++) {
        if ((strcmp(vals[i].key, "classes") == 0) != (pass == 0)) continue;
        rc = header_value(p, &vals[i], err);
        if (rc == VL_OK) rc = record(p, &vals[i], NULL, NULL, err);
      }
    if (rc == VL_OK && !p->have_system)
      rc = vl_error_set(err, VL_EPARSE, p->file, p->sec_line, "[movement] has no system");
    if (rc == VL_OK && p->layer == VL_LAYER_SYSTEM && !p->have_classes)
      rc = vl_error_set(err, VL_EPARSE, p->file, p->sec_line, "[movement] has no classes");
    p->vals.n = p->kprov.n = 0;
    return rc;
  }
  if (p->sec_source != NULL && p->sec_prov != NULL)
    rc = vl_error_set(err, VL_EPARSE, p->file, p->sec_line,
                      "[%s] gives both source and provisional", p->sec_name);
  for (j = 0; j < p->kprov.n && rc == VL_OK; j++) {
    for (i = 0; i < p->vals.n; i++)
      if (strcmp(vals[i].key, kp[j].key) == 0) break;
    if (is_rule_key(kp[j].key))
      rc = vl_error_set(err, VL_EPARSE, p->file, kp[j].line, "provisional.%s: a rule is a "
                        "citation and needs no source", kp[j].key);
    else if (i == p->vals.n)
      rc = vl_error_set(err, VL_EPARSE, p->file, kp[j].line, "provisional.%s: [%s] gives no %s",
                        kp[j].key, p->sec_name, kp[j].key);
  }
  for (i = 0; i < p->vals.n && rc == VL_OK; i++) {
    const char *src = NULL, *prov = NULL;
    if (!is_rule_key(vals[i].key)) {
      for (j = 0; j < p->kprov.n; j++)
        if (strcmp(vals[i].key, kp[j].key) == 0) prov = kp[j].text;
      if (prov == NULL) prov = p->sec_prov;
      if (prov == NULL) src = p->sec_source != NULL ? p->sec_source : p->file_source;
      if (prov == NULL && src == NULL) {
        rc = vl_error_set(err, VL_EPARSE, p->file, vals[i].line, "no source for %s in [%s] "
                          "(give source = or provisional.%s =)", vals[i].key, p->sec_name,
                          vals[i].key);
        break;
      }
    }
    rc = row_value(p, (lrow *)p->rows.p + p->row, &vals[i], err);
    if (rc == VL_OK) rc = record(p, &vals[i], src, prov, err);
  }
  p->vals.n = p->kprov.n = 0;
  return rc;
}

/* Adds a value line (or a continuation) to the section being read. */
static int add_value(lparse *p, const vl_ini_item *it, vl_error *err) {
  const char *k = it->key;
  pending *v;
  if (!p->is_header) {
    if (strcmp(k, "source") == 0) {
      p->sec_source = join(p, p->sec_source, it->value);
      return p->sec_source ? VL_OK : oom(err, it->file, it->line);
    }
    if (strcmp(k, "provisional") == 0) {
      p->sec_prov = join(p, p->sec_prov, it->value);
      if (p->sec_prov == NULL) return oom(err, it->file, it->line);
      if (p->sec_prov[0] == '\0') return vl_ini_error(err, it, "provisional needs a reason");
      return VL_OK;
    }
    if (strncmp(k, "provisional.", 12) == 0) {
      pending *kp = p->kprov.p;
      if (it->continuation && p->kprov.n > 0 && strcmp(kp[p->kprov.n - 1].key, k + 12) == 0) {
        kp[p->kprov.n - 1].text = join(p, kp[p->kprov.n - 1].text, it->value);
        return kp[p->kprov.n - 1].text ? VL_OK : oom(err, it->file, it->line);
      }
      if (it->value[0] == '\0') return vl_ini_error(err, it, "%s needs a reason", k);
      v = vl_vec_push(&p->kprov, sizeof *v);
      if (v == NULL || (v->key = adup(p, k + 12, strlen(k + 12))) == NULL ||
          (v->text = adup(p, it->value, strlen(it->value))) == NULL)
        return oom(err, it->file, it->line);
      v->line = it->line;
      return VL_OK;
    }
  }
  if (it->continuation && p->vals.n > 0) {
    v = (pending *)p->vals.p + p->vals.n - 1;
    v->text = join(p, v->text, it->value);
    return v->text ? VL_OK : oom(err, it->file, it->line);
  }
  v = vl_vec_push(&p->vals, sizeof *v);
  if (v == NULL || (v->key = adup(p, k, strlen(k))) == NULL ||
      (v->text = adup(p, it->value, strlen(it->value))) == NULL)
    return oom(err, it->file, it->line);
  v->line = it->line;
  return VL_OK;
}

static int on_item(void *user, const vl_ini_item *it, vl_error *err) {
  lparse *p = user;
  int rc;
  switch (it->event) {
  case VL_INI_SECTION:
    if ((rc = close_section(p, err)) != VL_OK) return rc;
    p->nsections++;
    p->in_section = 1;
    p->sec_line = it->line;
    p->sec_source = p->sec_prov = NULL;
    if (strcmp(it->section, "movement") == 0 || p->nsections == 1) {
      if (strcmp(it->section, "movement") != 0 || p->nsections != 1)
        return vl_ini_error(err, it, "[movement] must be the first section");
      p->is_header = 1;
      p->sec_name = "movement";
      p->have_system = 0;
      p->file_source = NULL;
      if (p->layer == VL_LAYER_SYSTEM) p->header_line = it->line;
      return VL_OK;
    }
    p->is_header = 0;
    return open_row(p, it, err);
  case VL_INI_VALUE:
    return add_value(p, it, err);
  case VL_INI_END:
    if ((rc = close_section(p, err)) != VL_OK) return rc;
    if (p->nsections == 0) return vl_ini_error(err, it, "missing section [movement]");
    return VL_OK;
  }
  return VL_OK;
}

static int load_layer(lparse *p, vl_layer layer, const char *path, vl_error *err) {
  p->layer = layer;
  p->nsections = 0;
  p->in_section = 0;
  p->file = adup(p, path, strlen(path));
  if (p->file == NULL) return oom(err, path, 0);
  return vl_ini_parse_file(path, on_item, p, err);
}

/* ---- resolving the rows into the table ------------------------------------------------------ */

static lrow *find_row(lparse *p, vl_move_row kind, size_t index) {
  lrow *rows = p->rows.p;
  size_t i;
  for (i = 0; i < p->rows.n; i++)
    if (rows[i].kind == kind && rows[i].index == index && kind != VL_MOVE_ROW_TRACK)
      return &rows[i];
  return NULL;
}

/* Fills out (ncols cells) from row r, which must give every class. */
static int resolve_row(lparse *p, const lrow *r, vl_move_cell *out, vl_error *err) {
  const vl_move_table *t = p->t;
  size_t c;
  for (c = 0; c < t->nclasses; c++)
    if (!r->given[c])
      return vl_error_set(err, VL_EPARSE, r->file, r->line, "[%s] gives no cost for %s",
                          r->section, t->col_id[c]);
  for (c = 0; c < t->ncols; c++) {
    size_t cls = (size_t)t->col_class[c];
    out[c] = r->given[c] ? r->cell[c] : r->cell[cls];
    out[c].rule = r->col_rule[c] ? r->col_rule[c]
                  : r->col_rule[cls] ? r->col_rule[cls]
                  : r->rule ? r->rule : t->rule;
  }
  return VL_OK;
}

static int cmp_value(const void *a, const void *b) {
  const vl_move_value *x = a, *y = b;
  int c = strcmp(x->section, y->section);
  return c ? c : strcmp(x->key, y->key);
}

/* Track rows: [track] first, then by name. */
static int cmp_track_row(const void *a, const void *b) {
  const lrow *const *x = a, *const *y = b;
  if ((*x)->track == NULL) return (*y)->track == NULL ? 0 : -1;
  if ((*y)->track == NULL) return 1;
  return strcmp((*x)->track, (*y)->track);
}

static int finish(lparse *p, const char *last_file, vl_error *err) {
  vl_move_table *t = p->t;
  vl_arena *a = &t->arena;
  static const char *const what[3] = {"hex type", "hexside feature", "road kind"};
  static const char *const sec[3] = {"hex", "hexside", "road"};
  size_t kind, i, nc;
  lrow *rows = p->rows.p, **tracks = NULL;
  int rc = VL_OK;
  nc = t->ncols;
  t->nhex = vl_terrain_count(p->terrain, VL_TERRAIN_HEX);
  t->nside = vl_terrain_count(p->terrain, VL_TERRAIN_HEXSIDE);
  t->nroad = vl_terrain_count(p->terrain, VL_TERRAIN_ROAD);
  t->hex = vl_arena_alloc(a, (t->nhex * nc + 1) * sizeof *t->hex);
  t->side = vl_arena_alloc(a, (t->nside * nc + 1) * sizeof *t->side);
  t->road = vl_arena_alloc(a, (t->nroad * nc + 1) * sizeof *t->road);
  t->up = vl_arena_alloc(a, nc * sizeof *t->up);
  t->down = vl_arena_alloc(a, nc * sizeof *t->down);
  t->hex_name = vl_arena_alloc(a, (t->nhex + 1) * sizeof *t->hex_name);
  t->side_name = vl_arena_alloc(a, (t->nside + 1) * sizeof *t->side_name);
  t->road_name = vl_arena_alloc(a, (t->nroad + 1) * sizeof *t->road_name);
  t->hex_na_roads = vl_arena_alloc(a, t->nhex + 1);
  t->side_cancels = vl_arena_alloc(a, (t->nside + 1) * sizeof *t->side_cancels);
  t->road_ignores = vl_arena_alloc(a, (t->nroad + 1) * sizeof *t->road_ignores);
  if (!t->hex || !t->side || !t->road || !t->up || !t->down || !t->hex_name || !t->side_name ||
      !t->road_name || !t->hex_na_roads || !t->side_cancels || !t->road_ignores)
    return oom(err, last_file, 0);
  for (kind = 0; kind < 3; kind++) {
    size_t n = kind == 0 ? t->nhex : kind == 1 ? t->nside : t->nroad;
    vl_move_cell *cells = kind == 0 ? t->hex : kind == 1 ? t->side : t->road;
    const char **names = kind == 0 ? t->hex_name : kind == 1 ? t->side_name : t->road_name;
    for (i = 0; i < n; i++) {
      const vl_terrain_type *ty = vl_terrain_type_at(p->terrain, (vl_terrain_kind)kind, i);
      const lrow *r = find_row(p, (vl_move_row)kind, i);
      if (r == NULL)
        return vl_error_set(err, VL_EPARSE, last_file, 0, "no movement costs for %s '%s' "
                            "(give [%s.%s])", what[kind], ty->id, sec[kind], ty->id);
      if ((rc = resolve_row(p, r, cells + i * nc, err)) != VL_OK) return rc;
      names[i] = adup(p, ty->name ? ty->name : ty->id, strlen(ty->name ? ty->name : ty->id));
      if (names[i] == NULL) return oom(err, last_file, 0);
      if (kind == 0) t->hex_na_roads[i] = (unsigned char)r->na_roads;
      if (kind == 1) t->side_cancels[i] = r->cancels;
      if (kind == 2) t->road_ignores[i] = r->ignores;
    }
  }
  for (i = 0; i < p->rows.n; i++) {
    if (rows[i].kind == VL_MOVE_ROW_UP && (rc = resolve_row(p, &rows[i], t->up, err)) != VL_OK)
      return rc;
    if (rows[i].kind == VL_MOVE_ROW_DOWN &&
        (rc = resolve_row(p, &rows[i], t->down, err)) != VL_OK)
      return rc;
    if (rows[i].kind == VL_MOVE_ROW_TRACK) t->ntracks++;
  }
  if (t->ntracks > 0) {
    size_t k = 0;
    tracks = malloc(t->ntracks * sizeof *tracks);
    t->track_name = vl_arena_alloc(a, t->ntracks * sizeof *t->track_name);
    t->track = vl_arena_alloc(a, t->ntracks * nc * sizeof *t->track);
    if (tracks == NULL || t->track_name == NULL || t->track == NULL) {
      free(tracks);
      return oom(err, last_file, 0);
    }
    for (i = 0; i < p->rows.n; i++)
      if (rows[i].kind == VL_MOVE_ROW_TRACK) tracks[k++] = &rows[i];
    qsort(tracks, t->ntracks, sizeof *tracks, cmp_track_row);
    for (k = 0; k < t->ntracks && rc == VL_OK; k++) {
      t->track_name[k] = tracks[k]->track;
      rc = resolve_row(p, tracks[k], t->track + k * nc, err);
    }
    free(tracks);
    if (rc != VL_OK) return rc;
  }
  t->nvalues = p->values.n;
  t->values = vl_arena_alloc(a, (p->values.n + 1) * sizeof *t->values);
  if (t->values == NULL) return oom(err, last_file, 0);
  if (p->values.n > 0) memcpy(t->values, p->values.p, p->values.n * sizeof *t->values);
  qsort(t->values, t->nvalues, sizeof *t->values, cmp_value);
  return VL_OK;
}

vl_move_table *vl_move_table_load(const vl_terrain *terrain, const char *system_file,
                                  const char *scenario_file, vl_error *err) {
  lparse p;
  vl_move_table *t = calloc(1, sizeof *t);
  const char *sys = vl_terrain_system(terrain);
  int rc;
  if (t == NULL) {
    oom(err, system_file, 0);
    return NULL;
  }
  memset(&p, 0, sizeof p);
  p.t = t;
  p.terrain = terrain;
  t->scale = 1;
  t->system = vl_arena_strndup(&t->arena, sys, strlen(sys));
  if (t->system == NULL) rc = oom(err, system_file, 0);
  else rc = load_layer(&p, VL_LAYER_SYSTEM, system_file, err);
  if (rc == VL_OK && scenario_file != NULL)
    rc = load_layer(&p, VL_LAYER_SCENARIO, scenario_file, err);
  if (rc == VL_OK) rc = finish(&p, scenario_file ? scenario_file : system_file, err);
  vl_vec_free(&p.vals);
  vl_vec_free(&p.kprov);
  vl_vec_free(&p.rows);
  vl_vec_free(&p.values);
  if (rc != VL_OK) {
    vl_move_table_free(t);
    return NULL;
  }
  return t;
}

vl_move_table *vl_move_table_for_map(const vl_map *m, const vl_path *data, vl_error *err) {
  char rel[256], sys[4096], scen[4096];
  const char *path = vl_map_path(m), *slash = strrchr(path, '/');
  int n;
  snprintf(rel, sizeof rel, "charts/%s/movement.ini", vl_map_system(m));
  if (data == NULL || vl_path_find(data, rel, sys, sizeof sys, NULL) != VL_OK) {
    vl_error_set(err, VL_ENOTFOUND, path, 0, "system '%s' has no movement table (no %s on the "
                 "data path)", vl_map_system(m), rel);
    return NULL;
  }
  n = snprintf(scen, sizeof scen, "%.*smovement.ini", slash ? (int)(slash - path + 1) : 0, path);
  if (n < 0 || (size_t)n >= sizeof scen) {
    vl_error_set(err, VL_EINVAL, path, 0, "path too long");
    return NULL;
  }
  return vl_move_table_load(vl_map_terrain_table(m), sys, access(scen, R_OK) == 0 ? scen : NULL,
                            err);
}

void vl_move_table_free(vl_move_table *t) {
  if (t == NULL) return;
  vl_arena_free(&t->arena);
  free(t);
}

/* ---- questions ------------------------------------------------------------------------------ */

const char *vl_move_table_system(const vl_move_table *t) { return t->system; }
int vl_move_table_scale(const vl_move_table *t) { return t->scale; }
size_t vl_move_class_count(const vl_move_table *t) { return t->nclasses; }

const char *vl_move_class_at(const vl_move_table *t, size_t i) {
  return i < t->nclasses ? t->col_id[i] : NULL;
}

size_t vl_move_mode_count(const vl_move_table *t, size_t class_index) {
  size_t c, n = 0;
  for (c = t->nclasses; c < t->ncols; c++)
    if ((size_t)t->col_class[c] == class_index) n++;
  return n;
}

const char *vl_move_mode_at(const vl_move_table *t, size_t class_index, size_t i) {
  size_t c;
  for (c = t->nclasses; c < t->ncols; c++)
    if ((size_t)t->col_class[c] == class_index && i-- == 0)
      return strchr(t->col_id[c], '.') + 1;
  return NULL;
}

int vl_move_column(const vl_move_table *t, const char *class_id, const char *mode) {
  int cls = find_col(t, class_id, strlen(class_id));
  size_t c, n;
  if (cls < 0 || (size_t)cls >= t->nclasses) return -1;
  if (mode == NULL || mode[0] == '\0') return cls;
  n = strlen(class_id);
  for (c = t->nclasses; c < t->ncols; c++)
    if (t->col_class[c] == cls && strcmp(t->col_id[c] + n + 1, mode) == 0) return (int)c;
  return -1;
}

int vl_move_cell_at(const vl_move_table *t, vl_move_row kind, size_t i, int column,
                    vl_move_cell *out) {
  const vl_move_cell *base;
  size_t n;
  if (column < 0 || (size_t)column >= t->ncols) return VL_EINVAL;
  switch (kind) {
  case VL_MOVE_ROW_HEX: base = t->hex, n = t->nhex; break;
  case VL_MOVE_ROW_HEXSIDE: base = t->side, n = t->nside; break;
  case VL_MOVE_ROW_ROAD: base = t->road, n = t->nroad; break;
  case VL_MOVE_ROW_UP: base = t->up, n = 1; break;
  case VL_MOVE_ROW_DOWN: base = t->down, n = 1; break;
  case VL_MOVE_ROW_TRACK: base = t->track, n = t->ntracks; break;
  default: return VL_EINVAL;
  }
  if (i >= n) return VL_EINVAL;
  *out = base[i * t->ncols + (size_t)column];
  return VL_OK;
}

int vl_move_track_row(const vl_move_table *t, const char *name) {
  size_t i;
  for (i = 0; i < t->ntracks; i++)
    if (t->track_name[i] != NULL && strcmp(t->track_name[i], name) == 0) return (int)i;
  return t->ntracks > 0 && t->track_name[0] == NULL ? 0 : -1;
}

uint32_t vl_move_hexside_cancels(const vl_move_table *t, size_t feature) {
  return feature < t->nside ? t->side_cancels[feature] : 0;
}

unsigned vl_move_road_ignores(const vl_move_table *t, size_t road) {
  return road < t->nroad ? t->road_ignores[road] : 0;
}

int vl_move_hex_na_on_roads(const vl_move_table *t, size_t hex_type) {
  return hex_type < t->nhex ? t->hex_na_roads[hex_type] : 0;
}

const char *vl_move_rule(const vl_move_table *t) { return t->rule; }
const char *vl_move_rule_adjacent(const vl_move_table *t) { return t->rule_adjacent; }
const char *vl_move_rule_stop(const vl_move_table *t) { return t->rule_stop; }
size_t vl_move_value_count(const vl_move_table *t) { return t->nvalues; }

const vl_move_value *vl_move_value_at(const vl_move_table *t, size_t i) {
  return i < t->nvalues ? &t->values[i] : NULL;
}
