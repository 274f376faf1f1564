/*
** test_budget.c -- the byte-budget allocator: counting, refusing growth, never refusing a
** shrink, and the type tag Lua passes as osize for a new block.
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

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(counts_allocations_and_frees),
    cmocka_unit_test(refuses_growth_past_the_limit_and_keeps_the_block),
    cmocka_unit_test(huge_requests_do_not_wrap_around),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
