/* divergence_ftz.c — divergence.c for the -ftz=true build. */
#define FTZ 1
#define NAME "divergence_ftz"
#include "divergence.c"
