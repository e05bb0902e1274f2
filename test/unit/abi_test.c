/* abi_test.c — the LLVM mirror of p2n_warp (lowering/abi.c) has the C
 * layout of runtime/p2n_abi.h, field for field. */
#include <stddef.h>
#include <stdio.h>

#include "emit.h"
#include "p2n_abi.h"

int
main(void)
{
    static const struct {
        const char *name;
        int field;
        size_t offset;
    } fields[] = {
        {"params", W_PARAMS, offsetof(p2n_warp, params)},
        {"shared", W_SHARED, offsetof(p2n_warp, shared)},
        {"local", W_LOCAL, offsetof(p2n_warp, local)},
        {"local_stride", W_LOCAL_STRIDE, offsetof(p2n_warp, local_stride)},
        {"rt", W_RT, offsetof(p2n_warp, rt)},
        {"sched", W_SCHED, offsetof(p2n_warp, sched)},
        {"tid", W_TID, offsetof(p2n_warp, tid)},
        {"ntid", W_NTID, offsetof(p2n_warp, ntid)},
        {"ctaid", W_CTAID, offsetof(p2n_warp, ctaid)},
        {"nctaid", W_NCTAID, offsetof(p2n_warp, nctaid)},
        {"warpid", W_WARPID, offsetof(p2n_warp, warpid)},
        {"nwarpid", W_NWARPID, offsetof(p2n_warp, nwarpid)},
        {"mask", W_MASK, offsetof(p2n_warp, mask)},
        {"dynamic_smem", W_DYNAMIC_SMEM, offsetof(p2n_warp, dynamic_smem)},
        {"total_smem", W_TOTAL_SMEM, offsetof(p2n_warp, total_smem)},
        {"smid", W_SMID, offsetof(p2n_warp, smid)},
        {"nsmid", W_NSMID, offsetof(p2n_warp, nsmid)},
        {"gridid", W_GRIDID, offsetof(p2n_warp, gridid)},
        {"exited", W_EXITED, offsetof(p2n_warp, exited)},
        {"error", W_ERROR, offsetof(p2n_warp, error)},
        {"param_bytes", W_PARAM_BYTES, offsetof(p2n_warp, param_bytes)},
        {"stack_top", W_STACK_TOP, offsetof(p2n_warp, stack_top)},
        {"grid_workspace", W_GRID_WORKSPACE, offsetof(p2n_warp, grid_workspace)},
        {"stop", W_STOP, offsetof(p2n_warp, stop)},
    };
    LowerOptions o = {.opt_level = 2};
    Arena arena = {0}; /* target_init keeps the CPU features in it */
    Emit e = {.o = &o, .arena = &arena};
    e.ctx = LLVMContextCreate();
    e.mod = LLVMModuleCreateWithNameInContext("abi", e.ctx);
    abi_types(&e);
    if (!target_init(&e)) {
        puts("FAIL unit/abi/target: no native target");
        return 1;
    }
    int bad = 0;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        unsigned long long got = LLVMOffsetOfElement(e.td, e.t_warp, (unsigned)fields[i].field);
        if (got == fields[i].offset) {
            printf("PASS unit/abi/warp.%s\n", fields[i].name);
        } else {
            printf("FAIL unit/abi/warp.%s: LLVM offset %llu, C offset %zu\n", fields[i].name, got,
                   fields[i].offset);
            bad = 1;
        }
    }
    unsigned long long size = LLVMABISizeOfType(e.td, e.t_warp);
    if (size == sizeof(p2n_warp)) {
        puts("PASS unit/abi/warp.size");
    } else {
        printf("FAIL unit/abi/warp.size: LLVM %llu, C %zu\n", size, sizeof(p2n_warp));
        bad = 1;
    }
    /* the services table: entry S_x is the x-th pointer */
    static const struct {
        const char *name;
        int index;
        size_t offset;
    } svc[] = {
        {"resolve", S_RESOLVE, offsetof(p2n_services, resolve)},
        {"texture", S_TEXTURE, offsetof(p2n_services, texture)},
        {"size", S_NFIELDS, sizeof(p2n_services)},
    };
    for (size_t i = 0; i < sizeof svc / sizeof svc[0]; i++) {
        if ((size_t)svc[i].index * sizeof(void *) == svc[i].offset) {
            printf("PASS unit/abi/services.%s\n", svc[i].name);
        } else {
            printf("FAIL unit/abi/services.%s: index %d, C offset %zu\n", svc[i].name, svc[i].index, svc[i].offset);
            bad = 1;
        }
    }
    target_dispose(&e);
    LLVMDisposeModule(e.mod);
    LLVMContextDispose(e.ctx);
    arena_free(&arena);
    return bad;
}
