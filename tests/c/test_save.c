/*
** test_save.c -- the save file: the exact text of a save (header, journal, checksum), the
** round trip, atomic writes (and VOLLEY_TEST_SAVE_STALL stopping one between write and
** rename), the append-only autosave with its unfinished and resumed states, and the refusals:
** a truncated file, a changed byte, another format version, other content -- each message
** pinned, nothing the caller holds changed. The corrupt files are tests/data/saves/, made by
** hand from good.save.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "volley/save.h"

#define DATA "tests/data/saves/"

#define SHA_A "1111111111111111111111111111111111111111111111111111111111111111"
#define SHA_B "2222222222222222222222222222222222222222222222222222222222222222"
#define SHA_C "3333333333333333333333333333333333333333333333333333333333333333"
#define SHA_D "4444444444444444444444444444444444444444444444444444444444444444"
#define SHA_E "5555555555555555555555555555555555555555555555555555555555555555"

static const vl_save_file files[] = {
  {"scenario", "scenarios/rough-and-ready/palo-alto/scenario.ini", SHA_A},
  {"scenario", "scenarios/rough-and-ready/palo-alto/map.ini", SHA_B},
  {"system", "charts/rough_and_ready/units.ini", SHA_C},
};
static const vl_save_option options[] = {
  {"grass-fire", "scenarios/rough-and-ready/palo-alto/options/grass-fire.lua", SHA_D},
};
static const vl_save_mod mods[] = {{"my mods/house rule.lua", SHA_E}};
static const vl_save_bot bots[] = {{"MEX", "random"}};

static vl_save_header header(void) {
  vl_save_header h;
  memset(&h, 0, sizeof h);
  h.volley = "0.1.0";
  h.scenario = "rough-and-ready/palo-alto";
  h.files = files;
  h.n_files = 3;
  h.options = options;
  h.n_options = 1;
  h.mods = mods;
  h.n_mods = 1;
  h.seed = 12345;
  h.undo = "strict";
  h.bots = bots;
  h.n_bots = 1;
  h.cap = 2000;
  h.view = "US";
  return h;
}

static vl_save_entry answer_str(const char *side, const char *request, const char *v,
                                const char *hash, uint64_t rolls) {
  vl_save_entry e;
  memset(&e, 0, sizeof e);
  e.kind = VL_SAVE_ANSWER;
  e.side = side;
  e.request = request;
  e.vtype = VL_SAVE_STR;
  e.sval = v;
  e.slen = strlen(v);
  snprintf(e.state_hash, sizeof e.state_hash, "%s", hash);
  e.rolls = rolls;
  return e;
}

static vl_save_entry forced(int die, int sides, int f0, int f1, const char *hash, uint64_t rolls) {
  vl_save_entry e;
  memset(&e, 0, sizeof e);
  e.kind = VL_SAVE_FORCED;
  e.die = die;
  e.sides = sides;
  e.faces[0] = f0;
  e.faces[1] = f1;
  snprintf(e.state_hash, sizeof e.state_hash, "%s", hash);
  e.rolls = rolls;
  return e;
}

#define OK(call)                                                                   \
  do {                                                                             \
    vl_error err_;                                                                 \
    memset(&err_, 0, sizeof err_);                                                 \
    if ((call) != VL_OK) fail_msg("%s failed: %s", #call, err_.msg);               \
  } while (0)

/* The six journal lines of good.save. */
static void journal(vl_save *s) {
  vl_save_entry e;
  vl_error err;
  e = answer_str("US", "activation", "Twiggs", "0123456789abcdef", 1);
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e = forced(VL_DICE_D10, 10, 7, 0, "1123456789abcdef", 2);
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e = answer_str("US", "move", "5US-1 3015 \"the ford\"", "2123456789abcdef", 2);
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e = answer_str("MEX", "retreat", "", "3123456789abcdef", 2);
  e.vtype = VL_SAVE_INT;
  e.ival = -3;
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e.vtype = VL_SAVE_BOOL;
  e.ival = 1;
  e.request = "add_leadership";
  snprintf(e.state_hash, sizeof e.state_hash, "4123456789abcdef");
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e = forced(VL_DICE_2D6, 6, 3, 5, "5123456789abcdef", 4);
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
  e = forced(VL_DICE_DN, 12, 12, 0, "6123456789abcdef", 5);
  assert_int_equal(vl_save_append(s, &e, &err), VL_OK);
}

