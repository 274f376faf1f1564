/*
** path.h -- where volley finds its data: scripts/, scenarios/ and charts/.
** The search order is DESIGN.md Part B "Build and run": every directory of $VOLLEY_PATH
** (colon-separated, in order), then the installed data, share/volley, found from the binary
** itself (../share/volley beside the program's bin/; from the Lua module volley/core.so, the
** way from its Lua C module folder to share/volley), then the source tree recorded at
** configure time (a binary in a build directory only: installed binaries carry no path of
** the machine that built them). vl_path_new and vl_path_new_from take the environment and
** the binary's path as arguments (so tests can give any); vl_path_for_process reads them for
** the running binary (docs/build.md "The data path").
*/
#ifndef VOLLEY_PATH_H
#define VOLLEY_PATH_H

#include <stddef.h>

#include "volley/error.h"

typedef struct vl_path vl_path;

/* Builds the search list. volley_path is $VOLLEY_PATH or NULL (empty entries are skipped);
** exe is the program's own path or NULL (then no share/volley root); source_dir is the
** configured source tree or NULL. The share root is kept only if it is a directory.
** Returns a list the caller frees with vl_path_free, or NULL when out of memory. */
vl_path *vl_path_new(const char *volley_path, const char *exe, const char *source_dir);

/* vl_path_new with the installed data root given: data is the way from the folder of self
** (the binary's file) to the data root, "../share/volley" for the program, or an absolute
** folder (self then unused); NULL data or NULL self with a relative data: no such root. */
vl_path *vl_path_new_from(const char *volley_path, const char *self, const char *data,
                          const char *source_dir);

/* The search list of the running binary: $VOLLEY_PATH, the installed data root as the
** program or the module sees it from its own file, the source tree recorded at configure
** time in a build directory's binaries. NULL when out of memory. */
vl_path *vl_path_for_process(void);

/* Frees a list; accepts NULL. */
void vl_path_free(vl_path *p);

/* Number of roots, and the i-th root (0-based; borrowed, valid until vl_path_free). */
size_t vl_path_count(const vl_path *p);
const char *vl_path_root(const vl_path *p, size_t i);

/* Finds rel (e.g. "scripts/volley/init.lua") under the first root holding it as a readable
** file or directory, writing "<root>/<rel>" into out (size n). A root under which the path
** would not fit out or PATH_MAX is skipped, and the search goes on with the next one.
** Returns VL_OK; VL_ENOTFOUND ("<rel> not found on the data path", with "(1 root skipped:
** the path would be too long)" when some were); or VL_EINVAL when the path is too long under
** every root ("path too long: <rel> under every data root (<first root>)"). */
int vl_path_find(const vl_path *p, const char *rel, char *out, size_t n, vl_error *err);

/* Whether path stays inside the folder root once every symbolic link on the way is followed
** (both resolved with realpath): the confinement of a scenario's files to its folder
** (docs/scenarios.md "Files stay inside the folder"). A link to a file inside root is
** followed; one that leads out of it, even through a linked folder, is refused. Nothing of
** the file is read (a FIFO is not opened); the caller checks what kind of file it is.
** Returns VL_OK when path resolves to root or to something below it; VL_EINVAL when it
** resolves outside root ("leads out of the folder"); VL_ENOTFOUND when root or path cannot
** be resolved ("no such file", a dangling link included; "a loop of symbolic links"; "path
** too long"); VL_ENOMEM. err (may be NULL) gets the reason, without a file. */
int vl_path_inside(const char *root, const char *path, vl_error *err);

#endif
