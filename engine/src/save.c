/*
** save.c -- the save file: the header and journal in memory, their text, the SHA-256 checksum
** (nettle), the atomic write, the reader that refuses a truncated, changed or foreign file,
** the content check, and the append-only autosave. save.h holds the contracts, docs/formats.md
** "The save file" the format.
*/
#include "volley/save.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "arena.h"
#include "textbuf.h"

#ifndef VOLLEY_VERSION
#define VOLLEY_VERSION "unknown"
#endif


struct vl_save {
  vl_arena arena;          /* every string and array of the header and the entries */
  vl_save_header h;
  vl_save_entry *entries;  /* malloc'd */
  size_t n, cap;
  int finished;
  size_t body;             /* parsed saves: bytes before the checksum line / cut-off tail */
  const char *last_side, *last_request;   /* the last answer's (in the arena), shared */
};

/* ---- checks -------------------------------------------------------------------------------- */

/* [A-Za-z0-9_./-]+ of any length */
static int is_bare(const char *s) {
  if (s == NULL || *s == '\0') return 0;
  for (; *s; s++) {
    char c = *s;
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '.' || c == '/' || c == '-'))
      return 0;
  }
  return 1;
}

/* A word: [A-Za-z0-9_./-]+, at most VL_SAVE_WORD_MAX bytes */
static int is_word(const char *s) {
  return is_bare(s) && strlen(s) <= VL_SAVE_WORD_MAX;
}

/* [a-z0-9-]+ segments joined by '/', at most VL_SAVE_WORD_MAX bytes */
static int is_scenario_id(const char *s) {
  int seg = 0;
  if (s == NULL || *s == '\0' || strlen(s) > VL_SAVE_WORD_MAX) return 0;
  for (; *s; s++) {
    if (*s == '/') {
      if (seg == 0) return 0;
      seg = 0;
    } else if ((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '-') {
      seg++;
    } else {
      return 0;
    }
  }
  return seg > 0;
}

/* n lower-case hex digits and nothing else */
static int is_hex(const char *s, size_t n) {
  size_t i;
  if (s == NULL) return 0;
  for (i = 0; i < n; i++)
    if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return 0;
  return s[n] == '\0';
}

/* A path: non-empty valid UTF-8 of at most VL_SAVE_PATH_MAX bytes. */
static int is_path(const char *s) {
  size_t n, i, k;
  if (s == NULL || *s == '\0') return 0;
  n = strlen(s);
  if (n > VL_SAVE_PATH_MAX) return 0;
  for (i = 0; i < n; i += k) {
    k = vl_utf8_char((const unsigned char *)s + i, n - i);
    if (k == 0) return 0;
  }
  return 1;
}

#define VL_STR_(x) #x
#define VL_STR(x) VL_STR_(x)
#define A_WORD "letters, digits and _ . / -, at most " VL_STR(VL_SAVE_WORD_MAX) " bytes"

/* msg made fit to print into out (size n): each control character (C0, DEL, C1) and each
** byte that is not part of valid UTF-8 becomes U+FFFD, as volley.core.text.clean does; cut
** at a character boundary when out is full. A message may quote a token of a save from
** someone else: it never carries a terminal escape or a line end of theirs. */
static void clean_into(char *out, size_t n, const char *msg) {
  const unsigned char *u = (const unsigned char *)msg;
  size_t i = 0, o = 0, len = strlen(msg);
  while (i < len) {
    size_t k = vl_utf8_char(u + i, len - i);
    unsigned c = u[i];
    int ctl = k == 0 || c < 0x20 || c == 0x7f || (c == 0xC2 && k == 2 && u[i + 1] < 0xA0);
    const char *put = ctl ? "\xEF\xBF\xBD" : msg + i;
    size_t m = ctl ? 3 : k;
    if (o + m + 1 > n) break;
    memcpy(out + o, put, m);
    o += m;
    i += k ? k : 1;
  }
  out[o] = '\0';
}

/* vl_error_set with the message cleaned (clean_into). */
static int set_clean(vl_error *err, int code, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 5, 6)))
#endif
  ;

static int set_clean(vl_error *err, int code, const char *file, int line, const char *fmt, ...) {
  char raw[VL_ERROR_MSG_MAX], msg[VL_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  clean_into(msg, sizeof msg, raw);
  return vl_error_set(err, code, file, line, "%s", msg);
}

/* An EINVAL naming the value (at most 60 bytes of it: a value refused for its length may be
** long), cleaned. */
static int bad(vl_error *err, const char *fmt, const char *what) {
  char shown[64];
  if (what == NULL) what = "(null)";
  if (strlen(what) > 60) {
    memcpy(shown, what, 57);
    memcpy(shown + 57, "...", 4);
    what = shown;
  }
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
  return set_clean(err, VL_EINVAL, NULL, 0, fmt, what);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
}

static int check_header(const vl_save_header *h, vl_error *err) {
  size_t i;
  if (h->n_files > VL_SAVE_LIST_MAX || h->n_options > VL_SAVE_LIST_MAX ||
      h->n_mods > VL_SAVE_LIST_MAX || h->n_bots > VL_SAVE_LIST_MAX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "more than %d files, options, mods or bots",
                        VL_SAVE_LIST_MAX);
  if (h->volley != NULL && !is_word(h->volley)) return bad(err, "volley version '%s' is not a word (" A_WORD ")", h->volley);
  if (!is_scenario_id(h->scenario) && !is_path(h->scenario))
    return bad(err, "scenario '%s' is neither an id nor a path (non-empty UTF-8, at most "
                    VL_STR(VL_SAVE_PATH_MAX) " bytes)", h->scenario);
  for (i = 0; i < h->n_files; i++) {
    const vl_save_file *f = &h->files[i];
    if (f->role == NULL || (strcmp(f->role, "scenario") != 0 && strcmp(f->role, "system") != 0))
      return bad(err, "file role '%s' is neither scenario nor system", f->role);
    if (!is_path(f->path)) return bad(err, "file path '%s' is not UTF-8 text of at most " VL_STR(VL_SAVE_PATH_MAX) " bytes", f->path);
    if (!is_hex(f->sha256, 64)) return bad(err, "%s: the sha256 is not 64 lower-case hex digits", f->path);
  }
  for (i = 0; i < h->n_options; i++) {
    const vl_save_option *o = &h->options[i];
    if (!is_word(o->name)) return bad(err, "option name '%s' is not a word (" A_WORD ")", o->name);
    if (!is_path(o->path)) return bad(err, "option path '%s' is not UTF-8 text of at most " VL_STR(VL_SAVE_PATH_MAX) " bytes", o->path);
    if (!is_hex(o->sha256, 64)) return bad(err, "%s: the sha256 is not 64 lower-case hex digits", o->path);
  }
  for (i = 0; i < h->n_mods; i++) {
    if (!is_path(h->mods[i].path)) return bad(err, "mod path '%s' is not UTF-8 text of at most " VL_STR(VL_SAVE_PATH_MAX) " bytes", h->mods[i].path);
    if (!is_hex(h->mods[i].sha256, 64))
      return bad(err, "%s: the sha256 is not 64 lower-case hex digits", h->mods[i].path);
  }
  if (h->seed >= VL_DICE_SEED_LIMIT)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "seed %llu is out of range (0 to 2^53 - 1)",
                        (unsigned long long)h->seed);
  if (h->undo == NULL || (strcmp(h->undo, "strict") != 0 && strcmp(h->undo, "solo") != 0))
    return bad(err, "undo policy '%s' is neither strict nor solo", h->undo);
  for (i = 0; i < h->n_bots; i++) {
    if (!is_word(h->bots[i].side)) return bad(err, "bot side '%s' is not a word (" A_WORD ")", h->bots[i].side);
    if (!is_word(h->bots[i].name)) return bad(err, "bot name '%s' is not a word (" A_WORD ")", h->bots[i].name);
  }
  if (h->cap < 1 || h->cap > (UINT64_C(1) << 53))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "cap %llu is out of range (1 to 2^53)",
                        (unsigned long long)h->cap);
  if (!is_word(h->view)) return bad(err, "view '%s' is not a word (" A_WORD ")", h->view);
  return VL_OK;
}

