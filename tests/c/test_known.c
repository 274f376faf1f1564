/*
** test_known.c -- the "(known: ...)" lists of the loaders' refusals (engine/src/known.h):
** sorted, each name once, cut to a readable length with "and N more".
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "known.h"

static void names_are_sorted_and_listed_once(void **state) {
  static const char *const types[] = {"leader", "infantry", "artillery", "infantry"};
  char buf[160];
  (void)state;
  vl_known_list_of(buf, sizeof buf, types, 4);
  assert_string_equal(buf, "artillery, infantry, leader");
  vl_known_list_of(buf, sizeof buf, types, 0);
  assert_string_equal(buf, "none");
}

static const char *every_other(const void *ctx, size_t i) {
  return i % 2 == 0 ? ((const char *const *)ctx)[i] : NULL;
}

static void a_null_name_is_no_choice(void **state) {
  static const char *const fields[] = {"morale", "activation", "ma", "rating"};
  char buf[160];
  (void)state;
  vl_known_list(buf, sizeof buf, fields, 4, every_other);
  assert_string_equal(buf, "ma, morale");
}

static void a_long_list_is_cut(void **state) {
  static const char *const codes[] = {"p", "o", "n", "m", "l", "k", "j", "i", "h", "g", "f",
                                      "e", "d", "c", "b", "a"};
  static const char *const long_names[] = {
    "a-very-long-terrain-name-number-one", "a-very-long-terrain-name-number-two",
    "a-very-long-terrain-name-number-three", "a-very-long-terrain-name-number-four"};
  char buf[160], small[12];
  (void)state;
  vl_known_list_of(buf, sizeof buf, codes, 16);   /* at most 12 names */
  assert_string_equal(buf, "a, b, c, d, e, f, g, h, i, j, k, l and 4 more");
  vl_known_list_of(buf, sizeof buf, long_names, 4);  /* at most 120 bytes of names */
  assert_string_equal(buf, "a-very-long-terrain-name-number-four, a-very-long-terrain-name-number"
                           "-one, a-very-long-terrain-name-number-three and 1 more");
  vl_known_list_of(small, sizeof small, codes, 16);  /* a small buffer is cut, never overrun */
  assert_string_equal(small, "a, b, c, d,");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(names_are_sorted_and_listed_once),
    cmocka_unit_test(a_null_name_is_no_choice),
    cmocka_unit_test(a_long_list_is_cut),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
