/*
** lua_hex.c -- `volley.core.hex`: hex grids for Lua (docs/hex.md). A grid is a userdata
** "volley.grid" holding a vl_grid (a plain value: nothing to free); its methods take hexes as
** labels ("3123") or hex values ({q=, r=}, axial) and answer with labels. The module's own
** functions are the same operations on the default grid (flat-top, odd-columns-down, XXYY).
** Every operation is written once as `<name>_op(L, grid, base)`, base being the stack index of
** its first argument after the grid, so `g:distance(a, b)` and `hex.distance(a, b)` report a
** bad argument under the same number, as Lua's own methods do.
*/

/***
Hex grids: labels, neighbours, hexsides, vertices, distance, rings, ranges, lines and facing
words for the four offset layouts (docs/hex.md).

A *hex* argument is a label string of the grid's width ("3123" for XXYY, "031023" for XXXYYY)
or a hex value, the table `{q = q, r = r}` of the hex's axial coordinates (what `parse`
returns). Numbers are refused: 0941 written as a number loses its leading zero. Every hex a
function returns is its label, or, for a hex without one (a part negative or wider than the
grid's digits; never a hex of a map), its hex value.

Errors: a bad argument raises Lua's own message, e.g.
`bad argument #1 to 'distance' (hex label expected, got nil)`; a label that does not parse
raises `bad argument #1 to 'distance' (invalid hex label '31x3': expected 4 digits)`.
`parse`, `format` and `facing` return `nil, message` for text that is merely wrong.

Every function below is also a method of a grid (`g:distance(a, b)`); as a module function it
uses the default grid, `default`.
@module volley.core.hex
@field default the default grid: flat-top, odd-columns-down, 2 digits (Rough & Ready, Battle
of Buena Vista)
*/
#include "lua_modules.h"

#include <string.h>

#define GRID_TNAME "volley.grid"
#define MAX_RADIUS 1000          /* rings and ranges: 6000 and 3,003,001 hexes at most */
#define LINE_STACK 64            /* steps of a line held on the C stack before a userdata */
#define MAX_LINE 10000           /* the longest line or trace, hexes (a map is under 1000) */

static const vl_grid default_grid = {VL_FLAT_TOP, VL_ODD_COLUMNS_DOWN, 2};

/* ---- arguments and results ---------------------------------------------------------------- */

const vl_grid *vl_lua_checkgrid(lua_State *L, int arg) {
  return vl_checkudata(L, arg, GRID_TNAME);
}

/* Reads the integer field k of the table at arg into *v; 0 when it is missing, not an
** integer or outside the coordinate domain. Raw: a {q=, r=} a script made runs no __index. */
static int int_field(lua_State *L, int arg, const char *k, int *v) {
  lua_Number x;
  int ok = 0;
  vl_rawfield(L, arg, k);
  if (lua_type(L, -1) == LUA_TNUMBER) {
    x = lua_tonumber(L, -1);
    if (x >= -VL_HEX_COORD_MAX && x <= VL_HEX_COORD_MAX && (lua_Number)(int)x == x) {
      *v = (int)x;
      ok = 1;
    }
  }
  lua_pop(L, 1);
  return ok;
}

vl_hex vl_lua_checkhex(lua_State *L, int arg, const vl_grid *g) {
  vl_hex h = {0, 0};
  int t = lua_type(L, arg);
  if (t == LUA_TSTRING) {
    vl_error err;
    if (vl_hex_parse(g, lua_tostring(L, arg), &h, &err) != VL_OK) luaL_argerror(L, arg, err.msg);
  } else if (t == LUA_TTABLE) {
    if (!int_field(L, arg, "q", &h.q) || !int_field(L, arg, "r", &h.r))
      luaL_argerror(L, arg, "hex value {q=, r=} needs integer q and r");
  } else {
    luaL_argerror(L, arg, lua_pushfstring(L, "hex label expected, got %s", luaL_typename(L, arg)));
  }
  return h;
}

/* Pushes the hex value {q=, r=}. */
static void push_value(lua_State *L, vl_hex h) {
  lua_createtable(L, 0, 2);
  lua_pushinteger(L, h.q);
  lua_setfield(L, -2, "q");
  lua_pushinteger(L, h.r);
  lua_setfield(L, -2, "r");
}

