/*
** render_svg.c -- the map as an SVG document. Hexes are laid out with integer coordinates:
** a flat-top hex is 60 units wide and 52 tall (26/30 is within 0.1% of sqrt(3)/2), columns
** 45 apart, the shifted columns 26 down; pointy-top is the same turned a quarter. Layers,
** bottom to top: hexes, terrain glyphs, contours, shading, hexside features, roads, hex
** numbers, units; then the tracks and boxes to the right of the map and the legend below.
*/
#include "render_svg.h"

#include <stdlib.h>
#include <string.h>

#define HALF_W 30   /* flat-top: centre to the E and W vertices */
#define QUART 15    /* flat-top: centre to the x of the other vertices */
#define HALF_H 26   /* flat-top: centre to the N and S hexsides */
#define MARGIN 20
#define TOP 64      /* room for the title */
#define PANEL_W 300 /* the tracks and boxes beside the map */

typedef struct sctx {
  FILE *out;
  const vl_map *m;
  const vl_grid *g;
  const vl_terrain *tt;
  const view *v;
  const svg_options *o;
  int flat;
  int cmin, cmax, rmin, rmax, nrows;
  int c0, r0;                 /* the region's first column and row */
  int map_w, map_h;           /* the map's drawing, margins included */
  int emin, emax;             /* elevation bounds over the drawn hexes, half-levels */
  unsigned char *drawn;       /* per map hex */
  unsigned char *used[VL_TERRAIN_KINDS];
  int any_facing, any_stack, any_leader, any_state;
} sctx;

/* ---- text ------------------------------------------------------------------------------ */

/* The length of a well-formed UTF-8 sequence of two to four bytes at s, else 0. */
static size_t utf8_seq(const unsigned char *s) {
  size_t n = (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
  size_t i;
  if (n == 0 || (n == 2 && s[0] < 0xc2)) return 0;
  for (i = 1; i < n; i++)
    if ((s[i] & 0xc0) != 0x80) return 0;
  return n;
}

/* Writes text as XML character data: markup escaped; controls and bytes that are not UTF-8
** (a file name may hold any) written as '?', so the document stays well-formed. */
static void xml_text(FILE *out, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    size_t n;
    switch (*p) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    case '\'': fputs("&apos;", out); break;
    default:
      if (*p < 0x80) {
        fputc(*p < 0x20 ? '?' : *p, out);
      } else if ((n = utf8_seq(p)) > 0) {
        fwrite(p, 1, n, out);
        p += n;
        continue;
      } else {
        fputc('?', out);
      }
    }
    p++;
  }
}

/* Width of text in SVG units at the given font size, by a sans-serif's average advance. */
static int text_w(const char *s, int size) {
  int n = 0;
  for (; *s; s++)
    if (((unsigned char)*s & 0xc0) != 0x80) n++;
  return n * size * 6 / 10;
}

/* ---- geometry -------------------------------------------------------------------------- */

static int shifted(const vl_grid *g, int n) {
  int odd = (n % 2 + 2) % 2;
  return g->parity == VL_ODD_COLUMNS_DOWN || g->parity == VL_ODD_ROWS_RIGHT ? odd : !odd;
}

static void centre(const sctx *s, vl_hex h, int *x, int *y) {
  int col, row;
  vl_hex_to_offset(s->g, h, &col, &row);
  if (s->flat) {
    *x = MARGIN + HALF_W + 45 * (col - s->c0);
    *y = TOP + HALF_H + 52 * (row - s->r0) + (shifted(s->g, col) ? HALF_H : 0);
  } else {
    *x = MARGIN + HALF_H + 52 * (col - s->c0) + (shifted(s->g, row) ? HALF_H : 0);
    *y = TOP + HALF_W + 45 * (row - s->r0);
  }
}

/* Vertex k (0..5, hex.h's numbering) of a hex, relative to its centre. */
static void vertex(const sctx *s, int k, int *dx, int *dy) {
  static const int fx[6] = {QUART, HALF_W, QUART, -QUART, -HALF_W, -QUART};
  static const int fy[6] = {-HALF_H, 0, HALF_H, HALF_H, 0, -HALF_H};
  static const int px[6] = {HALF_H, HALF_H, 0, -HALF_H, -HALF_H, 0};
  static const int py[6] = {-QUART, QUART, HALF_W, QUART, -QUART, -HALF_W};
  k = (k % 6 + 6) % 6;
  *dx = s->flat ? fx[k] : px[k];
  *dy = s->flat ? fy[k] : py[k];
}

/* The two ends of hexside d (0..5) of the hex centred at (x, y). */
static void side_ends(const sctx *s, int x, int y, int d, int e[4]) {
  int ax, ay, bx, by;
  vertex(s, d - 1, &ax, &ay);
  vertex(s, d, &bx, &by);
  e[0] = x + ax;
  e[1] = y + ay;
  e[2] = x + bx;
  e[3] = y + by;
}

static int map_index(const sctx *s, vl_hex h) {
  int col, row;
  vl_hex_to_offset(s->g, h, &col, &row);
  return (col - s->cmin) * s->nrows + (row - s->rmin);
}

static int drawn(const sctx *s, vl_hex h) {
  return vl_map_contains(s->m, h) && s->drawn[map_index(s, h)];
}

/* ---- colours --------------------------------------------------------------------------- */

