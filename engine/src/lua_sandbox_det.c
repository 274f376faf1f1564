/*
** lua_sandbox_det.c -- what a script could reach that differs between two processes or
** between Lua 5.4 and LuaJIT, made one (docs/modding.md "Determinism"; DESIGN.md principles 3
** and 11): the order of `pairs` and `next`, a raw `ipairs`, `tostring` and the text of a
** number, `string.format`, `tonumber`, `select`, `math.floor`, `ceil` and `fmod`, the integer
** arguments of the library functions volley writes, and the one border the sandbox's own
** table functions take as a table's length.
**
** Why each: Lua 5.4 seeds its string hashes per process, so `next` walks the same table in
** another order in every run, and LuaJIT's tables are laid out otherwise again; a table's or
** a function's text is its address; Lua 5.4 writes 10/2 as "5.0" where LuaJIT writes "5"
** (and NaN as "-nan" or "nan"); LuaJIT truncates a non-integral number given as a position
** (`s:sub(1, 2.5)`) where Lua 5.4 refuses it, and its `tonumber` reads "inf", "nan" and
** "1.5" in base 10, which Lua 5.4 does not; `#t` of a table with holes is whichever border
** the VM's layout finds.
*/
#include "lua_engine.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TWO53 9007199254740992.0
#define TWO63 9223372036854775808.0

/* ======================================================================================= */
/* {====== integers, borders, the text of numbers                                         */

/* Whether x is a whole number an integer of 64 bits holds (NaN is not). */
static int integral(lua_Number x) {
  return x == floor(x) && x >= -TWO63 && x < TWO63;
}

lua_Integer vl_checkint(lua_State *L, int arg) {
#if VL_LUAJIT
  lua_Number n = luaL_checknumber(L, arg);
  if (!integral(n)) luaL_argerror(L, arg, "number has no integer representation");
  return (lua_Integer)n;
#else
  return luaL_checkinteger(L, arg);
#endif
}

lua_Integer vl_optint(lua_State *L, int arg, lua_Integer def) {
  return lua_isnoneornil(L, arg) ? def : vl_checkint(L, arg);
}

const char *vl_checklstring(lua_State *L, int arg, size_t *len) {
  if (lua_type(L, arg) == LUA_TNUMBER) {
    char buf[VL_NUMBER_TEXT];
    arg = lua_absindex(L, arg);
    lua_pushstring(L, vl_number_text(L, arg, buf));
    lua_replace(L, arg);
  }
  return luaL_checklstring(L, arg, len);
}

const char *vl_optlstring(lua_State *L, int arg, const char *def, size_t *len) {
  if (lua_isnoneornil(L, arg)) {
    if (len != NULL) *len = def != NULL ? strlen(def) : 0;
    return def;
  }
  return vl_checklstring(L, arg, len);
}

/* Whether t[i] is nil, raw (LuaJIT's lua_rawgeti takes an int). */
static int nil_at(lua_State *L, int t, lua_Integer i) {
  int yes;
#if VL_LUAJIT
  if (i >= INT_MIN && i <= INT_MAX)
    lua_rawgeti(L, t, (int)i);
  else {
    lua_pushnumber(L, (lua_Number)i);
    lua_rawget(L, t);
  }
#else
  lua_rawgeti(L, t, i);
#endif
  yes = lua_isnil(L, -1);
  lua_pop(L, 1);
  return yes;
}

lua_Integer vl_sandbox_border(lua_State *L, int t) {
  lua_Integer i = 1, j = 2, n;
  t = lua_absindex(L, t);
  if (nil_at(L, t, 1)) return 0;
  while (!nil_at(L, t, j)) {               /* t[i] is there; double until t[j] is not */
    i = j;
    if (j > ((lua_Integer)1 << 61)) {          /* made to overflow: count from 1 instead */
      for (n = 1; !nil_at(L, t, n + 1); n++) vl_sandbox_charge(L, 1);
      return n;
    }
    j *= 2;
  }
  while (j - i > 1) {                      /* t[i] there, t[j] not: a border between */
    lua_Integer m = i + (j - i) / 2;
    if (nil_at(L, t, m)) j = m;
    else i = m;
  }
  return i;
}

