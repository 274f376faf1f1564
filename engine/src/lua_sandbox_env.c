/*
** lua_sandbox_env.c -- what scripts get in an engine-owned state (docs/modding.md "Limits"):
** the guarded base and table functions, the coroutines scripts may use and the ones trusted
** code uses (which carry a call across a yield), fresh allow-list environments with guard
** metatables, text-only loading with the JIT off, and the boot of a state: the pristine
** libraries environments are copied from, the safe string table, the trusted globals.
** The budgets themselves are lua_sandbox.c's.
*/
#include "lua_engine.h"
#include "lua_modules.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

const char vl_key_script_threads = 't';
const char vl_key_script_mts = 'm';
const char vl_key_pristine = 'p';
static const char key_slots = 's';        /* weak-keyed: thread -> saved call (a userdata) */

/* ======================================================================================= */
/* {====== guarded base functions                                                           */

/* Whether the table at idx is in the weak set under key. */
static int in_set(lua_State *L, int idx, const char *key) {
  int yes;
  idx = lua_absindex(L, idx);
  vl_rawgetp(L, LUA_REGISTRYINDEX, key);
  lua_pushvalue(L, idx);
  lua_rawget(L, -2);
  yes = !lua_isnil(L, -1);
  lua_pop(L, 2);
  return yes;
}

