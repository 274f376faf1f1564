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

#endif
