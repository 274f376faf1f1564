/*
** los_policy.c -- LOS policies from los.ini: the system layer (charts/<system-id>/los.ini),
** then a scenario layer overriding single values. Every value keeps its file, line, the rule
** case it cites and, when it is an estimate, why. See los.h; the format is docs/formats.md
** "los.ini". The engine that applies a policy is los.c.
*/
#include "volley/los.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "los_internal.h"
#include "volley/ini.h"
#include "volley/terrain.h"

enum { S_LOS, S_TERRAIN, S_GROUND, S_HEXSIDES, S_UNITS, S_SUNKEN, S_SLOPES, NSECTIONS };

static const char *const section_names[NSECTIONS] = {
  "los", "terrain", "ground", "hexsides", "units", "sunken", "slopes"
};

typedef struct keydef {
  int section;
  const char *key;
} keydef;

static const keydef keys[K_COUNT] = {
  {S_LOS, "system"}, {S_LOS, "unit"}, {S_LOS, "level"}, {S_LOS, "eye"},
  {S_LOS, "reciprocal"},
  {S_TERRAIN, "blocks"}, {S_TERRAIN, "hexsides"},
  {S_GROUND, "obstacles"}, {S_GROUND, "tests"}, {S_GROUND, "tolerance"},
  {S_GROUND, "near-lower"}, {S_GROUND, "midpoint"},
  {S_HEXSIDES, "graze"}, {S_HEXSIDES, "exempt"}, {S_HEXSIDES, "adjacent"},
  {S_UNITS, "block"}, {S_UNITS, "as"}, {S_UNITS, "height"}, {S_UNITS, "see-over"},
  {S_SUNKEN, "flag"}, {S_SUNKEN, "observer"}, {S_SUNKEN, "target"},
  {S_SLOPES, "rules"}, {S_SLOPES, "non-gradual"}, {S_SLOPES, "steep"}, {S_SLOPES, "canopy"},
  {S_SLOPES, "crests"},
};

/* The largest height a policy may give, in steps, and the largest steps per level. */
#define MAX_HEIGHT 10000
#define MAX_LEVEL 100

/* One file's parse. */
typedef struct lparse {
  vl_los_policy *p;
  const char *file;                 /* arena copy */
  const char *expect_system;
  int nsections;
  int sec;                          /* the current section, -1 before any */
  int sec_line[NSECTIONS];
  const char *sec_rule[NSECTIONS];
  int system_given;
  const char *text[K_COUNT];
  int line[K_COUNT];
  const char *krule[K_COUNT];
  int krule_line[K_COUNT];
  const char *kprov[K_COUNT];
  int kprov_line[K_COUNT];
} lparse;

static int oom(vl_error *err, const char *file) {
  return vl_error_set(err, VL_ENOMEM, file, 0, "out of memory");
}

/* old + " " + add in the arena (add alone when old is NULL); NULL when out of memory. */
static const char *join(vl_arena *a, const char *old, const char *add) {
  size_t n, m;
  char *s;
  if (old == NULL) return vl_arena_strndup(a, add, strlen(add));
  n = strlen(old);
  m = strlen(add);
  s = vl_arena_alloc(a, n + m + 2);
  if (s == NULL) return NULL;
  memcpy(s, old, n);
  s[n] = ' ';
  memcpy(s + n + 1, add, m + 1);
  return s;
}

static int find_section(const char *name) {
  int i;
  for (i = 0; i < NSECTIONS; i++)
    if (strcmp(section_names[i], name) == 0) return i;
  return -1;
}

static int find_key(int section, const char *name) {
  int k;
  for (k = 0; k < K_COUNT; k++)
    if (keys[k].section == section && strcmp(keys[k].key, name) == 0) return k;
  return -1;
}

/* "obstacles, tests, ..." : the keys of a section, for messages. */
static void known_keys(int section, char *buf, size_t n) {
  size_t used = 0;
  int k;
  buf[0] = '\0';
  for (k = 0; k < K_COUNT; k++) {
    int w;
    if (keys[k].section != section) continue;
    w = snprintf(buf + used, n - used, "%s%s", used ? ", " : "", keys[k].key);
    if (w < 0 || (size_t)w >= n - used) return;
    used += (size_t)w;
  }
}

