--- The refusal specs' shared part (issue 33 point 5): the recorder of the refusal helper's
-- calls, the situations' openers, and the reader of the system's files for the helper's
-- calls. tests/spec/systems/rough_and_ready/refusal_cases_spec.lua runs its own situations,
-- then each file of tests/spec/systems/rough_and_ready/refusals/ (one per part of the rules:
-- each adds situations of its own), then checks that every call in the system's files was
-- produced by one of them.
local f = require "support.rr_fire"
local refusal = require "systems.rough_and_ready.refusal"
local actions = require "systems.rough_and_ready.actions"

local M = {}

--- What the helper produced, in order: `{kind =, case =, text =}`.
M.produced = {}

--- Starts recording the helper's calls into `M.produced`.
function M.record()
  refusal.record(function(kind, case, text)
    if type(case) == "table" then case = table.concat(case, ", ") end
    M.produced[#M.produced + 1] = { kind = kind, case = case, text = text }
  end)
end

--- The fixture with `at` placed (US facing SE/S, MEX NW/N unless `facing` says) and an
-- activation of `side` under way: `units`, `guns`.
function M.open(at, side, units, guns, facing)
  local g = f.fixture(at, facing)
  g.vars.activation = { n = 1, side = side, units = units, artillery = guns or {},
                        target = side == "US" and "garland" or "canales",
                        leader = side == "US" and "Garland" or "Canales" }
  return g
end

--- Plays the actions step with `answers`; the refusal it stops at, without "refused: ".
function M.stop(g, answers)
  return (f.stop(g, answers, actions.run):gsub("^refused: ", ""))
end

--- The refusal of `answer` at a request of `kind` as volley.ask words it: the reason, the
-- legal answers, then the reason's case.
function M.refused(answer, kind, why, legal)
  local text, cite = why:match("^(.-)%s*(%[rough_and_ready [^%]]*%])$")
  return "'" .. answer .. "' is not a legal answer to " .. kind .. ": " .. text .. " (legal: "
    .. legal .. ") " .. cite
end

-- The calls of `refusal.say` / `say` and `refusal.plain` / `plain` in a file: each with
-- the cases its first argument may give (the case-like string literals in it; none: any)
-- and the literal words of its text, in order.
function M.calls(path)
  local src = assert(io.open(path)):read("*a")
  local out = {}
  local i, n, line = 1, #src, 1
  local function skip_string(j)
    local q = src:sub(j, j)
    local k = j + 1
    while k <= n do
      local c = src:sub(k, k)
      if c == "\\" then k = k + 2
      elseif c == q then return k + 1
      else k = k + 1 end
    end
    return k
  end
  while i <= n do
    local c = src:sub(i, i)
    if c == "\n" then line = line + 1 i = i + 1
    elseif src:sub(i, i + 1) == "--" then
      local e = src:find("\n", i, true) or n + 1
      i = e
    elseif c == '"' or c == "'" then
      i = skip_string(i)
    else
      local s, e, name = src:find("^([%a_][%w_%.]*)%s*%(", i)
      if s and (name == "say" or name == "plain" or name == "refusal.say"
          or name == "refusal.plain") and not src:sub(1, i - 1):match("function%s*$") then
        -- the arguments up to the matching parenthesis
        local depth, k, args, at = 1, e + 1, { "" }, line
        while k <= n and depth > 0 do
          local ch = src:sub(k, k)
          if ch == '"' or ch == "'" then
            local j = skip_string(k)
            args[#args] = args[#args] .. src:sub(k, j - 1)
            k = j
          else
            if ch == "(" or ch == "{" then depth = depth + 1
            elseif ch == ")" or ch == "}" then depth = depth - 1 end
            if ch == "\n" then line = line + 1 end
            if depth == 1 and ch == "," then args[#args + 1] = ""
            elseif depth > 0 then args[#args] = args[#args] .. ch end
            k = k + 1
          end
        end
        local kind = name:match("say$") and "say" or "plain"
        local case_arg = kind == "say" and args[1] or nil
        local text_arg = kind == "say" and table.concat(args, ",", 2) or table.concat(args, ",")
        local cases
        -- a case given by a variable (`c.case`): any case will do
        if case_arg and not case_arg:gsub('"[^"]*"', ""):match("[%a_]") then
          local lits = {}
          for lit in case_arg:gmatch('"([^"]*)"') do
            if lit:match("^[%u]*%s?[%w%.]+$") and lit:match("%d") then lits[#lits + 1] = lit end
          end
          if #lits > 0 then
            cases = {}
            if case_arg:match("^%s*{") then
              cases[table.concat(lits, ", ")] = true
            else
              for _, l in ipairs(lits) do cases[l] = true end
            end
          end
        end
        local words = {}
        for lit in text_arg:gmatch('"([^"]*)"') do
          if lit ~= "" then words[#words + 1] = lit:gsub("\\(.)", "%1") end
        end
        out[#out + 1] = { file = path, line = at, kind = kind, cases = cases, words = words }
        i = k
      else
        local s2, e2 = src:find("^[%a_][%w_%.]*", i)
        i = s2 and e2 + 1 or i + 1
      end
    end
  end
  return out
end

function M.made(site, p)
  if p.kind ~= site.kind then return false end
  if site.cases and not site.cases[p.case] then return false end
  local at = 1
  for _, w in ipairs(site.words) do
    local s, e = p.text:find(w, at, true)
    if not s then return false end
    at = e + 1
  end
  return true
end


--- The calls in the system's files (refusal.lua aside) that no recorded refusal matches:
-- a list of `file:line kind words`, and the number of calls found.
function M.missing()
  local dir = "scripts/systems/rough_and_ready/"
  local files = {}
  local p = io.popen("ls " .. dir)
  for name in p:lines() do
    if name:match("%.lua$") and name ~= "refusal.lua" then files[#files + 1] = dir .. name end
  end
  p:close()
  local missing, count = {}, 0
  for _, file in ipairs(files) do
    for _, site in ipairs(M.calls(file)) do
      count = count + 1
      local found = false
      for _, pr in ipairs(M.produced) do
        if M.made(site, pr) then found = true break end
      end
      if not found then
        missing[#missing + 1] = site.file .. ":" .. site.line .. " " .. site.kind .. " "
          .. table.concat(site.words, "|")
      end
    end
  end
  return missing, count
end

--- The situation files of tests/spec/systems/rough_and_ready/refusals/, sorted.
function M.situation_files()
  local dir = "tests/spec/systems/rough_and_ready/refusals/"
  local out = {}
  local p = io.popen("ls " .. dir .. " 2>/dev/null")
  for name in p:lines() do
    if name:match("%.lua$") then out[#out + 1] = dir .. name end
  end
  p:close()
  table.sort(out)
  return out
end

return M
