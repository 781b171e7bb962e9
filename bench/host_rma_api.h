/* The host calls gpu_host_rma.c and stream_coll.c make, for our library
 * or, with BENCH_NVSHMEM defined, for NVSHMEM, so that one program times
 * both (bench/host_compare.sh and bench/coll_compare.sh build the two).
 * Valid C and C++: the NVSHMEM build is compiled by nvcc. */
#ifndef BENCH_HOST_RMA_API_H
#define BENCH_HOST_RMA_API_H

#include <cuda.h>
#include <stdlib.h>

#if defined(BENCH_NVSHMEM)
#include <cuda_runtime.h>
#include <mpi.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#define B_NAME "nvshmem"
/* NVSHMEM uses the current device: one GPU per local rank, as ours picks. */
static inline void b_init(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    const char *local = getenv("OMPI_COMM_WORLD_LOCAL_RANK");
    cudaSetDevice(local ? atoi(local) : 0);
    MPI_Comm comm = MPI_COMM_WORLD;
    nvshmemx_init_attr_t attr = NVSHMEMX_INIT_ATTR_INITIALIZER;
    attr.mpi_comm = &comm;
    nvshmemx_init_attr(NVSHMEMX_INIT_WITH_MPI_COMM, &attr);
}
static inline void b_finalize(void)
{
    nvshmem_finalize();
    MPI_Finalize();
}
#define b_my_pe nvshmem_my_pe
#define b_n_pes nvshmem_n_pes
#define b_malloc nvshmem_malloc
#define b_free nvshmem_free
#define b_putmem nvshmem_putmem
#define b_putmem_nbi nvshmem_putmem_nbi
#define b_getmem nvshmem_getmem
#define b_quiet nvshmem_quiet
#define b_barrier_all nvshmem_barrier_all
#define b_global_exit nvshmem_global_exit
#define b_putmem_on_stream nvshmemx_putmem_on_stream
#define b_quiet_on_stream nvshmemx_quiet_on_stream
#define b_barrier_all_on_stream nvshmemx_barrier_all_on_stream
#define b_team_sync_on_stream(st) nvshmemx_team_sync_on_stream(NVSHMEM_TEAM_WORLD, st)
/* NVSHMEM's atomics are device-only: no host fetch_add figure. */
#define b_float_sum_reduce_on_stream(d, s, n, st)                             \
    nvshmemx_float_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, (float *)(d), (const float *)(s), n, st)
#define b_bfloat16_sum_reduce_on_stream(d, s, n, st)                          \
    nvshmemx_bfloat16_sum_reduce_on_stream(NVSHMEM_TEAM_WORLD, (__nv_bfloat16 *)(d),  \
                                           (const __nv_bfloat16 *)(s), n, st)
#define b_alltoallmem_on_stream(d, s, n, st)                                  \
    nvshmemx_alltoallmem_on_stream(NVSHMEM_TEAM_WORLD, d, s, n, st)

#else
#include <shmem.h>
#include <shmemx.h>

#define B_NAME "ours"
static inline void b_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    shmem_init();
}
#define b_finalize shmem_finalize
#define b_my_pe shmem_my_pe
#define b_n_pes shmem_n_pes
#define b_malloc shmem_malloc
#define b_free shmem_free
#define b_putmem shmem_putmem
#define b_putmem_nbi shmem_putmem_nbi
#define b_getmem shmem_getmem
#define b_quiet shmem_quiet
#define b_barrier_all shmem_barrier_all
#define b_global_exit shmem_global_exit
#define b_putmem_on_stream shmemx_putmem_on_stream
#define b_quiet_on_stream shmemx_quiet_on_stream
#define b_barrier_all_on_stream shmemx_barrier_all_on_stream
#define b_team_sync_on_stream(st) shmemx_team_sync_on_stream(SHMEM_TEAM_WORLD, st)
#define B_HOST_FETCH_ADD(p, v, pe) shmem_long_atomic_fetch_add(p, v, pe)
#define b_float_sum_reduce_on_stream(d, s, n, st)                             \
    shmemx_float_sum_reduce_on_stream(SHMEM_TEAM_WORLD, (float *)(d), (const float *)(s), n, st)
#define b_bfloat16_sum_reduce_on_stream(d, s, n, st)                          \
    shmemx_bfloat16_sum_reduce_on_stream(SHMEM_TEAM_WORLD, d, s, n, st)
#define b_alltoallmem_on_stream(d, s, n, st)                                  \
    shmemx_alltoallmem_on_stream(SHMEM_TEAM_WORLD, d, s, n, st)
#endif

#endif
