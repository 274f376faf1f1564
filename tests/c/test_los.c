/*
** test_los.c -- line of sight: the four systems' policies (charts/<system>/los.ini) on the
** sample map, worked by hand (docs/los.md "Worked cases"); SPI's test vectors L1-L8
** (notes/jackson.md 5.4, from [spi_gbacw 9.73]) on tests/data/maps/spi/vectors.ini; Battle of
** Buena Vista's own example (2211 blocks 2210-2212), its streams and impassable hexsides on
** tests/data/maps/bv/bv.ini; the three grazing policies on a line along a hexside;
** reciprocity where a policy promises it; the cache answering exactly as no cache does within
** its budget; every refusal word for word.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "volley/los.h"

#define SAMPLE "tests/data/maps/sample.ini"
#define SPI_MAP "tests/data/maps/spi/vectors.ini"
#define BV_MAP "tests/data/maps/bv/bv.ini"

static vl_map *load_map(const char *path) {
  vl_error err;
  vl_path *data = vl_path_new(NULL, NULL, ".");
  vl_map *m;
  memset(&err, 0, sizeof err);
  m = vl_map_load(path, data, &err);
  vl_path_free(data);
  if (m == NULL) fail_msg("%s:%d: %s", err.file, err.line, err.msg);
  return m;
}

static vl_los_policy *policy(const char *system, const char *layer) {
  vl_error err;
  vl_path *data = vl_path_new(NULL, NULL, ".");
  vl_los_policy *p;
  memset(&err, 0, sizeof err);
  p = vl_los_policy_find(data, system, layer, &err);
  vl_path_free(data);
  if (p == NULL) fail_msg("%s:%d: %s", err.file, err.line, err.msg);
  return p;
}

/* A context on map m under system's policy (and layer), with the default cache. */
typedef struct fixture {
  vl_map *m;
  vl_los_policy *p;
  vl_los *l;
} fixture;

static void open_fx(fixture *f, const char *map, const char *system, const char *layer,
                    size_t cache) {
  vl_error err;
  f->m = load_map(map);
  f->p = policy(system, layer);
  f->l = vl_los_new(f->m, f->p, cache, &err);
  assert_non_null(f->l);
}

static void close_fx(fixture *f) {
  vl_los_free(f->l);
  vl_los_policy_free(f->p);
  vl_map_free(f->m);
}

static vl_hex hx(const vl_map *m, const char *label) {
  vl_hex h;
  assert_int_equal(vl_hex_parse(vl_map_grid(m), label, &h, NULL), VL_OK);
  return h;
}

/* Judges q and checks the answer: where (NULL for clear), kind, reason and rule. */
static void expect_q(fixture *f, vl_los_query *q, const char *where, vl_los_kind kind,
                     const char *reason, const char *rule) {
  vl_los_result r;
  vl_error err;
  char at[VL_HEXSIDE_ID_MAX], why[VL_LOS_REASON_MAX];
  assert_int_equal(vl_los_check(f->l, q, &r, &err), VL_OK);
  vl_los_where(f->l, &r, at, sizeof at);
  vl_los_reason(f->l, &r, why, sizeof why);
  if (strcmp(at, where ? where : "") != 0 || r.kind != kind || strcmp(why, reason) != 0 ||
      strcmp(r.rule, rule) != 0)
    print_error("got '%s' %s '%s' %s\n", at, vl_los_kind_name(r.kind), why, r.rule);
  assert_int_equal(r.clear, where == NULL);
  assert_string_equal(at, where ? where : "");
  assert_string_equal(vl_los_kind_name(r.kind), vl_los_kind_name(kind));
  assert_string_equal(why, reason);
  assert_string_equal(r.rule, rule);
}

static void expect(fixture *f, const char *a, const char *b, const char *where,
                   vl_los_kind kind, const char *reason, const char *rule) {
  vl_los_query q;
  vl_los_query_init(&q, hx(f->m, a), hx(f->m, b));
  expect_q(f, &q, where, kind, reason, rule);
}

/* The same with units: n hexes, each with its height (VL_LOS_DEFAULT: the policy's). */
static void expect_units(fixture *f, const char *a, const char *b, const char *unit_hex,
                         int height, const char *where, vl_los_kind kind, const char *reason,
                         const char *rule) {
  vl_los_query q;
  vl_los_unit u;
  vl_los_query_init(&q, hx(f->m, a), hx(f->m, b));
  u.hex = hx(f->m, unit_hex);
  u.height = height;
  u.side = 1;
  q.units = &u;
  q.nunits = 1;
  expect_q(f, &q, where, kind, reason, rule);
}

#define CLEAR_RR "nothing blocks the line", "[rough_and_ready 6.18]"

/* ---- the policies as data ------------------------------------------------------------------ */

