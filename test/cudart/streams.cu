// Streams: create/destroy (with flags and priorities), in-order execution of many dependent
// kernels per stream, cudaStreamWaitEvent between streams, cudaStreamQuery after
// synchronisation, cudaStreamGetFlags/GetPriority.
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

// a = a * m + k: the order of the steps matters (they do not commute).
__global__ void step(unsigned *a, int n, unsigned m, unsigned k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = a[i] * m + k;
}

// Slow producer: one thread iterates long enough that a missing dependency would show.
__global__ void slow_produce(unsigned *out, unsigned seed, int iters)
{
    unsigned x = seed;
    for (int i = 0; i < iters; i++)
        x = x * 1664525u + 1013904223u;
    out[0] = x;
    out[1] = 1;
}

__global__ void consume(const unsigned *in, unsigned *out) { out[threadIdx.x] = in[0] + in[1] * threadIdx.x; }

static unsigned lcg(unsigned x, int iters)
{
    for (int i = 0; i < iters; i++)
        x = x * 1664525u + 1013904223u;
    return x;
}

int main()
{
    const int n = 4096, nstreams = 4, nsteps = 50;
    cudaStream_t st[nstreams];
    unsigned *d[nstreams], *h = (unsigned *)malloc(n * sizeof(unsigned));
    for (int k = 0; k < nstreams; k++) {
        if (k % 2)
            CK(cudaStreamCreateWithFlags(&st[k], cudaStreamNonBlocking));
        else
            CK(cudaStreamCreate(&st[k]));
        CK(cudaMalloc(&d[k], n * sizeof(unsigned)));
        CK(cudaMemsetAsync(d[k], 0, n * sizeof(unsigned), st[k]));
    }
    // Interleave the launches across the streams.
    for (int j = 0; j < nsteps; j++)
        for (int k = 0; k < nstreams; k++)
            step<<<n / 256, 256, 0, st[k]>>>(d[k], n, 3 + 2 * j, j * 7 + k);
    CK(cudaGetLastError());
    for (int k = 0; k < nstreams; k++) {
        CK(cudaStreamSynchronize(st[k]));
        cudaError_t q = cudaStreamQuery(st[k]);
        char name[64];
        sprintf(name, "stream_query_after_sync_%d", k);
        check(name, q == cudaSuccess, "cudaStreamQuery = %s", cudaGetErrorName(q));
        CK(cudaMemcpy(h, d[k], n * sizeof(unsigned), cudaMemcpyDeviceToHost));
        unsigned want = 0;
        for (int j = 0; j < nsteps; j++)
            want = want * (3 + 2 * j) + j * 7 + k;
        int bad = -1;
        for (int i = 0; i < n && bad < 0; i++)
            if (h[i] != want)
                bad = i;
        sprintf(name, "in_order_stream_%d", k);
        check(name, bad < 0, "a[%d] = %u, expected %u", bad, bad < 0 ? 0 : h[bad], want);
    }

    unsigned fl = 99;
    CK(cudaStreamGetFlags(st[1], &fl));
    check("stream_flags_nonblocking", fl == cudaStreamNonBlocking, "flags %u", fl);
    CK(cudaStreamGetFlags(st[0], &fl));
    check("stream_flags_default", fl == cudaStreamDefault, "flags %u", fl);

    int lo = 0, hi = 0;
    CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    cudaStream_t prio;
    CK(cudaStreamCreateWithPriority(&prio, cudaStreamNonBlocking, hi));
    int got = 12345;
    CK(cudaStreamGetPriority(prio, &got));
    check("stream_priority", got == hi && hi <= lo, "priority %d (range %d..%d)", got, lo, hi);

    // cudaStreamWaitEvent: stream B consumes what a slow kernel on stream A produces.
    cudaStream_t a, b;
    CK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
    CK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
    cudaEvent_t ev;
    CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    unsigned *prod, *cons, hc[64];
    CK(cudaMalloc(&prod, 2 * sizeof(unsigned)));
    CK(cudaMalloc(&cons, 64 * sizeof(unsigned)));
    CK(cudaMemset(prod, 0, 2 * sizeof(unsigned)));
    CK(cudaDeviceSynchronize());
    const int iters = 1 << 20;
    slow_produce<<<1, 1, 0, a>>>(prod, 12345u, iters);
    CK(cudaEventRecord(ev, a));
    CK(cudaStreamWaitEvent(b, ev, 0));
    consume<<<1, 64, 0, b>>>(prod, cons);
    CK(cudaMemcpyAsync(hc, cons, sizeof hc, cudaMemcpyDeviceToHost, b));
    CK(cudaStreamSynchronize(b));
    unsigned want0 = lcg(12345u, iters);
    bool ok = true;
    for (int i = 0; i < 64; i++)
        ok = ok && hc[i] == want0 + i;
    check("stream_wait_event", ok, "consumer saw %u (+%u), expected %u", hc[0], hc[1] - hc[0],
          want0);

    // The event completed with stream A's work.
    cudaError_t q = cudaEventQuery(ev);
    check("event_query_after_wait", q == cudaSuccess, "%s", cudaGetErrorName(q));

    CK(cudaEventDestroy(ev));
    CK(cudaStreamDestroy(a));
    CK(cudaStreamDestroy(b));
    CK(cudaStreamDestroy(prio));
    for (int k = 0; k < nstreams; k++) {
        CK(cudaStreamDestroy(st[k]));
        CK(cudaFree(d[k]));
    }
    CK(cudaFree(prod));
    CK(cudaFree(cons));
    free(h);
    return failed;
}
