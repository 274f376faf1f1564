/*
** lua_pattern.c -- string.find, match, gmatch, gsub and rep of engine-owned states.
**
** Lua's own pattern functions backtrack inside C, where the count hook never fires: a
** pattern such as ("a*"):rep(40) .. "b" against ("a"):rep(40) runs for hours in one VM
** instruction. These replacements speak the same pattern language (Lua 5.4 reference manual
** section 6.4.1) and give Lua 5.4's results on both VMs, but count their steps (one per
** character tested, per backtracking attempt, per byte compared) against the running call's
** instruction budget; outside a call they stop after PAT_UNARMED_STEPS. The pattern is first
** compiled into a list of items (a set of 256 bits for every bracket class), then matched by
** a backtracking walk whose recursion happens only at quantifiers, capped at PAT_MAXDEPTH.
** Differences from the stock functions, all documented in docs/modding.md: a malformed
** pattern is refused even where the stock matcher would fail to match before reaching the
** fault; string.rep with an empty result returns at once (Lua 5.4's loops n times).
*/
#include "lua_engine.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#define PAT_MAXCAPTURES 32
#define PAT_MAXDEPTH 200                 /* nested quantifiers in one match attempt */
#define PAT_UNARMED_STEPS 100000000ul    /* the steps of one call of trusted code */
#define PAT_SMALL_ITEMS 48               /* patterns this small compile on the C stack */
#define PAT_SMALL_SETS 8

#define CAP_UNFINISHED (-1)
#define CAP_POSITION (-2)

enum { IT_SINGLE, IT_OPEN, IT_CLOSE, IT_POSITION, IT_BALANCE, IT_FRONTIER, IT_BACKREF, IT_END };
enum { C_ANY, C_CHAR, C_CLASS, C_SET };

typedef struct item {
  unsigned char kind;      /* IT_* */
  unsigned char quant;     /* IT_SINGLE: 0, '*', '+', '-' or '?' */
  unsigned char cls;       /* IT_SINGLE: C_* */
  unsigned char a, b;      /* C_CHAR: the byte; C_CLASS: the class letter; IT_BALANCE: the
                              two bytes; captures and back-references: the capture index */
  int set;                 /* C_SET and IT_FRONTIER: index of its set */
} item;

typedef unsigned char charset[32];

typedef struct pattern {
  int nitems, nsets, ncap;
  int anchor;              /* '^' at the start (not in gmatch) */
  item *items;
  charset *sets;
} pattern;

typedef struct capture {
  const unsigned char *start;
  ptrdiff_t len;           /* or CAP_UNFINISHED, CAP_POSITION */
} capture;

typedef struct mstate {
  const unsigned char *init, *end;   /* the subject */
  const pattern *p;
  capture cap[PAT_MAXCAPTURES];
  unsigned long steps, allowance;
  int depth;
  lua_State *L;
} mstate;

/* ======================================================================================= */
/* {====== the step budget                                                                 */

/* The steps a string operation may take now. */
static unsigned long allowance(lua_State *L) {
  vl_engine *e = vl_engine_of(L);
  if (e != NULL && e->budget.call.depth > 0) {
    vl_budget *b = &e->budget;
    if (b->call.over != VL_BUDGET_OK) return 0;
    if (b->instr_limit == 0) return ULONG_MAX;
    return b->instr_limit > b->call.instr_used ? b->instr_limit - b->call.instr_used : 0;
  }
  return PAT_UNARMED_STEPS;
}

/* Charges the steps taken so far to the running call. */
static void charge(mstate *ms) {
  vl_engine *e = vl_engine_of(ms->L);
  if (e != NULL) vl_budget_count(&e->budget, ms->steps);
  ms->allowance = ms->allowance > ms->steps ? ms->allowance - ms->steps : 0;
  ms->steps = 0;
}

/* Raises when the steps passed the allowance: inside a call, as its instruction budget (which
** stays spent, so a pcall cannot go on); outside, as a pattern too complex. */
static void overrun(mstate *ms) {
  lua_State *L = ms->L;
  vl_engine *e = vl_engine_of(L);
  if (e != NULL && e->budget.call.depth > 0) {
    vl_budget *b = &e->budget;
    vl_budget_count(b, ms->steps);
    if (b->call.over == VL_BUDGET_OK) b->call.over = VL_BUDGET_INSTR;
    lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, 1);
    vl_sandbox_push_budget_msg(L, b->call.over);
    lua_error(L);
  }
  luaL_error(L, "pattern too complex (more than %d steps)", (int)PAT_UNARMED_STEPS);
}

