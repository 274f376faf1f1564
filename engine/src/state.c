/*
** state.c -- the state store: per-unit records, value and marker rows, the stacks and the
** vars over a shared roster. Unit u's part k is stacks item 3u + k (VL_FACING_PARTS = 3).
*/
#include "volley/state.h"

#include "units_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct udyn {
  vl_facing facing;
  int model[VL_FACING_PARTS];
  int n_parts;     /* hexes occupied; 0 off the hexes */
  int attached;    /* command index or -1 */
  int hidden;
  uint64_t stamp;  /* the generation of the unit's last change (vl_state_unit_generation) */
} udyn;

struct vl_state {
  vl_roster *roster;
  const vl_schema *schema;
  vl_grid grid;
  int n_units, n_fields, n_markers;
  udyn *units;
  int *values;     /* n_units x n_fields */
  int *markers;    /* n_units x n_markers */
  vl_stacks *stacks;
  vl_value *vars;
  vl_value *cursor;   /* a map: the runtime's position in the sequence of play */
  vl_dice *dice;      /* the game's dice: their vl_dice_state is game state */
  uint64_t generation;   /* bumped by every change of the units (vl_state_generation) */
};

#define ITEM(u, k) ((u) * VL_FACING_PARTS + (k))

/* A change of unit u: the store's generation moves and u is stamped with it. */
static void touch(vl_state *st, int u) {
  st->generation++;
  st->units[u].stamp = st->generation;
}

static size_t rowsize(int n_units, int n) { return sizeof(int) * (size_t)n_units * (size_t)n; }

/* calloc that never asks for 0 bytes (so NULL always means out of memory). */
static void *alloc0(size_t n) { return calloc(1, n ? n : 1); }

vl_state *vl_state_new(vl_roster *r, const vl_grid *g) {
  vl_state *st;
  int u, f;
  if (r == NULL || !vl_roster_finished(r)) return NULL;
  st = calloc(1, sizeof *st);
  if (st == NULL) return NULL;
  st->schema = vl_roster_schema(r);
  st->grid = g ? *g : vl_grid_default();
  st->n_units = vl_roster_unit_count(r);
  st->n_fields = vl_schema_field_count(st->schema);
  st->n_markers = vl_schema_marker_count(st->schema);
  st->units = alloc0(sizeof *st->units * (size_t)st->n_units);
  st->values = alloc0(rowsize(st->n_units, st->n_fields));
  st->markers = alloc0(rowsize(st->n_units, st->n_markers));
  st->stacks = vl_stacks_new(st->n_units * VL_FACING_PARTS,
                             vl_roster_side_count(r) > 0 ? vl_roster_side_count(r) : 1);
  st->vars = vl_value_map();
  st->cursor = vl_value_map();
  st->dice = vl_dice_new(0, NULL);
  if (!st->units || !st->values || !st->markers || !st->stacks || !st->vars || !st->cursor ||
      !st->dice) {
    vl_state_free(st);
    return NULL;
  }
  st->roster = vl_roster_retain(r);
  vl_units_freeze_places(r);
  for (u = 0; u < st->n_units; u++) {
    const vl_unit *un = vl_roster_unit(r, u);
    udyn *d = &st->units[u];
    int k, model = vl_schema_type(st->schema, un->type)->model;
    d->facing.kind = VL_FACING_NONE;
    d->facing.index = 0;
    for (k = 0; k < VL_FACING_PARTS; k++) d->model[k] = model;
    d->attached = -1;
    for (f = 0; f < st->n_fields; f++)
      st->values[(size_t)u * (size_t)st->n_fields + (size_t)f] = vl_roster_value(r, u, f);
  }
  return st;
}

void vl_state_free(vl_state *st) {
  if (st == NULL) return;
  free(st->units);
  free(st->values);
  free(st->markers);
  vl_stacks_free(st->stacks);
  vl_value_free(st->vars);
  vl_value_free(st->cursor);
  vl_dice_free(st->dice);
  vl_roster_free(st->roster);
  free(st);
}

