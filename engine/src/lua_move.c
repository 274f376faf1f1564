/*
** lua_move.c -- `volley.core.move`: movement for Lua (docs/move.md). A movement object is a
** userdata "volley.movement" owning a map's movement table and search graph, and holding the
** map it was made for. A query is a Lua table (class, mode, MA, roads, limits, overlays); it
** is read into C structs before the search starts, so no Lua runs during a search (DESIGN.md
** principle 4). Places are hex labels ("1013"), hex values ({q=, r=}) or track spaces
** ("saltillo/G"), and answers name them as labels or "track/space". Every list is a fresh
** sequence in a stated order; lookups by name are for lookup, never for walking with pairs.
*/
#include "lua_modules.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "volley/move.h"
#include "volley/path.h"

#define MOVE_TNAME "volley.movement"
#define BOX_TNAME "volley.move_reach_box"
#define REACH_TNAME "volley.reach"

/***
** Movement: costs from the system's movement table, reach within an MA, cheapest paths and
** the check of a typed path, with the overlays the rules compute.
** @module volley.core.move
*/

typedef struct lmove {
  vl_move_table *t;   /* owned; NULL once closed */
  vl_move_graph *g;   /* owned */
  int mapref;         /* a registry reference to the map userdata */
} lmove;

/* A search's answer while it is turned into Lua tables: freed by __gc if a table fails. */
typedef struct lbox {
  vl_move_reach *r;
} lbox;

static int box_gc(lua_State *L) {
  lbox *b = vl_checkudata(L, 1, BOX_TNAME);
  vl_move_reach_free(b->r);
  b->r = NULL;
  return 0;
}

static lbox *new_box(lua_State *L) {
  lbox *b = lua_newuserdata(L, sizeof *b);
  b->r = NULL;
  luaL_setmetatable(L, BOX_TNAME);
  return b;
}

/* The movement object at argument 1 and its map (raising when either is closed). */
static lmove *check_move(lua_State *L, const vl_map **m) {
  lmove *u = vl_checkudata(L, 1, MOVE_TNAME);
  luaL_argcheck(L, u->t != NULL, 1, "movement table is closed");
  lua_rawgeti(L, LUA_REGISTRYINDEX, u->mapref);
  *m = vl_lua_tomap(L, -1);
  lua_pop(L, 1);
  if (*m == NULL || *m != vl_move_graph_map(u->g))
    luaL_error(L, "the map of this movement table is closed");
  return u;
}

/* ---- places ------------------------------------------------------------------------------- */

static int track_index(const vl_map *m, const char *name, size_t n) {
  size_t i;
  for (i = 0; i < vl_map_track_count(m); i++) {
    const char *t = vl_map_track_at(m, i)->name;
    if (strlen(t) == n && memcmp(t, name, n) == 0) return (int)i;
  }
  return -1;
}

/* Reads the place at idx: a label, a {q=, r=} value, "<track>/<space>", or (sides set) a
** hexside "<hex>/<hex>". Returns NULL, or a message (on the Lua stack) saying what is wrong. */
static const char *read_place(lua_State *L, int idx, const vl_map *m, vl_move_loc *loc,
                              vl_hexside *side, int *is_side) {
  const vl_grid *g = vl_map_grid(m);
  vl_error e;
  const char *s, *slash;
  if (is_side) *is_side = 0;
  if (lua_type(L, idx) == LUA_TTABLE) {
    lua_Number q, r;
    int ok;
    vl_rawfield(L, idx, "q");                /* raw: no metamethod runs, nothing changes */
    vl_rawfield(L, idx, "r");
    ok = lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER;
    q = lua_tonumber(L, -2);
    r = lua_tonumber(L, -1);
    lua_pop(L, 2);
    if (!ok || q > VL_HEX_COORD_MAX || q < -VL_HEX_COORD_MAX || r > VL_HEX_COORD_MAX ||
        r < -VL_HEX_COORD_MAX || q != (lua_Number)(int)q || r != (lua_Number)(int)r)
      return lua_pushfstring(L, "hex value {q=, r=} needs integer q and r");
    loc->track = -1;
    loc->space = 0;
    loc->hex.q = (int)q;
    loc->hex.r = (int)r;
    return NULL;
  }
  if (lua_type(L, idx) != LUA_TSTRING)
    return lua_pushfstring(L, "place expected, got %s", luaL_typename(L, idx));
  s = lua_tostring(L, idx);
  slash = strchr(s, '/');
  if (slash == NULL) {
    if (vl_hex_parse(g, s, &loc->hex, &e) != VL_OK) return lua_pushfstring(L, "%s", e.msg);
    loc->track = -1;
    loc->space = 0;
    return NULL;
  }
  if (side != NULL && vl_hexside_parse(g, s, side, &e) == VL_OK) {
    *is_side = 1;
    return NULL;
  }
  {
    int t = track_index(m, s, (size_t)(slash - s));
    int sp = t < 0 ? -1 : vl_map_track_space(vl_map_track_at(m, (size_t)t), slash + 1);
    if (sp >= 0) {
      *loc = vl_move_at_space(t, sp);
      return NULL;
    }
  }
  return lua_pushfstring(L, "bad place '%s' (a hex label, %sor a track space <track>/<space>)",
                         s, side ? "a hexside <hex>/<hex>, " : "");
}

