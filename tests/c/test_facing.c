/*
** test_facing.c -- the facing models against the rulebooks: for each model, a unit in a
** concrete hex with a concrete facing and the hexes the rules make its Front, Flank and Rear.
** The models here are those of charts/<system>/units.ini, written out in C (the Lua specs
** check the same facts through the files).
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/facing.h"
#include "volley/hex.h"

/* flat-top, odd columns down: Rough & Ready, Battle of Buena Vista, the Gringo! BV map. */
static vl_grid odd_q(void) {
  vl_grid g = {VL_FLAT_TOP, VL_ODD_COLUMNS_DOWN, 2};
  return g;
}

/* flat-top, even columns down: Jackson at the Crossroads, and the GBACW series examples. */
static vl_grid even_q(void) {
  vl_grid g = {VL_FLAT_TOP, VL_EVEN_COLUMNS_DOWN, 2};
  return g;
}

static vl_hex H(const vl_grid *g, const char *label) {
  vl_hex h = {0, 0};
  vl_error err;
  if (vl_hex_parse(g, label, &h, &err) != VL_OK) fail_msg("%s", err.msg);
  return h;
}

/* A model from its arcs: a string of six letters F/L/R (front, flank, rear) by offset. */
static vl_facing_model model(int kind, const char *arcs, int chain, int sides, int incoming) {
  vl_facing_model m;
  int o;
  vl_error err;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  for (o = 0; o < 6; o++)
    m.arc[o] = (unsigned char)(arcs[o] == 'F' ? VL_ARC_FRONT : arcs[o] == 'L' ? VL_ARC_FLANK
                                                                            : VL_ARC_REAR);
  m.chain = chain;
  m.sides = (unsigned char)sides;
  m.incoming = (unsigned char)incoming;
  if (vl_facing_model_check(&m, &err) != VL_OK) fail_msg("%s", err.msg);
  return m;
}

/* The models of the charts. */
#define VERTEX model(VL_FACING_VERTEX, "FFLRRL", 0, 0, 0)          /* [rough_and_ready 5.32] */
#define RR_ARTILLERY model(VL_FACING_VERTEX, "FFRRRR", 0, 0, 0)    /* [rough_and_ready 5.32] */
#define SQUARE model(VL_FACING_NONE, "FFFFFF", 0, 0, 0)            /* [rough_and_ready 5.43] */
#define REFUSED_RIGHT model(VL_FACING_VERTEX, "FFFLRL", 0, 0, 0)   /* [gbacw 7.34] */
#define REFUSED_LEFT model(VL_FACING_VERTEX, "FFLRLF", 0, 0, 0)    /* [gbacw 7.34] */
#define MARCH model(VL_FACING_HEXSIDE, "FLLRLL", 1, VL_ARC_FLANK, 0)  /* [gbacw 7.11, 8.5] */
#define ANGOSTURA model(VL_FACING_HEXSIDE, "FFRRRF", 0, 0, 0)      /* [gbacw BV Special Facing] */
#define SPI_LINE model(VL_FACING_HEXSIDE, "FFRRRF", 0, 0, 0)       /* [spi_gbacw 7.0] */
#define SPI_MOUNTED model(VL_FACING_HEXSIDE, "FRRRRR", 0, 0, VL_ARC_REAR)  /* [spi_gbacw 7.0] */
#define DOUBLE model(VL_FACING_HEXSIDE, "FFRRRF", 1, VL_ARC_REAR, 0)  /* [battle_of_buena_vista 7.5] */

/* Parses a facing word for a unit at hex `at`. */
static vl_facing face(const vl_grid *g, const char *at, const char *word) {
  vl_facing f;
  vl_facing_kind kind;
  vl_error err;
  if (vl_facing_parse(g, H(g, at), word, &kind, &f.index, &err) != VL_OK) fail_msg("%s", err.msg);
  f.kind = (int)kind;
  return f;
}