/* The text of x: "nan", "inf", "-inf", every digit of a whole number of 64 bits (-0 is "0"),
** else 14 significant digits. buf holds VL_NUMBER_TEXT bytes. */
static const char *float_text(lua_Number x, char *buf) {
  if (x != x) return "nan";
  if (x == (lua_Number)HUGE_VAL) return "inf";
  if (x == -(lua_Number)HUGE_VAL) return "-inf";
  if (integral(x))
    snprintf(buf, VL_NUMBER_TEXT, "%lld", (long long)x);
  else
    snprintf(buf, VL_NUMBER_TEXT, "%.14g", (double)x);
  return buf;
}

const char *vl_number_text(lua_State *L, int idx, char *buf) {
#if !VL_LUAJIT
  if (lua_isinteger(L, idx)) {
    snprintf(buf, VL_NUMBER_TEXT, "%lld", (long long)lua_tointeger(L, idx));
    return buf;
  }
#endif
  return float_text(lua_tonumber(L, idx), buf);
}

void vl_sandbox_tostring(lua_State *L, int idx) {
  char buf[VL_NUMBER_TEXT];
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
  case LUA_TNUMBER:
    lua_pushstring(L, vl_number_text(L, idx, buf));
    return;
  case LUA_TSTRING:
    lua_pushvalue(L, idx);
    return;
  case LUA_TNIL:
    lua_pushliteral(L, "nil");
    return;
  case LUA_TBOOLEAN:
    lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false");
    return;
  default:
    if (luaL_getmetafield(L, idx, "__tostring")) {
      lua_pushvalue(L, idx);
      lua_call(L, 1, 1);
      if (lua_type(L, -1) == LUA_TNUMBER) {
        lua_pushstring(L, vl_number_text(L, -1, buf));
        lua_remove(L, -2);
      } else if (lua_type(L, -1) != LUA_TSTRING) {
        luaL_error(L, "'__tostring' must return a string");
      }
      return;
    }
    lua_pushstring(L, lua_typename(L, lua_type(L, idx)));   /* never an address */
  }
}

