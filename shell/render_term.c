/*
** render_term.c -- the terminal map. The picture is painted into a grid of character cells
** (each a UTF-8 character and a style), then written line by line.
**
** Flat-top maps: a hex is a cell four lines tall whose top edge is W = 2 * digits + 2
** cells wide, columns P = W + 2 cells apart, the shifted columns half a hex (two lines) down.
** Each hex holds its own label, so no label can be read as a neighbour's:
**
**       ______
**      /0101 "\______      line 1: its label, then its terrain glyph
**     / 5US-3<3/0201  \     line 2: the first mark's code, its facing and the units there
**     \ 6/3 H2D\ 4L-1>/     line 3: the counter's ratings and state (Hits, D, S), or the
**      \______/ 4/2  /             terrain glyph of an empty hex (roads at both ends)
**                                 line 4: the bottom edge (the next hex's top)
**
** Pointy-top maps are drawn as offset bricks (each brick touches the six neighbours of its
** hex): rows three lines apart, the shifted rows half a brick right.
*/
#include "render_term.h"

#include <stdlib.h>
#include <string.h>

/* Connections of a box-drawing cell (pointy-top bricks). */
enum { UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8 };

typedef struct cell {
  char ch[8];    /* one UTF-8 character; "" is a blank */
  int fg, bg;    /* xterm 256-colour indices; -1 the terminal's own */
  int ul;        /* underlined in this colour (a hexside along a label line); -1 not */
  int bold;
  int mask;      /* box-drawing connections, turned into a character at the end */
} cell;

typedef struct canvas {
  int w, h;
  cell *c;
} canvas;

#define VIEW_CODE_SHOWN 12  /* a code's bytes at most (docs/shell.md: 12) */

typedef struct tctx {
  const vl_map *m;
  const vl_grid *g;
  const vl_terrain *tt;
  const view *v;
  const term_options *o;
  int flat;
  int W, P;                  /* inside width, pitch */
  int cmin, cmax, rmin, rmax; /* the map's bounds */
  int c0, c1, r0, r1;         /* the window drawn (label numbers) */
  int nrows;                  /* rows of the map */
  int *first;                 /* per map hex: its first mark, or -1 */
  int *total;                 /* per map hex: the units its marks hold */
  unsigned char *drawn;       /* per map hex: in the window and the region */
  unsigned char *used_hex;    /* per hex type: drawn */
  unsigned char *used_side;   /* per hexside type: drawn */
  int *road;                  /* per map hex: the kind of the first road through it, or -1 */
  unsigned char *used_road;   /* per road kind: drawn */
  int any_facing, any_count, any_leader, any_shade, any_disordered, any_hits, any_square,
      any_rating;
  char (*shown)[VIEW_CODE_SHOWN + 1]; /* per mark: the code its cell shows (shown_codes) */
  canvas cv;
} tctx;

/* Styles. */
#define GREY_EDGE 245
#define GREY_LABEL 244

static const char *const arrows[12] = {
  "\xe2\x86\x91", "\xe2\x86\x97", "\xe2\x86\x97", "\xe2\x86\x92", "\xe2\x86\x98", "\xe2\x86\x98",
  "\xe2\x86\x93", "\xe2\x86\x99", "\xe2\x86\x99", "\xe2\x86\x90", "\xe2\x86\x96", "\xe2\x86\x96"};
/* ASCII: ^ up, ' up-right, > right, . down-right, v down, , down-left, < left, ` up-left */
static const char *const arrows_ascii[12] = {"^", "'", "'", ">", ".", ".",
                                             "v", ",", ",", "<", "`", "`"};
static const char *const supers[10] = {
  "\xe2\x81\xb0", "\xc2\xb9", "\xc2\xb2", "\xc2\xb3", "\xe2\x81\xb4",
  "\xe2\x81\xb5", "\xe2\x81\xb6", "\xe2\x81\xb7", "\xe2\x81\xb8", "\xe2\x81\xb9"};
#define SUPER_PLUS "\xe2\x81\xba"
static const char *const subs[10] = {
  "\xe2\x82\x80", "\xe2\x82\x81", "\xe2\x82\x82", "\xe2\x82\x83", "\xe2\x82\x84",
  "\xe2\x82\x85", "\xe2\x82\x86", "\xe2\x82\x87", "\xe2\x82\x88", "\xe2\x82\x89"};
#define SHADE_U "\xe2\x96\x91"
#define SHADE_A ":"
#define LEADER_MARK "*"
#define SHADE_BG 187      /* pale khaki: the background of a shaded hex in colour */

/* ---- the canvas ------------------------------------------------------------------------ */

static cell *at(canvas *cv, int x, int y) {
  if (x < 0 || y < 0 || x >= cv->w || y >= cv->h) return NULL;
  return &cv->c[(size_t)y * (size_t)cv->w + (size_t)x];
}

static void put(canvas *cv, int x, int y, const char *ch, int fg, int bold) {
  cell *c = at(cv, x, y);
  if (c == NULL) return;
  snprintf(c->ch, sizeof c->ch, "%s", ch);
  c->fg = fg;
  c->bold = bold;
}

static void put_bg(canvas *cv, int x, int y, int bg) {
  cell *c = at(cv, x, y);
  if (c != NULL) c->bg = bg;
}

static void connect(canvas *cv, int x, int y, int mask) {
  cell *c = at(cv, x, y);
  if (c != NULL) c->mask |= mask;
}

/* Writes up to n characters of an ASCII string from x. */
static void put_text(canvas *cv, int x, int y, const char *s, int n, int fg, int bold) {
  int i;
  for (i = 0; i < n && s[i] != '\0'; i++) {
    char one[2];
    one[0] = s[i];
    one[1] = '\0';
    put(cv, x + i, y, one, fg, bold);
  }
}

/* ---- output with styles ------------------------------------------------------------------ */

typedef struct style {
  int fg, bg, ul, bold;
} style;

/* Switches to a style with one SGR sequence (reset, then what the cell needs). An underline
** gets its colour with SGR 58 (terminals without it underline in the text's colour). */
static void set_style(FILE *out, int colour, style *cur, int fg, int bg, int ul, int bold) {
  if (!colour || (cur->fg == fg && cur->bg == bg && cur->ul == ul && cur->bold == bold)) return;
  fputs("\x1b[0", out);
  if (bold) fputs(";1", out);
  if (ul >= 0) fprintf(out, ";4;58;5;%d", ul);
  if (fg >= 0) fprintf(out, ";38;5;%d", fg);
  if (bg >= 0) fprintf(out, ";48;5;%d", bg);
  fputc('m', out);
  cur->fg = fg;
  cur->bg = bg;
  cur->ul = ul;
  cur->bold = bold;
}

