/*
** cmd_sim.c -- `volley sim ...`: hands its arguments to the runtime's volley.sim.main
** (scripts/volley/sim.lua), which plays the games out (or merges shard outputs) and returns
** the exit status (docs/sim.md). The host facts Lua has no portable way to get travel in a
** second argument: whether stderr is a terminal (for the progress bar), a monotonic clock
** (for games per second and the ETA, which are reports, never game state), and whether
** SIGINT or SIGTERM asked the run to stop (then sim prints the summary of the games
** finished, marked interrupted, and exits 128 + the signal: docs/sim.md "Interrupted").
*/
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"

/* The signal that asked the run to stop (SIGINT or SIGTERM), 0 until one comes. The one
** mutable global of this file, the kind DESIGN.md allows (Part B "The command line"; as
** lineread.c's SIGINT flag): a handler can tell the program only through static storage. */
static volatile sig_atomic_t stop_signal;

static void on_stop(int sig) { stop_signal = sig; }

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

/* interrupted() -> "SIGINT", "SIGTERM", or nil while no signal asked the run to stop. */
static int sim_interrupted(lua_State *L) {
  int sig = stop_signal;
  if (sig == SIGINT) lua_pushliteral(L, "SIGINT");
  else if (sig == SIGTERM) lua_pushliteral(L, "SIGTERM");
  else lua_pushnil(L);
  return 1;
}

/* sim's second argument: {stderr_tty = bool, now = function, interrupted = function}. */
static int sim_env(lua_State *L) {
  lua_createtable(L, 0, 3);
  lua_pushboolean(L, isatty(STDERR_FILENO));
  lua_setfield(L, -2, "stderr_tty");
  lua_pushcfunction(L, sim_now);
  lua_setfield(L, -2, "now");
  lua_pushcfunction(L, sim_interrupted);
  lua_setfield(L, -2, "interrupted");
  return 1;
}

/* Catches sig for the run into *old, unless it was ignored when the program started (a
** background job of a script ignores SIGINT: it stays so). SA_RESETHAND: a second signal
** does what it did before (Ctrl-C twice stops at once); SA_RESTART: a write to stdout under
** way is not failed with EINTR. */
static void catch_stop(int sig, struct sigaction *old) {
  struct sigaction sa;
  memset(old, 0, sizeof *old);
  old->sa_handler = SIG_DFL;   /* what is put back should the question fail */
  if (sigaction(sig, NULL, old) != 0 || old->sa_handler == SIG_IGN) return;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_stop;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = (int)(SA_RESETHAND | SA_RESTART);   /* the constants are unsigned in glibc */
  sigaction(sig, &sa, NULL);
}

int cmd_sim(int argc, char **argv) {
  struct sigaction old_int, old_term;
  int status;
  catch_stop(SIGINT, &old_int);
  catch_stop(SIGTERM, &old_term);
  status = host_run("sim", "volley.sim", "main", argc, argv, sim_env);
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  return status;
}
