/*
** test_chart_model.c -- the chart model through its building API (vl_chart_reader): tables
** built line by line as an INI parse would feed them, lookup by every axis, shifts clamped at
** both edges, layering, and the reader's all-or-nothing commit. The loaders and the real
** tables are tested in test_chart.c.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "volley/chart.h"

/* One line of a pretend file: a section header (key NULL) or `key = value`; cont marks an
** indented continuation. Lines are numbered from 1 in array order. */
typedef struct line {
  const char *section;
  const char *key;
  const char *value;
  int cont;
} line;

#define SECTION(name) {name, NULL, NULL, 0}
#define KV(k, v) {NULL, k, v, 0}
#define MORE(k, v) {NULL, k, v, 1}

/* Feeds n lines named file into s as layer; commits. Returns the first error code. */
static int feed(vl_chart_set *s, const char *file, const char *layer, const line *l, size_t n,
                vl_error *err) {
  vl_chart_reader *r = vl_chart_reader_new(s, layer);
  size_t i;
  int rc = VL_OK;
  assert_non_null(r);
  for (i = 0; i < n && rc == VL_OK; i++) {
    if (l[i].section != NULL)
      rc = vl_chart_reader_section(r, file, l[i].section, (int)i + 1, err);
    else
      rc = vl_chart_reader_value(r, file, l[i].key, l[i].value, (int)i + 1, l[i].cont, err);
  }
  if (rc == VL_OK) rc = vl_chart_reader_file_end(r, err);
  if (rc == VL_OK) rc = vl_chart_reader_commit(r, err);
  vl_chart_reader_free(r);
  return rc;
}

#define FEED(s, lines, err) feed(s, "t.ini", "system", lines, sizeof lines / sizeof lines[0], err)

/* Expects feeding lines to fail with "t.ini:<line>: <msg>". */
static void refuses(const line *l, size_t n, int at, const char *msg) {
  vl_chart_set *s = vl_chart_set_new();
  vl_error err;
  assert_non_null(s);
  assert_int_equal(feed(s, "t.ini", "system", l, n, &err), VL_EPARSE);
  assert_string_equal(err.file, "t.ini");
  assert_int_equal(err.line, at);
  assert_string_equal(err.msg, msg);
  assert_int_equal(vl_chart_set_count(s), 0);
  vl_chart_set_free(s);
}
#define REFUSES(lines, at, msg) refuses(lines, sizeof lines / sizeof lines[0], at, msg)

/* ---- 1-D ---------------------------------------------------------------------------------- */

static const line SMALL_ARMS[] = {
  SECTION("small_arms_fire"),
  KV("source", "[rough_and_ready 6.15]"),
  KV("die", "d10"),
  KV("results", "fire"),
  KV("2 or less", "Nothing"),
  KV("3-7", "1 Hit"),
  KV("8+", "2 Hits"),
};

