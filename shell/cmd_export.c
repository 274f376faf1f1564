/*
** cmd_export.c -- `volley export SAVE --as SIDE`: one side's view of a save (DESIGN.md Part B
** "Locations, views and hidden information"): volley.export.main (scripts/volley/export.lua)
** replays the save and prints what the side may see. Exit status: 0 written; 1 a save that
** does not replay; 2 usage.
*/
#include <stdio.h>

#include "commands.h"
#include "host.h"

int cmd_export(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.export");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    if (lua_pcall(L, 1, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley export: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley export: %s\n", lua_tostring(L, -1));
  }
  host_close(L);
  return status;
}
