/*
** hex.c -- hex grids (hex.h): offset <-> axial coordinates for the four offset layouts,
** labels, neighbours, hexsides, vertices, distance, rings, ranges, the hex line and the trace
** of the segment between two hex centres, and the facing words. Integer arithmetic only, no
** allocation, no I/O. What a rule makes of a grazed hexside or a vertex is Lua's business.
**
** Geometry. Axial (q, r) with s = -q - r are cube coordinates, points of the plane
** q + r + s = 0, which carries the board's distances up to a factor: the squared distance
** between two points is proportional to dq^2 + dr^2 + ds^2 (the cube dot product) whatever the
** layout, since a pointy-top grid is a flat-top one turned by 30 degrees. A hex is the cell of
** the points nearest its centre, so every question the line and the trace ask ("which cell
** holds this point", "where does the segment leave this cell") is exact integer arithmetic.
*/
#include "volley/hex.h"

#include <stdio.h>
#include <string.h>

/* The six axial steps in flat-top order N NE SE S SW NW (q grows to the east, r to the
** south). A pointy-top direction d is the flat-top step d + 1: NE E SE SW W NW. */
static const int STEP[6][2] = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};

static const char *const FLAT_SIDES[6] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const POINTY_SIDES[6] = {"NE", "E", "SE", "SW", "W", "NW"};
static const char *const FLAT_VERTICES[6] = {"N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"};
static const char *const POINTY_VERTICES[6] = {"NE/E", "E/SE", "SE/SW", "SW/W", "W/NW", "NW/NE"};

static const char *const LAYOUT_WORDS[2] = {"flat-top", "pointy-top"};
static const char *const PARITY_WORDS[4] = {"odd-columns-down", "even-columns-down",
                                            "odd-rows-right", "even-rows-right"};

/* dir mod 6 in 0..5, for any int. */
static int mod6(int dir) {
  int m = dir % 6;
  return m < 0 ? m + 6 : m;
}

/* floor(v / 2) for any v in the coordinate domain (C division truncates toward zero). */
static int floor_half(int v) {
  return v >= 0 ? v / 2 : -((1 - v) / 2);
}

/* The axial step of direction dir on grid g. */
static vl_hex step_of(const vl_grid *g, int dir) {
  int k = mod6(dir + (g->layout == VL_POINTY_TOP ? 1 : 0));
  vl_hex d;
  d.q = STEP[k][0];
  d.r = STEP[k][1];
  return d;
}

static vl_hex hex_add(vl_hex a, vl_hex b) {
  vl_hex h;
  h.q = a.q + b.q;
  h.r = a.r + b.r;
  return h;
}

/* The cube dot product of two axial vectors (their s = -q - r included). */
static long long dot(long long aq, long long ar, long long bq, long long br) {
  return aq * bq + ar * br + (aq + ar) * (bq + br);
}

/* ---- grids ----------------------------------------------------------------------------- */

vl_grid vl_grid_default(void) {
  vl_grid g;
  g.layout = VL_FLAT_TOP;
  g.parity = VL_ODD_COLUMNS_DOWN;
  g.digits = 2;
  return g;
}

int vl_grid_init(vl_grid *g, const char *layout, const char *parity, int digits, vl_error *err) {
  int lay, par;
  if (layout == NULL || parity == NULL)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "grid needs a layout and a parity");
  for (lay = 0; lay < 2 && strcmp(layout, LAYOUT_WORDS[lay]) != 0; lay++) continue;
  if (lay == 2)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "unknown layout '%.40s': expected flat-top or pointy-top", layout);
  for (par = 0; par < 4 && strcmp(parity, PARITY_WORDS[par]) != 0; par++) continue;
  if (par == 4)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "unknown parity '%.40s': expected odd-columns-down, even-columns-down,"
                        " odd-rows-right or even-rows-right", parity);
  if ((lay == VL_FLAT_TOP) != (par <= VL_EVEN_COLUMNS_DOWN))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "parity %s does not fit layout %s: expected %s",
                        PARITY_WORDS[par], LAYOUT_WORDS[lay],
                        lay == VL_FLAT_TOP ? "odd-columns-down or even-columns-down"
                                           : "odd-rows-right or even-rows-right");
  if (digits != 2 && digits != 3)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "digits must be 2 or 3, got %d", digits);
  g->layout = (vl_layout)lay;
  g->parity = (vl_parity)par;
  g->digits = digits;
  return VL_OK;
}