static void one_d_rows_take_open_ended_ranges(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_result res;
  vl_error err;
  static const struct { int roll; const char *cell; int row; } want[] = {
    {-7, "Nothing", 0}, {2, "Nothing", 0}, {3, "1 Hit", 1}, {7, "1 Hit", 1}, {8, "2 Hits", 2},
    {19, "2 Hits", 2}};
  size_t i;
  (void)state;
  assert_int_equal(FEED(s, SMALL_ARMS, &err), VL_OK);
  t = vl_chart_set_find(s, "small_arms_fire");
  assert_non_null(t);
  assert_int_equal(vl_chart_columns(t), 0);
  assert_int_equal(vl_chart_rows(t), 3);
  assert_string_equal(vl_chart_die(t), "d10");
  assert_null(vl_chart_provisional(t));
  for (i = 0; i < sizeof want / sizeof want[0]; i++) {
    assert_int_equal(vl_chart_lookup(t, NULL, 0, want[i].roll, &res, &err), VL_OK);
    assert_string_equal(res.cell, want[i].cell);
    assert_int_equal(res.row, want[i].row);
    assert_int_equal(res.column, -1);
    assert_ptr_equal(res.chart, t);
  }
  assert_int_equal(vl_chart_lookup(t, NULL, 1, 5, &res, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'small_arms_fire' has no columns to shift");
  vl_chart_set_free(s);
}

/* ---- 2-D by differential, shifts clamped ---------------------------------------------------- */

static const line SHOCK[] = {
  SECTION("shock"),
  KV("source", "[demo 8.4]"),
  KV("provisional", "designed for the test"),
  KV("die", "d6"),
  KV("results", "shock"),
  KV("columns", "differential"),
  KV("header", "-2 or less | -1 | 0 | +1"),
  MORE("header", "+2 or more"),
  KV("1", "a1 | b1 | c1 | d1 | e1"),
  KV("2-5", "a2 | b2 | c2 | d2 | e2"),
  KV("6", "a6 | b6 | c6 | d6"),
  MORE("6", "e6"),
};

static void shifts_are_clamped_at_both_edges(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_pick pick;
  vl_chart_result res;
  vl_error err;
  (void)state;
  assert_int_equal(FEED(s, SHOCK, &err), VL_OK);
  t = vl_chart_set_find(s, "shock");
  assert_int_equal(vl_chart_columns(t), 5);
  assert_string_equal(vl_chart_provisional(t), "designed for the test");
  assert_int_equal(vl_chart_provisional_line(t), 3);
  assert_int_equal(vl_chart_cell_line(t, 2, 4), 12);    /* "e6", on the continuation */
  memset(&pick, 0, sizeof pick);
  pick.value = 0;                                        /* column "0" */
  assert_int_equal(vl_chart_lookup(t, &pick, 1, 3, &res, &err), VL_OK);
  assert_string_equal(res.cell, "d2");
  assert_string_equal(res.column_label, "+1");
  assert_string_equal(res.row_label, "2-5");
  assert_int_equal(res.base_column, 2);
  assert_int_equal(res.shift_applied, 1);
  pick.value = 1;                                        /* +1, shifted 3 right: clamped */
  assert_int_equal(vl_chart_lookup(t, &pick, 3, 6, &res, &err), VL_OK);
  assert_string_equal(res.cell, "e6");
  assert_int_equal(res.column, 4);
  assert_int_equal(res.shift, 3);
  assert_int_equal(res.shift_applied, 1);
  pick.value = -9;                                       /* "-2 or less", 2 left: clamped */
  assert_int_equal(vl_chart_lookup(t, &pick, -2, 1, &res, &err), VL_OK);
  assert_string_equal(res.cell, "a1");
  assert_int_equal(res.column, 0);
  assert_int_equal(res.shift_applied, 0);
  pick.value = 40;
  assert_int_equal(vl_chart_lookup(t, &pick, -9, 1, &res, &err), VL_OK);
  assert_string_equal(res.cell, "a1");
  assert_int_equal(res.shift_applied, -4);
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 7, &res, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "table 'shock' has no row for 7");
  assert_int_equal(vl_chart_lookup(t, NULL, 0, 1, &res, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'shock' needs a column pick");
  assert_int_equal(vl_chart_lookup_at(t, 4, -10, 6, &res, &err), VL_OK);
  assert_string_equal(res.cell, "a6");
  assert_int_equal(vl_chart_lookup_at(t, 5, 0, 6, &res, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'shock' has no column 6 (it has 5)");
  vl_chart_set_free(s);
}

/* ---- ranges in cells: per-type headers, labels as results ------------------------------------ */

static const line RANGE_DRM[] = {
  SECTION("artillery_range_drm"),
  KV("source", "[rough_and_ready 6.21]"),
  KV("results", "drm"),
  KV("columns", "range"),
  KV("labels", "+2 | 0 | -2"),
  KV("header.2_pounder", "NA | 1-2 | 3-9"),
  KV("header.6_pounder", "1-2 | 3-9 | 10-16"),
};

static void per_type_headers_lead_to_columns(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_pick pick;
  vl_chart_result res;
  vl_error err;
  int col;
  (void)state;
  assert_int_equal(FEED(s, RANGE_DRM, &err), VL_OK);
  t = vl_chart_set_find(s, "artillery_range_drm");
  assert_int_equal(vl_chart_rows(t), 0);
  assert_null(vl_chart_die(t));
  assert_int_equal(vl_chart_headers(t), 2);
  assert_string_equal(vl_chart_header_name(t, 1), "6_pounder");
  memset(&pick, 0, sizeof pick);
  pick.header = "6_pounder";
  pick.value = 10;                        /* [rough_and_ready 6.21]: 10-16 hexes, -2 */
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 0, &res, &err), VL_OK);
  assert_string_equal(res.cell, "-2");
  assert_int_equal(res.row, -1);
  pick.value = 2;
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 0, &res, &err), VL_OK);
  assert_string_equal(res.cell, "+2");
  pick.header = "2_pounder";
  pick.value = 1;
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_OK);
  assert_int_equal(col, 1);
  pick.header = "6_pounder";
  pick.value = 17;                        /* past the maximum range, 16 */
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg,
                      "table 'artillery_range_drm' has no column for range 17 under '6_pounder'");
  pick.header = NULL;
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'artillery_range_drm' needs a header to read the range "
                               "under (2_pounder, 6_pounder)");
  pick.header = "9_pounder";
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'artillery_range_drm' has no header '9_pounder' "
                               "(2_pounder, 6_pounder)");
  vl_chart_set_free(s);
}

