/*
** lua_los.c -- `volley.core.los`: line of sight for Lua (docs/los.md). A context is a userdata
** "volley.los" owning a vl_los and its vl_los_policy and keeping its map alive (its user value
** holds the map); hexes are labels or {q=, r=} values as in volley.core.hex. Units come in as
** a list per query: the rules compute them from the stacks, C never calls back into Lua.
*/
#include "lua_modules.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "volley/los.h"
#include "volley/map.h"
#include "volley/path.h"

#define LOS_TNAME "volley.los"

/***
** Line of sight on a map under a rule system's policy (charts/<system>/los.ini), with a reason
** for every answer and a cache of paths.
** @module volley.core.los
*/

typedef struct llos {
  vl_los *l;               /* owned; NULL once closed */
  vl_los_policy *p;        /* owned */
} llos;

/* The open context at argument 1, and its map (which must still be open). */
static llos *check_los(lua_State *L, const vl_map **m) {
  llos *u = vl_checkudata(L, 1, LOS_TNAME);
  luaL_argcheck(L, u->l != NULL, 1, "los context is closed");
  vl_getuservalue(L, 1);
  lua_rawgeti(L, -1, 1);
  *m = vl_lua_tomap(L, -1);
  lua_pop(L, 2);
  if (*m == NULL) luaL_error(L, "the map of this los context is closed");
  return u;
}

static void push_error(lua_State *L, const vl_error *e) {
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32];
  lua_pushstring(L, vl_error_format(e, buf, sizeof buf));
}

/* An optional string field of the table at idx (raw); NULL when absent. The value stays on
** the stack, which keeps s alive until the caller returns (a number is turned into a string
** there, a string no table holds). */
static const char *opt_field(lua_State *L, int idx, const char *name) {
  const char *s = NULL;
  if (vl_rawfield(L, idx, name) != LUA_TNIL) {
    if (!lua_isstring(L, -1)) luaL_error(L, "bad option '%s' (a string expected)", name);
    s = lua_tostring(L, -1);
  }
  return s;
}

static int file_exists(const char *path) { return access(path, R_OK) == 0; }

/***
** A context for line of sight on a map.
** The policy is `charts/<system>/los.ini` on the data path (the map's system unless
** `system` says otherwise), or the file `policy`; then a scenario layer: the file `layer`,
** else a `los.ini` beside the map when the policy is the map's system's (`layer = false`: none).
** @function new
** @tparam volley.map map the map (kept alive by the context)
** @tparam[opt] table opts `{system=, policy=, layer=, cache=}`; cache is the budget in bytes
** (0: none; default 2 MiB)
** @treturn[1] volley.los the context
** @treturn[2] nil
** @treturn[2] string "file:line: message"
*/
static int los_new(lua_State *L) {
  const vl_map *m = vl_lua_checkmap(L, 1);
  const char *system, *policy, *layer = NULL;
  char beside[PATH_MAX];
  size_t cache = VL_LOS_CACHE_DEFAULT;
  int no_layer = 0;
  vl_error e;
  vl_path *data;
  llos *u;
  if (!lua_isnoneornil(L, 2)) {
    luaL_checktype(L, 2, LUA_TTABLE);
  } else {
    lua_settop(L, 1);
    lua_newtable(L);
  }
  system = opt_field(L, 2, "system");
  policy = opt_field(L, 2, "policy");
  if (vl_rawfield(L, 2, "layer") == LUA_TBOOLEAN && !lua_toboolean(L, -1)) no_layer = 1;
  lua_pop(L, 1);
  if (!no_layer) layer = opt_field(L, 2, "layer");
  if (vl_rawfield(L, 2, "cache") != LUA_TNIL) {
    lua_Integer c;
    if (!lua_isnumber(L, -1)) return luaL_error(L, "bad option 'cache' (a number expected)");
    c = lua_tointeger(L, -1);
    if (c < 0 || (lua_Number)c != lua_tonumber(L, -1))
      return luaL_error(L, "bad option 'cache' (a whole number of bytes, 0 or more)");
    cache = (size_t)c;
  }
  lua_pop(L, 1);
  if (system == NULL) system = vl_map_system(m);
  if (layer == NULL && !no_layer && strcmp(system, vl_map_system(m)) == 0) {
    const char *mp = vl_map_path(m), *slash = strrchr(mp, '/');
    int n = slash ? (int)(slash - mp) : 0;
    snprintf(beside, sizeof beside, "%.*s%slos.ini", n, mp, slash ? "/" : "");
    if (file_exists(beside)) layer = beside;
  }
  u = lua_newuserdata(L, sizeof *u);
  u->l = NULL;
  u->p = NULL;
  luaL_setmetatable(L, LOS_TNAME);
  lua_createtable(L, 1, 0);          /* the user value: {map} */
  lua_pushvalue(L, 1);
  lua_rawseti(L, -2, 1);
  vl_setuservalue(L, -2);
  memset(&e, 0, sizeof e);
  if (policy != NULL) {
    u->p = vl_los_policy_load(system, policy, layer, &e);
  } else {
    data = vl_path_for_process();
    if (data == NULL) return luaL_error(L, "not enough memory");
    u->p = vl_los_policy_find(data, system, layer, &e);
    vl_path_free(data);
  }
  if (u->p != NULL) u->l = vl_los_new(m, u->p, cache, &e);
  if (u->l == NULL) {
    if (e.code == VL_ENOMEM) return luaL_error(L, "not enough memory");
    lua_pushnil(L);
    push_error(L, &e);
    return 2;
  }
  return 1;
}

