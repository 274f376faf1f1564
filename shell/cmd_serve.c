/*
** cmd_serve.c -- `volley serve ...`: the HTTP half of the board in a browser (docs/serve.md).
** The game is `volley play`'s, driven by the runtime's volley.serve (scripts/volley/serve.lua)
** with the sides without a bot answered from web pages: this file gives it a server, Debian's
** libmicrohttpd in its external-select mode, run only from the one thread that runs Lua (the
** Lua states are never touched by two threads), and only while the game waits for a person
** (`wait`). It checks what every request must be before Lua sees it: the Host (no DNS
** rebinding), the side's token (cookie or query), the Origin (no cross-site request), the
** body's size; it serves the page's static files and keeps the event streams; everything
** under /<SIDE>/api/ is answered by the Lua handler `wait` is given.
**
** The Lua side sees `env.server`, a table of functions over one server:
**   listen(addr, port) -> port | nil, why     bind (port 0: the system chooses)
**   token(side) -> token                      a side's token, from getrandom(2)
**   web(dir)                                  the folder of the page's files
**   wait(handler) -> side, line | nil         serve until a POST gives a line for the game
**                                             (nil: SIGINT or SIGTERM asked to stop)
**   reply(status, json)                       the answer to that POST, once the game took it
**   push(side, text)                          text for the side's event streams
**   close()                                   every connection ended, the port closed
** handler(method, side, path, args, body) -> status, content_type, body | 0, line: path is
** what follows /<SIDE>/api/, args the query's arguments, body the POST's (or nil).
*/
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/select.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <microhttpd.h>

#include "commands.h"
#include "host.h"

#define SERVE_BODY_MAX 8192         /* a POST's body, at most (docs/serve.md: 413 past it) */
#define SERVE_DISCARD_MAX (1 << 20)   /* a body without a length read past 8 KiB: cut off */
#define SERVE_STREAMS 16            /* event streams at once: a new one ends the oldest */
#define SERVE_STREAM_LAG (1 << 20)  /* bytes a stream may fall behind before it is ended */
#define SERVE_FILE_MAX (8 << 20)    /* a static file, at most */
#define SERVE_SIDES 16
#define SERVE_SIDE_MAX 48
#define SERVE_TOKEN_BYTES 32
#define SERVE_TOKEN_LEN 43          /* base64url of 32 bytes, no padding */

typedef struct server server;

/* An event stream (GET /<SIDE>/api/events): the bytes not yet sent, the connection
** suspended while there are none. */
typedef struct stream {
  int used, suspended, ending;
  unsigned long age;   /* the order streams were opened: the oldest is ended first */
  char side[SERVE_SIDE_MAX];
  struct MHD_Connection *conn;
  char *buf;
  size_t len, off, cap;
  server *srv;
} stream;

typedef struct side_token {
  char side[SERVE_SIDE_MAX];
  char token[SERVE_TOKEN_LEN + 1];
} side_token;

/* What one request keeps between the access handler's calls. */
typedef struct request {
  char *body;
  size_t len;
  int started, too_big, waiting;
  struct MHD_Response *reply;   /* the answer to a POST the game took, once it is ready */
  unsigned int reply_status;
} request;

struct server {
  struct MHD_Daemon *d;
  uint16_t port;
  int sigfd;
  sigset_t old_mask;
  int masked;
  lua_State *L;        /* the state whose handler runs, while `wait` runs */
  int handler;         /* its registry reference */
  int stopping, resumed;
  char web[PATH_MAX];
  side_token sides[SERVE_SIDES];
  int nsides;
  stream streams[SERVE_STREAMS];
  unsigned long ages;
  /* the line a POST gave for the game, and its connection, suspended until `reply` */
  char *line;
  char line_side[SERVE_SIDE_MAX];
  struct MHD_Connection *waiting;
  request *waiting_req;
};

/* {======================================================================================
** Small helpers
** ======================================================================================= */

static const char *const SECURITY_HEADERS[][2] = {
  {"Referrer-Policy", "no-referrer"},
  {"Cache-Control", "no-store"},
  {"X-Content-Type-Options", "nosniff"},
  {"X-Frame-Options", "DENY"},
};