static void end_style(FILE *out, int colour, style *cur) {
  if (colour && (cur->fg >= 0 || cur->bg >= 0 || cur->ul >= 0 || cur->bold))
    fputs("\x1b[0m", out);
  cur->fg = cur->bg = cur->ul = -1;
  cur->bold = 0;
}

/* The box-drawing character of a mask. */
static const char *box_char(int mask, int unicode) {
  static const char *const u[16] = {
    " ", "\xe2\x94\x82", "\xe2\x94\x82", "\xe2\x94\x82",                      /* -, U, D, UD */
    "\xe2\x94\x80", "\xe2\x94\x98", "\xe2\x94\x90", "\xe2\x94\xa4",          /* L, UL, DL, UDL */
    "\xe2\x94\x80", "\xe2\x94\x94", "\xe2\x94\x8c", "\xe2\x94\x9c",          /* R, UR, DR, UDR */
    "\xe2\x94\x80", "\xe2\x94\xb4", "\xe2\x94\xac", "\xe2\x94\xbc"};         /* LR, ULR, DLR, all */
  static const char *const a[16] = {" ", "|", "|", "|", "-", "+", "+", "+",
                                    "-", "+", "+", "+", "-", "+", "+", "+"};
  return unicode ? u[mask & 15] : a[mask & 15];
}

static int blank(const cell *c) {
  return (c->ch[0] == '\0' || (c->ch[0] == ' ' && c->ch[1] == '\0')) && c->bg < 0 && c->ul < 0;
}

static void write_canvas(FILE *out, canvas *cv, int unicode, int colour) {
  int y, x, top = 0, bottom = cv->h - 1;
  style cur = {-1, -1, -1, 0};
  for (y = 0; y < cv->h; y++)
    for (x = 0; x < cv->w; x++) {
      cell *c = at(cv, x, y);
      if (c->ch[0] == '\0' && c->mask) {
        snprintf(c->ch, sizeof c->ch, "%s", box_char(c->mask, unicode));
        if (c->fg < 0) c->fg = GREY_EDGE;
      }
    }
  for (; top < cv->h; top++) {
    for (x = 0; x < cv->w && blank(at(cv, x, top)); x++) {}
    if (x < cv->w) break;
  }
  for (; bottom > top; bottom--) {
    for (x = 0; x < cv->w && blank(at(cv, x, bottom)); x++) {}
    if (x < cv->w) break;
  }
  for (y = top; y <= bottom; y++) {
    int last = cv->w - 1;
    while (last >= 0 && blank(at(cv, last, y))) last--;
    for (x = 0; x <= last; x++) {
      cell *c = at(cv, x, y);
      set_style(out, colour, &cur, c->ch[0] && c->ch[0] != ' ' ? c->fg : -1, c->bg, c->ul,
                c->bold);
      fputs(c->ch[0] ? c->ch : " ", out);
    }
    end_style(out, colour, &cur);
    fputc('\n', out);
  }
}

/* ---- the codes the cells show ---------------------------------------------------------- */

/* The length of the common prefix of a and b. */
static size_t common_prefix(const char *a, const char *b) {
  size_t k = 0;
  while (a[k] != '\0' && a[k] == b[k]) k++;
  return k;
}

/* The code mark i shows in a cell of n characters (docs/shell.md "The terminal map"): the
** code when it fits; else its first n characters, unless another code of the view begins
** with the same n: then its first n - 1 characters and the character where it parts from the
** code it shares most with (4L-2 and 4L-3 show 4L2 and 4L3; Garland and Garcia Gal and Gac).
** A code that is another's prefix keeps its cut. */
static void shown_code(const view *v, size_t i, size_t n, char *out) {
  const char *code = view_mark_at(v, i)->code;
  size_t len = strlen(code), p = 0, j;
  int collide = 0;
  if (n > VIEW_CODE_SHOWN) n = VIEW_CODE_SHOWN;
  memcpy(out, code, len < n ? len : n);
  out[len < n ? len : n] = '\0';
  if (len <= n || n < 2) return;
  for (j = 0; j < view_mark_count(v); j++) {
    const char *o = view_mark_at(v, j)->code;
    size_t k;
    if (strcmp(o, code) == 0 || strncmp(o, code, n) != 0) continue;
    collide = 1;
    k = common_prefix(o, code);
    if (k > p) p = k;
  }
  if (collide && p < len) out[n - 1] = code[p];
}

/* Every mark's shown code; then a shown code two different codes share falls back to the
** plain cut for both (never two marks alike where the cut told them apart). 0, or -1 out of
** memory. */
static int shown_codes(tctx *t) {
  size_t m = t->v != NULL ? view_mark_count(t->v) : 0, i, j;
  size_t n = (size_t)(t->flat ? t->W : t->W - 2);
  if (m == 0) return 0;
  t->shown = calloc(m, sizeof *t->shown);
  if (t->shown == NULL) return -1;
  for (i = 0; i < m; i++) shown_code(t->v, i, n, t->shown[i]);
  for (i = 0; i < m; i++)
    for (j = i + 1; j < m; j++) {
      const char *a = view_mark_at(t->v, i)->code, *b = view_mark_at(t->v, j)->code;
      if (strcmp(t->shown[i], t->shown[j]) == 0 && strcmp(a, b) != 0 &&
          (strncmp(t->shown[i], a, n) != 0 || strncmp(t->shown[j], b, n) != 0)) {
        snprintf(t->shown[i], sizeof t->shown[i], "%.*s", (int)n, a);
        snprintf(t->shown[j], sizeof t->shown[j], "%.*s", (int)n, b);
      }
    }
  return 0;
}

/* ---- the window ------------------------------------------------------------------------ */

static int map_index(const tctx *t, vl_hex h) {
  int col, row;
  vl_hex_to_offset(t->g, h, &col, &row);
  return (col - t->cmin) * t->nrows + (row - t->rmin);
}

/* 1 when the column (flat-top) or row (pointy-top) of that number is shifted. */
static int shifted(const vl_grid *g, int n) {
  int odd = (n % 2 + 2) % 2;
  return g->parity == VL_ODD_COLUMNS_DOWN || g->parity == VL_ODD_ROWS_RIGHT ? odd : !odd;
}

