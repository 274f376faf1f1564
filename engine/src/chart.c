/*
** chart.c -- combat and procedure tables: the table model, the reader that builds tables from
** the lines of an INI parse (chart_load.c feeds it files), the checks that refuse a malformed
** table with file:line, layering into a set, and lookup with clamped column shifts.
** What a cell means is Lua's (scripts/volley/results.lua); this file only stores text.
*/
#include "volley/chart.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- values ------------------------------------------------------------------------------- */

/* Open ends of a range ("6+", "2 or less"): far beyond any int, so arithmetic never wraps. */
#define SPAN_MIN (-(1LL << 40))
#define SPAN_MAX (1LL << 40)

/* An integer range, both ends included; na marks a header cell "NA" or "-" (no value leads
** to this column under that header). */
typedef struct span {
  long long lo, hi;
  int na;
} span;

/* An odds column "a-b": a to b, "or less" (the first column only) and "or more" / "+". */
typedef struct ratio {
  long long a, b;
  int or_less;
} ratio;

/* A list line: header, header.<name>, labels or a row; cells with the line each is on. */
typedef struct cline {
  char *key;
  int line;
  char **cell;
  int *at;
  size_t n, cap;
} cline;

struct vl_chart {
  char *name, *title, *source, *provisional, *die, *rows_by, *results, *layer, *file;
  int line, title_line, source_line, provisional_line, die_line, rows_by_line, results_line;
  int columns_line;
  vl_chart_axis axis;
  int has_axis;            /* a `columns` key was given */
  cline *lines;            /* every list line in file order */
  size_t nlines, caplines;
  /* derived when the table is checked */
  size_t ncols;
  size_t *row;             /* indices into lines: the rows, in file order */
  span *row_span;
  size_t nrows;
  size_t *hdr;             /* indices into lines: the header lines, in file order */
  size_t nhdr;
  int plain;               /* the header is the plain `header` (nhdr == 1) */
  span *col_span;          /* numeric axes: nhdr * ncols */
  ratio *col_ratio;        /* odds: ncols */
  long labels;             /* index into lines, or -1 */
};

struct vl_chart_set {
  vl_chart **t;            /* sorted by name */
  size_t n;
};

struct vl_chart_reader {
  vl_chart_set *set;
  char *layer;
  vl_chart **t;            /* the tables read, in reading order */
  size_t n, cap;
  vl_chart *cur;           /* the table being read, also t[n - 1]; NULL between files */
  char **last_text;        /* the scalar a continuation extends, or NULL */
  long last_line;          /* the list line a continuation extends, or -1 */
  int failed;
};

static const char *const AXIS_NAMES[] = {NULL, "strength", "odds", "differential", "range",
                                         "type"};

/* ---- small helpers ------------------------------------------------------------------------ */

static char *dupstr(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d != NULL) memcpy(d, s, n);
  return d;
}

