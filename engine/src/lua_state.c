/*
** lua_state.c -- `volley.core.state`: the state store for Lua (docs/state.md). A store is a
** userdata "volley.store" owning a vl_state; units, leaders and commands are named by their
** ids, hexes by labels (or {q=, r=} values, as volley.core.hex takes them), places by their
** ids. Lists come back as fresh sequences in a stated order, never to be walked with pairs.
** Misuse (an unknown unit, a value out of its range) raises Lua's own errors; a change the
** data forbids and a player could have asked for (a facing of the wrong kind, a double-size
** counter in one hex) returns false and the reason.
*/
#include "lua_store.h"

#include <stdio.h>

#include <stdlib.h>
#include <string.h>

#include "volley/map.h"

/***
** The state store: units, leaders, commands, locations, stacks, facing, markers and
** game.vars.
** @module volley.core.state
*/

typedef struct lstore {
  vl_state *st;   /* owned; NULL once closed */
} lstore;


/* ---- user values --------------------------------------------------------------------------- */

void vl_lua_setuservalue(lua_State *L, int ud) {
  ud = lua_absindex(L, ud);
#if VL_LUAJIT
  lua_createtable(L, 1, 0);
  lua_insert(L, -2);
  lua_rawseti(L, -2, 1);
  lua_setfenv(L, ud);
#else
  lua_setiuservalue(L, ud, 1);
#endif
}

