/*
** move.c -- movement costs and searches over a movement graph (move.h): the cost of a step
** from a movement table and the query's overlay, Dijkstra reach, the cheapest path, the check
** of a typed path. Reading movement.ini is move_load.c. Nodes are the map's hexes in label
** order (node i is vl_map_hex_at(m, i)), then the tracks' spaces, track by track: node order
** is location order, which the tie-breaking and the sorted answers rely on.
*/
#include "volley/move.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "move_internal.h"

/* An edge that is not one of a hex's six neighbours: along a track, or across a link. */
typedef struct xedge {
  int to;      /* node */
  int track;   /* the track whose costs it pays */
} xedge;

struct vl_move_graph {
  const vl_map *m;
  const vl_move_table *t;
  const vl_grid *grid;
  int col_min, row_min, nrows, ncols_map;
  size_t ncells, nnodes;
  uint16_t *type;        /* per cell: terrain index */
  int16_t *elev;         /* per cell: half-levels */
  int *nb;               /* per cell * 6: the neighbour's cell, or -1 off the map */
  int *sidx;             /* per cell * 6: the hexside's index (canonical cell * 3 + dir), or -1 */
  uint32_t *feat, *road; /* per cell * 6: the hexside's features and road kinds */
  size_t ntracks;
  size_t *track_first;   /* per track: its first node; then nnodes */
  int *track_row;        /* per track: the table's track row, or -1 */
  size_t *xfirst;        /* per node + 1: the node's extra edges are xedges[xfirst[n]..] */
  xedge *xedges;
};

/* ---- the graph -------------------------------------------------------------------------------- */

/* The cell of h, or -1 off the map (cells are in label order, column-major). */
static int cell_of(const vl_move_graph *g, vl_hex h) {
  int col, row;
  vl_hex_to_offset(g->grid, h, &col, &row);
  col -= g->col_min;
  row -= g->row_min;
  if (col < 0 || row < 0 || col >= g->ncols_map || row >= g->nrows) return -1;
  return col * g->nrows + row;
}

/* The node of loc, or -1 when it is not on the map. */
static int node_of(const vl_move_graph *g, vl_move_loc loc) {
  if (loc.track < 0) return cell_of(g, loc.hex);
  if ((size_t)loc.track >= g->ntracks || loc.space < 0 ||
      (size_t)loc.space >= g->track_first[loc.track + 1] - g->track_first[loc.track])
    return -1;
  return (int)(g->track_first[loc.track] + (size_t)loc.space);
}

static vl_move_loc loc_of(const vl_move_graph *g, int node) {
  size_t k;
  if ((size_t)node < g->ncells) return vl_move_at_hex(vl_map_hex_at(g->m, (size_t)node));
  for (k = 0; (size_t)node >= g->track_first[k + 1]; k++) {}
  return vl_move_at_space((int)k, (int)((size_t)node - g->track_first[k]));
}

vl_move_loc vl_move_at_hex(vl_hex h) {
  vl_move_loc l;
  l.track = -1;
  l.space = 0;
  l.hex = h;
  return l;
}

vl_move_loc vl_move_at_space(int track, int space) {
  vl_move_loc l;
  l.track = track;
  l.space = space;
  l.hex.q = l.hex.r = 0;
  return l;
}

int vl_move_loc_format(const vl_map *m, vl_move_loc loc, char *buf, size_t n) {
  const vl_track *t;
  int len;
  if (loc.track < 0) return vl_hex_format(vl_map_grid(m), loc.hex, buf, n);
  t = vl_map_track_at(m, (size_t)loc.track);
  if (t == NULL || loc.space < 0 || (size_t)loc.space >= t->nspaces) return VL_EINVAL;
  len = snprintf(buf, n, "%s/%s", t->name, t->spaces[loc.space]);
  return len < 0 || (size_t)len >= n ? VL_EINVAL : len;
}

void vl_move_graph_free(vl_move_graph *g) {
  if (g == NULL) return;
  free(g->type);
  free(g->elev);
  free(g->nb);
  free(g->sidx);
  free(g->feat);
  free(g->road);
  free(g->track_first);
  free(g->track_row);
  free(g->xfirst);
  free(g->xedges);
  free(g);
}

/* Adds the extra edge a -> b (both directions when both) to the count or the arrays. */
static void xadd(vl_move_graph *g, size_t *fill, int a, int b, int track, int both) {
  if (fill == NULL) {
    g->xfirst[a + 1]++;
    if (both) g->xfirst[b + 1]++;
    return;
  }
  g->xedges[fill[a]].to = b;
  g->xedges[fill[a]++].track = track;
  if (both) {
    g->xedges[fill[b]].to = a;
    g->xedges[fill[b]++].track = track;
  }
}

/* Counts (fill NULL) or writes the track edges: consecutive spaces, more adjacencies, links
** (both ways). */
static void track_edges(vl_move_graph *g, size_t *fill) {
  size_t k, i;
  for (k = 0; k < g->ntracks; k++) {
    const vl_track *tr = vl_map_track_at(g->m, k);
    int first = (int)g->track_first[k];
    for (i = 0; i + 1 < tr->nspaces; i++)
      xadd(g, fill, first + (int)i, first + (int)i + 1, (int)k, 1);
    for (i = 0; i < tr->nadjacent; i++)
      xadd(g, fill, first + (int)tr->adjacent[i][0], first + (int)tr->adjacent[i][1], (int)k, 1);
    for (i = 0; i < tr->nlinks; i++) {
      int c = cell_of(g, tr->links[i].hex);
      if (c >= 0) xadd(g, fill, first + (int)tr->links[i].space, c, (int)k, 1);
    }
  }
}

