/*
** lineread.c -- libedit at a terminal, getline elsewhere. The reader reaches libedit's
** callbacks (prompt, completion) through EL_CLIENTDATA; the one mutable global is the SIGINT
** flag DESIGN.md allows (Part B "The command line").
*/
#include "lineread.h"

#include <errno.h>
#include <histedit.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HISTORY_SIZE 1000

/* Set by the SIGINT handler while a line is read at a terminal (Ctrl-C). */
static volatile sig_atomic_t interrupted;

struct lineread_words {
  char **items;
  size_t n, cap;
};

struct lineread {
  FILE *in, *out;
  EditLine *el;        /* NULL when in is not a terminal */
  History *hist;
  const char *prompt;  /* the prompt of the current call, for prompt_fn */
  char *buf;           /* the line returned (getline's buffer, or a copy of libedit's) */
  size_t cap;
  char history_file[1024];
  int history_warned;  /* the history file could not be written (said once) */
  lineread_complete_fn complete;
  void *complete_ctx;
  char *tab_line;      /* the line before the cursor after the last Tab that left a choice */
};

int lineread_words_add(lineread_words *w, const char *word) {
  char *copy;
  if (w->n == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 16;
    char **items = realloc(w->items, cap * sizeof *items);
    if (items == NULL) return -1;
    w->items = items;
    w->cap = cap;
  }
  copy = strdup(word);
  if (copy == NULL) return -1;
  w->items[w->n++] = copy;
  return 0;
}

static void words_free(lineread_words *w) {
  size_t i;
  for (i = 0; i < w->n; i++) free(w->items[i]);
  free(w->items);
}

static void on_sigint(int sig) {
  (void)sig;
  interrupted = 1;
}

static char *prompt_fn(EditLine *el) {
  lineread *r = NULL;
  el_get(el, EL_CLIENTDATA, &r);
  return (char *)(r && r->prompt ? r->prompt : "");
}

/* mkdir -p for the directory part of path; errors show when the file is written. */
static void make_parent(const char *path) {
  char tmp[1024];
  char *p;
  snprintf(tmp, sizeof tmp, "%s", path);
  for (p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    mkdir(tmp, 0700);
    *p = '/';
  }
}

/* Fills r->history_file from $XDG_STATE_HOME (an absolute path, as the XDG spec asks) or
** $HOME; leaves it empty if neither is set. */
static void history_path(lineread *r) {
  const char *state = getenv("XDG_STATE_HOME");
  const char *home = getenv("HOME");
  r->history_file[0] = '\0';
  if (state != NULL && state[0] == '/')
    snprintf(r->history_file, sizeof r->history_file, "%s/volley/history", state);
  else if (home != NULL && home[0] != '\0')
    snprintf(r->history_file, sizeof r->history_file, "%s/.local/state/volley/history", home);
}

/* Rewrites the history file; a file that cannot be written is said once, on stderr. */
static void history_write(lineread *r) {
  HistEvent ev;
  if (r->hist == NULL || r->history_file[0] == '\0' || r->history_warned) return;
  make_parent(r->history_file);
  errno = 0;
  if (history(r->hist, &ev, H_SAVE, r->history_file) < 0) {
    int e = errno;
    fprintf(stderr, "volley: warning: cannot write the history file %s: %s\n",
            r->history_file, e ? strerror(e) : "error");
    r->history_warned = 1;
  }
}

/* A number from the environment (COLUMNS, LINES) when it is a positive one, else
** libedit's idea of the terminal's (cap "co" or "li"), else fallback. */
static int term_size(lineread *r, const char *env, const char *cap, int fallback) {
  const char *s = getenv(env);
  int n = 0;
  if (s != NULL && s[0] != '\0') {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == '\0' && v > 0 && v < 100000) return (int)v;
  }
  if (el_get(r->el, EL_GETTC, cap, &n, NULL) == 0 && n > 0) return n;
  return fallback;
}

