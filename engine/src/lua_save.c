/*
** lua_save.c -- `volley.core.save`: the save file for Lua (save.h; docs/save.md). A save is a
** plain table (the header's fields, `journal`, `finished`); reading and writing go through
** the C core, so the text, its checks and its refusals are the same everywhere. Files that
** cannot be read or are refused give nil and the error table ({file=, line=, msg=}, tostring
** "file:line: msg"); a table that is no save raises Lua's argument errors.
*/

/***
The save file: header, journal, checksum; atomic writes; the append-only autosave.
@module volley.core.save
*/
#include "lua_modules.h"
#include "lua_store.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "volley/save.h"

#define AUTOSAVE_TNAME "volley.autosave"

/* ---- Lua -> C ------------------------------------------------------------------------------ */

/* The string field k of the table at t, or NULL when absent (raises when not a string). The
** string stays valid while the table holds it. */
static const char *opt_field(lua_State *L, int t, const char *k, int arg) {
  const char *s;
  int type = vl_rawfield(L, t, k);
  if (type == LUA_TNIL) {
    lua_pop(L, 1);
    return NULL;
  }
  if (type != LUA_TSTRING)
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a string", k));
  s = lua_tostring(L, -1);
  lua_pop(L, 1);   /* still referenced by the table (read raw: no __index made it) */
  return s;
}

static const char *str_field(lua_State *L, int t, const char *k, int arg) {
  const char *s = opt_field(L, t, k, arg);
  if (s == NULL) luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' missing", k));
  return s;
}

/* An integer field in [lo, hi]. */
static uint64_t uint_field(lua_State *L, int t, const char *k, uint64_t hi, int arg) {
  lua_Number x;
  if (vl_rawfield(L, t, k) != LUA_TNUMBER)
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be an integer", k));
  x = lua_tonumber(L, -1);
  lua_pop(L, 1);
  if (!(x >= 0 && x <= (lua_Number)hi) || (lua_Number)(uint64_t)x != x)
    luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' is out of range", k));
  return (uint64_t)x;
}

static void sha_field(lua_State *L, int t, char out[VL_SHA256_MAX], int arg) {
  const char *s = str_field(L, t, "sha256", arg);
  if (strlen(s) != 64) luaL_argerror(L, arg, "field 'sha256' must be 64 hex digits");
  memcpy(out, s, VL_SHA256_MAX);
}

/* The list field k of the table at t (absent: empty), pushed; returns its length. */
static size_t list_field(lua_State *L, int t, const char *k, int arg) {
  int type = vl_rawfield(L, t, k);
  if (type == LUA_TNIL) {
    lua_pop(L, 1);
    lua_newtable(L);
    return 0;
  }
  if (type != LUA_TTABLE) luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a list", k));
  return (size_t)lua_rawlen(L, -1);
}

/* Room for n items of size sz in a userdata left on the stack (freed by the collector). */
static void *scratch(lua_State *L, size_t n, size_t sz) {
  return lua_newuserdata(L, (n ? n : 1) * sz);
}

