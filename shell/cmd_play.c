/*
** cmd_play.c -- `volley play <id|path> ...`: hands its arguments to the runtime's
** volley.play.main (scripts/volley/play.lua), which plays the game and returns the exit
** status (docs/shell.md, docs/json.md).
*/
#include <stdio.h>

#include "commands.h"
#include "host.h"

int cmd_play(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.play");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, render_marks_lua);
    lua_setfield(L, -2, "render");
    if (lua_pcall(L, 2, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley play: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley play: %s\n", lua_tostring(L, -1));
  }
  host_close(L);
  return status;
}
