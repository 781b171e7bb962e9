// No parameters and no instructions but the return.
extern "C" __global__ void k(void) {}