#define STEP(ms, n) \
  do { (ms)->steps += (unsigned long)(n); if ((ms)->steps > (ms)->allowance) overrun(ms); } while (0)

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== compiling                                                                       */

/* Whether c (a byte) is in class cl (a letter of %a %c %d %g %l %p %s %u %w %x, upper case
** for the complement); any other cl stands for itself. */
static int in_class(int cl, int c) {
  int r;
  switch (tolower(cl)) {
  case 'a': r = isalpha(c); break;
  case 'c': r = iscntrl(c); break;
  case 'd': r = isdigit(c); break;
  case 'g': r = isgraph(c); break;
  case 'l': r = islower(c); break;
  case 'p': r = ispunct(c); break;
  case 's': r = isspace(c); break;
  case 'u': r = isupper(c); break;
  case 'w': r = isalnum(c); break;
  case 'x': r = isxdigit(c); break;
  default: return cl == c;
  }
  if (isupper(cl)) r = !r;
  return r != 0;
}

static int is_class_letter(int cl) {
  return strchr("acdglpsuwx", tolower(cl)) != NULL && cl != 0;
}

static void set_bit(unsigned char *set, int c) {
  set[c >> 3] = (unsigned char)(set[c >> 3] | (1u << (c & 7)));
}

static int has_bit(const unsigned char *set, int c) {
  return (set[c >> 3] >> (c & 7)) & 1;
}

typedef struct compiler {
  lua_State *L;
  const unsigned char *p, *end;
  pattern *out;            /* items and sets to fill; NULL items: count only */
  int nitems, nsets, ncap;
  int open[PAT_MAXCAPTURES], nopen;  /* captures still open, innermost last */
  int closed[PAT_MAXCAPTURES];
  unsigned long cost;
} compiler;

static item *new_item(compiler *c, int kind) {
  item *it = NULL;
  if (c->out->items != NULL) {
    it = &c->out->items[c->nitems];
    memset(it, 0, sizeof *it);
    it->kind = (unsigned char)kind;
  }
  c->nitems++;
  return it;
}

static unsigned char *new_set(compiler *c, int *index) {
  unsigned char *set = NULL;
  *index = c->nsets;
  if (c->out->sets != NULL) {
    set = c->out->sets[c->nsets];
    memset(set, 0, sizeof(charset));
  }
  c->nsets++;
  c->cost += 32;
  return set;
}

/* Reads the bracket class that starts at p ('['); returns what follows its ']'. With set not
** NULL, fills it (the complement for '[^'). */
static const unsigned char *bracket(compiler *c, const unsigned char *p, unsigned char *set) {
  const unsigned char *q, *first, *close;
  int neg = 0, ch;
  p++;                                      /* skip '[' */
  if (p < c->end && *p == '^') {
    neg = 1;
    p++;
  }
  first = p;
  q = p;
  for (;;) {                                /* the first byte is a member even if it is ']' */
    if (q >= c->end) luaL_error(c->L, "malformed pattern (missing ']')");
    if (*q++ == '%' && q < c->end) q++;
    if (q < c->end && *q == ']') break;
  }
  close = q;
  if (set != NULL) {
    for (p = first; p < close; p++) {
      if (*p == '%') {
        p++;
        if (is_class_letter(*p)) {
          for (ch = 0; ch < 256; ch++)
            if (in_class(*p, ch)) set_bit(set, ch);
        } else {
          set_bit(set, *p);
        }
      } else if (p + 2 < close && p[1] == '-') {
        for (ch = p[0]; ch <= p[2]; ch++) set_bit(set, ch);
        c->cost += (unsigned long)(p[2] >= p[0] ? p[2] - p[0] : 0) / 8;
        p += 2;
      } else {
        set_bit(set, *p);
      }
    }
    if (neg)
      for (ch = 0; ch < 32; ch++) set[ch] = (unsigned char)~set[ch];
  }
  c->cost += (unsigned long)(close - first) + 8;
  return close + 1;
}

