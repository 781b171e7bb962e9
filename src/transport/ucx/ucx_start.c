/* Starting and stopping UCX: the context and the workers (shared, answer),
 * the exchange of worker addresses, and the transport's table of
 * operations. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <shmem.h>

#include "init/error.h"
#include "init/runtime.h"
#include "ucx.h"

struct shmemi_ucx shmemi_ucx;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p)
        shmemi_fatal("shmem_init", "out of memory starting UCX");
    return p;
}

static void allgather(const void *in, void *out, size_t len)
{
    if (shmemi_state.boot.allgather(in, out, len) != 0)
        shmemi_fatal("shmem_init", "the bootstrap allgather of UCX worker addresses failed");
}

/* Whether threads may call UCX at once: the user's (SHMEM_THREAD_MULTIPLE)
 * or the device proxy's beside the user's, which UCX's own locks then
 * serialize (the worker's, and the context's for registrations that heap
 * growth makes while the proxy transfers). */
static int multi;

static void open_context(void)
{
    ucp_config_t *config;
    ucs_status_t st = ucp_config_read(NULL, NULL, &config);
    if (st != UCS_OK)
        shmemi_ucx_fail("shmem_init", "ucp_config_read (a UCX_* variable may be wrong)",
                        st, -1);
    ucp_params_t p = {
        .field_mask = UCP_PARAM_FIELD_FEATURES | UCP_PARAM_FIELD_MT_WORKERS_SHARED |
                      UCP_PARAM_FIELD_ESTIMATED_NUM_EPS | UCP_PARAM_FIELD_NAME,
        .features = UCP_FEATURE_RMA | UCP_FEATURE_AMO32 | UCP_FEATURE_AMO64 | UCP_FEATURE_AM,
        .mt_workers_shared = multi,
        .estimated_num_eps = (size_t)shmemi_state.n_pes,
        .name = "shmem",
    };
    st = ucp_init(&p, config, &shmemi_ucx.context);
    ucp_config_release(config);
    if (st != UCS_OK)
        shmemi_ucx_fail("shmem_init", "ucp_init (no transport offers RMA and atomics?)",
                        st, -1);
}

/* Whether ucp_worker_fence can only order, never flush and wait
 * (ucx_sync.c): UCX before 1.14 has no other fence, and UCX_FENCE_MODE=weak
 * asks for it. In auto mode UCX decides from settings of its own (strong
 * with the protocols 1.16 enables by default); a fence that may be strong
 * is taken for one. */
static int fence_is_weak(void)
{
    const char *mode = getenv("UCX_FENCE_MODE");
    if (mode && strcasecmp(mode, "weak") == 0)
        return 1;
    if (mode && strcasecmp(mode, "strong") == 0)
        return 0;
    unsigned major, minor, release;
    ucp_get_version(&major, &minor, &release);
    return major == 1 && minor < 14;
}

static ucp_worker_h open_worker(void)
{
    int level = shmemi_state.thread_level;
    ucp_worker_params_t p = {
        .field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
        .thread_mode = multi                              ? UCS_THREAD_MODE_MULTI
                       : level == SHMEM_THREAD_SERIALIZED ? UCS_THREAD_MODE_SERIALIZED
                                                          : UCS_THREAD_MODE_SINGLE,
    };
    ucp_worker_h w;
    ucs_status_t st = ucp_worker_create(shmemi_ucx.context, &p, &w);
    if (st != UCS_OK)
        shmemi_ucx_fail("shmem_init", "ucp_worker_create", st, -1);
    return w;
}

/* Every PE's two worker addresses (shared, answer), each padded to the
 * longest. */
