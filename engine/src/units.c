/*
** units.c -- the schema (types, fields, markers, levels, facing models) and the roster
** (sides, places, commands, units and leaders with their values and provenance), built by
** the loaders in units_ini.c or directly in C, then frozen and shared read-only.
*/
#include "volley/units.h"

#include "units_internal.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------------------------- */

char *vl_units_dup(const char *s) {
  size_t n;
  char *d;
  if (s == NULL) return NULL;
  n = strlen(s) + 1;
  d = malloc(n);
  if (d != NULL) memcpy(d, s, n);
  return d;
}

/* Duplicates s into *out (NULL stays NULL); 0 when out of memory. */
int vl_units_dup_into(char **out, const char *s) {
  *out = NULL;
  if (s == NULL) return 1;
  *out = vl_units_dup(s);
  return *out != NULL;
}

/* Grows an array of elements of size `size` so index n fits; 0 when out of memory. */
int vl_units_grow(void **arr, int *cap, int n, size_t size) {
  void *p;
  int c;
  if (n < *cap) return 1;
  c = *cap ? *cap * 2 : 8;
  while (c <= n) c *= 2;
  p = realloc(*arr, (size_t)c * size);
  if (p == NULL) return 0;
  *arr = p;
  *cap = c;
  return 1;
}

/* A word: [A-Za-z0-9_-]+, shorter than VL_NAME_MAX. */
int vl_units_is_word(const char *s) {
  size_t n = 0;
  if (s == NULL || *s == '\0') return 0;
  for (; *s; s++, n++) {
    char c = *s;
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-'))
      return 0;
  }
  return n < VL_NAME_MAX;
}

/* An id: [A-Za-z0-9_./-]+ (DESIGN.md Part B), shorter than VL_NAME_MAX. */
int vl_units_is_id(const char *s) {
  size_t n = 0;
  if (s == NULL || *s == '\0') return 0;
  for (; *s; s++, n++) {
    char c = *s;
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '-' || c == '.' || c == '/'))
      return 0;
  }
  return n < VL_NAME_MAX;
}

int vl_units_nomem(vl_error *err) {
  return vl_error_set(err, VL_ENOMEM, NULL, 0, "not enough memory");
}

/* ---- the schema ---------------------------------------------------------------------------- */

struct vl_schema {
  int refs;
  int frozen;
  char *system;
  char **levels;
  int n_levels, cap_levels;
  vl_unit_type *types;
  int n_types, cap_types;
  vl_field *fields;
  int n_fields, cap_fields;
  vl_marker *markers;
  int n_markers, cap_markers;
  vl_model *models;
  int n_models, cap_models;
};

vl_schema *vl_schema_new(const char *system) {
  vl_schema *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->refs = 1;
  s->system = vl_units_dup(system ? system : "");
  if (s->system == NULL) {
    free(s);
    return NULL;
  }
  return s;
}

vl_schema *vl_schema_retain(vl_schema *s) {
  if (s != NULL) s->refs++;
  return s;
}

static void field_clear(vl_field *f) {
  int i;
  free((char *)f->name);
  free((char *)f->dflt_text);
  for (i = 0; i < f->n_values; i++) free((char *)f->values[i]);
  free((void *)f->values);
  free((char *)f->source);
  free((char *)f->provisional);
}

void vl_schema_free(vl_schema *s) {
  int i;
  if (s == NULL || --s->refs > 0) return;
  free(s->system);
  for (i = 0; i < s->n_levels; i++) free(s->levels[i]);
  free(s->levels);
  for (i = 0; i < s->n_types; i++) {
    free((char *)s->types[i].name);
    free((char *)s->types[i].source);
  }
  free(s->types);
  for (i = 0; i < s->n_fields; i++) field_clear(&s->fields[i]);
  free(s->fields);
  for (i = 0; i < s->n_markers; i++) {
    free((char *)s->markers[i].name);
    free((char *)s->markers[i].source);
  }
  free(s->markers);
  for (i = 0; i < s->n_models; i++) {
    free((char *)s->models[i].name);
    free((char *)s->models[i].source);
  }
  free(s->models);
  free(s);
}

void vl_units_freeze(vl_schema *s) { s->frozen = 1; }

static int check_open(const vl_schema *s, vl_error *err) {
  if (s->frozen)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "the schema is in use and can no longer change");
  return VL_OK;
}

/* Refuses a name that is not a word or is taken by another entry of the same kind. */
int vl_units_check_new_word(const char *what, const char *name, int taken, vl_error *err) {
  if (!vl_units_is_word(name))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "bad %s name '%s' (letters, digits, _ and -)",
                        what, name ? name : "");
  if (taken) return vl_error_set(err, VL_EINVAL, NULL, 0, "%s '%s' is declared twice", what, name);
  return VL_OK;
}

