/* The integer and bit instructions of intbits.ptx against references
 * written from the PTX ISA's definitions (bit loops where it gives one). */
#include "common.h"

enum { N = 8192, K = 83 };

typedef uint32_t u32;
typedef uint64_t u64;
typedef uint16_t u16;
typedef int32_t s32;
typedef int64_t s64;

static u64 bit(u64 x, unsigned i) { return x >> i & 1; }

/* prmt: the mode tables give d's bytes b3 b2 b1 b0 for c[1:0] = 0..3 */
static const unsigned char prmt_modes[6][4][4] = {
    {{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}}, /* f4e */
    {{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}}, /* b4e */
    {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}, /* rc8 */
    {{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}}, /* ecl */
    {{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}}, /* ecr */
    {{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}}, /* rc16 */
};

static u32 prmt(u32 a, u32 b, u32 c, int mode)
{
    u64 src = (u64)b << 32 | a;
    u32 d = 0;
    for (unsigned i = 0; i < 4; i++) {
        unsigned sel, sign = 0;
        if (mode < 0) {
            sel = c >> (4 * i) & 7;
            sign = c >> (4 * i + 3) & 1;
        } else {
            sel = prmt_modes[mode][c & 3][3 - i];
        }
        u32 byte = (u32)(src >> (8 * sel)) & 0xff;
        if (sign)
            byte = byte & 0x80 ? 0xff : 0;
        d |= byte << (8 * i);
    }
    return d;
}

static u64 bfe(u64 a, u32 pos, u32 len, unsigned w, int sgn)
{
    unsigned msb = w - 1, p = pos & 0xff, l = len & 0xff;
    u64 sbit = !sgn || l == 0 ? 0 : bit(a, p + l - 1 < msb ? p + l - 1 : msb), d = 0;
    for (unsigned i = 0; i <= msb; i++)
        d |= (i < l && p + i <= msb ? bit(a, p + i) : sbit) << i;
    return d;
}

static u64 bfi(u64 a, u64 b, u32 pos, u32 len, unsigned w)
{
    unsigned msb = w - 1, p = pos & 0xff, l = len & 0xff;
    u64 f = b;
    for (unsigned i = 0; i < l && p + i <= msb; i++)
        f = (f & ~(1ull << (p + i))) | bit(a, i) << (p + i);
    return f;
}

static s64 sx(u64 x, unsigned bits) { return (s64)(x << (64 - bits)) >> (64 - bits); }
static s32 sat32(s64 x) { return x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : (s32)x; }

static u32 bfind(u64 x, unsigned w, int sgn, int shiftamt)
{
    if (sgn && bit(x, w - 1))
        x = ~x & (w == 64 ? ~0ull : (1ull << w) - 1);
    for (int i = (int)w - 1; i >= 0; i--)
        if (bit(x, (unsigned)i))
            return shiftamt ? w - 1 - (u32)i : (u32)i;
    return 0xffffffffu;
}

static u32 bmsk(u32 a, u32 b, int clamp)
{
    unsigned a1 = clamp ? (a < 32 ? a : 32) : a & 31, b1 = clamp ? (b < 32 ? b : 32) : b & 31;
    u32 m = 0;
    for (unsigned i = a1; i < a1 + b1 && i < 32; i++)
        m |= 1u << i;
    return m;
}

static u32 szext(u32 a, u32 b, int clamp, int sgn)
{
    unsigned n = clamp ? (b < 32 ? b : 32) : b & 31;
    if (n == 0)
        return 0;
    return sgn ? (u32)sx(a, n) : (u32)(n == 32 ? a : a & ((1u << n) - 1));
}

static u32 dp(u32 a, u32 b, u32 c, int sa, int sb, int four, int hi)
{
    s64 acc = (s32)c;
    for (int k = 0; k < (four ? 4 : 2); k++) {
        u32 ax = four ? a >> (8 * k) & 0xff : a >> (16 * k) & 0xffff;
        u32 bx = b >> (8 * (four ? k : hi ? k + 2 : k)) & 0xff;
        s64 av = sa ? sx(ax, four ? 8 : 16) : (s64)ax, bv = sb ? sx(bx, 8) : (s64)bx;
        acc += av * bv;
    }
    return (u32)acc;
}

