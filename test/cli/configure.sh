#!/bin/sh
# configure's choice of LLVM, against fake llvm-config scripts on a PATH
# that holds no real one: it refuses versions outside the supported range
# and versions whose LLVM-C lacks what the code needs, picks the newest
# supported of several, and --install-deps installs LLVM 19 (a fake
# apt-get) only when no supported version is there.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
TOP=$(pwd)
real=$(sed -n 's/^LLVM_CONFIG = //p' config.mk)
if [ -z "$real" ] || ! "$real" --version >/dev/null 2>&1; then
	echo "SKIP cli/configure (no configured llvm-config)"
	exit 0
fi
real=$(command -v "$real")
t=$(cd "$OUT" && pwd)/configure
rm -rf "$t"
mkdir -p "$t/sys" "$t/work"
# Every program of the system directories but llvm-config.
for dir in /usr/local/bin /usr/bin /bin; do
	for f in "$dir"/*; do
		name=${f##*/}
		case $name in llvm-config*) continue ;; esac
		[ -e "$t/sys/$name" ] || ln -s "$f" "$t/sys/$name"
	done
done

# fake DIR NAME VERSION [CFLAGS]: an llvm-config reporting VERSION that
# otherwise answers as the real one (or with CFLAGS for --cflags).
fake() {
	mkdir -p "$1"
	cat >"$1/$2" <<EOF
#!/bin/sh
case \$1 in
--version) echo $3 ;;
--cflags) if [ -n "$4" ]; then echo "$4"; else exec "$real" --cflags; fi ;;
*) exec "$real" "\$@" ;;
esac
EOF
	chmod +x "$1/$2"
}

# run NAME PATHDIR [ARGS...]: configure in $t/work with that PATH; output
# in $t/NAME.out, status in $rc.
run() {
	name=$1 dir=$2
	shift 2
	(cd "$t/work" && PATH="$dir:$t/sys" CC=cc LLVM_CONFIG= sh "$TOP/configure" "$@") >"$t/$name.out" 2>&1
	rc=$?
}

check() { # NAME CONDITION-RESULT DETAIL
	if [ "$2" = yes ]; then echo "PASS cli/configure/$1"; else echo "FAIL cli/configure/$1: $3"; fi
}

has() { grep -q -- "$2" "$t/$1.out" && echo yes || echo no; }

# Only LLVM 15: refused, naming the version and what to install.
fake "$t/p15" llvm-config-15 15.0.6
run only15 "$t/p15"
check refuses_15 "$([ $rc -eq 1 ] && [ "$(has only15 'LLVM 15.0.6, too old')" = yes ] &&
	has only15 'Install llvm-19-dev')" "exit $rc: $(tail -n 3 "$t/only15.out")"

# A version past the newest supported is refused too.
fake "$t/p99" llvm-config-99 99.1.0
run only99 "$t/p99"
check refuses_99 "$([ $rc -eq 1 ] && has only99 'LLVM 99.1.0, newer than')" \
	"exit $rc: $(tail -n 3 "$t/only99.out")"

# In range by number, but its headers lack the LLVM-C functions the code
# calls: the test program does not build, so it is refused.
mkdir -p "$t/broken/llvm-c" "$t/pbroken"
for h in Core Target TargetMachine; do echo "/* a stub */" >"$t/broken/llvm-c/$h.h"; done
mkdir -p "$t/broken/llvm-c/Transforms"
echo "/* a stub */" >"$t/broken/llvm-c/Transforms/PassBuilder.h"
fake "$t/pbroken" llvm-config-18 18.1.0 "-I$t/broken"
run broken "$t/pbroken"
check refuses_unbuildable "$([ $rc -eq 1 ] && has broken 'LLVM 18.1.0, a test program')" \
	"exit $rc: $(tail -n 3 "$t/broken.out")"

# One supported version: taken.
fake "$t/p19" llvm-config-19 19.1.7
run one19 "$t/p19"
check accepts_19 "$([ $rc -eq 0 ] && grep -q "^LLVM_CONFIG = $t/p19/llvm-config-19\$" "$t/work/config.mk" &&
	echo yes)" \
	"exit $rc: $(tail -n 3 "$t/one19.out")"

# The library directory: PREFIX/lib, following a PREFIX given to make,
# unless --libdir names one (relative: under the prefix).
check libdir_default "$(grep -q '^LIBDIR = $(PREFIX)/lib$' "$t/work/config.mk" && echo yes)" \
	"$(grep LIBDIR "$t/work/config.mk")"
run libdir_rel "$t/p19" --prefix=/opt/x --libdir=lib/x86_64-linux-gnu
check libdir_relative "$([ $rc -eq 0 ] && grep -q '^LIBDIR = $(PREFIX)/lib/x86_64-linux-gnu$' "$t/work/config.mk" &&
	grep -q '^PREFIX = /opt/x$' "$t/work/config.mk" && has libdir_rel 'libdir *\/opt/x/lib/x86_64-linux-gnu')" \
	"exit $rc: $(grep -e LIBDIR -e PREFIX "$t/work/config.mk")"
