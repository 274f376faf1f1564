/*
** test_terrain.c -- terrain tables: Rough & Ready's charts/rough_and_ready/terrain.ini as the
** rulebook gives it (what blocks line of sight, what is provisional), the scenario layer
** overriding single values, levels in half-levels, and every refusal with file and line.
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

#include "volley/terrain.h"

#define RR "charts/rough_and_ready/terrain.ini"

static const vl_terrain_type *type(const vl_terrain *t, vl_terrain_kind k, const char *id) {
  int i = vl_terrain_find(t, k, id, strlen(id));
  assert_true(i >= 0);
  return vl_terrain_type_at(t, k, (size_t)i);
}

/* The value of key in ty, or fails. */
static const vl_terrain_value *value(const vl_terrain_type *ty, const char *key) {
  size_t i;
  for (i = 0; i < ty->nvalues; i++)
    if (strcmp(ty->values[i].key, key) == 0) return &ty->values[i];
  fail_msg("no value %s", key);
  return NULL;
}

static void ids(const vl_terrain *t, vl_terrain_kind k, char *buf, size_t n) {
  size_t i, used = 0;
  buf[0] = '\0';
  for (i = 0; i < vl_terrain_count(t, k); i++)
    used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? " " : "",
                             vl_terrain_type_at(t, k, i)->id);
}