static u32 lop3(u32 a, u32 b, u32 c, unsigned lut)
{
    u32 d = 0;
    for (unsigned i = 0; i < 32; i++)
        d |= (u32)(lut >> (bit(a, i) << 2 | bit(b, i) << 1 | bit(c, i)) & 1) << i;
    return d;
}

/* per 16-bit half: op 0 min, 1 max, 2 add; relu clamps at 0 */
static u32 simd16(u32 a, u32 b, int sgn, int op, int relu)
{
    u32 d = 0;
    for (int h = 0; h < 2; h++) {
        s64 x = sgn ? sx(a >> (16 * h), 16) : (s64)(a >> (16 * h) & 0xffff);
        s64 y = sgn ? sx(b >> (16 * h), 16) : (s64)(b >> (16 * h) & 0xffff);
        s64 r = op == 0 ? (x < y ? x : y) : op == 1 ? (x > y ? x : y) : x + y;
        if (relu && r < 0)
            r = 0;
        d |= (u32)(r & 0xffff) << (16 * h);
    }
    return d;
}

static s64 clampi(s64 x, s64 lo, s64 hi) { return x < lo ? lo : x > hi ? hi : x; }

static u64 brev64(u64 x)
{
    u64 r = 0;
    for (unsigned i = 0; i < 64; i++)
        r |= bit(x, i) << (63 - i);
    return r;
}

static u64 expected(int k, u32 a, u32 b, u32 c, u32 d, u64 A, u64 B)
{
    u32 h = a & 0xffff;
    s32 sa = (s32)a;
    switch (k) {
    case 0: case 1: case 2: case 3: case 4: case 5: return prmt(a, b, c, k);
    case 6: return prmt(a, b, c, -1);
    case 7: return bfe(a, c, d, 32, 0);
    case 8: return (u32)bfe(a, c, d, 32, 1);
    case 9: return bfe(A, c, d, 64, 0);
    case 10: return bfe(A, c, d, 64, 1);
    case 11: return bfi(a, b, c, d, 32);
    case 12: return bfi(A, B, c, d, 64);
    case 13: return (u32)((u64)(a & 0xffffff) * (b & 0xffffff) >> 16);
    case 14: return (u32)(u64)(sx(a, 24) * sx(b, 24) >> 16);
    case 15: return (u32)(u64)(sx(a, 24) * sx(b, 24));
    case 16: return (u32)((u64)(a & 0xffffff) * (b & 0xffffff) >> 16) + c;
    case 17: return (u32)(u64)(sx(a, 24) * sx(b, 24) >> 16) + c;
    case 18: return (u32)sat32((s64)(s32)(u32)(u64)(sx(a, 24) * sx(b, 24) >> 16) + (s32)c);
    case 19: return c + (a < b ? b - a : a - b);
    case 20: return c + (u32)((s32)a < (s32)b ? (s64)(s32)b - (s32)a : (s64)(s32)a - (s32)b);
    case 21: return bfind(a, 32, 0, 0);
    case 22: return bfind(a, 32, 1, 0);
    case 23: return bfind(a, 32, 1, 1);
    case 24: return bfind(A, 64, 0, 0);
    case 25: return bfind(A, 64, 1, 1);
    case 26: { unsigned n = c < 32 ? c : 32; return (u32)((((u64)b << 32) | a) << n >> 32); }
    case 27: { unsigned n = c < 32 ? c : 32; return (u32)((((u64)b << 32) | a) >> n); }
    case 28: return (u32)((((u64)b << 32) | a) >> (c & 31));
    case 29: return bmsk(c, d, 1);
    case 30: return bmsk(c, d, 0);
    case 31: return szext(a, c, 1, 1);
    case 32: return szext(a, c, 0, 0);
    case 33: return szext(a, c, 1, 0);
    case 34: return szext(a, c, 0, 1);
    case 35: return dp(a, b, c, 0, 1, 0, 0);
    case 36: return dp(a, b, c, 1, 0, 0, 1);
    case 37: return dp(a, b, c, 1, 1, 0, 0);
    case 38: return dp(a, b, c, 0, 0, 1, 0);
    case 39: return dp(a, b, c, 1, 0, 1, 0);
    case 40: return dp(a, b, c, 0, 1, 1, 0);
    case 41: return dp(a, b, c, 1, 1, 1, 0);
    case 42: return lop3(a, b, c, 0x96);
    case 43: return lop3(a, b, c, 0xe8);
    case 44: return (lop3(a, b, c, 0xe8) != 0) | (d & 1);
    case 45: return lop3(a, b, c, 0x1e) + ((lop3(a, b, c, 0x1e) != 0) & !(d & 1));
    case 46: return d == 0;
    case 47: return simd16(a, b, 0, 0, 0);
    case 48: return simd16(a, b, 1, 0, 0);
    case 49: return simd16(a, b, 0, 1, 0);
    case 50: return simd16(a, b, 1, 1, 0);
    case 51: return simd16(a, b, 1, 1, 1);
    case 52: return simd16(a, b, 1, 0, 1);
    case 53: return simd16(a, b, 0, 2, 0);
    case 54: return simd16(a, b, 1, 2, 0);
    case 55: return (u32)((s32)a < (s32)b ? ((s32)a > 0 ? (s32)a : 0) : ((s32)b > 0 ? (s32)b : 0));
    case 56: return (u32)((s32)a > (s32)b ? ((s32)a > 0 ? (s32)a : 0) : ((s32)b > 0 ? (s32)b : 0));
    case 57: return (u32)sat32((s64)(s32)c + (s64)((s64)(s32)a * (s32)b >> 32));
    case 58: return h == 0;
    case 59: { u32 n = 0; for (unsigned i = 0; i < 64; i++) n += (u32)bit(A, i); return n; }
    case 60: { u32 n = 0; while (n < 64 && !bit(A, 63 - n)) n++; return n; }
    case 61: return brev64(A);
    case 62: return B == 0;
    case 63: return (u64)a * b + B;
    case 64: return (u64)((s64)(s32)a * (s32)b) + B;
    case 65: return (u32)clampi(sa, 0, 255);
    case 66: return (u32)clampi(a, 0, 127);
    case 67: return (u16)clampi((s64)A, -32768, 32767);
    case 68: return (u32)clampi((s64)A, 0, 0xffffffffll);
    case 69: return A > INT32_MAX ? INT32_MAX : (u32)A;
    case 70: return (u16)clampi(sx(h, 8), 0, 65535);
    case 71: return (u16)clampi(sx(h, 16), -128, 127);
    case 72: return (u16)clampi(sa, 0, 65535);
    case 73: return h > 32767 ? 32767 : h;
    case 74: return (s64)A < 0 ? 0 : A;
    case 75: return A > INT64_MAX ? (u64)INT64_MAX : A;
    case 76: return sa < 0 ? 0 : (u64)sa;
    case 77: return (u32)clampi(sx(h, 16), 0, 0xffffffffll);
    case 78: return (u32)(s32)(int8_t)a;
    case 79: return A & 0xff;
    case 80: return A > 255 ? 255 : A;
    case 81: return a > 65535 ? 65535 : a;
    case 82: return (u32)clampi((s64)A, INT32_MIN, INT32_MAX);
    }
    return 0;
}