static void add_to_set(lua_State *L, int idx, const char *key) {
  idx = lua_absindex(L, idx);
  vl_rawgetp(L, LUA_REGISTRYINDEX, key);
  lua_pushvalue(L, idx);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* setmetatable(t, mt) for scripts: a metatable the script did not set cannot be changed;
** __gc is removed from mt (finalizers would run script code with hooks off). */
static int sb_setmetatable(lua_State *L) {
  int t = lua_type(L, 2);
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_argcheck(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table expected");
  if (lua_getmetatable(L, 1)) {
    int ok;
    lua_pushliteral(L, "__metatable");
    lua_rawget(L, -2);
    ok = lua_isnil(L, -1) && in_set(L, -2, &vl_key_script_mts);
    lua_pop(L, 2);
    if (!ok) return luaL_error(L, "cannot change a protected metatable");
  }
  if (t == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    lua_pushnil(L);
    lua_rawset(L, 2);
    add_to_set(L, 2, &vl_key_script_mts);
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

/* getmetatable(v) for scripts: its __metatable field if it has one, the metatable if a script
** set it, false for any other (the runtime's objects, strings), nil for none. */
static int sb_getmetatable(lua_State *L) {
  luaL_checkany(L, 1);
  if (!lua_getmetatable(L, 1)) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushliteral(L, "__metatable");
  lua_rawget(L, -2);
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  if (in_set(L, -1, &vl_key_script_mts)) return 1;
  lua_pushboolean(L, 0);
  return 1;
}

#if VL_LUAJIT
/* xpcall for scripts under LuaJIT, in Lua: a C function could not let the protected call
** yield. It is trusted code (its chunk name does not start with '='), so the count hook
** never raises in it. */
static const char xpcall_lua[] =
  "local pcall, select, type, error = ...\n"
  "local function finish(handler, ok, ...)\n"
  "  if ok then return true, ... end\n"
  "  return false, (select(2, pcall(handler, (...))))\n"
  "end\n"
  "return function(f, handler, ...)\n"
  "  if type(handler) ~= 'function' then\n"
  "    error(\"bad argument #2 to 'xpcall' (function expected, got \" .. type(handler) .. \")\", 2)\n"
  "  end\n"
  "  return finish(handler, pcall(f, ...))\n"
  "end\n";

/* Pushes xpcall for scripts (LuaJIT): the message handler runs after the protected call has
** returned. LuaJIT runs it where the error was raised; when the count hook raised the error,
** that is inside the hook, where hooks are off, so a handler that loops would never be
** stopped. The handler sees the same error value. g0: the base library. */
static void push_xpcall(lua_State *S, int g0) {
  if (luaL_loadbuffer(S, xpcall_lua, sizeof xpcall_lua - 1, "@[volley] xpcall") != LUA_OK)
    lua_error(S);
  lua_getfield(S, g0, "pcall");
  lua_getfield(S, g0, "select");
  lua_getfield(S, g0, "type");
  lua_getfield(S, g0, "error");
  lua_call(S, 4, 1);
}
#else
/* After the protected call of xpcall: results as they are, or the handler called now. */
static int xpcall_done(lua_State *L, int status, lua_KContext ctx) {
  (void)ctx;
  if (status == LUA_OK || status == LUA_YIELD) {
    lua_pushboolean(L, 1);
    lua_replace(L, 1);                     /* true in the handler's slot */
    return lua_gettop(L);
  }
  lua_pushvalue(L, 1);
  lua_insert(L, -2);                       /* handler, error */
  lua_pcall(L, 1, 1, 0);                   /* its error, if it fails, is the result */
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

/* xpcall(f, msgh, ...) for scripts under Lua 5.4. Lua 5.4 runs a message handler before the
** error unwinds; when the count hook raised the error, hooks are still off then (luaD_hook
** restores them only when a pcall catches), so a handler that loops would never be stopped.
** Here the handler runs after the protected call has returned, hooks on; it sees the same
** error value (scripts have no debug library to look at the stack with). */
static int sb_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  luaL_checkany(L, 1);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_replace(L, 1);
  lua_replace(L, 2);                       /* handler, f, args... */
  return xpcall_done(L, lua_pcallk(L, n - 2, LUA_MULTRET, 0, 0, xpcall_done), 0);
}
#endif

/* collectgarbage("count") only: the kilobytes the state holds. */
static int sb_collectgarbage(lua_State *L) {
  const char *opt = luaL_optstring(L, 1, "collect");
  if (strcmp(opt, "count") != 0)
    return luaL_error(L, "collectgarbage: only \"count\" is allowed (got \"%s\")", opt);
  lua_pushnumber(L, (lua_Number)lua_gc(L, LUA_GCCOUNT, 0) +
                    (lua_Number)lua_gc(L, LUA_GCCOUNTB, 0) / 1024.0);
  return 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== coroutines                                                                      */

int vl_sandbox_in_script_thread(lua_State *L) {
  int yes;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_script_threads);
  lua_pushthread(L);
  lua_rawget(L, -2);
  yes = !lua_isnil(L, -1);
  lua_pop(L, 2);
  return yes;
}

/* The status of co as coroutine.status words it, seen from L. */
static const char *co_status(lua_State *L, lua_State *co) {
  lua_Debug ar;
  if (L == co) return "running";
  switch (lua_status(co)) {
  case LUA_YIELD: return "suspended";
  case LUA_OK:
    if (lua_getstack(co, 0, &ar)) return "normal";   /* it resumed another */
    if (lua_gettop(co) == 0) return "dead";
    return "suspended";                               /* not started */
  default: return "dead";
  }
}

typedef struct slot {       /* the call a suspended coroutine carries */
  vl_budget_call call;
  double elapsed;           /* seconds of the time guard already spent */
} slot;

/* The slot of co (made on first use; may raise before anything else happens). */
static slot *get_slot(lua_State *L, lua_State *co) {
  slot *s;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_slots);
  lua_pushthread(co);
  lua_xmove(co, L, 1);
  lua_pushvalue(L, -1);
  lua_rawget(L, -3);
  s = lua_touserdata(L, -1);
  if (s == NULL) {
    lua_pop(L, 1);
    s = lua_newuserdata(L, sizeof *s);
    memset(s, 0, sizeof *s);
    lua_rawset(L, -3);
  } else {
    lua_pop(L, 2);
  }
  lua_pop(L, 1);
  return s;
}

int vl_sandbox_resume(lua_State *L, lua_State *co, int nargs, int *nres) {
  vl_engine *e = vl_engine_of(L);
  vl_budget *b;
  vl_budget_call saved;
  double t = 0, saved_elapsed;
  slot *s;
  int status, base;
  if (e == NULL) {
    lua_xmove(L, co, nargs);
    return vl_resume(co, L, nargs, nres);
  }
  b = &e->budget;
  s = get_slot(L, co);                     /* the one step that may raise */
  lua_xmove(L, co, nargs);
  saved = b->call;
  if (saved.depth > 0 || s->call.depth > 0) t = vl_sandbox_now();
  saved_elapsed = saved.depth > 0 ? t - e->call_started : 0;
  b->call = s->call;                       /* the coroutine's own call, or none */
  if (s->call.depth > 0) e->call_started = t - s->elapsed;
  s->call.depth = 0;
  base = e->co_base;
  e->co_base = b->call.depth;
  vl_sandbox_set_period(co, b->call.depth > 0 && b->call.over != VL_BUDGET_OK ? 1 : VL_HOOK_STEP);
  status = vl_resume(co, L, nargs, nres);
  e->co_base = base;
  if (status == LUA_YIELD && b->call.depth > 0) {  /* it takes its call with it */
    t = vl_sandbox_now();
    s->call = b->call;
    s->elapsed = t - e->call_started;
  } else if (saved.depth > 0) {
    t = vl_sandbox_now();
  }
  b->call = saved;
  if (saved.depth > 0) e->call_started = t - saved_elapsed;
  vl_sandbox_set_period(L, saved.depth > 0 && saved.over != VL_BUDGET_OK ? 1 : VL_HOOK_STEP);
  return status;
}

/* Moves the results of a resume (or its error) from co to L; returns the count pushed after a
** boolean, as coroutine.resume does. */
static int push_resumed(lua_State *L, lua_State *co, int status, int nres) {
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      lua_pushboolean(L, 0);
      lua_pushliteral(L, "too many results to resume");
      return 2;
    }
    lua_pushboolean(L, 1);
    lua_xmove(co, L, nres);
    return nres + 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);
  return 2;
}

/* Checks that co can be resumed from L; pushes the refusal and returns 0 if not. */
static int resumable(lua_State *L, lua_State *co, int nargs) {
  const char *st = co_status(L, co);
  if (strcmp(st, "suspended") != 0) {
    lua_pushfstring(L, "cannot resume %s coroutine", strcmp(st, "dead") == 0 ? "dead"
                                                                              : "non-suspended");
    return 0;
  }
  if (!lua_checkstack(co, nargs + 1)) {
    lua_pushliteral(L, "too many arguments to resume");
    return 0;
  }
  return 1;
}

static lua_State *check_thread(lua_State *L, int arg) {
  lua_State *co = lua_tothread(L, arg);
  luaL_argcheck(L, co != NULL, arg, "coroutine expected");
  return co;
}

/* Resumes a script's coroutine (same call: its budget is the caller's). Returns as
** coroutine.resume does. */
static int script_resume(lua_State *L, lua_State *co, int nargs) {
  vl_engine *e = vl_engine_of(L);
  int status, nres, base = 0;
  if (!resumable(L, co, nargs)) {
    lua_insert(L, -1 - nargs);
    lua_pop(L, nargs);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  if (e != NULL && e->nesting >= VL_SANDBOX_NESTING) {
    lua_pop(L, nargs);
    lua_pushboolean(L, 0);
    lua_pushfstring(L, "coroutines nested too deeply (limit %d)", VL_SANDBOX_NESTING);
    return 2;
  }
  lua_xmove(L, co, nargs);
  if (e != NULL) {
    e->nesting++;
    base = e->co_base;
    e->co_base = e->budget.call.depth;     /* where a yield of co may go back to */
  }
  status = vl_resume(co, L, nargs, &nres);
  if (e != NULL) {
    e->nesting--;
    e->co_base = base;
    if (e->budget.call.depth > 0 && e->budget.call.over != VL_BUDGET_OK)
      vl_sandbox_set_period(L, 1);         /* over inside co: the resumer stops at once too */
  }
  return push_resumed(L, co, status, nres);
}

static int is_script_coroutine(lua_State *L, int idx) {
  return lua_type(L, idx) == LUA_TTHREAD && in_set(L, idx, &vl_key_script_threads);
}

static lua_State *check_script_coroutine(lua_State *L, int arg) {
  lua_State *co = check_thread(L, arg);
  luaL_argcheck(L, is_script_coroutine(L, arg), arg, "not a coroutine the script created");
  return co;
}

static int sco_create(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  if (lua_gethook(co) != vl_engine_hook) lua_sethook(co, vl_engine_hook, LUA_MASKCOUNT, VL_HOOK_STEP);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  add_to_set(L, -1, &vl_key_script_threads);
  return 1;
}

static int sco_resume(lua_State *L) {
  lua_State *co = check_script_coroutine(L, 1);
  return script_resume(L, co, lua_gettop(L) - 1);
}

static int sco_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int n = script_resume(L, co, lua_gettop(L));
  if (!lua_toboolean(L, -n)) return lua_error(L);  /* the error value is on top */
  return n - 1;
}

static int sco_wrap(lua_State *L) {
  sco_create(L);
  lua_pushcclosure(L, sco_wrapped, 1);
  return 1;
}

/* Whether a yield from the running coroutine would leave a call it did not start in: a
** handler (a nested call) running inside a script's coroutine that an outer handler resumed
** -- the yield would abandon the runtime's frames between them, and the handler's call with
** them, which every later call would then share. */
static int yield_crosses_call(lua_State *L) {
  vl_engine *e = vl_engine_of(L);
  return e != NULL && e->budget.call.depth != e->co_base;
}

static int sco_yield(lua_State *L) {
  if (!vl_sandbox_in_script_thread(L))
    return luaL_error(L, "attempt to yield from outside a coroutine the script created");
  if (yield_crosses_call(L))
    return luaL_error(L, "attempt to yield out of a handler into a coroutine resumed outside it");
  return lua_yield(L, lua_gettop(L));
}

static int sco_status(lua_State *L) {
  lua_State *co = check_script_coroutine(L, 1);
  lua_pushstring(L, co_status(L, co));
  return 1;
}

static int sco_running(lua_State *L) {
  if (!vl_sandbox_in_script_thread(L)) return 0;
  lua_pushthread(L);
  return 1;
}

static int sco_isyieldable(lua_State *L) {
  lua_pushboolean(L, vl_sandbox_in_script_thread(L) && !yield_crosses_call(L));
  return 1;
}

static const luaL_Reg script_coroutine[] = {
  {"create", sco_create},
  {"resume", sco_resume},
  {"yield", sco_yield},
  {"wrap", sco_wrap},
  {"status", sco_status},
  {"running", sco_running},
  {"isyieldable", sco_isyieldable},
  {NULL, NULL}
};

/* coroutine.resume for trusted code: the coroutine keeps the call it yields in. A script's
** coroutine is refused: it would run outside the call its script is in. */
static int tco_resume(lua_State *L) {
  lua_State *co = check_thread(L, 1);
  int nargs = lua_gettop(L) - 1, status, nres;
  luaL_argcheck(L, !is_script_coroutine(L, 1), 1, "a coroutine a script created");
  if (!resumable(L, co, nargs)) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  status = vl_sandbox_resume(L, co, nargs, &nres);
  return push_resumed(L, co, status, nres);
}

static int tco_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int nargs = lua_gettop(L), status, nres;
  if (!resumable(L, co, nargs)) return lua_error(L);
  status = vl_sandbox_resume(L, co, nargs, &nres);
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);
    return lua_error(L);
  }
  if (!lua_checkstack(L, nres)) return luaL_error(L, "too many results to resume");
  lua_xmove(co, L, nres);
  return nres;
}

