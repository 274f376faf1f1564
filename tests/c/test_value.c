/*
** test_value.c -- the value tree of game.vars: sorted maps, lists, deep copies that share
** nothing, equality, and the integer bounds both VMs can hold.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "volley/value.h"

static void maps_keep_keys_sorted_bytewise(void **state) {
  vl_value *m = vl_value_map();
  const char *keys[] = {"withdrawal", "BL", "alert", "b", "a", "ab"};
  const char *sorted[] = {"BL", "a", "ab", "alert", "b", "withdrawal"};
  size_t i, len;
  (void)state;
  for (i = 0; i < 6; i++)
    assert_int_equal(vl_map_set(m, keys[i], strlen(keys[i]), vl_value_int((int64_t)i)), VL_OK);
  assert_int_equal(vl_map_len(m), 6);
  for (i = 0; i < 6; i++) {
    const char *k = vl_map_key(m, i, &len);
    assert_string_equal(k, sorted[i]);
    assert_int_equal(len, strlen(sorted[i]));
  }
  assert_int_equal(vl_value_get_int(vl_map_get(m, "a", 1)), 4);
  /* replacing keeps one key */
  assert_int_equal(vl_map_set(m, "a", 1, vl_value_bool(1)), VL_OK);
  assert_int_equal(vl_map_len(m), 6);
  assert_int_equal(vl_value_type(vl_map_get(m, "a", 1)), VL_V_BOOL);
  assert_int_equal(vl_map_remove(m, "ab", 2), 1);
  assert_int_equal(vl_map_remove(m, "ab", 2), 0);
  assert_null(vl_map_get(m, "ab", 2));
  assert_string_equal(vl_map_key(m, 2, NULL), "alert");
  assert_null(vl_map_key(m, 5, NULL));
  vl_value_free(m);
}

static void copies_share_nothing(void **state) {
  vl_value *m = vl_value_map(), *list = vl_value_list(), *c;
  vl_hex h = {31, 7};
  (void)state;
  assert_int_equal(vl_list_push(list, vl_value_hex(h)), VL_OK);
  assert_int_equal(vl_list_push(list, vl_value_str("Twiggs", 6)), VL_OK);
  assert_int_equal(vl_list_push(list, vl_value_ref(VL_V_UNIT, 12)), VL_OK);
  assert_int_equal(vl_map_set(m, "path", 4, list), VL_OK);
  assert_int_equal(vl_map_set(m, "bl", 2, vl_value_int(-7)), VL_OK);
  c = vl_value_copy(m);
  assert_non_null(c);
  assert_true(vl_value_equal(m, c));
  /* change the original deep down: the copy keeps its own */
  assert_int_equal(vl_list_push(vl_map_get(m, "path", 4), vl_value_int(1)), VL_OK);
  assert_false(vl_value_equal(m, c));
  assert_int_equal(vl_list_len(vl_map_get(c, "path", 4)), 3);
  assert_int_equal(vl_value_get_ref(vl_list_at(vl_map_get(c, "path", 4), 2)), 12);
  assert_int_equal(vl_value_get_hex(vl_list_at(vl_map_get(c, "path", 4), 0)).q, 31);
  assert_string_equal(vl_value_get_str(vl_list_at(vl_map_get(c, "path", 4), 1), NULL), "Twiggs");
  assert_null(vl_list_at(vl_map_get(c, "path", 4), 3));
  assert_true(vl_value_bytes(c) > 0);
  vl_value_free(m);
  vl_value_free(c);
}

static void equality_tells_types_apart(void **state) {
  vl_value *a = vl_value_int(3), *b = vl_value_ref(VL_V_UNIT, 3), *c = vl_value_ref(VL_V_SPACE, 3);
  vl_value *d = vl_value_int(3), *e = vl_value_str("3", 1);
  (void)state;
  assert_false(vl_value_equal(a, b));
  assert_false(vl_value_equal(b, c));
  assert_false(vl_value_equal(a, e));
  assert_true(vl_value_equal(a, d));
  assert_null(vl_value_ref(VL_V_INT, 3));
  vl_value_free(a);
  vl_value_free(b);
  vl_value_free(c);
  vl_value_free(d);
  vl_value_free(e);
}

/* 2^53 is the largest integer LuaJIT's numbers hold exactly: the store goes no further. */
static void integers_stop_at_two_to_the_53(void **state) {
  vl_value *v;
  (void)state;
  assert_true(vl_value_int_ok(INT64_C(9007199254740992)));
  assert_false(vl_value_int_ok(INT64_C(9007199254740993)));
  assert_false(vl_value_int_ok(-INT64_C(9007199254740993)));
  assert_null(vl_value_int(INT64_C(9007199254740993)));
  v = vl_value_int(-INT64_C(9007199254740992));
  assert_non_null(v);
  assert_true(vl_value_get_int(v) == -INT64_C(9007199254740992));
  vl_value_free(v);
}

static void wrong_containers_are_refused_and_items_freed(void **state) {
  vl_value *i = vl_value_int(1);
  (void)state;
  assert_int_equal(vl_list_push(i, vl_value_int(2)), VL_EINVAL);  /* the item is freed */
  assert_int_equal(vl_map_set(i, "k", 1, vl_value_int(2)), VL_EINVAL);
  assert_int_equal(vl_list_len(i), 0);
  assert_int_equal(vl_map_len(i), 0);
  assert_null(vl_map_get(i, "k", 1));
  vl_value_free(i);
  vl_value_free(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(maps_keep_keys_sorted_bytewise),
    cmocka_unit_test(copies_share_nothing),
    cmocka_unit_test(equality_tells_types_apart),
    cmocka_unit_test(integers_stop_at_two_to_the_53),
    cmocka_unit_test(wrong_containers_are_refused_and_items_freed),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
