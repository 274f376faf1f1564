/*
** lua_modules.h -- the parts of `volley.core`, one lua_<module>.c each. Each function pushes
** its sub-table (or fills the module table on top of the stack) and returns 1.
*/
#ifndef VOLLEY_LUA_MODULES_H
#define VOLLEY_LUA_MODULES_H

#include "lua_compat.h"
#include "volley/error.h"
#include "volley/dice.h"
#include "volley/hex.h"
#include "volley/map.h"

/* lua_vm.c: engine-owned states, `volley.core.new_state{mem=, instr=}`. Adds new_state
** to the module table on top of the stack. */
void vl_lua_open_vm(lua_State *L);

/* lua_dice.c: `volley.core.dice`, the engine's dice. Adds the sub-table dice to the module
** table on top of the stack. */
void vl_lua_open_dice(lua_State *L);
/* Pushes a "volley.dice" for dice another userdata owns (a store's: state.h), at index owner:
** it keeps the owner alive and asks get(L, owner_index) for the dice at every call (NULL
** when the owner is closed, which the methods then raise). */
typedef vl_dice *(*vl_lua_dice_getter)(lua_State *L, int owner);
void vl_lua_pushdice_of(lua_State *L, int owner, vl_lua_dice_getter get);

/* lua_hex.c: `volley.core.hex` (docs/hex.md). Adds the field hex to the module table on top
** of the stack. The helpers let other bindings take and give hexes the same way: a hex
** argument is a label or a {q=, r=} value (raising Lua's argument errors), a hex result is a
** label, or a {q=, r=} value for a hex without one; a grid argument is a "volley.grid". */
void vl_lua_open_hex(lua_State *L);
vl_hex vl_lua_checkhex(lua_State *L, int arg, const vl_grid *g);
void vl_lua_pushhex(lua_State *L, const vl_grid *g, vl_hex h);
const vl_grid *vl_lua_checkgrid(lua_State *L, int arg);

/* lua_map.c: `volley.core.map` (maps from map.ini). Adds the sub-table map. The helpers: a
** "volley.map" argument (Lua's argument errors, also for a closed map); the map of a
** "volley.map" at idx (NULL when it is not one or is closed); the error table
** {file=, line=, msg=} every loader returns after nil (`tostring` gives "file:line: msg"). */
void vl_lua_open_map(lua_State *L);
const vl_map *vl_lua_checkmap(lua_State *L, int arg);
const vl_map *vl_lua_tomap(lua_State *L, int idx);
void vl_lua_pusherror(lua_State *L, const vl_error *e);

/* lua_state.c: `volley.core.state` (docs/state.md), the state store. Adds the sub-table state. */
void vl_lua_open_state(lua_State *L);

/* lua_chart.c: `volley.core.chart`, chart sets and lookup (docs/charts.md). Adds the
** sub-table chart. */
void vl_lua_open_chart(lua_State *L);

/* lua_move.c: `volley.core.move` (docs/move.md). Adds the sub-table move. */
void vl_lua_open_move(lua_State *L);
/* lua_save.c: `volley.core.save` (docs/save.md), the save file. Adds the sub-table save. */
void vl_lua_open_save(lua_State *L);

/* lua_los.c: `volley.core.los` (docs/los.md). Adds the sub-table los. */
void vl_lua_open_los(lua_State *L);
/* lua_scenario.c: `volley.core.scenario` (docs/scenarios.md). Adds the sub-table scenario. */
void vl_lua_open_scenario(lua_State *L);

/* lua_sandbox.c: `volley.core.sandbox`, the C half of scripts/volley/sandbox.lua
** (docs/modding.md). Adds the sub-table sandbox. */
void vl_lua_open_sandbox(lua_State *L);
void vl_lua_open_text(lua_State *L);
void vl_lua_pushclean(lua_State *L, int idx);   /* the string at idx, printable (lua_text.c) */

/* The module's entry point (lua_core.c). */
int luaopen_volley_core(lua_State *L);

#endif
