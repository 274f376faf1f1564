/*
** lua_vm.c -- engine-owned Lua states: `volley.core.new_state{mem=, instr=}`.
** Each state is made by lua_newstate with the byte-budget allocator (budget.c) as its
** allocator, whose ud is the budget itself, and a count hook that fetches that budget with
** lua_getallocf (DESIGN.md principle 9). Its globals are built from an allow-list, never
** from a copy of _G with entries removed. The full sandbox (sandboxed load, coroutines,
** per-mod environments, the known holes) is built on this by the sandbox issue.
*/
#include "lua_modules.h"

#include <stdio.h>
#include <string.h>

#include "volley/budget.h"

#define VM_TNAME "volley.vm"
#define VM_HOOK_STEP 1000                  /* instructions between two count-hook calls */
#define VM_DEFAULT_MEM (64u * 1024u * 1024u)  /* bytes */
#define VM_DEFAULT_INSTR 100000000ul       /* VM instructions per run */

typedef struct vm {
  lua_State *S;     /* the owned state; NULL once closed */
  vl_budget budget; /* the allocator's ud: lives as long as this userdata */
} vm;

/* The count hook: adds the step to the budget, raises once past it. Once over, it re-arms at
** every instruction so a pcall in the script cannot swallow the error and go on. */
static void count_hook(lua_State *L, lua_Debug *ar) {
  void *ud;
  vl_budget *b;
  (void)ar;
  lua_getallocf(L, &ud);
  b = ud;
  b->instr_used += VM_HOOK_STEP;
  if (b->instr_limit != 0 && b->instr_used > b->instr_limit) {
    char msg[64];
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    snprintf(msg, sizeof msg, "instruction budget exceeded (%lu instructions)", b->instr_limit);
    lua_pushstring(L, msg);
    lua_error(L);
  }
}

/* Copies the named fields of the table at src into a new table left on top of the stack. */
static void copy_fields(lua_State *S, int src, const char *const *names) {
  src = lua_absindex(S, src);
  lua_newtable(S);
  for (; *names != NULL; names++) {
    lua_getfield(S, src, *names);
    lua_setfield(S, -2, *names);
  }
}

static const char *const base_allowed[] = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal",
  "rawget", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall",
  "_VERSION", NULL
};
static const char *const table_allowed[] = {
  "concat", "insert", "remove", "sort", "unpack", NULL  /* unpack: nil on LuaJIT, kept so */
};
static const char *const string_allowed[] = {
  "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match", "rep",
  "reverse", "sub", "upper", NULL
};
static const char *const math_allowed[] = {
  "abs", "ceil", "floor", "fmod", "huge", "max", "min", "pi", "sqrt", NULL
};

/* Opens one standard library by calling its luaopen_* and leaves its table on the stack. */
static void open_lib(lua_State *S, lua_CFunction f, const char *name) {
  lua_pushcfunction(S, f);
  lua_pushstring(S, name);
  lua_call(S, 1, 1);
}