void vl_lua_pushhex(lua_State *L, const vl_grid *g, vl_hex h) {
  char label[VL_HEX_LABEL_MAX];
  int n = vl_hex_format(g, h, label, sizeof label);
  if (n >= 0) lua_pushlstring(L, label, (size_t)n);
  else push_value(L, h);
}

/* A radius argument: an integer 0..MAX_RADIUS. */
static int check_radius(lua_State *L, int arg) {
  lua_Number x = luaL_checknumber(L, arg);
  luaL_argcheck(L, x >= 0 && x <= MAX_RADIUS && (lua_Number)(int)x == x, arg,
                "radius must be an integer from 0 to 1000");
  return (int)x;
}

/* A coordinate argument: an integer within the domain. */
static int check_coord(lua_State *L, int arg) {
  lua_Number x = luaL_checknumber(L, arg);
  luaL_argcheck(L, x >= -VL_HEX_COORD_MAX && x <= VL_HEX_COORD_MAX && (lua_Number)(int)x == x,
                arg, "integer coordinate expected");
  return (int)x;
}

/* A hexside word of the grid's layout: its direction. */
static int check_side(lua_State *L, int arg, const vl_grid *g) {
  const char *w = luaL_checkstring(L, arg);
  int dir = vl_hexside_dir(g, w);
  if (dir < 0)
    luaL_argerror(L, arg, lua_pushfstring(L, "unknown hexside '%s': expected %s", w,
                                          g->layout == VL_POINTY_TOP ? "NE E SE SW W NW"
                                                                     : "N NE SE S SW NW"));
  return dir;
}

/* A vertex word (clockwise pair or alias) of the grid's layout: its index. */
static int check_vertex_word(lua_State *L, int arg, const vl_grid *g) {
  const char *w = luaL_checkstring(L, arg);
  int v = vl_vertex_index(g, w);
  if (v < 0)
    luaL_argerror(L, arg,
                  lua_pushfstring(L, "unknown vertex '%s': expected %s", w,
                                  g->layout == VL_POINTY_TOP
                                    ? "NE/E E/SE SE/SW SW/W W/NW NW/NE, N or S"
                                    : "N/NE NE/SE SE/S S/SW SW/NW NW/N, E or W"));
  return v;
}

/* The label of h for a message, or "(q=.., r=..)". */
static const char *label_text(lua_State *L, const vl_grid *g, vl_hex h) {
  char label[VL_HEX_LABEL_MAX];
  if (vl_hex_format(g, h, label, sizeof label) >= 0) lua_pushstring(L, label);  /* void on 5.1 */
  else lua_pushfstring(L, "(q=%d, r=%d)", h.q, h.r);
  return lua_tostring(L, -1);
}

/* Pushes the n hexes of hs, sorted into label order, as a list. */
static void push_sorted(lua_State *L, const vl_grid *g, vl_hex *hs, int n) {
  int i, j;
  for (i = 1; i < n; i++)
    for (j = i; j > 0 && vl_hex_label_cmp(g, hs[j - 1], hs[j]) > 0; j--) {
      vl_hex t = hs[j];
      hs[j] = hs[j - 1];
      hs[j - 1] = t;
    }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    vl_lua_pushhex(L, g, hs[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

/* ---- the operations ----------------------------------------------------------------------- */

/***
Hex distance: the number of hexes from a to b, counting b but not a, the range count of
[spi_gbacw 9.23] and [battle_of_buena_vista 9.4].
@function distance
@tparam hex a
@tparam hex b
@treturn integer hexes
@raise on a bad hex argument
@usage hex.distance("3123", "3224") --> 1 (flat-top, odd columns down)
*/
static int distance_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex x = vl_lua_checkhex(L, b, g), y = vl_lua_checkhex(L, b + 1, g);
  lua_pushinteger(L, vl_hex_distance(x, y));
  return 1;
}

/***
The neighbour of a hex across one of its hexsides.
@function neighbor
@tparam hex h
@tparam string side a hexside word of the layout: N NE SE S SW NW (flat-top), NE E SE SW W NW
(pointy-top)
@treturn hex
@raise on a bad hex or an unknown word
*/
static int neighbor_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex h = vl_lua_checkhex(L, b, g);
  vl_lua_pushhex(L, g, vl_hex_neighbor(g, h, check_side(L, b + 1, g)));
  return 1;
}

/***
The six neighbours of a hex, in the order of the hexside words (N first on flat-top, NE first
on pointy-top, then clockwise).
@function neighbors
@tparam hex h
@treturn {hex,...} six hexes
*/
static int neighbors_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex h = vl_lua_checkhex(L, b, g);
  int dir;
  lua_createtable(L, 6, 0);
  for (dir = 0; dir < 6; dir++) {
    vl_lua_pushhex(L, g, vl_hex_neighbor(g, h, dir));
    lua_rawseti(L, -2, dir + 1);
  }
  return 1;
}

