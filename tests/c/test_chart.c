/*
** test_chart.c -- the chart loaders and the real tables: Rough & Ready's fire, artillery and
** shock tables and Battle of Buena Vista's combat tables looked up cell by cell against the
** rulebooks, shifts clamped at both edges, a scenario layer replacing a system table, and
** every broken file in tests/data/broken/chart_*.ini refused with its file:line.
** Runs from the source tree (ctest's working directory).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/chart.h"

static vl_chart_set *load(const char *dir, vl_error *err) {
  vl_chart_set *s = vl_chart_set_new();
  assert_non_null(s);
  assert_int_equal(vl_chart_set_load_dir(s, dir, "system", err), VL_OK);
  return s;
}

/* The cell at roll in 1-D table name. */
static const char *cell1(const vl_chart_set *s, const char *name, int roll) {
  const vl_chart *t = vl_chart_set_find(s, name);
  vl_chart_result res;
  vl_error err;
  assert_non_null(t);
  assert_int_equal(vl_chart_lookup(t, NULL, 0, roll, &res, &err), VL_OK);
  return res.cell;
}

/* The result of a lookup under a header (NULL: the plain one) with value, shift and roll. */
static vl_chart_result at(const vl_chart_set *s, const char *name, const char *header, int value,
                          int shift, int roll) {
  const vl_chart *t = vl_chart_set_find(s, name);
  vl_chart_pick pick;
  vl_chart_result res;
  vl_error err;
  char buf[600];
  assert_non_null(t);
  memset(&pick, 0, sizeof pick);
  pick.header = header;
  pick.value = value;
  if (vl_chart_lookup(t, &pick, shift, roll, &res, &err) != VL_OK)
    fail_msg("%s", vl_error_format(&err, buf, sizeof buf));
  return res;
}

/* ---- Rough & Ready ---------------------------------------------------------------------- */

/* The Small-Arms Fire Table [rough_and_ready 6.15]: 2 or less Nothing, 3-7 1 Hit, 8+ 2 Hits. */
static void rr_small_arms_fire_table(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  const vl_chart *t = vl_chart_set_find(s, "small_arms_fire");
  (void)state;
  assert_string_equal(vl_chart_title(t), "The Small-Arms Fire Table");
  assert_string_equal(vl_chart_die(t), "d10");
  assert_null(vl_chart_provisional(t));
  assert_string_equal(vl_chart_layer(t), "system");
  assert_string_equal(vl_chart_file(t), "charts/rough_and_ready/fire.ini");
  assert_string_equal(cell1(s, "small_arms_fire", -3), "Nothing");  /* 0, -1 Mexican, -2 range */
  assert_string_equal(cell1(s, "small_arms_fire", 2), "Nothing");
  assert_string_equal(cell1(s, "small_arms_fire", 3), "1 Hit");
  assert_string_equal(cell1(s, "small_arms_fire", 7), "1 Hit");
  assert_string_equal(cell1(s, "small_arms_fire", 8), "2 Hits");
  assert_string_equal(cell1(s, "small_arms_fire", 9), "2 Hits");
  vl_chart_set_free(s);
}

/* Artillery Fire Resolution [rough_and_ready 6.2]: 4 or less, 5-7, 8-10, 11+. */
static void rr_artillery_fire_resolution(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  (void)state;
  assert_string_equal(cell1(s, "artillery_fire", 4), "Nothing");
  assert_string_equal(cell1(s, "artillery_fire", 5),
                      "a. DR; if > Adj Morale = Disorder. b. No Effect on Arty.");
  assert_string_equal(cell1(s, "artillery_fire", 7),
                      "a. DR; if > Adj Morale = Disorder. b. No Effect on Arty.");
  assert_string_equal(cell1(s, "artillery_fire", 8), "All units in hex Disordered");
  assert_string_equal(cell1(s, "artillery_fire", 10), "All units in hex Disordered");
  assert_string_equal(cell1(s, "artillery_fire", 11), "All units in hex Disordered, plus 1 Hit.");
  assert_string_equal(cell1(s, "artillery_fire", 13), "All units in hex Disordered, plus 1 Hit.");
  vl_chart_set_free(s);
}

