/*
** lua_sandbox.c -- the C half of the sandbox of engine-owned states (docs/modding.md): the
** count hook and the budgets of calls into untrusted code, the allow-list environments,
** text-only loading with the JIT off, the coroutines scripts may use and the ones trusted code
** uses, the guarded setmetatable/getmetatable/collectgarbage, error objects, and the table
** `volley.core.sandbox` that scripts/volley/sandbox.lua builds on.
**
** Trusted and untrusted code share one state. What tells them apart is the chunk name: the
** privileged require names trusted modules "@<path>", the sandbox names every chunk it loads
** "=<path>" (a script cannot choose its own), so a frame whose source starts with '=' is
** script code. The count hook counts instructions only during a call; it raises only in
** script frames, so trusted code (the runtime between a script's error and the end of the
** call) always gets to finish what it does and leave the call.
*/
#include "lua_engine.h"
#include "lua_modules.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

const char vl_key_script_threads = 't';
const char vl_key_script_mts = 'm';
const char vl_key_pristine = 'p';
static const char key_slots = 's';        /* weak-keyed: thread -> saved call (a userdata) */
static const char key_errors = 'e';       /* weak-keyed: error object -> its true contents */
static const char key_msg_instr = 'i';    /* the budget messages, made before they are needed */
static const char key_msg_mem = 'M';
static const char key_msg_call_mem = 'c';
static const char key_msg_time = 'T';

/* ======================================================================================= */
/* {====== the engine and the clock                                                        */

vl_engine *vl_engine_of(lua_State *L) {
  void *ud;
  lua_Alloc f = lua_getallocf(L, &ud);
  return f == vl_budget_alloc ? ud : NULL;
}

vl_engine *vl_engine_check(lua_State *L, const char *what) {
  vl_engine *e = vl_engine_of(L);
  if (e == NULL)
    luaL_error(L, "%s: not an engine-owned state (volley.core.new_state)", what);
  return e;
}

/* Seconds on the monotonic clock. Used only by the time guard, never by a rule. */
static double now(void) {
  struct timespec ts;
  if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== the count hook                                                                  */

/* Whether the function ar describes (after lua_getinfo "S") is script code. */
static int is_script(const lua_Debug *ar) {
  return ar->source != NULL && ar->source[0] == '=' && strcmp(ar->what, "C") != 0;
}

static void record(vl_where *w, const lua_Debug *ar) {
  const char *src = ar->source ? ar->source : "?";
  if (*src == '=' || *src == '@') src++;
  snprintf(w->file, sizeof w->file, "%s", src);
  snprintf(w->short_src, sizeof w->short_src, "%s", ar->short_src);
  w->line = ar->currentline;
  w->set = 1;
  w->after_refusal = 0;
}

void vl_sandbox_push_budget_msg(lua_State *L, int over) {
  vl_engine *e = vl_engine_of(L);
  const char *key = &key_msg_instr;
  if (over == VL_BUDGET_MEM)
    key = e != NULL && e->budget.refused_limit == e->budget.mem_limit ? &key_msg_mem
                                                                      : &key_msg_call_mem;
  else if (over == VL_BUDGET_TIME)
    key = &key_msg_time;
  vl_rawgetp(L, LUA_REGISTRYINDEX, key);
}

static void set_period(lua_State *L, int n) {
  if (lua_gethookcount(L) != n) lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, n);
}

/* Collects garbage when the call has used half the room it had at the last collection, so
** garbage is not counted against a call (the state's own collector may lag behind). */
static void maybe_collect(lua_State *L, vl_budget *b) {
  size_t room = vl_budget_room(b);
  if (room >= b->call.gc_room) return;
  lua_gc(L, LUA_GCCOLLECT, 0);
  b->call.gc_room = vl_budget_room(b) / 2;
}

