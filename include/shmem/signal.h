#ifndef SHMEM_SIGNAL_H
#define SHMEM_SIGNAL_H

#endif