/* Compiles the pattern into c->out (counting only when c->out->items is NULL). */
static void compile(compiler *c, const unsigned char *p, size_t lp, int anchor_ok) {
  const unsigned char *end = p + lp;
  c->end = end;
  c->nitems = c->nsets = c->ncap = c->nopen = 0;
  c->cost = lp;
  c->out->anchor = 0;
  if (anchor_ok && p < end && *p == '^') {
    c->out->anchor = 1;
    p++;
  }
  while (p < end) {
    item *it;
    switch (*p) {
    case '(':
      if (c->ncap >= PAT_MAXCAPTURES) luaL_error(c->L, "too many captures");
      if (p + 1 < end && p[1] == ')') {
        it = new_item(c, IT_POSITION);
        if (it) it->a = (unsigned char)c->ncap;
        c->closed[c->ncap++] = 1;
        p += 2;
      } else {
        it = new_item(c, IT_OPEN);
        if (it) it->a = (unsigned char)c->ncap;
        c->closed[c->ncap] = 0;
        c->open[c->nopen++] = c->ncap++;
        p++;
      }
      continue;
    case ')':
      if (c->nopen == 0) luaL_error(c->L, "invalid pattern capture");
      it = new_item(c, IT_CLOSE);
      c->nopen--;
      if (it) it->a = (unsigned char)c->open[c->nopen];
      c->closed[c->open[c->nopen]] = 1;
      p++;
      continue;
    case '$':
      if (p + 1 == end) {
        new_item(c, IT_END);
        p++;
        continue;
      }
      break;
    case '%':
      if (p + 1 >= end) luaL_error(c->L, "malformed pattern (ends with '%%')");
      if (p[1] == 'b') {
        if (p + 3 >= end) luaL_error(c->L, "malformed pattern (missing arguments to '%%b')");
        it = new_item(c, IT_BALANCE);
        if (it) {
          it->a = p[2];
          it->b = p[3];
        }
        p += 4;
        continue;
      }
      if (p[1] == 'f') {
        int index;
        unsigned char *set;
        p += 2;
        if (p >= end || *p != '[') luaL_error(c->L, "missing '[' after '%%f' in pattern");
        it = new_item(c, IT_FRONTIER);
        set = new_set(c, &index);
        if (it) it->set = index;
        p = bracket(c, p, set);
        continue;
      }
      if (isdigit(p[1])) {
        int l = p[1] - '1';
        if (l < 0 || l >= c->ncap || !c->closed[l])
          luaL_error(c->L, "invalid capture index %%%d", l + 1);
        it = new_item(c, IT_BACKREF);
        if (it) it->a = (unsigned char)l;
        p += 2;
        continue;
      }
      break;
    default:
      break;
    }
    /* a single-character class, maybe followed by a quantifier */
    it = new_item(c, IT_SINGLE);
    if (*p == '.') {
      if (it) it->cls = C_ANY;
      p++;
    } else if (*p == '%') {
      if (it) {
        it->cls = is_class_letter(p[1]) ? C_CLASS : C_CHAR;
        it->a = p[1];
      }
      p += 2;
    } else if (*p == '[') {
      int index;
      unsigned char *set = new_set(c, &index);
      if (it) {
        it->cls = C_SET;
        it->set = index;
      }
      p = bracket(c, p, set);
    } else {
      if (it) {
        it->cls = C_CHAR;
        it->a = *p;
      }
      p++;
    }
    if (p < end && (*p == '*' || *p == '+' || *p == '-' || *p == '?')) {
      if (it) it->quant = *p;
      p++;
    }
  }
  if (c->nopen > 0) luaL_error(c->L, "unfinished capture");
}

/* Compiles pattern p into *pat, whose arrays live in small (the caller's, on the C stack)
** when they fit, else in a userdata pushed onto the stack (the return value says which:
** 1 when a userdata was pushed). */
typedef struct small_store {
  item items[PAT_SMALL_ITEMS];
  charset sets[PAT_SMALL_SETS];
} small_store;