int vl_schema_add_level(vl_schema *s, const char *level, vl_error *err) {
  int rc = check_open(s, err);
  if (rc == VL_OK) rc = vl_units_check_new_word("level", level, vl_schema_find_level(s, level) >= 0, err);
  if (rc != VL_OK) return rc;
  if (!vl_units_grow((void **)&s->levels, &s->cap_levels, s->n_levels, sizeof *s->levels)) return vl_units_nomem(err);
  if ((s->levels[s->n_levels] = vl_units_dup(level)) == NULL) return vl_units_nomem(err);
  s->n_levels++;
  return VL_OK;
}

int vl_schema_add_model(vl_schema *s, const char *name, const vl_facing_model *m,
                        const char *source, vl_error *err) {
  vl_model *d;
  int rc = check_open(s, err);
  if (rc == VL_OK)
    rc = vl_units_check_new_word("facing model", name, vl_schema_find_model(s, name) >= 0, err);
  if (rc == VL_OK) rc = vl_facing_model_check(m, err);
  if (rc != VL_OK) return rc;
  if (!vl_units_grow((void **)&s->models, &s->cap_models, s->n_models, sizeof *s->models)) return vl_units_nomem(err);
  d = &s->models[s->n_models];
  memset(d, 0, sizeof *d);
  d->m = *m;
  if (!vl_units_dup_into((char **)&d->name, name) || !vl_units_dup_into((char **)&d->source, source)) {
    free((char *)d->name);
    return vl_units_nomem(err);
  }
  s->n_models++;
  return VL_OK;
}

int vl_schema_add_type(vl_schema *s, const char *name, unsigned classes, const char *model,
                       int hexes, const char *source, vl_error *err) {
  vl_unit_type *t;
  int mi;
  int rc = check_open(s, err);
  if (rc == VL_OK) rc = vl_units_check_new_word("unit type", name, vl_schema_find_type(s, name) >= 0, err);
  if (rc != VL_OK) return rc;
  if (classes & ~(unsigned)(VL_CLASS_LEADER | VL_CLASS_COMBAT | VL_CLASS_ARTILLERY))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "unit type '%s': unknown class bits", name);
  mi = vl_schema_find_model(s, model ? model : "");
  if (mi < 0)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "unit type '%s': unknown facing model '%s'",
                        name, model ? model : "");
  if (hexes != 0 && (hexes < 2 || hexes > VL_FACING_PARTS))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "unit type '%s': hexes must be 1 to %d", name,
                        VL_FACING_PARTS);
  if (!vl_units_grow((void **)&s->types, &s->cap_types, s->n_types, sizeof *s->types)) return vl_units_nomem(err);
  t = &s->types[s->n_types];
  memset(t, 0, sizeof *t);
  t->classes = classes;
  t->model = mi;
  t->hexes = hexes;
  if (!vl_units_dup_into((char **)&t->name, name) || !vl_units_dup_into((char **)&t->source, source)) {
    free((char *)t->name);
    return vl_units_nomem(err);
  }
  s->n_types++;
  return VL_OK;
}

/* Keys of oob.ini entries that a field may not be called. */
static const char *const reserved_fields[] = {
  "id", "name", "side", "type", "command", "source", "provisional", NULL
};

