// Atomics from many threads on global and shared memory: atomicAdd (int, unsigned long long,
// float on exactly representable values, double), atomicSub, atomicMin/Max (signed and
// unsigned), atomicAnd/Or/Xor, atomicExch, atomicInc/atomicDec with wrap-around, an
// atomicCAS loop (multiplication), and atomicAdd's return value handing out unique slots.
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

struct Acc {
    int add, sub, mn, mx;
    unsigned umn, umx, and_, or_, xor_, inc, dec, exch_seen;
    unsigned long long add64;
    float fadd;
    double dadd;
    unsigned long long cas_prod;  // product mod 2^64 through an atomicCAS loop
};

__device__ void cas_mul(unsigned long long *p, unsigned long long m)
{
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        old = atomicCAS(p, assumed, assumed * m);
    } while (old != assumed);
}

__global__ void hammer(const int *v, int n, Acc *acc, unsigned *slots, int *slot_owner)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int x = v[i];
    atomicAdd(&acc->add, x);
    atomicSub(&acc->sub, x);
    atomicMin(&acc->mn, x);
    atomicMax(&acc->mx, x);
    atomicMin(&acc->umn, (unsigned)x);
    atomicMax(&acc->umx, (unsigned)x);
    atomicAnd(&acc->and_, (unsigned)x | 0xf0f0f0f0u);
    atomicOr(&acc->or_, 1u << (i % 32));
    atomicXor(&acc->xor_, (unsigned)x);
    atomicInc(&acc->inc, 99u);  // counts 0..99 and wraps
    atomicDec(&acc->dec, 49u);  // counts down 49..0 and wraps to 49
    atomicAdd(&acc->add64, (unsigned long long)(x & 0xffff) << 20);
    atomicAdd(&acc->fadd, (float)(x & 7) * 0.5f);
    atomicAdd(&acc->dadd, x * 0.25);
    if (i < 40)
        cas_mul(&acc->cas_prod, (unsigned long long)(x | 1));
    unsigned slot = atomicAdd(slots, 1u);
    slot_owner[slot] = i;
    unsigned prev = atomicExch(&acc->exch_seen, (unsigned)i);
    (void)prev;
}

// Shared-memory atomics: per-block counts of values mod 16, then merged.
__global__ void shared_counts(const int *v, int n, unsigned *counts)
{
    __shared__ unsigned c[16];
    if (threadIdx.x < 16)
        c[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&c[v[i] & 15], 1u);
    __syncthreads();
    if (threadIdx.x < 16)
        atomicAdd(&counts[threadIdx.x], c[threadIdx.x]);
}