static void add_headers(struct MHD_Response *r, const char *ctype) {
  size_t i;
  for (i = 0; i < sizeof SECURITY_HEADERS / sizeof SECURITY_HEADERS[0]; i++)
    MHD_add_response_header(r, SECURITY_HEADERS[i][0], SECURITY_HEADERS[i][1]);
  if (ctype != NULL) MHD_add_response_header(r, "Content-Type", ctype);
  if (ctype != NULL && strncmp(ctype, "text/html", 9) == 0)
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; img-src 'self' data:; style-src 'self' "
                            "'unsafe-inline'; frame-ancestors 'none'");
}

/* Queues bytes with the status and content type; MHD_NO when out of memory. */
static enum MHD_Result send_bytes(struct MHD_Connection *c, unsigned int status,
                                  const char *ctype, const char *data, size_t len) {
  enum MHD_Result ok;
  struct MHD_Response *r =
      MHD_create_response_from_buffer(len, (void *)(uintptr_t)data, MHD_RESPMEM_MUST_COPY);
  if (r == NULL) return MHD_NO;
  add_headers(r, ctype);
  ok = MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
  return ok;
}

/* {"ok": false, "error": why}: why is ours, plain ASCII without quotes or backslashes. */
static enum MHD_Result send_error(struct MHD_Connection *c, unsigned int status,
                                  const char *why) {
  char buf[512];
  int n = snprintf(buf, sizeof buf, "{\"ok\":false,\"error\":\"%s\"}\n", why);
  if (n < 0) return MHD_NO;
  return send_bytes(c, status, "application/json", buf,
                    (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

/* Constant-time equality of two strings of the token's length. */
static int same_token(const char *a, const char *b) {
  size_t i;
  unsigned char diff = 0;
  if (a == NULL || b == NULL || strlen(a) != SERVE_TOKEN_LEN || strlen(b) != SERVE_TOKEN_LEN)
    return 0;
  for (i = 0; i < SERVE_TOKEN_LEN; i++) diff |= (unsigned char)(a[i] ^ b[i]);
  return diff == 0;
}

static server *check_server(lua_State *L) {
  server *s = (server *)lua_touserdata(L, lua_upvalueindex(1));
  if (s == NULL) luaL_error(L, "serve: no server");
  return s;
}

/* }====================================================================================== */

/* {======================================================================================
** Host and Origin
** ======================================================================================= */

/* Whether a Host header names this server: localhost or an IP address literal (a DNS name
** could be rebound to this machine by a page elsewhere), with this server's port. */
static int host_ok(const server *s, const char *host) {
  char name[128], want[16];
  const char *port;
  size_t n;
  unsigned char addr[sizeof(struct in6_addr)];
  if (host == NULL || strlen(host) >= sizeof name) return 0;
  if (host[0] == '[') {
    const char *end = strchr(host, ']');
    if (end == NULL) return 0;
    n = (size_t)(end - host - 1);
    memcpy(name, host + 1, n);
    name[n] = '\0';
    if (inet_pton(AF_INET6, name, addr) != 1) return 0;
    port = end + 1;
  } else {
    const char *colon = strchr(host, ':');
    n = colon != NULL ? (size_t)(colon - host) : strlen(host);
    memcpy(name, host, n);
    name[n] = '\0';
    if (strcmp(name, "localhost") != 0 && inet_pton(AF_INET, name, addr) != 1) return 0;
    port = host + n;
  }
  snprintf(want, sizeof want, ":%u", (unsigned)s->port);
  return strcmp(port, want) == 0;
}

/* Whether an Origin header is this page's own: http://<the request's Host>. */
static int origin_ok(const char *origin, const char *host) {
  if (origin == NULL || host == NULL) return 0;
  if (strncmp(origin, "http://", 7) != 0) return 0;
  return strcmp(origin + 7, host) == 0;
}

/* }====================================================================================== */

/* {======================================================================================
** Event streams
** ======================================================================================= */

static int stream_append(stream *st, const char *text, size_t n) {
  if (st->off > 0 && st->off == st->len) st->off = st->len = 0;
  if (st->len - st->off + n > SERVE_STREAM_LAG) {   /* it lags: ended, EventSource reconnects */
    st->ending = 1;
    return 0;
  }
  if (st->len + n > st->cap) {
    size_t cap = st->cap > 0 ? st->cap : 4096;
    char *nb;
    if (st->off > 0) {   /* what was sent first makes room */
      memmove(st->buf, st->buf + st->off, st->len - st->off);
      st->len -= st->off;
      st->off = 0;
    }
    while (cap < st->len + n) cap *= 2;
    if (cap != st->cap) {
      nb = (char *)realloc(st->buf, cap);
      if (nb == NULL) {
        st->ending = 1;
        return -1;
      }
      st->buf = nb;
      st->cap = cap;
    }
  }
  memcpy(st->buf + st->len, text, n);
  st->len += n;
  return 0;
}

static void stream_wake(stream *st) {
  if (st->suspended) {
    st->suspended = 0;
    MHD_resume_connection(st->conn);
    st->srv->resumed = 1;
  }
}

static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  stream *st = (stream *)cls;
  size_t n;
  (void)pos;
  if (st->ending) return MHD_CONTENT_READER_END_OF_STREAM;
  if (st->off < st->len) {   /* what was pushed is sent, even when the server stops */
    n = st->len - st->off;
    if (n > max) n = max;
    memcpy(buf, st->buf + st->off, n);
    st->off += n;
    return (ssize_t)n;
  }
  st->off = st->len = 0;
  if (st->srv->stopping) return MHD_CONTENT_READER_END_OF_STREAM;
  st->suspended = 1;   /* nothing to send: waits for push (docs: allowed from this callback) */
  MHD_suspend_connection(st->conn);
  return 0;
}

static void stream_free(void *cls) {
  stream *st = (stream *)cls;
  free(st->buf);
  memset(st, 0, sizeof *st);
}

/* A new stream for side, its first text given; the oldest is ended when all are taken. */
static enum MHD_Result stream_open(server *s, struct MHD_Connection *c, const char *side,
                                   const char *first, size_t n) {
  stream *st = NULL, *oldest = NULL;
  struct MHD_Response *r;
  enum MHD_Result ok;
  int i;
  for (i = 0; i < SERVE_STREAMS; i++) {
    stream *x = &s->streams[i];
    if (!x->used) {
      st = x;
      break;
    }
    if (!x->ending && (oldest == NULL || x->age < oldest->age)) oldest = x;
  }
  if (st == NULL) {
    if (oldest != NULL) {
      oldest->ending = 1;
      stream_wake(oldest);
    }
    return send_error(c, 503, "too many event streams: try again");
  }
  memset(st, 0, sizeof *st);
  st->used = 1;
  st->srv = s;
  st->conn = c;
  st->age = ++s->ages;
  snprintf(st->side, sizeof st->side, "%s", side);
  if (stream_append(st, first, n) != 0) {
    stream_free(st);
    return send_error(c, 500, "not enough memory");
  }
  r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, st, stream_free);
  if (r == NULL) {
    stream_free(st);
    return MHD_NO;
  }
  add_headers(r, "text/event-stream");
  ok = MHD_queue_response(c, 200, r);
  MHD_destroy_response(r);
  /* the next stream opened ends the oldest: keep one free slot when all but one are taken */
  for (i = 0; i < SERVE_STREAMS && s->streams[i].used; i++) {}
  if (i == SERVE_STREAMS) {
    oldest = NULL;
    for (i = 0; i < SERVE_STREAMS; i++) {
      stream *x = &s->streams[i];
      if (x != st && !x->ending && (oldest == NULL || x->age < oldest->age)) oldest = x;
    }
    if (oldest != NULL) {
      oldest->ending = 1;
      stream_wake(oldest);
    }
  }
  return ok;
}

/* }====================================================================================== */

/* {======================================================================================
** Static files
** ======================================================================================= */

static const char *content_type(const char *name) {
  static const char *const types[][2] = {
    {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
    {".svg", "image/svg+xml"}, {".png", "image/png"}, {".json", "application/json"},
    {".ico", "image/x-icon"}, {".txt", "text/plain; charset=utf-8"},
  };
  size_t i, n = strlen(name);
  for (i = 0; i < sizeof types / sizeof types[0]; i++) {
    size_t k = strlen(types[i][0]);
    if (n > k && strcmp(name + n - k, types[i][0]) == 0) return types[i][1];
  }
  return NULL;
}

/* Whether rel is a file name the page may be served from: segments of [A-Za-z0-9_.-], none
** starting with a dot, at most two. */
static int plain_name(const char *rel) {
  int segments = 1, at_start = 1;
  const char *p;
  if (*rel == '\0' || strlen(rel) > 200) return 0;
  for (p = rel; *p; p++) {
    char ch = *p;
    if (ch == '/') {
      if (at_start) return 0;
      segments++;
      at_start = 1;
      continue;
    }
    if (at_start && ch == '.') return 0;
    at_start = 0;
    if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
          ch == '_' || ch == '-' || ch == '.'))
      return 0;
  }
  return !at_start && segments <= 2;
}

