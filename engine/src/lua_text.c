/*
** lua_text.c -- `volley.core.text`: text that comes from outside (a script's lines, a mod's
** labels, rules and error messages) checked or cleaned before it reaches a transcript, a
** terminal or JSON. A bounded line reader for `--script` files (docs/shell.md "Scripts"), a
** check that names the first bad byte, and a cleaner that makes any string valid UTF-8
** without control characters (docs/modding.md "Text from a mod").
*/

/***
Text from outside: bounded lines, checks, cleaning.
@module volley.core.text
*/
#include "lua_modules.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "textbuf.h"

/* U+FFFD REPLACEMENT CHARACTER, what `clean` puts for a byte it drops. */
#define REPLACEMENT "\xEF\xBF\xBD"

/* Whether the character at s (k bytes, valid UTF-8) is a control: C0, DEL, or C1 (U+0080 to
** U+009F, which some terminals take as escapes). */
static int is_control(const unsigned char *s, size_t k) {
  if (k == 1) return s[0] < 0x20 || s[0] == 0x7F;
  return k == 2 && s[0] == 0xC2 && s[1] < 0xA0;
}

/***
Reads one line from an open file, keeping at most `max` bytes of it: the bytes before the
line end ("\n"; a "\r" before it is the line's), never more than `max` + 1 of them held in
memory, so a file without line ends (/dev/zero) cannot exhaust it.
@function read_line
@tparam file fh a Lua file handle open for reading
@tparam integer max the most bytes a line may hold (a trailing "\r" not counted)
@tparam integer ceiling the most bytes read looking for the end of a line that is too long
@treturn[1] string the line
@treturn[2] boolean false: the line was too long and is skipped
@treturn[2] integer its length in bytes (the bytes read, when it has no end)
@treturn[2] boolean true when no line end came within `ceiling` bytes (stop reading)
@treturn[3] nil at the end of the file
@treturn[4] nil
@treturn[4] string a read error ("Is a directory")
*/
static int text_read_line(lua_State *L) {
  FILE **fp = (FILE **)luaL_checkudata(L, 1, LUA_FILEHANDLE);
  lua_Integer max = luaL_checkinteger(L, 2), ceiling = luaL_checkinteger(L, 3);
  luaL_Buffer b;
  size_t n = 0;
  int c, any = 0;
  FILE *f = *fp;
  luaL_argcheck(L, f != NULL, 1, "file is closed");
  luaL_argcheck(L, max >= 1 && max <= 1 << 20, 2, "max out of range (1 to 2^20)");
  luaL_argcheck(L, ceiling >= max, 3, "ceiling below max");
  luaL_buffinit(L, &b);
  flockfile(f);
  while ((c = getc_unlocked(f)) != EOF && c != '\n') {
    any = 1;
    if (n <= (size_t)max) luaL_addchar(&b, (char)c);   /* max + 1: room for a trailing \r */
    if (++n > (size_t)ceiling) break;
  }
  funlockfile(f);
  if (c == EOF && ferror(f)) {
    int e = errno;
    lua_pushnil(L);
    lua_pushstring(L, strerror(e));
    return 2;
  }
  if (c == EOF && !any) {
    lua_pushnil(L);
    return 1;
  }
  luaL_pushresult(&b);
  if (n > (size_t)max) {
    const char *s = lua_tostring(L, -1);
    if (!(n == (size_t)max + 1 && s[max] == '\r')) {
      lua_pushboolean(L, 0);
      lua_pushinteger(L, (lua_Integer)n);
      lua_pushboolean(L, n > (size_t)ceiling);
      return 3;
    }
  }
  return 1;
}

/***
The first thing wrong with a line of text, or nil: a NUL byte, a byte that is not UTF-8, a
carriage return (a line holds none: "\r" ends no line), another control character. Columns
count bytes from 1.
@function check
@tparam string s
@treturn ?string "NUL byte at column 6", "invalid UTF-8 at column 8", "a carriage return at
column 3", "a control character (U+001B) at column 1"
*/
static int text_check(lua_State *L) {
  size_t n, i, k;
  const unsigned char *s = (const unsigned char *)luaL_checklstring(L, 1, &n);
  for (i = 0; i < n; i += k) {
    if (s[i] == '\0') return lua_pushfstring(L, "NUL byte at column %d", (int)i + 1), 1;
    k = vl_utf8_char(s + i, n - i);
    if (k == 0) return lua_pushfstring(L, "invalid UTF-8 at column %d", (int)i + 1), 1;
    if (s[i] == '\r') return lua_pushfstring(L, "a carriage return at column %d", (int)i + 1), 1;
    if (is_control(s + i, k) && s[i] != '\t') {
      char code[8];
      snprintf(code, sizeof code, "%04X", k == 1 ? (unsigned)s[i] : (unsigned)s[i + 1]);
      return lua_pushfstring(L, "a control character (U+%s) at column %d", code, (int)i + 1), 1;
    }
  }
  lua_pushnil(L);
  return 1;
}