static int check_entry(const vl_save_entry *e, vl_error *err) {
  if (!is_hex(e->state_hash, 16))
    return bad(err, "state hash '%s' is not 16 lower-case hex digits", e->state_hash);
  if (e->kind == VL_SAVE_ANSWER) {
    if (!is_word(e->side)) return bad(err, "answer side '%s' is not a word (" A_WORD ")", e->side);
    if (!is_word(e->request)) return bad(err, "request kind '%s' is not a word (" A_WORD ")", e->request);
    if (e->vtype == VL_SAVE_INT && !vl_value_int_ok(e->ival))
      return vl_error_set(err, VL_EINVAL, NULL, 0, "answer %lld is beyond 2^53", (long long)e->ival);
    if (e->vtype == VL_SAVE_BOOL && e->ival != 0 && e->ival != 1)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a boolean answer is 0 or 1");
    if (e->vtype == VL_SAVE_STR && e->sval == NULL && e->slen > 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a string answer without its text");
    if (e->vtype == VL_SAVE_STR && e->slen > VL_SAVE_ANSWER_MAX)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "a string answer of %zu bytes (at most %d)",
                          e->slen, VL_SAVE_ANSWER_MAX);
    if (e->vtype < VL_SAVE_INT || e->vtype > VL_SAVE_STR)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown answer type %d", e->vtype);
    return VL_OK;
  }
  if (e->kind == VL_SAVE_FORCED) {
    int lo = e->die == VL_DICE_D10 ? 0 : 1, hi, k, n = e->die == VL_DICE_2D6 ? 2 : 1;
    switch (e->die) {
    case VL_DICE_D6: case VL_DICE_2D6: hi = 6; break;
    case VL_DICE_D10: hi = 9; break;
    case VL_DICE_DN:
      if (e->sides < 2) return vl_error_set(err, VL_EINVAL, NULL, 0, "a dN has 2 faces or more");
      hi = e->sides;
      break;
    default: return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown die kind %d", e->die);
    }
    for (k = 0; k < n; k++)
      if (e->faces[k] < lo || e->faces[k] > hi)
        return vl_error_set(err, VL_EINVAL, NULL, 0, "forced face %d is out of range (%d-%d)",
                            e->faces[k], lo, hi);
    return VL_OK;
  }
  return vl_error_set(err, VL_EINVAL, NULL, 0, "unknown journal line kind %d", e->kind);
}

/* ---- the save in memory -------------------------------------------------------------------- */

static char *sdup(vl_save *s, const char *t) {
  return vl_arena_strndup(&s->arena, t, strlen(t));
}

vl_save *vl_save_new(const vl_save_header *h, vl_error *err) {
  vl_save *s;
  size_t i;
  int rc = check_header(h, err);
  if (rc != VL_OK) return NULL;
  s = calloc(1, sizeof *s);
  if (s == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
  s->finished = 1;
  s->h = *h;
  s->h.format = VL_SAVE_FORMAT;
  s->h.volley = sdup(s, h->volley ? h->volley : VOLLEY_VERSION);
  s->h.scenario = sdup(s, h->scenario);
  s->h.undo = sdup(s, h->undo);
  s->h.view = sdup(s, h->view);
  if (!s->h.volley || !s->h.scenario || !s->h.undo || !s->h.view) goto nomem;
  if (h->n_files > 0) {
    vl_save_file *f = vl_arena_alloc(&s->arena, sizeof *f * h->n_files);
    if (f == NULL) goto nomem;
    for (i = 0; i < h->n_files; i++) {
      f[i] = h->files[i];
      f[i].role = sdup(s, h->files[i].role);
      f[i].path = sdup(s, h->files[i].path);
      if (!f[i].role || !f[i].path) goto nomem;
    }
    s->h.files = f;
  }
  if (h->n_options > 0) {
    vl_save_option *o = vl_arena_alloc(&s->arena, sizeof *o * h->n_options);
    if (o == NULL) goto nomem;
    for (i = 0; i < h->n_options; i++) {
      o[i] = h->options[i];
      o[i].name = sdup(s, h->options[i].name);
      o[i].path = sdup(s, h->options[i].path);
      if (!o[i].name || !o[i].path) goto nomem;
    }
    s->h.options = o;
  }
  if (h->n_mods > 0) {
    vl_save_mod *m = vl_arena_alloc(&s->arena, sizeof *m * h->n_mods);
    if (m == NULL) goto nomem;
    for (i = 0; i < h->n_mods; i++) {
      m[i] = h->mods[i];
      m[i].path = sdup(s, h->mods[i].path);
      if (!m[i].path) goto nomem;
    }
    s->h.mods = m;
  }
  if (h->n_bots > 0) {
    vl_save_bot *b = vl_arena_alloc(&s->arena, sizeof *b * h->n_bots);
    if (b == NULL) goto nomem;
    for (i = 0; i < h->n_bots; i++) {
      b[i].side = sdup(s, h->bots[i].side);
      b[i].name = sdup(s, h->bots[i].name);
      if (!b[i].side || !b[i].name) goto nomem;
    }
    s->h.bots = b;
  }
  return s;
nomem:
  vl_save_free(s);
  vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  return NULL;
}

void vl_save_free(vl_save *s) {
  if (s == NULL) return;
  vl_arena_free(&s->arena);
  free(s->entries);
  free(s);
}

int vl_save_append(vl_save *s, const vl_save_entry *e, vl_error *err) {
  vl_save_entry c;
  int rc = check_entry(e, err);
  if (rc != VL_OK) return rc;
  if (s->n >= VL_SAVE_LINES_MAX)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "more than %d journal lines (the most a save holds)",
                        VL_SAVE_LINES_MAX);
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    vl_save_entry *p = realloc(s->entries, sizeof *p * cap);
    if (p == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
    s->entries = p;
    s->cap = cap;
  }
  c = *e;
  if (e->kind == VL_SAVE_ANSWER) {
    /* the sides and kinds repeat: the last answer's strings are shared */
    c.side = s->last_side && strcmp(s->last_side, e->side) == 0 ? s->last_side : sdup(s, e->side);
    c.request = s->last_request && strcmp(s->last_request, e->request) == 0 ? s->last_request
                                                                           : sdup(s, e->request);
    s->last_side = c.side;
    s->last_request = c.request;
    c.sval = NULL;
    c.slen = 0;
    if (e->vtype == VL_SAVE_STR) {
      c.sval = vl_arena_strndup(&s->arena, e->sval ? e->sval : "", e->slen);
      c.slen = e->slen;
      if (c.sval == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
    }
    if (!c.side || !c.request) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  } else {
    c.side = c.request = c.sval = NULL;
    c.slen = 0;
    if (c.die != VL_DICE_2D6) c.faces[1] = 0;
    if (c.die != VL_DICE_DN) c.sides = c.die == VL_DICE_D10 ? 10 : 6;
  }
  s->entries[s->n++] = c;
  return VL_OK;
}

const vl_save_header *vl_save_header_of(const vl_save *s) { return &s->h; }
size_t vl_save_count(const vl_save *s) { return s->n; }
const vl_save_entry *vl_save_entry_at(const vl_save *s, size_t i) {
  return i < s->n ? &s->entries[i] : NULL;
}
int vl_save_finished(const vl_save *s) { return s->finished; }

/* ---- the text ------------------------------------------------------------------------------ */

/* A path or a word: bare when it is [A-Za-z0-9_./-]+, else quoted. */
static void put_token(vl_tb *b, const char *s) {
  if (is_word(s)) vl_tb_puts(b, s);
  else vl_tb_quoted(b, s, strlen(s));
}

static void put_header(vl_tb *b, const vl_save_header *h) {
  size_t i;
  vl_tb_puts(b, "volley-save ");
  vl_tb_u64(b, VL_SAVE_FORMAT);
  vl_tb_puts(b, "\nvolley ");
  vl_tb_puts(b, h->volley);
  vl_tb_puts(b, "\nscenario ");
  if (is_scenario_id(h->scenario)) vl_tb_puts(b, h->scenario);   /* an id (or an id-like path) */
  else vl_tb_quoted(b, h->scenario, strlen(h->scenario));       /* a path: always quoted */
  vl_tb_putc(b, '\n');
  for (i = 0; i < h->n_files; i++) {
    vl_tb_puts(b, "file ");
    vl_tb_puts(b, h->files[i].role);
    vl_tb_putc(b, ' ');
    put_token(b, h->files[i].path);
    vl_tb_puts(b, " sha256 ");
    vl_tb_puts(b, h->files[i].sha256);
    vl_tb_putc(b, '\n');
  }
  for (i = 0; i < h->n_options; i++) {
    vl_tb_puts(b, "option ");
    vl_tb_puts(b, h->options[i].name);
    vl_tb_putc(b, ' ');
    put_token(b, h->options[i].path);
    vl_tb_puts(b, " sha256 ");
    vl_tb_puts(b, h->options[i].sha256);
    vl_tb_putc(b, '\n');
  }
  for (i = 0; i < h->n_mods; i++) {
    vl_tb_puts(b, "mod ");
    put_token(b, h->mods[i].path);
    vl_tb_puts(b, " sha256 ");
    vl_tb_puts(b, h->mods[i].sha256);
    vl_tb_putc(b, '\n');
  }
  vl_tb_puts(b, "seed ");
  vl_tb_u64(b, h->seed);
  vl_tb_puts(b, "\nundo ");
  vl_tb_puts(b, h->undo);
  vl_tb_putc(b, '\n');
  for (i = 0; i < h->n_bots; i++) {
    vl_tb_puts(b, "bot ");
    vl_tb_puts(b, h->bots[i].side);
    vl_tb_putc(b, ' ');
    vl_tb_puts(b, h->bots[i].name);
    vl_tb_putc(b, '\n');
  }
  vl_tb_puts(b, "cap ");
  vl_tb_u64(b, h->cap);
  vl_tb_puts(b, "\nview ");
  vl_tb_puts(b, h->view);
  vl_tb_putc(b, '\n');
}

static void put_entry(vl_tb *b, const vl_save_entry *e) {
  if (e->kind == VL_SAVE_ANSWER) {
    vl_tb_puts(b, "answer ");
    vl_tb_puts(b, e->side);
    vl_tb_putc(b, ' ');
    vl_tb_puts(b, e->request);
    vl_tb_putc(b, ' ');
    if (e->vtype == VL_SAVE_INT) vl_tb_i64(b, e->ival);
    else if (e->vtype == VL_SAVE_BOOL) vl_tb_puts(b, e->ival ? "true" : "false");
    else vl_tb_quoted(b, e->sval ? e->sval : "", e->slen);
  } else {
    vl_tb_puts(b, "forced ");
    switch (e->die) {
    case VL_DICE_D6: vl_tb_puts(b, "d6"); break;
    case VL_DICE_D10: vl_tb_puts(b, "d10"); break;
    case VL_DICE_2D6: vl_tb_puts(b, "2d6"); break;
    default:
      vl_tb_puts(b, "dn");
      vl_tb_i64(b, e->sides);
      break;
    }
    vl_tb_putc(b, ' ');
    vl_tb_i64(b, e->faces[0]);
    if (e->die == VL_DICE_2D6) {
      vl_tb_putc(b, ' ');
      vl_tb_i64(b, e->faces[1]);
    }
  }
  vl_tb_puts(b, " state ");
  vl_tb_puts(b, e->state_hash);
  vl_tb_puts(b, " rolls ");
  vl_tb_u64(b, e->rolls);
  vl_tb_putc(b, '\n');
}

void vl_save_sha256(const void *data, size_t len, char out[VL_SHA256_MAX]) {
  static const char digits[] = "0123456789abcdef";
  struct sha256_ctx ctx;
  uint8_t d[SHA256_DIGEST_SIZE];
  int i;
  sha256_init(&ctx);
  sha256_update(&ctx, len, data);
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
  for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
    out[2 * i] = digits[d[i] >> 4];
    out[2 * i + 1] = digits[d[i] & 15u];
  }
  out[64] = '\0';
}