static void the_four_policies_load_with_their_cases(void **state) {
  vl_los_policy *p;
  const vl_los_config *c;
  const vl_los_value *v;
  (void)state;
  p = policy("rough_and_ready", NULL);
  c = vl_los_policy_config(p);
  assert_int_equal(c->terrain_blocks, VL_LOS_BLOCKS_ABSOLUTE);   /* [rough_and_ready PA 6.17] */
  assert_int_equal(c->graze, VL_LOS_GRAZE_EITHER);               /* [rough_and_ready 6.18] */
  assert_int_equal(c->units_block, VL_LOS_UNITS_ALL);
  assert_int_equal(c->see_over, VL_LOS_SEE_OVER_HIGHER);         /* [rough_and_ready RP 6.17] */
  assert_string_equal(c->sunken_flag, "resaca");
  assert_int_equal(c->sunken_target, VL_LOS_SUNKEN_NEAR);
  v = vl_los_policy_get(p, "units", "see-over");
  assert_non_null(v);
  assert_string_equal(v->rule, "[rough_and_ready RP 6.17] [rough_and_ready RS 6.17]");
  assert_string_equal(v->provisional, "the rules say \"a hex of higher elevation\" without "
                      "saying higher than what; read as higher than the hex of the unit in the way");
  assert_int_equal(v->line, 38);
  vl_los_policy_free(p);

  p = policy("spi_gbacw", NULL);
  c = vl_los_policy_config(p);
  assert_string_equal(c->unit, "ft");
  assert_int_equal(c->level, 20);
  assert_int_equal(c->eye, 5);                                   /* [spi_gbacw 9.72] */
  assert_int_equal(c->tolerance, 5);                             /* [spi_gbacw 9.73] */
  assert_int_equal(c->tests, VL_LOS_TEST_SIGHTLINE);
  assert_int_equal(c->ground, VL_LOS_GROUND_CRESTS);
  assert_int_equal(c->graze, VL_LOS_GRAZE_BOTH);                 /* [spi_gbacw 9.7] */
  assert_int_equal(c->exempt, VL_LOS_EXEMPT_ADJACENT);
  assert_int_equal(c->units_as, VL_LOS_UNITS_HEIGHT);
  assert_true(c->reciprocal);
  assert_non_null(vl_los_policy_get(p, "los", "level")->provisional);
  vl_los_policy_free(p);

  p = policy("battle_of_buena_vista", NULL);
  c = vl_los_policy_config(p);
  assert_int_equal(c->tests, VL_LOS_TEST_HIGHER_THAN_BOTH | VL_LOS_TEST_NEAR_LOWER);
  assert_int_equal(c->near_lower, VL_LOS_NEAR_HIGHER);
  assert_true(c->midpoint_blocks);
  assert_int_equal(c->units_block, VL_LOS_UNITS_NONE);           /* [battle_of_buena_vista E-9.3a] */
  assert_int_equal(c->sunken_observer, VL_LOS_SUNKEN_BLIND);
  assert_string_equal(c->adjacent_flag, "impassable");
  assert_string_equal(vl_los_policy_get(p, "hexsides", "adjacent")->rule,
                      "[battle_of_buena_vista E-9.3d]");
  vl_los_policy_free(p);

  p = policy("gbacw", NULL);
  c = vl_los_policy_config(p);
  assert_int_equal(c->near_lower, VL_LOS_NEAR_AVERAGE);          /* [gbacw 10.24] */
  assert_false(c->midpoint_blocks);
  assert_int_equal(c->see_over, VL_LOS_SEE_OVER_LOWER_THAN_BOTH);
  assert_true(c->reciprocal);                                    /* [gbacw 10.25] */
  assert_string_equal(vl_los_policy_rule(p), "[gbacw 10.2]");
  vl_los_policy_free(p);
}

/* A scratch directory for the refusal tests. */
static char dir[] = "/tmp/volley-test-los-XXXXXX";

