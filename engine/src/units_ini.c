/*
** units_ini.c -- the loaders of charts/<system>/units.ini (the schema) and a scenario's
** oob.ini (the roster), through the shared INI layer (ini.h). Both files are read whole into
** sections of keys first, then built in an order that lets a section name what a later one
** defines (a unit type its facing model, a unit its command). Every refusal carries the
** file and the line of the key (or section) at fault. Formats: docs/formats.md.
*/
#include "volley/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "known.h"
#include "units_internal.h"
#include "volley/ini.h"

/* ---- the file, read into sections ---------------------------------------------------------- */

typedef struct ikey {
  char *key;
  char *value;   /* continuation lines joined with single spaces */
  int line;
  int used;
} ikey;

typedef struct isec {
  char *name;
  int line;
  ikey *keys;
  int n, cap;
} isec;

typedef struct ifile {
  const char *file;
  isec *secs;
  int n, cap;
  int oob;                 /* an oob.ini: its units and commands are counted as they come */
  int units, commands;
} ifile;

static void ifile_clear(ifile *f) {
  int i, k;
  for (i = 0; i < f->n; i++) {
    for (k = 0; k < f->secs[i].n; k++) {
      free(f->secs[i].keys[k].key);
      free(f->secs[i].keys[k].value);
    }
    free(f->secs[i].keys);
    free(f->secs[i].name);
  }
  free(f->secs);
}

/* In an oob.ini, refuses the section past the roster's bounds (units.h) as it comes, so a
** huge file stops there instead of being read whole first. */
static int count_section(ifile *f, const vl_ini_item *it, vl_error *err) {
  const char *sec = it->section;
  int unit = strncmp(sec, "unit.", 5) == 0, leader = strncmp(sec, "leader.", 7) == 0;
  if (!f->oob) return VL_OK;
  if ((unit || leader) && ++f->units > VL_ROSTER_UNITS_MAX)
    return vl_ini_error(err, it, "%s %s: more than %d units and leaders (the bound of an order "
                        "of battle, far above any battle's)", unit ? "unit" : "leader",
                        sec + (unit ? 5 : 7), VL_ROSTER_UNITS_MAX);
  if (strncmp(sec, "command.", 8) == 0 && ++f->commands > VL_ROSTER_COMMANDS_MAX)
    return vl_ini_error(err, it, "command %s: more than %d commands (the bound of an order of "
                        "battle, far above any battle's)", sec + 8, VL_ROSTER_COMMANDS_MAX);
  return VL_OK;
}

static int collect(void *user, const vl_ini_item *it, vl_error *err) {
  ifile *f = user;
  isec *s;
  if (it->event == VL_INI_END) return VL_OK;
  if (it->event == VL_INI_SECTION) {
    int rc = count_section(f, it, err);
    if (rc != VL_OK) return rc;
    if (!vl_units_grow((void **)&f->secs, &f->cap, f->n, sizeof *f->secs)) return vl_units_nomem(err);
    s = &f->secs[f->n];
    memset(s, 0, sizeof *s);
    s->line = it->line;
    if ((s->name = vl_units_dup(it->section)) == NULL) return vl_units_nomem(err);
    f->n++;
    return VL_OK;
  }
  s = &f->secs[f->n - 1];   /* the layer refuses a key before any section */
  if (it->continuation && s->n > 0) {
    ikey *k = &s->keys[s->n - 1];
    size_t a = strlen(k->value), b = strlen(it->value);
    char *v = realloc(k->value, a + b + 2);
    if (v == NULL) return vl_units_nomem(err);
    if (a > 0 && b > 0) v[a++] = ' ';
    memcpy(v + a, it->value, b + 1);
    k->value = v;
    return VL_OK;
  }
  if (!vl_units_grow((void **)&s->keys, &s->cap, s->n, sizeof *s->keys)) return vl_units_nomem(err);
  s->keys[s->n].line = it->line;
  s->keys[s->n].used = 0;
  s->keys[s->n].key = vl_units_dup(it->key);
  s->keys[s->n].value = vl_units_dup(it->value);
  if (s->keys[s->n].key == NULL || s->keys[s->n].value == NULL) {
    free(s->keys[s->n].key);
    free(s->keys[s->n].value);
    return vl_units_nomem(err);
  }
  s->n++;
  return VL_OK;
}

