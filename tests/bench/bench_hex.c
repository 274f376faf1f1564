/*
** bench_hex.c -- make bench: nanoseconds per hex operation in pure C (engine/src/hex.c), on
** the default grid, over 1024 labels and pairs picked by a fixed sequence (no rand(), no
** timing assertion: figures only). tests/bench/hex_bench.lua measures the same operations
** through Lua, against the plain-Lua reference.
*/
#include <stdio.h>
#include <time.h>

#include "volley/hex.h"

#define N_CASES 1024
#define STEPS_MAX 64

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static unsigned next_u(unsigned *s) {
  *s = *s * 1103515245u + 12345u;
  return (*s >> 8) & 0xffffu;
}

int main(void) {
  vl_grid g = vl_grid_default();
  static vl_hex a[N_CASES], b[N_CASES], far[N_CASES];
  static char labels[N_CASES][VL_HEX_LABEL_MAX];
  vl_line_step steps[STEPS_MAX];
  volatile long sink = 0;
  unsigned s = 1;
  long i, n;
  double t0, ns;
  int k;
  for (k = 0; k < N_CASES; k++) {
    int col = 10 + (int)(next_u(&s) % 30), row = 10 + (int)(next_u(&s) % 30);
    a[k] = vl_hex_from_offset(&g, col, row);
    b[k] = vl_hex_from_offset(&g, 10 + (int)(next_u(&s) % 30), 10 + (int)(next_u(&s) % 30));
    vl_hex_format(&g, a[k], labels[k], sizeof labels[k]);
    far[k] = vl_hex_from_offset(&g, col + (int)(next_u(&s) % 21) - 10,
                                row + (int)(next_u(&s) % 21) - 10);
    while (vl_hex_distance(a[k], far[k]) != 10)  /* lines of exactly 10 hexes */
      far[k] = vl_hex_from_offset(&g, col + (int)(next_u(&s) % 21) - 10,
                                  row + (int)(next_u(&s) % 21) - 10);
  }
  printf("%-28s %10s\n", "operation (default grid)", "ns/op");

  n = 20000000;
  t0 = now_ns();
  for (i = 0; i < n; i++) {
    vl_hex h = vl_hex_neighbor(&g, a[i & (N_CASES - 1)], (int)(i % 6));
    sink += h.q;
  }
  ns = (now_ns() - t0) / (double)n;
  printf("%-28s %10.2f\n", "neighbor", ns);
  printf("%-28s %10.2f\n", "neighbors (all 6)", ns * 6);

  t0 = now_ns();
  for (i = 0; i < n; i++) sink += vl_hex_distance(a[i & (N_CASES - 1)], b[(i >> 3) & (N_CASES - 1)]);
  printf("%-28s %10.2f\n", "distance", (now_ns() - t0) / (double)n);

  n = 10000000;
  t0 = now_ns();
  for (i = 0; i < n; i++) {
    vl_hex h;
    vl_hex_parse(&g, labels[i & (N_CASES - 1)], &h, NULL);
    sink += h.r;
  }
  printf("%-28s %10.2f\n", "parse label", (now_ns() - t0) / (double)n);

  n = 5000000;
  t0 = now_ns();
  for (i = 0; i < n; i++) {
    char buf[VL_HEX_LABEL_MAX];
    sink += vl_hex_format(&g, a[i & (N_CASES - 1)], buf, sizeof buf) + buf[3];
  }
  printf("%-28s %10.2f\n", "format label", (now_ns() - t0) / (double)n);

  n = 1000000;
  t0 = now_ns();
  for (i = 0; i < n; i++) sink += vl_hex_line(&g, a[i & (N_CASES - 1)], far[i & (N_CASES - 1)],
                                              steps, STEPS_MAX) + steps[5].hex.q;
  printf("%-28s %10.2f\n", "line (distance 10)", (now_ns() - t0) / (double)n);

  t0 = now_ns();
  for (i = 0; i < n; i++) sink += vl_hex_trace(&g, a[i & (N_CASES - 1)], far[i & (N_CASES - 1)],
                                               steps, STEPS_MAX) + steps[5].hex.q;
  printf("%-28s %10.2f\n", "trace (distance 10)", (now_ns() - t0) / (double)n);
  return sink == 42 ? 1 : 0;                /* uses the sink; never 42 in practice */
}
