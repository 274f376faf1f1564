/*
** lua_require.c -- the privileged `require` of engine-owned states (docs/build.md
** "Engine-owned Lua states"). There is no package library in an engine state: this function,
** in the trusted globals only, loads
** - `volley.core`, from the binary that made the state (luaopen_volley_core);
** - `lpeg`, the one other C module allowed: Debian's lpeg.so found on the C path the state was
**   given (the host interpreter's package.cpath), opened with dlopen and luaopen_lpeg; the
**   module takes the Lua API from the process (lua5.4, luajit or the volley program export
**   it), so it must be the build for the VM that runs;
** - Lua modules, as text, from scripts/<name>.lua or scripts/<name>/init.lua under each data
**   root in order (path.h), then <dir>/<name>.lua and <dir>/<name>/init.lua for each extra
**   module directory of the state; chunk name "@<path>", so their functions count as trusted.
** Loaded modules are kept in the registry's _LOADED table, as Lua's own require does; a
** module that requires itself while loading is an error instead of an endless recursion.
*/
#include "lua_engine.h"
#include "lua_modules.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static const char key_loading = 'l';      /* registry: names being loaded now */

/* Whether name is a module name: segments of [A-Za-z0-9_-] joined by dots. */
static int good_name(const char *name) {
  const char *p;
  int seg = 0;
  if (*name == '\0') return 0;
  for (p = name; *p != '\0'; p++) {
    if (*p == '.') {
      if (seg == 0) return 0;
      seg = 0;
    } else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
               *p == '_' || *p == '-') {
      seg++;
    } else {
      return 0;
    }
  }
  return seg > 0;
}

static int readable(const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return 0;
  fclose(f);
  return 1;
}

/* Writes dir/rel<suffix> into out; returns 1 if it fits and is a readable file. */
static int try_path(char *out, size_t n, const char *dir, int dirlen, const char *rel,
                    const char *suffix) {
  int k = snprintf(out, n, "%.*s/%s%s", dirlen, dir, rel, suffix);
  return k > 0 && (size_t)k < n && readable(out);
}

/* Writes into out the first file holding module rel (dots already turned into slashes):
** <root>/scripts/<rel>.lua, <root>/scripts/<rel>/init.lua for each root, then the same under
** each extra directory. Returns 1 if found. */
static int find_module(const vl_engine *e, const char *rel, char *out, size_t n) {
  char dir[PATH_MAX];
  size_t i;
  if (e->path != NULL) {
    for (i = 0; i < vl_path_count(e->path); i++) {
      int k = snprintf(dir, sizeof dir, "%s/scripts", vl_path_root(e->path, i));
      if (k <= 0 || (size_t)k >= sizeof dir) continue;
      if (try_path(out, n, dir, k, rel, ".lua") || try_path(out, n, dir, k, rel, "/init.lua"))
        return 1;
    }
  }
  if (e->modules != NULL) {
    const char *d = e->modules;
    for (;;) {
      const char *end = strchr(d, ';');
      int len = (int)(end ? (size_t)(end - d) : strlen(d));
      if (len > 0 &&
          (try_path(out, n, d, len, rel, ".lua") || try_path(out, n, d, len, rel, "/init.lua")))
        return 1;
      if (end == NULL) break;
      d = end + 1;
    }
  }
  return 0;
}

/* Pushes the text of the file at path (raises if it cannot be read). */
static void push_file(lua_State *L, const char *path) {
  luaL_Buffer b;
  size_t got;
  FILE *f = fopen(path, "rb");
  if (f == NULL) luaL_error(L, "cannot read %s", path);
  luaL_buffinit(L, &b);
  do {
    char *p = luaL_prepbuffer(&b);
    got = fread(p, 1, LUAL_BUFFERSIZE, f);
    luaL_addsize(&b, got);
  } while (got == LUAL_BUFFERSIZE);
  fclose(f);
  luaL_pushresult(&b);
}

