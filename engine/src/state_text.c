/*
** state_text.c -- the canonical serialisation of the game state (docs/formats.md "The state
** serialisation"), the state hash (XXH3-64 of exactly those bytes) and the parser that reads
** a serialisation back into a store. The text is what `volley dump` prints; the hash is what
** every checkpoint of a save carries. The order of everything is fixed here and nowhere
** else: units by id (the roster's order), fields and markers by name (so reordering
** units.ini changes no hash), stacks by location (hexes in label order), vars and cursor by
** key (value.h keeps maps sorted).
**
** The parser accepts only canonical text: it builds the state into a fresh store, serialises
** that again and compares, so any other spelling of the same facts (a lower-case facing word,
** a marker written as 0, a single-unit stack line) is refused at its line.
*/
#include "volley/state.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "textbuf.h"

/* ---- output ------------------------------------------------------------------------------ */

#define CHUNK 8192   /* bytes buffered between two XXH3 updates while hashing */

static void xxh3_sink(void *ctx, const char *data, size_t n) {
  XXH3_64bits_update((XXH3_state_t *)ctx, data, n);
}

/* A key is written bare when it is made of [A-Za-z0-9_-] only, else quoted. */
static int bare_key(const char *k, size_t len) {
  size_t i;
  if (len == 0) return 0;
  for (i = 0; i < len; i++) {
    char c = k[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-'))
      return 0;
  }
  return 1;
}

static void put_key(vl_tb *o, const char *k, size_t len) {
  if (bare_key(k, len)) vl_tb_put(o, k, len);
  else vl_tb_quoted(o, k, len);
}

/* A hex by its label, or "(q,r)" for a hex that has none. */
static void put_hex(vl_tb *o, const vl_grid *g, vl_hex h) {
  char label[VL_HEX_LABEL_MAX];
  int n = vl_hex_format(g, h, label, sizeof label);
  if (n >= 0) {
    vl_tb_put(o, label, (size_t)n);
    return;
  }
  vl_tb_putc(o, '(');
  vl_tb_i64(o, h.q);
  vl_tb_putc(o, ',');
  vl_tb_i64(o, h.r);
  vl_tb_putc(o, ')');
}

/* ---- the serialisation --------------------------------------------------------------------- */

/* A scalar or an empty container of the value tree. */
static void put_scalar(vl_tb *o, const vl_state *st, const vl_value *v) {
  const vl_roster *r = vl_state_roster(st);
  size_t len;
  const char *s;
  switch (vl_value_type(v)) {
  case VL_V_INT: vl_tb_i64(o, vl_value_get_int(v)); break;
  case VL_V_BOOL: vl_tb_puts(o, vl_value_get_bool(v) ? "true" : "false"); break;
  case VL_V_STR:
    s = vl_value_get_str(v, &len);
    vl_tb_quoted(o, s, len);
    break;
  case VL_V_HEX:
    vl_tb_puts(o, "hex ");
    put_hex(o, vl_state_grid(st), vl_value_get_hex(v));
    break;
  case VL_V_UNIT:
    vl_tb_puts(o, "unit ");
    vl_tb_puts(o, vl_roster_unit(r, vl_value_get_ref(v))->id);
    break;
  case VL_V_SPACE:
  case VL_V_BOX:
    vl_tb_puts(o, vl_value_type(v) == VL_V_SPACE ? "space " : "box ");
    vl_tb_puts(o, vl_roster_place(r, vl_value_get_ref(v), NULL));
    break;
  case VL_V_LIST: vl_tb_puts(o, "[]"); break;
  case VL_V_MAP: vl_tb_puts(o, "{}"); break;
  }
}

/* The lines of the tree v, whose path so far is in path: one line per scalar or empty
** container, "<kw> <path> <value>", in the tree's order (lists in order, maps by key). */
static void put_tree(vl_tb *o, const vl_state *st, const char *kw, vl_tb *path, const vl_value *v) {
  size_t i, n, keep = path->n;
  if (vl_value_type(v) == VL_V_LIST && vl_list_len(v) > 0) {
    for (i = 0, n = vl_list_len(v); i < n; i++) {
      vl_tb_putc(path, '[');
      vl_tb_u64(path, (uint64_t)i + 1);
      vl_tb_putc(path, ']');
      put_tree(o, st, kw, path, vl_list_at(v, i));
      path->n = keep;
    }
  } else if (vl_value_type(v) == VL_V_MAP && vl_map_len(v) > 0) {
    for (i = 0, n = vl_map_len(v); i < n; i++) {
      size_t klen;
      const char *k = vl_map_key(v, i, &klen);
      if (keep > 0) vl_tb_putc(path, '.');
      put_key(path, k, klen);
      put_tree(o, st, kw, path, vl_map_value_at(v, i));
      path->n = keep;
    }
  } else {
    if (path->oom) {
      o->oom = 1;
      return;
    }
    vl_tb_puts(o, kw);
    vl_tb_putc(o, ' ');
    vl_tb_put(o, path->p, path->n);
    vl_tb_putc(o, ' ');
    put_scalar(o, st, v);
    vl_tb_putc(o, '\n');
  }
}

/* The lines of a root map (vars, cursor); none for an empty one. */
static void put_root(vl_tb *o, const vl_state *st, const char *kw, const vl_value *root) {
  vl_tb path;
  memset(&path, 0, sizeof path);
  if (vl_map_len(root) > 0) put_tree(o, st, kw, &path, root);
  if (path.oom) o->oom = 1;
  free(path.p);
}

/* A field or a marker with its " name=" as written, ready to copy: the unit lines repeat
** them, so they are made once per serialisation. */
typedef struct named {
  int index;                   /* the field's or marker's index in the schema */
  const vl_field *fd;          /* fields: the field; markers: NULL */
  char key[VL_NAME_MAX + 3];   /* " name=" */
  size_t keylen;
} named;

static void set_named(named *nm, int index, const vl_field *fd, const char *name) {
  nm->index = index;
  nm->fd = fd;
  nm->keylen = (size_t)snprintf(nm->key, sizeof nm->key, " %s=", name);
  if (nm->keylen >= sizeof nm->key) nm->keylen = sizeof nm->key - 1;   /* names are shorter */
}

/* Sorts nm[0..n) by name (insertion sort: schemas have a few dozen names). */
static void sort_named(named *nm, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    named x = nm[i];
    for (j = i; j > 0 && strcmp(nm[j - 1].key, x.key) > 0; j--) nm[j] = nm[j - 1];
    nm[j] = x;
  }
}

