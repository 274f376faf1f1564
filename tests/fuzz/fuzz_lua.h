/*
** tests/fuzz/fuzz_lua.h -- the harnesses whose grammar lives in Lua (the prompt's commands,
** placement specs, chart results): a stock Lua state with the runtime's scripts on its path
** and volley.core linked in, a driver (tests/fuzz/lua/<kind>.lua, which returns the function
** an input is given to; it raises on a finding), and, under libFuzzer, a line hook feeding
** libFuzzer's extra counters so the fuzzer is guided by the Lua lines an input reaches, as it
** is by the C edges: each (previous line, line) pair of the scripts' functions bumps one counter.
*/
#ifndef VOLLEY_FUZZ_LUA_H
#define VOLLEY_FUZZ_LUA_H

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "fuzz.h"

int luaopen_volley_core(lua_State *L);

#define FZ_LUA_COUNTERS (1u << 16)

#ifdef VOLLEY_FUZZ_LIBFUZZER
__attribute__((section("__libfuzzer_extra_counters"), used))
static uint8_t fz_lua_counters[FZ_LUA_COUNTERS];
static uintptr_t fz_lua_prev;

static void fz_lua_hook(lua_State *L, lua_Debug *ar) {
  /* the running function (its address: "S" would format the chunk's name at every line) */
  if (!lua_getinfo(L, "f", ar)) return;
  uintptr_t fn = (uintptr_t)lua_topointer(L, -1);
  lua_pop(L, 1);
  uintptr_t cur = (fn * 2654435761u) ^ ((uintptr_t)ar->currentline * 40503u);
  fz_lua_counters[(cur ^ fz_lua_prev) % FZ_LUA_COUNTERS]++;
  fz_lua_prev = cur >> 1;
}
#endif

static int fz_lua_traceback(lua_State *L) {
  const char *msg = lua_tostring(L, 1);   /* drivers raise text; anything else is named */
  luaL_traceback(L, L, msg != NULL ? msg : lua_typename(L, lua_type(L, 1)), 1);
  return 1;
}

/* A state with the driver tests/fuzz/lua/<kind>.lua loaded and called with the source tree;
** the function it returned is kept at *ref. Aborts when it cannot be made. */
static inline lua_State *fz_lua_new(const char *kind, int *ref) {
  lua_State *L = luaL_newstate();
  if (L == NULL) abort();
  luaL_openlibs(L);
  const char *src = VOLLEY_FUZZ_SOURCE;
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/scripts/?.lua;%s/scripts/?/init.lua;%s/tests/fuzz/lua/?.lua", src,
                  src, src);
  lua_setfield(L, -2, "path");
  lua_getfield(L, -1, "preload");
  lua_pushcfunction(L, luaopen_volley_core);
  lua_setfield(L, -2, "volley.core");
  lua_pop(L, 2);
  char path[1024];
  snprintf(path, sizeof path, "%s/tests/fuzz/lua/%s.lua", src, kind);
  lua_pushcfunction(L, fz_lua_traceback);
  if (luaL_loadfile(L, path) != LUA_OK) FZ_FAIL("%s", lua_tostring(L, -1));
  lua_pushstring(L, src);
  if (lua_pcall(L, 1, 1, -3) != LUA_OK) FZ_FAIL("%s", lua_tostring(L, -1));
  if (!lua_isfunction(L, -1)) FZ_FAIL("%s: returns no function", path);
  *ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_pop(L, 1);
  return L;
}

/* Gives the input to the driver's function; a raised error is a finding. */
static inline void fz_lua_run(lua_State *L, int ref, const uint8_t *data, size_t size) {
  lua_pushcfunction(L, fz_lua_traceback);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  lua_pushlstring(L, (const char *)data, size);
#ifdef VOLLEY_FUZZ_LIBFUZZER
  fz_lua_prev = 0;
  lua_sethook(L, fz_lua_hook, LUA_MASKLINE, 0);
#endif
  int rc = lua_pcall(L, 1, 0, -3);
#ifdef VOLLEY_FUZZ_LIBFUZZER
  lua_sethook(L, NULL, 0, 0);
#endif
  if (rc != LUA_OK) FZ_FAIL("%s", lua_tostring(L, -1));
  lua_settop(L, 0);
}

#endif
