#!/bin/sh
# IR-level checks of row-shaped shared accesses (docs/lowering.md, Memory):
# in the tiled matrix multiply of test/bench/kernels.ptx, a warp of a
# 16 x 16 block holds two rows; ta[ty][k] is one location per row and
# tb[k][tx] is contiguous in each row.  Their loads and stores must not be
# gathers on the path a warp of at most two rows takes.  IR before
# optimisation (--dump=ir).  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
ir=$OUT/ir_rows.ll
if ! "$P2N" --dump=ir test/bench/kernels.ptx >"$ir" 2>"$OUT/ir_rows.err"; then
	echo "FAIL cli/ir_rows/translate: $(head -n 3 "$OUT/ir_rows.err")"
	exit 0
fi
check() { if [ "$2" = yes ]; then echo "PASS cli/ir_rows/$1"; else echo "FAIL cli/ir_rows/$1: $3"; fi; }
body() { sed -n "/^define internal .*@p2n.kernel.$1\(\.resume\)\{0,1\}(/,/^}/p" "$ir"; }
# the blocks of the fast paths (mem.row), and no others: the other path
# calls the module's out-of-line access (p2n.rows.*, or p2n.lanes.*)
rowpath() { body "$1" | awk '/^[A-Za-z0-9._]+:/ { in_row = ($0 ~ /^mem\.row[0-9]*:/) } in_row'; }

# 32 ld.shared and 2 st.shared; the global a[row * n + k0 + tx],
# b[(k0 + ty) * n + col] and the store to c are row-contiguous too
# (mul.wide: the fast path checks that no half of the warp wraps)
n=$(body matmul | grep -c '^mem\.row[0-9]*:')
check matmul_accesses_by_row "$([ "$n" -eq 37 ] && echo yes)" "$n per-row paths, expected 37"
n=$(rowpath matmul | grep -c 'masked\.gather\|masked\.scatter')
check matmul_row_path_has_no_gather "$([ "$n" -eq 0 ] && echo yes)" "$n gathers or scatters on the per-row paths"
# ta[ty][k]: two scalar loads (one per row) for each of the 16 loads
n=$(rowpath matmul | grep -c '= load float, ptr')
check matmul_broadcast_is_scalar "$([ "$n" -eq 32 ] && echo yes)" "$n scalar float loads, expected 32"
# tb[k][tx], the stores and the global loads: a plain half-warp access
# per row when the warp is two full rows of 16
n=$(rowpath matmul | grep -c '\(load\|store\) <16 x float>')
check matmul_rows_are_plain_halves "$([ "$n" -ge 42 ] && echo yes)" "$n plain <16 x float> accesses, expected at least 42"
# the warp's rows are found once, in the prologue
n=$(body matmul | grep -c 'rows\.two = ')
check rows_once_per_warp "$([ "$n" -eq 1 ] && echo yes)" "$n computations of rows.two"
# saxpy: x[i] and y[i] (load and store) by row, checked by the row's ends
n=$(body saxpy | grep -c '^mem\.row[0-9]*:')
check saxpy_accesses_by_row "$([ "$n" -eq 3 ] && echo yes)" "$n per-row paths in saxpy, expected 3"
# mul.wide: a 32-bit index may wrap inside a row, so the fast path needs
# its wrap flag, found once where mul.wide widens it (lane 15 above lane
# 0, lane 31 above lane 16) and read by each of the three accesses, ANDed
# with half.rows before the mask (the same value for all three)
n=$(body saxpy | grep -c '%nowrap = icmp eq i2 ')
check saxpy_wrap_checked_once "$([ "$n" -eq 1 ] && echo yes)" "$n wrap checks, expected 1"
n=$(body saxpy | grep -c 'and i1 %half.rows, %nowrap[0-9]*\(, !dbg ![0-9]*\)\?$')
check saxpy_accesses_read_the_flag "$([ "$n" -eq 3 ] && echo yes)" "$n accesses read a wrap flag, expected 3"
# a partial warp's access is the one for a known shape (masked halves),
# inline in a kernel of few accesses, never the run-time search for a
# pattern: two masked 16-lane accesses a load or store
n=$(body saxpy | grep -c 'call .*@llvm\.masked\.\(load\|store\)\.v16f32')
check saxpy_partial_by_rows "$([ "$n" -eq 6 ] && echo yes)" "$n masked 16-lane accesses, expected 6"
n=$(body saxpy | grep -c 'p2n\.lanes')
check saxpy_no_lanes_call "$([ "$n" -eq 0 ] && echo yes)" "$n calls of p2n.lanes.*, expected none"
