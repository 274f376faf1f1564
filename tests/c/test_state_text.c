/*
** test_state_text.c -- the canonical serialisation of the game state and the state hash:
** the exact text of a fixture state (the format docs/formats.md describes), the round trip
** serialise -> deserialise -> serialise, the hash as XXH3-64 of those bytes, every single
** change to the state changing the hash, snapshots carrying the dice and the cursor, and
** malformed texts refused at their line with the store untouched.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "volley/state.h"

#include "state_fixture.h"

/* A schema shaped like charts/rough_and_ready/units.ini, plus a double-size type; its fields
** and markers declared in the order given or, with `reversed`, the other way round. */
static vl_schema *schema_order(int reversed) {
  vl_schema *s = vl_schema_new("rough_and_ready");
  vl_facing_model vertex = mk(VL_FACING_VERTEX, "FFLRRL"), art = mk(VL_FACING_VERTEX, "FFRRRR");
  vl_facing_model square = mk(VL_FACING_NONE, "FFFFFF"), dbl = mk(VL_FACING_HEXSIDE, "FFRRRF");
  static const char *const guns[] = {"none", "6pdr", "12pdr", "18pdr"};
  vl_field f[7];
  vl_error err;
  int i;
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
  f[0] = field("morale", VL_FIELD_INT, VL_OF_UNIT, 0, 9, 0, 0);
  f[1] = field("strength", VL_FIELD_INT, VL_OF_UNIT, 0, 30, 1, 1);
  f[2] = field("ma", VL_FIELD_INT, VL_OF_BOTH, 0, 20, 1, 6);
  f[3] = field("lancer", VL_FIELD_BOOL, VL_OF_UNIT, 0, 0, 1, 0);
  f[4] = field("gun", VL_FIELD_ENUM, VL_OF_UNIT, 0, 0, 1, 0);
  f[4].values = guns;
  f[4].n_values = 4;
  f[5] = field("activation", VL_FIELD_INT, VL_OF_LEADER, 0, 9, 0, 0);
  f[6] = field("note", VL_FIELD_STRING, VL_OF_BOTH, 0, 0, 1, 0);
  f[6].dflt_text = "";
  for (i = 0; i < 7; i++) OK(vl_schema_add_field(s, &f[reversed ? 6 - i : i], &err));
  if (!reversed) {
    OK(vl_schema_add_marker(s, "hits", 0, 9, "[rough_and_ready 6.5]", &err));
    OK(vl_schema_add_marker(s, "disordered", 0, 1, "[rough_and_ready 6.6]", &err));
  } else {
    OK(vl_schema_add_marker(s, "disordered", 0, 1, "[rough_and_ready 6.6]", &err));
    OK(vl_schema_add_marker(s, "hits", 0, 9, "[rough_and_ready 6.5]", &err));
  }
  return s;
}

/* Adds a unit with values given as "field=text" pairs. */

static vl_roster *roster_order(int reversed) {
  return fixture_roster(schema_order(reversed));
}

static vl_roster *roster(void) { return roster_order(0); }


static int U(const vl_roster *r, const char *id) {
  int u = vl_roster_find_unit(r, id);
  if (u < 0) fail_msg("no unit %s", id);
  return u;
}

static int F(const vl_roster *r, const char *name) {
  return vl_schema_find_field(vl_roster_schema(r), name);
}

static int M(const vl_roster *r, const char *name) {
  return vl_schema_find_marker(vl_roster_schema(r), name);
}

static int P(const vl_roster *r, const char *id) {
  int p = vl_roster_find_place(r, id, NULL);
  if (p < 0) fail_msg("no place %s", id);
  return p;
}

static void place1(vl_state *st, const char *id, const char *label, int pos) {
  vl_hex h = H(label);
  vl_error err;
  if (vl_state_place(st, U(vl_state_roster(st), id), vl_loc_hex(h), &h, 1, pos, &err) != VL_OK)
    fail_msg("%s", err.msg);
}

