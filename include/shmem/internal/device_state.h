/* What a kernel needs to reach the peer window: filled by the library,
 * copied into every CUDA translation unit's own device variable.
 *
 * Not API: the headers under shmem/internal/ are the layouts that the
 * device code compiled into a program shares with the library, installed
 * only because that code is compiled from them. They change between
 * versions; a program built against one set of them refuses to run with a
 * library of another (SHMEMI_DEVICE_ABI_VERSION). */
#ifndef SHMEM_DEVICE_STATE_H
#define SHMEM_DEVICE_STATE_H

#include <stddef.h>

#include <shmem/internal/proxy_ring.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__CUDACC__)
#define SHMEMI_STATE_HD __host__ __device__
#else
#define SHMEMI_STATE_HD
#endif

/* A team as kernels see it, in a table in GPU memory that the library
 * keeps: an open-addressing hash from the team handle (empty entries hold
 * 0, removed ones 1). */
struct shmemi_device_team {
    unsigned long long handle;
    int start, stride, size; /* world PEs start + i * stride, i < size */
    int my_index;
    int slot;                /* its scratch slot: its barrier flags */
    int k;                   /* radix of its dissemination barrier */
    int block_k;             /* radix of its block barriers; 0: it has none */
    /* Nonzero when the team owns a slot of a barrier provider: kernels
     * arrive at and wait on this PE's words of it (host memory that
     * kernels reach) instead of running the dissemination barrier. */
    int hw;
    /* Nonzero when a member is on another node: kernels reach it through
     * the proxy (shmem/device/proxy.h). */
    int remote;
    unsigned *arrive;
    const unsigned *complete;
};

/* Per scratch slot, in the symmetric heap: word 0 is this PE's barrier
 * epoch for the slot's team, and flag i is word 8 * (i + 1) (64 bytes
 * apart): 15 flags, which a k-ary dissemination over N PEs needs
 * (k - 1) * ceil(log_k N) of (k = 2: teams of up to 2^15 PEs). From word
 * SHMEMI_TEAM_BLOCK_FLAGS on, SHMEMI_TEAM_BLOCKS such barriers of 8
 * packed words each (an epoch and 7 flags: teams of up to 128 PEs), one
 * per block of a multi-block kernel in which block b of each member
 * synchronises with block b of the others only: 128 of them, as the
 * multi-block sum at 64 and 256 MiB a PE at 2 PEs on H200s took 213.8 and
 * 825.9 us in 128 blocks against 274.7 and 1078.4 in 64
 * (bench/results/2026-11-28-sum-blocks.md). */
#define SHMEMI_TEAM_MAX_FLAGS 15
#define SHMEMI_TEAM_BLOCK_FLAGS 128
#define SHMEMI_TEAM_BLOCKS 128
#define SHMEMI_TEAM_BLOCK_WORDS 8
#define SHMEMI_TEAM_FLAG_WORDS (SHMEMI_TEAM_BLOCK_FLAGS + SHMEMI_TEAM_BLOCKS * SHMEMI_TEAM_BLOCK_WORDS)

/* The first SHMEMI_TEAM_LL_SLOTS scratch slots (SHMEM_TEAM_WORLD's and
 * SHMEM_TEAM_SHARED's among them) also hold the small sums' buffers
 * (src/device/kernels/reduce_ll.cuh): this PE's call counter and the
 * count of the call's blocks that are done, then two buffers, used in
 * turn, of team_ll_lines 16-byte lines, each line 8 bytes of data and two
 * copies of a flag; member m writes the lines
 * [m * team_ll_lines / size, ...) of each buffer. team_ll_lines is the
 * largest node's PEs times SHMEM_STREAM_SUM_LL / 8, so that every team
 * that can sum on a stream (its members on one node) holds that many bytes
 * a member; only the first slots have them, as each costs
 * 4 * SHMEM_STREAM_SUM_LL bytes of GPU memory per PE of that node. */
#define SHMEMI_TEAM_LL_SLOTS 8
#define SHMEMI_TEAM_LL_HEAD 64

/* One slot's bytes: the head, then the two buffers. */
static inline SHMEMI_STATE_HD unsigned long long shmemi_team_ll_bytes(unsigned long long lines)
{
    return SHMEMI_TEAM_LL_HEAD + 2 * lines * 16;
}

/* With SHMEM_STREAM_SUM_PUSH set, the first SHMEMI_TEAM_PUSH_SLOTS slots
 * (SHMEM_TEAM_WORLD's and SHMEM_TEAM_SHARED's) also hold the buffers of
 * the large sums that only store (src/device/kernels/reduce_push.cuh):
 * for each of its SHMEMI_PUSH_BLOCKS blocks, a head of 64-bit words (the
 * block's round count, then a ready word and a credit word for each
 * member) and two buffers, used in turn, of a chunk of
 * SHMEMI_PUSH_UNITS 16-byte units from each member; team_push_members is
 * the largest node's PEs. */