static const char good_body[] =
  "volley-save 1\n"
  "volley 0.1.0\n"
  "scenario rough-and-ready/palo-alto\n"
  "file scenario scenarios/rough-and-ready/palo-alto/scenario.ini sha256 " SHA_A "\n"
  "file scenario scenarios/rough-and-ready/palo-alto/map.ini sha256 " SHA_B "\n"
  "file system charts/rough_and_ready/units.ini sha256 " SHA_C "\n"
  "option grass-fire scenarios/rough-and-ready/palo-alto/options/grass-fire.lua sha256 " SHA_D "\n"
  "mod \"my mods/house rule.lua\" sha256 " SHA_E "\n"
  "seed 12345\n"
  "undo strict\n"
  "bot MEX random\n"
  "cap 2000\n"
  "view US\n"
  "answer US activation \"Twiggs\" state 0123456789abcdef rolls 1\n"
  "forced d10 7 state 1123456789abcdef rolls 2\n"
  "answer US move \"5US-1 3015 \\\"the ford\\\"\" state 2123456789abcdef rolls 2\n"
  "answer MEX retreat -3 state 3123456789abcdef rolls 2\n"
  "answer MEX add_leadership true state 4123456789abcdef rolls 2\n"
  "forced 2d6 3 5 state 5123456789abcdef rolls 4\n"
  "forced dn12 12 state 6123456789abcdef rolls 5\n";

static vl_save *good_save(void) {
  vl_save_header h = header();
  vl_error err;
  vl_save *s = vl_save_new(&h, &err);
  if (s == NULL) fail_msg("%s", err.msg);
  journal(s);
  return s;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *buf;
  long n;
  if (f == NULL) fail_msg("cannot open %s", path);
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  buf = malloc((size_t)n + 1);
  assert_non_null(buf);
  assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
  buf[n] = '\0';
  fclose(f);
  if (len) *len = (size_t)n;
  return buf;
}

static void spit(const char *path, const char *text, size_t len) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  assert_int_equal(fwrite(text, 1, len, f), len);
  fclose(f);
}

static char tmpdir[64];

