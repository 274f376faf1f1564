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

#endif
