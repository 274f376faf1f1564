/*
** lua_dice.c -- `volley.core.dice`: the engine's dice (dice.c) as the userdata "volley.dice".
** Misuse raises in Lua's own style ("bad argument #1 to 'd6' (string expected, got nil)"); a
** forced value its die refuses raises the core's message. 64-bit generator words travel as
** 16-digit hex strings, since LuaJIT numbers hold only 53 bits. docs/dice.md is the guide.
** The LDoc comments (the ones opening with three stars) are the Lua API reference.
*/

/***
The engine's dice: PCG32, d6 / d10 (0-9) / 2d6 / dN without modulo bias, every roll logged
with its reason and rule, forced values for tests. Units: die faces.
@module volley.core.dice
*/
#include "lua_modules.h"
#include "lua_store.h"

#include <inttypes.h>
#include <stdio.h>

#include "volley/dice.h"

#define DICE_TNAME "volley.dice"

typedef struct dice_ud {
  vl_dice *d;               /* owned; NULL only while being built, and for borrowed dice */
  vl_lua_dice_getter get;   /* borrowed dice: asks the owner (the user value) for them */
} dice_ud;

static vl_dice *check_dice(lua_State *L) {
  dice_ud *u = vl_checkudata(L, 1, DICE_TNAME);
  if (u->get != NULL) {
    vl_dice *d;
    vl_lua_getuservalue(L, 1);
    d = u->get(L, lua_gettop(L));
    lua_pop(L, 1);
    luaL_argcheck(L, d != NULL, 1, "the dice's owner is closed");
    return d;
  }
  luaL_argcheck(L, u->d != NULL, 1, "dice not initialised");
  return u->d;
}

void vl_lua_pushdice_of(lua_State *L, int owner, vl_lua_dice_getter get) {
  dice_ud *u;
  owner = lua_absindex(L, owner);
  u = lua_newuserdata(L, sizeof *u);
  u->d = NULL;
  u->get = get;
  luaL_setmetatable(L, DICE_TNAME);
  lua_pushvalue(L, owner);
  vl_lua_setuservalue(L, -2);   /* the dice keep their owner alive */
}

/* Pushes a userdata owning d (d may be NULL: then raises "not enough memory"). The userdata
** is made first so a raise cannot leak d. */
static int push_dice(lua_State *L, vl_dice *d) {
  dice_ud *u;
  if (d == NULL) return luaL_error(L, "not enough memory");
  u = lua_newuserdata(L, sizeof *u);
  u->d = d;
  u->get = NULL;
  luaL_setmetatable(L, DICE_TNAME);
  return 1;
}

/* Reads argument arg as an integer in [lo, hi] (a number with an integral value: 6 and 6.0
** alike, as DESIGN.md principle 11 asks); raises "bad argument #arg to 'f' (<what>)" otherwise. */
static lua_Integer check_int_in(lua_State *L, int arg, lua_Integer lo, lua_Integer hi,
                                const char *what) {
  lua_Integer v;
  if (lua_type(L, arg) != LUA_TNUMBER)
    return luaL_argerror(L, arg, lua_pushfstring(L, "%s, got %s", what, luaL_typename(L, arg)));
#if LUA_VERSION_NUM >= 503
  if (lua_isinteger(L, arg)) {
    v = lua_tointeger(L, arg);
    if (v < lo || v > hi) return luaL_argerror(L, arg, what);
    return v;
  }
#endif
  {
    lua_Number x = lua_tonumber(L, arg);
    if (!(x >= (lua_Number)lo && x <= (lua_Number)hi)) return luaL_argerror(L, arg, what);
    v = (lua_Integer)x;                    /* in range, so the cast is defined */
    if ((lua_Number)v != x) return luaL_argerror(L, arg, what);
  }
  return v;
}

/***
Dice for a game seed (DESIGN.md "The save file"); seeding as docs/dice.md says.
@function new
@tparam int seed an integer from 0 to 2^53 - 1 (6 and 6.0 alike)
@treturn dice dice with no rolls made
@raise "bad argument #1 to 'new' (seed must be an integer from 0 to 2^53 - 1)" for a negative,
fractional or too large seed (", got string" and the like appended for a non-number)
*/
static int dice_new(lua_State *L) {
  static const char what[] = "seed must be an integer from 0 to 2^53 - 1";
  lua_Integer seed;
  vl_error err;
  vl_dice *d;
  if (lua_type(L, 1) != LUA_TNUMBER)
    return luaL_argerror(L, 1, lua_pushfstring(L, "%s, got %s", what, luaL_typename(L, 1)));
#if LUA_VERSION_NUM >= 503
  if (lua_isinteger(L, 1)) {
    seed = lua_tointeger(L, 1);
    if (seed < 0 || (uint64_t)seed >= VL_DICE_SEED_LIMIT) return luaL_argerror(L, 1, what);
  } else
#endif
  {
    lua_Number x = lua_tonumber(L, 1);  /* 2^53 and above are not exact on LuaJIT: refused */
    if (!(x >= 0 && x < 9007199254740992.0)) return luaL_argerror(L, 1, what);
    seed = (lua_Integer)x;
    if ((lua_Number)seed != x) return luaL_argerror(L, 1, what);
  }
  d = vl_dice_new((uint64_t)seed, &err);
  if (d == NULL) return luaL_error(L, "%s", err.msg);
  return push_dice(L, d);
}

