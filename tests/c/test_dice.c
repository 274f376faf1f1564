/*
** test_dice.c -- the dice: PCG32 against the reference's published outputs, the bias-free
** mapping, chi-square uniformity, the documented seed-1 values, forcing, the log, snapshots.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/dice.h"

/* ---- the reference: pcg32-demo of O'Neill's pcg-c-basic, seed (42, 54), round 1 ---------- */

static void generator_matches_the_reference_demo_outputs(void **state) {
  static const uint32_t want[6] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                   0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
  vl_dice_gen g;
  int i;
  (void)state;
  vl_dice_gen_seed(&g, 42u, 54u);
  /* The reference's state dump after seeding: multiplier 6364136223846793005, then these. */
  assert_true(g.inc == UINT64_C(109));
  assert_true(g.state == UINT64_C(1753877967969059832));
  for (i = 0; i < 6; i++) assert_int_equal(vl_dice_gen_next(&g), want[i]);
}

/* The demo goes on with 65 coins (bounded 2), 33 dice (bounded 6, plus 1) and a 52-card
** shuffle (bounded i for i = 52 .. 2) from the same generator: the reference's own bias-free
** bounded draw. Our dice read the same stream, so d6 and dN must print the same. */
static void dice_read_the_reference_stream_as_the_demo_does(void **state) {
  static const char coins[] =
    "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT";
  static const int rolls[33] = {3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3,
                                1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3};
  static const char cards_want[] =
    "Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs 2s 7h Kh 2d "
    "6c Ah 4d Qh 9h 6s 5s 2c 9c Ts 8d 9s 3c 8c Js 5d 2h 6h 7d 8s 9d 5h 8h Qc 7c Tc";
  static const char number[] = "A23456789TJQK", suit[] = "hcds";
  vl_dice *d = vl_dice_new(0, NULL);
  vl_dice_state st = {{0, 0}, 0, 0};
  vl_error err;
  char cards[52], got[52 * 3 + 1];
  int i;
  (void)state;
  assert_non_null(d);
  vl_dice_gen_seed(&st.gen, 42u, 54u);
  for (i = 0; i < 6; i++) (void)vl_dice_gen_next(&st.gen);  /* the six 32-bit numbers */
  assert_int_equal(vl_dice_set_state(d, &st, &err), VL_OK);
  for (i = 0; i < 65; i++)
    assert_int_equal(vl_dice_dn(d, 2, "coin", NULL, &err), coins[i] == 'H' ? 2 : 1);
  for (i = 0; i < 33; i++) assert_int_equal(vl_dice_d6(d, "roll", NULL, &err), rolls[i]);
  for (i = 0; i < 52; i++) cards[i] = (char)i;
  for (i = 52; i > 1; i--) {
    int chosen = vl_dice_dn(d, i, "card", NULL, &err) - 1;
    char c = cards[chosen];
    cards[chosen] = cards[i - 1];
    cards[i - 1] = c;
  }
  for (i = 0; i < 52; i++) {
    got[3 * i] = number[cards[i] / 4];
    got[3 * i + 1] = suit[cards[i] % 4];
    got[3 * i + 2] = i == 51 ? '\0' : ' ';
  }
  assert_string_equal(got, cards_want);
  assert_true(vl_dice_count(d) == 65 + 33 + 51);
  vl_dice_free(d);
}

/* A bound that rejects a quarter of the outputs: 2^32 mod 3*2^30 = 2^30, so every output
** below 2^30 must be skipped. Checked against the raw stream of a twin generator. */
static void bounded_draw_rejects_the_biased_low_outputs(void **state) {
  const uint32_t bound = UINT32_C(3) << 30, threshold = UINT32_C(1) << 30;
  vl_dice_gen g, twin;
  int i, rejected = 0;
  (void)state;
  vl_dice_gen_seed(&g, 7u, 11u);
  twin = g;
  for (i = 0; i < 2000; i++) {
    uint32_t r, got = vl_dice_gen_below(&g, bound);
    while ((r = vl_dice_gen_next(&twin)) < threshold) rejected++;
    assert_int_equal(got, r % bound);
    assert_true(g.state == twin.state);
  }
  assert_true(rejected > 400 && rejected < 1000);  /* about 2000/3 expected */
  assert_int_equal(vl_dice_gen_below(&g, 1), 0);
}

