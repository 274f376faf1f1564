/*
** prompt.h -- the interactive prompt: reads a command a line and answers it.
*/
#ifndef VOLLEY_PROMPT_H
#define VOLLEY_PROMPT_H

#include <stdio.h>

#include "lua_compat.h"

/* Runs the prompt on in/out until `quit` or end of input, with the host state L.
** Returns the exit status: 0 after quit or end of input, 1 if reading failed. */
int prompt_run(lua_State *L, FILE *in, FILE *out);

/* The same with flags of `volley play` (argv[0..argc-1]: --seed, --bot, --as, --dice, ...). */
int prompt_run_args(lua_State *L, FILE *in, FILE *out, int argc, char **argv);

/* Calls volley.play[fn](args, env) (fn "prompt" or "main") with env = {reader, render, tty}:
** the line reader over in/out (libedit at a terminal), the map pictures, and whether in is a
** terminal. `volley play` with a side nobody answers uses the reader as its prompt.
** reader(prompt [, remember]) returns the next line or nil (remember false: not into the
** history). The driver may set env.complete(before) -> {word, ...}: Tab at a terminal calls
** it with the line up to the cursor for the words that may replace the word being typed.
** Returns the exit status fn returns (1 if it raised, with the message on stderr). */
int prompt_call(lua_State *L, FILE *in, FILE *out, const char *fn, int argc, char **argv);

#endif