void vl_engine_hook(lua_State *L, lua_Debug *ar) {
  vl_engine *e = vl_engine_of(L);
  vl_budget *b;
  int n, script;
  if (e == NULL) return;
  b = &e->budget;
  n = lua_gethookcount(L);
  lua_getinfo(L, "Sl", ar);
  script = is_script(ar);
  if (b->call.depth > 0) {
    if (script) {
      if (!e->seen.set || ar->source != e->seen_src) {
        record(&e->seen, ar);              /* a new chunk name: copy it */
        e->seen_src = ar->source;
      } else {
        e->seen.line = ar->currentline;
      }
    }
    if (vl_budget_count(b, (unsigned long)n) == VL_BUDGET_OK) {
      if (e->time_limit_ms != 0 && (now() - e->call_started) * 1000.0 > (double)e->time_limit_ms)
        b->call.over = VL_BUDGET_TIME;
      else {
        maybe_collect(L, b);
        set_period(L, VL_HOOK_STEP);
        return;
      }
    }
  } else {                                 /* no call: trusted code, or a stray script */
    if (!script) {
      set_period(L, VL_HOOK_STEP);
      return;
    }
    if (!e->stray_over) {
      e->stray += (unsigned long)n;
      if (b->instr_limit == 0 || e->stray <= b->instr_limit) {
        set_period(L, VL_HOOK_STEP);
        return;
      }
      e->stray_over = 1;
    }
  }
  /* over: check at every instruction from now on; raise whenever script code runs */
  set_period(L, 1);
  if (!script) return;
  vl_sandbox_push_budget_msg(L, b->call.depth > 0 ? b->call.over : VL_BUDGET_INSTR);
  lua_error(L);
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== calls: enter, leave, the message handler, error objects                          */

void vl_sandbox_enter(lua_State *L, vl_engine *e) {
  vl_budget *b = &e->budget;
  if (vl_budget_enter(b)) {
    e->where.set = 0;
    e->seen.set = 0;
    e->seen_src = NULL;
    e->stray = 0;
    e->stray_over = 0;
    e->budget.mem_refused = 0;
    e->call_started = now();
    if (b->mem_limit != 0 && b->mem_used > b->mem_limit / 4 * 3) {
      lua_gc(L, LUA_GCCOLLECT, 0);         /* start from what is live, not from garbage */
      b->call.mem_base = b->mem_used;
      b->call.gc_room = vl_budget_room(b) / 2;
    }
  }
  if (lua_gethook(L) != vl_engine_hook) lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, VL_HOOK_STEP);
}

int vl_sandbox_leave(lua_State *L, vl_engine *e) {
  vl_budget *b = &e->budget;
  int over = b->call.over;
  if (vl_budget_leave(b)) {
    e->last_instr = b->call.instr_used;
    e->last_mem = b->call.mem_grown;
    set_period(L, VL_HOOK_STEP);
  }
  return over;
}

int vl_sandbox_handler(lua_State *L) {
  vl_engine *e = vl_engine_of(L);
  lua_Debug ar;
  vl_where first;
  int level;
  lua_settop(L, 1);
  if (e == NULL) return 1;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_errors);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);
  if (!lua_isnil(L, -1)) {                 /* an error object made earlier: keep its place */
    lua_settop(L, 1);
    return 1;
  }
  lua_settop(L, 1);
  first.set = 0;
  for (level = 1; lua_getstack(L, level, &ar); level++) {
    if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
    if (is_script(&ar)) {
      record(&e->where, &ar);
      e->where.after_refusal = e->budget.mem_refused;
      return 1;
    }
    if (!first.set) record(&first, &ar);
  }
  /* no script frame (a script's tail call into a C function leaves none): the script line
  ** the hook saw last, else the innermost Lua frame */
  if (e->budget.call.depth > 0 && e->seen.set)
    e->where = e->seen;
  else if (first.set)
    e->where = first;
  e->where.after_refusal = e->budget.mem_refused;
  return 1;
}

/* Pushes a new error object {msg, file, line, point, source, budget} from the fields in the
** table at idx, and remembers its contents so a script that catches and changes it cannot
** pass it on changed. */
static void push_error_object(lua_State *L, int idx) {
  static const char *const fields[] = {"msg", "file", "line", "point", "source", "budget", NULL};
  int i;
  idx = lua_absindex(L, idx);
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_errors);
  lua_createtable(L, 0, 6);                /* the object */
  lua_createtable(L, 0, 6);                /* its true contents */
  for (i = 0; fields[i] != NULL; i++) {
    lua_getfield(L, idx, fields[i]);
    lua_pushvalue(L, -1);
    lua_setfield(L, -4, fields[i]);
    lua_setfield(L, -2, fields[i]);
  }
  lua_pushvalue(L, -2);
  lua_insert(L, -2);
  lua_rawset(L, -4);                       /* errors[object] = contents */
  lua_remove(L, -2);
}