/* Reads path (text NULL) or text into f; oob: the file is an oob.ini. */
static int read_ini(ifile *f, const char *path, const char *text, const char *name, int oob,
                    vl_error *err) {
  memset(f, 0, sizeof *f);
  f->file = path ? path : name;
  f->oob = oob;
  if (path != NULL) return vl_ini_parse_file(path, collect, f, err);
  if (text == NULL) return vl_error_set(err, VL_EINVAL, NULL, 0, "no file and no text to read");
  return vl_ini_parse_buffer(name, text, strlen(text), collect, f, err);
}

/* The key of section s, marked used; NULL when absent. */
static ikey *get(isec *s, const char *key) {
  int k;
  for (k = 0; k < s->n; k++)
    if (strcmp(s->keys[k].key, key) == 0) {
      s->keys[k].used = 1;
      return &s->keys[k];
    }
  return NULL;
}

static int fail_at(vl_error *err, const ifile *f, int line, const char *fmt, const char *a,
                   const char *b, const char *c) {
  char msg[VL_ERROR_MSG_MAX];
  snprintf(msg, sizeof msg, fmt, a ? a : "", b ? b : "", c ? c : "");
  return vl_error_set(err, VL_EPARSE, f->file, line, "%s", msg);
}

static const char *model_name(const void *ctx, size_t i) {
  return vl_schema_model((const vl_schema *)ctx, (int)i)->name;
}

/* Reads k's value as an int into *out. VL_OK, or the refusal at k's line: "<what> <name>:
** <key> '<text>' is not an integer", "... is too large (at most 2147483647)", "... too
** small (at least -2147483648)". */
static int bad_int(vl_error *err, const ifile *f, const ikey *k, const char *what,
                   const char *name, const char *key, int *out) {
  char why[VL_ERROR_MSG_MAX];
  int code = vl_units_read_int(k->value, out);
  if (code == VL_INT_OK) return VL_OK;
  vl_units_int_why(code, k->value, why, sizeof why);
  return vl_error_set(err, VL_EPARSE, f->file, k->line, "%s %s: %s %s", what, name, key, why);
}

/* The keys each kind of section knows, for messages. */
static const char *known_keys(const char *what) {
  if (strcmp(what, "facing") == 0) return "kind, front, flank, rear, chain, sides, incoming, source";
  if (strcmp(what, "type") == 0) return "classes, facing, hexes, source";
  if (strcmp(what, "field") == 0) return "type, of, min, max, values, default, source, provisional";
  if (strcmp(what, "marker") == 0) return "min, max, source";
  if (strcmp(what, "units") == 0) return "system, levels, provenance";
  if (strcmp(what, "oob") == 0) return "system, sides, provenance";
  return "name, side, level, parent, source, provisional";   /* command */
}

/* Refuses the first key of s no one asked for. */
static int unknown_keys(const ifile *f, isec *s, const char *what, const char *name,
                        vl_error *err) {
  int k;
  for (k = 0; k < s->n; k++)
    if (!s->keys[k].used) {
      if (name != NULL)
        return vl_error_set(err, VL_EPARSE, f->file, s->keys[k].line,
                            "%s %s: unknown key '%s' (known: %s)", what, name, s->keys[k].key,
                            known_keys(what));
      return vl_error_set(err, VL_EPARSE, f->file, s->keys[k].line,
                          "[%s]: unknown key '%s' (known: %s)", what, s->keys[k].key,
                          known_keys(what));
    }
  return VL_OK;
}

