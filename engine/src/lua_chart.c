/*
** lua_chart.c -- `volley.core.chart`: chart sets (chart.c, chart_load.c) as the userdata
** "volley.chart_set". Misuse raises in Lua's own style ("bad argument #2 to 'lookup' (unknown
** key 'rol')"); expected failures (a malformed file, a roll no row holds) return nil and the
** message. Indices count from 1 here. docs/charts.md is the guide.
** The LDoc comments (the ones opening with three stars) are the Lua API reference.
*/

/***
Chart tables: loading layered INI files, reading tables, looking cells up with clamped column
shifts. Cells are text; `volley.results` parses them.
@module volley.core.chart
*/
#include "lua_modules.h"

#include <string.h>

#include "volley/chart.h"

#define SET_TNAME "volley.chart_set"

typedef struct set_ud {
  vl_chart_set *s;   /* owned; NULL once closed */
} set_ud;

static vl_chart_set *check_set(lua_State *L) {
  set_ud *u = vl_checkudata(L, 1, SET_TNAME);
  luaL_argcheck(L, u->s != NULL, 1, "chart set is closed");
  return u->s;
}

/* Pushes nil and the formatted error; returns 2. */
static int fail(lua_State *L, const vl_error *err) {
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 16];
  lua_pushnil(L);
  lua_pushstring(L, vl_error_format(err, buf, sizeof buf));
  return 2;
}

/***
An empty chart set.
@function new
@treturn chart_set
@raise "not enough memory"
*/
static int chart_new(lua_State *L) {
  set_ud *u = lua_newuserdata(L, sizeof *u);
  u->s = NULL;
  luaL_setmetatable(L, SET_TNAME);
  u->s = vl_chart_set_new();
  if (u->s == NULL) return luaL_error(L, "not enough memory");
  return 1;
}

