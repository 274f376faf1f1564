/*
** fuzz_los_policy.c -- vl_los_policy_load on a fuzzed los.ini (docs/los.md): as the system layer of
** rough_and_ready, and as a scenario layer over the system's real policy. A policy loads or
** is refused with a clean file:line message.
*/
#include "fuzz.h"
#include "volley/los.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[1024], sys[1024];
  fz_write("los.ini", data, size, path, sizeof path);
  vl_error err = { 0 };
  vl_los_policy *p = vl_los_policy_load("rough_and_ready", path, NULL, &err);
  if (p == NULL) fz_check_error(&err, err.code);
  vl_los_policy_free(p);
  fz_source("charts/rough_and_ready/los.ini", sys, sizeof sys);
  memset(&err, 0, sizeof err);
  p = vl_los_policy_load("rough_and_ready", sys, path, &err);
  if (p == NULL) fz_check_error(&err, err.code);
  vl_los_policy_free(p);
  return 0;
}
