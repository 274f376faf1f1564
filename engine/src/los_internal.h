/*
** los_internal.h -- the policy struct, shared by los_policy.c (reading los.ini) and los.c (the
** engine). Not part of the public API.
*/
#ifndef VOLLEY_LOS_INTERNAL_H
#define VOLLEY_LOS_INTERNAL_H

#include "arena.h"
#include "volley/los.h"

/* The keys of los.ini, in the order of the format's tables (docs/formats.md "los.ini"). */
enum {
  K_SYSTEM, K_UNIT, K_LEVEL, K_EYE, K_RECIPROCAL,
  K_TERRAIN_BLOCKS, K_TERRAIN_HEXSIDES,
  K_GROUND_OBSTACLES, K_GROUND_TESTS, K_GROUND_TOLERANCE, K_GROUND_NEAR, K_GROUND_MIDPOINT,
  K_SIDE_GRAZE, K_SIDE_EXEMPT, K_SIDE_ADJACENT,
  K_UNITS_BLOCK, K_UNITS_AS, K_UNITS_HEIGHT, K_UNITS_SEE_OVER,
  K_SUNKEN_FLAG, K_SUNKEN_OBSERVER, K_SUNKEN_TARGET,
  K_COUNT
};

struct vl_los_policy {
  vl_arena arena;
  vl_los_config config;
  const char *rule;              /* [los] rule */
  vl_los_value values[K_COUNT];  /* text NULL: not given */
  size_t nvalues;
  const vl_los_value *given[K_COUNT];  /* the given ones, in key order */
};

/* The rule of key k's value, or the policy's own when the value is not given. */
const char *vl_los_policy_key_rule(const vl_los_policy *p, int k);

/* The provisional reason of key k's value, or NULL. */
const char *vl_los_policy_key_provisional(const vl_los_policy *p, int k);

#endif
