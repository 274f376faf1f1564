/*
** value.c -- the value tree of game.vars: owned nodes, sorted maps, deep copies.
** A map is two parallel arrays (keys, values) kept sorted by key, bytewise, so lookups are
** binary searches and a walk is in canonical order without sorting.
*/
#include "volley/value.h"

#include <stdlib.h>
#include <string.h>

#include "volley/error.h"

typedef struct vkey {
  char *s;
  size_t len;
} vkey;

struct vl_value {
  vl_vtype type;
  union {
    int64_t i;
    int b;
    struct {
      char *s;
      size_t len;
    } str;
    vl_hex hex;
    int ref;
    struct {
      vl_value **items;
      size_t n, cap;
    } list;
    struct {
      vkey *keys;
      vl_value **vals;
      size_t n, cap;
    } map;
  } u;
};

static vl_value *node(vl_vtype t) {
  vl_value *v = calloc(1, sizeof *v);
  if (v != NULL) v->type = t;
  return v;
}

int vl_value_int_ok(int64_t n) {
  return n >= -VL_VALUE_INT_MAX && n <= VL_VALUE_INT_MAX;
}

vl_value *vl_value_int(int64_t n) {
  vl_value *v;
  if (!vl_value_int_ok(n)) return NULL;
  v = node(VL_V_INT);
  if (v != NULL) v->u.i = n;
  return v;
}

vl_value *vl_value_bool(int b) {
  vl_value *v = node(VL_V_BOOL);
  if (v != NULL) v->u.b = b != 0;
  return v;
}

vl_value *vl_value_str(const char *s, size_t len) {
  vl_value *v = node(VL_V_STR);
  if (v == NULL) return NULL;
  v->u.str.s = malloc(len + 1);
  if (v->u.str.s == NULL) {
    free(v);
    return NULL;
  }
  if (len > 0) memcpy(v->u.str.s, s, len);
  v->u.str.s[len] = '\0';
  v->u.str.len = len;
  return v;
}

vl_value *vl_value_hex(vl_hex h) {
  vl_value *v = node(VL_V_HEX);
  if (v != NULL) v->u.hex = h;
  return v;
}

vl_value *vl_value_ref(vl_vtype type, int index) {
  vl_value *v;
  if (type != VL_V_UNIT && type != VL_V_SPACE && type != VL_V_BOX) return NULL;
  v = node(type);
  if (v != NULL) v->u.ref = index;
  return v;
}

vl_value *vl_value_list(void) { return node(VL_V_LIST); }
vl_value *vl_value_map(void) { return node(VL_V_MAP); }

void vl_value_free(vl_value *v) {
  size_t i;
  if (v == NULL) return;
  switch (v->type) {
  case VL_V_STR: free(v->u.str.s); break;
  case VL_V_LIST:
    for (i = 0; i < v->u.list.n; i++) vl_value_free(v->u.list.items[i]);
    free(v->u.list.items);
    break;
  case VL_V_MAP:
    for (i = 0; i < v->u.map.n; i++) {
      free(v->u.map.keys[i].s);
      vl_value_free(v->u.map.vals[i]);
    }
    free(v->u.map.keys);
    free(v->u.map.vals);
    break;
  default: break;
  }
  free(v);
}

vl_value *vl_value_copy(const vl_value *v) {
  vl_value *c;
  size_t i;
  if (v == NULL) return NULL;
  switch (v->type) {
  case VL_V_STR: return vl_value_str(v->u.str.s, v->u.str.len);
  case VL_V_LIST:
    c = node(VL_V_LIST);
    if (c == NULL) return NULL;
    if (v->u.list.n > 0) {
      c->u.list.items = calloc(v->u.list.n, sizeof *c->u.list.items);
      if (c->u.list.items == NULL) {
        free(c);
        return NULL;
      }
      c->u.list.cap = v->u.list.n;
    }
    for (i = 0; i < v->u.list.n; i++) {
      c->u.list.items[i] = vl_value_copy(v->u.list.items[i]);
      c->u.list.n = i + 1;
      if (c->u.list.items[i] == NULL) {
        vl_value_free(c);
        return NULL;
      }
    }
    return c;
  case VL_V_MAP:
    c = node(VL_V_MAP);
    if (c == NULL) return NULL;
    if (v->u.map.n > 0) {
      c->u.map.keys = calloc(v->u.map.n, sizeof *c->u.map.keys);
      c->u.map.vals = calloc(v->u.map.n, sizeof *c->u.map.vals);
      c->u.map.cap = v->u.map.n;
      if (c->u.map.keys == NULL || c->u.map.vals == NULL) {
        vl_value_free(c);
        return NULL;
      }
    }
    for (i = 0; i < v->u.map.n; i++) {
      size_t len = v->u.map.keys[i].len;
      char *k = malloc(len + 1);
      vl_value *cv = vl_value_copy(v->u.map.vals[i]);
      if (k == NULL || cv == NULL) {
        free(k);
        vl_value_free(cv);
        vl_value_free(c);
        return NULL;
      }
      memcpy(k, v->u.map.keys[i].s, len + 1);
      c->u.map.keys[i].s = k;
      c->u.map.keys[i].len = len;
      c->u.map.vals[i] = cv;
      c->u.map.n = i + 1;
    }
    return c;
  default:
    c = node(v->type);
    if (c != NULL) c->u = v->u;
    return c;
  }
}

