// Asynchrony: a kernel launch returns before the kernel finishes. A kernel waits for a flag
// that the host sets in mapped memory only after it has seen cudaStreamQuery and
// cudaEventQuery report cudaErrorNotReady; the host then sets the flag and synchronises.
// (A layer that ran kernels synchronously at launch would see the kernel time out after 5 s
// and fail here instead of hanging.)
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

__device__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void wait_for_host(volatile int *flag, int *result)
{
    unsigned long long t0 = now_ns();
    int v;
    while ((v = *flag) == 0) {
        if (now_ns() - t0 > 5000000000ull) {
            result[0] = -1;  // timed out
            return;
        }
    }
    result[0] = v + 1;
}

__global__ void after(const int *result, int *out) { out[0] = result[0] * 10; }

int main()
{
    int *flag, *dflag, *result, *out;
    CK(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer(&dflag, flag, 0));
    CK(cudaMalloc(&result, sizeof(int)));
    CK(cudaMalloc(&out, sizeof(int)));
    *(volatile int *)flag = 0;
    CK(cudaMemset(result, 0, sizeof(int)));
    CK(cudaDeviceSynchronize());

    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t ev;
    CK(cudaEventCreate(&ev));
    wait_for_host<<<1, 1, 0, s>>>(dflag, result);
    CK(cudaGetLastError());
    CK(cudaEventRecord(ev, s));
    after<<<1, 1, 0, s>>>(result, out);

    cudaError_t qs = cudaStreamQuery(s);
    cudaError_t qe = cudaEventQuery(ev);
    *(volatile int *)flag = 41;  // release the kernel
    CK(cudaStreamSynchronize(s));
    check("stream_query_not_ready", qs == cudaErrorNotReady, "cudaStreamQuery = %s",
          cudaGetErrorName(qs));
    check("event_query_not_ready", qe == cudaErrorNotReady, "cudaEventQuery = %s",
          cudaGetErrorName(qe));
    check("not_ready_text", strcmp(cudaGetErrorName(cudaErrorNotReady), "cudaErrorNotReady") == 0 &&
                                strcmp(cudaGetErrorString(cudaErrorNotReady), "device not ready") == 0,
          "'%s' '%s'", cudaGetErrorName(cudaErrorNotReady), cudaGetErrorString(cudaErrorNotReady));
    // A not-ready query is not an error: cudaGetLastError stays clean.
    cudaError_t last = cudaGetLastError();
    check("not_ready_not_sticky", last == cudaSuccess, "%s", cudaGetErrorName(last));

    int r = 0, o = 0;
    CK(cudaMemcpy(&r, result, sizeof r, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&o, out, sizeof o, cudaMemcpyDeviceToHost));
    check("kernel_saw_host_flag", r == 42, "result %d (-1: timed out)", r);
    check("queued_kernel_after", o == 420, "out %d", o);
    qs = cudaStreamQuery(s);
    qe = cudaEventQuery(ev);
    check("queries_after_sync", qs == cudaSuccess && qe == cudaSuccess, "%s %s",
          cudaGetErrorName(qs), cudaGetErrorName(qe));

    CK(cudaEventDestroy(ev));
    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(flag));
    CK(cudaFree(result));
    CK(cudaFree(out));
    return failed;
}
