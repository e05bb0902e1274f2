// Managed memory: cudaMallocManaged, __managed__ variables, a pointer-linked structure built
// on the host and walked by a kernel, results read on the host after synchronisation.
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

__managed__ int total_sum;
__managed__ float weights[4] = {1.0f, 0.5f, 0.25f, 0.125f};

struct Node {
    int value;
    Node *next;
};

__global__ void saxpy_weighted(const float *x, float *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = weights[i % 4] * x[i] + y[i];
}

__global__ void walk_lists(Node **heads, int nlists, int *lengths)
{
    int l = blockIdx.x * blockDim.x + threadIdx.x;
    if (l >= nlists)
        return;
    int len = 0, sum = 0;
    for (Node *p = heads[l]; p; p = p->next) {
        len++;
        sum += p->value;
    }
    lengths[l] = len;
    atomicAdd(&total_sum, sum);
}

int main()
{
    const int n = 1 << 16;
    float *x, *y;
    CK(cudaMallocManaged(&x, n * sizeof(float)));
    CK(cudaMallocManaged(&y, n * sizeof(float), cudaMemAttachGlobal));
    for (int i = 0; i < n; i++) {
        x[i] = (float)(i % 100);
        y[i] = (float)(i % 7);
    }
    saxpy_weighted<<<(n + 255) / 256, 256>>>(x, y, n);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    int bad = -1;
    for (int i = 0; i < n && bad < 0; i++) {
        float w[4] = {1.0f, 0.5f, 0.25f, 0.125f};
        if (y[i] != w[i % 4] * (float)(i % 100) + (float)(i % 7))
            bad = i;
    }
    check("managed_saxpy", bad < 0, "y[%d] = %g", bad, bad < 0 ? 0 : y[bad]);

    // The host changes a __managed__ variable; the next kernel sees it.
    weights[0] = 2.0f;
    saxpy_weighted<<<(n + 255) / 256, 256>>>(x, y, n);
    CK(cudaDeviceSynchronize());
    check("managed_variable_host_write", y[4] == 16.0f && y[5] == 10.0f,
          "y[4] = %g y[5] = %g", y[4], y[5]);

    // Linked lists in managed memory, built on the host.
    const int nlists = 50;
    Node **heads;
    int *lengths;
    CK(cudaMallocManaged(&heads, nlists * sizeof(Node *)));
    CK(cudaMallocManaged(&lengths, nlists * sizeof(int)));
    Node *pool;
    const int npool = nlists * (nlists + 1) / 2;
    CK(cudaMallocManaged(&pool, npool * sizeof(Node)));
    int k = 0, want_sum = 0;
    for (int l = 0; l < nlists; l++) {
        heads[l] = nullptr;
        for (int j = 0; j <= l; j++) {  // list l has l+1 nodes
            pool[k].value = k * 3 - l;
            want_sum += k * 3 - l;
            pool[k].next = heads[l];
            heads[l] = &pool[k];
            k++;
        }
    }
    total_sum = 0;
    walk_lists<<<2, 32>>>(heads, nlists, lengths);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    bad = -1;
    for (int l = 0; l < nlists && bad < 0; l++)
        if (lengths[l] != l + 1)
            bad = l;
    check("managed_linked_lists", bad < 0, "length[%d] = %d", bad, bad < 0 ? 0 : lengths[bad]);
    check("managed_atomic_sum", total_sum == want_sum, "sum %d, expected %d", total_sum,
          want_sum);

    cudaPointerAttributes a;
    CK(cudaPointerGetAttributes(&a, x));
    check("attributes_managed", a.type == cudaMemoryTypeManaged, "type %d", (int)a.type);

    // cudaMemcpy from and to managed memory.
    float *d;
    CK(cudaMalloc(&d, n * sizeof(float)));
    CK(cudaMemcpy(d, x, n * sizeof(float), cudaMemcpyDefault));
    CK(cudaMemset(y, 0, n * sizeof(float)));
    CK(cudaMemcpy(y, d, n * sizeof(float), cudaMemcpyDeviceToDevice));
    CK(cudaDeviceSynchronize());
    check("managed_memcpy", memcmp(x, y, n * sizeof(float)) == 0, "copy differs");

    CK(cudaFree(d));
    CK(cudaFree(x));
    CK(cudaFree(y));
    CK(cudaFree(heads));
    CK(cudaFree(lengths));
    CK(cudaFree(pool));
    return failed;
}
