#ifndef SHMEM_LOCK_H
#define SHMEM_LOCK_H

#endif