/* If the value at idx is an error object, pushes a fresh copy of its true contents (also an
** error object) and returns 1; else pushes nothing and returns 0. */
static int copy_error_object(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE) return 0;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_errors);
  lua_pushvalue(L, idx);
  lua_rawget(L, -2);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 2);
    return 0;
  }
  push_error_object(L, -1);
  lua_remove(L, -2);
  lua_remove(L, -2);
  return 1;
}

/* Pushes the message of error value idx without the "file:line: " Lua put before it when that
** is where w says it was raised. */
static void push_message(lua_State *L, int idx, const vl_where *w) {
  size_t len;
  const char *s;
  int t = lua_type(L, idx);
  if (t == LUA_TNUMBER) {
    lua_pushvalue(L, idx);
    lua_tostring(L, -1);
    return;
  }
  if (t != LUA_TSTRING) {
    lua_pushfstring(L, "(error object is a %s value)", lua_typename(L, t));
    return;
  }
  s = lua_tolstring(L, idx, &len);
  if (w->set) {
    char prefix[VL_WHERE_FILE + 32];
    int n = snprintf(prefix, sizeof prefix, "%s:%d: ", w->short_src, w->line);
    if (n > 0 && (size_t)n < sizeof prefix && len >= (size_t)n && memcmp(s, prefix, (size_t)n) == 0) {
      lua_pushlstring(L, s + n, len - (size_t)n);
      return;
    }
  }
  lua_pushvalue(L, idx);
}

static const char *budget_word(int over) {
  switch (over) {
  case VL_BUDGET_INSTR: return "instructions";
  case VL_BUDGET_MEM: return "memory";
  case VL_BUDGET_TIME: return "time";
  default: return NULL;
  }
}

/* sandbox.enter([fn]): arms a call on the running thread (nested calls share the outer one).
** fn, the function about to be called, is where a memory error is placed when nothing better
** is known (Lua calls no message handler for memory errors). */
static int sb_enter(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "enter");
  int fresh = e->budget.call.depth == 0;
  vl_sandbox_enter(L, e);
  if (fresh && lua_isfunction(L, 1)) {
    lua_Debug ar;
    lua_pushvalue(L, 1);
    if (lua_getinfo(L, ">S", &ar) && is_script(&ar)) {
      ar.currentline = ar.linedefined > 0 ? ar.linedefined : 1;
      record(&e->seen, &ar);
      e->seen_src = NULL;                  /* the hook records its own next time */
    }
  }
  return 0;
}

/*
** sandbox.leave(where, ok, ...) -> true, ... | false, error_object
** Ends the call sandbox.enter began; (ok, ...) is what xpcall returned. A call that passed a
** budget fails even when the script caught the error and returned. where is a table
** {point=, source=} naming the entry. The error object is {msg, file, line, point, source,
** budget}: the message without Lua's "file:line: ", where it was raised (the innermost script
** frame), and budget "instructions", "memory" or "time" when a budget ended the call. An error
** object from an inner call is passed on as it was made.
*/
static int sb_leave(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "leave");
  int over = vl_sandbox_leave(L, e);
  vl_where w = e->where;
  if ((!w.set || (over == VL_BUDGET_MEM && !w.after_refusal)) && e->seen.set)
    w = e->seen;                           /* a memory error calls no message handler */
  if (lua_toboolean(L, 2) && over == VL_BUDGET_OK) {
    lua_remove(L, 1);
    return lua_gettop(L);
  }
  lua_settop(L, 3);                        /* over budget fails even if the script caught it */
  lua_pushboolean(L, 0);
  if (copy_error_object(L, 3)) return 2;
  lua_createtable(L, 0, 6);                /* 5: the fields */
  if (over != VL_BUDGET_OK) {
    vl_sandbox_push_budget_msg(L, over);
    lua_setfield(L, 5, "msg");
    lua_pushstring(L, budget_word(over));
    lua_setfield(L, 5, "budget");
  } else {
    push_message(L, 3, &w);
    lua_setfield(L, 5, "msg");
  }
  if (w.set) {
    lua_pushstring(L, w.file);
    lua_setfield(L, 5, "file");
    lua_pushinteger(L, w.line);
    lua_setfield(L, 5, "line");
  }
  if (lua_istable(L, 1)) {
    lua_getfield(L, 1, "point");
    lua_setfield(L, 5, "point");
    lua_getfield(L, 1, "source");
    lua_setfield(L, 5, "source");
    if (!w.set) {
      lua_getfield(L, 1, "file");
      lua_setfield(L, 5, "file");
    }
  }
  push_error_object(L, 5);
  lua_remove(L, 5);                        /* false, the object */
  return 2;
}

