/*
** lineread.c -- libedit at a terminal, getline elsewhere. No mutable globals: the prompt text
** reaches libedit's prompt callback through EL_CLIENTDATA.
*/
#include "lineread.h"

#include <errno.h>
#include <histedit.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HISTORY_SIZE 1000

struct lineread {
  FILE *in;
  EditLine *el;        /* NULL when in is not a terminal */
  History *hist;
  const char *prompt;  /* the prompt of the current call, for prompt_fn */
  char *buf;           /* getline's buffer */
  size_t cap;
  char history_file[1024];
};

static char *prompt_fn(EditLine *el) {
  lineread *r = NULL;
  el_get(el, EL_CLIENTDATA, &r);
  return (char *)(r && r->prompt ? r->prompt : "");
}

/* mkdir -p for the directory part of path; errors are ignored (no history is no failure). */
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

/* Fills r->history_file from $XDG_STATE_HOME or $HOME; leaves it empty if neither is set. */
static void history_path(lineread *r) {
  const char *state = getenv("XDG_STATE_HOME");
  const char *home = getenv("HOME");
  r->history_file[0] = '\0';
  if (state != NULL && state[0] == '/')
    snprintf(r->history_file, sizeof r->history_file, "%s/volley/history", state);
  else if (home != NULL && home[0] != '\0')
    snprintf(r->history_file, sizeof r->history_file, "%s/.local/state/volley/history", home);
}

lineread *lineread_open(const char *prog, FILE *in, FILE *out) {
  lineread *r = calloc(1, sizeof *r);
  HistEvent ev;
  if (r == NULL) return NULL;
  r->in = in;
  if (!isatty(fileno(in))) return r;
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
  return r;
}

const char *lineread_get(lineread *r, const char *prompt) {
  if (r->el != NULL) {
    int n;
    const char *line;
    r->prompt = prompt;
    line = el_gets(r->el, &n);
    if (line == NULL || n <= 0) return NULL;
    free(r->buf);
    r->buf = strdup(line);
    if (r->buf == NULL) return NULL;
    r->buf[strcspn(r->buf, "\r\n")] = '\0';
    if (r->buf[strspn(r->buf, " \t")] != '\0') {
      HistEvent ev;
      history(r->hist, &ev, H_ENTER, r->buf);
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
    HistEvent ev;
    if (r->history_file[0] != '\0') {
      make_parent(r->history_file);
      history(r->hist, &ev, H_SAVE, r->history_file);
    }
    history_end(r->hist);
  }
  if (r->el != NULL) el_end(r->el);
  free(r->buf);
  free(r);
}
