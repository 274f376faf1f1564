/*
** cmd_list.c -- `volley list`: one line per scenario and variant on the data path, id first
** (DESIGN.md Part B "The command line"): `<id>  <title>  <system>  <sides>  <n> provisional`,
** fields separated by two spaces, sorted by id (docs/shell.md). The work is
** scripts/volley/scenario.lua's (`list`, `list_line`); a scenario that cannot be listed is
** reported on stderr, the others are still printed, and the exit status is 1.
*/
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "host.h"

static const char help_text[] =
  "usage: volley list\n"
  "\n"
  "One line per scenario and variant under the scenarios/ folder of each data root\n"
  "($VOLLEY_PATH, then the installed or source tree), sorted by id:\n"
  "  <id>  <title>  <system>  <sides>  <n> provisional\n"
  "fields separated by two spaces; n counts the values the scenario's data marks provisional\n"
  "(docs/shell.md). A scenario that cannot be read is reported on stderr (exit 1).\n";

/* Runs scenario.list and prints each line; on the stack: the module volley.scenario. */
static int list_all(lua_State *L) {
  int status = 0;
  lua_Integer i, n;
  lua_getfield(L, 1, "list");
  lua_call(L, 0, 2);                           /* found, problems */
  n = (lua_Integer)lua_rawlen(L, 3);
  for (i = 1; i <= (lua_Integer)lua_rawlen(L, 2); i++) {
    lua_getfield(L, 1, "list_line");
    lua_rawgeti(L, 2, (int)i);
    if (lua_pcall(L, 1, 2, 0) != LUA_OK) {   /* a loader raised: report it, go on */
      fprintf(stderr, "volley list: %s\n", lua_tostring(L, -1));
      lua_pop(L, 1);
      status = 1;
      continue;
    }
    if (lua_isstring(L, -2)) {
      printf("%s\n", lua_tostring(L, -2));
    } else {
      fprintf(stderr, "volley list: %s\n", lua_tostring(L, -1));
      status = 1;
    }
    lua_pop(L, 2);
  }
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, (int)i);
    fprintf(stderr, "volley list: %s\n", lua_tostring(L, -1));
    lua_pop(L, 1);
    status = 1;
  }
  lua_pushinteger(L, status);
  return 1;
}

int cmd_list(int argc, char **argv) {
  const command *self = command_find("list");
  char err[512];
  lua_State *L;
  int status;
  if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
    fputs(help_text, stdout);
    return 0;
  }
  if (argc != 1) return command_usage(self, "takes no arguments");
  L = host_open(err, sizeof err);
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_pushcfunction(L, list_all);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.scenario");
  if (lua_pcall(L, 1, 1, 0) != LUA_OK || lua_pcall(L, 1, 1, 0) != LUA_OK) {
    fprintf(stderr, "volley list: %s\n", lua_tostring(L, -1));
    host_close(L);
    return 1;
  }
  status = (int)lua_tointeger(L, -1);
  fflush(stdout);
  host_close(L);
  return status;
}
