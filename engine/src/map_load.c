/*
** map_load.c -- reading map.ini through the INI layer into a vl_map (map.h).
** [map] comes first, so by the first other section the grid, the bounds and the terrain
** table are known and every later line is checked as it arrives, with its own line number.
** Everything is built in a fresh vl_map that is freed on the first error: nothing is ever
** half-loaded. Hexes are stored in label order (column-major), hexsides by their canonical
** hex and direction 0..2. Format: docs/formats.md "map.ini".
*/
#include "volley/map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "known.h"
#include "map_internal.h"
#include "vec.h"
#include "volley/ini.h"
#include "volley/path.h"

#define NAME_MAX_LEN 32  /* places, entries, roads, tracks, spaces, boxes */
/* A hexside line's work grows with the square of its length (each hex is checked against the
** others): a side holds at most LINE_SIDE_MAX hexes and a file's lines at most LINE_FILE_MAX in
** all, so a hostile map.ini loads in a second, not in hours (docs/formats.md "Hexside lines"). */
#define LINE_SIDE_MAX 1024
#define LINE_FILE_MAX 16384

/* ---- the parse ---------------------------------------------------------------------------- */

typedef enum section {
  S_NONE, S_MAP, S_TERRAIN, S_ELEVATION, S_HEXSIDES, S_ROADS, S_PLACES, S_EDGES, S_TRACKS,
  S_BOXES, S_COUNT
} section;

static const char *const section_names[S_COUNT] = {
  "", "map", "terrain", "elevation", "hexsides", "roads", "places", "edges", "tracks", "boxes"
};

/* The keys of [map], in the order of docs/formats.md. */
enum { MK_SYSTEM, MK_LAYOUT, MK_PARITY, MK_COLUMNS, MK_ROWS, MK_NORTH, MK_TEXT_ROW,
       MK_PROVENANCE, MK_COUNT };
static const char *const map_keys[MK_COUNT] = {
  "system", "layout", "parity", "columns", "rows", "north", "text_row", "provenance"
};

/* A track as it is read. */
typedef struct ptrack {
  const char *name;
  int line;
  vec spaces;   /* const char * */
  vec adjacent; /* size_t[2] */
  vec links;    /* vl_track_link */
} ptrack;

typedef struct mparse {
  vl_map *m;
  const vl_path *data;
  int layer_given;          /* the scenario's terrain layer is given (vl_map_load_layer) */
  const char *layer;        /* ... that file, or NULL for none */
  const char *layer_root;   /* ... kept inside this folder */
  const char *file;
  section cur;
  int nsections;
  int seen[S_COUNT];
  int sec_line[S_COUNT];
  int ready;                  /* [map] is closed: grid, bounds, terrain known */
  /* [map] */
  const char *mval[MK_COUNT];
  int mline[MK_COUNT];
  /* [terrain] and [elevation]: rows */
  unsigned char *rows_seen[2];  /* per row, for the two grids */
  int row;                    /* the row being filled (index), or -1 */
  int row_line;               /* its key line */
  int row_filled;             /* codes so far */
  /* the key being read in a list section */
  const char *key;            /* arena copy of the whole key */
  int key_line;
  int key_kind;               /* hexside feature or road kind index */
  vec hexes;                  /* vl_hex: a place, entry or road */
  int have_last;              /* roads: the path's last hex */
  vl_hex last;
  /* [hexsides]: a `line L... | R...` being read (docs/formats.md "Hexside lines") */
  int line_part;              /* 0 none, 1 the hexes before '|', 2 those after */
  int line_line;              /* the line of its `line` word */
  int line_kind;              /* its feature index */
  const char *line_name;      /* and id (an arena copy) */
  vec line_hex[2];            /* vl_hex: the two sides */
  size_t line_hexes;          /* the hexes of every line of the file so far */
  ptrack *track;              /* tracks: the track the key adds to */
  int track_part;             /* 0 spaces, 1 adjacent, 2 links */
  /* finished lists */
  vec places, entries, roads; /* vl_map_hexes */
  vec tracks;                 /* ptrack */
  vec box_ids, box_names;     /* const char * */
} mparse;

static int oom(vl_error *err, const vl_ini_item *it) {
  return vl_error_set(err, VL_ENOMEM, it->file, it->line, "out of memory");
}

/* Names: [A-Za-z0-9_-]+, at most NAME_MAX_LEN bytes. */
static int valid_name(const char *s, size_t n) {
  size_t i;
  if (n == 0 || n > NAME_MAX_LEN) return 0;
  for (i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-'))
      return 0;
  }
  return 1;
}

/* Reads a decimal number of exactly digits digits. -1 when s is not one. */
static int read_number(const char *s, size_t n, int digits) {
  int v = 0;
  size_t i;
  if ((int)n != digits) return -1;
  for (i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  return v;
}

/* "NN-NN": two numbers of equal width, lo <= hi. Returns the width, or -1. */
static int read_range(const char *s, int *lo, int *hi) {
  const char *dash = strchr(s, '-');
  size_t w;
  if (dash == NULL) return -1;
  w = (size_t)(dash - s);
  if (w < 1 || w > 4 || strlen(dash + 1) != w) return -1;
  *lo = read_number(s, w, (int)w);
  *hi = read_number(dash + 1, w, (int)w);
  if (*lo < 0 || *hi < 0 || *lo > *hi) return -1;
  return (int)w;
}

static size_t cell_of(const vl_map *m, int col, int row) {
  return (size_t)(col - m->col_min) * (size_t)m->nrows + (size_t)(row - m->row_min);
}


/* "columns 10-29, rows 01-15", for messages. */
static void bounds_text(const vl_map *m, char *buf, size_t n) {
  int d = m->grid.digits;
  snprintf(buf, n, "columns %0*d-%0*d, rows %0*d-%0*d", d, m->col_min, d, m->col_max, d,
           m->row_min, d, m->row_max);
}

/* Parses a hex label word on the map. VL_OK, or an error naming the word. */
static int parse_hex(mparse *p, const vl_ini_item *it, const char *w, size_t n, vl_hex *out,
                     vl_error *err) {
  vl_map *m = p->m;
  int d = m->grid.digits, col, row;
  char b[64];
  if ((int)n != 2 * d || (col = read_number(w, (size_t)d, d)) < 0 ||
      (row = read_number(w + d, (size_t)d, d)) < 0)
    return vl_ini_error(err, it, "bad hex '%.*s' (a label of %d digits)", (int)(n < 40 ? n : 40),
                        w, 2 * d);
  if (col < m->col_min || col > m->col_max || row < m->row_min || row > m->row_max) {
    bounds_text(m, b, sizeof b);
    return vl_ini_error(err, it, "hex %.*s is outside the map (%s)", (int)n, w, b);
  }
  *out = vl_hex_from_offset(&m->grid, col, row);
  return VL_OK;
}

static void format_hex(const vl_map *m, vl_hex h, char *buf, size_t n) {
  if (vl_hex_format(&m->grid, h, buf, n) < 0) snprintf(buf, n, "?");
}

/* ---- [map] -------------------------------------------------------------------------------- */

static int map_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  int k;
  for (k = 0; k < MK_COUNT; k++)
    if (strcmp(it->key, map_keys[k]) == 0) break;
  if (k == MK_COUNT)
    return vl_ini_error(err, it, "unknown key '%s' in [map] (known: system, layout, parity, "
                                 "columns, rows, north, text_row, provenance)", it->key);
  if (it->continuation) {
    const char *old = p->mval[k];
    size_t n1 = strlen(old), n2 = strlen(it->value);
    char *s;
    if (k != MK_PROVENANCE) return vl_ini_error(err, it, "%s takes one line", it->key);
    if (n2 == 0) return VL_OK;
    s = vl_arena_alloc(&p->m->arena, n1 + n2 + 2);
    if (s == NULL) return oom(err, it);
    memcpy(s, old, n1);
    s[n1] = n1 ? ' ' : '\0';
    memcpy(s + (n1 ? n1 + 1 : 0), it->value, n2 + 1);
    p->mval[k] = s;
    return VL_OK;
  }
  p->mval[k] = vl_arena_strndup(&p->m->arena, it->value, strlen(it->value));
  if (p->mval[k] == NULL) return oom(err, it);
  p->mline[k] = it->line;
  return VL_OK;
}

