/* tex_scalar.c — reference for tex_scalar.ptx: a 1D texture and surface
 * read and written with a scalar coordinate ([t, %r] for [t, {%r}], which
 * ptxas 13.0 takes).  tex.1d.s32 with an integer coordinate reads texel j
 * (CUDA programming guide, "Texture Fetching": clamp reads the nearest
 * texel out of range, border reads 0); a 1D surface's x is in bytes, here
 * 4-byte elements moved from one surface to another. */
#include "common.h"

enum { N = 64, W = 40 };

int
main(int argc, char **argv)
{
    setup(argc, argv, "tex_scalar");
    int32_t buf[W];
    for (int i = 0; i < W; i++)
        buf[i] = (int32_t)lcg();
    for (int m = P2N_ADDRESS_CLAMP; m <= P2N_ADDRESS_BORDER; m += 2) {
        const char *cas = m == P2N_ADDRESS_CLAMP ? "tex1d_scalar_clamp" : "tex1d_scalar_border";
        p2n_texture_desc d = {.data = buf, .dims = 1, .width = W, .format = P2N_FORMAT_S32,
                              .channels = 1};
        d.address[0] = (p2n_address_mode)m;
        p2n_texture t;
        if (p2n_tex_create(&t, &d) != P2N_SUCCESS) {
            report(cas, 1, "p2n_tex_create failed");
            continue;
        }
        int32_t o[N], e[N];
        for (int i = 0; i < N; i++) { /* thread i reads texel i - 3 */
            int j = i - 3;
            e[i] = j >= 0 && j < W                ? buf[j]
                   : m == P2N_ADDRESS_CLAMP ? buf[j < 0 ? 0 : W - 1]
                                            : 0;
        }
        int32_t *po = o;
        void *p[] = {&t, &po};
        if (launch(cas, "fetch", d3(2, 1, 1), d3(32, 1, 1), 0, p))
            CHECK_INT(cas, o, e, N);
        p2n_tex_destroy(t);
    }
    uint32_t src[N], dst[N];
    for (int i = 0; i < N; i++)
        src[i] = lcg(), dst[i] = 0;
    p2n_texture_desc sd = {.data = src, .dims = 1, .width = N, .format = P2N_FORMAT_U32,
                           .channels = 1};
    p2n_texture s, t;
    if (p2n_surf_create(&s, &sd) != P2N_SUCCESS) {
        report("surf1d_scalar", 1, "p2n_surf_create failed");
        return finish();
    }
    sd.data = dst;
    p2n_surf_create(&t, &sd);
    void *q[] = {&s, &t};
    if (launch("surf1d_scalar", "copy", d3(2, 1, 1), d3(32, 1, 1), 0, q))
        CHECK_INT("surf1d_scalar", dst, src, N);
    p2n_tex_destroy(s);
    p2n_tex_destroy(t);
    return finish();
}
#if 0 // test-file tex_scalar.ptx
// A 1D texture and surfaces with scalar coordinates.  Hand-written;
// ptxas -arch=sm_80 accepts it.  Reference: tex_scalar.c.
.version 7.0
.target sm_80
.address_size 64

// out[i] = tex1Dfetch(t, i - 3)
.visible .entry fetch(.param .u64 t, .param .u64 out)
{
	.reg .b32 %r<12>;
	.reg .b64 %rd<6>;
	ld.param.u64 %rd1, [t];
	ld.param.u64 %rd2, [out];
	cvta.to.global.u64 %rd3, %rd2;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r4, %r2, %r3, %r1;
	add.s32 %r5, %r4, -3;
	tex.1d.v4.s32.s32 {%r6, %r7, %r8, %r9}, [%rd1, %r5];
	mul.wide.s32 %rd4, %r4, 4;
	add.s64 %rd5, %rd3, %rd4;
	st.global.u32 [%rd5], %r6;
	ret;
}

// dst element i = src element i (byte x = 4 i)
.visible .entry copy(.param .u64 src, .param .u64 dst)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [src];
	ld.param.u64 %rd2, [dst];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, %ctaid.x;
	mov.u32 %r3, %ntid.x;
	mad.lo.s32 %r4, %r2, %r3, %r1;
	shl.b32 %r5, %r4, 2;
	suld.b.1d.b32.trap {%r6}, [%rd1, %r5];
	sust.b.1d.b32.trap [%rd2, %r5], {%r6};
	ret;
}
#endif // end of tex_scalar.ptx