static int tco_wrap(lua_State *L) {
  lua_State *co;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, tco_wrapped, 1);
  return 1;
}

/* coroutine.yield for trusted code: refused inside a script's own coroutine, so a rule's
** `ask` cannot be caught by a script resuming it. */
static int tco_yield(lua_State *L) {
  if (vl_sandbox_in_script_thread(L)) {
    lua_pushliteral(L, "cannot ask from inside a coroutine a script created");
    return lua_error(L);
  }
  return lua_yield(L, lua_gettop(L));
}

/* sandbox.in_script_coroutine() -> whether the running coroutine is one a script created. */
static int sb_in_script_coroutine(lua_State *L) {
  lua_pushboolean(L, vl_engine_of(L) != NULL && vl_sandbox_in_script_thread(L));
  return 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== environments and loading                                                        */

/* Names Lua or LuaJIT have that scripts do not get (docs/modding.md "Limits"). */
static const char *const blocked[] = {
  "io", "os", "debug", "package", "require", "load", "loadstring", "loadfile", "dofile",
  "getfenv", "setfenv", "newproxy", "module", "print", "jit", "ffi", "bit", "utf8", "rawlen",
  "gcinfo", "unpack", "warn", "collectgarbage", "_VERSION", NULL
};

/* __index of a script's environment: reading a global it does not have is an error that
** names it (rawget(_G, name) asks without raising). */
static int missing_global(lua_State *L) {
  const char *k;
  const char *const *b;
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  k = lua_tostring(L, 2);
  for (b = blocked; *b != NULL; b++)
    if (strcmp(*b, k) == 0) return luaL_error(L, "'%s' is not available to scripts", k);
  return luaL_error(L, "undefined global '%s'", k);
}

/* __index of a script's copy of a library (upvalue 1: its name). */
static int missing_field(lua_State *L) {
  if (lua_type(L, 2) != LUA_TSTRING) return 0;
  return luaL_error(L, "'%s.%s' is not available to scripts", lua_tostring(L, lua_upvalueindex(1)),
                    lua_tostring(L, 2));
}

/* Pushes a protected metatable whose __index is f (with the string up as its upvalue). */
static void push_guard(lua_State *L, lua_CFunction f, const char *up) {
  lua_createtable(L, 0, 2);
  if (up != NULL) {
    lua_pushstring(L, up);
    lua_pushcclosure(L, f, 1);
  } else {
    lua_pushcfunction(L, f);
  }
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
}

void vl_sandbox_push_env(lua_State *L) {
  static const char *const libs[] = {"table", "string", "math", "coroutine", NULL};
  int p, env, i;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_pristine);
  p = lua_gettop(L);
  lua_createtable(L, 0, 32);
  env = lua_gettop(L);
  lua_getfield(L, p, "guard_G");
  lua_setmetatable(L, env);
  lua_getfield(L, p, "base");
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, env);
  }
  lua_pop(L, 1);
  for (i = 0; libs[i] != NULL; i++) {
    lua_getfield(L, p, libs[i]);
    lua_createtable(L, 0, 16);
    lua_pushnil(L);
    while (lua_next(L, -3) != 0) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
    lua_pushfstring(L, "guard_%s", libs[i]);
    lua_rawget(L, p);
    lua_setmetatable(L, -2);
    lua_setfield(L, env, libs[i]);
    lua_pop(L, 1);
  }
  lua_pushvalue(L, env);
  lua_setfield(L, env, "_G");
  lua_remove(L, p);
}

