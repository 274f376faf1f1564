-- The rockspec: `luarocks --lua-version=5.4 make` in the source tree builds volley with CMake
-- and installs the module volley.core, the runtime `volley`, the program and its data into
-- the rocks tree (docs/build.md "Installing"). On Debian, `make install` is the usual way.
rockspec_format = "3.0"
package = "volley"
version = "0.1.0-1"
source = {
  url = "git+file://.",
}
description = {
  summary = "A rules engine for hex-and-counter historical wargames",
  detailed = [[
A small C core (hexes, maps, stacks, facing, line of sight, movement cost, dice, charts,
game state and journal) with each rule system's sequence of play and each battle's special
rules in Lua, and scenarios and charts as INI data. require "volley" is the runtime,
require "volley.core" the C module.]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.4, < 5.5",
  "lpeg",
  "dkjson",
}
external_dependencies = {
  INIH = { header = "ini.h" },
  XXHASH = { header = "xxhash.h" },
  NETTLE = { header = "nettle/sha2.h" },
  LIBEDIT = { header = "histedit.h" },
}
build = {
  type = "cmake",
  variables = {
    CMAKE_BUILD_TYPE = "Release",
    CMAKE_INSTALL_PREFIX = "$(PREFIX)",
    -- the rock's own folders, which luarocks deploys to the tree's lib/lua/5.4, share/lua/5.4
    -- and bin; the data stays in the rock's share/volley, named absolutely
    VOLLEY_INSTALL_CMOD_54 = "$(LIBDIR)",
    VOLLEY_INSTALL_LMOD_54 = "$(LUADIR)",
    CMAKE_INSTALL_BINDIR = "$(BINDIR)",
    VOLLEY_INSTALL_DATA = "$(PREFIX)/share/volley",
    VOLLEY_OTHER_VM = "OFF",
    BUILD_TESTING = "OFF",
  },
}