vl_state *vl_state_new_like(const vl_state *st) {
  return vl_state_new(st->roster, &st->grid);
}

/* Fresh dice in the generator state and counters of d (no log, no forced values). */
static vl_dice *dice_like(const vl_dice *d) {
  vl_dice *c = vl_dice_new(0, NULL);
  vl_dice_state s = vl_dice_get_state(d);
  if (c != NULL) vl_dice_set_state(c, &s, NULL);   /* a state that dice hold is valid */
  return c;
}

vl_state *vl_state_copy(const vl_state *src) {
  vl_state *st = calloc(1, sizeof *st);
  if (st == NULL) return NULL;
  *st = *src;
  st->roster = NULL;
  st->units = malloc(sizeof *st->units * (size_t)(src->n_units ? src->n_units : 1));
  st->values = malloc(rowsize(src->n_units, src->n_fields) + 1);
  st->markers = malloc(rowsize(src->n_units, src->n_markers) + 1);
  st->stacks = vl_stacks_copy(src->stacks);
  st->vars = vl_value_copy(src->vars);
  st->cursor = vl_value_copy(src->cursor);
  st->dice = dice_like(src->dice);
  if (!st->units || !st->values || !st->markers || !st->stacks || !st->vars || !st->cursor ||
      !st->dice) {
    vl_state_free(st);
    return NULL;
  }
  memcpy(st->units, src->units, sizeof *st->units * (size_t)src->n_units);
  memcpy(st->values, src->values, rowsize(src->n_units, src->n_fields));
  memcpy(st->markers, src->markers, rowsize(src->n_units, src->n_markers));
  st->roster = vl_roster_retain(src->roster);
  return st;
}

int vl_state_restore(vl_state *dst, const vl_state *src) {
  vl_value *vars, *cursor;
  vl_dice_state dice;
  int rc;
  if (dst == src) return VL_OK;
  if (dst->roster != src->roster) return VL_EINVAL;
  vars = vl_value_copy(src->vars);
  cursor = vl_value_copy(src->cursor);
  if (vars == NULL || cursor == NULL) {
    vl_value_free(vars);
    vl_value_free(cursor);
    return VL_ENOMEM;
  }
  rc = vl_stacks_assign(dst->stacks, src->stacks);
  if (rc != VL_OK) {
    vl_value_free(vars);
    vl_value_free(cursor);
    return rc;
  }
  dice = vl_dice_get_state(src->dice);
  vl_dice_set_state(dst->dice, &dice, NULL);   /* valid: it comes from dice */
  memcpy(dst->units, src->units, sizeof *dst->units * (size_t)src->n_units);
  dst->generation++;   /* every unit counts as changed: a snapshot's stamps are another history's */
  {
    int u;
    for (u = 0; u < dst->n_units; u++) dst->units[u].stamp = dst->generation;
  }
  memcpy(dst->values, src->values, rowsize(src->n_units, src->n_fields));
  memcpy(dst->markers, src->markers, rowsize(src->n_units, src->n_markers));
  dst->grid = src->grid;
  vl_value_free(dst->vars);
  dst->vars = vars;
  vl_value_free(dst->cursor);
  dst->cursor = cursor;
  return VL_OK;
}

uint64_t vl_state_generation(const vl_state *st) { return st->generation; }

uint64_t vl_state_unit_generation(const vl_state *st, int u) {
  return u >= 0 && u < st->n_units ? st->units[u].stamp : 0;
}

int vl_state_changed_since(const vl_state *st, uint64_t since, int *out, int max) {
  int n = 0, u;
  for (u = 0; u < st->n_units; u++) {
    if (st->units[u].stamp > since) {
      if (n < max) out[n] = u;
      n++;
    }
  }
  return n;
}

const vl_roster *vl_state_roster(const vl_state *st) { return st->roster; }
const vl_schema *vl_state_schema(const vl_state *st) { return st->schema; }
const vl_grid *vl_state_grid(const vl_state *st) { return &st->grid; }

