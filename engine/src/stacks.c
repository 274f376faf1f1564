/*
** stacks.c -- ordered stacks per location: items linked top to bottom, locations in a dense
** array found through an open-addressing hash index. A location once used keeps its entry
** (empty stacks are skipped by every listing), so entry indices never move and the items can
** hold them.
*/
#include "volley/stacks.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SIDES 8

typedef struct item {
  int above, below;   /* neighbours in the stack, -1 at the ends */
  int entry;          /* index into entries, -1 when unplaced */
  signed char side;
  unsigned char counted;
} item;

typedef struct entry {
  vl_loc loc;
  int top, bottom, count;
  int combat[SIDES];
} entry;

struct vl_stacks {
  int n_items, n_sides;
  item *items;
  entry *entries;
  int n_entries, cap_entries;
  int *slots;          /* entry index or -1; size cap_slots (a power of two) */
  int cap_slots;
};

vl_loc vl_loc_hex(vl_hex h) {
  vl_loc l;
  memset(&l, 0, sizeof l);
  l.kind = VL_LOC_HEX;
  l.hex = h;
  return l;
}

vl_loc vl_loc_place(int kind, int place) {
  vl_loc l;
  memset(&l, 0, sizeof l);
  l.kind = kind;
  l.place = place;
  return l;
}

vl_loc vl_loc_off(int kind) {
  vl_loc l;
  memset(&l, 0, sizeof l);
  l.kind = kind;
  return l;
}

int vl_loc_eq(vl_loc a, vl_loc b) {
  return a.kind == b.kind && a.hex.q == b.hex.q && a.hex.r == b.hex.r && a.place == b.place;
}

int vl_loc_cmp(vl_loc a, vl_loc b) {
  int c;
  if (a.kind != b.kind) return a.kind < b.kind ? -1 : 1;
  c = vl_hex_cmp(a.hex, b.hex);
  if (c != 0) return c;
  return a.place < b.place ? -1 : a.place > b.place ? 1 : 0;
}

static const char *const kind_words[VL_LOC_KINDS] = {
  "none", "hex", "space", "box", "eliminated", "exited", "set_aside", "hidden"
};

const char *vl_loc_kind_word(int kind) {
  return kind >= 0 && kind < VL_LOC_KINDS ? kind_words[kind] : NULL;
}

int vl_loc_kind_parse(const char *word) {
  int k;
  for (k = 0; k < VL_LOC_KINDS; k++)
    if (strcmp(word, kind_words[k]) == 0) return k;
  return -1;
}

/* ---- making, copying, freeing -------------------------------------------------------------- */

vl_stacks *vl_stacks_new(int n_items, int n_sides) {
  vl_stacks *s;
  int i;
  if (n_items < 0 || n_sides < 1 || n_sides > SIDES) return NULL;
  s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->n_items = n_items;
  s->n_sides = n_sides;
  s->items = malloc(sizeof *s->items * (size_t)(n_items ? n_items : 1));
  s->cap_slots = 64;
  s->slots = malloc(sizeof *s->slots * (size_t)s->cap_slots);
  if (s->items == NULL || s->slots == NULL) {
    vl_stacks_free(s);
    return NULL;
  }
  for (i = 0; i < n_items; i++) {
    s->items[i].above = s->items[i].below = s->items[i].entry = -1;
    s->items[i].side = 0;
    s->items[i].counted = 0;
  }
  for (i = 0; i < s->cap_slots; i++) s->slots[i] = -1;
  return s;
}

void vl_stacks_free(vl_stacks *s) {
  if (s == NULL) return;
  free(s->items);
  free(s->entries);
  free(s->slots);
  free(s);
}

vl_stacks *vl_stacks_copy(const vl_stacks *src) {
  vl_stacks *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  *s = *src;
  s->items = malloc(sizeof *s->items * (size_t)(src->n_items ? src->n_items : 1));
  s->entries = src->cap_entries ? malloc(sizeof *s->entries * (size_t)src->cap_entries) : NULL;
  s->slots = malloc(sizeof *s->slots * (size_t)src->cap_slots);
  if (s->items == NULL || s->slots == NULL || (src->cap_entries && s->entries == NULL)) {
    vl_stacks_free(s);
    return NULL;
  }
  memcpy(s->items, src->items, sizeof *s->items * (size_t)src->n_items);
  if (src->n_entries) memcpy(s->entries, src->entries, sizeof *s->entries * (size_t)src->n_entries);
  memcpy(s->slots, src->slots, sizeof *s->slots * (size_t)src->cap_slots);
  return s;
}

