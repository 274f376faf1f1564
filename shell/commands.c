/*
** commands.c -- the subcommand table and what the commands share.
*/
#include "commands.h"
#include "host.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The names and their functions; each command's usage, help, options and exit statuses are
** in scripts/volley/cli.lua, in the same order (shell/cli.sh checks both name the same). */
static const command commands[] = {
  {"hooks", cmd_hooks},     {"play", cmd_play},     {"sim", cmd_sim},
  {"render", cmd_render},   {"los", cmd_los},       {"list", cmd_list},
  {"replay", cmd_replay},   {"dump", cmd_dump},     {"check", cmd_check},
  {"new", cmd_new},         {"sources", cmd_sources}, {"export", cmd_export},
  {"options", cmd_options}, {"serve", cmd_serve},   {NULL, NULL}
};

const command *command_find(const char *name) {
  const command *c;
  for (c = commands; c->name != NULL; c++)
    if (strcmp(c->name, name) == 0) return c;
  return NULL;
}

const command *command_table(void) { return commands; }

vl_path *command_data_path(void) { return vl_path_for_process(); }

int command_usage(const command *c, const char *message) {
  host_cli_call("usage", c->name, message);
  return 2;
}