/* Fills err with VL_EPARSE at file:line. */
static int perr(vl_error *err, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;
static int perr(vl_error *err, const char *file, int line, const char *fmt, ...) {
  char msg[VL_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vl_error_set(err, VL_EPARSE, file, line, "%s", msg);
}

static int nomem(vl_error *err) {
  return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
}

static int is_blank(char c) {
  return c == ' ' || c == '\t';
}

static void free_line(cline *l) {
  size_t i;
  for (i = 0; i < l->n; i++) free(l->cell[i]);
  free(l->cell);
  free(l->at);
  free(l->key);
}

static void chart_free(vl_chart *t) {
  size_t i;
  if (t == NULL) return;
  free(t->name); free(t->title); free(t->source); free(t->provisional);
  free(t->die); free(t->rows_by); free(t->results); free(t->layer); free(t->file);
  for (i = 0; i < t->nlines; i++) free_line(&t->lines[i]);
  free(t->lines);
  free(t->row); free(t->row_span); free(t->hdr); free(t->col_span); free(t->col_ratio);
  free(t);
}

/* ---- ranges ------------------------------------------------------------------------------- */

/* Reads an optionally signed integer of 1-9 digits at *p; advances *p. 0 on success. */
static int read_int(const char **p, long long *v) {
  const char *s = *p;
  int neg = 0, digits = 0;
  long long x = 0;
  if (*s == '+' || *s == '-') neg = *s++ == '-';
  while (*s >= '0' && *s <= '9') {
    if (++digits > 9) return -1;
    x = x * 10 + (*s++ - '0');
  }
  if (digits == 0) return -1;
  *v = neg ? -x : x;
  *p = s;
  return 0;
}

/* 1 when s holds a number of more than 9 digits (read_int refuses it), for a message that
** says so rather than that s is no range. */
static int too_long_number(const char *s) {
  int run = 0;
  for (; *s; s++) {
    run = (*s >= '0' && *s <= '9') ? run + 1 : 0;
    if (run > 9) return 1;
  }
  return 0;
}

static int eat(const char **p, const char *word) {
  size_t n = strlen(word);
  if (strncmp(*p, word, n) != 0) return 0;
  *p += n;
  return 1;
}

/* One atom of a range: "4", "1-2", "-3--1", "-1 to -10", "6+", "6 or more", "2 or less". */
static int read_atom(const char **p, span *out) {
  long long a, b;
  if (read_int(p, &a) != 0) return -1;
  out->lo = out->hi = a;
  out->na = 0;
  if (eat(p, " or less") || eat(p, " or Less")) { out->lo = SPAN_MIN; return 0; }
  if (eat(p, " or more") || eat(p, " or More") || eat(p, "+")) { out->hi = SPAN_MAX; return 0; }
  if (**p == '-' && (*p)[1] != '\0') {
    ++*p;
    if (read_int(p, &b) != 0 || b < a) return -1;
    out->hi = b;
    return 0;
  }
  if (eat(p, " to ")) {
    if (read_int(p, &b) != 0) return -1;
    if (b < a) { out->lo = b; out->hi = a; } else out->hi = b;
  }
  return 0;
}

/* Parses a whole range: atoms joined by " or " or ", " that together make one run of
** integers ("2 or 3", "10, 11"). 0 on success, -1 when s is not a range. */
static int parse_span(const char *s, span *out) {
  span part[8], tmp;
  size_t n = 0, i, j;
  const char *p = s;
  for (;;) {
    if (n == sizeof part / sizeof part[0] || read_atom(&p, &part[n]) != 0) return -1;
    n++;
    if (*p == '\0') break;
    if (!eat(&p, " or ") && !eat(&p, ", ")) return -1;
  }
  for (i = 1; i < n; i++)               /* sort the few atoms by their low end */
    for (j = i; j > 0 && part[j].lo < part[j - 1].lo; j--) {
      tmp = part[j]; part[j] = part[j - 1]; part[j - 1] = tmp;
    }
  for (i = 1; i < n; i++)
    if (part[i].lo != part[i - 1].hi + 1) return -1;
  out->lo = part[0].lo;
  out->hi = part[n - 1].hi;
  out->na = 0;
  return 0;
}

/* An odds header cell: "1-2", "3-1", "1-3 or less" (first column), "6-1+" / "6-1 or more". */
static int parse_ratio(const char *s, ratio *out) {
  const char *p = s;
  long long a, b;
  if (*p < '1' || *p > '9' || read_int(&p, &a) != 0 || *p++ != '-') return -1;
  if (*p < '1' || *p > '9' || read_int(&p, &b) != 0) return -1;
  out->a = a;
  out->b = b;
  out->or_less = 0;
  if (eat(&p, " or less")) out->or_less = 1;
  else if (!eat(&p, " or more")) (void)eat(&p, "+");
  return *p == '\0' ? 0 : -1;
}

/* "column 3 '4-8'" style name of a row or a cell for messages. */
static int contains(const span *s, long long v) {
  return !s->na && s->lo <= v && v <= s->hi;
}

/* 1 when b runs on from a without gap or overlap in direction dir (+1 up, -1 down). */
static int runs_on(const span *a, const span *b, int dir) {
  return dir > 0 ? b->lo == a->hi + 1 : b->hi == a->lo - 1;
}

/* ---- the reader: tables from key/value lines ---------------------------------------------- */

vl_chart_reader *vl_chart_reader_new(vl_chart_set *s, const char *layer) {
  vl_chart_reader *r = calloc(1, sizeof *r);
  if (r == NULL) return NULL;
  r->set = s;
  r->layer = dupstr(layer ? layer : "");
  if (r->layer == NULL) { free(r); return NULL; }
  r->last_line = -1;
  return r;
}

void vl_chart_reader_free(vl_chart_reader *r) {
  size_t i;
  if (r == NULL) return;
  for (i = 0; i < r->n; i++) chart_free(r->t[i]);
  free(r->t);
  free(r->layer);
  free(r);
}

static int valid_name(const char *s, int allow_upper) {
  const char *p;
  if (*s == '\0') return 0;
  for (p = s; *p; p++) {
    char c = *p;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') continue;
    if (allow_upper && ((c >= 'A' && c <= 'Z') || c == '-')) continue;
    return 0;
  }
  return 1;
}

static int check_table(vl_chart *t, vl_error *err);

int vl_chart_reader_section(vl_chart_reader *r, const char *file, const char *name, int line,
                            vl_error *err) {
  vl_chart *t;
  size_t i;
  int rc;
  if (r->cur != NULL && (rc = check_table(r->cur, err)) != VL_OK) return r->failed = 1, rc;
  r->cur = NULL;
  r->last_text = NULL;
  r->last_line = -1;
  if (!valid_name(name, 0))
    return r->failed = 1,
           perr(err, file, line, "bad table name '%s' (lower-case letters, digits and _)", name);
  for (i = 0; i < r->n; i++)
    if (strcmp(r->t[i]->name, name) == 0)
      return r->failed = 1,
             perr(err, file, line, "table '%s' is defined twice (first at %s:%d)", name,
                  r->t[i]->file, r->t[i]->line);
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 8;
    vl_chart **nt = realloc(r->t, cap * sizeof *nt);
    if (nt == NULL) return r->failed = 1, nomem(err);
    r->t = nt;
    r->cap = cap;
  }
  t = calloc(1, sizeof *t);
  if (t == NULL) return r->failed = 1, nomem(err);
  t->labels = -1;
  t->line = line;
  t->name = dupstr(name);
  t->file = dupstr(file);
  t->layer = dupstr(r->layer);
  if (t->name == NULL || t->file == NULL || t->layer == NULL) {
    chart_free(t);
    return r->failed = 1, nomem(err);
  }
  r->t[r->n++] = t;
  r->cur = t;
  return VL_OK;
}

/* Appends the '|'-separated cells of value to list line l (each cell trimmed, none empty). */
static int add_cells(cline *l, const char *value, const char *file, int line, vl_error *err) {
  const char *p = value;
  for (;;) {
    const char *bar = strchr(p, '|');
    const char *end = bar ? bar : p + strlen(p);
    const char *a = p, *b = end;
    char *cell;
    while (a < b && is_blank(*a)) a++;
    while (b > a && is_blank(b[-1])) b--;
    if (a == b) return perr(err, file, line, "empty cell %zu in '%s'", l->n + 1, l->key);
    if (l->n == l->cap) {
      size_t cap = l->cap ? 2 * l->cap : 8;
      char **nc = realloc(l->cell, cap * sizeof *nc);
      int *na;
      if (nc == NULL) return nomem(err);
      l->cell = nc;
      na = realloc(l->at, cap * sizeof *na);
      if (na == NULL) return nomem(err);
      l->at = na;
      l->cap = cap;
    }
    cell = malloc((size_t)(b - a) + 1);
    if (cell == NULL) return nomem(err);
    memcpy(cell, a, (size_t)(b - a));
    cell[b - a] = '\0';
    l->cell[l->n] = cell;
    l->at[l->n++] = line;
    if (bar == NULL) return VL_OK;
    p = bar + 1;
  }
}

/* Sets scalar *slot (first line) or extends it with a space and value (continuation). */
static int set_text(char **slot, const char *value, vl_error *err) {
  if (*slot == NULL) {
    *slot = dupstr(value);
    if (*slot == NULL) return nomem(err);
  } else {
    size_t a = strlen(*slot), b = strlen(value);
    char *s = realloc(*slot, a + b + 2);
    if (s == NULL) return nomem(err);
    s[a] = ' ';
    memcpy(s + a + 1, value, b + 1);
    *slot = s;
  }
  return VL_OK;
}

static int is_row_key(const char *key) {
  return (*key >= '0' && *key <= '9') || *key == '+' || *key == '-';
}

static int value(vl_chart_reader *r, const char *file, const char *key, const char *val,
                 int line, int continuation, vl_error *err) {
  vl_chart *t = r->cur;
  char **slot = NULL;
  int *slot_line = NULL;
  cline *l;
  int rc;
  size_t i;
  if (t == NULL) return perr(err, file, line, "key '%s' outside a table", key);
  if (continuation) {
    if (r->last_text != NULL) return set_text(r->last_text, val, err);
    if (r->last_line >= 0)
      return add_cells(&t->lines[r->last_line], val, file, line, err);
    return perr(err, file, line, "an indented line continues no key");
  }
  if (*val == '\0') return perr(err, file, line, "empty value for '%s'", key);
  if (strcmp(key, "title") == 0) { slot = &t->title; slot_line = &t->title_line; }
  else if (strcmp(key, "source") == 0) { slot = &t->source; slot_line = &t->source_line; }
  else if (strcmp(key, "provisional") == 0) {
    static const char *const not_reasons[] = {"yes", "no", "true", "false", "1", "0"};
    for (i = 0; i < sizeof not_reasons / sizeof not_reasons[0]; i++)
      if (strcmp(val, not_reasons[i]) == 0)
        return perr(err, file, line, "provisional takes a one-line reason, not '%s'", val);
    slot = &t->provisional;
    slot_line = &t->provisional_line;
  } else if (strcmp(key, "die") == 0) {
    const char *p = val + 1;
    if (strcmp(val, "2d6") != 0) {
      int ok = val[0] == 'd' && *p >= '1' && *p <= '9' && strlen(p) <= 4;
      for (; ok && *p; p++) ok = *p >= '0' && *p <= '9';
      if (!ok || strcmp(val, "d1") == 0)
        return perr(err, file, line, "bad die '%s' (d6, d10, 2d6 or d<N>)", val);
    }
    slot = &t->die;
    slot_line = &t->die_line;
  } else if (strcmp(key, "rows") == 0) {
    slot = &t->rows_by;
    slot_line = &t->rows_by_line;
  } else if (strcmp(key, "results") == 0) {
    if (!valid_name(val, 0))
      return perr(err, file, line, "bad results '%s' (a grammar name: lower-case letters, "
                  "digits and _)", val);
    slot = &t->results;
    slot_line = &t->results_line;
  } else if (strcmp(key, "columns") == 0) {
    for (i = 1; i < sizeof AXIS_NAMES / sizeof AXIS_NAMES[0]; i++)
      if (strcmp(val, AXIS_NAMES[i]) == 0) break;
    if (i == sizeof AXIS_NAMES / sizeof AXIS_NAMES[0])
      return perr(err, file, line, "bad columns '%s' (strength, odds, differential, range or "
                  "type)", val);
    if (t->has_axis) return perr(err, file, line, "key 'columns' given twice");
    t->axis = (vl_chart_axis)i;
    t->has_axis = 1;
    t->columns_line = line;
    r->last_text = NULL;
    r->last_line = -1;
    return VL_OK;
  }
  if (slot != NULL) {
    if (*slot != NULL) return perr(err, file, line, "key '%s' given twice", key);
    *slot_line = line;
    r->last_line = -1;
    r->last_text = slot;
    return set_text(slot, val, err);
  }
  /* a list line: header, header.<name>, labels or a row */
  if (strcmp(key, "header") != 0 && strcmp(key, "labels") != 0 && !is_row_key(key)
      && !(strncmp(key, "header.", 7) == 0 && valid_name(key + 7, 1)))
    return perr(err, file, line, "unknown key '%s' in table '%s'", key, t->name);
  for (i = 0; i < t->nlines; i++)
    if (strcmp(t->lines[i].key, key) == 0)
      return perr(err, file, line, "key '%s' given twice", key);
  if (t->nlines == t->caplines) {
    size_t cap = t->caplines ? 2 * t->caplines : 8;
    cline *nl = realloc(t->lines, cap * sizeof *nl);
    if (nl == NULL) return nomem(err);
    t->lines = nl;
    t->caplines = cap;
  }
  l = &t->lines[t->nlines];
  memset(l, 0, sizeof *l);
  l->line = line;
  l->key = dupstr(key);
  if (l->key == NULL) return nomem(err);
  t->nlines++;
  r->last_text = NULL;
  r->last_line = (long)(t->nlines - 1);
  if (is_row_key(key)) {
    span s;
    if (parse_span(key, &s) != 0 && too_long_number(key))
      return perr(err, file, line, "bad row '%s' (a number is too large: at most 9 digits)", key);
    if (parse_span(key, &s) != 0)
      return perr(err, file, line, "bad row '%s' (a die result or a range such as 4, 1-2, 6+, "
                  "2 or less, 11-15)", key);
  }
  rc = add_cells(l, val, file, line, err);
  return rc;
}

int vl_chart_reader_value(vl_chart_reader *r, const char *file, const char *key,
                          const char *val, int line, int continuation, vl_error *err) {
  int rc = value(r, file, key, val, line, continuation, err);
  if (rc != VL_OK) r->failed = 1;
  return rc;
}

int vl_chart_reader_file_end(vl_chart_reader *r, vl_error *err) {
  vl_chart *t = r->cur;
  int rc;
  r->cur = NULL;
  r->last_text = NULL;
  r->last_line = -1;
  if (t != NULL && (rc = check_table(t, err)) != VL_OK) return r->failed = 1, rc;
  return VL_OK;
}

/* ---- checking a table --------------------------------------------------------------------- */

/* "row '3-7'" or "'header.six'" for messages about list line l. */
static const char *line_kind(const cline *l) {
  return is_row_key(l->key) ? "row" : "key";
}

/* Checks that the spans of n list lines (row headers or header cells) run on one from the
** next without gap or overlap, in one direction. what names the thing ("row", "column"). */
static int check_run(const vl_chart *t, const span *s, size_t n, const char *const *text,
                     const int *at, const char *what, vl_error *err) {
  int dir = 0;
  size_t i;
  for (i = 1; i < n; i++) {
    if (dir == 0) dir = s[i].lo > s[i - 1].hi ? 1 : -1;
    if (!runs_on(&s[i - 1], &s[i], dir))
      return perr(err, t->file, at[i], "%s '%s' does not run on from %s '%s' (%ss run on "
                  "without gaps or overlaps, in one direction)", what, text[i], what,
                  text[i - 1], what);
  }
  return VL_OK;
}

static int check_table(vl_chart *t, vl_error *err) {
  size_t i, c, h, nplain = 0;
  const char **text = NULL;
  int *at = NULL;
  cline *first = NULL;
  int rc = VL_OK;

  if (t->source == NULL) return perr(err, t->file, t->line, "table '%s' has no source", t->name);
  if (t->results == NULL)
    return perr(err, t->file, t->line, "table '%s' has no results (the result grammar its "
                "cells follow)", t->name);
  /* sort the list lines into rows, headers and labels */
  t->row = malloc((t->nlines + 1) * sizeof *t->row);
  t->hdr = malloc((t->nlines + 1) * sizeof *t->hdr);
  if (t->row == NULL || t->hdr == NULL) return nomem(err);
  for (i = 0; i < t->nlines; i++) {
    cline *l = &t->lines[i];
    if (is_row_key(l->key)) { t->row[t->nrows++] = i; continue; }
    if (!t->has_axis)
      return perr(err, t->file, l->line, "'%s' needs a columns key (a table without columns "
                  "has rows only)", l->key);
    if (strcmp(l->key, "labels") == 0) { t->labels = (long)i; continue; }
    if (strcmp(l->key, "header") == 0) nplain++;
    if (t->nhdr > 0 && (nplain > 0))
      return perr(err, t->file, l->line, "table '%s' has both 'header' and 'header.<name>' "
                  "lines", t->name);
    if (nplain == 0 && (t->axis == VL_CHART_ODDS || t->axis == VL_CHART_TYPE))
      return perr(err, t->file, l->line, "'%s': a table with %s columns takes one 'header' "
                  "line", l->key, AXIS_NAMES[t->axis]);
    t->hdr[t->nhdr++] = i;
  }
  t->plain = nplain > 0;
  if (t->nrows > 0 && t->die == NULL && t->rows_by == NULL)
    return perr(err, t->file, t->line, "table '%s' has no die (nor rows = <what its rows are "
                "read by>)", t->name);
  if (t->nrows == 0 && t->die != NULL)
    return perr(err, t->file, t->die_line, "table '%s' has a die but no rows", t->name);
  if (t->nrows == 0 && t->rows_by != NULL)
    return perr(err, t->file, t->rows_by_line, "table '%s' has 'rows' but no rows", t->name);
  if (!t->has_axis) {
    if (t->nrows == 0) return perr(err, t->file, t->line, "table '%s' has no rows", t->name);
    for (i = 0; i < t->nrows; i++) {
      cline *l = &t->lines[t->row[i]];
      if (l->n != 1)
        return perr(err, t->file, l->line, "row '%s' has %zu cells; a table without columns "
                    "has one", l->key, l->n);   /* n >= 2: one empty cell is refused sooner */
    }
  } else {
    if (t->nhdr == 0)
      return perr(err, t->file, t->columns_line, "table '%s' has columns but no header",
                  t->name);
    first = &t->lines[t->hdr[0]];
    t->ncols = first->n;
    for (i = 0; i < t->nlines; i++) {
      cline *l = &t->lines[i];
      if (l->n != t->ncols)
        return perr(err, t->file, l->line, "%s '%s' has %zu cell%s; the table has %zu columns",
                    line_kind(l), l->key, l->n, l->n == 1 ? "" : "s", t->ncols);
    }
    if (t->nrows == 0 && t->labels < 0)
      return perr(err, t->file, t->line, "table '%s' has no rows, so its labels are its "
                  "results: it needs 'labels'", t->name);
  }
  /* rows: ranges running on in one direction */
  t->row_span = malloc((t->nrows + 1) * sizeof *t->row_span);
  text = malloc((t->nlines + t->ncols + 1) * sizeof *text);
  at = malloc((t->nlines + t->ncols + 1) * sizeof *at);
  if (t->row_span == NULL || text == NULL || at == NULL) { rc = nomem(err); goto done; }
  for (i = 0; i < t->nrows; i++) {
    cline *l = &t->lines[t->row[i]];
    (void)parse_span(l->key, &t->row_span[i]);      /* checked when the row was read */
    text[i] = l->key;
    at[i] = l->line;
  }
  rc = check_run(t, t->row_span, t->nrows, text, at, "row", err);
  if (rc != VL_OK) goto done;
  if (!t->has_axis) goto done;

  /* headers, by axis */
  if (t->axis == VL_CHART_TYPE) {
    for (c = 0; c < t->ncols; c++)
      for (i = 0; i < c; i++)
        if (strcmp(first->cell[c], first->cell[i]) == 0) {
          rc = perr(err, t->file, first->at[c], "column name '%s' appears twice",
                    first->cell[c]);
          goto done;
        }
  } else if (t->axis == VL_CHART_ODDS) {
    t->col_ratio = malloc(t->ncols * sizeof *t->col_ratio);
    if (t->col_ratio == NULL) { rc = nomem(err); goto done; }
    for (c = 0; c < t->ncols; c++) {
      ratio *q = &t->col_ratio[c];
      if (parse_ratio(first->cell[c], q) != 0 && too_long_number(first->cell[c])) {
        rc = perr(err, t->file, first->at[c], "bad odds '%s' in column %zu (a number is too "
                  "large: at most 9 digits)", first->cell[c], c + 1);
        goto done;
      }
      if (parse_ratio(first->cell[c], q) != 0) {
        rc = perr(err, t->file, first->at[c], "bad odds '%s' in column %zu (a-b such as 1-2, "
                  "3-1; 'or less' on the first column, '+' or 'or more' on the last)",
                  first->cell[c], c + 1);
        goto done;
      }
      if (q->or_less && c != 0) {
        rc = perr(err, t->file, first->at[c], "odds '%s': only the first column may be 'or "
                  "less'", first->cell[c]);
        goto done;
      }
      if (c > 0 && q->a * t->col_ratio[c - 1].b <= t->col_ratio[c - 1].a * q->b) {
        rc = perr(err, t->file, first->at[c], "odds column '%s' does not rise above '%s' "
                  "(odds columns rise from left to right)", first->cell[c], first->cell[c - 1]);
        goto done;
      }
      if (c + 1 < t->ncols && (strchr(first->cell[c], '+') || strstr(first->cell[c], "more"))) {
        rc = perr(err, t->file, first->at[c], "odds '%s': only the last column may be 'or "
                  "more'", first->cell[c]);
        goto done;
      }
    }
  } else {
    t->col_span = malloc(t->nhdr * t->ncols * sizeof *t->col_span);
    if (t->col_span == NULL) { rc = nomem(err); goto done; }
    for (h = 0; h < t->nhdr; h++) {
      cline *l = &t->lines[t->hdr[h]];
      span *s = &t->col_span[h * t->ncols];
      size_t k = 0;                 /* the cells that are not NA, compacted for the checks */
      span run[64];
      for (c = 0; c < t->ncols; c++) {
        if (!t->plain && (strcmp(l->cell[c], "NA") == 0 || strcmp(l->cell[c], "-") == 0)) {
          s[c].na = 1;
          s[c].lo = 1;
          s[c].hi = 0;
          continue;
        }
        if (parse_span(l->cell[c], &s[c]) != 0 && too_long_number(l->cell[c])) {
          rc = perr(err, t->file, l->at[c], "bad %s '%s' in column %zu of '%s' (a number is too "
                    "large: at most 9 digits)", AXIS_NAMES[t->axis], l->cell[c], c + 1, l->key);
          goto done;
        }
        if (parse_span(l->cell[c], &s[c]) != 0) {
          rc = perr(err, t->file, l->at[c], "bad %s '%s' in column %zu of '%s' (an integer or "
                    "a range such as 1-2, 6+, 2 or less%s)", AXIS_NAMES[t->axis], l->cell[c],
                    c + 1, l->key, t->plain ? "" : ", or NA");
          goto done;
        }
        text[k] = l->cell[c];
        at[k] = l->at[c];
        if (k < sizeof run / sizeof run[0]) run[k] = s[c];
        k++;
      }
      if (k == 0) {
        rc = perr(err, t->file, l->line, "'%s' leads to no column (every cell is NA)", l->key);
        goto done;
      }
      if (k > sizeof run / sizeof run[0]) {
        rc = perr(err, t->file, l->line, "'%s' has more than %zu columns", l->key,
                  sizeof run / sizeof run[0]);
        goto done;
      }
      if (t->plain) {
        rc = check_run(t, run, k, text, at, "column", err);
        if (rc != VL_OK) goto done;
      } else {
        int dir = 0;
        for (i = 1; i < k; i++) {
          int ok;
          if (dir == 0) dir = run[i].lo > run[i - 1].hi ? 1 : -1;
          ok = dir > 0 ? run[i].lo > run[i - 1].hi : run[i].hi < run[i - 1].lo;
          if (!ok) {
            rc = perr(err, t->file, at[i], "'%s': '%s' overlaps or runs against '%s' (ranges "
                      "under a header rise or fall without overlapping)", l->key, text[i],
                      text[i - 1]);
            goto done;
          }
        }
      }
    }
  }
done:
  free(text);
  free(at);
  return rc;
}

/* ---- sets --------------------------------------------------------------------------------- */

vl_chart_set *vl_chart_set_new(void) {
  return calloc(1, sizeof(vl_chart_set));
}

void vl_chart_set_free(vl_chart_set *s) {
  size_t i;
  if (s == NULL) return;
  for (i = 0; i < s->n; i++) chart_free(s->t[i]);
  free(s->t);
  free(s);
}

static int by_name(const void *a, const void *b) {
  return strcmp((*(vl_chart *const *)a)->name, (*(vl_chart *const *)b)->name);
}

int vl_chart_reader_commit(vl_chart_reader *r, vl_error *err) {
  vl_chart_set *s = r->set;
  vl_chart **nt;
  size_t i, j, n = s->n;
  int rc;
  if (r->failed) return vl_error_set(err, VL_EINVAL, NULL, 0, "the reader has failed");
  if (r->cur != NULL && (rc = vl_chart_reader_file_end(r, err)) != VL_OK) return rc;
  nt = malloc((s->n + r->n + 1) * sizeof *nt);      /* the worst case: every table is new */
  if (nt == NULL) return nomem(err);
  if (s->n > 0) memcpy(nt, s->t, s->n * sizeof *nt);
  for (i = 0; i < r->n; i++) {
    vl_chart *t = r->t[i];
    for (j = 0; j < s->n; j++)
      if (strcmp(nt[j]->name, t->name) == 0) break;
    if (j < s->n) {
      chart_free(nt[j]);                             /* a later layer replaces the table */
      nt[j] = t;
    } else {
      nt[n++] = t;
    }
  }
  qsort(nt, n, sizeof *nt, by_name);
  free(s->t);
  s->t = nt;
  s->n = n;
  r->n = 0;                                          /* the set owns them now */
  return VL_OK;
}

size_t vl_chart_set_count(const vl_chart_set *s) {
  return s->n;
}

const vl_chart *vl_chart_set_at(const vl_chart_set *s, size_t i) {
  return i < s->n ? s->t[i] : NULL;
}

const vl_chart *vl_chart_set_find(const vl_chart_set *s, const char *name) {
  size_t lo = 0, hi = s->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(s->t[mid]->name, name);
    if (c == 0) return s->t[mid];
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return NULL;
}

/* ---- reading a table ---------------------------------------------------------------------- */

const char *vl_chart_name(const vl_chart *t) { return t->name; }
const char *vl_chart_title(const vl_chart *t) { return t->title; }
const char *vl_chart_source(const vl_chart *t) { return t->source; }
const char *vl_chart_provisional(const vl_chart *t) { return t->provisional; }
int vl_chart_provisional_line(const vl_chart *t) { return t->provisional_line; }
const char *vl_chart_layer(const vl_chart *t) { return t->layer; }
const char *vl_chart_file(const vl_chart *t) { return t->file; }
int vl_chart_line(const vl_chart *t) { return t->line; }
const char *vl_chart_die(const vl_chart *t) { return t->die; }
const char *vl_chart_rows_by(const vl_chart *t) { return t->rows_by; }
const char *vl_chart_results(const vl_chart *t) { return t->results; }
int vl_chart_results_line(const vl_chart *t) { return t->results_line; }
vl_chart_axis vl_chart_axis_of(const vl_chart *t) { return t->axis; }

const char *vl_chart_axis_name(vl_chart_axis axis) {
  if ((int)axis < 0 || (size_t)axis >= sizeof AXIS_NAMES / sizeof AXIS_NAMES[0]) return NULL;
  return AXIS_NAMES[axis];
}

size_t vl_chart_columns(const vl_chart *t) { return t->ncols; }
size_t vl_chart_rows(const vl_chart *t) { return t->nrows; }

const char *vl_chart_row_label(const vl_chart *t, size_t r) {
  return r < t->nrows ? t->lines[t->row[r]].key : NULL;
}

int vl_chart_row_line(const vl_chart *t, size_t r) {
  return r < t->nrows ? t->lines[t->row[r]].line : 0;
}

const char *vl_chart_cell(const vl_chart *t, size_t r, size_t c) {
  if (r >= t->nrows || c >= t->lines[t->row[r]].n) return NULL;
  return t->lines[t->row[r]].cell[c];
}

int vl_chart_cell_line(const vl_chart *t, size_t r, size_t c) {
  if (r >= t->nrows || c >= t->lines[t->row[r]].n) return 0;
  return t->lines[t->row[r]].at[c];
}

size_t vl_chart_headers(const vl_chart *t) { return t->nhdr; }

const char *vl_chart_header_name(const vl_chart *t, size_t h) {
  if (h >= t->nhdr || t->plain) return NULL;
  return t->lines[t->hdr[h]].key + 7;                /* past "header." */
}

const char *vl_chart_header_cell(const vl_chart *t, size_t h, size_t c) {
  if (h >= t->nhdr || c >= t->ncols) return NULL;
  return t->lines[t->hdr[h]].cell[c];
}

const char *vl_chart_label(const vl_chart *t, size_t c) {
  if (t->labels < 0 || c >= t->ncols) return NULL;
  return t->lines[t->labels].cell[c];
}

int vl_chart_labels_line(const vl_chart *t) {
  return t->labels < 0 ? 0 : t->lines[t->labels].line;
}

/* ---- lookup ------------------------------------------------------------------------------- */

/* The header names of t joined by ", " into buf (for messages). */
static const char *header_list(const vl_chart *t, char *buf, size_t n) {
  size_t h, used = 0;
  buf[0] = '\0';
  for (h = 0; h < t->nhdr && used < n; h++) {
    int k = snprintf(buf + used, n - used, "%s%s", h ? ", " : "", t->lines[t->hdr[h]].key + 7);
    if (k < 0) break;
    used += (size_t)k;
  }
  return buf;
}

int vl_chart_column(const vl_chart *t, const vl_chart_pick *pick, int *column, vl_error *err) {
  size_t c, h = 0;
  const char *noun = AXIS_NAMES[t->axis];
  if (!t->has_axis) return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no columns",
                                        t->name);
  if (pick == NULL)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' needs a column pick", t->name);
  if (t->axis == VL_CHART_TYPE) {
    const cline *l = &t->lines[t->hdr[0]];
    if (pick->name == NULL)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' picks its columns by name",
                          t->name);
    for (c = 0; c < t->ncols; c++)
      if (strcmp(l->cell[c], pick->name) == 0) { *column = (int)c; return VL_OK; }
    return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "table '%s' has no column '%s'", t->name,
                        pick->name);
  }
  if (t->axis == VL_CHART_ODDS) {
    long long a = pick->value, d = pick->against;
    int found = -1;
    if (d <= 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "odds need a defender's total above 0, "
                          "got %d", pick->against);
    if (a < 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "odds need an attacker's total of 0 or "
                          "more, got %d", pick->value);
    for (c = 0; c < t->ncols; c++)          /* the highest column the odds reach */
      if (a * t->col_ratio[c].b >= d * t->col_ratio[c].a) found = (int)c;
    if (found < 0 && t->col_ratio[0].or_less) found = 0;
    if (found < 0)
      return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "table '%s' has no column for odds "
                          "%d-%d", t->name, pick->value, pick->against);
    *column = found;
    return VL_OK;
  }
  if (t->plain) {
    if (pick->header != NULL)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no header '%s'", t->name,
                          pick->header);
  } else {
    char names[160];
    if (pick->header == NULL)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' needs a header to read the %s "
                          "under (%s)", t->name, noun, header_list(t, names, sizeof names));
    for (h = 0; h < t->nhdr; h++)
      if (strcmp(t->lines[t->hdr[h]].key + 7, pick->header) == 0) break;
    if (h == t->nhdr)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no header '%s' (%s)",
                          t->name, pick->header, header_list(t, names, sizeof names));
  }
  for (c = 0; c < t->ncols; c++)
    if (contains(&t->col_span[h * t->ncols + c], pick->value)) { *column = (int)c; return VL_OK; }
  if (t->plain)
    return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "table '%s' has no column for %s %d",
                        t->name, noun, pick->value);
  return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "table '%s' has no column for %s %d under "
                      "'%s'", t->name, noun, pick->value, pick->header);
}

