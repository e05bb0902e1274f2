// A spin-wait across warps of one CTA: warp 0 sleeps in a loop until
// warp 1 sets a flag in shared memory.  Only works if nanosleep lets the
// other warp run.  Reference: rt_spin.c.
extern "C" __global__ void spin_wait(int *out)
{
    __shared__ volatile int flag;
    __shared__ volatile int value;
    if (threadIdx.x == 0)
        flag = 0;
    __syncthreads();
    if (threadIdx.x == 32) {
        value = 42 + blockIdx.x;
        __threadfence_block();
        flag = 1;
    }
    if (threadIdx.x == 0) {
        int spins = 0;
        while (flag == 0) {
            __nanosleep(100);
            spins++;
        }
        out[2 * blockIdx.x] = value;
        out[2 * blockIdx.x + 1] = spins > 0;
    }
}

// One warp alone: __nanosleep must still sleep (about the time asked, at
// most 1 ms a call).
extern "C" __global__ void sleepy(int *out)
{
    for (int i = 0; i < 4; i++)
        __nanosleep(500000);
    out[threadIdx.x] = 1;
}
