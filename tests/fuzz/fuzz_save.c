/*
** fuzz_save.c -- vl_save_parse on a fuzzed save (docs/formats.md "The save file"), three ways:
** as written (its own checksum line, if any), as an unfinished autosave (VL_SAVE_UNFINISHED),
** and re-signed: its checksum line replaced by the right one for the bytes before it, so the
** checks past the checksum (the header, the journal's lines) are reached whatever the fuzzer
** changed. A save that reads writes back (vl_save_text) to the same text -- its whole lines,
** with the checksum line, for an unfinished one -- and that text reads again.
*/
#include "fuzz.h"
#include "volley/save.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc; (void)argv;
  return 0;
}

/* Parses text; checks the refusal or the round trip. */
static void one(const char *text, size_t len, unsigned flags) {
  vl_error err = { 0 };
  vl_save *s = vl_save_parse(text, len, "fuzz.save", flags, &err);
  if (s == NULL) {
    fz_check_error(&err, err.code);
    return;
  }
  size_t out_len = 0;
  char *out = vl_save_text(s, &out_len);
  if (out == NULL) abort();
  if (vl_save_finished(s)) {
    FZ_ASSERT(out_len == len && memcmp(out, text, len) == 0,
              "a finished save (flags %u) writes back to other text", flags);
  } else {
    size_t whole = len;                         /* the input's whole lines */
    while (whole > 0 && text[whole - 1] != '\n') whole--;
    size_t body = out_len - 1;                  /* the output without its checksum line */
    while (body > 0 && out[body - 1] != '\n') body--;
    FZ_ASSERT(body == whole && memcmp(out, text, whole) == 0,
              "an unfinished save writes back to other lines (%zu bytes read, %zu written)",
              whole, body);
  }
  vl_save *again = vl_save_parse(out, out_len, "again.save", 0, &err);
  FZ_ASSERT(again != NULL, "a save written does not read back: %d: %s", err.line, err.msg);
  FZ_ASSERT(vl_save_count(again) == vl_save_count(s), "the journal's length changed");
  vl_save_free(again);
  free(out);
  vl_save_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *text = (const char *)data;
  one(text, size, 0);
  one(text, size, VL_SAVE_UNFINISHED);
  /* re-signed: the bytes before a last "checksum " line (or all, cut to whole lines) */
  size_t body = size;
  while (body > 0 && text[body - 1] != '\n') body--;
  size_t last = body ? body - 1 : 0;
  while (last > 0 && text[last - 1] != '\n') last--;
  if (body - last > 9 && memcmp(text + last, "checksum ", 9) == 0) body = last;
  char hex[VL_SHA256_MAX];
  vl_save_sha256(text, body, hex);
  size_t n = body + 16 + 64 + 1;
  char *signed_text = malloc(n);
  if (signed_text == NULL) abort();
  if (body) memcpy(signed_text, text, body);
  memcpy(signed_text + body, "checksum sha256 ", 16);
  memcpy(signed_text + body + 16, hex, 64);
  signed_text[n - 1] = '\n';
  one(signed_text, n, 0);
  free(signed_text);
  return 0;
}
