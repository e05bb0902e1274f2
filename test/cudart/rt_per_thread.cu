// rt_per_thread: a program built with --default-stream per-thread
// (rt_per_thread.flags) calls the _ptds / _ptsz forms of the runtime API
// (cudaMemset_ptds, cudaMemsetAsync_ptsz, cudaEventRecord_ptsz, ...),
// with stream 0 meaning the per-thread default stream.  Each group of
// calls is checked against values computed here on the host.
#include <cstdio>
#include <cstring>
#include <vector>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s per-thread/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__device__ int table[64];

__global__ void add_index(int *p, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += k * i;
}

__global__ void sum_table(int *out)
{
    atomicAdd(out, table[threadIdx.x]);
}

static void CUDART_CB host_fn(void *data)
{
    *(int *)data += 1;
}

static void CUDART_CB stream_cb(cudaStream_t, cudaError_t e, void *data)
{
    *(int *)data += e == cudaSuccess ? 10 : 1000;
}

int main()
{
    const int n = 4096;
    std::vector<int> h(n), want(n);
    int *d;
    cudaMalloc(&d, n * sizeof(int));

    // memset, then a kernel, then memsetAsync over half of it
    check(cudaMemset(d, 0x01, n * sizeof(int)) == cudaSuccess, "memset");
    add_index<<<n / 256, 256>>>(d, n, 3);
    check(cudaMemsetAsync(d, 0, n / 2 * sizeof(int), 0) == cudaSuccess, "memset-async");
    cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        want[i] = i < n / 2 ? 0 : 0x01010101 + 3 * i;
    check(h == want, "memset-kernel-memset-async-in-order");

    // cudaLaunchKernel on stream 0
    int nn = n, k = -1;
    void *args[] = {&d, &nn, &k};
    check(cudaLaunchKernel((const void *)add_index, dim3(n / 128), dim3(128), args, 0, 0) == cudaSuccess,
          "launch-kernel");
    cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        want[i] -= i;
    check(h == want, "launch-kernel-result");

    // 2D: copy a 16 x 8 window of a pitched array and clear one row of it
    const int w = 16, rows = 8, pitch = 64;
    std::vector<int> src(rows * pitch), win(w * rows);
    for (int i = 0; i < rows * pitch; i++)
        src[i] = i * 7 - 5;
    int *d2;
    cudaMalloc(&d2, rows * pitch * sizeof(int));
    check(cudaMemcpy2D(d2, pitch * sizeof(int), src.data(), pitch * sizeof(int), w * sizeof(int), rows,
                       cudaMemcpyHostToDevice) == cudaSuccess,
          "memcpy2d");
    check(cudaMemset2D(d2 + pitch, pitch * sizeof(int), 0, w * sizeof(int), 1) == cudaSuccess, "memset2d");
    check(cudaMemset2DAsync(d2 + 2 * pitch, pitch * sizeof(int), 0xff, w * sizeof(int), 1, 0) == cudaSuccess,
          "memset2d-async");
    check(cudaMemcpy2DAsync(win.data(), w * sizeof(int), d2, pitch * sizeof(int), w * sizeof(int), rows,
                            cudaMemcpyDeviceToHost, 0) == cudaSuccess,
          "memcpy2d-async");
    cudaStreamSynchronize(0);
    bool ok = true;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < w; c++)
            ok &= win[r * w + c] == (r == 1 ? 0 : r == 2 ? -1 : src[r * pitch + c]);
    check(ok, "2d-window");

    // 3D: one 16 x 8 x 2 box copied from the host, a layer cleared
    std::vector<int> box(w * rows * 2), back(w * rows * 2);
    for (size_t i = 0; i < box.size(); i++)
        box[i] = (int)i * 3 + 1;
    cudaPitchedPtr dp;
    cudaExtent ext = make_cudaExtent(w * sizeof(int), rows, 2);
    cudaMalloc3D(&dp, ext);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(box.data(), w * sizeof(int), w, rows);
    p.dstPtr = dp;
    p.extent = ext;
    p.kind = cudaMemcpyHostToDevice;
    check(cudaMemcpy3D(&p) == cudaSuccess, "memcpy3d");
    cudaPitchedPtr layer1 = dp;
    layer1.ptr = (char *)dp.ptr + dp.pitch * rows;
    check(cudaMemset3D(layer1, 0, make_cudaExtent(w * sizeof(int), rows, 1)) == cudaSuccess, "memset3d");
    cudaMemcpy3DParms q = {};
    q.srcPtr = dp;
    q.dstPtr = make_cudaPitchedPtr(back.data(), w * sizeof(int), w, rows);
    q.extent = ext;
    q.kind = cudaMemcpyDeviceToHost;
    check(cudaMemcpy3DAsync(&q, 0) == cudaSuccess, "memcpy3d-async");
    cudaStreamSynchronize(0);
    ok = true;
    for (size_t i = 0; i < box.size(); i++)
        ok &= back[i] == (i < box.size() / 2 ? box[i] : 0);
    check(ok, "3d-box");

    // symbols
    int tab[64], tab2[64];
    for (int i = 0; i < 64; i++)
        tab[i] = i * i - 30;
    check(cudaMemcpyToSymbol(table, tab, 32 * sizeof(int)) == cudaSuccess &&
              cudaMemcpyToSymbolAsync(table, tab + 32, 32 * sizeof(int), 32 * sizeof(int),
                                      cudaMemcpyHostToDevice, 0) == cudaSuccess,
          "to-symbol");
    int *dsum;
    cudaMalloc(&dsum, sizeof(int));
    cudaMemset(dsum, 0, sizeof(int));
    sum_table<<<1, 64>>>(dsum);
    int sum = 0, want_sum = 0;
    for (int i = 0; i < 64; i++)
        want_sum += tab[i];
    memset(tab2, 0, sizeof tab2);
    check(cudaMemcpyFromSymbol(tab2, table, 16 * sizeof(int)) == cudaSuccess &&
              cudaMemcpyFromSymbolAsync(tab2 + 16, table, 48 * sizeof(int), 16 * sizeof(int),
                                        cudaMemcpyDeviceToHost, 0) == cudaSuccess,
          "from-symbol");
    cudaMemcpy(&sum, dsum, sizeof(int), cudaMemcpyDeviceToHost);
    check(sum == want_sum && memcmp(tab, tab2, sizeof tab) == 0, "symbol-values");

    // stream-ordered allocation, host functions, callbacks, events
    int *da = nullptr;
    check(cudaMallocAsync((void **)&da, 256 * sizeof(int), 0) == cudaSuccess && da, "malloc-async");
    cudaMemsetAsync(da, 0, 256 * sizeof(int), 0);
    add_index<<<1, 256>>>(da, 256, 5);
    int hf = 0, cb = 0;
    check(cudaLaunchHostFunc(0, host_fn, &hf) == cudaSuccess, "host-func");
    check(cudaStreamAddCallback(0, stream_cb, &cb, 0) == cudaSuccess, "stream-callback");
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    check(cudaEventRecord(e0, 0) == cudaSuccess && cudaEventRecordWithFlags(e1, 0, 0) == cudaSuccess,
          "event-record");
    check(cudaMemPrefetchAsync(da, 256 * sizeof(int), cudaMemLocation{cudaMemLocationTypeDevice, 0}, 0, 0) ==
              cudaSuccess,
          "prefetch");
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    check(cudaStreamWaitEvent(s, e1, 0) == cudaSuccess, "stream-wait-event");
    add_index<<<1, 256, 0, s>>>(da, 256, 1);
    std::vector<int> ha(256);
    cudaMemcpyAsync(ha.data(), da, 256 * sizeof(int), cudaMemcpyDeviceToHost, s);
    check(cudaStreamSynchronize(s) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess, "synchronize");
    ok = hf == 1 && cb == 10;
    for (int i = 0; i < 256; i++)
        ok &= ha[i] == 6 * i;
    check(ok, "ordered-results");
    check(cudaStreamQuery(0) == cudaSuccess && cudaEventQuery(e1) == cudaSuccess, "query");
    float ms = -1;
    check(cudaEventElapsedTime(&ms, e0, e1) == cudaSuccess && ms >= 0, "elapsed");
    unsigned flags = 99;
    int prio = 99, least = 0, greatest = 0;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    check(cudaStreamGetFlags(0, &flags) == cudaSuccess && cudaStreamGetPriority(0, &prio) == cudaSuccess &&
              prio <= least && prio >= greatest,
          "stream-flags-priority");
    check(cudaFreeAsync(da, 0) == cudaSuccess && cudaStreamSynchronize(0) == cudaSuccess, "free-async");
    check(cudaGetLastError() == cudaSuccess, "no-error");
    cudaStreamDestroy(s);
    return failures != 0;
}
