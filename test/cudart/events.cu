// Events: create/destroy, record on streams, synchronize, query, elapsed time of a kernel
// that does real work (> 0 and additive), cudaEventDisableTiming, events never recorded.
#include <cmath>
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

__global__ void busy(float *a, int n, int iters)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = a[i];
    for (int k = 0; k < iters; k++)
        x = x * 0.999f + 0.5f;
    a[i] = x;
}

int main()
{
    const int n = 1 << 16, iters = 256;
    float *d, *h = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 1000);
    CK(cudaMalloc(&d, n * sizeof(float)));
    CK(cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice));

    cudaEvent_t start, mid, stop;
    CK(cudaEventCreate(&start));
    CK(cudaEventCreateWithFlags(&mid, cudaEventDefault));
    CK(cudaEventCreate(&stop));

    // Never recorded: query and synchronize succeed.
    cudaError_t q = cudaEventQuery(start);
    check("query_unrecorded", q == cudaSuccess, "%s", cudaGetErrorName(q));

    CK(cudaEventRecord(start));
    busy<<<n / 256, 256>>>(d, n, iters);
    CK(cudaEventRecord(mid, 0));
    busy<<<n / 256, 256>>>(d, n, iters);
    CK(cudaEventRecord(stop, 0));
    CK(cudaEventSynchronize(stop));
    q = cudaEventQuery(stop);
    check("query_after_synchronize", q == cudaSuccess, "%s", cudaGetErrorName(q));
    q = cudaEventQuery(start);
    check("query_earlier_event", q == cudaSuccess, "%s", cudaGetErrorName(q));

    float t_all = -1, t1 = -1, t2 = -1;
    CK(cudaEventElapsedTime(&t_all, start, stop));
    CK(cudaEventElapsedTime(&t1, start, mid));
    CK(cudaEventElapsedTime(&t2, mid, stop));
    check("elapsed_positive", t_all > 0 && t1 > 0 && t2 > 0, "t %g = %g + %g ms", t_all, t1, t2);
    check("elapsed_additive", fabsf(t1 + t2 - t_all) <= 0.01f + 1e-4f * t_all,
          "%g + %g != %g", t1, t2, t_all);
    check("elapsed_plausible", t_all < 60000.0f, "%g ms", t_all);
    float back = 0;
    CK(cudaEventElapsedTime(&back, stop, start));
    check("elapsed_negative_reversed", back < 0 && fabsf(back + t_all) <= 0.01f + 1e-4f * t_all,
          "reversed %g vs %g", back, t_all);

    // The kernel really ran (results match a CPU computation within rounding).
    CK(cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++) {
        double x = (double)(i % 1000);
        for (int k = 0; k < 2 * iters; k++)
            x = x * 0.999 + 0.5;
        if (fabs(h[i] - x) > 1e-3 * fabs(x) + 1e-3)
            bad = i;
    }
    check("busy_kernel_result", bad < 0, "a[%d] = %g", bad, bad < 0 ? 0 : h[bad]);

    // Events on a stream; an event recorded again moves forward.
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    CK(cudaEventRecord(start, s));
    busy<<<n / 256, 256, 0, s>>>(d, n, iters);
    CK(cudaEventRecord(stop, s));
    CK(cudaStreamSynchronize(s));
    float t_s = -1;
    CK(cudaEventElapsedTime(&t_s, start, stop));
    check("elapsed_on_stream", t_s > 0, "%g ms", t_s);
    CK(cudaEventElapsedTime(&t1, mid, start));
    check("rerecorded_event_is_later", t1 > 0, "mid -> start %g ms", t1);

    // Timing disabled: elapsed time is refused with cudaErrorInvalidResourceHandle.
    cudaEvent_t nt;
    CK(cudaEventCreateWithFlags(&nt, cudaEventDisableTiming));
    CK(cudaEventRecord(nt, s));
    CK(cudaEventSynchronize(nt));
    float dummy = 0;
    cudaError_t e = cudaEventElapsedTime(&dummy, start, nt);
    check("elapsed_disable_timing", e == cudaErrorInvalidResourceHandle, "%s",
          cudaGetErrorName(e));
    cudaGetLastError();

    // Blocking-sync event.
    cudaEvent_t bs;
    CK(cudaEventCreateWithFlags(&bs, cudaEventBlockingSync));
    busy<<<n / 256, 256, 0, s>>>(d, n, 4);
    CK(cudaEventRecord(bs, s));
    CK(cudaEventSynchronize(bs));
    q = cudaEventQuery(bs);
    check("blocking_sync_event", q == cudaSuccess, "%s", cudaGetErrorName(q));

    CK(cudaEventDestroy(start));
    CK(cudaEventDestroy(mid));
    CK(cudaEventDestroy(stop));
    CK(cudaEventDestroy(nt));
    CK(cudaEventDestroy(bs));
    CK(cudaStreamDestroy(s));
    CK(cudaFree(d));
    free(h);
    return failed;
}