static void face(vl_state *st, const char *id, int kind, int index, int model) {
  vl_facing f;
  vl_error err;
  f.kind = kind;
  f.index = index;
  if (vl_state_set_facing(st, U(vl_state_roster(st), id), f, model, &err) != VL_OK)
    fail_msg("%s", err.msg);
}

static void setvar(vl_value *map, const char *key, vl_value *v) {
  if (vl_map_set(map, key, strlen(key), v) != VL_OK) fail_msg("vl_map_set %s", key);
}

/* The fixture: a little of everything the state holds. */
static vl_state *fixture(vl_roster *r) {
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  vl_value *vars, *orders, *route, *nested, *inner, *cursor, *frames, *frame;
  vl_hex two[2];
  vl_error err;
  int vals[2] = {4, 0};
  assert_non_null(st);
  OK(vl_state_seed(st, 1, &err));
  assert_int_equal(vl_dice_d10(vl_state_dice(st), "activation", "[rough_and_ready 3.11]", &err), 2);
  OK(vl_dice_force(vl_state_dice(st), vals, 1, &err));
  assert_int_equal(vl_dice_d10(vl_state_dice(st), "fire", "[rough_and_ready 6.1]", &err), 4);

  place1(st, "5US-1", "3014", 0);
  place1(st, "5US-2", "3014", 0);
  place1(st, "Taylor", "3014", -1);
  face(st, "5US-1", VL_FACING_VERTEX, 0, -1);
  face(st, "5US-2", VL_FACING_VERTEX, 0, -1);
  OK(vl_state_set_marker(st, U(r, "5US-1"), M(r, "hits"), 1, &err));
  OK(vl_state_set_marker(st, U(r, "5US-1"), M(r, "disordered"), 1, &err));
  OK(vl_state_set_value(st, U(r, "5US-2"), F(r, "strength"), 1, &err));

  two[0] = H("3123");
  two[1] = H("3124");
  OK(vl_state_place(st, U(r, "1/L"), vl_loc_hex(two[0]), two, 2, 0, &err));
  face(st, "1/L", VL_FACING_HEXSIDE, 0, -1);

  OK(vl_state_place(st, U(r, "tampico"), vl_loc_place(VL_LOC_SPACE, P(r, "saltillo/G")), NULL, 0, 0, &err));
  vl_state_set_hidden(st, U(r, "tampico"), 1);
  OK(vl_state_place(st, U(r, "ringgold"), vl_loc_place(VL_LOC_BOX, P(r, "reserve")), NULL, 0, 0, &err));
  OK(vl_state_attach(st, U(r, "duncan"), vl_roster_find_command(r, "twiggs"), &err));
  OK(vl_state_place(st, U(r, "duncan"), vl_loc_off(VL_LOC_ELIMINATED), NULL, 0, 0, &err));
  OK(vl_state_place(st, U(r, "8US"), vl_loc_off(VL_LOC_ELIMINATED), NULL, 0, 0, &err));
  OK(vl_state_set_model(st, U(r, "8US"), -1, vl_schema_find_model(vl_roster_schema(r), "square"), &err));

  vars = vl_state_vars(st);
  setvar(vars, "bl", vl_value_int(5));
  orders = vl_value_map();
  setvar(orders, "twiggs", vl_value_str("attack", 6));
  setvar(orders, "1st brigade", vl_value_str("hold", 4));
  setvar(vars, "orders", orders);
  route = vl_value_list();
  OK(vl_list_push(route, vl_value_hex(H("3014"))));
  OK(vl_list_push(route, vl_value_hex(H("3015"))));
  setvar(vars, "route", route);
  setvar(vars, "last", vl_value_ref(VL_V_UNIT, U(r, "5US-1")));
  setvar(vars, "ford", vl_value_ref(VL_V_SPACE, P(r, "saltillo/A")));
  setvar(vars, "note", vl_value_str("a \"quoted\"\n line\\ \x01 caf\xc3\xa9 \xff", 27));
  setvar(vars, "alert", vl_value_bool(0));
  setvar(vars, "none", vl_value_map());
  setvar(vars, "empty", vl_value_list());
  nested = vl_value_list();
  inner = vl_value_list();
  OK(vl_list_push(inner, vl_value_int(-1)));
  OK(vl_list_push(inner, vl_value_int(INT64_C(9007199254740992))));
  OK(vl_list_push(nested, inner));
  inner = vl_value_map();
  setvar(inner, "x", vl_value_int(0));
  OK(vl_list_push(nested, inner));
  setvar(vars, "nested", nested);

  cursor = vl_value_map();
  frames = vl_value_list();
  frame = vl_value_map();
  setvar(frame, "child", vl_value_int(2));
  setvar(frame, "iter", vl_value_int(3));
  OK(vl_list_push(frames, frame));
  setvar(cursor, "frames", frames);
  setvar(cursor, "side", vl_value_str("US", 2));
  OK(vl_state_set_cursor(st, cursor, &err));
  return st;
}

