/*
** bench_save.c -- make bench: the game state's snapshot, serialisation and hash, and the save
** file, with 600 units and leaders (bench_state.c's two armies on a 60x50 map, every unit
** faced, a few markers, 40 vars and a cursor): copy and restore time and size, serialise /
** hash / deserialise time and the serialisation's size, and the save file's costs (its text,
** parsing it back, one autosave append with its fdatasync). Figures only, never assertions.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "volley/save.h"
#include "volley/state.h"

#define UNITS 600
#define COLS 60
#define ROWS 50

#include "bench_fixture.h"

static int fill(vl_state *st, const vl_roster *r) {
  vl_grid g = vl_grid_default();
  vl_error err;
  unsigned seed = 1;
  int u, i, n_units = vl_roster_unit_count(r);
  vl_value *cursor, *frames;
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
    if (!must(vl_state_place(st, u, vl_loc_hex(h), &h, 1, 0, &err), &err)) return 0;
    f.index = (int)(next_u(&seed) % 6);
    if (!(un->classes & VL_CLASS_LEADER) && !must(vl_state_set_facing(st, u, f, -1, &err), &err))
      return 0;
    if (u % 4 == 0) vl_state_set_marker(st, u, (int)(next_u(&seed) % 12), 1 + (int)(next_u(&seed) % 3), &err);
  }
  for (i = 0; i < 40; i++) {
    char key[16];
    snprintf(key, sizeof key, "var%02d", i);
    vl_map_set(vl_state_vars(st), key, strlen(key), vl_value_int(i * 7));
  }
  cursor = vl_value_map();
  frames = vl_value_list();
  for (i = 0; i < 3; i++) {
    vl_value *fr = vl_value_map();
    vl_map_set(fr, "child", 5, vl_value_int(i + 1));
    vl_map_set(fr, "iter", 4, vl_value_int(2));
    vl_list_push(frames, fr);
  }
  vl_map_set(cursor, "frames", 6, frames);
  vl_map_set(cursor, "side", 4, vl_value_str("USA", 3));
  vl_state_set_cursor(st, cursor, &err);
  vl_state_seed(st, 1, &err);
  for (i = 0; i < 50; i++) vl_dice_d6(vl_state_dice(st), "bench", "-", &err);
  return 1;
}

static const char SHA[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

int main(void) {
  vl_grid g = vl_grid_default();
  vl_error err;
  vl_roster *r;
  vl_state *st, *snap, *back;
  volatile long sink = 0;
  long k, reps;
  double t0;
  size_t len;
  char *text, hash[VL_STATE_HASH_MAX];
  r = roster(&err);
  if (r == NULL) return 1;
  st = vl_state_new(r, &g);
  back = vl_state_new(r, &g);
  if (st == NULL || back == NULL || !fill(st, r)) return 1;

  printf("%-44s %12s\n", "the game state, 600 units and leaders", "");
  text = vl_state_serialize(st, &len);
  printf("%-44s %12lu\n", "serialisation bytes", (unsigned long)len);
  printf("%-44s %12.1f\n", "serialisation bytes per unit", (double)len / UNITS);
  printf("%-44s %12lu\n", "store bytes (a snapshot's size)", (unsigned long)vl_state_bytes(st));

  printf("\n%-44s %12s\n", "operation", "us/op");
  reps = 2000;
  t0 = now_ns();
  for (k = 0; k < reps; k++) {
    snap = vl_state_copy(st);
    sink += snap != NULL;
    vl_state_free(snap);
  }
  printf("%-44s %12.2f\n", "snapshot: copy (and free)", (now_ns() - t0) / (double)reps / 1e3);
  snap = vl_state_copy(st);
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_restore(st, snap);
  printf("%-44s %12.2f\n", "snapshot: restore", (now_ns() - t0) / (double)reps / 1e3);
  vl_state_free(snap);

  reps = 500;
  t0 = now_ns();
  for (k = 0; k < reps; k++) {
    char *t = vl_state_serialize(st, NULL);
    sink += t != NULL;
    free(t);
  }
  printf("%-44s %12.2f\n", "serialise (text in memory)", (now_ns() - t0) / (double)reps / 1e3);
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_hash(st, hash, NULL);
  printf("%-44s %12.2f\n", "state hash (streamed into XXH3)", (now_ns() - t0) / (double)reps / 1e3);
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += (long)(XXH3_64bits(text, len) & 1u);
  printf("%-44s %12.2f\n", "  of which XXH3-64 over the text", (now_ns() - t0) / (double)reps / 1e3);
  reps = 200;
  t0 = now_ns();
  for (k = 0; k < reps; k++) sink += vl_state_deserialize(back, text, len, NULL, &err);
  printf("%-44s %12.2f\n", "deserialise (parse, check canonical, restore)",
         (now_ns() - t0) / (double)reps / 1e3);
  if (vl_state_deserialize(back, text, len, NULL, &err) != VL_OK) {
    fprintf(stderr, "bench_save: %s\n", err.msg);
    return 1;
  }

  {
    vl_save_header h;
    vl_save_file files[12];
    vl_save_entry e;
    vl_save *s;
    vl_autosave *a;
    char path[64], *stext;
    size_t slen;
    int i;
    memset(&h, 0, sizeof h);
    for (i = 0; i < 12; i++) {
      files[i].role = i < 6 ? "scenario" : "system";
      files[i].path = "scenarios/some-game/some-battle/file.ini";
      memcpy(files[i].sha256, SHA, sizeof files[i].sha256);
    }
    h.scenario = "some-game/some-battle";
    h.files = files;
    h.n_files = 12;
    h.seed = 1;
    h.undo = "strict";
    h.cap = 2000;
    h.view = "referee";
    s = vl_save_new(&h, &err);
    memset(&e, 0, sizeof e);
    e.kind = VL_SAVE_ANSWER;
    e.side = "USA";
    e.request = "move";
    e.vtype = VL_SAVE_STR;
    e.sval = "3/2.1/4 3014";
    e.slen = strlen(e.sval);
    memcpy(e.state_hash, hash, sizeof e.state_hash);
    for (i = 0; i < 2000; i++) {
      e.rolls = (uint64_t)i;
      vl_save_append(s, &e, &err);
    }
    printf("\n%-44s %12s\n", "the save file, 2000 answers", "");
    stext = vl_save_text(s, &slen);
    printf("%-44s %12lu\n", "save bytes", (unsigned long)slen);
    reps = 100;
    t0 = now_ns();
    for (k = 0; k < reps; k++) {
      char *t = vl_save_text(s, NULL);
      sink += t != NULL;
      free(t);
    }
    printf("%-44s %12.2f\n", "its text with the checksum (us)", (now_ns() - t0) / (double)reps / 1e3);
    t0 = now_ns();
    for (k = 0; k < reps; k++) {
      vl_save *p = vl_save_parse(stext, slen, "bench", 0, &err);
      sink += p != NULL;
      vl_save_free(p);
    }
    printf("%-44s %12.2f\n", "parse it back, checksum checked (us)", (now_ns() - t0) / (double)reps / 1e3);
    snprintf(path, sizeof path, "/tmp/volley-bench-%ld.save", (long)getpid());
    unlink(path);
    a = vl_autosave_create(path, s, &err);
    if (a != NULL) {
      reps = 200;
      t0 = now_ns();
      for (k = 0; k < reps; k++) sink += vl_autosave_append(a, &e, &err);
      printf("%-44s %12.2f\n", "autosave: one line + fdatasync (us, /tmp)", (now_ns() - t0) / (double)reps / 1e3);
      vl_autosave_close(a, &err);
    }
    unlink(path);
    free(stext);
    vl_save_free(s);
  }
  free(text);
  vl_state_free(back);
  vl_state_free(st);
  vl_roster_free(r);
  return sink == 42 ? 2 : 0;
}