/* The integer at the top of the stack, for option or field `name` (raises otherwise). */
static int top_int(lua_State *L, const char *what, const char *name) {
  lua_Number x;
  if (!lua_isnumber(L, -1)) return luaL_error(L, "bad %s '%s' (an integer expected)", what, name);
  x = lua_tonumber(L, -1);
  if (x != (lua_Number)(int)x || x < -1e9 || x > 1e9)
    return luaL_error(L, "bad %s '%s' (an integer expected)", what, name);
  return (int)x;
}

/* The Lua value of a side, as the C query's: 0 for the observer's side, 1 for any other. */
static int side_of(lua_State *L, int value, int observer) {
  if (lua_isnil(L, observer)) return 1;
  return lua_rawequal(L, value, observer) ? 0 : 1;
}

static void push_heights(lua_State *L, const vl_los_config *c, const vl_los_result *r) {
  lua_createtable(L, 0, 4);
  lua_pushinteger(L, r->observer);
  lua_setfield(L, -2, "observer");
  lua_pushinteger(L, r->target);
  lua_setfield(L, -2, "target");
  if (r->has_obstacle) {
    lua_pushinteger(L, r->obstacle);
    lua_setfield(L, -2, "obstacle");
  }
  lua_pushstring(L, strcmp(c->unit, "level") == 0 ? "half-level" : c->unit);
  lua_setfield(L, -2, "unit");
}