/* ---- odds and names ------------------------------------------------------------------------- */

static const line ODDS[] = {
  SECTION("crt"),
  KV("source", "[demo 7.1]"),
  KV("die", "d6"),
  KV("results", "crt"),
  KV("columns", "odds"),
  KV("header", "1-2 | 1-1 | 3-2 | 2-1 | 3-1+"),
  KV("1-6", "A | B | C | D | E"),
};

static const line ODDS_LOW[] = {
  SECTION("crt"),
  KV("source", "[demo 7.1]"),
  KV("die", "d6"),
  KV("results", "crt"),
  KV("columns", "odds"),
  KV("header", "1-3 or less | 1-1 | 2-1"),
  KV("1-6", "A | B | C"),
};

static void odds_round_down_to_the_column_reached(void **state) {
  vl_chart_set *s = vl_chart_set_new(), *low = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_pick pick;
  vl_error err;
  int col;
  static const struct { int a, d, col; } want[] = {
    {5, 10, 0}, {9, 10, 0}, {10, 10, 1}, {14, 10, 1}, {15, 10, 2}, {19, 10, 2}, {2, 1, 3},
    {7, 2, 4}, {40, 1, 4}};
  size_t i;
  (void)state;
  assert_int_equal(FEED(s, ODDS, &err), VL_OK);
  t = vl_chart_set_find(s, "crt");
  memset(&pick, 0, sizeof pick);
  for (i = 0; i < sizeof want / sizeof want[0]; i++) {
    pick.value = want[i].a;
    pick.against = want[i].d;
    assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_OK);
    assert_int_equal(col, want[i].col);
  }
  pick.value = 4;
  pick.against = 10;
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "table 'crt' has no column for odds 4-10");
  pick.against = 0;
  assert_int_equal(vl_chart_column(t, &pick, &col, &err), VL_EINVAL);
  assert_string_equal(err.msg, "odds need a defender's total above 0, got 0");
  assert_int_equal(FEED(low, ODDS_LOW, &err), VL_OK);
  pick.value = 1;
  pick.against = 9;
  assert_int_equal(vl_chart_column(vl_chart_set_find(low, "crt"), &pick, &col, &err), VL_OK);
  assert_int_equal(col, 0);
  vl_chart_set_free(s);
  vl_chart_set_free(low);
}

static const line ROUT[] = {
  SECTION("rout"),
  KV("source", "[battle_of_buena_vista 9.8]"),
  KV("die", "d6"),
  KV("results", "rout"),
  KV("columns", "type"),
  KV("header", "MEX | US"),
  KV("1-3", "Eliminated | Saltillo"),
  KV("4-6", "Reserve Box | Buena Vista"),
};

