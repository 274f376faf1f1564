/*
** lua_vars.c -- game.vars for Lua (DESIGN.md principle 2, docs/state.md): a "volley.vars"
** userdata in front of a store's value tree, and the typed ids ("volley.id") scripts keep in
** it. Values are copied in and out, never aliased: reading a table gives a fresh table, and
** changing that table changes nothing until it is written back. No __pairs and no __len (LuaJIT
** ignores both): walk the keys with vars:keys().
**
** Copying in refuses, with the path of the value ("game.vars.orders.twiggs[2]: ..."): a number
** that is not an integer (5.0 is stored as 5, 5.5 is refused), an integer beyond 2^53, NaN and
** infinities; a string holding a NUL byte or invalid UTF-8; a table whose keys are neither
** exactly 1..n (a list) nor all non-empty strings (a map; the empty table is an empty map);
** tables nested deeper than VL_VALUE_DEPTH_MAX (which catches a table holding itself);
** functions, threads and userdata other than ids; an id the store does not know. A map is
** converted in the sorted order of its keys, so the error reported is the same on every VM.
*/
#include "lua_store.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "volley/value.h"

#define PATH_MAX_TEXT 160
#define MSG_MAX 320

/* ---- typed ids ----------------------------------------------------------------------------- */

typedef struct lid {
  int kind;                 /* ID_HEX, ID_UNIT, ID_SPACE, ID_BOX */
  char text[VL_NAME_MAX];   /* the label or the id */
} lid;

enum { ID_HEX = 0, ID_UNIT, ID_SPACE, ID_BOX };
static const char *const id_kinds[] = {"hex", "unit", "space", "box", NULL};

static int id_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.' || c == '/';
}

static void push_id(lua_State *L, int kind, const char *text) {
  lid *d = lua_newuserdata(L, sizeof *d);
  d->kind = kind;
  snprintf(d->text, sizeof d->text, "%s", text);
  luaL_setmetatable(L, ID_TNAME);
}

/***
** A typed id to keep in game.vars: a hex, a unit (or leader), a track space or a box. It
** reads back as an id again (not a plain string), so a dump can name it and a view filter can
** find hidden units in the vars. Ids compare equal when kind and text are; `tostring` gives
** the text; `.kind` and `.id` read them. Whether the store knows the id is checked when it
** is stored.
** @function id
** @tparam string kind "hex", "unit", "space" or "box"
** @tparam string text a hex label or an id ([A-Za-z0-9_./-]+)
** @treturn id
** @usage vars.last_mover = state.id("unit", "5US-1")
*/
static int id_new(lua_State *L) {
  int kind = luaL_checkoption(L, 1, NULL, id_kinds);
  size_t len, i;
  const char *text = luaL_checklstring(L, 2, &len);
  luaL_argcheck(L, len > 0 && len < VL_NAME_MAX, 2, "an id of 1 to 63 characters expected");
  for (i = 0; i < len; i++)
    if (!id_char(text[i])) luaL_argerror(L, 2, "an id is [A-Za-z0-9_./-]+");
  push_id(L, kind, text);
  return 1;
}

static int id_eq(lua_State *L) {
  lid *a = vl_testudata(L, 1, ID_TNAME), *b = vl_testudata(L, 2, ID_TNAME);
  lua_pushboolean(L, a != NULL && b != NULL && a->kind == b->kind && strcmp(a->text, b->text) == 0);
  return 1;
}

static int id_tostring(lua_State *L) {
  lid *d = vl_checkudata(L, 1, ID_TNAME);
  lua_pushstring(L, d->text);
  return 1;
}

static int id_index(lua_State *L) {
  lid *d = vl_checkudata(L, 1, ID_TNAME);
  const char *k = luaL_checkstring(L, 2);
  if (strcmp(k, "kind") == 0) lua_pushstring(L, id_kinds[d->kind]);
  else if (strcmp(k, "id") == 0) lua_pushstring(L, d->text);
  else lua_pushnil(L);
  return 1;
}

static int id_newindex(lua_State *L) {
  return luaL_error(L, "an id is read-only");
}

/* ---- Lua -> value -------------------------------------------------------------------------- */

typedef struct conv {
  lua_State *L;
  const vl_state *st;
  char path[PATH_MAX_TEXT];
  char msg[MSG_MAX];
  int nomem;
} conv;

