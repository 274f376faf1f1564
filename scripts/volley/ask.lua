--- Requests and answers: how a rule asks a player (DESIGN.md principle 4 and Part B
-- "Decisions").
--
-- A rule calls `ask(side, request)` inside the coroutine the runner drives. `ask` yields
-- the request to whoever answers (the shell, a bot, a test script, a replay), checks the
-- answer against the legal ones, and either returns its canonical value or yields again
-- with the reason it was refused. The rule never blocks and never sees an illegal answer.
--
-- A request is a table:
--
-- * `kind` (string): what is asked ("activate", "move", "face", "yes-no", ...): a word of
--   letters, digits and `_ . / -`, at most `M.KIND_MAX` bytes, as a save records it;
-- * `prompt` (string): one line for a person;
-- * `options` (list) or `enumerate` (function returning a list): the legal answers in
--   canonical order; each a string, an integer or a boolean;
-- * or, for a rule system's request with many answers (trusted code only: a script's
--   request lists them), the **lazy form**: `count` (function: how many legal answers),
--   `at` (function: `at(i)`, the i-th in canonical order, 1 <= i <= count) and `has`
--   (function: `has(answer)`, whether an answer is one of them): the answers need never be
--   formed as a list (`M.count`, `M.at`, `M.has`); `M.list` forms it when something must
--   show them all (`?`, completion, a listed request). The three must agree with one list,
--   and calling them never changes the game nor runs script code: a request's answers are
--   worked out before it is asked, as an enumerate's are (docs/runtime.md "Requests");
-- * `validate` (optional function): `validate(answer) -> true | false, why`, for a typed
--   answer that is not one of the options (never on its own: a request always has options
--   or enumerate, so bots and the journal can deal in legal answers);
-- * `canonical` (optional function): `canonical(answer) -> legal answer | nil`, the legal
--   answer a typed answer means when it is written another way (the guns of a combined fire
--   named in another order: `Churchill-1+A2US-1 3015` for `A2US-1+Churchill-1 3015`); the
--   value is the one returned and journalled, and it must be one of the legal answers (else
--   it is ignored): it never makes an answer legal that is not;
-- * `explain` (optional function): `explain(answer) -> why | nil`, why an answer that is
--   not one of the options (and that `validate`, if any, refused) is not legal, told in the
--   refusal (`'0603' is not a legal answer to retreat: 0603 is an attacker's hex of origin
--   (legal: 0402, 0502) [rough_and_ready 6.75]`); it never accepts an answer;
-- * `tell` (optional function): `tell(answer) -> text | nil`, what a legal answer costs or
--   causes when the system knows (`2 MP`, `a Hit: the front of 4US-1`), a few words shown
--   beside it by `?` (`M.notes`); it decides nothing;
-- * `warn` (optional function): `warn(answer) -> text | {text,...} | nil`, what a legal
--   answer brings that the player may not have meant (a unit out of its leader's range), told
--   as the answer is given at the prompt (`M.warnings`); a warning, never a refusal;
-- * `default` (optional): the answer a bare Enter gives at the prompt (`M.default_answer`:
--   the first legal answer when it names none);
-- * `compound` (optional function): `compound(answer) -> first, rest | nil, why`, a typed
--   answer that carries the answers of the requests the rules will ask next (Rough & Ready's
--   `5US-1 3013 NE`: the move, then the facing asked after it): `first` answers this request
--   (checked as any answer, never split again), `rest` is a list of `{kind =, value =,
--   optional =}` for the side's next requests, each checked when its request comes (the host
--   keeps them: docs/runtime.md "Requests"); `value` nil leaves that request to the player;
--   `optional` marks one the rules may not ask (a facing after a move that joins a stack).
--   nil and a reason refuses the answer with it; nil alone: the answer is no compound one;
-- * `free` (optional string): the request's default cannot hurt the asker (a bonus with no
--   cost), and why, in a few words: a person's host answers it with the default unless told to
--   ask (`volley play --ask-free`), and the narrative says so;
-- * `rule` (string): the case that makes the choice, e.g. "[rough_and_ready 3.11]".
-- @module volley.ask

local compat = require "volley.compat"
local core = require "volley.core"

