/* The one implementation behind every point-to-point wait and test: a wait
 * set is an array of ivars, an optional status mask that excludes elements,
 * a comparison, and either one comparison value or one per element. The
 * single-variable routines are the set of one element; the typed entry
 * points pass the element type's test function, which these inline
 * functions call directly once inlined. */
#ifndef SHMEMI_WAIT_SET_H
#define SHMEMI_WAIT_SET_H

#include <stddef.h>
#include <stdint.h>

#include <shmem.h>

#include "sync/engine/spin.h"

/* Loads the element at ivar (acquire, so what was stored before the update
 * that satisfies the test is visible after it; on a device heap, by a copy
 * that the copy engine orders after earlier writes), stores the loaded value in
 * *seen unless seen is NULL, and returns whether it satisfies cmp against
 * *value. */
typedef int (*shmemi_wait_test_fn)(const void *ivar, int cmp, const void *value, void *seen);

struct shmemi_wait_set {
    const char *ivars;
    size_t nelems;
    size_t size;         /* bytes of an element */
    const int *status;   /* NULL, or nonzero for excluded elements */
    int cmp;
    const char *values;  /* the comparison value of element 0 */
    size_t value_stride; /* 0: one value for all; size: one per element */
    shmemi_wait_test_fn test;
};

/* Ends the job unless cmp is a SHMEM_CMP_ constant; under SHMEM_DEBUG also
 * checks the arrays. Every entry point calls it first, so a bad argument is
 * reported even when the set is empty. It takes the fields one by one: a
 * set whose address escaped into a call could not be folded into the
 * inlined loops. */
void shmemi_wait_check(const char *call, const void *ivars, size_t nelems, size_t size,
                       int cmp, const void *values, const size_t *indices,
                       int needs_indices);


/* Defines shmemi_wait_test_N for one row of the point-to-point table. */
#define SHMEMI_WAIT_TEST_FN(T, N)                                             \
    static inline int shmemi_wait_test_##N(const void *ivar, int cmp,         \
                                           const void *value, void *seen)     \
    {                                                                         \
        T now;                                                                \
        if (__builtin_expect(shmemi_heap.host_access, 1) ||                   \
            !shmemi_heap_contains(ivar, sizeof(T)))                           \
            now = __atomic_load_n((const T *)ivar, __ATOMIC_ACQUIRE);         \
        else /* GPU memory: the copy engine reads it for the CPU */           \
            shmemi_heap_copy(&now, ivar, sizeof(T));                          \
        if (seen)                                                             \
            *(T *)seen = now;                                                 \
        return SHMEMI_CMP_HOLDS(now, cmp, *(const T *)value);                  \
    }

static inline int shmemi_wait_included(const struct shmemi_wait_set *s, size_t i)
{
    return !s->status || !s->status[i];
}

static inline int shmemi_wait_holds(const struct shmemi_wait_set *s, size_t i, void *seen)
{
    return s->test(s->ivars + i * s->size, s->cmp, s->values + i * s->value_stride, seen);
}

static inline int shmemi_wait_empty(const struct shmemi_wait_set *s)
{
    for (size_t i = 0; i < s->nelems; i++)
        if (shmemi_wait_included(s, i))
            return 0;
    return 1;
}

/* 1 when every element of the set satisfies the test (an empty set does). */
static inline int shmemi_wait_test_all(const struct shmemi_wait_set *s)
{
    for (size_t i = 0; i < s->nelems; i++)
        if (shmemi_wait_included(s, i) && !shmemi_wait_holds(s, i, NULL))
            return 0;
    return 1;
}

/* Waits for each element in turn; seen (if not NULL) receives the value
 * that satisfied the last one. */
static inline void shmemi_wait_all(const struct shmemi_wait_set *s, void *seen)
{
    for (size_t i = 0; i < s->nelems; i++) {
        if (!shmemi_wait_included(s, i))
            continue;
        size_t polls = 0;
        while (!shmemi_wait_holds(s, i, seen))
            shmemi_spin_step(&polls);
    }
}

/* The first element from *next on, cyclically, that satisfies the test, or
 * SIZE_MAX. *next moves past the element found, so repeated calls return
 * every satisfied element in turn instead of always the lowest. */
static inline size_t shmemi_wait_find_any(const struct shmemi_wait_set *s, size_t *next)
{
    size_t n = s->nelems, start = *next < n ? *next : 0;
    for (size_t k = 0; k < n; k++) {
        size_t i = start + k < n ? start + k : start + k - n;
        if (shmemi_wait_included(s, i) && shmemi_wait_holds(s, i, NULL)) {
            *next = i + 1;
            return i;
        }
    }
    return SIZE_MAX;
}

static inline size_t shmemi_wait_any(const struct shmemi_wait_set *s, size_t *next)
{
    if (shmemi_wait_empty(s))
        return SIZE_MAX;
    size_t polls = 0, i;
    while ((i = shmemi_wait_find_any(s, next)) == SIZE_MAX)
        shmemi_spin_step(&polls);
    return i;
}

/* Writes the indices of the elements that satisfy the test, in increasing
 * order, and returns how many there are. */
static inline size_t shmemi_wait_find_some(const struct shmemi_wait_set *s, size_t *indices)
{
    size_t count = 0;
    for (size_t i = 0; i < s->nelems; i++)
        if (shmemi_wait_included(s, i) && shmemi_wait_holds(s, i, NULL))
            indices[count++] = i;
    return count;
}

static inline size_t shmemi_wait_some(const struct shmemi_wait_set *s, size_t *indices)
{
    if (shmemi_wait_empty(s))
        return 0;
    size_t polls = 0, count;
    while ((count = shmemi_wait_find_some(s, indices)) == 0)
        shmemi_spin_step(&polls);
    return count;
}

#endif