static void splitmix64_matches_its_published_outputs(void **state) {
  uint64_t s = 0, initstate, initseq;
  (void)state;
  assert_true(vl_dice_splitmix64(&s) == UINT64_C(0xe220a8397b1dcdaf));
  assert_true(vl_dice_splitmix64(&s) == UINT64_C(0x6e789e6aa1b965f4));
  assert_true(vl_dice_splitmix64(&s) == UINT64_C(0x06c45d188009454f));
  /* Game seed 1 -> (initstate, initseq): SplitMix64's first two outputs from 1 (docs/dice.md). */
  vl_dice_seed_split(1, &initstate, &initseq);
  assert_true(initstate == UINT64_C(0x910a2dec89025cc1));
  assert_true(initseq == UINT64_C(0xbeeb8da1658eec67));
}

/* volley sim's game seeds: SplitMix64's first output from seed + i, shifted right by 11. The
** published outputs for seed 0 are the first outputs from 0, 0 + golden and 0 + 2 golden. */
static void sim_seeds_are_splitmix64_outputs_shifted_below_2_to_the_53(void **state) {
  const uint64_t golden = UINT64_C(0x9e3779b97f4a7c15);
  (void)state;
  assert_true(vl_dice_sim_seed(0, 0) == UINT64_C(0xe220a8397b1dcdaf) >> 11);
  assert_true(vl_dice_sim_seed(0, 0) == UINT64_C(7956156453446585));
  assert_true(vl_dice_sim_seed(golden, 0) == UINT64_C(0x6e789e6aa1b965f4) >> 11);
  assert_true(vl_dice_sim_seed(golden - 1, 1) == UINT64_C(0x6e789e6aa1b965f4) >> 11);
  assert_true(vl_dice_sim_seed(2 * golden, 0) == UINT64_C(0x06c45d188009454f) >> 11);
  /* game 0 of run 1 is seed 1's initstate (docs/dice.md), shifted */
  assert_true(vl_dice_sim_seed(1, 0) == UINT64_C(0x910a2dec89025cc1) >> 11);
  assert_true(vl_dice_sim_seed(0, 1) == vl_dice_sim_seed(1, 0));
  /* seed + i wraps mod 2^64; every result is a game seed */
  assert_true(vl_dice_sim_seed(UINT64_MAX, 1) == vl_dice_sim_seed(0, 0));
  assert_true(vl_dice_sim_seed(UINT64_MAX, 0) < VL_DICE_SEED_LIMIT);
}

/* ---- the documented first values for seed 1 (docs/dice.md; pinned in dice_spec.lua too) -- */

static void seed_1_rolls_the_documented_values(void **state) {
  static const int d10[10] = {2, 6, 5, 7, 0, 7, 8, 3, 5, 7};
  static const int d6[10] = {3, 5, 6, 6, 3, 4, 3, 2, 6, 6};
  vl_dice *d = vl_dice_new(1, NULL);
  vl_dice_state st;
  int i;
  (void)state;
  st = vl_dice_get_state(d);
  assert_true(st.gen.state == UINT64_C(0x738ba4467c29b31f));
  assert_true(st.gen.inc == UINT64_C(0x7dd71b42cb1dd8cf));
  assert_true(st.count == 0 && st.forced == 0);
  for (i = 0; i < 10; i++) assert_int_equal(vl_dice_d10(d, "seed 1", NULL, NULL), d10[i]);
  vl_dice_free(d);
  d = vl_dice_new(1, NULL);
  for (i = 0; i < 10; i++) assert_int_equal(vl_dice_d6(d, "seed 1", NULL, NULL), d6[i]);
  vl_dice_free(d);
}