int vl_sandbox_load(lua_State *L, const char *text, size_t len, const char *name, int env) {
  int status;
  if (env != 0) env = lua_absindex(L, env);
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {  /* a UTF-8 byte-order mark: */
    text += 3;      /* skipped on both VMs (LuaJIT skips it, Lua 5.4 only in luaL_loadfile) */
    len -= 3;
  }
  if (len > 0 && text[0] == LUA_SIGNATURE[0]) {
    lua_pushliteral(L, "binary chunks are not allowed");
    return LUA_ERRSYNTAX;
  }
  if (len > VL_SANDBOX_MAX_CHUNK) {
    lua_pushfstring(L, "%s: chunk too large (%d bytes; at most %d)", name, (int)len,
                    (int)VL_SANDBOX_MAX_CHUNK);
    return LUA_ERRSYNTAX;
  }
  {                                        /* what loads on one VM loads alike on the other */
    char why[256];
    int line = vl_sandbox_check_text(text, len, why, sizeof why);
    if (line > 0) {
      char head[64];
      snprintf(head, sizeof head, "%.59s", name);   /* Lua's short form of a chunk name */
      lua_pushfstring(L, "%s:%d: %s", head, line, why);
      return LUA_ERRSYNTAX;
    }
  }
  lua_pushfstring(L, "=%s", name);
  status = luaL_loadbufferx(L, text, len, lua_tostring(L, -1), "t");
  lua_remove(L, -2);
  if (status != LUA_OK) return status;
  if (env != 0) {
    lua_pushvalue(L, env);
#if VL_LUAJIT
    lua_setfenv(L, -2);
#else
    if (lua_setupvalue(L, -2, 1) == NULL) lua_pop(L, 1);
#endif
  }
#if VL_LUAJIT
  luaJIT_setmode(L, -1, LUAJIT_MODE_ALLFUNC | LUAJIT_MODE_OFF);
#endif
  return LUA_OK;
}

