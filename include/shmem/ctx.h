#ifndef SHMEM_CTX_H
#define SHMEM_CTX_H

#endif
