/* brx_tables.c — reference for brx_tables.ptx, from the PTX by hand. */
#include <stdio.h>

#include "ptx2native.h"

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/brx_tables/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[6 * 64], *po = out;
    void *p[] = {&po};
    if (p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p) != P2N_SUCCESS) {
        printf("FAIL exec/brx_tables/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"after_label", "between_blocks", "func_first", "guarded", "uniform_guard_true", "uniform_guard_false"};
    int failed = 0;
    for (int k = 0; k < 6; k++) {
        int ok = 1;
        for (int t = 0; t < 64 && ok; t++) {
            int i = t & 3, w;
            if (k == 0)
                w = 6 + ((t & 1) ? 200 : 100);
            else if (k == 1)
                w = (t == 17 ? 0 : 1) + 1000 * i;
            else if (k == 2)
                w = 10 * (t % 3 + 1);
            else if (k == 3)
                w = 5 + (i == 0 ? 1 + 1110 : i == 1 ? 1100 : i == 2 ? 1000 : 0);
            else if (k == 4)
                w = 1 + (i == 0 ? 1110 : i == 1 ? 1100 : i == 2 ? 1000 : 0);
            else
                w = 13;
            if (out[k * 64 + t] != w) {
                printf("FAIL exec/brx_tables/%s: [%d] = %d, expected %d\n", names[k], t, out[k * 64 + t], w);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/brx_tables/%s\n", names[k]);
        failed |= !ok;
    }
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file brx_tables.ptx
// brx.idx with .branchtargets declared in several positions: directly
// after another label (J1: then TBL:), as the eighth label of a function
// with its targets not seen yet (the label table grows while the
// directive is read), first in a function, between blocks, in a .func;
// and guarded brx.idx (varying and uniform guards).  Hand-written; ptxas
// -arch=sm_80 accepts it.  Reference: brx_tables.c (issue 13).
.version 7.5
.target sm_80
.address_size 64

// r = 10 * (i + 1) through a table that is the function's first statement
.func (.reg .b32 r) pick(.reg .b32 i)
{
T0: .branchtargets P0, P1, P2;
	brx.idx i, T0;
P0:
	mov.u32 r, 10;
	ret;
P1:
	mov.u32 r, 20;
	ret;
P2:
	mov.u32 r, 30;
	ret;
}

// out[k * 64 + tid]
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	and.b32 %r2, %r1, 1;
	and.b32 %r3, %r1, 3;
	mov.u32 %r4, 0;
A1:
	add.u32 %r4, %r4, 1;
A2:
	add.u32 %r4, %r4, 1;
A3:
	add.u32 %r4, %r4, 1;
A4:
	add.u32 %r4, %r4, 1;
A5:
	add.u32 %r4, %r4, 1;
A6:
	add.u32 %r4, %r4, 1;
J1:
TBL: .branchtargets L0, L1;
	brx.idx %r2, TBL;
L0:
	add.u32 %r4, %r4, 100;
	bra.uni D1;
L1:
	add.u32 %r4, %r4, 200;
D1:
	st.global.u32 [%rd3], %r4;

	// a table between blocks, after a label that a branch names
	mov.u32 %r5, 0;
	setp.eq.u32 %p1, %r1, 17;
	@%p1 bra J2;
	add.u32 %r5, %r5, 1;
J2:
TB2: .branchtargets M3, M2, M1, M0;
	brx.idx %r3, TB2;
M0:
	add.u32 %r5, %r5, 1000;
M1:
	add.u32 %r5, %r5, 1000;
M2:
	add.u32 %r5, %r5, 1000;
M3:
	st.global.u32 [%rd3+256], %r5;

	// the .func's table, with a per-lane index
	rem.u32 %r6, %r1, 3;
	call (%r7), pick, (%r6);
	st.global.u32 [%rd3+512], %r7;

	// guarded: lanes with tid % 4 == 0 fall through
	mov.u32 %r8, 5;
	setp.ne.u32 %p2, %r3, 0;
TB3: .branchtargets N0, N1, N2, N3;
	@%p2 brx.idx %r3, TB3;
	add.u32 %r8, %r8, 1;
N0:
	add.u32 %r8, %r8, 10;
N1:
	add.u32 %r8, %r8, 100;
N2:
	add.u32 %r8, %r8, 1000;
N3:
	st.global.u32 [%rd3+768], %r8;

	// uniform guards (from %ctaid.x, 0 here): true with a per-lane index,
	// false with a uniform one
	mov.u32 %r9, 1;
	mov.u32 %r10, %ctaid.x;
	setp.eq.u32 %p3, %r10, 0;
TB4: .branchtargets Q0, Q1, Q2, Q3;
	@%p3 brx.idx %r3, TB4;
	add.u32 %r9, %r9, 2;
Q0:
	add.u32 %r9, %r9, 10;
Q1:
	add.u32 %r9, %r9, 100;
Q2:
	add.u32 %r9, %r9, 1000;
Q3:
	st.global.u32 [%rd3+1024], %r9;
	mov.u32 %r11, 1;
	setp.ne.u32 %p3, %r10, 0;
TB5: .branchtargets S0, S1;
	@%p3 brx.idx %r10, TB5;
	add.u32 %r11, %r11, 2;
S0:
	add.u32 %r11, %r11, 10;
S1:
	st.global.u32 [%rd3+1280], %r11;
	ret;
}
#endif // end of brx_tables.ptx
