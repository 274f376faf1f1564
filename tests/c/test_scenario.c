/*
** test_scenario.c -- the reader of scenario.ini and its variants: the demo scenario and the
** test data root's scenarios read as written, a variant laid over its base with each value's
** own file and line, text without a folder, the probe; every broken file of
** tests/data/broken/scenario/ refused with its file, line and message, word for word; chains
** of base and extends (issue 34): a variant over a variant, a test board over Palo Alto with
** each path read in the folder of the file that gave it and the layers it inherits, "game:"
** paths, cycles, a chain too deep, an id no root holds.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/scenario.h"

#define BATTLE "tests/data/root/scenarios/test-game/battle/"
#define BROKEN "tests/data/broken/scenario/"
#define EXTENDS "tests/data/extends/scenarios/test-game/"
#define PALO "./scenarios/rough-and-ready/palo-alto/"

static vl_scenario *load(const char *path) {
  vl_error err;
  vl_scenario *s = vl_scenario_load(path, &err);
  if (s == NULL) {
    char buf[600];
    fail_msg("%s", vl_error_format(&err, buf, sizeof buf));
  }
  return s;
}

static void the_demo_scenario_reads_as_written(void **state) {
  vl_scenario *s = load("tests/data/demo/scenario.ini");
  const vl_scenario_item *it;
  (void)state;
  assert_string_equal(vl_scenario_dir(s), "tests/data/demo");
  assert_null(vl_scenario_base(s));
  assert_string_equal(vl_scenario_get(s, "scenario", "title")->text,
                      "Demo: two armies across the stream");
  assert_string_equal(vl_scenario_get(s, "scenario", "system")->text, "demo");
  it = vl_scenario_get(s, "scenario", "map");
  assert_string_equal(it->text, "map.ini");
  assert_string_equal(it->file, "tests/data/demo/scenario.ini");
  assert_int_equal(it->line, 11);
  assert_null(vl_scenario_get(s, "scenario", "rules"));
  assert_int_equal(vl_scenario_max_decisions(s), 400);
  assert_int_equal(vl_scenario_side_count(s), 2);
  assert_string_equal(vl_scenario_side(s, 0), "A");
  assert_string_equal(vl_scenario_side(s, 1), "B");
  assert_null(vl_scenario_side(s, 2));
  assert_string_equal(vl_scenario_first(s), "A");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_PARAMS), 1);
  it = vl_scenario_at(s, VL_SCENARIO_PARAMS, 0);
  assert_string_equal(it->name, "turns");
  assert_true(it->is_int);
  assert_int_equal(it->value, 4);
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 4);
  it = vl_scenario_at(s, VL_SCENARIO_SETUP, 1);
  assert_string_equal(it->section, "setup.A");
  assert_string_equal(it->key, "road");
  assert_int_equal(it->side, 0);
  assert_string_equal(it->text, "any road hex adjacent to 0105 | A4");
  assert_int_equal(it->line, 25);
  it = vl_scenario_at(s, VL_SCENARIO_SETUP, 2);
  assert_int_equal(it->side, 1);
  assert_string_equal(it->text, "1203, 1205, 1207 | B1 B2 B3");
  assert_null(vl_scenario_at(s, VL_SCENARIO_SETUP, 4));
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_OPTIONS), 0);
  vl_scenario_free(s);
}

/* Victory values: integers when written as plain integers, text otherwise (a label with a
** leading zero stays text, so tostring gives back what the file says). Set-up lines keep
** file order within a side, sides go in [sides] order, continuation lines are joined. */
static void lists_come_in_their_stated_orders(void **state) {
  vl_scenario *s = load(BATTLE "scenario.ini");
  const vl_scenario_item *it;
  (void)state;
  assert_string_equal(vl_scenario_first(s), "B");
  assert_string_equal(vl_scenario_get(s, "scenario", "rules")->text, "rules.lua");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_PARAMS), 2);
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_PARAMS, 0)->name, "stack_limit");
  assert_int_equal(vl_scenario_at(s, VL_SCENARIO_PARAMS, 0)->value, 3);
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_PARAMS, 1)->name, "turns");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_VICTORY), 5);
  it = vl_scenario_at(s, VL_SCENARIO_VICTORY, 0);  /* A.hold */
  assert_string_equal(it->name, "hold");
  assert_int_equal(it->side, 0);
  assert_false(it->is_int);
  assert_string_equal(it->text, "0502");
  it = vl_scenario_at(s, VL_SCENARIO_VICTORY, 2);  /* B.bonus, before B.min_units */
  assert_string_equal(it->key, "B.bonus");
  assert_true(it->is_int);
  assert_int_equal(it->value, 12);
  it = vl_scenario_at(s, VL_SCENARIO_VICTORY, 4);
  assert_string_equal(it->name, "note");
  assert_false(it->is_int);
  assert_string_equal(it->text, "hold the  road");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 4);
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_SETUP, 0)->key, "front");
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_SETUP, 1)->key, "anchor");
  it = vl_scenario_at(s, VL_SCENARIO_SETUP, 2);
  assert_string_equal(it->key, "flank");
  assert_string_equal(it->text, "any clear hex adjacent to 0603 | B1 [demo 2.3]");
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_SETUP, 3)->key, "boss");
  it = vl_scenario_at(s, VL_SCENARIO_OPTIONS, 0);
  assert_string_equal(it->name, "fog");
  assert_string_equal(it->text, "options/fog.lua");
  vl_scenario_free(s);
}