static enum MHD_Result send_file(server *s, struct MHD_Connection *c, const char *rel) {
  char path[PATH_MAX + 256];
  const char *ctype;
  struct stat st;
  FILE *f;
  char *data;
  size_t got;
  enum MHD_Result ok;
  if (*rel == '\0') rel = "index.html";
  ctype = content_type(rel);
  if (!plain_name(rel) || ctype == NULL) return send_error(c, 404, "no such page");
  if (s->web[0] == '\0') return send_error(c, 404, "the page is not installed (--web DIR)");
  snprintf(path, sizeof path, "%s/%s", s->web, rel);
  f = fopen(path, "rb");
  if (f == NULL) return send_error(c, 404, "no such page");
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > SERVE_FILE_MAX) {
    fclose(f);
    return send_error(c, 404, "no such page");
  }
  data = (char *)malloc((size_t)st.st_size + 1);
  if (data == NULL) {
    fclose(f);
    return send_error(c, 500, "not enough memory");
  }
  got = fread(data, 1, (size_t)st.st_size, f);
  fclose(f);
  ok = send_bytes(c, 200, ctype, data, got);
  free(data);
  return ok;
}

/* }====================================================================================== */

/* {======================================================================================
** Requests
** ======================================================================================= */

static const side_token *side_of(const server *s, const char *name, size_t n) {
  int i;
  for (i = 0; i < s->nsides; i++)
    if (strlen(s->sides[i].side) == n && strncmp(s->sides[i].side, name, n) == 0)
      return &s->sides[i];
  return NULL;
}

