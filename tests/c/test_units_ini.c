/*
** test_units_ini.c -- the loaders of units.ini and oob.ini: the four systems' schemas and the
** test orders of battle load, with their values, hierarchy and provenance; every broken file
** of tests/data/broken/oob/ and tests/data/broken/units/ is refused with its file, line and
** message, word for word.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/state.h"

static vl_schema *schema(const char *system) {
  char path[128];
  vl_error err;
  vl_schema *s;
  snprintf(path, sizeof path, "charts/%s/units.ini", system);
  s = vl_schema_load(path, &err);
  if (s == NULL) {
    char buf[600];
    fail_msg("%s", vl_error_format(&err, buf, sizeof buf));
  }
  return s;
}

static vl_roster *roster(const char *system) {
  char path[128];
  vl_error err;
  vl_schema *s = schema(system);
  vl_roster *r;
  snprintf(path, sizeof path, "tests/data/oob/%s.ini", system);
  r = vl_roster_load(s, path, &err);
  vl_schema_free(s);
  if (r == NULL) {
    char buf[600];
    fail_msg("%s", vl_error_format(&err, buf, sizeof buf));
  }
  return r;
}

static void the_four_schemas_load(void **state) {
  static const char *const systems[] = {"rough_and_ready", "gbacw", "spi_gbacw",
                                        "battle_of_buena_vista"};
  int i;
  (void)state;
  for (i = 0; i < 4; i++) {
    vl_schema *s = schema(systems[i]);
    assert_string_equal(vl_schema_system(s), systems[i]);
    assert_true(vl_schema_find_model(s, "none") >= 0);
    assert_true(vl_schema_find_type(s, "leader") >= 0);
    vl_schema_free(s);
  }
}

static void rough_and_ready_schema_reads_as_written(void **state) {
  vl_schema *s = schema("rough_and_ready");
  const vl_model *m = vl_schema_model(s, vl_schema_find_model(s, "vertex"));
  const vl_field *f = vl_schema_field(s, vl_schema_find_field(s, "independent"));
  const vl_unit_type *t = vl_schema_type(s, vl_schema_find_type(s, "artillery"));
  (void)state;
  assert_int_equal(vl_schema_level_count(s), 2);
  assert_string_equal(vl_schema_level(s, 0), "army");
  assert_int_equal(m->m.kind, VL_FACING_VERTEX);
  assert_int_equal(m->m.arc[0], VL_ARC_FRONT);
  assert_int_equal(m->m.arc[1], VL_ARC_FRONT);
  assert_int_equal(m->m.arc[2], VL_ARC_FLANK);
  assert_int_equal(m->m.arc[5], VL_ARC_FLANK);
  assert_int_equal(m->m.arc[3], VL_ARC_REAR);
  assert_string_equal(m->source, "[rough_and_ready 5.31-5.32]");
  assert_int_equal(f->min, -1);
  assert_int_equal(f->dflt, -1);
  assert_true(f->has_default);
  assert_int_equal(t->classes, VL_CLASS_COMBAT | VL_CLASS_ARTILLERY);
  assert_string_equal(vl_schema_model(s, t->model)->name, "artillery");
  assert_int_equal(vl_schema_marker(s, vl_schema_find_marker(s, "hits"))->max, 20);
  vl_schema_free(s);
}

static void an_order_of_battle_loads_with_its_provenance(void **state) {
  vl_roster *r = roster("rough_and_ready");
  const vl_schema *s = vl_roster_schema(r);
  int garland = vl_roster_find_unit(r, "Garland"), out[8], n, i;
  int tampico = vl_roster_find_unit(r, "tampico");
  (void)state;
  assert_int_equal(vl_roster_unit_count(r), 10);
  assert_int_equal(vl_roster_side_count(r), 2);
  assert_string_equal(vl_roster_side(r, 1), "MEX");
  assert_int_equal(vl_roster_value(r, garland, vl_schema_find_field(s, "activation")), 5);
  assert_string_equal(vl_roster_unit(r, garland)->source, "[rough_and_ready 3.23]");
  assert_string_equal(vl_roster_unit(r, garland)->name, "Garland");   /* the id when unnamed */
  assert_int_equal(vl_roster_value(r, tampico, vl_schema_find_field(s, "lancer")), 1);
  assert_int_equal(vl_roster_value(r, tampico, vl_schema_find_field(s, "independent")), 4);
  assert_string_equal(vl_roster_text(r, vl_roster_find_unit(r, "ringgold"),
                                     vl_schema_find_field(s, "battery")), "Ringgold");
  n = vl_roster_superiors(r, garland, out, 8);
  assert_int_equal(n, 1);
  assert_string_equal(vl_roster_unit(r, out[0])->id, "Taylor");
  assert_string_equal(vl_roster_command(r, vl_roster_unit(r, garland)->command)->name,
                      "Garland's Command");
  /* provisional values, in unit order then line: Garland's two fields, 5US-1, Belknap, Taylor */
  n = vl_roster_provisional_count(r);
  assert_int_equal(n, 5);
  {
    const char *want[5][3] = {
      {"5US-1", "", "invented for the tests"},
      {"Belknap", "command_range", "not in the rulebook"},
      {"Garland", "command_range", "not in the rulebook"},
      {"Garland", "ma", "not in the rulebook"},
      {"Taylor", "", "invented for the tests"},
    };
    for (i = 0; i < n; i++) {
      const vl_provisional *p = vl_roster_provisional(r, i);
      assert_string_equal(vl_roster_unit(r, p->unit)->id, want[i][0]);
      assert_string_equal(p->field < 0 ? "" : vl_schema_field(s, p->field)->name, want[i][1]);
      assert_string_equal(p->reason, want[i][2]);
      assert_true(p->line > 0);
    }
  }
  assert_string_equal(vl_roster_command(r, vl_roster_find_command(r, "US"))->provisional,
                      "invented for the tests");
  vl_roster_free(r);
}

