/*
** lua_sandbox_lib.c -- the library functions of scripts that do their work in C, where the
** count hook never fires (docs/modding.md "Limits"): volley's own `table.insert`, `remove`,
** `concat`, `unpack` and `sort`, and the string and math functions that take any number of
** arguments (`string.format`, `string.char`, `math.max`, `math.min`).
**
** The table functions read and write the table raw -- `__index`, `__newindex` and `__len` are
** never called, as LuaJIT's own table functions never call them -- so they behave alike on both
** VMs, and what they cost is known: each element they shift or visit and each comparison is
** charged to the running call as it happens (vl_sandbox_charge, which also reads the time
** guard), a comparison of two strings one instruction more for every 64 bytes it may read.
** Lua 5.4's own functions follow a script's `__len` and call a C function set as `__index`
** or `__newindex` (`rawget`, `rawequal`) up to 2^63 times; both VMs' sorts compare long
** strings in C for minutes, take n^2 comparisons on an input made for them, and Lua 5.4's
** picks pivots from the clock once a partition is lopsided. `sort` here is a merge sort:
** stable, about n log2 n comparisons at worst, the same order on both VMs for any comparison
** function. The length they take is vl_sandbox_border's, the same on both VMs.
**
** The varargs string and math functions are the stock ones (LuaJIT's char, max and min, which
** have no C entry, are written here), called in the same frame after charging one instruction
** an argument and one for every 64 bytes of a string argument: converting "000...1" to a
** number, or comparing two such strings, reads all of it.
*/
#include "lua_engine.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

/* ======================================================================================= */
/* {====== raw access at any integer index                                                 */

/* Pushes t[i] (t an absolute index), raw. LuaJIT's lua_rawgeti takes an int. */
static void get_at(lua_State *L, int t, lua_Integer i) {
#if VL_LUAJIT
  if (i >= INT_MIN && i <= INT_MAX) {
    lua_rawgeti(L, t, (int)i);
    return;
  }
  lua_pushnumber(L, (lua_Number)i);
  lua_rawget(L, t);
#else
  lua_rawgeti(L, t, i);
#endif
}

/* t[i] = the value on top (popped), raw. */
static void set_at(lua_State *L, int t, lua_Integer i) {
#if VL_LUAJIT
  if (i >= INT_MIN && i <= INT_MAX) {
    lua_rawseti(L, t, (int)i);
    return;
  }
  lua_pushnumber(L, (lua_Number)i);
  lua_insert(L, -2);
  lua_rawset(L, t);
#else
  lua_rawseti(L, t, i);
#endif
}

