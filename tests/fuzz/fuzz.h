/*
** tests/fuzz/fuzz.h -- what the harnesses share (docs/build.md "Fuzzing"): a scratch folder for
** the loaders that read files, the checks every refusal must pass, and the source tree.
**
** A harness defines LLVMFuzzerTestOneInput (and may define LLVMFuzzerInitialize). It is built
** twice: with clang and -fsanitize=fuzzer,address,undefined into build-fuzz by `make fuzz`,
** and with the plain main() of tests/fuzz/replay.c in every configuration, where ctest replays
** tests/fuzz/regressions/<kind>/ and tests/fuzz/corpus/<kind>/ through it. libFuzzer's
** interface has no user pointer, so what a harness keeps between inputs (the scratch folder,
** a loaded schema, a Lua state) is static to its file: the one place volley's C has state
** outside a struct the caller holds.
*/
#ifndef VOLLEY_FUZZ_H
#define VOLLEY_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "volley/error.h"

#ifndef VOLLEY_FUZZ_SOURCE
#error "VOLLEY_FUZZ_SOURCE: the source tree (set by tests/fuzz/fuzz.cmake)"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Stops the run with a report: a finding (libFuzzer saves the input as a crash). */
#define FZ_FAIL(...) do { \
    fprintf(stderr, "fuzz finding: " __VA_ARGS__); fputc('\n', stderr); abort(); \
  } while (0)

#define FZ_ASSERT(cond, ...) do { if (!(cond)) FZ_FAIL(__VA_ARGS__); } while (0)

static char fz_dir[256];

/* Removes path, a folder with what it holds (the scratch folder's files and folders). */
static void fz_remove(const char *path) {
  DIR *d = opendir(path);
  if (d != NULL) {
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      char sub[1024];
      snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
      fz_remove(sub);
    }
    closedir(d);
  }
  remove(path);
}

static void fz_cleanup(void) {
  if (fz_dir[0] != '\0') fz_remove(fz_dir);
}

/* A scratch folder of this process (made once, under $TMPDIR or /tmp; removed at exit). */
static inline const char *fz_tmpdir(void) {
  if (fz_dir[0] == '\0') {
    const char *t = getenv("TMPDIR");
    snprintf(fz_dir, sizeof fz_dir, "%s/volley-fuzz-XXXXXX", t && *t ? t : "/tmp");
    if (mkdtemp(fz_dir) == NULL) { perror("mkdtemp"); abort(); }
    atexit(fz_cleanup);
  }
  return fz_dir;
}

/* Writes size bytes to <scratch>/<name> (replacing it); the path into out (n bytes). */
static inline void fz_write(const char *name, const void *data, size_t size, char *out,
                            size_t n) {
  snprintf(out, n, "%s/%s", fz_tmpdir(), name);
  FILE *f = fopen(out, "wb");
  if (f == NULL) { perror(out); abort(); }
  if (size > 0 && fwrite(data, 1, size, f) != size) { perror(out); abort(); }
  if (fclose(f) != 0) { perror(out); abort(); }
}

/* Copies the tree's file rel to <scratch>/<name>. */
static inline void fz_copy(const char *rel, const char *name) {
  char from[1024], to[1024];
  snprintf(from, sizeof from, "%s/%s", VOLLEY_FUZZ_SOURCE, rel);
  FILE *f = fopen(from, "rb");
  if (f == NULL) { perror(from); abort(); }
  char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 65536;
      char *b = realloc(buf, cap);
      if (b == NULL) abort();
      buf = b;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    if (got == 0) break;
    len += got;
  }
  fclose(f);
  fz_write(name, buf, len, to, sizeof to);
  free(buf);
}

/* A path of the tree into out. */
static inline void fz_source(const char *rel, char *out, size_t n) {
  snprintf(out, n, "%s/%s", VOLLEY_FUZZ_SOURCE, rel);
}

/* A control byte: C0 but the tab (a tab is text: the INI reader and the prompt take it), DEL. */
static inline int fz_control(char c) {
  return ((unsigned char)c < 0x20 && c != '\t') || c == 0x7f;
}

/* The checks every refusal passes: a code that is an error, a message, and no control byte
** in the message or the file name (docs/robustness.md "The promise"). With VOLLEY_FUZZ_SHOW
** set in the environment the refusal is printed ("file:line: message"): what volley answers. */
static inline void fz_check_error(const vl_error *err, int rc) {
  if (getenv("VOLLEY_FUZZ_SHOW") != NULL)
    fprintf(stderr, "refused: %s:%d: %s\n", err->file, err->line, err->msg);
  FZ_ASSERT(rc < 0, "a refusal with code %d", rc);
  FZ_ASSERT(err->msg[0] != '\0', "a refusal without a message (code %d)", rc);
  for (const char *p = err->msg; *p; p++)
    FZ_ASSERT(!fz_control(*p), "a control byte in '%s'", err->msg);
  for (const char *p = err->file; *p; p++)
    FZ_ASSERT(!fz_control(*p), "a control byte in the file '%s'", err->file);
}

/* A NUL-terminated copy of the input (the loaders of text take C strings). */
static inline char *fz_string(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);
  if (s == NULL) abort();
  if (size > 0) memcpy(s, data, size);
  s[size] = '\0';
  return s;
}

#endif