void vl_lua_getuservalue(lua_State *L, int ud) {
  ud = lua_absindex(L, ud);
#if VL_LUAJIT
  lua_getfenv(L, ud);
  if (lua_istable(L, -1)) {
    lua_rawgeti(L, -1, 1);
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
#else
  lua_getiuservalue(L, ud, 1);
#endif
}

/* ---- arguments ----------------------------------------------------------------------------- */

vl_state *vl_lua_checkstore(lua_State *L, int arg) {
  lstore *s = vl_checkudata(L, arg, STORE_TNAME);
  luaL_argcheck(L, s->st != NULL, arg, "store is closed");
  return s->st;
}

static const vl_roster *R(const vl_state *st) { return vl_state_roster(st); }

int vl_lua_checkunit(lua_State *L, const vl_state *st, int arg) {
  const char *id = luaL_checkstring(L, arg);
  int u = vl_roster_find_unit(R(st), id);
  if (u < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown unit '%s'", id));
  return u;
}

static int check_leader(lua_State *L, const vl_state *st, int arg) {
  int u = vl_lua_checkunit(L, st, arg);
  if (!(vl_roster_unit(R(st), u)->classes & VL_CLASS_LEADER))
    luaL_argerror(L, arg, lua_pushfstring(L, "'%s' is not a leader", lua_tostring(L, arg)));
  return u;
}

static int check_command(lua_State *L, const vl_state *st, int arg) {
  const char *id = luaL_checkstring(L, arg);
  int c = vl_roster_find_command(R(st), id);
  if (c < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown command '%s'", id));
  return c;
}

int vl_lua_checkside(lua_State *L, const vl_state *st, int arg) {
  const char *id = luaL_checkstring(L, arg);
  int s = vl_roster_find_side(R(st), id);
  if (s < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown side '%s'", id));
  return s;
}

int vl_lua_checkfield(lua_State *L, const vl_state *st, int arg) {
  const char *name = luaL_checkstring(L, arg);
  int f = vl_schema_find_field(vl_state_schema(st), name);
  if (f < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown field '%s'", name));
  return f;
}

static int check_marker(lua_State *L, const vl_state *st, int arg) {
  const char *name = luaL_checkstring(L, arg);
  int m = vl_schema_find_marker(vl_state_schema(st), name);
  if (m < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown marker '%s'", name));
  return m;
}

static int check_type(lua_State *L, const vl_state *st, int arg) {
  const char *name = luaL_checkstring(L, arg);
  int t = vl_schema_find_type(vl_state_schema(st), name);
  if (t < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown unit type '%s'", name));
  return t;
}

/* A class word: combat, artillery, leader. */
static unsigned check_class(lua_State *L, int arg, const char *word) {
  if (strcmp(word, "combat") == 0) return VL_CLASS_COMBAT;
  if (strcmp(word, "artillery") == 0) return VL_CLASS_ARTILLERY;
  if (strcmp(word, "leader") == 0) return VL_CLASS_LEADER;
  luaL_argerror(L, arg, lua_pushfstring(L, "unknown class '%s' (combat, artillery, leader)", word));
  return 0;
}

/* Reads the filter table at arg (absent or nil: no filter): side = ID, enemy_of = ID, class =
** WORD, type = NAME. Unknown keys raise. */
typedef struct filter {
  unsigned sides;
  unsigned classes;
  int type;
} filter;

vl_lua_filter vl_lua_checkfilter(lua_State *L, const vl_state *st, int arg) {
  vl_lua_filter f;
  f.sides = VL_ALL_SIDES;
  f.classes = 0;
  f.type = -1;
  if (lua_isnoneornil(L, arg)) return f;
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, arg) != 0) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int top = lua_gettop(L);
    if (strcmp(k, "side") == 0) {
      f.sides &= VL_SIDE_BIT(vl_lua_checkside(L, st, top));
    } else if (strcmp(k, "enemy_of") == 0) {
      f.sides &= VL_ALL_SIDES & ~VL_SIDE_BIT(vl_lua_checkside(L, st, top));
    } else if (strcmp(k, "class") == 0) {
      f.classes = check_class(L, arg, luaL_checkstring(L, top));
    } else if (strcmp(k, "type") == 0) {
      f.type = check_type(L, st, top);
    } else {
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown filter '%s' (side, enemy_of, class, type)", k));
    }
    lua_pop(L, 1);
  }
  return f;
}

/* ---- results ------------------------------------------------------------------------------- */

void vl_lua_pushid(lua_State *L, const vl_state *st, int u) {
  lua_pushstring(L, vl_roster_unit(R(st), u)->id);
}

void vl_lua_pushids(lua_State *L, const vl_state *st, const int *u, int n) {
  int i;
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    vl_lua_pushid(L, st, u[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* Pushes false and the error's message: a refusal. */
int vl_lua_refuse(lua_State *L, const vl_error *err) {
  lua_pushboolean(L, 0);
  lua_pushstring(L, err->msg);
  return 2;
}

/* Pushes field f's value of unit u: an integer, a boolean, an enum word, a string. */
static void push_value(lua_State *L, const vl_state *st, int u, int f) {
  const vl_field *fd = vl_schema_field(vl_state_schema(st), f);
  int v = vl_state_value(st, u, f);
  switch (fd->type) {
  case VL_FIELD_BOOL: lua_pushboolean(L, v); break;
  case VL_FIELD_ENUM: lua_pushstring(L, fd->values[v]); break;
  case VL_FIELD_STRING: lua_pushstring(L, vl_roster_text(R(st), u, f)); break;
  default: lua_pushinteger(L, v); break;
  }
}

/* 1 when field f belongs to unit u. */
static int has_field(const vl_state *st, int u, int f) {
  const vl_field *fd = vl_schema_field(vl_state_schema(st), f);
  int leader = (vl_roster_unit(R(st), u)->classes & VL_CLASS_LEADER) != 0;
  return (fd->of & (leader ? VL_OF_LEADER : VL_OF_UNIT)) != 0;
}

/* Scratch space for lists: a userdata on the stack, freed by the collector. */
int *vl_lua_scratch(lua_State *L, int n) {
  return lua_newuserdata(L, sizeof(int) * (size_t)(n > 0 ? n : 1));
}

/* ---- making a store ------------------------------------------------------------------------ */

/* Reads the list of place ids in field k of the options table at 1 into the roster. */
static int add_places(lua_State *L, vl_roster *r, const char *k, int kind, vl_error *err) {
  int i, n, rc = VL_OK;
  if (vl_rawfield(L, 1, k) == LUA_TNIL) {
    lua_pop(L, 1);
    return VL_OK;
  }
  if (!lua_istable(L, -1)) return vl_error_set(err, VL_EINVAL, NULL, 0, "%s must be a list of ids", k);
  n = (int)lua_rawlen(L, -1);
  for (i = 1; i <= n && rc == VL_OK; i++) {
    lua_rawgeti(L, -1, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      rc = vl_error_set(err, VL_EINVAL, NULL, 0, "%s must be a list of ids", k);
    else
      rc = vl_roster_add_place(r, kind, lua_tostring(L, -1), err);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return rc;
}

/* Adds the map's track spaces ("track/space") and boxes to the roster. */
static int add_map_places(vl_roster *r, const vl_map *m, vl_error *err) {
  size_t t, i;
  int rc = VL_OK;
  for (t = 0; t < vl_map_track_count(m) && rc == VL_OK; t++) {
    const vl_track *tr = vl_map_track_at(m, t);
    for (i = 0; i < tr->nspaces && rc == VL_OK; i++) {
      char id[VL_NAME_MAX];
      if (snprintf(id, sizeof id, "%s/%s", tr->name, tr->spaces[i]) >= (int)sizeof id)
        return vl_error_set(err, VL_EINVAL, NULL, 0, "track space %s/%s: id too long", tr->name,
                            tr->spaces[i]);
      rc = vl_roster_add_place(r, VL_PLACE_SPACE, id, err);
    }
  }
  for (i = 0; i < vl_map_box_count(m) && rc == VL_OK; i++)
    rc = vl_roster_add_place(r, VL_PLACE_BOX, vl_map_box_id(m, i), err);
  return rc;
}

static const char *const new_options[] = {"schema", "oob", "map", "grid", "spaces", "boxes", NULL};

/***
** Makes a store from a system's schema and a scenario's order of battle.
** Every unit starts unplaced and unfaced, with the values of oob.ini and no markers; the vars
** are empty.
** @function new
** @tparam table options
**   `schema` (string: the path of charts/<system>/units.ini),
**   `oob` (string: the path of oob.ini),
**   `map` (a `volley.core.map`: its grid, its track spaces as "track/space" and its boxes),
**   or `grid` (a `volley.core.hex.grid`; default flat-top, odd columns down, XXYY),
**   `spaces`, `boxes` (lists of ids: more track spaces, such as "saltillo/G", and boxes).
**   Unknown keys raise.
** @treturn[1] store
** @treturn[2] nil
** @treturn[2] table the error `{file=, line=, msg=}` (`tostring` gives "file:line: msg")
** @usage local store = state.new{schema = "charts/rough_and_ready/units.ini",
**                                 oob = "scenarios/rough-and-ready/palo-alto/oob.ini"}
*/
static int state_new(lua_State *L) {
  const char *schema_path, *oob_path;
  const vl_grid *g = NULL;
  const vl_map *map = NULL;
  vl_schema *sc;
  vl_roster *r;
  vl_state *st;
  lstore *s;
  vl_error err;
  int rc;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int i;
    for (i = 0; new_options[i] && strcmp(k, new_options[i]) != 0; i++) {}
    if (new_options[i] == NULL)
      return luaL_error(L, "bad option '%s' to 'new' (known: schema, oob, map, grid, spaces, boxes)", k);
    lua_pop(L, 1);
  }
  vl_rawfield(L, 1, "schema");
  schema_path = lua_tostring(L, -1);
  vl_rawfield(L, 1, "oob");
  oob_path = lua_tostring(L, -1);
  if (schema_path == NULL || oob_path == NULL)
    return luaL_error(L, "bad argument #1 to 'new' (schema and oob paths expected)");
  if (vl_rawfield(L, 1, "map") != LUA_TNIL) {
    map = vl_lua_checkmap(L, lua_gettop(L));
    g = vl_map_grid(map);
  }
  if (vl_rawfield(L, 1, "grid") != LUA_TNIL) {
    if (map != NULL) return luaL_error(L, "bad argument #1 to 'new' (a map or a grid, not both)");
    g = vl_lua_checkgrid(L, lua_gettop(L));
  }
  s = lua_newuserdata(L, sizeof *s);
  s->st = NULL;
  luaL_setmetatable(L, STORE_TNAME);
  memset(&err, 0, sizeof err);
  sc = vl_schema_load(schema_path, &err);
  if (sc == NULL) {
    if (err.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    vl_lua_pusherror(L, &err);
    return 2;
  }
  r = vl_roster_load(sc, oob_path, &err);
  vl_schema_free(sc);
  if (r == NULL) {
    if (err.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    vl_lua_pusherror(L, &err);
    return 2;
  }
  rc = map != NULL ? add_map_places(r, map, &err) : VL_OK;
  if (rc == VL_OK) rc = add_places(L, r, "spaces", VL_PLACE_SPACE, &err);
  if (rc == VL_OK) rc = add_places(L, r, "boxes", VL_PLACE_BOX, &err);
  if (rc != VL_OK) {
    vl_roster_free(r);
    lua_pushnil(L);
    vl_lua_pusherror(L, &err);
    return 2;
  }
  st = vl_state_new(r, g);
  vl_roster_free(r);
  if (st == NULL) return luaL_error(L, "not enough memory");
  s->st = st;
  return 1;
}

/* ---- the roster ---------------------------------------------------------------------------- */

/***
** The system id of the store's schema ("rough_and_ready").
** @function store:system
** @treturn string
*/
static int store_system(lua_State *L) {
  lua_pushstring(L, vl_schema_system(vl_state_schema(vl_lua_checkstore(L, 1))));
  return 1;
}

/***
** The sides, in the order oob.ini declares them.
** @function store:sides
** @treturn {string,...}
*/
static int store_sides(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int i, n = vl_roster_side_count(R(st));
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_roster_side(R(st), i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/***
** The ids of units and leaders, in id order (bytewise).
** @function store:units
** @tparam[opt] table filter `side`, `enemy_of` (side ids), `class` ("combat", "artillery",
**   "leader"), `type` (a unit type)
** @treturn {string,...}
*/
static int store_units(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_lua_filter f = vl_lua_checkfilter(L, st, 2);
  int n = vl_roster_unit_count(R(st)), i, k = 0;
  int *u = vl_lua_scratch(L, n), *all = vl_lua_scratch(L, n);
  n = vl_state_units(st, f.sides, f.classes, all, n);
  for (i = 0; i < n; i++)
    if (f.type < 0 || vl_roster_unit(R(st), all[i])->type == f.type) u[k++] = all[i];
  vl_lua_pushids(L, st, u, k);
  return 1;
}

static void set_str(lua_State *L, const char *k, const char *v) {
  if (v == NULL) return;
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

/***
** What the store knows of a unit or leader that does not depend on a field: a fresh table
** `{id=, name=, side=, type=, kind="unit"|"leader", classes={combat=true, ...}, command=,
** attached=, source=, provisional=, hidden=}` (command, attached, source and provisional may
** be nil).
** @function store:unit
** @tparam string id
** @treturn table
*/
static int store_unit(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), a;
  const vl_unit *un = vl_roster_unit(R(st), u);
  lua_createtable(L, 0, 11);
  set_str(L, "id", un->id);
  set_str(L, "name", un->name);
  set_str(L, "side", vl_roster_side(R(st), un->side));
  set_str(L, "type", vl_schema_type(vl_state_schema(st), un->type)->name);
  set_str(L, "kind", (un->classes & VL_CLASS_LEADER) ? "leader" : "unit");
  lua_createtable(L, 0, 3);
  if (un->classes & VL_CLASS_COMBAT) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "combat");
  }
  if (un->classes & VL_CLASS_ARTILLERY) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "artillery");
  }
  if (un->classes & VL_CLASS_LEADER) {
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "leader");
  }
  lua_setfield(L, -2, "classes");
  if (un->command >= 0) set_str(L, "command", vl_roster_command(R(st), un->command)->id);
  a = vl_state_attached(st, u);
  if (a >= 0) set_str(L, "attached", vl_roster_command(R(st), a)->id);
  set_str(L, "source", un->source);
  set_str(L, "provisional", un->provisional);
  lua_pushboolean(L, vl_state_hidden(st, u));
  lua_setfield(L, -2, "hidden");
  return 1;
}

/***
** The fields of the schema that units (or leaders) have, in schema order.
** @function store:fields
** @tparam[opt="unit"] string kind "unit" or "leader"
** @treturn {string,...}
*/
static int store_fields(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  static const char *const kinds[] = {"unit", "leader", NULL};
  int of = luaL_checkoption(L, 2, "unit", kinds) == 0 ? VL_OF_UNIT : VL_OF_LEADER;
  int f, n = vl_schema_field_count(vl_state_schema(st)), k = 0;
  lua_createtable(L, n, 0);
  for (f = 0; f < n; f++) {
    const vl_field *fd = vl_schema_field(vl_state_schema(st), f);
    if (!(fd->of & of)) continue;
    lua_pushstring(L, fd->name);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/***
** A field's current value: an integer, a boolean, an enum word or a string.
** @function store:get
** @tparam string id a unit or leader
** @tparam string field
** @return the value
** @raise for an unknown unit or field, or a field the unit does not have
*/
static int store_get(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), f = vl_lua_checkfield(L, st, 3);
  if (!has_field(st, u, f))
    return luaL_argerror(L, 3, lua_pushfstring(L, "%s has no field '%s'", lua_tostring(L, 2),
                                               lua_tostring(L, 3)));
  push_value(L, st, u, f);
  return 1;
}

/***
** Sets a field's value: an integer within the field's range, a boolean, or one of an enum's
** words. String fields are read-only in play.
** @function store:set
** @tparam string id
** @tparam string field
** @param value
** @raise for a value of the wrong type or out of range
*/
static int store_set(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), f = vl_lua_checkfield(L, st, 3), v = 0;
  const vl_field *fd = vl_schema_field(vl_state_schema(st), f);
  vl_error err;
  switch (fd->type) {
  case VL_FIELD_BOOL:
    luaL_checktype(L, 4, LUA_TBOOLEAN);
    v = lua_toboolean(L, 4);
    break;
  case VL_FIELD_ENUM: {
    const char *w = luaL_checkstring(L, 4);
    for (v = 0; v < fd->n_values && strcmp(fd->values[v], w) != 0; v++) {}
    if (v == fd->n_values)
      return luaL_argerror(L, 4, lua_pushfstring(L, "'%s' is not a value of %s", w, fd->name));
    break;
  }
  case VL_FIELD_INT: {
    lua_Number x = luaL_checknumber(L, 4);
    if (!(x >= -2147483647.0 && x <= 2147483647.0 && (lua_Number)(int)x == x))
      return luaL_argerror(L, 4, "integer expected");
    v = (int)x;
    break;
  }
  default: break;
  }
  if (vl_state_set_value(st, u, f, v, &err) != VL_OK) return luaL_argerror(L, 4, err.msg);
  return 0;
}

/***
** All the fields of a unit with their current values, as a fresh table field -> value (a
** record to read by name: walk `store:fields()` for an order).
** @function store:values
** @tparam string id
** @treturn table
*/
static int store_values(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), f, n = vl_schema_field_count(vl_state_schema(st));
  lua_createtable(L, 0, n);
  for (f = 0; f < n; f++) {
    if (!has_field(st, u, f)) continue;
    push_value(L, st, u, f);
    lua_setfield(L, -2, vl_schema_field(vl_state_schema(st), f)->name);
  }
  return 1;
}

/***
** A marker's value on a unit (0: none).
** @function store:marker
** @tparam string id
** @tparam string marker
** @treturn integer
*/
static int store_marker(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), m = check_marker(L, st, 3);
  lua_pushinteger(L, vl_state_marker(st, u, m));
  return 1;
}

/***
** Sets a marker within its range (0 removes it; true and false stand for 1 and 0).
** @function store:set_marker
** @tparam string id
** @tparam string marker
** @tparam integer|boolean value
** @raise out of range
*/
static int store_set_marker(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), m = check_marker(L, st, 3), v;
  vl_error err;
  if (lua_type(L, 4) == LUA_TBOOLEAN) {
    v = lua_toboolean(L, 4);
  } else {
    lua_Number x = luaL_checknumber(L, 4);
    if (!(x >= -2147483647.0 && x <= 2147483647.0 && (lua_Number)(int)x == x))
      return luaL_argerror(L, 4, "integer expected");
    v = (int)x;
  }
  if (vl_state_set_marker(st, u, m, v, &err) != VL_OK) return luaL_argerror(L, 4, err.msg);
  return 0;
}

/***
** The markers a unit carries (non-zero), as a fresh table name -> value.
** @function store:markers
** @tparam string id
** @treturn table
*/
static int store_markers(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), m, n = vl_schema_marker_count(vl_state_schema(st));
  lua_createtable(L, 0, 4);
  for (m = 0; m < n; m++) {
    int v = vl_state_marker(st, u, m);
    if (v == 0) continue;
    lua_pushinteger(L, v);
    lua_setfield(L, -2, vl_schema_marker(vl_state_schema(st), m)->name);
  }
  return 1;
}

/***
** Hides a unit from the other sides, or shows it (the view filter's business).
** @function store:set_hidden
** @tparam string id
** @tparam boolean hidden
*/
static int store_set_hidden(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2);
  luaL_checktype(L, 3, LUA_TBOOLEAN);
  vl_state_set_hidden(st, u, lua_toboolean(L, 3));
  return 0;
}

/* ---- the hierarchy ------------------------------------------------------------------------- */

/***
** A command: a fresh table `{id=, name=, side=, level=, parent=, leaders={...},
** subcommands={...}, source=, provisional=}` (lists in id order; parent nil at the top).
** @function store:command
** @tparam string id
** @treturn table
*/
static int store_command(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int c = check_command(L, st, 2), n;
  const vl_command *cm = vl_roster_command(R(st), c);
  int *out = vl_lua_scratch(L, vl_roster_unit_count(R(st)) + vl_roster_command_count(R(st)));
  lua_createtable(L, 0, 9);
  set_str(L, "id", cm->id);
  set_str(L, "name", cm->name);
  set_str(L, "side", vl_roster_side(R(st), cm->side));
  set_str(L, "level", vl_schema_level(vl_state_schema(st), cm->level));
  if (cm->parent >= 0) set_str(L, "parent", vl_roster_command(R(st), cm->parent)->id);
  set_str(L, "source", cm->source);
  set_str(L, "provisional", cm->provisional);
  n = vl_roster_command_leaders(R(st), c, out, vl_roster_unit_count(R(st)));
  vl_lua_pushids(L, st, out, n);
  lua_setfield(L, -2, "leaders");
  n = vl_roster_subcommands(R(st), c, out, vl_roster_command_count(R(st)));
  {
    int i;
    lua_createtable(L, n, 0);
    for (i = 0; i < n; i++) {
      lua_pushstring(L, vl_roster_command(R(st), out[i])->id);
      lua_rawseti(L, -2, i + 1);
    }
  }
  lua_setfield(L, -2, "subcommands");
  return 1;
}

/***
** The ids of the commands, in id order; of one side, or the top commands (`top = true`).
** @function store:commands
** @tparam[opt] table filter `side` (a side id), `top` (boolean)
** @treturn {string,...}
*/
static int store_commands(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int side = -1, top = 0, c, n = vl_roster_command_count(R(st)), k = 0;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    if (vl_rawfield(L, 2, "side") != LUA_TNIL) side = vl_lua_checkside(L, st, lua_gettop(L));
    top = vl_rawfield(L, 2, "top") != LUA_TNIL && lua_toboolean(L, -1);
    lua_pop(L, 2);
  }
  lua_createtable(L, n, 0);
  for (c = 0; c < n; c++) {
    const vl_command *cm = vl_roster_command(R(st), c);
    if ((side >= 0 && cm->side != side) || (top && cm->parent >= 0)) continue;
    lua_pushstring(L, cm->id);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/***
** The units of a command, in id order: those whose command it is, and with the options those
** of the commands under it (`subcommands`), those attached to it (`attached`) and the leaders
** (`leaders`).
** @function store:units_of
** @tparam string command
** @tparam[opt] table options `subcommands`, `attached`, `leaders` (booleans)
** @treturn {string,...}
*/
static int store_units_of(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int c = check_command(L, st, 2), flags = 0, n = vl_roster_unit_count(R(st));
  int *out;
  if (!lua_isnoneornil(L, 3)) {
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, 3) != 0) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      int on = lua_toboolean(L, -1);
      if (strcmp(k, "subcommands") == 0) flags |= on ? VL_UNITS_SUBCOMMANDS : 0;
      else if (strcmp(k, "attached") == 0) flags |= on ? VL_UNITS_ATTACHED : 0;
      else if (strcmp(k, "leaders") == 0) flags |= on ? VL_UNITS_LEADERS : 0;
      else
        return luaL_argerror(L, 3, lua_pushfstring(L, "unknown option '%s' (subcommands, attached, leaders)", k));
      lua_pop(L, 1);
    }
  }
  out = vl_lua_scratch(L, n);
  n = vl_state_units_of(st, c, flags, out, n);
  vl_lua_pushids(L, st, out, n);
  return 1;
}

