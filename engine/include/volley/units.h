/*
** units.h -- what a game's units and leaders are, as data: the per-system schema
** (charts/<system>/units.ini: unit types, attribute fields, markers, command levels, facing
** models) and the roster (a scenario's oob.ini: sides, commands, units and leaders with their
** values and provenance). Both are built once, then frozen and shared, read-only, by every
** state made from them (state.h), so a copy of a state never copies them.
**
** Where things are and how they change during play (locations, stacks, facing, markers,
** current values) is the state's business (state.h, stacks.h). What a value means to a rule
** is Lua's.
**
** Ownership: vl_schema and vl_roster are reference counted. _new and _load hand the caller
** one reference; _retain adds one; _free drops one and frees at zero (accepts NULL). A roster
** holds a reference to its schema. Strings returned by the accessors are borrowed for as long
** as the object lives.
**
** Ids of units, leaders, commands and places match [A-Za-z0-9_./-]+ (DESIGN.md Part B);
** sides, types, fields, markers, levels and models are lower-case-or-not words of
** [A-Za-z0-9_-]+. After vl_roster_finish, units (leaders included) and commands are indexed
** in bytewise order of their ids, so an index order is a canonical order.
*/
#ifndef VOLLEY_UNITS_H
#define VOLLEY_UNITS_H

#include <stddef.h>

#include "volley/error.h"
#include "volley/facing.h"

#define VL_SIDES_MAX 8           /* sides a roster may have */
#define VL_NAME_MAX 64           /* bytes of a word or an id, NUL included */
/* What an order of battle may hold: far above any battle (the largest of the four rule
** systems' battles has a few hundred counters; the largest monster games ever published, a
** few thousand), and low enough that a hostile file is refused in well under a second
** (docs/formats.md "oob.ini"). */
#define VL_ROSTER_UNITS_MAX 20000     /* units and leaders together */
#define VL_ROSTER_COMMANDS_MAX 20000
#define VL_ROSTER_PLACES_MAX 20000    /* track spaces and boxes */

/* Type classes: what the engine itself needs to know about a unit type. */
enum {
  VL_CLASS_LEADER = 1,     /* a leader: leader fields; heads commands */
  VL_CLASS_COMBAT = 2,     /* a combat unit: counts for combat_hexes (movement and LOS blockers) */
  VL_CLASS_ARTILLERY = 4   /* artillery: for the artillery-present query */
};

typedef enum vl_field_type {
  VL_FIELD_INT = 0,
  VL_FIELD_BOOL,
  VL_FIELD_STRING,   /* read-only text: set in oob.ini, never changed in play */
  VL_FIELD_ENUM      /* one word of a declared list, held as its index */
} vl_field_type;

/* Which entries a field belongs to. */
enum { VL_OF_UNIT = 1, VL_OF_LEADER = 2, VL_OF_BOTH = 3 };

/* A field of the schema. Read-only once added; strings borrowed from the schema. */
typedef struct vl_field {
  const char *name;
  vl_field_type type;
  int of;                   /* VL_OF_UNIT, VL_OF_LEADER or VL_OF_BOTH */
  int min, max;             /* ints: the range; bools 0-1; enums 0..n_values-1 */
  int has_default;          /* 0: every entry it belongs to must give it */
  int dflt;                 /* int, bool (0/1) or enum index */
  const char *dflt_text;    /* string fields: the default text ("" when none) */
  const char *const *values;  /* enum words, in declaration order */
  int n_values;
  const char *source;       /* a rule citation, or NULL */
  const char *provisional;  /* why the field or its default is a guess, or NULL */
  int line;                 /* line of its section in units.ini (0 when built in C) */
} vl_field;

/* A unit type. */
typedef struct vl_unit_type {
  const char *name;
  unsigned classes;         /* VL_CLASS_* bits */
  int model;                /* index of the facing model a unit of this type starts with */
  int hexes;                /* 0: one hex, extendable to VL_FACING_PARTS; 2 or 3: always that many */
  const char *source;
} vl_unit_type;

/* A marker (status): a per-unit integer in [min, max], 0 when absent. */
typedef struct vl_marker {
  const char *name;
  int min, max;
  const char *source;
} vl_marker;

/* A facing model with its name and citation. */
typedef struct vl_model {
  const char *name;
  vl_facing_model m;
  const char *source;
} vl_model;

/* ---- the schema ---------------------------------------------------------------------------- */

typedef struct vl_schema vl_schema;

/* An empty schema for system id `system`, or NULL when out of memory. */
vl_schema *vl_schema_new(const char *system);
vl_schema *vl_schema_retain(vl_schema *s);
void vl_schema_free(vl_schema *s);