/* The directory part of path with a trailing '/', or "" (into buf of size n). */
static void dir_of(const char *path, char *buf, size_t n) {
  const char *slash = strrchr(path, '/');
  snprintf(buf, n, "%.*s", slash ? (int)(slash - path + 1) : 0, path);
}

/* The scenario's terrain layer: path, "terrain.ini" in the map's folder dir (dir as dir_of
** gives it, "" for the working folder). *out is NULL when there is none; otherwise it must be
** a regular file that stays inside the map's folder once symbolic links are followed
** (vl_path_inside): a link leading out is refused, naming neither its target nor its bytes. */
static int terrain_layer(const char *dir, const char *path, const char **out, vl_error *err) {
  char root[4096];
  struct stat st;
  vl_error why;
  int rc;
  *out = NULL;
  if (lstat(path, &st) != 0) return VL_OK;  /* no layer */
  snprintf(root, sizeof root, "%s", dir[0] != '\0' ? dir : ".");
  if (strlen(root) > 1 && root[strlen(root) - 1] == '/') root[strlen(root) - 1] = '\0';
  rc = vl_path_inside(root, path, &why);
  if (rc == VL_EINVAL)
    return vl_error_set(err, VL_EPARSE, path, 0, "leads out of the map's folder (%s): a "
                        "scenario's files stay inside its folder, symbolic links included", root);
  if (rc != VL_OK) return vl_error_set(err, rc == VL_ENOMEM ? rc : VL_EIO, path, 0, "%s", why.msg);
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return vl_error_set(err, VL_EPARSE, path, 0, "not a regular file");
  *out = path;
  return VL_OK;
}

/* Ends [map]: every key is there and makes sense; the terrain table is loaded; the map's
** arrays are made. */
static int close_map(mparse *p, vl_error *err) {
  vl_map *m = p->m;
  vl_ini_item at;
  int k, cw, rw, i;
  vl_error e;
  char rel[256], sys[4096], scen[4096], dir[4096];
  const char *layer;
  static const char *const norths[4] = {"top", "right", "bottom", "left"};
  at.file = p->file;
  for (k = 0; k < MK_COUNT; k++) {
    if (p->mval[k] != NULL || k == MK_NORTH || k == MK_TEXT_ROW) continue;
    at.line = p->sec_line[S_MAP];
    return vl_ini_error(err, &at, "[map] has no %s", map_keys[k]);
  }
  at.line = p->mline[MK_SYSTEM];
  {
    const char *s = p->mval[MK_SYSTEM];
    size_t j, n = strlen(s);
    for (j = 0; j < n; j++)
      if (!((s[j] >= 'a' && s[j] <= 'z') || (s[j] >= '0' && s[j] <= '9') || s[j] == '_')) break;
    if (n == 0 || n > 64 || j < n)
      return vl_ini_error(err, &at, "bad system id '%s' (lower-case letters, digits and '_')", s);
  }
  m->system = p->mval[MK_SYSTEM];
  m->provenance = p->mval[MK_PROVENANCE];
  at.line = p->mline[MK_PROVENANCE];
  if (m->provenance[0] == '\0') return vl_ini_error(err, &at, "provenance is empty");
  at.line = p->mline[MK_COLUMNS];
  cw = read_range(p->mval[MK_COLUMNS], &m->col_min, &m->col_max);
  if (cw < 0)
    return vl_ini_error(err, &at, "bad columns '%s' (first-last, both of the same width: 01-20)",
                        p->mval[MK_COLUMNS]);
  at.line = p->mline[MK_ROWS];
  rw = read_range(p->mval[MK_ROWS], &m->row_min, &m->row_max);
  if (rw < 0)
    return vl_ini_error(err, &at, "bad rows '%s' (first-last, both of the same width: 01-15)",
                        p->mval[MK_ROWS]);
  if (rw != cw)
    return vl_ini_error(err, &at, "rows '%s' and columns '%s' have labels of different widths",
                        p->mval[MK_ROWS], p->mval[MK_COLUMNS]);
  if (cw < 2 || cw > 3)
    return vl_ini_error(err, &at, "labels must have 2 or 3 digits a part, not %d", cw);
  at.line = p->mline[MK_PARITY];
  if (vl_grid_init(&m->grid, p->mval[MK_LAYOUT], p->mval[MK_PARITY], cw, &e) != VL_OK)
    return vl_ini_error(err, &at, "%s", e.msg);
  m->ncols = m->col_max - m->col_min + 1;
  m->nrows = m->row_max - m->row_min + 1;
  m->north = VL_NORTH_TOP;
  if (p->mval[MK_NORTH] != NULL) {
    at.line = p->mline[MK_NORTH];
    for (i = 0; i < 4; i++)
      if (strcmp(p->mval[MK_NORTH], norths[i]) == 0) break;
    if (i == 4)
      return vl_ini_error(err, &at, "bad north '%s' (top, right, bottom or left)",
                          p->mval[MK_NORTH]);
    m->north = (vl_map_north)i;
  }
  m->text_row = 2;
  if (p->mval[MK_TEXT_ROW] != NULL) {
    at.line = p->mline[MK_TEXT_ROW];
    if (strcmp(p->mval[MK_TEXT_ROW], "first") == 0) m->text_row = 1;
    else if (strcmp(p->mval[MK_TEXT_ROW], "second") != 0)
      return vl_ini_error(err, &at, "bad text_row '%s' (first or second)", p->mval[MK_TEXT_ROW]);
  }
  /* the terrain table: the system's, then the scenario folder's */
  at.line = p->mline[MK_SYSTEM];
  snprintf(rel, sizeof rel, "charts/%s/terrain.ini", m->system);
  if (p->data == NULL || vl_path_find(p->data, rel, sys, sizeof sys, NULL) != VL_OK)
    return vl_ini_error(err, &at, "unknown system '%s' (no %s on the data path)", m->system, rel);
  if (p->layer_given) {
    layer = NULL;
    if (p->layer != NULL && (k = terrain_layer(p->layer_root, p->layer, &layer, err)) != VL_OK)
      return k;
    if (p->layer != NULL && layer == NULL)
      return vl_error_set(err, VL_EIO, p->layer, 0, "no such file");
  } else {
    dir_of(p->file, scen, sizeof scen);
    if (strlen(scen) + 12 > sizeof scen) return vl_ini_error(err, &at, "path too long");
    strcat(scen, "terrain.ini");
    dir_of(p->file, dir, sizeof dir);
    if ((k = terrain_layer(dir, scen, &layer, err)) != VL_OK) return k;
  }
  m->terrain = vl_terrain_load(m->system, sys, layer, err);
  if (m->terrain == NULL) return err ? err->code : VL_EPARSE;
  if (vl_terrain_count(m->terrain, VL_TERRAIN_HEX) == 0) {
    vl_error_set(err, VL_EPARSE, sys, 0, "no hex terrain types");
    return VL_EPARSE;
  }
  m->ncells = (size_t)m->ncols * (size_t)m->nrows;
  m->hex_type = vl_arena_alloc(&m->arena, m->ncells * sizeof *m->hex_type);
  m->elev = vl_arena_alloc(&m->arena, m->ncells * sizeof *m->elev);
  m->side_feat = vl_arena_alloc(&m->arena, 3 * m->ncells * sizeof *m->side_feat);
  m->side_road = vl_arena_alloc(&m->arena, 3 * m->ncells * sizeof *m->side_road);
  p->rows_seen[0] = calloc((size_t)m->nrows, 1);
  p->rows_seen[1] = calloc((size_t)m->nrows, 1);
  if (!m->hex_type || !m->elev || !m->side_feat || !m->side_road || !p->rows_seen[0] ||
      !p->rows_seen[1])
    return oom(err, &at);
  p->ready = 1;
  return VL_OK;
}

