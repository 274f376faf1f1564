/*
** terrain.c -- terrain tables from terrain.ini: the system layer, then a scenario layer that
** adds types and overrides single values. Each value keeps its layer, file, line and its
** source or provisional reason. See terrain.h; the format is docs/formats.md "terrain.ini".
*/
#include "volley/terrain.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "volley/ini.h"

/* The keys a type section gives values for, in byte order (the order of type.values). */
enum { KEY_FLAGS = 0, KEY_HEIGHT = 1, KEY_NAME = 2, NKEYS = 3 };
static const char *const type_keys[NKEYS] = {"flags", "height", "name"};

static const char *const kind_names[VL_TERRAIN_KINDS] = {"hex", "hexside", "road"};

/* The display keys (vl_terrain_display), in byte order. */
enum { DISP_ASCII = 0, DISP_COLOUR = 1, DISP_FILL = 2, DISP_GLYPH = 3, NDISP = 4 };
static const char *const display_keys[NDISP] = {"ascii", "colour", "fill", "glyph"};

/* A type as it is built. */
typedef struct ttype {
  vl_terrain_type pub;
  int has[NKEYS];
  vl_terrain_value vals[NKEYS];  /* slot per key while loading; compacted at the end */
} ttype;

struct vl_terrain {
  vl_arena arena;
  const char *system;
  ttype *types[VL_TERRAIN_KINDS];
  size_t n[VL_TERRAIN_KINDS], cap[VL_TERRAIN_KINDS];
  const char **flags;  /* the flag words, sorted at the end */
  size_t nflags, capflags;
  int flag_line[VL_TERRAIN_MAX_FLAGS];
};

/* The type section being read. */
typedef struct tsection {
  vl_terrain_kind kind;
  size_t idx;                 /* into t->types[kind] */
  int is_new;                 /* the section made the type */
  int line;                   /* of its header */
  const char *name;           /* "hex.c" */
  const char *source;
  const char *prov;
  int given[NKEYS];           /* values this section gave */
  const char *text[NKEYS];
  int vline[NKEYS];
  const char *kprov[NKEYS];   /* provisional.<key> */
  int kprov_line[NKEYS];
  const char *display[NDISP]; /* display keys this section gave, checked */
} tsection;

/* The state of one file's parse. */
typedef struct tparse {
  vl_terrain *t;
  vl_layer layer;
  const char *file;           /* arena copy */
  const char *expect_system;
  int nsections;              /* section headers so far */
  int in_header;              /* inside [terrain] */
  int header_line;
  const char *system;         /* [terrain] system, once checked */
  const char *file_source;    /* [terrain] source */
  int in_type;
  tsection sec;
} tparse;

const char *vl_terrain_kind_name(vl_terrain_kind kind) {
  return (unsigned)kind < VL_TERRAIN_KINDS ? kind_names[kind] : "?";
}

int vl_terrain_parse_level(const char *text, size_t len, int *halves) {
  size_t i = 0;
  int neg = 0, v = 0, digits = 0, half = 0;
  if (i < len && text[i] == '-') neg = 1, i++;
  while (i < len && text[i] >= '0' && text[i] <= '9') {
    v = v * 10 + (text[i] - '0');
    if (++digits > 2) return VL_EINVAL;
    i++;
  }
  if (digits == 0) return VL_EINVAL;
  if (i + 2 == len && text[i] == '.' && text[i + 1] == '5') half = 1, i += 2;
  else if (i + 2 == len && text[i] == '.' && text[i + 1] == '0') i += 2;
  if (i != len) return VL_EINVAL;
  *halves = neg ? -(2 * v + half) : 2 * v + half;
  return VL_OK;
}

int vl_terrain_level_out_of_range(const char *text, size_t len) {
  size_t i = 0, digits = 0;
  if (i < len && text[i] == '-') i++;
  while (i < len && text[i] >= '0' && text[i] <= '9') i++, digits++;
  if (digits <= 2) return 0;
  if (i + 2 == len && text[i] == '.' && (text[i + 1] == '5' || text[i + 1] == '0')) i += 2;
  return i == len;
}