/* Rolls one die kind for the reason and rule at arguments arg, arg + 1 (both strings, required)
** and leaves the record in *rec; raises the core's message when the roll is refused. */
static void roll(lua_State *L, vl_dice_kind kind, int sides, int arg, vl_dice_record *rec) {
  vl_dice *d = check_dice(L);
  const char *reason = luaL_checkstring(L, arg);
  const char *rule = luaL_checkstring(L, arg + 1);
  vl_error err;
  if (vl_dice_roll(d, kind, sides, reason, rule, rec, &err) != VL_OK)
    luaL_error(L, "%s", err.msg);
}

/***
Rolls one d6.
@function dice:d6
@tparam string reason what the roll decides ("activation of Arista"), logged
@tparam string rule the case it obeys ("[spi_gbacw 9.83]"), logged
@treturn int the face, 1-6
@raise "forced value 7 is out of range for d6 (1-6)" when the next forced value is not a face
*/
static int dice_d6(lua_State *L) {
  vl_dice_record r;
  roll(L, VL_DICE_D6, 6, 2, &r);
  lua_pushinteger(L, r.value);
  return 1;
}

/***
Rolls one d10, read 0-9: 0 is the lowest face, never 10 [rough_and_ready 2.3] [gbacw 2.5].
@function dice:d10
@tparam string reason what the roll decides, logged
@tparam string rule the case it obeys ("[rough_and_ready 3.11]"), logged
@treturn int the face, 0-9
@raise "forced value 10 is out of range for d10 (0-9)" when the next forced value is not a face
*/
static int dice_d10(lua_State *L) {
  vl_dice_record r;
  roll(L, VL_DICE_D10, 10, 2, &r);
  lua_pushinteger(L, r.value);
  return 1;
}

/***
Rolls two d6 (Battle of Buena Vista's random events [battle_of_buena_vista 4.2], the 2d6 tables of
Jackson at the Crossroads). With forced values queued it takes two, one per die.
@function dice:two_d6
@tparam string reason what the roll decides, logged
@tparam string rule the case it obeys, logged
@treturn int the sum, 2-12
@treturn int the first die's face, 1-6
@treturn int the second die's face, 1-6
@raise "forced value 0 is out of range for 2d6 (each die 1-6)"; "2d6 needs two forced values;
1 is queued"
*/
static int dice_two_d6(lua_State *L) {
  vl_dice_record r;
  roll(L, VL_DICE_2D6, 6, 2, &r);
  lua_pushinteger(L, r.value);
  lua_pushinteger(L, r.face[0]);
  lua_pushinteger(L, r.face[1]);
  return 3;
}

/***
Rolls one die of n faces.
@function dice:dn
@tparam int n faces, 2 to 2147483647
@tparam string reason what the roll decides, logged
@tparam string rule the case it obeys, logged
@treturn int the face, 1-n
@raise "bad argument #1 to 'dn' (die size must be an integer from 2 to 2147483647)";
"forced value 13 is out of range for d12 (1-12)"
*/
static int dice_dn(lua_State *L) {
  vl_dice_record r;
  lua_Integer n;
  check_dice(L);
  n = check_int_in(L, 2, 2, VL_DICE_N_MAX, "die size must be an integer from 2 to 2147483647");
  roll(L, VL_DICE_DN, (int)n, 3, &r);
  lua_pushinteger(L, r.value);
  return 1;
}