static int compile_pattern(lua_State *L, const char *p, size_t lp, int anchor_ok, pattern *pat,
                           small_store *small, unsigned long *cost) {
  compiler c;
  pattern count;
  int pushed = 0;
  memset(&count, 0, sizeof count);
  c.L = L;
  c.out = &count;
  compile(&c, (const unsigned char *)p, lp, anchor_ok);      /* pass 1: sizes, errors */
  *cost = c.cost;
  pat->nitems = c.nitems;
  pat->nsets = c.nsets;
  pat->ncap = c.ncap;
  if (small != NULL && c.nitems <= PAT_SMALL_ITEMS && c.nsets <= PAT_SMALL_SETS) {
    pat->items = small->items;
    pat->sets = small->sets;
  } else {
    size_t ni = (size_t)c.nitems, ns = (size_t)c.nsets;
    char *block = lua_newuserdata(L, ni * sizeof(item) + ns * sizeof(charset) + 1);
    pat->items = (item *)(void *)block;
    pat->sets = (charset *)(void *)(block + ni * sizeof(item));
    pushed = 1;
  }
  c.out = pat;
  compile(&c, (const unsigned char *)p, lp, anchor_ok);      /* pass 2: fill */
  return pushed;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== matching                                                                        */

static int single(const mstate *ms, const item *it, int ch) {
  switch (it->cls) {
  case C_ANY: return 1;
  case C_CHAR: return ch == it->a;
  case C_CLASS: return in_class(it->a, ch);
  default: return has_bit(ms->p->sets[it->set], ch);
  }
}

/* Matches items i.. at s; returns the end of the match or NULL. */
static const unsigned char *do_match(mstate *ms, const unsigned char *s, int i) {
  const pattern *p = ms->p;
  const unsigned char *r;
  if (++ms->depth > PAT_MAXDEPTH) luaL_error(ms->L, "pattern too complex");
  STEP(ms, 1);
  for (;; i++) {
    const item *it;
    if (i == p->nitems) goto done;
    it = &p->items[i];
    switch (it->kind) {
    case IT_END:
      if (s != ms->end) s = NULL;
      goto done;
    case IT_OPEN:
      ms->cap[it->a].start = s;
      ms->cap[it->a].len = CAP_UNFINISHED;
      continue;
    case IT_CLOSE:
      ms->cap[it->a].len = s - ms->cap[it->a].start;
      continue;
    case IT_POSITION:
      ms->cap[it->a].start = s;
      ms->cap[it->a].len = CAP_POSITION;
      continue;
    case IT_BALANCE: {
      int depth = 1;
      const unsigned char *q = s;
      if (s >= ms->end || *s != it->a) {
        s = NULL;
        goto done;
      }
      while (++q < ms->end) {
        if (*q == it->b) {
          if (--depth == 0) break;
        } else if (*q == it->a) {
          depth++;
        }
      }
      STEP(ms, q - s);
      if (q >= ms->end) {
        s = NULL;
        goto done;
      }
      s = q + 1;
      continue;
    }
    case IT_FRONTIER: {
      int prev = s == ms->init ? 0 : s[-1];
      int cur = s < ms->end ? *s : 0;
      const unsigned char *set = p->sets[it->set];
      if (has_bit(set, prev) || !has_bit(set, cur)) {
        s = NULL;
        goto done;
      }
      continue;
    }
    case IT_BACKREF: {
      const capture *cap = &ms->cap[it->a];
      size_t len;
      if (cap->len < 0) {                  /* a position capture never matches text */
        s = NULL;
        goto done;
      }
      len = (size_t)cap->len;
      STEP(ms, len);
      if ((size_t)(ms->end - s) < len || memcmp(cap->start, s, len) != 0) {
        s = NULL;
        goto done;
      }
      s += len;
      continue;
    }
    default:                               /* IT_SINGLE */
      break;
    }
    switch (it->quant) {
    case 0:
      STEP(ms, 1);
      if (s < ms->end && single(ms, it, *s)) {
        s++;
        continue;
      }
      s = NULL;
      goto done;
    case '?':
      STEP(ms, 1);
      if (s < ms->end && single(ms, it, *s) && (r = do_match(ms, s + 1, i + 1)) != NULL) {
        s = r;
        goto done;
      }
      continue;
    case '-':
      for (;;) {
        if ((r = do_match(ms, s, i + 1)) != NULL) {
          s = r;
          goto done;
        }
        STEP(ms, 1);
        if (s < ms->end && single(ms, it, *s))
          s++;
        else {
          s = NULL;
          goto done;
        }
      }
    default: {                             /* '*' and '+': the longest first */
      ptrdiff_t n = 0;
      while (s + n < ms->end && single(ms, it, s[n])) n++;
      STEP(ms, n + 1);
      if (it->quant == '+') {
        if (n == 0) {
          s = NULL;
          goto done;
        }
      }
      for (;;) {
        if ((r = do_match(ms, s + n, i + 1)) != NULL) {
          s = r;
          goto done;
        }
        if (n == (it->quant == '+' ? 1 : 0)) break;
        n--;
      }
      s = NULL;
      goto done;
    }
    }
  }
done:
  ms->depth--;
  return s;
}

static void start(mstate *ms, lua_State *L, const char *s, size_t ls, const pattern *p) {
  ms->L = L;
  ms->init = (const unsigned char *)s;
  ms->end = ms->init + ls;
  ms->p = p;
  ms->steps = 0;
  ms->depth = 0;
  ms->allowance = allowance(L);
}

/* Pushes capture i of a match s..e (the whole match when the pattern has none and i is 0). */
static void push_capture(mstate *ms, int i, const unsigned char *s, const unsigned char *e) {
  if (i >= ms->p->ncap) {
    if (i != 0) luaL_error(ms->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(ms->L, (const char *)s, (size_t)(e - s));
    return;
  }
  if (ms->cap[i].len == CAP_POSITION)
    lua_pushinteger(ms->L, (lua_Integer)(ms->cap[i].start - ms->init) + 1);
  else
    lua_pushlstring(ms->L, (const char *)ms->cap[i].start, (size_t)ms->cap[i].len);
}

/* Pushes all captures (or the whole match when there are none and whole is set). */
static int push_captures(mstate *ms, const unsigned char *s, const unsigned char *e, int whole) {
  int i, n = (ms->p->ncap == 0 && whole) ? 1 : ms->p->ncap;
  luaL_checkstack(ms->L, n, "too many captures");
  for (i = 0; i < n; i++) push_capture(ms, i, s, e);
  return n;
}

/* }====================================================================================== */

/* ======================================================================================= */
/* {====== find, match, gmatch, gsub, rep                                                  */

/* Lua 5.4's rule for a start position: negative counts from the end, 0 is 1. */
static size_t start_at(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos;
  if (pos == 0) return 1;
  if (pos < -(lua_Integer)len) return 1;
  return len + (size_t)pos + 1;
}

static int no_specials(const char *p, size_t lp) {
  size_t i;
  for (i = 0; i < lp; i++)
    if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 0;
  return 1;
}

/* Plain search of p in s from s[init]; NULL if absent. Charges a comparison of p's length at
** every place its first byte occurs. */
static const char *plain_find(mstate *ms, const char *s, size_t ls, const char *p, size_t lp) {
  const char *last, *q;
  if (lp == 0) return s;
  if (lp > ls) return NULL;
  last = s + (ls - lp);                    /* the last place p may start */
  while (s <= last) {
    q = memchr(s, *p, (size_t)(last - s) + 1);
    STEP(ms, (q ? q - s : last - s) / 16 + 1);
    if (q == NULL) return NULL;
    STEP(ms, lp);
    if (memcmp(q + 1, p + 1, lp - 1) == 0) return q;
    s = q + 1;
  }
  return NULL;
}

static int find_aux(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
  mstate ms;
  if (init > ls) {
    lua_pushnil(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
    const char *q;
    pattern none;
    memset(&none, 0, sizeof none);
    start(&ms, L, s, ls, &none);
    q = plain_find(&ms, s + init, ls - init, p, lp);
    charge(&ms);
    if (q != NULL) {
      lua_pushinteger(L, (lua_Integer)(q - s) + 1);
      lua_pushinteger(L, (lua_Integer)(q - s) + (lua_Integer)lp);
      return 2;
    }
  } else {
    small_store small;
    pattern pat;
    unsigned long cost;
    const unsigned char *s1 = (const unsigned char *)s + init;
    compile_pattern(L, p, lp, 1, &pat, &small, &cost);
    start(&ms, L, s, ls, &pat);
    STEP(&ms, cost);
    do {
      const unsigned char *e;
      ms.depth = 0;
      if ((e = do_match(&ms, s1, 0)) != NULL) {
        charge(&ms);
        if (find) {
          lua_pushinteger(L, (lua_Integer)(s1 - ms.init) + 1);
          lua_pushinteger(L, (lua_Integer)(e - ms.init));
          return push_captures(&ms, NULL, NULL, 0) + 2;
        }
        return push_captures(&ms, s1, e, 1);
      }
    } while (s1++ < ms.end && !pat.anchor);
    charge(&ms);
  }
  lua_pushnil(L);
  return 1;
}

/* string.find(s, pattern [, init [, plain]]) */
static int str_find(lua_State *L) {
  return find_aux(L, 1);
}

/* string.match(s, pattern [, init]) */
static int str_match(lua_State *L) {
  return find_aux(L, 0);
}

typedef struct gmatch_state {
  size_t pos;              /* where the next attempt starts */
  ptrdiff_t lastmatch;     /* end of the last match, or -1 */
  pattern pat;
} gmatch_state;

static int gmatch_next(lua_State *L) {
  size_t ls;
  const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
  gmatch_state *gm = lua_touserdata(L, lua_upvalueindex(2));
  mstate ms;
  const unsigned char *src;
  start(&ms, L, s, ls, &gm->pat);
  for (src = ms.init + gm->pos; src <= ms.end; src++) {
    const unsigned char *e;
    ms.depth = 0;
    if ((e = do_match(&ms, src, 0)) != NULL && (e - ms.init) != gm->lastmatch) {
      gm->pos = (size_t)(e - ms.init);
      gm->lastmatch = e - ms.init;
      charge(&ms);
      return push_captures(&ms, src, e, 1);
    }
  }
  gm->pos = ls + 1;
  charge(&ms);
  return 0;
}

/* string.gmatch(s, pattern [, init]): '^' is not an anchor here (it would stop the
** iteration), as in Lua 5.4. */
static int str_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *p;
  gmatch_state *gm;
  pattern pat;
  unsigned long cost;
  mstate ms;
  size_t init;
  luaL_checklstring(L, 1, &ls);
  p = luaL_checklstring(L, 2, &lp);
  init = start_at(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) init = ls + 1;
  lua_settop(L, 2);
  gm = lua_newuserdata(L, sizeof *gm);     /* 3 */
  compile_pattern(L, p, lp, 0, &pat, NULL, &cost);   /* 4: the arrays */
  gm->pat = pat;
  gm->pos = init;
  gm->lastmatch = -1;
  memset(&ms, 0, sizeof ms);
  start(&ms, L, "", 0, &pat);
  STEP(&ms, cost);
  charge(&ms);
  lua_pushvalue(L, 1);                     /* the subject, the state, the arrays */
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/* Calls the replacement (function or table) of gsub with the captures of s..e through a
** protected call, so the nesting count is kept right when it raises. */
static int call_table(lua_State *L) {
  lua_gettable(L, 1);
  return 1;
}

static void add_value(mstate *ms, luaL_Buffer *b, const unsigned char *s, const unsigned char *e,
                      int tr) {
  lua_State *L = ms->L;
  vl_engine *eng = vl_engine_of(L);
  int status;
  if (tr == LUA_TFUNCTION || tr == LUA_TTABLE) {
    int n;
    if (eng != NULL && eng->nesting >= VL_SANDBOX_NESTING)
      luaL_error(L, "string.gsub: replacement functions nested too deeply (limit %d)",
                 VL_SANDBOX_NESTING);
    charge(ms);
    if (tr == LUA_TFUNCTION) {
      lua_pushvalue(L, 3);
      n = push_captures(ms, s, e, 1);
    } else {
      lua_pushcfunction(L, call_table);
      lua_pushvalue(L, 3);
      push_capture(ms, 0, s, e);
      n = 2;
    }
    if (eng != NULL) eng->nesting++;
    status = lua_pcall(L, n, 1, 0);
    if (eng != NULL) eng->nesting--;
    if (status != LUA_OK) lua_error(L);
    ms->allowance = allowance(L);
    if (!lua_toboolean(L, -1)) {           /* nil or false: keep the original */
      lua_pop(L, 1);
      luaL_addlstring(b, (const char *)s, (size_t)(e - s));
      return;
    }
    if (!lua_isstring(L, -1))
      luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return;
  } else {                                 /* a string (or a number) with %0-%9 and %% */
    size_t l, i;
    const char *news = lua_tolstring(L, 3, &l);
    for (i = 0; i < l; i++) {
      if (news[i] != '%') {
        luaL_addchar(b, news[i]);
        continue;
      }
      i++;
      if (i < l && news[i] == '%') {
        luaL_addchar(b, '%');
      } else if (i < l && news[i] == '0') {
        luaL_addlstring(b, (const char *)s, (size_t)(e - s));
      } else if (i < l && isdigit((unsigned char)news[i])) {
        int k = news[i] - '1';
        if (k >= ms->p->ncap && !(k == 0 && ms->p->ncap == 0))
          luaL_error(L, "invalid capture index %%%d in replacement string", k + 1);
        push_capture(ms, k, s, e);
        lua_tostring(L, -1);               /* a position becomes its digits */
        luaL_addvalue(b);
      } else {
        luaL_error(L, "invalid use of '%%' in replacement string");
      }
    }
    STEP(ms, l / 16);
  }
}

/* string.gsub(s, pattern, repl [, n]) */
static int str_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  int tr = lua_type(L, 3);
  lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)ls + 1), n = 0;
  small_store small;
  pattern pat;
  unsigned long cost;
  mstate ms;
  luaL_Buffer b;
  const unsigned char *src, *lastmatch = NULL;
  luaL_argcheck(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION ||
                   tr == LUA_TTABLE, 3, "string/function/table expected");
  lua_settop(L, 4);
  compile_pattern(L, p, lp, 1, &pat, &small, &cost);   /* may push its arrays: slot 5 */
  start(&ms, L, s, ls, &pat);
  STEP(&ms, cost);
  src = ms.init;
  luaL_buffinit(L, &b);
  while (n < max_n) {
    const unsigned char *e;
    ms.depth = 0;
    e = do_match(&ms, src, 0);
    if (e != NULL && e != lastmatch) {
      n++;
      add_value(&ms, &b, src, e, tr);
      src = lastmatch = e;
    } else if (src < ms.end) {
      luaL_addchar(&b, (char)*src++);
    } else {
      break;
    }
    if (pat.anchor) break;
  }
  luaL_addlstring(&b, (const char *)src, (size_t)(ms.end - src));
  charge(&ms);
  luaL_pushresult(&b);
  lua_pushinteger(L, n);
  return 2;
}

