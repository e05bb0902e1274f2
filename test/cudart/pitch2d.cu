// Pitched 2D memory: cudaMallocPitch, cudaMemcpy2D in every direction with host and device
// pitches that differ, sub-rectangles, cudaMemset2D, cudaMemcpy2DAsync, a kernel indexing
// rows by pitch, and the error for a pitch smaller than the width.
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

__global__ void scale_rows(float *a, size_t pitch, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float *row = (float *)((char *)a + y * pitch);
        row[x] = row[x] * (y + 1) + x;
    }
}

int main()
{
    const int w = 300, h = 77;  // elements; a row is 1200 bytes
    const int hpitch = 313;      // host rows are wider than the data
    float *host = (float *)malloc(hpitch * h * sizeof(float));
    float *back = (float *)malloc(hpitch * h * sizeof(float));
    for (int y = 0; y < h; y++)
        for (int x = 0; x < hpitch; x++)
            host[y * hpitch + x] = x < w ? (float)(y * 1000 + x) : -1.0f;

    float *d;
    size_t pitch = 0;
    CK(cudaMallocPitch(&d, &pitch, w * sizeof(float), h));
    check("pitch_at_least_width", pitch >= w * sizeof(float), "pitch %zu", pitch);
    CK(cudaMemcpy2D(d, pitch, host, hpitch * sizeof(float), w * sizeof(float), h,
                    cudaMemcpyHostToDevice));
    dim3 block(32, 8), grid((w + 31) / 32, (h + 7) / 8);
    scale_rows<<<grid, block>>>(d, pitch, w, h);
    CK(cudaGetLastError());
    for (int i = 0; i < hpitch * h; i++)
        back[i] = -7.0f;
    CK(cudaMemcpy2D(back, hpitch * sizeof(float), d, pitch, w * sizeof(float), h,
                    cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int y = 0; y < h && bad < 0; y++)
        for (int x = 0; x < hpitch && bad < 0; x++) {
            float want = x < w ? host[y * hpitch + x] * (y + 1) + x : -7.0f;
            if (back[y * hpitch + x] != want)
                bad = y * hpitch + x;
        }
    check("memcpy2d_kernel_roundtrip", bad < 0, "back[%d] = %g", bad, bad < 0 ? 0 : back[bad]);

    // A sub-rectangle device to device: columns 10..59, rows 5..24 of d into the top-left of d2.
    float *d2;
    size_t pitch2 = 0;
    CK(cudaMallocPitch(&d2, &pitch2, 64 * sizeof(float), 32));
    CK(cudaMemset2D(d2, pitch2, 0, 64 * sizeof(float), 32));
    CK(cudaMemcpy2D(d2, pitch2, (char *)d + 5 * pitch + 10 * sizeof(float), pitch,
                    50 * sizeof(float), 20, cudaMemcpyDeviceToDevice));
    float sub[32][64];
    CK(cudaMemcpy2D(sub, sizeof sub[0], d2, pitch2, 64 * sizeof(float), 32,
                    cudaMemcpyDeviceToHost));
    bad = -1;
    for (int y = 0; y < 32 && bad < 0; y++)
        for (int x = 0; x < 64 && bad < 0; x++) {
            float want = 0.0f;
            if (x < 50 && y < 20) {
                int sy = y + 5, sx = x + 10;
                want = host[sy * hpitch + sx] * (sy + 1) + sx;
            }
            if (sub[y][x] != want)
                bad = y * 64 + x;
        }
    check("memcpy2d_subrect_d2d", bad < 0, "sub[%d] = %g", bad,
          bad < 0 ? 0 : sub[bad / 64][bad % 64]);

    // cudaMemset2D on a sub-rectangle only.
    CK(cudaMemset2D((char *)d2 + 2 * pitch2 + 4, pitch2, 0xff, 8, 3));
    CK(cudaMemcpy2D(sub, sizeof sub[0], d2, pitch2, 64 * sizeof(float), 32,
                    cudaMemcpyDeviceToHost));
    unsigned bits;
    memcpy(&bits, &sub[3][1], 4);
    float keep0 = sub[3][0], keep3 = sub[3][3];
    bool ok = bits == 0xffffffffu && keep0 == host[8 * hpitch + 10] * 9 + 10 &&
              keep3 == host[8 * hpitch + 13] * 9 + 13;
    memcpy(&bits, &sub[5][1], 4);
    ok = ok && bits != 0xffffffffu;
    check("memset2d_subrect", ok, "bits %#x", bits);

    // Host to host and the async form.
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    float *pin;
    CK(cudaMallocHost(&pin, w * h * sizeof(float)));
    CK(cudaMemcpy2DAsync(pin, w * sizeof(float), d, pitch, w * sizeof(float), h,
                         cudaMemcpyDeviceToHost, s));
    CK(cudaStreamSynchronize(s));
    bad = -1;
    for (int y = 0; y < h && bad < 0; y++)
        for (int x = 0; x < w && bad < 0; x++)
            if (pin[y * w + x] != back[y * hpitch + x])
                bad = y * w + x;
    check("memcpy2d_async_d2h", bad < 0, "pin[%d] = %g", bad, bad < 0 ? 0 : pin[bad]);
    float tight[4 * 3];
    CK(cudaMemcpy2D(tight, 4 * sizeof(float), host, hpitch * sizeof(float), 4 * sizeof(float),
                    3, cudaMemcpyHostToHost));
    check("memcpy2d_h2h", tight[0] == 0 && tight[5] == 1001 && tight[11] == 2003,
          "tight %g %g %g", tight[0], tight[5], tight[11]);

    // A destination pitch smaller than the width is an error.
    cudaError_t e = cudaMemcpy2D(back, 4, d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToHost);
    check("memcpy2d_bad_pitch", e == cudaErrorInvalidPitchValue, "got %s", cudaGetErrorName(e));
    cudaGetLastError();

    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(pin));
    CK(cudaFree(d));
    CK(cudaFree(d2));
    free(host);
    free(back);
    return failed;
}
