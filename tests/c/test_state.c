/*
** test_state.c -- the schema, the roster and the state store built in C: hierarchy questions,
** refusals with file:line, locations and ordered stacks, the fast queries, values and
** markers, facing through the store, and copies that share nothing but the roster.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/state.h"

#include "state_fixture.h"

/* A schema shaped like charts/rough_and_ready/units.ini, plus a double-size type. */
static vl_schema *schema(void) {
  vl_schema *s = vl_schema_new("rough_and_ready");
  vl_facing_model vertex = mk(VL_FACING_VERTEX, "FFLRRL"), art = mk(VL_FACING_VERTEX, "FFRRRR");
  vl_facing_model square = mk(VL_FACING_NONE, "FFFFFF"), dbl = mk(VL_FACING_HEXSIDE, "FFRRRF");
  static const char *const guns[] = {"none", "6pdr", "12pdr", "18pdr"};
  vl_field f;
  vl_error err;
  dbl.chain = 1;
  dbl.sides = VL_ARC_REAR;
  assert_non_null(s);
  OK(vl_schema_add_level(s, "army", &err));
  OK(vl_schema_add_level(s, "command", &err));
  OK(vl_schema_add_model(s, "vertex", &vertex, "[rough_and_ready 5.31-5.32]", &err));
  OK(vl_schema_add_model(s, "artillery", &art, "[rough_and_ready 5.32]", &err));
  OK(vl_schema_add_model(s, "square", &square, "[rough_and_ready 5.43]", &err));
  OK(vl_schema_add_model(s, "double", &dbl, "[battle_of_buena_vista 7.5]", &err));
  OK(vl_schema_add_type(s, "infantry", VL_CLASS_COMBAT, "vertex", 0, NULL, &err));
  OK(vl_schema_add_type(s, "cavalry", VL_CLASS_COMBAT, "vertex", 0, NULL, &err));
  OK(vl_schema_add_type(s, "artillery", VL_CLASS_COMBAT | VL_CLASS_ARTILLERY, "artillery", 0,
                        NULL, &err));
  OK(vl_schema_add_type(s, "brigade", VL_CLASS_COMBAT, "double", 2, NULL, &err));
  OK(vl_schema_add_type(s, "leader", VL_CLASS_LEADER, "square", 0, NULL, &err));
  OK(vl_schema_add_type(s, "wagon", 0, "square", 0, NULL, &err));
  f = field("morale", VL_FIELD_INT, VL_OF_UNIT, 0, 9, 0, 0);
  OK(vl_schema_add_field(s, &f, &err));
  f = field("strength", VL_FIELD_INT, VL_OF_UNIT, 0, 30, 1, 1);
  OK(vl_schema_add_field(s, &f, &err));
  f = field("ma", VL_FIELD_INT, VL_OF_BOTH, 0, 20, 1, 6);
  OK(vl_schema_add_field(s, &f, &err));
  f = field("lancer", VL_FIELD_BOOL, VL_OF_UNIT, 0, 0, 1, 0);
  OK(vl_schema_add_field(s, &f, &err));
  f = field("gun", VL_FIELD_ENUM, VL_OF_UNIT, 0, 0, 1, 0);
  f.values = guns;
  f.n_values = 4;
  OK(vl_schema_add_field(s, &f, &err));
  f = field("activation", VL_FIELD_INT, VL_OF_LEADER, 0, 9, 0, 0);
  OK(vl_schema_add_field(s, &f, &err));
  f = field("note", VL_FIELD_STRING, VL_OF_BOTH, 0, 0, 1, 0);
  f.dflt_text = "";
  OK(vl_schema_add_field(s, &f, &err));
  OK(vl_schema_add_marker(s, "hits", 0, 9, "[rough_and_ready 6.5]", &err));
  OK(vl_schema_add_marker(s, "disordered", 0, 1, "[rough_and_ready 6.6]", &err));
  return s;
}

/* Adds a unit with values given as "field=text" pairs. */

static vl_roster *roster(void) { return fixture_roster(schema()); }

static int U(const vl_roster *r, const char *id) {
  int u = vl_roster_find_unit(r, id);
  if (u < 0) fail_msg("no unit %s", id);
  return u;
}

static int C(const vl_roster *r, const char *id) {
  int c = vl_roster_find_command(r, id);
  if (c < 0) fail_msg("no command %s", id);
  return c;
}

static int F(const vl_roster *r, const char *name) {
  return vl_schema_find_field(vl_roster_schema(r), name);
}

static int M(const vl_roster *r, const char *name) {
  return vl_schema_find_marker(vl_roster_schema(r), name);
}

/* Ids of a list of units, space-separated. */
static const char *ids(const vl_roster *r, const int *u, int n) {
  static char out[512];  /* test helper: one answer at a time */
  int i;
  out[0] = '\0';
  for (i = 0; i < n; i++) {
    if (i) strcat(out, " ");
    strcat(out, vl_roster_unit(r, u[i])->id);
  }
  return out;
}

static const char *stack_at(const vl_state *st, vl_loc loc) {
  int u[64];
  int n = vl_state_stack(st, loc, u, 64);
  return ids(vl_state_roster(st), u, n);
}

/* ---- the roster ---------------------------------------------------------------------------- */

