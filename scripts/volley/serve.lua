--- `volley serve`: a game played in the browser (docs/serve.md). The game is `volley play`'s
-- (`volley.play.main`: the engine, the journal, the autosave, the bots, the command language),
-- the sides without a bot answered from web pages: the program (shell/cmd_serve.c) gives an
-- HTTP server, `env.server`, which checks what every request must be (Host, the side's token,
-- Origin, size) and hands what is under /<SIDE>/api/ to the handler here. The server runs
-- only while the game waits for a person: the driver's prompt reader is `wait`, and the line
-- a page POSTs is the line the prompt would have read, in that side's view.
-- @module volley.serve

local core = require "volley.core"
local cli = require "volley.cli"
local commands = require "volley.commands"
local json = require "volley.json"

local M = {}

--- The log entries `/api/state` carries (the last ones), and `/api/log` at most at once.
M.LOG_TAIL, M.LOG_PAGE = 300, 1000
--- The legal answers `/api/state` lists at most (`count` has them all).
M.OPTIONS_MAX = 2000

-- The commands a side may give while another side is asked (or after the game): they
-- answer nothing and read only what the side's view sees.
local ANY_TIME = { show = true, reach = true, log = true, los = true, hash = true,
                   rules = true, options = true }
-- The commands a browser never gives: they read or write files of the server's machine, or
-- its terminal (docs/serve.md "Security").
local NEVER = { load = true, reload = true, lua = true, svg = true, map = true,
                sources = true }

local function err(status, why)
  return status, "application/json", json.encode({ ok = false, error = why }) .. "\n"
end

local function ok(t)
  t.ok = true
  return 200, "application/json", json.encode(t) .. "\n"
end

