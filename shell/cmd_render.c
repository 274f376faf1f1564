/*
** cmd_render.c -- `volley render <id|path|map.ini|SAVE> (--svg F | --text) [--hex H [--radius R]]
** [--at N]`: the map pictures without the prompt (DESIGN.md Part B "The command line"). A
** map.ini (a file whose first section is [map]) draws the bare map; anything else is a scenario (an id
** on the data path, a folder or a scenario's .ini), drawn with its default set-up: the
** runtime's scripts/volley/setup_view.lua loads it in an engine-owned state, places the
** default set-up and hands back the marks; a save file (its first line `volley-save 1`) is
** replayed by scripts/volley/save_view.lua to its end or its Nth answer (--at N), its board
** drawn, the SVG titled with its scenario. --units FILE adds unit marks and a reach from a
** test fixture (docs/shell.md).
** Exit status: 0 drawn; 1 a map, scenario, fixture or output file that cannot be read or
** written ("<file>:<line>: <message>" on stderr); 2 usage.
*/
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "host.h"
#include "render_svg.h"
#include "render_term.h"
#include "view.h"
#include "volley/map.h"

/* 1 when the locale's character set is UTF-8: the first of LC_ALL, LC_CTYPE and LANG that is
** set and not empty names it (the way terminal programs decide without setlocale). */
static int locale_utf8(void) {
  static const char *const vars[3] = {"LC_ALL", "LC_CTYPE", "LANG"};
  int i;
  for (i = 0; i < 3; i++) {
    const char *v = getenv(vars[i]);
    if (v != NULL && v[0] != '\0') {
      const char *p;
      for (p = v; *p; p++)
        if ((p[0] == 'U' || p[0] == 'u') && (p[1] == 'T' || p[1] == 't') &&
            (p[2] == 'F' || p[2] == 'f') && (p[3] == '8' || (p[3] == '-' && p[4] == '8')))
          return 1;
      return 0;
    }
  }
  return 0;
}

/* The terminal's width: $COLUMNS when it is a positive number, else the window size of
** stdout when it is a terminal, else 0 (no limit: a file or a pipe gets the whole map). */
static int terminal_width(void) {
  const char *c = getenv("COLUMNS");
  struct winsize ws;
  if (c != NULL && c[0] != '\0') {
    char *end;
    long n = strtol(c, &end, 10);
    if (*end == '\0' && n > 0 && n < 100000) return (int)n;
  }
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  return 0;
}

/* A width given (--width N, map --width N): 20 to 9999 columns, or -1. */
static int parse_width(const char *s) {
  char *end;
  long n;
  if (s[0] < '0' || s[0] > '9') return -1;
  n = strtol(s, &end, 10);
  return *end == '\0' && n >= 20 && n <= 9999 ? (int)n : -1;
}

/* The lines a terminal map may take at the prompt: the window's rows less 12 (the header,
** the legend and the prompt), when stdout is a terminal; else 0 (no limit). */
static int terminal_height(void) {
  struct winsize ws;
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0)
    return ws.ws_row > 24 ? ws.ws_row - 12 : 12;
  return 0;
}