static int cmp_xedge(const void *a, const void *b) {
  const xedge *x = a, *y = b;
  return x->to != y->to ? (x->to < y->to ? -1 : 1) : (x->track < y->track ? -1 : x->track > y->track);
}

int vl_move_graph_new(const vl_map *m, const vl_move_table *t, vl_move_graph **out,
                      vl_error *err) {
  const vl_terrain *tt = vl_map_terrain_table(m);
  vl_move_graph *g;
  int col_max, row_max;
  size_t i, k, *fill;
  *out = NULL;
  if (vl_terrain_count(tt, VL_TERRAIN_HEX) != t->nhex ||
      vl_terrain_count(tt, VL_TERRAIN_HEXSIDE) != t->nside ||
      vl_terrain_count(tt, VL_TERRAIN_ROAD) != t->nroad ||
      strcmp(vl_terrain_system(tt), t->system) != 0)
    return vl_error_set(err, VL_EINVAL, vl_map_path(m), 0, "the movement table was loaded for "
                        "other terrain tables than the map's");
  g = calloc(1, sizeof *g);
  if (g == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory");
  g->m = m;
  g->t = t;
  g->grid = vl_map_grid(m);
  vl_map_bounds(m, &g->col_min, &col_max, &g->row_min, &row_max);
  g->ncols_map = col_max - g->col_min + 1;
  g->nrows = row_max - g->row_min + 1;
  g->ncells = vl_map_hex_count(m);
  g->ntracks = vl_map_track_count(m);
  g->nnodes = g->ncells;
  g->track_first = malloc((g->ntracks + 1) * sizeof *g->track_first);
  g->track_row = malloc((g->ntracks + 1) * sizeof *g->track_row);
  if (g->track_first == NULL || g->track_row == NULL) goto oom;
  for (k = 0; k < g->ntracks; k++) {
    const vl_track *tr = vl_map_track_at(m, k);
    g->track_first[k] = g->nnodes;
    g->track_row[k] = vl_move_track_row(t, tr->name);
    g->nnodes += tr->nspaces;
  }
  g->track_first[g->ntracks] = g->nnodes;
  if (g->nnodes > (size_t)1 << 28) {
    vl_move_graph_free(g);
    return vl_error_set(err, VL_EINVAL, vl_map_path(m), 0, "map too large to search");
  }
  g->type = malloc(g->ncells * sizeof *g->type);
  g->elev = malloc(g->ncells * sizeof *g->elev);
  g->nb = malloc(6 * g->ncells * sizeof *g->nb);
  g->sidx = malloc(6 * g->ncells * sizeof *g->sidx);
  g->feat = malloc(6 * g->ncells * sizeof *g->feat);
  g->road = malloc(6 * g->ncells * sizeof *g->road);
  g->xfirst = calloc(g->nnodes + 1, sizeof *g->xfirst);
  if (!g->type || !g->elev || !g->nb || !g->sidx || !g->feat || !g->road || !g->xfirst) goto oom;
  for (i = 0; i < g->ncells; i++) {
    vl_hex h = vl_map_hex_at(m, i);
    int e = 0, d;
    g->type[i] = (uint16_t)vl_map_terrain_index(m, h);
    vl_map_elevation(m, h, &e);
    g->elev[i] = (int16_t)e;
    for (d = 0; d < 6; d++) {
      vl_hex n = vl_hex_neighbor(g->grid, h, d);
      size_t at = 6 * i + (size_t)d;
      int c = cell_of(g, n);
      g->nb[at] = c;
      g->sidx[at] = -1;
      g->feat[at] = g->road[at] = 0;
      if (c >= 0) {
        vl_hexside s = vl_hexside_of(g->grid, h, d);
        g->sidx[at] = cell_of(g, s.hex) * 3 + s.dir;
        vl_map_hexside(m, h, n, &g->feat[at], &g->road[at]);
      }
    }
  }
  track_edges(g, NULL);
  for (i = 0; i < g->nnodes; i++) g->xfirst[i + 1] += g->xfirst[i];
  g->xedges = malloc((g->xfirst[g->nnodes] + 1) * sizeof *g->xedges);
  fill = malloc((g->nnodes + 1) * sizeof *fill);
  if (g->xedges == NULL || fill == NULL) {
    free(fill);
    goto oom;
  }
  memcpy(fill, g->xfirst, g->nnodes * sizeof *fill);
  track_edges(g, fill);
  free(fill);
  for (i = 0; i < g->nnodes; i++)  /* each node's edges in node order: a stated order */
    qsort(g->xedges + g->xfirst[i], g->xfirst[i + 1] - g->xfirst[i], sizeof *g->xedges,
          cmp_xedge);
  *out = g;
  return VL_OK;
oom:
  vl_move_graph_free(g);
  return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory");
}

const vl_map *vl_move_graph_map(const vl_move_graph *g) { return g->m; }
const vl_move_table *vl_move_graph_table(const vl_move_graph *g) { return g->t; }

/* ---- overlays ----------------------------------------------------------------------------- */

/* A query's overlay, spread over nodes and hexsides. Arrays are NULL when no mark needs them;
** prohibit and stop hold 1 + the index of the first such mark (0: none). */
typedef struct overlay {
  int *extra, *prohibit, *stop;
  unsigned char *noroad;
  int *sextra, *sprohibit;
  unsigned char *snoroad;
} overlay;

static void overlay_free(overlay *o) {
  free(o->extra);
  free(o->prohibit);
  free(o->stop);
  free(o->noroad);
  free(o->sextra);
  free(o->sprohibit);
  free(o->snoroad);
}

/* Allocates the array field (n elements, zeroed) unless it is there; 0 when out of memory. */
#define WANT(field, n) ((field) != NULL || ((field) = calloc((n) + 1, sizeof *(field))) != NULL)

/* Checks the query and spreads its marks. VL_OK, VL_EINVAL or VL_ENOMEM with err. */
static int prepare(const vl_move_graph *g, const vl_move_query *q, overlay *o, vl_error *err) {
  size_t i, nsides = 3 * g->ncells;
  memset(o, 0, sizeof *o);
  if (q->column != VL_MOVE_UNIFORM && (q->column < 0 || (size_t)q->column >= g->t->ncols))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "no movement column %d", q->column);
  if (q->budget < 0 || q->budget > VL_MOVE_MAX_BUDGET)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "budget %d is out of range (0 to %d)",
                        q->budget, VL_MOVE_MAX_BUDGET);
  if (q->max_step < 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "max_step %d is negative", q->max_step);
  if (q->nmarks > 0 && q->marks == NULL)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "marks missing");
  for (i = 0; i < q->nmarks; i++) {
    const vl_move_mark *k = &q->marks[i];
    int at = -1, ok = 1;
    if ((unsigned)k->kind > VL_MOVE_NO_ROAD)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "mark %zu: unknown kind %d", i + 1,
                          (int)k->kind);
    if (k->kind == VL_MOVE_EXTRA && (k->cost < 0 || k->cost > VL_MOVE_MAX_COST))
      return vl_error_set(err, VL_EINVAL, NULL, 0, "mark %zu: extra cost %d is out of range "
                          "(0 to %d)", i + 1, k->cost, VL_MOVE_MAX_COST);
    if (k->on_hexside) {
      vl_hexside s = vl_hexside_of(g->grid, k->side.hex, k->side.dir);
      vl_hex a, b;
      if (k->kind == VL_MOVE_STOP)
        return vl_error_set(err, VL_EINVAL, NULL, 0, "mark %zu: a must-stop mark is on a "
                            "location, not a hexside", i + 1);
      vl_hexside_hexes(g->grid, s, &a, &b);
      if (cell_of(g, a) < 0 || cell_of(g, b) < 0) continue;  /* no step crosses it */
      at = cell_of(g, s.hex) * 3 + s.dir;
      switch (k->kind) {
      case VL_MOVE_PROHIBIT:
        if ((ok = WANT(o->sprohibit, nsides)) && o->sprohibit[at] == 0)
          o->sprohibit[at] = (int)i + 1;
        break;
      case VL_MOVE_EXTRA:
        if ((ok = WANT(o->sextra, nsides)))
          o->sextra[at] = o->sextra[at] + k->cost > VL_MOVE_MAX_BUDGET
                            ? VL_MOVE_MAX_BUDGET + 1 : o->sextra[at] + k->cost;
        break;
      default:
        if ((ok = WANT(o->snoroad, nsides))) o->snoroad[at] = 1;
        break;
      }
    } else {
      if (k->at.track >= 0 && (size_t)k->at.track >= g->ntracks)
        return vl_error_set(err, VL_EINVAL, NULL, 0, "mark %zu: no track %d", i + 1,
                            k->at.track);
      at = node_of(g, k->at);
      if (at < 0) {
        if (k->at.track >= 0)
          return vl_error_set(err, VL_EINVAL, NULL, 0, "mark %zu: no space %d on track %d",
                              i + 1, k->at.space, k->at.track);
        continue;  /* a hex off the map: nothing enters it */
      }
      switch (k->kind) {
      case VL_MOVE_PROHIBIT:
        if ((ok = WANT(o->prohibit, g->nnodes)) && o->prohibit[at] == 0)
          o->prohibit[at] = (int)i + 1;
        break;
      case VL_MOVE_STOP:
        if ((ok = WANT(o->stop, g->nnodes)) && o->stop[at] == 0)
          o->stop[at] = (int)i + 1;
        break;
      case VL_MOVE_EXTRA:
        if ((ok = WANT(o->extra, g->nnodes)))
          o->extra[at] = o->extra[at] + k->cost > VL_MOVE_MAX_BUDGET
                           ? VL_MOVE_MAX_BUDGET + 1 : o->extra[at] + k->cost;
        break;
      default:
        if ((ok = WANT(o->noroad, g->nnodes))) o->noroad[at] = 1;
        break;
      }
    }
    if (!ok) {
      overlay_free(o);
      return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory");
    }
  }
  return VL_OK;
}