static const char *names[K] = {
    "prmt.f4e", "prmt.b4e", "prmt.rc8", "prmt.ecl", "prmt.ecr", "prmt.rc16", "prmt", "bfe.u32", "bfe.s32",
    "bfe.u64", "bfe.s64", "bfi.b32", "bfi.b64", "mul24.hi.u32", "mul24.hi.s32", "mul24.lo.s32", "mad24.hi.u32",
    "mad24.hi.s32", "mad24.hi.sat.s32", "sad.u32", "sad.s32", "bfind.u32", "bfind.s32", "bfind.shiftamt.s32",
    "bfind.u64", "bfind.shiftamt.s64", "shf.l.clamp", "shf.r.clamp", "shf.r.wrap", "bmsk.clamp", "bmsk.wrap",
    "szext.clamp.s32", "szext.wrap.u32", "szext.clamp.u32", "szext.wrap.s32", "dp2a.lo.u32.s32",
    "dp2a.hi.s32.u32", "dp2a.lo.s32.s32", "dp4a.u32.u32", "dp4a.s32.u32", "dp4a.u32.s32", "dp4a.s32.s32",
    "lop3", "lop3.or.d", "lop3.or.p", "lop3.and.p", "cnot.b32", "min.u16x2", "min.s16x2", "max.u16x2",
    "max.s16x2", "max.relu.s16x2", "min.relu.s16x2", "add.u16x2", "add.s16x2", "min.relu.s32", "max.relu.s32",
    "mad.hi.sat.s32", "cnot.b16", "popc.b64", "clz.b64", "brev.b64", "cnot.b64", "mad.wide.u32", "mad.wide.s32",
    "cvt.sat.u8.s32", "cvt.sat.s8.u32", "cvt.sat.s16.s64", "cvt.sat.u32.s64", "cvt.sat.s32.u64",
    "cvt.sat.u16.s8", "cvt.sat.s8.s16", "cvt.sat.u16.s32", "cvt.sat.s16.u16", "cvt.sat.u64.s64",
    "cvt.sat.s64.u64", "cvt.sat.u64.s32", "cvt.sat.u32.s16", "cvt.s8.s32", "cvt.u8.u64", "cvt.sat.u8.u64",
    "cvt.sat.u16.u32", "cvt.sat.s32.s64",
};

