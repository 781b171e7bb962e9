/* The environment variables the runtime reads: one table, used to parse,
 * to validate (a bad value is an error, never silently ignored) and to print
 * (SHMEM_INFO and shmem-info). */
#ifndef SHMEMI_CONFIG_H
#define SHMEMI_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* X(NAME, FIELD, KIND, DEFAULT, HELP). KIND is bool, size (bytes), count
 * (a whole number of things), seconds or string: each kind has its own
 * parser and its own words for a bad value. */
#define SHMEMI_CONFIG_TABLE(X)                                                \
    X(SHMEM_SYMMETRIC_SIZE, symmetric_size, size, "32M",                     \
      "Bytes of symmetric heap each PE starts with (suffixes K, M, G, T; "    \
      "powers of 1024). The heap grows past it on demand unless "             \
      "SHMEM_SYMMETRIC_SIZE_MAX stops it; setting this variable alone makes " \
      "it a fixed size, as the OpenSHMEM specification describes.")           \
    X(SHMEM_SYMMETRIC_SIZE_MAX, symmetric_size_max, size, "0",                \
      "Largest size the symmetric heap may grow to. 0: SHMEM_SYMMETRIC_SIZE " \
      "when that is set, else 64G for a host or pinned heap (address space "  \
      "only) or the GPU's memory for a device heap.")                         \
    X(SHMEM_HEAP, heap, string, "auto",                                       \
      "Where the symmetric heap lives: auto (the PE's GPU when there is one, "\
      "else host memory), host (shared host memory), device (GPU memory, "    \
      "cuMem) or pinned (host memory on the GPU's NUMA node, cuMem, "        \
      "reachable by the node's GPUs and CPUs).")                              \
    X(SHMEM_SYMMETRIC_STATICS, symmetric_statics, bool, "1",                 \
      "Make the executable's global and static variables symmetric data "    \
      "objects, as the OpenSHMEM memory model says (their pages move onto "   \
      "shared memory at shmem_init). 0: only shmem_malloc memory is "         \
      "symmetric, and a global as the remote side of a call is an error.")    \
    X(SHMEM_GPU_SHARE, gpu_share, bool, "0",                                  \
      "Let several PEs of a machine (virtual nodes included) drive the "     \
      "same GPU when PEs outnumber GPUs (otherwise an error).")               \
    X(SHMEM_GPU_PUT_STAGE, gpu_put_stage, size, "64K",                       \
      "On a device heap, host puts of up to this many bytes from host "      \
      "memory return once their source is copied into pinned staging "        \
      "memory (local completion); quiet, fence and barriers wait for them "   \
      "to land. 0: every put waits for its copy to land.")                    \
    X(SHMEM_DEBUG, debug, bool, "0",                                          \
      "Check arguments of every call (PE range, pointers inside the "         \
      "symmetric heap, sizes, collective agreement) and report misuse with "  \
      "the call and the PE.")                                                 \
    X(SHMEM_INFO, info, bool, "0",                                            \
      "Print every variable of this table with its value and help at "        \
      "shmem_init (PE 0 only).")                                              \
    X(SHMEM_VERSION, version, bool, "0",                                      \
      "Print the library version at shmem_init (PE 0 only).")                 \
    X(SHMEM_BOOTSTRAP, bootstrap, string, "auto",                             \
      "How PEs find each other: auto (PMIx under mpirun/prterun, then "      \
      "shmemrun, then a single PE), pmix, shmemrun or single.")              \
    X(SHMEM_SPIN_COUNT, spin_count, count, "0",                               \
      "Polls of a flag before a waiting PE starts yielding its core to "      \
      "others; past them it yields on one poll in SHMEM_SPIN_YIELD, or on "   \
      "every poll when the count is 1 (before them, in a job of several "     \
      "nodes, it does not pause between polls). 0: 4096 when the node's PEs " \
      "fit on the cores this process may use, else 1 (yield at once, so "     \
      "that the PE being waited for runs).")                                  \
    X(SHMEM_SPIN_YIELD, spin_yield, count, "0",                               \
      "Past SHMEM_SPIN_COUNT polls, a waiting PE yields its core on one "     \
      "poll in this many (rounded up to a power of two). 0: 64 where the "    \
      "PE's process runs threads of its own that may need the core "          \
      "(SHMEM_THREAD_MULTIPLE, or the device proxy), else 4096.")             \
    X(SHMEM_TEAMS_MAX, teams_max, count, "1024",                              \
      "Teams that can exist at once (SHMEM_TEAM_WORLD and SHMEM_TEAM_SHARED "  \
      "included); each holds a few KiB of symmetric scratch.")                \
    X(SHMEM_STREAM_SUM_KERNEL, stream_sum_kernel, size, "1G",                 \
      "Largest sum reduction on a stream (bytes per PE) that runs as one "    \
      "kernel of several blocks, in which each PE sums its share of the "     \
      "elements and stores it into every PE's dest; larger ones run as a "    \
      "reduce kernel and copies in five launches (slower at every size "      \
      "measured: for comparing the two).")                                    \
    X(SHMEM_STREAM_SUM_LL, stream_sum_ll, size, "256K",                       \
      "Largest sum reduction on a stream (bytes per PE) that runs with no "   \
      "barrier, each PE storing its data with a flag into every member's "    \
      "buffer; only for the teams in the first 8 scratch slots "              \
      "(SHMEM_TEAM_WORLD, SHMEM_TEAM_SHARED and the earliest teams alive), "  \
      "whose buffers take 32 times this many bytes of GPU memory per PE of "  \
      "the largest node (8 MiB each at 256K). 0: never, and no buffers.")     \
    X(SHMEM_STREAM_SUM_PUSH, stream_sum_push, size, "0",                      \
      "Smallest sum reduction on a stream (bytes per PE, 16-byte aligned "   \
      "and a multiple of 16) that runs as the kernel that only stores: "     \
      "each PE pushes chunks of the others' shares into their buffers and "  \
      "sums its own share from its own memory; only for SHMEM_TEAM_WORLD "   \
      "and SHMEM_TEAM_SHARED, whose buffers take 2 MiB of GPU memory per "   \
      "PE of the largest node. 0: never, and no buffers.")                   \
    X(SHMEM_STREAM_EXCHANGE_KERNEL, stream_exchange_kernel, size, "1G",       \
      "Largest block (bytes) of an alltoall or fcollect on a stream that "    \
      "runs as one kernel of several blocks, in which each PE stores its "    \
      "blocks into the others' dest; larger ones run as a copy per PE "       \
      "between two barriers: for comparing the two.")                        \
    X(SHMEM_VIRTUAL_NODES, virtual_nodes, count, "0",                         \
      "Split each host into nodes of this many PEs (PE / n numbers the "     \
      "node), which reach each other through the inter-node transport (UCX) " \
      "as PEs on different machines would: for testing that path on one "    \
      "machine, whose GPUs are shared out among all its PEs. 0: nodes are "   \
      "hosts.")                                                               \
    X(SHMEM_PROXY_SLOTS, proxy_slots, count, "256",                          \
      "Request slots in the ring through which a PE's kernels reach PEs of "  \
      "other nodes (a power of two, 2 to 1048576; 512 bytes each, pinned). "  \
      "A kernel thread that finds the ring full waits for a slot.")          \
    X(SHMEM_PROXY_HOST, proxy_host, bool, "0",                                \
      "Run the device proxy on a host heap too, for host threads that post "  \
      "requests as kernels would: tests the proxy on machines without a GPU " \
      "(kernels themselves need SHMEM_HEAP=pinned to reach other nodes).")    \
    X(SHMEM_UCX_HEAP_SERVICE, ucx_heap_service, bool, "0",                   \
      "1: each PE serves its symmetric heap to other nodes itself (UCX "     \
      "active messages that it performs on its heap) even when UCX could "   \
      "reach the heap directly: for testing on machines without a GPU. A "   \
      "heap in GPU memory is always served (UCX here cannot reach it).")     \
    X(SHMEM_CTX_WORKERS, ctx_workers, count, "64",                            \
      "Contexts made with SHMEM_CTX_PRIVATE or SHMEM_CTX_SERIALIZED that may " \
      "have a UCX worker of their own at once, per PE (made at a context's "  \
      "first operation on another node, kept for later contexts). Past them " \
      "a context shares the PE's worker: slower when threads contend, same "  \
      "results. 0: always.")                                                  \
    X(SHMEM_PEER_TIMEOUT, peer_timeout, seconds, "10",                        \
      "Seconds shmem_init waits for the node's PEs to connect to each other " \
      "(and each node's first PE for its neighbours' links) before it "       \
      "reports which ones are missing.")                                      \
    X(SHMEM_NODE_LINKS, node_links, bool, "1",                                \
      "In a job of several nodes, link each node's first PE by TCP to the "   \
      "first PEs of the nodes before and after it (a ring), so that when a "  \
      "node's PEs die without shmem_finalize the other nodes' PEs end the "   \
      "job with a message even where the launcher lets them run on (mpirun " \
      "--enable-recovery). 0: no links; the launcher alone ends the job.")   \
    X(SHMEM_BARRIER, barrier, string, "auto",                                 \
      "Barrier engine of the teams: auto (a slot of the barrier provider "    \
      "when one is present and has a slot for the team's PEs, else the "      \
      "dissemination barrier), hw (as auto, but no provider is an error) or " \
      "dissemination (never the provider).")                                  \
    X(SHMEM_BARRIER_K, barrier_k, count, "4",                                 \
      "Radix of the dissemination barrier, 2 to 32: ceil(log_k N) rounds of " \
      "k-1 stores and k-1 waits each.")                                       \
    X(SHMEM_BARRIER_EMULATE, barrier_emulate, bool, "0",                      \
      "Offer the emulated barrier switch as a provider (for testing: a "      \
      "progress thread of the node's first PE plays the switch).")            \
    X(SHMEM_BARRIER_EMU_SLOTS, barrier_emu_slots, count, "16",                \
      "Barrier slots the emulated switch offers (0 to 4096; 0: none).")       \
    X(SHMEM_BARRIER_EMU_MAX_PES, barrier_emu_max_pes, count, "0",             \
      "Largest team the emulated switch supports; 0: any size.")              \
    X(SHMEM_BARRIER_EMU_MAX_STRIDE, barrier_emu_max_stride, count, "0",       \
      "Largest distance between consecutive PEs of a team (in world PEs) "    \
      "that the emulated switch supports; 0: any.")                           \
    X(SHMEM_BARRIER_SEQ_START, barrier_seq_start, count, "0",                 \
      "Sequence number that barriers count on from (32 bits; for testing, "   \
      "a value near 4294967295 makes the counters wrap around soon).")        \
    X(SHMEM_BARRIER_TIMEOUT, barrier_timeout, seconds, "30",                  \
      "With SHMEM_DEBUG=1: seconds a PE waits in a barrier (or for a UCX "    \
      "operation that needs another node's PE to progress) before it names " \
      "the PEs that have not entered it (or the PE that does not answer) "   \
      "and ends the job; 0: wait for ever.")

