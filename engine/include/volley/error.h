/*
** error.h -- the error record every fallible volley function fills.
** Codes are VL_OK (0) or negative VL_E*; the record says where (file, line) and what.
*/
#ifndef VOLLEY_ERROR_H
#define VOLLEY_ERROR_H

#include <stddef.h>

enum {
  VL_OK = 0,
  VL_ENOMEM = -1,     /* an allocation failed */
  VL_EIO = -2,        /* a file could not be opened, read or written */
  VL_EPARSE = -3,     /* malformed input: the record names file and line */
  VL_EINVAL = -4,     /* an argument out of its domain */
  VL_ENOTFOUND = -5,  /* a name or file that does not exist */
  VL_EBUDGET = -6     /* a script ran past its memory or instruction budget */
};

#define VL_ERROR_FILE_MAX 256
#define VL_ERROR_MSG_MAX 256

/* Where and what. `line` is 0 when the error belongs to no line of a file; `file` is ""
** when it belongs to no file. Fixed buffers: filling one never allocates. */
typedef struct vl_error {
  int code;
  int line;
  char file[VL_ERROR_FILE_MAX];
  char msg[VL_ERROR_MSG_MAX];
} vl_error;

/* Fills err (which may be NULL) with code, file (may be NULL), line and a printf-style message,
** cutting what does not fit. Returns code, so a call site reads `return vl_error_set(...)`. */
int vl_error_set(vl_error *err, int code, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 5, 6)))
#endif
  ;

/* Writes "file:line: msg" (or "file: msg", or "msg") into buf of size n, always
** NUL-terminated when n > 0. Returns buf. */
char *vl_error_format(const vl_error *err, char *buf, size_t n);

#endif