/* A location: "hex L1 [L2 [L3]]", "space ID", "box ID", or the word of an off-board kind. */
static void put_loc(vl_tb *o, const vl_state *st, vl_loc loc, const vl_hex *hexes, int n) {
  int k;
  vl_tb_puts(o, vl_loc_kind_word(loc.kind));
  if (loc.kind == VL_LOC_HEX) {
    for (k = 0; k < n; k++) {
      vl_tb_putc(o, ' ');
      put_hex(o, vl_state_grid(st), hexes[k]);
    }
  } else if (loc.kind == VL_LOC_SPACE || loc.kind == VL_LOC_BOX) {
    vl_tb_putc(o, ' ');
    vl_tb_puts(o, vl_roster_place(vl_state_roster(st), loc.place, NULL));
  }
}

static void put_unit(vl_tb *o, const vl_state *st, int u, const named *fields, int nf,
                     const named *markers, int nm) {
  const vl_roster *r = vl_state_roster(st);
  const vl_schema *sc = vl_state_schema(st);
  const vl_grid *g = vl_state_grid(st);
  const vl_unit *un = vl_roster_unit(r, u);
  vl_hex hexes[VL_FACING_PARTS];
  vl_loc loc;
  vl_facing f;
  int n = vl_state_location(st, u, &loc, hexes), k, of, first = 1, att;
  vl_tb_puts(o, "unit ");
  vl_tb_puts(o, un->id);
  vl_tb_putc(o, ' ');
  put_loc(o, st, loc, hexes, n);
  f = vl_state_facing(st, u);
  vl_tb_puts(o, " facing ");
  vl_tb_puts(o, f.kind == VL_FACING_HEXSIDE  ? vl_hexside_word(g, f.index)
              : f.kind == VL_FACING_VERTEX ? vl_vertex_word(g, f.index)
                                           : "-");
  vl_tb_puts(o, " model ");
  for (k = 0; k < (n > 1 ? n : 1); k++) {
    if (k > 0) vl_tb_putc(o, ',');
    vl_tb_puts(o, vl_schema_model(sc, vl_state_model(st, u, k))->name);
  }
  att = vl_state_attached(st, u);
  if (att >= 0) {
    vl_tb_puts(o, " attached ");
    vl_tb_puts(o, vl_roster_command(r, att)->id);
  }
  if (vl_state_hidden(st, u)) vl_tb_puts(o, " hidden");
  of = (un->classes & VL_CLASS_LEADER) ? VL_OF_LEADER : VL_OF_UNIT;
  for (k = 0; k < nf; k++) {   /* as vl_field_format writes them */
    const vl_field *fd = fields[k].fd;
    int v;
    if (!(fd->of & of) || fd->type == VL_FIELD_STRING) continue;
    v = vl_state_value(st, u, fields[k].index);
    vl_tb_put(o, fields[k].key, fields[k].keylen);
    if (fd->type == VL_FIELD_BOOL) vl_tb_puts(o, v ? "yes" : "no");
    else if (fd->type == VL_FIELD_ENUM) vl_tb_puts(o, v >= 0 && v < fd->n_values ? fd->values[v] : "?");
    else vl_tb_i64(o, v);
  }
  for (k = 0; k < nm; k++) {
    int v = vl_state_marker(st, u, markers[k].index);
    if (v == 0) continue;
    if (first) vl_tb_puts(o, " markers");
    first = 0;
    vl_tb_put(o, markers[k].key, markers[k].keylen);
    vl_tb_i64(o, v);
  }
  vl_tb_putc(o, '\n');
}

/* A location with its sort key: kind, then column and row of a hex (label order) or the place
** index (id order). */
typedef struct lockey {
  int kind, a, b;
  vl_loc loc;
} lockey;

static int lockey_cmp(const void *x, const void *y) {
  const lockey *p = x, *q = y;
  if (p->kind != q->kind) return p->kind < q->kind ? -1 : 1;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  if (p->b != q->b) return p->b < q->b ? -1 : 1;
  return 0;
}