size_t vl_state_bytes(const vl_state *st) {
  return sizeof *st + sizeof *st->units * (size_t)st->n_units +
         rowsize(st->n_units, st->n_fields) + rowsize(st->n_units, st->n_markers) +
         vl_stacks_bytes(st->stacks) + vl_value_bytes(st->vars) + vl_value_bytes(st->cursor);
}

/* ---- helpers ------------------------------------------------------------------------------- */

static int bad_unit(const vl_state *st, int u, vl_error *err) {
  if (u >= 0 && u < st->n_units) return VL_OK;
  return vl_error_set(err, VL_EINVAL, NULL, 0, "no unit with index %d", u);
}

static const char *uid(const vl_state *st, int u) { return vl_roster_unit(st->roster, u)->id; }

/* ---- values and markers -------------------------------------------------------------------- */

int vl_state_value(const vl_state *st, int u, int f) {
  if (u < 0 || u >= st->n_units || f < 0 || f >= st->n_fields) return 0;
  return st->values[(size_t)u * (size_t)st->n_fields + (size_t)f];
}

int vl_state_set_value(vl_state *st, int u, int f, int v, vl_error *err) {
  const vl_field *fd;
  const vl_unit *un;
  int rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  fd = vl_schema_field(st->schema, f);
  if (fd == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "no field with index %d", f);
  un = vl_roster_unit(st->roster, u);
  if (!(fd->of & ((un->classes & VL_CLASS_LEADER) ? VL_OF_LEADER : VL_OF_UNIT)))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s has no field '%s' (a %s field)", un->id,
                        fd->name, fd->of == VL_OF_LEADER ? "leader" : "unit");
  if (fd->type == VL_FIELD_STRING)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: '%s' is text, read-only in play", un->id,
                        fd->name);
  if (v < fd->min || v > fd->max) {
    if (fd->type == VL_FIELD_INT)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: %s %d is outside %d-%d", un->id,
                          fd->name, v, fd->min, fd->max);
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: %s cannot hold %d", un->id, fd->name, v);
  }
  st->values[(size_t)u * (size_t)st->n_fields + (size_t)f] = v;
  touch(st, u);
  return VL_OK;
}

int vl_state_marker(const vl_state *st, int u, int m) {
  if (u < 0 || u >= st->n_units || m < 0 || m >= st->n_markers) return 0;
  return st->markers[(size_t)u * (size_t)st->n_markers + (size_t)m];
}

int vl_state_set_marker(vl_state *st, int u, int m, int v, vl_error *err) {
  const vl_marker *mk;
  int rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  mk = vl_schema_marker(st->schema, m);
  if (mk == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "no marker with index %d", m);
  if (v < mk->min || v > mk->max)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: marker %s %d is outside %d-%d", uid(st, u),
                        mk->name, v, mk->min, mk->max);
  st->markers[(size_t)u * (size_t)st->n_markers + (size_t)m] = v;
  touch(st, u);
  return VL_OK;
}

int vl_state_hidden(const vl_state *st, int u) {
  return u >= 0 && u < st->n_units ? st->units[u].hidden : 0;
}

void vl_state_set_hidden(vl_state *st, int u, int hidden) {
  if (u >= 0 && u < st->n_units) {
    st->units[u].hidden = hidden != 0;
    touch(st, u);
  }
}

/* ---- the hierarchy in play ----------------------------------------------------------------- */

int vl_state_attached(const vl_state *st, int u) {
  return u >= 0 && u < st->n_units ? st->units[u].attached : -1;
}

int vl_state_attach(vl_state *st, int u, int c, vl_error *err) {
  const vl_unit *un;
  const vl_command *cm;
  int rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  un = vl_roster_unit(st->roster, u);
  if (c == -1) {
    st->units[u].attached = -1;
    touch(st, u);
    return VL_OK;
  }
  cm = vl_roster_command(st->roster, c);
  if (cm == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "no command with index %d", c);
  if (un->classes & VL_CLASS_LEADER)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s is a leader and cannot be attached", un->id);
  if (cm->side != un->side)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s cannot be attached to %s, a command of %s",
                        un->id, cm->id, vl_roster_side(st->roster, cm->side));
  st->units[u].attached = c;
  touch(st, u);
  return VL_OK;
}

