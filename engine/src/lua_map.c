/*
** lua_map.c -- `volley.core.map`: maps for Lua (docs/api-map.md). A map is a userdata
** "volley.map" owning a vl_map; its methods take hexes as labels ("1013") or hex values
** ({q=, r=}), as volley.core.hex does, and answer with labels. Every list is a fresh sequence in a
** stated order (labels sorted, names sorted, track spaces in their declared order), never
** something to walk with pairs.
*/
#include "lua_modules.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "volley/map.h"
#include "volley/path.h"

#define MAP_TNAME "volley.map"
#define ERROR_TNAME "volley.error"

/***
** Maps loaded from map.ini: terrain per hex, elevation, hexside features, roads, places,
** edges, off-map tracks and boxes.
** @module volley.core.map
*/

typedef struct lmap {
  vl_map *m;  /* owned; NULL once closed */
} lmap;

static const vl_map *check_map(lua_State *L) {
  lmap *u = vl_checkudata(L, 1, MAP_TNAME);
  luaL_argcheck(L, u->m != NULL, 1, "map is closed");
  return u->m;
}

/* A hex argument: a label or a value {q=, r=} (lua_hex.c's rules and messages). */
static vl_hex check_hex(lua_State *L, const vl_map *m, int arg) {
  return vl_lua_checkhex(L, arg, vl_map_grid(m));
}

static void push_hex(lua_State *L, const vl_map *m, vl_hex h) {
  vl_lua_pushhex(L, vl_map_grid(m), h);
}

static void push_hexes(lua_State *L, const vl_map *m, const vl_hex *h, size_t n) {
  size_t i;
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, m, h[i]);
    lua_rawseti(L, -2, (int)i + 1);
  }
}

/* Pushes the ids of the bits set in mask, for types of kind (sorted: type order is id order). */
static void push_bits(lua_State *L, const vl_map *m, vl_terrain_kind kind, uint32_t mask) {
  const vl_terrain *t = vl_map_terrain_table(m);
  size_t i;
  int k = 0;
  lua_newtable(L);
  for (i = 0; i < vl_terrain_count(t, kind) && i < 32; i++)
    if (mask & ((uint32_t)1 << i)) {
      lua_pushstring(L, vl_terrain_type_at(t, kind, i)->id);
      lua_rawseti(L, -2, ++k);
    }
}

/* Pushes the error table {file=, line=, msg=}; tostring gives "file:line: msg". */
static void push_error(lua_State *L, const vl_error *e) {
  lua_createtable(L, 0, 3);
  lua_pushstring(L, e->file);
  lua_setfield(L, -2, "file");
  lua_pushinteger(L, e->line);
  lua_setfield(L, -2, "line");
  lua_pushstring(L, e->msg);
  lua_setfield(L, -2, "msg");
  luaL_setmetatable(L, ERROR_TNAME);
}

const vl_map *vl_lua_tomap(lua_State *L, int idx) {
  lmap *u = vl_testudata(L, idx, MAP_TNAME);
  return u == NULL ? NULL : u->m;
}

void vl_lua_pusherror(lua_State *L, const vl_error *e) { push_error(L, e); }

static int error_tostring(lua_State *L) {
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32];
  vl_error e;
  memset(&e, 0, sizeof e);
  luaL_checktype(L, 1, LUA_TTABLE);
  vl_rawfield(L, 1, "file");
  vl_rawfield(L, 1, "line");
  vl_rawfield(L, 1, "msg");
  snprintf(e.file, sizeof e.file, "%s", lua_isstring(L, -3) ? lua_tostring(L, -3) : "");
  e.line = (int)lua_tointeger(L, -2);
  snprintf(e.msg, sizeof e.msg, "%s", lua_isstring(L, -1) ? lua_tostring(L, -1) : "");
  lua_pushstring(L, vl_error_format(&e, buf, sizeof buf));
  return 1;
}

