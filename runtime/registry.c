/* registry.c — the modules of the process: every loaded module (for
 * handle checks and indirect calls across modules), and the descriptors
 * of objects linked into the program, which their constructors register
 * (p2n_abi.h).  Both are the process's by nature: one address space of
 * loaded modules, one set of objects the linker put into the program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* -------------------------------------------------------- loaded modules */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t released = PTHREAD_COND_INITIALIZER; /* a hold ended */
static p2n_module *loaded;

void
rt_registry_add(p2n_module *m)
{
    pthread_mutex_lock(&registry_lock);
    m->next_loaded = loaded;
    loaded = m;
    pthread_mutex_unlock(&registry_lock);
    rt_profile_attach(m->desc);
}

/* Takes m out of the registry, so no new launch can hold it, and waits
 * for the launches that do (queued on streams, or running) to end; false
 * when it was not there (not a module, or one already unloaded). */
bool
rt_registry_remove(p2n_module *m)
{
    bool found = false;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module **pp = &loaded; *pp; pp = &(*pp)->next_loaded)
        if (*pp == m) {
            *pp = m->next_loaded;
            found = true;
            break;
        }
    while (found && m->holds)
        pthread_cond_wait(&released, &registry_lock);
    pthread_mutex_unlock(&registry_lock);
    if (found)
        rt_profile_detach(m->desc);
    return found;
}

/* m is a loaded module: handles are checked against the registry before
 * they are used, so a stale or wild one is an error, not a use after free. */
bool
rt_module_live(const p2n_module *m)
{
    bool found = false;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module *l = loaded; l && !found; l = l->next_loaded)
        found = l == m;
    pthread_mutex_unlock(&registry_lock);
    return found;
}

bool
rt_module_hold(p2n_module *m)
{
    pthread_mutex_lock(&registry_lock);
    p2n_module *l = loaded;
    while (l && l != m)
        l = l->next_loaded;
    if (l) l->holds++;
    pthread_mutex_unlock(&registry_lock);
    return l != NULL;
}

/* A kernel handle lies in the kernels array of a loaded module: compared
 * as addresses, so a stale or wild handle is never read. */
p2n_module *
rt_kernel_hold(const p2n_kernel *kern)
{
    uintptr_t a = (uintptr_t)kern;
    pthread_mutex_lock(&registry_lock);
    p2n_module *m = loaded;
    for (; m; m = m->next_loaded) {
        uintptr_t first = (uintptr_t)m->kernels;
        if (m->kernels && a >= first && a < first + m->desc->nkernels * sizeof *m->kernels &&
            (a - first) % sizeof *m->kernels == 0)
            break;
    }
    if (m) m->holds++;
    pthread_mutex_unlock(&registry_lock);
    return m;
}

void
rt_module_release(p2n_module *m)
{
    pthread_mutex_lock(&registry_lock);
    if (--m->holds == 0) pthread_cond_broadcast(&released);
    pthread_mutex_unlock(&registry_lock);
}

void *
rt_registry_resolve(uint64_t addr, const char *signature)
{
    void *fn = NULL;
    pthread_mutex_lock(&registry_lock);
    for (p2n_module *m = loaded; m && !fn; m = m->next_loaded)
        for (uint32_t i = 0; i < m->desc->nfuncs; i++) {
            const p2n_func_desc *f = &m->desc->funcs[i];
            if ((uint64_t)(uintptr_t)f->fn == addr &&
                (!signature || !*signature || strcmp(signature, f->signature) == 0)) {
                fn = f->fn;
                break;
            }
        }
    pthread_mutex_unlock(&registry_lock);
    return fn;
}


/* -------------------------------------------------------- linked objects */

/* The descriptors of the objects linked into the program, in the order
 * their constructors ran. */
typedef struct linked {
    const p2n_module_desc *desc;
    struct linked *next;
} linked;

static pthread_mutex_t linked_lock = PTHREAD_MUTEX_INITIALIZER;
static linked *linked_list;
static unsigned linked_lost;    /* registrations that found no memory */
static unsigned linked_refused; /* descriptors of another ABI version */

/* Called by an object's constructor, before main or when the library
 * holding the object is loaded: nothing here may need initialisation. */
RT_EXPORT void
P2N_REGISTER_FN(const p2n_module_desc *desc)
{
    bool ours = desc && desc->abi_version == P2N_ABI_VERSION;
    linked *l = ours ? malloc(sizeof *l) : NULL;
    pthread_mutex_lock(&linked_lock);
    if (!ours) {
        linked_refused++;
    } else if (l) {
        linked **pp = &linked_list;
        while (*pp)
            pp = &(*pp)->next;
        *l = (linked){desc, NULL};
        *pp = l;
    } else {
        linked_lost++;
    }
    pthread_mutex_unlock(&linked_lock);
}

/* Called by its destructor, at exit or when the library holding it is
 * unloaded. */
RT_EXPORT void
P2N_UNREGISTER_FN(const p2n_module_desc *desc)
{
    pthread_mutex_lock(&linked_lock);
    for (linked **pp = &linked_list; *pp; pp = &(*pp)->next)
        if ((*pp)->desc == desc) {
            linked *l = *pp;
            *pp = l->next;
            free(l);
            break;
        }
    pthread_mutex_unlock(&linked_lock);
}

p2n_result
rt_linked_find(const char *name, const p2n_module_desc **out)
{
    const p2n_module_desc *found = NULL;
    int n = 0;
    char names[512] = "";
    size_t len = 0;
    pthread_mutex_lock(&linked_lock);
    for (linked *l = linked_list; l; l = l->next) {
        if (strcmp(l->desc->name, name) == 0) {
            found = l->desc;
            n++;
        }
        int w = snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "", l->desc->name);
        if (w > 0 && (size_t)w < sizeof names - len)
            len += (size_t)w;
    }
    unsigned lost = linked_lost, refused = linked_refused;
    pthread_mutex_unlock(&linked_lock);
    if (n > 1)
        return rt_fail(P2N_ERROR_INVALID_MODULE,
                       "%d objects linked into this program are named '%s'", n, name);
    if (!found) {
        char why[160] = "";
        if (refused)
            snprintf(
                why, sizeof why,
                "; %u linked object%s of another ABI version (not %d) refused: translate %s again",
                refused, refused > 1 ? "s" : "", P2N_ABI_VERSION, refused > 1 ? "them" : "it");
        else if (lost)
            snprintf(why, sizeof why,
                     "; %u linked object%s could not be registered (out of memory)", lost,
                     lost > 1 ? "s" : "");
        return rt_fail(P2N_ERROR_NOT_FOUND,
                       "no object named '%s' is linked into this program (linked: %s)%s", name,
                       len ? names : "none", why);
    }
    *out = found;
    return P2N_SUCCESS;
}