/* A variant overrides its base key by key, and [setup.<SIDE>] sections whole; every value
** says which file gave it. */
static void a_variant_lies_over_its_base(void **state) {
  vl_scenario *s = load(BATTLE "variant.ini");
  const vl_scenario_item *it;
  (void)state;
  assert_string_equal(vl_scenario_base(s), BATTLE "scenario.ini");
  it = vl_scenario_get(s, "scenario", "title");
  assert_string_equal(it->text, "Test battle, variant deployment");
  assert_string_equal(it->file, BATTLE "variant.ini");
  assert_int_equal(it->line, 7);
  it = vl_scenario_get(s, "scenario", "system");
  assert_string_equal(it->text, "demo");
  assert_string_equal(it->file, BATTLE "scenario.ini");
  assert_null(vl_scenario_get(s, "scenario", "base"));
  assert_string_equal(vl_scenario_first(s), "B");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_PARAMS), 2);
  it = vl_scenario_at(s, VL_SCENARIO_PARAMS, 1);
  assert_int_equal(it->value, 4);
  assert_string_equal(it->file, BATTLE "variant.ini");
  assert_int_equal(vl_scenario_at(s, VL_SCENARIO_PARAMS, 0)->value, 3);
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 3);
  it = vl_scenario_at(s, VL_SCENARIO_SETUP, 0);
  assert_string_equal(it->key, "front");
  assert_string_equal(it->file, BATTLE "scenario.ini");
  it = vl_scenario_at(s, VL_SCENARIO_SETUP, 1);
  assert_string_equal(it->key, "line");
  assert_string_equal(it->text, "0503, 0504 | B1 B2");
  assert_string_equal(it->file, BATTLE "variant.ini");
  assert_int_equal(it->line, 13);
  assert_string_equal(vl_scenario_at(s, VL_SCENARIO_SETUP, 2)->text, "any above hex | LB");
  it = vl_scenario_at(s, VL_SCENARIO_VICTORY, 2);
  assert_string_equal(it->key, "B.bonus");
  assert_int_equal(it->value, 20);
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_VICTORY), 5);
  vl_scenario_free(s);
}

static void a_variant_without_base_is_whole(void **state) {
  vl_scenario *s = load(BATTLE "whole.ini");
  (void)state;
  assert_null(vl_scenario_base(s));
  assert_string_equal(vl_scenario_first(s), "A");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 0);
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_PARAMS), 0);
  vl_scenario_free(s);
}

