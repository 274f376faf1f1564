/*
** lua_vm.c -- engine-owned Lua states, the host's side: `volley.core.new_state{...}` and the
** methods a host (the volley program, or a busted spec in a stock interpreter) drives one
** with (docs/build.md "Engine-owned Lua states").
**
** A state is made by lua_newstate with the byte-budget allocator (budget.c) whose ud is the
** engine struct (lua_engine.h), holding the budget and the sandbox's bookkeeping; the count
** hook is set on its main thread, and every thread inherits it (Lua 5.4's lua_newthread
** copies the creating thread's hook; LuaJIT's hook is one per state). Its globals are the
** trusted globals (lua_sandbox.c: no io, os, debug, package, load; a privileged require);
** untrusted chunks get environments of their own. Values cross between the host and the
** state as plain data only (lua_copy.c). Everything the host does inside the state runs in
** protected mode through one entry function registered at boot, so a memory error in the
** state never reaches a panic.
*/
#include "lua_engine.h"
#include "lua_modules.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VM_TNAME "volley.vm"
#define TASK_TNAME "volley.task"

static const char key_entry = 'E';        /* the state's registry: the entry function */

typedef struct vm {
  vl_engine e;              /* first member: the allocator's ud is the engine */
} vm;

/* ======================================================================================= */
/* {====== entries into the state                                                          */

enum { OP_RUN, OP_REQUIRE, OP_CALL, OP_SPAWN, OP_ANSWER, OP_RESUME, OP_YIELDED, OP_GC };

typedef struct entry {
  int op;
  lua_State *host;          /* where arguments are copied from */
  int first, nargs;         /* host stack slots of the arguments */
  const char *code, *name;  /* OP_RUN: the chunk and its name */
  size_t len;
  const char *module, *fn;  /* OP_REQUIRE, OP_CALL, OP_SPAWN */
  lua_State *co;            /* OP_ANSWER, OP_RESUME, OP_YIELDED: the task's thread */
  int ref;                  /* OP_SPAWN: the registry reference of the new thread */
  int status, nres;         /* OP_RESUME: what lua_resume said */
  int over;                 /* OP_RUN: why the run was over budget */
} entry;

/* Pushes require(module)[fn] inside S, raising if it is not a function. */
static void push_function(lua_State *S, const char *module, const char *fn) {
  lua_pushcfunction(S, vl_engine_require);
  lua_pushstring(S, module);
  lua_call(S, 1, 1);
  if (!lua_istable(S, -1)) luaL_error(S, "module '%s' is not a table", module);
  lua_getfield(S, -1, fn);
  if (!lua_isfunction(S, -1)) luaL_error(S, "%s.%s is not a function", module, fn);
  lua_remove(S, -2);
}

/* Copies the host's arguments onto S (raising in S when one is not plain data). */
static void push_args(lua_State *S, const entry *x) {
  int i;
  char msg[256];
  luaL_checkstack(S, x->nargs + 4, "too many arguments");
  for (i = 0; i < x->nargs; i++)
    if (vl_copy_value(S, x->host, x->first + i, msg, sizeof msg) != 0)
      luaL_error(S, "argument #%d: %s", i + 1, msg);
}