static void rough_and_ready_types_come_from_the_charts(void **state) {
  vl_error err;
  vl_terrain *t = vl_terrain_load("rough_and_ready", RR, NULL, &err);
  char buf[256];
  int los;
  size_t k, i;
  (void)state;
  assert_non_null(t);
  assert_string_equal(vl_terrain_system(t), "rough_and_ready");
  ids(t, VL_TERRAIN_HEX, buf, sizeof buf);
  assert_string_equal(buf, "c ch g h l m rc rw w");
  ids(t, VL_TERRAIN_HEXSIDE, buf, sizeof buf);
  assert_string_equal(buf, "arroyo ford marsh ravine redoubt river spur wall");
  ids(t, VL_TERRAIN_ROAD, buf, sizeof buf);
  assert_string_equal(buf, "road trail");
  assert_int_equal(vl_terrain_flag_count(t), 5);
  los = vl_terrain_flag(t, "blocks-los");
  assert_int_equal(los, 1);                 /* flag words are numbered in sorted order */
  /* [rough_and_ready RP 6.17]: the resacas are the low level, named for los.ini's [sunken] */
  assert_int_equal(vl_terrain_flag(t, "resaca"), 4);
  assert_true(type(t, VL_TERRAIN_HEX, "rc")->flags & 16u);
  assert_true(type(t, VL_TERRAIN_HEX, "rw")->flags & 16u);
  assert_false(type(t, VL_TERRAIN_HEX, "c")->flags & 16u);
  /* [rough_and_ready PA 6.17] [rough_and_ready RP 6.17]: fire into light woods and
  ** chaparral, not through; tall grass, marsh, lagoon and clear do not block. */
  assert_true(type(t, VL_TERRAIN_HEX, "w")->flags & (1u << los));
  assert_true(type(t, VL_TERRAIN_HEX, "ch")->flags & (1u << los));
  assert_true(type(t, VL_TERRAIN_HEX, "rw")->flags & (1u << los));
  assert_false(type(t, VL_TERRAIN_HEX, "rc")->flags & (1u << los));
  assert_false(type(t, VL_TERRAIN_HEX, "g")->flags & (1u << los));
  assert_false(type(t, VL_TERRAIN_HEX, "m")->flags & (1u << los));
  assert_false(type(t, VL_TERRAIN_HEX, "c")->flags & (1u << los));
  /* [rough_and_ready TEC] note g: no fire through a spur hexside */
  assert_true(type(t, VL_TERRAIN_HEXSIDE, "spur")->flags & (1u << los));
  /* the chart's other footnotes as flags, for the rules in Lua: note d (chaparral: roll for
  ** a Hit at the end of movement), a "D" cell ([rough_and_ready E12]: crossing disorders),
  ** note e (the shock DRM only for an attacker from a lagoon or from or across marsh) */
  assert_string_equal(vl_terrain_flag_name(t, 0), "attacker-from");
  assert_string_equal(vl_terrain_flag_name(t, 2), "disorders");
  assert_string_equal(vl_terrain_flag_name(t, 3), "hit-roll");
  assert_int_equal(type(t, VL_TERRAIN_HEX, "ch")->flags, 2u | 8u);     /* blocks-los hit-roll */
  assert_int_equal(type(t, VL_TERRAIN_HEXSIDE, "river")->flags, 4u);   /* disorders */
  assert_int_equal(type(t, VL_TERRAIN_HEXSIDE, "arroyo")->flags, 4u);
  assert_int_equal(type(t, VL_TERRAIN_HEXSIDE, "ford")->flags, 0u);
  assert_int_equal(type(t, VL_TERRAIN_HEX, "m")->flags, 1u);           /* attacker-from */
  assert_int_equal(type(t, VL_TERRAIN_HEX, "l")->flags, 1u);
  assert_int_equal(type(t, VL_TERRAIN_HEXSIDE, "marsh")->flags, 1u);
  assert_int_equal(type(t, VL_TERRAIN_HEX, "g")->flags, 0u);
  assert_string_equal(type(t, VL_TERRAIN_HEX, "w")->name, "Light Woods");
  assert_string_equal(type(t, VL_TERRAIN_HEX, "h")->name, "Hacienda");
  assert_int_equal(type(t, VL_TERRAIN_HEX, "w")->height, 0);
  /* the chart rows the source lacks are provisional, with a reason */
  assert_string_equal(value(type(t, VL_TERRAIN_HEXSIDE, "ravine"), "flags")->provisional,
                      "the chart's Ravine row is missing from the source; RS 6.17 does not list it");
  assert_null(value(type(t, VL_TERRAIN_HEXSIDE, "ravine"), "flags")->source);
  assert_string_equal(value(type(t, VL_TERRAIN_HEXSIDE, "ravine"), "name")->source,
                      "[rough_and_ready RS 5.17] ravines are hexside indentations in the elevation");
  /* every value has its layer, a line, and exactly one of source and provisional */
  for (k = 0; k < VL_TERRAIN_KINDS; k++)
    for (i = 0; i < vl_terrain_count(t, (vl_terrain_kind)k); i++) {
      const vl_terrain_type *ty = vl_terrain_type_at(t, (vl_terrain_kind)k, i);
      size_t v;
      assert_true(ty->nvalues >= 1);
      for (v = 0; v < ty->nvalues; v++) {
        assert_int_equal(ty->values[v].layer, VL_LAYER_SYSTEM);
        assert_string_equal(ty->values[v].file, RR);
        assert_true(ty->values[v].line > 0);
        assert_true((ty->values[v].source == NULL) != (ty->values[v].provisional == NULL));
      }
    }
  assert_int_equal(value(type(t, VL_TERRAIN_HEX, "c"), "name")->line, 34);
  vl_terrain_free(t);
  vl_terrain_free(NULL);
}

/* A scratch directory with files written by the tests. */
static char dir[] = "/tmp/volley-test-terrain-XXXXXX";

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

static const char *const base =
  "[terrain]\nsystem = test\nsource = test chart\nflags = blocks-los\n"
  "[hex.c]\nname = Clear\nheight = 0\n"
  "[hex.w]\nname = Woods\nheight = 1\nflags = blocks-los\nsource = test chart, woods\n"
  "[road.road]\nname = Road\n";

