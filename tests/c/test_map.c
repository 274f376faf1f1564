/*
** test_map.c -- map.ini: the sample map's terrain, elevation, hexsides, roads, places, edges,
** tracks and boxes as the file gives them; sorted orders; the terrain layers; refusals with
** file, line and code; north and pointy-top grids from maps written on the fly.
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

#define SAMPLE "tests/data/maps/sample.ini"

/* The data path of the tests: the source tree they run in. */
static vl_path *data_path(void) { return vl_path_new(NULL, NULL, "."); }

static vl_map *load(const char *path, vl_error *err) {
  vl_path *p = data_path();
  vl_map *m;
  assert_non_null(p);
  memset(err, 0, sizeof *err);
  m = vl_map_load(path, p, err);
  vl_path_free(p);
  return m;
}

static vl_hex H(const vl_map *m, const char *label) {
  vl_hex h;
  vl_error e;
  assert_int_equal(vl_hex_parse(vl_map_grid(m), label, &h, &e), VL_OK);
  return h;
}

/* The label of h, in a static buffer of 4 (one per call in an expression). */
static const char *L(const vl_map *m, vl_hex h) {
  static char buf[4][16];
  static int k;
  k = (k + 1) % 4;
  assert_true(vl_hex_format(vl_map_grid(m), h, buf[k], sizeof buf[k]) > 0);
  return buf[k];
}

/* The labels of a list joined by spaces. */
static const char *labels(const vl_map *m, const vl_map_hexes *l) {
  static char buf[1024];
  size_t i, n = 0;
  buf[0] = '\0';
  for (i = 0; i < l->n; i++)
    n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? " " : "", L(m, l->hexes[i]));
  return buf;
}

static const char *code_at(const vl_map *m, const char *label) {
  return vl_map_terrain(m, H(m, label))->id;
}

static int elev_at(const vl_map *m, const char *label) {
  int h = -99;
  assert_int_equal(vl_map_elevation(m, H(m, label), &h), VL_OK);
  return h;
}

/* The ids of the bits of mask among types of kind, joined by spaces. */
static const char *bits(const vl_map *m, vl_terrain_kind kind, uint32_t mask) {
  static char buf[256];
  const vl_terrain *t = vl_map_terrain_table(m);
  size_t i, n = 0;
  buf[0] = '\0';
  for (i = 0; i < vl_terrain_count(t, kind); i++)
    if (mask & ((uint32_t)1 << i))
      n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", n ? " " : "",
                            vl_terrain_type_at(t, kind, i)->id);
  return buf;
}

static void sample_header(void **state) {
  vl_error err;
  vl_map *m = load(SAMPLE, &err);
  int c0, c1, r0, r1;
  (void)state;
  assert_non_null(m);
  assert_string_equal(vl_map_path(m), SAMPLE);
  assert_string_equal(vl_map_system(m), "rough_and_ready");
  assert_string_equal(vl_map_provenance(m), "designed for volley's tests (tests/data/maps/"
                      "sample.ini), not a published map; used by the map, LOS and movement tests");
  vl_map_bounds(m, &c0, &c1, &r0, &r1);
  assert_int_equal(c0, 1);
  assert_int_equal(c1, 20);
  assert_int_equal(r0, 1);
  assert_int_equal(r1, 15);
  assert_int_equal(vl_map_grid(m)->layout, VL_FLAT_TOP);
  assert_int_equal(vl_map_grid(m)->parity, VL_ODD_COLUMNS_DOWN);
  assert_int_equal(vl_map_grid(m)->digits, 2);
  assert_int_equal(vl_map_north_edge(m), VL_NORTH_TOP);
  assert_int_equal(vl_map_text_row(m), 1);
  vl_map_free(m);
}

