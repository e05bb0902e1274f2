// divergence.cu built with -ftz=true: subnormal inputs and results of
// single-precision arithmetic flush to zero.  Reference: divergence_ftz.c.
// nvcc-flags: -ftz=true
#include "divergence.cu"
