// A pointer parameter, unused.
extern "C" __global__ void k(int *p) { (void)p; }
