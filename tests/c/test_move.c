/*
** test_move.c -- movement (move.h) on the sample map (tests/data/maps/sample.ini, with
** Rough & Ready's movement table and the scenario layer beside the map): the chart's costs as
** transcribed, the road rate only along the road, prohibited hexes and hexsides, elevation per
** level crossed, the D flag, must-stop places, MP left over, track movement, command range,
** the tie-breaking of equal paths, the refusals of a typed path word for word, and the
** loader's refusals with file and line.
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

#include "volley/move.h"

#define SAMPLE "tests/data/maps/sample.ini"
#define SYSTEM_TABLE "charts/rough_and_ready/movement.ini"
#define SCENARIO_TABLE "tests/data/maps/movement.ini"

typedef struct fixture {
  vl_path *data;
  vl_map *m;
  vl_move_table *t;
  vl_move_graph *g;
} fixture;

static int setup(void **state) {
  fixture *f = calloc(1, sizeof *f);
  vl_error err;
  assert_non_null(f);
  f->data = vl_path_new(NULL, NULL, ".");
  f->m = vl_map_load(SAMPLE, f->data, &err);
  assert_non_null(f->m);
  f->t = vl_move_table_for_map(f->m, f->data, &err);
  if (f->t == NULL) fail_msg("%s:%d: %s", err.file, err.line, err.msg);
  assert_int_equal(vl_move_graph_new(f->m, f->t, &f->g, &err), VL_OK);
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture *f = *state;
  vl_move_graph_free(f->g);
  vl_move_table_free(f->t);
  vl_map_free(f->m);
  vl_path_free(f->data);
  free(f);
  return 0;
}

/* A place by name: a hex label or "<track>/<space>". */
static vl_move_loc P(const vl_map *m, const char *name) {
  const char *slash = strchr(name, '/');
  vl_error e;
  vl_hex h;
  if (slash != NULL) {
    size_t i;
    for (i = 0; i < vl_map_track_count(m); i++) {
      const vl_track *t = vl_map_track_at(m, i);
      if (strlen(t->name) == (size_t)(slash - name) &&
          memcmp(t->name, name, (size_t)(slash - name)) == 0)
        return vl_move_at_space((int)i, vl_map_track_space(t, slash + 1));
    }
    fail_msg("no track in %s", name);
  }
  assert_int_equal(vl_hex_parse(vl_map_grid(m), name, &h, &e), VL_OK);
  return vl_move_at_hex(h);
}

static const char *name_of(const vl_map *m, vl_move_loc l) {
  static char buf[4][32];
  static int k;
  k = (k + 1) % 4;
  assert_true(vl_move_loc_format(m, l, buf[k], sizeof buf[k]) > 0);
  return buf[k];
}

static vl_move_query Q(const fixture *f, const char *cls, const char *mode, int ma) {
  vl_move_query q;
  vl_move_query_init(&q);
  q.column = cls ? vl_move_column(f->t, cls, mode) : VL_MOVE_UNIFORM;
  assert_true(q.column >= 0 || q.column == VL_MOVE_UNIFORM);
  q.budget = ma;
  return q;
}

/* Checks the path of space-separated names from start; fills *c. Returns the step array
** (static, 32 steps). */
static vl_move_step *check(const fixture *f, const char *start, const char *path,
                           const vl_move_query *q, vl_move_check *c) {
  static vl_move_step steps[32];
  vl_move_loc locs[32];
  char buf[256], *w, *save = NULL;
  size_t n = 0;
  vl_error err;
  locs[n++] = P(f->m, start);
  snprintf(buf, sizeof buf, "%s", path);
  for (w = strtok_r(buf, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
    locs[n++] = P(f->m, w);
  assert_int_equal(vl_move_validate(f->g, locs, n, q, steps, c, &err), VL_OK);
  return steps;
}

/* The cost of one step, or -1 with why in c. */
static int step_cost(const fixture *f, const char *a, const char *b, const vl_move_query *q,
                     vl_move_check *c, unsigned *flags) {
  vl_move_step *s = check(f, a, b, q, c);
  if (!c->ok) return -1;
  if (flags) *flags = s[1].flags;
  return s[1].cost;
}

/* The chosen path to goal from a reach, as names joined by spaces (start excluded). */
static const char *path_to(const fixture *f, const vl_move_reach *r, const char *goal) {
  static char out[512];
  vl_move_step steps[64];
  size_t n = vl_move_reach_path(r, P(f->m, goal), steps, 64), i, len = 0;
  out[0] = '\0';
  assert_true(n > 0 && n <= 64);
  for (i = 1; i < n; i++)
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i > 1 ? " " : "",
                            name_of(f->m, steps[i].loc));
  return out;
}

static vl_move_reach *reach(const fixture *f, const char *start, const vl_move_query *q) {
  vl_move_reach *r;
  vl_error err;
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, start), q, &r, &err), VL_OK);
  return r;
}

/* ---- the table ---------------------------------------------------------------------------- */

