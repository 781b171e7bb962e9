/* The executable's writable data as symmetric memory (statics.h says how).
 *
 * The program's own memory is only ever copied by system calls (pwrite,
 * pread): a program built with AddressSanitizer keeps redzones between its
 * globals, and a memcpy over them, which the sanitizer intercepts in every
 * library, would be reported as an overflow. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "init/config.h"
#include "init/error.h"
#include "transport/transport.h"
#include "heap.h"
#include "statics.h"

struct shmemi_statics shmemi_statics = {.fd = -1};

/* What every PE tells the others about its executable. */
struct card {
    uint64_t size;
    uint64_t id; /* build ID, else the load segments' headers, hashed */
    char exe[48];
};
static struct card *cards; /* [n_pes], while the runtime is up */
static uint64_t my_id;

static size_t page;

static uintptr_t page_down(uintptr_t a) { return a & ~(uintptr_t)(page - 1); }
static uintptr_t page_up(uintptr_t a) { return page_down(a + page - 1); }

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ ((const unsigned char *)p)[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* What the executable's program headers say. */
struct layout {
    uintptr_t start, end; /* the writable pages, less RELRO */
    uintptr_t file_end;   /* pages below it hold the file's bytes until touched */
    uint64_t id;
    int pieces;           /* separate writable ranges */
};

static uint64_t build_id(const struct dl_phdr_info *info, const ElfW(Phdr) *ph)
{
    const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr), *end = p + ph->p_memsz;
    while (p + sizeof(ElfW(Nhdr)) <= end) {
        const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)p;
        const char *desc = p + sizeof *n + ((n->n_namesz + 3) & ~3u);
        if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(p + sizeof *n, "GNU", 4))
            return fnv(UINT64_C(0xcbf29ce484222325), desc, n->n_descsz);
        p = desc + ((n->n_descsz + 3) & ~3u);
    }
    return 0;
}

/* The first object dl_iterate_phdr visits is the executable. */
static int read_layout(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)size;
    struct layout *l = arg;
    uintptr_t relro_end = 0;
    uint64_t phdr_hash = UINT64_C(0xcbf29ce484222325);
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_GNU_RELRO)
            relro_end = page_down(info->dlpi_addr + ph->p_vaddr + ph->p_memsz);
        if (ph->p_type == PT_NOTE && !l->id)
            l->id = build_id(info, ph);
        if (ph->p_type == PT_LOAD) {
            uint64_t h[4] = {ph->p_vaddr, ph->p_memsz, ph->p_filesz, ph->p_flags};
            phdr_hash = fnv(phdr_hash, h, sizeof h);
        }
    }
    if (!l->id)
        l->id = phdr_hash;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_W))
            continue;
        uintptr_t start = page_down(info->dlpi_addr + ph->p_vaddr);
        uintptr_t end = page_up(info->dlpi_addr + ph->p_vaddr + ph->p_memsz);
        /* ld.so makes the RELRO pages read-only after relocation; a page
         * that RELRO ends inside stays writable. */
        if (relro_end > start)
            start = relro_end < end ? relro_end : end;
        if (start == end)
            continue;
        if (l->pieces && start == l->end) {
            l->end = end;
        } else {
            l->pieces++;
            l->start = start;
            l->end = end;
        }
        l->file_end = page_up(info->dlpi_addr + ph->p_vaddr + ph->p_filesz);
    }
    return 1;
}

/* Whether each page of [start, end) may hold something other than zeros:
 * a page the process touched (present or swapped out, from
 * /proc/self/pagemap) or one of the file's. need[] gets 1 or 0 per page;
 * every page where pagemap cannot be read. */
static void pages_in_use(const struct layout *l, unsigned char *need, size_t n)
{
    memset(need, 1, n);
    int pm = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (pm < 0)
        return;
    uint64_t e[512];
    for (size_t i = 0; i < n;) {
        size_t k = n - i < 512 ? n - i : 512;
        off_t at = (off_t)((l->start / page + i) * sizeof(uint64_t));
        if (pread(pm, e, k * sizeof *e, at) != (ssize_t)(k * sizeof *e)) {
            memset(need, 1, n);
            break;
        }
        for (size_t j = 0; j < k; j++) {
            uintptr_t a = l->start + (i + j) * page;
            need[i + j] = a < l->file_end || (e[j] >> 62) != 0; /* bits 63, 62 */
        }
        i += k;
    }
    close(pm);
}

