-- shell/cli_pages.lua -- writes the manual page volley(1) or the bash completion, both made
-- from the command line's table (scripts/volley/cli.lua) and the prompt's help
-- (scripts/volley/commands.lua): run at build time by CMakeLists.txt,
--   <lua> shell/cli_pages.lua <source dir> man <version> <out>
--   <lua> shell/cli_pages.lua <source dir> bash <out>
local root, what, a, b = ...
package.path = root .. "/scripts/?.lua;" .. root .. "/scripts/?/init.lua;" .. package.path
local pages = require "volley.cli_pages"
local text, out
if what == "man" then
  text, out = pages.man(a, require("volley.commands").HELP), b
elseif what == "bash" then
  text, out = pages.bash(require("volley.bots").NAMES, require("volley.cli").DEFAULT_SCENARIO), a
else
  io.stderr:write("usage: cli_pages.lua <source dir> (man <version> | bash) <out>\n")
  os.exit(2)
end
local f = assert(io.open(out, "w"))
assert(f:write(text))
assert(f:close())
