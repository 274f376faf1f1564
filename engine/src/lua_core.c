/*
** lua_core.c -- luaopen_volley_core: the Lua C module `volley.core`.
** Builds the module table from each lua_<module>.c part: version facts, the data path and
** engine-owned states here; hex, map, dice and the rest as their issues add them.
*/
#include "lua_modules.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "volley/path.h"

/*
** volley.core.data_path() -> {root, ...}: the data roots in search order (DESIGN.md Part B).
*/
static int core_data_path(lua_State *L) {
  vl_path *p = vl_path_for_process();
  size_t i;
  if (p == NULL) return luaL_error(L, "not enough memory");
  lua_createtable(L, (int)vl_path_count(p), 0);
  for (i = 0; i < vl_path_count(p); i++) {
    lua_pushstring(L, vl_path_root(p, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
  vl_path_free(p);
  return 1;
}

/*
** volley.core.find(rel) -> path | nil, message: the first root holding rel
** ("scripts/volley/init.lua", "scenarios/rough-and-ready/palo-alto/scenario.ini").
*/
static int core_find(lua_State *L) {
  const char *rel = luaL_checkstring(L, 1);
  char out[PATH_MAX];
  vl_error err;
  vl_path *p = vl_path_for_process();
  int rc;
  if (p == NULL) return luaL_error(L, "not enough memory");
  rc = vl_path_find(p, rel, out, sizeof out, &err);
  vl_path_free(p);
  if (rc != VL_OK) {
    lua_pushnil(L);
    lua_pushstring(L, err.msg);
    return 2;
  }
  lua_pushstring(L, out);
  return 1;
}

static const luaL_Reg core_funcs[] = {
  {"data_path", core_data_path},
  {"find", core_find},
  {NULL, NULL}
};

int luaopen_volley_core(lua_State *L) {
  luaL_newlib(L, core_funcs);
  lua_pushstring(L, VOLLEY_VERSION);
  lua_setfield(L, -2, "version");       /* volley's own version, "0.1.0" */
  lua_pushstring(L, VL_LUA_NAME);
  lua_setfield(L, -2, "lua");           /* "Lua 5.4.4" or "LuaJIT 2.1.0-beta3" */
  vl_lua_open_vm(L);
  vl_lua_open_sandbox(L);
  vl_lua_open_dice(L);
  vl_lua_open_hex(L);
  vl_lua_open_map(L);
  vl_lua_open_state(L);
  vl_lua_open_chart(L);
  vl_lua_open_move(L);
  vl_lua_open_save(L);
  vl_lua_open_los(L);
  vl_lua_open_scenario(L);
  vl_lua_open_text(L);
  return 1;
}