static const char *write_file(const char *name, const char *text) {
  static char path[2][256];
  static int k;
  FILE *f;
  k = !k;
  snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
  f = fopen(path[k], "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path[k];
}

static void refused(const char *sys_text, const char *layer_text, const char *file, int line,
                    const char *msg) {
  vl_error err;
  const char *sys = write_file("system.ini", sys_text);
  const char *layer = layer_text ? write_file("layer.ini", layer_text) : NULL;
  char want[512];
  memset(&err, 0, sizeof err);
  assert_null(vl_los_policy_load("test", sys, layer, &err));
  assert_int_equal(err.code, VL_EPARSE);
  snprintf(want, sizeof want, "%s/%s", dir, file);
  if (err.line != line || strcmp(err.msg, msg) != 0) print_error("got %d: %s\n", err.line, err.msg);
  assert_string_equal(err.file, want);
  assert_int_equal(err.line, line);
  assert_string_equal(err.msg, msg);
}

#define HEAD "[los]\nsystem = test\nrule = [test 1]\n"

static void malformed_policies_are_refused(void **state) {
  (void)state;
  refused("", NULL, "system.ini", 1, "missing section [los]");
  refused("[ground]\n", NULL, "system.ini", 1, "[los] must be the first section");
  refused("[los]\nrule = [test 1]\n", NULL, "system.ini", 1, "[los] has no system");
  refused("[los]\nsystem = test\n", NULL, "system.ini", 1,
          "[los] has no rule (the case the policy as a whole implements)");
  refused("[los]\nsystem = other\n", NULL, "system.ini", 2,
          "this los.ini is for system 'other', not 'test'");
  refused(HEAD "[sight]\n", NULL, "system.ini", 4,
          "unknown section [sight] (known: los, terrain, ground, hexsides, units, sunken, "
          "slopes)");
  refused(HEAD "[ground]\nslope = 1\n", NULL, "system.ini", 5,
          "unknown key 'slope' in [ground] (known: obstacles, tests, tolerance, near-lower, "
          "midpoint, rule, rule.<key>, provisional.<key>)");
  refused(HEAD "[ground]\ntests = sightline\n", NULL, "system.ini", 5,
          "no rule for tests in [ground] (give rule = or rule.tests =, or provisional.tests =)");
  refused(HEAD "[ground]\nrule = [test 2]\nobstacles = hexes\ntests = upward\n", NULL,
          "system.ini", 7, "bad value 'upward' for tests in [ground] (sightline, "
          "higher-than-both, near-lower, higher-than-target, or none)");
  refused(HEAD "[hexsides]\nrule = [test 2]\ngraze = maybe\n", NULL, "system.ini", 6,
          "bad value 'maybe' for graze in [hexsides] (one of either, both, defender)");
  refused(HEAD "[ground]\nrule = [test 2]\nprovisional.tolerance = why\n", NULL, "system.ini", 6,
          "provisional.tolerance: [ground] gives no tolerance");
  refused(HEAD "[ground]\nrule.depth = [x]\n", NULL, "system.ini", 5,
          "unknown key 'rule.depth' in [ground] (rule.<key> names a value: obstacles, tests, "
          "tolerance, near-lower, midpoint)");
  refused("[los]\nsystem = test\nrule = [test 1]\nunit = ft\n", NULL, "system.ini", 4,
          "[los] unit ft needs level (how many ft make a map level)");
  refused("[los]\nsystem = test\nrule = [test 1]\nunit = ft\nlevel = 15\n", NULL, "system.ini",
          5, "bad level '15' for level in [los] (an even number of units per map level, 2 to 100)");
  refused("[los]\nsystem = test\nrule = [test 1]\nlevel = 20\n", NULL, "system.ini", 4,
          "level is for a policy whose unit is not level");
  refused("[los]\nsystem = test\nrule = [test 1]\neye = 0.25\n", NULL, "system.ini", 4,
          "bad height '0.25' for eye in [los] (levels: a non-negative integer, or one ending "
          "in .5)");
  refused("[los]\nsystem = test\nrule = [test 1]\neye = 100.5\n", NULL, "system.ini", 4,
          "bad height '100.5' for eye in [los] (out of range: 0..99 levels)");
  refused(HEAD "[ground]\nrule = [test 2]\nobstacles = hexes\ntests = higher-than-both\n"
          "tolerance = 1\n", NULL, "system.ini", 8,
          "tolerance is for the sightline test, which tests does not name");
  refused(HEAD "[ground]\nrule = [test 2]\ntests = higher-than-both\n", NULL, "system.ini", 6,
          "tests judge nothing: obstacles is none and no terrain, hexside or unit blocks by "
          "height");
  refused(HEAD "[sunken]\nrule = [test 2]\nflag = Stream\n", NULL, "system.ini", 6,
          "bad flag word 'Stream' for flag in [sunken] (one word of lower-case letters, digits "
          "and '-', or none)");
  refused(HEAD "[units]\nrule = [test 2]\nsee-over = higher higher\n", NULL, "system.ini", 6,
          "bad value 'higher higher' for see-over in [units] (higher, lower-than-both, or none)");
  /* the layer: its values cite their own cases */
  refused(HEAD, "[los]\nsystem = test\n[hexsides]\ngraze = both\n", "layer.ini", 4,
          "no rule for graze in [hexsides] (give rule = or rule.graze =, or provisional.graze =)");
  refused(HEAD, "[los]\nsystem = other\n", "layer.ini", 2,
          "this los.ini is for system 'other', not 'test'");
}

static void a_layer_overrides_single_values(void **state) {
  vl_los_policy *p = policy("rough_and_ready", "tests/data/los/graze-both.ini");
  const vl_los_value *v = vl_los_policy_get(p, "hexsides", "graze");
  (void)state;
  assert_int_equal(vl_los_policy_config(p)->graze, VL_LOS_GRAZE_BOTH);
  assert_string_equal(v->rule, "[volley test] graze both");
  assert_string_equal(v->file, "tests/data/los/graze-both.ini");
  assert_int_equal(v->line, 7);
  /* the rest is the system's */
  assert_string_equal(vl_los_policy_get(p, "hexsides", "exempt")->rule,
                      "[rough_and_ready TEC] note g");
  assert_int_equal(vl_los_policy_config(p)->terrain_blocks, VL_LOS_BLOCKS_ABSOLUTE);
  vl_los_policy_free(p);
}

static void unknown_systems_and_flags_are_refused(void **state) {
  vl_error err;
  vl_path *data = vl_path_new(NULL, NULL, ".");
  vl_map *m = load_map(SAMPLE);
  vl_los_policy *p;
  (void)state;
  memset(&err, 0, sizeof err);
  assert_null(vl_los_policy_find(data, "kriegsspiel", NULL, &err));
  assert_int_equal(err.code, VL_ENOTFOUND);
  assert_string_equal(err.msg, "no charts/kriegsspiel/los.ini on the data path");
  assert_null(vl_los_policy_find(data, "../etc", NULL, &err));
  assert_string_equal(err.msg, "no charts/../etc/los.ini on the data path");
  /* the map's own system's policy must name flags its terrain tables have */
  p = vl_los_policy_load("rough_and_ready",
                         write_file("system.ini", "[los]\nsystem = rough_and_ready\nrule = [x]\n"
                                    "[sunken]\nrule = [y]\nflag = sunk\n"), NULL, &err);
  assert_non_null(p);
  assert_null(vl_los_new(m, p, 0, &err));
  assert_int_equal(err.code, VL_EINVAL);
  assert_string_equal(err.msg, "los.ini [sunken] flag 'sunk' is not a flag of the terrain "
                      "tables of rough_and_ready");
  vl_los_policy_free(p);
  /* another system's policy: the flag is simply carried by no terrain (BV's stream) */
  p = policy("battle_of_buena_vista", NULL);
  {
    vl_los *l = vl_los_new(m, p, 0, &err);
    assert_non_null(l);
    vl_los_free(l);
  }
  vl_los_policy_free(p);
  vl_map_free(m);
  vl_path_free(data);
}

/* ---- worked cases on the sample map --------------------------------------------------------- */

static void rough_and_ready_on_the_sample_map(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SAMPLE, "rough_and_ready", NULL, VL_LOS_CACHE_DEFAULT);
  /* woods: fire into, not through [rough_and_ready PA 6.17] */
  expect(&f, "0606", "0101", "0505", VL_LOS_TERRAIN, "Light Woods: fire into, not through",
         "[rough_and_ready PA 6.17] [rough_and_ready RP 6.17]");
  expect(&f, "0606", "0505", NULL, VL_LOS_CLEAR, CLEAR_RR);       /* into the woods */
  /* marsh does not block; the stream hexsides beside the line are not crossed */
  expect(&f, "1001", "1005", NULL, VL_LOS_CLEAR, CLEAR_RR);
  /* a unit in the way [rough_and_ready PA 6.17] */
  expect(&f, "0806", "0810", NULL, VL_LOS_CLEAR, CLEAR_RR);
  expect_units(&f, "0806", "0810", "0808", VL_LOS_DEFAULT, "0808", VL_LOS_UNIT,
               "a unit stands in the way", "[rough_and_ready PA 6.17] [rough_and_ready RP "
               "6.17] [rough_and_ready RS 6.17]");
  /* ... unless the firer's hex is higher [rough_and_ready RP 6.17]: 0614 is level 1, the unit
  ** in the resaca at 0814 level 0; 0614 is beside the resaca, so it may fire into it */
  expect_units(&f, "0614", "0914", "0814", VL_LOS_DEFAULT, NULL, VL_LOS_CLEAR, CLEAR_RR);
  /* from 0714 (level 0) the line runs along 0814/0815: the unit blocks, and so does 0815, a
  ** level 1 hex higher than the target [rough_and_ready RS 6.17] */
  expect_units(&f, "0714", "0914", "0814", VL_LOS_DEFAULT, "0814/0815", VL_LOS_UNIT,
               "along the hexside, both hexes block: a unit stands in the way",
               "[rough_and_ready 6.18]");
  /* a resaca hex is seen only from a resaca hex or one beside it [rough_and_ready RP 6.17] */
  expect(&f, "0613", "0914", "0914", VL_LOS_TARGET_SUNKEN, "the target is in a Resaca (light "
         "woods) hex, seen only from a resaca hex or one beside it", "[rough_and_ready RP 6.17]");
  /* a spur hexside: no fire through it, not even between adjacent hexes */
  expect(&f, "1805", "1807", "1805/1806", VL_LOS_HEXSIDE, "no line through the Spur hexside",
         "[rough_and_ready TEC] note g");
  expect(&f, "1806", "1805", "1805/1806", VL_LOS_HEXSIDE, "no line through the Spur hexside",
         "[rough_and_ready TEC] note g");
  /* along a hexside, either hex blocking blocks [rough_and_ready 6.18] */
  expect(&f, "0105", "0305", "0205/0206", VL_LOS_TERRAIN,
         "along the hexside, Light Woods: fire into, not through", "[rough_and_ready 6.18]");
  expect(&f, "0106", "0306", NULL, VL_LOS_CLEAR, CLEAR_RR);
  /* an intervening hex higher than the target [rough_and_ready RS 6.17]: one way only */
  expect(&f, "1604", "1608", "1605", VL_LOS_HIGHER_THAN_TARGET,
         "Clear ground at level 2.5 is higher than the target (level 1)",
         "[rough_and_ready RS 6.17]");
  expect(&f, "1608", "1604", NULL, VL_LOS_CLEAR, CLEAR_RR);
  close_fx(&f);
}

