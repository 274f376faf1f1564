/*
** error.c -- filling and formatting vl_error records.
*/
#include "volley/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int vl_error_set(vl_error *err, int code, const char *file, int line, const char *fmt, ...) {
  va_list ap;
  if (err == NULL) return code;
  err->code = code;
  err->line = line;
  snprintf(err->file, sizeof err->file, "%s", file ? file : "");
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return code;
}

char *vl_error_format(const vl_error *err, char *buf, size_t n) {
  if (n == 0) return buf;
  if (err->file[0] != '\0' && err->line > 0)
    snprintf(buf, n, "%s:%d: %s", err->file, err->line, err->msg);
  else if (err->file[0] != '\0')
    snprintf(buf, n, "%s: %s", err->file, err->msg);
  else
    snprintf(buf, n, "%s", err->msg);
  return buf;
}
