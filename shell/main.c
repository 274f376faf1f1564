/*
** main.c -- the volley program: options, subcommands, and the prompt when none is given.
** The usage, the help and every command's flags are the runtime's (scripts/volley/cli.lua).
** Exit status everywhere (DESIGN.md Part B): 0 success, 1 a refused command or failed check,
** 2 usage. Whatever a subcommand printed is checked once at the end (output_status): a
** write to stdout that failed (a full disk, a closed pipe) is reported and makes it 1.
*/
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"
#include "prompt.h"

static void print_version(void) {
  printf("volley %s (%s)\n", VOLLEY_VERSION, VL_LUA_NAME);
}

/* Flushes stdout and checks that everything written to it (by C, or by Lua's io.stdout,
** which is the same FILE) arrived. Returns status, or 1 with "volley: write error: <why>" on
** stderr when a write failed; a usage error (2) stays 2. */
static int output_status(int status) {
  int e = errno;  /* a write that failed earlier (its buffer since dropped) left its errno */
  if (fflush(stdout) != 0) e = errno;
  else if (!ferror(stdout)) return status;
  else if (e != ENOSPC && e != EPIPE && e != EIO && e != EDQUOT && e != EFBIG && e != EBADF) {
    /* errno no longer tells (a later call set it): ask the output once more with one byte
    ** (it has already failed, so nothing whole is spoiled), and say the generic word only
    ** when that byte goes through */
    errno = 0;
    e = write(STDOUT_FILENO, "\n", 1) < 0 && errno != 0 ? errno : EIO;
  }
  fprintf(stderr, "volley: write error: %s\n", strerror(e));
  return status == 0 ? 1 : status;
}

static int run(int argc, char **argv) {
  char err[512];
  lua_State *L;
  int status;
  if (argc > 1) {
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
      print_version();
      return 0;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0)
      return host_cli_call("main_help", NULL, NULL);   /* volley.cli's table */
    if (command_find(argv[1]) != NULL) return command_find(argv[1])->run(argc - 1, argv + 1);
    if (argv[1][0] == '-' && argv[1][1] == '-') {
      /* the prompt with play's flags: volley --seed 3 --bot B=random --as A */
      L = host_open(err, sizeof err);
      if (L == NULL) {
        fprintf(stderr, "volley: %s\n", err);
        return 1;
      }
      status = prompt_run_args(L, stdin, stdout, argc - 1, argv + 1);
      host_close(L);
      return status;
    }
    host_cli_call("unknown", argv[1], NULL);   /* the message, a "did you mean", the usage */
    return 2;
  }
  L = host_open(err, sizeof err);
  if (L == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  status = prompt_run(L, stdin, stdout);
  host_close(L);
  return status;
}

/* Opens /dev/null on each of the standard descriptors 0-2 that the caller left closed
** (`volley play ... >&-`, a service without a terminal): otherwise the next file the program
** opens -- the autosave -- would take descriptor 1, and the transcript would be written into
** the save. What goes to a closed stdout or stderr is then discarded, as with >/dev/null. */
static void standard_fds(void) {
  int fd;
  for (fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      int got = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
      if (got >= 0 && got != fd) {  /* cannot happen (the lowest free one is fd): be sure */
        if (dup2(got, fd) == fd) close(got);
      }
    }
  }
}

int main(int argc, char **argv) {
  standard_fds();
  return output_status(run(argc, argv));
}