/* Reads the header fields of the table at arg into *h. Leaves its arrays (userdata) and lists
** on the stack: pop them when done with h. */
static void check_header(lua_State *L, int arg, vl_save_header *h) {
  size_t i, n;
  int list;
  arg = lua_absindex(L, arg);
  luaL_checktype(L, arg, LUA_TTABLE);
  memset(h, 0, sizeof *h);
  h->volley = opt_field(L, arg, "volley", arg);
  h->scenario = str_field(L, arg, "scenario", arg);
  h->undo = str_field(L, arg, "undo", arg);
  h->view = str_field(L, arg, "view", arg);
  h->seed = uint_field(L, arg, "seed", VL_DICE_SEED_LIMIT - 1, arg);
  h->cap = uint_field(L, arg, "cap", UINT64_C(1) << 53, arg);

  n = list_field(L, arg, "files", arg);
  list = lua_gettop(L);
  {
    vl_save_file *f = scratch(L, n, sizeof *f);
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, list, (int)i + 1);
      luaL_argcheck(L, lua_istable(L, -1), arg, "files must be a list of {role=, path=, sha256=}");
      f[i].role = str_field(L, -1, "role", arg);
      f[i].path = str_field(L, -1, "path", arg);
      sha_field(L, -1, f[i].sha256, arg);
      lua_pop(L, 1);
    }
    h->files = f;
    h->n_files = n;
  }
  n = list_field(L, arg, "options", arg);
  list = lua_gettop(L);
  {
    vl_save_option *o = scratch(L, n, sizeof *o);
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, list, (int)i + 1);
      luaL_argcheck(L, lua_istable(L, -1), arg, "options must be a list of {name=, path=, sha256=}");
      o[i].name = str_field(L, -1, "name", arg);
      o[i].path = str_field(L, -1, "path", arg);
      sha_field(L, -1, o[i].sha256, arg);
      lua_pop(L, 1);
    }
    h->options = o;
    h->n_options = n;
  }
  n = list_field(L, arg, "mods", arg);
  list = lua_gettop(L);
  {
    vl_save_mod *m = scratch(L, n, sizeof *m);
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, list, (int)i + 1);
      luaL_argcheck(L, lua_istable(L, -1), arg, "mods must be a list of {path=, sha256=}");
      m[i].path = str_field(L, -1, "path", arg);
      sha_field(L, -1, m[i].sha256, arg);
      lua_pop(L, 1);
    }
    h->mods = m;
    h->n_mods = n;
  }
  n = list_field(L, arg, "bots", arg);
  list = lua_gettop(L);
  {
    vl_save_bot *b = scratch(L, n, sizeof *b);
    for (i = 0; i < n; i++) {
      lua_rawgeti(L, list, (int)i + 1);
      luaL_argcheck(L, lua_istable(L, -1), arg, "bots must be a list of {side=, name=}");
      b[i].side = str_field(L, -1, "side", arg);
      b[i].name = str_field(L, -1, "name", arg);
      lua_pop(L, 1);
    }
    h->bots = b;
    h->n_bots = n;
  }
}

