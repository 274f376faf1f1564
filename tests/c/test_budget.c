/*
** test_budget.c -- the byte-budget allocator: counting, refusing growth, never refusing a
** shrink, and the type tag Lua passes as osize for a new block; calls into untrusted code:
** nesting, instruction counting, the growth limit, a memory overrun that stays, the
** instructions allocation costs, and the room left.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "volley/budget.h"

static void counts_allocations_and_frees(void **state) {
  vl_budget b;
  void *p, *q;
  (void)state;
  vl_budget_init(&b, 0, 0);
  p = vl_budget_alloc(&b, NULL, 5 /* a type tag, not a size */, 100);
  assert_non_null(p);
  assert_int_equal(b.mem_used, 100);
  q = vl_budget_alloc(&b, p, 100, 300);
  assert_non_null(q);
  assert_int_equal(b.mem_used, 300);
  assert_int_equal(b.mem_peak, 300);
  q = vl_budget_alloc(&b, q, 300, 50);
  assert_int_equal(b.mem_used, 50);
  assert_null(vl_budget_alloc(&b, q, 50, 0));
  assert_int_equal(b.mem_used, 0);
  assert_int_equal(b.mem_peak, 300);
}

static void refuses_growth_past_the_limit_and_keeps_the_block(void **state) {
  vl_budget b;
  void *p;
  (void)state;
  vl_budget_init(&b, 1000, 0);
  p = vl_budget_alloc(&b, NULL, 0, 600);
  assert_non_null(p);
  assert_null(vl_budget_alloc(&b, p, 600, 1200));  /* would hold 1200 > 1000 */
  assert_int_equal(b.mem_refused, 1);
  assert_int_equal(b.mem_used, 600);               /* the old block is still counted */
  assert_null(vl_budget_alloc(&b, NULL, 0, 500));  /* 600 + 500 > 1000 */
  p = vl_budget_alloc(&b, p, 600, 10);             /* a shrink always succeeds */
  assert_non_null(p);
  assert_int_equal(b.mem_used, 10);
  vl_budget_alloc(&b, p, 10, 0);
  assert_int_equal(b.mem_used, 0);
}

static void huge_requests_do_not_wrap_around(void **state) {
  vl_budget b;
  (void)state;
  vl_budget_init(&b, 1000, 0);
  assert_null(vl_budget_alloc(&b, NULL, 0, (size_t)-1));
  assert_int_equal(b.mem_used, 0);
}

static void nested_calls_share_one_budget(void **state) {
  vl_budget b;
  (void)state;
  vl_budget_init(&b, 0, 1000);
  assert_int_equal(vl_budget_enter(&b), 1);
  assert_int_equal(vl_budget_count(&b, 600), VL_BUDGET_OK);
  assert_int_equal(vl_budget_enter(&b), 0);       /* nested: no new budget */
  assert_int_equal(vl_budget_count(&b, 300), VL_BUDGET_OK);
  assert_int_equal(vl_budget_leave(&b), 0);
  assert_int_equal(vl_budget_count(&b, 200), VL_BUDGET_INSTR);  /* 1100 > 1000 */
  assert_int_equal(vl_budget_count(&b, 1), VL_BUDGET_INSTR);    /* and it stays over */
  assert_int_equal(vl_budget_leave(&b), 1);
  assert_int_equal(b.call.depth, 0);
  assert_int_equal(vl_budget_count(&b, 5000), VL_BUDGET_OK);   /* no call: not counted */
  assert_int_equal(vl_budget_enter(&b), 1);       /* a new call starts from zero */
  assert_int_equal(b.call.instr_used, 0);
  assert_int_equal(b.call.over, VL_BUDGET_OK);
  vl_budget_leave(&b);
  assert_int_equal(vl_budget_leave(&b), 0);       /* leaving with no call is harmless */
}

