/* Collectives from one element to far more than a team's scratch work area
 * (100000 elements), against closed forms: sums and prefix sums of
 * (k + 1) * (i + 1) over members k, out of place and in place; max and min;
 * complex products; broadcast from every root, fcollect, collect with
 * uneven counts, alltoall and alltoalls; and an active-set reduction on the
 * even PEs. Sizes straddle the cache lines and private blocks the
 * reductions are cut into. */
#include <complex.h>

#include "check.h"

#define BIG 100000
static const size_t sizes[] = {1, 2, 63, 64, 65, 300, 1000, 4097, BIG};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static int me, npes;
static double *dsrc, *ddst; /* (npes + 1) * BIG doubles each */

static void sums(void)
{
    double tri = npes * (npes + 1) / 2.0;
    for (size_t s = 0; s < NSIZES; s++) {
        size_t n = sizes[s];
        for (size_t i = 0; i < n + 1; i++) {
            dsrc[i] = (me + 1) * (double)(i + 1);
            ddst[i] = -1;
        }
        CHECK(shmem_double_sum_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, n) == 0, "sum");
        for (size_t i = 0; i < n; i++)
            CHECK(ddst[i] == tri * (double)(i + 1), "sum of %zu, element %zu: %g", n, i,
                  ddst[i]);
        CHECK(ddst[n] == -1, "sum of %zu wrote past the end", n);
        CHECK(shmem_double_sum_reduce(SHMEM_TEAM_WORLD, dsrc, dsrc, n) == 0, "sum");
        for (size_t i = 0; i < n; i++)
            CHECK(dsrc[i] == tri * (double)(i + 1), "in-place sum of %zu, element %zu: "
                  "%g", n, i, dsrc[i]);
    }
}

static void scans(void)
{
    long *src = (long *)dsrc, *dst = (long *)ddst;
    long in = (long)(me + 1) * (me + 2) / 2, ex = (long)me * (me + 1) / 2;
    for (size_t s = 0; s < NSIZES; s++) {
        size_t n = sizes[s];
        for (size_t i = 0; i < n; i++)
            src[i] = (me + 1) * (long)(i + 1);
        CHECK(shmem_long_sum_inscan(SHMEM_TEAM_WORLD, dst, src, n) == 0, "inscan");
        CHECK(shmem_long_sum_exscan(SHMEM_TEAM_WORLD, src, src, n) == 0, "exscan");
        for (size_t i = 0; i < n; i++) {
            CHECK(dst[i] == in * (long)(i + 1), "inscan of %zu, element %zu: %ld", n,
                  i, dst[i]);
            CHECK(src[i] == ex * (long)(i + 1), "in-place exscan of %zu, element %zu: "
                  "%ld", n, i, src[i]);
        }
    }
}

static void extremes_and_products(void)
{
    int *isrc = (int *)dsrc, *idst = (int *)ddst;
    for (size_t i = 0; i < BIG; i++)
        isrc[i] = (int)((me * 7919 + i * 104729) % 100003) - 50000;
    CHECK(shmem_int_max_reduce(SHMEM_TEAM_WORLD, idst, isrc, BIG) == 0, "max");
    for (size_t i = 0; i < BIG; i++) {
        int want = -50001;
        for (int k = 0; k < npes; k++) {
            int v = (int)((k * 7919 + i * 104729) % 100003) - 50000;
            want = v > want ? v : want;
        }
        CHECK(idst[i] == want, "max, element %zu: %d, want %d", i, idst[i], want);
    }
    CHECK(shmem_int_min_reduce(SHMEM_TEAM_WORLD, isrc, isrc, BIG) == 0, "min");
    for (size_t i = 0; i < BIG; i++) {
        int want = 50003;
        for (int k = 0; k < npes; k++) {
            int v = (int)((k * 7919 + i * 104729) % 100003) - 50000;
            want = v < want ? v : want;
        }
        CHECK(isrc[i] == want, "min, element %zu: %d, want %d", i, isrc[i], want);
    }

    /* i^k for members k < n: the product is i^(n(n-1)/2) in the cycle of
     * powers of i, chosen by the element so both sides vary. */
    double _Complex *csrc = (double _Complex *)dsrc, *cdst = (double _Complex *)ddst;
    static const double _Complex pw[4] = {1, I, -1, -I};
    size_t n = BIG / 2;
    for (size_t i = 0; i < n; i++)
        csrc[i] = pw[(me + i) % 4] * (double)(1 + i % 3);
    CHECK(shmem_complexd_prod_reduce(SHMEM_TEAM_WORLD, cdst, csrc, n) == 0, "prod");
    CHECK(shmem_complexd_sum_reduce(SHMEM_TEAM_WORLD, csrc, csrc, n) == 0, "sum");
    for (size_t i = 0; i < n; i++) {
        double m = (double)(1 + i % 3), mag = 1;
        double _Complex sum = 0;
        size_t e = 0;
        for (int k = 0; k < npes; k++) {
            mag *= m;
            e += (size_t)k + i;
            sum += pw[(k + i) % 4] * m;
        }
        CHECK(cdst[i] == pw[e % 4] * mag, "complex prod, element %zu: %g%+gi", i,
              creal(cdst[i]), cimag(cdst[i]));
        CHECK(csrc[i] == sum, "complex sum, element %zu: %g%+gi", i, creal(csrc[i]),
              cimag(csrc[i]));
    }
}

