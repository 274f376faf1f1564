/*
** cmd_dump.c -- `volley dump FILE`: replays a save as `volley replay` does and prints the
** canonical serialisation of its final state, exactly the bytes its state hash is taken of
** (volley.replay.dump_main; docs/shell.md, docs/formats.md "The state serialisation").
*/

#include "commands.h"
#include "host.h"

int cmd_dump(int argc, char **argv) {
  return host_run("dump", "volley.replay", "dump_main", argc, argv, NULL);
}