/* Opens lpeg from the state's C path and pushes luaopen_lpeg. */
static void push_lpeg(lua_State *L, vl_engine *e) {
  const char *t = e->cpath != NULL ? e->cpath : "";
  char path[PATH_MAX];
  while (e->lpeg == NULL && *t != '\0') {
    const char *end = strchr(t, ';');
    size_t len = end ? (size_t)(end - t) : strlen(t), i, o = 0;
    for (i = 0; i < len && o + 5 < sizeof path; i++) {
      if (t[i] == '?') {
        memcpy(path + o, "lpeg", 4);
        o += 4;
      } else {
        path[o++] = t[i];
      }
    }
    path[o] = '\0';
    if (len > 0 && readable(path)) {
      e->lpeg = dlopen(path, RTLD_NOW | RTLD_LOCAL);
      if (e->lpeg == NULL) luaL_error(L, "cannot load lpeg from %s: %s", path, dlerror());
    }
    if (end == NULL) break;
    t = end + 1;
  }
  if (e->lpeg == NULL)
    luaL_error(L, "module 'lpeg' not found: no lpeg on the C path (%s)", e->cpath ? e->cpath : "");
  {
    /* POSIX: dlsym's result may be converted to a function pointer; pedantic C needs a union */
    union { void *obj; lua_CFunction fn; } u;
    u.obj = dlsym(e->lpeg, "luaopen_lpeg");
    if (u.obj == NULL) luaL_error(L, "cannot load lpeg: no luaopen_lpeg");
    lua_pushcfunction(L, u.fn);
  }
}

/* Calls the loader on top with (name, where) and stores its result as the module. */
static int run_loader(lua_State *L, const char *name, const char *where, int loaded) {
  int status;
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_loading);
  lua_pushboolean(L, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
  lua_pushstring(L, name);
  lua_pushstring(L, where);
  status = lua_pcall(L, 2, 1, 0);
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_loading);
  lua_pushnil(L);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
  if (status != LUA_OK) return lua_error(L);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, loaded, name);
  lua_pushstring(L, where);
  return 2;
}

int vl_engine_require(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  vl_engine *e = vl_engine_check(L, "require");
  char rel[PATH_MAX], path[PATH_MAX];
  int loaded;
  size_t i;
  lua_settop(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
  loaded = lua_gettop(L);
  lua_getfield(L, loaded, name);
  if (!lua_isnil(L, -1)) return 1;
  lua_pop(L, 1);
  vl_rawgetp(L, LUA_REGISTRYINDEX, &key_loading);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    vl_rawsetp(L, LUA_REGISTRYINDEX, &key_loading);
  }
  lua_getfield(L, -1, name);
  if (!lua_isnil(L, -1)) return luaL_error(L, "loop requiring module '%s'", name);
  lua_pop(L, 2);
  if (strcmp(name, "volley.core") == 0) {
    lua_pushcfunction(L, luaopen_volley_core);
    return run_loader(L, name, ":preload:", loaded);
  }
  if (strcmp(name, "lpeg") == 0) {
    push_lpeg(L, e);
    return run_loader(L, name, "lpeg", loaded);
  }
  if (!good_name(name) || strlen(name) >= sizeof rel)
    return luaL_error(L, "bad module name '%s'", name);
  for (i = 0; name[i] != '\0'; i++) rel[i] = name[i] == '.' ? '/' : name[i];
  rel[i] = '\0';
  if (!find_module(e, rel, path, sizeof path))
    return luaL_error(L, "module '%s' not found: no scripts/%s.lua or scripts/%s/init.lua on the "
                         "data path", name, rel, rel);
  push_file(L, path);
  {
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, len -= 3;  /* a BOM */
    lua_pushfstring(L, "@%s", path);
    if (luaL_loadbufferx(L, text, len, lua_tostring(L, -1), "t") != LUA_OK) return lua_error(L);
    lua_replace(L, -3);
    lua_pop(L, 1);
  }
  return run_loader(L, name, path, loaded);
}