/* A place argument (not a hexside), raising Lua's argument error. */
static vl_move_loc check_place(lua_State *L, int arg, const vl_map *m) {
  vl_move_loc loc;
  const char *msg = read_place(L, arg, m, &loc, NULL, NULL);
  if (msg != NULL) luaL_argerror(L, arg, msg);
  return loc;
}

static void push_place(lua_State *L, const vl_map *m, vl_move_loc loc) {
  char buf[VL_ERROR_MSG_MAX];
  int n = vl_move_loc_format(m, loc, buf, sizeof buf);
  if (n >= 0) lua_pushlstring(L, buf, (size_t)n);
  else vl_lua_pushhex(L, vl_map_grid(m), loc.hex);
}

/* ---- queries ------------------------------------------------------------------------------ */

static const char *const query_keys[] = {
  "class", "extra", "ma", "max_step", "max_step_rule", "max_step_why", "mode", "must_stop",
  "no_road", "paths", "prohibited", "roads", "uniform", NULL
};

/* The lists of marks a query may give, and the kind of each. */
static const char *const mark_lists[] = {"prohibited", "must_stop", "extra", "no_road", NULL};
static const vl_move_mark_kind mark_kinds[] = {VL_MOVE_PROHIBIT, VL_MOVE_STOP, VL_MOVE_EXTRA,
                                               VL_MOVE_NO_ROAD};

/* A query is read raw and once (docs/move.md "Lua"): a movement.cost handler gets the
** query table itself, so C reads no field through a metamethod (no script code runs while C
** reads, and nothing read can change under it), sizes each list and fills its marks from the
** same table it sized, and keeps on the stack, for the whole call, what holds every string the
** marks and the query point to: the query's own strings in a table of their own, and each mark
** list (a mark's why and rule are its list's items' fields; no Lua runs until the search is
** over, so those tables stay as they were read). A query, or a list or a mark in it, that has
** a metatable is refused: what a handler leaves must be plain data (a weak list could lose a
** mark to the collector), and C and the Lua that reads the query must see the same. */

/* Raises when the table at idx has a metatable (what names the table: "query", "must_stop"). */
static void check_plain(lua_State *L, int idx, const char *where, const char *what) {
  if (lua_getmetatable(L, idx))
    luaL_error(L, "%s%s has a metatable (a query is plain data)", where, what);
}

/* An optional integer field of the table at idx, in lo..hi; def when absent. */
static int int_field(lua_State *L, int idx, const char *where, const char *key, int lo, int hi,
                     int def) {
  lua_Number x;
  int t = vl_rawfield(L, idx, key);
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return def;
  }
  x = lua_tonumber(L, -1);
  if (t != LUA_TNUMBER || !(x >= lo && x <= hi) || x != (lua_Number)(int)x)
    luaL_error(L, "%s%s must be an integer from %d to %d", where, key, lo, hi);
  lua_pop(L, 1);
  return (int)x;
}

/* An optional string field of the table at idx, or NULL. With anchor (an index), the string
** is put in the table there (a list), which keeps it alive whatever becomes of idx's table;
** with 0, the caller keeps a table holding idx's table on the stack for the call. */
static const char *str_field(lua_State *L, int idx, int anchor, const char *where,
                             const char *key) {
  const char *s;
  int t = vl_rawfield(L, idx, key);
  if (t == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  if (t != LUA_TSTRING) luaL_error(L, "%s%s must be a string", where, key);
  s = lua_tostring(L, -1);
  if (anchor != 0) lua_rawseti(L, anchor, (int)lua_rawlen(L, anchor) + 1);
  else lua_pop(L, 1);                        /* held by its mark, held by its list */
  return s;
}

/* Raises on the first key (in byte order) of the table at idx that is not in known (list
** names them for the message). Raw (lua_next): no script code runs, so the key kept as bad
** stays in the table until the message copies it. */
static void check_keys(lua_State *L, int idx, const char *const *known, const char *where,
                       const char *list) {
  const char *bad = NULL;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    int i, ok = 0;
    if (lua_type(L, -2) == LUA_TSTRING) {
      const char *k = lua_tostring(L, -2);
      for (i = 0; known[i] != NULL; i++)
        if (strcmp(known[i], k) == 0) ok = 1;
      if (!ok && (bad == NULL || strcmp(k, bad) < 0)) bad = k;  /* the table keeps k alive */
    } else {
      lua_pop(L, 2);
      luaL_error(L, "%skeys must be names", where);
    }
    lua_pop(L, 1);
  }
  if (bad != NULL) luaL_error(L, "%sunknown key '%s' (known: %s)", where, bad, list);
}