/***
Queues values the next rolls take instead of drawing, in order (two for a two_d6). Each is
checked against its die only when taken; a refused one stays queued (clear_forced drops the
queue). Forced rolls are logged with forced = true and do not move the generator. Test mode
only: never to be offered to scenario scripts.
@function dice:force
@tparam int|{int,...} v a value, or a list of values
@param ... more values (when v is not a list)
@raise "bad argument #1 to 'force' (integer expected, got string)"; for a list,
"bad argument #1 to 'force' (item 2 of the list must be an integer)"
*/
static int dice_force(lua_State *L) {
  vl_dice *d = check_dice(L);
  int top = lua_gettop(L), i, n;
  int *vals;
  lua_Number x;
  vl_error err;
  if (top == 2 && lua_istable(L, 2)) {
    n = (int)lua_rawlen(L, 2);
    if (n == 0) return luaL_argerror(L, 2, "list of forced values is empty");
    vals = lua_newuserdata(L, (size_t)n * sizeof *vals);  /* freed by the GC, even on raise */
    for (i = 1; i <= n; i++) {
      lua_rawgeti(L, 2, i);
      x = lua_tonumber(L, -1);                /* 0 for a non-number, checked next */
      if (lua_type(L, -1) != LUA_TNUMBER || !(x >= -2147483648.0 && x <= 2147483647.0)
          || (lua_Number)(int)x != x)
        return luaL_argerror(L, 2, lua_pushfstring(L, "item %d of the list must be an integer", i));
      vals[i - 1] = (int)x;
      lua_pop(L, 1);
    }
  } else {
    n = top - 1;
    if (n == 0) return luaL_argerror(L, 2, "integer or list of integers expected, got no value");
    vals = lua_newuserdata(L, (size_t)n * sizeof *vals);
    for (i = 2; i <= top; i++)
      vals[i - 2] = (int)check_int_in(L, i, -2147483647 - 1, 2147483647, "integer expected");
  }
  if (vl_dice_force(d, vals, (size_t)n, &err) != VL_OK) return luaL_error(L, "%s", err.msg);
  return 0;
}

/***
The forced values still queued, next first.
@function dice:pending
@treturn {int,...}
*/
static int dice_pending(lua_State *L) {
  vl_dice *d = check_dice(L);
  size_t i, n = vl_dice_forced_pending(d);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, vl_dice_forced_at(d, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
  return 1;
}

/***
Drops every queued forced value.
@function dice:clear_forced
*/
static int dice_clear_forced(lua_State *L) {
  vl_dice_force_clear(check_dice(L));
  return 0;
}

/***
Rolls made so far, drawn and forced: the last roll's n.
@function dice:count
@treturn int
*/
static int dice_count(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)vl_dice_count(check_dice(L)));
  return 1;
}

