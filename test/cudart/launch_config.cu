// Launch configurations: 1D/2D/3D grids and blocks, dynamic shared memory, a stream as the
// fourth argument, cudaLaunchKernel called directly, many small launches.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int failed = 0;
static void check(const char *name, bool ok, const char *fmt, ...)
{
    if (ok) {
        printf("PASS %s\n", name);
        return;
    }
    failed = 1;
    printf("FAIL %s: ", name);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}
#define CK(call)                                                                         \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        if (e_ != cudaSuccess) {                                                         \
            printf("FAIL cuda_call: line %d: %s returned %s\n", __LINE__, #call,         \
                   cudaGetErrorName(e_));                                                \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

// Every thread writes its coordinates into the slot given by its global linear index.
__global__ void coords(int4 *out)
{
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned nthreads = blockDim.x * blockDim.y * blockDim.z;
    unsigned g = b * nthreads + t;
    out[g] = make_int4(blockIdx.x | (blockIdx.y << 10) | (blockIdx.z << 20),
                       threadIdx.x | (threadIdx.y << 10) | (threadIdx.z << 20),
                       gridDim.x | (gridDim.y << 10) | (gridDim.z << 20),
                       blockDim.x | (blockDim.y << 10) | (blockDim.z << 20));
}

static bool run_coords(dim3 grid, dim3 block, char *detail)
{
    size_t total = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
    int4 *d, *h = (int4 *)malloc(total * sizeof(int4));
    CK(cudaMalloc(&d, total * sizeof(int4)));
    CK(cudaMemset(d, 0xff, total * sizeof(int4)));
    coords<<<grid, block>>>(d);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h, d, total * sizeof(int4), cudaMemcpyDeviceToHost));
    CK(cudaFree(d));
    size_t g = 0;
    bool ok = true;
    int gd = grid.x | (grid.y << 10) | (grid.z << 20);
    int bd = block.x | (block.y << 10) | (block.z << 20);
    for (unsigned bz = 0; bz < grid.z; bz++)
        for (unsigned by = 0; by < grid.y; by++)
            for (unsigned bx = 0; bx < grid.x; bx++)
                for (unsigned tz = 0; tz < block.z; tz++)
                    for (unsigned ty = 0; ty < block.y; ty++)
                        for (unsigned tx = 0; tx < block.x; tx++, g++) {
                            int wb = bx | (by << 10) | (bz << 20);
                            int wt = tx | (ty << 10) | (tz << 20);
                            if (ok && (h[g].x != wb || h[g].y != wt || h[g].z != gd ||
                                       h[g].w != bd)) {
                                sprintf(detail, "slot %zu: block %x thread %x (want %x %x)", g,
                                        h[g].x, h[g].y, wb, wt);
                                ok = false;
                            }
                        }
    free(h);
    return ok;
}