/* sandbox.error_object{msg=, file=, line=, point=, source=, budget=} -> an error object, as a
** call makes them (for errors the runtime reports itself, such as an illegal change). */
static int sb_error_object(lua_State *L) {
  vl_engine_check(L, "error_object");
  luaL_checktype(L, 1, LUA_TTABLE);
  push_error_object(L, 1);
  return 1;
}

/* sandbox.is_error(v) -> whether v is an error object made by a call or error_object. */
static int sb_is_error(lua_State *L) {
  int yes = 0;
  if (vl_engine_of(L) != NULL && lua_type(L, 1) == LUA_TTABLE) {
    vl_rawgetp(L, LUA_REGISTRYINDEX, &key_errors);
    lua_pushvalue(L, 1);
    lua_rawget(L, -2);
    yes = !lua_isnil(L, -1);
  }
  lua_pushboolean(L, yes);
  return 1;
}

/* sandbox.armed() -> whether a call is running. */
static int sb_armed(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "armed");
  lua_pushboolean(L, e->budget.call.depth > 0);
  return 1;
}

/* sandbox.last() -> {instr=, mem=}: the instructions the last call that ended used and the
** most it grew the state by (bytes). */
static int sb_last(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "last");
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, (lua_Integer)e->last_instr);
  lua_setfield(L, -2, "instr");
  lua_pushinteger(L, (lua_Integer)e->last_mem);
  lua_setfield(L, -2, "mem");
  return 1;
}

void vl_sandbox_messages(lua_State *S, vl_engine *e) {
  {
    char buf[96];
    snprintf(buf, sizeof buf, "instruction budget exceeded (%lu instructions)",
             e->budget.instr_limit);
    lua_pushstring(S, buf);
    vl_rawsetp(S, LUA_REGISTRYINDEX, &key_msg_instr);
    snprintf(buf, sizeof buf, "memory budget exceeded (%zu bytes)", e->budget.mem_limit);
    lua_pushstring(S, buf);
    vl_rawsetp(S, LUA_REGISTRYINDEX, &key_msg_mem);
    snprintf(buf, sizeof buf, "memory budget exceeded (%zu bytes)", e->budget.call_mem_limit);
    lua_pushstring(S, buf);
    vl_rawsetp(S, LUA_REGISTRYINDEX, &key_msg_call_mem);
    snprintf(buf, sizeof buf, "time guard exceeded (%lu ms)", e->time_limit_ms);
    lua_pushstring(S, buf);
    vl_rawsetp(S, LUA_REGISTRYINDEX, &key_msg_time);
  }
}

/* Reads an optional non-negative integer field k of the table at idx into *out. */
static void opt_limit(lua_State *L, int idx, const char *k, unsigned long *out) {
  lua_Integer n;
  if (vl_getfield(L, idx, k) == LUA_TNIL) {
    lua_pop(L, 1);
    return;
  }
  if (!lua_isnumber(L, -1)) luaL_error(L, "bad limit '%s' (number expected)", k);
  n = lua_tointeger(L, -1);
  lua_pop(L, 1);
  if (n < 0) luaL_error(L, "bad limit '%s' (must be >= 0)", k);
  *out = (unsigned long)n;
}

/*
** sandbox.limits([{instr=, mem=, time=}]) -> {instr=, mem=, time=}
** Sets the budget of later calls (instructions, bytes of growth, milliseconds of the time
** guard; 0 = none) and returns the previous limits. Refused inside a call.
*/
static int sb_limits(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "limits");
  unsigned long instr = e->budget.instr_limit, mem = (unsigned long)e->budget.call_mem_limit;
  unsigned long ms = e->time_limit_ms;
  lua_createtable(L, 0, 3);
  lua_pushinteger(L, (lua_Integer)instr);
  lua_setfield(L, -2, "instr");
  lua_pushinteger(L, (lua_Integer)mem);
  lua_setfield(L, -2, "mem");
  lua_pushinteger(L, (lua_Integer)ms);
  lua_setfield(L, -2, "time");
  if (lua_isnoneornil(L, 1)) return 1;
  luaL_checktype(L, 1, LUA_TTABLE);
  if (e->budget.call.depth > 0) return luaL_error(L, "limits cannot change inside a call");
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    if (strcmp(k, "instr") != 0 && strcmp(k, "mem") != 0 && strcmp(k, "time") != 0)
      return luaL_error(L, "bad limit '%s' (known: instr, mem, time)", k);
    lua_pop(L, 1);
  }
  opt_limit(L, 1, "instr", &instr);
  opt_limit(L, 1, "mem", &mem);
  opt_limit(L, 1, "time", &ms);
  e->budget.instr_limit = instr;
  e->budget.call_mem_limit = (size_t)mem;
  e->time_limit_ms = ms;
  vl_sandbox_messages(L, e);
  return 1;
}