/* The variables every PE of a job must set alike, Y(NAME, FIELD, KIND):
 * they size the heap and the teams' table, place PEs on nodes and link
 * them, and choose and number the barriers, which the PEs agree on without
 * telling each other; a PE whose value differed from a peer's waited for
 * ever or corrupted the peer's memory. shmem_init compares them
 * (locality.c). */
#define SHMEMI_CONFIG_JOB_WIDE(Y)                                             \
    Y(SHMEM_SYMMETRIC_SIZE, symmetric_size, size)                             \
    Y(SHMEM_SYMMETRIC_SIZE_MAX, symmetric_size_max, size)                     \
    Y(SHMEM_SYMMETRIC_STATICS, symmetric_statics, bool)                       \
    Y(SHMEM_TEAMS_MAX, teams_max, count)                                      \
    Y(SHMEM_STREAM_SUM_KERNEL, stream_sum_kernel, size)                       \
    Y(SHMEM_STREAM_SUM_LL, stream_sum_ll, size)                               \
    Y(SHMEM_STREAM_SUM_PUSH, stream_sum_push, size)                           \
    Y(SHMEM_STREAM_EXCHANGE_KERNEL, stream_exchange_kernel, size)             \
    Y(SHMEM_VIRTUAL_NODES, virtual_nodes, count)                              \
    Y(SHMEM_NODE_LINKS, node_links, bool)                                     \
    Y(SHMEM_BARRIER, barrier, string)                                         \
    Y(SHMEM_BARRIER_K, barrier_k, count)                                      \
    Y(SHMEM_BARRIER_EMULATE, barrier_emulate, bool)                           \
    Y(SHMEM_BARRIER_EMU_SLOTS, barrier_emu_slots, count)                      \
    Y(SHMEM_BARRIER_EMU_MAX_PES, barrier_emu_max_pes, count)                  \
    Y(SHMEM_BARRIER_EMU_MAX_STRIDE, barrier_emu_max_stride, count)            \
    Y(SHMEM_BARRIER_SEQ_START, barrier_seq_start, count)