vl_vtype vl_value_type(const vl_value *v) { return v->type; }

int64_t vl_value_get_int(const vl_value *v) { return v->type == VL_V_INT ? v->u.i : 0; }

int vl_value_get_bool(const vl_value *v) { return v->type == VL_V_BOOL ? v->u.b : 0; }

const char *vl_value_get_str(const vl_value *v, size_t *len) {
  if (v->type != VL_V_STR) return NULL;
  if (len != NULL) *len = v->u.str.len;
  return v->u.str.s;
}

vl_hex vl_value_get_hex(const vl_value *v) {
  vl_hex zero = {0, 0};
  return v->type == VL_V_HEX ? v->u.hex : zero;
}

int vl_value_get_ref(const vl_value *v) {
  return (v->type == VL_V_UNIT || v->type == VL_V_SPACE || v->type == VL_V_BOX) ? v->u.ref : -1;
}

/* Bytewise key order; a key that is a prefix of another comes first. */
static int keycmp(const char *a, size_t alen, const char *b, size_t blen) {
  size_t n = alen < blen ? alen : blen;
  int c = n > 0 ? memcmp(a, b, n) : 0;
  if (c != 0) return c;
  return alen < blen ? -1 : alen > blen ? 1 : 0;
}

int vl_value_equal(const vl_value *a, const vl_value *b) {
  size_t i;
  if (a->type != b->type) return 0;
  switch (a->type) {
  case VL_V_INT: return a->u.i == b->u.i;
  case VL_V_BOOL: return a->u.b == b->u.b;
  case VL_V_STR: return keycmp(a->u.str.s, a->u.str.len, b->u.str.s, b->u.str.len) == 0;
  case VL_V_HEX: return a->u.hex.q == b->u.hex.q && a->u.hex.r == b->u.hex.r;
  case VL_V_UNIT:
  case VL_V_SPACE:
  case VL_V_BOX: return a->u.ref == b->u.ref;
  case VL_V_LIST:
    if (a->u.list.n != b->u.list.n) return 0;
    for (i = 0; i < a->u.list.n; i++)
      if (!vl_value_equal(a->u.list.items[i], b->u.list.items[i])) return 0;
    return 1;
  case VL_V_MAP:
    if (a->u.map.n != b->u.map.n) return 0;
    for (i = 0; i < a->u.map.n; i++) {
      if (keycmp(a->u.map.keys[i].s, a->u.map.keys[i].len, b->u.map.keys[i].s,
                 b->u.map.keys[i].len) != 0)
        return 0;
      if (!vl_value_equal(a->u.map.vals[i], b->u.map.vals[i])) return 0;
    }
    return 1;
  }
  return 0;
}

/* ---- lists --------------------------------------------------------------------------------- */

size_t vl_list_len(const vl_value *list) {
  return list->type == VL_V_LIST ? list->u.list.n : 0;
}

vl_value *vl_list_at(const vl_value *list, size_t i) {
  if (list->type != VL_V_LIST || i >= list->u.list.n) return NULL;
  return list->u.list.items[i];
}

int vl_list_push(vl_value *list, vl_value *item) {
  if (list->type != VL_V_LIST || item == NULL) {
    vl_value_free(item);
    return VL_EINVAL;
  }
  if (list->u.list.n == list->u.list.cap) {
    size_t cap = list->u.list.cap ? list->u.list.cap * 2 : 4;
    vl_value **items = realloc(list->u.list.items, cap * sizeof *items);
    if (items == NULL) {
      vl_value_free(item);
      return VL_ENOMEM;
    }
    list->u.list.items = items;
    list->u.list.cap = cap;
  }
  list->u.list.items[list->u.list.n++] = item;
  return VL_OK;
}

