/*
** test_ini.c -- the INI reading layer: what the handler sees (line numbers, continuation
** lines with their whole key, inline comments), every refusal with its line and message,
** and the options Debian's libinih was built with.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ini.h>

#include "volley/ini.h"

/* Records every call as one line "E section|key|value|line|cont"; can refuse one key. */
typedef struct record {
  char out[4096];
  const char *refuse_key;  /* return an error on this key */
  int calls;
} record;

static int rec(void *user, const vl_ini_item *it, vl_error *err) {
  record *r = user;
  size_t n = strlen(r->out);
  static const char ev[] = "SVE";
  r->calls++;
  snprintf(r->out + n, sizeof r->out - n, "%c %s|%s|%s|%d|%d\n", ev[it->event],
           it->section ? it->section : "-", it->key ? it->key : "-",
           it->value ? it->value : "-", it->line, it->continuation);
  if (r->refuse_key != NULL && it->key != NULL && strcmp(it->key, r->refuse_key) == 0)
    return vl_ini_error(err, it, "unknown key '%s' in [%s]", it->key, it->section);
  return VL_OK;
}

static int parse(const char *text, record *r, vl_error *err) {
  memset(err, 0, sizeof *err);
  return vl_ini_parse_buffer("t.ini", text, strlen(text), rec, r, err);
}

static void debian_libinih_options_are_the_ones_relied_on(void **state) {
  (void)state;
  assert_true(ini_allow_multiline);
  assert_true(ini_allow_inline_comments);
  assert_string_equal(ini_inline_comment_prefixes, ";");
  assert_string_equal(ini_start_comment_prefixes, ";#");
  assert_true(ini_allow_bom);
  assert_int_equal(ini_max_line, 200);
  assert_true(ini_use_stack);
  assert_false(ini_stop_on_first_error);
  assert_false(ini_allow_no_value);
}

static void handler_sees_sections_values_lines_and_continuations(void **state) {
  record r = {"", NULL, 0};
  vl_error err;
  const char *long_key = "a_key_of_exactly_forty_nine_bytes_xxxxxxxxxxxxxxx";  /* 49 */
  char text[1024];
  (void)state;
  assert_int_equal(strlen(long_key), 49);
  snprintf(text, sizeof text,
           "; a comment\n"
           "# another\n"
           "[map]\n"
           "system = rough_and_ready ; inline comment\n"
           "odds=1-2;not a comment\n"
           "\n"
           "[hexsides]   ; trailing comment\n"
           "%s = 2014/2015 2015/2016\n"
           "  2016/2017   ; more\n"
           "    ; an indented comment line\n"
           "\t2017/2018\n"
           "links = G:1012\n",
           long_key);
  assert_int_equal(parse(text, &r, &err), VL_OK);
  snprintf(text, sizeof text,
           "S map|-|-|3|0\n"
           "V map|system|rough_and_ready|4|0\n"
           "V map|odds|1-2;not a comment|5|0\n"
           "S hexsides|-|-|7|0\n"
           "V hexsides|%s|2014/2015 2015/2016|8|0\n"
           "V hexsides|%s|2016/2017|9|1\n"
           "V hexsides|%s|2017/2018|11|1\n"
           "V hexsides|links|G:1012|12|0\n"
           "E -|-|-|12|0\n",
           long_key, long_key, long_key);
  assert_string_equal(r.out, text);
}

static void crlf_bom_and_a_last_line_without_newline_are_read(void **state) {
  record r = {"", NULL, 0};
  vl_error err;
  (void)state;
  assert_int_equal(parse("\xEF\xBB\xBF[a]\r\nk = v\r\nw = \xC3\xA9t\xC3\xA9", &r, &err), VL_OK);
  assert_string_equal(r.out,
                      "S a|-|-|1|0\nV a|k|v|2|0\nV a|w|\xC3\xA9t\xC3\xA9|3|0\nE -|-|-|3|0\n");
}

static void an_empty_file_ends_at_line_one(void **state) {
  record r = {"", NULL, 0};
  vl_error err;
  (void)state;
  assert_int_equal(parse("", &r, &err), VL_OK);
  assert_string_equal(r.out, "E -|-|-|1|0\n");
}

