/*
** lua_scenario.c -- `volley.core.scenario`: scenario.ini for Lua, and what the scenario loader
** (scripts/volley/scenario.lua; docs/scenarios.md) needs besides: whether an .ini file is a
** scenario, what a folder holds, and the provisional values of a store's order of battle and
** units schema (for `volley list` and `volley sources`). Every list is in a stated order.
*/
#include "lua_store.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "volley/path.h"
#include "volley/scenario.h"

/***
** scenario.ini and its variants, read and checked (docs/formats.md "scenario.ini").
** @module volley.core.scenario
*/

static void set_str(lua_State *L, const char *k, const char *v) {
  if (v == NULL) return;
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* Pushes {file=, line=, path=} of an item (path: what a value naming a file resolves to). */
static void push_at(lua_State *L, const vl_scenario_item *it) {
  lua_createtable(L, 0, 3);
  set_str(L, "file", it->file);
  set_int(L, "line", it->line);
  set_str(L, "path", it->path);
}

/* Pushes the chain above s: {{file=, extends=, rules=}, ...}, nearest first; rules is the
** {file=, line=, path=} of the rules.lua that scenario plays (its own or inherited), if any. */
static void push_chain(lua_State *L, const vl_scenario *s) {
  const vl_scenario *p;
  int i = 0;
  lua_newtable(L);
  for (p = vl_scenario_parent(s); p != NULL; p = vl_scenario_parent(p)) {
    const vl_scenario_item *rules = vl_scenario_get(p, "scenario", "rules");
    lua_createtable(L, 0, 3);
    set_str(L, "file", vl_scenario_file(p));
    set_str(L, "extends", vl_scenario_extends(p));
    if (rules != NULL) {
      push_at(L, rules);
      lua_setfield(L, -2, "rules");
    }
    lua_rawseti(L, -2, ++i);
  }
}

/* Pushes {terrain = {path=, root=}, los = ..., charts = ...}: the layers s plays with. */
static void push_layers(lua_State *L, const vl_scenario *s) {
  static const char *const names[] = {"terrain", "los", "charts"};
  int k;
  lua_createtable(L, 0, 3);
  for (k = 0; k < 3; k++) {
    const char *root, *path = vl_scenario_layer(s, (vl_scenario_layer_kind)k, &root);
    if (path == NULL) continue;
    lua_createtable(L, 0, 2);
    set_str(L, "path", path);
    set_str(L, "root", root);
    lua_setfield(L, -2, names[k]);
  }
}

/* Pushes the description table of a scenario (see `load`). */
static void push_scenario(lua_State *L, const vl_scenario *s) {
  static const char *const singles[][2] = {
    {"scenario", "title"}, {"scenario", "system"}, {"scenario", "map"}, {"scenario", "oob"},
    {"scenario", "rules"}, {"scenario", "provenance"}, {"scenario", "setup_rule"},
    {"scenario", "max_decisions"}, {"scenario", "terrain"}, {"scenario", "los"},
    {"scenario", "charts"}, {"scenario", "start"}, {"sides", "order"}, {"sides", "first"}};
  size_t k;
  int i, n, nturns, nreinf;
  lua_createtable(L, 0, 20);
  set_str(L, "file", vl_scenario_file(s));
  set_str(L, "dir", vl_scenario_dir(s));
  set_str(L, "base", vl_scenario_base(s));
  set_str(L, "extends", vl_scenario_extends(s));
  push_chain(L, s);
  lua_setfield(L, -2, "chain");
  push_layers(L, s);
  lua_setfield(L, -2, "layers");
  lua_newtable(L);  /* at: where each single value came from */
  for (k = 0; k < sizeof singles / sizeof singles[0]; k++) {
    const vl_scenario_item *it = vl_scenario_get(s, singles[k][0], singles[k][1]);
    if (it == NULL) continue;
    if (strcmp(singles[k][0], "scenario") == 0 && strcmp(singles[k][1], "max_decisions") != 0) {
      lua_pushstring(L, it->text);
      lua_setfield(L, -3, singles[k][1]);
    }
    push_at(L, it);
    lua_setfield(L, -2, singles[k][1]);
  }
  lua_setfield(L, -2, "at");
  if (vl_scenario_max_decisions(s) > 0) set_int(L, "max_decisions", vl_scenario_max_decisions(s));
  n = vl_scenario_side_count(s);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_scenario_side(s, i));
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "sides");
  set_str(L, "first", vl_scenario_first(s));

  n = vl_scenario_count(s, VL_SCENARIO_PARAMS);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    const vl_scenario_item *it = vl_scenario_at(s, VL_SCENARIO_PARAMS, i);
    lua_createtable(L, 0, 4);
    set_str(L, "name", it->name);
    set_int(L, "value", it->value);
    set_str(L, "file", it->file);
    set_int(L, "line", it->line);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "params");

  n = vl_scenario_count(s, VL_SCENARIO_VICTORY);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    const vl_scenario_item *it = vl_scenario_at(s, VL_SCENARIO_VICTORY, i);
    lua_createtable(L, 0, 5);
    set_str(L, "side", vl_scenario_side(s, it->side));
    set_str(L, "name", it->name);
    if (it->is_int) set_int(L, "value", it->value);
    else set_str(L, "value", it->text);
    set_str(L, "file", it->file);
    set_int(L, "line", it->line);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "victory");

  n = vl_scenario_count(s, VL_SCENARIO_SETUP);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    const vl_scenario_item *it = vl_scenario_at(s, VL_SCENARIO_SETUP, i);
    lua_createtable(L, 0, 5);
    set_str(L, "side", vl_scenario_side(s, it->side));
    set_str(L, "key", it->key);
    set_str(L, "text", it->text);
    set_str(L, "file", it->file);
    set_int(L, "line", it->line);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "setup");

  n = vl_scenario_count(s, VL_SCENARIO_OPTIONS);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    const vl_scenario_item *it = vl_scenario_at(s, VL_SCENARIO_OPTIONS, i);
    lua_createtable(L, 0, 4);
    set_str(L, "name", it->name);
    set_str(L, "path", it->text);
    set_str(L, "full", it->path);
    set_str(L, "file", it->file);
    set_int(L, "line", it->line);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "options");

  n = vl_scenario_count(s, VL_SCENARIO_SCHEDULE);
  nturns = nreinf = 0;
  lua_createtable(L, 0, 0);  /* turns */
  lua_createtable(L, 0, 0);  /* reinforcements */
  for (i = 0; i < n; i++) {
    const vl_scenario_item *it = vl_scenario_at(s, VL_SCENARIO_SCHEDULE, i);
    int turns = it->side < 0;
    lua_createtable(L, 0, 5);
    if (!turns) set_str(L, "side", vl_scenario_side(s, it->side));
    set_str(L, "key", it->key);
    set_str(L, "text", it->text);
    set_str(L, "file", it->file);
    set_int(L, "line", it->line);
    if (turns) lua_rawseti(L, -3, ++nturns);
    else lua_rawseti(L, -2, ++nreinf);
  }
  lua_setfield(L, -3, "reinforcements");
  lua_setfield(L, -2, "turns");
}