/* The header and journal lines, without the checksum. */
static void put_body(vl_tb *b, const vl_save *s) {
  size_t i;
  put_header(b, &s->h);
  for (i = 0; i < s->n; i++) put_entry(b, &s->entries[i]);
}

char *vl_save_text(const vl_save *s, size_t *len) {
  vl_tb b;
  size_t body;
  memset(&b, 0, sizeof b);
  put_body(&b, s);
  body = b.n;
  if (!b.oom) {
    char hex[VL_SHA256_MAX];
    vl_save_sha256(b.p, body, hex);
    vl_tb_puts(&b, "checksum sha256 ");
    vl_tb_puts(&b, hex);
    vl_tb_putc(&b, '\n');
  }
  if (vl_tb_text(&b) == NULL) {
    free(b.p);
    return NULL;
  }
  if (len != NULL) *len = b.n;
  return b.p;
}

/* ---- files --------------------------------------------------------------------------------- */

static int io_error(vl_error *err, const char *what, const char *path, int e) {
  char why[128];
  if (strerror_r(e, why, sizeof why) != 0) snprintf(why, sizeof why, "error %d", e);
  return vl_error_set(err, VL_EIO, path, 0, "cannot %s '%s': %s", what, path, why);
}

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* The directory of path ("." for a bare name), malloc'd. */
static char *dir_of(const char *path) {
  const char *slash = strrchr(path, '/');
  char *d;
  if (slash == NULL) return strdup(".");
  if (slash == path) return strdup("/");
  d = malloc((size_t)(slash - path) + 1);
  if (d == NULL) return NULL;
  memcpy(d, path, (size_t)(slash - path));
  d[slash - path] = '\0';
  return d;
}

/* fsync of a directory, so a rename or a new name in it is on disk. */
static int sync_dir(const char *path, vl_error *err) {
  char *dir = dir_of(path);
  int fd, rc = VL_OK;
  if (dir == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) rc = io_error(err, "open the directory", dir, errno);
  else if (fsync(fd) != 0 && errno != EINVAL) rc = io_error(err, "sync the directory", dir, errno);
  if (fd >= 0) close(fd);
  free(dir);
  return rc;
}

/* path's temporary twin: ".<name>.tmp" in the same directory. */
static char *temp_of(const char *path) {
  const char *slash = strrchr(path, '/');
  size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0, n = strlen(path) + 6;
  char *t = malloc(n);
  if (t == NULL) return NULL;
  memcpy(t, path, dirlen);
  snprintf(t + dirlen, n - dirlen, ".%s.tmp", path + dirlen);
  return t;
}

/* 1 when the regular file at path may be replaced by a save: empty, or a save already (it
** begins "volley-save "). Anything else -- notes.txt, a map.ini, a mod typed by mistake after
** `save` -- is kept. A file that cannot be read is left to the write to report. */
static int replaceable(const char *path) {
  static const char magic[] = "volley-save ";
  char head[sizeof magic - 1];
  ssize_t got;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return 1;
  got = read(fd, head, sizeof head);
  close(fd);
  return got <= 0 || ((size_t)got == sizeof head && memcmp(head, magic, sizeof head) == 0);
}

#define NOT_A_SAVE "not a volley save, so not replaced (remove it or give another name)"

static int write_atomic(const char *path, const char *text, size_t len, vl_error *err) {
  char *tmp;
  const char *stall;
  int fd, rc;
  struct stat st;
  /* A save replaces a save: never rename over a device, a directory or a link's target. */
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return vl_error_set(err, VL_EIO, path, 0, "not a regular file: a save would replace it");
  if (!replaceable(path)) return vl_error_set(err, VL_EIO, path, 0, NOT_A_SAVE);
  tmp = temp_of(path);
  if (tmp == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  /* A stale temporary file (a crash between write and rename) is removed when it is a
  ** regular file; anything else there (a link planted to make the save write elsewhere, a
  ** folder) is refused. The file is then created new: O_EXCL never follows a link. */
  if (lstat(tmp, &st) == 0) {
    if (!S_ISREG(st.st_mode)) {
      rc = vl_error_set(err, VL_EIO, tmp, 0,
                        "cannot create '%s': it exists and is not a regular file (remove it)", tmp);
      free(tmp);
      return rc;
    }
    if (unlink(tmp) != 0 && errno != ENOENT) {
      rc = io_error(err, "remove the stale", tmp, errno);
      free(tmp);
      return rc;
    }
  }
  fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    rc = io_error(err, "create", tmp, errno);
    free(tmp);
    return rc;
  }
  if (write_all(fd, text, len) != 0 || fsync(fd) != 0) {
    rc = io_error(err, "write", tmp, errno);
    close(fd);
    unlink(tmp);
    free(tmp);
    return rc;
  }
  if (close(fd) != 0) {
    rc = io_error(err, "write", tmp, errno);
    unlink(tmp);
    free(tmp);
    return rc;
  }
  stall = getenv("VOLLEY_TEST_SAVE_STALL");
  if (stall != NULL && strcmp(stall, "1") == 0) raise(SIGSTOP);   /* crash tests: stop here */
  if (rename(tmp, path) != 0) {
    rc = io_error(err, "rename the temporary file onto", path, errno);
    unlink(tmp);
    free(tmp);
    return rc;
  }
  free(tmp);
  return sync_dir(path, err);
}