/* ---- [terrain] and [elevation] ------------------------------------------------------------- */

/* Ends the row being filled: it must have a code for every column. */
static int close_row(mparse *p, vl_error *err) {
  vl_map *m = p->m;
  vl_ini_item at;
  if (p->row < 0) return VL_OK;
  at.file = p->file;
  at.line = p->row_line;
  if (p->row_filled != m->ncols) {
    int d = m->grid.digits;
    return vl_ini_error(err, &at, "row %0*d has %d %s; the map has %d columns (%0*d-%0*d)", d,
                        m->row_min + p->row, p->row_filled,
                        p->cur == S_TERRAIN ? "codes" : "levels", m->ncols, d, m->col_min, d,
                        m->col_max);
  }
  p->row = -1;
  return VL_OK;
}

static int grid_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  int g = p->cur == S_TERRAIN ? 0 : 1, d = m->grid.digits;
  const char *cur = it->value, *w;
  size_t n;
  if (!it->continuation) {
    int row = read_number(it->key, strlen(it->key), d), rc;
    if ((rc = close_row(p, err)) != VL_OK) return rc;
    if (row < 0)
      return vl_ini_error(err, it, "bad row '%s' in [%s] (a row number of %d digits)", it->key,
                          it->section, d);
    if (row < m->row_min || row > m->row_max)
      return vl_ini_error(err, it, "row %s is outside the map (rows %0*d-%0*d)", it->key, d,
                          m->row_min, d, m->row_max);
    p->row = row - m->row_min;
    p->row_line = it->line;
    p->row_filled = 0;
    p->rows_seen[g][p->row] = 1;
  }
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    size_t c;
    if (p->row_filled == m->ncols)
      return vl_ini_error(err, it, "row %0*d has more than %d %s", d, m->row_min + p->row,
                          m->ncols, g == 0 ? "codes" : "levels");
    c = cell_of(m, m->col_min + p->row_filled, m->row_min + p->row);
    if (g == 0) {
      int t = vl_terrain_find(m->terrain, VL_TERRAIN_HEX, w, n);
      if (t < 0) {
        char known[160];
        vl_known_terrain(m->terrain, VL_TERRAIN_HEX, known, sizeof known);
        return vl_ini_error(err, it, "unknown terrain code '%.*s' (known: %s)",
                            (int)(n < 40 ? n : 40), w, known);
      }
      m->hex_type[c] = (uint16_t)t;
    } else {
      int h;
      if (vl_terrain_level_out_of_range(w, n))
        return vl_ini_error(err, it, "level '%.*s' is out of range (-99..99)",
                            (int)(n < 40 ? n : 40), w);
      if (vl_terrain_parse_level(w, n, &h) != VL_OK)
        return vl_ini_error(err, it, "bad level '%.*s' (an integer, or one ending in .5)",
                            (int)(n < 40 ? n : 40), w);
      m->elev[c] = (int16_t)h;
    }
    p->row_filled++;
  }
  return VL_OK;
}

/* Ends [terrain] or [elevation]: every row is there. */
static int close_grid(mparse *p, vl_error *err) {
  vl_map *m = p->m;
  int g = p->cur == S_TERRAIN ? 0 : 1, r, rc;
  vl_ini_item at;
  if ((rc = close_row(p, err)) != VL_OK) return rc;
  for (r = 0; r < m->nrows; r++)
    if (!p->rows_seen[g][r]) {
      at.file = p->file;
      at.line = p->sec_line[p->cur];
      return vl_ini_error(err, &at, "[%s] has no row %0*d", section_names[p->cur],
                          m->grid.digits, m->row_min + r);
    }
  return VL_OK;
}

/* ---- [hexsides] --------------------------------------------------------------------------- */