static void the_chart_is_transcribed(void **state) {
  fixture *f = *state;
  const vl_terrain *tt = vl_map_terrain_table(f->m);
  struct { vl_move_row kind; const char *id; const char *cls; int na, cost, d; } cells[] = {
    {VL_MOVE_ROW_HEX, "c", "inf", 0, 1, 0},       /* [rough_and_ready TEC] Clear, Trail */
    {VL_MOVE_ROW_HEX, "c", "art", 0, 2, 0},
    {VL_MOVE_ROW_HEX, "g", "ldr", 0, 2, 0},       /* PA TEC Tall Grass 2 2 2 2 */
    {VL_MOVE_ROW_HEX, "w", "ldr", 0, 1, 0},       /* Light Woods 2 2 2 1 */
    {VL_MOVE_ROW_HEX, "ch", "inf", 0, 3, 0},      /* Chaparral 3 [d] ... */
    {VL_MOVE_ROW_HEX, "ch", "cav", 1, 0, 0},      /* printed 4; errata E11: NA */
    {VL_MOVE_ROW_HEX, "l", "cav", 0, 3, 0},       /* Lagoon 2 3 NA 2 */
    {VL_MOVE_ROW_HEX, "l", "art", 1, 0, 0},
    {VL_MOVE_ROW_HEX, "m", "cav", 0, 3, 0},       /* Marsh 2 3 NA 2 */
    {VL_MOVE_ROW_HEX, "h", "art", 0, 3, 0},       /* Hacienda 2 2 3 1 */
    {VL_MOVE_ROW_HEX, "h", "ldr", 0, 1, 0},
    {VL_MOVE_ROW_HEXSIDE, "marsh", "art", 1, 0, 0},   /* Marsh hex side +1 +1 NA +1 */
    {VL_MOVE_ROW_HEXSIDE, "river", "inf", 0, 2, 1},   /* River +2D +4D NA +2 */
    {VL_MOVE_ROW_HEXSIDE, "river", "cav", 0, 4, 1},
    {VL_MOVE_ROW_HEXSIDE, "river", "ldr", 0, 2, 0},
    {VL_MOVE_ROW_HEXSIDE, "ford", "art", 0, 2, 0},    /* Ford +1 +1 +2 +1 */
    {VL_MOVE_ROW_HEXSIDE, "arroyo", "inf", 0, 2, 1},  /* Arroyo +2D NA (cut short) */
    {VL_MOVE_ROW_HEXSIDE, "arroyo", "cav", 1, 0, 0},
    {VL_MOVE_ROW_ROAD, "road", "art", 0, 1, 0},       /* Road 1 1 1 1 */
    {VL_MOVE_ROW_ROAD, "trail", "art", 0, 2, 0},      /* Clear, Trail 1 1 2 1 */
  };
  static const vl_terrain_kind tk[3] = {VL_TERRAIN_HEX, VL_TERRAIN_HEXSIDE, VL_TERRAIN_ROAD};
  size_t i;
  assert_string_equal(vl_move_table_system(f->t), "rough_and_ready");
  assert_int_equal(vl_move_table_scale(f->t), 1);
  assert_int_equal(vl_move_class_count(f->t), 4);
  assert_string_equal(vl_move_class_at(f->t, 0), "inf");
  assert_string_equal(vl_move_class_at(f->t, 3), "ldr");
  for (i = 0; i < sizeof cells / sizeof cells[0]; i++) {
    vl_move_cell c;
    int type = vl_terrain_find(tt, tk[cells[i].kind], cells[i].id, strlen(cells[i].id));
    assert_true(type >= 0);
    assert_int_equal(vl_move_cell_at(f->t, cells[i].kind, (size_t)type,
                                     vl_move_column(f->t, cells[i].cls, NULL), &c), VL_OK);
    assert_int_equal(c.na, cells[i].na);
    if (!c.na) assert_int_equal(c.cost, cells[i].cost);
    assert_int_equal(c.disorder, cells[i].d);
  }
  assert_int_equal(vl_move_road_ignores(f->t, (size_t)vl_terrain_find(tt, VL_TERRAIN_ROAD,
                                                                       "road", 4)),
                   VL_MOVE_IGNORES_ELEVATION);                /* [rough_and_ready RS 5.15] */
  assert_int_equal(vl_move_road_ignores(f->t, (size_t)vl_terrain_find(tt, VL_TERRAIN_ROAD,
                                                                       "trail", 5)), 0);
  assert_int_equal(vl_move_hex_na_on_roads(f->t, (size_t)vl_terrain_find(tt, VL_TERRAIN_HEX,
                                                                         "ch", 2)), 1);
  assert_string_equal(vl_move_rule(f->t), "[rough_and_ready 5.11]");
  assert_string_equal(vl_move_rule_adjacent(f->t), "[rough_and_ready 5.12]");
  assert_string_equal(vl_move_rule_stop(f->t), "[rough_and_ready 5.14]");
}

static void modes_fall_back_to_their_class(void **state) {
  fixture *f = *state;
  const vl_terrain *tt = vl_map_terrain_table(f->m);
  int col = vl_move_column(f->t, "inf", "column");
  vl_move_cell c;
  assert_true(col >= 4);
  assert_int_equal(vl_move_mode_count(f->t, 0), 1);
  assert_string_equal(vl_move_mode_at(f->t, 0, 0), "column");
  assert_int_equal(vl_move_column(f->t, "inf", "line"), -1);
  assert_int_equal(vl_move_column(f->t, "cav", "column"), -1);
  assert_int_equal(vl_move_column(f->t, "foot", NULL), -1);
  vl_move_cell_at(f->t, VL_MOVE_ROW_HEX, (size_t)vl_terrain_find(tt, VL_TERRAIN_HEX, "w", 1), col,
                  &c);
  assert_int_equal(c.cost, 3);                               /* the scenario's own cell */
  assert_string_equal(c.rule, "[volley test] columns in woods");
  vl_move_cell_at(f->t, VL_MOVE_ROW_HEX, (size_t)vl_terrain_find(tt, VL_TERRAIN_HEX, "l", 1), col,
                  &c);
  assert_int_equal(c.cost, 2);                               /* infantry's */
  assert_string_equal(c.rule, "[rough_and_ready 5.11]");
}

