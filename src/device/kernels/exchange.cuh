// The on-stream alltoall and fcollect in one kernel of several blocks
// (src/device/cuda_stream_coll.c picks it): each member's block for member
// m, the bytes [m * source_step, m * source_step + nelems) of its source
// (source_step 0: fcollect, nelems: alltoall), lands in m's dest at
// my_index * nelems. Block b of each member pushes piece b of its blocks
// to every member (stores go out over NVLink without a round trip, which a
// pull's loads would wait for), between two barriers with block b of the
// others: the first says every member's dest is free (its earlier work on
// the stream is done), the second that every member's pieces b are in this
// member's dest. No block waits for another block of its own GPU.
#include "multiblock.h"

static __device__ const char shmemi_k_exchange_call[] =
    "shmemx_alltoallmem_on_stream or shmemx_fcollectmem_on_stream";

extern "C" __global__ void __launch_bounds__(SHMEMI_MULTIBLOCK_THREADS, 1)
shmemi_k_exchange(unsigned long long team, char *dest, const char *source, size_t nelems,
                  size_t source_step, int start, int stride, int size)
{
    const struct shmemi_device_team *t = shmemi_k_team(team);
    shmemi_k_block_barrier(t, false);
    // Pieces of whole 16-byte units, so that aligned blocks keep 16-byte
    // accesses.
    const size_t units = (nelems + 15) / 16;
    size_t begin = shmemi_piece(units, gridDim.x, blockIdx.x) * 16;
    size_t end = shmemi_piece(units, gridDim.x, blockIdx.x + 1) * 16;
    end = end < nelems ? end : nelems;
    const int me = t->my_index;
    // Each member starts with the member after itself, so that the
    // members' stores spread over the links.
    for (int i = 1; begin < end && i <= size; i++) {
        const int m = (me + i) % size;
        char *to = shmemi_k_member(shmemi_k_exchange_call, dest, start, stride, m);
        shmemi_dev_copy_part(to + (size_t)me * nelems + begin,
                             source + (size_t)m * source_step + begin, end - begin, threadIdx.x,
                             blockDim.x);
    }
    shmemi_k_block_barrier(t, true);
}