/* The one function the host calls S through (protected). Its argument is an entry. */
static int host_entry(lua_State *S) {
  entry *x = lua_touserdata(S, 1);
  vl_engine *e = vl_engine_of(S);
  lua_settop(S, 0);
  if (e->budget.mem_limit != 0 && e->budget.mem_used > e->budget.mem_limit / 4 * 3)
    lua_gc(S, LUA_GCCOLLECT, 0);          /* LuaJIT has no emergency collection */
  switch (x->op) {
  case OP_RUN: {
    int status, level;
    lua_pushcfunction(S, vl_sandbox_handler);           /* 1 */
    vl_sandbox_push_env(S);                             /* 2 */
    if (vl_sandbox_load(S, x->code, x->len, x->name, 2) != LUA_OK) {
      lua_pushboolean(S, 0);
      lua_insert(S, -2);
      return 2;
    }
    level = vl_sandbox_enter(S, e);
    status = lua_pcall(S, 0, 1, 1);
    x->over = vl_sandbox_leave(S, e, level);
    lua_pushboolean(S, status == LUA_OK && x->over == VL_BUDGET_OK);
    lua_insert(S, -2);
    return 2;
  }
  case OP_REQUIRE:
    lua_pushcfunction(S, vl_engine_require);
    lua_pushstring(S, x->module);
    lua_call(S, 1, 0);
    return 0;
  case OP_CALL:
    push_function(S, x->module, x->fn);
    push_args(S, x);
    lua_call(S, x->nargs, LUA_MULTRET);
    return lua_gettop(S);
  case OP_SPAWN: {
    lua_State *co;
    push_function(S, x->module, x->fn);                 /* 1 */
    push_args(S, x);
    co = lua_newthread(S);
    if (lua_gethook(co) != vl_engine_hook)
      lua_sethook(co, vl_engine_hook, LUA_MASKCOUNT, VL_HOOK_STEP);
    lua_pushvalue(S, -1);
    x->ref = luaL_ref(S, LUA_REGISTRYINDEX);
    lua_pop(S, 1);
    if (!lua_checkstack(co, x->nargs + 1)) luaL_error(S, "too many arguments");
    lua_xmove(S, co, x->nargs + 1);
    return 0;
  }
  case OP_ANSWER:
    push_args(S, x);
    lua_xmove(S, x->co, x->nargs);
    return 0;
  case OP_RESUME:
    lua_checkstack(S, x->nargs + 1);
    lua_xmove(x->co, S, x->nargs);                      /* vl_sandbox_resume takes them from S */
    x->status = vl_sandbox_resume(S, x->co, x->nargs, &x->nres);
    return 0;
  case OP_YIELDED:
    push_function(S, "volley.host", "yielded");
    luaL_checkstack(S, x->nres + 1, "too many values yielded");
    lua_xmove(x->co, S, x->nres);
    lua_call(S, x->nres, LUA_MULTRET);
    return lua_gettop(S);
  case OP_GC:
    lua_gc(S, LUA_GCCOLLECT, 0);
    return 0;
  default:
    return 0;
  }
}

/* Runs entry x in S in protected mode; results are left on S's stack. Returns the status. */
static int enter(vl_engine *e, entry *x) {
  lua_State *S = e->S;
  lua_settop(S, 0);
  e->stray = 0;
  e->stray_over = 0;
  vl_rawgetp(S, LUA_REGISTRYINDEX, &key_entry);
  lua_pushlightuserdata(S, x);
  return lua_pcall(S, 1, LUA_MULTRET, 0);
}

/* Pushes onto L a copy of S's value at idx, or, when it is not plain data, raises in L with
** what is wrong (after clearing S's stack). */
static void push_plain(lua_State *L, lua_State *S, int idx, const char *what) {
  char msg[256];
  if (vl_copy_value(L, S, idx, msg, sizeof msg) != 0) {
    lua_settop(S, 0);
    luaL_error(L, "%s: %s", what, msg);
  }
}

/* Pushes onto L an error value of S: plain data as it is, anything else described. */
static void push_error(lua_State *L, lua_State *S, int idx) {
  char msg[256];
  if (vl_copy_value(L, S, idx, msg, sizeof msg) != 0)
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(S, idx));
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== new_state and the methods                                                       */

static vm *check_vm(lua_State *L) {
  vm *v = vl_checkudata(L, 1, VM_TNAME);
  luaL_argcheck(L, v->e.S != NULL, 1, "engine state is closed");
  return v;
}

/* Reads an optional non-negative integer field of the options table at index 1. */
static lua_Integer opt_field(lua_State *L, const char *k, lua_Integer dflt) {
  lua_Integer n;
  if (lua_isnoneornil(L, 1)) return dflt;
  if (vl_rawfield(L, 1, k) == LUA_TNIL) {
    lua_pop(L, 1);
    return dflt;
  }
  if (!lua_isnumber(L, -1)) luaL_error(L, "bad option '%s' to 'new_state' (number expected)", k);
  n = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (n < 0) luaL_error(L, "bad option '%s' to 'new_state' (must be >= 0)", k);
  return n;
}

static char *dup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d != NULL) memcpy(d, s, n);
  return d;
}

/* The C path for lpeg: the option, else the host's package.cpath, else the host engine's,
** else the interpreter's default. Returns a malloc'd string or NULL (out of memory). */
static char *pick_cpath(lua_State *L) {
  const char *c = NULL;
  vl_engine *host;
  if (lua_istable(L, 1) && vl_rawfield(L, 1, "cpath") != LUA_TNIL) {
    char *d = dup(luaL_checkstring(L, -1));
    lua_pop(L, 1);
    return d;
  }
  if (lua_istable(L, 1)) lua_pop(L, 1);
  lua_getglobal(L, "package");
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, "cpath");
    if (lua_type(L, -1) == LUA_TSTRING) c = lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  if (c != NULL) return dup(c);        /* (the string may be collected: copied at once) */
  host = vl_engine_of(L);
  if (host != NULL && host->cpath != NULL) return dup(host->cpath);