/* the width each result was stored with: 16, 32 or 64 bits */
static u64 stored(int k, u64 v)
{
    int w64 = k == 9 || k == 10 || k == 12 || (k >= 61 && k <= 64) || (k >= 74 && k <= 76);
    int w16 = k == 58 || k == 67 || (k >= 70 && k <= 73) || k == 81;
    return w64 ? v : w16 ? v & 0xffff : v & 0xffffffffu;
}

/* small values often: positions, lengths and shift counts near the edges */
static u32 pick(void)
{
    u32 r = lcg();
    switch (r % 5) {
    case 0: return lcg() % 72;
    case 1: return 250 + lcg() % 12;
    case 2: return (lcg() % 3) ? 0x80000000u >> (lcg() % 32) : 0;
    default: return lcg();
    }
}

int main(int argc, char **argv)
{
    setup(argc, argv, "intbits");
    static u32 in[4 * N];
    static u64 in64[2 * N], out[(size_t)K * N];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < 4; j++)
            in[4 * i + j] = j < 2 && i % 3 ? lcg() : pick();
        for (int j = 0; j < 2; j++) {
            u64 v = (u64)lcg() << 32 | lcg();
            in64[2 * i + j] = i % 4 == 0 ? v >> (lcg() % 64) : i % 4 == 1 ? ~(v >> (lcg() % 64)) : i % 8 == 2 ? 0 : v;
        }
    }
    int n = N;
    u32 *pin = in;
    u64 *pin64 = in64, *pout = out;
    void *p[] = {&n, &pin, &pin64, &pout};
    if (!launch("intbits", "intbits", d3(N / 128, 1, 1), d3(128, 1, 1), 0, p))
        return finish();
    for (int k = 0; k < K; k++) {
        int nb = 0;
        char m[200] = "";
        for (int i = 0; i < N; i++) {
            const u32 *x = &in[4 * i];
            u64 e = stored(k, expected(k, x[0], x[1], x[2], x[3], in64[2 * i], in64[2 * i + 1]));
            u64 g = stored(k, out[(size_t)K * i + k]);
            if (g != e && !nb++)
                snprintf(m, sizeof m, "a=%#x b=%#x c=%#x d=%#x A=%#llx B=%#llx: got %#llx expected %#llx", x[0], x[1],
                         x[2], x[3], (unsigned long long)in64[2 * i], (unsigned long long)in64[2 * i + 1],
                         (unsigned long long)g, (unsigned long long)e);
        }
        report(names[k], nb, m);
    }
    /* uniform sources: one launch per input, every result checked */
    enum { NU = 300 };
    int nbu = 0;
    char mu[240] = "";
    for (int i = 0; i < NU; i++) {
        const u32 *x = &in[4 * (i * 7 % N)];
        u64 A = in64[2 * (i * 7 % N)], B = in64[2 * (i * 7 % N) + 1], o[K];
        u32 a = x[0], b = x[1], c = x[2], d = x[3];
        u64 *po = o;
        void *q[] = {&a, &b, &c, &d, &A, &B, &po};
        memset(o, 0, sizeof o);
        if (!launch("uniform", "intbits_uni", d3(1, 1, 1), d3(32, 1, 1), 0, q))
            return finish();
        for (int k = 0; k < K; k++) {
            u64 e = stored(k, expected(k, a, b, c, d, A, B)), g = stored(k, o[k]);
            if (g != e && !nbu++)
                snprintf(mu, sizeof mu, "%s a=%#x b=%#x c=%#x d=%#x A=%#llx B=%#llx: got %#llx expected %#llx", names[k], a,
                         b, c, d, (unsigned long long)A, (unsigned long long)B, (unsigned long long)g,
                         (unsigned long long)e);
        }
    }
    report("uniform", nbu, mu);
    return finish();
}
#if 0 // test-file intbits.ptx
//
// intbits.ptx - written for this test: the integer and bit instructions of
// the PTX ISA in their less common forms (prmt modes, bfe/bfi with
// out-of-range positions, mul24/mad24 .hi, bmsk, szext, dp2a/dp4a, lop3 with
// a predicate, u16x2/s16x2 SIMD, cvt .sat between integer widths).
// Thread i reads a, b, c, d (u32) and A, B (u64) and writes 83 results,
// each in its own 8-byte slot (16-, 32- or 64-bit store at the start);
// intbits_uni takes them as parameters (uniform: scalar code).
// Checked with: ptxas -arch=sm_90 intbits.ptx
//
.version 8.7
.target sm_90
.address_size 64

