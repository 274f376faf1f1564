/*
** scenario.c -- the reader of scenario.ini and its variants (scenario.h; docs/formats.md
** "scenario.ini"). A file is read through the INI layer into its sections and key lines,
** refusing an unknown section or key at once; a variant with `base` is laid over its base
** (itself read and checked whole first); then the whole is checked key by key: what is
** required, the syntax of each value, the sides, the files named. Every string lives in the
** scenario's arena; the lists are arrays of pointers into one array of items.
*/
#define _XOPEN_SOURCE 700  /* realpath is XSI: the build's _POSIX_C_SOURCE alone hides it */

#include "volley/scenario.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "arena.h"
#include "volley/ini.h"
#include "volley/path.h"

#define SIDES_MAX 8        /* as units.h's VL_SIDES_MAX: a roster has at most 8 sides */
#define SIDE_NAME_MAX 32
#define SYSTEM_MAX 64
#define NLISTS 5
#define NLAYERS 3          /* terrain, los, charts: the layers over the system's tables */
#define GAME_PREFIX "game:"  /* a path in the game's folder (scenarios/<game>/) */

/* A section header of a file. */
typedef struct rsec {
  const char *name;
  const char *file;
  int line;
} rsec;

/* A key line of a file (continuation lines joined). */
typedef struct rkey {
  const char *section;
  const char *key;
  const char *text;
  const char *file;
  int line;
} rkey;

/* A file as read. Strings are in the arena; the arrays are malloc'd. */
typedef struct rfile {
  vl_arena *a;
  const char *file;
  rsec *secs;
  int nsec, capsec;
  rkey *keys;
  int nkey, capkey;
  int last_line;
} rfile;

struct vl_scenario {
  vl_arena a;
  const char *file, *dir, *base;
  const char *extends;                 /* the id [scenario] extends names, or NULL */
  vl_scenario *parent;                 /* the scenario it is laid over (owned), or NULL */
  const char *layer[NLAYERS];          /* the layers it plays with (terrain, los, charts) */
  const char *layer_root[NLAYERS];     /* the folder each is kept inside */
  rsec *secs;
  int nsec;
  rkey *keys;
  int nkey;
  int last_line;                       /* the (variant's) file's last line */
  vl_scenario_item *items;             /* one per key, in keys' order */
  const vl_scenario_item **lists[NLISTS];
  int count[NLISTS];
  const char *sides[SIDES_MAX];
  int nsides, first, max_decisions;
};

static const char *const scenario_keys[] = {"title", "system", "map", "oob", "rules",
                                            "provenance", "setup_rule", "max_decisions", "base",
                                            "extends", "terrain", "los", "charts", "start", NULL};
static const char *const sides_keys[] = {"order", "first", NULL};

#define KNOWN_SECTIONS                                                                       \
  "scenario, sides, params, victory, options, setup.<SIDE>, turns, reinforcements.<SIDE>"
#define SCENARIO_KEYS                                                                        \
  "title, system, map, oob, rules, provenance, setup_rule, max_decisions, base, extends, "   \
  "terrain, los, charts, start"

/* The layer files and their [scenario] keys, by vl_scenario_layer_kind. */
static const char *const layer_keys[NLAYERS] = {"terrain", "los", "charts"};
static const char *const layer_files[NLAYERS] = {"terrain.ini", "los.ini", "charts"};

/* What the loader carries down a chain: the data roots an `extends` id is found on, and the
** files of the chain so far (as opened, and resolved to compare them). */
typedef struct chain {
  const char *const *roots;
  int nroots;
  vl_path *own;                        /* the process's data path, made when first needed */
  int n;
  char file[VL_SCENARIO_CHAIN_MAX + 2][PATH_MAX];
  char real[VL_SCENARIO_CHAIN_MAX + 2][PATH_MAX];
} chain;

/* ---- small helpers ------------------------------------------------------------------------- */

