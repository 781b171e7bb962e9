/* The profiling interface, as a tool uses it: this program defines some
 * shmem_ routines itself, counting the calls and doing the work through
 * their pshmem_ names (declared by the generated pshmem.h). The
 * application's calls must reach the wrappers, once each; the library's
 * own work must never do so (shmem_realloc calling shmem_malloc, say, would
 * be counted as the application's call); and the library's shmem_X and
 * pshmem_X must be one function. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <string.h>

#include <pshmem.h>

#include "check.h"

enum {
    C_INIT, C_INIT_THREAD, C_MY_PE, C_N_PES, C_MALLOC, C_FREE, C_REALLOC,
    C_ALIGN, C_PTR, C_ADDR_ACC, C_PE_ACC, C_PE_QUIET, C_CTX_PE_QUIET,
    C_PUTMEM, C_QUIET, C_BARRIER_ALL, C_LONG_WAIT_UNTIL, C_PCONTROL, C_N
};
static long calls[C_N];
static int pcontrol_level = 1;
static const char *pcontrol_note;

/* The counts this program expects: one per call it makes itself. */
static long want[C_N];
#define USER(c) (want[c]++)

void shmem_init(void) { calls[C_INIT]++; pshmem_init(); }
int shmem_init_thread(int requested, int *provided)
{
    calls[C_INIT_THREAD]++;
    return pshmem_init_thread(requested, provided);
}
int shmem_my_pe(void) { calls[C_MY_PE]++; return pshmem_my_pe(); }
int shmem_n_pes(void) { calls[C_N_PES]++; return pshmem_n_pes(); }
void *shmem_malloc(size_t size) { calls[C_MALLOC]++; return pshmem_malloc(size); }
void shmem_free(void *p) { calls[C_FREE]++; pshmem_free(p); }
void *shmem_realloc(void *p, size_t size) { calls[C_REALLOC]++; return pshmem_realloc(p, size); }
void *shmem_align(size_t a, size_t size) { calls[C_ALIGN]++; return pshmem_align(a, size); }
void *shmem_ptr(const void *d, int pe) { calls[C_PTR]++; return pshmem_ptr(d, pe); }
int shmem_addr_accessible(const void *a, int pe)
{
    calls[C_ADDR_ACC]++;
    return pshmem_addr_accessible(a, pe);
}
int shmem_pe_accessible(int pe) { calls[C_PE_ACC]++; return pshmem_pe_accessible(pe); }
void shmem_pe_quiet(const int *pes, size_t n) { calls[C_PE_QUIET]++; pshmem_pe_quiet(pes, n); }
void shmem_ctx_pe_quiet(shmem_ctx_t ctx, const int *pes, size_t n)
{
    calls[C_CTX_PE_QUIET]++;
    pshmem_ctx_pe_quiet(ctx, pes, n);
}
void shmem_putmem(void *d, const void *s, size_t n, int pe)
{
    calls[C_PUTMEM]++;
    pshmem_putmem(d, s, n, pe);
}
void shmem_quiet(void) { calls[C_QUIET]++; pshmem_quiet(); }
void shmem_barrier_all(void) { calls[C_BARRIER_ALL]++; pshmem_barrier_all(); }
void shmem_long_wait_until(long *v, int cmp, long value)
{
    calls[C_LONG_WAIT_UNTIL]++;
    pshmem_long_wait_until(v, cmp, value);
}
/* A tool's pcontrol takes its own arguments after the level. */
void shmem_pcontrol(int level, ...)
{
    calls[C_PCONTROL]++;
    pcontrol_level = level;
    va_list ap;
    va_start(ap, level);
    pcontrol_note = level > 2 ? va_arg(ap, const char *) : NULL;
    va_end(ap);
    pshmem_pcontrol(level);
}

static void check_counts(const char *when)
{
    static const char *name[C_N] = {
        "init", "init_thread", "my_pe", "n_pes", "malloc", "free", "realloc",
        "align", "ptr", "addr_accessible", "pe_accessible", "pe_quiet",
        "ctx_pe_quiet", "putmem", "quiet", "barrier_all", "long_wait_until",
        "pcontrol"};
    for (int c = 0; c < C_N; c++)
        CHECK(calls[c] == want[c], "%s: shmem_%s was called %ld times, the program "
              "called it %ld times", when, name[c], calls[c], want[c]);
}

