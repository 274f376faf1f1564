/*
** cmd_check.c -- `volley check <id|path>`: hands its arguments to the runtime's
** volley.inspect.check_main (scripts/volley/inspect.lua), which prints and returns the exit
** status (docs/shell.md).
*/

#include "commands.h"
#include "host.h"

int cmd_check(int argc, char **argv) {
  return host_run("check", "volley.inspect", "check_main", argc, argv, NULL);
}