static void the_scenario_layer_adds_and_overrides_values(void **state) {
  vl_error err;
  vl_terrain *t;
  const char *sys = write_file("system.ini", base);
  const char *scen = write_file("scenario.ini",
    "[terrain]\nsystem = test\nflags = hinders\n"
    "[hex.w]\nheight = 1.5\nprovisional.height = a guess\n"
    "[hex.o]\nname = Orchard\nheight = 0.5\nflags = hinders\nsource = battle chart\n");
  const vl_terrain_type *w, *o;
  (void)state;
  t = vl_terrain_load("test", sys, scen, &err);
  assert_non_null(t);
  w = type(t, VL_TERRAIN_HEX, "w");
  assert_int_equal(w->height, 3);
  assert_string_equal(value(w, "height")->text, "1.5");
  assert_int_equal(value(w, "height")->layer, VL_LAYER_SCENARIO);
  assert_int_equal(value(w, "height")->line, 5);
  assert_string_equal(value(w, "height")->provisional, "a guess");
  assert_int_equal(value(w, "name")->layer, VL_LAYER_SYSTEM);     /* kept */
  assert_string_equal(value(w, "name")->source, "test chart, woods");
  assert_int_equal(value(w, "flags")->layer, VL_LAYER_SYSTEM);
  o = type(t, VL_TERRAIN_HEX, "o");
  assert_string_equal(o->name, "Orchard");
  assert_int_equal(o->height, 1);
  assert_int_equal(vl_terrain_flag_count(t), 2);
  assert_string_equal(vl_terrain_flag_name(t, 1), "hinders");  /* sorted */
  assert_true(o->flags & (1u << vl_terrain_flag(t, "hinders")));
  assert_false(o->flags & (1u << vl_terrain_flag(t, "blocks-los")));
  assert_string_equal(value(type(t, VL_TERRAIN_HEX, "c"), "name")->source, "test chart");
  assert_int_equal(vl_terrain_find(t, VL_TERRAIN_ROAD, "road", 4), 0);
  assert_int_equal(vl_terrain_find(t, VL_TERRAIN_ROAD, "roa", 3), -1);
  vl_terrain_free(t);
}

static void display_keys_need_no_source_and_override_one_by_one(void **state) {
  vl_error err;
  vl_terrain *t;
  const char *sys = write_file("system.ini",
    "[terrain]\nsystem = test\n"
    "[hex.w]\nname = Woods\nheight = 1\nsource = s\nglyph = \xe2\x99\xa3\nascii = w\n"
    "colour = #1E6B2A\nfill = #b5d19a\n"
    "[hexside.stream]\nname = Stream\nheight = 0\nsource = s\ncolour = #2a6fdb\n"
    "[hex.c]\nname = Clear\nheight = 0\nsource = s\n"
    "[hex.o]\nname = Open\nheight = 0\nsource = s\nglyph =\nascii =\n");
  const char *scen = write_file("scenario.ini",
    "[terrain]\nsystem = test\n[hex.w]\nfill = #99bb88\n");
  const vl_terrain_type *w, *c;
  (void)state;
  t = vl_terrain_load("test", sys, scen, &err);
  assert_non_null(t);
  w = type(t, VL_TERRAIN_HEX, "w");
  assert_string_equal(w->display.glyph, "\xe2\x99\xa3");  /* U+2663 */
  assert_string_equal(w->display.ascii, "w");
  assert_string_equal(w->display.colour, "#1e6b2a");     /* lower case */
  assert_string_equal(w->display.fill, "#99bb88");       /* the scenario's */
  assert_int_equal(w->nvalues, 2);                      /* not values: no provenance */
  assert_string_equal(type(t, VL_TERRAIN_HEXSIDE, "stream")->display.colour, "#2a6fdb");
  c = type(t, VL_TERRAIN_HEX, "c");
  assert_null(c->display.glyph);
  assert_null(c->display.ascii);
  assert_null(c->display.colour);
  assert_null(c->display.fill);
  assert_string_equal(type(t, VL_TERRAIN_HEX, "o")->display.glyph, "");  /* none: blank */
  assert_string_equal(type(t, VL_TERRAIN_HEX, "o")->display.ascii, "");
  vl_terrain_free(t);
}