/* Reads item i of a mark list (the item on top of the stack) into k; its strings stay the
** item's, which the caller's list holds. */
static void read_mark(lua_State *L, const vl_map *m, const char *list, int i,
                      vl_move_mark_kind kind, vl_move_mark *k) {
  static const char *const item_keys[] = {"at", "cost", "rule", "why", NULL};
  int item = lua_gettop(L), at;
  char where[64];
  const char *msg;
  memset(k, 0, sizeof *k);
  k->kind = kind;
  snprintf(where, sizeof where, "%s[%d]: ", list, i);
  if (lua_type(L, item) == LUA_TTABLE) {
    check_plain(L, item, where, "the mark");
    check_keys(L, item, item_keys, where, "at, cost, why, rule");
    vl_rawfield(L, item, "at");
    at = lua_gettop(L);
    if (lua_isnil(L, at)) luaL_error(L, "%sat is missing", where);
    if (lua_istable(L, at)) check_plain(L, at, where, "at");
    k->why = str_field(L, item, 0, where, "why");
    k->rule = str_field(L, item, 0, where, "rule");
    if (kind == VL_MOVE_EXTRA) {
      if (vl_rawfield(L, item, "cost") == LUA_TNIL) luaL_error(L, "%scost is missing", where);
      lua_pop(L, 1);
      k->cost = int_field(L, item, where, "cost", 0, VL_MOVE_MAX_COST, 0);
    } else {
      if (vl_rawfield(L, item, "cost") != LUA_TNIL)
        luaL_error(L, "%sonly an extra has a cost", where);
      lua_pop(L, 1);
    }
  } else if (kind == VL_MOVE_EXTRA) {
    luaL_error(L, "%s{at=, cost=} expected, got %s", where, luaL_typename(L, item));
    return;
  } else {
    at = item;
  }
  msg = read_place(L, at, m, &k->at, &k->side, &k->on_hexside);
  if (msg != NULL) luaL_error(L, "%s%s", where, msg);
  if (k->on_hexside && kind == VL_MOVE_STOP)
    luaL_error(L, "%sa must-stop mark is a place, not a hexside", where);
  if (at != item) lua_pop(L, 1);
}

/* The number of mark lists (mark_lists). */
#define NLISTS 4

