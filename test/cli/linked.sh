#!/bin/sh
# Objects made with -c from different PTX files link into one program
# (docs/api.md, "Linked objects"): test/cli/linked.c launches the kernels
# of both through p2n_module_get_linked, against the host library as an
# archive and as a shared library; a program with two objects of one name
# does not link.  Called by test/run.sh with P2N OUT FILTER.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
if [ ! -f runtime/libptx2native.a ]; then echo "SKIP cli/linked (runtime/libptx2native.a not built)"; exit 0; fi
d=$OUT/linked
rm -rf "$d" && mkdir -p "$d/dup"
for m in a b; do
	if ! err=$("$P2N" -c test/cli/linked_$m.ptx -o "$d/linked_$m.o" 2>&1); then
		echo "FAIL cli/linked/translate_$m: $err"; exit 0
	fi
done
# the same module by -S, assembled by cc
"$P2N" -S test/cli/linked_a.ptx -o "$d/linked_a.s" 2>"$d/err" || { echo "FAIL cli/linked/translate_S: $(cat "$d/err")"; exit 0; }

# run NAME CC-ARGS...: builds test/cli/linked.c with the arguments, runs it
run() {
	name=$1
	shift
	if ! err=$(cc -std=c11 -O1 ${HOST_CFLAGS:-} -Iruntime test/cli/linked.c "$@" -o "$d/$name" 2>&1); then
		echo "FAIL cli/linked/$name/build: $err"; return
	fi
	timeout -k 5 60 "$d/$name" >"$d/$name.log" 2>&1
	rc=$?
	sed "s|cli/linked/|cli/linked/$name/|" "$d/$name.log"
	if [ $rc -ne 0 ] && ! grep -q '^FAIL' "$d/$name.log"; then echo "FAIL cli/linked/$name/run: exit status $rc"; fi
}
run static "$d/linked_a.o" "$d/linked_b.o" runtime/libptx2native.a -lpthread -ldl -lm
run shared "$d/linked_a.o" "$d/linked_b.o" -Lruntime -lptx2native -Wl,-rpath,"$PWD/runtime" -lpthread -ldl -lm
run asm "$d/linked_a.s" "$d/linked_b.o" runtime/libptx2native.a -lpthread -ldl -lm
run old_version -DOLD_VERSION "$d/linked_a.o" "$d/linked_b.o" runtime/libptx2native.a -lpthread -ldl -lm

# an object for CPU features this CPU lacks is refused as p2n_module_load
# refuses such a module (test/cli/cpu.c finds one)
if cc -std=c11 ${HOST_CFLAGS:-} -Iruntime test/cli/cpu.c runtime/libptx2native.a -lpthread -ldl -lm -o "$d/cpu" 2>"$d/err"; then
	lacks=$("$d/cpu" lacks)
else
	echo "FAIL cli/linked/unsupported_cpu/build: $(head -3 "$d/err")"; lacks=
fi
if [ -z "$lacks" ]; then
	echo "SKIP cli/linked/unsupported_cpu (this CPU has every candidate feature, or no helper)"
elif ! "$P2N" --cpu=x86-64 --mattr=+$lacks -c test/cli/linked_a.ptx -o "$d/dup/lacks.o" 2>"$d/err"; then
	echo "FAIL cli/linked/unsupported_cpu/translate: $(head -3 "$d/err")"
elif ! cc -std=c11 ${HOST_CFLAGS:-} -Iruntime test/cli/linked.c "$d/dup/lacks.o" "$d/linked_b.o" runtime/libptx2native.a \
	-lpthread -ldl -lm -o "$d/dup/lacks" 2>"$d/err"; then
	echo "FAIL cli/linked/unsupported_cpu/build: $(head -3 "$d/err")"
else
	got=$("$d/dup/lacks" get linked_a)
	case $got in "21 "*"lacks: $lacks"*) echo "PASS cli/linked/unsupported_cpu" ;;
	*) echo "FAIL cli/linked/unsupported_cpu: $got" ;; esac
	got=$("$d/dup/lacks" get linked_b)
	if [ "$got" = "0 " ]; then echo "PASS cli/linked/unsupported_cpu_other_runs"; else
		echo "FAIL cli/linked/unsupported_cpu_other_runs: $got"; fi
fi

# two objects named linked_a (one PTX file translated twice, in two
# directories): the link fails on the descriptor's symbol
cp "$d/linked_a.o" "$d/dup/linked_a.o"
if cc ${HOST_CFLAGS:-} -Iruntime test/cli/linked.c "$d/linked_a.o" "$d/dup/linked_a.o" runtime/libptx2native.a -lpthread -ldl -lm \
	-o "$d/dup/prog" >"$d/dup/err" 2>&1; then
	echo "FAIL cli/linked/same_name: two objects named linked_a linked"
elif grep -q 'p2n_module_v[0-9]*_linked_a' "$d/dup/err"; then
	echo "PASS cli/linked/same_name"
else
	echo "FAIL cli/linked/same_name: $(head -3 "$d/dup/err")"
fi