/* Chooses the window: the region's bounds, narrowed to the width around the centre. Sets
** t->c0..c1, r0..r1 (the drawn span of the panned axis) and t->drawn. Returns 1 when the
** window had to be narrowed. */
static int choose_window(tctx *t) {
  size_t i, n = vl_map_hex_count(t->m);
  int lo = 1 << 30, hi = -(1 << 30), rlo = 1 << 30, rhi = -(1 << 30), fit, span, centre,
      narrowed = 0;
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(t->m, i);
    int col, row;
    if (!picture_in_region(t->m, &t->o->region, h)) continue;
    vl_hex_to_offset(t->g, h, &col, &row);
    if (col < lo) lo = col;
    if (col > hi) hi = col;
    if (row < rlo) rlo = row;
    if (row > rhi) rhi = row;
  }
  t->c0 = lo;
  t->c1 = hi;
  t->r0 = rlo;
  t->r1 = rhi;
  /* columns that fit: flat-top P * n + 2 cells; pointy-top P * n + 1 + P / 2 */
  fit = t->o->width > 0 ? (t->o->width - (t->flat ? 2 : 1 + t->P / 2)) / t->P : hi - lo + 1;
  if (fit < 1) fit = 1;
  span = hi - lo + 1;
  if (span > fit) {
    int col, row;
    narrowed = 1;
    if (t->o->region.has_centre) {
      vl_hex_to_offset(t->g, t->o->region.centre, &col, &row);
      centre = col;
      t->c0 = centre - (fit - 1) / 2;
    }
    if (t->c0 < lo) t->c0 = lo;
    if (t->c0 > hi - fit + 1) t->c0 = hi - fit + 1;
    t->c1 = t->c0 + fit - 1;
  }
  /* rows that fit the height (flat-top: 4 lines a row and 3 more; pointy-top: 3 and 1) */
  fit = t->o->height > 0 ? (t->o->height - (t->flat ? 3 : 1)) / (t->flat ? 4 : 3)
                         : rhi - rlo + 1;
  if (fit < 1) fit = 1;
  if (rhi - rlo + 1 > fit) {
    int col, row;
    narrowed = 1;
    t->r0 = rlo;
    if (t->o->region.has_centre) {
      vl_hex_to_offset(t->g, t->o->region.centre, &col, &row);
      t->r0 = row - (fit - 1) / 2;
    }
    if (t->r0 < rlo) t->r0 = rlo;
    if (t->r0 > rhi - fit + 1) t->r0 = rhi - fit + 1;
    t->r1 = t->r0 + fit - 1;
  }
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(t->m, i);
    int col, row;
    vl_hex_to_offset(t->g, h, &col, &row);
    t->drawn[map_index(t, h)] = (unsigned char)(col >= t->c0 && col <= t->c1 && row >= t->r0 &&
                                                row <= t->r1 &&
                                                picture_in_region(t->m, &t->o->region, h));
  }
  return narrowed;
}

/* The top-left cell of hex (col, row): flat-top its top edge's left corner, pointy-top its
** brick's top-left corner. */
static void origin(const tctx *t, int col, int row, int *x, int *y) {
  if (t->flat) {
    *x = t->P * (col - t->c0);
    *y = 4 * (row - t->r0) + 2 * shifted(t->g, col);
  } else {
    *x = t->P * (col - t->c0) + (shifted(t->g, row) ? t->P / 2 : 0);
    *y = 3 * (row - t->r0);
  }
}

/* ---- painting -------------------------------------------------------------------------- */

static void paint_edges(tctx *t, int x, int y) {
  canvas *cv = &t->cv;
  int i, u = t->o->unicode, fg = t->o->colour ? GREY_EDGE : -1;
  const char *up = u ? "\xe2\x95\xb1" : "/", *down = u ? "\xe2\x95\xb2" : "\\";
  if (t->flat) {  /* the top and bottom edges, two slants a side */
    for (i = 2; i <= t->W + 1; i++) {
      put(cv, x + i, y, "_", fg, 0);
      put(cv, x + i, y + 4, "_", fg, 0);
    }
    put(cv, x + 1, y + 1, up, fg, 0);
    put(cv, x, y + 2, up, fg, 0);
    put(cv, x, y + 3, down, fg, 0);
    put(cv, x + 1, y + 4, down, fg, 0);
    put(cv, x + t->W + 2, y + 1, down, fg, 0);
    put(cv, x + t->W + 3, y + 2, down, fg, 0);
    put(cv, x + t->W + 3, y + 3, up, fg, 0);
    put(cv, x + t->W + 2, y + 4, up, fg, 0);
    return;
  }
  for (i = 0; i <= t->P; i++) {
    int lr = (i > 0 ? LEFT : 0) | (i < t->P ? RIGHT : 0);
    connect(cv, x + i, y, lr);
    connect(cv, x + i, y + 3, lr);
  }
  for (i = 0; i <= t->P; i += t->P) {
    connect(cv, x + i, y, DOWN);
    connect(cv, x + i, y + 1, UP | DOWN);
    connect(cv, x + i, y + 2, UP | DOWN);
    connect(cv, x + i, y + 3, UP);
  }
}

static int type_fg(const tctx *t, const vl_terrain_type *ty) {
  const char *c = picture_colour(ty);
  if (!t->o->colour || c == NULL) return -1;
  return picture_xterm256(picture_rgb(c));
}

/* A road kind's mark: its own glyph when the table gives one, else a middle dot (ASCII .). */
static const char *road_glyph(const vl_terrain_type *rt, int unicode) {
  if (unicode && rt->display.glyph != NULL && rt->display.glyph[0] != '\0')
    return rt->display.glyph;
  if (rt->display.ascii != NULL && rt->display.ascii[0] != '\0') return rt->display.ascii;
  return unicode ? "\xc2\xb7" : ".";
}

