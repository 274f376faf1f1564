/*
** save.h -- the save file (DESIGN.md Part B "The save file"; the format is docs/formats.md
** "The save file", the decisions docs/save.md). UTF-8 text lines:
**
**   - a header: the format version, the volley version that wrote it, the scenario id, the
**     SHA-256 of every file the game was played with (the scenario's files, the system's
**     scripts and charts), the options and the mods with theirs, the seed, the undo policy,
**     the bots, the cap and the view;
**   - the journal: one line per answer and per forced roll, each carrying the state hash and
**     the roll count just after it (so a replay can say where it diverged);
**   - a last line "checksum sha256 <hex>" over every byte before it.
**
** What the header records is what the game was *played with*; the save never stores the
** state itself: a game is a pure function of (content, options, mods, seed, journal), and the
** replay recomputes it. The scenario loader does not exist yet, so the header is given by the
** caller (vl_save_hash_file hashes a file's content).
**
** Writing is atomic (a temporary file in the same directory, fsync, rename, fsync of the
** directory). The autosave is the same format written append-only: the header once, then one
** line and one fdatasync per answer, and the checksum line when the game is closed properly.
** A reader told to (VL_SAVE_UNFINISHED) takes an autosave without its checksum line as
** unfinished, up to its last whole line.
**
** Reading refuses, with the file, the line and the reason, and without changing anything the
** caller holds: a file cut short, a changed byte (the checksum), another format version, and
** (vl_save_check) a header naming other scenario or rules content than the files on disk now,
** saying which file changed. Core module: no Lua, no printing; strings borrowed from a vl_save
** live as long as it does.
*/
#ifndef VOLLEY_SAVE_H
#define VOLLEY_SAVE_H

#include <stddef.h>
#include <stdint.h>

#include "volley/dice.h"
#include "volley/error.h"
#include "volley/state.h"

/* The format version this volley writes and reads (the first line: "volley-save 1"). */
#define VL_SAVE_FORMAT 1

/* Room for a SHA-256 as 64 lower-case hex digits and the NUL. */
#define VL_SHA256_MAX 65

/* What a save may hold (docs/formats.md "The save file", "Limits"). The writer and the reader
** check the same limits, so a save that is written can be read back; the runtime refuses a
** value past one where it enters (a request's kind or answers when a script asks, a path when
** the game starts), naming who gave it. */

/* The longest word, in bytes: a side, a request's kind, an option or bot name, the view, the
** volley version, and a scenario id (a longer id-shaped scenario is written as a path). */
#define VL_SAVE_WORD_MAX 255
/* The longest path (the scenario opened by a path, a file, an option's file, a mod), in bytes:
** PATH_MAX less its NUL, the longest the system opens. Written bare when it is a word of at
** most VL_SAVE_WORD_MAX bytes, otherwise quoted. */
#define VL_SAVE_PATH_MAX 4095
/* The longest string answer, in bytes: a line of the command language (docs/shell.md). */
#define VL_SAVE_ANSWER_MAX 4096
/* The most lines of each of the header's lists (files, options, mods, bots). */
#define VL_SAVE_LIST_MAX 4096
/* The most journal lines (answers and forced rolls): 26 times the default cap of 10,000
** decisions; a game whose journal is full stops as a capped game does. */
#define VL_SAVE_LINES_MAX 262144
/* The longest line a save may hold, in bytes without its LF: an answer with the longest
** side, kind and string answer, each byte of it escaped (4 bytes), and the largest numbers. */
#define VL_SAVE_LINE_MAX (7 + 2 * (VL_SAVE_WORD_MAX + 1) + 2 + 4 * VL_SAVE_ANSWER_MAX + 7 + 16 + 7 + 20)
/* The largest save, in bytes: 64 MiB, over 600,000 answers of a real game (60 to 100 bytes a
** line). A larger file is refused before it is read. */
#define VL_SAVE_SIZE_MAX ((size_t)64 << 20)

/* A file the game was played with. role: "scenario" (scenario.ini, the variant, map.ini,
** oob.ini, rules.lua, the scenario's own charts) or "system" (the system's scripts and
** charts). path: as the loader names it (relative to its data root), UTF-8. */
typedef struct vl_save_file {
  const char *role;
  const char *path;
  char sha256[VL_SHA256_MAX];
} vl_save_file;

/* An option chosen (`--option NAME`) and the file that implements it. */
typedef struct vl_save_option {
  const char *name;
  const char *path;
  char sha256[VL_SHA256_MAX];
} vl_save_option;

/* A mod (`--mod F`), in command-line order. */
typedef struct vl_save_mod {
  const char *path;
  char sha256[VL_SHA256_MAX];
} vl_save_mod;

/* A bot on a side (`--bot SIDE=NAME`). */
typedef struct vl_save_bot {
  const char *side;
  const char *name;
} vl_save_bot;

