/*
** host.h -- the program's own Lua state, which runs volley's trusted runtime (scripts/volley)
** with `volley.core` preloaded. Scenario and mod scripts never run here: they run in
** engine-owned states the runtime makes with volley.core.new_state.
*/
#ifndef VOLLEY_HOST_H
#define VOLLEY_HOST_H

#include "lua_compat.h"

/* Opens the host state: standard libraries, package.preload["volley.core"], package.path
** holding scripts/ of the first data root that has scripts/volley/init.lua, and the runtime
** loaded with require "volley". On failure returns NULL and writes why into err (size n). */
lua_State *host_open(char *err, size_t n);

/* Closes the host state; accepts NULL. */
void host_close(lua_State *L);

/* Pushes a subcommand's second argument (a table of host facts) onto L; returns 1 if it pushed
** one, 0 if not. */
typedef int (*host_env_fn)(lua_State *L);

/* Runs one subcommand in a fresh host state: require(module)[fn](args [, env]), args being
** argv[1..argc-1] as a list and env what push_env pushes (NULL: no second argument).
** Returns the integer fn returns (the exit status); 1 when the state cannot open or the call
** raises, with `volley <command>: <message>` on stderr. */
int host_run(const char *command, const char *module, const char *fn, int argc, char **argv,
             host_env_fn push_env);

#endif