const char *vl_grid_layout_word(const vl_grid *g) {
  return LAYOUT_WORDS[g->layout == VL_POINTY_TOP ? 1 : 0];
}

const char *vl_grid_parity_word(const vl_grid *g) {
  int p = (int)g->parity;
  return PARITY_WORDS[p >= 0 && p < 4 ? p : 0];
}

/* ---- coordinates and labels -------------------------------------------------------------- */

int vl_hex_eq(vl_hex a, vl_hex b) {
  return a.q == b.q && a.r == b.r;
}

int vl_hex_cmp(vl_hex a, vl_hex b) {
  if (a.q != b.q) return a.q < b.q ? -1 : 1;
  if (a.r != b.r) return a.r < b.r ? -1 : 1;
  return 0;
}

/* Offset <-> axial (redblobgames' odd-q, even-q, odd-r, even-r, with floor division so that
** negative columns and rows map one to one too). Flat-top: the column is q and a column's
** rows shift half a hex down when its parity is the shoved one; pointy-top: the row is r and
** a row's columns shift half a hex right. */
vl_hex vl_hex_from_offset(const vl_grid *g, int col, int row) {
  vl_hex h;
  switch (g->parity) {
  case VL_EVEN_COLUMNS_DOWN: h.q = col; h.r = row - floor_half(col + 1); break;
  case VL_ODD_ROWS_RIGHT:    h.q = col - floor_half(row); h.r = row; break;
  case VL_EVEN_ROWS_RIGHT:   h.q = col - floor_half(row + 1); h.r = row; break;
  case VL_ODD_COLUMNS_DOWN:
  default:                   h.q = col; h.r = row - floor_half(col); break;
  }
  return h;
}

void vl_hex_to_offset(const vl_grid *g, vl_hex h, int *col, int *row) {
  switch (g->parity) {
  case VL_EVEN_COLUMNS_DOWN: *col = h.q; *row = h.r + floor_half(h.q + 1); break;
  case VL_ODD_ROWS_RIGHT:    *col = h.q + floor_half(h.r); *row = h.r; break;
  case VL_EVEN_ROWS_RIGHT:   *col = h.q + floor_half(h.r + 1); *row = h.r; break;
  case VL_ODD_COLUMNS_DOWN:
  default:                   *col = h.q; *row = h.r + floor_half(h.q); break;
  }
}

int vl_hex_parse(const vl_grid *g, const char *label, vl_hex *out, vl_error *err) {
  int n = 2 * g->digits, i, col = 0, row = 0;
  if (label == NULL) return vl_error_set(err, VL_EPARSE, NULL, 0, "missing hex label");
  for (i = 0; i < n; i++) {
    if (label[i] < '0' || label[i] > '9') break;
    if (i < g->digits) col = col * 10 + (label[i] - '0');
    else row = row * 10 + (label[i] - '0');
  }
  if (i < n || label[n] != '\0')
    return vl_error_set(err, VL_EPARSE, NULL, 0, "invalid hex label '%.32s': expected %d digits",
                        label, n);
  *out = vl_hex_from_offset(g, col, row);
  return VL_OK;
}

int vl_hex_format(const vl_grid *g, vl_hex h, char *buf, size_t n) {
  int col, row, d = g->digits == 3 ? 3 : 2, limit = d == 3 ? 1000 : 100, i;
  vl_hex_to_offset(g, h, &col, &row);
  if (col < 0 || row < 0 || col >= limit || row >= limit || n < (size_t)(2 * d + 1))
    return VL_EINVAL;
  for (i = d - 1; i >= 0; i--) {            /* digits by hand: snprintf costs ten times more */
    buf[i] = (char)('0' + col % 10);
    buf[d + i] = (char)('0' + row % 10);
    col /= 10;
    row /= 10;
  }
  buf[2 * d] = '\0';
  return 2 * d;
}

int vl_hex_label_cmp(const vl_grid *g, vl_hex a, vl_hex b) {
  int ac, ar, bc, br;
  vl_hex_to_offset(g, a, &ac, &ar);
  vl_hex_to_offset(g, b, &bc, &br);
  if (ac != bc) return ac < bc ? -1 : 1;
  if (ar != br) return ar < br ? -1 : 1;
  return 0;
}