/* tostring(v) for scripts: numbers as vl_number_text, a table, function, coroutine or
** userdata by its type alone ("table") unless its metatable's __tostring says otherwise. */
static int sb_tostring(lua_State *L) {
  luaL_checkany(L, 1);
  vl_sandbox_tostring(L, 1);
  return 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== pairs, next, ipairs: one order                                                  */

/* The order of keys: numbers by value, then strings bytewise, then false, true. */
enum { K_NUMBER, K_STRING, K_BOOLEAN };

typedef struct key {
  int cls;                      /* K_* */
  int isint;                    /* (Lua 5.4) an integer key */
  lua_Integer i;                /* the integer, or the boolean */
  lua_Number d;                 /* the number */
  const char *s;                /* the string (held by the table or the stack) */
  size_t len;
  lua_Integer pos;              /* where the key is kept while sorting */
} key;

/* Describes the key at idx in *k; returns 0, or raises naming `fn` for a key no order can
** be given (its address is all that tells two tables apart). */
static void make_key(lua_State *L, int idx, key *k, const char *fn) {
  int t = lua_type(L, idx);
  memset(k, 0, sizeof *k);
  switch (t) {
  case LUA_TNUMBER:
    k->cls = K_NUMBER;
    k->d = lua_tonumber(L, idx);
#if !VL_LUAJIT
    if (lua_isinteger(L, idx)) {
      k->isint = 1;
      k->i = lua_tointeger(L, idx);
    }
#endif
    return;
  case LUA_TSTRING:
    k->cls = K_STRING;
    k->s = lua_tolstring(L, idx, &k->len);
    return;
  case LUA_TBOOLEAN:
    k->cls = K_BOOLEAN;
    k->i = lua_toboolean(L, idx);
    return;
  default:
    luaL_error(L, "%s: a key is a %s: scripts' %s visits numbers, strings and booleans in "
               "order, and nothing orders a %s but its address, which differs from run to run "
               "(keep such keys in a list)", fn, lua_typename(L, t), fn, lua_typename(L, t));
  }
}

/* -1, 0 or 1 as a comes before, is, or comes after b; adds what the comparison costs to
** *cost (one instruction, and one per 64 bytes of two strings). */
static int key_cmp(const key *a, const key *b, unsigned long *cost) {
  *cost += 1;
  if (a->cls != b->cls) return a->cls < b->cls ? -1 : 1;
  switch (a->cls) {
  case K_NUMBER:
    if (a->isint && b->isint) return a->i < b->i ? -1 : a->i > b->i;
    if (a->d != b->d) return a->d < b->d ? -1 : 1;
    return a->isint == b->isint ? 0 : a->isint ? -1 : 1;   /* 2^63-1 and 2^63.0 */
  case K_STRING: {
    size_t n = a->len < b->len ? a->len : b->len;
    int c;
    *cost += (unsigned long)(n / VL_BUDGET_BYTES_PER_INSTR);
    c = memcmp(a->s, b->s, n);
    if (c != 0) return c < 0 ? -1 : 1;
    return a->len < b->len ? -1 : a->len > b->len;
  }
  default:
    return a->i < b->i ? -1 : a->i > b->i;
  }
}

/* Sorts k[0..n-1] with the scratch tmp[0..n-1]: a bottom-up merge sort (the keys are all
** different, so any correct sort gives this one order). Each pass's comparisons are charged
** when it ends (no script code runs in between). */
static void sort_keys(lua_State *L, key *k, key *tmp, size_t n) {
  size_t width;
  key *src = k, *dst = tmp;
  for (width = 1; width < n; width *= 2) {
    size_t lo;
    unsigned long cost = 0;
    for (lo = 0; lo < n; lo += 2 * width) {
      size_t mid = lo + width < n ? lo + width : n;
      size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
      size_t a = lo, b = mid, o = lo;
      while (a < mid && b < hi)
        dst[o++] = key_cmp(&src[b], &src[a], &cost) < 0 ? src[b++] : src[a++];
      while (a < mid) dst[o++] = src[a++];
      while (b < hi) dst[o++] = src[b++];
    }
    vl_sandbox_charge(L, cost);
    {
      key *x = src;
      src = dst;
      dst = x;
    }
  }
  if (src != k) memcpy(k, src, n * sizeof *k);
}

/* The step of a loop over pairs(t). Upvalues: t, the keys in order, how many were visited.
** A key whose value became nil since the snapshot is passed over (as `next` would not reach a
** field cleared during the traversal); a key added is not visited. */
static int pairs_step(lua_State *L) {
  lua_Integer pos = lua_tointeger(L, lua_upvalueindex(3));
  lua_Integer n = (lua_Integer)lua_rawlen(L, lua_upvalueindex(2));
  while (pos < n) {
    pos++;
    lua_rawgeti(L, lua_upvalueindex(2), (int)pos);
    lua_pushvalue(L, -1);
    lua_rawget(L, lua_upvalueindex(1));
    if (!lua_isnil(L, -1)) {
      lua_pushinteger(L, pos);
      lua_replace(L, lua_upvalueindex(3));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushinteger(L, pos);
  lua_replace(L, lua_upvalueindex(3));
  lua_pushnil(L);
  return 1;
}

/* pairs(t) for scripts: the keys of t, raw (no __pairs on either VM), taken once and sorted:
** numbers by value, strings bytewise, false then true; a key of another type is refused. One
** instruction a key and one a comparison (n log n), and the snapshot's memory, are the
** call's. */
static int sb_pairs(lua_State *L) {
  size_t n = 0, i;
  key *k;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    n++;
  }
  vl_sandbox_charge(L, (unsigned long)n + 1);
  if (n > (size_t)INT_MAX / 2) return luaL_error(L, "pairs: table too large");
  lua_createtable(L, (int)n, 0);           /* 2: the keys as found */
  k = lua_newuserdata(L, (n > 0 ? n : 1) * 2 * sizeof *k);   /* 3: keys and scratch */
  i = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    make_key(L, -1, &k[i], "pairs");
    k[i].pos = (lua_Integer)i + 1;
    lua_pushvalue(L, -1);
    lua_rawseti(L, 2, (int)i + 1);
    i++;
  }
  sort_keys(L, k, k + n, n);
  lua_pushvalue(L, 1);                     /* the iterator's upvalues: t, the keys in order, 0 */
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, 2, (int)k[i].pos);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, pairs_step, 3);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