/* Reads the journal entry table at idx into *e (strings anchored by the table). */
static void check_entry(lua_State *L, int idx, vl_save_entry *e, int arg) {
  const char *kind, *state;
  idx = lua_absindex(L, idx);
  luaL_argcheck(L, lua_istable(L, idx), arg, "a journal line must be a table");
  memset(e, 0, sizeof *e);
  kind = str_field(L, idx, "kind", arg);
  state = str_field(L, idx, "state", arg);
  if (strlen(state) >= VL_STATE_HASH_MAX) luaL_argerror(L, arg, "field 'state' must be 16 hex digits");
  memcpy(e->state_hash, state, strlen(state) + 1);
  e->rolls = uint_field(L, idx, "rolls", UINT64_C(1) << 53, arg);
  if (strcmp(kind, "answer") == 0) {
    e->kind = VL_SAVE_ANSWER;
    e->side = str_field(L, idx, "side", arg);
    e->request = str_field(L, idx, "request", arg);
    switch (vl_rawfield(L, idx, "value")) {
    case LUA_TBOOLEAN:
      e->vtype = VL_SAVE_BOOL;
      e->ival = lua_toboolean(L, -1);
      break;
    case LUA_TNUMBER: {
      lua_Number x = lua_tonumber(L, -1);
      if (!(x >= -9007199254740992.0 && x <= 9007199254740992.0) || (lua_Number)(int64_t)x != x)
        luaL_argerror(L, arg, "an answer must be an integer within 2^53, a boolean or a string");
      e->vtype = VL_SAVE_INT;
      e->ival = (int64_t)x;
      break;
    }
    case LUA_TSTRING:
      e->vtype = VL_SAVE_STR;
      e->sval = lua_tolstring(L, -1, &e->slen);
      break;
    default:
      luaL_argerror(L, arg, "an answer must be an integer within 2^53, a boolean or a string");
    }
    lua_pop(L, 1);
  } else if (strcmp(kind, "forced") == 0) {
    const char *die = str_field(L, idx, "die", arg);
    size_t i, n;
    e->kind = VL_SAVE_FORCED;
    if (strcmp(die, "d6") == 0) e->die = VL_DICE_D6;
    else if (strcmp(die, "d10") == 0) e->die = VL_DICE_D10;
    else if (strcmp(die, "2d6") == 0) e->die = VL_DICE_2D6;
    else if (strcmp(die, "dn") == 0) e->die = VL_DICE_DN;
    else luaL_argerror(L, arg, lua_pushfstring(L, "unknown die '%s' (d6, d10, 2d6, dn)", die));
    if (e->die == VL_DICE_DN) e->sides = (int)uint_field(L, idx, "sides", VL_DICE_N_MAX, arg);
    n = list_field(L, idx, "faces", arg);
    if (n != (e->die == VL_DICE_2D6 ? 2u : 1u))
      luaL_argerror(L, arg, e->die == VL_DICE_2D6 ? "a forced 2d6 has two faces" : "a forced die has one face");
    for (i = 0; i < n; i++) {
      lua_Number x;
      lua_rawgeti(L, -1, (int)i + 1);
      x = lua_tonumber(L, -1);
      if (lua_type(L, -1) != LUA_TNUMBER || !(x >= 0 && x <= VL_DICE_N_MAX) || (lua_Number)(int)x != x)
        luaL_argerror(L, arg, "faces must be integers");
      e->faces[i] = (int)x;
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  } else {
    luaL_argerror(L, arg, lua_pushfstring(L, "unknown journal line kind '%s' (answer, forced)", kind));
  }
}

/* A vl_save from the table at arg, the caller frees it. Raises (nothing leaked) for a table
** that is no save. */
static vl_save *to_save(lua_State *L, int arg) {
  vl_save_header h;
  vl_save_entry *entries;
  vl_save *s;
  vl_error err;
  size_t i, n;
  int top = lua_gettop(L), list;
  arg = lua_absindex(L, arg);
  check_header(L, arg, &h);
  n = list_field(L, arg, "journal", arg);
  list = lua_gettop(L);
  entries = scratch(L, n, sizeof *entries);
  for (i = 0; i < n; i++) {
    lua_rawgeti(L, list, (int)i + 1);
    check_entry(L, -1, &entries[i], arg);
    lua_pop(L, 1);
  }
  /* from here on, nothing raises until s is freed or returned */
  s = vl_save_new(&h, &err);
  if (s == NULL) {
    if (err.code == VL_ENOMEM) return luaL_error(L, "not enough memory"), NULL;
    return luaL_argerror(L, arg, err.msg), NULL;
  }
  for (i = 0; i < n; i++)
    if (vl_save_append(s, &entries[i], &err) != VL_OK) {
      vl_save_free(s);
      if (err.code == VL_ENOMEM) return luaL_error(L, "not enough memory"), NULL;
      return luaL_argerror(L, arg, lua_pushfstring(L, "journal[%d]: %s", (int)i + 1, err.msg)), NULL;
    }
  lua_settop(L, top);
  return s;
}

/* ---- C -> Lua ------------------------------------------------------------------------------ */

static void set_str(lua_State *L, const char *k, const char *v) {
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
}

static void set_int(lua_State *L, const char *k, uint64_t v) {
  lua_pushinteger(L, (lua_Integer)v);
  lua_setfield(L, -2, k);
}

static void push_entry(lua_State *L, const vl_save_entry *e) {
  lua_createtable(L, 0, 7);
  if (e->kind == VL_SAVE_ANSWER) {
    set_str(L, "kind", "answer");
    set_str(L, "side", e->side);
    set_str(L, "request", e->request);
    if (e->vtype == VL_SAVE_INT) lua_pushinteger(L, (lua_Integer)e->ival);
    else if (e->vtype == VL_SAVE_BOOL) lua_pushboolean(L, (int)e->ival);
    else lua_pushlstring(L, e->sval, e->slen);
    lua_setfield(L, -2, "value");
  } else {
    int k, n = e->die == VL_DICE_2D6 ? 2 : 1;
    set_str(L, "kind", "forced");
    set_str(L, "die", vl_dice_kind_name((vl_dice_kind)e->die));
    set_int(L, "sides", (uint64_t)e->sides);
    lua_createtable(L, n, 0);
    for (k = 0; k < n; k++) {
      lua_pushinteger(L, e->faces[k]);
      lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "faces");
  }
  set_str(L, "state", e->state_hash);
  set_int(L, "rolls", e->rolls);
}

static void push_save(lua_State *L, const vl_save *s) {
  const vl_save_header *h = vl_save_header_of(s);
  size_t i;
  lua_createtable(L, 0, 14);
  set_int(L, "format", (uint64_t)h->format);
  set_str(L, "volley", h->volley);
  set_str(L, "scenario", h->scenario);
  lua_createtable(L, (int)h->n_files, 0);
  for (i = 0; i < h->n_files; i++) {
    lua_createtable(L, 0, 3);
    set_str(L, "role", h->files[i].role);
    set_str(L, "path", h->files[i].path);
    set_str(L, "sha256", h->files[i].sha256);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "files");
  lua_createtable(L, (int)h->n_options, 0);
  for (i = 0; i < h->n_options; i++) {
    lua_createtable(L, 0, 3);
    set_str(L, "name", h->options[i].name);
    set_str(L, "path", h->options[i].path);
    set_str(L, "sha256", h->options[i].sha256);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "options");
  lua_createtable(L, (int)h->n_mods, 0);
  for (i = 0; i < h->n_mods; i++) {
    lua_createtable(L, 0, 2);
    set_str(L, "path", h->mods[i].path);
    set_str(L, "sha256", h->mods[i].sha256);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "mods");
  set_int(L, "seed", h->seed);
  set_str(L, "undo", h->undo);
  lua_createtable(L, (int)h->n_bots, 0);
  for (i = 0; i < h->n_bots; i++) {
    lua_createtable(L, 0, 2);
    set_str(L, "side", h->bots[i].side);
    set_str(L, "name", h->bots[i].name);
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "bots");
  set_int(L, "cap", h->cap);
  set_str(L, "view", h->view);
  lua_createtable(L, (int)vl_save_count(s), 0);
  for (i = 0; i < vl_save_count(s); i++) {
    push_entry(L, vl_save_entry_at(s, i));
    lua_rawseti(L, -2, (int)i + 1);
  }
  lua_setfield(L, -2, "journal");
  lua_pushboolean(L, vl_save_finished(s));
  lua_setfield(L, -2, "finished");
}

/* Pushes nil and the error table; returns 2 (raises for VL_ENOMEM). */
static int fail(lua_State *L, const vl_error *err) {
  if (err->code == VL_ENOMEM) return luaL_error(L, "not enough memory");
  lua_pushnil(L);
  vl_lua_pusherror(L, err);
  return 2;
}

/* The flags of an options table at arg: {unfinished = true}. Unknown keys raise. */
static unsigned read_flags(lua_State *L, int arg) {
  unsigned flags = 0;
  if (lua_isnoneornil(L, arg)) return 0;
  luaL_checktype(L, arg, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, arg) != 0) {
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    if (strcmp(k, "unfinished") != 0)
      luaL_argerror(L, arg, lua_pushfstring(L, "unknown option '%s' (unfinished)", k));
    if (lua_toboolean(L, -1)) flags |= VL_SAVE_UNFINISHED;
    lua_pop(L, 1);
  }
  return flags;
}

