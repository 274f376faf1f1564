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

/* {======================================================================================
** The command line
** ======================================================================================= */

static int cli_boot(lua_State *L) {
  luaL_openlibs(L);
  set_path(L, lua_tostring(L, 1));
  return 0;
}

lua_State *host_cli_open(char *err, size_t n) {
  char found[PATH_MAX];
  vl_path *p = vl_path_for_process();
  vl_error e;
  lua_State *L;
  if (p == NULL) {
    snprintf(err, n, "not enough memory");
    return NULL;
  }
  if (vl_path_find(p, "scripts/volley/cli.lua", found, sizeof found, &e) != VL_OK) {
    snprintf(err, n, "cannot find volley's scripts (scripts/volley/cli.lua) on the data path; "
                     "set VOLLEY_PATH to the directory holding scripts/");
    vl_path_free(p);
    return NULL;
  }
  vl_path_free(p);
  found[strlen(found) - strlen("/scripts/volley/cli.lua")] = '\0';  /* the root */
  L = luaL_newstate();
  if (L == NULL) {
    snprintf(err, n, "not enough memory");
    return NULL;
  }
  lua_pushcfunction(L, cli_boot);
  lua_pushstring(L, found);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    snprintf(err, n, "cannot start the runtime: %s", lua_tostring(L, -1));
    lua_close(L);
    return NULL;
  }
  return L;
}

/* Pushes require("volley.cli")[fn]; raises when it cannot. */
static void cli_function(lua_State *L, const char *fn) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.cli");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, fn);
  lua_remove(L, -2);
}

/* parse(command, argv...) -> options | nil, status: volley.cli.parse in protected mode. */
static int cli_parse_lua(lua_State *L) {
  int i, n = lua_gettop(L);
  cli_function(L, "parse");
  lua_pushvalue(L, 1);
  lua_createtable(L, n - 1, 0);
  for (i = 2; i <= n; i++) {
    lua_pushvalue(L, i);
    lua_rawseti(L, -2, i - 1);
  }
  lua_call(L, 2, 2);
  return 2;
}

int host_cli_parse(lua_State *L, const char *command, int argc, char **argv) {
  int i, top = lua_gettop(L), status;
  if (!lua_checkstack(L, argc + 4)) {
    fprintf(stderr, "volley %s: too many arguments\n", command);
    return 2;
  }
  lua_pushcfunction(L, cli_parse_lua);
  lua_pushstring(L, command);
  for (i = 1; i < argc; i++) lua_pushstring(L, argv[i]);
  if (lua_pcall(L, argc, 2, 0) != LUA_OK) {
    fprintf(stderr, "volley %s: %s\n", command, lua_tostring(L, -1));
    lua_settop(L, top);
    return 1;
  }
  if (lua_istable(L, -2)) {
    lua_pop(L, 1);
    return -1;
  }
  status = (int)lua_tointeger(L, -1);
  lua_settop(L, top);
  return status;
}

const char *host_cli_string(lua_State *L, int idx, const char *k) {
  const char *s;
  lua_getfield(L, idx, k);
  s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  lua_pop(L, 1);
  return s;
}

int host_cli_flag(lua_State *L, int idx, const char *k) {
  int b;
  lua_getfield(L, idx, k);
  b = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return b;
}

/* call(fn, a1, a2) -> what volley.cli[fn](a1, a2) returns first. */
static int cli_call_lua(lua_State *L) {
  cli_function(L, lua_tostring(L, 1));
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);
  return 1;
}

int host_cli_call(const char *fn, const char *a1, const char *a2) {
  char err[512];
  lua_State *L = host_cli_open(err, sizeof err);
  int status = 0;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_pushcfunction(L, cli_call_lua);
  lua_pushstring(L, fn);
  if (a1 != NULL) lua_pushstring(L, a1);
  else lua_pushnil(L);
  if (a2 != NULL) lua_pushstring(L, a2);
  else lua_pushnil(L);
  if (lua_pcall(L, 3, 1, 0) != LUA_OK) {
    fprintf(stderr, "volley: %s\n", lua_tostring(L, -1));
    status = 1;
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    fputs(lua_tostring(L, -1), stdout);
  }
  host_close(L);
  return status;
}
