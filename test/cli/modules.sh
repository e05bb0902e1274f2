#!/bin/sh
# p2n_module_load and p2n_module_load_data check a file before any of it is
# mapped or run (docs/api.md): truncated, foreign, other-machine and
# other-ABI files give P2N_ERROR_INVALID_MODULE and their constructors never
# run; stale and wild module handles give P2N_ERROR_INVALID_VALUE
# (test/cli/modules.c prints the checks; under valgrind too when installed).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/modules (runtime/libptx2native.a not built)"; exit 0; fi
d=$OUT/modules
rm -rf "$d" && mkdir -p "$d"
if ! err=$("$P2N" test/cli/faults.ptx -o "$d/good.so" 2>&1); then echo "FAIL cli/modules/translate: $err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 -g ${HOST_CFLAGS:-} -Iruntime test/cli/modules.c runtime/libptx2native.a -lpthread -ldl \
	-o "$d/modules" 2>&1); then
	echo "FAIL cli/modules/build: $err"; exit 0
fi
size=$(wc -c <"$d/good.so")
head -c $((size / 2)) "$d/good.so" >"$d/half.so"
head -c $((size - 1)) "$d/good.so" >"$d/short1.so"
head -c 40 "$d/good.so" >"$d/header.so"
: >"$d/empty.so"
echo "not a module" >"$d/text.so"
# another machine: e_machine (offset 18, 2 bytes) of the good module changed
cp "$d/good.so" "$d/machine.so"
printf '\377\177' | dd of="$d/machine.so" bs=1 seek=18 conv=notrunc 2>/dev/null
# shared objects with a constructor that leaves a mark, both with the
# descriptor symbol of this version: one with no note, one whose note says
# the version before this one (runtime/p2n_abi.h)
abi=$(sed -n 's/^#define P2N_ABI_VERSION \([0-9]*\)$/\1/p' runtime/p2n_abi.h)
old=$((abi - 1))
marker=$d/constructor-ran
cat >"$d/foreign.c" <<EOT
#include <stdio.h>
__attribute__((constructor)) static void mark(void) { FILE *f = fopen("$marker", "w"); if (f) fclose(f); }
#ifdef NOTE
__attribute__((section(".note.ptx2native"), used, aligned(4)))
static const unsigned char note[] = {11,0,0,0, 5,0,0,0, 1,0,0,0, 'p','t','x','2','n','a','t','i','v','e',0,0,
                                     NOTE,0,0,0, 0,0,0,0};
#endif
int p2n_module_v$abi;
EOT
cc -shared -fPIC -o "$d/foreign.so" "$d/foreign.c" &&
	cc -shared -fPIC -DNOTE=$old -o "$d/oldabi.so" "$d/foreign.c" ||
	{ echo "FAIL cli/modules/build_foreign"; exit 0; }
set -- "$d/good.so" \
	good=0==$d/good.so \
	half=3=truncated=$d/half.so \
	short_by_one=3=truncated=$d/short1.so \
	header_only=3=truncated=$d/header.so \
	empty=3=no\ ELF\ file=$d/empty.so \
	text=3=no\ ELF\ file=$d/text.so \
	other_machine=3=another\ machine=$d/machine.so \
	foreign=3=not\ made\ by\ ptx2native=$d/foreign.so \
	old_abi=3=ABI\ version\ $old=$d/oldabi.so \
	missing=2=No\ such\ file=$d/missing.so \
	directory=2=not\ a\ regular\ file=$d
timeout -k 5 60 "$d/modules" "$@" >"$d/log" 2>&1
rc=$?
cat "$d/log"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$d/log"; then echo "FAIL cli/modules/run: exit status $rc"; fi
if [ -e "$marker" ]; then echo "FAIL cli/modules/no_constructor_ran: a refused file's constructor ran"; else
	echo "PASS cli/modules/no_constructor_ran"; fi
if [ "${P2N_SANITIZER:-}" = asan ]; then
	echo "SKIP cli/modules/valgrind (the program is built with ASan)"
elif command -v valgrind >/dev/null 2>&1; then
	# valgrind has no AVX-512: the module for it is made for a baseline CPU
	"$P2N" --mcpu=x86-64 --mattr=+sse2 test/cli/faults.ptx -o "$d/good.so" 2>/dev/null
	if timeout -k 5 120 valgrind -q --error-exitcode=9 --leak-check=no "$d/modules" "$@" >"$d/vg.log" 2>&1; then
		echo "PASS cli/modules/valgrind"
	else echo "FAIL cli/modules/valgrind: $(grep -m5 '==' "$d/vg.log")"; fi
else
	echo "SKIP cli/modules/valgrind (valgrind not installed)"
fi
