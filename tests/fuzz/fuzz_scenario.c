/*
** fuzz_scenario.c -- vl_scenario_load_roots on a fuzzed scenario.ini (docs/formats.md
** "scenario.ini") in a folder holding a copy of the demo's files (so the names it gives can
** be found), with the tree as the data root (so `extends` finds Palo Alto); and
** vl_scenario_load_string on the same text. A scenario loads or is refused with a clean
** file:line message.
*/
#include <sys/stat.h>

#include "fuzz.h"
#include "volley/scenario.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/scen", fz_tmpdir());
  if (mkdir(dir, 0700) != 0) { perror(dir); abort(); }
  const char *files[] = { "map.ini", "oob.ini", "hold.ini", "hold.lua", "passage.ini" };
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    char rel[256], to[256];
    snprintf(rel, sizeof rel, "tests/data/demo/%s", files[i]);
    snprintf(to, sizeof to, "scen/%s", files[i]);
    fz_copy(rel, to);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[1024];
  fz_write("scen/scenario.ini", data, size, path, sizeof path);
  const char *roots[1] = { VOLLEY_FUZZ_SOURCE };
  vl_error err = { 0 };
  vl_scenario *s = vl_scenario_load_roots(path, roots, 1, &err);
  if (s == NULL) fz_check_error(&err, err.code);
  vl_scenario_free(s);
  char *text = fz_string(data, size);
  memset(&err, 0, sizeof err);
  s = vl_scenario_load_string(text, "scenario.ini", &err);
  if (s == NULL) fz_check_error(&err, err.code);
  vl_scenario_free(s);
  free(text);
  return 0;
}