/* a + (b - a) * num / den, per channel. */
static long mix(long a, long b, int num, int den) {
  long r = 0;
  int sh;
  for (sh = 16; sh >= 0; sh -= 8) {
    long ca = (a >> sh) & 255, cb = (b >> sh) & 255;
    r |= (ca + (cb - ca) * num / den) << sh;
  }
  return r;
}

/* The hex's fill: its terrain's, darkened toward brown by its height among the drawn hexes. */
static long hex_fill(const sctx *s, vl_hex h) {
  long f = picture_rgb(picture_fill(vl_map_terrain(s->m, h)));
  int e = 0;
  vl_map_elevation(s->m, h, &e);
  if (s->emax > s->emin) f = mix(f, 0x6b4a2aL, 45 * (e - s->emin), 100 * (s->emax - s->emin));
  return f;
}

static void level_text(int halves, char *buf, size_t n) {
  int neg = halves < 0, a = neg ? -halves : halves;
  snprintf(buf, n, "%s%d%s", neg ? "-" : "", a / 2, a % 2 ? ".5" : "");
}

/* ---- marks ----------------------------------------------------------------------------- */

/* Draws mark mk with its counter centred at (x, y); attrs are its location attributes. */
static void draw_mark(sctx *s, const view_mark *mk, int x, int y, const char *attrs) {
  FILE *out = s->out;
  const char *fill = picture_side_fill(mk->side), *ink = picture_side_ink(mk->side);
  int len = (int)strlen(mk->code), second;
  static const char *const cls[3] = {"unit", "stack", "leader"};
  fprintf(out, "<g class=\"%s\" %s data-side=\"", cls[mk->kind], attrs);
  xml_text(out, view_side(s->v, (size_t)mk->side));
  fputs("\" data-code=\"", out);
  xml_text(out, mk->code);
  fputc('"', out);
  if (mk->facing) {
    fputs(" data-facing=\"", out);
    xml_text(out, mk->facing);
    fputc('"', out);
  }
  if (mk->kind == VIEW_STACK) fprintf(out, " data-count=\"%d\"", mk->count);
  /* the counter's state for a page to read (volley serve): only what is set */
  if (mk->rating[0]) fprintf(out, " data-rating=\"%s\"", mk->rating);
  if (mk->hits > 0) fprintf(out, " data-hits=\"%d\"", mk->hits);
  if (mk->disordered) fputs(" data-disordered=\"1\"", out);
  if (mk->square) fputs(" data-square=\"1\"", out);
  fputs(">", out);
  if (mk->kind == VIEW_STACK) {
    s->any_stack = 1;
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"36\" height=\"22\" rx=\"2\" fill=\"%s\" "
                 "stroke=\"%s\"/>", x - 15, y - 14, fill, ink);
  }
  if (mk->kind == VIEW_LEADER) {
    s->any_leader = 1;
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"34\" height=\"15\" rx=\"7\" fill=\"%s\" "
                 "stroke=\"%s\" stroke-width=\"1.5\"/>", x - 17, y - 8, fill, ink);
  } else {
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"36\" height=\"22\" rx=\"2\" fill=\"%s\" "
                 "stroke=\"%s\" stroke-width=\"1.5\"/>", x - 18, y - 11, fill, ink);
  }
  second = mk->kind != VIEW_LEADER && (mk->rating[0] || mk->hits > 0 || mk->disordered ||
                                       mk->square);
  fprintf(out, "<text x=\"%d\" y=\"%d\" fill=\"%s\" class=\"%s\"", x,
          mk->kind == VIEW_LEADER ? y + 3 : second ? y : y + 4, ink, mk->kind == VIEW_LEADER ? "code leader-code"
                                                                           : "code");
  if (len > 5) fprintf(out, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"",
                       mk->kind == VIEW_LEADER ? 30 : 32);
  fputs(">", out);
  xml_text(out, mk->code);
  fputs("</text>", out);
  if (second) {  /* a second line: the ratings on the left, the state on the right */
    if (mk->rating[0])
      fprintf(out, "<text x=\"%d\" y=\"%d\" fill=\"%s\" class=\"rating\">%s</text>", x - 16,
              y + 9, ink, mk->rating);
    if (mk->hits > 0 || mk->disordered || mk->square) {
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"state\">", x + 16, y + 9);
      if (mk->hits > 0) fprintf(out, "H%d", mk->hits);
      if (mk->disordered) fputs(mk->hits > 0 ? " D" : "D", out);
      if (mk->square) fputs(mk->hits > 0 || mk->disordered ? " S" : "S", out);
      fputs("</text>", out);
    }
  }
  if (mk->clock >= 0) {
    s->any_facing = 1;
    fprintf(out, "<path class=\"facing\" d=\"M0,-31 L-5,-16 L5,-16 Z\" fill=\"%s\" "
                 "transform=\"translate(%d,%d) rotate(%d)\"/>", ink, x, y, 30 * mk->clock);
  }
  if (mk->kind == VIEW_STACK)
    fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" "
                 "class=\"count\">%d</text>", x + 18, y - 11, ink, x + 18, y - 8, mk->count);
  fputs("</g>\n", out);
}

/* ---- the map --------------------------------------------------------------------------- */

