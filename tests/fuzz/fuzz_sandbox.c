/*
** fuzz_sandbox.c -- the Lua driver tests/fuzz/lua/sandbox.lua: the input is written as a mod
** file and run against the demo in a fresh engine-owned state (what it checks is said there).
*/
#include "fuzz_lua.h"

static lua_State *state;
static int driver;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  setenv("VOLLEY_PATH", VOLLEY_FUZZ_SOURCE, 1);
  state = fz_lua_new("sandbox", &driver);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[1024];
  fz_write("mod.lua", data, size, path, sizeof path);
  fz_lua_run(state, driver, (const uint8_t *)path, strlen(path));
  return 0;
}
