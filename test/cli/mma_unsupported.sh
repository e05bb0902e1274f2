#!/bin/sh
# Tensor-core forms the lowering does not implement (mma, wmma) stop with
# a located "is not supported" error, one kernel of
# test/cli/mma_unsupported.ptx at a time; and the object of the PTX of
# test/exec/mma.c (test/out/exec/mma.ptx) needs no helper library (no
# undefined strong symbol).  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
src=test/cli/mma_unsupported.ptx
for k in $(sed -n 's/^\.visible \.entry \([a-z0-9_]*\)(.*/\1/p' "$src"); do
	one=$OUT/mma_unsupported_$k.ptx
	awk -v k="$k" '/^\.visible \.entry/ { on = index($0, " " k "(") > 0 } /^\./ && !/^\.visible/ { print; next } on' "$src" >"$one"
	err=$("$P2N" -S -o /dev/null "$one" 2>&1)
	rc=$?
	if [ $rc -eq 1 ] && [ "$(printf '%s\n' "$err" | grep -c ': error: ')" -eq 1 ] &&
		printf '%s\n' "$err" | grep -q "^$one:[0-9]*:2: error: this form of '[a-z.]*' is not supported\$"; then
		echo "PASS cli/mma_unsupported/$k"
	else
		echo "FAIL cli/mma_unsupported/$k: exit status $rc: $(printf '%s\n' "$err" | head -n 1)"
	fi
done
if ! "$P2N" test/out/exec/mma.ptx -o "$OUT/mma_deps.so" 2>"$OUT/mma_deps.err"; then
	echo "FAIL cli/mma_unsupported/no_helpers: $(head -n 1 "$OUT/mma_deps.err")"
elif ! command -v nm >/dev/null 2>&1; then
	echo "SKIP cli/mma_unsupported/no_helpers (no nm)"
else
	u=$(nm -D --undefined-only "$OUT/mma_deps.so" | awk '$1 == "U" { print $2 }' | tr '\n' ' ')
	if [ -z "$u" ]; then echo "PASS cli/mma_unsupported/no_helpers"; else echo "FAIL cli/mma_unsupported/no_helpers: needs $u"; fi
fi
