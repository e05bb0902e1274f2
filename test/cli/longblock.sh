#!/bin/sh
# A kernel whose optimised code is one basic block of several thousand
# instructions (700 divergent if/else diamonds over eight values, linear
# sides): lowering/target.c cuts it with stack maps for the code
# generator (the assembly has .llvm_stackmaps; a short kernel has none),
# and it computes what the C reference in test/cli/longblock.c computes;
# so does a second kernel of 1,200 loads and stores (below).
# Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/longblock (runtime/libptx2native.a not built)"; exit 0; fi
check() { if [ "$2" = yes ]; then echo "PASS cli/longblock/$1"; else echo "FAIL cli/longblock/$1: $3"; fi; }
N=700 M=1200
ptx=$OUT/longblock.ptx
{
	printf '.version 7.0\n.target sm_75\n.address_size 64\n\n'
	printf '.visible .entry diamonds(.param .u64 p)\n{\n'
	printf '\t.reg .pred %%p1;\n\t.reg .b32 %%r<3>;\n\t.reg .f32 %%f<8>;\n\t.reg .b64 %%rd<4>;\n'
	printf '\tld.param.u64 %%rd1, [p];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n\tmov.u32 %%r1, %%tid.x;\n'
	printf '\tshl.b32 %%r2, %%r1, 5;\n\tcvt.u64.u32 %%rd2, %%r2;\n\tadd.s64 %%rd3, %%rd1, %%rd2;\n'
	i=0; while [ $i -lt 8 ]; do printf '\tld.global.f32 %%f%d, [%%rd3+%d];\n' $i $((4 * i)); i=$((i + 1)); done
	# diamond k on value v = k % 8: lanes below 1 + k % 31 multiply by
	# value (v + 3) % 8, the others add value (v + 1) % 8
	k=0
	while [ $k -lt $N ]; do
		v=$((k % 8))
		printf '\tsetp.lt.u32 %%p1, %%r1, %d;\n\t@%%p1 bra E%d;\n' $((1 + k % 31)) $k
		printf '\tadd.f32 %%f%d, %%f%d, %%f%d;\n\tbra.uni J%d;\n' $v $v $(((v + 1) % 8)) $k
		printf 'E%d:\n\tmul.f32 %%f%d, %%f%d, %%f%d;\nJ%d:\n' $k $v $v $(((v + 3) % 8)) $k
		k=$((k + 1))
	done
	i=0; while [ $i -lt 8 ]; do printf '\tst.global.f32 [%%rd3+%d], %%f%d;\n' $((4 * i)) $i; i=$((i + 1)); done
	printf '\tret;\n}\n'
	# kernel accesses: M rounds over eight columns of 64 floats, column c
	# of thread t at q + 256 * c + 4 * t (contiguous in the lanes): round
	# k loads column 3k % 8 and adds it to (k even) or subtracts it from
	# value k % 8; every fourth round stores that value to column 5k % 8;
	# at the end the eight values go to their columns.  With a load or
	# store in every round the kernel is a function of over 8,192 IR
	# instructions, which -O2 optimises without jump threading and GVN
	# (lowering/target.c, large_o2_cgscc)
	printf '\n.visible .entry accesses(.param .u64 q)\n{\n'
	printf '\t.reg .b32 %%r<2>;\n\t.reg .f32 %%f<9>;\n\t.reg .b64 %%rd<4>;\n'
	printf '\tld.param.u64 %%rd1, [q];\n\tcvta.to.global.u64 %%rd1, %%rd1;\n\tmov.u32 %%r1, %%tid.x;\n'
	printf '\tmul.wide.u32 %%rd2, %%r1, 4;\n\tadd.s64 %%rd3, %%rd1, %%rd2;\n'
	i=0; while [ $i -lt 8 ]; do printf '\tld.global.f32 %%f%d, [%%rd3+%d];\n' $i $((256 * i)); i=$((i + 1)); done
	k=0
	while [ $k -lt $M ]; do
		v=$((k % 8))
		printf '\tld.global.f32 %%f8, [%%rd3+%d];\n' $((256 * (3 * k % 8)))
		if [ $((k % 2)) -eq 0 ]; then op=add; else op=sub; fi
		printf '\t%s.f32 %%f%d, %%f%d, %%f8;\n' $op $v $v
		[ $((k % 4)) -eq 3 ] && printf '\tst.global.f32 [%%rd3+%d], %%f%d;\n' $((256 * (5 * k % 8))) $v
		k=$((k + 1))
	done
	i=0; while [ $i -lt 8 ]; do printf '\tst.global.f32 [%%rd3+%d], %%f%d;\n' $((256 * i)) $i; i=$((i + 1)); done
	printf '\tret;\n}\n'
} >"$ptx"
if ! err=$("$P2N" -S "$ptx" -o "$OUT/longblock.s" 2>&1); then check translate no "$err"; exit 0; fi
check stack_maps "$(grep -q llvm_stackmaps "$OUT/longblock.s" && echo yes)" "no .llvm_stackmaps in the assembly"
"$P2N" -S test/cli/faults.ptx -o "$OUT/longblock_short.s"
check short_none "$(grep -q llvm_stackmaps "$OUT/longblock_short.s" || echo yes)" "stack maps in faults.ptx"
if ! err=$("$P2N" "$ptx" -o "$OUT/longblock.so" 2>&1); then check translate_so no "$err"; exit 0; fi
if ! err=$(cc -std=c11 -O1 -ffp-contract=off ${HOST_CFLAGS:-} -Iruntime test/cli/longblock.c runtime/libptx2native.a \
	-lpthread -ldl -lm -o "$OUT/longblock" 2>&1); then
	check build no "$err"; exit 0
fi
timeout -k 5 60 "$OUT/longblock" "$OUT/longblock.so" $N $M || check run no "exit status $?"
