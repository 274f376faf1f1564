/*
** roster.c -- the roster: sides, places, commands, units and leaders with their values and
** provenance, built by the oob.ini loader (units_ini.c) or directly in C, then finished
** (checked, sorted by id, frozen) and shared read-only; and the hierarchy questions.
*/
#include "volley/units.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "known.h"
#include "units_internal.h"

/* ---- the roster ---------------------------------------------------------------------------- */

/* A command while building: names kept as text until vl_roster_finish resolves them. */
typedef struct bcommand {
  vl_command c;             /* id, name, source, provisional, line; indices after finish */
  char *side_name, *level_name, *parent_name;
} bcommand;

/* A unit while building. */
typedef struct bunit {
  vl_unit u;
  int leader;               /* what the caller declared */
  char *side_name, *command_name;
  int *values;              /* n_fields */
  char **texts;             /* n_fields (string fields), or NULL */
  unsigned char *given;     /* n_fields */
} bunit;

typedef struct place {
  char *id;
  int kind;
} place;

typedef struct bprov {
  int unit;                 /* builder index until finish, then unit index */
  int field;
  int line;
  char *reason;
} bprov;

/* An index of ids while the roster is built: open addressing (linear probing, at most half
** full) over the entries of one array, each slot the entry's index + 1 (0: empty). After
** vl_roster_finish the arrays are sorted by id and binary search takes over. The hash is
** seeded per roster from addresses and the time (as Lua's luai_makeseed): ids crafted to
** collide under a fixed hash (found by brute force in a minute) would make 20,000 units take
** seconds. Only the time of a lookup depends on the seed, never a result. */
typedef struct id_index {
  int *slot;
  int cap;                  /* 0 or a power of two */
  int n;
  unsigned seed;
} id_index;

struct vl_roster {
  int refs;
  int finished;             /* 1 finished, -1 failed */
  int places_frozen;        /* a state uses the roster */
  vl_schema *schema;
  char *file;
  char *sides[VL_SIDES_MAX];
  int n_sides;
  place *places;
  int n_places, cap_places;
  bcommand *commands;
  int n_commands, cap_commands;
  bunit *units;
  int n_units, cap_units;
  bprov *prov;
  int n_prov, cap_prov;
  vl_provisional *prov_out; /* after finish: the public view of prov, sorted */
  id_index unit_ids, command_ids;  /* while building */
};

/* ---- the index of ids while building ------------------------------------------------------ */

/* FNV-1a from a seeded start, its bits mixed at the end (the table uses the low ones). */
static unsigned id_hash(const char *s, unsigned seed) {
  unsigned h = 2166136261u ^ seed;
  for (; *s != '\0'; s++) {
    h ^= (unsigned char)*s;
    h *= 16777619u;
  }
  h ^= h >> 16;
  h *= 0x45d9f3bu;
  return h ^ (h >> 16);
}

/* The id of entry i of an array of `size`-byte entries, each starting with its id. */
static const char *id_at(const void *base, size_t size, int i) {
  return *(const char *const *)((const char *)base + (size_t)i * size);
}

/* The slot of x holding id, or the empty slot where it would go (x->cap > 0). */
static int *id_slot(const id_index *x, const void *base, size_t size, const char *id) {
  unsigned mask = (unsigned)x->cap - 1, i = id_hash(id, x->seed) & mask;
  while (x->slot[i] != 0 && strcmp(id_at(base, size, x->slot[i] - 1), id) != 0)
    i = (i + 1) & mask;
  return &x->slot[i];
}

/* The index of the entry whose id is id, or -1. */
static int id_find(const id_index *x, const void *base, size_t size, const char *id) {
  if (x->cap == 0) return -1;
  return *id_slot(x, base, size, id) - 1;
}

/* Adds entry i (its id not in x yet), growing x to stay at most half full. VL_OK or
** VL_ENOMEM (x unchanged). */
static int id_add(id_index *x, const void *base, size_t size, int i) {
  if (2 * (x->n + 1) > x->cap) {
    id_index bigger;
    int k;
    bigger.cap = x->cap ? 2 * x->cap : 64;
    bigger.n = x->n;
    bigger.seed = x->seed;
    bigger.slot = calloc((size_t)bigger.cap, sizeof *bigger.slot);
    if (bigger.slot == NULL) return VL_ENOMEM;
    for (k = 0; k < x->cap; k++)
      if (x->slot[k] != 0)
        *id_slot(&bigger, base, size, id_at(base, size, x->slot[k] - 1)) = x->slot[k];
    free(x->slot);
    *x = bigger;
  }
  *id_slot(x, base, size, id_at(base, size, i)) = i + 1;
  x->n++;
  return VL_OK;
}