static int setup(void **unused) {
  (void)unused;
  snprintf(tmpdir, sizeof tmpdir, "/tmp/volley-test-save-XXXXXX");
  return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown(void **unused) {
  char cmd[128];
  (void)unused;
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
  return system(cmd) == 0 ? 0 : -1;
}

static void in_tmp(char *out, size_t n, const char *name) {
  snprintf(out, n, "%s/%s", tmpdir, name);
}

/* ---- the text ------------------------------------------------------------------------------ */

static void sha256_is_nettles(void **unused) {
  char hex[VL_SHA256_MAX];
  (void)unused;
  vl_save_sha256("abc", 3, hex);   /* FIPS 180-2, appendix B.1 */
  assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  vl_save_sha256("", 0, hex);
  assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void writes_the_documented_text(void **unused) {
  vl_save *s = good_save();
  size_t len;
  char *text = vl_save_text(s, &len), want[VL_SHA256_MAX], line[128], *file;
  (void)unused;
  assert_int_equal(strncmp(text, good_body, strlen(good_body)), 0);
  vl_save_sha256(good_body, strlen(good_body), want);
  snprintf(line, sizeof line, "checksum sha256 %s\n", want);
  assert_string_equal(text + strlen(good_body), line);
  assert_int_equal(len, strlen(good_body) + strlen(line));
  /* tests/data/saves/good.save is this very text */
  file = slurp(DATA "good.save", NULL);
  assert_string_equal(file, text);
  free(file);
  free(text);
  vl_save_free(s);
}

static void reads_back_what_it_writes(void **unused) {
  vl_error err;
  vl_save *s = vl_save_read(DATA "good.save", 0, &err), *m = good_save();
  const vl_save_header *h;
  const vl_save_entry *e;
  char *a, *b;
  (void)unused;
  if (s == NULL) fail_msg("%s", err.msg);
  assert_true(vl_save_finished(s));
  h = vl_save_header_of(s);
  assert_int_equal(h->format, 1);
  assert_string_equal(h->volley, "0.1.0");
  assert_string_equal(h->scenario, "rough-and-ready/palo-alto");
  assert_int_equal(h->n_files, 3);
  assert_string_equal(h->files[2].role, "system");
  assert_string_equal(h->mods[0].path, "my mods/house rule.lua");
  assert_true(h->seed == 12345);
  assert_string_equal(h->bots[0].name, "random");
  assert_true(h->cap == 2000);
  assert_int_equal(vl_save_count(s), 7);
  e = vl_save_entry_at(s, 2);
  assert_int_equal(e->kind, VL_SAVE_ANSWER);
  assert_int_equal(e->vtype, VL_SAVE_STR);
  assert_string_equal(e->sval, "5US-1 3015 \"the ford\"");
  e = vl_save_entry_at(s, 3);
  assert_true(e->vtype == VL_SAVE_INT && e->ival == -3);
  e = vl_save_entry_at(s, 5);
  assert_true(e->kind == VL_SAVE_FORCED && e->die == VL_DICE_2D6 && e->faces[0] == 3 &&
              e->faces[1] == 5 && e->rolls == 4);
  assert_string_equal(e->state_hash, "5123456789abcdef");
  e = vl_save_entry_at(s, 6);
  assert_true(e->die == VL_DICE_DN && e->sides == 12 && e->faces[0] == 12);
  a = vl_save_text(s, NULL);
  b = vl_save_text(m, NULL);
  assert_string_equal(a, b);
  free(a);
  free(b);
  vl_save_free(m);
  vl_save_free(s);
}

/* ---- refusals ------------------------------------------------------------------------------ */

typedef struct bad_file {
  const char *file;
  int line;
  const char *msg;
} bad_file;

static void refuses_corrupt_files(void **unused) {
  static const bad_file cases[] = {
    {"truncated.save", 21, "truncated: the file does not end with its checksum line"},
    {"cut_line.save", 18, "truncated: the last line is cut short"},
    {"changed_byte.save", 21, "checksum mismatch: the file has changed since it was written"},
    {"version2.save", 1, "format version 2 is not supported (this volley reads version 1)"},
    {"not_a_save.save", 1, "not a volley save (the first line is not 'volley-save 1')"},
    {"unfinished.save", 16, "truncated: the last line is cut short"},
  };
  vl_save *held = good_save();
  char *before = vl_save_text(held, NULL), *after, path[128];
  size_t i;
  (void)unused;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    vl_error err;
    vl_save *s;
    memset(&err, 0, sizeof err);
    snprintf(path, sizeof path, DATA "%s", cases[i].file);
    s = vl_save_read(path, 0, &err);
    if (s != NULL) fail_msg("%s was not refused", cases[i].file);
    assert_int_equal(err.code, VL_EPARSE);
    assert_string_equal(err.file, path);
    if (err.line != cases[i].line || strcmp(err.msg, cases[i].msg) != 0)
      fail_msg("%s: got %d '%s'", cases[i].file, err.line, err.msg);
  }
  after = vl_save_text(held, NULL);   /* what the caller holds is untouched */
  assert_string_equal(before, after);
  free(before);
  free(after);
  vl_save_free(held);
}

static void refuses_malformed_lines(void **unused) {
  static const struct {
    int line;            /* the line of good_body replaced */
    const char *with;    /* NULL: deleted */
    int err_line;
    const char *msg;
  } cases[] = {
    {2, "volley 0.1 beta", 2, "unexpected 'beta' at the end of the line"},
    {3, "scenario Rough/Palo", 3,
     "scenario id 'Rough/Palo' is not lower-case [a-z0-9-] segments joined by '/'"},
    {4, "file rules x.lua sha256 " SHA_A, 4, "file role 'rules' is neither scenario nor system"},
    {4, "file scenario x.lua sha256 123", 4, "'123' is not 64 lower-case hex digits"},
    {9, NULL, 9, "the 'seed' line is missing"},
    {9, "seed 9007199254740992", 9, "the seed 9007199254740992 is out of range"},
    {10, "undo never", 10, "undo policy 'never' is neither strict nor solo"},
    {11, "cap 0", 11, "the cap is 1 or more"},
    {12, "view US", 12, "the 'cap' line is missing"},
    {13, "cap 3", 13, "'cap' line out of place (the header's order: volley, scenario, file, "
                      "option, mod, seed, undo, bot, cap, view)"},
    {14, "answer US move 1.5 state 0123456789abcdef rolls 1", 14,
     "'1.5' is not an answer (an integer, true, false or a quoted string)"},
    {14, "answer US move 3 state 0123456789ABCDEF rolls 1", 14,
     "state hash '0123456789ABCDEF' is not 16 lower-case hex digits"},
    {15, "forced d7 3 state 1123456789abcdef rolls 2", 15, "unknown die 'd7' (d6, d10, 2d6, dn<N>)"},
    {15, "forced d10 10 state 1123456789abcdef rolls 2", 15, "forced face 10 is out of range (0-9)"},
    {15, "forced 2d6 3 state 1123456789abcdef rolls 2", 15, "a face 'state' is not a decimal integer"},
    {16, "seed 1", 16, "'seed' line after the journal began"},
    {17, "checksum sha256 " SHA_A, 17, "a checksum line before the end"},
    {18, "hello", 18, "unknown line 'hello'"},
  };
  size_t i;
  (void)unused;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[4096], *o = text, hex[VL_SHA256_MAX];
    const char *p = good_body;
    int line = 1;
    vl_error err;
    vl_save *s;
    while (*p) {
      const char *nl = strchr(p, '\n');
      if (line == cases[i].line) {
        if (cases[i].with) o += sprintf(o, "%s\n", cases[i].with);
      } else {
        memcpy(o, p, (size_t)(nl - p) + 1);
        o += nl - p + 1;
      }
      p = nl + 1;
      line++;
    }
    vl_save_sha256(text, (size_t)(o - text), hex);
    sprintf(o, "checksum sha256 %s\n", hex);   /* a well-kept file of bad lines */
    s = vl_save_parse(text, strlen(text), "bad.save", 0, &err);
    if (s != NULL) fail_msg("case %d was not refused", (int)i);
    if (err.line != cases[i].err_line || strcmp(err.msg, cases[i].msg) != 0)
      fail_msg("case %d: got %d '%s'", (int)i, err.line, err.msg);
  }
}