/* Marks the hexside between a and b (adjacent) with feature f: VL_OK, or "already" when it
** has it. */
static int mark_side(mparse *p, const vl_ini_item *it, vl_hex a, vl_hex b, int f,
                     const char *name, vl_error *err) {
  vl_map *m = p->m;
  vl_hexside s;
  long c;
  uint32_t bit = (uint32_t)1 << f;
  char x[16], y[16];
  (void)vl_hexside_between(&m->grid, a, b, &s);
  c = vl_map_cell(m, s.hex);
  if (m->side_feat[3 * c + s.dir] & bit) {
    format_hex(m, a, x, sizeof x);
    format_hex(m, b, y, sizeof y);
    return vl_ini_error(err, it, "hexside %s/%s is already %s", x, y, name);
  }
  m->side_feat[3 * c + s.dir] |= bit;
  return VL_OK;
}

static int adjacent(const vl_map *m, vl_hex a, vl_hex b) {
  vl_hexside s;
  return vl_hexside_between(&m->grid, a, b, &s) == VL_OK;
}

/* Ends the `line` being read: every hexside between a hex of one side and an adjacent hex
** of the other gets the feature, once each hex of a side touches the other side and the
** hexsides make one unbroken line (each shares a corner with the next). Errors at the line's
** `line` word. */
static int close_line(mparse *p, vl_error *err) {
  vl_map *m = p->m;
  vl_ini_item at;
  const vl_hex *side[2];
  size_t n[2], i, j, k, ns = 0, reached;
  struct pair { vl_hex a, b; } *sides;
  unsigned char *seen;
  char x[16], y[16];
  int rc = VL_OK;
  if (p->line_part == 0) return VL_OK;
  memset(&at, 0, sizeof at);
  at.file = p->file;
  at.line = p->line_line;
  p->line_part = 0;
  for (k = 0; k < 2; k++) {
    side[k] = p->line_hex[k].p;
    n[k] = p->line_hex[k].n;
  }
  if (n[0] == 0 || n[1] == 0) {
    p->line_hex[0].n = p->line_hex[1].n = 0;
    return vl_ini_error(err, &at, "line: give the hexes on both sides of the line, "
                                  "'line 0304 0305 | 0404 0405'");
  }
  sides = malloc((n[0] * 6 + 1) * sizeof *sides);
  seen = calloc(n[0] * 6 + 1, 1);
  if (sides == NULL || seen == NULL) {
    free(sides);
    free(seen);
    return oom(err, &at);
  }
  for (k = 0; k < 2 && rc == VL_OK; k++)
    for (i = 0; i < n[k] && rc == VL_OK; i++) {
      int touches = 0;
      for (j = 0; j < n[1 - k]; j++) {
        if (vl_hex_eq(side[k][i], side[1 - k][j])) {
          format_hex(m, side[k][i], x, sizeof x);
          rc = vl_ini_error(err, &at, "line: hex %s is on both sides of the line", x);
          break;
        }
        if (adjacent(m, side[k][i], side[1 - k][j])) touches = 1;
      }
      if (rc == VL_OK && !touches) {
        format_hex(m, side[k][i], x, sizeof x);
        rc = vl_ini_error(err, &at, "line: hex %s touches no hex across the line (the hexes "
                                    "%s '|' must be its neighbours)", x,
                          k == 0 ? "after" : "before");
      }
    }
  /* the hexsides, in the order of the first side's hexes */
  for (i = 0; i < n[0] && rc == VL_OK; i++)
    for (j = 0; j < n[1]; j++)
      if (adjacent(m, side[0][i], side[1][j]) && ns < n[0] * 6) {
        sides[ns].a = side[0][i];
        sides[ns].b = side[1][j];
        ns++;
      }
  /* one line: every hexside reached from the first through hexsides sharing a corner (two
  ** hexsides share a corner when their three hexes are each other's neighbours) */
  if (rc == VL_OK && ns > 0) {
    size_t *queue = malloc(ns * sizeof *queue), head = 0, tail = 0;
    if (queue == NULL) {
      rc = oom(err, &at);
    } else {
      queue[tail++] = 0;
      seen[0] = 1;
      while (head < tail) {
        const struct pair *s = &sides[queue[head++]];
        for (j = 0; j < ns; j++) {
          const struct pair *t = &sides[j];
          int corner;
          if (seen[j]) continue;
          if (vl_hex_eq(s->a, t->a))
            corner = adjacent(m, s->b, t->b);
          else if (vl_hex_eq(s->b, t->b))
            corner = adjacent(m, s->a, t->a);
          else
            corner = 0;
          if (corner) {
            seen[j] = 1;
            queue[tail++] = j;
          }
        }
      }
      reached = tail;
      free(queue);
      if (reached < ns) {
        for (j = 0; j < ns && seen[j]; j++) {}
        format_hex(m, sides[j].a, x, sizeof x);
        format_hex(m, sides[j].b, y, sizeof y);
        rc = vl_ini_error(err, &at, "line: the hexsides break off before %s/%s (each hexside "
                                    "of a line shares a corner with the next)", x, y);
      }
    }
  }
  for (i = 0; i < ns && rc == VL_OK; i++)
    rc = mark_side(p, &at, sides[i].a, sides[i].b, p->line_kind, p->line_name, err);
  free(sides);
  free(seen);
  p->line_hex[0].n = p->line_hex[1].n = 0;
  return rc;
}