static int on_value(lparse *lp, const vl_ini_item *it, vl_error *err) {
  vl_arena *a = &lp->p->arena;
  const char *key = it->key;
  const char *sname = section_names[lp->sec];
  int k;
  if (strcmp(key, "rule") == 0) {
    lp->sec_rule[lp->sec] = join(a, it->continuation ? lp->sec_rule[lp->sec] : NULL, it->value);
    if (lp->sec_rule[lp->sec] == NULL) return oom(err, lp->file);
    if (lp->sec_rule[lp->sec][0] == '\0') return vl_ini_error(err, it, "rule needs a case");
    return VL_OK;
  }
  if (strncmp(key, "rule.", 5) == 0 || strncmp(key, "provisional.", 12) == 0) {
    int is_rule = key[0] == 'r';
    const char *name = key + (is_rule ? 5 : 12);
    const char **slot;
    k = find_key(lp->sec, name);
    if (k < 0 || k == K_SYSTEM) {
      char known[160];
      known_keys(lp->sec, known, sizeof known);
      return vl_ini_error(err, it, "unknown key '%s' in [%s] (%s.<key> names a value: %s)", key,
                          sname, is_rule ? "rule" : "provisional", known);
    }
    slot = is_rule ? &lp->krule[k] : &lp->kprov[k];
    *slot = join(a, it->continuation ? *slot : NULL, it->value);
    if (*slot == NULL) return oom(err, lp->file);
    if ((*slot)[0] == '\0')
      return vl_ini_error(err, it, "%s needs %s", key, is_rule ? "a case" : "a reason");
    if (!it->continuation) {
      if (is_rule) lp->krule_line[k] = it->line;
      else lp->kprov_line[k] = it->line;
    }
    return VL_OK;
  }
  k = find_key(lp->sec, key);
  if (k < 0) {
    char known[160];
    known_keys(lp->sec, known, sizeof known);
    return vl_ini_error(err, it, "unknown key '%s' in [%s] (known: %s, rule, rule.<key>, "
                                 "provisional.<key>)", key, sname, known);
  }
  if (k == K_SYSTEM) {
    if (it->continuation) return vl_ini_error(err, it, "system takes one line");
    if (strcmp(it->value, lp->expect_system) != 0)
      return vl_ini_error(err, it, "this los.ini is for system '%s', not '%s'", it->value,
                          lp->expect_system);
    lp->system_given = 1;
  }
  lp->text[k] = join(a, it->continuation ? lp->text[k] : NULL, it->value);
  if (lp->text[k] == NULL) return oom(err, lp->file);
  if (!it->continuation) lp->line[k] = it->line;
  return VL_OK;
}

/* The end of a file: every value it gave must cite a rule or be provisional; commit them. */
static int on_end(lparse *lp, const vl_ini_item *it, vl_error *err) {
  vl_los_policy *p = lp->p;
  int k;
  if (lp->nsections == 0) return vl_ini_error(err, it, "missing section [los]");
  if (!lp->system_given)
    return vl_error_set(err, VL_EPARSE, lp->file, lp->sec_line[S_LOS], "[los] has no system");
  if (lp->sec_rule[S_LOS] != NULL) p->rule = lp->sec_rule[S_LOS];
  if (p->rule == NULL)
    return vl_error_set(err, VL_EPARSE, lp->file, lp->sec_line[S_LOS],
                        "[los] has no rule (the case the policy as a whole implements)");
  for (k = 0; k < K_COUNT; k++) {
    const char *sname = section_names[keys[k].section];
    vl_los_value *v = &p->values[k];
    if (lp->text[k] == NULL) {
      if (lp->krule[k] != NULL)
        return vl_error_set(err, VL_EPARSE, lp->file, lp->krule_line[k],
                            "rule.%s: [%s] gives no %s", keys[k].key, sname, keys[k].key);
      if (lp->kprov[k] != NULL)
        return vl_error_set(err, VL_EPARSE, lp->file, lp->kprov_line[k],
                            "provisional.%s: [%s] gives no %s", keys[k].key, sname, keys[k].key);
      continue;
    }
    v->section = sname;
    v->key = keys[k].key;
    v->text = lp->text[k];
    v->file = lp->file;
    v->line = lp->line[k];
    v->rule = lp->krule[k] != NULL ? lp->krule[k] : lp->sec_rule[keys[k].section];
    v->provisional = lp->kprov[k];
    if (k == K_SYSTEM) v->rule = p->rule;
    if (v->rule == NULL && v->provisional == NULL)
      return vl_error_set(err, VL_EPARSE, lp->file, lp->line[k],
                          "no rule for %s in [%s] (give rule = or rule.%s =, or provisional.%s =)",
                          keys[k].key, sname, keys[k].key, keys[k].key);
  }
  return VL_OK;
}

