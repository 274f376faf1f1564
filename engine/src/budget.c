/*
** budget.c -- the byte-counting allocator of engine-owned Lua states and the accounting of
** calls into untrusted code (budget.h).
*/
#include "volley/budget.h"

#include <stdlib.h>
#include <string.h>

void vl_budget_init(vl_budget *b, size_t mem_limit, unsigned long instr_limit) {
  memset(b, 0, sizeof *b);
  b->mem_limit = mem_limit;
  b->instr_limit = instr_limit;
}

enum { PASSES, REFUSED_BY_STATE, REFUSED_BY_CALL };

/* Whether a growth of delta bytes passes: which limit would refuse it, if any. */
static int refusal(const vl_budget *b, size_t delta) {
  if (b->mem_limit != 0 && (delta > b->mem_limit || b->mem_used + delta > b->mem_limit))
    return REFUSED_BY_STATE;
  if (b->call.depth > 0 && b->call_mem_limit != 0) {
    size_t grown = b->mem_used > b->call.mem_base ? b->mem_used - b->call.mem_base : 0;
    if (delta > b->call_mem_limit || grown + delta > b->call_mem_limit) return REFUSED_BY_CALL;
  }
  return PASSES;
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
  if (nsize > old) {
    /* Lua 5.4 asks again after an emergency collection when a growth is refused: the same
    ** request, next */
    int retry = b->retry.pending && b->retry.ptr == ptr && b->retry.osize == osize &&
                b->retry.nsize == nsize;
    int why = refusal(b, nsize - old);
    size_t limit = why == REFUSED_BY_STATE ? b->mem_limit
                 : why == REFUSED_BY_CALL ? b->call_mem_limit : 0;
    b->retry.pending = 0;
    if (why == REFUSED_BY_CALL && b->soft_call_limit && b->call.over == VL_BUDGET_OK) {
      limit = 0;                           /* garbage may be the cause: settled after a GC */
      if (!b->call.unsettled) {
        b->call.unsettled = 1;
        if (b->on_unsettled != NULL) b->on_unsettled(b);
      }
    }
    if (retry && limit == 0 && b->call.depth > 0 && b->call.over == VL_BUDGET_MEM) {
      b->call.over = VL_BUDGET_OK;         /* the collection made room: not over after all */
      b->mem_refused = 0;
    }
    if (b->call.depth > 0 && b->call.over == VL_BUDGET_MEM && limit == 0)
      limit = b->refused_limit;            /* over on memory: every growth is refused */
    if (limit != 0) {
      b->mem_refused = 1;
      b->refused_limit = limit;
      if (b->call.depth > 0 && b->call.over == VL_BUDGET_OK) {
        b->call.over = VL_BUDGET_MEM;
        if (!retry && !b->soft_call_limit) {  /* undone if the same request then passes */
          b->retry.pending = 1;
          b->retry.ptr = ptr;
          b->retry.osize = osize;
          b->retry.nsize = nsize;
        }
      }
      return NULL;
    }
  }
  q = realloc(ptr, nsize);
  if (q == NULL) {
    if (nsize > old) return NULL;  /* growth failed: Lua raises a memory error */
    return ptr;                    /* a shrink may keep the old block; Lua needs success */
  }
  b->mem_used = b->mem_used - old + nsize;
  if (b->mem_used > b->mem_peak) b->mem_peak = b->mem_used;
  if (b->call.depth > 0 && nsize > old) {
    size_t grown = b->mem_used > b->call.mem_base ? b->mem_used - b->call.mem_base : 0;
    if (grown > b->call.mem_grown) b->call.mem_grown = grown;
    b->call.instr_used += (unsigned long)((nsize - old) / VL_BUDGET_BYTES_PER_INSTR);
  }
  return q;
}

int vl_budget_enter(vl_budget *b) {
  if (b->call.depth++ > 0) return 0;
  b->call.over = VL_BUDGET_OK;
  b->call.instr_used = 0;
  b->call.mem_base = b->mem_used;
  b->call.mem_grown = 0;
  b->call.gc_room = vl_budget_room(b) / 2;
  b->call.unsettled = 0;
  b->retry.pending = 0;
  return 1;
}

int vl_budget_leave(vl_budget *b) {
  if (b->call.depth <= 0) return 0;
  if (--b->call.depth > 0) return 0;
  b->call.over = VL_BUDGET_OK;
  b->call.unsettled = 0;
  return 1;
}

int vl_budget_leave_level(vl_budget *b, int level) {
  if (level <= 0 || b->call.depth < level) return 0;   /* closed already */
  b->call.depth = level;                   /* close what was left open above it */
  return vl_budget_leave(b);
}

int vl_budget_settle(vl_budget *b) {
  if (b->call.depth > 0 && b->call.unsettled) {
    size_t grown = b->mem_used > b->call.mem_base ? b->mem_used - b->call.mem_base : 0;
    b->call.unsettled = 0;
    if (b->call.over == VL_BUDGET_OK && b->call_mem_limit != 0 && grown > b->call_mem_limit) {
      b->call.over = VL_BUDGET_MEM;
      b->mem_refused = 1;
      b->refused_limit = b->call_mem_limit;
    }
  }
  return b->call.depth > 0 ? b->call.over : VL_BUDGET_OK;
}

int vl_budget_count(vl_budget *b, unsigned long n) {
  if (b->call.depth <= 0) return VL_BUDGET_OK;
  b->call.instr_used += n;
  if (b->call.over == VL_BUDGET_OK && b->instr_limit != 0 && b->call.instr_used > b->instr_limit)
    b->call.over = VL_BUDGET_INSTR;
  return b->call.over;
}

size_t vl_budget_room(const vl_budget *b) {
  size_t room = (size_t)-1;
  if (b->mem_limit != 0)
    room = b->mem_used < b->mem_limit ? b->mem_limit - b->mem_used : 0;
  if (b->call.depth > 0 && b->call_mem_limit != 0) {
    size_t grown = b->mem_used > b->call.mem_base ? b->mem_used - b->call.mem_base : 0;
    size_t left = grown < b->call_mem_limit ? b->call_mem_limit - grown : 0;
    if (left < room) room = left;
  }
  return room;
}