run libdir_abs "$t/p19" --libdir=/usr/lib64
check libdir_absolute "$([ $rc -eq 0 ] && grep -q '^LIBDIR = /usr/lib64$' "$t/work/config.mk" && echo yes)" \
	"exit $rc: $(grep LIBDIR "$t/work/config.mk")"

# Several: 15 (too old), 18 and 19 (supported), 99 (too new), an
# unversioned llvm-config (16): the newest supported, 19, with the reason.
fake "$t/pmany" llvm-config-15 15.0.6
fake "$t/pmany" llvm-config-18 18.1.8
fake "$t/pmany" llvm-config-19 19.1.7
fake "$t/pmany" llvm-config-99 99.0.0
fake "$t/pmany" llvm-config 16.0.6
run many "$t/pmany"
check picks_newest "$([ $rc -eq 0 ] && grep -q "^LLVM_CONFIG = $t/pmany/llvm-config-19\$" "$t/work/config.mk" &&
	has many 'using LLVM 19.1.7 .*newest supported')" "exit $rc: $(grep -e using -e error "$t/many.out")"
check reports_each "$([ "$(grep -c '^checking .*llvm-config' "$t/many.out")" -eq 5 ] && echo yes)" \
	"$(grep '^checking .*llvm-config' "$t/many.out")"

# Named explicitly: that one only, even when a newer one is on PATH.
run named "$t/pmany" --with-llvm-config="$t/pmany/llvm-config-18"
check named "$([ $rc -eq 0 ] && grep -q "^LLVM_CONFIG = $t/pmany/llvm-config-18\$" "$t/work/config.mk" &&
	echo yes)" "exit $rc: $(tail -n 2 "$t/named.out")"
run named_old "$t/pmany" --with-llvm-config="$t/pmany/llvm-config-15"
check named_old_refused "$([ $rc -eq 1 ] && echo yes)" "exit $rc"

# --install-deps with only LLVM 15: installs llvm-19-dev (a fake apt-get
# that records its arguments and puts an llvm-config-19 on PATH), uses it.
if [ "$(id -u)" -eq 0 ]; then
	fake "$t/pinst" llvm-config-15 15.0.6
	cat >"$t/pinst/fake-apt-get" <<EOF
#!/bin/sh
echo "\$*" >>"$t/apt.log"
case "\$*" in *llvm-19-dev*) cp "$t/p19/llvm-config-19" "$t/pinst/" ;; esac
EOF
	chmod +x "$t/pinst/fake-apt-get"
	rm -f "$t/apt.log"
	(cd "$t/work" && PATH="$t/pinst:$t/sys" CC=cc LLVM_CONFIG= P2N_CONFIGURE_APT_GET=fake-apt-get \
		sh "$TOP/configure" --install-deps) >"$t/inst.out" 2>&1
	rc=$?
	check install_deps_installs_19 "$([ $rc -eq 0 ] && grep -q 'install .*llvm-19-dev' "$t/apt.log" &&
		grep -q "^LLVM_CONFIG = $t/pinst/llvm-config-19\$" "$t/work/config.mk" && echo yes)" \
		"exit $rc: $(tail -n 3 "$t/inst.out"); apt: $(cat "$t/apt.log" 2>/dev/null)"
	# With no LLVM at all: the same.
	rm -f "$t/apt.log" "$t/pinst/llvm-config-19" "$t/pinst/llvm-config-15"
	(cd "$t/work" && PATH="$t/pinst:$t/sys" CC=cc LLVM_CONFIG= P2N_CONFIGURE_APT_GET=fake-apt-get \
		sh "$TOP/configure" --install-deps) >"$t/inst0.out" 2>&1
	rc=$?
	check install_deps_from_nothing "$([ $rc -eq 0 ] && grep -q 'install .*llvm-19-dev' "$t/apt.log" &&
		grep -q "^LLVM_CONFIG = $t/pinst/llvm-config-19\$" "$t/work/config.mk" && echo yes)" \
		"exit $rc: $(tail -n 3 "$t/inst0.out"); apt: $(cat "$t/apt.log" 2>/dev/null)"
	# With a supported LLVM there, nothing of LLVM is installed.
	rm -f "$t/apt.log"
	(cd "$t/work" && PATH="$t/p19:$t/sys" CC=cc LLVM_CONFIG= P2N_CONFIGURE_APT_GET=fake-apt-get \
		sh "$TOP/configure" --install-deps) >"$t/inst2.out" 2>&1
	rc=$?
	check install_deps_keeps_supported "$([ $rc -eq 0 ] && ! grep -q llvm "$t/apt.log" 2>/dev/null && echo yes)" \
		"exit $rc: $(cat "$t/apt.log" 2>/dev/null)"
else
	echo "SKIP cli/configure/install_deps (not root)"
fi