static char *text_of(const vl_state *st) {
  char *t = vl_state_serialize(st, NULL);
  assert_non_null(t);
  return t;
}

static const char golden[] =
    "volley-state 1\n"
    "cursor frames[1].child 2\n"
    "cursor frames[1].iter 3\n"
    "cursor side \"US\"\n"
    "dice state 84a1a124c359b642 inc 7dd71b42cb1dd8cf count 2 forced 1\n"
    "unit 1/L hex 3123 3124 facing N model double,double gun=none lancer=no ma=6 morale=4 strength=9\n"
    "unit 5US-1 hex 3014 facing N/NE model vertex gun=none lancer=no ma=6 morale=6 strength=3 markers disordered=1 hits=1\n"
    "unit 5US-2 hex 3014 facing N/NE model vertex gun=none lancer=no ma=6 morale=6 strength=1\n"
    "unit 8US eliminated facing - model square gun=none lancer=no ma=6 morale=5 strength=4\n"
    "unit Arista none facing - model square activation=4 ma=6\n"
    "unit Belknap none facing - model square activation=5 ma=6\n"
    "unit Taylor hex 3014 facing - model square activation=6 ma=6\n"
    "unit Torrejon none facing - model square activation=3 ma=6\n"
    "unit Twiggs none facing - model square activation=5 ma=6\n"
    "unit duncan eliminated facing - model artillery attached twiggs gun=6pdr lancer=no ma=8 morale=7 strength=1\n"
    "unit ringgold box reserve facing - model artillery gun=6pdr lancer=no ma=8 morale=7 strength=1\n"
    "unit tampico space saltillo/G facing - model vertex hidden gun=none lancer=yes ma=10 morale=5 strength=2\n"
    "unit wagons none facing - model square gun=none lancer=no ma=4 morale=0 strength=1\n"
    "stack hex 3014 5US-2 5US-1 Taylor\n"
    "stack eliminated 8US duncan\n"
    "var alert false\n"
    "var bl 5\n"
    "var empty []\n"
    "var ford space saltillo/A\n"
    "var last unit 5US-1\n"
    "var nested[1][1] -1\n"
    "var nested[1][2] 9007199254740992\n"
    "var nested[2].x 0\n"
    "var none {}\n"
    "var note \"a \\\"quoted\\\"\\n line\\\\ \\x01 caf\xc3\xa9 \\xff\"\n"
    "var orders.\"1st brigade\" \"hold\"\n"
    "var orders.twiggs \"attack\"\n"
    "var route[1] hex 3014\n"
    "var route[2] hex 3015\n";

/* Replaces line n (1-based) of golden with `with` (NULL: deletes it); a fresh string. */
static char *edit(const char *text, int n, const char *with) {
  size_t len = strlen(text) + (with ? strlen(with) : 0) + 2;
  char *out = malloc(len), *o = out;
  const char *p = text;
  int line = 1;
  assert_non_null(out);
  while (*p) {
    const char *nl = strchr(p, '\n');
    size_t k = nl ? (size_t)(nl - p) + 1 : strlen(p);
    if (line == n) {
      if (with) o += sprintf(o, "%s\n", with);
    } else {
      memcpy(o, p, k);
      o += k;
    }
    p += k;
    line++;
  }
  *o = '\0';
  return out;
}