static void values_keep_their_layer_and_provenance(void **state) {
  fixture *f = *state;
  size_t i, provisional = 0;
  int seen_arroyo = 0, seen_ford = 0, seen_clear = 0;
  for (i = 0; i < vl_move_value_count(f->t); i++) {
    const vl_move_value *v = vl_move_value_at(f->t, i);
    if (i > 0) {
      const vl_move_value *u = vl_move_value_at(f->t, i - 1);
      int c = strcmp(u->section, v->section);
      assert_true(c < 0 || (c == 0 && strcmp(u->key, v->key) < 0));
    }
    if (v->provisional != NULL) provisional++;
    if (strcmp(v->section, "hexside.arroyo") == 0 && strcmp(v->key, "art") == 0) {
      seen_arroyo = 1;
      assert_string_equal(v->text, "NA");
      assert_null(v->source);
      assert_string_equal(v->provisional, "the chart's Arroyo row is cut short after its "
                                          "cavalry cell; artillery may not cross the River either");
      assert_int_equal(v->layer, VL_LAYER_SYSTEM);
    }
    if (strcmp(v->section, "hexside.ford") == 0 && strcmp(v->key, "cancels") == 0) {
      seen_ford = 1;                                         /* the scenario's override */
      assert_string_equal(v->text, "river stream");
      assert_int_equal(v->layer, VL_LAYER_SCENARIO);
      assert_string_equal(v->file, SCENARIO_TABLE);
      assert_int_equal(v->line, 27);
      assert_string_equal(v->source, "volley test data (tests/data/maps/movement.ini)");
    }
    if (strcmp(v->section, "hex.c") == 0 && strcmp(v->key, "art") == 0) {
      seen_clear = 1;
      assert_string_equal(v->source, "[rough_and_ready TEC] Clear, Trail");
      assert_null(v->provisional);
    }
  }
  assert_true(seen_arroyo && seen_ford && seen_clear);
  /* arroyo art, ldr; ravine, spur, wall, redoubt 4 each; up and down 4 each */
  assert_int_equal(provisional, 2 + 16 + 8);
}

/* ---- costs of steps ----------------------------------------------------------------------- */

static void the_road_rate_applies_only_along_the_road(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 20);
  vl_move_check c;
  unsigned flags = 0;
  assert_int_equal(step_cost(f, "0508", "0608", &art, &c, &flags), 1);  /* along: Road 1 */
  assert_int_equal(flags, VL_MOVE_ROAD);
  assert_int_equal(step_cost(f, "0507", "0608", &art, &c, &flags), 2);  /* across: Clear 2 */
  assert_int_equal(flags, 0);
  assert_int_equal(step_cost(f, "0608", "0609", &art, &c, NULL), 2);    /* off the road */
  art.roads = 0;                                                          /* no road rates */
  assert_int_equal(step_cost(f, "0508", "0608", &art, &c, &flags), 2);
  assert_int_equal(flags, 0);
}

static void a_trail_opens_a_marsh_but_not_chaparral(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 20), inf = Q(f, "inf", NULL, 20);
  vl_move_check c;
  assert_int_equal(step_cost(f, "0803", "0903", &art, &c, NULL), 2);  /* Trail, art 2 */
  assert_int_equal(step_cost(f, "0803", "0902", &art, &c, NULL), -1);  /* no trail there */
  assert_string_equal(c.why, "0803 -> 0902: prohibited (Marsh) [rough_and_ready 5.11]");
  assert_int_equal(step_cost(f, "0803", "0903", &inf, &c, NULL), 1);  /* Trail, not Marsh 2 */
  assert_int_equal(step_cost(f, "0803", "0902", &inf, &c, NULL), 2);
}

static void prohibited_hexes_and_hexsides_name_the_terrain_and_rule(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 20), cav = Q(f, "cav", NULL, 20);
  vl_move_check c;
  assert_int_equal(step_cost(f, "1211", "1111", &art, &c, NULL), -1);
  assert_string_equal(c.why, "1211 -> 1111: prohibited (Lagoon) [rough_and_ready 5.11]");
  assert_int_equal(c.bad, 1);
  assert_int_equal(step_cost(f, "1410", "1510", &cav, &c, NULL), -1);
  assert_string_equal(c.why, "1410 -> 1510: prohibited (Chaparral) [rough_and_ready PA 5.16] "
                             "[rough_and_ready RP 5.15]");
  assert_int_equal(step_cost(f, "1005", "1105", &art, &c, NULL), -1);
  assert_string_equal(c.why, "1005 -> 1105: prohibited (crossing Stream) [rough_and_ready 5.11]");
  assert_int_equal(step_cost(f, "0606", "0607", &art, &c, NULL), -1);
  assert_string_equal(c.why, "0606 -> 0607: prohibited (crossing Wall) [rough_and_ready 5.11]");
  assert_int_equal(step_cost(f, "0805", "0905", &cav, &c, NULL), 3 + 1);  /* Marsh 3, side +1 */
  assert_int_equal(step_cost(f, "0606", "0607", &cav, &c, NULL), 2 + 1);  /* Hacienda, Wall */
}

static void hexside_extras_and_what_cancels_them(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 20), art = Q(f, "art", NULL, 20);
  vl_move_query col = Q(f, "inf", "column", 20);
  vl_move_check c;
  assert_int_equal(step_cost(f, "1005", "1105", &inf, &c, NULL), 1 + 1);  /* stream +1 */
  assert_int_equal(step_cost(f, "1005", "1105", &col, &c, NULL), 1 + 2);  /* the mode's +2 */
  assert_int_equal(step_cost(f, "1004", "1104", &inf, &c, NULL), 1 + 1);  /* trail, ford +1 */
  assert_int_equal(step_cost(f, "1004", "1104", &art, &c, NULL), 2 + 2);  /* trail 2, ford +2 */
  assert_int_equal(step_cost(f, "1008", "1108", &art, &c, NULL), 1);      /* road, bridge */
  assert_int_equal(step_cost(f, "1007", "1108", &art, &c, NULL), -1);     /* no bridge there */
}