void vl_move_query_init(vl_move_query *q) {
  memset(q, 0, sizeof *q);
  q->column = 0;
  q->budget = VL_MOVE_MAX_BUDGET;
  q->roads = ~(uint32_t)0;
}

/* ---- the cost of a step ------------------------------------------------------------------- */

/* Why a step is refused. */
enum {
  R_OK = 0, R_NOT_ADJACENT, R_OFF_MAP, R_MARK, R_HEX_NA, R_SIDE_NA, R_UP_NA, R_DOWN_NA,
  R_TRACK_NONE, R_TRACK_NA, R_MAX_STEP, R_BUDGET, R_STOPPED
};

/* A step's cost, or why it is refused. */
typedef struct step {
  int cost;
  unsigned flags;   /* VL_MOVE_DISORDER | VL_MOVE_ROAD */
  int road;
  int why;          /* R_* */
  int arg;          /* the mark, type, feature, track or level count the refusal names */
  const char *rule; /* the cell's rule, for R_*_NA */
} step;

/* floor(x / 2) and ceil(x / 2) for any int. */
static int floor2(int x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }
static int ceil2(int x) { return -floor2(-x); }

/* The terrain option (road < 0) or road kind road's option of the step from cell u to cell v
** across hexside features feats: cost and flags in *s, or a refusal. */
static void option(const vl_move_graph *g, int col, int u, int v, uint32_t feats, int road,
                   step *s) {
  const vl_move_table *t = g->t;
  size_t nc = t->ncols, type = g->type[v];
  const vl_move_cell *hc = &t->hex[type * nc + (size_t)col];
  unsigned ign = 0;
  int eu = g->elev[u], ev = g->elev[v];
  memset(s, 0, sizeof *s);
  s->road = -1;
  if (hc->na && (road < 0 || t->hex_na_roads[type])) {
    s->why = R_HEX_NA, s->arg = (int)type, s->rule = hc->rule;
    return;
  }
  if (road < 0) {
    s->cost = hc->cost;
    if (hc->disorder) s->flags |= VL_MOVE_DISORDER;
  } else {
    s->cost = t->road[(size_t)road * nc + (size_t)col].cost;
    s->flags |= VL_MOVE_ROAD;
    s->road = road;
    ign = t->road_ignores[road];
  }
  if (!(ign & VL_MOVE_IGNORES_HEXSIDES)) {
    uint32_t f = feats;
    int i;
    for (i = 0; f != 0; i++, f >>= 1) {
      const vl_move_cell *sc;
      if (!(f & 1u)) continue;
      sc = &t->side[(size_t)i * nc + (size_t)col];
      if (sc->na) {
        s->why = R_SIDE_NA, s->arg = i, s->rule = sc->rule;
        return;
      }
      s->cost += sc->cost;
      if (sc->disorder) s->flags |= VL_MOVE_DISORDER;
    }
  }
  if (!(ign & VL_MOVE_IGNORES_ELEVATION) && eu != ev) {
    int levels = ev > eu ? floor2(ev) - floor2(eu) : ceil2(eu) - ceil2(ev);
    const vl_move_cell *ec = ev > eu ? &t->up[col] : &t->down[col];
    if (levels > 0 && ec->set) {
      if (ec->na) {
        s->why = ev > eu ? R_UP_NA : R_DOWN_NA, s->arg = levels, s->rule = ec->rule;
        return;
      }
      s->cost += levels * ec->cost;
      if (ec->disorder) s->flags |= VL_MOVE_DISORDER;
    }
  }
}