/* Puts the file and line on an error from a builder (which has none). */
static int at_line(vl_error *err, const ifile *f, int line, int rc) {
  if (err != NULL && rc != VL_OK && rc != VL_ENOMEM) {
    char msg[VL_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", err->msg);
    vl_error_set(err, VL_EPARSE, f->file, line, "%s", msg);
    return VL_EPARSE;
  }
  return rc;
}

static int parse_yes(const char *text, int *out) {
  if (strcmp(text, "yes") == 0 || strcmp(text, "true") == 0) *out = 1;
  else if (strcmp(text, "no") == 0 || strcmp(text, "false") == 0) *out = 0;
  else return 0;
  return 1;
}

/* The section's kind prefix ("type" of "type.infantry") and its name after the dot. */
static const char *section_name(const char *sec, const char *prefix) {
  size_t n = strlen(prefix);
  if (strncmp(sec, prefix, n) == 0 && sec[n] == '.') return sec + n + 1;
  return NULL;
}

/* ---- units.ini ----------------------------------------------------------------------------- */

/* Reads the arcs of a facing model: front, flank and rear list offsets 0-5. */
static int read_arcs(const ifile *f, isec *s, const char *name, vl_facing_model *m,
                     vl_error *err) {
  static const char *const keys[3] = {"front", "flank", "rear"};
  int a;
  for (a = 0; a < 3; a++) {
    ikey *k = get(s, keys[a]);
    const char *cur;
    const char *w;
    size_t len;
    if (k == NULL) continue;
    cur = k->value;
    while ((w = vl_ini_word(&cur, &len)) != NULL) {
      int o;
      if (len != 1 || w[0] < '0' || w[0] > '5') {
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)(len < 31 ? len : 31), w);
        return fail_at(err, f, k->line, "facing %s: '%s' is not a hexside offset 0-5", name,
                       word, NULL);
      }
      o = w[0] - '0';
      if (m->arc[o] != VL_ARC_NONE) {
        char word[2] = {w[0], '\0'};
        return fail_at(err, f, k->line, "facing %s: offset %s has two arcs", name, word, NULL);
      }
      m->arc[o] = (unsigned char)(a + 1);
    }
  }
  return VL_OK;
}

static int load_model(const ifile *f, isec *s, vl_schema *sc, const char *name, vl_error *err) {
  vl_facing_model m;
  ikey *k;
  const char *source = NULL;
  int rc;
  memset(&m, 0, sizeof m);
  k = get(s, "kind");
  if (k == NULL) return fail_at(err, f, s->line, "facing %s: kind is missing", name, NULL, NULL);
  if (strcmp(k->value, "vertex") == 0) m.kind = VL_FACING_VERTEX;
  else if (strcmp(k->value, "hexside") == 0) m.kind = VL_FACING_HEXSIDE;
  else if (strcmp(k->value, "none") == 0) m.kind = VL_FACING_NONE;
  else
    return fail_at(err, f, k->line, "facing %s: kind '%s' is not vertex, hexside or none", name,
                   k->value, NULL);
  rc = read_arcs(f, s, name, &m, err);
  if (rc != VL_OK) return rc;
  if ((k = get(s, "chain")) != NULL && !parse_yes(k->value, &m.chain))
    return fail_at(err, f, k->line, "facing %s: chain '%s' is not yes or no", name, k->value, NULL);
  if ((k = get(s, "sides")) != NULL && (m.sides = (unsigned char)vl_arc_parse(k->value)) == VL_ARC_NONE)
    return fail_at(err, f, k->line, "facing %s: sides '%s' is not front, flank or rear", name,
                   k->value, NULL);
  if ((k = get(s, "incoming")) != NULL &&
      (m.incoming = (unsigned char)vl_arc_parse(k->value)) == VL_ARC_NONE)
    return fail_at(err, f, k->line, "facing %s: incoming '%s' is not front, flank or rear", name,
                   k->value, NULL);
  if ((k = get(s, "source")) != NULL) source = k->value;
  rc = unknown_keys(f, s, "facing", name, err);
  if (rc != VL_OK) return rc;
  rc = vl_schema_add_model(sc, name, &m, source, err);
  if (rc != VL_OK && err != NULL && rc != VL_ENOMEM) {
    char msg[VL_ERROR_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", err->msg);
    return vl_error_set(err, VL_EPARSE, f->file, s->line, "facing %s: %s", name, msg);
  }
  return rc;
}

static int load_type(const ifile *f, isec *s, vl_schema *sc, const char *name, vl_error *err) {
  ikey *k;
  unsigned classes = 0;
  int hexes = 0, rc;
  const char *model, *source = NULL;
  if ((k = get(s, "classes")) != NULL) {
    const char *cur = k->value, *w;
    size_t len;
    while ((w = vl_ini_word(&cur, &len)) != NULL) {
      if (len == 6 && strncmp(w, "leader", 6) == 0) classes |= VL_CLASS_LEADER;
      else if (len == 6 && strncmp(w, "combat", 6) == 0) classes |= VL_CLASS_COMBAT;
      else if (len == 9 && strncmp(w, "artillery", 9) == 0) classes |= VL_CLASS_ARTILLERY;
      else {
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(len < 63 ? len : 63), w);
        return fail_at(err, f, k->line, "type %s: unknown class '%s' (leader, combat, artillery)",
                       name, word, NULL);
      }
    }
  }
  k = get(s, "facing");
  if (k == NULL) return fail_at(err, f, s->line, "type %s: facing is missing", name, NULL, NULL);
  model = k->value;
  if (vl_schema_find_model(sc, model) < 0) {
    char known[160];
    vl_known_list(known, sizeof known, sc, (size_t)vl_schema_model_count(sc), model_name);
    return fail_at(err, f, k->line, "type %s: unknown facing model '%s' (known: %s)", name, model,
                   known);
  }
  if ((k = get(s, "hexes")) != NULL) {
    if (!vl_units_parse_int(k->value, &hexes) || hexes < 1 || hexes > VL_FACING_PARTS)
      return fail_at(err, f, k->line, "type %s: hexes '%s' is not 1, 2 or 3", name, k->value, NULL);
    if (hexes == 1) hexes = 0;
  }
  if ((k = get(s, "source")) != NULL) source = k->value;
  rc = unknown_keys(f, s, "type", name, err);
  if (rc != VL_OK) return rc;
  return at_line(err, f, s->line, vl_schema_add_type(sc, name, classes, model, hexes, source, err));
}

