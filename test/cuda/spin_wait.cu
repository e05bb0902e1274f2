// One warp waits (with __nanosleep) for a flag another warp sets.
extern "C" __global__ void spin_wait(int *out)
{
    __shared__ volatile int flag;
    __shared__ volatile int value;
    if (threadIdx.x == 0)
        flag = 0;
    __syncthreads();
    if (threadIdx.x == 32) {
        value = 42;
        __threadfence_block();
        flag = 1;
    }
    if (threadIdx.x == 0) {
        while (flag == 0)
            __nanosleep(100);
        out[0] = value;
    }
}
