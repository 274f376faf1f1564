/*
** scenario.h -- a scenario's scenario.ini and its variants (DESIGN.md Part B "Ids and names",
** "Data files"; the format: docs/formats.md "scenario.ini"; what the runtime does with it:
** docs/scenarios.md). The reader checks the file's shape through the shared INI layer
** (ini.h): its sections and keys, the keys a scenario needs, the syntax of each value, every
** side it names against `[sides] order`, and the files it names (paths inside the scenario's
** folder that exist). It never opens those files: the map, the order of battle and the
** scripts are their own loaders' business. The text of each set-up line (a placement spec,
** '|', unit ids) is kept as written, with the file and line that gave it, for the Lua
** placement grammar (scripts/volley/placement.lua) to read.
**
** A variant is another .ini file of the folder with a [scenario] section. One whose
** [scenario] says `base = scenario.ini` starts from that file of the same folder and
** overrides it: the keys of [scenario], [sides], [params], [victory] and [options] one by
** one, [setup.<SIDE>] sections whole. One without `base` is a whole scenario of its own.
** Every value keeps the file and line that gave it, the variant's or the base's.
*/
#ifndef VOLLEY_SCENARIO_H
#define VOLLEY_SCENARIO_H

#include "volley/error.h"

typedef struct vl_scenario vl_scenario;

/* The lists of a scenario, for vl_scenario_count and vl_scenario_at. */
typedef enum vl_scenario_list {
  VL_SCENARIO_PARAMS = 0,   /* [params]: `<name> = <integer>`, sorted by name */
  VL_SCENARIO_VICTORY = 1,  /* [victory]: `<SIDE>.<name> = <integer or words>`, by side in
                            ** [sides] order, then name */
  VL_SCENARIO_SETUP = 2,    /* [setup.<SIDE>]: `<short key> = <spec> | <unit ids>`, by side in
                            ** [sides] order, then as the file lists them */
  VL_SCENARIO_OPTIONS = 3   /* [options]: `<name> = <path of a .lua file>`, sorted by name */
} vl_scenario_list;

/* One value as a file gave it. Strings are borrowed from the scenario until vl_scenario_free. */
typedef struct vl_scenario_item {
  const char *section;  /* "scenario", "sides", "params", "victory", "options", "setup.US" */
  const char *key;      /* as written: "map", "turns", "US.withdrawal", "5US", "grass-fire" */
  const char *text;     /* the value, continuation lines joined by one space */
  const char *file;     /* the file that gave it: the variant's or its base's */
  int line;             /* its key's line in that file */
  int side;             /* victory and set-up: the side's index in [sides] order; else -1 */
  const char *name;     /* victory: the part after "<SIDE>."; params, options: the key;
                        ** set-up: the key; else the key */
  int is_int;           /* 1 when value holds the text as an integer: every parameter, and a
                        ** victory value written as a plain decimal integer (no sign but '-',
                        ** no leading zero, so tostring gives back the text) */
  int value;            /* the integer, when is_int */
} vl_scenario_item;

/* Reads the scenario file at path (scenario.ini or a variant), and its base when it names
** one. Paths the file gives are relative to the file's folder. Returns a scenario the caller
** frees with vl_scenario_free, or NULL with err (may be NULL) set to file, line and message:
** the INI layer's refusals, an unknown section or key, a missing section or key, a bad
** value, a side not in [sides] order, a path outside the folder or naming no regular file.
** The folder is the file's folder: the scenario file, its base and every file it names must
** stay inside it once symbolic links are followed (vl_path_inside, path.h); one that leads
** out is refused by name before anything of it is read. */
vl_scenario *vl_scenario_load(const char *path, vl_error *err);

/* The same from text in memory; name stands for the file in messages. A scenario read so has
** no folder: the files it names are checked for their shape only, and `base` is refused. */
vl_scenario *vl_scenario_load_string(const char *text, const char *name, vl_error *err);

/* Frees a scenario; accepts NULL. */
void vl_scenario_free(vl_scenario *s);

/* Whether the INI file at path has a [scenario] section (what makes an .ini file of a
** scenario folder a variant, DESIGN.md Part B "Ids and names"): 1 yes, 0 no, or a negative
** VL_E* code with err set when the file cannot be read or breaks the INI layer's rules, is
** not a regular file, or leads out of its folder through a symbolic link (then nothing of it
** is read). */
int vl_scenario_probe(const char *path, vl_error *err);

/* The path the scenario was read from (or the name given with the text); its folder ("."
** for a bare file name; NULL when read from text); its base's path, or NULL. Borrowed. */
const char *vl_scenario_file(const vl_scenario *s);
const char *vl_scenario_dir(const vl_scenario *s);
const char *vl_scenario_base(const vl_scenario *s);

/* The value of `key` in [section] for the sections of single keys, "scenario" and "sides"
** (e.g. "scenario", "map"), or NULL when absent. The [scenario] keys: title, system, map,
** oob, rules, provenance, setup_rule, max_decisions; [sides]: order, first. Borrowed. */
const vl_scenario_item *vl_scenario_get(const vl_scenario *s, const char *section,
                                        const char *key);

/* [scenario] max_decisions, or 0 when the scenario does not give it. */
int vl_scenario_max_decisions(const vl_scenario *s);

/* The sides of [sides] order (1 to VL_SIDES_MAX of units.h, 8), in order; the first to play
** ([sides] first, else the first of the order). Borrowed. */
int vl_scenario_side_count(const vl_scenario *s);
const char *vl_scenario_side(const vl_scenario *s, int i);
const char *vl_scenario_first(const vl_scenario *s);

/* The items of a list, in the order vl_scenario_list states. Borrowed; NULL past the end. */
int vl_scenario_count(const vl_scenario *s, vl_scenario_list which);
const vl_scenario_item *vl_scenario_at(const vl_scenario *s, vl_scenario_list which, int i);

#endif