static void hash_of(const vl_state *st, char out[VL_STATE_HASH_MAX]) {
  assert_int_equal(vl_state_hash(st, out, NULL), VL_OK);
}

static void serialises_the_fixture_exactly(void **unused) {
  vl_roster *r = roster();
  vl_state *st = fixture(r);
  size_t len;
  char *t = vl_state_serialize(st, &len);
  char hex[VL_STATE_HASH_MAX], want[32];
  uint64_t h;
  (void)unused;
  assert_string_equal(t, golden);
  assert_int_equal(len, strlen(golden));
  assert_int_equal(vl_state_hash(st, hex, &h), VL_OK);
  snprintf(want, sizeof want, "%016llx", (unsigned long long)XXH3_64bits(golden, strlen(golden)));
  assert_string_equal(hex, want);                       /* XXH3-64 of exactly those bytes */
  assert_true(h == XXH3_64bits(golden, strlen(golden)));
  assert_string_equal(hex, "6bab70d75754375f");
  free(t);
  vl_state_free(st);
  vl_roster_free(r);
}

static void round_trip_is_byte_identical(void **unused) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = fixture(r), *back = vl_state_new(r, &g);
  char h1[VL_STATE_HASH_MAX], h2[VL_STATE_HASH_MAX], *t;
  vl_error err;
  (void)unused;
  /* into a fresh store, and again into a store already holding something else */
  if (vl_state_deserialize(back, golden, strlen(golden), "golden", &err) != VL_OK)
    fail_msg("%d: %s", err.line, err.msg);
  t = text_of(back);
  assert_string_equal(t, golden);
  free(t);
  hash_of(st, h1);
  hash_of(back, h2);
  assert_string_equal(h1, h2);
  place1(back, "wagons", "2020", 0);
  assert_int_equal(vl_state_deserialize(back, golden, strlen(golden), NULL, &err), VL_OK);
  hash_of(back, h2);
  assert_string_equal(h1, h2);
  /* the dice go on rolling as the original's */
  assert_int_equal(vl_dice_d10(vl_state_dice(st), "a", "b", &err),
                   vl_dice_d10(vl_state_dice(back), "a", "b", &err));
  vl_state_free(back);
  vl_state_free(st);
  vl_roster_free(r);
}

/* The fields and markers are written by name: declaring them in another order in units.ini
** changes nothing. */
static void declaration_order_does_not_matter(void **unused) {
  vl_roster *r = roster_order(1);
  vl_state *st = fixture(r);
  char *t = text_of(st);
  (void)unused;
  assert_string_equal(t, golden);
  free(t);
  vl_state_free(st);
  vl_roster_free(r);
}

typedef void (*change_fn)(vl_state *st);

