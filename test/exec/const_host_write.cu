/* __constant__ data set by the host (cudaMemcpyToSymbol / cuMemcpyHtoD
 * on the address cuModuleGetGlobal gives) before the launch. */
__constant__ int coef[4];
extern "C" __global__ void usecoef(int *o)
{
    int t = threadIdx.x;
    o[t] = coef[t % 4] * t;
}