static void buena_vista_on_the_sample_map(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SAMPLE, "battle_of_buena_vista", NULL, VL_LOS_CACHE_DEFAULT);
  /* only elevation blocks [battle_of_buena_vista 9.3]: the woods do not */
  expect(&f, "0606", "0101", NULL, VL_LOS_CLEAR, "nothing blocks the line",
         "[battle_of_buena_vista 9.3]");
  /* the hill's slope (level 1.5) between two level 1 hexes: higher than both */
  expect(&f, "1204", "2004", "1303/1304", VL_LOS_HIGHER_THAN_BOTH,
         "along the hexside, both hexes block: Clear ground at level 1.5 is higher than both "
         "ends (level 1, level 1)", "[battle_of_buena_vista 9.3]");
  /* level 1 down to the resaca (level 0): 1013 is as high as the higher end and nearer the
  ** lower (3 hexes from 1314, 4 from 0612); 0712-0913 are nearer the higher end */
  expect(&f, "0612", "1314", "1013", VL_LOS_NEAR_LOWER, "Clear ground at level 1 is as high as "
         "the higher end and nearer the lower end (level 1, level 0)",
         "[battle_of_buena_vista 9.3]");
  /* the other way the walk starts at 1314 and meets 1113 first (2 hexes from 1314, 5 from
  ** 0612) */
  expect(&f, "1314", "0612", "1113", VL_LOS_NEAR_LOWER, "Lagoon ground at level 1 is as high as "
         "the higher end and nearer the lower end (level 0, level 1)",
         "[battle_of_buena_vista 9.3]");
  /* units never block [battle_of_buena_vista E-9.3a] */
  expect_units(&f, "0806", "0810", "0808", VL_LOS_DEFAULT, NULL, VL_LOS_CLEAR,
               "nothing blocks the line", "[battle_of_buena_vista 9.3]");
  close_fx(&f);
}