/* ---- neighbours, hexsides, vertices ------------------------------------------------------ */

vl_hex vl_hex_neighbor(const vl_grid *g, vl_hex h, int dir) {
  return hex_add(h, step_of(g, dir));
}

int vl_hex_direction(const vl_grid *g, vl_hex a, vl_hex b) {
  int dir;
  for (dir = 0; dir < 6; dir++) {
    vl_hex d = step_of(g, dir);
    if (b.q - a.q == d.q && b.r - a.r == d.r) return dir;
  }
  return -1;
}

vl_hexside vl_hexside_of(const vl_grid *g, vl_hex h, int dir) {
  vl_hexside s;
  dir = mod6(dir);
  if (dir < 3) {
    s.hex = h;
    s.dir = dir;
  } else {                                  /* named from the other side: its dir - 3 */
    s.hex = vl_hex_neighbor(g, h, dir);
    s.dir = dir - 3;
  }
  return s;
}

int vl_hexside_between(const vl_grid *g, vl_hex a, vl_hex b, vl_hexside *out) {
  int dir = vl_hex_direction(g, a, b);
  if (dir < 0) return VL_EINVAL;
  *out = vl_hexside_of(g, a, dir);
  return VL_OK;
}

void vl_hexside_hexes(const vl_grid *g, vl_hexside s, vl_hex *a, vl_hex *b) {
  *a = s.hex;
  *b = vl_hex_neighbor(g, s.hex, s.dir);
}

/* Writes the labels of n hexes (sorted into label order first) joined by '/' into buf. */
static int format_joined(const vl_grid *g, vl_hex *hs, int n, char *buf, size_t size) {
  int i, j;
  size_t len = 0;
  for (i = 1; i < n; i++)                   /* insertion sort: n is 2 or 3 */
    for (j = i; j > 0 && vl_hex_label_cmp(g, hs[j - 1], hs[j]) > 0; j--) {
      vl_hex t = hs[j];
      hs[j] = hs[j - 1];
      hs[j - 1] = t;
    }
  for (i = 0; i < n; i++) {
    char label[VL_HEX_LABEL_MAX];
    int k = vl_hex_format(g, hs[i], label, sizeof label);
    if (k < 0 || len + (size_t)k + (i > 0 ? 1u : 0u) + 1 > size) return VL_EINVAL;
    if (i > 0) buf[len++] = '/';
    memcpy(buf + len, label, (size_t)k);
    len += (size_t)k;
  }
  buf[len] = '\0';
  return (int)len;
}

/* Splits text at '/' into up to max labels and parses each; returns how many parts there
** were (max + 1 when more), or VL_EPARSE with err set by the first bad label. */
static int parse_joined(const vl_grid *g, const char *text, vl_hex *out, int max, vl_error *err) {
  int n = 0;
  const char *p = text;
  for (;;) {
    char label[VL_HEX_LABEL_MAX + 8];
    const char *slash = strchr(p, '/');
    size_t k = slash ? (size_t)(slash - p) : strlen(p);
    if (n == max) return max + 1;
    if (k >= sizeof label) k = sizeof label - 1;  /* too long: refused by the parse below */
    memcpy(label, p, k);
    label[k] = '\0';
    if (vl_hex_parse(g, label, &out[n], err) != VL_OK) return VL_EPARSE;
    n++;
    if (slash == NULL) return n;
    p = slash + 1;
  }
}

int vl_hexside_format(const vl_grid *g, vl_hexside s, char *buf, size_t n) {
  vl_hex hs[2];
  vl_hexside_hexes(g, s, &hs[0], &hs[1]);
  return format_joined(g, hs, 2, buf, n);
}

int vl_hexside_parse(const vl_grid *g, const char *text, vl_hexside *out, vl_error *err) {
  vl_hex hs[2];
  vl_error e;
  int n;
  if (text == NULL) return vl_error_set(err, VL_EPARSE, NULL, 0, "missing hexside");
  n = parse_joined(g, text, hs, 2, &e);
  if (n == VL_EPARSE || n != 2)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid hexside '%.40s': expected <hex>/<hex>%s%s", text,
                        n == VL_EPARSE ? ", " : "", n == VL_EPARSE ? e.msg : "");
  if (vl_hexside_between(g, hs[0], hs[1], out) != VL_OK)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid hexside '%.40s': the hexes are not adjacent", text);
  return VL_OK;
}

