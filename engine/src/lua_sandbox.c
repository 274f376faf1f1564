/*
** lua_sandbox.c -- the budgets of engine-owned states (docs/modding.md "Limits"): the count
** hook, calls into untrusted code (enter, leave, the message handler), error objects, the
** per-call limits, and the table `volley.core.sandbox` that scripts/volley/sandbox.lua builds
** on. What scripts get -- environments, guarded functions, coroutines, loading -- is
** lua_sandbox_env.c's.
**
** Trusted and untrusted code share one state. What tells them apart is the chunk name: the
** privileged require names trusted modules "@<path>", the sandbox names every chunk it loads
** "=<path>" (a script cannot choose its own), so a frame whose source starts with '=' is
** script code. The count hook counts instructions only during a call (and script code run
** outside any); it raises only in script frames, so trusted code (the runtime between a
** script's error and the end of the call) always gets to finish what it does and leave the
** call.
*/
#include "lua_engine.h"
#include "lua_modules.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

const char vl_key_errors = 'e';           /* weak-keyed: error object -> its true contents */
const char vl_key_failure = 'f';          /* the first failure of the running call, or false */
static const char key_error_mt = 'E';     /* the metatable of error objects */
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

double vl_sandbox_now(void) {
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
  if (over == VL_BUDGET_FAILED)
    key = &vl_key_failure;                 /* the failure's error object, raised again */
  else if (over == VL_BUDGET_MEM)
    key = e != NULL && e->budget.refused_limit == e->budget.mem_limit ? &key_msg_mem
                                                                      : &key_msg_call_mem;
  else if (over == VL_BUDGET_TIME)
    key = &key_msg_time;
  vl_rawgetp(L, LUA_REGISTRYINDEX, key);
}

void vl_sandbox_set_period(lua_State *L, int n) {
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

/* Whether the running call has passed its time guard. */
static int time_passed(const vl_engine *e) {
  return e->time_limit_ms != 0 &&
         (vl_sandbox_now() - e->call_started) * 1000.0 > (double)e->time_limit_ms;
}

void vl_sandbox_unsettled(vl_budget *b) {
  vl_engine *e = (vl_engine *)b;           /* the budget is the engine's first member */
  if (e->S != NULL) lua_sethook(e->S, vl_engine_hook, LUA_MASKCOUNT, 1);
}

int vl_sandbox_settle(lua_State *L, vl_engine *e) {
  if (e->budget.call.depth > 0 && e->budget.call.unsettled) {
    lua_gc(L, LUA_GCCOLLECT, 0);
    e->budget.call.gc_room = vl_budget_room(&e->budget) / 2;
  }
  return vl_budget_settle(&e->budget);
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
    vl_sandbox_settle(L, e);
    if (vl_budget_count(b, (unsigned long)n) == VL_BUDGET_OK) {
      e->clock_credit = 0;
      if (time_passed(e))
        b->call.over = VL_BUDGET_TIME;
      else {
        maybe_collect(L, b);
        vl_sandbox_set_period(L, VL_HOOK_STEP);
        return;
      }
    }
  } else {                                 /* no call: trusted code, or a stray script */
    if (!script) {
      vl_sandbox_set_period(L, VL_HOOK_STEP);
      return;
    }
    if (!e->stray_over) {
      e->stray += (unsigned long)n;
      if (b->instr_limit == 0 || e->stray <= b->instr_limit) {
        vl_sandbox_set_period(L, VL_HOOK_STEP);
        return;
      }
      e->stray_over = 1;
    }
  }
  /* over: check at every instruction from now on; raise whenever script code runs */
  vl_sandbox_set_period(L, 1);
  if (!script) return;
  vl_sandbox_push_budget_msg(L, b->call.depth > 0 ? b->call.over : VL_BUDGET_INSTR);
  lua_error(L);
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== calls: enter, leave, the message handler, error objects                          */

/* Whether the function calling the running C function (level 1) is script code. */
static int caller_is_script(lua_State *L) {
  lua_Debug ar;
  return lua_getstack(L, 1, &ar) && lua_getinfo(L, "S", &ar) && is_script(&ar);
}

void vl_sandbox_charge(lua_State *L, unsigned long cost) {
  vl_engine *e = vl_engine_of(L);
  vl_budget *b;
  if (e == NULL || e->budget.call.depth == 0) return;
  b = &e->budget;
  if (vl_budget_count(b, cost) == VL_BUDGET_OK) {
    e->clock_credit += cost;
    if (e->clock_credit < VL_HOOK_STEP && !b->call.unsettled) return;
    e->clock_credit = 0;
    if (vl_sandbox_settle(L, e) == VL_BUDGET_OK) {
      if (!time_passed(e)) return;
      b->call.over = VL_BUDGET_TIME;
    }
  }
  vl_sandbox_set_period(L, 1);             /* over: the hook raises in the next script line */
  if (!caller_is_script(L)) return;
  vl_sandbox_push_budget_msg(L, b->call.over);
  lua_error(L);
}

int vl_sandbox_enter(lua_State *L, vl_engine *e) {
  vl_budget *b = &e->budget;
  if (vl_budget_enter(b)) {
    e->clock_credit = 0;
    e->where.set = 0;
    e->seen.set = 0;
    e->seen_src = NULL;
    e->stray = 0;
    e->stray_over = 0;
    e->budget.mem_refused = 0;
    e->call_started = vl_sandbox_now();
    if (b->mem_limit != 0 && b->mem_used > b->mem_limit / 4 * 3) {
      lua_gc(L, LUA_GCCOLLECT, 0);         /* start from what is live, not from garbage */
      b->call.mem_base = b->mem_used;
      b->call.gc_room = vl_budget_room(b) / 2;
    }
  }
  if (lua_gethook(L) != vl_engine_hook) lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, VL_HOOK_STEP);
  return b->call.depth;
}

