/*
** commands.c -- the subcommand table and what the commands share.
*/
#include "commands.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const command commands[] = {
  {"hooks", "hooks <system-id> [--json]",
   "a rule system's hook points: kinds, when, context fields typed, what a handler may do",
   cmd_hooks},
  {"play", "play <id|path> [--bot SIDE=NAME]... [--script F|-] [--json] [--save F] ...",
   "play a game: bots and a script's commands (volley play --help; docs/shell.md)", cmd_play},
  {"sim", "sim <id|path> --games N [--bots A,B] [--seed S] [--shard k/n] [--json]",
   "play many games out with bots and summarise them; sim --merge F... (docs/sim.md)",
   cmd_sim},
  {"render", "render <id|path|map.ini> (--svg F | --text) [--hex H [--radius R]]",
   "draw a map, a scenario's default set-up or a save's board (SAVE [--at N]), in the "
   "terminal or as SVG (docs/shell.md)",
   cmd_render},
  {"los", "los <id|path|map.ini> A B", "line of sight from hex A to hex B, and why", cmd_los},
  {"list", "list [--json]", "every scenario and variant: id, title, system, sides, provisional",
   cmd_list},
  {"replay", "replay FILE", "recompute a saved game, verify it, print its state hash", cmd_replay},
  {"dump", "dump FILE", "a saved game's final state, the bytes its state hash is taken of", cmd_dump},
  {"check", "check <id|path> [--mod FILE]... [--other-vm PATH] [--json]",
   "validate a scenario's data and scripts; with --mod, the mods and their game on both VMs",
   cmd_check},
  {"new", "new <game>/<battle> [--system ID] [--from SCENARIO] [--dir DIR]",
   "make a new scenario folder: a skeleton that check accepts and play opens", cmd_new},
  {"sources", "sources <id|path>", "every provisional value and why", cmd_sources},
  {"export", "export <save> --as SIDE", "one side's view of a save: no seed, no full hashes, "
   "nothing hidden from it (docs/shell.md)", cmd_export},
  {"options", "options <id|path>", "the scenario's options: name, file, description", cmd_options},
  {NULL, NULL, NULL, NULL}
};

const command *command_find(const char *name) {
  const command *c;
  for (c = commands; c->name != NULL; c++)
    if (strcmp(c->name, name) == 0) return c;
  return NULL;
}

const command *command_table(void) { return commands; }

vl_path *command_data_path(void) { return vl_path_for_process(); }

int command_help(const command *c) {
  printf("usage: volley %s\n  %s (docs/shell.md)\n", c->usage, c->help);
  return 0;
}

int command_usage(const command *c, const char *message) {
  fprintf(stderr, "volley %s: %s\nusage: volley %s\n", c->name, message, c->usage);
  return 2;
}
