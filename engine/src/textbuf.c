/*
** textbuf.c -- the shared text writer (textbuf.h): growing buffers, chunks streamed into a
** hash, decimal and hex numbers, quoted strings and their decoding.
*/
#include "textbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char hexdigits[] = "0123456789abcdef";

void vl_tb_flush(vl_tb *b) {
  if (b->sink != NULL && b->n > 0) {
    b->sink(b->ctx, b->p, b->n);
    b->n = 0;
  }
}

void vl_tb_put_slow(vl_tb *b, const char *s, size_t n) {
  if (b->oom || n == 0) return;
  if (b->sink != NULL) {
    if (b->n + n > b->cap) {
      vl_tb_flush(b);
      if (n > b->cap) {
        b->sink(b->ctx, s, n);
        return;
      }
    }
  } else if (b->n + n + 1 > b->cap) {   /* + 1: room for the NUL */
    size_t cap = b->cap ? b->cap : 1024;
    char *p;
    while (cap < b->n + n + 1) {
      if (cap > ((size_t)-1) / 2) {
        b->oom = 1;
        return;
      }
      cap *= 2;
    }
    p = realloc(b->p, cap);
    if (p == NULL) {
      b->oom = 1;
      return;
    }
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
}


void vl_tb_u64(vl_tb *b, uint64_t v) {
  char buf[24];
  size_t i = sizeof buf;
  do {
    buf[--i] = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v > 0);
  vl_tb_put(b, buf + i, sizeof buf - i);
}

void vl_tb_i64(vl_tb *b, int64_t v) {
  if (v < 0) {
    vl_tb_putc(b, '-');
    vl_tb_u64(b, (uint64_t)0 - (uint64_t)v);
  } else {
    vl_tb_u64(b, (uint64_t)v);
  }
}

void vl_tb_hex64(vl_tb *b, uint64_t v) {
  char buf[16];
  int i;
  for (i = 15; i >= 0; i--) {
    buf[i] = hexdigits[v & 15u];
    v >>= 4;
  }
  vl_tb_put(b, buf, 16);
}

const char *vl_tb_text(vl_tb *b) {
  if (b->oom) return NULL;
  if (b->p == NULL) {
    b->p = malloc(1);
    if (b->p == NULL) {
      b->oom = 1;
      return NULL;
    }
    b->cap = 1;
  }
  b->p[b->n] = '\0';
  return b->p;
}

size_t vl_utf8_char(const unsigned char *s, size_t n) {
  unsigned c, cp, min;
  size_t more, i;
  if (n == 0) return 0;
  c = s[0];
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) more = 1, cp = c & 0x1F, min = 0x80;
  else if ((c & 0xF0) == 0xE0) more = 2, cp = c & 0x0F, min = 0x800;
  else if ((c & 0xF8) == 0xF0) more = 3, cp = c & 0x07, min = 0x10000;
  else return 0;
  if (n < more + 1) return 0;
  for (i = 1; i <= more; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (s[i] & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return more + 1;
}

void vl_tb_quoted(vl_tb *b, const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0;
  vl_tb_putc(b, '"');
  while (i < len) {
    unsigned c = u[i];
    size_t run = i, k;
    while (run < len && u[run] >= 0x20 && u[run] < 0x7f && u[run] != '"' && u[run] != '\\') run++;
    if (run > i) {
      vl_tb_put(b, s + i, run - i);
      i = run;
      continue;
    }
    if (c == '"' || c == '\\') {
      char esc[2];
      esc[0] = '\\';
      esc[1] = (char)c;
      vl_tb_put(b, esc, 2);
    } else if (c == '\n') {
      vl_tb_put(b, "\\n", 2);
    } else if (c == '\t') {
      vl_tb_put(b, "\\t", 2);
    } else if (c == '\r') {
      vl_tb_put(b, "\\r", 2);
    } else if (c >= 0x80 && (k = vl_utf8_char(u + i, len - i)) > 0) {
      vl_tb_put(b, s + i, k);
      i += k;
      continue;
    } else {
      char esc[4];
      esc[0] = '\\';
      esc[1] = 'x';
      esc[2] = hexdigits[c >> 4];
      esc[3] = hexdigits[c & 15u];
      vl_tb_put(b, esc, 4);
    }
    i++;
  }
  vl_tb_putc(b, '"');
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

int vl_tb_unquote(const char **pp, const char *e, vl_tb *out, char why[96]) {
  const char *p = *pp + 1;   /* past the opening quote */
  while (p < e && *p != '"') {
    const char *run = p;
    char c;
    while (p < e && *p != '"' && *p != '\\') p++;
    vl_tb_put(out, run, (size_t)(p - run));
    if (p == e || *p == '"') break;
    p++;   /* the backslash */
    if (p == e) break;
    c = *p++;
    switch (c) {
    case '"': case '\\': vl_tb_putc(out, c); break;
    case 'n': vl_tb_putc(out, '\n'); break;
    case 't': vl_tb_putc(out, '\t'); break;
    case 'r': vl_tb_putc(out, '\r'); break;
    case 'x':
      if (e - p < 2 || hexval(p[0]) < 0 || hexval(p[1]) < 0) {
        snprintf(why, 96, "\\x needs two lower-case hex digits");
        return -1;
      }
      vl_tb_putc(out, (char)(hexval(p[0]) * 16 + hexval(p[1])));
      p += 2;
      break;
    default:
      snprintf(why, 96, "unknown escape '\\%c' (\\\" \\\\ \\n \\t \\r \\xHH)", c);
      return -1;
    }
  }
  if (p >= e) {
    snprintf(why, 96, "a string without its closing quote");
    return -1;
  }
  *pp = p + 1;
  return 0;
}
