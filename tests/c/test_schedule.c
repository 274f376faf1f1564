/*
** test_schedule.c -- the schedule sections of scenario.ini (issue 35, point 2): [turns] and
** [reinforcements.<SIDE>] admitted, kept as written with their file and line in the schedule
** list (turns first, then each side's arrivals in [sides] order and file order), replaced by
** a variant as [setup.<SIDE>] is; each refusal of their shape at its line, word for word.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/scenario.h"

#define HEAD                                                                          \
  "[scenario]\ntitle = T\nsystem = demo\nmap = map.ini\noob = oob.ini\nprovenance = p\n" \
  "[sides]\norder = A B\n"

static vl_scenario *load(const char *text) {
  vl_error err;
  vl_scenario *s = vl_scenario_load_string(text, "s.ini", &err);
  if (s == NULL) {
    char buf[600];
    fail_msg("%s", vl_error_format(&err, buf, sizeof buf));
  }
  return s;
}

/* The message text refuses with (file:line: message). */
static void refused(const char *text, const char *want) {
  vl_error err;
  char buf[600];
  vl_scenario *s = vl_scenario_load_string(text, "s.ini", &err);
  if (s != NULL) {
    vl_scenario_free(s);
    fail_msg("accepted, wanted: %s", want);
  }
  assert_string_equal(vl_error_format(&err, buf, sizeof buf), want);
}

static void the_schedule_list_keeps_turns_then_sides(void **state) {
  vl_scenario *s = load(HEAD "[reinforcements.B]\nlate = turn 3 at 0101 | B9\n"
                             "[turns]\nlast = 4\n1 = 0800 day\n4 = 1900 night events dark\n"
                             "[reinforcements.A]\nz = turn 2 at 0202 | A8\n"
                             "a = turn 2 at 0203 | A9\n");
  const vl_scenario_item *it;
  (void)state;
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SCHEDULE), 6);
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 0);
  it = vl_scenario_at(s, VL_SCENARIO_SCHEDULE, 0);
  assert_string_equal(it->section, "turns");
  assert_string_equal(it->key, "last");
  assert_true(it->is_int);
  assert_int_equal(it->value, 4);
  assert_int_equal(it->side, -1);
  it = vl_scenario_at(s, VL_SCENARIO_SCHEDULE, 2);
  assert_string_equal(it->key, "4");
  assert_int_equal(it->value, 4);
  assert_string_equal(it->text, "1900 night events dark");
  assert_int_equal(it->line, 14);
  it = vl_scenario_at(s, VL_SCENARIO_SCHEDULE, 3);
  assert_string_equal(it->section, "reinforcements.A");
  assert_string_equal(it->key, "z");  /* file order within a side, not by name */
  assert_int_equal(it->side, 0);
  it = vl_scenario_at(s, VL_SCENARIO_SCHEDULE, 5);
  assert_string_equal(it->key, "late");
  assert_int_equal(it->side, 1);
  assert_string_equal(it->text, "turn 3 at 0101 | B9");
  assert_int_equal(it->line, 10);
  vl_scenario_free(s);
}

static void a_schedule_agrees_with_params_turns(void **state) {
  vl_scenario *s = load(HEAD "[params]\nturns = 5\n[turns]\nlast = 5\n5 = dusk\n");
  (void)state;
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SCHEDULE), 2);
  vl_scenario_free(s);
}

static void bad_schedules_are_refused_at_their_line(void **state) {
  (void)state;
  refused(HEAD "[reinforcements.C]\nx = turn 1 at 0101 | C1\n",
          "s.ini:9: [reinforcements.C]: 'C' is not a side of [sides] order (A B)");
  refused(HEAD "[reinforcements.A]\nx y = turn 1 at 0101 | A1\n",
          "s.ini:10: bad reinforcement key 'x y' ([A-Za-z0-9_./-]+)");
  refused(HEAD "[turns]\nfirst = 1\n",
          "s.ini:10: bad [turns] key 'first' "
          "(a turn number, 1 to 999, or last)");
  refused(HEAD "[turns]\n07 = day\n", "s.ini:10: bad [turns] key '07' "
          "(a turn number, 1 to 999, or last)");
  refused(HEAD "[turns]\n1000 = day\n", "s.ini:10: bad [turns] key '1000' "
          "(a turn number, 1 to 999, or last)");
  refused(HEAD "[turns]\nlast = many\n", "s.ini:10: [turns] last: 'many' is not a turn number");
  refused(HEAD "[turns]\nlast = 0\n",
          "s.ini:10: [turns] last: '0' is not a turn number (1 to 999)");
  refused(HEAD "[turns]\nlast = 3\n4 = night\n", "s.ini:11: [turns] 4: after the last turn (3)");
  refused(HEAD "[params]\nturns = 4\n[turns]\nlast = 3\n",
          "s.ini:12: [turns] last: 3, but [params] turns is 4 (s.ini:10)");
  refused(HEAD "[turns]\n2 =\n", "s.ini:10: '2' in [turns] is empty");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(the_schedule_list_keeps_turns_then_sides),
    cmocka_unit_test(a_schedule_agrees_with_params_turns),
    cmocka_unit_test(bad_schedules_are_refused_at_their_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
