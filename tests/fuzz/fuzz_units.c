/*
** fuzz_units.c -- vl_schema_load_string on a fuzzed units.ini (docs/formats.md "units.ini").
** A schema loads or is refused with a clean file:line message.
*/
#include "fuzz.h"
#include "volley/units.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = fz_string(data, size);
  vl_error err = { 0 };
  vl_schema *s = vl_schema_load_string(text, "units.ini", &err);
  if (s == NULL) fz_check_error(&err, err.code);
  vl_schema_free(s);
  free(text);
  return 0;
}
