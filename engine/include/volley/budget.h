/*
** budget.h -- the memory and instruction budget of an engine-owned Lua state.
** vl_budget_alloc has the shape of a lua_Alloc and takes the budget as its ud, so the
** budget is the allocator's user data and a count hook can fetch it with lua_getallocf
** (DESIGN.md principle 9; STYLE.md section 3). This module does not include lua.h: the
** hook that counts instructions and raises lives in lua_sandbox.c.
**
** Two kinds of limit:
** - the state's own: mem_limit bytes held by the state as a whole, always enforced;
** - a call's: while an entry into untrusted code runs ("a call": a chunk's top-level run, a
**   hook, a validator...), it may use instr_limit VM instructions and grow the state by
**   call_mem_limit bytes over what it held when the call began. Nested calls share the
**   outermost call's budget (vl_budget_enter returns whether it began a new one).
** Once a call passes a limit it is "over": the allocator refuses every growth until the call
** ends (a memory overrun cannot be retried in a loop) and the hook raises again and again.
** Lua 5.4 collects garbage when an allocation fails and tries it again: a call made over by
** the refusal is not over after all when that second try passes. LuaJIT has no such emergency collection, so under it the
** call's memory limit is "soft": a growth past it is let through (the state's limit still
** holds) and marked unsettled, and the host collects garbage at its next safe point and then
** asks vl_budget_settle whether what is left still passes the limit. Either way garbage does
** not count against a call.
** Allocations during a call also cost instructions, one per VL_BUDGET_BYTES_PER_INSTR bytes,
** so work done inside single VM instructions (concatenation, string.rep, table.concat) is
** paid for.
*/
#ifndef VOLLEY_BUDGET_H
#define VOLLEY_BUDGET_H

#include <stddef.h>

/* Why a call is over its budget. */
#define VL_BUDGET_OK 0       /* within its budget */
#define VL_BUDGET_INSTR 1    /* instructions spent */
#define VL_BUDGET_MEM 2      /* a growth was refused */
#define VL_BUDGET_TIME 3     /* the time guard fired (set by the hook, never by this module) */

/* Bytes of allocation during a call that cost one instruction. */
#define VL_BUDGET_BYTES_PER_INSTR 64u

/* The call running now (one per engine state at a time; a host saves and restores it when a
** coroutine carrying a call yields and another runs). */
typedef struct vl_budget_call {
  int depth;                    /* nested entries; 0 = no call (trusted code, not counted) */
  int over;                     /* VL_BUDGET_OK, VL_BUDGET_INSTR or VL_BUDGET_MEM */
  unsigned long instr_used;     /* instructions counted in this call */
  size_t mem_base;              /* mem_used when the call began */
  size_t mem_grown;             /* the most the state has grown over mem_base in this call */
  size_t gc_room;               /* collect garbage before the room left falls below this */
  int unsettled;                /* soft limit: grown past call_mem_limit since the last settle */
} vl_budget_call;

typedef struct vl_budget {
  size_t mem_used;              /* bytes the state holds now */
  size_t mem_peak;              /* the most it has held */
  size_t mem_limit;             /* refuse growth past this many bytes; 0 = no limit */
  size_t call_mem_limit;        /* growth over mem_base allowed in a call; 0 = no limit */
  unsigned long instr_limit;    /* instructions allowed in a call; 0 = no limit */
  vl_budget_call call;          /* the call running now */
  int mem_refused;              /* set when a growth was refused (cleared by the caller) */
  size_t refused_limit;         /* the limit that refused it: mem_limit or call_mem_limit */
  int soft_call_limit;          /* let growth pass call_mem_limit until settled (LuaJIT) */
  void (*on_unsettled)(struct vl_budget *b);  /* told when a call becomes unsettled, or NULL */
  struct {                      /* the growth that made a call over, if asked for next */
    int pending;
    const void *ptr;
    size_t osize, nsize;
  } retry;
} vl_budget;

/* Initialises b with the state's memory limit and the call's instruction limit (bytes, VM
** instructions; 0 = unlimited). call_mem_limit starts at 0 (set the field). No call runs. */
void vl_budget_init(vl_budget *b, size_t mem_limit, unsigned long instr_limit);

/* A lua_Alloc: ud is a vl_budget. Frees when nsize is 0 (returns NULL); otherwise grows or
** shrinks ptr to nsize bytes. When ptr is NULL, osize is Lua's type tag, not a size, and
** counts as 0. A growth is refused (NULL, mem_refused set) when it would take mem_used past
** mem_limit or, during a call, the call's growth past call_mem_limit, or when the call is
** already over on memory. A refusal during a call makes it over (VL_BUDGET_MEM); when the next
** growth asked for is the same request and now passes -- Lua 5.4 asks again after an
** emergency collection -- the call is not over after all, so garbage does not end it. With
** soft_call_limit set,
** a growth past call_mem_limit alone is let through and the call marked unsettled instead (on_unsettled, if set, is called then, so the host can settle soon). A
** shrink never fails. */
void *vl_budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* Enters a call. Returns 1 when this began a new call (counters at zero, mem_base the bytes
** held now), 0 when it nests in the running one. */
int vl_budget_enter(vl_budget *b);

/* Leaves one level; the call ends when its depth reaches 0. Returns 1 when it ended. */
int vl_budget_leave(vl_budget *b);

/* Leaves the level a vl_budget_enter made (the depth it left, 1 for a new call): nested levels
** still open above it -- an entry whose leave never ran -- are closed with it, so a lost
** leave cannot keep a call running for later ones. A level already closed is left alone
** (returns 0). Returns 1 when the call ended. */
int vl_budget_leave_level(vl_budget *b, int level);

/* After the host collected garbage: ends the unsettled state of the running call, making it
** over on memory (VL_BUDGET_MEM, refused_limit call_mem_limit) when its growth still passes
** call_mem_limit. Returns the call's state (VL_BUDGET_OK or why it is over). */
int vl_budget_settle(vl_budget *b);

/* Counts n instructions against the running call (none running: nothing) and returns its
** state: VL_BUDGET_OK, or why it is over. */
int vl_budget_count(vl_budget *b, unsigned long n);

/* Bytes the running call may still grow by before a limit refuses it: the smaller of what
** the state's limit and the call's limit leave; (size_t)-1 when neither applies. */
size_t vl_budget_room(const vl_budget *b);

#endif