/***
** The superiors of a leader: the leaders of the command above the one he leads, in id order
** (empty at the top).
** @function store:superiors
** @tparam string leader
** @treturn {string,...}
*/
static int store_superiors(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int l = check_leader(L, st, 2), n = vl_roster_unit_count(R(st));
  int *out = vl_lua_scratch(L, n);
  n = vl_roster_superiors(R(st), l, out, n);
  vl_lua_pushids(L, st, out, n);
  return 1;
}

/***
** The leaders of a side, in id order.
** @function store:leaders
** @tparam string side
** @treturn {string,...}
*/
static int store_leaders(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int s = vl_lua_checkside(L, st, 2), n = vl_roster_unit_count(R(st));
  int *out = vl_lua_scratch(L, n);
  n = vl_state_units(st, VL_SIDE_BIT(s), VL_CLASS_LEADER, out, n);
  vl_lua_pushids(L, st, out, n);
  return 1;
}

/***
** Attaches a unit to a command besides its own (a division's battery to a brigade
** [gbacw 4.32]), or detaches it (command nil).
** @function store:attach
** @tparam string id
** @tparam string|nil command
** @treturn[1] true
** @treturn[2] false
** @treturn[2] string why not
*/
static int store_attach(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), c = lua_isnoneornil(L, 3) ? -1 : check_command(L, st, 3);
  vl_error err;
  if (vl_state_attach(st, u, c, &err) != VL_OK) return vl_lua_refuse(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/* ---- the store itself ---------------------------------------------------------------------- */

/***
** The store's game.vars: integers, booleans, strings, ids, lists and maps, copied in and out
** (see docs/state.md). The same object every time.
** @function store:vars
** @treturn vars
*/
static int store_vars(lua_State *L) {
  vl_lua_checkstore(L, 1);
  vl_lua_pushvars(L, 1);
  return 1;
}

/***
** A copy of the store that shares nothing with it but the read-only roster (a snapshot): the
** units, the vars, the cursor and the dice's generator state (not their log or forced queue).
** @function store:copy
** @treturn store
*/
static int store_copy(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  lstore *s = lua_newuserdata(L, sizeof *s);
  s->st = NULL;
  luaL_setmetatable(L, STORE_TNAME);
  s->st = vl_state_copy(st);
  if (s->st == NULL) return luaL_error(L, "not enough memory");
  return 1;
}

/***
** Makes the store equal to another store of the same roster (a snapshot from store:copy):
** units, vars, cursor and the dice's generator state; the dice keep their own log and forced
** queue. The store keeps its identity: its vars and dice objects and every reference to it
** stay valid.
** @function store:restore
** @tparam store snapshot
** @raise for a store of another roster
*/
static int store_restore(lua_State *L) {
  vl_state *dst = vl_lua_checkstore(L, 1), *src = vl_lua_checkstore(L, 2);
  int rc = vl_state_restore(dst, src);
  if (rc == VL_ENOMEM) return luaL_error(L, "not enough memory");
  if (rc != VL_OK) return luaL_argerror(L, 2, "a store of another order of battle");
  return 0;
}

/* ---- the dice, the cursor, the serialisation ------------------------------------------------ */

/* The dice of the store at idx, or NULL once it is closed (lua_dice.c asks at every call). */
static vl_dice *dice_of(lua_State *L, int idx) {
  lstore *s = vl_testudata(L, idx, STORE_TNAME);
  return s != NULL && s->st != NULL ? vl_state_dice(s->st) : NULL;
}

/***
** The game's dice, which the store owns: their generator state and roll counters are game
** state (copied, restored, serialised and hashed with the rest); their roll log and forced
** queue are not. A `volley.core.dice` object (`d10`, `force`, `log`, `state` ...) that keeps
** the store alive; its methods raise once the store is closed.
** @function store:dice
** @treturn dice
*/
static int store_dice(lua_State *L) {
  vl_lua_checkstore(L, 1);
  vl_lua_pushdice_of(L, 1, dice_of);
  return 1;
}

/***
** Seeds the store's dice for a game seed, as `volley.core.dice.new` seeds (docs/dice.md): no
** rolls made. The log and the forced queue are left alone.
** @function store:seed
** @tparam int seed an integer from 0 to 2^53 - 1
** @raise "bad argument #1 to 'seed' (seed must be an integer from 0 to 2^53 - 1)"
*/
static int store_seed(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  lua_Number x = luaL_checknumber(L, 2);
  vl_error err;
  if (!(x >= 0 && x < 9007199254740992.0) || (lua_Number)(uint64_t)x != x)
    return luaL_argerror(L, 2, "seed must be an integer from 0 to 2^53 - 1");
  if (vl_state_seed(st, (uint64_t)x, &err) != VL_OK) return luaL_error(L, "%s", err.msg);
  return 0;
}

/***
** A fresh copy of the cursor: where the game stands in its sequence of play (DESIGN.md
** principle 5). The runtime writes it at every step boundary; the store keeps it with the
** state and gives it no meaning. A new store's cursor is an empty table.
** @function store:cursor
** @treturn table
*/
static int store_cursor(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_lua_pushvalue(L, st, vl_state_cursor(st));
  return 1;
}

/***
** Replaces the cursor with a copy of t: a map of what game.vars may hold (integers, booleans,
** strings, ids, lists and maps), e.g. `{frames = runner:position(), side = "US"}`.
** @function store:set_cursor
** @tparam table t
** @raise for a value the state cannot hold ("cursor.frames[1].iter: 1.5 is not an integer
** ..."), or for t not a map ("the cursor must be a map")
*/
static int store_set_cursor(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_value *v;
  vl_error err;
  luaL_checktype(L, 2, LUA_TTABLE);
  v = vl_lua_tovalue(L, st, 2, "cursor");
  if (vl_state_set_cursor(st, v, &err) != VL_OK) return luaL_argerror(L, 2, err.msg);
  return 0;
}

/***
** The canonical serialisation of the game state (docs/formats.md "The state serialisation"):
** UTF-8 lines, hexes by label and units by id, in a fixed order. What `volley dump` prints and
** `store:hash()` hashes.
** @function store:serialize
** @treturn string
*/
static int store_serialize(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  size_t len;
  char *text = vl_state_serialize(st, &len);
  if (text == NULL) return luaL_error(L, "not enough memory");
  lua_pushlstring(L, text, len);
  free(text);
  return 1;
}

/***
** The state hash: XXH3-64 of exactly the bytes of `store:serialize()`, as 16 lower-case hex
** digits. The same state hashes alike on every VM.
** @function store:hash
** @treturn string
*/
static int store_hash(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  char hex[VL_STATE_HASH_MAX];
  if (vl_state_hash(st, hex, NULL) != VL_OK) return luaL_error(L, "not enough memory");
  lua_pushstring(L, hex);
  return 1;
}

/***
** The store's generation: a count every change of the units bumps (a place, a facing, a
** value, a marker, ...; `store:restore` too), never the vars, cursor or dice
** (`vl_state_generation`); with a unit, the generation of that unit's last change
** (`vl_state_unit_generation`). What is derived from the units (or from one unit) alone may
** be kept while it is the same (docs/state.md "The generation"). Not game state.
** @function store:generation
** @tparam[opt] string id a unit or leader
** @treturn integer
*/
static int store_generation(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  uint64_t g = lua_isnoneornil(L, 2) ? vl_state_generation(st)
                                     : vl_state_unit_generation(st, vl_lua_checkunit(L, st, 2));
  lua_pushinteger(L, (lua_Integer)(g & 0x1fffffffffffffull));
  return 1;
}

/***
** The units changed since a generation `store:generation()` gave: those whose own
** generation is past it (`vl_state_changed_since`), in id order; every unit after a
** `store:restore`. What is kept from the units may be brought up to date from these alone
** (docs/state.md "The generation"). Not game state.
** @function store:changed_since
** @tparam integer since a store generation
** @treturn {string,...} unit and leader ids
*/
static int store_changed_since(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  lua_Integer since = luaL_checkinteger(L, 2);
  int n, i, *ids;
  if (since < 0) since = 0;
  n = vl_state_changed_since(st, (uint64_t)since, NULL, 0);
  /* the ids' buffer is a userdata: a memory error raised while the table fills leaks nothing */
  ids = lua_newuserdata(L, sizeof *ids * (size_t)(n > 0 ? n : 1));
  n = vl_state_changed_since(st, (uint64_t)since, ids, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_roster_unit(R(st), ids[i])->id);
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, -2);
  return 1;
}