/* The header. Words (side, bot and option names, the view) are [A-Za-z0-9_./-]+; the
** scenario is an id, lower-case [a-z0-9-] segments joined by '/', or the path the scenario
** was opened by (non-empty UTF-8; written quoted, so a reader tells the two apart). */
typedef struct vl_save_header {
  int format;                       /* VL_SAVE_FORMAT; a writer may leave 0 */
  const char *volley;               /* the version that wrote it; NULL: this one (VOLLEY_VERSION) */
  const char *scenario;             /* "rough-and-ready/palo-alto", or "/tmp/demo" */
  const vl_save_file *files;
  size_t n_files;
  const vl_save_option *options;
  size_t n_options;
  const vl_save_mod *mods;
  size_t n_mods;
  uint64_t seed;                    /* the game seed, below 2^53 */
  const char *undo;                 /* "strict" or "solo" */
  const vl_save_bot *bots;
  size_t n_bots;
  uint64_t cap;                     /* the most decisions (--max-decisions), 1 to 2^53 */
  const char *view;                 /* a side id, or "referee" */
} vl_save_header;

enum { VL_SAVE_ANSWER = 1, VL_SAVE_FORCED = 2 };
enum { VL_SAVE_INT = 0, VL_SAVE_BOOL = 1, VL_SAVE_STR = 2 };

/* A journal line. An answer: who answered, the request's kind, and the answer's canonical
** value (an integer within 2^53, a boolean, or a string) -- never an index into the options.
** A forced roll: the die (vl_dice_kind, with sides for a dN) and its faces (two for a 2d6).
** Both: the state hash and the roll count just after it. */
typedef struct vl_save_entry {
  int kind;                         /* VL_SAVE_ANSWER or VL_SAVE_FORCED */
  const char *side;                 /* answers: a side id */
  const char *request;              /* answers: a word ("move", "activation") */
  int vtype;                        /* answers: VL_SAVE_INT, VL_SAVE_BOOL or VL_SAVE_STR */
  int64_t ival;                     /* VL_SAVE_INT: the integer; VL_SAVE_BOOL: 0 or 1 */
  const char *sval;                 /* VL_SAVE_STR: the bytes (any, escaped in the file) */
  size_t slen;
  int die;                          /* forced rolls: VL_DICE_D6, _D10, _2D6 or _DN */
  int sides;                        /* forced rolls: faces of a dN (2 .. VL_DICE_N_MAX) */
  int faces[2];                     /* forced rolls: the faces (faces[1] for a 2d6 only) */
  char state_hash[VL_STATE_HASH_MAX];
  uint64_t rolls;                   /* the dice's roll count after it */
} vl_save_entry;

typedef struct vl_save vl_save;

/* A save in memory with header h (copied and checked) and an empty journal; NULL with err
** (VL_EINVAL naming the bad field, VL_ENOMEM). */
vl_save *vl_save_new(const vl_save_header *h, vl_error *err);

/* Frees s; accepts NULL. */
void vl_save_free(vl_save *s);

/* Appends a journal line (copied and checked: words, the value, the die and its faces, 16
** lower-case hex digits of hash). VL_OK, VL_EINVAL with err->msg (s unchanged), VL_ENOMEM. */
int vl_save_append(vl_save *s, const vl_save_entry *e, vl_error *err);

/* The header (format filled in), the journal's length and its i-th line: borrowed while s
** lives (and, for entries, until the next append). */
const vl_save_header *vl_save_header_of(const vl_save *s);
size_t vl_save_count(const vl_save *s);
const vl_save_entry *vl_save_entry_at(const vl_save *s, size_t i);

/* 1 when s ends with its checksum line (or was made in memory); 0 for an unfinished autosave
** read with VL_SAVE_UNFINISHED. */
int vl_save_finished(const vl_save *s);

/* The file's text, its checksum line included: NUL-terminated, the caller frees it; its
** length in *len (may be NULL). NULL when out of memory. */
char *vl_save_text(const vl_save *s, size_t *len);

/* Writes the file atomically: the text into a temporary file in path's directory (named
** ".<name>.tmp", created new: a stale regular one is removed first, anything else there -- a
** symbolic link -- is refused, never followed), fsync, rename over path, fsync of the directory. So path holds either its
** old content or the new one, whatever happens. With VOLLEY_TEST_SAVE_STALL=1 in the
** environment the process stops itself (SIGSTOP) between the write and the rename, for crash
** tests (DESIGN.md "Testing"). A save replaces only a save: an existing path that is not a
** regular file, or a non-empty one that does not begin "volley-save " (notes.txt, a map.ini),
** is refused ("not a volley save, so not replaced (remove it or give another name)") and
** kept. VL_OK, or VL_EIO with err->msg naming the file and the system's reason (the
** temporary file removed), VL_ENOMEM. */
int vl_save_write(const vl_save *s, const char *path, vl_error *err);

