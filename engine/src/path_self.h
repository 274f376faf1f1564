/*
** path_self.h -- what one linked binary knows of where it stands: its own file, the way from
** its folder to the installed data, and (in a build directory only) the source tree.
** engine/src/path_self.c is compiled into each program and module on its own, with the
** definitions of that binary (CMakeLists.txt): the installed program and module carry no
** path of the machine that built them; those in a build directory carry the source tree.
*/
#ifndef VOLLEY_PATH_SELF_H
#define VOLLEY_PATH_SELF_H

#include <stddef.h>

/* Writes this binary's own file into out (size n): the program (/proc/self/exe) or the Lua
** module (the file the interpreter loaded, made absolute). Returns out, or NULL when it
** cannot be told or does not fit. */
const char *vl_path_self_file(char *out, size_t n);

/* The data root as seen from the binary's folder: a relative path ("../share/volley" for
** the program in bin/) or an absolute one (a luarocks tree); NULL for none. */
const char *vl_path_self_data(void);

/* The source tree of a binary in a build directory; NULL in an installed one. */
const char *vl_path_self_source(void);

#endif