static int in_command(const vl_state *st, int target, int c, int flags) {
  if (target < 0) return 0;
  if (flags & VL_UNITS_SUBCOMMANDS) return vl_roster_command_within(st->roster, target, c);
  return target == c;
}

int vl_state_units_of(const vl_state *st, int c, int flags, int *out, int max) {
  int u, n = 0;
  if (c < 0 || c >= vl_roster_command_count(st->roster)) return 0;
  for (u = 0; u < st->n_units; u++) {
    const vl_unit *un = vl_roster_unit(st->roster, u);
    int leader = (un->classes & VL_CLASS_LEADER) != 0;
    int yes;
    if (leader && !(flags & VL_UNITS_LEADERS)) continue;
    yes = in_command(st, un->command, c, flags) ||
          (!leader && (flags & VL_UNITS_ATTACHED) && in_command(st, st->units[u].attached, c, flags));
    if (!yes) continue;
    if (n < max) out[n] = u;
    n++;
  }
  return n;
}

int vl_state_units(const vl_state *st, unsigned sides, unsigned classes, int *out, int max) {
  int u, n = 0;
  for (u = 0; u < st->n_units; u++) {
    const vl_unit *un = vl_roster_unit(st->roster, u);
    if (!(sides & VL_SIDE_BIT(un->side))) continue;
    if (classes != 0 && !(un->classes & classes)) continue;
    if (n < max) out[n] = u;
    n++;
  }
  return n;
}

/* ---- locations and stacks ------------------------------------------------------------------ */

int vl_state_place(vl_state *st, int u, vl_loc loc, const vl_hex *hexes, int n, int pos,
                   vl_error *err) {
  const vl_unit *un;
  const vl_unit_type *t;
  vl_loc old[VL_FACING_PARTS];
  int oldpos[VL_FACING_PARTS];
  int k, rc = bad_unit(st, u, err), counted;
  if (rc != VL_OK) return rc;
  un = vl_roster_unit(st->roster, u);
  t = vl_schema_type(st->schema, un->type);
  counted = (un->classes & VL_CLASS_COMBAT) != 0;
  switch (loc.kind) {
  case VL_LOC_HEX:
    if (t->hexes != 0 && n != t->hexes)
      return vl_error_set(err, VL_EINVAL, NULL, 0,
                          "%s is a %s and occupies %d hexes, not %d", un->id, t->name, t->hexes, n);
    rc = vl_facing_chain_check(&st->grid, hexes, n, err);
    if (rc != VL_OK) {
      char msg[VL_ERROR_MSG_MAX];
      snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
      return vl_error_set(err, rc, NULL, 0, "%s: %s", un->id, msg);
    }
    break;
  case VL_LOC_SPACE:
  case VL_LOC_BOX: {
    int kind = 0;
    if (vl_roster_place(st->roster, loc.place, &kind) == NULL ||
        kind != (loc.kind == VL_LOC_SPACE ? VL_PLACE_SPACE : VL_PLACE_BOX))
      return vl_error_set(err, VL_EINVAL, NULL, 0, "no %s with index %d",
                          loc.kind == VL_LOC_SPACE ? "track space" : "box", loc.place);
    break;
  }
  case VL_LOC_NONE:
  case VL_LOC_ELIMINATED:
  case VL_LOC_EXITED:
  case VL_LOC_SET_ASIDE:
  case VL_LOC_HIDDEN: break;
  default: return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown location kind %d", loc.kind);
  }
  if (loc.kind != VL_LOC_HEX) {
    loc.hex.q = loc.hex.r = 0;
    if (loc.kind != VL_LOC_SPACE && loc.kind != VL_LOC_BOX) loc.place = 0;
    n = loc.kind == VL_LOC_NONE ? 0 : 1;
  }
  for (k = 0; k < VL_FACING_PARTS; k++) {
    old[k] = vl_stacks_where(st->stacks, ITEM(u, k));
    oldpos[k] = vl_stacks_position(st->stacks, ITEM(u, k));
    vl_stacks_remove(st->stacks, ITEM(u, k));
  }
  for (k = 0; k < n; k++) {
    vl_loc at = loc.kind == VL_LOC_HEX ? vl_loc_hex(hexes[k]) : loc;
    rc = vl_stacks_put(st->stacks, ITEM(u, k), at, pos, un->side, counted);
    if (rc != VL_OK) {
      int j;
      for (j = 0; j < VL_FACING_PARTS; j++) vl_stacks_remove(st->stacks, ITEM(u, j));
      for (j = 0; j < VL_FACING_PARTS; j++)  /* back where it was: those entries exist */
        if (old[j].kind != VL_LOC_NONE)
          vl_stacks_put(st->stacks, ITEM(u, j), old[j], oldpos[j], un->side, counted);
      return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
    }
  }
  for (k = st->units[u].n_parts > 1 ? st->units[u].n_parts : 1; k < n; k++)
    st->units[u].model[k] = st->units[u].model[0];   /* a new extension takes the unit's model */
  st->units[u].n_parts = loc.kind == VL_LOC_HEX ? n : 0;
  touch(st, u);
  return VL_OK;
}

