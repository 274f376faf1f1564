/*
** fuzz_terrain.c -- vl_terrain_load on a fuzzed terrain.ini (docs/formats.md "terrain.ini"):
** as the system layer of rough_and_ready, and as a scenario layer over the system's real
** table. A table loads or is refused with a clean file:line message.
*/
#include "fuzz.h"
#include "volley/terrain.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[1024], sys[1024];
  fz_write("terrain.ini", data, size, path, sizeof path);
  vl_error err = { 0 };
  vl_terrain *t = vl_terrain_load("rough_and_ready", path, NULL, &err);
  if (t == NULL) fz_check_error(&err, err.code);
  vl_terrain_free(t);
  fz_source("charts/rough_and_ready/terrain.ini", sys, sizeof sys);
  memset(&err, 0, sizeof err);
  t = vl_terrain_load("rough_and_ready", sys, path, &err);
  if (t == NULL) fz_check_error(&err, err.code);
  vl_terrain_free(t);
  return 0;
}