/* ---- chi-square uniformity ------------------------------------------------------------------
** 10^6 rolls per die from fixed seeds, so each test is deterministic. Each statistic is
** compared with the chi-square distribution's 0.999 quantile for its degrees of freedom
** (faces - 1): a fair die exceeds it with probability 0.001. A wrong mapping (a face never
** drawn, an off-by-one range, a modulo fold of a small range) exceeds it by orders of
** magnitude. Quantiles from the standard tables (NIST/SEMATECH e-Handbook 1.3.6.7.4);
** df 99 by the Wilson-Hilferty approximation. */

#define CHI_ROLLS 1000000
#define CHI_MAX_FACES 100

static double chi_quantile_999(int df) {
  switch (df) {
  case 1: return 10.828;
  case 2: return 13.816;
  case 5: return 20.515;
  case 6: return 22.458;
  case 7: return 24.322;
  case 9: return 27.877;
  case 10: return 29.588;
  case 11: return 31.264;
  case 99: return 148.23;
  default: fail_msg("no 0.999 quantile tabled for df %d", df);
  }
  return 0;
}

/* Chi-square statistic of counts[0..k-1] against n * p[i]. */
static double chi_square(const long *counts, const double *p, int k, long n) {
  double x2 = 0;
  int i;
  for (i = 0; i < k; i++) {
    double e = (double)n * p[i], dv = (double)counts[i] - e;
    x2 += dv * dv / e;
  }
  return x2;
}

/* Rolls CHI_ROLLS of one kind from seed, draining the log as it goes; each value must lie in
** [lo, lo + k); counts[v - lo] is tallied. */
static void tally(uint64_t seed, vl_dice_kind kind, int sides, int lo, int k, long *counts) {
  vl_dice *d = vl_dice_new(seed, NULL);
  vl_dice_record r;
  long i;
  assert_non_null(d);
  memset(counts, 0, (size_t)k * sizeof *counts);
  for (i = 0; i < CHI_ROLLS; i++) {
    assert_int_equal(vl_dice_roll(d, kind, sides, "chi-square", NULL, &r, NULL), VL_OK);
    assert_in_range(r.value, lo, lo + k - 1);
    counts[r.value - lo]++;
    if ((i & 4095) == 4095) vl_dice_log_drain(d);
  }
  vl_dice_free(d);
}

static void check_uniform(uint64_t seed, vl_dice_kind kind, int sides, int lo) {
  long counts[CHI_MAX_FACES];
  double p[CHI_MAX_FACES], x2;
  int i;
  for (i = 0; i < sides; i++) p[i] = 1.0 / sides;
  tally(seed, kind, sides, lo, sides, counts);
  x2 = chi_square(counts, p, sides, CHI_ROLLS);
  if (x2 > chi_quantile_999(sides - 1))
    fail_msg("%s of %d faces: chi-square %.2f > %.3f", vl_dice_kind_name(kind), sides, x2,
             chi_quantile_999(sides - 1));
}

static void d6_is_uniform(void **state) {
  (void)state;
  check_uniform(20240601, VL_DICE_D6, 6, 1);
}

static void d10_is_uniform_over_0_to_9(void **state) {
  (void)state;
  check_uniform(20240602, VL_DICE_D10, 10, 0);
}

