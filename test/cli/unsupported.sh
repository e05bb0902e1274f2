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
one_line 'wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, 1, 1, 1, 0, 0;' >"$OUT/unsupported_wgmma.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_wgmma.ptx" 2>&1)
check wgmma "$got" $? 1 "$OUT/unsupported_wgmma.ptx:10:2: error: 'wgmma' is not supported"

# tex is implemented (cube maps too): no message; a multisample texture is
# not: one message, never a lexer error about ".2dms" or the coordinate list.
one_line 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];' >"$OUT/unsupported_tex.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_tex.ptx" 2>&1)
check tex "$got" $? 0 ""
one_line 'tex.cube.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6, %f7, %f7}];' >"$OUT/unsupported_texcube.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_texcube.ptx" 2>&1)
check tex_cube "$got" $? 0 ""
one_line 'tex.2dms.v4.s32.s32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6, %r7, %r8}];' >"$OUT/unsupported_tex2dms.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_tex2dms.ptx" 2>&1)
check tex_2dms "$got" $? 1 "$OUT/unsupported_tex2dms.ptx:10:2: error: 'tex.2dms' is not supported"
# a coordinate list belongs to texture and surface instructions only
one_line 'ld.global.u32 %r1, [%rd1, {%r2}];' >"$OUT/unsupported_coords.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_coords.ptx" 2>&1)
check coords "$got" $? 1 "$OUT/unsupported_coords.ptx:10:21: error: 'ld' takes no coordinates in its address"
# ptxas takes a special register as an address ([%clock64]); we do not
one_line 'ld.global.u32 %r1, [%clock64];' >"$OUT/unsupported_sreg_address.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_sreg_address.ptx" 2>&1)
check sreg_address "$got" $? 1 "$OUT/unsupported_sreg_address.ptx:10:22: error: the special register '%clock64' as an address is not supported"

# ptxas takes these; we report them (docs/lowering.md): the tensor-map
# proxy's acquire fence, and a special register of the driver's reserved
# shared memory (by the lowering)
one_line 'fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;' >"$OUT/unsupported_tensormap.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_tensormap.ptx" 2>&1)
check tensormap_acquire "$got" $? 1 "$OUT/unsupported_tensormap.ptx:10:2: error: 'fence.proxy.tensormap::generic.acquire' (the tensor-map proxy of TMA) is not supported"
one_line 'mov.u32 %r1, %reserved_smem_offset_0;' >"$OUT/unsupported_smem_offset.ptx"
got=$("$P2N" -S -o /dev/null "$OUT/unsupported_smem_offset.ptx" 2>&1)
check reserved_smem_offset "$got" $? 1 "$OUT/unsupported_smem_offset.ptx:10:15: error: special register %reserved_smem_offset_0 is not supported"

# the sampler operand of the independent texture mode (ptxas takes it)
one_line 'tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, %rd2, {%f5, %f6}];' >"$OUT/unsupported_sampler.ptx"
got=$("$P2N" -fsyntax-only "$OUT/unsupported_sampler.ptx" 2>&1)
check tex_sampler "$got" $? 1 "$OUT/unsupported_sampler.ptx:10:49: error: a sampler operand (the independent texture mode of [tex, sampler, coordinates]) is not supported"

# found by the lowering: a txq query that texture objects do not answer
one_line 'txq.channel_order.b32 %r1, [%rd1];' >"$OUT/unsupported_txq.ptx"
got=$("$P2N" -S -o /dev/null "$OUT/unsupported_txq.ptx" 2>&1)
check txq "$got" $? 1 "$OUT/unsupported_txq.ptx:10:2: error: 'txq' with this query is not supported"

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