static void id_clear(id_index *x) {
  free(x->slot);
  x->slot = NULL;
  x->cap = x->n = 0;
}

/* ---- "(known: ...)" lists for refusals ------------------------------------------------------ */

static const char *type_name(const void *ctx, size_t i) {
  return vl_schema_type((const vl_schema *)ctx, (int)i)->name;
}

/* The fields an entry may hold: of & mask. */
typedef struct field_ctx {
  const vl_schema *s;
  int mask;
} field_ctx;

static const char *field_name(const void *ctx, size_t i) {
  const field_ctx *c = ctx;
  const vl_field *f = vl_schema_field(c->s, (int)i);
  return (f->of & c->mask) ? f->name : NULL;
}

static const char *side_name(const void *ctx, size_t i) {
  return ((const vl_roster *)ctx)->sides[i];
}

/* The schema's levels in their order, top first: "army, corps, division" (a hierarchy reads
** best in its own order, so this list is not sorted). */
static void levels_text(const vl_schema *s, char *buf, size_t n) {
  size_t used = 0;
  int i;
  buf[0] = '\0';
  for (i = 0; i < vl_schema_level_count(s) && used + 1 < n; i++) {
    int w = snprintf(buf + used, n - used, "%s%s", i ? ", " : "", vl_schema_level(s, i));
    if (w < 0) break;
    used += (size_t)w < n - used ? (size_t)w : n - used - 1;
  }
}

static const char *command_name(const void *ctx, size_t i) {
  return ((const vl_roster *)ctx)->commands[i].c.id;
}

vl_roster *vl_roster_new(vl_schema *s, const char *file) {
  vl_roster *r = calloc(1, sizeof *r);
  if (r == NULL) return NULL;
  r->refs = 1;
  r->file = vl_units_dup(file ? file : "");
  if (r->file == NULL) {
    free(r);
    return NULL;
  }
  r->schema = vl_schema_retain(s);
  {
    uintptr_t a = (uintptr_t)r ^ ((uintptr_t)&a >> 4)    /* where the heap and stack lie */
                  ^ ((uintptr_t)time(NULL) * 2654435761u);  /* and when: no ASLR, still unknown */
    r->unit_ids.seed = (unsigned)(a ^ ((a >> 16) >> 16));
    r->command_ids.seed = r->unit_ids.seed * 2654435761u;
  }
  return r;
}

vl_roster *vl_roster_retain(vl_roster *r) {
  if (r != NULL) r->refs++;
  return r;
}

static void unit_clear(const vl_schema *s, bunit *b) {
  int f;
  free((char *)b->u.id);
  free((char *)b->u.name);
  free((char *)b->u.source);
  free((char *)b->u.provisional);
  free(b->side_name);
  free(b->command_name);
  if (b->texts != NULL)
    for (f = 0; f < vl_schema_field_count(s); f++) free(b->texts[f]);
  free(b->texts);
  free(b->values);
  free(b->given);
}

void vl_roster_free(vl_roster *r) {
  int i;
  if (r == NULL || --r->refs > 0) return;
  for (i = 0; i < r->n_sides; i++) free(r->sides[i]);
  for (i = 0; i < r->n_places; i++) free(r->places[i].id);
  free(r->places);
  for (i = 0; i < r->n_commands; i++) {
    bcommand *c = &r->commands[i];
    free((char *)c->c.id);
    free((char *)c->c.name);
    free((char *)c->c.source);
    free((char *)c->c.provisional);
    free(c->side_name);
    free(c->level_name);
    free(c->parent_name);
  }
  free(r->commands);
  for (i = 0; i < r->n_units; i++) unit_clear(r->schema, &r->units[i]);
  free(r->units);
  for (i = 0; i < r->n_prov; i++) free(r->prov[i].reason);
  free(r->prov);
  free(r->prov_out);
  free(r->file);
  id_clear(&r->unit_ids);
  id_clear(&r->command_ids);
  vl_schema_free(r->schema);
  free(r);
}

static int check_building(const vl_roster *r, vl_error *err) {
  if (r->finished)
    return vl_error_set(err, VL_EINVAL, r->file, 0, "the roster is finished and can no longer change");
  return VL_OK;
}