/* Vertex v of X is vertex v + 2 of X's neighbour across side v, and vertex v + 4 of X's
** neighbour across side v + 1; even vertices are one class of points, odd ones the other.
** The canonical form names each point as corner 0 or 1 of exactly one hex. */
vl_vertex vl_vertex_of(const vl_grid *g, vl_hex h, int v) {
  vl_vertex x;
  v = mod6(v);
  switch (v) {
  case 0: case 1: x.hex = h; break;
  case 2: x.hex = vl_hex_neighbor(g, h, 3); break;  /* = corner 0 of the hex across side 3 */
  case 3: case 4: x.hex = vl_hex_neighbor(g, h, 4); break;
  default: x.hex = vl_hex_neighbor(g, h, 5); break;  /* 5 = corner 1 across side 5 */
  }
  x.corner = v % 2;
  return x;
}

void vl_vertex_hexes(const vl_grid *g, vl_vertex x, vl_hex out[3]) {
  out[0] = x.hex;
  out[1] = vl_hex_neighbor(g, x.hex, x.corner);
  out[2] = vl_hex_neighbor(g, x.hex, x.corner + 1);
}

int vl_vertex_corner(const vl_grid *g, vl_vertex x, vl_hex h) {
  vl_hex hs[3];
  vl_vertex_hexes(g, x, hs);
  if (vl_hex_eq(h, hs[0])) return x.corner;
  if (vl_hex_eq(h, hs[1])) return x.corner + 2;
  if (vl_hex_eq(h, hs[2])) return x.corner + 4;
  return -1;
}

int vl_vertex_format(const vl_grid *g, vl_vertex x, char *buf, size_t n) {
  vl_hex hs[3];
  vl_vertex_hexes(g, x, hs);
  return format_joined(g, hs, 3, buf, n);
}

int vl_vertex_parse(const vl_grid *g, const char *text, vl_vertex *out, vl_error *err) {
  vl_hex hs[3];
  vl_error e;
  int n, v;
  if (text == NULL) return vl_error_set(err, VL_EPARSE, NULL, 0, "missing vertex");
  n = parse_joined(g, text, hs, 3, &e);
  if (n == VL_EPARSE || n != 3)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid vertex '%.40s': expected <hex>/<hex>/<hex>%s%s", text,
                        n == VL_EPARSE ? ", " : "", n == VL_EPARSE ? e.msg : "");
  for (v = 0; v < 6; v++) {                 /* hs[1], hs[2] on hs[0]'s sides v and v + 1? */
    vl_hex a = vl_hex_neighbor(g, hs[0], v), b = vl_hex_neighbor(g, hs[0], v + 1);
    if ((vl_hex_eq(a, hs[1]) && vl_hex_eq(b, hs[2])) ||
        (vl_hex_eq(a, hs[2]) && vl_hex_eq(b, hs[1]))) {
      *out = vl_vertex_of(g, hs[0], v);
      return VL_OK;
    }
  }
  return vl_error_set(err, VL_EPARSE, NULL, 0,
                      "invalid vertex '%.40s': the three hexes do not meet at a vertex", text);
}

/* ---- distance, rings, ranges ------------------------------------------------------------- */

int vl_hex_distance(vl_hex a, vl_hex b) {
  int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
  if (dq < 0) dq = -dq;
  if (dr < 0) dr = -dr;
  if (ds < 0) ds = -ds;
  return (dq + dr + ds) / 2;
}

int vl_hex_ring(const vl_grid *g, vl_hex c, int radius, vl_hex *out, int max) {
  int n = 0, side, j;
  vl_hex h, d;
  if (radius < 0) return -1;
  if (radius == 0) {
    if (max > 0) out[0] = c;
    return 1;
  }
  d = step_of(g, 0);                         /* start at the corner across side 0 */
  h.q = c.q + d.q * radius;
  h.r = c.r + d.r * radius;
  for (side = 0; side < 6; side++)           /* then clockwise: from corner k toward k + 1 */
    for (j = 0; j < radius; j++) {
      if (n < max) out[n] = h;
      n++;
      h = vl_hex_neighbor(g, h, side + 2);
    }
  return n;
}

