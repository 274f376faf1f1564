/*
** test_roster_bounds.c -- an order of battle at its bounds (units.h VL_ROSTER_*_MAX): the
** index of ids that replaced the linear duplicate scan finds every id across its growth, a
** duplicate anywhere is still refused at its line, the entry past the bound is refused with
** a message naming it, places stay sorted, and provisional values keep their order. Also the
** confinement of a folder's files (path.h vl_path_inside) that scenarios, maps and charts use.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "volley/path.h"
#include "volley/state.h"

#include "state_fixture.h"

static vl_schema *schema(void) {
  vl_schema *s = vl_schema_new("demo");
  vl_facing_model none = mk(VL_FACING_NONE, "FFFFFF");
  vl_error err;
  assert_non_null(s);
  OK(vl_schema_add_level(s, "army", &err));
  OK(vl_schema_add_level(s, "brigade", &err));
  OK(vl_schema_add_model(s, "none", &none, NULL, &err));
  OK(vl_schema_add_type(s, "infantry", VL_CLASS_COMBAT, "none", 0, NULL, &err));
  OK(vl_schema_add_type(s, "leader", VL_CLASS_LEADER, "none", 0, NULL, &err));
  return s;
}

static void units_up_to_the_bound_then_refused(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  char id[32];
  int i;
  (void)state;
  OK(vl_roster_add_side(r, "A", &err));
  OK(vl_roster_add_command(r, "army", NULL, "A", "army", NULL, 1, &err));
  for (i = 0; i < VL_ROSTER_UNITS_MAX; i++) {
    snprintf(id, sizeof id, "u%d", i);
    OK(vl_roster_add_unit(r, i % 100 == 0, id, NULL, "A", i % 100 == 0 ? "leader" : "infantry",
                          "army", 10 + i, &err));
    if (i % 997 == 0) {   /* every id so far is found while the index grows */
      assert_int_equal(vl_roster_find_unit(r, id), i);
      assert_int_equal(vl_roster_find_unit(r, "u0"), 0);
    }
  }
  assert_int_equal(vl_roster_find_unit(r, "nobody"), -1);
  /* a duplicate of an early id, long after the index grew, is still refused at its line */
  assert_int_equal(vl_roster_add_unit(r, 0, "u5", NULL, "A", "infantry", NULL, 99999, &err),
                   VL_EPARSE);
  assert_int_equal(err.line, 99999);
  assert_string_equal(err.msg, "unit id 'u5' is already taken");
  assert_int_equal(vl_roster_add_unit(r, 1, "one-more", NULL, "A", "leader", NULL, 7, &err),
                   VL_EPARSE);
  assert_string_equal(err.file, "oob.ini");
  assert_int_equal(err.line, 7);
  assert_string_equal(err.msg, "leader one-more: more than 20000 units and leaders (the bound "
                               "of an order of battle, far above any battle's)");
  OK(vl_roster_finish(r, &err));
  assert_int_equal(vl_roster_unit_count(r), VL_ROSTER_UNITS_MAX);
  assert_string_equal(vl_roster_unit(r, vl_roster_find_unit(r, "u12345"))->id, "u12345");
  assert_int_equal(vl_roster_unit(r, vl_roster_find_unit(r, "u12345"))->line, 10 + 12345);
  vl_roster_free(r);
  vl_schema_free(s);
}

static void commands_resolve_through_the_index(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  char id[32], parent[32];
  int i;
  (void)state;
  OK(vl_roster_add_side(r, "A", &err));
  OK(vl_roster_add_command(r, "army", NULL, "A", "army", NULL, 1, &err));
  for (i = 0; i < 3000; i++) {
    snprintf(id, sizeof id, "b%d", i);
    OK(vl_roster_add_command(r, id, NULL, "A", "brigade", "army", 2 + i, &err));
  }
  assert_int_equal(vl_roster_add_command(r, "b17", NULL, "A", "brigade", "army", 5000, &err),
                   VL_EPARSE);
  assert_string_equal(err.msg, "command 'b17' is declared twice");
  for (i = 0; i < 3000; i++) {   /* each unit names its brigade: resolved at finish */
    snprintf(id, sizeof id, "u%d", i);
    snprintf(parent, sizeof parent, "b%d", 2999 - i);
    OK(vl_roster_add_unit(r, 0, id, NULL, "A", "infantry", parent, 6000 + i, &err));
  }
  OK(vl_roster_finish(r, &err));
  i = vl_roster_find_unit(r, "u10");
  assert_string_equal(vl_roster_command(r, vl_roster_unit(r, i)->command)->id, "b2989");
  assert_string_equal(vl_roster_command(r, vl_roster_command(r, vl_roster_find_command(r, "b5"))
                                               ->parent)->id, "army");
  vl_roster_free(r);
  vl_schema_free(s);
}