int vl_roster_add_side(vl_roster *r, const char *side, vl_error *err) {
  int rc = check_building(r, err);
  if (rc == VL_OK) rc = vl_units_check_new_word("side", side, vl_roster_find_side(r, side) >= 0, err);
  if (rc != VL_OK) return rc;
  if (r->n_sides == VL_SIDES_MAX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "more than %d sides", VL_SIDES_MAX);
  if ((r->sides[r->n_sides] = vl_units_dup(side)) == NULL) return vl_units_nomem(err);
  r->n_sides++;
  return VL_OK;
}

/* Where id is, or would go, in the sorted places: the first index whose id is not below. */
static int place_at(const vl_roster *r, const char *id) {
  int lo = 0, hi = r->n_places;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (strcmp(r->places[mid].id, id) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int vl_roster_add_place(vl_roster *r, int kind, const char *id, vl_error *err) {
  char *copy;
  int i;
  if (r->places_frozen)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "a state uses the roster: no more places");
  if (kind != VL_PLACE_SPACE && kind != VL_PLACE_BOX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "a place is a track space or a box");
  if (!vl_units_is_id(id))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "bad place id '%s' ([A-Za-z0-9_./-]+)", id ? id : "");
  i = place_at(r, id);
  if (i < r->n_places && strcmp(r->places[i].id, id) == 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "place '%s' is declared twice", id);
  if (r->n_places >= VL_ROSTER_PLACES_MAX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "place %s: more than %d track spaces and boxes",
                        id, VL_ROSTER_PLACES_MAX);
  if (!vl_units_grow((void **)&r->places, &r->cap_places, r->n_places, sizeof *r->places) ||
      (copy = vl_units_dup(id)) == NULL)
    return vl_units_nomem(err);
  memmove(&r->places[i + 1], &r->places[i], sizeof *r->places * (size_t)(r->n_places - i));
  r->places[i].id = copy;   /* kept sorted */
  r->places[i].kind = kind;
  r->n_places++;
  return VL_OK;
}

void vl_units_freeze_places(vl_roster *r) { r->places_frozen = 1; }

static int find_bcommand(const vl_roster *r, const char *id) {
  return id_find(&r->command_ids, r->commands, sizeof *r->commands, id);
}

static int find_bunit(const vl_roster *r, const char *id) {
  return id_find(&r->unit_ids, r->units, sizeof *r->units, id);
}

int vl_roster_add_command(vl_roster *r, const char *id, const char *name, const char *side,
                          const char *level, const char *parent, int line, vl_error *err) {
  bcommand *c;
  int rc = check_building(r, err);
  if (rc != VL_OK) return rc;
  if (!vl_units_is_id(id))
    return vl_error_set(err, VL_EPARSE, r->file, line, "bad command id '%s' ([A-Za-z0-9_./-]+)",
                        id ? id : "");
  if (find_bcommand(r, id) >= 0)
    return vl_error_set(err, VL_EPARSE, r->file, line, "command '%s' is declared twice", id);
  if (r->n_commands >= VL_ROSTER_COMMANDS_MAX)
    return vl_error_set(err, VL_EPARSE, r->file, line, "command %s: more than %d commands (the "
                        "bound of an order of battle, far above any battle's)", id,
                        VL_ROSTER_COMMANDS_MAX);
  if (!vl_units_grow((void **)&r->commands, &r->cap_commands, r->n_commands, sizeof *r->commands))
    return vl_units_nomem(err);
  c = &r->commands[r->n_commands];
  memset(c, 0, sizeof *c);
  c->c.line = line;
  c->c.parent = -1;
  if (!vl_units_dup_into((char **)&c->c.id, id) || !vl_units_dup_into((char **)&c->c.name, name ? name : id) ||
      !vl_units_dup_into(&c->side_name, side) || !vl_units_dup_into(&c->level_name, level) ||
      !vl_units_dup_into(&c->parent_name, parent) ||
      id_add(&r->command_ids, r->commands, sizeof *r->commands, r->n_commands) != VL_OK) {
    free((char *)c->c.id);
    free((char *)c->c.name);
    free(c->side_name);
    free(c->level_name);
    free(c->parent_name);
    return vl_units_nomem(err);
  }
  r->n_commands++;
  return VL_OK;
}