/* next(t [, k]) for scripts: the key after k (the first when k is nil) in the order pairs
** gives, and its value; nil after the last. No snapshot is kept, so each call looks at every
** key of t (one instruction each): a loop of next is quadratic, where pairs sorts once. */
static int sb_next(lua_State *L) {
  key after, best, cur;
  int have_after, have_best = 0;
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  have_after = !lua_isnil(L, 2);
  if (have_after) {
    make_key(L, 2, &after, "next");
    if (after.cls == K_NUMBER && after.d != after.d) return luaL_argerror(L, 2, "invalid key to 'next'");
  }
  lua_pushnil(L);                          /* 3: the best key so far */
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    unsigned long cost = 0;
    lua_pop(L, 1);
    make_key(L, -1, &cur, "next");
    if ((!have_after || key_cmp(&cur, &after, &cost) > 0) &&
        (!have_best || key_cmp(&cur, &best, &cost) < 0)) {
      lua_pushvalue(L, -1);
      lua_replace(L, 3);
      make_key(L, 3, &best, "next");       /* (its string held at 3) */
      have_best = 1;
    }
    vl_sandbox_charge(L, cost);
  }
  if (!have_best) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushvalue(L, 3);
  lua_rawget(L, 1);
  return 2;
}

/* The step of ipairs: t[i + 1], raw. */
static int ipairs_step(lua_State *L) {
  lua_Integer i = luaL_checkinteger(L, 2) + 1;
  lua_pushinteger(L, i);
  lua_pushvalue(L, -1);
  lua_rawget(L, 1);
  return lua_isnil(L, -1) ? 1 : 2;
}

/* ipairs(t) for scripts: t[1], t[2], ... up to the first nil, raw on both VMs (Lua 5.4's
** would call __index, LuaJIT's does not). */
static int sb_ipairs(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushcfunction(L, ipairs_step);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 0);
  return 3;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== tonumber, select, math                                                          */

static const char spaces[] = " \f\n\r\t\v";

/* Whether s (len bytes) is an integer numeral -- sign, decimal digits or 0x and hex digits,
** spaces around -- whose magnitude is beyond 2^53. */
static int big_integer_numeral(const char *s, size_t len) {
  const char *e = s + len, *d;
  size_t n;
  int hex = 0;
  s += strspn(s, spaces);
  while (e > s && strchr(spaces, e[-1]) != NULL && e[-1] != '\0') e--;
  if (s < e && (*s == '-' || *s == '+')) s++;
  if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    hex = 1;
    s += 2;
  }
  if (s == e) return 0;
  for (d = s; d < e; d++)
    if (hex ? strchr("0123456789abcdefABCDEF", *d) == NULL || *d == '\0'
            : (*d < '0' || *d > '9'))
      return 0;
  while (s < e - 1 && *s == '0') s++;      /* leading zeros */
  n = (size_t)(e - s);
  if (hex) {                               /* 2^53 = 0x20000000000000: 14 digits */
    if (n != 14) return n > 14;
    return strncmp(s, "20000000000000", 14) > 0;   /* (every hex digit sorts above '0') */
  }
  if (n != 16) return n > 16;              /* 2^53 = 9007199254740992: 16 digits */
  return strncmp(s, "9007199254740992", 16) > 0;
}