/* Parses text and checks the refusal's code, line and message. */
static void refused(const char *text, size_t len, int line, const char *msg) {
  record r = {"", NULL, 0};
  vl_error err;
  memset(&err, 0, sizeof err);
  assert_int_equal(vl_ini_parse_buffer("t.ini", text, len, rec, &r, &err), VL_EPARSE);
  assert_string_equal(err.file, "t.ini");
  assert_int_equal(err.line, line);
  assert_string_equal(err.msg, msg);
}
#define REFUSED(text, line, msg) refused(text, sizeof(text) - 1, line, msg)

/* Fills text with "[a]\nk = xxx..." whose line 2 is len bytes, then end (a string). */
static void long_line(char *text, size_t len, const char *end) {
  memset(text, 'x', 4 + len);
  memcpy(text, "[a]\nk = ", 8);
  strcpy(text + 4 + len, end);
}

static void long_lines_are_refused_at_199_bytes(void **state) {
  char text[512];
  record r = {"", NULL, 0};
  vl_error err;
  (void)state;
  long_line(text, 198, "\n");  /* the longest accepted */
  assert_int_equal(parse(text, &r, &err), VL_OK);
  long_line(text, 198, "\r\n");
  assert_int_equal(parse(text, &r, &err), VL_OK);
  long_line(text, 199, "\n");
  refused(text, strlen(text), 2, "line too long (199 bytes; at most 198)");
  long_line(text, 300, "");  /* a long last line with no newline */
  refused(text, strlen(text), 2, "line too long (300 bytes; at most 198)");
}

static void bytes_that_are_not_text_are_refused(void **state) {
  (void)state;
  REFUSED("[a]\nk = a\0b\n", 2, "NUL byte at column 6");
  REFUSED("[a]\nk = caf\xE9\n", 2, "invalid UTF-8 at column 8");
  REFUSED("[a]\nk = \xC0\xAF\n", 2, "invalid UTF-8 at column 5");          /* overlong */
  REFUSED("[a]\nk = \xED\xA0\x80\n", 2, "invalid UTF-8 at column 5");      /* surrogate */
  REFUSED("[a]\nk = \xF4\x90\x80\x80\n", 2, "invalid UTF-8 at column 5");  /* > U+10FFFF */
  REFUSED("[a]\nk = \xE2\x82\n", 2, "invalid UTF-8 at column 5");          /* cut short */
  /* what a terminal or a transcript would obey: an escape, DEL, a C1 CSI, a lone CR */
  REFUSED("[a]\nk = red\x1B[31m\n", 2, "a control character (U+001B) at column 8");
  REFUSED("[a]\nk = a\x7F\n", 2, "a control character (U+007F) at column 6");
  REFUSED("[a]\nk = a\xC2\x9B" "31m\n", 2, "a control character (U+009B) at column 6");
  REFUSED("[a]\nk = a\rb\n", 2, "a carriage return at column 6");
  REFUSED("[a]\nk = a\x01" "b\n", 2, "a control character (U+0001) at column 6");
}

/* A leading BOM is skipped (crlf_bom_and_a_last_line_without_newline_are_read); any other
** U+FEFF is refused with one message that says what it is, where libinih would have read a
** second BOM as part of a key ("expected 'key = value'", or a key 'columns' that looks
** right and is unknown). */
static void a_byte_order_mark_past_the_start_is_refused(void **state) {
  (void)state;
  REFUSED("\xEF\xBB\xBF\xEF\xBB\xBF[a]\nk = v\n", 1, "a byte-order mark (U+FEFF) at column "
          "1: only the start of the file may hold one");         /* saved twice with a BOM */
  REFUSED("[a]\nk = v\n\xEF\xBB\xBF[b]\n", 3, "a byte-order mark (U+FEFF) at column 1: only "
          "the start of the file may hold one");                 /* two files put together */
  REFUSED("[a]\n\xEF\xBB\xBFk = v\n", 2, "a byte-order mark (U+FEFF) at column 1: only the "
          "start of the file may hold one");
  REFUSED("[a]\nk = x\xEF\xBB\xBFy\n", 2, "a byte-order mark (U+FEFF) at column 6: only the "
          "start of the file may hold one");
}

