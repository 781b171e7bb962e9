/* What loading a CUDA module, and shmem_init, take of GPU 0's memory: the
 * arguments are steps done in order in one process, each printed as
 * "step MiB" (free memory before the step minus after it):
 *   FILE   cuModuleLoad of a cubin or PTX file into GPU 0's primary context
 *          (the context the library uses), then cuModuleGetFunction of "k"
 *   init   shmem_init (which loads the library's own kernels)
 * module_memory.sh runs the kernels of module_memory/ one a process, and
 * with init before and after them: the driver took 64 MiB at loading the
 * library's module and at loading a cubin of four small kernels, and
 * nothing at loading a PTX module of one empty kernel (docs/gpus.md, "The
 * library's own kernels"). Run it as one PE (mpirun -np 1) when a step is
 * init. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#include <shmem.h>

static double free_mib(void)
{
    size_t f = 0, t = 0;
    if (cuMemGetInfo(&f, &t) != CUDA_SUCCESS) {
        fprintf(stderr, "gpu_module_memory: cuMemGetInfo failed\n");
        return -1;
    }
    return (double)f / (1 << 20);
}

int main(int argc, char **argv)
{
    CUdevice dev;
    CUcontext ctx;
    if (argc < 2) {
        fprintf(stderr, "usage: gpu_module_memory {FILE.cubin|FILE.ptx|init}...\n");
        return 2;
    }
    if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
        cuDevicePrimaryCtxRetain(&ctx, dev) != CUDA_SUCCESS ||
        cuCtxSetCurrent(ctx) != CUDA_SUCCESS) {
        fprintf(stderr, "gpu_module_memory: no GPU 0, or its primary context failed\n");
        return 1;
    }
    int inited = 0;
    for (int i = 1; i < argc; i++) {
        double before = free_mib();
        if (strcmp(argv[i], "init") == 0) {
            shmem_init();
            inited = 1;
        } else {
            CUmodule m;
            CUfunction f;
            CUresult r = cuModuleLoad(&m, argv[i]);
            if (r == CUDA_SUCCESS)
                r = cuModuleGetFunction(&f, m, "k");
            if (r != CUDA_SUCCESS) {
                const char *s = "?";
                cuGetErrorString(r, &s);
                fprintf(stderr, "gpu_module_memory: loading %s: %s\n", argv[i], s);
                return 1;
            }
        }
        const char *name = strrchr(argv[i], '/');
        printf("%-16s %6.1f\n", name ? name + 1 : argv[i], before - free_mib());
    }
    if (inited)
        shmem_finalize();
    return 0;
}