/* Fills *out for row r (or none) and column base + shift clamped; hdr is the header line the
** column label falls back on. */
static void fill(const vl_chart *t, int base, int shift, long row, size_t hdr,
                 vl_chart_result *out) {
  long long want = (long long)base + shift;
  long col = base < 0 ? -1 : (long)(want < 0 ? 0 : want >= (long long)t->ncols
                                    ? (long long)t->ncols - 1 : want);
  memset(out, 0, sizeof *out);
  out->chart = t;
  out->shift = shift;
  out->base_column = base;
  out->column = (int)col;
  out->shift_applied = base < 0 ? 0 : (int)(col - base);
  out->row = (int)row;
  out->row_label = row >= 0 ? t->lines[t->row[row]].key : NULL;
  if (col >= 0) {
    out->column_label = t->labels >= 0 ? t->lines[t->labels].cell[col]
                                       : t->lines[t->hdr[hdr]].cell[col];
  }
  if (row >= 0) out->cell = t->lines[t->row[row]].cell[col < 0 ? 0 : col];
  else out->cell = out->column_label;                /* a table whose labels are results */
}

/* The row holding roll into *row (-1 for a table without rows). */
static int find_row(const vl_chart *t, int roll, long *row, vl_error *err) {
  size_t r;
  *row = -1;
  if (t->nrows == 0) return VL_OK;
  for (r = 0; r < t->nrows; r++)
    if (contains(&t->row_span[r], roll)) { *row = (long)r; return VL_OK; }
  return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "table '%s' has no row for %d", t->name,
                      roll);
}