static void two_d6_sums_follow_the_triangle(void **state) {
  long counts[11], faces[2][6];
  double p[11], p6[6], x2;
  vl_dice *d = vl_dice_new(20240603, NULL);
  vl_dice_record r;
  long i;
  int k;
  (void)state;
  for (k = 2; k <= 12; k++) p[k - 2] = (6.0 - (k < 7 ? 7 - k : k - 7)) / 36.0;  /* 1..6..1 / 36 */
  for (k = 0; k < 6; k++) p6[k] = 1.0 / 6;
  memset(counts, 0, sizeof counts);
  memset(faces, 0, sizeof faces);
  for (i = 0; i < CHI_ROLLS; i++) {
    assert_int_equal(vl_dice_roll(d, VL_DICE_2D6, 6, "chi-square", NULL, &r, NULL), VL_OK);
    assert_in_range(r.face[0], 1, 6);
    assert_in_range(r.face[1], 1, 6);
    assert_int_equal(r.value, r.face[0] + r.face[1]);
    counts[r.value - 2]++;
    faces[0][r.face[0] - 1]++;
    faces[1][r.face[1] - 1]++;
    if ((i & 4095) == 4095) vl_dice_log_drain(d);
  }
  vl_dice_free(d);
  x2 = chi_square(counts, p, 11, CHI_ROLLS);
  if (x2 > chi_quantile_999(10)) fail_msg("2d6 sums: chi-square %.2f > 29.588", x2);
  for (k = 0; k < 2; k++) {       /* and each die on its own is a fair d6 */
    x2 = chi_square(faces[k], p6, 6, CHI_ROLLS);
    if (x2 > chi_quantile_999(5)) fail_msg("2d6 die %d: chi-square %.2f > 20.515", k + 1, x2);
  }
}

static void dn_is_uniform_for_powers_of_two_and_others(void **state) {
  static const int sizes[] = {2, 3, 7, 8, 12, 100};
  size_t i;
  (void)state;
  for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    check_uniform(20240604 + i, VL_DICE_DN, sizes[i], 1);
}

/* The test's own yardstick must be able to fail: a d6 with one face twice as likely as
** another (a plain fold of a d7 onto 1-6) is far beyond the quantile at this sample size. */
static void chi_square_catches_a_biased_die(void **state) {
  long counts[7], folded[6];
  double p[6];
  int i;
  (void)state;
  tally(20240605, VL_DICE_DN, 7, 1, 7, counts);
  for (i = 0; i < 6; i++) {
    folded[i] = counts[i] + (i == 0 ? counts[6] : 0);
    p[i] = 1.0 / 6;
  }
  assert_true(chi_square(folded, p, 6, CHI_ROLLS) > 100 * chi_quantile_999(5));
}

/* ---- forcing -------------------------------------------------------------------------------- */

static void forced_values_are_taken_in_order_and_logged_as_forced(void **state) {
  static const int queue[] = {0, 9, 6, 5, 2, 11};
  vl_dice *d = vl_dice_new(1, NULL);
  vl_dice_state before, after;
  vl_dice_record r;
  int face[2];
  (void)state;
  before = vl_dice_get_state(d);
  assert_int_equal(vl_dice_force(d, queue, 6, NULL), VL_OK);
  assert_int_equal(vl_dice_forced_pending(d), 6);
  assert_int_equal(vl_dice_forced_at(d, 1), 9);
  assert_int_equal(vl_dice_d10(d, "a", NULL, NULL), 0);
  assert_int_equal(vl_dice_d10(d, "b", NULL, NULL), 9);
  assert_int_equal(vl_dice_2d6(d, "c", NULL, face, NULL), 11);  /* takes 6 and 5 */
  assert_int_equal(face[0], 6);
  assert_int_equal(face[1], 5);
  assert_int_equal(vl_dice_d6(d, "d", NULL, NULL), 2);
  assert_int_equal(vl_dice_dn(d, 12, "e", NULL, NULL), 11);
  assert_int_equal(vl_dice_forced_pending(d), 0);
  after = vl_dice_get_state(d);
  /* The generator did not move; the counters did. */
  assert_true(after.gen.state == before.gen.state && after.gen.inc == before.gen.inc);
  assert_true(after.count == 5 && after.forced == 5);
  assert_int_equal(vl_dice_log_count(d), 5);
  assert_int_equal(vl_dice_log_at(d, 2)->forced, 1);
  assert_int_equal(vl_dice_log_at(d, 2)->kind, VL_DICE_2D6);
  assert_int_equal(vl_dice_log_at(d, 2)->value, 11);
  /* The next drawn roll is the seed's first draw: seed 1's first d10 is 2 (docs/dice.md). */
  assert_int_equal(vl_dice_roll(d, VL_DICE_D10, 10, "f", NULL, &r, NULL), VL_OK);
  assert_int_equal(r.value, 2);
  assert_int_equal(r.forced, 0);
  assert_true(r.n == 6);
  after = vl_dice_get_state(d);
  assert_true(after.count == 6 && after.forced == 5);
  vl_dice_free(d);
}

