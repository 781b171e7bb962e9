/* Which puts and gets to another node name their local buffer's UCX memory
 * handle (src/transport/ucx/ucx.h, shmemi_ucx_local_memh): those whose
 * buffer lies in this PE's symmetric heap, also in a chunk the heap grew,
 * blocking and _nbi alike; a private buffer goes without, for UCX to find
 * its registration itself. This program defines ucp_put_nbx and
 * ucp_get_nbx, so the library's calls reach it first; it records what each
 * call named and hands it on. PE 1 checks that the bytes arrived. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <ucp/api/ucp.h>

#include "check.h"

/* The main thread's calls, while armed. */
static _Thread_local int armed;
static _Thread_local unsigned calls, with_memh;

static void record(const ucp_request_param_t *p)
{
    if (!armed)
        return;
    calls++;
    if ((p->op_attr_mask & UCP_OP_ATTR_FIELD_MEMH) && p->memh)
        with_memh++;
}

/* name, with its local buffer's type: records the call, then makes it. */
#define INTERCEPT(name, buffer_t)                                                          \
    ucs_status_ptr_t name(ucp_ep_h ep, buffer_t buffer, size_t count, uint64_t remote_addr, \
                          ucp_rkey_h rkey, const ucp_request_param_t *param)              \
    {                                                                                      \
        typedef ucs_status_ptr_t (*fn)(ucp_ep_h, buffer_t, size_t, uint64_t, ucp_rkey_h,   \
                                       const ucp_request_param_t *);                       \
        static fn real;                                                                    \
        if (!real)                                                                         \
            real = (fn)dlsym(RTLD_NEXT, #name);                                            \
        record(param);                                                                     \
        return real(ep, buffer, count, remote_addr, rkey, param);                          \
    }

INTERCEPT(ucp_put_nbx, const void *)
INTERCEPT(ucp_get_nbx, void *)

enum { N = 4096 };

/* One case: this PE's buffer, whether its handle must be named, _nbi. */
struct transfer {
    char *buf;
    int memh, nbi;
    const char *what;
};

/* PE 0 runs what() with the counters armed: it must make one UCX call
 * (with a handle where memh says). */
#define EXPECT_CALL(memh, what)                                                        \
    do {                                                                               \
        calls = with_memh = 0;                                                         \
        armed = 1;                                                                     \
        what;                                                                          \
        shmem_quiet();                                                                 \
        armed = 0;                                                                     \
        CHECK(calls == 1, "%s: %u UCX calls, expected 1", #what, calls);               \
        CHECK(with_memh == (unsigned)(memh), "%s: %s the local buffer's memory handle", #what,   \
              with_memh ? "named" : "did not name");                                   \
    } while (0)

static void fill(char *p, int seed)
{
    for (int i = 0; i < N; i++)
        p[i] = (char)(i * 7 + seed);
}

static void expect(const char *p, int seed, const char *what)
{
    for (int i = 0; i < N; i++)
        CHECK(p[i] == (char)(i * 7 + seed), "%s: byte %d is %d, expected %d", what, i, p[i],
              (char)(i * 7 + seed));
}

int main(void)
{
    shmem_init();
    int me = shmem_my_pe();
    CHECK(shmem_n_pes() == 2, "run with 2 PEs on nodes of 1 (SHMEM_VIRTUAL_NODES=1)");
    char *sym = shmem_malloc(N), *dst = shmem_malloc(N);
    CHECK(sym && dst && !shmem_ptr(sym, 1 - me),
          "PE %d reaches its peer by load/store: run with SHMEM_VIRTUAL_NODES=1", me);
    char *priv = malloc(N);
    CHECK(priv != NULL, "malloc");
    /* Past the 1 MiB heap the test runs with: a chunk of its own. */
    size_t big_bytes = (size_t)8 << 20;
    char *big = shmem_malloc(big_bytes);
    CHECK(big != NULL, "shmem_malloc of %zu bytes (the heap must grow)", big_bytes);
    char *grown = big + big_bytes - N;

    /* A put into dst on PE 1, whose bytes PE 1 then checks. */
    const struct transfer puts[] = {
        {sym, 1, 0, "putmem from the heap"},
        {sym, 1, 1, "putmem_nbi from the heap"},
        {grown, 1, 0, "putmem from a chunk the heap grew"},
        {priv, 0, 0, "putmem from a private buffer"},
        {priv, 0, 1, "putmem_nbi from a private buffer"},
    };
    for (int k = 0; k < (int)(sizeof puts / sizeof puts[0]); k++) {
        shmem_barrier_all();
        if (me == 0) {
            fill(puts[k].buf, k);
            if (puts[k].nbi)
                EXPECT_CALL(puts[k].memh, shmem_putmem_nbi(dst, puts[k].buf, N, 1));
            else
                EXPECT_CALL(puts[k].memh, shmem_putmem(dst, puts[k].buf, N, 1));
        }
        shmem_barrier_all();
        if (me == 1)
            expect(dst, k, puts[k].what);
    }

    /* A get from sym on PE 1 into each kind of buffer here. */
    const struct transfer gets[] = {
        {dst, 1, 0, "getmem into the heap"},
        {dst, 1, 1, "getmem_nbi into the heap"},
        {grown, 1, 0, "getmem into a chunk the heap grew"},
        {priv, 0, 0, "getmem into a private buffer"},
    };
    for (int k = 0; k < (int)(sizeof gets / sizeof gets[0]); k++) {
        int seed = 100 + k;
        if (me == 1)
            fill(sym, seed);
        shmem_barrier_all();
        if (me == 0) {
            memset(gets[k].buf, 0, N);
            if (gets[k].nbi)
                EXPECT_CALL(gets[k].memh, shmem_getmem_nbi(gets[k].buf, sym, N, 1));
            else
                EXPECT_CALL(gets[k].memh, shmem_getmem(gets[k].buf, sym, N, 1));
            expect(gets[k].buf, seed, gets[k].what);
        }
        shmem_barrier_all();
    }
    if (me == 0)
        printf("PE 0: heap buffers named their memory handle, private ones did not\n");
    shmem_free(big);
    shmem_free(dst);
    shmem_free(sym);
    free(priv);
    shmem_finalize();
    return 0;
}