static void text_has_no_folder(void **state) {
  static const char text[] =
    "[scenario]\ntitle = T\nsystem = demo\nmap = nowhere.ini\noob = oob.ini\n"
    "provenance = p\n[sides]\norder = X Y\nfirst = Y\n";
  static const char variant[] = "[scenario]\nbase = scenario.ini\ntitle = V\n";
  static const char extends[] = "[scenario]\ntitle = V\nextends = rough-and-ready/palo-alto\n";
  vl_error err;
  vl_scenario *s = vl_scenario_load_string(text, "mem.ini", &err);
  (void)state;
  assert_non_null(s);
  assert_null(vl_scenario_dir(s));
  assert_string_equal(vl_scenario_file(s), "mem.ini");
  assert_string_equal(vl_scenario_first(s), "Y");
  vl_scenario_free(s);
  assert_null(vl_scenario_load_string(variant, "v.ini", &err));
  assert_int_equal(err.line, 2);
  assert_string_equal(err.msg, "base: a scenario read from text has no folder");
  assert_null(vl_scenario_load_string(extends, "v.ini", &err));
  assert_int_equal(err.line, 3);
  assert_string_equal(err.msg, "extends: a scenario read from text has no folder");
  vl_scenario_free(NULL);
}

static void probe_finds_the_scenario_section(void **state) {
  vl_error err;
  (void)state;
  assert_int_equal(vl_scenario_probe(BATTLE "variant.ini", &err), 1);
  assert_int_equal(vl_scenario_probe(BATTLE "scenario.ini", &err), 1);
  assert_int_equal(vl_scenario_probe(BATTLE "map.ini", &err), 0);
  assert_int_equal(vl_scenario_probe(BATTLE "notes.ini", &err), 0);
  assert_int_equal(vl_scenario_probe(BATTLE "none.ini", &err), VL_EIO);
  assert_string_equal(err.msg, "cannot open (No such file or directory)");
}

typedef struct broken {
  const char *file;     /* the file loaded, in tests/data/broken/scenario/ */
  const char *at;       /* the file the error names (NULL: the same) */
  int line;
  const char *msg;
} broken;

