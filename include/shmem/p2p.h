#ifndef SHMEM_P2P_H
#define SHMEM_P2P_H

#endif