/* Asserts that a roll of kind/sides fails with VL_EINVAL and msg, and changes nothing. */
static void assert_refused(vl_dice *d, vl_dice_kind kind, int sides, const char *msg) {
  vl_dice_state before = vl_dice_get_state(d), after;
  size_t pending = vl_dice_forced_pending(d), logged = vl_dice_log_count(d);
  int next = pending ? vl_dice_forced_at(d, 0) : 0;
  vl_dice_record r;
  vl_error err;
  assert_int_equal(vl_dice_roll(d, kind, sides, "refused", NULL, &r, &err), VL_EINVAL);
  assert_int_equal(err.code, VL_EINVAL);
  assert_string_equal(err.msg, msg);
  after = vl_dice_get_state(d);
  assert_memory_equal(&before, &after, sizeof before);
  assert_int_equal(vl_dice_forced_pending(d), pending);
  if (pending) assert_int_equal(vl_dice_forced_at(d, 0), next);
  assert_int_equal(vl_dice_log_count(d), logged);
}

static void out_of_range_forced_values_are_refused_without_advancing(void **state) {
  vl_dice *d = vl_dice_new(1, NULL);
  int v;
  (void)state;
  v = 7;
  vl_dice_force(d, &v, 1, NULL);
  assert_refused(d, VL_DICE_D6, 6, "forced value 7 is out of range for d6 (1-6)");
  assert_int_equal(vl_dice_d10(d, "7 is a d10 face", NULL, NULL), 7);  /* still queued: taken */
  v = 10;
  vl_dice_force(d, &v, 1, NULL);
  assert_refused(d, VL_DICE_D10, 10, "forced value 10 is out of range for d10 (0-9)");
  vl_dice_force_clear(d);
  v = 0;
  vl_dice_force(d, &v, 1, NULL);
  assert_refused(d, VL_DICE_D6, 6, "forced value 0 is out of range for d6 (1-6)");
  assert_int_equal(vl_dice_d10(d, "0 is a d10 face", NULL, NULL), 0);  /* [rough_and_ready 2.3] */
  v = 13;
  vl_dice_force(d, &v, 1, NULL);
  assert_refused(d, VL_DICE_DN, 12, "forced value 13 is out of range for d12 (1-12)");
  vl_dice_force_clear(d);
  v = 4;
  vl_dice_force(d, &v, 1, NULL);
  assert_refused(d, VL_DICE_2D6, 6, "2d6 needs two forced values; 1 is queued");
  v = 7;
  vl_dice_force(d, &v, 1, NULL);   /* queue: 4, 7 -- the second die is refused, the first kept */
  assert_refused(d, VL_DICE_2D6, 6, "forced value 7 is out of range for 2d6 (each die 1-6)");
  assert_int_equal(vl_dice_forced_pending(d), 2);
  vl_dice_force_clear(d);
  assert_refused(d, VL_DICE_DN, 1, "a dN needs N from 2 to 2147483647 (got 1)");
  /* Only the two good forced rolls were made; the first drawn roll is still seed 1's first. */
  assert_true(vl_dice_count(d) == 2);
  assert_int_equal(vl_dice_d10(d, "drawn", NULL, NULL), 2);
  vl_dice_free(d);
}

/* ---- log, snapshots, life cycle ------------------------------------------------------------- */

