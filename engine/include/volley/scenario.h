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
** A variant is another .ini file of the folder with a [scenario] section. A scenario file
** may be laid over another: `base = <file>.ini` names a file of its own folder (a variant
** over its battle's scenario.ini), `extends = <scenario id>` a scenario on the data path (a
** test board over a battle); both are the same mechanism. The file starts from the other,
** itself read and laid over its own and checked whole, and overrides it: the keys of
** [scenario], [sides], [params], [victory] and [options] one by one, [setup.<SIDE>] sections
** whole. Chains are allowed up to VL_SCENARIO_CHAIN_MAX files above the one opened; a cycle
** or a deeper chain is refused naming the chain. One with neither is a whole scenario of its
** own. Every value keeps the file and line that gave it, and a path it gives is read in the
** folder of that file: a value inherited from a scenario of another folder names a file of
** that folder. A path may start with "game:" to name a file of the game's folder (the folder
** above the scenario's: scenarios/<game>/), kept inside that folder as a scenario's own files
** are kept inside its own (docs/scenarios.md "Decisions").
*/
#ifndef VOLLEY_SCENARIO_H
#define VOLLEY_SCENARIO_H

#include "volley/error.h"

typedef struct vl_scenario vl_scenario;

/* How many scenarios a scenario may be laid over, one above the other (base or extends). */
#define VL_SCENARIO_CHAIN_MAX 4

/* The layers a scenario lays over its system's tables (vl_scenario_layer). */
typedef enum vl_scenario_layer_kind {
  VL_SCENARIO_TERRAIN = 0,  /* a terrain.ini over charts/<system>/terrain.ini */
  VL_SCENARIO_LOS = 1,      /* a los.ini over charts/<system>/los.ini */
  VL_SCENARIO_CHARTS = 2    /* a folder of chart tables over charts/<system>/ */
} vl_scenario_layer_kind;

/* The lists of a scenario, for vl_scenario_count and vl_scenario_at. */
typedef enum vl_scenario_list {
  VL_SCENARIO_PARAMS = 0,   /* [params]: `<name> = <integer>`, sorted by name */
  VL_SCENARIO_VICTORY = 1,  /* [victory]: `<SIDE>.<name> = <integer or words>`, by side in
                            ** [sides] order, then name */
  VL_SCENARIO_SETUP = 2,    /* [setup.<SIDE>]: `<short key> = <spec> | <unit ids>`, by side in
                            ** [sides] order, then as the file lists them */
  VL_SCENARIO_OPTIONS = 3,  /* [options]: `<name> = <path of a .lua file>`, sorted by name */
  VL_SCENARIO_SCHEDULE = 4  /* [turns] (`<n> = <turn line>`, `last = <n>`; side -1) then
                            ** [reinforcements.<SIDE>] (`<short key> = <arrival line>`), by
                            ** side in [sides] order, then as the file lists them; the values'
                            ** grammar is scripts/volley/schedule.lua's */
} vl_scenario_list;

/* One value as a file gave it. Strings are borrowed from the scenario until vl_scenario_free. */
typedef struct vl_scenario_item {
  const char *section;  /* "scenario", "sides", "params", "victory", "options", "setup.US",
                        ** "turns", "reinforcements.US" */
  const char *key;      /* as written: "map", "turns", "US.withdrawal", "5US", "grass-fire" */
  const char *text;     /* the value, continuation lines joined by one space */
  const char *file;     /* the file that gave it: the variant's or its base's */
  int line;             /* its key's line in that file */
  int side;             /* victory, set-up, reinforcements: the side's index in [sides]
                        ** order; else -1 */
  const char *name;     /* victory: the part after "<SIDE>."; params, options: the key;
                        ** set-up: the key; else the key */
  int is_int;           /* 1 when value holds the text as an integer: every parameter, and a
                        ** victory value written as a plain decimal integer (no sign but '-',
                        ** no leading zero, so tostring gives back the text) */
  int value;            /* the integer, when is_int; a [turns] turn line: its turn number */
  const char *path;     /* a value naming a file or folder (map, oob, rules, terrain, los,
                        ** charts, an option): its path, joined to the folder of the file that
                        ** gave it (or to the game's folder for "game:<path>"); NULL for other
                        ** values and for a scenario read from text */
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

/* The same, finding the scenario an `extends` names under the data roots given (each a folder
** holding scenarios/), in order; vl_scenario_load uses the process's data path
** (vl_path_for_process). An id no root holds, a cycle, or a chain deeper than
** VL_SCENARIO_CHAIN_MAX is refused at the line of the key that makes it. */
vl_scenario *vl_scenario_load_roots(const char *path, const char *const *roots, int nroots,
                                    vl_error *err);

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

/* The id `extends` names (NULL for a scenario that extends none: `base` or neither), and the
** scenario the file is laid over (its base's or its extended scenario's file, itself laid
** over its own), NULL for a whole one: the chain is walked parent by parent. Borrowed. */
const char *vl_scenario_extends(const vl_scenario *s);
const vl_scenario *vl_scenario_parent(const vl_scenario *s);

/* The layer of a kind the scenario plays with, or NULL for none: the scenario's own key
** (terrain, los, charts in [scenario]); else terrain.ini or los.ini beside the map it gives
** itself, or charts/ in its folder when that is not its parent's; else its parent's layer.
** *root (root may be NULL) gets the folder the layer is kept inside. Borrowed. */
const char *vl_scenario_layer(const vl_scenario *s, vl_scenario_layer_kind kind,
                              const char **root);

/* The value of `key` in [section] for the sections of single keys, "scenario" and "sides"
** (e.g. "scenario", "map"), or NULL when absent. The [scenario] keys: title, system, map,
** oob, rules, terrain, los, charts, provenance, setup_rule, max_decisions (base and extends
** are not kept: vl_scenario_base, vl_scenario_extends); [sides]: order, first. Borrowed. */
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