int vl_sandbox_leave(lua_State *L, vl_engine *e, int level) {
  vl_budget *b = &e->budget;
  int over;
  if (level <= 0 || b->call.depth < level) return VL_BUDGET_OK;  /* closed already */
  vl_sandbox_settle(L, e);
  over = vl_budget_count(b, 0);            /* what was charged since the hook last counted */
  if (vl_budget_leave_level(b, level)) {
    e->last_instr = b->call.instr_used;
    e->last_mem = b->call.mem_grown;
    vl_sandbox_set_period(L, VL_HOOK_STEP);
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
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_errors);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);
  if (!lua_isnil(L, -1)) {                 /* an error object made earlier: keep its place */
    lua_settop(L, 1);
    return 1;
  }
  lua_settop(L, 1);
  /* error(msg, level) with a level past the script's own frames puts a place of the trusted
  ** runtime before msg ("scripts/volley/hooks.lua:211: "): a script may not name it */
  for (level = 1; lua_type(L, 1) == LUA_TSTRING && lua_getstack(L, level, &ar); level++) {
    char prefix[VL_WHERE_FILE + 32];
    size_t len;
    const char *msg;
    int n;
    if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0 || is_script(&ar)) continue;
    msg = lua_tolstring(L, 1, &len);
    n = snprintf(prefix, sizeof prefix, "%s:%d: ", ar.short_src, ar.currentline);
    if (n > 0 && (size_t)n < sizeof prefix && len >= (size_t)n &&
        memcmp(msg, prefix, (size_t)n) == 0) {
      lua_pushlstring(L, msg + n, len - (size_t)n);
      lua_replace(L, 1);
      break;
    }
  }
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
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_errors);
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
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_error_mt);
  if (lua_istable(L, -1))
    lua_setmetatable(L, -2);               /* tostring(e): its text, never an address */
  else
    lua_pop(L, 1);
}

/* If the value at idx is an error object, pushes a fresh copy of its true contents (also an
** error object) and returns 1; else pushes nothing and returns 0. */
static int copy_error_object(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE) return 0;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_errors);
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

/* Makes the running call fail with the error object at idx (the first failure is kept): from
** now on it is over, as after a spent budget -- the hook raises the object again at every
** instruction of script code, so a script's pcall can catch it but not go on, and the call
** fails whatever its function returns. Nothing when no call runs or it is over already. */
static void fail_call(lua_State *L, vl_engine *e, int idx) {
  vl_budget *b = &e->budget;
  if (b->call.depth == 0 || b->call.over != VL_BUDGET_OK) return;
  lua_pushvalue(L, idx);
  vl_rawsetp(L, LUA_REGISTRYINDEX, &vl_key_failure);   /* (the slot exists: no allocation) */
  b->call.over = VL_BUDGET_FAILED;
  vl_sandbox_set_period(L, 1);
}

