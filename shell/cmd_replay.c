/*
** cmd_replay.c -- `volley replay FILE`: recomputes a saved game from its seed and journal,
** checking every checkpoint, and prints `state_hash <hex>` or `diverged at answer N: <why>`
** (exit 1). The work is the runtime's volley.replay.main (scripts/volley/replay.lua); this
** file hands it the arguments, as cmd_dump.c does for volley.replay.dump_main (docs/shell.md,
** docs/save.md "Replay, undo and resume").
*/
#include <stdio.h>

#include "commands.h"
#include "host.h"

int replay_lua_main(const char *name, const char *fn, int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.replay");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, fn);
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    if (lua_pcall(L, 1, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley %s: %s\n", name, lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley %s: %s\n", name, lua_tostring(L, -1));
  }
  host_close(L);
  return status;
}

int cmd_replay(int argc, char **argv) { return replay_lua_main("replay", "main", argc, argv); }
