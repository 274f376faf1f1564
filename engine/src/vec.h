/*
** vec.h -- an internal growable array of fixed-size elements for the core's loaders (not
** part of the public API). Zero-initialise a vec ({0}) before use; free it with vl_vec_free.
*/
#ifndef VOLLEY_VEC_H
#define VOLLEY_VEC_H

#include <stddef.h>

typedef struct vec {
  void *p;          /* the elements */
  size_t n, cap;    /* in use, allocated */
} vec;

/* Appends a zeroed element of size elem and returns it (valid until the next push or the
** free), or NULL when out of memory (the vec is then unchanged). */
void *vl_vec_push(vec *v, size_t elem);

/* Frees the elements; the vec is empty again. */
void vl_vec_free(vec *v);

#endif