/* Whether option a beats option b (a legal): cheaper, or as cheap without a disorder, or as
** good when b is the terrain's (a road wins ties against the terrain; the first road kind,
** tried first, keeps a tie against later ones). */
static int better(const step *a, const step *b) {
  int da = (a->flags & VL_MOVE_DISORDER) != 0, db = (b->flags & VL_MOVE_DISORDER) != 0;
  if (b->why != R_OK) return 1;
  if (a->cost != b->cost) return a->cost < b->cost;
  if (da != db) return da < db;
  return b->road < 0;
}

/* The step from cell u to its neighbour in direction d. */
static void hex_step(const vl_move_graph *g, const vl_move_query *q, const overlay *o, int u,
                     int d, step *s) {
  const vl_move_table *t = g->t;
  size_t at = 6 * (size_t)u + (size_t)d;
  int v = g->nb[at], side = g->sidx[at], extra = 0, col = q->column;
  memset(s, 0, sizeof *s);
  s->road = -1;
  if (o->prohibit && o->prohibit[v]) {
    s->why = R_MARK, s->arg = o->prohibit[v] - 1;
    return;
  }
  if (o->sprohibit && o->sprohibit[side]) {
    s->why = R_MARK, s->arg = o->sprohibit[side] - 1;
    return;
  }
  if (o->extra) extra += o->extra[v];
  if (o->sextra) extra += o->sextra[side];
  if (col == VL_MOVE_UNIFORM) {
    s->cost = 1;
  } else {
    uint32_t feats = g->feat[at], eff = feats, roads = g->road[at] & q->roads, f;
    int i;
    step best, alt;
    for (f = feats, i = 0; f != 0; i++, f >>= 1)
      if (f & 1u) eff &= ~t->side_cancels[i];
    if ((o->noroad && o->noroad[v]) || (o->snoroad && o->snoroad[side])) roads = 0;
    option(g, col, u, v, eff, -1, &best);
    for (f = roads, i = 0; f != 0; i++, f >>= 1) {
      if (!(f & 1u) || !t->road[(size_t)i * t->ncols + (size_t)col].set) continue;
      option(g, col, u, v, eff, i, &alt);
      if (alt.why != R_OK) continue;
      if (better(&alt, &best)) best = alt;
    }
    *s = best;
    if (s->why != R_OK) return;
  }
  s->cost += extra;
  if (q->max_step > 0 && s->cost > q->max_step) s->why = R_MAX_STEP;
}

