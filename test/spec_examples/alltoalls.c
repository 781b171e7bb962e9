/* OpenSHMEM 1.5, shmem_alltoalls example: as the alltoall example (count=2
 * int64 values of my PE + target PE per block) but through the strided
 * alltoalls with unit strides; the receiver checks block j holds j + my PE.
 * Prints on error "[pe] ERROR: ..."; otherwise PE 0 prints
 * "alltoalls: all PEs verified".
 */
#include <inttypes.h>
#include <shmem.h>
#include <stdio.h>

static int errors;

int main(void)
{
    const int count = 2;
    shmem_init();
    int me = shmem_my_pe();
    int npes = shmem_n_pes();
    int64_t *out = shmem_malloc((size_t)count * npes * sizeof(int64_t));
    int64_t *in = shmem_malloc((size_t)count * npes * sizeof(int64_t));
    for (int pe = 0; pe < npes; pe++)
        for (int k = 0; k < count; k++) {
            out[pe * count + k] = me + pe;
            in[pe * count + k] = 9999;
        }
    shmem_barrier_all();
    shmem_alltoalls(SHMEM_TEAM_WORLD, in, out, 1, 1, count);

    for (int pe = 0; pe < npes; pe++)
        for (int k = 0; k < count; k++)
            if (in[pe * count + k] != me + pe) {
                printf("[%d] ERROR: dest[%d]=%" PRId64 ", should be %d\n", me,
                       pe * count + k, in[pe * count + k], me + pe);
                shmem_atomic_inc(&errors, 0);
            }
    shmem_barrier_all();
    if (me == 0 && errors == 0)
        printf("alltoalls: all PEs verified\n");
    int failed = errors != 0;
    shmem_free(out);
    shmem_free(in);
    shmem_finalize();
    return failed;
}
