/*
** lua_store.h -- what lua_state.c (the store: units, stacks, facing) and lua_vars.c (game.vars
** and typed ids) share. Not a public header.
*/
#ifndef VOLLEY_LUA_STORE_H
#define VOLLEY_LUA_STORE_H

#include "lua_modules.h"
#include "volley/state.h"

#define STORE_TNAME "volley.store"
#define VARS_TNAME "volley.vars"
#define ID_TNAME "volley.id"

/* The store at arg (a "volley.store" that is not closed), raising Lua's argument errors. */
vl_state *vl_lua_checkstore(lua_State *L, int arg);

/* A unit or leader id, a side id at arg: the index, or Lua's argument error. */
int vl_lua_checkunit(lua_State *L, const vl_state *st, int arg);
int vl_lua_checkside(lua_State *L, const vl_state *st, int arg);
/* A field name at arg: its schema index, or Lua's argument error. */
int vl_lua_checkfield(lua_State *L, const vl_state *st, int arg);

/* A filter table at arg (absent or nil: none): side = ID, enemy_of = ID, class = "combat" |
** "artillery" | "leader", type = NAME; unknown keys raise. */
typedef struct vl_lua_filter {
  unsigned sides;    /* VL_SIDE_BIT mask */
  unsigned classes;  /* VL_CLASS_* bits, 0 for any */
  int type;          /* a type index, -1 for any */
} vl_lua_filter;
vl_lua_filter vl_lua_checkfilter(lua_State *L, const vl_state *st, int arg);

/* Pushes a unit's id; a list of units' ids. */
void vl_lua_pushid(lua_State *L, const vl_state *st, int u);
void vl_lua_pushids(lua_State *L, const vl_state *st, const int *u, int n);

/* Pushes false and err->msg, a refusal; returns 2. */
int vl_lua_refuse(lua_State *L, const vl_error *err);

/* Room for n ints in a userdata left on the stack (freed by the collector). */
int *vl_lua_scratch(lua_State *L, int n);

/* The store's methods about locations, stacks, queries and facing (lua_units.c). */
extern const luaL_Reg vl_lua_units_methods[];

/* Pushes the game.vars object of the store at index store (one per store: kept in the store's
** user value). */
void vl_lua_pushvars(lua_State *L, int store);

/* Converts the Lua value at idx into a new value tree by game.vars' rules (docs/state.md),
** raising an error that names the value's path from `root` ("cursor.frames[2]: ..."). */
vl_value *vl_lua_tovalue(lua_State *L, const vl_state *st, int idx, const char *root);

/* Pushes a fresh Lua copy of v (ids as "volley.id" values). */
void vl_lua_pushvalue(lua_State *L, const vl_state *st, const vl_value *v);

/* Registers the vars and id metatables and adds `id` to the table on top of the stack. */
void vl_lua_open_vars(lua_State *L);

/* The user value slot of a userdata: one Lua value kept alive with it (a table on LuaJIT's
** fenv, the first user value on Lua 5.4). */
void vl_lua_setuservalue(lua_State *L, int ud);   /* pops the value */
void vl_lua_getuservalue(lua_State *L, int ud);   /* pushes it (nil when unset) */

#endif