int vl_hex_range(const vl_grid *g, vl_hex c, int radius, vl_hex *out, int max) {
  int n = 0, k;
  if (radius < 0) return -1;
  for (k = 0; k <= radius; k++) {
    int room = max - n;
    n += vl_hex_ring(g, c, k, n < max ? out + n : NULL, room > 0 ? room : 0);
  }
  return n;
}

/* ---- the hex line and the trace ---------------------------------------------------------- */

static void put_step(vl_line_step *out, int max, int n, vl_hex h) {
  if (n >= max) return;
  out[n].hex = h;
  out[n].alt = h;
  out[n].grazing = 0;
  out[n].both = 0;
}

static void put_pair(vl_line_step *out, int max, int n, vl_hex a, vl_hex b, int grazing) {
  if (n >= max) return;
  if (vl_hex_cmp(a, b) > 0) {
    vl_hex t = a;
    a = b;
    b = t;
  }
  out[n].hex = a;
  out[n].alt = b;
  out[n].grazing = grazing;
  out[n].both = !grazing;
}

/* The hex line. With N = distance(a, b), one cube component of D = b - a is +-N (the major
** one), so the point i/N of the way has an integral major coordinate: it lies on the row of
** hexes whose major coordinate is that integer. Rows are sqrt(3)/2 apart and centres along a
** row 1 apart, so its nearest centres are in that row: the rounding of one other coordinate,
** x = i Dx / N, gives them, two where x is a half (the point is on the hexside between two
** centres of the row). x is carried as floor and remainder, with no division. */
int vl_hex_line(const vl_grid *g, vl_hex a, vl_hex b, vl_line_step *out, int max) {
  int d[3], n = vl_hex_distance(a, b), m, x, y, i, fl = 0, rem = 0;
  (void)g;
  d[0] = b.q - a.q;
  d[1] = b.r - a.r;
  d[2] = -d[0] - d[1];
  if (n == 0) {
    put_step(out, max, 0, a);
    return 1;
  }
  for (m = 0; d[m] != n && d[m] != -n; m++) continue;  /* the major component */
  x = (m + 1) % 3;                                      /* the rounded one */
  y = (m + 2) % 3;                                      /* the third: -major - x */
  for (i = 0; i <= n; i++) {
    int c[3], k;
    vl_hex h;
    if (i > 0) {                             /* x = fl + rem / n, 0 <= rem < n, + Dx / n */
      rem += d[x];
      if (rem >= n) {
        rem -= n;
        fl++;
      } else if (rem < 0) {
        rem += n;
        fl--;
      }
    }
    c[m] = d[m] > 0 ? i : -i;
    c[x] = 2 * rem > n ? fl + 1 : fl;
    c[y] = -c[m] - c[x];
    h.q = a.q + c[0];
    h.r = a.r + c[1];
    if (2 * rem != n) {
      put_step(out, max, i, h);
    } else {                                 /* on the hexside between fl and fl + 1 */
      vl_hex t;
      int step[3], along;
      for (k = 0; k < 3; k++) step[k] = 0;
      step[x] = 1;
      step[y] = -1;
      t.q = h.q + step[0];
      t.r = h.r + step[1];
      /* along the hexside when D is perpendicular to the step between the two centres */
      along = dot(d[0], d[1], step[0], step[1]) == 0;
      put_pair(out, max, i, h, t, along);
    }
  }
  return n + 1;
}