/* Prints the candidates in columns, sorted down the columns as ls does, at most a screen:
** what does not fit is counted on a last line. */
static void list_words(lineread *r, const lineread_words *w) {
  int width = term_size(r, "COLUMNS", "co", 80), height = term_size(r, "LINES", "li", 24);
  size_t i, row, widest = 1, cols, rows, shown, max_rows;
  for (i = 0; i < w->n; i++) {
    size_t len = strlen(w->items[i]);
    if (len > widest) widest = len;
  }
  cols = (size_t)width / (widest + 2);
  if (cols == 0) cols = 1;
  max_rows = height > 3 ? (size_t)height - 3 : 1;
  shown = w->n;
  if ((shown + cols - 1) / cols > max_rows) shown = max_rows * cols;
  rows = (shown + cols - 1) / cols;
  fputc('\n', r->out);
  for (row = 0; row < rows; row++) {
    size_t col;
    for (col = 0; col < cols; col++) {
      size_t k = col * rows + row;
      if (k >= shown) break;
      if (col + 1 < cols && k + rows < shown)
        fprintf(r->out, "%-*s", (int)(widest + 2), w->items[k]);
      else
        fputs(w->items[k], r->out);
    }
    fputc('\n', r->out);
  }
  if (shown < w->n) fprintf(r->out, "... and %zu more (type a few letters)\n", w->n - shown);
  fflush(r->out);
}

static int by_string(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Tab: the candidates' common part after the word typed; the only candidate and a blank; a
** list on a second Tab that finds the line as the first left it. */
static unsigned char complete_fn(EditLine *el, int ch) {
  lineread *r = NULL;
  const LineInfo *li;
  lineread_words w = { NULL, 0, 0 };
  char *before;
  const char *word;
  size_t len, typed, common, i;
  unsigned char rc;
  (void)ch;
  el_get(el, EL_CLIENTDATA, &r);
  if (r == NULL || r->complete == NULL) return CC_REFRESH_BEEP;
  li = el_line(el);
  len = (size_t)(li->cursor - li->buffer);
  before = malloc(len + 1);
  if (before == NULL) return CC_REFRESH_BEEP;
  memcpy(before, li->buffer, len);
  before[len] = '\0';
  for (word = before + len; word > before && word[-1] != ' ' && word[-1] != '\t'; word--) {
  }
  typed = strlen(word);
  r->complete(r->complete_ctx, before, &w);
  for (i = 0; i < w.n;) {  /* only words that begin with the one typed */
    if (strncmp(w.items[i], word, typed) == 0) {
      i++;
    } else {
      free(w.items[i]);
      w.items[i] = w.items[--w.n];
    }
  }
  if (w.n == 0) {
    free(before);
    free(r->tab_line);
    r->tab_line = NULL;
    return CC_REFRESH_BEEP;
  }
  qsort(w.items, w.n, sizeof *w.items, by_string);
  common = strlen(w.items[0]);
  for (i = 1; i < w.n; i++) {
    size_t k = 0;
    while (k < common && w.items[i][k] == w.items[0][k]) k++;
    common = k;
  }
  rc = CC_REFRESH;
  if (w.n == 1) {
    char *tail = malloc(common - typed + 2);
    if (tail != NULL && common >= typed) {
      memcpy(tail, w.items[0] + typed, common - typed);
      tail[common - typed] = ' ';
      tail[common - typed + 1] = '\0';
      el_insertstr(el, tail);
    }
    free(tail);
    free(r->tab_line);
    r->tab_line = NULL;
  } else if (common > typed) {
    char *tail = malloc(common - typed + 1);
    char *now = malloc(len + common - typed + 1);
    if (tail != NULL && now != NULL) {
      memcpy(tail, w.items[0] + typed, common - typed);
      tail[common - typed] = '\0';
      el_insertstr(el, tail);
      snprintf(now, len + common - typed + 1, "%s%s", before, tail);
      free(r->tab_line);
      r->tab_line = now;
      now = NULL;
    }
    free(tail);
    free(now);
  } else if (r->tab_line != NULL && strcmp(r->tab_line, before) == 0) {
    list_words(r, &w);
    rc = CC_REDISPLAY;
  } else {
    free(r->tab_line);
    r->tab_line = before;
    before = NULL;
    rc = CC_REFRESH_BEEP;
  }
  free(before);
  words_free(&w);
  return rc;
}

lineread *lineread_open(const char *prog, FILE *in, FILE *out) {
  lineread *r = calloc(1, sizeof *r);
  HistEvent ev;
  const char *loc;
  if (r == NULL) return NULL;
  r->in = in;
  r->out = out;
  if (!isatty(fileno(in))) return r;
  /* UTF-8 input: libedit decides its character set from LC_CTYPE when it starts. */
  loc = setlocale(LC_CTYPE, "");
  if (loc == NULL || strcmp(loc, "C") == 0 || strcmp(loc, "POSIX") == 0)
    setlocale(LC_CTYPE, "C.UTF-8");
  r->el = el_init(prog, in, out, stderr);
  r->hist = history_init();
  if (r->el == NULL || r->hist == NULL) {
    lineread_close(r);
    return NULL;
  }
  history(r->hist, &ev, H_SETSIZE, HISTORY_SIZE);
  history(r->hist, &ev, H_SETUNIQUE, 1);
  history_path(r);
  if (r->history_file[0] != '\0') history(r->hist, &ev, H_LOAD, r->history_file);
  el_set(r->el, EL_CLIENTDATA, r);
  el_set(r->el, EL_PROMPT, prompt_fn);
  el_set(r->el, EL_EDITOR, "emacs");
  el_set(r->el, EL_HIST, history, r->hist);
  el_set(r->el, EL_SIGNAL, 1);
  el_set(r->el, EL_ADDFN, "volley-complete", "complete the word before the cursor",
         complete_fn);
  el_set(r->el, EL_BIND, "^I", "volley-complete", NULL);
  /* Ctrl-L clears the screen and redraws the line, as the prompt's `clear` does (emacs
  ** mode has it; bound here too, so a terminal without it still has it) */
  el_set(r->el, EL_BIND, "^L", "ed-clear-screen", NULL);
  el_source(r->el, NULL);  /* the player's ~/.editrc, as every libedit program */
  return r;
}

void lineread_set_complete(lineread *r, lineread_complete_fn fn, void *ctx) {
  r->complete = fn;
  r->complete_ctx = ctx;
}

/* el_gets with Ctrl-C cancelling the line: SIGINT, handled without SA_RESTART, makes the
** read fail with EINTR; the line typed so far is dropped and the prompt shown afresh. The
** handler is ours only while a line is read: Ctrl-C elsewhere does what it did before. */
static const char *edit_line(lineread *r, int *n) {
  struct sigaction sa, old;
  const char *line;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, &old);
  for (;;) {
    interrupted = 0;
    line = el_gets(r->el, n);
    if (!interrupted) break;
    fputs("^C\n", r->out);
    fflush(r->out);
    free(r->tab_line);
    r->tab_line = NULL;
  }
  sigaction(SIGINT, &old, NULL);
  return line;
}

