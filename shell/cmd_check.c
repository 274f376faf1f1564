/*
** cmd_check.c -- `volley check <id|path> [--mod FILE]... [--other-vm PATH]`: hands its
** arguments to the runtime's volley.inspect.check_main (scripts/volley/inspect.lua), which
** prints and returns the exit status (docs/shell.md). The second argument says where this
** program is, so that the check of mods can look for the other VM's program beside it.
*/

#include <limits.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"

/* check's second argument: {program = the path of this program, when /proc says it}. */
static int check_env(lua_State *L) {
  char exe[PATH_MAX];
  ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
  lua_createtable(L, 0, 1);
  if (k > 0) {
    lua_pushlstring(L, exe, (size_t)k);
    lua_setfield(L, -2, "program");
  }
  return 1;
}

int cmd_check(int argc, char **argv) {
  return host_run("check", "volley.inspect", "check_main", argc, argv, check_env);
}
