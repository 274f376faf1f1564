/*
** budget.c -- the byte-counting allocator of engine-owned Lua states.
*/
#include "volley/budget.h"

#include <stdlib.h>

void vl_budget_init(vl_budget *b, size_t mem_limit, unsigned long instr_limit) {
  b->mem_used = 0;
  b->mem_peak = 0;
  b->mem_limit = mem_limit;
  b->instr_used = 0;
  b->instr_limit = instr_limit;
  b->mem_refused = 0;
}

void *vl_budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  vl_budget *b = ud;
  size_t old = ptr ? osize : 0;  /* with no block, osize is a type tag */
  void *q;
  if (nsize == 0) {
    free(ptr);
    b->mem_used -= old;
    return NULL;
  }
  if (nsize > old && b->mem_limit != 0 &&
      (nsize - old > b->mem_limit || b->mem_used + (nsize - old) > b->mem_limit)) {
    b->mem_refused = 1;
    return NULL;
  }
  q = realloc(ptr, nsize);
  if (q == NULL) {
    if (nsize > old) return NULL;  /* growth failed: Lua raises a memory error */
    return ptr;                    /* a shrink may keep the old block; Lua needs success */
  }
  b->mem_used = b->mem_used - old + nsize;
  if (b->mem_used > b->mem_peak) b->mem_peak = b->mem_used;
  return q;
}