-- {====================================================================================
-- The game as a side sees it
-- =====================================================================================

local S = {}
S.__index = S

-- A query of the game's engine state in the side's view; the step put back after it when
-- it ran script code (as after the prompt's queries), while the game is under way.
function S:call(fn, ...)
  local g = self.g
  local qok, a, b = g.st:call("volley.queries", fn, ...)
  if not self.over then g:settle() end
  if not qok then return nil, tostring(a) end
  return a, b
end

function S:seen(side, text)
  local v = self:call("line", side, text)
  return v
end

-- The pending request as `side` sees it, or json.null.
function S:request(side)
  local g, p = self.g, self.g.asking
  if not p or self.over then return json.null end
  local req = g.res and g.res[1] == "request" and g.res[3] or {}
  local mine = p.side == side
  local r = { decision = g.decisions + 1, side = p.side, kind = p.kind, rule = p.rule,
              mine = mine, secret = req.secret and true or false }
  local options = type(p.options) == "table" and p.options or {}
  if mine then
    r.prompt = p.prompt
    r.default = p.default
    r.count = #options
    local list = {}
    for i = 1, math.min(#options, M.OPTIONS_MAX) do list[i] = options[i] end
    r.options = list
    local notes = self:call("notes", side)
    if type(notes) == "table" then
      local tells = {}
      for i = 1, #list do
        local t = notes[i]
        tells[i] = (type(t) == "string" and t ~= "") and t or json.null
      end
      r.tells = tells
    end
  else
    r.prompt = self:seen(side, tostring(p.prompt or "")) or "?"
    local list = {}
    if not req.secret then
      for _, o in ipairs(options) do
        if #list >= M.OPTIONS_MAX then break end
        if self:seen(side, tostring(o)) then list[#list + 1] = o end
      end
    end
    r.options, r.count = list, #list
  end
  return r
end

-- A roll as docs/json.md's `roll` event has it.
local function roll_of(r)
  return { n = r.n, die = r.die, natural = r.natural, faces = r.faces, forced = r.forced,
           reason = r.reason, rule = r.rule, modifiers = r.modifiers, total = r.total,
           chart = r.chart, row = r.row, column = r.column, result = r.result,
           provisional = r.provisional }
end

-- The side's log: every entry, `{n =, text =}` or `{n =, roll =}`; worked out once for each
-- state of the game (`signature`): the events and the page's fetches that follow a change
-- share it.
function S:log(side)
  local sig = self:signature()
  local cached = self.logs[side]
  if cached and cached.sig == sig then return cached.log end
  local entries = self:call("log", side, nil, true) or {}
  local out = {}
  for i, e in ipairs(entries) do
    out[i] = e.roll and { n = i, roll = roll_of(e.roll) } or { n = i, text = e.text }
  end
  self.logs[side] = { sig = sig, log = out }
  return out
end

local function slice(list, from, to)
  local out = {}
  for i = math.max(from, 1), math.min(to, #list) do out[#out + 1] = list[i] end
  return out
end

function S:result()
  if not self.over then return nil end
  local rok, r = self.g.st:call("volley.session", "result")
  if not rok then return {} end
  local g = self.g
  local winner = r.winner
  if g.capped then winner = nil end
  return { winner = (winner ~= "draw" and winner) or json.null,
           reason = g.capped and "capped" or r.reason or "",
           draw = (not g.capped and r.winner == "draw") or nil }
end

function S:state(side)
  local g = self.g
  local log = self:log(side)
  local over = self:result()
  local track = self:call("track", side)
  if type(track) == "table" then
    track = { turn = track.turn, last = track.last, time = track.time, light = track.light,
              events = track.events, next = track.next }
  else
    track = nil
  end
  local bots = {}
  for _, s in ipairs(g.sides) do
    if g.o.bots[s] then bots[#bots + 1] = { side = s, name = g.o.bots[s] } end
  end
  return { v = json.V, side = side, sides = g.sides, bots = bots, scenario = self.scenario,
           title = self.title, system = self.system, version = self.version,
           decision = g.decisions, view_hash = self:call("view_hash", side),
           over = over ~= nil, winner = over and over.winner or json.null,
           reason = over and over.reason or json.null, draw = over and over.draw or nil,
           request = self:request(side), track = track, setup = self:call("in_setup") == true,
           log = slice(log, #log - M.LOG_TAIL + 1, #log), log_count = #log }
end

-- Every unit the side sees (`volley.serve_view.units`), each with the prompt's `show` lines.
function S:units(side)
  local g = self.g
  if self.view_loaded ~= g.st then   -- a load puts another engine state in the game
    local rok, rerr = g.st:require("volley.serve_view")
    if not rok then return nil, tostring(rerr) end
    self.view_loaded = g.st
  end
  local qok, units = g.st:call("volley.serve_view", "units", side)
  if not self.over then g:settle() end
  if not qok then return nil, tostring(units) end
  for _, e in ipairs(units) do
    local lines = self:call("show", side, e.id)
    e.lines = type(lines) == "table" and lines or {}
  end
  return { units = units }
end

function S:board(side)
  local marks, why = self:call("marks", side)
  if not marks then return nil, why end
  local rok, rwhy = self.env.render(marks, { svg = self.svg_file })
  if not rok then return nil, rwhy end
  local f = io.open(self.svg_file, "rb")
  if not f then return nil, "the picture cannot be read back" end
  local text = f:read("a")
  f:close()
  return text
end

function S:reach(side, unit)
  local lines, why = self:call("reach", side, unit)
  if not lines then return nil, why end
  local out = { unit = unit, hexes = {}, lines = lines }
  local first = lines[1] or ""
  out.from = first:match("^reach of %S+ from (%S+)")
  local list = first:match("%(hex%(MP%)%): (.*)$")
  if list then
    for hex, cost in list:gmatch("(%S+)%((%d+)%)") do
      out.hexes[#out.hexes + 1] = { hex = hex, cost = tonumber(cost) }
    end
  end
  return out
end

-- }====================================================================================

-- {====================================================================================
-- Lines from the pages
-- =====================================================================================

-- Why `side` may not give `line` now: status and why; nil when it may (the line to give the
-- game). `only_answer`: /api/answer.
function S:check_line(side, line, only_answer)
  if line:find("[%z\1-\31\127]") then return 400, "the line holds control bytes" end
  local why = core.text.check(line)
  if why then return 400, why end
  if #line > 4096 then return 400, "the line is too long (4096 bytes at most)" end
  local g = self.g
  local word = (line:match("^%s*(%S+)") or ""):lower()
  -- read as the prompt will read it: in the side's view (the names it sees)
  local view = g.view
  g.view = side
  local iok, c = pcall(commands.interpret, line, g.asking, g:names())
  g.view = view
  if not iok or type(c) ~= "table" then c = { kind = "refused" } end
  if c.kind == "quit" or c.kind == "clear" or c.kind == "dice"
      or (c.kind == "query" and NEVER[c.verb]) then
    return 403, "'" .. word .. "' is not given from a browser (docs/serve.md \"Security\")"
  end
  if c.kind == "query" and c.verb == "save" then
    local name = c.args and c.args[1] or ""
    if not name:match("^[%w_%-]+%.save$") then
      return 403, "save NAME.save (letters, digits, _ and -) in the server's folder"
    end
    local f = io.open(name, "rb")
    if f then
      f:close()
      return 409, name .. " exists: give another name"
    end
  end
  local asked = g.asking and not self.over and g.asking.side == side
  if asked and c.kind == "undo" and #self.humans > 1 then
    local last = self.takers[#self.takers]
    if last ~= side then
      return 409, "undo would take back " .. (last and (last .. "'s answer") or "an answer "
        .. "given before this server started") .. ": a side takes back only its own"
    end
  end
  if only_answer and c.kind ~= "answer" and c.kind ~= "default_all" and c.kind ~= "refused" then
    return 422, "not an answer ('" .. word .. "'): give commands to api/command"
  end
  if not asked then
    local fine = (c.kind == "query" and ANY_TIME[c.verb]) or word == "help"
    if not fine then
      if self.over then return 409, "the game is over" end
      return 409, "not your turn: " .. tostring(g.asking and g.asking.side or "nobody")
        .. " is asked"
    end
  end
  return nil
end

local function read_line(body)
  if type(body) ~= "string" then return nil, "no body" end
  local pok, t = pcall(require("dkjson").decode, body)
  if not pok or type(t) ~= "table" then return nil, "the body is not a JSON object" end
  local line = t.line
  if type(line) ~= "string" then return nil, "the body has no \"line\" string" end
  return line
end

-- }====================================================================================

-- {====================================================================================
-- The handler and the reader
-- =====================================================================================

function S:handle(method, side, path, args, body)
  if path == "state" and method == "GET" then return ok(self:state(side)) end
  if path == "units" and method == "GET" then
    local units, why = self:units(side)
    if not units then return err(500, "the units cannot be read: " .. tostring(why)) end
    return ok(units)
  end
  if path == "log" and method == "GET" then
    local from = tonumber(args.from and args.from:match("^%d+$") or nil)
    if not from then return err(400, "log?from=K takes a number") end
    local log = self:log(side)
    return ok({ log = slice(log, from, from + M.LOG_PAGE - 1), log_count = #log })
  end
  if path == "board.svg" and method == "GET" then
    local svg, why = self:board(side)
    if not svg then return err(500, "the board cannot be drawn: " .. tostring(why)) end
    return 200, "image/svg+xml", svg
  end
  if path == "reach" and method == "GET" then
    if type(args.unit) ~= "string" or args.unit == "" then return err(400, "reach?unit=ID") end
    local r, why = self:reach(side, args.unit)
    if not r then return err(422, why) end
    return ok(r)
  end
  if path == "show" and method == "GET" then
    if type(args.name) ~= "string" or args.name == "" then return err(400, "show?name=X") end
    local lines, why = self:call("show", side, args.name)
    if not lines then return err(422, why) end
    return ok({ lines = lines })
  end
  if path == "events" and method == "GET" then
    return 200, "text/event-stream", "retry: 2000\ndata: "
      .. json.encode({ event = "hello", v = json.V, version = self.version }) .. "\n\n"
  end
  if path == "command" or path == "answer" then
    if method ~= "POST" then return err(405, "POST a {\"line\": ...}") end
    local line, why = read_line(body)
    if not line then return err(400, why) end
    local status, refusal = self:check_line(side, line, path == "answer")
    if status then return err(status, refusal) end
    return 0, line
  end
  local known = { state = 1, units = 1, log = 1, ["board.svg"] = 1, reach = 1, show = 1,
                  events = 1 }
  if known[path] then return err(405, "GET only") end
  return err(404, "no such API: " .. path)
end

-- The game moved on (or not) since the last line: the signature of what a page shows.
function S:signature()
  local g = self.g
  return tostring(g.decisions) .. (self.over and "/over" or "") .. "/" .. tostring(self.undos)
end

local function event_text(e)
  return "data: " .. json.encode(e) .. "\n\n"
end

-- After a change: each side's streams get the new entries of its log, the request, the end,
-- and `update`.
function S:publish()
  local sig = self:signature()
  if sig == self.sig then return end
  self.sig = sig
  self.version = self.version + 1
  local g = self.g
  -- after an undo the log is told again from the state (`reset`), not added to
  local undone = self.undos ~= (self.undos_told or 0)
  self.undos_told = self.undos
  for _, side in ipairs(self.humans) do
    local log = self:log(side)
    local from = self.cursor[side] or 0
    local parts = {}
    if #log < from or undone then
      parts[#parts + 1] = event_text({ event = "update", v = json.V, version = self.version,
                                       decision = g.decisions, reset = true })
    else
      for i = from + 1, #log do
        local e = log[i]
        if e.roll then
          local r = { event = "roll", v = json.V }   -- the log's own entry is kept as it is
          for k, x in pairs(e.roll) do r[k] = x end
          parts[#parts + 1] = event_text(r)
        else
          parts[#parts + 1] = event_text({ event = "result", v = json.V, text = e.text })
        end
      end
    end
    self.cursor[side] = #log
    local req = self:request(side)
    if req ~= json.null then
      req.event, req.v = "request", json.V
      parts[#parts + 1] = event_text(req)
    end
    local over = self:result()
    if over then
      parts[#parts + 1] = event_text({ event = "game_over", v = json.V, winner = over.winner,
        reason = over.reason, draw = over.draw, decisions = g.decisions,
        view_hash = self:call("view_hash", side) })
    end
    parts[#parts + 1] = event_text({ event = "update", v = json.V, version = self.version,
                                     decision = g.decisions })
    self.server.push(side, table.concat(parts))
  end
end

-- The answer to the line the game was given, now that it asks again (or is over).
function S:answered()
  local given = self.given
  if not given then return end
  self.given = nil
  local g = self.g
  local refusal, undone = nil, 0
  for _, l in ipairs(self.output) do
    if l:match("^refused: ") then refusal = l end
    if l:match("^undo: %S+ %S+ .* taken back$") then undone = undone + 1 end
  end
  -- whose lines gave the answers taken, the last last: undo from a page takes back only its
  -- side's (in a game of two browsers)
  if undone > 0 then
    self.undos = self.undos + 1
    for _ = 1, undone do self.takers[#self.takers] = nil end
  end
  for _ = given.decisions - undone + 1, g.decisions do
    self.takers[#self.takers + 1] = given.side
  end
  self:publish()
  local body = { ok = refusal == nil, taken = g.decisions ~= given.decisions,
                 output = self.output, version = self.version, decision = g.decisions,
                 view_hash = self:call("view_hash", given.side), error = refusal }
  self.server.reply(refusal and 422 or 200, json.encode(body) .. "\n")
end

--- The prompt's reader for the game: the answer to the last line, the pages told, then the
-- server run until a page gives a line (nil when the server is asked to stop).
function S:reader()
  local g = self.g
  if self.load_first then   -- `volley serve SAVE`: the save's game in place of the new one
    local path = self.load_first
    self.load_first = nil
    self.output = {}
    return "load " .. path
  end
  if self.loading then   -- the load's lines, said on the terminal; refused, the server stops
    self.loading = nil
    local refused = false
    for _, l in ipairs(self.output) do
      refused = refused or l:match("^refused") ~= nil
      io.stdout:write(l, "\n")
    end
    io.stdout:flush()
    if refused then
      self.failed = true
      return nil
    end
  end
  self.over = g.asking == nil
  self:answered()
  self:publish()
  local side, line = self.server.wait(function(...) return self:handle(...) end)
  if not side then   -- SIGINT or SIGTERM
    self.stopped = true
    return nil
  end
  g.view = side   -- the line is read, and what it prints told, in its side's view
  self.output = {}
  self.given = { side = side, decisions = g.decisions, asking = g.asking }
  return line
end

-- The driver's output while the server plays: the transcript is not printed (the server's
-- terminal is not a side's view); what the prompt would print for a line is kept for its
-- answer; errors go to stderr too.
local function capture(self)
  local out = {}
  function out.event() end
  function out.text() end
  -- a line told while another side is asked (its `default all` or a compound line's answers
  -- given on the way) is not the answer of this side's line
  function out.note(_, line)
    local asking, given = self.g and self.g.asking, self.given
    if given and asking and asking ~= given.asking and asking.side ~= given.side then return end
    self.output[#self.output + 1] = line
  end
  function out.err(_, line)
    io.stderr:write(line, "\n")
    self.output[#self.output + 1] = line
  end
  return out
end

-- The game is open: its output captured, a token and a URL per side without a bot.
function S:opened(g)
  self.g = g
  g.out = capture(self)
  self.humans = {}
  for _, side in ipairs(g.sides) do
    if not g.o.bots[side] then self.humans[#self.humans + 1] = side end
  end
  if #self.humans == 0 then
    error("every side has a bot: nothing to play in a browser (volley play plays it out)", 0)
  end
  local info = g.info or {}
  self.scenario = info.scenario or g.o.target
  local sc = self.scenario and require("volley.scenario").read(self.scenario)
  self.title = sc and sc.title or nil
  self.system = sc and sc.system or nil
  io.stdout:write(string.format("volley serve: %s on %s\n", tostring(self.scenario),
    self.base))
  for _, side in ipairs(self.humans) do
    if not side:match("^[%w_%-]+$") then
      error("side '" .. side .. "' cannot be a URL's path", 0)
    end
    local token = self.server.token(side)
    io.stdout:write(string.format("%s: %s%s/?token=%s\n", side, self.base, side, token))
  end
  io.stdout:write("(Ctrl-C stops the server" .. (g.o.no_autosave and ")\n"
    or "; the game is autosaved: volley play --resume goes on with it)\n"))
  io.stdout:flush()
end

-- }====================================================================================

-- The folder of the page's files: --web, $VOLLEY_WEB_DIR, else web/ on the data path.
local function web_dir(f)
  if f.web then return f.web end
  local e = os.getenv("VOLLEY_WEB_DIR")
  if e and e ~= "" then return e end
  local found = core.find("web/index.html")
  return found and found:gsub("/index%.html$", "") or nil
end

--- The scenario of a save file (its header's `scenario` line), or nil when `path` is not a
-- save (a scenario id or folder).
-- @tparam string path
-- @treturn ?string
function M.save_scenario(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local first = f:read("l")
  local scenario
  if first == "volley-save 1" then
    for _ = 1, 8 do
      local l = f:read("l")
      if not l then break end
      scenario = scenario or l:match("^scenario (.+)$")
    end
  end
  f:close()
  return scenario
end

local function usage(msg)
  local _, status = cli.usage("serve", msg)
  return status
end

local LOOPBACK = { ["127.0.0.1"] = true, ["::1"] = true }

--- Plays a game for the browser. Returns the exit status.
-- @tparam {string,...} args the arguments after `serve`
-- @tparam table env `server` (shell/cmd_serve.c) and `render` (shell/cmd_render.c)
function M.main(args, env)
  local f, status = cli.parse("serve", args)
  if not f then return status end
  local port = f.port and f.port:match("^%d+$") and tonumber(f.port)
  if f.port and (not port or port > 65535) then
    return usage("--port takes a number from 0 to 65535")
  end
  local listen = f.listen or "127.0.0.1"
  local pargs, load_first = {}, nil
  local function add(...) for _, a in ipairs({ ... }) do pargs[#pargs + 1] = a end end
  if f.resume then
    add("--resume")
    if f.args and f.args[1] then
      return usage("--resume goes on with the autosave, not " .. f.args[1])
    end
  else
    if f.args and #f.args > 1 then return usage("one scenario at a time") end
    local target = (f.args and f.args[1]) or cli.DEFAULT_SCENARIO
    local save_scenario = M.save_scenario(target)
    if save_scenario then   -- a save: its scenario opened, then the save loaded in its place
      load_first = target
      target = save_scenario
    end
    add(target)
  end
  for _, b in ipairs(f.bot or {}) do add("--bot", b) end
  for _, o in ipairs(f.option or {}) do add("--option", o) end
  for _, m in ipairs(f.mod or {}) do add("--mod", m) end
  if f.seed then add("--seed", f.seed) end
  if f.undo then add("--undo", f.undo) end
  if f.max_decisions then add("--max-decisions", f.max_decisions) end
  if f.no_autosave then add("--no-autosave") end
  local server = env.server
  local bound, why = server.listen(listen, port or 0)
  if not bound then
    io.stderr:write("volley serve: ", tostring(why), "\n")
    return 1
  end
  if not LOOPBACK[listen] then
    io.stderr:write("volley serve: WARNING: listening on " .. listen .. ", not 127.0.0.1: "
      .. "anyone who can reach this port and sees a side's URL can play that side, and "
      .. "HTTP is not encrypted\n")
  end
  local host = listen
  if listen == "0.0.0.0" then host = "127.0.0.1" elseif listen == "::" then host = "::1" end
  if host:find(":", 1, true) then host = "[" .. host .. "]" end
  local web = web_dir(f)
  if not web then
    io.stderr:write("volley serve: the page's files are not installed (web/ on the data path; "
      .. "--web DIR): only the API is served\n")
  end
  server.web(web or "")
  local self = setmetatable({ env = env, server = server, version = 0, cursor = {},
                              output = {}, undos = 0, logs = {}, takers = {},
                              base = string.format("http://%s:%d/", host, bound),
                              svg_file = os.tmpname(), load_first = load_first,
                              loading = load_first ~= nil }, S)
  local penv = { render = env.render, prompt = true, own_side = true,
                 reader = function() return self:reader() end,
                 opened = function(g) self:opened(g) end }
  local pok, code = pcall(require("volley.play").main, pargs, penv)
  os.remove(self.svg_file)
  if pok and self.stopped and self.g then
    io.stdout:write(string.format("volley serve: stopped after %d decisions%s\n",
      self.g.decisions, self.over and "" or " (volley play --resume goes on with the game)"))
  end
  if not pok then
    io.stderr:write("volley serve: ", tostring(code), "\n")
    return 1
  end
  if self.failed then return 1 end
  return code
end

return M