static void refuses_other_content(void **unused) {
  vl_error err;
  vl_save *s = vl_save_read(DATA "good.save", 0, &err);
  vl_save_header now = header();
  vl_save_file f[4];
  vl_save_option o[1];
  vl_save_mod m[2];
  (void)unused;
  assert_non_null(s);
  assert_int_equal(vl_save_check(s, &now, &err), VL_OK);
  now.scenario = "rough-and-ready/resaca-de-la-palma";
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "the game was saved with scenario rough-and-ready/palo-alto, not "
                               "rough-and-ready/resaca-de-la-palma");
  now = header();
  memcpy(f, files, sizeof files);
  f[1].sha256[0] = 'f';          /* map.ini changed */
  now.files = f;
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "scenarios/rough-and-ready/palo-alto/map.ini has changed since the "
                               "game was saved");
  memcpy(f, files, sizeof files);
  f[2].sha256[63] = '0';         /* the system's units.ini changed */
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "charts/rough_and_ready/units.ini has changed since the game was saved");
  memcpy(f, files, sizeof files);
  now.n_files = 2;               /* units.ini gone */
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "charts/rough_and_ready/units.ini (a system file of the save) is no "
                               "longer part of the game");
  f[3] = f[2];
  f[3].path = "scenarios/rough-and-ready/palo-alto/rules.lua";
  now.n_files = 4;               /* a new file */
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "scenarios/rough-and-ready/palo-alto/rules.lua is new since the game "
                               "was saved");
  now = header();
  o[0] = options[0];
  o[0].sha256[5] = 'a';
  now.options = o;
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "scenarios/rough-and-ready/palo-alto/options/grass-fire.lua (option "
                               "grass-fire) has changed since the game was saved");
  now.n_options = 0;
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "the game was saved with option grass-fire");
  now = header();
  m[0] = mods[0];
  m[1] = mods[0];
  m[1].path = "second.lua";
  now.mods = m;
  now.n_mods = 2;
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "mod second.lua was not in the saved game (or not in this order)");
  now.n_mods = 1;
  m[0].sha256[0] = '0';
  assert_int_equal(vl_save_check(s, &now, &err), VL_EINVAL);
  assert_string_equal(err.msg, "my mods/house rule.lua (a mod) has changed since the game was saved");
  vl_save_free(s);
}

