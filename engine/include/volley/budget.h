/*
** budget.h -- the memory and instruction budget of an engine-owned Lua state.
** vl_budget_alloc has the shape of a lua_Alloc and takes the budget as its ud, so the
** budget is the allocator's user data and a count hook can fetch it with lua_getallocf
** (DESIGN.md principle 9; STYLE.md section 3). This module does not include lua.h:
** the instruction counting itself is done by the hook in lua_vm.c.
*/
#ifndef VOLLEY_BUDGET_H
#define VOLLEY_BUDGET_H

#include <stddef.h>

typedef struct vl_budget {
  size_t mem_used;              /* bytes the state holds now */
  size_t mem_peak;              /* the most it has held */
  size_t mem_limit;             /* refuse growth past this many bytes; 0 = no limit */
  unsigned long instr_used;     /* VM instructions counted since the last reset */
  unsigned long instr_limit;    /* raise past this many; 0 = no limit */
  int mem_refused;              /* set when a growth was refused: the reason for an error */
} vl_budget;

/* Initialises b with the two limits (bytes, VM instructions; 0 = unlimited). */
void vl_budget_init(vl_budget *b, size_t mem_limit, unsigned long instr_limit);

/* A lua_Alloc: ud is a vl_budget. Frees when nsize is 0 (returns NULL); otherwise grows or
** shrinks ptr to nsize bytes. When ptr is NULL, osize is Lua's type tag, not a size, and
** counts as 0. A growth that would take mem_used past mem_limit returns NULL (Lua then raises
** "not enough memory") and sets mem_refused; a shrink never fails. */
void *vl_budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

#endif