/* The centre of the action the marks table at index 1 names (`focus`: hex labels, the
** prompt's volley.queries.marks): the hex at the median column and the median row of the
** map hexes among them. 1 with *centre set, or 0 when it names none. */
static int focus_centre(lua_State *L, const vl_map *m, vl_hex *centre) {
  const vl_grid *g = vl_map_grid(m);
  int cols[64], rows[64], n = 0, i, j, t;
  lua_Integer k, len;
  lua_getfield(L, 1, "focus");
  len = lua_istable(L, -1) ? (lua_Integer)lua_rawlen(L, -1) : 0;
  for (k = 1; k <= len && n < 64; k++) {
    vl_hex h;
    vl_error e;
    lua_rawgeti(L, -1, (int)k);
    if (lua_type(L, -1) == LUA_TSTRING && vl_hex_parse(g, lua_tostring(L, -1), &h, &e) == VL_OK &&
        vl_map_contains(m, h)) {
      vl_hex_to_offset(g, h, &cols[n], &rows[n]);
      n++;
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  if (n == 0) return 0;
  for (i = 1; i < n; i++)  /* insertion sorts: n is small */
    for (j = i; j > 0 && cols[j - 1] > cols[j]; j--) t = cols[j], cols[j] = cols[j - 1], cols[j - 1] = t;
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && rows[j - 1] > rows[j]; j--) t = rows[j], rows[j] = rows[j - 1], rows[j - 1] = t;
  *centre = vl_hex_from_offset(g, cols[(n - 1) / 2], rows[(n - 1) / 2]);
  return 1;
}

/* Colour when asked (always), or (auto) when stdout is a terminal, NO_COLOR is unset or
** empty (no-color.org) and TERM is not "dumb". */
static int want_colour(const char *when) {
  const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
  if (strcmp(when, "always") == 0) return 1;
  if (strcmp(when, "never") == 0) return 0;
  if (nc != NULL && nc[0] != '\0') return 0;
  if (term != NULL && strcmp(term, "dumb") == 0) return 0;
  return isatty(STDOUT_FILENO);
}

/* 1 when path is a map file: a regular file with a [map] section and no [scenario] one
** (a scenario's .ini has [scenario]; anything else is left to the scenario loader). */
static int is_map_file(const char *path) {
  char line[256];
  int map = 0, scenario = 0, bol = 1;
  FILE *f = fopen(path, "r");
  if (f == NULL) return 0;
  while (fgets(line, sizeof line, f) != NULL) {
    size_t n = strlen(line);
    if (bol) {
      const char *p = line;
      if ((unsigned char)p[0] == 0xEF && (unsigned char)p[1] == 0xBB &&
          (unsigned char)p[2] == 0xBF)
        p += 3;                                   /* a BOM */
      while (*p == ' ' || *p == '\t') p++;
      if (strncmp(p, "[map]", 5) == 0) map = 1;
      if (strncmp(p, "[scenario]", 10) == 0) scenario = 1;
    }
    bol = n > 0 && line[n - 1] == '\n';         /* a long line's rest is not a line start */
  }
  fclose(f);
  return map && !scenario;
}

/* 1 when path is a save file: its first bytes are "volley-save " (docs/formats.md). */
static int is_save_file(const char *path) {
  char head[12];
  FILE *f = fopen(path, "rb");
  size_t got;
  if (f == NULL) return 0;
  got = fread(head, 1, sizeof head, f);
  fclose(f);
  return got == sizeof head && memcmp(head, "volley-save ", sizeof head) == 0;
}

/* Runs require("volley.setup_view").marks(target) in the host state, or for a save (a
** second argument, the --at count or -1 for its end) require("volley.save_view").marks(
** target, at): leaves the table of setup_view.collect on the stack, or raises with why. */
static int scenario_marks(lua_State *L) {
  int save = !lua_isnoneornil(L, 2);
  lua_Integer at = save ? lua_tointeger(L, 2) : -1;
  lua_getglobal(L, "require");
  if (save) lua_pushliteral(L, "volley.save_view");
  else lua_pushliteral(L, "volley.setup_view");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "marks");
  lua_pushvalue(L, 1);
  if (at >= 0) lua_pushinteger(L, at);
  else lua_pushnil(L);
  lua_call(L, 2, 2);
  if (lua_isnil(L, -2)) return lua_error(L);
  lua_pop(L, 1);
  return 1;
}

/* The string field k of the table at idx, or NULL. Pushes nothing (the value stays
** referenced by the table, which stays on the stack). */
static const char *field(lua_State *L, int idx, const char *k) {
  const char *s;
  lua_getfield(L, idx, k);
  s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  lua_pop(L, 1);
  return s;
}

