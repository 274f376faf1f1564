-- volley.core.text: bounded lines from a file, the first bad byte of a line named with its
-- column, and text made printable (docs/shell.md "The command language", docs/modding.md
-- "Text from a script").
local core = require "volley.core"
local text = core.text

local function file_of(bytes)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(bytes)
  f:close()
  return assert(io.open(path, "rb")), path
end

describe("volley.core.text", function()
  it("reads lines, keeping a CR before the LF, and skips a line that is too long", function()
    local f, path = file_of("ab\r\n" .. string.rep("x", 9) .. "\nlast")
    assert.are.equal("ab\r", text.read_line(f, 4, 100))
    local line, n, endless = text.read_line(f, 4, 100)
    assert.are.same({ false, 9, false }, { line, n, endless })
    assert.are.equal("last", text.read_line(f, 4, 100))
    assert.is_nil(text.read_line(f, 4, 100))
    f:close()
    os.remove(path)
  end)

  it("stops looking for a line end past the ceiling", function()
    local f, path = file_of(string.rep("y", 50))
    assert.are.same({ false, 21, true }, { text.read_line(f, 4, 20) })
    f:close()
    os.remove(path)
  end)

  it("names the first bad byte of a line", function()
    assert.is_nil(text.check("move A1 0505\t\226\128\148 ok"))
    assert.are.equal("NUL byte at column 3", text.check("ab\0cd"))
    assert.are.equal("invalid UTF-8 at column 2", text.check("a\255"))
    assert.are.equal("invalid UTF-8 at column 1", text.check("\192\175"))   -- overlong '/'
    assert.are.equal("a carriage return at column 2", text.check("x\ry"))
    assert.are.equal("a control character (U+001B) at column 1", text.check("\27[2J"))
    assert.are.equal("a control character (U+009B) at column 2", text.check("a\194\155"))
  end)

  it("replaces controls and bytes that are not UTF-8 with U+FFFD", function()
    local r = "\239\191\189"
    assert.are.equal("plain \226\128\148 text", text.clean("plain \226\128\148 text"))
    assert.are.equal("a" .. r .. "b" .. r .. r .. "[1m" .. r, text.clean("a\nb\0\27[1m\255"))
    assert.are.equal("a\nb" .. r, text.clean("a\nb\255", true))
  end)
end)
