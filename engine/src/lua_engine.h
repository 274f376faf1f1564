/*
** lua_engine.h -- what the parts of an engine-owned Lua state share (docs/modding.md,
** docs/build.md "Engine-owned Lua states"): the engine struct, the allocator's ud, which
** holds the budget and the sandbox's bookkeeping outside Lua; the registry keys; and the
** entry points lua_vm.c (the host's side), lua_sandbox.c (budgets, environments,
** coroutines), lua_pattern.c (the string functions), lua_require.c (the privileged require)
** and lua_copy.c (plain data between states) give each other. Not a public header.
*/
#ifndef VOLLEY_LUA_ENGINE_H
#define VOLLEY_LUA_ENGINE_H

#include "lua_compat.h"

#include <stddef.h>

#include "volley/budget.h"
#include "volley/path.h"

#define VL_HOOK_STEP 1000                     /* instructions between two count-hook calls */
#define VL_ENGINE_MEM (64u * 1024u * 1024u)   /* default: bytes the state may hold */
#define VL_ENGINE_CALL_MEM (16u * 1024u * 1024u)  /* default: growth allowed in one call */
#define VL_ENGINE_INSTR 10000000ul            /* default: instructions allowed in one call */
#define VL_ENGINE_TIME_MS 10000ul             /* default: the time guard of one call */
#define VL_SANDBOX_NESTING 64       /* script coroutine resumes and C callbacks, nested */
#define VL_SANDBOX_MAX_CHUNK (4u * 1024u * 1024u)   /* bytes of text one load may take */
#define VL_WHERE_FILE 256           /* bytes kept of a chunk's name */

/* Where an error of a call was raised: the innermost script frame (a chunk loaded by the
** sandbox, whose name starts with '='), else the innermost Lua frame. */
typedef struct vl_where {
  int set;                        /* 0: nothing recorded */
  int after_refusal;              /* recorded after a memory refusal in the call */
  int line;
  char file[VL_WHERE_FILE];       /* the chunk name without its '=' or '@' */
  char short_src[64];             /* what Lua puts before ":line:" in its messages */
} vl_where;

typedef struct vl_engine {
  vl_budget budget;             /* first member: the allocator's ud is the engine itself */
  lua_State *S;                 /* the owned state; NULL once closed */
  vl_path *path;                /* data roots searched by the privileged require */
  char *modules;                /* extra trusted module directories, ';'-separated, or NULL */
  char *cpath;                  /* templates where C modules (lpeg) are looked for */
  void *lpeg;                   /* dlopen handle of lpeg, or NULL */
  unsigned long time_limit_ms;  /* the time guard of a call; 0 = none */
  double call_started;          /* seconds (monotonic) the running call has been credited from */
  int nesting;                  /* script coroutine resumes and gsub callbacks now nested */
  int co_base;                  /* the call depth the running coroutine was resumed at */
  unsigned long clock_credit;   /* instructions charged in C since the time guard was read */
  unsigned long stray;          /* instructions of script code run outside any call */
  int stray_over;               /* those passed instr_limit: raise in script code */
  unsigned long last_instr;     /* the last call that ended: instructions, growth in bytes */
  size_t last_mem;
  vl_where where;               /* set by the message handler of a call */
  vl_where seen;                /* the script line the count hook saw last during a call */
  const char *seen_src;         /* the chunk name seen was copied from (compared by address) */
} vl_engine;

/* The engine of L, or NULL when L is not an engine-owned state. */
vl_engine *vl_engine_of(lua_State *L);

/* The engine of L, raising "<what>: not an engine-owned state (volley.core.new_state)". */
vl_engine *vl_engine_check(lua_State *L, const char *what);

/* Registry keys (their addresses are the keys). */
extern const char vl_key_script_threads;   /* weak-keyed set of coroutines scripts created */
extern const char vl_key_script_mts;       /* weak-keyed set of metatables scripts set */
extern const char vl_key_pristine;         /* the libraries, untouched, for new environments */
extern const char vl_key_errors;           /* weak-keyed: error object -> its true contents */
extern const char vl_key_failure;          /* the first failure of the running call, or false */

/* ---- lua_sandbox.c: budgets, calls, errors ---------------------------------------------- */

/* The count hook of every thread of an engine state. */
void vl_engine_hook(lua_State *L, lua_Debug *ar);

/* Sets the count hook of L's thread (all threads under LuaJIT) to fire every n instructions. */
void vl_sandbox_set_period(lua_State *L, int n);

/* Seconds on the monotonic clock: for the time guard only, never for a rule. */
double vl_sandbox_now(void);

/* ---- lua_sandbox_env.c: what scripts get ------------------------------------------------ */

/* The functions of volley.core.sandbox it defines (env, load, read, resume,
** in_script_coroutine); lua_sandbox.c registers them with its own. */
extern const luaL_Reg vl_sandbox_env_funcs[];