/* tonumber(v [, base]) for scripts, Lua 5.4's on both VMs: "inf" and "nan" are not numbers;
** with a base, only a whole numeral in that base is; an integer numeral beyond 2^53 is the
** nearest float on both (Lua 5.4 would keep it exact, LuaJIT cannot). */
static int sb_tonumber(lua_State *L) {
  if (lua_isnoneornil(L, 2)) {
    if (lua_type(L, 1) == LUA_TNUMBER) {
      lua_settop(L, 1);
      return 1;
    }
    luaL_checkany(L, 1);
    if (lua_type(L, 1) == LUA_TSTRING) {
      size_t len;
      const char *s = lua_tolstring(L, 1, &len);
      if (strlen(s) == len && memchr(s, 'n', len) == NULL && memchr(s, 'N', len) == NULL) {
        if (big_integer_numeral(s, len)) {
          lua_pushnumber(L, (lua_Number)strtod(s, NULL));
          return 1;
        }
#if VL_LUAJIT
        if (lua_isnumber(L, 1)) {
          lua_pushnumber(L, lua_tonumber(L, 1));
          return 1;
        }
#else
        if (lua_stringtonumber(L, s) == len + 1) return 1;
#endif
      }
    }
    lua_pushnil(L);
    return 1;
  } else {
    unsigned long long n = 0;
    size_t len;
    const char *s, *e;
    int neg = 0;
    lua_Integer base = vl_checkint(L, 2);
    luaL_checktype(L, 1, LUA_TSTRING);
    s = lua_tolstring(L, 1, &len);
    e = s + len;
    luaL_argcheck(L, 2 <= base && base <= 36, 2, "base out of range");
    s += strspn(s, spaces);
    if (*s == '-') {
      s++;
      neg = 1;
    } else if (*s == '+') {
      s++;
    }
    if (!((*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'))) {
      lua_pushnil(L);
      return 1;
    }
    for (; (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z'); s++) {
      int digit = *s <= '9' ? *s - '0' : (*s >= 'a' ? *s - 'a' : *s - 'A') + 10;
      if (digit >= base) {
        lua_pushnil(L);
        return 1;
      }
      n = n * (unsigned long long)base + (unsigned long long)digit;   /* wraps as 5.4's */
    }
    s += strspn(s, spaces);
    if (s != e) {
      lua_pushnil(L);
      return 1;
    }
    {
      long long v = (long long)(neg ? 0u - n : n);
      if (v >= -(long long)TWO53 && v <= (long long)TWO53)
        lua_pushinteger(L, (lua_Integer)v);
      else
        lua_pushnumber(L, (lua_Number)v);
    }
    return 1;
  }
}

/* select(n, ...) for scripts: Lua 5.4's (a non-integral n is refused on both VMs). */
static int sb_select(lua_State *L) {
  int n = lua_gettop(L);
  lua_Integer i;
  if (lua_type(L, 1) == LUA_TSTRING && *lua_tostring(L, 1) == '#') {
    lua_pushinteger(L, n - 1);
    return 1;
  }
  i = vl_checkint(L, 1);
  if (i < 0)
    i = n + i;
  else if (i > n)
    i = n;
  luaL_argcheck(L, 1 <= i, 1, "index out of range");
  return n - (int)i;
}

/* Pushes the whole number f: an integer under Lua 5.4 when one holds it (as its math.floor
** does), and never -0. */
static void push_whole(lua_State *L, lua_Number f) {
  if (integral(f)) {
#if VL_LUAJIT
    lua_pushnumber(L, f + 0.0);            /* -0 + 0 is +0 */
#else
    lua_pushinteger(L, (lua_Integer)f);
#endif
  } else {
    lua_pushnumber(L, f);
  }
}

static int sb_floor(lua_State *L) {
#if !VL_LUAJIT
  if (lua_isinteger(L, 1)) {
    lua_settop(L, 1);
    return 1;
  }
#endif
  push_whole(L, floor(luaL_checknumber(L, 1)));
  return 1;
}

static int sb_ceil(lua_State *L) {
#if !VL_LUAJIT
  if (lua_isinteger(L, 1)) {
    lua_settop(L, 1);
    return 1;
  }
#endif
  push_whole(L, ceil(luaL_checknumber(L, 1)));
  return 1;
}

/* math.fmod(a, b) for scripts: a zero b is refused on both VMs (Lua 5.4 refuses it for
** integers, LuaJIT gives NaN), and a zero result is +0. */
static int sb_fmod(lua_State *L) {
  lua_Number a, b, r;
#if !VL_LUAJIT
  if (lua_isinteger(L, 1) && lua_isinteger(L, 2)) {
    lua_Integer d = lua_tointeger(L, 2);
    luaL_argcheck(L, d != 0, 2, "zero");
    lua_pushinteger(L, d == -1 ? 0 : lua_tointeger(L, 1) % d);
    return 1;
  }
#endif
  a = luaL_checknumber(L, 1);
  b = luaL_checknumber(L, 2);
  luaL_argcheck(L, b != 0, 2, "zero");
  r = fmod(a, b);
  lua_pushnumber(L, r == 0 ? 0.0 : r);
  return 1;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== string.format, sub, byte                                                        */

#define FMT_FLAGS_F "-+ #0"
#define FMT_FLAGS_X "-#0"
#define FMT_FLAGS_I "-+ 0"
#define FMT_FLAGS_U "-0"
#define FMT_FLAGS_C "-"
#define MAX_FORMAT 32                      /* a conversion specification, '%' to the letter */
#define MAX_ITEM 512                       /* one converted item ("%99.99f" of 1e308: 420) */

/* The two digits at most of a width or a precision. */
static const char *two_digits(const char *s) {
  if (*s >= '0' && *s <= '9') {
    s++;
    if (*s >= '0' && *s <= '9') s++;
  }
  return s;
}

/* Refuses a specification whose flags are not in `flags`, or with a precision when
** `precision` is 0 (Lua 5.4's checkformat). */
static void check_spec(lua_State *L, const char *form, const char *flags, int precision) {
  const char *spec = form + 1;
  spec += strspn(spec, flags);
  if (*spec != '0') {
    spec = two_digits(spec);
    if (*spec == '.' && precision) spec = two_digits(spec + 1);
  }
  if (!((*spec >= 'a' && *spec <= 'z') || (*spec >= 'A' && *spec <= 'Z')))
    luaL_error(L, "invalid conversion specification: '%s'", form);
}

/* Copies the specification at fmt (after its '%') into form, "%...X"; returns where the
** conversion letter is. */
static const char *get_spec(lua_State *L, const char *fmt, const char *end, char *form) {
  size_t len = strspn(fmt, FMT_FLAGS_F "123456789.");
  if (len + 1 >= MAX_FORMAT - 10) luaL_error(L, "invalid format string to 'format'");
  if (fmt + len >= end) luaL_error(L, "invalid conversion '%%%s' to 'format'", fmt);
  form[0] = '%';
  memcpy(form + 1, fmt, len + 1);
  form[len + 2] = '\0';
  return fmt + len;
}

/* Puts "ll" before the conversion letter of form. */
static void long_long(char *form) {
  size_t l = strlen(form);
  char c = form[l - 1];
  form[l - 1] = 'l';
  form[l] = 'l';
  form[l + 1] = c;
  form[l + 2] = '\0';
}

/* A string as %q writes it (Lua 5.4's): in double quotes, with '"', '\\' and a line end
** escaped, and every other control character as a decimal escape. */
static void add_quoted(luaL_Buffer *b, const char *s, size_t len) {
  size_t i;
  luaL_addchar(b, '"');
  for (i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\' || c == '\n') {
      luaL_addchar(b, '\\');
      luaL_addchar(b, (char)c);
    } else if (c < 32 || c == 127) {
      char buf[8];
      int next_digit = i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9';
      snprintf(buf, sizeof buf, next_digit ? "\\%03d" : "\\%d", (int)c);
      luaL_addstring(b, buf);
    } else {
      luaL_addchar(b, (char)c);
    }
  }
  luaL_addchar(b, '"');
}

/* %q of argument arg: a string quoted, a whole number by its digits (the smallest integer
** in hexadecimal, as 5.4), any other number in hexadecimal floating point (exact), nil and
** booleans as their names. */
static void add_literal(lua_State *L, luaL_Buffer *b, int arg) {
  char buf[MAX_ITEM];
  switch (lua_type(L, arg)) {
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, arg, &len);
    add_quoted(b, s, len);
    return;
  }
  case LUA_TNUMBER: {
    lua_Number x = lua_tonumber(L, arg);
    long long n;
#if !VL_LUAJIT
    if (lua_isinteger(L, arg)) {
      n = (long long)lua_tointeger(L, arg);
    } else
#endif
    if (integral(x)) {
      n = (long long)x;
    } else {
      if (x == (lua_Number)HUGE_VAL)
        luaL_addstring(b, "1e9999");
      else if (x == -(lua_Number)HUGE_VAL)
        luaL_addstring(b, "-1e9999");
      else if (x != x)
        luaL_addstring(b, "(0/0)");
      else {
        snprintf(buf, sizeof buf, "%a", (double)x);
        luaL_addstring(b, buf);
      }
      return;
    }
    if (n == LLONG_MIN)
      snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)n);
    else
      snprintf(buf, sizeof buf, "%lld", n);
    luaL_addstring(b, buf);
    return;
  }
  case LUA_TNIL:
    luaL_addstring(b, "nil");
    return;
  case LUA_TBOOLEAN:
    luaL_addstring(b, lua_toboolean(L, arg) ? "true" : "false");
    return;
  default:
    luaL_argerror(L, arg, "value has no literal form");
  }
}