int vl_chart_lookup(const vl_chart *t, const vl_chart_pick *pick, int shift, int roll,
                    vl_chart_result *out, vl_error *err) {
  int col = -1;
  long row;
  size_t h = 0;
  if (!t->has_axis) {
    if (pick != NULL)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no columns", t->name);
    if (shift != 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no columns to shift",
                          t->name);
  } else {
    int rc = vl_chart_column(t, pick, &col, err);
    if (rc != VL_OK) return rc;
    if (!t->plain && t->axis != VL_CHART_TYPE && t->axis != VL_CHART_ODDS)
      for (h = 0; h < t->nhdr; h++)
        if (strcmp(t->lines[t->hdr[h]].key + 7, pick->header) == 0) break;
  }
  if (find_row(t, roll, &row, err) != VL_OK) return VL_ENOTFOUND;
  fill(t, col, shift, row, h, out);
  return VL_OK;
}

int vl_chart_lookup_at(const vl_chart *t, int column, int shift, int roll,
                       vl_chart_result *out, vl_error *err) {
  long row;
  if (!t->has_axis) return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no columns",
                                        t->name);
  if (column < 0 || (size_t)column >= t->ncols)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "table '%s' has no column %d (it has %zu)",
                        t->name, column + 1, t->ncols);
  if (find_row(t, roll, &row, err) != VL_OK) return VL_ENOTFOUND;
  fill(t, column, shift, row, 0, out);
  return VL_OK;
}