int vl_schema_add_field(vl_schema *s, const vl_field *def, vl_error *err) {
  vl_field f;
  int i, rc = check_open(s, err);
  if (rc == VL_OK)
    rc = vl_units_check_new_word("field", def->name, vl_schema_find_field(s, def->name) >= 0, err);
  if (rc != VL_OK) return rc;
  for (i = 0; reserved_fields[i]; i++)
    if (strcmp(def->name, reserved_fields[i]) == 0)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "'%s' is an oob.ini key, not a field name",
                          def->name);
  if (def->of < VL_OF_UNIT || def->of > VL_OF_BOTH)
    return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': of must be unit, leader or both",
                        def->name);
  memset(&f, 0, sizeof f);
  f.type = def->type;
  f.of = def->of;
  f.has_default = def->has_default;
  f.dflt = def->dflt;
  f.line = def->line;
  switch (def->type) {
  case VL_FIELD_INT:
    if (def->min > def->max)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': min %d is above max %d",
                          def->name, def->min, def->max);
    f.min = def->min;
    f.max = def->max;
    break;
  case VL_FIELD_BOOL:
    f.min = 0;
    f.max = 1;
    break;
  case VL_FIELD_STRING: break;
  case VL_FIELD_ENUM:
    if (def->n_values < 1)
      return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': an enum needs values",
                          def->name);
    f.min = 0;
    f.max = def->n_values - 1;
    break;
  default:
    return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': unknown type", def->name);
  }
  if (def->type != VL_FIELD_STRING && def->has_default && (def->dflt < f.min || def->dflt > f.max))
    return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': default %d is outside %d-%d",
                        def->name, def->dflt, f.min, f.max);
  if (def->type == VL_FIELD_ENUM) {
    const char **vals = calloc((size_t)def->n_values, sizeof *vals);
    if (vals == NULL) return vl_units_nomem(err);
    f.values = vals;
    f.n_values = def->n_values;
    for (i = 0; i < def->n_values; i++) {
      int j;
      if (!vl_units_is_word(def->values[i])) {
        field_clear(&f);
        return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': bad enum word '%s'", def->name,
                            def->values[i]);
      }
      for (j = 0; j < i; j++)
        if (strcmp(def->values[i], def->values[j]) == 0) {
          field_clear(&f);
          return vl_error_set(err, VL_EINVAL, NULL, 0, "field '%s': enum word '%s' given twice",
                              def->name, def->values[i]);
        }
      if ((vals[i] = vl_units_dup(def->values[i])) == NULL) {
        field_clear(&f);
        return vl_units_nomem(err);
      }
    }
  }
  if (!vl_units_dup_into((char **)&f.name, def->name) ||
      !vl_units_dup_into((char **)&f.dflt_text, def->type == VL_FIELD_STRING
                                          ? (def->dflt_text ? def->dflt_text : "") : NULL) ||
      !vl_units_dup_into((char **)&f.source, def->source) ||
      !vl_units_dup_into((char **)&f.provisional, def->provisional) ||
      !vl_units_grow((void **)&s->fields, &s->cap_fields, s->n_fields, sizeof *s->fields)) {
    field_clear(&f);
    return vl_units_nomem(err);
  }
  s->fields[s->n_fields++] = f;
  return VL_OK;
}

int vl_schema_add_marker(vl_schema *s, const char *name, int min, int max, const char *source,
                         vl_error *err) {
  vl_marker *m;
  int rc = check_open(s, err);
  if (rc == VL_OK) rc = vl_units_check_new_word("marker", name, vl_schema_find_marker(s, name) >= 0, err);
  if (rc != VL_OK) return rc;
  if (min > 0 || max < 0 || min == max)
    return vl_error_set(err, VL_EINVAL, NULL, 0,
                        "marker '%s': the range %d-%d must hold 0 (no marker) and another value",
                        name, min, max);
  if (!vl_units_grow((void **)&s->markers, &s->cap_markers, s->n_markers, sizeof *s->markers))
    return vl_units_nomem(err);
  m = &s->markers[s->n_markers];
  memset(m, 0, sizeof *m);
  m->min = min;
  m->max = max;
  if (!vl_units_dup_into((char **)&m->name, name) || !vl_units_dup_into((char **)&m->source, source)) {
    free((char *)m->name);
    return vl_units_nomem(err);
  }
  s->n_markers++;
  return VL_OK;
}

const char *vl_schema_system(const vl_schema *s) { return s->system; }
int vl_schema_level_count(const vl_schema *s) { return s->n_levels; }
const char *vl_schema_level(const vl_schema *s, int i) {
  return i >= 0 && i < s->n_levels ? s->levels[i] : NULL;
}
int vl_schema_type_count(const vl_schema *s) { return s->n_types; }
const vl_unit_type *vl_schema_type(const vl_schema *s, int i) {
  return i >= 0 && i < s->n_types ? &s->types[i] : NULL;
}
int vl_schema_field_count(const vl_schema *s) { return s->n_fields; }
const vl_field *vl_schema_field(const vl_schema *s, int i) {
  return i >= 0 && i < s->n_fields ? &s->fields[i] : NULL;
}
int vl_schema_marker_count(const vl_schema *s) { return s->n_markers; }
const vl_marker *vl_schema_marker(const vl_schema *s, int i) {
  return i >= 0 && i < s->n_markers ? &s->markers[i] : NULL;
}
int vl_schema_model_count(const vl_schema *s) { return s->n_models; }
const vl_model *vl_schema_model(const vl_schema *s, int i) {
  return i >= 0 && i < s->n_models ? &s->models[i] : NULL;
}