#ifdef LUA_CPATH_DEFAULT
  return dup(LUA_CPATH_DEFAULT);
#else
  return dup("");
#endif
}

/* The module directories of the options, joined by ';' (malloc'd), or NULL for none. */
static char *pick_modules(lua_State *L) {
  luaL_Buffer b;
  int i, n, list;
  char *out;
  if (!lua_istable(L, 1)) return NULL;
  if (vl_rawfield(L, 1, "modules") == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  list = lua_gettop(L);
  if (!lua_istable(L, list)) luaL_error(L, "bad option 'modules' to 'new_state' (list expected)");
  n = (int)lua_rawlen(L, list);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, list, i);
    if (lua_type(L, -1) != LUA_TSTRING)
      luaL_error(L, "bad option 'modules' to 'new_state' (list of directories expected)");
    lua_pop(L, 1);
  }
  luaL_buffinit(L, &b);
  for (i = 1; i <= n; i++) {
    if (i > 1) luaL_addchar(&b, ';');
    lua_rawgeti(L, list, i);
    luaL_addvalue(&b);
  }
  luaL_pushresult(&b);
  out = dup(lua_tostring(L, -1));
  lua_settop(L, list - 1);
  if (out == NULL) luaL_error(L, "not enough memory");
  return out;
}

static const char *const new_options[] = {"mem", "instr", "call_mem", "time", "modules",
                                          "cpath", NULL};

/*
** volley.core.new_state{mem=, instr=, call_mem=, time=, modules=, cpath=} -> state
** An engine-owned Lua state. mem: bytes the state may hold (default 64 MiB); instr: VM
** instructions one call into untrusted code may run (default 10^7); call_mem: bytes one call
** may grow the state by (default 16 MiB); time: milliseconds of the time guard of a call
** (default 10000); 0 means none for each. modules: extra directories of trusted Lua modules
** (after scripts/ of the data path); cpath: where to look for lpeg (default: the host's
** package.cpath). Unknown option keys are errors.
*/
static int vm_new(lua_State *L) {
  vm *v;
  vl_engine *e;
  lua_Integer mem = opt_field(L, "mem", (lua_Integer)VL_ENGINE_MEM);
  lua_Integer instr = opt_field(L, "instr", (lua_Integer)VL_ENGINE_INSTR);
  lua_Integer call_mem = opt_field(L, "call_mem", (lua_Integer)VL_ENGINE_CALL_MEM);
  lua_Integer ms = opt_field(L, "time", (lua_Integer)VL_ENGINE_TIME_MS);
  if (lua_istable(L, 1)) {
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
      const char *const *o;
      for (o = new_options; *o != NULL && strcmp(*o, k) != 0; o++) {}
      if (*o == NULL)
        return luaL_error(L, "bad option '%s' to 'new_state' (known: mem, instr, call_mem, time, "
                             "modules, cpath)", k);
      lua_pop(L, 1);
    }
  } else if (!lua_isnoneornil(L, 1)) {
    return luaL_argerror(L, 1, "table expected");
  }
  v = lua_newuserdata(L, sizeof *v);     /* owns what follows: __gc frees it on any error */
  e = &v->e;
  memset(e, 0, sizeof *e);
  luaL_setmetatable(L, VM_TNAME);
  e->modules = pick_modules(L);
  e->cpath = pick_cpath(L);
  vl_budget_init(&e->budget, (size_t)mem, (unsigned long)instr);
  e->budget.call_mem_limit = (size_t)call_mem;
#if VL_LUAJIT
  e->budget.soft_call_limit = 1;           /* no emergency collection: settled after a GC */
  e->budget.on_unsettled = vl_sandbox_unsettled;
#endif
  e->time_limit_ms = (unsigned long)ms;
  e->path = vl_path_for_process();
  if (e->cpath == NULL || e->path == NULL) return luaL_error(L, "not enough memory");
  e->S = lua_newstate(vl_budget_alloc, e);
  if (e->S == NULL) return luaL_error(L, "cannot create an engine state (memory budget too small?)");
  lua_sethook(e->S, vl_engine_hook, LUA_MASKCOUNT, VL_HOOK_STEP);
  lua_pushcfunction(e->S, vl_sandbox_boot);
  if (lua_pcall(e->S, 0, 0, 0) == LUA_OK) {
    lua_pushcfunction(e->S, host_entry);
    vl_rawsetp(e->S, LUA_REGISTRYINDEX, &key_entry);
  }
  if (lua_gettop(e->S) != 0) {                   /* an error message, or no room for the entry */
    const char *msg = lua_tostring(e->S, -1);
    lua_pushstring(L, msg ? msg : "not enough memory");
    lua_close(e->S);
    e->S = NULL;
    return luaL_error(L, "cannot create an engine state: %s", lua_tostring(L, -1));
  }
