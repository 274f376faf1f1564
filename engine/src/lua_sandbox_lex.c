/*
** lua_sandbox_lex.c -- the text of a script checked before Lua parses it, so that what loads
** on one VM loads alike on the other (DESIGN.md principle 11; docs/modding.md "Determinism"):
** a small lexer that skips strings and comments and refuses what only Lua 5.4 accepts -- the
** floor division `//`, the bitwise operators `&`, `|`, `~` (binary and unary), `<<`, `>>`, the
** attributes `<const>` and `<close>` -- what only LuaJIT accepts -- numerals with a suffix
** (`1LL`, `1ULL`, `1i`), names with bytes beyond ASCII -- and integer numerals beyond 2^53,
** which Lua 5.4 keeps exact and LuaJIT cannot. A save played on Lua 5.4 therefore replays on
** LuaJIT: a script it ran cannot fail to load, or read its numbers otherwise, there.
**
** Written in C rather than with lpeg: it must run on every path that loads script text (a
** script file, a script's own `load`, `state:run`), all of which go through vl_sandbox_load,
** in any engine-owned state, including those made without a C path to find lpeg on; it reads
** each byte once and allocates nothing.
*/
#include "lua_engine.h"

#include <stdio.h>
#include <string.h>

typedef struct lexer {
  const char *p, *end;
  int line;
  char *msg;                    /* the refusal, when there is one */
  size_t n;
} lexer;

static int is_alpha(int c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c) {
  return c >= '0' && c <= '9';
}

