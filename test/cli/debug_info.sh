#!/bin/sh
# Line tables (docs/runtime.md, "Where a kernel failed"; docs/ptx2native.1,
# -g): every module maps its code to PTX lines, so a fault names the PTX
# line of the faulting instruction; with -g, code of an instruction under a
# .loc maps to that CUDA line (for gdb, perf, valgrind) and the message
# names both.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
check() { if [ "$2" = yes ]; then echo "PASS cli/debug_info/$1"; else echo "FAIL cli/debug_info/$1: $3"; fi; }
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/debug_info (runtime/libptx2native.a not built)"; exit 0; fi

ptx=$OUT/debug_info.ptx
cat >"$ptx" <<'PTX'
.version 7.5
.target sm_75
.address_size 64
.visible .entry poke(.param .u64 p)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	.loc 1 5 3
	ld.param.u64 %rd1, [p];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	.loc 1 7 9
	st.global.u32 [%rd3], %r1;
	ret;
}
.file 1 "kern.cu"
PTX
store=$(grep -n 'st.global' "$ptx" | cut -d: -f1)

# a trap under a .loc: with -g its message names the CUDA line too
cat >"$OUT/debug_info_trap.ptx" <<'PTX'
.version 7.5
.target sm_75
.address_size 64
.visible .entry poke(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 3;
	.loc 1 12 5
	@%p1 trap;
	ret;
}
.file 1 "kern.cu"
PTX
trap=$(grep -n 'trap;' "$OUT/debug_info_trap.ptx" | cut -d: -f1)
if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/debug_info.c runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$OUT/debug_info" 2>&1); then
	check build no "$err"; exit 0
fi
# launch NAME FLAGS PTX [THREADS]: translates PTX with FLAGS into
# debug_info_NAME.so and launches poke; msg is the result and message
launch() {
	# shellcheck disable=SC2086
	if ! err=$("$P2N" $2 "$3" -o "$OUT/debug_info_$1.so" 2>&1); then
		check "$1/translate" no "$err"; return 1
	fi
	msg=$("$OUT/debug_info" "$OUT/debug_info_$1.so" ${4:-32})
}
# expect NAME PATTERN: msg matches the shell pattern
expect() { case $msg in $2) check "$1" yes ;; *) check "$1" no "expected '$2' in: $msg" ;; esac; }

launch plain "" "$ptx" && expect plain/fault_line "17 kernel 'poke', CTA (0,0,0), warp 0 * at debug_info.ptx:$store (code at *"
launch g -g "$ptx" && expect g/fault_line "17 kernel 'poke', CTA (0,0,0), warp 0 * at kern.cu:7 (PTX line $store) (code at *"
launch g0 -g0 "$ptx" && expect g0/fault_line "17 kernel 'poke', CTA (0,0,0), warp 0 *): illegal memory access (SIGSEGV) at address (nil) (code at *"
check g0/no_table "$(objdump -h "$OUT/debug_info_g0.so" | grep -q debug_line || echo yes)" "a .debug_line section"
launch trap_plain "" "$OUT/debug_info_trap.ptx" &&
	expect plain/trap_line "*thread (3,0,0): trap executed at PTX line $trap"
launch trap_g -g "$OUT/debug_info_trap.ptx" &&
	expect g/trap_line "*thread (3,0,0): trap executed at PTX line $trap (kern.cu:12)"
# a deadlock: warp 0 waits at barrier 0, warp 1 at barrier 1, each for the
# whole CTA; the message names one of them, with -g with its CUDA line
cat >"$OUT/debug_info_dead.ptx" <<'PTX'
.version 7.5
.target sm_75
.address_size 64
.visible .entry poke(.param .u64 p)
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 32;
	@%p1 bra FIRST;
	.loc 1 30 7
	bar.sync 1;
	bra.uni DONE;
FIRST:
	.loc 1 20 7
	bar.sync 0;
DONE:
	ret;
}
.file 1 "kern.cu"
PTX
b0=$(grep -n 'bar.sync 0' "$OUT/debug_info_dead.ptx" | cut -d: -f1)
b1=$(grep -n 'bar.sync 1' "$OUT/debug_info_dead.ptx" | cut -d: -f1)
launch dead -g "$OUT/debug_info_dead.ptx" 64 &&
	case $msg in
	*"deadlock at barrier 0 (PTX line $b0 (kern.cu:20)): "* | *"deadlock at barrier 1 (PTX line $b1 (kern.cu:30)): "*)
		check g/deadlock_line yes ;;
	*) check g/deadlock_line no "expected barrier 0 at PTX line $b0 (kern.cu:20) or 1 at $b1 (kern.cu:30) in: $msg" ;;
	esac
rows=$(objdump --dwarf=decodedline "$OUT/debug_info_plain.so" 2>/dev/null)
check plain/ptx_rows_only "$(echo "$rows" | grep -q '^debug_info.ptx  *'"$store"' ' && ! echo "$rows" | grep -q kern.cu && echo yes)" \
	"$(echo "$rows" | head -n 12)"
if command -v gdb >/dev/null; then
	got=$(gdb -nx -batch -ex 'info line kern.cu:7' "$OUT/debug_info_g.so" 2>&1)
	check g/gdb_info_line "$(echo "$got" | grep -q 'Line 7 of "[^"]*kern.cu" starts at address .*<p2n.kernel.poke' && echo yes)" "$got"
else
	echo "SKIP cli/debug_info/g/gdb_info_line: skipped: gdb not found"
fi
