// The legacy default stream: work on it waits for earlier work on every blocking stream, and
// work on blocking streams waits for earlier work on it; cudaMemcpy (which runs on the
// default stream) sees the results of kernels on other blocking streams;
// cudaDeviceSynchronize waits for every stream.
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

__global__ void slow_produce(unsigned *out, unsigned seed, int iters)
{
    unsigned x = seed;
    for (int i = 0; i < iters; i++)
        x = x * 1664525u + 1013904223u;
    out[0] = x;
}

__global__ void copy_one(const unsigned *in, unsigned *out) { out[0] = in[0] ^ 0xabcdu; }

static unsigned lcg(unsigned x, int iters)
{
    for (int i = 0; i < iters; i++)
        x = x * 1664525u + 1013904223u;
    return x;
}

int main()
{
    const int iters = 1 << 20;
    unsigned *buf, *out, h = 0;
    CK(cudaMalloc(&buf, 4 * sizeof(unsigned)));
    CK(cudaMalloc(&out, 4 * sizeof(unsigned)));
    CK(cudaMemset(buf, 0, 4 * sizeof(unsigned)));
    CK(cudaMemset(out, 0, 4 * sizeof(unsigned)));
    cudaStream_t s1, s2;
    CK(cudaStreamCreate(&s1));  // blocking with respect to the legacy default stream
    CK(cudaStreamCreate(&s2));

    // 1. Blocking stream, then the default stream.
    slow_produce<<<1, 1, 0, s1>>>(buf, 1u, iters);
    copy_one<<<1, 1>>>(buf, out);
    CK(cudaStreamSynchronize(0));
    CK(cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost));
    unsigned want = lcg(1u, iters) ^ 0xabcdu;
    check("blocking_stream_then_default", h == want, "got %u, expected %u", h, want);

    // 2. Default stream, then a blocking stream.
    slow_produce<<<1, 1>>>(buf + 1, 2u, iters);
    copy_one<<<1, 1, 0, s2>>>(buf + 1, out + 1);
    CK(cudaStreamSynchronize(s2));
    CK(cudaMemcpy(&h, out + 1, sizeof h, cudaMemcpyDeviceToHost));
    want = lcg(2u, iters) ^ 0xabcdu;
    check("default_then_blocking_stream", h == want, "got %u, expected %u", h, want);

    // 3. Two blocking streams ordered through a default-stream launch between them.
    slow_produce<<<1, 1, 0, s1>>>(buf + 2, 3u, iters);
    copy_one<<<1, 1>>>(buf + 2, out + 2);       // waits for s1
    copy_one<<<1, 1, 0, s2>>>(out + 2, out + 3); // waits for the default stream
    CK(cudaStreamSynchronize(s2));
    unsigned h2[4];
    CK(cudaMemcpy(h2, out, sizeof h2, cudaMemcpyDeviceToHost));
    want = lcg(3u, iters) ^ 0xabcdu ^ 0xabcdu;
    check("blocking_default_blocking", h2[3] == want, "got %u, expected %u", h2[3], want);

    // 4. Synchronous cudaMemcpy sees a kernel queued on a blocking stream.
    slow_produce<<<1, 1, 0, s1>>>(buf + 3, 4u, iters);
    CK(cudaMemcpy(&h, buf + 3, sizeof h, cudaMemcpyDeviceToHost));
    want = lcg(4u, iters);
    check("memcpy_waits_for_blocking_stream", h == want, "got %u, expected %u", h, want);

    // 5. cudaDeviceSynchronize waits for all streams, non-blocking ones included.
    cudaStream_t nb;
    CK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    unsigned *pin;
    CK(cudaMallocHost(&pin, 3 * sizeof(unsigned)));
    pin[0] = pin[1] = pin[2] = 0;
    slow_produce<<<1, 1, 0, nb>>>(buf, 5u, iters);
    CK(cudaMemcpyAsync(pin, buf, sizeof(unsigned), cudaMemcpyDeviceToHost, nb));
    slow_produce<<<1, 1, 0, s1>>>(buf + 1, 6u, iters);
    CK(cudaMemcpyAsync(pin + 1, buf + 1, sizeof(unsigned), cudaMemcpyDeviceToHost, s1));
    slow_produce<<<1, 1, 0, s2>>>(buf + 2, 7u, iters);
    CK(cudaMemcpyAsync(pin + 2, buf + 2, sizeof(unsigned), cudaMemcpyDeviceToHost, s2));
    CK(cudaDeviceSynchronize());
    bool ok = pin[0] == lcg(5u, iters) && pin[1] == lcg(6u, iters) && pin[2] == lcg(7u, iters);
    check("device_synchronize_all_streams", ok, "got %u %u %u", pin[0], pin[1], pin[2]);

    CK(cudaFreeHost(pin));
    CK(cudaStreamDestroy(s1));
    CK(cudaStreamDestroy(s2));
    CK(cudaStreamDestroy(nb));
    CK(cudaFree(buf));
    CK(cudaFree(out));
    return failed;
}