/***
The hexside word from a toward its neighbour b.
@function direction
@tparam hex a
@tparam hex b
@treturn ?string the word ("SE"), or nil when a and b are not adjacent
*/
static int direction_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex x = vl_lua_checkhex(L, b, g), y = vl_lua_checkhex(L, b + 1, g);
  int dir = vl_hex_direction(g, x, y);
  if (dir < 0) lua_pushnil(L);
  else lua_pushstring(L, vl_hexside_word(g, dir));
  return 1;
}

/***
Whether two hexes share a hexside.
@function adjacent
@tparam hex a
@tparam hex b
@treturn boolean
*/
static int adjacent_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex x = vl_lua_checkhex(L, b, g), y = vl_lua_checkhex(L, b + 1, g);
  lua_pushboolean(L, vl_hex_direction(g, x, y) >= 0);
  return 1;
}

/* Pushes a hexside's id, or raises at arg when a hex has no label. */
static void push_hexside(lua_State *L, const vl_grid *g, vl_hexside s, int arg) {
  char id[VL_HEXSIDE_ID_MAX];
  int n = vl_hexside_format(g, s, id, sizeof id);
  if (n < 0) luaL_argerror(L, arg, "the hexside has a hex without a label");
  lua_pushlstring(L, id, (size_t)n);
}

/***
A hexside's id: the labels of its two hexes in label order (column, then row) joined by "/",
the same from either side.
@function hexside
@tparam hex a
@param b a hex adjacent to a, or a hexside word of a
@treturn string id, e.g. "3123/3224"
@raise when b is not adjacent to a, or a hex of the hexside has no label
*/
static int hexside_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex x = vl_lua_checkhex(L, b, g), y;
  vl_hexside s;
  int dir = -1;
  if (lua_type(L, b + 1) == LUA_TSTRING) dir = vl_hexside_dir(g, lua_tostring(L, b + 1));
  if (dir >= 0) {
    s = vl_hexside_of(g, x, dir);
  } else {
    y = vl_lua_checkhex(L, b + 1, g);
    if (vl_hexside_between(g, x, y, &s) != VL_OK)
      luaL_argerror(L, b + 1, lua_pushfstring(L, "%s is not adjacent to %s", label_text(L, g, y),
                                              label_text(L, g, x)));
  }
  push_hexside(L, g, s, b);
  return 1;
}

/***
The two hexes of a hexside id.
@function hexside_hexes
@tparam string id "<label>/<label>" in either order
@treturn hex the first in label order
@treturn hex the second
@raise when the id does not parse or names hexes that are not adjacent
*/
static int hexside_hexes_op(lua_State *L, const vl_grid *g, int b) {
  const char *id = luaL_checkstring(L, b);
  vl_hexside s;
  vl_error err;
  vl_hex hs[2];
  if (vl_hexside_parse(g, id, &s, &err) != VL_OK) luaL_argerror(L, b, err.msg);
  vl_hexside_hexes(g, s, &hs[0], &hs[1]);
  push_sorted(L, g, hs, 2);
  lua_rawgeti(L, -1, 1);
  lua_rawgeti(L, -2, 2);
  return 2;
}

/* The vertex named by (hex, word) at b, b + 1, or by an id at b when b + 1 is absent. */
static vl_vertex check_vertex(lua_State *L, const vl_grid *g, int b) {
  if (lua_isnoneornil(L, b + 1) && lua_type(L, b) == LUA_TSTRING &&
      strchr(lua_tostring(L, b), '/') != NULL) {
    vl_vertex x;
    vl_error err;
    if (vl_vertex_parse(g, lua_tostring(L, b), &x, &err) != VL_OK) luaL_argerror(L, b, err.msg);
    return x;
  } else {
    vl_hex h = vl_lua_checkhex(L, b, g);
    return vl_vertex_of(g, h, check_vertex_word(L, b + 1, g));
  }
}