int vl_save_check_target(const char *path, vl_error *err) {
  const char *slash, *base;
  char *dir;
  struct stat st;
  int rc = VL_OK;
  if (path == NULL || *path == '\0') return vl_error_set(err, VL_EINVAL, NULL, 0, "an empty file name");
  slash = strrchr(path, '/');
  base = slash ? slash + 1 : path;
  if (*base == '\0' || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "a folder, not a file name");
  if (strlen(base) + 5 > NAME_MAX)   /* ".<name>.tmp" must fit too */
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "the file name is too long (%zu bytes; at most %d)", strlen(base),
                        NAME_MAX - 5);
  if (lstat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) return vl_error_set(err, VL_EINVAL, NULL, 0, "is a directory");
    if (!S_ISREG(st.st_mode))
      return vl_error_set(err, VL_EINVAL, NULL, 0, "not a regular file: a save would replace it");
  }
  dir = dir_of(path);
  if (dir == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  if (stat(dir, &st) != 0) {
    char why[128];
    if (strerror_r(errno, why, sizeof why) != 0) snprintf(why, sizeof why, "error %d", errno);
    rc = vl_error_set(err, VL_EIO, NULL, 0, "cannot write in the folder %s (%s)", dir, why);
  } else if (!S_ISDIR(st.st_mode)) {
    rc = vl_error_set(err, VL_EIO, NULL, 0, "cannot write in %s (not a folder)", dir);
  } else if (access(dir, W_OK | X_OK) != 0) {
    char why[128];
    if (strerror_r(errno, why, sizeof why) != 0) snprintf(why, sizeof why, "error %d", errno);
    rc = vl_error_set(err, VL_EIO, NULL, 0, "cannot write in the folder %s (%s)", dir, why);
  }
  free(dir);
  return rc;
}

#define TOO_LARGE "the save would be larger than 64 MiB (the most a save holds)"

int vl_save_write(const vl_save *s, const char *path, vl_error *err) {
  size_t len;
  char *text = vl_save_text(s, &len);
  int rc;
  if (text == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  if (len > VL_SAVE_SIZE_MAX) {
    free(text);
    return vl_error_set(err, VL_EINVAL, NULL, 0, TOO_LARGE);
  }
  rc = write_atomic(path, text, len, err);
  free(text);
  return rc;
}

#define TOO_BIG "larger than 64 MiB, the most a save holds"

/* The whole of the open file fd from where it stands (its start, just opened), malloc'd
** (NUL-terminated), its length in *len; fd stays open. path names it in errors. */
static char *read_fd(int fd, const char *path, size_t *len, vl_error *err) {
  struct stat sb;
  char *buf;
  size_t n = 0, cap;
  if (fstat(fd, &sb) != 0) return io_error(err, "read", path, errno), NULL;
  if (S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode))   /* /dev/zero: a GiB read for nothing */
    return vl_error_set(err, VL_EIO, path, 0, "cannot read '%s': a device, not a file", path), NULL;
  if (!S_ISREG(sb.st_mode))   /* a FIFO or a socket: nothing a save is written as */
    return vl_error_set(err, VL_EIO, path, 0, "cannot read '%s': not a regular file", path), NULL;
  if ((uint64_t)sb.st_size > VL_SAVE_SIZE_MAX)
    return vl_error_set(err, VL_EIO, path, 0, "cannot read '%s': " TOO_BIG, path), NULL;
  cap = (size_t)sb.st_size + 1;
  buf = malloc(cap);
  if (buf == NULL) return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
  for (;;) {
    ssize_t r;
    if (n + 1 == cap) {   /* the file grew while being read */
      char *p;
      if (cap > VL_SAVE_SIZE_MAX) {
        free(buf);
        return vl_error_set(err, VL_EIO, path, 0, "cannot read '%s': " TOO_BIG, path), NULL;
      }
      p = realloc(buf, cap * 2);
      if (p == NULL) {
        free(buf);
        return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
      }
      buf = p;
      cap *= 2;
    }
    r = read(fd, buf + n, cap - 1 - n);
    if (r < 0) {
      if (errno == EINTR) continue;
      io_error(err, "read", path, errno);
      free(buf);
      return NULL;
    }
    if (r == 0) break;
    n += (size_t)r;
  }
  buf[n] = '\0';
  *len = n;
  return buf;
}

/* The whole file, malloc'd (NUL-terminated), its length in *len. Opened without blocking: a
** FIFO named as a save is refused (read_fd), never waited on. */
static char *read_file(const char *path, size_t *len, vl_error *err) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  char *buf;
  if (fd < 0) return io_error(err, "read", path, errno), NULL;
  buf = read_fd(fd, path, len, err);
  close(fd);
  return buf;
}

int vl_save_hash_file(const char *path, char out[VL_SHA256_MAX], vl_error *err) {
  static const char digits[] = "0123456789abcdef";
  struct sha256_ctx ctx;
  struct stat sb;
  uint8_t d[SHA256_DIGEST_SIZE];
  char buf[65536];
  int i, fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);   /* a FIFO is not waited on */
  if (fd < 0) return io_error(err, "read", path, errno);
  if (fstat(fd, &sb) != 0) {
    i = io_error(err, "read", path, errno);
    close(fd);
    return i;
  }
  if (!S_ISREG(sb.st_mode)) {   /* a FIFO, a device, a folder: not a file a game reads */
    close(fd);
    return vl_error_set(err, VL_EIO, path, 0, "cannot read '%s': not a regular file", path);
  }
  sha256_init(&ctx);
  for (;;) {   /* streamed: a file of any size hashes in a fixed buffer */
    ssize_t r = read(fd, buf, sizeof buf);
    if (r < 0) {
      if (errno == EINTR) continue;
      i = io_error(err, "read", path, errno);
      close(fd);
      return i;
    }
    if (r == 0) break;
    sha256_update(&ctx, (size_t)r, (const uint8_t *)buf);
  }
  close(fd);
  sha256_digest(&ctx, SHA256_DIGEST_SIZE, d);
  for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
    out[2 * i] = digits[d[i] >> 4];
    out[2 * i + 1] = digits[d[i] & 15u];
  }
  out[64] = '\0';
  return VL_OK;
}

/* ---- reading ------------------------------------------------------------------------------- */

#define TOKEN_MAX (VL_SAVE_WORD_MAX + 1)   /* a bare token and its NUL */

typedef struct reader {
  const char *name;
  vl_error *err;
  int line;
  const char *p, *e;   /* the rest of the current line */
  vl_arena tmp;        /* header strings until vl_save_new copies them */
  vl_tb str;           /* a decoded string */
} reader;

static int rfail(reader *rd, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 2, 3)))
#endif
  ;