static int on_item(void *user, const vl_ini_item *it, vl_error *err) {
  lparse *lp = user;
  switch (it->event) {
  case VL_INI_SECTION: {
    int s = find_section(it->section);
    if (s < 0)
      return vl_ini_error(err, it, "unknown section [%s] (known: los, terrain, ground, hexsides, "
                                   "units, sunken, slopes)", it->section);
    if (lp->nsections++ == 0 && s != S_LOS)
      return vl_ini_error(err, it, "[los] must be the first section");
    lp->sec = s;
    lp->sec_line[s] = it->line;
    return VL_OK;
  }
  case VL_INI_VALUE:
    return on_value(lp, it, err);
  case VL_INI_END:
    return on_end(lp, it, err);
  }
  return VL_OK;
}

static int load_layer(vl_los_policy *p, const char *system_id, const char *path, vl_error *err) {
  lparse lp;
  memset(&lp, 0, sizeof lp);
  lp.p = p;
  lp.sec = -1;
  lp.expect_system = system_id;
  lp.file = vl_arena_strndup(&p->arena, path, strlen(path));
  if (lp.file == NULL) return oom(err, path);
  return vl_ini_parse_file(path, on_item, &lp, err);
}

/* ---- resolving the texts -------------------------------------------------------------------- */

static int bad(vl_error *err, const vl_los_value *v, const char *what, const char *known) {
  return vl_error_set(err, VL_EPARSE, v->file, v->line, "bad %s '%s' for %s in [%s] (%s)", what,
                      v->text, v->key, v->section, known);
}

/* The index of the value's one word in words (a NULL-terminated list), or -1. */
static int one_word(const vl_los_value *v, const char *const *words) {
  const char *cur = v->text, *w;
  size_t n;
  int i;
  w = vl_ini_word(&cur, &n);
  if (w == NULL || vl_ini_word(&cur, &n) != NULL) return -1;
  cur = v->text;
  w = vl_ini_word(&cur, &n);
  for (i = 0; words[i] != NULL; i++)
    if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0) return i;
  return -1;
}

/* A word of a list (each word once), or "none" alone, as bits (words[i] is bit i). */
static int word_bits(const vl_los_value *v, const char *const *words, const char *known,
                     unsigned *out, vl_error *err) {
  const char *cur = v->text, *w;
  size_t n;
  unsigned bits = 0;
  int count = 0, none = 0;
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    int i;
    count++;
    if (n == 4 && memcmp(w, "none", 4) == 0) {
      none = 1;
      continue;
    }
    for (i = 0; words[i] != NULL; i++)
      if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0) break;
    if (words[i] == NULL || (bits & (1u << i))) return bad(err, v, "value", known);
    bits |= 1u << i;
  }
  if (count == 0 || (none && count > 1)) return bad(err, v, "value", known);
  *out = bits;
  return VL_OK;
}

