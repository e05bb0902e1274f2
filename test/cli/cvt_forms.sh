#!/bin/sh
# cvt forms that parse but are not translated stop with a located
# "... is not supported" (never wrong code): stochastic rounding, a narrow
# format without .satfinite, an operand count that does not fit the form.
# Each snippet passes ptxas -arch=sm_100a except where noted.
P2N=$1 OUT=$2
cd "$(dirname "$0")/../.."
t() { # name, instruction, expected message
	printf '.version 8.7\n.target sm_100a\n.address_size 64\n.visible .entry k()\n{\n.reg .b16 %%h<4>;\n.reg .b32 %%r<4>;\n.reg .f32 %%f<5>;\n%s\nret;\n}\n' "$2" >"$OUT/cvt_$1.ptx"
	got=$("$P2N" -S "$OUT/cvt_$1.ptx" -o /dev/null 2>&1 | head -n 1)
	want="$OUT/cvt_$1.ptx:9:1: error: $3"
	if [ "$got" = "$want" ]; then echo "PASS cli/cvt_forms/$1"; else echo "FAIL cli/cvt_forms/$1: got '$got', expected '$want'"; fi
}
t rs_x4 'cvt.rs.satfinite.e4m3x4.f32 %r1, {%f1, %f2, %f3, %f4}, %r2;' 'stochastic rounding (cvt.rs) is not supported'
t rs_f16x2 'cvt.rs.relu.satfinite.f16x2.f32 %r1, %f1, %f2, %r3;' 'stochastic rounding (cvt.rs) is not supported'
# ptxas: '.satfinite' modifier required
t no_satfinite 'cvt.rn.e4m3x2.f32 %h1, %f1, %f2;' 'this form of cvt.e4m3x2.f32 is not supported'
# ptxas: arguments mismatch
t extra_operand 'cvt.f32.f16 %f1, %h1, %h2;' 'cvt.f32.f16 with 3 operands is not supported'
t missing_operand 'cvt.rn.satfinite.e5m2x2.f32 %h1, %f1;' 'cvt.e5m2x2.f32 with 2 operands is not supported'