int vl_state_location(const vl_state *st, int u, vl_loc *loc, vl_hex *hexes) {
  int k, n;
  vl_loc l;
  if (u < 0 || u >= st->n_units) {
    if (loc != NULL) *loc = vl_loc_off(VL_LOC_NONE);
    return 0;
  }
  l = vl_stacks_where(st->stacks, ITEM(u, 0));
  if (loc != NULL) *loc = l;
  n = st->units[u].n_parts;
  if (hexes != NULL)
    for (k = 0; k < n; k++) hexes[k] = vl_stacks_where(st->stacks, ITEM(u, k)).hex;
  return n;
}

int vl_state_position(const vl_state *st, int u, int part) {
  if (u < 0 || u >= st->n_units || part < 0 || part >= VL_FACING_PARTS) return -1;
  return vl_stacks_position(st->stacks, ITEM(u, part));
}

int vl_state_restack(vl_state *st, int u, int part, int pos, vl_error *err) {
  const vl_unit *un;
  int k, n, rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  un = vl_roster_unit(st->roster, u);
  n = st->units[u].n_parts ? st->units[u].n_parts : 1;
  if (vl_stacks_where(st->stacks, ITEM(u, 0)).kind == VL_LOC_NONE)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s is not placed", un->id);
  if (part < -1 || part >= n)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s has no part %d", un->id, part);
  for (k = 0; k < n; k++) {
    if (part >= 0 && k != part) continue;
    /* the entry exists, so this cannot run out of memory */
    vl_stacks_put(st->stacks, ITEM(u, k), vl_stacks_where(st->stacks, ITEM(u, k)), pos, un->side,
                  (un->classes & VL_CLASS_COMBAT) != 0);
  }
  touch(st, u);
  return VL_OK;
}

/* The item of unit u at loc, or -1. */
static int item_at(const vl_state *st, int u, vl_loc loc) {
  int k;
  for (k = 0; k < VL_FACING_PARTS; k++)
    if (vl_loc_eq(vl_stacks_where(st->stacks, ITEM(u, k)), loc)) return ITEM(u, k);
  return -1;
}

int vl_state_reorder(vl_state *st, vl_loc loc, const int *units, int n, vl_error *err) {
  int i, j, have = vl_stacks_count(st->stacks, loc);
  if (n != have)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "the stack holds %d units, not %d", have, n);
  for (i = 0; i < n; i++) {
    if (bad_unit(st, units[i], err) != VL_OK) return VL_EINVAL;
    if (item_at(st, units[i], loc) < 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "%s is not in that stack", uid(st, units[i]));
    for (j = 0; j < i; j++)
      if (units[j] == units[i])
        return vl_error_set(err, VL_EINVAL, NULL, 0, "%s is given twice", uid(st, units[i]));
  }
  for (i = 0; i < n; i++) {
    const vl_unit *un = vl_roster_unit(st->roster, units[i]);
    vl_stacks_put(st->stacks, item_at(st, units[i], loc), loc, -1, un->side,
                  (un->classes & VL_CLASS_COMBAT) != 0);
  }
  st->generation++;
  for (i = 0; i < n; i++) st->units[units[i]].stamp = st->generation;
  return VL_OK;
}