static void draw_hexes(sctx *s) {
  FILE *out = s->out;
  size_t i, n = vl_map_hex_count(s->m);
  fputs("<g id=\"hexes\">\n", out);
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(s->m, i);
    const vl_terrain_type *ty = vl_map_terrain(s->m, h);
    char label[VL_HEX_LABEL_MAX], level[16];
    int x, y, k, e = 0;
    if (!s->drawn[map_index(s, h)]) continue;
    s->used[VL_TERRAIN_HEX][vl_map_terrain_index(s->m, h)] = 1;
    centre(s, h, &x, &y);
    vl_hex_format(s->g, h, label, sizeof label);
    vl_map_elevation(s->m, h, &e);
    level_text(e, level, sizeof level);
    fprintf(out, "<polygon class=\"hex\" data-hex=\"%s\" data-terrain=\"", label);
    xml_text(out, ty->id);
    fprintf(out, "\" data-level=\"%s\" fill=\"#%06lx\" points=\"", level, hex_fill(s, h));
    for (k = 0; k < 6; k++) {
      int dx, dy;
      vertex(s, k, &dx, &dy);
      fprintf(out, "%s%d,%d", k ? " " : "", x + dx, y + dy);
    }
    fputs("\"/>\n", out);
  }
  fputs("</g>\n<g id=\"glyphs\">\n", out);
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(s->m, i);
    const vl_terrain_type *ty = vl_map_terrain(s->m, h);
    int x, y;
    if (!s->drawn[map_index(s, h)] || ty->display.glyph == NULL || !ty->display.glyph[0])
      continue;
    centre(s, h, &x, &y);
    fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"glyph\" fill=\"%s\">", x, y + 20,
            picture_colour(ty) ? picture_colour(ty) : "#555555");
    xml_text(out, ty->display.glyph);
    fputs("</text>\n", out);
  }
  fputs("</g>\n", out);
}

/* Calls fn for each hexside of the drawn hexes once: (a, b, direction from a). */
static void each_side(sctx *s, void (*fn)(sctx *, vl_hex, vl_hex, int, int, int)) {
  size_t i, n = vl_map_hex_count(s->m);
  for (i = 0; i < n; i++) {
    vl_hex a = vl_map_hex_at(s->m, i);
    int d, x, y;
    if (!s->drawn[map_index(s, a)]) continue;
    centre(s, a, &x, &y);
    for (d = 0; d < 6; d++) {
      vl_hex b = vl_hex_neighbor(s->g, a, d);
      if (drawn(s, b) && vl_hex_cmp(b, a) < 0) continue;  /* b draws it */
      fn(s, a, b, d, x, y);
    }
  }
}

static void contour(sctx *s, vl_hex a, vl_hex b, int d, int x, int y) {
  int ea = 0, eb = 0, e[4];
  if (!drawn(s, b)) return;
  vl_map_elevation(s->m, a, &ea);
  vl_map_elevation(s->m, b, &eb);
  if (ea == eb) return;
  side_ends(s, x, y, d, e);
  fprintf(s->out, "<line class=\"contour\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", e[0],
          e[1], e[2], e[3]);
}

static void feature(sctx *s, vl_hex a, vl_hex b, int d, int x, int y) {
  uint32_t f = 0;
  size_t k, nk = vl_terrain_count(s->tt, VL_TERRAIN_HEXSIDE);
  int e[4], j = 0, many = 0;
  char id[VL_HEXSIDE_ID_MAX];
  vl_hexside hs;
  if (vl_map_hexside(s->m, a, b, &f, NULL) != VL_OK || f == 0) return;
  for (k = 0; k < nk; k++) many += (f & ((uint32_t)1 << k)) != 0;
  side_ends(s, x, y, d, e);
  hs = vl_hexside_of(s->g, a, d);
  if (vl_hexside_format(s->g, hs, id, sizeof id) < 0) id[0] = '\0';
  for (k = 0; k < nk; k++) {
    const vl_terrain_type *ty;
    if (!(f & ((uint32_t)1 << k))) continue;
    ty = vl_terrain_type_at(s->tt, VL_TERRAIN_HEXSIDE, k);
    s->used[VL_TERRAIN_HEXSIDE][k] = 1;
    /* several features on one hexside: the first widest, each later one narrower on top */
    fprintf(s->out, "<line class=\"hexside\" data-hexside=\"%s\" data-feature=\"", id);
    xml_text(s->out, ty->id);
    fprintf(s->out, "\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    "stroke-width=\"%d\"/>\n", e[0], e[1], e[2], e[3], picture_colour(ty),
            many > 1 ? 9 - 3 * j : 5);
    j++;
  }
}

static void draw_roads(sctx *s) {
  size_t r;
  fputs("<g id=\"roads\">\n", s->out);
  for (r = 0; r < vl_map_road_count(s->m); r++) {
    const vl_map_hexes *road = vl_map_road_at(s->m, r);
    const vl_terrain_type *ty = vl_terrain_type_at(s->tt, VL_TERRAIN_ROAD, (size_t)road->kind);
    size_t i = 0;
    while (i < road->n) {
      size_t j = i;
      while (j < road->n && drawn(s, road->hexes[j])) j++;
      if (j - i >= 2) {  /* a run of drawn hexes */
        size_t k;
        s->used[VL_TERRAIN_ROAD][road->kind] = 1;
        fputs("<polyline class=\"road\" data-road=\"", s->out);
        xml_text(s->out, road->name);
        fprintf(s->out, "\" stroke=\"%s\" points=\"", picture_colour(ty));
        for (k = i; k < j; k++) {
          int x, y;
          centre(s, road->hexes[k], &x, &y);
          fprintf(s->out, "%s%d,%d", k > i ? " " : "", x, y);
        }
        fputs("\"/>\n", s->out);
      }
      i = j > i ? j : i + 1;
    }
  }
  fputs("</g>\n", s->out);
}