static void sample_hexes_terrain_and_elevation(void **state) {
  vl_error err;
  vl_map *m = load(SAMPLE, &err);
  int h;
  (void)state;
  assert_non_null(m);
  assert_int_equal(vl_map_hex_count(m), 300);
  assert_string_equal(L(m, vl_map_hex_at(m, 0)), "0101");  /* label order: column, then row */
  assert_string_equal(L(m, vl_map_hex_at(m, 1)), "0102");
  assert_string_equal(L(m, vl_map_hex_at(m, 15)), "0201");
  assert_string_equal(L(m, vl_map_hex_at(m, 299)), "2015");
  assert_true(vl_map_contains(m, H(m, "2015")));
  assert_false(vl_map_contains(m, H(m, "2016")));
  assert_false(vl_map_contains(m, H(m, "0001")));
  assert_string_equal(code_at(m, "0101"), "w");
  assert_string_equal(code_at(m, "0607"), "h");
  assert_string_equal(code_at(m, "1111"), "l");
  assert_string_equal(code_at(m, "0914"), "rw");   /* row 14 continues on an indented line */
  assert_string_equal(code_at(m, "1214"), "rw");
  assert_string_equal(code_at(m, "1914"), "ch");
  assert_string_equal(code_at(m, "2014"), "c");
  assert_string_equal(vl_map_terrain(m, H(m, "0101"))->name, "Light Woods");
  assert_null(vl_map_terrain(m, H(m, "2101")));
  assert_int_equal(vl_map_terrain_index(m, H(m, "2101")), -1);
  assert_int_equal(elev_at(m, "0101"), 2);  /* level 1 */
  assert_int_equal(elev_at(m, "1604"), 6);  /* the hilltop, level 3 */
  assert_int_equal(elev_at(m, "1503"), 5);  /* a slope, 2.5 */
  assert_int_equal(elev_at(m, "1304"), 3);  /* a slope, 1.5 */
  assert_int_equal(elev_at(m, "0714"), 0);  /* the resaca */
  assert_int_equal(vl_map_elevation(m, H(m, "2101"), &h), VL_EINVAL);
  vl_map_free(m);
}

static void sample_hexsides_and_roads(void **state) {
  vl_error err;
  vl_map *m = load(SAMPLE, &err);
  uint32_t f, r;
  (void)state;
  assert_non_null(m);
  assert_int_equal(vl_map_hexside(m, H(m, "1008"), H(m, "1108"), &f, &r), VL_OK);
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "bridge stream");
  assert_string_equal(bits(m, VL_TERRAIN_ROAD, r), "road");
  assert_int_equal(vl_map_hexside(m, H(m, "1108"), H(m, "1008"), &f, &r), VL_OK);  /* either way */
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "bridge stream");
  assert_string_equal(bits(m, VL_TERRAIN_ROAD, r), "road");
  assert_int_equal(vl_map_hexside(m, H(m, "1104"), H(m, "1004"), &f, &r), VL_OK);
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "ford stream");
  assert_string_equal(bits(m, VL_TERRAIN_ROAD, r), "trail");
  assert_int_equal(vl_map_hexside(m, H(m, "1015"), H(m, "1115"), &f, &r), VL_OK);
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "stream");  /* a continuation line */
  assert_int_equal(r, 0);
  assert_int_equal(vl_map_hexside(m, H(m, "1005"), H(m, "1006"), &f, &r), VL_OK);
  assert_int_equal(f, 0);  /* the stream runs between columns 10 and 11, not across 10 */
  assert_int_equal(vl_map_hexside(m, H(m, "0607"), H(m, "0606"), &f, NULL), VL_OK);
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "wall");
  assert_int_equal(vl_map_hexside(m, H(m, "1805"), H(m, "1806"), &f, NULL), VL_OK);
  assert_string_equal(bits(m, VL_TERRAIN_HEXSIDE, f), "spur");
  assert_int_equal(vl_map_hexside(m, H(m, "1008"), H(m, "1208"), &f, &r), VL_EINVAL);
  assert_int_equal(vl_map_hexside(m, H(m, "2008"), H(m, "2108"), &f, &r), VL_OK);  /* edge */
  assert_int_equal(f | r, 0);
  assert_int_equal(vl_map_road_count(m), 2);
  assert_string_equal(vl_map_road_at(m, 0)->name, "road");
  assert_string_equal(labels(m, vl_map_road_at(m, 0)),
                      "0108 0208 0308 0408 0508 0608 0708 0808 0908 1008 1108 1208 1308 1408 "
                      "1508 1608 1708 1808 1908 2008");
  assert_string_equal(vl_map_road_at(m, 1)->name, "trail.north");
  assert_string_equal(vl_terrain_type_at(vl_map_terrain_table(m), VL_TERRAIN_ROAD,
                                         (size_t)vl_map_road_at(m, 1)->kind)->id, "trail");
  assert_string_equal(labels(m, vl_map_road_at(m, 1)),
                      "0801 0802 0803 0903 1004 1104 1204 1205 1305 1306 1307 1308");
  vl_map_free(m);
}