static void refuses_bad_headers_and_lines_in_memory(void **unused) {
  vl_save_header h = header();
  vl_save_entry e;
  vl_error err;
  vl_save *s;
  (void)unused;
  h.seed = UINT64_C(1) << 53;
  assert_null(vl_save_new(&h, &err));
  assert_string_equal(err.msg, "seed 9007199254740992 is out of range (0 to 2^53 - 1)");
  h = header();
  h.undo = "maybe";
  assert_null(vl_save_new(&h, &err));
  assert_string_equal(err.msg, "undo policy 'maybe' is neither strict nor solo");
  h = header();
  h.view = "two words";
  assert_null(vl_save_new(&h, &err));
  assert_string_equal(err.msg, "view 'two words' is not a word (letters, digits and _ . / -, at most 255 bytes)");
  h = header();
  s = vl_save_new(&h, &err);
  assert_non_null(s);
  e = answer_str("US", "move", "x", "0123", 1);
  assert_int_equal(vl_save_append(s, &e, &err), VL_EINVAL);
  assert_string_equal(err.msg, "state hash '0123' is not 16 lower-case hex digits");
  e = forced(VL_DICE_D6, 6, 7, 0, "0123456789abcdef", 1);
  assert_int_equal(vl_save_append(s, &e, &err), VL_EINVAL);
  assert_string_equal(err.msg, "forced face 7 is out of range (1-6)");
  assert_int_equal(vl_save_count(s), 0);
  vl_save_free(s);
}

/* ---- files --------------------------------------------------------------------------------- */

static void writes_atomically(void **unused) {
  vl_save *s = good_save();
  char path[128], tmp[128], *a, *b;
  vl_error err;
  struct stat sb;
  (void)unused;
  in_tmp(path, sizeof path, "game.save");
  in_tmp(tmp, sizeof tmp, ".game.save.tmp");
  spit(path, "notes\n", 6);            /* a save replaces only a save: this one is kept */
  assert_int_equal(vl_save_write(s, path, &err), VL_EIO);
  assert_string_equal(err.msg, "not a volley save, so not replaced (remove it or give another "
                               "name)");
  a = slurp(path, NULL);
  assert_string_equal(a, "notes\n");
  free(a);
  spit(path, "volley-save 1\nold\n", 18);
  assert_int_equal(vl_save_write(s, path, &err), VL_OK);
  a = slurp(path, NULL);
  b = vl_save_text(s, NULL);
  assert_string_equal(a, b);
  assert_int_equal(stat(tmp, &sb), -1);   /* renamed away */
  free(a);
  free(b);
  in_tmp(path, sizeof path, "no/such/dir/game.save");
  assert_int_equal(vl_save_write(s, path, &err), VL_EIO);
  assert_non_null(strstr(err.msg, "No such file or directory"));
  /* never renamed over what is not a regular file (a device, a fifo, a directory): a fifo
  ** stands in for a device, which a failing test must not destroy */
  in_tmp(path, sizeof path, "a.fifo");
  unlink(path);
  assert_int_equal(mkfifo(path, 0600), 0);
  assert_int_equal(vl_save_write(s, path, &err), VL_EIO);
  assert_string_equal(err.msg, "not a regular file: a save would replace it");
  assert_int_equal(lstat(path, &sb), 0);
  assert_true(S_ISFIFO(sb.st_mode));
  unlink(path);
  vl_save_free(s);
}