/* Checks, before a game, that vl_save_write could write path: its name (and the temporary
** ".<name>.tmp") within NAME_MAX, path not a folder nor anything but a regular file, its
** folder existing, a folder, writable. (Whether a file there is a save is checked when it is
** written: a caller checks its own inputs first, with the more telling message.) VL_OK, or VL_EINVAL / VL_EIO with err->msg saying
** why, without the path ("cannot write in the folder /tmp/x (No such file or directory)",
** "is a directory", "the file name is too long (251 bytes; at most 250)"), VL_ENOMEM. */
int vl_save_check_target(const char *path, vl_error *err);

/* Flags of vl_save_parse and vl_save_read. */
#define VL_SAVE_UNFINISHED 1u   /* accept an autosave without its checksum line (unfinished):
                                ** read up to its last whole line, a cut-off last line dropped */

/* Reads a save from text (len bytes); `name` stands for the file in messages. Returns a save
** the caller frees, or NULL with err: VL_EPARSE with err->file = name, err->line and err->msg
** ("truncated: ...", "checksum mismatch: ...", "format version 2 is not supported ...", or
** what is wrong with a line), VL_ENOMEM. */
vl_save *vl_save_parse(const char *text, size_t len, const char *name, unsigned flags,
                       vl_error *err);

/* The same from a file (VL_EIO when it cannot be read). */
vl_save *vl_save_read(const char *path, unsigned flags, vl_error *err);

/* Checks that s was played with the content `now` describes (the files on disk now, hashed by
** the caller): the same scenario id, the same files with the same SHA-256, the same options
** and mods. VL_OK, or VL_EINVAL with err->msg saying the first difference, naming the file
** ("scenarios/.../map.ini has changed since the game was saved"). The seed, undo policy,
** bots, cap and view are the save's own settings and are not compared. */
int vl_save_check(const vl_save *s, const vl_save_header *now, vl_error *err);

/* SHA-256 of data, as 64 lower-case hex digits and a NUL (nettle). Cannot fail. */
void vl_save_sha256(const void *data, size_t len, char out[VL_SHA256_MAX]);

/* SHA-256 of a file's content. VL_OK, or VL_EIO with err->msg. */
int vl_save_hash_file(const char *path, char out[VL_SHA256_MAX], vl_error *err);

/* ---- the autosave: append-only ------------------------------------------------------------- */

typedef struct vl_autosave vl_autosave;

/* The writer holds a POSIX write lock (fcntl F_SETLK) on its file until it is closed or
** abandoned: one process at a time appends to a game. Creating or resuming an autosave
** another process holds fails with VL_EIO "another volley is playing this game now (its
** autosave is in use)"; a file system without locks goes without. */

/* Creates the autosave at path (which must not exist: an autosave is never rewritten) and
** writes s's header and journal lines so far, then fsyncs the file and its directory.
** Returns the writer, or NULL with err (VL_EIO: the file exists or cannot be written,
** VL_ENOMEM). */
vl_autosave *vl_autosave_create(const char *path, const vl_save *s, vl_error *err);

/* Opens an existing autosave to go on appending (`--resume`): reads it, finished or not
** (VL_SAVE_UNFINISHED), cuts off a partial last line and the checksum line, and returns the
** writer with the save read in *out (the caller frees it). It is locked before it is read.
** NULL with err when it cannot be read, is refused or is in use (then *out is NULL and the
** file is untouched). */
vl_autosave *vl_autosave_resume(const char *path, vl_save **out, vl_error *err);

/* Appends one journal line (checked as vl_save_append checks it) with one write and one
** fdatasync. VL_OK, VL_EINVAL (nothing written), VL_EIO. */
int vl_autosave_append(vl_autosave *a, const vl_save_entry *e, vl_error *err);

/* Appends one journal line as vl_autosave_append does, with its write but no fdatasync: the
** line is in the file (a process killed after it leaves it there) but not yet on the disk
** until vl_autosave_sync (a game of bots only syncs its lines in batches). VL_OK, VL_EINVAL
** (nothing written), VL_EIO. */
int vl_autosave_write(vl_autosave *a, const vl_save_entry *e, vl_error *err);

/* Syncs the lines written so far to the disk (one fdatasync). VL_OK or VL_EIO. */
int vl_autosave_sync(vl_autosave *a, vl_error *err);

/* Appends the checksum line, syncs, closes and frees a (even on error): the game was closed
** properly. VL_OK or VL_EIO. */
int vl_autosave_close(vl_autosave *a, vl_error *err);

/* Closes and frees a without the checksum line (the file stays unfinished, resumable);
** accepts NULL. */
void vl_autosave_abandon(vl_autosave *a);

#endif
