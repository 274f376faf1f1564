# tests/tests.cmake -- every test of a configuration, registered with ctest:
#   c.<name>      tests/c/test_<name>.c, one cmocka program each          (label c)
#   spec.<path>   tests/spec/**/<name>_spec.lua through busted on this
#                 configuration's interpreter and lua/<5.4|5.1>/volley/core.so (label spec)
#   shell.<name>  tests/shell/<name>.sh driving the volley program          (label shell)
#   luacheck      every Lua file of scripts/ and tests/                      (label lint)
#   shellcheck    tests/shell/*.sh, tests/luajit-joff, tests/browser/run.sh  (label lint)
#   bench.<name>  tests/bench/<name>_bench.lua and bench.c.<name> (tests/bench/bench_<name>.c)
#                 in smoke mode: a few iterations, no time asserted        (label bench)
#   browser.<name> tests/browser/<name>.test.mjs: volley serve's page in Chromium, in ./build
#                 only (tests/browser/browser.cmake)                       (label browser)
# and builds tests/bench/bench_<name>.c into <builddir>/tests/bench_<name> for make bench.
# Under VOLLEY_SANITIZE the stock interpreters get libasan and libubsan preloaded.

set(VOLLEY_TEST_ENV "VOLLEY_PATH=${CMAKE_SOURCE_DIR}" "XDG_STATE_HOME=${CMAKE_BINARY_DIR}/state")
# The journal property test (spec.volley/journal_property): 30 random sequences in each
# configuration, 8 under ASan (as its bot games are fewer; docs/build.md).
if(VOLLEY_SANITIZE)
  # The stock interpreters are not ours: their own allocations are not checked for leaks.
  set(VOLLEY_SPEC_ENV ${VOLLEY_TEST_ENV} ${VOLLEY_PRELOAD}
      "ASAN_OPTIONS=detect_leaks=0" "UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1"
      "VOLLEY_JOURNAL_SEQUENCES=8")
else()
  set(VOLLEY_SPEC_ENV ${VOLLEY_TEST_ENV} "VOLLEY_JOURNAL_SEQUENCES=30")
endif()