/* Ids: [A-Za-z0-9_-]+ of at most max bytes. */
static int valid_id(const char *s, size_t n, size_t max) {
  size_t i;
  if (n == 0 || n > max) return 0;
  for (i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-'))
      return 0;
  }
  return 1;
}

/* Flag words: [a-z0-9-]+ of at most 32 bytes. */
static int valid_flag(const char *s, size_t n) {
  size_t i;
  if (n == 0 || n > 32) return 0;
  for (i = 0; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '-')) return 0;
  return 1;
}

/* old + " " + add, in the arena (add alone when old is NULL or empty). */
static const char *join(vl_arena *a, const char *old, const char *add) {
  size_t n1, n2;
  char *s;
  if (old == NULL || old[0] == '\0') return vl_arena_strndup(a, add, strlen(add));
  if (add[0] == '\0') return old;
  n1 = strlen(old);
  n2 = strlen(add);
  s = vl_arena_alloc(a, n1 + n2 + 2);
  if (s == NULL) return NULL;
  memcpy(s, old, n1);
  s[n1] = ' ';
  memcpy(s + n1 + 1, add, n2 + 1);
  return s;
}

static int oom(vl_error *err, const vl_ini_item *it) {
  return vl_error_set(err, VL_ENOMEM, it->file, it->line, "out of memory");
}

static int find_type(const vl_terrain *t, vl_terrain_kind kind, const char *id, size_t len) {
  size_t i;
  for (i = 0; i < t->n[kind]; i++)
    if (strlen(t->types[kind][i].pub.id) == len && memcmp(t->types[kind][i].pub.id, id, len) == 0)
      return (int)i;
  return -1;
}

/* Ends the type section being read: checks what a new type must give, resolves each value's
** source or provisional reason, and stores the values in the type. */
static int close_type(tparse *p, vl_error *err) {
  vl_terrain *t = p->t;
  tsection *sec = &p->sec;
  ttype *ty;
  vl_ini_item at;
  int k;
  if (!p->in_type) return VL_OK;
  p->in_type = 0;
  ty = &t->types[sec->kind][sec->idx];
  at.file = p->file;
  at.line = sec->line;
  if (sec->is_new) {
    if (!sec->given[KEY_NAME]) return vl_ini_error(err, &at, "[%s] has no name", sec->name);
    if (sec->kind != VL_TERRAIN_ROAD && !sec->given[KEY_HEIGHT])
      return vl_ini_error(err, &at, "[%s] has no height", sec->name);
  }
  if (sec->source != NULL && sec->prov != NULL)
    return vl_ini_error(err, &at, "[%s] gives both source and provisional", sec->name);
  if (sec->source == NULL && p->file_source == NULL && sec->prov == NULL) {
    int first = -1;  /* the first value in the file without a source */
    for (k = 0; k < NKEYS; k++)
      if (sec->given[k] && sec->kprov[k] == NULL &&
          (first < 0 || sec->vline[k] < sec->vline[first]))
        first = k;
    if (first >= 0) {
      at.line = sec->vline[first];
      return vl_ini_error(err, &at, "no source for %s in [%s] (give source = or provisional.%s =)",
                          type_keys[first], sec->name, type_keys[first]);
    }
  }
  if (sec->display[DISP_GLYPH]) ty->pub.display.glyph = sec->display[DISP_GLYPH];
  if (sec->display[DISP_ASCII]) ty->pub.display.ascii = sec->display[DISP_ASCII];
  if (sec->display[DISP_COLOUR]) ty->pub.display.colour = sec->display[DISP_COLOUR];
  if (sec->display[DISP_FILL]) ty->pub.display.fill = sec->display[DISP_FILL];
  for (k = 0; k < NKEYS; k++) {
    vl_terrain_value *v = &ty->vals[k];
    if (sec->kprov[k] != NULL && !sec->given[k]) {
      at.line = sec->kprov_line[k];
      return vl_ini_error(err, &at, "provisional.%s: [%s] gives no %s", type_keys[k], sec->name,
                          type_keys[k]);
    }
    if (!sec->given[k]) continue;
    v->key = type_keys[k];
    v->text = sec->text[k];
    v->layer = p->layer;
    v->file = p->file;
    v->line = sec->vline[k];
    v->source = NULL;
    v->provisional = sec->kprov[k] != NULL ? sec->kprov[k] : sec->prov;
    if (v->provisional == NULL) v->source = sec->source != NULL ? sec->source : p->file_source;
    ty->has[k] = 1;
    if (k == KEY_NAME) ty->pub.name = v->text;
    if (k == KEY_HEIGHT) {
      int h = 0;
      vl_terrain_parse_level(v->text, strlen(v->text), &h);  /* checked when read */
      ty->pub.height = h;
    }
  }
  return VL_OK;
}

