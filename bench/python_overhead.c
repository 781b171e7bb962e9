/* The C side of bench/python_overhead.sh: the time of one host call, PE 0
 * to PE 1 (the other PEs wait in a barrier), for the calls whose Python
 * overhead bench/python_overhead.py measures with the same loops; at 1 PE
 * only barrier_all, whose time is then the call's own, with no wait for a
 * peer that the scheduler of a busy machine may hold back.
 * Output (PE 0): "<call> <ns per call>" per line. */
#include <stdio.h>
#include <time.h>

#include <shmem.h>

#define ITERS 200000

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe(), one = shmem_n_pes() == 1;
    long *a = shmem_malloc(512 * sizeof(long));
    static long src[512];
    long sink = 0;
    double t;
#define TIME(NAME, CALL)                                                      \
    shmem_barrier_all();                                                      \
    if (me == 0 && !one) {                                                            \
        t = now_ns();                                                         \
        for (int i = 0; i < ITERS; i++)                                       \
            CALL;                                                             \
        printf("%s %.1f\n", NAME, (now_ns() - t) / ITERS);                    \
    }
    TIME("p", shmem_long_p(a, i, 1))
    TIME("g", sink += shmem_long_g(a, 1))
    TIME("put_8B", shmem_long_put(a, src, 1, 1))
    TIME("put_4KiB", shmem_long_put(a, src, 512, 1))
    TIME("get_8B", shmem_long_get(src, a, 1, 1))
    TIME("atomic_fetch_add", sink += shmem_long_atomic_fetch_add(a, 1, 1))
    shmem_barrier_all();
    t = now_ns();
    for (int i = 0; i < ITERS / 10; i++)
        shmem_barrier_all();
    if (me == 0)
        printf("barrier_all_%dpe %.1f\n", shmem_n_pes(), (now_ns() - t) / (ITERS / 10));
    shmem_barrier_all();
    shmem_free(a);
    shmem_finalize();
    return sink == -1;
}
