/*
** tests/fuzz/replay.c -- the plain main() a harness is linked with in every configuration
** (gcc, no libFuzzer): runs LLVMFuzzerTestOneInput once on each file named, a folder standing
** for the files in it (in byte order of their names, dot files skipped). A finding aborts, as
** under libFuzzer; otherwise it prints how many inputs ran. ctest's fuzz.<kind> replays
** tests/fuzz/regressions/<kind>/ and tests/fuzz/corpus/<kind>/ so (docs/build.md "Fuzzing").
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) { perror(path); return -1; }
  uint8_t *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 4096;
      uint8_t *b = realloc(buf, cap);
      if (b == NULL) { free(buf); fclose(f); fputs("out of memory\n", stderr); return -1; }
      buf = b;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    if (got == 0) break;
    len += got;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) { free(buf); fprintf(stderr, "%s: cannot read\n", path); return -1; }
  uint8_t *exact = malloc(len ? len : 1);      /* exactly len bytes: ASan sees an overread */
  if (exact == NULL) { free(buf); return -1; }
  if (len) memcpy(exact, buf, len);
  free(buf);
  fprintf(stderr, "replay: %s\n", path);
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir, int *count) {
  DIR *d = opendir(dir);
  if (d == NULL) return 0;                 /* a kind without regressions yet */
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *names);
      if (nn == NULL) { closedir(d); return -1; }
      names = nn;
    }
    size_t l = strlen(dir) + strlen(e->d_name) + 2;
    names[n] = malloc(l);
    if (names[n] == NULL) { closedir(d); return -1; }
    snprintf(names[n], l, "%s/%s", dir, e->d_name);
    n++;
  }
  closedir(d);
  if (n) qsort(names, n, sizeof *names, by_name);
  int rc = 0;
  for (size_t i = 0; i < n; i++) {
    struct stat st;
    if (rc == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      rc = run_file(names[i]);
      (*count)++;
    }
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  int count = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    int rc;
    if (stat(argv[i], &st) != 0) {
      perror(argv[i]);
      return 1;
    }
    if (S_ISDIR(st.st_mode)) {
      rc = run_dir(argv[i], &count);
    } else {
      rc = run_file(argv[i]);
      count++;
    }
    if (rc != 0) return 1;
  }
  printf("%s: %d inputs replayed, no finding\n", argv[0], count);
  return 0;
}
