// __syncwarp() on the divergent paths of a warp (independent thread
// scheduling, sm_70+): the lanes of every side meet at the syncs and
// exchange values through shared memory.  Reference: syncwarp_div.c.

// lanes 0..15 write, sync twice and read what the upper half wrote between
// the syncs; lanes 16..31 sync, read the lower half's value, write, sync.
// In block 1, lanes 28..31 exit first (they are not waited for).
extern "C" __global__ void ifelse(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, lim = blockIdx.x == 1 ? 28 : 32;
    const int *a = in + blockIdx.x * blockDim.x;
    if (lane >= lim)
        return;
    int v;
    if (lane < 16) {
        s[t] = a[t] * 3 + 1;
        __syncwarp();
        __syncwarp();
        v = lane + 16 < lim ? s[t + 16] : -1;
    } else {
        __syncwarp();
        v = s[t - 16];
        s[t] = v + a[t];
        __syncwarp();
    }
    out[blockIdx.x * blockDim.x + t] = v;
}

// three groups by lane % 3, each with its two __syncwarp() calls at other
// points: group 0 writes, group 1 adds one to its left neighbour's value
// between the syncs, groups 0 and 2 read that after the second.
extern "C" __global__ void three(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, g = lane % 3, v;
    if (g == 0) {
        s[t] = in[t];
        __syncwarp();
        __syncwarp();
        v = lane < 31 ? s[t + 1] : -1;
    } else if (g == 1) {
        __syncwarp();
        s[t] = s[t - 1] + 1;
        __syncwarp();
        v = s[t];
    } else {
        __syncwarp();
        __syncwarp();
        v = s[t - 1] * 2;
    }
    out[t] = v;
}

// a member mask that names only the lanes on the running path: lanes
// 0..15 exchange among themselves while lanes 16..31 take another path
// without any sync (they are not members, so they are not waited for).
extern "C" __global__ void subset(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, v;
    if (lane < 16) {
        s[t] = in[t] + 5;
        __syncwarp(0xffff);
        v = s[t ^ 1];
    } else {
        v = in[t] * 7;
    }
    out[t] = v;
}

// a loop whose trip count differs per lane (1..4 by lane % 4), two
// __syncwarp() in it: a lane that left the loop stores its value and
// exits, so it is no longer waited for; the lanes still in the loop read
// their pair's latest value.
extern "C" __global__ void loop(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x, lane = t & 31, n = lane % 4 + 1, v = in[t];
    for (int i = 0; i < n; i++) {
        s[t] = v;
        __syncwarp();
        v = s[t ^ 1] + i;
        __syncwarp();
    }
    out[t] = v;
}

// the two sides of a branch meet at __syncwarp(), then all warps at a
// barrier: each thread adds the value of a thread of the other warp.
extern "C" __global__ void mixed(const int *in, int *out)
{
    __shared__ int s[64], r[64];
    int t = threadIdx.x, lane = t & 31, v;
    if (lane % 3 == 0) {
        s[t] = in[t];
        __syncwarp();
        v = 1;
    } else {
        __syncwarp();
        v = s[t - lane % 3] + 2;
    }
    r[t] = v;
    __syncthreads();
    out[t] = v * 1000 + r[t ^ 32];
}

// the exchange of ifelse inside a function that the whole warp calls
__device__ __noinline__ int exchange(int *s, int t, int x)
{
    int lane = t & 31, v;
    if (lane & 4) {
        s[t] = x;
        __syncwarp();
        v = 0;
    } else {
        __syncwarp();
        v = s[t ^ 4];
    }
    return v;
}

extern "C" __global__ void infunc(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    out[t] = exchange(s, t, in[t] + 9);
}
