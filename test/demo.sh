#!/bin/sh
# make demo: translate the benchmark kernels, show their divergence report,
# and run them on this CPU.
set -eu
cd "$(dirname "$0")/.."
out=test/out/demo
mkdir -p "$out"
echo "== ptx2native test/bench/kernels.ptx -o $out/kernels.so --report $out/kernels.divergence.xml"
./ptx2native test/bench/kernels.ptx -o "$out/kernels.so" --report "$out/kernels.divergence.xml"
echo
echo "== the divergence report: every branch, uniform or divergent, and where lanes meet"
sed -n 's|.*<function name="\([^"]*\)".*|  kernel \1:|p; s|.*<transfer op="\([^"]*\)" line="\([0-9]*\)".*class="\([^"]*\)" lowering="\([^"]*\)".*|    line \2: \1  \3 (\4)|p; s|.*<reconverge at="label" label="\([^"]*\)" line="\([0-9]*\)".*|      lanes meet again at \1 (line \2)|p; s|.*<reconverge at="function-exit".*|      lanes meet again at the function exit|p' \
	"$out/kernels.divergence.xml"
echo "  (full report: $out/kernels.divergence.xml; format: docs/report.md)"
echo
echo "== running the kernels through libptx2native"
cc -std=c11 -O2 -Iruntime test/demo.c runtime/libptx2native.a -lpthread -ldl -lm -o "$out/demo"
"$out/demo" "$out/kernels.so"
