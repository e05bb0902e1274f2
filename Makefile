# ptx2native — see README.md.  ./configure writes config.mk; when it is
# missing, the first make runs ./configure --install-deps itself.

ifeq ($(filter clean uninstall install-manifest,$(MAKECMDGOALS)),)
include config.mk
else
-include $(wildcard config.mk)
endif

# Where make install puts things (make uninstall removes exactly those
# files): PREFIX and LIBDIR come from ./configure --prefix, --libdir;
# any of these may be given on the command line too.
PREFIX ?= /usr/local
DESTDIR ?=
LIBDIR ?= $(PREFIX)/lib
BINDIR ?= $(PREFIX)/bin
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
DOCDIR ?= $(DATADIR)/doc/ptx2native
VERSION := $(shell sed -n 's/^\#define P2N_VERSION "\(.*\)"$$/\1/p' lowering/translate.c)
CC ?= cc

WARN = -Wall -Wextra -Wno-unused-parameter -Wshadow -Wstrict-prototypes -Wmissing-prototypes $(WERROR)
OPT = -O2 -g
CFLAGS_ALL = -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) -MMD -MP $(CFLAGS)
TRANSLATOR_CFLAGS = $(CFLAGS_ALL) -fPIC -Icli -Ifrontend -Ilowering -Ilowering/analysis -Ilowering/codegen -Iruntime \
	$(LLVM_CFLAGS) $(XML_CFLAGS)
RUNTIME_CFLAGS = $(CFLAGS_ALL) -fPIC -fvisibility=hidden -Iruntime

FRONTEND_OBJS = frontend/util.o frontend/tables.o frontend/lex.o frontend/parse.o \
	frontend/print.o frontend/cfg.o frontend/link.o frontend/check.o frontend/check_tex.o \
	frontend/isa.o
ANALYSIS_OBJS = lowering/analysis/dom.o lowering/analysis/uniform.o lowering/analysis/params.o lowering/analysis/plan.o \
	lowering/analysis/report.o lowering/analysis/warn.o
# the code generator, from the bottom up (codegen/emit.h)
CODEGEN = base layout abi value softfloat arith compare bits fp8 convert lanes prefetch memory space sink atomic sync warp video tex \
	mma mbarrier hold call dispatch flow oneloop coro ctaloop debug function
CODEGEN_OBJS = $(CODEGEN:%=lowering/codegen/%.o) lowering/target.o
CLI_OBJS = cli/main.o cli/depfile.o cli/summary.o
# --from-binary: the fatbinary reader of the CUDA layer (runtime/cuda/aot.c)
CLI_CUDA_OBJS = runtime/cuda/aot.o runtime/cuda/fatbin.o
# the translator library (ptx2native_translate.h): every stage and its entry
TRANSLATE_OBJS = $(FRONTEND_OBJS) $(ANALYSIS_OBJS) $(CODEGEN_OBJS) lowering/header.o lowering/translate.o
TRANSLATOR_OBJS = $(CLI_OBJS) $(TRANSLATE_OBJS)
TRANSLATE_SONAME = libptx2native-translate.so.1
TRANSLATE_LIBS = lowering/libptx2native-translate.a lowering/$(TRANSLATE_SONAME) \
	lowering/libptx2native-translate.so
TRANSLATE_LDLIBS = $(LLVM_LDFLAGS) $(LLVM_LIBS) $(XML_LIBS) -lstdc++ -lm -lpthread

RUNTIME_OBJS = runtime/stream.o runtime/module.o runtime/launch.o runtime/services.o runtime/sched.o runtime/pool.o \
	runtime/texture.o runtime/fault.o runtime/fiber.o runtime/lines.o runtime/registry.o runtime/profile.o runtime/error.o
RUNTIME_SONAME = libptx2native.so.1
RUNTIME_LIBS = runtime/libptx2native.a runtime/$(RUNTIME_SONAME) runtime/libptx2native.so