/* Copies bytes from memory at src to fd at off, or from fd to memory (get). */
static int fd_io(int get, int fd, char *mem, size_t bytes, off_t off)
{
    while (bytes) {
        long r = syscall(get ? SYS_pread64 : SYS_pwrite64, fd, mem, bytes, off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        mem += r, off += r, bytes -= (size_t)r;
    }
    return 0;
}

/* Calls copy(a, b) for each range of fd that holds data (holes are zeros):
 * 0, or -1 when a copy failed. Where the file system cannot say, one range. */
static int each_data_range(int fd, size_t size, int (*copy)(size_t, size_t, void *), void *arg)
{
    for (off_t at = 0; (size_t)at < size;) {
        off_t d = lseek(fd, at, SEEK_DATA);
        if (d < 0)
            return errno == ENXIO ? 0 : copy((size_t)at, size, arg);
        off_t h = lseek(fd, d, SEEK_HOLE);
        if (h < 0 || (size_t)h > size)
            h = (off_t)size;
        if (copy((size_t)d, (size_t)h, arg) != 0)
            return -1;
        at = h;
    }
    return 0;
}

/* ---- fork: a child gets the globals as they were, in private pages ---- */

static int fork_snapshot = -1;

static int snapshot_range(size_t a, size_t b, void *arg)
{
    return fd_io(0, *(int *)arg, shmemi_statics.base + a, b - a, (off_t)a);
}

static void fork_prepare(void)
{
    if (shmemi_statics.fd < 0)
        return;
    int snap = memfd_create("shmem-statics-fork", MFD_CLOEXEC);
    if (snap >= 0 && (ftruncate(snap, (off_t)shmemi_statics.size) != 0 ||
                      each_data_range(shmemi_statics.fd, shmemi_statics.size, snapshot_range,
                                      &snap) != 0)) {
        close(snap);
        snap = -1;
    }
    fork_snapshot = snap;
}

static void fork_parent(void)
{
    if (fork_snapshot >= 0)
        close(fork_snapshot);
    fork_snapshot = -1;
}

static int restore_range(size_t a, size_t b, void *arg)
{
    (void)arg;
    return fd_io(1, shmemi_statics.fd, shmemi_statics.base + a, b - a, (off_t)a);
}

/* The child's pages must stop being the parent's: a write to a global
 * would change the parent's. Without a snapshot (no memory for it) it
 * copies the parent's pages as they are now. */
static void fork_child(void)
{
    struct shmemi_statics *s = &shmemi_statics;
    if (s->fd < 0)
        return;
    int ok;
    if (fork_snapshot >= 0)
        ok = mmap(s->base, s->size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED,
                  fork_snapshot, 0) != MAP_FAILED;
    else
        ok = mmap(s->base, s->size, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0) != MAP_FAILED &&
             each_data_range(s->fd, s->size, restore_range, NULL) == 0;
    if (!ok) {
        static const char msg[] = "[shmem] fork: the child cannot get private copies of "
                                  "the program's global variables; it ends here so that "
                                  "it does not write into the parent's\n";
        ssize_t w = write(2, msg, sizeof msg - 1);
        (void)w;
        _exit(127);
    }
    if (fork_snapshot >= 0)
        close(fork_snapshot);
    fork_snapshot = -1;
    if (s->window)
        munmap(s->window, s->window_bytes);
    close(s->fd);
    *s = (struct shmemi_statics){.fd = -1};
}

/* ---- capture ---- */

void shmemi_statics_capture(void)
{
    static int atfork;
    if (shmemi_statics.fd >= 0 || !shmemi_config.symmetric_statics)
        return;
    page = (size_t)sysconf(_SC_PAGESIZE);
    struct layout l = {0};
    dl_iterate_phdr(read_layout, &l);
    if (l.pieces == 0)
        return;
    if (l.pieces > 1)
        shmemi_fatal("shmem_init", "the executable has %d separate ranges of writable "
                     "data, and this runtime makes one of them symmetric; link it with "
                     "the usual layout (GNU ld, gold or lld defaults) or set "
                     "SHMEM_SYMMETRIC_STATICS=0 (globals are then not symmetric)",
                     l.pieces);
    size_t size = l.end - l.start, n = size / page;
    int fd = shmemi_memfd_create("shmem-statics", size);
    shmemi_statics.fd = fd;
    unsigned char *need = malloc(n);
    if (!need)
        shmemi_fatal("shmem_init", "out of memory for the map of the global variables' pages");
    pages_in_use(&l, need, n);
    /* Untouched pages of .bss stay holes of the memfd: a large zeroed
     * array costs no memory until it is used. */
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && need[j] == need[i])
            j++;
        if (need[i] && fd_io(0, fd, (char *)l.start + i * page, (j - i) * page,
                             (off_t)(i * page)) != 0)
            shmemi_fatal("shmem_init", "cannot copy the global variables into shared "
                         "memory: %s", strerror(errno));
        i = j;
    }
    free(need);
    if (mmap((void *)l.start, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0) ==
        MAP_FAILED)
        shmemi_fatal("shmem_init", "cannot map the global variables onto shared memory: "
                     "%s", strerror(errno));
    shmemi_statics.base = (char *)l.start;
    shmemi_statics.size = size;
    if (!atfork && pthread_atfork(fork_prepare, fork_parent, fork_child) != 0)
        shmemi_fatal("shmem_init", "pthread_atfork failed: a forked child would share "
                     "the global variables with this PE");
    atfork = 1;
    my_id = l.id;
}

