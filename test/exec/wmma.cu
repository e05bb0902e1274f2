// The CUDA WMMA API (mma.h), f16 m16n16k16, one warp: fragments loaded
// from global and shared memory in both layouts, a loop over k tiles,
// element-wise work on an accumulator fragment, f16 and f32 accumulators.
#include <mma.h>
using namespace nvcuda;

// D = 2 (A B + C); A row-major 16 x k (lda), B col-major k x 16 (ldb),
// C row-major (ldc), D col-major (ldc).
extern "C" __global__ void wmma_f32(const half *a, const half *b, const float *c, float *d, int k, int lda,
                                    int ldb, int ldc)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fc, c, ldc, wmma::mem_row_major);
    for (int kt = 0; kt < k; kt += 16) {
        wmma::load_matrix_sync(fa, a + kt, lda);
        wmma::load_matrix_sync(fb, b + kt, ldb);
        wmma::mma_sync(fc, fa, fb, fc);
    }
    for (int i = 0; i < fc.num_elements; i++)
        fc.x[i] *= 2.0f;
    wmma::store_matrix_sync(d, fc, ldc, wmma::mem_col_major);
}

// D = A B + 1 in f16; A col-major, B row-major through shared memory.
extern "C" __global__ void wmma_f16(const half *a, const half *b, half *d)
{
    __shared__ __align__(32) half sb[256];
    for (int i = threadIdx.x; i < 256; i += 32)
        sb[i] = b[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::fill_fragment(fc, 1.0f);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
