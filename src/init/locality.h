/* Which PEs share this node, learnt through the bootstrap. */
#ifndef SHMEMI_LOCALITY_H
#define SHMEMI_LOCALITY_H

void shmemi_locality_init(void);
void shmemi_locality_fini(void);

#endif
