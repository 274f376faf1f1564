/*
** host.h -- the program's own Lua state, which runs volley's trusted runtime (scripts/volley)
** with `volley.core` preloaded. Scenario and mod scripts never run here: they run in
** engine-owned states the runtime makes with volley.core.new_state.
*/
#ifndef VOLLEY_HOST_H
#define VOLLEY_HOST_H

#include <stdio.h>

#include "lua_compat.h"

/* Opens the host state: standard libraries, package.preload["volley.core"], package.path
** holding scripts/ of the first data root that has scripts/volley/init.lua, and the runtime
** loaded with require "volley". On failure returns NULL and writes why into err (size n). */
lua_State *host_open(char *err, size_t n);

/* Closes the host state; accepts NULL. */
void host_close(lua_State *L);

/* Pushes a subcommand's second argument (a table of host facts) onto L; returns 1 if it pushed
** one, 0 if not. */
typedef int (*host_env_fn)(lua_State *L);

/* Runs one subcommand in a fresh host state: require(module)[fn](args [, env]), args being
** argv[1..argc-1] as a list and env what push_env pushes (NULL: no second argument).
** Returns the integer fn returns (the exit status); 1 when the state cannot open or the call
** raises, with `volley <command>: <message>` on stderr. */
int host_run(const char *command, const char *module, const char *fn, int argc, char **argv,
             host_env_fn push_env);

/* {======================================================================================
** The command line: a small state with the runtime's volley.cli (and Debian's lua-argparse)
** and nothing else, for the subcommands written in C and for the program's own --help.
** ======================================================================================= */

/* Opens the command-line state: the standard libraries and package.path with the scripts/ of
** the first data root that has scripts/volley/cli.lua; the runtime is not loaded. On failure
** returns NULL and writes why into err (size n). Close it with host_close. */
lua_State *host_cli_open(char *err, size_t n);

/* Reads a subcommand's arguments (argv[1..argc-1]) with volley.cli.parse in L (from
** host_cli_open). Returns -1 with the options table pushed (volley.cli documents its fields:
** each flag given by its name without dashes, `args` the operands); or, having printed the
** help (stdout) or the usage error (stderr), returns the exit status: 0 or 2 (1 when the
** parser itself fails, with why on stderr), leaving the stack as it was. */
int host_cli_parse(lua_State *L, const char *command, int argc, char **argv);

/* The string field k of the table at idx, or NULL when it is not a string. The string stays
** referenced by the table. */
const char *host_cli_string(lua_State *L, int idx, const char *k);

/* 1 when the field k of the table at idx is true (a switch given), else 0. */
int host_cli_flag(lua_State *L, int idx, const char *k);

/* Calls volley.cli.<fn>(a1, a2) (either may be NULL: nil) in a command-line state of its
** own: a string it returns is written to stdout; what it writes itself (a usage error on
** stderr) goes where it says. Returns 0, or 1 when it cannot run (why on stderr). */
int host_cli_call(const char *fn, const char *a1, const char *a2);

#endif