/* Opens a type section: [hex.<code>], [hexside.<id>] or [road.<id>]. */
static int open_type(tparse *p, const vl_ini_item *it, vl_error *err) {
  vl_terrain *t = p->t;
  const char *s = it->section, *dot = strchr(s, '.');
  size_t klen = dot ? (size_t)(dot - s) : strlen(s), idlen;
  int kind = -1, k, found;
  for (k = 0; k < VL_TERRAIN_KINDS; k++)
    if (dot != NULL && strlen(kind_names[k]) == klen && memcmp(kind_names[k], s, klen) == 0)
      kind = k;
  if (kind < 0)
    return vl_ini_error(err, it, "unknown section [%s] (expected [terrain], [hex.<code>], "
                                 "[hexside.<id>] or [road.<id>])", s);
  idlen = strlen(dot + 1);
  if (!valid_id(dot + 1, idlen, kind == VL_TERRAIN_HEX ? VL_TERRAIN_MAX_CODE : VL_TERRAIN_MAX_ID))
    return vl_ini_error(err, it, "bad %s id '%s' (letters, digits, '_' and '-'; at most %d bytes)",
                        kind_names[kind], dot + 1,
                        kind == VL_TERRAIN_HEX ? VL_TERRAIN_MAX_CODE : VL_TERRAIN_MAX_ID);
  memset(&p->sec, 0, sizeof p->sec);
  p->in_type = 1;
  p->sec.kind = (vl_terrain_kind)kind;
  p->sec.line = it->line;
  p->sec.name = vl_arena_strndup(&t->arena, s, strlen(s));
  if (p->sec.name == NULL) return oom(err, it);
  found = find_type(t, p->sec.kind, dot + 1, idlen);
  if (found >= 0) {
    p->sec.idx = (size_t)found;
    return VL_OK;
  }
  if (t->n[kind] == (kind == VL_TERRAIN_HEX ? VL_TERRAIN_MAX_HEX : VL_TERRAIN_MAX_FEATURES))
    return vl_ini_error(err, it, "too many %s types (at most %d)", kind_names[kind],
                        kind == VL_TERRAIN_HEX ? VL_TERRAIN_MAX_HEX : VL_TERRAIN_MAX_FEATURES);
  if (t->n[kind] == t->cap[kind]) {
    size_t cap = t->cap[kind] ? 2 * t->cap[kind] : 16;
    ttype *ty = realloc(t->types[kind], cap * sizeof *ty);
    if (ty == NULL) return oom(err, it);
    t->types[kind] = ty;
    t->cap[kind] = cap;
  }
  p->sec.idx = t->n[kind]++;
  memset(&t->types[kind][p->sec.idx], 0, sizeof(ttype));
  t->types[kind][p->sec.idx].pub.kind = p->sec.kind;
  t->types[kind][p->sec.idx].pub.id = vl_arena_strndup(&t->arena, dot + 1, idlen);
  if (t->types[kind][p->sec.idx].pub.id == NULL) return oom(err, it);
  p->sec.is_new = 1;
  return VL_OK;
}