// Dynamic shared memory: reverse each block's slice through shared memory.
__global__ void reverse_block(const int *in, int *out)
{
    extern __shared__ int buf[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    buf[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = buf[blockDim.x - 1 - threadIdx.x];
}

__global__ void add_scalar(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += a;
}

__global__ void mixed_args(char c, short s, int i, long long ll, float f, double d,
                           const int *p, int *out)
{
    out[0] = c;
    out[1] = s;
    out[2] = i;
    out[3] = (int)(ll >> 32);
    out[4] = (int)(ll & 0xffffffff);
    out[5] = (int)(f * 4);
    out[6] = (int)(d * 8);
    out[7] = p[3];
}

int main()
{
    char detail[256] = "";
    struct {
        const char *name;
        dim3 grid, block;
    } cases[] = {
        {"grid_1d", dim3(37), dim3(64)},
        {"grid_1d_odd_block", dim3(5), dim3(33)},
        {"grid_2d", dim3(7, 5), dim3(16, 8)},
        {"grid_3d", dim3(3, 4, 5), dim3(4, 4, 4)},
        {"block_1024", dim3(2), dim3(1024)},
        {"block_3d_thin", dim3(2, 1, 3), dim3(1, 2, 64)},
        {"single_thread", dim3(1), dim3(1)},
    };
    for (auto &c : cases) {
        detail[0] = 0;
        bool ok = run_coords(c.grid, c.block, detail);
        check(c.name, ok, "%s", detail);
    }

    // Dynamic shared memory with several block sizes.
    const int n = 1 << 12;
    int *h_in = (int *)malloc(n * sizeof(int)), *h_out = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        h_in[i] = i * 7 + 3;
    int *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(int)));
    CK(cudaMalloc(&d_out, n * sizeof(int)));
    CK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
    int bsizes[] = {32, 64, 256, 512, 1024};
    for (int bs : bsizes) {
        reverse_block<<<n / bs, bs, bs * sizeof(int)>>>(d_in, d_out);
        CK(cudaGetLastError());
        CK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
        int bad = -1;
        for (int i = 0; i < n && bad < 0; i++) {
            int blk = i / bs, t = i % bs;
            if (h_out[i] != h_in[blk * bs + bs - 1 - t])
                bad = i;
        }
        char name[64];
        sprintf(name, "dynamic_shared_%d", bs);
        check(name, bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : h_out[bad]);
    }

    // A stream as the fourth launch argument; 200 launches in order.
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    const int m = 1000;
    float *d_x, h_x[m];
    CK(cudaMalloc(&d_x, m * sizeof(float)));
    CK(cudaMemsetAsync(d_x, 0, m * sizeof(float), s));
    for (int k = 0; k < 200; k++)
        add_scalar<<<(m + 255) / 256, 256, 0, s>>>(d_x, 0.5f, m);
    CK(cudaGetLastError());
    CK(cudaMemcpyAsync(h_x, d_x, sizeof h_x, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    int bad = -1;
    for (int i = 0; i < m && bad < 0; i++)
        if (h_x[i] != 100.0f)
            bad = i;
    check("stream_launches", bad < 0, "x[%d] = %g, expected 100", bad, bad < 0 ? 0 : h_x[bad]);

    // cudaLaunchKernel with an argument array, and arguments of many sizes.
    int *d_args_out, h_args_out[8];
    CK(cudaMalloc(&d_args_out, sizeof h_args_out));
    char c = -5;
    short sh = -1234;
    int iv = 123456789;
    long long ll = 0x1234567887654321LL;
    float f = 2.75f;
    double dd = -3.125;
    const int *p = d_in;
    void *args[] = {&c, &sh, &iv, &ll, &f, &dd, &p, &d_args_out};
    CK(cudaLaunchKernel((const void *)mixed_args, dim3(1), dim3(1), args, 0, s));
    CK(cudaMemcpyAsync(h_args_out, d_args_out, sizeof h_args_out, cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    int want[8] = {-5, -1234, 123456789, 0x12345678, (int)0x87654321, 11, -25, h_in[3]};
    check("cudaLaunchKernel_args", memcmp(h_args_out, want, sizeof want) == 0,
          "got %d %d %d %x %x %d %d %d", h_args_out[0], h_args_out[1], h_args_out[2],
          h_args_out[3], h_args_out[4], h_args_out[5], h_args_out[6], h_args_out[7]);
    // The same through <<<>>>.
    CK(cudaMemset(d_args_out, 0, sizeof h_args_out));
    mixed_args<<<1, 1>>>(c, sh, iv, ll, f, dd, p, d_args_out);
    CK(cudaMemcpy(h_args_out, d_args_out, sizeof h_args_out, cudaMemcpyDeviceToHost));
    check("triple_chevron_args", memcmp(h_args_out, want, sizeof want) == 0,
          "got %d %d %d %x %x %d %d %d", h_args_out[0], h_args_out[1], h_args_out[2],
          h_args_out[3], h_args_out[4], h_args_out[5], h_args_out[6], h_args_out[7]);

    // cudaLaunchKernel with dynamic shared memory.
    int bs = 128;
    void *args2[] = {&d_in, &d_out};
    CK(cudaLaunchKernel((const void *)reverse_block, dim3(n / bs), dim3(bs), args2,
                        bs * sizeof(int), 0));
    CK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    bad = -1;
    for (int i = 0; i < n && bad < 0; i++)
        if (h_out[i] != h_in[(i / bs) * bs + bs - 1 - i % bs])
            bad = i;
    check("cudaLaunchKernel_shared", bad < 0, "out[%d] = %d", bad, bad < 0 ? 0 : h_out[bad]);

    CK(cudaStreamDestroy(s));
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    CK(cudaFree(d_x));
    CK(cudaFree(d_args_out));
    free(h_in);
    free(h_out);
    return failed;
}