static void type_columns_are_picked_by_name(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_pick pick;
  vl_chart_result res;
  vl_error err;
  (void)state;
  assert_int_equal(FEED(s, ROUT, &err), VL_OK);
  t = vl_chart_set_find(s, "rout");
  memset(&pick, 0, sizeof pick);
  pick.name = "US";
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 5, &res, &err), VL_OK);
  assert_string_equal(res.cell, "Buena Vista");
  assert_string_equal(res.column_label, "US");
  pick.name = "FR";
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 5, &res, &err), VL_ENOTFOUND);
  assert_string_equal(err.msg, "table 'rout' has no column 'FR'");
  pick.name = NULL;
  pick.value = 1;
  assert_int_equal(vl_chart_lookup(t, &pick, 0, 5, &res, &err), VL_EINVAL);
  assert_string_equal(err.msg, "table 'rout' picks its columns by name");
  vl_chart_set_free(s);
}

/* ---- rows running down; layering ------------------------------------------------------------ */

static const line VICTORY[] = {
  SECTION("victory_level"),
  KV("source", "[battle_of_buena_vista 4.3]"),
  KV("rows", "Mexican VP - American VP"),
  KV("results", "victory"),
  KV("30 or more", "Decisive Mexican victory"),
  KV("11 to 29", "Substantial Mexican victory"),
  KV("0 to 10", "Marginal Mexican victory"),
  KV("-1 to -10", "Marginal American victory"),
  KV("-11 to -20", "Substantial American victory"),
  KV("-21 or less", "Decisive American victory"),
};

static void rows_may_run_downwards(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_chart_result res;
  vl_error err;
  (void)state;
  assert_int_equal(FEED(s, VICTORY, &err), VL_OK);
  t = vl_chart_set_find(s, "victory_level");
  assert_null(vl_chart_die(t));
  assert_string_equal(vl_chart_rows_by(t), "Mexican VP - American VP");
  assert_int_equal(vl_chart_lookup(t, NULL, 0, -10, &res, &err), VL_OK);
  assert_string_equal(res.cell, "Marginal American victory");
  assert_int_equal(vl_chart_lookup(t, NULL, 0, 0, &res, &err), VL_OK);
  assert_string_equal(res.cell, "Marginal Mexican victory");
  assert_int_equal(vl_chart_lookup(t, NULL, 0, -21, &res, &err), VL_OK);
  assert_string_equal(res.cell, "Decisive American victory");
  vl_chart_set_free(s);
}

static const line SCENARIO_SMALL_ARMS[] = {
  SECTION("small_arms_fire"),
  KV("source", "[demo PA 6.1]"),
  KV("die", "d10"),
  KV("results", "fire"),
  KV("4 or less", "Nothing"),
  KV("5+", "1 Hit"),
};

static void a_later_layer_replaces_a_table_of_the_same_name(void **state) {
  vl_chart_set *s = vl_chart_set_new();
  const vl_chart *t;
  vl_error err;
  (void)state;
  assert_int_equal(FEED(s, SMALL_ARMS, &err), VL_OK);
  assert_int_equal(FEED(s, SHOCK, &err), VL_OK);
  assert_int_equal(feed(s, "scenario/charts/fire.ini", "scenario", SCENARIO_SMALL_ARMS,
                        sizeof SCENARIO_SMALL_ARMS / sizeof SCENARIO_SMALL_ARMS[0], &err), VL_OK);
  assert_int_equal(vl_chart_set_count(s), 2);
  assert_string_equal(vl_chart_name(vl_chart_set_at(s, 0)), "shock");
  t = vl_chart_set_at(s, 1);
  assert_string_equal(vl_chart_name(t), "small_arms_fire");
  assert_string_equal(vl_chart_layer(t), "scenario");
  assert_string_equal(vl_chart_file(t), "scenario/charts/fire.ini");
  assert_int_equal(vl_chart_line(t), 1);
  assert_int_equal(vl_chart_rows(t), 2);
  assert_string_equal(vl_chart_layer(vl_chart_set_find(s, "shock")), "system");
  assert_null(vl_chart_set_find(s, "shoc"));
  vl_chart_set_free(s);
}

