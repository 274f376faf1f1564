/*
** path_self.c -- one binary's view of where it stands (path_self.h). Compiled once per
** linked program or module with:
**   VOLLEY_SELF_MODULE   defined in the Lua module (its file from dladdr), else the program
**   VOLLEY_SELF_DATA     "<from the binary's folder to share/volley>" (absent: none)
**   VOLLEY_SELF_SOURCE   "<the source tree>", in a build directory's binaries only
*/
#define _GNU_SOURCE  /* dladdr and Dl_info */

#include "path_self.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef VOLLEY_SELF_MODULE
#include <dlfcn.h>

static const char anchor = 'a';  /* an object of this module: dladdr names its file */

const char *vl_path_self_file(char *out, size_t n) {
  Dl_info info;
  char real[PATH_MAX];
  if (dladdr(&anchor, &info) == 0 || info.dli_fname == NULL || info.dli_fname[0] == '\0')
    return NULL;
  if (realpath(info.dli_fname, real) == NULL || strlen(real) >= n) return NULL;
  memcpy(out, real, strlen(real) + 1);
  return out;
}
#else
const char *vl_path_self_file(char *out, size_t n) {
  ssize_t k;
  if (n < 2) return NULL;
  k = readlink("/proc/self/exe", out, n - 1);
  if (k <= 0 || (size_t)k >= n - 1) return NULL;
  out[k] = '\0';
  return out;
}
#endif

const char *vl_path_self_data(void) {
#ifdef VOLLEY_SELF_DATA
  return VOLLEY_SELF_DATA;
#else
  return NULL;
#endif
}

const char *vl_path_self_source(void) {
#ifdef VOLLEY_SELF_SOURCE
  return VOLLEY_SELF_SOURCE;
#else
  return NULL;
#endif
}
