/*
** fuzz_oob.c -- vl_roster_load_string on a fuzzed oob.ini (docs/formats.md "oob.ini") against
** Rough & Ready's real schema, and against the demo's. A roster loads (finished) or is
** refused with a clean file:line message; the schema stays usable either way.
*/
#include "fuzz.h"
#include "volley/units.h"

static vl_schema *schemas[2];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  const char *files[2] = { "charts/rough_and_ready/units.ini", "charts/demo/units.ini" };
  for (int i = 0; i < 2; i++) {
    char path[1024];
    vl_error err = { 0 };
    fz_source(files[i], path, sizeof path);
    schemas[i] = vl_schema_load(path, &err);
    if (schemas[i] == NULL) FZ_FAIL("%s: %s", path, err.msg);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fz_string(data, size);
  for (int i = 0; i < 2; i++) {
    vl_error err = { 0 };
    vl_roster *r = vl_roster_load_string(schemas[i], text, "oob.ini", &err);
    if (r == NULL) fz_check_error(&err, err.code);
    vl_roster_free(r);
  }
  free(text);
  return 0;
}
