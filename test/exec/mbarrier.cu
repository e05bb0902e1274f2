// mbarrier through cuda_awbarrier_primitives.h: phases of one barrier
// reused over several rounds (token waits with test_wait and try_wait,
// parity waits), threads dropping out with arrive_and_drop, the token's
// pending count, and expect_tx/complete_tx in inline PTX.
// Reference: mbarrier.c.
// nvcc-flags: -arch=sm_90
#include <cuda_awbarrier_primitives.h>
#include <cuda_pipeline.h>

#define NT 96 /* threads: three warps */

// Each round, thread t publishes round * 1000 + t, waits for everyone, and
// adds what thread (t + 37) % NT published.  Threads t >= 64 drop out of
// the barrier after round 2 and stop.  out[t] = sum; out[NT + t] = pending
// count of t's first arrival token.
extern "C" __global__ void rounds(int nrounds, int *out)
{
    __shared__ __mbarrier_t full, empty;
    __shared__ int data[NT];
    int t = threadIdx.x, sum = 0;
    if (t == 0) {
        __mbarrier_init(&full, NT);
        __mbarrier_init(&empty, NT);
    }
    __syncthreads();
    int members = NT;
    for (int r = 0; r < nrounds; r++) {
        if (t < members)
            data[t] = r * 1000 + t;
        __mbarrier_token_t tok;
        bool drop = r == 2 && t >= 64;
        tok = drop ? __mbarrier_arrive_and_drop(&full) : __mbarrier_arrive(&full);
        if (r == 0)
            out[NT + t] = __mbarrier_token_pending_count(tok);
        if (r % 2 == 0)
            while (!__mbarrier_test_wait(&full, tok)) {
            }
        else
            while (!__mbarrier_try_wait(&full, tok, 1000)) {
            }
        sum += data[(t + 37) % members];
        // nobody overwrites data before everyone has read it: the empty
        // barrier's phase r completes, waited on by parity
        if (drop)
            __mbarrier_arrive_and_drop(&empty);
        else
            (void)__mbarrier_arrive(&empty);
        while (!__mbarrier_try_wait_parity(&empty, r & 1, 1000)) {
        }
        if (drop)
            break;
        if (r == 2)
            members = 64;
    }
    out[t] = sum;
}

// expect_tx then complete_tx: the phase completes only when both the
// arrivals and the transaction bytes are in.  out[t] = 1 + step at which
// thread t saw the phase complete (the last complete_tx is step 2).
extern "C" __global__ void tx(int *out)
{
    __shared__ __mbarrier_t bar;
    __shared__ int step;
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
    int t = threadIdx.x;
    if (t == 0) {
        __mbarrier_init(&bar, 32);
        step = 0;
        asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], 64;" ::"r"(a));
    }
    __syncthreads();
    (void)__mbarrier_arrive(&bar); // all 32 arrive: 64 bytes still pending
    int seen = __mbarrier_test_wait_parity(&bar, 0) ? 1 : 0;
    if (t == 0) {
        step = 1;
        asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32;" ::"r"(a));
        seen |= __mbarrier_test_wait_parity(&bar, 0) ? 2 : 0;
        step = 2;
        asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], 32;" ::"r"(a));
    }
    while (!__mbarrier_try_wait_parity(&bar, 0, 1000)) {
    }
    out[t] = (seen << 8) | (1 + step);
}

// cp.async whose completion is tracked by the barrier
// (cp.async.mbarrier.arrive adds one pending arrival and performs it when
// the copies are done), then every thread arrives itself.
extern "C" __global__ void staged(const int *in, int *out)
{
    __shared__ __mbarrier_t bar;
    __shared__ int tile[64];
    int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, 64);
    __syncthreads();
    __pipeline_memcpy_async(&tile[t], &in[t], 4);
    __pipeline_arrive_on(&bar);
    __mbarrier_token_t tok = __mbarrier_arrive(&bar);
    while (!__mbarrier_try_wait(&bar, tok, 1000)) {
    }
    out[t] = tile[63 - t] * 2;
}

// The same with .noinc: the copies' completion is the thread's arrival.
extern "C" __global__ void staged_noinc(const int *in, int *out)
{
    __shared__ __mbarrier_t bar;
    __shared__ int tile[64];
    int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, 64);
    __syncthreads();
    __pipeline_memcpy_async(&tile[t], &in[t], 4);
    unsigned a = (unsigned)__cvta_generic_to_shared(&bar);
    asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"r"(a));
    while (!__mbarrier_try_wait_parity(&bar, 0, 1000)) {
    }
    out[t] = tile[63 - t] * 2;
}
