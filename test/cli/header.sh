#!/bin/sh
# ptx2native --header FILE (docs/api.md, "Typed launchers"): a C header
# with a typed launcher per kernel.  test/cli/header_main.c includes the
# header written for test/cli/header.ptx (nvcc's PTX of header.cu: C++
# kernels, a template in a namespace, extern "C" kernels, a struct by
# value), checks the launchers' types at compile time and their results at
# run time, and the demangled names in launch errors.  Besides: the header
# compiles warning-free as C and C++, is the same on standard output and
# from one run to the next, and names that are no C identifier are made
# into distinct ones.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/header (runtime/libptx2native.a not built)"; exit 0; fi
check() { if [ "$2" = yes ]; then echo "PASS cli/header/$1"; else echo "FAIL cli/header/$1: $3"; fi; }
d=$OUT/header
rm -rf "$d" && mkdir -p "$d"
if ! err=$("$P2N" -Wno-divergent-barrier test/cli/header.ptx -o "$d/header.so" --header "$d/kernels.h" 2>&1); then
	echo "FAIL cli/header/translate: $err"; exit 0
fi
# shellcheck disable=SC2086
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Wall -Wextra -Werror -Werror=incompatible-pointer-types -I"$d" -Iruntime \
	test/cli/header_main.c runtime/libptx2native.a -lpthread -ldl -lm -o "$d/main" 2>&1); then
	echo "FAIL cli/header/build: $err"; exit 0
fi
timeout -k 5 60 "$d/main" "$d/header.so" >"$d/log" 2>&1
rc=$?
cat "$d/log"
if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$d/log"; then echo "FAIL cli/header/run: exit status $rc"; fi

"$P2N" -Wno-divergent-barrier -fsyntax-only test/cli/header.ptx --header=- >"$d/stdout.h" 2>"$d/stdout.err"
"$P2N" -Wno-divergent-barrier -fsyntax-only test/cli/header.ptx --header "$d/again.h" 2>>"$d/stdout.err"
check same_output "$(cmp -s "$d/kernels.h" "$d/stdout.h" && cmp -s "$d/kernels.h" "$d/again.h" && echo yes)" \
	"--header - and a second run differ from the first: $(diff "$d/kernels.h" "$d/stdout.h" | head -n 5) $(cat "$d/stdout.err")"
printf '#include "kernels.h"\n' >"$d/inc.c"
err=$(cc -std=c99 -pedantic -Wall -Wextra -Werror -I"$d" -Iruntime -c "$d/inc.c" -o "$d/inc.o" 2>&1)
check c99_pedantic "$([ -z "$err" ] && echo yes)" "$err"
if command -v c++ >/dev/null 2>&1; then
	err=$(c++ -x c++ -Wall -Wextra -Werror -I"$d" -Iruntime -fsyntax-only "$d/inc.c" 2>&1)
	check cxx "$([ -z "$err" ] && echo yes)" "$err"
else
	echo "SKIP cli/header/cxx (no c++)"
fi

# names that are no C identifier, and two that become the same one
cat >"$d/names.ptx" <<'EOT'
.version 7.0
.target sm_70
.address_size 64
.visible .entry a$b(.param .u32 if)
{
	ret;
}
.visible .entry a_b(.param .s64 x_, .param .s64 x$)
{
	ret;
}
.visible .entry $c()
{
	ret;
}
EOT
if ! err=$("$P2N" -fsyntax-only "$d/names.ptx" --header "$d/names.h" 2>&1); then
	check names no "$err"
else
	printf '#include "names.h"\nint main(void) { p2n_dim3 g = {1, 1, 1};\n return a_b_launch(0, g, g, 0, 7) != P2N_ERROR_INVALID_VALUE ||\n a_b_1_launch(0, g, g, 0, -1, 2) != P2N_ERROR_INVALID_VALUE || _c_launch(0, g, g, 0) != P2N_ERROR_INVALID_VALUE; }\n' >"$d/names.c"
	# shellcheck disable=SC2086
	err=$(cc -std=c11 ${HOST_CFLAGS:-} -Wall -Wextra -Werror -I"$d" -Iruntime "$d/names.c" runtime/libptx2native.a -lpthread -ldl -lm \
		-o "$d/names" 2>&1) && err=$("$d/names" 2>&1)
	check names "$([ $? -eq 0 ] && grep -q 'p2n_launch(module_, "a\$b"' "$d/names.h" && grep -q 'int64_t x__1' "$d/names.h" &&
		grep -q 'uint32_t p0_if' "$d/names.h" && echo yes)" "$err $(grep -n launch "$d/names.h" | head -n 8)"
fi
"$P2N" -Wno-divergent-barrier -fsyntax-only test/cli/header.ptx --header "$d/no/such/dir/k.h" >/dev/null 2>"$d/err"
rc=$?
check unwritable "$([ $rc -eq 3 ] && grep -q 'cannot write' "$d/err" && echo yes)" "exit status $rc: $(cat "$d/err")"
