// atom_half.cu for sm_90: atom.add.noftz.bf16/bf16x2 and vector atom.
// nvcc-flags: -arch=sm_90
#include "atom_half.cu"
