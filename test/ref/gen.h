/* gen.h — the random PTX program generator of the differential tester.
 *
 * gen_program writes one self-contained program: a kernel named "k<id>"
 * and the .func it calls (named "k<id>_f..."), no module header, so several
 * programs concatenate into one module (one translation for many programs).
 * The same seed gives the same text.
 *
 * Every kernel has the signature
 *     .entry k<id>(.param .u64 in, .param .u64 out)
 * and is launched with GEN_GRID CTAs of GEN_BLOCK threads (whole warps).
 * Thread g (= ctaid.x * GEN_BLOCK + tid.x) reads GEN_IN words at
 * in + g * GEN_IN * 4 and writes GEN_OUT words at out + g * GEN_OUT * 4
 * (words a thread does not write keep the harness's fill).
 */
#ifndef GEN_H
#define GEN_H

#include <stdint.h>
#include <stdio.h>

#define GEN_GRID 2
#define GEN_BLOCK 64
#define GEN_THREADS (GEN_GRID * GEN_BLOCK)
#define GEN_IN 8
#define GEN_OUT 24

/* The module header every generated module starts with. */
#define GEN_HEADER ".version 7.8\n.target sm_80\n.address_size 64\n\n"

void gen_program(FILE *out, uint64_t seed, int id);
extern int gen_no_brx; /* set: no brx.idx */

#endif
