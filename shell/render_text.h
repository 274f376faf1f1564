/*
** render_text.h -- a map drawn as plain text: a header line, a line of column labels, a row
** of terrain codes a line, and a legend of the codes used. The full pictures (Unicode
** terminal map, SVG) come with the views issue.
*/
#ifndef VOLLEY_RENDER_TEXT_H
#define VOLLEY_RENDER_TEXT_H

#include <stdio.h>

#include "volley/map.h"

/* Writes the drawing of m to out. Returns 0, or -1 when out of memory. */
int render_text(FILE *out, const vl_map *m);

#endif
