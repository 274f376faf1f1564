/*
** commands.h -- the program's subcommands (`volley <command> ...`, DESIGN.md Part B "The
** command line"): a table of names and the functions main() dispatches to. Each command is
** one cmd_<name>.c file; its usage, help, options and exit statuses are one row of the
** runtime's table (scripts/volley/cli.lua), which parses its flags (host_cli_parse).
** Exit status everywhere: 0 success, 1 a refused command or failed check, 2 usage.
*/
#ifndef VOLLEY_COMMANDS_H
#define VOLLEY_COMMANDS_H

#include "volley/path.h"

/* A subcommand: argv[0] is its name; returns the exit status. */
typedef int (*command_fn)(int argc, char **argv);

typedef struct command {
  const char *name;
  command_fn run;
} command;

/* The command named name, or NULL. */
const command *command_find(const char *name);

/* The table, ending with a row whose name is NULL. */
const command *command_table(void);

/* The data path of the program: $VOLLEY_PATH, share/volley beside it, the source tree.
** NULL when out of memory. The caller frees it with vl_path_free. */
vl_path *command_data_path(void);

/* Prints "volley <name>: <message>" and the command's usage (volley.cli's) to stderr;
** returns 2. */
int command_usage(const command *c, const char *message);

/* cmd_hooks.c: `volley hooks <system-id>`. */
int cmd_hooks(int argc, char **argv);

/* cmd_play.c: `volley play <id|path> ...`. */
int cmd_play(int argc, char **argv);

/* cmd_sim.c: `volley sim <id|path> --games N ...` and `volley sim --merge F...`. */
int cmd_sim(int argc, char **argv);

/* cmd_render.c: `volley render <id|path|map.ini> (--svg F | --text) [--hex H [--radius R]]`. */
int cmd_render(int argc, char **argv);

/* cmd_los.c: `volley los <map.ini> A B`. */
int cmd_los(int argc, char **argv);

/* cmd_list.c: `volley list`. */
int cmd_list(int argc, char **argv);

/* cmd_replay.c: `volley replay FILE`; cmd_dump.c: `volley dump FILE`. */
int cmd_replay(int argc, char **argv);
int cmd_dump(int argc, char **argv);
/* cmd_render.c: the prompt's map pictures, a Lua C function render(marks, opts) -> true |
** nil, why (see cmd_render.c). */
struct lua_State;
int render_marks_lua(struct lua_State *L);

/* cmd_export.c: `volley export SAVE --as SIDE`. */
int cmd_export(int argc, char **argv);

int cmd_check(int argc, char **argv);    /* cmd_check.c: `volley check <id|path> [--mod F]...` */
int cmd_new(int argc, char **argv);      /* cmd_new.c: `volley new <game>/<battle> ...` */
int cmd_sources(int argc, char **argv);  /* cmd_sources.c: `volley sources <id|path>` */
int cmd_options(int argc, char **argv);  /* cmd_options.c: `volley options <id|path>` */
int cmd_serve(int argc, char **argv);    /* cmd_serve.c: `volley serve [<id|path>|--resume] ...` */

#endif