static void roster_sorts_by_id_and_answers_the_hierarchy(void **state) {
  vl_roster *r = roster();
  int out[32], n;
  (void)state;
  assert_int_equal(vl_roster_unit_count(r), 13);
  /* bytewise id order: digits, then upper case, then lower case */
  assert_string_equal(vl_roster_unit(r, 0)->id, "1/L");
  assert_string_equal(vl_roster_unit(r, 12)->id, "wagons");
  assert_string_equal(vl_roster_command(r, 0)->id, "MEX");
  n = vl_roster_command_leaders(r, C(r, "twiggs"), out, 32);
  assert_string_equal(ids(r, out, n), "Twiggs");
  n = vl_roster_superiors(r, U(r, "Twiggs"), out, 32);
  assert_string_equal(ids(r, out, n), "Taylor");
  assert_int_equal(vl_roster_superiors(r, U(r, "Taylor"), out, 32), 0);
  assert_int_equal(vl_roster_superiors(r, U(r, "5US-1"), out, 32), 0);  /* not a leader */
  n = vl_roster_subcommands(r, C(r, "US"), out, 32);
  assert_int_equal(n, 2);
  assert_string_equal(vl_roster_command(r, out[0])->id, "belknap");
  assert_string_equal(vl_roster_command(r, out[1])->id, "twiggs");
  n = vl_roster_subcommands(r, -1, out, 32);
  assert_int_equal(n, 2);   /* the two armies */
  assert_true(vl_roster_command_within(r, C(r, "twiggs"), C(r, "US")));
  assert_false(vl_roster_command_within(r, C(r, "US"), C(r, "twiggs")));
  assert_int_equal(vl_roster_value(r, U(r, "ringgold"), F(r, "gun")), 1);   /* 6pdr */
  assert_int_equal(vl_roster_value(r, U(r, "5US-1"), F(r, "ma")), 6);        /* default */
  assert_int_equal(vl_roster_value(r, U(r, "tampico"), F(r, "lancer")), 1);
  assert_string_equal(vl_roster_text(r, U(r, "Belknap"), F(r, "note")), "acting");
  assert_string_equal(vl_roster_text(r, U(r, "Taylor"), F(r, "note")), "");
  assert_int_equal(vl_roster_find_unit(r, "nobody"), -1);
  assert_int_equal(vl_roster_find_place(r, "reserve", NULL), 0);
  assert_int_equal(vl_roster_find_place(r, "saltillo/A", NULL), 1);
  vl_roster_free(r);
}

static void roster_refusals_name_the_entry_and_line(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, "oob.ini");
  vl_error err;
  int b;
  (void)state;
  OK(vl_roster_add_side(r, "US", &err));
  assert_int_equal(vl_roster_add_side(r, "US", &err), VL_EINVAL);
  assert_string_equal(err.msg, "side 'US' is declared twice");
  b = vl_roster_add_unit(r, 0, "5US-1", NULL, "US", "infantry", NULL, 7, &err);
  assert_true(b >= 0);
  assert_int_equal(vl_roster_add_unit(r, 0, "5US-1", NULL, "US", "infantry", NULL, 9, &err),
                   VL_EPARSE);
  assert_string_equal(err.file, "oob.ini");
  assert_int_equal(err.line, 9);
  assert_string_equal(err.msg, "unit id '5US-1' is already taken");
  assert_int_equal(vl_roster_add_unit(r, 0, "5 US", NULL, "US", "infantry", NULL, 10, &err),
                   VL_EPARSE);
  assert_string_equal(err.msg, "bad unit id '5 US' ([A-Za-z0-9_./-]+)");
  assert_int_equal(vl_roster_add_unit(r, 0, "x", NULL, "US", "dragoon", NULL, 11, &err),
                   VL_EPARSE);
  assert_string_equal(err.msg, "unit x: unknown type 'dragoon' (known: artillery, brigade, "
                               "cavalry, infantry, leader, wagon)");
  assert_int_equal(vl_roster_add_unit(r, 1, "y", NULL, "US", "infantry", NULL, 12, &err),
                   VL_EPARSE);
  assert_string_equal(err.msg, "leader y: type 'infantry' is not a leader type");
  assert_int_equal(vl_roster_set_text(r, b, "morale", "six", 8, &err), VL_EPARSE);
  assert_int_equal(err.line, 8);
  assert_string_equal(err.msg, "unit 5US-1: morale: 'six' is not an integer");
  assert_int_equal(vl_roster_set_text(r, b, "morale", "10", 8, &err), VL_EPARSE);
  assert_string_equal(err.msg, "unit 5US-1: morale: 10 is outside 0-9");
  assert_int_equal(vl_roster_set_text(r, b, "gun", "9pdr", 8, &err), VL_EPARSE);
  assert_string_equal(err.msg, "unit 5US-1: gun: '9pdr' is not one of: none 6pdr 12pdr 18pdr");
  assert_int_equal(vl_roster_set_text(r, b, "lancer", "maybe", 8, &err), VL_EPARSE);
  assert_string_equal(err.msg, "unit 5US-1: lancer: 'maybe' is not yes or no");
  assert_int_equal(vl_roster_set_text(r, b, "moral", "6", 8, &err), VL_EPARSE);
  assert_string_equal(err.msg, "unit 5US-1: unknown field 'moral' (known: gun, lancer, ma, "
                               "morale, note, strength)");
  assert_int_equal(vl_roster_set_text(r, b, "activation", "6", 8, &err), VL_EPARSE);
  assert_string_equal(err.msg, "unit 5US-1: 'activation' is a leader field");
  /* a required field left out is found by finish, at the unit's line */
  assert_int_equal(vl_roster_finish(r, &err), VL_EPARSE);
  assert_int_equal(err.line, 7);
  assert_string_equal(err.msg, "unit 5US-1: 'morale' is missing");
  vl_roster_free(r);
  /* commands: unknown parent, a level above its parent */
  r = vl_roster_new(s, "oob.ini");
  OK(vl_roster_add_side(r, "US", &err));
  OK(vl_roster_add_command(r, "US", NULL, "US", "army", NULL, 3, &err));
  OK(vl_roster_add_command(r, "twiggs", NULL, "US", "command", "US", 4, &err));
  OK(vl_roster_add_command(r, "odd", NULL, "US", "army", "twiggs", 5, &err));
  assert_int_equal(vl_roster_finish(r, &err), VL_EPARSE);
  assert_int_equal(err.line, 5);
  assert_string_equal(err.msg, "command odd (army) cannot be under twiggs (command), a level no higher");
  vl_roster_free(r);
  r = vl_roster_new(s, "oob.ini");
  OK(vl_roster_add_side(r, "US", &err));
  OK(vl_roster_add_unit(r, 0, "5US-1", NULL, "US", "infantry", "twigs", 6, &err));
  OK(vl_roster_set_text(r, 0, "morale", "6", 7, &err));
  assert_int_equal(vl_roster_finish(r, &err), VL_EPARSE);
  assert_int_equal(err.line, 6);
  assert_string_equal(err.msg, "unit 5US-1: unknown command 'twigs' (known: none)");
  assert_int_equal(vl_roster_add_side(r, "MEX", &err), VL_EINVAL);  /* a failed roster */
  vl_roster_free(r);
  /* the schema is frozen once a roster is finished with it */
  r = vl_roster_new(s, NULL);
  OK(vl_roster_add_side(r, "US", &err));
  OK(vl_roster_finish(r, &err));
  assert_int_equal(vl_schema_add_level(s, "corps", &err), VL_EINVAL);
  assert_string_equal(err.msg, "the schema is in use and can no longer change");
  vl_roster_free(r);
  vl_schema_free(s);
}

