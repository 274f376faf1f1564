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
/* Sets err to "not enough memory" and returns VL_ENOMEM. */
int vl_units_nomem(vl_error *err);
/* Refuses a name that is not a word, or is taken (taken != 0), naming `what`. */
int vl_units_check_new_word(const char *what, const char *name, int taken, vl_error *err);
/* Freezes s: no more builders. */
void vl_units_freeze(vl_schema *s);
/* Freezes r's places: a state indexes them. */
void vl_units_freeze_places(vl_roster *r);

#endif
