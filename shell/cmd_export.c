/*
** cmd_export.c -- `volley export SAVE --as SIDE`: one side's view of a save (DESIGN.md Part B
** "Locations, views and hidden information"): volley.export.main (scripts/volley/export.lua)
** replays the save and prints what the side may see. Exit status: 0 written; 1 a save that
** does not replay; 2 usage.
*/

#include "commands.h"
#include "host.h"

int cmd_export(int argc, char **argv) {
  return host_run("export", "volley.export", "main", argc, argv, NULL);
}
