/*
** cmd_play.c -- `volley play <id|path> ...`: hands its arguments to the runtime's
** volley.play.main (scripts/volley/play.lua), which plays the game and returns the exit
** status (docs/shell.md, docs/json.md). A side with neither a bot nor --script is answered
** at the prompt (shell/prompt.c).
*/
#include <stdio.h>

#include "commands.h"
#include "host.h"
#include "prompt.h"

int cmd_play(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  int status;
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  /* the prompt's reader too: a side without a bot and without --script is played there */
  status = prompt_call(L, stdin, stdout, "main", argc - 1, argv + 1);
  host_close(L);
  return status;
}
