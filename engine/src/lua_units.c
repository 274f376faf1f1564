/*
** lua_units.c -- `volley.core.state`, the store's methods about places: locations, stacks, the
** fast queries and facing (docs/state.md). lua_state.c makes the store and holds the rest.
*/
#include "lua_store.h"

#include <stdlib.h>
#include <string.h>

static const vl_roster *R(const vl_state *st) { return vl_state_roster(st); }

#define LIST_MAX 4096   /* the deepest stack position a script may name */

static int check_model(lua_State *L, const vl_state *st, int arg) {
  const char *name = luaL_checkstring(L, arg);
  int m = vl_schema_find_model(vl_state_schema(st), name);
  if (m < 0) luaL_argerror(L, arg, lua_pushfstring(L, "unknown facing model '%s'", name));
  return m;
}


static vl_hex check_hex(lua_State *L, const vl_state *st, int arg) {
  return vl_lua_checkhex(L, arg, vl_state_grid(st));
}


/* A location argument: a hex (label or {q=, r=}), a list of 1 to 3 hexes, {space = ID},
** {box = ID}, or one of the words eliminated, exited, set_aside, hidden, none. Writes the
** hexes of a hex location to hexes (room for VL_FACING_PARTS) and their count to *n. */
static vl_loc check_loc(lua_State *L, const vl_state *st, int arg, vl_hex *hexes, int *n) {
  int t = lua_type(L, arg);
  *n = 0;
  if (t == LUA_TSTRING) {
    const char *w = lua_tostring(L, arg);
    int kind = vl_loc_kind_parse(w);
    if (kind >= VL_LOC_ELIMINATED || kind == VL_LOC_NONE) return vl_loc_off(kind);
    hexes[0] = check_hex(L, st, arg);
    *n = 1;
    return vl_loc_hex(hexes[0]);
  }
  if (t == LUA_TTABLE) {
    int i, is_space = vl_rawfield(L, arg, "space") != LUA_TNIL;
    int is_box = vl_rawfield(L, arg, "box") != LUA_TNIL;
    if (is_space || is_box) {
      int place, pk = 0, kind = is_space ? VL_PLACE_SPACE : VL_PLACE_BOX;
      const char *id;
      if (is_space && is_box) luaL_argerror(L, arg, "a location is a space or a box, not both");
      id = luaL_checkstring(L, is_space ? -2 : -1);
      place = vl_roster_find_place(R(st), id, &pk);
      if (place < 0 || pk != kind)
        luaL_argerror(L, arg, lua_pushfstring(L, "unknown %s '%s'", is_space ? "track space" : "box", id));
      lua_pop(L, 2);
      return vl_loc_place(is_space ? VL_LOC_SPACE : VL_LOC_BOX, place);
    }
    lua_pop(L, 2);
    if (vl_rawfield(L, arg, "q") != LUA_TNIL) {
      lua_pop(L, 1);
      hexes[0] = check_hex(L, st, arg);
      *n = 1;
      return vl_loc_hex(hexes[0]);
    }
    lua_pop(L, 1);
    *n = (int)lua_rawlen(L, arg);
    if (*n < 1 || *n > VL_FACING_PARTS)
      luaL_argerror(L, arg, "a list of 1 to 3 hexes expected");
    for (i = 0; i < *n; i++) {
      lua_rawgeti(L, arg, i + 1);
      hexes[i] = check_hex(L, st, lua_gettop(L));
      lua_pop(L, 1);
    }
    return vl_loc_hex(hexes[0]);
  }
  luaL_argerror(L, arg, lua_pushfstring(L, "location expected, got %s", luaL_typename(L, arg)));
  return vl_loc_off(VL_LOC_NONE);
}

