/*
** lua_compat.h -- the one place the C side knows Lua 5.4 from LuaJIT 2.1 (a 5.1 API with a
** few 5.2 additions: luaL_setfuncs, luaL_newlib, luaL_testudata, luaL_setmetatable).
** Covers what DESIGN.md principle 11 lists: two-argument lua_resume, lua_getfield returning
** void, and the missing lua_absindex, lua_rawlen, luaL_len and LUA_OK. Include it instead of
** lua.h in every lua_*.c file.
*/
#ifndef VOLLEY_LUA_COMPAT_H
#define VOLLEY_LUA_COMPAT_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#if LUA_VERSION_NUM == 501
#include <luajit.h>
#define VL_LUAJIT 1
#ifndef LUA_OK
#define LUA_OK 0
#endif
#define lua_absindex(L, i) \
  (((i) > 0 || (i) <= LUA_REGISTRYINDEX) ? (i) : lua_gettop(L) + (i) + 1)
#define lua_rawlen(L, i) lua_objlen(L, i)
#define luaL_len(L, i) ((lua_Integer)lua_objlen(L, i))
/* Resumes co with nargs arguments; *nres gets the number of values it yielded or returned. */
static inline int vl_resume(lua_State *co, lua_State *from, int nargs, int *nres) {
  int status;
  (void)from;
  status = lua_resume(co, nargs);
  *nres = lua_gettop(co);
  return status;
}
#define VL_LUA_NAME LUAJIT_VERSION
/* A userdata's one user value (a table on LuaJIT, where it is the environment). */
#define vl_setuservalue(L, idx) lua_setfenv(L, idx)
#define vl_getuservalue(L, idx) lua_getfenv(L, idx)
#else
#define VL_LUAJIT 0
#define vl_resume(co, from, nargs, nres) lua_resume(co, from, nargs, nres)
#define VL_LUA_NAME LUA_RELEASE
#define vl_setuservalue(L, idx) lua_setiuservalue(L, idx, 1)
#define vl_getuservalue(L, idx) ((void)lua_getiuservalue(L, idx, 1))
#endif

/* Pushes t[k] of the table at idx without metamethods and returns its type: how C reads a
** table a script may have built or touched (no __index runs, so no script code runs and the
** table cannot change under C while it reads). A value read so stays alive only while the
** table holds it: keep it on the stack (or copy it) when C goes on to read anything else. */
static inline int vl_rawfield(lua_State *L, int idx, const char *k) {
  idx = lua_absindex(L, idx);
  lua_pushstring(L, k);
  lua_rawget(L, idx);
  return lua_type(L, -1);
}

/* Registers the functions of l into the table on top of the stack. */
#define vl_setfuncs(L, l) luaL_setfuncs(L, l, 0)

/* Creates the metatable of a userdata type once (STYLE.md: the liolib pattern): its
** metamethods from meta, and a table of the methods as its __index. Leaves the stack as it
** was. */
static inline void vl_lua_class(lua_State *L, const char *tname, const luaL_Reg *meta,
                                const luaL_Reg *methods) {
  if (luaL_newmetatable(L, tname)) {
    vl_setfuncs(L, meta);
    lua_newtable(L);                 /* luaL_newlib needs an array, not a pointer */
    vl_setfuncs(L, methods);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
}

/* luaL_checkudata without its look-up by name: each type's metatable keeps at [1] a light
** userdata, the address of the type name (set the first time a check by that name succeeds),
** so that a check is the metatable's [1] compared with the name's address rather than the
** type name interned again (luaS_new, strcmp) and looked up in the registry at every method
** call. Only C makes a light userdata, and no script reaches these metatables. The same text
** at another address is checked by name, as before; the errors are luaL_checkudata's own. */
static inline int vl_udata_tagged(lua_State *L, int arg, const char *tname) {
  int same = 0;
  if (lua_getmetatable(L, arg)) {
    lua_rawgeti(L, -1, 1);
    same = lua_touserdata(L, -1) == (void *)tname && lua_islightuserdata(L, -1);
    lua_pop(L, 2);
  }
  return same;
}

/* Tags the metatable of the userdata at arg (a check by name passed) with tname's address,
** unless it has a tag already. */
static inline void vl_udata_tag(lua_State *L, int arg, const char *tname) {
  if (lua_getmetatable(L, arg)) {
    lua_rawgeti(L, -1, 1);
    if (lua_isnil(L, -1)) {
      lua_pushlightuserdata(L, (void *)tname);
      lua_rawseti(L, -3, 1);
    }
    lua_pop(L, 2);
  }
}

static inline void *vl_checkudata(lua_State *L, int arg, const char *tname) {
  void *p;
  arg = lua_absindex(L, arg);
  p = lua_touserdata(L, arg);
  if (p != NULL && !lua_islightuserdata(L, arg) && vl_udata_tagged(L, arg, tname)) return p;
  p = luaL_checkudata(L, arg, tname);
  vl_udata_tag(L, arg, tname);
  return p;
}

/* luaL_testudata as vl_checkudata: NULL when the value is no userdata of the type. */
static inline void *vl_testudata(lua_State *L, int arg, const char *tname) {
  void *p;
  arg = lua_absindex(L, arg);
  p = lua_touserdata(L, arg);
  if (p != NULL && !lua_islightuserdata(L, arg) && vl_udata_tagged(L, arg, tname)) return p;
  p = luaL_testudata(L, arg, tname);
  if (p != NULL) vl_udata_tag(L, arg, tname);
  return p;
}

#endif
