shmem_spmd_test(heap_grow ENV SHMEM_SYMMETRIC_SIZE=4M SHMEM_SYMMETRIC_SIZE_MAX=256M)
shmem_spmd_test(heap_align ENV SHMEM_SYMMETRIC_SIZE=4M SHMEM_SYMMETRIC_SIZE_MAX=1G)
# Above the largest alignment: NULL (heap_align) and a warning that says
# what to ask for.
shmem_expect_test(heap_align_too_large PROGRAM heap_align NP 2
  ENV SHMEM_SYMMETRIC_SIZE=4M SHMEM_SYMMETRIC_SIZE_MAX=1G
  EXPECT --status 0 --once "shmem_align: alignment 134217728 is larger than the 67108864 bytes.*ask for 67108864 or less")