static int rfail(reader *rd, const char *fmt, ...) {
  char raw[VL_ERROR_MSG_MAX], msg[VL_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  clean_into(msg, sizeof msg, raw);   /* a token of the file quoted: never an escape of theirs */
  return vl_error_set(rd->err, VL_EPARSE, rd->name, rd->line, "%s", msg);
}

/* Decodes the quoted string at rd->p into rd->str (see vl_tb_unquote), which must be written
** as the writer writes it (vl_tb_quoted: controls and bytes that are not UTF-8 escaped, nothing
** else), so that a save read writes back to the same text. VL_OK, or the error reported. */
static int runquote(reader *rd) {
  const char *start = rd->p;
  char why[96];
  vl_tb again;
  int same;
  rd->str.n = 0;
  if (vl_tb_unquote(&rd->p, rd->e, &rd->str, why) != 0) return rfail(rd, "%s", why);
  if (rd->str.oom) return vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory");
  memset(&again, 0, sizeof again);
  vl_tb_quoted(&again, rd->str.p ? rd->str.p : "", rd->str.n);
  if (again.oom) {
    free(again.p);
    return vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory");
  }
  same = again.n == (size_t)(rd->p - start) && memcmp(again.p, start, again.n) == 0;
  free(again.p);
  if (!same)
    return rfail(rd, "a string not written as volley writes it (a control byte or a byte that "
                     "is not UTF-8 escaped as \\xHH, and no other escape)");
  return VL_OK;
}

/* The next bare token (up to a space or the end of the line) into tok, and its space. */
static int rtoken(reader *rd, char tok[TOKEN_MAX], const char *what) {
  const char *s = rd->p;
  size_t n;
  while (rd->p < rd->e && *rd->p != ' ') rd->p++;
  n = (size_t)(rd->p - s);
  if (n == 0) return rfail(rd, "%s expected", what);
  if (n >= TOKEN_MAX) return rfail(rd, "%s is longer than %d bytes", what, TOKEN_MAX - 1);
  /* a NUL would end the token early: what was read would not be what is written back */
  if (memchr(s, '\0', n) != NULL) return rfail(rd, "%s holds a NUL byte", what);
  memcpy(tok, s, n);
  tok[n] = '\0';
  if (rd->p < rd->e) rd->p++;
  return VL_OK;
}

/* A bare or quoted token (a path), decoded into the arena; NULL on error (reported). */
static const char *rstring(reader *rd, const char *what, int scenario) {
  const char *out;
  if (rd->p < rd->e && *rd->p == '"') {
    if (runquote(rd) != VL_OK) return NULL;
    if (rd->p < rd->e) {
      if (*rd->p != ' ') return rfail(rd, "a space expected after the string"), NULL;
      rd->p++;
    }
    if (rd->str.oom) return vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
    if (memchr(rd->str.p ? rd->str.p : "", '\0', rd->str.n) != NULL)
      return rfail(rd, "%s holds a NUL byte", what), NULL;
    if (rd->str.n > VL_SAVE_PATH_MAX)
      return rfail(rd, "%s of %zu bytes (at most %d)", what, rd->str.n, VL_SAVE_PATH_MAX), NULL;
    out = vl_arena_strndup(&rd->tmp, rd->str.p ? rd->str.p : "", rd->str.n);
    /* written bare by the writer (put_token, put_header): quoted, it would not read back as
    ** the same text */
    if (out != NULL && (scenario ? is_scenario_id(out) : is_word(out)))
      return rfail(rd, "%s quoted that volley writes bare", what), NULL;
  } else {
    char tok[TOKEN_MAX];
    if (rtoken(rd, tok, what) != VL_OK) return NULL;
    if (!is_path(tok)) return rfail(rd, "%s is not UTF-8 text", what), NULL;
    if (!is_word(tok))   /* the writer quotes it */
      return rfail(rd, "%s bare that volley writes quoted (only [A-Za-z0-9_./-] is bare)",
                   what), NULL;
    out = vl_arena_strndup(&rd->tmp, tok, strlen(tok));
  }
  if (out == NULL) vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory");
  return out;
}

static const char *rword(reader *rd, const char *what) {
  char tok[TOKEN_MAX];
  const char *out;
  if (rtoken(rd, tok, what) != VL_OK) return NULL;
  if (!is_word(tok)) return rfail(rd, "%s '%s' is not a word (" A_WORD ")", what, tok), NULL;
  out = vl_arena_strndup(&rd->tmp, tok, strlen(tok));
  if (out == NULL) vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory");
  return out;
}

static int rkeyword(reader *rd, const char *w) {
  char tok[TOKEN_MAX];
  if (rtoken(rd, tok, w) != VL_OK) return rfail(rd, "'%s' expected", w);
  if (strcmp(tok, w) != 0) return rfail(rd, "'%s' expected, not '%s'", w, tok);
  return VL_OK;
}

static int rend(reader *rd) {
  if (rd->p == rd->e) return VL_OK;
  return rfail(rd, "unexpected '%.*s' at the end of the line",
               (int)(rd->e - rd->p < 40 ? rd->e - rd->p : 40), rd->p);
}

static int ru64(reader *rd, uint64_t max, uint64_t *out, const char *what) {
  char tok[TOKEN_MAX], *q;
  uint64_t v = 0;
  if (rtoken(rd, tok, what) != VL_OK) return rd->err->code;
  if (tok[0] < '0' || tok[0] > '9' || (tok[0] == '0' && tok[1] != '\0'))
    return rfail(rd, "%s '%s' is not a decimal integer", what, tok);
  for (q = tok; *q; q++) {
    if (*q < '0' || *q > '9') return rfail(rd, "%s '%s' is not a decimal integer", what, tok);
    if (v > (max - (uint64_t)(*q - '0')) / 10) return rfail(rd, "%s %s is out of range", what, tok);
    v = v * 10 + (uint64_t)(*q - '0');
  }
  *out = v;
  return VL_OK;
}

/* "sha256 <64 hex>" into out */
static int rsha(reader *rd, char out[VL_SHA256_MAX]) {
  char tok[TOKEN_MAX];
  int rc = rkeyword(rd, "sha256");
  if (rc != VL_OK) return rc;
  if ((rc = rtoken(rd, tok, "a sha256")) != VL_OK) return rc;
  if (!is_hex(tok, 64)) return rfail(rd, "'%.70s' is not 64 lower-case hex digits", tok);
  memcpy(out, tok, VL_SHA256_MAX);
  return VL_OK;
}

/* A growing array of n items of size sz, in a malloc'd block. */
static void *grow(void *p, size_t *cap, size_t n, size_t sz) {
  void *q;
  if (n < *cap) return p;
  *cap = *cap ? *cap * 2 : 8;
  q = realloc(p, *cap * sz);
  if (q == NULL) free(p);
  return q;
}

/* The journal line at rd into e (strings in rd->str / rd->tmp). */
static int rentry(reader *rd, const char *kw, vl_save_entry *e) {
  char tok[TOKEN_MAX];
  int rc;
  memset(e, 0, sizeof *e);
  if (strcmp(kw, "answer") == 0) {
    e->kind = VL_SAVE_ANSWER;
    if ((e->side = rword(rd, "a side")) == NULL || (e->request = rword(rd, "a request kind")) == NULL)
      return rd->err->code;
    if (rd->p < rd->e && *rd->p == '"') {
      if ((rc = runquote(rd)) != VL_OK) return rc;
      if (rd->p < rd->e && *rd->p++ != ' ') return rfail(rd, "a space expected after the string");
      if (rd->str.n > VL_SAVE_ANSWER_MAX)
        return rfail(rd, "a string answer of %zu bytes (at most %d)", rd->str.n, VL_SAVE_ANSWER_MAX);
      e->vtype = VL_SAVE_STR;
      e->sval = rd->str.p ? rd->str.p : "";
      e->slen = rd->str.n;
    } else {
      if ((rc = rtoken(rd, tok, "an answer")) != VL_OK) return rc;
      if (strcmp(tok, "true") == 0 || strcmp(tok, "false") == 0) {
        e->vtype = VL_SAVE_BOOL;
        e->ival = tok[0] == 't';
      } else {
        const char *q = tok + (tok[0] == '-');
        uint64_t v = 0;
        if (*q < '0' || *q > '9' || (q[0] == '0' && (q[1] != '\0' || tok[0] == '-')))
          return rfail(rd, "'%s' is not an answer (an integer, true, false or a quoted string)", tok);
        for (; *q; q++) {
          if (*q < '0' || *q > '9' || v > UINT64_C(9007199254740992) / 10)
            return rfail(rd, "'%s' is not an answer (an integer, true, false or a quoted string)", tok);
          v = v * 10 + (uint64_t)(*q - '0');
        }
        if (v > UINT64_C(9007199254740992)) return rfail(rd, "answer %s is beyond 2^53", tok);
        e->vtype = VL_SAVE_INT;
        e->ival = tok[0] == '-' ? -(int64_t)v : (int64_t)v;
      }
    }
  } else {
    int k, nf;
    uint64_t v;
    e->kind = VL_SAVE_FORCED;
    if ((rc = rtoken(rd, tok, "a die")) != VL_OK) return rc;
    if (strcmp(tok, "d6") == 0) {
      e->die = VL_DICE_D6;
    } else if (strcmp(tok, "d10") == 0) {
      e->die = VL_DICE_D10;
    } else if (strcmp(tok, "2d6") == 0) {
      e->die = VL_DICE_2D6;
    } else {
      const char *q = tok + 2;
      v = 0;
      if (strncmp(tok, "dn", 2) != 0 || *q < '1' || *q > '9')
        return rfail(rd, "unknown die '%s' (d6, d10, 2d6, dn<N>)", tok);
      for (; *q >= '0' && *q <= '9' && v <= VL_DICE_N_MAX; q++) v = v * 10 + (uint64_t)(*q - '0');
      if (*q != '\0' || v < 2 || v > VL_DICE_N_MAX)
        return rfail(rd, "unknown die '%s' (d6, d10, 2d6, dn<N>)", tok);
      e->die = VL_DICE_DN;
      e->sides = (int)v;
    }
    nf = e->die == VL_DICE_2D6 ? 2 : 1;
    for (k = 0; k < nf; k++) {
      if ((rc = ru64(rd, VL_DICE_N_MAX, &v, "a face")) != VL_OK) return rc;
      e->faces[k] = (int)v;
    }
  }
  if ((rc = rkeyword(rd, "state")) != VL_OK || (rc = rtoken(rd, tok, "a state hash")) != VL_OK)
    return rc;
  if (!is_hex(tok, 16)) return rfail(rd, "state hash '%.40s' is not 16 lower-case hex digits", tok);
  memcpy(e->state_hash, tok, VL_STATE_HASH_MAX);
  if ((rc = rkeyword(rd, "rolls")) != VL_OK || (rc = ru64(rd, UINT64_MAX, &e->rolls, "a roll count")) != VL_OK)
    return rc;
  return rend(rd);
}

/* The header's lines in their order; `many` may repeat (or be absent). */
static const struct {
  const char *kw;
  int many;
} header_lines[] = {
  {"volley", 0}, {"scenario", 0}, {"file", 1}, {"option", 1}, {"mod", 1},
  {"seed", 0},   {"undo", 0},     {"bot", 1},  {"cap", 0},    {"view", 0},
};
#define HEADER_LINES ((int)(sizeof header_lines / sizeof header_lines[0]))

typedef struct hbuild {
  vl_save_header h;
  vl_save_file *files;
  vl_save_option *options;
  vl_save_mod *mods;
  vl_save_bot *bots;
  size_t cap_files, cap_options, cap_mods, cap_bots;
  int pos, seen[HEADER_LINES + 1];   /* pos HEADER_LINES: the journal */
} hbuild;

/* Moves the header's position to line kind k: refuses a line out of order or a missing one. */
static int header_step(reader *rd, hbuild *hb, int k) {
  int j;
  if (k < HEADER_LINES && (k < hb->pos || (k == hb->pos && hb->seen[k] && !header_lines[k].many)))
    return rfail(rd, "'%s' line out of place (the header's order: volley, scenario, file, option, "
                     "mod, seed, undo, bot, cap, view)", header_lines[k].kw);
  for (j = hb->pos; j < k; j++)
    if (!header_lines[j].many && !hb->seen[j]) return rfail(rd, "the '%s' line is missing", header_lines[j].kw);
  hb->pos = k;
  hb->seen[k] = 1;
  return VL_OK;
}

static int nomem_r(reader *rd) {
  return vl_error_set(rd->err, VL_ENOMEM, NULL, 0, "not enough memory");
}

/* One header line of kind k. */
static int header_line(reader *rd, hbuild *hb, int k) {
  char tok[TOKEN_MAX];
  uint64_t v;
  int rc;
  if ((k == 2 && hb->h.n_files >= VL_SAVE_LIST_MAX) || (k == 3 && hb->h.n_options >= VL_SAVE_LIST_MAX) ||
      (k == 4 && hb->h.n_mods >= VL_SAVE_LIST_MAX) || (k == 7 && hb->h.n_bots >= VL_SAVE_LIST_MAX))
    return rfail(rd, "more than %d '%s' lines", VL_SAVE_LIST_MAX, header_lines[k].kw);
  switch (k) {
  case 0:
    if ((hb->h.volley = rword(rd, "a volley version")) == NULL) return rd->err->code;
    break;
  case 1:
    if (rd->p < rd->e && *rd->p == '"') {   /* a path the scenario was opened by */
      if ((hb->h.scenario = rstring(rd, "a scenario path", 1)) == NULL) return rd->err->code;
      if (!is_path(hb->h.scenario)) return rfail(rd, "a scenario path is not UTF-8 text");
      break;
    }
    if ((rc = rtoken(rd, tok, "a scenario id")) != VL_OK) return rc;
    if (!is_scenario_id(tok))
      return rfail(rd, "scenario id '%s' is not lower-case [a-z0-9-] segments joined by '/'", tok);
    if ((hb->h.scenario = vl_arena_strndup(&rd->tmp, tok, strlen(tok))) == NULL) return nomem_r(rd);
    break;
  case 2: {
    vl_save_file *f;
    if ((hb->files = grow(hb->files, &hb->cap_files, hb->h.n_files, sizeof *f)) == NULL) return nomem_r(rd);
    f = &hb->files[hb->h.n_files];
    if ((rc = rtoken(rd, tok, "a file role")) != VL_OK) return rc;
    if (strcmp(tok, "scenario") != 0 && strcmp(tok, "system") != 0)
      return rfail(rd, "file role '%s' is neither scenario nor system", tok);
    f->role = strcmp(tok, "scenario") == 0 ? "scenario" : "system";
    if ((f->path = rstring(rd, "a file path", 0)) == NULL) return rd->err->code;
    if ((rc = rsha(rd, f->sha256)) != VL_OK) return rc;
    hb->h.n_files++;
    break;
  }
  case 3: {
    vl_save_option *o;
    if ((hb->options = grow(hb->options, &hb->cap_options, hb->h.n_options, sizeof *o)) == NULL)
      return nomem_r(rd);
    o = &hb->options[hb->h.n_options];
    if ((o->name = rword(rd, "an option name")) == NULL || (o->path = rstring(rd, "an option path", 0)) == NULL)
      return rd->err->code;
    if ((rc = rsha(rd, o->sha256)) != VL_OK) return rc;
    hb->h.n_options++;
    break;
  }
  case 4: {
    vl_save_mod *m;
    if ((hb->mods = grow(hb->mods, &hb->cap_mods, hb->h.n_mods, sizeof *m)) == NULL) return nomem_r(rd);
    m = &hb->mods[hb->h.n_mods];
    if ((m->path = rstring(rd, "a mod path", 0)) == NULL) return rd->err->code;
    if ((rc = rsha(rd, m->sha256)) != VL_OK) return rc;
    hb->h.n_mods++;
    break;
  }
  case 5:
    if ((rc = ru64(rd, VL_DICE_SEED_LIMIT - 1, &hb->h.seed, "the seed")) != VL_OK) return rc;
    break;
  case 6:
    if ((rc = rtoken(rd, tok, "an undo policy")) != VL_OK) return rc;
    if (strcmp(tok, "strict") != 0 && strcmp(tok, "solo") != 0)
      return rfail(rd, "undo policy '%s' is neither strict nor solo", tok);
    hb->h.undo = tok[1] == 't' ? "strict" : "solo";
    break;
  case 7: {
    vl_save_bot *b;
    if ((hb->bots = grow(hb->bots, &hb->cap_bots, hb->h.n_bots, sizeof *b)) == NULL) return nomem_r(rd);
    b = &hb->bots[hb->h.n_bots];
    if ((b->side = rword(rd, "a side")) == NULL || (b->name = rword(rd, "a bot name")) == NULL)
      return rd->err->code;
    hb->h.n_bots++;
    break;
  }
  case 8:
    if ((rc = ru64(rd, UINT64_C(1) << 53, &v, "the cap")) != VL_OK) return rc;
    if (v < 1) return rfail(rd, "the cap is 1 or more");
    hb->h.cap = v;
    break;
  default:
    if ((hb->h.view = rword(rd, "a view")) == NULL) return rd->err->code;
    break;
  }
  return rend(rd);
}

/* The header built so far as a save (its arrays and strings copied). */
static vl_save *make_save(reader *rd, hbuild *hb) {
  vl_error e;
  vl_save *s;
  hb->h.files = hb->files;
  hb->h.options = hb->options;
  hb->h.mods = hb->mods;
  hb->h.bots = hb->bots;
  s = vl_save_new(&hb->h, &e);
  if (s == NULL) {
    if (e.code == VL_ENOMEM) nomem_r(rd);
    else rfail(rd, "%s", e.msg);
  }
  return s;
}

/* Counts the lines of text[0..n) (the number of the line at n). */
static int line_at(const char *text, size_t n) {
  int line = 1;
  size_t i;
  for (i = 0; i < n; i++)
    if (text[i] == '\n') line++;
  return line;
}

vl_save *vl_save_parse(const char *text, size_t len, const char *name, unsigned flags,
                       vl_error *err) {
  reader rd;
  hbuild hb;
  vl_error local;
  vl_save *s = NULL;
  size_t body = len, last;
  const char *p, *nl;
  int finished = 0;
  char tok[TOKEN_MAX];
  memset(&rd, 0, sizeof rd);
  memset(&hb, 0, sizeof hb);
  rd.name = name;
  rd.err = err ? err : &local;
  rd.line = 1;
  if (len > VL_SAVE_SIZE_MAX) {
    rd.line = 0;
    rfail(&rd, TOO_BIG);
    return NULL;
  }
  /* the format version first: another format may end in another way */
  nl = memchr(text, '\n', len);
  rd.p = text;
  rd.e = nl ? nl : text + len;
  if (len == 0 || rtoken(&rd, tok, "'volley-save'") != VL_OK || strcmp(tok, "volley-save") != 0) {
    rfail(&rd, "not a volley save (the first line is not 'volley-save %d')", VL_SAVE_FORMAT);
    return NULL;
  }
  if (rtoken(&rd, tok, "a format version") != VL_OK) return NULL;
  if (strcmp(tok, "1") != 0) {
    rfail(&rd, "format version %.20s is not supported (this volley reads version %d)", tok,
          VL_SAVE_FORMAT);
    return NULL;
  }
  if (rend(&rd) != VL_OK) return NULL;
  /* the end: a whole last line, which is the checksum */
  if (text[len - 1] != '\n') {
    if (!(flags & VL_SAVE_UNFINISHED)) {
      rd.line = line_at(text, len);
      rfail(&rd, "truncated: the last line is cut short");
      return NULL;
    }
    while (body > 0 && text[body - 1] != '\n') body--;   /* drop the cut-off line */
  }
  last = body;
  if (last > 0) last--;
  while (last > 0 && text[last - 1] != '\n') last--;   /* the start of the last whole line */
  rd.line = line_at(text, last);
  if (body - last > 9 && memcmp(text + last, "checksum ", 9) == 0) {
    char want[VL_SHA256_MAX];
    rd.p = text + last + 9;
    rd.e = text + body - 1;
    if (rkeyword(&rd, "sha256") != VL_OK || rtoken(&rd, tok, "the checksum") != VL_OK ||
        !is_hex(tok, 64) || rend(&rd) != VL_OK) {
      rfail(&rd, "malformed checksum line (expected 'checksum sha256 <64 hex digits>')");
      return NULL;
    }
    vl_save_sha256(text, last, want);
    if (strcmp(want, tok) != 0) {
      rfail(&rd, "checksum mismatch: the file has changed since it was written");
      return NULL;
    }
    finished = 1;
    body = last;
  } else if (!(flags & VL_SAVE_UNFINISHED)) {
    rd.line = line_at(text, body);
    rfail(&rd, "truncated: the file does not end with its checksum line");
    return NULL;
  }
  /* the lines */
  for (p = text, rd.line = 1; p < text + body; rd.line++) {
    int k;
    nl = memchr(p, '\n', (size_t)(text + body - p));
    rd.p = p;
    rd.e = nl;
    p = nl + 1;
    if (rd.line == 1) continue;   /* volley-save, read above */
    if ((size_t)(rd.e - rd.p) > VL_SAVE_LINE_MAX) {   /* refused before any of it is decoded */
      rfail(&rd, "line too long (%zu bytes; at most %d)", (size_t)(rd.e - rd.p), VL_SAVE_LINE_MAX);
      goto fail;
    }
    if (rd.e > rd.p && rd.e[-1] == '\r') {
      rfail(&rd, "a carriage return ends the line (lines end with LF only)");
      goto fail;
    }
    if (rtoken(&rd, tok, "a line") != VL_OK) goto fail;
    if (strcmp(tok, "answer") == 0 || strcmp(tok, "forced") == 0) {
      vl_save_entry e;
      vl_error e2;
      if (s == NULL) {
        if (header_step(&rd, &hb, HEADER_LINES) != VL_OK || (s = make_save(&rd, &hb)) == NULL) goto fail;
      }
      if (rentry(&rd, tok, &e) != VL_OK) goto fail;
      if (vl_save_append(s, &e, &e2) != VL_OK) {
        if (e2.code == VL_ENOMEM) nomem_r(&rd);
        else rfail(&rd, "%s", e2.msg);
        goto fail;
      }
      continue;
    }
    if (strcmp(tok, "checksum") == 0) {
      rfail(&rd, "a checksum line before the end");
      goto fail;
    }
    for (k = 0; k < HEADER_LINES && strcmp(tok, header_lines[k].kw) != 0; k++) {}
    if (k == HEADER_LINES) {
      rfail(&rd, "unknown line '%.40s'", tok);
      goto fail;
    }
    if (s != NULL) {
      rfail(&rd, "'%s' line after the journal began", tok);
      goto fail;
    }
    if (header_step(&rd, &hb, k) != VL_OK || header_line(&rd, &hb, k) != VL_OK) goto fail;
  }
  if (s == NULL) {
    rd.line = line_at(text, body);
    if (header_step(&rd, &hb, HEADER_LINES) != VL_OK) {
      if (!finished) rfail(&rd, "truncated: the header is incomplete");
      goto fail;
    }
    if ((s = make_save(&rd, &hb)) == NULL) goto fail;
  }
  s->finished = finished;
  s->body = body;
  goto done;
fail:
  vl_save_free(s);
  s = NULL;
done:
  free(hb.files);
  free(hb.options);
  free(hb.mods);
  free(hb.bots);
  free(rd.str.p);
  vl_arena_free(&rd.tmp);
  return s;
}

vl_save *vl_save_read(const char *path, unsigned flags, vl_error *err) {
  size_t len;
  char *text = read_file(path, &len, err);
  vl_save *s;
  if (text == NULL) return NULL;
  s = vl_save_parse(text, len, path, flags, err);
  free(text);
  return s;
}

/* ---- the content check --------------------------------------------------------------------- */

int vl_save_check(const vl_save *s, const vl_save_header *now, vl_error *err) {
  const vl_save_header *h = &s->h;
  size_t i, j;
  if (now->scenario == NULL || strcmp(h->scenario, now->scenario) != 0)
    return set_clean(err, VL_EINVAL, NULL, 0, "the game was saved with scenario %s, not %s",
                        h->scenario, now->scenario ? now->scenario : "(none)");
  for (i = 0; i < h->n_files; i++) {
    for (j = 0; j < now->n_files && strcmp(h->files[i].path, now->files[j].path) != 0; j++) {}
    if (j == now->n_files)
      return set_clean(err, VL_EINVAL, NULL, 0, "%s (a %s file of the save) is no longer part of the game",
                          h->files[i].path, h->files[i].role);
    if (strcmp(h->files[i].sha256, now->files[j].sha256) != 0)
      return set_clean(err, VL_EINVAL, NULL, 0, "%s has changed since the game was saved",
                          h->files[i].path);
  }
  for (j = 0; j < now->n_files; j++) {
    for (i = 0; i < h->n_files && strcmp(h->files[i].path, now->files[j].path) != 0; i++) {}
    if (i == h->n_files)
      return set_clean(err, VL_EINVAL, NULL, 0, "%s is new since the game was saved",
                          now->files[j].path);
  }
  for (i = 0; i < h->n_options || i < now->n_options; i++) {
    if (i >= now->n_options)
      return set_clean(err, VL_EINVAL, NULL, 0, "the game was saved with option %s",
                          h->options[i].name);
    if (i >= h->n_options || strcmp(h->options[i].name, now->options[i].name) != 0)
      return set_clean(err, VL_EINVAL, NULL, 0, "option %s was not chosen in the saved game",
                          now->options[i].name);
    if (strcmp(h->options[i].sha256, now->options[i].sha256) != 0)
      return set_clean(err, VL_EINVAL, NULL, 0, "%s (option %s) has changed since the game was saved",
                          now->options[i].path, now->options[i].name);
  }
  for (i = 0; i < h->n_mods || i < now->n_mods; i++) {
    if (i >= now->n_mods)
      return set_clean(err, VL_EINVAL, NULL, 0, "the game was saved with mod %s", h->mods[i].path);
    if (i >= h->n_mods || strcmp(h->mods[i].path, now->mods[i].path) != 0)
      return set_clean(err, VL_EINVAL, NULL, 0, "mod %s was not in the saved game (or not in this order)",
                          now->mods[i].path);
    if (strcmp(h->mods[i].sha256, now->mods[i].sha256) != 0)
      return set_clean(err, VL_EINVAL, NULL, 0, "%s (a mod) has changed since the game was saved",
                          now->mods[i].path);
  }
  return VL_OK;
}

/* ---- the autosave -------------------------------------------------------------------------- */

struct vl_autosave {
  int fd;
  char *path;
  struct sha256_ctx sha;   /* every byte written so far */
  size_t bytes;            /* how many */
  size_t lines;            /* journal lines */
};

/* The checksum line's length, LF included. */
#define CHECKSUM_LINE (16 + 64 + 1)

/* Takes the write lock of an autosave's open descriptor (a POSIX record lock on the whole
** file, held until the descriptor closes): one process at a time appends to a game. Two
** `volley play --resume` of the same game once both appended to it, and the file became
** two games that neither could replay. A file system without locks (ENOLCK) goes without. */
static int lock_autosave(int fd, const char *path, vl_error *err) {
  struct flock fl;
  memset(&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  if (fcntl(fd, F_SETLK, &fl) == 0) return VL_OK;
  if (errno == EACCES || errno == EAGAIN)
    return vl_error_set(err, VL_EIO, path, 0,
                        "another volley is playing this game now (its autosave is in use)");
  if (errno == ENOLCK || errno == EINVAL) return VL_OK;
  return io_error(err, "lock", path, errno);
}

static vl_autosave *autosave_of(int fd, const char *path, const char *text, size_t len,
                                vl_error *err) {
  vl_autosave *a = calloc(1, sizeof *a);
  if (a != NULL) a->path = strdup(path);
  if (a == NULL || a->path == NULL) {
    if (a != NULL) free(a);
    close(fd);
    vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
    return NULL;
  }
  a->fd = fd;
  a->bytes = len;
  sha256_init(&a->sha);
  sha256_update(&a->sha, len, (const uint8_t *)text);
  return a;
}

vl_autosave *vl_autosave_create(const char *path, const vl_save *s, vl_error *err) {
  vl_tb b;
  int fd;
  vl_autosave *a;
  memset(&b, 0, sizeof b);
  put_body(&b, s);
  if (vl_tb_text(&b) == NULL) {
    free(b.p);
    return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory"), NULL;
  }
  if (b.n + CHECKSUM_LINE > VL_SAVE_SIZE_MAX) {
    free(b.p);
    return vl_error_set(err, VL_EINVAL, NULL, 0, TOO_LARGE), NULL;
  }
  fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    io_error(err, "create the autosave", path, errno);
    free(b.p);
    return NULL;
  }
  if (lock_autosave(fd, path, err) != VL_OK) {
    close(fd);
    free(b.p);
    return NULL;
  }
  if (write_all(fd, b.p, b.n) != 0 || fsync(fd) != 0) {
    io_error(err, "write", path, errno);
    close(fd);
    unlink(path);
    free(b.p);
    return NULL;
  }
  if (sync_dir(path, err) != VL_OK) {
    close(fd);
    free(b.p);
    return NULL;
  }
  a = autosave_of(fd, path, b.p, b.n, err);
  free(b.p);
  if (a != NULL) a->lines = s->n;
  return a;
}

vl_autosave *vl_autosave_resume(const char *path, vl_save **out, vl_error *err) {
  size_t len;
  char *text;
  vl_save *s;
  vl_autosave *a;
  int fd;
  *out = NULL;
  /* locked before it is read: what is read is what no other process appends to any more */
  fd = open(path, O_RDWR | O_APPEND | O_CLOEXEC);
  if (fd < 0) {
    io_error(err, "reopen the autosave", path, errno);
    return NULL;
  }
  if (lock_autosave(fd, path, err) != VL_OK) {
    close(fd);
    return NULL;
  }
  text = read_fd(fd, path, &len, err);
  if (text == NULL) {
    close(fd);
    return NULL;
  }
  s = vl_save_parse(text, len, path, VL_SAVE_UNFINISHED, err);
  if (s == NULL) {
    close(fd);
    free(text);
    return NULL;
  }
  if (ftruncate(fd, (off_t)s->body) != 0 || fsync(fd) != 0) {
    io_error(err, "reopen the autosave", path, errno);
    close(fd);
    vl_save_free(s);
    free(text);
    return NULL;
  }
  a = autosave_of(fd, path, text, s->body, err);
  free(text);
  if (a == NULL) {
    vl_save_free(s);
    return NULL;
  }
  s->finished = 0;
  a->lines = s->n;
  *out = s;
  return a;
}

int vl_autosave_write(vl_autosave *a, const vl_save_entry *e, vl_error *err) {
  vl_tb b;
  int rc = check_entry(e, err);
  if (rc != VL_OK) return rc;
  memset(&b, 0, sizeof b);
  put_entry(&b, e);
  if (b.oom) {
    free(b.p);
    return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
  }
  if (a->bytes + b.n + CHECKSUM_LINE > VL_SAVE_SIZE_MAX) {   /* nothing written */
    free(b.p);
    return vl_error_set(err, VL_EINVAL, NULL, 0, TOO_LARGE);
  }
  if (a->lines >= VL_SAVE_LINES_MAX) {
    free(b.p);
    return vl_error_set(err, VL_EINVAL, NULL, 0, "more than %d journal lines (the most a save holds)",
                        VL_SAVE_LINES_MAX);
  }
  if (write_all(a->fd, b.p, b.n) != 0) {
    rc = io_error(err, "append to the autosave", a->path, errno);
    free(b.p);
    return rc;
  }
  sha256_update(&a->sha, b.n, (const uint8_t *)b.p);
  a->bytes += b.n;
  a->lines++;
  free(b.p);
  return VL_OK;
}

int vl_autosave_sync(vl_autosave *a, vl_error *err) {
  if (fdatasync(a->fd) != 0) return io_error(err, "append to the autosave", a->path, errno);
  return VL_OK;
}

int vl_autosave_append(vl_autosave *a, const vl_save_entry *e, vl_error *err) {
  int rc = vl_autosave_write(a, e, err);
  if (rc != VL_OK) return rc;
  return vl_autosave_sync(a, err);
}

int vl_autosave_close(vl_autosave *a, vl_error *err) {
  static const char digits[] = "0123456789abcdef";
  char line[16 + 64 + 2];
  uint8_t d[SHA256_DIGEST_SIZE];
  int i, rc = VL_OK;
  sha256_digest(&a->sha, SHA256_DIGEST_SIZE, d);
  memcpy(line, "checksum sha256 ", 16);
  for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
    line[16 + 2 * i] = digits[d[i] >> 4];
    line[16 + 2 * i + 1] = digits[d[i] & 15u];
  }
  line[16 + 64] = '\n';
  if (write_all(a->fd, line, sizeof line - 1) != 0 || fdatasync(a->fd) != 0)
    rc = io_error(err, "close the autosave", a->path, errno);
  if (close(a->fd) != 0 && rc == VL_OK) rc = io_error(err, "close the autosave", a->path, errno);
  free(a->path);
  free(a);
  return rc;
}

void vl_autosave_abandon(vl_autosave *a) {
  if (a == NULL) return;
  close(a->fd);
  free(a->path);
  free(a);
}
