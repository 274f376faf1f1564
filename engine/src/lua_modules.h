/*
** lua_modules.h -- the parts of `volley.core`, one lua_<module>.c each. Each function pushes
** its sub-table (or fills the module table on top of the stack) and returns 1.
*/
#ifndef VOLLEY_LUA_MODULES_H
#define VOLLEY_LUA_MODULES_H

#include "lua_compat.h"
#include "volley/hex.h"

/* lua_vm.c: engine-owned states, `volley.core.new_state{mem=, instr=}`. Adds new_state
** to the module table on top of the stack. */
void vl_lua_open_vm(lua_State *L);

/* lua_dice.c: `volley.core.dice`, the engine's dice. Adds the sub-table dice to the module
** table on top of the stack. */
void vl_lua_open_dice(lua_State *L);

/* lua_hex.c: `volley.core.hex` (docs/hex.md). Adds the field hex to the module table on top
** of the stack. The helpers let other bindings take and give hexes the same way: a hex
** argument is a label or a {q=, r=} value (raising Lua's argument errors), a hex result is a
** label, or a {q=, r=} value for a hex without one; a grid argument is a "volley.grid". */
void vl_lua_open_hex(lua_State *L);
vl_hex vl_lua_checkhex(lua_State *L, int arg, const vl_grid *g);
void vl_lua_pushhex(lua_State *L, const vl_grid *g, vl_hex h);
const vl_grid *vl_lua_checkgrid(lua_State *L, int arg);

/* lua_map.c: `volley.core.map` (maps from map.ini). Adds the sub-table map. The helpers: a
** "volley.map" argument that is open (raising Lua's argument errors), and the open map at a
** stack index or NULL (not a map, or closed). */
void vl_lua_open_map(lua_State *L);
const struct vl_map *vl_lua_checkmap(lua_State *L, int arg);
const struct vl_map *vl_lua_tomap(lua_State *L, int idx);

/* lua_los.c: `volley.core.los` (docs/los.md). Adds the sub-table los. */
void vl_lua_open_los(lua_State *L);

/* The module's entry point (lua_core.c). */
int luaopen_volley_core(lua_State *L);

#endif
