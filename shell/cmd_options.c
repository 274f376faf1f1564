/*
** cmd_options.c -- `volley options <id|path>`: hands its arguments to the runtime's
** volley.inspect.options_main (scripts/volley/inspect.lua), which prints and returns the exit
** status (docs/shell.md).
*/

#include "commands.h"
#include "host.h"

int cmd_options(int argc, char **argv) {
  return host_run("options", "volley.inspect", "options_main", argc, argv, NULL);
}
