/* Host AMOs on a device heap: the CPU cannot operate on GPU memory
 * atomically, so a one-thread kernel on this PE's GPU does it (with
 * system-scope atomics on the peer's address, src/device/kernels/amo.cuh)
 * and leaves the old value in pinned host memory. It runs on the library's
 * own non-blocking stream, so that it neither waits for nor is held back
 * by the user's kernels, and the host waits for that stream only. One AMO
 * at a time: threads share the stream and the result word. */
#include <pthread.h>

#include <shmem/internal/device_state.h>

#include "init/error.h"
#include "cuda_amo.h"
#include "cuda/cuda_device.h"
#include "device/cuda_kernels.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long *result; /* pinned: the kernel writes it, the host reads it */

uint64_t shmemi_device_amo(const char *call, enum shmemi_amo_op op, void *word, size_t size,
                           uint64_t value, uint64_t cond)
{
    pthread_mutex_lock(&lock);
    shmemi_gpu_bind_thread(call);
    CUstream s = shmemi_kernels_stream(call);
    int kop = (int)op, ksize = (int)size;
    unsigned long long kvalue = value, kcond = cond, *kresult = result;
    void *args[] = {&kop, &ksize, &word, &kvalue, &kcond, &kresult};
    shmemi_kernel_launch(call, SHMEMI_KERNEL_AMO, 1, 1, s, args);
    SHMEMI_CU(call, cuStreamSynchronize(s),
              "the AMO's kernel failed: the GPU reported an error (perhaps "
              "from an earlier kernel of this process)");
    uint64_t old = *(volatile unsigned long long *)result;
    pthread_mutex_unlock(&lock);
    return old;
}

/* The result word is made at shmem_init, as the kernels' module is (see
 * cuda_kernels.c): an AMO may come while a user's kernel runs and waits for
 * it. It goes when the runtime ends (the state published then is not
 * ready), while this PE's context still exists. */
static void update(const struct shmemi_device_state *s)
{
    pthread_mutex_lock(&lock);
    if (s->ready && !result) {
        shmemi_gpu_bind_thread("shmem_init");
        SHMEMI_CU("shmem_init", cuMemAllocHost((void **)&result, sizeof *result),
                  "the host is out of pinned memory for the AMO's result");
    } else if (!s->ready && result) {
        shmemi_gpu_bind_thread("shmem_finalize");
        SHMEMI_CU("shmem_finalize", cuMemFreeHost(result), NULL);
        result = NULL;
    }
    pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void register_amo(void)
{
    shmemi_device_register_abi(SHMEMI_DEVICE_ABI_VERSION, sizeof(struct shmemi_device_state),
                               update);
}