/* Loads the map of the setup_view table at idx: with the scenario's terrain layer when the
** table gives it (`terrain_given`: a layer inherited, not beside the map), else as found. */
static vl_map *marks_map(lua_State *L, int idx, const char *map_path, const vl_path *data,
                         vl_error *err) {
  int given;
  lua_getfield(L, idx, "terrain_given");
  given = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (!given) return vl_map_load(map_path, data, err);
  return vl_map_load_layer(map_path, data, field(L, idx, "terrain"), field(L, idx, "terrain_root"),
                           err);
}

/* Adds the sides and marks of the setup_view table at the top of L to v. VL_OK, or an error
** code with err set (the message names the mark). */
static int add_scenario_marks(lua_State *L, view *v, const vl_map *m, vl_error *err) {
  int t = lua_gettop(L), rc = VL_OK;
  lua_Integer i, n;
  lua_getfield(L, t, "sides");
  n = (lua_Integer)lua_rawlen(L, -1);
  for (i = 1; i <= n && rc == VL_OK; i++) {
    lua_rawgeti(L, -1, (int)i);
    rc = view_add_side(v, lua_tostring(L, -1), err);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  lua_getfield(L, t, "marks");
  n = (lua_Integer)lua_rawlen(L, -1);
  for (i = 1; i <= n && rc == VL_OK; i++) {
    const char *kind, *code;
    view_kind k;
    int count;
    lua_rawgeti(L, -1, (int)i);
    kind = field(L, -1, "kind");
    code = field(L, -1, "code");
    k = kind != NULL && strcmp(kind, "stack") == 0    ? VIEW_STACK
        : kind != NULL && strcmp(kind, "leader") == 0 ? VIEW_LEADER
                                                     : VIEW_UNIT;
    lua_getfield(L, -1, "count");
    count = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    rc = view_add_mark(v, m, field(L, -1, "where"), code, k, field(L, -1, "side"),
                       field(L, -1, "facing"), count, err);
    if (rc == VL_OK) {  /* the marked unit's Hits and disorder (a game's marks) */
      int hits, dis;
      lua_getfield(L, -1, "hits");
      hits = (int)lua_tointeger(L, -1);
      lua_getfield(L, -2, "disordered");
      dis = lua_toboolean(L, -1);
      lua_pop(L, 2);
      rc = view_set_status(v, view_mark_count(v) - 1, hits > 0 ? hits : 0, dis);
      if (rc == VL_OK) {  /* in Square, and the ratings the counter prints */
        int sq;
        lua_getfield(L, -1, "square");
        sq = lua_toboolean(L, -1);
        lua_pop(L, 1);
        rc = view_set_counter(v, view_mark_count(v) - 1, sq, field(L, -1, "rating"));
      }
      if (rc != VL_OK) vl_error_set(err, rc, NULL, 0, "bad status");
    }
    if (rc != VL_OK) {
      char msg[VL_ERROR_MSG_MAX + 64];
      snprintf(msg, sizeof msg, "%s: %s", code != NULL ? code : "?", err->msg);
      vl_error_set(err, rc, NULL, 0, "%s", msg);
    }
    lua_pop(L, 1);
  }
  lua_settop(L, t);
  return rc;
}

/* Prints the units of the setup_view table at the top of L that stand on no map location:
** "off the map: 5US-3 (US, none), ..." (nothing when there are none); before them, the
** scenario's turn track when it has one ("turns: 1 1400 day, 2 1500 day, ..."), and before
** that, for a save, the point drawn ("after answer 12 of 41"). */
static void print_off(lua_State *L, FILE *out) {
  int t = lua_gettop(L);
  lua_Integer i, n;
  if (field(L, t, "at") != NULL) fprintf(out, "%s\n", field(L, t, "at"));
  lua_getfield(L, t, "track");
  if (lua_type(L, -1) == LUA_TSTRING) fprintf(out, "%s\n", field(L, t, "track"));
  lua_pop(L, 1);
  lua_getfield(L, t, "off");
  n = (lua_Integer)lua_rawlen(L, -1);
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, -1, (int)i);
    fprintf(out, "%s%s (%s, %s)", i == 1 ? "off the map: " : ", ", field(L, -1, "unit"),
            field(L, -1, "side"), field(L, -1, "where"));
    lua_pop(L, 1);
  }
  if (n > 0) fputc('\n', out);
  lua_settop(L, t);
}