/* Adds the flag words of value to the table's vocabulary. */
static int declare_flags(tparse *p, const vl_ini_item *it, vl_error *err) {
  vl_terrain *t = p->t;
  const char *cur = it->value, *w;
  size_t n, i;
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    if (!valid_flag(w, n))
      return vl_ini_error(err, it, "bad flag word '%.*s' (lower-case letters, digits and '-')",
                          (int)n, w);
    for (i = 0; i < t->nflags; i++)
      if (strlen(t->flags[i]) == n && memcmp(t->flags[i], w, n) == 0)
        return vl_ini_error(err, it, "flag '%.*s' declared twice", (int)n, w);
    if (t->nflags == VL_TERRAIN_MAX_FLAGS)
      return vl_ini_error(err, it, "too many flag words (at most %d)", VL_TERRAIN_MAX_FLAGS);
    if (t->nflags == t->capflags) {
      size_t cap = t->capflags ? 2 * t->capflags : 8;
      const char **f = realloc(t->flags, cap * sizeof *f);
      if (f == NULL) return oom(err, it);
      t->flags = f;
      t->capflags = cap;
    }
    t->flags[t->nflags] = vl_arena_strndup(&t->arena, w, n);
    if (t->flags[t->nflags] == NULL) return oom(err, it);
    t->flag_line[t->nflags++] = it->line;
  }
  return VL_OK;
}

/* A key of [terrain]: system, source, flags. */
static int header_value(tparse *p, const vl_ini_item *it, vl_error *err) {
  vl_arena *a = &p->t->arena;
  if (strcmp(it->key, "flags") == 0) return declare_flags(p, it, err);
  if (strcmp(it->key, "system") == 0) {
    if (it->continuation) return vl_ini_error(err, it, "system takes one line");
    if (strcmp(it->value, p->expect_system) != 0)
      return vl_ini_error(err, it, "this terrain.ini is for system '%s', not '%s'", it->value,
                          p->expect_system);
    p->system = p->expect_system;
    return VL_OK;
  }
  if (strcmp(it->key, "source") == 0) {
    p->file_source = join(a, p->file_source, it->value);
    return p->file_source ? VL_OK : oom(err, it);
  }
  return vl_ini_error(err, it, "unknown key '%s' in [terrain] (known: flags, source, system)",
                      it->key);
}

static int key_index(const char *k) {
  int i;
  for (i = 0; i < NKEYS; i++)
    if (strcmp(type_keys[i], k) == 0) return i;
  return -1;
}

/* The length of the UTF-8 sequence at s when it is one well-formed character (the INI layer
** has checked the encoding), else 0. */
static size_t utf8_len(const unsigned char *s) {
  if (s[0] < 0x80) return 1;
  if ((s[0] & 0xe0) == 0xc0) return 2;
  if ((s[0] & 0xf0) == 0xe0) return 3;
  if ((s[0] & 0xf8) == 0xf0) return 4;
  return 0;
}

/* The code point of the well-formed sequence s of n bytes. */
static unsigned long utf8_point(const unsigned char *s, size_t n) {
  unsigned long c = n == 1 ? s[0] : (unsigned long)(s[0] & (0x7f >> n));
  size_t i;
  for (i = 1; i < n; i++) c = (c << 6) | (unsigned long)(s[i] & 0x3f);
  return c;
}

/* 1 when c takes one terminal column: not a control, not a combining mark, not one of the
** wide (East Asian, emoji) blocks. Ambiguous-width symbols (box drawing, arrows, suits) are
** narrow in the terminals volley targets. */
static int narrow_point(unsigned long c) {
  if (c < 0x20 || (c >= 0x7f && c < 0xa0)) return 0;
  if ((c >= 0x300 && c <= 0x36f) || (c >= 0x1ab0 && c <= 0x1aff) ||
      (c >= 0x1dc0 && c <= 0x1dff) || (c >= 0x20d0 && c <= 0x20ff) ||
      (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xfe20 && c <= 0xfe2f))
    return 0;
  if ((c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) || c >= 0x1f000)
    return 0;
  return 1;
}