static void draw_shade(sctx *s) {
  size_t i, n = vl_map_hex_count(s->m);
  int any = 0;
  if (s->v == NULL || view_shade_count(s->v) == 0) return;
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(s->m, i);
    int x, y, k;
    if (!s->drawn[map_index(s, h)] || !view_shaded(s->v, h)) continue;
    if (!any) fputs("<path class=\"reach\" d=\"", s->out);
    any = 1;
    centre(s, h, &x, &y);
    for (k = 0; k < 6; k++) {
      int dx, dy;
      vertex(s, k, &dx, &dy);
      fprintf(s->out, "%s%d,%d", k ? " L" : "M", x + dx, y + dy);
    }
    fputs(" Z ", s->out);
  }
  if (any) fputs("\"/>\n", s->out);
}

static void draw_numbers(sctx *s) {
  size_t i, n = vl_map_hex_count(s->m);
  fputs("<g id=\"numbers\">\n", s->out);
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(s->m, i);
    char label[VL_HEX_LABEL_MAX];
    int x, y;
    if (!s->drawn[map_index(s, h)]) continue;
    centre(s, h, &x, &y);
    vl_hex_format(s->g, h, label, sizeof label);
    fprintf(s->out, "<text x=\"%d\" y=\"%d\" class=\"number\">%s</text>\n", x,
            y - (s->flat ? 17 : 20), label);
  }
  fputs("</g>\n", s->out);
}

/* Where mark i sits in its hex: the units and stacks one on another from just above the
** centre, each later one 4 right and 4 down; the leaders in a row along the hex's foot. */
static void mark_offset(const sctx *s, size_t i, int *dx, int *dy) {
  const view_mark *mk = view_mark_at(s->v, i);
  size_t j;
  int before = 0, leaders = 0, others = 0;
  for (j = 0; j < view_mark_count(s->v); j++) {
    const view_mark *o = view_mark_at(s->v, j);
    if (o->place != VIEW_ON_HEX || !vl_hex_eq(o->hex, mk->hex)) continue;
    if ((o->kind == VIEW_LEADER) == (mk->kind == VIEW_LEADER) && j < i) before++;
    if (o->kind == VIEW_LEADER) leaders++;
    else others++;
  }
  if (mk->kind != VIEW_LEADER) {
    *dx = 4 * before;
    *dy = (leaders > 0 ? -2 : 1) + 4 * before;
    return;
  }
  if (others == 0 && leaders == 1) {  /* a leader alone: in the middle */
    *dx = 0;
    *dy = 2;
    return;
  }
  *dx = 19 * (2 * before - (leaders - 1)) / 2;  /* side by side, centred */
  *dy = others > 0 ? 16 : 2;
}

static void draw_units(sctx *s) {
  size_t i;
  int pass;
  if (s->v == NULL) return;
  fputs("<g id=\"units\">\n", s->out);
  for (pass = 0; pass < 2; pass++)  /* leaders last, on top */
    for (i = 0; i < view_mark_count(s->v); i++) {
      const view_mark *mk = view_mark_at(s->v, i);
      char attrs[64];
      int x, y, dx, dy;
      if (mk->place != VIEW_ON_HEX || !drawn(s, mk->hex)) continue;
      if ((mk->kind == VIEW_LEADER) != (pass == 1)) continue;
      centre(s, mk->hex, &x, &y);
      mark_offset(s, i, &dx, &dy);
      snprintf(attrs, sizeof attrs, "data-hex=\"%s\"", mk->where);
      draw_mark(s, mk, x + dx, y + dy, attrs);
    }
  fputs("</g>\n", s->out);
}

/* ---- beside the map: tracks and boxes -------------------------------------------------- */

/* Draws the marks at a track space or in a box from (x, y), 44 apart; returns how many. */
static int marks_at(sctx *s, const char *track, int space, const char *box, int x, int y,
                    int per_row) {
  size_t i;
  int k = 0;
  if (s->v == NULL) return 0;
  for (i = 0; i < view_mark_count(s->v); i++) {
    const view_mark *mk = view_mark_at(s->v, i);
    char attrs[160];
    if (track != NULL && (mk->place != VIEW_ON_TRACK || strcmp(mk->track, track) != 0 ||
                          mk->space != space))
      continue;
    if (box != NULL && (mk->place != VIEW_IN_BOX || strcmp(mk->box, box) != 0)) continue;
    if (track != NULL)
      snprintf(attrs, sizeof attrs, "data-track=\"%s\" data-space=\"%s\"", track,
               vl_map_track(s->m, track)->spaces[space]);
    else if (box != NULL)
      snprintf(attrs, sizeof attrs, "data-box=\"%s\"", box);
    draw_mark(s, mk, x + 22 + 44 * (k % per_row), y + 14 + 30 * (k / per_row), attrs);
    k++;
  }
  return k;
}