/* The Artillery Range DRM [rough_and_ready 6.21]: the rule's own 6-pounder example (+2 at 1
** or 2 hexes, none at 3-9, -2 at 10-16, 16 the maximum), and errata E4's 18-pounder. */
static void rr_artillery_range_drm(void **state) {
  static const struct { const char *gun; int range; const char *drm; } want[] = {
    {"6_pounder", 1, "+2"}, {"6_pounder", 2, "+2"}, {"6_pounder", 3, "0"},
    {"6_pounder", 9, "0"}, {"6_pounder", 10, "-2"}, {"6_pounder", 16, "-2"},
    {"2_pounder", 1, "0"}, {"2_pounder", 9, "-2"}, {"4_pounder", 1, "+2"},
    {"4_pounder", 5, "0"}, {"4_pounder", 14, "-2"}, {"8_pounder", 10, "0"},
    {"8_pounder", 11, "-2"}, {"12_lb_howitzer", 3, "+2"}, {"12_lb_howitzer", 8, "-2"},
    {"musketoon", 1, "+2"}, {"musketoon", 4, "0"}, {"musketoon", 8, "-2"},
    {"18_pounder", 3, "+2"}, {"18_pounder", 4, "0"}, {"18_pounder", 11, "0"},
    {"18_pounder", 12, "-2"}, {"18_pounder", 21, "-2"}};
  static const struct { const char *gun; int max; } maxima[] = {
    {"2_pounder", 9}, {"4_pounder", 14}, {"6_pounder", 16}, {"8_pounder", 17},
    {"12_lb_howitzer", 11}, {"musketoon", 8}, {"18_pounder", 21}};
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  const vl_chart *t = vl_chart_set_find(s, "artillery_range_drm");
  vl_chart_pick pick;
  int col;
  size_t i;
  (void)state;
  assert_int_equal(vl_chart_rows(t), 0);
  for (i = 0; i < sizeof want / sizeof want[0]; i++) {
    vl_chart_result res = at(s, "artillery_range_drm", want[i].gun, want[i].range, 0, 0);
    assert_string_equal(res.cell, want[i].drm);
  }
  memset(&pick, 0, sizeof pick);
  for (i = 0; i < sizeof maxima / sizeof maxima[0]; i++) {   /* Max Range: one more is out */
    pick.header = maxima[i].gun;
    pick.value = maxima[i].max;
    assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_OK);
    assert_int_equal(col, 2);
    pick.value = maxima[i].max + 1;
    assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_ENOTFOUND);
  }
  assert_string_equal(err.msg, "table 'artillery_range_drm' has no column for range 22 under "
                               "'18_pounder'");
  pick.header = "2_pounder";                                   /* no +2 band: "NA" */
  pick.value = 0;
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_ENOTFOUND);
  vl_chart_set_free(s);
}

/* The Shock Result Table [rough_and_ready 6.37]: 1 or less 0, 2-5 1, 6-8 2, 9+ 3 Hits. */
static void rr_shock_result_table(void **state) {
  static const struct { int roll; const char *hits; } want[] = {
    {-4, "0"}, {1, "0"}, {2, "1"}, {5, "1"}, {6, "2"}, {8, "2"}, {9, "3"}, {14, "3"}};
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  size_t i;
  (void)state;
  for (i = 0; i < sizeof want / sizeof want[0]; i++)
    assert_string_equal(cell1(s, "shock", want[i].roll), want[i].hits);
  assert_int_equal(vl_chart_set_count(s), 4);          /* terrain.ini is skipped */
  vl_chart_set_free(s);
}

/* ---- Battle of Buena Vista -------------------------------------------------------------- */