/* sandbox.env() -> a fresh allow-list environment (no load, no volley: sandbox.lua adds). */
static int sb_env(lua_State *L) {
  vl_engine_check(L, "env");
  vl_sandbox_push_env(L);
  return 1;
}

/*
** sandbox.load(text, name, env) -> function | nil, message
** Loads text (binary chunks refused; at most VL_SANDBOX_MAX_CHUNK bytes) as the chunk "=name"
** with env as its environment and the JIT off for it. Inside a call, the text costs one
** instruction a byte (parsing runs no instructions the hook could count).
*/
static int sb_load(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "load");
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len);
  const char *name = luaL_checkstring(L, 2);
  luaL_checktype(L, 3, LUA_TTABLE);
  if (vl_budget_count(&e->budget, (unsigned long)len) != VL_BUDGET_OK) {
    lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, 1);
    vl_sandbox_push_budget_msg(L, e->budget.call.over);
    return lua_error(L);
  }
  if (vl_sandbox_load(L, text, len, name, 3) != LUA_OK) {
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;
  }
  return 1;
}

/* sandbox.read(path) -> text | nil, message: a script file's text, for trusted code (the
** runtime reads scenario scripts and mods; scripts themselves have no file access). */
static int sb_read(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  luaL_Buffer buf;
  size_t total = 0, n;
  FILE *f;
  vl_engine_check(L, "read");
  f = fopen(path, "rb");
  if (f == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "cannot read %s", path);
    return 2;
  }
  luaL_buffinit(L, &buf);
  do {
    char *p = luaL_prepbuffer(&buf);
    n = fread(p, 1, LUAL_BUFFERSIZE, f);
    luaL_addsize(&buf, n);
    total += n;
  } while (n == LUAL_BUFFERSIZE && total <= VL_SANDBOX_MAX_CHUNK);
  if (ferror(f)) {   /* a folder opens, then fails to read (EISDIR): not an empty script */
    int e = errno;
    fclose(f);
    luaL_pushresult(&buf);
    lua_pushnil(L);
    lua_pushfstring(L, "cannot read (%s)", strerror(e));
    return 2;
  }
  fclose(f);
  luaL_pushresult(&buf);
  if (total > VL_SANDBOX_MAX_CHUNK) {
    lua_pushnil(L);
    lua_pushfstring(L, "%s: chunk too large (more than %d bytes)", path, (int)VL_SANDBOX_MAX_CHUNK);
    return 2;
  }
  return 1;
}