/* Pushes the record r as {n=, kind=, sides=, faces={...}, value=, reason=, rule=, forced=}. */
static void push_record(lua_State *L, const vl_dice_record *r) {
  int i;
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, (lua_Integer)r->n);
  lua_setfield(L, -2, "n");
  lua_pushstring(L, vl_dice_kind_name(r->kind));
  lua_setfield(L, -2, "kind");
  lua_pushinteger(L, r->sides);
  lua_setfield(L, -2, "sides");
  lua_createtable(L, r->ndice, 0);
  for (i = 0; i < r->ndice; i++) {
    lua_pushinteger(L, r->face[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "faces");
  lua_pushinteger(L, r->value);
  lua_setfield(L, -2, "value");
  lua_pushstring(L, r->reason);
  lua_setfield(L, -2, "reason");
  lua_pushstring(L, r->rule);
  lua_setfield(L, -2, "rule");
  lua_pushboolean(L, r->forced);
  lua_setfield(L, -2, "forced");
}

/* Pushes the log as a list of records, oldest first. */
static void push_log(lua_State *L, const vl_dice *d) {
  size_t i, n = vl_dice_log_count(d);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    push_record(L, vl_dice_log_at(d, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
}

/***
The rolls since the last drain, oldest first (copies: changing them changes nothing).
A record is {n = roll number (1 for the first roll), kind = "d6"|"d10"|"2d6"|"dn",
sides = faces per die, faces = {face, ...} (two for 2d6), value = the roll (the sum for 2d6),
reason =, rule =, forced = boolean}. reason is kept to 127 bytes and rule to 63, never cutting
a UTF-8 character.
@function dice:log
@treturn {table,...}
*/
static int dice_log(lua_State *L) {
  push_log(L, check_dice(L));
  return 1;
}

/***
The same list as log(), and empties the log; roll numbers go on counting.
@function dice:drain
@treturn {table,...}
*/
static int dice_drain(lua_State *L) {
  vl_dice *d = check_dice(L);
  push_log(L, d);
  vl_dice_log_drain(d);
  return 1;
}

/***
Everything that decides the next draw and the two roll counters: what the state store hashes.
@function dice:state
@treturn table {state = "<16 hex digits>", inc = "<16 hex digits>" (the PCG32 words, lower
case), count = rolls made, forced = how many of them were forced}
*/
static int dice_state(lua_State *L) {
  vl_dice_state s = vl_dice_get_state(check_dice(L));
  char hex[17];
  lua_createtable(L, 0, 4);
  snprintf(hex, sizeof hex, "%016" PRIx64, s.gen.state);
  lua_pushstring(L, hex);
  lua_setfield(L, -2, "state");
  snprintf(hex, sizeof hex, "%016" PRIx64, s.gen.inc);
  lua_pushstring(L, hex);
  lua_setfield(L, -2, "inc");
  lua_pushinteger(L, (lua_Integer)s.count);
  lua_setfield(L, -2, "count");
  lua_pushinteger(L, (lua_Integer)s.forced);
  lua_setfield(L, -2, "forced");
  return 1;
}

/***
An independent snapshot (state, log, forced queue) that rolls on exactly as the original would.
@function dice:copy
@treturn dice
*/
static int dice_copy(lua_State *L) {
  return push_dice(L, vl_dice_copy(check_dice(L)));
}

static int dice_gc(lua_State *L) {
  dice_ud *u = vl_checkudata(L, 1, DICE_TNAME);
  vl_dice_free(u->d);   /* NULL for borrowed dice: their owner frees them */
  u->d = NULL;
  return 0;
}

static int dice_tostring(lua_State *L) {
  vl_dice *d = check_dice(L);
  char buf[64];
  snprintf(buf, sizeof buf, "volley.dice (%" PRIu64 " rolls)", vl_dice_count(d));
  lua_pushstring(L, buf);
  return 1;
}

static const luaL_Reg dice_methods[] = {
  {"d6", dice_d6},
  {"d10", dice_d10},
  {"two_d6", dice_two_d6},
  {"dn", dice_dn},
  {"force", dice_force},
  {"pending", dice_pending},
  {"clear_forced", dice_clear_forced},
  {"count", dice_count},
  {"log", dice_log},
  {"drain", dice_drain},
  {"state", dice_state},
  {"copy", dice_copy},
  {NULL, NULL}
};

static const luaL_Reg dice_metamethods[] = {
  {"__gc", dice_gc},
  {"__tostring", dice_tostring},
  {NULL, NULL}
};

/*
** volley.core.dice.bot_seed(seed, side, name, n) -> integer
** A bot's seed for decision n (1-based) of a game with this seed (vl_dice_bot_seed): below
** 2^53, the same on both VMs. Raises on a bad seed or n, or names too long.
*/
static int dice_bot_seed(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1);
  const char *side = luaL_checkstring(L, 2);
  const char *name = luaL_checkstring(L, 3);
  lua_Integer n = luaL_checkinteger(L, 4);
  uint64_t out;
  luaL_argcheck(L, seed >= 0 && (uint64_t)seed < VL_DICE_SEED_LIMIT, 1,
                "seed must be an integer from 0 to 2^53 - 1");
  luaL_argcheck(L, n >= 1, 4, "decision numbers start at 1");
  if (vl_dice_bot_seed((uint64_t)seed, side, name, (uint64_t)n, &out) != VL_OK)
    return luaL_error(L, "side and bot name too long");
  lua_pushinteger(L, (lua_Integer)out);
  return 1;
}

/*
** volley.core.dice.sim_seed(seed, i) -> integer
** The seed of game i (0-based) of a `volley sim` run with this seed (vl_dice_sim_seed):
** SplitMix64(seed + i) >> 11, below 2^53 and the same on both VMs. Raises on a seed or an i
** outside 0 to 2^53 - 1.
*/
static int dice_sim_seed(lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1);
  lua_Integer i = luaL_checkinteger(L, 2);
  luaL_argcheck(L, seed >= 0 && (uint64_t)seed < VL_DICE_SEED_LIMIT, 1,
                "seed must be an integer from 0 to 2^53 - 1");
  luaL_argcheck(L, i >= 0 && (uint64_t)i < VL_DICE_SEED_LIMIT, 2,
                "game numbers run from 0 to 2^53 - 1");
  lua_pushinteger(L, (lua_Integer)vl_dice_sim_seed((uint64_t)seed, (uint64_t)i));
  return 1;
}

static const luaL_Reg dice_funcs[] = {
  {"new", dice_new},
  {"bot_seed", dice_bot_seed},
  {"sim_seed", dice_sim_seed},
  {NULL, NULL}
};

void vl_lua_open_dice(lua_State *L) {
  vl_lua_class(L, DICE_TNAME, dice_metamethods, dice_methods);
  luaL_newlib(L, dice_funcs);
  lua_setfield(L, -2, "dice");
}