/* Pushes the string at idx with each invalid UTF-8 byte (and, unless utf8_only, each
** control character) replaced by U+FFFD; the string itself when nothing is replaced. */
static void push_clean(lua_State *L, int idx, int utf8_only) {
  size_t n, i, k, start = 0;
  const unsigned char *s = (const unsigned char *)lua_tolstring(L, idx, &n);
  luaL_Buffer b;
  int changed = 0;
  idx = lua_absindex(L, idx);
  for (i = 0; i < n; i += k) {
    k = vl_utf8_char(s + i, n - i);
    if (k == 0 || (!utf8_only && is_control(s + i, k))) {
      if (!changed) luaL_buffinit(L, &b);
      changed = 1;
      luaL_addlstring(&b, (const char *)s + start, i - start);
      luaL_addstring(&b, REPLACEMENT);
      if (k == 0) k = 1;
      start = i + k;
    }
  }
  if (!changed) {
    lua_pushvalue(L, idx);
    return;
  }
  luaL_addlstring(&b, (const char *)s + start, n - start);
  luaL_pushresult(&b);
}

void vl_lua_pushclean(lua_State *L, int idx) {
  if (lua_type(L, idx) == LUA_TSTRING) push_clean(L, idx, 0);
  else lua_pushvalue(L, idx);
}

/***
A string made safe to print: each byte that is not part of valid UTF-8, and each control
character (C0 -- newline and tab included --, DEL, C1), becomes U+FFFD. The string itself
when there is nothing to replace.
@function clean
@tparam string s
@tparam[opt] boolean utf8_only replace invalid UTF-8 only, keep control characters (for
JSON, which escapes them)
@treturn string
*/
static int text_clean(lua_State *L) {
  luaL_checkstring(L, 1);
  push_clean(L, 1, lua_toboolean(L, 2));
  return 1;
}

/***
Reads a whole data file that is not INI (a scenario's start state): a regular file of at most
`max` bytes. Anything else is refused before a byte is read: a folder, a FIFO (opened without
waiting for a writer), a device, a larger file. What the bytes hold is the caller's to check.
@function read_file
@tparam string path
@tparam integer max the most bytes (1 to 2^30)
@treturn[1] string the file's bytes
@treturn[2] nil
@treturn[2] string why: "cannot open (No such file or directory)", "not a regular file",
"larger than 1048576 bytes (the most this file may hold)", "cannot read (...)"
*/
static int text_read_file(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  lua_Integer max = luaL_checkinteger(L, 2);
  struct stat sb;
  luaL_Buffer b;
  size_t total = 0;
  int fd;
  luaL_argcheck(L, max >= 1 && max <= (lua_Integer)1 << 30, 2, "max out of range (1 to 2^30)");
  fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    int e = errno;
    lua_pushnil(L);
    lua_pushfstring(L, "cannot open (%s)", strerror(e));
    return 2;
  }
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
    close(fd);
    lua_pushnil(L);
    lua_pushstring(L, "not a regular file");
    return 2;
  }
  if (sb.st_size > (off_t)max) {
    close(fd);
    lua_pushnil(L);
    lua_pushfstring(L, "larger than %d bytes (the most this file may hold)", (int)max);
    return 2;
  }
  luaL_buffinit(L, &b);
  for (;;) {
    char *p = luaL_prepbuffer(&b);
    ssize_t n = read(fd, p, LUAL_BUFFERSIZE);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      close(fd);
      luaL_pushresult(&b);
      lua_pushnil(L);
      lua_pushfstring(L, "cannot read (%s)", strerror(e));
      return 2;
    }
    if (n == 0) break;
    luaL_addsize(&b, (size_t)n);
    total += (size_t)n;
    if (total > (size_t)max) {   /* grew while read */
      close(fd);
      luaL_pushresult(&b);
      lua_pushnil(L);
      lua_pushfstring(L, "larger than %d bytes (the most this file may hold)", (int)max);
      return 2;
    }
  }
  close(fd);
  luaL_pushresult(&b);
  return 1;
}

static const luaL_Reg text_funcs[] = {
  {"read_line", text_read_line},
  {"read_file", text_read_file},
  {"check", text_check},
  {"clean", text_clean},
  {NULL, NULL},
};

void vl_lua_open_text(lua_State *L) {
  luaL_newlib(L, text_funcs);
  lua_setfield(L, -2, "text");
}