/* A flag word ([a-z0-9-]), or "none" for NULL. */
static int flag_word(const vl_los_value *v, const char **out, vl_error *err) {
  const char *cur = v->text, *w;
  size_t n, i;
  w = vl_ini_word(&cur, &n);
  if (w == NULL || vl_ini_word(&cur, &n) != NULL || n > 32)
    return bad(err, v, "flag word", "one word of lower-case letters, digits and '-', or none");
  for (i = 0; i < n; i++) {
    char c = w[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'))
      return bad(err, v, "flag word", "one word of lower-case letters, digits and '-', or none");
  }
  *out = strcmp(v->text, "none") == 0 ? NULL : v->text;
  return VL_OK;
}

/* A non-negative decimal integer up to max. */
static int parse_int(const char *s, int max, int *out) {
  long x = 0;
  if (*s == '\0') return VL_EINVAL;
  for (; *s; s++) {
    if (*s < '0' || *s > '9') return VL_EINVAL;
    x = 10 * x + (*s - '0');
    if (x > max) return VL_EINVAL;
  }
  *out = (int)x;
  return VL_OK;
}

/* A height in the policy's unit: levels ("0.5") when the unit is "level", else an integer. */
static int parse_height(const vl_los_config *c, const vl_los_value *v, int *out, vl_error *err) {
  if (strcmp(c->unit, "level") == 0) {
    int halves;
    if (vl_terrain_level_out_of_range(v->text, strlen(v->text)))
      return bad(err, v, "height", "out of range: 0..99 levels");
    if (vl_terrain_parse_level(v->text, strlen(v->text), &halves) != VL_OK || halves < 0)
      return bad(err, v, "height", "levels: a non-negative integer, or one ending in .5");
    *out = halves;
    return VL_OK;
  }
  if (parse_int(v->text, MAX_HEIGHT, out) != VL_OK)
    return bad(err, v, "height", "a non-negative integer of the policy's unit, at most 10000");
  return VL_OK;
}

static const char *const w_yesno[] = {"no", "yes", NULL};
static const char *const w_blocks[] = {"absolute", "height", NULL};
static const char *const w_obstacles[] = {"none", "hexes", "crests", NULL};
static const char *const w_tests[] = {"sightline", "higher-than-both", "near-lower",
                                      "higher-than-target", NULL};
static const char *const w_near[] = {"higher", "average", NULL};
static const char *const w_midpoint[] = {"clear", "blocks", NULL};
static const char *const w_graze[] = {"either", "both", "defender", NULL};
static const char *const w_exempt[] = {"none", "common", "adjacent", NULL};
static const char *const w_units[] = {"none", "all", "enemy", "friendly", NULL};
static const char *const w_as[] = {"absolute", "height", NULL};
static const char *const w_see_over[] = {"higher", "lower-than-both", NULL};
static const char *const w_observer[] = {"sees", "blind", NULL};
static const char *const w_target[] = {"any", "adjacent", "near", NULL};
static const char *const w_slopes[] = {"none", "v2023", NULL};

/* A list of hexside feature ids ([a-z0-9_-], at most 32 bytes each), or "none" for NULL;
** whether each names a feature of the terrain tables is vl_los_new's to check. */
static int feature_list(const vl_los_value *v, const char **out, vl_error *err) {
  const char *cur = v->text, *w;
  size_t n, i, count = 0;
  while ((w = vl_ini_word(&cur, &n)) != NULL) {
    count++;
    if (n > 32) return bad(err, v, "feature list", "hexside feature ids, or none");
    for (i = 0; i < n; i++) {
      char c = w[i];
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
        return bad(err, v, "feature list", "hexside feature ids, or none");
    }
  }
  if (count == 0) return bad(err, v, "feature list", "hexside feature ids, or none");
  *out = strcmp(v->text, "none") == 0 ? NULL : v->text;
  return VL_OK;
}

/* Sets *out to the index of the value's word in words, or reports the known words. */
static int choose(const vl_los_value *v, const char *const *words, int *out, vl_error *err) {
  char known[160];
  size_t used = 0;
  int i = one_word(v, words);
  if (i >= 0) {
    *out = i;
    return VL_OK;
  }
  known[0] = '\0';
  for (i = 0; words[i] != NULL; i++) {
    int w = snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "one of ", words[i]);
    if (w < 0 || (size_t)w >= sizeof known - used) break;
    used += (size_t)w;
  }
  return bad(err, v, "value", known);
}