/* }====================================================================================== */

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

#if !VL_LUAJIT
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

/* Charges cost instructions to the running call now, raising at once if that spends it. */
static void charge_now(lua_State *L, unsigned long cost) {
  vl_engine *e = vl_engine_of(L);
  if (e == NULL || e->budget.call.depth == 0) return;
  if (vl_budget_count(&e->budget, cost) != VL_BUDGET_OK) {
    lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, 1);
    vl_sandbox_push_budget_msg(L, e->budget.call.over);
    lua_error(L);
  }
}

enum { T_SORT, T_INSERT, T_REMOVE, T_CONCAT, T_UNPACK };

/* The table functions of scripts: the stock function (upvalue 1) after charging the work it
** will do in C, which neither the count hook nor the allocator sees -- sort n log n
** comparisons, insert and remove the elements they shift, concat and unpack the elements
** they visit (at most what they can visit). One instruction each. */
static int sb_table_op(lua_State *L) {
  int op = (int)lua_tointeger(L, lua_upvalueindex(2));
  int n = lua_gettop(L);
  unsigned long cost = 1;
  if (lua_type(L, 1) == LUA_TTABLE) {
    lua_Integer len = (lua_Integer)lua_rawlen(L, 1), pos, i, j, k, lg = 1;
    switch (op) {
    case T_SORT:
      for (k = len; k > 1; k >>= 1) lg++;
      cost += (unsigned long)(len * lg);
      break;
    case T_INSERT:
    case T_REMOVE:
      if (n >= (op == T_INSERT ? 3 : 2) && lua_type(L, 2) == LUA_TNUMBER) {
        pos = lua_tointeger(L, 2);
        if (pos >= 1 && pos <= len) cost += (unsigned long)(len - pos + 1);
      }
      break;
    default:                               /* concat (t, sep, i, j), unpack (t, i, j) */
      i = luaL_optinteger(L, op == T_CONCAT ? 3 : 2, 1);
      j = luaL_optinteger(L, op == T_CONCAT ? 4 : 3, len);
      if (j >= i) {
        lua_Integer most = op == T_CONCAT ? len + 1 : 1000000;  /* where they stop */
        cost += (unsigned long)((j - i < most ? j - i : most) + 1);
      }
      break;
    }
  }
  charge_now(L, cost);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L);
}

/* Sets field name of the table at dst to a charging wrapper of src[name] (if it exists). */
static void wrap_table_op(lua_State *S, int src, int dst, const char *name, int op) {
  dst = lua_absindex(S, dst);
  lua_getfield(S, src, name);
  if (lua_isnil(S, -1)) {
    lua_pop(S, 1);
    return;
  }
  lua_pushinteger(S, op);
  lua_pushcclosure(S, sb_table_op, 2);
  lua_setfield(S, dst, name);
}

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
  int status;
  if (e == NULL) {
    lua_xmove(L, co, nargs);
    return vl_resume(co, L, nargs, nres);
  }
  b = &e->budget;
  s = get_slot(L, co);                     /* the one step that may raise */
  lua_xmove(L, co, nargs);
  saved = b->call;
  if (saved.depth > 0 || s->call.depth > 0) t = now();
  saved_elapsed = saved.depth > 0 ? t - e->call_started : 0;
  b->call = s->call;                       /* the coroutine's own call, or none */
  if (s->call.depth > 0) e->call_started = t - s->elapsed;
  s->call.depth = 0;
  set_period(co, b->call.depth > 0 && b->call.over != VL_BUDGET_OK ? 1 : VL_HOOK_STEP);
  status = vl_resume(co, L, nargs, nres);
  if (status == LUA_YIELD && b->call.depth > 0) {  /* it takes its call with it */
    t = now();
    s->call = b->call;
    s->elapsed = t - e->call_started;
  } else if (saved.depth > 0) {
    t = now();
  }
  b->call = saved;
  if (saved.depth > 0) e->call_started = t - saved_elapsed;
  set_period(L, saved.depth > 0 && saved.over != VL_BUDGET_OK ? 1 : VL_HOOK_STEP);
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
  int status, nres;
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
  if (e != NULL) e->nesting++;
  status = vl_resume(co, L, nargs, &nres);
  if (e != NULL) e->nesting--;
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