/* The trace walks cell to cell. With the segment p(t) = t D (relative to a, 0 <= t <= 1), the
** cell of centre c is { p : p.d <= c.d + 1 for the six unit steps d } (d.d = 2), so the segment
** leaves it across side d at t_d = (1 + c.d) / (D.d) for the d with D.d > 0: the first of
** these is the exit. Two equal firsts are a vertex: the segment goes on into the cell it gets
** nearer to, or, when it gets nearer to neither, runs along the hexside between the two. */
int vl_hex_trace(const vl_grid *g, vl_hex a, vl_hex b, vl_line_step *out, int max) {
  long long nq = b.q - a.q, nr = b.r - a.r;
  long long cq = 0, cr = 0;                  /* the current cell, relative to a */
  int n = 0, limit = 4 * vl_hex_distance(a, b) + 2;
  (void)g;
  put_step(out, max, n++, a);
  while ((cq != nq || cr != nr) && n <= limit) {
    long long bn = 0, bd = 0;                /* the first exit so far: t = bn / bd */
    int k, first = -1, second = -1;
    vl_hex x;
    for (k = 0; k < 6; k++) {
      long long den = dot(nq, nr, STEP[k][0], STEP[k][1]);
      long long num = 1 + dot(cq, cr, STEP[k][0], STEP[k][1]);
      if (den <= 0) continue;
      if (first < 0 || num * bd < bn * den) {
        first = k;
        second = -1;
        bn = num;
        bd = den;
      } else if (num * bd == bn * den) {
        second = k;
      }
    }
    if (first < 0) break;                    /* not reached: D != 0 leaves every cell */
    if (second >= 0) {                       /* a vertex of the cell */
      long long d1 = dot(nq, nr, STEP[first][0], STEP[first][1]);
      long long d2 = dot(nq, nr, STEP[second][0], STEP[second][1]);
      vl_hex y;
      x.q = a.q + (int)cq + STEP[first][0];
      x.r = a.r + (int)cr + STEP[first][1];
      y.q = a.q + (int)cq + STEP[second][0];
      y.r = a.r + (int)cr + STEP[second][1];
      if (d1 == d2) {                        /* along the hexside x/y to the hex beyond */
        put_pair(out, max, n++, x, y, 1);
        cq += STEP[first][0] + STEP[second][0];
        cr += STEP[first][1] + STEP[second][1];
      } else {                               /* through the vertex into the nearer one */
        int k2 = d1 > d2 ? first : second;
        cq += STEP[k2][0];
        cr += STEP[k2][1];
      }
    } else {
      cq += STEP[first][0];
      cr += STEP[first][1];
    }
    x.q = a.q + (int)cq;
    x.r = a.r + (int)cr;
    put_step(out, max, n++, x);
  }
  return n;
}

/* ---- facing words ------------------------------------------------------------------------ */

const char *vl_hexside_word(const vl_grid *g, int dir) {
  if (dir < 0 || dir > 5) return NULL;
  return g->layout == VL_POINTY_TOP ? POINTY_SIDES[dir] : FLAT_SIDES[dir];
}

const char *vl_vertex_word(const vl_grid *g, int v) {
  if (v < 0 || v > 5) return NULL;
  return g->layout == VL_POINTY_TOP ? POINTY_VERTICES[v] : FLAT_VERTICES[v];
}

/* Case-insensitive equality of the n bytes at s with the NUL-terminated word w. */
static int word_eq(const char *s, size_t n, const char *w) {
  size_t i;
  for (i = 0; i < n; i++) {
    char c = s[i];
    if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    if (w[i] == '\0' || c != w[i]) return 0;
  }
  return w[n] == '\0';
}

static int side_of(const vl_grid *g, const char *s, size_t n) {
  int dir;
  for (dir = 0; dir < 6; dir++)
    if (word_eq(s, n, vl_hexside_word(g, dir))) return dir;
  return -1;
}

int vl_hexside_dir(const vl_grid *g, const char *word) {
  return word ? side_of(g, word, strlen(word)) : -1;
}

/* The vertex of an alias (E, W on flat-top; N, S on pointy-top), or -1. */
static int alias_of(const vl_grid *g, const char *s, size_t n) {
  if (g->layout == VL_POINTY_TOP) {
    if (word_eq(s, n, "N")) return 5;        /* NW/NE */
    if (word_eq(s, n, "S")) return 2;        /* SE/SW */
  } else {
    if (word_eq(s, n, "E")) return 1;        /* NE/SE */
    if (word_eq(s, n, "W")) return 4;        /* SW/NW */
  }
  return -1;
}

/* Reads "A/B" at s (n bytes): 0..5 for a clockwise pair of sides, -2 for a counter-clockwise
** pair, -3 for two sides that do not meet, -1 when A or B is not a side word. */
static int pair_of(const vl_grid *g, const char *s, size_t n, int *a, int *b) {
  const char *slash = memchr(s, '/', n);
  if (slash == NULL) return -1;
  *a = side_of(g, s, (size_t)(slash - s));
  *b = side_of(g, slash + 1, n - (size_t)(slash - s) - 1);
  if (*a < 0 || *b < 0) return -1;
  if (*b == mod6(*a + 1)) return *a;
  if (*a == mod6(*b + 1)) return -2;
  return -3;
}

int vl_vertex_index(const vl_grid *g, const char *word) {
  int a, b, v;
  size_t n;
  if (word == NULL) return -1;
  n = strlen(word);
  v = alias_of(g, word, n);
  if (v >= 0) return v;
  v = pair_of(g, word, n, &a, &b);
  return v >= 0 ? v : -1;
}

