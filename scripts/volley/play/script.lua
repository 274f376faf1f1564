--- The lines a person's commands come from: a `--script` file, standard input (`-`), or the
-- prompt's reader; each line checked (length, NUL bytes, UTF-8, a carriage return inside it)
-- before the command language (`volley.commands`) reads it.
-- @module volley.play.script

local core = require "volley.core"

local M = {}

--- The longest line a script or the prompt takes, in bytes (its line end not counted): a
-- longer one is refused and the script goes on after it.
M.LINE_MAX = 4096
--- How far a line that is too long is read looking for its end: past it the script stops
-- (a file with no line ends, /dev/zero, is not read for ever).
M.LINE_CEILING = 256 * 1024 * 1024

local Script = {}
Script.__index = Script

--- Opens a script file, or standard input for `-`.
-- @tparam string path
-- @treturn[1] Script its `name` (the path, or `stdin`) and `n` (the lines read)
-- @treturn[2] nil
-- @treturn[2] string why it cannot be read
function M.open(path)
  if path == "-" then return setmetatable({ name = "stdin", fh = io.stdin, n = 0 }, Script) end
  local fh, err = io.open(path, "r")
  if not fh then return nil, err end
  return setmetatable({ name = path, fh = fh, n = 0, owned = true }, Script)
end

--- The prompt's lines: `reader(prompt)` gives the next line, or nil at the end; the prompt
-- shown is the script's `prompt_text` (`volley> ` unless set).
-- @tparam function reader
-- @treturn Script
function M.prompt(reader)
  return setmetatable({ name = "prompt", reader = reader, n = 0 }, Script)
end

--- The next line (without its line end) and its number; false, its number and why when the
-- line is refused (too long, a NUL byte, not UTF-8, a carriage return inside it); nil at the
-- end. A UTF-8 byte-order mark starting the first line is skipped.
function Script:next()
  local line, len, endless
  if self.done then return nil end
  if self.reader then
    line = self.reader(self.prompt_text or "volley> ")
    if line and #line > M.LINE_MAX then line, len = false, #line end
  else
    line, len, endless = core.text.read_line(self.fh, M.LINE_MAX, M.LINE_CEILING)
    if line == nil and len then   -- a read error: the end, said once
      self.n = self.n + 1
      self.done = true
      return false, self.n, "cannot read: " .. len
    end
  end
  if line == nil then return nil end
  self.n = self.n + 1
  if line == false then
    if endless then
      self.done = true
      return false, self.n, string.format("line too long (no line end within %d bytes; at most "
        .. "%d): the rest of the script is not read", M.LINE_CEILING, M.LINE_MAX)
    end
    return false, self.n, string.format("line too long (%d bytes; at most %d)", len, M.LINE_MAX)
  end
  if self.n == 1 and line:sub(1, 3) == "\239\187\191" then line = line:sub(4) end
  line = line:gsub("\r$", "")
  local why = core.text.check(line)
  if why then return false, self.n, why end
  return line, self.n
end

--- Closes the file it opened (standard input and the prompt stay open).
function Script:close()
  if self.owned and self.fh then self.fh:close() end
end

return M
