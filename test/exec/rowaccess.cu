// Shared-memory accesses whose addresses have a known shape per row of the
// block (the same in a row, or contiguous in it), in blocks whose warps
// span one, two or more rows, partial warps and masked lanes; and shapes
// the analysis must not trust (a loop with a per-lane trip count, an index
// chosen per row parity).  test/exec/rowaccess.c has the C references.

// C = A * B, n x n, tiles of blockDim.x x blockDim.x (square blocks), any n.
extern "C" __global__ void matmul_dyn(int n, const float *a, const float *b, float *c)
{
    extern __shared__ float sh[];
    int t = blockDim.x;
    float *ta = sh, *tb = sh + t * t;
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * t + ty, col = blockIdx.x * t + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += t) {
        ta[ty * t + tx] = row < n && k0 + tx < n ? a[row * n + k0 + tx] : 0.0f;
        tb[ty * t + tx] = k0 + ty < n && col < n ? b[(k0 + ty) * n + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < t; k++)
            acc += ta[ty * t + k] * tb[k * t + tx];
        __syncthreads();
    }
    if (row < n && col < n)
        c[row * n + col] = acc;
}

// One block of any shape over a w x h image.
extern "C" __global__ void rows(int w, int h, const float *in, float *out)
{
    extern __shared__ float sh[];
    int bw = blockDim.x, bh = blockDim.y, tx = threadIdx.x, ty = threadIdx.y;
    int gx = blockIdx.x * bw + tx, gy = blockIdx.y * bh + ty;
    bool inside = gx < w && gy < h;
    sh[ty * bw + tx] = inside ? in[gy * w + gx] : -1.0f;
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < bw; k++)
        acc += sh[ty * bw + k] * (float)(k + 1);
    for (int k = 0; k < bh; k++)
        acc += sh[k * bw + tx] * (float)(2 * k + 1);
    if ((gx + 2 * gy) % 3 != 0) {
        acc += 100.0f * sh[ty * bw];
        acc += 1000.0f * sh[ty * bw + tx];
    }
    // a per-lane trip count: j ends equal to tx in every lane
    int j = 0;
    while (j < tx)
        j++;
    acc += 10000.0f * sh[ty * bw + j];
    // steps that differ per row
    int idx = ty & 1 ? ty * bw + tx : ty * bw + (bw - 1 - tx);
    acc += 0.5f * sh[idx];
    if (inside)
        out[gy * w + gx] = acc;
}

// 32-bit indices that wrap inside a warp before mul.wide: the lanes'
// addresses are 16 GiB apart on either side of the wrap (the host maps
// both places), so one vector access from the first lane would be wrong.
extern "C" __global__ void wrap_u(const float *base, unsigned off, float *out)
{
    unsigned u = threadIdx.x + off;
    out[threadIdx.x] = base[u];
}

extern "C" __global__ void wrap_s(const float *base, int off, float *out)
{
    int i = (int)threadIdx.x + off;
    out[threadIdx.x] = base[i];
}
