/*
** ini.c -- the INI reading layer: Debian's libinih driven through volley's own reader.
** The reader hands inih one checked line at a time and classifies it first exactly as inih
** will (comment, continuation, section header, key line), so that it knows what inih cannot
** tell the handler: the line number, whether a line continues a key, and the whole key.
** A refusal is recorded and the reader returns NULL, which inih takes for the end of the
** file; the parse is judged by the record, never by inih's return value alone.
*/
#include "volley/ini.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ini.h>

/* ---- a set of names seen so far, each with the line that first gave it ------------------ */

typedef struct seen_entry {
  char *name;  /* owned; NULL for an empty slot */
  int line;
} seen_entry;

typedef struct seen_set {
  size_t n, cap;  /* cap is 0 or a power of two */
  seen_entry *slots;
  uint32_t seed;  /* per parse: names crafted to collide under a fixed hash cannot be */
} seen_set;

/* FNV-1a over len bytes from a seeded start, its bits mixed at the end (the set uses the low
** ones). The seed comes from addresses and the time (as Lua's luai_makeseed), so a file
** cannot carry names found to collide (brute force finds thousands in a minute for a fixed
** hash), which would make its parse quadratic. Only the time of a lookup depends on it,
** never a result. */
static uint32_t name_hash(const char *s, size_t len, uint32_t seed) {
  uint32_t h = 2166136261u ^ seed;
  size_t i;
  for (i = 0; i < len; i++) {
    h ^= (unsigned char)s[i];
    h *= 16777619u;
  }
  h ^= h >> 16;
  h *= 0x45d9f3bu;
  return h ^ (h >> 16);
}

static void seen_free(seen_set *s) {
  size_t i;
  for (i = 0; i < s->cap; i++) free(s->slots[i].name);
  free(s->slots);
  s->slots = NULL;
  s->n = s->cap = 0;
}

