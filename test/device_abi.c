/* The device ABI check without a GPU: this translation unit registers as
 * the device code of a CUDA translation unit does (shmem/device/core.h),
 * with the version and state size it was compiled with, or with one of
 * them wrong, as a program built against other headers would; the library
 * must refuse the wrong ones before main, naming both versions.
 *   device_abi match|version|size */
#include <stdio.h>
#include <string.h>

#include <shmem.h>
#include <shmem/internal/device_state.h>

static void update(const struct shmemi_device_state *s) { (void)s; }

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "match";
    unsigned version = SHMEMI_DEVICE_ABI_VERSION;
    size_t bytes = sizeof(struct shmemi_device_state);
    if (strcmp(mode, "version") == 0)
        version++;
    else if (strcmp(mode, "size") == 0)
        bytes += 8;
    shmemi_device_register_abi(version, bytes, update);
    shmem_init();
    shmem_finalize();
    printf("device_abi %s: registered\n", mode);
    return 0;
}
