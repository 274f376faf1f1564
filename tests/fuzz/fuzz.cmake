# tests/fuzz/fuzz.cmake -- the harnesses tests/fuzz/fuzz_<kind>.c (docs/build.md "Fuzzing").
# Under VOLLEY_FUZZ (./build-fuzz, clang): fuzz_<kind>, a libFuzzer program, and the target
# `fuzzers` building them all; make fuzz runs them (tests/fuzz/run.sh). Otherwise (every
# configuration of make test): replay_<kind>, the harness with tests/fuzz/replay.c's main(),
# and the ctest fuzz.<kind> replaying tests/fuzz/regressions/<kind>/, tests/fuzz/corpus/<kind>/
# and the seeds tests/fuzz/seeds.txt names from the tree.
file(GLOB VOLLEY_FUZZ_HARNESSES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/fuzz/fuzz_*.c)
file(STRINGS ${CMAKE_SOURCE_DIR}/tests/fuzz/seeds.txt VOLLEY_FUZZ_SEED_LINES REGEX "^[a-z]")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
             ${CMAKE_SOURCE_DIR}/tests/fuzz/seeds.txt)
if(VOLLEY_FUZZ)
  add_custom_target(fuzzers)
endif()
foreach(src ${VOLLEY_FUZZ_HARNESSES})
  get_filename_component(name ${src} NAME_WE)
  string(REGEX REPLACE "^fuzz_" "" kind ${name})
  if(VOLLEY_FUZZ)
    set(t ${name})
    add_executable(${t} ${src})
    target_link_options(${t} PRIVATE -fsanitize=fuzzer)
    target_compile_definitions(${t} PRIVATE VOLLEY_FUZZ_LIBFUZZER)
    add_dependencies(fuzzers ${t})
  else()
    set(t replay_${kind})
    add_executable(${t} ${src} ${CMAKE_SOURCE_DIR}/tests/fuzz/replay.c)
  endif()
  target_compile_definitions(${t} PRIVATE VOLLEY_FUZZ_SOURCE="${CMAKE_SOURCE_DIR}")
  target_compile_options(${t} PRIVATE ${VOLLEY_WARNINGS})
  target_include_directories(${t} PRIVATE ${CMAKE_SOURCE_DIR}/tests/fuzz ${CMAKE_SOURCE_DIR}/engine/src)
  target_link_libraries(${t} PRIVATE volley_lua volley_engine volley_self_tree ${LUA_LINK_LIBRARIES}
                        ${CMAKE_DL_LIBS} m)
  set_target_properties(${t} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/tests/fuzz)
  if(NOT VOLLEY_FUZZ)
    set(seeds)
    foreach(line ${VOLLEY_FUZZ_SEED_LINES})
      if(line MATCHES "^${kind}[ \t]+(.+)$")
        file(GLOB found ${CMAKE_SOURCE_DIR}/${CMAKE_MATCH_1})
        list(APPEND seeds ${found})
      endif()
    endforeach()
    list(SORT seeds)
    if(EXISTS ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${kind})
      list(INSERT seeds 0 ${CMAKE_SOURCE_DIR}/tests/fuzz/corpus/${kind})
    endif()
    add_test(NAME fuzz.${kind}
             COMMAND ${t} ${CMAKE_SOURCE_DIR}/tests/fuzz/regressions/${kind} ${seeds}
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(fuzz.${kind} PROPERTIES LABELS fuzz ENVIRONMENT "${VOLLEY_TEST_ENV}")
  endif()
endforeach()