static void the_log_keeps_reason_rule_and_number_and_drains(void **state) {
  char long_reason[300];
  vl_dice *d = vl_dice_new(1, NULL);
  const vl_dice_record *r;
  size_t i;
  (void)state;
  assert_int_equal(vl_dice_d10(d, "activation of Arista", "[rough_and_ready 3.11]", NULL), 2);
  r = vl_dice_log_at(d, 0);
  assert_true(r->n == 1);
  assert_int_equal(r->kind, VL_DICE_D10);
  assert_int_equal(r->sides, 10);
  assert_int_equal(r->ndice, 1);
  assert_int_equal(r->face[0], 2);
  assert_int_equal(r->face[1], 0);
  assert_int_equal(r->value, 2);
  assert_int_equal(r->forced, 0);
  assert_string_equal(r->reason, "activation of Arista");
  assert_string_equal(r->rule, "[rough_and_ready 3.11]");
  /* NULL texts are kept as ""; long ones are cut at 127 bytes, back to a character boundary:
  ** 126 'x' then a 2-byte "é" would end at byte 128, so the "é" goes whole. */
  assert_int_equal(vl_dice_d6(d, NULL, NULL, NULL), 5);
  assert_string_equal(vl_dice_log_at(d, 1)->reason, "");
  assert_string_equal(vl_dice_log_at(d, 1)->rule, "");
  for (i = 0; i < 126; i++) long_reason[i] = 'x';
  strcpy(long_reason + 126, "\xc3\xa9 and more");
  assert_int_equal(vl_dice_d6(d, long_reason, long_reason, NULL), 6);
  assert_int_equal(strlen(vl_dice_log_at(d, 2)->reason), 126);
  assert_memory_equal(vl_dice_log_at(d, 2)->reason, long_reason, 126);
  assert_int_equal(strlen(vl_dice_log_at(d, 2)->rule), 63);
  long_reason[125] = '\xc3';        /* now 125 'x', "é" at 125-126, then 'a' at 127: fits */
  long_reason[126] = '\xa9';
  long_reason[127] = 'a';
  assert_int_equal(vl_dice_d6(d, long_reason, "", NULL), 6);
  assert_int_equal(strlen(vl_dice_log_at(d, 3)->reason), 127);
  assert_int_equal(vl_dice_log_count(d), 4);
  vl_dice_log_drain(d);
  assert_int_equal(vl_dice_log_count(d), 0);
  assert_int_equal(vl_dice_d6(d, "after the drain", NULL, NULL), 3);
  assert_int_equal(vl_dice_log_count(d), 1);
  assert_true(vl_dice_log_at(d, 0)->n == 5);  /* numbering goes on */
  vl_dice_free(d);
}

static void a_copy_rolls_on_exactly_as_the_original(void **state) {
  vl_dice *d = vl_dice_new(123456789, NULL), *c, *e;
  int forced[3] = {4, 4, 1}, i;
  (void)state;
  for (i = 0; i < 57; i++) (void)vl_dice_dn(d, 7, "warm up", NULL, NULL);
  vl_dice_force(d, forced, 3, NULL);
  c = vl_dice_copy(d);
  assert_non_null(c);
  assert_int_equal(vl_dice_forced_pending(c), 3);
  assert_int_equal(vl_dice_log_count(c), 57);
  assert_string_equal(vl_dice_log_at(c, 56)->reason, "warm up");
  for (i = 0; i < 1000; i++) {
    int face_d[2], face_c[2];
    assert_int_equal(vl_dice_d10(c, "x", NULL, NULL), vl_dice_d10(d, "x", NULL, NULL));
    assert_int_equal(vl_dice_2d6(c, "x", NULL, face_c, NULL),
                     vl_dice_2d6(d, "x", NULL, face_d, NULL));
    assert_memory_equal(face_c, face_d, sizeof face_c);
    assert_int_equal(vl_dice_dn(c, 12, "x", NULL, NULL), vl_dice_dn(d, 12, "x", NULL, NULL));
  }
  {
    vl_dice_state sd = vl_dice_get_state(d), sc = vl_dice_get_state(c);
    assert_memory_equal(&sd, &sc, sizeof sd);
    assert_true(sd.forced == 2);  /* the first d10 took 4, the first 2d6 took 4 and 1 */
    assert_int_equal(vl_dice_forced_pending(d), 0);
  }
  /* Independent: rolling the copy leaves the original where it was. */
  e = vl_dice_copy(c);
  (void)vl_dice_d6(c, "only the copy", NULL, NULL);
  assert_true(vl_dice_count(c) == vl_dice_count(d) + 1);
  assert_int_equal(vl_dice_d6(d, "y", NULL, NULL), vl_dice_d6(e, "y", NULL, NULL));
  vl_dice_free(e);
  vl_dice_free(c);
  vl_dice_free(d);
}

