/*
** los_reason.c -- the words of line of sight: the sentence that explains an answer
** (vl_los_reason, composed on demand so that a verdict alone costs no formatting), the place
** it is blocked at (vl_los_where), the kinds' names. The judging is los.c's.
*/
#include "volley/los.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "los_internal.h"

static const char *const kind_names[] = {
  "clear", "terrain", "hexside", "unit", "sightline", "higher-than-both", "near-lower",
  "higher-than-target", "observer-sunken", "target-sunken", "adjacent-hexside", "midway",
  "canopy", "shadow", "shadow-slope", "intervening-hill", "crest"
};

const char *vl_los_kind_name(vl_los_kind k) {
  return (unsigned)k < sizeof kind_names / sizeof kind_names[0] ? kind_names[k] : NULL;
}

/* snprintf, cutting what does not fit (sentences are bounded by VL_LOS_REASON_MAX). */
static void textf(char *buf, size_t n, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;
static void textf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, n, fmt, ap);
  va_end(ap);
}


/* A height as text: "level 2.5" for a policy in levels, else "60 ft". */
static void fmt_height(const vl_los *l, int steps, char *buf, size_t n) {
  if (strcmp(l->c->unit, "level") == 0) {
    int whole = steps / 2, half = steps % 2 != 0;
    if (steps < 0 && half) textf(buf, n, "level -%d.5", -whole);
    else textf(buf, n, "level %d%s", whole, half ? ".5" : "");
  } else {
    textf(buf, n, "%d %s", steps, l->c->unit);
  }
}

static const char *terrain_name(const vl_los *l, vl_hex h) {
  const vl_terrain_type *t = vl_map_terrain(l->m, h);
  return t != NULL ? t->name : "?";
}

/* The names of the features of the hexside between x and y among those of mask. */
static void feature_names(const vl_los *l, vl_hex x, vl_hex y, uint32_t mask, char *buf,
                          size_t n) {
  const vl_terrain *t = vl_map_terrain_table(l->m);
  uint32_t f = vl_los_side_features(l, x, y) & mask;
  size_t used = 0, i;
  buf[0] = '\0';
  for (i = 0; i < VL_TERRAIN_MAX_FEATURES; i++)
    if (f & ((uint32_t)1 << i)) {
      int w = snprintf(buf + used, n - used, "%s%s", used ? " and " : "",
                       vl_terrain_type_at(t, VL_TERRAIN_HEXSIDE, i)->name);
      if (w < 0 || (size_t)w >= n - used) return;
      used += (size_t)w;
    }
}