static void paint_hex(tctx *t, vl_hex h, int x, int y) {
  canvas *cv = &t->cv;
  const vl_terrain_type *ty = vl_map_terrain(t->m, h);
  const char *glyph = picture_glyph(ty, t->o->unicode);
  int idx = map_index(t, h), W = t->W, fg = type_fg(t, ty), i;
  int la = y + 1, lb = y + 2;  /* the marks line, the label line */
  int shaded = t->v != NULL && view_shaded(t->v, h);
  char label[VL_HEX_LABEL_MAX];
  t->used_hex[vl_map_terrain_index(t->m, h)] = 1;
  if (shaded) t->any_shade = 1;
  if (t->first[idx] >= 0) {
    const view_mark *mk = view_mark_at(t->v, (size_t)t->first[idx]);
    const char *code = t->shown[t->first[idx]];
    int sfg = t->o->colour ? picture_side_term(mk->side) : -1;
    for (i = 1; i <= W; i++) put(cv, x + i, la, " ", -1, 0);
    if (mk->disordered) {  /* a Disordered unit's code in lower case */
      char low[VIEW_CODE_SHOWN + 1];
      size_t k;
      for (k = 0; k < VIEW_CODE_SHOWN && code[k] != '\0'; k++)
        low[k] = (char)(code[k] >= 'A' && code[k] <= 'Z' ? code[k] - 'A' + 'a' : code[k]);
      low[k] = '\0';
      put_text(cv, x + 1, la, low, W - 2, sfg, 1);
      t->any_disordered = 1;
    } else {
      put_text(cv, x + 1, la, code, W - 2, sfg, 1);
    }
    if (mk->hits > 0) {  /* its Hits in the code's last place: a subscript digit, or ! */
      put(cv, x + W - 2, la, t->o->unicode ? subs[mk->hits > 9 ? 9 : mk->hits] : "!", sfg, 1);
      t->any_hits = 1;
    }
    if (mk->clock >= 0) {
      put(cv, x + W - 1, la, t->o->unicode ? arrows[mk->clock] : arrows_ascii[mk->clock], sfg, 1);
      t->any_facing = 1;
    } else if (mk->kind == VIEW_LEADER) {
      put(cv, x + W - 1, la, LEADER_MARK, sfg, 1);
      t->any_leader = 1;
    }
    if (t->total[idx] > 1) {
      char digit[2];
      digit[0] = (char)('0' + t->total[idx] % 10);
      digit[1] = '\0';
      if (t->o->unicode)
        put(cv, x + W, la, t->total[idx] > 9 ? SUPER_PLUS : supers[t->total[idx]], sfg, 1);
      else
        put(cv, x + W, la, t->total[idx] > 9 ? "+" : digit, sfg, 1);
      t->any_count = 1;
    }
  } else {  /* shaded: a background in colour, else the shade character around the glyph */
    const char *fill = shaded && !t->o->colour ? (t->o->unicode ? SHADE_U : SHADE_A) : " ";
    for (i = 1; i <= W; i++) put(cv, x + i, la, fill, -1, 0);
    put(cv, x + 1 + W / 2, la, glyph, fg, 0);
    if (t->road[idx] >= 0) {  /* a road through it: its mark at both ends of the line */
      const vl_terrain_type *rt =
        vl_terrain_type_at(t->tt, VL_TERRAIN_ROAD, (size_t)t->road[idx]);
      const char *rg = road_glyph(rt, t->o->unicode);
      int rfg = t->o->colour ? picture_xterm256(picture_rgb(picture_colour(rt))) : -1;
      put(cv, x + 1, la, rg, rfg, 1);
      put(cv, x + W, la, rg, rfg, 1);
      t->used_road[t->road[idx]] = 1;
    }
  }
  if (vl_hex_format(t->g, h, label, sizeof label) < 0) label[0] = '\0';
  for (i = 1; i <= W; i++) put(cv, x + i, lb, " ", -1, 0);
  put_text(cv, x + 1, lb, label, W - 1, t->o->colour ? GREY_LABEL : -1, 0);
  if (t->first[idx] >= 0) put(cv, x + W, lb, glyph, fg, 0);  /* the ground under the marks */
  if (shaded && t->o->colour)
    for (i = 1; i <= W; i++) {
      put_bg(cv, x + i, la, SHADE_BG);
      put_bg(cv, x + i, lb, SHADE_BG);
    }
}

/* A flat-top hex's cell (the picture at the top of this file): line 1 its label and terrain
** glyph; line 2 the first mark's code, facing (or * for a leader) and the units in the hex;
** line 3 that counter's ratings on the left and its state on the right (H and its Hits, D
** Disordered, S in Square); an empty hex its terrain glyph in the middle of line 2, a road's
** mark at both ends of line 3, the shade on lines 2 and 3. */
static void paint_hex_flat(tctx *t, vl_hex h, int x, int y) {
  canvas *cv = &t->cv;
  const vl_terrain_type *ty = vl_map_terrain(t->m, h);
  const char *glyph = picture_glyph(ty, t->o->unicode);
  int idx = map_index(t, h), W = t->W, fg = type_fg(t, ty), i;
  int shaded = t->v != NULL && view_shaded(t->v, h);
  int grey = t->o->colour ? GREY_LABEL : -1;
  char label[VL_HEX_LABEL_MAX];
  t->used_hex[vl_map_terrain_index(t->m, h)] = 1;
  if (shaded) t->any_shade = 1;
  if (vl_hex_format(t->g, h, label, sizeof label) < 0) label[0] = '\0';
  for (i = 2; i <= W + 1; i++) put(cv, x + i, y + 1, " ", -1, 0);
  for (i = 1; i <= W + 2; i++) {
    put(cv, x + i, y + 2, " ", -1, 0);
    put(cv, x + i, y + 3, " ", -1, 0);
  }
  put_text(cv, x + 2, y + 1, label, W - 1, grey, 0);
  put(cv, x + W + 1, y + 1, glyph, fg, 0);
  if (t->first[idx] >= 0) {
    const view_mark *mk = view_mark_at(t->v, (size_t)t->first[idx]);
    int sfg = t->o->colour ? picture_side_term(mk->side) : -1;
    char state[16];
    int n;
    put_text(cv, x + 1, y + 2, t->shown[t->first[idx]], W, sfg, 1);
    if (mk->clock >= 0) {
      put(cv, x + W + 1, y + 2, t->o->unicode ? arrows[mk->clock] : arrows_ascii[mk->clock], sfg,
          1);
      t->any_facing = 1;
    } else if (mk->kind == VIEW_LEADER) {
      put(cv, x + W + 1, y + 2, LEADER_MARK, sfg, 1);
      t->any_leader = 1;
    }
    if (t->total[idx] > 1) {
      char digit[2];
      digit[0] = (char)('0' + t->total[idx] % 10);
      digit[1] = '\0';
      if (t->o->unicode)
        put(cv, x + W + 2, y + 2, t->total[idx] > 9 ? SUPER_PLUS : supers[t->total[idx]], sfg, 1);
      else
        put(cv, x + W + 2, y + 2, t->total[idx] > 9 ? "+" : digit, sfg, 1);
      t->any_count = 1;
    }
    if (mk->rating[0] != '\0') {
      put_text(cv, x + 2, y + 3, mk->rating, W, -1, 0);
      t->any_rating = 1;
    }
    n = 0;
    state[0] = '\0';
    if (mk->hits > 0) n += snprintf(state + n, sizeof state - (size_t)n, "H%d", mk->hits > 9 ? 9 : mk->hits);
    if (mk->disordered) n += snprintf(state + n, sizeof state - (size_t)n, "D");
    if (mk->square) n += snprintf(state + n, sizeof state - (size_t)n, "S");
    if (n > 0) put_text(cv, x + W + 3 - n, y + 3, state, n, sfg, 1);
    if (mk->hits > 0) t->any_hits = 1;
    if (mk->disordered) t->any_disordered = 1;
    if (mk->square) t->any_square = 1;
  } else {
    const char *fill = shaded && !t->o->colour ? (t->o->unicode ? SHADE_U : SHADE_A) : " ";
    for (i = 1; i <= W + 2; i++) {
      put(cv, x + i, y + 2, fill, -1, 0);
      put(cv, x + i, y + 3, fill, -1, 0);
    }
    put(cv, x + 1 + (W + 2) / 2, y + 2, glyph, fg, 0);
    if (t->road[idx] >= 0) {  /* a road through it: its mark at both ends of line 3 */
      const vl_terrain_type *rt =
        vl_terrain_type_at(t->tt, VL_TERRAIN_ROAD, (size_t)t->road[idx]);
      const char *rg = road_glyph(rt, t->o->unicode);
      int rfg = t->o->colour ? picture_xterm256(picture_rgb(picture_colour(rt))) : -1;
      put(cv, x + 1, y + 3, rg, rfg, 1);
      put(cv, x + W + 2, y + 3, rg, rfg, 1);
      t->used_road[t->road[idx]] = 1;
    }
  }
  if (shaded && t->o->colour) {
    for (i = 2; i <= W + 1; i++) put_bg(cv, x + i, y + 1, SHADE_BG);
    for (i = 1; i <= W + 2; i++) {
      put_bg(cv, x + i, y + 2, SHADE_BG);
      put_bg(cv, x + i, y + 3, SHADE_BG);
    }
  }
}