static void ch_move(vl_state *st) { place1(st, "5US-1", "3015", 0); }
static void ch_restack(vl_state *st) {
  vl_error err;
  OK(vl_state_restack(st, U(vl_state_roster(st), "5US-1"), -1, 0, &err));
}
static void ch_off_board_order(vl_state *st) {
  vl_error err;
  OK(vl_state_restack(st, U(vl_state_roster(st), "duncan"), -1, 0, &err));
}
static void ch_extend(vl_state *st) {
  vl_hex two[2];
  vl_error err;
  two[0] = H("3124");
  two[1] = H("3123");
  OK(vl_state_place(st, U(vl_state_roster(st), "1/L"), vl_loc_hex(two[0]), two, 2, 0, &err));
}
static void ch_facing(vl_state *st) { face(st, "5US-2", VL_FACING_VERTEX, 1, -1); }
static void ch_unface(vl_state *st) { face(st, "5US-2", VL_FACING_NONE, 0, -1); }
static void ch_model(vl_state *st) {
  vl_error err;
  OK(vl_state_set_model(st, U(vl_state_roster(st), "5US-1"), -1,
                        vl_schema_find_model(vl_state_schema(st), "artillery"), &err));
}
static void ch_value(vl_state *st) {
  vl_error err;
  OK(vl_state_set_value(st, U(vl_state_roster(st), "5US-1"), F(vl_state_roster(st), "strength"), 2, &err));
}
static void ch_enum(vl_state *st) {
  vl_error err;
  OK(vl_state_set_value(st, U(vl_state_roster(st), "ringgold"), F(vl_state_roster(st), "gun"), 2, &err));
}
static void ch_marker(vl_state *st) {
  vl_error err;
  OK(vl_state_set_marker(st, U(vl_state_roster(st), "5US-1"), M(vl_state_roster(st), "hits"), 2, &err));
}
static void ch_new_marker(vl_state *st) {
  vl_error err;
  OK(vl_state_set_marker(st, U(vl_state_roster(st), "5US-2"), M(vl_state_roster(st), "disordered"), 1, &err));
}
static void ch_attach(vl_state *st) {
  vl_error err;
  OK(vl_state_attach(st, U(vl_state_roster(st), "5US-1"), vl_roster_find_command(vl_state_roster(st), "belknap"), &err));
}
static void ch_hidden(vl_state *st) { vl_state_set_hidden(st, U(vl_state_roster(st), "Taylor"), 1); }
static void ch_box(vl_state *st) {
  vl_error err;
  OK(vl_state_place(st, U(vl_state_roster(st), "wagons"),
                    vl_loc_place(VL_LOC_BOX, P(vl_state_roster(st), "reserve")), NULL, 0, -1, &err));
}
static void ch_var(vl_state *st) { setvar(vl_state_vars(st), "bl", vl_value_int(6)); }
static void ch_var_type(vl_state *st) { setvar(vl_state_vars(st), "bl", vl_value_str("5", 1)); }
static void ch_var_new(vl_state *st) { setvar(vl_state_vars(st), "zz", vl_value_bool(0)); }
static void ch_var_nested(vl_state *st) {
  vl_value *o = vl_map_get(vl_state_vars(st), "orders", 6);
  setvar(o, "twiggs", vl_value_str("attacK", 6));
}
static void ch_var_list(vl_state *st) {
  OK(vl_list_push(vl_map_get(vl_state_vars(st), "empty", 5), vl_value_map()));
}
static void ch_cursor(vl_state *st) {
  vl_value *c = vl_value_copy(vl_state_cursor(st));
  vl_error err;
  setvar(vl_list_at(vl_map_get(c, "frames", 6), 0), "iter", vl_value_int(4));
  OK(vl_state_set_cursor(st, c, &err));
}
static void ch_roll(vl_state *st) {
  vl_error err;
  OK(vl_dice_d6(vl_state_dice(st), "r", "", &err));
}
static void ch_forced_roll(vl_state *st) {
  /* the roll the generator would have given, forced: the counters tell them apart */
  vl_dice *copy = vl_dice_copy(vl_state_dice(st));
  vl_error err;
  int v = vl_dice_d6(copy, "r", "", &err);
  vl_dice_free(copy);
  OK(vl_dice_force(vl_state_dice(st), &v, 1, &err));
  OK(vl_dice_d6(vl_state_dice(st), "r", "", &err));
}
static void ch_seed(vl_state *st) {
  vl_error err;
  OK(vl_state_seed(st, 2, &err));
}

static void every_single_change_changes_the_hash(void **unused) {
  static const change_fn changes[] = {
    ch_move, ch_restack, ch_off_board_order, ch_extend, ch_facing, ch_unface, ch_model,
    ch_value, ch_enum, ch_marker, ch_new_marker, ch_attach, ch_hidden, ch_box, ch_var,
    ch_var_type, ch_var_new, ch_var_nested, ch_var_list, ch_cursor, ch_roll, ch_forced_roll,
    ch_seed};
  enum { N = sizeof changes / sizeof changes[0] };
  char hashes[N + 1][VL_STATE_HASH_MAX];
  vl_roster *r = roster();
  vl_state *st = fixture(r), *base = vl_state_copy(st);
  int i, j;
  (void)unused;
  hash_of(st, hashes[N]);
  for (i = 0; i < N; i++) {
    char again[VL_STATE_HASH_MAX];
    changes[i](st);
    hash_of(st, hashes[i]);
    OK(vl_state_restore(st, base));
    hash_of(st, again);
    assert_string_equal(again, hashes[N]);   /* the snapshot brings the hash back */
  }
  for (i = 0; i <= N; i++)
    for (j = 0; j < i; j++)
      if (strcmp(hashes[i], hashes[j]) == 0) fail_msg("changes %d and %d hash alike", j, i);
  vl_state_free(base);
  vl_state_free(st);
  vl_roster_free(r);
}

