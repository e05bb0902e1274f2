/* call_imm.c — reference for call_imm.ptx: each call's result computed
 * here from the immediates the PTX passes. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "ptx2native.h"

typedef struct {
    uint32_t v0, pad;
    uint64_t v1;
    float v2;
    uint32_t pad2;
    double v3;
    uint64_t v4;
} Row;

static float
f32_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static double
f64_of(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static uint64_t
all4(uint32_t a, uint64_t b, uint32_t cbits, uint64_t dbits, uint32_t lane)
{
    return ((uint64_t)(cbits ^ a) ^ b ^ dbits) + lane;
}

static Row
expect(int a32, uint64_t a64, uint32_t f, uint64_t d, uint32_t x0, uint64_t x1, uint32_t x2, uint64_t x3, uint32_t lane)
{
    Row r = {0};
    r.v0 = (uint32_t)a32 + lane;
    r.v1 = a64 + lane;
    r.v2 = f32_of(f) + (float)lane;
    r.v3 = f64_of(d) + (double)lane;
    r.v4 = all4(x0, x1, x2, x3, lane);
    return r;
}

int
main(int argc, char **argv)
{
    p2n_module *m;
    if (argc < 2 || p2n_module_load(&m, argv[1]) != P2N_SUCCESS) {
        printf("FAIL exec/call_imm/load: %s\n", p2n_error_message());
        return 1;
    }
    static Row out[3 * 64];
    memset(out, 0x55, sizeof out);
    Row *po = out;
    void *p[] = {&po};
    p2n_result res = p2n_launch(m, "k", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p);
    if (res != P2N_SUCCESS) {
        printf("FAIL exec/call_imm/launch: %s\n", p2n_error_message());
        return 1;
    }
    static const char *names[] = {"full_warp", "divergent", "predicated_pointer"};
    int failed = 0;
    for (int ph = 0; ph < 3; ph++) {
        int ok = 1;
        for (uint32_t t = 0; t < 64 && ok; t++) {
            Row w;
            if (ph == 0)
                w = expect(305419896, 0x123456789abcdef0ull, 0x40490FDB, 0x400921FB54442D18ull, (uint32_t)-1515870811,
                           0x0f0f0f0f0f0f0f0full, 0x3DCCCCCD, 0x3FB999999999999Aull, t);
            else if (ph == 1 && (t & 1))
                w = expect(-7, (uint64_t)-5, 0xBFC00000, 0xC002000000000000ull, 0x80000000u, 0x7ff0000000000000ull,
                           0x7F800000, 0xFFF0000000000000ull, t);
            else if (ph == 1)
                w = expect(0x7fffffff, 0x8000000000000001ull, 0x3F800000, 0x3FF0000000000000ull, 1, 2, 3, 4, t);
            else if ((t & 7) >= 3 && (t & 7) <= 5)
                w = expect(-1, 4294967296ull, 0x00000001, 0x8000000000000000ull, 0xdeadbeefu, 0xfedcba9876543210ull,
                           0xC0490FDB, 0x7FEFFFFFFFFFFFFFull, t);
            else
                w = (Row){.v0 = 11, .v1 = 12, .v2 = 13.0f, .v3 = 14.0, .v4 = 15};
            const Row *g = &out[ph * 64 + t];
            if (g->v0 != w.v0 || g->v1 != w.v1 || memcmp(&g->v2, &w.v2, 4) || memcmp(&g->v3, &w.v3, 8) ||
                g->v4 != w.v4) {
                printf("FAIL exec/call_imm/%s: lane %u got %#x %#llx %a %a %#llx, expected %#x %#llx %a %a %#llx\n",
                       names[ph], t, g->v0, (unsigned long long)g->v1, g->v2, g->v3, (unsigned long long)g->v4, w.v0,
                       (unsigned long long)w.v1, w.v2, w.v3, (unsigned long long)w.v4);
                ok = 0;
            }
        }
        if (ok)
            printf("PASS exec/call_imm/%s\n", names[ph]);
        failed |= !ok;
    }
    int32_t po2[64], *pp = po2;
    void *p2[] = {&pp};
    int ok = p2n_launch(m, "kp", (p2n_dim3){1, 1, 1}, (p2n_dim3){64, 1, 1}, 0, p2) == P2N_SUCCESS;
    for (int t = 0; ok && t < 64; t++) {
        int32_t w = (t & 1) ? 100 + 7 + 5 + 10 + t : -9;
        if (po2[t] != w) {
            printf("FAIL exec/call_imm/param_params: [%d] = %d, expected %d\n", t, po2[t], w);
            ok = 0;
        }
    }
    if (ok)
        printf("PASS exec/call_imm/param_params\n");
    else
        failed = 1;
    p2n_module_unload(m);
    return failed;
}
#if 0 // test-file call_imm.ptx
// Immediates passed to .reg parameters of a .func: 32- and 64-bit
// integers, f32 and f64, one to a call and four in one call, with the
// whole warp, under a divergent mask whose first lane is odd, and through
// a function pointer with a .callprototype; and to .param parameters.  (ptxas rejects 8- and 16-bit
// .reg parameters in ABI calls, so those widths cannot occur.)
// Hand-written; ptxas -arch=sm_80 accepts it.  Reference: call_imm.c
// (issue 13).
.version 7.5
.target sm_80
.address_size 64

// each result is its parameter plus the lane's number
.func (.reg .b32 r) i32(.reg .b32 a, .reg .b32 lane)
{
	add.s32 r, a, lane;
	ret;
}

.func (.reg .b64 r) i64(.reg .b64 a, .reg .b32 lane)
{
	.reg .b64 %rd;
	cvt.u64.u32 %rd, lane;
	add.s64 r, a, %rd;
	ret;
}

.func (.reg .f32 r) f32(.reg .f32 a, .reg .b32 lane)
{
	.reg .f32 %f;
	cvt.rn.f32.u32 %f, lane;
	add.f32 r, a, %f;
	ret;
}

.func (.reg .f64 r) f64(.reg .f64 a, .reg .b32 lane)
{
	.reg .f64 %fd;
	cvt.rn.f64.u32 %fd, lane;
	add.f64 r, a, %fd;
	ret;
}

// (bits(c) ^ a) widened, ^ b ^ bits(d), + lane
.func (.reg .b64 r) all4(.reg .b32 a, .reg .b64 b, .reg .f32 c, .reg .f64 d, .reg .b32 lane)
{
	.reg .b32 %x;
	.reg .b64 %y, %z;
	mov.b32 %x, c;
	xor.b32 %x, %x, a;
	cvt.u64.u32 %y, %x;
	xor.b64 %y, %y, b;
	mov.b64 %z, d;
	xor.b64 %y, %y, %z;
	cvt.u64.u32 %z, lane;
	add.s64 r, %y, %z;
	ret;
}

// .param parameters: a + lo(b) + hi(b) + trunc(c) + lane
.func (.param .b32 r) pf(.param .b32 a, .param .b64 b, .param .f32 c, .param .b32 lane)
{
	.reg .b32 %x, %y;
	.reg .b64 %z;
	.reg .f32 %f;
	ld.param.b32 %x, [a];
	ld.param.b64 %z, [b];
	ld.param.f32 %f, [c];
	cvt.u32.u64 %y, %z;
	add.s32 %x, %x, %y;
	shr.u64 %z, %z, 32;
	cvt.u32.u64 %y, %z;
	add.s32 %x, %x, %y;
	cvt.rzi.s32.f32 %y, %f;
	add.s32 %x, %x, %y;
	ld.param.b32 %y, [lane];
	add.s32 %x, %x, %y;
	st.param.b32 [r], %x;
	ret;
}

// out[(phase * 64 + tid) * 5 + k], 8 bytes each
.func store(.reg .b64 base, .reg .b32 phase, .reg .b32 tid, .reg .b32 v0, .reg .b64 v1, .reg .f32 v2, .reg .f64 v3, .reg .b64 v4)
{
	.reg .b32 %i;
	.reg .b64 %a, %o;
	mad.lo.s32 %i, phase, 64, tid;
	mul.wide.u32 %o, %i, 40;
	add.s64 %a, base, %o;
	st.global.u32 [%a], v0;
	st.global.u64 [%a+8], v1;
	st.global.f32 [%a+16], v2;
	st.global.f64 [%a+24], v3;
	st.global.u64 [%a+32], v4;
	ret;
}

.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .f32 %f<2>;
	.reg .f64 %fd<2>;
	.reg .pred %p<3>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;

	// phase 0: every lane
	call (%r2), i32, (305419896, %r1);
	call (%rd2), i64, (0x123456789abcdef0, %r1);
	call (%f1), f32, (0f40490FDB, %r1);
	call (%fd1), f64, (0d400921FB54442D18, %r1);
	call (%rd4), all4, (-1515870811, 0x0f0f0f0f0f0f0f0f, 0f3DCCCCCD, 0d3FB999999999999A, %r1);
	call store, (%rd1, 0, %r1, %r2, %rd2, %f1, %fd1, %rd4);

	// phase 1: odd lanes take one set of calls, even lanes another
	and.b32 %r3, %r1, 1;
	setp.ne.u32 %p1, %r3, 0;
	@!%p1 bra EVEN;
	call (%r2), i32, (-7, %r1);
	call (%rd2), i64, (-5, %r1);
	call (%f1), f32, (0fBFC00000, %r1);
	call (%fd1), f64, (0dC002000000000000, %r1);
	call (%rd4), all4, (0x80000000, 0x7ff0000000000000, 0f7F800000, 0dFFF0000000000000, %r1);
	bra.uni STORE1;
EVEN:
	call (%r2), i32, (0x7fffffff, %r1);
	call (%rd2), i64, (0x8000000000000001, %r1);
	call (%f1), f32, (0f3F800000, %r1);
	call (%fd1), f64, (0d3FF0000000000000, %r1);
	call (%rd4), all4, (1, 2, 0f00000003, 0d0000000000000004, %r1);
STORE1:
	call store, (%rd1, 1, %r1, %r2, %rd2, %f1, %fd1, %rd4);

	// phase 2: predicated calls (lanes 3, 4, 5 mod 8) through a pointer
	and.b32 %r4, %r1, 7;
	setp.ge.u32 %p2, %r4, 3;
	setp.le.and.u32 %p2, %r4, 5, %p2;
	mov.u32 %r2, 11;
	mov.u64 %rd2, 12;
	mov.f32 %f1, 0f41500000;
	mov.f64 %fd1, 0d402C000000000000;
	mov.u64 %rd4, 15;
	mov.u64 %rd3, i32;
P32: .callprototype (.reg .b32 _) _ (.reg .b32 _, .reg .b32 _);
	@%p2 call (%r2), %rd3, (-1, %r1), P32;
	mov.u64 %rd3, i64;
P64: .callprototype (.reg .b64 _) _ (.reg .b64 _, .reg .b32 _);
	@%p2 call (%rd2), %rd3, (4294967296, %r1), P64;
	mov.u64 %rd3, f32;
PF32: .callprototype (.reg .f32 _) _ (.reg .f32 _, .reg .b32 _);
	@%p2 call (%f1), %rd3, (0f00000001, %r1), PF32;
	mov.u64 %rd3, f64;
PF64: .callprototype (.reg .f64 _) _ (.reg .f64 _, .reg .b32 _);
	@%p2 call (%fd1), %rd3, (0d8000000000000000, %r1), PF64;
	mov.u64 %rd3, all4;
PALL: .callprototype (.reg .b64 _) _ (.reg .b32 _, .reg .b64 _, .reg .f32 _, .reg .f64 _, .reg .b32 _);
	@%p2 call (%rd4), %rd3, (0xdeadbeef, 0xfedcba9876543210, 0fC0490FDB, 0d7FEFFFFFFFFFFFFF, %r1), PALL;
	call store, (%rd1, 2, %r1, %r2, %rd2, %f1, %fd1, %rd4);
	ret;
}

// immediates to .param parameters, called by odd lanes: out[tid]
.visible .entry kp(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.reg .pred %p;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, -9;
	and.b32 %r3, %r1, 1;
	setp.eq.u32 %p, %r3, 0;
	@%p bra SKIP;
	call (%r2), pf, (100, 0x0000000500000007, 0f41200000, %r1);
SKIP:
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	ret;
}
#endif // end of call_imm.ptx
