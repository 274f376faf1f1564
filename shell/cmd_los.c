/*
** cmd_los.c -- `volley los <id|path|map.ini> A B`: line of sight from A to B on a bare map,
** under the policy of the map's system (charts/<system>/los.ini, with a los.ini beside the
** map as the scenario layer); a scenario (an id, a folder or its .ini) names its map, read
** through the scenario loader in the host state. Prints DESIGN.md's one line:
**   LOS A -> B: clear
**   LOS A -> B: blocked at X (<reason>) [rule]
** X a hex label or "a/b" for a hexside. Both answers exit 0; a map or policy that does not
** load, or a hex off the map, exits 1; usage errors exit 2. The scenario's units are not
** obstacles here: the terrain's line only.
*/
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"
#include "volley/los.h"
#include "volley/map.h"

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* 1 when path is a .ini file without a [scenario] section, or one that cannot be opened (the
** map loader says why): a map. Anything else is left to the scenario loader. */
static int is_map_file(const char *path) {
  char line[256];
  int scenario = 0;
  FILE *f;
  if (!ends_with(path, ".ini")) return 0;
  if ((f = fopen(path, "r")) == NULL) return 1;
  while (fgets(line, sizeof line, f) != NULL)
    if (strncmp(line, "[scenario]", 10) == 0) scenario = 1;
  fclose(f);
  return !scenario;
}

/* The string field k of the table at idx (NULL when it is not a string), and of its subtable
** sub when sub is not NULL. The string stays referenced by the table. */
static const char *str_at(lua_State *L, int idx, const char *sub, const char *k) {
  const char *s = NULL;
  int top = lua_gettop(L);
  if (sub != NULL) {
    lua_getfield(L, idx, sub);
    idx = lua_gettop(L);
  }
  if (lua_istable(L, idx)) {
    lua_getfield(L, idx, k);
    if (lua_type(L, -1) == LUA_TSTRING) s = lua_tostring(L, -1);
  }
  lua_settop(L, top);
  return s;
}

/* Runs require("volley.scenario").read(target) in the host state and leaves its `paths`
** table on the stack (the map, and the terrain and line of sight layers it plays with), or
** raises with why. */
static int scenario_map(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.scenario");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "read");
  lua_pushvalue(L, 1);
  lua_call(L, 1, 2);
  if (lua_isnil(L, -2)) return lua_error(L);
  lua_pop(L, 1);
  lua_getfield(L, -1, "paths");
  if (!lua_istable(L, -1) || str_at(L, -1, NULL, "map") == NULL)
    return luaL_error(L, "the scenario names no map");
  return 1;
}

static int los(const char *const args[3]);

int cmd_los(int argc, char **argv) {
  const command *self = command_find("los");
  const char *args[3];
  char err[512];
  int status, n, i;
  lua_State *cli = host_cli_open(err, sizeof err);   /* holds the strings args points to */
  if (cli == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  status = host_cli_parse(cli, "los", argc, argv);
  if (status >= 0) {
    host_close(cli);
    return status;
  }
  lua_getfield(cli, -1, "args");
  n = (int)lua_rawlen(cli, -1);
  if (n != 3) {
    host_close(cli);
    return command_usage(self, "give a map and two hexes");
  }
  for (i = 0; i < 3; i++) {
    lua_rawgeti(cli, -1 - i, i + 1);
    args[i] = lua_tostring(cli, -1);
  }
  status = los(args);
  host_close(cli);
  return status;
}

/* The line of sight of los <map> A B (args). Returns the exit status. */
static int los(const char *const args[3]) {
  const command *self = command_find("los");
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32], layer[4096], where[32];
  char reason[VL_LOS_REASON_MAX];
  const char *slash, *map_path;
  int status = 1;
  lua_State *L = NULL;   /* the host state when a scenario names the map */
  vl_hex a, b;
  vl_error err;
  vl_path *data;
  vl_map *m = NULL;
  vl_los_policy *p = NULL;
  vl_los *l = NULL;
  vl_los_result r;
  map_path = args[0];
  if (!is_map_file(map_path)) {
    char why[512];
    L = host_open(why, sizeof why);
    if (L == NULL) {
      fprintf(stderr, "volley: %s\n", why);
      return 1;
    }
    lua_pushcfunction(L, scenario_map);
    lua_pushstring(L, map_path);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
      fprintf(stderr, "volley los: %s\n", lua_tostring(L, -1));
      host_close(L);
      return 1;
    }
    map_path = str_at(L, -1, NULL, "map");   /* referenced on L's stack until host_close */
  }
  data = command_data_path();
  if (data == NULL) {
    fprintf(stderr, "volley los: not enough memory\n");
    host_close(L);
    return 1;
  }
  memset(&err, 0, sizeof err);
  /* a scenario's layers are those it plays with: perhaps inherited, not beside its map */
  m = L != NULL ? vl_map_load_layer(map_path, data, str_at(L, -1, NULL, "terrain"),
                                    str_at(L, -1, "roots", "terrain"), &err)
                : vl_map_load(map_path, data, &err);
  if (m == NULL) goto fail;
  if (vl_hex_parse(vl_map_grid(m), args[1], &a, &err) != VL_OK ||
      vl_hex_parse(vl_map_grid(m), args[2], &b, &err) != VL_OK) {
    vl_path_free(data);
    vl_map_free(m);
    host_close(L);
    return command_usage(self, err.msg);
  }
  slash = strrchr(map_path, '/');
  snprintf(layer, sizeof layer, "%.*s%slos.ini", slash ? (int)(slash - map_path) : 0, map_path,
           slash ? "/" : "");
  p = vl_los_policy_find(data, vl_map_system(m),
                         L != NULL ? str_at(L, -1, NULL, "los")
                                   : (access(layer, R_OK) == 0 ? layer : NULL), &err);
  if (p == NULL) goto fail;
  l = vl_los_new(m, p, 0, &err);
  if (l == NULL) goto fail;
  if (vl_los_terrain(l, a, b, &r, &err) != VL_OK) goto fail;
  if (r.clear) {
    printf("LOS %s -> %s: clear\n", args[1], args[2]);
  } else {
    vl_los_where(l, &r, where, sizeof where);
    vl_los_reason(l, &r, reason, sizeof reason);
    printf("LOS %s -> %s: blocked at %s (%s) %s\n", args[1], args[2], where, reason, r.rule);
  }
  status = fflush(stdout) == 0 ? 0 : 1;
  goto done;
fail:
  if (err.file[0] != '\0') fprintf(stderr, "%s\n", vl_error_format(&err, buf, sizeof buf));
  else fprintf(stderr, "volley los: %s\n", err.msg);
done:
  vl_los_free(l);
  vl_los_policy_free(p);
  vl_map_free(m);
  vl_path_free(data);
  host_close(L);
  return status;
}
