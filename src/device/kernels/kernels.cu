// The library's own kernels: nvcc compiles this translation unit into the
// fatbin that libshmem embeds and loads at first use (cuda_kernels.c looks
// each kernel up by its extern "C" name). The kernels of each purpose are in
// the headers below; they form one translation unit because the module's
// device state (shmemi_dstate, filled by the library through
// cuModuleGetGlobal) must be defined exactly once, and a whole-program
// compile, without relocatable device code, needs no device link step.
#define SHMEMI_DEVICE_MODULE
// A kernel that reaches a PE outside the window records why before it stops:
// the user sees the library's message, not a bare launch failure.
#define SHMEM_DEVICE_DEBUG
#include <shmem.h>

#include "amo.cuh"
#include "team.cuh"
#include "sync.cuh"
#include "reduce.cuh"
#include "reduce_ll.cuh"
#include "reduce_push.cuh"
#include "exchange.cuh"
