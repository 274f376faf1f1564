/*
** state_fixture.h -- helpers the state store's C tests share (test_state.c,
** test_state_text.c): the odd-q grid, hexes by label, facing models and fields made inline.
** Include after cmocka.h and volley/state.h.
*/
#ifndef VOLLEY_TEST_STATE_FIXTURE_H
#define VOLLEY_TEST_STATE_FIXTURE_H

#include <string.h>

static inline vl_grid odd_q(void) {
  vl_grid g = {VL_FLAT_TOP, VL_ODD_COLUMNS_DOWN, 2};
  return g;
}

static inline vl_hex H(const char *label) {
  vl_grid g = odd_q();
  vl_hex h = {0, 0};
  vl_error err;
  if (vl_hex_parse(&g, label, &h, &err) != VL_OK) fail_msg("%s", err.msg);
  return h;
}

#define OK(call)                                              \
  do {                                                        \
    int rc_ = (call);                                         \
    if (rc_ < 0) fail_msg("%s failed: %d", #call, rc_);       \
  } while (0)

static inline vl_facing_model mk(int kind, const char *arcs) {
  vl_facing_model m;
  int o;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  for (o = 0; o < 6; o++)
    m.arc[o] = (unsigned char)(arcs[o] == 'F' ? VL_ARC_FRONT : arcs[o] == 'L' ? VL_ARC_FLANK
                                                                            : VL_ARC_REAR);
  return m;
}

static inline vl_field field(const char *name, vl_field_type type, int of, int min, int max,
                      int has_default, int dflt) {
  vl_field f;
  memset(&f, 0, sizeof f);
  f.name = name;
  f.type = type;
  f.of = of;
  f.min = min;
  f.max = max;
  f.has_default = has_default;
  f.dflt = dflt;
  return f;
}

static inline int add(vl_roster *r, int leader, const char *id, const char *side, const char *type,
               const char *command, const char *values) {
  char buf[256], *tok, *save = NULL;
  vl_error err;
  int b = vl_roster_add_unit(r, leader, id, NULL, side, type, command, 0, &err);
  if (b < 0) fail_msg("%s", err.msg);
  snprintf(buf, sizeof buf, "%s", values);
  for (tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
    char *eq = strchr(tok, '=');
    assert_non_null(eq);
    *eq = '\0';
    if (vl_roster_set_text(r, b, tok, eq + 1, 0, &err) != VL_OK) fail_msg("%s", err.msg);
  }
  return b;
}

/* A small order of battle on schema s (the roster takes it): two sides, an army each,
** commands under them. */
static inline vl_roster *fixture_roster(vl_schema *s) {
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  vl_schema_free(s);  /* the roster holds it */
  OK(vl_roster_add_side(r, "US", &err));
  OK(vl_roster_add_side(r, "MEX", &err));
  OK(vl_roster_add_place(r, VL_PLACE_SPACE, "saltillo/G", &err));
  OK(vl_roster_add_place(r, VL_PLACE_SPACE, "saltillo/A", &err));
  OK(vl_roster_add_place(r, VL_PLACE_BOX, "reserve", &err));
  OK(vl_roster_add_command(r, "US", "Army of Occupation", "US", "army", NULL, 0, &err));
  OK(vl_roster_add_command(r, "twiggs", "Twiggs' Command", "US", "command", "US", 0, &err));
  OK(vl_roster_add_command(r, "belknap", "Belknap's Command", "US", "command", "US", 0, &err));
  OK(vl_roster_add_command(r, "MEX", "Ejercito del Norte", "MEX", "army", NULL, 0, &err));
  OK(vl_roster_add_command(r, "torrejon", "Torrejon", "MEX", "command", "MEX", 0, &err));
  add(r, 0, "5US-1", "US", "infantry", "twiggs", "morale=6 strength=3");
  add(r, 0, "5US-2", "US", "infantry", "twiggs", "morale=6 strength=2");
  add(r, 0, "ringgold", "US", "artillery", "twiggs", "morale=7 gun=6pdr ma=8");
  add(r, 0, "duncan", "US", "artillery", "belknap", "morale=7 gun=6pdr ma=8");
  add(r, 0, "8US", "US", "infantry", "belknap", "morale=5 strength=4");
  add(r, 1, "Taylor", "US", "leader", "US", "activation=6");
  add(r, 1, "Twiggs", "US", "leader", "twiggs", "activation=5");
  add(r, 1, "Belknap", "US", "leader", "belknap", "activation=5 note=acting");
  add(r, 0, "wagons", "US", "wagon", NULL, "morale=0 ma=4");
  add(r, 0, "tampico", "MEX", "cavalry", "torrejon", "morale=5 lancer=yes ma=10 strength=2");
  add(r, 0, "1/L", "MEX", "brigade", "MEX", "morale=4 strength=9");
  add(r, 1, "Arista", "MEX", "leader", "MEX", "activation=4");
  add(r, 1, "Torrejon", "MEX", "leader", "torrejon", "activation=3");
  if (vl_roster_finish(r, &err) != VL_OK) fail_msg("%s", err.msg);
  return r;
}

#endif
