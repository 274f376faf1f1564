# tests/browser/browser.cmake -- browser.<name>: tests/browser/<name>.test.mjs, volley serve's
# page in Debian's Chromium driven by playwright-core (tests/browser/run.sh; label browser).
# One configuration only, to keep make test short: ./build (Lua 5.4, gcc, no sanitizer).
# Screenshots go to <builddir>/browser/. Skipped (77) only without Chromium or Node.js.
if(NOT VOLLEY_LUAJIT AND NOT VOLLEY_SANITIZE AND CMAKE_C_COMPILER_ID STREQUAL "GNU")
  file(GLOB VOLLEY_BROWSER_TESTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/browser/*.test.mjs)
  foreach(script ${VOLLEY_BROWSER_TESTS})
    get_filename_component(file ${script} NAME)
    string(REGEX REPLACE "\\.test\\.mjs$" "" name ${file})
    add_test(NAME browser.${name}
             COMMAND sh ${CMAKE_SOURCE_DIR}/tests/browser/run.sh ${name}
                     ${CMAKE_BINARY_DIR}/volley ${CMAKE_BINARY_DIR}/browser
             WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    # started first (COST): they are among the longest tests
    set_tests_properties(browser.${name} PROPERTIES LABELS browser COST 1000
                         ENVIRONMENT "${VOLLEY_TEST_ENV}" SKIP_RETURN_CODE 77)
  endforeach()
endif()