# The CUDA layer (runtime/cuda, docs/cuda.md): libcuda.so.1 holds the core
# and the driver API with the host library inside; libcudart.so.12/.13 are
# the runtime API over it; ptx2native-run puts them first on the path.
CUDA_DIR = runtime/cuda
CUDA_CORE_OBJS = $(CUDA_DIR)/core.o $(CUDA_DIR)/fatbin.o $(CUDA_DIR)/stream.o $(CUDA_DIR)/driver.o \
	$(CUDA_DIR)/array.o
CUDA_OBJS = $(CUDA_CORE_OBJS) $(CUDA_DIR)/cudart13.o $(CUDA_DIR)/cudart12.o $(CUDA_DIR)/cudart_tex.o \
	$(CUDA_DIR)/cudart_mem.o \
	$(CUDA_DIR)/stubs_cuda.o \
	$(CUDA_DIR)/stubs_cudart.o $(CUDA_DIR)/run.o $(CUDA_DIR)/aot.o
CUDA_LIBS = $(CUDA_DIR)/libcuda.so.1 $(CUDA_DIR)/libcudart.so.13 $(CUDA_DIR)/libcudart.so.12
CUDA_CFLAGS = $(CFLAGS_ALL) -fPIC -Iruntime -I$(CUDA_DIR) $(ZSTD_CFLAGS)
CUDA_GEN = $(CUDA_DIR)/stubs_cuda.c $(CUDA_DIR)/stubs_cudart.c $(CUDA_DIR)/libcuda.map \
	$(CUDA_DIR)/libcudart13.map $(CUDA_DIR)/libcudart12.map

ALL_OBJS = $(TRANSLATOR_OBJS) $(RUNTIME_OBJS) $(CUDA_OBJS)
UNIT_TESTS = test/unit/abi_test test/unit/dom_test test/unit/uniform_test test/unit/translate_test
# libFuzzer targets (test/fuzz) and their replayers, built with cc for make check
FUZZ_TARGETS = parse translate load
FUZZ_REPLAY = $(FUZZ_TARGETS:%=test/fuzz/replay_%)
FUZZ_OBJS = $(FUZZ_TARGETS:%=test/fuzz/%.o) test/fuzz/replay.o

all: ptx2native $(RUNTIME_LIBS) $(TRANSLATE_LIBS) $(CUDA_LIBS) $(CUDA_DIR)/ptx2native-run

config.mk:
	./configure --install-deps

ptx2native: $(CLI_OBJS) $(CLI_CUDA_OBJS) lowering/libptx2native-translate.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJS) $(CLI_CUDA_OBJS) lowering/libptx2native-translate.a $(TRANSLATE_LDLIBS) $(ZSTD_LIBS)