static int fail(vl_error *err, const char *file, int line, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

static int fail(vl_error *err, const char *file, int line, const char *fmt, ...) {
  char msg[VL_ERROR_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return vl_error_set(err, VL_EPARSE, file, line, "%s", msg);
}

static int nomem(vl_error *err) { return vl_error_set(err, VL_ENOMEM, NULL, 0, "out of memory"); }

static int in_list(const char *const *list, const char *s) {
  for (; *list != NULL; list++)
    if (strcmp(*list, s) == 0) return 1;
  return 0;
}

/* 1 when s is non-empty and every byte is a lower-case letter, a digit, one of chars, or
** (when upper) an upper-case letter. */
static int only(const char *s, const char *chars, int upper) {
  if (*s == '\0') return 0;
  for (; *s != '\0'; s++) {
    char c = *s;
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) continue;
    if (upper && c >= 'A' && c <= 'Z') continue;
    if (strchr(chars, c) == NULL) return 0;
  }
  return 1;
}

/* A decimal integer, '-' allowed, that fits an int. canonical: no leading zero, no "-0".
** Returns 1, 0 when s is not one, INT_TOO_LARGE or INT_TOO_SMALL for an integer past an
** int (int_why words each). */
enum { INT_TOO_LARGE = -1, INT_TOO_SMALL = -2 };
static int parse_int(const char *s, int canonical, int *out) {
  const char *p = s;
  long v = 0;
  int neg = 0, big = 0;
  if (*p == '-') neg = 1, p++;
  if (*p < '0' || *p > '9') return 0;
  if (canonical && p[0] == '0' && (p[1] != '\0' || neg)) return 0;
  for (; *p >= '0' && *p <= '9'; p++) {
    if (!big) v = v * 10 + (*p - '0');
    if (v > (long)INT_MAX + 1) big = 1;
  }
  if (*p != '\0') return 0;
  if (neg) v = -v;
  if (big || v > INT_MAX || v < INT_MIN) return neg ? INT_TOO_SMALL : INT_TOO_LARGE;
  *out = (int)v;
  return 1;
}

/* Why parse_int refused text (its code rc): "is not an integer", "is too large (at most
** 2147483647)", "is too small (at least -2147483648)"; what names the kind of number. */
static const char *int_why(int rc, const char *what, char *buf, size_t n) {
  if (rc == INT_TOO_LARGE) snprintf(buf, n, "is too large (at most %d)", INT_MAX);
  else if (rc == INT_TOO_SMALL) snprintf(buf, n, "is too small (at least %d)", INT_MIN);
  else snprintf(buf, n, "is not %s", what);
  return buf;
}

static int is_section(const char *name, const char *prefix) {
  size_t n = strlen(prefix);
  return strncmp(name, prefix, n) == 0 && name[n] == '.' && name[n + 1] != '\0';
}

static int known_section(const char *name) {
  return strcmp(name, "scenario") == 0 || strcmp(name, "sides") == 0 ||
         strcmp(name, "params") == 0 || strcmp(name, "victory") == 0 ||
         strcmp(name, "options") == 0 || is_section(name, "setup") ||
         strcmp(name, "turns") == 0 || is_section(name, "reinforcements");
}

/* Whether a section's lines form a list of its own in file order, replaced whole by a
** scenario laid over it: [setup.<SIDE>] and [reinforcements.<SIDE>]. */
static int whole_section(const char *name) {
  return is_section(name, "setup") || is_section(name, "reinforcements");
}

/* The side a [setup.<SIDE>] or [reinforcements.<SIDE>] section names (after its dot). */
static const char *section_side(const char *name) {
  return strchr(name, '.') + 1;
}

/* The most turns a [turns] section may number (a key 1..TURNS_MAX, or last). */
#define TURNS_MAX 999
#define TURNS_MAX_TEXT "999"

/* The folder of path: up to its last '/', or "." (an arena string; NULL when out of memory). */
static const char *dir_of(vl_arena *a, const char *path) {
  const char *slash = strrchr(path, '/');
  if (slash == NULL) return vl_arena_strndup(a, ".", 1);
  if (slash == path) return vl_arena_strndup(a, "/", 1);
  return vl_arena_strndup(a, path, (size_t)(slash - path));
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

/* ---- reading one file ---------------------------------------------------------------------- */

static int grow(void **p, int *cap, int n, size_t size) {
  void *q;
  int c;
  if (n < *cap) return 1;
  c = *cap ? 2 * *cap : 16;
  q = realloc(*p, (size_t)c * size);
  if (q == NULL) return 0;
  *p = q;
  *cap = c;
  return 1;
}

static int collect(void *user, const vl_ini_item *it, vl_error *err) {
  rfile *f = user;
  rkey *k;
  if (it->event == VL_INI_END) {
    f->last_line = it->line;
    return VL_OK;
  }
  if (it->event == VL_INI_SECTION) {
    rsec *s;
    if (!known_section(it->section))
      return vl_ini_error(err, it, "unknown section [%s] (known: " KNOWN_SECTIONS ")",
                          it->section);
    if (!grow((void **)&f->secs, &f->capsec, f->nsec, sizeof *f->secs)) return nomem(err);
    s = &f->secs[f->nsec];
    s->name = vl_arena_strndup(f->a, it->section, strlen(it->section));
    s->file = f->file;
    s->line = it->line;
    if (s->name == NULL) return nomem(err);
    f->nsec++;
    return VL_OK;
  }
  if (it->continuation) {  /* the layer refuses one that continues no key of its section */
    size_t a, b;
    char *t;
    k = &f->keys[f->nkey - 1];
    a = strlen(k->text);
    b = strlen(it->value);
    if (b == 0) return VL_OK;
    t = vl_arena_alloc(f->a, a + b + 2);
    if (t == NULL) return nomem(err);
    memcpy(t, k->text, a);
    if (a > 0) t[a++] = ' ';
    memcpy(t + a, it->value, b + 1);
    k->text = t;
    return VL_OK;
  }
  if (strcmp(it->section, "scenario") == 0 && !in_list(scenario_keys, it->key))
    return vl_ini_error(err, it, "unknown key '%s' in [scenario] (known: " SCENARIO_KEYS ")",
                        it->key);
  if (strcmp(it->section, "sides") == 0 && !in_list(sides_keys, it->key))
    return vl_ini_error(err, it, "unknown key '%s' in [sides] (known: order, first)", it->key);
  if (!grow((void **)&f->keys, &f->capkey, f->nkey, sizeof *f->keys)) return nomem(err);
  k = &f->keys[f->nkey];
  k->section = f->secs[f->nsec - 1].name;
  k->key = vl_arena_strndup(f->a, it->key, strlen(it->key));
  k->text = vl_arena_strndup(f->a, it->value, strlen(it->value));
  k->file = f->file;
  k->line = it->line;
  if (k->key == NULL || k->text == NULL) return nomem(err);
  f->nkey++;
  return VL_OK;
}

static void rfile_free(rfile *f) {
  free(f->secs);
  free(f->keys);
  f->secs = NULL;
  f->keys = NULL;
}

/* Reads path (text NULL) or text named path into f, strings in arena a. */
static int read_file(rfile *f, vl_arena *a, const char *path, const char *text, vl_error *err) {
  int rc;
  memset(f, 0, sizeof *f);
  f->a = a;
  f->file = vl_arena_strndup(a, path, strlen(path));
  if (f->file == NULL) return nomem(err);
  if (text != NULL) rc = vl_ini_parse_buffer(f->file, text, strlen(text), collect, f, err);
  else rc = vl_ini_parse_file(path, collect, f, err);
  if (rc != VL_OK) rfile_free(f);
  return rc;
}

static rkey *find_key(rkey *keys, int n, const char *section, const char *key) {
  int i;
  for (i = 0; i < n; i++)
    if (strcmp(keys[i].section, section) == 0 && strcmp(keys[i].key, key) == 0) return &keys[i];
  return NULL;
}

static rsec *find_sec(rsec *secs, int n, const char *name) {
  int i;
  for (i = 0; i < n; i++)
    if (strcmp(secs[i].name, name) == 0) return &secs[i];
  return NULL;
}

/* ---- checking the whole -------------------------------------------------------------------- */

static int side_index(const vl_scenario *s, const char *name, size_t len) {
  int i;
  for (i = 0; i < s->nsides; i++)
    if (strlen(s->sides[i]) == len && strncmp(s->sides[i], name, len) == 0) return i;
  return -1;
}

/* The sides of [sides] order as one string, for messages. */
static const char *order_text(const vl_scenario *s) {
  const rkey *k = find_key(s->keys, s->nkey, "sides", "order");
  return k ? k->text : "";
}

static int has_dotdot(const char *p) {
  const char *c = p;
  while (*c != '\0') {
    size_t n = strcspn(c, "/");
    if (n == 2 && c[0] == '.' && c[1] == '.') return 1;
    c += n;
    if (*c == '/') c++;
  }
  return 0;
}

/* Whether full (the path p that `what` names at file:line) is a regular file (a folder when
** want_dir) that stays inside the folder dir once symbolic links are followed
** (vl_path_inside): a link leading out is refused before anything of its file is read, and
** its target is not named. whose names the folder in messages ("scenario's", "game's"). file
** NULL: full is the scenario file being opened (a missing one is the INI layer's to name). */
static int in_root(const char *dir, const char *whose, const char *full, const char *file,
                   int line, const char *what, const char *p, int want_dir, vl_error *err) {
  struct stat st;
  vl_error why;
  int rc = vl_path_inside(dir, full, &why);
  if (rc == VL_ENOMEM) return nomem(err);
  if (rc == VL_EINVAL && file == NULL)
    return fail(err, full, 0, "leads out of the scenario's folder (%s): a scenario's files stay "
                "inside its folder, symbolic links included", dir);
  if (rc == VL_EINVAL)
    return fail(err, file, line, "%s: '%s' leads out of the %s folder (%s): a scenario's files "
                "stay inside its folder%s, symbolic links included", what, p, whose, dir,
                strcmp(whose, "game's") == 0 ? " or its game's" : "");
  if (file == NULL && (rc != VL_OK || stat(full, &st) != 0)) return VL_OK;  /* fopen says why */
  if (file == NULL && !S_ISREG(st.st_mode))
    return fail(err, full, 0, "not a regular file (a scenario is an .ini file)");
  if (file == NULL) return VL_OK;
  if (rc != VL_OK || stat(full, &st) != 0)
    return fail(err, file, line, "%s: no %s '%s' in the %s folder (%s)", what,
                want_dir ? "folder" : "file", p, whose, dir);
  if (want_dir && !S_ISDIR(st.st_mode))
    return fail(err, file, line, "%s: '%s' in the %s folder (%s) is not a folder", what, p,
                whose, dir);
  if (!want_dir && !S_ISREG(st.st_mode))
    return fail(err, file, line, "%s: '%s' in the %s folder (%s) is not a regular file", what,
                p, whose, dir);
  return VL_OK;
}

static int in_folder(const char *dir, const char *full, const char *file, int line,
                     const char *what, const char *p, vl_error *err) {
  return in_root(dir, "scenario's", full, file, line, what, p, 0, err);
}

/* The folder of the file a value came from (dir) and, when game, the folder above it: the
** game's folder (scenarios/<game>/ for a scenario with an id), into out of size n. 0 when
** it does not fit. */
static int folder_of(const char *file, int game, char *out, size_t n) {
  const char *slash = strrchr(file, '/');
  int w;
  if (slash == NULL) w = snprintf(out, n, "%s", game ? ".." : ".");
  else if (slash == file) w = snprintf(out, n, "/");
  else w = snprintf(out, n, "%.*s", (int)(slash - file), file);
  if (w < 0 || (size_t)w >= n) return 0;
  if (game && slash != NULL) {
    char *up = strrchr(out, '/');
    if (up == NULL) {              /* "battle" -> "." */
      if (strcmp(out, ".") == 0 || strcmp(out, "..") == 0) {
        if (strlen(out) + 4 > n) return 0;
        strcat(out, "/..");
      } else {
        snprintf(out, n, ".");
      }
    } else if (up == out) {
      out[1] = '\0';
    } else if (strcmp(up + 1, ".") == 0 || strcmp(up + 1, "..") == 0) {
      if (strlen(out) + 4 > n) return 0;
      strcat(out, "/..");
    } else {
      *up = '\0';
    }
  }
  return 1;
}

/* A path a scenario names: relative and without '..', in the folder of the file that gave it,
** or after "game:" in the game's folder (the folder above that one); ending in ext (a folder
** when ext is NULL); an existing file (folder) when the scenario has a folder. what names the
** value in messages ("map", "option 'x'"). The full path goes to *full (an arena string, NULL
** for a scenario read from text). */
static int check_path(vl_scenario *s, const rkey *k, const char *what, const char *ext,
                      const char **full, vl_error *err) {
  const char *p = k->text, *rel = p;
  int game = strncmp(p, GAME_PREFIX, strlen(GAME_PREFIX)) == 0;
  const char *whose = game ? "game's" : "scenario's";
  size_t n, e = ext ? strlen(ext) : 0;
  char dir[PATH_MAX], path[PATH_MAX];
  int w;
  *full = NULL;
  if (game) rel = p + strlen(GAME_PREFIX);
  n = strlen(rel);
  if (rel[0] == '/' || rel[0] == '\0' || has_dotdot(rel) || strchr(rel, ':') != NULL)
    return fail(err, k->file, k->line, "%s: '%s' is not a path inside the %s folder (relative, "
                "without '..')", what, p, whose);
  if (ext != NULL && (n <= e || strcmp(rel + n - e, ext) != 0))
    return fail(err, k->file, k->line, "%s: '%s' is not a %s file", what, p, ext);
  if (s->dir == NULL) return VL_OK;
  if (!folder_of(k->file, game, dir, sizeof dir))
    return fail(err, k->file, k->line, "%s: path too long", what);
  w = snprintf(path, sizeof path, "%s/%s", dir, rel);
  if (w < 0 || (size_t)w >= sizeof path) return fail(err, k->file, k->line, "%s: path too long", what);
  if (in_root(dir, whose, path, k->file, k->line, what, p, ext == NULL, err) != VL_OK)
    return VL_EPARSE;
  *full = vl_arena_strndup(&s->a, path, (size_t)w);
  return *full ? VL_OK : nomem(err);
}

/* The [scenario] keys that name a file (a folder when ext is NULL), in the order checked. */
static const struct {
  const char *key, *ext;
} path_keys[] = {{"map", ".ini"},     {"oob", ".ini"}, {"rules", ".lua"}, {"terrain", ".ini"},
                 {"los", ".ini"},     {"charts", NULL}, {"start", ".state"}, {NULL, NULL}};

static int check_scenario_section(vl_scenario *s, vl_error *err) {
  static const char *const required[] = {"title", "system", "map", "oob", "provenance", NULL};
  const rsec *sec = find_sec(s->secs, s->nsec, "scenario");
  const rkey *k;
  int i;
  for (i = 0; required[i] != NULL; i++)
    if (find_key(s->keys, s->nkey, "scenario", required[i]) == NULL)
      return fail(err, sec->file, sec->line, "[scenario] has no %s", required[i]);
  k = find_key(s->keys, s->nkey, "scenario", "system");
  if (!only(k->text, "_", 0) || strlen(k->text) > SYSTEM_MAX)
    return fail(err, k->file, k->line, "system: bad system id '%s' ([a-z0-9_]+)", k->text);
  for (i = 0; path_keys[i].key != NULL; i++) {
    const char *full;
    if ((k = find_key(s->keys, s->nkey, "scenario", path_keys[i].key)) != NULL &&
        check_path(s, k, path_keys[i].key, path_keys[i].ext, &full, err) != VL_OK)
      return VL_EPARSE;
  }
  if ((k = find_key(s->keys, s->nkey, "scenario", "max_decisions")) != NULL) {
    char why[64];
    int rc = parse_int(k->text, 0, &s->max_decisions);
    if (rc != 1 || s->max_decisions <= 0)
      return fail(err, k->file, k->line, "max_decisions: '%s' %s", k->text,
                  int_why(rc == 1 ? 0 : rc, "a positive integer", why, sizeof why));
    /* the cap of a game, recorded in its save: what `--max-decisions` and a save's reader
    ** take (a larger one was played, and its save could never be read back) */
    if (s->max_decisions > 1000000000)
      return fail(err, k->file, k->line,
                  "max_decisions: '%s' is too large (at most 1000000000, as --max-decisions)",
                  k->text);
  }
  if ((k = find_key(s->keys, s->nkey, "scenario", "setup_rule")) != NULL &&
      (k->text[0] != '[' || k->text[strlen(k->text) - 1] != ']'))
    return fail(err, k->file, k->line,
                "setup_rule: '%s' is not a rule citation ('[<system> <case>]')", k->text);
  return VL_OK;
}

static int check_sides(vl_scenario *s, vl_error *err) {
  const rsec *sec = find_sec(s->secs, s->nsec, "sides");
  const rkey *k = find_key(s->keys, s->nkey, "sides", "order");
  const char *cur, *w;
  size_t len;
  if (k == NULL) return fail(err, sec->file, sec->line, "[sides] has no order");
  cur = k->text;
  while ((w = vl_ini_word(&cur, &len)) != NULL) {
    char *name;
    if (s->nsides == SIDES_MAX)
      return fail(err, k->file, k->line, "order: more than %d sides", SIDES_MAX);
    name = vl_arena_strndup(&s->a, w, len);
    if (name == NULL) return nomem(err);
    if (!only(name, "_-", 1) || len > SIDE_NAME_MAX)
      return fail(err, k->file, k->line, "order: bad side name '%s' (letters, digits, _ and -)",
                  name);
    if (side_index(s, w, len) >= 0)
      return fail(err, k->file, k->line, "order: side '%s' is listed twice", name);
    s->sides[s->nsides++] = name;
  }
  s->first = 0;
  if ((k = find_key(s->keys, s->nkey, "sides", "first")) != NULL) {
    s->first = side_index(s, k->text, strlen(k->text));
    if (s->first < 0)
      return fail(err, k->file, k->line, "first: '%s' is not a side of [sides] order (%s)",
                  k->text, order_text(s));
  }
  return VL_OK;
}

/* Fills item i from key k, checking what its section asks of it. */
static int check_item(vl_scenario *s, const rkey *k, vl_scenario_item *it, vl_error *err) {
  it->section = k->section;
  it->key = k->key;
  it->text = k->text;
  it->file = k->file;
  it->line = k->line;
  it->side = -1;
  it->name = k->key;
  it->is_int = 0;
  it->value = 0;
  it->path = NULL;
  if (k->text[0] == '\0')
    return fail(err, k->file, k->line, "'%s' in [%s] is empty", k->key, k->section);
  if (strcmp(k->section, "scenario") == 0) {
    int i;
    for (i = 0; path_keys[i].key != NULL; i++)
      if (strcmp(k->key, path_keys[i].key) == 0)
        return check_path(s, k, k->key, path_keys[i].ext, &it->path, err);
    return VL_OK;
  }
  if (strcmp(k->section, "params") == 0) {
    if (!only(k->key, "_", 0))
      return fail(err, k->file, k->line, "bad parameter name '%s' ([a-z0-9_]+)", k->key);
    int rc = parse_int(k->text, 0, &it->value);
    char why[64];
    if (rc != 1)
      return fail(err, k->file, k->line, "parameter %s: '%s' %s", k->key, k->text,
                  int_why(rc, "an integer", why, sizeof why));
    it->is_int = 1;
  } else if (strcmp(k->section, "victory") == 0) {
    const char *dot = strchr(k->key, '.');
    if (dot == NULL || dot == k->key || !only(dot + 1, "_", 0))
      return fail(err, k->file, k->line,
                  "victory key '%s' is not <SIDE>.<name> (the name: [a-z0-9_]+)", k->key);
    it->side = side_index(s, k->key, (size_t)(dot - k->key));
    if (it->side < 0)
      return fail(err, k->file, k->line, "victory key '%s': '%.*s' is not a side of [sides] "
                  "order (%s)", k->key, (int)(dot - k->key), k->key, order_text(s));
    it->name = dot + 1;
    it->is_int = parse_int(k->text, 1, &it->value) == 1;
  } else if (strcmp(k->section, "options") == 0) {
    char what[VL_INI_MAX_NAME + 16];
    if (!only(k->key, "-", 0))
      return fail(err, k->file, k->line, "bad option name '%s' ([a-z0-9-]+)", k->key);
    snprintf(what, sizeof what, "option '%s'", k->key);
    if (check_path(s, k, what, ".lua", &it->path, err) != VL_OK) return VL_EPARSE;
  } else if (is_section(k->section, "setup")) {
    const char *side = k->section + strlen("setup.");
    it->side = side_index(s, side, strlen(side));  /* its section was checked */
    if (!only(k->key, "_./-", 1))
      return fail(err, k->file, k->line, "bad set-up key '%s' ([A-Za-z0-9_./-]+)", k->key);
  } else if (is_section(k->section, "reinforcements")) {
    const char *side = section_side(k->section);
    it->side = side_index(s, side, strlen(side));  /* its section was checked */
    if (!only(k->key, "_./-", 1))
      return fail(err, k->file, k->line, "bad reinforcement key '%s' ([A-Za-z0-9_./-]+)",
                  k->key);
  } else if (strcmp(k->section, "turns") == 0) {
    char why[64];
    int rc;
    if (strcmp(k->key, "last") == 0) {
      rc = parse_int(k->text, 0, &it->value);
      if (rc != 1 || it->value < 1 || it->value > TURNS_MAX)
        return fail(err, k->file, k->line, "[turns] last: '%s' %s", k->text,
                    rc != 1 ? int_why(rc, "a turn number", why, sizeof why)
                            : "is not a turn number (1 to " TURNS_MAX_TEXT ")");
      it->is_int = 1;
    } else if (parse_int(k->key, 1, &it->value) != 1 || it->value < 1 ||
               it->value > TURNS_MAX) {
      return fail(err, k->file, k->line,
                  "bad [turns] key '%s' (a turn number, 1 to " TURNS_MAX_TEXT ", or last)",
                  k->key);
    }
  }
  return VL_OK;
}

static vl_scenario_list list_of(const char *section) {
  if (strcmp(section, "params") == 0) return VL_SCENARIO_PARAMS;
  if (strcmp(section, "victory") == 0) return VL_SCENARIO_VICTORY;
  if (strcmp(section, "options") == 0) return VL_SCENARIO_OPTIONS;
  if (strcmp(section, "turns") == 0 || is_section(section, "reinforcements"))
    return VL_SCENARIO_SCHEDULE;
  return VL_SCENARIO_SETUP;
}

/* The order of each list: params and options by name; victory by side, then name; set-up by
** side, then file order (the item's place in the array: every section comes whole from one
** file, so that is its lines' order). */
static int cmp_items(const void *pa, const void *pb) {
  const vl_scenario_item *a = *(const vl_scenario_item *const *)pa;
  const vl_scenario_item *b = *(const vl_scenario_item *const *)pb;
  int c;
  if (a->side != b->side) return a->side < b->side ? -1 : 1;
  if (whole_section(a->section) || strcmp(a->section, "turns") == 0)
    return a < b ? -1 : (a > b ? 1 : 0);
  c = strcmp(a->name, b->name);
  return c != 0 ? c : (a < b ? -1 : (a > b ? 1 : 0));
}

/* The game length of [turns] against its turn lines and [params] turns: a turn line beyond
** `last`, or a `last` that [params] turns contradicts, is refused at its line. */
static int check_turns(const vl_scenario *s, vl_error *err) {
  const vl_scenario_item *last = NULL, *param = NULL;
  int i;
  for (i = 0; i < s->nkey; i++) {
    const vl_scenario_item *it = &s->items[i];
    if (strcmp(it->section, "turns") == 0 && strcmp(it->key, "last") == 0) last = it;
    if (strcmp(it->section, "params") == 0 && strcmp(it->key, "turns") == 0) param = it;
  }
  if (last == NULL) return VL_OK;
  if (param != NULL && param->value != last->value)
    return fail(err, last->file, last->line, "[turns] last: %d, but [params] turns is %d (%s:%d)",
                last->value, param->value, base_name(param->file), param->line);
  for (i = 0; i < s->nkey; i++) {
    const vl_scenario_item *it = &s->items[i];
    if (strcmp(it->section, "turns") == 0 && it != last && it->value > last->value)
      return fail(err, it->file, it->line, "[turns] %s: after the last turn (%d)", it->key,
                  last->value);
  }
  return VL_OK;
}

static int build(vl_scenario *s, vl_error *err) {
  int i, l;
  if (find_sec(s->secs, s->nsec, "scenario") == NULL)
    return fail(err, s->file, s->last_line, "missing section [scenario]");
  if (find_sec(s->secs, s->nsec, "sides") == NULL)
    return fail(err, s->file, s->last_line, "missing section [sides]");
  for (i = 0; i < s->nkey; i++)
    if (s->keys[i].text[0] == '\0')
      return fail(err, s->keys[i].file, s->keys[i].line, "'%s' in [%s] is empty",
                  s->keys[i].key, s->keys[i].section);
  if (check_scenario_section(s, err) != VL_OK || check_sides(s, err) != VL_OK)
    return err ? err->code : VL_EPARSE;
  for (i = 0; i < s->nsec; i++)
    if (whole_section(s->secs[i].name)) {
      const char *side = section_side(s->secs[i].name);
      if (side_index(s, side, strlen(side)) < 0)
        return fail(err, s->secs[i].file, s->secs[i].line,
                    "[%s]: '%s' is not a side of [sides] order (%s)", s->secs[i].name, side,
                    order_text(s));
    }
  s->items = vl_arena_alloc(&s->a, (size_t)(s->nkey > 0 ? s->nkey : 1) * sizeof *s->items);
  for (l = 0; l < NLISTS; l++)
    s->lists[l] = vl_arena_alloc(&s->a, (size_t)(s->nkey > 0 ? s->nkey : 1) * sizeof(void *));
  if (s->items == NULL || s->lists[0] == NULL || s->lists[1] == NULL || s->lists[2] == NULL ||
      s->lists[3] == NULL || s->lists[4] == NULL)
    return nomem(err);
  for (i = 0; i < s->nkey; i++) {
    const char *sec = s->keys[i].section;
    vl_scenario_list which;
    if (check_item(s, &s->keys[i], &s->items[i], err) != VL_OK) return VL_EPARSE;
    if (strcmp(sec, "scenario") == 0 || strcmp(sec, "sides") == 0) continue;
    which = list_of(sec);
    s->lists[which][s->count[which]++] = &s->items[i];
  }
  for (l = 0; l < NLISTS; l++)
    qsort((void *)s->lists[l], (size_t)s->count[l], sizeof(void *), cmp_items);
  return check_turns(s, err);
}

/* ---- a scenario over another: base and extends ------------------------------------------ */

/* Lays the file v over the scenario b (read, laid over its own and checked whole): the
** result's keys and sections go into s. Keys replace keys; a [setup.<SIDE>] section of v
** replaces b's whole. */
static int merge(vl_scenario *s, const vl_scenario *b, const rfile *v, vl_error *err) {
  int i, cap = b->nkey + v->nkey, capsec = b->nsec + v->nsec;
  s->keys = malloc((size_t)(cap > 0 ? cap : 1) * sizeof *s->keys);
  s->secs = malloc((size_t)(capsec > 0 ? capsec : 1) * sizeof *s->secs);
  if (s->keys == NULL || s->secs == NULL) return nomem(err);
  s->nkey = 0;
  for (i = 0; i < b->nkey; i++) {
    const rkey *k = &b->keys[i];
    if (whole_section(k->section) && find_sec(v->secs, v->nsec, k->section) != NULL)
      continue;  /* the file's section replaces it whole */
    s->keys[s->nkey++] = *k;
  }
  memcpy(s->secs, b->secs, (size_t)b->nsec * sizeof *s->secs);
  s->nsec = b->nsec;
  for (i = 0; i < v->nsec; i++) {
    rsec *old = find_sec(s->secs, s->nsec, v->secs[i].name);
    if (old != NULL) *old = v->secs[i];
    else s->secs[s->nsec++] = v->secs[i];
  }
  for (i = 0; i < v->nkey; i++) {
    const rkey *k = &v->keys[i];
    rkey *old;
    if (strcmp(k->section, "scenario") == 0 &&
        (strcmp(k->key, "base") == 0 || strcmp(k->key, "extends") == 0))
      continue;
    old = find_key(s->keys, s->nkey, k->section, k->key);
    if (old != NULL) *old = *k;
    else s->keys[s->nkey++] = *k;
  }
  return VL_OK;
}

/* Whether id is a scenario id (two or three segments of [a-z0-9-]+, the variant not
** "scenario"): its parts into game, battle and variant ("" for none), each of size n. */
static int split_id(const char *id, char *game, char *battle, char *variant, size_t n) {
  char *parts[3];
  int k = 0;
  const char *p = id;
  parts[0] = game, parts[1] = battle, parts[2] = variant;
  variant[0] = '\0';
  while (k < 3) {
    size_t len = strcspn(p, "/");
    if (len == 0 || len >= n) return 0;
    memcpy(parts[k], p, len);
    parts[k][len] = '\0';
    if (!only(parts[k], "-", 0)) return 0;
    k++;
    p += len;
    if (*p == '\0') break;
    p++;
  }
  return *p == '\0' && k >= 2 && strcmp(variant, "scenario") != 0;
}

/* The data roots of the chain: those given, else the process's data path. */
static int root_count(chain *c) {
  if (c->roots != NULL) return c->nroots;
  if (c->own == NULL) c->own = vl_path_for_process();
  return c->own ? (int)vl_path_count(c->own) : 0;
}

static const char *root_at(const chain *c, int i) {
  return c->roots != NULL ? c->roots[i] : vl_path_root(c->own, (size_t)i);
}

/* Finds the scenario the id of `extends` (key k) names on the data roots, as volley.scenario's
** find does: <root>/scenarios/<game>/<battle>/scenario.ini, or the variant's .ini there when it
** has a [scenario] section; the first root holding it. Its path into out (size n). */
static int find_id(chain *c, const rkey *k, char *out, size_t n, vl_error *err) {
  char game[64], battle[64], variant[64], roots[160];
  int i, nroots, w;
  size_t used = 0;
  if (!split_id(k->text, game, battle, variant, sizeof game))
    return fail(err, k->file, k->line, "extends: '%s' is not a scenario id (<game>/<battle>"
                "[/<variant>], each [a-z0-9-]+)", k->text);
  nroots = root_count(c);
  if (nroots == 0 && c->roots == NULL && c->own == NULL) return nomem(err);
  roots[0] = '\0';
  for (i = 0; i < nroots; i++) {
    struct stat st;
    char file[PATH_MAX];
    const char *root = root_at(c, i);
    w = snprintf(file, sizeof file, "%s/scenarios/%s/%s/scenario.ini", root, game, battle);
    if (w > 0 && (size_t)w < sizeof file && stat(file, &st) == 0 && S_ISREG(st.st_mode)) {
      if (variant[0] != '\0')
        w = snprintf(file, sizeof file, "%s/scenarios/%s/%s/%s.ini", root, game, battle,
                     variant);
      if (w > 0 && (size_t)w < sizeof file && stat(file, &st) == 0 && S_ISREG(st.st_mode)) {
        int yes = variant[0] == '\0' ? 1 : vl_scenario_probe(file, err);
        if (yes < 0) return yes;
        if (yes == 1) {
          if ((size_t)w >= n) return fail(err, k->file, k->line, "extends: path too long");
          memcpy(out, file, (size_t)w + 1);
          return VL_OK;
        }
      }
    }
    w = snprintf(roots + used, sizeof roots - used, "%s%s", i > 0 ? ", " : "", root);
    if (w > 0) used += (size_t)w < sizeof roots - used ? (size_t)w : sizeof roots - used - 1;
  }
  return fail(err, k->file, k->line, "extends: no scenario '%s' on the data path (scenarios/ "
              "of %s)", k->text, roots);
}

/* A file of a chain in messages: its last three path parts ("test-game/battle/scenario.ini"). */
static const char *short_path(const char *path) {
  const char *p = path + strlen(path);
  int slashes = 0;
  while (p > path) {
    p--;
    if (*p == '/' && ++slashes == 3) return p + 1;
  }
  return path;
}

/* The files c->file[0..last] joined by " -> " into buf (size n), cut short when too long. */
static const char *chain_text(const chain *c, int last, char *buf, size_t n) {
  size_t used = 0;
  int i, w;
  buf[0] = '\0';
  for (i = 0; i <= last && used < n - 1; i++) {
    w = snprintf(buf + used, n - used, "%s%s", i > 0 ? " -> " : "", short_path(c->file[i]));
    if (w < 0) break;
    used += (size_t)w < n - used ? (size_t)w : n - used - 1;
  }
  return buf;
}

static vl_scenario *load(const char *path, const char *text, chain *c, vl_error *err);

/* Reads and checks the scenario a file is laid over -- its base (`base = <file>`, a file of its
** folder) or the scenario it extends (`extends = <id>`, on the data path) -- then lays the
** file over it. The chain so far is c->file[0..c->n]: the new one may not be one of them (a
** cycle) nor be more than VL_SCENARIO_CHAIN_MAX above the file opened. */
static int with_parent(vl_scenario *s, rfile *v, const rkey *pk, chain *c, vl_error *err) {
  const rkey *title = find_key(v->keys, v->nkey, "scenario", "title");
  int is_base = strcmp(pk->key, "base") == 0, i, rc;
  char ppath[PATH_MAX], real[PATH_MAX], names[200];
  vl_scenario *parent;
  if (s->dir == NULL)
    return fail(err, pk->file, pk->line, "%s: a scenario read from text has no folder",
                pk->key);
  if (is_base) {
    int w;
    if (strchr(pk->text, '/') != NULL || strlen(pk->text) <= 4 ||
        strcmp(pk->text + strlen(pk->text) - 4, ".ini") != 0)
      return fail(err, pk->file, pk->line, "base: '%s' is not an .ini file of this folder",
                  pk->text);
    if (strcmp(pk->text, base_name(s->file)) == 0)
      return fail(err, pk->file, pk->line, "base: a file cannot be its own base");
    w = snprintf(ppath, sizeof ppath, "%s/%s", s->dir, pk->text);
    if (w < 0 || (size_t)w >= sizeof ppath)
      return fail(err, pk->file, pk->line, "base: path too long");
  } else if ((rc = find_id(c, pk, ppath, sizeof ppath, err)) != VL_OK) {
    return rc;
  }
  if (title == NULL) {
    const rsec *sec = find_sec(v->secs, v->nsec, "scenario");
    return fail(err, sec->file, sec->line, is_base ? "a variant needs a title of its own"
                : "a scenario that extends another needs a title of its own");
  }
  if (realpath(ppath, real) == NULL) snprintf(real, sizeof real, "%s", ppath);
  snprintf(c->file[c->n + 1], PATH_MAX, "%s", ppath);
  for (i = 0; i <= c->n; i++)
    if (strcmp(c->real[i], real) == 0)
      return fail(err, pk->file, pk->line, "%s: '%s' makes a cycle: %s", pk->key, pk->text,
                  chain_text(c, c->n + 1, names, sizeof names));
  if (c->n + 1 > VL_SCENARIO_CHAIN_MAX)
    return fail(err, pk->file, pk->line, "%s: '%s' makes a chain too deep (a scenario is laid "
                "over at most %d others): %s", pk->key, pk->text, VL_SCENARIO_CHAIN_MAX,
                chain_text(c, c->n + 1, names, sizeof names));
  c->n++;
  parent = load(ppath, NULL, c, err);  /* checked whole: its errors are its own */
  c->n--;
  if (parent == NULL) return err ? err->code : VL_EPARSE;
  s->parent = parent;
  s->base = vl_arena_strndup(&s->a, ppath, strlen(ppath));
  if (s->base == NULL) return nomem(err);
  if (!is_base) {
    s->extends = vl_arena_strndup(&s->a, pk->text, strlen(pk->text));
    if (s->extends == NULL) return nomem(err);
  }
  return merge(s, parent, v, err);
}

/* Whether the item came from the scenario's own file (not from one it is laid over). */
static int own(const vl_scenario *s, const vl_scenario_item *it) {
  return it != NULL && strcmp(it->file, s->file) == 0;
}

/* The layers the scenario plays with over its system's tables: for each, the scenario's own
** key (terrain, los, charts); else the file beside its own map (terrain.ini, los.ini), or the
** charts/ folder of its own folder when that is not its parent's; else its parent's layer.
** A file found so must stay inside the folder it is in (symbolic links included). */
static int find_layers(vl_scenario *s, vl_error *err) {
  const vl_scenario_item *map = vl_scenario_get(s, "scenario", "map");
  int i;
  if (s->dir == NULL) return VL_OK;
  for (i = 0; i < NLAYERS; i++) {
    const vl_scenario_item *it = vl_scenario_get(s, "scenario", layer_keys[i]);
    char dir[PATH_MAX], full[PATH_MAX];
    struct stat st;
    int w;
    if (own(s, it)) {
      int game = strncmp(it->text, GAME_PREFIX, strlen(GAME_PREFIX)) == 0;
      if (!folder_of(it->file, game, dir, sizeof dir)) return fail(err, it->file, it->line, "path too long");
      s->layer[i] = it->path;
      s->layer_root[i] = vl_arena_strndup(&s->a, dir, strlen(dir));
      if (s->layer_root[i] == NULL) return nomem(err);
      continue;
    }
    dir[0] = '\0';
    if (i < 2 && own(s, map)) {
      if (!folder_of(map->path, 0, dir, sizeof dir)) return nomem(err);
    } else if (i == 2 && (s->parent == NULL || strcmp(s->dir, s->parent->dir) != 0)) {
      snprintf(dir, sizeof dir, "%s", s->dir);
    }
    w = snprintf(full, sizeof full, "%s/%s", dir, layer_files[i]);
    if (dir[0] != '\0' && w > 0 && (size_t)w < sizeof full && lstat(full, &st) == 0) {
      /* the terrain layer is checked by the map's loader, the charts by the charts' (each
      ** against the folder found here, with its own words); the line of sight layer here */
      if (i == VL_SCENARIO_LOS) {
        vl_error why;
        int rc = vl_path_inside(dir, full, &why);
        if (rc == VL_ENOMEM) return nomem(err);
        if (rc == VL_EINVAL)
          return fail(err, full, 0, "leads out of the map's folder (%s): a scenario's files stay "
                      "inside its folder, symbolic links included", dir);
        if (rc != VL_OK || stat(full, &st) != 0 || !S_ISREG(st.st_mode))
          return fail(err, full, 0, "not a regular file");
      }
      s->layer[i] = vl_arena_strndup(&s->a, full, (size_t)w);
      s->layer_root[i] = vl_arena_strndup(&s->a, dir, strlen(dir));
      if (s->layer[i] == NULL || s->layer_root[i] == NULL) return nomem(err);
    } else if (s->parent != NULL) {
      s->layer[i] = s->parent->layer[i];         /* the parent outlives nothing of s */
      s->layer_root[i] = s->parent->layer_root[i];
    }
  }
  return VL_OK;
}

static vl_scenario *load(const char *path, const char *text, chain *c, vl_error *err) {
  vl_scenario *s = calloc(1, sizeof *s);
  rfile v;
  const rkey *bk, *ek;
  int rc;
  if (s == NULL) {
    nomem(err);
    return NULL;
  }
  s->file = vl_arena_strndup(&s->a, path, strlen(path));
  s->dir = text == NULL ? dir_of(&s->a, path) : NULL;
  if (s->file == NULL || (text == NULL && s->dir == NULL)) {
    nomem(err);
    vl_scenario_free(s);
    return NULL;
  }
  snprintf(c->file[c->n], PATH_MAX, "%s", path);
  if (text != NULL || realpath(path, c->real[c->n]) == NULL)
    snprintf(c->real[c->n], PATH_MAX, "%s", path);
  rc = text == NULL ? in_folder(s->dir, path, NULL, 0, NULL, NULL, err) : VL_OK;
  if (rc == VL_OK) rc = read_file(&v, &s->a, path, text, err);
  if (rc != VL_OK) {
    vl_scenario_free(s);
    return NULL;
  }
  s->last_line = v.last_line;
  bk = find_key(v.keys, v.nkey, "scenario", "base");
  ek = find_key(v.keys, v.nkey, "scenario", "extends");
  if (bk != NULL && ek != NULL) {
    const rkey *later = bk->line > ek->line ? bk : ek;
    fail(err, later->file, later->line, "%s: a scenario gives base (a file of its folder) or "
         "extends (a scenario id), not both", later->key);
    rc = VL_EPARSE;
  } else if (bk != NULL || ek != NULL) {
    rc = with_parent(s, &v, bk != NULL ? bk : ek, c, err);
  } else {
    s->keys = v.keys;  /* the file is the whole scenario: take its arrays */
    s->nkey = v.nkey;
    s->secs = v.secs;
    s->nsec = v.nsec;
    v.keys = NULL;
    v.secs = NULL;
  }
  rfile_free(&v);
  if (rc == VL_OK) rc = build(s, err);
  if (rc == VL_OK) rc = find_layers(s, err);
  if (rc != VL_OK) {
    vl_scenario_free(s);
    return NULL;
  }
  return s;
}

/* Opens path (text NULL) or text through a fresh chain over the roots given. */
static vl_scenario *open_chain(const char *path, const char *text, const char *const *roots,
                               int nroots, vl_error *err) {
  chain *c = calloc(1, sizeof *c);
  vl_scenario *s;
  if (c == NULL) {
    nomem(err);
    return NULL;
  }
  c->roots = roots;
  c->nroots = nroots;
  s = load(path, text, c, err);
  vl_path_free(c->own);
  free(c);
  return s;
}

/* ---- the public API ------------------------------------------------------------------------ */

vl_scenario *vl_scenario_load(const char *path, vl_error *err) {
  return vl_scenario_load_roots(path, NULL, 0, err);
}

vl_scenario *vl_scenario_load_roots(const char *path, const char *const *roots, int nroots,
                                    vl_error *err) {
  if (path == NULL) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "no path");
    return NULL;
  }
  if (roots == NULL && nroots != 0) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "no roots");
    return NULL;
  }
  return open_chain(path, NULL, roots, nroots, err);
}