static enum MHD_Result push_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                const char *value) {
  lua_State *L = (lua_State *)cls;
  (void)kind;
  if (key == NULL || strcmp(key, "token") == 0) return MHD_YES;
  lua_pushstring(L, value != NULL ? value : "");
  lua_setfield(L, -2, key);
  return MHD_YES;
}

/* Calls the Lua handler for /<SIDE>/api/<path>: answers, or suspends the connection with the
** line it gave for the game. */
static enum MHD_Result call_handler(server *s, struct MHD_Connection *c, request *rq,
                                    const char *method, const char *side, const char *path) {
  lua_State *L = s->L;
  int top;
  enum MHD_Result ok;
  if (L == NULL) return send_error(c, 503, "the game is busy: try again");
  top = lua_gettop(L);
  lua_rawgeti(L, LUA_REGISTRYINDEX, s->handler);
  lua_pushstring(L, method);
  lua_pushstring(L, side);
  lua_pushstring(L, path);
  lua_newtable(L);
  MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, push_arg, L);
  if (rq->body != NULL) lua_pushlstring(L, rq->body, rq->len);
  else lua_pushnil(L);
  if (lua_pcall(L, 5, 3, 0) != LUA_OK) {
    fprintf(stderr, "volley serve: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return send_error(c, 500, "the server failed on this request (see its terminal)");
  }
  if (lua_tointeger(L, -3) == 0 && lua_type(L, -2) == LUA_TSTRING) {
    size_t n;
    const char *line = lua_tolstring(L, -2, &n);
    if (s->line != NULL || s->waiting != NULL) {
      lua_settop(L, top);
      return send_error(c, 409, "another command is being answered: try again");
    }
    s->line = (char *)malloc(n + 1);
    if (s->line == NULL) {
      lua_settop(L, top);
      return send_error(c, 500, "not enough memory");
    }
    memcpy(s->line, line, n + 1);
    snprintf(s->line_side, sizeof s->line_side, "%s", side);
    s->waiting = c;
    s->waiting_req = rq;
    rq->waiting = 1;
    MHD_suspend_connection(c);
    lua_settop(L, top);
    return MHD_YES;
  }
  {
    size_t n = 0;
    const char *body = lua_tolstring(L, -1, &n);
    const char *ctype = lua_tostring(L, -2);
    lua_Integer status = lua_tointeger(L, -3);
    if (body == NULL || ctype == NULL || status < 200 || status > 599) {
      lua_settop(L, top);
      return send_error(c, 500, "the server failed on this request");
    }
    if (strncmp(path, "events", 7) == 0 && status == 200) {
      char sidebuf[SERVE_SIDE_MAX];
      snprintf(sidebuf, sizeof sidebuf, "%s", side);
      ok = stream_open(s, c, sidebuf, body, n);
    } else {
      ok = send_bytes(c, (unsigned int)status, ctype, body, n);
    }
  }
  lua_settop(L, top);
  return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload, size_t *upload_size, void **con_cls) {
  server *s = (server *)cls;
  request *rq = (request *)*con_cls;
  const char *host, *origin, *token, *slash, *rest;
  const side_token *st;
  char side[SERVE_SIDE_MAX], cookie_name[32];
  int is_get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
  int is_post = strcmp(method, "POST") == 0;
  (void)version;
  if (rq == NULL) {   /* the first call: the headers */
    rq = (request *)calloc(1, sizeof *rq);
    if (rq == NULL) return MHD_NO;
    *con_cls = rq;
  }
  if (rq->reply != NULL) {   /* the game took the line: its answer */
    enum MHD_Result ok = MHD_queue_response(c, rq->reply_status, rq->reply);
    MHD_destroy_response(rq->reply);
    rq->reply = NULL;
    return ok;
  }
  if (rq->waiting) return MHD_YES;
  if (!rq->started) {
    const char *len;
    rq->started = 1;
    host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    if (!host_ok(s, host)) return send_error(c, 421, "this server is not that Host");
    if (!is_get && !is_post) return send_error(c, 405, "GET or POST only");
    len = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Length");
    if (len != NULL && strtoull(len, NULL, 10) > SERVE_BODY_MAX)
      return send_error(c, 413, "the body is too large (8 KiB at most)");
    if (is_post) return MHD_YES;   /* the body comes next */
  }
  if (is_post && *upload_size > 0) {
    if (rq->too_big) {   /* dropped, and the 413 sent when it ends; past a MiB, cut off */
      rq->len += *upload_size;
      *upload_size = 0;
      return rq->len > SERVE_DISCARD_MAX ? MHD_NO : MHD_YES;
    }
    if (rq->len + *upload_size <= SERVE_BODY_MAX) {
      char *nb = (char *)realloc(rq->body, rq->len + *upload_size + 1);
      if (nb == NULL) return MHD_NO;
      rq->body = nb;
      memcpy(rq->body + rq->len, upload, *upload_size);
      rq->len += *upload_size;
      rq->body[rq->len] = '\0';
      *upload_size = 0;
      return MHD_YES;
    }
    rq->too_big = 1;
    rq->len += *upload_size;
    *upload_size = 0;
    return MHD_YES;
  }
  if (rq->too_big) return send_error(c, 413, "the body is too large (8 KiB at most)");
  host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
  /* /<SIDE>/...: the side's token, by cookie or query */
  if (url[0] != '/') return send_error(c, 404, "no such page");
  slash = strchr(url + 1, '/');
  if (slash == NULL) {
    if (url[1] == '\0')
      return send_error(c, 404, "open the URL volley serve printed (one per side)");
    return send_error(c, 404, "no such page");
  }
  st = side_of(s, url + 1, (size_t)(slash - url - 1));
  if (st == NULL) return send_error(c, 404, "no such side");
  snprintf(side, sizeof side, "%s", st->side);
  rest = slash + 1;
  snprintf(cookie_name, sizeof cookie_name, "volley-%u", (unsigned)s->port);
  token = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "token");
  if (token != NULL && same_token(token, st->token)) {
    if (is_get && strncmp(rest, "api/", 4) != 0) {   /* the first load: into a cookie */
      char cookie[256], where[SERVE_SIDE_MAX + 256];
      struct MHD_Response *r =
          MHD_create_response_from_buffer(0, (void *)(uintptr_t)"", MHD_RESPMEM_PERSISTENT);
      enum MHD_Result ok;
      if (r == NULL) return MHD_NO;
      snprintf(cookie, sizeof cookie, "%s=%s; Path=/%s/; HttpOnly; SameSite=Strict",
               cookie_name, st->token, side);
      snprintf(where, sizeof where, "/%s/%s", side, plain_name(rest) ? rest : "");
      add_headers(r, NULL);
      MHD_add_response_header(r, "Set-Cookie", cookie);
      MHD_add_response_header(r, "Location", where);
      ok = MHD_queue_response(c, 303, r);
      MHD_destroy_response(r);
      return ok;
    }
  } else {
    const char *cookie = MHD_lookup_connection_value(c, MHD_COOKIE_KIND, cookie_name);
    if (!same_token(cookie, st->token))
      return send_error(c, 403, "no token, or not this side's: open the URL volley serve "
                                "printed");
  }
  origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
  if ((origin != NULL || is_post) && !origin_ok(origin, host))
    return send_error(c, 403, "a request from another site (Origin) is refused");
  if (strncmp(rest, "api/", 4) != 0) {
    if (!is_get) return send_error(c, 405, "GET only");
    return send_file(s, c, rest);
  }
  if (is_post) {
    const char *ct = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Content-Type");
    if (ct == NULL || strncmp(ct, "application/json", 16) != 0)
      return send_error(c, 400, "a POST body is application/json");
  }
  return call_handler(s, c, rq, is_post ? "POST" : "GET", side, rest + 4);
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode why) {
  server *s = (server *)cls;
  request *rq = (request *)*con_cls;
  (void)why;
  if (rq == NULL) return;
  if (s->waiting_req == rq) {   /* gone before the game answered: the answer has nowhere to go */
    s->waiting = NULL;
    s->waiting_req = NULL;
  }
  (void)c;
  if (rq->reply != NULL) MHD_destroy_response(rq->reply);
  free(rq->body);
  free(rq);
  *con_cls = NULL;
}