static void broken_scenarios_are_refused(void **state) {
  static const broken cases[] = {
    {"unknown_section", NULL, 12, "unknown section [units] (known: scenario, sides, params, "
                                  "victory, options, setup.<SIDE>, turns, "
                                  "reinforcements.<SIDE>)"},
    {"unknown_key", NULL, 3, "unknown key 'titel' in [scenario] (known: title, system, map, oob, "
                             "rules, provenance, setup_rule, max_decisions, base, extends, "
                             "terrain, los, charts, start)"},
    {"unknown_sides_key", NULL, 11, "unknown key 'last' in [sides] (known: order, first)"},
    {"missing_title", NULL, 2, "[scenario] has no title"},
    {"missing_sides", NULL, 7, "missing section [sides]"},
    {"no_order", NULL, 9, "[sides] has no order"},
    {"bad_system", NULL, 4, "system: bad system id 'Rough' ([a-z0-9_]+)"},
    {"map_outside", NULL, 5, "map: '../map.ini' is not a path inside the scenario's folder "
                             "(relative, without '..')"},
    {"map_missing", NULL, 5, "map: no file 'nomap.ini' in the scenario's folder "
                             "(tests/data/broken/scenario)"},
    {"rules_not_lua", NULL, 8, "rules: 'rules.txt' is not a .lua file"},
    {"start_not_state", NULL, 8, "start: 'rules.txt' is not a .state file"},
    {"start_missing", NULL, 8, "start: no file 'nostart.state' in the scenario's folder "
                               "(tests/data/broken/scenario)"},
    {"bad_max_decisions", NULL, 8, "max_decisions: 'lots' is not a positive integer"},
    {"max_decisions_too_large", NULL, 8, "max_decisions: '99999999999999999999999' is too large "
                                         "(at most 2147483647)"},
    {"max_decisions_past_cap", NULL, 8, "max_decisions: '2000000000' is too large (at most "
                                        "1000000000, as --max-decisions)"},
    {"bad_setup_rule", NULL, 8, "setup_rule: 'demo 2.2' is not a rule citation "
                                "('[<system> <case>]')"},
    {"bad_side_name", NULL, 10, "order: bad side name 'B+' (letters, digits, _ and -)"},
    {"side_twice", NULL, 10, "order: side 'A' is listed twice"},
    {"too_many_sides", NULL, 10, "order: more than 8 sides"},
    {"bad_first", NULL, 11, "first: 'C' is not a side of [sides] order (A B)"},
    {"bad_param", NULL, 13, "parameter turns: 'four' is not an integer"},
    {"param_too_large", NULL, 13, "parameter turns: '3000000000' is too large (at most "
                                  "2147483647)"},
    {"bad_param_name", NULL, 13, "bad parameter name 'Turns' ([a-z0-9_]+)"},
    {"victory_no_side", NULL, 13, "victory key 'withdrawal' is not <SIDE>.<name> "
                                  "(the name: [a-z0-9_]+)"},
    {"victory_unknown_side", NULL, 14, "victory key 'C.withdrawal': 'C' is not a side of "
                                       "[sides] order (A B)"},
    {"setup_unknown_side", NULL, 12, "[setup.C]: 'C' is not a side of [sides] order (A B)"},
    {"setup_bad_key", NULL, 13, "bad set-up key 'a b' ([A-Za-z0-9_./-]+)"},
    {"empty_value", NULL, 3, "'title' in [scenario] is empty"},
    {"bad_option_name", NULL, 13, "bad option name 'Fog' ([a-z0-9-]+)"},
    {"option_missing", NULL, 13, "option 'fog': no file 'options/fog.lua' in the scenario's "
                                 "folder (tests/data/broken/scenario)"},
    {"duplicate_key", NULL, 8, "duplicate key 'map' in [scenario] (first at line 5)"},
    {"map", NULL, 1, "missing section [scenario]"},
    {"variant_no_title", NULL, 2, "a variant needs a title of its own"},
    {"variant_loop_a", "variant_loop_b", 3, "base: 'variant_loop_a.ini' makes a cycle: "
                                            "broken/scenario/variant_loop_a.ini -> "
                                            "broken/scenario/variant_loop_b.ini -> "
                                            "broken/scenario/variant_loop_a.ini"},
    {"extends_and_base", NULL, 4, "extends: a scenario gives base (a file of its folder) or "
                                  "extends (a scenario id), not both"},
    {"extends_bad_id", NULL, 3, "extends: '../deep/d5' is not a scenario id (<game>/<battle>"
                                "[/<variant>], each [a-z0-9-]+)"},
    {"game_dotdot", NULL, 5, "map: 'game:../map.ini' is not a path inside the game's folder "
                             "(relative, without '..')"},
    {"game_absolute", NULL, 6, "oob: 'game:/etc/oob.ini' is not a path inside the game's folder "
                               "(relative, without '..')"},
    {"game_missing", NULL, 7, "rules: no file 'game:lib/none.lua' in the game's folder "
                              "(tests/data/broken)"},
    {"charts_not_folder", NULL, 7, "charts: 'map.ini' in the scenario's folder "
                                   "(tests/data/broken/scenario) is not a folder"},
    {"variant_self", NULL, 3, "base: a file cannot be its own base"},
    {"variant_bad_base", NULL, 3, "base: '../good.ini' is not an .ini file of this folder"},
    {"variant_broken_base", "bad_param", 13, "parameter turns: 'four' is not an integer"},
    {"variant_drops_side", "good", 18, "[setup.B]: 'B' is not a side of [sides] order (A C)"},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char path[128], at[128];
    vl_error err;
    vl_scenario *s;
    snprintf(path, sizeof path, BROKEN "%s.ini", cases[i].file);
    snprintf(at, sizeof at, BROKEN "%s.ini", cases[i].at ? cases[i].at : cases[i].file);
    memset(&err, 0, sizeof err);
    s = vl_scenario_load(path, &err);
    if (s != NULL) fail_msg("%s was accepted", path);
    assert_int_equal(err.code, VL_EPARSE);
    assert_string_equal(err.file, at);
    assert_int_equal(err.line, cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
  }
}

static void good_files_of_the_broken_folder_load(void **state) {
  vl_scenario *s = load(BROKEN "variant_ok.ini");
  (void)state;
  assert_string_equal(vl_scenario_get(s, "scenario", "title")->text, "Good, variant");
  assert_string_equal(vl_scenario_base(s), BROKEN "good.ini");
  vl_scenario_free(s);
}

/* Variants chain now (issue 34): a variant over a variant over the whole file, each value
** from the nearest file that gives it. */
static void a_variant_over_a_variant_chains(void **state) {
  vl_scenario *s = load(BROKEN "variant_chain.ini");
  const vl_scenario *p;
  (void)state;
  assert_string_equal(vl_scenario_get(s, "scenario", "title")->text, "Chained");
  assert_string_equal(vl_scenario_get(s, "scenario", "system")->file, BROKEN "good.ini");
  assert_string_equal(vl_scenario_base(s), BROKEN "variant_ok.ini");
  p = vl_scenario_parent(s);
  assert_non_null(p);
  assert_string_equal(vl_scenario_file(p), BROKEN "variant_ok.ini");
  assert_string_equal(vl_scenario_file(vl_scenario_parent(p)), BROKEN "good.ini");
  assert_null(vl_scenario_parent(vl_scenario_parent(p)));
  assert_null(vl_scenario_extends(s));
  vl_scenario_free(s);
}

/* test-game/board extends rough-and-ready/palo-alto: its own title, map (the game's) and order
** of battle; Palo Alto's rules, set-up rule, victory keys and layers, each path in the folder
** of the file that gave it. */
static void a_board_extends_palo_alto(void **state) {
  static const char *const roots[] = {"tests/data/extends", "."};
  vl_error err;
  vl_scenario *s = vl_scenario_load_roots(EXTENDS "board/scenario.ini", roots, 2, &err);
  const vl_scenario_item *it;
  const char *root;
  (void)state;
  if (s == NULL) fail_msg("%s:%d: %s", err.file, err.line, err.msg);
  assert_string_equal(vl_scenario_extends(s), "rough-and-ready/palo-alto");
  assert_string_equal(vl_scenario_base(s), PALO "scenario.ini");
  it = vl_scenario_get(s, "scenario", "map");
  assert_string_equal(it->text, "game:map.ini");
  assert_string_equal(it->path, EXTENDS "map.ini");
  it = vl_scenario_get(s, "scenario", "oob");
  assert_string_equal(it->path, EXTENDS "board/oob.ini");
  it = vl_scenario_get(s, "scenario", "rules");
  assert_string_equal(it->file, PALO "scenario.ini");
  assert_string_equal(it->path, PALO "rules.lua");
  assert_string_equal(vl_scenario_get(s, "scenario", "setup_rule")->file, PALO "scenario.ini");
  assert_string_equal(vl_scenario_get(s, "scenario", "max_decisions")->text, "300");
  assert_string_equal(vl_scenario_layer(s, VL_SCENARIO_TERRAIN, &root), PALO "terrain.ini");
  assert_string_equal(root, "./scenarios/rough-and-ready/palo-alto");
  assert_string_equal(vl_scenario_layer(s, VL_SCENARIO_LOS, NULL), PALO "los.ini");
  assert_null(vl_scenario_layer(s, VL_SCENARIO_CHARTS, NULL));
  it = vl_scenario_at(s, VL_SCENARIO_OPTIONS, 0);
  assert_string_equal(it->name, "balance");
  assert_string_equal(it->path, PALO "options/balance.lua");
  assert_int_equal(vl_scenario_count(s, VL_SCENARIO_SETUP), 3);  /* the board's, not PA's */
  it = vl_scenario_at(s, VL_SCENARIO_VICTORY, 0);
  assert_string_equal(it->file, PALO "scenario.ini");
  vl_scenario_free(s);
}

typedef struct chained {
  const char *file;     /* under tests/data/broken/scenario/root/scenarios/ */
  const char *at;       /* the file the error names */
  int line;
  const char *msg;
} chained;

/* Chains over ids: a cycle, a chain one deeper than VL_SCENARIO_CHAIN_MAX, an id no root
** holds; the longest chain allowed loads. */
static void chains_are_bounded(void **state) {
  static const char *const roots[] = {BROKEN "root"};
  static const chained cases[] = {
    {"loop/a/scenario.ini", "loop/b/scenario.ini", 3,
     "extends: 'loop/a' makes a cycle: loop/a/scenario.ini -> loop/b/scenario.ini -> "
     "loop/a/scenario.ini"},
    {"deep/d0/scenario.ini", "deep/d4/scenario.ini", 3,
     "extends: 'deep/d5' makes a chain too deep (a scenario is laid over at most 4 others): "
     "deep/d0/scenario.ini -> deep/d1/scenario.ini -> deep/d2/scenario.ini -> "
     "deep/d3/scenario.ini -> deep/d4/scenario.ini -> deep/d5/scenario.ini"},
  };
  size_t i;
  vl_error err;
  vl_scenario *s;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char path[160], at[160];
    snprintf(path, sizeof path, BROKEN "root/scenarios/%s", cases[i].file);
    snprintf(at, sizeof at, BROKEN "root/scenarios/%s", cases[i].at);
    memset(&err, 0, sizeof err);
    s = vl_scenario_load_roots(path, roots, 1, &err);
    if (s != NULL) fail_msg("%s was accepted", path);
    assert_string_equal(err.file, at);
    assert_int_equal(err.line, cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
  }
  s = vl_scenario_load_roots(BROKEN "root/scenarios/deep/d1/scenario.ini", roots, 1, &err);
  if (s == NULL) fail_msg("%s:%d: %s", err.file, err.line, err.msg);
  assert_string_equal(vl_scenario_get(s, "scenario", "title")->text, "Deep 1");
  assert_string_equal(vl_scenario_get(s, "scenario", "map")->path,
                      BROKEN "root/scenarios/deep/d5/map.ini");
  vl_scenario_free(s);
  assert_null(vl_scenario_load_roots(BROKEN "extends_unknown.ini", roots, 1, &err));
  assert_int_equal(err.line, 3);
  assert_string_equal(err.msg, "extends: no scenario 'nowhere/none' on the data path (scenarios/ "
                               "of tests/data/broken/scenario/root)");
}

static void a_missing_file_is_an_io_error(void **state) {
  vl_error err;
  (void)state;
  assert_null(vl_scenario_load(BROKEN "nothing.ini", &err));
  assert_int_equal(err.code, VL_EIO);
  assert_string_equal(err.file, BROKEN "nothing.ini");
  assert_int_equal(err.line, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(the_demo_scenario_reads_as_written),
    cmocka_unit_test(lists_come_in_their_stated_orders),
    cmocka_unit_test(a_variant_lies_over_its_base),
    cmocka_unit_test(a_variant_without_base_is_whole),
    cmocka_unit_test(text_has_no_folder),
    cmocka_unit_test(probe_finds_the_scenario_section),
    cmocka_unit_test(broken_scenarios_are_refused),
    cmocka_unit_test(good_files_of_the_broken_folder_load),
    cmocka_unit_test(a_variant_over_a_variant_chains),
    cmocka_unit_test(a_board_extends_palo_alto),
    cmocka_unit_test(chains_are_bounded),
    cmocka_unit_test(a_missing_file_is_an_io_error),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