static int hexside_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  const char *cur = it->value, *w;
  size_t n;
  int rc;
  int f = vl_terrain_find(m->terrain, VL_TERRAIN_HEXSIDE, it->key, strlen(it->key));
  if (!it->continuation && (rc = close_line(p, err)) != VL_OK) return rc;
  if (f < 0) {
    char known[160];
    vl_known_terrain(m->terrain, VL_TERRAIN_HEXSIDE, known, sizeof known);
    return vl_ini_error(err, it, "unknown hexside feature '%s' (the terrain tables of %s know: "
                        "%s)", it->key, m->system, known);
  }
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    const char *slash = memchr(w, '/', n);
    vl_hex a, b;
    if (n == 4 && memcmp(w, "line", 4) == 0) {
      if ((rc = close_line(p, err)) != VL_OK) return rc;
      p->line_part = 1;
      p->line_line = it->line;
      p->line_kind = f;
      p->line_name = vl_arena_strndup(&m->arena, it->key, strlen(it->key));
      if (p->line_name == NULL) return oom(err, it);
      continue;
    }
    if (n == 1 && w[0] == '|') {
      if (p->line_part != 1)
        return vl_ini_error(err, it, p->line_part == 0
                                         ? "'|' outside a line (line 0304 0305 | 0404 0405)"
                                         : "a line has one '|'");
      p->line_part = 2;
      continue;
    }
    if (slash == NULL && p->line_part != 0) {
      vec *v = &p->line_hex[p->line_part - 1];
      vl_hex *slot;
      size_t i;
      if ((rc = parse_hex(p, it, w, n, &a, err)) != VL_OK) return rc;
      if (v->n >= LINE_SIDE_MAX)
        return vl_ini_error(err, it, "line: more than %d hexes on one side (give a longer "
                            "line as several)", LINE_SIDE_MAX);
      if (p->line_hexes >= LINE_FILE_MAX)
        return vl_ini_error(err, it, "line: more than %d hexes in the file's lines",
                            LINE_FILE_MAX);
      p->line_hexes++;
      for (i = 0; i < p->line_hex[0].n + p->line_hex[1].n; i++) {
        vl_hex o = i < p->line_hex[0].n ? ((vl_hex *)p->line_hex[0].p)[i]
                                         : ((vl_hex *)p->line_hex[1].p)[i - p->line_hex[0].n];
        if (vl_hex_eq(o, a))
          return vl_ini_error(err, it, "line: hex %.*s is named twice", (int)n, w);
      }
      if (v->n > 0 && !adjacent(m, ((vl_hex *)v->p)[v->n - 1], a)) {
        char x[16];
        format_hex(m, ((vl_hex *)v->p)[v->n - 1], x, sizeof x);
        return vl_ini_error(err, it, "line: %s and %.*s are not adjacent (the hexes on each "
                                     "side of a line are a path, each next to the one before)",
                            x, (int)n, w);
      }
      slot = vl_vec_push(v, sizeof *slot);
      if (slot == NULL) return oom(err, it);
      *slot = a;
      continue;
    }
    if ((rc = close_line(p, err)) != VL_OK) return rc;
    if (slash == NULL)
      return vl_ini_error(err, it, "bad hexside '%.*s' (two adjacent hexes: 2014/2015)",
                          (int)(n < 40 ? n : 40), w);
    if ((rc = parse_hex(p, it, w, (size_t)(slash - w), &a, err)) != VL_OK) return rc;
    if ((rc = parse_hex(p, it, slash + 1, n - (size_t)(slash - w) - 1, &b, err)) != VL_OK)
      return rc;
    if (!adjacent(m, a, b))
      return vl_ini_error(err, it, "hexside %.*s: the hexes are not adjacent", (int)n, w);
    if ((rc = mark_side(p, it, a, b, f, it->key, err)) != VL_OK) return rc;
  }
  return VL_OK;
}

/* ---- lists: [roads], [places], [edges] ---------------------------------------------------- */

/* Ends the list key being read: stores the hexes as a place, entry or road. */
static int close_list(mparse *p, vl_error *err) {
  vl_map *m = p->m;
  vl_map_hexes *h;
  vec *dst;
  vl_ini_item at;
  if (p->key == NULL) return VL_OK;
  at.file = p->file;
  at.line = p->key_line;
  if (p->cur == S_ROADS && p->hexes.n < 2)
    return vl_ini_error(err, &at, "road %s needs at least two hexes", p->key);
  if (p->hexes.n == 0) return vl_ini_error(err, &at, "%s has no hexes", p->key);
  dst = p->cur == S_ROADS ? &p->roads : p->cur == S_PLACES ? &p->places : &p->entries;
  h = vl_vec_push(dst, sizeof *h);
  if (h == NULL) return oom(err, &at);
  h->name = p->key;
  h->kind = p->cur == S_ROADS ? p->key_kind : -1;
  h->n = p->hexes.n;
  h->hexes = vl_arena_alloc(&m->arena, p->hexes.n * sizeof(vl_hex));
  if (h->hexes == NULL) return oom(err, &at);
  memcpy((vl_hex *)h->hexes, p->hexes.p, p->hexes.n * sizeof(vl_hex));
  p->hexes.n = 0;
  p->key = NULL;
  p->have_last = 0;
  return VL_OK;
}

/* 1 when h is in the first or last row or column. */
static int on_edge(const vl_map *m, vl_hex h) {
  int col, row;
  vl_hex_to_offset(&m->grid, h, &col, &row);
  return col == m->col_min || col == m->col_max || row == m->row_min || row == m->row_max;
}

static const char *const derived_edges[8] = {
  "top", "right", "bottom", "left", "north", "east", "south", "west"
};

static int list_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  const char *cur = it->value, *w;
  size_t n;
  int rc;
  if (!it->continuation) {
    const char *name = it->key;
    if ((rc = close_list(p, err)) != VL_OK) return rc;
    if (p->cur == S_ROADS) {
      const char *dot = strchr(it->key, '.');
      size_t klen = dot ? (size_t)(dot - it->key) : strlen(it->key);
      p->key_kind = vl_terrain_find(m->terrain, VL_TERRAIN_ROAD, it->key, klen);
      if (p->key_kind < 0) {
        char known[160];
        vl_known_terrain(m->terrain, VL_TERRAIN_ROAD, known, sizeof known);
        return vl_ini_error(err, it, "unknown road kind '%.*s' (the terrain tables of %s know: "
                            "%s)", (int)klen, it->key, m->system, known);
      }
      if (dot != NULL) name = dot + 1;
    }
    if (!valid_name(name, strlen(name)))
      return vl_ini_error(err, it, "bad name '%s' (letters, digits, '_' and '-'; at most %d bytes)",
                          name, NAME_MAX_LEN);
    if (p->cur == S_EDGES) {
      int i;
      for (i = 0; i < 8; i++)
        if (strcmp(name, derived_edges[i]) == 0)
          return vl_ini_error(err, it, "edge '%s' comes from the grid; name the entry otherwise",
                              name);
    }
    p->key = vl_arena_strndup(&m->arena, it->key, strlen(it->key));
    if (p->key == NULL) return oom(err, it);
    p->key_line = it->line;
  }
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    vl_hex h, *slot;
    size_t i;
    if ((rc = parse_hex(p, it, w, n, &h, err)) != VL_OK) return rc;
    if (p->cur == S_ROADS) {
      vl_hexside s;
      if (p->have_last) {
        long c;
        if (vl_hexside_between(&m->grid, p->last, h, &s) != VL_OK) {
          char a[16];
          format_hex(m, p->last, a, sizeof a);
          return vl_ini_error(err, it, "road '%s': %s and %.*s are not adjacent", p->key, a,
                              (int)n, w);
        }
        c = vl_map_cell(m, s.hex);
        m->side_road[3 * c + s.dir] |= (uint32_t)1 << p->key_kind;
      }
      p->last = h;
      p->have_last = 1;
    } else {
      for (i = 0; i < p->hexes.n; i++)
        if (vl_hex_eq(((vl_hex *)p->hexes.p)[i], h))
          return vl_ini_error(err, it, "hex %.*s is listed twice in %s", (int)n, w, p->key);
      if (p->cur == S_EDGES && !on_edge(m, h))
        return vl_ini_error(err, it, "hex %.*s of entry %s is not on a map edge", (int)n, w,
                            p->key);
    }
    slot = vl_vec_push(&p->hexes, sizeof *slot);
    if (slot == NULL) return oom(err, it);
    *slot = h;
  }
  return VL_OK;
}

