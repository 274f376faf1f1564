/*
** vec.c -- the loaders' growable arrays (vec.h).
*/
#include "vec.h"

#include <stdlib.h>
#include <string.h>

void *vl_vec_push(vec *v, size_t elem) {
  char *e;
  if (v->n == v->cap) {
    size_t cap = v->cap ? 2 * v->cap : 16;
    void *p = realloc(v->p, cap * elem);
    if (p == NULL) return NULL;
    v->p = p;
    v->cap = cap;
  }
  e = (char *)v->p + v->n++ * elem;
  memset(e, 0, elem);
  return e;
}

void vl_vec_free(vec *v) {
  free(v->p);
  v->p = NULL;
  v->n = v->cap = 0;
}