static void schema_refusals(void **state) {
  vl_schema *s = vl_schema_new("x");
  vl_facing_model v = mk(VL_FACING_VERTEX, "FFLRRL");
  vl_field f = field("side", VL_FIELD_INT, VL_OF_UNIT, 0, 9, 1, 0);
  vl_error err;
  (void)state;
  assert_int_equal(vl_schema_add_type(s, "infantry", VL_CLASS_COMBAT, "vertex", 0, NULL, &err),
                   VL_EINVAL);
  assert_string_equal(err.msg, "unit type 'infantry': unknown facing model 'vertex'");
  OK(vl_schema_add_model(s, "vertex", &v, NULL, &err));
  assert_int_equal(vl_schema_add_model(s, "vertex", &v, NULL, &err), VL_EINVAL);
  assert_string_equal(err.msg, "facing model 'vertex' is declared twice");
  assert_int_equal(vl_schema_add_field(s, &f, &err), VL_EINVAL);
  assert_string_equal(err.msg, "'side' is an oob.ini key, not a field name");
  f = field("morale", VL_FIELD_INT, VL_OF_UNIT, 5, 2, 1, 0);
  assert_int_equal(vl_schema_add_field(s, &f, &err), VL_EINVAL);
  assert_string_equal(err.msg, "field 'morale': min 5 is above max 2");
  f = field("morale", VL_FIELD_INT, VL_OF_UNIT, 0, 9, 1, 12);
  assert_int_equal(vl_schema_add_field(s, &f, &err), VL_EINVAL);
  assert_string_equal(err.msg, "field 'morale': default 12 is outside 0-9");
  assert_int_equal(vl_schema_add_marker(s, "hits", 1, 9, NULL, &err), VL_EINVAL);
  assert_string_equal(err.msg, "marker 'hits': the range 1-9 must hold 0 (no marker) and another value");
  assert_int_equal(vl_schema_add_level(s, "a b", &err), VL_EINVAL);
  assert_string_equal(err.msg, "bad level name 'a b' (letters, digits, _ and -)");
  vl_schema_free(s);
}

/* ---- locations and stacks ------------------------------------------------------------------ */

