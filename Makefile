# Two commands do all set-up on a fresh machine (README.md):
#   make demo   installs what is missing, builds, converts and runs the example
#   make test   the same set-up, then every test (ctest)
# `make` alone builds into build/ (tools in build/bin/).
BUILD ?= build
JOBS  ?= 2
CMAKE_FLAGS ?=

.PHONY: all setup configure test demo bench asan random fuzz clean

all: configure
	cmake --build $(BUILD) -j$(JOBS)

setup:
	@bash scripts/setup.sh

configure:
	@[ -f $(BUILD)/CMakeCache.txt ] || cmake -S . -B $(BUILD) $(CMAKE_FLAGS)

test: setup all
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

demo: setup all
	@bash scripts/demo.sh $(BUILD)

# The ocean model on cpu, XLA CPU, the emulated original and native OpenMP
# (bench/ocean.sh; writes its table and plot into docs/benchmarks.md).
bench: setup all
	@BUILD=$(BUILD) bash bench/ocean.sh

# Under AddressSanitizer + UndefinedBehaviorSanitizer with leak detection (CI runs this
# too): every ctest except those labelled no_asan (each says why next to its label: they
# run programs built outside the sanitizer, or valgrind). ASAN_TESTS (a ctest -R regex)
# picks fewer. tests/lsan.supp names the third-party leaks suppressed, and why.
ASAN_TESTS ?= .
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
asan: setup
	@[ -f $(BUILD)-asan/CMakeCache.txt ] || cmake -S . -B $(BUILD)-asan -DSANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
	cmake --build $(BUILD)-asan -j$(JOBS)
	cd $(BUILD)-asan && $(ASAN_ENV) ctest --output-on-failure -j$(JOBS) -LE no_asan -R '$(ASAN_TESTS)'

# Random differential testing (tests/random/README.md): N generated race-free kernels
# (seeds START..START+N-1) against the CUDA oracle on interp, cpu and XLA CPU. Kernels
# that are not a pass are kept in $(BUILD)/random/ to reproduce.
N ?= 2000
START ?= 1
random: setup all
	nice -n 10 build/venv/bin/python tests/random/run.py -n $(N) --start $(START) -j $(JOBS) \
		--bin $(BUILD)/bin --keep $(BUILD)/random

# libFuzzer harnesses (fuzz/README.md), clang-22 with ASan+UBSan, each run FUZZ_S seconds
# on its seed corpus (FUZZ_S=ci: the reproducible CI run); findings land in $(BUILD)-fuzz/fuzz-out/NAME/
FUZZ_S ?= 60
fuzz: setup
	@[ -f $(BUILD)-fuzz/CMakeCache.txt ] || CC=clang-22 CXX=clang++-22 cmake -S . -B $(BUILD)-fuzz -DFUZZ=ON \
	    -DCMAKE_BUILD_TYPE=RelWithDebInfo
	cmake --build $(BUILD)-fuzz -j$(JOBS) --target fuzz_parse fuzz_run fuzz_npy fuzz_frontend
	bash fuzz/run.sh $(BUILD)-fuzz/bin $(FUZZ_S)

clean:
	rm -rf $(BUILD)/CMakeFiles $(BUILD)/bin $(BUILD)/CMakeCache.txt $(BUILD)-asan $(BUILD)-fuzz