static void malformed_lines_are_refused(void **state) {
  (void)state;
  REFUSED("[a\n", 1, "section header without ']'");
  REFUSED("[a ;x]\n", 1, "section header without ']'");
  REFUSED("[a] b\n", 1, "text after ']' in a section header");
  REFUSED("[a];b\n", 1, "text after ']' in a section header");
  REFUSED("[]\n", 1, "empty section name");
  REFUSED("[ a]\n", 1, "blank inside the brackets of a section header");
  REFUSED("[abcdefghijabcdefghijabcdefghijabcdefghijabcdefghij]\n", 1,
          "section name longer than 49 bytes");
  REFUSED("[a]\nk v\n", 2, "expected 'key = value'");
  REFUSED("[a]\nk ;= v\n", 2, "expected 'key = value'");
  REFUSED("[a]\n1:2 = v\n", 2, "a key cannot contain ':'");
  REFUSED("[a]\n= v\n", 2, "empty key");
  REFUSED("[a]\nabcdefghijabcdefghijabcdefghijabcdefghijabcdefghij = v\n", 2,
          "key longer than 49 bytes");
  REFUSED("k = v\n", 1, "key 'k' before any [section]");
  REFUSED("[a]\n  k = v\n", 2, "indented line continues no key");
  REFUSED("[a]\nk = 1\n[b]\n  x\n", 4, "indented line continues no key");
}

static void repeats_are_refused(void **state) {
  (void)state;
  REFUSED("[a]\nk = 1\n\nk = 2\n", 4, "duplicate key 'k' in [a] (first at line 2)");
  REFUSED("[a]\n[b]\n[a]\n", 3, "duplicate section [a] (first at line 1)");
  /* the same key in two sections is two keys */
  {
    record r = {"", NULL, 0};
    vl_error err;
    assert_int_equal(parse("[a]\nk = 1\n[b]\nk = 2\n", &r, &err), VL_OK);
  }
}

static void the_handler_error_stops_the_parse(void **state) {
  record r = {"", "bad", 0};
  vl_error err;
  (void)state;
  assert_int_equal(parse("[s]\nok = 1\nbad = 2\nlater = 3\n[t]\n", &r, &err), VL_EPARSE);
  assert_int_equal(err.line, 3);
  assert_string_equal(err.file, "t.ini");
  assert_string_equal(err.msg, "unknown key 'bad' in [s]");
  assert_int_equal(r.calls, 3);  /* [s], ok, bad: nothing after the error */
}

static void files_are_read_or_refused(void **state) {
  record r = {"", NULL, 0};
  vl_error err;
  FILE *f;
  char path[] = "/tmp/volley-test-ini-XXXXXX";
  int fd = mkstemp(path);
  (void)state;
  assert_true(fd >= 0);
  assert_int_equal(vl_ini_parse_file("no/such/file.ini", rec, &r, &err), VL_EIO);
  assert_string_equal(err.file, "no/such/file.ini");
  assert_int_equal(err.line, 0);
  assert_string_equal(err.msg, "cannot open (No such file or directory)");
  f = fdopen(fd, "wb");
  assert_non_null(f);
  fputs("[a]\nk = v\n", f);
  fclose(f);
  assert_int_equal(vl_ini_parse_file(path, rec, &r, &err), VL_OK);
  assert_string_equal(r.out, "S a|-|-|1|0\nV a|k|v|2|0\nE -|-|-|2|0\n");
  remove(path);
}

static void words_split_at_blanks(void **state) {
  const char *s = "  ab\tc  def ", *w;
  size_t n;
  (void)state;
  w = vl_ini_word(&s, &n);
  assert_int_equal(n, 2);
  assert_memory_equal(w, "ab", 2);
  w = vl_ini_word(&s, &n);
  assert_int_equal(n, 1);
  assert_memory_equal(w, "c", 1);
  w = vl_ini_word(&s, &n);
  assert_int_equal(n, 3);
  assert_memory_equal(w, "def", 3);
  assert_null(vl_ini_word(&s, &n));
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(debian_libinih_options_are_the_ones_relied_on),
    cmocka_unit_test(handler_sees_sections_values_lines_and_continuations),
    cmocka_unit_test(crlf_bom_and_a_last_line_without_newline_are_read),
    cmocka_unit_test(an_empty_file_ends_at_line_one),
    cmocka_unit_test(long_lines_are_refused_at_199_bytes),
    cmocka_unit_test(bytes_that_are_not_text_are_refused),
    cmocka_unit_test(a_byte_order_mark_past_the_start_is_refused),
    cmocka_unit_test(malformed_lines_are_refused),
    cmocka_unit_test(repeats_are_refused),
    cmocka_unit_test(the_handler_error_stops_the_parse),
    cmocka_unit_test(files_are_read_or_refused),
    cmocka_unit_test(words_split_at_blanks),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