/* The temporary file is created new: a symbolic link planted at ".<name>.tmp" is refused and
** its target left alone (the save once wrote through it); a stale regular temporary file (a
** crash between write and rename) is removed and the save goes on. */
static void never_writes_through_a_planted_link(void **unused) {
  vl_save *s = good_save();
  char path[128], tmp[128], victim[128], *a;
  vl_error err;
  struct stat sb;
  (void)unused;
  in_tmp(path, sizeof path, "linked.save");
  in_tmp(tmp, sizeof tmp, ".linked.save.tmp");
  in_tmp(victim, sizeof victim, "victim.txt");
  spit(victim, "precious\n", 9);
  assert_int_equal(symlink(victim, tmp), 0);
  assert_int_equal(vl_save_write(s, path, &err), VL_EIO);
  assert_non_null(strstr(err.msg, "linked.save.tmp': it exists and is not a regular file (remove it)"));
  a = slurp(victim, NULL);
  assert_string_equal(a, "precious\n");
  free(a);
  assert_int_equal(lstat(path, &sb), -1);
  /* a link to where nothing is yet: still refused, nothing created there */
  unlink(tmp);
  unlink(victim);
  assert_int_equal(symlink(victim, tmp), 0);
  assert_int_equal(vl_save_write(s, path, &err), VL_EIO);
  assert_int_equal(lstat(victim, &sb), -1);
  unlink(tmp);
  /* a stale regular temporary file is replaced */
  spit(tmp, "stale", 5);
  assert_int_equal(vl_save_write(s, path, &err), VL_OK);
  assert_int_equal(lstat(tmp, &sb), -1);
  assert_int_equal(lstat(path, &sb), 0);
  vl_save_free(s);
}

/* What --save is checked for before a game. */
static void checks_a_target_before_the_game(void **unused) {
  char path[512], name[300];
  vl_error err;
  (void)unused;
  in_tmp(path, sizeof path, "fine.save");
  assert_int_equal(vl_save_check_target(path, &err), VL_OK);
  assert_int_equal(vl_save_check_target("bare.save", &err), VL_OK);
  in_tmp(path, sizeof path, "no/such/dir/game.save");
  assert_int_equal(vl_save_check_target(path, &err), VL_EIO);
  assert_non_null(strstr(err.msg, "cannot write in the folder /tmp/volley-test-save-"));
  assert_non_null(strstr(err.msg, "/no/such/dir (No such file or directory)"));
  assert_int_equal(vl_save_check_target(tmpdir, &err), VL_EINVAL);
  assert_string_equal(err.msg, "is a directory");
  assert_int_equal(vl_save_check_target("/tmp/", &err), VL_EINVAL);
  assert_string_equal(err.msg, "a folder, not a file name");
  memset(name, 'n', 251);
  name[251] = '\0';
  in_tmp(path, sizeof path, name);
  assert_int_equal(vl_save_check_target(path, &err), VL_EINVAL);
  assert_string_equal(err.msg, "the file name is too long (251 bytes; at most 250)");
  name[250] = '\0';
  in_tmp(path, sizeof path, name);
  assert_int_equal(vl_save_check_target(path, &err), VL_OK);
  in_tmp(path, sizeof path, "plain");
  spit(path, "x", 1);
  in_tmp(path, sizeof path, "plain/x.save");
  assert_int_equal(vl_save_check_target(path, &err), VL_EIO);
  assert_non_null(strstr(err.msg, "/plain (not a folder)"));
}