static int count_at(const sctx *s, const char *track, int space, const char *box) {
  size_t i;
  int k = 0;
  if (s->v == NULL) return 0;
  for (i = 0; i < view_mark_count(s->v); i++) {
    const view_mark *mk = view_mark_at(s->v, i);
    if (track != NULL && mk->place == VIEW_ON_TRACK && strcmp(mk->track, track) == 0 &&
        mk->space == space)
      k++;
    if (box != NULL && mk->place == VIEW_IN_BOX && strcmp(mk->box, box) == 0) k++;
  }
  return k;
}

#define SPACE_W 44
#define SPACE_H 26
#define SPACE_GAP 40
/* Marks a row beside a track space: as many as fit in the panel right of the space. */
#define SPACE_MARKS ((PANEL_W - 30 - SPACE_W - 6) / 44)
/* The width a space's "to 1012, ..." text needs, in marks. */
#define LINK_MARKS 3

/* Whether space k of track tr links to a map hex. */
static int space_links(const vl_track *tr, size_t k) {
  size_t l;
  for (l = 0; l < tr->nlinks; l++)
    if (tr->links[l].space == k) return 1;
  return 0;
}

/* The rows of marks beside space k (at least 1), and the row and the marks before its link
** text, which follows the marks on their last row when it fits there, else starts a row. */
static int space_rows(const sctx *s, const vl_track *tr, size_t k, int *link_row,
                      int *link_after) {
  int units = count_at(s, tr->name, (int)k, NULL);
  int rows = units > 0 ? (units + SPACE_MARKS - 1) / SPACE_MARKS : 1;
  int last = units - (rows - 1) * SPACE_MARKS;
  *link_row = rows - 1;
  *link_after = last;
  if (space_links(tr, k) && last > SPACE_MARKS - LINK_MARKS) {
    *link_row = rows;
    *link_after = 0;
    rows++;
  }
  return rows;
}

/* The height of the panel (0 when the map has no tracks and no boxes); draws it when out.
** A track's spaces stand one below the other, each as far below the last as its marks need
** (a row of SPACE_MARKS marks each), so a crowded space never runs off the picture or into
** the next one. */
static int panel(sctx *s, int x0, int draw) {
  FILE *out = s->out;
  size_t t, b;
  int y = TOP;
  for (t = 0; t < vl_map_track_count(s->m); t++) {
    const vl_track *tr = vl_map_track_at(s->m, t);
    size_t k;
    int y0 = y + 24, ys = y0, lr, la;
    int *top = malloc((tr->nspaces + 1) * sizeof *top);
    if (top == NULL) return 0; /* nothing drawn beside the map rather than a crash */
    for (k = 0; k < tr->nspaces; k++) {  /* each space's top */
      top[k] = ys;
      ys += SPACE_GAP + 30 * (space_rows(s, tr, k, &lr, &la) - 1);
    }
    top[tr->nspaces] = ys;
    if (draw) {
      fprintf(out, "<g class=\"track\" data-track=\"");
      xml_text(out, tr->name);
      fprintf(out, "\">\n<text x=\"%d\" y=\"%d\" class=\"heading\">Track ", x0, y + 14);
      xml_text(out, tr->name);
      fputs("</text>\n", out);
      for (k = 0; k + 1 < tr->nspaces; k++)  /* consecutive spaces */
        fprintf(out, "<line class=\"track-link\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n",
                x0 + SPACE_W / 2, top[k] + SPACE_H, x0 + SPACE_W / 2, top[k + 1]);
      for (k = 0; k < tr->nadjacent; k++) {  /* more adjacencies: arcs on the left */
        int ya, yb;
        if (tr->adjacent[k][1] == tr->adjacent[k][0] + 1) continue;  /* drawn above */
        ya = top[tr->adjacent[k][0]] + SPACE_H / 2;
        yb = top[tr->adjacent[k][1]] + SPACE_H / 2;
        fprintf(out, "<path class=\"track-link\" d=\"M%d,%d C%d,%d %d,%d %d,%d\"/>\n", x0, ya,
                x0 - 16, ya, x0 - 16, yb, x0, yb);
      }
    }
    for (k = 0; k < tr->nspaces; k++) {
      size_t l;
      if (!draw) continue;
      space_rows(s, tr, k, &lr, &la);
      fprintf(out, "<rect class=\"space\" data-space=\"");
      xml_text(out, tr->spaces[k]);
      fprintf(out, "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", x0, top[k], SPACE_W,
              SPACE_H);
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"space-name\">", x0 + SPACE_W / 2,
              top[k] + 17);
      xml_text(out, tr->spaces[k]);
      fputs("</text>\n", out);
      marks_at(s, tr->name, (int)k, NULL, x0 + SPACE_W + 6, top[k] - 1, SPACE_MARKS);
      for (l = 0; l < tr->nlinks; l++)
        if (tr->links[l].space == k) {
          char label[VL_HEX_LABEL_MAX];
          int first = 1;
          fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"link\">to",
                  x0 + SPACE_W + 10 + 44 * la, top[k] + 17 + 30 * lr);
          for (; l < tr->nlinks && tr->links[l].space == k; l++, first = 0) {
            vl_hex_format(s->g, tr->links[l].hex, label, sizeof label);
            fprintf(out, "%s%s", first ? " " : ", ", label);
          }
          fputs("</text>\n", out);
          break;
        }
    }
    if (draw) fputs("</g>\n", out);
    y = top[tr->nspaces] + 10;
    free(top);
  }
  for (b = 0; b < vl_map_box_count(s->m); b++) {
    const char *id = vl_map_box_id(s->m, b);
    int units = count_at(s, NULL, 0, id), rows = units > 0 ? (units + 5) / 6 : 1;
    int h = 30 + 30 * rows;
    if (draw) {
      fputs("<g class=\"box\" data-box=\"", out);
      xml_text(out, id);
      fprintf(out, "\">\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>\n", x0, y,
              PANEL_W - 30, h);
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"heading\">", x0 + 8, y + 18);
      xml_text(out, vl_map_box(s->m, id));
      fputs("</text>\n", out);
      marks_at(s, NULL, 0, id, x0 + 4, y + 26, 6);
      fputs("</g>\n", out);
    }
    y += h + 12;
  }
  return y > TOP ? y - TOP : 0;
}