static void elevation_costs_per_level_crossed(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 20);
  vl_move_check c;
  /* 1404 level 2 (woods), 1504 level 2.5, 1604 level 3; all +1 a level, provisional */
  assert_int_equal(step_cost(f, "1404", "1504", &inf, &c, NULL), 1);      /* 2 -> 2.5: none */
  assert_int_equal(step_cost(f, "1504", "1604", &inf, &c, NULL), 1 + 1);  /* 2.5 -> 3: one */
  assert_int_equal(step_cost(f, "1604", "1504", &inf, &c, NULL), 1);      /* 3 -> 2.5: none */
  assert_int_equal(step_cost(f, "1504", "1404", &inf, &c, NULL), 2 + 1);  /* 2.5 -> 2: one */
  /* the resaca channel, a level below the plain [rough_and_ready E17] */
  assert_int_equal(step_cost(f, "0713", "0714", &inf, &c, NULL), 1 + 1);
  assert_int_equal(step_cost(f, "0714", "0814", &inf, &c, NULL), 1);
  assert_int_equal(step_cost(f, "0814", "0815", &inf, &c, NULL), 1 + 1);
}

static void crossing_a_d_entry_disorders(void **state) {
  fixture *f = *state;
  vl_move_query cav = Q(f, "cav", NULL, 10), inf = Q(f, "inf", NULL, 10);
  vl_move_check c;
  vl_move_step *s;
  unsigned flags = 0;
  assert_int_equal(step_cost(f, "1005", "1105", &cav, &c, &flags), 1 + 2);  /* stream +2D */
  assert_int_equal(flags, VL_MOVE_DISORDER);
  assert_int_equal(step_cost(f, "1005", "1105", &inf, &c, &flags), 1 + 1);
  assert_int_equal(flags, 0);
  assert_int_equal(step_cost(f, "1004", "1104", &cav, &c, &flags), 1 + 1);  /* the ford */
  assert_int_equal(flags, VL_MOVE_ROAD);
  s = check(f, "1006", "1005 1105 1205", &cav, &c);
  assert_true(c.ok);
  assert_int_equal(c.disorders, 1);
  assert_int_equal(s[2].flags, VL_MOVE_DISORDER);
  assert_int_equal(s[3].flags, 0);
}

/* ---- reach -------------------------------------------------------------------------------- */

static void reach_is_sorted_by_cost_then_label_and_leaves_mp_over(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 2);
  vl_move_reach *r = reach(f, "0808", &inf);
  const vl_move_dest *d;
  size_t i;
  char list[512];
  size_t len = 0;
  for (i = 0; i < vl_move_reach_count(r); i++) {
    d = vl_move_reach_at(r, i);
    len += (size_t)snprintf(list + len, sizeof list - len, "%s%s:%d", i ? " " : "",
                            name_of(f->m, d->loc), d->cost);
  }
  /* 0707 is Hacienda (2); 0609 by 0708 (0708 is shoved down: its SW is 0609) */
  assert_string_equal(list, "0808:0 0708:1 0807:1 0809:1 0907:1 0908:1 0608:2 0609:2 0706:2 "
                            "0707:2 0709:2 0806:2 0810:2 0906:2 0909:2 1007:2 1008:2 1009:2");
  d = vl_move_reach_find(r, P(f->m, "0608"));
  assert_non_null(d);
  assert_int_equal(d->left, 0);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "0907")), 1);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "1108")), -1);          /* 3 MP away */
  assert_int_equal(vl_move_reach_path(r, P(f->m, "1108"), NULL, 0), 0);
  {                                     /* a path as answer indices: 0609 by 0708 */
    size_t trail[4], k = (size_t)(vl_move_reach_find(r, P(f->m, "0609")) - vl_move_reach_at(r, 0));
    assert_int_equal(vl_move_reach_path_at(r, k, trail, 4), 3);
    assert_int_equal(trail[0], 0);
    assert_string_equal(name_of(f->m, vl_move_reach_at(r, trail[1])->loc), "0708");
    assert_int_equal(trail[2], k);
    assert_int_equal(vl_move_reach_path_at(r, vl_move_reach_count(r), trail, 4), 0);
  }
  vl_move_reach_free(r);
}

static void equal_paths_go_by_the_previous_place_in_label_order(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 2), art = Q(f, "art", NULL, 4);
  vl_move_reach *r = reach(f, "0808", &inf);
  /* 0808 -> 1008: via 0907 (clear) or along the road via 0908, both 2 MP for infantry: the
  ** previous hex first in label order wins */
  assert_string_equal(path_to(f, r, "1008"), "0907 1008");
  vl_move_reach_free(r);
  r = reach(f, "0808", &art);                               /* artillery: the road is cheaper */
  assert_string_equal(path_to(f, r, "1008"), "0908 1008");
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "1008")), 2);
  vl_move_reach_free(r);
}

static void fewer_disorders_win_among_equal_costs(void **state) {
  fixture *f = *state;
  vl_move_query cav = Q(f, "cav", NULL, 4);
  vl_move_reach *r = reach(f, "1006", &cav);
  const vl_move_dest *d = vl_move_reach_find(r, P(f->m, "1107"));
  /* to 1107: across the stream (1 + 2D, then 1: 4 MP in 2 steps, disordered) or over the
  ** bridge (1007 1008, the road across 1008/1108, then 1107: 4 MP in 4 steps, in order) */
  assert_non_null(d);
  assert_int_equal(d->cost, 4);
  assert_int_equal(d->disorders, 0);
  assert_int_equal(d->steps, 4);
  assert_string_equal(path_to(f, r, "1107"), "1007 1008 1108 1107");
  d = vl_move_reach_find(r, P(f->m, "1106"));           /* no way round: 1 + 2D */
  assert_int_equal(d->cost, 3);
  assert_int_equal(d->disorders, 1);
  vl_move_reach_free(r);
}