/* Resolves every given value into p->config. */
static int resolve(vl_los_policy *p, vl_error *err) {
  vl_los_config *c = &p->config;
  const vl_los_value *v = p->values;
  int rc = VL_OK, k;
  c->unit = "level";
  c->level = 2;
  c->near_lower = VL_LOS_NEAR_HIGHER;
  c->midpoint_blocks = 1;
  if (v[K_UNIT].text != NULL) {
    const char *cur = v[K_UNIT].text, *w;
    size_t n, i;
    w = vl_ini_word(&cur, &n);
    if (w == NULL || vl_ini_word(&cur, &n) != NULL || n > 16)
      return bad(err, &v[K_UNIT], "unit", "level, or one word such as ft");
    for (i = 0; i < n; i++)
      if (!(w[i] >= 'a' && w[i] <= 'z'))
        return bad(err, &v[K_UNIT], "unit", "level, or one word of lower-case letters");
    c->unit = v[K_UNIT].text;
  }
  if (v[K_LEVEL].text != NULL) {
    if (strcmp(c->unit, "level") == 0)
      return vl_error_set(err, VL_EPARSE, v[K_LEVEL].file, v[K_LEVEL].line,
                          "level is for a policy whose unit is not level");
    if (parse_int(v[K_LEVEL].text, MAX_LEVEL, &c->level) != VL_OK || c->level < 2 ||
        c->level % 2 != 0)
      return bad(err, &v[K_LEVEL], "level", "an even number of units per map level, 2 to 100");
  } else if (strcmp(c->unit, "level") != 0) {
    return vl_error_set(err, VL_EPARSE, v[K_UNIT].file, v[K_UNIT].line,
                        "[los] unit %s needs level (how many %s make a map level)", c->unit,
                        c->unit);
  }
  for (k = 0; k < K_COUNT && rc == VL_OK; k++) {
    const vl_los_value *x = &v[k];
    int i = 0;
    if (x->text == NULL) continue;
    switch (k) {
    case K_EYE: rc = parse_height(c, x, &c->eye, err); break;
    case K_RECIPROCAL:
      if ((rc = choose(x, w_yesno, &i, err)) == VL_OK) c->reciprocal = i;
      break;
    case K_TERRAIN_BLOCKS:
      if ((rc = choose(x, w_blocks, &i, err)) == VL_OK) c->terrain_blocks = i;
      break;
    case K_TERRAIN_HEXSIDES:
      if ((rc = choose(x, w_blocks, &i, err)) == VL_OK) c->hexside_blocks = i;
      break;
    case K_GROUND_OBSTACLES:
      if ((rc = choose(x, w_obstacles, &i, err)) == VL_OK) c->ground = i;
      break;
    case K_GROUND_TESTS:
      rc = word_bits(x, w_tests, "sightline, higher-than-both, near-lower, higher-than-target, "
                                 "or none", &c->tests, err);
      break;
    case K_GROUND_TOLERANCE: rc = parse_height(c, x, &c->tolerance, err); break;
    case K_GROUND_NEAR:
      if ((rc = choose(x, w_near, &i, err)) == VL_OK) c->near_lower = i;
      break;
    case K_GROUND_MIDPOINT:
      if ((rc = choose(x, w_midpoint, &i, err)) == VL_OK) c->midpoint_blocks = i;
      break;
    case K_SIDE_GRAZE:
      if ((rc = choose(x, w_graze, &i, err)) == VL_OK) c->graze = i;
      break;
    case K_SIDE_EXEMPT:
      if ((rc = choose(x, w_exempt, &i, err)) == VL_OK) c->exempt = i;
      break;
    case K_SIDE_ADJACENT: rc = flag_word(x, &c->adjacent_flag, err); break;
    case K_UNITS_BLOCK:
      if ((rc = choose(x, w_units, &i, err)) == VL_OK) c->units_block = i;
      break;
    case K_UNITS_AS:
      if ((rc = choose(x, w_as, &i, err)) == VL_OK) c->units_as = i;
      break;
    case K_UNITS_HEIGHT: rc = parse_height(c, x, &c->unit_height, err); break;
    case K_UNITS_SEE_OVER:
      rc = word_bits(x, w_see_over, "higher, lower-than-both, or none", &c->see_over, err);
      break;
    case K_SUNKEN_FLAG: rc = flag_word(x, &c->sunken_flag, err); break;
    case K_SUNKEN_OBSERVER:
      if ((rc = choose(x, w_observer, &i, err)) == VL_OK) c->sunken_observer = i;
      break;
    case K_SUNKEN_TARGET:
      if ((rc = choose(x, w_target, &i, err)) == VL_OK) c->sunken_target = i;
      break;
    case K_SLOPES_RULES:
      if ((rc = choose(x, w_slopes, &i, err)) == VL_OK) c->slopes = i;
      break;
    case K_SLOPES_NON_GRADUAL: rc = feature_list(x, &c->non_gradual, err); break;
    case K_SLOPES_STEEP: rc = feature_list(x, &c->steep, err); break;
    case K_SLOPES_CANOPY: rc = flag_word(x, &c->canopy_flag, err); break;
    case K_SLOPES_CRESTS:
      if ((rc = choose(x, w_yesno, &i, err)) == VL_OK) c->crests = i;
      break;
    default: break;
    }
  }
  if (rc != VL_OK) return rc;
  if ((c->tests & VL_LOS_TEST_SIGHTLINE) == 0 && v[K_GROUND_TOLERANCE].text != NULL)
    return vl_error_set(err, VL_EPARSE, v[K_GROUND_TOLERANCE].file, v[K_GROUND_TOLERANCE].line,
                        "tolerance is for the sightline test, which tests does not name");
  if (c->tests != 0 && c->ground == VL_LOS_GROUND_NONE &&
      c->terrain_blocks != VL_LOS_BLOCKS_HEIGHT && c->hexside_blocks != VL_LOS_BLOCKS_HEIGHT &&
      c->units_as != VL_LOS_UNITS_HEIGHT)
    return vl_error_set(err, VL_EPARSE, v[K_GROUND_TESTS].file, v[K_GROUND_TESTS].line,
                        "tests judge nothing: obstacles is none and no terrain, hexside or "
                        "unit blocks by height");
  c->system = v[K_SYSTEM].text;
  for (k = 0; k < K_COUNT; k++)
    if (v[k].text != NULL) {
      if (v[k].rule == NULL) p->values[k].rule = p->rule;
      p->given[p->nvalues++] = &p->values[k];
    }
  return VL_OK;
}