static int is_hex(int c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* At a line end ('\n', '\r', or either pair of them): steps over it and counts it. */
static int line_end(lexer *x) {
  char c = *x->p;
  if (c != '\n' && c != '\r') return 0;
  x->p++;
  if (x->p < x->end && (*x->p == '\n' || *x->p == '\r') && *x->p != c) x->p++;
  x->line++;
  return 1;
}

/* At '[': the level of a long bracket "[==[" (its '='s), or -1 when it is not one. */
static int long_open(const lexer *x) {
  const char *q = x->p + 1;
  int level = 0;
  while (q < x->end && *q == '=') {
    q++;
    level++;
  }
  return q < x->end && *q == '[' ? level : -1;
}

/* Skips a long string or comment of the level given, from its opening bracket to past its
** closing one (or to the end of the text: the parser reports it). */
static void skip_long(lexer *x, int level) {
  x->p += level + 2;
  while (x->p < x->end) {
    if (line_end(x)) continue;
    if (*x->p == ']') {
      const char *q = x->p + 1;
      int l = 0;
      while (q < x->end && *q == '=') {
        q++;
        l++;
      }
      if (l == level && q < x->end && *q == ']') {
        x->p = q + 1;
        return;
      }
    }
    x->p++;
  }
}

/* Skips a quoted string, from its quote to past the closing one; 0 when it is not finished
** on its line (the parser will say so: the check stops there). */
static int skip_quoted(lexer *x) {
  char quote = *x->p++;
  while (x->p < x->end && *x->p != quote) {
    if (*x->p == '\\' && x->p + 1 < x->end) {
      x->p++;
      if (line_end(x)) continue;           /* a line end escaped */
      if (*x->p == 'z') {                  /* \z skips the white space after it */
        x->p++;
        while (x->p < x->end) {
          if (line_end(x)) continue;
          if (*x->p != ' ' && *x->p != '\t' && *x->p != '\f' && *x->p != '\v') break;
          x->p++;
        }
        continue;
      }
      x->p++;
      continue;
    }
    if (*x->p == '\n' || *x->p == '\r') return 0;
    x->p++;
  }
  if (x->p >= x->end) return 0;
  x->p++;
  return 1;
}

/* Sets the refusal (the first one found). */
static int refuse(lexer *x, const char *what) {
  snprintf(x->msg, x->n, "%s (scripts run on Lua 5.4 and on LuaJIT alike)", what);
  return x->line;
}

/* Reads a numeral from x->p; refuses one with a suffix and an integer beyond 2^53. */
static int numeral(lexer *x) {
  const char *s = x->p, *d;
  int hex = 0, whole = 1;
  char expo = 'e';
  if (*s == '0' && x->p + 1 < x->end && (s[1] == 'x' || s[1] == 'X')) {
    hex = 1;
    expo = 'p';
    x->p += 2;
  }
  for (;;) {                               /* as Lua reads one: digits, '.', exponents */
    if (x->p < x->end && (*x->p == expo || *x->p == expo - 32)) {
      x->p++;
      if (x->p < x->end && (*x->p == '+' || *x->p == '-')) x->p++;
    } else if (x->p < x->end && (is_hex(*x->p) || *x->p == '.')) {
      x->p++;
    } else {
      break;
    }
  }
  if (x->p < x->end && (is_alpha(*x->p) || is_digit(*x->p))) {
    char buf[64];
    const char *e = x->p;
    while (e < x->end && (is_alpha(*e) || is_digit(*e))) e++;
    snprintf(buf, sizeof buf, "malformed number near '%.*s'", (int)(e - s < 40 ? e - s : 40), s);
    return refuse(x, buf);
  }
  d = s + (hex ? 2 : 0);
  {
    const char *q;
    for (q = d; q < x->p; q++)
      if (hex ? !is_hex(*q) : !is_digit(*q)) whole = 0;
  }
  if (!whole || d == x->p) return 0;
  while (d < x->p - 1 && *d == '0') d++;   /* leading zeros */
  {
    size_t n = (size_t)(x->p - d);
    int big = hex ? (n > 14 || (n == 14 && strncmp(d, "20000000000000", 14) > 0))
                  : (n > 16 || (n == 16 && strncmp(d, "9007199254740992", 16) > 0));
    if (big) {
      char buf[96];
      snprintf(buf, sizeof buf, "integer %.*s%s is beyond 2^53, which LuaJIT cannot hold "
               "exactly", (int)(x->p - s < 24 ? x->p - s : 24), s, x->p - s > 24 ? "..." : "");
      return refuse(x, buf);
    }
  }
  return 0;
}

int vl_sandbox_check_text(const char *text, size_t len, char *msg, size_t n) {
  lexer x;
  int after_local = 0;          /* 1: after `local`; 2: after `local name` (or `, name`) */
  x.p = text;
  x.end = text + len;
  x.line = 1;
  x.msg = msg;
  x.n = n;
  while (x.p < x.end) {
    unsigned char c = (unsigned char)*x.p;
    int state = 0;
    if (line_end(&x)) continue;
    if (c == ' ' || c == '\t' || c == '\f' || c == '\v') {
      x.p++;
      continue;
    }
    if (c == '-' && x.p + 1 < x.end && x.p[1] == '-') {     /* a comment */
      x.p += 2;
      if (x.p < x.end && *x.p == '[' && long_open(&x) >= 0) {
        skip_long(&x, long_open(&x));
      } else {
        while (x.p < x.end && *x.p != '\n' && *x.p != '\r') x.p++;
      }
      continue;
    }
    if (is_alpha(c)) {
      const char *s = x.p;
      while (x.p < x.end && (is_alpha(*x.p) || is_digit(*x.p))) x.p++;
      if (x.p < x.end && (unsigned char)*x.p >= 0x80)
        return refuse(&x, "a byte beyond ASCII in a name (LuaJIT takes it, Lua 5.4 does not)");
      if (x.p - s == 5 && memcmp(s, "local", 5) == 0)
        state = 1;
      else if (after_local == 1 && !(x.p - s == 8 && memcmp(s, "function", 8) == 0))
        state = 2;
      after_local = state;
      continue;
    }
    if (c >= 0x80)
      return refuse(&x, "a byte beyond ASCII outside a string or a comment (LuaJIT takes it "
                        "in a name, Lua 5.4 does not)");
    if (is_digit(c) || (c == '.' && x.p + 1 < x.end && is_digit((unsigned char)x.p[1]))) {
      int line = numeral(&x);
      if (line) return line;
      after_local = 0;
      continue;
    }
    if (c == '"' || c == '\'') {
      if (!skip_quoted(&x)) return 0;
      after_local = 0;
      continue;
    }
    if (c == '[' && long_open(&x) >= 0) {
      skip_long(&x, long_open(&x));
      after_local = 0;
      continue;
    }
    switch (c) {
    case '/':
      if (x.p + 1 < x.end && x.p[1] == '/')
        return refuse(&x, "'//' (floor division) is Lua 5.4 only: write math.floor(a / b)");
      break;
    case '&': case '|':
      return refuse(&x, c == '&' ? "the bitwise operator '&' is Lua 5.4 only"
                                 : "the bitwise operator '|' is Lua 5.4 only");
    case '~':
      if (x.p + 1 < x.end && x.p[1] == '=') {
        x.p++;                             /* ~= */
        break;
      }
      return refuse(&x, "the bitwise operator '~' is Lua 5.4 only");
    case '<':
      if (x.p + 1 < x.end && x.p[1] == '<')
        return refuse(&x, "the bitwise operator '<<' is Lua 5.4 only");
      if (after_local == 2)
        return refuse(&x, "an attribute of a local ('<const>', '<close>') is Lua 5.4 only");
      break;
    case '>':
      if (x.p + 1 < x.end && x.p[1] == '>')
        return refuse(&x, "the bitwise operator '>>' is Lua 5.4 only");
      break;
    case ',':
      if (after_local == 2) state = 1;     /* local a, b */
      break;
    default:
      break;
    }
    after_local = state;
    x.p++;
  }
  return 0;
}