/* The stack lines: every location holding two units or more, top first. Each such stack is
** found through its top unit, in one pass over the units; only those stacks are sorted. */
static void put_stacks(vl_tb *o, const vl_state *st) {
  const vl_roster *r = vl_state_roster(st);
  const vl_grid *g = vl_state_grid(st);
  int n_units = vl_roster_unit_count(r), cap = VL_FACING_PARTS * n_units + 1, n = 0, u, i, k, c;
  lockey *keys = malloc(sizeof *keys * (size_t)cap);
  int *ids = malloc(sizeof *ids * (size_t)(n_units + 1));
  if (keys == NULL || ids == NULL) {
    o->oom = 1;
    goto done;
  }
  for (u = 0; u < n_units; u++) {
    vl_hex hexes[VL_FACING_PARTS];
    vl_loc loc;
    int parts = vl_state_location(st, u, &loc, hexes);
    if (loc.kind == VL_LOC_NONE) continue;
    for (k = 0; k < (parts > 0 ? parts : 1); k++) {
      lockey *key = &keys[n];
      key->loc = parts > 0 ? vl_loc_hex(hexes[k]) : loc;
      if (vl_state_top(st, key->loc) != u || vl_state_stack(st, key->loc, ids, 2) < 2) continue;
      key->kind = key->loc.kind;
      key->a = key->b = 0;
      if (key->kind == VL_LOC_HEX) vl_hex_to_offset(g, key->loc.hex, &key->a, &key->b);
      else if (key->kind == VL_LOC_SPACE || key->kind == VL_LOC_BOX) key->a = key->loc.place;
      n++;
    }
  }
  qsort(keys, (size_t)n, sizeof *keys, lockey_cmp);
  for (i = 0; i < n; i++) {
    c = vl_state_stack(st, keys[i].loc, ids, n_units + 1);
    vl_tb_puts(o, "stack ");
    put_loc(o, st, keys[i].loc, &keys[i].loc.hex, 1);
    for (k = 0; k < c && k <= n_units; k++) {
      vl_tb_putc(o, ' ');
      vl_tb_puts(o, vl_roster_unit(r, ids[k])->id);
    }
    vl_tb_putc(o, '\n');
  }
done:
  free(keys);
  free(ids);
}

/* Writes the whole serialisation into o. */
static void serialize(vl_tb *o, const vl_state *st) {
  const vl_schema *sc = vl_state_schema(st);
  int nf = vl_schema_field_count(sc), nm = vl_schema_marker_count(sc);
  int n_units = vl_roster_unit_count(vl_state_roster(st)), u, i;
  named *names = malloc(sizeof *names * (size_t)(nf + nm + 1));
  vl_dice_state d = vl_dice_get_state(vl_state_dice_const(st));
  if (names == NULL) {
    o->oom = 1;
    return;
  }
  for (i = 0; i < nf; i++) set_named(&names[i], i, vl_schema_field(sc, i), vl_schema_field(sc, i)->name);
  for (i = 0; i < nm; i++) set_named(&names[nf + i], i, NULL, vl_schema_marker(sc, i)->name);
  sort_named(names, nf);
  sort_named(names + nf, nm);

  vl_tb_puts(o, "volley-state ");
  vl_tb_u64(o, VL_STATE_FORMAT);
  vl_tb_putc(o, '\n');
  put_root(o, st, "cursor", vl_state_cursor(st));
  vl_tb_puts(o, "dice state ");
  vl_tb_hex64(o, d.gen.state);
  vl_tb_puts(o, " inc ");
  vl_tb_hex64(o, d.gen.inc);
  vl_tb_puts(o, " count ");
  vl_tb_u64(o, d.count);
  vl_tb_puts(o, " forced ");
  vl_tb_u64(o, d.forced);
  vl_tb_putc(o, '\n');
  for (u = 0; u < n_units && !o->oom; u++) put_unit(o, st, u, names, nf, names + nf, nm);
  put_stacks(o, st);
  put_root(o, st, "var", vl_state_vars_const(st));
  free(names);
}

char *vl_state_serialize(const vl_state *st, size_t *len) {
  vl_tb o;
  memset(&o, 0, sizeof o);
  serialize(&o, st);
  if (vl_tb_text(&o) == NULL) {
    free(o.p);
    return NULL;
  }
  if (len != NULL) *len = o.n;
  return o.p;
}

int vl_state_hash(const vl_state *st, char hex[VL_STATE_HASH_MAX], uint64_t *h) {
  static const char digits[] = "0123456789abcdef";
  char chunk[CHUNK];
  XXH3_state_t *xs = XXH3_createState();
  vl_tb o;
  uint64_t v;
  int i;
  if (xs == NULL) return VL_ENOMEM;
  XXH3_64bits_reset(xs);
  memset(&o, 0, sizeof o);
  o.p = chunk;
  o.cap = sizeof chunk;
  o.sink = xxh3_sink;
  o.ctx = xs;
  serialize(&o, st);
  vl_tb_flush(&o);
  v = XXH3_64bits_digest(xs);
  XXH3_freeState(xs);
  if (o.oom) return VL_ENOMEM;
  if (h != NULL) *h = v;
  for (i = 15; i >= 0; i--) {
    hex[i] = digits[v & 15u];
    v >>= 4;
  }
  hex[16] = '\0';
  return VL_OK;
}

/* ---- the parser ---------------------------------------------------------------------------- */

#define TOKEN_MAX 512   /* the longest token outside quotes: ids, labels, name=value pairs */

enum { S_HEAD, S_CURSOR, S_DICE, S_UNIT, S_STACK, S_VAR };
static const char *const section_words[] = {"volley-state", "cursor", "dice", "unit", "stack",
                                             "var"};

typedef struct parser {
  vl_state *st;         /* the fresh store the text is read into */
  vl_value *cursor;     /* the cursor being read (owned until handed to st) */
  const vl_roster *r;
  const vl_schema *sc;
  const vl_grid *g;
  const char *name;
  vl_error *err;
  int line;
  const char *p, *e;    /* the rest of the current line (e: its '\n') */
  int next_unit;        /* unit lines come in id order: the one expected next */
  int *ids;             /* room for a stack line's units */
  vl_tb key[2];           /* decoded keys and strings */
} parser;

/* printf arguments for at most n bytes of the line from s: "%.*s" */
#define SHOW(ps, s, n) (int)((ps)->e - (s) < (n) ? (ps)->e - (s) : (n)), (s)