/* The slot holding name, or the empty slot where it would go. cap must be nonzero. */
static seen_entry *seen_slot(seen_entry *slots, size_t cap, const char *name, size_t len,
                             uint32_t seed) {
  size_t i = name_hash(name, len, seed) & (cap - 1);
  while (slots[i].name != NULL &&
         !(strlen(slots[i].name) == len && memcmp(slots[i].name, name, len) == 0))
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

/* Adds name (len bytes) with line. Returns 0 when added, the first line when it was there
** already, -1 when out of memory. */
static int seen_add(seen_set *s, const char *name, size_t len, int line) {
  seen_entry *e;
  if (2 * (s->n + 1) > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64, i;
    seen_entry *slots = calloc(cap, sizeof *slots);
    if (slots == NULL) return -1;
    for (i = 0; i < s->cap; i++)
      if (s->slots[i].name != NULL)
        *seen_slot(slots, cap, s->slots[i].name, strlen(s->slots[i].name), s->seed) =
            s->slots[i];
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
  }
  e = seen_slot(s->slots, s->cap, name, len, s->seed);
  if (e->name != NULL) return e->line;
  e->name = malloc(len + 1);
  if (e->name == NULL) return -1;
  memcpy(e->name, name, len);
  e->name[len] = '\0';
  e->line = line;
  s->n++;
  return 0;
}

/* ---- the parse ----------------------------------------------------------------------------- */

typedef struct parse {
  const char *name;       /* the file's name, for messages */
  const char *data;       /* the text */
  size_t len, pos;        /* its length; the offset of the next line */
  int line;               /* lines handed out so far */
  int cont;               /* the line inih is processing continues `key` */
  int have_key;           /* a key line has come since the last section header */
  int have_section;       /* a section header has come */
  char section[VL_INI_MAX_NAME + 1];
  char key[VL_INI_MAX_NAME + 1];
  seen_set sections;      /* section names */
  seen_set keys;          /* "section\nkey" */
  vl_ini_handler h;
  void *user;
  int failed;             /* err holds the first error */
  vl_error err;
} parse;

/* Records a refusal at the current line. Returns NULL for the reader to return. */
static char *refuse(parse *p, int code, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

static char *refuse(parse *p, int code, const char *fmt, ...) {
  va_list ap;
  p->failed = 1;
  p->err.code = code;
  p->err.line = code == VL_ENOMEM ? 0 : p->line;
  snprintf(p->err.file, sizeof p->err.file, "%s", p->name);
  va_start(ap, fmt);
  vsnprintf(p->err.msg, sizeof p->err.msg, fmt, ap);
  va_end(ap);
  return NULL;
}

/* inih's whitespace: isspace in the C locale, on the byte as unsigned. */
static int blank(char c) { return isspace((unsigned char)c) != 0; }

/* The first byte of s (len bytes) that is in chars, or an inline comment (';' after a
** blank), or s + len: inih's ini_find_chars_or_comment with its build's options. */
static const char *find_chars_or_comment(const char *s, const char *end, const char *chars) {
  int was_blank = 0;
  while (s < end && !(chars != NULL && strchr(chars, *s) != NULL) &&
         !(was_blank && *s == ';')) {
    was_blank = blank(*s);
    s++;
  }
  return s;
}

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0 when it is invalid:
** overlong forms, surrogates and code points past U+10FFFF are invalid. */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  size_t k, i;
  unsigned long cp;
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) k = 2, cp = c & 0x1Fu;
  else if (c >= 0xE0 && c <= 0xEF) k = 3, cp = c & 0x0Fu;
  else if (c >= 0xF0 && c <= 0xF4) k = 4, cp = c & 0x07u;
  else return 0;
  if (n < k) return 0;
  for (i = 1; i < k; i++) {
    if ((s[i] & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (s[i] & 0x3Fu);
  }
  if ((k == 3 && cp < 0x800) || (k == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return k;
}

/* Calls the handler with an item; records its error. Returns 0 to go on. */
static int call(parse *p, vl_ini_event ev, const char *key, const char *value) {
  vl_ini_item it;
  int rc;
  it.event = ev;
  it.file = p->name;
  it.section = ev == VL_INI_END ? NULL : p->section;
  it.key = key;
  it.value = value;
  it.line = p->line > 0 ? p->line : 1;
  it.continuation = ev == VL_INI_VALUE && p->cont;
  rc = p->h(p->user, &it, &p->err);
  if (rc == VL_OK) return 0;
  p->failed = 1;
  if (p->err.code == VL_OK) p->err.code = rc;  /* a handler that forgot to fill err */
  return -1;
}

/* A section header: "[name]", optionally followed by blanks and a ';' comment. */
static char *section_line(parse *p, const char *start, const char *end) {
  const char *close = find_chars_or_comment(start + 1, end, "]"), *rest;
  size_t n;
  int first;
  if (close == end || *close != ']') return refuse(p, VL_EPARSE, "section header without ']'");
  n = (size_t)(close - (start + 1));
  for (rest = close + 1; rest < end && blank(*rest); rest++) {}
  if (rest < end && !(*rest == ';' && rest > close + 1))
    return refuse(p, VL_EPARSE, "text after ']' in a section header");
  if (n == 0) return refuse(p, VL_EPARSE, "empty section name");
  if (blank(start[1]) || blank(close[-1]))
    return refuse(p, VL_EPARSE, "blank inside the brackets of a section header");
  if (n > VL_INI_MAX_NAME)
    return refuse(p, VL_EPARSE, "section name longer than %d bytes", VL_INI_MAX_NAME);
  first = seen_add(&p->sections, start + 1, n, p->line);
  if (first < 0) return refuse(p, VL_ENOMEM, "out of memory");
  if (first > 0)
    return refuse(p, VL_EPARSE, "duplicate section [%.*s] (first at line %d)", (int)n, start + 1,
                  first);
  memcpy(p->section, start + 1, n);
  p->section[n] = '\0';
  p->have_section = 1;
  p->have_key = 0;
  if (call(p, VL_INI_SECTION, NULL, NULL) != 0) return NULL;
  return (char *)start;  /* non-NULL: go on */
}

/* A key line: "key = value". Records the key for later continuation lines. */
static char *key_line(parse *p, const char *start, const char *end) {
  const char *sep = find_chars_or_comment(start, end, "=:"), *k = sep;
  char joined[2 * VL_INI_MAX_NAME + 2];
  size_t n, slen;
  int first;
  if (sep == end || *sep == ';') return refuse(p, VL_EPARSE, "expected 'key = value'");
  if (*sep == ':') return refuse(p, VL_EPARSE, "a key cannot contain ':'");
  while (k > start && blank(k[-1])) k--;
  n = (size_t)(k - start);
  if (n == 0) return refuse(p, VL_EPARSE, "empty key");
  if (n > VL_INI_MAX_NAME) return refuse(p, VL_EPARSE, "key longer than %d bytes", VL_INI_MAX_NAME);
  if (!p->have_section)
    return refuse(p, VL_EPARSE, "key '%.*s' before any [section]", (int)n, start);
  slen = strlen(p->section);
  memcpy(joined, p->section, slen);
  joined[slen] = '\n';
  memcpy(joined + slen + 1, start, n);
  first = seen_add(&p->keys, joined, slen + 1 + n, p->line);
  if (first < 0) return refuse(p, VL_ENOMEM, "out of memory");
  if (first > 0)
    return refuse(p, VL_EPARSE, "duplicate key '%.*s' in [%s] (first at line %d)", (int)n, start,
                  p->section, first);
  memcpy(p->key, start, n);
  p->key[n] = '\0';
  p->have_key = 1;
  return (char *)start;
}

/* inih's reader: the next line, checked, with '\n' and NUL, into str (num bytes). */
static char *reader(char *str, int num, void *stream) {
  parse *p = stream;
  const char *s, *nl, *end, *start, *c;
  size_t n;
  if (p->failed || p->pos >= p->len) return NULL;
  s = p->data + p->pos;
  nl = memchr(s, '\n', p->len - p->pos);
  end = nl ? nl : p->data + p->len;
  p->pos = nl ? (size_t)(nl - p->data) + 1 : p->len;
  p->line++;
  p->cont = 0;
  if (end > s && end[-1] == '\r') end--;
  if (p->line == 1 && end - s >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) s += 3;  /* BOM */
  n = (size_t)(end - s);
  if (n > VL_INI_MAX_LINE || n + 2 > (size_t)num)
    return refuse(p, VL_EPARSE, "line too long (%zu bytes; at most %d)", n, VL_INI_MAX_LINE);
  for (c = s; c < end; c++) {
    size_t k;
    if (*c == '\0') return refuse(p, VL_EPARSE, "NUL byte at column %d", (int)(c - s) + 1);
    k = utf8_len((const unsigned char *)c, (size_t)(end - c));
    if (k == 0) return refuse(p, VL_EPARSE, "invalid UTF-8 at column %d", (int)(c - s) + 1);
    if (k == 1 && *c == '\r')  /* a line ends in LF or CRLF: a lone CR would hide text */
      return refuse(p, VL_EPARSE, "a carriage return at column %d", (int)(c - s) + 1);
    /* C0 (tab aside), DEL and C1: a title or a name reaches terminals and transcripts, where
    ** an escape sequence would repaint the screen or forge a line */
    if ((k == 1 && (((unsigned char)*c < 0x20 && *c != '\t') || *c == 0x7f)) ||
        (k == 2 && (unsigned char)c[0] == 0xC2 && (unsigned char)c[1] < 0xA0))
      return refuse(p, VL_EPARSE, "a control character (U+%04X) at column %d",
                    k == 1 ? (unsigned)(unsigned char)*c : (unsigned)(unsigned char)c[1],
                    (int)(c - s) + 1);
    if (k == 3 && memcmp(c, "\xEF\xBB\xBF", 3) == 0)  /* U+FEFF: invisible, never meant */
      return refuse(p, VL_EPARSE, "a byte-order mark (U+FEFF) at column %d: only the start of "
                    "the file may hold one", (int)(c - s) + 1);
    c += k - 1;
  }
  for (start = s; start < end && blank(*start); start++) {}
  if (start == end || *start == ';' || *start == '#') {
    /* blank line or comment: inih skips it */
  } else if (start > s) {
    if (!p->have_key) return refuse(p, VL_EPARSE, "indented line continues no key");
    p->cont = 1;
  } else if (*start == '[') {
    if (section_line(p, start, end) == NULL) return NULL;
  } else if (key_line(p, start, end) == NULL) {
    return NULL;
  }
  memcpy(str, s, n);
  str[n] = '\n';
  str[n + 1] = '\0';
  return str;
}

/* inih's handler: one key line or continuation line. inih 55 passes a continuation line
** with its inline comment (later releases strip it), so it is stripped here. */
static int on_value(void *user, const char *section, const char *name, const char *value) {
  parse *p = user;
  char buf[VL_INI_MAX_LINE + 1];
  (void)section;
  (void)name;  /* cut to 49 bytes on continuation lines: p->key is whole */
  if (p->failed) return 1;
  if (p->cont) {
    size_t n = strlen(value);
    const char *end;
    if (n > VL_INI_MAX_LINE) n = VL_INI_MAX_LINE;  /* cannot be: the reader refused it */
    end = find_chars_or_comment(value, value + n, NULL);
    while (end > value && blank(end[-1])) end--;
    memcpy(buf, value, (size_t)(end - value));
    buf[end - value] = '\0';
    value = buf;
  }
  call(p, VL_INI_VALUE, p->key, value);
  return 1;
}

int vl_ini_parse_buffer(const char *name, const char *data, size_t len, vl_ini_handler h,
                        void *user, vl_error *err) {
  parse p;
  int rc;
  memset(&p, 0, sizeof p);
  {
    uintptr_t a = (uintptr_t)&p ^ ((uintptr_t)data >> 4)   /* where the stack and heap lie */
                  ^ ((uintptr_t)time(NULL) * 2654435761u);  /* and when: no ASLR, still unknown */
    p.sections.seed = (uint32_t)(a ^ ((a >> 16) >> 16));
    p.keys.seed = p.sections.seed * 2654435761u;
  }
  p.name = name;
  p.data = data;
  p.len = len;
  p.h = h;
  p.user = user;
  rc = ini_parse_stream(reader, &p, on_value, &p);
  if (!p.failed && rc != 0) {  /* never expected: the reader classifies as inih does */
    p.line = rc;
    refuse(&p, VL_EPARSE, "malformed line");
  }
  if (!p.failed) call(&p, VL_INI_END, NULL, NULL);
  seen_free(&p.sections);
  seen_free(&p.keys);
  if (!p.failed) return VL_OK;
  if (err != NULL) *err = p.err;
  return p.err.code;
}

int vl_ini_parse_file(const char *path, vl_ini_handler h, void *user, vl_error *err) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t n = 0, cap = 0;
  int rc;
  if (f == NULL) return vl_error_set(err, VL_EIO, path, 0, "cannot open (%s)", strerror(errno));
  for (;;) {
    size_t k;
    if (n == cap) {
      char *b;
      if (cap >= (size_t)VL_INI_MAX_FILE) {
        free(buf);
        fclose(f);
        return vl_error_set(err, VL_EIO, path, 0, "file larger than %ld bytes", VL_INI_MAX_FILE);
      }
      cap = cap ? 2 * cap : 4096;
      b = realloc(buf, cap + 1);
      if (b == NULL) {
        free(buf);
        fclose(f);
        return vl_error_set(err, VL_ENOMEM, path, 0, "out of memory");
      }
      buf = b;
    }
    k = fread(buf + n, 1, cap - n, f);
    n += k;
    if (k == 0) break;
  }
  if (ferror(f)) {
    int e = errno;
    free(buf);
    fclose(f);
    return vl_error_set(err, VL_EIO, path, 0, "cannot read (%s)", strerror(e));
  }
  fclose(f);
  rc = vl_ini_parse_buffer(path, buf ? buf : "", n, h, user, err);
  free(buf);
  return rc;
}

int vl_ini_error(vl_error *err, const vl_ini_item *item, const char *fmt, ...) {
  va_list ap;
  if (err == NULL) return VL_EPARSE;
  err->code = VL_EPARSE;
  err->line = item->line;
  snprintf(err->file, sizeof err->file, "%s", item->file ? item->file : "");
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return VL_EPARSE;
}

const char *vl_ini_word(const char **cursor, size_t *len) {
  const char *s = *cursor, *w;
  while (*s == ' ' || *s == '\t') s++;
  if (*s == '\0') {
    *cursor = s;
    return NULL;
  }
  w = s;
  while (*s != '\0' && *s != ' ' && *s != '\t') s++;
  *len = (size_t)(s - w);
  *cursor = s;
  return w;
}
