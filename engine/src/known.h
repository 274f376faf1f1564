/*
** known.h -- the "(known: ...)" part of a refusal that names an unknown word: the choices
** sorted in byte order and cut to a readable length. Internal to the engine's loaders.
*/
#ifndef VOLLEY_KNOWN_H
#define VOLLEY_KNOWN_H

#include <stddef.h>

#include "volley/terrain.h"

#define VL_KNOWN_MAX_NAMES 12  /* names listed at most */
#define VL_KNOWN_MAX_TEXT 120  /* bytes of names listed at most */

/* The i-th choice of ctx (0 <= i < count), or NULL for one that is not a choice here. */
typedef const char *(*vl_known_name)(const void *ctx, size_t i);

/* Writes the distinct choices, sorted by strcmp and joined by ", ", into buf (size n, cut
** there if need be): "artillery, infantry, leader". Past VL_KNOWN_MAX_NAMES names or
** VL_KNOWN_MAX_TEXT bytes it stops and ends with " and N more"; "none" when there is no
** choice at all. Never allocates; cannot fail. */
void vl_known_list(char *buf, size_t n, const void *ctx, size_t count, vl_known_name name);

/* The same over an array of count strings. */
void vl_known_list_of(char *buf, size_t n, const char *const *names, size_t count);

/* The same over the codes (hex terrain) or ids (hexside features, road kinds) of t's types
** of one kind. */
void vl_known_terrain(const vl_terrain *t, vl_terrain_kind kind, char *buf, size_t n);

#endif