/* ---- sharing ---- */

static void exe_name(char *out, size_t len)
{
    char path[4096];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
    path[n > 0 ? n : 0] = '\0';
    snprintf(out, len, "%s", n > 0 ? basename(path) : "(unknown)");
}

void shmemi_statics_share(void)
{
    struct shmemi_statics *s = &shmemi_statics;
    int n = shmemi_state.n_pes, nl = shmemi_state.n_local, me = shmemi_state.my_local;
    if (!shmemi_config.symmetric_statics)
        return;
    struct card mine = {.size = s->size, .id = my_id};
    exe_name(mine.exe, sizeof mine.exe);
    cards = calloc((size_t)n, sizeof *cards);
    s->same = calloc((size_t)n, 1);
    if (!cards || !s->same)
        shmemi_fatal("shmem_init", "out of memory for the PEs' executable layouts");
    if (shmemi_state.boot.allgather(&mine, cards, sizeof mine) != 0)
        shmemi_fatal("shmem_init", "the bootstrap allgather of the executables' layouts failed");
    for (int pe = 0; pe < n; pe++)
        s->same[pe] = cards[pe].size == mine.size && cards[pe].id == mine.id;

    size_t stride = 0;
    for (int i = 0; i < nl; i++)
        if (cards[shmemi_state.local_pes[i]].size > stride)
            stride = cards[shmemi_state.local_pes[i]].size;
    if (nl > 1 && stride) {
        s->stride = stride;
        s->window_bytes = stride * (size_t)nl;
        s->window = mmap(NULL, s->window_bytes, PROT_NONE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (s->window == MAP_FAILED)
            shmemi_fatal("shmem_init", "cannot reserve %zu bytes of address space for the "
                         "node peers' global variables: %s", s->window_bytes,
                         strerror(errno));
        int *fds = malloc(sizeof(int) * (size_t)nl);
        if (!fds)
            shmemi_fatal("shmem_init", "out of memory for the global variables' handles");
        shmemi_links_exchange_fd("shmem_init", s->fd, fds);
        for (int i = 0; i < nl; i++) {
            if (i == me || fds[i] < 0)
                continue;
            size_t bytes = cards[shmemi_state.local_pes[i]].size;
            if (bytes && mmap(s->window + (size_t)i * stride, bytes, PROT_READ | PROT_WRITE,
                              MAP_SHARED | MAP_FIXED, fds[i], 0) == MAP_FAILED)
                shmemi_fatal("shmem_init", "cannot map PE %d's global variables: %s",
                             shmemi_state.local_pes[i], strerror(errno));
            close(fds[i]);
        }
        free(fds);
    }
    if (shmemi_remote)
        shmemi_remote->expose("shmem_init", SHMEMI_SEG_STATIC, s->base, s->size);
}

void shmemi_statics_release(void)
{
    struct shmemi_statics *s = &shmemi_statics;
    if (s->window)
        munmap(s->window, s->window_bytes);
    s->window = NULL;
    s->window_bytes = 0;
    s->stride = 0;
    free(s->same);
    s->same = NULL;
    free(cards);
    cards = NULL;
}

_Noreturn void shmemi_statics_fail(const char *call, const void *sym, size_t len, int pe)
{
    const struct shmemi_statics *s = &shmemi_statics;
    const struct card *me = &cards[shmemi_state.my_pe], *them = &cards[pe];
    if (!s->same[pe])
        shmemi_fatal(call, "%p is a global or static variable of this PE's executable "
                     "(%s, %llu bytes of writable data), but PE %d runs %s (%llu bytes%s): "
                     "the same address names different variables there. Globals are "
                     "symmetric only between PEs that run one executable; use "
                     "shmem_malloc memory between different programs",
                     sym, me->exe, (unsigned long long)me->size, pe, them->exe,
                     (unsigned long long)them->size,
                     them->size == me->size ? ", another build" : "");
    shmemi_fatal(call, "%zu bytes at %p run past the end of the program's global and "
                 "static data (%p + %zu); check the length", len, sym, (void *)s->base,
                 s->size);
}
