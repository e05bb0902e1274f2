// cudaLaunchHostFunc (and cudaStreamAddCallback): host functions run in stream order, after
// the work queued before them and before the work queued after them.
#include <atomic>
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

__global__ void set_value(int *d, int v) { d[threadIdx.x] = v + threadIdx.x; }

// Reads a value the host function wrote into mapped host memory.
__global__ void read_mapped(const volatile int *m, int *out, int slot) { out[slot] = m[0] * 2; }

static std::atomic<int> counter(0);

struct Item {
    const int *watch;  // pinned host memory filled by the copy just before the host function
    int seen;
    int pos;
    int *mapped;       // where to leave a value for the next kernel
    int leave;
};

static void CUDART_CB host_fn(void *p)
{
    Item *it = (Item *)p;
    it->pos = counter.fetch_add(1);
    it->seen = *it->watch;
    if (it->mapped)
        *(volatile int *)it->mapped = it->leave;
}

static void CUDART_CB old_callback(cudaStream_t, cudaError_t status, void *p)
{
    Item *it = (Item *)p;
    it->pos = counter.fetch_add(1);
    it->seen = status == cudaSuccess ? *it->watch : -999;
}

int main()
{
    const int nsteps = 10;
    cudaStream_t s;
    CK(cudaStreamCreate(&s));
    int *d, *pin, *mapped, *dmapped, *dout;
    CK(cudaMalloc(&d, 32 * sizeof(int)));
    CK(cudaMalloc(&dout, nsteps * sizeof(int)));
    CK(cudaMallocHost(&pin, nsteps * sizeof(int)));
    CK(cudaHostAlloc(&mapped, sizeof(int), cudaHostAllocMapped));
    CK(cudaHostGetDevicePointer(&dmapped, mapped, 0));
    *mapped = -1;
    Item items[nsteps];
    for (int j = 0; j < nsteps; j++) {
        pin[j] = -1;
        items[j] = {pin + j, -1, -1, mapped, 1000 + j};
        set_value<<<1, 32, 0, s>>>(d, j * 10 + 1);
        CK(cudaMemcpyAsync(pin + j, d + 3, sizeof(int), cudaMemcpyDeviceToHost, s));
        CK(cudaLaunchHostFunc(s, host_fn, &items[j]));
        read_mapped<<<1, 1, 0, s>>>(dmapped, dout, j);
    }
    CK(cudaGetLastError());
    CK(cudaStreamSynchronize(s));
    bool order = true, seen = true;
    for (int j = 0; j < nsteps; j++) {
        order = order && items[j].pos == j;
        seen = seen && items[j].seen == j * 10 + 1 + 3;
    }
    check("host_func_order", order, "positions %d %d %d ...", items[0].pos, items[1].pos,
          items[2].pos);
    check("host_func_after_copy", seen, "seen %d %d %d ...", items[0].seen, items[1].seen,
          items[2].seen);
    int hout[nsteps];
    CK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
    bool after = true;
    for (int j = 0; j < nsteps; j++)
        after = after && hout[j] == (1000 + j) * 2;
    check("kernel_after_host_func", after, "kernel read %d %d %d ...", hout[0], hout[1],
          hout[2]);

    // Host functions on two streams, ordered through an event.
    cudaStream_t s2;
    CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    cudaEvent_t ev;
    CK(cudaEventCreate(&ev));
    counter = 0;
    Item a = {pin, -1, -1, nullptr, 0}, b = {pin + 1, -1, -1, nullptr, 0};
    set_value<<<1, 32, 0, s>>>(d, 500);
    CK(cudaMemcpyAsync(pin, d, 2 * sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaLaunchHostFunc(s, host_fn, &a));
    CK(cudaEventRecord(ev, s));
    CK(cudaStreamWaitEvent(s2, ev, 0));
    CK(cudaLaunchHostFunc(s2, host_fn, &b));
    CK(cudaStreamSynchronize(s2));
    CK(cudaStreamSynchronize(s));
    check("host_func_across_streams", a.pos == 0 && b.pos == 1 && a.seen == 500 && b.seen == 501,
          "a pos %d seen %d, b pos %d seen %d", a.pos, a.seen, b.pos, b.seen);

    // The older cudaStreamAddCallback.
    counter = 0;
    Item c = {pin + 5, -1, -1, nullptr, 0};
    set_value<<<1, 32, 0, s>>>(d, 70);
    CK(cudaMemcpyAsync(pin + 5, d + 7, sizeof(int), cudaMemcpyDeviceToHost, s));
    CK(cudaStreamAddCallback(s, old_callback, &c, 0));
    CK(cudaStreamSynchronize(s));
    check("stream_add_callback", c.pos == 0 && c.seen == 77, "pos %d seen %d", c.pos, c.seen);

    CK(cudaEventDestroy(ev));
    CK(cudaStreamDestroy(s));
    CK(cudaStreamDestroy(s2));
    CK(cudaFree(d));
    CK(cudaFree(dout));
    CK(cudaFreeHost(pin));
    CK(cudaFreeHost(mapped));
    return failed;
}
