/*
** cmd_sim.c -- `volley sim ...`: hands its arguments to the runtime's volley.sim.main
** (scripts/volley/sim.lua), which plays the games out (or merges shard outputs) and returns
** the exit status (docs/sim.md). The host facts Lua has no portable way to get travel in a
** second argument: whether stderr is a terminal (for the progress bar) and a monotonic clock
** (for games per second and the ETA, which are reports, never game state).
*/
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"

/* now() -> seconds on the monotonic clock (0 if it cannot be read). */
static int sim_now(lua_State *L) {
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) {
    lua_pushnumber(L, 0);
  } else {
    lua_pushnumber(L, (lua_Number)ts.tv_sec + (lua_Number)ts.tv_nsec / 1e9);
  }
  return 1;
}

int cmd_sim(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.sim");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    lua_createtable(L, 0, 2);
    lua_pushboolean(L, isatty(STDERR_FILENO));
    lua_setfield(L, -2, "stderr_tty");
    lua_pushcfunction(L, sim_now);
    lua_setfield(L, -2, "now");
    if (lua_pcall(L, 2, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley sim: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley sim: %s\n", lua_tostring(L, -1));
  }
  host_close(L);
  return status;
}
