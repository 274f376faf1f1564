/*
** bench_state.c -- make bench: the state store with 600 units (540 combat units and 60
** leaders, two sides) spread over a 60x50 map in stacks of one to three, as a big GBACW
** battle would have them: memory, and the time of the queries the rules ask most (top unit,
** a hex's strength, artillery present, units within N, the combat hexes, arcs), of moves,
** and of a snapshot (copy and restore). Figures only, never assertions; positions come from a
** fixed sequence, no clock in the state.
*/
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "volley/state.h"

#define UNITS 600
#define COLS 60
#define ROWS 50

#include "bench_fixture.h"

int main(void) {
  vl_grid g = vl_grid_default();
  vl_error err;
  vl_roster *r;
  vl_state *st, *snap;
  static vl_hex where[UNITS], hexes[UNITS], probe[1024];
  int out[UNITS];
  unsigned char arcs[32];
  vl_hex adj[32];
  volatile long sink = 0;
  unsigned seed = 1;
  int u, i, n_units, f_strength, occupied;
  long k, reps;
  double t0;
  t0 = now_ns();
  r = roster(&err);
  if (r == NULL) return 1;
  printf("%-40s %12.1f\n", "roster of 600 built (us)", (now_ns() - t0) / 1e3);
  st = vl_state_new(r, &g);
  n_units = vl_roster_unit_count(r);
  f_strength = vl_schema_find_field(vl_roster_schema(r), "strength");
  /* each side in its half of the map, brigades clustered, up to 3 units a hex */
  for (u = 0; u < n_units; u++) {
    const vl_unit *un = vl_roster_unit(r, u);
    vl_hex h;
    vl_facing f = {VL_FACING_VERTEX, 0};
    int col, row;
    do {
      col = 1 + (int)(next_u(&seed) % (COLS / 2)) + (un->side ? COLS / 2 : 0);
      row = 1 + (int)(next_u(&seed) % ROWS);
      h = vl_hex_from_offset(&g, col, row);
    } while (vl_state_count(st, h, VL_ALL_SIDES, 0) >= 3);
    where[u] = h;
    if (!must(vl_state_place(st, u, vl_loc_hex(h), &h, 1, 0, &err), &err)) return 1;
    f.index = (int)(next_u(&seed) % 6);
    if (!(un->classes & VL_CLASS_LEADER) && !must(vl_state_set_facing(st, u, f, -1, &err), &err))
      return 1;
  }
  for (i = 0; i < 40; i++) {  /* a few dozen script variables */
    char key[16];
    snprintf(key, sizeof key, "var%02d", i);
    vl_map_set(vl_state_vars(st), key, strlen(key), vl_value_int(i));
  }
  for (i = 0; i < 1024; i++)
    probe[i] = i % 2 ? where[next_u(&seed) % (unsigned)n_units]
                     : vl_hex_from_offset(&g, 1 + (int)(next_u(&seed) % COLS),
                                          1 + (int)(next_u(&seed) % ROWS));
  occupied = vl_state_combat_hexes(st, VL_ALL_SIDES, hexes, UNITS);
  printf("%-40s %12d\n", "units (leaders included)", n_units);
  printf("%-40s %12d\n", "hexes holding combat units", occupied);
  printf("%-40s %12lu\n", "store bytes (roster not counted)", (unsigned long)vl_state_bytes(st));
  printf("%-40s %12.1f\n", "store bytes per unit", (double)vl_state_bytes(st) / n_units);
  printf("\n%-40s %12s\n", "query", "ns/op");

  reps = 2000000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_top(st, vl_loc_hex(probe[k & 1023]));
  printf("%-40s %12.1f\n", "top unit of a hex", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_stack(st, vl_loc_hex(probe[k & 1023]), out, UNITS);
  printf("%-40s %12.1f\n", "stack of a hex (list)", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_total(st, probe[k & 1023], f_strength, 0, 0);
  printf("%-40s %12.1f\n", "strength of infantry in a hex", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++)
    sink += vl_state_count(st, probe[k & 1023], VL_ALL_SIDES, VL_CLASS_ARTILLERY);
  printf("%-40s %12.1f\n", "artillery present", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++)
    sink += vl_state_count(st, probe[k & 1023], VL_SIDE_BIT(1), VL_CLASS_COMBAT);
  printf("%-40s %12.1f\n", "enemy combat units in a hex", (now_ns() - t0) / (double)reps);

  reps = 100000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_within(st, probe[k & 1023], 2, VL_SIDE_BIT(0), 0, out, UNITS);
  printf("%-40s %12.1f\n", "units of a side within 2 hexes", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_within(st, probe[k & 1023], 8, VL_SIDE_BIT(0), 0, out, UNITS);
  printf("%-40s %12.1f\n", "units of a side within 8 hexes", (now_ns() - t0) / (double)reps);

  reps = 20000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_combat_hexes(st, VL_SIDE_BIT(1), hexes, UNITS);
  printf("%-40s %12.1f\n", "hexes holding enemy combat units", (now_ns() - t0) / (double)reps);

  reps = 1000000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_arcs(st, (int)(k % 540) + 30, 0, adj, arcs, 32, &err);
  printf("%-40s %12.1f\n", "arcs of a unit (6 hexes)", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++)
    sink += vl_state_arc_of(st, (int)(k % 540) + 30, probe[k & 1023], 1, &err);
  printf("%-40s %12.1f\n", "arc toward a hex", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++) {
    u = (int)(k % (unsigned)n_units);
    vl_hex to = vl_hex_neighbor(&g, where[u], (int)(k % 6));
    vl_state_place(st, u, vl_loc_hex(to), &to, 1, 0, &err);
    vl_state_place(st, u, vl_loc_hex(where[u]), &where[u], 1, -1, &err);
  }
  printf("%-40s %12.1f\n", "move a unit (place)", (now_ns() - t0) / (double)reps / 2);

  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_restack(st, (int)(k % (unsigned)n_units), -1, 0, &err);
  printf("%-40s %12.1f\n", "move a unit to the top of its stack", (now_ns() - t0) / (double)reps);

  t0 = now_ns();
  for (k = 0; k < reps; k++)
    sink += vl_state_set_marker(st, (int)(k % (unsigned)n_units), (int)(k % 12), (int)(k % 3), &err);
  printf("%-40s %12.1f\n", "set a marker", (now_ns() - t0) / (double)reps);

  printf("\n%-40s %12s\n", "snapshot", "us/op");
  reps = 2000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) {
    snap = vl_state_copy(st);
    sink += snap != NULL;
    vl_state_free(snap);
  }
  printf("%-40s %12.2f\n", "copy (and free)", (now_ns() - t0) / (double)reps / 1e3);
  snap = vl_state_copy(st);
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_restore(st, snap);
  printf("%-40s %12.2f\n", "restore", (now_ns() - t0) / (double)reps / 1e3);
  printf("%-40s %12lu\n", "snapshot bytes", (unsigned long)vl_state_bytes(snap));
  vl_state_free(snap);
  vl_state_free(st);
  vl_roster_free(r);
  return sink == 42 ? 2 : 0;
}