static void stacks_keep_their_order(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  vl_loc at = vl_loc_hex(H("3123")), where;
  vl_hex hx[VL_FACING_PARTS];
  int order[3];
  vl_error err;
  (void)state;
  assert_non_null(st);
  assert_int_equal(vl_state_location(st, U(r, "5US-1"), &where, hx), 0);
  assert_int_equal(where.kind, VL_LOC_NONE);
  OK(vl_state_place(st, U(r, "5US-1"), at, &at.hex, 1, 0, &err));
  OK(vl_state_place(st, U(r, "5US-2"), at, &at.hex, 1, 0, &err));      /* on top */
  OK(vl_state_place(st, U(r, "ringgold"), at, &at.hex, 1, -1, &err));  /* at the bottom */
  assert_string_equal(stack_at(st, at), "5US-2 5US-1 ringgold");
  assert_int_equal(vl_state_top(st, at), U(r, "5US-2"));
  assert_int_equal(vl_state_position(st, U(r, "ringgold"), 0), 2);
  OK(vl_state_restack(st, U(r, "ringgold"), -1, 0, &err));
  assert_string_equal(stack_at(st, at), "ringgold 5US-2 5US-1");
  OK(vl_state_restack(st, U(r, "ringgold"), 0, 1, &err));   /* below the topmost one */
  assert_string_equal(stack_at(st, at), "5US-2 ringgold 5US-1");
  OK(vl_state_restack(st, U(r, "5US-2"), -1, -1, &err));
  assert_string_equal(stack_at(st, at), "ringgold 5US-1 5US-2");
  /* [gbacw 7.21]: a 180-degree turn inverts the order -- the rules say how, reorder does it */
  order[0] = U(r, "5US-2");
  order[1] = U(r, "5US-1");
  order[2] = U(r, "ringgold");
  OK(vl_state_reorder(st, at, order, 3, &err));
  assert_string_equal(stack_at(st, at), "5US-2 5US-1 ringgold");
  order[2] = U(r, "5US-2");
  assert_int_equal(vl_state_reorder(st, at, order, 3, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-2 is given twice");
  order[2] = U(r, "duncan");
  assert_int_equal(vl_state_reorder(st, at, order, 3, &err), VL_EINVAL);
  assert_string_equal(err.msg, "duncan is not in that stack");
  assert_int_equal(vl_state_reorder(st, at, order, 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "the stack holds 3 units, not 2");
  assert_string_equal(stack_at(st, at), "5US-2 5US-1 ringgold");
  /* moving one away closes the gap */
  {
    vl_loc next = vl_loc_hex(H("3223"));
    OK(vl_state_place(st, U(r, "5US-1"), next, &next.hex, 1, 0, &err));
    assert_string_equal(stack_at(st, at), "5US-2 ringgold");
    assert_string_equal(stack_at(st, next), "5US-1");
    assert_int_equal(vl_state_location(st, U(r, "5US-1"), &where, hx), 1);
    assert_true(vl_loc_eq(where, next));
  }
  /* off the board, a track space, a box */
  OK(vl_state_place(st, U(r, "5US-2"), vl_loc_off(VL_LOC_ELIMINATED), NULL, 0, 0, &err));
  OK(vl_state_place(st, U(r, "8US"), vl_loc_off(VL_LOC_ELIMINATED), NULL, 0, 0, &err));
  assert_string_equal(stack_at(st, vl_loc_off(VL_LOC_ELIMINATED)), "8US 5US-2");
  OK(vl_state_place(st, U(r, "Twiggs"), vl_loc_place(VL_LOC_SPACE, 1), NULL, 0, 0, &err));
  assert_string_equal(stack_at(st, vl_loc_place(VL_LOC_SPACE, 1)), "Twiggs");
  assert_int_equal(vl_state_place(st, U(r, "Twiggs"), vl_loc_place(VL_LOC_SPACE, 0), NULL, 0, 0,
                                  &err), VL_EINVAL);
  assert_string_equal(err.msg, "no track space with index 0");   /* index 0 is the box */
  assert_string_equal(stack_at(st, vl_loc_place(VL_LOC_SPACE, 1)), "Twiggs");
  OK(vl_state_place(st, U(r, "Twiggs"), vl_loc_off(VL_LOC_NONE), NULL, 0, 0, &err));
  assert_string_equal(stack_at(st, vl_loc_place(VL_LOC_SPACE, 1)), "");
  vl_state_free(st);
  vl_roster_free(r);
}

static void extended_units_stand_in_each_of_their_hexes(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  vl_hex two[2], one[1], far[2];
  vl_loc hexloc = vl_loc_hex(H("3123"));
  vl_error err;
  (void)state;
  two[0] = H("3123");
  two[1] = H("3124");
  one[0] = H("3123");
  far[0] = H("3123");
  far[1] = H("3125");
  OK(vl_state_place(st, U(r, "5US-1"), hexloc, one, 1, 0, &err));
  /* [battle_of_buena_vista 7.5]: a double-size counter is one unit in two hexes */
  assert_int_equal(vl_state_place(st, U(r, "1/L"), hexloc, one, 1, 0, &err), VL_EINVAL);
  assert_string_equal(err.msg, "1/L is a brigade and occupies 2 hexes, not 1");
  assert_int_equal(vl_state_place(st, U(r, "1/L"), hexloc, far, 2, 0, &err), VL_EINVAL);
  assert_string_equal(err.msg,
                      "1/L: hexes 3123 and 3125 are not adjacent (a unit's hexes form a chain)");
  OK(vl_state_place(st, U(r, "1/L"), hexloc, two, 2, -1, &err));
  assert_string_equal(stack_at(st, vl_loc_hex(H("3123"))), "5US-1 1/L");
  assert_string_equal(stack_at(st, vl_loc_hex(H("3124"))), "1/L");
  {
    vl_hex hx[VL_FACING_PARTS];
    vl_loc where;
    assert_int_equal(vl_state_location(st, U(r, "1/L"), &where, hx), 2);
    assert_true(vl_hex_eq(hx[1], H("3124")));
    assert_true(vl_hex_eq(where.hex, H("3123")));
  }
  /* an infantry unit may extend (GBACW extended lines) up to three hexes */
  {
    vl_hex three[3];
    three[0] = H("3422");
    three[1] = H("3423");
    three[2] = H("3424");
    OK(vl_state_place(st, U(r, "8US"), hexloc, three, 3, 0, &err));
    assert_int_equal(vl_state_count(st, H("3424"), VL_ALL_SIDES, 0), 1);
  }
  /* [gbacw 8.44] a line refused at its right end: only that part has the refused model;
  ** retracted to one hex, the other part's model no longer counts; extended again, the new
  ** part faces like its unit */
  {
    const vl_schema *s = vl_roster_schema(r);
    vl_hex line[2], solo[1];
    vl_facing nne = {VL_FACING_VERTEX, 0}, north = {VL_FACING_HEXSIDE, 0};
    line[0] = H("3123");
    line[1] = H("3224");
    solo[0] = line[0];
    OK(vl_state_place(st, U(r, "5US-2"), vl_loc_hex(line[0]), line, 2, 0, &err));
    OK(vl_state_set_facing(st, U(r, "5US-2"), nne, -1, &err));
    OK(vl_state_set_model(st, U(r, "5US-2"), 1, vl_schema_find_model(s, "artillery"), &err));
    assert_int_equal(vl_state_arc_of(st, U(r, "5US-2"), H("3324"), 0, &err), VL_ARC_REAR);
    assert_int_equal(vl_state_arc_of(st, U(r, "5US-2"), H("3023"), 0, &err), VL_ARC_FLANK);
    OK(vl_state_place(st, U(r, "5US-2"), vl_loc_hex(solo[0]), solo, 1, 0, &err));
    OK(vl_state_set_model(st, U(r, "5US-2"), 0, vl_schema_find_model(s, "square"), &err));
    OK(vl_state_set_facing(st, U(r, "5US-2"), north, -1, &err));   /* part 1 is not in use */
    OK(vl_state_place(st, U(r, "5US-2"), vl_loc_hex(line[0]), line, 2, 0, &err));
    assert_int_equal(vl_state_model(st, U(r, "5US-2"), 1), vl_schema_find_model(s, "square"));
  }
  vl_state_free(st);
  vl_roster_free(r);
}

static void fast_queries(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  vl_hex hexes[16];
  int out[16], n;
  unsigned us = VL_SIDE_BIT(0), mex = VL_SIDE_BIT(1);
  vl_error err;
  (void)state;
#define PUT(id, label)                                                         \
  do {                                                                         \
    vl_hex h_ = H(label);                                                      \
    OK(vl_state_place(st, U(r, id), vl_loc_hex(h_), &h_, 1, 0, &err));         \
  } while (0)
  PUT("5US-1", "3123");
  PUT("5US-2", "3123");
  PUT("ringgold", "3123");
  PUT("Twiggs", "3123");
  PUT("8US", "3224");
  PUT("wagons", "2920");
  PUT("tampico", "3522");
  PUT("Arista", "4010");
  /* strength by unit type: 3 + 2 infantry, the battery has the default 1 */
  assert_int_equal(vl_state_total(st, H("3123"), F(r, "strength"),
                                  vl_schema_find_type(vl_roster_schema(r), "infantry"), 0), 5);
  assert_int_equal(vl_state_total(st, H("3123"), F(r, "strength"), -1, 0), 6);
  assert_int_equal(vl_state_total(st, H("3123"), F(r, "strength"), -1, VL_CLASS_ARTILLERY), 1);
  /* artillery present */
  assert_int_equal(vl_state_count(st, H("3123"), VL_ALL_SIDES, VL_CLASS_ARTILLERY), 1);
  assert_int_equal(vl_state_count(st, H("3224"), VL_ALL_SIDES, VL_CLASS_ARTILLERY), 0);
  assert_int_equal(vl_state_count(st, H("3123"), VL_ALL_SIDES, VL_CLASS_COMBAT), 3);
  assert_int_equal(vl_state_count(st, H("3123"), mex, VL_CLASS_COMBAT), 0);
  assert_int_equal(vl_state_count(st, H("3123"), us, 0), 4);
  /* units of a side within N hexes (3123 to 3522: 4 hexes) */
  n = vl_state_within(st, H("3522"), 3, us, 0, out, 16);
  assert_string_equal(ids(r, out, n), "8US");
  n = vl_state_within(st, H("3522"), 4, us, VL_CLASS_COMBAT, out, 16);
  assert_string_equal(ids(r, out, n), "5US-1 5US-2 8US ringgold");
  n = vl_state_within(st, H("3522"), 0, mex, 0, out, 16);
  assert_string_equal(ids(r, out, n), "tampico");
  /* the hexes holding combat units: wagons and leaders are no blockers */
  n = vl_state_combat_hexes(st, VL_ALL_SIDES, hexes, 16);
  assert_int_equal(n, 3);
  assert_true(vl_hex_eq(hexes[0], H("3123")));
  assert_true(vl_hex_eq(hexes[1], H("3224")));
  assert_true(vl_hex_eq(hexes[2], H("3522")));
  n = vl_state_combat_hexes(st, VL_ALL_SIDES & ~us, hexes, 16);   /* the enemy's, for US */
  assert_int_equal(n, 1);
  assert_true(vl_hex_eq(hexes[0], H("3522")));
  assert_int_equal(vl_state_combat_hexes(st, VL_ALL_SIDES, hexes, 2), 3);  /* no room */
  /* leaving a hex updates the counts */
  OK(vl_state_place(st, U(r, "8US"), vl_loc_off(VL_LOC_EXITED), NULL, 0, 0, &err));
  assert_int_equal(vl_state_combat_hexes(st, us, hexes, 16), 1);
  /* the units of a command, with subcommands, attachments, leaders */
  n = vl_state_units_of(st, C(r, "twiggs"), 0, out, 16);
  assert_string_equal(ids(r, out, n), "5US-1 5US-2 ringgold");
  OK(vl_state_attach(st, U(r, "duncan"), C(r, "twiggs"), &err));   /* [gbacw 4.32] */
  n = vl_state_units_of(st, C(r, "twiggs"), VL_UNITS_ATTACHED | VL_UNITS_LEADERS, out, 16);
  assert_string_equal(ids(r, out, n), "5US-1 5US-2 Twiggs duncan ringgold");
  n = vl_state_units_of(st, C(r, "US"), VL_UNITS_SUBCOMMANDS, out, 16);
  assert_string_equal(ids(r, out, n), "5US-1 5US-2 8US duncan ringgold");
  assert_int_equal(vl_state_attach(st, U(r, "duncan"), C(r, "torrejon"), &err), VL_EINVAL);
  assert_string_equal(err.msg, "duncan cannot be attached to torrejon, a command of MEX");
  assert_int_equal(vl_state_attach(st, U(r, "Taylor"), C(r, "twiggs"), &err), VL_EINVAL);
  assert_string_equal(err.msg, "Taylor is a leader and cannot be attached");
  OK(vl_state_attach(st, U(r, "duncan"), -1, &err));
  assert_int_equal(vl_state_attached(st, U(r, "duncan")), -1);
  /* the leaders of a side */
  n = vl_state_units(st, mex, VL_CLASS_LEADER, out, 16);
  assert_string_equal(ids(r, out, n), "Arista Torrejon");
  vl_state_free(st);
  vl_roster_free(r);
#undef PUT
}

/* Units within N hexes: the store looks small radii up hex by hex and scans the units for
** larger ones; both agree with brute force, extended units included. */
static void within_agrees_with_brute_force(void **state) {
  vl_schema *s = schema();
  vl_roster *r = vl_roster_new(s, NULL);
  vl_grid g = odd_q();
  vl_state *st;
  vl_error err;
  unsigned seed = 3;
  int u, n = 120, radius, probe;
  char id[16];
  (void)state;
  vl_schema_free(s);
  OK(vl_roster_add_side(r, "A", &err));
  OK(vl_roster_add_side(r, "B", &err));
  for (u = 0; u < n; u++) {
    snprintf(id, sizeof id, "u%03d", u);
    add(r, 0, id, u % 3 ? "A" : "B", u % 5 ? "infantry" : "artillery", NULL, "morale=5");
  }
  OK(vl_roster_finish(r, &err));
  st = vl_state_new(r, &g);
  for (u = 0; u < n; u++) {
    vl_hex hx[2];
    seed = seed * 1103515245u + 12345u;
    hx[0].q = (int)((seed >> 8) % 20);
    seed = seed * 1103515245u + 12345u;
    hx[0].r = (int)((seed >> 8) % 20) - hx[0].q / 2;
    hx[1] = vl_hex_neighbor(&g, hx[0], u % 6);
    OK(vl_state_place(st, u, vl_loc_hex(hx[0]), hx, u % 7 == 0 ? 2 : 1, 0, &err));
  }
  for (probe = 0; probe < 60; probe++)
    for (radius = 0; radius <= 6; radius++) {
      vl_hex c;
      int got[128], want[128], ng, nw = 0, k;
      unsigned sides = probe % 2 ? VL_SIDE_BIT(0) : VL_ALL_SIDES;
      unsigned classes = probe % 3 ? 0 : VL_CLASS_ARTILLERY;
      c.q = probe % 20;
      c.r = (probe * 7) % 20 - c.q / 2;
      ng = vl_state_within(st, c, radius, sides, classes, got, 128);
      for (u = 0; u < n; u++) {
        vl_hex hx[VL_FACING_PARTS];
        const vl_unit *un = vl_roster_unit(r, u);
        int parts = vl_state_location(st, u, NULL, hx), in = 0;
        for (k = 0; k < parts; k++) in |= vl_hex_distance(c, hx[k]) <= radius;
        if (in && (sides & VL_SIDE_BIT(un->side)) && (!classes || (un->classes & classes)))
          want[nw++] = u;
      }
      assert_int_equal(ng, nw);
      for (k = 0; k < nw; k++) assert_int_equal(got[k], want[k]);
    }
  vl_state_free(st);
  vl_roster_free(r);
}

/* ---- values, markers, facing --------------------------------------------------------------- */

static void values_and_markers_keep_to_their_ranges(void **state) {
  vl_roster *r = roster();
  vl_state *st = vl_state_new(r, NULL);
  int u = U(r, "5US-1");
  vl_error err;
  (void)state;
  assert_int_equal(vl_state_value(st, u, F(r, "morale")), 6);
  OK(vl_state_set_value(st, u, F(r, "morale"), 4, &err));
  assert_int_equal(vl_state_value(st, u, F(r, "morale")), 4);
  assert_int_equal(vl_roster_value(r, u, F(r, "morale")), 6);   /* the roster keeps the start */
  assert_int_equal(vl_state_set_value(st, u, F(r, "morale"), 10, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-1: morale 10 is outside 0-9");
  assert_int_equal(vl_state_set_value(st, u, F(r, "gun"), 4, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-1: gun cannot hold 4");
  assert_int_equal(vl_state_set_value(st, u, F(r, "activation"), 4, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-1 has no field 'activation' (a leader field)");
  assert_int_equal(vl_state_set_value(st, u, F(r, "note"), 1, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-1: 'note' is text, read-only in play");
  assert_int_equal(vl_state_marker(st, u, M(r, "hits")), 0);
  OK(vl_state_set_marker(st, u, M(r, "hits"), 2, &err));
  OK(vl_state_set_marker(st, u, M(r, "disordered"), 1, &err));
  assert_int_equal(vl_state_marker(st, u, M(r, "hits")), 2);
  assert_int_equal(vl_state_set_marker(st, u, M(r, "disordered"), 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "5US-1: marker disordered 2 is outside 0-1");
  vl_state_set_hidden(st, u, 1);
  assert_int_equal(vl_state_hidden(st, u), 1);
  vl_state_free(st);
  vl_roster_free(r);
}

static void facing_through_the_store(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  const vl_schema *s = vl_roster_schema(r);
  int u = U(r, "ringgold"), n;
  vl_hex at = H("3123"), adj[16];
  unsigned char arcs[16];
  vl_facing nne = {VL_FACING_VERTEX, 0}, north = {VL_FACING_HEXSIDE, 0};
  vl_error err;
  (void)state;
  OK(vl_state_place(st, u, vl_loc_hex(at), &at, 1, 0, &err));
  assert_int_equal(vl_state_arcs(st, u, 0, adj, arcs, 16, &err), VL_EINVAL);
  assert_string_equal(err.msg, "ringgold: the unit has no facing (its model faces a vertex)");
  /* [rough_and_ready 5.31]: never a hexside */
  assert_int_equal(vl_state_set_facing(st, u, north, -1, &err), VL_EINVAL);
  assert_string_equal(err.msg,
                      "ringgold faces a vertex under model 'artillery', not a hexside [rough_and_ready 5.32]");
  OK(vl_state_set_facing(st, u, nne, -1, &err));
  n = vl_state_arcs(st, u, 0, adj, arcs, 16, &err);
  assert_int_equal(n, 6);
  assert_int_equal(vl_state_arc_of(st, u, H("3223"), 0, &err), VL_ARC_FRONT);
  assert_int_equal(vl_state_arc_of(st, u, H("3224"), 0, &err), VL_ARC_REAR);  /* artillery */
  OK(vl_state_set_model(st, u, -1, vl_schema_find_model(s, "vertex"), &err));
  assert_int_equal(vl_state_arc_of(st, u, H("3224"), 0, &err), VL_ARC_FLANK);
  /* a square needs no facing; a hexside model does not fit a vertex facing */
  OK(vl_state_set_model(st, u, -1, vl_schema_find_model(s, "square"), &err));
  assert_int_equal(vl_state_arc_of(st, u, H("3124"), 0, &err), VL_ARC_FRONT);
  assert_int_equal(vl_state_set_model(st, u, -1, vl_schema_find_model(s, "double"), &err),
                   VL_EINVAL);
  assert_string_equal(err.msg,
                      "ringgold faces a hexside under model 'double', not a vertex [battle_of_buena_vista 7.5]");
  assert_int_equal(vl_state_model(st, u, 0), vl_schema_find_model(s, "square"));
  /* model and facing change together */
  OK(vl_state_set_facing(st, u, north, vl_schema_find_model(s, "double"), &err));
  assert_int_equal(vl_state_facing(st, u).kind, VL_FACING_HEXSIDE);
  /* a double-size counter: the head's three outer hexsides */
  {
    int b = U(r, "1/L");
    vl_hex two[2];
    vl_facing n0 = {VL_FACING_HEXSIDE, 0};
    unsigned char sides[6 * VL_FACING_PARTS];
    two[0] = H("3123");
    two[1] = H("3124");
    OK(vl_state_place(st, b, vl_loc_hex(two[0]), two, 2, 0, &err));
    OK(vl_state_set_facing(st, b, n0, -1, &err));
    assert_int_equal(vl_state_arc_of(st, b, H("3023"), 0, &err), VL_ARC_FRONT);
    assert_int_equal(vl_state_arc_of(st, b, H("3224"), 0, &err), VL_ARC_REAR);
    assert_int_equal(vl_state_arc_of(st, b, H("3124"), 0, &err), VL_ARC_NONE);  /* its own */
    assert_int_equal(vl_state_sides(st, b, 0, sides, &err), 2);
    assert_int_equal(sides[0], VL_ARC_FRONT);   /* head, N */
    assert_int_equal(sides[3], VL_ARC_NONE);    /* head, S: the tail */
    assert_int_equal(sides[6 + 3], VL_ARC_REAR);  /* tail, S */
  }
  vl_state_free(st);
  vl_roster_free(r);
}

/* ---- copies -------------------------------------------------------------------------------- */

static void copies_share_only_the_roster(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g), *snap, *other;
  vl_hex at = H("3123"), to = H("3224");
  vl_facing nne = {VL_FACING_VERTEX, 0};
  vl_error err;
  int u = U(r, "5US-1");
  (void)state;
  OK(vl_state_place(st, u, vl_loc_hex(at), &at, 1, 0, &err));
  OK(vl_state_place(st, U(r, "5US-2"), vl_loc_hex(at), &at, 1, 0, &err));
  OK(vl_state_set_facing(st, u, nne, -1, &err));
  OK(vl_map_set(vl_state_vars(st), "bl", 2, vl_value_int(3)));
  snap = vl_state_copy(st);
  assert_non_null(snap);
  /* change everything in the original */
  OK(vl_state_place(st, u, vl_loc_hex(to), &to, 1, 0, &err));
  OK(vl_state_set_value(st, u, F(r, "morale"), 1, &err));
  OK(vl_state_set_marker(st, u, M(r, "hits"), 3, &err));
  OK(vl_map_set(vl_state_vars(st), "bl", 2, vl_value_int(4)));
  OK(vl_map_set(vl_state_vars(st), "alert", 5, vl_value_bool(1)));
  /* the snapshot kept the old */
  assert_string_equal(stack_at(snap, vl_loc_hex(at)), "5US-2 5US-1");
  assert_string_equal(stack_at(st, vl_loc_hex(at)), "5US-2");
  assert_int_equal(vl_state_value(snap, u, F(r, "morale")), 6);
  assert_int_equal(vl_state_marker(snap, u, M(r, "hits")), 0);
  assert_int_equal(vl_value_get_int(vl_map_get(vl_state_vars(snap), "bl", 2)), 3);
  assert_int_equal(vl_map_len(vl_state_vars_const(snap)), 1);
  /* restore: the original is the snapshot again, and stays usable */
  OK(vl_state_restore(st, snap));
  assert_string_equal(stack_at(st, vl_loc_hex(at)), "5US-2 5US-1");
  assert_int_equal(vl_state_value(st, u, F(r, "morale")), 6);
  assert_int_equal(vl_value_get_int(vl_map_get(vl_state_vars(st), "bl", 2)), 3);
  assert_int_equal(vl_state_facing(st, u).kind, VL_FACING_VERTEX);
  OK(vl_state_restack(st, u, -1, 0, &err));
  assert_string_equal(stack_at(st, vl_loc_hex(at)), "5US-1 5US-2");
  assert_string_equal(stack_at(snap, vl_loc_hex(at)), "5US-2 5US-1");
  /* many locations in the copy, then restored over a store with fewer */
  {
    int k;
    for (k = 0; k < 40; k++) {
      vl_hex h;
      h.q = k;
      h.r = 0;
      OK(vl_state_place(st, U(r, "8US"), vl_loc_hex(h), &h, 1, 0, &err));
    }
    OK(vl_state_restore(snap, st));
    assert_int_equal(vl_state_count(snap, H("3123"), VL_ALL_SIDES, 0), 2);
    assert_true(vl_state_bytes(snap) > 0);
  }
  /* another roster: refused */
  {
    vl_roster *r2 = roster();
    other = vl_state_new(r2, &g);
    assert_int_equal(vl_state_restore(other, st), VL_EINVAL);
    vl_state_free(other);
    vl_roster_free(r2);
  }
  vl_state_free(snap);
  vl_state_free(st);
  vl_roster_free(r);
}

/* ---- the generation ------------------------------------------------------------------------ */

/* Every successful change of the units moves the count, reads, refusals and vars changes do
** not, and a restore moves it even back to an equal-looking state; each unit is stamped with
** the count of its own last change. */
static void the_generation_counts_changes_of_the_units(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g), *snap;
  vl_hex at = H("3123"), to = H("3224");
  vl_facing nne = {VL_FACING_VERTEX, 0};
  vl_error err;
  int u = U(r, "5US-1"), u2 = U(r, "5US-2"), ids[2];
  uint64_t n;
  (void)state;
  n = vl_state_generation(st);
#define MOVED(call)                             \
  do {                                          \
    OK(call);                                   \
    assert_true(vl_state_generation(st) > n);   \
    n = vl_state_generation(st);                \
  } while (0)
  MOVED(vl_state_place(st, u, vl_loc_hex(at), &at, 1, 0, &err));
  MOVED(vl_state_place(st, u2, vl_loc_hex(at), &at, 1, 0, &err));
  MOVED(vl_state_set_facing(st, u, nne, -1, &err));
  MOVED(vl_state_set_model(st, u, -1, vl_state_model(st, u, 0), &err));
  MOVED(vl_state_set_value(st, u, F(r, "morale"), 2, &err));
  MOVED(vl_state_set_marker(st, u, M(r, "hits"), 1, &err));
  MOVED(vl_state_attach(st, u, C(r, "twiggs"), &err));
  MOVED(vl_state_attach(st, u, -1, &err));
  MOVED(vl_state_restack(st, u, -1, 0, &err));
  ids[0] = u2;
  ids[1] = u;
  MOVED(vl_state_reorder(st, vl_loc_hex(at), ids, 2, &err));
  vl_state_set_hidden(st, u, 1);
  assert_true(vl_state_generation(st) > n);
  n = vl_state_generation(st);
  /* reads, refusals and the vars leave it */
  (void)vl_state_value(st, u, F(r, "morale"));
  (void)vl_state_facing(st, u);
  assert_int_equal(vl_state_set_value(st, u, F(r, "morale"), 99, &err), VL_EINVAL);
  assert_int_equal(vl_state_set_marker(st, u, M(r, "hits"), 99, &err), VL_EINVAL);
  OK(vl_map_set(vl_state_vars(st), "bl", 2, vl_value_int(3)));
  assert_true(vl_state_generation(st) == n);
  /* a copy starts at its source's count; a restore moves the count of the store restored */
  snap = vl_state_copy(st);
  assert_non_null(snap);
  assert_true(vl_state_generation(snap) == n);
  MOVED(vl_state_place(st, u, vl_loc_hex(to), &to, 1, 0, &err));
  /* each unit carries the count of its own last change */
  assert_true(vl_state_unit_generation(st, u) == n);
  assert_true(vl_state_unit_generation(st, u2) < n);
  assert_true(vl_state_unit_generation(st, U(r, "8US")) == 0);   /* never changed */
  assert_true(vl_state_unit_generation(st, -1) == 0);
  MOVED(vl_state_set_marker(st, u2, M(r, "hits"), 2, &err));
  assert_true(vl_state_unit_generation(st, u2) == n);
  assert_true(vl_state_unit_generation(st, u) < n);
  MOVED(vl_state_restore(st, snap));
  assert_string_equal(stack_at(st, vl_loc_hex(at)), "5US-2 5US-1");
  /* a restore counts every unit as changed, even one the snapshot never touched */
  assert_true(vl_state_unit_generation(st, u) == n);
  assert_true(vl_state_unit_generation(st, U(r, "8US")) == n);
#undef MOVED
  vl_state_free(snap);
  vl_state_free(st);
  vl_roster_free(r);
}

/* The units changed since a generation: those stamped past it, in index order, however many
** out has room for; after a restore, every unit. */
static void the_units_changed_since_a_generation(void **state) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g), *snap;
  vl_hex at = H("3123"), to = H("3224");
  vl_error err;
  int u = U(r, "5US-1"), u2 = U(r, "5US-2"), out[4] = {-1, -1, -1, -1};
  uint64_t n0, n1;
  (void)state;
  n0 = vl_state_generation(st);
  assert_int_equal(vl_state_changed_since(st, n0, out, 4), 0);
  OK(vl_state_place(st, u2, vl_loc_hex(at), &at, 1, 0, &err));
  n1 = vl_state_generation(st);
  OK(vl_state_place(st, u, vl_loc_hex(to), &to, 1, 0, &err));
  /* index order, whatever order they changed in */
  assert_int_equal(vl_state_changed_since(st, n0, out, 4), 2);
  assert_int_equal(out[0], u < u2 ? u : u2);
  assert_int_equal(out[1], u < u2 ? u2 : u);
  assert_int_equal(vl_state_changed_since(st, n1, out, 4), 1);
  assert_int_equal(out[0], u);
  /* the count, even when out has no room */
  out[0] = -1;
  assert_int_equal(vl_state_changed_since(st, n0, out, 1), 2);
  assert_int_equal(out[0], u < u2 ? u : u2);
  assert_int_equal(vl_state_changed_since(st, n0, NULL, 0), 2);
  /* a refused change changes nothing */
  assert_int_equal(vl_state_set_marker(st, u2, M(r, "hits"), 99, &err), VL_EINVAL);
  assert_int_equal(vl_state_changed_since(st, vl_state_generation(st), NULL, 0), 0);
  /* a restore: every unit */
  snap = vl_state_copy(st);
  assert_non_null(snap);
  n1 = vl_state_generation(st);
  OK(vl_state_restore(st, snap));
  assert_int_equal(vl_state_changed_since(st, n1, NULL, 0), vl_roster_unit_count(r));
  vl_state_free(snap);
  vl_state_free(st);
  vl_roster_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(roster_sorts_by_id_and_answers_the_hierarchy),
    cmocka_unit_test(roster_refusals_name_the_entry_and_line),
    cmocka_unit_test(schema_refusals),
    cmocka_unit_test(stacks_keep_their_order),
    cmocka_unit_test(extended_units_stand_in_each_of_their_hexes),
    cmocka_unit_test(fast_queries),
    cmocka_unit_test(within_agrees_with_brute_force),
    cmocka_unit_test(values_and_markers_keep_to_their_ranges),
    cmocka_unit_test(facing_through_the_store),
    cmocka_unit_test(copies_share_only_the_roster),
    cmocka_unit_test(the_generation_counts_changes_of_the_units),
    cmocka_unit_test(the_units_changed_since_a_generation),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
