-- docs/tools/cref.lua -- the C reference: one HTML page per public header, each comment
-- beside the declarations it documents, and an index (make docs; docs/build.md "make docs").
-- The headers' comments are plain `/* */` blocks above each declaration (STYLE.md), which
-- this reads as they are: a block at the top of the file is the header's description, a
-- `/* ---- title ---- */` line a section, and a comment followed by code up to the next
-- blank line one entry.
--
--     lua5.4 docs/tools/cref.lua <output folder> <header>...

local out, headers = arg[1], {}
for k = 2, #arg do headers[#headers + 1] = arg[k] end
if not out or #headers == 0 then
  io.stderr:write("usage: cref.lua <output folder> <header>...\n")
  os.exit(2)
end

local function esc(s)
  return (s:gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end

local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

local function write(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- The text of a comment block without its /* */ and ** markers.
local function comment_text(lines)
  local t = {}
  for i, l in ipairs(lines) do
    l = l:gsub("^%s*/%*+%s?", "", i == 1 and 1 or 0):gsub("%s*%*+/%s*$", "")
    l = l:gsub("^%s*%*%*%s?", "")
    t[#t + 1] = l
  end
  while t[1] == "" do table.remove(t, 1) end
  while t[#t] == "" do t[#t] = nil end
  return table.concat(t, "\n")
end

-- The names an entry declares: functions, types, macros, enum constants.
local function names_of(code)
  local names, seen = {}, {}
  local function add(n)
    if n and not seen[n] then
      seen[n] = true
      names[#names + 1] = n
    end
  end
  local flat = code:gsub("/%*.-%*/", " ")
  for n in flat:gmatch("#define%s+([%w_]+)") do add(n) end
  if not flat:find("^%s*#") then
    -- a function: the identifier before the first '('
    local first = flat:match("([%a_][%w_]*)%s*%(")
    if first and not flat:find("^%s*typedef") and not flat:find("^%s*enum") then add(first) end
    for n in flat:gmatch("}%s*([%a_][%w_]*)%s*;") do add(n) end
    local tn = flat:match("^%s*typedef[^{;]-([%a_][%w_]*)%s*;%s*$")
    add(tn)
    for n in flat:gmatch("%f[%w_](VL_[%u%d_]+)%s*[=,}]") do add(n) end
  end
  return names
end

-- Parses a header: its description, and its sections and entries in order.
local function parse(text)
  local lines = {}
  for l in (text .. "\n"):gmatch("(.-)\r?\n") do lines[#lines + 1] = l end
  local doc = { intro = nil, items = {} }
  local i, pending = 1, nil
  local function skip(l)
    return l:match("^#ifndef VOLLEY_") or l:match("^#define VOLLEY_[%u_]+_H%s*$")
      or l:match("^#endif") or l:match("^#include")
  end
  while i <= #lines do
    local l = lines[i]
    if l:match("^%s*$") or skip(l) then
      i = i + 1
    elseif l:match("^/%*") then
      local block = { l }
      while not block[#block]:find("%*/") do
        i = i + 1
        block[#block + 1] = lines[i] or "*/"
      end
      i = i + 1
      local title = #block == 1 and l:match("^/%* %-%-%-%- (.-) %-+ %*/")
      if title then
        doc.items[#doc.items + 1] = { section = title }
        pending = nil
      elseif not doc.intro then
        doc.intro = comment_text(block)
      else
        if pending then doc.items[#doc.items + 1] = { text = pending } end
        pending = comment_text(block)
      end
    else
      local code, depth = {}, 0
      while i <= #lines and not (depth == 0 and #code > 0 and lines[i]:match("^%s*$")) do
        local c = lines[i]
        if not skip(c) then
          code[#code + 1] = c
          local bare = c:gsub("/%*.-%*/", "")
          for _ in bare:gmatch("[{(]") do depth = depth + 1 end
          for _ in bare:gmatch("[})]") do depth = depth - 1 end
        end
        i = i + 1
      end
      local src = table.concat(code, "\n")
      doc.items[#doc.items + 1] = { text = pending, code = src, names = names_of(src) }
      pending = nil
    end
  end
  if pending then doc.items[#doc.items + 1] = { text = pending } end
  return doc
end

local CSS = [[
body { font-family: sans-serif; max-width: 60em; margin: 1em auto; padding: 0 1em; }
pre { background: #f4f4f4; padding: 0.5em; overflow-x: auto; }
.doc { white-space: pre-wrap; margin: 1em 0 0.3em 0; }
.names { font-size: 0.9em; }
]]

local function page(title, body)
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
    .. esc(title) .. "</title><style>" .. CSS .. "</style></head><body>\n" .. body
    .. "</body></html>\n"
end

local index = {}
table.sort(headers)
for _, path in ipairs(headers) do
  local base = path:match("([^/]+)$")
  local doc = parse(read(path))
  local body, toc = {}, {}
  body[#body + 1] = "<p><a href=\"index.html\">volley C API</a></p><h1>volley/" .. esc(base)
    .. "</h1>\n<div class=\"doc\">" .. esc(doc.intro or "") .. "</div>\n"
  for _, it in ipairs(doc.items) do
    if it.section then
      body[#body + 1] = "<h2>" .. esc(it.section) .. "</h2>\n"
    else
      local anchors = {}
      for _, n in ipairs(it.names or {}) do
        anchors[#anchors + 1] = "<a id=\"" .. esc(n) .. "\"></a>"
        toc[#toc + 1] = "<a href=\"#" .. esc(n) .. "\"><code>" .. esc(n) .. "</code></a>"
      end
      if it.text then
        body[#body + 1] = table.concat(anchors) .. "<div class=\"doc\">" .. esc(it.text)
          .. "</div>\n"
        anchors = {}
      end
      if it.code then
        body[#body + 1] = table.concat(anchors) .. "<pre>" .. esc(it.code) .. "</pre>\n"
      end
    end
  end
  table.insert(body, 2, "<p class=\"names\">" .. table.concat(toc, " ") .. "</p>\n")
  write(out .. "/" .. base .. ".html", page("volley/" .. base, table.concat(body)))
  local first = (doc.intro or ""):gsub("^[%w_.]+%.h %-%- ", ""):gsub("\n", " ")
  first = first:match("^(.-[.:;])%s") or first
  index[#index + 1] = "<li><a href=\"" .. esc(base) .. ".html\"><code>volley/" .. esc(base)
    .. "</code></a>: " .. esc(first) .. "</li>\n"
end
write(out .. "/index.html", page("volley C API",
  "<p><a href=\"../index.html\">volley reference</a></p><h1>volley C API</h1>\n"
  .. "<p>The public headers of the C core (<code>engine/include/volley/</code>): what each "
  .. "declares, with its comment.</p>\n<ul>\n"
  .. table.concat(index) .. "</ul>\n"))