/***
** Loads a map.
** The system's terrain table is `charts/<system>/terrain.ini` on the data path; a
** `terrain.ini` beside the map adds the scenario layer, unless `opts.terrain` gives the layer:
** a file (kept inside the folder `opts.root`, default its own folder), or false for none.
** @function load
** @tparam string path the map.ini file
** @tparam[opt] table opts `{terrain = path | false, root = folder}`
** @treturn[1] map the map
** @treturn[2] nil
** @treturn[2] table the error: `{file=, line=, msg=}` (`tostring` gives "file:line: msg")
** @usage local m, err = volley.core.map.load("tests/data/maps/sample.ini")
*/
static int map_load(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  const char *layer = NULL, *root = NULL;
  char rootbuf[4096];
  int given = 0;
  vl_error e;
  vl_path *data;
  lmap *u;
  vl_map *m;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_getfield(L, 2, "terrain");
    if (lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1)) given = 1;
    else if (lua_type(L, -1) == LUA_TSTRING) given = 1, layer = lua_tostring(L, -1);
    else if (!lua_isnil(L, -1)) return luaL_error(L, "bad option 'terrain' (a path or false)");
    lua_getfield(L, 2, "root");
    if (lua_type(L, -1) == LUA_TSTRING) root = lua_tostring(L, -1);
    else if (!lua_isnil(L, -1)) return luaL_error(L, "bad option 'root' (a folder expected)");
    if (layer != NULL && root == NULL) {   /* the layer's own folder */
      const char *slash = strrchr(layer, '/');
      snprintf(rootbuf, sizeof rootbuf, "%.*s", slash ? (int)(slash - layer) : 1,
               slash ? layer : ".");
      root = rootbuf;
    }
    lua_settop(L, 2);  /* the strings stay referenced by the table */
  }
  u = lua_newuserdata(L, sizeof *u);
  u->m = NULL;
  luaL_setmetatable(L, MAP_TNAME);
  data = vl_path_for_process();
  if (data == NULL) return luaL_error(L, "not enough memory");
  memset(&e, 0, sizeof e);
  m = given ? vl_map_load_layer(path, data, layer, root, &e) : vl_map_load(path, data, &e);
  vl_path_free(data);
  if (m == NULL) {
    if (e.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    push_error(L, &e);
    return 2;
  }
  u->m = m;
  return 1;
}

/***
** The map's header.
** @function info
** @treturn table `{path=, system=, provenance=, layout=, parity=, columns={first, last},
** rows={first, last}, north=, text_row=}`; `north` is the drawn edge that is north ("top",
** "right", "bottom", "left"), `text_row` the label part the rulebook calls a row ("first" or
** "second")
*/
static int map_info(lua_State *L) {
  const vl_map *m = check_map(L);
  const vl_grid *g = vl_map_grid(m);
  static const char *const norths[4] = {"top", "right", "bottom", "left"};
  int b[4], i;
  vl_map_bounds(m, &b[0], &b[1], &b[2], &b[3]);
  lua_createtable(L, 0, 10);
  lua_pushstring(L, vl_map_path(m));
  lua_setfield(L, -2, "path");
  lua_pushstring(L, vl_map_system(m));
  lua_setfield(L, -2, "system");
  lua_pushstring(L, vl_map_provenance(m));
  lua_setfield(L, -2, "provenance");
  lua_pushstring(L, vl_grid_layout_word(g));
  lua_setfield(L, -2, "layout");
  lua_pushstring(L, vl_grid_parity_word(g));
  lua_setfield(L, -2, "parity");
  for (i = 0; i < 2; i++) {
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, b[2 * i]);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, b[2 * i + 1]);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, -2, i == 0 ? "columns" : "rows");
  }
  lua_pushstring(L, norths[(int)vl_map_north_edge(m) & 3]);
  lua_setfield(L, -2, "north");
  lua_pushstring(L, vl_map_text_row(m) == 1 ? "first" : "second");
  lua_setfield(L, -2, "text_row");
  return 1;
}

/***
** Whether a hex is on the map.
** @function contains
** @param hex a label ("1013") or a hex value `{q=, r=}`
** @treturn boolean
*/
static int map_contains(lua_State *L) {
  const vl_map *m = check_map(L);
  lua_pushboolean(L, vl_map_contains(m, check_hex(L, m, 2)));
  return 1;
}