vl_scenario *vl_scenario_load_string(const char *text, const char *name, vl_error *err) {
  if (text == NULL) {
    vl_error_set(err, VL_EINVAL, NULL, 0, "no text");
    return NULL;
  }
  return open_chain(name ? name : "scenario.ini", text, NULL, 0, err);
}

void vl_scenario_free(vl_scenario *s) {
  if (s == NULL) return;
  vl_scenario_free(s->parent);
  free(s->keys);
  free(s->secs);
  vl_arena_free(&s->a);
  free(s);
}

static int probe_section(void *user, const vl_ini_item *it, vl_error *err) {
  (void)err;
  if (it->event == VL_INI_SECTION && strcmp(it->section, "scenario") == 0) *(int *)user = 1;
  return VL_OK;
}

int vl_scenario_probe(const char *path, vl_error *err) {
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  int found = 0, rc;
  if (slash == NULL) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else if ((size_t)(slash - path) >= sizeof dir) return fail(err, path, 0, "path too long");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  rc = in_folder(dir, path, NULL, 0, NULL, NULL, err);
  if (rc == VL_OK) rc = vl_ini_parse_file(path, probe_section, &found, err);
  return rc != VL_OK ? rc : found;
}

const char *vl_scenario_file(const vl_scenario *s) { return s->file; }
const char *vl_scenario_dir(const vl_scenario *s) { return s->dir; }
const char *vl_scenario_base(const vl_scenario *s) { return s->base; }
const char *vl_scenario_extends(const vl_scenario *s) { return s->extends; }
const vl_scenario *vl_scenario_parent(const vl_scenario *s) { return s->parent; }