static int sco_yield(lua_State *L) {
  if (!vl_sandbox_in_script_thread(L))
    return luaL_error(L, "attempt to yield from outside a coroutine the script created");
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
  lua_pushboolean(L, vl_sandbox_in_script_thread(L));
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

/* coroutine.resume for trusted code: the coroutine keeps the call it yields in. */
static int tco_resume(lua_State *L) {
  lua_State *co = check_thread(L, 1);
  int nargs = lua_gettop(L) - 1, status, nres;
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
  "gcinfo", "unpack", "warn", NULL
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
  if (len > 0 && text[0] == LUA_SIGNATURE[0]) {
    lua_pushliteral(L, "binary chunks are not allowed");
    return LUA_ERRSYNTAX;
  }
  if (len > VL_SANDBOX_MAX_CHUNK) {
    lua_pushfstring(L, "%s: chunk too large (%d bytes; at most %d)", name, (int)len,
                    (int)VL_SANDBOX_MAX_CHUNK);
    return LUA_ERRSYNTAX;
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
  fclose(f);
  luaL_pushresult(&buf);
  if (total > VL_SANDBOX_MAX_CHUNK) {
    lua_pushnil(L);
    lua_pushfstring(L, "%s: chunk too large (more than %d bytes)", path, (int)VL_SANDBOX_MAX_CHUNK);
    return 2;
  }
  return 1;
}

/* sandbox.resume(co, ...): coroutine.resume for trusted drivers (the coroutine keeps the call
** it yields in); the same function is the trusted globals' coroutine.resume. */

static const luaL_Reg sandbox_funcs[] = {
  {"enter", sb_enter},
  {"leave", sb_leave},
  {"handler", vl_sandbox_handler},
  {"armed", sb_armed},
  {"last", sb_last},
  {"limits", sb_limits},
  {"env", sb_env},
  {"load", sb_load},
  {"read", sb_read},
  {"resume", tco_resume},
  {"in_script_coroutine", sb_in_script_coroutine},
  {"error_object", sb_error_object},
  {"is_error", sb_is_error},
  {NULL, NULL}
};

void vl_lua_open_sandbox(lua_State *L) {
  luaL_newlib(L, sandbox_funcs);
  lua_pushinteger(L, VL_HOOK_STEP);
  lua_setfield(L, -2, "hook_step");
  lua_pushinteger(L, VL_SANDBOX_NESTING);
  lua_setfield(L, -2, "max_nesting");
  lua_pushinteger(L, (lua_Integer)VL_SANDBOX_MAX_CHUNK);
  lua_setfield(L, -2, "max_chunk");
  lua_setfield(L, -2, "sandbox");
}

/* }====================================================================================== */

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

static const char *const script_base[] = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawset",
  "select", "tonumber", "tostring", "type", "xpcall", "_VERSION", NULL
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
  lua_pushcfunction(S, sb_collectgarbage);
  lua_setfield(S, -2, "collectgarbage");
#if !VL_LUAJIT
  lua_pushcfunction(S, sb_xpcall);
  lua_setfield(S, -2, "xpcall");
#endif
  lua_setfield(S, p, "base");
  lua_newtable(S);
  wrap_table_op(S, tablib, -1, "sort", T_SORT);
  wrap_table_op(S, tablib, -1, "insert", T_INSERT);
  wrap_table_op(S, tablib, -1, "remove", T_REMOVE);
  wrap_table_op(S, tablib, -1, "concat", T_CONCAT);
#if VL_LUAJIT
  wrap_table_op(S, g0, -1, "unpack", T_UNPACK);
#else
  wrap_table_op(S, tablib, -1, "unpack", T_UNPACK);
#endif
  lua_setfield(S, p, "table");
  lua_pushvalue(S, safe);
  lua_setfield(S, p, "string");
  lua_newtable(S);
  copy_fields(S, mathlib, -1, math_allowed);
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
  new_weak_set(S, &key_errors);
  if (e != NULL) vl_sandbox_messages(S, e);
  lua_settop(S, 0);
  return 0;
}

/* }====================================================================================== */
