/*
** fuzz_map.c -- vl_map_load on a fuzzed map.ini (docs/formats.md "map.ini"), the system's
** terrain table found on the data path; twice: alone, and with the Palo Alto scenario's
** terrain.ini as its layer. A map loads or is refused with a clean file:line message.
*/
#include "fuzz.h"
#include "volley/map.h"
#include "volley/path.h"

static vl_path *data_path;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  data_path = vl_path_new(NULL, NULL, VOLLEY_FUZZ_SOURCE);
  if (data_path == NULL) abort();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[1024], layer[1024], root[1024];
  fz_write("map.ini", data, size, path, sizeof path);
  vl_error err = { 0 };
  vl_map *m = vl_map_load(path, data_path, &err);
  if (m == NULL) fz_check_error(&err, err.code);
  vl_map_free(m);
  fz_source("scenarios/rough-and-ready/palo-alto/terrain.ini", layer, sizeof layer);
  fz_source("scenarios/rough-and-ready/palo-alto", root, sizeof root);
  memset(&err, 0, sizeof err);
  m = vl_map_load_layer(path, data_path, layer, root, &err);
  if (m == NULL) fz_check_error(&err, err.code);
  vl_map_free(m);
  return 0;
}