int vl_schema_find_level(const vl_schema *s, const char *name) {
  int i;
  for (i = 0; i < s->n_levels; i++)
    if (strcmp(s->levels[i], name) == 0) return i;
  return -1;
}
int vl_schema_find_type(const vl_schema *s, const char *name) {
  int i;
  for (i = 0; i < s->n_types; i++)
    if (strcmp(s->types[i].name, name) == 0) return i;
  return -1;
}
int vl_schema_find_field(const vl_schema *s, const char *name) {
  int i;
  for (i = 0; i < s->n_fields; i++)
    if (strcmp(s->fields[i].name, name) == 0) return i;
  return -1;
}
int vl_schema_find_marker(const vl_schema *s, const char *name) {
  int i;
  for (i = 0; i < s->n_markers; i++)
    if (strcmp(s->markers[i].name, name) == 0) return i;
  return -1;
}
int vl_schema_find_model(const vl_schema *s, const char *name) {
  int i;
  for (i = 0; i < s->n_models; i++)
    if (strcmp(s->models[i].name, name) == 0) return i;
  return -1;
}

int vl_units_read_int(const char *text, int *out) {
  char *end;
  long v;
  if (*text == '\0' || isspace((unsigned char)*text)) return VL_INT_NOT;
  errno = 0;
  v = strtol(text, &end, 10);
  if (end == text || *end != '\0') return VL_INT_NOT;
  if ((errno == ERANGE && v > 0) || v > INT_MAX) return VL_INT_HIGH;
  if ((errno == ERANGE && v < 0) || v < INT_MIN) return VL_INT_LOW;
  if (errno != 0) return VL_INT_NOT;
  *out = (int)v;
  return VL_INT_OK;
}

int vl_units_parse_int(const char *text, int *out) {
  return vl_units_read_int(text, out) == VL_INT_OK;
}

void vl_units_int_why(int code, const char *text, char *buf, size_t n) {
  if (code == VL_INT_HIGH) snprintf(buf, n, "'%s' is too large (at most %d)", text, INT_MAX);
  else if (code == VL_INT_LOW) snprintf(buf, n, "'%s' is too small (at least %d)", text, INT_MIN);
  else snprintf(buf, n, "'%s' is not an integer", text);
}

int vl_field_parse(const vl_field *f, const char *text, int *out, vl_error *err) {
  int i, v;
  switch (f->type) {
  case VL_FIELD_INT:
    i = vl_units_read_int(text, &v);
    if (i == VL_INT_HIGH || i == VL_INT_LOW)  /* past an int: past the field's range too */
      return vl_error_set(err, VL_EPARSE, NULL, 0, "%s: %s is outside %d-%d", f->name, text,
                          f->min, f->max);
    if (i != VL_INT_OK)
      return vl_error_set(err, VL_EPARSE, NULL, 0, "%s: '%s' is not an integer", f->name, text);
    if (v < f->min || v > f->max)
      return vl_error_set(err, VL_EPARSE, NULL, 0, "%s: %d is outside %d-%d", f->name, v, f->min,
                          f->max);
    *out = v;
    return VL_OK;
  case VL_FIELD_BOOL:
    if (strcmp(text, "yes") == 0 || strcmp(text, "true") == 0 || strcmp(text, "1") == 0) {
      *out = 1;
      return VL_OK;
    }
    if (strcmp(text, "no") == 0 || strcmp(text, "false") == 0 || strcmp(text, "0") == 0) {
      *out = 0;
      return VL_OK;
    }
    return vl_error_set(err, VL_EPARSE, NULL, 0, "%s: '%s' is not yes or no", f->name, text);
  case VL_FIELD_ENUM:
    for (i = 0; i < f->n_values; i++)
      if (strcmp(text, f->values[i]) == 0) {
        *out = i;
        return VL_OK;
      }
    {
      char known[160];
      size_t k = 0;
      known[0] = '\0';
      for (i = 0; i < f->n_values && k + 1 < sizeof known; i++) {
        int w = snprintf(known + k, sizeof known - k, "%s%s", i ? " " : "", f->values[i]);
        if (w < 0) break;
        k += (size_t)w;
      }
      return vl_error_set(err, VL_EPARSE, NULL, 0, "%s: '%s' is not one of: %s", f->name, text,
                          known);
    }
  case VL_FIELD_STRING: *out = 0; return VL_OK;
  }
  return vl_error_set(err, VL_EINVAL, NULL, 0, "%s: unknown field type", f->name);
}

char *vl_field_format(const vl_field *f, int v, char *buf, size_t n) {
  if (n == 0) return buf;
  switch (f->type) {
  case VL_FIELD_BOOL: snprintf(buf, n, "%s", v ? "yes" : "no"); break;
  case VL_FIELD_ENUM: snprintf(buf, n, "%s", v >= 0 && v < f->n_values ? f->values[v] : "?"); break;
  case VL_FIELD_STRING: buf[0] = '\0'; break;
  default: snprintf(buf, n, "%d", v); break;
  }
  return buf;
}