/* The path from a to b as labels ("0102/0202" for a grazed hexside), from the cache. */
static void push_path(lua_State *L, vl_los *l, const vl_grid *g, vl_hex a, vl_hex b) {
  int n = vl_los_path(l, a, b, NULL, 0, NULL), i;
  vl_line_step *s = lua_newuserdata(L, (size_t)(n > 0 ? n : 1) * sizeof *s);
  vl_los_path(l, a, b, s, n, NULL);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (s[i].grazing) {
      char x[VL_HEX_LABEL_MAX], y[VL_HEX_LABEL_MAX];
      vl_hexside side;
      char id[VL_HEXSIDE_ID_MAX];
      vl_hexside_between(g, s[i].hex, s[i].alt, &side);
      if (vl_hexside_format(g, side, id, sizeof id) < 0) {
        if (vl_hex_format(g, s[i].hex, x, sizeof x) < 0) snprintf(x, sizeof x, "?");
        if (vl_hex_format(g, s[i].alt, y, sizeof y) < 0) snprintf(y, sizeof y, "?");
        snprintf(id, sizeof id, "%s/%s", x, y);
      }
      lua_pushstring(L, id);
    } else {
      vl_lua_pushhex(L, g, s[i].hex);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_remove(L, -2);
}

/* check and clear: judges the query of arguments 2-4 into *r. */
static llos *judge(lua_State *L, const vl_map **mp, vl_los_result *r) {
  const vl_map *m;
  llos *u = check_los(L, &m);
  const vl_grid *g = vl_map_grid(m);
  vl_los_query q;
  vl_los_unit *units = NULL;
  vl_error e;
  vl_hex a = vl_lua_checkhex(L, 2, g), b = vl_lua_checkhex(L, 3, g);
  *mp = m;
  vl_los_query_init(&q, a, b);
  if (!lua_isnoneornil(L, 4)) {
    luaL_checktype(L, 4, LUA_TTABLE);
    lua_settop(L, 4);
    vl_rawfield(L, 4, "side");                                   /* 5: the observer's side */
    if (!lua_isnil(L, 5)) q.side = 0;
    if (vl_rawfield(L, 4, "eye") != LUA_TNIL) q.from_eye = top_int(L, "option", "eye");
    lua_pop(L, 1);
    if (vl_rawfield(L, 4, "target_eye") != LUA_TNIL)
      q.to_eye = top_int(L, "option", "target_eye");
    lua_pop(L, 1);
    if (vl_rawfield(L, 4, "defender") != LUA_TNIL) {
      const char *d = lua_tostring(L, -1);
      if (d != NULL && strcmp(d, "block") == 0) q.defender = VL_LOS_DEFENDER_BLOCK;
      else if (d != NULL && strcmp(d, "clear") == 0) q.defender = VL_LOS_DEFENDER_CLEAR;
      else luaL_error(L, "bad option 'defender' (\"block\" or \"clear\" expected)");
    }
    lua_pop(L, 1);
    if (vl_rawfield(L, 4, "units") != LUA_TNIL) {                /* 6: the units */
      size_t n, i;
      if (!lua_istable(L, 6)) luaL_error(L, "bad option 'units' (a list expected)");
      n = (size_t)lua_rawlen(L, 6);
      units = lua_newuserdata(L, (n > 0 ? n : 1) * sizeof *units);  /* 7 */
      for (i = 0; i < n; i++) {
        lua_rawgeti(L, 6, (int)i + 1);                           /* 8: a unit */
        if (!lua_istable(L, 8)) luaL_error(L, "bad unit #%d (a table expected)", (int)i + 1);
        vl_rawfield(L, 8, "hex");
        units[i].hex = vl_lua_checkhex(L, lua_gettop(L), g);
        lua_pop(L, 1);
        units[i].height = VL_LOS_DEFAULT;
        if (vl_rawfield(L, 8, "height") != LUA_TNIL) units[i].height = top_int(L, "unit", "height");
        lua_pop(L, 1);
        vl_rawfield(L, 8, "side");
        units[i].side = side_of(L, lua_gettop(L), 5);
        lua_pop(L, 2);
      }
      q.units = units;
      q.nunits = n;
    }
  }
  memset(&e, 0, sizeof e);
  if (vl_los_check(u->l, &q, r, &e) != VL_OK) {
    if (e.code == VL_ENOMEM) luaL_error(L, "not enough memory");
    luaL_error(L, "%s", e.msg);
  }
  return u;
}

/***
** Line of sight from one hex to another.
** @function check
** @tparam volley.los self
** @param from the observer's hex
** @param to the target's hex
** @tparam[opt] table opts `{units = {{hex=, height=, side=}, ...}, side=, eye=, target_eye=,
** defender = "block"|"clear"}`: unit obstacles (height in the policy's steps, default the
** policy's), the observer's side (a unit of that side is friendly), the two eye heights, and
** the defender's choice on a grazed hexside
** @treturn boolean clear
** @treturn table why: `{kind=, blocked_by=, reason=, rule=, provisional=, choice=, heights=,
** distance=, path=}`; blocked_by only when blocked, path (the hexes crossed) only when clear
*/
static int los_check(lua_State *L) {
  const vl_map *m;
  vl_los_result r;
  char where[VL_HEXSIDE_ID_MAX + 16], reason[VL_LOS_REASON_MAX];
  llos *u = judge(L, &m, &r);
  lua_pushboolean(L, r.clear);
  lua_createtable(L, 0, 9);
  lua_pushstring(L, vl_los_kind_name(r.kind));
  lua_setfield(L, -2, "kind");
  if (!r.clear) {
    vl_los_where(u->l, &r, where, sizeof where);
    lua_pushstring(L, where);
    lua_setfield(L, -2, "blocked_by");
  }
  vl_los_reason(u->l, &r, reason, sizeof reason);
  lua_pushstring(L, reason);
  lua_setfield(L, -2, "reason");
  lua_pushstring(L, r.rule);
  lua_setfield(L, -2, "rule");
  if (r.provisional != NULL) {
    lua_pushstring(L, r.provisional);
    lua_setfield(L, -2, "provisional");
  }
  lua_pushboolean(L, r.choice);
  lua_setfield(L, -2, "choice");
  push_heights(L, vl_los_policy_config(u->p), &r);
  lua_setfield(L, -2, "heights");
  lua_pushinteger(L, r.distance);
  lua_setfield(L, -2, "distance");
  if (r.clear) {
    vl_hex a = vl_lua_checkhex(L, 2, vl_map_grid(m)), b = vl_lua_checkhex(L, 3, vl_map_grid(m));
    push_path(L, u->l, vl_map_grid(m), a, b);
    lua_setfield(L, -2, "path");
  }
  return 2;
}

/***
** Whether the line is clear, without the why (the same judgement as check, cheaper).
** @function clear
** @tparam volley.los self
** @param from the observer's hex
** @param to the target's hex
** @tparam[opt] table opts as check takes them
** @treturn boolean clear
*/
static int los_clear(lua_State *L) {
  const vl_map *m;
  vl_los_result r;
  judge(L, &m, &r);
  lua_pushboolean(L, r.clear);
  return 1;
}

/***
** The hexes the line from one hex to another crosses, ends included (a grazed hexside as
** "a/b").
** @function path
** @tparam volley.los self
** @param from a hex
** @param to a hex
** @treturn {string,...} the path
*/
static int los_path(lua_State *L) {
  const vl_map *m;
  llos *u = check_los(L, &m);
  const vl_grid *g = vl_map_grid(m);
  vl_hex a = vl_lua_checkhex(L, 2, g), b = vl_lua_checkhex(L, 3, g);
  vl_error e;
  memset(&e, 0, sizeof e);
  if (vl_los_path(u->l, a, b, NULL, 0, &e) < 0) return luaL_error(L, "%s", e.msg);
  push_path(L, u->l, g, a, b);
  return 1;
}

static void set_str(lua_State *L, const char *k, const char *v) {
  if (v == NULL) return;
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, int v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, k);
}