/* The sentence of a blocked result from a hit (not the ends' rules). */
static void describe(const vl_los *l, const vl_los_result *r, char *buf, size_t n) {
  char what[96], top[32], x[32], y[32], names[64];
  const char *graze = "", *choice = r->choice ? "the defender may choose: " : "";
  fmt_height(l, r->obstacle, top, sizeof top);
  switch (r->detail_what) {
  case W_GROUND:
    textf(what, sizeof what, "%s ground at %s", terrain_name(l, r->detail_hex), top);
    break;
  case W_TERRAIN: textf(what, sizeof what, "%s at %s", terrain_name(l, r->detail_hex), top); break;
  case W_CREST: textf(what, sizeof what, "a crest at %s", top); break;
  case W_FEATURE:
    feature_names(l, r->hex, r->hex2, l->feat_blocks | l->feat_high, names, sizeof names);
    textf(what, sizeof what, "the %s hexside at %s", names, top);
    break;
  default: textf(what, sizeof what, "a unit at %s", top); break;
  }
  if (r->detail_pair == 1) graze = "along the hexside, ";
  if (r->detail_pair == 2) graze = "along the hexside, both hexes block: ";
  if (r->detail_pair == 3) graze = "along the map's edge, ";
  fmt_height(l, r->observer, x, sizeof x);
  fmt_height(l, r->target, y, sizeof y);
  switch (r->kind) {
  case VL_LOS_TERRAIN:
    textf(buf, n, "%s%s%s: fire into, not through", choice, graze,
          terrain_name(l, r->detail_hex));
    break;
  case VL_LOS_HEXSIDE:
    feature_names(l, r->hex, r->hex2, l->feat_blocks, names, sizeof names);
    textf(buf, n, "%s%sno line through the %s hexside", choice, graze, names);
    break;
  case VL_LOS_UNIT:
    textf(buf, n, "%s%sa unit stands in the way", choice, graze);
    break;
  case VL_LOS_SIGHTLINE:
    textf(buf, n, "%s%s%s rises above the line from %s to %s", choice, graze, what, x, y);
    break;
  case VL_LOS_HIGHER_THAN_BOTH:
    textf(buf, n, "%s%s%s is higher than both ends (%s, %s)", choice, graze, what, x, y);
    break;
  case VL_LOS_NEAR_LOWER:
    textf(buf, n, "%s%s%s is %s and nearer the lower end (%s, %s)", choice, graze, what,
          l->c->near_lower == VL_LOS_NEAR_HIGHER ? "as high as the higher end"
                                                 : "above the ends' average", x, y);
    break;
  case VL_LOS_HIGHER_THAN_TARGET:
    textf(buf, n, "%s%s%s is higher than the target (%s)", choice, graze, what, y);
    break;
  case VL_LOS_MIDWAY:
    if (r->at == VL_LOS_AT_HEXSIDE && r->detail_what == W_FEATURE)
      textf(buf, n, "%sthe hexside midway, at %s (its hexes' average), is above the ends' "
            "average and non-gradual (%s, %s)", choice, top, x, y);
    else
      textf(buf, n, "%s%s%s is above the ends' average, midway, with a non-gradual slope "
            "toward the lower end (%s, %s)", choice, graze, what, x, y);
    break;
  case VL_LOS_CANOPY:
    textf(buf, n, "%s%scanopy: a lower %s hex beside a wooded end", choice, graze,
          terrain_name(l, r->detail_hex));
    break;
  case VL_LOS_SHADOW:
    textf(buf, n, "%s%sshadow: %s is higher than the end beside it (%s, %s)", choice, graze,
          what, x, y);
    break;
  case VL_LOS_SHADOW_SLOPE:
    textf(buf, n, "%s%sshadow: %s has a steep slope toward the lower end and a gentler one "
          "toward the higher (%s, %s)", choice, graze, what, x, y);
    break;
  case VL_LOS_INTERVENING_HILL:
    textf(buf, n, "%s%sintervening hill: %s is as high as the higher end, lower ground between "
          "(%s, %s)", choice, graze, what, x, y);
    break;
  case VL_LOS_CREST:
    textf(buf, n, "crest: the ground falls away behind the higher end sooner than before it "
          "(%s, %s)", x, y);
    break;
  default:
    textf(buf, n, "?");
    break;
  }
}

int vl_los_reason(const vl_los *l, const vl_los_result *r, char *buf, size_t n) {
  const vl_los_config *c = l->c;
  char names[64];
  if (n == 0) return VL_EINVAL;
  switch (r->kind) {
  case VL_LOS_CLEAR:
    textf(buf, n, "nothing blocks the line");
    break;
  case VL_LOS_ADJACENT_HEXSIDE:
    feature_names(l, r->hex, r->hex2, l->feat_adjacent, names, sizeof names);
    textf(buf, n, "the %s hexside between adjacent hexes", names);
    break;
  case VL_LOS_OBSERVER_SUNKEN:
    textf(buf, n, "the observer is in a %s hex", terrain_name(l, r->hex));
    break;
  case VL_LOS_TARGET_SUNKEN:
    if (c->sunken_target == VL_LOS_SUNKEN_ADJACENT)
      textf(buf, n, "the target is in a %s hex, seen only from an adjacent hex that is not a "
            "%s hex", terrain_name(l, r->hex), c->sunken_flag);
    else
      textf(buf, n, "the target is in a %s hex, seen only from a %s hex or one beside it",
            terrain_name(l, r->hex), c->sunken_flag);
    break;
  default:
    describe(l, r, buf, n);
    break;
  }
  return (int)strlen(buf);
}

void vl_los_hex_text(const vl_los *l, vl_hex h, char *buf, size_t n) {
  if (vl_hex_format(l->g, h, buf, n) < 0) textf(buf, n, "(%d,%d)", h.q, h.r);
}

int vl_los_where(const vl_los *l, const vl_los_result *r, char *buf, size_t n) {
  char x[32], y[32];
  int w;
  if (n == 0) return VL_EINVAL;
  buf[0] = '\0';
  if (r->clear || r->at == VL_LOS_AT_NONE) return 0;
  vl_los_hex_text(l, r->hex, x, sizeof x);
  if (r->at == VL_LOS_AT_HEX) {
    w = snprintf(buf, n, "%s", x);
  } else {
    vl_los_hex_text(l, r->hex2, y, sizeof y);
    w = snprintf(buf, n, "%s/%s", x, y);
  }
  if (w < 0 || (size_t)w >= n) {
    buf[0] = '\0';
    return VL_EINVAL;
  }
  return w;
}
