/*
** arena.h -- an internal allocation arena for the core's loaders: many small blocks (strings,
** lists) freed together. Not part of the public API.
*/
#ifndef VOLLEY_ARENA_H
#define VOLLEY_ARENA_H

#include <stddef.h>

typedef struct vl_arena_block vl_arena_block;

/* An arena: zero-initialise it ({0}) before use. */
typedef struct vl_arena {
  vl_arena_block *head;  /* the block being filled, then older ones */
  size_t used;           /* bytes used in head */
} vl_arena;

/* n bytes aligned for any object, zeroed, valid until vl_arena_free; NULL when out of memory. */
void *vl_arena_alloc(vl_arena *a, size_t n);

/* A NUL-terminated copy of the first n bytes of s; NULL when out of memory. */
char *vl_arena_strndup(vl_arena *a, const char *s, size_t n);

/* Frees every block; the arena is empty again. */
void vl_arena_free(vl_arena *a);

#endif