static int load_field(const ifile *f, isec *s, vl_schema *sc, const char *name, vl_error *err) {
  vl_field d;
  ikey *k, *dk;
  const char *words[64];
  char *wbuf = NULL;
  int rc, n = 0;
  memset(&d, 0, sizeof d);
  d.name = name;
  d.line = s->line;
  d.of = VL_OF_UNIT;
  k = get(s, "type");
  if (k == NULL) return fail_at(err, f, s->line, "field %s: type is missing", name, NULL, NULL);
  if (strcmp(k->value, "int") == 0) d.type = VL_FIELD_INT;
  else if (strcmp(k->value, "bool") == 0) d.type = VL_FIELD_BOOL;
  else if (strcmp(k->value, "string") == 0) d.type = VL_FIELD_STRING;
  else if (strcmp(k->value, "enum") == 0) d.type = VL_FIELD_ENUM;
  else
    return fail_at(err, f, k->line, "field %s: type '%s' is not int, bool, string or enum", name,
                   k->value, NULL);
  if ((k = get(s, "of")) != NULL) {
    if (strcmp(k->value, "unit") == 0) d.of = VL_OF_UNIT;
    else if (strcmp(k->value, "leader") == 0) d.of = VL_OF_LEADER;
    else if (strcmp(k->value, "both") == 0) d.of = VL_OF_BOTH;
    else
      return fail_at(err, f, k->line, "field %s: of '%s' is not unit, leader or both", name,
                     k->value, NULL);
  }
  if (d.type == VL_FIELD_INT) {
    ikey *lo = get(s, "min"), *hi = get(s, "max");
    if (lo == NULL || hi == NULL)
      return fail_at(err, f, s->line, "field %s: an int field needs min and max", name, NULL, NULL);
    if ((rc = bad_int(err, f, lo, "field", name, "min", &d.min)) != VL_OK) return rc;
    if ((rc = bad_int(err, f, hi, "field", name, "max", &d.max)) != VL_OK) return rc;
  }
  if (d.type == VL_FIELD_ENUM) {
    const char *cur, *w;
    size_t len, off = 0;
    k = get(s, "values");
    if (k == NULL)
      return fail_at(err, f, s->line, "field %s: an enum field needs values", name, NULL, NULL);
    wbuf = malloc(strlen(k->value) + 65);
    if (wbuf == NULL) return vl_units_nomem(err);
    cur = k->value;
    while ((w = vl_ini_word(&cur, &len)) != NULL) {
      if (n == 64) {
        free(wbuf);
        return fail_at(err, f, k->line, "field %s: more than 64 values", name, NULL, NULL);
      }
      memcpy(wbuf + off, w, len);
      wbuf[off + len] = '\0';
      words[n++] = wbuf + off;
      off += len + 1;
    }
    d.values = words;
    d.n_values = n;
  }
  if ((k = get(s, "source")) != NULL) d.source = k->value;
  if ((k = get(s, "provisional")) != NULL) d.provisional = k->value;
  dk = get(s, "default");
  rc = unknown_keys(f, s, "field", name, err);
  if (rc == VL_OK && dk != NULL) {
    d.has_default = 1;
    if (d.type == VL_FIELD_STRING) {
      d.dflt_text = dk->value;
    } else {
      /* parse the default as a value of the field itself */
      vl_field probe = d;
      probe.min = d.type == VL_FIELD_INT ? d.min : 0;
      probe.max = d.type == VL_FIELD_INT ? d.max : d.type == VL_FIELD_BOOL ? 1 : n - 1;
      rc = vl_field_parse(&probe, dk->value, &d.dflt, err);
      if (rc != VL_OK) {
        char msg[VL_ERROR_MSG_MAX];
        size_t skip = strlen(name) + 2;   /* vl_field_parse's "<name>: " */
        snprintf(msg, sizeof msg, "%s", err && strlen(err->msg) > skip ? err->msg + skip : "");
        rc = vl_error_set(err, VL_EPARSE, f->file, dk->line, "field %s: default %s", name, msg);
      }
    }
  }
  if (rc == VL_OK) rc = at_line(err, f, s->line, vl_schema_add_field(sc, &d, err));
  free(wbuf);
  return rc;
}