int vl_roster_add_unit(vl_roster *r, int leader, const char *id, const char *name,
                       const char *side, const char *type, const char *command, int line,
                       vl_error *err) {
  bunit *b;
  const vl_schema *s = r->schema;
  int t, nf = vl_schema_field_count(s), f;
  int rc = check_building(r, err);
  const char *what = leader ? "leader" : "unit";
  if (rc != VL_OK) return rc;
  if (!vl_units_is_id(id))
    return vl_error_set(err, VL_EPARSE, r->file, line, "bad %s id '%s' ([A-Za-z0-9_./-]+)", what,
                        id ? id : "");
  if (find_bunit(r, id) >= 0)
    return vl_error_set(err, VL_EPARSE, r->file, line, "%s id '%s' is already taken", what, id);
  if (r->n_units >= VL_ROSTER_UNITS_MAX)
    return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: more than %d units and leaders "
                        "(the bound of an order of battle, far above any battle's)", what, id,
                        VL_ROSTER_UNITS_MAX);
  t = vl_schema_find_type(s, type ? type : "");
  if (t < 0) {
    char known[160];
    vl_known_list(known, sizeof known, s, (size_t)vl_schema_type_count(s), type_name);
    return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: unknown type '%s' (known: %s)",
                        what, id, type ? type : "", known);
  }
  if (!(vl_schema_type(s, t)->classes & VL_CLASS_LEADER) != !leader)
    return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: type '%s' is %s leader type", what,
                        id, type, leader ? "not a" : "a");
  if (!vl_units_grow((void **)&r->units, &r->cap_units, r->n_units, sizeof *r->units)) return vl_units_nomem(err);
  b = &r->units[r->n_units];
  memset(b, 0, sizeof *b);
  b->leader = leader;
  b->u.type = t;
  b->u.classes = vl_schema_type(s, t)->classes;
  b->u.line = line;
  b->u.command = -1;
  b->values = calloc((size_t)(nf ? nf : 1), sizeof *b->values);
  b->given = calloc((size_t)(nf ? nf : 1), 1);
  for (f = 0; f < nf; f++)
    if (vl_schema_field(s, f)->type == VL_FIELD_STRING) break;
  if (f < nf) b->texts = calloc((size_t)nf, sizeof *b->texts);
  if (b->values == NULL || b->given == NULL || (f < nf && b->texts == NULL) ||
      !vl_units_dup_into((char **)&b->u.id, id) || !vl_units_dup_into((char **)&b->u.name, name ? name : id) ||
      !vl_units_dup_into(&b->side_name, side) || !vl_units_dup_into(&b->command_name, command) ||
      id_add(&r->unit_ids, r->units, sizeof *r->units, r->n_units) != VL_OK) {
    unit_clear(s, b);
    return vl_units_nomem(err);
  }
  return r->n_units++;
}

int vl_roster_set_text(vl_roster *r, int b, const char *field, const char *text, int line,
                       vl_error *err) {
  const vl_schema *s = r->schema;
  bunit *u;
  int f, v, rc = check_building(r, err);
  if (rc != VL_OK) return rc;
  if (b < 0 || b >= r->n_units) return vl_error_set(err, VL_EINVAL, r->file, line, "no such entry");
  u = &r->units[b];
  f = vl_schema_find_field(s, field);
  if (f < 0 || !(vl_schema_field(s, f)->of & (u->leader ? VL_OF_LEADER : VL_OF_UNIT))) {
    if (f >= 0)
      return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: '%s' is a %s field",
                          u->leader ? "leader" : "unit", u->u.id, field,
                          u->leader ? "unit" : "leader");
    {
      char known[160];
      field_ctx fc;
      fc.s = s;
      fc.mask = u->leader ? VL_OF_LEADER : VL_OF_UNIT;
      vl_known_list(known, sizeof known, &fc, (size_t)vl_schema_field_count(s), field_name);
      return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: unknown field '%s' (known: %s)",
                          u->leader ? "leader" : "unit", u->u.id, field, known);
    }
  }
  if (u->given[f])
    return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: '%s' is given twice",
                        u->leader ? "leader" : "unit", u->u.id, field);
  rc = vl_field_parse(vl_schema_field(s, f), text, &v, err);
  if (rc != VL_OK) {
    char msg[VL_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
    return vl_error_set(err, rc, r->file, line, "%s %s: %s", u->leader ? "leader" : "unit",
                        u->u.id, msg);
  }
  if (vl_schema_field(s, f)->type == VL_FIELD_STRING && (u->texts[f] = vl_units_dup(text)) == NULL) return vl_units_nomem(err);
  u->values[f] = v;
  u->given[f] = 1;
  return VL_OK;
}

static int add_prov(vl_roster *r, int unit, int field, int line, const char *reason,
                    vl_error *err) {
  bprov *p;
  if (!vl_units_grow((void **)&r->prov, &r->cap_prov, r->n_prov, sizeof *r->prov)) return vl_units_nomem(err);
  p = &r->prov[r->n_prov];
  p->unit = unit;
  p->field = field;
  p->line = line;
  if ((p->reason = vl_units_dup(reason)) == NULL) return vl_units_nomem(err);
  r->n_prov++;
  return VL_OK;
}

