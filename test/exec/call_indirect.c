/* call_indirect.c — reference for call_indirect.ptx. */
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

static int failed;

static void
report(const char *name, int ok, const char *detail)
{
    printf("%s exec/call_indirect/%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ", ok ? "" : detail);
    failed |= !ok;
}

static int
expect_values(const int *got, const int *want, int n, char *detail)
{
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            sprintf(detail, "[%d] = %d, expected %d", i, got[i], want[i]);
            return 0;
        }
    return 1;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_indirect/load: %s\n", p2n_error_message());
        return 1;
    }
    int out[96], want[96], *po = out;
    char detail[256];
    for (unsigned mode = 0; mode < 2; mode++) {
        void *p[] = {&po, &mode};
        memset(out, 0, sizeof out);
        p2n_result r = p2n_launch(m, "icall", (p2n_dim3){1, 1, 1}, (p2n_dim3){96, 1, 1}, 0, p);
        for (int t = 0; t < 96; t++)
            want[t] = t % 3 == 0 ? 2 * t : t % 3 == 1 ? t * t : (t > 50 ? 50 : -t);
        int ok = r == P2N_SUCCESS && expect_values(out, want, 96, detail);
        if (r != P2N_SUCCESS)
            snprintf(detail, sizeof detail, "launch: %s", p2n_error_message());
        report(mode ? "callprototype_table" : "calltargets", ok, detail);
    }
    unsigned bad = 2;
    void *pb[] = {&po, &bad};
    p2n_result r = p2n_launch(m, "icall", (p2n_dim3){1, 1, 1}, (p2n_dim3){32, 1, 1}, 0, pb);
    snprintf(detail, sizeof detail, "got %d (%s)", r, p2n_error_message());
    report("bad_pointer", r == P2N_ERROR_BAD_FUNCTION && strstr(p2n_error_message(), "icall"), detail);

    for (unsigned sel = 0; sel < 2; sel++) {
        void *p[] = {&po, &sel};
        r = p2n_launch(m, "brx4", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
        for (int t = 0; t < 64; t++)
            want[t] = (sel ? 300 : 100 * (t % 4 + 1)) + t;
        int ok = r == P2N_SUCCESS && expect_values(out, want, 64, detail);
        report(sel ? "brx_uniform" : "brx_varying", ok, detail);
    }
    unsigned sel = 2;
    void *p2[] = {&po, &sel};
    r = p2n_launch(m, "brx4", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p2);
    snprintf(detail, sizeof detail, "got %d (%s)", r, p2n_error_message());
    report("brx_out_of_range", r == P2N_ERROR_BRANCH_RANGE, detail);
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file call_indirect.ptx
// Indirect calls three ways, every lane choosing among three functions by
// tid % 3: a .calltargets list, a .callprototype with a call table in
// .global memory (the PTX manual's jmptbl pattern), and a pointer that is
// no function (a launch error).  brx.idx with a uniform and a per-lane
// index over four targets, and an index past the list.  Hand-written;
// checked with ptxas -arch=sm_75.  Reference: call_indirect.c.
.version 7.5
.target sm_75
.address_size 64

.func (.param .b32 r) twice(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	shl.b32 %a1, %a0, 1;
	st.param.b32 [r], %a1;
	ret;
}

.func (.param .b32 r) square(.param .b32 x)
{
	.reg .b32 %a<2>;
	ld.param.b32 %a0, [x];
	mul.lo.s32 %a1, %a0, %a0;
	st.param.b32 [r], %a1;
	ret;
}

.func (.param .b32 r) negate(.param .b32 x)
{
	.reg .b32 %a<2>;
	.reg .pred %q;
	ld.param.b32 %a0, [x];
	setp.gt.s32 %q, %a0, 50;
	@%q bra BIG;
	neg.s32 %a1, %a0;
	st.param.b32 [r], %a1;
	ret;
BIG:
	st.param.b32 [r], 50;
	ret;
}

.global .align 8 .u64 table[3] = {twice, square, negate};

// mode 0: .calltargets; 1: call table + .callprototype; 2: a bad pointer
.visible .entry icall(.param .u64 out, .param .u32 mode)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<8>;
	.reg .pred %p<4>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r5, [mode];
	mov.u32 %r1, %tid.x;
	rem.u32 %r2, %r1, 3;
	mul.wide.u32 %rd2, %r2, 8;
	mov.u64 %rd3, table;
	add.s64 %rd4, %rd3, %rd2;
	ld.global.u64 %rd5, [%rd4];
	setp.eq.u32 %p3, %r5, 2;
	@%p3 add.s64 %rd5, %rd5, 1;
	{
	.param .b32 a0;
	.param .b32 r0;
	st.param.b32 [a0], %r1;
	setp.eq.u32 %p1, %r5, 0;
	@!%p1 bra PROTO;
	Ftargets: .calltargets twice, square, negate;
	call (r0), %rd5, (a0), Ftargets;
	bra.uni DONE;
PROTO:
	Fproto: .callprototype (.param .b32 _) _ (.param .b32 _);
	call (r0), %rd5, (a0), Fproto;
DONE:
	ld.param.b32 %r3, [r0];
	}
	mul.wide.u32 %rd6, %r1, 4;
	add.s64 %rd7, %rd1, %rd6;
	st.global.u32 [%rd7], %r3;
	ret;
}

// sel 0: per-lane index tid % 4; 1: uniform index 2; 2: index 4 in lane 5
.visible .entry brx4(.param .u64 out, .param .u32 sel)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [out];
	ld.param.u32 %r7, [sel];
	mov.u32 %r1, %tid.x;
	and.b32 %r2, %r1, 3;
	setp.eq.u32 %p1, %r7, 1;
	@%p1 mov.u32 %r2, 2;
	setp.eq.u32 %p2, %r7, 2;
	setp.eq.and.u32 %p2, %r1, 5, %p2;
	@%p2 mov.u32 %r2, 4;
	ts: .branchtargets L0, L1, L2, L3;
	brx.idx %r2, ts;
L0:
	mov.u32 %r3, 100;
	bra.uni JOIN;
L1:
	mov.u32 %r3, 200;
	bra.uni JOIN;
L2:
	mov.u32 %r3, 300;
	bra.uni JOIN;
L3:
	mov.u32 %r3, 400;
JOIN:
	add.u32 %r4, %r3, %r1;
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r4;
	ret;
}
#endif // end of call_indirect.ptx
