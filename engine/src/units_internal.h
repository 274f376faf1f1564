/*
** units_internal.h -- helpers shared by units.c (the schema), roster.c (the roster) and
** units_ini.c (their loaders). Not a public header.
*/
#ifndef VOLLEY_UNITS_INTERNAL_H
#define VOLLEY_UNITS_INTERNAL_H

#include <stddef.h>

#include "volley/units.h"

/* A copy of s (NULL for NULL or out of memory); into *out, 0 when out of memory. */
char *vl_units_dup(const char *s);
int vl_units_dup_into(char **out, const char *s);
/* Grows *arr (elements of `size` bytes, capacity *cap) so index n fits; 0 when out of memory. */
int vl_units_grow(void **arr, int *cap, int n, size_t size);
/* [A-Za-z0-9_-]+ and [A-Za-z0-9_./-]+, shorter than VL_NAME_MAX. */
int vl_units_is_word(const char *s);
int vl_units_is_id(const char *s);
/* Parses a decimal integer (optional sign, no blanks) that fits an int into *out; 0 when the
** text is not one. */
int vl_units_parse_int(const char *text, int *out);
/* The same, telling why not: VL_INT_OK, VL_INT_NOT (not an integer), VL_INT_HIGH (an integer
** above INT_MAX), VL_INT_LOW (below INT_MIN). *out is set only on VL_INT_OK. */
enum { VL_INT_OK = 0, VL_INT_NOT = 1, VL_INT_HIGH = 2, VL_INT_LOW = 3 };
int vl_units_read_int(const char *text, int *out);
/* Writes "'<text>' is not an integer", "'<text>' is too large (at most 2147483647)" or
** "... too small (at least -2147483648)" for a vl_units_read_int code into buf (size n). */
void vl_units_int_why(int code, const char *text, char *buf, size_t n);
/* Sets err to "not enough memory" and returns VL_ENOMEM. */
int vl_units_nomem(vl_error *err);
/* Refuses a name that is not a word, or is taken (taken != 0), naming `what`. */
int vl_units_check_new_word(const char *what, const char *name, int taken, vl_error *err);
/* Freezes s: no more builders. */
void vl_units_freeze(vl_schema *s);
/* Freezes r's places: a state indexes them. */
void vl_units_freeze_places(vl_roster *r);

#endif