/* The victory levels [battle_of_buena_vista 4.3], transcribed: each threshold on both sides. */
static void bv_victory_levels(void **state) {
  static const struct { int vp; const char *level; } want[] = {
    {45, "Decisive Mexican victory"}, {30, "Decisive Mexican victory"},
    {29, "Substantial Mexican victory"}, {11, "Substantial Mexican victory"},
    {10, "Marginal Mexican victory"}, {0, "Marginal Mexican victory"},
    {-1, "Marginal American victory"}, {-10, "Marginal American victory"},
    {-11, "Substantial American victory"}, {-20, "Substantial American victory"},
    {-21, "Decisive American victory"}, {-60, "Decisive American victory"}};
  vl_error err;
  vl_chart_set *s = load("charts/battle_of_buena_vista", &err);
  const vl_chart *t = vl_chart_set_find(s, "victory_level");
  size_t i;
  (void)state;
  assert_null(vl_chart_provisional(t));
  assert_null(vl_chart_die(t));
  for (i = 0; i < sizeof want / sizeof want[0]; i++)
    assert_string_equal(cell1(s, "victory_level", want[i].vp), want[i].level);
  vl_chart_set_free(s);
}

/* The four map tables are designed, and say so with a reason. */
static void bv_map_tables_are_provisional(void **state) {
  static const char *const names[] = {"fire_combat", "rout", "saltillo_combat", "shock_combat"};
  vl_error err;
  vl_chart_set *s = load("charts/battle_of_buena_vista", &err);
  size_t i;
  (void)state;
  for (i = 0; i < 4; i++) {
    const vl_chart *t = vl_chart_set_find(s, names[i]);
    assert_non_null(t);
    assert_non_null(vl_chart_provisional(t));
    assert_non_null(strstr(vl_chart_provisional(t), "printed only on the map"));
    assert_true(vl_chart_provisional_line(t) > vl_chart_line(t));
  }
  vl_chart_set_free(s);
}

/* Shock [battle_of_buena_vista 8.2, 8.3]: the differential's column, shifted and clamped to
** "the limits of the table". */
static void bv_shock_shifts_stop_at_the_table_limits(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/battle_of_buena_vista", &err);
  vl_chart_result r;
  (void)state;
  r = at(s, "shock_combat", NULL, 0, 0, 4);
  assert_string_equal(r.column_label, "0");
  assert_string_equal(r.cell, "·/r");
  r = at(s, "shock_combat", NULL, 0, 2, 4);       /* attacker higher: 2 right */
  assert_string_equal(r.column_label, "+2");
  assert_string_equal(r.cell, "·/R");
  r = at(s, "shock_combat", NULL, 3, 2, 1);       /* +3, 2 right: stops at "+4 or more" */
  assert_string_equal(r.column_label, "+4 or more");
  assert_int_equal(r.shift_applied, 1);
  r = at(s, "shock_combat", NULL, -2, -3, 1);     /* -2, 1 + 2 left: stops at "-3 or less" */
  assert_string_equal(r.column_label, "-3 or less");
  assert_int_equal(r.shift_applied, -1);
  assert_string_equal(r.cell, "R/·");
  r = at(s, "shock_combat", NULL, -9, 0, 6);
  assert_string_equal(r.column_label, "-3 or less");
  r = at(s, "shock_combat", NULL, 12, 0, 6);
  assert_string_equal(r.column_label, "+4 or more");
  vl_chart_set_free(s);
}

