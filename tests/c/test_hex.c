/*
** test_hex.c -- hex grids: the rulebooks' adjacency facts, then properties over all four
** layouts (labels, offsets, distance, neighbours, hexsides, vertices, rings, ranges, the
** line and the trace checked against brute force), then the facing words and the errors.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "volley/hex.h"

#define MAXSTEPS 512

/* The four grids of the four layouts, in the order of vl_parity. */
static vl_grid grid_of(int parity, int digits) {
  vl_grid g;
  g.layout = parity <= VL_EVEN_COLUMNS_DOWN ? VL_FLAT_TOP : VL_POINTY_TOP;
  g.parity = (vl_parity)parity;
  g.digits = digits;
  return g;
}

static vl_grid grid_words(const char *layout, const char *parity) {
  vl_grid g;
  vl_error err;
  assert_int_equal(vl_grid_init(&g, layout, parity, 2, &err), VL_OK);
  return g;
}

static vl_hex H(const vl_grid *g, const char *label) {
  vl_hex h = {0, 0};
  vl_error err;
  if (vl_hex_parse(g, label, &h, &err) != VL_OK) fail_msg("%s", err.msg);
  return h;
}

static int dist(const vl_grid *g, const char *a, const char *b) {
  return vl_hex_distance(H(g, a), H(g, b));
}

static vl_hex mk(int q, int r) {
  vl_hex h;
  h.q = q;
  h.r = r;
  return h;
}

/* A deterministic sequence for picking cases (no clock, no rand()). */
static unsigned next_u(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (*s >> 8) & 0xffffu;
}

static int pick(unsigned *s, int lo, int hi) {
  return lo + (int)(next_u(s) % (unsigned)(hi - lo + 1));
}

/* ---- the rulebooks' facts ------------------------------------------------------------------ */

static void rough_and_ready_pairs_are_adjacent_on_odd_columns_down(void **state) {
  vl_grid g = grid_words("flat-top", "odd-columns-down");
  (void)state;
  /* notes/rough_and_ready.md "Hex-grid inference": the 8th US line 3023-3123-3224, the spur
  ** hexside 2944/3045, the elevation hexside 3741/3842. */
  assert_int_equal(dist(&g, "3123", "3224"), 1);
  assert_int_equal(dist(&g, "3023", "3123"), 1);
  assert_int_equal(dist(&g, "2944", "3045"), 1);
  assert_int_equal(dist(&g, "3741", "3842"), 1);
  assert_int_equal(vl_hex_direction(&g, H(&g, "3123"), H(&g, "3224")), 2);  /* SE */
  /* T-RR-09: a unit in 4819 is 3 hexes from 4916 */
  assert_int_equal(dist(&g, "4916", "4819"), 3);
}

static void buena_vista_pairs_are_adjacent_on_odd_columns_down(void **state) {
  vl_grid g = grid_words("flat-top", "odd-columns-down");
  (void)state;
  /* notes/buena_vista.md: 4109-4010, 3313-3214, 4516-4417, 4516-4616, road 3320-3420-3519 */
  assert_int_equal(dist(&g, "4109", "4010"), 1);
  assert_int_equal(dist(&g, "3313", "3214"), 1);
  assert_int_equal(dist(&g, "4516", "4417"), 1);
  assert_int_equal(dist(&g, "4516", "4616"), 1);
  assert_int_equal(dist(&g, "3320", "3420"), 1);
  assert_int_equal(dist(&g, "3420", "3519"), 1);
}

static void jackson_pairs_are_adjacent_on_even_columns_down(void **state) {
  vl_grid g = grid_words("flat-top", "even-columns-down");
  (void)state;
  /* notes/jackson.md "Hex numbering": the bridge 1040-0941, the wagon bridge 1042-0942,
  ** 1813/1812 and 1813/1713 [spi_gbacw JC 22.1] */
  assert_int_equal(dist(&g, "1040", "0941"), 1);
  assert_int_equal(dist(&g, "1042", "0942"), 1);
  assert_int_equal(dist(&g, "1813", "1812"), 1);
  assert_int_equal(dist(&g, "1813", "1713"), 1);
}

static void each_parity_fact_fails_on_the_other_parity(void **state) {
  vl_grid odd = grid_words("flat-top", "odd-columns-down");
  vl_grid even = grid_words("flat-top", "even-columns-down");
  (void)state;
  assert_int_equal(dist(&even, "3123", "3224"), 2);
  assert_int_equal(dist(&even, "2944", "3045"), 2);
  assert_int_equal(dist(&odd, "1040", "0941"), 2);
  assert_int_equal(dist(&even, "4109", "4010"), 2);  /* the notes: even-q fails these two */
  assert_int_equal(dist(&even, "4516", "4417"), 2);
}

/* ---- labels and offsets -------------------------------------------------------------------- */

static void labels_round_trip_in_every_layout(void **state) {
  int p, col, row, digits;
  (void)state;
  for (p = 0; p < 4; p++)
    for (digits = 2; digits <= 3; digits++) {
      vl_grid g = grid_of(p, digits);
      int limit = digits == 2 ? 100 : 1000, stride = digits == 2 ? 1 : 7;
      for (col = 0; col < limit; col += stride)
        for (row = 0; row < limit; row += stride) {
          char buf[VL_HEX_LABEL_MAX], want[32];
          vl_hex h = vl_hex_from_offset(&g, col, row), back;
          int c2, r2;
          vl_hex_to_offset(&g, h, &c2, &r2);
          assert_int_equal(c2, col);
          assert_int_equal(r2, row);
          assert_int_equal(vl_hex_format(&g, h, buf, sizeof buf), 2 * digits);
          snprintf(want, sizeof want, "%0*d%0*d", digits, col, digits, row);
          assert_string_equal(buf, want);
          back = H(&g, buf);
          assert_true(vl_hex_eq(back, h));
        }
    }
}

static void offsets_round_trip_for_negative_parts_too(void **state) {
  int p, col, row;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    for (col = -41; col <= 41; col++)
      for (row = -41; row <= 41; row++) {
        int c2, r2;
        vl_hex_to_offset(&g, vl_hex_from_offset(&g, col, row), &c2, &r2);
        assert_int_equal(c2, col);
        assert_int_equal(r2, row);
      }
  }
}