/* ---- the functions ------------------------------------------------------------------------- */

/***
What a save may hold, in bytes and lines (docs/formats.md "The save file", "Limits"): `word`
(a side, a request's kind, an option or bot name, the view, a scenario id), `path`, `answer`
(a string answer), `list` (files, options, mods or bots of the header), `lines` (journal
lines), `line` (the longest line) and `size` (the file).
@table limits
*/

/***
Reads a save file. A file cut short, changed since it was written (its checksum), of another
format version, or with a malformed line is refused.
@function read
@tparam string path
@tparam[opt] table options `unfinished = true`: take an autosave without its checksum line
(the game was not closed) as unfinished, up to its last whole line
@treturn[1] table the save: `format`, `volley`, `scenario`, `files` ({role=, path=, sha256=}),
`options` ({name=, path=, sha256=}), `mods` ({path=, sha256=}), `seed`, `undo`, `bots`
({side=, name=}), `cap`, `view`, `journal` (answers `{kind="answer", side=, request=, value=,
state=, rolls=}`, forced rolls `{kind="forced", die="d6"|"d10"|"2d6"|"dn", sides=, faces={...},
state=, rolls=}`) and `finished`
@treturn[2] nil
@treturn[2] table the error `{file=, line=, msg=}`
*/
static int save_read(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  unsigned flags = read_flags(L, 2);
  vl_error err;
  vl_save *s = vl_save_read(path, flags, &err);
  if (s == NULL) return fail(L, &err);
  push_save(L, s);
  vl_save_free(s);
  return 1;
}