/* Fire [battle_of_buena_vista 9.2, 9.4, 9.5]: the firer type's range picks the column,
** shifts move it (left helps the firer) without leaving the table, the die reads 0-6. */
static void bv_fire_by_firer_type_and_range(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/battle_of_buena_vista", &err);
  const vl_chart *t = vl_chart_set_find(s, "fire_combat");
  vl_chart_pick pick;
  vl_chart_result r;
  int col;
  (void)state;
  r = at(s, "fire_combat", "us_artillery", 1, 0, 6);
  assert_string_equal(r.column_label, "A");
  assert_string_equal(r.cell, "2");
  r = at(s, "fire_combat", "us_infantry", 2, -2, 5);    /* firer higher: 2 left, from C to A */
  assert_string_equal(r.column_label, "A");
  assert_string_equal(r.cell, "2");
  r = at(s, "fire_combat", "us_infantry", 2, -5, 5);    /* clamped at A */
  assert_int_equal(r.shift_applied, -2);
  r = at(s, "fire_combat", "mex_infantry", 2, 9, 8);    /* clamped at G; 8 reads "6 or more" */
  assert_string_equal(r.column_label, "G");
  assert_string_equal(r.row_label, "6 or more");
  assert_string_equal(r.cell, "r");
  r = at(s, "fire_combat", "cavalry", 1, 0, -2);
  assert_string_equal(r.row_label, "0 or less");
  assert_string_equal(r.cell, "-");
  memset(&pick, 0, sizeof pick);
  pick.header = "mex_infantry";
  pick.value = 3;                                       /* beyond its maximum range, 2 */
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "table 'fire_combat' has no column for range 3 under "
                               "'mex_infantry'");
  vl_chart_set_free(s);
}

static void bv_rout_by_side(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/battle_of_buena_vista", &err);
  const vl_chart *t = vl_chart_set_find(s, "rout");
  vl_chart_pick pick;
  vl_chart_result r;
  (void)state;
  memset(&pick, 0, sizeof pick);
  pick.name = "MEX";
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 1, &r, &err), VL_OK);
  assert_string_equal(r.cell, "Eliminated");
  pick.name = "US";
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 6, &r, &err), VL_OK);
  assert_string_equal(r.cell, "Buena Vista");
  vl_chart_set_free(s);
}

/* ---- layers and directories ------------------------------------------------------------- */

static void a_scenario_layer_replaces_the_system_table(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  const vl_chart *t;
  (void)state;
  assert_int_equal(vl_chart_set_load_dir(s, "tests/data/charts/layer/charts", "scenario", &err),
                   VL_OK);
  assert_int_equal(vl_chart_set_count(s), 4);
  t = vl_chart_set_find(s, "small_arms_fire");
  assert_string_equal(vl_chart_layer(t), "scenario");
  assert_string_equal(vl_chart_file(t), "tests/data/charts/layer/charts/fire.ini");
  assert_int_equal(vl_chart_line(t), 2);
  assert_string_equal(vl_chart_provisional(t), "a test variant, not the rulebook's");
  assert_int_equal(vl_chart_provisional_line(t), 5);
  assert_string_equal(cell1(s, "small_arms_fire", 3), "Nothing");
  assert_string_equal(vl_chart_layer(vl_chart_set_find(s, "shock")), "system");
  vl_chart_set_free(s);
}

static void directories_fail_as_a_whole(void **state) {
  vl_error err;
  vl_chart_set *s = load("charts/rough_and_ready", &err);
  char buf[600];
  (void)state;
  assert_int_equal(vl_chart_set_load_dir(s, "tests/data/charts/dup", "scenario", &err),
                   VL_EPARSE);
  assert_string_equal(vl_error_format(&err, buf, sizeof buf),
                      "tests/data/charts/dup/b.ini:1: table 'shock_result' is defined twice "
                      "(first at tests/data/charts/dup/a.ini:1)");
  assert_string_equal(vl_chart_layer(vl_chart_set_find(s, "shock")), "system");
  assert_int_equal(vl_chart_set_load_dir(s, "tests/data/charts/none", "scenario", &err),
                   VL_ENOTFOUND);
  assert_string_equal(vl_error_format(&err, buf, sizeof buf),
                      "tests/data/charts/none: cannot open directory (No such file or directory)");
  assert_int_equal(vl_chart_set_count(s), 4);
  vl_chart_set_free(s);
}

/* ---- broken files ------------------------------------------------------------------------ */