/* Runs in protected mode inside the new state: builds the allow-listed globals and makes
** them the state's globals; points the string metatable at the safe string table. */
static int build_globals(lua_State *S) {
  int env, base;
  open_lib(S, luaopen_base, "_G");
  base = lua_gettop(S);
  copy_fields(S, base, base_allowed);
  env = lua_gettop(S);
  open_lib(S, luaopen_table, LUA_TABLIBNAME);
  copy_fields(S, -1, table_allowed);
  lua_setfield(S, env, "table");
  lua_pop(S, 1);
  open_lib(S, luaopen_string, LUA_STRLIBNAME);
  copy_fields(S, -1, string_allowed);
  lua_pushliteral(S, "");                       /* the one string metatable of the state */
  lua_getmetatable(S, -1);
  lua_pushvalue(S, -3);
  lua_setfield(S, -2, "__index");               /* s:find() reaches only the safe table */
  lua_pushboolean(S, 0);
  lua_setfield(S, -2, "__metatable");           /* getmetatable("") cannot reach it */
  lua_pop(S, 2);
  lua_setfield(S, env, "string");
  lua_pop(S, 1);
  open_lib(S, luaopen_math, LUA_MATHLIBNAME);
  copy_fields(S, -1, math_allowed);
  lua_setfield(S, env, "math");
  lua_pop(S, 1);
  lua_pushvalue(S, env);
  lua_setfield(S, env, "_G");
#if VL_LUAJIT
  lua_pushvalue(S, env);
  lua_replace(S, LUA_GLOBALSINDEX);
#else
  lua_pushvalue(S, env);
  lua_rawseti(S, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
#endif
  return 0;
}

static vm *check_vm(lua_State *L) {
  vm *v = luaL_checkudata(L, 1, VM_TNAME);
  luaL_argcheck(L, v->S != NULL, 1, "engine state is closed");
  return v;
}

/* Reads an optional non-negative integer field of the options table at index 1. */
static lua_Integer opt_field(lua_State *L, const char *k, lua_Integer dflt) {
  lua_Integer n;
  if (lua_isnoneornil(L, 1)) return dflt;
  if (vl_getfield(L, 1, k) == LUA_TNIL) {
    lua_pop(L, 1);
    return dflt;
  }
  if (!lua_isnumber(L, -1)) luaL_error(L, "bad option '%s' to 'new_state' (number expected)", k);
  n = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (n < 0) luaL_error(L, "bad option '%s' to 'new_state' (must be >= 0)", k);
  return n;
}

/*
** volley.core.new_state{mem = bytes, instr = instructions} -> state
** An engine-owned Lua state with a memory budget (bytes the state may hold; default 64 MiB,
** 0 = none) and an instruction budget per run (default 10^8, 0 = none). Its globals are an
** allow-list: the safe parts of base, table, string and math. Unknown option keys are errors.
*/
static int vm_new(lua_State *L) {
  vm *v;
  lua_Integer mem = opt_field(L, "mem", (lua_Integer)VM_DEFAULT_MEM);
  lua_Integer instr = opt_field(L, "instr", (lua_Integer)VM_DEFAULT_INSTR);
  if (lua_istable(L, 1)) {
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      if (strcmp(k, "mem") != 0 && strcmp(k, "instr") != 0)
        return luaL_error(L, "bad option '%s' to 'new_state' (known: mem, instr)", k);
      lua_pop(L, 1);
    }
  } else if (!lua_isnoneornil(L, 1)) {
    return luaL_argerror(L, 1, "table expected");
  }
  v = lua_newuserdata(L, sizeof *v);
  v->S = NULL;
  luaL_setmetatable(L, VM_TNAME);
  vl_budget_init(&v->budget, (size_t)mem, (unsigned long)instr);
  v->S = lua_newstate(vl_budget_alloc, &v->budget);
  if (v->S == NULL) return luaL_error(L, "cannot create an engine state (memory budget too small?)");
#if VL_LUAJIT
  luaJIT_setmode(v->S, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);  /* traces skip count hooks */
#endif
  lua_pushcfunction(v->S, build_globals);
  if (lua_pcall(v->S, 0, 0, 0) != LUA_OK) {
    const char *msg = lua_tostring(v->S, -1);
    lua_pushstring(L, msg ? msg : "?");
    lua_close(v->S);
    v->S = NULL;
    return luaL_error(L, "cannot create an engine state: %s", lua_tostring(L, -1));
  }
  return 1;
}

/* Pushes onto L a copy of the value at idx of S: nil, booleans, numbers and strings as they
** are; anything else as its type name in angle brackets. */
static void push_copy(lua_State *L, lua_State *S, int idx) {
  switch (lua_type(S, idx)) {
  case LUA_TNONE:
  case LUA_TNIL: lua_pushnil(L); break;
  case LUA_TBOOLEAN: lua_pushboolean(L, lua_toboolean(S, idx)); break;
  case LUA_TNUMBER: lua_pushnumber(L, lua_tonumber(S, idx)); break;
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(S, idx, &len);
    lua_pushlstring(L, s, len);
    break;
  }
  default: lua_pushfstring(L, "<%s>", lua_typename(S, lua_type(S, idx))); break;
  }
}