/* 1 when s[0..len) is UTF-8 without NUL bytes (no overlongs, no surrogates, <= U+10FFFF). */
static int good_text(const char *s, size_t len) {
  const unsigned char *p = (const unsigned char *)s, *e = p + len;
  while (p < e) {
    unsigned c = *p++;
    int more;
    unsigned cp, min;
    if (c == 0) return 0;
    if (c < 0x80) continue;
    if ((c & 0xE0) == 0xC0) more = 1, cp = c & 0x1F, min = 0x80;
    else if ((c & 0xF0) == 0xE0) more = 2, cp = c & 0x0F, min = 0x800;
    else if ((c & 0xF8) == 0xF0) more = 3, cp = c & 0x07, min = 0x10000;
    else return 0;
    if (e - p < more) return 0;
    while (more-- > 0) {
      if ((*p & 0xC0) != 0x80) return 0;
      cp = (cp << 6) | (*p++ & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  }
  return 1;
}

static int cfail(conv *c, const char *fmt, const char *a) {
  size_t n;
  snprintf(c->msg, sizeof c->msg, "%s: ", c->path);
  n = strlen(c->msg);
  snprintf(c->msg + n, sizeof c->msg - n, fmt, a ? a : "");
  return -1;
}

/* Appends ".key", "[\"key\"]" or "[n]" to the path; returns the old length to cut back to. */
static size_t path_push_key(conv *c, const char *k, size_t len) {
  size_t old = strlen(c->path), i;
  int plain = len > 0 && !(k[0] >= '0' && k[0] <= '9');
  for (i = 0; i < len && plain; i++)
    plain = (k[i] >= 'A' && k[i] <= 'Z') || (k[i] >= 'a' && k[i] <= 'z') ||
            (k[i] >= '0' && k[i] <= '9') || k[i] == '_';
  if (plain)
    snprintf(c->path + old, sizeof c->path - old, ".%.*s", (int)(len < 60 ? len : 60), k);
  else
    snprintf(c->path + old, sizeof c->path - old, "[\"%.*s\"]", (int)(len < 60 ? len : 60), k);
  return old;
}

static size_t path_push_index(conv *c, size_t i) {
  size_t old = strlen(c->path);
  snprintf(c->path + old, sizeof c->path - old, "[%lu]", (unsigned long)i);
  return old;
}

static int to_value(conv *c, int idx, int depth, vl_value **out);

typedef struct mkey {
  const char *s;
  size_t len;
} mkey;

static int mkey_cmp(const void *a, const void *b) {
  const mkey *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int r = n ? memcmp(x->s, y->s, n) : 0;
  if (r != 0) return r;
  return (x->len > y->len) - (x->len < y->len);
}

/* A table: a list (keys exactly 1..n) or a map (non-empty string keys). */
static int table_value(conv *c, int idx, int depth, vl_value **out) {
  lua_State *L = c->L;
  size_t n = 0, strings = 0, ints = 0, i;
  lua_Number maxint = 0;
  mkey *keys = NULL;
  vl_value *v;
  if (depth >= VL_VALUE_DEPTH_MAX) return cfail(c, "tables nest too deep (more than 32 levels)", NULL);
  if (!lua_checkstack(L, 6)) return c->nomem = 1, -1;   /* a slot a level: 33 and more */
  if (lua_getmetatable(L, idx)) {
    /* A weak table (__mode) would lose entries, and with them the keys kept below, whenever
    ** the collector runs while it is read: read a strong copy of it as it is now. */
    int rc;
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {   /* next tolerates entries the collector clears */
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
    rc = table_value(c, lua_gettop(L), depth, out);
    lua_pop(L, 1);
    return rc;
  }
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    n++;
    if (lua_type(L, -1) == LUA_TSTRING) {
      strings++;
    } else if (lua_type(L, -1) == LUA_TNUMBER) {
      lua_Number x = lua_tonumber(L, -1);
      if (x >= 1 && x == floor(x)) {
        ints++;
        if (x > maxint) maxint = x;
      } else {
        lua_pop(L, 1);
        return cfail(c, "a table key must be 1..n (a list) or a string (a map), not a number "
                        "like this one", NULL);
      }
    } else {
      const char *tn = luaL_typename(L, -1);
      lua_pop(L, 1);
      return cfail(c, "a table key must be 1..n (a list) or a string (a map), not a %s", tn);
    }
  }
  if (strings > 0 && ints > 0) return cfail(c, "a table mixes list items and map keys", NULL);
  if (ints > 0) {
    if (maxint != (lua_Number)ints) return cfail(c, "a list must have keys 1..n, with no holes", NULL);
    v = vl_value_list();
    if (v == NULL) return c->nomem = 1, -1;
    for (i = 1; i <= ints; i++) {
      vl_value *item;
      size_t old = path_push_index(c, i);
      lua_rawgeti(L, idx, (int)i);
      if (to_value(c, lua_gettop(L), depth + 1, &item) != 0) {
        lua_pop(L, 1);
        vl_value_free(v);
        return -1;
      }
      lua_pop(L, 1);
      c->path[old] = '\0';
      if (vl_list_push(v, item) != VL_OK) {
        vl_value_free(v);
        return c->nomem = 1, -1;
      }
    }
    *out = v;
    return 0;
  }
  v = vl_value_map();
  if (v == NULL) return c->nomem = 1, -1;
  if (n == 0) {
    *out = v;
    return 0;
  }
  keys = malloc(sizeof *keys * n);
  if (keys == NULL) {
    vl_value_free(v);
    return c->nomem = 1, -1;
  }
  i = 0;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    keys[i].s = lua_tolstring(L, -1, &keys[i].len);   /* a string key: no conversion */
    i++;
  }
  if (n > 1) qsort(keys, n, sizeof *keys, mkey_cmp);
  for (i = 0; i < n; i++) {
    vl_value *item;
    size_t old;
    if (keys[i].len == 0 || !good_text(keys[i].s, keys[i].len)) {
      free(keys);
      vl_value_free(v);
      return cfail(c, "a map key must be non-empty UTF-8 text without NUL bytes", NULL);
    }
    old = path_push_key(c, keys[i].s, keys[i].len);
    lua_pushlstring(L, keys[i].s, keys[i].len);
    lua_rawget(L, idx);
    if (to_value(c, lua_gettop(L), depth + 1, &item) != 0) {
      lua_pop(L, 1);
      free(keys);
      vl_value_free(v);
      return -1;
    }
    lua_pop(L, 1);
    c->path[old] = '\0';
    if (vl_map_set(v, keys[i].s, keys[i].len, item) != VL_OK) {
      free(keys);
      vl_value_free(v);
      return c->nomem = 1, -1;
    }
  }
  free(keys);
  *out = v;
  return 0;
}

static int id_value(conv *c, const lid *d, vl_value **out) {
  const vl_roster *r = vl_state_roster(c->st);
  vl_value *v = NULL;
  switch (d->kind) {
  case ID_HEX: {
    vl_hex h;
    vl_error err;
    if (vl_hex_parse(vl_state_grid(c->st), d->text, &h, &err) != VL_OK)
      return cfail(c, "%s", err.msg);
    v = vl_value_hex(h);
    break;
  }
  case ID_UNIT: {
    int u = vl_roster_find_unit(r, d->text);
    if (u < 0) return cfail(c, "no unit '%s'", d->text);
    v = vl_value_ref(VL_V_UNIT, u);
    break;
  }
  default: {
    int kind = 0, want = d->kind == ID_SPACE ? VL_PLACE_SPACE : VL_PLACE_BOX;
    int p = vl_roster_find_place(r, d->text, &kind);
    if (p < 0 || kind != want)
      return cfail(c, d->kind == ID_SPACE ? "no track space '%s'" : "no box '%s'", d->text);
    v = vl_value_ref(d->kind == ID_SPACE ? VL_V_SPACE : VL_V_BOX, p);
    break;
  }
  }
  if (v == NULL) return c->nomem = 1, -1;
  *out = v;
  return 0;
}

/* Converts the Lua value at idx; 0, or -1 with c->msg (or c->nomem) set. */
static int to_value(conv *c, int idx, int depth, vl_value **out) {
  lua_State *L = c->L;
  *out = NULL;
  switch (lua_type(L, idx)) {
  case LUA_TBOOLEAN:
    *out = vl_value_bool(lua_toboolean(L, idx));
    break;
  case LUA_TNUMBER: {
    lua_Number x;
    char num[64];
#if LUA_VERSION_NUM >= 503
    if (lua_isinteger(L, idx)) {
      lua_Integer n = lua_tointeger(L, idx);
      if (!vl_value_int_ok((int64_t)n)) {
        snprintf(num, sizeof num, LUA_INTEGER_FMT, n);
        return cfail(c, "%s is beyond 2^53 (integers the state holds on every VM)", num);
      }
      *out = vl_value_int((int64_t)n);
      break;
    }
#endif
    x = lua_tonumber(L, idx);
    snprintf(num, sizeof num, "%.14g", (double)x);
    if (x != x || x == HUGE_VAL || x == -HUGE_VAL)
      return cfail(c, "%s is not an integer (the state holds integers only)", num);
    if (x != floor(x)) return cfail(c, "%s is not an integer (the state holds integers only)", num);
    if (x > 9007199254740992.0 || x < -9007199254740992.0)
      return cfail(c, "%s is beyond 2^53 (integers the state holds on every VM)", num);
    *out = vl_value_int((int64_t)x);
    break;
  }
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (!good_text(s, len)) return cfail(c, "a string must be UTF-8 text without NUL bytes", NULL);
    *out = vl_value_str(s, len);
    break;
  }
  case LUA_TTABLE:
    return table_value(c, idx, depth, out);
  case LUA_TUSERDATA: {
    lid *d = vl_testudata(L, idx, ID_TNAME);
    if (d != NULL) return id_value(c, d, out);
    return cfail(c, "the state cannot hold a userdata (only ids from state.id)", NULL);
  }
  default:
    return cfail(c, "the state cannot hold a %s", luaL_typename(L, idx));
  }
  if (*out == NULL) return c->nomem = 1, -1;
  return 0;
}

