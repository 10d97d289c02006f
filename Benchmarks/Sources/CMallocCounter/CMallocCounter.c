/*
 * Replaces glibc's allocation entry points by counting wrappers. The executable's definitions
 * of malloc & co. take precedence over libc's for every shared library of the process (ELF
 * symbol interposition), and each wrapper forwards to the glibc implementation that glibc
 * exports under a second name (__libc_malloc, ...), so there is no dlsym and no recursion.
 */
#include "CMallocCounter.h"

#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

/* Process-wide total; relaxed ordering: only the count matters, not what it orders. */
static _Atomic uint64_t total_count;
/* Per-thread count; initial-exec TLS needs no allocation to reach (this object lives in the
 * executable). */
static __thread uint64_t thread_count __attribute__((tls_model("initial-exec")));

static inline void count_one(void) {
    atomic_fetch_add_explicit(&total_count, 1, memory_order_relaxed);
    thread_count += 1;
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count_one();
    /* POSIX: a power of two that is a multiple of sizeof(void *). */
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *valloc(size_t size) {
    count_one();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count_one();
    return __libc_pvalloc(size);
}

uint64_t cmalloccounter_count(void) {
    return atomic_load_explicit(&total_count, memory_order_relaxed);
}

uint64_t cmalloccounter_thread_count(void) { return thread_count; }

void cmalloccounter_trim(void) { malloc_trim(0); }

uint64_t cmalloccounter_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}

int cmalloccounter_is_active(void) {
    /* strdup allocates inside libc: the count moves only if libc's calls reach the wrappers.
     * Called through volatile pointers, so the compiler cannot see (and elide) the pair. */
    char *(*volatile duplicate)(const char *) = strdup;
    void (*volatile release)(void *) = free;
    uint64_t before = thread_count;
    release(duplicate("x"));
    return thread_count != before;
}
