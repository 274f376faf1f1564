/*
** fuzz_placement.c -- the Lua driver tests/fuzz/lua/placement.lua (what it fuzzes and checks is said
** there), in a stock Lua state guided by its lines (tests/fuzz/fuzz_lua.h).
*/
#include "fuzz_lua.h"

static lua_State *state;
static int driver;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  state = fz_lua_new("placement", &driver);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_lua_run(state, driver, data, size);
  return 0;
}