/* Loads system text (and scenario text) and checks the refusal's file, line and message. */
static void refused(const char *sys_text, const char *scen_text, const char *file, int line,
                    const char *msg) {
  vl_error err;
  const char *sys = write_file("system.ini", sys_text);
  const char *scen = scen_text ? write_file("scenario.ini", scen_text) : NULL;
  char want[512];
  memset(&err, 0, sizeof err);
  assert_null(vl_terrain_load("test", sys, scen, &err));
  assert_int_equal(err.code, VL_EPARSE);
  snprintf(want, sizeof want, "%s/%s", dir, file);
  assert_string_equal(err.file, want);
  if (err.line != line || strcmp(err.msg, msg) != 0) print_error("got %d: %s\n", err.line, err.msg);
  assert_int_equal(err.line, line);
  assert_string_equal(err.msg, msg);
}

static void malformed_tables_are_refused(void **state) {
  char text[4096];
  (void)state;
  refused("[hex.c]\nname = C\nheight = 0\n", NULL, "system.ini", 1,
          "[terrain] must be the first section");
  refused("[terrain]\nsource = x\n[hex.c]\nname = C\nheight = 0\n", NULL, "system.ini", 1,
          "[terrain] has no system");
  refused("[terrain]\nsystem = other\n", NULL, "system.ini", 2,
          "this terrain.ini is for system 'other', not 'test'");
  refused("[terrain]\nsystem = test\n[hex.c]\nname = C\nheight = 0\n", NULL, "system.ini", 4,
          "no source for name in [hex.c] (give source = or provisional.name =)");
  refused("[terrain]\nsystem = test\nsource = s\n[hex.c]\nname = C\nheight = 0\nflags = tall\n",
          NULL, "system.ini", 7, "unknown flag 'tall' in [hex.c] (declare it in [terrain] flags)");
  refused("[terrain]\nsystem = test\nsource = s\n[hex.c]\nname = C\nheight = tall\n", NULL,
          "system.ini", 6, "bad height 'tall' (levels: an integer, or one ending in .5)");
  refused("[terrain]\nsystem = test\nsource = s\n[hex.c]\nname = C\nheight = 0.25\n", NULL,
          "system.ini", 6, "bad height '0.25' (levels: an integer, or one ending in .5)");
  refused("[terrain]\nsystem = test\nsource = s\n[hex.c]\nname = C\n[hex.d]\n", NULL,
          "system.ini", 4, "[hex.c] has no height");
  refused("[terrain]\nsystem = test\nsource = s\n[road.r]\nname = R\nheight = 0\n", NULL,
          "system.ini", 6, "a road kind has no height");
  refused("[terrain]\nsystem = test\n[units.x]\n", NULL, "system.ini", 3,
          "unknown section [units.x] (expected [terrain], [hex.<code>], [hexside.<id>] or "
          "[road.<id>])");
  refused("[terrain]\nsystem = test\n[hex.toolongcode]\n", NULL, "system.ini", 3,
          "bad hex id 'toolongcode' (letters, digits, '_' and '-'; at most 8 bytes)");
  refused("[terrain]\nsystem = test\n[hex.c]\ncost = 1\n", NULL, "system.ini", 4,
          "unknown key 'cost' in [hex.c] (known: flags, height, name, source, provisional, "
          "provisional.<key>; display: ascii, colour, fill, glyph)");
  refused("[terrain]\nsystem = test\nsource = s\n[hex.c]\nname = C\nheight = 0\n"
          "provisional.flags = why\n", NULL, "system.ini", 7,
          "provisional.flags: [hex.c] gives no flags");
  refused("[terrain]\nsystem = test\n[hex.c]\nglyph = ww\n", NULL, "system.ini", 4,
          "bad glyph 'ww' (one character one column wide, or none)");
  refused("[terrain]\nsystem = test\n[hex.c]\nglyph = \xe6\x9e\x97\n", NULL, "system.ini", 4,
          "bad glyph '\xe6\x9e\x97' (one character one column wide, or none)");  /* a wide CJK */
  refused("[terrain]\nsystem = test\n[hex.c]\nascii = \xc2\xb7\n", NULL, "system.ini", 4,
          "bad ascii '\xc2\xb7' (one printable ASCII character, or none)");
  refused("[terrain]\nsystem = test\n[hex.c]\ncolour = green\n", NULL, "system.ini", 4,
          "bad colour 'green' (#rrggbb)");
  refused("[terrain]\nsystem = test\n[hex.c]\nfill = #12345\n", NULL, "system.ini", 4,
          "bad fill '#12345' (#rrggbb)");
  refused("[terrain]\nsystem = test\n[hex.c]\nfill = #123456\n  more\n", NULL,
          "system.ini", 5, "fill takes one line");
  refused("[terrain]\nsystem = test\nscale = 1\n", NULL, "system.ini", 3,
          "unknown key 'scale' in [terrain] (known: flags, source, system)");
  refused("[terrain]\nsystem = test\nflags = a a\n", NULL, "system.ini", 3,
          "flag 'a' declared twice");
  refused("", NULL, "system.ini", 1, "missing section [terrain]");
  /* the scenario layer: the same checks, in its own file */
  refused(base, "[terrain]\nsystem = test\n[hex.q]\nname = Q\nheight = 0\n", "scenario.ini", 4,
          "no source for name in [hex.q] (give source = or provisional.name =)");
  refused(base, "[terrain]\nsystem = other\n", "scenario.ini", 2,
          "this terrain.ini is for system 'other', not 'test'");
  /* 33 hexside features: one too many */
  {
    size_t n = (size_t)snprintf(text, sizeof text, "[terrain]\nsystem = test\nsource = s\n");
    int i;
    for (i = 0; i < 33; i++)
      n += (size_t)snprintf(text + n, sizeof text - n, "[hexside.f%d]\nname = F\nheight = 0\n", i);
    refused(text, NULL, "system.ini", 4 + 3 * 32, "too many hexside types (at most 32)");
  }
}

