#!/bin/sh
# A module of many tiny kernels (lowering/target.c, "tiny kernels apart"):
# they are code-generated in a module of their own and linked beside the
# rest.  80 kernels k0..k79 that each store 1000 + their number through a
# pointer, and one kernel with a loop, run with the right results; a null
# pointer in a tiny kernel fails its launch naming the store's PTX line (the
# second object's line table); the shared object has two compile units (the
# kernels went apart), one when translated with -O0 (they do not).
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/apart (runtime/libptx2native.a not built)"; exit 0; fi
check() { if [ "$2" = yes ]; then echo "PASS cli/apart/$1"; else echo "FAIL cli/apart/$1: $3"; fi; }
ptx=$OUT/apart.ptx
{
	printf '.version 7.0\n.target sm_75\n.address_size 64\n\n'
	k=0
	while [ $k -lt 80 ]; do
		printf '.visible .entry k%d(.param .u64 p)\n{\n\t.reg .b64 %%rd1;\n' $k
		printf '\tld.param.u64 %%rd1, [p];\n\tst.global.u32 [%%rd1], %d;\n\tret;\n}\n\n' $((1000 + k))
		k=$((k + 1))
	done
	# out = 0 + 1 + ... + (n - 1)
	printf '.visible .entry loop(.param .u64 p, .param .u32 n)\n{\n'
	printf '\t.reg .pred %%p1;\n\t.reg .b32 %%r<4>;\n\t.reg .b64 %%rd1;\n'
	printf '\tld.param.u64 %%rd1, [p];\n\tld.param.u32 %%r1, [n];\n\tmov.u32 %%r2, 0;\n\tmov.u32 %%r3, 0;\n'
	printf 'again:\n\tsetp.ge.u32 %%p1, %%r3, %%r1;\n\t@%%p1 bra done;\n\tadd.u32 %%r2, %%r2, %%r3;\n'
	printf '\tadd.u32 %%r3, %%r3, 1;\n\tbra.uni again;\ndone:\n\tst.global.u32 [%%rd1], %%r2;\n\tret;\n}\n'
} >"$ptx"
if ! err=$("$P2N" "$ptx" -o "$OUT/apart.so" 2>&1); then check translate no "$err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/apart.c runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$OUT/apart" 2>&1); then
	check build no "$err"; exit 0
fi
# the line of k7's store
LINE=$(awk '/^\.visible \.entry k7\(/ { on = 1 } on && /st\.global/ { print NR; exit }' "$ptx")
export LINE
timeout -k 5 60 "$OUT/apart" "$OUT/apart.so"
rc=$?
if [ $rc -ne 0 ]; then check run no "exit status $rc"; fi
if command -v readelf >/dev/null; then
	n=$(readelf --debug-dump=info "$OUT/apart.so" 2>/dev/null | grep -c DW_TAG_compile_unit)
	check two_units "$([ "$n" = 2 ] && echo yes)" "$n compile units"
	"$P2N" -O0 "$ptx" -o "$OUT/apart0.so"
	n=$(readelf --debug-dump=info "$OUT/apart0.so" 2>/dev/null | grep -c DW_TAG_compile_unit)
	check O0_one_unit "$([ "$n" = 1 ] && echo yes)" "$n compile units"
fi