.visible .entry intbits(.param .u32 ib_n, .param .u64 ib_in, .param .u64 ib_in64, .param .u64 ib_out)
{
	.reg .pred 	%p<4>;
	.reg .b16 	%h<4>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<12>;

	ld.param.u32 	%r5, [ib_n];
	mov.u32 	%r6, %ctaid.x;
	mov.u32 	%r7, %ntid.x;
	mov.u32 	%r8, %tid.x;
	mad.lo.s32 	%r9, %r6, %r7, %r8;
	setp.ge.u32 	%p1, %r9, %r5;
	@%p1 bra 	$L_done;
	ld.param.u64 	%rd5, [ib_in];
	ld.param.u64 	%rd6, [ib_in64];
	ld.param.u64 	%rd7, [ib_out];
	cvta.to.global.u64 	%rd5, %rd5;
	cvta.to.global.u64 	%rd6, %rd6;
	cvta.to.global.u64 	%rd7, %rd7;
	mul.wide.u32 	%rd8, %r9, 16;
	add.s64 	%rd9, %rd5, %rd8;
	ld.global.v4.u32 	{%r1, %r2, %r3, %r4}, [%rd9];
	add.s64 	%rd9, %rd6, %rd8;
	ld.global.v2.u64 	{%rd1, %rd2}, [%rd9];
	cvt.u16.u32 	%h1, %r1;
	and.b32 	%r10, %r4, 1;
	setp.ne.u32 	%p2, %r10, 0;
	mul.wide.u32 	%rd8, %r9, 664;
	add.s64 	%rd10, %rd7, %rd8;
	prmt.b32.f4e 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+0], %r11;
	prmt.b32.b4e 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+8], %r11;
	prmt.b32.rc8 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+16], %r11;
	prmt.b32.ecl 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+24], %r11;
	prmt.b32.ecr 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+32], %r11;
	prmt.b32.rc16 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+40], %r11;
	prmt.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+48], %r11;
	bfe.u32 	%r11, %r1, %r3, %r4;
	st.global.b32 	[%rd10+56], %r11;
	bfe.s32 	%r11, %r1, %r3, %r4;
	st.global.b32 	[%rd10+64], %r11;
	bfe.u64 	%rd11, %rd1, %r3, %r4;
	st.global.b64 	[%rd10+72], %rd11;
	bfe.s64 	%rd11, %rd1, %r3, %r4;
	st.global.b64 	[%rd10+80], %rd11;
	bfi.b32 	%r11, %r1, %r2, %r3, %r4;
	st.global.b32 	[%rd10+88], %r11;
	bfi.b64 	%rd11, %rd1, %rd2, %r3, %r4;
	st.global.b64 	[%rd10+96], %rd11;
	mul24.hi.u32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+104], %r11;
	mul24.hi.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+112], %r11;
	mul24.lo.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+120], %r11;
	mad24.hi.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+128], %r11;
	mad24.hi.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+136], %r11;
	mad24.hi.sat.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+144], %r11;
	sad.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+152], %r11;
	sad.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+160], %r11;
	bfind.u32 	%r11, %r1;
	st.global.b32 	[%rd10+168], %r11;
	bfind.s32 	%r11, %r1;
	st.global.b32 	[%rd10+176], %r11;
	bfind.shiftamt.s32 	%r11, %r1;
	st.global.b32 	[%rd10+184], %r11;
	bfind.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+192], %r11;
	bfind.shiftamt.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+200], %r11;
	shf.l.clamp.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+208], %r11;
	shf.r.clamp.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+216], %r11;
	shf.r.wrap.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+224], %r11;
	bmsk.clamp.b32 	%r11, %r3, %r4;
	st.global.b32 	[%rd10+232], %r11;
	bmsk.wrap.b32 	%r11, %r3, %r4;
	st.global.b32 	[%rd10+240], %r11;
	szext.clamp.s32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+248], %r11;
	szext.wrap.u32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+256], %r11;
	szext.clamp.u32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+264], %r11;
	szext.wrap.s32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+272], %r11;
	dp2a.lo.u32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+280], %r11;
	dp2a.hi.s32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+288], %r11;
	dp2a.lo.s32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+296], %r11;
	dp4a.u32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+304], %r11;
	dp4a.s32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+312], %r11;
	dp4a.u32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+320], %r11;
	dp4a.s32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+328], %r11;
	lop3.b32 	%r11, %r1, %r2, %r3, 0x96;
	st.global.b32 	[%rd10+336], %r11;
	lop3.or.b32 	%r11|%p3, %r1, %r2, %r3, 0xe8, %p2;
	st.global.b32 	[%rd10+344], %r11;
	selp.u32 	%r11, 1, 0, %p3;
	st.global.b32 	[%rd10+352], %r11;
	lop3.and.b32 	%r11|%p3, %r1, %r2, %r3, 0x1e, !%p2;
	selp.u32 	%r10, 1, 0, %p3;
	add.s32 	%r11, %r11, %r10;
	st.global.b32 	[%rd10+360], %r11;
	cnot.b32 	%r11, %r4;
	st.global.b32 	[%rd10+368], %r11;
	min.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+376], %r11;
	min.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+384], %r11;
	max.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+392], %r11;
	max.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+400], %r11;
	max.relu.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+408], %r11;
	min.relu.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+416], %r11;
	add.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+424], %r11;
	add.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+432], %r11;
	min.relu.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+440], %r11;
	max.relu.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+448], %r11;
	mad.hi.sat.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+456], %r11;
	cnot.b16 	%h2, %h1;
	st.global.b16 	[%rd10+464], %h2;
	popc.b64 	%r11, %rd1;
	st.global.b32 	[%rd10+472], %r11;
	clz.b64 	%r11, %rd1;
	st.global.b32 	[%rd10+480], %r11;
	brev.b64 	%rd11, %rd1;
	st.global.b64 	[%rd10+488], %rd11;
	cnot.b64 	%rd11, %rd2;
	st.global.b64 	[%rd10+496], %rd11;
	mad.wide.u32 	%rd11, %r1, %r2, %rd2;
	st.global.b64 	[%rd10+504], %rd11;
	mad.wide.s32 	%rd11, %r1, %r2, %rd2;
	st.global.b64 	[%rd10+512], %rd11;
	cvt.sat.u8.s32 	%r11, %r1;
	st.global.b32 	[%rd10+520], %r11;
	cvt.sat.s8.u32 	%r11, %r1;
	st.global.b32 	[%rd10+528], %r11;
	cvt.sat.s16.s64 	%h2, %rd1;
	st.global.b16 	[%rd10+536], %h2;
	cvt.sat.u32.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+544], %r11;
	cvt.sat.s32.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+552], %r11;
	cvt.sat.u16.s8 	%h2, %h1;
	st.global.b16 	[%rd10+560], %h2;
	cvt.sat.s8.s16 	%h2, %h1;
	st.global.b16 	[%rd10+568], %h2;
	cvt.sat.u16.s32 	%h2, %r1;
	st.global.b16 	[%rd10+576], %h2;
	cvt.sat.s16.u16 	%h2, %h1;
	st.global.b16 	[%rd10+584], %h2;
	cvt.sat.u64.s64 	%rd11, %rd1;
	st.global.b64 	[%rd10+592], %rd11;
	cvt.sat.s64.u64 	%rd11, %rd1;
	st.global.b64 	[%rd10+600], %rd11;
	cvt.sat.u64.s32 	%rd11, %r1;
	st.global.b64 	[%rd10+608], %rd11;
	cvt.sat.u32.s16 	%r11, %h1;
	st.global.b32 	[%rd10+616], %r11;
	cvt.s8.s32 	%r11, %r1;
	st.global.b32 	[%rd10+624], %r11;
	cvt.u8.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+632], %r11;
	cvt.sat.u8.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+640], %r11;
	cvt.sat.u16.u32 	%h2, %r1;
	st.global.b16 	[%rd10+648], %h2;
	cvt.sat.s32.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+656], %r11;