/* Raises c's error as the caller's (level 2): "file:line: game.vars.x: ...". */
static int raise(conv *c) {
  lua_State *L = c->L;
  if (c->nomem) return luaL_error(L, "not enough memory");
  luaL_where(L, 2);
  lua_pushstring(L, c->msg);
  lua_concat(L, 2);
  return lua_error(L);
}

/* ---- value -> Lua -------------------------------------------------------------------------- */

static void push_value(lua_State *L, const vl_state *st, const vl_value *v, int depth) {
  size_t i, len;
  luaL_checkstack(L, 4, "game.vars nest too deep");
  switch (vl_value_type(v)) {
  case VL_V_INT: lua_pushinteger(L, (lua_Integer)vl_value_get_int(v)); break;
  case VL_V_BOOL: lua_pushboolean(L, vl_value_get_bool(v)); break;
  case VL_V_STR: {
    const char *s = vl_value_get_str(v, &len);
    lua_pushlstring(L, s, len);
    break;
  }
  case VL_V_HEX: {
    char label[VL_HEX_LABEL_MAX];
    if (vl_hex_format(vl_state_grid(st), vl_value_get_hex(v), label, sizeof label) < 0)
      snprintf(label, sizeof label, "?");
    push_id(L, ID_HEX, label);
    break;
  }
  case VL_V_UNIT:
    push_id(L, ID_UNIT, vl_roster_unit(vl_state_roster(st), vl_value_get_ref(v))->id);
    break;
  case VL_V_SPACE:
  case VL_V_BOX:
    push_id(L, vl_value_type(v) == VL_V_SPACE ? ID_SPACE : ID_BOX,
            vl_roster_place(vl_state_roster(st), vl_value_get_ref(v), NULL));
    break;
  case VL_V_LIST:
    lua_createtable(L, (int)vl_list_len(v), 0);
    for (i = 0; i < vl_list_len(v); i++) {
      push_value(L, st, vl_list_at(v, i), depth + 1);
      lua_rawseti(L, -2, (int)i + 1);
    }
    break;
  case VL_V_MAP:
    lua_createtable(L, 0, (int)vl_map_len(v));
    for (i = 0; i < vl_map_len(v); i++) {
      const char *k = vl_map_key(v, i, &len);
      lua_pushlstring(L, k, len);
      push_value(L, st, vl_map_value_at(v, i), depth + 1);
      lua_rawset(L, -3);
    }
    break;
  }
}

