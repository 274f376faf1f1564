/*
** cmd_render.c -- `volley render <map.ini> --text`: loads a map and draws its terrain as
** text, so a designer can check a map and its errors from the command line. A map that does
** not load prints "<file>:<line>: <message>" on stderr and exits 1. The SVG picture, a hex
** and radius, and scenario ids come with later issues.
*/
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "render_text.h"
#include "volley/map.h"

int cmd_render(int argc, char **argv) {
  const command *self = command_find("render");
  const char *path = NULL;
  int text = 0, i, status;
  char buf[VL_ERROR_FILE_MAX + VL_ERROR_MSG_MAX + 32];
  vl_error err;
  vl_path *data;
  vl_map *m;
  for (i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--text") == 0) text = 1;
    else if (argv[i][0] == '-' && argv[i][1] != '\0') {
      snprintf(buf, sizeof buf, "unknown option '%s'", argv[i]);
      return command_usage(self, buf);
    } else if (path == NULL) path = argv[i];
    else return command_usage(self, "give one map");
  }
  if (path == NULL) return command_usage(self, "which map?");
  if (!text) return command_usage(self, "give --text (the SVG picture comes later)");
  data = command_data_path();
  if (data == NULL) {
    fprintf(stderr, "volley render: not enough memory\n");
    return 1;
  }
  memset(&err, 0, sizeof err);
  m = vl_map_load(path, data, &err);
  vl_path_free(data);
  if (m == NULL) {
    fprintf(stderr, "%s\n", vl_error_format(&err, buf, sizeof buf));
    return 1;
  }
  status = render_text(stdout, m) == 0 ? 0 : 1;
  vl_map_free(m);
  if (fflush(stdout) != 0) status = 1;
  return status;
}
