#!/bin/sh
# test/run.sh [FILTER] — every test of ptx2native, one line each:
#   PASS name | FAIL name | SKIP name (reason)
# and last "N passed, M failed".  Exit status 1 if any failed.
# FILTER (a substring) runs only the tests whose name contains it.
set -u
cd "$(dirname "$0")/.." || exit 2
TOP=$(pwd)
P2N="$TOP/ptx2native"
OUT="$TOP/test/out"
FILTER=${1:-}
mkdir -p "$OUT"
[ -f config.mk ] && XMLLINT=$(sed -n 's/^XMLLINT = //p' config.mk) || XMLLINT=
: "${XMLLINT:=$(command -v xmllint || true)}"

npass=0 nfail=0 nskip=0

selected() { case $1 in *"$FILTER"*) return 0 ;; *) return 1 ;; esac; }
pass() { npass=$((npass + 1)); echo "PASS $1"; }
fail() { nfail=$((nfail + 1)); echo "FAIL $1"; [ $# -gt 1 ] && printf '%s\n' "$2" | sed 's/^/    /' | head -n 20; }
skip() { nskip=$((nskip + 1)); echo "SKIP $1 ($2)"; }

# Results printed by a test program: its PASS/FAIL/SKIP lines are counted.
count_lines() {
	while IFS= read -r line; do
		case $line in
		"PASS "*) npass=$((npass + 1)); echo "$line" ;;
		"FAIL "*) nfail=$((nfail + 1)); echo "$line" ;;
		"SKIP "*) nskip=$((nskip + 1)); echo "$line" ;;
		*) echo "    $line" ;;
		esac
	done
}

# Runs a command with a time limit, so a hang is a failure and not a stall.
limit() { timeout -k 5 "$@"; }

# --- test/parse: malformed input.  NAME.ptx + NAME.err (expected stderr
# first line, "file:line:col: error: message").  Exit 1, that diagnostic,
# never a crash.
t_parse() {
	for src in test/parse/*.ptx; do
		[ -e "$src" ] || return 0
		name=parse/$(basename "$src" .ptx)
		selected "$name" || continue
		exp=${src%.ptx}.err
		got=$(limit 10 "$P2N" -fsyntax-only "$src" 2>&1 >/dev/null)
		rc=$?
		if [ $rc -ne 1 ]; then fail "$name" "exit status $rc, expected 1
$got"; continue; fi
		want=$(head -n 1 "$exp")
		first=$(printf '%s\n' "$got" | head -n 1)
		if [ "$first" = "$want" ]; then pass "$name"; else fail "$name" "expected: $want
got:      $first"; fi
	done
}

# --- test/ptx: every fixture parses and round-trips through the printer
# (parse -> print -> parse -> print gives the same text).
t_fixtures() {
	for src in test/ptx/*.ptx test/ptx/*/*.ptx; do
		[ -e "$src" ] || continue
		name=fixture/${src#test/ptx/}
		selected "$name" || continue
		base=$OUT/rt_$(echo "${src#test/ptx/}" | tr / _)
		if ! err=$(limit 20 "$P2N" --dump=ast -fsyntax-only "$src" 2>&1 >"$base.1.ptx"); then
			fail "$name" "$err"; continue
		fi
		if ! err=$(limit 20 "$P2N" --dump=ast -fsyntax-only "$base.1.ptx" 2>&1 >"$base.2.ptx"); then
			fail "$name" "reparse of printed module failed: $err"; continue
		fi
		if cmp -s "$base.1.ptx" "$base.2.ptx"; then pass "$name"; else
			fail "$name" "$(diff "$base.1.ptx" "$base.2.ptx" | head -n 10)"
		fi
	done
}

# --- test/report: NAME.ptx + NAME.xml golden report, schema-validated.
t_report() {
	for src in test/report/*.ptx; do
		[ -e "$src" ] || return 0
		name=report/$(basename "$src" .ptx)
		selected "$name" || continue
		exp=${src%.ptx}.xml
		got=$OUT/report_$(basename "$src" .ptx).xml
		if ! err=$(cd test/report && limit 20 "$P2N" -fsyntax-only --report "$got" "$(basename "$src")" 2>&1); then
			fail "$name" "$err"; continue
		fi
		if [ -n "$XMLLINT" ] && ! err=$("$XMLLINT" --noout --schema docs/report.xsd "$got" 2>&1); then
			fail "$name" "schema: $err"; continue
		fi
		if cmp -s "$exp" "$got"; then pass "$name"; else
			fail "$name" "$(diff "$exp" "$got" | head -n 20)"
		fi
	done
}

# --- test/unit: C programs that print their own PASS/FAIL lines.
t_unit() {
	for bin in test/unit/*_test; do
		[ -x "$bin" ] || continue
		selected "unit/$(basename "$bin")" || continue
		out=$(limit 120 "$bin" 2>&1); rc=$?
		printf '%s\n' "$out" | { count_lines; echo "$npass $nfail $nskip" >"$OUT/.counts"; }
		read -r npass nfail nskip <"$OUT/.counts"
		[ $rc -eq 0 ] || case $out in *FAIL*) ;; *) fail "unit/$(basename "$bin")" "exit status $rc" ;; esac
	done
}

# --- test/cli: shell scripts; each prints its own PASS/FAIL lines.
t_scripts() {
	for sh in test/cli/*.sh; do
		[ -e "$sh" ] || continue
		selected "cli/$(basename "$sh" .sh)" || selected "cli/" || continue
		limit 300 sh "$sh" "$P2N" "$OUT" "$FILTER" 2>&1 | { count_lines; echo "$npass $nfail $nskip" >"$OUT/.counts"; }
		read -r npass nfail nskip <"$OUT/.counts"
	done
}

t_parse
t_fixtures
t_report
t_unit
t_scripts

echo "$npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
