/* atom_half90.c — reference for atom_half90.cu: atom_half.c with the
 * sm_90 checks (bf16 atom, vector atom). */
#define SM90 1
#include "atom_half.c"