static void must_stop_places_are_reached_but_not_passed(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 3);
  vl_move_mark marks[2];
  vl_move_reach *r;
  vl_move_check c;
  size_t i;
  memset(marks, 0, sizeof marks);
  marks[0].kind = VL_MOVE_STOP;                              /* an enemy's front hexes */
  marks[0].at = P(f->m, "0608");
  marks[0].why = "enemy front hex";
  marks[0].rule = "[rough_and_ready 5.14]";
  marks[1].kind = VL_MOVE_STOP;
  marks[1].at = P(f->m, "0808");                             /* the start: never stopped */
  inf.marks = marks;
  inf.nmarks = 2;
  r = reach(f, "0808", &inf);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "0608")), 2);
  assert_int_equal(vl_move_reach_find(r, P(f->m, "0608"))->stop, 1);
  assert_int_equal(vl_move_reach_find(r, P(f->m, "0808"))->stop, 1);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "0508")), 3);       /* round, not through */
  assert_string_equal(path_to(f, r, "0508"), "0708 0609 0508");
  for (i = 0; i < vl_move_reach_count(r); i++) {
    vl_move_step steps[8];
    size_t n = vl_move_reach_path(r, vl_move_reach_at(r, i)->loc, steps, 8), k;
    for (k = 1; k + 1 < n; k++) assert_string_not_equal(name_of(f->m, steps[k].loc), "0608");
  }
  vl_move_reach_free(r);
  check(f, "0808", "0708 0608 0508", &inf, &c);
  assert_false(c.ok);
  assert_int_equal(c.bad, 3);
  assert_string_equal(c.why, "0608 -> 0508: must stop in 0608 (enemy front hex) "
                             "[rough_and_ready 5.14]");
  assert_int_equal(c.cost, 2);
  assert_int_equal(c.left, 1);
  marks[0].why = marks[0].rule = NULL;                       /* the table's rule.stop */
  check(f, "0808", "0708 0608 0508", &inf, &c);
  assert_string_equal(c.why, "0608 -> 0508: must stop in 0608 [rough_and_ready 5.14]");
}

static void overlays_prohibit_add_and_take_road_rates_away(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 20);
  vl_move_mark marks[4];
  vl_move_check c;
  vl_error err;
  memset(marks, 0, sizeof marks);
  marks[0].kind = VL_MOVE_PROHIBIT;
  marks[0].at = P(f->m, "1208");
  marks[0].why = "enemy unit";
  marks[0].rule = "[rough_and_ready 5.28]";
  marks[1].kind = VL_MOVE_EXTRA;
  marks[1].on_hexside = 1;
  assert_int_equal(vl_hexside_parse(vl_map_grid(f->m), "0608/0508", &marks[1].side, &err), VL_OK);
  marks[1].cost = 3;
  marks[2].kind = VL_MOVE_NO_ROAD;
  marks[2].at = P(f->m, "0808");
  marks[3].kind = VL_MOVE_PROHIBIT;
  marks[3].on_hexside = 1;
  assert_int_equal(vl_hexside_parse(vl_map_grid(f->m), "1308/1408", &marks[3].side, &err), VL_OK);
  art.marks = marks;
  art.nmarks = 4;
  assert_int_equal(step_cost(f, "0508", "0608", &art, &c, NULL), 1 + 3);
  assert_int_equal(step_cost(f, "0708", "0808", &art, &c, NULL), 2);   /* no road rate */
  assert_int_equal(step_cost(f, "1108", "1208", &art, &c, NULL), -1);
  assert_string_equal(c.why, "1108 -> 1208: prohibited (enemy unit) [rough_and_ready 5.28]");
  assert_int_equal(step_cost(f, "1308", "1408", &art, &c, NULL), -1);
  assert_string_equal(c.why, "1308 -> 1408: prohibited");
  art.max_step = 1;                                          /* a square [rough_and_ready 5.43] */
  art.max_step_why = "in square";
  art.max_step_rule = "[rough_and_ready 5.43]";
  assert_int_equal(step_cost(f, "0908", "1008", &art, &c, NULL), 1);
  assert_int_equal(step_cost(f, "0908", "0909", &art, &c, NULL), -1);
  assert_string_equal(c.why, "0908 -> 0909: costs 2, more than 1 (in square) "
                             "[rough_and_ready 5.43]");
}

static void a_typed_path_names_its_first_illegal_step(void **state) {
  fixture *f = *state;
  vl_move_query inf = Q(f, "inf", NULL, 4);
  vl_move_check c;
  vl_move_step *s = check(f, "0808", "0908 1008 1108", &inf, &c);
  assert_true(c.ok);
  assert_int_equal(c.cost, 3);
  assert_int_equal(c.left, 1);
  assert_int_equal(s[3].total, 3);
  check(f, "0808", "0908 1008 1108 1208 1308", &inf, &c);
  assert_false(c.ok);
  assert_int_equal(c.bad, 5);
  assert_string_equal(c.why, "1208 -> 1308: costs 1, only 0 MP left [rough_and_ready 5.11]");
  assert_int_equal(c.cost, 4);
  check(f, "0808", "0908 1010", &inf, &c);
  assert_string_equal(c.why, "0908 -> 1010: not adjacent [rough_and_ready 5.12]");
  assert_int_equal(c.bad, 2);
  check(f, "2008", "2108", &inf, &c);
  assert_string_equal(c.why, "2008 -> 2108: off the map");
  check(f, "0808", "0808", &inf, &c);
  assert_string_equal(c.why, "0808 -> 0808: not adjacent [rough_and_ready 5.12]");
  check(f, "0808", "", &inf, &c);                            /* staying put is a path */
  assert_true(c.ok);
  assert_int_equal(c.left, 4);
}