# The translator's build identity, part of p2n_translator_version() and so
# of the CUDA layer's cache key: a checksum of its sources, so that a
# rebuilt translator never meets modules cached by another one.
lowering/build_id.h: $(TRANSLATE_OBJS:.o=.c) $(filter-out lowering/build_id.h,$(wildcard frontend/*.h lowering/*.h \
		lowering/*/*.h lowering/*.def frontend/*.def)) runtime/p2n_abi.h runtime/p2n_abi.def
	@printf '#define P2N_BUILD_ID "%s"\n' "$$(cat $^ | cksum | cut -d' ' -f1)" >$@.tmp && mv $@.tmp $@

lowering/translate.o: lowering/build_id.h

lowering/libptx2native-translate.a: $(TRANSLATE_OBJS)
	rm -f $@
	ar rcs $@ $(TRANSLATE_OBJS)

# exports only the p2n_* calls of ptx2native_translate.h (translate.map)
lowering/$(TRANSLATE_SONAME): $(TRANSLATE_OBJS) lowering/translate.map
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(TRANSLATE_SONAME) -Wl,--version-script=lowering/translate.map \
		-Wl,-z,defs -o $@ $(TRANSLATE_OBJS) $(TRANSLATE_LDLIBS)

lowering/libptx2native-translate.so: lowering/$(TRANSLATE_SONAME)
	ln -sf $(TRANSLATE_SONAME) $@

# The CPUs and features of every target LLVM has, from llc -mcpu=help (an
# empty list when llc is missing: the names are then not checked).
lowering/target_names.inc: config.mk lowering/target_names.sh
	sh lowering/target_names.sh "$(LLVM_CONFIG)" >$@.tmp && mv $@.tmp $@

lowering/target.o: lowering/target_names.inc

runtime/libptx2native.a: $(RUNTIME_OBJS)
	rm -f $@
	ar rcs $@ $(RUNTIME_OBJS)

# exports only the p2n_* calls of ptx2native.h (ptx2native.map)
runtime/$(RUNTIME_SONAME): $(RUNTIME_OBJS) runtime/ptx2native.map
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(RUNTIME_SONAME) -Wl,--version-script=runtime/ptx2native.map \
		-Wl,-z,defs -o $@ $(RUNTIME_OBJS) -lpthread -ldl -lm

runtime/libptx2native.so: runtime/$(RUNTIME_SONAME)
	ln -sf $(RUNTIME_SONAME) $@

$(TRANSLATOR_OBJS): %.o: %.c
	$(CC) $(TRANSLATOR_CFLAGS) -c -o $@ $<

$(RUNTIME_OBJS): %.o: %.c
	$(CC) $(RUNTIME_CFLAGS) -c -o $@ $<

# The core's functions are exported from libcuda.so.1 for libcudart; the
# host library's objects inside it stay hidden but for p2n_*.
$(CUDA_CORE_OBJS): %.o: %.c
	$(CC) $(CUDA_CFLAGS) -c -o $@ $<

# driver.c, array.c and cudart*.c define NVIDIA's API, whose prototypes
# are in NVIDIA's headers, not ours.
$(CUDA_DIR)/driver.o $(CUDA_DIR)/array.o: CUDA_CFLAGS += -Wno-missing-prototypes

$(CUDA_DIR)/aot.o: $(CUDA_DIR)/aot.c
	$(CC) $(CUDA_CFLAGS) -c -o $@ $<

$(CUDA_DIR)/cudart13.o: $(CUDA_DIR)/cudart.c
	$(CC) $(CUDA_CFLAGS) -Wno-missing-prototypes -fvisibility=hidden -DCU_RUNTIME_VERSION=13000 -c -o $@ $<

$(CUDA_DIR)/cudart12.o: $(CUDA_DIR)/cudart.c
	$(CC) $(CUDA_CFLAGS) -Wno-missing-prototypes -fvisibility=hidden -DCU_RUNTIME_VERSION=12080 -c -o $@ $<

# memory, arrays, textures and surfaces of the runtime API: the same in both
$(CUDA_DIR)/cudart_tex.o $(CUDA_DIR)/cudart_mem.o: %.o: %.c
	$(CC) $(CUDA_CFLAGS) -Wno-missing-prototypes -fvisibility=hidden -c -o $@ $<

$(CUDA_DIR)/run.o: $(CUDA_DIR)/run.c
	$(CC) $(CFLAGS_ALL) -c -o $@ $<

$(CUDA_DIR)/stubs_cuda.c: $(CUDA_DIR)/cuda.syms $(CUDA_DIR)/gen-stubs.sh
	sh $(CUDA_DIR)/gen-stubs.sh $(CUDA_DIR)/cuda.syms >$@

$(CUDA_DIR)/stubs_cudart.c: $(CUDA_DIR)/cudart.syms $(CUDA_DIR)/gen-stubs.sh
	sh $(CUDA_DIR)/gen-stubs.sh $(CUDA_DIR)/cudart.syms >$@

$(CUDA_DIR)/stubs_cuda.o $(CUDA_DIR)/stubs_cudart.o: %.o: %.c
	$(CC) $(CFLAGS_ALL) -fPIC -Wno-missing-prototypes -Wno-strict-prototypes -c -o $@ $<

# NVIDIA's libcudart versions its symbols (node libcudart.so.N); ours do
# too, so that programs linked against theirs load ours without a warning.
$(CUDA_DIR)/libcuda.map:
	echo '{ global: cu*; p2n_*; local: *; };' >$@

$(CUDA_DIR)/libcudart13.map:
	echo 'libcudart.so.13 { global: cuda*; __cuda*; local: *; };' >$@

$(CUDA_DIR)/libcudart12.map:
	echo 'libcudart.so.12 { global: cuda*; __cuda*; local: *; };' >$@

$(CUDA_DIR)/libcuda.so.1: $(CUDA_CORE_OBJS) $(CUDA_DIR)/stubs_cuda.o $(RUNTIME_OBJS) $(CUDA_DIR)/libcuda.map
	$(CC) -shared $(LDFLAGS) -Wl,-soname,libcuda.so.1 -Wl,--version-script=$(CUDA_DIR)/libcuda.map -o $@ \
		$(CUDA_CORE_OBJS) $(CUDA_DIR)/stubs_cuda.o $(RUNTIME_OBJS) $(ZSTD_LIBS) -lpthread -ldl

$(CUDA_DIR)/libcudart.so.13 $(CUDA_DIR)/libcudart.so.12: $(CUDA_DIR)/libcudart.so.%: $(CUDA_DIR)/cudart%.o \
		$(CUDA_DIR)/cudart_tex.o $(CUDA_DIR)/cudart_mem.o $(CUDA_DIR)/stubs_cudart.o $(CUDA_DIR)/libcudart%.map $(CUDA_DIR)/libcuda.so.1
	$(CC) -shared $(LDFLAGS) -Wl,-soname,libcudart.so.$* -Wl,--version-script=$(CUDA_DIR)/libcudart$*.map \
		-Wl,--disable-new-dtags,-rpath,'$$ORIGIN' -o $@ $(CUDA_DIR)/cudart$*.o $(CUDA_DIR)/cudart_tex.o $(CUDA_DIR)/cudart_mem.o \
		$(CUDA_DIR)/stubs_cudart.o \
		$(CUDA_DIR)/libcuda.so.1

$(CUDA_DIR)/ptx2native-run: $(CUDA_DIR)/run.o
	$(CC) $(LDFLAGS) -o $@ $(CUDA_DIR)/run.o

# Unit tests: C programs under test/unit that print their own PASS/FAIL
# lines; they link only the objects they test.
UNIT_OBJS = frontend/util.o frontend/tables.o frontend/cfg.o $(ANALYSIS_OBJS)

$(filter-out test/unit/abi_test test/unit/translate_test,$(UNIT_TESTS)): %: %.c $(UNIT_OBJS)
	$(CC) $(TRANSLATOR_CFLAGS) $(LDFLAGS) -o $@ $< $(UNIT_OBJS) $(XML_LIBS) -lstdc++

# abi_test checks the LLVM mirror of p2n_warp against the C layout.
test/unit/abi_test: test/unit/abi_test.c $(CODEGEN_OBJS) $(FRONTEND_OBJS) $(ANALYSIS_OBJS)
	$(CC) $(TRANSLATOR_CFLAGS) $(LDFLAGS) -o $@ $< $(CODEGEN_OBJS) $(FRONTEND_OBJS) $(ANALYSIS_OBJS) \
		$(LLVM_LDFLAGS) $(LLVM_LIBS) $(XML_LIBS) -lstdc++ -lm

# translate_test uses only the public headers: the translator's shared
# library (so its exports are what it needs) and the host library.
test/unit/translate_test: test/unit/translate_test.c lowering/libptx2native-translate.so runtime/libptx2native.a
	$(CC) $(CFLAGS_ALL) -Iruntime $(LDFLAGS) -o $@ $< runtime/libptx2native.a -Llowering \
		-lptx2native-translate -Wl,-rpath,'$$ORIGIN/../../lowering' -lpthread -ldl -lm

# The reference interpreter (test/ref): the host API of ptx2native.h over the
# frontend's AST, one thread at a time; the random program generator and the
# differential tester that runs programs through both (docs/testing.md).
REF_OBJS = test/ref/ref.o
REF_CFLAGS = $(CFLAGS_ALL) -frounding-math -Ifrontend -Iruntime
REF_TOOLS = test/ref/fuzz test/ref/run_rt test/ref/run_ref
test/ref/libp2nref.a: $(REF_OBJS) $(FRONTEND_OBJS)
	rm -f $@
	ar rcs $@ $(REF_OBJS) $(FRONTEND_OBJS)

$(REF_OBJS) test/ref/gen.o test/ref/fuzz.o test/ref/runner.o: %.o: %.c
	$(CC) $(REF_CFLAGS) -c -o $@ $<

test/ref/fuzz: test/ref/fuzz.o test/ref/gen.o
	$(CC) $(LDFLAGS) -o $@ test/ref/fuzz.o test/ref/gen.o

test/ref/run_rt: test/ref/runner.o runtime/libptx2native.a
	$(CC) $(LDFLAGS) -o $@ test/ref/runner.o runtime/libptx2native.a -lpthread -ldl -lm

test/ref/run_ref: test/ref/runner.o test/ref/libp2nref.a
	$(CC) $(LDFLAGS) -o $@ test/ref/runner.o test/ref/libp2nref.a -lm

ref: test/ref/libp2nref.a $(REF_TOOLS)

# make fuzz-diff SEED=s N=n: n random programs from seed s through the
# interpreter and the translator; a disagreement is shrunk and written to
# test/regress/.  FUZZFLAGS="--without brx" leaves brx.idx out; P2NFLAGS
# are the translator's options (-O0: faster).
SEED ?= 1
N ?= 100
fuzz-diff: all ref
	P2NFLAGS="$(P2NFLAGS)" test/ref/fuzz --seed $(SEED) -n $(N) --write test/regress $(FUZZFLAGS)

# Tests: test/run.sh prints one line per test and "N passed, M failed".
check: all tests
	sh test/run.sh $(T)

# what the tests need besides all
tests: ref $(UNIT_TESTS) $(FUZZ_REPLAY)

# Sanitizers (test/sanitize.sh): a copy of the tree under build/asan or
# build/ubsan is built with them and runs the tests there; any report fails.
# check-asan: ASan and UBSan on every test but the CUDA layer's (programs
# nvcc linked cannot load an ASan library after their own) and fuzz/.
# check-ubsan: UBSan with -fno-sanitize-recover on every test, or on the
# tests matching each filter of T ("make check-ubsan T='unit/ parse/'").
ASAN_TESTS = parse/ fixture/ report/ codegen/ unit/ fuzzer/ cli/ exec/
check-asan:
	sh test/sanitize.sh asan $(or $(T),$(ASAN_TESTS))

check-ubsan:
	sh test/sanitize.sh ubsan $(T)

# libFuzzer targets (test/fuzz, docs/testing.md): make fuzz builds them in
# a copy of the tree (build/fuzz) with clang's libFuzzer, ASan and UBSan
# and runs each FUZZ_TIME seconds (default 60) from a seed corpus of
# test/; make fuzz-deps installs clang (Debian and Ubuntu; as root).  make
# check replays the inputs kept in test/fuzz/TARGET/ with replay_TARGET:
# the same target with a main() (test/fuzz/replay.c), built with cc.
FUZZ_CLANG = clang-19

$(FUZZ_OBJS): %.o: %.c
	$(CC) $(TRANSLATOR_CFLAGS) -c -o $@ $<

test/fuzz/replay_parse test/fuzz/replay_translate: test/fuzz/replay_%: test/fuzz/%.o test/fuzz/replay.o \
		lowering/libptx2native-translate.a
	$(CC) $(LDFLAGS) -o $@ $< test/fuzz/replay.o lowering/libptx2native-translate.a $(TRANSLATE_LDLIBS)

test/fuzz/replay_load: test/fuzz/load.o test/fuzz/replay.o runtime/libptx2native.a
	$(CC) $(LDFLAGS) -o $@ test/fuzz/load.o test/fuzz/replay.o runtime/libptx2native.a -lpthread -ldl -lm

# with libFuzzer's main: built by make fuzz in build/fuzz (CC=clang)
test/fuzz/fuzz_parse test/fuzz/fuzz_translate: test/fuzz/fuzz_%: test/fuzz/%.o lowering/libptx2native-translate.a
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $< lowering/libptx2native-translate.a $(TRANSLATE_LDLIBS)

test/fuzz/fuzz_load: test/fuzz/load.o runtime/libptx2native.a
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ test/fuzz/load.o runtime/libptx2native.a -lpthread -ldl -lm

fuzz: all
	FUZZ_CLANG="$(FUZZ_CLANG)" sh test/fuzz/run.sh $(FUZZ_TARGETS)

fuzz-deps:
	apt-get update
	apt-get install -y --no-install-recommends $(FUZZ_CLANG) libclang-rt-19-dev

demo: all
	sh test/demo.sh

# Builds and runs the execution tests against every supported LLVM that is
# installed (build/llvm-NN); minutes per version, so not part of check.
check-llvm:
	sh test/check-llvm.sh

# Speed against OpenMP C and OpenCL C (PoCL): test/bench/bench.sh prints
# Markdown tables (docs/bench-results.md); 1 min 38 s on the quiet 2-core
# reference machine (10 minutes at a load average of 12).  BENCH_REPS,
# BENCH_TIMEOUT, BENCH_MEM_MB: see bench.sh.
bench: all
	sh test/bench/bench.sh

# The OpenCL back end of make bench: PoCL and the OpenCL headers (Debian
# and Ubuntu; as root).
bench-deps:
	apt-get update
	apt-get install -y --no-install-recommends pocl-opencl-icd ocl-icd-opencl-dev opencl-headers clinfo

# Rewrites test/report/*.xml from the current translator.  The "// expect"
# annotations in each .ptx are still checked by make check; read the diff
# (git diff test/report) before committing.
regen-reports: ptx2native
	cd test/report && for f in *.ptx; do \
		../../ptx2native -fsyntax-only --report "$${f%.ptx}.xml" "$$f" || exit 1; done

regen-ptx:
	sh test/regen-ptx.sh "$(NVCC)"

# make install: every file below under DESTDIR; make uninstall removes
# these and nothing else (and the directories of ptx2native's own, when
# empty).  The CUDA layer's libraries go to PREFIX/lib/ptx2native whatever
# LIBDIR is: ptx2native-run finds them there, from its own place.
CUDA_LIBDIR = $(PREFIX)/lib/ptx2native
CMAKEDIR = $(LIBDIR)/cmake/ptx2native
MAN_PAGES = $(wildcard docs/*.1)
DOC_FILES = README.md $(wildcard docs/*.md) docs/report.xsd
INSTALLED = $(BINDIR)/ptx2native $(BINDIR)/ptx2native-run \
	$(INCLUDEDIR)/ptx2native.h $(INCLUDEDIR)/ptx2native_translate.h \
	$(LIBDIR)/libptx2native.a $(LIBDIR)/$(RUNTIME_SONAME) $(LIBDIR)/libptx2native.so \
	$(LIBDIR)/libptx2native-translate.a $(LIBDIR)/$(TRANSLATE_SONAME) $(LIBDIR)/libptx2native-translate.so \
	$(LIBDIR)/pkgconfig/ptx2native.pc $(LIBDIR)/pkgconfig/ptx2native-translate.pc \
	$(CMAKEDIR)/ptx2native-config.cmake \
	$(CMAKEDIR)/ptx2native-config-version.cmake \
	$(addprefix $(CUDA_LIBDIR)/,$(notdir $(CUDA_LIBS))) \
	$(addprefix $(MANDIR)/man1/,$(notdir $(MAN_PAGES))) \
	$(addprefix $(DOCDIR)/,$(notdir $(DOC_FILES))) $(DATADIR)/ptx2native/report.xsd
GEN_CONFIG = sh runtime/gen-config.sh
CONFIG_ARGS = '$(PREFIX)' '$(LIBDIR)' '$(INCLUDEDIR)' '$(BINDIR)' '$(VERSION)'

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(CMAKEDIR) \
		$(DESTDIR)$(CUDA_LIBDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DATADIR)/ptx2native
	cp ptx2native $(CUDA_DIR)/ptx2native-run $(DESTDIR)$(BINDIR)/
	cp runtime/ptx2native.h runtime/ptx2native_translate.h $(DESTDIR)$(INCLUDEDIR)/
	cp runtime/libptx2native.a runtime/$(RUNTIME_SONAME) lowering/libptx2native-translate.a \
		lowering/$(TRANSLATE_SONAME) $(DESTDIR)$(LIBDIR)/
	ln -sf $(RUNTIME_SONAME) $(DESTDIR)$(LIBDIR)/libptx2native.so
	ln -sf $(TRANSLATE_SONAME) $(DESTDIR)$(LIBDIR)/libptx2native-translate.so
	$(GEN_CONFIG) runtime/ptx2native.pc.in $(CONFIG_ARGS) >$(DESTDIR)$(LIBDIR)/pkgconfig/ptx2native.pc
	$(GEN_CONFIG) runtime/ptx2native-translate.pc.in $(CONFIG_ARGS) \
		>$(DESTDIR)$(LIBDIR)/pkgconfig/ptx2native-translate.pc
	$(GEN_CONFIG) runtime/ptx2native-config.cmake.in $(CONFIG_ARGS) >$(DESTDIR)$(CMAKEDIR)/ptx2native-config.cmake
	$(GEN_CONFIG) runtime/ptx2native-config-version.cmake.in $(CONFIG_ARGS) \
		>$(DESTDIR)$(CMAKEDIR)/ptx2native-config-version.cmake
	cp $(CUDA_LIBS) $(DESTDIR)$(CUDA_LIBDIR)/
	cp $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man1/
	cp $(DOC_FILES) $(DESTDIR)$(DOCDIR)/
	cp docs/report.xsd $(DESTDIR)$(DATADIR)/ptx2native/

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rmdir $(DESTDIR)$(CUDA_LIBDIR) $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(DOCDIR) $(DESTDIR)$(DATADIR)/ptx2native \
		2>/dev/null || true

# The list of what make install writes, one path a line (test/cli/install.sh).
install-manifest:
	@printf '%s\n' $(INSTALLED)

clean:
	rm -f $(FUZZ_REPLAY) $(FUZZ_OBJS) $(FUZZ_OBJS:.o=.d) $(FUZZ_TARGETS:%=test/fuzz/fuzz_%)
	rm -f ptx2native $(RUNTIME_LIBS) $(TRANSLATE_LIBS) lowering/target_names.inc lowering/build_id.h $(ALL_OBJS) $(ALL_OBJS:.o=.d) $(UNIT_TESTS) $(UNIT_TESTS:=.d)
	rm -f test/ref/*.o test/ref/*.d test/ref/libp2nref.a $(REF_TOOLS)
	rm -f $(CUDA_LIBS) $(CUDA_GEN) $(CUDA_DIR)/ptx2native-run
	rm -rf test/out build

.PHONY: all ref fuzz-diff check tests check-asan check-ubsan fuzz fuzz-deps check-llvm demo regen-ptx \
	regen-reports install uninstall install-manifest clean bench bench-deps

-include $(FUZZ_OBJS:.o=.d) $(ALL_OBJS:.o=.d) $(UNIT_TESTS:=.d) $(REF_OBJS:.o=.d) test/ref/gen.d test/ref/fuzz.d test/ref/runner.d