int vl_roster_set_source(vl_roster *r, int b, const char *source, vl_error *err) {
  char **slot;
  int rc = check_building(r, err);
  if (rc != VL_OK) return rc;
  if (b >= 0 && b < r->n_units)
    slot = (char **)&r->units[b].u.source;
  else if (b < 0 && -1 - b < r->n_commands)
    slot = (char **)&r->commands[-1 - b].c.source;
  else
    return vl_error_set(err, VL_EINVAL, r->file, 0, "no such entry");
  free(*slot);
  if (!vl_units_dup_into(slot, source)) return vl_units_nomem(err);
  return VL_OK;
}

int vl_roster_set_provisional(vl_roster *r, int b, const char *field, const char *reason,
                              int line, vl_error *err) {
  int f = -1, rc = check_building(r, err);
  if (rc != VL_OK) return rc;
  if (reason == NULL || *reason == '\0')
    return vl_error_set(err, VL_EPARSE, r->file, line, "a provisional value needs its reason");
  if (b < 0) {
    bcommand *c;
    if (-1 - b >= r->n_commands) return vl_error_set(err, VL_EINVAL, r->file, line, "no such entry");
    c = &r->commands[-1 - b];
    if (field != NULL)
      return vl_error_set(err, VL_EPARSE, r->file, line, "command %s: commands have no fields",
                          c->c.id);
    free((char *)c->c.provisional);
    if (!vl_units_dup_into((char **)&c->c.provisional, reason)) return vl_units_nomem(err);
    return VL_OK;
  }
  if (b >= r->n_units) return vl_error_set(err, VL_EINVAL, r->file, line, "no such entry");
  if (field != NULL) {
    bunit *u = &r->units[b];
    f = vl_schema_find_field(r->schema, field);
    if (f < 0 || !(vl_schema_field(r->schema, f)->of & (u->leader ? VL_OF_LEADER : VL_OF_UNIT)))
      return vl_error_set(err, VL_EPARSE, r->file, line, "%s %s: provisional.%s names no field of it",
                          u->leader ? "leader" : "unit", u->u.id, field);
  } else {
    free((char *)r->units[b].u.provisional);
    if (!vl_units_dup_into((char **)&r->units[b].u.provisional, reason)) return vl_units_nomem(err);
  }
  return add_prov(r, b, f, line, reason, err);
}

int vl_roster_command_source(vl_roster *r, const char *command, const char *source,
                             const char *provisional, vl_error *err) {
  int c = find_bcommand(r, command ? command : "");
  int rc;
  if (c < 0) return vl_error_set(err, VL_EINVAL, r->file, 0, "unknown command '%s'", command);
  rc = vl_roster_set_source(r, -1 - c, source, err);
  if (rc == VL_OK && provisional != NULL)
    rc = vl_roster_set_provisional(r, -1 - c, NULL, provisional, r->commands[c].c.line, err);
  return rc;
}

typedef struct keyed {
  const char *key;
  int index;
} keyed;

