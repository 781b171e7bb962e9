#ifndef SHMEM_AMO_H
#define SHMEM_AMO_H

#endif