int vl_state_stack(const vl_state *st, vl_loc loc, int *out, int max) {
  int n = 0, i;
  for (i = vl_stacks_top(st->stacks, loc); i >= 0; i = vl_stacks_below(st->stacks, i)) {
    if (n < max) out[n] = i / VL_FACING_PARTS;
    n++;
  }
  return n;
}

int vl_state_top(const vl_state *st, vl_loc loc) {
  int i = vl_stacks_top(st->stacks, loc);
  return i < 0 ? -1 : i / VL_FACING_PARTS;
}

long vl_state_total(const vl_state *st, vl_hex h, int f, int type, unsigned classes) {
  long sum = 0;
  int i;
  if (f < 0 || f >= st->n_fields) return 0;
  for (i = vl_stacks_top(st->stacks, vl_loc_hex(h)); i >= 0; i = vl_stacks_below(st->stacks, i)) {
    int u = i / VL_FACING_PARTS;
    const vl_unit *un = vl_roster_unit(st->roster, u);
    if (type >= 0 && un->type != type) continue;
    if (classes != 0 && !(un->classes & classes)) continue;
    sum += st->values[(size_t)u * (size_t)st->n_fields + (size_t)f];
  }
  return sum;
}

int vl_state_count(const vl_state *st, vl_hex h, unsigned sides, unsigned classes) {
  int i, n = 0;
  if (classes == VL_CLASS_COMBAT) return vl_stacks_combat_count(st->stacks, vl_loc_hex(h), sides);
  for (i = vl_stacks_top(st->stacks, vl_loc_hex(h)); i >= 0; i = vl_stacks_below(st->stacks, i)) {
    const vl_unit *un = vl_roster_unit(st->roster, i / VL_FACING_PARTS);
    if (!(sides & VL_SIDE_BIT(un->side))) continue;
    if (classes != 0 && !(un->classes & classes)) continue;
    n++;
  }
  return n;
}

static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

#define WITHIN_HEXES 128   /* a range this small is looked up hex by hex (radius <= 6) */

/* vl_state_within for a small radius: the stacks of the hexes in range. */
static int within_by_hexes(const vl_state *st, vl_hex h, int n, unsigned sides, unsigned classes,
                           int *out, int max) {
  vl_hex range[WITHIN_HEXES];
  int found[WITHIN_HEXES * 8];
  int nh = vl_hex_range(&st->grid, h, n, range, WITHIN_HEXES), i, k, count = 0, kept = 0;
  for (i = 0; i < nh; i++) {
    int it;
    for (it = vl_stacks_top(st->stacks, vl_loc_hex(range[i])); it >= 0;
         it = vl_stacks_below(st->stacks, it)) {
      int u = it / VL_FACING_PARTS;
      const vl_unit *un = vl_roster_unit(st->roster, u);
      if (!(sides & VL_SIDE_BIT(un->side))) continue;
      if (classes != 0 && !(un->classes & classes)) continue;
      if (count == WITHIN_HEXES * 8) return -1;   /* crowded: the caller scans the units */
      found[count++] = u;
    }
  }
  if (count > 1) qsort(found, (size_t)count, sizeof *found, int_cmp);
  for (k = 0; k < count; k++) {
    if (k > 0 && found[k] == found[k - 1]) continue;   /* a unit on several hexes */
    if (kept < max) out[kept] = found[k];
    kept++;
  }
  return kept;
}

