/*
** test_path.c -- the data search path: order, empty entries, the share root, lookups.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "volley/path.h"

static void volley_path_entries_come_first_in_order(void **state) {
  vl_path *p = vl_path_new("/a::/b/", "/nowhere/bin/volley", "/src");
  (void)state;
  assert_non_null(p);
  assert_int_equal(vl_path_count(p), 3);  /* empty entry skipped, no share dir at /nowhere */
  assert_string_equal(vl_path_root(p, 0), "/a");
  assert_string_equal(vl_path_root(p, 1), "/b");  /* trailing slash dropped */
  assert_string_equal(vl_path_root(p, 2), "/src");
  assert_null(vl_path_root(p, 3));
  vl_path_free(p);
}

static void share_root_beside_bin_is_used_when_it_exists(void **state) {
  /* tests/data/install/bin/volley -> tests/data/install/share/volley */
  vl_path *p = vl_path_new(NULL, "tests/data/install/bin/volley", NULL);
  (void)state;
  assert_non_null(p);
  assert_int_equal(vl_path_count(p), 1);
  assert_string_equal(vl_path_root(p, 0), "tests/data/install/bin/../share/volley");
  vl_path_free(p);
}

static void find_returns_the_first_root_holding_the_file(void **state) {
  char out[512];
  vl_error err;
  vl_path *p = vl_path_new("/nonexistent-root:.", NULL, "/also-not-there");
  (void)state;
  assert_int_equal(vl_path_find(p, "scripts/volley/init.lua", out, sizeof out, &err), VL_OK);
  assert_string_equal(out, "./scripts/volley/init.lua");
  assert_int_equal(vl_path_find(p, "no/such/file", out, sizeof out, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "no/such/file not found on the data path");
  assert_int_equal(vl_path_find(p, "scripts/volley/init.lua", out, 8, &err), VL_EINVAL);
  assert_string_equal(err.msg, "path too long: scripts/volley/init.lua under every data root "
                      "(/nonexistent-root)");
  vl_path_free(p);
}

/* A $VOLLEY_PATH entry so long that "<entry>/<rel>" passes PATH_MAX is skipped: the roots
** after it are still searched; only a path too long under every root is an error. */
static void an_overlong_root_is_skipped(void **state) {
  static char env[PATH_MAX + 64], out[2 * PATH_MAX];
  char want[200];
  vl_error err;
  vl_path *p;
  size_t i;
  (void)state;
  env[0] = '/';
  for (i = 1; i < PATH_MAX - 8; i++) env[i] = (i % 100 == 0) ? '/' : 'x';
  strcpy(env + i, ":.");
  p = vl_path_new(env, NULL, NULL);
  assert_non_null(p);
  assert_int_equal(vl_path_count(p), 2);
  assert_int_equal(vl_path_find(p, "scripts/volley/init.lua", out, sizeof out, &err), VL_OK);
  assert_string_equal(out, "./scripts/volley/init.lua");
  assert_int_equal(vl_path_find(p, "no/such/file", out, sizeof out, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "no/such/file not found on the data path (1 root skipped: the "
                      "path would be too long)");
  assert_string_equal(out, "");
  vl_path_free(p);
  env[i] = '\0';                                     /* the long root alone */
  p = vl_path_new(env, NULL, NULL);
  assert_non_null(p);
  assert_int_equal(vl_path_find(p, "scripts/volley/init.lua", out, sizeof out, &err), VL_EINVAL);
  snprintf(want, sizeof want, "path too long: scripts/volley/init.lua under every data root "
           "(%.60s...)", env);
  assert_string_equal(err.msg, want);
  vl_path_free(p);
}

static void free_accepts_null(void **state) {
  (void)state;
  vl_path_free(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(volley_path_entries_come_first_in_order),
    cmocka_unit_test(share_root_beside_bin_is_used_when_it_exists),
    cmocka_unit_test(find_returns_the_first_root_holding_the_file),
    cmocka_unit_test(an_overlong_root_is_skipped),
    cmocka_unit_test(free_accepts_null),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