/* ---- the legend ------------------------------------------------------------------------ */

/* Where the next legend item goes. */
typedef struct lpos {
  int x, y;
  int x0, right;
} lpos;

/* Moves to the next item place of width w; returns its x (and sets pos->y). */
static int legend_place(lpos *p, int w) {
  if (p->x > p->x0 && p->x + w > p->right) {
    p->x = p->x0;
    p->y += 24;
  }
  p->x += w + 18;
  return p->x - w - 18;
}

/* Lays out (and when draw, draws) the legend from y; returns its height. */
static int legend(sctx *s, int y, int width, int draw) {
  FILE *out = s->out;
  lpos p;
  size_t k;
  int kind;
  p.x0 = p.x = MARGIN;
  p.y = y;
  p.right = width - MARGIN;
  if (draw) fputs("<g id=\"legend\">\n", out);
  for (kind = 0; kind < VL_TERRAIN_KINDS; kind++)
    for (k = 0; k < vl_terrain_count(s->tt, (vl_terrain_kind)kind); k++) {
      const vl_terrain_type *ty = vl_terrain_type_at(s->tt, (vl_terrain_kind)kind, k);
      const char *name = ty->name ? ty->name : ty->id;
      int x;
      if (!s->used[kind][k]) continue;
      x = legend_place(&p, 30 + text_w(name, 11));
      if (!draw) continue;
      if (kind == VL_TERRAIN_HEX) {
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"16\" fill=\"%s\" "
                     "stroke=\"#888888\"/>", x, p.y, picture_fill(ty));
        if (ty->display.glyph && ty->display.glyph[0]) {
          fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"glyph\" fill=\"%s\">", x + 12, p.y + 13,
                  picture_colour(ty) ? picture_colour(ty) : "#555555");
          xml_text(out, ty->display.glyph);
          fputs("</text>", out);
        }
      } else {
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                     "stroke-width=\"%d\" stroke-linecap=\"round\"/>", x + 2, p.y + 8, x + 22,
                p.y + 8, picture_colour(ty), kind == VL_TERRAIN_ROAD ? 4 : 5);
      }
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"legend\">", x + 30, p.y + 13);
      xml_text(out, name);
      fputs("</text>\n", out);
    }
  if (s->emax > s->emin) {
    int x, i, range = s->emax - s->emin, nsw = range + 1 < 8 ? range + 1 : 8;
    char a[16], b[16], words[64];
    level_text(s->emin, a, sizeof a);
    level_text(s->emax, b, sizeof b);
    snprintf(words, sizeof words, "elevation %s to %s (darker is higher)", a, b);
    x = legend_place(&p, 12 * nsw + 6 + text_w(words, 11));
    if (draw) {
      for (i = 0; i < nsw; i++)  /* swatches from the lowest to the highest level */
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"16\" fill=\"#%06lx\"/>",
                x + 12 * i, p.y, mix(0xeeeadfL, 0x6b4a2aL, 45 * i, 100 * (nsw - 1)));
      fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>\n", x + 12 * nsw + 6,
              p.y + 13, words);
    }
  }
  if (s->v != NULL) {
    size_t i;
    for (i = 0; i < view_side_count(s->v); i++) {
      int x = legend_place(&p, 30 + text_w(view_side(s->v, i), 11));
      if (!draw) continue;
      fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"16\" rx=\"2\" fill=\"%s\" "
                   "stroke=\"%s\" stroke-width=\"1.5\"/><text x=\"%d\" y=\"%d\" "
                   "class=\"legend\">", x, p.y, picture_side_fill((int)i),
              picture_side_ink((int)i), x + 30, p.y + 13);
      xml_text(out, view_side(s->v, i));
      fputs("</text>\n", out);
    }
    if (view_shade_count(s->v) > 0) {
      int x = legend_place(&p, 30 + text_w("reach", 11));
      if (draw)
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"16\" class=\"reach\"/>"
                     "<text x=\"%d\" y=\"%d\" class=\"legend\">reach</text>\n", x, p.y, x + 30,
                p.y + 13);
    }
    if (s->any_facing) {
      int x = legend_place(&p, 30 + text_w("facing", 11));
      if (draw)
        fprintf(out, "<path d=\"M%d,%d L%d,%d L%d,%d Z\" fill=\"#333333\"/><text x=\"%d\" "
                     "y=\"%d\" class=\"legend\">facing</text>\n", x + 12, p.y, x + 5, p.y + 14,
                x + 19, p.y + 14, x + 30, p.y + 13);
    }
    if (s->any_state) {
      static const char words[] = "H2 Hits, D Disordered, S in Square";
      int x = legend_place(&p, text_w(words, 11));
      if (draw)
        fprintf(out, "<text x=\"%d\" y=\"%d\" class=\"legend\">%s</text>\n", x, p.y + 13, words);
    }
    if (s->any_stack) {
      int x = legend_place(&p, 30 + text_w("units in a stack", 11));
      if (draw)
        fprintf(out, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"#333333\"/><text x=\"%d\" "
                     "y=\"%d\" class=\"count\">3</text><text x=\"%d\" y=\"%d\" "
                     "class=\"legend\">units in a stack</text>\n", x + 12, p.y + 8, x + 12,
                p.y + 11, x + 30, p.y + 13);
    }
    if (s->any_leader) {
      int x = legend_place(&p, 30 + text_w("leader", 11));
      if (draw)
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"14\" rx=\"7\" "
                     "fill=\"#ffffff\" stroke=\"#333333\" stroke-width=\"1.5\"/><text x=\"%d\" "
                     "y=\"%d\" class=\"legend\">leader</text>\n", x, p.y + 1, x + 30, p.y + 13);
    }
  }
  if (draw) fputs("</g>\n", out);
  return p.x > p.x0 ? p.y + 24 - y : p.y - y;
}

