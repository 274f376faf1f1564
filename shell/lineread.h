/*
** lineread.h -- reading the player's lines: libedit (native API) at a terminal, plain
** getline otherwise (a pipe, a script, CI). History is kept between runs in
** $XDG_STATE_HOME/volley/history (default ~/.local/state/volley/history).
*/
#ifndef VOLLEY_LINEREAD_H
#define VOLLEY_LINEREAD_H

#include <stdio.h>

typedef struct lineread lineread;

/* Opens a reader on in/out. Uses libedit only when in is a terminal. NULL when out of memory. */
lineread *lineread_open(const char *prog, FILE *in, FILE *out);

/* Reads one line with the prompt (shown only at a terminal), without its newline. Returns a
** string borrowed until the next call, or NULL at end of input. Non-blank lines read at a
** terminal enter the history. */
const char *lineread_get(lineread *r, const char *prompt);

/* Saves the history (terminal only) and frees the reader; accepts NULL. */
void lineread_close(lineread *r);

#endif
