// rt_streams: streams run their work in order and apart from the host;
// events measure real elapsed time; cudaStreamWaitEvent orders streams;
// host functions and callbacks run in stream order; the legacy default
// stream waits for the other streams' work.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

static int failures;
static void check(bool ok, const char *what)
{
    printf("%s streams/%s\n", ok ? "PASS" : "FAIL", what);
    failures += !ok;
}

__global__ void step(int *v, int n, int mul, int add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] * mul + add;
}

static std::atomic<int> order[8];
static std::atomic<int> ticks;

static void CUDART_CB host_fn(void *arg)
{
    order[(long)arg] = ++ticks;
}

static void CUDART_CB sleeper(void *arg)
{
    std::this_thread::sleep_for(std::chrono::milliseconds((long)arg));
}

static void CUDART_CB callback(cudaStream_t, cudaError_t status, void *arg)
{
    order[(long)arg] = status == cudaSuccess ? ++ticks : -1;
}

int main()
{
    const int n = 4096;
    int *d, h[n];
    cudaMalloc(&d, n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaStream_t s1, s2;
    check(cudaStreamCreate(&s1) == cudaSuccess && cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking) == cudaSuccess,
          "create");

    // in order: (((x*2)+1)*3)+5, copies included, all async
    cudaMemcpyAsync(d, h, sizeof h, cudaMemcpyHostToDevice, s1);
    step<<<n / 256, 256, 0, s1>>>(d, n, 2, 1);
    step<<<n / 256, 256, 0, s1>>>(d, n, 3, 5);
    cudaLaunchHostFunc(s1, host_fn, (void *)0);
    cudaStreamAddCallback(s1, callback, (void *)1, 0);
    int out[n];
    cudaMemcpyAsync(out, d, sizeof out, cudaMemcpyDeviceToHost, s1);
    check(cudaStreamSynchronize(s1) == cudaSuccess, "synchronize");
    bool ok = true;
    for (int i = 0; i < n; i++)
        ok &= out[i] == (i * 2 + 1) * 3 + 5;
    check(ok, "in-order-kernels-and-copies");
    check(order[0] == 1 && order[1] == 2, "host-function-then-callback");
    check(cudaStreamQuery(s1) == cudaSuccess, "query-idle");

    // the host goes on while the stream works
    cudaLaunchHostFunc(s1, sleeper, (void *)200);
    auto t0 = std::chrono::steady_clock::now();
    cudaError_t q = cudaStreamQuery(s1);
    double queued_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    check(q == cudaErrorNotReady && queued_ms < 100, "asynchronous");
    cudaStreamSynchronize(s1);

    // events: real time
    cudaEvent_t a, b, c;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventCreateWithFlags(&c, cudaEventDisableTiming);
    cudaEventRecord(a, s1);
    cudaLaunchHostFunc(s1, sleeper, (void *)50);
    cudaEventRecord(b, s1);
    check(cudaEventSynchronize(b) == cudaSuccess, "event-synchronize");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, a, b) == cudaSuccess && ms >= 45 && ms < 2000, "elapsed-time");
    printf("    elapsed %.1f ms around a 50 ms sleep\n", ms);
    cudaEventRecord(c, s1);
    cudaEventSynchronize(c);
    check(cudaEventElapsedTime(&ms, a, c) == cudaErrorInvalidResourceHandle, "elapsed-time-without-timing-fails");
    check(cudaEventQuery(b) == cudaSuccess, "event-query");

    // s2 waits for an event of s1: s1 sleeps then writes 7, s2 then doubles
    order[2] = order[3] = 0;
    cudaLaunchHostFunc(s1, sleeper, (void *)100);
    cudaLaunchHostFunc(s1, host_fn, (void *)2);
    cudaEventRecord(a, s1);
    cudaStreamWaitEvent(s2, a, 0);
    cudaLaunchHostFunc(s2, host_fn, (void *)3);
    cudaStreamSynchronize(s2);
    check(order[2] > 0 && order[3] > order[2], "wait-event");

    // legacy default stream: a kernel on stream 0 starts after s1's work
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaLaunchHostFunc(s1, sleeper, (void *)100);
    step<<<n / 256, 256, 0, s1>>>(d, n, 10, 0);
    step<<<n / 256, 256>>>(d, n, 1, 1); // after s1's kernel: i*10+1
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    ok = true;
    for (int i = 0; i < n; i++)
        ok &= out[i] == i * 10 + 1;
    check(ok, "legacy-default-stream-waits");

    check(cudaDeviceSynchronize() == cudaSuccess, "device-synchronize");
    check(cudaStreamDestroy(s1) == cudaSuccess && cudaStreamDestroy(s2) == cudaSuccess, "destroy");
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    cudaEventDestroy(c);
    cudaFree(d);
    return failures != 0;
}
