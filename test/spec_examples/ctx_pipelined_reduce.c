/* OpenSHMEM 1.5, shmem_ctx (pipelined reduction) example: two contexts
 * alternate pipeline stages; each PE sends PLEN-element chunks of its input
 * (all equal to its PE number) to every PE with put_nbi, and sums the chunks
 * of the previous stage while the next is in flight. Every output element
 * must be 0 + 1 + ... + (npes-1).
 * Each PE prints "PE <pe>: out_buf all = 6" at 4 PEs (checked order-free). */
#include <shmem.h>
#include <stdio.h>

#define LEN 8192
#define PLEN 512

int in_buf[LEN], out_buf[LEN];

int main(void)
{
    shmem_ctx_t lane[2];
    int *stage[2];

    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    stage[0] = shmem_malloc(PLEN * (size_t)npes * sizeof(int));
    stage[1] = shmem_malloc(PLEN * (size_t)npes * sizeof(int));
    if (shmem_ctx_create(0, &lane[0]) || shmem_ctx_create(0, &lane[1]))
        shmem_global_exit(1);

    for (int i = 0; i < LEN; i++) {
        in_buf[i] = me;
        out_buf[i] = 0;
    }

    int cur = 0, p;
    for (int k = 1; k <= npes; k++)
        shmem_put_nbi(lane[cur], &stage[cur][PLEN * me], &in_buf[0], PLEN, (me + k) % npes);

    for (p = 1; p < LEN / PLEN; p++) {
        cur ^= 1;
        for (int k = 1; k <= npes; k++)
            shmem_put_nbi(lane[cur], &stage[cur][PLEN * me], &in_buf[PLEN * p], PLEN,
                          (me + k) % npes);
        shmem_ctx_quiet(lane[cur ^ 1]);
        shmem_sync_all();
        for (int src = 0; src < npes; src++)
            for (int j = 0; j < PLEN; j++)
                out_buf[PLEN * (p - 1) + j] += stage[cur ^ 1][PLEN * src + j];
        /* keep the next stage from overwriting a buffer still being summed */
        shmem_sync_all();
    }
    shmem_ctx_quiet(lane[cur]);
    shmem_sync_all();
    for (int src = 0; src < npes; src++)
        for (int j = 0; j < PLEN; j++)
            out_buf[PLEN * (p - 1) + j] += stage[cur][PLEN * src + j];

    int want = npes * (npes - 1) / 2, bad = 0;
    for (int i = 0; i < LEN; i++)
        bad += out_buf[i] != want;
    if (bad)
        printf("PE %d: %d wrong elements\n", me, bad);
    else
        printf("PE %d: out_buf all = %d\n", me, want);

    shmem_ctx_destroy(lane[0]);
    shmem_ctx_destroy(lane[1]);
    shmem_free(stage[0]);
    shmem_free(stage[1]);
    shmem_finalize();
    return bad != 0;
}
