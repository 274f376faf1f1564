/*
** host.c -- the host Lua state of the volley program.
*/
#include "host.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua_modules.h"
#include "volley/path.h"

/* Prepends <root>/scripts/?.lua;<root>/scripts/?/init.lua to package.path. */
static void set_path(lua_State *L, const char *root) {
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/scripts/?.lua;%s/scripts/?/init.lua;", root, root);
  lua_getfield(L, -2, "path");
  lua_concat(L, 2);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
}

static int boot(lua_State *L) {
  const char *scripts_root = lua_tostring(L, 1);
  luaL_openlibs(L);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_volley_core);
  lua_setfield(L, -2, "volley.core");
  lua_pop(L, 2);
  set_path(L, scripts_root);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley");
  lua_call(L, 1, 1);
  lua_setglobal(L, "volley");
  return 0;
}

lua_State *host_open(char *err, size_t n) {
  char init[PATH_MAX];
  vl_path *p = vl_path_for_process();
  vl_error e;
  lua_State *L;
  const char *sep;
  if (p == NULL) {
    snprintf(err, n, "not enough memory");
    return NULL;
  }
  if (vl_path_find(p, "scripts/volley/init.lua", init, sizeof init, &e) != VL_OK) {
    snprintf(err, n, "cannot find volley's scripts (scripts/volley/init.lua) on the data path; "
                     "set VOLLEY_PATH to the directory holding scripts/");
    vl_path_free(p);
    return NULL;
  }
  vl_path_free(p);
  sep = strstr(init, "/scripts/volley/init.lua");
  init[sep - init] = '\0';  /* the root */
  L = luaL_newstate();
  if (L == NULL) {
    snprintf(err, n, "not enough memory");
    return NULL;
  }
  lua_pushcfunction(L, boot);
  lua_pushstring(L, init);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    snprintf(err, n, "cannot start the runtime: %s", lua_tostring(L, -1));
    lua_close(L);
    return NULL;
  }
  return L;
}

void host_close(lua_State *L) {
  if (L != NULL) lua_close(L);
}

int host_run(const char *command, const char *module, const char *fn, int argc, char **argv,
             host_env_fn push_env) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i, nargs = 1;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushstring(L, module);
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, fn);
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    if (push_env != NULL) nargs += push_env(L);
    if (lua_pcall(L, nargs, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley %s: %s\n", command, lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley %s: %s\n", command, lua_tostring(L, -1));
  }
  fflush(stdout);
  host_close(L);
  return status;
}