static void a_failed_reader_leaves_the_set_as_it_was(void **state) {
  static const line bad[] = {
    SECTION("small_arms_fire"), KV("source", "[x 1]"), KV("die", "d10"), KV("results", "fire"),
    KV("1-9", "Nothing"), SECTION("other"), KV("title", "no source"),
  };
  vl_chart_set *s = vl_chart_set_new();
  vl_error err;
  (void)state;
  assert_int_equal(FEED(s, SMALL_ARMS, &err), VL_OK);
  assert_int_equal(FEED(s, bad, &err), VL_EPARSE);
  assert_string_equal(err.msg, "table 'other' has no source");
  assert_int_equal(vl_chart_set_count(s), 1);
  assert_int_equal(vl_chart_rows(vl_chart_set_at(s, 0)), 3);
  vl_chart_set_free(s);
}

/* ---- refusals ------------------------------------------------------------------------------- */

static void malformed_tables_are_refused_with_their_line(void **state) {
  static const line gap[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("1-2", "a"), KV("4-6", "b"),
  };
  static const line overlap[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("1-3", "a"), KV("3-6", "b"),
  };
  static const line cells[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("columns", "strength"), KV("header", "1-2 | 3+"), KV("1-6", "a | b | c"),
  };
  static const line empty[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("1-6", "a |"),
  };
  static const line name[] = {SECTION("Fire Table")};
  static const line reason[] = {SECTION("t"), KV("provisional", "yes")};
  static const line badrow[] = {SECTION("t"), KV("3-", "a")};
  static const line unknown[] = {SECTION("t"), KV("colums", "odds")};
  static const line twice[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"), KV("1-6", "a"),
    SECTION("t"),
  };
  static const line noaxis[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("header", "1 | 2"),
  };
  static const line odds[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("die", "d6"), KV("results", "r"),
    KV("columns", "odds"), KV("header", "1-1 | 1-2"), KV("1-6", "a | b"),
  };
  static const line hdr[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("results", "r"), KV("columns", "range"),
    KV("labels", "a | b"), KV("header.x", "1-3 | 2-5"),
  };
  static const line norows[] = {
    SECTION("t"), KV("source", "[x 1]"), KV("results", "r"), KV("columns", "range"),
    KV("header.x", "1-3 | 4-5"),
  };
  (void)state;
  REFUSES(gap, 6, "row '4-6' does not run on from row '1-2' (rows run on without gaps or "
                  "overlaps, in one direction)");
  REFUSES(overlap, 6, "row '3-6' does not run on from row '1-3' (rows run on without gaps or "
                      "overlaps, in one direction)");
  REFUSES(cells, 7, "row '1-6' has 3 cells; the table has 2 columns");
  REFUSES(empty, 5, "empty cell 2 in '1-6'");
  REFUSES(name, 1, "bad table name 'Fire Table' (lower-case letters, digits and _)");
  REFUSES(reason, 2, "provisional takes a one-line reason, not 'yes'");
  REFUSES(badrow, 2, "bad row '3-' (a die result or a range such as 4, 1-2, 6+, 2 or less, "
                     "11-15)");
  REFUSES(unknown, 2, "unknown key 'colums' in table 't'");
  REFUSES(twice, 6, "table 't' is defined twice (first at t.ini:1)");
  REFUSES(noaxis, 5, "'header' needs a columns key (a table without columns has rows only)");
  REFUSES(odds, 6, "odds column '1-2' does not rise above '1-1' (odds columns rise from left "
                   "to right)");
  REFUSES(hdr, 6, "'header.x': '2-5' overlaps or runs against '1-3' (ranges under a header "
                  "rise or fall without overlapping)");
  REFUSES(norows, 1, "table 't' has no rows, so its labels are its results: it needs 'labels'");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(one_d_rows_take_open_ended_ranges),
    cmocka_unit_test(shifts_are_clamped_at_both_edges),
    cmocka_unit_test(per_type_headers_lead_to_columns),
    cmocka_unit_test(odds_round_down_to_the_column_reached),
    cmocka_unit_test(type_columns_are_picked_by_name),
    cmocka_unit_test(rows_may_run_downwards),
    cmocka_unit_test(a_later_layer_replaces_a_table_of_the_same_name),
    cmocka_unit_test(a_failed_reader_leaves_the_set_as_it_was),
    cmocka_unit_test(malformed_tables_are_refused_with_their_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
