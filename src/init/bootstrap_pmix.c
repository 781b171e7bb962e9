/* The PMIx client: the bootstrap under Open MPI's mpirun and prterun. */
#include "bootstrap.h"

#include <pmix.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "error.h"

static pmix_proc_t me;
static unsigned round_no;
static int job_size;

static int check(pmix_status_t rc, const char *what)
{
    if (rc == PMIX_SUCCESS)
        return 0;
    shmemi_warn("bootstrap", "%s failed: %s; check that the launcher serves "
                "PMIx (Open MPI's mpirun or prterun) and that its PMIx version "
                "matches libpmix",
                what, PMIx_Error_string(rc));
    return -1;
}

static int pmix_allgather(const void *in, void *out, size_t len)
{
    char key[PMIX_MAX_KEYLEN];
    snprintf(key, sizeof key, "shmemi.ag.%u", round_no++);

    pmix_value_t v;
    PMIX_VALUE_CONSTRUCT(&v);
    v.type = PMIX_BYTE_OBJECT;
    v.data.bo.bytes = (char *)in;
    v.data.bo.size = len;
    if (check(PMIx_Put(PMIX_GLOBAL, key, &v), "PMIx_Put") ||
        check(PMIx_Commit(), "PMIx_Commit"))
        return -1;

    pmix_info_t collect;
    bool yes = true;
    PMIX_INFO_CONSTRUCT(&collect);
    PMIX_INFO_LOAD(&collect, PMIX_COLLECT_DATA, &yes, PMIX_BOOL);
    pmix_status_t rc = PMIx_Fence(NULL, 0, &collect, 1);
    PMIX_INFO_DESTRUCT(&collect);
    if (check(rc, "PMIx_Fence (allgather)"))
        return -1;

    pmix_value_t *val;
    for (int r = 0; r < job_size; r++) {
        pmix_proc_t p;
        PMIX_PROC_CONSTRUCT(&p);
        PMIX_LOAD_PROCID(&p, me.nspace, (pmix_rank_t)r);
        if (check(PMIx_Get(&p, key, NULL, 0, &val), "PMIx_Get(allgather)"))
            return -1;
        if (val->type != PMIX_BYTE_OBJECT || val->data.bo.size != len) {
            shmemi_warn("bootstrap", "rank %d contributed %zu bytes to an "
                        "allgather of %zu bytes", r, (size_t)val->data.bo.size, len);
            PMIX_VALUE_RELEASE(val);
            return -1;
        }
        if (len)
            memcpy((char *)out + (size_t)r * len, val->data.bo.bytes, len);
        PMIX_VALUE_RELEASE(val);
    }
    return 0;
}

static int pmix_barrier(void)
{
    return check(PMIx_Fence(NULL, 0, NULL, 0), "PMIx_Fence (barrier)");
}

static void pmix_abort(int code, const char *msg)
{
    PMIx_Abort(code, msg ? msg : "shmem job aborted", NULL, 0);
    _exit(code);
}

static int pmix_finalize(void)
{
    return check(PMIx_Finalize(NULL, 0), "PMIx_Finalize");
}

int shmemi_bootstrap_pmix_init(struct shmemi_bootstrap *b)
{
    if (check(PMIx_Init(&me, NULL, 0), "PMIx_Init"))
        return -1;
    pmix_proc_t wild;
    pmix_value_t *val;
    PMIX_PROC_CONSTRUCT(&wild);
    PMIX_LOAD_PROCID(&wild, me.nspace, PMIX_RANK_WILDCARD);
    if (check(PMIx_Get(&wild, PMIX_JOB_SIZE, NULL, 0, &val), "PMIx_Get(PMIX_JOB_SIZE)"))
        return -1;
    job_size = b->size = (int)val->data.uint32;
    PMIX_VALUE_RELEASE(val);
    b->name = "pmix";
    b->rank = (int)me.rank;
    b->allgather = pmix_allgather;
    b->barrier = pmix_barrier;
    b->abort = pmix_abort;
    b->finalize = pmix_finalize;
    return 0;
}

#ifdef __SANITIZE_ADDRESS__
/* A sanitized build (SHMEM_SANITIZE): libpmix keeps a few strings for the
 * life of the process (5 bytes from pmix_rte_init and
 * pmix_bfrops_base_value_load), which LeakSanitizer reports at exit,
 * turning the status of every PE that mpirun starts into 1. LSan asks the
 * process for built-in suppressions through this hook (the shared runtime
 * that gcc links finds it here), so a sanitized program runs cleanly
 * without LSAN_OPTIONS; one that defines the hook itself replaces it. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libpmix.so\n"; }
#endif