local unpack = compat.unpack
local limits = core.save.limits

local M = {}

local function pack(...)
  return { n = select("#", ...), ... }
end

--- The marker that identifies a yield from `ask` (a bare `coroutine.yield` in a script
-- cannot forge one: the driver checks it by identity).
M.TOKEN = setmetatable({}, { __tostring = function() return "volley.ask" end })

local KEYS = { kind = true, prompt = true, options = true, enumerate = true, validate = true,
               count = true, at = true, has = true,
               explain = true, canonical = true, tell = true, compound = true, free = true,
               warn = true,
               default = true, rule = true, secret = true }

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = tostring(k) end
  table.sort(keys)
  return keys
end

local function is_answer_value(v)
  local t = type(v)
  return t == "string" or t == "boolean" or (t == "number" and v == math.floor(v))
end

--- The longest request kind, in bytes: a save's word (`volley.core.save.limits.word`).
M.KIND_MAX = limits.word
--- The longest string answer (or option), in bytes: what a save holds
-- (`volley.core.save.limits.answer`), a line of the command language.
M.ANSWER_MAX = limits.answer

-- A text of a script for a message: cleaned, at most 60 bytes of it.
local function shown(s)
  if #s > 60 then s = s:sub(1, 57) .. "..." end
  return core.text.clean(s)
end

--- Why a request's kind cannot be asked, or nil: a save records it as a word
-- (docs/formats.md "The save file"), so a kind that is not one is refused where it is given.
-- @tparam string kind
-- @treturn ?string
function M.bad_kind(kind)
  if kind ~= "" and #kind <= M.KIND_MAX and not kind:find("[^A-Za-z0-9_./-]") then return nil end
  return "request kind '" .. shown(kind) .. "' is not a word (letters, digits and _ . / -, at "
    .. "most " .. M.KIND_MAX .. " bytes; a save records it)"
end

--- Why an option of a request cannot be listed, or nil: a string answer longer than a save
-- holds (`M.ANSWER_MAX`).
-- @tparam string kind the request's kind
-- @tparam integer i the option's place
-- @param v the option
-- @treturn ?string
function M.bad_option(kind, i, v)
  if type(v) == "string" and #v > M.ANSWER_MAX then
    return "request '" .. kind .. "': option #" .. i .. " is " .. #v .. " bytes long (at most "
      .. M.ANSWER_MAX .. ", as a save holds)"
  end
end

--- Checks a request's shape.
-- @tparam table request
-- @raise naming the first problem: an unknown key, a missing kind/prompt/rule, neither
--   options nor enumerate, or a function where a value belongs
function M.check_request(request)
  if type(request) ~= "table" then
    error("bad request (table expected, got " .. type(request) .. ")", 3)
  end
  for _, k in ipairs(sorted_keys(request)) do
    if not KEYS[k] then
      error("unknown request key '" .. k .. "' (known: at, canonical, compound, count, default, "
        .. "enumerate, explain, free, has, kind, options, prompt, rule, secret, tell, validate, "
        .. "warn)", 3)
    end
  end
  for _, k in ipairs({ "kind", "prompt", "rule" }) do
    if type(request[k]) ~= "string" then
      error("request without a '" .. k .. "' string", 3)
    end
  end
  local bad = M.bad_kind(request.kind)
  if bad then error(bad, 3) end
  if request.count ~= nil or request.at ~= nil or request.has ~= nil then
    for _, k in ipairs({ "count", "at", "has" }) do
      if type(request[k]) ~= "function" then
        error("request '" .. request.kind .. "': a lazy request gives count, at and has, each a "
          .. "function (" .. k .. " is a " .. type(request[k]) .. ")", 3)
      end
    end
    if request.options ~= nil or request.enumerate ~= nil then
      error("request '" .. request.kind .. "': count, at and has stand for options or "
        .. "enumerate, not beside them", 3)
    end
  elseif request.options == nil and request.enumerate == nil then
    error("request '" .. request.kind .. "' has neither options nor enumerate", 3)
  end
  if request.options ~= nil and type(request.options) ~= "table" then
    error("request '" .. request.kind .. "': options must be a list", 3)
  end
  if request.enumerate ~= nil and type(request.enumerate) ~= "function" then
    error("request '" .. request.kind .. "': enumerate must be a function", 3)
  end
  if request.validate ~= nil and type(request.validate) ~= "function" then
    error("request '" .. request.kind .. "': validate must be a function", 3)
  end
  if request.explain ~= nil and type(request.explain) ~= "function" then
    error("request '" .. request.kind .. "': explain must be a function", 3)
  end
  if request.canonical ~= nil and type(request.canonical) ~= "function" then
    error("request '" .. request.kind .. "': canonical must be a function", 3)
  end
  local secret = require("volley.secret").bad_request(request)   -- volley.secret
  if secret then error(secret, 3) end
  if request.tell ~= nil and type(request.tell) ~= "function" then
    error("request '" .. request.kind .. "': tell must be a function", 3)
  end
  if request.compound ~= nil and type(request.compound) ~= "function" then
    error("request '" .. request.kind .. "': compound must be a function", 3)
  end
  if request.free ~= nil and (type(request.free) ~= "string" or request.free == "") then
    error("request '" .. request.kind .. "': free must be a string (why its default cannot "
      .. "hurt the asker)", 3)
  end
  if request.warn ~= nil and type(request.warn) ~= "function" then
    error("request '" .. request.kind .. "': warn must be a function", 3)
  end