/* Pushes the failure of the running call -- a copy of its error object, with the point and
** source of `where` (idx) when it names none (a procedure's failure: the script that called
** it is the one to name) -- and forgets it when the call has ended. */
static void push_failure(lua_State *L, vl_engine *e, int where) {
  where = lua_absindex(L, where);
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_failure);
  if (!copy_error_object(L, -1)) {         /* (never: only error objects are kept) */
    lua_pop(L, 1);
    lua_pushliteral(L, "a nested call failed");
    return;
  }
  lua_remove(L, -2);
  if (vl_rawfield(L, -1, "point") == LUA_TNIL && lua_istable(L, where)) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 6);
    {
      static const char *const fields[] = {"msg", "file", "line", "budget", NULL};
      int i;
      for (i = 0; fields[i] != NULL; i++) {
        vl_rawfield(L, -2, fields[i]);
        lua_setfield(L, -2, fields[i]);
      }
    }
    lua_getfield(L, where, "point");
    lua_setfield(L, -2, "point");
    lua_getfield(L, where, "source");
    lua_setfield(L, -2, "source");
    push_error_object(L, -1);
    lua_remove(L, -2);
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
  }
  if (e->budget.call.depth == 0) {
    lua_pushboolean(L, 0);
    vl_rawsetp(L, LUA_REGISTRYINDEX, &vl_key_failure);
  }
}

/* sandbox.enter([fn]) -> level: arms a call on the running thread (nested calls share the
** outer one) and returns its level, for leave. fn, the function about to be called, is where
** a memory error is placed when nothing better is known (Lua calls no message handler for
** memory errors). */
static int sb_enter(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "enter");
  int fresh = e->budget.call.depth == 0;
  int level = vl_sandbox_enter(L, e);
  if (fresh && lua_isfunction(L, 1)) {
    lua_Debug ar;
    lua_pushvalue(L, 1);
    if (lua_getinfo(L, ">S", &ar) && is_script(&ar)) {
      ar.currentline = ar.linedefined > 0 ? ar.linedefined : 1;
      record(&e->seen, &ar);
      e->seen_src = NULL;                  /* the hook records its own next time */
    }
  }
  lua_pushinteger(L, level);
  return 1;
}

/*
** sandbox.leave(where, level, ok, ...) -> true, ... | false, error_object
** Ends the call sandbox.enter began (level is what enter returned: a nested entry whose leave
** was lost is closed with it); (ok, ...) is what xpcall returned. A call that passed a
** budget fails even when the script caught the error and returned. where is a table
** {point=, source=} naming the entry. The error object is {msg, file, line, point, source,
** budget}: the message without Lua's "file:line: ", where it was raised (the innermost script
** frame), and budget "instructions", "memory" or "time" when a budget ended the call. An error
** object from an inner call is passed on as it was made.
*/
static int sb_leave(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "leave");
  int level = (int)luaL_checkinteger(L, 2);
  int over = vl_sandbox_leave(L, e, level);
  vl_where w = e->where;
  lua_remove(L, 2);                        /* where, ok, ... */
  if ((!w.set || (over == VL_BUDGET_MEM && !w.after_refusal)) && e->seen.set)
    w = e->seen;                           /* a memory error calls no message handler */
  if (lua_toboolean(L, 2) && over == VL_BUDGET_OK) {
    lua_remove(L, 1);
    return lua_gettop(L);
  }
  lua_settop(L, 3);                        /* over budget fails even if the script caught it */
  lua_pushboolean(L, 0);
  if (over == VL_BUDGET_FAILED) {          /* a failure before this end: it is the call's */
    push_failure(L, e, 1);
    return 2;
  }
  if (copy_error_object(L, 3)) {
    if (level > 1) fail_call(L, e, -1);    /* a nested call failed: so does the outer one */
    return 2;
  }
  lua_createtable(L, 0, 6);                /* 5: the fields */
  if (over != VL_BUDGET_OK) {
    vl_sandbox_push_budget_msg(L, over);
    lua_setfield(L, 5, "msg");
    lua_pushstring(L, budget_word(over));
    lua_setfield(L, 5, "budget");
  } else {
    push_message(L, 3, &w);
    vl_lua_pushclean(L, -1);               /* a script's text: no controls, valid UTF-8 */
    lua_remove(L, -2);
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
  if (level > 1) fail_call(L, e, -1);      /* a nested call failed: so does the outer one */
  return 2;
}

