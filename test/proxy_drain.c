/* The device proxy's host side without a GPU: with SHMEM_PROXY_HOST=1 on
 * virtual nodes the runtime runs the proxy on a host heap, and host
 * threads post requests through the code kernels use
 * (shmem/internal/proxy_post.h), with the channel the runtime hands to CUDA
 * translation units (shmemi_device_register_abi). Run with a small
 * SHMEM_PROXY_SLOTS, so that the ring wraps around and requesters wait for
 * slots many times. Each PE's NT threads, to every PE of another node:
 *  - put 1000 bytes (three slots) ITERS times, and an 8-byte sequence word
 *    with a fence between puts; then quiet, then put-with-signal of another
 *    1000 bytes: the target, seeing the signal, must see all of it, the
 *    last of the repeated puts and the last sequence number;
 *  - get 1000 bytes and one word of the target's data;
 *  - AMOs: fetching and non-fetching adds on 8- and 4-byte words (a
 *    thread's fetched values must rise), compare-swap (one winner per
 *    target), swap, set, and, or, xor;
 * and the requesters end without a quiet: the main thread's shmem_quiet
 * must complete what they left with the proxy, before its AMO tells each
 * target to check its words.
 * With the argument bad_address, PE 0 posts a put to an address outside the
 * heap instead: the proxy must end the job, saying so. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include <shmem.h>
#include <shmem/internal/device_state.h>
#include <shmem/internal/proxy_post.h>

#include "check.h"
#include "nodes.h"

#define NT 3
#define ITERS 40
#define MAXPE 8
#define BYTES 1000

struct area {
    unsigned char put_dst[MAXPE][NT][BYTES];
    unsigned char sig_dst[MAXPE][NT][BYTES];
    uint64_t seq_word[MAXPE][NT];
    uint64_t set_word[MAXPE][NT];
    uint64_t sig[MAXPE][NT];
    uint64_t data[BYTES / 8];
    uint64_t counter64, cswap_word, cswap_wins, swap_word, or_word, xor_word, and_word;
    uint64_t arrived;
    uint32_t counter32;
};

static struct area *A;
static struct shmemi_proxy_channel ch;
static int me, npes;

static void take_channel(const struct shmemi_device_state *s) { ch = s->proxy; }

static unsigned char pattern(int pe, int t, int i, int k)
{
    return (unsigned char)(pe * 31 + t * 7 + i * 3 + k);
}

static unsigned long long at(const void *p) { return (unsigned long long)(uintptr_t)p; }

/* A requester: one of this PE's NT threads, as a kernel thread would be. */
static void *requester(void *arg)
{
    int t = (int)(intptr_t)arg, id = me * NT + t;
    unsigned char buf[BYTES];
    for (int r = 0; r < npes; r++) {
        if (nodes_same(me, r))
            continue;
        unsigned long long last64 = 0;
        for (int i = 0; i < ITERS; i++) {
            for (int k = 0; k < BYTES; k++)
                buf[k] = pattern(me, t, i, k);
            shmemi_px_put(&ch, at(A->put_dst[me][t]), buf, BYTES, r, -1, 0, 0);
            uint64_t seq = (uint64_t)i;
            shmemi_px_put(&ch, at(&A->seq_word[me][t]), &seq, sizeof seq, r, -1, 0, 0);
            shmemi_px_fence(&ch);

            int fetch = i % 2;
            unsigned long long old = shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_ADD, at(&A->counter64),
                                                   8, 1, 0, r, fetch);
            if (fetch) {
                CHECK(old >= last64 && old < (unsigned long long)ITERS * MAXPE * NT,
                      "fetch_add on PE %d returned %llu after %llu", r, old, last64);
                last64 = old + 1;
            }
            shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_ADD, at(&A->counter32), 4, 2, 0, r, 0);
        }
        shmemi_px_put(&ch, 0, buf, 0, r, -1, 0, 0); /* nothing, anywhere: no request */
        shmemi_px_quiet(&ch);
        for (int k = 0; k < BYTES; k++)
            buf[k] = pattern(me, t, ITERS, k);
        shmemi_px_put(&ch, at(A->sig_dst[me][t]), buf, BYTES, r, SHMEMI_PROXY_AMO_ADD,
                      at(&A->sig[me][t]), 1);

        uint64_t got[BYTES / 8];
        shmemi_px_get(&ch, got, at(A->data), sizeof got, r);
        for (int k = 0; k < BYTES / 8; k++)
            CHECK(got[k] == (uint64_t)r * 100000 + (uint64_t)k, "get from PE %d: [%d] = %llu",
                  r, k, (unsigned long long)got[k]);
        uint64_t one = 0;
        shmemi_px_get(&ch, &one, at(&A->data[7]), sizeof one, r);
        CHECK(one == (uint64_t)r * 100000 + 7, "g from PE %d: %llu", r,
              (unsigned long long)one);

        unsigned long long prev = shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_CSWAP, at(&A->cswap_word),
                                                8, (unsigned long long)id + 1, 0, r, 1);
        if (prev == 0)
            shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_ADD, at(&A->cswap_wins), 8, 1, 0, r, 0);
        else
            CHECK(prev >= 1 && prev <= MAXPE * NT, "compare_swap on PE %d: old %llu", r, prev);
        prev = shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_SWAP, at(&A->swap_word), 8,
                             (unsigned long long)id + 1, 0, r, 1);
        CHECK(prev <= MAXPE * NT, "swap on PE %d: old %llu", r, prev);
        shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_SET, at(&A->set_word[me][t]), 8, 77 + id, 0, r, 0);
        shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_OR, at(&A->or_word), 8, 1ULL << id, 0, r, 0);
        shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_XOR, at(&A->xor_word), 8, 1ULL << id, 0, r, 0);
        shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_AND, at(&A->and_word), 8, ~(1ULL << id), 0, r, 0);
        unsigned long long now = shmemi_px_amo(&ch, SHMEMI_PROXY_AMO_FETCH, at(&A->set_word[me][t]),
                                               8, 0, 0, r, 1);
        CHECK(now == 77ULL + (unsigned long long)id, "fetch after set on PE %d: %llu", r, now);
    }
    return NULL; /* no quiet: the main thread's shmem_quiet completes the rest */
}

