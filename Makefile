# volley -- make targets (docs/build.md explains each).
#   make          configure and build ./build (Lua 5.4, release) and nothing else
#   make play     install what is missing, build, open the prompt
#   make test     install what is missing; build ./build, ./build-luajit, ./build-asan and the
#                 clang check; run every configuration's tests through ctest
#   make bench    build ./build and ./build-luajit, print the benchmark tables, and compare with
#                 a build of an older commit (made once under ./build-bench; docs/performance.md)
#   make clang    build ./build-clang with clang and -Werror (warnings differ from gcc's)
#   make clean    remove the build directories
#   make install  install under PREFIX (default /usr/local; DESTDIR honoured): the program,
#                 volley.core for Lua 5.4 and LuaJIT, the runtime, the data, the docs
#   make docs     the HTML reference into build/docs: LDoc for the Lua runtime, the C headers
#   make soak     500 Palo Alto games random,random on both VMs, sharded (SOAK_GAMES=N for fewer),
#                 100 whole Resaca de la Palma games the same way (SOAK_RESACA=N), 100 of its
#                 hidden deployment (SOAK_RESACA_HIDDEN=N),
#                 100 whole Rio Sacramento games the same way (SOAK_RIO=N), 20 whole
#                 Battle of Buena Vista games (SOAK_BV=N),
#                 200 sequences of the journal property test a VM (SOAK_JOURNAL=N), and a Palo
#                 Alto game killed (SIGKILL) 50 times and resumed (SOAK_KILLS=N, SOAK_KILL_CAP=N),
#                 and smart against random by SPRT, at most 200 games (SOAK_BOTS=N), with 20
#                 smart,smart games (SOAK_BOTS_SELF=N; tests/soak/bots.sh, docs/bots.md)
#   make fuzz     build ./build-fuzz (clang, libFuzzer, ASan, UBSan) and run every harness of
#                 tests/fuzz for FUZZ_SECONDS (default 60), two at once
#   make memcheck valgrind on ./build: the C tests and 20 bot games of the demo and of Palo Alto
#                 at most 1000 decisions each (MEMCHECK_GAMES, MEMCHECK_DECISIONS)

JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE   ?= cmake
CTEST   ?= ctest
DEPS    := sh deps/install.sh
CTEST_FLAGS := --output-on-failure --no-tests=error -j $(JOBS)

.PHONY: all build build-luajit build-asan build-clang clang play test test-build \
        test-luajit test-asan test-clang bench soak fuzz build-fuzz memcheck docs install clean \
        deps-build deps-test deps-docs deps-fuzz deps-memcheck

all: build

deps-build:
	@$(DEPS) build
deps-test:
	@$(DEPS) build test bench
deps-docs:
	@$(DEPS) docs
deps-fuzz:
	@$(DEPS) build fuzz
deps-memcheck:
	@$(DEPS) build test memcheck

