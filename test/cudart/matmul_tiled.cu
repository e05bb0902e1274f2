// Matrix multiply with shared-memory tiles (16x16 and 32x8 via a template), sizes that are
// not multiples of the tile, C = alpha*A*B + beta*C; integers stored in floats so the result
// is exact and compared bit for bit with a CPU triple loop.
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

template <int TX, int TY, int TK>
__global__ void matmul(const float *A, const float *Bm, float *C, int M, int N, int K, float alpha,
                       float beta)
{
    __shared__ float As[TY][TK];
    __shared__ float Bs[TK][TX];
    int row = blockIdx.y * TY + threadIdx.y, col = blockIdx.x * TX + threadIdx.x;
    float acc = 0;
    for (int k0 = 0; k0 < K; k0 += TK) {
        for (int k = threadIdx.x; k < TK; k += TX)
            As[threadIdx.y][k] = row < M && k0 + k < K ? A[row * K + k0 + k] : 0.0f;
        for (int k = threadIdx.y; k < TK; k += TY)
            Bs[k][threadIdx.x] = col < N && k0 + k < K ? Bm[(k0 + k) * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TK; k++)
            acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < M && col < N)
        C[row * N + col] = alpha * acc + beta * C[row * N + col];
}

template <int TX, int TY, int TK> static void run(const char *name, int M, int N, int K)
{
    float *A = (float *)malloc(M * K * sizeof(float)), *Bm = (float *)malloc(K * N * sizeof(float));
    float *C = (float *)malloc(M * N * sizeof(float)), *R = (float *)malloc(M * N * sizeof(float));
    for (int i = 0; i < M * K; i++)
        A[i] = (float)((i * 7) % 11 - 5);
    for (int i = 0; i < K * N; i++)
        Bm[i] = (float)((i * 5) % 13 - 6);
    for (int i = 0; i < M * N; i++)
        C[i] = (float)(i % 9);
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, M * K * sizeof(float)));
    CK(cudaMalloc(&dB, K * N * sizeof(float)));
    CK(cudaMalloc(&dC, M * N * sizeof(float)));
    CK(cudaMemcpy(dA, A, M * K * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, Bm, K * N * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, C, M * N * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(TX, TY), grid((N + TX - 1) / TX, (M + TY - 1) / TY);
    matmul<TX, TY, TK><<<grid, block>>>(dA, dB, dC, M, N, K, 2.0f, -1.0f);
    CK(cudaGetLastError());
    CK(cudaMemcpy(R, dC, M * N * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    float wbad = 0;
    for (int i = 0; i < M && bad < 0; i++)
        for (int j = 0; j < N && bad < 0; j++) {
            long long s = 0;
            for (int k = 0; k < K; k++)
                s += (long long)A[i * K + k] * (long long)Bm[k * N + j];
            float want = (float)(2 * s - (long long)C[i * N + j]);
            if (R[i * N + j] != want) {
                bad = i * N + j;
                wbad = want;
            }
        }
    check(name, bad < 0, "C[%d] = %g, expected %g", bad, bad < 0 ? 0 : R[bad], wbad);
    CK(cudaFree(dA));
    CK(cudaFree(dB));
    CK(cudaFree(dC));
    free(A);
    free(Bm);
    free(C);
    free(R);
}

int main()
{
    run<16, 16, 16>("tile16_square_128", 128, 128, 128);
    run<16, 16, 16>("tile16_odd_sizes", 77, 45, 93);
    run<32, 8, 32>("tile32x8_rect", 64, 160, 96);
    run<32, 8, 32>("tile32x8_thin", 1, 33, 200);
    return failed;
}
