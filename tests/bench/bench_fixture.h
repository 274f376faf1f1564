/*
** bench_fixture.h -- what the store's C benchmarks share (bench_state.c, bench_save.c): a
** clock, a small generator for the cases, and the 600-unit schema and roster on a 60x50
** map. Define UNITS, COLS and ROWS before including it. Figures only, never assertions.
*/
#ifndef VOLLEY_BENCH_FIXTURE_H
#define VOLLEY_BENCH_FIXTURE_H

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "volley/state.h"

static inline double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static inline unsigned next_u(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (*s >> 8) & 0xffffu;
}

static inline int must(int rc, const vl_error *err) {
  if (rc < 0) {
    fprintf(stderr, "bench_state: %s\n", err->msg);
    return 0;
  }
  return 1;
}

static inline vl_facing_model model(int kind, const char *arcs) {
  vl_facing_model m;
  int o;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  for (o = 0; o < 6; o++)
    m.arc[o] = (unsigned char)(arcs[o] == 'F' ? VL_ARC_FRONT : arcs[o] == 'L' ? VL_ARC_FLANK
                                                                            : VL_ARC_REAR);
  return m;
}

/* A GBACW-sized schema: 8 unit fields, 4 leader fields, 12 markers. */
static inline vl_schema *schema(vl_error *err) {
  static const char *const weapons[] = {"M", "R", "C", "S", "SR", "B"};
  static const char *const ints[] = {"strength", "steps", "cohesion", "cohesion_disordered",
                                     "ma", "guns"};
  static const char *const lints[] = {"initiative", "efficiency", "range", "stars"};
  static const char *const markers[] = {"disordered", "routed", "fatigue", "ammo", "refused",
                                        "extended", "moved", "fired", "engaged", "orders",
                                        "blown", "hits"};
  vl_schema *s = vl_schema_new("gbacw");
  vl_facing_model vertex = model(VL_FACING_VERTEX, "FFLRRL"), none = model(VL_FACING_NONE, "FFFFFF");
  vl_field f;
  int i, ok = 1;
  ok &= must(vl_schema_add_level(s, "army", err), err);
  ok &= must(vl_schema_add_level(s, "division", err), err);
  ok &= must(vl_schema_add_level(s, "brigade", err), err);
  ok &= must(vl_schema_add_model(s, "vertex", &vertex, NULL, err), err);
  ok &= must(vl_schema_add_model(s, "none", &none, NULL, err), err);
  ok &= must(vl_schema_add_type(s, "infantry", VL_CLASS_COMBAT, "vertex", 0, NULL, err), err);
  ok &= must(vl_schema_add_type(s, "cavalry", VL_CLASS_COMBAT, "vertex", 0, NULL, err), err);
  ok &= must(vl_schema_add_type(s, "artillery", VL_CLASS_COMBAT | VL_CLASS_ARTILLERY, "vertex",
                                0, NULL, err), err);
  ok &= must(vl_schema_add_type(s, "leader", VL_CLASS_LEADER, "none", 0, NULL, err), err);
  for (i = 0; i < 6; i++) {
    memset(&f, 0, sizeof f);
    f.name = ints[i];
    f.type = VL_FIELD_INT;
    f.of = VL_OF_UNIT;
    f.max = 30;
    f.has_default = 1;
    ok &= must(vl_schema_add_field(s, &f, err), err);
  }
  memset(&f, 0, sizeof f);
  f.name = "weapon";
  f.type = VL_FIELD_ENUM;
  f.of = VL_OF_UNIT;
  f.values = weapons;
  f.n_values = 6;
  f.has_default = 1;
  ok &= must(vl_schema_add_field(s, &f, err), err);
  memset(&f, 0, sizeof f);
  f.name = "lancer";
  f.type = VL_FIELD_BOOL;
  f.of = VL_OF_UNIT;
  f.has_default = 1;
  ok &= must(vl_schema_add_field(s, &f, err), err);
  for (i = 0; i < 4; i++) {
    memset(&f, 0, sizeof f);
    f.name = lints[i];
    f.type = VL_FIELD_INT;
    f.of = VL_OF_LEADER;
    f.max = 9;
    f.has_default = 1;
    ok &= must(vl_schema_add_field(s, &f, err), err);
  }
  for (i = 0; i < 12; i++) ok &= must(vl_schema_add_marker(s, markers[i], 0, 9, NULL, err), err);
  if (!ok) {
    vl_schema_free(s);
    return NULL;
  }
  return s;
}

/* Two armies of 3 divisions of 5 brigades; 9 units and one leader a brigade, the rest leaders
** of divisions and armies, up to 600 entries. */
static inline vl_roster *roster(vl_error *err) {
  static const char *const sides[2] = {"USA", "CSA"};
  vl_schema *s = schema(err);
  vl_roster *r;
  unsigned seed = 7;
  int side, d, b, k, n = 0, ok = 1;
  char id[48], cmd[24], parent[16], val[8];
  if (s == NULL) return NULL;
  r = vl_roster_new(s, "bench");
  vl_schema_free(s);
  for (side = 0; side < 2; side++) {
    ok &= must(vl_roster_add_side(r, sides[side], err), err);
    ok &= must(vl_roster_add_command(r, sides[side], NULL, sides[side], "army", NULL, 0, err), err);
    snprintf(id, sizeof id, "%s-cmdr", sides[side]);
    ok &= must(vl_roster_add_unit(r, 1, id, NULL, sides[side], "leader", sides[side], 0, err), err);
    n++;
    for (d = 0; d < 3; d++) {
      snprintf(parent, sizeof parent, "%s-%d", sides[side], d);
      ok &= must(vl_roster_add_command(r, parent, NULL, sides[side], "division", sides[side], 0,
                                       err), err);
      snprintf(id, sizeof id, "%s-L", parent);
      ok &= must(vl_roster_add_unit(r, 1, id, NULL, sides[side], "leader", parent, 0, err), err);
      n++;
      for (b = 0; b < 5; b++) {
        snprintf(cmd, sizeof cmd, "%s.%d", parent, b);
        ok &= must(vl_roster_add_command(r, cmd, NULL, sides[side], "brigade", parent, 0, err), err);
        snprintf(id, sizeof id, "%s-L", cmd);
        ok &= must(vl_roster_add_unit(r, 1, id, NULL, sides[side], "leader", cmd, 0, err), err);
        n++;
        for (k = 0; k < 9 && n < UNITS / 2 * (side + 1); k++, n++) {
          const char *type = k < 6 ? "infantry" : k < 8 ? "cavalry" : "artillery";
          int u;
          snprintf(id, sizeof id, "%s/%d", cmd, k);
          u = vl_roster_add_unit(r, 0, id, NULL, sides[side], type, cmd, 0, err);
          ok &= must(u, err);
          snprintf(val, sizeof val, "%u", 1 + next_u(&seed) % 12);
          ok &= must(vl_roster_set_text(r, u, "strength", val, 0, err), err);
        }
      }
    }
  }
  while (n < UNITS) {  /* fill up with army-level artillery reserves */
    snprintf(id, sizeof id, "reserve/%d", n);
    ok &= must(vl_roster_add_unit(r, 0, id, NULL, sides[n % 2], "artillery", sides[n % 2], 0,
                                  err), err);
    n++;
  }
  ok &= must(vl_roster_finish(r, err), err);
  if (!ok) {
    vl_roster_free(r);
    return NULL;
  }
  return r;
}

#endif