static int keyed_cmp(const void *a, const void *b) {
  const keyed *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

/* idx[0..n-1] = the indices of keys[] in bytewise order of the keys (ties by index). 0 when out
** of memory. */
static int sort_index(int *idx, const char *const *keys, int n) {
  int i;
  keyed *k = malloc(sizeof *k * (size_t)(n + 1));
  if (k == NULL) return 0;
  for (i = 0; i < n; i++) {
    k[i].key = keys[i];
    k[i].index = i;
  }
  qsort(k, (size_t)n, sizeof *k, keyed_cmp);
  for (i = 0; i < n; i++) idx[i] = k[i].index;
  free(k);
  return 1;
}

/* A provisional record with its place in r->prov, so that the sort is stable. */
typedef struct ordered_prov {
  vl_provisional p;
  int order;
} ordered_prov;

static int prov_cmp(const void *a, const void *b) {
  const ordered_prov *x = a, *y = b;
  if (x->p.unit != y->p.unit) return (x->p.unit > y->p.unit) - (x->p.unit < y->p.unit);
  if (x->p.line != y->p.line) return (x->p.line > y->p.line) - (x->p.line < y->p.line);
  return (x->order > y->order) - (x->order < y->order);
}

/* Fills r->prov_out (allocated, n_prov + 1) with r->prov by unit, then line, then the order
** they were given. 0 when out of memory. */
static int sort_prov(vl_roster *r) {
  ordered_prov *o = malloc(sizeof *o * (size_t)(r->n_prov + 1));
  int i;
  if (o == NULL) return 0;
  for (i = 0; i < r->n_prov; i++) {
    o[i].p.unit = r->prov[i].unit;
    o[i].p.field = r->prov[i].field;
    o[i].p.line = r->prov[i].line;
    o[i].p.reason = r->prov[i].reason;
    o[i].order = i;
  }
  qsort(o, (size_t)r->n_prov, sizeof *o, prov_cmp);
  for (i = 0; i < r->n_prov; i++) r->prov_out[i] = o[i].p;
  free(o);
  return 1;
}

static int fail(vl_roster *r, int rc) {
  r->finished = -1;
  return rc;
}

int vl_roster_finish(vl_roster *r, vl_error *err) {
  vl_schema *s = r->schema;
  int i, f, rc;
  int *cperm = NULL, *uperm = NULL, *cinv = NULL, *uinv = NULL;
  const char **keys = NULL;
  char known[160];
  rc = check_building(r, err);
  if (rc != VL_OK) return rc;
  if (r->n_sides == 0) return fail(r, vl_error_set(err, VL_EPARSE, r->file, 0, "no sides declared"));
  /* commands: side, level, parent */
  for (i = 0; i < r->n_commands; i++) {
    bcommand *c = &r->commands[i];
    c->c.side = vl_roster_find_side(r, c->side_name ? c->side_name : "");
    if (c->c.side < 0) {
      vl_known_list(known, sizeof known, r, (size_t)r->n_sides, side_name);
      return fail(r, vl_error_set(err, VL_EPARSE, r->file, c->c.line,
                                  "command %s: unknown side '%s' (known: %s)", c->c.id,
                                  c->side_name ? c->side_name : "", known));
    }
    c->c.level = vl_schema_find_level(s, c->level_name ? c->level_name : "");
    if (c->c.level < 0) {
      levels_text(s, known, sizeof known);
      return fail(r, vl_error_set(err, VL_EPARSE, r->file, c->c.line,
                                  "command %s: unknown level '%s' (known, top first: %s)",
                                  c->c.id, c->level_name ? c->level_name : "", known));
    }
    c->c.parent = -1;
    if (c->parent_name != NULL) {
      int p = find_bcommand(r, c->parent_name);
      if (p < 0) {
        vl_known_list(known, sizeof known, r, (size_t)r->n_commands, command_name);
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, c->c.line,
                                    "command %s: unknown parent '%s' (known: %s)", c->c.id,
                                    c->parent_name, known));
      }
      c->c.parent = p;
    }
  }
  for (i = 0; i < r->n_commands; i++) {
    bcommand *c = &r->commands[i];
    if (c->c.parent >= 0) {
      bcommand *p = &r->commands[c->c.parent];
      if (p->c.side != c->c.side)
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, c->c.line,
                                    "command %s: its parent %s belongs to another side",
                                    c->c.id, p->c.id));
      if (p->c.level >= c->c.level)   /* also rules out cycles: levels strictly descend */
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, c->c.line,
                                    "command %s (%s) cannot be under %s (%s), a level no higher",
                                    c->c.id, vl_schema_level(s, c->c.level), p->c.id,
                                    vl_schema_level(s, p->c.level)));
    }
  }
  /* units: side, command, fields */
  for (i = 0; i < r->n_units; i++) {
    bunit *b = &r->units[i];
    const char *what = b->leader ? "leader" : "unit";
    b->u.side = vl_roster_find_side(r, b->side_name ? b->side_name : "");
    if (b->u.side < 0) {
      vl_known_list(known, sizeof known, r, (size_t)r->n_sides, side_name);
      return fail(r, vl_error_set(err, VL_EPARSE, r->file, b->u.line,
                                  "%s %s: unknown side '%s' (known: %s)", what, b->u.id,
                                  b->side_name ? b->side_name : "", known));
    }
    b->u.command = -1;
    if (b->command_name != NULL) {
      int c = find_bcommand(r, b->command_name);
      if (c < 0) {
        vl_known_list(known, sizeof known, r, (size_t)r->n_commands, command_name);
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, b->u.line,
                                    "%s %s: unknown command '%s' (known: %s)", what, b->u.id,
                                    b->command_name, known));
      }
      if (r->commands[c].c.side != b->u.side)
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, b->u.line,
                                    "%s %s: command %s belongs to another side", what, b->u.id,
                                    b->command_name));
      b->u.command = c;
    }
    for (f = 0; f < vl_schema_field_count(s); f++) {
      const vl_field *fd = vl_schema_field(s, f);
      if (!(fd->of & (b->leader ? VL_OF_LEADER : VL_OF_UNIT)) || b->given[f]) continue;
      if (!fd->has_default && fd->type != VL_FIELD_STRING)
        return fail(r, vl_error_set(err, VL_EPARSE, r->file, b->u.line, "%s %s: '%s' is missing",
                                    what, b->u.id, fd->name));
      if (fd->type == VL_FIELD_STRING) {
        if ((b->texts[f] = vl_units_dup(fd->dflt_text ? fd->dflt_text : "")) == NULL)
          return fail(r, vl_units_nomem(err));
      } else {
        b->values[f] = fd->dflt;
      }
    }
  }
  /* sort commands and units by id; remap every index */
  cperm = malloc(sizeof *cperm * (size_t)(r->n_commands + 1));
  cinv = malloc(sizeof *cinv * (size_t)(r->n_commands + 1));
  uperm = malloc(sizeof *uperm * (size_t)(r->n_units + 1));
  uinv = malloc(sizeof *uinv * (size_t)(r->n_units + 1));
  keys = calloc((size_t)(r->n_units + r->n_commands + 1), sizeof *keys);
  if (!cperm || !cinv || !uperm || !uinv || !keys) {
    rc = fail(r, vl_units_nomem(err));
    goto done;
  }
  for (i = 0; i < r->n_commands; i++) keys[i] = r->commands[i].c.id;
  if (!sort_index(cperm, keys, r->n_commands)) {
    rc = fail(r, vl_units_nomem(err));
    goto done;
  }
  for (i = 0; i < r->n_commands; i++) cinv[cperm[i]] = i;
  for (i = 0; i < r->n_units; i++) keys[i] = r->units[i].u.id;
  if (!sort_index(uperm, keys, r->n_units)) {
    rc = fail(r, vl_units_nomem(err));
    goto done;
  }
  for (i = 0; i < r->n_units; i++) uinv[uperm[i]] = i;
  {
    bcommand *nc = malloc(sizeof *nc * (size_t)(r->n_commands + 1));
    bunit *nu = malloc(sizeof *nu * (size_t)(r->n_units + 1));
    if (nc == NULL || nu == NULL) {
      free(nc);
      free(nu);
      rc = fail(r, vl_units_nomem(err));
      goto done;
    }
    for (i = 0; i < r->n_commands; i++) {
      nc[i] = r->commands[cperm[i]];
      if (nc[i].c.parent >= 0) nc[i].c.parent = cinv[nc[i].c.parent];
    }
    for (i = 0; i < r->n_units; i++) {
      nu[i] = r->units[uperm[i]];
      if (nu[i].u.command >= 0) nu[i].u.command = cinv[nu[i].u.command];
    }
    free(r->commands);
    free(r->units);
    id_clear(&r->unit_ids);      /* sorted now: binary search from here on */
    id_clear(&r->command_ids);
    r->commands = nc;
    r->cap_commands = r->n_commands + 1;
    r->units = nu;
    r->cap_units = r->n_units + 1;
  }
  for (i = 0; i < r->n_prov; i++) r->prov[i].unit = uinv[r->prov[i].unit];
  /* the public provisional list, by unit then line */
  r->prov_out = malloc(sizeof *r->prov_out * (size_t)(r->n_prov + 1));
  if (r->prov_out == NULL) {
    rc = fail(r, vl_units_nomem(err));
    goto done;
  }
  if (!sort_prov(r)) {
    rc = fail(r, vl_units_nomem(err));
    goto done;
  }
  for (i = 0; i < r->n_commands; i++) {
    bcommand *c = &r->commands[i];
    free(c->side_name);
    free(c->level_name);
    free(c->parent_name);
    c->side_name = c->level_name = c->parent_name = NULL;
  }
  r->finished = 1;
  vl_units_freeze(s);
  rc = VL_OK;