/* "#rrggbb" (either case)? */
static int is_colour(const char *s) {
  size_t i;
  if (strlen(s) != 7 || s[0] != '#') return 0;
  for (i = 1; i < 7; i++)
    if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f') ||
          (s[i] >= 'A' && s[i] <= 'F')))
      return 0;
  return 1;
}

/* A display key of a type section: glyph, ascii, colour or fill, checked and kept. */
static int display_value(tparse *p, const vl_ini_item *it, int d, vl_error *err) {
  const unsigned char *v = (const unsigned char *)it->value;
  char *copy;
  size_t n = strlen(it->value), i;
  if (it->continuation) return vl_ini_error(err, it, "%s takes one line", it->key);
  if (d == DISP_GLYPH && n > 0) {  /* empty: draw nothing */
    size_t len = utf8_len(v);
    if (len == 0 || len != n || !narrow_point(utf8_point(v, len)))
      return vl_ini_error(err, it, "bad glyph '%s' (one character one column wide, or none)",
                          it->value);
  } else if (d == DISP_ASCII && n > 0) {
    if (n != 1 || v[0] < 0x21 || v[0] > 0x7e)
      return vl_ini_error(err, it, "bad ascii '%s' (one printable ASCII character, or none)",
                          it->value);
  } else if (d != DISP_GLYPH && d != DISP_ASCII && !is_colour(it->value)) {
    return vl_ini_error(err, it, "bad %s '%s' (#rrggbb)", it->key, it->value);
  }
  copy = vl_arena_strndup(&p->t->arena, it->value, n);
  if (copy == NULL) return oom(err, it);
  if (d == DISP_COLOUR || d == DISP_FILL)
    for (i = 1; i < n; i++)
      if (copy[i] >= 'A' && copy[i] <= 'F') copy[i] = (char)(copy[i] - 'A' + 'a');
  p->sec.display[d] = copy;
  return VL_OK;
}

/* A key of a type section. */
static int type_value(tparse *p, const vl_ini_item *it, vl_error *err) {
  vl_arena *a = &p->t->arena;
  tsection *sec = &p->sec;
  const char *key = it->key;
  int k;
  if (strcmp(key, "source") == 0) {
    sec->source = join(a, sec->source, it->value);
    return sec->source ? VL_OK : oom(err, it);
  }
  if (strcmp(key, "provisional") == 0) {
    sec->prov = join(a, sec->prov, it->value);
    if (sec->prov == NULL) return oom(err, it);
    if (sec->prov[0] == '\0') return vl_ini_error(err, it, "provisional needs a reason");
    return VL_OK;
  }
  if (strncmp(key, "provisional.", 12) == 0) {
    k = key_index(key + 12);
    if (k < 0)
      return vl_ini_error(err, it, "unknown key '%s' in [%s] (provisional.<key> names a value: "
                                   "flags, height, name)", key, it->section);
    sec->kprov[k] = join(a, sec->kprov[k], it->value);
    if (sec->kprov[k] == NULL) return oom(err, it);
    if (sec->kprov[k][0] == '\0') return vl_ini_error(err, it, "%s needs a reason", key);
    if (!it->continuation) sec->kprov_line[k] = it->line;
    return VL_OK;
  }
  for (k = 0; k < NDISP; k++)
    if (strcmp(key, display_keys[k]) == 0) return display_value(p, it, k, err);
  k = key_index(key);
  if (k < 0)
    return vl_ini_error(err, it, "unknown key '%s' in [%s] (known: flags, height, name, source, "
                                 "provisional, provisional.<key>; display: ascii, colour, fill, "
                                 "glyph)", key, it->section);
  if (k == KEY_HEIGHT) {
    int h;
    if (it->continuation) return vl_ini_error(err, it, "height takes one line");
    if (sec->kind == VL_TERRAIN_ROAD) return vl_ini_error(err, it, "a road kind has no height");
    if (vl_terrain_level_out_of_range(it->value, strlen(it->value)))
      return vl_ini_error(err, it, "height '%s' is out of range (-99..99 levels)", it->value);
    if (vl_terrain_parse_level(it->value, strlen(it->value), &h) != VL_OK)
      return vl_ini_error(err, it, "bad height '%s' (levels: an integer, or one ending in .5)",
                          it->value);
  }
  if (k == KEY_FLAGS) {
    const char *cur = it->value, *w;
    size_t n;
    while ((w = vl_ini_word(&cur, &n)) != NULL)
      if (!valid_flag(w, n))
        return vl_ini_error(err, it, "bad flag word '%.*s' (lower-case letters, digits and '-')",
                            (int)n, w);
  }
  if (k == KEY_NAME && !it->continuation && it->value[0] == '\0')
    return vl_ini_error(err, it, "empty name");
  sec->text[k] = join(a, it->continuation ? sec->text[k] : NULL, it->value);
  if (sec->text[k] == NULL) return oom(err, it);
  if (!it->continuation) sec->vline[k] = it->line;
  sec->given[k] = 1;
  return VL_OK;
}