/***
** Every hex of the map.
** @function hexes
** @treturn {string,...} labels in label order (column, then row)
*/
static int map_hexes(lua_State *L) {
  const vl_map *m = check_map(L);
  size_t i, n = vl_map_hex_count(m);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, m, vl_map_hex_at(m, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/***
** The terrain code of a hex.
** @function terrain
** @param hex
** @treturn ?string the code ("w"), or nil off the map
*/
static int map_terrain(lua_State *L) {
  const vl_map *m = check_map(L);
  const vl_terrain_type *t = vl_map_terrain(m, check_hex(L, m, 2));
  if (t == NULL) lua_pushnil(L);
  else lua_pushstring(L, t->id);
  return 1;
}

/***
** The elevation of a hex.
** @function elevation
** @param hex
** @treturn ?int the level, rounded down (a slope between 1 and 2 gives 1); nil off the map
** @treturn int the elevation in half-levels (2 per level: that slope gives 3)
*/
static int map_elevation(lua_State *L) {
  const vl_map *m = check_map(L);
  int halves;
  if (vl_map_elevation(m, check_hex(L, m, 2), &halves) != VL_OK) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushinteger(L, halves >= 0 ? halves / 2 : -((-halves + 1) / 2));
  lua_pushinteger(L, halves);
  return 2;
}

/***
** What lies on the hexside between two adjacent hexes.
** @function hexside
** @param a a hex
** @param b a hex adjacent to a
** @treturn {string,...} the hexside features, sorted ("stream", "wall")
** @treturn {string,...} the road kinds linking a and b, sorted
** @raise when a and b are not adjacent
*/
static int map_hexside(lua_State *L) {
  const vl_map *m = check_map(L);
  vl_hex a = check_hex(L, m, 2), b = check_hex(L, m, 3);
  uint32_t f, r;
  if (vl_map_hexside(m, a, b, &f, &r) != VL_OK)
    return luaL_argerror(L, 3, "not adjacent to the first hex");
  push_bits(L, m, VL_TERRAIN_HEXSIDE, f);
  push_bits(L, m, VL_TERRAIN_ROAD, r);
  return 2;
}

static void push_values(lua_State *L, const vl_terrain_type *t) {
  size_t i;
  lua_createtable(L, (int)t->nvalues, 0);
  for (i = 0; i < t->nvalues; i++) {
    const vl_terrain_value *v = &t->values[i];
    lua_createtable(L, 0, 7);
    lua_pushstring(L, v->key);
    lua_setfield(L, -2, "key");
    lua_pushstring(L, v->text);
    lua_setfield(L, -2, "value");
    lua_pushstring(L, v->layer == VL_LAYER_SYSTEM ? "system" : "scenario");
    lua_setfield(L, -2, "layer");
    lua_pushstring(L, v->file);
    lua_setfield(L, -2, "file");
    lua_pushinteger(L, v->line);
    lua_setfield(L, -2, "line");
    if (v->source) {
      lua_pushstring(L, v->source);
      lua_setfield(L, -2, "source");
    }
    if (v->provisional) {
      lua_pushstring(L, v->provisional);
      lua_setfield(L, -2, "provisional");
    }
    lua_rawseti(L, -2, (int)i + 1);
  }
}

/* Sets field k of the table on top to s, unless s is NULL. */
static void set_string(lua_State *L, const char *k, const char *s) {
  if (s == NULL) return;
  lua_pushstring(L, s);
  lua_setfield(L, -2, k);
}

static vl_terrain_kind check_kind(lua_State *L, int arg) {
  static const char *const kinds[] = {"hex", "hexside", "road", NULL};
  return (vl_terrain_kind)luaL_checkoption(L, arg, "hex", kinds);
}

/***
** A terrain type of the map's tables.
** @function terrain_type
** @string id a hex code, hexside feature or road kind
** @string[opt="hex"] kind "hex", "hexside" or "road"
** @treturn ?table `{kind=, id=, name=, height=, halves=, flags={...}, values={...},
** display={glyph=, ascii=, colour=, fill=}}` (display: the keys the tables give):
** height in levels rounded down and halves in half-levels; flags sorted; values the type's
** values in key order, each `{key=, value=, layer=, file=, line=, source= | provisional=}`
** (layer "system" or "scenario"). nil for an unknown id.
*/
static int map_terrain_type(lua_State *L) {
  const vl_map *m = check_map(L);
  size_t len;
  const char *id = luaL_checklstring(L, 2, &len);
  vl_terrain_kind kind = check_kind(L, 3);
  const vl_terrain *tt = vl_map_terrain_table(m);
  int i = vl_terrain_find(tt, kind, id, len);
  const vl_terrain_type *t;
  size_t f;
  int k = 0;
  if (i < 0) {
    lua_pushnil(L);
    return 1;
  }
  t = vl_terrain_type_at(tt, kind, (size_t)i);
  lua_createtable(L, 0, 7);
  lua_pushstring(L, vl_terrain_kind_name(kind));
  lua_setfield(L, -2, "kind");
  lua_pushstring(L, t->id);
  lua_setfield(L, -2, "id");
  lua_pushstring(L, t->name ? t->name : t->id);
  lua_setfield(L, -2, "name");
  lua_pushinteger(L, t->height >= 0 ? t->height / 2 : -((-t->height + 1) / 2));
  lua_setfield(L, -2, "height");
  lua_pushinteger(L, t->height);
  lua_setfield(L, -2, "halves");
  lua_newtable(L);
  for (f = 0; f < vl_terrain_flag_count(tt); f++)
    if (t->flags & ((uint32_t)1 << f)) {
      lua_pushstring(L, vl_terrain_flag_name(tt, f));
      lua_rawseti(L, -2, ++k);
    }
  lua_setfield(L, -2, "flags");
  push_values(L, t);
  lua_setfield(L, -2, "values");
  lua_createtable(L, 0, 4);  /* display keys: presentation, no provenance */
  set_string(L, "glyph", t->display.glyph);
  set_string(L, "ascii", t->display.ascii);
  set_string(L, "colour", t->display.colour);
  set_string(L, "fill", t->display.fill);
  lua_setfield(L, -2, "display");
  return 1;
}

/***
** The ids of the terrain types of a kind.
** @function terrain_types
** @string[opt="hex"] kind "hex", "hexside" or "road"
** @treturn {string,...} sorted
*/
static int map_terrain_types(lua_State *L) {
  const vl_map *m = check_map(L);
  vl_terrain_kind kind = check_kind(L, 2);
  const vl_terrain *tt = vl_map_terrain_table(m);
  size_t i, n = vl_terrain_count(tt, kind);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_terrain_type_at(tt, kind, i)->id);
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/* The names of count entries got by at(m, i), as a list. */
static void push_names(lua_State *L, const vl_map *m, size_t n,
                       const vl_map_hexes *(*at)(const vl_map *, size_t)) {
  size_t i;
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, at(m, i)->name);
    lua_rawseti(L, -2, (int)i + 1);
  }
}