/* string.rep(s, n [, sep]): an empty result returns at once; inside a call, a result the
** call's memory could not hold (twice: the pieces and the string) once garbage is collected is
** refused before any work, as the memory budget. */
static int str_rep(lua_State *L) {
  size_t l, lsep, total, i;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  vl_engine *e = vl_engine_of(L);
  char *p;
  if (n <= 0 || (l == 0 && lsep == 0)) {
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || (size_t)n > ((size_t)-1 / 4) / (l + lsep))
    return luaL_error(L, "resulting string too large");
  total = (size_t)n * l + (size_t)(n - 1) * lsep;
  if (e != NULL && e->budget.call.depth > 0) {
    vl_budget *b = &e->budget;
    size_t room = vl_budget_room(b);
    if (total > room / 2) {                /* garbage may hold the room: collect it first */
      vl_sandbox_settle(L, e);
      if (b->call.over == VL_BUDGET_OK) lua_gc(L, LUA_GCCOLLECT, 0);
      room = b->call.over == VL_BUDGET_OK ? vl_budget_room(b) : 0;
    }
    if (total > room / 2) {                /* the pieces and the string both need it */
      size_t state_room = b->mem_limit != 0 && b->mem_used < b->mem_limit
                              ? b->mem_limit - b->mem_used : (size_t)-1;
      b->mem_refused = 1;
      b->refused_limit = state_room <= room ? b->mem_limit : b->call_mem_limit;
      if (b->call.over == VL_BUDGET_OK) b->call.over = VL_BUDGET_MEM;
      lua_sethook(L, vl_engine_hook, LUA_MASKCOUNT, 1);
      vl_sandbox_push_budget_msg(L, b->call.over);
      return lua_error(L);
    }
  }
  p = lua_newuserdata(L, total);
  for (i = 0; i < (size_t)n; i++) {
    memcpy(p, s, l);
    p += l;
    if (lsep > 0 && i + 1 < (size_t)n) {
      memcpy(p, sep, lsep);
      p += lsep;
    }
  }
  lua_pushlstring(L, (const char *)lua_touserdata(L, -1), total);
  return 1;
}

static const luaL_Reg pattern_funcs[] = {
  {"find", str_find},
  {"match", str_match},
  {"gmatch", str_gmatch},
  {"gsub", str_gsub},
  {"rep", str_rep},
  {NULL, NULL}
};

void vl_pattern_register(lua_State *L, int idx) {
  const luaL_Reg *r;
  idx = lua_absindex(L, idx);
  for (r = pattern_funcs; r->name != NULL; r++) {
    lua_pushcfunction(L, r->func);
    lua_setfield(L, idx, r->name);
  }
}

/* }====================================================================================== */
