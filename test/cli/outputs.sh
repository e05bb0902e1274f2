#!/bin/sh
# Output files: -o - writes -S and -c output to standard output and is
# refused for a shared object; SIGTERM, SIGINT and SIGHUP during a
# translation leave no temporary behind (TMPDIR, beside the output).
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
k=test/cli/ir_uniform.ptx
d=$OUT/outputs
rm -rf "$d" && mkdir -p "$d"
# -S and -S --emit-llvm to standard output: the bytes of -o FILE
for kind in "-S" "-S --emit-llvm"; do
	name=stdout_$(echo "$kind" | tr -d ' -')
	# shellcheck disable=SC2086
	"$P2N" $kind $k -o - >"$d/a.out" 2>"$d/a.err" && "$P2N" $kind $k -o "$d/b.out" 2>/dev/null
	if [ -s "$d/a.out" ] && cmp -s "$d/a.out" "$d/b.out"; then echo "PASS cli/outputs/$name"; else
		echo "FAIL cli/outputs/$name: $(head -n 2 "$d/a.err")"; fi
done
# a shared object to standard output: a usage error, nothing written
"$P2N" $k -o - >"$d/so.out" 2>"$d/so.err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$d/so.out" ] && grep -q "shared object is not written to standard output" "$d/so.err"; then
	echo "PASS cli/outputs/shared_object_stdout_refused"
else echo "FAIL cli/outputs/shared_object_stdout_refused: exit status $rc: $(head -n 2 "$d/so.err")"; fi

# A signal while the linker runs (a stand-in that marks its start and
# sleeps): the process ends by that signal, and TMPDIR and the output's
# directory hold nothing new.
cat >"$d/slowcc" <<'EOT'
#!/bin/sh
echo $$ >"$MARK"
exec sleep 10
EOT
chmod +x "$d/slowcc"
interrupted() { # name signal number: the translation is sent the signal once the linker runs
	name=$1 sig=$2 num=$3
	tmp=$d/tmp_$name out=$d/out_$name
	rm -rf "$tmp" "$out" "$d/mark"
	mkdir -p "$tmp" "$out"
	if [ "$sig" = INT ]; then
		# in the foreground: a background command starts with SIGINT ignored
		TMPDIR=$tmp CC=$d/slowcc MARK=$d/mark timeout --preserve-status -s INT 4 "$P2N" $k -o "$out/k.so" \
			2>"$d/$name.err"
		rc=$?
	else
		TMPDIR=$tmp CC=$d/slowcc MARK=$d/mark "$P2N" $k -o "$out/k.so" 2>"$d/$name.err" &
		pid=$!
		n=0
		while [ ! -s "$d/mark" ] && [ $n -lt 200 ]; do sleep 0.1; n=$((n + 1)); done
		kill "-$sig" $pid
		wait $pid 2>/dev/null
		rc=$?
	fi
	[ -s "$d/mark" ] && kill "$(cat "$d/mark")" 2>/dev/null
	want=$((128 + num))
	left=$(ls -A "$tmp" "$out" | grep -v ':$' | grep -v '^$')
	if [ ! -s "$d/mark" ]; then echo "FAIL cli/outputs/$name: the linker never started: $(head -n 2 "$d/$name.err")"
	elif [ $rc -ne $want ]; then echo "FAIL cli/outputs/$name: exit status $rc, expected $want"
	elif [ -n "$left" ]; then echo "FAIL cli/outputs/$name: left behind: $left"
	else echo "PASS cli/outputs/$name"; fi
}
interrupted sigterm TERM 15
interrupted sighup HUP 1
# SIGINT: a shell may start background commands with SIGINT ignored, and
# then the command must leave it so
if [ "$(sh -c 'kill -INT $$; echo alive' 2>/dev/null)" = alive ]; then
	echo "SKIP cli/outputs/sigint (SIGINT is ignored here)"
else
	interrupted sigint INT 2
fi
