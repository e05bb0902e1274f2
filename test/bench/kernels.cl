// kernels.cu's kernels in OpenCL C 1.2 for the OpenCL back end (ocl.c),
// the same floating-point operations in the same order: fma where the CUDA
// version calls fmaf, and no other contraction.  No shuffles in OpenCL
// C 1.2: the reduction is a tree in local memory.
#pragma OPENCL FP_CONTRACT OFF
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

kernel void saxpy(int n, float a, global const float *x, global float *y)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = fma(a, x[i], y[i]);
}

// Work-groups of 256.
kernel void reduce(int n, global const uint *x, global ulong *sum)
{
    local uint part[256];
    int i = get_global_id(0), l = get_local_id(0);
    part[l] = i < n ? x[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int o = 128; o > 0; o >>= 1) {
        if (l < o)
            part[l] += part[l + o];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        atom_add(sum, (ulong)part[0]);
}

kernel void mandelbrot(int w, int h, float x0, float y0, float dx, float dy, int maxit,
                       global int *out)
{
    int px = get_global_id(0), py = get_global_id(1);
    if (px >= w || py >= h)
        return;
    float cr = fma((float)px, dx, x0), ci = fma((float)py, dy, y0);
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (it < maxit && fma(zr, zr, zi * zi) <= 4.0f) {
        float t = fma(zr, zr, fma(-zi, zi, cr));
        zi = fma(2.0f * zr, zi, ci);
        zr = t;
        it++;
    }
    out[py * w + px] = it;
}

#define TILE 16

kernel void matmul(int n, global const float *a, global const float *b, global float *c)
{
    local float ta[TILE][TILE], tb[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int row = get_group_id(1) * TILE + ty, col = get_group_id(0) * TILE + tx;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        ta[ty][tx] = a[row * n + k0 + tx];
        tb[ty][tx] = b[(k0 + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TILE; k++)
            acc = fma(ta[ty][k], tb[k][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    c[row * n + col] = acc;
}

kernel void hotspot(int w, int h, global const float *temp, global const float *power,
                    global float *out, float cap, float rx, float ry, float rz, float amb)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int i = y * w + x;
    float t = temp[i];
    float n = y > 0 ? temp[i - w] : t;
    float s = y < h - 1 ? temp[i + w] : t;
    float e = x < w - 1 ? temp[i + 1] : t;
    float wst = x > 0 ? temp[i - 1] : t;
    float d = power[i] + (n + s - 2.0f * t) * ry + (e + wst - 2.0f * t) * rx + (amb - t) * rz;
    out[i] = t + cap * d;
}

kernel void bfs(int nodes, global const int *row, global const int *col, global int *dist,
                int level, global int *more)
{
    int v = get_global_id(0);
    if (v >= nodes || dist[v] != level)
        return;
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (dist[u] == -1 && atomic_cmpxchg(&dist[u], -1, level + 1) == -1)
            *more = 1;
    }
}

kernel void empty(void)
{
}