/* sandbox.failable() -> whether a call runs that a failure could still make fail (an
** engine-owned state, a call armed, not over). Never raises. */
static int sb_failable(lua_State *L) {
  vl_engine *e = vl_engine_of(L);
  lua_pushboolean(L, e != NULL && e->budget.call.depth > 0 && e->budget.call.over == VL_BUDGET_OK);
  return 1;
}

/* sandbox.fail(err) -> whether it made the running call fail: err (an error object) is the
** failure of a procedure a script called, which the script may not catch and go on from. */
static int sb_fail(lua_State *L) {
  vl_engine *e = vl_engine_check(L, "fail");
  int yes = e->budget.call.depth > 0 && e->budget.call.over == VL_BUDGET_OK;
  lua_settop(L, 1);
  if (yes) {
    luaL_argcheck(L, copy_error_object(L, 1), 1, "error object expected");
    fail_call(L, e, -1);
  }
  lua_pushboolean(L, yes);
  return 1;
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
    vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_errors);
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

/* The string field k of the table at t, or NULL (the value is left on the stack). */
static const char *text_field(lua_State *L, int t, const char *k) {
  return vl_rawfield(L, t, k) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
}

/* __tostring of error objects: "file:line: msg (point, source)", as sandbox.format writes it,
** from the object's true contents. */
static int error_tostring(lua_State *L) {
  const char *file, *msg, *point, *source;
  int has_line;
  lua_Integer line;
  lua_settop(L, 1);
  vl_rawgetp(L, LUA_REGISTRYINDEX, &vl_key_errors);
  lua_pushvalue(L, 1);
  lua_rawget(L, -2);                       /* 3: the true contents */
  if (!lua_istable(L, 3)) {
    lua_pushliteral(L, "(error object)");
    return 1;
  }
  file = text_field(L, 3, "file");
  msg = text_field(L, 3, "msg");
  point = text_field(L, 3, "point");
  source = text_field(L, 3, "source");
  has_line = vl_rawfield(L, 3, "line") == LUA_TNUMBER;
  line = has_line ? lua_tointeger(L, -1) : 0;
  if (file != NULL && has_line)
    lua_pushfstring(L, "%s:%d: ", file, (int)line);
  else if (file != NULL)
    lua_pushfstring(L, "%s: ", file);
  else
    lua_pushliteral(L, "");
  lua_pushstring(L, msg != NULL ? msg : "?");
  if (point != NULL && source != NULL)
    lua_pushfstring(L, " (%s, %s)", point, source);
  else if (point != NULL || source != NULL)
    lua_pushfstring(L, " (%s)", point != NULL ? point : source);
  else
    lua_pushliteral(L, "");
  lua_concat(L, 3);
  return 1;
}

void vl_sandbox_boot_errors(lua_State *S) {
  lua_pushboolean(S, 0);
  vl_rawsetp(S, LUA_REGISTRYINDEX, &vl_key_failure);   /* the slot exists from now on */
  lua_createtable(S, 0, 2);
  lua_pushcfunction(S, error_tostring);
  lua_setfield(S, -2, "__tostring");
  lua_pushboolean(S, 0);
  lua_setfield(S, -2, "__metatable");
  vl_rawsetp(S, LUA_REGISTRYINDEX, &key_error_mt);
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
  if (vl_rawfield(L, idx, k) == LUA_TNIL) {
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
/* {====== volley.core.sandbox                                                             */

static const luaL_Reg sandbox_funcs[] = {
  {"enter", sb_enter},
  {"leave", sb_leave},
  {"handler", vl_sandbox_handler},
  {"armed", sb_armed},
  {"last", sb_last},
  {"limits", sb_limits},
  {"error_object", sb_error_object},
  {"is_error", sb_is_error},
  {"failable", sb_failable},
  {"fail", sb_fail},
  {"number_text", vl_sandbox_number_text},
  {NULL, NULL}
};

void vl_lua_open_sandbox(lua_State *L) {
  luaL_newlib(L, sandbox_funcs);
  vl_setfuncs(L, vl_sandbox_env_funcs);
  lua_pushinteger(L, VL_HOOK_STEP);
  lua_setfield(L, -2, "hook_step");
  lua_pushinteger(L, VL_SANDBOX_NESTING);
  lua_setfield(L, -2, "max_nesting");
  lua_pushinteger(L, (lua_Integer)VL_SANDBOX_MAX_CHUNK);
  lua_setfield(L, -2, "max_chunk");
  lua_setfield(L, -2, "sandbox");
}

/* }====================================================================================== */