/* }====================================================================================== */

/* {======================================================================================
** The functions Lua sees
** ======================================================================================= */

static int srv_listen(lua_State *L) {
  server *s = check_server(L);
  const char *addr = luaL_checkstring(L, 1);
  lua_Integer port = luaL_checkinteger(L, 2);
  struct sockaddr_in v4;
  struct sockaddr_in6 v6;
  struct sockaddr *sa;
  unsigned int flags = MHD_ALLOW_SUSPEND_RESUME;
  const union MHD_DaemonInfo *info;
  sigset_t mask;
  if (s->d != NULL) return luaL_error(L, "serve: listening already");
  if (port < 0 || port > 65535) return luaL_error(L, "serve: bad port");
  memset(&v4, 0, sizeof v4);
  memset(&v6, 0, sizeof v6);
  if (inet_pton(AF_INET, addr, &v4.sin_addr) == 1) {
    v4.sin_family = AF_INET;
    v4.sin_port = htons((uint16_t)port);
    sa = (struct sockaddr *)&v4;
  } else if (inet_pton(AF_INET6, addr, &v6.sin6_addr) == 1) {
    v6.sin6_family = AF_INET6;
    v6.sin6_port = htons((uint16_t)port);
    sa = (struct sockaddr *)&v6;
    flags |= MHD_USE_IPv6;
  } else {
    lua_pushnil(L);
    lua_pushfstring(L, "--listen takes an IP address (127.0.0.1, ::1, 0.0.0.0), not '%s'", addr);
    return 2;
  }
  s->d = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, s,
                          MHD_OPTION_SOCK_ADDR, sa,
                          MHD_OPTION_CONNECTION_LIMIT, (unsigned int)64,
                          MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
                          MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)120,
                          MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
                          MHD_OPTION_END);
  if (s->d == NULL) {
    lua_pushnil(L);
    lua_pushfstring(L, "cannot listen on %s port %d (%s)", addr, (int)port,
                    errno != 0 ? strerror(errno) : "in use?");
    return 2;
  }
  info = MHD_get_daemon_info(s->d, MHD_DAEMON_INFO_BIND_PORT);
  s->port = info != NULL ? info->port : (uint16_t)port;
  /* SIGINT and SIGTERM are read from a signalfd while the server waits */
  sigemptyset(&mask);
  sigaddset(&mask, SIGINT);
  sigaddset(&mask, SIGTERM);
  if (sigprocmask(SIG_BLOCK, &mask, &s->old_mask) == 0) s->masked = 1;
  s->sigfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
  if (s->sigfd < 0 && s->masked) {   /* no signalfd: the signals stop the program as ever */
    sigprocmask(SIG_SETMASK, &s->old_mask, NULL);
    s->masked = 0;
  }
  lua_pushinteger(L, s->port);
  return 1;
}