static void the_layouts_shift_the_parity_they_name(void **state) {
  /* In a column-offset grid, the SE neighbour of (c, r) is (c+1, r+1) when column c is shifted
  ** down and (c+1, r) otherwise; rows likewise for row-offset grids and E / SE. */
  vl_grid oq = grid_of(VL_ODD_COLUMNS_DOWN, 2), eq = grid_of(VL_EVEN_COLUMNS_DOWN, 2);
  vl_grid orr = grid_of(VL_ODD_ROWS_RIGHT, 2), er = grid_of(VL_EVEN_ROWS_RIGHT, 2);
  char buf[VL_HEX_LABEL_MAX];
  (void)state;
  vl_hex_format(&oq, vl_hex_neighbor(&oq, H(&oq, "0505"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0606");
  vl_hex_format(&oq, vl_hex_neighbor(&oq, H(&oq, "0605"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0705");
  vl_hex_format(&eq, vl_hex_neighbor(&eq, H(&eq, "0605"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0706");
  vl_hex_format(&eq, vl_hex_neighbor(&eq, H(&eq, "0505"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0605");
  /* pointy-top: SE (dir 2) of an odd row goes to the next column when odd rows are right */
  vl_hex_format(&orr, vl_hex_neighbor(&orr, H(&orr, "0505"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0606");
  vl_hex_format(&orr, vl_hex_neighbor(&orr, H(&orr, "0506"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0507");
  vl_hex_format(&er, vl_hex_neighbor(&er, H(&er, "0506"), 2), buf, sizeof buf);
  assert_string_equal(buf, "0607");
  vl_hex_format(&er, vl_hex_neighbor(&er, H(&er, "0506"), 1), buf, sizeof buf);  /* E */
  assert_string_equal(buf, "0606");
}

static void labels_refuse_what_is_not_their_shape(void **state) {
  vl_grid g = vl_grid_default(), g3 = grid_of(VL_ODD_COLUMNS_DOWN, 3);
  vl_hex h;
  vl_error err;
  char buf[VL_HEX_LABEL_MAX];
  (void)state;
  assert_int_equal(vl_hex_parse(&g, "31x3", &h, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid hex label '31x3': expected 4 digits");
  assert_int_equal(vl_hex_parse(&g, "312", &h, &err), VL_EPARSE);
  assert_int_equal(vl_hex_parse(&g, "31234", &h, &err), VL_EPARSE);
  assert_int_equal(vl_hex_parse(&g, "", &h, &err), VL_EPARSE);
  assert_int_equal(vl_hex_parse(&g, " 3123", &h, &err), VL_EPARSE);
  assert_int_equal(vl_hex_parse(&g, "-123", &h, &err), VL_EPARSE);
  assert_int_equal(vl_hex_parse(&g3, "3123", &h, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid hex label '3123': expected 6 digits");
  assert_int_equal(vl_hex_parse(&g3, "031023", &h, &err), VL_OK);
  assert_int_equal(vl_hex_format(&g3, h, buf, sizeof buf), 6);
  assert_string_equal(buf, "031023");
  /* no label: a negative part, a part too wide, a buffer too small */
  assert_int_equal(vl_hex_format(&g, vl_hex_from_offset(&g, -1, 5), buf, sizeof buf), VL_EINVAL);
  assert_int_equal(vl_hex_format(&g, vl_hex_from_offset(&g, 5, -1), buf, sizeof buf), VL_EINVAL);
  assert_int_equal(vl_hex_format(&g, vl_hex_from_offset(&g, 100, 5), buf, sizeof buf), VL_EINVAL);
  assert_int_equal(vl_hex_format(&g, vl_hex_from_offset(&g, 1, 5), buf, 4), VL_EINVAL);
  assert_int_equal(vl_hex_format(&g, vl_hex_from_offset(&g, 1, 5), buf, 5), 4);
  assert_string_equal(buf, "0105");
}

static void grids_are_built_from_the_words_of_map_ini(void **state) {
  vl_grid g;
  vl_error err;
  (void)state;
  assert_int_equal(vl_grid_init(&g, "pointy-top", "even-rows-right", 3, &err), VL_OK);
  assert_int_equal(g.layout, VL_POINTY_TOP);
  assert_int_equal(g.parity, VL_EVEN_ROWS_RIGHT);
  assert_int_equal(g.digits, 3);
  assert_string_equal(vl_grid_layout_word(&g), "pointy-top");
  assert_string_equal(vl_grid_parity_word(&g), "even-rows-right");
  assert_int_equal(vl_grid_init(&g, "hexy", "odd-columns-down", 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "unknown layout 'hexy': expected flat-top or pointy-top");
  assert_int_equal(vl_grid_init(&g, "flat-top", "odd", 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "unknown parity 'odd': expected odd-columns-down, "
                               "even-columns-down, odd-rows-right or even-rows-right");
  assert_int_equal(vl_grid_init(&g, "flat-top", "odd-rows-right", 2, &err), VL_EINVAL);
  assert_string_equal(err.msg, "parity odd-rows-right does not fit layout flat-top: "
                               "expected odd-columns-down or even-columns-down");
  assert_int_equal(vl_grid_init(&g, "flat-top", "odd-columns-down", 4, &err), VL_EINVAL);
  assert_string_equal(err.msg, "digits must be 2 or 3, got 4");
  g = vl_grid_default();
  assert_int_equal(g.layout, VL_FLAT_TOP);
  assert_int_equal(g.parity, VL_ODD_COLUMNS_DOWN);
  assert_int_equal(g.digits, 2);
}

/* ---- distance and neighbours --------------------------------------------------------------- */

static void distance_is_a_metric(void **state) {
  unsigned s = 1;
  int p, i;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    for (i = 0; i < 20000; i++) {
      vl_hex a = vl_hex_from_offset(&g, pick(&s, -5, 60), pick(&s, -5, 60));
      vl_hex b = vl_hex_from_offset(&g, pick(&s, -5, 60), pick(&s, -5, 60));
      vl_hex c = vl_hex_from_offset(&g, pick(&s, -5, 60), pick(&s, -5, 60));
      int ab = vl_hex_distance(a, b);
      assert_int_equal(ab, vl_hex_distance(b, a));
      assert_true(ab >= 0);
      assert_int_equal(ab == 0, vl_hex_eq(a, b));
      assert_true(vl_hex_distance(a, c) <= ab + vl_hex_distance(b, c));
    }
  }
}

static void distance_counts_the_steps_of_a_shortest_walk(void **state) {
  /* Breadth-first search by neighbours over a patch agrees with the formula. */
  int p;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    enum { W = 31 };
    int d[W][W], qi, ri, head = 0, tail = 0, k;
    vl_hex queue[W * W], c = mk(15, 15);
    for (qi = 0; qi < W; qi++)
      for (ri = 0; ri < W; ri++) d[qi][ri] = -1;
    d[15][15] = 0;
    queue[tail++] = c;
    while (head < tail) {
      vl_hex h = queue[head++];
      for (k = 0; k < 6; k++) {
        vl_hex n = vl_hex_neighbor(&g, h, k);
        if (n.q < 0 || n.q >= W || n.r < 0 || n.r >= W || d[n.q][n.r] >= 0) continue;
        d[n.q][n.r] = d[h.q][h.r] + 1;
        queue[tail++] = n;
      }
    }
    for (qi = 0; qi < W; qi++)
      for (ri = 0; ri < W; ri++)
        if (vl_hex_distance(c, mk(qi, ri)) <= 10)  /* well inside the patch */
          assert_int_equal(d[qi][ri], vl_hex_distance(c, mk(qi, ri)));
  }
}

static void neighbours_are_at_distance_one_and_name_their_direction(void **state) {
  int p, col, row, k, j;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    for (col = -3; col < 25; col++)
      for (row = -3; row < 25; row++) {
        vl_hex h = vl_hex_from_offset(&g, col, row), n[6];
        for (k = 0; k < 6; k++) {
          n[k] = vl_hex_neighbor(&g, h, k);
          assert_int_equal(vl_hex_distance(h, n[k]), 1);
          assert_int_equal(vl_hex_direction(&g, h, n[k]), k);
          assert_int_equal(vl_hex_direction(&g, n[k], h), (k + 3) % 6);
          assert_true(vl_hex_eq(vl_hex_neighbor(&g, n[k], k + 3), h));
          assert_true(vl_hex_eq(vl_hex_neighbor(&g, h, k - 6), n[k]));  /* taken mod 6 */
          for (j = 0; j < k; j++) assert_false(vl_hex_eq(n[j], n[k]));
          /* consecutive neighbours are adjacent to each other: the ring around h */
          if (k > 0) assert_int_equal(vl_hex_distance(n[k - 1], n[k]), 1);
        }
        assert_int_equal(vl_hex_direction(&g, h, h), -1);
        assert_int_equal(vl_hex_direction(&g, h, vl_hex_neighbor(&g, n[0], 0)), -1);
      }
  }
}

static void hexsides_are_named_alike_from_both_sides(void **state) {
  int p, col, row, k;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    for (col = 1; col < 20; col++)
      for (row = 1; row < 20; row++) {
        vl_hex h = vl_hex_from_offset(&g, col, row);
        for (k = 0; k < 6; k++) {
          vl_hex n = vl_hex_neighbor(&g, h, k), a, b;
          vl_hexside s1 = vl_hexside_of(&g, h, k), s2 = vl_hexside_of(&g, n, k + 3), s3, s4;
          char id[VL_HEXSIDE_ID_MAX];
          vl_error err;
          assert_true(vl_hex_eq(s1.hex, s2.hex));
          assert_int_equal(s1.dir, s2.dir);
          assert_true(s1.dir >= 0 && s1.dir <= 2);
          assert_int_equal(vl_hexside_between(&g, h, n, &s3), VL_OK);
          assert_true(vl_hex_eq(s3.hex, s1.hex) && s3.dir == s1.dir);
          vl_hexside_hexes(&g, s1, &a, &b);
          assert_true((vl_hex_eq(a, h) && vl_hex_eq(b, n)) || (vl_hex_eq(a, n) && vl_hex_eq(b, h)));
          assert_true(vl_hexside_format(&g, s1, id, sizeof id) == 9);
          assert_int_equal(vl_hexside_parse(&g, id, &s4, &err), VL_OK);
          assert_true(vl_hex_eq(s4.hex, s1.hex) && s4.dir == s1.dir);
          assert_true(strncmp(id, id + 5, 4) < 0);  /* label order */
        }
        assert_int_equal(vl_hexside_between(&g, h, h, NULL), VL_EINVAL);
      }
  }
}

static void hexside_ids_read_either_order_and_refuse_strangers(void **state) {
  vl_grid g = vl_grid_default();
  vl_hexside s;
  vl_error err;
  char id[VL_HEXSIDE_ID_MAX];
  (void)state;
  assert_int_equal(vl_hexside_parse(&g, "3224/3123", &s, &err), VL_OK);
  assert_int_equal(vl_hexside_format(&g, s, id, sizeof id), 9);
  assert_string_equal(id, "3123/3224");
  assert_int_equal(vl_hexside_format(&g, s, id, 9), VL_EINVAL);  /* no room for the NUL */
  assert_int_equal(vl_hexside_parse(&g, "3123/3325", &s, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid hexside '3123/3325': the hexes are not adjacent");
  assert_int_equal(vl_hexside_parse(&g, "3123", &s, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid hexside '3123': expected <hex>/<hex>");
  assert_int_equal(vl_hexside_parse(&g, "3123/3224/3124", &s, &err), VL_EPARSE);
  assert_int_equal(vl_hexside_parse(&g, "3123/32x4", &s, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid hexside '3123/32x4': expected <hex>/<hex>, "
                               "invalid hex label '32x4': expected 4 digits");
}

/* ---- vertices ------------------------------------------------------------------------------ */

static void vertices_are_shared_by_exactly_their_three_hexes(void **state) {
  int p, col, row, v, k;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    for (col = 2; col < 20; col++)
      for (row = 2; row < 20; row++) {
        vl_hex h = vl_hex_from_offset(&g, col, row);
        vl_vertex mine[6];
        for (v = 0; v < 6; v++) {
          vl_vertex x = vl_vertex_of(&g, h, v), y;
          vl_hex hs[3];
          int seen = 0;
          mine[v] = x;
          assert_true(x.corner == 0 || x.corner == 1);
          vl_vertex_hexes(&g, x, hs);
          /* the three are h, its neighbours across sides v and v + 1, and no other */
          for (k = 0; k < 3; k++) {
            if (vl_hex_eq(hs[k], h)) seen |= 1;
            if (vl_hex_eq(hs[k], vl_hex_neighbor(&g, h, v))) seen |= 2;
            if (vl_hex_eq(hs[k], vl_hex_neighbor(&g, h, v + 1))) seen |= 4;
          }
          assert_int_equal(seen, 7);
          assert_true(vl_hex_eq(hs[0], x.hex));
          assert_int_equal(vl_hex_distance(hs[0], hs[1]), 1);
          assert_int_equal(vl_hex_distance(hs[1], hs[2]), 1);
          assert_int_equal(vl_hex_distance(hs[0], hs[2]), 1);
          /* each of the three names it the same way, at the corner it reports */
          for (k = 0; k < 3; k++) {
            int c = vl_vertex_corner(&g, x, hs[k]);
            assert_true(c >= 0 && c <= 5);
            y = vl_vertex_of(&g, hs[k], c);
            assert_true(vl_hex_eq(y.hex, x.hex) && y.corner == x.corner);
          }
          assert_int_equal(vl_vertex_corner(&g, x, h), v);
          assert_int_equal(vl_vertex_corner(&g, x, vl_hex_neighbor(&g, h, v + 3)), -1);
          for (k = 0; k < v; k++)
            assert_false(vl_hex_eq(mine[k].hex, x.hex) && mine[k].corner == x.corner);
        }
      }
  }
}

static void every_vertex_of_a_patch_is_counted_three_times(void **state) {
  /* Over all corners of all hexes of a patch, an inner vertex turns up exactly 3 times. */
  enum { W = 12 };
  static int count[W + 4][W + 4][2];
  int p, q, r, v;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    memset(count, 0, sizeof count);
    for (q = 0; q < W; q++)
      for (r = 0; r < W; r++)
        for (v = 0; v < 6; v++) {
          vl_vertex x = vl_vertex_of(&g, mk(q, r), v);
          count[x.hex.q + 2][x.hex.r + 2][x.corner]++;
        }
    for (q = 0; q < W + 4; q++)               /* never more than 3 */
      for (r = 0; r < W + 4; r++) assert_true(count[q][r][0] <= 3 && count[q][r][1] <= 3);
    for (q = 1; q < W - 1; q++)               /* away from the patch's edge, exactly 3 */
      for (r = 1; r < W - 1; r++) {
        assert_int_equal(count[q + 2][r + 2][0], 3);
        assert_int_equal(count[q + 2][r + 2][1], 3);
      }
  }
}

static void vertex_ids_name_three_labels(void **state) {
  vl_grid g = vl_grid_default();
  vl_vertex x, y;
  vl_error err;
  char id[VL_VERTEX_ID_MAX];
  (void)state;
  x = vl_vertex_of(&g, H(&g, "3123"), 0);  /* N/NE: 3123, its N 3122 and its NE 3223 */
  assert_int_equal(vl_vertex_format(&g, x, id, sizeof id), 14);
  assert_string_equal(id, "3122/3123/3223");
  x = vl_vertex_of(&g, H(&g, "3123"), 1);  /* NE/SE: 3223 and 3224 */
  vl_vertex_format(&g, x, id, sizeof id);
  assert_string_equal(id, "3123/3223/3224");
  assert_int_equal(vl_vertex_parse(&g, "3224/3123/3223", &y, &err), VL_OK);
  assert_true(vl_hex_eq(x.hex, y.hex) && x.corner == y.corner);
  assert_int_equal(vl_vertex_parse(&g, "3123/3224/3124", &y, &err), VL_OK);  /* SE/S */
  assert_int_equal(vl_vertex_corner(&g, y, H(&g, "3123")), 2);
  assert_int_equal(vl_vertex_parse(&g, "3123/3224/3325", &y, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid vertex '3123/3224/3325': the three hexes do not meet at "
                               "a vertex");
  assert_int_equal(vl_vertex_parse(&g, "3123/3224", &y, &err), VL_EPARSE);
  assert_string_equal(err.msg, "invalid vertex '3123/3224': expected <hex>/<hex>/<hex>");
}

/* ---- rings and ranges ---------------------------------------------------------------------- */

static void rings_hold_six_r_hexes_clockwise_from_the_first_side(void **state) {
  vl_hex out[6 * 12 + 1];
  int p, radius, i, j;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    vl_hex c = vl_hex_from_offset(&g, 20, 20);
    assert_int_equal(vl_hex_ring(&g, c, -1, out, 10), -1);
    assert_int_equal(vl_hex_ring(&g, c, 0, out, 10), 1);
    assert_true(vl_hex_eq(out[0], c));
    for (radius = 1; radius <= 12; radius++) {
      int n = vl_hex_ring(&g, c, radius, out, (int)(sizeof out / sizeof out[0]));
      vl_hex start = c;
      assert_int_equal(n, 6 * radius);
      for (i = 0; i < radius; i++) start = vl_hex_neighbor(&g, start, 0);
      assert_true(vl_hex_eq(out[0], start));
      for (i = 0; i < n; i++) {
        assert_int_equal(vl_hex_distance(c, out[i]), radius);
        assert_int_equal(vl_hex_distance(out[i], out[(i + 1) % n]), 1);
        for (j = 0; j < i; j++) assert_false(vl_hex_eq(out[i], out[j]));
      }
      if (radius == 1) {                    /* clockwise: the neighbours in order */
        for (i = 0; i < 6; i++) assert_true(vl_hex_eq(out[i], vl_hex_neighbor(&g, c, i)));
      }
    }
    /* a short buffer gets the first max and the full count */
    assert_int_equal(vl_hex_ring(&g, c, 3, out, 4), 18);
    assert_int_equal(vl_hex_ring(&g, c, 3, NULL, 0), 18);
  }
}

static void ranges_hold_every_hex_within_r_once(void **state) {
  static vl_hex out[1 + 3 * 9 * 10];
  int p, radius, i, q, r;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    vl_hex c = vl_hex_from_offset(&g, 20, 20);
    assert_int_equal(vl_hex_range(&g, c, -1, out, 1), -1);
    for (radius = 0; radius <= 9; radius++) {
      int n = vl_hex_range(&g, c, radius, out, (int)(sizeof out / sizeof out[0])), found = 0;
      assert_int_equal(n, 1 + 3 * radius * (radius + 1));
      assert_true(vl_hex_eq(out[0], c));
      for (i = 1; i < n; i++)                 /* ring by ring outwards */
        assert_true(vl_hex_distance(c, out[i - 1]) <= vl_hex_distance(c, out[i]));
      for (q = c.q - radius - 1; q <= c.q + radius + 1; q++)
        for (r = c.r - radius - 1; r <= c.r + radius + 1; r++) {
          int hits = 0;
          for (i = 0; i < n; i++) hits += vl_hex_eq(out[i], mk(q, r));
          assert_int_equal(hits, vl_hex_distance(c, mk(q, r)) <= radius ? 1 : 0);
          found += hits;
        }
      assert_int_equal(found, n);
    }
    assert_int_equal(vl_hex_range(&g, c, 2, out, 3), 19);
  }
}

/* ---- the line ------------------------------------------------------------------------------ */

/* The nearest centres to the point a + (b - a) num / den, by brute force over a wide square:
** writes 1 or 2 hexes (sorted by vl_hex_cmp) and returns how many (3 at a vertex). */
static int nearest(vl_hex a, vl_hex b, long long num, long long den, vl_hex out[3]) {
  long long pq = a.q * den + (b.q - a.q) * num, pr = a.r * den + (b.r - a.r) * num;
  long long best = -1;
  int n = 0, q, r;
  int q0 = (int)(pq / den), r0 = (int)(pr / den);
  for (q = q0 - 3; q <= q0 + 3; q++)
    for (r = r0 - 3; r <= r0 + 3; r++) {
      long long dq = pq - q * den, dr = pr - r * den, ds = -dq - dr;
      long long d = dq * dq + dr * dr + ds * ds;
      if (best < 0 || d < best) {
        best = d;
        n = 0;
      }
      if (d == best && n < 3) out[n++] = mk(q, r);
    }
  return n;
}

/* Hexes of a step: 1 or 2. */
static int step_hexes(const vl_line_step *s, vl_hex out[2]) {
  out[0] = s->hex;
  out[1] = s->alt;
  return (s->grazing || s->both) ? 2 : 1;
}

/* Consecutive steps: every hex of one adjacent to every hex of the next; a pair adjacent. */
static void assert_chain(const vl_line_step *steps, int n) {
  int i, x, y;
  for (i = 0; i < n; i++) {
    vl_hex u[2], w[2];
    int nu = step_hexes(&steps[i], u), nw;
    assert_false(steps[i].grazing && steps[i].both);
    if (nu == 2) {
      assert_int_equal(vl_hex_distance(u[0], u[1]), 1);
      assert_true(vl_hex_cmp(u[0], u[1]) < 0);
    }
    if (i + 1 == n) break;
    nw = step_hexes(&steps[i + 1], w);
    for (x = 0; x < nu; x++)
      for (y = 0; y < nw; y++) assert_int_equal(vl_hex_distance(u[x], w[y]), 1);
  }
}

static int same_step(const vl_line_step *s, const vl_line_step *t) {
  return vl_hex_eq(s->hex, t->hex) && s->grazing == t->grazing && s->both == t->both &&
         (!(s->grazing || s->both) || vl_hex_eq(s->alt, t->alt));
}

/* Two cube components of the step from a to b equal: a vertex direction. */
static int along_a_vertex_direction(vl_hex a, vl_hex b) {
  int dq = b.q - a.q, dr = b.r - a.r, ds = -dq - dr;
  return !vl_hex_eq(a, b) && (dq == dr || dr == ds || ds == dq);
}

static void check_line(const vl_grid *g, vl_hex a, vl_hex b) {
  static vl_line_step steps[MAXSTEPS], back[MAXSTEPS];
  int n = vl_hex_line(g, a, b, steps, MAXSTEPS), m = vl_hex_line(g, b, a, back, MAXSTEPS), i;
  int dn = vl_hex_distance(a, b);
  assert_int_equal(n, dn + 1);
  assert_int_equal(m, n);
  assert_true(vl_hex_eq(steps[0].hex, a) && !steps[0].grazing && !steps[0].both);
  assert_true(vl_hex_eq(steps[n - 1].hex, b) && !steps[n - 1].grazing && !steps[n - 1].both);
  assert_chain(steps, n);
  for (i = 0; i < n; i++) {
    vl_hex near[3], got[2];
    int k = nearest(a, b, i, dn ? dn : 1, near), j = step_hexes(&steps[i], got);
    assert_true(same_step(&steps[i], &back[n - 1 - i]));  /* the reverse, step for step */
    assert_int_equal(k, j);                               /* brute force: the nearest centres */
    assert_true(vl_hex_eq(near[0], got[0]));
    if (k == 2) {
      assert_true(vl_hex_eq(near[1], got[1]));
      assert_int_equal(steps[i].grazing, along_a_vertex_direction(a, b));
    }
  }
}

static void lines_run_centre_to_centre_in_distance_plus_one_steps(void **state) {
  unsigned s = 7;
  int p, i, q, r;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    vl_hex o = vl_hex_from_offset(&g, 30, 30);
    for (q = -14; q <= 14; q++)             /* every target within a square around o */
      for (r = -14; r <= 14; r++) check_line(&g, o, mk(o.q + q, o.r + r));
    for (i = 0; i < 3000; i++) {             /* and long lines anywhere */
      vl_hex a = vl_hex_from_offset(&g, pick(&s, -20, 120), pick(&s, -20, 120));
      vl_hex b = vl_hex_from_offset(&g, pick(&s, -20, 120), pick(&s, -20, 120));
      check_line(&g, a, b);
    }
  }
}

static void a_line_along_hexsides_grazes_every_other_step(void **state) {
  /* Flat-top odd-columns-down: 0101 and 0501 sit at one height (odd columns), so the line
  ** between them runs along the hexsides 0201/0202 and 0401/0402. */
  vl_grid g = grid_words("flat-top", "odd-columns-down");
  vl_line_step st[16];
  char l1[VL_HEX_LABEL_MAX], l2[VL_HEX_LABEL_MAX];
  int n = vl_hex_line(&g, H(&g, "0101"), H(&g, "0501"), st, 8), i;
  (void)state;
  assert_int_equal(n, 5);
  for (i = 0; i < n; i++) assert_int_equal(st[i].grazing, i % 2);
  vl_hex_format(&g, st[1].hex, l1, sizeof l1);
  vl_hex_format(&g, st[1].alt, l2, sizeof l2);
  assert_string_equal(l1, "0201");
  assert_string_equal(l2, "0202");
  vl_hex_format(&g, st[2].hex, l1, sizeof l1);
  assert_string_equal(l1, "0301");
  vl_hex_format(&g, st[3].hex, l1, sizeof l1);
  vl_hex_format(&g, st[3].alt, l2, sizeof l2);
  assert_string_equal(l1, "0401");
  assert_string_equal(l2, "0402");
  /* the same line on even-columns-down is one row lower in the odd columns: 0102 to 0502 */
  g = grid_words("flat-top", "even-columns-down");
  n = vl_hex_line(&g, H(&g, "0102"), H(&g, "0502"), st, 8);
  assert_int_equal(n, 5);
  vl_hex_format(&g, st[1].hex, l1, sizeof l1);
  vl_hex_format(&g, st[1].alt, l2, sizeof l2);
  assert_string_equal(l1, "0201");
  assert_string_equal(l2, "0202");
  /* in all six vertex directions, from any hex */
  for (i = 0; i < 6; i++) {
    vl_hex a = H(&g, "2020"), b = vl_hex_neighbor(&g, vl_hex_neighbor(&g, a, i), i + 1);
    int k;
    for (k = 0; k < 3; k++) b = vl_hex_neighbor(&g, vl_hex_neighbor(&g, b, i), i + 1);
    n = vl_hex_line(&g, a, b, st, 16);
    assert_int_equal(n, 9);
    for (k = 0; k < n; k++) assert_int_equal(st[k].grazing, k % 2);
  }
}

static void a_line_crossing_a_hexside_at_a_step_gives_both_hexes(void **state) {
  /* axial (0,0) to (-7,-5), distance 12: its middle point (-3.5, -2.5) is the midpoint of the
  ** hexside between (-4,-2) and (-3,-3), which the segment crosses there. */
  vl_grid g = vl_grid_default();
  vl_line_step st[16];
  int n = vl_hex_line(&g, mk(10, 10), mk(3, 5), st, 16);
  (void)state;
  assert_int_equal(n, 13);
  assert_int_equal(st[6].both, 1);
  assert_int_equal(st[6].grazing, 0);
  assert_true(vl_hex_eq(st[6].hex, mk(6, 8)) && vl_hex_eq(st[6].alt, mk(7, 7)));
}

static void a_short_buffer_gets_the_first_steps_and_the_full_count(void **state) {
  vl_grid g = vl_grid_default();
  vl_line_step st[3];
  (void)state;
  assert_int_equal(vl_hex_line(&g, mk(0, 0), mk(9, 0), st, 3), 10);
  assert_true(vl_hex_eq(st[2].hex, mk(2, 0)));
  assert_int_equal(vl_hex_line(&g, mk(0, 0), mk(9, 0), NULL, 0), 10);
  assert_int_equal(vl_hex_line(&g, mk(4, 4), mk(4, 4), st, 3), 1);
  assert_true(vl_hex_eq(st[0].hex, mk(4, 4)));
  assert_int_equal(vl_hex_trace(&g, mk(0, 0), mk(-7, 1), NULL, 0), 10);
}

/* ---- the trace ----------------------------------------------------------------------------- */

static int trace_has(const vl_line_step *steps, int n, vl_hex h) {
  int i;
  for (i = 0; i < n; i++)
    if (!steps[i].grazing && vl_hex_eq(steps[i].hex, h)) return 1;
  return 0;
}

/* Whether the segment from the centre of a to that of b runs through the inside of cell h
** for a stretch of positive length: the cell is { p : p.d <= h.d + 1 } over the six unit
** steps d (cube dot products, d.d = 2), which bounds the segment's parameter t from below or
** above on each side; the stretch is what is left of [0, 1]. */
static int crosses_inside(vl_hex a, vl_hex b, vl_hex h) {
  static const int steps[6][2] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};
  long long nq = b.q - a.q, nr = b.r - a.r, cq = h.q - a.q, cr = h.r - a.r;
  long long lo_n = 0, lo_d = 1, hi_n = 1, hi_d = 1;  /* t in (lo, hi) */
  int k;
  for (k = 0; k < 6; k++) {
    long long dq = steps[k][0], dr = steps[k][1];
    long long den = nq * dq + nr * dr + (nq + nr) * (dq + dr);
    long long num = 1 + cq * dq + cr * dr + (cq + cr) * (dq + dr);
    if (den == 0) {
      if (num <= 0) return 0;                /* parallel and not strictly inside */
    } else if (den > 0) {
      if (num * hi_d < hi_n * den) {
        hi_n = num;
        hi_d = den;
      }
    } else {
      if (-num * lo_d > lo_n * -den) {
        lo_n = -num;
        lo_d = -den;
      }
    }
  }
  return lo_n * hi_d < hi_n * lo_d;
}

static void check_trace(const vl_grid *g, vl_hex a, vl_hex b) {
  static vl_line_step steps[MAXSTEPS], back[MAXSTEPS], line[MAXSTEPS];
  int n = vl_hex_trace(g, a, b, steps, MAXSTEPS), m = vl_hex_trace(g, b, a, back, MAXSTEPS);
  int dn = vl_hex_distance(a, b), nl = vl_hex_line(g, a, b, line, MAXSTEPS), i, j;
  long long den;
  assert_int_equal(m, n);
  assert_true(n >= dn + 1 && n <= 2 * dn + 1);
  assert_true(vl_hex_eq(steps[0].hex, a) && vl_hex_eq(steps[n - 1].hex, b));
  assert_chain(steps, n);
  for (i = 0; i < n; i++) {
    assert_int_equal(steps[i].both, 0);
    assert_true(same_step(&steps[i], &back[n - 1 - i]));
    for (j = 0; j < i; j++) assert_false(same_step(&steps[i], &steps[j]));  /* no revisits */
    if (steps[i].grazing) assert_true(along_a_vertex_direction(a, b));
    else assert_true(crosses_inside(a, b, steps[i].hex));  /* no hex it does not enter */
  }
  /* The line's hexes lie on the segment, so the trace holds them: hexes as hexes, grazes as
  ** the same grazes, and both hexes of a crossed hexside. */
  for (i = 0; i < nl; i++) {
    if (line[i].grazing) {
      int found = 0;
      for (j = 0; j < n; j++) found |= same_step(&line[i], &steps[j]);
      assert_true(found);
    } else {
      assert_true(trace_has(steps, n, line[i].hex));
      if (line[i].both) assert_true(trace_has(steps, n, line[i].alt));
    }
  }
  /* Dense sampling: every cell a sample point falls in (off any hexside) is a hex step. */
  den = 31 * (dn ? dn : 1);
  for (i = 0; i <= den; i++) {
    vl_hex near[3];
    if (nearest(a, b, i, den, near) == 1) assert_true(trace_has(steps, n, near[0]));
  }
}

static void traces_hold_every_hex_the_segment_passes_through(void **state) {
  unsigned s = 11;
  int p, i, q, r;
  (void)state;
  for (p = 0; p < 4; p++) {
    vl_grid g = grid_of(p, 2);
    vl_hex o = vl_hex_from_offset(&g, 30, 30);
    for (q = -12; q <= 12; q++)
      for (r = -12; r <= 12; r++) check_trace(&g, o, mk(o.q + q, o.r + r));
    for (i = 0; i < 200; i++) {
      vl_hex a = vl_hex_from_offset(&g, pick(&s, 0, 40), pick(&s, 0, 40));
      vl_hex b = vl_hex_from_offset(&g, pick(&s, 0, 40), pick(&s, 0, 40));
      check_trace(&g, a, b);
    }
  }
}

static void a_trace_zigzags_where_the_line_does_not(void **state) {
  /* axial (0,0) to (-7,1): the segment runs close to the row (0,0) (-1,0) ... and crosses
  ** the zigzag edge between two rows four times, where the hex line takes one step. */
  static const int want[10][2] = {{0, 0}, {-1, 0}, {-2, 0}, {-3, 1}, {-3, 0},
                                  {-4, 1}, {-4, 0}, {-5, 1}, {-6, 1}, {-7, 1}};
  vl_grid g = vl_grid_default();
  vl_line_step st[16];
  int n = vl_hex_trace(&g, mk(0, 0), mk(-7, 1), st, 16), i;
  (void)state;
  assert_int_equal(n, 10);
  for (i = 0; i < n; i++) {
    assert_false(st[i].grazing);
    assert_true(vl_hex_eq(st[i].hex, mk(want[i][0], want[i][1])));
  }
  assert_int_equal(vl_hex_line(&g, mk(0, 0), mk(-7, 1), st, 16), 8);
}

static void a_trace_through_a_vertex_skips_the_hex_it_only_touches(void **state) {
  /* axial (0,0) to (4,-5): at t = 1/3 the segment meets the vertex of (1,-1), (2,-2) and
  ** (1,-2) (cube (4/3, -5/3, 1/3), their centroid) and goes straight from (1,-1) into (2,-2);
  ** (1,-2) shares one point with it and is no step. */
  static const int want[6][2] = {{0, 0}, {1, -1}, {2, -2}, {2, -3}, {3, -4}, {4, -5}};
  vl_grid g = vl_grid_default();
  vl_line_step st[16];
  int n = vl_hex_trace(&g, mk(0, 0), mk(4, -5), st, 16), i;
  (void)state;
  assert_int_equal(n, 6);
  for (i = 0; i < n; i++) {
    assert_false(st[i].grazing);
    assert_true(vl_hex_eq(st[i].hex, mk(want[i][0], want[i][1])));
  }
  n = vl_hex_trace(&g, mk(4, -5), mk(0, 0), st, 16);
  assert_int_equal(n, 6);
  assert_true(vl_hex_eq(st[4].hex, mk(1, -1)));
}

/* ---- facing words -------------------------------------------------------------------------- */

static void facing(const vl_grid *g, const char *at, const char *text, int kind, int index) {
  vl_facing_kind k;
  int i = -1;
  vl_error err;
  if (vl_facing_parse(g, H(g, at), text, &k, &i, &err) != VL_OK) fail_msg("%s: %s", text, err.msg);
  assert_int_equal((int)k, kind);
  assert_int_equal(i, index);
}

static void refused(const vl_grid *g, const char *at, const char *text, const char *msg) {
  vl_facing_kind k;
  int i;
  vl_error err;
  assert_int_equal(vl_facing_parse(g, H(g, at), text, &k, &i, &err), VL_EPARSE);
  assert_string_equal(err.msg, msg);
}

static void facing_words_follow_the_layout(void **state) {
  vl_grid f = vl_grid_default(), pt = grid_words("pointy-top", "odd-rows-right");
  int i;
  (void)state;
  for (i = 0; i < 6; i++) {
    facing(&f, "3123", vl_hexside_word(&f, i), VL_FACING_HEXSIDE, i);
    facing(&f, "3123", vl_vertex_word(&f, i), VL_FACING_VERTEX, i);
    facing(&pt, "3123", vl_hexside_word(&pt, i), VL_FACING_HEXSIDE, i);
    facing(&pt, "3123", vl_vertex_word(&pt, i), VL_FACING_VERTEX, i);
    assert_int_equal(vl_hexside_dir(&f, vl_hexside_word(&f, i)), i);
    assert_int_equal(vl_vertex_index(&pt, vl_vertex_word(&pt, i)), i);
  }
  assert_null(vl_hexside_word(&f, 6));
  assert_null(vl_vertex_word(&f, -1));
  assert_string_equal(vl_hexside_word(&f, 0), "N");
  assert_string_equal(vl_hexside_word(&pt, 1), "E");
  assert_string_equal(vl_vertex_word(&f, 5), "NW/N");
  assert_string_equal(vl_vertex_word(&pt, 5), "NW/NE");
  facing(&f, "3123", "E", VL_FACING_VERTEX, 1);   /* NE/SE */
  facing(&f, "3123", "W", VL_FACING_VERTEX, 4);   /* SW/NW */
  facing(&pt, "3123", "N", VL_FACING_VERTEX, 5);  /* NW/NE */
  facing(&pt, "3123", "S", VL_FACING_VERTEX, 2);  /* SE/SW */
  facing(&f, "3123", "  n/ne ", VL_FACING_VERTEX, 0);
  facing(&f, "3123", "sw", VL_FACING_HEXSIDE, 4);
  assert_int_equal(vl_hexside_dir(&f, "E"), -1);
  assert_int_equal(vl_vertex_index(&f, "E"), 1);
  assert_int_equal(vl_vertex_index(&f, "NE/N"), -1);
  assert_int_equal(vl_vertex_index(&f, "N"), -1);
}

static void facing_toward_a_neighbour_or_two(void **state) {
  vl_grid f = vl_grid_default(), e = grid_words("flat-top", "even-columns-down");
  (void)state;
  facing(&f, "3123", "toward 3224", VL_FACING_HEXSIDE, 2);        /* SE */
  facing(&f, "3123", "toward 3122", VL_FACING_HEXSIDE, 0);        /* N */
  facing(&f, "3123", "toward 3122/3223", VL_FACING_VERTEX, 0);    /* N/NE */
  facing(&f, "3123", "toward 3223/3122", VL_FACING_VERTEX, 0);    /* either order */
  facing(&f, "3123", "Toward  3024/3023", VL_FACING_VERTEX, 4);   /* SW/NW */
  facing(&e, "1040", "toward 0941", VL_FACING_HEXSIDE, 4);        /* Jackson's bridge: SW */
}

static void facings_are_refused_with_a_reason(void **state) {
  vl_grid f = vl_grid_default(), pt = grid_words("pointy-top", "odd-rows-right");
  (void)state;
  refused(&f, "3123", "NE/N", "invalid facing 'NE/N': a vertex is written clockwise, N/NE");
  refused(&f, "3123", "N/S", "invalid facing 'N/S': N and S do not meet at a vertex");
  refused(&f, "3123", "up", "unknown facing 'up': expected a hexside (N NE SE S SW NW), a vertex "
          "(N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or toward <hex>[/<hex>]");
  refused(&pt, "3123", "N/NE", "unknown facing 'N/NE': expected a hexside (NE E SE SW W NW), a "
          "vertex (NE/E E/SE SE/SW SW/W W/NW NW/NE, or N S) or toward <hex>[/<hex>]");
  refused(&f, "3123", "", "unknown facing '': expected a hexside (N NE SE S SW NW), a vertex "
          "(N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or toward <hex>[/<hex>]");
  refused(&f, "3123", "toward 3325", "invalid facing 'toward 3325': 3325 is not adjacent to 3123");
  refused(&f, "3123", "toward 3224/3325",
          "invalid facing 'toward 3224/3325': 3325 is not adjacent to 3123");
  refused(&f, "3123", "toward 3122/3124",
          "invalid facing 'toward 3122/3124': the two hexes do not meet at a vertex of 3123");
  refused(&f, "3123", "toward 31x2",
          "invalid facing 'toward 31x2': invalid hex label '31x2': expected 4 digits");
  refused(&f, "3123", "toward ",
          "unknown facing 'toward ': expected a hexside (N NE SE S SW NW), a vertex "
          "(N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or toward <hex>[/<hex>]");
  refused(&f, "3123", "toward 3122/3223/3224",
          "invalid facing 'toward 3122/3223/3224': expected toward <hex> or toward <hex>/<hex>");
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(rough_and_ready_pairs_are_adjacent_on_odd_columns_down),
    cmocka_unit_test(buena_vista_pairs_are_adjacent_on_odd_columns_down),
    cmocka_unit_test(jackson_pairs_are_adjacent_on_even_columns_down),
    cmocka_unit_test(each_parity_fact_fails_on_the_other_parity),
    cmocka_unit_test(labels_round_trip_in_every_layout),
    cmocka_unit_test(offsets_round_trip_for_negative_parts_too),
    cmocka_unit_test(the_layouts_shift_the_parity_they_name),
    cmocka_unit_test(labels_refuse_what_is_not_their_shape),
    cmocka_unit_test(grids_are_built_from_the_words_of_map_ini),
    cmocka_unit_test(distance_is_a_metric),
    cmocka_unit_test(distance_counts_the_steps_of_a_shortest_walk),
    cmocka_unit_test(neighbours_are_at_distance_one_and_name_their_direction),
    cmocka_unit_test(hexsides_are_named_alike_from_both_sides),
    cmocka_unit_test(hexside_ids_read_either_order_and_refuse_strangers),
    cmocka_unit_test(vertices_are_shared_by_exactly_their_three_hexes),
    cmocka_unit_test(every_vertex_of_a_patch_is_counted_three_times),
    cmocka_unit_test(vertex_ids_name_three_labels),
    cmocka_unit_test(rings_hold_six_r_hexes_clockwise_from_the_first_side),
    cmocka_unit_test(ranges_hold_every_hex_within_r_once),
    cmocka_unit_test(lines_run_centre_to_centre_in_distance_plus_one_steps),
    cmocka_unit_test(a_line_along_hexsides_grazes_every_other_step),
    cmocka_unit_test(a_line_crossing_a_hexside_at_a_step_gives_both_hexes),
    cmocka_unit_test(a_short_buffer_gets_the_first_steps_and_the_full_count),
    cmocka_unit_test(traces_hold_every_hex_the_segment_passes_through),
    cmocka_unit_test(a_trace_zigzags_where_the_line_does_not),
    cmocka_unit_test(a_trace_through_a_vertex_skips_the_hex_it_only_touches),
    cmocka_unit_test(facing_words_follow_the_layout),
    cmocka_unit_test(facing_toward_a_neighbour_or_two),
    cmocka_unit_test(facings_are_refused_with_a_reason),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
