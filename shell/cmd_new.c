/*
** cmd_new.c -- `volley new <game>/<battle> [--system ID] [--from SCENARIO] [--dir DIR]`: hands
** its arguments to the runtime's volley.new.main (scripts/volley/new.lua), which makes the
** folder and returns the exit status (docs/shell.md).
*/

#include "commands.h"
#include "host.h"

int cmd_new(int argc, char **argv) {
  return host_run("new", "volley.new", "main", argc, argv, NULL);
}
