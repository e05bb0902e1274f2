// nvcc-flags: -arch=sm_80
// __syncthreads() inside loops whose trip count differs per lane (issue 13,
// "Barriers and lanes that leave a loop").  Lanes that leave the loop must
// not hold up the barrier their warp-mates wait at: they run on until they
// exit or reach a barrier themselves (bar.sync counts threads, and a thread
// that exited no longer counts).  The data flow is race-free under that
// rule: a lane reads its neighbour's slot one barrier after the neighbour
// last wrote it.  (On a GPU these shapes are undefined for the .aligned
// bar.sync; an H100 hangs on them: docs/runtime.md states the rule
// ptx2native follows.)  Reference: bar_loop.c.

// the loop exit branches to a block that only does ret
extern "C" __global__ void exit_ret(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        out[t] = acc;
        __syncthreads();
    }
}

// the loop exit runs more code before ret
extern "C" __global__ void exit_more(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    int i = 0;
    while (i < n) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        __syncthreads();
        i++;
    }
    out[t] = acc * 2 + 1;
    if (acc & 1)
        out[t] += 7;
}

// the loop exit reaches a second barrier
extern "C" __global__ void exit_bar(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        __syncthreads();
        acc = acc * 3 + v + i;
        s[t] = acc;
        __syncthreads();
    }
    __syncthreads();
    out[t] = acc ^ 0x55;
}

// the loop inside a divergent if, a barrier after the if
extern "C" __global__ void in_if(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    if (t % 3 != 0) {
        for (int i = 0; i < n; i++) {
            int v = s[(t + 1) % blockDim.x];
            __syncthreads();
            acc = acc * 3 + v + i;
            s[t] = acc;
            __syncthreads();
        }
    }
    __syncthreads();
    out[t] = acc;
}

// a real deadlock: the first warp waits at barrier 1 for every thread,
// the others at barrier 2; no thread exits
extern "C" __global__ void deadlock(int *out, const int *cnt)
{
    if (threadIdx.x < 32)
        asm volatile("bar.sync 1;");
    else
        asm volatile("bar.sync 2;");
    out[threadIdx.x] = 1;
}

// a barrier on one side of a divergent if: the other side's lanes run on
// to the code after the if and exit, and no longer count
extern "C" __global__ void one_side(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    if (cnt[t] & 1) {
        s[t] = t * 7;
        __syncthreads();
        out[t] = (cnt[t ^ 2] & 1) ? s[t ^ 2] : -5;
    } else {
        out[t] = -t;
    }
    out[t] += 1000;
}

// __syncthreads_count in the loop: it counts the threads still in it
extern "C" __global__ void count_loop(int *out, const int *cnt)
{
    __shared__ int s[128];
    int t = threadIdx.x, n = cnt[t], acc = t * 5 + 1;
    s[t] = acc;
    __syncthreads();
    for (int i = 0; i < n; i++) {
        int v = s[(t + 1) % blockDim.x];
        int c = __syncthreads_count(v & 1);
        acc = acc * 3 + v + i + c;
        s[t] = acc;
        __syncthreads();
    }
    out[t] = acc;
}