static void places_stay_sorted_and_bounded(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  char id[32];
  int i, kind;
  (void)state;
  for (i = VL_ROSTER_PLACES_MAX - 1; i >= 0; i--) {   /* the worst order for insertion */
    snprintf(id, sizeof id, "t/%05d", i);
    OK(vl_roster_add_place(r, VL_PLACE_SPACE, id, &err));
  }
  assert_int_equal(vl_roster_add_place(r, VL_PLACE_BOX, "t/00042", &err), VL_EINVAL);
  assert_string_equal(err.msg, "place 't/00042' is declared twice");
  assert_int_equal(vl_roster_add_place(r, VL_PLACE_BOX, "reserve", &err), VL_EINVAL);
  assert_string_equal(err.msg, "place reserve: more than 20000 track spaces and boxes");
  assert_int_equal(vl_roster_place_count(r), VL_ROSTER_PLACES_MAX);
  for (i = 0; i < VL_ROSTER_PLACES_MAX; i += 1111) {
    snprintf(id, sizeof id, "t/%05d", i);
    assert_string_equal(vl_roster_place(r, i, &kind), id);
    assert_int_equal(vl_roster_find_place(r, id, &kind), i);
  }
  vl_roster_free(r);
  vl_schema_free(s);
}

static void provisional_values_by_unit_then_line_then_order(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  const vl_provisional *p;
  int b, c;
  (void)state;
  OK(vl_roster_add_side(r, "A", &err));
  b = vl_roster_add_unit(r, 0, "zz", NULL, "A", "infantry", NULL, 3, &err);
  c = vl_roster_add_unit(r, 0, "aa", NULL, "A", "infantry", NULL, 9, &err);
  OK(vl_roster_set_provisional(r, b, NULL, "second", 5, &err));
  OK(vl_roster_set_provisional(r, b, NULL, "first", 4, &err));
  OK(vl_roster_set_provisional(r, c, NULL, "same line, given first", 11, &err));
  OK(vl_roster_set_provisional(r, c, NULL, "same line, given second", 11, &err));
  OK(vl_roster_finish(r, &err));
  assert_int_equal(vl_roster_provisional_count(r), 4);
  p = vl_roster_provisional(r, 0);
  assert_string_equal(p->reason, "same line, given first");
  assert_string_equal(vl_roster_provisional(r, 1)->reason, "same line, given second");
  assert_string_equal(vl_roster_provisional(r, 2)->reason, "first");
  assert_string_equal(vl_roster_provisional(r, 3)->reason, "second");
  vl_roster_free(r);
  vl_schema_free(s);
}

/* A folder with a file, a folder linked inside, and links leading out. */
static void inside_follows_links_only_within_the_folder(void **state) {
  char tmp[] = "/tmp/volley-inside-XXXXXX", p[512], q[512];
  vl_error err;
  FILE *f;
  (void)state;
  assert_non_null(mkdtemp(tmp));
  snprintf(p, sizeof p, "%s/battle", tmp);
  assert_int_equal(mkdir(p, 0755), 0);
  snprintf(p, sizeof p, "%s/battle/map.ini", tmp);
  assert_non_null(f = fopen(p, "w"));
  fclose(f);
  snprintf(p, sizeof p, "%s/outside.lua", tmp);
  assert_non_null(f = fopen(p, "w"));
  fclose(f);
  snprintf(p, sizeof p, "%s/battle/in.ini", tmp);
  assert_int_equal(symlink("map.ini", p), 0);
  snprintf(p, sizeof p, "%s/battle/out.lua", tmp);
  assert_int_equal(symlink("../outside.lua", p), 0);
  snprintf(p, sizeof p, "%s/battle/up", tmp);
  assert_int_equal(symlink("..", p), 0);
  snprintf(p, sizeof p, "%s/battle/loop", tmp);
  assert_int_equal(symlink("loop", p), 0);
  snprintf(q, sizeof q, "%s/battle", tmp);
  snprintf(p, sizeof p, "%s/battle/map.ini", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_OK);
  snprintf(p, sizeof p, "%s/battle/in.ini", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_OK);
  snprintf(p, sizeof p, "%s/battle/out.lua", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_EINVAL);
  assert_string_equal(err.msg, "leads out of the folder");
  snprintf(p, sizeof p, "%s/battle/up/outside.lua", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_EINVAL);
  snprintf(p, sizeof p, "%s/battle/up/battle/map.ini", tmp);   /* out and back in: inside */
  assert_int_equal(vl_path_inside(q, p, &err), VL_OK);
  snprintf(p, sizeof p, "%s/battle/none.ini", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "no such file");
  snprintf(p, sizeof p, "%s/battle/loop", tmp);
  assert_int_equal(vl_path_inside(q, p, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "a loop of symbolic links");
  snprintf(p, sizeof p, "%s/battlefield", tmp);   /* a sibling sharing the folder's prefix */
  assert_int_equal(mkdir(p, 0755), 0);
  assert_int_equal(vl_path_inside(q, p, &err), VL_EINVAL);
  assert_int_equal(vl_path_inside("/", p, &err), VL_OK);
  snprintf(p, sizeof p, "rm -rf '%s'", tmp);
  assert_int_equal(system(p), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(units_up_to_the_bound_then_refused),
    cmocka_unit_test(commands_resolve_through_the_index),
    cmocka_unit_test(places_stay_sorted_and_bounded),
    cmocka_unit_test(provisional_values_by_unit_then_line_then_order),
    cmocka_unit_test(inside_follows_links_only_within_the_folder),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