const char *lineread_get(lineread *r, const char *prompt, int remember) {
  if (r->el != NULL) {
    int n = 0;
    const char *line;
    r->prompt = prompt;
    line = edit_line(r, &n);
    free(r->tab_line);
    r->tab_line = NULL;
    if (line == NULL || n <= 0) {
      fputc('\n', r->out);  /* Ctrl-D leaves the cursor after the prompt */
      fflush(r->out);
      return NULL;
    }
    free(r->buf);
    r->buf = strdup(line);
    if (r->buf == NULL) return NULL;
    r->buf[strcspn(r->buf, "\r\n")] = '\0';
    if (remember && r->buf[strspn(r->buf, " \t")] != '\0') {
      HistEvent ev;
      history(r->hist, &ev, H_ENTER, r->buf);
      history_write(r);
    }
    return r->buf;
  }
  errno = 0;
  if (getline(&r->buf, &r->cap, r->in) < 0) return NULL;
  r->buf[strcspn(r->buf, "\r\n")] = '\0';
  return r->buf;
}

void lineread_close(lineread *r) {
  if (r == NULL) return;
  if (r->hist != NULL) {
    history_write(r);
    history_end(r->hist);
  }
  if (r->el != NULL) el_end(r->el);
  free(r->tab_line);
  free(r->buf);
  free(r);
}
