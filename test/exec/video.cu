// nvcc-flags: -arch=sm_80
// Video instructions: the SIMD families (vadd2 ... vset2, vadd4 ... vset4)
// with selectors, masks, .sat and .add, and the scalar ones (vadd vsub
// vabsdiff vmin vmax vshl vshr vset) with byte/half selectors, .sat, the
// secondary operations and the merge; through inline asm, plus what nvcc
// emits for __vabsdiffu4 and __vsadu4.
#define NF 40

#define V3(k, ins, ds, as, bs)                                                                   \
    asm(ins " %0" ds ", %1" as ", %2" bs ";" : "=r"(r) : "r"(x), "r"(y));                        \
    o[(k) * n + i] = r;
#define V4(k, ins, ds, as, bs)                                                                   \
    asm(ins " %0" ds ", %1" as ", %2" bs ", %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));            \
    o[(k) * n + i] = r;

extern "C" __global__ void video(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o)
{
    int i = threadIdx.x + blockIdx.x * blockDim.x, n = gridDim.x * blockDim.x;
    unsigned x = a[i], y = b[i], z = c[i], r;
    /* SIMD, half-words */
    V4(0, "vadd2.u32.u32.u32", "", "", "")
    V4(1, "vadd2.s32.s32.s32.sat", "", "", "")
    V4(2, "vsub2.u32.u32.u32.sat", "", "", "")
    V4(3, "vsub2.s32.s32.s32.sat", ".h0", ".h01", ".h23")
    V4(4, "vavrg2.u32.u32.u32", "", "", "")
    V4(5, "vavrg2.s32.s32.s32", ".h1", ".h10", ".h30")
    V4(6, "vabsdiff2.s32.s32.s32.sat", "", "", "")
    V4(7, "vmin2.s32.u32.u32.add", ".h10", ".h00", ".h22")
    V4(8, "vmax2.u32.s32.s32", "", ".h12", ".h03")
    V4(9, "vset2.s32.s32.lt", "", "", "")
    V4(10, "vset2.u32.u32.ge.add", "", "", "")
    /* SIMD, bytes */
    V4(11, "vadd4.u32.u32.u32.sat", "", "", "")
    V4(12, "vadd4.s32.s32.s32.sat", ".b20", ".b0123", ".b7654")
    V4(13, "vsub4.s32.s32.s32", "", "", "")
    V4(14, "vavrg4.u32.u32.u32", "", "", "")
    V4(15, "vavrg4.s32.s32.s32", ".b3210", "", ".b4567")
    V4(16, "vabsdiff4.u32.u32.u32.add", "", "", "")
    V4(17, "vmin4.s32.s32.s32.sat", "", "", "")
    V4(18, "vmax4.u32.u32.u32", ".b31", ".b5140", ".b2637")
    V4(19, "vset4.u32.u32.ne", "", "", "")
    V4(20, "vset4.s32.s32.gt.add", ".b321", "", "")
    /* scalar */
    V3(21, "vadd.u32.u32.u32.sat", "", "", "")
    V3(22, "vadd.s32.s32.s32.sat", "", "", "")
    V3(23, "vadd.s32.u32.s32.sat", "", ".b1", ".h1")
    V4(24, "vsub.s32.s32.u32.sat.add", "", "", ".b2")
    V4(25, "vabsdiff.u32.s32.s32.sat", ".h1", ".h0", ".h1")
    V4(26, "vmin.s32.s32.s32.max", "", ".b3", ".b0")
    V4(27, "vmax.u32.u32.u32.min", "", "", "")
    V4(28, "vsub.u32.u32.u32", ".b2", ".b1", ".b3")
    V4(29, "vsub.s32.s32.s32.sat", ".b0", ".h1", ".h0")
    V4(30, "vmax.s32.s32.s32.sat", ".h0", "", "")
    V3(31, "vset.u32.u32.lt", "", "", "")
    V4(32, "vset.s32.s32.ge.add", "", ".b1", ".b2")
    V4(33, "vset.s32.u32.eq", ".h1", ".h0", ".h0")
    y &= 63; /* shift counts around 32 */
    V3(34, "vshl.u32.u32.u32.clamp", "", "", "")
    V3(35, "vshr.s32.s32.u32.wrap", "", "", "")
    V3(36, "vshl.s32.s32.u32.sat.clamp", "", ".h0", "")
    V4(37, "vshr.u32.u32.u32.clamp.add", "", "", "")
    y = b[i];
    o[38 * n + i] = __vabsdiffu4(x, y);
    o[39 * n + i] = __vsadu4(x, y);
}
