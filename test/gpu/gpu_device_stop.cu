// A kernel that stops on a call it cannot serve: the library prints why
// (the kernel records it, see shmem/device/core.h; the host prints it, see
// src/cuda/device_report.c), though kernels hold no printf. PE 0's
// kernel, 256 threads compiled with SHMEM_DEVICE_DEBUG, stops; PE 0 then
// leaves as argv[1] says: "exit" (exit(3): the record is printed at exit),
// "global_exit" (shmem_global_exit(4)), or "type" (the kernel moved a long
// double; exit(3)). Run through expect.sh, which checks the status and the
// message.
#define SHMEM_DEVICE_DEBUG
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <shmem.h>

// A PE beyond the job: the kernel cannot reach it by load/store or proxy.
__global__ void put_beyond(int *dest, int pe) { shmem_int_p(dest, 1, pe); }

#pragma nv_diag_suppress 20208 // long double in device code: the point here
__global__ void move_long_double(long double *dest) { shmem_longdouble_p(dest, 1.0L, 0); }

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "exit";
    shmem_init();
    int *x = (int *)shmem_calloc(1, sizeof(int));
    long double *y = (long double *)shmem_calloc(1, sizeof(long double));
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        if (strcmp(mode, "type") == 0)
            move_long_double<<<2, 128>>>(y);
        else
            put_beyond<<<2, 128>>>(x, shmem_n_pes() + 3);
        cudaError_t e = cudaDeviceSynchronize();
        if (e == cudaSuccess) {
            printf("PE 0: FAIL: the kernel did not stop\n");
            shmem_finalize();
            return 0;
        }
        printf("PE 0: the kernel stopped: %s\n", cudaGetErrorString(e));
        fflush(stdout);
        if (strcmp(mode, "global_exit") == 0)
            shmem_global_exit(4);
        exit(3);
    }
    // The other PEs wait in shmem_finalize's barrier until PE 0's exit ends
    // the job.
    shmem_finalize();
    return 0;
}
