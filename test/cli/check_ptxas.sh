#!/bin/sh
# The verdicts of test/parse/check against ptxas itself: ptxas -arch=sm_80
# (the architecture of a "// arch: sm_NN" line, else the file's .target
# where that is newer) must reject exactly the lines marked "// error:"
# there (each file in one run; ptxas reports every error with its line).
# Skipped without ptxas
# (PTXAS, else /usr/local/cuda/bin/ptxas, else ptxas on the PATH).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
ptxas=${PTXAS:-/usr/local/cuda/bin/ptxas}
[ -x "$ptxas" ] || ptxas=$(command -v ptxas || true)
for src in test/parse/check/*.ptx; do
	name=cli/check_ptxas/$(basename "$src" .ptx)
	if [ -z "$ptxas" ]; then
		echo "SKIP $name (no ptxas)"
		continue
	fi
	arch=$(sed -n 's|^// arch: \(sm_[0-9a-z]*\)$|\1|p' "$src")
	awk '/\/\/ error: / { print NR }' "$src" | sort -n >"$OUT/want"
	# -arch=sm_80, or a "// arch:" line's, or the file's .target where newer
	if [ -z "$arch" ]; then
		arch=$(sed -n 's/^\.target \(sm_[0-9]*[af]\{0,1\}\).*/\1/p' "$src" | head -n 1)
		num=${arch#sm_}
		[ "${num%[af]}" -gt 80 ] 2>/dev/null || arch=sm_80
	fi
	"$ptxas" -arch="$arch" "$src" -o "$OUT/out.cubin" >"$OUT/log" 2>&1
	# a 32-bit address under .address_size 64 is a warning naming the
	# line, then a fatal error for the whole file
	{
		sed -n 's/^ptxas .*, line \([0-9]*\); \(error\|fatal\).*/\1/p' "$OUT/log"
		if grep -q '32-Bit compilation is no longer supported' "$OUT/log"; then
			sed -n "s/^ptxas warning : Program uses 32-bit address on line '\([0-9]*\)'.*/\1/p" "$OUT/log"
		fi
	} | sort -n -u >"$OUT/got"
	if cmp -s "$OUT/want" "$OUT/got"; then
		echo "PASS $name"
	else
		echo "FAIL $name: lines marked (<) and lines ptxas rejects (>) differ"
		diff "$OUT/want" "$OUT/got"
	fi
done