/* A stack position: "top", "bottom", or an integer from 1 (the top). Returns the C position
** (0 top, -1 bottom, k below k units). */
static int check_pos(lua_State *L, int arg, int dflt) {
  if (lua_isnoneornil(L, arg)) return dflt;
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char *w = lua_tostring(L, arg);
    if (strcmp(w, "top") == 0) return 0;
    if (strcmp(w, "bottom") == 0) return -1;
  } else if (lua_type(L, arg) == LUA_TNUMBER) {
    lua_Number x = lua_tonumber(L, arg);
    if (x >= 1 && x <= LIST_MAX && (lua_Number)(int)x == x) return (int)x - 1;
  }
  luaL_argerror(L, arg, "position expected: \"top\", \"bottom\" or an integer from 1");
  return 0;
}


static void push_hex(lua_State *L, const vl_state *st, vl_hex h) {
  vl_lua_pushhex(L, vl_state_grid(st), h);
}

/* Sorts hexes (and their arcs, when given) into label order: insertion sort, the lists are
** short. */
static void sort_labels(const vl_grid *g, vl_hex *h, unsigned char *a, int n) {
  int i, j;
  for (i = 1; i < n; i++) {
    vl_hex x = h[i];
    unsigned char y = a ? a[i] : 0;
    for (j = i; j > 0 && vl_hex_label_cmp(g, h[j - 1], x) > 0; j--) {
      h[j] = h[j - 1];
      if (a) a[j] = a[j - 1];
    }
    h[j] = x;
    if (a) a[j] = y;
  }
}

/* ---- locations and stacks ------------------------------------------------------------------ */

/***
** Puts a unit somewhere: on a hex (a label), on 2 or 3 hexes (a list, the counter's own hex
** first), on a track space (`{space = "saltillo/G"}`), in a box (`{box = "reserve"}`), or off
** the board ("eliminated", "exited", "set_aside", "hidden"; "none" takes it off everything).
** It goes on top of each stack unless told otherwise.
** @function store:place
** @tparam string id
** @param where the location
** @tparam[opt="top"] string|integer position "top", "bottom", or 1, 2, ... from the top
** @treturn[1] true
** @treturn[2] false
** @treturn[2] string why not (hexes that are no chain, a double-size counter on one hex)
** @usage store:place("5US-1", "3014")
** @usage store:place("1/L", {"3123", "3124"})
*/
static int store_place(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), n, pos;
  vl_hex hexes[VL_FACING_PARTS];
  vl_loc loc = check_loc(L, st, 3, hexes, &n);
  vl_error err;
  pos = check_pos(L, 4, 0);
  if (vl_state_place(st, u, loc, hexes, n, pos, &err) != VL_OK) {
    if (err.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    return vl_lua_refuse(L, &err);
  }
  lua_pushboolean(L, 1);
  return 1;
}

/***
** Where a unit is: the kind ("hex", "space", "box", "eliminated", "exited", "set_aside",
** "hidden", "none") and, for a hex, its (first) hex label; for a space or box, its id.
** @function store:where
** @tparam string id
** @treturn string kind
** @treturn[opt] string the hex or place
*/
static int store_where(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2);
  vl_loc loc;
  vl_state_location(st, u, &loc, NULL);
  lua_pushstring(L, vl_loc_kind_word(loc.kind));
  if (loc.kind == VL_LOC_HEX) {
    push_hex(L, st, loc.hex);
    return 2;
  }
  if (loc.kind == VL_LOC_SPACE || loc.kind == VL_LOC_BOX) {
    lua_pushstring(L, vl_roster_place(R(st), loc.place, NULL));
    return 2;
  }
  return 1;
}