done:
  free(cperm);
  free(cinv);
  free(uperm);
  free(uinv);
  free(keys);
  return rc;
}

int vl_roster_finished(const vl_roster *r) { return r->finished == 1; }
const vl_schema *vl_roster_schema(const vl_roster *r) { return r->schema; }
const char *vl_roster_file(const vl_roster *r) { return r->file; }
int vl_roster_side_count(const vl_roster *r) { return r->n_sides; }
const char *vl_roster_side(const vl_roster *r, int i) {
  return i >= 0 && i < r->n_sides ? r->sides[i] : NULL;
}
int vl_roster_find_side(const vl_roster *r, const char *side) {
  int i;
  for (i = 0; i < r->n_sides; i++)
    if (strcmp(r->sides[i], side) == 0) return i;
  return -1;
}
int vl_roster_unit_count(const vl_roster *r) { return r->n_units; }
const vl_unit *vl_roster_unit(const vl_roster *r, int i) {
  return i >= 0 && i < r->n_units ? &r->units[i].u : NULL;
}

_Static_assert(offsetof(bunit, u.id) == 0, "a unit starts with its id");
_Static_assert(offsetof(bcommand, c.id) == 0, "a command starts with its id");
_Static_assert(offsetof(place, id) == 0, "a place starts with its id");