static void spi_on_the_sample_map(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SAMPLE, "spi_gbacw", NULL, VL_LOS_CACHE_DEFAULT);
  /* level ground, 20 ft + 5 ft eyes; the woods of R&R's table have no height */
  expect(&f, "0606", "0101", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* across the hill: the crest of 1404 (level 2, 40 ft) is 15 ft above the line at 25 ft;
  ** the slope 1303/1304 (30 ft) passes, at most 5 ft above it [spi_gbacw 9.73] */
  expect(&f, "1204", "2004", "1404", VL_LOS_SIGHTLINE,
         "a crest at 40 ft rises above the line from 25 ft to 25 ft",
         "[spi_gbacw JC 22.1] [spi_gbacw 9.56]");
  /* from the hilltop (65 ft) down the slope to 1608 (25 ft): H = 40, D = 4. The crest
  ** 1605/1606 (50 ft) is 2.5 hexes from the lower end: (50 - 5 - 25) * 4 = 80 <= 40 * 2.5 */
  expect(&f, "1604", "1608", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* a unit on 1607 (30 ft ground), 1 hex from the lower end: the line passes at 35 ft there.
  ** Mounted (10 ft, top 40) it is exactly 5 ft above: clear; 15 ft blocks */
  expect_units(&f, "1604", "1608", "1607", 10, NULL, VL_LOS_CLEAR, "nothing blocks the line",
               "[spi_gbacw 9.7]");
  expect_units(&f, "1604", "1608", "1607", 15, "1607", VL_LOS_SIGHTLINE,
               "a unit at 45 ft rises above the line from 65 ft to 25 ft",
               "[spi_gbacw 9.71] [spi_gbacw 9.72]");
  close_fx(&f);
}

static void gbacw_on_the_sample_map(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SAMPLE, "gbacw", NULL, VL_LOS_CACHE_DEFAULT);
  expect(&f, "0606", "0101", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[gbacw 10.2]");
  /* Higher Elevations [gbacw 10.24], along a hexside [gbacw 10.27] */
  expect(&f, "1204", "2004", "1303/1304", VL_LOS_HIGHER_THAN_BOTH,
         "along the hexside, both hexes block: Clear ground at level 1.5 is higher than both "
         "ends (level 1, level 1)", "[gbacw 10.27]");
  /* Slopes [gbacw 10.24]: level 1 is above the average (0.5), and 1013 nearer the lower */
  expect(&f, "0612", "1314", "1013", VL_LOS_NEAR_LOWER, "Clear ground at level 1 is above the "
         "ends' average and nearer the lower end (level 1, level 0)", "[gbacw 10.24]");
  /* units block [gbacw 10.26] unless on ground lower than both ends */
  expect_units(&f, "0806", "0810", "0808", VL_LOS_DEFAULT, "0808", VL_LOS_UNIT,
               "a unit stands in the way", "[gbacw 10.26]");
  expect_units(&f, "0713", "0715", "0714", VL_LOS_DEFAULT, NULL, VL_LOS_CLEAR,
               "nothing blocks the line", "[gbacw 10.2]");
  close_fx(&f);
}

/* ---- SPI's test vectors ---------------------------------------------------------------------- */

static void spi_test_vectors(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SPI_MAP, "spi_gbacw", NULL, VL_LOS_CACHE_DEFAULT);
  /* L1: a 5 ft unit between two on level ground: hp = 0, clear */
  expect_units(&f, "0301", "0304", "0302", 5, NULL, VL_LOS_CLEAR, "nothing blocks the line",
               "[spi_gbacw 9.7]");
  /* L2: mounted cavalry, 10 ft: (5 - 5) * 3 = 0, an exact graze, clear */
  expect_units(&f, "0301", "0304", "0302", 10, NULL, VL_LOS_CLEAR, "nothing blocks the line",
               "[spi_gbacw 9.7]");
  expect_units(&f, "0301", "0304", "0302", 15, "0302", VL_LOS_SIGHTLINE,
               "a unit at 15 ft rises above the line from 5 ft to 5 ft",
               "[spi_gbacw 9.71] [spi_gbacw 9.72]");
  /* L3: woods (30 ft) between them: blocked */
  expect(&f, "0501", "0504", "0502", VL_LOS_SIGHTLINE,
         "Woods at 30 ft rises above the line from 5 ft to 5 ft",
         "[spi_gbacw 9.71] [spi_gbacw JC 22.7] [spi_gbacw JC 22.8]");
  /* L4: 105 ft down to 5 ft, D = 5, woods 1 hex from the target: 100 * 1 = 20 * 5, clear */
  expect(&f, "0101", "0106", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* L5: D = 6: 100 * 1 < 20 * 6, blocked at the woods next to the target */
  expect(&f, "0101", "0107", "0106", VL_LOS_SIGHTLINE,
         "Woods at 30 ft rises above the line from 105 ft to 5 ft",
         "[spi_gbacw 9.71] [spi_gbacw JC 22.7] [spi_gbacw JC 22.8]");
  /* the algorithm uses the higher and lower positions: the same answers the other way */
  expect(&f, "0106", "0101", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  expect(&f, "0107", "0101", "0106", VL_LOS_SIGHTLINE,
         "Woods at 30 ft rises above the line from 5 ft to 105 ft",
         "[spi_gbacw 9.71] [spi_gbacw JC 22.7] [spi_gbacw JC 22.8]");
  /* L6: the standard rules' 20 ft trees in L4's place: hp = 15, 100 >= 10 * 5, clear */
  expect(&f, "0701", "0706", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* L7: out of woods, into woods, clear between */
  expect(&f, "0901", "0905", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* L8: along the hexside 0306/0307, woods and clear: both must block [spi_gbacw 9.7] */
  expect(&f, "0206", "0406", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  close_fx(&f);
}

/* A hexside obstacle (a 20 ft wall on 1004/1005 of the SPI test map) and the hexsides the ends
** exempt [spi_gbacw 9.7]: those of an end hex, and those touching an end hex's corner. */
static void hexside_obstacles_and_the_hexsides_ends_exempt(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, SPI_MAP, "spi_gbacw", NULL, VL_LOS_CACHE_DEFAULT);
  expect(&f, "1001", "1008", "1004/1005", VL_LOS_SIGHTLINE,
         "the Stone wall hexside at 20 ft rises above the line from 5 ft to 5 ft",
         "[spi_gbacw 9.73]");
  expect(&f, "1008", "1001", "1004/1005", VL_LOS_SIGHTLINE,
         "the Stone wall hexside at 20 ft rises above the line from 5 ft to 5 ft",
         "[spi_gbacw 9.73]");
  expect(&f, "1001", "1005", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  /* along the wall, which touches a corner of 0905 (1004 and 1005 are both beside it) */
  expect(&f, "0905", "1105", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
  close_fx(&f);
  /* exempting only the ends' own hexsides, the wall counts there */
  {
    const char *layer = write_file("layer.ini", "[los]\nsystem = spi_gbacw\n[hexsides]\n"
                                   "exempt = common\nrule = [volley test] exempt common\n");
    open_fx(&f, SPI_MAP, "spi_gbacw", layer, VL_LOS_CACHE_DEFAULT);
    expect(&f, "0905", "1105", "1004/1005", VL_LOS_SIGHTLINE,
           "the Stone wall hexside at 20 ft rises above the line from 5 ft to 5 ft",
           "[spi_gbacw 9.73]");
    expect(&f, "1001", "1005", NULL, VL_LOS_CLEAR, "nothing blocks the line", "[spi_gbacw 9.7]");
    close_fx(&f);
  }
}

/* ---- Battle of Buena Vista's cases -------------------------------------------------------- */

static void buena_vista_cases(void **state) {
  fixture f;
  (void)state;
  open_fx(&f, BV_MAP, "battle_of_buena_vista", NULL, VL_LOS_CACHE_DEFAULT);
  /* the rule's example: 2211 blocks the LOS from 2210 to 2212 [battle_of_buena_vista 9.3] */
  expect(&f, "2210", "2212", "2211", VL_LOS_NEAR_LOWER, "Clear ground at level 2 is as high as "
         "the higher end and nearer the lower end (level 2, level 1)",
         "[battle_of_buena_vista 9.3]");
  expect(&f, "2212", "2210", "2211", VL_LOS_NEAR_LOWER, "Clear ground at level 2 is as high as "
         "the higher end and nearer the lower end (level 1, level 2)",
         "[battle_of_buena_vista 9.3]");
  /* a slope half-way does not reach the higher end's level */
  expect(&f, "2010", "2012", NULL, VL_LOS_CLEAR, "nothing blocks the line",
         "[battle_of_buena_vista 9.3]");
  /* a unit in a stream hex sees nothing; one in a stream hex is seen only from an adjacent
  ** hex that is not a stream hex */
  expect(&f, "2410", "2411", "2410", VL_LOS_OBSERVER_SUNKEN, "the observer is in a Stream hex",
         "[battle_of_buena_vista 9.3]");
  expect(&f, "2411", "2410", NULL, VL_LOS_CLEAR, "nothing blocks the line",
         "[battle_of_buena_vista 9.3]");
  expect(&f, "2412", "2410", "2410", VL_LOS_TARGET_SUNKEN, "the target is in a Stream hex, seen "
         "only from an adjacent hex that is not a stream hex", "[battle_of_buena_vista 9.3]");
  /* an impassable hexside between adjacent firer and target [battle_of_buena_vista E-9.3d];
  ** crossed further away it no longer blocks (the errata narrowed 9.3's third case) */
  expect(&f, "2311", "2411", "2311/2411", VL_LOS_ADJACENT_HEXSIDE,
         "the Impassable hexside between adjacent hexes", "[battle_of_buena_vista E-9.3d]");
  expect(&f, "2212", "2411", NULL, VL_LOS_CLEAR, "nothing blocks the line",
         "[battle_of_buena_vista 9.3]");
  close_fx(&f);
}

/* ---- the three grazing policies ------------------------------------------------------------ */

static void each_grazing_policy_along_a_hexside(void **state) {
  fixture f;
  vl_los_query q;
  vl_los_result r;
  vl_error err;
  (void)state;
  /* 0105 -> 0305 runs along 0205/0206: Light Woods and Clear. 0104 -> 0304 along 0204/0205:
  ** woods on both sides. */
  open_fx(&f, SAMPLE, "rough_and_ready", NULL, VL_LOS_CACHE_DEFAULT);
  expect(&f, "0105", "0305", "0205/0206", VL_LOS_TERRAIN,
         "along the hexside, Light Woods: fire into, not through", "[rough_and_ready 6.18]");
  close_fx(&f);

  open_fx(&f, SAMPLE, "rough_and_ready", "tests/data/los/graze-both.ini", VL_LOS_CACHE_DEFAULT);
  expect(&f, "0105", "0305", NULL, VL_LOS_CLEAR, CLEAR_RR);
  expect(&f, "0104", "0304", "0204/0205", VL_LOS_TERRAIN,
         "along the hexside, both hexes block: Light Woods: fire into, not through",
         "[volley test] graze both");
  /* woods on one side, a unit on the other: both block */
  expect_units(&f, "0105", "0305", "0206", VL_LOS_DEFAULT, "0205/0206", VL_LOS_TERRAIN,
               "along the hexside, both hexes block: Light Woods: fire into, not through",
               "[volley test] graze both");
  close_fx(&f);

  open_fx(&f, SAMPLE, "rough_and_ready", "tests/data/los/graze-defender.ini", 0);
  vl_los_query_init(&q, hx(f.m, "0105"), hx(f.m, "0305"));
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_false(r.clear);
  assert_true(r.choice);
  {
    char why[VL_LOS_REASON_MAX];
    vl_los_reason(f.l, &r, why, sizeof why);
    assert_string_equal(why, "the defender may choose: along the hexside, Light Woods: fire "
                        "into, not through");
  }
  assert_string_equal(r.rule, "[volley test] graze defender");
  q.defender = VL_LOS_DEFENDER_BLOCK;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_false(r.clear);
  assert_false(r.choice);
  q.defender = VL_LOS_DEFENDER_CLEAR;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_true(r.clear);
  /* both sides block: no choice to make */
  vl_los_query_init(&q, hx(f.m, "0104"), hx(f.m, "0304"));
  q.defender = VL_LOS_DEFENDER_CLEAR;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_false(r.clear);
  assert_false(r.choice);
  close_fx(&f);
}

/* A line along the map's edge grazes hexsides whose other hex is off the map (it holds
** nothing): it is named by its hex on the map, never as "0300/0301" (docs/los.md). */
static void a_line_along_the_map_edge_names_the_hex_on_the_map(void **state) {
  fixture f;
  vl_los_query q;
  vl_los_result r;
  vl_error err;
  char at[VL_HEXSIDE_ID_MAX], why[VL_LOS_REASON_MAX];
  (void)state;
  /* 0201 -> 0401 runs along 0300/0301: 0300 is past the top edge, 0301 Light Woods */
  open_fx(&f, SAMPLE, "rough_and_ready", NULL, VL_LOS_CACHE_DEFAULT);
  expect(&f, "0201", "0401", "0301", VL_LOS_TERRAIN,
         "along the map's edge, Light Woods: fire into, not through", "[rough_and_ready 6.18]");
  expect(&f, "0401", "0201", "0301", VL_LOS_TERRAIN,
         "along the map's edge, Light Woods: fire into, not through", "[rough_and_ready 6.18]");
  close_fx(&f);
  /* both hexes must block: the one off the map never does */
  open_fx(&f, SAMPLE, "rough_and_ready", "tests/data/los/graze-both.ini", VL_LOS_CACHE_DEFAULT);
  expect(&f, "0201", "0401", NULL, VL_LOS_CLEAR, CLEAR_RR);
  close_fx(&f);
  open_fx(&f, SAMPLE, "rough_and_ready", "tests/data/los/graze-defender.ini", 0);
  vl_los_query_init(&q, hx(f.m, "0201"), hx(f.m, "0401"));
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_true(r.choice);
  assert_int_equal(r.at, VL_LOS_AT_HEX);
  vl_los_where(f.l, &r, at, sizeof at);
  vl_los_reason(f.l, &r, why, sizeof why);
  assert_string_equal(at, "0301");
  assert_string_equal(why, "the defender may choose: along the map's edge, Light Woods: fire "
                      "into, not through");
  close_fx(&f);
}

/* ---- reciprocity, the cache ------------------------------------------------------------------ */

/* Every ordered pair of hexes of m within range of each other, as cells. */
static void each_pair(const vl_map *m, int range, void (*fn)(void *, vl_hex, vl_hex), void *u) {
  size_t i, j, n = vl_map_hex_count(m);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      vl_hex a = vl_map_hex_at(m, i), b = vl_map_hex_at(m, j);
      if (i != j && vl_hex_distance(a, b) <= range) fn(u, a, b);
    }
}

typedef struct recip {
  vl_los *l;
  int pairs, blocked;
} recip;

static void check_reciprocal(void *u, vl_hex a, vl_hex b) {
  recip *x = u;
  vl_los_result r1, r2;
  assert_int_equal(vl_los_terrain(x->l, a, b, &r1, NULL), VL_OK);
  assert_int_equal(vl_los_terrain(x->l, b, a, &r2, NULL), VL_OK);
  assert_int_equal(r1.clear, r2.clear);
  x->pairs++;
  x->blocked += !r1.clear;
}

static void reciprocal_where_the_policy_says_so(void **state) {
  static const char *const systems[] = {"spi_gbacw", "gbacw"};
  size_t k;
  (void)state;
  for (k = 0; k < 2; k++) {
    fixture f;
    recip x;
    open_fx(&f, SAMPLE, systems[k], NULL, VL_LOS_CACHE_DEFAULT);
    assert_true(vl_los_policy_config(f.p)->reciprocal);
    x.l = f.l;
    x.pairs = x.blocked = 0;
    each_pair(f.m, 6, check_reciprocal, &x);
    assert_int_equal(x.pairs, 26746);
    assert_true(x.blocked > 1000);          /* the sweep sees both answers */
    assert_true(x.blocked < x.pairs - 1000);
    close_fx(&f);
  }
}

typedef struct twin {
  vl_los *cached, *plain;
  const vl_los_unit *units;
  size_t nunits;
  int eye;
  int pairs;
} twin;

static void check_twin(void *u, vl_hex a, vl_hex b) {
  twin *t = u;
  vl_los_query q;
  vl_los_result r1, r2;
  vl_los_query_init(&q, a, b);
  q.units = t->units;
  q.nunits = t->nunits;
  q.from_eye = t->eye;
  assert_int_equal(vl_los_check(t->cached, &q, &r1, NULL), VL_OK);
  assert_int_equal(vl_los_check(t->plain, &q, &r2, NULL), VL_OK);
  assert_int_equal(r1.clear, r2.clear);
  assert_int_equal(r1.kind, r2.kind);
  assert_int_equal(r1.at, r2.at);
  assert_true(vl_hex_eq(r1.hex, r2.hex));
  assert_true(vl_hex_eq(r1.hex2, r2.hex2));
  {
    char w1[VL_LOS_REASON_MAX], w2[VL_LOS_REASON_MAX];
    vl_los_reason(t->cached, &r1, w1, sizeof w1);
    vl_los_reason(t->plain, &r2, w2, sizeof w2);
    assert_string_equal(w1, w2);
  }
  t->pairs++;
}

/* GBACW's v2023 rules on their fixture (tests/data/maps/gbacw/sight.ini): one line per rule
** and exception of [gbacw 10.23]-[gbacw 10.27], each both ways alike [gbacw 10.25]; the
** optional Crests through a scenario layer; the cache against no cache on every pair. */
#define GB_MAP "tests/data/maps/gbacw/sight.ini"
#define R24 "[gbacw 10.24]"

static void expect2(fixture *f, const char *a, const char *b, const char *where,
                    vl_los_kind kind, const char *reason, const char *rule) {
  expect(f, a, b, where, kind, reason, rule);
  expect(f, b, a, where, kind, reason, rule);
}

static void gbacw_v2023_rules(void **state) {
  fixture f;
  const char *clear = "nothing blocks the line";
  recip x;
  (void)state;
  open_fx(&f, GB_MAP, "gbacw", NULL, VL_LOS_CACHE_DEFAULT);
  /* woods and towns block on level ground, orchards do not [gbacw 10.23] */
  expect2(&f, "0102", "0106", "0104", VL_LOS_HIGHER_THAN_BOTH,
          "Woods at level 1 is higher than both ends (level 0, level 0)", R24);
  expect2(&f, "0302", "0306", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  expect(&f, "0502", "0506", "0504", VL_LOS_HIGHER_THAN_BOTH,
         "Town at level 1 is higher than both ends (level 0, level 0)", R24);
  /* a hill higher than both ends */
  expect2(&f, "0702", "0706", "0704", VL_LOS_HIGHER_THAN_BOTH,
          "Clear ground at level 1 is higher than both ends (level 0, level 0)", R24);
  /* a rise nearer the lower end blocks; nearer the higher, it does not */
  expect(&f, "0902", "0908", "0904", VL_LOS_NEAR_LOWER, "Clear ground at level 2 is above "
         "the ends' average and nearer the lower end (level 0, level 3)", R24);
  expect(&f, "0908", "0902", "0904", VL_LOS_NEAR_LOWER, "Clear ground at level 2 is above "
         "the ends' average and nearer the lower end (level 3, level 0)", R24);
  expect2(&f, "1102", "1108", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* Canopy, and its exception (lower than both, a non-gradual change) */
  expect2(&f, "1302", "1307", "1303", VL_LOS_CANOPY,
          "canopy: a lower Woods hex beside a wooded end", R24);
  expect2(&f, "1502", "1507", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* half-way: a hex with a steep slope toward the lower end; gradual, clear */
  expect(&f, "1702", "1706", "1704", VL_LOS_MIDWAY, "Clear ground at level 2 is above the "
         "ends' average, midway, with a non-gradual slope toward the lower end (level 0, "
         "level 2)", R24);
  expect(&f, "1706", "1702", "1704", VL_LOS_MIDWAY, "Clear ground at level 2 is above the "
         "ends' average, midway, with a non-gradual slope toward the lower end (level 2, "
         "level 0)", R24);
  expect2(&f, "1902", "1906", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* the midway hexside: steep, it blocks; its higher hex one level up, it is gradual */
  expect(&f, "2102", "2107", "2104/2105", VL_LOS_MIDWAY, "the hexside midway, at level 1.5 "
         "(its hexes' average), is above the ends' average and non-gradual (level 0, level "
         "2)", R24);
  expect(&f, "2107", "2102", "2104/2105", VL_LOS_MIDWAY, "the hexside midway, at level 1.5 "
         "(its hexes' average), is above the ends' average and non-gradual (level 2, level "
         "0)", R24);
  expect2(&f, "2302", "2307", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* the Intervening Hill and Shadow exceptions */
  expect(&f, "2502", "2508", "2506", VL_LOS_INTERVENING_HILL, "intervening hill: Clear "
         "ground at level 2 is as high as the higher end, lower ground between (level 0, "
         "level 2)", R24);
  expect(&f, "2702", "2708", "2703", VL_LOS_SHADOW, "shadow: Woods at level 1 is higher "
         "than the end beside it (level 0, level 3)", R24);
  expect(&f, "2902", "2908", "2905", VL_LOS_SHADOW_SLOPE, "shadow: Clear ground at level 1 "
         "has a steep slope toward the lower end and a gentler one toward the higher (level "
         "0, level 2)", R24);
  expect2(&f, "3102", "3108", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* along the hexside of a blocking hex [gbacw 10.27] */
  expect2(&f, "0109", "0309", "0209/0210", VL_LOS_HIGHER_THAN_BOTH, "along the hexside, "
          "Woods at level 1 is higher than both ends (level 0, level 0)", "[gbacw 10.27]");
  /* Crests are optional: off by default */
  expect2(&f, "3311", "3305", NULL, VL_LOS_CLEAR, clear, "[gbacw 10.2]");
  /* reciprocal on every pair within 8 hexes */
  x.l = f.l;
  x.pairs = x.blocked = 0;
  each_pair(f.m, 8, check_reciprocal, &x);
  assert_true(x.blocked > 1000 && x.blocked < x.pairs - 1000);
  close_fx(&f);
  open_fx(&f, GB_MAP, "gbacw", "tests/data/los/gbacw-crests.ini", VL_LOS_CACHE_DEFAULT);
  expect(&f, "3311", "3305", "3305", VL_LOS_CREST, "crest: the ground falls away behind the "
         "higher end sooner than before it (level 0, level 2)", R24);
  expect(&f, "3305", "3311", "3305", VL_LOS_CREST, "crest: the ground falls away behind the "
         "higher end sooner than before it (level 2, level 0)", R24);
  x.l = f.l;
  x.pairs = x.blocked = 0;
  each_pair(f.m, 8, check_reciprocal, &x);
  close_fx(&f);
}

static void the_cache_answers_as_no_cache_does(void **state) {
  static const char *const systems[] = {"rough_and_ready", "battle_of_buena_vista", "spi_gbacw",
                                        "gbacw"};
  static const char *const unit_hexes[] = {"0808", "0814", "1607", "1404", "0303", "1204"};
  size_t k, i;
  (void)state;
  for (k = 0; k < 4; k++) {
    fixture f;
    twin t;
    vl_los_unit units[6];
    vl_los_stats s;
    vl_error err;
    open_fx(&f, SAMPLE, systems[k], NULL, (size_t)16 << 20);   /* room for every path */
    for (i = 0; i < 6; i++) {
      units[i].hex = hx(f.m, unit_hexes[i]);
      units[i].height = (int)(i % 3) * vl_los_policy_config(f.p)->level / 2;
      units[i].side = (int)i % 2;
    }
    t.cached = f.l;
    t.plain = vl_los_new(f.m, f.p, 0, &err);
    assert_non_null(t.plain);
    t.pairs = 0;
    t.units = NULL;                          /* terrain only */
    t.nunits = 0;
    t.eye = VL_LOS_DEFAULT;
    each_pair(f.m, 5, check_twin, &t);
    t.units = units;                         /* with units: walked along the cached paths */
    t.nunits = 6;
    each_pair(f.m, 5, check_twin, &t);
    t.eye = 3;                               /* other eyes: the cached path judged afresh */
    each_pair(f.m, 5, check_twin, &t);
    vl_los_stats_get(f.l, &s);
    assert_int_equal(t.pairs, 3 * 20232);
    /* each pair traced once, then found (pairs the end rules block need no path) */
    assert_true(s.misses <= 20232 && s.misses > 19000);
    assert_int_equal(s.hits, 2 * s.misses);
    assert_int_equal(s.flushes, 0);
    assert_int_equal(s.entries, s.misses);
    assert_true(s.bytes_used <= s.bytes_budget);
    vl_los_free(t.plain);
    close_fx(&f);
  }
}

static void the_cache_stays_within_its_budget(void **state) {
  fixture f;
  vl_los_stats s;
  vl_los_result r;
  size_t i, n;
  (void)state;
  open_fx(&f, SAMPLE, "rough_and_ready", NULL, 1000);   /* raised to the 16 KiB floor */
  n = vl_map_hex_count(f.m);
  for (i = 0; i < n; i++) {
    assert_int_equal(vl_los_terrain(f.l, vl_map_hex_at(f.m, 0), vl_map_hex_at(f.m, i), &r, NULL),
                     VL_OK);
    vl_los_stats_get(f.l, &s);
    assert_true(s.bytes_used + 16 * 16 <= s.bytes_budget);
  }
  assert_int_equal(s.bytes_budget, 16 << 10);
  assert_true(s.flushes > 0);
  assert_true(s.entries > 0);
  vl_los_flush(f.l);
  vl_los_stats_get(f.l, &s);
  assert_int_equal(s.entries, 0);
  assert_int_equal(s.bytes_used, 0);
  close_fx(&f);
}

/* ---- refusals of a query ------------------------------------------------------------------- */

static void bad_queries_are_refused(void **state) {
  fixture f;
  vl_los_query q;
  vl_los_result r;
  vl_los_unit u;
  vl_error err;
  (void)state;
  open_fx(&f, SAMPLE, "rough_and_ready", NULL, VL_LOS_CACHE_DEFAULT);
  vl_los_query_init(&q, hx(f.m, "0101"), hx(f.m, "2101"));
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "hex 2101 is not on the map");
  vl_los_query_init(&q, hx(f.m, "0101"), hx(f.m, "0505"));
  q.defender = 7;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "bad defender choice 7");
  q.defender = VL_LOS_DEFENDER_ASK;
  q.to_eye = -1;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "an eye height is out of range (0 to 1000000)");
  q.to_eye = VL_LOS_MAX_HEIGHT + 1;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  q.to_eye = VL_LOS_DEFAULT;
  u.hex = hx(f.m, "2101");
  u.height = 0;
  u.side = 0;
  q.units = &u;
  q.nunits = 1;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "unit obstacle at 2101 is off the map");
  u.hex = hx(f.m, "0202");
  u.height = -1;
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "unit obstacle at 0202 has a height out of range (0 to 1000000)");
  /* the same hex: clear, and nothing left behind by the refused units */
  vl_los_query_init(&q, hx(f.m, "0101"), hx(f.m, "0101"));
  assert_int_equal(vl_los_check(f.l, &q, &r, &err), VL_OK);
  assert_true(r.clear);
  assert_int_equal(r.distance, 0);
  close_fx(&f);
}

static int setup(void **state) {
  (void)state;
  return mkdtemp(dir) == NULL ? -1 : 0;
}

static int teardown(void **state) {
  char path[300];
  (void)state;
  snprintf(path, sizeof path, "%s/system.ini", dir);
  unlink(path);
  snprintf(path, sizeof path, "%s/layer.ini", dir);
  unlink(path);
  return rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(the_four_policies_load_with_their_cases),
    cmocka_unit_test(malformed_policies_are_refused),
    cmocka_unit_test(a_layer_overrides_single_values),
    cmocka_unit_test(unknown_systems_and_flags_are_refused),
    cmocka_unit_test(rough_and_ready_on_the_sample_map),
    cmocka_unit_test(buena_vista_on_the_sample_map),
    cmocka_unit_test(spi_on_the_sample_map),
    cmocka_unit_test(gbacw_on_the_sample_map),
    cmocka_unit_test(spi_test_vectors),
    cmocka_unit_test(hexside_obstacles_and_the_hexsides_ends_exempt),
    cmocka_unit_test(buena_vista_cases),
    cmocka_unit_test(each_grazing_policy_along_a_hexside),
    cmocka_unit_test(a_line_along_the_map_edge_names_the_hex_on_the_map),
    cmocka_unit_test(reciprocal_where_the_policy_says_so),
    cmocka_unit_test(gbacw_v2023_rules),
    cmocka_unit_test(the_cache_answers_as_no_cache_does),
    cmocka_unit_test(the_cache_stays_within_its_budget),
    cmocka_unit_test(bad_queries_are_refused),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