/***
A vertex's id: the labels of the three hexes that meet there, in label order, joined by "/".
@function vertex
@tparam hex h
@tparam string word a vertex word of h, written clockwise ("N/NE") or an alias ("E")
@treturn string id, e.g. "3123/3124/3224"
@raise on an unknown word, or when a hex of the vertex has no label
*/
static int vertex_op(lua_State *L, const vl_grid *g, int b) {
  vl_vertex x = check_vertex(L, g, b);
  char id[VL_VERTEX_ID_MAX];
  int n = vl_vertex_format(g, x, id, sizeof id);
  if (n < 0) luaL_argerror(L, b, "the vertex has a hex without a label");
  lua_pushlstring(L, id, (size_t)n);
  return 1;
}

/***
The three hexes that meet at a vertex, in label order.
@function vertex_hexes
@param v a vertex id ("3123/3124/3224", any order), or a hex followed by a vertex word
@treturn {hex,hex,hex}
@raise when the id's hexes do not meet at one vertex
*/
static int vertex_hexes_op(lua_State *L, const vl_grid *g, int b) {
  vl_vertex x = check_vertex(L, g, b);
  vl_hex hs[3];
  vl_vertex_hexes(g, x, hs);
  push_sorted(L, g, hs, 3);
  return 1;
}

/* Pushes the list of the labelled hexes among n computed by f (ring or range) around c. */
static int push_area(lua_State *L, const vl_grid *g, vl_hex c, int radius,
                     int (*f)(const vl_grid *, vl_hex, int, vl_hex *, int)) {
  int n = f(g, c, radius, NULL, 0), i, k = 0;
  vl_hex *hs = lua_newuserdata(L, (size_t)n * sizeof *hs);
  f(g, c, radius, hs, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    char label[VL_HEX_LABEL_MAX];
    int len = vl_hex_format(g, hs[i], label, sizeof label);
    if (len < 0) continue;                   /* no label: on no map */
    lua_pushlstring(L, label, (size_t)len);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/***
The hexes at exactly `radius` from c: starting with the hex `radius` steps across c's first
hexside (N on flat-top, NE on pointy-top), then clockwise. Hexes without a label (off every
map: a part negative or too wide) are left out, so near the grid's edge the list is shorter
than 6 * radius.
@function ring
@tparam hex c
@tparam integer radius 0..1000 hexes (0 gives c)
@treturn {string,...} labels
*/
static int ring_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex c = vl_lua_checkhex(L, b, g);
  return push_area(L, g, c, check_radius(L, b + 1), vl_hex_ring);
}

/***
The hexes within `radius` of c, ring by ring from c outwards (each ring in `ring`'s order),
hexes without a label left out: 1 + 3 r (r + 1) of them away from the grid's edge.
@function range
@tparam hex c
@tparam integer radius 0..1000 hexes
@treturn {string,...} labels
*/
static int range_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex c = vl_lua_checkhex(L, b, g);
  return push_area(L, g, c, check_radius(L, b + 1), vl_hex_range);
}

