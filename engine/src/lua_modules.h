/*
** lua_modules.h -- the parts of `volley.core`, one lua_<module>.c each. Each function pushes
** its sub-table (or fills the module table on top of the stack) and returns 1.
*/
#ifndef VOLLEY_LUA_MODULES_H
#define VOLLEY_LUA_MODULES_H

#include "lua_compat.h"

/* lua_vm.c: engine-owned states, `volley.core.new_state{mem=, instr=}`. Adds new_state
** to the module table on top of the stack. */
void vl_lua_open_vm(lua_State *L);

/* lua_dice.c: `volley.core.dice`, the engine's dice. Adds the sub-table dice to the module
** table on top of the stack. */
void vl_lua_open_dice(lua_State *L);

/* The module's entry point (lua_core.c). */
int luaopen_volley_core(lua_State *L);

#endif
