#!/bin/sh
# make check-llvm: builds ptx2native against every LLVM installed on this
# machine that configure accepts, each in its own copy of the tree under
# build/llvm-NN, and runs the execution tests (test/run.sh exec/) with it.
# Prints one line per LLVM version and "N passed, M failed" (versions).
set -u
cd "$(dirname "$0")/.." || exit 2
TOP=$(pwd)
npass=0 nfail=0
seen=" "
oldifs=$IFS
IFS=:
configs=
for dir in $PATH; do
	for f in "$dir"/llvm-config-[0-9]* "$dir"/llvm-config; do
		[ -x "$f" ] || continue
		real=$(readlink -f "$f")
		case $seen in *" $real "*) continue ;; esac
		seen="$seen$real "
		configs="$configs $f"
	done
done
IFS=$oldifs
for lc in $configs; do
	v=$("$lc" --version 2>/dev/null) || continue
	dir=$TOP/build/llvm-${v%%.*}
	rm -rf "$dir"
	mkdir -p "$dir"
	if [ -d .git ]; then
		git ls-files -z | xargs -0 cp --parents -t "$dir"
	else
		tar -cf - --exclude=./build --exclude=./test/out . | tar -xf - -C "$dir"
	fi
	rm -f "$dir/config.mk"
	if ! (cd "$dir" && sh configure --with-llvm-config="$lc") >"$dir/configure.log" 2>&1; then
		echo "SKIP llvm $v ($lc): $(grep -m1 'error' "$dir/configure.log" | sed 's/^configure: error: //')"
		grep '^  ' "$dir/configure.log" | head -n 3
		continue
	fi
	if ! (cd "$dir" && make -j2 all) >"$dir/build.log" 2>&1; then
		nfail=$((nfail + 1))
		echo "FAIL llvm $v: the build failed; $dir/build.log:"
		grep -m5 -e error -e undefined "$dir/build.log" | sed 's/^/    /'
		continue
	fi
	(cd "$dir" && sh test/run.sh exec/) >"$dir/check.log" 2>&1
	last=$(tail -n 1 "$dir/check.log")
	if grep -q '^FAIL' "$dir/check.log"; then
		nfail=$((nfail + 1))
		echo "FAIL llvm $v: exec tests: $last ($dir/check.log)"
		grep '^FAIL' "$dir/check.log" | head -n 10 | sed 's/^/    /'
	else
		npass=$((npass + 1))
		echo "PASS llvm $v: exec tests: $last"
	fi
done
echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