/* Marks what the picture will draw (types, kinds of marks), so the legend's size is known
** before the document starts. */
static void scan_used(sctx *s) {
  size_t i, n = vl_map_hex_count(s->m), r;
  for (i = 0; i < n; i++) {
    vl_hex a = vl_map_hex_at(s->m, i);
    int d;
    if (!s->drawn[i]) continue;
    s->used[VL_TERRAIN_HEX][vl_map_terrain_index(s->m, a)] = 1;
    for (d = 0; d < 6; d++) {
      uint32_t f = 0;
      size_t k;
      if (vl_map_hexside(s->m, a, vl_hex_neighbor(s->g, a, d), &f, NULL) != VL_OK) continue;
      for (k = 0; k < vl_terrain_count(s->tt, VL_TERRAIN_HEXSIDE); k++)
        if (f & ((uint32_t)1 << k)) s->used[VL_TERRAIN_HEXSIDE][k] = 1;
    }
  }
  for (r = 0; r < vl_map_road_count(s->m); r++) {
    const vl_map_hexes *road = vl_map_road_at(s->m, r);
    for (i = 0; i + 1 < road->n; i++)
      if (drawn(s, road->hexes[i]) && drawn(s, road->hexes[i + 1]))
        s->used[VL_TERRAIN_ROAD][road->kind] = 1;
  }
  if (s->v == NULL) return;
  for (i = 0; i < view_mark_count(s->v); i++) {
    const view_mark *mk = view_mark_at(s->v, i);
    if (mk->place == VIEW_ON_HEX && !drawn(s, mk->hex)) continue;
    if (mk->clock >= 0) s->any_facing = 1;
    if (mk->kind == VIEW_STACK) s->any_stack = 1;
    if (mk->kind == VIEW_LEADER) s->any_leader = 1;
    if (mk->kind != VIEW_LEADER && (mk->hits > 0 || mk->disordered || mk->square))
      s->any_state = 1;
  }
}

/* ---- the document ---------------------------------------------------------------------- */

static const char style_sheet[] =
  "<style>\n"
  "text { font-family: 'DejaVu Sans', Verdana, sans-serif; }\n"
  ".hex { stroke: #8c8c8c; stroke-width: 0.8; }\n"
  ".glyph { font-size: 13px; text-anchor: middle; opacity: 0.75; }\n"
  ".contour { stroke: #6b4a2a; stroke-width: 1.6; stroke-dasharray: 4 2; }\n"
  ".reach { fill: #ffd400; fill-opacity: 0.35; stroke: #b08c00; stroke-width: 1.2; }\n"
  ".hexside { stroke-linecap: round; }\n"
  ".facing { stroke: #ffffff; stroke-width: 1; stroke-linejoin: round; }\n"
  ".road { fill: none; stroke-width: 4; stroke-linecap: round; stroke-linejoin: round; }\n"
  ".number { font-size: 9px; fill: #4a4a4a; text-anchor: middle; }\n"
  ".code { font-size: 10px; font-weight: bold; text-anchor: middle; }\n"
  ".leader-code { font-size: 9px; }\n"
  ".count { font-size: 9px; font-weight: bold; fill: #ffffff; text-anchor: middle; }\n"
  ".rating { font-size: 7px; }\n"
  ".state { font-size: 7px; font-weight: bold; fill: #c00000; text-anchor: end; }\n"
  ".title { font-size: 16px; font-weight: bold; }\n"
  ".subtitle { font-size: 11px; fill: #555555; }\n"
  ".heading { font-size: 12px; font-weight: bold; }\n"
  ".space { fill: #ffffff; stroke: #555555; }\n"
  ".space-name { font-size: 12px; text-anchor: middle; }\n"
  ".track-link { fill: none; stroke: #555555; stroke-width: 1.5; }\n"
  ".link { font-size: 11px; fill: #555555; }\n"
  ".box rect { fill: #fbfaf5; stroke: #555555; }\n"
  ".legend { font-size: 11px; }\n"
  "</style>\n";