const char *vl_scenario_layer(const vl_scenario *s, vl_scenario_layer_kind kind,
                              const char **root) {
  if ((int)kind < 0 || (int)kind >= NLAYERS) {
    if (root != NULL) *root = NULL;
    return NULL;
  }
  if (root != NULL) *root = s->layer_root[kind];
  return s->layer[kind];
}

const vl_scenario_item *vl_scenario_get(const vl_scenario *s, const char *section,
                                        const char *key) {
  int i;
  for (i = 0; i < s->nkey; i++)
    if (strcmp(s->items[i].section, section) == 0 && strcmp(s->items[i].key, key) == 0)
      return &s->items[i];
  return NULL;
}

int vl_scenario_max_decisions(const vl_scenario *s) { return s->max_decisions; }
int vl_scenario_side_count(const vl_scenario *s) { return s->nsides; }

const char *vl_scenario_side(const vl_scenario *s, int i) {
  return i >= 0 && i < s->nsides ? s->sides[i] : NULL;
}

const char *vl_scenario_first(const vl_scenario *s) { return s->sides[s->first]; }

int vl_scenario_count(const vl_scenario *s, vl_scenario_list which) {
  return (int)which >= 0 && (int)which < NLISTS ? s->count[which] : 0;
}

const vl_scenario_item *vl_scenario_at(const vl_scenario *s, vl_scenario_list which, int i) {
  if ((int)which < 0 || (int)which >= NLISTS || i < 0 || i >= s->count[which]) return NULL;
  return s->lists[which][i];
}