/* }====================================================================================== */

/* sandbox.resume(co, ...): coroutine.resume for trusted drivers (the coroutine keeps the call
** it yields in); the same function is the trusted globals' coroutine.resume. */

const luaL_Reg vl_sandbox_env_funcs[] = {
  {"env", sb_env},
  {"load", sb_load},
  {"read", sb_read},
  {"resume", tco_resume},
  {"in_script_coroutine", sb_in_script_coroutine},
  {NULL, NULL}
};

/* ======================================================================================= */
/* {====== booting a state                                                                 */

/* Opens one standard library by calling its luaopen_* and leaves its table on the stack. */
static void open_lib(lua_State *S, lua_CFunction f, const char *name) {
  lua_pushcfunction(S, f);
  lua_pushstring(S, name);
  lua_call(S, 1, 1);
}

/* Copies the named fields of the table at src into the table at dst. */
static void copy_fields(lua_State *S, int src, int dst, const char *const *names) {
  src = lua_absindex(S, src);
  dst = lua_absindex(S, dst);
  for (; *names != NULL; names++) {
    lua_getfield(S, src, *names);
    lua_setfield(S, dst, *names);
  }
}

/* Pushes a copy of every field of the table at src but the named ones. */
static void copy_but(lua_State *S, int src, const char *const *but) {
  src = lua_absindex(S, src);
  lua_newtable(S);
  lua_pushnil(S);
  while (lua_next(S, src) != 0) {
    const char *const *b;
    int skip = 0;
    if (lua_type(S, -2) == LUA_TSTRING)
      for (b = but; *b != NULL; b++)
        if (strcmp(*b, lua_tostring(S, -2)) == 0) skip = 1;
    if (skip) {
      lua_pop(S, 1);
      continue;
    }
    lua_pushvalue(S, -2);
    lua_insert(S, -2);
    lua_rawset(S, -4);
  }
}