static int load_marker(const ifile *f, isec *s, vl_schema *sc, const char *name, vl_error *err) {
  ikey *lo = get(s, "min"), *hi = get(s, "max"), *src = get(s, "source");
  int min = 0, max = 0, rc;
  if (hi == NULL) return fail_at(err, f, s->line, "marker %s: max is missing", name, NULL, NULL);
  if (lo != NULL && (rc = bad_int(err, f, lo, "marker", name, "min", &min)) != VL_OK) return rc;
  if ((rc = bad_int(err, f, hi, "marker", name, "max", &max)) != VL_OK) return rc;
  rc = unknown_keys(f, s, "marker", name, err);
  if (rc != VL_OK) return rc;
  return at_line(err, f, s->line,
                 vl_schema_add_marker(sc, name, min, max, src ? src->value : NULL, err));
}

/* Builds the schema from the sections: [units], then every facing model, then types, fields
** and markers, each kind in file order. */
static vl_schema *build_schema(ifile *f, vl_error *err) {
  vl_schema *sc = NULL;
  isec *head = NULL;
  ikey *k;
  int i, pass, rc = VL_OK;
  static const char *const kinds[4] = {"facing", "type", "field", "marker"};
  for (i = 0; i < f->n; i++) {
    const char *sec = f->secs[i].name;
    int known = strcmp(sec, "units") == 0, j;
    for (j = 0; j < 4 && !known; j++) {
      const char *nm = section_name(sec, kinds[j]);
      known = nm != NULL && *nm != '\0';
    }
    if (!known) {
      fail_at(err, f, f->secs[i].line,
              "unknown section [%s] (units, facing.NAME, type.NAME, field.NAME, marker.NAME)",
              sec, NULL, NULL);
      return NULL;
    }
    if (strcmp(sec, "units") == 0) head = &f->secs[i];
  }
  if (head == NULL) {
    vl_error_set(err, VL_EPARSE, f->file, 0, "the [units] section is missing");
    return NULL;
  }
  k = get(head, "system");
  if (k == NULL) {
    fail_at(err, f, head->line, "units: system is missing", NULL, NULL, NULL);
    return NULL;
  }
  sc = vl_schema_new(k->value);
  if (sc == NULL) {
    vl_units_nomem(err);
    return NULL;
  }
  if ((k = get(head, "levels")) != NULL) {
    const char *cur = k->value, *w;
    size_t len;
    while (rc == VL_OK && (w = vl_ini_word(&cur, &len)) != NULL) {
      char word[VL_NAME_MAX + 1];
      snprintf(word, sizeof word, "%.*s", (int)(len < VL_NAME_MAX ? len : VL_NAME_MAX), w);
      rc = at_line(err, f, k->line, vl_schema_add_level(sc, word, err));
    }
  }
  get(head, "provenance");
  if (rc == VL_OK) rc = unknown_keys(f, head, "units", NULL, err);
  for (pass = 0; pass < 4 && rc == VL_OK; pass++)
    for (i = 0; i < f->n && rc == VL_OK; i++) {
      isec *s = &f->secs[i];
      const char *nm = section_name(s->name, kinds[pass]);
      if (nm == NULL) continue;
      switch (pass) {
      case 0: rc = load_model(f, s, sc, nm, err); break;
      case 1: rc = load_type(f, s, sc, nm, err); break;
      case 2: rc = load_field(f, s, sc, nm, err); break;
      default: rc = load_marker(f, s, sc, nm, err); break;
      }
    }
  if (rc != VL_OK) {
    vl_schema_free(sc);
    return NULL;
  }
  return sc;
}