/* Reads the query table at idx into q. Leaves on the stack, for as long as the call: a list
** of the query's strings q points to (max_step_why, max_step_rule), the four mark lists (nil
** when absent: they hold the marks' why and rule), then the userdata of the marks. *paths
** gets the `paths` flag (default 1). */
static void check_query(lua_State *L, int idx, const lmove *u, const vl_map *m,
                        vl_move_query *q, int *paths) {
  const vl_move_table *t = u->t;
  const char *cls, *mode;
  int uniform, l, anchor, lists;
  size_t total = 0, n = 0, len[NLISTS];
  vl_move_mark *marks;
  char known[512];
  luaL_checktype(L, idx, LUA_TTABLE);
  idx = lua_absindex(L, idx);
  luaL_checkstack(L, NLISTS + 24, "query");   /* what this leaves, and room for the caller */
  check_plain(L, idx, "", "query");
  check_keys(L, idx, query_keys, "query: ", "class, mode, uniform, ma, roads, max_step, "
             "max_step_why, max_step_rule, prohibited, must_stop, extra, no_road, paths");
  lua_createtable(L, 4, 0);        /* the query's own strings q points to */
  anchor = lua_gettop(L);
  vl_move_query_init(q);
  vl_rawfield(L, idx, "uniform");
  uniform = lua_toboolean(L, -1);
  lua_pop(L, 1);
  vl_rawfield(L, idx, "paths");
  if (paths) *paths = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_pop(L, 1);
  cls = str_field(L, idx, anchor, "query: ", "class");
  mode = str_field(L, idx, anchor, "query: ", "mode");
  known[0] = '\0';
  {
    size_t i, klen = 0;
    for (i = 0; i < vl_move_class_count(t) && klen < sizeof known - 40; i++)
      klen += (size_t)snprintf(known + klen, sizeof known - klen, "%s%s", i ? " " : "",
                               vl_move_class_at(t, i));
  }
  if (uniform) {
    if (cls != NULL || mode != NULL) luaL_error(L, "query: uniform takes no class or mode");
    q->column = VL_MOVE_UNIFORM;
  } else {
    if (cls == NULL) luaL_error(L, "query: class is missing (one of %s), or give uniform = true",
                                known);
    if (vl_move_column(t, cls, NULL) < 0)
      luaL_error(L, "query: unknown movement class '%s' (known: %s)", cls, known);
    q->column = vl_move_column(t, cls, mode);
    if (q->column < 0) luaL_error(L, "query: class %s has no mode '%s'", cls, mode);
  }
  q->budget = int_field(L, idx, "query: ", "ma", 0, VL_MOVE_MAX_BUDGET, VL_MOVE_MAX_BUDGET);
  q->max_step = int_field(L, idx, "query: ", "max_step", 0, VL_MOVE_MAX_BUDGET, 0);
  q->max_step_why = str_field(L, idx, anchor, "query: ", "max_step_why");
  q->max_step_rule = str_field(L, idx, anchor, "query: ", "max_step_rule");
  if (vl_rawfield(L, idx, "roads") != LUA_TNIL) {
    const vl_terrain *tt = vl_map_terrain_table(m);
    int i, rlen;
    if (!lua_istable(L, -1)) luaL_error(L, "query: roads must be a list of road kinds");
    check_plain(L, -1, "query: ", "roads");
    q->roads = 0;
    rlen = (int)lua_rawlen(L, -1);
    for (i = 1; i <= rlen; i++) {
      int k;
      size_t kn;
      const char *kind;
      lua_rawgeti(L, -1, i);
      kind = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &kn) : NULL;
      k = kind == NULL ? -1 : vl_terrain_find(tt, VL_TERRAIN_ROAD, kind, kn);
      if (k < 0) luaL_error(L, "query: roads[%d]: not a road kind of the map's terrain tables", i);
      q->roads |= (uint32_t)1 << k;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  /* each list read once and kept on the stack: sized, then filled, from the same table */
  lists = lua_gettop(L) + 1;
  for (l = 0; l < NLISTS; l++) {
    len[l] = 0;
    if (vl_rawfield(L, idx, mark_lists[l]) == LUA_TNIL) continue;
    if (!lua_istable(L, -1)) luaL_error(L, "query: %s must be a list", mark_lists[l]);
    check_plain(L, -1, "query: ", mark_lists[l]);
    len[l] = lua_rawlen(L, -1);
    if (len[l] > (size_t)INT_MAX / 2 || total + len[l] > ((size_t)-1 / sizeof *marks) - 1)
      luaL_error(L, "query: %s is too long", mark_lists[l]);
    total += len[l];
  }
  marks = lua_newuserdata(L, (total + 1) * sizeof *marks);
  for (l = 0; l < NLISTS; l++) {
    int i;
    for (i = 1; i <= (int)len[l]; i++) {
      if (n >= total) luaL_error(L, "query: the mark lists changed while read");  /* never */
      lua_rawgeti(L, lists + l, i);
      read_mark(L, m, mark_lists[l], i, mark_kinds[l], &marks[n++]);
      lua_pop(L, 1);
    }
  }
  q->nmarks = n;
  q->marks = marks;
}

/* Raises an error from the engine. */
static int engine_error(lua_State *L, const char *what, const vl_error *e) {
  if (e->code == VL_ENOMEM) return luaL_error(L, "not enough memory");
  return luaL_error(L, "%s: %s", what, e->msg);
}

/* ---- answers ------------------------------------------------------------------------------ */

/* Pushes {hex=, cost=, total=, disorder=, road=, stop=} for a step. */
static void push_step(lua_State *L, const vl_map *m, const vl_move_step *s) {
  lua_createtable(L, 0, 6);
  push_place(L, m, s->loc);
  lua_setfield(L, -2, "hex");
  lua_pushinteger(L, s->cost);
  lua_setfield(L, -2, "cost");
  lua_pushinteger(L, s->total);
  lua_setfield(L, -2, "total");
  lua_pushboolean(L, (s->flags & VL_MOVE_DISORDER) != 0);
  lua_setfield(L, -2, "disorder");
  lua_pushboolean(L, (s->flags & VL_MOVE_STOPS) != 0);
  lua_setfield(L, -2, "stop");
  if (s->road >= 0) {
    lua_pushstring(L, vl_terrain_type_at(vl_map_terrain_table(m), VL_TERRAIN_ROAD,
                                         (size_t)s->road)->id);
    lua_setfield(L, -2, "road");
  }
}

/* Pushes the list of places entered by steps[1..n-1]. */
static void push_path(lua_State *L, const vl_map *m, const vl_move_step *steps, size_t n) {
  size_t i;
  lua_createtable(L, n > 0 ? (int)n - 1 : 0, 0);
  for (i = 1; i < n; i++) {
    push_place(L, m, steps[i].loc);
    lua_rawseti(L, -2, (int)i);
  }
}

/* Pushes {path=, steps=, cost=, left=, disorder=} for a path of n steps (start included). */
static void push_info(lua_State *L, const vl_map *m, const vl_move_step *steps, size_t n,
                      int budget) {
  size_t i;
  int dis = 0;
  lua_createtable(L, 0, 5);
  push_path(L, m, steps, n);
  lua_setfield(L, -2, "path");
  lua_createtable(L, n > 0 ? (int)n - 1 : 0, 0);
  for (i = 1; i < n; i++) {
    push_step(L, m, &steps[i]);
    lua_rawseti(L, -2, (int)i);
    if (steps[i].flags & VL_MOVE_DISORDER) dis = 1;
  }
  lua_setfield(L, -2, "steps");
  lua_pushinteger(L, steps[n - 1].total);
  lua_setfield(L, -2, "cost");
  lua_pushinteger(L, budget - steps[n - 1].total);
  lua_setfield(L, -2, "left");
  lua_pushboolean(L, dis);
  lua_setfield(L, -2, "disorder");
}

/***
** Loads the movement table of a map and makes it ready for searches.
** The system's table is `charts/<system>/movement.ini` on the data path; a `movement.ini`
** beside the map adds the scenario layer. Tests may name the two files instead.
** @function load
** @tparam map m a map from `volley.core.map.load`
** @tparam[opt] string system_file the system layer, instead of the data path's
** @tparam[opt] string scenario_file the scenario layer (with system_file)
** @treturn[1] movement the movement object (it keeps m alive)
** @treturn[2] nil
** @treturn[2] table the error: `{file=, line=, msg=}` (`tostring` gives "file:line: msg")
** @usage local mv = assert(volley.core.move.load(m))
*/
static int move_load(lua_State *L) {
  const vl_map *m = vl_lua_tomap(L, 1);
  const char *sys = luaL_optstring(L, 2, NULL), *scen = luaL_optstring(L, 3, NULL);
  lmove *u;
  vl_error e;
  if (m == NULL) {
    vl_checkudata(L, 1, "volley.map");
    luaL_argerror(L, 1, "map is closed");
  }
  u = lua_newuserdata(L, sizeof *u);
  u->t = NULL;
  u->g = NULL;
  u->mapref = LUA_NOREF;
  luaL_setmetatable(L, MOVE_TNAME);
  memset(&e, 0, sizeof e);
  if (sys != NULL) {
    u->t = vl_move_table_load(vl_map_terrain_table(m), sys, scen, &e);
  } else {
    vl_path *data = vl_path_for_process();
    if (data == NULL) return luaL_error(L, "not enough memory");
    u->t = vl_move_table_for_map(m, data, &e);
    vl_path_free(data);
  }
  if (u->t == NULL || vl_move_graph_new(m, u->t, &u->g, &e) != VL_OK) {
    vl_move_table_free(u->t);
    u->t = NULL;
    if (e.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    vl_lua_pusherror(L, &e);
    return 2;
  }
  lua_pushvalue(L, 1);
  u->mapref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

/***
** The table's header.
** @function info
** @treturn table `{system=, scale=, classes={...}, modes={[class]={...}}, rule=,
** rule_adjacent=, rule_stop=}`: classes and each class's modes in declared order; costs are
** in table units, `scale` of them to the MP
*/
static int mv_info(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  size_t i, j;
  lua_createtable(L, 0, 7);
  lua_pushstring(L, vl_move_table_system(u->t));
  lua_setfield(L, -2, "system");
  lua_pushinteger(L, vl_move_table_scale(u->t));
  lua_setfield(L, -2, "scale");
  lua_createtable(L, (int)vl_move_class_count(u->t), 0);
  lua_createtable(L, 0, (int)vl_move_class_count(u->t));
  for (i = 0; i < vl_move_class_count(u->t); i++) {
    lua_pushstring(L, vl_move_class_at(u->t, i));
    lua_rawseti(L, -3, (int)i + 1);
    lua_createtable(L, (int)vl_move_mode_count(u->t, i), 0);
    for (j = 0; j < vl_move_mode_count(u->t, i); j++) {
      lua_pushstring(L, vl_move_mode_at(u->t, i, j));
      lua_rawseti(L, -2, (int)j + 1);
    }
    lua_setfield(L, -2, vl_move_class_at(u->t, i));
  }
  lua_setfield(L, -3, "modes");
  lua_setfield(L, -2, "classes");
  lua_pushstring(L, vl_move_rule(u->t));
  lua_setfield(L, -2, "rule");
  lua_pushstring(L, vl_move_rule_adjacent(u->t));
  lua_setfield(L, -2, "rule_adjacent");
  lua_pushstring(L, vl_move_rule_stop(u->t));
  lua_setfield(L, -2, "rule_stop");
  return 1;
}

/* Pushes {cost=, na=, disorder=, rule=} (cost absent when the cell is not set), or nil. */
static void push_cell(lua_State *L, const vl_move_cell *c) {
  lua_createtable(L, 0, 4);
  if (c->set && !c->na) {
    lua_pushinteger(L, c->cost);
    lua_setfield(L, -2, "cost");
  }
  lua_pushboolean(L, c->na);
  lua_setfield(L, -2, "na");
  lua_pushboolean(L, c->disorder);
  lua_setfield(L, -2, "disorder");
  if (c->rule != NULL) {
    lua_pushstring(L, c->rule);
    lua_setfield(L, -2, "rule");
  }
}

/***
** The costs a class and mode pay, resolved (a mode's missing cells are its class's): what the
** searches use, for the rules and the plain-Lua reference.
** @function costs
** @tparam string class a movement class ("inf")
** @tparam[opt] string mode one of its modes
** @treturn table `{hex={[code]=cell}, hexside={[id]=cell}, road={[kind]=cell}, up=cell,
** down=cell, track={[name]=cell}}`, each cell `{cost=, na=, disorder=, rule=}` (no cost when
** NA, or when a road gives no rate, or no elevation row is given); hex cells add
** `na_on_roads`, hexside cells `cancels={ids}`, road cells `ignores={elevation=, hexsides=}`;
** `track` has the map's tracks that have costs
*/
static int mv_costs(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  const char *cls = luaL_checkstring(L, 2), *mode = luaL_optstring(L, 3, NULL);
  const vl_terrain *tt = vl_map_terrain_table(m);
  static const char *const kinds[3] = {"hex", "hexside", "road"};
  int col = vl_move_column(u->t, cls, mode), k;
  size_t i, j;
  vl_move_cell c;
  luaL_argcheck(L, col >= 0, mode ? 3 : 2, "no such class or mode");
  lua_createtable(L, 0, 6);
  for (k = 0; k < 3; k++) {
    size_t n = vl_terrain_count(tt, (vl_terrain_kind)k);
    lua_createtable(L, 0, (int)n);
    for (i = 0; i < n; i++) {
      vl_move_cell_at(u->t, (vl_move_row)k, i, col, &c);
      push_cell(L, &c);
      if (k == 0) {
        lua_pushboolean(L, vl_move_hex_na_on_roads(u->t, i));
        lua_setfield(L, -2, "na_on_roads");
      } else if (k == 1) {
        uint32_t mask = vl_move_hexside_cancels(u->t, i);
        int at = 0;
        lua_newtable(L);
        for (j = 0; j < n; j++)
          if (mask & ((uint32_t)1 << j)) {
            lua_pushstring(L, vl_terrain_type_at(tt, VL_TERRAIN_HEXSIDE, j)->id);
            lua_rawseti(L, -2, ++at);
          }
        lua_setfield(L, -2, "cancels");
      } else {
        unsigned ign = vl_move_road_ignores(u->t, i);
        lua_createtable(L, 0, 2);
        lua_pushboolean(L, (ign & VL_MOVE_IGNORES_ELEVATION) != 0);
        lua_setfield(L, -2, "elevation");
        lua_pushboolean(L, (ign & VL_MOVE_IGNORES_HEXSIDES) != 0);
        lua_setfield(L, -2, "hexsides");
        lua_setfield(L, -2, "ignores");
      }
      lua_setfield(L, -2, vl_terrain_type_at(tt, (vl_terrain_kind)k, i)->id);
    }
    lua_setfield(L, -2, kinds[k]);
  }
  vl_move_cell_at(u->t, VL_MOVE_ROW_UP, 0, col, &c);
  push_cell(L, &c);
  lua_setfield(L, -2, "up");
  vl_move_cell_at(u->t, VL_MOVE_ROW_DOWN, 0, col, &c);
  push_cell(L, &c);
  lua_setfield(L, -2, "down");
  lua_newtable(L);
  for (i = 0; i < vl_map_track_count(m); i++) {
    const char *name = vl_map_track_at(m, i)->name;
    int row = vl_move_track_row(u->t, name);
    if (row < 0) continue;
    vl_move_cell_at(u->t, VL_MOVE_ROW_TRACK, (size_t)row, col, &c);
    push_cell(L, &c);
    lua_setfield(L, -2, name);
  }
  lua_setfield(L, -2, "track");
  return 1;
}

/***
** Every value of the table as its file gave it, for `volley sources`.
** @function values
** @treturn {table,...} `{section=, key=, value=, layer=, file=, line=, source= or
** provisional=}`, sorted by section then key; `layer` is "system" or "scenario"; the header's
** keys and rules carry neither source nor provisional
*/
static int mv_values(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  size_t i, n = vl_move_value_count(u->t);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    const vl_move_value *v = vl_move_value_at(u->t, i);
    lua_createtable(L, 0, 7);
    lua_pushstring(L, v->section);
    lua_setfield(L, -2, "section");
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
    if (v->source != NULL) {
      lua_pushstring(L, v->source);
      lua_setfield(L, -2, "source");
    }
    if (v->provisional != NULL) {
      lua_pushstring(L, v->provisional);
      lua_setfield(L, -2, "provisional");
    }
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/***
** Every place reachable within the query's MA (Dijkstra; docs/move.md "Reach").
** Entries are sorted by cost, then location order (hexes in label order, then track spaces);
** the start is first, with cost 0 and an empty path. The path chosen to each place is the
** cheapest; among equals, the one with the fewest disordering steps, then the fewest steps,
** then the one whose previous place comes first in location order (and so on back).
** @function reach
** @tparam place start a hex label, {q=, r=} or "track/space"
** @tparam table query `{class=, mode=, ma=, roads=, max_step=, prohibited=, must_stop=, extra=,
** no_road=, uniform=, paths=}` (docs/move.md "Lua")
** @treturn {table,...} `{hex=, cost=, left=, steps=, disorder=, stop=, path={...}}` per place
** (`path` lists the places entered; absent with `paths = false`); methods `r:cost_to(place)`,
** `r:path_to(place)` and `r:entry(place)` look a place up (nil when not reached)
** @raise on a bad query
*/
static int mv_reach(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  vl_move_loc start = check_place(L, 2, m);
  vl_move_query q;
  size_t *trail;
  lbox *box;
  vl_error e;
  int paths, res, by, names;
  size_t i, n;
  check_query(L, 3, u, m, &q, &paths);
  box = new_box(L);
  memset(&e, 0, sizeof e);
  if (vl_move_reach_new(u->g, start, &q, &box->r, &e) != VL_OK) return engine_error(L, "reach", &e);
  n = vl_move_reach_count(box->r);
  trail = lua_newuserdata(L, (n + 1) * sizeof *trail);
  lua_createtable(L, (int)n, 0);   /* each place's name, pushed once: paths reuse them */
  names = lua_gettop(L);
  lua_createtable(L, 0, (int)n);
  by = lua_gettop(L);
  for (i = 0; i < n; i++) {
    push_place(L, m, vl_move_reach_at(box->r, i)->loc);
    lua_rawseti(L, names, (int)i + 1);
  }
  lua_createtable(L, (int)n, 0);
  res = lua_gettop(L);
  for (i = 0; i < n; i++) {
    const vl_move_dest *d = vl_move_reach_at(box->r, i);
    lua_createtable(L, 0, 7);
    lua_rawgeti(L, names, (int)i + 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "hex");
    lua_pushvalue(L, -2);
    lua_rawset(L, by);
    lua_pushinteger(L, d->cost);
    lua_setfield(L, -2, "cost");
    lua_pushinteger(L, d->left);
    lua_setfield(L, -2, "left");
    lua_pushinteger(L, d->steps);
    lua_setfield(L, -2, "steps");
    lua_pushboolean(L, d->disorders > 0);
    lua_setfield(L, -2, "disorder");
    lua_pushboolean(L, d->stop);
    lua_setfield(L, -2, "stop");
    if (paths) {
      size_t len = vl_move_reach_path_at(box->r, i, trail, n + 1), k;
      lua_createtable(L, (int)len - 1, 0);
      for (k = 1; k < len; k++) {
        lua_rawgeti(L, names, (int)trail[k] + 1);
        lua_rawseti(L, -2, (int)k);
      }
      lua_setfield(L, -2, "path");
    }
    lua_rawseti(L, res, (int)i + 1);
  }
  vl_move_reach_free(box->r);
  box->r = NULL;
  lua_createtable(L, 0, 3);        /* this answer's metatable: the methods, its lookup */
  luaL_getmetatable(L, REACH_TNAME);
  lua_setfield(L, -2, "__index");
  lua_pushvalue(L, by);
  lua_setfield(L, -2, "by");
  lua_pushvalue(L, 1);
  lua_setfield(L, -2, "movement");
  lua_setmetatable(L, res);
  lua_pushvalue(L, res);
  return 1;
}

/***
** The places `reach` would list, names only, in its order (cost, then location order; the
** start first): what a move request's options need, without an entry table per place.
** The query's `paths` flag is ignored (no path is made).
** @function reach_places
** @tparam place start a hex label, {q=, r=} or "track/space"
** @tparam table query as for `reach`
** @treturn {string,...} the places' names
** @raise on a bad query
*/
static int mv_reach_places(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  vl_move_loc start = check_place(L, 2, m);
  vl_move_query q;
  lbox *box;
  vl_error e;
  size_t i, n;
  check_query(L, 3, u, m, &q, NULL);
  box = new_box(L);
  memset(&e, 0, sizeof e);
  if (vl_move_reach_new(u->g, start, &q, &box->r, &e) != VL_OK) return engine_error(L, "reach", &e);
  n = vl_move_reach_count(box->r);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    push_place(L, m, vl_move_reach_at(box->r, i)->loc);
    lua_rawseti(L, -2, (int)i + 1);
  }
  vl_move_reach_free(box->r);
  box->r = NULL;
  return 1;
}

/* The entry of a reach answer (argument 1) for the place at argument 2, pushed (or nil). */
static void reach_lookup(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (!lua_getmetatable(L, 1)) luaL_argerror(L, 1, "a reach answer expected");
  vl_rawfield(L, -1, "by");
  if (!lua_istable(L, -1)) luaL_argerror(L, 1, "a reach answer expected");
  if (lua_type(L, 2) == LUA_TSTRING) {
    lua_pushvalue(L, 2);
  } else {
    const vl_map *m;
    vl_move_loc loc;
    const char *msg;
    vl_rawfield(L, -2, "movement");
    lua_replace(L, 1);             /* check_move reads argument 1 */
    check_move(L, &m);
    msg = read_place(L, 2, m, &loc, NULL, NULL);
    if (msg != NULL) luaL_argerror(L, 2, msg);
    push_place(L, m, loc);
  }
  lua_rawget(L, -2);
}

/***
** The entry of a place in a reach answer.
** @function reach:entry
** @tparam place p
** @treturn table|nil the entry, or nil when p was not reached
*/
static int reach_entry(lua_State *L) {
  reach_lookup(L);
  return 1;
}

/***
** cost_to: the cost to reach a place.
** @function reach:cost_to
** @tparam place p
** @treturn int|nil the cost, or nil when p was not reached
*/
static int reach_cost_to(lua_State *L) {
  reach_lookup(L);
  if (lua_istable(L, -1)) vl_rawfield(L, -1, "cost");
  return 1;
}

/***
** The chosen path to a place: the places entered from the start.
** @function reach:path_to
** @tparam place p
** @treturn {string,...}|nil the path, or nil when p was not reached or paths were not asked for
*/
static int reach_path_to(lua_State *L) {
  reach_lookup(L);
  if (lua_istable(L, -1)) vl_rawfield(L, -1, "path");
  return 1;
}

/***
** The cheapest path from a place to another (the search of reach, stopped at the goal).
** @function path
** @tparam place start
** @tparam place goal
** @tparam table query as for reach; `ma` defaults to no limit
** @treturn[1] table `{path={...}, steps={{hex=, cost=, total=, disorder=, road=, stop=},...},
** cost=, left=, disorder=}`: the places entered and each step's figures
** @treturn[2] false
** @treturn[2] string why: "<goal> cannot be reached from <start> with <ma> MP"
*/
static int mv_path(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  vl_move_loc start = check_place(L, 2, m), goal = check_place(L, 3, m);
  vl_move_query q;
  vl_move_step *buf;
  lbox *box;
  vl_error e;
  int rc;
  size_t len;
  check_query(L, 4, u, m, &q, NULL);
  box = new_box(L);
  memset(&e, 0, sizeof e);
  rc = vl_move_cheapest(u->g, start, goal, &q, &box->r, &e);
  if (rc == VL_ENOTFOUND) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, e.msg);
    return 2;
  }
  if (rc != VL_OK) return engine_error(L, "path", &e);
  len = vl_move_reach_path(box->r, goal, NULL, 0);
  buf = lua_newuserdata(L, len * sizeof *buf);
  vl_move_reach_path(box->r, goal, buf, len);
  push_info(L, m, buf, len, q.budget);
  vl_move_reach_free(box->r);
  box->r = NULL;
  return 1;
}

/* Reads the path list at arg (places after the start) into a userdata array (left on the
** stack) with start first; *n gets the count. */
static vl_move_loc *read_path(lua_State *L, int arg, const vl_map *m, vl_move_loc start,
                              size_t *n) {
  vl_move_loc *locs;
  size_t i, len;
  luaL_checktype(L, arg, LUA_TTABLE);
  len = lua_rawlen(L, arg);
  locs = lua_newuserdata(L, (len + 1) * sizeof *locs);
  locs[0] = start;
  for (i = 1; i <= len; i++) {
    const char *msg;
    lua_rawgeti(L, arg, (int)i);
    msg = read_place(L, lua_gettop(L), m, &locs[i], NULL, NULL);
    if (msg != NULL) luaL_error(L, "bad argument #%d to 'validate' (path[%d]: %s)", arg - 1,
                                (int)i, msg);
    lua_pop(L, 1);
  }
  *n = len + 1;
  return locs;
}

/***
** Checks a typed path: each place must be entered legally from the one before, within the MA.
** @function validate
** @tparam place start where the unit is
** @tparam {place,...} path the places it enters, in order
** @tparam table query as for reach; `ma` defaults to no limit
** @treturn[1] table as path returns it
** @treturn[2] false
** @treturn[2] string why, naming the step, the reason and the rule: "1111 -> 1112: prohibited
** (Lagoon) [rough_and_ready 5.11]"
** @treturn[2] int the index in path of the place the refused step enters
*/
static int mv_validate(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  vl_move_loc start = check_place(L, 2, m), *locs;
  vl_move_query q;
  vl_move_step *steps;
  vl_move_check c;
  vl_error e;
  size_t n;
  locs = read_path(L, 3, m, start, &n);
  check_query(L, 4, u, m, &q, NULL);
  steps = lua_newuserdata(L, n * sizeof *steps);
  memset(&e, 0, sizeof e);
  if (vl_move_validate(u->g, locs, n, &q, steps, &c, &e) != VL_OK) return engine_error(L, "validate", &e);
  if (!c.ok) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, c.why);
    lua_pushinteger(L, (lua_Integer)c.bad);
    return 3;
  }
  push_info(L, m, steps, n, q.budget);
  return 1;
}

