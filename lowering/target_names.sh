#!/bin/sh
# target_names.sh LLVM_CONFIG — the CPUs and features of every target this
# LLVM has, from llc -march=NAME -mcpu=help, as lines for target.c:
#   TARGET("aarch64") TARGET("arm64") ... then CPU("name") and FEATURE("name")
# (targets with the same lists share them).  Nothing when llc is missing:
# then no name is checked.
llc="$("$1" --bindir)/llc"
[ -x "$llc" ] || exit 0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$llc" --version | awk '/Registered Targets:/ { on = 1; next } on && $2 == "-" { print $1 }' >"$tmp/targets"
while read -r t; do
	{ "$llc" -march="$t" -mcpu=help </dev/null 2>&1; } 2>/dev/null | awk '/^Available CPUs/ { s = "CPU"; next }
		/^Available features/ { s = "FEATURE"; next } /^Use [+]feature/ { s = "" }
		s != "" && $2 == "-" { printf "%s(\"%s\")\n", s, $1 }' >"$tmp/list"
	[ -s "$tmp/list" ] || continue
	key=$(cksum <"$tmp/list" | tr ' ' _)
	[ -f "$tmp/$key" ] || { cp "$tmp/list" "$tmp/$key"; echo "$key" >>"$tmp/keys"; }
	echo "TARGET(\"$t\")" >>"$tmp/$key.targets"
done <"$tmp/targets"
[ -f "$tmp/keys" ] || exit 0
while read -r key; do
	cat "$tmp/$key.targets" "$tmp/$key"
done <"$tmp/keys"