static void sample_places_edges_tracks_boxes(void **state) {
  vl_error err;
  vl_map *m = load(SAMPLE, &err);
  const vl_track *t;
  size_t i;
  char buf[256];
  int n = 0;
  (void)state;
  assert_non_null(m);
  assert_int_equal(vl_map_place_count(m), 4);
  assert_string_equal(vl_map_place_at(m, 0)->name, "crossing");  /* sorted by name */
  assert_string_equal(vl_map_place_at(m, 3)->name, "resaca");
  assert_string_equal(labels(m, vl_map_place(m, "rancho")), "0607 0707");
  assert_string_equal(labels(m, vl_map_place(m, "resaca")), "0714 0814 0914 1014 1114 1214 1314");
  assert_null(vl_map_place(m, "nowhere"));
  assert_int_equal(vl_map_edge_count(m), 11);
  for (i = 0; i < vl_map_edge_count(m); i++)
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%s ", vl_map_edge_at(m, i)->name);
  assert_string_equal(buf, "bottom east east-road left north north-trail right south top west "
                           "west-road ");
  assert_string_equal(labels(m, vl_map_edge(m, "west")),
                      "0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 0113 0114 0115");
  assert_string_equal(labels(m, vl_map_edge(m, "north")), labels(m, vl_map_edge(m, "top")));
  assert_int_equal(vl_map_edge(m, "south")->n, 20);
  assert_string_equal(L(m, vl_map_edge(m, "south")->hexes[19]), "2015");
  assert_string_equal(labels(m, vl_map_edge(m, "east-road")), "2007 2008 2009");
  t = vl_map_track(m, "saltillo");
  assert_non_null(t);
  assert_int_equal(vl_map_track_count(m), 1);
  assert_int_equal(t->nspaces, 7);
  assert_string_equal(t->spaces[0], "A");
  assert_string_equal(t->spaces[6], "G");
  assert_int_equal(vl_map_track_space(t, "E"), 4);
  assert_int_equal(vl_map_track_space(t, "H"), -1);
  assert_int_equal(t->nadjacent, 7);  /* A-B ... F-G and the branch C/E */
  assert_int_equal(t->adjacent[2][0], 2);
  assert_int_equal(t->adjacent[2][1], 3);
  assert_int_equal(t->adjacent[3][0], 2);  /* C/E */
  assert_int_equal(t->adjacent[3][1], 4);
  assert_int_equal(t->nlinks, 3);
  assert_string_equal(t->spaces[t->links[0].space], "G");
  assert_string_equal(L(m, t->links[0].hex), "2007");
  assert_string_equal(L(m, t->links[2].hex), "2009");
  assert_int_equal(vl_map_box_count(m), 2);
  assert_string_equal(vl_map_box_id(m, 0), "reserve");
  assert_string_equal(vl_map_box(m, "set-aside"), "Set Aside");
  assert_null(vl_map_box(m, "elsewhere"));
  vl_map_free(m);
}