/***
** The cost of one step.
** @function step
** @tparam place from
** @tparam place to an adjacent hex, or a track space or hex joined to from
** @tparam table query as for reach; `ma` defaults to no limit
** @treturn[1] int the cost, table units
** @treturn[1] table `{hex=, cost=, total=, disorder=, road=, stop=}`
** @treturn[2] false
** @treturn[2] string why, as validate gives it
*/
static int mv_step(lua_State *L) {
  const vl_map *m;
  lmove *u = check_move(L, &m);
  vl_move_loc locs[2];
  vl_move_query q;
  vl_move_step steps[2];
  vl_move_check c;
  vl_error e;
  locs[0] = check_place(L, 2, m);
  locs[1] = check_place(L, 3, m);
  check_query(L, 4, u, m, &q, NULL);
  memset(&e, 0, sizeof e);
  if (vl_move_validate(u->g, locs, 2, &q, steps, &c, &e) != VL_OK) return engine_error(L, "step", &e);
  if (!c.ok) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, c.why);
    return 2;
  }
  lua_pushinteger(L, steps[1].cost);
  push_step(L, m, &steps[1]);
  return 2;
}

/* mv:close(): frees the table and graph now and lets the map go; later calls raise. Also
** __gc and __close. */
static int mv_close(lua_State *L) {
  lmove *u = vl_checkudata(L, 1, MOVE_TNAME);
  vl_move_graph_free(u->g);
  vl_move_table_free(u->t);
  u->g = NULL;
  u->t = NULL;
  luaL_unref(L, LUA_REGISTRYINDEX, u->mapref);
  u->mapref = LUA_NOREF;
  return 0;
}