static void new_weak_set(lua_State *S, const char *key) {
  lua_newtable(S);
  lua_createtable(S, 0, 1);
  lua_pushliteral(S, "k");
  lua_setfield(S, -2, "__mode");
  lua_setmetatable(S, -2);
  vl_rawsetp(S, LUA_REGISTRYINDEX, key);
}

static const char *const script_base[] = {   /* (pairs, next, ipairs, tostring, tonumber and
                                                ** select are lua_sandbox_det.c's) */
  "assert", "error", "pcall", "rawequal", "rawget", "rawset", "type", NULL
};
static const char *const trusted_base[] = {
  "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
  "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "unpack",
  "xpcall", "_VERSION", NULL
};
static const char *const string_stock[] = {
  "byte", "char", "format", "len", "lower", "reverse", "sub", "upper", NULL
};
static const char *const math_allowed[] = {
  "abs", "ceil", "floor", "fmod", "huge", "max", "min", "pi", "sqrt", NULL
};
static const char *const math_denied[] = {"random", "randomseed", NULL};
static const char *const string_charged[] = {"char", NULL};   /* (format charges itself) */
static const char *const math_charged[] = {"max", "min", NULL};
static const char *const co_replaced[] = {"resume", "wrap", "yield", NULL};
static const char *const none[] = {NULL};