/* The step from node u across extra edge e (a track step or a link). */
static void track_step(const vl_move_graph *g, const vl_move_query *q, const overlay *o, int u,
                       const xedge *e, step *s) {
  int v = e->to;
  (void)u;
  memset(s, 0, sizeof *s);
  s->road = -1;
  if (o->prohibit && o->prohibit[v]) {
    s->why = R_MARK, s->arg = o->prohibit[v] - 1;
    return;
  }
  if (q->column == VL_MOVE_UNIFORM) {
    s->cost = 1;
  } else {
    int row = g->track_row[e->track];
    const vl_move_cell *c;
    if (row < 0) {
      s->why = R_TRACK_NONE, s->arg = e->track;
      return;
    }
    c = &g->t->track[(size_t)row * g->t->ncols + (size_t)q->column];
    if (c->na) {
      s->why = R_TRACK_NA, s->arg = e->track, s->rule = c->rule;
      return;
    }
    s->cost = c->cost;
  }
  if (o->extra) s->cost += o->extra[v];
  if (q->max_step > 0 && s->cost > q->max_step) s->why = R_MAX_STEP;
}

/* ---- reach: Dijkstra ---------------------------------------------------------------------- */

/* A node's best arrival so far: (cost, disorders, steps) compared in that order. */
typedef struct nstate {
  int cost, dis, steps;
  int parent;          /* node, -1 for the start */
  int step;            /* the last step's cost */
  int road;            /* the last step's road kind, or -1 */
  unsigned char flags; /* the last step's VL_MOVE_DISORDER | VL_MOVE_ROAD */
  unsigned char state; /* 0 unseen, 1 open, 2 settled */
} nstate;

typedef struct hentry {
  int cost, dis, steps, node;
} hentry;

struct vl_move_reach {
  const vl_move_graph *g;
  int budget;
  nstate *st;
  int *dest_of;        /* per node: index into dest, or -1 */
  size_t ndest;
  vl_move_dest *dest;
};

static int hless(const hentry *a, const hentry *b) {
  if (a->cost != b->cost) return a->cost < b->cost;
  if (a->dis != b->dis) return a->dis < b->dis;
  if (a->steps != b->steps) return a->steps < b->steps;
  return a->node < b->node;
}

typedef struct heap {
  hentry *h;
  size_t n, cap;
} heap;

