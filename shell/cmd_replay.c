/*
** cmd_replay.c -- `volley replay FILE`: recomputes a saved game from its seed and journal,
** checking every checkpoint, and prints `state_hash <hex>` or `diverged at answer N: <why>`
** (exit 1). The work is the runtime's volley.replay.main (scripts/volley/replay.lua); this
** file hands it the arguments (host_run), as cmd_dump.c does for volley.replay.dump_main (docs/shell.md,
** docs/save.md "Replay, undo and resume").
*/

#include "commands.h"
#include "host.h"

int cmd_replay(int argc, char **argv) {
  return host_run("replay", "volley.replay", "main", argc, argv, NULL);
}