/*
** state:run(code [, chunkname]) -> true, value | false, message
** Loads code as a text chunk (binary chunks are refused) and runs it under the budgets; the
** instruction count starts again at 0. value is the chunk's first result (nil, boolean,
** number or string; other types as "<table>" and the like). message names a spent budget as
** "memory budget exceeded (N bytes)" or "instruction budget exceeded (N instructions)".
*/
static int vm_run(lua_State *L) {
  vm *v = check_vm(L);
  size_t len;
  const char *code = luaL_checklstring(L, 2, &len);
  const char *name = luaL_optstring(L, 3, "=(run)");
  lua_State *S = v->S;
  int status;
  v->budget.instr_used = 0;
  v->budget.mem_refused = 0;
  lua_settop(S, 0);
  lua_sethook(S, count_hook, LUA_MASKCOUNT, VM_HOOK_STEP);
  if (len > 0 && code[0] == LUA_SIGNATURE[0]) {
    lua_pushboolean(L, 0);
    lua_pushliteral(L, "binary chunks are not allowed");
    return 2;
  }
  status = luaL_loadbufferx(S, code, len, name, "t");
  if (status == LUA_OK) status = lua_pcall(S, 0, 1, 0);
  lua_sethook(S, NULL, 0, 0);
  if (status != LUA_OK) {
    lua_pushboolean(L, 0);
    if (v->budget.mem_refused) {
      char msg[64];
      snprintf(msg, sizeof msg, "memory budget exceeded (%zu bytes)", v->budget.mem_limit);
      lua_pushstring(L, msg);
    } else
      push_copy(L, S, -1);
    lua_settop(S, 0);
    return 2;
  }
  lua_pushboolean(L, 1);
  push_copy(L, S, -1);
  lua_settop(S, 0);
  return 2;
}

/* state:memory() -> bytes held now, the most held (both integers). */
static int vm_memory(lua_State *L) {
  vm *v = check_vm(L);
  lua_pushinteger(L, (lua_Integer)v->budget.mem_used);
  lua_pushinteger(L, (lua_Integer)v->budget.mem_peak);
  return 2;
}

/* state:close(): frees the state now; later calls other than close raise. Also __gc, __close. */
static int vm_close(lua_State *L) {
  vm *v = luaL_checkudata(L, 1, VM_TNAME);
  if (v->S != NULL) {
    lua_close(v->S);
    v->S = NULL;
  }
  return 0;
}

static int vm_tostring(lua_State *L) {
  vm *v = luaL_checkudata(L, 1, VM_TNAME);
  if (v->S == NULL)
    lua_pushliteral(L, "volley.vm (closed)");
  else
    lua_pushfstring(L, "volley.vm (%p)", (void *)v);
  return 1;
}

static const luaL_Reg vm_methods[] = {
  {"run", vm_run},
  {"memory", vm_memory},
  {"close", vm_close},
  {NULL, NULL}
};

static const luaL_Reg vm_metamethods[] = {
  {"__gc", vm_close},
  {"__close", vm_close},
  {"__tostring", vm_tostring},
  {NULL, NULL}
};

void vl_lua_open_vm(lua_State *L) {
  if (luaL_newmetatable(L, VM_TNAME)) {
    vl_setfuncs(L, vm_metamethods);
    luaL_newlib(L, vm_methods);          /* the methods are the metatable's __index */
    lua_setfield(L, -2, "__index");
  }
  lua_pop(L, 1);
  lua_pushcfunction(L, vm_new);
  lua_setfield(L, -2, "new_state");
}