static void data(void)
{
    for (int root = 0; root < npes; root++) {
        for (size_t i = 0; i < BIG; i++)
            dsrc[i] = me * 1e6 + (double)i;
        CHECK(shmem_double_broadcast(SHMEM_TEAM_WORLD, ddst, dsrc, BIG, root) == 0, "bcast");
        for (size_t i = 0; i < BIG; i++)
            CHECK(ddst[i] == root * 1e6 + (double)i, "broadcast from %d, element %zu: %g",
                  root, i, ddst[i]);
    }

    CHECK(shmem_double_fcollect(SHMEM_TEAM_WORLD, ddst, dsrc, BIG) == 0, "fcollect");
    for (size_t j = 0; j < (size_t)npes * BIG; j++)
        CHECK(ddst[j] == (double)(j / BIG) * 1e6 + (double)(j % BIG),
              "fcollect, element %zu: %g", j, ddst[j]);

    /* Member k gives BIG / (k + 1) elements. */
    CHECK(shmem_double_collect(SHMEM_TEAM_WORLD, ddst, dsrc, BIG / (size_t)(me + 1)) == 0,
          "collect");
    size_t off = 0;
    for (int k = 0; k < npes; k++)
        for (size_t i = 0; i < BIG / (size_t)(k + 1); i++, off++)
            CHECK(ddst[off] == k * 1e6 + (double)i, "collect, PE %d's element %zu: %g",
                  k, i, ddst[off]);

    size_t nb = BIG / (size_t)npes;
    CHECK(shmem_double_alltoall(SHMEM_TEAM_WORLD, ddst, dsrc, nb) == 0, "alltoall");
    for (size_t j = 0; j < (size_t)npes * nb; j++)
        CHECK(ddst[j] == (double)(j / nb) * 1e6 + (double)(me * nb + j % nb),
              "alltoall, element %zu: %g", j, ddst[j]);

    /* Every third source element, into every other dest element. */
    nb = BIG / 3 / (size_t)npes;
    CHECK(shmem_double_alltoalls(SHMEM_TEAM_WORLD, ddst, dsrc, 2, 3, nb) == 0, "alltoalls");
    for (size_t j = 0; j < (size_t)npes * nb; j++)
        CHECK(ddst[2 * j] == (double)(j / nb) * 1e6 + (double)(3 * (me * nb + j % nb)),
              "alltoalls, element %zu: %g", j, ddst[2 * j]);
}

static void active_set(void)
{
    long *psync = shmem_malloc(SHMEM_REDUCE_SYNC_SIZE * sizeof(long));
    double *wrk = shmem_malloc((BIG / 2 + 1) * sizeof(double));
    CHECK(psync && wrk, "allocation");
    for (int i = 0; i < SHMEM_REDUCE_SYNC_SIZE; i++)
        psync[i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();
    if (me % 2 == 0) {
        int n = (npes + 1) / 2;
        for (size_t i = 0; i < BIG; i++)
            dsrc[i] = (me + 1) * (double)(i + 1);
        shmem_double_sum_to_all(ddst, dsrc, BIG, 0, 1, n, wrk, psync);
        /* Members are PEs 0, 2, ...: the sum of 2k + 1 is n^2. */
        for (size_t i = 0; i < BIG; i++)
            CHECK(ddst[i] == (double)n * n * (double)(i + 1), "sum_to_all, element %zu: "
                  "%g", i, ddst[i]);
    }
    shmem_barrier_all();
    shmem_free(wrk);
    shmem_free(psync);
}

int main(void)
{
    shmem_init();
    me = shmem_my_pe();
    npes = shmem_n_pes();
    dsrc = shmem_malloc((size_t)(npes + 1) * BIG * sizeof(double));
    ddst = shmem_malloc((size_t)(npes + 1) * BIG * sizeof(double));
    CHECK(dsrc && ddst, "allocation");

    sums();
    scans();
    extremes_and_products();
    data();
    active_set();

    shmem_free(ddst);
    shmem_free(dsrc);
    shmem_finalize();
    return 0;
}