/* Whether file may take an SVG picture: a new or empty file, a device or a pipe, or an
** earlier picture (its first 512 bytes hold "<svg"). Anything else -- a scenario's map.ini,
** a save, a mod named by mistake -- is refused with why, where fopen "w" would destroy it. */
static int svg_target_ok(const char *file, char *why, size_t n) {
  struct stat st;
  FILE *f;
  char head[513];
  size_t got;
  if (stat(file, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return 1;
  f = fopen(file, "rb");
  if (f == NULL) return 1;  /* fopen "w" says why it cannot */
  got = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[got] = '\0';
  if (strstr(head, "<svg") != NULL) return 1;
  snprintf(why, n, "%s: not an SVG picture, so not replaced (remove it or give another name)",
           file);
  return 0;
}

static void print_error(const vl_error *err) {
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32];
  fprintf(stderr, "%s\n", vl_error_format(err, buf, sizeof buf));
}

/* render's flags and its one operand, as volley.cli read them (NULL: not given). */
typedef struct render_args {
  const char *path, *svg, *hex, *radius, *units, *colour, *at, *width;
  int text, ascii;
} render_args;

static int render(const render_args *a) {
  const command *self = command_find("render");
  const char *path = a->path, *svg = a->svg, *hex = a->hex, *radius = a->radius,
             *units = a->units, *colour = a->colour, *at = a->at;
  long at_n = -1;   /* --at: the answers of a save to draw, -2 its end, or -1: not a save */
  int text = a->text, ascii = a->ascii, status = 1, rc;
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 64];
  vl_error err;
  vl_path *data;
  vl_map *m = NULL;
  view *v = NULL;
  lua_State *L = NULL;   /* a scenario's marks (the host state), or NULL for a map */
  const char *map_path;
  picture_region region;
  if (path == NULL) return command_usage(self, "which map or scenario?");
  if (!text && svg == NULL) return command_usage(self, "give --text or --svg FILE");
  if (text && svg != NULL) return command_usage(self, "give --text or --svg FILE, not both");
  if (svg != NULL && (ascii || colour != NULL))
    return command_usage(self, "--ascii and --colour are for --text");
  if (colour != NULL && strcmp(colour, "always") != 0 && strcmp(colour, "never") != 0 &&
      strcmp(colour, "auto") != 0) {
    snprintf(buf, sizeof buf, "--colour takes always, never or auto, not '%s'", colour);
    return command_usage(self, buf);
  }
  if (radius != NULL && hex == NULL) return command_usage(self, "--radius needs --hex");
  if (a->width != NULL && svg != NULL) return command_usage(self, "--width is for --text");
  if (a->width != NULL && parse_width(a->width) < 0) {
    snprintf(buf, sizeof buf, "bad width '%s' (a number of columns, 20 to 9999)", a->width);
    return command_usage(self, buf);
  }
  if (at != NULL) {
    char *end;
    if (!is_save_file(path)) return command_usage(self, "--at is for a save file");
    at_n = strtol(at, &end, 10);
    if (at[0] < '0' || at[0] > '9' || *end != '\0' || at_n > 1000000000L) {
      snprintf(buf, sizeof buf, "bad --at '%s' (a number of answers, 0 to 1000000000)", at);
      return command_usage(self, buf);
    }
  } else if (is_save_file(path)) {
    at_n = -2;   /* a save, at its end */
  }
  memset(&region, 0, sizeof region);
  region.radius = -1;
  if (radius != NULL) {
    char *end;
    long r = strtol(radius, &end, 10);
    if (radius[0] < '0' || radius[0] > '9' || *end != '\0' || r > 999) {
      snprintf(buf, sizeof buf, "bad radius '%s' (a number of hexes, 0 to 999)", radius);
      return command_usage(self, buf);
    }
    region.radius = (int)r;
  }
  map_path = path;
  if (!is_map_file(path)) {
    char why[512];
    L = host_open(why, sizeof why);
    if (L == NULL) {
      fprintf(stderr, "volley: %s\n", why);
      return 1;
    }
    lua_pushcfunction(L, scenario_marks);
    lua_pushstring(L, path);
    if (at_n == -1) lua_pushnil(L);                  /* not a save */
    else lua_pushinteger(L, (lua_Integer)at_n);      /* -2: its end */
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
      fprintf(stderr, "volley render: %s\n", lua_tostring(L, -1));
      host_close(L);
      return 1;
    }
    map_path = field(L, -1, "map");
    if (map_path == NULL) {
      fprintf(stderr, "volley render: the scenario names no map\n");
      host_close(L);
      return 1;
    }
  }
  data = command_data_path();
  if (data == NULL) {
    fprintf(stderr, "volley render: not enough memory\n");
    host_close(L);
    return 1;
  }
  memset(&err, 0, sizeof err);
  m = L != NULL ? marks_map(L, lua_gettop(L), map_path, data, &err)
                : vl_map_load(map_path, data, &err);
  vl_path_free(data);
  if (m == NULL) {
    print_error(&err);
    host_close(L);
    return 1;
  }
  if (hex != NULL) {
    const vl_grid *g = vl_map_grid(m);
    int c0, c1, r0, r1;
    if (vl_hex_parse(g, hex, &region.centre, &err) != VL_OK) {
      snprintf(buf, sizeof buf, "--hex: %s", err.msg);
      status = command_usage(self, buf);
      goto done;
    }
    if (!vl_map_contains(m, region.centre)) {
      vl_map_bounds(m, &c0, &c1, &r0, &r1);
      snprintf(buf, sizeof buf, "--hex: %s is not on the map (columns %0*d-%0*d, rows %0*d-%0*d)",
               hex, g->digits, c0, g->digits, c1, g->digits, r0, g->digits, r1);
      status = command_usage(self, buf);
      goto done;
    }
    region.has_centre = 1;
  }
  v = view_new();
  if (v == NULL) {
    fprintf(stderr, "volley render: not enough memory\n");
    goto done;
  }
  if (L != NULL && add_scenario_marks(L, v, m, &err) != VL_OK) {
    fprintf(stderr, "volley render: %s: %s\n", path, err.msg);
    goto done;
  }
  if (units != NULL && view_load(v, m, units, &err) != VL_OK) {
    print_error(&err);
    goto done;
  }
  if (text) {
    term_options to;
    to.unicode = !ascii && locale_utf8();
    to.colour = want_colour(colour != NULL ? colour : "auto");
    to.width = a->width != NULL ? parse_width(a->width) : terminal_width();
    to.height = 0;
    to.region = region;
    to.pan_hint = NULL;
    to.overview = 0;
    to.shown = NULL;
    to.map_name = L != NULL ? field(L, lua_gettop(L), "map_name") : NULL;
    rc = render_term(stdout, m, v, &to);
    if (rc == 0 && L != NULL) print_off(L, stdout);
    if (fflush(stdout) != 0 || ferror(stdout)) rc = -1;
    if (rc != 0) fprintf(stderr, "volley render: cannot write the picture\n");
    status = rc == 0 ? 0 : 1;
  } else {
    svg_options so;
    int to_stdout = strcmp(svg, "-") == 0;
    FILE *f = NULL;
    if (!to_stdout && !svg_target_ok(svg, buf, sizeof buf)) {
      fprintf(stderr, "volley render: %s\n", buf);
      goto done;
    }
    f = to_stdout ? stdout : fopen(svg, "w");
    if (f == NULL) {
      fprintf(stderr, "%s: cannot open (%s)\n", svg, strerror(errno));
      goto done;
    }
    so.region = region;
    so.title = L != NULL ? field(L, lua_gettop(L), "title") : NULL;
    rc = render_svg(f, m, v, &so);
    if (fflush(f) != 0 || ferror(f)) rc = -1;
    if (!to_stdout && fclose(f) != 0) rc = -1;
    if (rc != 0) fprintf(stderr, "%s: cannot write the picture\n", svg);
    status = rc == 0 ? 0 : 1;
  }