static void a_call_may_grow_the_state_by_its_limit(void **state) {
  vl_budget b;
  void *keep, *p, *q;
  (void)state;
  vl_budget_init(&b, 0, 0);
  b.call_mem_limit = 1000;
  keep = vl_budget_alloc(&b, NULL, 0, 5000);      /* held before the call: not counted */
  vl_budget_enter(&b);
  assert_int_equal(b.call.mem_base, 5000);
  assert_int_equal(vl_budget_room(&b), 1000);
  p = vl_budget_alloc(&b, NULL, 0, 700);
  assert_non_null(p);
  assert_null(vl_budget_alloc(&b, NULL, 0, 400));  /* 700 + 400 > 1000 */
  assert_int_equal(b.call.over, VL_BUDGET_MEM);
  assert_int_equal(b.refused_limit, 1000);
  assert_null(vl_budget_alloc(&b, NULL, 0, 10));   /* over: every growth is refused */
  q = vl_budget_alloc(&b, p, 700, 100);            /* a shrink still succeeds */
  assert_non_null(q);
  assert_int_equal(b.call.mem_grown, 700);
  vl_budget_leave(&b);
  p = vl_budget_alloc(&b, NULL, 0, 2000);          /* outside a call: no call limit */
  assert_non_null(p);
  vl_budget_alloc(&b, p, 2000, 0);
  vl_budget_alloc(&b, q, 100, 0);
  vl_budget_alloc(&b, keep, 5000, 0);
  assert_int_equal(b.mem_used, 0);
}

static void the_state_limit_refuses_inside_a_call_too(void **state) {
  vl_budget b;
  void *p;
  (void)state;
  vl_budget_init(&b, 1000, 0);
  b.call_mem_limit = 5000;
  vl_budget_enter(&b);
  assert_int_equal(vl_budget_room(&b), 1000);     /* the smaller of the two */
  p = vl_budget_alloc(&b, NULL, 0, 900);
  assert_null(vl_budget_alloc(&b, NULL, 0, 200));
  assert_int_equal(b.refused_limit, 1000);
  assert_int_equal(b.call.over, VL_BUDGET_MEM);
  vl_budget_leave(&b);
  vl_budget_alloc(&b, p, 900, 0);
}

static void allocation_costs_instructions_in_a_call(void **state) {
  vl_budget b;
  void *p;
  (void)state;
  vl_budget_init(&b, 0, 1000);
  vl_budget_enter(&b);
  p = vl_budget_alloc(&b, NULL, 0, 64 * 500);
  assert_int_equal(b.call.instr_used, 500);
  p = vl_budget_alloc(&b, p, 64 * 500, 64 * 1100);  /* grows by 600 x 64 bytes */
  assert_int_equal(b.call.instr_used, 1100);
  assert_int_equal(vl_budget_count(&b, 0), VL_BUDGET_INSTR);
  vl_budget_leave(&b);
  vl_budget_alloc(&b, p, 64 * 1100, 0);
}

static void no_limit_leaves_all_the_room(void **state) {
  vl_budget b;
  (void)state;
  vl_budget_init(&b, 0, 0);
  assert_true(vl_budget_room(&b) == (size_t)-1);
  vl_budget_enter(&b);
  assert_true(vl_budget_room(&b) == (size_t)-1);
  vl_budget_leave(&b);
}

/* A leave whose nested entry never left still ends the call (issue 31, finding 3). */
static void leaving_a_level_closes_what_was_left_open_above_it(void **state) {
  vl_budget b;
  (void)state;
  vl_budget_init(&b, 0, 0);
  assert_int_equal(vl_budget_enter(&b), 1);
  assert_int_equal(b.call.depth, 1);             /* the outer call's level */
  vl_budget_enter(&b);                           /* a nested entry ... */
  vl_budget_enter(&b);                           /* ... and one inside it, never left */
  assert_int_equal(vl_budget_leave_level(&b, 2), 0);  /* closes 3 and 2 */
  assert_int_equal(b.call.depth, 1);
  assert_int_equal(vl_budget_leave_level(&b, 1), 1);  /* the call ends */
  assert_int_equal(b.call.depth, 0);
  assert_int_equal(vl_budget_leave_level(&b, 1), 0);  /* closed already: left alone */
  vl_budget_enter(&b);
  assert_int_equal(vl_budget_leave_level(&b, 2), 0);  /* a level never made */
  assert_int_equal(b.call.depth, 1);
  vl_budget_leave(&b);
}