int main()
{
    const int n = 1 << 16;
    int *hv = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
        hv[i] = (int)(i * 2654435761u ^ (i >> 3)) % 100000;  // mixed signs
    Acc init = {0, 0, 0x7fffffff, (int)0x80000000, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0, 0, 0, 0.0f, 0.0, 1};
    int *dv, *owner;
    Acc *dacc;
    unsigned *dslots, *dcounts;
    CK(cudaMalloc(&dv, n * sizeof(int)));
    CK(cudaMalloc(&owner, n * sizeof(int)));
    CK(cudaMalloc(&dacc, sizeof(Acc)));
    CK(cudaMalloc(&dslots, sizeof(unsigned)));
    CK(cudaMalloc(&dcounts, 16 * sizeof(unsigned)));
    CK(cudaMemcpy(dv, hv, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dacc, &init, sizeof init, cudaMemcpyHostToDevice));
    CK(cudaMemset(dslots, 0, sizeof(unsigned)));
    CK(cudaMemset(owner, 0xff, n * sizeof(int)));
    CK(cudaMemset(dcounts, 0, 16 * sizeof(unsigned)));
    hammer<<<n / 256, 256>>>(dv, n, dacc, dslots, owner);
    shared_counts<<<32, 128>>>(dv, n, dcounts);
    CK(cudaGetLastError());
    Acc got;
    CK(cudaMemcpy(&got, dacc, sizeof got, cudaMemcpyDeviceToHost));

    Acc w = init;
    for (int i = 0; i < n; i++) {
        int x = hv[i];
        w.add = (int)((unsigned)w.add + (unsigned)x);  // wraps like the device
        w.sub = (int)((unsigned)w.sub - (unsigned)x);
        w.mn = x < w.mn ? x : w.mn;
        w.mx = x > w.mx ? x : w.mx;
        w.umn = (unsigned)x < w.umn ? (unsigned)x : w.umn;
        w.umx = (unsigned)x > w.umx ? (unsigned)x : w.umx;
        w.and_ &= (unsigned)x | 0xf0f0f0f0u;
        w.or_ |= 1u << (i % 32);
        w.xor_ ^= (unsigned)x;
        w.inc = w.inc >= 99u ? 0 : w.inc + 1;
        w.dec = (w.dec == 0 || w.dec > 49u) ? 49u : w.dec - 1;
        w.add64 += (unsigned long long)(x & 0xffff) << 20;
        w.fadd += (float)(x & 7) * 0.5f;
        w.dadd += x * 0.25;
        if (i < 40)
            w.cas_prod *= (unsigned long long)(x | 1);
    }
    check("atomic_add_sub", got.add == w.add && got.sub == w.sub, "add %d/%d sub %d/%d", got.add,
          w.add, got.sub, w.sub);
    check("atomic_min_max", got.mn == w.mn && got.mx == w.mx && got.umn == w.umn && got.umx == w.umx,
          "min %d/%d max %d/%d umin %u/%u umax %u/%u", got.mn, w.mn, got.mx, w.mx, got.umn, w.umn,
          got.umx, w.umx);
    check("atomic_bitwise", got.and_ == w.and_ && got.or_ == w.or_ && got.xor_ == w.xor_,
          "and %x/%x or %x/%x xor %x/%x", got.and_, w.and_, got.or_, w.or_, got.xor_, w.xor_);
    check("atomic_inc_dec_wrap", got.inc == w.inc && got.dec == w.dec, "inc %u/%u dec %u/%u",
          got.inc, w.inc, got.dec, w.dec);
    check("atomic_add_u64", got.add64 == w.add64, "%llu/%llu", got.add64, w.add64);
    check("atomic_add_float", got.fadd == w.fadd, "%g/%g", got.fadd, w.fadd);
    check("atomic_add_double", got.dadd == w.dadd, "%.17g/%.17g", got.dadd, w.dadd);
    check("atomic_cas_loop", got.cas_prod == w.cas_prod, "%llu/%llu", got.cas_prod, w.cas_prod);
    check("atomic_exch", got.exch_seen < (unsigned)n, "%u", got.exch_seen);

    // Every slot handed out exactly once.
    int *hown = (int *)malloc(n * sizeof(int));
    unsigned nslots = 0;
    CK(cudaMemcpy(hown, owner, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&nslots, dslots, sizeof nslots, cudaMemcpyDeviceToHost));
    char *seen = (char *)calloc(n, 1);
    bool ok = nslots == (unsigned)n;
    for (int s = 0; s < n && ok; s++) {
        int o = hown[s];
        ok = o >= 0 && o < n && !seen[o];
        if (ok)
            seen[o] = 1;
    }
    check("atomic_add_unique_slots", ok, "%u slots", nslots);

    unsigned hc[16], wc[16] = {0};
    CK(cudaMemcpy(hc, dcounts, sizeof hc, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        wc[hv[i] & 15]++;
    check("shared_atomics", memcmp(hc, wc, sizeof hc) == 0, "count[0] %u/%u", hc[0], wc[0]);

    CK(cudaFree(dv));
    CK(cudaFree(owner));
    CK(cudaFree(dacc));
    CK(cudaFree(dslots));
    CK(cudaFree(dcounts));
    free(hv);
    free(hown);
    free(seen);
    return failed;
}