done:
  view_free(v);
  vl_map_free(m);
  host_close(L);
  return status;
}

/* The map pictures of the prompt's `map [hex [radius]]` and `svg FILE` (a Lua C function
** for the host state): render(marks, opts) with marks as volley.setup_view.collect gives
** them (a game's, through the view filter: volley.queries.marks) and opts {svg = FILE, hex =
** H, radius = "R"}; the terminal map on stdout, or the SVG to FILE. Returns true, or nil and
** why. */
int render_marks_lua(lua_State *L) {
  const char *svg, *hex, *radius, *map_path, *width;
  int all = 0, dcol, drow;
  char centre[VL_HEX_LABEL_MAX] = "";
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 64];
  vl_error err;
  vl_path *data;
  vl_map *m;
  view *v = NULL;
  picture_region region;
  vl_hex shown;
  int rc = -1;
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  svg = field(L, 2, "svg");
  hex = field(L, 2, "hex");
  radius = field(L, 2, "radius");
  width = field(L, 2, "width");
  if (width != NULL && parse_width(width) < 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "map: bad width '%s' (a number of columns, 20 to 9999)", width);
    return 2;
  }
  lua_getfield(L, 2, "dcol");
  dcol = (int)lua_tointeger(L, -1);
  lua_getfield(L, 2, "drow");
  drow = (int)lua_tointeger(L, -1);
  lua_pop(L, 2);
  if (hex != NULL && strcmp(hex, "all") == 0 && svg == NULL) {  /* map all: the overview */
    if (radius != NULL) {
      lua_pushnil(L);
      lua_pushstring(L, "map all takes no radius");
      return 2;
    }
    all = 1;
    hex = NULL;
  }
  map_path = field(L, 1, "map");
  if (map_path == NULL) return luaL_error(L, "the scenario names no map");
  memset(&region, 0, sizeof region);
  region.radius = -1;    /* map HEX: the window around HEX; map HEX R: the hexes within R */
  if (radius != NULL) {   /* the driver passes digits only; at most render's 999 */
    char *end;
    long r = strtol(radius, &end, 10);
    if (radius[0] < '0' || radius[0] > '9' || *end != '\0' || r > 999) {
      lua_pushnil(L);
      lua_pushfstring(L, "map: bad radius '%s' (a number of hexes, 0 to 999)", radius);
      return 2;
    }
    region.radius = (int)r;
  }
  data = command_data_path();
  if (data == NULL) return luaL_error(L, "not enough memory");
  memset(&err, 0, sizeof err);
  m = marks_map(L, 1, map_path, data, &err);
  vl_path_free(data);
  if (m == NULL) {
    lua_pushnil(L);
    lua_pushstring(L, vl_error_format(&err, buf, sizeof buf));
    return 2;
  }
  buf[0] = '\0';
  if (hex != NULL) {
    if (vl_hex_parse(vl_map_grid(m), hex, &region.centre, &err) != VL_OK)
      snprintf(buf, sizeof buf, "map: %s", err.msg);
    else if (!vl_map_contains(m, region.centre))
      snprintf(buf, sizeof buf, "map: %s is not on the map", hex);
    region.has_centre = 1;
  }
  if (buf[0] == '\0' && hex == NULL && svg == NULL && !all)
    region.has_centre = focus_centre(L, m, &region.centre);  /* map: the action */
  if (buf[0] == '\0' && region.has_centre && region.radius < 0) {  /* panned, kept on the map */
    const vl_grid *g = vl_map_grid(m);
    int col, row, c0, c1, r0, r1;
    vl_map_bounds(m, &c0, &c1, &r0, &r1);
    vl_hex_to_offset(g, region.centre, &col, &row);
    col += dcol;
    row += drow;
    col = col < c0 ? c0 : col > c1 ? c1 : col;
    row = row < r0 ? r0 : row > r1 ? r1 : row;
    region.centre = vl_hex_from_offset(g, col, row);
  }
  if (buf[0] == '\0') {
    v = view_new();
    if (v == NULL) snprintf(buf, sizeof buf, "not enough memory");
  }
  if (buf[0] == '\0') {
    lua_pushvalue(L, 1);
    if (add_scenario_marks(L, v, m, &err) != VL_OK) snprintf(buf, sizeof buf, "map: %s", err.msg);
    lua_settop(L, 2);
  }
  if (buf[0] == '\0' && svg == NULL) {
    term_options to;
    to.unicode = locale_utf8();
    to.colour = want_colour("auto");
    to.width = width != NULL ? parse_width(width) : terminal_width();
    to.height = width != NULL ? 0 : terminal_height();
    to.region = region;
    to.pan_hint = "map HEX centres on a hex, map left|right|up|down [N] pans, "
                  "map all the whole map small";
    to.overview = all;
    to.shown = &shown;
    to.map_name = field(L, 1, "map_name");
    rc = render_term(stdout, m, v, &to);
    if (rc == 0 && !all && region.radius < 0 &&
        vl_hex_format(vl_map_grid(m), shown, centre, sizeof centre) < 0)
      centre[0] = '\0';
    if (rc == 0) {
      lua_pushvalue(L, 1);
      print_off(L, stdout);
      lua_settop(L, 2);
    }
    fflush(stdout);
    if (rc != 0) snprintf(buf, sizeof buf, "map: cannot write the picture");
  } else if (buf[0] == '\0') {
    svg_options so;
    FILE *f = NULL;
    char why[VL_ERROR_FILE_MAX + 128];
    if (!svg_target_ok(svg, why, sizeof why)) snprintf(buf, sizeof buf, "svg: %s", why);
    else f = fopen(svg, "w");
    if (buf[0] != '\0') {
      /* refused above */
    } else if (f == NULL) {
      snprintf(buf, sizeof buf, "svg: %s: cannot open (%s)", svg, strerror(errno));
    } else {
      so.region = region;
      so.title = field(L, 1, "title");
      rc = render_svg(f, m, v, &so);
      if (fflush(f) != 0 || ferror(f)) rc = -1;
      if (fclose(f) != 0) rc = -1;
      if (rc != 0) snprintf(buf, sizeof buf, "svg: %s: cannot write the picture", svg);
    }
  }
  view_free(v);
  vl_map_free(m);
  if (buf[0] != '\0') {
    lua_pushnil(L);
    lua_pushstring(L, buf);
    return 2;
  }
  lua_pushboolean(L, 1);
  if (centre[0] == '\0') return 1;
  lua_pushstring(L, centre);
  return 2;
}