/* The hexside feature a terminal shows on the hexside between a and b: the first the
** hexside carries (in the table's order of ids), or NULL. */
static const vl_terrain_type *side_feature(const tctx *t, vl_hex a, vl_hex b, int *index) {
  uint32_t f = 0;
  size_t k;
  if (vl_map_hexside(t->m, a, b, &f, NULL) != VL_OK || f == 0) return NULL;
  for (k = 0; k < vl_terrain_count(t->tt, VL_TERRAIN_HEXSIDE); k++)
    if (f & ((uint32_t)1 << k)) {
      *index = (int)k;
      return vl_terrain_type_at(t->tt, VL_TERRAIN_HEXSIDE, k);
    }
  return NULL;
}

/* Restyles (and, when the feature has a glyph, redraws) a hexside's cells. */
static void paint_sides(tctx *t, vl_hex h, int x, int y) {
  canvas *cv = &t->cv;
  int d, i, W = t->W, P = t->P;
  for (d = 0; d < 6; d++) {
    int k, fg;
    const vl_terrain_type *ft = side_feature(t, h, vl_hex_neighbor(t->g, h, d), &k);
    const char *g = NULL;
    if (ft == NULL) continue;
    if (t->o->unicode && ft->display.glyph) g = ft->display.glyph;
    else if (ft->display.ascii) g = ft->display.ascii;
    if (!t->o->colour && g == NULL) continue;
    fg = t->o->colour ? picture_xterm256(picture_rgb(picture_colour(ft))) : -1;
    if (t->flat) {  /* the hexside's cells: a whole top or bottom edge, or two slants */
      static const int sx[6][2] = {{0, 0}, {2, 3}, {3, 2}, {0, 0}, {0, 1}, {1, 0}},
                       sy[6][2] = {{0, 0}, {1, 2}, {3, 4}, {4, 4}, {3, 4}, {1, 2}};
      int n = d == 0 || d == 3 ? W : 2;
      for (i = 0; i < n; i++) {
        cell *c = d == 0 || d == 3 ? at(cv, x + 2 + i, y + sy[d][0])
                  : at(cv, x + (sx[d][i] >= 2 ? W + sx[d][i] : sx[d][i]), y + sy[d][i]);
        if (c == NULL) continue;
        if (g != NULL) snprintf(c->ch, sizeof c->ch, "%s", g);
        c->fg = fg;
        c->bold = 1;
      }
      t->used_side[k] = 1;
      continue;
    }
    {
      /* pointy-top bricks, sides NE, E, SE, SW, W, NW: half a brick's top or bottom, or a
      ** wall; the cells take the feature's glyph and colour */
      int x0, x1, yy0, yy1, cx, cy;
      switch (d) {
      case 0: x0 = x + P / 2 + 1; x1 = x + P - 1; yy0 = yy1 = y; break;
      case 1: x0 = x1 = x + P; yy0 = y + 1; yy1 = y + 2; break;
      case 2: x0 = x + P / 2 + 1; x1 = x + P - 1; yy0 = yy1 = y + 3; break;
      case 3: x0 = x + 1; x1 = x + P / 2 - 1; yy0 = yy1 = y + 3; break;
      case 4: x0 = x1 = x; yy0 = y + 1; yy1 = y + 2; break;
      default: x0 = x + 1; x1 = x + P / 2 - 1; yy0 = yy1 = y; break;
      }
      for (cy = yy0; cy <= yy1; cy++)
        for (cx = x0; cx <= x1; cx++) {
          cell *c = at(cv, cx, cy);
          if (c == NULL) continue;
          if (g != NULL) snprintf(c->ch, sizeof c->ch, "%s", g);
          c->fg = fg;
          c->bold = 1;
        }
      t->used_side[k] = 1;
    }
  }
}

/* ---- the legend ------------------------------------------------------------------------ */

/* A legend line that wraps at width (0: never), continuing indented. */
typedef struct lline {
  FILE *out;
  const char *head;           /* printed before the first item */
  const char *sep;            /* between items on a line: "  " */
  int colour, width, used, indent, items;
} lline;

static int text_width(const char *s) {
  int n = 0;
  for (; *s; s++)
    if (((unsigned char)*s & 0xc0) != 0x80) n++;
  return n;
}

static void lline_start(lline *l, const char *head) {
  l->head = head;
  l->sep = "  ";
  l->used = l->indent = text_width(head);
  l->items = 0;
}

/* Adds an item: a sample (may be NULL) drawn in fg on bg, bold or not, then its words;
** wraps to a new indented line when the item would pass the width. */
static void lline_put(lline *l, const char *sample, int fg, int bg, int bold, const char *words) {
  style cur = {-1, -1, -1, 0};
  int w = (sample ? text_width(sample) + 1 : 0) + text_width(words);
  if (l->items == 0) fputs(l->head, l->out);
  if (l->width > 0 && l->items > 0 && l->used + text_width(l->sep) + w > l->width) {
    fprintf(l->out, "\n%*s", l->indent + 1, "");
    l->used = l->indent + 1 + w;
  } else {
    const char *sep = l->items ? l->sep : l->head[0] ? " " : "";
    fputs(sep, l->out);
    l->used += text_width(sep) + w;
  }
  if (sample != NULL) {
    set_style(l->out, l->colour, &cur, fg, bg, -1, bold);
    fputs(sample, l->out);
    end_style(l->out, l->colour, &cur);
    fputc(' ', l->out);
  }
  fputs(words, l->out);
  l->items++;
}

static void lline_item(lline *l, const char *sample, int fg, int bold, const char *words) {
  lline_put(l, sample, fg, -1, bold, words);
}

static void lline_item_bg(lline *l, const char *sample, int bg, const char *words) {
  lline_put(l, sample, -1, bg, 0, words);
}

static void lline_end(lline *l) {
  if (l->items > 0) fputc('\n', l->out);
}

static void where_text(const tctx *t, const view_mark *mk, char *buf, size_t n) {
  if (mk->place == VIEW_IN_BOX) snprintf(buf, n, "in %s", vl_map_box(t->m, mk->box));
  else if (mk->place == VIEW_ON_TRACK) snprintf(buf, n, "on %s", mk->where);
  else snprintf(buf, n, "%s", mk->where);
}