/***
Reads every chart file of a directory as one layer (all or nothing); a table replaces an
earlier layer's table of the same name.
@function chart_set:load_dir
@tparam string dir e.g. "charts/rough_and_ready"
@tparam string layer "system", "scenario", ...
@tparam[opt] boolean optional when true, a missing directory is no error
@treturn ?true
@treturn ?string "fire.ini:12: row '3-7' has 2 cells; the table has 3 columns"
*/
static int set_load_dir(lua_State *L) {
  vl_chart_set *s = check_set(L);
  const char *dir = luaL_checkstring(L, 2);
  const char *layer = luaL_checkstring(L, 3);
  int optional = lua_toboolean(L, 4);
  vl_error err;
  int rc = vl_chart_set_load_dir(s, dir, layer, &err);
  if (rc == VL_ENOTFOUND && optional) rc = VL_OK;
  if (rc != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Reads one chart file as a layer (all or nothing).
@function chart_set:load_file
@tparam string path
@tparam string layer
@treturn ?true
@treturn ?string the error with file and line
*/
static int set_load_file(lua_State *L) {
  vl_chart_set *s = check_set(L);
  const char *path = luaL_checkstring(L, 2);
  const char *layer = luaL_checkstring(L, 3);
  vl_error err;
  if (vl_chart_set_load_file(s, path, layer, &err) != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Reads chart text as a layer, naming it `name` in messages (all or nothing).
@function chart_set:load_string
@tparam string text INI text
@tparam string name e.g. "test.ini"
@tparam string layer
@treturn ?true
@treturn ?string the error with name and line
*/
static int set_load_string(lua_State *L) {
  vl_chart_set *s = check_set(L);
  size_t len;
  const char *text = luaL_checklstring(L, 2, &len);
  const char *name = luaL_checkstring(L, 3);
  const char *layer = luaL_checkstring(L, 4);
  vl_error err;
  if (vl_chart_set_load_buffer(s, name, text, len, layer, &err) != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
The names of the set's tables, sorted.
@function chart_set:names
@treturn {string,...}
*/
static int set_names(lua_State *L) {
  vl_chart_set *s = check_set(L);
  size_t i, n = vl_chart_set_count(s);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_chart_name(vl_chart_set_at(s, i)));
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

static void set_str(lua_State *L, const char *k, const char *v) {
  if (v == NULL) return;
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, lua_Integer v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/***
Everything about one table.
@function chart_set:info
@tparam string name
@treturn ?table `{name, title, source, provisional, provisional_line, layer, file, line, die,
rows_by, results, results_line, columns (the axis name, nil for 1-D), ncols, headers =
{{name = "6_pounder" or nil, cells = {...}}, ...}, labels = {...} or nil, labels_line,
rows = {{label = "3-7", line =, cells = {...}, lines = {...}}, ...}}`
@treturn ?string "no table 'x'"
*/
static int set_info(lua_State *L) {
  vl_chart_set *s = check_set(L);
  const char *name = luaL_checkstring(L, 2);
  const vl_chart *t = vl_chart_set_find(s, name);
  size_t r, c, h, ncols, nrows, ncells;
  if (t == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "no table '%s'", name);
    return 2;
  }
  ncols = vl_chart_columns(t);
  nrows = vl_chart_rows(t);
  ncells = ncols > 0 ? ncols : 1;
  lua_createtable(L, 0, 20);
  set_str(L, "name", vl_chart_name(t));
  set_str(L, "title", vl_chart_title(t));
  set_str(L, "source", vl_chart_source(t));
  set_str(L, "provisional", vl_chart_provisional(t));
  if (vl_chart_provisional(t) != NULL) set_int(L, "provisional_line", vl_chart_provisional_line(t));
  set_str(L, "layer", vl_chart_layer(t));
  set_str(L, "file", vl_chart_file(t));
  set_int(L, "line", vl_chart_line(t));
  set_str(L, "die", vl_chart_die(t));
  set_str(L, "rows_by", vl_chart_rows_by(t));
  set_str(L, "results", vl_chart_results(t));
  set_int(L, "results_line", vl_chart_results_line(t));
  set_str(L, "columns", vl_chart_axis_name(vl_chart_axis_of(t)));
  set_int(L, "ncols", (lua_Integer)ncols);
  lua_createtable(L, (int)vl_chart_headers(t), 0);
  for (h = 0; h < vl_chart_headers(t); h++) {
    lua_createtable(L, 0, 2);
    set_str(L, "name", vl_chart_header_name(t, h));
    lua_createtable(L, (int)ncols, 0);
    for (c = 0; c < ncols; c++) {
      lua_pushstring(L, vl_chart_header_cell(t, h, c));
      lua_rawseti(L, -2, (int)c + 1);
    }
    lua_setfield(L, -2, "cells");
    lua_rawseti(L, -2, (int)h + 1);
  }
  lua_setfield(L, -2, "headers");
  if (vl_chart_label(t, 0) != NULL) {
    lua_createtable(L, (int)ncols, 0);
    for (c = 0; c < ncols; c++) {
      lua_pushstring(L, vl_chart_label(t, c));
      lua_rawseti(L, -2, (int)c + 1);
    }
    lua_setfield(L, -2, "labels");
    set_int(L, "labels_line", vl_chart_labels_line(t));
  }
  lua_createtable(L, (int)nrows, 0);
  for (r = 0; r < nrows; r++) {
    lua_createtable(L, 0, 4);
    set_str(L, "label", vl_chart_row_label(t, r));
    set_int(L, "line", vl_chart_row_line(t, r));
    lua_createtable(L, (int)ncells, 0);
    for (c = 0; c < ncells; c++) {
      lua_pushstring(L, vl_chart_cell(t, r, c));
      lua_rawseti(L, -2, (int)c + 1);
    }
    lua_setfield(L, -2, "cells");
    lua_createtable(L, (int)ncells, 0);
    for (c = 0; c < ncells; c++) {
      lua_pushinteger(L, vl_chart_cell_line(t, r, c));
      lua_rawseti(L, -2, (int)c + 1);
    }
    lua_setfield(L, -2, "lines");
    lua_rawseti(L, -2, (int)r + 1);
  }
  lua_setfield(L, -2, "rows");
  return 1;
}

/* Reads an integer field k of the table at idx into *out (left alone when absent); raises
** "bad argument #arg to 'f' (field 'k' must be an integer)" otherwise. Returns 1 if present. */
static int opt_int_field(lua_State *L, int idx, int arg, const char *k, int *out) {
  lua_Number x;
  vl_rawfield(L, idx, k);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return 0; }
  x = lua_tonumber(L, -1);
  if (lua_type(L, -1) != LUA_TNUMBER || !(x >= -2147483647.0 && x <= 2147483647.0)
      || (lua_Number)(int)x != x)
    return luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be an integer", k));
  *out = (int)x;
  lua_pop(L, 1);
  return 1;
}

/* The string field k of the table at idx, or NULL; raises when it is not a string. The
** string stays on the stack (popped by the caller's return), so it stays alive. */
static const char *opt_str_field(lua_State *L, int idx, int arg, const char *k) {
  vl_rawfield(L, idx, k);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return NULL; }
  if (lua_type(L, -1) != LUA_TSTRING)
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a string", k));
  return lua_tostring(L, -1);
}

/* Checks that the pick table at idx has only the known keys; raises naming an unknown one
** (with two unknown keys, which one is named depends on the table's order: an error, never
** an outcome). */
static void check_pick_keys(lua_State *L, int idx, int arg) {
  static const char *const known[] = {"roll", "shift", "value", "against", "name", "header",
                                      "column", NULL};
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    int i, ok = 0;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (i = 0; known[i] != NULL; i++)
        if (strcmp(lua_tostring(L, -2), known[i]) == 0) { ok = 1; break; }
    if (!ok) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "(not a string)";
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown key '%s' (known: against, column, "
                                            "header, name, roll, shift, value)", k));
    }
    lua_pop(L, 1);
  }
}

/* Pushes the Lua form of a lookup result. */
static void push_result(lua_State *L, const vl_chart_result *res) {
  const vl_chart *t = res->chart;
  lua_createtable(L, 0, 16);
  set_str(L, "chart", vl_chart_name(t));
  set_str(L, "cell", res->cell);
  if (res->row >= 0) {
    set_int(L, "row", res->row + 1);
    set_str(L, "row_label", res->row_label);
  }
  if (res->column >= 0) {
    set_int(L, "column", res->column + 1);
    set_str(L, "column_label", res->column_label);
    set_int(L, "base_column", res->base_column + 1);
    set_int(L, "shift", res->shift);
    set_int(L, "shift_applied", res->shift_applied);
    lua_pushboolean(L, res->shift_applied != res->shift);
    lua_setfield(L, -2, "clamped");
  }
  set_str(L, "die", vl_chart_die(t));
  set_str(L, "results", vl_chart_results(t));
  set_str(L, "source", vl_chart_source(t));
  set_str(L, "provisional", vl_chart_provisional(t));
  set_str(L, "layer", vl_chart_layer(t));
  set_str(L, "file", vl_chart_file(t));
  set_int(L, "line", vl_chart_line(t));
}

/***
Looks a cell up. The pick says how to find the row and column:
`roll` (the modified die result; ignored by a table without rows), `shift` (columns, + right,
clamped at the table's edges), and for a 2-D table either `column` (1-based) or what its axis
needs: `value` (strength, differential, range; under `header` for a table with per-type
headers), `value` and `against` (odds), or `name` (type).
@function chart_set:lookup
@tparam string name the table
@tparam table pick e.g. `{roll = 7}`, `{header = "6_pounder", value = 10}`,
`{value = 3, shift = -2, roll = 5}`
@treturn ?table `{chart, cell, row, row_label, column, column_label, base_column, shift,
shift_applied, clamped, die, results, source, provisional, layer, file, line}` (row fields
absent without rows, column fields absent for 1-D)
@treturn ?string "table 'shock_result' has no row for 12", "no table 'x'", ...
@raise on a pick that is not a table, an unknown pick key, a non-integer number
*/
static int set_lookup(lua_State *L) {
  vl_chart_set *s = check_set(L);
  const char *name = luaL_checkstring(L, 2);
  const vl_chart *t;
  vl_chart_pick pick;
  vl_chart_result res;
  vl_error err;
  int roll = 0, shift = 0, column = 0, has_column, has_pick = 0, rc;
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  check_pick_keys(L, 3, 3);
  memset(&pick, 0, sizeof pick);
  (void)opt_int_field(L, 3, 3, "roll", &roll);
  (void)opt_int_field(L, 3, 3, "shift", &shift);
  has_column = opt_int_field(L, 3, 3, "column", &column);
  has_pick |= opt_int_field(L, 3, 3, "value", &pick.value);
  has_pick |= opt_int_field(L, 3, 3, "against", &pick.against);
  pick.name = opt_str_field(L, 3, 3, "name");        /* left on the stack: kept alive */
  pick.header = opt_str_field(L, 3, 3, "header");
  has_pick |= pick.name != NULL || pick.header != NULL;
  t = vl_chart_set_find(s, name);
  if (t == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "no table '%s'", name);
    return 2;
  }
  if (has_column)
    rc = vl_chart_lookup_at(t, column - 1, shift, roll, &res, &err);
  else
    rc = vl_chart_lookup(t, has_pick ? &pick : NULL, shift, roll, &res, &err);
  if (rc != VL_OK) return fail(L, &err);
  push_result(L, &res);
  return 1;
}