int vl_sandbox_boot(lua_State *S) {
  vl_engine *e = vl_engine_of(S);
  int g0, colib, tablib, strlib, mathlib, p, safe, t;
  open_lib(S, luaopen_base, "_G");
  g0 = lua_gettop(S);
#if VL_LUAJIT
  lua_getfield(S, g0, "coroutine");        /* LuaJIT's luaopen_base opens it too */
#else
  open_lib(S, luaopen_coroutine, LUA_COLIBNAME);
#endif
  colib = lua_gettop(S);
  open_lib(S, luaopen_table, LUA_TABLIBNAME);
  tablib = lua_gettop(S);
  open_lib(S, luaopen_string, LUA_STRLIBNAME);
  strlib = lua_gettop(S);
  open_lib(S, luaopen_math, LUA_MATHLIBNAME);
  mathlib = lua_gettop(S);

  /* the safe string table: also what every string's methods are */
  lua_newtable(S);
  safe = lua_gettop(S);
  copy_fields(S, strlib, safe, string_stock);
  vl_sandbox_det_funcs(S, safe, "string"); /* format, sub, byte: trusted code's too */
  vl_sandbox_charge_args(S, safe, string_charged);
  vl_pattern_register(S, safe);
  lua_pushliteral(S, "");
  lua_getmetatable(S, -1);
  lua_pushvalue(S, safe);
  lua_setfield(S, -2, "__index");          /* s:find() reaches only the safe table */
  lua_pushboolean(S, 0);
  lua_setfield(S, -2, "__metatable");      /* getmetatable("") cannot reach it */
  lua_pop(S, 2);

  /* the pristine parts of script environments */
  lua_newtable(S);
  p = lua_gettop(S);
  lua_newtable(S);
  copy_fields(S, g0, -1, script_base);
  lua_pushcfunction(S, sb_setmetatable);
  lua_setfield(S, -2, "setmetatable");
  lua_pushcfunction(S, sb_getmetatable);
  lua_setfield(S, -2, "getmetatable");
#if VL_LUAJIT
  push_xpcall(S, g0);
#else
  lua_pushcfunction(S, sb_xpcall);
#endif
  lua_setfield(S, -2, "xpcall");
  vl_sandbox_det_funcs(S, -1, "base");
  lua_setfield(S, p, "base");
  lua_newtable(S);
  vl_sandbox_table_funcs(S, -1);
  lua_setfield(S, p, "table");
  lua_pushvalue(S, safe);
  lua_setfield(S, p, "string");
  lua_newtable(S);
  copy_fields(S, mathlib, -1, math_allowed);
  vl_sandbox_det_funcs(S, -1, "math");     /* floor, ceil, fmod: over the stock ones */
  vl_sandbox_charge_args(S, -1, math_charged);
  lua_setfield(S, p, "math");
  luaL_newlib(S, script_coroutine);
  lua_setfield(S, p, "coroutine");
  push_guard(S, missing_global, NULL);     /* shared by every environment: protected */
  lua_setfield(S, p, "guard_G");
  {
    static const char *const libs[] = {"table", "string", "math", "coroutine", NULL};
    const char *const *l;
    for (l = libs; *l != NULL; l++) {
      lua_pushfstring(S, "guard_%s", *l);
      push_guard(S, missing_field, *l);
      lua_rawset(S, p);
    }
  }
  vl_rawsetp(S, LUA_REGISTRYINDEX, &vl_key_pristine);

  /* the trusted globals */
  lua_newtable(S);
  t = lua_gettop(S);
  copy_fields(S, g0, t, trusted_base);
  lua_pushcfunction(S, sb_collectgarbage);
  lua_setfield(S, t, "collectgarbage");
  lua_pushcfunction(S, vl_engine_require);
  lua_setfield(S, t, "require");
  copy_but(S, tablib, none);
  lua_setfield(S, t, "table");
  lua_pushvalue(S, safe);
  lua_setfield(S, t, "string");
  copy_but(S, mathlib, math_denied);
  lua_setfield(S, t, "math");
  copy_but(S, colib, co_replaced);
  lua_pushcfunction(S, tco_resume);
  lua_setfield(S, -2, "resume");
  lua_pushcfunction(S, tco_wrap);
  lua_setfield(S, -2, "wrap");
  lua_pushcfunction(S, tco_yield);
  lua_setfield(S, -2, "yield");
  lua_setfield(S, t, "coroutine");
#if VL_LUAJIT
  lua_createtable(S, 0, 2);                /* what volley.compat asks of LuaJIT: that it is */
  lua_pushliteral(S, LUAJIT_VERSION);
  lua_setfield(S, -2, "version");
  lua_pushinteger(S, LUAJIT_VERSION_NUM);
  lua_setfield(S, -2, "version_num");
  lua_setfield(S, t, "jit");
#endif
  lua_pushvalue(S, t);
  lua_setfield(S, t, "_G");
#if VL_LUAJIT
  lua_pushvalue(S, t);
  lua_replace(S, LUA_GLOBALSINDEX);
#else
  lua_pushvalue(S, t);
  lua_rawseti(S, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
#endif
  lua_newtable(S);                         /* forget what luaopen_* registered as loaded */
  lua_setfield(S, LUA_REGISTRYINDEX, "_LOADED");

  new_weak_set(S, &vl_key_script_threads);
  new_weak_set(S, &vl_key_script_mts);
  new_weak_set(S, &key_slots);
  new_weak_set(S, &vl_key_errors);
  vl_sandbox_boot_errors(S);
  if (e != NULL) vl_sandbox_messages(S, e);
  lua_settop(S, 0);
  return 0;
}

/* }====================================================================================== */
