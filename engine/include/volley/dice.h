/*
** dice.h -- the engine's dice: a PCG32 generator (O'Neill's XSH-RR 64/32, the reference's
** pcg32_srandom_r / pcg32_random_r), the game's dice read from it without modulo bias, a
** log of every roll with its reason and rule, and a queue of forced values for tests.
** What a roll means (a chart row, a success) is Lua's business; this module only rolls.
**
** The dice of the four rule systems: one d10 read 0-9, 0 lowest and never 10
** [rough_and_ready 2.3] [gbacw 2.5]; one d6, two for some tables (Jackson at the Crossroads,
** Battle of Buena Vista's random events). dN serves whatever else a rule or a bot needs.
**
** State. Everything that decides the next value is the plain struct vl_dice_state (the
** generator's two words and two counters): the state store snapshots, serialises and hashes
** it; nothing is hidden elsewhere. The log and the forced queue are not game state: the
** journal drains the log, and the queue is test input (docs/dice.md).
**
** Units: die faces. A d6 reads 1-6, a d10 0-9, 2d6 two faces 1-6 and their sum 2-12, a dN
** 1-N. Core module: no Lua, no I/O, no globals.
*/
#ifndef VOLLEY_DICE_H
#define VOLLEY_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "volley/error.h"

/* ---- the generator ------------------------------------------------------------------------ */

/* PCG32: a 64-bit LCG state and its increment (always odd; it selects one of 2^63 streams). */
typedef struct vl_dice_gen {
  uint64_t state;
  uint64_t inc;
} vl_dice_gen;

/* Seeds g exactly as the reference's pcg32_srandom_r(rng, initstate, initseq). The
** reference's demo seed (42, 54) gives 0xa15c02b7 0x7b47f409 ... (docs/dice.md). */
void vl_dice_gen_seed(vl_dice_gen *g, uint64_t initstate, uint64_t initseq);

/* The next 32-bit output (the reference's pcg32_random_r): advances the state once. */
uint32_t vl_dice_gen_next(vl_dice_gen *g);

/* A uniform integer in [0, bound), bound >= 1, without modulo bias: outputs below
** 2^32 mod bound are rejected and the next one drawn (the reference's pcg32_boundedrand_r),
** so the accepted range is a whole multiple of bound. Draws one output or more. */
uint32_t vl_dice_gen_below(vl_dice_gen *g, uint32_t bound);

/* SplitMix64 (Steele, Lea and Flood; Vigna's splitmix64.c): adds the golden-ratio constant to
** *state and returns its mix. Seeded with 0 the first outputs are 0xe220a8397b1dcdaf,
** 0x6e789e6aa1b965f4, 0x06c45d188009454f. */
uint64_t vl_dice_splitmix64(uint64_t *state);

/* Game seeds are unsigned integers below 2^53 (DESIGN.md "The save file"). */
#define VL_DICE_SEED_LIMIT (UINT64_C(1) << 53)

/* How a game seed becomes the reference's (initstate, initseq): a SplitMix64 started at the
** seed gives initstate (first output) and then initseq (second output). Nearby seeds thus
** get unrelated states and unrelated streams. Pure; any 64-bit seed is accepted here (the
** 2^53 limit is vl_dice_new's). */
void vl_dice_seed_split(uint64_t seed, uint64_t *initstate, uint64_t *initseq);

/* A bot's seed for one decision (DESIGN.md Part B "Bots" and "The save file"): XXH3-64 of
** the game seed, the side id, the bot's name and the decision number (1-based), written as
** "<seed>\n<side>\n<name>\n<n>", shifted right by 11 so it is a game seed (below 2^53).
** The same four give the same seed on every machine, so a resumed game's bots answer as the
** uninterrupted game's would. side and name are NUL-terminated; VL_EINVAL (and *out 0) when
** they are too long together (over 200 bytes). */
int vl_dice_bot_seed(uint64_t seed, const char *side, const char *name, uint64_t n,
                     uint64_t *out);

/* The seed of game i (0-based) of a `volley sim` run with seed `seed` (DESIGN.md Part B "The
** command line"): SplitMix64's first output from the state seed + i (mod 2^64), shifted right
** by 11 so it is a game seed (below 2^53). Consecutive games get unrelated seeds, and a shard
** computes for game i the seed the whole run gives it (docs/sim.md). Run seed 0 gives game 0
** 0xe220a8397b1dcdaf >> 11 = 7956156453446585. Pure; cannot fail. */
uint64_t vl_dice_sim_seed(uint64_t seed, uint64_t i);

/* ---- the dice ----------------------------------------------------------------------------- */

/* Everything that decides what the dice roll next, and counts the rolls: a plain value. */
typedef struct vl_dice_state {
  vl_dice_gen gen;   /* the PCG32 generator */
  uint64_t count;    /* rolls made, drawn and forced: the last roll's number */
  uint64_t forced;   /* how many of them were forced (so hashes tell a forced game apart) */
} vl_dice_state;

typedef enum vl_dice_kind {
  VL_DICE_D6 = 0,    /* one d6, 1-6 */
  VL_DICE_D10 = 1,   /* one d10 read 0-9, 0 lowest [rough_and_ready 2.3] [gbacw 2.5] */
  VL_DICE_2D6 = 2,   /* two d6: both faces and their sum */
  VL_DICE_DN = 3     /* one dN, 1-N, N in 2..VL_DICE_N_MAX */
} vl_dice_kind;