static void tracks_move_by_spaces_and_links(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 8), inf = Q(f, "inf", NULL, 20);
  vl_move_reach *r = reach(f, "saltillo/A", &art);
  vl_move_check c;
  /* A B C D E F G, with C/E: art pays 2 a space */
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "saltillo/D")), 6);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "saltillo/E")), 6);
  assert_string_equal(path_to(f, r, "saltillo/E"), "saltillo/B saltillo/C saltillo/E");
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "saltillo/G")), -1);  /* 10 MP away */
  vl_move_reach_free(r);
  r = reach(f, "saltillo/F", &inf);                          /* off the track by G's links */
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "2008")), 2);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "1908")), 3);
  vl_move_reach_free(r);
  check(f, "2008", "saltillo/G saltillo/F", &inf, &c);
  assert_true(c.ok);
  assert_int_equal(c.cost, 2);
  check(f, "2006", "saltillo/G", &inf, &c);
  assert_string_equal(c.why, "2006 -> saltillo/G: not adjacent [rough_and_ready 5.12]");
}

static void command_range_counts_hexes_avoiding_the_enemy(void **state) {
  fixture *f = *state;
  vl_move_query range = Q(f, NULL, NULL, 2);
  vl_move_mark marks[3];
  vl_move_reach *r = reach(f, "1005", &range);
  size_t i;
  for (i = 0; i < vl_move_reach_count(r); i++) {         /* terrain ignored: the distance */
    const vl_move_dest *d = vl_move_reach_at(r, i);
    assert_int_equal(d->cost, vl_hex_distance(P(f->m, "1005").hex, d->loc.hex));
  }
  assert_int_equal(vl_move_reach_count(r), 19);
  vl_move_reach_free(r);
  memset(marks, 0, sizeof marks);                        /* enemy units: 1004 1104 1105 */
  for (i = 0; i < 3; i++) marks[i].kind = VL_MOVE_PROHIBIT;
  marks[0].at = P(f->m, "1004");
  marks[1].at = P(f->m, "1104");
  marks[2].at = P(f->m, "1105");
  range.marks = marks;
  range.nmarks = 3;
  range.budget = 5;
  r = reach(f, "1005", &range);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "1104")), -1);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "1204")), 5);   /* 2 hexes through 1104 */
  /* round the north (1103 at 4) or the south (1205 at 4): 1103 comes first in label order */
  assert_string_equal(path_to(f, r, "1204"), "0904 0903 1003 1103 1204");
  vl_move_reach_free(r);
}

static void the_cheapest_path_or_why_not(void **state) {
  fixture *f = *state;
  vl_move_query art = Q(f, "art", NULL, 30);
  vl_move_reach *r;
  vl_error err;
  assert_int_equal(vl_move_cheapest(f->g, P(f->m, "0108"), P(f->m, "2008"), &art, &r, &err),
                   VL_OK);
  assert_int_equal(vl_move_reach_cost(r, P(f->m, "2008")), 19);   /* the road all the way */
  vl_move_reach_free(r);
  art.budget = 5;
  assert_int_equal(vl_move_cheapest(f->g, P(f->m, "0108"), P(f->m, "2008"), &art, &r, &err),
                   VL_ENOTFOUND);
  assert_null(r);
  assert_string_equal(err.msg, "2008 cannot be reached from 0108 with 5 MP");
  art.budget = 30;                                        /* the lagoon is closed to guns */
  assert_int_equal(vl_move_cheapest(f->g, P(f->m, "1210"), P(f->m, "1112"), &art, &r, &err),
                   VL_ENOTFOUND);
  assert_string_equal(err.msg, "1112 cannot be reached from 1210 with 30 MP");
}

static void bad_queries_are_refused(void **state) {
  fixture *f = *state;
  vl_move_query q = Q(f, "inf", NULL, 4);
  vl_move_mark mark;
  vl_move_reach *r;
  vl_error err;
  q.column = 99;
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, "0808"), &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "no movement column 99");
  q = Q(f, "inf", NULL, VL_MOVE_MAX_BUDGET + 1);
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, "0808"), &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "budget 1000001 is out of range (0 to 1000000)");
  q = Q(f, "inf", NULL, 4);
  memset(&mark, 0, sizeof mark);
  mark.kind = VL_MOVE_STOP;
  mark.on_hexside = 1;
  q.marks = &mark;
  q.nmarks = 1;
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, "0808"), &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "mark 1: a must-stop mark is on a location, not a hexside");
  mark.kind = VL_MOVE_EXTRA;
  mark.on_hexside = 0;
  mark.at = P(f->m, "0808");
  mark.cost = -1;
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, "0808"), &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "mark 1: extra cost -1 is out of range (0 to 9999)");
  q.nmarks = 0;
  assert_int_equal(vl_move_reach_new(f->g, P(f->m, "2108"), &q, &r, &err), VL_EINVAL);
  assert_string_equal(err.msg, "the start is not on the map");
}

/* ---- loading ------------------------------------------------------------------------------ */