/***
** The hexes a unit occupies, the counter's own first (empty off the map).
** @function store:hexes
** @tparam string id
** @treturn {string,...}
*/
static int store_hexes(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex hexes[VL_FACING_PARTS];
  int i, n = vl_state_location(st, vl_lua_checkunit(L, st, 2), NULL, hexes);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, st, hexes[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/***
** The units at a location, top first.
** @function store:stack
** @param where a hex, `{space = ID}`, `{box = ID}` or an off-board word
** @treturn {string,...}
*/
static int store_stack(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex hexes[VL_FACING_PARTS];
  int n;
  vl_loc loc = check_loc(L, st, 2, hexes, &n);
  int count = vl_state_stack(st, loc, NULL, 0);
  int *out = vl_lua_scratch(L, count);
  vl_state_stack(st, loc, out, count);
  vl_lua_pushids(L, st, out, count);
  return 1;
}

/***
** The top unit at a location, or nil.
** @function store:top
** @param where
** @treturn string|nil
*/
static int store_top(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex hexes[VL_FACING_PARTS];
  int n, u;
  vl_loc loc = check_loc(L, st, 2, hexes, &n);
  u = vl_state_top(st, loc);
  if (u < 0) lua_pushnil(L);
  else vl_lua_pushid(L, st, u);
  return 1;
}

/* The part of u standing in the hex at arg (absent: every part, -1). */
static int check_part(lua_State *L, const vl_state *st, int u, int arg) {
  vl_hex hexes[VL_FACING_PARTS], h;
  int k, n;
  if (lua_isnoneornil(L, arg)) return -1;
  h = check_hex(L, st, arg);
  n = vl_state_location(st, u, NULL, hexes);
  for (k = 0; k < n; k++)
    if (vl_hex_eq(hexes[k], h)) return k;
  luaL_argerror(L, arg, lua_pushfstring(L, "%s is not in that hex", vl_roster_unit(R(st), u)->id));
  return -1;
}

/***
** A unit's position in its stack, 1 being the top (in the given hex for a unit on several).
** @function store:position
** @tparam string id
** @param[opt] hex
** @treturn integer|nil nil when not placed
*/
static int store_position(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), part = check_part(L, st, u, 3);
  int p = vl_state_position(st, u, part < 0 ? 0 : part);
  if (p < 0) lua_pushnil(L);
  else lua_pushinteger(L, p + 1);
  return 1;
}

/***
** Moves a unit within its stack (every stack it stands in, or the one in the given hex).
** @function store:restack
** @tparam string id
** @tparam string|integer position "top", "bottom" or 1, 2, ... from the top
** @param[opt] hex
** @raise when the unit is not placed
*/
static int store_restack(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), pos = check_pos(L, 3, 0), part = check_part(L, st, u, 4);
  vl_error err;
  if (vl_state_restack(st, u, part, pos, &err) != VL_OK) return luaL_error(L, "%s", err.msg);
  return 0;
}

/***
** Reorders the stack at a location: the ids, top first, must be exactly the units there
** (the inverted order of a 180-degree turn [gbacw 7.21], for one).
** @function store:reorder
** @param where
** @tparam {string,...} ids
** @raise when the ids are not the stack's units
*/
static int store_reorder(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex hexes[VL_FACING_PARTS];
  int n, i, count;
  vl_loc loc = check_loc(L, st, 2, hexes, &n);
  int *u;
  vl_error err;
  luaL_checktype(L, 3, LUA_TTABLE);
  count = (int)lua_rawlen(L, 3);
  u = vl_lua_scratch(L, count);
  for (i = 0; i < count; i++) {
    lua_rawgeti(L, 3, i + 1);
    u[i] = vl_lua_checkunit(L, st, lua_gettop(L));
    lua_pop(L, 1);
  }
  if (vl_state_reorder(st, loc, u, count, &err) != VL_OK) return luaL_error(L, "%s", err.msg);
  return 0;
}