int vl_state_within(const vl_state *st, vl_hex h, int n, unsigned sides, unsigned classes,
                    int *out, int max) {
  int u, k, count = 0;
  if (n >= 0 && 1 + 3 * n * (n + 1) <= WITHIN_HEXES && 1 + 3 * n * (n + 1) <= st->n_units / 2) {
    count = within_by_hexes(st, h, n, sides, classes, out, max);
    if (count >= 0) return count;
    count = 0;
  }
  for (u = 0; u < st->n_units; u++) {
    const udyn *d = &st->units[u];
    const vl_unit *un;
    if (d->n_parts == 0) continue;
    un = vl_roster_unit(st->roster, u);
    if (!(sides & VL_SIDE_BIT(un->side))) continue;
    if (classes != 0 && !(un->classes & classes)) continue;
    for (k = 0; k < d->n_parts; k++)
      if (vl_hex_distance(h, vl_stacks_where(st->stacks, ITEM(u, k)).hex) <= n) break;
    if (k == d->n_parts) continue;
    if (count < max) out[count] = u;
    count++;
  }
  return count;
}

int vl_state_combat_hexes(const vl_state *st, unsigned sides, vl_hex *out, int max) {
  return vl_stacks_combat_hexes(st->stacks, sides, out, max);
}

/* ---- facing -------------------------------------------------------------------------------- */

vl_facing vl_state_facing(const vl_state *st, int u) {
  vl_facing none = {VL_FACING_NONE, 0};
  return u >= 0 && u < st->n_units ? st->units[u].facing : none;
}

static const char *facing_kind_word(int kind) {
  return kind == VL_FACING_HEXSIDE ? "hexside" : kind == VL_FACING_VERTEX ? "vertex" : "nothing";
}

/* Refuses model mi for a unit with facing f. */
static int check_fit(const vl_state *st, int u, int mi, vl_facing f, vl_error *err) {
  const vl_model *m = vl_schema_model(st->schema, mi);
  if (m == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "no facing model with index %d", mi);
  if (f.kind == VL_FACING_NONE || m->m.kind == VL_FACING_NONE || m->m.kind == f.kind) return VL_OK;
  return vl_error_set(err, VL_EINVAL, NULL, 0, "%s faces a %s under model '%s', not a %s%s%s",
                      uid(st, u), facing_kind_word(m->m.kind), m->name, facing_kind_word(f.kind),
                      m->source ? " " : "", m->source ? m->source : "");
}

int vl_state_set_facing(vl_state *st, int u, vl_facing f, int model, vl_error *err) {
  udyn *d;
  int k, rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  if (f.kind != VL_FACING_NONE && f.kind != VL_FACING_HEXSIDE && f.kind != VL_FACING_VERTEX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown facing kind %d", f.kind);
  if (f.kind == VL_FACING_NONE) f.index = 0;
  if (f.index < 0 || f.index > 5)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "facing index %d is outside 0-5", f.index);
  d = &st->units[u];
  for (k = 0; k < (d->n_parts > 1 ? d->n_parts : 1); k++) {   /* the parts in use */
    rc = check_fit(st, u, model >= 0 ? model : d->model[k], f, err);
    if (rc != VL_OK) return rc;
    if (model >= 0) break;
  }
  d->facing = f;
  if (model >= 0)
    for (k = 0; k < VL_FACING_PARTS; k++) d->model[k] = model;
  touch(st, u);
  return VL_OK;
}

int vl_state_model(const vl_state *st, int u, int part) {
  if (u < 0 || u >= st->n_units || part < 0 || part >= VL_FACING_PARTS) return -1;
  return st->units[u].model[part];
}

int vl_state_set_model(vl_state *st, int u, int part, int model, vl_error *err) {
  udyn *d;
  int k, rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  if (part < -1 || part >= VL_FACING_PARTS)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "%s has no part %d", uid(st, u), part);
  d = &st->units[u];
  rc = check_fit(st, u, model, d->facing, err);
  if (rc != VL_OK) return rc;
  for (k = 0; k < VL_FACING_PARTS; k++)
    if (part < 0 || k == part) d->model[k] = model;
  touch(st, u);
  return VL_OK;
}