/***
** The hexes of a named place.
** @function place
** @string name
** @treturn ?{string,...} labels, sorted; nil for an unknown place
*/
static int map_place(lua_State *L) {
  const vl_map *m = check_map(L);
  const vl_map_hexes *p = vl_map_place(m, luaL_checkstring(L, 2));
  if (p == NULL) lua_pushnil(L);
  else push_hexes(L, m, p->hexes, p->n);
  return 1;
}

/***
** The names of the places.
** @function places
** @treturn {string,...} sorted
*/
static int map_places(lua_State *L) {
  const vl_map *m = check_map(L);
  push_names(L, m, vl_map_place_count(m), vl_map_place_at);
  return 1;
}

/***
** The hexes of a map edge or entry: "top", "right", "bottom", "left" (as drawn), "north",
** "east", "south", "west" (turned by the map's north), or an entry of [edges].
** @function edge
** @string name
** @treturn ?{string,...} labels, sorted; nil for an unknown name
*/
static int map_edge(lua_State *L) {
  const vl_map *m = check_map(L);
  const vl_map_hexes *p = vl_map_edge(m, luaL_checkstring(L, 2));
  if (p == NULL) lua_pushnil(L);
  else push_hexes(L, m, p->hexes, p->n);
  return 1;
}

/***
** The names of the edges and entries.
** @function edges
** @treturn {string,...} sorted
*/
static int map_edges(lua_State *L) {
  const vl_map *m = check_map(L);
  push_names(L, m, vl_map_edge_count(m), vl_map_edge_at);
  return 1;
}