/*
** string.format(fmt, ...) -- volley's, the same on both VMs (it is also trusted code's, the
** string table being shared): Lua 5.4's specifications and checks; %d, %i, %u, %c, %o, %x and
** %X refuse a non-integral number (LuaJIT would truncate it); %s writes a number as tostring
** does ("5", not "5.0"); %a, %e, %f, %g write NaN as "nan" whatever its sign bit; %q as above;
** %p is refused (an address). Charged one instruction an argument and one per 64 bytes of a
** string argument before it runs.
*/
static int sb_format(lua_State *L) {
  int top = lua_gettop(L), arg = 1;
  size_t len;
  const char *fmt = vl_checklstring(L, 1, &len), *end = fmt + len;
  luaL_Buffer b;
  vl_sandbox_charge(L, vl_sandbox_args_cost(L));
  luaL_buffinit(L, &b);
  while (fmt < end) {
    char form[MAX_FORMAT], item[MAX_ITEM];
    int nb = 0;
    const char *flags;
    if (*fmt != '%') {
      luaL_addchar(&b, *fmt++);
      continue;
    }
    if (++fmt < end && *fmt == '%') {
      luaL_addchar(&b, *fmt++);
      continue;
    }
    if (++arg > top) return luaL_argerror(L, arg, "no value");
    fmt = get_spec(L, fmt, end, form);
    switch (*fmt++) {
    case 'c':
      check_spec(L, form, FMT_FLAGS_C, 0);
      nb = snprintf(item, sizeof item, form, (int)vl_checkint(L, arg));
      break;
    case 'd': case 'i':
      flags = FMT_FLAGS_I;
      goto intcase;
    case 'u':
      flags = FMT_FLAGS_U;
      goto intcase;
    case 'o': case 'x': case 'X':
      flags = FMT_FLAGS_X;
    intcase: {
      long long n = (long long)vl_checkint(L, arg);
      check_spec(L, form, flags, 1);
      long_long(form);
      nb = snprintf(item, sizeof item, form, n);
      break;
    }
    case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      double x = (double)luaL_checknumber(L, arg);
      check_spec(L, form, FMT_FLAGS_F, 1);
      if (x != x) x = (double)NAN;           /* "nan", never "-nan" */
      nb = snprintf(item, sizeof item, form, x);
      break;
    }
    case 'q':
      if (form[2] != '\0') return luaL_error(L, "specifier '%%q' cannot have modifiers");
      add_literal(L, &b, arg);
      break;
    case 's': {
      size_t l;
      const char *s;
      luaL_checkany(L, arg);
      vl_sandbox_tostring(L, arg);
      s = lua_tolstring(L, -1, &l);
      if (form[2] == '\0') {
        luaL_addvalue(&b);                  /* the whole string */
      } else {
        luaL_argcheck(L, l == strlen(s), arg, "string contains zeros");
        check_spec(L, form, FMT_FLAGS_C, 1);
        if (strchr(form, '.') == NULL && l >= 100) {
          luaL_addvalue(&b);                /* too long to format, and no precision */
        } else {
          nb = snprintf(item, sizeof item, form, s);
          lua_pop(L, 1);
        }
      }
      break;
    }
    default:
      return luaL_error(L, "invalid conversion '%s' to 'format'", form);
    }
    if (nb > 0) luaL_addlstring(&b, item, (size_t)(nb < MAX_ITEM ? nb : MAX_ITEM - 1));
  }
  luaL_pushresult(&b);
  return 1;
}

