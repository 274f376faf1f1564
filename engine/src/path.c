/*
** path.c -- the data search path: $VOLLEY_PATH, the installed share/volley, the source tree.
** See path.h for the order and why; this file only builds and walks the list. What the
** running binary knows of itself comes from path_self.c, compiled into each binary.
*/
#define _XOPEN_SOURCE 700  /* realpath is XSI: the build's _POSIX_C_SOURCE alone hides it */

#include "volley/path.h"

#include "path_self.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct vl_path {
  size_t n;      /* roots in use */
  size_t cap;    /* roots allocated */
  char **roots;  /* owned strings, no trailing '/' */
};

/* Appends a copy of the first len bytes of s, without trailing slashes. 0 or VL_ENOMEM. */
static int push(vl_path *p, const char *s, size_t len) {
  char *copy;
  while (len > 1 && s[len - 1] == '/') len--;
  if (len == 0) return VL_OK;
  if (p->n == p->cap) {
    size_t cap = p->cap ? 2 * p->cap : 4;
    char **r = realloc(p->roots, cap * sizeof *r);
    if (r == NULL) return VL_ENOMEM;
    p->roots = r;
    p->cap = cap;
  }
  copy = malloc(len + 1);
  if (copy == NULL) return VL_ENOMEM;
  memcpy(copy, s, len);
  copy[len] = '\0';
  p->roots[p->n++] = copy;
  return VL_OK;
}

static int is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Pushes <dir of self>/<data> (or data itself when absolute) when that is a directory. */
static int push_share(vl_path *p, const char *self, const char *data) {
  const char *slash;
  char buf[4096];
  int k;
  if (data == NULL) return VL_OK;
  if (data[0] == '/') {
    k = snprintf(buf, sizeof buf, "%s", data);
  } else {
    if (self == NULL || (slash = strrchr(self, '/')) == NULL) return VL_OK;
    k = snprintf(buf, sizeof buf, "%.*s/%s", (int)(slash - self), self, data);
  }
  if (k < 0 || (size_t)k >= sizeof buf || !is_dir(buf)) return VL_OK;
  return push(p, buf, (size_t)k);
}

vl_path *vl_path_new_from(const char *volley_path, const char *self, const char *data,
                          const char *source_dir) {
  vl_path *p = calloc(1, sizeof *p);
  if (p == NULL) return NULL;
  if (volley_path != NULL) {
    const char *s = volley_path;
    for (;;) {
      const char *colon = strchr(s, ':');
      size_t len = colon ? (size_t)(colon - s) : strlen(s);
      if (push(p, s, len) != VL_OK) goto fail;
      if (colon == NULL) break;
      s = colon + 1;
    }
  }
  if (push_share(p, self, data) != VL_OK) goto fail;
  if (source_dir != NULL && push(p, source_dir, strlen(source_dir)) != VL_OK) goto fail;
  return p;
fail:
  vl_path_free(p);
  return NULL;
}

vl_path *vl_path_new(const char *volley_path, const char *exe, const char *source_dir) {
  return vl_path_new_from(volley_path, exe, "../share/volley", source_dir);
}

vl_path *vl_path_for_process(void) {
  char self[PATH_MAX];
  return vl_path_new_from(getenv("VOLLEY_PATH"), vl_path_self_file(self, sizeof self),
                          vl_path_self_data(), vl_path_self_source());
}

void vl_path_free(vl_path *p) {
  size_t i;
  if (p == NULL) return;
  for (i = 0; i < p->n; i++) free(p->roots[i]);
  free(p->roots);
  free(p);
}

size_t vl_path_count(const vl_path *p) { return p->n; }

const char *vl_path_root(const vl_path *p, size_t i) { return i < p->n ? p->roots[i] : NULL; }

int vl_path_find(const vl_path *p, const char *rel, char *out, size_t n, vl_error *err) {
  size_t i, skipped = 0;
  const char *first_long = NULL;
  for (i = 0; i < p->n; i++) {
    int k = snprintf(out, n, "%s/%s", p->roots[i], rel);
    if (k < 0 || (size_t)k >= n || k >= PATH_MAX) {  /* too long here: try the next root */
      if (skipped++ == 0) first_long = p->roots[i];
      continue;
    }
    if (access(out, R_OK) == 0) return VL_OK;
  }
  if (n > 0) out[0] = '\0';
  if (skipped > 0 && skipped == p->n)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "path too long: %s under every data root (%.60s%s)", rel, first_long,
                        strlen(first_long) > 60 ? "..." : "");
  if (skipped > 0)
    return vl_error_set(err, VL_ENOTFOUND, NULL, 0,
                        "%s not found on the data path (%zu root%s skipped: the path would be "
                        "too long)", rel, skipped, skipped == 1 ? "" : "s");
  return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "%s not found on the data path", rel);
}

/* realpath into buf (PATH_MAX): VL_OK, or the code and reason of vl_path_inside. */
static int resolve(const char *path, char *buf, vl_error *err) {
  if (realpath(path, buf) != NULL) return VL_OK;
  if (errno == ELOOP) return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "a loop of symbolic links");
  if (errno == ENAMETOOLONG) return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "path too long");
  if (errno == ENOMEM) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  return vl_error_set(err, VL_ENOTFOUND, NULL, 0, "no such file");
}

int vl_path_inside(const char *root, const char *path, vl_error *err) {
  char rroot[PATH_MAX], rpath[PATH_MAX];
  size_t n;
  int rc = resolve(root, rroot, err);
  if (rc == VL_OK) rc = resolve(path, rpath, err);
  if (rc != VL_OK) return rc;
  n = strlen(rroot);
  if (n == 1) return VL_OK;                     /* the root is "/": everything is inside */
  if (strncmp(rpath, rroot, n) == 0 && (rpath[n] == '\0' || rpath[n] == '/')) return VL_OK;
  return vl_error_set(err, VL_EINVAL, NULL, 0, "leads out of the folder");
}