/***
** A road of [roads], by its key.
** @function road
** @string key "road", "trail.north"
** @treturn ?table `{kind=, hexes={...}}`, hexes in path order; nil for an unknown key
*/
static int map_road(lua_State *L) {
  const vl_map *m = check_map(L);
  const char *key = luaL_checkstring(L, 2);
  size_t i;
  for (i = 0; i < vl_map_road_count(m); i++) {
    const vl_map_hexes *r = vl_map_road_at(m, i);
    if (strcmp(r->name, key) == 0) {
      lua_createtable(L, 0, 2);
      lua_pushstring(L, vl_terrain_type_at(vl_map_terrain_table(m), VL_TERRAIN_ROAD,
                                           (size_t)r->kind)->id);
      lua_setfield(L, -2, "kind");
      push_hexes(L, m, r->hexes, r->n);
      lua_setfield(L, -2, "hexes");
      return 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

/***
** The keys of the roads.
** @function roads
** @treturn {string,...} sorted
*/
static int map_roads(lua_State *L) {
  const vl_map *m = check_map(L);
  push_names(L, m, vl_map_road_count(m), vl_map_road_at);
  return 1;
}

/***
** An off-map track.
** @function track
** @string name "saltillo"
** @treturn ?table `{name=, spaces={...}, adjacent={{a, b}, ...}, links={{space=, hex=}, ...}}`:
** spaces in their declared order; adjacent pairs in that order (a before b), sorted; links
** sorted by space, then hex. nil for an unknown track.
*/
static int map_track(lua_State *L) {
  const vl_map *m = check_map(L);
  const vl_track *t = vl_map_track(m, luaL_checkstring(L, 2));
  size_t i;
  if (t == NULL) {
    lua_pushnil(L);
    return 1;
  }
  lua_createtable(L, 0, 4);
  lua_pushstring(L, t->name);
  lua_setfield(L, -2, "name");
  lua_createtable(L, (int)t->nspaces, 0);
  for (i = 0; i < t->nspaces; i++) {
    lua_pushstring(L, t->spaces[i]);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "spaces");
  lua_createtable(L, (int)t->nadjacent, 0);
  for (i = 0; i < t->nadjacent; i++) {
    lua_createtable(L, 2, 0);
    lua_pushstring(L, t->spaces[t->adjacent[i][0]]);
    lua_rawseti(L, -2, 1);
    lua_pushstring(L, t->spaces[t->adjacent[i][1]]);
    lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "adjacent");
  lua_createtable(L, (int)t->nlinks, 0);
  for (i = 0; i < t->nlinks; i++) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, t->spaces[t->links[i].space]);
    lua_setfield(L, -2, "space");
    push_hex(L, m, t->links[i].hex);
    lua_setfield(L, -2, "hex");
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "links");
  return 1;
}

/***
** The names of the tracks.
** @function tracks
** @treturn {string,...} sorted
*/
static int map_tracks(lua_State *L) {
  const vl_map *m = check_map(L);
  size_t i, n = vl_map_track_count(m);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_map_track_at(m, i)->name);
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/***
** A box's display name.
** @function box
** @string id "reserve"
** @treturn ?string "Mexican Reserve Box"; nil for an unknown box
*/
static int map_box(lua_State *L) {
  const vl_map *m = check_map(L);
  const char *name = vl_map_box(m, luaL_checkstring(L, 2));
  if (name == NULL) lua_pushnil(L);
  else lua_pushstring(L, name);
  return 1;
}

/***
** The ids of the boxes.
** @function boxes
** @treturn {string,...} sorted
*/
static int map_boxes(lua_State *L) {
  const vl_map *m = check_map(L);
  size_t i, n = vl_map_box_count(m);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, vl_map_box_id(m, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/* map:close(): frees the map now; later calls other than close raise. Also __gc, __close. */
static int map_close(lua_State *L) {
  lmap *u = vl_checkudata(L, 1, MAP_TNAME);
  vl_map_free(u->m);
  u->m = NULL;
  return 0;
}

static int map_tostring(lua_State *L) {
  lmap *u = vl_checkudata(L, 1, MAP_TNAME);
  if (u->m == NULL) lua_pushliteral(L, "volley.map (closed)");
  else lua_pushfstring(L, "volley.map (%s)", vl_map_path(u->m));
  return 1;
}

static const luaL_Reg map_methods[] = {
  {"info", map_info},
  {"contains", map_contains},
  {"hexes", map_hexes},
  {"terrain", map_terrain},
  {"elevation", map_elevation},
  {"hexside", map_hexside},
  {"terrain_type", map_terrain_type},
  {"terrain_types", map_terrain_types},
  {"place", map_place},
  {"places", map_places},
  {"edge", map_edge},
  {"edges", map_edges},
  {"road", map_road},
  {"roads", map_roads},
  {"track", map_track},
  {"tracks", map_tracks},
  {"box", map_box},
  {"boxes", map_boxes},
  {"close", map_close},
  {NULL, NULL}
};

static const luaL_Reg map_metamethods[] = {
  {"__gc", map_close},
  {"__close", map_close},
  {"__tostring", map_tostring},
  {NULL, NULL}
};

static const luaL_Reg map_funcs[] = {
  {"load", map_load},
  {NULL, NULL}
};

void vl_lua_open_map(lua_State *L) {
  vl_lua_class(L, MAP_TNAME, map_metamethods, map_methods);
  if (luaL_newmetatable(L, ERROR_TNAME)) {
    lua_pushcfunction(L, error_tostring);
    lua_setfield(L, -2, "__tostring");
  }
  lua_pop(L, 1);
  luaL_newlib(L, map_funcs);
  lua_setfield(L, -2, "map");
}

/* ---- for the other bindings (lua_modules.h) ------------------------------------------------ */

const vl_map *vl_lua_checkmap(lua_State *L, int arg) {
  lmap *u = vl_checkudata(L, arg, MAP_TNAME);
  luaL_argcheck(L, u->m != NULL, arg, "map is closed");
  return u->m;
}