#if VL_LUAJIT
  luaJIT_setmode(e->S, 0, LUAJIT_MODE_ENGINE | LUAJIT_MODE_OFF);  /* traces skip count hooks */
#endif
  return 1;
}

/* Pushes onto L a copy of the value at idx of S: nil, booleans, numbers and strings as they
** are; anything else as its type name in angle brackets (the results of state:run). */
static void push_copy(lua_State *L, lua_State *S, int idx) {
  switch (lua_type(S, idx)) {
  case LUA_TNONE:
  case LUA_TNIL: lua_pushnil(L); break;
  case LUA_TBOOLEAN: lua_pushboolean(L, lua_toboolean(S, idx)); break;
  case LUA_TNUMBER:
#if !VL_LUAJIT
    if (lua_isinteger(S, idx)) {
      lua_pushinteger(L, lua_tointeger(S, idx));
      break;
    }
#endif
    lua_pushnumber(L, lua_tonumber(S, idx));
    break;
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
** Runs code as an untrusted chunk: text only (binary chunks are refused), in a fresh
** allow-list environment of its own, as one call under the budgets. value is the chunk's
** first result (nil, boolean, number or string; other types as "<table>" and the like).
** message names a spent budget as "memory budget exceeded (N bytes)", "instruction budget
** exceeded (N instructions)" or "time guard exceeded (N ms)".
*/
static int vm_run(lua_State *L) {
  vm *v = check_vm(L);
  vl_engine *e = &v->e;
  entry x;
  int status;
  memset(&x, 0, sizeof x);
  x.op = OP_RUN;
  x.code = luaL_checklstring(L, 2, &x.len);
  x.name = luaL_optstring(L, 3, "(run)");
  if (*x.name == '=' || *x.name == '@') x.name++;
  status = enter(e, &x);
  if (status != LUA_OK) {                  /* the environment could not be made */
    lua_pushboolean(L, 0);
    push_copy(L, e->S, -1);
  } else if (lua_toboolean(e->S, 1)) {
    lua_pushboolean(L, 1);
    push_copy(L, e->S, 2);
  } else {
    lua_pushboolean(L, 0);
    if (x.over != VL_BUDGET_OK) {
      vl_sandbox_push_budget_msg(e->S, x.over);
      push_copy(L, e->S, -1);
    } else {
      push_copy(L, e->S, 2);
    }
  }
  lua_settop(e->S, 0);
  return 2;
}

/* state:require(name) -> true | false, message: loads a trusted module in the state. */
static int vm_require(lua_State *L) {
  vm *v = check_vm(L);
  entry x;
  memset(&x, 0, sizeof x);
  x.op = OP_REQUIRE;
  x.module = luaL_checkstring(L, 2);
  if (enter(&v->e, &x) != LUA_OK) {
    lua_pushboolean(L, 0);
    push_error(L, v->e.S, -1);
    lua_settop(v->e.S, 0);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/*
** state:call(module, fn, ...) -> true, results... | false, error
** Calls require(module)[fn](...) in the state (trusted code: not counted; it may call
** untrusted code through the sandbox). Arguments and results cross as plain data; a result
** that is not plain data raises here. The call may not yield (use spawn).
*/
static int vm_call(lua_State *L) {
  vm *v = check_vm(L);
  lua_State *S = v->e.S;
  entry x;
  int i, n;
  memset(&x, 0, sizeof x);
  x.op = OP_CALL;
  x.module = luaL_checkstring(L, 2);
  x.fn = luaL_checkstring(L, 3);
  x.host = L;
  x.first = 4;
  x.nargs = lua_gettop(L) - 3;
  luaL_checkstack(L, 2 * VL_COPY_DEPTH + 8, "too many values");
  if (enter(&v->e, &x) != LUA_OK) {
    lua_pushboolean(L, 0);
    push_error(L, S, -1);
    lua_settop(S, 0);
    return 2;
  }
  n = lua_gettop(S);
  luaL_checkstack(L, n + 1, "too many results");
  lua_pushboolean(L, 1);
  for (i = 1; i <= n; i++) {
    char what[64];
    snprintf(what, sizeof what, "result #%d of %s.%s", i, x.module, x.fn);
    push_plain(L, S, i, what);
  }
  lua_settop(S, 0);
  return n + 1;
}

/* state:memory() -> bytes held now, the most held (both integers). */
static int vm_memory(lua_State *L) {
  vm *v = check_vm(L);
  lua_pushinteger(L, (lua_Integer)v->e.budget.mem_used);
  lua_pushinteger(L, (lua_Integer)v->e.budget.mem_peak);
  return 2;
}

/* state:gc() -> bytes held after a full collection. */
static int vm_gc(lua_State *L) {
  vm *v = check_vm(L);
  entry x;
  memset(&x, 0, sizeof x);
  x.op = OP_GC;
  enter(&v->e, &x);
  lua_settop(v->e.S, 0);
  lua_pushinteger(L, (lua_Integer)v->e.budget.mem_used);
  return 1;
}

/* state:close(): frees the state now; later calls other than close raise. Also __gc, __close. */
static int vm_close(lua_State *L) {
  vm *v = vl_checkudata(L, 1, VM_TNAME);
  vl_engine *e = &v->e;
  if (e->S != NULL) {
    lua_close(e->S);
    e->S = NULL;
  }
  if (e->lpeg != NULL) {                   /* after lua_close: lpeg's __gc lives in it */
    dlclose(e->lpeg);
    e->lpeg = NULL;
  }
  vl_path_free(e->path);
  e->path = NULL;
  free(e->modules);
  e->modules = NULL;
  free(e->cpath);
  e->cpath = NULL;
  return 0;
}

static int vm_tostring(lua_State *L) {
  vm *v = vl_checkudata(L, 1, VM_TNAME);
  if (v->e.S == NULL)
    lua_pushliteral(L, "volley.vm (closed)");
  else
    lua_pushfstring(L, "volley.vm (%p)", (void *)v);
  return 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== tasks: coroutines of the state the host drives                                  */

enum { TASK_NEW, TASK_ASKING, TASK_ENDED };

typedef struct task {
  vl_engine *e;
  int vm_ref;               /* host registry: keeps the state's userdata alive */
  int co_ref;               /* state registry: the thread */
  int state;
} task;

static task *check_task(lua_State *L) {
  return vl_checkudata(L, 1, TASK_TNAME);
}

static void end_task(lua_State *L, task *t) {
  if (t->state != TASK_ENDED && t->e->S != NULL) luaL_unref(t->e->S, LUA_REGISTRYINDEX, t->co_ref);
  t->state = TASK_ENDED;
  if (t->vm_ref != LUA_NOREF) {
    luaL_unref(L, LUA_REGISTRYINDEX, t->vm_ref);
    t->vm_ref = LUA_NOREF;
  }
}

/*
** state:spawn(module, fn, ...) -> task
** A coroutine of the state that will run require(module)[fn](...) (the arguments cross as
** plain data now). Nothing runs until task:resume().
*/
static int vm_spawn(lua_State *L) {
  vm *v = check_vm(L);
  entry x;
  task *t;
  memset(&x, 0, sizeof x);
  x.op = OP_SPAWN;
  x.module = luaL_checkstring(L, 2);
  x.fn = luaL_checkstring(L, 3);
  x.host = L;
  x.first = 4;
  x.nargs = lua_gettop(L) - 3;
  luaL_checkstack(L, 2 * VL_COPY_DEPTH + 8, "too many values");
  if (enter(&v->e, &x) != LUA_OK) {
    lua_pushstring(L, lua_tostring(v->e.S, -1) ? lua_tostring(v->e.S, -1) : "spawn failed");
    lua_settop(v->e.S, 0);
    return lua_error(L);
  }
  lua_settop(v->e.S, 0);
  t = lua_newuserdata(L, sizeof *t);
  t->e = &v->e;
  t->co_ref = x.ref;
  t->state = TASK_NEW;
  t->vm_ref = LUA_NOREF;
  luaL_setmetatable(L, TASK_TNAME);
  lua_pushvalue(L, 1);
  t->vm_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 1;
}

/*
** task:resume([answer]) -> "request", side, request, refusal | "done", results... |
**                          "error", error
** Runs the task until it asks, ends or fails. The first resume starts it; each later one
** gives the answer to the pending request (plain data). A yield is handed to
** volley.host.yielded inside the state, which turns an `ask` into ("request", side, request
** as plain data {kind, prompt, rule, default, options}, refusal) and refuses any other yield.
** The budgets of a call a hook was in when it asked are kept for when it goes on.
*/
static int task_resume(lua_State *L) {
  task *t = check_task(L);
  vl_engine *e = t->e;
  lua_State *S = e->S, *co;
  entry x;
  int i, n;
  if (t->state == TASK_ENDED) return luaL_error(L, "the task has ended");
  if (S == NULL) return luaL_error(L, "engine state is closed");
  luaL_checkstack(L, 2 * VL_COPY_DEPTH + 8, "too many values");
  lua_settop(S, 0);
  lua_rawgeti(S, LUA_REGISTRYINDEX, t->co_ref);
  co = lua_tothread(S, -1);
  lua_pop(S, 1);                           /* the registry keeps it */
  memset(&x, 0, sizeof x);
  x.co = co;
  if (t->state == TASK_ASKING) {
    x.op = OP_ANSWER;
    x.host = L;
    x.first = 2;
    x.nargs = 1;
    if (enter(e, &x) != LUA_OK) {
      lua_pushstring(L, lua_tostring(S, -1) ? lua_tostring(S, -1) : "bad answer");
      lua_settop(S, 0);
      return luaL_error(L, "bad answer: %s", lua_tostring(L, -1));
    }
    x.nargs = 1;
  } else {
    x.nargs = lua_gettop(co) - 1;
  }
  x.op = OP_RESUME;
  if (enter(e, &x) != LUA_OK) {
    lua_pushliteral(L, "error");
    push_error(L, S, -1);
    lua_settop(S, 0);
    end_task(L, t);
    return 2;
  }
  if (x.status == LUA_YIELD) {
    x.op = OP_YIELDED;
    if (enter(e, &x) != LUA_OK) {
      lua_pushliteral(L, "error");
      push_error(L, S, -1);
      lua_settop(S, 0);
      end_task(L, t);
      return 2;
    }
    n = lua_gettop(S);
    luaL_checkstack(L, n, "too many values");
    for (i = 1; i <= n; i++) push_plain(L, S, i, "a request");
    lua_settop(S, 0);
    t->state = TASK_ASKING;
    return n;
  }
  if (x.status == LUA_OK) {
    n = x.nres;
    luaL_checkstack(L, n + 1, "too many results");
    lua_pushliteral(L, "done");
    for (i = 1; i <= n; i++) {
      char msg[256];
      if (vl_copy_value(L, co, lua_gettop(co) - n + i, msg, sizeof msg) != 0) {
        lua_settop(L, 1);
        lua_pushliteral(L, "error");
        lua_pushfstring(L, "result #%d: %s", i, msg);
        end_task(L, t);
        return 2;
      }
    }
    end_task(L, t);
    return n + 1;
  }
  lua_pushliteral(L, "error");
  push_error(L, co, -1);
  end_task(L, t);
  return 2;
}

/* task:status() -> "new" | "asking" | "ended" */
static int task_status(lua_State *L) {
  static const char *const names[] = {"new", "asking", "ended"};
  lua_pushstring(L, names[check_task(L)->state]);
  return 1;
}

/* task:close(): ends the task (its coroutine is released). Also __gc, __close. */
static int task_close(lua_State *L) {
  end_task(L, check_task(L));
  return 0;
}

/* }====================================================================================== */

static const luaL_Reg vm_methods[] = {
  {"run", vm_run},
  {"require", vm_require},
  {"call", vm_call},
  {"spawn", vm_spawn},
  {"memory", vm_memory},
  {"gc", vm_gc},
  {"close", vm_close},
  {NULL, NULL}
};

static const luaL_Reg vm_metamethods[] = {
  {"__gc", vm_close},
  {"__close", vm_close},
  {"__tostring", vm_tostring},
  {NULL, NULL}
};

static const luaL_Reg task_methods[] = {
  {"resume", task_resume},
  {"status", task_status},
  {"close", task_close},
  {NULL, NULL}
};

static const luaL_Reg task_metamethods[] = {
  {"__gc", task_close},
  {"__close", task_close},
  {NULL, NULL}
};

void vl_lua_open_vm(lua_State *L) {
  vl_lua_class(L, VM_TNAME, vm_metamethods, vm_methods);
  vl_lua_class(L, TASK_TNAME, task_metamethods, task_methods);
  lua_pushcfunction(L, vm_new);
  lua_setfield(L, -2, "new_state");
}