vl_value *vl_lua_tovalue(lua_State *L, const vl_state *st, int idx, const char *root) {
  conv c;
  vl_value *v = NULL;
  c.L = L;
  c.st = st;
  c.nomem = 0;
  c.msg[0] = '\0';
  snprintf(c.path, sizeof c.path, "%s", root);
  if (to_value(&c, lua_absindex(L, idx), 0, &v) != 0) raise(&c);
  return v;
}

void vl_lua_pushvalue(lua_State *L, const vl_state *st, const vl_value *v) {
  push_value(L, st, v, 0);
}

/* ---- the vars object ----------------------------------------------------------------------- */

static const char *const methods[] = {"keys", "get", "set", NULL};

/* The store behind the vars object at idx. */
static vl_state *vars_store(lua_State *L, int idx) {
  vl_state *st;
  vl_checkudata(L, idx, VARS_TNAME);
  vl_lua_getuservalue(L, idx);
  st = vl_lua_checkstore(L, lua_gettop(L));
  lua_pop(L, 1);   /* the vars object keeps the store alive */
  return st;
}

/* Walks the keys at args first..last from the root: returns the node, or NULL when a key is
** missing (or indexes something that is no container). Keys are strings for maps, integers
** from 1 for lists. Writes the path walked into c->path. */
static vl_value *walk(lua_State *L, conv *c, vl_value *root, int first, int last) {
  vl_value *v = root;
  int a;
  for (a = first; a <= last && v != NULL; a++) {
    if (vl_value_type(v) == VL_V_MAP) {
      size_t len;
      const char *k;
      if (lua_type(L, a) != LUA_TSTRING) luaL_argerror(L, a, "a map key (string) expected");
      k = lua_tolstring(L, a, &len);
      path_push_key(c, k, len);
      v = vl_map_get(v, k, len);
    } else if (vl_value_type(v) == VL_V_LIST) {
      lua_Number x = luaL_checknumber(L, a);
      if (!(x >= 1 && x == floor(x) && x <= (lua_Number)vl_list_len(v))) return NULL;
      path_push_index(c, (size_t)x);
      v = vl_list_at(v, (size_t)x - 1);
    } else {
      return NULL;
    }
  }
  return v;
}