static int on_item(void *user, const vl_ini_item *it, vl_error *err) {
  tparse *p = user;
  int rc;
  switch (it->event) {
  case VL_INI_SECTION:
    if ((rc = close_type(p, err)) != VL_OK) return rc;
    p->nsections++;
    if (p->in_header) {
      if (p->system == NULL) {
        vl_ini_item at = *it;
        at.line = p->header_line;
        return vl_ini_error(err, &at, "[terrain] has no system");
      }
      p->in_header = 0;
    }
    if (strcmp(it->section, "terrain") == 0 || p->nsections == 1) {
      if (strcmp(it->section, "terrain") != 0 || p->nsections != 1)
        return vl_ini_error(err, it, "[terrain] must be the first section");
      p->in_header = 1;
      p->header_line = it->line;
      return VL_OK;
    }
    return open_type(p, it, err);
  case VL_INI_VALUE:
    if (p->in_header) return header_value(p, it, err);
    return type_value(p, it, err);
  case VL_INI_END:
    if ((rc = close_type(p, err)) != VL_OK) return rc;
    if (p->nsections == 0) return vl_ini_error(err, it, "missing section [terrain]");
    if (p->in_header && p->system == NULL) {
      vl_ini_item at = *it;
      at.line = p->header_line;
      return vl_ini_error(err, &at, "[terrain] has no system");
    }
    return VL_OK;
  }
  return VL_OK;
}

static int load_layer(vl_terrain *t, vl_layer layer, const char *path, vl_error *err) {
  tparse p;
  memset(&p, 0, sizeof p);
  p.t = t;
  p.layer = layer;
  p.expect_system = t->system;
  p.file = vl_arena_strndup(&t->arena, path, strlen(path));
  if (p.file == NULL) return vl_error_set(err, VL_ENOMEM, path, 0, "out of memory");
  return vl_ini_parse_file(path, on_item, &p, err);
}