/* ---- [tracks] ----------------------------------------------------------------------------- */

static ptrack *find_track(mparse *p, const char *name, size_t len) {
  size_t i;
  for (i = 0; i < p->tracks.n; i++) {
    ptrack *t = (ptrack *)p->tracks.p + i;
    if (strlen(t->name) == len && memcmp(t->name, name, len) == 0) return t;
  }
  return NULL;
}

static long find_space(const ptrack *t, const char *name, size_t len) {
  size_t i;
  for (i = 0; i < t->spaces.n; i++) {
    const char *s = ((const char **)t->spaces.p)[i];
    if (strlen(s) == len && memcmp(s, name, len) == 0) return (long)i;
  }
  return -1;
}

static int track_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  const char *cur = it->value, *w;
  size_t n;
  if (!it->continuation) {
    const char *dot = strchr(it->key, '.');
    size_t klen = dot ? (size_t)(dot - it->key) : strlen(it->key);
    if (!valid_name(it->key, klen))
      return vl_ini_error(err, it, "bad track name '%.*s' (letters, digits, '_' and '-')",
                          (int)klen, it->key);
    p->track = find_track(p, it->key, klen);
    if (dot == NULL) {
      ptrack *t;
      t = vl_vec_push(&p->tracks, sizeof *t);
      if (t == NULL) return oom(err, it);
      t->name = vl_arena_strndup(&m->arena, it->key, klen);
      if (t->name == NULL) return oom(err, it);
      t->line = it->line;
      p->track = t;
      p->track_part = 0;
    } else {
      if (strcmp(dot + 1, "adjacent") == 0) p->track_part = 1;
      else if (strcmp(dot + 1, "links") == 0) p->track_part = 2;
      else
        return vl_ini_error(err, it, "unknown key '%s' in [tracks] (<track>, <track>.adjacent, "
                                     "<track>.links)", it->key);
      if (p->track == NULL)
        return vl_ini_error(err, it, "track '%.*s' is not declared above (%.*s = <spaces>)",
                            (int)klen, it->key, (int)klen, it->key);
    }
  }
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    ptrack *t = p->track;
    if (p->track_part == 0) {
      const char **s;
      if (!valid_name(w, n))
        return vl_ini_error(err, it, "bad space name '%.*s' (letters, digits, '_' and '-')",
                            (int)(n < 40 ? n : 40), w);
      if (find_space(t, w, n) >= 0)
        return vl_ini_error(err, it, "track %s has space %.*s twice", t->name, (int)n, w);
      s = vl_vec_push(&t->spaces, sizeof *s);
      if (s == NULL) return oom(err, it);
      *s = vl_arena_strndup(&m->arena, w, n);
      if (*s == NULL) return oom(err, it);
    } else {
      const char *sep = memchr(w, p->track_part == 1 ? '/' : ':', n);
      long a;
      if (sep == NULL)
        return vl_ini_error(err, it, p->track_part == 1
                                         ? "bad adjacency '%.*s' (two spaces: C/E)"
                                         : "bad link '%.*s' (a space and a hex: G:1012)",
                            (int)(n < 40 ? n : 40), w);
      a = find_space(t, w, (size_t)(sep - w));
      if (a < 0)
        return vl_ini_error(err, it, "track %s has no space '%.*s'", t->name, (int)(sep - w), w);
      if (p->track_part == 1) {
        long b = find_space(t, sep + 1, n - (size_t)(sep - w) - 1);
        size_t *pair;
        if (b < 0)
          return vl_ini_error(err, it, "track %s has no space '%.*s'", t->name,
                              (int)(n - (size_t)(sep - w) - 1), sep + 1);
        if (a == b)
          return vl_ini_error(err, it, "space %.*s cannot be adjacent to itself",
                              (int)(sep - w), w);
        pair = vl_vec_push(&t->adjacent, 2 * sizeof *pair);
        if (pair == NULL) return oom(err, it);
        pair[0] = (size_t)(a < b ? a : b);
        pair[1] = (size_t)(a < b ? b : a);
      } else {
        vl_track_link *l;
        vl_hex h;
        size_t k;
        const char *hw = sep + 1;
        size_t hn = n - (size_t)(sep - w) - 1;
        int d = m->grid.digits, col, row;
        if ((int)hn == 2 * d && (col = read_number(hw, (size_t)d, d)) >= 0 &&
            (row = read_number(hw + d, (size_t)d, d)) >= 0 &&
            (col < m->col_min || col > m->col_max || row < m->row_min || row > m->row_max)) {
          char b[64];
          bounds_text(m, b, sizeof b);
          return vl_ini_error(err, it, "track %s links %.*s to hex %.*s, which is off the map (%s)",
                              t->name, (int)(sep - w), w, (int)hn, hw, b);
        }
        if (parse_hex(p, it, hw, hn, &h, err) != VL_OK) return VL_EPARSE;
        for (k = 0; k < t->links.n; k++) {
          const vl_track_link *o = (const vl_track_link *)t->links.p + k;
          if (o->space == (size_t)a && vl_hex_eq(o->hex, h))
            return vl_ini_error(err, it, "track %s links %.*s to %.*s twice", t->name,
                                (int)(sep - w), w, (int)hn, hw);
        }
        l = vl_vec_push(&t->links, sizeof *l);
        if (l == NULL) return oom(err, it);
        l->space = (size_t)a;
        l->hex = h;
      }
    }
  }
  return VL_OK;
}

/* ---- [boxes] ------------------------------------------------------------------------------ */

static int box_value(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  const char **id, **name;
  if (it->continuation) return vl_ini_error(err, it, "a box name takes one line");
  if (!valid_name(it->key, strlen(it->key)))
    return vl_ini_error(err, it, "bad box id '%s' (letters, digits, '_' and '-'; at most %d bytes)",
                        it->key, NAME_MAX_LEN);
  if (it->value[0] == '\0') return vl_ini_error(err, it, "box %s has no name", it->key);
  id = vl_vec_push(&p->box_ids, sizeof *id);
  name = vl_vec_push(&p->box_names, sizeof *name);
  if (id == NULL || name == NULL) return oom(err, it);
  *id = vl_arena_strndup(&m->arena, it->key, strlen(it->key));
  *name = vl_arena_strndup(&m->arena, it->value, strlen(it->value));
  return *id && *name ? VL_OK : oom(err, it);
}

/* ---- sections and the end ------------------------------------------------------------------ */