static int fail(parser *ps, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;

static int fail(parser *ps, const char *fmt, ...) {
  char msg[VL_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vl_error_set(ps->err, VL_EPARSE, ps->name, ps->line, "%s", msg);
}

static int nomem(parser *ps) {
  return vl_error_set(ps->err, VL_ENOMEM, ps->name, ps->line, "not enough memory");
}

/* Takes the next token (bytes up to a space or the end of the line) into tok, and the space
** after it. VL_OK, or VL_EPARSE naming `what` was expected. */
static int token(parser *ps, char tok[TOKEN_MAX], const char *what) {
  const char *s = ps->p;
  size_t n;
  while (ps->p < ps->e && *ps->p != ' ') ps->p++;
  n = (size_t)(ps->p - s);
  if (n == 0) return fail(ps, "%s expected", what);
  if (n >= TOKEN_MAX) return fail(ps, "%s expected: '%.40s...' is too long", what, s);
  memcpy(tok, s, n);
  tok[n] = '\0';
  if (ps->p < ps->e) ps->p++;   /* the space */
  return VL_OK;
}

/* Takes the word w and its space; VL_EPARSE when the next token is another. */
static int keyword(parser *ps, const char *w) {
  char tok[TOKEN_MAX];
  int rc = token(ps, tok, w);
  if (rc != VL_OK) return fail(ps, "'%s' expected", w);
  if (strcmp(tok, w) != 0) return fail(ps, "'%s' expected, not '%s'", w, tok);
  return VL_OK;
}

/* 1 when the next token is w (nothing taken). */
static int next_is(const parser *ps, const char *w) {
  size_t n = strlen(w);
  return (size_t)(ps->e - ps->p) >= n && memcmp(ps->p, w, n) == 0 &&
         (ps->p + n == ps->e || ps->p[n] == ' ');
}

static int at_end(parser *ps) {
  if (ps->p == ps->e) return VL_OK;
  if (*ps->p == ' ' && ps->p + 1 < ps->e) ps->p++;
  return fail(ps, "unexpected '%.*s' at the end of the line", SHOW(ps, ps->p, 40));
}

/* A decimal integer in [lo, hi]: an optional '-', then digits. */
static int parse_int(parser *ps, const char *s, int64_t lo, int64_t hi, int64_t *out_v) {
  const char *q = s;
  int neg = 0;
  uint64_t v = 0, lim;
  if (*q == '-') neg = 1, q++;
  if (*q < '0' || *q > '9') return fail(ps, "'%.40s' is not an integer", s);
  lim = neg ? (uint64_t)0 - (uint64_t)lo : (uint64_t)hi;
  for (; *q >= '0' && *q <= '9'; q++) {
    v = v * 10 + (uint64_t)(*q - '0');
    if (v > lim) return fail(ps, "%.40s is out of range (%lld to %lld)", s, (long long)lo, (long long)hi);
  }
  if (*q != '\0') return fail(ps, "'%.40s' is not an integer", s);
  *out_v = neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
  return VL_OK;
}

static int parse_u64(parser *ps, const char *s, uint64_t *out_v) {
  uint64_t v = 0;
  const char *q = s;
  if (*q < '0' || *q > '9') return fail(ps, "'%.40s' is not a count", s);
  for (; *q >= '0' && *q <= '9'; q++) {
    unsigned d = (unsigned)(*q - '0');
    if (v > (UINT64_MAX - d) / 10) return fail(ps, "%.40s is out of range", s);
    v = v * 10 + d;
  }
  if (*q != '\0') return fail(ps, "'%.40s' is not a count", s);
  *out_v = v;
  return VL_OK;
}

/* 16 lower-case hex digits. */
static int parse_hex64(parser *ps, const char *s, uint64_t *out_v) {
  uint64_t v = 0;
  int i;
  for (i = 0; i < 16; i++) {
    char c = s[i];
    if (c >= '0' && c <= '9') v = (v << 4) | (uint64_t)(c - '0');
    else if (c >= 'a' && c <= 'f') v = (v << 4) | (uint64_t)(c - 'a' + 10);
    else break;
  }
  if (i != 16 || s[16] != '\0') return fail(ps, "'%.40s' is not 16 lower-case hex digits", s);
  *out_v = v;
  return VL_OK;
}

/* A hex: a label of the grid, or "(q,r)". */
static int parse_hex(parser *ps, const char *s, vl_hex *h) {
  vl_error e;
  if (s[0] == '(') {
    int64_t q, r;
    char buf[TOKEN_MAX], *comma, *close;
    snprintf(buf, sizeof buf, "%s", s + 1);
    comma = strchr(buf, ',');
    close = strchr(buf, ')');
    if (comma == NULL || close == NULL || close[1] != '\0' || close < comma)
      return fail(ps, "'%.40s' is not a hex", s);
    *comma = *close = '\0';
    if (parse_int(ps, buf, -VL_HEX_COORD_MAX, VL_HEX_COORD_MAX, &q) != VL_OK ||
        parse_int(ps, comma + 1, -VL_HEX_COORD_MAX, VL_HEX_COORD_MAX, &r) != VL_OK)
      return fail(ps, "'%.40s' is not a hex", s);
    h->q = (int)q;
    h->r = (int)r;
    return VL_OK;
  }
  if (vl_hex_parse(ps->g, s, h, &e) != VL_OK) return fail(ps, "%s", e.msg);
  return VL_OK;
}

/* A place id of the kind VL_LOC_SPACE or VL_LOC_BOX. */
static int parse_place(parser *ps, const char *s, int loc_kind, int *place) {
  int kind = 0, p = vl_roster_find_place(ps->r, s, &kind);
  int want = loc_kind == VL_LOC_SPACE ? VL_PLACE_SPACE : VL_PLACE_BOX;
  if (p < 0 || kind != want)
    return fail(ps, "no %s '%s'", loc_kind == VL_LOC_SPACE ? "track space" : "box", s);
  *place = p;
  return VL_OK;
}

/* A location: a kind word, then for a hex 1..max_hexes labels, for a space or a box its id. */
static int parse_loc(parser *ps, vl_loc *loc, vl_hex *hexes, int *n, int max_hexes) {
  char tok[TOKEN_MAX];
  int kind, rc = token(ps, tok, "a location");
  if (rc != VL_OK) return rc;
  kind = vl_loc_kind_parse(tok);
  if (kind < 0) return fail(ps, "unknown location '%s'", tok);
  *loc = vl_loc_off(VL_LOC_NONE);
  *n = 0;
  if (kind == VL_LOC_HEX) {
    while (*n == 0 || (*n < max_hexes && ps->p < ps->e &&
                       ((*ps->p >= '0' && *ps->p <= '9') || *ps->p == '('))) {
      if ((rc = token(ps, tok, "a hex")) != VL_OK) return rc;
      if ((rc = parse_hex(ps, tok, &hexes[*n])) != VL_OK) return rc;
      (*n)++;
    }
    *loc = vl_loc_hex(hexes[0]);
  } else if (kind == VL_LOC_SPACE || kind == VL_LOC_BOX) {
    int place = 0;
    if ((rc = token(ps, tok, kind == VL_LOC_SPACE ? "a track space" : "a box")) != VL_OK) return rc;
    if ((rc = parse_place(ps, tok, kind, &place)) != VL_OK) return rc;
    *loc = vl_loc_place(kind, place);
  } else {
    *loc = vl_loc_off(kind);
  }
  return VL_OK;
}

/* A store refusal (its message names the unit). */
static int refused(parser *ps, const vl_error *e) {
  return fail(ps, "%s", e->msg);
}

/* unit <id> <location> facing <word> model <m>[,<m>...] [attached <c>] [hidden]
**   <field>=<value>... [markers <marker>=<n>...] */
static int unit_line(parser *ps) {
  char tok[TOKEN_MAX], *m, *comma;
  vl_hex hexes[VL_FACING_PARTS];
  vl_loc loc;
  vl_facing f;
  vl_error e;
  int u, n, k, rc, parts, markers = 0, models[VL_FACING_PARTS];
  const vl_unit *un;
  if ((rc = token(ps, tok, "a unit id")) != VL_OK) return rc;
  u = vl_roster_find_unit(ps->r, tok);
  if (u < 0) return fail(ps, "unknown unit '%s'", tok);
  if (u < ps->next_unit) return fail(ps, "unit '%s' out of order (units come once each, in id order)", tok);
  if (u > ps->next_unit)
    return fail(ps, "unit '%s' is missing before '%s' (every unit has a line, in id order)",
                vl_roster_unit(ps->r, ps->next_unit)->id, tok);
  ps->next_unit++;
  un = vl_roster_unit(ps->r, u);
  if ((rc = parse_loc(ps, &loc, hexes, &n, VL_FACING_PARTS)) != VL_OK) return rc;
  if (loc.kind != VL_LOC_NONE && vl_state_place(ps->st, u, loc, hexes, n, -1, &e) != VL_OK)
    return refused(ps, &e);
  if ((rc = keyword(ps, "facing")) != VL_OK) return rc;
  if ((rc = token(ps, tok, "a facing")) != VL_OK) return rc;
  f.kind = VL_FACING_NONE;
  f.index = 0;
  if (strcmp(tok, "-") != 0) {
    f.kind = strchr(tok, '/') ? VL_FACING_VERTEX : VL_FACING_HEXSIDE;
    f.index = f.kind == VL_FACING_VERTEX ? vl_vertex_index(ps->g, tok) : vl_hexside_dir(ps->g, tok);
    if (f.index < 0) return fail(ps, "unknown facing '%s'", tok);
  }
  if ((rc = keyword(ps, "model")) != VL_OK) return rc;
  if ((rc = token(ps, tok, "a facing model")) != VL_OK) return rc;
  parts = n > 1 ? n : 1;
  for (k = 0, m = tok; m != NULL; k++, m = comma ? comma + 1 : NULL) {
    comma = strchr(m, ',');
    if (comma) *comma = '\0';
    if (k == parts) return fail(ps, "%s: more models than its %d part%s", un->id, parts, parts > 1 ? "s" : "");
    models[k] = vl_schema_find_model(ps->sc, m);
    if (models[k] < 0) return fail(ps, "unknown facing model '%s'", m);
  }
  if (k < parts) return fail(ps, "%s: %d model%s for its %d parts", un->id, k, k > 1 ? "s" : "", parts);
  for (k = 0; k < parts; k++)
    if (vl_state_set_model(ps->st, u, k, models[k], &e) != VL_OK) return refused(ps, &e);
  if (vl_state_set_facing(ps->st, u, f, -1, &e) != VL_OK) return refused(ps, &e);
  if (next_is(ps, "attached")) {
    int c;
    keyword(ps, "attached");
    if ((rc = token(ps, tok, "a command")) != VL_OK) return rc;
    c = vl_roster_find_command(ps->r, tok);
    if (c < 0) return fail(ps, "unknown command '%s'", tok);
    if (vl_state_attach(ps->st, u, c, &e) != VL_OK) return refused(ps, &e);
  }
  if (next_is(ps, "hidden")) {
    keyword(ps, "hidden");
    vl_state_set_hidden(ps->st, u, 1);
  }
  while (ps->p < ps->e) {
    char *eq;
    if (!markers && next_is(ps, "markers")) {
      keyword(ps, "markers");
      markers = 1;
      continue;
    }
    if ((rc = token(ps, tok, "name=value")) != VL_OK) return rc;
    eq = strchr(tok, '=');
    if (eq == NULL) return fail(ps, "'%s' is not name=value", tok);
    *eq = '\0';
    if (markers) {
      int mk = vl_schema_find_marker(ps->sc, tok);
      int64_t v;
      if (mk < 0) return fail(ps, "unknown marker '%s'", tok);
      if ((rc = parse_int(ps, eq + 1, -2147483647 - 1, 2147483647, &v)) != VL_OK) return rc;
      if (vl_state_set_marker(ps->st, u, mk, (int)v, &e) != VL_OK) return refused(ps, &e);
    } else {
      int fi = vl_schema_find_field(ps->sc, tok), v;
      const vl_field *fd;
      if (fi < 0) return fail(ps, "unknown field '%s'", tok);
      fd = vl_schema_field(ps->sc, fi);
      if (fd->type == VL_FIELD_STRING) return fail(ps, "'%s' is text of the roster, not state", tok);
      if (vl_field_parse(fd, eq + 1, &v, &e) != VL_OK) return fail(ps, "%s: %s", un->id, e.msg);
      if (vl_state_set_value(ps->st, u, fi, v, &e) != VL_OK) return fail(ps, "%s", e.msg);
    }
  }
  return VL_OK;
}

/* stack <location> <id> <id>... (top first) */
static int stack_line(parser *ps) {
  char tok[TOKEN_MAX];
  vl_hex hex;
  vl_loc loc;
  vl_error e;
  int n, k = 0, rc, n_units = vl_roster_unit_count(ps->r);
  if ((rc = parse_loc(ps, &loc, &hex, &n, 1)) != VL_OK) return rc;
  if (loc.kind == VL_LOC_NONE) return fail(ps, "units that are not placed stand in no stack");
  while (ps->p < ps->e) {
    int u;
    if ((rc = token(ps, tok, "a unit id")) != VL_OK) return rc;
    u = vl_roster_find_unit(ps->r, tok);
    if (u < 0) return fail(ps, "unknown unit '%s'", tok);
    if (k == n_units) return fail(ps, "more units than the roster has");
    ps->ids[k++] = u;
  }
  if (vl_state_reorder(ps->st, loc, ps->ids, k, &e) != VL_OK) return fail(ps, "%s", e.msg);
  return VL_OK;
}

/* dice state <16 hex> inc <16 hex> count <n> forced <n> */
static int dice_line(parser *ps) {
  char tok[TOKEN_MAX];
  vl_dice_state d;
  vl_error e;
  int rc;
  if ((rc = keyword(ps, "state")) != VL_OK || (rc = token(ps, tok, "the generator state")) != VL_OK ||
      (rc = parse_hex64(ps, tok, &d.gen.state)) != VL_OK || (rc = keyword(ps, "inc")) != VL_OK ||
      (rc = token(ps, tok, "the increment")) != VL_OK || (rc = parse_hex64(ps, tok, &d.gen.inc)) != VL_OK ||
      (rc = keyword(ps, "count")) != VL_OK || (rc = token(ps, tok, "the roll count")) != VL_OK ||
      (rc = parse_u64(ps, tok, &d.count)) != VL_OK || (rc = keyword(ps, "forced")) != VL_OK ||
      (rc = token(ps, tok, "the forced count")) != VL_OK || (rc = parse_u64(ps, tok, &d.forced)) != VL_OK)
    return rc;
  if (vl_dice_set_state(vl_state_dice(ps->st), &d, &e) != VL_OK) return fail(ps, "%s", e.msg);
  return VL_OK;
}

/* A quoted string at ps->p, decoded into o (from its start). */
static int parse_quoted(parser *ps, vl_tb *o) {
  char why[96];
  o->n = 0;
  if (vl_tb_unquote(&ps->p, ps->e, o, why) != 0) return fail(ps, "%s", why);
  if (o->oom) return nomem(ps);
  return VL_OK;
}

/* A path component's key, bare or quoted, decoded into o. */
static int parse_key(parser *ps, vl_tb *o) {
  const char *s = ps->p;
  if (ps->p < ps->e && *ps->p == '"') return parse_quoted(ps, o);
  while (ps->p < ps->e && bare_key(ps->p, 1)) ps->p++;
  if (ps->p == s) return fail(ps, "a key expected at '%.*s'", SHOW(ps, s, 40));
  o->n = 0;
  vl_tb_put(o, s, (size_t)(ps->p - s));
  if (o->oom) return nomem(ps);
  return VL_OK;
}

/* A list index "[n]", n >= 1. */
static int parse_index(parser *ps, size_t *i) {
  uint64_t v = 0;
  const char *s = ps->p++;
  while (ps->p < ps->e && *ps->p >= '0' && *ps->p <= '9' && v < 100000000) v = v * 10 + (uint64_t)(*ps->p++ - '0');
  if (ps->p == ps->e || *ps->p != ']' || v == 0 || s[1] == '0') return fail(ps, "a list index [1], [2] ... expected at '%.*s'", SHOW(ps, s, 20));
  ps->p++;
  *i = (size_t)v;
  return VL_OK;
}

/* A value: an integer, true, false, a string, hex/unit/space/box <id>, {} or []. NULL on
** error (reported). */
static vl_value *parse_value(parser *ps) {
  char tok[TOKEN_MAX];
  vl_value *v = NULL;
  if (ps->p < ps->e && *ps->p == '"') {
    if (parse_quoted(ps, &ps->key[0]) != VL_OK) return NULL;
    v = vl_value_str(ps->key[0].p ? ps->key[0].p : "", ps->key[0].n);
  } else {
    int64_t n;
    if (token(ps, tok, "a value") != VL_OK) return NULL;
    if ((tok[0] >= '0' && tok[0] <= '9') || tok[0] == '-') {
      if (parse_int(ps, tok, -VL_VALUE_INT_MAX, VL_VALUE_INT_MAX, &n) != VL_OK) return NULL;
      v = vl_value_int(n);
    } else if (strcmp(tok, "true") == 0 || strcmp(tok, "false") == 0) {
      v = vl_value_bool(tok[0] == 't');
    } else if (strcmp(tok, "{}") == 0) {
      v = vl_value_map();
    } else if (strcmp(tok, "[]") == 0) {
      v = vl_value_list();
    } else if (strcmp(tok, "hex") == 0) {
      vl_hex h;
      if (token(ps, tok, "a hex") != VL_OK || parse_hex(ps, tok, &h) != VL_OK) return NULL;
      v = vl_value_hex(h);
    } else if (strcmp(tok, "unit") == 0) {
      int u;
      if (token(ps, tok, "a unit id") != VL_OK) return NULL;
      u = vl_roster_find_unit(ps->r, tok);
      if (u < 0) return fail(ps, "unknown unit '%s'", tok), NULL;
      v = vl_value_ref(VL_V_UNIT, u);
    } else if (strcmp(tok, "space") == 0 || strcmp(tok, "box") == 0) {
      int kind = tok[0] == 's' ? VL_LOC_SPACE : VL_LOC_BOX, place = 0;
      if (token(ps, tok, kind == VL_LOC_SPACE ? "a track space" : "a box") != VL_OK ||
          parse_place(ps, tok, kind, &place) != VL_OK)
        return NULL;
      v = vl_value_ref(kind == VL_LOC_SPACE ? VL_V_SPACE : VL_V_BOX, place);
    } else {
      return fail(ps, "'%s' is not a value", tok), NULL;
    }
  }
  if (v == NULL) return nomem(ps), NULL;
  if (at_end(ps) != VL_OK) {
    vl_value_free(v);
    return NULL;
  }
  return v;
}

#define KEY(o) ((o).p ? (o).p : ""), (o).n

/* var|cursor <path> <value>: the path's first component is a key; then ".key" and "[n]".
** Containers on the way are made as the next component asks (a map for a key, a list for an
** index); a list grows one item at a time, in order; a value is set once. */
static int tree_line(parser *ps, vl_value *root) {
  vl_value *cur = root, *v;
  int cur_key = 0, rc;     /* ps->key[cur_key] holds the pending key */
  int is_index = 0;        /* the pending component is an index (else a key) */
  size_t index = 0;
  if ((rc = parse_key(ps, &ps->key[cur_key])) != VL_OK) return rc;
  for (;;) {
    int next_index, nk = 1 - cur_key;
    size_t next_i = 0;
    vl_value *child;
    if (ps->p < ps->e && *ps->p == ' ') break;
    if (ps->p < ps->e && *ps->p == '.') {
      ps->p++;
      next_index = 0;
      if ((rc = parse_key(ps, &ps->key[nk])) != VL_OK) return rc;
    } else if (ps->p < ps->e && *ps->p == '[') {
      next_index = 1;
      if ((rc = parse_index(ps, &next_i)) != VL_OK) return rc;
    } else {
      return fail(ps, "a path goes on with .key or [n], or ends with a space");
    }
    /* descend into (or make) the container the pending component names */
    if (!is_index) {
      child = vl_map_get(cur, KEY(ps->key[cur_key]));
      if (child == NULL) {
        child = next_index ? vl_value_list() : vl_value_map();
        if (child == NULL || vl_map_set(cur, KEY(ps->key[cur_key]), child) != VL_OK)
          return nomem(ps);
      }
    } else {
      size_t len = vl_list_len(cur);
      if (index > len + 1)
        return fail(ps, "list item [%lu] out of order (expected [%lu])", (unsigned long)index,
                    (unsigned long)len + 1);
      if (index == len + 1) {
        child = next_index ? vl_value_list() : vl_value_map();
        if (child == NULL || vl_list_push(cur, child) != VL_OK) return nomem(ps);
      } else {
        child = vl_list_at(cur, index - 1);
      }
    }
    if (vl_value_type(child) != (next_index ? VL_V_LIST : VL_V_MAP))
      return fail(ps, "the path goes through a value that is not a %s", next_index ? "list" : "map");
    cur = child;
    is_index = next_index;
    index = next_i;
    if (!next_index) cur_key = nk;
  }
  ps->p++;   /* the space before the value */
  if (!is_index && vl_map_get(cur, KEY(ps->key[cur_key])) != NULL)
    return fail(ps, "the same path is given twice");
  if (is_index && index != vl_list_len(cur) + 1)
    return fail(ps, "list item [%lu] out of order (expected [%lu])", (unsigned long)index,
                (unsigned long)vl_list_len(cur) + 1);
  {
    /* the key may be overwritten by a string value: keep it */
    vl_tb saved;
    memset(&saved, 0, sizeof saved);
    if (!is_index) {
      vl_tb_put(&saved, KEY(ps->key[cur_key]));
      if (saved.oom) return nomem(ps);
    }
    v = parse_value(ps);
    if (v == NULL) {
      free(saved.p);
      return ps->err ? ps->err->code : VL_EPARSE;
    }
    if (!is_index) rc = vl_map_set(cur, KEY(saved), v);
    else rc = vl_list_push(cur, v);
    free(saved.p);
    if (rc != VL_OK) return nomem(ps);
  }
  return VL_OK;
}

/* The number of the first line where a and b differ (1-based), and that line of b. */
static int first_difference(const char *a, size_t na, const char *b, size_t nb,
                            const char **line_b, size_t *len_b) {
  size_t i = 0, start = 0;
  int line = 1;
  while (i < na && i < nb && a[i] == b[i]) {
    if (a[i] == '\n') {
      line++;
      start = i + 1;
    }
    i++;
  }
  *line_b = b + start;
  *len_b = 0;
  while (start + *len_b < nb && b[start + *len_b] != '\n') (*len_b)++;
  return line;
}

/* Reads every line of text into ps->st. */
static int parse_lines(parser *ps, const char *text, size_t len) {
  const char *p = text, *end = text + len;
  int section = S_HEAD, dice = 0, rc;
  char tok[TOKEN_MAX];
  int n_units = vl_roster_unit_count(ps->r);
  if (len == 0) {
    ps->line = 1;
    return fail(ps, "empty text: 'volley-state %d' expected", VL_STATE_FORMAT);
  }
  for (ps->line = 1; p < end; ps->line++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    int s;
    if (nl == NULL) return fail(ps, "the last line has no end of line (the text is cut short?)");
    ps->p = p;
    ps->e = nl;
    p = nl + 1;
    if (ps->e > ps->p && ps->e[-1] == '\r') return fail(ps, "a carriage return ends the line (lines end with LF only)");
    if ((rc = token(ps, tok, "a line")) != VL_OK) return rc;
    for (s = 0; s < 6 && strcmp(tok, section_words[s]) != 0; s++) {}
    if (s == 6) return fail(ps, "unknown line '%.40s'", tok);
    if (ps->line == 1) {
      int64_t v;
      if (s != S_HEAD) return fail(ps, "'volley-state %d' expected", VL_STATE_FORMAT);
      if ((rc = token(ps, tok, "a format version")) != VL_OK) return rc;
      if (parse_int(ps, tok, 0, 1000000, &v) != VL_OK || v != VL_STATE_FORMAT)
        return fail(ps, "state format '%.20s' is not supported (this volley reads %d)", tok, VL_STATE_FORMAT);
      if ((rc = at_end(ps)) != VL_OK) return rc;
      continue;
    }
    if (s == S_HEAD) return fail(ps, "a second 'volley-state' line");
    if (s < section || (s == S_DICE && dice))
      return fail(ps, "'%s' line after the '%s' lines (the order is cursor, dice, unit, stack, var)",
                  section_words[s], section_words[section]);
    if (s > S_DICE && !dice) return fail(ps, "'%s' line before the dice line", section_words[s]);
    if (s > S_UNIT && ps->next_unit < n_units)
      return fail(ps, "unit '%s' is missing (every unit has a line, in id order)",
                  vl_roster_unit(ps->r, ps->next_unit)->id);
    section = s;
    switch (s) {
    case S_CURSOR: rc = tree_line(ps, ps->cursor); break;
    case S_DICE: rc = dice_line(ps); dice = 1; if (rc == VL_OK) rc = at_end(ps); break;
    case S_UNIT: rc = unit_line(ps); break;
    case S_STACK: rc = stack_line(ps); break;
    default: rc = tree_line(ps, vl_state_vars(ps->st)); break;
    }
    if (rc != VL_OK) return rc;
  }
  if (!dice) return fail(ps, "no dice line");
  if (ps->next_unit < n_units)
    return fail(ps, "unit '%s' is missing (every unit has a line, in id order)",
                vl_roster_unit(ps->r, ps->next_unit)->id);
  return VL_OK;
}

int vl_state_deserialize(vl_state *st, const char *text, size_t len, const char *name,
                         vl_error *err) {
  parser ps;
  vl_error local;
  int rc;
  memset(&ps, 0, sizeof ps);
  if (err == NULL) err = &local;
  ps.err = err;
  ps.name = name;
  ps.r = vl_state_roster(st);
  ps.sc = vl_state_schema(st);
  ps.g = vl_state_grid(st);
  ps.st = vl_state_new_like(st);
  ps.cursor = vl_value_map();
  ps.ids = malloc(sizeof *ps.ids * (size_t)(vl_roster_unit_count(ps.r) + 1));
  if (ps.st == NULL || ps.cursor == NULL || ps.ids == NULL) {
    rc = vl_error_set(err, VL_ENOMEM, name, 0, "not enough memory");
    goto done;
  }
  rc = parse_lines(&ps, text, len);
  if (rc == VL_OK) {
    rc = vl_state_set_cursor(ps.st, ps.cursor, err);   /* a map: cannot fail */
    ps.cursor = NULL;
  }
  if (rc == VL_OK) {
    size_t n;
    char *again = vl_state_serialize(ps.st, &n);
    if (again == NULL) {
      rc = vl_error_set(err, VL_ENOMEM, name, 0, "not enough memory");
    } else if (n != len || memcmp(again, text, n) != 0) {
      const char *want;
      size_t wlen;
      int line = first_difference(text, len, again, n, &want, &wlen);
      if (wlen == 0 && want == again + n)
        rc = vl_error_set(err, VL_EPARSE, name, line, "not canonical: the text should end here");
      else
        rc = vl_error_set(err, VL_EPARSE, name, line, "not canonical: expected '%.*s'",
                          (int)(wlen > 160 ? 160 : wlen), want);
    }
    free(again);
  }
  if (rc == VL_OK) {
    rc = vl_state_restore(st, ps.st);
    if (rc != VL_OK) rc = vl_error_set(err, rc, name, 0, "not enough memory");
  }
done:
  vl_value_free(ps.cursor);
  vl_state_free(ps.st);
  free(ps.ids);
  free(ps.key[0].p);
  free(ps.key[1].p);
  return rc;
}