static const char *const north_words[4] = {"top", "right", "bottom", "left"};

int render_svg(FILE *out, const vl_map *m, const view *v, const svg_options *o) {
  sctx s;
  size_t n = vl_map_hex_count(m), i;
  int k, w, h, panel_h, legend_y, legend_h, any = 0, d;
  memset(&s, 0, sizeof s);
  s.out = out;
  s.m = m;
  s.g = vl_map_grid(m);
  s.tt = vl_map_terrain_table(m);
  s.v = v;
  s.o = o;
  s.flat = s.g->layout == VL_FLAT_TOP;
  vl_map_bounds(m, &s.cmin, &s.cmax, &s.rmin, &s.rmax);
  s.nrows = s.rmax - s.rmin + 1;
  s.drawn = calloc(n, 1);
  for (k = 0; k < VL_TERRAIN_KINDS; k++)
    s.used[k] = calloc(vl_terrain_count(s.tt, (vl_terrain_kind)k) + 1, 1);
  if (s.drawn == NULL || !s.used[0] || !s.used[1] || !s.used[2]) {
    free(s.drawn);
    for (k = 0; k < VL_TERRAIN_KINDS; k++) free(s.used[k]);
    return -1;
  }
  s.c0 = s.cmax;
  s.r0 = s.rmax;
  for (i = 0; i < n; i++) {
    vl_hex hx = vl_map_hex_at(m, i);
    int col, row, e = 0;
    if (!picture_in_region(m, &o->region, hx)) continue;
    s.drawn[map_index(&s, hx)] = 1;
    vl_hex_to_offset(s.g, hx, &col, &row);
    vl_map_elevation(m, hx, &e);
    if (col < s.c0) s.c0 = col;
    if (row < s.r0) s.r0 = row;
    if (!any || e < s.emin) s.emin = e;
    if (!any || e > s.emax) s.emax = e;
    any = 1;
  }
  s.map_w = 0;
  s.map_h = 0;
  for (i = 0; i < n; i++) {
    vl_hex hx = vl_map_hex_at(m, i);
    int x, y;
    if (!s.drawn[i]) continue;
    centre(&s, hx, &x, &y);
    if (x + (s.flat ? HALF_W : HALF_H) + MARGIN > s.map_w) s.map_w = x + (s.flat ? HALF_W : HALF_H) + MARGIN;
    if (y + (s.flat ? HALF_H : HALF_W) + 10 > s.map_h) s.map_h = y + (s.flat ? HALF_H : HALF_W) + 10;
  }
  panel_h = panel(&s, s.map_w + 20, 0);
  w = s.map_w + (panel_h > 0 ? PANEL_W : 0);
  if (w < 480) w = 480;
  legend_y = (s.map_h > TOP + panel_h ? s.map_h : TOP + panel_h) + 10;
  scan_used(&s);
  legend_h = legend(&s, legend_y, w, 0);
  h = legend_y + legend_h + 10;
  d = s.g->digits;
  fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
               "height=\"%d\" viewBox=\"0 0 %d %d\" data-layout=\"%s\" data-parity=\"%s\">\n<title>",
          w, h, w, h, vl_grid_layout_word(s.g), vl_grid_parity_word(s.g));
  xml_text(out, o->title != NULL ? o->title : vl_map_path(m));
  fputs("</title>\n", out);
  fputs(style_sheet, out);
  fprintf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
  fprintf(out, "<text x=\"%d\" y=\"24\" class=\"title\">", MARGIN);
  xml_text(out, o->title != NULL ? o->title : vl_map_path(m));
  fputs(" (", out);
  xml_text(out, vl_map_system(m));
  fprintf(out, ")</text>\n<text x=\"%d\" y=\"42\" class=\"subtitle\">%s, %s; columns %0*d-%0*d, "
               "rows %0*d-%0*d; north at the %s", MARGIN, vl_grid_layout_word(s.g),
          vl_grid_parity_word(s.g), d, s.cmin, d, s.cmax, d, s.rmin, d, s.rmax,
          north_words[(int)vl_map_north_edge(m) & 3]);
  if (o->region.radius >= 0) {
    char label[VL_HEX_LABEL_MAX];
    vl_hex_format(s.g, o->region.centre, label, sizeof label);
    fprintf(out, "; hexes within %d of %s", o->region.radius, label);
  }
  fputs("</text>\n", out);
  fprintf(out, "<text x=\"%d\" y=\"56\" class=\"subtitle\">", MARGIN);
  xml_text(out, vl_map_provenance(m));
  fputs("</text>\n", out);
  draw_hexes(&s);
  fputs("<g id=\"contours\">\n", out);
  each_side(&s, contour);
  fputs("</g>\n", out);
  draw_shade(&s);
  fputs("<g id=\"hexsides\">\n", out);
  each_side(&s, feature);
  fputs("</g>\n", out);
  draw_roads(&s);
  draw_numbers(&s);
  draw_units(&s);
  if (panel_h > 0) {
    fputs("<g id=\"off-map\">\n", out);
    panel(&s, s.map_w + 20, 1);
    fputs("</g>\n", out);
  }
  legend(&s, legend_y, w, 1);
  fputs("</svg>\n", out);
  free(s.drawn);
  for (k = 0; k < VL_TERRAIN_KINDS; k++) free(s.used[k]);
  return 0;
}