/***
The column a pick leads to, before any shift.
@function chart_set:column
@tparam string name the table
@tparam table pick as for lookup (`value`, `against`, `name`, `header`)
@treturn ?int the column, from 1
@treturn ?string when nil: the message
*/
static int set_column(lua_State *L) {
  vl_chart_set *s = check_set(L);
  const char *name = luaL_checkstring(L, 2);
  const vl_chart *t;
  vl_chart_pick pick;
  vl_error err;
  int col;
  luaL_checktype(L, 3, LUA_TTABLE);
  lua_settop(L, 3);
  check_pick_keys(L, 3, 3);
  memset(&pick, 0, sizeof pick);
  (void)opt_int_field(L, 3, 3, "value", &pick.value);
  (void)opt_int_field(L, 3, 3, "against", &pick.against);
  pick.name = opt_str_field(L, 3, 3, "name");
  pick.header = opt_str_field(L, 3, 3, "header");
  t = vl_chart_set_find(s, name);
  if (t == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "no table '%s'", name);
    return 2;
  }
  if (vl_chart_column(t, &pick, &col, &err) != VL_OK) return fail(L, &err);
  lua_pushinteger(L, col + 1);
  return 1;
}

/***
Frees the set now (the garbage collector does it otherwise); later calls raise.
@function chart_set:close
*/
static int set_close(lua_State *L) {
  set_ud *u = vl_checkudata(L, 1, SET_TNAME);
  vl_chart_set_free(u->s);
  u->s = NULL;
  return 0;
}

static const luaL_Reg set_methods[] = {
  {"load_dir", set_load_dir},
  {"load_file", set_load_file},
  {"load_string", set_load_string},
  {"names", set_names},
  {"info", set_info},
  {"lookup", set_lookup},
  {"column", set_column},
  {"close", set_close},
  {NULL, NULL}
};

static const luaL_Reg chart_funcs[] = {
  {"new", chart_new},
  {NULL, NULL}
};

void vl_lua_open_chart(lua_State *L) {
  luaL_newmetatable(L, SET_TNAME);
  lua_newtable(L);
  vl_setfuncs(L, set_methods);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, set_close);
  lua_setfield(L, -2, "__gc");
  lua_pushcfunction(L, set_close);
  lua_setfield(L, -2, "__close");
  lua_pop(L, 1);
  lua_newtable(L);
  vl_setfuncs(L, chart_funcs);
  lua_setfield(L, -2, "chart");
}
