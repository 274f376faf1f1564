/*
** lua_copy.c -- plain data between two Lua states (a host and an engine-owned state, or two
** threads of them): nil, booleans, integers, strings, and tables of those keyed by strings
** or integers. Nothing else crosses: no functions, userdata, threads, metatables, non-integral
** numbers. The source is read raw (lua_next, lua_rawget) and never raised in; caps on depth
** and on the number of values bound the work, and a table that holds itself is refused.
*/
#include "lua_engine.h"

#include <stdio.h>
#include <string.h>

typedef struct copier {
  lua_State *to, *from;
  const void *path[VL_COPY_DEPTH + 1];  /* the tables being copied, outermost first */
  int depth;
  long items;
  char *msg;
  size_t n;
} copier;

static int fail(copier *c, const char *what) {
  snprintf(c->msg, c->n, "%s (only nil, booleans, integers, strings and tables of those "
                         "cross between Lua states)", what);
  return -1;
}

/* Pushes the number at idx of from onto to if it is integral; else fails. */
static int copy_number(copier *c, int idx) {
#if !VL_LUAJIT
  if (lua_isinteger(c->from, idx)) {
    lua_pushinteger(c->to, lua_tointeger(c->from, idx));
    return 0;
  }
#endif
  {
    lua_Number x = lua_tonumber(c->from, idx);
    /* NaN fails both comparisons; the range keeps the conversion below defined */
    if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0) ||
        (lua_Number)(long long)x != x)
      return fail(c, "a number that is not an integer");
#if VL_LUAJIT
    lua_pushnumber(c->to, x);
#else
    lua_pushinteger(c->to, (lua_Integer)x);
#endif
  }
  return 0;
}

static int copy(copier *c, int idx);

static int copy_table(copier *c, int idx) {
  const void *id = lua_topointer(c->from, idx);
  int i;
  for (i = 0; i < c->depth; i++)
    if (c->path[i] == id) return fail(c, "a table that holds itself");
  if (c->depth >= VL_COPY_DEPTH) return fail(c, "tables nested too deeply");
  if (!lua_checkstack(c->from, 3) || !lua_checkstack(c->to, 3))
    return fail(c, "no stack space");
  c->path[c->depth++] = id;
  lua_newtable(c->to);
  lua_pushnil(c->from);
  while (lua_next(c->from, idx) != 0) {
    int kt = lua_type(c->from, -2);
    if (kt != LUA_TSTRING && kt != LUA_TNUMBER) {
      lua_pop(c->from, 2);
      return fail(c, "a table key that is not a string or an integer");
    }
    if (copy(c, lua_gettop(c->from) - 1) != 0 || copy(c, lua_gettop(c->from)) != 0) {
      lua_pop(c->from, 2);
      return -1;
    }
    lua_rawset(c->to, -3);
    lua_pop(c->from, 1);
  }
  c->depth--;
  return 0;
}

/* Copies the value at idx (absolute) of from onto to. On failure nothing is left pushed on
** to by this call (a half-built table is popped by the caller's settop). */
static int copy(copier *c, int idx) {
  if (++c->items > VL_COPY_ITEMS) return fail(c, "too many values");
  switch (lua_type(c->from, idx)) {
  case LUA_TNONE:
  case LUA_TNIL: lua_pushnil(c->to); return 0;
  case LUA_TBOOLEAN: lua_pushboolean(c->to, lua_toboolean(c->from, idx)); return 0;
  case LUA_TNUMBER: return copy_number(c, idx);
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(c->from, idx, &len);
    lua_pushlstring(c->to, s, len);
    return 0;
  }
  case LUA_TTABLE: {
    int top = lua_gettop(c->to);
    if (copy_table(c, idx) != 0) {
      lua_settop(c->to, top);
      return -1;
    }
    return 0;
  }
  default: {
    char what[64];
    snprintf(what, sizeof what, "a %s", lua_typename(c->from, lua_type(c->from, idx)));
    return fail(c, what);
  }
  }
}

int vl_copy_value(lua_State *to, lua_State *from, int idx, char *msg, size_t n) {
  copier c;
  int top = lua_gettop(to);
  c.to = to;
  c.from = from;
  c.depth = 0;
  c.items = 0;
  c.msg = msg;
  c.n = n;
  if (!lua_checkstack(to, 4)) {
    snprintf(msg, n, "no stack space");
    return -1;
  }
  if (copy(&c, lua_absindex(from, idx)) != 0) {
    lua_settop(to, top);
    return -1;
  }
  return 0;
}
