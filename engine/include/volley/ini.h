/*
** ini.h -- the INI reading layer every volley loader shares (map.ini, terrain.ini, and the
** scenario, order-of-battle and chart files of later issues). It parses with Debian's
** libinih (`ini_parse_stream`) through volley's own line reader, which counts lines and
** refuses what inih would silently mangle; the caller's handler sees one call per section
** header, per `key = value` line and per continuation line, each with its line number, and
** one last call at the end of the file. Format rules: docs/formats.md "The INI dialect".
**
** What the layer refuses, each with file:line (DESIGN.md Part B "Data files"):
**   a line of 199 bytes or more (not counting its end of line), a NUL byte, invalid UTF-8,
**   a control character (C0 but tab, DEL, C1) or a carriage return within the line;
**   a section header without `]`, with text after it, empty or longer than 49 bytes;
**   a repeated section; a line that is neither a comment, a section header, `key = value`
**   nor an indented continuation; an empty key, a key longer than 49 bytes or holding `:`;
**   a key before any section; an indented line that continues no key; a repeated key in a
**   section (an indented line continues the key above it instead).
** What a section or key means, and whether it is allowed, is the handler's business: it
** refuses an unknown section or key by returning an error.
**
** Debian's libinih 55 is built with INI_ALLOW_MULTILINE 1, INI_ALLOW_INLINE_COMMENTS 1
** (prefix ";", which starts a comment only after whitespace), start-of-line comments ";"
** and "#", INI_ALLOW_BOM 1, INI_MAX_LINE 200 on the stack, INI_HANDLER_LINENO 0,
** INI_STOP_ON_FIRST_ERROR 0, INI_ALLOW_NO_VALUE 0 (tests/c/test_ini.c checks the values its
** exported variables report). This layer relies on exactly those. inih 55 leaves an inline
** comment on a continuation line (later releases strip it); this layer strips it, so every
** value a handler sees has lost its comment.
*/
#ifndef VOLLEY_INI_H
#define VOLLEY_INI_H

#include <stddef.h>

#include "volley/error.h"

#define VL_INI_MAX_LINE 198          /* longest line accepted, in bytes, without its end */
#define VL_INI_MAX_NAME 49           /* longest section name or key, in bytes */
#define VL_INI_MAX_FILE (16L << 20)  /* largest file vl_ini_parse_file reads, in bytes */

typedef enum vl_ini_event {
  VL_INI_SECTION = 0,  /* a [section] header: key and value are NULL */
  VL_INI_VALUE = 1,    /* a `key = value` line, or an indented line continuing key */
  VL_INI_END = 2       /* the end of the file: section, key and value are NULL; line is the
                       ** number of the file's last line (at least 1) */
} vl_ini_event;

/* One call's worth of input. Every string is borrowed for the duration of the call. */
typedef struct vl_ini_item {
  vl_ini_event event;
  const char *file;     /* the name given to the parser, for messages */
  const char *section;  /* the current section's name (never cut short) */
  const char *key;      /* the whole key, also on continuation lines (inih cuts those) */
  const char *value;    /* the value: blanks around it and any inline comment removed */
  int line;             /* 1-based line number */
  int continuation;     /* 1 on an indented line continuing key, else 0 */
} vl_ini_item;

/* A handler returns VL_OK to go on, or a negative VL_E* code after filling err (never NULL
** here), usually with vl_ini_error. The first error stops the parse. */
typedef int (*vl_ini_handler)(void *user, const vl_ini_item *item, vl_error *err);

/* Parses len bytes of INI text named name (for messages) with handler h and its user
** pointer. Returns VL_OK, or the first error's code with err (may be NULL) holding name,
** line and message: the reader's refusals, the layer's, the handler's. VL_ENOMEM when an
** allocation fails. The handler is never called after it has returned an error. */
int vl_ini_parse_buffer(const char *name, const char *data, size_t len, vl_ini_handler h,
                        void *user, vl_error *err);

/* Reads the file at path (at most VL_INI_MAX_FILE bytes) and parses it as
** vl_ini_parse_buffer does, naming it by path. VL_EIO with err "cannot open (<why>)" or
** "cannot read (<why>)" when the file cannot be read. */
int vl_ini_parse_file(const char *path, vl_ini_handler h, void *user, vl_error *err);

/* Fills err with VL_EPARSE, the item's file and line and a printf-style message. Returns
** VL_EPARSE, so a handler reads `return vl_ini_error(err, it, "unknown key '%s'", it->key)`. */
int vl_ini_error(vl_error *err, const vl_ini_item *item, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* Splits a value into words at blanks (spaces and tabs): returns the next word of *cursor,
** with its length in *len, and moves *cursor past it; NULL when no word is left. */
const char *vl_ini_word(const char **cursor, size_t *len);

#endif