#define VL_DICE_N_MAX 2147483647   /* the largest dN */

/* Bytes kept of a roll's reason and rule, the NUL included. Longer text is cut to at most
** MAX - 1 bytes, never inside a UTF-8 character; text stops at its first NUL byte. */
#define VL_DICE_REASON_MAX 128
#define VL_DICE_RULE_MAX 64

/* One roll, as the log keeps it. */
typedef struct vl_dice_record {
  uint64_t n;          /* the roll's number: 1 for the game's first roll; == count after it */
  vl_dice_kind kind;
  int sides;           /* faces of each die: 6, 10, 6 for 2d6, N for dN */
  int ndice;           /* dice thrown: 2 for 2d6, else 1 */
  int face[2];         /* what each die shows (face[1] is 0 when ndice is 1) */
  int value;           /* the roll: the face, or the sum for 2d6 */
  int forced;          /* 1 when taken from the forced queue, 0 when drawn */
  char reason[VL_DICE_REASON_MAX];  /* "activation of Arista" */
  char rule[VL_DICE_RULE_MAX];      /* "[rough_and_ready 3.11]" */
} vl_dice_record;

typedef struct vl_dice vl_dice;

/* Dice for a game seed (0 <= seed < 2^53), seeded through vl_dice_seed_split, with no rolls
** made, an empty log and no forced values. Returns dice the caller frees with vl_dice_free,
** or NULL with err set: VL_EINVAL for a seed out of range, VL_ENOMEM. err may be NULL. */
vl_dice *vl_dice_new(uint64_t seed, vl_error *err);

/* A deep copy (state, log, forced queue) for snapshots: the copy rolls exactly what the
** original would. Returns dice the caller frees, or NULL when out of memory. */
vl_dice *vl_dice_copy(const vl_dice *d);

/* Frees d; accepts NULL. */
void vl_dice_free(vl_dice *d);

/* The state now (by value), and restoring one: set_state replaces generator and counters
** and leaves the log and the forced queue alone. VL_EINVAL (nothing changed) when the
** increment is even, which no seeding produces. */
vl_dice_state vl_dice_get_state(const vl_dice *d);
int vl_dice_set_state(vl_dice *d, const vl_dice_state *s, vl_error *err);

/* Rolls made so far, drawn and forced. */
uint64_t vl_dice_count(const vl_dice *d);

/* Rolls one die kind (sides is read only for VL_DICE_DN) for reason and rule (either may
** be NULL, kept as ""), logs the roll and copies its record into *out (out may be NULL).
** When forced values are queued the roll takes them instead of drawing (one value, two for
** 2d6, in queue order) and the generator does not move. Returns VL_OK, or with nothing
** changed (generator, counters, log and queue as they were):
**   VL_EINVAL  sides out of 2..VL_DICE_N_MAX for a dN; a forced value outside the die's
**              range ("forced value 7 is out of range for d6 (1-6)"); a 2d6 with one forced
**              value queued ("2d6 needs two forced values; 1 is queued");
**   VL_ENOMEM  the log could not grow. */
int vl_dice_roll(vl_dice *d, vl_dice_kind kind, int sides, const char *reason,
                 const char *rule, vl_dice_record *out, vl_error *err);

/* Shorthands for vl_dice_roll: each returns the roll's value (d6 1-6, d10 0-9, dN 1-N, 2d6 the
** sum 2-12 with the faces in face[0], face[1] when face is not NULL), or a negative VL_E*
** code as vl_dice_roll would. */
int vl_dice_d6(vl_dice *d, const char *reason, const char *rule, vl_error *err);
int vl_dice_d10(vl_dice *d, const char *reason, const char *rule, vl_error *err);
int vl_dice_dn(vl_dice *d, int sides, const char *reason, const char *rule, vl_error *err);
int vl_dice_2d6(vl_dice *d, const char *reason, const char *rule, int face[2], vl_error *err);

/* Appends n values to the forced queue; the next rolls take them in order, each checked
** against its die only when taken. VL_OK, or VL_ENOMEM with the queue unchanged. */
int vl_dice_force(vl_dice *d, const int *values, size_t n, vl_error *err);

/* Forced values still queued, the i-th of them (0 = next; i < pending), and emptying the
** queue (a value its die refused stays queued until then). */
size_t vl_dice_forced_pending(const vl_dice *d);
int vl_dice_forced_at(const vl_dice *d, size_t i);
void vl_dice_force_clear(vl_dice *d);

/* The log: rolls since the last drain, oldest first. log_at returns record i (i < count),
** borrowed until the next roll, drain or free. Draining empties the log (the journal takes
** the records first); roll numbers go on counting. */
size_t vl_dice_log_count(const vl_dice *d);
const vl_dice_record *vl_dice_log_at(const vl_dice *d, size_t i);
void vl_dice_log_drain(vl_dice *d);

/* "d6", "d10", "2d6", "dn"; "?" for anything else. Static strings. */
const char *vl_dice_kind_name(vl_dice_kind kind);

#endif