#define SHMEMI_TEAM_PUSH_SLOTS 2
#define SHMEMI_PUSH_BLOCKS 64
#define SHMEMI_PUSH_UNITS 512

/* A block's head words, whole 64-byte lines of them. */
static inline SHMEMI_STATE_HD unsigned long long shmemi_push_head_words(unsigned long long members)
{
    return (1 + 2 * members + 7) / 8 * 8;
}

/* One block's bytes, and one slot's. */
static inline SHMEMI_STATE_HD unsigned long long shmemi_push_block_bytes(unsigned long long members)
{
    return shmemi_push_head_words(members) * 8 + 2 * members * SHMEMI_PUSH_UNITS * 16;
}

static inline SHMEMI_STATE_HD unsigned long long shmemi_team_push_bytes(unsigned long long members)
{
    return SHMEMI_PUSH_BLOCKS * shmemi_push_block_bytes(members);
}

static inline SHMEMI_STATE_HD unsigned shmemi_team_hash(unsigned long long h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return (unsigned)h;
}

/* Why a kernel stopped, for the host to print. Kernels carry no printf:
 * the first module with one that a process loads makes the driver reserve
 * 64 MiB of GPU memory (bench/module_memory.sh). The first thread of a
 * module that stops writes the record in this PE's control slot (host
 * memory), and the library prints it when it next sees the failure, at
 * shmem_finalize or shmem_global_exit, or when the process exits
 * (src/cuda/device_report.c). */
enum shmemi_dev_stop {
    SHMEMI_STOP_NONE,
    SHMEMI_STOP_UNREACHABLE, /* pe is not in this PE's load/store window */
    SHMEMI_STOP_NO_TYPE,     /* long double in device code */
    SHMEMI_STOP_NO_ATOMICS,  /* atomics on a pinned heap without PCIe atomics */
    SHMEMI_STOP_ABORTED,     /* a device wait saw the job ending */
    SHMEMI_STOP_TEAM_GONE,   /* an on-stream call on a destroyed team */
};

struct shmemi_dev_report {
    int stop;     /* enum shmemi_dev_stop, written last */
    int pe;       /* the PE the call named, or -1 */
    char call[56];
};

struct shmemi_device_state {
    char *window;            /* the data window, slot 0 */
    unsigned long long stride;
    int my_pe, n_pes, my_local, n_local;
    const int *local_index;  /* [n_pes], in the heap: slot of a PE or -1 */
    /* The PE of slot 0 when the node's PEs are consecutive (slot i holds
     * PE local_base + i), else -1: then no table load is needed. */
    int local_base;
    /* The teams: the table (team_mask + 1 entries), SHMEM_TEAM_WORLD's
     * entry, and the slots' barrier flags. */
    const struct shmemi_device_team *teams;
    unsigned team_mask;
    struct shmemi_device_team world; /* a copy: no table load in barrier_all */
    unsigned long long *team_flags;
    char *team_ll;           /* SHMEMI_TEAM_LL_SLOTS of shmemi_team_ll_bytes */
    unsigned long long team_ll_lines; /* a buffer's; 0: no small-sum buffers */
    char *team_push;         /* SHMEMI_TEAM_PUSH_SLOTS of shmemi_team_push_bytes */
    int team_push_members;   /* 0: no buffers for the sums that only store */
    /* Nonzero once this PE's job is ending (a peer died, or called
     * shmem_global_exit): host memory that kernels can read, so a device
     * spin loop stops instead of waiting for a PE that is gone. */
    const volatile int *abort_flag;
    struct shmemi_dev_report *report; /* host memory, this PE's */
    /* Whether system-scope atomics on the heap are atomic among all GPUs
     * and CPUs: always on GPU memory; on a pinned host heap only where the
     * host has native PCIe atomics. */
    int atomics;
    int ready;               /* 0 unless the heap is reachable from kernels */
    /* How kernels reach PEs of other nodes: requests to this PE's proxy
     * thread (shmem/internal/proxy_ring.h); slots == 0 when the job is on one node
     * or the heap is one UCX cannot reach. */
    struct shmemi_proxy_channel proxy;
};

/* The version of the layouts under shmem/internal/ (this state, the team
 * table, the proxy's ring and requests): raised whenever one of them
 * changes, so that device code compiled against other headers than the
 * library's is refused instead of misreading the state. */
#define SHMEMI_DEVICE_ABI_VERSION 6

/* Called once per CUDA translation unit before main (see shmem/device.h)
 * with SHMEMI_DEVICE_ABI_VERSION and sizeof(struct shmemi_device_state) as
 * the translation unit saw them: the library ends the process, naming both
 * versions, unless they are its own. update is then called with the state
 * at shmem_init and shmem_finalize. */
void shmemi_device_register_abi(unsigned version, size_t state_bytes,
                                void (*update)(const struct shmemi_device_state *));

#ifdef __cplusplus
}
#endif

#endif