static void loading_from_text_names_the_text(void **state) {
  vl_schema *s = schema("rough_and_ready");
  vl_error err;
  vl_roster *r = vl_roster_load_string(s, "[oob]\nsystem = rough_and_ready\nsides = A B\n\n"
                                          "[unit.x]\nside = A\ntype = infantry\nma = 6\n",
                                       "inline", &err);
  (void)state;
  assert_null(r);
  assert_string_equal(err.file, "inline");
  assert_int_equal(err.line, 5);
  assert_string_equal(err.msg, "unit x: 'morale' is missing");
  vl_schema_free(s);
  s = vl_schema_load_string("[units]\nsystem = t\nlevels = a a\n", NULL, &err);
  assert_null(s);
  assert_string_equal(err.file, "units.ini");
  assert_int_equal(err.line, 3);
  assert_string_equal(err.msg, "level 'a' is declared twice");
}

typedef struct broken {
  const char *file;
  int line;
  const char *msg;
} broken;

static void broken_orders_of_battle_are_refused(void **state) {
  static const broken cases[] = {
    {"unknown_field", 9, "unit 5US-1: unknown field 'moral' (known: also_command, also_only, "
                         "battery, gun, guns, independent, lancer, ma, morale, "
                         "morale_reverse, regiment, regular)"},
    {"duplicate_id", 12, "leader id 'Twiggs' is already taken"},
    {"duplicate_section", 12, "duplicate section [unit.5US-1] (first at line 6)"},
    {"bad_int", 9, "unit 5US-1: morale: 'six' is not an integer"},
    {"out_of_range", 9, "unit 5US-1: morale: 12 is outside 0-9"},
    {"too_large", 9, "unit 5US-1: morale: 99999999999 is outside 0-9"},
    {"bad_bool", 11, "unit tampico: lancer: 'maybe' is not yes or no"},
    {"unknown_type", 6,
     "unit 2D: unknown type 'dragoon' (known: artillery, cavalry, infantry, leader, wagon)"},
    {"unknown_command", 6, "unit 5US-1: unknown command 'twigs' (known: none)"},
    {"bad_id", 6, "bad unit id '5US#1' ([A-Za-z0-9_./-]+)"},
    {"missing_field", 6, "unit 5US-1: 'morale' is missing"},
    {"leader_field", 11, "unit 5US-1: 'activation' is a leader field"},
    {"unknown_side", 6, "unit 5US-1: unknown side 'USA' (known: MEX, US)"},
    {"wrong_system", 3, "oob: system 'gbacw' is not the schema's (rough_and_ready)"},
    {"unknown_section", 6, "unknown section [units.5US-1] (oob, command.ID, unit.ID, leader.ID)"},
    {"bad_level", 10, "command US (army) cannot be under twiggs (command), a level no higher"},
    {"leader_type", 6, "leader Taylor: type 'infantry' is not a leader type"},
    {"unknown_command_key", 9, "command US: unknown key 'leader' (known: name, side, level, "
                               "parent, source, provisional)"},
  };
  vl_schema *s = schema("rough_and_ready");
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char path[128];
    vl_error err;
    vl_roster *r;
    snprintf(path, sizeof path, "tests/data/broken/oob/%s.ini", cases[i].file);
    memset(&err, 0, sizeof err);
    r = vl_roster_load(s, path, &err);
    if (r != NULL) fail_msg("%s was accepted", path);
    assert_string_equal(err.file, path);
    assert_int_equal(err.line, cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
  }
  vl_schema_free(s);
}

