/*
** test_map_lines.c -- map.ini's hexside lines (docs/formats.md "Hexside lines"): `river = line
** 0301 0302 | 0401 0402` marks every hexside between the hexes named on the two sides, the same
** hexsides the pairs would; a line spans continuation lines and mixes with pairs; each refusal
** (a gap in a side, a hex touching nothing across, a hex on both sides, a side missing, a stray
** '|', a hexside marked twice) names the file and line.
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

#include "volley/map.h"

#define HEAD "[map]\nsystem = rough_and_ready\nlayout = flat-top\nparity = odd-columns-down\n" \
             "columns = 01-06\nrows = 01-05\nprovenance = test\n[terrain]\n01 = c c c c c c\n" \
             "02 = c c c c c c\n03 = c c c c c c\n04 = c c c c c c\n05 = c c c c c c\n"
#define HEAD_LINES 13

typedef struct {
  char dir[64];
  char path[128];
} tmpmap;

/* Writes HEAD then text to a fresh map.ini and loads it (NULL with err set on refusal). */
static vl_map *load_text(tmpmap *t, const char *text, vl_error *err) {
  FILE *f;
  vl_path *p = vl_path_new(NULL, NULL, ".");
  vl_map *m;
  snprintf(t->dir, sizeof t->dir, "/tmp/volley-test-lines-XXXXXX");
  assert_non_null(mkdtemp(t->dir));
  snprintf(t->path, sizeof t->path, "%s/map.ini", t->dir);
  f = fopen(t->path, "w");
  assert_non_null(f);
  fputs(HEAD, f);
  fputs(text, f);
  fclose(f);
  assert_non_null(p);
  memset(err, 0, sizeof *err);
  m = vl_map_load(t->path, p, err);
  vl_path_free(p);
  return m;
}

static void done(tmpmap *t) {
  unlink(t->path);
  rmdir(t->dir);
}

static vl_hex H(const vl_map *m, const char *label) {
  vl_hex h;
  vl_error e;
  assert_int_equal(vl_hex_parse(vl_map_grid(m), label, &h, &e), VL_OK);
  return h;
}

/* The features of every hexside of the map, in one text: "0301/0401:1 ..." for each hexside
** that has any, each hexside once (from the hex first in label order). */
static void sides_text(const vl_map *m, char *buf, size_t n) {
  size_t i, used = 0;
  int d;
  buf[0] = '\0';
  for (i = 0; i < vl_map_hex_count(m); i++) {
    vl_hex a = vl_map_hex_at(m, i);
    for (d = 0; d < 6; d++) {
      vl_hex b = vl_hex_neighbor(vl_map_grid(m), a, d);
      uint32_t f = 0;
      char x[16], y[16];
      if (vl_map_hexside(m, a, b, &f, NULL) != VL_OK || f == 0) continue;
      vl_hex_format(vl_map_grid(m), a, x, sizeof x);
      vl_hex_format(vl_map_grid(m), b, y, sizeof y);
      if (strcmp(x, y) > 0) continue;
      used += (size_t)snprintf(buf + used, n - used, "%s%s/%s:%u", used ? " " : "", x, y,
                               (unsigned)f);
      assert_true(used < n);
    }
  }
}

/* A stream down the boundary of columns 03 and 04: the two columns' hexes give the seven
** hexsides the pairs give, and no other. */
static void a_line_marks_the_hexsides_between_its_two_sides(void **state) {
  tmpmap a, b;
  vl_error err;
  vl_map *line, *pairs;
  char x[1024], y[1024];
  uint32_t f;
  (void)state;
  line = load_text(&a, "[hexsides]\nriver = line 0301 0302 0303 0304 | 0401 0402 0403 0404\n",
                   &err);
  assert_non_null(line);
  pairs = load_text(&b, "[hexsides]\nriver = 0301/0401 0301/0402 0302/0402 0302/0403 0303/0403"
                        " 0303/0404 0304/0404\n", &err);
  assert_non_null(pairs);
  sides_text(line, x, sizeof x);
  sides_text(pairs, y, sizeof y);
  assert_string_equal(x, y);
  assert_int_equal(vl_map_hexside(line, H(line, "0304"), H(line, "0405"), &f, NULL), VL_OK);
  assert_int_equal(f, 0);  /* past the line's end */
  vl_map_free(line);
  vl_map_free(pairs);
  done(&a);
  done(&b);
}

