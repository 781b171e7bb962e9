/* Contexts. Between PEs of a node every operation completes in the calling
 * thread, so the default context carries no state yet. */
#include <shmem.h>

struct shmemi_ctx {
    long options;
};

static struct shmemi_ctx default_ctx;
shmem_ctx_t SHMEM_CTX_DEFAULT = &default_ctx;
