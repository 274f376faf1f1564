/*
** cmd_hooks.c -- `volley hooks <system-id> [--json]`: a rule system's hook catalogue, one
** point a line (`<noun>.<event> <kinds> <when>`), then the context fields of each point, then
** each point's context typed and described with what a script's handler may do there; or all
** of it as one JSON object (DESIGN.md Part B "The command line"; docs/runtime.md, docs/shell.md).
*/
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "host.h"

static int by_name(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Prints the system ids found under scripts/systems/ of every data root, sorted, each once
** (two roots hold the same systems when VOLLEY_PATH names a tree the program was built
** from), comma separated, to f. */
static void print_known(FILE *f) {
  vl_path *p = vl_path_for_process();
  struct dirent **names;
  char dir[4096];
  char **ids = NULL;
  size_t i, nid = 0, cap = 0;
  int printed = 0;
  if (p == NULL) return;
  for (i = 0; i < vl_path_count(p); i++) {
    int n, k;
    snprintf(dir, sizeof dir, "%s/scripts/systems", vl_path_root(p, i));
    n = scandir(dir, &names, NULL, alphasort);
    if (n < 0) continue;
    for (k = 0; k < n; k++) {
      if (names[k]->d_name[0] != '.') {
        if (nid == cap) {
          size_t ncap = cap ? 2 * cap : 16;
          char **grown = realloc(ids, ncap * sizeof *ids);
          if (grown != NULL) {
            ids = grown;
            cap = ncap;
          }
        }
        if (nid < cap && (ids[nid] = strdup(names[k]->d_name)) != NULL) nid++;
      }
      free(names[k]);
    }
    free(names);
  }
  vl_path_free(p);
  if (nid > 0) qsort(ids, nid, sizeof *ids, by_name);
  for (i = 0; i < nid; i++) {
    if (i == 0 || strcmp(ids[i], ids[i - 1]) != 0)
      fprintf(f, "%s%s", printed++ ? ", " : "", ids[i]);
  }
  for (i = 0; i < nid; i++) free(ids[i]);
  free(ids);
}

static int hooks(const char *id, int json);

int cmd_hooks(int argc, char **argv) {
  const command *self = command_find("hooks");
  char err[512];
  int status, json;
  lua_State *cli = host_cli_open(err, sizeof err);   /* holds the id's string */
  if (cli == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  status = host_cli_parse(cli, "hooks", argc, argv);
  if (status >= 0) {
    host_close(cli);
    return status;
  }
  json = host_cli_flag(cli, -1, "json");
  lua_getfield(cli, -1, "args");
  if (lua_rawlen(cli, -1) == 0) {
    status = command_usage(self, "give one system id");
  } else if (lua_rawlen(cli, -1) > 1) {
    status = command_usage(self, "give one system id (and --json)");
  } else {
    lua_rawgeti(cli, -1, 1);
    status = hooks(lua_tostring(cli, -1), json);
  }
  host_close(cli);
  return status;
}

/* volley hooks <id> [--json] for the id read. Returns the exit status. */
static int hooks(const char *id, int json) {
  const command *self = command_find("hooks");
  char err[512], rel[256];
  lua_State *L;
  vl_path *p;
  int status = 0;
  if (id[0] == '\0' || strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789_") != strlen(id) ||
      strlen(id) > 64)
    return command_usage(self, "a system id is lower-case letters, digits and '_'");
  p = vl_path_for_process();
  snprintf(rel, sizeof rel, "scripts/systems/%s/init.lua", id);
  if (p == NULL || vl_path_find(p, rel, err, sizeof err, NULL) != VL_OK) {
    vl_path_free(p);
    fprintf(stderr, "volley hooks: unknown system '%s' (known: ", id);
    print_known(stderr);
    fprintf(stderr, ")\n");
    return 1;
  }
  vl_path_free(p);
  L = host_open(err, sizeof err);
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.systems");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "hooks_main");
    lua_pushstring(L, id);
    lua_pushboolean(L, json);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK) {
      status = (int)lua_tointeger(L, -1);
    } else {
      fprintf(stderr, "volley hooks: %s\n", lua_tostring(L, -1));
      status = 1;
    }
  } else {
    fprintf(stderr, "volley hooks: %s\n", lua_tostring(L, -1));
    status = 1;
  }
  fflush(stdout);
  host_close(L);
  return status;
}
