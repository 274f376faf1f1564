# shell/cli.cmake -- the manual page volley(1) and the bash completion, made at build time
# from the command line's table (scripts/volley/cli.lua, the rows --help prints) and the
# prompt's help (scripts/volley/commands.lua) by shell/cli_pages.lua, and installed:
#   <builddir>/volley.1     -> <prefix>/share/man/man1/volley.1
#   <builddir>/volley.bash  -> <prefix>/share/bash-completion/completions/volley
include(GNUInstallDirs)
set(VOLLEY_CLI_PAGES_DEPS
    ${CMAKE_SOURCE_DIR}/shell/cli_pages.lua ${CMAKE_SOURCE_DIR}/scripts/volley/cli.lua
    ${CMAKE_SOURCE_DIR}/scripts/volley/cli_pages.lua ${CMAKE_SOURCE_DIR}/scripts/volley/commands.lua
    ${CMAKE_SOURCE_DIR}/scripts/volley/bots/init.lua)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/volley.1
  COMMAND ${VOLLEY_LUA_INTERP} ${CMAKE_SOURCE_DIR}/shell/cli_pages.lua ${CMAKE_SOURCE_DIR}
          man ${PROJECT_VERSION} ${CMAKE_BINARY_DIR}/volley.1
  DEPENDS ${VOLLEY_CLI_PAGES_DEPS} VERBATIM)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/volley.bash
  COMMAND ${VOLLEY_LUA_INTERP} ${CMAKE_SOURCE_DIR}/shell/cli_pages.lua ${CMAKE_SOURCE_DIR}
          bash ${CMAKE_BINARY_DIR}/volley.bash
  DEPENDS ${VOLLEY_CLI_PAGES_DEPS} VERBATIM)
add_custom_target(volley_cli_pages ALL
  DEPENDS ${CMAKE_BINARY_DIR}/volley.1 ${CMAKE_BINARY_DIR}/volley.bash)
install(FILES ${CMAKE_BINARY_DIR}/volley.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_BINARY_DIR}/volley.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME volley)