/* Ends the section being read. */
static int close_section(mparse *p, vl_error *err) {
  switch (p->cur) {
  case S_MAP: return close_map(p, err);
  case S_TERRAIN:
  case S_ELEVATION: return close_grid(p, err);
  case S_ROADS:
  case S_PLACES:
  case S_EDGES: return close_list(p, err);
  case S_HEXSIDES: return close_line(p, err);
  default: return VL_OK;
  }
}

static int cmp_long(const void *a, const void *b) {
  long x = *(const long *)a, y = *(const long *)b;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* Sorts n hexes of the map into label order (the order of their cells). VL_OK or ENOMEM. */
static int sort_hexes(const vl_map *m, vl_hex *h, size_t n) {
  long *cells;
  size_t i;
  if (n < 2) return VL_OK;
  cells = malloc(n * sizeof *cells);
  if (cells == NULL) return VL_ENOMEM;
  for (i = 0; i < n; i++) cells[i] = vl_map_cell(m, h[i]);
  qsort(cells, n, sizeof *cells, cmp_long);
  for (i = 0; i < n; i++) h[i] = vl_map_hex_at(m, (size_t)cells[i]);
  free(cells);
  return VL_OK;
}

static int cmp_named(const void *a, const void *b) {
  return strcmp(((const vl_map_hexes *)a)->name, ((const vl_map_hexes *)b)->name);
}

static int cmp_pair(const void *a, const void *b) {
  const size_t *x = a, *y = b;
  if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : (x[1] > y[1] ? 1 : 0);
}

/* A link with its hex's cell, for sorting links by space, then hex in label order. */
typedef struct cell_link {
  vl_track_link link;
  long cell;
} cell_link;

static int cmp_link(const void *a, const void *b) {
  const cell_link *x = a, *y = b;
  if (x->link.space != y->link.space) return x->link.space < y->link.space ? -1 : 1;
  return x->cell < y->cell ? -1 : (x->cell > y->cell ? 1 : 0);
}

static int cmp_track(const void *a, const void *b) {
  return strcmp(((const vl_track *)a)->name, ((const vl_track *)b)->name);
}

/* Copies n elements into the arena (room for one at least, so an empty list is not NULL). */
static void *arena_copy(vl_arena *a, const void *src, size_t n, size_t elem) {
  void *d = vl_arena_alloc(a, (n ? n : 1) * elem);
  if (d != NULL && n > 0) memcpy(d, src, n * elem);
  return d;
}

/* The derived edges and the entries, sorted by name, into m->edges. */
static int build_edges(mparse *p) {
  vl_map *m = p->m;
  size_t i, n = 8 + p->entries.n;
  int side;
  m->edges = vl_arena_alloc(&m->arena, n * sizeof *m->edges);
  if (m->edges == NULL) return VL_ENOMEM;
  for (side = 0; side < 4; side++) {
    int len = side % 2 == 0 ? m->ncols : m->nrows, k;
    vl_hex *hx = vl_arena_alloc(&m->arena, (size_t)len * sizeof *hx);
    if (hx == NULL) return VL_ENOMEM;
    for (k = 0; k < len; k++) {
      int col = side % 2 == 0 ? m->col_min + k : (side == 1 ? m->col_max : m->col_min);
      int row = side % 2 == 1 ? m->row_min + k : (side == 0 ? m->row_min : m->row_max);
      hx[k] = vl_hex_from_offset(&m->grid, col, row);
    }
    if (sort_hexes(m, hx, (size_t)len) != VL_OK) return VL_ENOMEM;
    m->edges[side].name = derived_edges[side];
    m->edges[side].kind = -1;
    m->edges[side].n = (size_t)len;
    m->edges[side].hexes = hx;
  }
  /* compass edge c (north, east, south, west) is drawn edge (north + c) mod 4 */
  for (side = 0; side < 4; side++) {
    m->edges[4 + side] = m->edges[((int)m->north + side) % 4];
    m->edges[4 + side].name = derived_edges[4 + side];
  }
  for (i = 0; i < p->entries.n; i++) {
    vl_map_hexes *e = (vl_map_hexes *)p->entries.p + i;
    if (sort_hexes(m, (vl_hex *)e->hexes, e->n) != VL_OK) return VL_ENOMEM;
    m->edges[8 + i] = *e;
  }
  qsort(m->edges, n, sizeof *m->edges, cmp_named);
  m->nedges = n;
  return VL_OK;
}

static int build_tracks(mparse *p) {
  vl_map *m = p->m;
  size_t i;
  m->ntracks = p->tracks.n;
  m->tracks = vl_arena_alloc(&m->arena, (p->tracks.n ? p->tracks.n : 1) * sizeof *m->tracks);
  if (m->tracks == NULL) return VL_ENOMEM;
  for (i = 0; i < p->tracks.n; i++) {
    ptrack *t = (ptrack *)p->tracks.p + i;
    vl_track *o = &m->tracks[i];
    size_t k, na = 0, (*adj)[2];
    size_t total = t->adjacent.n + (t->spaces.n ? t->spaces.n - 1 : 0);
    o->name = t->name;
    o->nspaces = t->spaces.n;
    o->spaces = arena_copy(&m->arena, t->spaces.p, t->spaces.n, sizeof(const char *));
    adj = vl_arena_alloc(&m->arena, (total ? total : 1) * sizeof *adj);
    if (o->spaces == NULL || adj == NULL) return VL_ENOMEM;
    for (k = 0; k + 1 < t->spaces.n; k++) {
      adj[na][0] = k;
      adj[na++][1] = k + 1;
    }
    for (k = 0; k < t->adjacent.n; k++) {
      adj[na][0] = ((size_t *)t->adjacent.p)[2 * k];
      adj[na++][1] = ((size_t *)t->adjacent.p)[2 * k + 1];
    }
    qsort(adj, na, sizeof *adj, cmp_pair);
    if (na > 0) {  /* drop repeats */
      size_t r = 1;
      for (k = 1; k < na; k++)
        if (cmp_pair(adj[k], adj[r - 1]) != 0) {
          adj[r][0] = adj[k][0];
          adj[r++][1] = adj[k][1];
        }
      na = r;
    }
    o->nadjacent = na;
    o->adjacent = (const size_t(*)[2])adj;
    {
      vl_track_link *links = vl_arena_alloc(&m->arena, (t->links.n ? t->links.n : 1) *
                                                           sizeof *links);
      cell_link *tmp = malloc((t->links.n ? t->links.n : 1) * sizeof *tmp);
      if (links == NULL || tmp == NULL) {
        free(tmp);
        return VL_ENOMEM;
      }
      for (k = 0; k < t->links.n; k++) {
        tmp[k].link = ((vl_track_link *)t->links.p)[k];
        tmp[k].cell = vl_map_cell(m, tmp[k].link.hex);
      }
      qsort(tmp, t->links.n, sizeof *tmp, cmp_link);
      for (k = 0; k < t->links.n; k++) links[k] = tmp[k].link;
      free(tmp);
      o->links = links;
      o->nlinks = t->links.n;
    }
  }
  qsort(m->tracks, m->ntracks, sizeof *m->tracks, cmp_track);
  return VL_OK;
}

/* Sorts the boxes by id, keeping each name with its id. */
static int build_boxes(mparse *p) {
  vl_map *m = p->m;
  size_t n = p->box_ids.n, i, j;
  const char **ids = p->box_ids.p, **names = p->box_names.p;
  m->box_ids = vl_arena_alloc(&m->arena, (n ? n : 1) * sizeof *m->box_ids);
  m->box_names = vl_arena_alloc(&m->arena, (n ? n : 1) * sizeof *m->box_names);
  if (m->box_ids == NULL || m->box_names == NULL) return VL_ENOMEM;
  for (i = 0; i < n; i++) {  /* insertion sort: a handful of boxes */
    for (j = i; j > 0 && strcmp(m->box_ids[j - 1], ids[i]) > 0; j--) {
      m->box_ids[j] = m->box_ids[j - 1];
      m->box_names[j] = m->box_names[j - 1];
    }
    m->box_ids[j] = ids[i];
    m->box_names[j] = names[i];
  }
  m->nboxes = n;
  return VL_OK;
}

/* The end of the file: required sections, then the sorted lists. */
static int finish(mparse *p, const vl_ini_item *it, vl_error *err) {
  vl_map *m = p->m;
  size_t i;
  if (!p->seen[S_MAP]) return vl_ini_error(err, it, "missing section [map]");
  if (!p->seen[S_TERRAIN]) return vl_ini_error(err, it, "missing section [terrain]");
  for (i = 0; i < p->tracks.n; i++) {
    ptrack *t = (ptrack *)p->tracks.p + i;
    if (t->spaces.n == 0) {
      vl_ini_item at = *it;
      at.line = t->line;
      return vl_ini_error(err, &at, "track %s has no spaces", t->name);
    }
  }
  m->nplaces = p->places.n;
  m->places = arena_copy(&m->arena, p->places.p, p->places.n, sizeof(vl_map_hexes));
  m->nroads = p->roads.n;
  m->roads = arena_copy(&m->arena, p->roads.p, p->roads.n, sizeof(vl_map_hexes));
  if (m->places == NULL || m->roads == NULL) return oom(err, it);
  for (i = 0; i < m->nplaces; i++)
    if (sort_hexes(m, (vl_hex *)m->places[i].hexes, m->places[i].n) != VL_OK) return oom(err, it);
  qsort(m->places, m->nplaces, sizeof *m->places, cmp_named);
  qsort(m->roads, m->nroads, sizeof *m->roads, cmp_named);
  if (build_edges(p) != VL_OK || build_tracks(p) != VL_OK || build_boxes(p) != VL_OK)
    return oom(err, it);
  return VL_OK;
}

static int on_item(void *user, const vl_ini_item *it, vl_error *err) {
  mparse *p = user;
  int rc, s;
  switch (it->event) {
  case VL_INI_SECTION:
    if ((rc = close_section(p, err)) != VL_OK) return rc;
    for (s = 1; s < S_COUNT; s++)
      if (strcmp(it->section, section_names[s]) == 0) break;
    if (s == S_COUNT)
      return vl_ini_error(err, it, "unknown section [%s] (known: map, terrain, elevation, "
                                   "hexsides, roads, places, edges, tracks, boxes)", it->section);
    if (p->nsections++ == 0 && s != S_MAP)
      return vl_ini_error(err, it, "[map] must be the first section");
    p->cur = (section)s;
    p->seen[s] = 1;
    p->sec_line[s] = it->line;
    p->row = -1;
    return VL_OK;
  case VL_INI_VALUE:
    switch (p->cur) {
    case S_MAP: return map_value(p, it, err);
    case S_TERRAIN:
    case S_ELEVATION: return grid_value(p, it, err);
    case S_HEXSIDES: return hexside_value(p, it, err);
    case S_ROADS:
    case S_PLACES:
    case S_EDGES: return list_value(p, it, err);
    case S_TRACKS: return track_value(p, it, err);
    case S_BOXES: return box_value(p, it, err);
    default: return vl_ini_error(err, it, "key '%s' outside a section", it->key);
    }
  case VL_INI_END:
    if ((rc = close_section(p, err)) != VL_OK) return rc;
    return finish(p, it, err);
  }
  return VL_OK;
}

static vl_map *load_map(const char *path, const vl_path *data, int layer_given,
                        const char *layer, const char *layer_root, vl_error *err);

vl_map *vl_map_load(const char *path, const vl_path *data, vl_error *err) {
  return load_map(path, data, 0, NULL, NULL, err);
}

vl_map *vl_map_load_layer(const char *path, const vl_path *data, const char *layer,
                          const char *layer_root, vl_error *err) {
  return load_map(path, data, 1, layer, layer_root != NULL ? layer_root : ".", err);
}

static vl_map *load_map(const char *path, const vl_path *data, int layer_given,
                        const char *layer, const char *layer_root, vl_error *err) {
  mparse p;
  vl_map *m = calloc(1, sizeof *m);
  size_t i;
  int rc;
  if (m == NULL) {
    vl_error_set(err, VL_ENOMEM, path, 0, "out of memory");
    return NULL;
  }
  memset(&p, 0, sizeof p);
  p.m = m;
  p.data = data;
  p.layer_given = layer_given;
  p.layer = layer;
  p.layer_root = layer_root;
  p.row = -1;
  m->path = vl_arena_strndup(&m->arena, path, strlen(path));
  if (m->path == NULL) {
    vl_error_set(err, VL_ENOMEM, path, 0, "out of memory");
    rc = VL_ENOMEM;
  } else {
    p.file = m->path;
    rc = vl_ini_parse_file(path, on_item, &p, err);
  }
  free(p.rows_seen[0]);
  free(p.rows_seen[1]);
  vl_vec_free(&p.hexes);
  vl_vec_free(&p.line_hex[0]);
  vl_vec_free(&p.line_hex[1]);
  vl_vec_free(&p.places);
  vl_vec_free(&p.entries);
  vl_vec_free(&p.roads);
  for (i = 0; i < p.tracks.n; i++) {
    ptrack *t = (ptrack *)p.tracks.p + i;
    vl_vec_free(&t->spaces);
    vl_vec_free(&t->adjacent);
    vl_vec_free(&t->links);
  }
  vl_vec_free(&p.tracks);
  vl_vec_free(&p.box_ids);
  vl_vec_free(&p.box_names);
  if (rc != VL_OK) {
    vl_map_free(m);
    return NULL;
  }
  return m;
}
