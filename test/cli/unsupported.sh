#!/bin/sh
# Every unsupported construct is reported, once, where it is: three in
# test/cli/unsupported_parse.ptx (instructions of the ISA the parser knows
# but we do not implement; -fsyntax-only exits 1) and three in
# test/cli/unsupported_lower.ptx (found by the lowering, which goes on
# after the first), two more in one kernel (unsupported_two).  A wgmma or tex line gives one message, never
# cascaded lexer errors.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."

# name, command output, exit status, expected status, expected error lines
check() {
	name=$1 got=$2 rc=$3 want_rc=$4 want=$5
	errs=$(printf '%s\n' "$got" | grep ': error: ')
	if [ "$rc" -eq "$want_rc" ] && [ "$errs" = "$want" ]; then
		echo "PASS cli/unsupported/$name"
	else
		echo "FAIL cli/unsupported/$name: exit status $rc"
		printf 'expected:\n%s\ngot:\n%s\n' "$want" "$errs"
	fi
}

f=test/cli/unsupported_parse.ptx
got=$("$P2N" -fsyntax-only "$f" 2>&1)
check parse "$got" $? 1 "$f:12:2: error: 'wgmma' is not supported
$f:14:2: error: 'setmaxnreg' is not supported
$f:24:2: error: 'mapa' is not supported"

f=test/cli/unsupported_lower.ptx
got=$("$P2N" -S -o /dev/null "$f" 2>&1)
check lower "$got" $? 1 "$f:12:15: error: special register %pm0 is not supported
$f:13:15: error: special register %reserved_smem_offset_begin is not supported
$f:23:16: error: special register %current_graph_exec is not supported"

# One line each, between supported instructions.
one_line() {
	cat <<PTX
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u64 t)
{
	.reg .b32 %r<4>;
	.reg .f32 %f<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	$1
	st.global.u32 [%rd1], %r1;
	ret;
}
PTX
}
# one NAME INSTR STATUS ERROR [FLAGS]: INSTR alone in a kernel
# ($OUT/unsupported_NAME.ptx) through ptx2native FLAGS (-fsyntax-only);
# ERROR is the error line after the file's name ("10:2: error: ..."), or
# empty for none
one() {
	f=$OUT/unsupported_$1.ptx
	one_line "$2" >"$f"
	# shellcheck disable=SC2086 # FLAGS: several words
	got=$("$P2N" ${5:--fsyntax-only} "$f" 2>&1)
	check "$1" "$got" $? "$3" "${4:+$f:$4}"
}
one wgmma 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;' 1 "10:2: error: 'wgmma' is not supported"

# tex is implemented (cube maps too): no message; a multisample texture is
# not: one message, never a lexer error about ".2dms" or the coordinate list.
one tex 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];' 0 ""
one tex_cube 'tex.cube.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6, %f7, %f7}];' 0 ""
one tex_2dms 'tex.2dms.v4.s32.s32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6, %r7, %r8}];' 1 "10:2: error: 'tex.2dms' is not supported"
# a coordinate list belongs to texture and surface instructions only
one coords 'ld.global.u32 %r1, [%rd1, {%r2}];' 1 "10:21: error: 'ld' takes no coordinates in its address"
# ptxas takes a special register as an address ([%clock64]); we do not
one sreg_address 'ld.global.u32 %r1, [%clock64];' 1 "10:22: error: the special register '%clock64' as an address is not supported"

# ptxas takes these; we report them (docs/lowering.md): the tensor-map
# proxy's acquire fence, and a special register of the driver's reserved
# shared memory (by the lowering)
one tensormap_acquire 'fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;' 1 "10:2: error: 'fence.proxy.tensormap::generic.acquire' (the tensor-map proxy of TMA) is not supported"
one reserved_smem_offset 'mov.u32 %r1, %reserved_smem_offset_0;' 1 "10:15: error: special register %reserved_smem_offset_0 is not supported" '-S -o /dev/null'

# the sampler operand of the independent texture mode (ptxas takes it)
one tex_sampler 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, %rd2, {%f5, %f6}];' 1 "10:49: error: a sampler operand (the independent texture mode of [tex, sampler, coordinates]) is not supported"

# found by the lowering: a txq query that texture objects do not answer
one txq 'txq.channel_order.b32 %r1, [%rd1];' 1 "10:2: error: 'txq' with this query is not supported" '-S -o /dev/null'

# Two constructs the lowering rejects in one kernel: the first becomes a
# trap and the lowering goes on, so both are reported in one run (the
# first once ended the function).
cat >"$OUT/unsupported_two.ptx" <<'PTX'
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [p];
	txq.channel_order.b32 %r1, [%rd1];
	txq.channel_data_type.b32 %r2, [%rd1];
	add.u32 %r1, %r1, %r2;
	st.global.u32 [%rd1], %r1;
	ret;
}
PTX
f=$OUT/unsupported_two.ptx
got=$("$P2N" -S -o /dev/null "$f" 2>&1)
check lower_two "$got" $? 1 "$f:9:2: error: 'txq' with this query is not supported
$f:10:2: error: 'txq' with this query is not supported"

# Two errors found after their statements' ';' (operand checks), on
# consecutive lines: both are reported, the second not skipped over.
cat >"$OUT/unsupported_consecutive.ptx" <<'PTX'
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
	.reg .v4 .f32 %v;
	.reg .b32 %r<2>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [p];
	ld.global.v2.f32 %v, [%rd1];
	mov.b32 %r1, %v;
	ret;
}
PTX
f=$OUT/unsupported_consecutive.ptx
got=$("$P2N" -fsyntax-only "$f" 2>&1)
check consecutive "$got" $? 1 "$f:10:19: error: 'ld.v2' takes 2 elements here, found 4
$f:11:15: error: the registers of 'mov.b32' add up to 128 bits, not 32"