static void exchange_addresses(void)
{
    int n = shmemi_state.n_pes;
    ucp_worker_h ws[2] = {shmemi_ucx.shared.worker, shmemi_ucx.answer};
    ucp_address_t *addr[2];
    size_t len[2];
    for (int i = 0; i < 2; i++) {
        ucs_status_t st = ucp_worker_get_address(ws[i], &addr[i], &len[i]);
        if (st != UCS_OK)
            shmemi_ucx_fail("shmem_init", "ucp_worker_get_address", st, -1);
    }
    uint64_t mine = len[0] > len[1] ? len[0] : len[1];
    uint64_t *lens = xcalloc((size_t)n, sizeof *lens);
    allgather(&mine, lens, sizeof mine);
    shmemi_ucx.addr_len = 0;
    for (int pe = 0; pe < n; pe++)
        if (lens[pe] > shmemi_ucx.addr_len)
            shmemi_ucx.addr_len = lens[pe];
    free(lens);
    char *padded = xcalloc(2, shmemi_ucx.addr_len);
    for (int i = 0; i < 2; i++) {
        memcpy(padded + i * shmemi_ucx.addr_len, addr[i], len[i]);
        ucp_worker_release_address(ws[i], addr[i]);
    }
    shmemi_ucx.addrs = xcalloc((size_t)n * 2, shmemi_ucx.addr_len);
    allgather(padded, shmemi_ucx.addrs, 2 * shmemi_ucx.addr_len);
    free(padded);
}

/* Keys before their endpoints (contexts' first), endpoints before the
 * workers, and the workers only once every PE has closed its endpoints. */
static void fini(void)
{
    shmemi_ucx_ctx_close_all();
    shmemi_ucx_rkeys_fini(&shmemi_ucx.shared);
    shmemi_ucx_mem_fini();
    shmemi_ucx_eps_close("shmem_finalize", &shmemi_ucx.shared);
    shmemi_ucx_depart();
    shmemi_ucx_ctx_fini();
    ucp_worker_destroy(shmemi_ucx.shared.worker);
    ucp_worker_destroy(shmemi_ucx.answer);
    ucp_cleanup(shmemi_ucx.context);
    free(shmemi_ucx.addrs);
    free(shmemi_ucx.shared.eps);
    free(shmemi_ucx.shared.made);
    free(shmemi_ucx.served);
    pthread_mutex_destroy(&shmemi_ucx.lock);
    memset(&shmemi_ucx, 0, sizeof shmemi_ucx);
}

static const struct shmemi_transport ucx_transport = {
    .name = "UCX",
    .expose = shmemi_ucx_expose,
    .ctx_open = shmemi_ucx_ctx_open,
    .ctx_close = shmemi_ucx_ctx_close,
    .put = shmemi_ucx_put,
    .get = shmemi_ucx_get,
    .put_rows = shmemi_ucx_put_rows,
    .get_rows = shmemi_ucx_get_rows,
    .put_nbi = shmemi_ucx_put_nbi,
    .get_nbi = shmemi_ucx_get_nbi,
    .put_internal = shmemi_ucx_put_internal,
    .notify = shmemi_ucx_notify,
    .amo = shmemi_ucx_amo,
    .amo_post = shmemi_ucx_amo_post,
    .fence = shmemi_ucx_fence,
    .quiet = shmemi_ucx_quiet,
    .progress = shmemi_ucx_progress,
    .fini = fini,
};

const struct shmemi_transport *shmemi_ucx_start(int shared)
{
    multi = shared || shmemi_state.thread_level == SHMEM_THREAD_MULTIPLE;
    shmemi_ucx_service_exchange();
    open_context();
    shmemi_ucx.weak_fence = fence_is_weak();
    shmemi_ucx.shared.worker = open_worker();
    shmemi_ucx.answer = open_worker();
    shmemi_ucx_notify_init();
    if (shmemi_ucx.served) {
        shmemi_ucx_service_handlers("shmem_init", shmemi_ucx.shared.worker);
        shmemi_ucx_service_handlers("shmem_init", shmemi_ucx.answer);
    }
    exchange_addresses();
    shmemi_ucx.shared.eps =
        xcalloc((size_t)shmemi_state.n_pes, sizeof *shmemi_ucx.shared.eps);
    shmemi_ucx.shared.made =
        xcalloc((size_t)shmemi_state.n_pes, sizeof *shmemi_ucx.shared.made);
    pthread_mutex_init(&shmemi_ucx.lock, NULL);
    shmemi_ucx_batch_init(&shmemi_ucx.shared.nbi, &shmemi_ucx.shared);
    shmemi_ucx_batch_init(&shmemi_ucx.shared.acks, &shmemi_ucx.shared);
    shmemi_ucx_ctx_start();
    return &ucx_transport;
}