/* Builds, inside S (protected: may raise), the pristine library tables environments are made
** from, the safe string table (also the string metatable's __index) and the trusted globals,
** which it makes the state's globals. Registers the budget messages. */
int vl_sandbox_boot(lua_State *S);

/* Makes, at boot, the slot of a call's failure and the metatable of error objects (whose
** __tostring gives their text). Raises on memory. */
void vl_sandbox_boot_errors(lua_State *S);

/* Remakes the budget messages after the limits changed. Raises on memory. */
void vl_sandbox_messages(lua_State *S, vl_engine *e);

/* Pushes a fresh allow-list environment (docs/modding.md "Limits"). */
void vl_sandbox_push_env(lua_State *L);

/* Loads text as chunk `name` (text only; '=' is put before name) with environment at env
** (0: none set), JIT off for it and all its functions. A leading UTF-8 byte-order mark is
** skipped (a Windows editor's; LuaJIT would skip it and Lua 5.4 would not). Returns LUA_OK with the function
** pushed, or an error status with the message pushed. */
int vl_sandbox_load(lua_State *L, const char *text, size_t len, const char *name, int env);

/* Arms a call on L's thread (vl_budget_enter, hook on, counters reset at a new call).
** Returns its level: the call depth it made (1 for a new call), for vl_sandbox_leave. */
int vl_sandbox_enter(lua_State *L, vl_engine *e);

/* Leaves the level enter returned (closing any nested level left open above it, so a lost
** leave cannot outlive its call); resets the hook period when the call ended. Settles the
** call's memory first (vl_sandbox_settle). Returns the reason the call was over
** (VL_BUDGET_*), read before leaving. */
int vl_sandbox_leave(lua_State *L, vl_engine *e, int level);

/* Charges cost instructions of work a C function does for a script (which the count hook
** cannot see) to the running call, and reads the time guard once per VL_HOOK_STEP charged.
** When the call is over -- now or already -- raises its budget error if a script called the
** C function, or otherwise leaves the hook to raise at the next script instruction (trusted
** code is never interrupted). Nothing outside a call. */
void vl_sandbox_charge(lua_State *L, unsigned long cost);

/* What a library function charges for its arguments before it runs (string.format,
** string.char, math.max, math.min): one instruction, one more an argument, and one per
** VL_BUDGET_BYTES_PER_INSTR bytes of each string argument (which converting or comparing
** reads). */
unsigned long vl_sandbox_args_cost(lua_State *L);

/* Under a soft call memory limit (LuaJIT): when the call grew past it since the last settle,
** collects garbage and makes the call over on memory if what is left still passes it
** (vl_budget_settle). Returns the call's state. Call only where a collection may run. */
int vl_sandbox_settle(lua_State *L, vl_engine *e);

/* The budget's on_unsettled under LuaJIT: the count hook fires at the next instruction (its
** hook is one per state, and setting the count only writes it), where it settles. */
void vl_sandbox_unsettled(vl_budget *b);

/* The message handler of calls: records where the error was raised; returns it unchanged. */
int vl_sandbox_handler(lua_State *L);

/* Pushes the message of a budget overrun (VL_BUDGET_INSTR or VL_BUDGET_MEM); no allocation. */
void vl_sandbox_push_budget_msg(lua_State *L, int over);

/* Resumes co from L with the nargs values on top of L as arguments, keeping budgets apart: the
** coroutine runs in the call it carries (none for a fresh one), and one that yields inside a
** call takes that call with it, to get it back when it is resumed; the caller's call is put
** back afterwards. Returns the lua_resume status; *nres gets the number of results left on
** co. Raises only before anything moves (memory for co's slot). */
int vl_sandbox_resume(lua_State *L, lua_State *co, int nargs, int *nres);

/* Whether the running thread of L is a coroutine a script created. */
int vl_sandbox_in_script_thread(lua_State *L);

/* ---- lua_sandbox_lib.c: library functions that work in C ---------------------------------- */

/* Sets insert, remove, concat, unpack and sort in the table at idx: volley's own, raw (no
** metamethods, as LuaJIT's), charging each element moved or visited and each comparison. */
void vl_sandbox_table_funcs(lua_State *S, int idx);

/* Replaces each named C function of the table at idx by one that charges its arguments (one
** instruction each, one per 64 bytes of a string) before it runs, in the same frame. Under
** LuaJIT, char, max and min (no C entry) are volley's own. Raises for a name with no C
** function. */
void vl_sandbox_charge_args(lua_State *S, int idx, const char *const *names);

/* ---- lua_sandbox_det.c: one behaviour in every process and on both VMs ------------------- */

#define VL_NUMBER_TEXT 64           /* bytes of the text of a number, its NUL included */

/* luaL_checkinteger with Lua 5.4's rule on both VMs: a number that is not whole (or is out
** of range) is refused, "number has no integer representation" (LuaJIT would truncate it). */
lua_Integer vl_checkint(lua_State *L, int arg);