static void legend(tctx *t, FILE *out, int narrowed) {
  lline l;
  size_t k, i, s;
  int u = t->o->unicode;
  l.out = out;
  l.colour = t->o->colour;
  l.width = t->o->width;
  if (narrowed) {  /* which part is shown, and how to see the rest, wrapped at the width */
    int d = t->g->digits;
    char label[VL_HEX_LABEL_MAX], part[160];
    size_t pk;
    memset(&l, 0, sizeof l);
    l.out = out;
    l.width = t->o->width;
    lline_start(&l, "");
    l.sep = " ";
    pk = (size_t)snprintf(part, sizeof part, "columns %0*d-%0*d of %0*d-%0*d", d, t->c0, d,
                          t->c1, d, t->cmin, d, t->cmax);
    if (pk < sizeof part && (t->r0 > t->rmin || t->r1 < t->rmax))
      snprintf(part + pk, sizeof part - pk, ", rows %0*d-%0*d of %0*d-%0*d", d, t->r0, d, t->r1, d,
               t->rmin, d, t->rmax);
    lline_put(&l, NULL, -1, -1, 0, part);
    if (t->o->pan_hint != NULL && t->o->region.has_centre &&
        vl_hex_format(t->g, t->o->region.centre, label, sizeof label) >= 0) {
      snprintf(part, sizeof part, "shown, around %s;", label);
      lline_put(&l, NULL, -1, -1, 0, part);
    } else {
      lline_put(&l, NULL, -1, -1, 0,
                t->o->pan_hint != NULL ? "shown;"
                : t->o->region.has_centre ? "shown (around the hex asked for)" : "shown;");
    }
    if (t->o->pan_hint != NULL) {
      lline_put(&l, NULL, -1, -1, 0, "map HEX centres on a hex,");
      lline_put(&l, NULL, -1, -1, 0, "map left|right|up|down [N] pans,");
      lline_put(&l, NULL, -1, -1, 0, "map all the whole map small");
    } else if (!t->o->region.has_centre) {
      lline_put(&l, NULL, -1, -1, 0, "--hex H draws the columns around H");
    }
    lline_end(&l);
  }
  lline_start(&l, "terrain:");
  for (k = 0; k < vl_terrain_count(t->tt, VL_TERRAIN_HEX); k++)
    if (t->used_hex[k]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t->tt, VL_TERRAIN_HEX, k);
      const char *g = picture_glyph(ty, u), *name = ty->name ? ty->name : ty->id;
      char words[160];
      snprintf(words, sizeof words, "%s%s", g[0] ? "" : "(blank) ", name);
      lline_item(&l, g[0] ? g : NULL, type_fg(t, ty), 0, words);
    }
  lline_end(&l);
  lline_start(&l, "hexsides:");
  for (k = 0; k < vl_terrain_count(t->tt, VL_TERRAIN_HEXSIDE); k++)
    if (t->used_side[k]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t->tt, VL_TERRAIN_HEXSIDE, k);
      const char *g = u && ty->display.glyph ? ty->display.glyph : ty->display.ascii;
      if (g == NULL) g = u ? "\xe2\x95\xb1" : "/";
      lline_item(&l, g, l.colour ? picture_xterm256(picture_rgb(picture_colour(ty))) : -1, 1,
                 ty->name ? ty->name : ty->id);
    }
  lline_end(&l);
  lline_start(&l, "roads:");
  for (k = 0; k < vl_terrain_count(t->tt, VL_TERRAIN_ROAD); k++)
    if (t->used_road[k]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t->tt, VL_TERRAIN_ROAD, k);
      lline_item(&l, road_glyph(ty, u),
                 l.colour ? picture_xterm256(picture_rgb(picture_colour(ty))) : -1, 1,
                 ty->name ? ty->name : ty->id);
    }
  lline_end(&l);
  if (t->v != NULL)
    for (s = 0; s < view_side_count(t->v); s++) {
      char head[32], more[64];
      int hidden = 0;
      snprintf(head, sizeof head, "%s:", view_side(t->v, s));
      lline_start(&l, head);
      for (i = 0; i < view_mark_count(t->v); i++) {
        const view_mark *mk = view_mark_at(t->v, i);
        char words[320], where[96], extra[48] = "";
        if (mk->side != (int)s) continue;
        if (mk->place == VIEW_ON_HEX && !t->drawn[map_index(t, mk->hex)]) {
          hidden++;  /* on a hex outside the picture */
          continue;
        }
        where_text(t, mk, where, sizeof where);
        if (mk->kind == VIEW_STACK) snprintf(extra, sizeof extra, " stack of %d", mk->count);
        else if (mk->kind == VIEW_LEADER) snprintf(extra, sizeof extra, " leader");
        {
          char status[48] = "";
          if (mk->hits > 0 || mk->disordered || mk->square)
            snprintf(status, sizeof status, " (%s%s%.0d%s%s%s)",
                     mk->disordered ? "Disordered" : "",
                     mk->disordered && mk->hits > 0 ? ", " : "", mk->hits,
                     mk->hits == 1 ? " Hit" : mk->hits > 1 ? " Hits" : "",
                     mk->square && (mk->disordered || mk->hits > 0) ? ", " : "",
                     mk->square ? "in Square" : "");
          snprintf(words, sizeof words, "%s%s%s%s%s%s%s", where, extra,
                   mk->facing ? " facing " : "", mk->facing ? mk->facing : "",
                   mk->clock >= 0 ? " " : "",
                   mk->clock < 0 ? "" : u ? arrows[mk->clock] : arrows_ascii[mk->clock], status);
        }
        lline_item(&l, mk->code, l.colour ? picture_side_term(mk->side) : -1, 1, words);
      }
      if (hidden > 0) {
        snprintf(more, sizeof more, "(%d more outside the picture)", hidden);
        lline_item(&l, NULL, -1, 0, more);
      }
      lline_end(&l);
    }
  if (t->any_facing && !u) {  /* the ASCII marks need saying, on a line of their own */
    static const char *const way[8] = {"up", "up-right", "right", "down-right",
                                       "down", "down-left", "left", "up-left"};
    static const int clock[8] = {0, 1, 3, 4, 6, 7, 9, 10};
    int w;
    lline_start(&l, "facing:");
    for (w = 0; w < 8; w++) lline_item(&l, arrows_ascii[clock[w]], -1, 0, way[w]);
    lline_end(&l);
  }
  lline_start(&l, "key:");
  {
    char label[VL_HEX_LABEL_MAX];
    if (vl_hex_format(t->g, vl_map_hex_at(t->m, 0), label, sizeof label) < 0) label[0] = '\0';
    lline_item(&l, label, t->o->colour ? GREY_LABEL : -1, 0,
               t->flat ? "a hex's label (at the top of its hex) and its terrain"
                       : "a hex's label, under its contents");
  }
  if (t->any_facing && u) lline_item(&l, arrows[1], -1, 0, "facing");
  if (t->any_count) lline_item(&l, u ? supers[3] : "3", -1, 0, "units in the hex");
  if (t->any_leader) lline_item(&l, LEADER_MARK, -1, 0, "a leader");
  if (t->flat) {  /* the counter's second line */
    if (t->any_rating) lline_item(&l, "6/3", -1, 0, "morale/reverse");
    if (t->any_hits) lline_item(&l, "H2", -1, 0, "2 Hits");
    if (t->any_disordered) lline_item(&l, "D", -1, 0, "Disordered");
    if (t->any_square) lline_item(&l, "S", -1, 0, "in Square");
  } else {
    if (t->any_disordered) lline_item(&l, "abc", -1, 0, "lower case: Disordered");
    if (t->any_hits) lline_item(&l, u ? subs[1] : "!", -1, 0, "Hits (the code's last place)");
  }
  if (t->any_shade) {
    if (l.colour) lline_item_bg(&l, "   ", SHADE_BG, "reach");
    else lline_item(&l, u ? SHADE_U : SHADE_A, -1, 0, "reach");
  }
  lline_end(&l);
}