static int cmp_type(const void *a, const void *b) {
  return strcmp(((const ttype *)a)->pub.id, ((const ttype *)b)->pub.id);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorts, computes flag masks (refusing undeclared words) and compacts each type's values. */
static int finish(vl_terrain *t, vl_error *err) {
  int kind;
  if (t->nflags > 0) qsort(t->flags, t->nflags, sizeof *t->flags, cmp_str);
  for (kind = 0; kind < VL_TERRAIN_KINDS; kind++) {
    size_t i;
    if (t->n[kind] > 0) qsort(t->types[kind], t->n[kind], sizeof(ttype), cmp_type);
    for (i = 0; i < t->n[kind]; i++) {
      ttype *ty = &t->types[kind][i];
      size_t m = 0;
      int k;
      if (ty->has[KEY_FLAGS]) {
        const vl_terrain_value *v = &ty->vals[KEY_FLAGS];
        const char *cur = v->text, *w;
        size_t n;
        while ((w = vl_ini_word(&cur, &n)) != NULL) {
          size_t f;
          for (f = 0; f < t->nflags; f++)
            if (strlen(t->flags[f]) == n && memcmp(t->flags[f], w, n) == 0) break;
          if (f == t->nflags)
            return vl_error_set(err, VL_EPARSE, v->file, v->line,
                                "unknown flag '%.*s' in [%s.%s] (declare it in [terrain] flags)",
                                (int)n, w, kind_names[kind], ty->pub.id);
          ty->pub.flags |= (uint32_t)1 << f;
        }
      }
      for (k = 0; k < NKEYS; k++)
        if (ty->has[k]) ty->vals[m++] = ty->vals[k];
      ty->pub.nvalues = m;
      ty->pub.values = ty->vals;
    }
  }
  return VL_OK;
}

vl_terrain *vl_terrain_load(const char *system_id, const char *system_file,
                            const char *scenario_file, vl_error *err) {
  vl_terrain *t = calloc(1, sizeof *t);
  if (t == NULL) {
    vl_error_set(err, VL_ENOMEM, system_file, 0, "out of memory");
    return NULL;
  }
  t->system = vl_arena_strndup(&t->arena, system_id, strlen(system_id));
  if (t->system == NULL) {
    vl_error_set(err, VL_ENOMEM, system_file, 0, "out of memory");
    goto fail;
  }
  if (load_layer(t, VL_LAYER_SYSTEM, system_file, err) != VL_OK) goto fail;
  if (scenario_file != NULL && load_layer(t, VL_LAYER_SCENARIO, scenario_file, err) != VL_OK)
    goto fail;
  if (finish(t, err) != VL_OK) goto fail;
  return t;
fail:
  vl_terrain_free(t);
  return NULL;
}

void vl_terrain_free(vl_terrain *t) {
  int k;
  if (t == NULL) return;
  for (k = 0; k < VL_TERRAIN_KINDS; k++) free(t->types[k]);
  free(t->flags);
  vl_arena_free(&t->arena);
  free(t);
}

const char *vl_terrain_system(const vl_terrain *t) { return t->system; }

size_t vl_terrain_count(const vl_terrain *t, vl_terrain_kind kind) {
  return (unsigned)kind < VL_TERRAIN_KINDS ? t->n[kind] : 0;
}

const vl_terrain_type *vl_terrain_type_at(const vl_terrain *t, vl_terrain_kind kind, size_t i) {
  if ((unsigned)kind >= VL_TERRAIN_KINDS || i >= t->n[kind]) return NULL;
  return &t->types[kind][i].pub;
}

int vl_terrain_find(const vl_terrain *t, vl_terrain_kind kind, const char *id, size_t len) {
  size_t lo = 0, hi;
  if ((unsigned)kind >= VL_TERRAIN_KINDS) return -1;
  hi = t->n[kind];
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *m = t->types[kind][mid].pub.id;
    size_t mlen = strlen(m);
    int c = memcmp(m, id, mlen < len ? mlen : len);
    if (c == 0) c = mlen < len ? -1 : (mlen > len ? 1 : 0);
    if (c == 0) return (int)mid;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

size_t vl_terrain_flag_count(const vl_terrain *t) { return t->nflags; }

const char *vl_terrain_flag_name(const vl_terrain *t, size_t i) {
  return i < t->nflags ? t->flags[i] : NULL;
}

int vl_terrain_flag(const vl_terrain *t, const char *word) {
  size_t i;
  for (i = 0; i < t->nflags; i++)
    if (strcmp(t->flags[i], word) == 0) return (int)i;
  return -1;
}