/* Lua 5.4 asks again after an emergency collection: a refusal is undone when the same
** request then passes, and stands when anything else comes next. */
static void a_request_asked_again_after_a_collection_may_pass(void **state) {
  vl_budget b;
  void *garbage, *p;
  (void)state;
  vl_budget_init(&b, 0, 0);
  b.call_mem_limit = 1000;
  vl_budget_enter(&b);
  garbage = vl_budget_alloc(&b, NULL, 0, 700);
  assert_null(vl_budget_alloc(&b, NULL, 4, 400));  /* 700 + 400 > 1000 */
  assert_int_equal(b.call.over, VL_BUDGET_MEM);
  vl_budget_alloc(&b, garbage, 700, 0);            /* the collection frees it */
  p = vl_budget_alloc(&b, NULL, 4, 400);           /* the same request, again */
  assert_non_null(p);
  assert_int_equal(b.call.over, VL_BUDGET_OK);
  garbage = vl_budget_alloc(&b, NULL, 0, 500);
  assert_null(vl_budget_alloc(&b, NULL, 4, 200));  /* refused ... */
  assert_null(vl_budget_alloc(&b, NULL, 4, 10));   /* ... and something else asked next */
  vl_budget_alloc(&b, garbage, 500, 0);
  assert_null(vl_budget_alloc(&b, NULL, 4, 200));  /* over stays: every growth refused */
  assert_int_equal(b.call.over, VL_BUDGET_MEM);
  vl_budget_leave(&b);
  vl_budget_alloc(&b, p, 400, 0);
  assert_int_equal(b.mem_used, 0);
}

/* What the budget told a host: the budget first, so the callback finds the count. */
struct probe {
  vl_budget b;
  int told;
};

static void tell(vl_budget *b) {
  ((struct probe *)b)->told++;
}

/* A soft call limit (LuaJIT) lets growth through, unsettled, until the host collects. */
static void a_soft_limit_is_settled_after_a_collection(void **state) {
  struct probe pr;
  vl_budget *b = &pr.b;
  void *p, *q;
  (void)state;
  vl_budget_init(b, 10000, 0);
  pr.told = 0;
  b->call_mem_limit = 1000;
  b->soft_call_limit = 1;
  b->on_unsettled = tell;
  vl_budget_enter(b);
  p = vl_budget_alloc(b, NULL, 0, 800);
  q = vl_budget_alloc(b, NULL, 0, 800);            /* past the call's limit: let through */
  assert_non_null(q);
  assert_true(b->call.unsettled);
  assert_int_equal(b->call.over, VL_BUDGET_OK);
  assert_int_equal(pr.told, 1);
  vl_budget_alloc(b, p, 800, 0);                   /* garbage, collected */
  assert_int_equal(vl_budget_settle(b), VL_BUDGET_OK);
  assert_false(b->call.unsettled);
  p = vl_budget_alloc(b, NULL, 0, 900);            /* kept: 1700 */
  assert_int_equal(pr.told, 2);
  assert_int_equal(vl_budget_settle(b), VL_BUDGET_MEM);
  assert_int_equal(b->refused_limit, 1000);
  assert_null(vl_budget_alloc(b, NULL, 0, 10));    /* over: refused */
  vl_budget_leave(b);
  assert_null(vl_budget_alloc(b, NULL, 0, 20000)); /* the state's limit is never soft */
  vl_budget_alloc(b, p, 900, 0);
  vl_budget_alloc(b, q, 800, 0);
  assert_int_equal(b->mem_used, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(counts_allocations_and_frees),
    cmocka_unit_test(refuses_growth_past_the_limit_and_keeps_the_block),
    cmocka_unit_test(huge_requests_do_not_wrap_around),
    cmocka_unit_test(nested_calls_share_one_budget),
    cmocka_unit_test(a_call_may_grow_the_state_by_its_limit),
    cmocka_unit_test(the_state_limit_refuses_inside_a_call_too),
    cmocka_unit_test(allocation_costs_instructions_in_a_call),
    cmocka_unit_test(no_limit_leaves_all_the_room),
    cmocka_unit_test(leaving_a_level_closes_what_was_left_open_above_it),
    cmocka_unit_test(a_request_asked_again_after_a_collection_may_pass),
    cmocka_unit_test(a_soft_limit_is_settled_after_a_collection),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