int vl_stacks_assign(vl_stacks *dst, const vl_stacks *src) {
  if (dst == src) return VL_OK;
  if (dst->n_items != src->n_items || dst->n_sides != src->n_sides) return VL_EINVAL;
  if (dst->cap_entries < src->n_entries) {
    entry *e = realloc(dst->entries, sizeof *e * (size_t)src->cap_entries);
    if (e == NULL) return VL_ENOMEM;
    dst->entries = e;
    dst->cap_entries = src->cap_entries;
  }
  if (dst->cap_slots != src->cap_slots) {
    int *sl = realloc(dst->slots, sizeof *sl * (size_t)src->cap_slots);
    if (sl == NULL) return VL_ENOMEM;
    dst->slots = sl;
    dst->cap_slots = src->cap_slots;
  }
  memcpy(dst->items, src->items, sizeof *dst->items * (size_t)src->n_items);
  if (src->n_entries)
    memcpy(dst->entries, src->entries, sizeof *dst->entries * (size_t)src->n_entries);
  dst->n_entries = src->n_entries;
  memcpy(dst->slots, src->slots, sizeof *dst->slots * (size_t)src->cap_slots);
  return VL_OK;
}

size_t vl_stacks_bytes(const vl_stacks *s) {
  return sizeof *s + sizeof *s->items * (size_t)s->n_items +
         sizeof *s->entries * (size_t)s->cap_entries + sizeof *s->slots * (size_t)s->cap_slots;
}

/* ---- the location index -------------------------------------------------------------------- */

static uint32_t loc_hash(vl_loc l) {
  uint64_t h = (uint64_t)(uint32_t)l.kind * 0x9E3779B97F4A7C15u;
  h ^= (uint64_t)(uint32_t)l.hex.q + 0x632BE59BD9B4E019u + (h << 6) + (h >> 2);
  h ^= (uint64_t)(uint32_t)l.hex.r + 0x85EBCA77C2B2AE63u + (h << 6) + (h >> 2);
  h ^= (uint64_t)(uint32_t)l.place + 0x27D4EB2F165667C5u + (h << 6) + (h >> 2);
  h ^= h >> 33;
  h *= 0xFF51AFD7ED558CCDu;
  h ^= h >> 33;
  return (uint32_t)h;
}

/* The entry of loc, or -1. */
static int find(const vl_stacks *s, vl_loc loc) {
  uint32_t mask = (uint32_t)s->cap_slots - 1u;
  uint32_t i = loc_hash(loc) & mask;
  for (;;) {
    int e = s->slots[i];
    if (e < 0) return -1;
    if (vl_loc_eq(s->entries[e].loc, loc)) return e;
    i = (i + 1u) & mask;
  }
}

static void slot_insert(int *slots, int cap, const entry *entries, int e) {
  uint32_t mask = (uint32_t)cap - 1u;
  uint32_t i = loc_hash(entries[e].loc) & mask;
  while (slots[i] >= 0) i = (i + 1u) & mask;
  slots[i] = e;
}

/* The entry of loc, made when missing; -1 when out of memory. */
static int find_or_add(vl_stacks *s, vl_loc loc) {
  int e = find(s, loc);
  entry *en;
  if (e >= 0) return e;
  if ((s->n_entries + 1) * 2 > s->cap_slots) {
    int cap = s->cap_slots * 2, i;
    int *sl = malloc(sizeof *sl * (size_t)cap);
    if (sl == NULL) return -1;
    for (i = 0; i < cap; i++) sl[i] = -1;
    for (i = 0; i < s->n_entries; i++) slot_insert(sl, cap, s->entries, i);
    free(s->slots);
    s->slots = sl;
    s->cap_slots = cap;
  }
  if (s->n_entries == s->cap_entries) {
    int cap = s->cap_entries ? s->cap_entries * 2 : 32;
    entry *ne = realloc(s->entries, sizeof *ne * (size_t)cap);
    if (ne == NULL) return -1;
    s->entries = ne;
    s->cap_entries = cap;
  }
  e = s->n_entries++;
  en = &s->entries[e];
  memset(en, 0, sizeof *en);
  en->loc = loc;
  en->top = en->bottom = -1;
  slot_insert(s->slots, s->cap_slots, s->entries, e);
  return e;
}

/* ---- moving items -------------------------------------------------------------------------- */

void vl_stacks_remove(vl_stacks *s, int i) {
  item *it;
  entry *en;
  if (i < 0 || i >= s->n_items) return;
  it = &s->items[i];
  if (it->entry < 0) return;
  en = &s->entries[it->entry];
  if (it->above >= 0)
    s->items[it->above].below = it->below;
  else
    en->top = it->below;
  if (it->below >= 0)
    s->items[it->below].above = it->above;
  else
    en->bottom = it->above;
  en->count--;
  if (it->counted) en->combat[it->side]--;
  it->above = it->below = it->entry = -1;
}