/* A scenario played by a path that is not an id is written quoted and read back. */
static void records_a_scenario_path(void **unused) {
  vl_save_header h = header();
  vl_save *s, *back;
  vl_error err;
  char *text;
  size_t len;
  (void)unused;
  h.scenario = "/tmp/my demo";
  s = vl_save_new(&h, &err);
  assert_non_null(s);
  text = vl_save_text(s, &len);
  assert_non_null(strstr(text, "\nscenario \"/tmp/my demo\"\n"));
  back = vl_save_parse(text, len, "t.save", 0, &err);
  assert_non_null(back);
  assert_string_equal(vl_save_header_of(back)->scenario, "/tmp/my demo");
  assert_int_equal(vl_save_check(back, &h, &err), VL_OK);
  vl_save_free(back);
  free(text);
  vl_save_free(s);
  h.scenario = "tests/data/demo";   /* id-like: bare, as saves always wrote it */
  s = vl_save_new(&h, &err);
  text = vl_save_text(s, NULL);
  assert_non_null(strstr(text, "\nscenario tests/data/demo\n"));
  free(text);
  vl_save_free(s);
  h.scenario = "";
  assert_null(vl_save_new(&h, &err));
  assert_string_equal(err.msg, "scenario '' is neither an id nor a path (non-empty UTF-8, at most 4095 bytes)");
}

static void a_stalled_save_leaves_the_old_file(void **unused) {
  vl_save *s = good_save();
  char path[128], tmp[128], *a, *b;
  vl_error err;
  int status;
  pid_t pid;
  (void)unused;
  in_tmp(path, sizeof path, "stall.save");
  in_tmp(tmp, sizeof tmp, ".stall.save.tmp");
  spit(path, "volley-save 1\nold\n", 18);
  pid = fork();
  assert_true(pid >= 0);
  if (pid == 0) {
    setenv("VOLLEY_TEST_SAVE_STALL", "1", 1);
    _exit(vl_save_write(s, path, &err) == VL_OK ? 0 : 1);
  }
  assert_int_equal(waitpid(pid, &status, WUNTRACED), pid);
  assert_true(WIFSTOPPED(status));                 /* stopped between write and rename */
  a = slurp(path, NULL);
  assert_string_equal(a, "volley-save 1\nold\n");   /* the old save is whole */
  free(a);
  a = slurp(tmp, NULL);
  b = vl_save_text(s, NULL);
  assert_string_equal(a, b);                       /* the new one is written, not yet renamed */
  free(a);
  kill(pid, SIGKILL);                              /* the crash */
  assert_int_equal(waitpid(pid, &status, 0), pid);
  assert_true(WIFSIGNALED(status));
  a = slurp(path, NULL);
  assert_string_equal(a, "volley-save 1\nold\n");
  free(a);
  assert_int_equal(vl_save_write(s, path, &err), VL_OK);   /* the next save goes through */
  a = slurp(path, NULL);
  assert_string_equal(a, b);
  free(a);
  free(b);
  vl_save_free(s);
}