/***
** Makes the store hold the state a serialisation describes (one written by
** `store:serialize()` for a store of the same order of battle and map). Only the canonical
** text is accepted; anything else is refused at its line and the store is left as it was.
** @function store:deserialize
** @tparam string text
** @tparam[opt="state"] string name what the text is called in messages
** @treturn[1] true
** @treturn[2] nil
** @treturn[2] table the error `{file=, line=, msg=}` (`tostring` gives "file:line: msg")
*/
static int store_deserialize(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  size_t len;
  const char *text = luaL_checklstring(L, 2, &len), *name = luaL_optstring(L, 3, "state");
  vl_error err;
  int rc = vl_state_deserialize(st, text, len, name, &err);
  if (rc == VL_ENOMEM) return luaL_error(L, "not enough memory");
  if (rc != VL_OK) {
    lua_pushnil(L);
    vl_lua_pusherror(L, &err);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/***
** Bytes the store holds (the shared roster not counted).
** @function store:memory
** @treturn integer
*/
static int store_memory(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)vl_state_bytes(vl_lua_checkstore(L, 1)));
  return 1;
}

/***
** Frees the store now; later calls other than close raise. Also __gc and __close.
** @function store:close
*/
static int store_close(lua_State *L) {
  lstore *s = vl_checkudata(L, 1, STORE_TNAME);
  vl_state_free(s->st);
  s->st = NULL;
  return 0;
}