/* A line that goes on over continuation lines (the '|' on one of them), between pairs of the
** same key and a second line; and a ridge along a row. */
static void lines_span_continuations_and_mix_with_pairs(void **state) {
  tmpmap a, b;
  vl_error err;
  vl_map *line, *pairs;
  char x[1024], y[1024];
  (void)state;
  line = load_text(&a, "[hexsides]\nriver = 0101/0102 line 0301 0302\n"
                       "  0303 | 0401\n  0402 0403 0404\n  0505/0605\n"
                       "wall = line 0101 0201 0301 | 0102 0202 0302\n", &err);
  assert_non_null(line);
  pairs = load_text(&b, "[hexsides]\nriver = 0101/0102 0301/0401 0301/0402 0302/0402 0302/0403"
                        " 0303/0403 0303/0404 0505/0605\n"
                        "wall = 0101/0102 0101/0202 0201/0202 0301/0202 0301/0302\n", &err);
  assert_non_null(pairs);
  sides_text(line, x, sizeof x);
  sides_text(pairs, y, sizeof y);
  assert_string_equal(x, y);
  vl_map_free(line);
  vl_map_free(pairs);
  done(&a);
  done(&b);
}

static void a_broken_line_is_refused_with_its_line(void **state) {
  static const struct {
    const char *text;
    int line;
    const char *msg;
  } cases[] = {
    {"[hexsides]\nriver = line 0301 0303 | 0401 0402\n", 2,
     "line: 0301 and 0303 are not adjacent (the hexes on each side of a line are a path, each "
     "next to the one before)"},
    {"[hexsides]\nriver = line 0301 0302\n  0303 | 0401 0402\n", 2,
     "line: hex 0303 touches no hex across the line (the hexes after '|' must be its "
     "neighbours)"},
    {"[hexsides]\nriver = line 0301 | 0401 0501\n", 2,
     "line: hex 0501 touches no hex across the line (the hexes before '|' must be its "
     "neighbours)"},
    {"[hexsides]\nriver = line 0301 0302 | 0402 0302\n", 2,
     "line: hex 0302 is named twice"},
    {"[hexsides]\nriver = line 0301 0302\nford = 0101/0102\n", 2,
     "line: give the hexes on both sides of the line, 'line 0304 0305 | 0404 0405'"},
    {"[hexsides]\nriver = line | 0401\n[roads]\nroad = 0101 0102\n", 2,
     "line: give the hexes on both sides of the line, 'line 0304 0305 | 0404 0405'"},
    {"[hexsides]\nriver = 0301 | 0401\n", 2, "bad hexside '0301' (two adjacent hexes: 2014/2015)"},
    {"[hexsides]\nriver = 0301/0401 |\n", 2, "'|' outside a line (line 0304 0305 | 0404 0405)"},
    {"[hexsides]\nriver = line 0301 | 0401 | 0402\n", 2, "a line has one '|'"},
    {"[hexsides]\nriver = 0302/0402\n  line 0301 0302 | 0401 0402\n", 3,
     "hexside 0302/0402 is already river"},
    {"[hexsides]\nriver = line 0301 0302 | 0401 0499\n", 2,
     "hex 0499 is outside the map (columns 01-06, rows 01-05)"},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tmpmap t;
    vl_error err;
    assert_null(load_text(&t, cases[i].text, &err));
    assert_string_equal(err.file, t.path);
    assert_int_equal(err.line, HEAD_LINES + cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
    done(&t);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(a_line_marks_the_hexsides_between_its_two_sides),
    cmocka_unit_test(lines_span_continuations_and_mix_with_pairs),
    cmocka_unit_test(a_broken_line_is_refused_with_its_line),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