int vl_list_set(vl_value *list, size_t i, vl_value *item) {
  if (list->type != VL_V_LIST || i >= list->u.list.n || item == NULL) {
    vl_value_free(item);
    return VL_EINVAL;
  }
  vl_value_free(list->u.list.items[i]);
  list->u.list.items[i] = item;
  return VL_OK;
}

/* ---- maps ---------------------------------------------------------------------------------- */

size_t vl_map_len(const vl_value *map) { return map->type == VL_V_MAP ? map->u.map.n : 0; }

const char *vl_map_key(const vl_value *map, size_t i, size_t *klen) {
  if (map->type != VL_V_MAP || i >= map->u.map.n) return NULL;
  if (klen != NULL) *klen = map->u.map.keys[i].len;
  return map->u.map.keys[i].s;
}

vl_value *vl_map_value_at(const vl_value *map, size_t i) {
  if (map->type != VL_V_MAP || i >= map->u.map.n) return NULL;
  return map->u.map.vals[i];
}

/* Binary search: the index of key, or of where it would go (*found says which). */
static size_t map_find(const vl_value *map, const char *key, size_t klen, int *found) {
  size_t lo = 0, hi = map->u.map.n;
  *found = 0;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = keycmp(map->u.map.keys[mid].s, map->u.map.keys[mid].len, key, klen);
    if (c == 0) {
      *found = 1;
      return mid;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

vl_value *vl_map_get(const vl_value *map, const char *key, size_t klen) {
  int found;
  size_t i;
  if (map->type != VL_V_MAP) return NULL;
  i = map_find(map, key, klen, &found);
  return found ? map->u.map.vals[i] : NULL;
}

int vl_map_set(vl_value *map, const char *key, size_t klen, vl_value *v) {
  int found;
  size_t i;
  char *k;
  if (map->type != VL_V_MAP || v == NULL) {
    vl_value_free(v);
    return VL_EINVAL;
  }
  i = map_find(map, key, klen, &found);
  if (found) {
    vl_value_free(map->u.map.vals[i]);
    map->u.map.vals[i] = v;
    return VL_OK;
  }
  if (map->u.map.n == map->u.map.cap) {
    size_t cap = map->u.map.cap ? map->u.map.cap * 2 : 4;
    vkey *keys = realloc(map->u.map.keys, cap * sizeof *keys);
    vl_value **vals;
    if (keys == NULL) {
      vl_value_free(v);
      return VL_ENOMEM;
    }
    map->u.map.keys = keys;
    vals = realloc(map->u.map.vals, cap * sizeof *vals);
    if (vals == NULL) {
      vl_value_free(v);
      return VL_ENOMEM;
    }
    map->u.map.vals = vals;
    map->u.map.cap = cap;
  }
  k = malloc(klen + 1);
  if (k == NULL) {
    vl_value_free(v);
    return VL_ENOMEM;
  }
  if (klen > 0) memcpy(k, key, klen);
  k[klen] = '\0';
  memmove(map->u.map.keys + i + 1, map->u.map.keys + i, (map->u.map.n - i) * sizeof(vkey));
  memmove(map->u.map.vals + i + 1, map->u.map.vals + i,
          (map->u.map.n - i) * sizeof(vl_value *));
  map->u.map.keys[i].s = k;
  map->u.map.keys[i].len = klen;
  map->u.map.vals[i] = v;
  map->u.map.n++;
  return VL_OK;
}

int vl_map_remove(vl_value *map, const char *key, size_t klen) {
  int found;
  size_t i;
  if (map->type != VL_V_MAP) return 0;
  i = map_find(map, key, klen, &found);
  if (!found) return 0;
  free(map->u.map.keys[i].s);
  vl_value_free(map->u.map.vals[i]);
  memmove(map->u.map.keys + i, map->u.map.keys + i + 1, (map->u.map.n - i - 1) * sizeof(vkey));
  memmove(map->u.map.vals + i, map->u.map.vals + i + 1,
          (map->u.map.n - i - 1) * sizeof(vl_value *));
  map->u.map.n--;
  return 1;
}

size_t vl_value_bytes(const vl_value *v) {
  size_t n = sizeof *v, i;
  switch (v->type) {
  case VL_V_STR: return n + v->u.str.len + 1;
  case VL_V_LIST:
    n += v->u.list.cap * sizeof(vl_value *);
    for (i = 0; i < v->u.list.n; i++) n += vl_value_bytes(v->u.list.items[i]);
    return n;
  case VL_V_MAP:
    n += v->u.map.cap * (sizeof(vkey) + sizeof(vl_value *));
    for (i = 0; i < v->u.map.n; i++) n += v->u.map.keys[i].len + 1 + vl_value_bytes(v->u.map.vals[i]);
    return n;
  default: return n;
  }
}