/* Writes text to <dir>/<name> and returns that path (static buffer, one of two). */
static const char *write_file(const char *dir, const char *name, const char *text) {
  static char path[2][256];
  static int k;
  FILE *fp;
  k = !k;
  snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
  fp = fopen(path[k], "w");
  assert_non_null(fp);
  fputs(text, fp);
  fclose(fp);
  return path[k];
}

#define HEAD "[movement]\nsystem = rough_and_ready\nsource = test\n"
#define PRICED "[hexside.stream]\ninf = +1\ncav = +1\nart = +1\nldr = +1\n" \
               "[hexside.bridge]\ninf = +0\ncav = +0\nart = +0\nldr = +0\n"

static void broken_tables_are_refused_with_file_and_line(void **state) {
  fixture *f = *state;
  const vl_terrain *tt = vl_map_terrain_table(f->m);
  char dir[] = "/tmp/volley-test-move-XXXXXX";
  struct { const char *text; int line; const char *msg; } cases[] = {
    {HEAD PRICED "[hex.q]\ninf = 1\n", 14, "no hex type 'q' in the terrain tables of "
                                           "rough_and_ready (known: c, ch, g, h, l, m, rc, rw, "
                                           "w)"},
    {"[movement]\nsystem = other\n", 2, "this movement.ini is for system 'other', not "
                                        "'rough_and_ready'"},
    {HEAD "classes = inf\n", 4, "classes belongs to the system's movement.ini, not a "
                                "scenario's"},
    {"[hex.c]\ninf = 1\n", 1, "[movement] must be the first section"},
    {"[movement]\nsource = x\n", 1, "[movement] has no system"},
    {HEAD "[hex.c]\ninf = 2x\n", 5, "bad cost '2x' for inf (a cost such as 2 or 2D, or NA)"},
    {HEAD "[hexside.river]\ninf = 2\n", 5, "bad cost '2' for inf (an extra cost such as +1 or "
                                           "+2D, or NA)"},
    {HEAD "[road.road]\ninf = NA\n", 5, "bad cost 'NA' for inf (a cost such as 1, or - for no "
                                        "road rate)"},
    {HEAD "[track]\ninf = 1D\n", 5, "bad cost '1D' for inf (a cost such as 1, or NA)"},
    {HEAD "[hex.c]\ninf = 10000\n", 5, "cost '10000' for inf is too large (at most 9999 table "
                                       "units; scale 1)"},
    {HEAD "[hex.c]\ninf = 1.5\n", 5, "cost '1.5' for inf is finer than the table's scale (at "
                                     "most 9999 table units; scale 1)"},
    {HEAD "[hex.c]\nspeed = 1\n", 5, "unknown key 'speed' in [hex.c] (known: a class or mode, "
                                     "rule, rule.<column>, na_on_roads, source, provisional, "
                                     "provisional.<key>)"},
    {"[movement]\nsystem = rough_and_ready\n[hex.c]\ninf = 2\n", 4,
     "no source for inf in [hex.c] (give source = or provisional.inf =)"},
    {HEAD "[hex.c]\ninf = 2\nsource = a\nprovisional = b\n", 4, "[hex.c] gives both source "
                                                                "and provisional"},
    {HEAD "[hex.c]\ninf = 2\nprovisional.cav = a guess\n", 6, "provisional.cav: [hex.c] gives "
                                                              "no cav"},
    {HEAD "[hex.c]\nrule = [x 1]\nprovisional.rule = why\n", 6, "provisional.rule: a rule is a "
                                                                "citation and needs no source"},
    {HEAD "modes = foot.line\n", 4, "bad mode 'foot.line' (<class>.<mode>, the class one of "
                                    "classes)"},
    {HEAD "modes = inf.line inf.line\n", 4, "mode 'inf.line' declared twice"},
    {HEAD "[hexside.ford]\ncancels = moat\n", 5, "cancels: 'moat' is not another hexside "
                                                 "feature of the terrain tables"},
    {HEAD "[road.road]\nignores = hexes\n", 5, "ignores: unknown word 'hexes' (elevation, "
                                               "hexsides)"},
    {HEAD "[hex.c]\nna_on_roads = maybe\n", 5, "bad na_on_roads 'maybe' (yes or no)"},
    {HEAD "[hexside.ford]\nna_on_roads = yes\n", 5, "unknown key 'na_on_roads' in "
                                                    "[hexside.ford] (known: a class or mode, "
                                                    "rule, rule.<column>, cancels, source, "
                                                    "provisional, provisional.<key>)"},
    {HEAD "[hex.c]\nrule.foot = [x 1]\n", 5, "rule.foot: no class or mode 'foot'"},
    {HEAD "[units]\n", 4, "unknown section [units] (expected [movement], [hex.<code>], "
                          "[hexside.<id>], [road.<id>], [elevation.up], [elevation.down], "
                          "[track] or [track.<name>])"},
    {HEAD "[hexside.bridge]\ninf = +0\ncav = +0\nart = +0\nldr = +0\n", 0,
     "no movement costs for hexside feature 'stream' (give [hexside.stream])"},
    {HEAD PRICED "[track.rear]\ninf = 1\n", 14, "[track.rear] gives no cost for cav"},
    {HEAD "[hexside.stream]\ninf = +1\n[hexside.bridge]\ninf = +0\n", 6,  /* types in id order */
     "[hexside.bridge] gives no cost for cav"},
  };
  size_t i;
  vl_error err;
  (void)f;
  assert_non_null(mkdtemp(dir));
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *path = write_file(dir, "movement.ini", cases[i].text);
    vl_move_table *t;
    memset(&err, 0, sizeof err);
    t = vl_move_table_load(tt, SYSTEM_TABLE, path, &err);
    if (t != NULL) fail_msg("case %zu loaded", i);
    if (err.line != cases[i].line || strcmp(err.msg, cases[i].msg) != 0)
      fail_msg("case %zu: got %d: %s", i, err.line, err.msg);
    assert_string_equal(err.file, path);
    assert_int_equal(err.code, VL_EPARSE);
    unlink(path);
  }
  /* the system layer's own refusals */
  {
    const char *path = write_file(dir, "system.ini", "[movement]\nsystem = rough_and_ready\n");
    assert_null(vl_move_table_load(tt, path, NULL, &err));
    assert_int_equal(err.line, 1);
    assert_string_equal(err.msg, "[movement] has no classes");
    path = write_file(dir, "system.ini", "[movement]\nsystem = rough_and_ready\nclasses = a\n"
                                         "scale = 0\n");
    assert_null(vl_move_table_load(tt, path, NULL, &err));
    assert_int_equal(err.line, 4);
    assert_string_equal(err.msg, "bad scale '0' (table units per MP: 1 to 100)");
    unlink(path);
  }
  assert_null(vl_move_table_load(tt, "no-such.ini", NULL, &err));
  assert_int_equal(err.code, VL_EIO);
  assert_string_equal(err.msg, "cannot open (No such file or directory)");
  rmdir(dir);
  vl_move_table_free(NULL);
  vl_move_graph_free(NULL);
  vl_move_reach_free(NULL);
}