static int finish(lua_State *L, vl_scenario *s, const vl_error *err) {
  if (s == NULL) {
    if (err->code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    vl_lua_pusherror(L, err);
    return 2;
  }
  push_scenario(L, s);
  vl_scenario_free(s);
  return 1;
}

/***
** Reads a scenario file (scenario.ini or a variant), laid over its base or the scenario it
** extends (found under `opts.roots`, else on the data path).
** @function load
** @tparam string path
** @tparam[opt] table opts `{roots = {folder, ...}}`
** @treturn[1] table `{file=, dir=, base=, title=, system=, map=, oob=, rules=, provenance=,
** setup_rule=, max_decisions=, terrain=, los=, charts=, extends=, chain={{file=, extends=},
** ...} (the files it is laid over, nearest first), layers={terrain=, los=, charts=} (each
** {path=, root=}: the layer it plays with and the folder that keeps it), sides={...}, first=,
** params={{name=, value=, file=, line=},
** ...}, victory={{side=, name=, value=, file=, line=}, ...}, setup={{side=, key=, text=, file=,
** line=}, ...}, options={{name=, path=, full=, file=, line=}, ...}, turns={{key=, text=, file=,
** line=}, ...} and reinforcements={{side=, key=, text=, file=, line=}, ...} (the schedule's
** lines as written, in file order), at={<key>={file=, line=,
** path=}, ...}}`: paths as written, each resolved in `full` (options) or `at[key].path` (in
** the folder of the file that gave it, or the game's for "game:"); lists in scenario.h's
** orders; a victory value is an integer when written as one, else its text; `at` says where
** title, system, map, oob, rules, provenance, setup_rule, max_decisions, terrain, los,
** charts, order and first came from
** @treturn[2] nil
** @treturn[2] table the error `{file=, line=, msg=}` (`tostring` gives "file:line: msg")
*/
static int scn_load(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *roots[64];
  int n = 0;
  vl_error err;
  memset(&err, 0, sizeof err);
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    if (vl_rawfield(L, 2, "roots") != LUA_TNIL) {
      luaL_checktype(L, -1, LUA_TTABLE);
      for (n = 0; n < 64; n++) {
        lua_rawgeti(L, -1, n + 1);
        if (lua_isnil(L, -1)) {
          lua_pop(L, 1);
          break;
        }
        if (lua_type(L, -1) != LUA_TSTRING)
          return luaL_error(L, "bad option 'roots' (a list of folders expected)");
        roots[n] = lua_tostring(L, -1);
        lua_pop(L, 1);  /* still held by the list */
      }
      if (n == 64) return luaL_error(L, "bad option 'roots' (at most 64 folders)");
      return finish(L, vl_scenario_load_roots(path, roots, n, &err), &err);
    }
    lua_pop(L, 1);
  }
  return finish(L, vl_scenario_load(path, &err), &err);
}