static vl_schema *schema_load(const char *path, const char *text, const char *name,
                              vl_error *err) {
  ifile f;
  vl_schema *sc = NULL;
  if (read_ini(&f, path, text, name, 0, err) == VL_OK) sc = build_schema(&f, err);
  ifile_clear(&f);
  return sc;
}

vl_schema *vl_schema_load(const char *path, vl_error *err) {
  return schema_load(path, NULL, NULL, err);
}

vl_schema *vl_schema_load_string(const char *text, const char *name, vl_error *err) {
  return schema_load(NULL, text, name ? name : "units.ini", err);
}

/* ---- oob.ini ------------------------------------------------------------------------------- */

static int load_command(const ifile *f, isec *s, vl_roster *r, const char *id, vl_error *err) {
  ikey *name = get(s, "name"), *side = get(s, "side"), *level = get(s, "level");
  ikey *parent = get(s, "parent"), *src = get(s, "source"), *prov = get(s, "provisional");
  int rc;
  if (side == NULL) return fail_at(err, f, s->line, "command %s: side is missing", id, NULL, NULL);
  if (level == NULL) return fail_at(err, f, s->line, "command %s: level is missing", id, NULL, NULL);
  rc = unknown_keys(f, s, "command", id, err);
  if (rc != VL_OK) return rc;
  rc = vl_roster_add_command(r, id, name ? name->value : NULL, side->value, level->value,
                             parent ? parent->value : NULL, s->line, err);
  if (rc == VL_OK && (src != NULL || prov != NULL))
    rc = vl_roster_command_source(r, id, src ? src->value : NULL, prov ? prov->value : NULL, err);
  return at_line(err, f, s->line, rc);
}

static int load_unit(const ifile *f, isec *s, vl_roster *r, int leader, const char *id,
                     vl_error *err) {
  ikey *name = get(s, "name"), *side = get(s, "side"), *type = get(s, "type");
  ikey *command = get(s, "command"), *src = get(s, "source");
  const char *what = leader ? "leader" : "unit";
  int b, k, rc = VL_OK;
  if (side == NULL) return fail_at(err, f, s->line, "%s %s: side is missing", what, id, NULL);
  if (type == NULL) return fail_at(err, f, s->line, "%s %s: type is missing", what, id, NULL);
  b = vl_roster_add_unit(r, leader, id, name ? name->value : NULL, side->value, type->value,
                         command ? command->value : NULL, s->line, err);
  if (b < 0) return at_line(err, f, s->line, b);
  if (src != NULL) rc = vl_roster_set_source(r, b, src->value, err);
  for (k = 0; k < s->n && rc == VL_OK; k++) {
    ikey *key = &s->keys[k];
    if (key->used) continue;
    key->used = 1;
    if (strcmp(key->key, "provisional") == 0)
      rc = vl_roster_set_provisional(r, b, NULL, key->value, key->line, err);
    else if (strncmp(key->key, "provisional.", 12) == 0)
      rc = vl_roster_set_provisional(r, b, key->key + 12, key->value, key->line, err);
    else
      rc = vl_roster_set_text(r, b, key->key, key->value, key->line, err);
  }
  return rc;
}