/* ---- the picture ----------------------------------------------------------------------- */

static const char *const north_words[4] = {"top", "right", "bottom", "left"};

/* The header: the map, its system, grid and bounds, where north is, the region; wrapped at
** the width between its parts. */
static void header(tctx *t, FILE *out) {
  lline l;
  char part[4][VL_ERROR_FILE_MAX + 64];
  int d = t->g->digits, i, n = 4;
  snprintf(part[0], sizeof part[0], "%s: %s;",
           t->o->map_name != NULL ? t->o->map_name : vl_map_path(t->m), vl_map_system(t->m));
  snprintf(part[1], sizeof part[1], "%s, %s;", vl_grid_layout_word(t->g),
           vl_grid_parity_word(t->g));
  snprintf(part[2], sizeof part[2], "columns %0*d-%0*d, rows %0*d-%0*d;", d, t->cmin, d, t->cmax,
           d, t->rmin, d, t->rmax);
  if (vl_map_north_edge(t->m) == VL_NORTH_TOP)
    snprintf(part[3], sizeof part[3], "north at the top");
  else  /* facing words name the page, not the compass (DESIGN.md Part B "Ids and names") */
    snprintf(part[3], sizeof part[3], "north at the %s (facing words N, NE ... name the page: "
             "N is up)", north_words[(int)vl_map_north_edge(t->m) & 3]);
  if (t->o->region.radius >= 0) {
    char label[VL_HEX_LABEL_MAX];
    if (vl_hex_format(t->g, t->o->region.centre, label, sizeof label) < 0) label[0] = '\0';
    snprintf(part[3] + strlen(part[3]), sizeof part[3] - strlen(part[3]),
             "; hexes within %d of %s", t->o->region.radius, label);
  }
  memset(&l, 0, sizeof l);
  l.out = out;
  l.width = t->o->width;
  lline_start(&l, "");
  l.sep = " ";
  for (i = 0; i < n; i++) lline_put(&l, NULL, -1, -1, 0, part[i]);
  lline_end(&l);
}

/* ---- the overview ------------------------------------------------------------------------ */

/* The whole map at two characters a hex, a line a row (shifted columns drawn level): a hex
** with units shows its first mark's side letter (lower case when that unit is Disordered)
** and the units there (1-9, + for more), a leader alone *; an empty hex its terrain glyph,
** then a road's mark when a road runs through it. Columns are labelled every fifth. */
static int overview(tctx *t, FILE *out) {
  int d = t->g->digits, ncol = t->cmax - t->cmin + 1, col, row, lw = d + 1;
  size_t n = vl_map_hex_count(t->m), i, s;
  lline l;
  int u = t->o->unicode;
  t->cv.w = lw + 2 * ncol;
  t->cv.h = t->nrows + 1;
  t->cv.c = calloc((size_t)t->cv.w * (size_t)t->cv.h, sizeof *t->cv.c);
  if (t->cv.c == NULL) return -1;
  for (i = 0; i < (size_t)t->cv.w * (size_t)t->cv.h; i++)
    t->cv.c[i].fg = t->cv.c[i].bg = t->cv.c[i].ul = -1;
  for (col = t->cmin; col <= t->cmax; col++)
    if (col == t->cmin || col % 5 == 0) {
      char lab[16];
      snprintf(lab, sizeof lab, "%0*d", d, col);
      put_text(&t->cv, lw + 2 * (col - t->cmin), 0, lab, d, t->o->colour ? GREY_LABEL : -1, 0);
    }
  for (row = t->rmin; row <= t->rmax; row++) {
    char lab[16];
    snprintf(lab, sizeof lab, "%0*d", d, row);
    put_text(&t->cv, 0, 1 + row - t->rmin, lab, d, t->o->colour ? GREY_LABEL : -1, 0);
  }
  for (i = 0; i < n; i++) {
    vl_hex h = vl_map_hex_at(t->m, i);
    int idx = map_index(t, h), x, y;
    vl_hex_to_offset(t->g, h, &col, &row);
    x = lw + 2 * (col - t->cmin);
    y = 1 + row - t->rmin;
    if (t->first[idx] >= 0) {
      const view_mark *mk = view_mark_at(t->v, (size_t)t->first[idx]);
      const char *side = view_side(t->v, (size_t)mk->side);
      int sfg = t->o->colour ? picture_side_term(mk->side) : -1;
      char one[2];
      one[1] = '\0';
      if (mk->kind == VIEW_LEADER && t->total[idx] <= 1) {
        put(&t->cv, x, y, LEADER_MARK, sfg, 1);
        t->any_leader = 1;
        continue;
      }
      one[0] = side[0];
      if (mk->disordered && one[0] >= 'A' && one[0] <= 'Z') {
        one[0] = (char)(one[0] - 'A' + 'a');
        t->any_disordered = 1;
      }
      put(&t->cv, x, y, one, sfg, 1);
      one[0] = t->total[idx] > 9 ? '+' : (char)('0' + t->total[idx]);
      put(&t->cv, x + 1, y, one, sfg, 1);
    } else {
      const vl_terrain_type *ty = vl_map_terrain(t->m, h);
      t->used_hex[vl_map_terrain_index(t->m, h)] = 1;
      put(&t->cv, x, y, picture_glyph(ty, u), type_fg(t, ty), 0);
      if (t->road[idx] >= 0) {
        const vl_terrain_type *rt =
          vl_terrain_type_at(t->tt, VL_TERRAIN_ROAD, (size_t)t->road[idx]);
        put(&t->cv, x + 1, y, road_glyph(rt, u),
            t->o->colour ? picture_xterm256(picture_rgb(picture_colour(rt))) : -1, 1);
        t->used_road[t->road[idx]] = 1;
      }
    }
  }
  write_canvas(out, &t->cv, u, t->o->colour);
  l.out = out;
  l.colour = t->o->colour;
  l.width = t->o->width;
  lline_start(&l, "overview:");
  lline_item(&l, NULL, -1, 0, "a hex is two characters, a row a line (shifted columns level);");
  lline_item(&l, NULL, -1, 0, "map HEX [RADIUS] draws the detail");
  lline_end(&l);
  lline_start(&l, "terrain:");
  for (s = 0; s < vl_terrain_count(t->tt, VL_TERRAIN_HEX); s++)
    if (t->used_hex[s]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t->tt, VL_TERRAIN_HEX, s);
      const char *g = picture_glyph(ty, u), *name = ty->name ? ty->name : ty->id;
      char words[160];
      snprintf(words, sizeof words, "%s%s", g[0] ? "" : "(blank) ", name);
      lline_item(&l, g[0] ? g : NULL, type_fg(t, ty), 0, words);
    }
  lline_end(&l);
  lline_start(&l, "roads:");
  for (s = 0; s < vl_terrain_count(t->tt, VL_TERRAIN_ROAD); s++)
    if (t->used_road[s]) {
      const vl_terrain_type *ty = vl_terrain_type_at(t->tt, VL_TERRAIN_ROAD, s);
      lline_item(&l, road_glyph(ty, u),
                 l.colour ? picture_xterm256(picture_rgb(picture_colour(ty))) : -1, 1,
                 ty->name ? ty->name : ty->id);
    }
  lline_end(&l);
  lline_start(&l, "units:");
  if (t->v != NULL)
    for (s = 0; s < view_side_count(t->v); s++) {
      char sample[4], words[96];
      const char *side = view_side(t->v, s);
      snprintf(sample, sizeof sample, "%c3", side[0]);
      snprintf(words, sizeof words, "3 %s units (the first listed's side)", side);
      lline_item(&l, sample, l.colour ? picture_side_term((int)s) : -1, 1, words);
    }
  if (t->any_disordered) lline_item(&l, NULL, -1, 0, "lower case: the top unit Disordered");
  if (t->any_leader) lline_item(&l, LEADER_MARK, -1, 0, "a leader alone");
  lline_end(&l);
  return 0;
}