int cmd_render(int argc, char **argv) {
  const command *self = command_find("render");
  char err[512];
  render_args a;
  int status, t;
  lua_State *cli = host_cli_open(err, sizeof err);   /* holds the strings a points to */
  if (cli == NULL) {
    fprintf(stderr, "volley: %s\n", err);
    return 1;
  }
  status = host_cli_parse(cli, "render", argc, argv);
  if (status >= 0) {
    host_close(cli);
    return status;
  }
  t = lua_gettop(cli);
  memset(&a, 0, sizeof a);
  a.svg = host_cli_string(cli, t, "svg");
  a.hex = host_cli_string(cli, t, "hex");
  a.radius = host_cli_string(cli, t, "radius");
  a.units = host_cli_string(cli, t, "units");
  a.colour = host_cli_string(cli, t, "colour");
  a.at = host_cli_string(cli, t, "at");
  a.width = host_cli_string(cli, t, "width");
  a.text = host_cli_flag(cli, t, "text");
  a.ascii = host_cli_flag(cli, t, "ascii");
  lua_getfield(cli, t, "args");
  if (lua_rawlen(cli, -1) > 1) {
    status = command_usage(self, "give one map or scenario");
  } else {
    lua_rawgeti(cli, -1, 1);
    a.path = lua_type(cli, -1) == LUA_TSTRING ? lua_tostring(cli, -1) : NULL;
    status = render(&a);
  }
  host_close(cli);
  return status;
}
