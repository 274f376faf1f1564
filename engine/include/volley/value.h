/*
** value.h -- the value tree the state store keeps for scripts (`game.vars`, DESIGN.md
** principle 2): integers, booleans, strings, hex / unit / space / box ids, and lists and maps
** of those. Plain owned data: every node owns its children, a map keeps its keys sorted
** (bytewise), so a walk over the tree is canonical and a copy is a deep copy that shares
** nothing. No floats anywhere: a number that is not an integer is refused by whoever builds
** the value (lua_state.c), never rounded.
**
** What the ids mean is the store's business (state.h): a unit or space id is an index into
** the roster, a hex is a vl_hex. This module only keeps them apart from plain integers, so
** the canonical dump can print a hex as its label and a unit as its id, and a view filter can
** find the ids of hidden units.
*/
#ifndef VOLLEY_VALUE_H
#define VOLLEY_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "volley/hex.h"

/* Integers the store holds: |n| <= 2^53, so that LuaJIT (whose numbers are doubles) reads
** every one exactly and both VMs agree on every state hash. */
#define VL_VALUE_INT_MAX INT64_C(9007199254740992)

/* Containers nest at most this deep (which also stops a table that contains itself). */
#define VL_VALUE_DEPTH_MAX 32

typedef enum vl_vtype {
  VL_V_INT = 0,
  VL_V_BOOL,
  VL_V_STR,
  VL_V_HEX,
  VL_V_UNIT,   /* a unit or leader: its index in the roster */
  VL_V_SPACE,  /* a track space: its place index in the roster */
  VL_V_BOX,    /* a box: its place index in the roster */
  VL_V_LIST,
  VL_V_MAP
} vl_vtype;

typedef struct vl_value vl_value;

/* ---- making and freeing -------------------------------------------------------------------- */

/* Each returns a new node the caller owns (free with vl_value_free), or NULL when out of
** memory. vl_value_int refuses (NULL) an integer beyond VL_VALUE_INT_MAX: check with
** vl_value_int_ok first when the number comes from outside. vl_value_str copies len bytes
** (NUL bytes included: the caller decides what text it accepts). */
vl_value *vl_value_int(int64_t n);
vl_value *vl_value_bool(int b);
vl_value *vl_value_str(const char *s, size_t len);
vl_value *vl_value_hex(vl_hex h);
vl_value *vl_value_ref(vl_vtype type, int index);   /* VL_V_UNIT, VL_V_SPACE, VL_V_BOX */
vl_value *vl_value_list(void);
vl_value *vl_value_map(void);

int vl_value_int_ok(int64_t n);

/* A deep copy, or NULL when out of memory (nothing leaks). */
vl_value *vl_value_copy(const vl_value *v);

/* Frees v and everything under it; accepts NULL. */
void vl_value_free(vl_value *v);

/* ---- reading ------------------------------------------------------------------------------- */

vl_vtype vl_value_type(const vl_value *v);
int64_t vl_value_get_int(const vl_value *v);          /* VL_V_INT; 0 otherwise */
int vl_value_get_bool(const vl_value *v);             /* VL_V_BOOL; 0 otherwise */
const char *vl_value_get_str(const vl_value *v, size_t *len);  /* VL_V_STR; NULL otherwise */
vl_hex vl_value_get_hex(const vl_value *v);           /* VL_V_HEX */
int vl_value_get_ref(const vl_value *v);              /* VL_V_UNIT, _SPACE, _BOX; -1 otherwise */

/* Deep equality (types, then contents). */
int vl_value_equal(const vl_value *a, const vl_value *b);

/* ---- lists --------------------------------------------------------------------------------- */

/* Number of items of a list (0 for any other value). */
size_t vl_list_len(const vl_value *list);

/* The i-th item (0-based), borrowed until the list changes; NULL when out of range. */
vl_value *vl_list_at(const vl_value *list, size_t i);

/* Appends item, which the list then owns. VL_OK, or VL_ENOMEM (item is then freed, so the
** caller never has to). */
int vl_list_push(vl_value *list, vl_value *item);

/* Replaces the i-th item (0-based) with item, which the list then owns; the old item is freed.
** VL_OK, or VL_EINVAL when i is out of range (item is then freed). */
int vl_list_set(vl_value *list, size_t i, vl_value *item);

/* ---- maps ---------------------------------------------------------------------------------- */

/* Number of keys of a map (0 for any other value). */
size_t vl_map_len(const vl_value *map);

/* The i-th key in sorted order and its value (both borrowed until the map changes); NULL when
** out of range. klen may be NULL. */
const char *vl_map_key(const vl_value *map, size_t i, size_t *klen);
vl_value *vl_map_value_at(const vl_value *map, size_t i);

/* The value under key (borrowed until the map changes), or NULL. */
vl_value *vl_map_get(const vl_value *map, const char *key, size_t klen);

/* Sets key to v, which the map then owns; an old value under key is freed. VL_OK, or
** VL_ENOMEM (v is then freed and the map is unchanged). */
int vl_map_set(vl_value *map, const char *key, size_t klen, vl_value *v);

/* Removes key and frees its value; 1 if it was there, 0 if not. */
int vl_map_remove(vl_value *map, const char *key, size_t klen);

/* Bytes held by v and everything under it (for the benchmarks). */
size_t vl_value_bytes(const vl_value *v);

#endif