/* Pushes the steps of a line or trace from a to c as a list. */
static int push_steps(lua_State *L, const vl_grid *g, int b,
                      int (*f)(const vl_grid *, vl_hex, vl_hex, vl_line_step *, int)) {
  vl_hex a = vl_lua_checkhex(L, b, g), c = vl_lua_checkhex(L, b + 1, g);
  vl_line_step buf[LINE_STACK], *steps = buf;
  int n, i;
  luaL_argcheck(L, vl_hex_distance(a, c) <= MAX_LINE, b + 1, "more than 10000 hexes away");
  n = f(g, a, c, buf, LINE_STACK);
  if (n > LINE_STACK) {                      /* a userdata: freed by the GC even on an error */
    steps = lua_newuserdata(L, (size_t)n * sizeof *steps);
    f(g, a, c, steps, n);
  }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (steps[i].grazing || steps[i].both) {
      vl_hex hs[2];
      hs[0] = steps[i].hex;
      hs[1] = steps[i].alt;
      push_sorted(L, g, hs, 2);
      lua_pushstring(L, steps[i].grazing ? "graze" : "both");
      lua_setfield(L, -2, "kind");
    } else {
      vl_lua_pushhex(L, g, steps[i].hex);
    }
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/***
The hex line from a to b: distance + 1 steps, step i the hex nearest the point i/N of the way
between the two centres, consecutive steps adjacent; the line from b to a is the same steps
reversed. A step is a label, or, where that point lies exactly on a hexside, the pair of its
hexes in label order with `kind = "graze"` (the line runs along the hexside: a rule picks
either, both or the defender's side) or `kind = "both"` (the line crosses the hexside there,
so it passes through both). Not every hex the straight segment touches: see `trace`.
@function line
@tparam hex a
@tparam hex b
@treturn {step,...} steps: a label, or `{label, label, kind = "graze"|"both"}`
@raise when b is more than 10000 hexes from a
*/
static int line_op(lua_State *L, const vl_grid *g, int b) {
  return push_steps(L, g, b, vl_hex_line);
}

/***
Every hex the straight segment between the centres of a and b passes through, in order (what
a thread laid from centre to centre crosses, for line of sight): a label a step, or, where the
segment runs exactly along a hexside, the pair of its hexes in label order with
`kind = "graze"`. A hex touched only at a vertex is not a step. Between distance + 1 and
2 * distance + 1 steps; symmetric like `line`.
@function trace
@tparam hex a
@tparam hex b
@treturn {step,...} steps: a label, or `{label, label, kind = "graze"}`
@raise when b is more than 10000 hexes from a
*/
static int trace_op(lua_State *L, const vl_grid *g, int b) {
  return push_steps(L, g, b, vl_hex_trace);
}

/***
Parses a label.
@function parse
@tparam string label e.g. "3123" (XXYY) or "031023" (XXXYYY)
@treturn ?table the hex value `{q =, r =}` (axial)
@treturn ?string or nil and "invalid hex label '31x3': expected 4 digits"
*/
static int parse_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex h;
  vl_error err;
  if (lua_type(L, b) != LUA_TSTRING)         /* not luaL_checkstring: no number as a label */
    return luaL_argerror(L, b, lua_pushfstring(L, "hex label expected, got %s",
                                               luaL_typename(L, b)));
  if (vl_hex_parse(g, lua_tostring(L, b), &h, &err) != VL_OK) {
    lua_pushnil(L);
    lua_pushstring(L, err.msg);
    return 2;
  }
  push_value(L, h);
  return 1;
}

/***
The label of a hex.
@function format
@tparam hex h a hex value (or a label)
@treturn ?string the label with leading zeros ("0941")
@treturn ?string or nil and "hex (q=-1, r=2) has no label on this grid"
*/
static int format_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex h = vl_lua_checkhex(L, b, g);
  char label[VL_HEX_LABEL_MAX];
  int n = vl_hex_format(g, h, label, sizeof label);
  if (n < 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "hex (q=%d, r=%d) has no label on this grid", h.q, h.r);
    return 2;
  }
  lua_pushlstring(L, label, (size_t)n);
  return 1;
}

/***
The offset coordinates of a hex: the numbers of its label.
@function to_offset
@tparam hex h
@treturn integer column (the label's first part)
@treturn integer row (the second part)
*/
static int to_offset_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex h = vl_lua_checkhex(L, b, g);
  int col, row;
  vl_hex_to_offset(g, h, &col, &row);
  lua_pushinteger(L, col);
  lua_pushinteger(L, row);
  return 2;
}

/***
The hex at offset coordinates.
@function from_offset
@tparam integer col the label's first part
@tparam integer row the label's second part
@treturn hex its label ("0941"), or its hex value when it has none
*/
static int from_offset_op(lua_State *L, const vl_grid *g, int b) {
  int col = check_coord(L, b), row = check_coord(L, b + 1);
  vl_lua_pushhex(L, g, vl_hex_from_offset(g, col, row));
  return 1;
}