/* Builders, each VL_OK or VL_EINVAL (bad name, duplicate, bad range, unknown model: err->msg
** says which) or VL_ENOMEM; refused once the schema is frozen (a roster uses it). Strings
** are copied. */
int vl_schema_add_level(vl_schema *s, const char *level, vl_error *err);
int vl_schema_add_model(vl_schema *s, const char *name, const vl_facing_model *m,
                        const char *source, vl_error *err);
int vl_schema_add_type(vl_schema *s, const char *name, unsigned classes, const char *model,
                       int hexes, const char *source, vl_error *err);
/* def->name, type, of, min/max (ints), has_default/dflt/dflt_text, values/n_values (enums),
** source, provisional and line are read; the rest is derived. */
int vl_schema_add_field(vl_schema *s, const vl_field *def, vl_error *err);
int vl_schema_add_marker(vl_schema *s, const char *name, int min, int max, const char *source,
                         vl_error *err);

/* Reads charts/<system>/units.ini (format: docs/formats.md) through the shared INI reader.
** Returns a schema (one reference), or NULL with err set to file, line and message. */
vl_schema *vl_schema_load(const char *path, vl_error *err);
/* The same from text in memory; `name` stands for the file in messages. */
vl_schema *vl_schema_load_string(const char *text, const char *name, vl_error *err);

const char *vl_schema_system(const vl_schema *s);
int vl_schema_level_count(const vl_schema *s);
const char *vl_schema_level(const vl_schema *s, int i);   /* top (army) first */
int vl_schema_type_count(const vl_schema *s);
const vl_unit_type *vl_schema_type(const vl_schema *s, int i);
int vl_schema_field_count(const vl_schema *s);
const vl_field *vl_schema_field(const vl_schema *s, int i);
int vl_schema_marker_count(const vl_schema *s);
const vl_marker *vl_schema_marker(const vl_schema *s, int i);
int vl_schema_model_count(const vl_schema *s);
const vl_model *vl_schema_model(const vl_schema *s, int i);

/* Index by name, or -1. Indices are declaration order. */
int vl_schema_find_level(const vl_schema *s, const char *name);
int vl_schema_find_type(const vl_schema *s, const char *name);
int vl_schema_find_field(const vl_schema *s, const char *name);
int vl_schema_find_marker(const vl_schema *s, const char *name);
int vl_schema_find_model(const vl_schema *s, const char *name);

/* Parses text as a value of field f: an integer in range; yes/no/true/false/1/0 for bools;
** one of the words for enums (a string field takes the text as it is and writes 0). Writes
** the held integer to *out. VL_OK, or VL_EPARSE with err->msg naming the field and the text. */
int vl_field_parse(const vl_field *f, const char *text, int *out, vl_error *err);

/* Formats held value v of field f: the decimal integer, "yes"/"no", the enum word. Writes at
** most n bytes into buf (always NUL-terminated when n > 0); returns buf. String fields have
** their text in the roster (vl_roster_text). */
char *vl_field_format(const vl_field *f, int v, char *buf, size_t n);

/* ---- the roster ---------------------------------------------------------------------------- */

typedef struct vl_roster vl_roster;

/* A command (formation) of the hierarchy, read-only. */
typedef struct vl_command {
  const char *id;
  const char *name;         /* display name */
  int side;                 /* side index */
  int level;                /* level index in the schema (0 = the top) */
  int parent;               /* command index, or -1 for a top command */
  const char *source;
  const char *provisional;
  int line;
} vl_command;

/* A unit or leader, read-only; its values at the start are vl_roster_value. */
typedef struct vl_unit {
  const char *id;
  const char *name;         /* display name, free text */
  int side;                 /* side index */
  int type;                 /* type index in the schema */
  unsigned classes;         /* the type's VL_CLASS_* bits */
  int command;              /* the command it belongs to (a leader: the one it leads), or -1 */
  const char *source;
  const char *provisional;  /* why this entry's values are guesses, or NULL */
  int line;                 /* line of its section in oob.ini (0 when built in C) */
} vl_unit;

/* A provisional value of one entry: which unit, which field (-1: the whole entry), the
** line that says so and the reason. For `volley sources`. */
typedef struct vl_provisional {
  int unit;
  int field;
  int line;
  const char *reason;
} vl_provisional;

/* An empty roster using schema s (retained), or NULL when out of memory. `file` names the
** source in messages (may be NULL). */
vl_roster *vl_roster_new(vl_schema *s, const char *file);
vl_roster *vl_roster_retain(vl_roster *r);
void vl_roster_free(vl_roster *r);

/* Builders (before vl_roster_finish), each VL_OK or an error code with err set (file and
** line when the line is given); strings copied. References to commands and units are
** resolved by vl_roster_finish, so entries may come in any order. */
int vl_roster_add_side(vl_roster *r, const char *side, vl_error *err);