static void state_round_trips_and_refuses_an_even_increment(void **state) {
  vl_dice *d = vl_dice_new(99, NULL), *e = vl_dice_new(5, NULL);
  vl_dice_state s, bad;
  vl_error err;
  int i;
  (void)state;
  for (i = 0; i < 10; i++) (void)vl_dice_d6(d, "x", NULL, NULL);
  s = vl_dice_get_state(d);
  assert_int_equal(vl_dice_set_state(e, &s, &err), VL_OK);
  for (i = 0; i < 100; i++)
    assert_int_equal(vl_dice_d10(e, "x", NULL, NULL), vl_dice_d10(d, "x", NULL, NULL));
  bad = s;
  bad.gen.inc &= ~UINT64_C(1);
  assert_int_equal(vl_dice_set_state(e, &bad, &err), VL_EINVAL);
  assert_string_equal(err.msg, "dice state has an even increment");
  bad = s;
  bad.forced = bad.count + 1;
  assert_int_equal(vl_dice_set_state(e, &bad, &err), VL_EINVAL);
  vl_dice_free(d);
  vl_dice_free(e);
}

static void seeds_stop_below_2_to_the_53(void **state) {
  vl_error err;
  vl_dice *d;
  (void)state;
  assert_null(vl_dice_new(VL_DICE_SEED_LIMIT, &err));
  assert_int_equal(err.code, VL_EINVAL);
  assert_string_equal(err.msg, "seed 9007199254740992 is out of range (0 to 2^53 - 1)");
  d = vl_dice_new(VL_DICE_SEED_LIMIT - 1, &err);
  assert_non_null(d);
  vl_dice_free(d);
  vl_dice_free(NULL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(generator_matches_the_reference_demo_outputs),
    cmocka_unit_test(dice_read_the_reference_stream_as_the_demo_does),
    cmocka_unit_test(bounded_draw_rejects_the_biased_low_outputs),
    cmocka_unit_test(splitmix64_matches_its_published_outputs),
    cmocka_unit_test(sim_seeds_are_splitmix64_outputs_shifted_below_2_to_the_53),
    cmocka_unit_test(seed_1_rolls_the_documented_values),
    cmocka_unit_test(d6_is_uniform),
    cmocka_unit_test(d10_is_uniform_over_0_to_9),
    cmocka_unit_test(two_d6_sums_follow_the_triangle),
    cmocka_unit_test(dn_is_uniform_for_powers_of_two_and_others),
    cmocka_unit_test(chi_square_catches_a_biased_die),
    cmocka_unit_test(forced_values_are_taken_in_order_and_logged_as_forced),
    cmocka_unit_test(out_of_range_forced_values_are_refused_without_advancing),
    cmocka_unit_test(the_log_keeps_reason_rule_and_number_and_drains),
    cmocka_unit_test(a_copy_rolls_on_exactly_as_the_original),
    cmocka_unit_test(state_round_trips_and_refuses_an_even_increment),
    cmocka_unit_test(seeds_stop_below_2_to_the_53),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