static void broken_schemas_are_refused(void **state) {
  static const broken cases[] = {
    {"overlap", 8, "facing vertex: offset 1 has two arcs"},
    {"gap", 5, "facing vertex: hexside offset 5 has no arc (front, flank and rear must cover 0-5)"},
    {"unknown_model", 7, "type infantry: unknown facing model 'vertex' (known: none)"},
    {"bad_field_type", 6, "field morale: type 'float' is not int, bool, string or enum"},
    {"bad_default", 9, "field morale: default 10 is outside 0-9"},
    {"min_too_large", 7, "field morale: min '-99999999999' is too small (at least -2147483648)"},
    {"max_too_large", 7, "marker hits: max '2147483648' is too large (at most 2147483647)"},
    {"default_too_large", 9, "field morale: default 4294967296 is outside 0-9"},
    {"unknown_key", 9, "field morale: unknown key 'range' (known: type, of, min, max, values, "
                       "default, source, provisional)"},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char path[128];
    vl_error err;
    vl_schema *s;
    snprintf(path, sizeof path, "tests/data/broken/units/%s.ini", cases[i].file);
    memset(&err, 0, sizeof err);
    s = vl_schema_load(path, &err);
    if (s != NULL) fail_msg("%s was accepted", path);
    assert_string_equal(err.file, path);
    assert_int_equal(err.line, cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
  }
}

static void a_missing_file_is_an_io_error(void **state) {
  vl_error err;
  (void)state;
  assert_null(vl_schema_load("charts/no_such_system/units.ini", &err));
  assert_int_equal(err.code, VL_EIO);
}

/* The store over a loaded roster: a Battle of Buena Vista brigade is one unit in two hexes. */
static void a_double_size_brigade_from_the_files(void **state) {
  vl_roster *r = roster("battle_of_buena_vista");
  vl_grid g = {VL_FLAT_TOP, VL_ODD_COLUMNS_DOWN, 2};
  vl_state *st = vl_state_new(r, &g);
  int b = vl_roster_find_unit(r, "1/L-a");
  vl_hex two[2];
  vl_facing north = {VL_FACING_HEXSIDE, 0};
  vl_error err;
  (void)state;
  assert_int_equal(vl_hex_parse(&g, "3123", &two[0], &err), VL_OK);
  assert_int_equal(vl_hex_parse(&g, "3124", &two[1], &err), VL_OK);
  assert_int_equal(vl_state_place(st, b, vl_loc_hex(two[0]), two, 1, 0, &err), VL_EINVAL);
  assert_string_equal(err.msg, "1/L-a is a brigade and occupies 2 hexes, not 1");
  assert_int_equal(vl_state_place(st, b, vl_loc_hex(two[0]), two, 2, 0, &err), VL_OK);
  assert_int_equal(vl_state_set_facing(st, b, north, -1, &err), VL_OK);
  assert_int_equal(vl_state_arc_of(st, b, two[0], 0, &err), VL_ARC_NONE);
  {
    vl_hex h;
    assert_int_equal(vl_hex_parse(&g, "3223", &h, &err), VL_OK);
    assert_int_equal(vl_state_arc_of(st, b, h, 0, &err), VL_ARC_FRONT);
    assert_int_equal(vl_hex_parse(&g, "3225", &h, &err), VL_OK);
    assert_int_equal(vl_state_arc_of(st, b, h, 0, &err), VL_ARC_REAR);
  }
  vl_state_free(st);
  vl_roster_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(the_four_schemas_load),
    cmocka_unit_test(rough_and_ready_schema_reads_as_written),
    cmocka_unit_test(an_order_of_battle_loads_with_its_provenance),
    cmocka_unit_test(loading_from_text_names_the_text),
    cmocka_unit_test(broken_orders_of_battle_are_refused),
    cmocka_unit_test(broken_schemas_are_refused),
    cmocka_unit_test(a_missing_file_is_an_io_error),
    cmocka_unit_test(a_double_size_brigade_from_the_files),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