/***
Reads a save from text, as `read` reads a file.
@function parse
@tparam string text
@tparam[opt="save"] string name what the text is called in messages
@tparam[opt] table options `unfinished = true`
@treturn[1] table the save
@treturn[2] nil
@treturn[2] table the error
*/
static int save_parse(lua_State *L) {
  size_t len;
  const char *text = luaL_checklstring(L, 1, &len), *name = luaL_optstring(L, 2, "save");
  unsigned flags = read_flags(L, 3);
  vl_error err;
  vl_save *s = vl_save_parse(text, len, name, flags, &err);
  if (s == NULL) return fail(L, &err);
  push_save(L, s);
  vl_save_free(s);
  return 1;
}

/***
The text of a save, its checksum line included (docs/formats.md "The save file").
@function text
@tparam table save a save table, as `read` gives (format, finished and volley may be left
out: volley defaults to this version)
@treturn string
@raise for a table that is no save, naming the field ("bad argument #1 to 'text' (undo policy
'never' is neither strict nor solo)")
*/
static int save_text(lua_State *L) {
  vl_save *s = to_save(L, 1);
  size_t len;
  char *text = vl_save_text(s, &len);
  vl_save_free(s);
  if (text == NULL) return luaL_error(L, "not enough memory");
  lua_pushlstring(L, text, len);
  free(text);
  return 1;
}