static void levels_are_half_levels(void **state) {
  int h;
  (void)state;
  assert_int_equal(vl_terrain_parse_level("0", 1, &h), VL_OK);
  assert_int_equal(h, 0);
  assert_int_equal(vl_terrain_parse_level("2", 1, &h), VL_OK);
  assert_int_equal(h, 4);
  assert_int_equal(vl_terrain_parse_level("2.5", 3, &h), VL_OK);
  assert_int_equal(h, 5);
  assert_int_equal(vl_terrain_parse_level("3.0", 3, &h), VL_OK);
  assert_int_equal(h, 6);
  assert_int_equal(vl_terrain_parse_level("-0.5", 4, &h), VL_OK);
  assert_int_equal(h, -1);
  assert_int_equal(vl_terrain_parse_level("99", 2, &h), VL_OK);
  assert_int_equal(h, 198);
  assert_int_equal(vl_terrain_parse_level("100", 3, &h), VL_EINVAL);
  assert_int_equal(vl_terrain_parse_level("2.25", 4, &h), VL_EINVAL);
  assert_int_equal(vl_terrain_parse_level(".5", 2, &h), VL_EINVAL);
  assert_int_equal(vl_terrain_parse_level("", 0, &h), VL_EINVAL);
  assert_int_equal(vl_terrain_parse_level("1e1", 3, &h), VL_EINVAL);
  assert_string_equal(vl_terrain_kind_name(VL_TERRAIN_HEXSIDE), "hexside");
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
  snprintf(path, sizeof path, "%s/scenario.ini", dir);
  unlink(path);
  return rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rough_and_ready_types_come_from_the_charts),
    cmocka_unit_test(the_scenario_layer_adds_and_overrides_values),
    cmocka_unit_test(display_keys_need_no_source_and_override_one_by_one),
    cmocka_unit_test(malformed_tables_are_refused),
    cmocka_unit_test(levels_are_half_levels),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
