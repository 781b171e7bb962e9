/* Communication contexts (OpenSHMEM 1.5 section 9.5) with 1.6's sessions
 * and per-PE quiet. The context type and its option bits are in shmem/api.h,
 * since the RMA declarations need them. */
#ifndef SHMEM_CTX_H
#define SHMEM_CTX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);

/* Completes this PE's operations to the listed PEs (numbered in the
 * context's team). */
void shmem_pe_quiet(const int *target_pes, size_t npes);
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *target_pes, size_t npes);

/* Sessions: hints about a stretch of operations on a context. */
#define SHMEM_CTX_SESSION_BATCH (1L << 0)

typedef struct {
    size_t total_ops; /* expected RMA calls in the session */
} shmem_ctx_session_config_t;

#define SHMEM_CTX_SESSION_TOTAL_OPS (1L << 0)

void shmem_ctx_session_start(shmem_ctx_t ctx, long options,
                             const shmem_ctx_session_config_t *config,
                             long config_mask);
void shmem_ctx_session_stop(shmem_ctx_t ctx);

#ifdef __cplusplus
}
#endif

#endif