/* Gathers u's hexes and part models; the number of hexes, or an error code. */
static int geometry(const vl_state *st, int u, vl_hex *hexes, const vl_facing_model **models,
                    vl_error *err) {
  int k, n, rc = bad_unit(st, u, err);
  if (rc != VL_OK) return rc;
  n = vl_state_location(st, u, NULL, hexes);
  if (n == 0) return vl_error_set(err, VL_EINVAL, NULL, 0, "%s is not on the map", uid(st, u));
  for (k = 0; k < n; k++) models[k] = &vl_schema_model(st->schema, st->units[u].model[k])->m;
  return n;
}

/* Prefixes err->msg with the unit id. */
static int with_unit(const vl_state *st, int u, int rc, vl_error *err) {
  char msg[VL_ERROR_MSG_MAX];
  if (err == NULL) return rc;
  snprintf(msg, sizeof msg, "%s", err->msg);
  return vl_error_set(err, rc, NULL, 0, "%s: %s", uid(st, u), msg);
}

int vl_state_arcs(const vl_state *st, int u, int incoming, vl_hex *hex_out,
                  unsigned char *arc_out, int max, vl_error *err) {
  vl_hex hexes[VL_FACING_PARTS];
  const vl_facing_model *models[VL_FACING_PARTS];
  int rc, n = geometry(st, u, hexes, models, err);
  if (n < 0) return n;
  rc = vl_facing_hexes(&st->grid, hexes, n, models, st->units[u].facing, incoming, hex_out,
                       arc_out, max, err);
  return rc < 0 ? with_unit(st, u, rc, err) : rc;
}

int vl_state_arc_of(const vl_state *st, int u, vl_hex other, int incoming, vl_error *err) {
  vl_hex hexes[VL_FACING_PARTS];
  const vl_facing_model *models[VL_FACING_PARTS];
  int rc, n = geometry(st, u, hexes, models, err);
  if (n < 0) return n;
  rc = vl_facing_arc_of(&st->grid, hexes, n, models, st->units[u].facing, incoming, other, err);
  return rc < 0 ? with_unit(st, u, rc, err) : rc;
}

int vl_state_sides(const vl_state *st, int u, int incoming,
                   unsigned char out[6 * VL_FACING_PARTS], vl_error *err) {
  vl_hex hexes[VL_FACING_PARTS];
  const vl_facing_model *models[VL_FACING_PARTS];
  int rc, n = geometry(st, u, hexes, models, err);
  if (n < 0) return n;
  rc = vl_facing_sides(&st->grid, hexes, n, models, st->units[u].facing, incoming, out, err);
  return rc < 0 ? with_unit(st, u, rc, err) : n;
}

/* ---- game.vars ----------------------------------------------------------------------------- */

vl_value *vl_state_vars(vl_state *st) { return st->vars; }
const vl_value *vl_state_vars_const(const vl_state *st) { return st->vars; }

/* ---- the dice and the cursor --------------------------------------------------------------- */

vl_dice *vl_state_dice(vl_state *st) { return st->dice; }
const vl_dice *vl_state_dice_const(const vl_state *st) { return st->dice; }

int vl_state_seed(vl_state *st, uint64_t seed, vl_error *err) {
  vl_dice_state s;
  uint64_t initstate, initseq;
  if (seed >= VL_DICE_SEED_LIMIT)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "seed %llu is out of range (0 to 2^53 - 1)",
                        (unsigned long long)seed);
  memset(&s, 0, sizeof s);
  vl_dice_seed_split(seed, &initstate, &initseq);   /* as vl_dice_new seeds */
  vl_dice_gen_seed(&s.gen, initstate, initseq);
  return vl_dice_set_state(st->dice, &s, err);
}

const vl_value *vl_state_cursor(const vl_state *st) { return st->cursor; }

int vl_state_set_cursor(vl_state *st, vl_value *cursor, vl_error *err) {
  if (cursor == NULL || vl_value_type(cursor) != VL_V_MAP) {
    vl_value_free(cursor);
    return vl_error_set(err, VL_EINVAL, NULL, 0, "the cursor must be a map");
  }
  vl_value_free(st->cursor);
  st->cursor = cursor;
  return VL_OK;
}
