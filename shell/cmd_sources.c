/*
** cmd_sources.c -- `volley sources <id|path>`: hands its arguments to the runtime's
** volley.inspect.sources_main (scripts/volley/inspect.lua), which prints and returns the exit
** status (docs/shell.md).
*/

#include "commands.h"
#include "host.h"

int cmd_sources(int argc, char **argv) {
  return host_run("sources", "volley.inspect", "sources_main", argc, argv, NULL);
}