/***
** The sum of a field over the units in a hex: the strength by unit type.
** @function store:total
** @param hex
** @tparam string field
** @tparam[opt] table filter `type`, `class`, `side`, `enemy_of`
** @treturn integer
*/
static int store_total(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex h = check_hex(L, st, 2);
  int f = vl_lua_checkfield(L, st, 3);
  vl_lua_filter fl = vl_lua_checkfilter(L, st, 4);
  long sum = 0;
  if (fl.sides == VL_ALL_SIDES) {
    sum = vl_state_total(st, h, f, fl.type, fl.classes);
  } else {
    int n = vl_state_stack(st, vl_loc_hex(h), NULL, 0), i;
    int *u = vl_lua_scratch(L, n);
    vl_state_stack(st, vl_loc_hex(h), u, n);
    for (i = 0; i < n; i++) {
      const vl_unit *un = vl_roster_unit(R(st), u[i]);
      if (!(fl.sides & VL_SIDE_BIT(un->side))) continue;
      if (fl.type >= 0 && un->type != fl.type) continue;
      if (fl.classes && !(un->classes & fl.classes)) continue;
      sum += vl_state_value(st, u[i], f);
    }
  }
  lua_pushinteger(L, (lua_Integer)sum);
  return 1;
}

/***
** How many units are in a hex (of the filter's sides, class and type).
** @function store:count
** @param hex
** @tparam[opt] table filter
** @treturn integer
*/
static int store_count(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex h = check_hex(L, st, 2);
  vl_lua_filter fl = vl_lua_checkfilter(L, st, 3);
  int n;
  if (fl.type < 0) {
    n = vl_state_count(st, h, fl.sides, fl.classes);
  } else {
    int count = vl_state_stack(st, vl_loc_hex(h), NULL, 0), i;
    int *u = vl_lua_scratch(L, count);
    vl_state_stack(st, vl_loc_hex(h), u, count);
    n = 0;
    for (i = 0; i < count; i++) {
      const vl_unit *un = vl_roster_unit(R(st), u[i]);
      n += (fl.sides & VL_SIDE_BIT(un->side)) && un->type == fl.type &&
           (!fl.classes || (un->classes & fl.classes));
    }
  }
  lua_pushinteger(L, n);
  return 1;
}

/***
** Whether a hex holds artillery (of the filter's sides).
** @function store:has_artillery
** @param hex
** @tparam[opt] table filter `side`, `enemy_of`
** @treturn boolean
*/
static int store_has_artillery(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex h = check_hex(L, st, 2);
  vl_lua_filter fl = vl_lua_checkfilter(L, st, 3);
  lua_pushboolean(L, vl_state_count(st, h, fl.sides, VL_CLASS_ARTILLERY) > 0);
  return 1;
}

/***
** The units within n hexes of a hex (the range count: the target hex counts, the start does
** not), in id order; a unit on several hexes counts when any of them is within range.
** @function store:within
** @param hex
** @tparam integer n
** @tparam[opt] table filter `side`, `enemy_of`, `class`, `type`
** @treturn {string,...}
*/
static int store_within(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_hex h = check_hex(L, st, 2);
  lua_Number x = luaL_checknumber(L, 3);
  vl_lua_filter fl;
  int n = vl_roster_unit_count(R(st)), i, k = 0;
  int *out;
  luaL_argcheck(L, x >= 0 && x <= 10000 && (lua_Number)(int)x == x, 3,
                "distance must be an integer from 0");
  fl = vl_lua_checkfilter(L, st, 4);
  out = vl_lua_scratch(L, n);
  n = vl_state_within(st, h, (int)x, fl.sides, fl.classes, out, n);
  for (i = 0; i < n; i++)
    if (fl.type < 0 || vl_roster_unit(R(st), out[i])->type == fl.type) out[k++] = out[i];
  vl_lua_pushids(L, st, out, k);
  return 1;
}

