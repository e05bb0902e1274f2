#!/bin/sh
# make install and uninstall into a DESTDIR: every file, a usable .pc, a
# program built against the installed library that runs a kernel.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
dest=$OUT/destdir
rm -rf "$dest"
if ! make -s install DESTDIR="$dest" PREFIX=/opt/p2n >"$OUT/install.log" 2>&1; then
	echo "FAIL cli/install/install: $(tail -n 3 "$OUT/install.log")"
	exit 0
fi
missing=
for f in bin/ptx2native share/man/man1/ptx2native.1 include/ptx2native.h lib/libptx2native.a \
	lib/libptx2native.so lib/pkgconfig/ptx2native.pc; do
	[ -f "$dest/opt/p2n/$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then echo "PASS cli/install/files"; else echo "FAIL cli/install/files: missing$missing"; fi
if grep -q '^prefix=/opt/p2n$' "$dest/opt/p2n/lib/pkgconfig/ptx2native.pc"; then echo "PASS cli/install/pkg_config"
else echo "FAIL cli/install/pkg_config: $(head -n 1 "$dest/opt/p2n/lib/pkgconfig/ptx2native.pc")"; fi
# a program against the installed header and library
"$dest/opt/p2n/bin/ptx2native" test/bench/kernels.ptx -o "$OUT/inst_kernels.so" 2>"$OUT/inst.err" &&
	cc -std=c11 -I"$dest/opt/p2n/include" test/demo.c "$dest/opt/p2n/lib/libptx2native.a" -lpthread -ldl -lm \
		-o "$OUT/inst_demo" 2>>"$OUT/inst.err" &&
	"$OUT/inst_demo" "$OUT/inst_kernels.so" >"$OUT/inst_demo.out" 2>&1
if grep -q 'saxpy .*: right' "$OUT/inst_demo.out" 2>/dev/null; then echo "PASS cli/install/runs"
else echo "FAIL cli/install/runs: $(head -n 3 "$OUT/inst.err")"; fi
make -s uninstall DESTDIR="$dest" PREFIX=/opt/p2n >/dev/null 2>&1
left=$(find "$dest" -type f | wc -l)
if [ "$left" -eq 0 ]; then echo "PASS cli/install/uninstall"; else echo "FAIL cli/install/uninstall: $left files left"; fi