static int heap_push(heap *hp, hentry e) {
  size_t i;
  if (hp->n == hp->cap) {
    size_t cap = hp->cap ? 2 * hp->cap : 256;
    hentry *h = realloc(hp->h, cap * sizeof *h);
    if (h == NULL) return VL_ENOMEM;
    hp->h = h;
    hp->cap = cap;
  }
  i = hp->n++;
  while (i > 0 && hless(&e, &hp->h[(i - 1) / 2])) {
    hp->h[i] = hp->h[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  hp->h[i] = e;
  return VL_OK;
}

static hentry heap_pop(heap *hp) {
  hentry top = hp->h[0], last = hp->h[--hp->n];
  size_t i = 0;
  for (;;) {
    size_t c = 2 * i + 1;
    if (c >= hp->n) break;
    if (c + 1 < hp->n && hless(&hp->h[c + 1], &hp->h[c])) c++;
    if (!hless(&hp->h[c], &last)) break;
    hp->h[i] = hp->h[c];
    i = c;
  }
  if (hp->n > 0) hp->h[i] = last;
  return top;
}

/* Offers node v the arrival from u by step s: better weights replace; equal ones keep the
** parent first in node order. */
static int relax(vl_move_reach *r, heap *hp, int u, int v, const step *s) {
  nstate *a = &r->st[u], *b = &r->st[v];
  int cost = a->cost + s->cost, dis = a->dis + ((s->flags & VL_MOVE_DISORDER) ? 1 : 0);
  int steps = a->steps + 1, improves;
  hentry e;
  if (cost > r->budget || b->state == 2) return VL_OK;
  improves = b->state == 0 || cost < b->cost ||
           (cost == b->cost && (dis < b->dis || (dis == b->dis && steps < b->steps)));
  if (!improves) {
    if (cost == b->cost && dis == b->dis && steps == b->steps && u < b->parent) {
      b->parent = u, b->step = s->cost, b->road = s->road;
      b->flags = (unsigned char)s->flags;
    }
    return VL_OK;
  }
  b->cost = cost, b->dis = dis, b->steps = steps, b->parent = u, b->step = s->cost;
  b->road = s->road, b->flags = (unsigned char)s->flags, b->state = 1;
  e.cost = cost, e.dis = dis, e.steps = steps, e.node = v;
  return heap_push(hp, e);
}

/* The answers are sorted by (cost, node). */
typedef struct sortkey {
  int cost, node;
} sortkey;

static int cmp_key(const void *a, const void *b) {
  const sortkey *x = a, *y = b;
  if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

/* The search from start; stops once goal (>= 0) is settled. */
static int search(const vl_move_graph *g, vl_move_loc start_loc, int goal,
                  const vl_move_query *q, vl_move_reach **out, vl_error *err) {
  overlay o;
  heap hp = {NULL, 0, 0};
  vl_move_reach *r;
  sortkey *keys = NULL;
  int start = node_of(g, start_loc), rc, maxcost = 0;
  size_t i;
  *out = NULL;
  if (start < 0) return vl_error_set(err, VL_EINVAL, NULL, 0, "the start is not on the map");
  if ((rc = prepare(g, q, &o, err)) != VL_OK) return rc;
  r = calloc(1, sizeof *r);
  if (r == NULL || (r->st = calloc(g->nnodes, sizeof *r->st)) == NULL ||
      (r->dest_of = malloc(g->nnodes * sizeof *r->dest_of)) == NULL)
    goto oom;
  r->g = g;
  r->budget = q->budget;
  r->st[start].parent = -1;
  r->st[start].road = -1;
  r->st[start].state = 1;
  {
    hentry e = {0, 0, 0, 0};
    e.node = start;
    if (heap_push(&hp, e) != VL_OK) goto oom;
  }
  while (hp.n > 0) {
    hentry e = heap_pop(&hp);
    nstate *a = &r->st[e.node];
    int u = e.node, d;
    size_t x;
    step s;
    if (a->state == 2 || e.cost != a->cost || e.dis != a->dis || e.steps != a->steps) continue;
    a->state = 2;
    r->ndest++;
    if (u == goal) break;
    if (u != start && o.stop && o.stop[u]) continue;  /* reachable, not passable */
    if ((size_t)u < g->ncells)
      for (d = 0; d < 6; d++) {
        int v = g->nb[6 * (size_t)u + (size_t)d];
        if (v < 0 || r->st[v].state == 2) continue;
        hex_step(g, q, &o, u, d, &s);
        if (s.why == R_OK && relax(r, &hp, u, v, &s) != VL_OK) goto oom;
      }
    for (x = g->xfirst[u]; x < g->xfirst[u + 1]; x++) {
      if (r->st[g->xedges[x].to].state == 2) continue;
      track_step(g, q, &o, u, &g->xedges[x], &s);
      if (s.why == R_OK && relax(r, &hp, u, g->xedges[x].to, &s) != VL_OK) goto oom;
    }
  }
  free(hp.h);
  hp.h = NULL;
  keys = malloc((r->ndest + 1) * sizeof *keys);
  r->dest = malloc((r->ndest + 1) * sizeof *r->dest);
  if (keys == NULL || r->dest == NULL) goto oom;
  r->ndest = 0;
  for (i = 0; i < g->nnodes; i++) {  /* in node order: a stable sort by cost keeps it */
    r->dest_of[i] = -1;
    if (r->st[i].state == 2) {
      keys[r->ndest].cost = r->st[i].cost;
      keys[r->ndest++].node = (int)i;
      if (r->st[i].cost > maxcost) maxcost = r->st[i].cost;
    }
  }
  if ((size_t)maxcost <= 4 * r->ndest + 64) {  /* counting sort: costs are small integers */
    size_t *first = calloc((size_t)maxcost + 2, sizeof *first);
    sortkey *sorted = malloc((r->ndest + 1) * sizeof *sorted);
    if (first == NULL || sorted == NULL) {
      free(first);
      free(sorted);
      goto oom;
    }
    for (i = 0; i < r->ndest; i++) first[keys[i].cost + 1]++;
    for (i = 1; i <= (size_t)maxcost; i++) first[i] += first[i - 1];
    for (i = 0; i < r->ndest; i++) sorted[first[keys[i].cost]++] = keys[i];
    free(first);
    free(keys);
    keys = sorted;
  } else {
    qsort(keys, r->ndest, sizeof *keys, cmp_key);
  }
  for (i = 0; i < r->ndest; i++) {
    const nstate *a = &r->st[keys[i].node];
    vl_move_dest *dd = &r->dest[i];
    dd->loc = loc_of(g, keys[i].node);
    dd->cost = a->cost;
    dd->left = q->budget - a->cost;
    dd->steps = a->steps;
    dd->disorders = a->dis;
    dd->stop = o.stop != NULL && o.stop[keys[i].node] != 0;
    r->dest_of[keys[i].node] = (int)i;
  }
  free(keys);
  overlay_free(&o);
  *out = r;
  return VL_OK;
oom:
  free(hp.h);
  free(keys);
  overlay_free(&o);
  vl_move_reach_free(r);
  return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory");
}

int vl_move_reach_new(const vl_move_graph *g, vl_move_loc start, const vl_move_query *q,
                      vl_move_reach **out, vl_error *err) {
  return search(g, start, -1, q, out, err);
}

/* A location's name for messages (a hex without a label is written as its axial value). */
static void name_of(const vl_move_graph *g, vl_move_loc loc, char *buf, size_t n) {
  if (vl_move_loc_format(g->m, loc, buf, n) < 0) {
    if (loc.track < 0) snprintf(buf, n, "{q=%d, r=%d}", loc.hex.q, loc.hex.r);
    else snprintf(buf, n, "track %d space %d", loc.track, loc.space);
  }
}

/* Writes an amount of table units in MP: "3", "1.5", "7/3". */
static void mp_text(int units, int scale, char *buf, size_t n) {
  if (scale <= 1 || units % scale == 0) snprintf(buf, n, "%d", units / (scale > 1 ? scale : 1));
  else if (100 % scale == 0) {
    int hundredths = units % scale * (100 / scale);
    if (hundredths % 10 == 0) snprintf(buf, n, "%d.%d", units / scale, hundredths / 10);
    else snprintf(buf, n, "%d.%02d", units / scale, hundredths);
  } else snprintf(buf, n, "%d/%d", units, scale);
}

int vl_move_cheapest(const vl_move_graph *g, vl_move_loc start, vl_move_loc goal,
                     const vl_move_query *q, vl_move_reach **out, vl_error *err) {
  int gn = node_of(g, goal), rc;
  char a[64], b[64], mp[32];
  if (gn < 0) return vl_error_set(err, VL_EINVAL, NULL, 0, "the goal is not on the map");
  rc = search(g, start, gn, q, out, err);
  if (rc != VL_OK || (*out)->dest_of[gn] >= 0) return rc;
  vl_move_reach_free(*out);
  *out = NULL;
  name_of(g, goal, a, sizeof a);
  name_of(g, start, b, sizeof b);
  mp_text(q->budget, g->t->scale, mp, sizeof mp);
  return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "%s cannot be reached from %s with %s MP", a,
                      b, mp);
}

void vl_move_reach_free(vl_move_reach *r) {
  if (r == NULL) return;
  free(r->st);
  free(r->dest_of);
  free(r->dest);
  free(r);
}

size_t vl_move_reach_count(const vl_move_reach *r) { return r->ndest; }

const vl_move_dest *vl_move_reach_at(const vl_move_reach *r, size_t i) {
  return i < r->ndest ? &r->dest[i] : NULL;
}

const vl_move_dest *vl_move_reach_find(const vl_move_reach *r, vl_move_loc loc) {
  int n = node_of(r->g, loc);
  return n < 0 || r->dest_of[n] < 0 ? NULL : &r->dest[r->dest_of[n]];
}

int vl_move_reach_cost(const vl_move_reach *r, vl_move_loc loc) {
  const vl_move_dest *d = vl_move_reach_find(r, loc);
  return d == NULL ? -1 : d->cost;
}

size_t vl_move_reach_path(const vl_move_reach *r, vl_move_loc loc, vl_move_step *out,
                          size_t max) {
  int n = node_of(r->g, loc), k;
  size_t len;
  if (n < 0 || r->dest_of[n] < 0) return 0;
  len = (size_t)r->st[n].steps + 1;
  for (k = n; k >= 0; k = r->st[k].parent) {
    size_t at = (size_t)r->st[k].steps;
    if (at < max) {
      const nstate *a = &r->st[k];
      out[at].loc = loc_of(r->g, k);
      out[at].cost = a->parent < 0 ? 0 : a->step;
      out[at].total = a->cost;
      out[at].flags = a->parent < 0 ? 0u : a->flags;
      out[at].road = a->parent < 0 ? -1 : a->road;
      if (r->dest[r->dest_of[k]].stop) out[at].flags |= VL_MOVE_STOPS;
    }
  }
  return len;
}

size_t vl_move_reach_path_at(const vl_move_reach *r, size_t i, size_t *out, size_t max) {
  int k;
  size_t len;
  if (i >= r->ndest) return 0;
  k = node_of(r->g, r->dest[i].loc);
  len = (size_t)r->st[k].steps + 1;
  for (; k >= 0; k = r->st[k].parent) {
    size_t at = (size_t)r->st[k].steps;
    if (at < max) out[at] = (size_t)r->dest_of[k];
  }
  return len;
}

/* ---- checking a typed path ---------------------------------------------------------------- */

/* The step from node u to node v, whatever they are; R_NOT_ADJACENT when no edge joins them. */
static void any_step(const vl_move_graph *g, const vl_move_query *q, const overlay *o, int u,
                     int v, step *s) {
  size_t x;
  memset(s, 0, sizeof *s);
  s->road = -1;
  s->why = R_NOT_ADJACENT;
  if ((size_t)u < g->ncells && (size_t)v < g->ncells) {
    int d;
    for (d = 0; d < 6; d++)
      if (g->nb[6 * (size_t)u + (size_t)d] == v) {
        hex_step(g, q, o, u, d, s);
        return;
      }
  }
  for (x = g->xfirst[u]; x < g->xfirst[u + 1]; x++)
    if (g->xedges[x].to == v) {
      track_step(g, q, o, u, &g->xedges[x], s);
      return;
    }
}

/* " [rule]" or "". */
static const char *rule_text(const char *rule, char *buf, size_t n) {
  if (rule == NULL || rule[0] == '\0') return "";
  snprintf(buf, n, " %s", rule);
  return buf;
}

/* Writes why step s from a to b is refused into out->why. */
static void explain(const vl_move_graph *g, const vl_move_query *q, const step *s,
                    const char *a, const char *b, int left, vl_move_check *out) {
  const vl_move_table *t = g->t;
  char rb[200], what[200], c1[32], c2[32];
  const char *rule = s->rule;
  const vl_move_mark *k = s->why == R_MARK || s->why == R_STOPPED ? &q->marks[s->arg] : NULL;
  switch (s->why) {
  case R_NOT_ADJACENT:
    snprintf(what, sizeof what, "not adjacent");
    rule = t->rule_adjacent;
    break;
  case R_OFF_MAP: snprintf(what, sizeof what, "off the map"); break;
  case R_MARK:
    if (k->why != NULL && k->why[0] != '\0') snprintf(what, sizeof what, "prohibited (%s)", k->why);
    else snprintf(what, sizeof what, "prohibited");
    rule = k->rule;
    break;
  case R_HEX_NA: snprintf(what, sizeof what, "prohibited (%s)", t->hex_name[s->arg]); break;
  case R_SIDE_NA:
    snprintf(what, sizeof what, "prohibited (crossing %s)", t->side_name[s->arg]);
    break;
  case R_UP_NA:
  case R_DOWN_NA:
    snprintf(what, sizeof what, "prohibited (%s %d level%s)",
             s->why == R_UP_NA ? "climbing" : "descending", s->arg, s->arg == 1 ? "" : "s");
    break;
  case R_TRACK_NONE:
    snprintf(what, sizeof what, "no movement on track %s", vl_map_track_at(g->m, (size_t)s->arg)->name);
    rule = NULL;
    break;
  case R_TRACK_NA:
    snprintf(what, sizeof what, "prohibited (track %s)", vl_map_track_at(g->m, (size_t)s->arg)->name);
    break;
  case R_MAX_STEP:
    mp_text(s->cost, t->scale, c1, sizeof c1);
    mp_text(q->max_step, t->scale, c2, sizeof c2);
    if (q->max_step_why != NULL && q->max_step_why[0] != '\0')
      snprintf(what, sizeof what, "costs %s, more than %s (%s)", c1, c2, q->max_step_why);
    else snprintf(what, sizeof what, "costs %s, more than %s", c1, c2);
    rule = q->max_step_rule;
    break;
  case R_BUDGET:
    mp_text(s->cost, t->scale, c1, sizeof c1);
    mp_text(left, t->scale, c2, sizeof c2);
    snprintf(what, sizeof what, "costs %s, only %s MP left", c1, c2);
    rule = t->rule;
    break;
  default: /* R_STOPPED */
    if (k->why != NULL && k->why[0] != '\0')
      snprintf(what, sizeof what, "must stop in %s (%s)", a, k->why);
    else snprintf(what, sizeof what, "must stop in %s", a);
    rule = k->rule != NULL ? k->rule : t->rule_stop;
    break;
  }
  if (snprintf(out->why, sizeof out->why, "%s -> %s: %s%s", a, b, what,
               rule_text(rule, rb, sizeof rb)) >= (int)sizeof out->why)
    memcpy(out->why + sizeof out->why - 4, "...", 4);  /* cut short, and says so */
}

int vl_move_validate(const vl_move_graph *g, const vl_move_loc *path, size_t n,
                     const vl_move_query *q, vl_move_step *steps, vl_move_check *out,
                     vl_error *err) {
  overlay o;
  int u, rc;
  size_t i;
  memset(out, 0, sizeof *out);
  if (n == 0 || path == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "an empty path");
  u = node_of(g, path[0]);
  if (u < 0) return vl_error_set(err, VL_EINVAL, NULL, 0, "the start is not on the map");
  if ((rc = prepare(g, q, &o, err)) != VL_OK) return rc;
  out->ok = 1;
  out->left = q->budget;
  if (steps != NULL) {
    steps[0].loc = path[0];
    steps[0].cost = steps[0].total = 0;
    steps[0].flags = o.stop && o.stop[u] ? VL_MOVE_STOPS : 0u;
    steps[0].road = -1;
  }
  for (i = 1; i < n; i++) {
    int v = node_of(g, path[i]);
    step s;
    memset(&s, 0, sizeof s);
    if (i > 1 && o.stop && o.stop[u]) s.why = R_STOPPED, s.arg = o.stop[u] - 1;
    else if (v < 0) s.why = R_OFF_MAP;
    else any_step(g, q, &o, u, v, &s);
    if (s.why == R_OK && s.cost > out->left) s.why = R_BUDGET;
    if (s.why != R_OK) {
      char a[64], b[64];
      name_of(g, path[i - 1], a, sizeof a);
      name_of(g, path[i], b, sizeof b);
      out->ok = 0;
      out->bad = i;
      explain(g, q, &s, a, b, out->left, out);
      break;
    }
    out->cost += s.cost;
    out->left -= s.cost;
    if (s.flags & VL_MOVE_DISORDER) out->disorders++;
    if (steps != NULL) {
      steps[i].loc = path[i];
      steps[i].cost = s.cost;
      steps[i].total = out->cost;
      steps[i].flags = s.flags | (o.stop && o.stop[v] ? VL_MOVE_STOPS : 0u);
      steps[i].road = s.road;
    }
    u = v;
  }
  overlay_free(&o);
  return VL_OK;
}