if(CMOCKA_FOUND)
  file(GLOB VOLLEY_C_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/c/test_*.c)
  foreach(src ${VOLLEY_C_TESTS})
    get_filename_component(name ${src} NAME_WE)
    string(REGEX REPLACE "^test_" "" short ${name})
    add_executable(${name} ${src})
    target_compile_options(${name} PRIVATE ${VOLLEY_WARNINGS})
    target_include_directories(${name} PRIVATE ${CMAKE_SOURCE_DIR}/engine/src)
    target_link_libraries(${name} PRIVATE volley_engine volley_self_tree PkgConfig::CMOCKA m)
    set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
    add_test(NAME c.${short} COMMAND ${name} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(c.${short} PROPERTIES LABELS c ENVIRONMENT "${VOLLEY_TEST_ENV}")
  endforeach()
endif()

# bench_<name>: tests/bench/bench_<name>.c, C benchmarks that make bench runs; ctest runs each
# in smoke mode (VOLLEY_BENCH_SMOKE=1: a few iterations, no time asserted) as bench.c.<name>
file(GLOB VOLLEY_C_BENCHES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/bench/bench_*.c)
foreach(src ${VOLLEY_C_BENCHES})
  get_filename_component(name ${src} NAME_WE)
  string(REGEX REPLACE "^bench_" "" short ${name})
  add_executable(${name} ${src})
  target_compile_options(${name} PRIVATE ${VOLLEY_WARNINGS})
  target_link_libraries(${name} PRIVATE volley_engine volley_self_tree)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests)
  add_test(NAME bench.c.${short} COMMAND ${name} WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(bench.c.${short} PROPERTIES LABELS bench
                       ENVIRONMENT "${VOLLEY_TEST_ENV};VOLLEY_BENCH_SMOKE=1")
endforeach()

# bench.<name>: tests/bench/<name>_bench.lua in smoke mode on this configuration's interpreter
# and module (tests/bench/smoke.sh), so a bench cannot break unseen; make bench times them
file(GLOB VOLLEY_LUA_BENCHES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/bench/*_bench.lua)
foreach(bench ${VOLLEY_LUA_BENCHES})
  get_filename_component(name ${bench} NAME_WE)
  string(REGEX REPLACE "_bench$" "" short ${name})
  add_test(NAME bench.${short}
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/bench/smoke.sh ${VOLLEY_LUA_INTERP}
                   ${CMAKE_BINARY_DIR}/lua/${VOLLEY_LUA_ABI} ${bench} smoke
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(bench.${short} PROPERTIES LABELS bench ENVIRONMENT "${VOLLEY_SPEC_ENV}")
endforeach()

find_program(VOLLEY_BUSTED busted)
if(VOLLEY_BUSTED)
  file(GLOB_RECURSE VOLLEY_SPECS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/spec/*_spec.lua)
  # One --lpath per entry: busted joins them with ';' (a ';' in one argument would reach the
  # shell when busted re-executes itself under --lua).
  set(lpath --lpath=${CMAKE_SOURCE_DIR}/scripts/?.lua --lpath=${CMAKE_SOURCE_DIR}/scripts/?/init.lua
            --lpath=${CMAKE_SOURCE_DIR}/tests/spec/?.lua)
  foreach(spec ${VOLLEY_SPECS})
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR}/tests/spec ${spec})
    string(REGEX REPLACE "_spec\\.lua$" "" name ${rel})
    add_test(NAME spec.${name}
             COMMAND ${VOLLEY_BUSTED} --lua=${VOLLEY_LUA_INTERP} --cpath=${CMAKE_BINARY_DIR}/lua/${VOLLEY_LUA_ABI}/?.so
                     ${lpath} -o utfTerminal ${spec}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(spec.${name} PROPERTIES LABELS spec ENVIRONMENT "${VOLLEY_SPEC_ENV}")
  endforeach()
endif()

# Bot games per scenario: 20 in each configuration, 5 under ASan (DESIGN.md "Build and run").
# shell.install runs cmake --install, and the stock interpreters (with the sanitizer runtimes
# under ASan: VOLLEY_STOCK_PRELOAD).
if(VOLLEY_SANITIZE)
  set(VOLLEY_SHELL_ENV ${VOLLEY_TEST_ENV} "VOLLEY_TEST_GAMES=5"
      "VOLLEY_STOCK_PRELOAD=${VOLLEY_LIBASAN}:${VOLLEY_LIBUBSAN}")
else()
  set(VOLLEY_SHELL_ENV ${VOLLEY_TEST_ENV} "VOLLEY_TEST_GAMES=20")
endif()
list(APPEND VOLLEY_SHELL_ENV "VOLLEY_CMAKE=${CMAKE_COMMAND}")
file(GLOB VOLLEY_SHELL_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/shell/*.sh)
foreach(script ${VOLLEY_SHELL_TESTS})
  get_filename_component(name ${script} NAME_WE)
  add_test(NAME shell.${name} COMMAND sh ${script} ${CMAKE_BINARY_DIR}/volley
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(shell.${name} PROPERTIES LABELS shell ENVIRONMENT "${VOLLEY_SHELL_ENV}"
                       SKIP_RETURN_CODE 77)
endforeach()

# shellcheck over the shell tests and the specs' LuaJIT wrapper (tests/shell/.shellcheckrc)
find_program(VOLLEY_SHELLCHECK shellcheck)
if(VOLLEY_SHELLCHECK)
  add_test(NAME shellcheck COMMAND ${VOLLEY_SHELLCHECK} ${VOLLEY_SHELL_TESTS}
                                   ${CMAKE_SOURCE_DIR}/tests/luajit-joff
                                   ${CMAKE_SOURCE_DIR}/tests/browser/run.sh
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(shellcheck PROPERTIES LABELS lint)
endif()

find_program(VOLLEY_LUACHECK luacheck)
if(VOLLEY_LUACHECK)
  add_test(NAME luacheck COMMAND ${VOLLEY_LUACHECK} --no-color -q scripts tests
           WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  set_tests_properties(luacheck PROPERTIES LABELS lint)
endif()

include(${CMAKE_SOURCE_DIR}/tests/browser/browser.cmake)

# fuzz.<kind>: each harness of tests/fuzz linked with a plain main() (tests/fuzz/replay.c),
# replaying the findings kept in tests/fuzz/regressions/<kind>/ and the seeds (label fuzz)
include(${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz.cmake)
