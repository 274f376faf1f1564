/*
** textbuf.h -- the text writer the state serialisation and the save file share: a growing
** buffer, or fixed chunks handed to a sink (a hash being fed), with the integer and string
** spellings both formats use. Not part of the public API.
**
** Strings are written in double quotes with the escapes \" \\ \n \t \r and \xHH (lower-case
** hex) for every other byte below 0x20, for 0x7f and for any byte that is not part of valid
** UTF-8; valid UTF-8 characters are written as they are. So the text is always valid UTF-8,
** one line never holds a newline, and any byte string reads back exactly.
*/
#ifndef VOLLEY_TEXTBUF_H
#define VOLLEY_TEXTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct vl_tb {
  char *p;           /* the text (grow mode: malloc'd, NUL-terminated room kept) */
  size_t n, cap;
  /* chunk mode: p is a caller's fixed buffer of cap bytes, handed to sink when full */
  void (*sink)(void *ctx, const char *data, size_t n);
  void *ctx;
  int oom;           /* an allocation failed: the text is incomplete */
} vl_tb;

/* Appends n bytes: the slow path (growing, flushing), and the inline fast one when they fit
** (the serialisation makes tens of thousands of small appends). */
void vl_tb_put_slow(vl_tb *b, const char *s, size_t n);

static inline void vl_tb_put(vl_tb *b, const char *s, size_t n) {
  if (b->n + n < b->cap) {   /* fits, with the room for a NUL grow mode keeps */
    memcpy(b->p + b->n, s, n);
    b->n += n;
  } else {
    vl_tb_put_slow(b, s, n);
  }
}

static inline void vl_tb_putc(vl_tb *b, char c) {
  if (b->n + 1 < b->cap) b->p[b->n++] = c;
  else vl_tb_put_slow(b, &c, 1);
}

static inline void vl_tb_puts(vl_tb *b, const char *s) { vl_tb_put(b, s, strlen(s)); }
void vl_tb_u64(vl_tb *b, uint64_t v);      /* decimal */
void vl_tb_i64(vl_tb *b, int64_t v);       /* decimal, '-' for negatives */
void vl_tb_hex64(vl_tb *b, uint64_t v);    /* 16 lower-case hex digits */
void vl_tb_quoted(vl_tb *b, const char *s, size_t n);

/* Chunk mode: hands what is buffered to the sink. */
void vl_tb_flush(vl_tb *b);

/* Grow mode: the text, NUL-terminated (an empty string when nothing was written); NULL when
** an allocation failed. The buffer stays the writer's. */
const char *vl_tb_text(vl_tb *b);

/* Decodes the quoted string at *pp (its opening quote; e ends the line) into out (appended),
** moving *pp past the closing quote. 0, or -1 with why (size 96) saying what is wrong. */
int vl_tb_unquote(const char **pp, const char *e, vl_tb *out, char why[96]);

/* Length of the valid UTF-8 character starting at s (n bytes available): 1-4, or 0. */
size_t vl_utf8_char(const unsigned char *s, size_t n);

#endif
