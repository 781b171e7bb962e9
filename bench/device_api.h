// The few calls the device benchmarks make, for our library or, with
// BENCH_NVSHMEM defined, for NVSHMEM, so that the same kernels are timed
// against both (bench/device_compare.sh builds the two).
#ifndef BENCH_DEVICE_API_H
#define BENCH_DEVICE_API_H

#include <stdint.h>

#if defined(BENCH_NVSHMEM)
#include <mpi.h>
#include <nvshmem.h>
#include <nvshmemx.h>

#define B_NAME "nvshmem"
#define B_P(p, v, pe) nvshmem_long_p(p, v, pe)
#define B_WAIT_EQ(p, v) nvshmem_long_wait_until(p, NVSHMEM_CMP_EQ, v)
#define B_PUTMEM_BLOCK(d, s, n, pe) nvshmemx_putmem_nbi_block(d, s, n, pe)
#define B_GETMEM_BLOCK(d, s, n, pe) nvshmemx_getmem_nbi_block(d, s, n, pe)
#define B_PUT_SIGNAL_BLOCK(d, s, n, sig, v, pe)                               \
    nvshmemx_putmem_signal_block(d, s, n, sig, v, NVSHMEM_SIGNAL_SET, pe)
#define B_SIGNAL_WAIT_GE(sig, v) nvshmem_signal_wait_until(sig, NVSHMEM_CMP_GE, v)
#define B_QUIET() nvshmem_quiet()
#define B_BARRIER_ALL() nvshmem_barrier_all()
#define B_MY_PE() nvshmem_my_pe()

#include <stdlib.h>

// NVSHMEM uses the current device: one GPU per local rank, as ours picks.
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
#define b_barrier_all nvshmem_barrier_all
#define b_global_exit nvshmem_global_exit

#else
#include <shmem.h>

#define B_NAME "ours"
#define B_P(p, v, pe) shmem_long_p(p, v, pe)
#define B_WAIT_EQ(p, v) shmem_long_wait_until(p, SHMEM_CMP_EQ, v)
#define B_PUTMEM_BLOCK(d, s, n, pe) shmemx_putmem_nbi_block(d, s, n, pe)
#define B_GETMEM_BLOCK(d, s, n, pe) shmemx_getmem_nbi_block(d, s, n, pe)
#define B_PUT_SIGNAL_BLOCK(d, s, n, sig, v, pe)                               \
    shmemx_putmem_signal_block(d, s, n, sig, v, SHMEM_SIGNAL_SET, pe)
#define B_SIGNAL_WAIT_GE(sig, v) shmem_signal_wait_until(sig, SHMEM_CMP_GE, v)
#define B_QUIET() shmem_quiet()
#define B_BARRIER_ALL() shmem_barrier_all()
#define B_MY_PE() shmem_my_pe()

static inline void b_init(int *, char ***) { shmem_init(); }
static inline void b_finalize(void) { shmem_finalize(); }
#define b_my_pe shmem_my_pe
#define b_n_pes shmem_n_pes
#define b_malloc shmem_malloc
#define b_free shmem_free
#define b_barrier_all shmem_barrier_all
#define b_global_exit shmem_global_exit
#endif

// Nanoseconds from the GPU's global timer: independent of the SM clock,
// which drops when the GPU idles.
__device__ inline uint64_t b_now(void)
{
    uint64_t t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

#endif
