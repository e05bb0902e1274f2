// rt_launch_ex: cudaLaunchKernelEx (the C++ template of cuda_runtime.h,
// which calls cudaLaunchKernelExC) and cudaLaunchKernelExC itself: a plain
// launch with dynamic shared memory on a stream, hints that change no
// result, the cooperative attribute with a grid.sync() kernel, the
// launch-completion event, and a cluster of two CTAs, which this layer
// refuses (every CTA is a cluster of its own).  Also the profiler
// calls, which succeed and do nothing when no profiler is attached.
#include <cooperative_groups.h>
#include <cuda_profiler_api.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s launch-ex/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

// reverses each block's slice through dynamic shared memory, adds k
__global__ void reverse_add(const int *in, int *out, int k)
{
    extern __shared__ int buf[];
    int base = blockIdx.x * blockDim.x;
    buf[threadIdx.x] = in[base + threadIdx.x];
    __syncthreads();
    out[base + threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x] + k;
}

// out[i] = in[(i + 1) % n] after a grid-wide barrier: needs every CTA's store
__global__ void rotate(int *a, int *out, int n)
{
    cg::grid_group g = cg::this_grid();
    for (int i = g.thread_rank(); i < n; i += g.size())
        a[i] = a[i] * 2;
    g.sync();
    for (int i = g.thread_rank(); i < n; i += g.size())
        out[i] = a[(i + 1) % n];
}

int main()
{
    check(cudaProfilerStart() == cudaSuccess && cudaProfilerStop() == cudaSuccess, "profiler-start-stop");

    const int bs = 128, nb = 16, n = bs * nb;
    std::vector<int> h(n), got(n), want(n);
    for (int i = 0; i < n; i++)
        h[i] = i * 5 - 300;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int));
    cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaStream_t s;
    cudaStreamCreate(&s);

    cudaLaunchConfig_t c = {};
    c.gridDim = dim3(nb);
    c.blockDim = dim3(bs);
    c.dynamicSmemBytes = bs * sizeof(int);
    c.stream = s;
    cudaError_t e = cudaLaunchKernelEx(&c, reverse_add, (const int *)din, dout, 7);
    cudaMemcpyAsync(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (int i = 0; i < n; i++)
        want[i] = h[(i / bs) * bs + bs - 1 - i % bs] + 7;
    check(e == cudaSuccess && got == want, "template-no-attributes");

    // hints: priority, programmatic serialization, ignore entries
    cudaLaunchAttribute hints[3] = {};
    hints[0].id = cudaLaunchAttributePriority;
    hints[0].val.priority = 0;
    hints[1].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    hints[1].val.programmaticStreamSerializationAllowed = 1;
    hints[2].id = cudaLaunchAttributeIgnore;
    c.attrs = hints;
    c.numAttrs = 3;
    int k = -11;
    void *args[] = {&din, &dout, &k};
    e = cudaLaunchKernelExC(&c, (const void *)reverse_add, args);
    cudaMemcpyAsync(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost, s);
    cudaStreamSynchronize(s);
    for (int i = 0; i < n; i++)
        want[i] -= 18;
    check(e == cudaSuccess && got == want, "exc-with-hints");

    // launch-completion event: complete once the stream is synchronized
    cudaEvent_t done;
    cudaEventCreate(&done);
    cudaLaunchAttribute ev = {};
    ev.id = cudaLaunchAttributeLaunchCompletionEvent;
    ev.val.launchCompletionEvent.event = done;
    c.attrs = &ev;
    c.numAttrs = 1;
    e = cudaLaunchKernelEx(&c, reverse_add, (const int *)din, dout, 0);
    cudaStreamSynchronize(s);
    check(e == cudaSuccess && cudaEventQuery(done) == cudaSuccess, "launch-completion-event");

    // cooperative attribute: grid.sync() works as with cudaLaunchCooperativeKernel
    int per_sm = 0, sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rotate, 64, 0);
    const int m = 1000;
    std::vector<int> a(m), r(m);
    for (int i = 0; i < m; i++)
        a[i] = i % 23 - 11;
    int *da, *dr;
    cudaMalloc(&da, m * sizeof(int));
    cudaMalloc(&dr, m * sizeof(int));
    cudaMemcpy(da, a.data(), m * sizeof(int), cudaMemcpyHostToDevice);
    cudaLaunchAttribute coop = {};
    coop.id = cudaLaunchAttributeCooperative;
    coop.val.cooperative = 1;
    cudaLaunchConfig_t cc = {};
    cc.gridDim = dim3(sms * per_sm);
    cc.blockDim = dim3(64);
    cc.attrs = &coop;
    cc.numAttrs = 1;
    e = cudaLaunchKernelEx(&cc, rotate, da, dr, m);
    cudaError_t se = cudaDeviceSynchronize();
    cudaMemcpy(r.data(), dr, m * sizeof(int), cudaMemcpyDeviceToHost);
    bool ok = e == cudaSuccess && se == cudaSuccess;
    for (int i = 0; i < m; i++)
        ok &= r[i] == 2 * a[(i + 1) % m];
    check(ok, "cooperative-attribute-grid-sync");
    cc.gridDim = dim3(sms * per_sm + 1);
    check(cudaLaunchKernelEx(&cc, rotate, da, dr, m) == cudaErrorCooperativeLaunchTooLarge, "cooperative-too-large");
    cudaGetLastError();

    // a cluster of two CTAs: not supported here
    cudaLaunchAttribute cl = {};
    cl.id = cudaLaunchAttributeClusterDimension;
    cl.val.clusterDim.x = 2;
    cl.val.clusterDim.y = 1;
    cl.val.clusterDim.z = 1;
    c.attrs = &cl;
    c.numAttrs = 1;
    check(cudaLaunchKernelEx(&c, reverse_add, (const int *)din, dout, 0) == cudaErrorNotSupported, "cluster-refused");
    cudaGetLastError();
    cl.val.clusterDim.x = 1; // a cluster of one CTA is every CTA here
    check(cudaLaunchKernelEx(&c, reverse_add, (const int *)din, dout, 0) == cudaSuccess &&
              cudaStreamSynchronize(s) == cudaSuccess,
          "cluster-of-one");
    check(cudaLaunchKernelExC(nullptr, (const void *)reverse_add, args) == cudaErrorInvalidValue, "null-config");
    cudaGetLastError();
    cudaStreamDestroy(s);
    return failures != 0;
}