/* vl_checkint, or def when the argument is none or nil. */
lua_Integer vl_optint(lua_State *L, int arg, lua_Integer def);

/* luaL_checklstring, a number taken as its text as scripts write it (vl_number_text: "5",
** where Lua 5.4 would read 10/2 as "5.0"); the argument is replaced by that string. */
const char *vl_checklstring(lua_State *L, int arg, size_t *len);

/* vl_checklstring, or def when the argument is none or nil. */
const char *vl_optlstring(lua_State *L, int arg, const char *def, size_t *len);

/* The border of the table at t that the sandbox's table functions take as its length, the
** same on both VMs whatever the table's layout: 0 when t[1] is nil, else an n with t[n] not
** nil and t[n + 1] nil, found by doubling from 1 and halving back (raw reads, O(log n)); for
** a table without holes, its length. (The `#` operator finds a border by the VM's layout.) */
lua_Integer vl_sandbox_border(lua_State *L, int t);

/* The text of the number at idx as scripts see it on both VMs: every digit of a whole number
** of 64 bits ("5" for 10/2, "0" for -0), 14 significant digits otherwise, "nan", "inf",
** "-inf". Returns buf (VL_NUMBER_TEXT bytes) or a literal. */
const char *vl_number_text(lua_State *L, int idx, char *buf);

/* Pushes scripts' tostring of the value at idx: numbers as vl_number_text, the type's name
** for a table, function, coroutine or userdata without __tostring (never an address). May
** call a __tostring metamethod, and raise. */
void vl_sandbox_tostring(lua_State *L, int idx);

/* Sets in the table at idx volley's functions of lib: "base" (scripts' pairs, next, ipairs,
** tostring, tonumber, select), "math" (floor, ceil, fmod) or "string" (format, sub, byte,
** len, lower, upper, reverse: the string table trusted code shares). */
void vl_sandbox_det_funcs(lua_State *S, int idx, const char *lib);

/* sandbox.number_text(n): the text of a number as scripts see it. */
int vl_sandbox_number_text(lua_State *L);

/* ---- lua_sandbox_lex.c ------------------------------------------------------------------ */

/* Checks a script's text (len bytes) before it is parsed: what only Lua 5.4 accepts (`//`,
** the bitwise operators, `<const>`/`<close>`), what only LuaJIT accepts (a numeral with a
** suffix, a name with a byte beyond ASCII) and an integer numeral beyond 2^53 are refused,
** outside strings and comments. Returns 0, or the line of the first refusal with its
** message in msg (n bytes). Reads each byte once; never raises, never allocates. */
int vl_sandbox_check_text(const char *text, size_t len, char *msg, size_t n);

/* ---- lua_pattern.c --------------------------------------------------------------------- */

/* Sets find, match, gmatch, gsub and rep in the table at idx: volley's own pattern matcher
** (Lua 5.4's pattern language and results on both VMs), which counts its steps against the
** running call's instructions. */
void vl_pattern_register(lua_State *L, int idx);

/* ---- lua_require.c --------------------------------------------------------------------- */

/* The privileged require of an engine state: volley.core, lpeg, and Lua modules under
** scripts/ of the data path (then the state's extra module directories). */
int vl_engine_require(lua_State *L);

/* ---- lua_copy.c ------------------------------------------------------------------------ */

#define VL_COPY_DEPTH 32          /* nesting of tables */
#define VL_COPY_ITEMS 100000      /* values in one crossing */

/* Pushes onto `to` a copy of the value at idx of `from`: nil, booleans, integers, strings
** and tables of those (keys strings or integers), without metatables. Reads `from` raw and
** never raises in it. Returns 0, or -1 with a message in msg (nothing pushed) for anything
** else, a table holding itself, more than VL_COPY_DEPTH levels or VL_COPY_ITEMS values.
** Pushing may raise in `to` (memory): call it where `to` is protected. */
int vl_copy_value(lua_State *to, lua_State *from, int idx, char *msg, size_t n);

/* ---- compat ------------------------------------------------------------------------------- */

#if VL_LUAJIT
#define vl_rawgetp(L, idx, p) (lua_pushlightuserdata(L, (void *)(p)), lua_rawget(L, (idx) < 0 && (idx) > LUA_REGISTRYINDEX ? (idx) - 1 : (idx)))
#define vl_rawsetp(L, idx, p) (lua_pushlightuserdata(L, (void *)(p)), lua_insert(L, -2), lua_rawset(L, (idx) < 0 && (idx) > LUA_REGISTRYINDEX ? (idx) - 1 : (idx)))
#else
#define vl_rawgetp(L, idx, p) ((void)lua_rawgetp(L, idx, p))
#define vl_rawsetp(L, idx, p) lua_rawsetp(L, idx, p)
#endif

#endif