static int srv_token(lua_State *L) {
  static const char ALPHABET[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  server *s = check_server(L);
  const char *side = luaL_checkstring(L, 1);
  unsigned char raw[SERVE_TOKEN_BYTES + 1];
  side_token *t;
  size_t got = 0;
  int i, bits = 0, k = 0;
  unsigned int acc = 0;
  if (s->nsides >= SERVE_SIDES || strlen(side) >= SERVE_SIDE_MAX)
    return luaL_error(L, "serve: too many sides");
  while (got < SERVE_TOKEN_BYTES) {
    ssize_t n = getrandom(raw + got, SERVE_TOKEN_BYTES - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return luaL_error(L, "serve: the system's random source fails (%s)",
                                  strerror(errno));
    got += (size_t)n;
  }
  raw[SERVE_TOKEN_BYTES] = 0;
  t = &s->sides[s->nsides++];
  snprintf(t->side, sizeof t->side, "%s", side);
  for (i = 0; i <= SERVE_TOKEN_BYTES && k < SERVE_TOKEN_LEN; i++) {   /* base64url */
    acc = (acc << 8) | raw[i];
    bits += 8;
    while (bits >= 6 && k < SERVE_TOKEN_LEN) {
      bits -= 6;
      t->token[k++] = ALPHABET[(acc >> bits) & 63u];
    }
  }
  t->token[k] = '\0';
  lua_pushstring(L, t->token);
  return 1;
}

static int srv_web(lua_State *L) {
  server *s = check_server(L);
  const char *dir = luaL_optstring(L, 1, "");
  if (strlen(dir) >= sizeof s->web) return luaL_error(L, "serve: the web folder's path is too long");
  snprintf(s->web, sizeof s->web, "%s", dir);
  return 0;
}

/* One round of the external-select loop: true to go on. */
static int serve_once(server *s) {
  fd_set rs, ws, es;
  MHD_socket maxfd = 0;
  MHD_UNSIGNED_LONG_LONG to;
  struct timeval tv, *tvp = NULL;
  int n;
  if (s->resumed) {   /* a resumed connection is in the sets only after a run */
    s->resumed = 0;
    MHD_run(s->d);
  }
  FD_ZERO(&rs);
  FD_ZERO(&ws);
  FD_ZERO(&es);
  if (MHD_get_fdset(s->d, &rs, &ws, &es, &maxfd) != MHD_YES) return 0;
  if (s->sigfd >= 0) {
    FD_SET(s->sigfd, &rs);
    if (s->sigfd > maxfd) maxfd = s->sigfd;
  }
  if (MHD_get_timeout(s->d, &to) == MHD_YES) {
    tv.tv_sec = (time_t)(to / 1000);
    tv.tv_usec = (suseconds_t)((to % 1000) * 1000);
    tvp = &tv;
  }
  n = select(maxfd + 1, &rs, &ws, &es, tvp);
  if (n < 0) {
    if (errno == EINTR) return 1;
    return 0;
  }
  if (s->sigfd >= 0 && FD_ISSET(s->sigfd, &rs)) {
    struct signalfd_siginfo si;
    if (read(s->sigfd, &si, sizeof si) == (ssize_t)sizeof si) s->stopping = 1;
  }
  MHD_run_from_select(s->d, &rs, &ws, &es);
  return 1;
}

static int srv_wait(lua_State *L) {
  server *s = check_server(L);
  luaL_checktype(L, 1, LUA_TFUNCTION);
  if (s->d == NULL) return luaL_error(L, "serve: not listening");
  lua_pushvalue(L, 1);
  s->handler = luaL_ref(L, LUA_REGISTRYINDEX);
  s->L = L;
  while (s->line == NULL && !s->stopping)
    if (!serve_once(s)) break;
  s->L = NULL;
  luaL_unref(L, LUA_REGISTRYINDEX, s->handler);
  s->handler = LUA_NOREF;
  if (s->line == NULL) return 0;
  lua_pushstring(L, s->line_side);
  lua_pushstring(L, s->line);
  free(s->line);
  s->line = NULL;
  return 2;
}

static int srv_reply(lua_State *L) {
  server *s = check_server(L);
  lua_Integer status = luaL_checkinteger(L, 1);
  size_t n;
  const char *body = luaL_checklstring(L, 2, &n);
  struct MHD_Response *r;
  if (s->waiting == NULL || s->waiting_req == NULL) return 0;   /* the browser went away */
  r = MHD_create_response_from_buffer(n, (void *)(uintptr_t)body, MHD_RESPMEM_MUST_COPY);
  if (r == NULL) return luaL_error(L, "not enough memory");
  add_headers(r, "application/json");
  s->waiting_req->reply = r;
  s->waiting_req->reply_status = (unsigned int)(status >= 200 && status <= 599 ? status : 500);
  s->waiting_req->waiting = 0;
  MHD_resume_connection(s->waiting);
  s->resumed = 1;
  s->waiting = NULL;
  s->waiting_req = NULL;
  return 0;
}

static int srv_push(lua_State *L) {
  server *s = check_server(L);
  const char *side = luaL_checkstring(L, 1);
  size_t n;
  const char *text = luaL_checklstring(L, 2, &n);
  int i;
  for (i = 0; i < SERVE_STREAMS; i++) {
    stream *st = &s->streams[i];
    if (!st->used || st->ending || strcmp(st->side, side) != 0) continue;
    stream_append(st, text, n);
    stream_wake(st);
  }
  return 0;
}

static void server_close(server *s) {
  int i;
  if (s->d != NULL) {
    s->stopping = 1;
    if (s->waiting != NULL) {   /* a POST the game never answered */
      struct MHD_Response *r =
          MHD_create_response_from_buffer(0, (void *)(uintptr_t)"", MHD_RESPMEM_PERSISTENT);
      if (r != NULL && s->waiting_req != NULL) {
        s->waiting_req->reply = r;
        s->waiting_req->reply_status = 503;
        s->waiting_req->waiting = 0;
      } else if (r != NULL) {
        MHD_destroy_response(r);
      }
      MHD_resume_connection(s->waiting);
      s->waiting = NULL;
      s->waiting_req = NULL;
    }
    for (i = 0; i < SERVE_STREAMS; i++)
      if (s->streams[i].used) stream_wake(&s->streams[i]);
    for (i = 0; i < 8; i++) MHD_run(s->d);   /* the resumed ones send what they hold, end */
    MHD_stop_daemon(s->d);
    s->d = NULL;
  }
  free(s->line);
  s->line = NULL;
  if (s->sigfd >= 0) close(s->sigfd);
  s->sigfd = -1;
  if (s->masked) sigprocmask(SIG_SETMASK, &s->old_mask, NULL);
  s->masked = 0;
}

static int srv_close(lua_State *L) {
  server_close(check_server(L));
  return 0;
}

/* }====================================================================================== */

static const luaL_Reg SERVER_FUNCTIONS[] = {
  {"listen", srv_listen}, {"token", srv_token}, {"web", srv_web}, {"wait", srv_wait},
  {"reply", srv_reply},   {"push", srv_push},   {"close", srv_close}, {NULL, NULL}
};

int cmd_serve(int argc, char **argv) {
  char err[512];
  lua_State *L = host_open(err, sizeof err);
  server *s;
  int status = 1, i;
  if (L == NULL) {
    fprintf(stderr, "volley serve: %s\n", err);
    return 1;
  }
  s = (server *)calloc(1, sizeof *s);
  if (s == NULL) {
    host_close(L);
    fprintf(stderr, "volley serve: not enough memory\n");
    return 1;
  }
  s->sigfd = -1;
  s->handler = LUA_NOREF;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "volley.serve");
  if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
    lua_getfield(L, -1, "main");
    lua_createtable(L, argc > 1 ? argc - 1 : 0, 0);
    for (i = 1; i < argc; i++) {
      lua_pushstring(L, argv[i]);
      lua_rawseti(L, -2, i);
    }
    lua_createtable(L, 0, 2);
    lua_createtable(L, 0, 7);
    for (i = 0; SERVER_FUNCTIONS[i].name != NULL; i++) {
      lua_pushlightuserdata(L, s);
      lua_pushcclosure(L, SERVER_FUNCTIONS[i].func, 1);
      lua_setfield(L, -2, SERVER_FUNCTIONS[i].name);
    }
    lua_setfield(L, -2, "server");
    lua_pushcfunction(L, render_marks_lua);
    lua_setfield(L, -2, "render");
    if (lua_pcall(L, 2, 1, 0) == LUA_OK)
      status = (int)lua_tointeger(L, -1);
    else
      fprintf(stderr, "volley serve: %s\n", lua_tostring(L, -1));
  } else {
    fprintf(stderr, "volley serve: %s\n", lua_tostring(L, -1));
  }
  fflush(stdout);
  server_close(s);
  host_close(L);
  free(s);
  return status;
}