/***
Writes a save file atomically (a temporary file in the same directory, fsync, rename, fsync of
the directory): the file holds either its old content or the new one, whatever happens.
@function write
@tparam string path
@tparam table save
@treturn[1] true
@treturn[2] nil
@treturn[2] table the error
*/
static int save_write(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  vl_save *s = to_save(L, 2);
  vl_error err;
  int rc = vl_save_write(s, path, &err);
  vl_save_free(s);
  if (rc != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Whether two paths name the same existing file (the same device and inode, links followed):
a save must not overwrite the files its game reads.
@function same_file
@tparam string a
@tparam string b
@treturn boolean false when either does not exist
*/
static int save_same_file(lua_State *L) {
  struct stat sa, sb;
  const char *a = luaL_checkstring(L, 1), *b = luaL_checkstring(L, 2);
  lua_pushboolean(L, stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
                         sa.st_ino == sb.st_ino);
  return 1;
}

/***
Checks, before a game, that `write` could write a path: the name not too long (with the
temporary file's), not a folder, its folder existing and writable.
@function check_target
@tparam string path
@treturn[1] true
@treturn[2] nil
@treturn[2] string why not (without the path: "is a directory")
*/
static int save_check_target(lua_State *L) {
  vl_error err;
  if (vl_save_check_target(luaL_checkstring(L, 1), &err) != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Checks that a save was played with the content described now: the same scenario, the same
files with the same SHA-256, the same options and mods. Seed, undo policy, bots, cap and view
are the save's own and not compared.
@function check
@tparam table save
@tparam table now a header: `scenario`, `files`, `options`, `mods` (the other fields as a
save has them)
@treturn[1] true
@treturn[2] false
@treturn[2] string the first difference ("scenarios/.../map.ini has changed since the game was
saved")
*/
static int save_check(lua_State *L) {
  vl_save *s = to_save(L, 1);
  vl_save_header now;
  vl_error err;
  int rc;
  check_header(L, 2, &now);
  rc = vl_save_check(s, &now, &err);
  vl_save_free(s);
  if (rc != VL_OK) {
    lua_pushboolean(L, 0);
    lua_pushstring(L, err.msg);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

/***
SHA-256 of a string, as 64 lower-case hex digits.
@function sha256
@tparam string data
@treturn string
*/
static int save_sha256(lua_State *L) {
  size_t len;
  const char *data = luaL_checklstring(L, 1, &len);
  char hex[VL_SHA256_MAX];
  vl_save_sha256(data, len, hex);
  lua_pushstring(L, hex);
  return 1;
}

/***
SHA-256 of a file's content: what a save's header records of every file.
@function hash_file
@tparam string path
@treturn[1] string 64 lower-case hex digits
@treturn[2] nil
@treturn[2] table the error
*/
static int save_hash_file(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  char hex[VL_SHA256_MAX];
  vl_error err;
  if (vl_save_hash_file(path, hex, &err) != VL_OK) return fail(L, &err);
  lua_pushstring(L, hex);
  return 1;
}

/* ---- the autosave -------------------------------------------------------------------------- */

typedef struct lautosave {
  vl_autosave *a;   /* NULL once closed or abandoned */
} lautosave;

static lautosave *check_autosave(lua_State *L) {
  lautosave *u = vl_checkudata(L, 1, AUTOSAVE_TNAME);
  luaL_argcheck(L, u->a != NULL, 1, "autosave is closed");
  return u;
}

static lautosave *new_autosave(lua_State *L) {
  lautosave *u = lua_newuserdata(L, sizeof *u);
  u->a = NULL;
  luaL_setmetatable(L, AUTOSAVE_TNAME);
  return u;
}

/***
Creates an autosave: the save's header and journal so far are written to a new file (never an
existing one), then each `append` adds one line with one fdatasync, and `close` adds the
checksum line.
@function autosave
@tparam string path
@tparam table save
@treturn[1] autosave
@treturn[2] nil
@treturn[2] table the error (the file exists, cannot be written)
*/
static int save_autosave(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  lautosave *u = new_autosave(L);
  vl_save *s = to_save(L, 2);
  vl_error err;
  u->a = vl_autosave_create(path, s, &err);
  vl_save_free(s);
  if (u->a == NULL) return fail(L, &err);
  return 1;
}

/***
Opens an autosave to go on with it (`--resume`): reads it (finished or not), cuts off a partial
last line and the checksum line, and appends from there.
@function resume
@tparam string path
@treturn[1] autosave
@treturn[1] table the save read
@treturn[2] nil
@treturn[2] table the error (the file untouched)
*/
static int save_resume(lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  lautosave *u = new_autosave(L);
  vl_save *s;
  vl_error err;
  u->a = vl_autosave_resume(path, &s, &err);
  if (u->a == NULL) return fail(L, &err);
  push_save(L, s);
  vl_save_free(s);
  return 2;
}

/***
Appends one journal line, with one fdatasync; with `later` true, written but not synced (the
line is in the file; `autosave:sync` puts it on the disk: bot-only games sync in batches).
@function autosave:append
@tparam table line an answer or a forced roll, as in a save's journal
@tparam[opt] boolean later
@treturn[1] true
@treturn[2] nil
@treturn[2] table the error
*/
static int autosave_append(lua_State *L) {
  lautosave *u = check_autosave(L);
  vl_save_entry e;
  vl_error err;
  int later = lua_toboolean(L, 3);
  check_entry(L, 2, &e, 2);
  if ((later ? vl_autosave_write(u->a, &e, &err) : vl_autosave_append(u->a, &e, &err)) != VL_OK) {
    if (err.code == VL_EINVAL) return luaL_argerror(L, 2, err.msg);
    return fail(L, &err);
  }
  lua_pushboolean(L, 1);
  return 1;
}

/***
Syncs the lines appended `later` to the disk (one fdatasync).
@function autosave:sync
@treturn[1] true
@treturn[2] nil
@treturn[2] table the error
*/
static int autosave_sync(lua_State *L) {
  lautosave *u = check_autosave(L);
  vl_error err;
  if (vl_autosave_sync(u->a, &err) != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Appends the checksum line and closes: the game was closed properly.
@function autosave:close
@treturn[1] true
@treturn[2] nil
@treturn[2] table the error
*/
static int autosave_close(lua_State *L) {
  lautosave *u = check_autosave(L);
  vl_autosave *a = u->a;
  vl_error err;
  u->a = NULL;
  if (vl_autosave_close(a, &err) != VL_OK) return fail(L, &err);
  lua_pushboolean(L, 1);
  return 1;
}

/***
Closes without the checksum line: the file stays unfinished (and resumable). What the collector
does with an autosave nobody closed.
@function autosave:abandon
*/
static int autosave_abandon(lua_State *L) {
  lautosave *u = vl_checkudata(L, 1, AUTOSAVE_TNAME);
  vl_autosave_abandon(u->a);
  u->a = NULL;
  return 0;
}

static const luaL_Reg autosave_methods[] = {
  {"append", autosave_append},
  {"sync", autosave_sync},
  {"close", autosave_close},
  {"abandon", autosave_abandon},
  {NULL, NULL}
};

static const luaL_Reg autosave_meta[] = {
  {"__gc", autosave_abandon},
  {"__close", autosave_abandon},
  {NULL, NULL}
};

static const luaL_Reg save_funcs[] = {
  {"read", save_read},
  {"parse", save_parse},
  {"text", save_text},
  {"write", save_write},
  {"check", save_check},
  {"check_target", save_check_target},
  {"same_file", save_same_file},
  {"sha256", save_sha256},
  {"hash_file", save_hash_file},
  {"autosave", save_autosave},
  {"resume", save_resume},
  {NULL, NULL}
};

void vl_lua_open_save(lua_State *L) {
  vl_lua_class(L, AUTOSAVE_TNAME, autosave_meta, autosave_methods);
  luaL_newlib(L, save_funcs);
  lua_pushinteger(L, VL_SAVE_FORMAT);
  lua_setfield(L, -2, "format");
  /* what a save may hold (save.h), for the runtime to refuse a value where it enters */
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, VL_SAVE_WORD_MAX);
  lua_setfield(L, -2, "word");
  lua_pushinteger(L, VL_SAVE_PATH_MAX);
  lua_setfield(L, -2, "path");
  lua_pushinteger(L, VL_SAVE_ANSWER_MAX);
  lua_setfield(L, -2, "answer");
  lua_pushinteger(L, VL_SAVE_LIST_MAX);
  lua_setfield(L, -2, "list");
  lua_pushinteger(L, VL_SAVE_LINES_MAX);
  lua_setfield(L, -2, "lines");
  lua_pushinteger(L, VL_SAVE_LINE_MAX);
  lua_setfield(L, -2, "line");
  lua_pushinteger(L, (lua_Integer)VL_SAVE_SIZE_MAX);
  lua_setfield(L, -2, "size");
  lua_setfield(L, -2, "limits");
  lua_setfield(L, -2, "save");
}
