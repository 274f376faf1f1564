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

/* What the reader closure keeps: the line reader, the Lua state reading (completion calls
** back into it while a line is read) and the env table's registry reference. */
typedef struct {
  lineread *r;
  lua_State *L;
  int env;
} reader;

/* Tab at a terminal: env.complete(before) -> {word, ...} (scripts/volley/play.lua sets it;
** scripts/volley/complete.lua computes it). A missing function, an error or a result that
** is not a list completes nothing. */
static void complete_line(void *ctx, const char *before, lineread_words *out) {
  reader *rd = (reader *)ctx;
  lua_State *L = rd->L;
  int top, i, n;
  if (L == NULL) return;
  top = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, rd->env);
  lua_getfield(L, -1, "complete");
  if (lua_isfunction(L, -1)) {
    lua_pushstring(L, before);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_istable(L, -1)) {
      n = (int)lua_rawlen(L, -1);
      for (i = 1; i <= n; i++) {
        lua_rawgeti(L, -1, i);
        if (lua_type(L, -1) == LUA_TSTRING && lineread_words_add(out, lua_tostring(L, -1)) != 0) {
          lua_pop(L, 1);
          break;
        }
        lua_pop(L, 1);
      }
    }
  }
  lua_settop(L, top);
}

/* reader(prompt [, remember]) -> the next line, or nil at the end of input (upvalue 1: the
** reader). remember false keeps the line out of the history (the save question). */
static int read_line(lua_State *L) {
  reader *rd = (reader *)lua_touserdata(L, lua_upvalueindex(1));
  const char *prompt = luaL_optstring(L, 1, "volley> ");
  int remember = lua_isnoneornil(L, 2) || lua_toboolean(L, 2);
  const char *line;
  lua_State *outer = rd->L;
  fflush(stdout);
  rd->L = L;
  line = lineread_get(rd->r, prompt, remember);
  rd->L = outer;
  if (line == NULL) {
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
  rd.L = NULL;
  rd.env = LUA_NOREF;
  rd.r = lineread_open("volley", in, out);
  if (rd.r == NULL) {
    fprintf(stderr, "volley: not enough memory\n");
    return 1;
  }
  lineread_set_complete(rd.r, complete_line, &rd);
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
    lua_pushvalue(L, -1);
    rd.env = luaL_ref(L, LUA_REGISTRYINDEX);
    if (lua_pcall(L, 2, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley: %s\n", lua_tostring(L, -1));
  }
  fflush(out);
  luaL_unref(L, LUA_REGISTRYINDEX, rd.env);
  lineread_close(rd.r);
  return status;
}