/* What the PEs of other nodes did to this PE's area. */
static void check_area(void)
{
    unsigned long long sources = 0, bits = 0;
    for (int s = 0; s < npes; s++) {
        if (nodes_same(me, s))
            continue;
        for (int t = 0; t < NT; t++) {
            sources++;
            bits |= 1ULL << (s * NT + t);
            for (int k = 0; k < BYTES; k++)
                CHECK(A->put_dst[s][t][k] == pattern(s, t, ITERS - 1, k),
                      "put from PE %d thread %d: byte %d is %u", s, t, k, A->put_dst[s][t][k]);
            CHECK(A->seq_word[s][t] == ITERS - 1, "sequence word from PE %d thread %d: %llu",
                  s, t, (unsigned long long)A->seq_word[s][t]);
            CHECK(A->sig[s][t] == 1, "signal from PE %d thread %d: %llu", s, t,
                  (unsigned long long)A->sig[s][t]);
            CHECK(A->set_word[s][t] == 77ULL + (unsigned long long)(s * NT + t),
                  "set from PE %d thread %d: %llu", s, t,
                  (unsigned long long)A->set_word[s][t]);
        }
    }
    CHECK(A->counter64 == sources * ITERS, "counter64 %llu, want %llu",
          (unsigned long long)A->counter64, sources * ITERS);
    CHECK(A->counter32 == (uint32_t)(sources * ITERS * 2), "counter32 %u, want %llu",
          A->counter32, sources * ITERS * 2);
    CHECK(A->cswap_wins == 1, "compare_swap winners: %llu", (unsigned long long)A->cswap_wins);
    CHECK(A->cswap_word >= 1 && (bits >> (A->cswap_word - 1) & 1), "compare_swap word %llu",
          (unsigned long long)A->cswap_word);
    CHECK(A->swap_word >= 1 && (bits >> (A->swap_word - 1) & 1), "swap word %llu",
          (unsigned long long)A->swap_word);
    CHECK(A->or_word == bits, "or word %llx, want %llx", (unsigned long long)A->or_word, bits);
    CHECK(A->xor_word == bits, "xor word %llx, want %llx", (unsigned long long)A->xor_word, bits);
    CHECK(A->and_word == ~bits, "and word %llx, want %llx", (unsigned long long)A->and_word,
          ~bits);
}

int main(int argc, char **argv)
{
    shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                               take_channel);
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    CHECK(npes <= MAXPE, "at most %d PEs", MAXPE);
    CHECK(nodes_per_node() > 0 && nodes_per_node() < npes,
          "run on virtual nodes (SHMEM_VIRTUAL_NODES) that split the job");
    CHECK(ch.slots != NULL, "no proxy channel: run with SHMEM_PROXY_HOST=1 on a host heap");

    if (argc > 1 && strcmp(argv[1], "bad_address") == 0) {
        uint64_t v = 1;
        if (me == 0) {
            shmemi_px_put(&ch, 0x1000, &v, sizeof v, npes - 1, -1, 0, 0);
            shmemi_px_quiet(&ch);
        }
        shmem_barrier_all();
        shmem_finalize();
        return 0;
    }

    A = shmem_calloc(1, sizeof *A);
    CHECK(A != NULL, "shmem_calloc");
    for (int k = 0; k < BYTES / 8; k++)
        A->data[k] = (uint64_t)me * 100000 + (uint64_t)k;
    A->and_word = ~0ULL;
    shmem_barrier_all();

    pthread_t th[NT];
    for (int t = 0; t < NT; t++)
        CHECK(pthread_create(&th[t], NULL, requester, (void *)(intptr_t)t) == 0,
              "pthread_create");
    /* A put-with-signal's data is there once its signal is, barrier or not. */
    for (int s = 0; s < npes; s++) {
        if (nodes_same(me, s))
            continue;
        for (int t = 0; t < NT; t++) {
            shmem_uint64_wait_until(&A->sig[s][t], SHMEM_CMP_GE, 1);
            for (int k = 0; k < BYTES; k++)
                CHECK(A->sig_dst[s][t][k] == pattern(s, t, ITERS, k),
                      "put-with-signal from PE %d thread %d: byte %d is %u", s, t, k,
                      A->sig_dst[s][t][k]);
            CHECK(A->seq_word[s][t] == ITERS - 1,
                  "sequence word from PE %d thread %d before its signal: %llu", s, t,
                  (unsigned long long)A->seq_word[s][t]);
        }
    }
    for (int t = 0; t < NT; t++)
        pthread_join(th[t], NULL);
    shmem_quiet();
    uint64_t remote = 0;
    for (int r = 0; r < npes; r++)
        if (!nodes_same(me, r)) {
            shmem_uint64_atomic_add(&A->arrived, 1, r);
            remote++;
        }
    shmem_uint64_wait_until(&A->arrived, SHMEM_CMP_EQ, remote);
    check_area();
    shmem_barrier_all();
    shmem_free(A);
    shmem_finalize();
    CHECK(ch.slots == NULL, "the channel is still published after shmem_finalize");
    return 0;
}
