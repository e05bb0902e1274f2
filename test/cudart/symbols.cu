// __constant__ and __device__ variables: cudaMemcpyToSymbol/FromSymbol (and Async, with
// offsets), cudaGetSymbolAddress/Size, a kernel reading constants and writing a device
// variable, statically initialised device variables.
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

#define NC 64
__constant__ float coef[NC];
__constant__ int scale = 3;                      // initialised in the image
__device__ int counter;                          // written by kernels
__device__ double table[16] = {1.5, 2.5, 3.5};   // partly initialised, rest zero
__device__ unsigned char small_flag = 7;         // one byte
struct Params {
    int n;
    float bias;
    short tag[3];
};
__constant__ Params params;

__global__ void apply(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < params.n) {
        out[i] = in[i] * coef[i % NC] * scale + params.bias + params.tag[i % 3];
        atomicAdd(&counter, 1);
    }
}

__global__ void read_table(double *out, unsigned char *flag_out)
{
    int i = threadIdx.x;
    out[i] = table[i] * 2.0;
    if (i == 0)
        *flag_out = small_flag;
}

__global__ void bump_table() { table[threadIdx.x] += threadIdx.x; }

int main()
{
    const int n = 1000;
    float h_coef[NC];
    for (int i = 0; i < NC; i++)
        h_coef[i] = 0.5f + i * 0.25f;
    CK(cudaMemcpyToSymbol(coef, h_coef, sizeof h_coef));
    Params p = {n, 1.0f, {10, 20, 30}};
    CK(cudaMemcpyToSymbol(params, &p, sizeof p));
    int zero = 0;
    CK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));

    float *h_in = (float *)malloc(n * sizeof(float)), *h_out = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h_in[i] = (float)(i % 17) - 8.0f;
    float *d_in, *d_out;
    CK(cudaMalloc(&d_in, n * sizeof(float)));
    CK(cudaMalloc(&d_out, n * sizeof(float)));
    CK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
    apply<<<(n + 127) / 128, 128>>>(d_in, d_out);
    CK(cudaGetLastError());
    CK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++) {
        float want = h_in[i] * h_coef[i % NC] * 3 + 1.0f + p.tag[i % 3];
        if (h_out[i] != want)
            bad = i;
    }
    check("constant_read", bad < 0, "out[%d] = %g, expected %g", bad, bad < 0 ? 0 : h_out[bad],
          bad < 0 ? 0 : h_in[bad] * h_coef[bad % NC] * 3 + 1.0f + p.tag[bad % 3]);

    int cnt = -1;
    CK(cudaMemcpyFromSymbol(&cnt, counter, sizeof cnt));
    check("device_var_from_symbol", cnt == n, "counter = %d, expected %d", cnt, n);

    // Initialised values in the image.
    int sc = 0;
    CK(cudaMemcpyFromSymbol(&sc, scale, sizeof sc));
    check("constant_initialiser", sc == 3, "scale = %d", sc);
    double h_table[16];
    CK(cudaMemcpyFromSymbol(h_table, table, sizeof h_table));
    bool tok = h_table[0] == 1.5 && h_table[1] == 2.5 && h_table[2] == 3.5;
    for (int i = 3; i < 16; i++)
        tok = tok && h_table[i] == 0.0;
    check("device_initialiser", tok, "table = %g %g %g %g", h_table[0], h_table[1], h_table[2],
          h_table[3]);

    // Offsets: write table[4..7], read back table[2..9].
    double four[4] = {40, 50, 60, 70};
    CK(cudaMemcpyToSymbol(table, four, sizeof four, 4 * sizeof(double)));
    double mid[8];
    CK(cudaMemcpyFromSymbol(mid, table, sizeof mid, 2 * sizeof(double)));
    double want_mid[8] = {3.5, 0, 40, 50, 60, 70, 0, 0};
    check("symbol_offsets", memcmp(mid, want_mid, sizeof mid) == 0, "mid = %g %g %g %g %g %g",
          mid[0], mid[1], mid[2], mid[3], mid[4], mid[5]);

    // A kernel sees what the host wrote, the host sees what the kernel wrote.
    double *d_tab_out;
    unsigned char *d_flag;
    CK(cudaMalloc(&d_tab_out, 16 * sizeof(double)));
    CK(cudaMalloc(&d_flag, 1));
    read_table<<<1, 16>>>(d_tab_out, d_flag);
    CK(cudaGetLastError());
    double got_tab[16];
    unsigned char got_flag = 0;
    CK(cudaMemcpy(got_tab, d_tab_out, sizeof got_tab, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&got_flag, d_flag, 1, cudaMemcpyDeviceToHost));
    check("kernel_sees_symbol_write", got_tab[4] == 80 && got_tab[2] == 7 && got_tab[15] == 0,
          "got %g %g %g", got_tab[2], got_tab[4], got_tab[15]);
    check("one_byte_variable", got_flag == 7, "small_flag = %d", got_flag);

    // cudaGetSymbolAddress / Size.
    void *addr = nullptr;
    size_t sz = 0;
    CK(cudaGetSymbolAddress(&addr, table));
    CK(cudaGetSymbolSize(&sz, table));
    check("symbol_size_table", sz == sizeof(double) * 16, "size = %zu", sz);
    size_t szp = 0, szf = 0;
    CK(cudaGetSymbolSize(&szp, params));
    CK(cudaGetSymbolSize(&szf, small_flag));
    check("symbol_size_struct", szp == sizeof(Params) && szf == 1, "params %zu, flag %zu", szp,
          szf);
    // Plain cudaMemcpy through the symbol's address reaches the same storage.
    double via_addr[16];
    CK(cudaMemcpy(via_addr, addr, sizeof via_addr, cudaMemcpyDeviceToHost));
    check("symbol_address_read", via_addr[5] == 50 && via_addr[0] == 1.5, "via addr %g %g",
          via_addr[0], via_addr[5]);
    double nine = 9.25;
    CK(cudaMemcpy((double *)addr + 15, &nine, sizeof nine, cudaMemcpyHostToDevice));
    bump_table<<<1, 16>>>();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpyFromSymbol(h_table, table, sizeof h_table));
    check("symbol_address_write", h_table[15] == 9.25 + 15 && h_table[1] == 2.5 + 1,
          "table[15] = %g, table[1] = %g", h_table[15], h_table[1]);
    // The address also works as a kernel argument (d2d copy to the symbol).
    CK(cudaMemcpyToSymbol(table, d_tab_out, 16 * sizeof(double), 0, cudaMemcpyDeviceToDevice));
    CK(cudaMemcpyFromSymbol(h_table, table, sizeof h_table));
    check("symbol_device_to_device", h_table[4] == 80 && h_table[2] == 7, "table[4] = %g",
          h_table[4]);

    // Async forms on a stream.
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    int *pinned;
    CK(cudaMallocHost(&pinned, 2 * sizeof(int)));
    pinned[0] = 1234;
    CK(cudaMemcpyToSymbolAsync(counter, pinned, sizeof(int), 0, cudaMemcpyHostToDevice, s));
    CK(cudaMemcpyFromSymbolAsync(pinned + 1, counter, sizeof(int), 0, cudaMemcpyDeviceToHost,
                                 s));
    CK(cudaStreamSynchronize(s));
    check("symbol_async", pinned[1] == 1234, "counter = %d", pinned[1]);

    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pinned));
    CK(cudaFree(d_in));
    CK(cudaFree(d_out));
    CK(cudaFree(d_tab_out));
    CK(cudaFree(d_flag));
    free(h_in);
    free(h_out);
    return failed;
}