/* The library's own shmem_X (the one after this program in lookup order)
 * and its pshmem_X are one function. */
static void check_same(const char *name)
{
    void *lib = dlsym(RTLD_NEXT, name);
    char pname[64];
    snprintf(pname, sizeof pname, "p%s", name);
    void *plib = dlsym(RTLD_NEXT, pname);
    CHECK(lib && lib == plib, "library %s at %p, %s at %p", name, lib, pname, plib);
    /* This program's own definition is not the library's. */
    CHECK(dlsym(RTLD_DEFAULT, name) != lib, "%s did not resolve to the wrapper", name);
}

int main(void)
{
    shmem_init();
    USER(C_INIT);
    int me = shmem_my_pe(), n = shmem_n_pes();
    USER(C_MY_PE);
    USER(C_N_PES);
    int right = (me + 1) % n, left = (me + n - 1) % n;
    check_counts("after shmem_init");

    CHECK(pcontrol_level == 1, "initial level %d", pcontrol_level);
    shmem_pcontrol(0);
    USER(C_PCONTROL);
    CHECK(pcontrol_level == 0, "level %d after shmem_pcontrol(0)", pcontrol_level);
    shmem_pcontrol(3, "phase two");
    USER(C_PCONTROL);
    CHECK(pcontrol_level == 3 && pcontrol_note && strcmp(pcontrol_note, "phase two") == 0,
          "shmem_pcontrol(3, ...) reached the tool as level %d", pcontrol_level);

    /* Allocation runs barriers and, for realloc, the work of malloc and
     * free; none of it may show as the application's calls. */
    long *a = shmem_malloc(4 * sizeof(long));
    USER(C_MALLOC);
    CHECK(a, "allocation");
    a = shmem_realloc(a, 4096 * sizeof(long));
    USER(C_REALLOC);
    long *b = shmem_realloc(NULL, 8 * sizeof(long));
    USER(C_REALLOC);
    CHECK(a && b, "reallocation");
    CHECK(shmem_realloc(b, 0) == NULL, "realloc to 0");
    USER(C_REALLOC);
    long *c = shmem_align(256, 8 * sizeof(long));
    USER(C_ALIGN);
    /* The deprecated names are served by the same code. */
    long *d = shmalloc(8 * sizeof(long));
    CHECK(c && d, "aligned and deprecated allocation");
    shfree(d);
    CHECK(_my_pe() == me, "_my_pe");
    check_counts("after allocation");

    /* Pointer queries built on each other. */
    CHECK(shmem_ptr(a, me) == a, "shmem_ptr to self");
    USER(C_PTR);
    CHECK(shmem_team_ptr(SHMEM_TEAM_WORLD, a, me) == a, "shmem_team_ptr to self");
    CHECK(shmem_addr_accessible(a, right), "addr_accessible");
    USER(C_ADDR_ACC);
    check_counts("after the pointer queries");

    /* Data moves through the wrappers. */
    a[0] = -1;
    shmem_barrier_all();
    USER(C_BARRIER_ALL);
    long v = 1000 + me;
    shmem_putmem(a, &v, sizeof v, right);
    USER(C_PUTMEM);
    shmem_pe_quiet(&right, 1);
    USER(C_PE_QUIET);
    shmem_barrier_all();
    USER(C_BARRIER_ALL);
    CHECK(a[0] == 1000 + left, "received %ld, want %d", a[0], 1000 + left);
    /* The deprecated untyped form is long's, without the typed name. */
    (shmem_wait_until)(a, SHMEM_CMP_EQ, 1000 + left);
    shmem_quiet();
    USER(C_QUIET);
    check_counts("after the transfers");

    check_same("shmem_putmem");
    check_same("shmem_malloc");
    check_same("shmem_pcontrol");

    shmem_barrier_all();
    USER(C_BARRIER_ALL);
    shmem_free(c);
    shmem_free(a);
    USER(C_FREE);
    USER(C_FREE);
    check_counts("at the end");
    shmem_finalize();
    return 0;
}