static int mv_tostring(lua_State *L) {
  lmove *u = vl_checkudata(L, 1, MOVE_TNAME);
  if (u->t == NULL) lua_pushliteral(L, "volley.movement (closed)");
  else lua_pushfstring(L, "volley.movement (%s)", vl_move_table_system(u->t));
  return 1;
}

static const luaL_Reg mv_methods[] = {
  {"info", mv_info},
  {"costs", mv_costs},
  {"values", mv_values},
  {"step", mv_step},
  {"reach", mv_reach},
  {"reach_places", mv_reach_places},
  {"path", mv_path},
  {"validate", mv_validate},
  {"close", mv_close},
  {NULL, NULL}
};

static const luaL_Reg mv_metamethods[] = {
  {"__gc", mv_close},
  {"__close", mv_close},
  {"__tostring", mv_tostring},
  {NULL, NULL}
};

static const luaL_Reg reach_methods[] = {
  {"entry", reach_entry},
  {"cost_to", reach_cost_to},
  {"path_to", reach_path_to},
  {NULL, NULL}
};

static const luaL_Reg move_funcs[] = {
  {"load", move_load},
  {NULL, NULL}
};

void vl_lua_open_move(lua_State *L) {
  vl_lua_class(L, MOVE_TNAME, mv_metamethods, mv_methods);
  if (luaL_newmetatable(L, BOX_TNAME)) {
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pop(L, 1);
  if (luaL_newmetatable(L, REACH_TNAME)) vl_setfuncs(L, reach_methods);  /* the methods table */
  lua_pop(L, 1);
  luaL_newlib(L, move_funcs);
  lua_setfield(L, -2, "move");
}