/* Binary search of id in n elements of `size` bytes sorted by id, each starting with its id
** (bunit, bcommand and place all do). The index, or -1. */
static int find_sorted(const void *base, size_t size, int n, const char *id) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    int c = strcmp(*(const char *const *)((const char *)base + (size_t)mid * size), id);
    if (c == 0) return mid;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return -1;
}

int vl_roster_find_unit(const vl_roster *r, const char *id) {
  if (r->finished != 1) return find_bunit(r, id);
  return find_sorted(r->units, sizeof *r->units, r->n_units, id);
}

int vl_roster_command_count(const vl_roster *r) { return r->n_commands; }
const vl_command *vl_roster_command(const vl_roster *r, int i) {
  return i >= 0 && i < r->n_commands ? &r->commands[i].c : NULL;
}
int vl_roster_find_command(const vl_roster *r, const char *id) {
  if (r->finished != 1) return find_bcommand(r, id);
  return find_sorted(r->commands, sizeof *r->commands, r->n_commands, id);
}

int vl_roster_place_count(const vl_roster *r) { return r->n_places; }
const char *vl_roster_place(const vl_roster *r, int i, int *kind) {
  if (i < 0 || i >= r->n_places) return NULL;
  if (kind != NULL) *kind = r->places[i].kind;
  return r->places[i].id;
}
int vl_roster_find_place(const vl_roster *r, const char *id, int *kind) {
  int i = find_sorted(r->places, sizeof *r->places, r->n_places, id);
  if (i >= 0 && kind != NULL) *kind = r->places[i].kind;
  return i;
}

int vl_roster_value(const vl_roster *r, int u, int f) {
  if (u < 0 || u >= r->n_units || f < 0 || f >= vl_schema_field_count(r->schema)) return 0;
  return r->units[u].values[f];
}

const char *vl_roster_text(const vl_roster *r, int u, int f) {
  if (u < 0 || u >= r->n_units || f < 0 || f >= vl_schema_field_count(r->schema)) return NULL;
  if (r->units[u].texts == NULL || vl_schema_field(r->schema, f)->type != VL_FIELD_STRING) return NULL;
  return r->units[u].texts[f] ? r->units[u].texts[f] : "";
}

int vl_roster_provisional_count(const vl_roster *r) { return r->finished == 1 ? r->n_prov : 0; }
const vl_provisional *vl_roster_provisional(const vl_roster *r, int i) {
  if (r->finished != 1 || i < 0 || i >= r->n_prov) return NULL;
  return &r->prov_out[i];
}

/* ---- the hierarchy ------------------------------------------------------------------------- */

int vl_roster_command_within(const vl_roster *r, int c, int a) {
  int guard = 0;
  while (c >= 0 && guard++ <= r->n_commands) {
    if (c == a) return 1;
    c = r->commands[c].c.parent;
  }
  return 0;
}

int vl_roster_command_leaders(const vl_roster *r, int c, int *out, int max) {
  int i, n = 0;
  if (c < 0) return 0;
  for (i = 0; i < r->n_units; i++)
    if ((r->units[i].u.classes & VL_CLASS_LEADER) && r->units[i].u.command == c) {
      if (n < max) out[n] = i;
      n++;
    }
  return n;
}

int vl_roster_superiors(const vl_roster *r, int l, int *out, int max) {
  int c;
  if (l < 0 || l >= r->n_units || !(r->units[l].u.classes & VL_CLASS_LEADER)) return 0;
  c = r->units[l].u.command;
  if (c < 0) return 0;
  return vl_roster_command_leaders(r, r->commands[c].c.parent, out, max);
}

int vl_roster_subcommands(const vl_roster *r, int c, int *out, int max) {
  int i, n = 0;
  for (i = 0; i < r->n_commands; i++)
    if (r->commands[i].c.parent == c) {
      if (n < max) out[n] = i;
      n++;
    }
  return n;
}
