/*
** prompt.c -- the prompt's loop and its commands. Each command is a row of a table with its
** name, one line of help, and the function that runs it; `help` prints the table.
*/
#include "prompt.h"

#include <string.h>
#include <unistd.h>

#include "lineread.h"

typedef struct prompt prompt;
typedef int (*command_fn)(prompt *p, const char *args);

struct prompt {
  lua_State *L;
  FILE *out;
  int quit;
};

typedef struct command {
  const char *name;
  const char *usage;
  const char *help;
  command_fn run;
} command;

static int cmd_help(prompt *p, const char *args);
static int cmd_quit(prompt *p, const char *args);

static const command commands[] = {
  {"help", "help [command]", "list the commands, or explain one", cmd_help},
  {"quit", "quit", "leave volley", cmd_quit},
  {NULL, NULL, NULL, NULL}
};

static const command *find_command(const char *name, size_t len) {
  const command *c;
  for (c = commands; c->name != NULL; c++)
    if (strlen(c->name) == len && strncmp(c->name, name, len) == 0) return c;
  return NULL;
}

static int cmd_help(prompt *p, const char *args) {
  const command *c;
  size_t len = strcspn(args, " \t");
  if (len > 0) {
    c = find_command(args, len);
    if (c == NULL) {
      fprintf(p->out, "no command '%.*s'; type help for the list\n", (int)len, args);
      return 1;
    }
    fprintf(p->out, "%s\n  %s\n", c->usage, c->help);
    return 0;
  }
  fprintf(p->out, "commands:\n");
  for (c = commands; c->name != NULL; c++) fprintf(p->out, "  %-16s %s\n", c->usage, c->help);
  fprintf(p->out, "from your shell: volley play, render, los, hooks, list (volley --help; "
                  "docs/shell.md)\n");
  return 0;
}

static int cmd_quit(prompt *p, const char *args) {
  (void)args;
  p->quit = 1;
  return 0;
}

/* Splits line into a command word and its arguments and runs it. */
static void dispatch(prompt *p, const char *line) {
  const command *c;
  size_t len;
  line += strspn(line, " \t");
  if (*line == '\0' || *line == '#') return;
  len = strcspn(line, " \t");
  c = find_command(line, len);
  if (c == NULL) {
    fprintf(p->out, "unknown command '%.*s'; type help for the list\n", (int)len, line);
    return;
  }
  line += len;
  line += strspn(line, " \t");
  c->run(p, line);
}

int prompt_run(lua_State *L, FILE *in, FILE *out) {
  prompt p;
  lineread *r = lineread_open("volley", in, out);
  const char *line;
  if (r == NULL) {
    fprintf(stderr, "volley: not enough memory\n");
    return 1;
  }
  p.L = L;
  p.out = out;
  p.quit = 0;
  fprintf(out, "volley %s -- type help for the commands, quit to leave\n", VOLLEY_VERSION);
  while (!p.quit && (line = lineread_get(r, "volley> ")) != NULL) {
    dispatch(&p, line);
    fflush(out);
  }
  if (!p.quit && isatty(fileno(in))) fputc('\n', out);  /* Ctrl-D: end the prompt's line */
  lineread_close(r);
  return 0;
}