/* A list of the words whose bits are set. */
static void set_bits(lua_State *L, const char *k, unsigned bits, const char *const *words) {
  int i, n = 0;
  lua_newtable(L);
  for (i = 0; words[i] != NULL; i++)
    if (bits & (1u << i)) {
      lua_pushstring(L, words[i]);
      lua_rawseti(L, -2, ++n);
    }
  lua_setfield(L, -2, k);
}

/***
** The policy, resolved (heights in steps), with every value as its file gave it.
** @function policy
** @tparam volley.los self
** @treturn table `{system=, unit=, level=, eye=, reciprocal=, rule=, terrain={blocks=, hexsides=},
** ground={obstacles=, tests={...}, tolerance=, near_lower=, midpoint=}, hexsides={graze=,
** exempt=, adjacent=}, units={block=, as=, height=, see_over={...}}, sunken={flag=, observer=,
** target=}, slopes={rules=, non_gradual=, steep=, canopy=, crests=}, values={{section=, key=, text=, file=, line=, rule=, provisional=}, ...}}`
*/
static int los_policy(lua_State *L) {
  static const char *const blocks[] = {"absolute", "height"};
  static const char *const obstacles[] = {"none", "hexes", "crests"};
  static const char *const tests[] = {"sightline", "higher-than-both", "near-lower",
                                      "higher-than-target", NULL};
  static const char *const near[] = {"higher", "average"};
  static const char *const graze[] = {"either", "both", "defender"};
  static const char *const exempt[] = {"none", "common", "adjacent"};
  static const char *const ublock[] = {"none", "all", "enemy", "friendly"};
  static const char *const uas[] = {"absolute", "height"};
  static const char *const see[] = {"higher", "lower-than-both", NULL};
  static const char *const observer[] = {"sees", "blind"};
  static const char *const target[] = {"any", "adjacent", "near"};
  const vl_map *m;
  llos *u = check_los(L, &m);
  const vl_los_config *c = vl_los_policy_config(u->p);
  size_t i, n = vl_los_policy_count(u->p);
  lua_newtable(L);
  set_str(L, "system", c->system);
  set_str(L, "unit", c->unit);
  set_int(L, "level", c->level);
  set_int(L, "eye", c->eye);
  lua_pushboolean(L, c->reciprocal);
  lua_setfield(L, -2, "reciprocal");
  set_str(L, "rule", vl_los_policy_rule(u->p));
  lua_newtable(L);
  set_str(L, "blocks", blocks[c->terrain_blocks]);
  set_str(L, "hexsides", blocks[c->hexside_blocks]);
  lua_setfield(L, -2, "terrain");
  lua_newtable(L);
  set_str(L, "obstacles", obstacles[c->ground]);
  set_bits(L, "tests", c->tests, tests);
  set_int(L, "tolerance", c->tolerance);
  set_str(L, "near_lower", near[c->near_lower]);
  set_str(L, "midpoint", c->midpoint_blocks ? "blocks" : "clear");
  lua_setfield(L, -2, "ground");
  lua_newtable(L);
  set_str(L, "graze", graze[c->graze]);
  set_str(L, "exempt", exempt[c->exempt]);
  set_str(L, "adjacent", c->adjacent_flag);
  lua_setfield(L, -2, "hexsides");
  lua_newtable(L);
  set_str(L, "block", ublock[c->units_block]);
  set_str(L, "as", uas[c->units_as]);
  set_int(L, "height", c->unit_height);
  set_bits(L, "see_over", c->see_over, see);
  lua_setfield(L, -2, "units");
  lua_newtable(L);
  set_str(L, "flag", c->sunken_flag);
  set_str(L, "observer", observer[c->sunken_observer]);
  set_str(L, "target", target[c->sunken_target]);
  lua_setfield(L, -2, "sunken");
  lua_newtable(L);
  set_str(L, "rules", c->slopes ? "v2023" : "none");
  set_str(L, "non_gradual", c->non_gradual);
  set_str(L, "steep", c->steep);
  set_str(L, "canopy", c->canopy_flag);
  lua_pushboolean(L, c->crests);
  lua_setfield(L, -2, "crests");
  lua_setfield(L, -2, "slopes");
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    const vl_los_value *v = vl_los_policy_value(u->p, i);
    lua_createtable(L, 0, 7);
    set_str(L, "section", v->section);
    set_str(L, "key", v->key);
    set_str(L, "text", v->text);
    set_str(L, "file", v->file);
    set_int(L, "line", v->line);
    set_str(L, "rule", v->rule);
    set_str(L, "provisional", v->provisional);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "values");
  return 1;
}

