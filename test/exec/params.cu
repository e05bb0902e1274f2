struct S { char c; double d; int i[3]; short s; };
extern "C" __global__ void many(char a, short b, int c, long long d, float e, double f, unsigned char g,
                                 unsigned short h, unsigned i, unsigned long long j, S s, double *o)
{
    if (threadIdx.x != 0) return;
    o[0] = a; o[1] = b; o[2] = c; o[3] = (double)d; o[4] = e; o[5] = f; o[6] = g; o[7] = h; o[8] = i;
    o[9] = (double)j; o[10] = s.c; o[11] = s.d; o[12] = s.i[0]; o[13] = s.i[1]; o[14] = s.i[2]; o[15] = s.s;
}