static int store_tostring(lua_State *L) {
  lstore *s = vl_checkudata(L, 1, STORE_TNAME);
  if (s->st == NULL) lua_pushliteral(L, "volley.store (closed)");
  else lua_pushfstring(L, "volley.store (%s, %d units)", vl_schema_system(vl_state_schema(s->st)),
                       vl_roster_unit_count(R(s->st)));
  return 1;
}

static const luaL_Reg store_methods[] = {
  {"system", store_system},
  {"sides", store_sides},
  {"units", store_units},
  {"unit", store_unit},
  {"fields", store_fields},
  {"get", store_get},
  {"set", store_set},
  {"values", store_values},
  {"marker", store_marker},
  {"set_marker", store_set_marker},
  {"markers", store_markers},
  {"set_hidden", store_set_hidden},
  {"command", store_command},
  {"commands", store_commands},
  {"units_of", store_units_of},
  {"superiors", store_superiors},
  {"leaders", store_leaders},
  {"attach", store_attach},
  {"vars", store_vars},
  {"dice", store_dice},
  {"seed", store_seed},
  {"cursor", store_cursor},
  {"set_cursor", store_set_cursor},
  {"serialize", store_serialize},
  {"hash", store_hash},
  {"generation", store_generation},
  {"changed_since", store_changed_since},
  {"deserialize", store_deserialize},
  {"copy", store_copy},
  {"restore", store_restore},
  {"memory", store_memory},
  {"close", store_close},
  {NULL, NULL}
};

static const luaL_Reg store_metamethods[] = {
  {"__gc", store_close},
  {"__close", store_close},
  {"__tostring", store_tostring},
  {NULL, NULL}
};

static const luaL_Reg state_funcs[] = {
  {"new", state_new},
  {NULL, NULL}
};

void vl_lua_open_state(lua_State *L) {
  if (luaL_newmetatable(L, STORE_TNAME)) {
    vl_setfuncs(L, store_metamethods);
    luaL_newlib(L, store_methods);
    vl_setfuncs(L, vl_lua_units_methods);
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
  luaL_newlib(L, state_funcs);
  vl_lua_open_vars(L);
  lua_setfield(L, -2, "state");
}