static void sample_terrain_layers(void **state) {
  vl_error err;
  vl_map *m = load(SAMPLE, &err);
  const vl_terrain *t;
  const vl_terrain_type *g;
  (void)state;
  assert_non_null(m);
  t = vl_map_terrain_table(m);
  g = vl_terrain_type_at(t, VL_TERRAIN_HEX,
                         (size_t)vl_terrain_find(t, VL_TERRAIN_HEX, "g", 1));
  assert_string_equal(g->name, "Tall Grass");
  assert_int_equal(g->height, 1);  /* the scenario layer's 0.5 level */
  assert_int_equal(g->nvalues, 2);
  assert_string_equal(g->values[0].key, "height");
  assert_int_equal(g->values[0].layer, VL_LAYER_SCENARIO);
  assert_string_equal(g->values[0].file, "tests/data/maps/terrain.ini");
  assert_int_equal(g->values[0].line, 24);
  assert_null(g->values[0].source);
  assert_string_equal(g->values[0].provisional,
                      "a test value: tall grass half a level high shows the scenario layer");
  assert_string_equal(g->values[1].key, "name");
  assert_int_equal(g->values[1].layer, VL_LAYER_SYSTEM);
  assert_string_equal(g->values[1].file, "./charts/rough_and_ready/terrain.ini");
  assert_non_null(g->values[1].source);
  assert_null(g->values[1].provisional);
  assert_true(vl_terrain_find(t, VL_TERRAIN_HEXSIDE, "stream", 6) >= 0);  /* scenario layer */
  assert_int_equal(vl_terrain_find(t, VL_TERRAIN_HEXSIDE, "hedge", 5), -1);
  vl_map_free(m);
}

/* Broken maps: NULL, the code, file and line, and the message (the shell test pins every
** file's message; these check the record). */
static void broken_maps_are_refused_with_file_and_line(void **state) {
  static const struct {
    const char *file;
    int code, line;
    const char *msg;
  } cases[] = {
    {"tests/data/broken/unknown_code.ini", VL_EPARSE, 12, "unknown terrain code 'q' (known: c, ch, g, h, "
                                                                "l, m, rc, rw, w)"},
    {"tests/data/broken/row_too_short.ini", VL_EPARSE, 13,
     "row 03 has 2 codes; the map has 3 columns (01-03)"},
    {"tests/data/broken/not_adjacent.ini", VL_EPARSE, 15,
     "hexside 0101/0103: the hexes are not adjacent"},
    {"tests/data/broken/track_link_off_map.ini", VL_EPARSE, 16,
     "track saltillo links C to hex 0401, which is off the map (columns 01-03, rows 01-03)"},
    {"tests/data/broken/long_line.ini", VL_EPARSE, 15, "line too long (206 bytes; at most 198)"},
    {"tests/data/broken/no-such-file.ini", VL_EIO, 0, "cannot open (No such file or directory)"},
  };
  size_t i;
  (void)state;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    vl_error err;
    vl_path *p = data_path();
    assert_null(load(cases[i].file, &err));
    assert_int_equal(err.code, cases[i].code);
    assert_string_equal(err.file, cases[i].file);
    assert_int_equal(err.line, cases[i].line);
    assert_string_equal(err.msg, cases[i].msg);
    assert_null(vl_map_load(cases[i].file, p, NULL));  /* err may be NULL */
    vl_path_free(p);
  }
  vl_map_free(NULL);
}

/* Writes text to <dir>/map.ini and returns that path (static buffer). */
static const char *write_map(const char *dir, const char *text) {
  static char path[256];
  FILE *f;
  snprintf(path, sizeof path, "%s/map.ini", dir);
  f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
  return path;
}