/***
** The hexes holding combat units (of the filter's sides), in label order: the blockers movement
** and line of sight need.
** @function store:combat_hexes
** @tparam[opt] table filter `side`, `enemy_of`
** @treturn {string,...}
*/
static int store_combat_hexes(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_lua_filter fl = vl_lua_checkfilter(L, st, 2);
  int n = vl_state_combat_hexes(st, fl.sides, NULL, 0), i;
  vl_hex *h = lua_newuserdata(L, sizeof *h * (size_t)(n > 0 ? n : 1));
  vl_state_combat_hexes(st, fl.sides, h, n);
  sort_labels(vl_state_grid(st), h, NULL, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, st, h[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* ---- facing -------------------------------------------------------------------------------- */

/***
** A unit's facing word ("N/NE" for a vertex, "N" for a hexside, in the map's words), or nil
** when it has none.
** @function store:facing
** @tparam string id
** @treturn string|nil
*/
static int store_facing(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  vl_facing f = vl_state_facing(st, vl_lua_checkunit(L, st, 2));
  const char *w = f.kind == VL_FACING_HEXSIDE ? vl_hexside_word(vl_state_grid(st), f.index)
                  : f.kind == VL_FACING_VERTEX ? vl_vertex_word(vl_state_grid(st), f.index)
                                               : NULL;
  if (w == NULL) lua_pushnil(L);
  else lua_pushstring(L, w);
  return 1;
}

/***
** Faces a unit: a hexside word, a vertex word ("N/NE", or the aliases "E" and "W" on a
** flat-top map), "toward <hex>" or "toward <hex>/<hex>" (from its own hex), or nil to clear
** it; optionally with a new facing model for all its hexes at once.
** @function store:face
** @tparam string id
** @tparam string|nil word
** @tparam[opt] string model
** @treturn[1] true
** @treturn[2] false
** @treturn[2] string why not: an unknown word, or a facing of the wrong kind for the model
**   ("5US-1 faces a vertex under model 'vertex', not a hexside [rough_and_ready 5.31-5.32]")
*/
static int store_face(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), model = lua_isnoneornil(L, 4) ? -1 : check_model(L, st, 4);
  vl_facing f;
  vl_error err;
  if (lua_isnil(L, 3)) {
    f.kind = VL_FACING_NONE;
    f.index = 0;
  } else {
    const char *word = luaL_checkstring(L, 3);
    vl_hex at[VL_FACING_PARTS] = {{0, 0}, {0, 0}, {0, 0}};
    vl_facing_kind kind;
    vl_state_location(st, u, NULL, at);
    if (vl_facing_parse(vl_state_grid(st), at[0], word, &kind, &f.index, &err) != VL_OK)
      return vl_lua_refuse(L, &err);
    f.kind = (int)kind;
  }
  if (vl_state_set_facing(st, u, f, model, &err) != VL_OK) return vl_lua_refuse(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
** The facing model of a unit (of its part in the given hex).
** @function store:model
** @tparam string id
** @param[opt] hex
** @treturn string
*/
static int store_model(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), part = check_part(L, st, u, 3);
  lua_pushstring(L, vl_schema_model(vl_state_schema(st), vl_state_model(st, u, part < 0 ? 0 : part))->name);
  return 1;
}

/***
** Changes the facing model of a unit, or of its part in the given hex (the refused end of an
** extended line, say).
** @function store:set_model
** @tparam string id
** @tparam string model
** @param[opt] hex
** @treturn[1] true
** @treturn[2] false
** @treturn[2] string why not (the model needs another kind of facing)
*/
static int store_set_model(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), m = check_model(L, st, 3), part = check_part(L, st, u, 4);
  vl_error err;
  if (vl_state_set_model(st, u, part, m, &err) != VL_OK) return vl_lua_refuse(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

static const char *const arc_names[] = {NULL, "front", "flank", "rear"};

static int id_cmp(const void *a, const void *b) { return strcmp(a, b); }

/***
** The hexes around a unit by arc: `{front = {...}, flank = {...}, rear = {...}}`, each in
** label order; with `incoming`, the arc an attack from there comes through.
** @function store:arcs
** @tparam string id
** @tparam[opt] boolean incoming
** @treturn table
** @raise when the unit is off the map, or not faced and its model needs a facing
*/
static int store_arcs(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), incoming = lua_toboolean(L, 3), n, a, i;
  vl_hex hx[6 * VL_FACING_PARTS];
  unsigned char ar[6 * VL_FACING_PARTS];
  vl_error err;
  n = vl_state_arcs(st, u, incoming, hx, ar, 6 * VL_FACING_PARTS, &err);
  if (n < 0) return luaL_error(L, "%s", err.msg);
  sort_labels(vl_state_grid(st), hx, ar, n);
  lua_createtable(L, 0, 3);
  for (a = VL_ARC_FRONT; a <= VL_ARC_REAR; a++) {
    int k = 0;
    lua_newtable(L);
    for (i = 0; i < n; i++)
      if (ar[i] == a) {
        push_hex(L, st, hx[i]);
        lua_rawseti(L, -2, ++k);
      }
    lua_setfield(L, -2, arc_names[a]);
  }
  return 1;
}

/***
** The arc toward one hex: "front", "flank", "rear", or nil when it is not adjacent (or is
** one of the unit's own hexes). With `incoming`, the arc an attack from there comes through.
** @function store:arc
** @tparam string id
** @param hex
** @tparam[opt] boolean incoming
** @treturn string|nil
*/
static int store_arc(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), a;
  vl_hex h = check_hex(L, st, 3);
  vl_error err;
  a = vl_state_arc_of(st, u, h, lua_toboolean(L, 4), &err);
  if (a < 0) return luaL_error(L, "%s", err.msg);
  if (a == VL_ARC_NONE) lua_pushnil(L);
  else lua_pushstring(L, arc_names[a]);
  return 1;
}

/***
** The unit's outer hexsides by arc, as hexside ids ("3123/3223"): `{front = {...}, flank =
** {...}, rear = {...}}`, each sorted.
** @function store:hexside_arcs
** @tparam string id
** @tparam[opt] boolean incoming
** @treturn table
*/
static int store_hexside_arcs(lua_State *L) {
  vl_state *st = vl_lua_checkstore(L, 1);
  int u = vl_lua_checkunit(L, st, 2), incoming = lua_toboolean(L, 3), n, a, k, d;
  unsigned char sides[6 * VL_FACING_PARTS];
  vl_hex hexes[VL_FACING_PARTS];
  vl_error err;
  n = vl_state_sides(st, u, incoming, sides, &err);
  if (n < 0) return luaL_error(L, "%s", err.msg);
  vl_state_location(st, u, NULL, hexes);
  lua_createtable(L, 0, 3);
  for (a = VL_ARC_FRONT; a <= VL_ARC_REAR; a++) {
    char ids[6 * VL_FACING_PARTS][VL_HEXSIDE_ID_MAX];
    int count = 0, i;
    for (k = 0; k < n; k++)
      for (d = 0; d < 6; d++)
        if (sides[6 * k + d] == a &&
            vl_hexside_format(vl_state_grid(st), vl_hexside_of(vl_state_grid(st), hexes[k], d),
                              ids[count], sizeof ids[count]) >= 0)
          count++;
    if (count > 1) qsort(ids, (size_t)count, sizeof ids[0], id_cmp);
    lua_createtable(L, count, 0);
    for (i = 0; i < count; i++) {
      lua_pushstring(L, ids[i]);
      lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, arc_names[a]);
  }
  return 1;
}


const luaL_Reg vl_lua_units_methods[] = {
  {"place", store_place},
  {"where", store_where},
  {"hexes", store_hexes},
  {"stack", store_stack},
  {"top", store_top},
  {"position", store_position},
  {"restack", store_restack},
  {"reorder", store_reorder},
  {"total", store_total},
  {"count", store_count},
  {"has_artillery", store_has_artillery},
  {"within", store_within},
  {"combat_hexes", store_combat_hexes},
  {"facing", store_facing},
  {"face", store_face},
  {"model", store_model},
  {"set_model", store_set_model},
  {"arcs", store_arcs},
  {"arc", store_arc},
  {"hexside_arcs", store_hexside_arcs},
  {NULL, NULL}
};