/* A position into a string of len bytes, from 1 (Lua 5.4's posrelatI). */
static size_t start_pos(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

/* The end position of argument arg (default def) into a string of len bytes. */
static size_t end_pos(lua_State *L, int arg, lua_Integer def, size_t len) {
  lua_Integer pos = vl_optint(L, arg, def);
  if (pos > (lua_Integer)len) return len;
  if (pos >= 0) return (size_t)pos;
  if (pos < -(lua_Integer)len) return 0;
  return len + (size_t)pos + 1;
}

/* string.sub(s, i [, j]): Lua 5.4's, on both VMs (positions must be whole numbers). */
static int sb_sub(lua_State *L) {
  size_t l;
  const char *s = vl_checklstring(L, 1, &l);
  size_t start = start_pos(vl_checkint(L, 2), l);
  size_t stop = end_pos(L, 3, -1, l);
  if (start > stop)
    lua_pushliteral(L, "");
  else
    lua_pushlstring(L, s + start - 1, (stop - start) + 1);
  return 1;
}

/* string.byte(s [, i [, j]]): Lua 5.4's, on both VMs. */
static int sb_byte(lua_State *L) {
  size_t l, first, last;
  const char *s = vl_checklstring(L, 1, &l);
  lua_Integer pi = vl_optint(L, 2, 1);
  int n, i;
  last = end_pos(L, 3, pi, l);
  first = start_pos(pi, l);
  if (first > last) return 0;
  if (last - first >= (size_t)INT_MAX) return luaL_error(L, "string slice too long");
  n = (int)(last - first) + 1;
  luaL_checkstack(L, n, "string slice too long");
  for (i = 0; i < n; i++) lua_pushinteger(L, (unsigned char)s[first + (size_t)i - 1]);
  return n;
}

/* string.len(s): its bytes (a number's text as scripts write it, as every string function
** takes a number: "5", never "5.0"). */
static int sb_len(lua_State *L) {
  size_t l;
  vl_checklstring(L, 1, &l);
  lua_pushinteger(L, (lua_Integer)l);
  return 1;
}

/* string.lower and upper: ASCII letters alone, whatever the C locale (the prompt sets the
** user's LC_CTYPE, where toupper may change bytes beyond ASCII). */
static int change_case(lua_State *L, int upper) {
  size_t l, i;
  const char *s = vl_checklstring(L, 1, &l);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (i = 0; i < l; i++) {
    char c = s[i];
    if (upper && c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
    if (!upper && c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    luaL_addchar(&b, c);
  }
  luaL_pushresult(&b);
  return 1;
}

static int sb_lower(lua_State *L) {
  return change_case(L, 0);
}

static int sb_upper(lua_State *L) {
  return change_case(L, 1);
}

/* string.reverse(s). */
static int sb_reverse(lua_State *L) {
  size_t l, i;
  const char *s = vl_checklstring(L, 1, &l);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (i = l; i > 0; i--) luaL_addchar(&b, s[i - 1]);
  luaL_pushresult(&b);
  return 1;
}

/* }====================================================================================== */

static const luaL_Reg det_base[] = {
  {"pairs", sb_pairs},
  {"next", sb_next},
  {"ipairs", sb_ipairs},
  {"tostring", sb_tostring},
  {"tonumber", sb_tonumber},
  {"select", sb_select},
  {NULL, NULL}
};

static const luaL_Reg det_math[] = {
  {"floor", sb_floor},
  {"ceil", sb_ceil},
  {"fmod", sb_fmod},
  {NULL, NULL}
};

static const luaL_Reg det_string[] = {
  {"format", sb_format},
  {"sub", sb_sub},
  {"byte", sb_byte},
  {"len", sb_len},
  {"lower", sb_lower},
  {"upper", sb_upper},
  {"reverse", sb_reverse},
  {NULL, NULL}
};

void vl_sandbox_det_funcs(lua_State *S, int idx, const char *lib) {
  const luaL_Reg *l = strcmp(lib, "base") == 0 ? det_base
                    : strcmp(lib, "math") == 0 ? det_math : det_string;
  lua_pushvalue(S, idx);
  vl_setfuncs(S, l);
  lua_pop(S, 1);
}

/* sandbox.number_text(n) -> the text of n as scripts see it (for the prompt's values). */
int vl_sandbox_number_text(lua_State *L) {
  char buf[VL_NUMBER_TEXT];
  luaL_checktype(L, 1, LUA_TNUMBER);
  lua_pushstring(L, vl_number_text(L, 1, buf));
  return 1;
}