static void snapshots_carry_the_dice_and_the_cursor(void **unused) {
  vl_roster *r = roster();
  vl_state *st = fixture(r), *snap = vl_state_copy(st);
  char before[VL_STATE_HASH_MAX], after[VL_STATE_HASH_MAX];
  vl_error err;
  int first, vals[1] = {5};
  (void)unused;
  hash_of(st, before);
  hash_of(snap, after);
  assert_string_equal(before, after);
  assert_int_equal(vl_dice_log_count(vl_state_dice(snap)), 0);   /* the log is not state */
  first = vl_dice_d10(vl_state_dice(st), "one", "", &err);
  ch_cursor(st);
  OK(vl_dice_force(vl_state_dice(st), vals, 1, &err));
  OK(vl_state_restore(st, snap));
  hash_of(st, after);
  assert_string_equal(before, after);
  assert_int_equal(vl_dice_log_count(vl_state_dice(st)), 3);      /* its own log stays */
  assert_int_equal(vl_dice_forced_pending(vl_state_dice(st)), 1); /* and its forced queue */
  vl_dice_force_clear(vl_state_dice(st));
  assert_int_equal(vl_dice_d10(vl_state_dice(st), "one again", "", &err), first);
  assert_int_equal(vl_state_seed(st, UINT64_C(9007199254740992), &err), VL_EINVAL);
  assert_string_equal(err.msg, "seed 9007199254740992 is out of range (0 to 2^53 - 1)");
  assert_int_equal(vl_state_set_cursor(st, vl_value_list(), &err), VL_EINVAL);
  assert_string_equal(err.msg, "the cursor must be a map");
  vl_state_free(snap);
  vl_state_free(st);
  vl_roster_free(r);
}

typedef struct bad_case {
  int line;           /* the line of golden to replace (0: the text is empty; -1: `with` is
                      ** appended) */
  const char *with;   /* the new line (NULL: the line is deleted) */
  int err_line;
  const char *msg;
} bad_case;

