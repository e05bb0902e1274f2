/* Vector registers (vecreg.ptx): every word each thread writes, from the
 * 16 input bytes of that thread, computed in C. */
#include "common.h"

int main(int argc, char **argv)
{
    setup(argc, argv, "vecreg");
    enum { T = 64 };
    static unsigned char in[16 * T];
    static uint32_t out[32 * T], e[32 * T];
    for (int i = 0; i < 16 * T; i++)
        in[i] = (unsigned char)(lcg() >> 24);
    for (int i = 3; i < 16 * T; i += 4) /* finite floats of moderate size */
        in[i] = (unsigned char)(0x3c + (in[i] & 7));
    for (int t = 0; t < T; t++) {
        const unsigned char *b = in + 16 * t;
        uint32_t *x = e + 32 * t;
        uint32_t w[4];
        float f[4];
        memcpy(w, b, 16);
        memcpy(f, b, 16);
        for (int k = 0; k < 4; k++)
            x[k] = w[3 - k];
        volatile float y = f[1] * f[2]; /* mul, add, sub: each rounded to float */
        volatile float s = y + f[0];
        float r = s - f[3];
        memcpy(&x[4], &r, 4);
        for (int k = 0; k < 4; k++)
            x[8 + k] = w[(k + 1) % 4];
        x[12] = w[3];
        x[13] = w[2];
        x[14] = w[2];
        x[15] = w[3];
        x[16] = w[0];
        x[17] = w[1];
        double d[2];
        memcpy(d, b, 16);
        d[1] += 1.0;
        memcpy(&x[18], &d[1], 8);
        memcpy(&x[20], &d[0], 8);
        uint16_t h[4], hr[4];
        memcpy(h, b, 8);
        for (int k = 0; k < 4; k++)
            hr[k] = h[3 - k];
        memcpy(&x[22], hr, 8);
        uint16_t h2[2];
        memcpy(h2, b + 4, 4);
        x[24] = (uint32_t)h2[1] | (uint32_t)h2[0] << 16;
        x[25] = (uint32_t)b[12] + b[13] + b[14] + b[15];
        x[26] = w[1];
        x[27] = w[0];
    }
    unsigned char *pi = in;
    uint32_t *po = out;
    void *p[] = {&pi, &po};
    if (launch("vecreg", "vecreg", d3(1, 1, 1), d3(T, 1, 1), 0, p)) {
        const struct { const char *name; int lo, hi; } cases[] = {
            {"v4.f32.rgba", 0, 4}, {"v4.f32.elements", 4, 5}, {"mov.v4.u32", 8, 12}, {"v2.s32", 12, 14},
            {"v2.u64", 14, 18}, {"v2.f64", 18, 22}, {"v4.u16", 22, 24}, {"v2.b16.pack", 24, 25},
            {"v4.u8", 25, 26}, {"v2.u32.unpack", 26, 28},
        };
        for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
            uint32_t g[8 * T], x[8 * T];
            int n = 0;
            for (int t = 0; t < T; t++)
                for (int k = cases[c].lo; k < cases[c].hi; k++, n++) {
                    g[n] = out[32 * t + k];
                    x[n] = e[32 * t + k];
                }
            CHECK_INT(cases[c].name, g, x, n);
        }
    }
    return finish();
}
#if 0 // test-file vecreg.ptx
// Vector registers (hand-written: nvcc does not emit them): .reg .v2/.v4
// of several element types, components .x .y .z .w and .r .g .b .a,
// mov.v2/.v4 between vector registers and lists, vector registers as the
// operands of ld, st and mov.  Each thread reads 16 bytes of in at 16*tid.
.version 8.0
.target sm_80
.address_size 64

.visible .entry vecreg(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<8>;
	.reg .f32 %f<4>;
	.reg .v4 .f32 %vf, %vg;
	.reg .v4 .u32 %vu<2>;
	.reg .v2 .s32 %vs;
	.reg .v2 .u64 %vl;
	.reg .v2 .f64 %vd;
	.reg .v4 .u16 %vh;
	.reg .v2 .b16 %vb;
	.reg .v4 .u8 %vc;

	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	cvta.to.global.u64 %rd1, %rd1;
	cvta.to.global.u64 %rd2, %rd2;
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	// out holds 32 words per thread
	mul.wide.u32 %rd3, %r1, 128;
	add.s64 %rd5, %rd2, %rd3;

	// words 0-3: the four floats reversed, through .r .g .b .a and mov.v4
	ld.global.v4.f32 %vf, [%rd4];
	mov.v4.f32 %vg, {%vf.a, %vf.b, %vf.g, %vf.r};
	st.global.v4.f32 [%rd5], %vg;
	// word 4: x + y*z - w on the elements
	mul.f32 %f1, %vf.y, %vf.z;
	add.f32 %f1, %f1, %vf.x;
	sub.f32 %f1, %f1, %vf.w;
	st.global.f32 [%rd5+16], %f1;
	// words 8-11: as u32, rotated by one in place (every source read first)
	ld.global.v4.u32 %vu0, [%rd4];
	mov.v4.u32 %vu0, {%vu0.y, %vu0.z, %vu0.w, %vu0.x};
	mov.v4.u32 %vu1, %vu0;
	st.global.v4.u32 [%rd5+32], %vu1;
	// words 12-13: v2 s32 swapped, element written one by one
	ld.global.v2.s32 %vs, [%rd4+8];
	mov.s32 %r2, %vs.x;
	mov.s32 %vs.x, %vs.y;
	mov.s32 %vs.y, %r2;
	st.global.v2.s32 [%rd5+48], %vs;
	// words 14-17: v2 u64 and v2 f64 loads, stored back swapped
	ld.global.v2.u64 %vl, [%rd4];
	st.global.v2.u64 [%rd5+56], {%vl.y, %vl.x};
	// words 18-21: v2 f64: y + 1, x
	ld.global.v2.f64 %vd, [%rd4];
	add.f64 %vd.y, %vd.y, 0d3FF0000000000000;
	st.global.v2.f64 [%rd5+72], {%vd.y, %vd.x};
	// words 22-23: v4 u16 reversed
	ld.global.v4.u16 %vh, [%rd4];
	st.global.v4.u16 [%rd5+88], {%vh.w, %vh.z, %vh.y, %vh.x};
	// word 24: v2 b16 packed into one word with mov.b32, halves swapped
	ld.global.v2.b16 %vb, [%rd4+4];
	mov.b32 %r3, {%vb.y, %vb.x};
	st.global.u32 [%rd5+96], %r3;
	// word 25: v4 u8: the bytes summed
	ld.global.v4.u8 %vc, [%rd4+12];
	cvt.u32.u8 %r4, %vc.x;
	cvt.u32.u8 %r5, %vc.y;
	add.u32 %r4, %r4, %r5;
	cvt.u32.u8 %r5, %vc.z;
	add.u32 %r4, %r4, %r5;
	cvt.u32.u8 %r5, %vc.w;
	add.u32 %r4, %r4, %r5;
	st.global.u32 [%rd5+100], %r4;
	// word 26-27: v2 u32 from an unpacking mov of a u64 element
	mov.b64 {%r6, %r7}, %vl.x;
	st.global.v2.u32 [%rd5+104], {%r7, %r6};
	ret;
}
#endif // end of vecreg.ptx