#define SHMEMI_CONFIG_JOB_ONE(NAME, FIELD, KIND) +1
enum { SHMEMI_CONFIG_JOB_COUNT = 0 SHMEMI_CONFIG_JOB_WIDE(SHMEMI_CONFIG_JOB_ONE) };
#undef SHMEMI_CONFIG_JOB_ONE

struct shmemi_config {
#define SHMEMI_CONFIG_FIELD_bool int
#define SHMEMI_CONFIG_FIELD_size size_t
#define SHMEMI_CONFIG_FIELD_count size_t
#define SHMEMI_CONFIG_FIELD_seconds size_t
#define SHMEMI_CONFIG_FIELD_string const char *
#define SHMEMI_CONFIG_FIELD(NAME, FIELD, KIND, DEF, HELP)                     \
    SHMEMI_CONFIG_FIELD_##KIND FIELD;
    SHMEMI_CONFIG_TABLE(SHMEMI_CONFIG_FIELD)
#undef SHMEMI_CONFIG_FIELD
};

extern struct shmemi_config shmemi_config;

/* Reads every variable; a bad value is reported and ends the PE. */
void shmemi_config_load(void);
/* Warns about each SHMEM_ variable of the environment that the table
 * does not name, with the nearest one it does. */
void shmemi_config_warn_unknown(void);
/* Prints the table with the values in effect. */
void shmemi_config_print(FILE *out);
/* This PE's job-wide values as numbers (a string as its hash), in the
 * order of SHMEMI_CONFIG_JOB_WIDE, for the bootstrap to gather. */
void shmemi_config_job_values(uint64_t out[SHMEMI_CONFIG_JOB_COUNT]);
/* Ends the job, naming the variable, when pe's values differ from this
 * PE's. */
void shmemi_config_job_check(const uint64_t *mine, const uint64_t *theirs, int pe);
/* Parses "12", "4K", "1.5G": returns 0, or -1 if text is not a size. */
int shmemi_parse_size(const char *text, size_t *out);

#endif