static void refuses_malformed_text_at_its_line(void **unused) {
  static const bad_case cases[] = {
    {0, "", 1, "empty text: 'volley-state 1' expected"},
    {1, "volley-state 2", 1, "state format '2' is not supported (this volley reads 1)"},
    {1, "volley-save 1", 1, "unknown line 'volley-save'"},
    {5, "dice state 84a1a124c359b642 inc 7dd71b42cb1dd8ce count 2 forced 1", 5,
     "dice state has an even increment"},
    {5, "dice state 84A1a124c359b642 inc 7dd71b42cb1dd8cf count 2 forced 1", 5,
     "'84A1a124c359b642' is not 16 lower-case hex digits"},
    {5, "dice state 84a1a124c359b642 inc 7dd71b42cb1dd8cf count 2 forced 3", 5,
     "dice state counts more forced rolls than rolls"},
    {5, NULL, 5, "'unit' line before the dice line"},
    {6, "cursor x 1", 6, "'cursor' line after the 'dice' lines (the order is cursor, dice, unit, "
                         "stack, var)"},
    {6, "unit nobody none facing - model square", 6, "unknown unit 'nobody'"},
    {7, NULL, 7, "unit '5US-1' is missing before '5US-2' (every unit has a line, in id order)"},
    {7, "unit 5US-1 hex 30x4 facing N/NE model vertex", 7, "invalid hex label '30x4': expected 4 digits"},
    {7, "unit 5US-1 hex 3014 facing Q model vertex", 7, "unknown facing 'Q'"},
    {7, "unit 5US-1 hex 3014 facing n/ne model vertex gun=none lancer=no ma=6 morale=6 "
        "strength=3 markers disordered=1 hits=1", 7,
     "not canonical: expected 'unit 5US-1 hex 3014 facing N/NE model vertex gun=none lancer=no "
     "ma=6 morale=6 strength=3 markers disordered=1 hits=1'"},
    {7, "unit 5US-1 hex 3014 facing N/NE model vertex morale=12", 7,
     "5US-1: morale: 12 is outside 0-9"},
    {7, "unit 5US-1 hex 3014 facing N/NE model vertex moral=6", 7, "unknown field 'moral'"},
    {7, "unit 5US-1 hex 3014 facing N/NE model vertex note=x", 7,
     "'note' is text of the roster, not state"},
    {7, "unit 5US-1 hex 3014 facing N model vertex", 7,
     "5US-1 faces a vertex under model 'vertex', not a hexside [rough_and_ready 5.31-5.32]"},
    {6, "unit 1/L hex 3123 facing N model double", 6,
     "1/L is a brigade and occupies 2 hexes, not 1"},
    {6, "unit 1/L hex 3123 3124 facing N model double", 6, "1/L: 1 model for its 2 parts"},
    {19, "stack hex 3014 5US-2 5US-1 Taylor Arista", 19, "the stack holds 3 units, not 4"},
    {19, "stack hex 3014 5US-2 5US-1", 19, "the stack holds 3 units, not 2"},
    {21, "var alert falsy", 21, "'falsy' is not a value"},
    {22, "var bl 9007199254740993", 22, "9007199254740993 is out of range (-9007199254740992 to "
                                        "9007199254740992)"},
    {23, "var alert []", 23, "the same path is given twice"},
    {24, "var ford space saltillo/Z", 24, "no track space 'saltillo/Z'"},
    {25, "var last unit 5US-9", 25, "unknown unit '5US-9'"},
    {28, "var nested[3].x 0", 28, "list item [3] out of order (expected [2])"},
    {28, "var nested[1].x 0", 28, "the path goes through a value that is not a map"},
    {30, "var note \"bad \\q escape\"", 30, "unknown escape '\\q' (\\\" \\\\ \\n \\t \\r \\xHH)"},
    {30, "var note \"open", 30, "a string without its closing quote"},
    {31, "var orders.\"1st brigade\" \"hold\" extra", 31, "unexpected 'extra' at the end of the line"},
    {34, "var route[2] hex 3015\r", 34, "a carriage return ends the line (lines end with LF only)"},
    {-1, "var alpha 1", 22, "not canonical: expected 'var alpha 1'"},
    {18, "unit wagons none facing - model square gun=none lancer=no ma=4 morale=0 strength=1 "
         "markers hits=0", 18,
     "not canonical: expected 'unit wagons none facing - model square gun=none lancer=no ma=4 "
     "morale=0 strength=1'"},
    {20, "stack hex 3123 1/L", 20, "not canonical: expected 'stack eliminated 8US duncan'"},
  };
  vl_roster *r = roster();
  vl_state *st = fixture(r);
  char before[VL_STATE_HASH_MAX], after[VL_STATE_HASH_MAX];
  size_t i;
  (void)unused;
  hash_of(st, before);
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const bad_case *c = &cases[i];
    char *text;
    vl_error err;
    memset(&err, 0, sizeof err);
    if (c->line == 0) {
      text = malloc(1);
      text[0] = '\0';
    } else if (c->line < 0) {
      text = malloc(strlen(golden) + 32);
      sprintf(text, "%s%s\n", golden, c->with);
    } else {
      text = edit(golden, c->line, c->with);
    }
    if (vl_state_deserialize(st, text, strlen(text), "t.state", &err) != VL_EPARSE)
      fail_msg("case %d was not refused", (int)i);
    if (strcmp(err.msg, c->msg) != 0 || (c->err_line && err.line != c->err_line))
      fail_msg("case %d: got line %d '%s'", (int)i, err.line, err.msg);
    assert_string_equal(err.file, "t.state");
    hash_of(st, after);
    assert_string_equal(before, after);   /* the store is untouched */
    free(text);
  }
  vl_state_free(st);
  vl_roster_free(r);
}

