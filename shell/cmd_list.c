/*
** cmd_list.c -- `volley list [--json]`: one line per scenario and variant on the data path, id first
** (DESIGN.md Part B "The command line"): `<id>  <title>  <system>  <sides>  <n> provisional`,
** fields separated by two spaces, sorted by id (docs/shell.md). The work is
** scripts/volley/scenario.lua's (`list`, `list_line`); a scenario that cannot be listed, or a
** scenario.ini at a depth that gives no id, is reported on stderr (each message once), the
** others are still printed, and the exit status is 1. With --json, one line of JSON
** (volley.scenario.list_json), the problems in it.
*/
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "host.h"

/* Prints the problem on top of the stack once: a file shared by a battle and its variants
** (a broken map.ini) is reported once, not once per id. The table at index 4 holds the
** problems printed so far. Pops it. */
static void report(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  lua_pushvalue(L, -1);
  lua_rawget(L, 4);
  if (lua_isnil(L, -1)) {
    fprintf(stderr, "volley list: %s\n", msg ? msg : "(no message)");
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, 4);
  }
  lua_pop(L, 2);
}

/* Runs scenario.list and prints each line; on the stack: the module volley.scenario. */
static int list_all(lua_State *L) {
  int status = 0;
  lua_Integer i, n;
  lua_getfield(L, 1, "list");
  lua_call(L, 0, 2);                           /* found, problems */
  lua_newtable(L);                             /* 4: the problems printed */
  n = (lua_Integer)lua_rawlen(L, 3);
  for (i = 1; i <= (lua_Integer)lua_rawlen(L, 2); i++) {
    lua_getfield(L, 1, "list_line");
    lua_rawgeti(L, 2, (int)i);
    if (lua_pcall(L, 1, 2, 0) != LUA_OK) {   /* a loader raised: report it, go on */
      report(L);
      status = 1;
      continue;
    }
    if (lua_isstring(L, -2)) {
      printf("%s\n", lua_tostring(L, -2));
      lua_pop(L, 2);
    } else {
      report(L);
      lua_pop(L, 1);
      status = 1;
    }
  }
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 3, (int)i);
    report(L);
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
  L = host_cli_open(err, sizeof err);
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  status = host_cli_parse(L, "list", argc, argv);
  if (status < 0) {
    int json = host_cli_flag(L, lua_gettop(L), "json");
    lua_getfield(L, -1, "args");
    status = lua_rawlen(L, -1) != 0 ? command_usage(self, "takes no arguments but --json")
                                     : json ? -2 : -1;
  }
  host_close(L);
  if (status == -2)   /* --json: scripts/volley/scenario.lua's list_json */
    return host_run("list", "volley.scenario", "list_json", 1, argv, NULL);
  if (status >= 0) return status;
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
  host_close(L);
  return status;
}