$L_done:
	ret;
}

// The same with every source a kernel parameter: uniform, scalar code.
.visible .entry intbits_uni(.param .u32 ibu_a, .param .u32 ibu_b, .param .u32 ibu_c, .param .u32 ibu_d,
                            .param .u64 ibu_A, .param .u64 ibu_B, .param .u64 ibu_out)
{
	.reg .pred 	%p<4>;
	.reg .b16 	%h<4>;
	.reg .b32 	%r<12>;
	.reg .b64 	%rd<12>;

	ld.param.u32 	%r1, [ibu_a];
	ld.param.u32 	%r2, [ibu_b];
	ld.param.u32 	%r3, [ibu_c];
	ld.param.u32 	%r4, [ibu_d];
	ld.param.u64 	%rd1, [ibu_A];
	ld.param.u64 	%rd2, [ibu_B];
	ld.param.u64 	%rd10, [ibu_out];
	cvta.to.global.u64 	%rd10, %rd10;
	cvt.u16.u32 	%h1, %r1;
	and.b32 	%r10, %r4, 1;
	setp.ne.u32 	%p2, %r10, 0;
	prmt.b32.f4e 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+0], %r11;
	prmt.b32.b4e 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+8], %r11;
	prmt.b32.rc8 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+16], %r11;
	prmt.b32.ecl 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+24], %r11;
	prmt.b32.ecr 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+32], %r11;
	prmt.b32.rc16 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+40], %r11;
	prmt.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+48], %r11;
	bfe.u32 	%r11, %r1, %r3, %r4;
	st.global.b32 	[%rd10+56], %r11;
	bfe.s32 	%r11, %r1, %r3, %r4;
	st.global.b32 	[%rd10+64], %r11;
	bfe.u64 	%rd11, %rd1, %r3, %r4;
	st.global.b64 	[%rd10+72], %rd11;
	bfe.s64 	%rd11, %rd1, %r3, %r4;
	st.global.b64 	[%rd10+80], %rd11;
	bfi.b32 	%r11, %r1, %r2, %r3, %r4;
	st.global.b32 	[%rd10+88], %r11;
	bfi.b64 	%rd11, %rd1, %rd2, %r3, %r4;
	st.global.b64 	[%rd10+96], %rd11;
	mul24.hi.u32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+104], %r11;
	mul24.hi.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+112], %r11;
	mul24.lo.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+120], %r11;
	mad24.hi.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+128], %r11;
	mad24.hi.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+136], %r11;
	mad24.hi.sat.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+144], %r11;
	sad.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+152], %r11;
	sad.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+160], %r11;
	bfind.u32 	%r11, %r1;
	st.global.b32 	[%rd10+168], %r11;
	bfind.s32 	%r11, %r1;
	st.global.b32 	[%rd10+176], %r11;
	bfind.shiftamt.s32 	%r11, %r1;
	st.global.b32 	[%rd10+184], %r11;
	bfind.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+192], %r11;
	bfind.shiftamt.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+200], %r11;
	shf.l.clamp.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+208], %r11;
	shf.r.clamp.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+216], %r11;
	shf.r.wrap.b32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+224], %r11;
	bmsk.clamp.b32 	%r11, %r3, %r4;
	st.global.b32 	[%rd10+232], %r11;
	bmsk.wrap.b32 	%r11, %r3, %r4;
	st.global.b32 	[%rd10+240], %r11;
	szext.clamp.s32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+248], %r11;
	szext.wrap.u32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+256], %r11;
	szext.clamp.u32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+264], %r11;
	szext.wrap.s32 	%r11, %r1, %r3;
	st.global.b32 	[%rd10+272], %r11;
	dp2a.lo.u32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+280], %r11;
	dp2a.hi.s32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+288], %r11;
	dp2a.lo.s32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+296], %r11;
	dp4a.u32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+304], %r11;
	dp4a.s32.u32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+312], %r11;
	dp4a.u32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+320], %r11;
	dp4a.s32.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+328], %r11;
	lop3.b32 	%r11, %r1, %r2, %r3, 0x96;
	st.global.b32 	[%rd10+336], %r11;
	lop3.or.b32 	%r11|%p3, %r1, %r2, %r3, 0xe8, %p2;
	st.global.b32 	[%rd10+344], %r11;
	selp.u32 	%r11, 1, 0, %p3;
	st.global.b32 	[%rd10+352], %r11;
	lop3.and.b32 	%r11|%p3, %r1, %r2, %r3, 0x1e, !%p2;
	selp.u32 	%r10, 1, 0, %p3;
	add.s32 	%r11, %r11, %r10;
	st.global.b32 	[%rd10+360], %r11;
	cnot.b32 	%r11, %r4;
	st.global.b32 	[%rd10+368], %r11;
	min.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+376], %r11;
	min.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+384], %r11;
	max.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+392], %r11;
	max.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+400], %r11;
	max.relu.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+408], %r11;
	min.relu.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+416], %r11;
	add.u16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+424], %r11;
	add.s16x2 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+432], %r11;
	min.relu.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+440], %r11;
	max.relu.s32 	%r11, %r1, %r2;
	st.global.b32 	[%rd10+448], %r11;
	mad.hi.sat.s32 	%r11, %r1, %r2, %r3;
	st.global.b32 	[%rd10+456], %r11;
	cnot.b16 	%h2, %h1;
	st.global.b16 	[%rd10+464], %h2;
	popc.b64 	%r11, %rd1;
	st.global.b32 	[%rd10+472], %r11;
	clz.b64 	%r11, %rd1;
	st.global.b32 	[%rd10+480], %r11;
	brev.b64 	%rd11, %rd1;
	st.global.b64 	[%rd10+488], %rd11;
	cnot.b64 	%rd11, %rd2;
	st.global.b64 	[%rd10+496], %rd11;
	mad.wide.u32 	%rd11, %r1, %r2, %rd2;
	st.global.b64 	[%rd10+504], %rd11;
	mad.wide.s32 	%rd11, %r1, %r2, %rd2;
	st.global.b64 	[%rd10+512], %rd11;
	cvt.sat.u8.s32 	%r11, %r1;
	st.global.b32 	[%rd10+520], %r11;
	cvt.sat.s8.u32 	%r11, %r1;
	st.global.b32 	[%rd10+528], %r11;
	cvt.sat.s16.s64 	%h2, %rd1;
	st.global.b16 	[%rd10+536], %h2;
	cvt.sat.u32.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+544], %r11;
	cvt.sat.s32.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+552], %r11;
	cvt.sat.u16.s8 	%h2, %h1;
	st.global.b16 	[%rd10+560], %h2;
	cvt.sat.s8.s16 	%h2, %h1;
	st.global.b16 	[%rd10+568], %h2;
	cvt.sat.u16.s32 	%h2, %r1;
	st.global.b16 	[%rd10+576], %h2;
	cvt.sat.s16.u16 	%h2, %h1;
	st.global.b16 	[%rd10+584], %h2;
	cvt.sat.u64.s64 	%rd11, %rd1;
	st.global.b64 	[%rd10+592], %rd11;
	cvt.sat.s64.u64 	%rd11, %rd1;
	st.global.b64 	[%rd10+600], %rd11;
	cvt.sat.u64.s32 	%rd11, %r1;
	st.global.b64 	[%rd10+608], %rd11;
	cvt.sat.u32.s16 	%r11, %h1;
	st.global.b32 	[%rd10+616], %r11;
	cvt.s8.s32 	%r11, %r1;
	st.global.b32 	[%rd10+624], %r11;
	cvt.u8.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+632], %r11;
	cvt.sat.u8.u64 	%r11, %rd1;
	st.global.b32 	[%rd10+640], %r11;
	cvt.sat.u16.u32 	%h2, %r1;
	st.global.b16 	[%rd10+648], %h2;
	cvt.sat.s32.s64 	%r11, %rd1;
	st.global.b32 	[%rd10+656], %r11;
	ret;
}
#endif // end of intbits.ptx