static void truncated_text_is_refused(void **unused) {
  vl_roster *r = roster();
  vl_grid g = odd_q();
  vl_state *st = vl_state_new(r, &g);
  vl_error err;
  size_t cut = strlen(golden) - 1, line10;
  const char *p = golden;
  int k;
  (void)unused;
  assert_int_equal(vl_state_deserialize(st, golden, cut, NULL, &err), VL_EPARSE);
  assert_int_equal(err.line, 34);
  assert_string_equal(err.msg, "the last line has no end of line (the text is cut short?)");
  for (k = 0; k < 10; k++) p = strchr(p, '\n') + 1;   /* the first 10 whole lines */
  line10 = (size_t)(p - golden);
  assert_int_equal(vl_state_deserialize(st, golden, line10, NULL, &err), VL_EPARSE);
  assert_int_equal(err.line, 11);
  assert_string_equal(err.msg, "unit 'Belknap' is missing (every unit has a line, in id order)");
  /* a stack line of one unit is not canonical: here, the text should have ended before it */
  {
    char text[2048];
    for (k = 0, p = golden; k < 20; k++) p = strchr(p, '\n') + 1;
    snprintf(text, sizeof text, "%.*sstack box reserve ringgold\n", (int)(p - golden), golden);
    assert_int_equal(vl_state_deserialize(st, text, strlen(text), NULL, &err), VL_EPARSE);
    assert_int_equal(err.line, 21);
    assert_string_equal(err.msg, "not canonical: the text should end here");
  }
  vl_state_free(st);
  vl_roster_free(r);
}

/* A pointy-top grid writes its stacks in label order (column, then row), which is not the
** order of the axial coordinates; a hex without a label is written (q,r). */
static void label_order_and_unlabelled_hexes(void **unused) {
  vl_roster *r = roster();
  vl_grid g = {VL_POINTY_TOP, VL_ODD_ROWS_RIGHT, 2};
  vl_state *st = vl_state_new(r, &g), *back = vl_state_new(r, &g);
  vl_hex a, b;
  vl_error err;
  char *t, *lines;
  (void)unused;
  OK(vl_hex_parse(&g, "0310", &a, &err));
  OK(vl_hex_parse(&g, "0202", &b, &err));
  assert_true(a.q < b.q);   /* axial order puts 0310 first; label order puts 0202 first */
  OK(vl_state_place(st, U(r, "5US-1"), vl_loc_hex(a), &a, 1, 0, &err));
  OK(vl_state_place(st, U(r, "5US-2"), vl_loc_hex(a), &a, 1, 0, &err));
  OK(vl_state_place(st, U(r, "8US"), vl_loc_hex(b), &b, 1, 0, &err));
  OK(vl_state_place(st, U(r, "wagons"), vl_loc_hex(b), &b, 1, 0, &err));
  a.q = -40;
  a.r = 3;
  setvar(vl_state_vars(st), "far", vl_value_hex(a));
  t = text_of(st);
  lines = strstr(t, "stack ");
  assert_non_null(lines);
  assert_string_equal(lines, "stack hex 0202 wagons 8US\n"
                             "stack hex 0310 5US-2 5US-1\n"
                             "var far hex (-40,3)\n");
  assert_int_equal(vl_state_deserialize(back, t, strlen(t), NULL, &err), VL_OK);
  free(t);
  t = text_of(back);
  assert_non_null(strstr(t, "var far hex (-40,3)\n"));
  free(t);
  vl_state_free(back);
  vl_state_free(st);
  vl_roster_free(r);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(serialises_the_fixture_exactly),
    cmocka_unit_test(round_trip_is_byte_identical),
    cmocka_unit_test(declaration_order_does_not_matter),
    cmocka_unit_test(every_single_change_changes_the_hash),
    cmocka_unit_test(snapshots_carry_the_dice_and_the_cursor),
    cmocka_unit_test(refuses_malformed_text_at_its_line),
    cmocka_unit_test(truncated_text_is_refused),
    cmocka_unit_test(label_order_and_unlabelled_hexes),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