static vl_roster *build_roster(ifile *f, vl_schema *sc, vl_error *err) {
  vl_roster *r;
  isec *head = NULL;
  ikey *k;
  int i, rc = VL_OK;
  for (i = 0; i < f->n; i++) {
    const char *sec = f->secs[i].name, *nm;
    if (strcmp(sec, "oob") == 0) {
      head = &f->secs[i];
      continue;
    }
    if (((nm = section_name(sec, "unit")) == NULL && (nm = section_name(sec, "leader")) == NULL &&
         (nm = section_name(sec, "command")) == NULL) || *nm == '\0') {
      fail_at(err, f, f->secs[i].line,
              "unknown section [%s] (oob, command.ID, unit.ID, leader.ID)", sec, NULL, NULL);
      return NULL;
    }
  }
  if (head == NULL) {
    vl_error_set(err, VL_EPARSE, f->file, 0, "the [oob] section is missing");
    return NULL;
  }
  r = vl_roster_new(sc, f->file);
  if (r == NULL) {
    vl_units_nomem(err);
    return NULL;
  }
  k = get(head, "system");
  if (k == NULL)
    rc = fail_at(err, f, head->line, "oob: system is missing", NULL, NULL, NULL);
  else if (strcmp(k->value, vl_schema_system(sc)) != 0)
    rc = fail_at(err, f, k->line, "oob: system '%s' is not the schema's (%s)", k->value,
                 vl_schema_system(sc), NULL);
  if (rc == VL_OK) {
    k = get(head, "sides");
    if (k == NULL) {
      rc = fail_at(err, f, head->line, "oob: sides is missing", NULL, NULL, NULL);
    } else {
      const char *cur = k->value, *w;
      size_t len;
      while (rc == VL_OK && (w = vl_ini_word(&cur, &len)) != NULL) {
        char word[VL_NAME_MAX + 1];
        snprintf(word, sizeof word, "%.*s", (int)(len < VL_NAME_MAX ? len : VL_NAME_MAX), w);
        rc = at_line(err, f, k->line, vl_roster_add_side(r, word, err));
      }
    }
  }
  get(head, "provenance");   /* free text for readers: where the file's values come from */
  if (rc == VL_OK) rc = unknown_keys(f, head, "oob", NULL, err);
  for (i = 0; i < f->n && rc == VL_OK; i++) {
    isec *s = &f->secs[i];
    const char *nm;
    if ((nm = section_name(s->name, "command")) != NULL) rc = load_command(f, s, r, nm, err);
    else if ((nm = section_name(s->name, "unit")) != NULL) rc = load_unit(f, s, r, 0, nm, err);
    else if ((nm = section_name(s->name, "leader")) != NULL) rc = load_unit(f, s, r, 1, nm, err);
  }
  if (rc == VL_OK) rc = vl_roster_finish(r, err);
  if (rc != VL_OK) {
    vl_roster_free(r);
    return NULL;
  }
  return r;
}

static vl_roster *roster_load(vl_schema *s, const char *path, const char *text, const char *name,
                              vl_error *err) {
  ifile f;
  vl_roster *r = NULL;
  if (read_ini(&f, path, text, name, 1, err) == VL_OK) r = build_roster(&f, s, err);
  ifile_clear(&f);
  return r;
}

vl_roster *vl_roster_load(vl_schema *s, const char *path, vl_error *err) {
  return roster_load(s, path, NULL, NULL, err);
}

vl_roster *vl_roster_load_string(vl_schema *s, const char *text, const char *name,
                                 vl_error *err) {
  return roster_load(s, NULL, text, name ? name : "oob.ini", err);
}