/* A table in half MPs: every row of the sample's terrain at 0.5, the road at 1.5. */
static void half_mps_are_scaled_to_integers(void **state) {
  fixture *f = *state;
  const vl_terrain *tt = vl_map_terrain_table(f->m);
  static const char *const kinds[3] = {"hex", "hexside", "road"};
  char dir[] = "/tmp/volley-test-move-XXXXXX", text[8192];
  size_t len = 0, k, i;
  vl_move_table *t;
  vl_move_graph *g;
  vl_move_query q;
  vl_move_check c;
  vl_move_loc path[2];
  vl_error err;
  const char *file;
  assert_non_null(mkdtemp(dir));
  len += (size_t)snprintf(text, sizeof text, "[movement]\nsystem = rough_and_ready\n"
                          "source = test\nclasses = foot\nscale = 2\n");
  for (k = 0; k < 3; k++)
    for (i = 0; i < vl_terrain_count(tt, (vl_terrain_kind)k); i++)
      len += (size_t)snprintf(text + len, sizeof text - len, "[%s.%s]\nfoot = %s\n", kinds[k],
                              vl_terrain_type_at(tt, (vl_terrain_kind)k, i)->id,
                              k == 0 ? "0.5" : k == 1 ? "+0" : "1.5");
  file = write_file(dir, "half.ini", text);
  t = vl_move_table_load(tt, file, NULL, &err);
  if (t == NULL) fail_msg("%d: %s", err.line, err.msg);
  assert_int_equal(vl_move_table_scale(t), 2);
  assert_int_equal(vl_move_graph_new(f->m, t, &g, &err), VL_OK);
  vl_move_query_init(&q);
  q.column = vl_move_column(t, "foot", NULL);
  q.budget = 2;                                            /* 1 MP */
  path[0] = P(f->m, "0507");
  path[1] = P(f->m, "0607");
  assert_int_equal(vl_move_validate(g, path, 2, &q, NULL, &c, &err), VL_OK);
  assert_true(c.ok);
  assert_int_equal(c.cost, 1);                             /* half an MP */
  path[0] = P(f->m, "0508");
  path[1] = P(f->m, "0608");                               /* the road: 1.5 MP */
  q.budget = 2;
  assert_int_equal(vl_move_validate(g, path, 2, &q, NULL, &c, &err), VL_OK);
  assert_true(c.ok);                                       /* the hex's 0.5 is cheaper */
  assert_int_equal(c.cost, 1);
  q.roads = ~(uint32_t)0;
  q.budget = 0;
  assert_int_equal(vl_move_validate(g, path, 2, &q, NULL, &c, &err), VL_OK);
  assert_string_equal(c.why, "0508 -> 0608: costs 0.5, only 0 MP left");
  vl_move_graph_free(g);
  vl_move_table_free(t);
  unlink(file);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(the_chart_is_transcribed),
    cmocka_unit_test(modes_fall_back_to_their_class),
    cmocka_unit_test(values_keep_their_layer_and_provenance),
    cmocka_unit_test(the_road_rate_applies_only_along_the_road),
    cmocka_unit_test(a_trail_opens_a_marsh_but_not_chaparral),
    cmocka_unit_test(prohibited_hexes_and_hexsides_name_the_terrain_and_rule),
    cmocka_unit_test(hexside_extras_and_what_cancels_them),
    cmocka_unit_test(elevation_costs_per_level_crossed),
    cmocka_unit_test(crossing_a_d_entry_disorders),
    cmocka_unit_test(reach_is_sorted_by_cost_then_label_and_leaves_mp_over),
    cmocka_unit_test(equal_paths_go_by_the_previous_place_in_label_order),
    cmocka_unit_test(fewer_disorders_win_among_equal_costs),
    cmocka_unit_test(must_stop_places_are_reached_but_not_passed),
    cmocka_unit_test(overlays_prohibit_add_and_take_road_rates_away),
    cmocka_unit_test(a_typed_path_names_its_first_illegal_step),
    cmocka_unit_test(tracks_move_by_spaces_and_links),
    cmocka_unit_test(command_range_counts_hexes_avoiding_the_enemy),
    cmocka_unit_test(the_cheapest_path_or_why_not),
    cmocka_unit_test(bad_queries_are_refused),
    cmocka_unit_test(broken_tables_are_refused_with_file_and_line),
    cmocka_unit_test(half_mps_are_scaled_to_integers),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