/* The places units may stand in besides hexes: the map's track spaces ("saltillo/G") and
** boxes ("reserve"), kind VL_PLACE_SPACE or VL_PLACE_BOX. They come from the map, not from
** oob.ini, so they may be added before or after vl_roster_finish, until a state is made from
** the roster (vl_state_new); they are kept sorted by id. */
int vl_roster_add_place(vl_roster *r, int kind, const char *id, vl_error *err);
int vl_roster_add_command(vl_roster *r, const char *id, const char *name, const char *side,
                          const char *level, const char *parent, int line, vl_error *err);
/* Adds a unit (leader when its type has VL_CLASS_LEADER; `leader` says which the caller
** meant, and a mismatch is refused). command may be NULL (an independent unit). Returns the
** builder index (>= 0) for the setters below, or an error code. */
int vl_roster_add_unit(vl_roster *r, int leader, const char *id, const char *name,
                       const char *side, const char *type, const char *command, int line,
                       vl_error *err);
/* Sets a value from its text (vl_field_parse); the field must belong to this kind of entry;
** a field given twice is refused. */
int vl_roster_set_text(vl_roster *r, int b, const char *field, const char *text, int line,
                       vl_error *err);
/* Provenance of a unit (b >= 0) or a command (b = -1 - command builder index): a source
** citation, or a provisional reason for the whole entry (field NULL) or one field. */
int vl_roster_set_source(vl_roster *r, int b, const char *source, vl_error *err);
int vl_roster_set_provisional(vl_roster *r, int b, const char *field, const char *reason,
                              int line, vl_error *err);
int vl_roster_command_source(vl_roster *r, const char *command, const char *source,
                             const char *provisional, vl_error *err);

/* Resolves and checks everything (unknown sides, types, commands and parents; a cycle of
** commands; a child command not below its parent's level; missing required fields, each
** with its file:line), fills defaults, sorts units and commands by id, and freezes the
** roster and its schema. VL_OK or VL_EINVAL/VL_EPARSE/VL_ENOMEM with err. A failed roster can
** only be freed. */
int vl_roster_finish(vl_roster *r, vl_error *err);

/* Reads a scenario's oob.ini (format: docs/formats.md) against schema s through the shared
** INI reader; the roster comes back finished. NULL with err (file:line) on any error. */
vl_roster *vl_roster_load(vl_schema *s, const char *path, vl_error *err);
vl_roster *vl_roster_load_string(vl_schema *s, const char *text, const char *name,
                                 vl_error *err);

enum { VL_PLACE_SPACE = 1, VL_PLACE_BOX = 2 };

/* 1 once vl_roster_finish succeeded. */
int vl_roster_finished(const vl_roster *r);

/* Accessors of a finished roster. Indices are canonical (sorted by id). */
const vl_schema *vl_roster_schema(const vl_roster *r);
const char *vl_roster_file(const vl_roster *r);
int vl_roster_side_count(const vl_roster *r);
const char *vl_roster_side(const vl_roster *r, int i);       /* declaration order */
int vl_roster_find_side(const vl_roster *r, const char *side);
int vl_roster_unit_count(const vl_roster *r);
const vl_unit *vl_roster_unit(const vl_roster *r, int i);
int vl_roster_find_unit(const vl_roster *r, const char *id);  /* binary search; -1 */
int vl_roster_command_count(const vl_roster *r);
const vl_command *vl_roster_command(const vl_roster *r, int i);
int vl_roster_find_command(const vl_roster *r, const char *id);
int vl_roster_place_count(const vl_roster *r);
const char *vl_roster_place(const vl_roster *r, int i, int *kind);  /* sorted by id */
int vl_roster_find_place(const vl_roster *r, const char *id, int *kind);

/* Initial value of field f of unit u (the held integer: see vl_field), and the text of a
** string field (NULL for other fields). */
int vl_roster_value(const vl_roster *r, int u, int f);
const char *vl_roster_text(const vl_roster *r, int u, int f);

int vl_roster_provisional_count(const vl_roster *r);
const vl_provisional *vl_roster_provisional(const vl_roster *r, int i);

/* ---- the hierarchy ------------------------------------------------------------------------- */

/* 1 when command c is a or lies under a. */
int vl_roster_command_within(const vl_roster *r, int c, int a);

/* The leaders of command c (those whose command is c), in id order, into out (capacity max);
** returns the count (which may exceed max). */
int vl_roster_command_leaders(const vl_roster *r, int c, int *out, int max);

/* The superiors of leader l: the leaders of the parent of the command he leads (the army
** commander for a division's leader); none for a leader of a top command or of none. Same
** return convention. */
int vl_roster_superiors(const vl_roster *r, int l, int *out, int max);

/* The commands directly under c (c = -1: the top commands), in id order. Same convention. */
int vl_roster_subcommands(const vl_roster *r, int c, int *out, int max);

#endif