int render_term(FILE *out, const vl_map *m, const view *v, const term_options *o) {
  tctx t;
  size_t n = vl_map_hex_count(m), i;
  int rc = -1, narrowed;
  memset(&t, 0, sizeof t);
  t.m = m;
  t.g = vl_map_grid(m);
  t.tt = vl_map_terrain_table(m);
  t.v = v;
  t.o = o;
  t.flat = t.g->layout == VL_FLAT_TOP;
  t.W = 2 * t.g->digits + (t.flat ? 2 : 1);
  t.P = t.W + (t.flat ? 2 : 1);
  vl_map_bounds(m, &t.cmin, &t.cmax, &t.rmin, &t.rmax);
  t.nrows = t.rmax - t.rmin + 1;
  t.first = malloc(n * sizeof *t.first);
  t.total = calloc(n, sizeof *t.total);
  t.drawn = calloc(n, 1);
  t.used_hex = calloc(vl_terrain_count(t.tt, VL_TERRAIN_HEX) + 1, 1);
  t.used_side = calloc(vl_terrain_count(t.tt, VL_TERRAIN_HEXSIDE) + 1, 1);
  t.road = malloc(n * sizeof *t.road);
  t.used_road = calloc(vl_terrain_count(t.tt, VL_TERRAIN_ROAD) + 1, 1);
  if (!t.first || !t.total || !t.drawn || !t.used_hex || !t.used_side || !t.road ||
      !t.used_road)
    goto done;
  for (i = 0; i < n; i++) t.first[i] = t.road[i] = -1;
  for (i = 0; i < vl_map_road_count(m); i++) {  /* the first road (by key) through each hex */
    const vl_map_hexes *r = vl_map_road_at(m, i);
    size_t j;
    for (j = 0; j < r->n; j++) {
      int k = map_index(&t, r->hexes[j]);
      if (k >= 0 && (size_t)k < n && t.road[k] < 0) t.road[k] = r->kind;
    }
  }
  if (v != NULL)
    for (i = 0; i < view_mark_count(v); i++) {
      const view_mark *mk = view_mark_at(v, i);
      int k;
      if (mk->place != VIEW_ON_HEX) continue;
      k = map_index(&t, mk->hex);
      if (t.first[k] < 0) t.first[k] = (int)i;
      t.total[k] += mk->count;
    }
  if (o->overview) {
    rc = overview(&t, out);
    goto done;
  }
  if (shown_codes(&t) != 0) goto done;
  narrowed = choose_window(&t);
  if (t.flat) {
    t.cv.w = t.P * (t.c1 - t.c0 + 1) + 2;
    t.cv.h = 4 * (t.r1 - t.r0 + 1) + 3;
  } else {
    t.cv.w = t.P * (t.c1 - t.c0 + 1) + 1 + t.P / 2;
    t.cv.h = 3 * (t.r1 - t.r0 + 1) + 1;
  }
  t.cv.c = calloc((size_t)t.cv.w * (size_t)t.cv.h, sizeof *t.cv.c);
  if (t.cv.c == NULL) goto done;
  for (i = 0; i < (size_t)t.cv.w * (size_t)t.cv.h; i++)
    t.cv.c[i].fg = t.cv.c[i].bg = t.cv.c[i].ul = -1;
  {
    int pass;
    for (pass = 0; pass < 3; pass++)
      for (i = 0; i < n; i++) {
        vl_hex h = vl_map_hex_at(m, i);
        int col, row, x, y;
        if (!t.drawn[map_index(&t, h)]) continue;
        vl_hex_to_offset(t.g, h, &col, &row);
        origin(&t, col, row, &x, &y);
        if (pass == 0) paint_edges(&t, x, y);
        else if (pass == 1 && t.flat) paint_hex_flat(&t, h, x, y);
        else if (pass == 1) paint_hex(&t, h, x, y);
        else paint_sides(&t, h, x, y);
      }
  }
  if (o->shown != NULL) *o->shown = vl_hex_from_offset(t.g, (t.c0 + t.c1) / 2, (t.r0 + t.r1) / 2);
  header(&t, out);
  write_canvas(out, &t.cv, o->unicode, o->colour);
  legend(&t, out, narrowed);
  rc = 0;
done:
  free(t.shown);
  free(t.cv.c);
  free(t.first);
  free(t.total);
  free(t.drawn);
  free(t.used_hex);
  free(t.used_side);
  free(t.road);
  free(t.used_road);
  return rc;
}
