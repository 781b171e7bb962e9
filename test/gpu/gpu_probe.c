/* Exit status 0 when a CUDA driver with at least one GPU is present, 77
 * (ctest's skip code) when not: GPU tests run only where they can. */
#include <dlfcn.h>
#include <stdio.h>

int main(void)
{
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) {
        puts("SKIPPED: no CUDA driver on this machine");
        return 77;
    }
    int (*init)(unsigned) = (int (*)(unsigned))dlsym(lib, "cuInit");
    int (*count)(int *) = (int (*)(int *))dlsym(lib, "cuDeviceGetCount");
    int n = 0;
    if (!init || !count || init(0) != 0 || count(&n) != 0 || n == 0) {
        puts("SKIPPED: the CUDA driver sees no GPU");
        return 77;
    }
    printf("%d GPU(s)\n", n);
    return 0;
}