/* ---- the public functions ------------------------------------------------------------------- */

vl_los_policy *vl_los_policy_load(const char *system_id, const char *system_file,
                                  const char *layer_file, vl_error *err) {
  vl_los_policy *p = calloc(1, sizeof *p);
  if (p == NULL) {
    oom(err, system_file);
    return NULL;
  }
  if (load_layer(p, system_id, system_file, err) != VL_OK) goto fail;
  if (layer_file != NULL && load_layer(p, system_id, layer_file, err) != VL_OK) goto fail;
  if (resolve(p, err) != VL_OK) goto fail;
  return p;
fail:
  vl_los_policy_free(p);
  return NULL;
}

vl_los_policy *vl_los_policy_find(const vl_path *data, const char *system_id,
                                  const char *layer_file, vl_error *err) {
  char rel[96], path[PATH_MAX];
  size_t i, n = strlen(system_id);
  if (n == 0 || n > 64) goto unknown;
  for (i = 0; i < n; i++) {
    char c = system_id[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) goto unknown;
  }
  snprintf(rel, sizeof rel, "charts/%s/los.ini", system_id);
  if (vl_path_find(data, rel, path, sizeof path, NULL) != VL_OK) goto unknown;
  return vl_los_policy_load(system_id, path, layer_file, err);
unknown:
  vl_error_set(err, VL_ENOTFOUND, NULL, 0, "no charts/%s/los.ini on the data path", system_id);
  return NULL;
}

void vl_los_policy_free(vl_los_policy *p) {
  if (p == NULL) return;
  vl_arena_free(&p->arena);
  free(p);
}

const vl_los_config *vl_los_policy_config(const vl_los_policy *p) { return &p->config; }

size_t vl_los_policy_count(const vl_los_policy *p) { return p->nvalues; }

const vl_los_value *vl_los_policy_value(const vl_los_policy *p, size_t i) {
  return i < p->nvalues ? p->given[i] : NULL;
}

const vl_los_value *vl_los_policy_get(const vl_los_policy *p, const char *section,
                                      const char *key) {
  int s = find_section(section), k;
  if (s < 0) return NULL;
  k = find_key(s, key);
  return k < 0 || p->values[k].text == NULL ? NULL : &p->values[k];
}

const char *vl_los_policy_rule(const vl_los_policy *p) { return p->rule; }

const char *vl_los_policy_key_rule(const vl_los_policy *p, int k) {
  return p->values[k].text != NULL ? p->values[k].rule : p->rule;
}

const char *vl_los_policy_key_provisional(const vl_los_policy *p, int k) {
  return p->values[k].text != NULL ? p->values[k].provisional : NULL;
}