# One rule per configuration: configure once, then build.
build:
	@test -f build/CMakeCache.txt || $(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=Release
	@$(CMAKE) --build build -j $(JOBS) -- --no-print-directory

build-luajit:
	@test -f build-luajit/CMakeCache.txt || \
	  $(CMAKE) -S . -B build-luajit -DCMAKE_BUILD_TYPE=Release -DVOLLEY_LUAJIT=ON
	@$(CMAKE) --build build-luajit -j $(JOBS) -- --no-print-directory

build-asan:
	@test -f build-asan/CMakeCache.txt || \
	  $(CMAKE) -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DVOLLEY_SANITIZE=ON
	@$(CMAKE) --build build-asan -j $(JOBS) -- --no-print-directory

build-clang:
	@test -f build-clang/CMakeCache.txt || \
	  CC=clang $(CMAKE) -S . -B build-clang -DCMAKE_BUILD_TYPE=Release
	@$(CMAKE) --build build-clang -j $(JOBS) -- --no-print-directory

clang: deps-test build-clang

play: deps-build build
	@./build/volley

# Each configuration runs its whole suite; ctest fails a configuration that ran no test.
test-build: build
	@echo "== ./build (Lua 5.4) =="
	@cd build && $(CTEST) $(CTEST_FLAGS)
test-luajit: build-luajit
	@echo "== ./build-luajit (LuaJIT 2.1) =="
	@cd build-luajit && $(CTEST) $(CTEST_FLAGS)
test-asan: build-asan
	@echo "== ./build-asan (Lua 5.4, ASan + UBSan) =="
	@cd build-asan && $(CTEST) $(CTEST_FLAGS)
test-clang: build-clang
	@echo "== ./build-clang (clang, C tests) =="
	@cd build-clang && $(CTEST) $(CTEST_FLAGS) -L '^c$$'

test: deps-test
	@start=$$(date +%s); \
	$(MAKE) --no-print-directory test-build test-luajit test-asan test-clang || exit 1; \
	echo "make test: all configurations passed in $$(( $$(date +%s) - start )) s"

bench: deps-test build build-luajit
	@sh tests/bench/run.sh

SOAK_GAMES ?= 500
SOAK_JOBS  ?= $(JOBS)
SOAK_JOURNAL ?= 200
SOAK_RESACA ?= 100
SOAK_RESACA_HIDDEN ?= 100
SOAK_RIO ?= 100
SOAK_BV ?= 20
SOAK_KILLS ?= 50
SOAK_BOTS ?= 200
SOAK_BOTS_SELF ?= 20
soak: deps-test build build-luajit
	@SOAK_GAMES=$(SOAK_GAMES) SOAK_JOBS=$(SOAK_JOBS) SOAK_JOURNAL=$(SOAK_JOURNAL) \
	  SOAK_RESACA=$(SOAK_RESACA) SOAK_RESACA_HIDDEN=$(SOAK_RESACA_HIDDEN) SOAK_RIO=$(SOAK_RIO) \
	  SOAK_BV=$(SOAK_BV) sh tests/soak/run.sh
	@SOAK_KILLS=$(SOAK_KILLS) sh tests/soak/kill_loop.sh
	@SOAK_BOTS=$(SOAK_BOTS) SOAK_BOTS_SELF=$(SOAK_BOTS_SELF) SOAK_JOBS=$(SOAK_JOBS) \
	  sh tests/soak/bots.sh

# The libFuzzer harnesses (tests/fuzz): ./build-fuzz with clang, ASan and UBSan; each harness
# runs FUZZ_SECONDS (FUZZ_JOBS at once; FUZZ_KINDS="map save" for some). Not part of make test,
# which replays the regressions through each harness built with gcc (fuzz.<kind> in ctest).
FUZZ_SECONDS ?= 60
FUZZ_JOBS    ?= 2
build-fuzz:
	@test -f build-fuzz/CMakeCache.txt || \
	  CC=clang $(CMAKE) -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DVOLLEY_FUZZ=ON \
	    -DBUILD_TESTING=OFF -DVOLLEY_OTHER_VM=OFF
	@$(CMAKE) --build build-fuzz --target fuzzers -j $(JOBS) -- --no-print-directory

fuzz: deps-fuzz build-fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_KINDS="$(FUZZ_KINDS)" \
	  sh tests/fuzz/run.sh

MEMCHECK_GAMES ?= 20
MEMCHECK_DECISIONS ?= 1000
memcheck: deps-memcheck build
	@MEMCHECK_GAMES=$(MEMCHECK_GAMES) MEMCHECK_DECISIONS=$(MEMCHECK_DECISIONS) sh tests/memcheck/run.sh

# The HTML reference: build/docs/index.html, lua/ (LDoc, config.ld) and c/ (the headers).
docs: deps-docs
	@test -f build/CMakeCache.txt || $(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=Release
	@$(CMAKE) --build build --target docs -- --no-print-directory
	@echo "make docs: build/docs/index.html"

# ./build configured for PREFIX (GNUInstallDirs: its lib/ is lib/<multiarch> for /usr), built
# with its reference, then installed under $(DESTDIR)$(PREFIX).
PREFIX  ?= /usr/local
DESTDIR ?=
install: deps-build deps-docs
	@$(CMAKE) -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=$(PREFIX) >/dev/null
	@$(CMAKE) --build build -j $(JOBS) -- --no-print-directory
	@$(CMAKE) --build build --target docs -- --no-print-directory
	DESTDIR="$(DESTDIR)" $(CMAKE) --install build

clean:
	rm -rf build build-luajit build-asan build-clang build-bench build-fuzz
