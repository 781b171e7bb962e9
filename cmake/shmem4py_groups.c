/* Not compiled: cmake/shmem4py.cmake runs it through the C preprocessor.
 * Each output line "PySHMEM_HAVE_<x> <routines>" names a macro that
 * shmem4py tests to learn whether an implementation has a group of
 * optional routines, and the routines of the group, expanded from the type
 * tables; the macro is defined when the library exports all of them. */
#include <shmem.h>

#define TYPED(T, N, OP) shmem_##N##_##OP shmem_ctx_##N##_##OP
#define AMO_NBI_STD(T, N) TYPED(T, N, atomic_compare_swap_nbi)                \
    TYPED(T, N, atomic_fetch_inc_nbi) TYPED(T, N, atomic_fetch_add_nbi)
#define AMO_NBI_EXT(T, N) TYPED(T, N, atomic_fetch_nbi) TYPED(T, N, atomic_swap_nbi)
#define AMO_NBI_BIT(T, N) TYPED(T, N, atomic_fetch_and_nbi)                   \
    TYPED(T, N, atomic_fetch_or_nbi) TYPED(T, N, atomic_fetch_xor_nbi)
#define PUT_SIGNAL(T, N) TYPED(T, N, put_signal) TYPED(T, N, put_signal_nbi)
#define PUT_SIGNAL_SIZED(B) shmem_put##B##_signal shmem_put##B##_signal_nbi
#define BCAST(T, N) shmem_##N##_broadcast
#define COLLECT(T, N) shmem_##N##_collect
#define FCOLLECT(T, N) shmem_##N##_fcollect
#define ALLTOALL(T, N) shmem_##N##_alltoall
#define ALLTOALLS(T, N) shmem_##N##_alltoalls
#define REDUCE(T, N, OP) shmem_##N##_##OP##_reduce
#define REDUCE_OP(CLASS, OP) SHMEMI_REDUCE_##CLASS##_TYPES(REDUCE, OP)
#define WAIT_MANY(T, N) shmem_##N##_wait_until_all shmem_##N##_wait_until_any \
    shmem_##N##_wait_until_some shmem_##N##_test_all shmem_##N##_test_any     \
    shmem_##N##_test_some shmem_##N##_wait_until_all_vector                   \
    shmem_##N##_wait_until_any_vector shmem_##N##_wait_until_some_vector      \
    shmem_##N##_test_all_vector shmem_##N##_test_any_vector                   \
    shmem_##N##_test_some_vector

PySHMEM_HAVE_shmem_malloc_with_hints shmem_malloc_with_hints
PySHMEM_HAVE_shmem_amo_nbi SHMEMI_AMO_STANDARD_TYPES(AMO_NBI_STD) SHMEMI_AMO_EXTENDED_TYPES(AMO_NBI_EXT) SHMEMI_AMO_BITWISE_TYPES(AMO_NBI_BIT)
PySHMEM_HAVE_shmem_put_signal SHMEMI_RMA_TYPES(PUT_SIGNAL) SHMEMI_SIZES(PUT_SIGNAL_SIZED) shmem_putmem_signal shmem_putmem_signal_nbi shmem_ctx_putmem_signal shmem_ctx_putmem_signal_nbi
PySHMEM_HAVE_shmem_signal_fetch shmem_signal_fetch
PySHMEM_HAVE_shmem_signal_wait_until shmem_signal_wait_until
#ifdef SHMEM_CTX_INVALID
PySHMEM_HAVE_SHMEM_CTX_INVALID shmem_ctx_create shmem_ctx_destroy
#endif
#ifdef SHMEM_TEAM_INVALID
PySHMEM_HAVE_shmem_team_t shmem_team_my_pe shmem_team_n_pes shmem_team_translate_pe shmem_team_split_strided shmem_team_split_2d shmem_team_get_config shmem_team_destroy shmem_team_create_ctx shmem_ctx_get_team shmem_team_sync
#endif
PySHMEM_HAVE_shmem_broadcast SHMEMI_RMA_TYPES(BCAST)
PySHMEM_HAVE_shmem_collect SHMEMI_RMA_TYPES(COLLECT)
PySHMEM_HAVE_shmem_fcollect SHMEMI_RMA_TYPES(FCOLLECT)
PySHMEM_HAVE_shmem_alltoall SHMEMI_RMA_TYPES(ALLTOALL)
PySHMEM_HAVE_shmem_alltoalls SHMEMI_RMA_TYPES(ALLTOALLS)
PySHMEM_HAVE_shmem_broadcastmem shmem_broadcastmem
PySHMEM_HAVE_shmem_collectmem shmem_collectmem
PySHMEM_HAVE_shmem_fcollectmem shmem_fcollectmem
PySHMEM_HAVE_shmem_alltoallmem shmem_alltoallmem
PySHMEM_HAVE_shmem_alltoallsmem shmem_alltoallsmem
PySHMEM_HAVE_shmem_reduce SHMEMI_REDUCE_OPS(REDUCE_OP)
PySHMEM_HAVE_shmem_wait_test_many SHMEMI_P2P_TYPES(WAIT_MANY)
PySHMEM_HAVE_shmem_pcontrol shmem_pcontrol
