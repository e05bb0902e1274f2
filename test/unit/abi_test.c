/* abi_test.c — the LLVM p2n_warp that lowering/codegen/abi.c builds from
 * runtime/p2n_abi.def has the C layout of runtime/p2n_abi.h, field for
 * field, and the emitters' service indices are the C table's. */
#include <stddef.h>
#include <stdio.h>

#include "emit.h"
#include "p2n_abi.h"

int
main(void)
{
    /* every field of runtime/p2n_abi.def */
    static const struct {
        const char *name;
        int field;
        size_t offset;
    } fields[] = {
#define P2N_WARP(tag, name, ctype, kind) {#name, W_##tag, offsetof(p2n_warp, name)},
#include "p2n_abi.def"
    };
    LowerOptions o = {.opt_level = 2};
    Arena arena = {0};
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
#define P2N_SERVICE(tag, name, ret, params) {#name, S_##tag, offsetof(p2n_services, name)},
#include "p2n_abi.def"
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