end

--- The most answers a compound answer carries for the requests that follow it.
M.COMPOUND_AT_MOST = 16

-- The answers a request's `compound` gave for the requests that follow, as plain data
-- checked here: a list of `{kind =, value =, optional =}` (value a legal answer's type or
-- nil); nil and why for anything else.
local function rest_of(kind, rest)
  if rest == nil then return {} end
  if type(rest) ~= "table" then
    return nil, "request '" .. kind .. "': compound's rest is a " .. type(rest) .. " (a list)"
  end
  -- read raw (a mod's request may return it: no metamethod of a script's runs here), each
  -- string cleaned as a request's options are (it reaches a transcript)
  local out = {}
  local i = 1
  while rawget(rest, i) ~= nil do
    if i > M.COMPOUND_AT_MOST then
      return nil, "request '" .. kind .. "': compound carries more than " .. M.COMPOUND_AT_MOST
        .. " answers"
    end
    local r = rawget(rest, i)
    local k = type(r) == "table" and rawget(r, "kind") or nil
    local v = type(r) == "table" and rawget(r, "value") or nil
    if type(k) ~= "string" or M.bad_kind(k) or (v ~= nil and not is_answer_value(v))
        or (type(v) == "string" and #v > M.ANSWER_MAX) then
      return nil, "request '" .. kind .. "': compound's answer #" .. i .. " is not {kind =, "
        .. "value =, optional =}"
    end
    out[i] = { kind = k, value = type(v) == "string" and core.text.clean(v) or v,
               optional = rawget(r, "optional") and true or nil }
    i = i + 1
  end
  return out
end

-- The option lists whose every item has been checked (by `M.legal` or `M.check`), weak
-- keys: not state. A request's list is checked when the host is shown it and again when its
-- answer comes back, with no script run in between (the asking coroutine waits), and a move
-- request's list holds hundreds of answers: the second check only looks for the answer.
local checked = setmetatable({}, { __mode = "k" })

-- Each request's list of legal answers, by request, weak keys: not state. A request's
-- `enumerate` is called once, when it is asked (`M.list`), and never again for it.
local lists = setmetatable({}, { __mode = "k" })

-- Each lazy request's count of legal answers, by request, weak keys: not state.
local counts = setmetatable({}, { __mode = "k" })

--- A request's legal answers as its `options` or its `enumerate` give them (not checked, not
-- copied), the enumerate called once for the request: every later call gives the same list.
-- A lazy request's (`count`, `at`) are formed here, once.
-- So a request makes the same calls into scripts however often it is shown, checked or
-- refused, and a game makes exactly the calls its replay makes (the asking coroutine waits
-- while the list is kept, so nothing it depends on changes; docs/runtime.md "Disposable
-- script worlds").
-- @tparam table request
-- @treturn table
function M.list(request)
  local list = request.options or lists[request]
  if list == nil then
    if request.at and type(request.at) == "function" and request.enumerate == nil then
      list = {}
      for i = 1, M.count(request) do list[i] = request.at(i) end
    else
      list = request.enumerate()
    end
    lists[request] = list
  end
  return list
end

--- Makes a request ready to be asked: its `enumerate` called (`M.list`); a lazy request's
-- answers are worked out by the rules before they ask, so nothing is formed.
-- @tparam table request
function M.prepare(request)
  if request.count == nil then M.list(request) end
end

--- How many legal answers a request has, without forming them when it is lazy. Also for a
-- request as the host holds it (`volley.host.request`): a `count` number, or its `options`.
-- @tparam table request
-- @treturn integer
function M.count(request)
  local c = request.count
  if type(c) == "number" then return c end
  if type(c) ~= "function" then return #M.list(request) end
  local n = counts[request]
  if n == nil then
    n = c()
    if type(n) ~= "number" or n ~= math.floor(n) or n < 0 then
      error("request '" .. tostring(request.kind) .. "': count gave " .. tostring(n)
        .. " (a whole number expected)", 2)
    end
    counts[request] = n
  end
  return n
end

--- A request's i-th legal answer in canonical order (1 <= i <= `M.count`), formed alone when
-- the request is lazy (its `at`, or a host's `at` fetching it from the game); else its list's.
-- @tparam table request
-- @tparam integer i
-- @return the answer
function M.at(request, i)
  if type(request.at) == "function" and lists[request] == nil then
    if i < 1 or i > M.count(request) then return nil end
    local v = request.at(i)
    if not is_answer_value(v) then
      error("request '" .. tostring(request.kind) .. "': answer #" .. i .. " is a " .. type(v)
        .. " (string, integer or boolean expected)", 2)
    end
    return v
  end
  return M.list(request)[i]
end

--- Whether an answer is one of a request's legal answers (its `has` when it is lazy; else its
-- list searched).
-- @tparam table request
-- @param answer
-- @treturn boolean
function M.has(request, answer)
  if type(request.has) == "function" then return request.has(answer) and true or false end
  for _, v in ipairs(M.list(request)) do
    if v == answer then return true end
  end
  return false
end

--- The legal answers of a request, in canonical order.
-- @tparam table request
-- @treturn {string|integer|boolean,...}
-- @raise if an option is not a string, an integer or a boolean
function M.legal(request)
  local list = M.list(request)
  local out = {}
  for i, v in ipairs(list) do
    if type(v) ~= "string" and not is_answer_value(v) then
      error("request '" .. request.kind .. "': option #" .. i .. " is a " .. type(v)
        .. " (string, integer or boolean expected)", 2)
    end
    local long = M.bad_option(request.kind, i, v)
    if long then error(long, 2) end
    out[i] = v
  end
  checked[list] = true
  return out
end

--- The one answer a request allows, or nil: its list holds exactly one legal answer and it
-- has no `validate` (which may accept a typed answer beyond the list). The runtime answers
-- such a request itself rather than ask it (docs/runtime.md "Requests": not yet wired in:
-- /work/notes/reqrules.md).
-- @tparam table request
-- @return the single legal answer, or nil
function M.only(request)
  if request.validate then return nil end
  if request.count then
    if M.count(request) == 1 then return M.at(request, 1) end
    return nil
  end
  local list = M.legal(request)
  if #list == 1 then return list[1] end
  return nil
end

--- The longest note of a request's `tell` that `?` shows (bytes; a longer one is cut).
M.NOTE_AT_MOST = 80

-- Each request's notes, by request, weak keys: not state (as `lists`).
local notes = setmetatable({}, { __mode = "k" })

--- What each legal answer costs or causes, as the request's `tell` says: a list parallel to
-- `M.legal`'s, each a short text or "" (none, or no `tell`); nil for a request without
-- `tell`. Computed once a request, however often it is shown.
-- @tparam table request
-- @treturn ?{string,...}
function M.notes(request)
  if not request.tell then return nil end
  local out = notes[request]
  if out then return out end
  out = {}
  for i, v in ipairs(M.legal(request)) do
    local text = request.tell(v)
    if type(text) ~= "string" then text = "" end
    text = core.text.clean(text:match("^%s*(.-)%s*$"))
    if #text > M.NOTE_AT_MOST then text = text:sub(1, M.NOTE_AT_MOST - 3) .. "..." end
    out[i] = text
  end
  notes[request] = out
  return out
end

--- The longest warning `M.warnings` gives (bytes; a longer one is cut).
M.WARNING_AT_MOST = 200

--- What a legal answer brings that the player may not have meant, as the request's `warn`
-- says (each cleaned, cut at `M.WARNING_AT_MOST`): a list, empty for an answer that is not
-- legal (not listed, and refused by `validate` when there is one) or a request without
-- `warn`; a compound answer (the request's `compound`) is warned as the answer it gives this
-- request. It decides nothing: the host prints it as the answer is given (docs/runtime.md
-- "Requests").
-- @tparam table request
-- @param answer
-- @treturn {string,...}
function M.warnings(request, answer)
  if not request.warn then return {} end
  local legal = M.has(request, answer)
  if not legal and request.validate then legal = request.validate(answer) and true or false end
  if not legal and request.compound then
    -- a compound answer (`5US-1 3013 NE`): the warnings of the answer it gives this request
    -- (the answers it carries are warned as they are given)
    local first = request.compound(answer)
    if first ~= nil and first ~= answer then return M.warnings(request, first) end
  end
  if not legal then return {} end
  local said = request.warn(answer)
  if type(said) == "string" then said = { said } end
  local out = {}
  for _, text in ipairs(type(said) == "table" and said or {}) do
    if type(text) == "string" then
      text = core.text.clean(text:match("^%s*(.-)%s*$"))
      if #text > M.WARNING_AT_MOST then text = text:sub(1, M.WARNING_AT_MOST - 3) .. "..." end
      if text ~= "" then out[#out + 1] = text end
    end
  end
  return out
end

--- The answer a request gives when none is typed: its `default` when that is legal, else its
-- first legal answer (the runtime's default for a request whose system names none); nil
-- only for a request with no legal answer.
-- @tparam table request
-- @return the default answer, or nil
function M.default_answer(request)
  if request.count then
    if request.default ~= nil and M.has(request, request.default) then return request.default end
    if M.count(request) == 0 then return nil end
    return M.at(request, 1)
  end
  local list = M.legal(request)
  if request.default ~= nil then
    for _, v in ipairs(list) do
      if v == request.default then return v end
    end
  end
  return list[1]
end

--- A refusal of an answer not in a request's list names the legal answers when there are
-- at most this many.
M.TELL_AT_MOST = 8

--- The longest reason of a request's `explain` that a refusal shows (bytes; a longer one is
-- cut at a character boundary and ends in "...").
M.REASON_AT_MOST = 300

-- How many of a request's `validate` or `explain` calls are running: while one checks or
-- explains an answer, nothing may ask (`M.ask` refuses), or the journal would record the
-- nested request's answers as the outer one's.
local checks_running = 0

-- Calls a request's `validate` or `explain` with the answer, counted in `checks_running`;
-- an error passes through unchanged (a script's error object stays one).
local function checking(f, answer)
  checks_running = checks_running + 1
  local res = pack(pcall(f, answer))
  checks_running = checks_running - 1
  if not res[1] then error(res[2], 0) end
  return res[2], res[3]
end

-- An explain's reason as a refusal shows it: a non-empty string, cut to `M.REASON_AT_MOST`
-- bytes; nil for anything else.
local function reason(why)
  if type(why) ~= "string" then return nil end
  why = why:match("^%s*(.-)%s*$")
  if why == "" then return nil end
  if #why > M.REASON_AT_MOST then
    local cut = M.REASON_AT_MOST
    -- back to the first byte of a UTF-8 character (continuation bytes are 0x80-0xBF)
    while cut > 1 and why:byte(cut + 1) and why:byte(cut + 1) >= 0x80
        and why:byte(cut + 1) < 0xC0 do
      cut = cut - 1
    end
    why = why:sub(1, cut) .. "..."
  end
  return why
end

--- Whether a request's `validate` or `explain` is running (volley.ask refuses to ask then).
function M.checking()
  return checks_running > 0
end

--- Raises when a request's `validate` or `explain` is running: they check or explain an
-- answer, and may not ask (a nested request's answers would be journalled as the outer's).
-- @tparam[opt] integer level the error level (2: the caller's caller)
function M.not_checking(level)
  if checks_running > 0 then
    error("volley.ask: a request's validate or explain only checks an answer; it may not ask",
      (level or 1) + 1)
  end
end

-- The words of a string answer, and the set of the `+`-joined names of its first word as a
-- key (the names sorted), or nil when it joins none or names one twice.
local function joined_key(answer)
  local w = {}
  for x in answer:gmatch("%S+") do w[#w + 1] = x end
  if #w == 0 or not w[1]:find("+", 1, true) then return nil end
  local names, seen = {}, {}
  for x in w[1]:gmatch("[^+]+") do
    if seen[x] then return nil end
    seen[x], names[#names + 1] = true, x
  end
  table.sort(names)
  w[1] = table.concat(names, "+")
  return table.concat(w, " ")
end

--- The legal answer a typed one means when it joins units with `+` in another order than
-- the listed one (`B+A 3015` for `A+B 3015`: a set of units, written in the request's
-- canonical order, which is the order of its listed answer), or nil. Every request keeps
-- this rule (issue 35 point 5); a request's own `canonical` is tried first.
-- @tparam {string|integer|boolean,...} list the request's legal answers (`M.list`)
-- @param answer the typed answer
-- @return the listed answer, or nil
function M.joined(list, answer)
  if type(answer) ~= "string" or not answer:find("+", 1, true) then return nil end
  local key = joined_key(answer)
  if key == nil then return nil end
  for _, v in ipairs(list) do
    if type(v) == "string" and v:find("+", 1, true) and joined_key(v) == key then return v end
  end
  return nil
end

-- A refusal's reason with the request's rule after it, unless the reason already ends citing a
-- rule of the request's system (that citation is the one that forbids: it stays alone).
local function cited(request, why)
  local system = request.rule:match("^%[(%S+) ")
  if system and why:find("%[" .. system:gsub("%p", "%%%0") .. " [^%]]*%]$") then return why end
  return why .. " " .. request.rule
end

--- Checks an answer.
-- @tparam table request
-- @param answer what the player, bot or script gave
-- @treturn[1] boolean true
-- @return[1] the canonical answer
-- @treturn[1] ?table the answers it carries for the requests that follow (a compound
--   answer: the request's `compound`), `{{kind =, value =, optional =}, ...}`, else nil
-- @treturn[2] boolean false
-- @treturn[2] string why it is refused, citing the request's rule
-- @tparam[opt] boolean plain the answer is not split again (the first of a compound one)
function M.check(request, answer, plain)
  if not is_answer_value(answer) then
    return false, "no answer given " .. request.rule
  end
  if type(answer) == "string" and #answer > M.ANSWER_MAX then
    return false, "an answer of " .. #answer .. " bytes (at most " .. M.ANSWER_MAX .. ") "
      .. request.rule
  end
  -- a lazy request checks the answer directly: no list is formed (an answer typed another
  -- way forms it below only when it must be searched)
  local lazy = request.count ~= nil and lists[request] == nil
  if lazy and request.has(answer) then return true, answer end
  -- one pass over the legal answers as `M.legal` lists them (each checked as it does), with
  -- no copy: a request's list may hold hundreds of moves
  local list = not lazy and M.list(request) or nil
  local found, match = false, nil
  if list and checked[list] then
    for _, v in ipairs(list) do
      if v == answer then return true, v end
    end
  elseif list then
    for i, v in ipairs(list) do
      if type(v) ~= "string" and not is_answer_value(v) then
        error("request '" .. request.kind .. "': option #" .. i .. " is a " .. type(v)
          .. " (string, integer or boolean expected)", 2)
      end
      local long = M.bad_option(request.kind, i, v)
      if long then error(long, 2) end
      if not found and v == answer then found, match = true, v end
    end
    checked[list] = true
    if found then return true, match end
  end
  -- an answer written another way: the legal answer it means, if the request says so
  if request.canonical then
    local c = checking(request.canonical, answer)
    if c ~= nil then
      if lazy then
        if is_answer_value(c) and request.has(c) then return true, c end
      else
        for _, v in ipairs(list) do
          if v == c then return true, v end
        end
      end
    end
  end
  -- units joined by `+` named in another order: the legal answer listing the same ones
  local joined = type(answer) == "string" and answer:find("+", 1, true)
    and M.joined(list or M.list(request), answer) or nil
  if joined ~= nil then return true, joined end
  -- an answer that carries the answers of the requests that follow (the request says so)
  if request.compound and not plain then
    local first, rest = checking(request.compound, answer)
    if first ~= nil then
      local ok, v = M.check(request, first, true)
      if not ok then return false, v end
      local more, bad = rest_of(request.kind, rest)
      if not more then error(bad, 0) end
      return true, v, more
    end
    local why = reason(rest)
    if why then return false, cited(request, why) end
  end
  if request.validate then
    local ok, why = checking(request.validate, answer)
    if ok then return true, answer end
    if type(why) ~= "string" or why == "" then why = nil end
    if why or not request.explain then
      why = why or ("'" .. tostring(answer) .. "' is not a legal answer")
      return false, cited(request, why)
    end
    -- refused with no reason: the request's explain may give one, below
  end
  -- a short list is told, so the refusal says what would do (`?` lists a long one)
  local legal = ""
  if M.count(request) <= M.TELL_AT_MOST then
    list = list or M.list(request)
    local words = {}
    for i, v in ipairs(list) do words[i] = tostring(v) end
    legal = #words == 0 and " (none is legal now)"
      or (" (legal: " .. table.concat(words, ", ") .. ")")
  end
  local rule = request.rule
  local why = request.explain and reason((checking(request.explain, answer)))
  if why then
    -- a reason citing its own cases of the request's system keeps those citations alone,
    -- last (all of a run at its end: `[x PA 6.17] [x RP 6.17]`)
    local system = rule:match("^%[(%S+) ")
    if system then
      local own = "^%[" .. system:gsub("%p", "%%%0") .. " "
      local cites, text = {}, why
      while true do
        local t, cite = text:match("^(.-)%s*(%[[^%]]*%])$")
        if not (cite and cite:find(own)) then break end
        table.insert(cites, 1, cite)
        text = t
      end
      if #cites > 0 then why, rule = text, table.concat(cites, " ") end
    end
    if why ~= "" then legal = ": " .. why .. legal end
  end
  return false, "'" .. tostring(answer) .. "' is not a legal answer to " .. request.kind
    .. legal .. " " .. rule
end

--- Asks a side and returns the canonical answer. Must run inside a coroutine driven by
-- `drive` (or an equivalent driver that honours `TOKEN`). The request's legal answers are
-- listed first (`M.list`: its `enumerate` runs here, once), then it is yielded.
-- @tparam string side a side id ("US", "MEX", ...)
-- @tparam table request
-- @tparam[opt] function watch called as `watch("asking")` just before each yield and
--   `watch("refused")` after each answer refused (`volley.session` tells by them whether the
--   checking of a refused answer ran script code)
-- @return the canonical answer
-- @return the answers it carries for the requests that follow (`M.check`), or nil
-- @raise if the request is malformed
function M.ask(side, request, watch)
  M.not_checking(2)
  M.check_request(request)
  M.prepare(request)
  local refusal
  while true do
    if watch then watch("asking") end
    local answer = coroutine.yield(M.TOKEN, side, request, refusal)
    local ok, value, rest = M.check(request, answer)
    if ok then return value, rest end
    refusal = value
    if watch then watch("refused") end
  end
end

--- Drives a coroutine to its end, answering each request with
-- `answerer(side, request, refusal) -> answer` (refusal is nil or why the previous answer
-- was refused). Returns what the coroutine's function returned.
-- @tparam thread co
-- @tparam function answerer
-- @raise with the coroutine's error, or if it yielded outside `ask`
function M.drive(co, answerer)
  local answer
  while true do
    local res = pack(coroutine.resume(co, answer))
    if not res[1] then error(res[2], 0) end
    if coroutine.status(co) == "dead" then
      return unpack(res, 2, res.n)
    end
    if res[2] ~= M.TOKEN then
      error("a script yielded outside ask", 0)
    end
    answer = answerer(res[3], res[4], res[5])
  end
end

return M