static void north_turns_the_compass_edges(void **state) {
  char dir[] = "/tmp/volley-test-map-XXXXXX";
  vl_error err;
  vl_map *m;
  const char *path;
  (void)state;
  assert_non_null(mkdtemp(dir));
  path = write_map(dir, "[map]\nsystem = rough_and_ready\nlayout = flat-top\n"
                        "parity = odd-columns-down\ncolumns = 10-12\nrows = 20-21\n"
                        "north = bottom\nprovenance = test\n"
                        "[terrain]\n20 = c c c\n21 = w w w\n");
  m = load(path, &err);
  assert_non_null(m);
  assert_string_equal(labels(m, vl_map_edge(m, "north")), "1021 1121 1221");  /* the bottom */
  assert_string_equal(labels(m, vl_map_edge(m, "south")), "1020 1120 1220");
  assert_string_equal(labels(m, vl_map_edge(m, "east")), "1020 1021");        /* the left */
  assert_string_equal(labels(m, vl_map_edge(m, "west")), "1220 1221");
  assert_int_equal(vl_map_text_row(m), 2);  /* the default */
  vl_map_free(m);
  unlink(path);
  rmdir(dir);
}

static void pointy_top_places_sort_in_label_order(void **state) {
  char dir[] = "/tmp/volley-test-map-XXXXXX";
  vl_error err;
  vl_map *m;
  const char *path;
  (void)state;
  assert_non_null(mkdtemp(dir));
  path = write_map(dir, "[map]\nsystem = rough_and_ready\nlayout = pointy-top\n"
                        "parity = odd-rows-right\ncolumns = 01-04\nrows = 01-04\n"
                        "provenance = test\n"
                        "[terrain]\n01 = c c c c\n02 = c c c c\n03 = c c c c\n04 = c c c c\n"
                        "[places]\nzigzag = 0404 0104 0301 0203 0102 0201\n");
  m = load(path, &err);
  assert_non_null(m);
  assert_string_equal(labels(m, vl_map_place(m, "zigzag")), "0102 0104 0201 0203 0301 0404");
  assert_int_equal(vl_map_hexside(m, H(m, "0102"), H(m, "0202"), NULL, NULL), VL_OK);
  vl_map_free(m);
  unlink(path);
  rmdir(dir);
}

static void a_broken_scenario_terrain_table_is_named_in_the_error(void **state) {
  char dir[] = "/tmp/volley-test-map-XXXXXX", tpath[300];
  vl_error err;
  const char *path;
  FILE *f;
  (void)state;
  assert_non_null(mkdtemp(dir));
  path = write_map(dir, "[map]\nsystem = rough_and_ready\nlayout = flat-top\n"
                        "parity = odd-columns-down\ncolumns = 01-02\nrows = 01-01\n"
                        "provenance = test\n[terrain]\n01 = c c\n"
                        "[tracks]\nt = A B\nt.links = A:0101 B:0201 A:0101\n");
  snprintf(tpath, sizeof tpath, "%s/terrain.ini", dir);
  f = fopen(tpath, "w");
  assert_non_null(f);
  fputs("[terrain]\nsystem = rough_and_ready\n[hex.x]\nname = X\nheight = 0\n", f);
  fclose(f);
  assert_null(load(path, &err));
  assert_string_equal(err.file, tpath);
  assert_int_equal(err.line, 4);
  assert_string_equal(err.msg,
                      "no source for name in [hex.x] (give source = or provisional.name =)");
  unlink(tpath);  /* without the scenario layer the map loads up to its track */
  assert_null(load(path, &err));
  assert_int_equal(err.line, 12);
  assert_string_equal(err.msg, "track t links A to 0101 twice");
  unlink(path);
  rmdir(dir);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(sample_header),
    cmocka_unit_test(sample_hexes_terrain_and_elevation),
    cmocka_unit_test(sample_hexsides_and_roads),
    cmocka_unit_test(sample_places_edges_tracks_boxes),
    cmocka_unit_test(sample_terrain_layers),
    cmocka_unit_test(broken_maps_are_refused_with_file_and_line),
    cmocka_unit_test(north_turns_the_compass_edges),
    cmocka_unit_test(pointy_top_places_sort_in_label_order),
    cmocka_unit_test(a_broken_scenario_terrain_table_is_named_in_the_error),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
