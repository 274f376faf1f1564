/*
** fuzz_chart.c -- vl_chart_set_load_buffer on a fuzzed chart file (docs/formats.md "Charts"):
** into an empty set, and as the scenario layer over Rough & Ready's fire table. All or
** nothing: a refused file leaves the set as it was (its tables, each the system's).
*/
#include "fuzz.h"
#include "volley/chart.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  vl_error err = { 0 };
  vl_chart_set *s = vl_chart_set_new();
  if (s == NULL) abort();
  int rc = vl_chart_set_load_buffer(s, "fuzz.ini", (const char *)data, size, "system", &err);
  if (rc != VL_OK) fz_check_error(&err, rc);
  vl_chart_set_free(s);

  char fire[1024];
  fz_source("charts/rough_and_ready/fire.ini", fire, sizeof fire);
  s = vl_chart_set_new();
  if (s == NULL) abort();
  memset(&err, 0, sizeof err);
  if (vl_chart_set_load_file(s, fire, "system", &err) != VL_OK) FZ_FAIL("%s", err.msg);
  size_t before = vl_chart_set_count(s);
  rc = vl_chart_set_load_buffer(s, "fuzz.ini", (const char *)data, size, "scenario", &err);
  if (rc != VL_OK) {
    fz_check_error(&err, rc);
    /* all or nothing: the set as it was, every table still the system's */
    FZ_ASSERT(vl_chart_set_count(s) == before, "a refused file changed the set's tables");
    for (size_t i = 0; i < before; i++)
      FZ_ASSERT(strcmp(vl_chart_layer(vl_chart_set_at(s, i)), "system") == 0,
                "a refused file replaced a table");
  }
  vl_chart_set_free(s);
  return 0;
}
