/*
** cmd_options.c -- `volley options <id|path>`: hands its arguments to the runtime's
** volley.inspect.options_main (scripts/volley/inspect.lua), which prints and returns the exit
** status (docs/shell.md).
*/
#include <stdio.h>

#include "commands.h"
#include "host.h"

int cmd_options(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.inspect");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "options_main");
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    if (lua_pcall(L, 1, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley options: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley options: %s\n", lua_tostring(L, -1));
  }
  fflush(stdout);
  host_close(L);
  return status;
}