static void conv_init(conv *c, lua_State *L, const vl_state *st) {
  c->L = L;
  c->st = st;
  c->nomem = 0;
  c->msg[0] = '\0';
  snprintf(c->path, sizeof c->path, "game.vars");
}

/***
** The sorted keys of game.vars, or of the map found by walking the given keys.
** @function vars:keys
** @param ... keys leading to a nested map (none: the top)
** @treturn {string,...} in bytewise order
** @raise when the keys do not lead to a map
** @usage for _, k in ipairs(game.vars:keys()) do ... end
*/
static int vars_keys(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  conv c;
  vl_value *v;
  size_t i, len;
  conv_init(&c, L, st);
  v = walk(L, &c, vl_state_vars(st), 2, lua_gettop(L));
  if (v == NULL || vl_value_type(v) != VL_V_MAP) {
    snprintf(c.msg, sizeof c.msg, "%s is not a map", c.path);
    return raise(&c);
  }
  lua_createtable(L, (int)vl_map_len(v), 0);
  for (i = 0; i < vl_map_len(v); i++) {
    const char *k = vl_map_key(v, i, &len);
    lua_pushlstring(L, k, len);
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/***
** A copy of the value found by walking the keys (nil when missing): `vars:get("orders",
** "twiggs")` is `vars.orders.twiggs` without copying all of `orders`.
** @function vars:get
** @param ... keys
** @return the value (a fresh copy) or nil
*/
static int vars_get(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  conv c;
  vl_value *v;
  conv_init(&c, L, st);
  luaL_argcheck(L, lua_gettop(L) >= 2, 2, "a key expected");
  v = walk(L, &c, vl_state_vars(st), 2, lua_gettop(L));
  if (v == NULL) lua_pushnil(L);
  else push_value(L, st, v, 0);
  return 1;
}

/* Sets (or, for nil, removes) the last key under the container the other keys lead to. The
** value is at index `val`, the keys at first..last. */
static int set_path(lua_State *L, vl_state *st, int first, int last, int val) {
  conv c;
  vl_value *parent, *nv = NULL;
  size_t len;
  conv_init(&c, L, st);
  parent = walk(L, &c, vl_state_vars(st), first, last - 1);
  if (parent == NULL || (vl_value_type(parent) != VL_V_MAP && vl_value_type(parent) != VL_V_LIST)) {
    snprintf(c.msg, sizeof c.msg, "%s is not a map or a list", c.path);
    return raise(&c);
  }
  if (vl_value_type(parent) == VL_V_MAP) {
    const char *k;
    int m;
    if (lua_type(L, last) != LUA_TSTRING) luaL_argerror(L, last, "a map key (string) expected");
    k = lua_tolstring(L, last, &len);
    if (first == last)
      for (m = 0; methods[m]; m++)
        if (strcmp(k, methods[m]) == 0) {
          snprintf(c.msg, sizeof c.msg, "game.vars: '%s' is a method name, not a variable", k);
          return raise(&c);
        }
    if (len == 0 || !good_text(k, len)) {
      snprintf(c.msg, sizeof c.msg, "%s: a map key must be non-empty UTF-8 text without NUL bytes",
               c.path);
      return raise(&c);
    }
    path_push_key(&c, k, len);
    if (lua_isnil(L, val)) {
      vl_map_remove(parent, k, len);
      return 0;
    }
    if (to_value(&c, val, 0, &nv) != 0) return raise(&c);
    if (vl_map_set(parent, k, len, nv) != VL_OK) return luaL_error(L, "not enough memory");
    return 0;
  } else {
    lua_Number x = luaL_checknumber(L, last);
    size_t n = vl_list_len(parent);
    if (!(x >= 1 && x == floor(x) && x <= (lua_Number)n + 1))
      luaL_argerror(L, last, "a list index from 1 to its length + 1 expected");
    path_push_index(&c, (size_t)x);
    if (lua_isnil(L, val)) {
      snprintf(c.msg, sizeof c.msg, "%s: a list holds no nil", c.path);
      return raise(&c);
    }
    if (to_value(&c, val, 0, &nv) != 0) return raise(&c);
    if ((size_t)x == n + 1) {
      if (vl_list_push(parent, nv) != VL_OK) return luaL_error(L, "not enough memory");
    } else {
      vl_list_set(parent, (size_t)x - 1, nv);
    }
    return 0;
  }
}

/***
** Sets the value found by walking the keys (the last key is set under the map or list the
** others lead to); nil removes a map key. `vars:set("orders", "twiggs", "attack")` changes one
** entry of a nested map in place.
** @function vars:set
** @param ... keys, then the value
** @raise for a value the state cannot hold (see the module notes), with its path
*/
static int vars_set(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  int top = lua_gettop(L);
  luaL_argcheck(L, top >= 3, 3, "keys and a value expected");
  return set_path(L, st, 2, top - 1, top);
}

static int vars_index(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  int m;
  size_t len;
  const char *k;
  vl_value *v;
  if (lua_type(L, 2) != LUA_TSTRING) return luaL_argerror(L, 2, "a variable name (string) expected");
  k = lua_tolstring(L, 2, &len);
  for (m = 0; methods[m]; m++)
    if (strcmp(k, methods[m]) == 0) {
      lua_pushcfunction(L, m == 0 ? vars_keys : m == 1 ? vars_get : vars_set);
      return 1;
    }
  v = vl_map_get(vl_state_vars(st), k, len);
  if (v == NULL) lua_pushnil(L);
  else push_value(L, st, v, 0);
  return 1;
}

static int vars_newindex(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  return set_path(L, st, 2, 2, 3);
}

static int vars_tostring(lua_State *L) {
  vl_state *st = vars_store(L, 1);
  lua_pushfstring(L, "volley.vars (%d keys)", (int)vl_map_len(vl_state_vars(st)));
  return 1;
}

void vl_lua_pushvars(lua_State *L, int store) {
  store = lua_absindex(L, store);
  vl_lua_getuservalue(L, store);
  if (!lua_isnil(L, -1)) return;
  lua_pop(L, 1);
  lua_newuserdata(L, 1);
  luaL_setmetatable(L, VARS_TNAME);
  lua_pushvalue(L, store);
  vl_lua_setuservalue(L, -2);      /* the vars object keeps the store alive... */
  lua_pushvalue(L, -1);
  vl_lua_setuservalue(L, store);   /* ...and the store its one vars object */
}

static const luaL_Reg vars_meta[] = {
  {"__index", vars_index},
  {"__newindex", vars_newindex},
  {"__tostring", vars_tostring},
  {NULL, NULL}
};

static const luaL_Reg id_meta[] = {
  {"__eq", id_eq},
  {"__tostring", id_tostring},
  {"__index", id_index},
  {"__newindex", id_newindex},
  {NULL, NULL}
};

void vl_lua_open_vars(lua_State *L) {
  if (luaL_newmetatable(L, VARS_TNAME)) {
    vl_setfuncs(L, vars_meta);
    lua_pushliteral(L, "volley.vars");
    lua_setfield(L, -2, "__metatable");
  }
  lua_pop(L, 1);
  if (luaL_newmetatable(L, ID_TNAME)) vl_setfuncs(L, id_meta);
  lua_pop(L, 1);
  lua_pushcfunction(L, id_new);
  lua_setfield(L, -2, "id");
}
