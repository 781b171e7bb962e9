/* Setup, exit and query routines, including 1.6's nested init/finalize. */
#include <string.h>

#include "check.h"

int main(void)
{
    int inited = -1;
    shmem_query_initialized(&inited);
    CHECK(inited == 0, "initialized before shmem_init: %d", inited);

    int provided = -1;
    CHECK(shmem_init_thread(SHMEM_THREAD_MULTIPLE, &provided) == 0, "init_thread failed");
    CHECK(provided == SHMEM_THREAD_MULTIPLE, "provided %d", provided);
    shmem_query_initialized(&inited);
    CHECK(inited != 0, "not initialized after shmem_init");

    int me = shmem_my_pe(), n = shmem_n_pes();
    CHECK(n >= 1 && me >= 0 && me < n, "me %d n %d", me, n);

    int q = -1;
    shmem_query_thread(&q);
    CHECK(q == SHMEM_THREAD_MULTIPLE, "query_thread %d", q);

    int major = 0, minor = -1;
    shmem_info_get_version(&major, &minor);
    CHECK(major == SHMEM_MAJOR_VERSION && minor == SHMEM_MINOR_VERSION, "%d.%d", major, minor);
    char name[SHMEM_MAX_NAME_LEN];
    memset(name, 'x', sizeof name);
    shmem_info_get_name(name);
    CHECK(strcmp(name, SHMEM_VENDOR_STRING) == 0, "name '%.20s'", name);

    /* 1.6: inits nest; only the last finalize ends the runtime. */
    shmem_init();
    CHECK(shmem_my_pe() == me, "my_pe changed");
    shmem_finalize();
    shmem_query_initialized(&inited);
    CHECK(inited != 0, "the inner finalize ended the runtime");

    /* Every PE tells PE 0 its number: the PE numbering is a permutation. */
    int *seen = shmem_calloc((size_t)n, sizeof(int));
    CHECK(seen != NULL, "calloc");
    shmem_int_p(&seen[me], me + 1, 0);
    shmem_barrier_all();
    if (me == 0)
        for (int i = 0; i < n; i++)
            CHECK(seen[i] == i + 1, "PE %d did not report (got %d)", i, seen[i]);
    shmem_free(seen);

    shmem_finalize();
    shmem_query_initialized(&inited);
    CHECK(inited == 0, "still initialized after the last finalize");
    return 0;
}