/***
** The cache's figures.
** @function stats
** @tparam volley.los self
** @treturn table `{entries=, bytes_used=, bytes_budget=, hits=, misses=, flushes=}`
*/
static int los_stats(lua_State *L) {
  const vl_map *m;
  llos *u = check_los(L, &m);
  vl_los_stats s;
  vl_los_stats_get(u->l, &s);
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, (lua_Integer)s.entries);
  lua_setfield(L, -2, "entries");
  lua_pushinteger(L, (lua_Integer)s.bytes_used);
  lua_setfield(L, -2, "bytes_used");
  lua_pushinteger(L, (lua_Integer)s.bytes_budget);
  lua_setfield(L, -2, "bytes_budget");
  lua_pushinteger(L, (lua_Integer)s.hits);
  lua_setfield(L, -2, "hits");
  lua_pushinteger(L, (lua_Integer)s.misses);
  lua_setfield(L, -2, "misses");
  lua_pushinteger(L, (lua_Integer)s.flushes);
  lua_setfield(L, -2, "flushes");
  return 1;
}

/* ctx:flush(): empties the cache. */
static int los_flush(lua_State *L) {
  const vl_map *m;
  llos *u = check_los(L, &m);
  vl_los_flush(u->l);
  return 0;
}

/* ctx:close(): frees the context now; later calls other than close raise. Also __gc. */
static int los_close(lua_State *L) {
  llos *u = vl_checkudata(L, 1, LOS_TNAME);
  vl_los_free(u->l);
  vl_los_policy_free(u->p);
  u->l = NULL;
  u->p = NULL;
  return 0;
}

static int los_tostring(lua_State *L) {
  llos *u = vl_checkudata(L, 1, LOS_TNAME);
  if (u->l == NULL) lua_pushliteral(L, "volley.los (closed)");
  else lua_pushfstring(L, "volley.los (%s)", vl_los_policy_config(u->p)->system);
  return 1;
}

static const luaL_Reg los_methods[] = {
  {"check", los_check},
  {"clear", los_clear},
  {"path", los_path},
  {"policy", los_policy},
  {"stats", los_stats},
  {"flush", los_flush},
  {"close", los_close},
  {NULL, NULL}
};

static const luaL_Reg los_metamethods[] = {
  {"__gc", los_close},
  {"__close", los_close},
  {"__tostring", los_tostring},
  {NULL, NULL}
};

static const luaL_Reg los_funcs[] = {
  {"new", los_new},
  {NULL, NULL}
};

void vl_lua_open_los(lua_State *L) {
  vl_lua_class(L, LOS_TNAME, los_metamethods, los_methods);
  luaL_newlib(L, los_funcs);
  lua_setfield(L, -2, "los");
}