/* "front A B; flank C; rear D E" for a unit on the hexes (space-separated labels) with one
** model for every part, sorted by hex (label order on flat-top maps). */
static const char *arcs_of(const vl_grid *g, const char *hexes, const vl_facing_model *m,
                           vl_facing f, int incoming) {
  static char out[256];  /* test helper: one answer at a time */
  vl_hex hx[VL_FACING_PARTS], adj[16];
  unsigned char ar[16];
  const vl_facing_model *models[VL_FACING_PARTS];
  char copy[64], *tok, *save = NULL;
  int n = 0, count, a, i;
  vl_error err;
  snprintf(copy, sizeof copy, "%s", hexes);
  for (tok = strtok_r(copy, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
    models[n] = m;
    hx[n++] = H(g, tok);
  }
  assert_int_equal(vl_facing_chain_check(g, hx, n, &err), VL_OK);
  count = vl_facing_hexes(g, hx, n, models, f, incoming, adj, ar, 16, &err);
  if (count < 0) fail_msg("%s", err.msg);
  out[0] = '\0';
  for (a = VL_ARC_FRONT; a <= VL_ARC_REAR; a++) {
    int any = 0;
    for (i = 0; i < count; i++) {
      char lab[VL_HEX_LABEL_MAX];
      if (ar[i] != a) continue;
      assert_true(vl_hex_format(g, adj[i], lab, sizeof lab) > 0);
      if (!any) {
        if (out[0]) strcat(out, "; ");
        strcat(out, vl_arc_word(a));
      }
      strcat(out, " ");
      strcat(out, lab);
      any = 1;
    }
  }
  return out;
}

/* ---- Rough & Ready ------------------------------------------------------------------------- */

/* [rough_and_ready 5.31-5.32]: a unit faces a vertex; the two hexsides meeting there are its
** Front, the next two its Flank, the two opposite its Rear. */
static void rr_vertex_facing_two_front_two_flank_two_rear(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = VERTEX;
  (void)state;
  assert_string_equal(arcs_of(&g, "3123", &m, face(&g, "3123", "N/NE"), 0),
                      "front 3122 3223; flank 3023 3224; rear 3024 3124");
  /* E is NE/SE: the front turns one vertex clockwise */
  assert_string_equal(arcs_of(&g, "3123", &m, face(&g, "3123", "E"), 0),
                      "front 3223 3224; flank 3122 3124; rear 3023 3024");
  /* an even column: 3224 facing SW/NW (W) has 3124 and 3123 in front */
  assert_string_equal(arcs_of(&g, "3224", &m, face(&g, "3224", "W"), 0),
                      "front 3123 3124; flank 3223 3225; rear 3323 3324");
}

/* [rough_and_ready 5.32] exception: artillery has the two Front hexes; the rest are Rear. */
static void rr_artillery_two_front_four_rear(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = RR_ARTILLERY;
  (void)state;
  assert_string_equal(arcs_of(&g, "3123", &m, face(&g, "3123", "N/NE"), 0),
                      "front 3122 3223; rear 3023 3024 3124 3224");
}

/* [rough_and_ready 5.43]: every hex adjacent to a Square is Frontal, whatever the facing. */
static void rr_square_six_front(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = SQUARE;
  vl_facing none = {VL_FACING_NONE, 0};
  (void)state;
  assert_string_equal(arcs_of(&g, "3123", &m, face(&g, "3123", "S/SW"), 0),
                      "front 3023 3024 3122 3124 3223 3224");
  assert_string_equal(arcs_of(&g, "3123", &m, none, 0), "front 3023 3024 3122 3124 3223 3224");
}

/* ---- GBACW ---------------------------------------------------------------------------------- */

/* [gbacw 8.48] wrap-around example, whose hexes fit only an even-columns-down grid: an
** extended line in 3311-3312 facing east shocks a defender in 3412 facing west. 3412 is in the
** line's front (through 3312) while 3311 is not even adjacent to it; pivoting the 3311 half
** into 3411 (the line now faces SE/S) puts 3412 in both parts' front, and the attack comes
** through the defender's Front (3312) and Flank (3411) -- the play note's front-and-flank. */
static void gbacw_extended_line_wrap_around(void **state) {
  vl_grid g = even_q();
  vl_facing_model m = VERTEX;
  vl_hex before[2];
  const vl_facing_model *models[2];
  vl_facing defender = face(&g, "3412", "W");
  vl_error err;
  (void)state;
  models[0] = models[1] = &m;
  assert_string_equal(arcs_of(&g, "3311 3312", &m, face(&g, "3311", "E"), 0),
                      "front 3410 3411 3412; flank 3310 3313; rear 3210 3211 3212");
  before[0] = H(&g, "3311");
  before[1] = H(&g, "3312");
  assert_int_equal(vl_hex_distance(before[0], H(&g, "3412")), 2);
  assert_int_equal(vl_facing_arc_of(&g, before, 2, models, face(&g, "3311", "E"), 0,
                                    H(&g, "3412"), &err), VL_ARC_FRONT);
  /* after the pivot: 3411 is in 3312's NE flank hex, so the line faces SE/S */
  assert_string_equal(arcs_of(&g, "3312 3411", &m, face(&g, "3312", "SE/S"), 0),
                      "front 3313 3412 3512; flank 3212 3511; rear 3211 3311 3410");
  /* the defender sees the attackers through its Front and its Flank */
  {
    vl_hex d[1];
    const vl_facing_model *dm[1];
    d[0] = H(&g, "3412");
    dm[0] = &m;
    assert_int_equal(vl_facing_arc_of(&g, d, 1, dm, defender, 1, H(&g, "3312"), &err),
                     VL_ARC_FRONT);
    assert_int_equal(vl_facing_arc_of(&g, d, 1, dm, defender, 1, H(&g, "3411"), &err),
                     VL_ARC_FLANK);
  }
}

/* [gbacw 7.34]: a Refused unit has a third, Refused Frontal hex (the flank hex on the refused
** side) and the hexside next to it becomes Flank. */
static void gbacw_refused_flank_third_front_hex(void **state) {
  vl_grid g = odd_q();
  vl_facing_model right = REFUSED_RIGHT, left = REFUSED_LEFT;
  (void)state;
  assert_string_equal(arcs_of(&g, "3123", &right, face(&g, "3123", "N/NE"), 0),
                      "front 3122 3223 3224; flank 3023 3124; rear 3024");
  assert_string_equal(arcs_of(&g, "3123", &left, face(&g, "3123", "N/NE"), 0),
                      "front 3023 3122 3223; flank 3024 3224; rear 3124");
}

/* [gbacw 7.11] March units face a hexside; [gbacw 8.5] a column has one Front hex and one Rear
** hex, at its two ends, and every other hex around it is Flank -- also for a one-hex unit,
** and for a column bent along a road. */
static void gbacw_march_column_one_front_one_rear(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = MARCH;
  (void)state;
  assert_string_equal(arcs_of(&g, "3123", &m, face(&g, "3123", "N"), 0),
                      "front 3122; flank 3023 3024 3223 3224; rear 3124");
  assert_string_equal(arcs_of(&g, "3122 3123", &m, face(&g, "3122", "N"), 0),
                      "front 3121; flank 3022 3023 3024 3222 3223 3224; rear 3124");
  /* head in 3223 facing NE, then 3123, tail in 3124: the rear is behind the tail (3125) */
  assert_string_equal(arcs_of(&g, "3223 3123 3124", &m, face(&g, "3223", "NE"), 0),
                      "front 3322; flank 3023 3024 3025 3122 3222 3224 3225 3323; rear 3125");
}

/* [gbacw BV Special Facing]: units in 1632 (La Angostura) face a hexside, with 1532, 1633 and
** 1732 in front and the other three hexes rear. Those three are contiguous only with odd
** columns down, and then the faced hexside is S. */
static void gbacw_la_angostura_three_front_hexes(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = ANGOSTURA;
  (void)state;
  assert_string_equal(arcs_of(&g, "1632", &m, face(&g, "1632", "S"), 0),
                      "front 1532 1633 1732; rear 1531 1631 1731");
}

/* ---- SPI GBACW (Jackson at the Crossroads) -------------------------------------------------- */

/* [spi_gbacw 7.0]: a counter points at a hexside; line infantry, dismounted cavalry and
** unlimbered artillery have that hexside and its two neighbours Frontal, the other three
** Enfilade (rear). Jackson at the Crossroads numbers even columns down. */
static void spi_line_three_front_three_enfilade(void **state) {
  vl_grid g = even_q();
  vl_facing_model m = SPI_LINE;
  (void)state;
  assert_string_equal(arcs_of(&g, "1040", &m, face(&g, "1040", "N"), 0),
                      "front 0940 1039 1140; rear 0941 1041 1141");
  /* 1040 and 0941 are adjacent (the bridge of [spi_gbacw JC 22.1]): 0941 is SW */
  assert_string_equal(arcs_of(&g, "1040", &m, face(&g, "1040", "SW"), 0),
                      "front 0940 0941 1041; rear 1039 1140 1141");
}

/* [spi_gbacw 7.0]: mounted cavalry fires through its one top hexside, and is enfiladed
** whatever the direction of the fire. */
static void spi_mounted_cavalry_one_front_always_enfiladed(void **state) {
  vl_grid g = even_q();
  vl_facing_model m = SPI_MOUNTED;
  vl_hex at[1];
  const vl_facing_model *models[1];
  vl_error err;
  (void)state;
  at[0] = H(&g, "1040");
  models[0] = &m;
  assert_string_equal(arcs_of(&g, "1040", &m, face(&g, "1040", "N"), 0),
                      "front 1039; rear 0940 0941 1041 1140 1141");
  assert_int_equal(vl_facing_arc_of(&g, at, 1, models, face(&g, "1040", "N"), 0, H(&g, "1039"),
                                    &err), VL_ARC_FRONT);
  assert_int_equal(vl_facing_arc_of(&g, at, 1, models, face(&g, "1040", "N"), 1, H(&g, "1039"),
                                    &err), VL_ARC_REAR);
  assert_string_equal(arcs_of(&g, "1040", &m, face(&g, "1040", "N"), 1),
                      "rear 0940 0941 1039 1041 1140 1141");
}

/* ---- Battle of Buena Vista ----------------------------------------------------------------- */

/* [battle_of_buena_vista 7.5]: a double-size counter fires and shocks only through its three
** front hexsides -- the outer hexsides of its head, away from its tail (the digest's ruling
** A31) -- and every other hexside counts as non-front. */
static void bv_double_size_three_front_hexsides(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = DOUBLE;
  vl_hex hx[2];
  const vl_facing_model *models[2];
  unsigned char sides[6 * VL_FACING_PARTS];
  vl_error err;
  int d, front = 0, rear = 0, internal = 0;
  (void)state;
  assert_string_equal(arcs_of(&g, "3123 3124", &m, face(&g, "3123", "N"), 0),
                      "front 3023 3122 3223; rear 3024 3025 3125 3224 3225");
  hx[0] = H(&g, "3123");
  hx[1] = H(&g, "3124");
  models[0] = models[1] = &m;
  assert_int_equal(vl_facing_sides(&g, hx, 2, models, face(&g, "3123", "N"), 0, sides, &err),
                   VL_OK);
  for (d = 0; d < 12; d++) {
    front += sides[d] == VL_ARC_FRONT;
    rear += sides[d] == VL_ARC_REAR;
    internal += sides[d] == VL_ARC_NONE;
  }
  assert_int_equal(front, 3);
  assert_int_equal(rear, 7);
  assert_int_equal(internal, 2);   /* the head's S and the tail's N: the counter itself */
}

/* ---- refusals ------------------------------------------------------------------------------ */

static void models_and_chains_are_checked(void **state) {
  vl_grid g = odd_q();
  vl_facing_model m = VERTEX, bad;
  vl_hex hx[3];
  const vl_facing_model *models[1];
  unsigned char sides[6 * VL_FACING_PARTS];
  vl_error err;
  (void)state;
  bad = m;
  bad.arc[4] = VL_ARC_NONE;
  assert_int_equal(vl_facing_model_check(&bad, &err), VL_EINVAL);
  assert_string_equal(err.msg, "hexside offset 4 has no arc (front, flank and rear must cover 0-5)");
  bad = SQUARE;
  bad.arc[2] = VL_ARC_REAR;
  assert_int_equal(vl_facing_model_check(&bad, &err), VL_EINVAL);
  assert_string_equal(err.msg, "a model of kind none does not turn: all six hexsides need one arc");
  bad = VERTEX;
  bad.chain = 1;
  bad.sides = VL_ARC_FLANK;
  assert_int_equal(vl_facing_model_check(&bad, &err), VL_EINVAL);
  assert_string_equal(err.msg, "a chain model faces a hexside");
  hx[0] = H(&g, "3123");
  hx[1] = H(&g, "3125");
  assert_int_equal(vl_facing_chain_check(&g, hx, 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "hexes 3123 and 3125 are not adjacent (a unit's hexes form a chain)");
  hx[1] = H(&g, "3124");
  hx[2] = H(&g, "3123");
  assert_int_equal(vl_facing_chain_check(&g, hx, 3, &err), VL_EINVAL);
  assert_string_equal(err.msg, "hex 3123 is given twice");
  assert_int_equal(vl_facing_chain_check(&g, hx, 4, &err), VL_EINVAL);
  assert_string_equal(err.msg, "a unit occupies 1 to 3 hexes, not 4");
  models[0] = &m;
  assert_int_equal(vl_facing_sides(&g, hx, 1, models, face(&g, "3123", "N"), 0, sides, &err),
                   VL_EINVAL);
  assert_string_equal(err.msg, "the model faces a vertex, the unit a hexside");
  {
    vl_facing none = {VL_FACING_NONE, 0};
    assert_int_equal(vl_facing_sides(&g, hx, 1, models, none, 0, sides, &err), VL_EINVAL);
    assert_string_equal(err.msg, "the unit has no facing (its model faces a vertex)");
  }
  assert_int_equal(vl_arc_parse("flank"), VL_ARC_FLANK);
  assert_int_equal(vl_arc_parse("side"), VL_ARC_NONE);
  assert_null(vl_arc_word(VL_ARC_NONE));
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rr_vertex_facing_two_front_two_flank_two_rear),
    cmocka_unit_test(rr_artillery_two_front_four_rear),
    cmocka_unit_test(rr_square_six_front),
    cmocka_unit_test(gbacw_extended_line_wrap_around),
    cmocka_unit_test(gbacw_refused_flank_third_front_hex),
    cmocka_unit_test(gbacw_march_column_one_front_one_rear),
    cmocka_unit_test(gbacw_la_angostura_three_front_hexes),
    cmocka_unit_test(spi_line_three_front_three_enfilade),
    cmocka_unit_test(spi_mounted_cavalry_one_front_always_enfiladed),
    cmocka_unit_test(bv_double_size_three_front_hexsides),
    cmocka_unit_test(models_and_chains_are_checked),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
