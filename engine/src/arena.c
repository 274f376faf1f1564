/*
** arena.c -- an allocation arena: blocks of 16 KiB or more, freed all at once.
*/
#include "arena.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK 16384

struct vl_arena_block {
  vl_arena_block *next;
  size_t size;                      /* bytes of data */
  alignas(max_align_t) unsigned char data[];
};

void *vl_arena_alloc(vl_arena *a, size_t n) {
  size_t align = alignof(max_align_t), at;
  void *p;
  if (n == 0) n = 1;
  at = (a->used + align - 1) / align * align;
  if (a->head == NULL || at + n > a->head->size) {
    size_t size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
    vl_arena_block *b = malloc(sizeof *b + size);
    if (b == NULL) return NULL;
    b->next = a->head;
    b->size = size;
    a->head = b;
    at = 0;
  }
  p = a->head->data + at;
  a->used = at + n;
  memset(p, 0, n);
  return p;
}

char *vl_arena_strndup(vl_arena *a, const char *s, size_t n) {
  char *p = vl_arena_alloc(a, n + 1);
  if (p == NULL) return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

void vl_arena_free(vl_arena *a) {
  vl_arena_block *b = a->head;
  while (b != NULL) {
    vl_arena_block *next = b->next;
    free(b);
    b = next;
  }
  a->head = NULL;
  a->used = 0;
}