/***
** Reads a scenario from text: the files it names are checked for their shape only, and
** `base` is refused (text has no folder).
** @function load_string
** @tparam string text
** @tparam[opt="scenario.ini"] string name the file's name in messages
** @return as `load`
*/
static int scn_load_string(lua_State *L) {
  const char *text = luaL_checkstring(L, 1);
  const char *name = luaL_optstring(L, 2, "scenario.ini");
  vl_error err;
  memset(&err, 0, sizeof err);
  return finish(L, vl_scenario_load_string(text, name, &err), &err);
}

/***
** Whether an INI file has a [scenario] section (is a scenario or a variant).
** @function probe
** @tparam string path
** @treturn[1] boolean
** @treturn[2] nil
** @treturn[2] table the error (an unreadable file, a line the INI layer refuses)
*/
static int scn_probe(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  vl_error err;
  int rc;
  memset(&err, 0, sizeof err);
  rc = vl_scenario_probe(path, &err);
  if (rc < 0) {
    if (rc == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    vl_lua_pusherror(L, &err);
    return 2;
  }
  lua_pushboolean(L, rc);
  return 1;
}

/***
** What a path is: "dir", "file" (another kind of file than a directory), or nil when
** nothing is there. Follows symbolic links.
** @function kind
** @tparam string path
** @treturn ?string
*/
static int scn_kind(lua_State *L) {
  struct stat st;
  if (stat(luaL_checkstring(L, 1), &st) != 0) lua_pushnil(L);
  else lua_pushstring(L, S_ISDIR(st.st_mode) ? "dir" : "file");
  return 1;
}

/***
** Whether path stays inside the folder root once symbolic links are followed
** (`vl_path_inside`): how a scenario's files are kept to its folder (docs/scenarios.md).
** @function inside
** @tparam string root a folder
** @tparam string path
** @treturn[1] true
** @treturn[2] false when path leads out of root
** @treturn[2] string "leads out of the folder"
** @treturn[3] nil when root or path does not resolve
** @treturn[3] string "no such file", "a loop of symbolic links", ...
*/
static int scn_inside(lua_State *L) {
  vl_error err;
  int rc = vl_path_inside(luaL_checkstring(L, 1), luaL_checkstring(L, 2), &err);
  if (rc == VL_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  if (rc == VL_EINVAL) lua_pushboolean(L, 0);
  else lua_pushnil(L);
  lua_pushstring(L, err.msg);
  return 2;
}

static int by_name(const struct dirent **a, const struct dirent **b) {
  return strcmp((*a)->d_name, (*b)->d_name);
}

/***
** The entries of a folder, in bytewise order of their names, without those whose name
** starts with '.'. A symbolic link has the kind of what it points to and `link = true`: a
** walk down a tree skips linked folders (a link to "." would make it endless). A regular
** file (not a FIFO, a device or a socket) has `regular = true`.
** @function list_dir
** @tparam string path
** @treturn[1] {table,...} `{name=, kind="dir"|"file", link=true|nil, regular=true|nil}`
** @treturn[2] nil
** @treturn[2] string "<path>: <why>"
*/
static int scn_list_dir(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  struct dirent **names;
  int n = scandir(path, &names, NULL, by_name), i, k = 0;
  if (n < 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "%s: %s", path, strerror(errno));
    return 2;
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    char full[PATH_MAX];
    struct stat st, lst;
    int w = snprintf(full, sizeof full, "%s/%s", path, names[i]->d_name);
    if (names[i]->d_name[0] != '.' && w > 0 && (size_t)w < sizeof full && stat(full, &st) == 0) {
      lua_createtable(L, 0, 3);
      set_str(L, "name", names[i]->d_name);
      set_str(L, "kind", S_ISDIR(st.st_mode) ? "dir" : "file");
      if (S_ISREG(st.st_mode)) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "regular");
      }
      if (lstat(full, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, "link");
      }
      lua_rawseti(L, -2, ++k);
    }
    free(names[i]);
  }
  free(names);
  return 1;
}

