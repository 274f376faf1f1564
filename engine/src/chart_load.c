/*
** chart_load.c -- reading chart files into a set: one file, text in memory, or a directory
** of them as one layer. A thin layer over the shared INI reader (ini.c), which refuses what
** inih would mangle and numbers the lines, and the chart reader (chart.c), which builds and
** checks the tables. Format: docs/formats.md "Charts".
*/
#include "volley/chart.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "volley/ini.h"
#include "volley/path.h"

/* The INI handler: each event of the parse to the chart reader. */
static int on_item(void *user, const vl_ini_item *it, vl_error *err) {
  vl_chart_reader *r = user;
  switch (it->event) {
  case VL_INI_SECTION:
    return vl_chart_reader_section(r, it->file, it->section, it->line, err);
  case VL_INI_VALUE:
    return vl_chart_reader_value(r, it->file, it->key, it->value, it->line, it->continuation,
                                 err);
  case VL_INI_END:
    return vl_chart_reader_file_end(r, err);
  }
  return VL_OK;
}

/* Reads the file at path, or len bytes of data named path when data is not NULL, and commits
** it as one layer. */
static int load_one(vl_chart_set *s, const char *path, const char *data, size_t len,
                    const char *layer, vl_error *err) {
  vl_chart_reader *r = vl_chart_reader_new(s, layer);
  int rc;
  if (r == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  rc = data != NULL ? vl_ini_parse_buffer(path, data, len, on_item, r, err)
                    : vl_ini_parse_file(path, on_item, r, err);
  if (rc == VL_OK) rc = vl_chart_reader_commit(r, err);
  vl_chart_reader_free(r);
  return rc;
}

int vl_chart_set_load_file(vl_chart_set *s, const char *path, const char *layer,
                           vl_error *err) {
  return load_one(s, path, NULL, 0, layer, err);
}

int vl_chart_set_load_buffer(vl_chart_set *s, const char *name, const char *data, size_t len,
                             const char *layer, vl_error *err) {
  return load_one(s, name, data != NULL ? data : "", data != NULL ? len : 0, layer, err);
}

/* 1 when name is a chart file: "*.ini" and not one of VL_CHART_SCHEMA_FILES. */
static int is_chart_file(const char *name) {
  static const char schemas[] = VL_CHART_SCHEMA_FILES;
  size_t n = strlen(name);
  const char *p = schemas;
  if (n < 5 || strcmp(name + n - 4, ".ini") != 0 || name[0] == '.') return 0;
  while (*p) {
    const char *end = strchr(p, ' ');
    size_t k = end ? (size_t)(end - p) : strlen(p);
    if (k == n && strncmp(p, name, n) == 0) return 0;
    p += k;
    while (*p == ' ') p++;
  }
  return 1;
}

/* Whether the chart file path of dir is a regular file that stays inside dir once symbolic
** links are followed (vl_path_inside): one that leads out is refused unread, unnamed. */
static int confined(const char *dir, const char *path, vl_error *err) {
  struct stat st;
  vl_error why;
  int rc = vl_path_inside(dir, path, &why);
  if (rc == VL_EINVAL)
    return vl_error_set(err, VL_EPARSE, path, 0, "leads out of its folder (%s): a scenario's "
                        "files stay inside its folder, symbolic links included", dir);
  if (rc != VL_OK) return vl_error_set(err, rc == VL_ENOMEM ? rc : VL_EIO, path, 0, "%s", why.msg);
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return vl_error_set(err, VL_EPARSE, path, 0, "not a regular file");
  return VL_OK;
}

static int by_bytes(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int vl_chart_set_load_dir(vl_chart_set *s, const char *dir, const char *layer,
                          vl_error *err) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL, path[4096];
  size_t n = 0, cap = 0, i;
  vl_chart_reader *r;
  int rc = VL_OK;
  if (d == NULL)
    return vl_error_set(err, errno == ENOENT ? VL_ENOTFOUND : VL_EIO, dir, 0,
                        "cannot open directory (%s)", strerror(errno));
  while ((e = readdir(d)) != NULL) {
    if (!is_chart_file(e->d_name)) continue;
    if (n == cap) {
      size_t ncap = cap ? 2 * cap : 16;
      char **nn = realloc(names, ncap * sizeof *nn);
      if (nn == NULL) { rc = VL_ENOMEM; break; }
      names = nn;
      cap = ncap;
    }
    names[n] = malloc(strlen(e->d_name) + 1);
    if (names[n] == NULL) { rc = VL_ENOMEM; break; }
    strcpy(names[n++], e->d_name);
  }
  closedir(d);
  r = rc == VL_OK ? vl_chart_reader_new(s, layer) : NULL;
  if (rc != VL_OK || r == NULL) {
    rc = vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  } else {
    if (n > 0) qsort(names, n, sizeof *names, by_bytes);  /* names is NULL when n is 0 */
    for (i = 0; i < n && rc == VL_OK; i++) {
      int k = snprintf(path, sizeof path, "%s/%s", dir, names[i]);
      if (k < 0 || (size_t)k >= sizeof path)
        rc = vl_error_set(err, VL_EINVAL, dir, 0, "path too long for '%s'", names[i]);
      else
        rc = confined(dir, path, err);
      if (rc == VL_OK) rc = vl_ini_parse_file(path, on_item, r, err);
    }
    if (rc == VL_OK) rc = vl_chart_reader_commit(r, err);
  }
  vl_chart_reader_free(r);
  for (i = 0; i < n; i++) free(names[i]);
  free(names);
  return rc;
}