/***
Parses a facing for a unit in hex `at` (DESIGN.md Part B "Ids and names"): a hexside word, a
vertex written clockwise ("N/NE"), an alias (E and W on flat-top, N and S on pointy-top),
"toward <hex>" (the hexside facing that neighbour) or "toward <hex>/<hex>" (the vertex between
two adjacent neighbours). Letters in either case.
@function facing
@tparam hex at the unit's hex
@tparam string text what the player wrote
@treturn ?string "hexside" or "vertex"
@treturn string the canonical word ("SE", "N/NE"), or, after nil, why the text is refused
*/
static int facing_op(lua_State *L, const vl_grid *g, int b) {
  vl_hex at = vl_lua_checkhex(L, b, g);
  const char *text = luaL_checkstring(L, b + 1);
  vl_facing_kind kind;
  int index;
  vl_error err;
  if (vl_facing_parse(g, at, text, &kind, &index, &err) != VL_OK) {
    lua_pushnil(L);
    lua_pushstring(L, err.msg);
    return 2;
  }
  lua_pushstring(L, kind == VL_FACING_HEXSIDE ? "hexside" : "vertex");
  lua_pushstring(L, kind == VL_FACING_HEXSIDE ? vl_hexside_word(g, index)
                                              : vl_vertex_word(g, index));
  return 2;
}