/* Pushes one provisional record. */
static void push_record(lua_State *L, int *k, const char *layer, const char *file, int line,
                        const char *key, const char *value, const char *reason) {
  lua_createtable(L, 0, 6);
  set_str(L, "layer", layer);
  set_str(L, "file", file);
  set_int(L, "line", line);
  set_str(L, "key", key);
  set_str(L, "value", value);
  set_str(L, "reason", reason);
  lua_rawseti(L, -2, ++*k);
}

/***
** The values a store's units schema and order of battle mark provisional (DESIGN.md
** principle 10): the schema's fields with a `provisional` reason (layer "system", no file:
** the caller knows the schema's path), then the order of battle's commands, whole entries
** and single values (layer "scenario", its file), each in the order its list keeps.
** @function provisional
** @tparam volley.store store
** @treturn {table,...} `{layer=, file=, line=, key=, value=, reason=}`: key "field.<name>",
** "command.<id>", "<id>" (a whole unit or leader) or "<id>.<field>"; value the field's
** default or the unit's value as oob.ini would write it ("" for a whole entry)
*/
static int scn_provisional(lua_State *L) {
  const vl_state *st = vl_lua_checkstore(L, 1);
  const vl_schema *sc = vl_state_schema(st);
  const vl_roster *r = vl_state_roster(st);
  char key[160], value[64];
  int i, k = 0;
  lua_newtable(L);
  for (i = 0; i < vl_schema_field_count(sc); i++) {
    const vl_field *f = vl_schema_field(sc, i);
    if (f->provisional == NULL) continue;
    snprintf(key, sizeof key, "field.%s", f->name);
    if (!f->has_default) value[0] = '\0';
    else if (f->type == VL_FIELD_STRING) snprintf(value, sizeof value, "%s", f->dflt_text);
    else vl_field_format(f, f->dflt, value, sizeof value);
    push_record(L, &k, "system", NULL, f->line, key, value, f->provisional);
  }
  for (i = 0; i < vl_roster_command_count(r); i++) {
    const vl_command *c = vl_roster_command(r, i);
    if (c->provisional == NULL) continue;
    snprintf(key, sizeof key, "command.%s", c->id);
    push_record(L, &k, "scenario", vl_roster_file(r), c->line, key, "", c->provisional);
  }
  for (i = 0; i < vl_roster_provisional_count(r); i++) {
    const vl_provisional *p = vl_roster_provisional(r, i);
    const vl_unit *u = vl_roster_unit(r, p->unit);
    value[0] = '\0';
    if (p->field < 0) {
      snprintf(key, sizeof key, "%s", u->id);
    } else {
      const vl_field *f = vl_schema_field(sc, p->field);
      snprintf(key, sizeof key, "%s.%s", u->id, f->name);
      if (f->type == VL_FIELD_STRING) {
        const char *t = vl_roster_text(r, p->unit, p->field);
        snprintf(value, sizeof value, "%s", t ? t : "");
      } else {
        vl_field_format(f, vl_roster_value(r, p->unit, p->field), value, sizeof value);
      }
    }
    push_record(L, &k, "scenario", vl_roster_file(r), p->line, key, value, p->reason);
  }
  return 1;
}

static const luaL_Reg scenario_funcs[] = {
  {"load", scn_load},
  {"load_string", scn_load_string},
  {"probe", scn_probe},
  {"kind", scn_kind},
  {"inside", scn_inside},
  {"list_dir", scn_list_dir},
  {"provisional", scn_provisional},
  {NULL, NULL}
};

void vl_lua_open_scenario(lua_State *L) {
  luaL_newlib(L, scenario_funcs);
  lua_setfield(L, -2, "scenario");
}
