/* fiber_bench.c — switches per second of the runtime's fiber switch
 * (runtime/fiber.c): two contexts ping-pong.  make bench runs it. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>

#include "rt.h"

enum { ROUNDS = 2000000 };

static rt_fiber main_fiber, other;
static volatile long count;

static void
bounce(void *arg)
{
    (void)arg;
    for (;;) {
        count++;
        rt_fiber_switch(&other, &main_fiber);
    }
}

int
main(void)
{
    if (rt_fiber_init(&other, 64 * 1024, bounce, NULL) != 0) {
        fprintf(stderr, "fiber_bench: cannot make a fiber\n");
        return 1;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < ROUNDS; i++)
        rt_fiber_switch(&main_fiber, &other);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
    double switches = 2.0 * ROUNDS; /* there and back */
    printf("fiber switch: %.0f million switches/s, %.1f ns each (%ld round trips)\n", switches / s / 1e6,
           s / switches * 1e9, count);
    return count == ROUNDS ? 0 : 1;
}
