/*
** cmd_los.c -- `volley los <map.ini> A B`: line of sight from A to B on a bare map, under the
** policy of the map's system (charts/<system>/los.ini, with a los.ini beside the map as the
** scenario layer). Prints DESIGN.md's one line:
**   LOS A -> B: clear
**   LOS A -> B: blocked at X (<reason>) [rule]
** X a hex label or "a/b" for a hexside. Both answers exit 0; a map or policy that does not
** load, or a hex off the map, exits 1; usage errors exit 2. Scenario ids arrive with the
** scenario loader (then the scenario's units stand on the map as obstacles).
*/
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "volley/los.h"
#include "volley/map.h"

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

int cmd_los(int argc, char **argv) {
  const command *self = command_find("los");
  const char *args[3];
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32], layer[4096], where[32];
  char reason[VL_LOS_REASON_MAX];
  const char *slash;
  int n = 0, i, status = 1;
  vl_hex a, b;
  vl_error err;
  vl_path *data;
  vl_map *m = NULL;
  vl_los_policy *p = NULL;
  vl_los *l = NULL;
  vl_los_result r;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return command_help(self);
    if (argv[i][0] == '-' && argv[i][1] != '\0') {
      snprintf(buf, sizeof buf, "unknown option '%s'", argv[i]);
      return command_usage(self, buf);
    }
    if (n == 3) return command_usage(self, "give a map and two hexes");
    args[n++] = argv[i];
  }
  if (n < 3) return command_usage(self, "give a map and two hexes");
  if (!ends_with(args[0], ".ini"))
    return command_usage(self, "scenario ids arrive with the scenario loader; give a map.ini");
  data = command_data_path();
  if (data == NULL) {
    fprintf(stderr, "volley los: not enough memory\n");
    return 1;
  }
  memset(&err, 0, sizeof err);
  m = vl_map_load(args[0], data, &err);
  if (m == NULL) goto fail;
  if (vl_hex_parse(vl_map_grid(m), args[1], &a, &err) != VL_OK ||
      vl_hex_parse(vl_map_grid(m), args[2], &b, &err) != VL_OK) {
    vl_path_free(data);
    vl_map_free(m);
    return command_usage(self, err.msg);
  }
  slash = strrchr(args[0], '/');
  snprintf(layer, sizeof layer, "%.*s%slos.ini", slash ? (int)(slash - args[0]) : 0, args[0],
           slash ? "/" : "");
  p = vl_los_policy_find(data, vl_map_system(m), access(layer, R_OK) == 0 ? layer : NULL, &err);
  if (p == NULL) goto fail;
  l = vl_los_new(m, p, 0, &err);
  if (l == NULL) goto fail;
  if (vl_los_terrain(l, a, b, &r, &err) != VL_OK) goto fail;
  if (r.clear) {
    printf("LOS %s -> %s: clear\n", args[1], args[2]);
  } else {
    vl_los_where(l, &r, where, sizeof where);
    vl_los_reason(l, &r, reason, sizeof reason);
    printf("LOS %s -> %s: blocked at %s (%s) %s\n", args[1], args[2], where, reason, r.rule);
  }
  status = fflush(stdout) == 0 ? 0 : 1;
  goto done;
fail:
  if (err.file[0] != '\0') fprintf(stderr, "%s\n", vl_error_format(&err, buf, sizeof buf));
  else fprintf(stderr, "volley los: %s\n", err.msg);
done:
  vl_los_free(l);
  vl_los_policy_free(p);
  vl_map_free(m);
  vl_path_free(data);
  return status;
}
