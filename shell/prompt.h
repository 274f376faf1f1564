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

#endif