/* The length the table functions take: the one border both VMs agree on (lua_rawlen's
** differs between them for a table with holes). */
static lua_Integer raw_len(lua_State *L, int t) {
  return vl_sandbox_border(L, t);
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== insert, remove, concat, unpack                                                  */

/* table.insert(t, [pos,] v): v at pos (default: after the last element), shifting up. */
static int t_insert(lua_State *L) {
  lua_Integer first_free, pos, i;
  luaL_checktype(L, 1, LUA_TTABLE);
  first_free = raw_len(L, 1) + 1;
  switch (lua_gettop(L)) {
  case 2:
    pos = first_free;
    vl_sandbox_charge(L, 1);
    break;
  case 3:
    pos = vl_checkint(L, 2);
    luaL_argcheck(L, pos >= 1 && pos <= first_free, 2, "position out of bounds");
    vl_sandbox_charge(L, (unsigned long)(first_free - pos) + 1);
    for (i = first_free; i > pos; i--) {  /* t[i] = t[i - 1] */
      get_at(L, 1, i - 1);
      set_at(L, 1, i);
    }
    break;
  default:
    return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  set_at(L, 1, pos);                       /* v is on top */
  return 0;
}

/* table.remove(t [, pos]) -> t[pos]: removes it (default: the last element), shifting down. */
static int t_remove(lua_State *L) {
  lua_Integer size, pos;
  luaL_checktype(L, 1, LUA_TTABLE);
  size = raw_len(L, 1);
  pos = vl_optint(L, 2, size);
  if (pos != size)                         /* a position given: 1 .. size + 1 */
    luaL_argcheck(L, pos >= 1 && pos <= size + 1, 2, "position out of bounds");
  vl_sandbox_charge(L, (unsigned long)(pos < size ? size - pos : 0) + 1);
  get_at(L, 1, pos);                       /* the result */
  for (; pos < size; pos++) {              /* t[pos] = t[pos + 1] */
    get_at(L, 1, pos + 1);
    set_at(L, 1, pos);
  }
  lua_pushnil(L);
  set_at(L, 1, pos);
  return 1;
}

/* table.concat(t [, sep [, i [, j]]]): t[i] .. sep .. ... .. t[j], strings and numbers. */
static int t_concat(lua_State *L) {
  luaL_Buffer b;
  size_t lsep;
  const char *sep;
  lua_Integer i, last;
  luaL_checktype(L, 1, LUA_TTABLE);
  sep = vl_optlstring(L, 2, "", &lsep);
  i = vl_optint(L, 3, 1);
  last = lua_isnoneornil(L, 4) ? raw_len(L, 1) : vl_checkint(L, 4);
  luaL_buffinit(L, &b);
  for (; i <= last; i++) {
    vl_sandbox_charge(L, 1);
    get_at(L, 1, i);
    if (!lua_isstring(L, -1)) {
      char at[32];
      snprintf(at, sizeof at, "%lld", (long long)i);
      return luaL_error(L, "invalid value (at index %s) in table for 'concat'", at);
    }
    vl_checklstring(L, lua_gettop(L), NULL);   /* a number's text as scripts write it */
    luaL_addvalue(&b);
    if (i == last) break;                  /* (i++ could overflow) */
    luaL_addlstring(&b, sep, lsep);
  }
  luaL_pushresult(&b);
  return 1;
}

/* table.unpack(t [, i [, j]]) -> t[i], ..., t[j]. */
static int t_unpack(lua_State *L) {
  lua_Integer i, last;
  unsigned long long n;
  luaL_checktype(L, 1, LUA_TTABLE);
  i = vl_optint(L, 2, 1);
  last = lua_isnoneornil(L, 3) ? raw_len(L, 1) : vl_checkint(L, 3);
  if (i > last) return 0;
  n = (unsigned long long)last - (unsigned long long)i;  /* (no signed overflow) */
  if (n >= (unsigned long long)INT_MAX - 1)
    return luaL_error(L, "too many results to unpack");
  if (!lua_checkstack(L, (int)n + 1)) return luaL_error(L, "too many results to unpack");
  vl_sandbox_charge(L, (unsigned long)n + 1);
  for (; i < last; i++) get_at(L, 1, i);
  get_at(L, 1, last);
  return (int)n + 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== sort                                                                            */

/* Whether a < b for the two values on top (a below b), popping them: by the comparison
** function at index 2 if there is one (has_cmp), else by Lua's `<`. Charges one instruction,
** and for two strings one more per 64 bytes the comparison may read; the same string is not
** less than itself, and is not read. */
static int less(lua_State *L, int has_cmp) {
  unsigned long cost = 1;
  int r;
  if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TSTRING) {
    const void *a = lua_topointer(L, -2);
    size_t la, lb;
    if (!has_cmp && a != NULL && a == lua_topointer(L, -1)) {
      lua_pop(L, 2);
      vl_sandbox_charge(L, 1);
      return 0;
    }
    lua_tolstring(L, -2, &la);
    lua_tolstring(L, -1, &lb);
    cost += (unsigned long)((la < lb ? la : lb) / VL_BUDGET_BYTES_PER_INSTR);
  }
  vl_sandbox_charge(L, cost);
  if (has_cmp) {
    lua_pushvalue(L, 2);
    lua_insert(L, -3);
    lua_call(L, 2, 1);
    r = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return r;
  }
#if VL_LUAJIT
  r = lua_lessthan(L, -2, -1);
#else
  r = lua_compare(L, -2, -1, LUA_OPLT);
#endif
  lua_pop(L, 2);
  return r;
}

/* Merges t[lo .. mid-1] and t[mid .. hi-1], each in order, in place, with the scratch table
** at index 3 (the left run is copied there first): an element of the right run goes first only
** when it is less than the left one's, so equal elements keep their order (stable). When the
** right run's first is not less than the left run's last, the runs are in order already and
** nothing moves. Charges each element moved. */
static void merge(lua_State *L, int has_cmp, lua_Integer lo, lua_Integer mid, lua_Integer hi) {
  lua_Integer a = 1, alen = mid - lo, b = mid, o = lo, i;
  get_at(L, 1, mid);
  get_at(L, 1, mid - 1);
  if (!less(L, has_cmp)) return;
  vl_sandbox_charge(L, (unsigned long)(alen + (hi - lo)));
  for (i = 0; i < alen; i++) {
    get_at(L, 1, lo + i);
    set_at(L, 3, i + 1);
  }
  while (a <= alen && b < hi) {            /* o < b: t[o] was read already */
    get_at(L, 1, b);
    get_at(L, 3, a);
    if (less(L, has_cmp))
      get_at(L, 1, b++);
    else
      get_at(L, 3, a++);
    set_at(L, 1, o++);
  }
  for (; a <= alen; a++) {                 /* (what is left of the right run is in place) */
    get_at(L, 3, a);
    set_at(L, 1, o++);
  }
}

/* table.sort(t [, comp]): sorts t[1..n] (n the border vl_sandbox_border finds; comp(a, b) true
** when a must come before b, default `<`). A bottom-up merge sort: stable, at most about
** n log2 n comparisons whatever the input (n - 1 when it is in order already), and the same
** comparisons in the same order on both VMs, so the same result for any comparison function,
** even one that is not an order (which gives some permutation instead of Lua's "invalid order
** function for sorting"). Its scratch is a table of n/2 slots (the call's memory). An error
** raised by comp leaves t as the merge under way left it: elements of one run may be
** missing, others twice (Lua's own sort leaves some permutation). */
static int t_sort(lua_State *L) {
  lua_Integer n, width;
  int has_cmp;
  luaL_checktype(L, 1, LUA_TTABLE);
  has_cmp = !lua_isnoneornil(L, 2);
  if (has_cmp) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  n = raw_len(L, 1);
  if (n < 2) return 0;
  luaL_argcheck(L, n < INT_MAX, 1, "array too big");
  lua_createtable(L, (int)(n / 2 + 1), 0); /* 3: the scratch */
  for (width = 1; width < n; width *= 2) {
    lua_Integer lo;
    for (lo = 1; lo + width <= n; lo += 2 * width) {
      lua_Integer hi = lo + 2 * width <= n ? lo + 2 * width : n + 1;
      merge(L, has_cmp, lo, lo + width, hi);
    }
  }
  return 0;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== functions charged by their arguments                                            */

/* One instruction an argument, and one per 64 bytes of each string argument (lua_engine.h). */
unsigned long vl_sandbox_args_cost(lua_State *L) {
  int i, n = lua_gettop(L);
  unsigned long cost = 1;
  for (i = 1; i <= n; i++) {
    cost++;
    if (lua_type(L, i) == LUA_TSTRING) {
      size_t len;
      lua_tolstring(L, i, &len);
      cost += (unsigned long)(len / VL_BUDGET_BYTES_PER_INSTR);
    }
  }
  return cost;
}

/* The function at upvalue 1 (a C function), called in this frame -- so its errors name it as
** the script called it -- after charging its arguments. */
static int charged_call(lua_State *L) {
  lua_CFunction f = lua_tocfunction(L, lua_upvalueindex(1));
  vl_engine *e = vl_engine_of(L);
  if (e != NULL && e->budget.call.depth > 0) vl_sandbox_charge(L, vl_sandbox_args_cost(L));
  return f(L);
}

#if VL_LUAJIT
/* LuaJIT's char, max and min are assembler fast functions with no C entry to call: these do
** what they do (numbers in, a number out; bytes 0-255). */
static int minmax(lua_State *L, int want_max) {
  int i, n = lua_gettop(L);
  lua_Number m = luaL_checknumber(L, 1);
  for (i = 2; i <= n; i++) {
    lua_Number x = luaL_checknumber(L, i);
    if (want_max ? x > m : x < m) m = x;
  }
  lua_pushnumber(L, m);
  return 1;
}

static int own_max(lua_State *L) {
  return minmax(L, 1);
}

static int own_min(lua_State *L) {
  return minmax(L, 0);
}

static int own_char(lua_State *L) {
  int i, n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (i = 1; i <= n; i++) {
    lua_Integer c = vl_checkint(L, i);
    luaL_argcheck(L, c >= 0 && c <= 255, i, "invalid value");
    luaL_addchar(&b, (char)(unsigned char)c);
  }
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg own_funcs[] = {
  {"max", own_max},
  {"min", own_min},
  {"char", own_char},
  {NULL, NULL}
};
#endif

/* }====================================================================================== */

static const luaL_Reg table_funcs[] = {
  {"insert", t_insert},
  {"remove", t_remove},
  {"concat", t_concat},
  {"unpack", t_unpack},
  {"sort", t_sort},
  {NULL, NULL}
};

void vl_sandbox_table_funcs(lua_State *S, int idx) {
  idx = lua_absindex(S, idx);
  lua_pushvalue(S, idx);
  vl_setfuncs(S, table_funcs);
  lua_pop(S, 1);
}

void vl_sandbox_charge_args(lua_State *S, int idx, const char *const *names) {
  idx = lua_absindex(S, idx);
  for (; *names != NULL; names++) {
    lua_CFunction f;
    lua_getfield(S, idx, *names);
    f = lua_tocfunction(S, -1);
    lua_pop(S, 1);
#if VL_LUAJIT
    if (f == NULL) {
      const luaL_Reg *r;
      for (r = own_funcs; r->name != NULL && strcmp(r->name, *names) != 0; r++) {}
      f = r->func;
    }
#endif
    if (f == NULL) luaL_error(S, "sandbox: no C function for '%s'", *names);
    lua_pushcfunction(S, f);
    lua_pushcclosure(S, charged_call, 1);
    lua_setfield(S, idx, *names);
  }
}
