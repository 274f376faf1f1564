/*
** lineread.h -- reading the player's lines: libedit (native API) at a terminal, plain
** getline otherwise (a pipe, a script, CI). At a terminal: UTF-8 input, history kept between
** runs in $XDG_STATE_HOME/volley/history (default ~/.local/state/volley/history), Tab
** completion through a callback, Ctrl-C cancelling the line being typed (docs/shell.md
** "At a terminal").
*/
#ifndef VOLLEY_LINEREAD_H
#define VOLLEY_LINEREAD_H

#include <stddef.h>
#include <stdio.h>

typedef struct lineread lineread;

/* The candidates a completion callback gives: a growing list of words, each copied. */
typedef struct lineread_words lineread_words;

/* Adds a copy of word to the candidates. Returns 0, or -1 when out of memory (the word is
** then left out). */
int lineread_words_add(lineread_words *w, const char *word);

/* A completion callback: before is the line up to the cursor (UTF-8); the callback adds
** every word that may replace the word being typed (the text after the last blank of
** before, possibly empty), each starting with it (others are left out). ctx is what
** lineread_set_complete got. */
typedef void (*lineread_complete_fn)(void *ctx, const char *before, lineread_words *out);

/* Opens a reader on in/out. Uses libedit only when in is a terminal (after setting LC_CTYPE
** from the environment, C.UTF-8 when that is the bare C locale). NULL when out of memory. */
lineread *lineread_open(const char *prog, FILE *in, FILE *out);

/* Sets the completion callback Tab calls (terminal only; NULL: Tab completes nothing). Tab
** inserts the candidates' common part (and a blank after the only one); a second Tab on the
** same line lists them, at most a screen. */
void lineread_set_complete(lineread *r, lineread_complete_fn fn, void *ctx);

/* Reads one line with the prompt (shown only at a terminal), without its newline. Returns a
** string borrowed until the next call, or NULL at end of input (Ctrl-D at a terminal: the
** cursor is then on a fresh line). At a terminal Ctrl-C cancels the line being typed and
** asks again; a non-blank line enters the history when remember is non-zero, and the history
** file is rewritten (a file that cannot be written: one warning on stderr per reader). */
const char *lineread_get(lineread *r, const char *prompt, int remember);

/* Saves the history (terminal only) and frees the reader; accepts NULL. */
void lineread_close(lineread *r);

#endif