static void broken_chart_files_are_refused_with_file_and_line(void **state) {
  static const struct { const char *file; const char *msg; } want[] = {
    {"chart_gap.ini", "7: row '4-7' does not run on from row '2 or less' (rows run on without "
                      "gaps or overlaps, in one direction)"},
    {"chart_cells.ini", "9: row '2' has 4 cells; the table has 3 columns"},
    {"chart_no_source.ini", "2: table 'shock_result' has no source"},
    {"chart_colon.ini", "6: a key cannot contain ':'"},
    {"chart_odds.ini", "7: bad odds '1:2' in column 1 (a-b such as 1-2, 3-1; 'or less' on the "
                       "first column, '+' or 'or more' on the last)"},
    {"chart_header_range.ini", "7: bad strength '9-' in column 3 of 'header' (an integer or a "
                               "range such as 1-2, 6+, 2 or less)"},
    {"chart_unknown_key.ini", "4: unknown key 'dice' in table 'shock_result'"},
    {"chart_provisional.ini", "4: provisional takes a one-line reason, not 'yes'"},
    {"chart_twice.ini", "9: duplicate section [shock_result] (first at line 2)"},
    {"chart_die.ini", "4: bad die '1d10' (d6, d10, 2d6 or d<N>)"},
    {"chart_selector.ini", "8: 'header.8_pounder': '2-10' overlaps or runs against '1-2' (ranges "
                           "under a header rise or fall without overlapping)"},
    {"chart_no_labels.ini", "2: table 'artillery_range_drm' has no rows, so its labels are its "
                            "results: it needs 'labels'"},
    {"chart_empty_cell.ini", "8: empty cell 2 in '1-6'"},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof want / sizeof want[0]; i++) {
    vl_chart_set *s = vl_chart_set_new();
    vl_error err;
    char path[256], buf[600], expect[600];
    snprintf(path, sizeof path, "tests/data/broken/%s", want[i].file);
    snprintf(expect, sizeof expect, "%s:%s", path, want[i].msg);
    assert_int_equal(vl_chart_set_load_file(s, path, "system", &err), VL_EPARSE);
    assert_string_equal(vl_error_format(&err, buf, sizeof buf), expect);
    assert_int_equal(vl_chart_set_count(s), 0);
    vl_chart_set_free(s);
  }
}

static void text_in_memory_loads_as_a_file_would(void **state) {
  static const char text[] =
    "[shock_result]\n"
    "source = [rough_and_ready 6.37]\n"
    "die = d10\n"
    "results = shock\n"
    "header = 0 | 1\n";
  vl_chart_set *s = vl_chart_set_new();
  vl_error err;
  char buf[600];
  (void)state;
  assert_int_equal(vl_chart_set_load_buffer(s, "mem.ini", text, sizeof text - 1, "battle", &err),
                   VL_EPARSE);
  assert_string_equal(vl_error_format(&err, buf, sizeof buf),
                      "mem.ini:5: 'header' needs a columns key (a table without columns has rows "
                      "only)");
  assert_int_equal(vl_chart_set_load_file(s, "tests/data/broken/none.ini", "x", &err), VL_EIO);
  vl_chart_set_free(s);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rr_small_arms_fire_table),
    cmocka_unit_test(rr_artillery_fire_resolution),
    cmocka_unit_test(rr_artillery_range_drm),
    cmocka_unit_test(rr_shock_result_table),
    cmocka_unit_test(bv_victory_levels),
    cmocka_unit_test(bv_map_tables_are_provisional),
    cmocka_unit_test(bv_shock_shifts_stop_at_the_table_limits),
    cmocka_unit_test(bv_fire_by_firer_type_and_range),
    cmocka_unit_test(bv_rout_by_side),
    cmocka_unit_test(a_scenario_layer_replaces_the_system_table),
    cmocka_unit_test(directories_fail_as_a_whole),
    cmocka_unit_test(broken_chart_files_are_refused_with_file_and_line),
    cmocka_unit_test(text_in_memory_loads_as_a_file_would),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
