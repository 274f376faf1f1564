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

/* sim's second argument: {stderr_tty = bool, now = function}. */
static int sim_env(lua_State *L) {
  lua_createtable(L, 0, 2);
  lua_pushboolean(L, isatty(STDERR_FILENO));
  lua_setfield(L, -2, "stderr_tty");
  lua_pushcfunction(L, sim_now);
  lua_setfield(L, -2, "now");
  return 1;
}

int cmd_sim(int argc, char **argv) {
  return host_run("sim", "volley.sim", "main", argc, argv, sim_env);
}