int vl_stacks_put(vl_stacks *s, int i, vl_loc loc, int pos, int side, int counted) {
  item *it;
  entry *en;
  int e, below;
  if (i < 0 || i >= s->n_items || side < 0 || side >= s->n_sides || loc.kind <= VL_LOC_NONE ||
      loc.kind >= VL_LOC_KINDS)
    return VL_EINVAL;
  vl_stacks_remove(s, i);
  e = find_or_add(s, loc);
  if (e < 0) return VL_ENOMEM;
  en = &s->entries[e];
  it = &s->items[i];
  it->side = (signed char)side;
  it->counted = counted != 0;
  it->entry = e;
  /* the item that will be just below the new one: -1 to go to the bottom */
  if (pos == 0) {
    below = en->top;
  } else if (pos < 0) {
    below = -1;
  } else {
    below = en->top;
    while (pos-- > 0 && below >= 0) below = s->items[below].below;
  }
  it->below = below;
  it->above = below >= 0 ? s->items[below].above : en->bottom;
  if (it->above >= 0)
    s->items[it->above].below = i;
  else
    en->top = i;
  if (below >= 0)
    s->items[below].above = i;
  else
    en->bottom = i;
  en->count++;
  if (it->counted) en->combat[side]++;
  return VL_OK;
}

/* ---- questions ----------------------------------------------------------------------------- */

vl_loc vl_stacks_where(const vl_stacks *s, int i) {
  if (i < 0 || i >= s->n_items || s->items[i].entry < 0) return vl_loc_off(VL_LOC_NONE);
  return s->entries[s->items[i].entry].loc;
}

int vl_stacks_position(const vl_stacks *s, int i) {
  int n = 0;
  if (i < 0 || i >= s->n_items || s->items[i].entry < 0) return -1;
  for (i = s->items[i].above; i >= 0; i = s->items[i].above) n++;
  return n;
}

int vl_stacks_top(const vl_stacks *s, vl_loc loc) {
  int e = find(s, loc);
  return e < 0 ? -1 : s->entries[e].top;
}

int vl_stacks_below(const vl_stacks *s, int i) {
  if (i < 0 || i >= s->n_items) return -1;
  return s->items[i].below;
}

int vl_stacks_count(const vl_stacks *s, vl_loc loc) {
  int e = find(s, loc);
  return e < 0 ? 0 : s->entries[e].count;
}

static int combat_of(const vl_stacks *s, const entry *en, unsigned sides) {
  int k, n = 0;
  for (k = 0; k < s->n_sides; k++)
    if (sides & VL_SIDE_BIT(k)) n += en->combat[k];
  return n;
}

int vl_stacks_combat_count(const vl_stacks *s, vl_loc loc, unsigned sides) {
  int e = find(s, loc);
  return e < 0 ? 0 : combat_of(s, &s->entries[e], sides);
}

int vl_stacks_list(const vl_stacks *s, vl_loc loc, int *out, int max) {
  int e = find(s, loc), n = 0, i;
  if (e < 0) return 0;
  for (i = s->entries[e].top; i >= 0; i = s->items[i].below) {
    if (n < max) out[n] = i;
    n++;
  }
  return n;
}

static int hex_cmp_q(const void *a, const void *b) {
  return vl_hex_cmp(*(const vl_hex *)a, *(const vl_hex *)b);
}

static int loc_cmp_q(const void *a, const void *b) {
  return vl_loc_cmp(*(const vl_loc *)a, *(const vl_loc *)b);
}

int vl_stacks_combat_hexes(const vl_stacks *s, unsigned sides, vl_hex *out, int max) {
  int e, n = 0;
  for (e = 0; e < s->n_entries; e++) {
    const entry *en = &s->entries[e];
    if (en->loc.kind != VL_LOC_HEX || combat_of(s, en, sides) == 0) continue;
    if (n < max) out[n] = en->loc.hex;
    n++;
  }
  if (n > 1 && n <= max) qsort(out, (size_t)n, sizeof *out, hex_cmp_q);  /* out may be NULL at 0 */
  return n;
}

int vl_stacks_locations(const vl_stacks *s, vl_loc *out, int max) {
  int e, n = 0;
  for (e = 0; e < s->n_entries; e++)
    if (s->entries[e].count > 0) n++;
  if (n > max) return n;   /* no partial answer: the caller asks again with room */
  n = 0;
  for (e = 0; e < s->n_entries; e++)
    if (s->entries[e].count > 0) out[n++] = s->entries[e].loc;
  if (n > 1) qsort(out, (size_t)n, sizeof *out, loc_cmp_q);
  return n;
}
