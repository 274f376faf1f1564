/*
** prompt.c -- the prompt: `volley` with no arguments. It opens the default scenario hot seat
** through the same driver as `volley play --script` (scripts/volley/play.lua, M.prompt):
** the driver asks this file for each line (libedit at a terminal, plain lines otherwise,
** shell/lineread.h) and draws `map` and `svg` with cmd_render.c's render_marks_lua. The
** commands themselves are the runtime's (scripts/volley/commands.lua; docs/shell.md).
*/
#include "prompt.h"

#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "lineread.h"

/* What the reader closure keeps: the line reader, and whether input ended (Ctrl-D at a
** terminal then leaves the cursor after the prompt: the prompt ends the line). */
typedef struct {
  lineread *r;
  int eof;
} reader;

/* reader(prompt) -> the next line, or nil at the end of input (upvalue 1: the reader). */
static int read_line(lua_State *L) {
  reader *rd = (reader *)lua_touserdata(L, lua_upvalueindex(1));
  const char *prompt = luaL_optstring(L, 1, "volley> ");
  const char *line;
  fflush(stdout);
  line = lineread_get(rd->r, prompt);
  if (line == NULL) {
    rd->eof = 1;
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, line);
  return 1;
}

int prompt_run(lua_State *L, FILE *in, FILE *out) {
  return prompt_run_args(L, in, out, 0, NULL);
}

int prompt_run_args(lua_State *L, FILE *in, FILE *out, int argc, char **argv) {
  return prompt_call(L, in, out, "prompt", argc, argv);
}

int prompt_call(lua_State *L, FILE *in, FILE *out, const char *fn, int argc, char **argv) {
  int i;
  reader rd;
  int status = 1, tty = isatty(fileno(in));
  rd.eof = 0;
  rd.r = lineread_open("volley", in, out);
  if (rd.r == NULL) {
    fprintf(stderr, "volley: not enough memory\n");
    return 1;
  }
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.play");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, fn);
    lua_createtable(L, argc, 0);
    for (i = 0; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i + 1);
    }
    lua_createtable(L, 0, 3);
    lua_pushlightuserdata(L, &rd);
    lua_pushcclosure(L, read_line, 1);
    lua_setfield(L, -2, "reader");
    lua_pushcfunction(L, render_marks_lua);
    lua_setfield(L, -2, "render");
    lua_pushboolean(L, tty);
    lua_setfield(L, -2, "tty");
    if (lua_pcall(L, 2, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley: %s\n", lua_tostring(L, -1));
  }
  fflush(out);
  if (tty && rd.eof) fputc('\n', out);  /* Ctrl-D: end the prompt's line */
  lineread_close(rd.r);
  return status;
}