static void autosave_is_append_only(void **unused) {
  vl_save_header h = header();
  vl_save *empty = vl_save_new(&h, NULL), *full = good_save(), *r;
  vl_autosave *a;
  char path[128], *text, *want;
  size_t i, len;
  vl_error err;
  FILE *f;
  (void)unused;
  in_tmp(path, sizeof path, "auto.save");
  a = vl_autosave_create(path, empty, &err);
  if (a == NULL) fail_msg("%s", err.msg);
  for (i = 0; i < 3; i++) assert_int_equal(vl_autosave_append(a, vl_save_entry_at(full, i), &err), VL_OK);
  /* unfinished: refused as truncated, read as unfinished with the flag */
  assert_null(vl_save_read(path, 0, &err));
  assert_string_equal(err.msg, "truncated: the file does not end with its checksum line");
  r = vl_save_read(path, VL_SAVE_UNFINISHED, &err);
  assert_non_null(r);
  assert_false(vl_save_finished(r));
  assert_int_equal(vl_save_count(r), 3);
  vl_save_free(r);
  /* a crash in the middle of a line: the reader drops the cut-off line */
  vl_autosave_abandon(a);
  f = fopen(path, "ab");
  fputs("answer MEX retr", f);
  fclose(f);
  r = vl_save_read(path, VL_SAVE_UNFINISHED, &err);
  assert_non_null(r);
  assert_int_equal(vl_save_count(r), 3);
  vl_save_free(r);
  /* resumed: the cut-off line goes, the journal goes on, the checksum closes it */
  a = vl_autosave_resume(path, &r, &err);
  if (a == NULL) fail_msg("%s", err.msg);
  assert_int_equal(vl_save_count(r), 3);
  vl_save_free(r);
  for (i = 3; i < 5; i++) assert_int_equal(vl_autosave_append(a, vl_save_entry_at(full, i), &err), VL_OK);
  assert_int_equal(vl_autosave_close(a, &err), VL_OK);
  r = vl_save_read(path, 0, &err);
  assert_non_null(r);
  assert_true(vl_save_finished(r));
  assert_int_equal(vl_save_count(r), 5);
  vl_save_free(r);
  /* a closed game resumed again: its checksum line goes, then comes back at the end */
  a = vl_autosave_resume(path, &r, &err);
  assert_non_null(a);
  vl_save_free(r);
  for (i = 5; i < 7; i++) assert_int_equal(vl_autosave_append(a, vl_save_entry_at(full, i), &err), VL_OK);
  assert_int_equal(vl_autosave_close(a, &err), VL_OK);
  text = slurp(path, &len);
  want = vl_save_text(full, NULL);
  assert_string_equal(text, want);   /* the very file a whole write would have made */
  free(text);
  free(want);
  /* never rewritten whole: creating it again is refused */
  assert_null(vl_autosave_create(path, empty, &err));
  assert_int_equal(err.code, VL_EIO);
  assert_non_null(strstr(err.msg, "cannot create the autosave"));
  assert_non_null(strstr(err.msg, "File exists"));
  vl_save_free(full);
  vl_save_free(empty);
}

static void hashes_a_file(void **unused) {
  char path[128], hex[VL_SHA256_MAX];
  vl_error err;
  (void)unused;
  in_tmp(path, sizeof path, "abc.txt");
  spit(path, "abc", 3);
  assert_int_equal(vl_save_hash_file(path, hex, &err), VL_OK);
  assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  in_tmp(path, sizeof path, "missing.txt");
  assert_int_equal(vl_save_hash_file(path, hex, &err), VL_EIO);
  assert_non_null(strstr(err.msg, "missing.txt': No such file or directory"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(sha256_is_nettles),
    cmocka_unit_test(writes_the_documented_text),
    cmocka_unit_test(reads_back_what_it_writes),
    cmocka_unit_test(refuses_corrupt_files),
    cmocka_unit_test(refuses_malformed_lines),
    cmocka_unit_test(refuses_other_content),
    cmocka_unit_test(refuses_bad_headers_and_lines_in_memory),
    cmocka_unit_test(writes_atomically),
    cmocka_unit_test(never_writes_through_a_planted_link),
    cmocka_unit_test(checks_a_target_before_the_game),
    cmocka_unit_test(records_a_scenario_path),
    cmocka_unit_test(a_stalled_save_leaves_the_old_file),
    cmocka_unit_test(autosave_is_append_only),
    cmocka_unit_test(hashes_a_file),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