/* The label of h for a message, or "(q,r)" when it has none. */
static const char *label_for(const vl_grid *g, vl_hex h, char *buf, size_t n) {
  if (vl_hex_format(g, h, buf, n) < 0) snprintf(buf, n, "(%d,%d)", h.q, h.r);
  return buf;
}

/* "toward <hex>" and "toward <hex>/<hex>": rest is what follows the keyword, text the whole. */
static int parse_toward(const vl_grid *g, vl_hex at, const char *text, const char *rest,
                        vl_facing_kind *kind, int *index, vl_error *err) {
  char here[24], buf[32];
  vl_hex hs[2];
  vl_error e;
  int n, d0, d1;
  size_t len = strlen(rest);
  while (len > 0 && rest[len - 1] == ' ') len--;
  if (len == 0 || len >= sizeof buf)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': expected toward <hex> or toward <hex>/<hex>",
                        text);
  memcpy(buf, rest, len);
  buf[len] = '\0';
  n = parse_joined(g, buf, hs, 2, &e);
  if (n == VL_EPARSE)
    return vl_error_set(err, VL_EPARSE, NULL, 0, "invalid facing '%.40s': %s", text, e.msg);
  if (n > 2)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': expected toward <hex> or toward <hex>/<hex>",
                        text);
  label_for(g, at, here, sizeof here);
  d0 = vl_hex_direction(g, at, hs[0]);
  if (d0 < 0)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': %.*s is not adjacent to %s", text,
                        2 * g->digits, buf, here);
  if (n == 1) {
    *kind = VL_FACING_HEXSIDE;
    *index = d0;
    return VL_OK;
  }
  d1 = vl_hex_direction(g, at, hs[1]);
  if (d1 < 0)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': %s is not adjacent to %s", text,
                        strchr(buf, '/') + 1, here);
  if (d1 != mod6(d0 + 1) && d0 != mod6(d1 + 1))
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': the two hexes do not meet at a vertex of %s",
                        text, here);
  *kind = VL_FACING_VERTEX;
  *index = d1 == mod6(d0 + 1) ? d0 : d1;
  return VL_OK;
}

int vl_facing_parse(const vl_grid *g, vl_hex at, const char *text, vl_facing_kind *kind,
                    int *index, vl_error *err) {
  const char *s = text;
  size_t n;
  int v, a = 0, b = 0;
  if (text == NULL) return vl_error_set(err, VL_EPARSE, NULL, 0, "missing facing");
  while (*s == ' ') s++;
  n = strlen(s);
  while (n > 0 && s[n - 1] == ' ') n--;
  if (n > 6 && word_eq(s, 6, "TOWARD") && s[6] == ' ') {
    const char *rest = s + 7;
    while (*rest == ' ') rest++;
    return parse_toward(g, at, text, rest, kind, index, err);
  }
  v = side_of(g, s, n);
  if (v >= 0) {
    *kind = VL_FACING_HEXSIDE;
    *index = v;
    return VL_OK;
  }
  v = alias_of(g, s, n);
  if (v < 0) v = pair_of(g, s, n, &a, &b);
  if (v >= 0) {
    *kind = VL_FACING_VERTEX;
    *index = v;
    return VL_OK;
  }
  if (v == -2)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': a vertex is written clockwise, %s/%s", text,
                        vl_hexside_word(g, b), vl_hexside_word(g, a));
  if (v == -3)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "invalid facing '%.40s': %s and %s do not meet at a vertex", text,
                        vl_hexside_word(g, a), vl_hexside_word(g, b));
  if (g->layout == VL_POINTY_TOP)
    return vl_error_set(err, VL_EPARSE, NULL, 0,
                        "unknown facing '%.40s': expected a hexside (NE E SE SW W NW), a vertex"
                        " (NE/E E/SE SE/SW SW/W W/NW NW/NE, or N S) or toward <hex>[/<hex>]",
                        text);
  return vl_error_set(err, VL_EPARSE, NULL, 0,
                      "unknown facing '%.40s': expected a hexside (N NE SE S SW NW), a vertex"
                      " (N/NE NE/SE SE/S S/SW SW/NW NW/N, or E W) or toward <hex>[/<hex>]", text);
}