static int push_words(lua_State *L, const vl_grid *g, const char *(*word)(const vl_grid *, int)) {
  int i;
  lua_createtable(L, 6, 0);
  for (i = 0; i < 6; i++) {
    lua_pushstring(L, word(g, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/***
The layout's six hexside words, clockwise from the first.
@function hexside_words
@treturn {string,...} {"N", "NE", "SE", "S", "SW", "NW"} on flat-top
*/
static int hexside_words_op(lua_State *L, const vl_grid *g, int b) {
  (void)b;
  return push_words(L, g, vl_hexside_word);
}

/***
The layout's six vertex words, clockwise: vertex i is where hexsides i and i + 1 meet.
@function vertex_words
@treturn {string,...} {"N/NE", "NE/SE", "SE/S", "S/SW", "SW/NW", "NW/N"} on flat-top
*/
static int vertex_words_op(lua_State *L, const vl_grid *g, int b) {
  (void)b;
  return push_words(L, g, vl_vertex_word);
}

/***
The grid's words, as `grid` takes them.
@function describe
@treturn table `{layout =, parity =, digits =}`
*/
static int describe_op(lua_State *L, const vl_grid *g, int b) {
  (void)b;
  lua_createtable(L, 0, 3);
  lua_pushstring(L, vl_grid_layout_word(g));
  lua_setfield(L, -2, "layout");
  lua_pushstring(L, vl_grid_parity_word(g));
  lua_setfield(L, -2, "parity");
  lua_pushinteger(L, g->digits);
  lua_setfield(L, -2, "digits");
  return 1;
}

/* Each operation twice: as a grid method (g at 1, arguments from 2) and as a module function
** on the default grid (arguments from 1). */
#define HEX_OPS(X) \
  X(distance) X(neighbor) X(neighbors) X(direction) X(adjacent) X(hexside) X(hexside_hexes) \
  X(vertex) X(vertex_hexes) X(ring) X(range) X(line) X(trace) X(parse) X(format) \
  X(to_offset) X(from_offset) X(facing) X(hexside_words) X(vertex_words) X(describe)

#define DEFINE_OP(name) \
  static int grid_##name(lua_State *L) { return name##_op(L, vl_lua_checkgrid(L, 1), 2); } \
  static int mod_##name(lua_State *L) { return name##_op(L, &default_grid, 1); }
HEX_OPS(DEFINE_OP)

#define GRID_REG(name) {#name, grid_##name},
#define MOD_REG(name) {#name, mod_##name},

static const luaL_Reg grid_methods[] = {HEX_OPS(GRID_REG) {NULL, NULL}};

/* ---- grids -------------------------------------------------------------------------------- */

static void push_grid(lua_State *L, const vl_grid *src) {
  vl_grid *g = lua_newuserdata(L, sizeof *g);
  *g = *src;
  luaL_getmetatable(L, GRID_TNAME);
  lua_setmetatable(L, -2);
}

/* Reads the optional string option k of the table at 1 (raw). The value stays on the stack,
** which keeps s alive until the caller returns. */
static const char *str_option(lua_State *L, const char *k, const char *dflt) {
  const char *s = dflt;
  vl_rawfield(L, 1, k);
  if (lua_type(L, -1) == LUA_TSTRING) s = lua_tostring(L, -1);
  else if (!lua_isnil(L, -1))
    luaL_error(L, "bad option '%s' to 'grid' (string expected, got %s)", k,
               luaL_typename(L, -1));
  return s;
}

/***
A grid: how labels map to hexes (the words of map.ini).
@function grid
@tparam[opt] table options
  `layout` "flat-top" (default) or "pointy-top";
  `parity` "odd-columns-down" (the flat-top default: Rough & Ready, Battle of Buena Vista) or
  "even-columns-down" (Jackson at the Crossroads) on flat-top, "odd-rows-right" (the
  pointy-top default) or "even-rows-right" on pointy-top;
  `digits` 2 (XXYY, the default) or 3 (XXXYYY)
@treturn grid a "volley.grid" userdata with every function of this module as a method
@raise on an unknown option, a value of the wrong type, or words that do not fit together
@usage local g = hex.grid{layout = "flat-top", parity = "even-columns-down"}
g:distance("1040", "0941") --> 1
*/
static int hex_grid(lua_State *L) {
  static const char *const known[] = {"layout", "parity", "digits", NULL};
  const char *layout, *parity;
  lua_Number digits = 2;
  vl_grid g;
  vl_error err;
  if (lua_isnoneornil(L, 1)) {
    push_grid(L, &default_grid);
    return 1;
  }
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    int i;
    const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    for (i = 0; known[i] != NULL && strcmp(k, known[i]) != 0; i++) continue;
    if (known[i] == NULL)
      return luaL_error(L, "bad option '%s' to 'grid' (known: layout, parity, digits)", k);
    lua_pop(L, 1);
  }
  layout = str_option(L, "layout", "flat-top");
  parity = str_option(L, "parity", strcmp(layout, "pointy-top") == 0 ? "odd-rows-right"
                                                                     : "odd-columns-down");
  vl_rawfield(L, 1, "digits");
  if (lua_type(L, -1) == LUA_TNUMBER) digits = lua_tonumber(L, -1);
  else if (!lua_isnil(L, -1))
    return luaL_error(L, "bad option 'digits' to 'grid' (number expected, got %s)",
                      luaL_typename(L, -1));
  lua_pop(L, 1);
  if (digits != 2 && digits != 3)
    return luaL_error(L, "bad option 'digits' to 'grid' (2 or 3 expected)");
  if (vl_grid_init(&g, layout, parity, (int)digits, &err) != VL_OK)
    return luaL_argerror(L, 1, err.msg);
  push_grid(L, &g);
  return 1;
}

/* tostring(g): "volley.grid(flat-top, odd-columns-down, 2 digits)". */
static int grid_tostring(lua_State *L) {
  const vl_grid *g = vl_lua_checkgrid(L, 1);
  lua_pushfstring(L, "volley.grid(%s, %s, %d digits)", vl_grid_layout_word(g),
                  vl_grid_parity_word(g), g->digits);
  return 1;
}

/* g1 == g2: the same words. */
static int grid_eq(lua_State *L) {
  const vl_grid *a = vl_testudata(L, 1, GRID_TNAME), *b = vl_testudata(L, 2, GRID_TNAME);
  lua_pushboolean(L, a != NULL && b != NULL && a->layout == b->layout &&
                     a->parity == b->parity && a->digits == b->digits);
  return 1;
}

static const luaL_Reg hex_funcs[] = {
  {"grid", hex_grid},
  HEX_OPS(MOD_REG)
  {NULL, NULL}
};

void vl_lua_open_hex(lua_State *L) {
  if (luaL_newmetatable(L, GRID_TNAME)) {
    lua_createtable(L, 0, (int)(sizeof grid_methods / sizeof grid_methods[0]));
    vl_setfuncs(L, grid_methods);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, grid_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushcfunction(L, grid_eq);
    lua_setfield(L, -2, "__eq");
  }
  lua_pop(L, 1);
  lua_createtable(L, 0, (int)(sizeof hex_funcs / sizeof hex_funcs[0]) + 1);
  vl_setfuncs(L, hex_funcs);
  push_grid(L, &default_grid);
  lua_setfield(L, -2, "default");            /* the grid the module's functions use */
  lua_setfield(L, -2, "hex");
}
